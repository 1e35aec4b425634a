//! `combinatorics.stable_matching.solve`: stable marriages between two sides of n with complete
//! strict preference lists — the proposer-optimal and receiver-optimal stable matchings by
//! Gale–Shapley deferred acceptance, every stable matching of a small instance, and the blocking
//! pairs of a given matching.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::native;
use crate::cas::{self, Answer, Query};

/// Largest side.
pub const MAX_N: usize = 1_000;
/// Largest side whose stable matchings are all listed (n! matchings are visited).
pub const MAX_ALL_N: usize = 9;

/// What to compute.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Question {
    /// The stable matching best for every proposer (deferred acceptance, proposers propose).
    ProposerOptimal,
    /// The stable matching best for every receiver (receivers propose).
    ReceiverOptimal,
    /// Every stable matching (n ≤ 9).
    All,
    /// The blocking pairs of a matching.
    Check {
        /// The receiver matched to each proposer (a permutation of 0..n−1).
        matching: Vec<usize>,
    },
}

/// Input of `combinatorics.stable_matching.solve`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StableInput {
    /// For each proposer 0..n−1, every receiver 0..n−1 from most to least preferred.
    pub proposers: Vec<Vec<usize>>,
    /// For each receiver, every proposer from most to least preferred.
    pub receivers: Vec<Vec<usize>>,
    /// What to compute.
    pub question: Question,
}

/// `combinatorics.stable_matching.solve`.
pub struct StableMatching;

fn lists(v: &[Vec<usize>], n: usize, at: &str) -> Result<(), Diagnostic> {
    for (i, l) in v.iter().enumerate() {
        let mut seen = vec![false; n];
        if l.len() != n {
            return Err(Diagnostic::at(
                format!("{at}/{i}"),
                "INCOMPLETE",
                format!("a ranking of all {n} on the other side"),
            ));
        }
        for (k, &x) in l.iter().enumerate() {
            if x >= n || std::mem::replace(&mut seen[x], true) {
                return Err(Diagnostic::at(
                    format!("{at}/{i}/{k}"),
                    "NOT_A_RANKING",
                    format!("distinct indices 0..{}", n - 1),
                ));
            }
        }
    }
    Ok(())
}

fn check(i: &StableInput) -> Result<usize, Diagnostic> {
    let n = i.proposers.len();
    if n == 0 || n > MAX_N {
        return Err(Diagnostic::at("/proposers", "BAD_LENGTH", format!("1 to {MAX_N} proposers")));
    }
    if i.receivers.len() != n {
        return Err(Diagnostic::at("/receivers", "LENGTH_MISMATCH", format!("{n} receivers, as many as proposers")));
    }
    lists(&i.proposers, n, "/proposers")?;
    lists(&i.receivers, n, "/receivers")?;
    if let Question::Check { matching } = &i.question {
        lists(std::slice::from_ref(matching), n, "/question/check").map_err(|mut d| {
            d.path = d.path.map(|p| p.replacen("/question/check/0", "/question/check/matching", 1));
            d
        })?;
    }
    Ok(n)
}

/// rank[a][b]: the position of b in a's list.
fn ranks(v: &[Vec<usize>]) -> Vec<Vec<usize>> {
    v.iter()
        .map(|l| {
            let mut r = vec![0; l.len()];
            l.iter().enumerate().for_each(|(k, &x)| r[x] = k);
            r
        })
        .collect()
}

/// Deferred acceptance with `a` proposing to `b`: the partner in b of each a, and the proposals made.
fn deferred(a: &[Vec<usize>], b_rank: &[Vec<usize>], ctx: &AdapterContext) -> Result<(Vec<usize>, u64), AdapterError> {
    let n = a.len();
    let (mut next, mut holder): (Vec<usize>, Vec<Option<usize>>) = (vec![0; n], vec![None; n]);
    let mut free: Vec<usize> = (0..n).rev().collect();
    let mut proposals = 0u64;
    while let Some(x) = free.pop() {
        proposals += 1;
        if proposals.is_multiple_of(1 << 14) {
            ctx.checkpoint()?;
        }
        let y = a[x][next[x]];
        next[x] += 1;
        match holder[y] {
            None => holder[y] = Some(x),
            Some(z) if b_rank[y][x] < b_rank[y][z] => {
                holder[y] = Some(x);
                free.push(z);
            }
            Some(_) => free.push(x),
        }
    }
    let mut partner = vec![0; n];
    holder.iter().enumerate().for_each(|(y, x)| partner[x.unwrap_or(0)] = y);
    Ok((partner, proposals))
}

/// The pairs (proposer, receiver) who prefer each other to their partners.
fn blocking(m: &[usize], pr: &[Vec<usize>], rr: &[Vec<usize>]) -> Vec<[usize; 2]> {
    let n = m.len();
    let mut husband = vec![0; n];
    m.iter().enumerate().for_each(|(p, &r)| husband[r] = p);
    let mut out = vec![];
    for p in 0..n {
        for r in 0..n {
            if pr[p][r] < pr[p][m[p]] && rr[r][p] < rr[r][husband[r]] {
                out.push([p, r]);
            }
        }
    }
    out
}

impl Query for StableMatching {
    type Input = StableInput;
    type Output = Value;

    fn describe(&self) -> Describe {
        cas::describe(
            "combinatorics.stable_matching.solve",
            "Stable marriage: Gale–Shapley stable matchings and blocking pairs",
            "Stable matchings of two sides with preference lists: the proposer-optimal and receiver-optimal matchings by Gale–Shapley deferred acceptance, all stable matchings, blocking pairs of a matching.",
            "Natively, for two sides of n ≤ 1,000 with complete strict rankings: the proposer-optimal and the \
             receiver-optimal stable matching by deferred acceptance (with the number of proposals), every stable \
             matching for n ≤ 9 (by checking all n! matchings for blocking pairs), and the blocking pairs of a given \
             matching (none exactly when it is stable).",
            &[
                "stable-matching",
                "stable-marriage",
                "gale-shapley",
                "deferred-acceptance",
                "blocking-pair",
                "matching",
                "preferences",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("stable_matching.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "the proposer-optimal stable matching of three pairs",
            Mode::Explore,
            json!({"proposers": [[0, 1, 2], [1, 0, 2], [0, 1, 2]], "receivers": [[1, 0, 2], [0, 1, 2], [0, 1, 2]],
                   "question": "proposer_optimal"}),
        )]
    }
    fn validate(&self, i: &StableInput) -> Result<(), Diagnostic> {
        check(i).map(drop)
    }
    fn bounds(&self, i: &StableInput) -> Result<(), Refusal> {
        if matches!(i.question, Question::All) && i.proposers.len() > MAX_ALL_N {
            let message = format!("all stable matchings are listed for n ≤ {MAX_ALL_N}");
            return Err(Refusal::Unsupported(Diagnostic::at("/proposers", "TOO_LARGE", message)));
        }
        Ok(())
    }
    fn answer(&self, i: &StableInput, ctx: &AdapterContext) -> Result<Answer<Value>, AdapterError> {
        let n = check(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let (pr, rr) = (ranks(&i.proposers), ranks(&i.receivers));
        Ok(match &i.question {
            Question::ProposerOptimal => {
                let (m, proposals) = deferred(&i.proposers, &rr, ctx)?;
                json!({"matching": m, "proposals": proposals})
            }
            Question::ReceiverOptimal => {
                let (by_receiver, proposals) = deferred(&i.receivers, &pr, ctx)?;
                let mut m = vec![0; n];
                by_receiver.iter().enumerate().for_each(|(r, &p)| m[p] = r);
                json!({"matching": m, "proposals": proposals})
            }
            Question::Check { matching } => {
                let pairs = blocking(matching, &pr, &rr);
                json!({"stable": pairs.is_empty(), "blocking_pairs": pairs})
            }
            Question::All => {
                let mut all = vec![];
                // Every one of the n! matchings; the list is sorted at the end.
                super::permutation_statistics::every_permutation(n, ctx, |m| {
                    if blocking(m, &pr, &rr).is_empty() {
                        all.push(m.to_vec());
                    }
                    Ok(())
                })?;
                all.sort();
                json!({"count": all.len(), "matchings": all})
            }
        }
        .into())
    }
}
