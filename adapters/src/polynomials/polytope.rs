//! Newton polytopes in-process: the support, the Newton polygon of a polynomial in two variables
//! (vertices, edges with their edge polynomials, area, lattice points), weighted degrees and
//! initial forms for a weight vector, and the p-adic Newton polygon of a univariate polynomial.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::{Coefficient, PolyValue, Ring, rational_text};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::native::scalar;
use super::{Poly, Rat, q, read, ring};
use crate::cas::{self, Answer, Query};

fn unsupported(d: Diagnostic) -> AdapterError {
    AdapterError::Unsupported(d.message)
}

/// Input of `polynomial.compute.newton_polytope`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PolytopeInput {
    /// Variable names.
    pub variables: Vec<String>,
    /// `Z`, `Q` (default) or `F_p`.
    #[serde(default = "q")]
    pub domain: String,
    /// The polynomial (not zero; at most 5,000 terms).
    pub polynomial: PolyValue,
    /// A weight vector w: the w-degrees and the initial form in_w(f) (the terms of largest w·e).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weight: Option<Vec<Coefficient>>,
    /// One variable over Z or Q: the Newton polygon of f at this prime (lower hull of (i, v_p(aᵢ))).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prime: Option<u64>,
}

/// An edge of a Newton polygon.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Edge {
    /// From this vertex.
    pub from: Vec<i64>,
    /// To this vertex (counterclockwise).
    pub to: Vec<i64>,
    /// The number of lattice segments on it (the gcd of the edge vector).
    pub lattice_length: u64,
    /// The edge polynomial: the terms of f on the edge.
    pub edge_polynomial: String,
}

/// A segment of a p-adic Newton polygon.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Slope {
    /// The slope (v_p of the roots of that segment is minus it).
    pub slope: String,
    /// The horizontal length: how many roots (in an algebraic closure of Q_p) have valuation −slope.
    pub length: u64,
}

/// Output of `polynomial.compute.newton_polytope`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PolytopeOutput {
    /// The exponent vectors of the terms, sorted.
    pub support: Vec<Vec<u32>>,
    /// One or two variables: the vertices of the Newton polytope (counterclockwise for a polygon).
    pub vertices: Option<Vec<Vec<i64>>>,
    /// Two variables: the edges.
    pub edges: Option<Vec<Edge>>,
    /// Two variables: the area of the Newton polygon.
    pub area: Option<String>,
    /// Two variables: lattice points on the boundary and inside (Pick's theorem).
    pub lattice_points: Option<[u64; 2]>,
    /// With a weight: [min, max] of w·e over the support.
    pub weighted_degrees: Option<[String; 2]>,
    /// With a weight: in_w(f), the terms of largest w-degree.
    pub initial_form: Option<String>,
    /// With a prime: the p-adic Newton polygon's segments, by increasing slope.
    pub p_adic_slopes: Option<Vec<Slope>>,
}

/// `polynomial.compute.newton_polytope`.
pub struct NewtonPolytope;

type Parsed = (Ring, Poly, Option<Vec<Rat>>, Option<u64>);

fn polytope_input(i: &PolytopeInput) -> Result<Parsed, Diagnostic> {
    let r = ring(&i.variables, &i.domain)?;
    let f = read(&r, &i.polynomial, "/polynomial")?;
    if f.is_zero() {
        return Err(Diagnostic::at("/polynomial", "ZERO", "not the zero polynomial"));
    }
    let weight = match &i.weight {
        Some(w) if w.len() != r.n() => return Err(Diagnostic::at("/weight", "BAD_LENGTH", "one weight per variable")),
        Some(w) => Some(
            w.iter()
                .enumerate()
                .map(|(k, c)| scalar(&ring(&i.variables, "Q")?, c, &format!("/weight/{k}")))
                .collect::<Result<Vec<_>, _>>()?,
        ),
        None => None,
    };
    if let Some(p) = i.prime
        && (r.n() != 1
            || r.domain.characteristic() != 0
            || jacobian_runtime::objects::polynomial::Domain::parse(&format!("F_{p}")).is_err())
    {
        return Err(Diagnostic::at("/prime", "BAD_PRIME", "a prime, for one variable over Z or Q"));
    }
    Ok((r, f, weight, i.prime))
}

fn cross(o: &[i64], a: &[i64], b: &[i64]) -> i64 {
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
}

/// The convex hull, counterclockwise, without collinear points (Andrew's monotone chain).
fn hull(mut pts: Vec<Vec<i64>>) -> Vec<Vec<i64>> {
    pts.sort();
    pts.dedup();
    if pts.len() < 3 {
        return pts;
    }
    let mut lower: Vec<Vec<i64>> = vec![];
    for p in &pts {
        while lower.len() >= 2 && cross(&lower[lower.len() - 2], &lower[lower.len() - 1], p) <= 0 {
            lower.pop();
        }
        lower.push(p.clone());
    }
    let mut upper: Vec<Vec<i64>> = vec![];
    for p in pts.iter().rev() {
        while upper.len() >= 2 && cross(&upper[upper.len() - 2], &upper[upper.len() - 1], p) <= 0 {
            upper.pop();
        }
        upper.push(p.clone());
    }
    lower.pop();
    upper.pop();
    lower.extend(upper);
    lower
}

fn valuation(c: &Rat, p: u64) -> i64 {
    let p = BigInt::from(p);
    let count = |n: &BigInt| {
        let (mut n, mut k) = (n.abs(), 0i64);
        while n.is_multiple_of(&p) {
            n /= &p;
            k += 1;
        }
        k
    };
    count(c.numer()) - count(c.denom())
}

impl Query for NewtonPolytope {
    type Input = PolytopeInput;
    type Output = PolytopeOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "polynomial.compute.newton_polytope",
            "Newton polytope, Newton polygon, initial forms and p-adic Newton polygon of a polynomial",
            "The Newton polytope of a polynomial: its support, the vertices, edges, edge polynomials, area and \
             lattice points of a Newton polygon, weighted degrees and initial forms, p-adic Newton polygons.",
            "Computes the support of f and, in two variables, the convex hull of its exponents (vertices \
             counterclockwise, edges with lattice lengths and edge polynomials, the area and boundary and interior \
             lattice points by Pick's theorem); for a weight vector w the range of w-degrees and the initial form \
             in_w(f); for a univariate f and a prime p the lower convex hull of (i, v_p(a_i)), whose slopes are the \
             p-adic valuations of the roots with their multiplicities.",
            &[
                "polynomial",
                "newton-polytope",
                "newton-polygon",
                "initial-form",
                "weight",
                "support",
                "p-adic",
                "convex-hull",
            ],
        )
    }
    fn provider(&self) -> Provider {
        super::native(include_str!("polytope.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "Newton polygon of 1 + x^3 + y^2 + x*y",
                Mode::Explore,
                json!({"variables": ["x", "y"], "polynomial": "1 + x^3 + y^2 + x*y", "weight": [2, 3]}),
            ),
            (
                "2-adic Newton polygon of x^3 + 2x + 8",
                Mode::Explore,
                json!({"variables": ["x"], "polynomial": "x^3 + 2*x + 8", "prime": 2}),
            ),
        ]
    }
    fn validate(&self, i: &PolytopeInput) -> Result<(), Diagnostic> {
        polytope_input(i).map(|_| ())
    }
    fn bounds(&self, i: &PolytopeInput) -> Result<(), Refusal> {
        let (r, f, _, _) = polytope_input(i).map_err(super::refused)?;
        super::term_bound(&f, 5000, "/polynomial")?;
        super::degree_bound(&f, r.n(), 100_000, "/polynomial")
    }
    fn answer(&self, i: &PolytopeInput, _: &AdapterContext) -> Result<Answer<PolytopeOutput>, AdapterError> {
        let (r, f, weight, prime) = polytope_input(i).map_err(unsupported)?;
        let mut support: Vec<Vec<u32>> = f.terms().map(|(m, _)| m.clone()).collect();
        support.sort();
        let pts: Vec<Vec<i64>> = support.iter().map(|m| m.iter().map(|&e| i64::from(e)).collect()).collect();
        let mut out = PolytopeOutput {
            support: support.clone(),
            vertices: None,
            edges: None,
            area: None,
            lattice_points: None,
            weighted_degrees: None,
            initial_form: None,
            p_adic_slopes: None,
        };
        if r.n() == 1 {
            let (lo, hi) = (pts.iter().min().cloned(), pts.iter().max().cloned());
            out.vertices = Some(lo.into_iter().chain(hi).collect::<Vec<_>>()).map(|mut v| {
                v.dedup();
                v
            });
        }
        if r.n() == 2 {
            let h = hull(pts.clone());
            let mut edges = vec![];
            let mut boundary = 0u64;
            let mut twice_area = 0i64;
            if h.len() >= 2 {
                let k = h.len();
                let rounds = if k == 2 { 1 } else { k };
                for e in 0..rounds {
                    let (a, b) = (&h[e], &h[(e + 1) % k]);
                    let g = (b[0] - a[0]).abs().gcd(&(b[1] - a[1]).abs()) as u64;
                    boundary += g;
                    if k >= 3 {
                        twice_area += a[0] * b[1] - a[1] * b[0];
                    }
                    let on = f.terms().filter(|(m, _)| {
                        let m: Vec<i64> = m.iter().map(|&x| i64::from(x)).collect();
                        cross(a, b, &m) == 0
                    });
                    let ep = Poly::from_terms(on.map(|(m, c)| (m.clone(), c.clone())));
                    edges.push(Edge {
                        from: a.clone(),
                        to: b.clone(),
                        lattice_length: g,
                        edge_polynomial: r.print(&ep),
                    });
                }
                if k == 2 {
                    boundary *= 2;
                }
            }
            let b = if h.len() == 1 { 1 } else { boundary };
            // Pick: A = I + B/2 − 1, so I = (2A − B + 2)/2 for a polygon with interior.
            let interior = if h.len() >= 3 { ((twice_area - b as i64 + 2) / 2) as u64 } else { 0 };
            let boundary_points = if h.len() == 2 { boundary / 2 + 1 } else { b };
            out.area = Some(rational_text(&Rat::new(twice_area.abs().into(), 2.into())));
            out.lattice_points = Some([boundary_points, interior]);
            out.vertices = Some(h);
            out.edges = Some(edges);
        }
        if let Some(w) = weight {
            let wd =
                |m: &[u32]| m.iter().zip(&w).fold(Rat::zero(), |acc, (e, x)| acc + x * Rat::from_integer((*e).into()));
            let degs: Vec<Rat> = support.iter().map(|m| wd(m)).collect();
            let (lo, hi) =
                (degs.iter().min().cloned().unwrap_or_default(), degs.iter().max().cloned().unwrap_or_default());
            let init = Poly::from_terms(f.terms().filter(|(m, _)| wd(m) == hi).map(|(m, c)| (m.clone(), c.clone())));
            out.weighted_degrees = Some([rational_text(&lo), rational_text(&hi)]);
            out.initial_form = Some(r.print(&init));
        }
        if let Some(p) = prime {
            // Lower hull of (i, v_p(a_i)) with rational heights: scale by the lcm later; valuations are integers.
            let mut pts: Vec<(i64, i64)> = f.terms().map(|(m, c)| (i64::from(m[0]), valuation(c, p))).collect();
            pts.sort();
            let mut lower: Vec<(i64, i64)> = vec![];
            for q in pts {
                while lower.len() >= 2 {
                    let (o, a) = (lower[lower.len() - 2], lower[lower.len() - 1]);
                    if (a.0 - o.0) * (q.1 - o.1) - (a.1 - o.1) * (q.0 - o.0) <= 0 {
                        lower.pop();
                    } else {
                        break;
                    }
                }
                lower.push(q);
            }
            out.p_adic_slopes = Some(
                lower
                    .windows(2)
                    .map(|s| Slope {
                        slope: rational_text(&Rat::new((s[1].1 - s[0].1).into(), (s[1].0 - s[0].0).into())),
                        length: (s[1].0 - s[0].0) as u64,
                    })
                    .collect(),
            );
        }
        Ok(out.into())
    }
}
