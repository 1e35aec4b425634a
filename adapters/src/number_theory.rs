//! Integer factorization and primality on PARI/GP, with certificates that `checkers/` replays
//! without PARI.
//!
//! PARI runs with `factor_proven` set, so every factor it returns is a proven prime (not a
//! BPSW probable prime), and `isprime` is a proof (BPSW, then APRCL or ECPP). In VERIFY mode
//! the primes come with `primecert` certificates (an N−1 certificate for small primes, ECPP
//! otherwise) and a composite with a Miller–Rabin witness, checked by
//! `jacobian.check.primality_certificate`.

pub mod affine_forms;
pub mod congruence;
pub mod diophantine;
pub mod dirichlet;
pub mod divisors;
pub mod elliptic;
pub mod finite_field;
pub mod functions;
pub mod graphs;
pub mod integers;
pub mod modular;
pub mod number_field;
pub mod preimages;
pub mod primes;
pub mod properties;
pub mod quadratic_form;
pub mod rationals;
pub mod real;
pub mod residues;
pub mod semigroup;
pub mod statistics;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext, Refusal, RunBudget};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{AssuranceLevel, Diagnostic, Mode};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::{Describe, Operation};
use jacobian_runtime::{Digest, Evidence, Scope};
use num_bigint::BigInt;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::cas;
use crate::integer::big;

const PARI: BackendKind = BackendKind::Pari;

/// Every prime up to `n`, increasing, by the sieve of Eratosthenes.
pub(crate) fn primes_up_to(n: u64) -> Vec<u64> {
    let n = n as usize;
    let mut composite = vec![false; n + 1];
    let mut out = vec![];
    for p in 2..=n {
        if !composite[p] {
            out.push(p as u64);
            (p * p..=n).step_by(p).for_each(|m| composite[m] = true);
        }
    }
    out
}

/// Most digits `integer.factor` accepts: beyond, general factoring is out of reach, while
/// numbers with small factors are still answered before the deadline.
pub const FACTOR_MAX_DIGITS: usize = 400;
/// Most digits `integer.decide.prime` accepts (ECPP certificates of a few thousand digits
/// take hours).
pub const PRIME_MAX_DIGITS: usize = 3000;

/// Input of both capabilities.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IntegerInput {
    /// The integer (a JSON integer, or a decimal string of any size).
    pub n: DecimalInteger,
}

/// One prime power of a factorization.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PrimePower {
    /// The prime.
    pub prime: DecimalInteger,
    /// Its exponent (≥ 1).
    pub exponent: u32,
}

/// Output of `integer.factor`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FactorOutput {
    /// The integer factored.
    pub n: DecimalInteger,
    /// −1 or 1.
    pub sign: i8,
    /// Its prime factorization of |n|, primes increasing (empty for ±1).
    pub factors: Vec<PrimePower>,
}

fn abs(n: &DecimalInteger) -> DecimalInteger {
    DecimalInteger::parse(n.as_str().trim_start_matches('-')).unwrap_or_else(|_| DecimalInteger::from(0))
}

/// `integer.factor`.
pub struct Factor;

impl Operation for Factor {
    type Input = IntegerInput;
    type Output = FactorOutput;
    type Prepared = DecimalInteger;

    fn describe(&self) -> Describe {
        Describe {
            modes: &[Mode::Explore, Mode::Verify],
            assurance_ceiling: AssuranceLevel::Verified,
            scope_rule: "Exactly the given integer.",
            evidence_kinds: &[FACTORIZATION_EVIDENCE],
            relationships: &[("related", "integer.decide.prime")],
            ..cas::describe(
                "integer.factor",
                "Prime factorization of an integer or a large number",
                "The complete factorization of a nonzero integer into proven primes, with certificates on request.",
                "Factors a nonzero integer of up to 400 digits into prime powers with PARI/GP (trial division, \
                          rho, ECM, MPQS), every factor proven prime. In VERIFY mode each prime comes with a primality \
                          certificate and the product is replayed by an independent checker. A hard semiprime may not \
                          finish before the deadline: the run then times out, it never guesses.",
                &["integer", "number-theory", "factorization", "factor", "primes", "divisors", "pari"],
            )
        }
    }

    cas::on_backend!(PARI);

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("factor a 20-digit integer", Mode::Explore, json!({"n": "18446744073709551617"})),
            ("a factorization with checked prime certificates", Mode::Verify, json!({"n": -360})),
        ]
    }

    fn prepare(&self, input: IntegerInput, _cx: &PrepareContext) -> Result<DecimalInteger, Vec<Diagnostic>> {
        if input.n.as_str() == "0" {
            return Err(vec![Diagnostic::at("/n", "ZERO", "0 has no prime factorization")]);
        }
        Ok(input.n)
    }

    fn preflight(&self, n: &DecimalInteger, _budget: &RunBudget) -> Result<(), Refusal> {
        cas::digit_bound(n, FACTOR_MAX_DIGITS, "/n")
    }

    fn run(&self, n: DecimalInteger, ctx: &AdapterContext) -> Result<Outcome<FactorOutput>, AdapterError> {
        let m = abs(&n);
        let verify = ctx.mode == Mode::Verify;
        let program =
            Program::new(PARI).code("my(f=factor(").int(&m).code("));for(i=1,#f~,print(f[i,1],\" \",f[i,2]))");
        let reply = if m.as_str() == "1" { vec![] } else { ctx.backend(&program)?.lines };
        let mut factors = Vec::with_capacity(reply.len());
        let mut product = BigInt::from(1);
        for line in &reply {
            let Ok([p, e]) = <[DecimalInteger; 2]>::try_from(cas::integers(PARI, line)?) else {
                return Err(AdapterError::Backend(format!("PARI/GP printed `{line}` for a prime power")));
            };
            let exponent = e.to_i64().and_then(|e| u32::try_from(e).ok()).filter(|&e| e >= 1);
            let Some(exponent) = exponent else {
                return Err(AdapterError::Backend(format!("bad exponent in `{line}`")));
            };
            product *= num_traits::Pow::pow(big(&p), exponent);
            factors.push(PrimePower { prime: p, exponent });
        }
        // The backend's answer is checked against the input before anything is returned.
        if product != big(&m) {
            return Err(AdapterError::Backend("PARI/GP's factors do not multiply to the input".into()));
        }
        let sign = if n.as_str().starts_with('-') { -1 } else { 1 };
        let canonical = json!({"n": n});
        let scope = Scope::exact_input("the factorization of exactly the given integer", Digest::of_value(&canonical));
        let output = FactorOutput { n, sign, factors };
        if !verify {
            return Ok(Outcome::computed(output, scope));
        }
        let mut certificates = Vec::with_capacity(output.factors.len());
        for f in &output.factors {
            ctx.checkpoint()?;
            certificates.push(prime_certificate(&f.prime, ctx)?);
        }
        let evidence = Evidence {
            kind: FACTORIZATION_EVIDENCE.into(),
            claim: json!({"n": output.n, "factors": output.factors}),
            semantics: FACTORIZATION_SEMANTICS.into(),
            candidate: json!({"certificates": certificates}),
            scope: scope.clone(),
            certificate_format: FACTORIZATION_FORMAT.into(),
            artifacts: vec![],
        };
        Ok(Outcome::computed(output, scope).evidence(evidence))
    }
}

/// Evidence kind of a factorization with a primality certificate per prime.
pub const FACTORIZATION_EVIDENCE: &str = "integer.factorization/v1";
/// Semantics: n = sign · ∏ pᵢ^eᵢ with every pᵢ prime.
pub const FACTORIZATION_SEMANTICS: &str = "urn:jacobian:semantics:integer-factorization:v1";
/// Certificate format: one ECPP primality certificate per prime, in order.
pub const FACTORIZATION_FORMAT: &str = "PRIME_POWERS_WITH_ECPP_V1";

/// Asks PARI for a primality certificate of `p` (a proven prime) in the checker's format.
pub(crate) fn prime_certificate(p: &DecimalInteger, ctx: &AdapterContext) -> Result<Value, AdapterError> {
    let program = Program::new(PARI).code("print(primecert(").int(p).code("))");
    let reply = ctx.backend(&program)?;
    let text = reply.single(PARI)?;
    crate::primecert::from_pari(p, text)
        .map_err(|e| AdapterError::Backend(format!("PARI/GP printed a certificate that does not read: {e}")))
}

/// Output of `integer.decide.prime`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PrimeOutput {
    /// The integer tested.
    pub n: DecimalInteger,
    /// Whether it is prime (negative numbers, 0 and 1 are not).
    pub prime: bool,
}

/// `integer.decide.prime`.
pub struct IsPrime;

impl Operation for IsPrime {
    type Input = IntegerInput;
    type Output = PrimeOutput;
    type Prepared = DecimalInteger;

    fn describe(&self) -> Describe {
        Describe {
            modes: &[Mode::Explore, Mode::Verify],
            assurance_ceiling: AssuranceLevel::Verified,
            scope_rule: "Exactly the given integer.",
            evidence_kinds: &[crate::primecert::PRIMALITY_EVIDENCE, crate::primecert::COMPOSITENESS_EVIDENCE],
            relationships: &[("related", "integer.factor")],
            ..cas::describe(
                "integer.decide.prime",
                "Is a number prime?",
                "Whether a number is prime (is n prime?), proven: a primality proof with a certificate, or a \
                 compositeness witness, on request.",
                "Decides primality of an integer of up to 3000 digits with PARI/GP's proving test (BPSW, then \
                          APRCL or ECPP): the answer is a proof, not a probable-prime test. In VERIFY mode a prime comes \
                          with a certificate (N−1 / Pratt for small numbers, ECPP from primecert otherwise) and a composite \
                          with a Miller–Rabin witness, each replayed by an independent checker with its own big-integer \
                          and elliptic-curve arithmetic.",
                &["integer", "number-theory", "prime", "primality", "certificate", "ecpp", "pratt", "pari"],
            )
        }
    }

    cas::on_backend!(PARI);

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("is a Mersenne number prime", Mode::Explore, json!({"n": "170141183460469231731687303715884105727"})),
            ("prove that 10^20 + 39 is prime", Mode::Verify, json!({"n": "100000000000000000039"})),
        ]
    }

    fn prepare(&self, input: IntegerInput, _cx: &PrepareContext) -> Result<DecimalInteger, Vec<Diagnostic>> {
        Ok(input.n)
    }

    fn preflight(&self, n: &DecimalInteger, _budget: &RunBudget) -> Result<(), Refusal> {
        cas::digit_bound(n, PRIME_MAX_DIGITS, "/n")
    }

    fn run(&self, n: DecimalInteger, ctx: &AdapterContext) -> Result<Outcome<PrimeOutput>, AdapterError> {
        // In VERIFY mode the certificate is the proof, so BPSW only decides which evidence to seek
        // (it never calls a prime composite): proving twice would double the cost.
        let test = if ctx.mode == Mode::Verify { "print(ispseudoprime(" } else { "print(isprime(" };
        let program = Program::new(PARI).code(test).int(&n).code("))");
        let prime = match ctx.backend(&program)?.single(PARI)? {
            "1" => true,
            "0" => false,
            other => return Err(AdapterError::Backend(format!("PARI/GP printed `{other}` for isprime"))),
        };
        let canonical = json!({"n": n});
        let scope = Scope::exact_input("primality of exactly the given integer", Digest::of_value(&canonical));
        if ctx.mode != Mode::Verify {
            return Ok(Outcome::computed(PrimeOutput { n, prime }, scope));
        }
        use crate::primecert::{
            COMPOSITENESS_EVIDENCE, COMPOSITENESS_SEMANTICS, ECPP_FORMAT, PRIMALITY_EVIDENCE, PRIMALITY_SEMANTICS,
            WITNESS_FORMAT,
        };
        let (kind, semantics, format, candidate) = if prime {
            (PRIMALITY_EVIDENCE, PRIMALITY_SEMANTICS, ECPP_FORMAT, json!({"certificate": prime_certificate(&n, ctx)?}))
        } else {
            match crate::primecert::compositeness_witness(&big(&n)) {
                Some(witness) => {
                    (COMPOSITENESS_EVIDENCE, COMPOSITENESS_SEMANTICS, WITNESS_FORMAT, json!({"witness": witness}))
                }
                None => {
                    // A strong pseudoprime to every base tried: the answer rests on PARI's proof.
                    return Ok(Outcome::computed(PrimeOutput { n, prime }, scope).obligation(
                        "COMPOSITENESS_WITNESS",
                        "no Miller–Rabin witness below the search bound; the answer rests on PARI/GP",
                        Some(COMPOSITENESS_EVIDENCE),
                    ));
                }
            }
        };
        let evidence = Evidence {
            kind: kind.into(),
            claim: json!({"n": n}),
            semantics: semantics.into(),
            candidate,
            scope: scope.clone(),
            certificate_format: format.into(),
            artifacts: vec![],
        };
        Ok(Outcome::computed(PrimeOutput { n, prime }, scope).evidence(evidence))
    }
}
