//! `permutation.compute.statistics`: the classical statistics of one permutation (inversions,
//! descents, major index, excedances, cycles, records, peaks, runs, Lehmer code, occurrences of a
//! pattern, and its inverse, reverse and complement), and the exact distribution of a statistic
//! over all permutations of n — Mahonian, Eulerian, Stirling and rencontres numbers among them.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::permutation::Permutation;
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::native;
use crate::cas::{self, Answer, Query};

/// Largest degree of one permutation (the permutation object's bound).
pub const MAX_DEGREE: usize = jacobian_runtime::objects::permutation::MAX_DEGREE;
/// Largest n of a distribution (n! permutations are visited).
pub const MAX_DISTRIBUTION_N: usize = 10;
/// Largest pattern length counted (occurrences are visited one subsequence at a time).
pub const MAX_PATTERN: usize = 6;
/// Most subsequences visited when counting a pattern.
pub const MAX_PATTERN_WORK: f64 = 5e8;

/// A statistic (numbers) or a derived permutation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Statistic {
    /// Pairs i < j with π(i) > π(j).
    Inversions,
    /// Positions i with π(i) > π(i + 1).
    Descents,
    /// The descent positions.
    DescentSet,
    /// The sum of the descent positions.
    MajorIndex,
    /// Positions i with π(i) > i.
    Excedances,
    /// Positions i with π(i) = i.
    FixedPoints,
    /// The number of cycles (fixed points included).
    Cycles,
    /// Cycle lengths, longest first.
    CycleType,
    /// The length of a longest increasing subsequence.
    LongestIncreasing,
    /// Left-to-right maxima (records).
    LeftToRightMaxima,
    /// Positions 1 < i < n with π(i − 1) < π(i) > π(i + 1).
    Peaks,
    /// Maximal ascending runs.
    AscendingRuns,
    /// The Lehmer code: c_i = #{j > i : π(j) < π(i)}.
    LehmerCode,
    /// The sign, +1 or −1.
    Sign,
    /// π⁻¹.
    Inverse,
    /// π read backwards.
    Reverse,
    /// n + 1 − π(i).
    Complement,
    /// Occurrences of `pattern` (subsequences order-isomorphic to it).
    PatternOccurrences,
}

impl Statistic {
    /// Whether the statistic is a natural number (those have distributions).
    fn numeric(self) -> bool {
        use Statistic::*;
        matches!(
            self,
            Inversions
                | Descents
                | MajorIndex
                | Excedances
                | FixedPoints
                | Cycles
                | LongestIncreasing
                | LeftToRightMaxima
                | Peaks
                | AscendingRuns
                | PatternOccurrences
        )
    }
}

/// What to compute.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Question {
    /// Statistics of one permutation.
    Of {
        /// The permutation: image list or cycles.
        permutation: Permutation,
        /// Its degree (default: the image list's length, or the largest point the cycles move).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        degree: Option<usize>,
        /// What to compute (at least one).
        statistics: Vec<Statistic>,
    },
    /// How many permutations of n take each value of a numeric statistic.
    Distribution {
        /// n (at most 10).
        n: usize,
        /// The statistic.
        statistic: Statistic,
    },
}

/// Input of `permutation.compute.statistics`.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PermutationStatisticsInput {
    /// What to compute.
    pub question: Question,
    /// The pattern of `pattern_occurrences`, a permutation of 1..k (k ≤ 6) as an image list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pattern: Option<Vec<u32>>,
}

/// `permutation.compute.statistics`.
pub struct PermutationStatistics;

fn read(i: &PermutationStatisticsInput) -> Result<Option<Vec<usize>>, Diagnostic> {
    let wants_pattern = match &i.question {
        Question::Of { permutation, degree, statistics } => {
            if statistics.is_empty() {
                return Err(Diagnostic::at("/question/of/statistics", "EMPTY", "at least one statistic"));
            }
            if degree.is_some_and(|d| d > MAX_DEGREE) {
                return Err(Diagnostic::at("/question/of/degree", "TOO_LARGE", format!("at most {MAX_DEGREE}")));
            }
            let images = permutation.images().map_err(|d| d.under("/question/of/permutation"))?;
            if let Some(d) = degree {
                permutation.images_on(*d).map_err(|d| d.under("/question/of/permutation"))?;
            }
            if images.len() > MAX_DEGREE {
                return Err(Diagnostic::at(
                    "/question/of/permutation",
                    "TOO_LARGE",
                    format!("at most {MAX_DEGREE} points"),
                ));
            }
            statistics.contains(&Statistic::PatternOccurrences)
        }
        Question::Distribution { n, statistic } => {
            if *n > MAX_DISTRIBUTION_N {
                let message = format!("distributions are computed up to n = {MAX_DISTRIBUTION_N}");
                return Err(Diagnostic::at("/question/distribution/n", "TOO_LARGE", message));
            }
            if !statistic.numeric() {
                let message = "a statistic whose values are natural numbers";
                return Err(Diagnostic::at("/question/distribution/statistic", "NOT_NUMERIC", message));
            }
            *statistic == Statistic::PatternOccurrences
        }
    };
    match (&i.pattern, wants_pattern) {
        (None, true) => Err(Diagnostic::at("/pattern", "MISSING", "pattern_occurrences needs a pattern")),
        (Some(_), false) => Err(Diagnostic::at("/pattern", "UNUSED", "only pattern_occurrences takes a pattern")),
        (None, false) => Ok(None),
        (Some(p), true) => {
            if p.is_empty() || p.len() > MAX_PATTERN {
                return Err(Diagnostic::at("/pattern", "BAD_LENGTH", format!("1 to {MAX_PATTERN} letters")));
            }
            let mut seen = vec![false; p.len()];
            for (k, &x) in p.iter().enumerate() {
                if x == 0 || x as usize > p.len() || std::mem::replace(&mut seen[x as usize - 1], true) {
                    return Err(Diagnostic::at(format!("/pattern/{k}"), "NOT_A_PERMUTATION", "a permutation of 1..k"));
                }
            }
            Ok(Some(p.iter().map(|&x| x as usize - 1).collect()))
        }
    }
}

/// The permutation of `question.of` as 0-based images.
fn images(i: &PermutationStatisticsInput) -> Vec<usize> {
    let Question::Of { permutation, degree, .. } = &i.question else { return vec![] };
    let v = match degree {
        Some(d) => permutation.images_on(*d),
        None => permutation.images(),
    };
    v.unwrap_or_default().into_iter().map(|x| x as usize - 1).collect()
}

/// Cycle lengths, longest first.
fn cycle_lengths(p: &[usize]) -> Vec<usize> {
    let mut t = super::sets::cycle_type(p);
    t.reverse();
    t
}

/// c_i = #{j > i : p(j) < p(i)}, by a Fenwick tree from the right.
fn lehmer(p: &[usize]) -> Vec<usize> {
    let n = p.len();
    let mut tree = vec![0usize; n + 1];
    let mut out = vec![0; n];
    for i in (0..n).rev() {
        let mut at = p[i];
        let mut smaller = 0;
        while at > 0 {
            smaller += tree[at];
            at &= at - 1;
        }
        out[i] = smaller;
        let mut at = p[i] + 1;
        while at <= n {
            tree[at] += 1;
            at += at & at.wrapping_neg();
        }
    }
    out
}

fn longest_increasing(p: &[usize]) -> usize {
    let mut tails: Vec<usize> = vec![];
    for &x in p {
        let k = tails.partition_point(|&t| t < x);
        if k == tails.len() { tails.push(x) } else { tails[k] = x }
    }
    tails.len()
}

/// Occurrences of `pattern` in p: subsequences order-isomorphic to it.
fn occurrences(p: &[usize], pattern: &[usize], ctx: &AdapterContext) -> Result<u64, AdapterError> {
    fn go(
        p: &[usize],
        pat: &[usize],
        start: usize,
        chosen: &mut Vec<usize>,
        count: &mut u64,
        steps: &mut u64,
        ctx: &AdapterContext,
    ) -> Result<(), AdapterError> {
        *steps += 1;
        if steps.is_multiple_of(1 << 16) {
            ctx.checkpoint()?;
        }
        let k = chosen.len();
        if k == pat.len() {
            *count += 1;
            return Ok(());
        }
        for j in start..=p.len() - (pat.len() - k) {
            // The new value must sit, relative to the chosen ones, as pat[k] sits relative to pat[..k].
            let fits = (0..k).all(|a| (pat[a] < pat[k]) == (p[chosen[a]] < p[j]));
            if fits {
                chosen.push(j);
                go(p, pat, j + 1, chosen, count, steps, ctx)?;
                chosen.pop();
            }
        }
        Ok(())
    }
    let (mut count, mut steps) = (0, 0);
    if pattern.len() <= p.len() {
        go(p, pattern, 0, &mut vec![], &mut count, &mut steps, ctx)?;
    }
    Ok(count)
}

/// A numeric statistic of p.
fn number(s: Statistic, p: &[usize], pattern: &[usize], ctx: &AdapterContext) -> Result<u64, AdapterError> {
    let n = p.len();
    let descents = || (0..n.saturating_sub(1)).filter(move |&i| p[i] > p[i + 1]);
    Ok(match s {
        Statistic::Inversions => lehmer(p).iter().sum::<usize>() as u64,
        Statistic::Descents => descents().count() as u64,
        Statistic::MajorIndex => descents().map(|i| i as u64 + 1).sum(),
        Statistic::Excedances => (0..n).filter(|&i| p[i] > i).count() as u64,
        Statistic::FixedPoints => (0..n).filter(|&i| p[i] == i).count() as u64,
        Statistic::Cycles => cycle_lengths(p).len() as u64,
        Statistic::LongestIncreasing => longest_increasing(p) as u64,
        Statistic::LeftToRightMaxima => {
            let (mut top, mut records) = (None, 0);
            for &x in p {
                if top.is_none_or(|t| x > t) {
                    records += 1;
                    top = Some(x);
                }
            }
            records
        }
        Statistic::Peaks => (1..n.saturating_sub(1)).filter(|&i| p[i - 1] < p[i] && p[i] > p[i + 1]).count() as u64,
        Statistic::AscendingRuns => {
            if n == 0 {
                0
            } else {
                descents().count() as u64 + 1
            }
        }
        Statistic::PatternOccurrences => occurrences(p, pattern, ctx)?,
        _ => return Err(AdapterError::Backend("not a numeric statistic".into())),
    })
}

/// Calls `each` with every permutation of 0..n (Heap's algorithm), checking for cancellation.
pub(crate) fn every_permutation(
    n: usize,
    ctx: &AdapterContext,
    mut each: impl FnMut(&[usize]) -> Result<(), AdapterError>,
) -> Result<(), AdapterError> {
    let mut p: Vec<usize> = (0..n).collect();
    let mut c = vec![0usize; n];
    each(&p)?;
    let (mut i, mut visited) = (1, 1u64);
    while i < n {
        if c[i] < i {
            if i % 2 == 0 {
                p.swap(0, i)
            } else {
                p.swap(c[i], i)
            }
            visited += 1;
            if visited.is_multiple_of(4096) {
                ctx.checkpoint()?;
            }
            each(&p)?;
            c[i] += 1;
            i = 1;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    Ok(())
}

impl Query for PermutationStatistics {
    type Input = PermutationStatisticsInput;
    type Output = Value;

    fn describe(&self) -> Describe {
        cas::describe(
            "permutation.compute.statistics",
            "Permutation statistics: inversions, descents, major index, cycles, patterns, and their distributions",
            "Inversions, descents, major index, excedances, fixed points, cycles, records, peaks, runs, Lehmer code and pattern occurrences of a permutation, and the distribution of a statistic over S_n.",
            "Natively: for one permutation (up to 10,000 points; cycles or image list) any of inversions, descents, \
             descent_set, major_index, excedances, fixed_points, cycles, cycle_type, longest_increasing, \
             left_to_right_maxima, peaks, ascending_runs, lehmer_code, sign, inverse, reverse, complement, and \
             pattern_occurrences of a `pattern` of length ≤ 6; or the exact distribution of a numeric statistic over \
             all n! permutations for n ≤ 10 (Mahonian, Eulerian, Stirling and rencontres numbers).",
            &[
                "permutation",
                "statistics",
                "inversions",
                "descents",
                "major-index",
                "excedance",
                "mahonian",
                "eulerian",
                "pattern",
                "lehmer-code",
                "fixed-points",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("permutation_statistics.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "inversions, descents and major index of 3 1 4 2 5",
                Mode::Explore,
                json!({"question": {"of": {"permutation": [3, 1, 4, 2, 5],
                                           "statistics": ["inversions", "descents", "major_index"]}}}),
            ),
            (
                "the distribution of the major index over S_5 (Mahonian numbers)",
                Mode::Explore,
                json!({"question": {"distribution": {"n": 5, "statistic": "major_index"}}}),
            ),
            (
                "occurrences of the pattern 132 in 2 4 1 5 3",
                Mode::Explore,
                json!({"question": {"of": {"permutation": [2, 4, 1, 5, 3], "statistics": ["pattern_occurrences"]}},
                       "pattern": [1, 3, 2]}),
            ),
        ]
    }
    fn validate(&self, i: &PermutationStatisticsInput) -> Result<(), Diagnostic> {
        read(i).map(drop)
    }
    fn bounds(&self, i: &PermutationStatisticsInput) -> Result<(), Refusal> {
        if let (Question::Of { statistics, .. }, Some(pat)) = (&i.question, &i.pattern)
            && statistics.contains(&Statistic::PatternOccurrences)
        {
            let n = images(i).len() as f64;
            let work = n.powi(pat.len() as i32);
            if work > MAX_PATTERN_WORK {
                let message =
                    format!("about n^k = {work:.0} subsequences; this capability visits at most {MAX_PATTERN_WORK}");
                return Err(Refusal::Unsupported(Diagnostic::at("/pattern", "TOO_LARGE", message)));
            }
        }
        Ok(())
    }
    fn answer(&self, i: &PermutationStatisticsInput, ctx: &AdapterContext) -> Result<Answer<Value>, AdapterError> {
        let pattern = read(i).map_err(|d| AdapterError::Unsupported(d.message))?.unwrap_or_default();
        match &i.question {
            Question::Distribution { n, statistic } => {
                let mut counts: Vec<u64> = vec![];
                every_permutation(*n, ctx, |p| {
                    let v = number(*statistic, p, &pattern, ctx)? as usize;
                    if counts.len() <= v {
                        counts.resize(v + 1, 0);
                    }
                    counts[v] += 1;
                    Ok(())
                })?;
                Ok(json!({"n": n, "statistic": statistic, "counts": counts}).into())
            }
            Question::Of { statistics, .. } => {
                let p = images(i);
                let n = p.len();
                let one = |v: Vec<usize>| json!(v.into_iter().map(|x| x + 1).collect::<Vec<_>>());
                let mut out = Map::new();
                out.insert("degree".into(), json!(n));
                for &s in statistics {
                    let value = match s {
                        Statistic::DescentSet => json!((1..n).filter(|&i| p[i - 1] > p[i]).collect::<Vec<_>>()),
                        Statistic::CycleType => json!(cycle_lengths(&p)),
                        Statistic::LehmerCode => json!(lehmer(&p)),
                        Statistic::Sign => {
                            let even = cycle_lengths(&p).iter().filter(|&&l| l % 2 == 0).count();
                            json!(if even % 2 == 0 { 1 } else { -1 })
                        }
                        Statistic::Inverse => {
                            let mut inv = vec![0; n];
                            p.iter().enumerate().for_each(|(i, &x)| inv[x] = i);
                            one(inv)
                        }
                        Statistic::Reverse => one(p.iter().rev().copied().collect()),
                        Statistic::Complement => one(p.iter().map(|&x| n - 1 - x).collect()),
                        s => json!(number(s, &p, &pattern, ctx)?),
                    };
                    let key =
                        serde_json::to_value(s).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default();
                    out.insert(key, value);
                }
                Ok(Value::Object(out).into())
            }
        }
    }
}
