//! Finite fields: irreducibility and primitivity of polynomials over F_p (PARI/GP, replayed by
//! `jacobian.check.fp_irreducibility` and `jacobian.check.fp_primitivity`), irreducible and
//! primitive polynomials, elements of F_{p^n}, and zero counts of polynomials by enumeration.
//!
//! A polynomial is a list of integer coefficients from the constant term up, reduced modulo p
//! here; its last coefficient must not vanish modulo p. p is tested here (strong probable
//! prime to the 13 prime bases up to 41, exact below 3.3·10^24) and proven by PARI's `isprime`
//! in the run; in VERIFY mode a p ≥ 2^64, and every prime ≥ 2^64 of p^n − 1, carries an ECPP
//! certificate from `primecert`.

use std::collections::BTreeMap;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::cas::{self, Answer, Claim, Gp, Query};
use crate::integer::{big, decimal};

const PARI: BackendKind = BackendKind::Pari;
const IRREDUCIBILITY: [&str; 3] = [
    "finite_field.irreducibility/v1",
    "urn:jacobian:semantics:polynomial-irreducible-over-prime-field:v1",
    "RABIN_OR_FACTOR_V1",
];
const PRIMITIVITY: [&str; 3] = [
    "finite_field.primitivity/v1",
    "urn:jacobian:semantics:polynomial-primitive-over-prime-field:v1",
    "ORDER_FACTORIZATION_V1",
];

/// Most digits of p (the checkers' bound).
pub const MAX_P_DIGITS: usize = 200;
/// Highest degree of a polynomial (the checkers' bound).
pub const MAX_DEGREE: usize = 2_000;
/// Most digits of a coefficient before reduction.
pub const MAX_COEFFICIENT_DIGITS: usize = 400;
/// Largest n³·b·(b + 5), b the bits of p: the cost of Rabin's test as a VERIFY run replays it (n
/// Frobenius powers of b schoolbook products of degree n, each coefficient product costing about
/// b + 5 units); at the bound the replay takes about ten seconds (n = 440 for p = 2, 60 for p ≈ 10^20).
pub const MAX_WORK: u64 = 1_200_000_000;
/// Most digits of p^n when p^n − 1 is factored (primitivity, element orders).
pub const MAX_ORDER_DIGITS: usize = 150;
/// Most points of F_p^n enumerated for zero counts.
pub const MAX_POINTS: u64 = 1_000_000;
/// Most zeros listed.
pub const MAX_LISTED: usize = 10_000;

/// Whether n is a strong probable prime to the 13 prime bases up to 41: exactly the primes
/// below 3.3·10^24 (Sorenson–Webster 2015); beyond, a composite that passes is refused by PARI.
pub(crate) fn probable_prime(n: &BigInt) -> bool {
    const BASES: [u32; 13] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41];
    if n < &BigInt::from(2) {
        return false;
    }
    if let Some(b) = BASES.iter().find(|&&b| n.is_multiple_of(&BigInt::from(b))) {
        return n == &BigInt::from(*b);
    }
    let m = n - 1u32;
    let s = m.trailing_zeros().unwrap_or(0);
    let d = &m >> s;
    BASES.iter().all(|&a| {
        let mut x = BigInt::from(a).modpow(&d, n);
        if x.is_one() || x == m {
            return true;
        }
        (1..s).any(|_| {
            x = x.modpow(&BigInt::from(2), n);
            x == m
        })
    })
}

/// p, checked prime when its size is within bounds (preflight refuses the others).
fn prime(p: &DecimalInteger, at: &str) -> Result<BigInt, Diagnostic> {
    let q = big(p);
    if p.as_str().len() <= MAX_P_DIGITS && !probable_prime(&q) {
        return Err(Diagnostic::at(at, "NOT_PRIME", "p must be a prime"));
    }
    Ok(q)
}

/// The coefficients reduced into [0, p), of degree ≥ 1 with a leading coefficient ≢ 0.
fn polynomial(c: &[DecimalInteger], p: &BigInt, at: &str) -> Result<Vec<BigInt>, Diagnostic> {
    if c.len() < 2 {
        return Err(Diagnostic::at(at, "DEGREE_BELOW_ONE", "give at least two coefficients [c0, c1, …]: degree ≥ 1"));
    }
    let f: Vec<BigInt> = c.iter().map(|c| big(c).mod_floor(p)).collect();
    if f.last().is_some_and(Zero::is_zero) {
        let last = format!("{at}/{}", c.len() - 1);
        return Err(Diagnostic::at(last, "LEADING_ZERO", "the last coefficient is divisible by p"));
    }
    Ok(f)
}

fn too_large(at: &str, message: String) -> Refusal {
    Refusal::Unsupported(Diagnostic::at(at, "TOO_LARGE", message))
}

/// The bounds of p and of a polynomial of `len` coefficients at `at`.
fn sizes(p: &DecimalInteger, c: &[DecimalInteger], at: &str) -> Result<(), Refusal> {
    cas::digit_bound(p, MAX_P_DIGITS, "/p")?;
    if c.len() > MAX_DEGREE + 1 {
        return Err(too_large(at, format!("degree {}; at most {MAX_DEGREE}", c.len() - 1)));
    }
    c.iter().enumerate().try_for_each(|(i, x)| cas::digit_bound(x, MAX_COEFFICIENT_DIGITS, &format!("{at}/{i}")))?;
    work(p, c.len().saturating_sub(1), at)
}

fn work(p: &DecimalInteger, n: usize, at: &str) -> Result<(), Refusal> {
    let b = big(p).bits();
    if (n as u64).saturating_pow(3).saturating_mul(b * (b + 5)) > MAX_WORK {
        return Err(too_large(at, format!("degree {n} over a {b}-bit p: n³·b·(b + 5) is above 1.2·10^9")));
    }
    Ok(())
}

fn order_digits(p: &DecimalInteger, n: usize, at: &str) -> Result<(), Refusal> {
    let digits = big(p).to_f64().map_or(f64::INFINITY, f64::log10) * n as f64;
    if digits > MAX_ORDER_DIGITS as f64 {
        return Err(too_large(at, format!("p^n has about {} digits; at most {MAX_ORDER_DIGITS}", digits.ceil())));
    }
    Ok(())
}

fn strings(f: &[BigInt]) -> Vec<String> {
    f.iter().map(BigInt::to_string).collect()
}

fn decimals(f: &[BigInt]) -> Vec<DecimalInteger> {
    f.iter().map(decimal).collect()
}

/// `Polrev([c0, …, cn])*Mod(1,p)` made monic.
fn print_poly(program: Program, f: &[BigInt], p: &BigInt) -> Program {
    let lead = f.last().map(|c| c.modpow(&(p - 2u32), p)).unwrap_or_else(BigInt::one);
    let monic: Vec<DecimalInteger> = f.iter().map(|c| decimal(&(c * &lead).mod_floor(p))).collect();
    program.code("Polrev([").list(&monic, ",", |g, c| g.int(c)).code("])*Mod(1,").int(&decimal(p)).code(")")
}

fn read_poly(g: &Gp) -> Result<Vec<BigInt>, AdapterError> {
    Ok(g.ints()?.iter().map(big).collect())
}

fn run(ctx: &AdapterContext, program: Program) -> Result<Vec<String>, AdapterError> {
    let lines = ctx.backend(&program)?.lines;
    if lines.first().is_some_and(|l| l == "composite") {
        return Err(AdapterError::Unsupported("p is not prime (PARI/GP's isprime)".into()));
    }
    Ok(lines)
}

/// An ECPP certificate of the prime q from `primecert`, or null below 2^64.
fn certificate(q: &BigInt, ctx: &AdapterContext) -> Result<Value, AdapterError> {
    if q.to_u64().is_some() {
        return Ok(Value::Null);
    }
    let q = decimal(q);
    let reply = ctx.backend(&Program::new(PARI).code("print(primecert(").int(&q).code("))"))?;
    crate::primecert::from_pari(&q, reply.single(PARI)?)
        .map_err(|e| AdapterError::Backend(format!("PARI/GP printed a certificate that does not read: {e}")))
}

/// The candidate with p's certificate added when p ≥ 2^64 and the run verifies.
fn with_p(mut candidate: Value, p: &BigInt, ctx: &AdapterContext) -> Result<Value, AdapterError> {
    if ctx.mode == Mode::Verify && p.to_u64().is_none() {
        candidate["p_certificate"] = certificate(p, ctx)?;
    }
    Ok(candidate)
}

fn claim(kind: [&'static str; 3], claim: Value, candidate: Value) -> Claim {
    Claim { kind: kind[0], semantics: kind[1], format: kind[2], claim, candidate }
}

/// p^n − 1 factored as ∏_{d | n} Φ_d(p), merged, with certificates for the primes ≥ 2^64.
fn order_factorization(p: &BigInt, n: usize, ctx: &AdapterContext) -> Result<Value, AdapterError> {
    let program = Program::new(PARI)
        .code("my(p=")
        .int(&decimal(p))
        .code(",v=List());fordiv(")
        .small(n as i64)
        .code(",d,my(f=factor(polcyclo(d,p)));for(i=1,#f~,listput(v,[f[i,1],f[i,2]])));print(Vec(v))");
    let reply = ctx.backend(&program)?;
    let mut factors: BTreeMap<BigInt, u64> = BTreeMap::new();
    for pair in Gp::parse(reply.single(PARI)?)?.items()? {
        let [q, e] = pair.items()? else { return Err(AdapterError::Backend("PARI/GP printed a bad factor".into())) };
        *factors.entry(q.int()?.clone()).or_default() += e.int()?.to_u64().unwrap_or(0);
    }
    let product = factors.iter().fold(BigInt::one(), |acc, (q, &e)| acc * num_traits::pow(q.clone(), e as usize));
    if product != num_traits::pow(p.clone(), n) - 1u32 {
        return Err(AdapterError::Backend("PARI/GP's factors do not multiply to p^n − 1".into()));
    }
    let mut entries = vec![];
    for (q, e) in &factors {
        ctx.checkpoint()?;
        entries.push(json!({"prime": q.to_string(), "exponent": e, "certificate": certificate(q, ctx)?}));
    }
    Ok(json!({"order_factorization": entries}))
}

fn describe(
    id: &'static str,
    title: &'static str,
    outcome: &'static str,
    text: &'static str,
    tags: &'static [&'static str],
) -> Describe {
    Describe {
        scope_rule: "Exactly the given prime field and polynomial.",
        ..cas::describe(id, title, outcome, text, tags)
    }
}

/// Input of the decisions on a polynomial over F_p.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PolynomialInput {
    /// The prime p, up to 200 digits.
    pub p: DecimalInteger,
    /// Coefficients [c0, c1, …, cn] from the constant term up (integers, reduced mod p), n ≥ 1, cn ≢ 0 mod p.
    pub polynomial: Vec<DecimalInteger>,
}

/// Output of `finite_field.decide.irreducible`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct IrreducibleOutput {
    /// Whether the polynomial is irreducible over F_p.
    pub irreducible: bool,
    /// When it is not: a monic irreducible factor of least degree, coefficients from the constant term up.
    pub factor: Option<Vec<DecimalInteger>>,
}

/// `finite_field.decide.irreducible`.
pub struct Irreducible;

impl Query for Irreducible {
    type Input = PolynomialInput;
    type Output = IrreducibleOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            describe(
                "finite_field.decide.irreducible",
                "Is a polynomial irreducible over F_p?",
                "Whether a polynomial over the prime field F_p is irreducible, with a factor when it is not.",
                "Decides irreducibility over F_p (p prime, up to 200 digits; degree n with n³·b·(b + 5) ≤ \
                 1.2·10^9, b the bits of p: n ≤ 440 for p = 2) with PARI/GP's polisirreducible and factormod. \
                 VERIFY replays Rabin's test for an irreducible polynomial, or the division by the factor for a \
                 reducible one, with an ECPP certificate of p when p ≥ 2^64.",
                &["finite-field", "polynomial", "irreducible", "irreducibility", "prime-field", "rabin", "factor"],
            ),
            &[IRREDUCIBILITY[0]],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("x⁴ + x + 1 over F_2", Mode::Verify, json!({"p": 2, "polynomial": [1, 1, 0, 0, 1]}))]
    }
    fn validate(&self, i: &PolynomialInput) -> Result<(), Diagnostic> {
        polynomial(&i.polynomial, &prime(&i.p, "/p")?, "/polynomial").map(|_| ())
    }
    fn bounds(&self, i: &PolynomialInput) -> Result<(), Refusal> {
        sizes(&i.p, &i.polynomial, "/polynomial")
    }
    fn answer(&self, i: &PolynomialInput, ctx: &AdapterContext) -> Result<Answer<IrreducibleOutput>, AdapterError> {
        let p = big(&i.p);
        let f = polynomial(&i.polynomial, &p, "/polynomial").map_err(|d| AdapterError::Unsupported(d.message))?;
        let program = print_poly(Program::new(PARI).code("my(p=").int(&i.p).code(",f="), &f, &p).code(
            ");if(!isprime(p),print(\"composite\"),if(polisirreducible(f),print(1),my(F=factormod(f)[,1],g=F[1]);\
             for(i=2,#F,if(poldegree(F[i])<poldegree(g),g=F[i]));print(Vecrev(lift(g)))))",
        );
        let lines = run(ctx, program)?;
        let [line] = lines.as_slice() else {
            return Err(AdapterError::Backend("PARI/GP printed several lines".into()));
        };
        let factor = match Gp::parse(line)? {
            Gp::Int(one) if one.is_one() => None,
            g => Some(read_poly(&g)?),
        };
        let c = json!({"p": i.p, "polynomial": strings(&f), "irreducible": factor.is_none()});
        let candidate = match &factor {
            Some(g) if g.len() > 1 && g.len() < f.len() => json!({"factor": strings(g)}),
            Some(_) => return Err(AdapterError::Backend("PARI/GP's factor is not a proper factor".into())),
            None => json!({}),
        };
        let output = IrreducibleOutput { irreducible: factor.is_none(), factor: factor.as_deref().map(decimals) };
        Ok(Answer::from(output).claim(claim(IRREDUCIBILITY, c, with_p(candidate, &p, ctx)?)))
    }
}

/// Output of `finite_field.decide.primitive`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PrimitiveOutput {
    /// Whether f is irreducible and x generates the multiplicative group of F_p[x]/(f).
    pub primitive: bool,
    /// Whether f is irreducible.
    pub irreducible: bool,
    /// The multiplicative order of x modulo f when f is irreducible and x ≢ 0; else null.
    pub order_of_x: Option<DecimalInteger>,
}

/// `finite_field.decide.primitive`.
pub struct Primitive;

impl Query for Primitive {
    type Input = PolynomialInput;
    type Output = PrimitiveOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            describe(
                "finite_field.decide.primitive",
                "Is a polynomial primitive over F_p?",
                "Whether a polynomial over F_p is primitive: irreducible, with x generating the multiplicative group \
                 of F_{p^n} (x has order p^n − 1).",
                "Decides primitivity over F_p (p^n up to 150 digits; n³·b·(b + 5) ≤ 1.2·10^9, b the bits of p) \
                 with PARI/GP: polisirreducible, then the order of x by fforder. VERIFY replays Rabin's test and \
                 x^((p^n−1)/q) ≠ 1 for every prime q of p^n − 1 (factored as ∏ Φ_d(p), each large prime with an \
                 ECPP certificate), or, for a non-primitive one, a factor or an exponent D < p^n − 1 with x^D = 1.",
                &["finite-field", "polynomial", "primitive", "primitive-polynomial", "generator", "gf", "order"],
            ),
            &[PRIMITIVITY[0]],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("x⁴ + x³ + x² + x + 1 over F_2", Mode::Verify, json!({"p": 2, "polynomial": [1, 1, 1, 1, 1]}))]
    }
    fn validate(&self, i: &PolynomialInput) -> Result<(), Diagnostic> {
        polynomial(&i.polynomial, &prime(&i.p, "/p")?, "/polynomial").map(|_| ())
    }
    fn bounds(&self, i: &PolynomialInput) -> Result<(), Refusal> {
        sizes(&i.p, &i.polynomial, "/polynomial")?;
        order_digits(&i.p, i.polynomial.len() - 1, "/polynomial")
    }
    fn answer(&self, i: &PolynomialInput, ctx: &AdapterContext) -> Result<Answer<PrimitiveOutput>, AdapterError> {
        let p = big(&i.p);
        let f = polynomial(&i.polynomial, &p, "/polynomial").map_err(|d| AdapterError::Unsupported(d.message))?;
        let n = f.len() - 1;
        let c = json!({"p": i.p, "polynomial": strings(&f), "primitive": false});
        let none = PrimitiveOutput { primitive: false, irreducible: true, order_of_x: None };
        if n == 1 && f[0].is_zero() {
            let candidate = with_p(json!({"zero": true}), &p, ctx)?;
            return Ok(Answer::from(none).claim(claim(PRIMITIVITY, c, candidate)));
        }
        let program = print_poly(Program::new(PARI).code("my(p=").int(&i.p).code(",f="), &f, &p).code(
            ");if(!isprime(p),print(\"composite\"),if(polisirreducible(f),print(fforder(ffgen(f,'a))),\
             my(F=factormod(f)[,1],g=F[1]);for(i=2,#F,if(poldegree(F[i])<poldegree(g),g=F[i]));\
             print(Vecrev(lift(g)))))",
        );
        let lines = run(ctx, program)?;
        let [line] = lines.as_slice() else {
            return Err(AdapterError::Backend("PARI/GP printed several lines".into()));
        };
        let order = num_traits::pow(p.clone(), n) - 1u32;
        let (output, candidate) = match Gp::parse(line)? {
            Gp::Int(d) if d == order => {
                let output = PrimitiveOutput { primitive: true, order_of_x: Some(decimal(&d)), ..none };
                let candidate = if ctx.mode == Mode::Verify { order_factorization(&p, n, ctx)? } else { json!({}) };
                (output, candidate)
            }
            Gp::Int(d) if d.is_positive() && order.is_multiple_of(&d) => {
                (PrimitiveOutput { order_of_x: Some(decimal(&d)), ..none }, json!({"exponent": d.to_string()}))
            }
            g @ Gp::Vec(_) => {
                let g = read_poly(&g)?;
                (PrimitiveOutput { irreducible: false, ..none }, json!({"factor": strings(&g)}))
            }
            other => return Err(AdapterError::Backend(format!("PARI/GP printed {other:?} for the order of x"))),
        };
        let c = json!({"p": i.p, "polynomial": strings(&f), "primitive": output.primitive});
        Ok(Answer::from(output).claim(claim(PRIMITIVITY, c, with_p(candidate, &p, ctx)?)))
    }
}

/// Input of `finite_field.find.polynomial`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FindInput {
    /// The prime p, up to 200 digits.
    pub p: DecimalInteger,
    /// The degree n ≥ 1.
    #[schemars(range(min = 1, max = 2000))]
    pub degree: u32,
    /// Whether the polynomial must be primitive (p^n up to 150 digits), not only irreducible.
    #[serde(default)]
    pub primitive: bool,
}

/// Output of `finite_field.find.polynomial`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FindOutput {
    /// A monic polynomial of degree n, coefficients from the constant term up.
    pub polynomial: Vec<DecimalInteger>,
    /// Whether it was required primitive (it is then also irreducible).
    pub primitive: bool,
}

/// `finite_field.find.polynomial`.
pub struct FindPolynomial;

impl Query for FindPolynomial {
    type Input = FindInput;
    type Output = FindOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            describe(
                "finite_field.find.polynomial",
                "Find an irreducible or primitive polynomial over F_p",
                "A monic irreducible polynomial of degree n over F_p (to build F_{p^n}), or a primitive one.",
                "An irreducible polynomial from PARI/GP's ffinit, or the first primitive polynomial x^n + Σ cᵢxⁱ in \
                 the order of Σ cᵢ·pⁱ (deterministic), for a prime p of up to 200 digits with n³·b·(b + 5) ≤ \
                 1.2·10^9, b the bits of p (p^n up to 150 digits for a primitive one). VERIFY replays Rabin's test, \
                 and for a primitive polynomial the order of x against the certified factorization of p^n − 1.",
                &[
                    "finite-field",
                    "polynomial",
                    "irreducible",
                    "primitive",
                    "construct",
                    "field-extension",
                    "lfsr",
                    "ffinit",
                ],
            ),
            &[IRREDUCIBILITY[0], PRIMITIVITY[0]],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "a primitive polynomial of degree 8 over F_2",
            Mode::Verify,
            json!({"p": 2, "degree": 8, "primitive": true}),
        )]
    }
    fn validate(&self, i: &FindInput) -> Result<(), Diagnostic> {
        if i.degree == 0 || i.degree as usize > MAX_DEGREE {
            return Err(Diagnostic::at("/degree", "OUT_OF_RANGE", "the degree is from 1 to 2,000"));
        }
        prime(&i.p, "/p").map(|_| ())
    }
    fn bounds(&self, i: &FindInput) -> Result<(), Refusal> {
        cas::digit_bound(&i.p, MAX_P_DIGITS, "/p")?;
        work(&i.p, i.degree as usize, "/degree")?;
        if i.primitive { order_digits(&i.p, i.degree as usize, "/degree") } else { Ok(()) }
    }
    fn answer(&self, i: &FindInput, ctx: &AdapterContext) -> Result<Answer<FindOutput>, AdapterError> {
        let (p, n) = (big(&i.p), i.degree as usize);
        let program = Program::new(PARI).code("my(p=").int(&i.p).code(",n=").small(n as i64);
        let program = if i.primitive {
            program.code(
                ",q=p^n-1,L=factor(q)[,1]);if(!isprime(p),print(\"composite\"),for(k=1,q,my(f=(x^n+Pol(digits(k,p)))*\
                 Mod(1,p),y=Mod(Mod(1,p)*x,f));if(polisirreducible(f)&&y!=0&&vecsum(apply(l->y^(q/l)==1,L~))==0,\
                 print(Vecrev(lift(f)));break)))",
            )
        } else {
            program.code(");if(!isprime(p),print(\"composite\"),print(Vecrev(lift(ffinit(p,n)))))")
        };
        let lines = run(ctx, program)?;
        let [line] = lines.as_slice() else {
            return Err(AdapterError::Backend("PARI/GP printed no polynomial".into()));
        };
        let f = read_poly(&Gp::parse(line)?)?;
        if f.len() != n + 1 || !f[n].is_one() {
            return Err(AdapterError::Backend("PARI/GP's polynomial is not monic of degree n".into()));
        }
        let claim = if i.primitive {
            let candidate = if ctx.mode == Mode::Verify { order_factorization(&p, n, ctx)? } else { json!({}) };
            let c = json!({"p": i.p, "polynomial": strings(&f), "primitive": true});
            claim(PRIMITIVITY, c, with_p(candidate, &p, ctx)?)
        } else {
            let c = json!({"p": i.p, "polynomial": strings(&f), "irreducible": true});
            claim(IRREDUCIBILITY, c, with_p(json!({}), &p, ctx)?)
        };
        Ok(Answer::from(FindOutput { polynomial: decimals(&f), primitive: i.primitive }).claim(claim))
    }
}

/// Rabin's test over F_p for p < 2^64, on coefficient lists from the constant term up: f of
/// degree n is irreducible iff x^(p^n) ≡ x (mod f) and gcd(x^(p^(n/q)) − x, f) = 1 for every
/// prime q | n.
mod rabin {
    use super::{small_mul as mul, small_pow as pow};

    fn add(a: u64, b: u64, p: u64) -> u64 {
        ((u128::from(a) + u128::from(b)) % u128::from(p)) as u64
    }

    fn sub(a: u64, b: u64, p: u64) -> u64 {
        if a >= b { a - b } else { a + (p - b) }
    }

    fn trim(mut a: Vec<u64>) -> Vec<u64> {
        while a.last() == Some(&0) {
            a.pop();
        }
        a
    }

    /// a mod b, b ≠ 0 trimmed.
    fn rem(a: &[u64], b: &[u64], p: u64) -> Vec<u64> {
        let mut r = trim(a.to_vec());
        let inv = pow(b[b.len() - 1], p - 2, p);
        while r.len() >= b.len() {
            let (shift, t) = (r.len() - b.len(), mul(r[r.len() - 1], inv, p));
            for (j, &c) in b.iter().enumerate() {
                r[shift + j] = sub(r[shift + j], mul(t, c, p), p);
            }
            r = trim(r);
        }
        r
    }

    fn mulmod(a: &[u64], b: &[u64], f: &[u64], p: u64) -> Vec<u64> {
        let mut c = vec![0; (a.len() + b.len()).saturating_sub(1)];
        for (i, &x) in a.iter().enumerate() {
            for (j, &y) in b.iter().enumerate() {
                c[i + j] = add(c[i + j], mul(x, y, p), p);
            }
        }
        rem(&c, f, p)
    }

    fn powmod(g: &[u64], e: u64, f: &[u64], p: u64) -> Vec<u64> {
        let mut acc = rem(&[1], f, p);
        for i in (0..64 - e.leading_zeros()).rev() {
            acc = mulmod(&acc, &acc, f, p);
            if (e >> i) & 1 == 1 {
                acc = mulmod(&acc, g, f, p);
            }
        }
        acc
    }

    pub(super) fn irreducible(f: &[u64], p: u64) -> bool {
        let n = f.len() - 1;
        let x = rem(&[0, 1], f, p);
        let mut h = x.clone();
        let mut q = 2;
        let (mut m, mut divisors) = (n, vec![]);
        while m > 1 {
            if m % q == 0 {
                divisors.push(n / q);
                while m % q == 0 {
                    m /= q;
                }
            }
            q += 1;
        }
        for k in 1..=n {
            h = powmod(&h, p, f, p);
            if divisors.contains(&k) {
                let mut d = h.clone();
                d.resize(d.len().max(2), 0);
                d[1] = sub(d[1], 1, p);
                let (mut a, mut b) = (f.to_vec(), trim(d));
                while !b.is_empty() {
                    (a, b) = (b.clone(), rem(&a, &b, p));
                }
                if a.len() > 1 {
                    return false;
                }
            }
        }
        h == x
    }
}

/// Input of `finite_field.compute.element`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ElementInput {
    /// The prime p < 2^64.
    pub p: DecimalInteger,
    /// The degree n of F_{p^n}, when no modulus is given (PARI/GP's ffinit then chooses it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub degree: Option<u32>,
    /// An irreducible f of degree n, coefficients from the constant term up: F_{p^n} = F_p[x]/(f).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modulus: Option<Vec<DecimalInteger>>,
    /// The element as a polynomial in x of degree below n, coefficients from the constant term up.
    pub element: Vec<DecimalInteger>,
}

/// Output of `finite_field.compute.element`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ElementOutput {
    /// The monic modulus f used, from the constant term up.
    pub modulus: Vec<DecimalInteger>,
    /// The multiplicative order of the element (null for 0).
    pub order: Option<DecimalInteger>,
    /// Whether the element generates F_{p^n}^* (order p^n − 1).
    pub primitive: bool,
    /// Its minimal polynomial over F_p, monic, from the constant term up.
    pub minimal_polynomial: Vec<DecimalInteger>,
    /// Its trace to F_p, in [0, p).
    pub trace: DecimalInteger,
    /// Its norm to F_p, in [0, p).
    pub norm: DecimalInteger,
}

fn element_degree(i: &ElementInput) -> usize {
    i.modulus.as_ref().map_or(i.degree.unwrap_or(1) as usize, |m| m.len().saturating_sub(1))
}

/// `finite_field.compute.element`.
pub struct Element;

impl Query for Element {
    type Input = ElementInput;
    type Output = ElementOutput;

    fn describe(&self) -> Describe {
        describe(
            "finite_field.compute.element",
            "Arithmetic of an element of F_{p^n}: order, minimal polynomial, trace, norm",
            "The multiplicative order, minimal polynomial, trace and norm of an element of the finite field \
             F_{p^n} = F_p[x]/(f), and whether it is a primitive element (generator).",
            "PARI/GP's ffgen, fforder, minpoly, trace and norm, for p < 2^64 and p^n up to 150 digits. The modulus \
             f is given (checked irreducible here by Rabin's test) or chosen by ffinit from the degree; the element \
             is a polynomial in x of degree below n.",
            &["finite-field", "galois-field", "element", "order", "minimal-polynomial", "trace", "norm", "generator"],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "x + 1 in F_49 = F_7[x]/(x² + 1)",
            Mode::Explore,
            json!({"p": 7, "modulus": [1, 0, 1], "element": [1, 1]}),
        )]
    }
    fn validate(&self, i: &ElementInput) -> Result<(), Diagnostic> {
        let p = prime(&i.p, "/p")?;
        let n = element_degree(i);
        match (&i.modulus, i.degree) {
            (None, None) => return Err(Diagnostic::at("/degree", "MISSING", "give the degree n or the modulus f")),
            (None, Some(0)) => return Err(Diagnostic::at("/degree", "OUT_OF_RANGE", "the degree is at least 1")),
            (Some(_), Some(d)) if d as usize != n => {
                return Err(Diagnostic::at("/degree", "DEGREE_MISMATCH", "the degree differs from the modulus's"));
            }
            (Some(m), _) => {
                let f = polynomial(m, &p, "/modulus")?;
                let words: Option<Vec<u64>> = f.iter().map(ToPrimitive::to_u64).collect();
                // Sizes beyond the bounds are refused in preflight, before Rabin's test would run.
                let fits = p.to_u64().is_some_and(|q| (q as f64).log10() * n as f64 <= MAX_ORDER_DIGITS as f64);
                if let (Some(f), Some(q)) = (words, p.to_u64())
                    && fits
                    && !rabin::irreducible(&f, q)
                {
                    let message = "f is reducible over F_p: F_p[x]/(f) is not a field";
                    return Err(Diagnostic::at("/modulus", "REDUCIBLE", message));
                }
            }
            _ => {}
        }
        if i.element.is_empty() || i.element.len() > n {
            return Err(Diagnostic::at("/element", "BAD_LENGTH", format!("an element has 1 to n = {n} coefficients")));
        }
        Ok(())
    }
    fn bounds(&self, i: &ElementInput) -> Result<(), Refusal> {
        if big(&i.p).to_u64().is_none() {
            return Err(too_large("/p", "p is below 2^64 here".into()));
        }
        let at = if i.modulus.is_some() { "/modulus" } else { "/degree" };
        order_digits(&i.p, element_degree(i), at)?;
        let modulus = i.modulus.iter().flatten().enumerate().map(|(k, c)| (c, format!("/modulus/{k}")));
        let element = i.element.iter().enumerate().map(|(k, c)| (c, format!("/element/{k}")));
        modulus.chain(element).try_for_each(|(c, at)| cas::digit_bound(c, MAX_COEFFICIENT_DIGITS, &at))
    }
    fn answer(&self, i: &ElementInput, ctx: &AdapterContext) -> Result<Answer<ElementOutput>, AdapterError> {
        let p = big(&i.p);
        let program = Program::new(PARI).code("my(p=").int(&i.p).code(",f=");
        let program = match &i.modulus {
            Some(m) => {
                let f = polynomial(m, &p, "/modulus").map_err(|d| AdapterError::Unsupported(d.message))?;
                print_poly(program, &f, &p)
            }
            None => program.code("ffinit(p,").small(i64::from(i.degree.unwrap_or(1))).code(")"),
        };
        let e: Vec<DecimalInteger> = i.element.iter().map(|c| decimal(&big(c).mod_floor(&p))).collect();
        let program = program.code(",a=ffgen(f,'a),e=subst(Polrev([").list(&e, ",", |g, c| g.int(c)).code(
            "]),'x,a));print(Vecrev(lift(f)));print(if(e==0,0,fforder(e)));print(Vecrev(lift(minpoly(e))));\
             print(lift(trace(e)));print(lift(norm(e)))",
        );
        let reply = ctx.backend(&program)?;
        let values = reply.lines.iter().map(|l| Gp::parse(l)).collect::<Result<Vec<_>, _>>()?;
        let [f, order, minimal, trace, norm] = <[Gp; 5]>::try_from(values)
            .map_err(|_| AdapterError::Backend("PARI/GP printed the wrong number of lines".into()))?;
        let f = read_poly(&f)?;
        let order = order.int()?.clone();
        let group = num_traits::pow(p.clone(), f.len() - 1) - 1u32;
        let output = ElementOutput {
            modulus: decimals(&f),
            primitive: order == group,
            order: (!order.is_zero()).then(|| decimal(&order)),
            minimal_polynomial: minimal.ints()?,
            trace: decimal(trace.int()?),
            norm: decimal(norm.int()?),
        };
        Ok(output.into())
    }
}

/// Input of `finite_field.count.zeros`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZerosInput {
    /// The prime p (p^n ≤ 1,000,000).
    pub p: u64,
    /// The number of variables n, 1 to 20.
    #[schemars(range(min = 1, max = 20))]
    pub variables: u32,
    /// The terms [coefficient, [e1, …, en]] (an integer and n exponents); [] is the zero polynomial.
    #[schemars(length(max = 1000))]
    pub terms: Vec<(DecimalInteger, Vec<u32>)>,
    /// Also list the affine zeros (the first 10,000, in lexicographic order of (x1, …, xn)).
    #[serde(default)]
    pub list: bool,
}

/// Output of `finite_field.count.zeros`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ZerosOutput {
    /// The number of zeros in F_p^n.
    pub affine: u64,
    /// The number of zeros in projective space: in P^(n−1) when the polynomial is homogeneous, else of its
    /// homogenization (the projective closure) in P^n.
    pub projective: u64,
    /// Whether every term with a non-zero coefficient mod p has the same total degree.
    pub homogeneous: bool,
    /// The dimension of the projective space counted in (n − 1 or n).
    pub projective_dimension: u32,
    /// The affine zeros, when listed.
    pub zeros: Option<Vec<Vec<u64>>>,
    /// Whether every affine zero was listed (null when none were asked for).
    pub listed_all: Option<bool>,
}

/// `finite_field.count.zeros`.
pub struct CountZeros;

impl Query for CountZeros {
    type Input = ZerosInput;
    type Output = ZerosOutput;

    fn describe(&self) -> Describe {
        Describe {
            scope_rule: "Exactly the given polynomial over F_p.",
            ..cas::describe(
                "finite_field.count.zeros",
                "Count the zeros (points) of a polynomial over F_p",
                "How many solutions a multivariate polynomial equation f = 0 has over a finite field F_p, affine and \
                 projective, and optionally the solutions themselves.",
                "Counts the affine zeros in F_p^n and the projective zeros (in P^(n−1) for a homogeneous \
                 polynomial, else of the projective closure in P^n) by evaluating f at every point, exactly, for \
                 p^n ≤ 1,000,000 and p^n times the number of variable occurrences ≤ 2·10^7. The polynomial is a \
                 list of terms [coefficient, [exponents]].",
                &["finite-field", "zeros", "point-count", "solutions", "variety", "hypersurface", "enumeration"],
            )
        }
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("finite_field.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        let circle = json!([[1, [2, 0]], [1, [0, 2]], [-1, [0, 0]]]);
        vec![(
            "points of the circle x² + y² = 1 over F_7",
            Mode::Explore,
            json!({"p": 7, "variables": 2, "terms": circle}),
        )]
    }
    fn validate(&self, i: &ZerosInput) -> Result<(), Diagnostic> {
        if !probable_prime(&BigInt::from(i.p)) {
            return Err(Diagnostic::at("/p", "NOT_PRIME", "p must be a prime"));
        }
        if i.variables == 0 || i.variables > 20 {
            return Err(Diagnostic::at("/variables", "OUT_OF_RANGE", "from 1 to 20 variables"));
        }
        match i.terms.iter().position(|(_, e)| e.len() != i.variables as usize) {
            Some(k) => Err(Diagnostic::at(format!("/terms/{k}/1"), "BAD_ARITY", "one exponent per variable")),
            None => Ok(()),
        }
    }
    fn bounds(&self, i: &ZerosInput) -> Result<(), Refusal> {
        let points = i.p.checked_pow(i.variables).filter(|&n| n <= MAX_POINTS);
        let Some(points) = points else { return Err(too_large("/variables", "p^n is above 1,000,000 points".into())) };
        let occurrences: u64 = i.terms.iter().map(|(_, e)| e.iter().filter(|&&e| e > 0).count() as u64).sum();
        if i.terms.len() > 1000 || points.saturating_mul(occurrences.max(1)) > 20_000_000 {
            return Err(too_large("/terms", "p^n times the variable occurrences is above 2·10^7".into()));
        }
        i.terms.iter().enumerate().try_for_each(|(k, (c, _))| cas::digit_bound(c, 1000, &format!("/terms/{k}/0")))
    }
    fn answer(&self, i: &ZerosInput, ctx: &AdapterContext) -> Result<Answer<ZerosOutput>, AdapterError> {
        let (p, n) = (i.p, i.variables as usize);
        type Term = (u64, Vec<(usize, u64)>, u64);
        let terms: Vec<Term> = i
            .terms
            .iter()
            .map(|(c, e)| {
                let c = big(c).mod_floor(&BigInt::from(p)).to_u64().unwrap_or(0);
                let powers = e.iter().enumerate().filter(|(_, e)| **e > 0).map(|(v, e)| (v, u64::from(*e))).collect();
                (c, powers, e.iter().map(|&e| u64::from(e)).sum())
            })
            .filter(|t| t.0 != 0)
            .collect();
        let degree = terms.iter().map(|t| t.2).max().unwrap_or(0);
        let homogeneous = terms.iter().all(|t| t.2 == degree);
        let eval = |x: &[u64], top: bool| {
            terms.iter().filter(|t| !top || t.2 == degree).fold(0, |acc, (c, powers, _)| {
                let m = powers.iter().fold(*c, |m, &(v, e)| small_mul(m, small_pow(x[v], e, p), p));
                (acc + m) % p
            })
        };
        let (mut x, mut affine, mut top, mut zeros) = (vec![0u64; n], 0u64, 0u64, vec![]);
        let total = p.pow(i.variables);
        for k in 0..total {
            if k % 65_536 == 0 {
                ctx.checkpoint()?;
            }
            if eval(&x, false) == 0 {
                affine += 1;
                if i.list && zeros.len() < MAX_LISTED {
                    zeros.push(x.clone());
                }
            }
            if !homogeneous && eval(&x, true) == 0 {
                top += 1;
            }
            // The last variable runs fastest, so points come in lexicographic order of (x1, …, xn).
            for v in x.iter_mut().rev() {
                *v += 1;
                if *v < p {
                    break;
                }
                *v = 0;
            }
        }
        let origin = u64::from(terms.iter().all(|t| t.2 > 0));
        let (projective, projective_dimension) = if homogeneous {
            ((affine - origin) / (p - 1), i.variables - 1)
        } else {
            (affine + (top - 1) / (p - 1), i.variables)
        };
        let listed_all = i.list.then_some(zeros.len() as u64 == affine);
        let zeros = i.list.then_some(zeros);
        Ok(ZerosOutput { affine, projective, homogeneous, projective_dimension, zeros, listed_all }.into())
    }
}

fn small_mul(a: u64, b: u64, p: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(p)) as u64
}

fn small_pow(mut b: u64, mut e: u64, p: u64) -> u64 {
    let mut acc = 1 % p;
    while e > 0 {
        if e & 1 == 1 {
            acc = small_mul(acc, b, p);
        }
        b = small_mul(b, b, p);
        e >>= 1;
    }
    acc
}
