//! The polynomials, rational functions and ideals pack: what its capabilities share.
//!
//! Every input names its ring (`variables`, `domain`: `Z`, `Q` or `F_p`) and gives polynomials
//! as text or JSON terms ([`jacobian_runtime::objects::polynomial`]); they are parsed and
//! validated before anything runs, and a backend receives only their re-printed form: PARI/GP
//! a coefficient vector `Pol([…])` in `x`, Singular a ring in `v1, …, vn` and sums of terms.
//! Answers are read back by the same parser (Singular) or the `Gp` reader (PARI), and printed in
//! the canonical text. VERIFY claims are in the languages of `checkers::polynomial`
//! (identities, real roots, Gröbner bases): polynomials as term lists `[[c, [e…]], …]`.

pub mod arclength;
pub mod arith;
pub mod calculus;
pub mod circle;
pub mod complex;
pub mod components;
pub mod critical;
pub mod curves;
pub mod galois;
pub mod geometry;
pub mod gradient;
pub mod ideals;
pub mod identity;
pub mod location;
pub mod maps;
pub mod monomial;
pub mod native;
pub mod polytope;
pub mod profile;
pub mod rational;
pub mod real;
pub mod roots;
pub mod series;
pub mod structure;
pub mod subresultants;
pub mod surfaces;
pub mod systems;
pub mod univariate;
pub mod zassenhaus;

use std::sync::Arc;

use jacobian_runtime::SharedAdapter;
use jacobian_runtime::adapter::{AdapterError, Refusal};
use jacobian_runtime::backend::Program;
use jacobian_runtime::contract::{Diagnostic, Provider};
use jacobian_runtime::objects::polynomial::{Domain, PolyValue, Ring, rational_text, text};
use jacobian_runtime::typed::Typed;
use num_traits::{Signed, Zero};
use serde_json::{Value, json};

pub use jacobian_runtime::objects::polynomial::{Poly, Rat};

use crate::cas::{Ask, Claim, Gp};
use crate::integer::decimal;

/// Every capability of the pack.
pub fn adapters() -> Vec<SharedAdapter> {
    vec![
        Arc::new(Typed::new(Ask(native::Arithmetic))),
        Arc::new(Typed::new(Ask(native::Properties))),
        Arc::new(Typed::new(Ask(native::Content))),
        Arc::new(Typed::new(identity::IdentityTest)),
        Arc::new(Typed::new(Ask(calculus::JacobianMatrix))),
        Arc::new(Typed::new(Ask(maps::MapAnalysis))),
        Arc::new(Typed::new(Ask(calculus::FieldOperator))),
        Arc::new(Typed::new(Ask(calculus::Division))),
        Arc::new(Typed::new(Ask(calculus::Interpolation))),
        Arc::new(Typed::new(Ask(calculus::Homogenize))),
        Arc::new(Typed::new(Ask(complex::Realify))),
        Arc::new(Typed::new(Ask(calculus::Symmetric))),
        Arc::new(Typed::new(Ask(series::PowerSeries))),
        Arc::new(Typed::new(Ask(series::Orthogonal))),
        Arc::new(Typed::new(Ask(series::RationalArithmetic))),
        Arc::new(Typed::new(Ask(univariate::Gcd))),
        Arc::new(Typed::new(Ask(univariate::Factor))),
        Arc::new(Typed::new(Ask(univariate::SquareFree))),
        Arc::new(Typed::new(Ask(univariate::Resultant))),
        Arc::new(Typed::new(Ask(roots::RealRoots))),
        Arc::new(Typed::new(Ask(roots::Sturm))),
        Arc::new(Typed::new(Ask(location::Location))),
        Arc::new(Typed::new(Ask(univariate::PartialFractions))),
        Arc::new(Typed::new(Ask(univariate::Cyclotomic))),
        Arc::new(Typed::new(Ask(ideals::GroebnerBasis))),
        Arc::new(Typed::new(Ask(ideals::Membership))),
        Arc::new(Typed::new(Ask(ideals::Nullstellensatz))),
        Arc::new(Typed::new(Ask(ideals::RadicalMembership))),
        Arc::new(Typed::new(Ask(structure::Elimination))),
        Arc::new(Typed::new(Ask(structure::Dimension))),
        Arc::new(Typed::new(Ask(structure::Decomposition))),
        Arc::new(Typed::new(Ask(structure::IdealOperation))),
        Arc::new(Typed::new(Ask(systems::Solve))),
        Arc::new(Typed::new(Ask(geometry::Bernstein))),
        Arc::new(Typed::new(Ask(geometry::MultivariateDivision))),
        Arc::new(Typed::new(Ask(geometry::StandardMonomials))),
        Arc::new(Typed::new(Ask(geometry::Syzygies))),
        Arc::new(Typed::new(Ask(geometry::SingularPoints))),
        Arc::new(Typed::new(Ask(rational::Antiderivative))),
        Arc::new(Typed::new(Ask(rational::Residues))),
        Arc::new(Typed::new(Ask(rational::IndefiniteSum))),
        Arc::new(Typed::new(Ask(real::Nonnegative))),
        Arc::new(Typed::new(Ask(real::SignConditions))),
        Arc::new(Typed::new(Ask(galois::GaloisProfile))),
        Arc::new(Typed::new(Ask(subresultants::Subresultants))),
        Arc::new(Typed::new(Ask(curves::Local))),
        Arc::new(Typed::new(Ask(curves::Genus))),
        Arc::new(Typed::new(Ask(curves::Blowup))),
        Arc::new(Typed::new(Ask(curves::ConicParametrization))),
        Arc::new(Typed::new(Ask(surfaces::BlowupP2))),
        Arc::new(Typed::new(Ask(monomial::MonomialIdeal))),
        Arc::new(Typed::new(Ask(monomial::BettiTable))),
        Arc::new(Typed::new(Ask(polytope::NewtonPolytope))),
        Arc::new(Typed::new(Ask(systems::RealSolutions))),
        Arc::new(Typed::new(Ask(circle::UnitCircle))),
        Arc::new(Typed::new(Ask(profile::RealProfile))),
        Arc::new(Typed::new(Ask(critical::CriticalPoints))),
        Arc::new(Typed::new(Ask(gradient::GradientSyzygies))),
        Arc::new(Typed::new(Ask(arclength::Arclength))),
        Arc::new(Typed::new(Ask(components::Components))),
    ]
}

/// Evidence kinds of the pack's checkers.
pub const IDENTITIES: &str = "polynomial.identities/v1";
const IDENTITIES_SEMANTICS: &str = "urn:jacobian:semantics:polynomial-identities-hold:v1";
const IDENTITIES_FORMAT: &str = "POLYNOMIAL_IDENTITIES_V1";
/// Real-root isolation evidence.
pub const REAL_ROOTS: &str = "polynomial.real_roots/v1";
/// Gröbner basis evidence.
pub const GROEBNER: &str = "polynomial.groebner/v1";

/// The default domain, Q.
pub fn q() -> String {
    "Q".into()
}

/// The ring of an input (`/variables`, `/domain`), its first defect as the diagnostic.
pub fn ring(variables: &[String], domain: &str) -> Result<Ring, Diagnostic> {
    Ring::new(variables, domain, "/variables", "/domain").map_err(|mut d| d.remove(0))
}

/// Reads one polynomial at `path`.
pub fn read(r: &Ring, v: &PolyValue, path: &str) -> Result<Poly, Diagnostic> {
    r.read(v, path)
}

/// Refuses a ring over Z where a field is needed.
pub fn field_only(r: &Ring) -> Result<(), Diagnostic> {
    if r.domain.is_field() { Ok(()) } else { Err(Diagnostic::at("/domain", "NOT_A_FIELD", "Q or F_p here")) }
}

/// Refuses a ring of more than one variable.
pub fn one_variable(r: &Ring) -> Result<(), Diagnostic> {
    if r.n() == 1 {
        Ok(())
    } else {
        Err(Diagnostic::at("/variables", "UNIVARIATE", "this capability takes polynomials in one variable"))
    }
}

/// TOO_LARGE at `path` when `p` has a degree above `max` in some variable.
pub fn degree_bound(p: &Poly, n: usize, max: u32, path: &str) -> Result<(), Refusal> {
    match (0..n).filter_map(|i| p.degree_in(i)).max() {
        Some(d) if d > max => Err(Refusal::Unsupported(Diagnostic::at(
            path,
            "TOO_LARGE",
            format!("degree {d}; this capability accepts degrees up to {max}"),
        ))),
        _ => Ok(()),
    }
}

/// TOO_LARGE at `path` when `p` has more than `max` terms.
pub fn term_bound(p: &Poly, max: usize, path: &str) -> Result<(), Refusal> {
    if p.len() > max {
        let m = format!("{} terms; this capability accepts up to {max}", p.len());
        return Err(Refusal::Unsupported(Diagnostic::at(path, "TOO_LARGE", m)));
    }
    Ok(())
}

/// An invalid input found again in preflight (validation found it first).
pub fn refused(d: Diagnostic) -> Refusal {
    Refusal::Unsupported(d)
}

/// A polynomial in the checkers' term-list form.
pub fn terms(p: &Poly) -> Value {
    Value::Array(p.sorted_terms().into_iter().map(|(m, c)| json!([rational_text(c), m])).collect())
}

/// The polynomial equal to the rational `c` in `n` variables, as terms.
pub fn constant(c: &Rat, n: usize) -> Value {
    terms(&Poly::constant(c.clone(), n))
}

/// `{"sum": [...]}`.
pub fn sum(items: Vec<Value>) -> Value {
    json!({ "sum": items })
}

/// `{"product": [...]}`.
pub fn product(items: Vec<Value>) -> Value {
    json!({ "product": items })
}

/// `{"power": [e, k]}`.
pub fn power(e: Value, k: u32) -> Value {
    json!({ "power": [e, k] })
}

/// `{"derivative": [e, i]}`.
pub fn derivative(e: Value, i: usize) -> Value {
    json!({ "derivative": [e, i] })
}

/// An `equal` relation.
pub fn equal(left: Value, right: Value) -> Value {
    json!({"kind": "equal", "left": left, "right": right})
}

/// A `degree_less` relation.
pub fn degree_less(left: Value, right: Value, variable: usize) -> Value {
    json!({"kind": "degree_less", "left": left, "right": right, "variable": variable})
}

/// A `resultant` relation.
pub fn resultant(f: Value, g: Value, variable: usize, value: Value) -> Value {
    json!({"kind": "resultant", "f": f, "g": g, "variable": variable, "value": value})
}

/// The expression `p(point)` over the terms of `p`, each point coordinate an expression.
pub fn substituted(p: &Poly, values: &[Value], n: usize) -> Value {
    if p.is_zero() {
        return json!([]);
    }
    sum(p
        .sorted_terms()
        .into_iter()
        .map(|(m, c)| {
            let mut f = vec![constant(c, n)];
            for (e, v) in m.iter().zip(values) {
                if *e > 0 {
                    f.push(power(v.clone(), *e));
                }
            }
            product(f)
        })
        .collect())
}

/// Takes every coefficient of every term list in `v` into the domain (over F_p, −1 becomes
/// p − 1), dropping terms that vanish, so that claims built with signed constants read over F_p.
fn in_domain(r: &Ring, v: Value) -> Value {
    let is_term = |t: &Value| t.as_array().is_some_and(|a| a.len() == 2 && a[0].is_string() && a[1].is_array());
    match v {
        Value::Array(items) if !items.is_empty() && items.iter().all(is_term) => Value::Array(
            items
                .into_iter()
                .filter_map(|t| {
                    let c = jacobian_runtime::objects::polynomial::rational(t[0].as_str().unwrap_or("0")).ok()?;
                    let c = r.domain.element(&c).ok()?;
                    (!c.is_zero()).then(|| json!([rational_text(&c), t[1]]))
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(|i| in_domain(r, i)).collect()),
        Value::Object(m) => Value::Object(m.into_iter().map(|(k, v)| (k, in_domain(r, v))).collect()),
        other => other,
    }
}

/// A claim of polynomial identities over the ring.
pub fn identities(r: &Ring, relations: Vec<Value>) -> Claim {
    let relations: Vec<Value> = if r.domain.characteristic() == 0 {
        relations
    } else {
        relations.into_iter().map(|v| in_domain(r, v)).collect()
    };
    Claim {
        kind: IDENTITIES,
        semantics: IDENTITIES_SEMANTICS,
        format: IDENTITIES_FORMAT,
        claim: json!({"variables": r.n(), "modulus": r.domain.characteristic().to_string(), "relations": relations}),
        candidate: json!({}),
    }
}

/// The provider of a capability computed in-process by the code in `source`.
pub fn native(source: &'static str) -> Provider {
    crate::cas::native(source)
}

/// Appends a rational `(n/d)` for PARI/GP or Singular.
pub fn rational(prog: Program, c: &Rat) -> Program {
    let prog = prog.code("(").int(&decimal(c.numer()));
    let prog = if c.is_integer() { prog } else { prog.code("/").int(&decimal(c.denom())) };
    prog.code(")")
}

/// Appends `Pol([cₙ, …, c₀])` in `x` (times `Mod(1, p)` over F_p) for PARI/GP.
pub fn gp_pol(prog: Program, coefficients: &[Rat], domain: &Domain) -> Program {
    let top_first: Vec<&Rat> = coefficients.iter().rev().collect();
    let zero = Rat::zero();
    let list = if top_first.is_empty() { vec![&zero] } else { top_first };
    let prog = prog.code("Pol([").list(&list, ",", |p, c| rational(p, c)).code("])");
    match domain {
        Domain::Fp(p) => prog.code("*Mod(1,").small(*p as i64).code(")"),
        _ => prog,
    }
}

/// GP code reading a polynomial `f` back as a coefficient vector, lowest degree first, lifted
/// from F_p.
pub const GP_VEC: &str = "Vecrev(lift(";

/// A polynomial in `var` of `n` from PARI's coefficient vector (lowest first).
pub fn from_gp(v: &Gp, var: usize, n: usize, domain: &Domain) -> Result<Poly, AdapterError> {
    let cs: Vec<Rat> = v
        .rationals()?
        .iter()
        .map(|r| {
            let (a, b) = r.parts();
            Rat::new(a, b)
        })
        .collect();
    domain
        .reduce(Poly::from_dense(&cs, var, n))
        .map_err(|e| AdapterError::Backend(format!("PARI/GP printed a coefficient outside the domain: {e}")))
}

/// A one-variable polynomial's dense coefficients, lowest first.
pub fn dense(p: &Poly) -> Vec<Rat> {
    p.dense(0).unwrap_or_default()
}

/// The Singular ring `ring r = c,(v1,…,vn),order;` with `option(redSB)` and `short = 0`.
pub fn singular_ring(prog: Program, r: &Ring, order: &'static str) -> Program {
    ring_variables(prog, r).code(order).code(RING_OPTIONS)
}

/// Declares `r` with a block order of degree-reverse-lexicographic blocks (`(dp(2),dp(2))`:
/// the first block's variables are eliminated against the rest).
pub fn singular_ring_blocks(prog: Program, r: &Ring, blocks: &[usize]) -> Program {
    ring_variables(prog, r)
        .code("(")
        .list(blocks, ",", |p, b| p.code("dp(").small(*b as i64).code(")"))
        .code(")")
        .code(RING_OPTIONS)
}

/// `ring r = p,(v1,…,vn),` — the declaration up to its order.
fn ring_variables(prog: Program, r: &Ring) -> Program {
    let vars: Vec<usize> = (1..=r.n()).collect();
    prog.code("ring r = ")
        .small(r.domain.characteristic() as i64)
        .code(",(")
        .list(&vars, ",", |p, i| p.code("v").small(*i as i64))
        .code("),")
}

const RING_OPTIONS: &str = "; short = 0; option(redSB); ";

/// Appends a polynomial in Singular's syntax over `v1, …, vn`.
pub fn singular_poly(prog: Program, p: &Poly) -> Program {
    if p.is_zero() {
        return prog.code("0");
    }
    let mut prog = prog;
    for (k, (m, c)) in p.sorted_terms().into_iter().enumerate() {
        // `number(…)` keeps Singular from reading `3/4` as integer division.
        prog = prog.code(if k == 0 { "number(" } else { "+number(" }).int(&decimal(c.numer()));
        if !c.is_integer() {
            prog = prog.code(")/number(").int(&decimal(c.denom()));
        }
        prog = prog.code(")");
        for (i, e) in m.iter().enumerate() {
            if *e > 0 {
                prog = prog.code("*v").small(i as i64 + 1).code("^").small(i64::from(*e));
            }
        }
    }
    prog
}

/// Appends `ideal name = g₁, …, gₖ;`.
pub fn singular_ideal(prog: Program, name: &'static str, ps: &[Poly]) -> Program {
    prog.code("ideal ").code(name).code(" = ").list(ps, ",", singular_poly).code("; ")
}

/// Reads a polynomial Singular printed (over `v1, …, vn`).
pub fn from_singular(r: &Ring, line: &str) -> Result<Poly, AdapterError> {
    let names: Vec<String> = (1..=r.n()).map(|i| format!("v{i}")).collect();
    text::parse(line.trim(), &names, &r.domain)
        .map_err(|e| AdapterError::Backend(format!("Singular printed a polynomial that does not read: {e}")))
}

/// Makes `p` monic over a field (leading coefficient in print order), or primitive with a
/// positive leading coefficient over Z.
pub fn normalized(r: &Ring, p: &Poly) -> Poly {
    if p.is_zero() {
        return p.clone();
    }
    let lead = p.leading_coefficient();
    match r.domain {
        Domain::Z => {
            let c = p.content();
            let c = if lead.is_negative() { -c } else { c };
            p.scale(&c.recip())
        }
        _ => r.domain.reduce(p.scale(&r.domain.inverse(&lead).unwrap_or(lead))).unwrap_or_default(),
    }
}

/// The printed polynomials.
pub fn printed(r: &Ring, ps: &[Poly]) -> Vec<String> {
    ps.iter().map(|p| r.print(p)).collect()
}
