//! Additive sets: `combinatorics.additive.sidon` (decide, admissible extensions, greedy and
//! exhaustive maximum Sidon sets in an interval) and `combinatorics.difference_set.compute`
//! (decide a cyclic (v, k, λ) difference set, search one exhaustively, or extend a partial one).

// Index loops over several parallel tables read more clearly than zipped iterators here.
#![allow(clippy::needless_range_loop, clippy::type_complexity)]

use std::collections::HashSet;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{native, statements};
use crate::cas::{self, Answer, Query};

/// Most elements of a set decided.
pub const MAX_SET: usize = 5_000;
/// Largest interval [0, n) searched exhaustively for a maximum Sidon set.
pub const MAX_EXHAUSTIVE: u64 = 45;
/// Largest bound of a greedy construction or an extension profile.
pub const MAX_GREEDY: u64 = 1_000_000;
/// Largest modulus searched for a difference set.
pub const MAX_SEARCH_MODULUS: u64 = 400;
/// Largest modulus decided.
pub const MAX_MODULUS: u64 = 1_000_000;

/// What to do with Sidon sets.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SidonOperation {
    /// Is the set a Sidon set (all sums a + b, a ≤ b, distinct)? A witness a + b = c + d if not.
    Decide {
        /// The set.
        #[schemars(length(min = 1, max = 5000))]
        set: Vec<i64>,
    },
    /// The integers x in [0, bound] outside the set with set ∪ {x} still Sidon.
    ExtensionProfile {
        /// A Sidon set.
        #[schemars(length(max = 5000))]
        set: Vec<i64>,
        /// Upper end of the range.
        bound: u64,
    },
    /// The greedy (Mian–Chowla) Sidon sequence in [0, bound], starting from `start`.
    Greedy {
        /// Upper end.
        bound: u64,
        /// Initial elements (a Sidon set), default [0].
        #[serde(default)]
        start: Vec<i64>,
    },
    /// A largest Sidon subset of {0, …, n − 1} (an optimal Golomb ruler), by exhaustive search.
    Maximum {
        /// n ≤ 45.
        n: u64,
    },
}

/// Input of `combinatorics.additive.sidon`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SidonInput {
    /// The operation.
    pub operation: SidonOperation,
}

/// Output of `combinatorics.additive.sidon`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SidonOutput {
    /// Whether the (given or constructed) set is Sidon.
    pub sidon: bool,
    /// The set (constructed, or the one given), increasing.
    pub set: Vec<i64>,
    /// A collision a + b = c + d when not Sidon.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub witness: Option<[i64; 4]>,
    /// The admissible extensions, for `extension_profile`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub admissible: Option<Vec<i64>>,
}

/// `combinatorics.additive.sidon`.
pub struct Sidon;

fn collision(set: &[i64]) -> Option<[i64; 4]> {
    let mut sums = std::collections::HashMap::new();
    for (i, &a) in set.iter().enumerate() {
        for &b in &set[i..] {
            if let Some(&(c, d)) = sums.get(&(i128::from(a) + i128::from(b))) {
                return Some([a, b, c, d]);
            }
            sums.insert(i128::from(a) + i128::from(b), (a, b));
        }
    }
    None
}

/// Differences of a Sidon set as a set (a − b for a > b), which must stay distinct.
fn differences(set: &[i64]) -> HashSet<i64> {
    let mut d = HashSet::new();
    for &a in set {
        for &b in set {
            if a > b {
                d.insert(a - b);
            }
        }
    }
    d
}

/// Adds x to a Sidon set when its new differences are new and distinct.
fn try_add(set: &[i64], diffs: &HashSet<i64>, x: i64) -> Option<Vec<i64>> {
    let mut new = Vec::with_capacity(set.len());
    for &a in set {
        let d = (x - a).abs();
        if d == 0 || diffs.contains(&d) || new.contains(&d) {
            return None;
        }
        new.push(d);
    }
    Some(new)
}

fn maximum(n: u64, ctx: &AdapterContext) -> Result<Vec<i64>, AdapterError> {
    let mut best: Vec<i64> = vec![];
    let mut cur = vec![0i64];
    let mut used = vec![false; n as usize];
    let mut steps = 0u64;
    #[allow(clippy::too_many_arguments)]
    fn go(
        n: i64,
        cur: &mut Vec<i64>,
        used: &mut [bool],
        best: &mut Vec<i64>,
        steps: &mut u64,
        ctx: &AdapterContext,
    ) -> Result<(), AdapterError> {
        *steps += 1;
        if steps.is_multiple_of(1 << 14) {
            ctx.checkpoint()?;
        }
        if cur.len() > best.len() {
            *best = cur.clone();
        }
        let last = cur[cur.len() - 1];
        // Bound: a Sidon set of m elements spans at least m(m−1)/2; remaining room caps the count.
        let room = n - 1 - last;
        // e more elements with `last` form a Sidon set of e + 1 elements, of diameter ≥ e(e + 1)/2.
        let mut extra = 0i64;
        while (extra + 1) * (extra + 2) / 2 <= room {
            extra += 1;
        }
        if cur.len() as i64 + extra <= best.len() as i64 {
            return Ok(());
        }
        for x in last + 1..n {
            let mut new = vec![];
            let ok = cur.iter().all(|&a| {
                let d = (x - a) as usize;
                let fresh = !used[d] && !new.contains(&d);
                new.push(d);
                fresh
            });
            if ok {
                for &d in &new {
                    used[d] = true;
                }
                cur.push(x);
                go(n, cur, used, best, steps, ctx)?;
                cur.pop();
                for &d in &new {
                    used[d] = false;
                }
            }
        }
        Ok(())
    }
    if n == 0 {
        return Ok(vec![]);
    }
    go(n as i64, &mut cur, &mut used, &mut best, &mut steps, ctx)?;
    Ok(best)
}

impl Query for Sidon {
    type Input = SidonInput;
    type Output = SidonOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "combinatorics.additive.sidon",
                "Sidon sets",
                "Decide whether a set of integers is a Sidon set (all pairwise sums distinct), its admissible extensions, greedy Mian–Chowla sets, and maximum Sidon sets (Golomb rulers).",
                "Native: `operation` is decide (a collision a + b = c + d when not Sidon), extension_profile (every x ≤ \
                 bound keeping the set Sidon), greedy (the Mian–Chowla construction up to a bound) or maximum (a \
                 largest Sidon subset of {0, …, n − 1} by exhaustive branch and bound, n ≤ 45: an optimal Golomb \
                 ruler). VERIFY replays every pairwise sum of the answer's set in the discrete checker.",
                &[
                    "sidon-set",
                    "golomb-ruler",
                    "b2-sequence",
                    "mian-chowla",
                    "additive-combinatorics",
                    "sum-free",
                    "distinct-sums",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("additive.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("Is {0, 1, 4, 6} a Sidon set?", Mode::Verify, json!({"operation": {"decide": {"set": [0, 1, 4, 6]}}})),
            ("A maximum Sidon subset of {0, …, 17}", Mode::Verify, json!({"operation": {"maximum": {"n": 18}}})),
        ]
    }
    fn validate(&self, i: &SidonInput) -> Result<(), Diagnostic> {
        let (set, at) = match &i.operation {
            SidonOperation::Decide { set } => (set, "/operation/decide/set"),
            SidonOperation::ExtensionProfile { set, .. } => (set, "/operation/extension_profile/set"),
            SidonOperation::Greedy { start, .. } => (start, "/operation/greedy/start"),
            SidonOperation::Maximum { .. } => return Ok(()),
        };
        let mut seen = HashSet::new();
        for (k, x) in set.iter().enumerate() {
            if !seen.insert(x) {
                return Err(Diagnostic::at(format!("{at}/{k}"), "REPEATED", format!("{x} twice")));
            }
        }
        if !matches!(i.operation, SidonOperation::Decide { .. }) && collision(set).is_some() {
            return Err(Diagnostic::at(at, "NOT_SIDON", "start from a Sidon set"));
        }
        Ok(())
    }
    fn bounds(&self, i: &SidonInput) -> Result<(), Refusal> {
        match &i.operation {
            SidonOperation::ExtensionProfile { bound, .. } | SidonOperation::Greedy { bound, .. }
                if *bound > MAX_GREEDY =>
            {
                Err(super::too_large("/operation", format!("bound at most {MAX_GREEDY}")))
            }
            SidonOperation::Maximum { n } if *n > MAX_EXHAUSTIVE => {
                Err(super::too_large("/operation/maximum/n", format!("n at most {MAX_EXHAUSTIVE}")))
            }
            _ => Ok(()),
        }
    }
    fn answer(&self, i: &SidonInput, ctx: &AdapterContext) -> Result<Answer<SidonOutput>, AdapterError> {
        let mut admissible = None;
        let mut set: Vec<i64> = match &i.operation {
            SidonOperation::Decide { set } => set.clone(),
            SidonOperation::ExtensionProfile { set, bound } => {
                let diffs = differences(set);
                let mut ok = vec![];
                for x in 0..=*bound as i64 {
                    if x % 4096 == 0 {
                        ctx.checkpoint()?;
                    }
                    if !set.contains(&x) && try_add(set, &diffs, x).is_some() {
                        ok.push(x);
                    }
                }
                admissible = Some(ok);
                set.clone()
            }
            SidonOperation::Greedy { bound, start } => {
                let mut set = if start.is_empty() { vec![0] } else { start.clone() };
                set.sort_unstable();
                let mut diffs = differences(&set);
                let from = set[set.len() - 1] + 1;
                for x in from..=*bound as i64 {
                    if x % 1024 == 0 {
                        ctx.checkpoint()?;
                    }
                    if let Some(new) = try_add(&set, &diffs, x) {
                        diffs.extend(new);
                        set.push(x);
                    }
                }
                set
            }
            SidonOperation::Maximum { n } => maximum(*n, ctx)?,
        };
        set.sort_unstable();
        let witness = collision(&set);
        let statement = json!({"sidon": {"set": set, "holds": witness.is_none(), "witness": witness}});
        Ok(Answer::from(SidonOutput { sidon: witness.is_none(), set, witness, admissible })
            .claim(statements(vec![statement])))
    }
}

/// What to do with cyclic difference sets.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum DifferenceOperation {
    /// Is the set a (v, k, λ) difference set in Z/vZ (λ given, or k(k − 1)/(v − 1))?
    Decide {
        /// The set (taken modulo v).
        #[schemars(length(min = 1, max = 5000))]
        set: Vec<i64>,
    },
    /// A (v, k, λ) difference set containing 0 (and `contains`), by exhaustive search.
    Search {
        /// k.
        size: u64,
        /// Elements the set must contain.
        #[serde(default)]
        contains: Vec<i64>,
    },
}

/// Input of `combinatorics.difference_set.compute`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DifferenceInput {
    /// The modulus v.
    pub modulus: u64,
    /// λ (default k(k − 1)/(v − 1), which must be an integer; 1 for a perfect difference set).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lambda: Option<u64>,
    /// The operation.
    pub operation: DifferenceOperation,
}

/// Output of `combinatorics.difference_set.compute`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DifferenceOutput {
    /// Whether the set is (or one was found that is) a difference set.
    pub holds: bool,
    /// λ.
    pub lambda: u64,
    /// The set, residues increasing (absent when a search found none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub set: Option<Vec<u64>>,
    /// How often each residue 1..v−1 is a difference, for `decide`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub difference_counts: Option<Vec<u64>>,
    /// A residue that is not a difference exactly λ times, when not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub witness: Option<u64>,
    /// For a search: whether it covered every candidate (so "none" means none exists).
    pub exhaustive: bool,
}

/// `combinatorics.difference_set.compute`.
pub struct DifferenceSet;

fn lambda_of(i: &DifferenceInput, k: u64) -> Option<u64> {
    let v = i.modulus;
    i.lambda.or_else(|| (k * k.saturating_sub(1)).checked_rem(v - 1).filter(|r| *r == 0).map(|_| k * (k - 1) / (v - 1)))
}

fn search(
    v: u64,
    k: usize,
    lambda: u64,
    fixed: &[u64],
    ctx: &AdapterContext,
) -> Result<Option<Vec<u64>>, AdapterError> {
    let mut count = vec![0u64; v as usize];
    let mut set: Vec<u64> = vec![];
    let add = |set: &[u64], x: u64, count: &mut [u64]| -> bool {
        let mut ok = true;
        for &a in set {
            for d in [(x + v - a) % v, (a + v - x) % v] {
                count[d as usize] += 1;
                ok &= count[d as usize] <= lambda;
            }
        }
        ok
    };
    // Without constraints a translate of any solution contains 0.
    let mut base = if fixed.is_empty() { vec![0u64] } else { vec![] };
    for &f in fixed {
        if !base.contains(&f) {
            base.push(f);
        }
    }
    base.sort_unstable();
    for &x in &base {
        if !add(&set, x, &mut count) {
            return Ok(None);
        }
        set.push(x);
    }
    let mut steps = 0u64;
    #[allow(clippy::too_many_arguments)]
    fn go(
        v: u64,
        k: usize,
        lambda: u64,
        from: u64,
        set: &mut Vec<u64>,
        count: &mut Vec<u64>,
        steps: &mut u64,
        ctx: &AdapterContext,
    ) -> Result<bool, AdapterError> {
        *steps += 1;
        if steps.is_multiple_of(1 << 14) {
            ctx.checkpoint()?;
        }
        if set.len() == k {
            return Ok((1..v).all(|d| count[d as usize] == lambda));
        }
        for x in from..v {
            if set.contains(&x) {
                continue;
            }
            if (k - set.len()) as u64 > v - x {
                break;
            }
            let mut ok = true;
            for &a in set.iter() {
                for d in [(x + v - a) % v, (a + v - x) % v] {
                    count[d as usize] += 1;
                    ok &= count[d as usize] <= lambda;
                }
            }
            set.push(x);
            if ok && go(v, k, lambda, x + 1, set, count, steps, ctx)? {
                return Ok(true);
            }
            set.pop();
            for &a in set.iter() {
                for d in [(x + v - a) % v, (a + v - x) % v] {
                    count[d as usize] -= 1;
                }
            }
        }
        Ok(false)
    }
    if set.len() > k {
        return Ok(None);
    }
    let found = go(v, k, lambda, 0, &mut set, &mut count, &mut steps, ctx)?;
    set.sort_unstable();
    Ok(found.then_some(set))
}

impl Query for DifferenceSet {
    type Input = DifferenceInput;
    type Output = DifferenceOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "combinatorics.difference_set.compute",
                "Cyclic difference sets",
                "Decide whether a set is a cyclic (v, k, λ) difference set in Z/vZ (perfect when λ = 1), or search one exhaustively, optionally extending given elements.",
                "Native: `decide` counts every difference a − b mod v and names a residue with the wrong count; `search` \
                 finds a (v, k, λ) difference set containing the `contains` elements (0 when none) by exhaustive backtracking \
                 on difference counts (v ≤ 400), so \"none\" is proved absent. VERIFY recounts every difference in the \
                 discrete checker.",
                &[
                    "difference-set",
                    "perfect-difference-set",
                    "singer",
                    "cyclic",
                    "design",
                    "projective-plane",
                    "extension",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("additive.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "The Singer set {1, 2, 4} mod 7",
                Mode::Verify,
                json!({"modulus": 7, "operation": {"decide": {"set": [1, 2, 4]}}}),
            ),
            (
                "A perfect difference set mod 13",
                Mode::Verify,
                json!({"modulus": 13, "lambda": 1, "operation": {"search": {"size": 4}}}),
            ),
        ]
    }
    fn validate(&self, i: &DifferenceInput) -> Result<(), Diagnostic> {
        if i.modulus < 2 {
            return Err(super::out_of_range("/modulus", "v ≥ 2"));
        }
        let k = match &i.operation {
            DifferenceOperation::Decide { set } => {
                let mut r: Vec<u64> = set.iter().map(|&a| a.rem_euclid(i.modulus as i64) as u64).collect();
                r.sort_unstable();
                if let Some(w) = r.windows(2).find(|w| w[0] == w[1]) {
                    let m = format!("two elements are {} mod v", w[0]);
                    return Err(Diagnostic::at("/operation/decide/set", "REPEATED", m));
                }
                set.len() as u64
            }
            DifferenceOperation::Search { size, .. } => {
                if *size < 2 || *size > i.modulus {
                    return Err(super::out_of_range("/operation/search/size", "2 ≤ k ≤ v"));
                }
                *size
            }
        };
        if lambda_of(i, k).is_none() {
            return Err(Diagnostic::at(
                "/lambda",
                "NOT_INTEGRAL",
                format!("k(k − 1)/(v − 1) = {}·{}/{} is not an integer; give λ", k, k.saturating_sub(1), i.modulus - 1),
            ));
        }
        Ok(())
    }
    fn bounds(&self, i: &DifferenceInput) -> Result<(), Refusal> {
        let max =
            if matches!(i.operation, DifferenceOperation::Search { .. }) { MAX_SEARCH_MODULUS } else { MAX_MODULUS };
        if i.modulus > max {
            return Err(super::too_large("/modulus", format!("v at most {max} here")));
        }
        Ok(())
    }
    fn answer(&self, i: &DifferenceInput, ctx: &AdapterContext) -> Result<Answer<DifferenceOutput>, AdapterError> {
        let v = i.modulus;
        match &i.operation {
            DifferenceOperation::Decide { set } => {
                let lambda = lambda_of(i, set.len() as u64).unwrap_or(0);
                let r: Vec<u64> = set.iter().map(|&a| a.rem_euclid(v as i64) as u64).collect();
                let mut count = vec![0u64; v as usize];
                for (x, &a) in r.iter().enumerate() {
                    if x.is_multiple_of(64) {
                        ctx.checkpoint()?;
                    }
                    for &b in &r {
                        if a != b {
                            count[((a + v - b) % v) as usize] += 1;
                        }
                    }
                }
                let witness = (1..v).find(|&d| count[d as usize] != lambda);
                let statement = json!({"difference_set": {"modulus": v, "set": set, "lambda": lambda, "holds": witness.is_none(), "witness": witness}});
                let mut sorted = r.clone();
                sorted.sort_unstable();
                let out = DifferenceOutput {
                    holds: witness.is_none(),
                    lambda,
                    set: Some(sorted),
                    difference_counts: Some(count[1..].to_vec()),
                    witness,
                    exhaustive: true,
                };
                Ok(Answer::from(out).claim(statements(vec![statement])))
            }
            DifferenceOperation::Search { size, contains } => {
                let lambda = lambda_of(i, *size).unwrap_or(0);
                let fixed: Vec<u64> = contains.iter().map(|&a| a.rem_euclid(v as i64) as u64).collect();
                let found = search(v, *size as usize, lambda, &fixed, ctx)?;
                let out = DifferenceOutput {
                    holds: found.is_some(),
                    lambda,
                    set: found.clone(),
                    difference_counts: None,
                    witness: None,
                    exhaustive: true,
                };
                let mut answer = Answer::from(out);
                if let Some(s) = found {
                    let statement = json!({"difference_set": {"modulus": v, "set": s, "lambda": lambda, "holds": true, "witness": null}});
                    answer = answer.claim(statements(vec![statement]));
                }
                Ok(answer)
            }
        }
    }
}
