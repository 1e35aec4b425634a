//! Replay of congruences: `base^exponent ≡ value (mod modulus)` and `left·right ≡ value (mod
//! modulus)`, each recomputed with the checker's own square-and-multiply.
//!
//! Evidence `modular.relation/v1`: claim `{"relations": [R, …]}` (at least one), candidate `{}`.
//! `R` is `{"kind": "power", "base", "exponent", "modulus", "value"}` or `{"kind": "product",
//! "left", "right", "modulus", "value"}`, every number a canonical decimal string, the modulus
//! at least 2, the exponent at least 0, and the value in [0, modulus). Accepted when every
//! relation holds.

use std::str::FromStr;
use std::sync::LazyLock;

use jacobian_runtime::{CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Finding, Verdict};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed};
use serde_json::Value;

/// Evidence kind replayed.
pub const RELATION_EVIDENCE: &str = "modular.relation/v1";
const SEMANTICS: &str = "urn:jacobian:semantics:modular-relations-hold:v1";
const FORMAT: &str = "CONGRUENCES_V1";
/// Most relations replayed in one piece of evidence.
pub const MAX_RELATIONS: usize = 10_000;
/// Most digits of any number replayed.
pub const MAX_DIGITS: usize = 10_000;

static IDENTITY: LazyLock<CheckerIdentity> = LazyLock::new(|| {
    CheckerIdentity::from_source("jacobian.check.modular_relation", "1.0.0", include_str!("modular.rs"))
});

/// Checks congruences by recomputing them.
pub struct ModularRelation;

fn number(r: &Value, field: &str, path: &str) -> Result<BigInt, Finding> {
    let v = &r[field];
    v.as_str()
        .filter(|s| s.len() <= MAX_DIGITS)
        .and_then(|s| BigInt::from_str(s).ok().filter(|n| n.to_string() == s))
        .ok_or_else(|| Finding::at(format!("{path}/{field}"), "NOT_AN_INTEGER", "a canonical decimal integer string"))
}

/// The checker's own left-to-right square-and-multiply (not `BigInt::modpow`).
fn power_mod(base: &BigInt, exponent: &BigInt, m: &BigInt) -> BigInt {
    let base = base.mod_floor(m);
    let mut acc = BigInt::one().mod_floor(m);
    for i in (0..exponent.bits()).rev() {
        acc = (&acc * &acc).mod_floor(m);
        if exponent.bit(i) {
            acc = (&acc * &base).mod_floor(m);
        }
    }
    acc
}

fn relation(r: &Value, path: &str) -> Result<(), Finding> {
    let m = number(r, "modulus", path)?;
    let value = number(r, "value", path)?;
    if m < BigInt::from(2) {
        return Err(Finding::at(format!("{path}/modulus"), "BAD_MODULUS", "a modulus is at least 2"));
    }
    if value.is_negative() || value >= m {
        return Err(Finding::at(format!("{path}/value"), "NOT_REDUCED", "the value lies in [0, modulus)"));
    }
    let computed = match r["kind"].as_str() {
        Some("power") => {
            let exponent = number(r, "exponent", path)?;
            if exponent.is_negative() {
                return Err(Finding::at(format!("{path}/exponent"), "NEGATIVE", "the exponent is at least 0"));
            }
            power_mod(&number(r, "base", path)?, &exponent, &m)
        }
        Some("product") => (number(r, "left", path)? * number(r, "right", path)?).mod_floor(&m),
        _ => return Err(Finding::at(format!("{path}/kind"), "UNKNOWN_RELATION", "power or product")),
    };
    if computed != value {
        return Err(Finding::at(path, "DOES_NOT_HOLD", format!("the left side is {computed} modulo the modulus")));
    }
    Ok(())
}

impl Checker for ModularRelation {
    fn identity(&self) -> &CheckerIdentity {
        &IDENTITY
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[RELATION_EVIDENCE]
    }

    fn check(&self, e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        if e.semantics != SEMANTICS || e.certificate_format != FORMAT {
            return Ok(Verdict::Rejected {
                findings: vec![Finding::new("UNSUPPORTED_EVIDENCE", format!("expected {SEMANTICS} with {FORMAT}"))],
            });
        }
        let Some(relations) = e.claim["relations"].as_array().filter(|r| !r.is_empty()) else {
            return Ok(Verdict::Rejected {
                findings: vec![Finding::at("/claim/relations", "NO_RELATIONS", "a non-empty list of relations")],
            });
        };
        if relations.len() > MAX_RELATIONS {
            return Ok(Verdict::Inconclusive { reason: format!("more than {MAX_RELATIONS} relations") });
        }
        let mut findings = vec![];
        for (i, r) in relations.iter().enumerate() {
            if cx.should_stop() {
                return Err(CheckError::Interrupted);
            }
            if let Err(f) = relation(r, &format!("/claim/relations/{i}")) {
                findings.push(f);
            }
        }
        Ok(if findings.is_empty() {
            Verdict::Accepted { summary: format!("{} congruences recomputed", relations.len()) }
        } else {
            Verdict::Rejected { findings }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn check(relations: Value) -> Verdict {
        use jacobian_runtime::artifact::{ArtifactReader, MemoryArtifactStore};
        let cx = CheckContext {
            artifacts: ArtifactReader::new(std::sync::Arc::new(MemoryArtifactStore::new())),
            cancel: jacobian_runtime::CancellationToken::new(),
            deadline: std::time::Instant::now() + std::time::Duration::from_secs(60),
        };
        let e = Evidence {
            kind: RELATION_EVIDENCE.into(),
            claim: json!({"relations": relations}),
            semantics: SEMANTICS.into(),
            candidate: json!({}),
            scope: jacobian_runtime::Scope::exact_input("t", jacobian_runtime::Digest::of_bytes(b"t")),
            certificate_format: FORMAT.into(),
            artifacts: vec![],
        };
        ModularRelation.check(&e, &cx).unwrap()
    }

    fn accepted(v: &Verdict) -> bool {
        matches!(v, Verdict::Accepted { .. })
    }

    fn pw(b: i64, e: i64, m: i64, v: i64) -> Value {
        json!({"kind": "power", "base": b.to_string(), "exponent": e.to_string(), "modulus": m.to_string(), "value": v.to_string()})
    }

    #[test]
    fn power_mod_agrees_with_brute_force() {
        for m in 2i64..40 {
            for b in -5i64..20 {
                let mut acc = 1i64.rem_euclid(m);
                for e in 0i64..20 {
                    assert_eq!(power_mod(&b.into(), &e.into(), &m.into()), BigInt::from(acc), "{b}^{e} mod {m}");
                    acc = (acc * b).rem_euclid(m);
                }
            }
        }
    }

    #[test]
    fn true_relations_pass_and_every_mutation_fails() {
        let good = json!([
            pw(3, 5, 17, 5),
            {"kind": "product", "left": "17", "right": "2753", "modulus": "3120", "value": "1"},
            pw(123, 1, 7, 4),
            pw(2, 10, 1000, 24),
        ]);
        assert!(accepted(&check(good.clone())));
        // Change every number by one, in each relation: none may still pass.
        for i in 0..4 {
            for field in ["base", "exponent", "modulus", "value", "left", "right"] {
                let Some(text) = good[i][field].as_str() else { continue };
                for delta in [-1i64, 1] {
                    let mut bad = good.clone();
                    let n: i64 = text.parse().unwrap();
                    bad[i][field] = json!((n + delta).to_string());
                    assert!(!accepted(&check(bad.clone())), "{bad}");
                }
            }
        }
        for bad in [
            json!([]),
            json!([pw(3, -1, 17, 6)]),
            json!([pw(3, 5, 1, 0)]),
            json!([pw(3, 5, 17, 22)]),
            json!([{"kind": "power", "base": 3, "exponent": "5", "modulus": "17", "value": "5"}]),
            json!([{"kind": "power", "base": "03", "exponent": "5", "modulus": "17", "value": "5"}]),
            json!([{"kind": "sum", "left": "1", "right": "2", "modulus": "5", "value": "3"}]),
        ] {
            assert!(!accepted(&check(bad.clone())), "{bad}");
        }
    }
}
