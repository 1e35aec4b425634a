//! `algebraic_geometry.blowup_p2.compute`: the blow-up X of P² at r distinct rational points.
//! Its Picard group is free on H (a line) and the exceptional curves E₁, …, E_r, with H² = 1,
//! Eᵢ² = −1 and all other products 0; a class dH − Σ mᵢEᵢ is written [d, m₁, …, m_r]. The
//! canonical class is K = −3H + ΣEᵢ = [−3, −1, …, −1], K² = 9 − r. The strict transform of a plane
//! curve of degree d with multiplicity mᵢ at the i-th point has class [d, m₁, …, m_r], and by
//! adjunction its arithmetic genus is (D² + K·D)/2 + 1 = (d − 1)(d − 2)/2 − Σ mᵢ(mᵢ − 1)/2.
//! Multiplicities are exact over Q (the lowest degree of f in an affine chart, translated to the
//! point); general position (no three points on a line, no six on a conic) decides, for r ≤ 7,
//! whether X is a del Pezzo surface.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::{Coefficient, PolyValue, Ring};
use jacobian_runtime::typed::Describe;
use num_traits::{One, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::native::{scalar, too_large};
use super::{Poly, Rat, read, ring};
use crate::cas::{self, Answer, Query};
use crate::linear_algebra::exact;
use jacobian_runtime::objects::matrix::{Dense, Ring as MatrixRing, Scalar};

/// Most points blown up.
pub const MAX_POINTS: usize = 16;
/// Most curves and most classes.
pub const MAX_DIVISORS: usize = 32;
/// Highest degree of a curve.
pub const MAX_DEGREE: u32 = 30;

/// Input of `algebraic_geometry.blowup_p2.compute`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BlowupP2Input {
    /// The points blown up (0 to 16, distinct): projective coordinates [x, y, z], rationals not all 0.
    pub points: Vec<[Coefficient; 3]>,
    /// Plane curves, homogeneous polynomials in x, y, z over Q (at most 32, degree ≤ 30): the classes of
    /// their strict transforms.
    #[serde(default)]
    pub curves: Vec<PolyValue>,
    /// Divisor classes [d, m₁, …, m_r] = dH − Σ mᵢEᵢ (at most 32), one entry per point after d.
    #[serde(default)]
    pub classes: Vec<Vec<i64>>,
}

/// A divisor class and what adjunction says of it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ClassProfile {
    /// [d, m₁, …, m_r]: dH − Σ mᵢEᵢ.
    pub class: Vec<i64>,
    /// D².
    pub self_intersection: i64,
    /// K·D.
    pub canonical_degree: i64,
    /// (D² + K·D)/2 + 1: the arithmetic genus of a curve in the class.
    pub arithmetic_genus: i64,
}

/// Output of `algebraic_geometry.blowup_p2.compute`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BlowupP2Output {
    /// r + 1.
    pub picard_rank: usize,
    /// The intersection form on H, E₁, …, E_r: diag(1, −1, …, −1).
    pub intersection_form: Vec<Vec<i64>>,
    /// K = [−3, −1, …, −1].
    pub canonical_class: Vec<i64>,
    /// K² = 9 − r.
    pub canonical_self_intersection: i64,
    /// The topological Euler characteristic 3 + r.
    pub euler_characteristic: i64,
    /// Triples of points on a line (indices from 0).
    pub collinear_triples: Vec<[usize; 3]>,
    /// Sets of six points on a conic.
    pub conconic_sextuples: Vec<[usize; 6]>,
    /// For r ≤ 7: whether X is a del Pezzo surface (−K ample), i.e. no three points on a line and no six on a
    /// conic; null for r ≥ 8, where a cubic condition enters too (r = 8) or −K is never ample (r ≥ 9).
    pub del_pezzo: Option<bool>,
    /// The strict transforms of the curves, in order: their classes and adjunction profiles.
    pub curves: Vec<ClassProfile>,
    /// The given classes, in order.
    pub classes: Vec<ClassProfile>,
    /// D·D′ for every pair: the curves' classes first, then the given classes.
    pub intersections: Vec<Vec<i64>>,
}

fn dot(a: &[i64], b: &[i64]) -> i64 {
    a[0] * b[0] - a[1..].iter().zip(&b[1..]).map(|(x, y)| x * y).sum::<i64>()
}

fn profile(class: Vec<i64>) -> ClassProfile {
    let r = class.len() - 1;
    let k: Vec<i64> = std::iter::once(-3).chain(std::iter::repeat_n(-1, r)).collect();
    let (dd, kd) = (dot(&class, &class), dot(&k, &class));
    ClassProfile { self_intersection: dd, canonical_degree: kd, arithmetic_genus: (dd + kd) / 2 + 1, class }
}

/// The ring of x, y, z over Q.
fn plane() -> Ring {
    let names: Vec<String> = ["x", "y", "z"].iter().map(|s| s.to_string()).collect();
    // Fixed, valid names and domain.
    ring(&names, "Q").unwrap_or_else(|_| unreachable!("x, y, z over Q is a valid ring"))
}

/// The points, read and checked distinct.
fn points(i: &BlowupP2Input, r: &Ring) -> Result<Vec<[Rat; 3]>, Diagnostic> {
    if i.points.len() > MAX_POINTS {
        return Err(Diagnostic::at("/points", "TOO_MANY", format!("at most {MAX_POINTS} points")));
    }
    let mut out: Vec<[Rat; 3]> = vec![];
    for (k, p) in i.points.iter().enumerate() {
        let at = |j: usize| format!("/points/{k}/{j}");
        let v = [scalar(r, &p[0], &at(0))?, scalar(r, &p[1], &at(1))?, scalar(r, &p[2], &at(2))?];
        if v.iter().all(Zero::is_zero) {
            return Err(Diagnostic::at(format!("/points/{k}"), "ZERO_VECTOR", "[0, 0, 0] is not a point of P²"));
        }
        if let Some(j) = out.iter().position(|w| cross_is_zero(w, &v)) {
            return Err(Diagnostic::at(
                format!("/points/{k}"),
                "REPEATED_POINT",
                format!("the same point as /points/{j}"),
            ));
        }
        out.push(v);
    }
    Ok(out)
}

fn cross_is_zero(a: &[Rat; 3], b: &[Rat; 3]) -> bool {
    (0..3).all(|i| {
        let (j, k) = ((i + 1) % 3, (i + 2) % 3);
        &a[j] * &b[k] == &a[k] * &b[j]
    })
}

fn curves(i: &BlowupP2Input, r: &Ring) -> Result<Vec<Poly>, Diagnostic> {
    if i.curves.len() > MAX_DIVISORS || i.classes.len() > MAX_DIVISORS {
        return Err(Diagnostic::at("/curves", "TOO_MANY", format!("at most {MAX_DIVISORS} curves and classes")));
    }
    let mut out = vec![];
    for (k, c) in i.curves.iter().enumerate() {
        let at = format!("/curves/{k}");
        let f = read(r, c, &at)?;
        let degrees: Vec<u32> = f.terms().map(|(e, _)| e.iter().sum::<u32>()).collect();
        let d = degrees.first().copied().unwrap_or(0);
        if d == 0 || degrees.iter().any(|&e| e != d) {
            return Err(Diagnostic::at(at, "NOT_A_CURVE", "a plane curve is a non-constant homogeneous polynomial"));
        }
        out.push(f);
    }
    for (k, c) in i.classes.iter().enumerate() {
        if c.len() != i.points.len() + 1 {
            let why = format!("[d, m₁, …, m_r] with one multiplicity per point ({})", i.points.len());
            return Err(Diagnostic::at(format!("/classes/{k}"), "WRONG_LENGTH", why));
        }
        if let Some(j) = c.iter().position(|v| v.unsigned_abs() > 1_000_000) {
            return Err(Diagnostic::at(format!("/classes/{k}/{j}"), "OUT_OF_RANGE", "entries within ±10^6"));
        }
    }
    Ok(out)
}

/// The multiplicity of the homogeneous f at the point p: the lowest degree of f in the affine chart
/// of a non-zero coordinate of p, translated to p.
fn multiplicity(f: &Poly, p: &[Rat; 3]) -> Result<u32, AdapterError> {
    let k = (0..3).find(|&k| !p[k].is_zero()).unwrap_or(2);
    let mut chart = vec![];
    let mut next = 0;
    for (j, c) in p.iter().enumerate() {
        if j == k {
            chart.push(Poly::constant(Rat::one(), 2));
        } else {
            chart.push(Poly::variable(next, 2).add(&Poly::constant(c / &p[k], 2)));
            next += 1;
        }
    }
    let g = f.compose(&chart, 2).map_err(too_large)?;
    Ok(g.terms().map(|(e, _)| e.iter().sum::<u32>()).min().unwrap_or(u32::MAX))
}

/// Whether the square rows are linearly dependent over Q.
fn singular(rows: Vec<Vec<Rat>>, ctx: &AdapterContext) -> Result<bool, AdapterError> {
    let n = rows.len();
    let data = rows
        .iter()
        .map(|r| r.iter().map(|x| Scalar::fraction(x.numer().clone(), x.denom().clone())).collect())
        .collect();
    Ok(exact::rank(&Dense { ring: MatrixRing::Rational, rows: n, cols: n, data }, ctx)? < n)
}

fn combinations<const K: usize>(n: usize, mut f: impl FnMut([usize; K])) {
    fn go<const K: usize>(start: usize, n: usize, depth: usize, cur: &mut [usize; K], f: &mut impl FnMut([usize; K])) {
        if depth == K {
            f(*cur);
            return;
        }
        for i in start..n {
            cur[depth] = i;
            go(i + 1, n, depth + 1, cur, f);
        }
    }
    go(0, n, 0, &mut [0; K], &mut f);
}

/// `algebraic_geometry.blowup_p2.compute`.
pub struct BlowupP2;

impl Query for BlowupP2 {
    type Input = BlowupP2Input;
    type Output = BlowupP2Output;

    fn describe(&self) -> Describe {
        cas::describe(
            "algebraic_geometry.blowup_p2.compute",
            "Blow-up of the projective plane at points: Picard lattice, canonical class, strict transforms, adjunction",
            "The blow-up of P² at rational points: intersection form, canonical class, strict-transform classes of \
             plane curves, intersection numbers and arithmetic genera by adjunction, del Pezzo test.",
            "Builds Pic(X) = ZH ⊕ ZE₁ ⊕ … ⊕ ZE_r for X the blow-up of P² at r ≤ 16 distinct rational points: \
             the form diag(1, −1, …, −1), K = −3H + ΣEᵢ with K² = 9 − r and χ = 3 + r; the class dH − Σ mᵢEᵢ \
             of each curve's strict transform with mᵢ its exact multiplicity at the i-th point; D², K·D and the \
             arithmetic genus (D² + K·D)/2 + 1 of each curve or given class, and all their intersection numbers; \
             the collinear triples and conconic sextuples, and for r ≤ 7 whether X is del Pezzo.",
            &[
                "algebraic-geometry",
                "blowup",
                "blow-up",
                "projective-plane",
                "rational-surface",
                "del-pezzo",
                "picard-group",
                "intersection-form",
                "canonical-class",
                "strict-transform",
                "adjunction",
                "arithmetic-genus",
                "exceptional-curve",
            ],
        )
    }
    fn provider(&self) -> Provider {
        super::native(include_str!("surfaces.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "the cubic surface: P² blown up at six points, with a conic through four of them and a line through two",
                Mode::Explore,
                json!({"points": [[0, 0, 1], [1, 0, 1], [0, 1, 1], [1, 1, 1], [2, 3, 1], [3, 7, 1]],
                       "curves": ["x^2 - x*z + y^2 - y*z", "y"], "classes": [[1, 1, 1, 0, 0, 0, 0]]}),
            ),
            (
                "the strict transform of the nodal cubic y²z = x³ + x²z blown up at its node",
                Mode::Explore,
                json!({"points": [[0, 0, 1]], "curves": ["y^2*z - x^3 - x^2*z"]}),
            ),
        ]
    }
    fn validate(&self, i: &BlowupP2Input) -> Result<(), Diagnostic> {
        let r = plane();
        points(i, &r)?;
        curves(i, &r).map(|_| ())
    }
    fn bounds(&self, i: &BlowupP2Input) -> Result<(), Refusal> {
        let r = plane();
        for (k, f) in curves(i, &r).map_err(super::refused)?.iter().enumerate() {
            super::degree_bound(f, 3, MAX_DEGREE, &format!("/curves/{k}"))?;
        }
        Ok(())
    }
    fn answer(&self, i: &BlowupP2Input, ctx: &AdapterContext) -> Result<Answer<BlowupP2Output>, AdapterError> {
        let r = plane();
        let unsupported = |d: Diagnostic| AdapterError::Unsupported(d.message);
        let pts = points(i, &r).map_err(unsupported)?;
        let fs = curves(i, &r).map_err(unsupported)?;
        let n = pts.len();
        let mut curve_classes = vec![];
        for f in &fs {
            ctx.checkpoint()?;
            let mut class = vec![i64::from(f.total_degree().unwrap_or(0))];
            for p in &pts {
                class.push(i64::from(multiplicity(f, p)?));
            }
            curve_classes.push(class);
        }
        let mut triples = vec![];
        combinations::<3>(n, |t| triples.push(t));
        let mut collinear = vec![];
        for t in triples {
            if singular(t.iter().map(|&k| pts[k].to_vec()).collect(), ctx)? {
                collinear.push(t);
            }
        }
        let conic_row = |p: &[Rat; 3]| -> Vec<Rat> {
            let [x, y, z] = p;
            vec![x * x, x * y, y * y, x * z, y * z, z * z]
        };
        let mut sextuples = vec![];
        combinations::<6>(n, |s| sextuples.push(s));
        let mut conconic = vec![];
        for s in sextuples {
            if singular(s.iter().map(|&k| conic_row(&pts[k])).collect(), ctx)? {
                conconic.push(s);
            }
        }
        let all: Vec<Vec<i64>> = curve_classes.iter().chain(&i.classes).cloned().collect();
        let intersections = all.iter().map(|a| all.iter().map(|b| dot(a, b)).collect()).collect();
        let form = (0..=n)
            .map(|a| {
                (0..=n)
                    .map(|b| {
                        if a != b {
                            0
                        } else if a == 0 {
                            1
                        } else {
                            -1
                        }
                    })
                    .collect()
            })
            .collect();
        Ok(BlowupP2Output {
            picard_rank: n + 1,
            intersection_form: form,
            canonical_class: std::iter::once(-3).chain(std::iter::repeat_n(-1, n)).collect(),
            canonical_self_intersection: 9 - n as i64,
            euler_characteristic: 3 + n as i64,
            del_pezzo: (n <= 7).then_some(collinear.is_empty() && conconic.is_empty()),
            collinear_triples: collinear,
            conconic_sextuples: conconic,
            curves: curve_classes.into_iter().map(profile).collect(),
            classes: i.classes.iter().cloned().map(profile).collect(),
            intersections,
        }
        .into())
    }
}
