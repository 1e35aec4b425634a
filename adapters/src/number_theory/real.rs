//! Real numbers enclosed rigorously: the Kempner series and the digit-restricted integers,
//! Dickman's ρ, and Diophantine approximation of rationals and quadratic surds. Native, on
//! num-bigint: every real is held either exactly (a quadratic surd, compared by exact integer
//! arithmetic) or as an interval of fixed-point integers rounded outward at every operation,
//! with every truncated series closed by an explicit tail bound.

pub mod approximation;
pub mod dickman;
pub mod kempner;

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::Signed;

/// An interval [lo/S, hi/S] at an implicit fixed scale S, with lo ≤ hi.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Fixed {
    pub lo: BigInt,
    pub hi: BigInt,
}

impl Fixed {
    /// The point interval [v, v].
    pub fn exact(v: BigInt) -> Self {
        Fixed { lo: v.clone(), hi: v }
    }

    /// The sum of two intervals.
    pub fn add(&self, o: &Fixed) -> Fixed {
        Fixed { lo: &self.lo + &o.lo, hi: &self.hi + &o.hi }
    }

    /// The negated interval.
    pub fn neg(&self) -> Fixed {
        Fixed { lo: -&self.hi, hi: -&self.lo }
    }

    /// The interval times n/d (d > 0), rounded outward.
    pub fn times(&self, n: &BigInt, d: &BigInt) -> Fixed {
        let (a, b) = (&self.lo * n, &self.hi * n);
        let (a, b) = if n.is_negative() { (b, a) } else { (a, b) };
        Fixed { lo: a.div_floor(d), hi: ceil_div(&b, d) }
    }

    /// The interval widened by [−e, e], e ≥ 0.
    pub fn widen(&self, e: &BigInt) -> Fixed {
        Fixed { lo: &self.lo - e, hi: &self.hi + e }
    }
}

/// ⌈n/d⌉ for d > 0.
pub(crate) fn ceil_div(n: &BigInt, d: &BigInt) -> BigInt {
    -((-n).div_floor(d))
}

/// v/10^places as decimal text (`-0.0012`).
pub(crate) fn decimal(v: &BigInt, places: u32) -> String {
    let digits = v.abs().to_string();
    let sign = if v.is_negative() { "-" } else { "" };
    if places == 0 {
        return format!("{sign}{digits}");
    }
    let s = format!("{digits:0>width$}", width = places as usize + 1);
    let (int, frac) = s.split_at(s.len() - places as usize);
    format!("{sign}{int}.{frac}")
}

/// The interval [lo, hi] at scale 10^w written with `places` ≤ w decimal places, rounded outward.
pub(crate) fn outward(f: &Fixed, w: u32, places: u32) -> [String; 2] {
    let r = BigInt::from(10).pow(w - places);
    [decimal(&f.lo.div_floor(&r), places), decimal(&ceil_div(&f.hi, &r), places)]
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use jacobian_runtime::catalog::Installed;
    use jacobian_runtime::typed::Typed;

    use super::*;
    use crate::cas::Ask;

    #[test]
    fn every_capability_registers() {
        for adapter in [
            Arc::new(Typed::new(Ask(kempner::Kempner))) as jacobian_runtime::SharedAdapter,
            Arc::new(Typed::new(Ask(dickman::DickmanRho))),
            Arc::new(Typed::new(Ask(approximation::Approximation))),
        ] {
            if let Err(e) = Installed::new(adapter) {
                panic!("{e}");
            }
        }
    }

    #[test]
    fn fixed_point_rounds_outward() {
        let third = Fixed::exact(BigInt::from(1000)).times(&BigInt::from(1), &BigInt::from(3));
        assert_eq!((third.lo.clone(), third.hi.clone()), (BigInt::from(333), BigInt::from(334)));
        let minus = Fixed::exact(BigInt::from(1000)).times(&BigInt::from(-1), &BigInt::from(3));
        assert_eq!((minus.lo, minus.hi), (BigInt::from(-334), BigInt::from(-333)));
        assert_eq!(outward(&third, 3, 2), ["0.33".to_owned(), "0.34".to_owned()]);
        assert_eq!(decimal(&BigInt::from(-12), 3), "-0.012");
        assert_eq!(decimal(&BigInt::from(5), 0), "5");
    }
}
