//! `word.enumerate.necklaces`: necklaces, Lyndon words and bracelets of length n over k letters —
//! their exact numbers by the cycle-index formulas and the first ones in lexicographic order by
//! the Fredricksen–Kessler–Maiorana algorithm — and the lexicographically least de Bruijn
//! sequence B(k, n), the concatenation of the Lyndon words whose length divides n.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::typed::Describe;
use num_bigint::BigUint;
use num_traits::Zero;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::native;
use crate::cas::{self, Answer, Query};

/// Most bits of k^n in a count.
pub const MAX_COUNT_BITS: f64 = 300_000.0;
/// Most words listed.
pub const MAX_LIMIT: usize = 10_000;
/// Longest words listed.
pub const MAX_LISTED_LENGTH: u32 = 1_000;
/// Longest de Bruijn sequence.
pub const MAX_DE_BRUIJN: u64 = 1_000_000;
/// Most decimal digits of the number of de Bruijn sequences.
pub const MAX_DE_BRUIJN_COUNT_DIGITS: f64 = 100_000.0;

/// What to enumerate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Words up to rotation (each listed as its least rotation).
    Necklaces,
    /// Aperiodic necklaces: words strictly smaller than all their rotations.
    LyndonWords,
    /// Words up to rotation and reversal (each listed as its least representative).
    Bracelets,
    /// The least de Bruijn sequence B(k, n): every word of length n appears once cyclically.
    DeBruijn,
}

/// Input of `word.enumerate.necklaces`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NecklaceInput {
    /// What to enumerate.
    pub kind: Kind,
    /// The length n (at least 1).
    pub n: u32,
    /// The number of letters k (at least 1); letters are 0, …, k − 1.
    pub k: u32,
    /// Most words listed (default 100 when n ≤ 1,000, else 0; at most 10,000; 0 for the count alone).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<usize>,
}

/// `word.enumerate.necklaces`.
pub struct Necklaces;

fn check(i: &NecklaceInput) -> Result<(), Diagnostic> {
    if i.n == 0 {
        return Err(Diagnostic::at("/n", "OUT_OF_RANGE", "the length is at least 1"));
    }
    if i.k == 0 {
        return Err(Diagnostic::at("/k", "OUT_OF_RANGE", "at least one letter"));
    }
    if i.limit.is_some_and(|l| l > MAX_LIMIT) {
        return Err(Diagnostic::at("/limit", "OUT_OF_RANGE", format!("at most {MAX_LIMIT}")));
    }
    if i.kind == Kind::DeBruijn && i.limit.is_some() {
        return Err(Diagnostic::at("/limit", "UNUSED", "a de Bruijn sequence is given whole"));
    }
    Ok(())
}

fn divisors(n: u32) -> Vec<u32> {
    (1..=n).filter(|d| n.is_multiple_of(*d)).collect()
}

/// The number of words of `kind` (not de Bruijn), by the cycle-index formulas.
fn count(kind: Kind, n: u32, k: u32) -> BigUint {
    let kb = BigUint::from(k);
    let pow = |e: u32| kb.pow(e);
    let nb = BigUint::from(n);
    match kind {
        Kind::LyndonWords => {
            let (mut plus, mut minus) = (BigUint::zero(), BigUint::zero());
            for d in divisors(n) {
                match crate::counting::mobius(u64::from(d)) {
                    1 => plus += pow(n / d),
                    -1 => minus += pow(n / d),
                    _ => {}
                }
            }
            (plus - minus) / nb
        }
        _ => {
            let necklaces: BigUint = divisors(n)
                .iter()
                .map(|&d| BigUint::from(crate::counting::euler_phi(u64::from(d))) * pow(n / d))
                .sum::<BigUint>()
                / nb;
            if kind == Kind::Necklaces {
                return necklaces;
            }
            // 2B = N + (k+1)/2 · k^(n/2) (n even) or N + k^((n+1)/2) (n odd).
            let mirror = if n.is_multiple_of(2) { (&kb + 1u32) * pow(n / 2) / 2u32 } else { pow(n.div_ceil(2)) };
            (necklaces + mirror) / 2u32
        }
    }
}

/// The least rotation of w.
fn least_rotation(w: &[u32]) -> Vec<u32> {
    (0..w.len()).map(|r| [&w[r..], &w[..r]].concat()).min().unwrap_or_default()
}

/// Calls `each` with every prenecklace a[1..=t] of the FKM algorithm (with its period p), in
/// lexicographic order, until it returns false.
fn fkm(
    n: usize,
    k: u32,
    ctx: &AdapterContext,
    mut each: impl FnMut(&[u32], usize) -> bool,
) -> Result<(), AdapterError> {
    let mut a = vec![0u32; n + 1];
    let mut steps = 0u64;
    // Iterative form: the successor of a prenecklace of length n.
    if !each(&a[1..=n], 1) {
        return Ok(());
    }
    loop {
        steps += 1;
        if steps.is_multiple_of(4096) {
            ctx.checkpoint()?;
        }
        let mut i = n;
        while i >= 1 && a[i] == k - 1 {
            i -= 1;
        }
        if i == 0 {
            return Ok(());
        }
        a[i] += 1;
        for j in i + 1..=n {
            a[j] = a[j - i];
        }
        if !each(&a[1..=n], i) {
            return Ok(());
        }
    }
}

impl Query for Necklaces {
    type Input = NecklaceInput;
    type Output = Value;

    fn describe(&self) -> Describe {
        cas::describe(
            "word.enumerate.necklaces",
            "Necklaces, Lyndon words, bracelets and de Bruijn sequences",
            "Count and list necklaces (words up to rotation), Lyndon words, bracelets (up to rotation and reflection) of length n over k letters, and build a de Bruijn sequence.",
            "Natively: the exact numbers of necklaces (1/n)Σφ(d)k^(n/d), Lyndon words (1/n)Σμ(d)k^(n/d) and bracelets, \
             the first `limit` of them in lexicographic order by the Fredricksen–Kessler–Maiorana algorithm (each as \
             its least representative; lengths up to 1,000), and the lexicographically least de Bruijn sequence B(k, n) (length k^n up to \
             10^6) with the number (k!)^(k^(n−1))/k^n of de Bruijn sequences.",
            &[
                "necklace",
                "lyndon-word",
                "bracelet",
                "de-bruijn",
                "words",
                "rotation",
                "cyclic-words",
                "combinatorics-on-words",
                "fkm",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("necklace.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("binary necklaces of length 6", Mode::Explore, json!({"kind": "necklaces", "n": 6, "k": 2})),
            ("the de Bruijn sequence B(2, 4)", Mode::Explore, json!({"kind": "de_bruijn", "n": 4, "k": 2})),
            ("ternary bracelets of length 5", Mode::Explore, json!({"kind": "bracelets", "n": 5, "k": 3})),
        ]
    }
    fn validate(&self, i: &NecklaceInput) -> Result<(), Diagnostic> {
        check(i)
    }
    fn bounds(&self, i: &NecklaceInput) -> Result<(), Refusal> {
        let bits = f64::from(i.n) * f64::from(i.k).log2();
        if bits > MAX_COUNT_BITS {
            let message = format!("k^n has about {bits:.0} bits; this capability counts up to {MAX_COUNT_BITS} bits");
            return Err(Refusal::Unsupported(Diagnostic::at("/n", "TOO_LARGE", message)));
        }
        if i.kind == Kind::DeBruijn && f64::from(i.k).powf(f64::from(i.n)) > MAX_DE_BRUIJN as f64 {
            let message = format!("a de Bruijn sequence of length k^n; this capability builds at most {MAX_DE_BRUIJN}");
            return Err(Refusal::Unsupported(Diagnostic::at("/n", "TOO_LARGE", message)));
        }
        if i.limit.is_some_and(|l| l > 0) && i.n > MAX_LISTED_LENGTH {
            let message = format!("words are listed up to length {MAX_LISTED_LENGTH}; ask with limit 0 for the count");
            return Err(Refusal::Unsupported(Diagnostic::at("/limit", "TOO_LARGE", message)));
        }
        Ok(())
    }
    fn answer(&self, i: &NecklaceInput, ctx: &AdapterContext) -> Result<Answer<Value>, AdapterError> {
        let n = i.n as usize;
        if i.kind == Kind::DeBruijn {
            let mut sequence: Vec<u32> = vec![];
            fkm(n, i.k, ctx, |a, p| {
                if n.is_multiple_of(p) {
                    sequence.extend_from_slice(&a[..p]);
                }
                true
            })?;
            // (k!)^(k^(n−1)) / k^n, when it has at most 100,000 digits.
            let fact: BigUint = (1..=i.k).map(BigUint::from).product();
            let exponent = f64::from(i.k).powi(i.n as i32 - 1);
            let digits = exponent * fact.to_string().len() as f64;
            let number = if digits <= MAX_DE_BRUIJN_COUNT_DIGITS {
                let e = u32::try_from(u64::from(i.k).pow(i.n - 1)).unwrap_or(u32::MAX);
                Some((fact.pow(e) / BigUint::from(i.k).pow(i.n)).to_string())
            } else {
                None
            };
            return Ok(json!({"kind": i.kind, "n": i.n, "k": i.k, "length": sequence.len(),
                              "sequence": sequence, "number_of_sequences": number})
            .into());
        }
        let total = count(i.kind, i.n, i.k);
        let limit = i.limit.unwrap_or(if i.n <= MAX_LISTED_LENGTH { 100 } else { 0 });
        let mut words: Vec<Vec<u32>> = vec![];
        if limit > 0 {
            fkm(n, i.k, ctx, |a, p| {
                let keep = match i.kind {
                    Kind::LyndonWords => p == n,
                    Kind::Necklaces => n.is_multiple_of(p),
                    _ => {
                        n.is_multiple_of(p) && {
                            let reversed: Vec<u32> = a.iter().rev().copied().collect();
                            a <= least_rotation(&reversed).as_slice()
                        }
                    }
                };
                if keep {
                    words.push(a.to_vec());
                }
                words.len() < limit
            })?;
        }
        let complete = BigUint::from(words.len()) == total;
        Ok(json!({"kind": i.kind, "n": i.n, "k": i.k, "count": total.to_string(), "words": words,
                  "complete": complete})
        .into())
    }
}
