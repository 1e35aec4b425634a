//! Univariate polynomials on PARI/GP (gcd with Bézout cofactors, factorization, square-free
//! decomposition, resultants and discriminants, cyclotomic polynomials, partial fractions); the
//! multivariate gcd, factorization and resultant run on Singular.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::{Domain, PolyValue, Ring, rational_text};
use jacobian_runtime::typed::Describe;
use num_traits::{One, Signed, ToPrimitive, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::arith::{gcdext, mul, poly, trim};
use super::calculus::divide;
use super::{
    Poly, Rat, constant, dense, equal, from_gp, gp_pol, identities, power, product, q, read, ring, sum, terms,
};
use crate::cas::{self, Answer, Gp, Query};

const PARI: BackendKind = BackendKind::Pari;
const SINGULAR: BackendKind = BackendKind::Singular;
/// Highest degree sent to PARI/GP.
pub const MAX_DEGREE: u32 = 2000;

fn unsupported(d: Diagnostic) -> AdapterError {
    AdapterError::Unsupported(d.message)
}

fn uni(prog: Program, p: &Poly, r: &Ring) -> Program {
    gp_pol(prog, &dense(p), &r.domain)
}

/// Input of capabilities on two polynomials.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PairInput {
    /// Variable names.
    pub variables: Vec<String>,
    /// `Z`, `Q` (default) or `F_p`.
    #[serde(default = "q")]
    pub domain: String,
    /// The first polynomial.
    pub f: PolyValue,
    /// The second polynomial.
    pub g: PolyValue,
}

fn pair(i: &PairInput) -> Result<(Ring, Poly, Poly), Diagnostic> {
    let r = ring(&i.variables, &i.domain)?;
    let f = read(&r, &i.f, "/f")?;
    let g = read(&r, &i.g, "/g")?;
    if f.is_zero() && g.is_zero() {
        return Err(Diagnostic::at("/g", "BOTH_ZERO", "f and g are not both zero"));
    }
    Ok((r, f, g))
}

fn pair_bounds(i: &PairInput) -> Result<(), Refusal> {
    let (r, f, g) = pair(i).map_err(super::refused)?;
    let max = if r.n() == 1 { MAX_DEGREE } else { 200 };
    super::degree_bound(&f, r.n(), max, "/f")?;
    super::degree_bound(&g, r.n(), max, "/g")?;
    super::term_bound(&f, 5000, "/f")?;
    super::term_bound(&g, 5000, "/g")
}

/// Output of `polynomial.compute.gcd`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GcdOutput {
    /// gcd(f, g), monic over a field, primitive with a positive leading coefficient over Z.
    pub gcd: String,
    /// lcm(f, g), normalized the same way.
    pub lcm: String,
    /// f / gcd.
    pub f_cofactor: String,
    /// g / gcd.
    pub g_cofactor: String,
    /// Univariate, in VERIFY mode: s and t with s·f + t·g = gcd (over Q for Z).
    pub bezout: Option<[String; 2]>,
}

/// `polynomial.compute.gcd`.
pub struct Gcd;

impl Query for Gcd {
    type Input = PairInput;
    type Output = GcdOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "polynomial.compute.gcd",
                "Polynomial gcd and lcm with cofactors and Bezout coefficients",
                "The greatest common divisor and least common multiple of two polynomials over Z, Q or F_p, with \
                 cofactors, and for one variable the Bezout coefficients s f + t g = gcd.",
                "Computes gcd(f, g) and lcm(f, g) of univariate polynomials with PARI/GP's gcdext (extended Euclid) \
                 and of multivariate ones with Singular, with the cofactors f/gcd and g/gcd. VERIFY (one variable) \
                 replays f = gcd * f', g = gcd * g' and the Bezout identity s f + t g = gcd, which together prove it \
                 is the greatest common divisor.",
                &[
                    "polynomial",
                    "gcd",
                    "greatest-common-divisor",
                    "lcm",
                    "bezout",
                    "extended-euclid",
                    "cofactors",
                    "multivariate",
                ],
            ),
            &[super::IDENTITIES],
        )
    }
    fn provider(&self) -> Provider {
        cas::provider(PARI)
    }
    fn backend(&self) -> Option<BackendKind> {
        Some(PARI)
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "gcd(x^2 - 1, x^2 + 3x + 2)",
                Mode::Verify,
                json!({"variables": ["x"], "f": "x^2 - 1", "g": "x^2 + 3*x + 2"}),
            ),
            (
                "a multivariate gcd",
                Mode::Explore,
                json!({"variables": ["x", "y"], "f": "x^2 - y^2", "g": "x^2 + 2*x*y + y^2"}),
            ),
        ]
    }
    fn validate(&self, i: &PairInput) -> Result<(), Diagnostic> {
        pair(i).map(|_| ())
    }
    fn bounds(&self, i: &PairInput) -> Result<(), Refusal> {
        pair_bounds(i)
    }
    fn answer(&self, i: &PairInput, ctx: &AdapterContext) -> Result<Answer<GcdOutput>, AdapterError> {
        let (r, f, g) = pair(i).map_err(unsupported)?;
        if r.n() > 1 {
            return multivariate_gcd(&r, &f, &g, ctx);
        }
        let qr = Ring { domain: if r.domain == Domain::Z { Domain::Q } else { r.domain.clone() }, ..r.clone() };
        // The Bézout coefficients can be far larger than the gcd: only VERIFY asks for them.
        let verify = ctx.mode == Mode::Verify;
        let program = uni(uni(Program::new(PARI).code("my(f="), &f, &r).code(",g="), &g, &r).code(
            ",d=gcd(f,g));print(Vecrev(lift(d)));print(Vecrev(lift(f/d)));print(Vecrev(lift(g/d)));print(Vecrev(lift(f/d*g)))",
        );
        let program = if verify {
            program.code(";my(e=gcdext(f,g),c=e[3]/d);print(Vecrev(lift(e[1]/c)));print(Vecrev(lift(e[2]/c)))")
        } else {
            program
        };
        let reply = ctx.backend(&program)?;
        let read = |t: &str| from_gp(&Gp::parse(t)?, 0, 1, &qr.domain);
        let lines = reply.lines.iter().map(|l| read(l)).collect::<Result<Vec<_>, _>>()?;
        let (d, fc, gc, l) = match lines.as_slice() {
            [d, fc, gc, l, ..] if lines.len() == if verify { 6 } else { 4 } => (d, fc, gc, l),
            _ => return Err(AdapterError::Backend("PARI/GP printed a malformed gcd".into())),
        };
        // Normalize: monic over a field, primitive and positive over Z; the cofactors take the scale.
        let lead = d.leading_coefficient();
        let scale = if r.domain == Domain::Z {
            let c = d.content();
            if lead.is_negative() { -c } else { c }
        } else {
            lead
        };
        let inv = qr.domain.inverse(&scale).unwrap_or_else(Rat::one);
        let red = |p: Poly| qr.domain.reduce(p).unwrap_or_default();
        let (d, fc, gc) = (red(d.scale(&inv)), red(fc.scale(&scale)), red(gc.scale(&scale)));
        let l = super::normalized(&r, l);
        let mut bezout = None;
        let mut answer_claim = None;
        // The claim (term lists of every polynomial) is built in VERIFY mode only.
        if let [.., u, v] = lines.as_slice().get(4..).unwrap_or(&[]) {
            let (s, t) = (red(u.scale(&inv)), red(v.scale(&inv)));
            let rel = vec![
                equal(terms(&f), product(vec![terms(&d), terms(&fc)])),
                equal(terms(&g), product(vec![terms(&d), terms(&gc)])),
                equal(terms(&d), sum(vec![product(vec![terms(&s), terms(&f)]), product(vec![terms(&t), terms(&g)])])),
            ];
            answer_claim = Some(identities(&qr, rel));
            bezout = Some([qr.print(&s), qr.print(&t)]);
        }
        let out = GcdOutput {
            gcd: r.print(&d),
            lcm: r.print(&l),
            f_cofactor: qr.print(&fc),
            g_cofactor: qr.print(&gc),
            bezout,
        };
        Ok(match answer_claim {
            Some(c) => Answer::from(out).claim(c),
            None => out.into(),
        })
    }
}

fn multivariate_gcd(r: &Ring, f: &Poly, g: &Poly, ctx: &AdapterContext) -> Result<Answer<GcdOutput>, AdapterError> {
    let prog = super::singular_ring(Program::new(SINGULAR), r, "dp");
    let prog = super::singular_poly(super::singular_poly(prog.code("poly f = "), f).code("; poly g = "), g)
        .code("; poly d = gcd(f, g); print(string(d)); if (d != 0) { print(string(f / d)); print(string(g / d)); print(string(f * (g / d))); }");
    let reply = ctx.backend(&prog)?;
    let ps: Vec<Poly> = reply.lines.iter().map(|l| super::from_singular(r, l)).collect::<Result<_, _>>()?;
    let [d, fc, gc, l] = ps.as_slice() else {
        return Err(AdapterError::Backend("Singular printed a malformed gcd".into()));
    };
    let k = super::normalized(r, d);
    let ratio = d.leading_coefficient() / k.leading_coefficient();
    let out = GcdOutput {
        gcd: r.print(&k),
        lcm: r.print(&super::normalized(r, l)),
        f_cofactor: r.print(&r.domain.reduce(fc.scale(&ratio)).unwrap_or_default()),
        g_cofactor: r.print(&r.domain.reduce(gc.scale(&ratio)).unwrap_or_default()),
        bezout: None,
    };
    Ok(out.into())
}

/// Input of the factorization capabilities.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FactorInput {
    /// Variable names.
    pub variables: Vec<String>,
    /// `Z`, `Q` (default) or `F_p`.
    #[serde(default = "q")]
    pub domain: String,
    /// The polynomial (not zero).
    pub polynomial: PolyValue,
    /// The ring and the polynomial, read once for validation, bounds and the answer.
    #[serde(skip)]
    #[schemars(skip)]
    read: std::sync::OnceLock<Result<(Ring, Poly), Diagnostic>>,
}

/// A factor and its multiplicity.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FactorOut {
    /// The factor.
    pub factor: String,
    /// Its multiplicity.
    pub multiplicity: u32,
}

/// Output of `polynomial.factor` and `polynomial.compute.square_free_decomposition`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FactorOutput {
    /// The constant c with f = c · Π factorᵐ.
    pub unit: String,
    /// The factors: irreducible (primitive with a positive leading coefficient over Z, monic over Q
    /// and F_p), or the square-free parts.
    pub factors: Vec<FactorOut>,
}

fn factor_input(i: &FactorInput) -> Result<&(Ring, Poly), Diagnostic> {
    let read_once = || {
        let r = ring(&i.variables, &i.domain)?;
        let f = read(&r, &i.polynomial, "/polynomial")?;
        if f.is_zero() {
            return Err(Diagnostic::at("/polynomial", "ZERO", "the zero polynomial has no factorization"));
        }
        Ok((r, f))
    };
    i.read.get_or_init(read_once).as_ref().map_err(Clone::clone)
}

fn factor_bounds(i: &FactorInput) -> Result<(), Refusal> {
    let (r, f) = factor_input(i).map_err(super::refused)?;
    super::degree_bound(f, r.n(), if r.n() == 1 { 1000 } else { 100 }, "/polynomial")?;
    super::term_bound(f, 2000, "/polynomial")
}

/// The factors of a one-variable polynomial over Z or Q from [`super::zassenhaus`], when that
/// path can prove its answer: x^k apart, the rest made primitive with a positive leading
/// coefficient (the caller recovers the unit).
fn in_process(f: &Poly, domain: &Domain, n: usize) -> Option<Vec<(Poly, u32)>> {
    if n != 1 || !matches!(domain, Domain::Z | Domain::Q) {
        return None;
    }
    let (_, integral) = f.clear_denominators();
    let coefficients: Vec<i64> = dense(&integral).iter().map(|c| c.to_integer().to_i64()).collect::<Option<_>>()?;
    let shift = coefficients.iter().position(|&c| c != 0)?;
    let mut rest = coefficients[shift..].to_vec();
    let content = rest.iter().fold(0i64, |acc, &c| num_integer::Integer::gcd(&acc, &c));
    let sign = if rest.last().is_some_and(|&l| l < 0) { -1 } else { 1 };
    rest.iter_mut().for_each(|c| *c = *c / content * sign);
    let irreducible: Vec<Vec<i128>> = match rest.len() {
        1 => vec![],
        2 => vec![rest.iter().map(|&c| i128::from(c)).collect()],
        _ => super::zassenhaus::factor(&rest)?,
    };
    let mut factors: Vec<(Poly, u32)> = irreducible
        .into_iter()
        .map(|g| (Poly::from_dense(&g.into_iter().map(|c| Rat::from_integer(c.into())).collect::<Vec<_>>(), 0, 1), 1))
        .collect();
    if shift > 0 {
        factors.push((Poly::variable(0, 1), u32::try_from(shift).ok()?));
    }
    Some(factors)
}

/// Irreducible factors with multiplicities, and the unit: one variable over Z or Q in-process
/// when the Zassenhaus path certifies its answer, else from PARI/GP or Singular, whose factors
/// are multiplied back and compared with the polynomial.
pub(crate) fn factorize(r: &Ring, f: &Poly, ctx: &AdapterContext) -> Result<(Rat, Vec<(Poly, u32)>), AdapterError> {
    let n = r.n();
    if f.total_degree() == Some(0) {
        return Ok((f.leading_coefficient(), vec![]));
    }
    // The in-process factors are exact by construction: each divided the polynomial over Z.
    let (mut factors, exact) = match in_process(f, &r.domain, n) {
        Some(found) => (found, true),
        None => (backend_factors(r, f, ctx)?, false),
    };
    for (p, _) in &mut factors {
        *p = super::normalized(r, p);
    }
    // The unit from the leading coefficients (the monomial order is multiplicative).
    let leads =
        factors.iter().fold(Rat::one(), |acc, (p, e)| acc * num_traits::pow(p.leading_coefficient(), *e as usize));
    let unit = r.domain.element(&(f.leading_coefficient() / leads)).map_err(AdapterError::Unsupported)?;
    if !exact {
        let mut product_poly = Poly::constant(unit.clone(), n);
        for (p, e) in &factors {
            let power = p.pow(*e, n).map_err(super::native::too_large)?;
            product_poly = r
                .domain
                .reduce(product_poly.mul(&power).map_err(super::native::too_large)?)
                .map_err(AdapterError::Unsupported)?;
        }
        if &product_poly != f {
            return Err(AdapterError::Backend("the backend's factors do not multiply to the polynomial".into()));
        }
    }
    factors.sort_by_cached_key(|a| (a.1, a.0.total_degree(), r.print(&a.0)));
    Ok((unit, factors))
}

/// The factors PARI/GP (one variable) or Singular (several) prints, with multiplicities.
fn backend_factors(r: &Ring, f: &Poly, ctx: &AdapterContext) -> Result<Vec<(Poly, u32)>, AdapterError> {
    let mut factors: Vec<(Poly, u32)> = vec![];
    if r.n() == 1 {
        let program = uni(Program::new(PARI).code("my(F=factor("), f, r)
            .code("));print(apply(q->Vecrev(lift(q)),F[,1]~));print(F[,2]~)");
        let reply = ctx.backend(&program)?;
        let [ps, es] = reply.lines.as_slice() else {
            return Err(AdapterError::Backend("PARI/GP printed a malformed factorization".into()));
        };
        let es = Gp::parse(es)?.ints()?;
        for (p, e) in Gp::parse(ps)?.items()?.iter().zip(es) {
            let e = e
                .to_i64()
                .and_then(|e| u32::try_from(e).ok())
                .ok_or_else(|| AdapterError::Backend("a bad multiplicity".into()))?;
            factors.push((from_gp(p, 0, 1, &r.domain)?, e));
        }
    } else {
        let prog = super::singular_ring(Program::new(SINGULAR), r, "dp");
        let prog = super::singular_poly(prog.code("poly f = "), f).code(
            "; list L = factorize(f); int k; for (k = 2; k <= size(L[1]); k++) { print(string(L[1][k])); print(string(L[2][k])); }",
        );
        let reply = ctx.backend(&prog)?;
        for pair in reply.lines.chunks(2) {
            let [p, e] = pair else {
                return Err(AdapterError::Backend("Singular printed a malformed factorization".into()));
            };
            let e: u32 =
                e.trim().parse().map_err(|_| AdapterError::Backend("Singular printed a bad multiplicity".into()))?;
            factors.push((super::from_singular(r, p)?, e));
        }
    }
    Ok(factors)
}

/// The answer, with its claim (the product of the factors) in VERIFY mode only.
fn factor_answer(r: &Ring, f: &Poly, unit: Rat, factors: Vec<(Poly, u32)>, mode: Mode) -> Answer<FactorOutput> {
    let out = FactorOutput {
        unit: rational_text(&unit),
        factors: factors.iter().map(|(p, e)| FactorOut { factor: r.print(p), multiplicity: *e }).collect(),
    };
    if mode != Mode::Verify {
        return out.into();
    }
    let mut parts = vec![constant(&unit, r.n())];
    parts.extend(factors.iter().map(|(p, e)| power(terms(p), *e)));
    Answer::from(out).claim(identities(r, vec![equal(terms(f), product(parts))]))
}

/// `polynomial.factor`.
pub struct Factor;

impl Query for Factor {
    type Input = FactorInput;
    type Output = FactorOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "polynomial.factor",
                "Factor a polynomial over Z, Q or F_p",
                "The factorization of a univariate or multivariate polynomial into irreducible factors with \
                 multiplicities over the integers, rationals or a prime field.",
                "Factors a polynomial into irreducibles: one variable over Z or Q in-process by Zassenhaus's method \
                 when its coefficient bound proves the answer complete, otherwise with PARI/GP's factor (also modulo \
                 p); several variables with Singular's factorize. VERIFY re-expands unit * product of factor^multiplicity and \
                 compares it with the input; the irreducibility of the factors stays COMPUTED.",
                &[
                    "polynomial",
                    "factor",
                    "factorization",
                    "irreducible",
                    "factors",
                    "multivariate",
                    "modular",
                    "algebra",
                ],
            ),
            &[super::IDENTITIES],
        )
    }
    fn provider(&self) -> Provider {
        cas::provider(PARI)
    }
    fn backend(&self) -> Option<BackendKind> {
        Some(PARI)
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("x^4 - 1 over Q", Mode::Verify, json!({"variables": ["x"], "polynomial": "x^4 - 1"})),
            ("x^4 + 1 over F_2", Mode::Verify, json!({"variables": ["x"], "domain": "F_2", "polynomial": "x^4 + 1"})),
            ("x^2 - y^2", Mode::Verify, json!({"variables": ["x", "y"], "polynomial": "x^2 - y^2"})),
        ]
    }
    fn validate(&self, i: &FactorInput) -> Result<(), Diagnostic> {
        factor_input(i).map(|_| ())
    }
    fn bounds(&self, i: &FactorInput) -> Result<(), Refusal> {
        factor_bounds(i)
    }
    fn answer(&self, i: &FactorInput, ctx: &AdapterContext) -> Result<Answer<FactorOutput>, AdapterError> {
        let (r, f) = factor_input(i).map_err(unsupported)?;
        let (unit, factors) = factorize(r, f, ctx)?;
        Ok(factor_answer(r, f, unit, factors, ctx.mode).note(
            "IRREDUCIBILITY_COMPUTED",
            "VERIFY covers the product; the irreducibility of each factor is computed",
        ))
    }
}

/// `polynomial.compute.square_free_decomposition`.
pub struct SquareFree;

impl Query for SquareFree {
    type Input = FactorInput;
    type Output = FactorOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "polynomial.compute.square_free_decomposition",
                "Square-free decomposition of a polynomial",
                "The square-free decomposition f = c * a1 * a2^2 * a3^3 * ... of a polynomial over Z, Q or F_p, the \
                 parts pairwise coprime and square-free.",
                "Splits a polynomial into square-free parts by multiplicity (each part is the product of the \
                 irreducible factors of that multiplicity, from PARI/GP or Singular). VERIFY re-expands \
                 c * product of part^multiplicity.",
                &["polynomial", "square-free", "squarefree", "decomposition", "multiplicity", "repeated-roots", "yun"],
            ),
            &[super::IDENTITIES],
        )
    }
    fn provider(&self) -> Provider {
        cas::provider(PARI)
    }
    fn backend(&self) -> Option<BackendKind> {
        Some(PARI)
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("(x-1)^2 (x+2)^3", Mode::Verify, json!({"variables": ["x"], "polynomial": "(x - 1)^2*(x + 2)^3"}))]
    }
    fn validate(&self, i: &FactorInput) -> Result<(), Diagnostic> {
        factor_input(i).map(|_| ())
    }
    fn bounds(&self, i: &FactorInput) -> Result<(), Refusal> {
        factor_bounds(i)
    }
    fn answer(&self, i: &FactorInput, ctx: &AdapterContext) -> Result<Answer<FactorOutput>, AdapterError> {
        let (r, f) = factor_input(i).map_err(unsupported)?;
        let n = r.n();
        let (unit, factors) = factorize(r, f, ctx)?;
        let mut parts: Vec<(Poly, u32)> = vec![];
        for (p, e) in factors {
            match parts.iter_mut().find(|(_, k)| *k == e) {
                Some((q, _)) => {
                    *q = r
                        .domain
                        .reduce(q.mul(&p).map_err(super::native::too_large)?)
                        .map_err(AdapterError::Unsupported)?
                }
                None => parts.push((p, e)),
            }
        }
        let _ = n;
        Ok(factor_answer(r, f, unit, parts, ctx.mode))
    }
}

/// What to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ResultantOperation {
    /// Res(f, g) with respect to `variable`.
    Resultant,
    /// disc(f) (one variable).
    Discriminant,
}

/// Input of `polynomial.compute.resultant`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultantInput {
    /// Variable names.
    pub variables: Vec<String>,
    /// `Z`, `Q` (default) or `F_p`.
    #[serde(default = "q")]
    pub domain: String,
    /// The operation (default resultant).
    #[serde(default = "resultant_op")]
    pub operation: ResultantOperation,
    /// f.
    pub f: PolyValue,
    /// g (resultant).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub g: Option<PolyValue>,
    /// The variable eliminated (default the first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variable: Option<String>,
}

fn resultant_op() -> ResultantOperation {
    ResultantOperation::Resultant
}

/// Output of `polynomial.compute.resultant`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ResultantOutput {
    /// The resultant or discriminant (a polynomial in the other variables, or a number).
    pub value: String,
}

/// `polynomial.compute.resultant`.
pub struct Resultant;

fn resultant_input(i: &ResultantInput) -> Result<(Ring, Poly, Option<Poly>, usize), Diagnostic> {
    let r = ring(&i.variables, &i.domain)?;
    let f = read(&r, &i.f, "/f")?;
    let var = match &i.variable {
        Some(v) => super::native::var_index(&r, v, "/variable")?,
        None => 0,
    };
    let g = match (&i.g, i.operation) {
        (Some(g), ResultantOperation::Resultant) => Some(read(&r, g, "/g")?),
        (None, ResultantOperation::Resultant) => return Err(Diagnostic::at("/g", "MISSING", "a resultant needs g")),
        (Some(_), _) => return Err(Diagnostic::at("/g", "UNEXPECTED", "a discriminant takes f only")),
        (None, _) => None,
    };
    if i.operation == ResultantOperation::Discriminant && (r.n() > 1 || f.total_degree().unwrap_or(0) < 1) {
        return Err(Diagnostic::at(
            "/f",
            "BAD_POLYNOMIAL",
            "a discriminant is of a non-constant polynomial in one variable",
        ));
    }
    Ok((r, f, g, var))
}

impl Query for Resultant {
    type Input = ResultantInput;
    type Output = ResultantOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "polynomial.compute.resultant",
                "Resultant and discriminant of polynomials",
                "The resultant Res(f, g) of two polynomials with respect to a variable, or the discriminant of a \
                 univariate polynomial, over Z, Q or F_p.",
                "Computes the resultant of f and g (PARI/GP's polresultant for one variable; Singular's resultant, \
                 eliminating the chosen variable, for several) and the discriminant of a univariate polynomial \
                 (poldisc). VERIFY (one variable) recomputes the Sylvester determinant.",
                &["polynomial", "resultant", "discriminant", "sylvester", "elimination", "common-root"],
            ),
            &[super::IDENTITIES],
        )
    }
    fn provider(&self) -> Provider {
        cas::provider(PARI)
    }
    fn backend(&self) -> Option<BackendKind> {
        Some(PARI)
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("Res(x^2 - 2, x^3 - 3)", Mode::Verify, json!({"variables": ["x"], "f": "x^2 - 2", "g": "x^3 - 3"})),
            (
                "disc of a cubic",
                Mode::Verify,
                json!({"variables": ["x"], "operation": "discriminant", "f": "x^3 + x + 1"}),
            ),
        ]
    }
    fn validate(&self, i: &ResultantInput) -> Result<(), Diagnostic> {
        resultant_input(i).map(|_| ())
    }
    fn bounds(&self, i: &ResultantInput) -> Result<(), Refusal> {
        let (r, f, g, _) = resultant_input(i).map_err(super::refused)?;
        let max = if r.n() == 1 { 300 } else { 50 };
        super::degree_bound(&f, r.n(), max, "/f")?;
        g.map_or(Ok(()), |g| super::degree_bound(&g, r.n(), max, "/g"))
    }
    fn answer(&self, i: &ResultantInput, ctx: &AdapterContext) -> Result<Answer<ResultantOutput>, AdapterError> {
        let (r, f, g, var) = resultant_input(i).map_err(unsupported)?;
        let n = r.n();
        if n > 1 {
            let g = g.unwrap_or_default();
            let prog = super::singular_ring(Program::new(SINGULAR), &r, "dp");
            let prog = super::singular_poly(super::singular_poly(prog.code("poly f = "), &f).code("; poly g = "), &g)
                .code("; print(string(resultant(f, g, v")
                .small(var as i64 + 1)
                .code(")));");
            let reply = ctx.backend(&prog)?;
            let v = super::from_singular(&r, reply.single(SINGULAR)?)?;
            return Ok(ResultantOutput { value: r.print(&v) }.into());
        }
        let num = |t: &str| -> Result<Rat, AdapterError> {
            let (a, b) = Gp::parse(t)?.rational()?.parts();
            r.domain.element(&Rat::new(a, b)).map_err(AdapterError::Unsupported)
        };
        match g {
            Some(g) => {
                let prog =
                    uni(uni(Program::new(PARI).code("print(lift(polresultant("), &f, &r).code(","), &g, &r).code(")))");
                let v = num(ctx.backend(&prog)?.single(PARI)?)?;
                let claim = identities(&r, vec![super::resultant(terms(&f), terms(&g), 0, constant(&v, 1))]);
                Ok(Answer::from(ResultantOutput { value: rational_text(&v) }).claim(claim))
            }
            None => {
                let prog = uni(Program::new(PARI).code("my(f="), &f, &r)
                    .code(");print(lift(poldisc(f)));print(lift(polresultant(f,f')))");
                let reply = ctx.backend(&prog)?;
                let [d, res] = reply.lines.as_slice() else {
                    return Err(AdapterError::Backend("PARI/GP printed a malformed discriminant".into()));
                };
                let (d, res) = (num(d)?, num(res)?);
                let deg = f.degree_in(0).unwrap_or(0);
                let sign = if (deg * deg.saturating_sub(1) / 2) % 2 == 0 { Rat::one() } else { -Rat::one() };
                let lead = f.leading_coefficient();
                let claim = identities(
                    &r,
                    vec![
                        super::resultant(terms(&f), super::derivative(terms(&f), 0), 0, constant(&res, 1)),
                        equal(
                            constant(&res, 1),
                            product(vec![constant(&d, 1), constant(&lead, 1), constant(&sign, 1)]),
                        ),
                    ],
                );
                Ok(Answer::from(ResultantOutput { value: rational_text(&d) }).claim(claim))
            }
        }
    }
}

/// Input of `rational_function.compute.partial_fractions`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PartialFractionsInput {
    /// One variable name.
    pub variables: Vec<String>,
    /// `Q` (default) or `F_p`.
    #[serde(default = "q")]
    pub domain: String,
    /// The numerator.
    pub numerator: PolyValue,
    /// The denominator (not zero).
    pub denominator: PolyValue,
}

/// One term a / q^k.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FractionTerm {
    /// a, of degree below q's.
    pub numerator: String,
    /// q, an irreducible factor of the denominator.
    pub factor: String,
    /// k ≥ 1.
    pub power: u32,
}

/// Output of `rational_function.compute.partial_fractions`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PartialFractionsOutput {
    /// The polynomial part.
    pub polynomial_part: String,
    /// The proper fractions, by factor then power.
    pub terms: Vec<FractionTerm>,
}

/// `rational_function.compute.partial_fractions`.
pub struct PartialFractions;

fn fraction_input(i: &PartialFractionsInput) -> Result<(Ring, Poly, Poly), Diagnostic> {
    let r = ring(&i.variables, &i.domain)?;
    super::one_variable(&r)?;
    super::field_only(&r)?;
    let n = read(&r, &i.numerator, "/numerator")?;
    let d = read(&r, &i.denominator, "/denominator")?;
    if d.is_zero() {
        return Err(Diagnostic::at("/denominator", "DIVISION_BY_ZERO", "the denominator is not zero"));
    }
    Ok((r, n, d))
}

impl Query for PartialFractions {
    type Input = PartialFractionsInput;
    type Output = PartialFractionsOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "rational_function.compute.partial_fractions",
                "Partial fraction decomposition of a rational function",
                "The partial fraction decomposition of N/D over Q or F_p: a polynomial part plus a sum of a/q^k over \
                 the irreducible factors q of D, each a of degree below q's.",
                "Decomposes a univariate rational function into partial fractions: the denominator is factored by \
                 PARI/GP, and the numerators are found by extended Euclid and q-adic expansion. VERIFY recombines \
                 every term over the common denominator and checks each numerator's degree.",
                &["rational-function", "partial-fractions", "apart", "decomposition", "integration", "fraction"],
            ),
            &[super::IDENTITIES],
        )
    }
    fn provider(&self) -> Provider {
        cas::provider(PARI)
    }
    fn backend(&self) -> Option<BackendKind> {
        Some(PARI)
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("1/(x^2 - 1)", Mode::Verify, json!({"variables": ["x"], "numerator": "1", "denominator": "x^2 - 1"}))]
    }
    fn validate(&self, i: &PartialFractionsInput) -> Result<(), Diagnostic> {
        fraction_input(i).map(|_| ())
    }
    fn bounds(&self, i: &PartialFractionsInput) -> Result<(), Refusal> {
        let (_, n, d) = fraction_input(i).map_err(super::refused)?;
        super::degree_bound(&n, 1, 200, "/numerator")?;
        super::degree_bound(&d, 1, 200, "/denominator")
    }
    fn answer(
        &self,
        i: &PartialFractionsInput,
        ctx: &AdapterContext,
    ) -> Result<Answer<PartialFractionsOutput>, AdapterError> {
        let (r, num, den) = fraction_input(i).map_err(unsupported)?;
        let (unit, factors) = factorize(&r, &den, ctx)?;
        let (pd, rd) = divide(&r, &dense(&num), &dense(&den));
        let monic_den: Vec<Rat> =
            dense(&den).iter().map(|c| r.domain.element(&(c / &unit)).unwrap_or_default()).collect();
        let uinv = r.domain.inverse(&unit).unwrap_or_else(Rat::one);
        let rd: Vec<Rat> = rd.iter().map(|c| r.domain.element(&(c * &uinv)).unwrap_or_default()).collect();
        let mut out_terms: Vec<(Poly, Poly, u32)> = vec![];
        for (q, e) in &factors {
            let qd = dense(q);
            let big_q = (0..*e).fold(vec![Rat::one()], |acc, _| mul(&r, &acc, &qd));
            let (s, _) = divide(&r, &monic_den, &big_q);
            // N_i = R · S⁻¹ mod Q: gcdext(S, Q) gives a·S + b·Q = 1.
            let (_, a, _) = gcdext(&r, &s, &big_q);
            let (_, mut ni) = divide(&r, &mul(&r, &rd, &a), &big_q);
            // q-adic expansion: N_i = Σ c_k q^k; c_k / q^(e−k).
            for k in 0..*e {
                let (quo, rem) = if ni.is_empty() { (vec![], vec![]) } else { divide(&r, &ni, &qd) };
                if !rem.is_empty() {
                    out_terms.push((poly(&rem), q.clone(), e - k));
                }
                ni = trim(quo);
            }
        }
        out_terms.sort_by_key(|a| (r.print(&a.1), a.2));
        let p_part = poly(&trim(pd));
        // N = P·D + Σ a · unit · Π_{other} q^e · q^(e−k).
        let den_expr = |skip: Option<(&Poly, u32)>| {
            let mut parts = vec![constant(&unit, 1)];
            for (q, e) in &factors {
                let e = match skip {
                    Some((s, k)) if s == q => e - k,
                    _ => *e,
                };
                parts.push(power(terms(q), e));
            }
            product(parts)
        };
        let mut recombined = vec![product(vec![terms(&p_part), den_expr(None)])];
        let mut rel = vec![equal(terms(&den), den_expr(None))];
        for (a, q, k) in &out_terms {
            recombined.push(product(vec![terms(a), den_expr(Some((q, *k)))]));
            rel.push(super::degree_less(terms(a), terms(q), 0));
        }
        rel.push(equal(terms(&num), sum(recombined)));
        let out = PartialFractionsOutput {
            polynomial_part: r.print(&p_part),
            terms: out_terms
                .iter()
                .map(|(a, q, k)| FractionTerm { numerator: r.print(a), factor: r.print(q), power: *k })
                .collect(),
        };
        Ok(Answer::from(out).claim(identities(&r, rel)))
    }
}

/// Input of `polynomial.construct.cyclotomic`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CyclotomicInput {
    /// n ≥ 1 (at most 100,000, and φ(n) ≤ 10,000): construct Φₙ.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub n: Option<u32>,
    /// Instead of `n`: a non-zero polynomial over Q in `variable` (degree at most 2,000) whose
    /// cyclotomic factors Φₙ are found, each with its multiplicity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub factors_of: Option<PolyValue>,
    /// With `n`: an element g(ζₙ) of Q(ζₙ), written as a polynomial g over Q in `variable`
    /// (degree at most 2,000), to reduce modulo Φₙ and carry into Q(ζₘ) for a multiple m of n.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub embed: Option<Embed>,
    /// The variable name (default x).
    #[serde(default = "x")]
    pub variable: String,
}

fn x() -> String {
    "x".into()
}

/// An element of Q(ζₙ) to carry into Q(ζₘ).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Embed {
    /// g, standing for g(ζₙ).
    pub element: PolyValue,
    /// m, a multiple of n (at most 100,000, with φ(m) at most 10,000).
    pub into: u32,
}

/// A cyclotomic factor Φₙ^m of a polynomial.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CyclotomicFactor {
    /// n.
    pub n: u32,
    /// Φₙ.
    pub polynomial: String,
    /// The largest m with Φₙ^m dividing the polynomial.
    pub multiplicity: u32,
}

/// Output of `polynomial.construct.cyclotomic`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CyclotomicOutput {
    /// With `n`: Φₙ.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub polynomial: Option<String>,
    /// With `n`: φ(n), its degree.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub degree: Option<u32>,
    /// With `factors_of`: every Φₙ dividing it, by increasing n, with multiplicities.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub factors: Option<Vec<CyclotomicFactor>>,
    /// With `factors_of`: the polynomial divided by Π Φₙ^m, which has no root of unity as a root.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cofactor: Option<String>,
    /// With `embed`: g mod Φₙ, the element in the power basis 1, ζₙ, …, ζₙ^(φ(n)−1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reduced: Option<String>,
    /// With `embed`: m/n, so that ζₙ = ζₘ^(m/n).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exponent: Option<u32>,
    /// With `embed`: g(x^(m/n)) mod Φₘ, the same element in the power basis of Q(ζₘ).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub embedded: Option<String>,
}

/// `polynomial.construct.cyclotomic`.
pub struct Cyclotomic;

/// What a cyclotomic request asks for.
enum CyclotomicTask {
    Construct(u32),
    FactorsOf(Poly),
    /// n, g and m.
    Embed(u32, Poly, u32),
}

fn cyclotomic_input(i: &CyclotomicInput) -> Result<(Ring, CyclotomicTask), Diagnostic> {
    let r = ring(std::slice::from_ref(&i.variable), "Q").map_err(|d| Diagnostic::at("/variable", d.code, d.message))?;
    match (i.n, &i.factors_of, &i.embed) {
        (Some(0), None, _) => Err(Diagnostic::at("/n", "OUT_OF_RANGE", "n ≥ 1")),
        (Some(n), None, None) => Ok((r, CyclotomicTask::Construct(n))),
        (Some(n), None, Some(e)) => {
            let g = read(&r, &e.element, "/embed/element")?;
            if e.into == 0 || !e.into.is_multiple_of(n) {
                return Err(Diagnostic::at("/embed/into", "NOT_A_MULTIPLE", format!("a positive multiple of n = {n}")));
            }
            Ok((r, CyclotomicTask::Embed(n, g, e.into)))
        }
        (None, Some(v), None) => {
            let f = read(&r, v, "/factors_of")?;
            if f.is_zero() {
                return Err(Diagnostic::at("/factors_of", "ZERO_POLYNOMIAL", "a non-zero polynomial"));
            }
            Ok((r, CyclotomicTask::FactorsOf(f)))
        }
        (None, Some(_), Some(_)) => Err(Diagnostic::at("/embed", "ONE_OF", "embed goes with n, not factors_of")),
        _ => Err(Diagnostic::at("/n", "ONE_OF", "give exactly one of n and factors_of")),
    }
}

/// n at most 100,000 with φ(n) at most 10,000.
fn index_bound(n: u32, path: &str) -> Result<(), Refusal> {
    if n > 100_000 || crate::counting::euler_phi(u64::from(n)) > 10_000 {
        return Err(Refusal::Unsupported(Diagnostic::at(path, "TOO_LARGE", "at most 100,000 with phi at most 10,000")));
    }
    Ok(())
}

impl Query for Cyclotomic {
    type Input = CyclotomicInput;
    type Output = CyclotomicOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "polynomial.construct.cyclotomic",
            "Cyclotomic polynomials, and the cyclotomic factors of a polynomial",
            "The n-th cyclotomic polynomial Phi_n(x); every Phi_n dividing a polynomial (its roots of unity); or an \
             element of Q(zeta_n) embedded into Q(zeta_m).",
            "Returns the n-th cyclotomic polynomial over Z (PARI/GP's polcyclo) and its degree phi(n). With \
             factors_of instead, finds the cyclotomic factors of a polynomial over Q (PARI/GP's polcyclofactors and \
             poliscyclo on its primitive part), each with its multiplicity by exact division, and the cofactor that \
             has no root of unity among its roots. With embed, takes an element g(zeta_n) of the cyclotomic field \
             Q(zeta_n), given by its coefficients in powers of zeta_n, reduces it modulo Phi_n and carries it into \
             Q(zeta_m) for a multiple m of n (zeta_n = zeta_m^(m/n)): its coordinates in the power basis of \
             Q(zeta_m), the coefficients of g(x^(m/n)) mod Phi_m.",
            &[
                "polynomial",
                "cyclotomic",
                "roots-of-unity",
                "phi",
                "minimal-polynomial",
                "construct",
                "kronecker",
                "cyclotomic-field",
                "embedding",
                "zeta",
                "power-basis",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("Phi_12", Mode::Explore, json!({"n": 12})),
            ("the cyclotomic factors of x^7 - x^6 - x + 1", Mode::Explore, json!({"factors_of": "x^7 - x^6 - x + 1"})),
            (
                "1 + zeta_4 carried into Q(zeta_12)",
                Mode::Explore,
                json!({"n": 4, "embed": {"element": "1 + x", "into": 12}}),
            ),
        ]
    }
    fn validate(&self, i: &CyclotomicInput) -> Result<(), Diagnostic> {
        cyclotomic_input(i).map(|_| ())
    }
    fn bounds(&self, i: &CyclotomicInput) -> Result<(), Refusal> {
        match cyclotomic_input(i).map_err(super::refused)?.1 {
            CyclotomicTask::Construct(n) => index_bound(n, "/n"),
            CyclotomicTask::FactorsOf(f) => super::degree_bound(&f, 1, MAX_DEGREE, "/factors_of"),
            CyclotomicTask::Embed(n, g, m) => {
                index_bound(n, "/n")?;
                index_bound(m, "/embed/into")?;
                super::degree_bound(&g, 1, MAX_DEGREE, "/embed/element")?;
                // g(x^(m/n)) is reduced term by term: its degree is what the bound limits.
                let lifted = u64::from(g.total_degree().unwrap_or(0)) * u64::from(m / n);
                if lifted > 200_000 {
                    return Err(Refusal::Unsupported(Diagnostic::at(
                        "/embed",
                        "TOO_LARGE",
                        "deg g times m/n at most 200,000",
                    )));
                }
                Ok(())
            }
        }
    }
    fn answer(&self, i: &CyclotomicInput, ctx: &AdapterContext) -> Result<Answer<CyclotomicOutput>, AdapterError> {
        let (r, task) = cyclotomic_input(i).map_err(unsupported)?;
        let polcyclo = |n: u32| -> Result<Vec<Rat>, AdapterError> {
            let prog = Program::new(PARI).code("print(Vecrev(polcyclo(").small(i64::from(n)).code(")))");
            Ok(dense(&from_gp(&Gp::parse(ctx.backend(&prog)?.single(PARI)?)?, 0, 1, &Domain::Z)?))
        };
        let mut out = CyclotomicOutput {
            polynomial: None,
            degree: None,
            factors: None,
            cofactor: None,
            reduced: None,
            exponent: None,
            embedded: None,
        };
        let f = match task {
            CyclotomicTask::Construct(n) => {
                out.polynomial = Some(r.print(&poly(&polcyclo(n)?)));
                out.degree = Some(crate::counting::euler_phi(u64::from(n)) as u32);
                return Ok(out.into());
            }
            CyclotomicTask::Embed(n, g, m) => {
                let k = (m / n) as usize;
                let g = dense(&g);
                // ζₙ = ζₘ^k: g(x^k), reduced modulo Φₘ.
                let mut lifted = vec![Rat::zero(); (g.len().max(1) - 1) * k + 1];
                for (e, c) in g.iter().enumerate() {
                    lifted[e * k] = c.clone();
                }
                ctx.checkpoint()?;
                out.reduced = Some(r.print(&poly(&divide(&r, &g, &polcyclo(n)?).1)));
                out.exponent = Some(m / n);
                out.embedded = Some(r.print(&poly(&divide(&r, &trim(lifted), &polcyclo(m)?).1)));
                return Ok(out.into());
            }
            CyclotomicTask::FactorsOf(f) => f,
        };
        // PARI/GP's polcyclofactors gives products of distinct cyclotomic factors of the primitive
        // part; each product is split by factor, and every Φₙ printed as [n, coefficients].
        let (_, primitive) = f.clear_denominators();
        let prog = Program::new(PARI).code("my(w=polcyclofactors(");
        let prog = gp_pol(prog, &dense(&primitive), &Domain::Z)
            .code("),v=[]);for(k=1,#w,v=concat(v,factor(w[k])[,1]~));print(apply(g->[poliscyclo(g),Vecrev(g)],v))");
        let reply = Gp::parse(ctx.backend(&prog)?.single(PARI)?)?;
        let mut rest = dense(&f);
        let mut factors = vec![];
        for item in reply.items()? {
            let [n, coefficients] = item.items()? else {
                return Err(AdapterError::Backend("PARI/GP printed a malformed cyclotomic factor".into()));
            };
            let n = u32::try_from(n.int()?)
                .map_err(|_| AdapterError::Backend("PARI/GP printed a cyclotomic index out of range".into()))?;
            let phi_n = from_gp(coefficients, 0, 1, &Domain::Z)?;
            let g = dense(&phi_n);
            let mut multiplicity = 0;
            loop {
                let (quotient, remainder) = divide(&r, &rest, &g);
                if !remainder.is_empty() {
                    break;
                }
                rest = quotient;
                multiplicity += 1;
            }
            if n == 0 || multiplicity == 0 {
                return Err(AdapterError::Backend("PARI/GP gave a cyclotomic factor that does not divide".into()));
            }
            factors.push(CyclotomicFactor { n, polynomial: r.print(&phi_n), multiplicity });
        }
        factors.sort_by_key(|c| c.n);
        out.factors = Some(factors);
        out.cofactor = Some(r.print(&Poly::from_dense(&rest, 0, 1)));
        Ok(out.into())
    }
}
