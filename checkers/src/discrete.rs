//! Replay of discrete statements (`discrete.statements/v1`).
//!
//! Claim `{"statements": [s₁, …]}`, each statement an object with one key naming its kind:
//! `number` (a counting number recomputed by a formula other than the producer's), `count` (a
//! count of structures recounted by brute-force enumeration, and the listed objects checked to
//! be distinct members), `recurrence` and `evaluation` (a linear recurrence replayed on the
//! given terms, or iterated to the claimed term), `sidon` and `difference_set` (every sum or
//! difference recounted), `width` (a chain cover and an antichain of the same size), `lattice`
//! (distributivity or modularity by every triple, or a witness N5 or M3 sublattice), and
//! `colouring` (a colouring with no monochromatic forbidden configuration), and `distribution` (an
//! operation on an exact finite distribution recomputed with big rationals). A statement past
//! the checker's own size bounds makes the verdict inconclusive, never accepted.

mod counts;
mod distribution;
mod numbers;
mod orders;
mod replay;

use std::sync::LazyLock;

use jacobian_runtime::{CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Finding, Verdict};
use serde_json::Value;

/// Evidence kind.
pub const EVIDENCE: &str = "discrete.statements/v1";
/// Semantics: every statement holds.
pub const SEMANTICS: &str = "urn:jacobian:semantics:discrete-statements-hold:v1";
/// Format.
pub const FORMAT: &str = "DISCRETE_STATEMENTS_V1";
/// Most statements in one claim.
pub const MAX_STATEMENTS: usize = 10_000;

static ID: LazyLock<CheckerIdentity> = LazyLock::new(|| {
    let source = [
        include_str!("discrete.rs"),
        include_str!("discrete/numbers.rs"),
        include_str!("discrete/counts.rs"),
        include_str!("discrete/replay.rs"),
        include_str!("discrete/orders.rs"),
        include_str!("discrete/distribution.rs"),
    ]
    .concat();
    CheckerIdentity::from_source("jacobian.check.discrete", "1.0.0", &source)
});

/// Checks discrete statements by independent replay.
pub struct DiscreteStatements;

/// What replaying one statement found.
pub(crate) enum Replay {
    /// It holds.
    Holds,
    /// It is false or malformed: where and why.
    Fails(String, &'static str, String),
    /// Past the checker's bounds.
    TooLarge(String),
}

pub(crate) fn fails(path: &str, code: &'static str, message: impl Into<String>) -> Replay {
    Replay::Fails(path.to_owned(), code, message.into())
}

/// Reads a u64 at `v[key]`.
pub(crate) fn nat(v: &Value, key: &str) -> Option<u64> {
    v.get(key).and_then(Value::as_u64)
}

/// A stop check: cancellation or the deadline.
pub(crate) fn stopped(cx: &CheckContext) -> bool {
    cx.cancel.is_cancelled() || std::time::Instant::now() > cx.deadline
}

impl Checker for DiscreteStatements {
    fn identity(&self) -> &CheckerIdentity {
        &ID
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[EVIDENCE]
    }

    fn check(&self, e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        if let Err(findings) = crate::evidence::header(e, EVIDENCE, SEMANTICS, FORMAT) {
            return Ok(Verdict::Rejected { findings });
        }
        let Some(list) = e.claim.get("statements").and_then(Value::as_array) else {
            return Ok(reject("/claim/statements", "MALFORMED", "a list of statements"));
        };
        if list.is_empty() || list.len() > MAX_STATEMENTS {
            return Ok(reject("/claim/statements", "MALFORMED", format!("1 to {MAX_STATEMENTS} statements")));
        }
        let mut kinds = vec![];
        for (i, s) in list.iter().enumerate() {
            if stopped(cx) {
                return Ok(Verdict::Inconclusive { reason: "stopped before every statement was replayed".into() });
            }
            let at = format!("/claim/statements/{i}");
            let Some((kind, body)) = s.as_object().filter(|o| o.len() == 1).and_then(|o| o.iter().next()) else {
                return Ok(reject(&at, "MALFORMED", "one key naming the statement's kind"));
            };
            let path = format!("{at}/{kind}");
            let r = match kind.as_str() {
                "number" => numbers::check(body, &path),
                "count" => counts::check(body, &path, cx),
                "recurrence" => replay::recurrence(body, &path),
                "evaluation" => replay::evaluation(body, &path),
                "sidon" => replay::sidon(body, &path),
                "difference_set" => replay::difference_set(body, &path),
                "colouring" => replay::colouring(body, &path, cx),
                "width" => orders::width(body, &path),
                "lattice" => orders::lattice(body, &path, cx),
                "linear_extensions" => orders::linear_extensions(body, &path, cx),
                "mobius" => orders::mobius(body, &path, cx),
                "local_lemma" => replay::local_lemma(body, &path),
                "exact_cover" => replay::exact_cover(body, &path),
                "gaussian" => distribution::gaussian(body, &path),
                "reliability" => replay::reliability(body, &path, cx),
                "holonomic" => replay::holonomic(body, &path),
                "distribution" => distribution::check(body, &path),
                _ => fails(&at, "UNKNOWN_STATEMENT", format!("`{kind}` is not a statement kind")),
            };
            match r {
                Replay::Holds => kinds.push(kind.clone()),
                Replay::Fails(p, code, m) => return Ok(reject(&p, code, m)),
                Replay::TooLarge(why) => return Ok(Verdict::Inconclusive { reason: why }),
            }
        }
        kinds.dedup();
        Ok(Verdict::Accepted { summary: format!("{} statements replayed ({})", list.len(), kinds.join(", ")) })
    }
}

fn reject(path: &str, code: &str, message: impl Into<String>) -> Verdict {
    Verdict::Rejected { findings: vec![Finding::at(path, code, message)] }
}

#[cfg(test)]
mod tests;
