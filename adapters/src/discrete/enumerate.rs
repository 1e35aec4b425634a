//! `combinatorics.enumerate.structures`: integer partitions, compositions, set partitions,
//! permutations (avoiding classical patterns, or without fixed points), subsets and Dyck paths,
//! listed up to a limit with their exact count.
//!
//! Counts come from generating-function recurrences where the family has one (so a count can
//! be far larger than what is listed); pattern-avoiding permutations are counted by a search
//! that extends prefixes and cuts every prefix that already contains a pattern.

// Index loops over several parallel tables read more clearly than zipped iterators here.
#![allow(clippy::needless_range_loop, clippy::type_complexity)]

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_traits::{One, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{native, statements};
use crate::cas::{self, Answer, Query};

/// Most objects listed.
pub const MAX_LIMIT: usize = 10_000;
/// Largest n of partitions and compositions counted.
pub const MAX_N: u64 = 2_000;
/// Largest n of set partitions counted.
pub const MAX_SET_N: u64 = 500;
/// Largest n of permutations searched with patterns or without fixed points.
pub const MAX_PERMUTATION_N: u64 = 12;
/// Longest pattern.
pub const MAX_PATTERN: usize = 6;
/// Most search steps for pattern avoidance.
pub const MAX_STEPS: u64 = 200_000_000;

/// A family of combinatorial structures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Structure {
    /// Partitions of n (non-increasing parts), optionally into exactly `parts` parts, with parts
    /// at most `max_part`, or into distinct parts.
    IntegerPartitions {
        /// n.
        n: u64,
        /// Exact number of parts.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        parts: Option<u64>,
        /// Largest part allowed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max_part: Option<u64>,
        /// Distinct parts only.
        #[serde(default)]
        distinct: bool,
    },
    /// Compositions of n (ordered positive parts), optionally into exactly `parts` parts, with
    /// parts at most `max_part`.
    Compositions {
        /// n.
        n: u64,
        /// Exact number of parts.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        parts: Option<u64>,
        /// Largest part allowed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max_part: Option<u64>,
    },
    /// Set partitions of {1, …, n}, optionally into exactly `blocks` blocks.
    SetPartitions {
        /// n.
        n: u64,
        /// Exact number of blocks.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        blocks: Option<u64>,
    },
    /// Permutations of 1..n (one-line notation) avoiding every classical pattern in `avoid`,
    /// and without fixed points when `derangement`.
    Permutations {
        /// n.
        n: u64,
        /// Patterns, each a permutation of 1..m (m ≤ 6).
        #[serde(default)]
        avoid: Vec<Vec<u64>>,
        /// No fixed points.
        #[serde(default)]
        derangement: bool,
    },
    /// k-subsets of {1, …, n} (every subset without `k`).
    Subsets {
        /// n.
        n: u64,
        /// Size.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        k: Option<u64>,
    },
    /// Dyck paths of semilength n, as words in U and D.
    DyckPaths {
        /// n.
        n: u64,
    },
}

/// Input of `combinatorics.enumerate.structures`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EnumerateInput {
    /// What to enumerate.
    pub structure: Structure,
    /// Most objects listed (default 100, at most 10^4); 0 to count only.
    #[serde(default = "default_limit")]
    pub limit: usize,
}

fn default_limit() -> usize {
    100
}

/// Output of `combinatorics.enumerate.structures`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct EnumerateOutput {
    /// How many there are, exactly.
    pub count: String,
    /// The first objects in the documented order (partitions with their largest parts first,
    /// the rest lexicographically); set partitions as lists of blocks.
    pub objects: Vec<Value>,
    /// Whether `objects` lists every one.
    pub complete: bool,
}

/// `combinatorics.enumerate.structures`.
pub struct Enumerate;

/// Partitions of n into parts ≤ m: count table c[s][j] over parts ≤ j, with the constraints.
fn count_partitions(n: usize, parts: Option<usize>, max: usize, distinct: bool) -> BigInt {
    match parts {
        None => {
            // Σ over parts 1..=max, each used any number of times (or once).
            let mut c = vec![BigInt::zero(); n + 1];
            c[0] = BigInt::one();
            for p in 1..=max.min(n) {
                if distinct {
                    for s in (p..=n).rev() {
                        let a = c[s - p].clone();
                        c[s] += a;
                    }
                } else {
                    for s in p..=n {
                        let a = c[s - p].clone();
                        c[s] += a;
                    }
                }
            }
            c[n].clone()
        }
        Some(k) => {
            // t[s][j]: partitions of s into exactly j parts, each ≤ max (distinct: strictly decreasing).
            let mut t = vec![vec![BigInt::zero(); k + 1]; n + 1];
            t[0][0] = BigInt::one();
            for p in 1..=max.min(n) {
                if distinct {
                    for s in (p..=n).rev() {
                        for j in (1..=k).rev() {
                            let a = t[s - p][j - 1].clone();
                            t[s][j] += a;
                        }
                    }
                } else {
                    for s in p..=n {
                        for j in 1..=k {
                            let a = t[s - p][j - 1].clone();
                            t[s][j] += a;
                        }
                    }
                }
            }
            t[n][k].clone()
        }
    }
}

fn count_compositions(n: usize, parts: Option<usize>, max: usize) -> BigInt {
    // c[j][s]: compositions of s into j parts ≤ max; summed over j when `parts` is absent.
    let top = parts.unwrap_or(n);
    let mut row = vec![BigInt::zero(); n + 1];
    row[0] = BigInt::one();
    let mut total = if parts.is_none_or(|k| k == 0) { row[n].clone() } else { BigInt::zero() };
    for j in 1..=top {
        let mut next = vec![BigInt::zero(); n + 1];
        for s in 1..=n {
            for p in 1..=max.min(s) {
                if !row[s - p].is_zero() {
                    let a = row[s - p].clone();
                    next[s] += a;
                }
            }
        }
        row = next;
        if parts.is_none() || parts == Some(j) {
            total += &row[n];
        }
    }
    total
}

fn stirling2_row(n: usize) -> Vec<BigInt> {
    let mut row = vec![BigInt::one()];
    for m in 1..=n {
        let mut next = vec![BigInt::zero(); m + 1];
        for k in 1..=m {
            let mut v = row[k - 1].clone();
            if k < m {
                v += &row[k] * k;
            }
            next[k] = v;
        }
        row = next;
    }
    row
}

/// Lists objects until `limit`; returns false to stop.
struct Lister<'a> {
    out: Vec<Value>,
    limit: usize,
    ctx: &'a AdapterContext,
    steps: u64,
}

impl Lister<'_> {
    fn push(&mut self, v: Value) -> bool {
        if self.out.len() < self.limit {
            self.out.push(v);
        }
        self.out.len() < self.limit
    }
    fn tick(&mut self) -> Result<(), AdapterError> {
        self.steps += 1;
        if self.steps.is_multiple_of(1 << 16) {
            self.ctx.checkpoint()?;
        }
        Ok(())
    }
}

fn list_partitions(
    rest: u64,
    max: u64,
    parts: Option<u64>,
    distinct: bool,
    cur: &mut Vec<u64>,
    l: &mut Lister,
) -> Result<bool, AdapterError> {
    l.tick()?;
    if rest == 0 {
        if parts.is_none_or(|k| k == cur.len() as u64) {
            return Ok(l.push(json!(cur)));
        }
        return Ok(true);
    }
    if parts.is_some_and(|k| cur.len() as u64 >= k) {
        return Ok(true);
    }
    for p in (1..=max.min(rest)).rev() {
        cur.push(p);
        let next_max = if distinct { p - 1 } else { p };
        let go = list_partitions(rest - p, next_max, parts, distinct, cur, l)?;
        cur.pop();
        if !go {
            return Ok(false);
        }
    }
    Ok(true)
}

fn list_compositions(
    rest: u64,
    max: u64,
    parts: Option<u64>,
    cur: &mut Vec<u64>,
    l: &mut Lister,
) -> Result<bool, AdapterError> {
    l.tick()?;
    if rest == 0 {
        if parts.is_none_or(|k| k == cur.len() as u64) {
            return Ok(l.push(json!(cur)));
        }
        return Ok(true);
    }
    if parts.is_some_and(|k| cur.len() as u64 >= k) {
        return Ok(true);
    }
    for p in 1..=max.min(rest) {
        cur.push(p);
        let go = list_compositions(rest - p, max, parts, cur, l)?;
        cur.pop();
        if !go {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Set partitions as restricted growth strings, lexicographically.
fn list_set_partitions(
    n: usize,
    blocks: Option<usize>,
    rgs: &mut Vec<usize>,
    top: usize,
    l: &mut Lister,
) -> Result<bool, AdapterError> {
    l.tick()?;
    if rgs.len() == n {
        if blocks.is_none_or(|b| b == top) {
            let mut bs: Vec<Vec<usize>> = vec![vec![]; top];
            for (i, &b) in rgs.iter().enumerate() {
                bs[b].push(i + 1);
            }
            return Ok(l.push(json!(bs)));
        }
        return Ok(true);
    }
    if blocks.is_some_and(|b| top + (n - rgs.len()) < b) {
        return Ok(true);
    }
    for b in 0..=top {
        if blocks.is_some_and(|k| b >= k) {
            break;
        }
        rgs.push(b);
        let go = list_set_partitions(n, blocks, rgs, top.max(b + 1), l)?;
        rgs.pop();
        if !go {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether `w` contains the pattern `p` (both in one-line notation) using its last entry.
fn contains_ending(w: &[u64], p: &[u64]) -> bool {
    let m = p.len();
    let n = w.len();
    if m > n {
        return false;
    }
    // Choose m − 1 earlier positions; the last position is n − 1.
    let mut idx: Vec<usize> = (0..m - 1).collect();
    loop {
        let mut ok = true;
        'pairs: for a in 0..m {
            let wa = if a == m - 1 { w[n - 1] } else { w[idx[a]] };
            for b in a + 1..m {
                let wb = if b == m - 1 { w[n - 1] } else { w[idx[b]] };
                if (wa < wb) != (p[a] < p[b]) {
                    ok = false;
                    break 'pairs;
                }
            }
        }
        if ok {
            return true;
        }
        if m == 1 {
            return false;
        }
        // Next combination of m − 1 positions among 0..n − 1.
        let mut i = m - 1;
        loop {
            if i == 0 {
                return false;
            }
            i -= 1;
            if idx[i] < n - 1 - (m - 1 - i) {
                idx[i] += 1;
                for j in i + 1..m - 1 {
                    idx[j] = idx[j - 1] + 1;
                }
                break;
            }
        }
    }
}

fn search_permutations(
    n: u64,
    avoid: &[Vec<u64>],
    derangement: bool,
    cur: &mut Vec<u64>,
    used: &mut Vec<bool>,
    count: &mut u64,
    l: &mut Lister,
) -> Result<(), AdapterError> {
    l.tick()?;
    if l.steps > MAX_STEPS {
        return Err(AdapterError::Unsupported(format!("the search passed {MAX_STEPS} steps")));
    }
    if cur.len() as u64 == n {
        *count += 1;
        l.push(json!(cur));
        return Ok(());
    }
    for v in 1..=n {
        if used[v as usize] || (derangement && v == cur.len() as u64 + 1) {
            continue;
        }
        cur.push(v);
        if !avoid.iter().any(|p| contains_ending(cur, p)) {
            used[v as usize] = true;
            search_permutations(n, avoid, derangement, cur, used, count, l)?;
            used[v as usize] = false;
        }
        cur.pop();
    }
    Ok(())
}

/// Count and the first objects of a structure.
pub fn enumerate(s: &Structure, limit: usize, ctx: &AdapterContext) -> Result<(BigInt, Vec<Value>), AdapterError> {
    let mut l = Lister { out: vec![], limit, ctx, steps: 0 };
    let count = match s {
        &Structure::IntegerPartitions { n, parts, max_part, distinct } => {
            let max = max_part.unwrap_or(n).min(n);
            if limit > 0 {
                list_partitions(n, max, parts, distinct, &mut vec![], &mut l)?;
            }
            count_partitions(n as usize, parts.map(|k| k as usize), max as usize, distinct)
        }
        &Structure::Compositions { n, parts, max_part } => {
            let max = max_part.unwrap_or(n).min(n);
            if limit > 0 {
                list_compositions(n, max, parts, &mut vec![], &mut l)?;
            }
            count_compositions(n as usize, parts.map(|k| k as usize), max as usize)
        }
        &Structure::SetPartitions { n, blocks } => {
            if limit > 0 {
                list_set_partitions(n as usize, blocks.map(|b| b as usize), &mut vec![], 0, &mut l)?;
            }
            let row = stirling2_row(n as usize);
            match blocks {
                Some(b) => row.get(b as usize).cloned().unwrap_or_default(),
                None => row.iter().sum(),
            }
        }
        Structure::Permutations { n, avoid, derangement } => {
            if avoid.is_empty() && !derangement {
                let mut cur = vec![];
                let mut used = vec![false; *n as usize + 1];
                // Lexicographic listing only: the count is n!.
                fn first(n: u64, cur: &mut Vec<u64>, used: &mut Vec<bool>, l: &mut Lister) -> bool {
                    if cur.len() as u64 == n {
                        return l.push(json!(cur));
                    }
                    for v in 1..=n {
                        if !used[v as usize] {
                            used[v as usize] = true;
                            cur.push(v);
                            let go = first(n, cur, used, l);
                            cur.pop();
                            used[v as usize] = false;
                            if !go {
                                return false;
                            }
                        }
                    }
                    true
                }
                if limit > 0 {
                    first(*n, &mut cur, &mut used, &mut l);
                }
                (1..=*n).fold(BigInt::one(), |a, x| a * x)
            } else {
                let mut count = 0u64;
                search_permutations(
                    *n,
                    avoid,
                    *derangement,
                    &mut vec![],
                    &mut vec![false; *n as usize + 1],
                    &mut count,
                    &mut l,
                )?;
                BigInt::from(count)
            }
        }
        &Structure::Subsets { n, k } => {
            fn subsets(n: u64, k: Option<u64>, start: u64, cur: &mut Vec<u64>, l: &mut Lister) -> bool {
                if k.is_none_or(|k| cur.len() as u64 == k) && !l.push(json!(cur)) {
                    return false;
                }
                if k.is_some_and(|k| cur.len() as u64 >= k) {
                    return true;
                }
                for v in start..=n {
                    cur.push(v);
                    let go = subsets(n, k, v + 1, cur, l);
                    cur.pop();
                    if !go {
                        return false;
                    }
                }
                true
            }
            if limit > 0 {
                subsets(n, k, 1, &mut vec![], &mut l);
            }
            match k {
                Some(k) if k > n => BigInt::zero(),
                Some(k) => (0..k).fold(BigInt::one(), |a, i| a * (n - i) / (i + 1)),
                None => BigInt::one() << n,
            }
        }
        &Structure::DyckPaths { n } => {
            fn dyck(n: u64, up: u64, down: u64, cur: &mut String, l: &mut Lister) -> bool {
                if up == n && down == n {
                    return l.push(json!(cur));
                }
                for (c, ok) in [('U', up < n), ('D', down < up)] {
                    if ok {
                        cur.push(c);
                        let go = dyck(n, up + (c == 'U') as u64, down + (c == 'D') as u64, cur, l);
                        cur.pop();
                        if !go {
                            return false;
                        }
                    }
                }
                true
            }
            if limit > 0 {
                dyck(n, 0, 0, &mut String::new(), &mut l);
            }
            (0..n).fold(BigInt::one(), |a, i| a * (2 * n - i) / (i + 1)) / (n + 1)
        }
    };
    Ok((count, l.out))
}

impl Query for Enumerate {
    type Input = EnumerateInput;
    type Output = EnumerateOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "combinatorics.enumerate.structures",
                "Enumerate combinatorial structures",
                "List and count integer partitions, compositions, set partitions, pattern-avoiding permutations, derangements, subsets and Dyck paths, with exact counts.",
                "Native: `structure` selects integer_partitions (exact number of parts, largest part, distinct parts), \
                 compositions, set_partitions (number of blocks), permutations (avoiding classical patterns, \
                 derangements), subsets (of size k) or dyck_paths; the first `limit` objects and the exact count. \
                 VERIFY recounts by the discrete checker's own brute-force enumerator (counts up to 10^6).",
                &[
                    "integer-partitions",
                    "compositions",
                    "set-partitions",
                    "pattern-avoidance",
                    "permutations",
                    "derangements",
                    "subsets",
                    "dyck-paths",
                    "enumeration",
                    "counting",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("enumerate.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "Partitions of 8 into exactly 3 parts",
                Mode::Verify,
                json!({"structure": {"integer_partitions": {"n": 8, "parts": 3}}}),
            ),
            (
                "231-avoiding permutations of 5 (a Catalan number)",
                Mode::Verify,
                json!({"structure": {"permutations": {"n": 5, "avoid": [[2, 3, 1]]}}, "limit": 5}),
            ),
            ("Set partitions of {1, 2, 3, 4}", Mode::Explore, json!({"structure": {"set_partitions": {"n": 4}}})),
        ]
    }
    fn validate(&self, i: &EnumerateInput) -> Result<(), Diagnostic> {
        if i.limit > MAX_LIMIT {
            return Err(super::out_of_range("/limit", format!("at most {MAX_LIMIT}")));
        }
        if let Structure::Permutations { avoid, .. } = &i.structure {
            for (a, p) in avoid.iter().enumerate() {
                let mut sorted = p.clone();
                sorted.sort_unstable();
                if p.is_empty() || p.len() > MAX_PATTERN || sorted != (1..=p.len() as u64).collect::<Vec<_>>() {
                    let at = format!("/structure/permutations/avoid/{a}");
                    return Err(Diagnostic::at(
                        at,
                        "NOT_A_PATTERN",
                        format!("a permutation of 1..m with m ≤ {MAX_PATTERN}"),
                    ));
                }
            }
        }
        Ok(())
    }
    fn bounds(&self, i: &EnumerateInput) -> Result<(), Refusal> {
        let (n, max, at) = match &i.structure {
            Structure::IntegerPartitions { n, .. } => (*n, MAX_N, "/structure/integer_partitions/n"),
            Structure::Compositions { n, .. } => (*n, MAX_N, "/structure/compositions/n"),
            Structure::SetPartitions { n, .. } => (*n, MAX_SET_N, "/structure/set_partitions/n"),
            Structure::Permutations { n, avoid, derangement } => {
                let max = if avoid.is_empty() && !derangement { 1_000 } else { MAX_PERMUTATION_N };
                (*n, max, "/structure/permutations/n")
            }
            Structure::Subsets { n, .. } => (*n, 10_000, "/structure/subsets/n"),
            Structure::DyckPaths { n } => (*n, 10_000, "/structure/dyck_paths/n"),
        };
        if n > max {
            return Err(super::too_large(at, format!("n is at most {max} here")));
        }
        Ok(())
    }
    fn answer(&self, i: &EnumerateInput, ctx: &AdapterContext) -> Result<Answer<EnumerateOutput>, AdapterError> {
        let (count, objects) = enumerate(&i.structure, i.limit, ctx)?;
        let complete = BigInt::from(objects.len()) == count;
        let statement = json!({"count": {"structure": i.structure, "count": count.to_string(), "listed": objects}});
        Ok(Answer::from(EnumerateOutput { count: count.to_string(), objects, complete })
            .claim(statements(vec![statement])))
    }
}
