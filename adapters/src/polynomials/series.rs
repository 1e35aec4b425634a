//! Truncated formal power series, orthogonal polynomials by their three-term recurrences, and
//! univariate rational-function arithmetic in lowest terms, all in-process.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::{Coefficient, Domain, PolyValue, Ring, rational_text};
use jacobian_runtime::typed::Describe;
use num_traits::{One, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::arith::gcdext;
use super::calculus::divide;
use super::native::scalar;
use super::{
    Poly, Rat, constant, degree_less, derivative, equal, identities, power, product, q, read, ring, sum, terms,
};
use crate::cas::{self, Answer, Query};

fn provider() -> Provider {
    super::native(include_str!("series.rs"))
}

fn unsupported(d: Diagnostic) -> AdapterError {
    AdapterError::Unsupported(d.message)
}

/// Largest truncation order.
pub const MAX_ORDER: u32 = 1000;
/// Largest order of a composition or reversion.
pub const MAX_COMPOSE_ORDER: u32 = 200;

/// A series operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeriesOperation {
    /// f mod xᴺ.
    Truncate,
    /// f + g.
    Add,
    /// f − g.
    Subtract,
    /// c·f.
    ScalarMultiply,
    /// f·g.
    Multiply,
    /// f / g (g(0) ≠ 0).
    Divide,
    /// 1 / f (f(0) ≠ 0).
    Inverse,
    /// fᵏ for an integer k (f(0) ≠ 0 when k < 0).
    Power,
    /// f(g) (g(0) = 0).
    Compose,
    /// The compositional inverse h with f(h) = x (f(0) = 0, f′(0) ≠ 0).
    Reversion,
    /// f′.
    Derivative,
    /// ∫₀ˣ f.
    Integral,
    /// exp(f) (f(0) = 0, over Q).
    Exp,
    /// log(f) (f(0) = 1, over Q).
    Log,
}

/// Input of `formal_series.compute.operation`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SeriesInput {
    /// The series variable (one name).
    pub variables: Vec<String>,
    /// `Q` (default) or `F_p`.
    #[serde(default = "q")]
    pub domain: String,
    /// The operation.
    pub operation: SeriesOperation,
    /// f, given by a polynomial (its truncation).
    pub f: PolyValue,
    /// g, for add, subtract, multiply, divide, compose.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub g: Option<PolyValue>,
    /// The result is exact modulo x^order (1 to 1000; 200 for compose and reversion).
    pub order: u32,
    /// power: the exponent k (|k| ≤ 1000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exponent: Option<i32>,
    /// scalar_multiply: c.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scalar: Option<Coefficient>,
}

/// Output of `formal_series.compute.operation`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SeriesOutput {
    /// The result truncated below x^order, as a polynomial.
    pub series: String,
    /// Its coefficients c₀, …, c_{order−1}.
    pub coefficients: Vec<String>,
}

/// `formal_series.compute.operation`.
pub struct PowerSeries;

type Dense = Vec<Rat>;

struct Series<'a> {
    r: &'a Ring,
    n: usize,
}

impl Series<'_> {
    fn el(&self, c: Rat) -> Rat {
        self.r.domain.element(&c).unwrap_or_default()
    }
    fn fit(&self, mut a: Dense) -> Dense {
        a.resize(self.n, Rat::zero());
        a.into_iter().map(|c| self.el(c)).collect()
    }
    fn mul(&self, a: &[Rat], b: &[Rat]) -> Dense {
        let mut out = vec![Rat::zero(); self.n];
        for (i, x) in a.iter().enumerate().take(self.n) {
            if x.is_zero() {
                continue;
            }
            for (j, y) in b.iter().enumerate().take(self.n - i) {
                out[i + j] += x * y;
            }
        }
        self.fit(out)
    }
    fn inverse(&self, f: &[Rat]) -> Dense {
        let inv0 = self.r.domain.inverse(&f[0]).unwrap_or_else(Rat::one);
        let mut h = vec![Rat::zero(); self.n];
        h[0] = inv0.clone();
        for k in 1..self.n {
            let mut s = Rat::zero();
            for j in 1..=k.min(f.len().saturating_sub(1)) {
                s += &f[j] * &h[k - j];
            }
            h[k] = self.el(-s * &inv0);
        }
        h
    }
    fn compose(&self, f: &[Rat], g: &[Rat]) -> Dense {
        let mut acc = vec![Rat::zero(); self.n];
        for c in f.iter().rev() {
            acc = self.mul(&acc, g);
            acc[0] = self.el(&acc[0] + c);
        }
        acc
    }
    fn derivative(&self, f: &[Rat]) -> Dense {
        self.fit(f.iter().enumerate().skip(1).map(|(k, c)| c * Rat::from_integer(k.into())).collect())
    }
    fn integral(&self, f: &[Rat]) -> Dense {
        let mut out = vec![Rat::zero()];
        out.extend(f.iter().enumerate().map(|(k, c)| c / Rat::from_integer((k + 1).into())));
        self.fit(out)
    }
}

fn series_input(i: &SeriesInput) -> Result<(Ring, Dense, Option<Dense>), Diagnostic> {
    use SeriesOperation as O;
    let r = ring(&i.variables, &i.domain)?;
    super::one_variable(&r)?;
    super::field_only(&r)?;
    let max = if matches!(i.operation, O::Compose | O::Reversion) { MAX_COMPOSE_ORDER } else { MAX_ORDER };
    if i.order == 0 || i.order > max {
        return Err(Diagnostic::at("/order", "OUT_OF_RANGE", format!("1 to {max}")));
    }
    let f = read(&r, &i.f, "/f")?;
    super::degree_bound(&f, 1, 10 * MAX_ORDER, "/f")
        .map_err(|_| Diagnostic::at("/f", "TOO_LARGE", "degree at most 10,000"))?;
    let f = super::dense(&f);
    let needs_g = matches!(i.operation, O::Add | O::Subtract | O::Multiply | O::Divide | O::Compose);
    let g = match (&i.g, needs_g) {
        (Some(g), true) => Some(super::dense(&read(&r, g, "/g")?)),
        (None, true) => return Err(Diagnostic::at("/g", "MISSING", "this operation takes g")),
        (Some(_), false) => return Err(Diagnostic::at("/g", "UNEXPECTED", "this operation takes f only")),
        (None, false) => None,
    };
    let c0 = |p: &[Rat]| p.first().cloned().unwrap_or_default();
    let c1 = |p: &[Rat]| p.get(1).cloned().unwrap_or_default();
    let char0 = r.domain.characteristic() == 0;
    let bad = match i.operation {
        O::Divide if c0(g.as_deref().unwrap_or(&[])).is_zero() => Some(("/g", "g(0) is not zero")),
        O::Inverse if c0(&f).is_zero() => Some(("/f", "f(0) is not zero")),
        O::Power if i.exponent.is_none_or(|k| k.abs() > 1000) => Some(("/exponent", "an exponent k with |k| ≤ 1000")),
        O::Power if i.exponent.is_some_and(|k| k < 0) && c0(&f).is_zero() => Some(("/f", "f(0) is not zero for k < 0")),
        O::Compose if !c0(g.as_deref().unwrap_or(&[])).is_zero() => Some(("/g", "g(0) is zero")),
        O::Reversion if !c0(&f).is_zero() || c1(&f).is_zero() => Some(("/f", "f(0) = 0 and f'(0) ≠ 0")),
        O::Exp if !c0(&f).is_zero() || !char0 => Some(("/f", "f(0) = 0, over Q")),
        O::Log if !c0(&f).is_one() || !char0 => Some(("/f", "f(0) = 1, over Q")),
        O::Integral if !char0 && f.len() as u64 >= r.domain.characteristic() => {
            Some(("/domain", "over F_p, the degree is below p"))
        }
        O::ScalarMultiply if i.scalar.is_none() => Some(("/scalar", "a scalar")),
        _ => None,
    };
    if let Some((path, why)) = bad {
        return Err(Diagnostic::at(path, "BAD_SERIES", why));
    }
    Ok((r, f, g))
}

impl Query for PowerSeries {
    type Input = SeriesInput;
    type Output = SeriesOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "formal_series.compute.operation",
                "Truncated formal power series arithmetic",
                "Operations on formal power series over Q or F_p truncated at x^N: add, subtract, scalar multiply, \
                 multiply, divide, inverse, integer powers, composition, reversion, derivative, integral, exp, log.",
                "Computes with power series given by their first terms, exactly modulo x^order: sums, products, \
                 quotients and reciprocals (f(0) != 0), integer powers, composition f(g) with g(0) = 0, the \
                 compositional inverse (series reversion), derivative, integral with zero constant, and exp and log \
                 over Q. VERIFY replays the defining identity modulo x^order with an explicit quotient.",
                &[
                    "power-series",
                    "formal-series",
                    "series",
                    "taylor",
                    "truncate",
                    "inverse",
                    "reversion",
                    "composition",
                    "exp",
                    "log",
                    "generating-function",
                ],
            ),
            &[super::IDENTITIES],
        )
    }
    fn provider(&self) -> Provider {
        provider()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "1/(1 - x - x^2): Fibonacci",
                Mode::Verify,
                json!({"variables": ["x"], "operation": "inverse", "f": "1 - x - x^2", "order": 10}),
            ),
            (
                "reversion of x + x^2",
                Mode::Verify,
                json!({"variables": ["x"], "operation": "reversion", "f": "x + x^2", "order": 8}),
            ),
        ]
    }
    fn validate(&self, i: &SeriesInput) -> Result<(), Diagnostic> {
        series_input(i).map(|_| ())
    }
    fn answer(&self, i: &SeriesInput, ctx: &AdapterContext) -> Result<Answer<SeriesOutput>, AdapterError> {
        use SeriesOperation as O;
        let (r, f, g) = series_input(i).map_err(unsupported)?;
        let s = Series { r: &r, n: i.order as usize };
        let fp = Poly::from_dense(&f, 0, 1);
        let gv = g.clone().unwrap_or_default();
        let gp = Poly::from_dense(&gv, 0, 1);
        let (tf, tg) = (terms(&fp), terms(&gp));
        let x = json!([["1", [1]]]);
        // (h, expression E, and the value of E known modulo x^N, each side as (expression, dense value))
        let (h, left, left_value, right): (Dense, Value, Dense, Option<(Value, Dense)>) = match i.operation {
            O::Truncate => (s.fit(f.clone()), tf.clone(), f.clone(), None),
            O::Add | O::Subtract => {
                let sign = if i.operation == O::Add { Rat::one() } else { -Rat::one() };
                let v: Dense = (0..f.len().max(gv.len()))
                    .map(|k| f.get(k).cloned().unwrap_or_default() + &sign * gv.get(k).cloned().unwrap_or_default())
                    .collect();
                (s.fit(v.clone()), sum(vec![tf.clone(), product(vec![constant(&sign, 1), tg.clone()])]), v, None)
            }
            O::ScalarMultiply => {
                let c =
                    scalar(&r, i.scalar.as_ref().unwrap_or(&Coefficient::Int(1)), "/scalar").map_err(unsupported)?;
                let v: Dense = f.iter().map(|x| x * &c).collect();
                (s.fit(v.clone()), product(vec![constant(&c, 1), tf.clone()]), v, None)
            }
            O::Multiply => {
                let full = Series { r: &r, n: f.len() + gv.len() };
                let v = full.mul(&f, &gv);
                (s.fit(v.clone()), product(vec![tf.clone(), tg.clone()]), v, None)
            }
            O::Divide | O::Inverse => {
                let (num, den) =
                    if i.operation == O::Divide { (f.clone(), gv.clone()) } else { (vec![Rat::one()], f.clone()) };
                let h = s.mul(&num, &s.inverse(&den));
                // den·h ≡ num.
                let full = Series { r: &r, n: den.len() + h.len() };
                let v = full.mul(&den, &h);
                let hp = terms(&Poly::from_dense(&h, 0, 1));
                (
                    h,
                    product(vec![terms(&Poly::from_dense(&den, 0, 1)), hp]),
                    v,
                    Some((terms(&Poly::from_dense(&num, 0, 1)), num)),
                )
            }
            O::Power => {
                let k = i.exponent.unwrap_or(1);
                let base = if k < 0 { s.inverse(&f) } else { s.fit(f.clone()) };
                let mut h = s.fit(vec![Rat::one()]);
                for _ in 0..k.unsigned_abs() {
                    ctx.checkpoint()?;
                    h = s.mul(&h, &base);
                }
                if k >= 0 {
                    let full = Series { r: &r, n: f.len().saturating_sub(1) * k as usize + 1 };
                    let mut v = full.fit(vec![Rat::one()]);
                    for _ in 0..k {
                        v = full.mul(&v, &f);
                    }
                    (h, power(tf.clone(), k as u32), v, None)
                } else {
                    // f^|k| · h ≡ 1.
                    let full = Series { r: &r, n: f.len().saturating_sub(1) * k.unsigned_abs() as usize + h.len() };
                    let mut v = full.fit(h.clone());
                    for _ in 0..k.unsigned_abs() {
                        v = full.mul(&v, &f);
                    }
                    let hp = terms(&Poly::from_dense(&h, 0, 1));
                    (
                        h,
                        product(vec![power(tf.clone(), k.unsigned_abs()), hp]),
                        v,
                        Some((constant(&Rat::one(), 1), vec![Rat::one()])),
                    )
                }
            }
            O::Compose | O::Reversion => {
                let h = if i.operation == O::Compose {
                    s.compose(&f, &gv)
                } else {
                    let inv1 = r.domain.inverse(&f[1]).unwrap_or_else(Rat::one);
                    let mut h = vec![Rat::zero(); s.n];
                    if s.n > 1 {
                        h[1] = inv1.clone();
                    }
                    for k in 2..s.n {
                        ctx.checkpoint()?;
                        let c = s.compose(&f, &h)[k].clone();
                        h[k] = s.el(&h[k] - c * &inv1);
                    }
                    h
                };
                let (outer, inner) =
                    if i.operation == O::Compose { (fp.clone(), gv.clone()) } else { (fp.clone(), h.clone()) };
                let full = Series { r: &r, n: (outer.degree_in(0).unwrap_or(0) as usize) * inner.len().max(1) + 1 };
                let v = full.compose(&super::dense(&outer), &inner);
                let expr = super::substituted(&outer, &[terms(&Poly::from_dense(&inner, 0, 1))], 1);
                if i.operation == O::Compose {
                    (h, expr, v, None)
                } else {
                    (h, expr, v, Some((x.clone(), vec![Rat::zero(), Rat::one()])))
                }
            }
            O::Derivative => {
                let v = Series { r: &r, n: f.len() }.derivative(&f);
                (s.fit(v.clone()), derivative(tf.clone(), 0), v, None)
            }
            O::Integral => {
                let h = s.integral(&f);
                // h′ ≡ f modulo x^(N−1), and h has no constant term (h = x·h₁).
                let hp = Poly::from_dense(&h, 0, 1);
                let h1 = Poly::from_dense(&h[1.min(h.len())..], 0, 1);
                let sub = Series { r: &r, n: s.n.saturating_sub(1) };
                let extra = equal(terms(&hp), product(vec![x.clone(), terms(&h1)]));
                let rel = modular(
                    &r,
                    derivative(terms(&hp), 0),
                    &s.derivative(&h),
                    terms(&Poly::from_dense(&sub.fit(f.clone()), 0, 1)),
                    &sub.fit(f.clone()),
                    sub.n,
                );
                return finish(&r, h, vec![extra, rel, degree_less(terms(&hp), power(x, s.n as u32), 0)]);
            }
            O::Exp | O::Log => {
                let fd = s.derivative(&f);
                let mut h = vec![Rat::zero(); s.n];
                if i.operation == O::Exp {
                    h[0] = Rat::one();
                    for k in 1..s.n {
                        let mut acc = Rat::zero();
                        for j in 1..=k.min(f.len().saturating_sub(1)) {
                            acc += Rat::from_integer(j.into()) * &f[j] * &h[k - j];
                        }
                        h[k] = acc / Rat::from_integer(k.into());
                    }
                } else {
                    h = s.integral(&s.mul(&fd, &s.inverse(&f)));
                }
                // exp: h′ ≡ f′·h (mod x^(N−1)), h = 1 + x·h₁;  log: f·h′ ≡ f′, h = x·h₁.
                let hp = Poly::from_dense(&h, 0, 1);
                let sub = Series { r: &r, n: s.n.saturating_sub(1) };
                let full = Series { r: &r, n: f.len() + h.len() };
                let h1 = Poly::from_dense(&h[1.min(h.len())..], 0, 1);
                let (l, lv, rgt, rv) = if i.operation == O::Exp {
                    let v = full.mul(&full.derivative(&f), &h);
                    (
                        product(vec![derivative(tf.clone(), 0), terms(&hp)]),
                        v,
                        derivative(terms(&hp), 0),
                        full.derivative(&h),
                    )
                } else {
                    let v = full.mul(&f, &full.derivative(&h));
                    (
                        product(vec![tf.clone(), derivative(terms(&hp), 0)]),
                        v,
                        derivative(tf.clone(), 0),
                        full.derivative(&f),
                    )
                };
                let start = if i.operation == O::Exp { constant(&Rat::one(), 1) } else { json!([]) };
                let rel = vec![
                    equal(terms(&hp), sum(vec![start, product(vec![x.clone(), terms(&h1)])])),
                    both_modular(&r, l, &lv, rgt, &rv, sub.n),
                    degree_less(terms(&hp), power(x, s.n as u32), 0),
                ];
                return finish(&r, h, rel);
            }
        };
        let rel = match right {
            None => modular(&r, left, &left_value, terms(&Poly::from_dense(&h, 0, 1)), &h, s.n),
            Some((re, rv)) => both_modular(&r, left, &left_value, re, &rv, s.n),
        };
        let hp = Poly::from_dense(&h, 0, 1);
        finish(&r, h, vec![rel, degree_less(terms(&hp), power(x, s.n as u32), 0)])
    }
}

/// `left ≡ right (mod x^n)` as `left = right + x^n·q`, where `lv` and `rv` are their values.
fn modular(r: &Ring, left: Value, lv: &[Rat], right: Value, rv: &[Rat], n: usize) -> Value {
    both_modular(r, left, lv, right, rv, n)
}

fn both_modular(r: &Ring, left: Value, lv: &[Rat], right: Value, rv: &[Rat], n: usize) -> Value {
    let len = lv.len().max(rv.len());
    let z = Rat::zero();
    let diff: Vec<Rat> = (0..len)
        .map(|k| r.domain.element(&(lv.get(k).unwrap_or(&z) - rv.get(k).unwrap_or(&z))).unwrap_or_default())
        .collect();
    let q = Poly::from_dense(diff.get(n..).unwrap_or(&[]), 0, 1);
    equal(left, sum(vec![right, product(vec![power(json!([["1", [1]]]), n as u32), terms(&q)])]))
}

fn finish(r: &Ring, h: Dense, rel: Vec<Value>) -> Result<Answer<SeriesOutput>, AdapterError> {
    let p = Poly::from_dense(&h, 0, 1);
    let out = SeriesOutput { series: r.print(&p), coefficients: h.iter().map(rational_text).collect() };
    Ok(Answer::from(out).claim(identities(r, rel)))
}

/// A family of classical orthogonal polynomials.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Family {
    /// Chebyshev of the first kind Tₙ.
    ChebyshevT,
    /// Chebyshev of the second kind Uₙ.
    ChebyshevU,
    /// Legendre Pₙ.
    Legendre,
    /// Hermite, physicists' Hₙ.
    Hermite,
    /// Hermite, probabilists' Heₙ.
    HermiteE,
    /// Generalized Laguerre Lₙ^(α).
    Laguerre,
    /// Gegenbauer Cₙ^(α) (α ≠ 0).
    Gegenbauer,
}

/// Input of `orthogonal_polynomial.compute.family`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OrthogonalInput {
    /// The family.
    pub family: Family,
    /// The degree n (0 to 200).
    pub degree: u32,
    /// α for Laguerre (default 0) and Gegenbauer (default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alpha: Option<Coefficient>,
    /// The variable name (default x).
    #[serde(default = "xname")]
    pub variable: String,
    /// Also the Christoffel–Darboux kernel Kₙ(x, y) = Σ_{k ≤ n} p_k(x) p_k(y) / h_k in this second
    /// variable (for example `y`), with the norms h_k of the weight normalized to h₀ = 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub christoffel_darboux: Option<String>,
}

fn xname() -> String {
    "x".into()
}

/// Output of `orthogonal_polynomial.compute.family`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct OrthogonalOutput {
    /// pₙ.
    pub polynomial: String,
    /// The recurrence p_{k+1} = (A_k x + B_k) p_k − C_k p_{k−1}: rows [A_k, B_k, C_k] for k = 0…n−1 (C₀ = 0).
    pub recurrence: Vec<[String; 3]>,
    /// The monic recurrence p̂_{k+1} = (x − α_k) p̂_k − β_k p̂_{k−1}: the Jacobi matrix's diagonal α.
    pub jacobi_diagonal: Vec<String>,
    /// … and the squares β_k (k ≥ 1) of its off-diagonal.
    pub jacobi_offdiagonal_squared: Vec<String>,
    /// With `christoffel_darboux`: the kernel Kₙ(x, y) = Σ_{k ≤ n} p_k(x) p_k(y) / h_k.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kernel: Option<String>,
    /// With `christoffel_darboux`: the norms h₀ = 1, h₁, …, hₙ relative to h₀
    /// (h_k / h_{k−1} = C_k A_{k−1} / A_k from the recurrence).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub norms: Option<Vec<String>>,
    /// With `christoffel_darboux`: c in (x − y) Kₙ(x, y) = c (p_{n+1}(x) pₙ(y) − pₙ(x) p_{n+1}(y)),
    /// c = 1 / (Aₙ hₙ).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub christoffel_darboux_constant: Option<String>,
}

/// `orthogonal_polynomial.compute.family`.
pub struct Orthogonal;

fn recurrence(family: Family, alpha: &Rat, k: u32) -> [Rat; 3] {
    let k_ = Rat::from_integer(k.into());
    let one = Rat::one();
    let two = Rat::from_integer(2.into());
    let z = Rat::zero();
    let k1 = &k_ + &one;
    match family {
        Family::ChebyshevT if k == 0 => [one, z.clone(), z],
        Family::ChebyshevT | Family::ChebyshevU => [two, z.clone(), if k == 0 { z } else { one }],
        Family::Legendre => [(&two * &k_ + &one) / &k1, z, &k_ / &k1],
        Family::Hermite => [two.clone(), z, &two * &k_],
        Family::HermiteE => [one, z, k_],
        Family::Laguerre => [-(&one / &k1), (&two * &k_ + &one + alpha) / &k1, (&k_ + alpha) / &k1],
        Family::Gegenbauer => [&two * (&k_ + alpha) / &k1, z, (&k_ + &two * alpha - &one) / &k1],
    }
}

impl Query for Orthogonal {
    type Input = OrthogonalInput;
    type Output = OrthogonalOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "orthogonal_polynomial.compute.family",
                "Orthogonal polynomials: Chebyshev, Legendre, Hermite, Laguerre, Gegenbauer",
                "The n-th classical orthogonal polynomial of a family, its three-term recurrence coefficients and \
                 the Jacobi matrix of the monic recurrence.",
                "Builds Chebyshev T and U, Legendre, Hermite (physicists' and probabilists'), generalized Laguerre and \
                 Gegenbauer polynomials of degree up to 200 exactly over Q from their three-term recurrences, with \
                 the recurrence coefficients and the Jacobi (tridiagonal) matrix entries of the monic form. VERIFY \
                 replays every step of the recurrence.",
                &[
                    "orthogonal-polynomials",
                    "chebyshev",
                    "legendre",
                    "hermite",
                    "laguerre",
                    "gegenbauer",
                    "recurrence",
                    "jacobi-matrix",
                ],
            ),
            &[super::IDENTITIES],
        )
    }
    fn provider(&self) -> Provider {
        provider()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("Legendre P_5", Mode::Verify, json!({"family": "legendre", "degree": 5}))]
    }
    fn validate(&self, i: &OrthogonalInput) -> Result<(), Diagnostic> {
        let r =
            ring(std::slice::from_ref(&i.variable), "Q").map_err(|d| Diagnostic::at("/variable", d.code, d.message))?;
        if i.degree > 200 {
            return Err(Diagnostic::at("/degree", "OUT_OF_RANGE", "0 to 200"));
        }
        if let Some(y) = &i.christoffel_darboux {
            ring(&[i.variable.clone(), y.clone()], "Q")
                .map_err(|d| Diagnostic::at("/christoffel_darboux", d.code, d.message))?;
            if i.degree > 60 {
                return Err(Diagnostic::at("/degree", "OUT_OF_RANGE", "0 to 60 with the Christoffel–Darboux kernel"));
            }
        }
        if let Some(a) = &i.alpha {
            let a = scalar(&r, a, "/alpha")?;
            match i.family {
                Family::Gegenbauer if a.is_zero() => {
                    return Err(Diagnostic::at("/alpha", "BAD_ALPHA", "α ≠ 0 for Gegenbauer"));
                }
                Family::Laguerre | Family::Gegenbauer => {}
                _ => return Err(Diagnostic::at("/alpha", "UNEXPECTED", "only Laguerre and Gegenbauer take α")),
            }
        }
        Ok(())
    }
    fn answer(&self, i: &OrthogonalInput, _: &AdapterContext) -> Result<Answer<OrthogonalOutput>, AdapterError> {
        let r = ring(std::slice::from_ref(&i.variable), "Q").map_err(unsupported)?;
        let default = if i.family == Family::Gegenbauer { Rat::one() } else { Rat::zero() };
        let alpha = match &i.alpha {
            Some(a) => scalar(&r, a, "/alpha").map_err(unsupported)?,
            None => default,
        };
        let x = Poly::variable(0, 1);
        let mut ps = vec![Poly::constant(Rat::one(), 1)];
        let mut rows = vec![];
        let mut rel = vec![];
        // The kernel needs p_{n+1} and the recurrence row n.
        let steps = i.degree + u32::from(i.christoffel_darboux.is_some());
        for k in 0..steps {
            let [a, b, c] = recurrence(i.family, &alpha, k);
            let lin = x.scale(&a).add(&Poly::constant(b.clone(), 1));
            let prev = if k == 0 { Poly::zero() } else { ps[k as usize - 1].clone() };
            let next = lin.mul(&ps[k as usize]).map_err(super::native::too_large)?.sub(&prev.scale(&c));
            rel.push(equal(
                terms(&next),
                sum(vec![
                    product(vec![terms(&lin), terms(&ps[k as usize])]),
                    product(vec![constant(&-c.clone(), 1), terms(&prev)]),
                ]),
            ));
            ps.push(next);
            rows.push([a, b, c]);
        }
        let n = i.degree as usize;
        let (kernel, rel) = match &i.christoffel_darboux {
            Some(y) => (Some(christoffel_darboux(&ps, &rows, n, y, &i.variable, rel)?), vec![]),
            None => (None, rel),
        };
        let rows = &rows[..n];
        // Monic form: α_k = −B_k/A_k, β_k = C_k/(A_k·A_{k−1}).
        let diag: Vec<String> = rows.iter().map(|[a, b, _]| rational_text(&(-(b / a)))).collect();
        let off: Vec<String> =
            (1..rows.len()).map(|k| rational_text(&(&rows[k][2] / (&rows[k][0] * &rows[k - 1][0])))).collect();
        let mut out = OrthogonalOutput {
            polynomial: r.print(&ps[n]),
            recurrence: rows.iter().map(|[a, b, c]| [rational_text(a), rational_text(b), rational_text(c)]).collect(),
            jacobi_diagonal: diag,
            jacobi_offdiagonal_squared: off,
            kernel: None,
            norms: None,
            christoffel_darboux_constant: None,
        };
        let Some(Kernel { kernel, norms, constant, claim }) = kernel else {
            let answer = Answer::from(out);
            return Ok(if rel.is_empty() { answer } else { answer.claim(identities(&r, rel)) });
        };
        out.kernel = Some(kernel);
        out.norms = Some(norms);
        out.christoffel_darboux_constant = Some(constant);
        Ok(Answer::from(out).claim(claim))
    }
}

/// The Christoffel–Darboux kernel, printed, with the claim of the whole answer in two variables.
struct Kernel {
    kernel: String,
    norms: Vec<String>,
    constant: String,
    claim: crate::cas::Claim,
}

/// Kₙ(x, y) = Σ_{k ≤ n} p_k(x) p_k(y) / h_k from p₀, …, p_{n+1} and the recurrence rows 0…n.
/// The claim holds the recurrence steps (in x), the kernel's definition and the
/// Christoffel–Darboux identity (x − y) Kₙ = c (p_{n+1}(x) pₙ(y) − pₙ(x) p_{n+1}(y)).
fn christoffel_darboux(
    ps: &[Poly],
    rows: &[[Rat; 3]],
    n: usize,
    y: &str,
    x: &str,
    recurrence: Vec<Value>,
) -> Result<Kernel, AdapterError> {
    let r2 = ring(&[x.to_owned(), y.to_owned()], "Q").map_err(unsupported)?;
    let lift = |p: &Poly, var: usize| {
        Poly::from_terms(p.terms().map(|(m, c)| (if var == 0 { vec![m[0], 0] } else { vec![0, m[0]] }, c.clone())))
    };
    let too_large = super::native::too_large;
    // h₀ = 1, h_k = h_{k−1} · C_k A_{k−1} / A_k.
    let mut h = vec![Rat::one()];
    for k in 1..=n {
        h.push(&h[k - 1] * &rows[k][2] * &rows[k - 1][0] / &rows[k][0]);
    }
    let mut kernel = Poly::zero();
    let mut parts = vec![];
    for k in 0..=n {
        let (px, py) = (lift(&ps[k], 0), lift(&ps[k], 1));
        kernel = kernel.add(&px.mul(&py).map_err(too_large)?.scale(&h[k].recip()));
        parts.push(product(vec![constant(&h[k].recip(), 2), terms(&px), terms(&py)]));
    }
    let c = (&rows[n][0] * &h[n]).recip();
    let (pnx, pny, qx, qy) = (lift(&ps[n], 0), lift(&ps[n], 1), lift(&ps[n + 1], 0), lift(&ps[n + 1], 1));
    let diff = Poly::variable(0, 2).sub(&Poly::variable(1, 2));
    let right = qx.mul(&pny).map_err(too_large)?.sub(&pnx.mul(&qy).map_err(too_large)?).scale(&c);
    if diff.mul(&kernel).map_err(too_large)? != right {
        return Err(AdapterError::Backend("the Christoffel–Darboux identity failed; the recurrence is wrong".into()));
    }
    // The recurrence steps were built in one variable: each term list [c, [e]] becomes [c, [e, 0]].
    fn widen(v: Value) -> Value {
        match v {
            Value::Array(items) if items.len() == 1 && items[0].is_u64() => json!([items[0], 0]),
            Value::Array(items) => Value::Array(items.into_iter().map(widen).collect()),
            Value::Object(m) => Value::Object(m.into_iter().map(|(k, v)| (k, widen(v))).collect()),
            other => other,
        }
    }
    let mut rel: Vec<Value> = recurrence.into_iter().map(widen).collect();
    rel.push(equal(terms(&kernel), sum(parts)));
    rel.push(equal(
        product(vec![terms(&diff), terms(&kernel)]),
        product(vec![
            constant(&c, 2),
            sum(vec![
                product(vec![terms(&qx), terms(&pny)]),
                product(vec![constant(&-Rat::one(), 2), terms(&pnx), terms(&qy)]),
            ]),
        ]),
    ));
    Ok(Kernel {
        kernel: r2.print(&kernel),
        norms: h[..=n].iter().map(rational_text).collect(),
        constant: rational_text(&c),
        claim: identities(&r2, rel),
    })
}

/// A rational-function operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RationalOperation {
    /// Lowest terms of one operand.
    Reduce,
    /// Σ operands.
    Sum,
    /// first − second.
    Difference,
    /// Π operands.
    Product,
    /// first / second.
    Quotient,
    /// d/dx of one operand.
    Derivative,
    /// The logarithmic derivative f′/f of one non-zero operand.
    LogarithmicDerivative,
}

/// A rational function operand.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Fraction {
    /// The numerator.
    pub numerator: PolyValue,
    /// The denominator (not zero; default 1).
    #[serde(default = "one")]
    pub denominator: PolyValue,
}

fn one() -> PolyValue {
    PolyValue::Text("1".into())
}

/// Input of `rational_function.compute.arithmetic`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RationalInput {
    /// One variable name.
    pub variables: Vec<String>,
    /// `Q` (default) or `F_p`.
    #[serde(default = "q")]
    pub domain: String,
    /// The operation.
    pub operation: RationalOperation,
    /// The operands (1 for reduce and derivative, 2 for difference and quotient, 1 to 16 otherwise).
    pub operands: Vec<Fraction>,
}

/// Output of `rational_function.compute.arithmetic`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RationalOutput {
    /// The numerator, in lowest terms.
    pub numerator: String,
    /// The denominator, monic.
    pub denominator: String,
    /// When the denominator is a power xᵏ (Laurent polynomials in, a Laurent polynomial out):
    /// the result's terms `[coefficient, exponent]`, highest exponent first, exponents possibly
    /// negative.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub laurent: Option<Vec<(String, i64)>>,
}

/// `rational_function.compute.arithmetic`.
pub struct RationalArithmetic;

fn rational_input(i: &RationalInput) -> Result<(Ring, Vec<(Poly, Poly)>), Diagnostic> {
    use RationalOperation as O;
    let r = ring(&i.variables, &i.domain)?;
    super::one_variable(&r)?;
    super::field_only(&r)?;
    let ok = match i.operation {
        O::Reduce | O::Derivative | O::LogarithmicDerivative => i.operands.len() == 1,
        O::Difference | O::Quotient => i.operands.len() == 2,
        _ => (1..=16).contains(&i.operands.len()),
    };
    if !ok {
        return Err(Diagnostic::at(
            "/operands",
            "ARITY",
            "1 operand for reduce and the derivatives, 2 for difference and quotient, 1 to 16 otherwise",
        ));
    }
    let mut out = vec![];
    for (k, f) in i.operands.iter().enumerate() {
        let n = read(&r, &f.numerator, &format!("/operands/{k}/numerator"))?;
        let d = read(&r, &f.denominator, &format!("/operands/{k}/denominator"))?;
        let divides_by_it = (i.operation == O::Quotient && k == 1) || i.operation == O::LogarithmicDerivative;
        if d.is_zero() || (divides_by_it && n.is_zero()) {
            return Err(Diagnostic::at(
                format!("/operands/{k}"),
                "DIVISION_BY_ZERO",
                "a denominator (and a divisor) is not zero",
            ));
        }
        super::degree_bound(&n, 1, 500, "")
            .map_err(|_| Diagnostic::at(format!("/operands/{k}"), "TOO_LARGE", "degree at most 500"))?;
        super::degree_bound(&d, 1, 500, "")
            .map_err(|_| Diagnostic::at(format!("/operands/{k}"), "TOO_LARGE", "degree at most 500"))?;
        out.push((n, d));
    }
    Ok((r, out))
}

impl Query for RationalArithmetic {
    type Input = RationalInput;
    type Output = RationalOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "rational_function.compute.arithmetic",
                "Rational function arithmetic in lowest terms",
                "Sum, difference, product, quotient, derivative, logarithmic derivative and reduction to lowest terms \
                 of univariate rational functions over Q or F_p.",
                "Computes with fractions of polynomials in one variable, the result in lowest terms (numerator and \
                 denominator coprime by extended Euclid, denominator monic); Laurent polynomials are fractions over \
                 a power of x, and a result whose denominator is a power of x is also given as a Laurent polynomial \
                 with negative exponents. VERIFY replays the cross-multiplied identity and a Bezout relation \
                 s n + t d = 1 proving lowest terms.",
                &[
                    "rational-function",
                    "fraction",
                    "simplify",
                    "cancel",
                    "lowest-terms",
                    "derivative",
                    "sum",
                    "product",
                    "quotient",
                    "laurent",
                ],
            ),
            &[super::IDENTITIES],
        )
    }
    fn provider(&self) -> Provider {
        provider()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "1/(x-1) + 1/(x+1)",
            Mode::Verify,
            json!({"variables": ["x"], "operation": "sum", "operands": [{"numerator": "1", "denominator": "x - 1"}, {"numerator": "1", "denominator": "x + 1"}]}),
        )]
    }
    fn validate(&self, i: &RationalInput) -> Result<(), Diagnostic> {
        rational_input(i).map(|_| ())
    }
    fn bounds(&self, _: &RationalInput) -> Result<(), Refusal> {
        Ok(())
    }
    fn answer(&self, i: &RationalInput, _: &AdapterContext) -> Result<Answer<RationalOutput>, AdapterError> {
        use RationalOperation as O;
        let (r, ops) = rational_input(i).map_err(unsupported)?;
        let red = |p: Poly| r.domain.reduce(p).map_err(AdapterError::Unsupported);
        let mul =
            |a: &Poly, b: &Poly| -> Result<Poly, AdapterError> { red(a.mul(b).map_err(super::native::too_large)?) };
        let m1 = constant(&-Rat::one(), 1);
        let t = |p: &Poly| terms(p);
        let (n, d, ne, de) = match i.operation {
            O::Reduce => (ops[0].0.clone(), ops[0].1.clone(), t(&ops[0].0), t(&ops[0].1)),
            O::Sum | O::Difference => {
                let (mut n, mut d) = (ops[0].0.clone(), ops[0].1.clone());
                let (mut ne, mut de) = (t(&n), t(&d));
                for (a, b) in &ops[1..] {
                    let a2 = if i.operation == O::Difference { a.neg() } else { a.clone() };
                    n = red(mul(&n, b)?.add(&mul(&a2, &d)?))?;
                    d = mul(&d, b)?;
                    let ae = if i.operation == O::Difference { product(vec![m1.clone(), t(a)]) } else { t(a) };
                    ne = sum(vec![product(vec![ne, t(b)]), product(vec![ae, de.clone()])]);
                    de = product(vec![de, t(b)]);
                }
                (n, d, ne, de)
            }
            O::Product => {
                let (mut n, mut d) = (Poly::constant(Rat::one(), 1), Poly::constant(Rat::one(), 1));
                for (a, b) in &ops {
                    n = mul(&n, a)?;
                    d = mul(&d, b)?;
                }
                (n, d, product(ops.iter().map(|o| t(&o.0)).collect()), product(ops.iter().map(|o| t(&o.1)).collect()))
            }
            O::Quotient => {
                let (n, d) = (mul(&ops[0].0, &ops[1].1)?, mul(&ops[0].1, &ops[1].0)?);
                (n, d, product(vec![t(&ops[0].0), t(&ops[1].1)]), product(vec![t(&ops[0].1), t(&ops[1].0)]))
            }
            O::Derivative => {
                let (a, b) = &ops[0];
                let n = red(mul(&a.derivative(0), b)?.sub(&mul(a, &b.derivative(0))?))?;
                let ne = sum(vec![
                    product(vec![derivative(t(a), 0), t(b)]),
                    product(vec![m1.clone(), t(a), derivative(t(b), 0)]),
                ]);
                (n, mul(b, b)?, ne, power(t(b), 2))
            }
            O::LogarithmicDerivative => {
                // (a/b)′/(a/b) = (a′b − ab′)/(ab).
                let (a, b) = &ops[0];
                let n = red(mul(&a.derivative(0), b)?.sub(&mul(a, &b.derivative(0))?))?;
                let ne = sum(vec![
                    product(vec![derivative(t(a), 0), t(b)]),
                    product(vec![m1.clone(), t(a), derivative(t(b), 0)]),
                ]);
                (n, mul(a, b)?, ne, product(vec![t(a), t(b)]))
            }
        };
        // Lowest terms: divide by gcd(n, d), then make d monic.
        let (g, _, _) = gcdext(&r, &super::dense(&n), &super::dense(&d));
        let (nq, _) = if n.is_zero() { (vec![], vec![]) } else { divide(&r, &super::dense(&n), &g) };
        let (dq, _) = divide(&r, &super::dense(&d), &g);
        let (nq, dq) = if n.is_zero() { (vec![], vec![Rat::one()]) } else { (nq, dq) };
        let lead = dq.iter().rev().find(|c| !c.is_zero()).cloned().unwrap_or_else(Rat::one);
        let inv = r.domain.inverse(&lead).unwrap_or_else(Rat::one);
        let (np, dp) = (red(Poly::from_dense(&nq, 0, 1).scale(&inv))?, red(Poly::from_dense(&dq, 0, 1).scale(&inv))?);
        let (one_, s, tt) = gcdext(&r, &super::dense(&np), &super::dense(&dp));
        let _ = one_;
        let rel = vec![
            equal(product(vec![t(&np), de]), product(vec![t(&dp), ne])),
            equal(
                constant(&Rat::one(), 1),
                sum(vec![
                    product(vec![t(&Poly::from_dense(&s, 0, 1)), t(&np)]),
                    product(vec![t(&Poly::from_dense(&tt, 0, 1)), t(&dp)]),
                ]),
            ),
        ];
        let _ = Domain::Q;
        let laurent = (dp.len() == 1).then(|| {
            let k = i64::from(dp.total_degree().unwrap_or(0));
            np.sorted_terms().into_iter().map(|(m, c)| (rational_text(c), i64::from(m[0]) - k)).collect()
        });
        Ok(Answer::from(RationalOutput { numerator: r.print(&np), denominator: r.print(&dp), laurent })
            .claim(identities(&r, rel)))
    }
}
