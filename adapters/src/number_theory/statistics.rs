//! Statistics of integers over an interval, natively: p-adic valuations, gaps between
//! consecutive primes, representations as sums of consecutive integers and as ordered products
//! of k factors, the p-adic valuations along a row of Pascal's triangle, coverage by a set of
//! primes, gcds of two polynomial values, divisibility of products of translates, and
//! representations as a prime plus a translation.
//!
//! The interval is factored by a segmented sieve with the primes up to √high; a prime gap that
//! runs past the interval is closed by scanning on with the deterministic 64-bit primality test.
//! gcd(f(n), g(n)) divides the resultant R of f and g, so it is computed modulo |R| (and is
//! periodic in n with period |R|).

use std::collections::BTreeMap;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::typed::Describe;
use num_integer::{Integer, Roots};
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
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
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
    /// For each n, how many of the given primes divide it (0: n is not covered); with the
    /// longest run of consecutive covered integers.
    PrimeCoverage {
        /// Distinct primes, at most 1,000, each below 10^12.
        primes: Vec<u64>,
    },
    /// For each n, gcd(f(n), g(n)) for integer polynomials f and g without a common factor;
    /// it divides their resultant, which is reported with the quotient |R| / gcd at the maximum.
    PolynomialGcd {
        /// Coefficients of f from the constant term up (degree ≤ 3, |coefficient| ≤ 100).
        f: Vec<i64>,
        /// Coefficients of g from the constant term up (degree ≤ 3, |coefficient| ≤ 100).
        g: Vec<i64>,
    },
    /// For each n, gcd(m, ∏ (n + h)) over the shifts h: m divides the product exactly when the value is m.
    ProductDivisibility {
        /// The shifts h (1 to 64 of them, |h| ≤ 10^12).
        shifts: Vec<i64>,
        /// The modulus m (1 to 10^12).
        modulus: u64,
    },
    /// For each n, how many translations t make n − t a prime (0: n is no prime plus a translation).
    TranslatedPrimes {
        /// Distinct translations t (1 to 1,000 of them, |t| ≤ 10^12, spread at most 10^6).
        translations: Vec<i64>,
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
    /// The longest run of consecutive integers with a nonzero value (prime coverage: covered integers).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub longest_run: Option<Run>,
    /// The resultant R of f and g (polynomial gcd): every value divides it, and the values repeat with period |R|.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resultant: Option<String>,
}

/// A run of consecutive integers.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Run {
    /// Its first integer.
    pub start: u64,
    /// How many integers it has.
    pub length: u64,
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
            "Over an interval of integers: p-adic valuations, prime gaps, consecutive sums, d_k(n), v_p(C(n, k)), \
             coverage by given primes, gcd(f(n), g(n)), divisibility of ∏(n + h), and n − t prime.",
            "Native and exact over up to 10^6 integers below 10^12 (segmented sieve): each value with a histogram, \
             maximum and total — v_p(n); the gap after each prime (maximal gaps, gap frequencies); the number of \
             representations of n as a sum of consecutive positive integers; d_k(n); Kummer's v_p(C(n, k)); how \
             many of given primes divide n (uncovered integers, the longest covered run); gcd(f(n), g(n)) of two \
             integer polynomials, which divides their resultant; gcd(m, ∏(n + h)) over given shifts (whether m \
             divides the product); and the number of translations t with n − t prime.",
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
                "covering",
                "jacobsthal",
                "polynomial-values",
                "resultant",
                "product-of-translates",
                "translated-primes",
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
                "Integers of [1, 30] not divisible by 2, 3 or 5",
                Mode::Explore,
                json!({"low": 1, "high": 30, "statistic": {"prime_coverage": {"primes": [2, 3, 5]}}, "list": true}),
            ),
            (
                "gcd(n² + 1, n + 3) for n up to 100",
                Mode::Explore,
                json!({"low": 1, "high": 100, "statistic": {"polynomial_gcd": {"f": [1, 0, 1], "g": [3, 1]}}}),
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
            Statistic::PrimeCoverage { ref primes } => {
                let at = "/statistic/prime_coverage/primes";
                if primes.is_empty() || primes.len() > 1000 {
                    return Err(Diagnostic::at(at, "OUT_OF_RANGE", "1 to 1,000 primes"));
                }
                for (k, &p) in primes.iter().enumerate() {
                    if p >= MAX_HIGH || !is_prime_u64(p) || primes[..k].contains(&p) {
                        return Err(Diagnostic::at(format!("{at}/{k}"), "NOT_PRIME", "distinct primes below 10^12"));
                    }
                }
                Ok(())
            }
            Statistic::PolynomialGcd { ref f, ref g } => {
                for (name, c) in [("f", f), ("g", g)] {
                    let at = format!("/statistic/polynomial_gcd/{name}");
                    if c.is_empty() || c.len() > 4 || c.iter().any(|x| x.unsigned_abs() > 100) {
                        return Err(Diagnostic::at(at, "OUT_OF_RANGE", "degree ≤ 3 and |coefficients| ≤ 100"));
                    }
                    if c.iter().all(|&x| x == 0) {
                        return Err(Diagnostic::at(at, "OUT_OF_RANGE", "a nonzero polynomial"));
                    }
                }
                if resultant(f, g) == 0 {
                    let why = "f and g have a common factor (their resultant is 0), so gcd(f(n), g(n)) is unbounded";
                    return Err(Diagnostic::at("/statistic/polynomial_gcd/g", "COMMON_FACTOR", why));
                }
                Ok(())
            }
            Statistic::ProductDivisibility { ref shifts, modulus } => {
                let at = "/statistic/product_divisibility";
                if shifts.is_empty() || shifts.len() > 64 || shifts.iter().any(|h| h.unsigned_abs() > MAX_HIGH) {
                    return Err(Diagnostic::at(format!("{at}/shifts"), "OUT_OF_RANGE", "1 to 64 shifts, |h| ≤ 10^12"));
                }
                if !(1..=MAX_HIGH).contains(&modulus) {
                    return Err(Diagnostic::at(format!("{at}/modulus"), "OUT_OF_RANGE", "1 ≤ m ≤ 10^12"));
                }
                Ok(())
            }
            Statistic::TranslatedPrimes { ref translations } => {
                let at = "/statistic/translated_primes/translations";
                let t = translations;
                if t.is_empty() || t.len() > 1000 || t.iter().any(|x| x.unsigned_abs() > MAX_HIGH) {
                    return Err(Diagnostic::at(at, "OUT_OF_RANGE", "1 to 1,000 translations, |t| ≤ 10^12"));
                }
                if let Some(k) = (1..t.len()).find(|&k| t[..k].contains(&t[k])) {
                    return Err(Diagnostic::at(format!("{at}/{k}"), "DUPLICATE", "translations are distinct"));
                }
                let spread = t.iter().max().unwrap_or(&0).abs_diff(*t.iter().min().unwrap_or(&0));
                if spread > MAX_LENGTH {
                    return Err(Diagnostic::at(at, "OUT_OF_RANGE", "the translations span at most 10^6"));
                }
                Ok(())
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
        let mut result = None;
        let (values, gaps): (Vec<u64>, Option<Vec<Gap>>) = match &i.statistic {
            Statistic::PrimeCoverage { primes } => {
                let mut count = vec![0u64; (high - low + 1) as usize];
                for (k, &p) in primes.iter().enumerate() {
                    if k % 64 == 0 {
                        ctx.checkpoint()?;
                    }
                    let mut n = low.div_ceil(p) * p;
                    while n <= high {
                        count[(n - low) as usize] += 1;
                        n += p;
                    }
                }
                (count, None)
            }
            Statistic::PolynomialGcd { f, g } => {
                let r = resultant(f, g);
                result = Some(r.to_string());
                let m = r.unsigned_abs();
                let at = |c: &[i64], n: u64| {
                    let n = u128::from(n) % m;
                    c.iter().rev().fold(0u128, |acc, &x| (acc * n + i128::from(x).rem_euclid(m as i128) as u128) % m)
                };
                let values = (low..=high).map(|n| at(f, n).gcd(&at(g, n)).gcd(&m) as u64).collect();
                (values, None)
            }
            Statistic::ProductDivisibility { shifts, modulus } => {
                let m = u128::from(*modulus);
                let values = (low..=high)
                    .map(|n| {
                        let product = shifts.iter().fold(1u128 % m, |acc, &h| {
                            acc * ((i128::from(n) + i128::from(h)).rem_euclid(m as i128) as u128) % m
                        });
                        product.gcd(&m) as u64
                    })
                    .collect();
                (values, None)
            }
            Statistic::TranslatedPrimes { translations } => {
                // n − t over the interval and the translations lies in [low − max t, high − min t].
                let (tmin, tmax) = (translations.iter().min().copied(), translations.iter().max().copied());
                let (tmin, tmax) = (i128::from(tmin.unwrap_or(0)), i128::from(tmax.unwrap_or(0)));
                let from = (i128::from(low) - tmax).max(0) as u64;
                let to = i128::from(high) - tmin;
                let prime = if to < 2 { vec![] } else { prime_flags(from, to as u64, ctx)? };
                let is_prime = |x: i128| {
                    x >= i128::from(from) && prime.get((x - i128::from(from)) as usize).copied().unwrap_or(false)
                };
                let values = (low..=high)
                    .map(|n| translations.iter().filter(|&&t| is_prime(i128::from(n) - i128::from(t))).count() as u64)
                    .collect();
                (values, None)
            }
            &Statistic::PAdicValuation { p } => ((low..=high).map(|n| valuation(n, p)).collect(), None),
            &Statistic::BinomialValuations { n, p } => {
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
                let value = |f: &Vec<(u64, u32)>| match &i.statistic {
                    &Statistic::ProductRepresentations { k } => f
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
        let longest_run = matches!(i.statistic, Statistic::PrimeCoverage { .. }).then(|| longest_run(low, &values));
        Ok(StatisticsOutput {
            count: values.len() as u64,
            histogram: histogram.into_iter().map(|(value, count)| Frequency { value, count }).collect(),
            maximum: values.iter().max().copied(),
            total: total.to_string(),
            values: (i.list && listed_gaps.is_none() && !matches!(i.statistic, Statistic::PrimeGaps)).then_some(values),
            gaps: listed_gaps,
            longest_run,
            resultant: result,
        }
        .into())
    }
}

/// The longest run of nonzero values (the first, among equals); length 0 when there is none.
fn longest_run(low: u64, values: &[u64]) -> Run {
    let (mut best, mut start, mut length) = (Run { start: low, length: 0 }, 0, 0u64);
    for (k, &v) in values.iter().enumerate() {
        if v == 0 {
            length = 0;
            continue;
        }
        if length == 0 {
            start = k;
        }
        length += 1;
        if length > best.length {
            best = Run { start: low + start as u64, length };
        }
    }
    best
}

/// The resultant of f and g (coefficients from the constant term up, trailing zeros ignored):
/// the determinant of their Sylvester matrix, by fraction-free elimination (every intermediate
/// value is a minor, which the bounds on degree and coefficients keep far inside i128).
fn resultant(f: &[i64], g: &[i64]) -> i128 {
    let trim = |c: &[i64]| -> Vec<i128> {
        let d = c.iter().rposition(|&x| x != 0).unwrap_or(0);
        c[..=d].iter().rev().map(|&x| i128::from(x)).collect()
    };
    let (f, g) = (trim(f), trim(g));
    let (m, k) = (f.len() - 1, g.len() - 1);
    let size = m + k;
    if size == 0 {
        return 1;
    }
    let mut a = vec![vec![0i128; size]; size];
    for r in 0..k {
        a[r][r..r + f.len()].copy_from_slice(&f);
    }
    for r in 0..m {
        a[k + r][r..r + g.len()].copy_from_slice(&g);
    }
    let (mut sign, mut previous) = (1i128, 1i128);
    for c in 0..size {
        let Some(pivot) = (c..size).find(|&r| a[r][c] != 0) else { return 0 };
        if pivot != c {
            a.swap(pivot, c);
            sign = -sign;
        }
        for r in c + 1..size {
            for j in c + 1..size {
                a[r][j] = (a[r][j] * a[c][c] - a[r][c] * a[c][j]) / previous;
            }
            a[r][c] = 0;
        }
        previous = a[c][c];
    }
    sign * a[size - 1][size - 1]
}

/// Whether each integer of [from, to] is prime, by a segmented sieve.
fn prime_flags(from: u64, to: u64, ctx: &AdapterContext) -> Result<Vec<bool>, AdapterError> {
    let mut flags: Vec<bool> = (from..=to).map(|n| n >= 2).collect();
    for (k, p) in primes_up_to(to.sqrt()).into_iter().enumerate() {
        if k % 4096 == 0 {
            ctx.checkpoint()?;
        }
        let mut n = (from.div_ceil(p) * p).max(p * p);
        while n <= to {
            flags[(n - from) as usize] = false;
            n += p;
        }
    }
    Ok(flags)
}
