//! Reading evidence with capped findings: the toolkit of the checkers that keep reading after a
//! defect (graph, algebra, partition) and report at most [`MAX_FINDINGS`] of what they find.
//!
//! Where [`super::Read`] lists every finding, a [`Read`] here keeps the first [`MAX_FINDINGS`]
//! and counts the rest, which a rejection reports as one `MORE_FINDINGS` finding.

use std::fmt::Display;

use jacobian_runtime::{CheckError, Evidence, Finding, Verdict};
use serde_json::{Map, Value};

/// Findings reported in full; further ones are only counted.
pub const MAX_FINDINGS: usize = 32;

/// Findings, the first [`MAX_FINDINGS`] kept and the rest counted.
#[derive(Debug, Default)]
pub struct Findings {
    kept: Vec<Finding>,
    omitted: usize,
}

impl Findings {
    /// Adds one finding, or counts it once [`MAX_FINDINGS`] are kept.
    pub fn push(&mut self, finding: Finding) {
        if self.kept.len() < MAX_FINDINGS {
            self.kept.push(finding);
        } else {
            self.omitted += 1;
        }
    }

    /// Adds every finding of `other`, kept or counted.
    pub fn extend(&mut self, other: Findings) {
        other.kept.into_iter().for_each(|f| self.push(f));
        self.omitted += other.omitted;
    }

    /// True when nothing was found.
    pub fn is_empty(&self) -> bool {
        self.kept.is_empty()
    }

    /// `Ok(value)` when nothing was found.
    pub fn or_ok<T>(self, value: T) -> Read<T> {
        if self.is_empty() { Ok(value) } else { Err(self) }
    }

    /// Accepted with `summary` when nothing was found, else rejected with every finding.
    pub fn verdict(self, summary: impl FnOnce() -> String) -> Verdict {
        if self.is_empty() { Verdict::Accepted { summary: summary() } } else { self.rejected() }
    }

    /// Rejected with the kept findings, and a `MORE_FINDINGS` one counting the others.
    pub fn rejected(self) -> Verdict {
        let mut findings = self.kept;
        if self.omitted > 0 {
            findings.push(Finding::new("MORE_FINDINGS", format!("{} further findings omitted", self.omitted)));
        }
        Verdict::Rejected { findings }
    }
}

impl From<Finding> for Findings {
    fn from(finding: Finding) -> Self {
        Findings { kept: vec![finding], omitted: 0 }
    }
}

/// A part of the evidence, or why it cannot be read.
pub type Read<T> = Result<T, Findings>;

/// A failed reading with one finding.
pub fn fail<T>(path: impl Into<String>, code: &str, message: impl Into<String>) -> Read<T> {
    Err(Finding::at(path, code, message).into())
}

/// Both parts, or the findings of every part that failed.
pub fn both<A, B>(a: Read<A>, b: Read<B>) -> Read<(A, B)> {
    match (a, b) {
        (Ok(a), Ok(b)) => Ok((a, b)),
        (a, b) => {
            let mut findings = Findings::default();
            a.err().into_iter().chain(b.err()).for_each(|f| findings.extend(f));
            Err(findings)
        }
    }
}

/// `parent` extended by one reference token (RFC 6901 escaping).
pub fn pointer(parent: &str, token: impl Display) -> String {
    format!("{parent}/{}", super::pointer_token(&token.to_string()))
}

/// Rejects evidence of another kind, semantics or format, and a universal scope ("a claim about
/// one `what` is not universal").
pub fn expect(e: &Evidence, kind: &str, semantics: &str, format: &str, what: &str) -> Read<()> {
    let mut findings = Findings::default();
    super::header_about(e, kind, semantics, format, what).err().into_iter().flatten().for_each(|f| findings.push(f));
    findings.or_ok(())
}

/// The object at `path`, which may have only the given `fields`.
pub fn object<'a>(v: &'a Value, path: &str, fields: &[&str]) -> Read<&'a Map<String, Value>> {
    let Some(map) = v.as_object() else { return fail(path, "NOT_AN_OBJECT", "expected an object") };
    let mut findings = Findings::default();
    for key in map.keys().filter(|k| !fields.contains(&k.as_str())) {
        findings.push(Finding::at(pointer(path, key), "UNKNOWN_FIELD", format!("`{key}` is not part of this format")));
    }
    findings.or_ok(map)
}

/// The required field `name` of the object at `path`.
pub fn field<'a>(map: &'a Map<String, Value>, path: &str, name: &str) -> Read<&'a Value> {
    match map.get(name) {
        Some(v) => Ok(v),
        None => fail(pointer(path, name), "MISSING_FIELD", format!("`{name}` is required")),
    }
}

/// An array.
pub fn array<'a>(v: &'a Value, path: &str) -> Read<&'a [Value]> {
    match v.as_array() {
        Some(items) => Ok(items),
        None => fail(path, "NOT_AN_ARRAY", "expected an array"),
    }
}

/// A non-negative integer.
pub fn natural(v: &Value, path: &str) -> Read<u64> {
    match v.as_u64() {
        Some(x) => Ok(x),
        None => fail(path, "NOT_A_NATURAL", "expected a non-negative integer"),
    }
}

/// An array of non-negative integers, each defect reported at its index.
pub fn naturals(v: &Value, path: &str) -> Read<Vec<u64>> {
    let items = array(v, path)?;
    let mut findings = Findings::default();
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        match item.as_u64() {
            Some(x) => out.push(x),
            None => findings.push(Finding::at(pointer(path, i), "NOT_A_NATURAL", "expected a non-negative integer")),
        }
    }
    findings.or_ok(out)
}

/// Why a replay stopped short of acceptance: the number-theory checkers' control flow.
#[derive(Debug)]
pub enum Stop {
    /// The evidence is wrong: a rejection with these findings.
    Malformed(Findings),
    /// A declared size limit was reached before a verdict: inconclusive.
    Limit(String),
    /// The check was interrupted, or an artifact could not be read.
    Error(CheckError),
}

impl Stop {
    /// Cancellation or the deadline.
    pub fn interrupted() -> Self {
        Stop::Error(CheckError::Interrupted)
    }
}

impl From<Findings> for Stop {
    fn from(findings: Findings) -> Self {
        Stop::Malformed(findings)
    }
}

/// A replay step.
pub type Step<T> = Result<T, Stop>;

/// A malformed-evidence stop at `path`.
pub fn bad<T>(path: impl Into<String>, code: &str, message: impl Into<String>) -> Step<T> {
    Err(Stop::Malformed(Finding::at(path, code, message).into()))
}

/// The verdict of a replay that either accepted with a summary or stopped.
pub fn verdict(replayed: Step<String>) -> Result<Verdict, CheckError> {
    match replayed {
        Ok(summary) => Ok(Verdict::Accepted { summary }),
        Err(Stop::Malformed(findings)) => Ok(findings.rejected()),
        Err(Stop::Limit(reason)) => Ok(Verdict::Inconclusive { reason }),
        Err(Stop::Error(e)) => Err(e),
    }
}
