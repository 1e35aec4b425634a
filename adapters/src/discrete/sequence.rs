//! `sequence.compute.statistics`: statistics, prefix scans, transforms and shape tests of a
//! finite integer sequence, exactly (means and medians as rationals), each selected by name.

// Index loops over several parallel tables read more clearly than zipped iterators here.
#![allow(clippy::needless_range_loop, clippy::type_complexity)]

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::native;
use crate::cas::{self, Answer, Query};
use crate::rational::Rational;

/// Most digits in all terms together for products and lcms.
pub const MAX_PRODUCT_DIGITS: usize = 1_000_000;
/// Most terms for prefix products and lcms, and for autocorrelations (quadratic).
pub const MAX_QUADRATIC_TERMS: usize = 5_000;

/// A statistic, scan, transform or test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Statistic {
    /// Σ a_i.
    Sum,
    /// Π a_i.
    Product,
    /// Least term.
    Minimum,
    /// Greatest term.
    Maximum,
    /// Maximum − minimum.
    Range,
    /// Arithmetic mean (exact rational).
    Mean,
    /// Median (the mean of the two middle terms for an even count).
    Median,
    /// Number of distinct terms.
    DistinctCount,
    /// Each distinct term with its multiplicity, increasing.
    Frequencies,
    /// gcd of the terms (non-negative).
    Gcd,
    /// lcm of the terms (non-negative).
    Lcm,
    /// a_{i+1} − a_i.
    FirstDifferences,
    /// Second differences.
    SecondDifferences,
    /// Prefix sums.
    PrefixSums,
    /// Prefix products.
    PrefixProducts,
    /// Prefix maxima.
    PrefixMaxima,
    /// Prefix minima.
    PrefixMinima,
    /// Prefix gcds.
    PrefixGcds,
    /// Prefix lcms.
    PrefixLcms,
    /// Indices (from 0) of the zero terms.
    ZeroIndices,
    /// Whether the differences are constant.
    IsArithmetic,
    /// Whether consecutive ratios are constant (a sequence with zeros: only 0, 0, …).
    IsGeometric,
    /// Whether a_i ≤ a_{i+1} throughout.
    IsNondecreasing,
    /// Whether a_i < a_{i+1} throughout.
    IsStrictlyIncreasing,
    /// a_i mod 2.
    Parities,
    /// −1, 0 or 1 per term.
    Signs,
    /// The terms reversed.
    Reverse,
    /// The terms sorted.
    Sort,
    /// The distinct terms sorted.
    SortedUnique,
    /// Aperiodic autocorrelations C(k) = Σ a_i a_{i+k}, k = 0..n−1.
    AutocorrelationAperiodic,
    /// Cyclic autocorrelations C(k) = Σ a_i a_{(i+k) mod n}.
    AutocorrelationCyclic,
    /// The order shape: each term's rank among the distinct values (0 = least).
    OrderShape,
    /// The twist by the quadratic character of `discriminant` D: χ_D(n)·a(n) with χ_D(n) the
    /// Kronecker symbol (D | n), the terms indexed from `first_index` (default 1).
    QuadraticTwist,
}

/// Input of `sequence.compute.statistics`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StatisticsInput {
    /// The terms (1 to 10^5).
    #[schemars(length(min = 1, max = 100000))]
    pub terms: Vec<DecimalInteger>,
    /// What to compute (at least one).
    #[schemars(length(min = 1))]
    pub statistics: Vec<Statistic>,
    /// D ≠ 0 with D ≡ 0 or 1 (mod 4), for `quadratic_twist`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discriminant: Option<DecimalInteger>,
    /// The index n of the first term, for `quadratic_twist` (default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_index: Option<u64>,
}

/// `sequence.compute.statistics`.
pub struct Statistics;

fn ints(v: &[BigInt]) -> Value {
    json!(v.iter().map(ToString::to_string).collect::<Vec<_>>())
}

fn scan(a: &[BigInt], f: impl Fn(&BigInt, &BigInt) -> BigInt) -> Vec<BigInt> {
    let mut out: Vec<BigInt> = Vec::with_capacity(a.len());
    for x in a {
        let next = match out.last() {
            Some(prev) => f(prev, x),
            None => x.clone(),
        };
        out.push(next);
    }
    out
}

fn lcm(a: &BigInt, b: &BigInt) -> BigInt {
    if a.is_zero() || b.is_zero() { BigInt::zero() } else { a.lcm(b) }
}

fn compute(stat: Statistic, a: &[BigInt], ctx: &AdapterContext) -> Result<Value, AdapterError> {
    use Statistic::*;
    ctx.checkpoint()?;
    let n = a.len();
    let diff = |v: &[BigInt]| -> Vec<BigInt> { v.windows(2).map(|w| &w[1] - &w[0]).collect() };
    let min = a.iter().min().cloned().unwrap_or_default();
    let max = a.iter().max().cloned().unwrap_or_default();
    let mut sorted = a.to_vec();
    sorted.sort();
    let mut unique = sorted.clone();
    unique.dedup();
    Ok(match stat {
        Sum => json!(a.iter().sum::<BigInt>().to_string()),
        Product => json!(a.iter().product::<BigInt>().to_string()),
        Minimum => json!(min.to_string()),
        Maximum => json!(max.to_string()),
        Range => json!((max - min).to_string()),
        Mean => json!(Rational::fraction(&a.iter().sum(), &BigInt::from(n)).to_string()),
        Median => {
            let m = if n % 2 == 1 {
                Rational::integer(&sorted[n / 2])
            } else {
                Rational::fraction(&(&sorted[n / 2 - 1] + &sorted[n / 2]), &BigInt::from(2))
            };
            json!(m.to_string())
        }
        DistinctCount => json!(unique.len()),
        Frequencies => {
            let mut out = vec![];
            let mut i = 0;
            while i < n {
                let j = sorted[i..].iter().take_while(|x| **x == sorted[i]).count();
                out.push(json!({"value": sorted[i].to_string(), "count": j}));
                i += j;
            }
            json!(out)
        }
        Gcd => json!(a.iter().fold(BigInt::zero(), |g, x| g.gcd(x)).to_string()),
        Lcm => json!(a.iter().fold(BigInt::one(), |l, x| lcm(&l, x)).abs().to_string()),
        FirstDifferences => ints(&diff(a)),
        SecondDifferences => ints(&diff(&diff(a))),
        PrefixSums => ints(&scan(a, |p, x| p + x)),
        PrefixProducts => ints(&scan(a, |p, x| p * x)),
        PrefixMaxima => ints(&scan(a, |p, x| p.max(x).clone())),
        PrefixMinima => ints(&scan(a, |p, x| p.min(x).clone())),
        PrefixGcds => ints(&scan(a, |p, x| p.gcd(x)).iter().map(|x| x.abs()).collect::<Vec<_>>()),
        PrefixLcms => ints(&scan(a, lcm).iter().map(|x| x.abs()).collect::<Vec<_>>()),
        ZeroIndices => json!((0..n).filter(|&i| a[i].is_zero()).collect::<Vec<_>>()),
        IsArithmetic => json!(diff(a).windows(2).all(|w| w[0] == w[1])),
        IsGeometric => {
            // a_{i+1}·a_{i−1} = a_i² throughout, and a zero term only in an all-zero tail from a_1 on.
            let squares = a.windows(3).all(|w| &w[2] * &w[0] == &w[1] * &w[1]);
            let zeros_ok = match a.iter().position(Zero::is_zero) {
                None => true,
                Some(0) => a.iter().all(Zero::is_zero),
                Some(i) => a[i..].iter().all(Zero::is_zero),
            };
            json!(squares && zeros_ok)
        }
        IsNondecreasing => json!(a.windows(2).all(|w| w[0] <= w[1])),
        IsStrictlyIncreasing => json!(a.windows(2).all(|w| w[0] < w[1])),
        Parities => json!(a.iter().map(|x| u8::from(x.is_odd())).collect::<Vec<_>>()),
        Signs => json!(
            a.iter()
                .map(|x| if x.is_positive() {
                    1
                } else if x.is_negative() {
                    -1
                } else {
                    0
                })
                .collect::<Vec<i8>>()
        ),
        Reverse => ints(&a.iter().rev().cloned().collect::<Vec<_>>()),
        Sort => ints(&sorted),
        SortedUnique => ints(&unique),
        AutocorrelationAperiodic => {
            ints(&(0..n).map(|k| (0..n - k).map(|i| &a[i] * &a[i + k]).sum::<BigInt>()).collect::<Vec<_>>())
        }
        AutocorrelationCyclic => {
            ints(&(0..n).map(|k| (0..n).map(|i| &a[i] * &a[(i + k) % n]).sum::<BigInt>()).collect::<Vec<_>>())
        }
        OrderShape => json!(a.iter().map(|x| unique.binary_search(x).unwrap_or(0)).collect::<Vec<_>>()),
        // Needs the discriminant: answered in `answer`.
        QuadraticTwist => Value::Null,
    })
}

impl Query for Statistics {
    type Input = StatisticsInput;
    type Output = Map<String, Value>;

    fn describe(&self) -> Describe {
        cas::describe(
            "sequence.compute.statistics",
            "Statistics of an integer sequence",
            "Sum, product, min, max, mean, median, gcd, lcm, frequencies, differences, prefix scans, sorting, order shape, autocorrelations, monotonicity tests and quadratic twists of a sequence.",
            "Exact, natively, on big integers: `statistics` selects any of sum, product, minimum, maximum, range, mean, \
             median (rationals), distinct_count, frequencies, gcd, lcm, first_differences, second_differences, \
             prefix_sums, prefix_products, prefix_maxima, prefix_minima, prefix_gcds, prefix_lcms, zero_indices, \
             is_arithmetic, is_geometric, is_nondecreasing, is_strictly_increasing, parities, signs, reverse, sort, \
             sorted_unique, autocorrelation_aperiodic, autocorrelation_cyclic, order_shape, quadratic_twist (χ_D(n)·a(n) \
             for the Kronecker character of a discriminant D).",
            &[
                "sequence",
                "statistics",
                "mean",
                "median",
                "prefix-sums",
                "differences",
                "frequencies",
                "autocorrelation",
                "monotone",
                "arithmetic-progression",
                "geometric-progression",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("sequence.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "Mean, median, gcd and differences",
            Mode::Explore,
            json!({"terms": [12, 18, 30, 42], "statistics": ["mean", "median", "gcd", "first_differences", "is_arithmetic"]}),
        )]
    }
    fn validate(&self, i: &StatisticsInput) -> Result<(), Diagnostic> {
        if i.terms.len() > jacobian_runtime::objects::combinatorial::MAX_TERMS {
            return Err(super::out_of_range("/terms", "at most 10^5 terms"));
        }
        if i.statistics.contains(&Statistic::QuadraticTwist) {
            let Some(d) = &i.discriminant else {
                return Err(Diagnostic::at("/discriminant", "MISSING", "`quadratic_twist` needs `discriminant`"));
            };
            let d: BigInt = d.as_str().parse().unwrap_or_default();
            let r = d.mod_floor(&BigInt::from(4));
            if d.is_zero() || !(r.is_zero() || r.is_one()) || d.magnitude().bits() > 256 {
                return Err(super::out_of_range("/discriminant", "D ≠ 0, D ≡ 0 or 1 (mod 4), |D| < 2^256"));
            }
        }
        Ok(())
    }
    fn bounds(&self, i: &StatisticsInput) -> Result<(), Refusal> {
        use Statistic::*;
        let digits: usize = i.terms.iter().map(|t| t.as_str().len()).sum();
        for (k, s) in i.statistics.iter().enumerate() {
            let at = format!("/statistics/{k}");
            let heavy = matches!(s, Product | Lcm) && digits > MAX_PRODUCT_DIGITS;
            let quadratic = matches!(s, PrefixProducts | PrefixLcms | AutocorrelationAperiodic | AutocorrelationCyclic)
                && (i.terms.len() > MAX_QUADRATIC_TERMS || digits > MAX_PRODUCT_DIGITS / 10);
            if heavy || quadratic {
                return Err(super::too_large(&at, format!("{s:?} of {} terms and {digits} digits", i.terms.len())));
            }
        }
        Ok(())
    }
    fn answer(&self, i: &StatisticsInput, ctx: &AdapterContext) -> Result<Answer<Map<String, Value>>, AdapterError> {
        let a: Vec<BigInt> = i.terms.iter().map(|t| t.as_str().parse().unwrap_or_default()).collect();
        let mut out = Map::new();
        for s in &i.statistics {
            let key = serde_json::to_value(s).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default();
            let value = if *s == Statistic::QuadraticTwist {
                let d: BigInt =
                    i.discriminant.as_ref().map(|d| d.as_str().parse().unwrap_or_default()).unwrap_or_default();
                let first = i.first_index.unwrap_or(1);
                let chi: Vec<i8> = (0..a.len() as u64)
                    .map(|k| crate::number_theory::residues::kronecker(&d, &BigInt::from(first + k)))
                    .collect();
                let twisted: Vec<BigInt> = a.iter().zip(&chi).map(|(x, &c)| x * c).collect();
                json!({"character": chi, "twisted": ints(&twisted)})
            } else {
                compute(*s, &a, ctx)?
            };
            out.insert(key, value);
        }
        Ok(out.into())
    }
}
