//! `real_algebraic.plane_curve.arclength`: a rigorous enclosure of the length of a polynomial
//! plane curve t ↦ (x(t), y(t)) over [a, b], computed in-process.
//!
//! With h = gcd(x′, y′), the speed is |h|·√w for w = (x′/h)² + (y′/h)², which has no real root.
//! [a, b] is cut at isolating intervals of the real roots of h (each contributes between 0 and
//! its width times a bound of the integrand). On each remaining piece, centred at c with radius
//! ρ, the Taylor series of h·√w at c is computed in outward-rounded fixed-point interval
//! arithmetic; when w has no zero in the disc of radius 2ρ (|w(c)| > Σₖ≥₁ |wₖ|(2ρ)^k), Cauchy's
//! estimate bounds the truncated tail by 2ρ·M·2^−K with M a bound of |h·√w| on that disc. Pieces
//! whose enclosure is too wide are halved. When w is a square and h keeps its sign, the length
//! is the integral of a polynomial and is given exactly.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::{Coefficient, Domain, PolyValue, Ring, rational_text};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::arith::{add, deriv, eval, gcd, isolate_within, monic, mul, quo, squarefree, trim};
use super::circle::{Enclosure, outward};
use super::native::scalar;
use super::{Rat, dense, read, ring};
use crate::cas::{self, Answer, Query};

/// Highest degree of x(t) and y(t).
pub const MAX_DEGREE: u32 = 24;
/// Most decimal places.
pub const MAX_PLACES: u32 = 40;
/// Most pieces before the enclosure is given up.
const MAX_PIECES: usize = 20_000;
/// Highest Taylor order on a piece.
const MAX_ORDER: usize = 320;

fn t() -> String {
    "t".into()
}

fn places() -> u32 {
    15
}

/// Input of `real_algebraic.plane_curve.arclength`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArclengthInput {
    /// x(t), a polynomial over Q in `variable` (degree at most 24).
    pub x: PolyValue,
    /// y(t) (degree at most 24). The graph of p over [a, b] is x = t, y = p(t).
    pub y: PolyValue,
    /// The parameter (default t).
    #[serde(default = "t")]
    pub variable: String,
    /// [a, b] with a ≤ b, rationals.
    pub interval: [Coefficient; 2],
    /// Decimal places of the enclosure (1 to 40, default 15).
    #[serde(default = "places")]
    pub places: u32,
}

/// Output of `real_algebraic.plane_curve.arclength`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ArclengthOutput {
    /// ∫ₐᵇ √(x′² + y′²) dt: the floor and ceiling at `places` of a rigorous enclosure, and the
    /// exact value when the speed is a polynomial of constant sign on [a, b].
    pub length: Enclosure,
    /// x′(t)² + y′(t)², the squared speed.
    pub speed_squared: String,
    /// Parameters in [a, b] where the speed vanishes (cusps or stops), as isolating intervals.
    pub stationary: Vec<[String; 2]>,
    /// Pieces integrated.
    pub pieces: usize,
}

/// `real_algebraic.plane_curve.arclength`.
pub struct Arclength;

struct Parsed {
    x: Vec<Rat>,
    y: Vec<Rat>,
    a: Rat,
    b: Rat,
    ring: Ring,
}

fn parse(i: &ArclengthInput) -> Result<Parsed, Diagnostic> {
    let ring =
        ring(std::slice::from_ref(&i.variable), "Q").map_err(|d| Diagnostic::at("/variable", d.code, d.message))?;
    let x = read(&ring, &i.x, "/x")?;
    let y = read(&ring, &i.y, "/y")?;
    for (p, path) in [(&x, "/x"), (&y, "/y")] {
        if p.total_degree().unwrap_or(0) > MAX_DEGREE || p.coefficient_bits() > 256 {
            return Err(Diagnostic::at(path, "TOO_LARGE", "degree at most 24, coefficients of at most 256 bits"));
        }
    }
    let a = scalar(&ring, &i.interval[0], "/interval/0")?;
    let b = scalar(&ring, &i.interval[1], "/interval/1")?;
    if a > b {
        return Err(Diagnostic::at("/interval", "EMPTY_INTERVAL", "a ≤ b"));
    }
    for (v, path) in [(&a, "/interval/0"), (&b, "/interval/1")] {
        if v.numer().bits() > 128 || v.denom().bits() > 128 {
            return Err(Diagnostic::at(path, "TOO_LARGE", "numerator and denominator of at most 128 bits"));
        }
    }
    if !(1..=MAX_PLACES).contains(&i.places) {
        return Err(Diagnostic::at("/places", "OUT_OF_RANGE", "1 to 40"));
    }
    Ok(Parsed { x: dense(&x), y: dense(&y), a, b, ring })
}

/// An interval [lo, hi]·2^−P of fixed-point numbers, rounded outward.
#[derive(Clone, Debug)]
struct Iv {
    lo: BigInt,
    hi: BigInt,
}

/// Fixed-point interval arithmetic at P fractional bits.
struct Fx {
    one: BigInt,
}

impl Fx {
    fn new(bits: usize) -> Fx {
        Fx { one: BigInt::one() << bits }
    }
    fn rat(&self, c: &Rat) -> Iv {
        let n = c.numer() * &self.one;
        Iv { lo: n.div_floor(c.denom()), hi: -(-&n).div_floor(c.denom()) }
    }
    fn add(&self, a: &Iv, b: &Iv) -> Iv {
        Iv { lo: &a.lo + &b.lo, hi: &a.hi + &b.hi }
    }
    fn sub(&self, a: &Iv, b: &Iv) -> Iv {
        Iv { lo: &a.lo - &b.hi, hi: &a.hi - &b.lo }
    }
    fn mul(&self, a: &Iv, b: &Iv) -> Iv {
        let c = [&a.lo * &b.lo, &a.lo * &b.hi, &a.hi * &b.lo, &a.hi * &b.hi];
        let (min, max) = (c.iter().min().expect("four"), c.iter().max().expect("four"));
        Iv { lo: min.div_floor(&self.one), hi: -(-max).div_floor(&self.one) }
    }
    /// a / b for b > 0.
    fn div(&self, a: &Iv, b: &Iv) -> Iv {
        let (lo_n, hi_n) = (&a.lo * &self.one, &a.hi * &self.one);
        let c = [lo_n.div_floor(&b.lo), lo_n.div_floor(&b.hi), hi_n.div_floor(&b.lo), hi_n.div_floor(&b.hi)];
        let up = |n: &BigInt, d: &BigInt| -(-n).div_floor(d);
        let d = [up(&lo_n, &b.lo), up(&lo_n, &b.hi), up(&hi_n, &b.lo), up(&hi_n, &b.hi)];
        Iv { lo: c.iter().min().expect("four").clone(), hi: d.iter().max().expect("four").clone() }
    }
    /// √a for a > 0.
    fn sqrt(&self, a: &Iv) -> Iv {
        let lo = (&a.lo * &self.one).sqrt();
        let n = &a.hi * &self.one;
        let s = n.sqrt();
        let hi = if &s * &s == n { s } else { s + 1 };
        Iv { lo, hi }
    }
    /// max |a| from above.
    fn abs_hi(&self, a: &Iv) -> Iv {
        let m = a.lo.abs().max(a.hi.abs());
        Iv { lo: m.clone(), hi: m }
    }
    fn to_rat(&self, n: &BigInt) -> Rat {
        Rat::new(n.clone(), self.one.clone())
    }
}

/// The Taylor coefficients of p at c: p(c + s) = Σ pₖ sᵏ.
fn taylor(p: &[Rat], c: &Rat) -> Vec<Rat> {
    let mut a = p.to_vec();
    let n = a.len();
    for k in 0..n {
        for j in (k..n.saturating_sub(1)).rev() {
            let t = &a[j + 1] * c;
            a[j] += t;
        }
    }
    a
}

/// Σₖ≥from |pₖ|·Rᵏ from above.
fn majorant(fx: &Fx, p: &[Iv], r: &Iv, from: usize) -> Iv {
    let mut acc = Iv { lo: BigInt::zero(), hi: BigInt::zero() };
    let mut power = fx.rat(&Rat::one());
    for (k, c) in p.iter().enumerate() {
        if k >= from {
            acc = fx.add(&acc, &fx.mul(&fx.abs_hi(c), &power));
        }
        power = fx.mul(&power, r);
    }
    Iv { lo: acc.hi.clone(), hi: acc.hi }
}

/// An enclosure of ∫ h·√w over [l, r], or None when the piece must be halved.
fn piece(fx: &Fx, h: &[Rat], w: &[Rat], l: &Rat, r: &Rat, tol: &Rat) -> Option<(Rat, Rat)> {
    let two = Rat::from_integer(2.into());
    let c = (l + r) / &two;
    let rho = (r - l) / &two;
    let (hs, ws): (Vec<Iv>, Vec<Iv>) =
        (taylor(h, &c).iter().map(|v| fx.rat(v)).collect(), taylor(w, &c).iter().map(|v| fx.rat(v)).collect());
    // The largest radius R = 2^j·2ρ ≤ 64ρ with no zero of w in the disc of radius R around c
    // (w(c) exceeds the rest of its Taylor majorant there).
    let clear = |radius: &Rat| {
        let rest = majorant(fx, &ws, &fx.rat(radius), 1);
        ws[0].lo > rest.hi
    };
    let mut radius = &rho * &two;
    if !clear(&radius) {
        return None;
    }
    while radius < &rho * Rat::from_integer(64.into()) && clear(&(&radius * &two)) {
        radius *= &two;
    }
    let big_r = fx.rat(&radius);
    let m = fx.mul(&majorant(fx, &hs, &big_r, 0), &fx.sqrt(&majorant(fx, &ws, &big_r, 0)));
    // Cauchy: |fₖ| ≤ M/Rᵏ, so the terms past K add at most 2ρ·M·q^(K+1)/(1 − q), q = ρ/R ≤ 1/2.
    let ratio = &rho / &radius;
    let mut tail = fx.to_rat(&m.hi) * &rho * &two * &ratio / (Rat::one() - &ratio);
    let mut order = 0usize;
    while &tail * &two > *tol {
        order += 1;
        tail *= &ratio;
        if order > MAX_ORDER {
            return None;
        }
    }
    // The series of √w, then of h·√w, to order K.
    let zero = Iv { lo: BigInt::zero(), hi: BigInt::zero() };
    let wk = |k: usize| ws.get(k).cloned().unwrap_or_else(|| zero.clone());
    let mut g = vec![fx.sqrt(&ws[0])];
    if g[0].lo.is_zero() {
        return None;
    }
    let twice_g0 = fx.add(&g[0], &g[0]);
    for k in 1..=order {
        let mut acc = wk(k);
        for j in 1..k {
            acc = fx.sub(&acc, &fx.mul(&g[j], &g[k - j]));
        }
        g.push(fx.div(&acc, &twice_g0));
    }
    let mut total = zero.clone();
    let mut rho_power = rho.clone();
    for k in 0..=order {
        if k % 2 == 0 {
            let mut fk = zero.clone();
            for (j, hj) in hs.iter().enumerate().take(k + 1) {
                fk = fx.add(&fk, &fx.mul(hj, &g[k - j]));
            }
            let weight = fx.rat(&(&rho_power * &two / Rat::from_integer((k + 1).into())));
            total = fx.add(&total, &fx.mul(&fk, &weight));
        }
        rho_power *= &rho;
    }
    let (lo, hi) = (fx.to_rat(&total.lo) - &tail, fx.to_rat(&total.hi) + &tail);
    (&hi - &lo <= *tol).then_some((lo, hi))
}

/// The polynomial s with w = s², when there is one over Q.
fn square_root(w: &[Rat]) -> Option<Vec<Rat>> {
    let q = Ring { variables: vec!["t".into()], domain: Domain::Q };
    let lead = w.last()?.clone();
    let (n, d) = (lead.numer().sqrt(), lead.denom().sqrt());
    if lead.is_negative() || &(&n * &n) != lead.numer() || &(&d * &d) != lead.denom() {
        return None;
    }
    let mut s = vec![Rat::new(n, d)];
    if w.len() > 1 {
        for (k, part) in squarefree(&q, w).iter().enumerate() {
            let multiplicity = k + 1;
            if multiplicity % 2 == 1 && part.len() > 1 {
                return None;
            }
            for _ in 0..multiplicity / 2 {
                s = mul(&q, &s, part);
            }
        }
    }
    Some(s)
}

/// ∫ₐᵇ p.
fn integral(p: &[Rat], a: &Rat, b: &Rat) -> Rat {
    let anti: Vec<Rat> = std::iter::once(Rat::zero())
        .chain(p.iter().enumerate().map(|(k, c)| c / Rat::from_integer((k + 1).into())))
        .collect();
    eval(&anti, b) - eval(&anti, a)
}

impl Query for Arclength {
    type Input = ArclengthInput;
    type Output = ArclengthOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "real_algebraic.plane_curve.arclength",
            "Arc length of a polynomial plane curve, rigorously enclosed",
            "The length of the curve t -> (x(t), y(t)) for polynomials over Q on [a, b] (the graph y = p(x) as x = t), \
             enclosed to the decimal places asked, exact when rational.",
            "Encloses the integral of sqrt(x'^2 + y'^2) over [a, b] rigorously, in-process: the speed is written as \
             |h| sqrt(w) with h = gcd(x', y'), the interval is cut at isolating intervals of the real roots of h \
             (cusps and stops), and each piece is integrated by a Taylor series of h sqrt(w) in outward-rounded \
             interval arithmetic with Cauchy's bound on the tail, halving pieces until the enclosure is narrow \
             enough. The floor and ceiling at the places asked are returned; when the speed is a polynomial of \
             constant sign (straight segments, Pythagorean-hodograph curves) the exact rational length is given.",
            &[
                "real-algebraic",
                "plane-curve",
                "arc-length",
                "curve-length",
                "parametric-curve",
                "integral",
                "enclosure",
                "rigorous",
                "speed",
            ],
        )
    }
    fn provider(&self) -> Provider {
        super::native(include_str!("arclength.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "the length of the parabola y = x^2 from 0 to 1, to 20 places",
                Mode::Explore,
                json!({"x": "t", "y": "t^2", "interval": ["0", "1"], "places": 20}),
            ),
            (
                "the semicubical cusp (t^2, t^3) over [-1, 1]",
                Mode::Explore,
                json!({"x": "t^2", "y": "t^3", "interval": ["-1", "1"]}),
            ),
        ]
    }
    fn validate(&self, i: &ArclengthInput) -> Result<(), Diagnostic> {
        parse(i).map(|_| ())
    }
    fn bounds(&self, i: &ArclengthInput) -> Result<(), Refusal> {
        parse(i).map(|_| ()).map_err(super::refused)
    }
    fn answer(&self, i: &ArclengthInput, ctx: &AdapterContext) -> Result<Answer<ArclengthOutput>, AdapterError> {
        let p = parse(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let q = Ring { variables: vec![i.variable.clone()], domain: Domain::Q };
        let (dx, dy) = (deriv(&q, &p.x), deriv(&q, &p.y));
        let speed_squared = trim(add(&q, &mul(&q, &dx, &dx), &mul(&q, &dy, &dy)));
        let print = |v: &[Rat]| p.ring.print(&super::arith::poly(v));
        let mut out = ArclengthOutput {
            length: outward(&Rat::zero(), &Rat::zero(), i.places),
            speed_squared: print(&speed_squared),
            stationary: vec![],
            pieces: 0,
        };
        if speed_squared.is_empty() || p.a == p.b {
            return Ok(out.into());
        }
        let h = monic(&q, &gcd(&q, &dx, &dy));
        let (u, v) = (quo(&q, &dx, &h), quo(&q, &dy, &h));
        let w = trim(add(&q, &mul(&q, &u, &u), &mul(&q, &v, &v)));
        let tol = Rat::new(BigInt::one(), BigInt::from(10).pow(i.places + 3));
        let fx = Fx::new((f64::from(i.places) * std::f64::consts::LOG2_10) as usize + 128);
        // The real roots of h in [a, b], each in an interval of width ≤ 2^−bits.
        let bits = (f64::from(i.places + 8) * std::f64::consts::LOG2_10) as u32 + 8;
        let mut roots =
            isolate_within(&h, (p.a.clone() - Rat::new(BigInt::one(), BigInt::one() << 200), p.b.clone()), bits, ctx)?;
        roots.retain(|(l, u)| u >= &p.a && l <= &p.b);
        for (l, u) in &roots {
            out.stationary.push([rational_text(l), rational_text(u)]);
        }
        // Exact: the speed is |h·s| with s² = w (s has no real root), and h has no root strictly
        // inside (a, b), so the length is |∫ h·s|.
        if let Some(s) = square_root(&w) {
            let in_half_open = isolate_within(&h, (p.a.clone(), p.b.clone()), 1, ctx)?.len();
            if in_half_open == usize::from(eval(&h, &p.b).is_zero()) {
                let length = integral(&mul(&q, &h, &s), &p.a, &p.b).abs();
                out.length = outward(&length, &length, i.places);
                return Ok(out.into());
            }
        }
        // Pieces between the root intervals; each root interval adds [0, width·bound].
        let mut cuts = vec![p.a.clone()];
        let (mut lo, mut hi) = (Rat::zero(), Rat::zero());
        for (l, u) in &roots {
            let (l, u) = (l.max(&p.a).clone(), u.min(&p.b).clone());
            let (hl, hu) = (fx.rat(&l), fx.rat(&u));
            let span = Iv { lo: hl.lo, hi: hu.hi };
            let bound = fx.mul(&horner(&fx, &h, &span), &fx.sqrt(&fx.abs_hi(&horner(&fx, &w, &span))));
            hi += fx.to_rat(&fx.abs_hi(&bound).hi) * (&u - &l);
            cuts.push(l);
            cuts.push(u);
        }
        cuts.push(p.b.clone());
        let total = &p.b - &p.a;
        let mut stack: Vec<(Rat, Rat)> =
            cuts.chunks(2).filter(|c| c[0] < c[1]).map(|c| (c[0].clone(), c[1].clone())).collect();
        while let Some((l, r)) = stack.pop() {
            ctx.checkpoint()?;
            if out.pieces > MAX_PIECES {
                return Err(AdapterError::Unsupported(format!(
                    "the enclosure needed more than {MAX_PIECES} pieces; ask for fewer places"
                )));
            }
            let share = &tol * (&r - &l) / &total;
            match piece(&fx, &h, &w, &l, &r, &share) {
                Some((a, b)) => {
                    // h keeps its sign on the piece: |∫ h√w| = ±∫ h√w.
                    let mid = (&l + &r) / Rat::from_integer(2.into());
                    let (a, b) = if eval(&h, &mid).is_negative() { (-b, -a) } else { (a, b) };
                    lo += a;
                    hi += b;
                    out.pieces += 1;
                }
                None => {
                    let mid = (&l + &r) / Rat::from_integer(2.into());
                    stack.push((mid.clone(), r));
                    stack.push((l, mid));
                }
            }
        }
        out.length = outward(&lo.max(Rat::zero()), &hi, i.places);
        out.length.exact = None;
        Ok(out.into())
    }
}

/// p over an interval, by Horner's rule.
fn horner(fx: &Fx, p: &[Rat], x: &Iv) -> Iv {
    let mut acc = Iv { lo: BigInt::zero(), hi: BigInt::zero() };
    for c in p.iter().rev() {
        acc = fx.add(&fx.mul(&acc, x), &fx.rat(c));
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taylor_shifts_and_square_roots_are_exact() {
        let r = |n: i64| Rat::from_integer(n.into());
        // (1 + s)² = 1 + 2s + s² from t² at t = 1.
        assert_eq!(taylor(&[r(0), r(0), r(1)], &r(1)), vec![r(1), r(2), r(1)]);
        // (t² + 1)² = t⁴ + 2t² + 1.
        assert_eq!(square_root(&[r(1), r(0), r(2), r(0), r(1)]), Some(vec![r(1), r(0), r(1)]));
        assert_eq!(square_root(&[r(1), r(0), r(1)]), None);
        assert_eq!(square_root(&[r(4)]), Some(vec![r(2)]));
    }

    #[test]
    fn interval_arithmetic_rounds_outward() {
        let fx = Fx::new(20);
        let third = fx.rat(&Rat::new(1.into(), 3.into()));
        assert!(third.lo < third.hi);
        let two = fx.rat(&Rat::from_integer(2.into()));
        let root = fx.sqrt(&two);
        let sq = fx.mul(&root, &root);
        assert!(sq.lo <= two.lo && sq.hi >= two.hi);
        let q = fx.div(&fx.rat(&Rat::one()), &fx.rat(&Rat::from_integer(3.into())));
        assert!(q.lo <= third.lo && q.hi >= third.hi);
    }
}
