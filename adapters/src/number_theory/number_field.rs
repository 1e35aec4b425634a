//! Number fields K = Q(θ) = Q[x]/(f) on PARI/GP: invariants and integral bases, class groups
//! and units (under GRH unless `bnfcertify` proves them before the deadline), Galois groups,
//! the decomposition of primes, elements, subfields and splitting fields.
//!
//! A field is given by the coefficients of an irreducible f ∈ Q[x], constant term first, which
//! we re-print as `Pol([..])`; a caller's text never reaches PARI. PARI works in a monic
//! integral polynomial U of the same field (`poltomonic`: U's root is α = L·θ), and every
//! element comes back as rational coefficients on 1, θ, …, θ^(n−1) of the caller's θ.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_traits::{One, ToPrimitive, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::cas::{self, Answer, Gp, Query};
use crate::integer::{big, decimal};
use crate::rational::Rational;

mod automorphisms;
mod correspondence;
mod embeddings;
mod galois;
mod relative;
mod units;

pub use automorphisms::{AUTOMORPHISMS_MAX_DEGREE, Automorphisms};
pub use correspondence::{COMPOSITUM_MAX_DEGREE, CORRESPONDENCE_MAX_DEGREE, GaloisCorrespondence};
pub use embeddings::{EMBEDDINGS_MAX_DEGREE, Embeddings, MAX_DECIMALS, MAX_POWER_SUM_EXPONENT};
pub use galois::{
    GALOIS_MAX_DEGREE, GaloisGroup, SPLITTING_MAX_DEGREE, SUBFIELDS_MAX_DEGREE, SplittingField, Subfields,
};
pub use relative::{RELATIVE_MAX_DEGREE, RelativeNormTrace};
pub use units::{CLASS_MAX_DEGREE, ClassGroup, REGULATOR_DECIMALS, UnitGroup};

const PARI: BackendKind = BackendKind::Pari;
/// Highest degree of a field whose invariants, elements or primes are computed.
pub const MAX_DEGREE: usize = 40;
/// Most digits of the numerator or denominator of a coefficient.
pub const MAX_DIGITS: usize = 50;
/// Most digits of the prime p whose decomposition is computed.
pub const PRIME_MAX_DIGITS: usize = 100;

/// Refuses, at `/polynomial`, what visibly defines no number field: zero, constant, a zero
/// leading coefficient, or a multiple of x. Irreducibility in general is PARI's to decide.
fn check_polynomial(f: &[Rational]) -> Result<(), Diagnostic> {
    let zero = |c: &Rational| c.as_str() == "0";
    if f.iter().all(zero) {
        return Err(Diagnostic::at("/polynomial", "ZERO", "the zero polynomial defines no field"));
    }
    if f.len() < 2 {
        let message = "a number field needs degree ≥ 1: at least two coefficients, constant term first";
        return Err(Diagnostic::at("/polynomial", "CONSTANT", message));
    }
    if f.last().is_some_and(zero) {
        let message = "the last coefficient is the leading one and must be non-zero: drop trailing zeros";
        return Err(Diagnostic::at(format!("/polynomial/{}", f.len() - 1), "LEADING_ZERO", message));
    }
    if f.len() > 2 && zero(&f[0]) {
        let message = "the constant term is 0, so x divides the polynomial: it is reducible over Q";
        return Err(Diagnostic::at("/polynomial", "REDUCIBLE", message));
    }
    Ok(())
}

/// Refuses rationals whose numerator or denominator exceed `max` digits.
fn rationals_bound(values: &[Rational], max: usize, at: &str) -> Result<(), Refusal> {
    values.iter().enumerate().try_for_each(|(k, c)| {
        let (n, d) = c.parts();
        cas::digit_bound(&decimal(&n), max, &format!("{at}/{k}"))?;
        cas::digit_bound(&decimal(&d), max, &format!("{at}/{k}"))
    })
}

/// Refuses a polynomial of degree above `max_degree` or with oversized coefficients.
fn polynomial_bound(f: &[Rational], max_degree: usize) -> Result<(), Refusal> {
    let degree = f.len().saturating_sub(1);
    if degree > max_degree {
        let message = format!("degree {degree}; this capability accepts degree ≤ {max_degree}");
        return Err(Refusal::Unsupported(Diagnostic::at("/polynomial", "TOO_LARGE", message)));
    }
    rationals_bound(f, MAX_DIGITS, "/polynomial")
}

fn rational(p: Program, r: &Rational) -> Program {
    let (n, d) = r.parts();
    p.code("(").int(&decimal(&n)).code("/").int(&decimal(&d)).code(")")
}

/// `Pol([..])` of coefficients given constant term first.
fn pol(p: Program, coefficients: &[Rational]) -> Program {
    let leading_first: Vec<&Rational> = coefficients.iter().rev().collect();
    p.code("Pol([").list(&leading_first, ",", |p, c| rational(p, c)).code("])")
}

/// The preamble of every field program: T is the caller's polynomial (the program prints
/// `reducible` and stops unless it is irreducible), n its degree, U a monic integral
/// polynomial of the same field with root α = L·θ, and `th` writes an element given in α as
/// its n coefficients in θ.
fn field(f: &[Rational]) -> Program {
    pol(Program::new(PARI).code("my(T="), f).code(
        ");if(!polisirreducible(T),print(\"reducible\");return);\
         my(n=poldegree(T),L,U=poltomonic(T,&L),th=(w)->Vecrev(lift(Mod(subst(lift(w),x,L*x),T)),n));",
    )
}

/// Runs a field program and parses its lines; a reducible polynomial is refused by name.
fn run(ctx: &AdapterContext, program: &Program) -> Result<Vec<String>, AdapterError> {
    let reply = ctx.backend(program)?;
    if reply.lines.first().is_some_and(|l| l == "reducible") {
        return Err(AdapterError::Unsupported(
            "/polynomial is reducible over Q (PARI/GP's polisirreducible): a number field needs an irreducible \
             polynomial"
                .into(),
        ));
    }
    Ok(reply.lines)
}

fn parse<const N: usize>(lines: &[String]) -> Result<[Gp; N], AdapterError> {
    let values = lines.iter().map(|l| Gp::parse(l)).collect::<Result<Vec<_>, _>>()?;
    <[Gp; N]>::try_from(values)
        .map_err(|v| AdapterError::Backend(format!("PARI/GP printed {} lines where {N} were expected", v.len())))
}

fn small(g: &Gp) -> Result<u64, AdapterError> {
    g.int()?.to_u64().ok_or_else(|| AdapterError::Backend(format!("PARI/GP printed {g:?} for a small count")))
}

fn elements(g: &Gp) -> Result<Vec<Vec<Rational>>, AdapterError> {
    g.items()?.iter().map(Gp::rationals).collect()
}

/// A number field given by its defining polynomial.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FieldInput {
    /// The coefficients of an irreducible f ∈ Q[x], constant term first (integers, or rationals
    /// "p/q"); K = Q(θ) with f(θ) = 0.
    #[schemars(length(min = 1, max = 1000))]
    pub polynomial: Vec<Rational>,
}

/// The signature (r₁, r₂) of a number field.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Signature {
    /// r₁, the number of real embeddings.
    pub real: u64,
    /// r₂, the number of pairs of complex embeddings.
    pub complex: u64,
}

/// Output of `number_field.compute.invariants`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct InvariantsOutput {
    /// n = [K : Q].
    pub degree: usize,
    /// (r₁, r₂), r₁ + 2r₂ = n.
    pub signature: Signature,
    /// The field discriminant d_K.
    pub discriminant: DecimalInteger,
    /// The primes dividing d_K (the ramified primes), increasing.
    pub ramified_primes: Vec<DecimalInteger>,
    /// A Z-basis of the ring of integers O_K, each element as its coefficients on 1, θ, …,
    /// θ^(n−1), in Hermite normal form: the k-th element involves θ^0..θ^(k−1) only, with a
    /// positive last coefficient d_k, and its coefficient on θ^(j−1) reduced into [0, d_j).
    pub integral_basis: Vec<Vec<Rational>>,
    /// [O_K : Z[θ]] when f is monic with integer coefficients (null otherwise).
    pub index: Option<DecimalInteger>,
    /// The number of automorphisms of K.
    pub automorphisms: u64,
    /// Whether K/Q is Galois (automorphisms = n).
    pub galois: bool,
    /// Whether PARI proved the order maximal (nfcertify found nothing left to factor).
    pub maximal_order_proven: bool,
}

/// `number_field.compute.invariants`.
pub struct Invariants;

impl Query for Invariants {
    type Input = FieldInput;
    type Output = InvariantsOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_field.compute.invariants",
            "Number field invariants: discriminant, integral basis, signature",
            "The degree, signature, field discriminant, ramified primes, integral basis (ring of integers), index \
             and automorphism count of a number field Q(θ) given by its defining polynomial.",
            "For a number field of degree ≤ 40 defined by an irreducible polynomial with integer or rational \
             coefficients (PARI/GP nfinit with the polynomial discriminant fully factored, nfgaloisconj): the \
             signature (r1, r2), the discriminant d_K, the ramified primes, a Z-basis of the maximal order in \
             Hermite normal form on the powers of θ, [O_K : Z[θ]] for a monic integral polynomial, and whether \
             the field is Galois. COMPUTED when nfcertify proves the order maximal; otherwise CONDITIONAL.",
            &[
                "number-field",
                "algebraic-number-theory",
                "field-discriminant",
                "integral-basis",
                "ring-of-integers",
                "maximal-order",
                "signature",
                "nfinit",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("Q(√2, √3) = Q[x]/(x⁴ − 10x² + 1)", Mode::Explore, json!({"polynomial": [1, 0, -10, 0, 1]}))]
    }
    fn validate(&self, i: &FieldInput) -> Result<(), Diagnostic> {
        check_polynomial(&i.polynomial)
    }
    fn bounds(&self, i: &FieldInput) -> Result<(), Refusal> {
        polynomial_bound(&i.polynomial, MAX_DEGREE)
    }
    fn answer(&self, i: &FieldInput, ctx: &AdapterContext) -> Result<Answer<InvariantsOutput>, AdapterError> {
        let program = field(&i.polynomial).code(
            "my(nf=nfinit(U),M=Mat(apply(v->v~,apply(th,nf.zk))),d=denominator(M),H=mathnf(M*d)/d);\
             print(nf.disc);print(nf.sign);print(#nfgaloisconj(nf));print(nfcertify(nf));print(vector(n,j,H[,j]~));\
             print(vecsort(select(p->nf.disc%p==0,nf.p)));\
             print(if(pollead(T)==1&&denominator(T)==1,1/prod(i=1,n,H[i,i]),0))",
        );
        let [disc, sign, auts, uncertified, basis, ramified, index] = parse(&run(ctx, &program)?)?;
        let degree = i.polynomial.len() - 1;
        let [real, complex] = <[u64; 2]>::try_from(sign.items()?.iter().map(small).collect::<Result<Vec<_>, _>>()?)
            .map_err(|_| AdapterError::Backend("PARI/GP printed a malformed signature".into()))?;
        let automorphisms = small(&auts)?;
        let unfactored = uncertified.ints()?;
        let index = Some(index.int()?).filter(|k| !k.is_zero()).map(decimal);
        let output = InvariantsOutput {
            degree,
            signature: Signature { real, complex },
            discriminant: decimal(disc.int()?),
            ramified_primes: ramified.ints()?,
            integral_basis: elements(&basis)?,
            index,
            automorphisms,
            galois: automorphisms == degree as u64,
            maximal_order_proven: unfactored.is_empty(),
        };
        if unfactored.is_empty() {
            return Ok(Answer::from(output).note("PROVEN", "nfcertify proved the order maximal"));
        }
        let list: Vec<&str> = unfactored.iter().map(DecimalInteger::as_str).collect();
        Ok(Answer::from(output).assuming(format!(
            "the order being maximal at the prime factors of {}, which PARI/GP did not factor",
            list.join(", ")
        )))
    }
}

/// A prime p in a number field.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PrimeInput {
    /// The coefficients of an irreducible f ∈ Q[x] of degree ≤ 40, constant term first.
    #[schemars(length(min = 1, max = 1000))]
    pub polynomial: Vec<Rational>,
    /// A prime number p (up to 100 digits).
    pub p: DecimalInteger,
}

/// Whether n ≥ 2 passes Miller–Rabin to the first twelve prime bases (every prime does; a
/// composite below 3·10^24 never does, and PARI proves the rest).
fn probable_prime(n: &BigInt) -> bool {
    let one = BigInt::one();
    let m = n - &one;
    let s = m.trailing_zeros().unwrap_or(0);
    let d = &m >> s;
    [2u32, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37].iter().all(|&b| {
        let b = BigInt::from(b);
        if &b >= n {
            return true;
        }
        let mut y = b.modpow(&d, n);
        if y == one || y == m {
            return true;
        }
        (1..s).any(|_| {
            y = y.modpow(&BigInt::from(2), n);
            y == m
        })
    })
}

/// One prime ideal's invariants.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PrimeIdeal {
    /// The ramification index e.
    pub e: u64,
    /// The residue degree f.
    pub f: u64,
}

/// Output of `number_field.compute.prime_decomposition`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DecompositionOutput {
    /// pO_K = ∏ P_i^(e_i): one (e, f) per prime above p, sorted by f and then e (Σ e·f = n).
    pub splitting_type: Vec<PrimeIdeal>,
    /// The primes in the same order, each P_i = (p, π_i) given by π_i's coefficients in θ.
    pub generators: Vec<Vec<Rational>>,
    /// Whether p ramifies (some e > 1), i.e. p divides d_K.
    pub ramified: bool,
    /// Whether p is inert (one prime, f = n).
    pub inert: bool,
    /// Whether p splits completely (n primes, e = f = 1).
    pub totally_split: bool,
}

/// `number_field.compute.prime_decomposition`.
pub struct PrimeDecomposition;

impl Query for PrimeDecomposition {
    type Input = PrimeInput;
    type Output = DecompositionOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_field.compute.prime_decomposition",
            "How a prime splits in a number field",
            "The decomposition of a prime p into prime ideals of a number field: ramification indices e, residue \
             degrees f, generators, and whether p ramifies, is inert or splits completely.",
            "Decomposes pO_K for a prime p of up to 100 digits in a number field of degree ≤ 40 (PARI/GP \
             idealprimedec on an order maximal at p): each prime ideal P = (p, π) above p with its ramification \
             index and residue degree.",
            &[
                "number-field",
                "algebraic-number-theory",
                "prime-decomposition",
                "prime-ideal",
                "ramification",
                "splitting",
                "inert",
                "idealprimedec",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("how 3 splits in Q(√2, √3)", Mode::Explore, json!({"polynomial": [1, 0, -10, 0, 1], "p": 3}))]
    }
    fn validate(&self, i: &PrimeInput) -> Result<(), Diagnostic> {
        check_polynomial(&i.polynomial)?;
        let p = big(&i.p);
        if p < BigInt::from(2) || (i.p.as_str().len() <= PRIME_MAX_DIGITS && !probable_prime(&p)) {
            return Err(Diagnostic::at("/p", "NOT_PRIME", "p is a prime number"));
        }
        Ok(())
    }
    fn bounds(&self, i: &PrimeInput) -> Result<(), Refusal> {
        cas::digit_bound(&i.p, PRIME_MAX_DIGITS, "/p")?;
        polynomial_bound(&i.polynomial, MAX_DEGREE)
    }
    fn answer(&self, i: &PrimeInput, ctx: &AdapterContext) -> Result<Answer<DecompositionOutput>, AdapterError> {
        let program = field(&i.polynomial).code("my(p=").int(&i.p).code(
            ");if(!isprime(p),print(\"composite\");return);my(nf=nfinit([U,[p]]),D=idealprimedec(nf,p));\
             print(apply(P->[P.e,P.f],D));print(apply(P->th(nfbasistoalg(nf,P.gen[2])),D))",
        );
        let lines = run(ctx, &program)?;
        if lines.first().is_some_and(|l| l == "composite") {
            return Err(AdapterError::Unsupported(format!("/p: {} is not prime (PARI/GP's isprime)", i.p)));
        }
        let [ef, generators] = parse(&lines)?;
        let mut primes = ef
            .items()?
            .iter()
            .zip(elements(&generators)?)
            .map(|(ef, g)| match ef.items()? {
                [e, f] => Ok((PrimeIdeal { e: small(e)?, f: small(f)? }, g)),
                _ => Err(AdapterError::Backend("PARI/GP printed a malformed prime ideal".into())),
            })
            .collect::<Result<Vec<_>, _>>()?;
        primes.sort_by_key(|(p, _)| (p.f, p.e));
        let n = (i.polynomial.len() - 1) as u64;
        if primes.iter().map(|(p, _)| p.e * p.f).sum::<u64>() != n {
            return Err(AdapterError::Backend("PARI/GP's prime ideals do not add up to the degree".into()));
        }
        let ramified = primes.iter().any(|(p, _)| p.e > 1);
        let inert = primes.len() == 1 && primes[0].0.f == n;
        let totally_split = primes.len() as u64 == n;
        let (splitting_type, generators) = primes.into_iter().unzip();
        Ok(DecompositionOutput { splitting_type, generators, ramified, inert, totally_split }.into())
    }
}

/// An element of a number field.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ElementInput {
    /// The coefficients of an irreducible f ∈ Q[x] of degree ≤ 40, constant term first.
    #[schemars(length(min = 1, max = 1000))]
    pub polynomial: Vec<Rational>,
    /// The element a = c₀ + c₁θ + … as its rational coefficients (at most n of them).
    #[schemars(length(min = 1, max = 1000))]
    pub element: Vec<Rational>,
}

/// Output of `number_field.compute.element`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ElementOutput {
    /// The norm N_{K/Q}(a).
    pub norm: Rational,
    /// The trace Tr_{K/Q}(a).
    pub trace: Rational,
    /// The characteristic polynomial of a over Q (degree n, monic), constant term first.
    pub characteristic_polynomial: Vec<Rational>,
    /// The minimal polynomial of a over Q (monic), constant term first.
    pub minimal_polynomial: Vec<Rational>,
    /// [Q(a) : Q], the degree of the minimal polynomial.
    pub degree: usize,
    /// Whether a is an algebraic integer (its minimal polynomial has integer coefficients).
    pub integral: bool,
    /// Whether a is a unit of O_K (integral with norm ±1).
    pub unit: bool,
}

/// `number_field.compute.element`.
pub struct Element;

impl Query for Element {
    type Input = ElementInput;
    type Output = ElementOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_field.compute.element",
            "Norm, trace and minimal polynomial of an algebraic number",
            "The norm, trace, characteristic polynomial and minimal polynomial of an element of a number field, \
             and whether it is an algebraic integer or a unit.",
            "For a = Σ c_k θ^k with rational c_k in the number field Q(θ) of an irreducible polynomial of degree \
             ≤ 40 (PARI/GP charpoly, minpoly, norm, trace on Q[x]/(f)): exact rational norm and trace, the \
             characteristic and minimal polynomials over Q, the degree of a, and whether a is integral or a unit.",
            &[
                "number-field",
                "algebraic-number",
                "element",
                "norm",
                "trace",
                "minimal-polynomial",
                "characteristic-polynomial",
                "algebraic-integer",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "the norm and minimal polynomial of 1 + ∛2 + ∛4",
            Mode::Explore,
            json!({"polynomial": [-2, 0, 0, 1], "element": [1, 1, 1]}),
        )]
    }
    fn validate(&self, i: &ElementInput) -> Result<(), Diagnostic> {
        check_polynomial(&i.polynomial)?;
        if i.element.is_empty() || i.element.len() >= i.polynomial.len() {
            let message = "an element has one to n coefficients, n the degree of the polynomial";
            return Err(Diagnostic::at("/element", "OUT_OF_RANGE", message));
        }
        Ok(())
    }
    fn bounds(&self, i: &ElementInput) -> Result<(), Refusal> {
        polynomial_bound(&i.polynomial, MAX_DEGREE)?;
        rationals_bound(&i.element, 2 * MAX_DIGITS, "/element")
    }
    fn answer(&self, i: &ElementInput, ctx: &AdapterContext) -> Result<Answer<ElementOutput>, AdapterError> {
        let program = pol(field(&i.polynomial).code("my(a=Mod("), &i.element).code(
            ",T),m=minpoly(a));print(norm(a));print(trace(a));print(Vecrev(charpoly(a)));print(Vecrev(m/pollead(m)))",
        );
        let [norm, trace, charpoly, minpoly] = parse(&run(ctx, &program)?)?;
        let minimal_polynomial = minpoly.rationals()?;
        let integral = minimal_polynomial.iter().all(Rational::is_integer);
        let norm = norm.rational()?;
        let unit = integral && matches!(norm.as_str(), "1" | "-1");
        Ok(ElementOutput {
            trace: trace.rational()?,
            characteristic_polynomial: charpoly.rationals()?,
            degree: minimal_polynomial.len().saturating_sub(1),
            minimal_polynomial,
            integral,
            unit,
            norm,
        }
        .into())
    }
}
