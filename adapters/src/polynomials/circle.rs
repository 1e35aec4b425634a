//! A real polynomial on the unit circle. Everything rests on the cosine polynomial
//! t(θ) = a₀ + 2 Σ aₖ cos kθ, either |f(e^{iθ})|² for a polynomial f over Q (aₖ = Σⱼ fⱼ fⱼ₊ₖ) or
//! given by its coefficients: its mean a₀ exactly; its maximum and minimum enclosed rigorously
//! in-process, through c = cos θ (t = a₀ + 2 Σ aₖ Tₖ(c) on [−1, 1]) and Sturm isolation of the
//! critical points; its mean over an arc and f's Mahler measure numerically on PARI/GP; and the
//! spectral (Fejér–Riesz) factor of a nonnegative t of degree one, in radicals.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::{Coefficient, Domain, PolyValue, Ring, rational_text};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::arith::{deriv, eval, homogeneous, integer_coefficients, roots_within, square_free_part};
use super::location::{Region, counts};
use super::native::scalar;
use super::{Rat, dense, q, read, ring};
use crate::cas::{self, Answer, Gp, Query};
use crate::number_theory::real::decimal;

/// Largest degree of f or t.
const MAX_DEGREE: usize = 40;
/// Most decimal places of an enclosure.
const MAX_PLACES: u32 = 60;
/// Largest coefficient of f, in bits (twice as many for cosine coefficients).
const MAX_BITS: u64 = 128;

/// A quantity of `polynomial.unit_circle.compute`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CircleQuantity {
    /// (1/2π) ∫ t dθ = a₀, exactly: for f, ‖f‖₂² (Parseval).
    Mean,
    /// max t on the circle, enclosed rigorously: for f, the squared sup norm ‖f‖∞².
    Maximum,
    /// min t on the circle, enclosed rigorously.
    Minimum,
    /// (1/2π) ∫ t dθ over the arc θ ∈ [2πa, 2πb] (`arc`): for f, the energy on that arc.
    ArcEnergy,
    /// M(f) = |lead| Π max(1, |α|) over the roots α of f (needs `polynomial`).
    MahlerMeasure,
    /// h = c₀ + c₁z with |h(e^{iθ})|² = t and |c₀| ≥ |c₁|, in radicals (t of degree ≤ 1, t ≥ 0).
    SpectralFactor,
}

fn twenty() -> u32 {
    20
}

/// Input of `polynomial.unit_circle.compute`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CircleInput {
    /// One variable name (with `polynomial`).
    #[serde(default)]
    pub variables: Vec<String>,
    /// `Z` or `Q` (default).
    #[serde(default = "q")]
    pub domain: String,
    /// f, of degree ≤ 40 with coefficients of at most 128 bits: t = |f(e^{iθ})|². Give this or
    /// `cosine_coefficients`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub polynomial: Option<PolyValue>,
    /// [a₀, …, aₙ] (n ≤ 40, each of at most 256 bits): t(θ) = a₀ + 2 Σ aₖ cos kθ.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cosine_coefficients: Option<Vec<Coefficient>>,
    /// What to compute.
    pub quantities: Vec<CircleQuantity>,
    /// [a, b], 0 ≤ a < b ≤ 1, in turns (θ from 2πa to 2πb), for `arc_energy`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arc: Option<[Coefficient; 2]>,
    /// Decimal places of every enclosure (1 to 60, default 20).
    #[serde(default = "twenty")]
    pub places: u32,
}

/// A real number enclosed in decimals rounded outward.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Enclosure {
    /// A lower bound.
    pub lower: String,
    /// An upper bound (upper − lower ≤ 10^−places, or 0 when the value is exact).
    pub upper: String,
    /// The exact value, when it is rational and known exactly.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<String>,
}

/// The Mahler measure of f.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Mahler {
    /// Roots of f outside the unit circle, with multiplicity (exact).
    pub roots_outside: u32,
    /// Roots on the circle, with multiplicity (exact).
    pub roots_on: u32,
    /// M(f): exact (|lead|) when no root lies outside; otherwise numerical, from PARI/GP's
    /// roots at a working precision past the places asked.
    pub value: Enclosure,
}

/// The spectral factor h = c₀ + c₁z.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SpectralFactor {
    /// c₀ and c₁ in radicals: `(sqrt(a₀ + 2a₁) ± sqrt(a₀ − 2a₁))/2`, a square root of a square
    /// written as its rational root.
    pub coefficients: Vec<String>,
    /// Their decimal enclosures.
    pub decimals: Vec<Enclosure>,
}

/// Output of `polynomial.unit_circle.compute`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CircleOutput {
    /// [a₀, …, aₙ] of t(θ) = a₀ + 2 Σ aₖ cos kθ.
    pub cosine_coefficients: Vec<String>,
    /// a₀, exactly.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean: Option<String>,
    /// max t.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub maximum: Option<Enclosure>,
    /// min t.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimum: Option<Enclosure>,
    /// (1/2π) ∫ t dθ over the arc: numerical (PARI/GP) unless the arc's ends are multiples of 1/2.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arc_energy: Option<Enclosure>,
    /// M(f).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mahler_measure: Option<Mahler>,
    /// The Fejér–Riesz factor.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spectral_factor: Option<SpectralFactor>,
}

/// `polynomial.unit_circle.compute`.
pub struct UnitCircle;

struct Parsed {
    f: Option<Vec<Rat>>,
    a: Vec<Rat>,
    arc: Option<(Rat, Rat)>,
}

fn parse(i: &CircleInput) -> Result<Parsed, Diagnostic> {
    let asks = |q: CircleQuantity| i.quantities.contains(&q);
    if i.quantities.is_empty() {
        return Err(Diagnostic::at("/quantities", "EMPTY", "ask for at least one quantity"));
    }
    let r = if i.variables.is_empty() { ring(&["z".into()], &i.domain)? } else { ring(&i.variables, &i.domain)? };
    if r.domain.characteristic() != 0 {
        return Err(Diagnostic::at("/domain", "NOT_SUPPORTED", "over Z or Q"));
    }
    let (f, a) = match (&i.polynomial, &i.cosine_coefficients) {
        (Some(p), None) => {
            super::one_variable(&r)?;
            let f = dense(&read(&r, p, "/polynomial")?);
            if f.is_empty() {
                return Err(Diagnostic::at("/polynomial", "ZERO", "a nonzero polynomial"));
            }
            if f.len() > MAX_DEGREE + 1 {
                return Err(Diagnostic::at("/polynomial", "TOO_LARGE", format!("degree at most {MAX_DEGREE}")));
            }
            let a = (0..f.len()).map(|k| f.iter().zip(&f[k..]).map(|(x, y)| x * y).sum()).collect();
            (Some(f), a)
        }
        (None, Some(cs)) => {
            if cs.is_empty() || cs.len() > MAX_DEGREE + 1 {
                let m = format!("1 to {} coefficients", MAX_DEGREE + 1);
                return Err(Diagnostic::at("/cosine_coefficients", "BAD_LENGTH", m));
            }
            let a: Vec<Rat> = cs
                .iter()
                .enumerate()
                .map(|(k, c)| scalar(&r, c, &format!("/cosine_coefficients/{k}")))
                .collect::<Result<_, _>>()?;
            (None, a)
        }
        _ => {
            let m = "give exactly one of `polynomial` and `cosine_coefficients`";
            return Err(Diagnostic::at("/polynomial", "ONE_OF", m));
        }
    };
    let a = super::arith::trim(a);
    let bits = |c: &Rat| c.numer().bits().max(c.denom().bits());
    let too_large =
        |at: String, max: u64| Diagnostic::at(&at, "TOO_LARGE", format!("coefficients of at most {max} bits"));
    match &f {
        Some(f) if f.iter().any(|c| bits(c) > MAX_BITS) => return Err(too_large("/polynomial".into(), MAX_BITS)),
        None => {
            if let Some(k) = a.iter().position(|c| bits(c) > 2 * MAX_BITS) {
                return Err(too_large(format!("/cosine_coefficients/{k}"), 2 * MAX_BITS));
            }
        }
        _ => {}
    }
    if !(1..=MAX_PLACES).contains(&i.places) {
        return Err(Diagnostic::at("/places", "OUT_OF_RANGE", format!("1 to {MAX_PLACES}")));
    }
    if asks(CircleQuantity::MahlerMeasure) && f.is_none() {
        return Err(Diagnostic::at("/polynomial", "MISSING_FIELD", "the Mahler measure is of a polynomial"));
    }
    let arc = match (&i.arc, asks(CircleQuantity::ArcEnergy)) {
        (Some([x, y]), _) => {
            let (x, y) = (scalar(&r, x, "/arc/0")?, scalar(&r, y, "/arc/1")?);
            if x.is_negative() || x >= y || y > Rat::one() {
                return Err(Diagnostic::at("/arc", "BAD_ARC", "[a, b] with 0 ≤ a < b ≤ 1 (turns)"));
            }
            Some((x, y))
        }
        (None, true) => return Err(Diagnostic::at("/arc", "MISSING_FIELD", "arc_energy needs an arc [a, b]")),
        (None, false) => None,
    };
    if asks(CircleQuantity::SpectralFactor) {
        let a1 = a.get(1).cloned().unwrap_or_default();
        let a0 = a.first().cloned().unwrap_or_default();
        if a.len() > 2 {
            let m = "the spectral factor is given in radicals for t of degree at most one";
            return Err(Diagnostic::at("/quantities", "NOT_SUPPORTED", m));
        }
        if a0 < Rat::from_integer(2.into()) * a1.abs() {
            return Err(Diagnostic::at("/quantities", "NEGATIVE", "t takes negative values: a₀ < 2|a₁|"));
        }
    }
    Ok(Parsed { f, a, arc })
}

/// t as a polynomial in c = cos θ: a₀ + 2 Σ aₖ Tₖ(c), lowest first.
fn in_cosine(a: &[Rat]) -> Vec<Rat> {
    let two = Rat::from_integer(2.into());
    let mut g = vec![Rat::zero(); a.len().max(1)];
    let (mut prev, mut cur) = (vec![Rat::one()], vec![Rat::zero(), Rat::one()]);
    for (k, ak) in a.iter().enumerate() {
        let t = match k {
            0 => vec![Rat::one()],
            _ => {
                if k > 1 {
                    // T_k = 2c T_{k−1} − T_{k−2}.
                    let mut next = vec![Rat::zero(); k + 1];
                    for (j, c) in cur.iter().enumerate() {
                        next[j + 1] += &two * c;
                    }
                    for (j, c) in prev.iter().enumerate() {
                        next[j] -= c;
                    }
                    prev = std::mem::replace(&mut cur, next);
                }
                cur.iter().map(|c| &two * c).collect()
            }
        };
        for (j, c) in t.iter().enumerate() {
            g[j] += ak * c;
        }
    }
    super::arith::trim(g)
}

/// The extremes of g on [−1, 1], each enclosed as (lower, upper): every critical point in
/// (−1, 1) refined until its interval's image is narrower than 2^−bits.
fn extremes(g: &[Rat], places: u32, ctx: &AdapterContext) -> Result<[(Rat, Rat); 2], AdapterError> {
    let one = Rat::one();
    let ends = [eval(g, &-one.clone()), eval(g, &one)];
    let (mut min, mut max) = {
        let lo = ends.iter().min().cloned().unwrap_or_default();
        let hi = ends.iter().max().cloned().unwrap_or_default();
        ((lo.clone(), lo), (hi.clone(), hi))
    };
    let d = deriv(&q_ring(), g);
    if d.len() > 1 {
        // Critical points at ±1 are end points already; roots_within leaves them out.
        let square_free = square_free_part(&q_ring(), &d);
        let tolerance = Rat::new(BigInt::one(), BigInt::from(10).pow(places + 12));
        // |g′| ≤ Σ k|gₖ| on [−1, 1]: an interval of width w has an image of width ≤ 2w·Σ k|gₖ|.
        let slope: Rat = d.iter().map(|c| c.abs()).sum::<Rat>() + Rat::one();
        let width = &tolerance / (Rat::from_integer(2.into()) * &slope);
        let two = Rat::from_integer(2.into());
        let g_den = g.iter().fold(BigInt::one(), |acc, c| acc.lcm(c.denom()));
        let g_int = integer_coefficients(g);
        for (a, b) in roots_within(&square_free, (&-one.clone(), &one), &width, ctx)? {
            // |g(x) − g(m)| ≤ max |g′| · |x − m| ≤ slope · (b − a)/2 on [a, b] ⊆ [−1, 1].
            let (num, den) = homogeneous(&g_int, &((&a + &b) / &two));
            let mid = Rat::new(num, &g_den * den);
            let spread = &slope * (&b - &a) / &two;
            let (lo, hi) = (&mid - &spread, &mid + &spread);
            if hi > max.1 {
                max.1 = hi;
            }
            if mid > max.0 {
                max.0 = mid.clone();
            }
            if lo < min.0 {
                min.0 = lo;
            }
            if mid < min.1 {
                min.1 = mid;
            }
        }
    }
    Ok([min, max])
}

fn q_ring() -> Ring {
    Ring { variables: vec!["x".into()], domain: Domain::Q }
}

/// ⌊x·10^p⌋ and ⌈x·10^p⌉ as decimals.
pub(crate) fn outward(lower: &Rat, upper: &Rat, places: u32) -> Enclosure {
    let s = Rat::from_integer(BigInt::from(10).pow(places));
    let lo = (lower * &s).floor().to_integer();
    let hi = (upper * &s).ceil().to_integer();
    let exact = (lower == upper).then(|| rational_text(lower));
    Enclosure { lower: decimal(&lo, places), upper: decimal(&hi, places), exact }
}

/// √r, when r ≥ 0 is the square of a rational.
fn exact_root(r: &Rat) -> Option<Rat> {
    let (a, b) = (r.numer().sqrt(), r.denom().sqrt());
    (&(&a * &a) == r.numer() && &(&b * &b) == r.denom()).then(|| Rat::new(a, b))
}

/// ⌊√r·10^p⌋/10^p and ⌈√r·10^p⌉/10^p, for r ≥ 0 (√r = √(nd)/d).
fn root_bounds(r: &Rat, p: u32) -> (Rat, Rat) {
    let scale = BigInt::from(10).pow(p);
    let x = r.numer() * r.denom() * &scale * &scale;
    let lo = x.sqrt();
    let hi = if &lo * &lo == x { lo.clone() } else { &lo + 1 };
    let den = r.denom() * &scale;
    (Rat::new(lo, den.clone()), Rat::new(hi, den))
}

fn radical(r: &Rat) -> String {
    exact_root(r).map_or_else(|| format!("sqrt({})", rational_text(r)), |q| rational_text(&q))
}

/// c₀ = (√(a₀ + 2a₁) + √(a₀ − 2a₁))/2 and c₁ = (√(a₀ + 2a₁) − √(a₀ − 2a₁))/2: then c₀² + c₁² = a₀,
/// c₀c₁ = a₁, and c₀ ≥ |c₁|, so h's root −c₀/c₁ lies on or outside the circle.
fn spectral_factor(a: &[Rat], places: u32) -> SpectralFactor {
    let (a0, a1) = (a.first().cloned().unwrap_or_default(), a.get(1).cloned().unwrap_or_default());
    let two = Rat::from_integer(2.into());
    let (plus, minus) = (&a0 + &two * &a1, &a0 - &two * &a1);
    if let (Some(s), Some(t)) = (exact_root(&plus), exact_root(&minus)) {
        let c = [(&s + &t) / &two, (&s - &t) / &two];
        return SpectralFactor {
            coefficients: c.iter().map(rational_text).collect(),
            decimals: c.iter().map(|x| outward(x, x, places)).collect(),
        };
    }
    let ((s_lo, s_hi), (t_lo, t_hi)) = (root_bounds(&plus, places + 2), root_bounds(&minus, places + 2));
    let (s, t) = (radical(&plus), radical(&minus));
    let coefficients = match (s.as_str(), t.as_str()) {
        (_, "0") => vec![format!("{s}/2"), format!("{s}/2")],
        ("0", _) => vec![format!("{t}/2"), format!("-{t}/2")],
        _ => vec![format!("({s} + {t})/2"), format!("({s} - {t})/2")],
    };
    SpectralFactor {
        coefficients,
        decimals: vec![
            outward(&((&s_lo + &t_lo) / &two), &((&s_hi + &t_hi) / &two), places),
            outward(&((&s_lo - &t_hi) / &two), &((&s_hi - &t_lo) / &two), places),
        ],
    }
}

/// Decimal digits of ⌈x⌉ for x ≥ 0 (at least 1).
fn digits(x: &Rat) -> u32 {
    x.ceil().to_integer().to_string().len() as u32
}

/// Runs `body` (which prints ⌊v·10^K⌋ for K = places + 12) at a working precision of
/// `places + margin + 22` digits and encloses v: PARI/GP's result widened by a few units of 10^−K.
fn numerical(
    body: impl FnOnce(Program) -> Program,
    places: u32,
    margin: u32,
    ctx: &AdapterContext,
) -> Result<Enclosure, AdapterError> {
    let k = places + 12;
    let prog = body(Program::new(BackendKind::Pari).code("((P,K)->localprec(P);"))
        .code(")(")
        .small(i64::from(k + margin + 10))
        .code(",")
        .small(i64::from(k))
        .code(")");
    let reply = ctx.backend(&prog)?;
    let line = reply.lines.last().ok_or_else(|| AdapterError::Backend("PARI/GP printed nothing".into()))?;
    let v = Gp::parse(line)?.int()?.clone();
    let s = Rat::from_integer(BigInt::from(10).pow(k));
    let mut e = outward(&(Rat::from_integer(&v - 3) / &s), &(Rat::from_integer(&v + 4) / &s), places);
    e.exact = None;
    Ok(e)
}

impl Query for UnitCircle {
    type Input = CircleInput;
    type Output = CircleOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "polynomial.unit_circle.compute",
            "A polynomial on the unit circle: sup norm, L2 norm, arc energy, Mahler measure, Fejér–Riesz factor",
            "For |f(e^{iθ})|² or a cosine polynomial t(θ): its mean, maximum and minimum on the unit circle, its mean \
             over an arc, the Mahler measure of f, and the spectral factor of a nonnegative t of degree one.",
            "Works on t(θ) = a0 + 2 sum a_k cos(kθ), either |f(e^{iθ})|² for a real polynomial f (a_k the \
             autocorrelations of its coefficients) or given by its cosine coefficients. The mean a0 (for f the squared \
             L2 norm, by Parseval) is exact; the maximum (for f the squared sup norm) and minimum are enclosed \
             rigorously in-process through c = cos θ and Sturm isolation of the critical points; the energy \
             (1/2π) ∫ t dθ over an arc [2πa, 2πb] and the Mahler measure M(f) = |lead| prod max(1, |root|) are \
             computed on PARI/GP past the places asked (numerical; M(f) = |lead| exactly when no root lies outside \
             the circle, counted exactly); the Fejér–Riesz spectral factor h with |h|² = t is given in radicals for \
             t of degree one.",
            &[
                "polynomial",
                "unit-circle",
                "sup-norm",
                "l2-norm",
                "mahler-measure",
                "arc-energy",
                "fejer-riesz",
                "spectral-factorization",
                "trigonometric-polynomial",
                "parseval",
            ],
        )
    }
    fn provider(&self) -> Provider {
        super::native(include_str!("circle.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "sup norm, L2 norm and Mahler measure of Lehmer's polynomial",
                Mode::Explore,
                json!({"variables": ["z"], "polynomial": "z^10 + z^9 - z^7 - z^6 - z^5 - z^4 - z^3 + z + 1",
                       "quantities": ["mean", "maximum", "mahler_measure"]}),
            ),
            (
                "Fejér–Riesz factor of 5 + 4 cos θ and its energy on the first quarter turn",
                Mode::Explore,
                json!({"cosine_coefficients": [5, 2], "quantities": ["spectral_factor", "minimum", "arc_energy"],
                       "arc": [0, "1/4"]}),
            ),
        ]
    }
    fn validate(&self, i: &CircleInput) -> Result<(), Diagnostic> {
        parse(i).map(|_| ())
    }
    fn bounds(&self, i: &CircleInput) -> Result<(), Refusal> {
        parse(i).map(|_| ()).map_err(super::refused)
    }
    fn answer(&self, i: &CircleInput, ctx: &AdapterContext) -> Result<Answer<CircleOutput>, AdapterError> {
        let p = parse(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let asks = |q: CircleQuantity| i.quantities.contains(&q);
        let places = i.places;
        let mut out = CircleOutput {
            cosine_coefficients: p.a.iter().map(rational_text).collect(),
            mean: asks(CircleQuantity::Mean).then(|| rational_text(&p.a.first().cloned().unwrap_or_default())),
            maximum: None,
            minimum: None,
            arc_energy: None,
            mahler_measure: None,
            spectral_factor: asks(CircleQuantity::SpectralFactor).then(|| spectral_factor(&p.a, places)),
        };
        // Roots of f inside, on and outside the circle, counted exactly.
        let located = match &p.f {
            Some(f) if f.len() > 1 && (asks(CircleQuantity::MahlerMeasure) || asks(CircleQuantity::Minimum)) => {
                Some(counts(f, Region::UnitDisk, ctx)?)
            }
            _ => None,
        };
        if asks(CircleQuantity::Maximum) || asks(CircleQuantity::Minimum) {
            let [mut min, max] = extremes(&in_cosine(&p.a), places, ctx)?;
            if p.f.is_some() {
                // t = |f|² ≥ 0, and it vanishes exactly when f has a root on the circle.
                min.0 = min.0.max(Rat::zero());
                if located.is_some_and(|(_, on, _)| on > 0) {
                    min = (Rat::zero(), Rat::zero());
                }
            }
            out.maximum = asks(CircleQuantity::Maximum).then(|| outward(&max.0, &max.1, places));
            out.minimum = asks(CircleQuantity::Minimum).then(|| outward(&min.0, &min.1, places));
        }
        let size = digits(&p.a.iter().map(|c| c.abs()).sum::<Rat>()) + digits(&Rat::from_integer(p.a.len().into()));
        if let (true, Some((x, y))) = (asks(CircleQuantity::ArcEnergy), &p.arc) {
            let two = Rat::from_integer(2.into());
            let a0 = p.a.first().cloned().unwrap_or_default();
            out.arc_energy = Some(if (x * &two).is_integer() && (y * &two).is_integer() || p.a.len() <= 1 {
                let e = &a0 * (y - x);
                outward(&e, &e, places)
            } else {
                let tail = if p.a.len() > 1 { &p.a[1..] } else { &[] };
                let body = |b: Program| {
                    let b = b.code("my(A=[").list(tail, ",", super::rational).code("],x=");
                    let b = super::rational(super::rational(b, x).code(",y="), y).code(",a=");
                    super::rational(b, &a0)
                        .code(");print(floor((a*(y-x)+sum(d=1,#A,A[d]*(sin(2*Pi*d*y)-sin(2*Pi*d*x))/(Pi*d)))*10^K))")
                };
                numerical(body, places, size, ctx)?
            });
        }
        if let (true, Some(f)) = (asks(CircleQuantity::MahlerMeasure), &p.f) {
            let lead = f.last().cloned().unwrap_or_default().abs();
            let (_, roots_on, roots_outside) = located.unwrap_or_default();
            let value = if roots_outside == 0 {
                outward(&lead, &lead, places)
            } else {
                let body = |b: Program| {
                    super::gp_pol(b.code("my(f="), f, &Domain::Q)
                        .code(",r=polroots(f));print(floor(abs(pollead(f))*prod(i=1,#r,max(1,abs(r[i])))*10^K))")
                };
                numerical(body, places, size + digits(&lead.recip()), ctx)?
            };
            out.mahler_measure = Some(Mahler { roots_outside, roots_on, value });
        }
        let numerical_parts = out.arc_energy.as_ref().is_some_and(|e| e.exact.is_none())
            || out.mahler_measure.as_ref().is_some_and(|m| m.value.exact.is_none());
        let answer = Answer::from(out);
        Ok(if numerical_parts {
            answer.approximate().note(
                "NUMERICAL",
                "the arc energy and the Mahler measure (with roots outside the circle) are PARI/GP floating-point \
                 values at a working precision past the places asked, widened by a few units in the 12th place \
                 beyond them; they are not interval arithmetic",
            )
        } else {
            answer
        })
    }
}
