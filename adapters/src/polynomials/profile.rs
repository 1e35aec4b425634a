//! Real-root profiles of univariate polynomials over Q, in-process and exact: the measure of the
//! strict sublevel set {x ∈ [a, b] : p(x) < c}, enclosed between rational bounds from isolated
//! roots, and whether real-rooted polynomials of one degree have a common interlacing, from the
//! merged order of all their roots (with a rational interlacer when one exists).

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::{Coefficient, PolyValue, Ring, rational_text};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::arith::{integer_coefficients, isolate, roots_within, sign_at, simplest, square_free_part, squarefree};
use super::native::scalar;
use super::{Poly, Rat, dense, q, read, ring};
use crate::cas::{self, Answer, Query};
use crate::number_theory::real::decimal;

/// Largest degree of one polynomial.
const MAX_DEGREE: usize = 60;
/// Most polynomials compared for a common interlacing, and their largest total degree.
const MAX_POLYNOMIALS: usize = 16;
const MAX_TOTAL_DEGREE: usize = 160;

/// What to profile.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ProfileOperation {
    /// The Lebesgue measure of {x ∈ [a, b] : p(x) < c} for the first polynomial.
    SublevelMeasure {
        /// [a, b], a < b.
        interval: [Coefficient; 2],
        /// c (default 0).
        #[serde(default)]
        threshold: Option<Coefficient>,
        /// Decimal places of the enclosure (1 to 60, default 20).
        #[serde(default)]
        places: Option<u32>,
    },
    /// Whether the polynomials (one degree n, each real-rooted) have a common interlacing: a
    /// polynomial of degree n − 1 whose roots separate every one's roots.
    CommonInterlacing,
}

/// Input of `polynomial.real.profile`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProfileInput {
    /// One variable name.
    pub variables: Vec<String>,
    /// `Z` or `Q` (default).
    #[serde(default = "q")]
    pub domain: String,
    /// The polynomials (degree ≤ 60 each, coefficients of at most 128 bits; one for the sublevel measure, 2 to 16 of one degree and
    /// total degree ≤ 160 for a common interlacing).
    pub polynomials: Vec<PolyValue>,
    /// The profile.
    pub operation: ProfileOperation,
}

/// A real number in [lower, upper] (rationals; equal when exact).
#[derive(Debug, Serialize, JsonSchema)]
pub struct Bracket {
    /// Lower end.
    pub lower: String,
    /// Upper end.
    pub upper: String,
}

/// The sublevel set's measure.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Sublevel {
    /// Its lower bound, rounded down to the places asked.
    pub lower: String,
    /// Its upper bound, rounded up.
    pub upper: String,
    /// The measure, when every end point is rational.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<String>,
    /// The open intervals where p < c, increasing: each end a bracket of the root (or a, b).
    pub pieces: Vec<[Bracket; 2]>,
}

/// The common-interlacing profile.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Interlacing {
    /// The distinct real roots of all the polynomials, increasing, in brackets whose interiors are
    /// disjoint (adjacent ones may share an end, which is no root).
    pub roots: Vec<Bracket>,
    /// Per polynomial, its real roots with multiplicity as indices into `roots`.
    pub root_indices: Vec<Vec<usize>>,
    /// Per polynomial, whether all its roots are real.
    pub real_rooted: Vec<bool>,
    /// Whether a common interlacing exists (false when one of them is not real-rooted).
    pub common_interlacing: bool,
    /// For each i < n, [max over the polynomials of the i-th root, min of the (i+1)-th], as indices:
    /// the i-th root of a common interlacer lies between them.
    pub gaps: Vec<[usize; 2]>,
    /// A common interlacer with rational roots, monic, when one exists.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interlacer: Option<String>,
}

/// Output of `polynomial.real.profile`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ProfileOutput {
    /// The sublevel measure.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sublevel: Option<Sublevel>,
    /// The interlacing profile.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interlacing: Option<Interlacing>,
}

/// `polynomial.real.profile`.
pub struct RealProfile;

struct Parsed {
    r: Ring,
    ps: Vec<Vec<Rat>>,
    sublevel: Option<(Rat, Rat, Rat, u32)>,
}

fn parse(i: &ProfileInput) -> Result<Parsed, Diagnostic> {
    let r = ring(&i.variables, &i.domain)?;
    super::one_variable(&r)?;
    if r.domain.characteristic() != 0 {
        return Err(Diagnostic::at("/domain", "NOT_SUPPORTED", "over Z or Q"));
    }
    let mut ps = vec![];
    for (k, p) in i.polynomials.iter().enumerate() {
        let at = format!("/polynomials/{k}");
        let p = dense(&read(&r, p, &at)?);
        if p.len() > MAX_DEGREE + 1 {
            return Err(Diagnostic::at(&at, "TOO_LARGE", format!("degree at most {MAX_DEGREE}")));
        }
        if p.iter().any(|c| c.numer().bits().max(c.denom().bits()) > 128) {
            return Err(Diagnostic::at(&at, "TOO_LARGE", "coefficients of at most 128 bits"));
        }
        ps.push(p);
    }
    let sublevel = match &i.operation {
        ProfileOperation::SublevelMeasure { interval: [a, b], threshold, places } => {
            if ps.len() != 1 {
                return Err(Diagnostic::at("/polynomials", "ARITY", "one polynomial"));
            }
            let (a, b) = (
                scalar(&r, a, "/operation/sublevel_measure/interval/0")?,
                scalar(&r, b, "/operation/sublevel_measure/interval/1")?,
            );
            if a >= b {
                return Err(Diagnostic::at(
                    "/operation/sublevel_measure/interval",
                    "BAD_INTERVAL",
                    "[a, b] with a < b",
                ));
            }
            let c = match threshold {
                Some(c) => scalar(&r, c, "/operation/sublevel_measure/threshold")?,
                None => Rat::zero(),
            };
            let places = places.unwrap_or(20);
            if !(1..=60).contains(&places) {
                return Err(Diagnostic::at("/operation/sublevel_measure/places", "OUT_OF_RANGE", "1 to 60"));
            }
            Some((a, b, c, places))
        }
        ProfileOperation::CommonInterlacing => {
            if !(2..=MAX_POLYNOMIALS).contains(&ps.len()) {
                return Err(Diagnostic::at("/polynomials", "ARITY", format!("2 to {MAX_POLYNOMIALS} polynomials")));
            }
            let n = ps[0].len();
            if let Some(k) = ps.iter().position(|p| p.len() != n || p.len() < 2) {
                let m = "polynomials of one degree, at least 1";
                return Err(Diagnostic::at(format!("/polynomials/{k}"), "BAD_DEGREE", m));
            }
            if (n - 1) * ps.len() > MAX_TOTAL_DEGREE {
                let m = format!("total degree at most {MAX_TOTAL_DEGREE}");
                return Err(Diagnostic::at("/polynomials", "TOO_LARGE", m));
            }
            None
        }
    };
    Ok(Parsed { r, ps, sublevel })
}

/// The square-free part of a nonzero p.
fn bracket(l: &Rat, u: &Rat) -> Bracket {
    Bracket { lower: rational_text(l), upper: rational_text(u) }
}

fn sublevel(
    p: &Parsed,
    (a, b, c, places): &(Rat, Rat, Rat, u32),
    ctx: &AdapterContext,
) -> Result<Sublevel, AdapterError> {
    let r = &Ring { domain: jacobian_runtime::objects::polynomial::Domain::Q, ..p.r.clone() };
    let mut q = p.ps[0].clone();
    if q.is_empty() {
        q.push(Rat::zero());
    }
    q[0] -= c;
    let q = super::arith::trim(q);
    let enclose = |lower: &Rat, upper: &Rat, pieces| {
        let s = Rat::from_integer(BigInt::from(10).pow(*places));
        Sublevel {
            lower: decimal(&(lower * &s).floor().to_integer(), *places),
            upper: decimal(&(upper * &s).ceil().to_integer(), *places),
            exact: (lower == upper).then(|| rational_text(lower)),
            pieces,
        }
    };
    if q.is_empty() {
        // p ≡ c: the strict sublevel set is empty.
        return Ok(enclose(&Rat::zero(), &Rat::zero(), vec![]));
    }
    // Roots at a or b bound pieces anyway; roots_within leaves them out.
    let s = square_free_part(r, &q);
    let n = (s.len() as u32).max(1);
    let w = Rat::new(BigInt::one(), BigInt::from(10).pow(places + 3) * BigInt::from(n));
    let roots = roots_within(&s, (a, b), &w, ctx)?;
    let qi = integer_coefficients(&q);
    let two = Rat::from_integer(2.into());
    // The pieces between consecutive ends; a point strictly inside each tells q's sign there.
    let mut ends = vec![(a.clone(), a.clone())];
    ends.extend(roots);
    ends.push((b.clone(), b.clone()));
    let (mut lower, mut upper, mut pieces) = (Rat::zero(), Rat::zero(), vec![]);
    for pair in ends.windows(2) {
        let ((l0, u0), (l1, u1)) = (&pair[0], &pair[1]);
        let inside = if u0 < l1 { (u0 + l1) / &two } else { u0.clone() };
        if sign_at(&qi, &inside) < 0 {
            let inner = l1 - u0;
            if inner.is_positive() {
                lower += inner;
            }
            upper += u1 - l0;
            pieces.push([bracket(l0, u0), bracket(l1, u1)]);
        }
    }
    Ok(enclose(&lower, &upper, pieces))
}

fn interlacing(p: &Parsed, ctx: &AdapterContext) -> Result<Interlacing, AdapterError> {
    let r = &Ring { domain: jacobian_runtime::objects::polynomial::Domain::Q, ..p.r.clone() };
    // Every distinct real root of every polynomial, in disjoint brackets with non-root ends.
    let mut product = vec![Rat::one()];
    for f in &p.ps {
        product = super::arith::mul(r, &product, &square_free_part(r, f));
    }
    let s = square_free_part(r, &product);
    let si = integer_coefficients(&s);
    let brackets: Vec<(Rat, Rat)> = isolate(&s, 1, ctx)?
        .into_iter()
        .map(|(l, u)| {
            let t = simplest(&l, &u);
            if sign_at(&si, &t) == 0 { (t.clone(), t) } else { (l, u) }
        })
        .collect();
    let mut root_indices = vec![];
    for f in &p.ps {
        ctx.checkpoint()?;
        let mut indices = vec![];
        for (k, part) in squarefree(r, f).iter().enumerate() {
            let pi = integer_coefficients(part);
            for (t, (l, u)) in brackets.iter().enumerate() {
                let vanishes = if l == u { sign_at(&pi, l) == 0 } else { sign_at(&pi, l) != sign_at(&pi, u) };
                if part.len() > 1 && vanishes {
                    indices.extend(std::iter::repeat_n(t, k + 1));
                }
            }
        }
        indices.sort_unstable();
        root_indices.push(indices);
    }
    let n = p.ps[0].len() - 1;
    let real_rooted: Vec<bool> = root_indices.iter().map(|v| v.len() == n).collect();
    let mut gaps = vec![];
    let mut common = real_rooted.iter().all(|&b| b);
    if common {
        for i in 0..n - 1 {
            let high = root_indices.iter().map(|v| v[i]).max().unwrap_or(0);
            let low = root_indices.iter().map(|v| v[i + 1]).min().unwrap_or(0);
            common &= high <= low;
            gaps.push([high, low]);
        }
    }
    // A rational point in each gap (the simplest between the brackets), or the root itself when
    // the gap is one root and it is rational.
    let interlacer = common
        .then(|| {
            gaps.iter()
                .map(|&[h, l]| {
                    let ((_, hu), (ll, lu)) = (&brackets[h], &brackets[l]);
                    match h == l {
                        // The middle third keeps the point off both roots.
                        false => {
                            let three = Rat::from_integer(3.into());
                            let (a, b) = ((hu + hu + ll) / &three, (hu + ll + ll) / &three);
                            Some(simplest(&a.clone().min(b.clone()), &a.max(b)))
                        }
                        true => (ll == lu).then(|| ll.clone()),
                    }
                })
                .collect::<Option<Vec<Rat>>>()
        })
        .flatten()
        .map(|points| {
            let g =
                points.iter().fold(vec![Rat::one()], |acc, t| super::arith::mul(r, &acc, &[-t.clone(), Rat::one()]));
            r.print(&Poly::from_dense(&g, 0, 1))
        });
    Ok(Interlacing {
        roots: brackets.iter().map(|(l, u)| bracket(l, u)).collect(),
        root_indices,
        real_rooted,
        common_interlacing: common,
        gaps,
        interlacer,
    })
}

impl Query for RealProfile {
    type Input = ProfileInput;
    type Output = ProfileOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "polynomial.real.profile",
            "Strict sublevel measure of a polynomial and common interlacing of real-rooted polynomials",
            "The measure of {x in [a, b] : p(x) < c} enclosed exactly, or whether real-rooted polynomials of one \
             degree have a common interlacing, with the merged root order and a rational interlacer.",
            "Exact real-root profiles in-process. The strict sublevel measure of {x in [a, b] : p(x) < c} comes from \
             the isolated roots of p - c (Sturm isolation, bisection in integers) with the sign of p - c between \
             them: the pieces, a rational enclosure at the places asked, the exact value when the roots are \
             rational. The common interlacing of real-rooted polynomials f1, ..., fm of degree n: all their roots \
             merged in one increasing order of disjoint brackets, each polynomial's roots by index with \
             multiplicity, whether max_j (i-th root of fj) <= min_j ((i+1)-th root) for every i (the criterion \
             for a common interlacer), and a monic interlacer with rational roots when one exists.",
            &[
                "polynomial",
                "real-roots",
                "sublevel-set",
                "measure",
                "interlacing",
                "common-interlacing",
                "real-rooted",
                "hyperbolic",
                "sturm",
            ],
        )
    }
    fn provider(&self) -> Provider {
        super::native(include_str!("profile.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "measure of {x in [-2, 2] : x^2 - 1 < 0}",
                Mode::Explore,
                json!({"variables": ["x"], "polynomials": ["x^2 - 1"],
                       "operation": {"sublevel_measure": {"interval": [-2, 2]}}}),
            ),
            (
                "do (x-1)(x-3)(x-5) and (x-2)(x-4)(x-6) have a common interlacing?",
                Mode::Explore,
                json!({"variables": ["x"], "polynomials": ["(x-1)*(x-3)*(x-5)", "(x-2)*(x-4)*(x-6)"],
                       "operation": "common_interlacing"}),
            ),
        ]
    }
    fn validate(&self, i: &ProfileInput) -> Result<(), Diagnostic> {
        parse(i).map(|_| ())
    }
    fn bounds(&self, i: &ProfileInput) -> Result<(), Refusal> {
        parse(i).map(|_| ()).map_err(super::refused)
    }
    fn answer(&self, i: &ProfileInput, ctx: &AdapterContext) -> Result<Answer<ProfileOutput>, AdapterError> {
        let p = parse(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        Ok(match &p.sublevel {
            Some(s) => ProfileOutput { sublevel: Some(sublevel(&p, s, ctx)?), interlacing: None },
            None => ProfileOutput { sublevel: None, interlacing: Some(interlacing(&p, ctx)?) },
        }
        .into())
    }
}
