//! Polynomial ideals on Singular: reduced Gröbner bases (VERIFY by Buchberger's criterion and
//! cofactors), membership with cofactors and Nullstellensatz certificates (VERIFY by the
//! identities checker); elimination, dimension, decomposition and ideal operations are in
//! [`super::structure`].

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::polynomial::{PolyValue, Ring};
use jacobian_runtime::typed::Describe;
use num_traits::One;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::native::MonomialOrder;
use super::{
    Poly, Rat, equal, from_singular, identities, product, q, read, ring, singular_ideal, singular_poly, singular_ring,
    sum, terms,
};
use crate::cas::{self, Answer, Query};

const SINGULAR: BackendKind = BackendKind::Singular;
/// Most variables of an ideal computation.
pub const MAX_VARIABLES: usize = 16;
/// Highest degree of a generator.
pub const MAX_DEGREE: u32 = 100;
/// Most generators.
pub const MAX_GENERATORS: usize = 64;

pub(crate) fn unsupported(d: Diagnostic) -> AdapterError {
    AdapterError::Unsupported(d.message)
}

pub(crate) fn generators(r: &Ring, vs: &[PolyValue], path: &str) -> Result<Vec<Poly>, Diagnostic> {
    if vs.is_empty() || vs.len() > MAX_GENERATORS {
        return Err(Diagnostic::at(path, "BAD_LENGTH", format!("1 to {MAX_GENERATORS} polynomials")));
    }
    vs.iter().enumerate().map(|(k, v)| read(r, v, &format!("{path}/{k}"))).collect()
}

pub(crate) fn ideal_bounds(r: &Ring, ps: &[Poly], path: &str) -> Result<(), Refusal> {
    if r.n() > MAX_VARIABLES {
        return Err(Refusal::Unsupported(Diagnostic::at(
            "/variables",
            "TOO_LARGE",
            format!("at most {MAX_VARIABLES} variables"),
        )));
    }
    for (k, p) in ps.iter().enumerate() {
        super::degree_bound(p, r.n(), MAX_DEGREE, &format!("{path}/{k}"))?;
        super::term_bound(p, 2000, &format!("{path}/{k}"))?;
    }
    Ok(())
}

/// Polynomials printed one per line or comma-separated on one line.
pub(crate) fn polys(r: &Ring, line: &str) -> Result<Vec<Poly>, AdapterError> {
    line.split(',').map(|t| from_singular(r, t)).filter(|p| !matches!(p, Ok(p) if p.is_zero())).collect()
}

pub(crate) fn lines(reply: &jacobian_runtime::backend::Reply, n: usize) -> Result<&[String], AdapterError> {
    if reply.lines.len() < n {
        return Err(AdapterError::Backend(format!(
            "Singular printed {} lines where {n} were expected",
            reply.lines.len()
        )));
    }
    Ok(&reply.lines)
}

/// A monic basis element over a field, sorted as Singular lists them.
pub(crate) fn monic(r: &Ring, order: MonomialOrder, p: &Poly) -> (Poly, Rat) {
    let lead = p.terms().max_by(|a, b| order.cmp(a.0, b.0)).map(|t| t.1.clone()).unwrap_or_else(Rat::one);
    let inv = r.domain.inverse(&lead).unwrap_or_else(Rat::one);
    (r.domain.reduce(p.scale(&inv)).unwrap_or_default(), lead)
}

/// Input of `polynomial.groebner_basis`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroebnerInput {
    /// Variable names, the first greatest.
    pub variables: Vec<String>,
    /// Generators of the ideal, e.g. `"x^2*y - 3/4*z + 1"`.
    pub polynomials: Vec<PolyValue>,
    /// Monomial ordering (default grevlex).
    #[serde(default)]
    pub ordering: MonomialOrder,
    /// Coefficient field: 0 for Q (default) or a prime p < 2^31 for F_p.
    #[serde(default)]
    pub characteristic: u32,
}

/// Output of `polynomial.groebner_basis`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GroebnerOutput {
    /// The reduced Gröbner basis, each element monic, terms printed by degree.
    pub basis: Vec<String>,
    /// The ordering used.
    pub ordering: MonomialOrder,
    /// 0 for Q, else p.
    pub characteristic: u32,
    /// The leading monomials of the basis: the minimal generators of the initial (leading term)
    /// ideal in(I) for the ordering.
    pub initial_ideal: Vec<String>,
}

fn groebner_input(i: &GroebnerInput) -> Result<(Ring, Vec<Poly>), Diagnostic> {
    let domain = if i.characteristic == 0 { "Q".to_string() } else { format!("F_{}", i.characteristic) };
    let r = Ring::new(&i.variables, &domain, "/variables", "/characteristic").map_err(|mut d| d.remove(0))?;
    if let Some(k) = i.polynomials.iter().position(|p| matches!(p, PolyValue::Text(t) if t.len() > 100_000)) {
        return Err(Diagnostic::at(format!("/polynomials/{k}"), "TOO_LONG", "at most 100,000 bytes"));
    }
    Ok((r.clone(), generators(&r, &i.polynomials, "/polynomials")?))
}

/// Cofactor rows both ways: basis from generators, generators from basis.
type Cofactors = (Vec<Vec<Poly>>, Vec<Vec<Poly>>);

/// Runs std (and in VERIFY the two lifts) and reads the monic reduced basis with its cofactors.
fn groebner(
    r: &Ring,
    gens: &[Poly],
    order: MonomialOrder,
    cofactors: bool,
    ctx: &AdapterContext,
) -> Result<(Vec<Poly>, Option<Cofactors>), AdapterError> {
    let gens: Vec<Poly> = gens.iter().filter(|p| !p.is_zero()).cloned().collect();
    if gens.is_empty() {
        return Ok((vec![], Some((vec![], vec![]))));
    }
    let prog = singular_ideal(singular_ring(Program::new(SINGULAR), r, order.singular()), "i", &gens);
    let mut prog = prog
        .code("ideal g = std(i); int a; int b; for (a = 1; a <= ncols(g); a++) { print(string(g[a])); } print(\"@\");");
    if cofactors {
        prog = prog.code(
            " matrix T = lift(i, g); matrix U = lift(g, i); for (a = 1; a <= ncols(g); a++) { for (b = 1; b <= ncols(i); b++) { print(string(T[b, a])); } } \
             for (b = 1; b <= ncols(i); b++) { for (a = 1; a <= ncols(g); a++) { print(string(U[a, b])); } }",
        );
    }
    let reply = ctx.backend(&prog)?;
    let split = reply
        .lines
        .iter()
        .position(|l| l == "@")
        .ok_or_else(|| AdapterError::Backend("Singular printed no basis".into()))?;
    let raw: Vec<Poly> = reply.lines[..split].iter().map(|l| from_singular(r, l)).collect::<Result<_, _>>()?;
    let mut scaled: Vec<(Poly, Rat, usize)> = raw
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let (m, c) = monic(r, order, p);
            (m, c, k)
        })
        .collect();
    // Listed by leading monomial, increasing in the order.
    let lead = |p: &Poly| p.terms().max_by(|a, b| order.cmp(a.0, b.0)).map(|t| t.0.clone()).unwrap_or_default();
    scaled.sort_by(|a, b| order.cmp(&lead(&a.0), &lead(&b.0)));
    let basis: Vec<Poly> = scaled.iter().map(|s| s.0.clone()).collect();
    if !cofactors {
        return Ok((basis, None));
    }
    let rest: Vec<Poly> = reply.lines[split + 1..].iter().map(|l| from_singular(r, l)).collect::<Result<_, _>>()?;
    let (nb, ng) = (basis.len(), gens.len());
    if rest.len() != 2 * nb * ng {
        return Err(AdapterError::Backend("Singular printed a malformed lift".into()));
    }
    let red = |p: Poly| r.domain.reduce(p).unwrap_or_default();
    // basisₐ = Σ_b T[b,a]·gen_b / leadₐ; gen_b = Σₐ U[a,b]·leadₐ·basisₐ.
    // Row a of T and column a of U belong to Singular's element scaled[a].2.
    let down: Vec<Vec<Poly>> = scaled
        .iter()
        .map(|(_, c, k)| {
            (0..ng).map(|b| red(rest[k * ng + b].scale(&r.domain.inverse(c).unwrap_or_else(Rat::one)))).collect()
        })
        .collect();
    let up: Vec<Vec<Poly>> =
        (0..ng).map(|b| scaled.iter().map(|(_, c, k)| red(rest[nb * ng + b * nb + k].scale(c))).collect()).collect();
    Ok((basis, Some((down, up))))
}

/// `polynomial.groebner_basis`.
pub struct GroebnerBasis;

impl Query for GroebnerBasis {
    type Input = GroebnerInput;
    type Output = GroebnerOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            Describe {
                scope_rule: "Exactly the ideal generated by the given polynomials, in the given ordering and field.",
                ..cas::describe(
                    "polynomial.groebner_basis",
                    "Gröbner basis of a polynomial ideal",
                    "The reduced Gröbner basis (standard basis) of an ideal of polynomials over Q or F_p.",
                    "Computes the reduced Gröbner basis of the ideal generated by the given polynomials, in lex, \
                     grevlex or deglex order, over the rationals or a prime field, with Singular's std. Decides ideal \
                     equality and membership, solves polynomial systems (with lex), and eliminates variables. VERIFY \
                     checks Buchberger's criterion (every S-polynomial reduces to zero) and cofactors both ways.",
                    &[
                        "polynomial",
                        "ideal",
                        "groebner",
                        "gröbner",
                        "standard-basis",
                        "buchberger",
                        "algebra",
                        "singular",
                    ],
                )
            },
            &[super::GROEBNER],
        )
    }
    cas::on_backend!(SINGULAR);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "a lex basis that solves a system",
                Mode::Verify,
                json!({"variables": ["x", "y"], "polynomials": ["x^2 + y^2 - 1", "x - y"], "ordering": "lex"}),
            ),
            (
                "a grevlex basis over F_7",
                Mode::Explore,
                json!({"variables": ["a", "b"], "polynomials": ["a^3 - b", "b^2 - 2*a"], "characteristic": 7}),
            ),
        ]
    }
    fn validate(&self, i: &GroebnerInput) -> Result<(), Diagnostic> {
        groebner_input(i).map(|_| ())
    }
    fn bounds(&self, i: &GroebnerInput) -> Result<(), Refusal> {
        let (r, ps) = groebner_input(i).map_err(super::refused)?;
        ideal_bounds(&r, &ps, "/polynomials")
    }
    fn answer(&self, i: &GroebnerInput, ctx: &AdapterContext) -> Result<Answer<GroebnerOutput>, AdapterError> {
        let (r, gens) = groebner_input(i).map_err(unsupported)?;
        let (basis, cof) = groebner(&r, &gens, i.ordering, ctx.mode == Mode::Verify, ctx)?;
        let lead = |p: &Poly| {
            let m = p.terms().map(|t| t.0).max_by(|a, b| i.ordering.cmp(a, b)).cloned().unwrap_or_default();
            r.print(&Poly::monomial(m, Rat::one()))
        };
        let out = GroebnerOutput {
            basis: super::printed(&r, &basis),
            ordering: i.ordering,
            characteristic: i.characteristic,
            initial_ideal: basis.iter().map(lead).collect(),
        };
        let mut answer = Answer::from(out);
        if let Some((down, up)) = cof {
            let nonzero: Vec<Poly> = gens.iter().filter(|p| !p.is_zero()).cloned().collect();
            let rows = |m: &[Vec<Poly>]| -> Value {
                m.iter().map(|row| row.iter().map(terms).collect::<Vec<_>>()).collect::<Vec<_>>().into()
            };
            answer = answer.claim(cas::Claim {
                kind: super::GROEBNER,
                semantics: "urn:jacobian:semantics:reduced-groebner-basis:v1",
                format: "GROEBNER_COFACTORS_V1",
                claim: json!({
                    "variables": r.n(),
                    "modulus": r.domain.characteristic().to_string(),
                    "order": i.ordering,
                    "generators": nonzero.iter().map(terms).collect::<Vec<_>>(),
                    "basis": basis.iter().map(terms).collect::<Vec<_>>(),
                }),
                candidate: json!({"basis_from_generators": rows(&down), "generators_from_basis": rows(&up)}),
            });
        }
        Ok(answer)
    }
}

/// Input of the capabilities on one ideal.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IdealInput {
    /// Variable names, the first greatest.
    pub variables: Vec<String>,
    /// `Q` (default) or `F_p`.
    #[serde(default = "q")]
    pub domain: String,
    /// Generators of the ideal (1 to 64).
    pub generators: Vec<PolyValue>,
}

pub(crate) fn ideal_input(i: &IdealInput) -> Result<(Ring, Vec<Poly>), Diagnostic> {
    let r = ring(&i.variables, &i.domain)?;
    super::field_only(&r)?;
    Ok((r.clone(), generators(&r, &i.generators, "/generators")?))
}

pub(crate) fn ideal_input_bounds(i: &IdealInput) -> Result<(), Refusal> {
    let (r, ps) = ideal_input(i).map_err(super::refused)?;
    ideal_bounds(&r, &ps, "/generators")
}

/// Input of `polynomial.ideal.membership`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MembershipInput {
    /// Variable names.
    pub variables: Vec<String>,
    /// `Q` (default) or `F_p`.
    #[serde(default = "q")]
    pub domain: String,
    /// Generators of the ideal (1 to 64).
    pub generators: Vec<PolyValue>,
    /// The polynomial tested.
    pub polynomial: PolyValue,
}

/// Output of `polynomial.ideal.membership`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct MembershipOutput {
    /// Whether the polynomial is in the ideal.
    pub member: bool,
    /// Its normal form modulo the grevlex Gröbner basis (0 exactly for members).
    pub normal_form: String,
    /// For a member: cofactors cᵢ with Σ cᵢ·generatorᵢ = polynomial.
    pub cofactors: Option<Vec<String>>,
}

/// `polynomial.ideal.membership`.
pub struct Membership;

fn membership_input(i: &MembershipInput) -> Result<(Ring, Vec<Poly>, Poly), Diagnostic> {
    let r = ring(&i.variables, &i.domain)?;
    super::field_only(&r)?;
    let g = generators(&r, &i.generators, "/generators")?;
    Ok((r.clone(), g, read(&r, &i.polynomial, "/polynomial")?))
}

/// Whether `f` is in the ideal of `gens`, its normal form, and cofactors when it is.
fn lift(r: &Ring, gens: &[Poly], f: &Poly, ctx: &AdapterContext) -> Result<(Poly, Option<Vec<Poly>>), AdapterError> {
    let prog = singular_ideal(singular_ring(Program::new(SINGULAR), r, "dp"), "i", gens);
    let prog = singular_poly(prog.code("poly f = "), f).code(
        "; ideal g = std(i); poly n = reduce(f, g); print(string(n)); if (n == 0) { matrix T = lift(i, f); int b; for (b = 1; b <= ncols(i); b++) { print(string(T[b, 1])); } }",
    );
    let reply = ctx.backend(&prog)?;
    let lines = lines(&reply, 1)?;
    let nf = from_singular(r, &lines[0])?;
    if !nf.is_zero() {
        return Ok((nf, None));
    }
    let cof: Vec<Poly> = lines[1..].iter().map(|l| from_singular(r, l)).collect::<Result<_, _>>()?;
    if cof.len() != gens.len() {
        return Err(AdapterError::Backend("Singular printed a malformed lift".into()));
    }
    Ok((nf, Some(cof)))
}

fn combination(gens: &[Poly], cof: &[Poly]) -> Value {
    sum(gens.iter().zip(cof).map(|(g, c)| product(vec![terms(c), terms(g)])).collect())
}

impl Query for Membership {
    type Input = MembershipInput;
    type Output = MembershipOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "polynomial.ideal.membership",
                "Ideal membership with cofactors (normal form)",
                "Whether a polynomial lies in the ideal generated by given polynomials, its normal form modulo a \
                 Gröbner basis, and for a member the cofactors expressing it in the generators.",
                "Decides ideal membership over Q or F_p with Singular: reduces the polynomial by a grevlex Gröbner \
                 basis (normal form, 0 exactly for members) and lifts a member to cofactors c_i with sum c_i g_i = f. \
                 VERIFY re-expands that combination with the checker's own arithmetic.",
                &[
                    "polynomial",
                    "ideal",
                    "membership",
                    "normal-form",
                    "reduce",
                    "cofactors",
                    "lift",
                    "certificate",
                    "division",
                ],
            ),
            &[super::IDENTITIES],
        )
    }
    cas::on_backend!(SINGULAR);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "is x^3 - y^3 in (x - y)?",
            Mode::Verify,
            json!({"variables": ["x", "y"], "generators": ["x - y"], "polynomial": "x^3 - y^3"}),
        )]
    }
    fn validate(&self, i: &MembershipInput) -> Result<(), Diagnostic> {
        membership_input(i).map(|_| ())
    }
    fn bounds(&self, i: &MembershipInput) -> Result<(), Refusal> {
        let (r, g, f) = membership_input(i).map_err(super::refused)?;
        ideal_bounds(&r, &g, "/generators")?;
        ideal_bounds(&r, &[f], "/polynomial")
    }
    fn answer(&self, i: &MembershipInput, ctx: &AdapterContext) -> Result<Answer<MembershipOutput>, AdapterError> {
        let (r, g, f) = membership_input(i).map_err(unsupported)?;
        let (nf, cof) = lift(&r, &g, &f, ctx)?;
        let claim = cof.as_ref().map(|c| identities(&r, vec![equal(terms(&f), combination(&g, c))]));
        let out = MembershipOutput {
            member: cof.is_some(),
            normal_form: r.print(&nf),
            cofactors: cof.as_ref().map(|c| super::printed(&r, c)),
        };
        let answer = Answer::from(out);
        Ok(match claim {
            Some(c) => answer.claim(c),
            None => answer,
        })
    }
}

/// Output of `polynomial.ideal.radical_membership`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RadicalOutput {
    /// Whether the polynomial is in the radical √I (some power of it is in I).
    pub member: bool,
    /// The least k ≤ 64 with fᵏ ∈ I, when there is one.
    pub exponent: Option<u32>,
    /// Cofactors cᵢ with Σ cᵢ·generatorᵢ = fᵏ.
    pub cofactors: Option<Vec<String>>,
}

/// `polynomial.ideal.radical_membership`.
pub struct RadicalMembership;

/// `p` in one more variable (its exponent 0).
fn pad(p: &Poly) -> Poly {
    Poly::from_terms(p.terms().map(|(m, c)| {
        let mut e = m.clone();
        e.push(0);
        (e, c.clone())
    }))
}

impl Query for RadicalMembership {
    type Input = MembershipInput;
    type Output = RadicalOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "polynomial.ideal.radical_membership",
                "Radical membership: does a polynomial vanish on the variety of an ideal",
                "Whether a polynomial lies in the radical of an ideal (equivalently, vanishes wherever the generators \
                 all vanish, over the algebraic closure), with the least power f^k in the ideal and its cofactors.",
                "Decides radical membership over Q or F_p on Singular by the Rabinowitsch trick (1 is in I + (1 - t f)), \
                 then finds the least k <= 64 with f^k in I and lifts it to cofactors. VERIFY re-expands \
                 f^k = sum c_i g_i, which proves membership in the radical.",
                &[
                    "polynomial",
                    "ideal",
                    "radical",
                    "radical-membership",
                    "rabinowitsch",
                    "vanishes",
                    "variety",
                    "nullstellensatz",
                ],
            ),
            &[super::IDENTITIES],
        )
    }
    cas::on_backend!(SINGULAR);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "x + y in √(x^2, y^2)?",
            Mode::Verify,
            json!({"variables": ["x", "y"], "generators": ["x^2", "y^2"], "polynomial": "x + y"}),
        )]
    }
    fn validate(&self, i: &MembershipInput) -> Result<(), Diagnostic> {
        membership_input(i).map(|_| ())
    }
    fn bounds(&self, i: &MembershipInput) -> Result<(), Refusal> {
        let (r, g, f) = membership_input(i).map_err(super::refused)?;
        ideal_bounds(&r, &g, "/generators")?;
        ideal_bounds(&r, &[f], "/polynomial")
    }
    fn answer(&self, i: &MembershipInput, ctx: &AdapterContext) -> Result<Answer<RadicalOutput>, AdapterError> {
        let (r, g, f) = membership_input(i).map_err(unsupported)?;
        let n = r.n();
        let wide = Ring { variables: [r.variables.clone(), vec!["t".into()]].concat(), domain: r.domain.clone() };
        let padded: Vec<Poly> = g.iter().map(pad).collect();
        let prog = singular_ideal(singular_ring(Program::new(SINGULAR), &wide, "dp"), "i", &padded);
        let prog = singular_poly(prog.code("poly f = "), &pad(&f))
            .code("; ideal j = i + ideal(1 - v")
            .small(n as i64 + 1)
            .code(
                "*f); if (reduce(1, std(j)) != 0) { print(\"no\"); } else { ideal g = std(i); int k; int found = 0; \
                 for (k = 1; k <= 64 && found == 0; k++) { if (reduce(f^k, g) == 0) { found = k; } } print(found); \
                 if (found > 0) { matrix T = lift(i, f^found); int b; for (b = 1; b <= ncols(i); b++) { print(string(T[b, 1])); } } }",
            );
        let reply = ctx.backend(&prog)?;
        let first = reply.lines.first().ok_or_else(|| AdapterError::Backend("Singular printed nothing".into()))?;
        if first == "no" {
            return Ok(RadicalOutput { member: false, exponent: None, cofactors: None }.into());
        }
        let k: u32 = first.trim().parse().map_err(|_| AdapterError::Backend(format!("Singular printed `{first}`")))?;
        if k == 0 {
            return Ok(RadicalOutput { member: true, exponent: None, cofactors: None }.into());
        }
        let mut cof = vec![];
        for line in &reply.lines[1..] {
            let p = from_singular(&wide, line)?;
            if p.degree_in(n).is_some_and(|e| e > 0) {
                return Err(AdapterError::Backend("a cofactor involves the auxiliary variable".into()));
            }
            cof.push(Poly::from_terms(p.terms().map(|(m, c)| (m[..n].to_vec(), c.clone()))));
        }
        if cof.len() != g.len() {
            return Err(AdapterError::Backend("Singular printed a malformed lift".into()));
        }
        let claim = identities(&r, vec![equal(super::power(terms(&f), k), combination(&g, &cof))]);
        let out = RadicalOutput { member: true, exponent: Some(k), cofactors: Some(super::printed(&r, &cof)) };
        Ok(Answer::from(out).claim(claim))
    }
}

/// Output of `polynomial.ideal.nullstellensatz`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct NullstellensatzOutput {
    /// Whether the system has no common zero over the algebraic closure (1 is in the ideal).
    pub infeasible: bool,
    /// For an infeasible system: cofactors cᵢ with Σ cᵢ·fᵢ = 1.
    pub certificate: Option<Vec<String>>,
}

/// `polynomial.ideal.nullstellensatz`.
pub struct Nullstellensatz;

impl Query for Nullstellensatz {
    type Input = IdealInput;
    type Output = NullstellensatzOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "polynomial.ideal.nullstellensatz",
                "Nullstellensatz infeasibility certificate",
                "Whether a system of polynomial equations has no solution over the algebraic closure, with a \
                 certificate sum c_i f_i = 1 (Hilbert's weak Nullstellensatz).",
                "Decides whether polynomials over Q or F_p have a common zero over the algebraic closure: by the weak \
                 Nullstellensatz they have none exactly when 1 is in their ideal, and then Singular's lift gives \
                 cofactors c_i with sum c_i f_i = 1. VERIFY re-expands the certificate.",
                &[
                    "polynomial",
                    "nullstellensatz",
                    "infeasibility",
                    "certificate",
                    "system",
                    "no-solution",
                    "ideal",
                    "hilbert",
                ],
            ),
            &[super::IDENTITIES],
        )
    }
    cas::on_backend!(SINGULAR);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("x y = 1 and x = 0", Mode::Verify, json!({"variables": ["x", "y"], "generators": ["x*y - 1", "x"]}))]
    }
    fn validate(&self, i: &IdealInput) -> Result<(), Diagnostic> {
        ideal_input(i).map(|_| ())
    }
    fn bounds(&self, i: &IdealInput) -> Result<(), Refusal> {
        ideal_input_bounds(i)
    }
    fn answer(&self, i: &IdealInput, ctx: &AdapterContext) -> Result<Answer<NullstellensatzOutput>, AdapterError> {
        let (r, g) = ideal_input(i).map_err(unsupported)?;
        let one = Poly::constant(Rat::one(), r.n());
        let (_, cof) = lift(&r, &g, &one, ctx)?;
        let claim = cof.as_ref().map(|c| identities(&r, vec![equal(terms(&one), combination(&g, c))]));
        let out = NullstellensatzOutput {
            infeasible: cof.is_some(),
            certificate: cof.as_ref().map(|c| super::printed(&r, c)),
        };
        let answer = Answer::from(out);
        Ok(match claim {
            Some(c) => answer.claim(c),
            None => answer,
        })
    }
}
