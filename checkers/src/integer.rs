//! Replay of integer certificates: a gcd claim checked through its Bézout coefficients.
//!
//! g = gcd(a, b) exactly when g ≥ 0, g divides a and b, and a·x + b·y = g for some integers
//! x, y (then every common divisor of a and b divides g). For a = b = 0 the gcd is 0. The
//! check uses only multiplication, addition and remainders; it shares no code with the
//! producer's extended Euclidean algorithm.

use std::str::FromStr;
use std::sync::LazyLock;

use jacobian_runtime::{CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Finding, Verdict};
use num_bigint::BigInt;
use num_traits::{Signed, Zero};
use serde_json::Value;

/// Evidence kind replayed.
pub const GCD_EVIDENCE: &str = "integer.gcd/v1";
const SEMANTICS: &str = "urn:jacobian:semantics:integer-gcd:v1";
const FORMAT: &str = "BEZOUT_V1";

static IDENTITY: LazyLock<CheckerIdentity> =
    LazyLock::new(|| CheckerIdentity::from_source("jacobian.check.gcd_bezout", "1.0.0", include_str!("integer.rs")));

/// Checks gcd claims by their Bézout certificates.
pub struct GcdBezout;

fn integer(v: &Value, path: &str) -> Result<BigInt, Finding> {
    v.as_str()
        .and_then(|s| BigInt::from_str(s).ok())
        .or_else(|| v.as_i64().map(BigInt::from))
        .ok_or_else(|| Finding::at(path, "NOT_AN_INTEGER", "expected a decimal integer"))
}

impl Checker for GcdBezout {
    fn identity(&self) -> &CheckerIdentity {
        &IDENTITY
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[GCD_EVIDENCE]
    }

    fn check(&self, e: &Evidence, _cx: &CheckContext) -> Result<Verdict, CheckError> {
        if e.semantics != SEMANTICS || e.certificate_format != FORMAT {
            return Ok(Verdict::Rejected {
                findings: vec![Finding::new("UNSUPPORTED_EVIDENCE", format!("expected {SEMANTICS} with {FORMAT}"))],
            });
        }
        let parsed = (|| {
            Ok::<_, Finding>((
                integer(&e.claim["a"], "/claim/a")?,
                integer(&e.claim["b"], "/claim/b")?,
                integer(&e.claim["gcd"], "/claim/gcd")?,
                integer(&e.candidate["gcd"], "/candidate/gcd")?,
                integer(&e.candidate["x"], "/candidate/x")?,
                integer(&e.candidate["y"], "/candidate/y")?,
            ))
        })();
        let (a, b, g, cg, x, y) = match parsed {
            Ok(t) => t,
            Err(f) => return Ok(Verdict::Rejected { findings: vec![f] }),
        };
        let mut findings = Vec::new();
        if g != cg {
            findings.push(Finding::at("/candidate/gcd", "CANDIDATE_MISMATCH", "the certificate is for another value"));
        }
        if g.is_negative() {
            findings.push(Finding::at("/claim/gcd", "NEGATIVE", "a gcd is never negative"));
        }
        if g.is_zero() {
            if !(a.is_zero() && b.is_zero()) {
                findings.push(Finding::at("/claim/gcd", "NOT_A_DIVISOR", "0 divides only 0"));
            }
        } else {
            if !(&a % &g).is_zero() {
                findings.push(Finding::at("/claim/gcd", "NOT_A_DIVISOR", "the claimed gcd does not divide a"));
            }
            if !(&b % &g).is_zero() {
                findings.push(Finding::at("/claim/gcd", "NOT_A_DIVISOR", "the claimed gcd does not divide b"));
            }
        }
        if &a * &x + &b * &y != g {
            findings.push(Finding::at("/candidate", "BEZOUT_IDENTITY_FAILS", "a·x + b·y differs from the claimed gcd"));
        }
        Ok(if findings.is_empty() {
            Verdict::Accepted { summary: "g ≥ 0 divides a and b, and a·x + b·y = g".into() }
        } else {
            Verdict::Rejected { findings }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jacobian_runtime::artifact::{ArtifactReader, MemoryArtifactStore};
    use jacobian_runtime::{CancellationToken, Digest, Scope};
    use serde_json::json;
    use std::sync::Arc;

    fn cx() -> CheckContext {
        CheckContext {
            artifacts: ArtifactReader::new(Arc::new(MemoryArtifactStore::new())),
            cancel: CancellationToken::new(),
            deadline: std::time::Instant::now() + std::time::Duration::from_secs(5),
        }
    }

    fn evidence(a: &str, b: &str, g: &str, x: &str, y: &str) -> Evidence {
        Evidence {
            kind: GCD_EVIDENCE.into(),
            claim: json!({"a": a, "b": b, "gcd": g}),
            semantics: SEMANTICS.into(),
            candidate: json!({"gcd": g, "x": x, "y": y}),
            scope: Scope::exact_input("pair", Digest::of_bytes(b"x")),
            certificate_format: FORMAT.into(),
            artifacts: vec![],
        }
    }

    fn verdict(e: &Evidence) -> Verdict {
        GcdBezout.check(e, &cx()).unwrap()
    }

    #[test]
    fn accepts_true_certificates() {
        for (a, b, g, x, y) in [
            ("84", "36", "12", "1", "-2"),
            ("0", "0", "0", "0", "0"),
            ("-4", "6", "2", "1", "1"),
            ("0", "-5", "5", "0", "-1"),
        ] {
            assert!(matches!(verdict(&evidence(a, b, g, x, y)), Verdict::Accepted { .. }), "{a} {b} {g}");
        }
    }

    #[test]
    fn rejects_every_corruption() {
        let good = evidence("84", "36", "12", "1", "-2");
        let mut corrupted: Vec<(&str, Evidence)> = vec![
            ("common divisor but not greatest", evidence("84", "36", "6", "1", "-2")),
            ("wrong coefficient", evidence("84", "36", "12", "2", "-2")),
            ("negative gcd", evidence("84", "36", "-12", "-1", "2")),
            ("not a divisor", evidence("84", "36", "24", "1", "-2")),
            ("zero for nonzero inputs", evidence("84", "36", "0", "0", "0")),
            ("garbage", evidence("84", "36", "twelve", "1", "-2")),
        ];
        let mut other_candidate = good.clone();
        other_candidate.candidate["gcd"] = json!("6");
        corrupted.push(("candidate for another value", other_candidate));
        let mut format = good.clone();
        format.certificate_format = "OTHER".into();
        corrupted.push(("format", format));
        let mut semantics = good.clone();
        semantics.semantics = "urn:other".into();
        corrupted.push(("semantics", semantics));
        // A true gcd whose certificate does not prove it is the greatest.
        corrupted.push(("bezout for a multiple", evidence("84", "36", "12", "0", "0")));
        for (what, e) in corrupted {
            assert!(matches!(verdict(&e), Verdict::Rejected { .. }), "{what} accepted");
        }
    }
}
