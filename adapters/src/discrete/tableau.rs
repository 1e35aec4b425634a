//! Young tableaux, RSK and words: `combinatorics.compute.tableaux` (hook lengths, standard and
//! semistandard tableaux counted by the hook length and hook-content formulas and enumerated
//! for small shapes, Kostka numbers, checks, conjugate partitions, dominance),
//! `tableau.compute.rsk` (Robinson–Schensted–Knuth for permutations, words, two-line arrays and
//! N-matrices, and its inverse) and `word.compute.properties` (longest increasing and
//! decreasing subsequences, Greene invariants, plactic normal form and Knuth equivalence,
//! periods, factors and factor complexity, the Rauzy graph).

// Index loops over several parallel tables read more clearly than zipped iterators here.
#![allow(clippy::needless_range_loop, clippy::type_complexity)]

use std::collections::BTreeSet;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_traits::One;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::{native, statements};
use crate::cas::{self, Answer, Query};

/// Most cells of a shape.
pub const MAX_CELLS: usize = 2_000;
/// Most tableaux listed.
pub const MAX_LIST: usize = 10_000;
/// Most letters of a word.
pub const MAX_WORD: usize = 100_000;

/// What to do with a shape.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum TableauOperation {
    /// The hook length of every cell.
    HookLengths {
        /// A partition (weakly decreasing positive parts).
        shape: Vec<usize>,
    },
    /// The number of standard Young tableaux (hook length formula); with `list`, the first ones.
    StandardCount {
        /// The shape.
        shape: Vec<usize>,
        /// How many to list (0 = none).
        #[serde(default)]
        list: usize,
    },
    /// The number of semistandard tableaux with entries 1..=max_entry (hook-content formula);
    /// with `list`, the first ones.
    SemistandardCount {
        /// The shape.
        shape: Vec<usize>,
        /// Largest entry.
        max_entry: usize,
        /// How many to list.
        #[serde(default)]
        list: usize,
    },
    /// The Kostka number K(shape, content): semistandard tableaux with `content[i]` entries i + 1.
    Kostka {
        /// The shape.
        shape: Vec<usize>,
        /// The content.
        content: Vec<usize>,
    },
    /// Whether rows of numbers form a standard (or semistandard) tableau, and its shape.
    Check {
        /// The rows.
        tableau: Vec<Vec<u64>>,
    },
    /// The conjugate partition.
    Conjugate {
        /// The partition.
        shape: Vec<usize>,
    },
    /// Dominance order between two partitions of the same n.
    Dominance {
        /// λ.
        shape: Vec<usize>,
        /// μ.
        other: Vec<usize>,
    },
    /// The Littlewood–Richardson tableaux of shape λ/μ and content ν (semistandard, with a lattice
    /// reverse reading word): the coefficient c^λ_{μν} and the first `list` of them.
    LittlewoodRichardson {
        /// λ.
        outer: Vec<usize>,
        /// μ ⊆ λ.
        inner: Vec<usize>,
        /// ν, with |ν| = |λ| − |μ|.
        content: Vec<usize>,
        /// How many to list.
        #[serde(default)]
        list: usize,
    },
    /// Whether a filling of λ/μ (its rows, entries outside μ) is a Littlewood–Richardson tableau.
    LittlewoodRichardsonCheck {
        /// λ.
        outer: Vec<usize>,
        /// μ ⊆ λ.
        inner: Vec<usize>,
        /// The rows of the filling.
        filling: Vec<Vec<u64>>,
    },
}

/// Input of `combinatorics.compute.tableaux`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableauxInput {
    /// The operation.
    pub operation: TableauOperation,
}

/// `combinatorics.compute.tableaux`.
pub struct Tableaux;

/// λ and μ partitions with μ ⊆ λ and |λ| ≤ 60.
fn skew(outer: &[usize], inner: &[usize], at: &str) -> Result<(), Diagnostic> {
    check_shape(outer, &format!("{at}/outer"))?;
    if !inner.is_empty() {
        check_shape(inner, &format!("{at}/inner"))?;
    }
    if inner.len() > outer.len() || inner.iter().zip(outer).any(|(m, l)| m > l) {
        return Err(Diagnostic::at(format!("{at}/inner"), "NOT_CONTAINED", "μ ⊆ λ"));
    }
    if outer.iter().sum::<usize>() > 60 {
        return Err(Diagnostic::at(format!("{at}/outer"), "TOO_LARGE", "|λ| ≤ 60"));
    }
    Ok(())
}

fn conjugate(shape: &[usize]) -> Vec<usize> {
    (0..shape.first().copied().unwrap_or(0)).map(|j| shape.iter().filter(|&&r| r > j).count()).collect()
}

fn hooks(shape: &[usize]) -> Vec<Vec<usize>> {
    let c = conjugate(shape);
    shape.iter().enumerate().map(|(i, &r)| (0..r).map(|j| r - j + c[j] - i - 1).collect()).collect()
}

fn factorial(n: usize) -> BigInt {
    (1..=n).fold(BigInt::one(), |a, x| a * x)
}

fn syt_count(shape: &[usize]) -> BigInt {
    let n: usize = shape.iter().sum();
    hooks(shape).iter().flatten().fold(factorial(n), |a, &h| a / h)
}

fn ssyt_count(shape: &[usize], m: usize) -> BigInt {
    // Π (m + c(u)) / h(u), with the content c = column − row; a product of integers over integers.
    let h = hooks(shape);
    let mut num = BigInt::one();
    let mut den = BigInt::one();
    for (i, &r) in shape.iter().enumerate() {
        for j in 0..r {
            let c = m as i64 + j as i64 - i as i64;
            if c <= 0 {
                return BigInt::from(0);
            }
            num *= c;
            den *= h[i][j];
        }
    }
    num / den
}

/// Fills the shape cell by cell (row by row), entries within `max`, increasing strictly down
/// columns and weakly (strictly in the last entry sense for standard) along rows.
struct Filler<'a> {
    shape: &'a [usize],
    standard: bool,
    max: u64,
    content: Option<&'a [usize]>,
    out: Vec<Vec<Vec<u64>>>,
    count: u64,
    limit: usize,
    steps: u64,
    ctx: &'a AdapterContext,
}

impl Filler<'_> {
    fn go(&mut self, t: &mut Vec<Vec<u64>>, cell: usize, used: &mut Vec<usize>) -> Result<(), AdapterError> {
        self.steps += 1;
        if self.steps.is_multiple_of(1 << 14) {
            self.ctx.checkpoint()?;
        }
        let total: usize = self.shape.iter().sum();
        if cell == total {
            if self.content.is_none_or(|c| c.iter().zip(used.iter()).all(|(a, b)| a == b)) {
                self.count += 1;
                if self.out.len() < self.limit {
                    self.out.push(t.clone());
                }
            }
            return Ok(());
        }
        let (mut i, mut k) = (0, cell);
        while k >= self.shape[i] {
            k -= self.shape[i];
            i += 1;
        }
        let j = k;
        let left = if j > 0 { t[i][j - 1] } else { 0 };
        let up = if i > 0 { t[i - 1][j] } else { 0 };
        let lo = if self.standard { 1 } else { left.max(up + 1).max(1) };
        for v in lo..=self.max {
            if self.standard && (used[v as usize - 1] > 0 || v < left || v < up) {
                continue;
            }
            if !self.standard && (v < left || v <= up) {
                continue;
            }
            if let Some(c) = self.content
                && used[v as usize - 1] >= c[v as usize - 1]
            {
                continue;
            }
            t[i].push(v);
            used[v as usize - 1] += 1;
            self.go(t, cell + 1, used)?;
            used[v as usize - 1] -= 1;
            t[i].pop();
        }
        Ok(())
    }
}

fn fill(
    shape: &[usize],
    standard: bool,
    max: u64,
    content: Option<&[usize]>,
    limit: usize,
    ctx: &AdapterContext,
) -> Result<(u64, Vec<Vec<Vec<u64>>>), AdapterError> {
    let mut f = Filler { shape, standard, max, content, out: vec![], count: 0, limit, steps: 0, ctx };
    let mut t: Vec<Vec<u64>> = vec![vec![]; shape.len()];
    let mut used = vec![0usize; max as usize];
    f.go(&mut t, 0, &mut used)?;
    Ok((f.count, f.out))
}

fn check_shape(shape: &[usize], at: &str) -> Result<(), Diagnostic> {
    if shape.windows(2).any(|w| w[0] < w[1]) || shape.contains(&0) {
        return Err(Diagnostic::at(at, "NOT_A_PARTITION", "weakly decreasing positive parts"));
    }
    if shape.iter().sum::<usize>() > MAX_CELLS {
        return Err(super::out_of_range(at, format!("at most {MAX_CELLS} cells")));
    }
    Ok(())
}

impl Query for Tableaux {
    type Input = TableauxInput;
    type Output = Map<String, Value>;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "combinatorics.compute.tableaux",
                "Young tableaux",
                "Standard Young tableaux by hook lengths, semistandard by hook-content, enumerated; Kostka numbers, Littlewood–Richardson tableaux and coefficients, tableau checks, conjugates, dominance.",
                "Native: `operation` is hook_lengths, standard_count (hook length formula; `list` enumerates the first \
                 ones), semistandard_count (hook-content formula with entries ≤ max_entry), kostka (semistandard \
                 tableaux of a content, by enumeration), check (standard / semistandard, shape), conjugate, dominance, \
                 littlewood_richardson (the LR tableaux of λ/μ with content ν and c^λ_{μν}), \
                 littlewood_richardson_check (whether a skew filling is an LR tableau). \
                 VERIFY recounts standard tableaux (n ≤ 12) by the checker's own enumeration of linear extensions.",
                &[
                    "young-tableaux",
                    "standard-young-tableaux",
                    "semistandard",
                    "hook-length",
                    "kostka",
                    "partition",
                    "conjugate",
                    "dominance",
                    "shape",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("tableau.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "Standard tableaux of shape (3, 2)",
                Mode::Verify,
                json!({"operation": {"standard_count": {"shape": [3, 2], "list": 5}}}),
            ),
            (
                "Semistandard tableaux of shape (2, 1) with entries ≤ 3",
                Mode::Explore,
                json!({"operation": {"semistandard_count": {"shape": [2, 1], "max_entry": 3}}}),
            ),
        ]
    }
    fn validate(&self, i: &TableauxInput) -> Result<(), Diagnostic> {
        use TableauOperation::*;
        match &i.operation {
            HookLengths { shape } | Conjugate { shape } => check_shape(shape, "/operation/shape"),
            StandardCount { shape, list } | SemistandardCount { shape, list, .. } => {
                check_shape(shape, "/operation/shape")?;
                if *list > MAX_LIST {
                    return Err(super::out_of_range("/operation/list", format!("at most {MAX_LIST}")));
                }
                Ok(())
            }
            Kostka { shape, content } => {
                check_shape(shape, "/operation/kostka/shape")?;
                if content.iter().sum::<usize>() != shape.iter().sum::<usize>() {
                    return Err(Diagnostic::at(
                        "/operation/kostka/content",
                        "WRONG_SIZE",
                        "the content sums to the shape's size",
                    ));
                }
                Ok(())
            }
            Dominance { shape, other } => {
                check_shape(shape, "/operation/dominance/shape")?;
                check_shape(other, "/operation/dominance/other")?;
                if shape.iter().sum::<usize>() != other.iter().sum::<usize>() {
                    return Err(Diagnostic::at("/operation/dominance/other", "WRONG_SIZE", "partitions of the same n"));
                }
                Ok(())
            }
            Check { .. } => Ok(()),
            LittlewoodRichardson { outer, inner, content, list } => {
                skew(outer, inner, "/operation/littlewood_richardson")?;
                check_shape(content, "/operation/littlewood_richardson/content")?;
                let size = |p: &[usize]| p.iter().sum::<usize>();
                if size(content) + size(inner) != size(outer) {
                    let why = "|ν| = |λ| − |μ|";
                    return Err(Diagnostic::at("/operation/littlewood_richardson/content", "WRONG_SIZE", why));
                }
                if *list > MAX_LIST {
                    return Err(super::out_of_range(
                        "/operation/littlewood_richardson/list",
                        format!("at most {MAX_LIST}"),
                    ));
                }
                Ok(())
            }
            LittlewoodRichardsonCheck { outer, inner, .. } => {
                skew(outer, inner, "/operation/littlewood_richardson_check")
            }
        }
    }
    fn bounds(&self, i: &TableauxInput) -> Result<(), Refusal> {
        match &i.operation {
            TableauOperation::Kostka { content, .. } if content.iter().sum::<usize>() > 30 => {
                Err(super::too_large("/operation/kostka/content", "Kostka numbers by enumeration for n ≤ 30"))
            }
            TableauOperation::SemistandardCount { max_entry, .. } if *max_entry > 1000 => {
                Err(super::too_large("/operation/semistandard_count/max_entry", "at most 1000"))
            }
            _ => Ok(()),
        }
    }
    fn answer(&self, i: &TableauxInput, ctx: &AdapterContext) -> Result<Answer<Map<String, Value>>, AdapterError> {
        use TableauOperation::*;
        let mut out = Map::new();
        let mut claim = None;
        match &i.operation {
            HookLengths { shape } => {
                out.insert("hook_lengths".into(), json!(hooks(shape)));
            }
            StandardCount { shape, list } => {
                let count = syt_count(shape);
                let n: usize = shape.iter().sum();
                let listed = if *list > 0 { fill(shape, true, n as u64, None, *list, ctx)?.1 } else { vec![] };
                out.insert("count".into(), json!(count.to_string()));
                out.insert("tableaux".into(), json!(listed));
                claim = Some(
                    json!({"count": {"structure": {"standard_young_tableaux": {"shape": shape}}, "count": count.to_string(), "listed": listed}}),
                );
            }
            SemistandardCount { shape, max_entry, list } => {
                let count = ssyt_count(shape, *max_entry);
                let listed =
                    if *list > 0 { fill(shape, false, *max_entry as u64, None, *list, ctx)?.1 } else { vec![] };
                out.insert("count".into(), json!(count.to_string()));
                out.insert("tableaux".into(), json!(listed));
            }
            Kostka { shape, content } => {
                let (count, _) = fill(shape, false, content.len() as u64, Some(content), 0, ctx)?;
                out.insert("kostka".into(), json!(count));
            }
            Check { tableau } => {
                let shape: Vec<usize> = tableau.iter().map(Vec::len).collect();
                let partition = !shape.contains(&0) && shape.windows(2).all(|w| w[0] >= w[1]);
                let rows_weak = tableau.iter().all(|r| r.windows(2).all(|w| w[0] <= w[1]));
                let rows_strict = tableau.iter().all(|r| r.windows(2).all(|w| w[0] < w[1]));
                let cols = partition
                    && (1..tableau.len()).all(|i| (0..tableau[i].len()).all(|j| tableau[i - 1][j] < tableau[i][j]));
                let n: usize = shape.iter().sum();
                let mut entries: Vec<u64> = tableau.iter().flatten().copied().collect();
                entries.sort_unstable();
                let permutation = entries == (1..=n as u64).collect::<Vec<_>>();
                out.insert("shape".into(), json!(shape));
                out.insert(
                    "semistandard".into(),
                    json!(partition && rows_weak && cols && entries.first().is_none_or(|&x| x >= 1)),
                );
                out.insert("standard".into(), json!(partition && rows_strict && cols && permutation));
            }
            Conjugate { shape } => {
                out.insert("conjugate".into(), json!(conjugate(shape)));
            }
            Dominance { shape, other } => {
                let prefix = |p: &[usize], k: usize| p.iter().take(k).sum::<usize>();
                let len = shape.len().max(other.len());
                let ge = (1..=len).all(|k| prefix(shape, k) >= prefix(other, k));
                let le = (1..=len).all(|k| prefix(shape, k) <= prefix(other, k));
                let relation = match (ge, le) {
                    (true, true) => "equal",
                    (true, false) => "dominates",
                    (false, true) => "dominated",
                    _ => "incomparable",
                };
                out.insert("relation".into(), json!(relation));
            }
            LittlewoodRichardson { outer, inner, content, list } => {
                let lr = super::littlewood_richardson::enumerate(outer, inner, content, *list, ctx)?;
                out.insert("littlewood_richardson".into(), lr);
            }
            LittlewoodRichardsonCheck { outer, inner, filling } => {
                out.insert("check".into(), super::littlewood_richardson::check(outer, inner, filling));
            }
        }
        let mut answer = Answer::from(out);
        if let Some(c) = claim {
            answer = answer.claim(statements(vec![c]));
        }
        Ok(answer)
    }
}

/// Row insertion of `x` into P (with the recording entry `q` into Q).
fn insert(p: &mut Vec<Vec<u64>>, q: &mut Vec<Vec<u64>>, x: u64, qv: u64) {
    let mut x = x;
    for row in 0.. {
        if row == p.len() {
            p.push(vec![x]);
            q.push(vec![qv]);
            return;
        }
        match p[row].iter().position(|&y| y > x) {
            Some(j) => x = std::mem::replace(&mut p[row][j], x),
            None => {
                p[row].push(x);
                q[row].push(qv);
                return;
            }
        }
    }
}

/// RSK of a two-line array (top weakly increasing; bottom weakly increasing where the top ties).
fn rsk(pairs: &[(u64, u64)]) -> (Vec<Vec<u64>>, Vec<Vec<u64>>) {
    let (mut p, mut q) = (vec![], vec![]);
    for &(a, b) in pairs {
        insert(&mut p, &mut q, b, a);
    }
    (p, q)
}

/// Inverse RSK: the two-line array of (P, Q), which must have the same shape, P semistandard
/// and Q semistandard; `None` if they are not an RSK pair.
/// With the biword, the P tableau left after each pair is bumped out (the reverse trace).
fn inverse_rsk(p: &[Vec<u64>], q: &[Vec<u64>]) -> Option<(Vec<(u64, u64)>, Vec<Vec<Vec<u64>>>)> {
    let mut p: Vec<Vec<u64>> = p.to_vec();
    let mut q: Vec<Vec<u64>> = q.to_vec();
    let mut out = vec![];
    let mut steps = vec![];
    while q.iter().any(|r| !r.is_empty()) {
        // The largest entry of Q; among equal ones (a horizontal strip) the rightmost.
        let bv = q.iter().filter_map(|r| r.last().copied()).max()?;
        let mut best: Option<(usize, usize)> = None;
        for (i, r) in q.iter().enumerate() {
            if r.last() == Some(&bv) && best.is_none_or(|(_, c)| r.len() - 1 > c) {
                best = Some((i, r.len() - 1));
            }
        }
        let (row, _) = best?;
        q[row].pop();
        let mut x = p.get_mut(row)?.pop()?;
        for r in (0..row).rev() {
            let j = p[r].iter().rposition(|&y| y < x)?;
            x = std::mem::replace(&mut p[r][j], x);
        }
        while p.last().is_some_and(Vec::is_empty) {
            p.pop();
            q.pop();
        }
        out.push((bv, x));
        steps.push(p.clone());
    }
    out.reverse();
    Some((out, steps))
}

/// What to send through RSK.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum RskInput {
    /// A permutation of 1..n (one-line).
    Permutation {
        /// The permutation.
        permutation: Vec<u64>,
    },
    /// A word over positive integers.
    Word {
        /// The word.
        word: Vec<u64>,
    },
    /// A two-line array (biword) [[a₁, b₁], …], sorted first.
    Biword {
        /// The pairs.
        pairs: Vec<[u64; 2]>,
    },
    /// A matrix of non-negative integers (entry (i, j) = multiplicity of the pair (i + 1, j + 1)).
    Matrix {
        /// The rows.
        rows: Vec<Vec<u64>>,
    },
    /// The inverse: a pair of tableaux (P, Q) of the same shape.
    Inverse {
        /// P (insertion tableau).
        p: Vec<Vec<u64>>,
        /// Q (recording tableau).
        q: Vec<Vec<u64>>,
    },
}

/// Input of `tableau.compute.rsk`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RskRequest {
    /// What to transform.
    pub input: RskInput,
    /// Also return each step's P tableau (≤ 200 letters): after each insertion, or for `inverse`
    /// after each reverse bump.
    #[serde(default)]
    pub trace: bool,
}

/// `tableau.compute.rsk`.
pub struct Rsk;

impl Query for Rsk {
    type Input = RskRequest;
    type Output = Map<String, Value>;

    fn describe(&self) -> Describe {
        cas::describe(
            "tableau.compute.rsk",
            "Robinson–Schensted–Knuth correspondence",
            "The RSK correspondence: insertion and recording tableaux (P, Q) of a permutation, word, biword or N-matrix, and the inverse from (P, Q), with an insertion trace.",
            "Native row insertion: `input` is a permutation, a word, a biword (sorted lexicographically), a matrix of \
             non-negative integers, or `inverse` with P and Q (reverse bumping from Q's largest entries; a pair that \
             is not an RSK image is refused; with the word, the biword and its N-matrix). `trace` lists P after each \
             insertion, or after each reverse bump.",
            &[
                "rsk",
                "robinson-schensted",
                "knuth",
                "insertion-tableau",
                "recording-tableau",
                "biword",
                "permutation",
                "word",
                "inverse-rsk",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("tableau.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "RSK of the permutation 3 1 4 2",
                Mode::Explore,
                json!({"input": {"permutation": {"permutation": [3, 1, 4, 2]}}, "trace": true}),
            ),
            (
                "Inverse RSK",
                Mode::Explore,
                json!({"input": {"inverse": {"p": [[1, 2], [3, 4]], "q": [[1, 3], [2, 4]]}}}),
            ),
        ]
    }
    fn validate(&self, i: &RskRequest) -> Result<(), Diagnostic> {
        match &i.input {
            RskInput::Permutation { permutation } => {
                let mut s = permutation.clone();
                s.sort_unstable();
                if s != (1..=s.len() as u64).collect::<Vec<_>>() {
                    return Err(Diagnostic::at(
                        "/input/permutation/permutation",
                        "NOT_A_PERMUTATION",
                        "a permutation of 1..n",
                    ));
                }
                if s.len() > MAX_WORD {
                    return Err(super::out_of_range("/input/permutation/permutation", "at most 10^5 letters"));
                }
            }
            RskInput::Word { word } if word.len() > MAX_WORD => {
                return Err(super::out_of_range("/input/word/word", "at most 10^5 letters"));
            }
            RskInput::Matrix { rows } => {
                if rows.windows(2).any(|w| w[0].len() != w[1].len()) {
                    return Err(Diagnostic::at("/input/matrix/rows", "WRONG_SHAPE", "rows of equal length"));
                }
                if rows.iter().flatten().sum::<u64>() > MAX_WORD as u64 {
                    return Err(super::out_of_range("/input/matrix/rows", "at most 10^5 pairs in all"));
                }
            }
            _ => {}
        }
        Ok(())
    }
    fn answer(&self, i: &RskRequest, ctx: &AdapterContext) -> Result<Answer<Map<String, Value>>, AdapterError> {
        let mut out = Map::new();
        let pairs: Vec<(u64, u64)> = match &i.input {
            RskInput::Permutation { permutation } => {
                permutation.iter().enumerate().map(|(k, &x)| (k as u64 + 1, x)).collect()
            }
            RskInput::Word { word } => word.iter().enumerate().map(|(k, &x)| (k as u64 + 1, x)).collect(),
            RskInput::Biword { pairs } => {
                let mut p: Vec<(u64, u64)> = pairs.iter().map(|&[a, b]| (a, b)).collect();
                p.sort_unstable();
                p
            }
            RskInput::Matrix { rows } => {
                let mut p = vec![];
                for (r, row) in rows.iter().enumerate() {
                    for (c, &m) in row.iter().enumerate() {
                        p.extend(std::iter::repeat_n((r as u64 + 1, c as u64 + 1), m as usize));
                    }
                }
                p
            }
            RskInput::Inverse { p, q } => {
                let shape = |t: &[Vec<u64>]| t.iter().map(Vec::len).collect::<Vec<_>>();
                if shape(p) != shape(q) {
                    return Err(AdapterError::Unsupported("P and Q have different shapes".into()));
                }
                let Some((biword, steps)) = inverse_rsk(p, q) else {
                    return Err(AdapterError::Unsupported("(P, Q) is not the RSK image of a biword".into()));
                };
                let (p2, q2) = rsk(&biword);
                if &p2 != p || &q2 != q {
                    return Err(AdapterError::Unsupported(
                        "(P, Q) is not the RSK image of a biword (P and Q must be semistandard)".into(),
                    ));
                }
                out.insert("biword".into(), json!(biword.iter().map(|&(a, b)| [a, b]).collect::<Vec<_>>()));
                out.insert("word".into(), json!(biword.iter().map(|&(_, b)| b).collect::<Vec<_>>()));
                // The N-matrix: entry (a − 1, b − 1) counts the pair (a, b).
                let rows = biword.iter().map(|&(a, _)| a).max().unwrap_or(0) as usize;
                let cols = biword.iter().map(|&(_, b)| b).max().unwrap_or(0) as usize;
                let positive = biword.iter().all(|&(a, b)| a >= 1 && b >= 1);
                if positive && rows.saturating_mul(cols) <= 40_000 {
                    let mut m = vec![vec![0u64; cols]; rows];
                    for &(a, b) in &biword {
                        m[a as usize - 1][b as usize - 1] += 1;
                    }
                    out.insert("matrix".into(), json!(m));
                }
                if i.trace && steps.len() <= 200 {
                    out.insert("trace".into(), json!(steps));
                }
                return Ok(out.into());
            }
        };
        ctx.checkpoint()?;
        if i.trace && pairs.len() <= 200 {
            let mut steps = vec![];
            for k in 1..=pairs.len() {
                steps.push(json!(rsk(&pairs[..k]).0));
            }
            out.insert("trace".into(), json!(steps));
        }
        let (p, q) = rsk(&pairs);
        out.insert("shape".into(), json!(p.iter().map(Vec::len).collect::<Vec<_>>()));
        out.insert("p".into(), json!(p));
        out.insert("q".into(), json!(q));
        Ok(out.into())
    }
}

/// A property of a word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WordProperty {
    /// A longest weakly increasing subsequence (and its length).
    LongestIncreasing,
    /// A longest strictly decreasing subsequence.
    LongestDecreasing,
    /// Greene's invariants: the RSK shape λ, where λ₁ + … + λ_k is the largest union of k weakly increasing subsequences.
    GreeneInvariants,
    /// For each k, k disjoint weakly increasing subsequences of largest total length (λ_1 + … +
    /// λ_k) and k disjoint strictly decreasing ones (λ'_1 + … + λ'_k), as position lists (≤ 400
    /// letters).
    GreeneWitnesses,
    /// The plactic normal form: the reading word of P (rows bottom to top).
    PlacticNormalForm,
    /// Whether `other` is Knuth (plactic) equivalent.
    KnuthEquivalent,
    /// Every word one elementary Knuth relation away (words of ≤ 500 letters): on letters i, i+1,
    /// i+2, `swap_last` y z x ↔ y x z (x < y ≤ z) and `swap_first` x z y ↔ z x y (x ≤ y < z).
    KnuthMoves,
    /// Every period p (w_i = w_{i+p}).
    Periods,
    /// The distinct factors of length `length`.
    Factors,
    /// The number of distinct factors of each length 0..=n (factor complexity).
    FactorComplexity,
    /// The Rauzy graph of order `length`: factors of that length, with edges for factors of length + 1.
    RauzyGraph,
}

/// Input of `word.compute.properties`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WordInput {
    /// The word, letters as non-negative integers.
    #[schemars(length(max = 100000))]
    pub word: Vec<u64>,
    /// What to compute.
    #[schemars(length(min = 1))]
    pub properties: Vec<WordProperty>,
    /// A second word (Knuth equivalence).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub other: Option<Vec<u64>>,
    /// The factor length for `factors` and `rauzy_graph`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub length: Option<usize>,
}

/// `word.compute.properties`.
pub struct Words;

/// A longest subsequence increasing under `ok(prev, next)`, by patience sorting with predecessors.
fn longest(w: &[u64], strict: bool, reverse: bool) -> Vec<u64> {
    let key = |x: u64| if reverse { u64::MAX - x } else { x };
    let mut tails: Vec<usize> = vec![];
    let mut prev = vec![None; w.len()];
    for (i, &x) in w.iter().enumerate() {
        let k = key(x);
        let pos = tails.partition_point(|&t| if strict { key(w[t]) < k } else { key(w[t]) <= k });
        if pos > 0 {
            prev[i] = Some(tails[pos - 1]);
        }
        if pos == tails.len() {
            tails.push(i);
        } else {
            tails[pos] = i;
        }
    }
    let mut out = vec![];
    let mut cur = tails.last().copied();
    while let Some(i) = cur {
        out.push(w[i]);
        cur = prev[i];
    }
    out.reverse();
    out
}

fn reading_word(p: &[Vec<u64>]) -> Vec<u64> {
    p.iter().rev().flatten().copied().collect()
}

impl Query for Words {
    type Input = WordInput;
    type Output = Map<String, Value>;

    fn describe(&self) -> Describe {
        cas::describe(
            "word.compute.properties",
            "Combinatorics of words",
            "Longest increasing and decreasing subsequences of a word, Greene invariants, plactic normal form, Knuth equivalence and moves, periods, factors, factor complexity, Rauzy graph.",
            "Native: `properties` selects longest_increasing (weakly) and longest_decreasing (strictly) by patience \
             sorting, greene_invariants (the RSK shape), greene_witnesses (k disjoint increasing or decreasing \
             subsequences reaching each partial sum, by a minimum-cost flow), plactic_normal_form (the reading word of P), knuth_equivalent \
             (to `other`, by equal P tableaux), knuth_moves (each word one elementary Knuth relation away), periods, factors and rauzy_graph of a `length`, factor_complexity.",
            &[
                "word",
                "longest-increasing-subsequence",
                "greene",
                "plactic",
                "knuth-equivalence",
                "period",
                "factor-complexity",
                "rauzy-graph",
                "subword",
                "combinatorics-on-words",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("tableau.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "Longest increasing subsequence and Greene invariants",
            Mode::Explore,
            json!({"word": [3, 1, 4, 1, 5, 9, 2, 6, 5, 3], "properties": ["longest_increasing", "greene_invariants", "periods"]}),
        )]
    }
    fn validate(&self, i: &WordInput) -> Result<(), Diagnostic> {
        for (k, p) in i.properties.iter().enumerate() {
            let missing = match p {
                WordProperty::KnuthEquivalent => i.other.is_none().then_some("other"),
                WordProperty::Factors | WordProperty::RauzyGraph => i.length.is_none().then_some("length"),
                _ => None,
            };
            if let Some(f) = missing {
                return Err(Diagnostic::at(format!("/properties/{k}"), "MISSING_FIELD", format!("needs `{f}`")));
            }
        }
        Ok(())
    }
    fn bounds(&self, i: &WordInput) -> Result<(), Refusal> {
        let quadratic =
            i.properties.iter().any(|p| matches!(p, WordProperty::Periods | WordProperty::FactorComplexity));
        if quadratic && i.word.len() > 5_000 {
            return Err(super::too_large("/word", "periods and factor complexity for words of ≤ 5000 letters"));
        }
        if i.properties.contains(&WordProperty::GreeneWitnesses) && i.word.len() > super::greene::MAX_LENGTH {
            return Err(super::too_large("/word", "greene_witnesses for words of ≤ 400 letters"));
        }
        if i.properties.contains(&WordProperty::KnuthMoves) && i.word.len() > 500 {
            return Err(super::too_large("/word", "knuth_moves for words of ≤ 500 letters"));
        }
        Ok(())
    }
    fn answer(&self, i: &WordInput, ctx: &AdapterContext) -> Result<Answer<Map<String, Value>>, AdapterError> {
        let w = &i.word;
        let n = w.len();
        let mut out = Map::new();
        let pairs = |w: &[u64]| -> Vec<(u64, u64)> { w.iter().enumerate().map(|(k, &x)| (k as u64 + 1, x)).collect() };
        let factors = |k: usize| -> BTreeSet<Vec<u64>> {
            if k > n { BTreeSet::new() } else { w.windows(k.max(1)).map(|f| f[..k].to_vec()).collect() }
        };
        for p in &i.properties {
            ctx.checkpoint()?;
            let v = match p {
                WordProperty::LongestIncreasing => {
                    let s = longest(w, false, false);
                    json!({"length": s.len(), "subsequence": s})
                }
                WordProperty::LongestDecreasing => {
                    let s = longest(w, true, true);
                    json!({"length": s.len(), "subsequence": s})
                }
                WordProperty::GreeneInvariants => json!(rsk(&pairs(w)).0.iter().map(Vec::len).collect::<Vec<_>>()),
                WordProperty::GreeneWitnesses => {
                    let shape: Vec<usize> = rsk(&pairs(w)).0.iter().map(Vec::len).collect();
                    let mut sides = Map::new();
                    for (name, increasing, parts) in
                        [("increasing", true, shape.clone()), ("decreasing", false, conjugate(&shape))]
                    {
                        let found = super::greene::witnesses(w, increasing, ctx)?;
                        let mut total = 0;
                        let mut list = vec![];
                        for (k, chains) in found.iter().enumerate() {
                            total += parts.get(k).copied().unwrap_or(0);
                            // Greene's theorem: the flow's optimum is the shape's partial sum.
                            if chains.iter().map(Vec::len).sum::<usize>() != total {
                                return Err(AdapterError::Backend("a Greene witness misses the shape's sum".into()));
                            }
                            list.push(json!({"k": k + 1, "total": total, "subsequences": chains}));
                        }
                        sides.insert(name.into(), json!(list));
                    }
                    Value::Object(sides)
                }
                WordProperty::PlacticNormalForm => json!(reading_word(&rsk(&pairs(w)).0)),
                WordProperty::KnuthEquivalent => {
                    let other = i.other.clone().unwrap_or_default();
                    json!(rsk(&pairs(w)).0 == rsk(&pairs(&other)).0)
                }
                WordProperty::KnuthMoves => {
                    let mut moves = vec![];
                    for (k, t) in w.windows(3).enumerate() {
                        let (a, b, c) = (t[0], t[1], t[2]);
                        // y z x ↔ y x z with x < y ≤ z: the last two letters, either way round.
                        if (c < a && a <= b) || (b < a && a <= c) {
                            let mut v = w.clone();
                            v.swap(k + 1, k + 2);
                            moves.push(json!({"position": k, "relation": "swap_last", "word": v}));
                        }
                        // x z y ↔ z x y with x ≤ y < z: the first two letters.
                        if (a <= c && c < b) || (b <= c && c < a) {
                            let mut v = w.clone();
                            v.swap(k, k + 1);
                            moves.push(json!({"position": k, "relation": "swap_first", "word": v}));
                        }
                    }
                    json!(moves)
                }
                WordProperty::Periods => {
                    json!((1..=n).filter(|&p| (0..n - p).all(|k| w[k] == w[k + p])).collect::<Vec<_>>())
                }
                WordProperty::Factors => json!(factors(i.length.unwrap_or(0))),
                WordProperty::FactorComplexity => {
                    let mut c = vec![1usize];
                    for k in 1..=n {
                        c.push(w.windows(k).collect::<BTreeSet<_>>().len());
                    }
                    json!(c)
                }
                WordProperty::RauzyGraph => {
                    let k = i.length.unwrap_or(0);
                    let vertices: Vec<Vec<u64>> = factors(k).into_iter().collect();
                    let edges: Vec<[usize; 2]> = factors(k + 1)
                        .iter()
                        .filter_map(|f| {
                            let a = vertices.binary_search(&f[..k].to_vec()).ok()?;
                            let b = vertices.binary_search(&f[1..].to_vec()).ok()?;
                            Some([a, b])
                        })
                        .collect();
                    json!({"vertices": vertices, "edges": edges})
                }
            };
            let key = serde_json::to_value(p).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default();
            out.insert(key, v);
        }
        Ok(out.into())
    }
}
