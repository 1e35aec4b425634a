//! Replay of the value set of an integer polynomial modulo m (`modular.polynomial_values/v1`).
//!
//! Claim `{"coefficients": [c₀, …, c_d], "m": m, "image": [v₁ < v₂ < …], "permutation": b}`
//! with decimal-string coefficients and 2 ≤ m ≤ 10^6. No candidate is needed: the checker
//! evaluates f at every residue modulo m by Horner's rule in its own machine-word arithmetic
//! and accepts when the distinct values are exactly `image` (increasing) and `permutation` says
//! whether there are m of them.

use std::str::FromStr;
use std::sync::LazyLock;

use jacobian_runtime::{CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Finding, Verdict};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::ToPrimitive;

/// Evidence kind of a polynomial's value set modulo m.
pub const VALUES_EVIDENCE: &str = "modular.polynomial_values/v1";
/// Semantics: the values of f on Z/mZ are exactly the claimed set.
pub const VALUES_SEMANTICS: &str = "urn:jacobian:semantics:polynomial-value-set:v1";
/// Format: the claim alone, replayed by evaluation.
pub const VALUES_FORMAT: &str = "EXHAUSTIVE_EVALUATION_V1";
/// Largest modulus replayed.
pub const MAX_MODULUS: u64 = 1_000_000;
/// Most coefficients.
pub const MAX_COEFFICIENTS: usize = 201;

static ID: LazyLock<CheckerIdentity> = LazyLock::new(|| {
    CheckerIdentity::from_source("jacobian.check.polynomial_values", "1.0.0", include_str!("values.rs"))
});

/// Checks a polynomial's value set modulo m by evaluating it everywhere.
pub struct PolynomialValues;

fn reject(path: &str, code: &str, message: impl Into<String>) -> Verdict {
    Verdict::Rejected { findings: vec![Finding::at(path, code, message)] }
}

impl Checker for PolynomialValues {
    fn identity(&self) -> &CheckerIdentity {
        &ID
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[VALUES_EVIDENCE]
    }

    fn check(&self, e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        if e.semantics != VALUES_SEMANTICS || e.certificate_format != VALUES_FORMAT {
            return Ok(reject("", "UNSUPPORTED_EVIDENCE", format!("expected {VALUES_SEMANTICS}")));
        }
        let Some(m) = e.claim["m"].as_u64().filter(|m| (2..=MAX_MODULUS).contains(m)) else {
            return Ok(reject("/claim/m", "BAD_MODULUS", "an integer from 2 to 10^6"));
        };
        let Some(list) = e.claim["coefficients"].as_array().filter(|c| !c.is_empty() && c.len() <= MAX_COEFFICIENTS)
        else {
            return Ok(reject("/claim/coefficients", "MALFORMED", "1 to 201 coefficients"));
        };
        let mut c = Vec::with_capacity(list.len());
        for (k, v) in list.iter().enumerate() {
            let parsed = v.as_str().and_then(|s| BigInt::from_str(s).ok().filter(|b| b.to_string() == s));
            let Some(b) = parsed else {
                return Ok(reject(&format!("/claim/coefficients/{k}"), "NOT_AN_INTEGER", "a decimal string"));
            };
            c.push(b.mod_floor(&BigInt::from(m)).to_u64().unwrap_or(0));
        }
        let Some(image) = e.claim["image"].as_array() else {
            return Ok(reject("/claim/image", "MALFORMED", "a list of residues"));
        };
        let Some(permutation) = e.claim["permutation"].as_bool() else {
            return Ok(reject("/claim/permutation", "MALFORMED", "a boolean"));
        };
        let mut hit = vec![false; m as usize];
        for x in 0..m {
            if x % 65_536 == 0 && (cx.cancel.is_cancelled() || std::time::Instant::now() > cx.deadline) {
                return Ok(Verdict::Inconclusive { reason: "stopped before every residue was evaluated".into() });
            }
            let v = c.iter().rev().fold(0u128, |acc, &k| (acc * u128::from(x) + u128::from(k)) % u128::from(m));
            hit[v as usize] = true;
        }
        let values: Vec<u64> = (0..m).filter(|&v| hit[v as usize]).collect();
        let claimed: Option<Vec<u64>> = image.iter().map(|v| v.as_u64()).collect();
        if claimed.as_ref() != Some(&values) {
            return Ok(reject(
                "/claim/image",
                "WRONG_IMAGE",
                format!("f takes {} distinct values mod m", values.len()),
            ));
        }
        if permutation != (values.len() as u64 == m) {
            return Ok(reject("/claim/permutation", "WRONG_PERMUTATION", "the claim on bijectivity is false"));
        }
        Ok(Verdict::Accepted { summary: format!("f evaluated at all {m} residues: {} values", values.len()) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jacobian_runtime::Scope;
    use serde_json::{Value, json};

    fn check(claim: Value) -> bool {
        use jacobian_runtime::artifact::{ArtifactReader, MemoryArtifactStore};
        let cx = CheckContext {
            artifacts: ArtifactReader::new(std::sync::Arc::new(MemoryArtifactStore::new())),
            cancel: jacobian_runtime::CancellationToken::new(),
            deadline: std::time::Instant::now() + std::time::Duration::from_secs(60),
        };
        let e = Evidence {
            kind: VALUES_EVIDENCE.into(),
            claim,
            semantics: VALUES_SEMANTICS.into(),
            candidate: json!({}),
            scope: Scope::exact_input("test", jacobian_runtime::Digest::of_bytes(b"t")),
            certificate_format: VALUES_FORMAT.into(),
            artifacts: vec![],
        };
        matches!(PolynomialValues.check(&e, &cx).unwrap(), Verdict::Accepted { .. })
    }

    #[test]
    fn value_sets_replay_and_mutations_are_rejected() {
        // x³ permutes Z/11 (gcd(3, 10) = 1); x² mod 7 takes 0, 1, 2, 4.
        let cube: Vec<u64> = (0..11).collect();
        assert!(check(json!({"coefficients": ["0", "0", "0", "1"], "m": 11, "image": cube, "permutation": true})));
        let good = json!({"coefficients": ["0", "0", "1"], "m": 7, "image": [0, 1, 2, 4], "permutation": false});
        assert!(check(good.clone()));
        assert!(check(json!({"coefficients": ["-7", "14", "1"], "m": 7, "image": [0, 1, 2, 4], "permutation": false})));
        for (field, value) in [
            ("image", json!([0, 1, 2, 3])),
            ("image", json!([0, 1, 2])),
            ("image", json!([1, 0, 2, 4])),
            ("image", json!([0, 1, 2, 4, 4])),
            ("permutation", json!(true)),
            ("m", json!(8)),
            ("m", json!(1)),
            ("coefficients", json!(["0", "0", "3"])),
            ("coefficients", json!(["0", "0", "01"])),
            ("coefficients", json!([])),
        ] {
            let mut bad = good.clone();
            bad[field] = value.clone();
            assert!(!check(bad), "{field} = {value}");
        }
    }
}
