//! Statistics of integers over an interval, natively: p-adic valuations, gaps between
//! consecutive primes, representations as sums of consecutive integers and as ordered products
//! of k factors, and the p-adic valuations along a row of Pascal's triangle.
//!
//! The interval is factored by a segmented sieve with the primes up to √high; a prime gap that
//! runs past the interval is closed by scanning on with the deterministic 64-bit primality test.

use std::collections::BTreeMap;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::typed::Describe;
use num_integer::Roots;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::primes_up_to;
use crate::cas::{self, Answer, Query};
use crate::primecert::is_prime_u64;

/// Largest end of the interval.
pub const MAX_HIGH: u64 = 1_000_000_000_000;
/// Most integers in the interval.
pub const MAX_LENGTH: u64 = 1_000_000;

/// The statistic.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Statistic {
    /// v_p(n) for each n.
    PAdicValuation {
        /// The prime p.
        p: u64,
    },
    /// For each prime q in the interval, the gap to the next prime (which may lie beyond it).
    PrimeGaps,
    /// For each n, the number of ways to write n as a sum of one or more consecutive positive integers (its odd divisors).
    ConsecutiveSums,
    /// For each n, the number d_k(n) of ordered ways to write n = a₁·…·a_k with positive a_i.
    ProductRepresentations {
        /// The number of factors k (1 to 64).
        k: u32,
    },
    /// For each k in the interval ∩ [0, n], v_p(C(n, k)) (Kummer: the carries adding k and n − k in base p).
    BinomialValuations {
        /// The row n (at most 10^12).
        n: u64,
        /// The prime p.
        p: u64,
    },
}

/// Input of `number_theory.compute.interval_statistics`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StatisticsInput {
    /// The first integer (≥ 1; ≥ 0 for binomial valuations).
    pub low: u64,
    /// The last integer (≤ 10^12, at most 10^6 integers).
    pub high: u64,
    /// What to compute.
    pub statistic: Statistic,
    /// Also list the value at every integer (or every prime, for gaps).
    #[serde(default)]
    pub list: bool,
}

/// A value and how often it occurs.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Frequency {
    /// The value.
    pub value: u64,
    /// How many integers (or primes) have it.
    pub count: u64,
}

/// A prime and the gap to the next prime.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Gap {
    /// The prime q.
    pub prime: u64,
    /// nextprime(q) − q.
    pub gap: u64,
}

/// Output of `number_theory.compute.interval_statistics`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct StatisticsOutput {
    /// How many values were taken (integers, or primes for gaps).
    pub count: u64,
    /// Each value with its frequency, increasing.
    pub histogram: Vec<Frequency>,
    /// The largest value, if any.
    pub maximum: Option<u64>,
    /// The sum of the values.
    pub total: String,
    /// The value at each integer from low to high, when listed (not for gaps).
    pub values: Option<Vec<u64>>,
    /// Each prime with its gap, when listed (gaps).
    pub gaps: Option<Vec<Gap>>,
}

/// `number_theory.compute.interval_statistics`.
pub struct IntervalStatistics;

/// The prime factorization of every n in [low, high], by a segmented sieve.
fn factor_interval(low: u64, high: u64, ctx: &AdapterContext) -> Result<Vec<Vec<(u64, u32)>>, AdapterError> {
    let len = (high - low + 1) as usize;
    let mut rest: Vec<u64> = (low..=high).collect();
    let mut factors: Vec<Vec<(u64, u32)>> = vec![vec![]; len];
    for (k, p) in primes_up_to(high.sqrt()).into_iter().enumerate() {
        if k % 4096 == 0 {
            ctx.checkpoint()?;
        }
        let first = low.div_ceil(p) * p;
        let mut n = first;
        while n <= high {
            let k = (n - low) as usize;
            let mut e = 0;
            while rest[k].is_multiple_of(p) {
                rest[k] /= p;
                e += 1;
            }
            factors[k].push((p, e));
            n += p;
        }
    }
    for (k, r) in rest.into_iter().enumerate() {
        if r > 1 {
            factors[k].push((r, 1));
        }
    }
    Ok(factors)
}

fn valuation(mut n: u64, p: u64) -> u64 {
    let mut v = 0;
    while n > 0 && n.is_multiple_of(p) {
        n /= p;
        v += 1;
    }
    v
}

/// C(a, b) for small b, saturating.
fn binomial(a: u64, b: u64) -> u64 {
    (0..b).fold(1u128, |acc, i| (acc * u128::from(a - i) / u128::from(i + 1)).min(u128::from(u64::MAX))) as u64
}

impl Query for IntervalStatistics {
    type Input = StatisticsInput;
    type Output = StatisticsOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_theory.compute.interval_statistics",
            "Statistics of integers over an interval",
            "Over an interval of integers: p-adic valuations, prime gaps, sums of consecutive integers, ordered \
             product representations d_k(n), and p-adic valuations of binomial coefficients C(n, k) along a row.",
            "Native and exact over up to 10^6 integers below 10^12 (segmented sieve): each value with a histogram, \
             maximum and total — v_p(n); the gap after each prime (maximal gaps, gap frequencies); the number of \
             representations of n as a sum of consecutive positive integers; d_k(n); Kummer's v_p(C(n, k)).",
            &[
                "number-theory",
                "interval",
                "profile",
                "p-adic-valuation",
                "prime-gaps",
                "maximal-gap",
                "consecutive-sums",
                "divisor-function",
                "piltz",
                "binomial",
                "kummer",
                "histogram",
            ],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("statistics.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "Prime gaps between 1,000,000 and 1,010,000",
                Mode::Explore,
                json!({"low": 1_000_000, "high": 1_010_000, "statistic": "prime_gaps"}),
            ),
            (
                "2-adic valuations of C(100, k)",
                Mode::Explore,
                json!({"low": 0, "high": 100, "statistic": {"binomial_valuations": {"n": 100, "p": 2}}, "list": true}),
            ),
        ]
    }
    fn validate(&self, i: &StatisticsInput) -> Result<(), Diagnostic> {
        let binomial = matches!(i.statistic, Statistic::BinomialValuations { .. });
        if i.low == 0 && !binomial {
            return Err(Diagnostic::at("/low", "OUT_OF_RANGE", "low is at least 1"));
        }
        if i.high < i.low {
            return Err(Diagnostic::at("/high", "OUT_OF_RANGE", "high is at least low"));
        }
        let prime = |p: u64, at: &str| {
            if is_prime_u64(p) { Ok(()) } else { Err(Diagnostic::at(at, "NOT_PRIME", "p is a prime")) }
        };
        match i.statistic {
            Statistic::PAdicValuation { p } => prime(p, "/statistic/p_adic_valuation/p"),
            Statistic::BinomialValuations { p, .. } => prime(p, "/statistic/binomial_valuations/p"),
            Statistic::ProductRepresentations { k } if !(1..=64).contains(&k) => {
                Err(Diagnostic::at("/statistic/product_representations/k", "OUT_OF_RANGE", "1 ≤ k ≤ 64"))
            }
            _ => Ok(()),
        }
    }
    fn bounds(&self, i: &StatisticsInput) -> Result<(), Refusal> {
        let too = |m: &str| Err(Refusal::Unsupported(Diagnostic::at("/high", "TOO_LARGE", m)));
        if i.high > MAX_HIGH {
            return too("high is at most 10^12");
        }
        if i.high - i.low >= MAX_LENGTH {
            return too("at most 10^6 integers");
        }
        if let Statistic::BinomialValuations { n, .. } = i.statistic
            && n > MAX_HIGH
        {
            let d = Diagnostic::at("/statistic/binomial_valuations/n", "TOO_LARGE", "n is at most 10^12");
            return Err(Refusal::Unsupported(d));
        }
        Ok(())
    }
    fn answer(&self, i: &StatisticsInput, ctx: &AdapterContext) -> Result<Answer<StatisticsOutput>, AdapterError> {
        let (low, high) = (i.low, i.high);
        let (values, gaps): (Vec<u64>, Option<Vec<Gap>>) = match i.statistic {
            Statistic::PAdicValuation { p } => ((low..=high).map(|n| valuation(n, p)).collect(), None),
            Statistic::BinomialValuations { n, p } => {
                // v_p(C(n, k)) = (s_p(k) + s_p(n − k) − s_p(n)) / (p − 1), with s_p the digit sum.
                let s = |mut x: u64| {
                    let mut t = 0;
                    while x > 0 {
                        t += x % p;
                        x /= p;
                    }
                    t
                };
                ((low..=high.min(n)).map(|k| (s(k) + s(n - k) - s(n)) / (p - 1)).collect(), None)
            }
            Statistic::ConsecutiveSums | Statistic::ProductRepresentations { .. } => {
                let factors = factor_interval(low, high, ctx)?;
                let value = |f: &Vec<(u64, u32)>| match i.statistic {
                    Statistic::ProductRepresentations { k } => f
                        .iter()
                        .map(|&(_, e)| binomial(u64::from(e) + u64::from(k) - 1, u64::from(k) - 1))
                        .fold(1u64, |a, b| a.saturating_mul(b)),
                    _ => f.iter().filter(|&&(q, _)| q != 2).map(|&(_, e)| u64::from(e) + 1).product(),
                };
                (factors.iter().map(value).collect(), None)
            }
            Statistic::PrimeGaps => {
                let primes: Vec<u64> = (low..=high).filter(|&n| is_prime_u64(n)).collect();
                let mut gaps = vec![];
                for (k, &q) in primes.iter().enumerate() {
                    let next = match primes.get(k + 1) {
                        Some(&r) => r,
                        None => {
                            let mut r = q + 1;
                            while !is_prime_u64(r) {
                                r += 1;
                                if r.is_multiple_of(1 << 12) {
                                    ctx.checkpoint()?;
                                }
                            }
                            r
                        }
                    };
                    gaps.push(Gap { prime: q, gap: next - q });
                }
                (gaps.iter().map(|g| g.gap).collect(), Some(gaps))
            }
        };
        let mut histogram = BTreeMap::new();
        values.iter().for_each(|&v| *histogram.entry(v).or_insert(0u64) += 1);
        let total: u128 = values.iter().map(|&v| u128::from(v)).sum();
        let listed_gaps = gaps.filter(|_| i.list);
        Ok(StatisticsOutput {
            count: values.len() as u64,
            histogram: histogram.into_iter().map(|(value, count)| Frequency { value, count }).collect(),
            maximum: values.iter().max().copied(),
            total: total.to_string(),
            values: (i.list && listed_gaps.is_none() && !matches!(i.statistic, Statistic::PrimeGaps)).then_some(values),
            gaps: listed_gaps,
        }
        .into())
    }
}
