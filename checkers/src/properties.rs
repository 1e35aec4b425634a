//! Replay of arithmetic functions and predicates of one integer (`integer.properties/v1`).
//!
//! Claim `{"n": N, "properties": {name: value, …}}` with values as decimal strings, or booleans
//! for the `is_` predicates. Candidate `{"factors": [{"prime": p, "exponent": e}, …],
//! "certificates": [C₁, …]}`: the factorization of N (N ≥ 1) with an ECPP certificate per prime,
//! replayed by [`crate::factorization::Factorization`], from which every multiplicative value is
//! recomputed here (τ, σ, φ, μ, ω, Ω, radical, squarefree core, and the predicates built on
//! them); the properties of the decimal digits (sign, |N|, digit count and sum, parity, ⌊√N⌋,
//! squareness) are recomputed from N itself and need no factorization (`factors` may then be
//! null). Accepted when every claimed value equals its recomputation; an unknown name rejects.

use std::str::FromStr;
use std::sync::LazyLock;

use jacobian_runtime::{CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Finding, Verdict};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed};
use serde_json::{Value, json};

use crate::factorization::{FACTORIZATION_EVIDENCE, FACTORIZATION_FORMAT, FACTORIZATION_SEMANTICS, Factorization};

/// Evidence kind of certified integer properties.
pub const PROPERTIES_EVIDENCE: &str = "integer.properties/v1";
/// Semantics: each named arithmetic function or predicate of n has the claimed value.
pub const PROPERTIES_SEMANTICS: &str = "urn:jacobian:semantics:integer-properties:v1";
/// Certificate format: the certified factorization of n.
pub const PROPERTIES_FORMAT: &str = "CERTIFIED_FACTORIZATION_V1";

static ID: LazyLock<CheckerIdentity> = LazyLock::new(|| {
    CheckerIdentity::from_source("jacobian.check.integer_properties", "1.0.0", include_str!("properties.rs"))
});

/// Checks arithmetic functions and predicates of an integer.
pub struct IntegerProperties;

fn reject(path: impl Into<String>, code: &str, message: impl Into<String>) -> Verdict {
    Verdict::Rejected { findings: vec![Finding::at(path, code, message)] }
}

/// The value of a property recomputed from n (and its factorization when it needs one);
/// `None` for an unknown name, `Err` when it needs a factorization that is absent.
fn recompute(name: &str, n: &BigInt, factors: Option<&[(BigInt, u32)]>) -> Option<Result<Value, ()>> {
    let digits = n.abs().to_string();
    let s = |v: BigInt| json!(v.to_string());
    let plain = match name {
        "sign" => Some(s(n.signum())),
        "absolute_value" => Some(s(n.abs())),
        "decimal_digit_count" => Some(s(BigInt::from(digits.len()))),
        "decimal_digit_sum" => Some(s(BigInt::from(digits.bytes().map(|b| u64::from(b - b'0')).sum::<u64>()))),
        "is_even" => Some(json!(n.is_even())),
        "is_odd" => Some(json!(n.is_odd())),
        "floor_square_root" if !n.is_negative() => Some(s(n.sqrt())),
        "is_square" if !n.is_negative() => Some(json!(n.sqrt().pow(2) == *n)),
        _ => None,
    };
    if plain.is_some() {
        return plain.map(Ok);
    }
    let known = [
        "divisor_count",
        "divisor_sum",
        "aliquot_sum",
        "euler_totient",
        "mobius",
        "distinct_prime_factors",
        "prime_factors_with_multiplicity",
        "radical",
        "squarefree_core",
        "is_squarefree",
        "is_powerful",
        "is_prime_power",
        "is_perfect",
        "is_abundant",
        "is_deficient",
    ];
    if !known.contains(&name) {
        return None;
    }
    let Some(f) = factors else { return Some(Err(())) };
    let product = |g: &dyn Fn(&BigInt, u32) -> BigInt| f.iter().map(|(p, e)| g(p, *e)).product::<BigInt>();
    let sigma = product(&|p, e| (p.pow(e + 1) - 1u32) / (p - 1u32));
    let omega = f.len();
    let big_omega: u64 = f.iter().map(|(_, e)| u64::from(*e)).sum();
    Some(Ok(match name {
        "divisor_count" => s(product(&|_, e| BigInt::from(e + 1))),
        "divisor_sum" => s(sigma),
        "aliquot_sum" => s(sigma - n),
        "euler_totient" => s(product(&|p, e| p.pow(e - 1) * (p - 1u32))),
        "mobius" => s(BigInt::from(if big_omega as usize != omega {
            0
        } else if omega % 2 == 0 {
            1
        } else {
            -1
        })),
        "distinct_prime_factors" => s(BigInt::from(omega)),
        "prime_factors_with_multiplicity" => s(BigInt::from(big_omega)),
        "radical" => s(product(&|p, _| p.clone())),
        "squarefree_core" => s(product(&|p, e| if e % 2 == 1 { p.clone() } else { BigInt::one() })),
        "is_squarefree" => json!(f.iter().all(|(_, e)| *e == 1)),
        "is_powerful" => json!(f.iter().all(|(_, e)| *e >= 2)),
        "is_prime_power" => json!(omega == 1),
        "is_perfect" => json!(sigma == n * 2u32),
        "is_abundant" => json!(sigma > n * 2u32),
        _ => json!(sigma < n * 2u32),
    }))
}

impl Checker for IntegerProperties {
    fn identity(&self) -> &CheckerIdentity {
        &ID
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[PROPERTIES_EVIDENCE]
    }

    fn check(&self, e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        if e.semantics != PROPERTIES_SEMANTICS || e.certificate_format != PROPERTIES_FORMAT {
            return Ok(reject("", "UNSUPPORTED_EVIDENCE", format!("expected {PROPERTIES_SEMANTICS}")));
        }
        let n = match e.claim["n"].as_str().and_then(|s| BigInt::from_str(s).ok().filter(|n| n.to_string() == s)) {
            Some(n) => n,
            None => return Ok(reject("/claim/n", "NOT_AN_INTEGER", "a canonical decimal integer string")),
        };
        let Some(claimed) = e.claim["properties"].as_object().filter(|m| !m.is_empty()) else {
            return Ok(reject("/claim/properties", "MALFORMED", "a non-empty object of properties"));
        };
        // The factorization, when given, is replayed as a certified factorization of n ≥ 1.
        let factors = match e.candidate["factors"].as_array() {
            None => None,
            Some(list) => {
                if !n.is_positive() {
                    return Ok(reject("/candidate/factors", "NOT_POSITIVE", "only n ≥ 1 has these factors"));
                }
                let sub = Evidence {
                    kind: FACTORIZATION_EVIDENCE.into(),
                    claim: json!({"n": n.to_string(), "factors": list}),
                    semantics: FACTORIZATION_SEMANTICS.into(),
                    candidate: json!({"certificates": e.candidate["certificates"]}),
                    scope: e.scope.clone(),
                    certificate_format: FACTORIZATION_FORMAT.into(),
                    artifacts: vec![],
                };
                match Factorization.check(&sub, cx)? {
                    Verdict::Accepted { .. } => {}
                    Verdict::Rejected { findings } => {
                        let why = findings.first().map(|f| f.message.clone()).unwrap_or_default();
                        return Ok(reject(
                            "/candidate",
                            "FACTORIZATION",
                            format!("the factorization does not replay: {why}"),
                        ));
                    }
                    inconclusive => return Ok(inconclusive),
                }
                // Accepted: primes are canonical strings and exponents 1 ≤ e < 2^32.
                let parsed: Vec<(BigInt, u32)> = list
                    .iter()
                    .filter_map(|f| {
                        let p = f["prime"].as_str().and_then(|s| BigInt::from_str(s).ok())?;
                        Some((p, u32::try_from(f["exponent"].as_u64()?).ok()?))
                    })
                    .collect();
                Some(parsed)
            }
        };
        for (name, value) in claimed {
            let path = format!("/claim/properties/{name}");
            match recompute(name, &n, factors.as_deref()) {
                None => return Ok(reject(path, "UNKNOWN_PROPERTY", format!("`{name}` is not a property of n"))),
                Some(Err(())) => {
                    return Ok(reject(path, "NO_FACTORIZATION", format!("`{name}` needs the certified factorization")));
                }
                Some(Ok(v)) if &v != value => {
                    return Ok(reject(path, "WRONG_VALUE", format!("`{name}` of n is {v}, not {value}")));
                }
                Some(Ok(_)) => {}
            }
        }
        Ok(Verdict::Accepted { summary: format!("{} properties of n recomputed", claimed.len()) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jacobian_runtime::Scope;

    fn cx() -> CheckContext {
        use jacobian_runtime::artifact::{ArtifactReader, MemoryArtifactStore};
        CheckContext {
            artifacts: ArtifactReader::new(std::sync::Arc::new(MemoryArtifactStore::new())),
            cancel: jacobian_runtime::CancellationToken::new(),
            deadline: std::time::Instant::now() + std::time::Duration::from_secs(60),
        }
    }

    fn check(claim: Value, candidate: Value) -> bool {
        let e = Evidence {
            kind: PROPERTIES_EVIDENCE.into(),
            claim,
            semantics: PROPERTIES_SEMANTICS.into(),
            candidate,
            scope: Scope::exact_input("test", jacobian_runtime::Digest::of_bytes(b"t")),
            certificate_format: PROPERTIES_FORMAT.into(),
            artifacts: vec![],
        };
        matches!(IntegerProperties.check(&e, &cx()).unwrap(), Verdict::Accepted { .. })
    }

    fn small() -> Value {
        json!({"format": "ECPP", "steps": []})
    }

    #[test]
    fn properties_replay_from_the_certified_factorization_and_mutations_are_rejected() {
        // 360 = 2^3 · 3^2 · 5.
        let factors =
            json!([{"prime": "2", "exponent": 3}, {"prime": "3", "exponent": 2}, {"prime": "5", "exponent": 1}]);
        let candidate = json!({"factors": factors, "certificates": [small(), small(), small()]});
        let good = json!({
            "divisor_count": "24", "divisor_sum": "1170", "aliquot_sum": "810", "euler_totient": "96", "mobius": "0",
            "distinct_prime_factors": "3", "prime_factors_with_multiplicity": "6", "radical": "30",
            "squarefree_core": "10", "is_squarefree": false, "is_powerful": false, "is_prime_power": false,
            "is_perfect": false, "is_abundant": true, "is_deficient": false, "sign": "1", "absolute_value": "360",
            "decimal_digit_count": "3", "decimal_digit_sum": "9", "is_even": true, "is_odd": false,
            "floor_square_root": "18", "is_square": false,
        });
        assert!(check(json!({"n": "360", "properties": good}), candidate.clone()));
        // 28 is perfect (σ(28) = 56); 72 = 2^3 · 3^2 is powerful.
        let c28 = json!({"factors": [{"prime": "2", "exponent": 2}, {"prime": "7", "exponent": 1}], "certificates": [small(), small()]});
        assert!(check(json!({"n": "28", "properties": {"is_perfect": true, "mobius": "0"}}), c28.clone()));
        let c72 = json!({"factors": [{"prime": "2", "exponent": 3}, {"prime": "3", "exponent": 2}], "certificates": [small(), small()]});
        assert!(check(json!({"n": "72", "properties": {"is_powerful": true}}), c72.clone()));
        // Digit properties need no factorization, also for n ≤ 0.
        assert!(check(json!({"n": "-1234", "properties": {"sign": "-1", "decimal_digit_sum": "10"}}), json!({})));
        assert!(check(
            json!({"n": "1", "properties": {"divisor_count": "1", "is_squarefree": true}}),
            json!({"factors": [], "certificates": []})
        ));
        // Mutations: each value changed, a wrong factorization, a missing one, an unknown name.
        for (name, value) in good.as_object().unwrap() {
            let wrong = match value {
                Value::Bool(b) => json!(!b),
                Value::String(s) => json!((s.parse::<i64>().unwrap() + 1).to_string()),
                _ => unreachable!(),
            };
            let mut props = good.clone();
            props[name] = wrong;
            assert!(!check(json!({"n": "360", "properties": props}), candidate.clone()), "{name}");
        }
        assert!(!check(json!({"n": "72", "properties": {"is_powerful": false}}), c72.clone()));
        assert!(!check(json!({"n": "360", "properties": {"euler_totient": "96"}}), c72));
        assert!(!check(json!({"n": "360", "properties": {"euler_totient": "96"}}), json!({})));
        assert!(!check(json!({"n": "360", "properties": {"zeta": "1"}}), candidate.clone()));
        assert!(!check(json!({"n": "360", "properties": {}}), candidate.clone()));
        assert!(!check(json!({"n": "0360", "properties": {"sign": "1"}}), json!({})));
        assert!(!check(json!({"n": "-360", "properties": {"sign": "-1"}}), candidate));
        assert!(!check(
            json!({"n": "28", "properties": {"is_perfect": true}}),
            json!({"factors": [{"prime": "4", "exponent": 1}, {"prime": "7", "exponent": 1}], "certificates": [small(), small()]})
        ));
    }
}
