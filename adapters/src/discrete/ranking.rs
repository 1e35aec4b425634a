//! `combinatorics.rank.unrank`: ranking and unranking of combinatorial objects in a stated
//! order, with big-integer ranks: subsets (binary order), k-combinations and permutations
//! (lexicographic), compositions and integer partitions (lexicographic on the parts), and set
//! partitions (lexicographic on restricted growth strings). A rank counts the objects before it,
//! from 0.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::native;
use crate::cas::{self, Answer, Query};

/// The kinds of objects ranked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Family {
    /// Subsets of {1, …, n} (sorted lists), ranked by Σ_{i ∈ S} 2^(i−1).
    Subset,
    /// k-subsets of {1, …, n} (sorted lists), lexicographic.
    Combination,
    /// Permutations of {1, …, n} (image lists), lexicographic.
    Permutation,
    /// Compositions of n (lists of positive parts), lexicographic: (1, …, 1) first, (n) last.
    Composition,
    /// Partitions of n (non-increasing parts), lexicographic: (1, …, 1) first, (n) last.
    IntegerPartition,
    /// Set partitions of {1, …, n} as restricted growth strings (a₁ = 0, aᵢ ≤ 1 + max of the earlier),
    /// lexicographic: the partition into singletons ranks last.
    SetPartition,
}

impl Family {
    fn max_n(self) -> usize {
        match self {
            Family::Subset | Family::Combination | Family::Composition => 10_000,
            Family::Permutation => 2_000,
            Family::IntegerPartition | Family::SetPartition => 400,
        }
    }
}

/// What to compute.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Question {
    /// The rank of an object.
    Rank {
        /// The object, in the family's form.
        object: Vec<u64>,
    },
    /// The object of a rank (0 ≤ rank < count).
    Unrank {
        /// The rank.
        rank: DecimalInteger,
    },
    /// The number of objects.
    Count,
}

/// Input of `combinatorics.rank.unrank`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RankInput {
    /// The family.
    pub family: Family,
    /// n (at most 10,000 for subsets, combinations and compositions, 2,000 for permutations,
    /// 400 for integer and set partitions).
    pub n: usize,
    /// k, the size of a combination.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k: Option<usize>,
    /// What to compute.
    pub question: Question,
}

/// `combinatorics.rank.unrank`.
pub struct Ranking;

fn binomial(n: usize, k: usize) -> BigUint {
    crate::counting::binomial_big(n as u64, k as u64)
}

/// C(m, t), stepped down in m alone or in both (m ≥ 1 at every step: the callers stop at n).
struct Running {
    m: usize,
    t: usize,
    value: BigUint,
}

impl Running {
    fn new(m: usize, t: usize) -> Self {
        Running { m, t, value: binomial(m, t) }
    }
    /// C(m − 1, t) = C(m, t)·(m − t)/m (zero once m ≤ t).
    fn fewer(&mut self) {
        self.value = &self.value * self.m.saturating_sub(self.t) / self.m.max(1);
        self.m = self.m.saturating_sub(1);
    }
    /// C(m − 1, t − 1) = C(m, t)·t/m.
    fn fewer_and_smaller(&mut self) {
        self.value = &self.value * self.t / self.m.max(1);
        self.m = self.m.saturating_sub(1);
        self.t = self.t.saturating_sub(1);
    }
}

/// p[r][m]: partitions of r with parts at most m (r, m ≤ n).
fn bounded_partitions(n: usize, tick: Tick) -> Result<Vec<Vec<BigUint>>, AdapterError> {
    let mut p = vec![vec![BigUint::zero(); n + 1]; n + 1];
    p[0].iter_mut().for_each(|x| *x = BigUint::one());
    for r in 1..=n {
        tick()?;
        for m in 1..=n {
            let without = p[r][m - 1].clone();
            let with = if m <= r { p[r - m][m].clone() } else { BigUint::zero() };
            p[r][m] = without + with;
        }
    }
    Ok(p)
}

/// d[i][m]: completions of a restricted growth string of length n from position i (0-based,
/// positions i..n still free) when the blocks used so far number m.
fn growth_completions(n: usize, tick: Tick) -> Result<Vec<Vec<BigUint>>, AdapterError> {
    let mut d = vec![vec![BigUint::zero(); n + 2]; n + 1];
    d[n].iter_mut().for_each(|x| *x = BigUint::one());
    for i in (0..n).rev() {
        tick()?;
        for m in 0..=n {
            // m choices of an old block, or a new one.
            d[i][m] = BigUint::from(m) * &d[i + 1][m] + &d[i + 1][m + 1];
        }
    }
    Ok(d)
}

fn compositions(r: usize) -> BigUint {
    if r == 0 { BigUint::one() } else { BigUint::one() << (r - 1) }
}

/// Called once per table row: the run's checkpoint, or nothing in validation.
type Tick<'a> = &'a dyn Fn() -> Result<(), AdapterError>;

/// The number of objects.
fn count(i: &RankInput, tick: Tick) -> Result<BigUint, AdapterError> {
    let n = i.n;
    Ok(match i.family {
        Family::Subset => BigUint::one() << n,
        Family::Combination => binomial(n, i.k.unwrap_or(0)),
        Family::Permutation => (1..=n).map(BigUint::from).product(),
        Family::Composition => compositions(n),
        Family::IntegerPartition => bounded_partitions(n, tick)?[n][n].clone(),
        Family::SetPartition => growth_completions(n, tick)?[0][0].clone(),
    })
}

/// Checks an object of the family; the JSON Pointer of the first fault.
fn check_object(i: &RankInput, o: &[u64]) -> Result<(), Diagnostic> {
    let at = |k: usize| format!("/question/rank/object/{k}");
    let whole = "/question/rank/object";
    let n = i.n as u64;
    match i.family {
        Family::Subset | Family::Combination => {
            for (k, &x) in o.iter().enumerate() {
                if x < 1 || x > n {
                    return Err(Diagnostic::at(at(k), "OUT_OF_RANGE", format!("an element of 1..{n}")));
                }
                if k > 0 && x <= o[k - 1] {
                    return Err(Diagnostic::at(at(k), "NOT_INCREASING", "elements listed in increasing order"));
                }
            }
            if i.family == Family::Combination && Some(o.len()) != i.k {
                return Err(Diagnostic::at(
                    whole,
                    "WRONG_SIZE",
                    format!("a combination of {} elements", i.k.unwrap_or(0)),
                ));
            }
        }
        Family::Permutation => {
            if o.len() != i.n {
                return Err(Diagnostic::at(whole, "WRONG_SIZE", format!("{n} images")));
            }
            let mut seen = vec![false; i.n];
            for (k, &x) in o.iter().enumerate() {
                if x < 1 || x > n || std::mem::replace(&mut seen[x as usize - 1], true) {
                    return Err(Diagnostic::at(at(k), "NOT_A_PERMUTATION", format!("distinct images in 1..{n}")));
                }
            }
        }
        Family::Composition | Family::IntegerPartition => {
            if let Some(k) = o.iter().position(|&x| x == 0) {
                return Err(Diagnostic::at(at(k), "OUT_OF_RANGE", "parts are positive"));
            }
            if i.family == Family::IntegerPartition
                && let Some(k) = (1..o.len()).find(|&k| o[k] > o[k - 1])
            {
                return Err(Diagnostic::at(at(k), "NOT_NONINCREASING", "parts in non-increasing order"));
            }
            if o.iter().try_fold(0u64, |s, &x| s.checked_add(x)) != Some(n) {
                return Err(Diagnostic::at(whole, "WRONG_SUM", format!("parts summing to {n}")));
            }
        }
        Family::SetPartition => {
            if o.len() != i.n {
                return Err(Diagnostic::at(whole, "WRONG_SIZE", format!("a block label for each of the {n} points")));
            }
            let mut top = 0u64;
            for (k, &x) in o.iter().enumerate() {
                if (k == 0 && x != 0) || (k > 0 && x > top + 1) {
                    return Err(Diagnostic::at(at(k), "NOT_A_GROWTH_STRING", "a₁ = 0 and aᵢ ≤ 1 + max of the earlier"));
                }
                top = top.max(x);
            }
        }
    }
    Ok(())
}

fn check(i: &RankInput) -> Result<(), Diagnostic> {
    match (i.family, i.k) {
        (Family::Combination, None) => return Err(Diagnostic::at("/k", "MISSING", "a combination needs its size k")),
        (Family::Combination, Some(k)) if k > i.n => {
            return Err(Diagnostic::at("/k", "OUT_OF_RANGE", format!("k is at most n = {}", i.n)));
        }
        (Family::Combination, _) => {}
        (_, Some(_)) => return Err(Diagnostic::at("/k", "UNUSED", "only combinations take k")),
        _ => {}
    }
    match &i.question {
        Question::Rank { object } => check_object(i, object)?,
        Question::Unrank { rank } => {
            let at = "/question/unrank/rank";
            let r: BigUint =
                rank.as_str().parse().map_err(|_| Diagnostic::at(at, "NOT_A_NATURAL", "a rank is at least 0"))?;
            // Families past their bound are refused in preflight; the rest are counted here.
            if i.n <= i.family.max_n() {
                let total = count(i, &|| Ok(())).map_err(|e| Diagnostic::at(at, "UNCOUNTED", e.to_string()))?;
                if r >= total {
                    return Err(Diagnostic::at(at, "OUT_OF_RANGE", format!("ranks run from 0 to {total} − 1")));
                }
            }
        }
        Question::Count => {}
    }
    Ok(())
}

fn rank(i: &RankInput, o: &[u64], ctx: &AdapterContext) -> Result<BigUint, AdapterError> {
    let n = i.n;
    let mut r = BigUint::zero();
    match i.family {
        Family::Subset => o.iter().for_each(|&x| r.set_bit(x - 1, true)),
        Family::Combination => {
            // Before {c₁ < … < c_k}: for each position j, the combinations agreeing before j with a
            // smaller c_j; B = C(n − v, k − j − 1) runs along v and j.
            let k = o.len();
            if k > 0 {
                let mut b = Running::new(n - 1, k - 1);
                let mut v = 1u64;
                for (j, &c) in o.iter().enumerate() {
                    ctx.checkpoint()?;
                    while v < c {
                        r += &b.value;
                        b.fewer();
                        v += 1;
                    }
                    if j + 1 < k {
                        b.fewer_and_smaller();
                        v += 1;
                    }
                }
            }
        }
        Family::Permutation => {
            // The Lehmer code in the factorial number system; a Fenwick tree counts smaller unused values.
            let mut tree = vec![0u32; n + 1];
            let mut fact: Vec<BigUint> = vec![BigUint::one()];
            for m in 1..=n {
                fact.push(&fact[m - 1] * BigUint::from(m));
            }
            for (j, &x) in o.iter().enumerate() {
                let (mut used, mut at) = (0u32, x as usize - 1);
                while at > 0 {
                    used += tree[at];
                    at &= at - 1;
                }
                let smaller = (x as usize - 1) - used as usize;
                r += BigUint::from(smaller) * &fact[n - 1 - j];
                let mut at = x as usize;
                while at <= n {
                    tree[at] += 1;
                    at += at & at.wrapping_neg();
                }
            }
        }
        Family::Composition => {
            let mut left = n;
            for &p in o {
                for q in 1..p as usize {
                    r += compositions(left - q);
                }
                left -= p as usize;
            }
        }
        Family::IntegerPartition => {
            let p = bounded_partitions(n, &|| ctx.checkpoint())?;
            let mut left = n;
            for &part in o {
                for q in 1..part as usize {
                    r += &p[left - q][q];
                }
                left -= part as usize;
            }
        }
        Family::SetPartition => {
            let d = growth_completions(n, &|| ctx.checkpoint())?;
            let mut top = 0usize;
            for (j, &x) in o.iter().enumerate() {
                // Blocks used before position j: top (0 before the first point).
                let used = if j == 0 { 0 } else { top + 1 };
                for v in 0..x as usize {
                    let after = used.max(v + 1);
                    r += &d[j + 1][after];
                }
                if j == 0 || x as usize > top {
                    top = x as usize;
                }
            }
        }
    }
    Ok(r)
}

fn unrank(i: &RankInput, mut r: BigUint, ctx: &AdapterContext) -> Result<Vec<u64>, AdapterError> {
    let n = i.n;
    let mut out = vec![];
    match i.family {
        Family::Subset => out = (0..n as u64).filter(|&b| r.bit(b)).map(|b| b + 1).collect(),
        Family::Combination => {
            let k = i.k.unwrap_or(0);
            if k > 0 {
                let mut b = Running::new(n - 1, k - 1);
                let mut v = 1u64;
                for j in 0..k {
                    ctx.checkpoint()?;
                    while r >= b.value {
                        if v >= n as u64 {
                            return Err(AdapterError::Backend("unranking ran past n".into()));
                        }
                        r -= &b.value;
                        b.fewer();
                        v += 1;
                    }
                    out.push(v);
                    if j + 1 < k {
                        b.fewer_and_smaller();
                        v += 1;
                    }
                }
            }
        }
        Family::Permutation => {
            let mut fact: Vec<BigUint> = vec![BigUint::one()];
            for m in 1..=n {
                fact.push(&fact[m - 1] * BigUint::from(m));
            }
            let mut unused: Vec<u64> = (1..=n as u64).collect();
            for j in 0..n {
                let f = &fact[n - 1 - j];
                let q = &r / f;
                r -= &q * f;
                let q = usize::try_from(q).map_err(|_| AdapterError::Backend("a digit out of range".into()))?;
                out.push(unused.remove(q));
            }
        }
        Family::Composition => {
            let mut left = n;
            while left > 0 {
                let mut q = 1;
                loop {
                    let block = compositions(left - q);
                    if r < block {
                        break;
                    }
                    r -= block;
                    q += 1;
                }
                out.push(q as u64);
                left -= q;
            }
        }
        Family::IntegerPartition => {
            let p = bounded_partitions(n, &|| ctx.checkpoint())?;
            let (mut left, mut bound) = (n, n);
            while left > 0 {
                let mut q = 1;
                loop {
                    let block = &p[left - q][q];
                    if r < *block || q == bound.min(left) {
                        break;
                    }
                    r -= block;
                    q += 1;
                }
                out.push(q as u64);
                left -= q;
                bound = q;
            }
        }
        Family::SetPartition => {
            let d = growth_completions(n, &|| ctx.checkpoint())?;
            let mut used = 0usize;
            for j in 0..n {
                let mut v = 0usize;
                loop {
                    let block = &d[j + 1][used.max(v + 1)];
                    if r < *block || v == used {
                        break;
                    }
                    r -= block;
                    v += 1;
                }
                out.push(v as u64);
                used = used.max(v + 1);
            }
        }
    }
    Ok(out)
}

impl Query for Ranking {
    type Input = RankInput;
    type Output = Value;

    fn describe(&self) -> Describe {
        cas::describe(
            "combinatorics.rank.unrank",
            "Rank and unrank combinations, permutations, subsets, compositions and partitions",
            "The rank of a combinatorial object in a stated order and the object of a given rank: subsets, k-combinations, permutations (Lehmer code), compositions, integer partitions, set partitions.",
            "Natively, with big-integer ranks from 0: subsets of {1..n} in binary order, k-combinations and \
             permutations in lexicographic order (the permutation's rank is its Lehmer code in the factorial number \
             system), compositions and integer partitions of n lexicographically on their parts, and set partitions \
             as restricted growth strings in lexicographic order; `count` gives the number of objects.",
            &[
                "rank",
                "unrank",
                "lexicographic-order",
                "lehmer-code",
                "combinations",
                "permutations",
                "factorial-number-system",
                "combinatorial-number-system",
                "restricted-growth-string",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("ranking.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "the rank of 3142 among the permutations of 4 letters",
                Mode::Explore,
                json!({"family": "permutation", "n": 4, "question": {"rank": {"object": [3, 1, 4, 2]}}}),
            ),
            (
                "the millionth 5-subset of {1..50} (rank 999999)",
                Mode::Explore,
                json!({"family": "combination", "n": 50, "k": 5, "question": {"unrank": {"rank": "999999"}}}),
            ),
        ]
    }
    fn validate(&self, i: &RankInput) -> Result<(), Diagnostic> {
        check(i)
    }
    fn bounds(&self, i: &RankInput) -> Result<(), Refusal> {
        if i.n > i.family.max_n() {
            let message = format!("n = {}; this family is ranked up to n = {}", i.n, i.family.max_n());
            return Err(Refusal::Unsupported(Diagnostic::at("/n", "TOO_LARGE", message)));
        }
        Ok(())
    }
    fn answer(&self, i: &RankInput, ctx: &AdapterContext) -> Result<Answer<Value>, AdapterError> {
        let total = count(i, &|| ctx.checkpoint())?;
        Ok(match &i.question {
            Question::Count => json!({"count": total.to_string()}),
            Question::Rank { object } => json!({"rank": rank(i, object, ctx)?.to_string(), "count": total.to_string()}),
            Question::Unrank { rank } => {
                let r: BigUint =
                    rank.as_str().parse().map_err(|_| AdapterError::Backend("a rank that validated".into()))?;
                json!({"object": unrank(i, r, ctx)?, "count": total.to_string()})
            }
        }
        .into())
    }
}
