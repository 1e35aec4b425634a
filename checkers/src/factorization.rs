//! Replay of integer factorizations (every prime certified) and of compositeness witnesses.
//!
//! # Factorization (`integer.factorization/v1`)
//!
//! Claim `{"n": N, "factors": [{"prime": p, "exponent": e}, …]}`: N = ±∏ pᵢ^eᵢ with every pᵢ
//! prime. Candidate `{"certificates": [C₁, …]}`, one ECPP primality certificate per prime in
//! the claim's order, each replayed by [`crate::primality`]. Accepted when the primes strictly
//! increase, every exponent is at least 1, the product of the prime powers is |N| (N ≠ 0), and
//! every certificate proves its prime. So the factorization is the unique one.
//!
//! # Compositeness (`integer.compositeness/v1`)
//!
//! Claim `{"n": N}`: N is not a prime number. Candidate `{"witness": W}` with `W.kind` one of
//! `BELOW_TWO` (N < 2), `DIVISOR` (`divisor` d with 1 < d < N and d | N) or `MILLER_RABIN`
//! (`base` a with 2 ≤ a ≤ N − 2 to which odd N > 3 is not a strong probable prime: every odd
//! prime is one to every such base, so N is composite).

use std::str::FromStr;
use std::sync::LazyLock;

use jacobian_runtime::{CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Finding, Scope, Verdict};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use serde_json::{Value, json};

use crate::primality::{ECPP_FORMAT, PRIMALITY_EVIDENCE, PRIMALITY_SEMANTICS, PrimalityCertificate};

/// Evidence kind of a certified factorization.
pub const FACTORIZATION_EVIDENCE: &str = "integer.factorization/v1";
/// Semantics of a certified factorization.
pub const FACTORIZATION_SEMANTICS: &str = "urn:jacobian:semantics:integer-factorization:v1";
/// Certificate format of a certified factorization.
pub const FACTORIZATION_FORMAT: &str = "PRIME_POWERS_WITH_ECPP_V1";
/// Evidence kind of a compositeness witness.
pub const COMPOSITENESS_EVIDENCE: &str = "integer.compositeness/v1";
const COMPOSITENESS_SEMANTICS: &str = "urn:jacobian:semantics:integer-not-prime:v1";
const WITNESS_FORMAT: &str = "COMPOSITENESS_WITNESS_V1";
/// Most prime powers in a factorization replayed.
pub const MAX_FACTORS: usize = 2_000;

static FACTORIZATION_ID: LazyLock<CheckerIdentity> = LazyLock::new(|| {
    CheckerIdentity::from_source("jacobian.check.factorization", "1.0.0", include_str!("factorization.rs"))
});
static COMPOSITENESS_ID: LazyLock<CheckerIdentity> = LazyLock::new(|| {
    CheckerIdentity::from_source("jacobian.check.compositeness_witness", "1.0.0", include_str!("factorization.rs"))
});

fn integer(v: &Value, path: &str) -> Result<BigInt, Finding> {
    v.as_str()
        .filter(|s| !s.is_empty() && s.len() <= crate::primality::MAX_DIGITS + 1)
        .and_then(|s| BigInt::from_str(s).ok())
        .filter(|n| v.as_str() == Some(n.to_string().as_str()))
        .ok_or_else(|| Finding::at(path, "NOT_AN_INTEGER", "expected a canonical decimal integer string"))
}

fn reject(finding: Finding) -> Verdict {
    Verdict::Rejected { findings: vec![finding] }
}

/// Checks factorizations whose primes carry primality certificates.
pub struct Factorization;

impl Checker for Factorization {
    fn identity(&self) -> &CheckerIdentity {
        &FACTORIZATION_ID
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[FACTORIZATION_EVIDENCE]
    }

    fn check(&self, e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        if e.semantics != FACTORIZATION_SEMANTICS || e.certificate_format != FACTORIZATION_FORMAT {
            return Ok(reject(Finding::new(
                "UNSUPPORTED_EVIDENCE",
                format!("expected {FACTORIZATION_SEMANTICS} with {FACTORIZATION_FORMAT}"),
            )));
        }
        let n = match integer(&e.claim["n"], "/claim/n") {
            Ok(n) if !n.is_zero() => n,
            Ok(_) => return Ok(reject(Finding::at("/claim/n", "ZERO", "0 has no factorization"))),
            Err(f) => return Ok(reject(f)),
        };
        let (Some(factors), Some(certificates)) =
            (e.claim["factors"].as_array(), e.candidate["certificates"].as_array())
        else {
            return Ok(reject(Finding::new("MALFORMED", "claim.factors and candidate.certificates are lists")));
        };
        if factors.len() != certificates.len() {
            return Ok(reject(Finding::at("/candidate/certificates", "COUNT", "one certificate per prime")));
        }
        if factors.len() > MAX_FACTORS {
            return Ok(Verdict::Inconclusive { reason: format!("more than {MAX_FACTORS} prime powers") });
        }
        let mut product = BigInt::one();
        let mut previous = BigInt::one();
        for (i, f) in factors.iter().enumerate() {
            let path = format!("/claim/factors/{i}");
            let p = match integer(&f["prime"], &format!("{path}/prime")) {
                Ok(p) => p,
                Err(finding) => return Ok(reject(finding)),
            };
            let Some(exponent) = f["exponent"].as_u64().filter(|&e| (1..=u64::from(u32::MAX)).contains(&e)) else {
                return Ok(reject(Finding::at(format!("{path}/exponent"), "BAD_EXPONENT", "an integer ≥ 1")));
            };
            if p <= previous {
                return Ok(reject(Finding::at(format!("{path}/prime"), "NOT_INCREASING", "primes strictly increase")));
            }
            product *= num_traits::pow(p.clone(), exponent as usize);
            if product.bits() > n.bits() + 1 {
                return Ok(reject(Finding::at(path, "PRODUCT", "the prime powers exceed |n|")));
            }
            previous = p.clone();
            let sub = Evidence {
                kind: PRIMALITY_EVIDENCE.into(),
                claim: json!({"n": p.to_string()}),
                semantics: PRIMALITY_SEMANTICS.into(),
                candidate: json!({"certificate": certificates[i]}),
                scope: Scope::exact_input("one prime of a factorization", jacobian_runtime::Digest::of_bytes(b"")),
                certificate_format: ECPP_FORMAT.into(),
                artifacts: vec![],
            };
            match PrimalityCertificate.check(&sub, cx)? {
                Verdict::Accepted { .. } => {}
                Verdict::Rejected { findings } => {
                    let why = findings.first().map(|f| f.message.clone()).unwrap_or_default();
                    return Ok(reject(Finding::at(
                        format!("/candidate/certificates/{i}"),
                        "NOT_PROVEN_PRIME",
                        format!("the certificate of {p} does not replay: {why}"),
                    )));
                }
                inconclusive => return Ok(inconclusive),
            }
        }
        if product != n.abs() {
            return Ok(reject(Finding::at("/claim/factors", "PRODUCT", "the prime powers do not multiply to |n|")));
        }
        Ok(Verdict::Accepted { summary: format!("{} certified prime powers multiply to |n|", factors.len()) })
    }
}

/// Checks that an integer is not prime by a witness.
pub struct CompositenessWitness;

fn strong_probable_prime(n: &BigInt, a: &BigInt) -> bool {
    let n1 = n - 1u32;
    let s = n1.trailing_zeros().unwrap_or(0);
    let d = &n1 >> s;
    let mut x = a.modpow(&d, n);
    if x.is_one() || x == n1 {
        return true;
    }
    for _ in 1..s {
        x = (&x * &x) % n;
        if x == n1 {
            return true;
        }
    }
    false
}

impl Checker for CompositenessWitness {
    fn identity(&self) -> &CheckerIdentity {
        &COMPOSITENESS_ID
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[COMPOSITENESS_EVIDENCE]
    }

    fn check(&self, e: &Evidence, _cx: &CheckContext) -> Result<Verdict, CheckError> {
        if e.semantics != COMPOSITENESS_SEMANTICS || e.certificate_format != WITNESS_FORMAT {
            return Ok(reject(Finding::new(
                "UNSUPPORTED_EVIDENCE",
                format!("expected {COMPOSITENESS_SEMANTICS} with {WITNESS_FORMAT}"),
            )));
        }
        let n = match integer(&e.claim["n"], "/claim/n") {
            Ok(n) => n,
            Err(f) => return Ok(reject(f)),
        };
        let w = &e.candidate["witness"];
        let two = BigInt::from(2u32);
        let accepted = match w["kind"].as_str() {
            Some("BELOW_TWO") => n < two,
            Some("DIVISOR") => match integer(&w["divisor"], "/candidate/witness/divisor") {
                Ok(d) => d > BigInt::one() && d < n && n.is_multiple_of(&d),
                Err(f) => return Ok(reject(f)),
            },
            Some("MILLER_RABIN") => match integer(&w["base"], "/candidate/witness/base") {
                Ok(a) => {
                    n > BigInt::from(3u32) && n.is_odd() && a >= two && a <= &n - 2u32 && !strong_probable_prime(&n, &a)
                }
                Err(f) => return Ok(reject(f)),
            },
            _ => {
                return Ok(reject(Finding::at(
                    "/candidate/witness/kind",
                    "UNKNOWN_WITNESS",
                    "BELOW_TWO, DIVISOR or MILLER_RABIN",
                )));
            }
        };
        Ok(if accepted {
            Verdict::Accepted {
                summary: format!("the {} witness shows n is not prime", w["kind"].as_str().unwrap_or("")),
            }
        } else {
            reject(Finding::at("/candidate/witness", "NOT_A_WITNESS", "the witness does not show n composite"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cx() -> CheckContext {
        use jacobian_runtime::artifact::{ArtifactReader, MemoryArtifactStore};
        CheckContext {
            artifacts: ArtifactReader::new(std::sync::Arc::new(MemoryArtifactStore::new())),
            cancel: jacobian_runtime::CancellationToken::new(),
            deadline: std::time::Instant::now() + std::time::Duration::from_secs(60),
        }
    }

    fn evidence(kind: &str, semantics: &str, format: &str, claim: Value, candidate: Value) -> Evidence {
        Evidence {
            kind: kind.into(),
            claim,
            semantics: semantics.into(),
            candidate,
            scope: Scope::exact_input("test", jacobian_runtime::Digest::of_bytes(b"t")),
            certificate_format: format.into(),
            artifacts: vec![],
        }
    }

    fn witness(n: &str, w: Value) -> Verdict {
        let e = evidence(
            COMPOSITENESS_EVIDENCE,
            COMPOSITENESS_SEMANTICS,
            WITNESS_FORMAT,
            json!({"n": n}),
            json!({"witness": w}),
        );
        CompositenessWitness.check(&e, &cx()).unwrap()
    }

    fn accepted(v: &Verdict) -> bool {
        matches!(v, Verdict::Accepted { .. })
    }

    #[test]
    fn compositeness_witnesses_are_replayed_and_forgeries_rejected() {
        assert!(accepted(&witness("1", json!({"kind": "BELOW_TWO"}))));
        assert!(accepted(&witness("-7", json!({"kind": "BELOW_TWO"}))));
        assert!(accepted(&witness("91", json!({"kind": "DIVISOR", "divisor": "7"}))));
        // 29341 = 13·37·61 is a Carmichael number and a strong pseudoprime to base 2; 3 is a
        // Miller–Rabin witness for it, 2 is not.
        assert!(accepted(&witness("29341", json!({"kind": "MILLER_RABIN", "base": "3"}))));
        for (n, w) in [
            ("2", json!({"kind": "BELOW_TWO"})),
            ("97", json!({"kind": "DIVISOR", "divisor": "97"})),
            ("97", json!({"kind": "DIVISOR", "divisor": "1"})),
            ("91", json!({"kind": "DIVISOR", "divisor": "6"})),
            ("97", json!({"kind": "MILLER_RABIN", "base": "2"})),
            ("29341", json!({"kind": "MILLER_RABIN", "base": "2"})),
            ("29341", json!({"kind": "MILLER_RABIN", "base": "1"})),
            ("29341", json!({"kind": "MILLER_RABIN", "base": "29340"})),
            ("29341", json!({"kind": "MILLER_RABIN", "base": "02"})),
            ("91", json!({"kind": "DIVISOR", "divisor": 7})),
            ("91", json!({"kind": "GUESS"})),
        ] {
            assert!(!accepted(&witness(n, w.clone())), "{n} {w}");
        }
        // Brute force: for every n < 2000, some witness is accepted exactly when n is not prime.
        for n in 0u32..2000 {
            let prime = n >= 2 && (2..n).take_while(|d| d * d <= n).all(|d| n % d != 0);
            let s = n.to_string();
            let any = accepted(&witness(&s, json!({"kind": "BELOW_TWO"})))
                || (2..n).any(|d| accepted(&witness(&s, json!({"kind": "DIVISOR", "divisor": d.to_string()}))));
            assert_eq!(any, !prime, "{n}");
            if prime {
                for a in 2..n.saturating_sub(1).min(50) {
                    assert!(!accepted(&witness(&s, json!({"kind": "MILLER_RABIN", "base": a.to_string()}))));
                }
            }
        }
    }

    fn factorization(n: &str, factors: Value, certificates: Value) -> Verdict {
        let e = evidence(
            FACTORIZATION_EVIDENCE,
            FACTORIZATION_SEMANTICS,
            FACTORIZATION_FORMAT,
            json!({"n": n, "factors": factors}),
            json!({"certificates": certificates}),
        );
        Factorization.check(&e, &cx()).unwrap()
    }

    fn small() -> Value {
        json!({"format": "ECPP", "steps": []})
    }

    #[test]
    fn factorizations_replay_and_every_mutation_is_rejected() {
        let f = json!([{"prime": "2", "exponent": 3}, {"prime": "3", "exponent": 2}, {"prime": "5", "exponent": 1}]);
        let c = json!([small(), small(), small()]);
        assert!(accepted(&factorization("-360", f.clone(), c.clone())));
        assert!(accepted(&factorization("360", f.clone(), c.clone())));
        assert!(accepted(&factorization("1", json!([]), json!([]))));
        let mutants = [
            ("361", f.clone(), c.clone()),
            ("0", f.clone(), c.clone()),
            ("360", json!([{"prime": "2", "exponent": 3}, {"prime": "3", "exponent": 2}]), json!([small(), small()])),
            (
                "360",
                json!([{"prime": "3", "exponent": 2}, {"prime": "2", "exponent": 3}, {"prime": "5", "exponent": 1}]),
                c.clone(),
            ),
            (
                "360",
                json!([{"prime": "4", "exponent": 1}, {"prime": "9", "exponent": 1}, {"prime": "10", "exponent": 1}]),
                c.clone(),
            ),
            (
                "360",
                json!([{"prime": "2", "exponent": 0}, {"prime": "3", "exponent": 2}, {"prime": "5", "exponent": 1}]),
                c.clone(),
            ),
            (
                "360",
                json!([{"prime": "2", "exponent": 3}, {"prime": "3", "exponent": 2}, {"prime": "5", "exponent": 1}, {"prime": "7", "exponent": 1}]),
                json!([small(), small(), small(), small()]),
            ),
            ("360", f.clone(), json!([small(), small()])),
            ("360", json!([{"prime": "2", "exponent": 3}, {"prime": "45", "exponent": 1}]), json!([small(), small()])),
        ];
        for (n, factors, certs) in mutants {
            assert!(!accepted(&factorization(n, factors.clone(), certs)), "{n} {factors}");
        }
    }
}
