//! Diophantine approximation of rationals and quadratic surds α = (a + b√d)/c, exactly: ⌊q·α⌋,
//! the nearest integer and the distance ‖q·α‖ as an exact surd, and for several reals at once
//! (Dirichlet's simultaneous approximation) the record minima of max_i ‖q·α_i‖, its profile
//! over a range and the products ∏ ‖q·α_i‖ enclosed.
//!
//! Floors come from exact integer square roots: ⌊(A + B√d)/C⌋ = ⌊(A + ⌊B√d⌋)/C⌋ for C ≥ 1.
//! Surds are compared by the exact sign of e + f√m + g√n (squaring with the signs kept), so
//! no comparison rests on a floating-point value; decimals are floors and ceilings of exact
//! values, and products of distances are intervals rounded outward.

use std::cmp::Ordering;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{Fixed, decimal, outward};
use crate::cas::{self, Answer, Query};
use crate::integer::{big, decimal as integer};
use crate::rational::Rational;

/// Most reals.
pub const MAX_REALS: usize = 8;
/// Most digits of an integer in a real.
pub const MAX_DIGITS: usize = 100;
/// Largest q.
pub const MAX_Q: u64 = 1_000_000_000_000_000;
/// Most q listed (every operation but record_minima).
pub const MAX_LISTED: u64 = 100_000;
/// Most q scanned for record minima.
pub const MAX_SCANNED: u64 = 1_000_000;
/// Most decimal places.
pub const MAX_PLACES: u32 = 200;

fn one() -> u64 {
    1
}

fn twenty() -> u32 {
    20
}

/// A real number given exactly.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Real {
    /// A rational `p/q`.
    Rational(Rational),
    /// The quadratic surd (a + b√d)/c, d ≥ 0, c ≠ 0.
    Quadratic {
        /// a.
        a: DecimalInteger,
        /// b.
        b: DecimalInteger,
        /// d ≥ 0 (a square d makes α rational).
        d: DecimalInteger,
        /// c ≠ 0.
        c: DecimalInteger,
    },
}

/// What to compute for each q in [low, high].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ApproximationOperation {
    /// ⌊q·α_i⌋ for every real.
    ScaledFloor,
    /// The nearest integer to q·α_i and ‖q·α_i‖, exactly and in decimals.
    NearestIntegerDistance,
    /// The q at which max_i ‖q·α_i‖ is smaller than at every smaller q of the range.
    RecordMinima,
    /// max_i ‖q·α_i‖ for every q, and the q where it is least.
    RangeProfile,
    /// ∏_i ‖q·α_i‖ and q·∏_i ‖q·α_i‖, enclosed.
    ProductEnclosure,
}

/// Input of `number_theory.diophantine_approximation.compute`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ApproximationInput {
    /// The reals α_1, …, α_r (1 to 8): `{"rational": "p/q"}` or `{"quadratic": {"a", "b", "d", "c"}}`
    /// for (a + b√d)/c, integers of at most 100 digits.
    pub reals: Vec<Real>,
    /// The operation.
    pub operation: ApproximationOperation,
    /// The least q (≥ 1; 1 by default).
    #[serde(default = "one")]
    pub low: u64,
    /// The largest q (≤ 10^15; at most 10^5 values of q, 10^6 for record_minima).
    pub high: u64,
    /// Decimal places of the decimal enclosures (1 to 200; 20 by default).
    #[serde(default = "twenty")]
    pub digits: u32,
}

/// An exact value (a + b√d)/c, c > 0, in lowest terms (gcd(a, b, c) = 1).
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Exact {
    /// a.
    pub a: DecimalInteger,
    /// b.
    pub b: DecimalInteger,
    /// d.
    pub d: DecimalInteger,
    /// c > 0.
    pub c: DecimalInteger,
}

/// ⌊q·α_i⌋ at one q.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FloorRow {
    /// q.
    pub q: u64,
    /// ⌊q·α_i⌋ for each real.
    pub floors: Vec<DecimalInteger>,
}

/// The distance of q·α to the nearest integer.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Distance {
    /// The nearest integer m (the larger one at a tie).
    pub nearest: DecimalInteger,
    /// ‖q·α‖ = |q·α − m| exactly.
    pub distance: Exact,
    /// ‖q·α‖ rounded outward to `digits` places.
    pub decimal: [String; 2],
}

/// ‖q·α_i‖ at one q.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DistanceRow {
    /// q.
    pub q: u64,
    /// One per real.
    pub values: Vec<Distance>,
}

/// max_i ‖q·α_i‖ at one q.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct MaxRow {
    /// q.
    pub q: u64,
    /// The first i (from 0) attaining the maximum.
    pub index: usize,
    /// The maximum, exactly.
    pub distance: Exact,
    /// The maximum rounded outward to `digits` places.
    pub decimal: [String; 2],
}

/// ∏_i ‖q·α_i‖ at one q.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ProductRow {
    /// q.
    pub q: u64,
    /// ∏_i ‖q·α_i‖, rounded outward.
    pub product: [String; 2],
    /// q·∏_i ‖q·α_i‖ (Littlewood's quantity for two reals), rounded outward.
    pub scaled: [String; 2],
}

/// Output of `number_theory.diophantine_approximation.compute`; only the operation's field is present.
#[derive(Debug, Default, Serialize, JsonSchema)]
pub struct ApproximationOutput {
    /// scaled_floor.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub floors: Vec<FloorRow>,
    /// nearest_integer_distance.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub distances: Vec<DistanceRow>,
    /// record_minima: each q whose max_i ‖q·α_i‖ is below every earlier one, increasing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub records: Vec<MaxRow>,
    /// range_profile: every q.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub profile: Vec<MaxRow>,
    /// range_profile: the least q where max_i ‖q·α_i‖ is least.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<MaxRow>,
    /// product_enclosure.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub products: Vec<ProductRow>,
}

/// `number_theory.diophantine_approximation.compute`.
pub struct Approximation;

impl Query for Approximation {
    type Input = ApproximationInput;
    type Output = ApproximationOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_theory.diophantine_approximation.compute",
            "Floors, nearest-integer distances and simultaneous approximation of quadratic surds",
            "Quadratic surds (a + b√d)/c exactly: floor(k·α) (Beatty), distance ||k·α|| to the nearest integer, \
             simultaneous approximation records, range profiles, products of distances.",
            "Native and exact for 1 to 8 reals with integers of up to 100 digits, q ≤ 10^15: \
             `scaled_floor` (⌊q·α_i⌋ by integer square roots), `nearest_integer_distance` (m and |q·α − m| \
             as an exact surd and outward-rounded decimals), `record_minima` (over up to 10^6 q, compared \
             by exact sign tests of e + f√m + g√n), `range_profile`, `product_enclosure` (∏ ‖q·α_i‖ and \
             q·∏ as outward intervals).",
            &[
                "diophantine-approximation",
                "quadratic-surd",
                "beatty",
                "floor",
                "nearest-integer",
                "distance",
                "simultaneous-approximation",
                "dirichlet",
                "littlewood",
                "record",
            ],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("approximation.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        let sqrt2 = json!({"quadratic": {"a": 0, "b": 1, "d": 2, "c": 1}});
        let sqrt3 = json!({"quadratic": {"a": 0, "b": 1, "d": 3, "c": 1}});
        vec![
            (
                "The Beatty sequence ⌊k·√2⌋ for k = 1..10",
                Mode::Explore,
                json!({"reals": [sqrt2], "operation": "scaled_floor", "high": 10}),
            ),
            (
                "Record simultaneous approximations of √2 and √3 up to q = 1000",
                Mode::Explore,
                json!({"reals": [sqrt2, sqrt3], "operation": "record_minima", "high": 1000}),
            ),
        ]
    }
    fn validate(&self, i: &ApproximationInput) -> Result<(), Diagnostic> {
        if i.reals.is_empty() || i.reals.len() > MAX_REALS {
            return Err(Diagnostic::at("/reals", "OUT_OF_RANGE", "1 to 8 reals"));
        }
        for (k, r) in i.reals.iter().enumerate() {
            if let Real::Quadratic { d, c, .. } = r {
                if big(d).is_negative() {
                    return Err(Diagnostic::at(format!("/reals/{k}/quadratic/d"), "NEGATIVE", "d ≥ 0"));
                }
                if c.as_str() == "0" {
                    return Err(Diagnostic::at(format!("/reals/{k}/quadratic/c"), "ZERO", "c ≠ 0"));
                }
            }
        }
        if i.low == 0 {
            return Err(Diagnostic::at("/low", "OUT_OF_RANGE", "q ≥ 1"));
        }
        if i.high < i.low {
            return Err(Diagnostic::at("/high", "OUT_OF_RANGE", "high ≥ low"));
        }
        if i.digits == 0 {
            return Err(Diagnostic::at("/digits", "OUT_OF_RANGE", "at least one decimal place"));
        }
        Ok(())
    }
    fn bounds(&self, i: &ApproximationInput) -> Result<(), Refusal> {
        let too = |at: String, m: &str| Err(Refusal::Unsupported(Diagnostic::at(at, "TOO_LARGE", m)));
        for (k, r) in i.reals.iter().enumerate() {
            match r {
                Real::Rational(x) => {
                    let (n, d) = x.parts();
                    if n.to_string().len() > MAX_DIGITS + 1 || d.to_string().len() > MAX_DIGITS {
                        return too(format!("/reals/{k}/rational"), "at most 100 digits");
                    }
                }
                Real::Quadratic { a, b, d, c } => {
                    for (v, f) in [(a, "a"), (b, "b"), (d, "d"), (c, "c")] {
                        cas::digit_bound(v, MAX_DIGITS, &format!("/reals/{k}/quadratic/{f}"))?;
                    }
                }
            }
        }
        if i.digits > MAX_PLACES {
            return too("/digits".into(), "at most 200 decimal places");
        }
        if i.high > MAX_Q {
            return too("/high".into(), "q ≤ 10^15");
        }
        let cap = if i.operation == ApproximationOperation::RecordMinima { MAX_SCANNED } else { MAX_LISTED };
        if i.high - i.low >= cap {
            return too("/high".into(), "at most 10^5 values of q (10^6 for record_minima)");
        }
        Ok(())
    }
    fn answer(
        &self,
        i: &ApproximationInput,
        ctx: &AdapterContext,
    ) -> Result<Answer<ApproximationOutput>, AdapterError> {
        let reals: Vec<Surd> = i.reals.iter().map(Surd::of).collect();
        let mut out = ApproximationOutput::default();
        let mut best: Option<(Surd, MaxRow)> = None;
        for q in i.low..=i.high {
            if (q - i.low).is_multiple_of(1024) {
                ctx.checkpoint()?;
            }
            let k = BigInt::from(q);
            match i.operation {
                ApproximationOperation::ScaledFloor => {
                    let floors = reals.iter().map(|r| integer(&r.scaled_floor(&k))).collect();
                    out.floors.push(FloorRow { q, floors });
                }
                ApproximationOperation::NearestIntegerDistance => {
                    let values = reals
                        .iter()
                        .map(|r| {
                            let (m, d) = r.nearest(&k);
                            Distance { nearest: integer(&m), decimal: d.decimals(i.digits), distance: d.exact() }
                        })
                        .collect();
                    out.distances.push(DistanceRow { q, values });
                }
                ApproximationOperation::RecordMinima | ApproximationOperation::RangeProfile => {
                    let mut top: Option<(usize, Surd)> = None;
                    for (idx, r) in reals.iter().enumerate() {
                        let d = r.nearest(&k).1;
                        if top.as_ref().is_none_or(|(_, t)| compare(&d, t) == Ordering::Greater) {
                            top = Some((idx, d));
                        }
                    }
                    let Some((index, d)) = top else { continue };
                    let improves = best.as_ref().is_none_or(|(b, _)| compare(&d, b) == Ordering::Less);
                    let row = || MaxRow { q, index, distance: d.exact(), decimal: d.decimals(i.digits) };
                    if i.operation == ApproximationOperation::RecordMinima {
                        if improves {
                            out.records.push(row());
                        }
                    } else {
                        out.profile.push(row());
                    }
                    if improves {
                        best = Some((d.clone(), row()));
                    }
                }
                ApproximationOperation::ProductEnclosure => {
                    let places = i.digits + 10;
                    let scale = BigInt::from(10).pow(places);
                    let mut p = Fixed::exact(scale.clone());
                    for r in &reals {
                        let f = r.nearest(&k).1.enclose(places);
                        p = Fixed {
                            lo: (&p.lo * &f.lo).div_floor(&scale),
                            hi: super::ceil_div(&(&p.hi * &f.hi), &scale),
                        };
                    }
                    let scaled = Fixed { lo: &p.lo * &k, hi: &p.hi * &k };
                    out.products.push(ProductRow {
                        q,
                        product: outward(&p, places, i.digits),
                        scaled: outward(&scaled, places, i.digits),
                    });
                }
            }
        }
        if i.operation == ApproximationOperation::RangeProfile {
            out.best = best.map(|(_, row)| row);
        }
        Ok(out.into())
    }
}

/// The exact value (p + q√d)/c with c > 0 and d ≥ 0.
#[derive(Debug, Clone)]
struct Surd {
    p: BigInt,
    q: BigInt,
    d: BigInt,
    c: BigInt,
}

impl Surd {
    fn of(r: &Real) -> Surd {
        match r {
            Real::Rational(x) => {
                let (p, c) = x.parts();
                Surd { p, q: BigInt::zero(), d: BigInt::zero(), c }
            }
            Real::Quadratic { a, b, d, c } => {
                let s = if big(c).is_negative() { -BigInt::one() } else { BigInt::one() };
                Surd { p: big(a) * &s, q: big(b) * &s, d: big(d), c: big(c) * s }
            }
        }
    }

    /// ⌊k·self⌋.
    fn scaled_floor(&self, k: &BigInt) -> BigInt {
        floor_surd(&(k * &self.p), &(k * &self.q), &self.d, &self.c)
    }

    /// The nearest integer m to k·self (⌊k·self + 1/2⌋) and |k·self − m|.
    fn nearest(&self, k: &BigInt) -> (BigInt, Surd) {
        let two = BigInt::from(2);
        let m = floor_surd(&(&two * k * &self.p + &self.c), &(&two * k * &self.q), &self.d, &(&two * &self.c));
        let (mut p, mut q) = (k * &self.p - &m * &self.c, k * &self.q);
        if sign2(&p, &q, &self.d) == Ordering::Less {
            p = -p;
            q = -q;
        }
        (m, Surd { p, q, d: self.d.clone(), c: self.c.clone() })
    }

    /// The value in lowest terms.
    fn exact(&self) -> Exact {
        let g = self.p.gcd(&self.q).gcd(&self.c);
        let g = if g.is_zero() { BigInt::one() } else { g };
        Exact {
            a: integer(&(&self.p / &g)),
            b: integer(&(&self.q / &g)),
            d: integer(&self.d),
            c: integer(&(&self.c / &g)),
        }
    }

    /// [⌊10^w·self⌋, ⌈10^w·self⌉] at scale 10^w.
    fn enclose(&self, w: u32) -> Fixed {
        let s = BigInt::from(10).pow(w);
        let lo = floor_surd(&(&self.p * &s), &(&self.q * &s), &self.d, &self.c);
        let hi = -floor_surd(&(-&self.p * &s), &(-&self.q * &s), &self.d, &self.c);
        Fixed { lo, hi }
    }

    fn decimals(&self, places: u32) -> [String; 2] {
        let f = self.enclose(places);
        [decimal(&f.lo, places), decimal(&f.hi, places)]
    }
}

/// ⌊(A + B√d)/C⌋ for C > 0, d ≥ 0.
fn floor_surd(a: &BigInt, b: &BigInt, d: &BigInt, c: &BigInt) -> BigInt {
    let square = b * b * d;
    let root = square.sqrt();
    let floor = if b.is_negative() { if &root * &root == square { -root } else { -root - 1 } } else { root };
    (a + floor).div_floor(c)
}

fn sign(x: &BigInt) -> Ordering {
    x.cmp(&BigInt::zero())
}

/// The sign of e + f√m (m ≥ 0).
fn sign2(e: &BigInt, f: &BigInt, m: &BigInt) -> Ordering {
    let sf = if m.is_zero() { Ordering::Equal } else { sign(f) };
    let se = sign(e);
    if se == sf || sf == Ordering::Equal {
        return se;
    }
    if se == Ordering::Equal {
        return sf;
    }
    // Opposite signs: the larger square wins.
    match (e * e).cmp(&(f * f * m)) {
        Ordering::Equal => Ordering::Equal,
        Ordering::Greater => se,
        Ordering::Less => sf,
    }
}

/// The sign of e + f√m + g√n (m, n ≥ 0).
fn sign3(e: &BigInt, f: &BigInt, m: &BigInt, g: &BigInt, n: &BigInt) -> Ordering {
    // X = f√m + g√n: its sign, then compare e with −X.
    let sx = sign2(&BigInt::zero(), f, m).then(Ordering::Equal);
    let sx = match (sx, sign2(&BigInt::zero(), g, n)) {
        (a, Ordering::Equal) => a,
        (Ordering::Equal, b) => b,
        (a, b) if a == b => a,
        (a, _) => match (f * f * m).cmp(&(g * g * n)) {
            Ordering::Equal => Ordering::Equal,
            Ordering::Greater => a,
            Ordering::Less => a.reverse(),
        },
    };
    let se = sign(e);
    if se == sx || sx == Ordering::Equal {
        return se;
    }
    if se == Ordering::Equal {
        return sx;
    }
    // Opposite signs: e² − X² = e² − f²m − g²n − 2fg√(mn).
    let diff = sign2(&(e * e - f * f * m - g * g * n), &(-BigInt::from(2) * f * g), &(m * n));
    match diff {
        Ordering::Equal => Ordering::Equal,
        Ordering::Greater => se,
        Ordering::Less => sx,
    }
}

/// Exact comparison of two surds.
fn compare(x: &Surd, y: &Surd) -> Ordering {
    sign3(&(&x.p * &y.c - &y.p * &x.c), &(&x.q * &y.c), &x.d, &(-(&y.q * &x.c)), &y.d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn surd(p: i64, q: i64, d: i64, c: i64) -> Surd {
        Surd { p: p.into(), q: q.into(), d: d.into(), c: c.into() }
    }

    fn value(s: &Surd) -> f64 {
        (s.p.to_string().parse::<f64>().unwrap()
            + s.q.to_string().parse::<f64>().unwrap() * (s.d.to_string().parse::<f64>().unwrap()).sqrt())
            / s.c.to_string().parse::<f64>().unwrap()
    }

    #[test]
    fn exact_signs_and_comparisons_agree_with_well_separated_floats() {
        let mut seen = 0;
        for e in -6..=6 {
            for f in -3..=3 {
                for g in -3..=3 {
                    for (m, n) in [(2, 3), (2, 8), (5, 5), (4, 9), (0, 7)] {
                        let x = f64::from(e) + f64::from(f) * f64::from(m).sqrt() + f64::from(g) * f64::from(n).sqrt();
                        let got = sign3(&e.into(), &f.into(), &m.into(), &g.into(), &n.into());
                        if x.abs() > 1e-9 {
                            assert_eq!(got, x.partial_cmp(&0.0).unwrap(), "{e} {f}√{m} {g}√{n}");
                            seen += 1;
                        } else {
                            assert_eq!(got, Ordering::Equal, "{e} {f}√{m} {g}√{n}");
                        }
                    }
                }
            }
        }
        assert!(seen > 1000);
        let (a, b) = (surd(1, 1, 5, 2), surd(0, 3, 2, 3));
        assert_eq!(compare(&a, &b), value(&a).partial_cmp(&value(&b)).unwrap());
        assert_eq!(compare(&surd(0, 2, 2, 1), &surd(0, 1, 8, 1)), Ordering::Equal);
        // ⌊k√2⌋ and ⌊−k√2⌋.
        assert_eq!(surd(0, 1, 2, 1).scaled_floor(&BigInt::from(10)), BigInt::from(14));
        assert_eq!(surd(0, -1, 2, 1).scaled_floor(&BigInt::from(10)), BigInt::from(-15));
    }
}
