//! Inverting the divisor-power sums σ_k(n) = Σ_{d | n} d^k: every n with σ_k(n) = m.
//!
//! σ_k is multiplicative with σ_k(p^e) = 1 + p^k + … + p^(ek), so n = ∏ p^e is a preimage
//! exactly when m is the product of the σ_k(p^e) over distinct primes. The candidate prime-power
//! blocks are the divisors d of m of that form: for e = 1, d − 1 = p^k; for e ≥ 2, p^k < √d, so
//! those primes are few and enumerated directly. A search multiplies blocks of increasing primes.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_integer::Roots;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::functions::{check_exponents, power_sums};
use super::primes_up_to;
use crate::cas::{self, Answer, Query};
use crate::integer::decimal;
use crate::primecert::is_prime_u64;

/// Largest m.
pub const MAX_M: u64 = 1_000_000_000_000;

/// Input of `number_theory.compute.divisor_sum_preimages`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SigmaInput {
    /// m, from 1 to 10^12.
    pub m: u64,
    /// The power k ≥ 1 of σ_k(n) = Σ_{d | n} d^k (default 1: the sum of divisors).
    #[serde(default = "one")]
    pub k: u32,
    /// Also Σ n^j over the preimages for each of these exponents j (0 to 10).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub power_sums: Vec<u32>,
}

fn one() -> u32 {
    1
}

/// Output of `number_theory.compute.divisor_sum_preimages`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SigmaOutput {
    /// Every n with σ_k(n) = m, increasing (empty when m is not a value of σ_k).
    pub preimages: Vec<DecimalInteger>,
    /// Σ n^j over the preimages, per requested exponent.
    pub power_sums: Vec<DecimalInteger>,
}

/// `number_theory.compute.divisor_sum_preimages`.
pub struct SigmaPreimages;

/// The prime-power blocks (σ_k(p^e), p^e) whose value divides m, by increasing p.
fn blocks(m: u64, k: u32, ctx: &AdapterContext) -> Result<Vec<(u64, u64, u64)>, AdapterError> {
    let mut out = vec![];
    // e = 1: d = 1 + p^k for a divisor d of m.
    let mut d = 1u64;
    while d * d <= m {
        if m.is_multiple_of(d) {
            for v in [d, m / d] {
                if let Some(p) = kth_root(v - 1, k).filter(|&p| is_prime_u64(p)) {
                    out.push((p, v, p));
                }
            }
        }
        d += 1;
        if d.is_multiple_of(1 << 16) {
            ctx.checkpoint()?;
        }
    }
    // e ≥ 2: σ_k(p^e) > p^(2k), so p ≤ m^(1/2k).
    for p in primes_up_to(m.nth_root(2 * k)) {
        let pk = (p as u128).pow(k);
        let (mut sigma, mut power, mut pe) = (1 + pk, pk, p as u128);
        loop {
            power *= pk;
            sigma += power;
            pe *= p as u128;
            if sigma > m as u128 {
                break;
            }
            if m.is_multiple_of(sigma as u64) {
                out.push((p, sigma as u64, pe as u64));
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// The p with p^k = v, if any.
fn kth_root(v: u64, k: u32) -> Option<u64> {
    let r = v.nth_root(k);
    (r >= 2 && (r as u128).pow(k) == v as u128).then_some(r)
}

impl Query for SigmaPreimages {
    type Input = SigmaInput;
    type Output = SigmaOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_theory.compute.divisor_sum_preimages",
            "Inverse of the sum-of-divisors function σ_k",
            "Every n with σ_k(n) = m (σ(n) = m for k = 1): the preimages of the divisor-power sum, and power sums \
             Σ n^j over them.",
            "Exact and native for m ≤ 10^12: candidate prime-power blocks σ_k(p^e) dividing m (p^k = d − 1 for a \
             divisor d, or p ≤ m^(1/2k) for e ≥ 2), multiplied by a search over increasing primes.",
            &["number-theory", "inverse-sigma", "sum-of-divisors", "divisor-function", "preimages", "sigma-k"],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("preimages.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("every n with σ(n) = 24", Mode::Explore, json!({"m": 24})),
            ("every n with σ₂(n) = 50 and their sum", Mode::Explore, json!({"m": 50, "k": 2, "power_sums": [1]})),
        ]
    }
    fn validate(&self, i: &SigmaInput) -> Result<(), Diagnostic> {
        if i.m == 0 {
            return Err(Diagnostic::at("/m", "OUT_OF_RANGE", "m is at least 1"));
        }
        if !(1..=40).contains(&i.k) {
            return Err(Diagnostic::at("/k", "OUT_OF_RANGE", "1 ≤ k ≤ 40"));
        }
        check_exponents(&i.power_sums)
    }
    fn bounds(&self, i: &SigmaInput) -> Result<(), Refusal> {
        if i.m > MAX_M {
            return Err(Refusal::Unsupported(Diagnostic::at("/m", "TOO_LARGE", "m is at most 10^12")));
        }
        Ok(())
    }
    fn answer(&self, i: &SigmaInput, ctx: &AdapterContext) -> Result<Answer<SigmaOutput>, AdapterError> {
        let blocks = blocks(i.m, i.k, ctx)?;
        let mut found: Vec<u128> = vec![];
        // m = ∏ σ_k(p^e) over strictly increasing primes, blocks[start..] still allowed.
        fn search(
            m: u64,
            n: u128,
            start: usize,
            blocks: &[(u64, u64, u64)],
            found: &mut Vec<u128>,
            ctx: &AdapterContext,
        ) -> Result<(), AdapterError> {
            if m == 1 {
                found.push(n);
                return Ok(());
            }
            ctx.checkpoint()?;
            for (j, &(p, sigma, pe)) in blocks.iter().enumerate().skip(start) {
                if m.is_multiple_of(sigma) {
                    let next = blocks[j..].iter().position(|b| b.0 > p).map_or(blocks.len(), |q| j + q);
                    search(m / sigma, n * u128::from(pe), next, blocks, found, ctx)?;
                }
            }
            Ok(())
        }
        search(i.m, 1, 0, &blocks, &mut found, ctx)?;
        found.sort_unstable();
        Ok(SigmaOutput {
            preimages: found.iter().map(|&n| decimal(&n.into())).collect(),
            power_sums: power_sums(&found, &i.power_sums),
        }
        .into())
    }
}
