//! Modular arithmetic: inverses, powers, square roots, discrete logarithms and the Chinese
//! remainder theorem, each answer a congruence that `jacobian.check.modular_relation` replays
//! by multiplication and exponentiation.
//!
//! The five capabilities share one evidence shape: a list of relations `base^exponent ≡ value
//! (mod modulus)` or `left·right ≡ value (mod modulus)`, all of which must hold. Inverses, powers
//! and the Chinese remainder theorem are computed here with num-bigint; square roots modulo a
//! prime and discrete logarithms by PARI/GP.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext, Refusal, RunBudget};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{AssuranceLevel, Diagnostic, Mode, Provider};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::{Describe, Operation};
use jacobian_runtime::{Digest, Evidence, Scope};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::backends::{NUM_BIGINT_VERSION, bundled_crate};
use crate::cas;
use crate::integer::{big, decimal};

const PARI: BackendKind = BackendKind::Pari;

/// Evidence kind of congruences to replay.
pub const RELATION_EVIDENCE: &str = "modular.relation/v1";
const RELATION_SEMANTICS: &str = "urn:jacobian:semantics:modular-relations-hold:v1";
const RELATION_FORMAT: &str = "CONGRUENCES_V1";
/// Most digits of a modulus.
pub const MAX_DIGITS: usize = 1000;
/// Most digits of a modulus for a discrete logarithm (PARI factors the group order).
pub const DLOG_MAX_DIGITS: usize = 60;
/// Most congruences in one Chinese remainder problem.
pub const MAX_CONGRUENCES: usize = 1000;

fn modulus(m: &DecimalInteger, path: &str) -> Result<BigInt, Diagnostic> {
    let m = big(m);
    if m < BigInt::from(2) {
        return Err(Diagnostic::at(path, "BAD_MODULUS", "a modulus is an integer ≥ 2"));
    }
    Ok(m)
}

fn power(base: &BigInt, exponent: &BigInt, m: &BigInt, value: &BigInt) -> Value {
    json!({"kind": "power", "base": base.to_string(), "exponent": exponent.to_string(), "modulus": m.to_string(), "value": value.to_string()})
}

fn product(left: &BigInt, right: &BigInt, m: &BigInt, value: &BigInt) -> Value {
    json!({"kind": "product", "left": left.to_string(), "right": right.to_string(), "modulus": m.to_string(), "value": value.to_string()})
}

/// The outcome of a modular computation: its relations as evidence in VERIFY mode.
fn outcome<T>(output: T, canonical: &Value, relations: Vec<Value>, ctx: &AdapterContext) -> Outcome<T> {
    let scope = Scope::exact_input("exactly the given residues and moduli", Digest::of_value(canonical));
    let outcome = Outcome::computed(output, scope.clone());
    if ctx.mode != Mode::Verify || relations.is_empty() {
        return outcome;
    }
    outcome.evidence(Evidence {
        kind: RELATION_EVIDENCE.into(),
        claim: json!({"relations": relations}),
        semantics: RELATION_SEMANTICS.into(),
        candidate: json!({}),
        scope,
        certificate_format: RELATION_FORMAT.into(),
        artifacts: vec![],
    })
}

fn bound(values: &[(&DecimalInteger, &str)], max: usize) -> Result<(), Refusal> {
    values.iter().try_for_each(|(v, path)| cas::digit_bound(v, max, path))
}

/// The descriptor shared by the modular capabilities: VERIFY through congruence replay.
macro_rules! describe {
    ($id:literal, $title:literal, $outcome:literal, $description:literal, [$($tag:literal),*]) => {
        Describe {
            modes: &[Mode::Explore, Mode::Verify],
            assurance_ceiling: AssuranceLevel::Verified,
            scope_rule: "Exactly the given residues and moduli.",
            evidence_kinds: &[RELATION_EVIDENCE],
            ..cas::describe($id, $title, $outcome, $description, &["modular", "number-theory", "congruence", $($tag),*])
        }
    };
}

fn native() -> Provider {
    bundled_crate("num-bigint", NUM_BIGINT_VERSION, "MIT OR Apache-2.0", include_str!("modular.rs"), &[])
}

/// Input of `modular.compute.inverse`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InverseInput {
    /// The residue to invert.
    pub a: DecimalInteger,
    /// The modulus (≥ 2).
    pub m: DecimalInteger,
}

/// Output of `modular.compute.inverse`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct InverseOutput {
    /// The inverse x in [0, m) with a·x ≡ 1 (mod m), or null when gcd(a, m) ≠ 1.
    pub inverse: Option<DecimalInteger>,
    /// gcd(a, m).
    pub gcd: DecimalInteger,
}

/// `modular.compute.inverse`.
pub struct Inverse;

impl Operation for Inverse {
    type Input = InverseInput;
    type Output = InverseOutput;
    type Prepared = (BigInt, BigInt, Value);

    fn describe(&self) -> Describe {
        describe!(
            "modular.compute.inverse",
            "Modular inverse",
            "The inverse of a modulo m (a·x ≡ 1 mod m), or why none exists.",
            "Computes x with a·x ≡ 1 (mod m) by the extended Euclidean algorithm, for integers of up to 1,000 digits; when gcd(a, m) ≠ 1 there is none and the gcd says why. VERIFY replays a·x mod m.",
            ["inverse", "modular-inverse", "reciprocal"]
        )
    }
    fn provider(&self) -> Provider {
        native()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("inverse of 17 modulo 3120", Mode::Verify, json!({"a": 17, "m": 3120}))]
    }
    fn prepare(&self, i: InverseInput, _: &PrepareContext) -> Result<Self::Prepared, Vec<Diagnostic>> {
        let m = modulus(&i.m, "/m").map_err(|d| vec![d])?;
        Ok((big(&i.a), m, json!({"a": i.a, "m": i.m})))
    }
    fn preflight(&self, (a, m, _): &Self::Prepared, _: &RunBudget) -> Result<(), Refusal> {
        bound(&[(&decimal(a), "/a"), (&decimal(m), "/m")], MAX_DIGITS)
    }
    fn run(
        &self,
        (a, m, canonical): Self::Prepared,
        ctx: &AdapterContext,
    ) -> Result<Outcome<InverseOutput>, AdapterError> {
        let e = a.mod_floor(&m).extended_gcd(&m);
        let (inverse, relations) = if e.gcd.is_one() {
            let x = e.x.mod_floor(&m);
            (Some(decimal(&x)), vec![product(&a, &x, &m, &BigInt::one())])
        } else {
            (None, vec![])
        };
        Ok(outcome(InverseOutput { inverse, gcd: decimal(&e.gcd) }, &canonical, relations, ctx))
    }
}

/// Input of `modular.compute.power`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PowerInput {
    /// The base.
    pub base: DecimalInteger,
    /// The exponent (≥ 0).
    pub exponent: DecimalInteger,
    /// The modulus (≥ 2).
    pub m: DecimalInteger,
}

/// Output of `modular.compute.power`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PowerOutput {
    /// base^exponent mod m, in [0, m).
    pub value: DecimalInteger,
}

/// `modular.compute.power`.
pub struct Power;

impl Operation for Power {
    type Input = PowerInput;
    type Output = PowerOutput;
    type Prepared = (BigInt, BigInt, BigInt, Value);

    fn describe(&self) -> Describe {
        describe!(
            "modular.compute.power",
            "Modular exponentiation",
            "base^exponent mod m for integers of up to 1,000 digits.",
            "Computes base^exponent mod m by square-and-multiply for a non-negative exponent. VERIFY replays the exponentiation independently.",
            ["power", "exponentiation", "modpow"]
        )
    }
    fn provider(&self) -> Provider {
        native()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "2^(10^18) mod 10^9+7",
            Mode::Explore,
            json!({"base": 2, "exponent": "1000000000000000000", "m": 1000000007}),
        )]
    }
    fn prepare(&self, i: PowerInput, _: &PrepareContext) -> Result<Self::Prepared, Vec<Diagnostic>> {
        let m = modulus(&i.m, "/m").map_err(|d| vec![d])?;
        let e = big(&i.exponent);
        if e.is_negative() {
            return Err(vec![Diagnostic::at("/exponent", "NEGATIVE", "the exponent is ≥ 0; invert the base first")]);
        }
        Ok((big(&i.base), e, m, json!({"base": i.base, "exponent": i.exponent, "m": i.m})))
    }
    fn preflight(&self, (b, e, m, _): &Self::Prepared, _: &RunBudget) -> Result<(), Refusal> {
        bound(&[(&decimal(b), "/base"), (&decimal(e), "/exponent"), (&decimal(m), "/m")], MAX_DIGITS)
    }
    fn run(
        &self,
        (b, e, m, canonical): Self::Prepared,
        ctx: &AdapterContext,
    ) -> Result<Outcome<PowerOutput>, AdapterError> {
        let v = b.mod_floor(&m).modpow(&e, &m);
        let relations = vec![power(&b, &e, &m, &v)];
        Ok(outcome(PowerOutput { value: decimal(&v) }, &canonical, relations, ctx))
    }
}

/// Input of `modular.solve.sqrt`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SqrtInput {
    /// The residue a.
    pub a: DecimalInteger,
    /// A prime modulus p.
    pub p: DecimalInteger,
}

/// Output of `modular.solve.sqrt`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SqrtOutput {
    /// Every x in [0, p) with x² ≡ a (mod p), increasing (empty when a is a non-residue).
    pub roots: Vec<DecimalInteger>,
}

/// `modular.solve.sqrt`.
pub struct Sqrt;

impl Operation for Sqrt {
    type Input = SqrtInput;
    type Output = SqrtOutput;
    type Prepared = (BigInt, BigInt, Value);

    fn describe(&self) -> Describe {
        describe!(
            "modular.solve.sqrt",
            "Square roots modulo a prime",
            "Every x with x² ≡ a (mod p) for a prime p: a modular square root, or none for a non-residue.",
            "Solves x² ≡ a (mod p) for a prime p of up to 1,000 digits with PARI/GP (Tonelli–Shanks / Cipolla); a quadratic residue has two roots (one when p = 2 or p | a), a non-residue none. p must be prime (checked). VERIFY replays each root's square.",
            ["square-root", "sqrt", "quadratic-residue", "tonelli-shanks", "pari"]
        )
    }
    cas::on_backend!(PARI);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("square roots of 10 modulo 13", Mode::Verify, json!({"a": 10, "p": 13}))]
    }
    fn prepare(&self, i: SqrtInput, _: &PrepareContext) -> Result<Self::Prepared, Vec<Diagnostic>> {
        let p = modulus(&i.p, "/p").map_err(|d| vec![d])?;
        Ok((big(&i.a), p, json!({"a": i.a, "p": i.p})))
    }
    fn preflight(&self, (a, p, _): &Self::Prepared, _: &RunBudget) -> Result<(), Refusal> {
        bound(&[(&decimal(a), "/a"), (&decimal(p), "/p")], MAX_DIGITS)
    }
    fn run(
        &self,
        (a, p, canonical): Self::Prepared,
        ctx: &AdapterContext,
    ) -> Result<Outcome<SqrtOutput>, AdapterError> {
        let program = Program::new(PARI)
            .code("my(p=")
            .int(&decimal(&p))
            .code(",r);if(!isprime(p),print(\"composite\"),if(issquare(Mod(")
            .int(&decimal(&a))
            .code(",p),&r),print(lift(r)),print(\"none\")))");
        let reply = ctx.backend(&program)?;
        let mut roots = match reply.single(PARI)? {
            "composite" => return Err(AdapterError::Unsupported(format!("{p} is not prime"))),
            "none" => vec![],
            r => {
                let r = big(&cas::integer(PARI, r)?);
                let other = (&p - &r).mod_floor(&p);
                if other == r { vec![r] } else { vec![r, other] }
            }
        };
        roots.sort();
        let am = a.mod_floor(&p);
        // The backend's roots are checked before they are returned.
        if roots.iter().any(|r| (r * r).mod_floor(&p) != am) {
            return Err(AdapterError::Backend("PARI/GP returned a wrong square root".into()));
        }
        let relations = roots.iter().map(|r| power(r, &BigInt::from(2), &p, &am)).collect();
        Ok(outcome(SqrtOutput { roots: roots.iter().map(decimal).collect() }, &canonical, relations, ctx))
    }
}

/// Input of `modular.solve.discrete_log`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DlogInput {
    /// The base g.
    pub g: DecimalInteger,
    /// The target h.
    pub h: DecimalInteger,
    /// The modulus (≥ 2, up to 60 digits).
    pub m: DecimalInteger,
}

/// Output of `modular.solve.discrete_log`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DlogOutput {
    /// The least x ≥ 0 with g^x ≡ h (mod m), or null when h is not a power of g.
    pub x: Option<DecimalInteger>,
}

/// `modular.solve.discrete_log`.
pub struct DiscreteLog;

impl Operation for DiscreteLog {
    type Input = DlogInput;
    type Output = DlogOutput;
    type Prepared = (BigInt, BigInt, BigInt, Value);

    fn describe(&self) -> Describe {
        describe!(
            "modular.solve.discrete_log",
            "Discrete logarithm",
            "The least x with g^x ≡ h (mod m): a discrete logarithm, or none.",
            "Finds the least x ≥ 0 with g^x ≡ h (mod m), g coprime to m, for moduli of up to 60 digits with PARI/GP's znlog (Pohlig–Hellman, baby-step giant-step, index calculus). VERIFY replays g^x mod m.",
            ["discrete-logarithm", "dlog", "index", "znlog", "pari"]
        )
    }
    cas::on_backend!(PARI);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("log base 3 of 13 modulo 17", Mode::Verify, json!({"g": 3, "h": 13, "m": 17}))]
    }
    fn prepare(&self, i: DlogInput, _: &PrepareContext) -> Result<Self::Prepared, Vec<Diagnostic>> {
        let m = modulus(&i.m, "/m").map_err(|d| vec![d])?;
        let g = big(&i.g);
        if !g.gcd(&m).is_one() {
            return Err(vec![Diagnostic::at("/g", "NOT_A_UNIT", "the base must be coprime to the modulus")]);
        }
        Ok((g, big(&i.h), m, json!({"g": i.g, "h": i.h, "m": i.m})))
    }
    fn preflight(&self, (g, h, m, _): &Self::Prepared, _: &RunBudget) -> Result<(), Refusal> {
        bound(&[(&decimal(g), "/g"), (&decimal(h), "/h")], MAX_DIGITS)?;
        bound(&[(&decimal(m), "/m")], DLOG_MAX_DIGITS)
    }
    fn run(
        &self,
        (g, h, m, canonical): Self::Prepared,
        ctx: &AdapterContext,
    ) -> Result<Outcome<DlogOutput>, AdapterError> {
        let (gm, hm) = (g.mod_floor(&m), h.mod_floor(&m));
        let program = Program::new(PARI)
            .code("my(m=")
            .int(&decimal(&m))
            .code(",x=znlog(Mod(")
            .int(&decimal(&hm))
            .code(",m),Mod(")
            .int(&decimal(&gm))
            .code(",m)));if(x==[],print(\"none\"),print(x))");
        // g^0 = 1: PARI's znlog answers [] for a trivial group, so 1 is answered here.
        let x = if hm.is_one() {
            Some(BigInt::from(0))
        } else {
            match ctx.backend(&program)?.single(PARI)? {
                "none" => None,
                x => Some(big(&cas::integer(PARI, x)?)),
            }
        };
        if let Some(x) = &x
            && (x.is_negative() || gm.modpow(x, &m) != hm)
        {
            return Err(AdapterError::Backend("PARI/GP returned a wrong discrete logarithm".into()));
        }
        let relations = x.iter().map(|x| power(&gm, x, &m, &hm)).collect();
        Ok(outcome(DlogOutput { x: x.as_ref().map(decimal) }, &canonical, relations, ctx))
    }
}

/// Input of `modular.solve.crt`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CrtInput {
    /// Residues r₁, …, r_k.
    pub residues: Vec<DecimalInteger>,
    /// Moduli m₁, …, m_k (each ≥ 2; not necessarily coprime).
    pub moduli: Vec<DecimalInteger>,
}

/// Output of `modular.solve.crt`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CrtOutput {
    /// The least x ≥ 0 with x ≡ rᵢ (mod mᵢ) for every i, or null when the system is inconsistent.
    pub x: Option<DecimalInteger>,
    /// lcm(m₁, …, m_k): every solution is x plus a multiple of it.
    pub modulus: DecimalInteger,
}

/// `modular.solve.crt`.
pub struct Crt;

impl Operation for Crt {
    type Input = CrtInput;
    type Output = CrtOutput;
    type Prepared = (Vec<BigInt>, Vec<BigInt>, Value);

    fn describe(&self) -> Describe {
        describe!(
            "modular.solve.crt",
            "Chinese remainder theorem",
            "The least x with x ≡ rᵢ (mod mᵢ) for every i (Chinese remaindering), or why the system is inconsistent.",
            "Solves a system of up to 1,000 simultaneous congruences x ≡ rᵢ (mod mᵢ), moduli not necessarily coprime, by successive combination; answers the least non-negative solution and the lcm of the moduli, or null when two congruences conflict. VERIFY replays x mod every mᵢ.",
            ["chinese-remainder", "crt", "simultaneous-congruences"]
        )
    }
    fn provider(&self) -> Provider {
        native()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("x ≡ 2 (3), 3 (5), 2 (7)", Mode::Verify, json!({"residues": [2, 3, 2], "moduli": [3, 5, 7]}))]
    }
    fn prepare(&self, i: CrtInput, _: &PrepareContext) -> Result<Self::Prepared, Vec<Diagnostic>> {
        let mut errors = vec![];
        if i.residues.len() != i.moduli.len() || i.moduli.is_empty() || i.moduli.len() > MAX_CONGRUENCES {
            errors.push(Diagnostic::at(
                "/moduli",
                "BAD_SYSTEM",
                format!("1 to {MAX_CONGRUENCES} moduli, one per residue"),
            ));
        }
        let moduli: Vec<BigInt> = i
            .moduli
            .iter()
            .enumerate()
            .filter_map(|(k, m)| modulus(m, &format!("/moduli/{k}")).map_err(|d| errors.push(d)).ok())
            .collect();
        if !errors.is_empty() {
            return Err(errors);
        }
        let canonical = json!({"residues": i.residues, "moduli": i.moduli});
        Ok((i.residues.iter().map(big).collect(), moduli, canonical))
    }
    fn preflight(&self, (r, m, _): &Self::Prepared, _: &RunBudget) -> Result<(), Refusal> {
        let values: Vec<DecimalInteger> = r.iter().chain(m).map(decimal).collect();
        let paths: Vec<String> = (0..r.len())
            .map(|k| format!("/residues/{k}"))
            .chain((0..m.len()).map(|k| format!("/moduli/{k}")))
            .collect();
        let pairs: Vec<(&DecimalInteger, &str)> = values.iter().zip(paths.iter().map(String::as_str)).collect();
        bound(&pairs, MAX_DIGITS)
    }
    fn run(&self, (r, m, canonical): Self::Prepared, ctx: &AdapterContext) -> Result<Outcome<CrtOutput>, AdapterError> {
        // Combine x ≡ a (mod n) with x ≡ b (mod k): with g = gcd(n, k), solvable iff g | b − a;
        // then x = a + n·t where t ≡ ((b − a)/g)·(n/g)⁻¹ (mod k/g).
        let (mut x, mut n) = (r[0].mod_floor(&m[0]), m[0].clone());
        let mut consistent = true;
        for (b, k) in r.iter().zip(&m).skip(1) {
            ctx.checkpoint()?;
            let e = n.extended_gcd(k);
            let diff = b - &x;
            if !diff.is_multiple_of(&e.gcd) {
                consistent = false;
                n = n.lcm(k);
                continue;
            }
            let k_g = k / &e.gcd;
            let t = ((&diff / &e.gcd) * &e.x).mod_floor(&k_g);
            x = (&x + &n * t).mod_floor(&(&n * &k_g));
            n = &n * &k_g;
        }
        let relations = if consistent {
            m.iter().zip(&r).map(|(mi, ri)| power(&x, &BigInt::one(), mi, &ri.mod_floor(mi))).collect()
        } else {
            vec![]
        };
        let output = CrtOutput { x: consistent.then(|| decimal(&x)), modulus: decimal(&n) };
        Ok(outcome(output, &canonical, relations, ctx))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moduli_below_two_are_refused() {
        assert!(modulus(&DecimalInteger::from(1), "/m").is_err());
        assert!(modulus(&DecimalInteger::from(0), "/m").is_err());
        assert!(modulus(&DecimalInteger::from(-5), "/m").is_err());
        assert!(modulus(&DecimalInteger::from(2), "/m").is_ok());
    }
}
