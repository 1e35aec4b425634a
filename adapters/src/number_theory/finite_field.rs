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
use jacobian_runtime::contract::{Diagnostic, Mode};
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

pub mod element;
pub mod invariant_forms;
pub mod maps;
pub mod paley;
pub mod scalars;
pub mod syzygy;
pub mod zeros;

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
                "An irreducible polynomial from PARI/GP's ffinit, or the first primitive polynomial x^n + Σ cᵢxⁱ \
                 with c₀ = (−1)^n·g (g the least primitive root mod p: a primitive polynomial's constant term is \
                 (−1)^n times a primitive root) in the order of Σ_{i≥1} cᵢ·p^(i−1), for a prime p of up to 200 digits with n³·b·(b + 5) ≤ \
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
                // The constant term of a primitive polynomial is (−1)^n times a primitive root mod p
                // (its norm), so the search fixes it to (−1)^n·g, g the least primitive root.
                ",q=p^n-1,L=factor(q)[,1],M=select(l->(p-1)%l==0,L),g=1);if(!isprime(p),print(\"composite\"),\
                 while(vecsum(apply(l->Mod(g,p)^((p-1)/l)==1,M)),g++);for(k=0,p^(n-1)-1,\
                 my(f=(x^n+x*Pol(digits(k,p))+(-1)^n*g)*Mod(1,p),y=Mod(Mod(1,p)*x,f));\
                 if(polisirreducible(f)&&vecsum(apply(l->y^(q/l)==1,L~))==0,print(Vecrev(lift(f)));break)))",
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

/// a·b mod p in machine words.
pub(crate) fn small_mul(a: u64, b: u64, p: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(p)) as u64
}

/// b^e mod p in machine words.
pub(crate) fn small_pow(mut b: u64, mut e: u64, p: u64) -> u64 {
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
