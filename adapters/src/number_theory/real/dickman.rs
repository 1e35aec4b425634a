//! Dickman's function ρ, enclosed rigorously: ρ(u) = 1 on [0, 1] and u·ρ'(u) = −ρ(u − 1), so
//! ρ(u) = 1 − log u on [1, 2]; ρ(u) is the density of the integers up to x whose prime factors
//! are all at most x^(1/u).
//!
//! On [k, k + 1] write ρ(u) = Σ c_i t^i with t = u − (k + 1) ∈ [−1, 0]. The piece on [1, 2] is
//! 1 − log(2 + t): c_0 = 1 − log 2, c_i = (−1)^i/(i·2^i). If the piece on [k − 1, k] has
//! coefficients a_i about k, the delay equation (k + 1 + t)·ρ'(t) = −Σ a_i t^i gives
//! c_{i+1} = −(a_i + i·c_i)/((k + 1)(i + 1)), and continuity at u = k gives
//! c_0 = a_0 − Σ_{i≥1} (−1)^i c_i. By induction |c_i| ≤ 2^(−i) for i ≥ 1 on every piece
//! (|a_0| ≤ 1 and k + 1 ≥ 2), so cutting any of these series after N terms costs at most
//! 2^(−N) on [−1, 0]. log 2 = Σ 1/(n·2^n), with tail below 1/((M + 1)·2^M). Fixed point,
//! rounded outward at every operation.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{Fixed, ceil_div, outward};
use crate::cas::{self, Answer, Query};
use crate::rational::Rational;

/// Largest u.
pub const MAX_U: i64 = 20;
/// Most points.
pub const MAX_POINTS: usize = 1000;
/// Most decimal places.
pub const MAX_PLACES: u32 = 100;
/// Most digits of a point's numerator and of its denominator.
pub const MAX_POINT_DIGITS: usize = 100;
/// Most coefficients listed per piece.
pub const MAX_TERMS: u32 = 50;
/// Guard digits of the fixed-point scale.
const GUARD: u32 = 10;

fn thirty() -> u32 {
    30
}

/// Input of `number_theory.dickman_rho.enclose`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RhoInput {
    /// The points u (rationals `p/q` or integers of at most 100 digits each, 0 ≤ u ≤ 20; 1 to 1,000 of them).
    pub points: Vec<Rational>,
    /// Decimal places of the enclosures (1 to 100; 30 by default).
    #[serde(default = "thirty")]
    pub digits: u32,
    /// Also list, for every piece [k, k + 1] up to the largest point, its first `terms` Taylor
    /// coefficients about k + 1 enclosed (0 to 50).
    #[serde(default)]
    pub terms: u32,
}

/// ρ at one point.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RhoValue {
    /// The point u.
    pub u: Rational,
    /// k with u in the piece (k, k + 1] (0 for u ≤ 1).
    pub piece: u32,
    /// ρ(u) ≥ lower (decimal, rounded down).
    pub lower: String,
    /// ρ(u) ≤ upper (decimal, rounded up).
    pub upper: String,
}

/// One piece of ρ as a power series.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Piece {
    /// The piece [k, k + 1].
    pub interval: [u32; 2],
    /// The series' center k + 1: ρ(u) = Σ c_i (u − k − 1)^i.
    pub center: u32,
    /// Enclosures [lower, upper] of c_0, c_1, …
    pub coefficients: Vec<[String; 2]>,
    /// On the piece, |ρ(u) − Σ_{i<terms} c_i (u − k − 1)^i| is at most this (2^(1 − terms)).
    pub remainder_bound: Rational,
}

/// Output of `number_theory.dickman_rho.enclose`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RhoOutput {
    /// ρ at each point, in the order given.
    pub values: Vec<RhoValue>,
    /// The pieces, when `terms` > 0.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pieces: Vec<Piece>,
}

/// `number_theory.dickman_rho.enclose`.
pub struct DickmanRho;

impl Query for DickmanRho {
    type Input = RhoInput;
    type Output = RhoOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_theory.dickman_rho.enclose",
            "Dickman's rho function, enclosed",
            "Rigorous enclosures of the Dickman function ρ(u) (density of y-smooth numbers with y = x^(1/u), \
             u·ρ'(u) = −ρ(u − 1)) at rational points up to u = 20, and its piecewise power series.",
            "Native, proof-grade: on each [k, k + 1] ρ is a power series about k + 1 whose coefficients follow \
             from the previous piece by the delay equation, with |c_i| ≤ 2^(−i) bounding every truncation; \
             fixed point rounded outward, up to 100 decimal places, at up to 1,000 rational points 0 ≤ u ≤ 20; \
             optionally the enclosed Taylor coefficients of every piece.",
            &[
                "dickman",
                "rho",
                "smooth-numbers",
                "friable",
                "delay-differential",
                "enclosure",
                "interval",
                "piecewise",
            ],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("dickman.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("ρ(2) = 1 − log 2, ρ(3), ρ(10)", Mode::Explore, json!({"points": ["2", "3", "10"], "digits": 30})),
            (
                "The piece of ρ on [2, 3] as a series about 3",
                Mode::Explore,
                json!({"points": ["5/2"], "digits": 20, "terms": 6}),
            ),
        ]
    }
    fn validate(&self, i: &RhoInput) -> Result<(), Diagnostic> {
        if i.points.is_empty() {
            return Err(Diagnostic::at("/points", "EMPTY", "at least one point"));
        }
        if let Some(k) = i.points.iter().position(|p| p.parts().0.is_negative()) {
            return Err(Diagnostic::at(format!("/points/{k}"), "OUT_OF_RANGE", "u ≥ 0"));
        }
        if i.digits == 0 {
            return Err(Diagnostic::at("/digits", "OUT_OF_RANGE", "at least one decimal place"));
        }
        Ok(())
    }
    fn bounds(&self, i: &RhoInput) -> Result<(), Refusal> {
        let too = |at: String, m: &str| Err(Refusal::Unsupported(Diagnostic::at(at, "TOO_LARGE", m)));
        if i.points.len() > MAX_POINTS {
            return too("/points".into(), "at most 1,000 points");
        }
        if let Some(k) = i.points.iter().position(|p| p.as_str().split('/').any(|t| t.len() > MAX_POINT_DIGITS)) {
            return too(format!("/points/{k}"), "numerators and denominators of at most 100 digits");
        }
        if let Some(k) = i.points.iter().position(|p| {
            let (n, d) = p.parts();
            n > d * MAX_U
        }) {
            return too(format!("/points/{k}"), "u ≤ 20");
        }
        if i.digits > MAX_PLACES {
            return too("/digits".into(), "at most 100 decimal places");
        }
        if i.terms > MAX_TERMS {
            return too("/terms".into(), "at most 50 coefficients per piece");
        }
        Ok(())
    }
    fn answer(&self, i: &RhoInput, ctx: &AdapterContext) -> Result<Answer<RhoOutput>, AdapterError> {
        let places = i.digits + GUARD;
        let top = i
            .points
            .iter()
            .map(|p| {
                let (n, d) = p.parts();
                piece_of(&n, &d)
            })
            .max()
            .unwrap_or(0);
        let rho = Rho::new(places, top.max(1), &|| ctx.checkpoint())?;
        let values = i
            .points
            .iter()
            .map(|p| {
                let (n, d) = p.parts();
                let f = rho.at(&n, &d);
                let [lower, upper] = outward(&f, places, i.digits);
                RhoValue { u: p.clone(), piece: piece_of(&n, &d), lower, upper }
            })
            .collect();
        let pieces = if i.terms == 0 {
            vec![]
        } else {
            (1..=top)
                .map(|k| Piece {
                    interval: [k, k + 1],
                    center: k + 1,
                    coefficients: rho.pieces[k as usize - 1][..i.terms as usize]
                        .iter()
                        .map(|c| outward(c, places, i.digits))
                        .collect(),
                    remainder_bound: Rational::fraction(&BigInt::from(2), &(BigInt::one() << i.terms as usize)),
                })
                .collect()
        };
        Ok(RhoOutput { values, pieces }.into())
    }
}

/// k with u = n/d in (k, k + 1], or 0 for u ≤ 1.
fn piece_of(n: &BigInt, d: &BigInt) -> u32 {
    if n <= d {
        return 0;
    }
    let k: BigInt = ceil_div(n, d) - 1;
    u32::try_from(k).unwrap_or(u32::MAX)
}

/// The pieces of ρ on [1, 2], …, [top, top + 1] at scale 10^places.
pub(crate) struct Rho {
    places: u32,
    terms: usize,
    /// pieces[k − 1][i]: c_i of the piece on [k, k + 1].
    pub(crate) pieces: Vec<Vec<Fixed>>,
}

impl Rho {
    pub(crate) fn new(places: u32, top: u32, check: &super::kempner::Check<'_>) -> Result<Rho, AdapterError> {
        let scale = BigInt::from(10).pow(places);
        // 2^(−terms) ≤ 10^(−places)/256, and at least the 50 coefficients a caller may list.
        let terms = ((f64::from(places) * std::f64::consts::LOG2_10).ceil() as usize + 8).max(MAX_TERMS as usize);
        let cut = ceil_div(&scale, &(BigInt::one() << terms));
        let mut log2 = Fixed::exact(BigInt::zero());
        for n in 1..=terms {
            let d = BigInt::from(n) << n;
            log2 = log2.add(&Fixed { lo: scale.div_floor(&d), hi: ceil_div(&scale, &d) });
        }
        let log2 = log2.widen(&cut);
        let mut first = vec![Fixed::exact(scale.clone()).add(&log2.neg())];
        for i in 1..=terms {
            let sign = if i % 2 == 0 { BigInt::one() } else { -BigInt::one() };
            first.push(Fixed::exact(scale.clone()).times(&sign, &(BigInt::from(i) << i)));
        }
        let mut pieces = vec![first];
        for k in 2..=top {
            check()?;
            let a = &pieces[k as usize - 2];
            let mut c = vec![Fixed::exact(BigInt::zero()); terms + 1];
            for i in 0..terms {
                let s = a[i].add(&c[i].times(&BigInt::from(i), &BigInt::one()));
                c[i + 1] = s.times(&-BigInt::one(), &BigInt::from(u64::from(k + 1) * (i as u64 + 1)));
            }
            let mut alternating = Fixed::exact(BigInt::zero());
            for (i, ci) in c.iter().enumerate().skip(1) {
                alternating = alternating.add(&if i % 2 == 0 { ci.clone() } else { ci.neg() });
            }
            c[0] = a[0].add(&alternating.neg()).widen(&cut);
            pieces.push(c);
        }
        Ok(Rho { places, terms, pieces })
    }

    /// ρ(n/d) at scale 10^places, for 0 ≤ n/d ≤ top + 1.
    pub(crate) fn at(&self, n: &BigInt, d: &BigInt) -> Fixed {
        let scale = BigInt::from(10).pow(self.places);
        let k = piece_of(n, d);
        if k == 0 {
            return Fixed::exact(scale);
        }
        let c = &self.pieces[k as usize - 1];
        // t = u − (k + 1) ∈ (−1, 0].
        let tn = n - d * BigInt::from(k + 1);
        let mut v = c[self.terms].clone();
        for ci in c[..self.terms].iter().rev() {
            v = v.times(&tn, d).add(ci);
        }
        let mut v = v.widen(&ceil_div(&scale, &(BigInt::one() << self.terms)));
        // 0 < ρ ≤ 1.
        if v.lo.is_negative() {
            v.lo = BigInt::zero();
        }
        if v.hi > scale {
            v.hi = scale;
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number_theory::real::decimal;

    #[test]
    fn rho_encloses_published_values() {
        let rho = Rho::new(40, 10, &|| Ok(())).unwrap();
        let scale = BigInt::from(10).pow(40);
        // Published values (van de Lune and Wattel; Marsaglia, Zaman and Marsaglia), scaled by
        // 10^40 with a half unit of their last digit.
        for (u, value, places) in [
            (3, "0.0486083882911316", 16),
            (4, "0.0049109256477608", 16),
            (5, "0.000354724700456", 15),
            (10, "0.0000000000277017183772596", 25),
        ] {
            let v: BigInt = value.replace("0.", "").parse::<BigInt>().unwrap() * BigInt::from(10).pow(40 - places);
            let half = BigInt::from(5) * BigInt::from(10).pow(39 - places);
            let f = rho.at(&BigInt::from(u), &BigInt::one());
            assert!(f.lo <= &v + &half && &v - &half <= f.hi, "ρ({u}) = [{}, {}]", f.lo, f.hi);
            assert!(&f.hi - &f.lo < BigInt::from(10).pow(5), "ρ({u}) is loose");
        }
        // ρ(2) = 1 − log 2 = 0.3068528194400546905827678785418234319244…
        let f = rho.at(&BigInt::from(2), &BigInt::one());
        assert_eq!(decimal(&(f.lo / BigInt::from(10).pow(10)), 30), "0.306852819440054690582767878541");
        assert!(f.hi <= scale);
        // One decimal place still keeps every coefficient a caller may list.
        let coarse = Rho::new(1 + GUARD, 2, &|| Ok(())).unwrap();
        assert!(coarse.pieces.iter().all(|p| p.len() > MAX_TERMS as usize));
    }
}
