//! `integer.compute.properties`: arithmetic functions and predicates of one integer, selected by
//! name, the way `graph.compute.properties` selects graph invariants.
//!
//! What depends only on the decimal digits (sign, digits, parity, square root, squares) is
//! computed here with num-bigint; what depends on the factorization is computed from one
//! factorization of n: natively below 2^64 (trial division, Pollard–Brent rho, deterministic
//! Miller–Rabin, on the capability's own task), by PARI/GP in one program above. In VERIFY mode
//! the factorization comes out too, with a primality certificate per prime, and
//! `jacobian.check.integer_properties` recomputes every value from it.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, Placement, PrepareContext, Refusal, RunBudget};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{AssuranceLevel, Diagnostic, Mode};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::{Describe, Operation};
use jacobian_runtime::{Digest, Evidence, Scope};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::Signed;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::cas;

const PARI: BackendKind = BackendKind::Pari;

/// Evidence kind of certified integer properties.
pub const PROPERTIES_EVIDENCE: &str = "integer.properties/v1";
const PROPERTIES_SEMANTICS: &str = "urn:jacobian:semantics:integer-properties:v1";
const PROPERTIES_FORMAT: &str = "CERTIFIED_FACTORIZATION_V1";

/// Most digits when a requested property needs the factorization.
pub const FACTORED_MAX_DIGITS: usize = 80;

/// An arithmetic function or predicate of n.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Property {
    /// −1, 0 or 1.
    Sign,
    /// |n|.
    AbsoluteValue,
    /// Decimal digits of |n| (1 for 0).
    DecimalDigitCount,
    /// Sum of the decimal digits of |n|.
    DecimalDigitSum,
    /// n is even.
    IsEven,
    /// n is odd.
    IsOdd,
    /// ⌊√n⌋ (n ≥ 0).
    FloorSquareRoot,
    /// n is a perfect square (n ≥ 0).
    IsSquare,
    /// τ(n), the number of positive divisors (n ≥ 1).
    DivisorCount,
    /// σ(n), the sum of the positive divisors (n ≥ 1).
    DivisorSum,
    /// σ(n) − n, the sum of the proper divisors (n ≥ 1).
    AliquotSum,
    /// φ(n), Euler's totient (n ≥ 1).
    EulerTotient,
    /// μ(n), the Möbius function (n ≥ 1).
    Mobius,
    /// ω(n), distinct prime factors (n ≥ 1).
    DistinctPrimeFactors,
    /// Ω(n), prime factors with multiplicity (n ≥ 1).
    PrimeFactorsWithMultiplicity,
    /// rad(n), the product of the distinct primes dividing n (n ≥ 1).
    Radical,
    /// The squarefree part: the least m with n/m a square (n ≥ 1).
    SquarefreeCore,
    /// n is squarefree (n ≥ 1).
    IsSquarefree,
    /// Every prime dividing n divides it at least twice (n ≥ 1).
    IsPowerful,
    /// n is a prime power p^k, k ≥ 1 (n ≥ 1).
    IsPrimePower,
    /// σ(n) = 2n (n ≥ 1).
    IsPerfect,
    /// σ(n) > 2n (n ≥ 1).
    IsAbundant,
    /// σ(n) < 2n (n ≥ 1).
    IsDeficient,
}

impl Property {
    /// The GP statement printing this property of `a` with factorization `f`, or `None` when
    /// it is computed here.
    fn gp(self) -> Option<&'static str> {
        Some(match self {
            Property::DivisorCount => "print(\"divisor_count \",numdiv(f));",
            Property::DivisorSum => "print(\"divisor_sum \",sigma(f));",
            Property::AliquotSum => "print(\"aliquot_sum \",sigma(f)-a);",
            Property::EulerTotient => "print(\"euler_totient \",eulerphi(f));",
            Property::Mobius => "print(\"mobius \",moebius(f));",
            Property::DistinctPrimeFactors => "print(\"distinct_prime_factors \",omega(f));",
            Property::PrimeFactorsWithMultiplicity => "print(\"prime_factors_with_multiplicity \",bigomega(f));",
            Property::Radical => "print(\"radical \",factorback(f[,1]));",
            Property::SquarefreeCore => "print(\"squarefree_core \",core(f));",
            Property::IsSquarefree => "print(\"is_squarefree \",issquarefree(f));",
            Property::IsPowerful => "print(\"is_powerful \",ispowerful(f));",
            Property::IsPrimePower => "print(\"is_prime_power \",isprimepower(a)>0);",
            Property::IsPerfect => "print(\"is_perfect \",sigma(f)==2*a);",
            Property::IsAbundant => "print(\"is_abundant \",sigma(f)>2*a);",
            Property::IsDeficient => "print(\"is_deficient \",sigma(f)<2*a);",
            _ => return None,
        })
    }

    fn name(self) -> String {
        serde_json::to_value(self).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default()
    }

    fn is_predicate(self) -> bool {
        self.name().starts_with("is_")
    }

    fn needs_nonnegative(self) -> bool {
        matches!(self, Property::FloorSquareRoot | Property::IsSquare)
    }

    const ALL: [Property; 23] = [
        Property::Sign,
        Property::AbsoluteValue,
        Property::DecimalDigitCount,
        Property::DecimalDigitSum,
        Property::IsEven,
        Property::IsOdd,
        Property::FloorSquareRoot,
        Property::IsSquare,
        Property::DivisorCount,
        Property::DivisorSum,
        Property::AliquotSum,
        Property::EulerTotient,
        Property::Mobius,
        Property::DistinctPrimeFactors,
        Property::PrimeFactorsWithMultiplicity,
        Property::Radical,
        Property::SquarefreeCore,
        Property::IsSquarefree,
        Property::IsPowerful,
        Property::IsPrimePower,
        Property::IsPerfect,
        Property::IsAbundant,
        Property::IsDeficient,
    ];
}

/// Input of `integer.compute.properties`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PropertiesInput {
    /// The integer (a JSON integer, or a decimal string).
    pub n: DecimalInteger,
    /// The properties wanted; absent: every property defined for n.
    #[serde(default)]
    pub properties: Option<Vec<Property>>,
}

/// Output of `integer.compute.properties`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PropertiesOutput {
    /// The integer.
    pub n: DecimalInteger,
    /// Each requested property: a decimal string, or a boolean for the `is_` predicates.
    pub properties: Map<String, Value>,
}

/// The validated request.
pub struct Prepared {
    n: DecimalInteger,
    wanted: Vec<Property>,
}

/// `integer.compute.properties`.
pub struct IntegerProperties;

impl Operation for IntegerProperties {
    type Input = PropertiesInput;
    type Output = PropertiesOutput;
    type Prepared = Prepared;

    fn describe(&self) -> Describe {
        Describe {
            modes: &[Mode::Explore, Mode::Verify],
            assurance_ceiling: AssuranceLevel::Verified,
            evidence_kinds: &[PROPERTIES_EVIDENCE],
            scope_rule: "Exactly the given integer and the listed properties.",
            relationships: &[("related", "integer.factor")],
            ..cas::describe(
                "integer.compute.properties",
                "Arithmetic functions and predicates of an integer",
                "Arithmetic functions of an integer: Euler totient φ(n), divisors τ(n) and σ(n), Möbius μ(n), ω, Ω, radical; squarefree, square, perfect, abundant.",
                "Computes, in one call, any of 23 arithmetic functions and predicates of n: sign, absolute value, \
                          decimal digit count and sum, parity, floor square root, squareness (any size, exact), and, for \
                          n ≥ 1 of up to 80 digits, divisor count and sum, aliquot sum, Euler's totient, Möbius, the \
                          number of prime factors with and without multiplicity, radical, squarefree core, and whether n \
                          is squarefree, powerful, a prime power, perfect, abundant or deficient (one factorization: \
                          native below 2^64, PARI/GP above). List the wanted ones in `properties`, or omit it for all that apply. VERIFY \
                          recomputes every value from the factorization, each prime with a primality certificate.",
                &[
                    "integer",
                    "number-theory",
                    "arithmetic-function",
                    "totient",
                    "phi",
                    "sigma",
                    "divisors",
                    "mobius",
                    "squarefree",
                    "perfect",
                    "radical",
                    "pari",
                ],
            )
        }
    }

    cas::on_backend!(PARI);

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "totient, divisor sum and Möbius of 360",
                Mode::Explore,
                json!({"n": 360, "properties": ["euler_totient", "divisor_sum", "mobius"]}),
            ),
            ("everything about 8128", Mode::Explore, json!({"n": 8128})),
        ]
    }

    fn prepare(&self, input: PropertiesInput, _cx: &PrepareContext) -> Result<Prepared, Vec<Diagnostic>> {
        let negative = input.n.as_str().starts_with('-');
        let positive = !negative && input.n.as_str() != "0";
        let wanted: Vec<Property> = match input.properties {
            Some(mut list) => {
                list.sort();
                list.dedup();
                let mut errors = vec![];
                for p in &list {
                    if (p.gp().is_some() && !positive) || (p.needs_nonnegative() && negative) {
                        let need = if p.gp().is_some() { "n ≥ 1" } else { "n ≥ 0" };
                        errors.push(Diagnostic::at("/properties", "UNDEFINED", format!("{} needs {need}", p.name())));
                    }
                }
                if !errors.is_empty() {
                    return Err(errors);
                }
                list
            }
            None => Property::ALL
                .into_iter()
                .filter(|p| (p.gp().is_none() || positive) && !(p.needs_nonnegative() && negative))
                .collect(),
        };
        Ok(Prepared { n: input.n, wanted })
    }

    fn placement(&self, p: &Prepared) -> Placement {
        // Below 2^64 everything is native and takes microseconds (a millisecond at worst).
        if p.n.as_str().len() <= 19 { Placement::Inline } else { Placement::Blocking }
    }

    fn preflight(&self, p: &Prepared, _budget: &RunBudget) -> Result<(), Refusal> {
        if p.wanted.iter().any(|w| w.gp().is_some()) {
            cas::digit_bound(&p.n, FACTORED_MAX_DIGITS, "/n")?;
        }
        Ok(())
    }

    fn run(&self, p: Prepared, ctx: &AdapterContext) -> Result<Outcome<PropertiesOutput>, AdapterError> {
        let n: BigInt = p.n.as_str().parse().unwrap_or_default();
        let digits = p.n.as_str().trim_start_matches('-');
        let mut out = Map::new();
        let decimal = |v: BigInt| json!(v.to_string());
        for w in &p.wanted {
            let value = match w {
                Property::Sign => decimal(n.signum()),
                Property::AbsoluteValue => decimal(n.abs()),
                Property::DecimalDigitCount => decimal(BigInt::from(digits.len())),
                Property::DecimalDigitSum => {
                    decimal(BigInt::from(digits.bytes().map(|b| u64::from(b - b'0')).sum::<u64>()))
                }
                Property::IsEven => json!(n.is_even()),
                Property::IsOdd => json!(n.is_odd()),
                Property::FloorSquareRoot => decimal(n.sqrt()),
                Property::IsSquare => {
                    let root = n.sqrt();
                    json!(&root * &root == n)
                }
                _ => continue,
            };
            out.insert(w.name(), value);
        }
        let factored: Vec<&'static str> = p.wanted.iter().filter_map(|w| w.gp()).collect();
        let verify = ctx.mode == Mode::Verify;
        let mut factors: Vec<(DecimalInteger, u32)> = vec![];
        let small = if factored.is_empty() { None } else { p.n.as_str().parse::<u64>().ok() };
        if let Some(m) = small {
            let f = crate::factor64::factor(m);
            for w in p.wanted.iter().filter(|w| w.gp().is_some()) {
                out.insert(w.name(), from_factors(*w, m, &f));
            }
            for (q, e) in f {
                factors.push((DecimalInteger::parse(&q.to_string()).map_err(AdapterError::Backend)?, e));
            }
        } else if !factored.is_empty() {
            let mut program = Program::new(PARI).code("my(a=").int(&p.n).code(",f=factor(a));").list(
                &factored,
                "",
                |prog, statement| prog.code(statement),
            );
            if verify {
                program = program.code("for(i=1,#f~,print(\"factor \",f[i,1],\" \",f[i,2]));");
            }
            let reply = ctx.backend(&program)?;
            for line in &reply.lines {
                if let Some(pe) = line.strip_prefix("factor ") {
                    let Ok([q, e]) = <[DecimalInteger; 2]>::try_from(cas::integers(PARI, pe)?) else {
                        return Err(AdapterError::Backend(format!("PARI/GP printed `{line}` for a prime power")));
                    };
                    let e = e
                        .as_str()
                        .parse::<u32>()
                        .map_err(|_| AdapterError::Backend(format!("bad exponent `{line}`")))?;
                    factors.push((q, e));
                    continue;
                }
                let (name, value) = line
                    .split_once(' ')
                    .ok_or_else(|| AdapterError::Backend(format!("PARI/GP printed `{line}` for a property")))?;
                let Some(w) = p.wanted.iter().find(|w| w.name() == name) else {
                    return Err(AdapterError::Backend(format!("PARI/GP printed an unrequested property `{name}`")));
                };
                let value = if w.is_predicate() {
                    match value {
                        "1" => json!(true),
                        "0" => json!(false),
                        other => return Err(AdapterError::Backend(format!("PARI/GP printed `{other}` for {name}"))),
                    }
                } else {
                    json!(cas::integer(PARI, value)?)
                };
                out.insert(name.to_owned(), value);
            }
            if out.len() != p.wanted.len() {
                return Err(AdapterError::Backend("PARI/GP did not print every requested property".into()));
            }
        }
        let canonical = json!({"n": p.n, "properties": p.wanted});
        let scope =
            Scope::exact_input("the listed properties of exactly the given integer", Digest::of_value(&canonical));
        if !verify {
            return Ok(Outcome::computed(PropertiesOutput { n: p.n, properties: out }, scope));
        }
        let candidate = if factored.is_empty() {
            json!({})
        } else {
            let mut certificates = Vec::with_capacity(factors.len());
            for (q, _) in &factors {
                ctx.checkpoint()?;
                certificates.push(if small.is_some() {
                    crate::primecert::below_2_64()
                } else {
                    super::prime_certificate(q, ctx)?
                });
            }
            let list: Vec<Value> = factors.iter().map(|(q, e)| json!({"prime": q, "exponent": e})).collect();
            json!({"factors": list, "certificates": certificates})
        };
        let evidence = Evidence {
            kind: PROPERTIES_EVIDENCE.into(),
            claim: json!({"n": p.n, "properties": out}),
            semantics: PROPERTIES_SEMANTICS.into(),
            candidate,
            scope: scope.clone(),
            certificate_format: PROPERTIES_FORMAT.into(),
            artifacts: vec![],
        };
        Ok(Outcome::computed(PropertiesOutput { n: p.n, properties: out }, scope).evidence(evidence))
    }
}

/// A factored property of 1 ≤ n < 2^64 from its factorization, as PARI/GP computes it.
fn from_factors(w: Property, n: u64, f: &[(u64, u32)]) -> Value {
    let sigma = || -> u128 { f.iter().map(|&(p, e)| (0..=e).map(|i| u128::from(p).pow(i)).sum::<u128>()).product() };
    let count = |v: u128| json!(v.to_string());
    let two_n = 2 * u128::from(n);
    match w {
        Property::DivisorCount => count(f.iter().map(|&(_, e)| u128::from(e) + 1).product()),
        Property::DivisorSum => count(sigma()),
        Property::AliquotSum => count(sigma() - u128::from(n)),
        Property::EulerTotient => count(f.iter().map(|&(p, e)| u128::from(p - 1) * u128::from(p).pow(e - 1)).product()),
        Property::Mobius => {
            let m = if f.iter().any(|&(_, e)| e > 1) {
                0
            } else if f.len().is_multiple_of(2) {
                1
            } else {
                -1
            };
            json!(m.to_string())
        }
        Property::DistinctPrimeFactors => count(f.len() as u128),
        Property::PrimeFactorsWithMultiplicity => count(f.iter().map(|&(_, e)| u128::from(e)).sum()),
        Property::Radical => count(f.iter().map(|&(p, _)| u128::from(p)).product()),
        Property::SquarefreeCore => {
            count(f.iter().filter(|&&(_, e)| e % 2 == 1).map(|&(p, _)| u128::from(p)).product())
        }
        Property::IsSquarefree => json!(f.iter().all(|&(_, e)| e == 1)),
        Property::IsPowerful => json!(f.iter().all(|&(_, e)| e >= 2)),
        Property::IsPrimePower => json!(f.len() == 1),
        Property::IsPerfect => json!(sigma() == two_n),
        Property::IsAbundant => json!(sigma() > two_n),
        Property::IsDeficient => json!(sigma() < two_n),
        _ => Value::Null,
    }
}
