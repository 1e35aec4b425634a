//! Automorphisms of a number field K = Q(θ) on PARI/GP: every automorphism (nfgaloisconj), those
//! fixing a subfield (Aut(K/F)), their action on elements, composition, inverses and the orbit
//! of an element.
//!
//! An automorphism σ is given by σ(θ) = s(θ), its coefficients on 1, θ, …, θ^(n−1); then
//! σ(a) = a(s(θ)) and (σ∘τ)(θ) = t(s(θ)). The results of `apply`, `compose` and `inverse` come
//! with polynomial identities over Q (f(s(x)) = q·f(x), a(s(x)) = b(x) + q·f(x), …) that
//! `jacobian.check.polynomial_identities` expands without PARI.

use std::cmp::Ordering;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::Program;
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{check_polynomial, elements, field, parse, pol, polynomial_bound, rationals_bound, run, small};
use crate::cas::{self, Answer, Claim, Query};
use crate::rational::Rational;

/// Highest degree of a field whose automorphisms are computed.
pub const AUTOMORPHISMS_MAX_DEGREE: usize = 40;
/// Most elements or automorphisms in one request.
pub const MAX_ITEMS: usize = 100;

/// What to do with the automorphisms of K.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum AutomorphismOperation {
    /// Every automorphism of K over Q, identity first, with its order.
    List,
    /// The automorphisms of K fixing the subfield F = Q(g) (the group Aut(K/F)).
    Relative {
        /// g, an element of K generating F, as coefficients on 1, θ, ….
        subfield: Vec<Rational>,
    },
    /// σ(a) for each element a.
    Apply {
        /// σ(θ), as coefficients on 1, θ, ….
        automorphism: Vec<Rational>,
        /// The elements a (at most 100).
        elements: Vec<Vec<Rational>>,
    },
    /// σ₁∘σ₂∘…∘σ_k (σ_k applied first).
    Compose {
        /// σ_i(θ) for each (2 to 100 of them).
        automorphisms: Vec<Vec<Rational>>,
    },
    /// σ⁻¹.
    Inverse {
        /// σ(θ).
        automorphism: Vec<Rational>,
    },
    /// The distinct conjugates σ(a) of a over all automorphisms σ of K, and its stabilizer.
    Orbit {
        /// The element a.
        element: Vec<Rational>,
    },
}

/// Input of `number_field.compute.automorphisms`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AutomorphismsInput {
    /// The coefficients of an irreducible f ∈ Q[x] of degree ≤ 40, constant term first; K = Q(θ).
    #[schemars(length(min = 1, max = 1000))]
    pub polynomial: Vec<Rational>,
    /// What to compute (default `list`).
    #[serde(default = "list")]
    pub operation: AutomorphismOperation,
}

fn list() -> AutomorphismOperation {
    AutomorphismOperation::List
}

/// Output of `number_field.compute.automorphisms`; each element of K is given by its n
/// coefficients on 1, θ, …, θ^(n−1).
#[derive(Debug, Default, Serialize, JsonSchema)]
pub struct AutomorphismsOutput {
    /// `list`, `relative`: σ(θ) for each automorphism, the identity first and the others in
    /// increasing lexicographic order of their coefficients.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub automorphisms: Option<Vec<Vec<Rational>>>,
    /// `list`, `relative`: the order of each automorphism, in the same order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub orders: Option<Vec<u64>>,
    /// `list`: whether K/Q is Galois (n automorphisms); `relative`: whether K/F is Galois
    /// (#Aut(K/F) = [K : F]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub galois: Option<bool>,
    /// `relative`: [K : F].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub relative_degree: Option<u64>,
    /// `apply`: σ(a) for each element; `orbit`: the distinct conjugates σ(a), a first and the
    /// others in increasing lexicographic order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub images: Option<Vec<Vec<Rational>>>,
    /// `orbit`: the number of automorphisms fixing a (#Aut(K) = orbit size × stabilizer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stabilizer: Option<u64>,
    /// `compose`, `inverse`: the image of θ under the resulting automorphism.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<Vec<Rational>>,
}

/// Lexicographic order of coefficient vectors by value.
pub(super) fn lex(a: &[Rational], b: &[Rational]) -> Ordering {
    for (x, y) in a.iter().zip(b) {
        let ((p, q), (r, s)) = (x.parts(), y.parts());
        match (p * s).cmp(&(r * q)) {
            Ordering::Equal => {}
            other => return other,
        }
    }
    a.len().cmp(&b.len())
}

/// Sorts elements with `first` (when present) ahead of the others in lexicographic order.
pub(super) fn canonical(mut items: Vec<Vec<Rational>>, first: &[Rational]) -> Vec<Vec<Rational>> {
    items.sort_by(|a, b| (a.as_slice() != first).cmp(&(b.as_slice() != first)).then_with(|| lex(a, b)));
    items
}

/// `Pol([..])` of an element's coefficients, constant term first.
pub(super) fn element(p: Program, c: &[Rational]) -> Program {
    pol(p, c)
}

/// The term list `[[c, [k]], …]` of a univariate polynomial over Q (the identities checker's form).
fn terms(c: &[Rational]) -> Value {
    Value::Array(
        c.iter().enumerate().rev().filter(|(_, c)| c.as_str() != "0").map(|(k, c)| json!([c.as_str(), [k]])).collect(),
    )
}

/// The expression a(s(x)) = Σ a_k·s^k.
fn composed(a: &[Rational], s: &[Rational]) -> Value {
    let parts: Vec<Value> = a
        .iter()
        .enumerate()
        .filter(|(_, c)| c.as_str() != "0")
        .map(|(k, c)| json!({"product": [[[c.as_str(), [0]]], {"power": [terms(s), k]}]}))
        .collect();
    if parts.is_empty() { json!([]) } else { json!({"sum": parts}) }
}

/// The relation a(s(x)) = b(x) + q(x)·f(x).
fn reduction(a: &[Rational], s: &[Rational], b: &[Rational], q: &[Rational], f: &[Rational]) -> Value {
    json!({"kind": "equal", "left": composed(a, s), "right": {"sum": [terms(b), {"product": [terms(q), terms(f)]}]}})
}

fn identities(relations: Vec<Value>) -> Claim {
    Claim {
        kind: "polynomial.identities/v1",
        semantics: "urn:jacobian:semantics:polynomial-identities-hold:v1",
        format: "POLYNOMIAL_IDENTITIES_V1",
        claim: json!({"variables": 1, "modulus": "0", "relations": relations}),
        candidate: json!({}),
    }
}

/// θ on the basis 1, θ, …, θ^(n−1): [0, 1, 0, …], or the root −f₀/f₁ when n = 1.
pub(super) fn generator(f: &[Rational]) -> Vec<Rational> {
    let n = f.len() - 1;
    let int = |k: i64| Rational::integer(&BigInt::from(k));
    if n == 1 {
        let ((a, b), (c, d)) = (f[0].parts(), f[1].parts());
        return vec![Rational::fraction(&-(a * d), &(b * c))];
    }
    (0..n).map(|k| int(i64::from(k == 1))).collect()
}

fn check_element(e: &[Rational], n: usize, at: String) -> Result<(), Diagnostic> {
    if e.is_empty() || e.len() > n {
        let message = "an element has one to n coefficients on 1, θ, …, θ^(n−1), n the degree of the polynomial";
        return Err(Diagnostic::at(at, "OUT_OF_RANGE", message));
    }
    Ok(())
}

/// `number_field.compute.automorphisms`.
pub struct Automorphisms;

const NOT_AUTOMORPHISM: &str = "not an automorphism";

impl Automorphisms {
    /// The program: the field preamble, then `ok(s)` (whether θ ↦ s(θ) is an automorphism), `ap`
    /// (a(s) reduced mod T, as n coefficients) and `qt` (the quotient of a(s) by T).
    fn program(i: &AutomorphismsInput) -> Program {
        let p = field(&i.polynomial).code(
            "my(V=(p)->Vecrev(p,n),ap=(a,s)->V(subst(a,x,s)%T),qt=(a,s)->Vecrev(subst(a,x,s)\\T),\
             ok=(s)->subst(T,x,s)%T==0,all=()->apply(p->subst(p,x,L*x)/L%T,nfgaloisconj(U)),\
             X=x%T,ord=(s)->my(t=s%T,k=1);while(t!=X,t=subst(t,x,s)%T;k++);k);",
        );
        let checked = |p: Program, s: &[Rational]| {
            element(p.code("my(s="), s)
                .code(");if(!ok(s),print(\"")
                .code(NOT_AUTOMORPHISM)
                .code("\");return);print(qt(T,s));")
        };
        match &i.operation {
            AutomorphismOperation::List => p.code("my(S=all());print(apply(V,S));print(apply(ord,S))"),
            AutomorphismOperation::Relative { subfield } => element(p.code("my(g="), subfield).code(
                ",S=select(s->subst(g,x,s)%T==g%T,all()));print(apply(V,S));print(apply(ord,S));\
                 print(poldegree(minpoly(Mod(g,T))))",
            ),
            AutomorphismOperation::Apply { automorphism, elements } => checked(p, automorphism)
                .code("my(A=[")
                .list(elements, ",", |p, a| element(p, a))
                .code("]);print(apply(a->ap(a,s),A));print(apply(a->qt(a,s),A))"),
            AutomorphismOperation::Compose { automorphisms } => {
                p.code("my(S=[").list(automorphisms, ",", |p, a| element(p, a)).code(
                    "]);for(k=1,#S,if(!ok(S[k]),print(\"not an automorphism \",k-1);return));\
                     print(apply(s->qt(T,s),S));my(r=S[#S],R=vector(#S-1),Q=vector(#S-1));\
                     forstep(k=#S-1,1,-1,Q[k]=qt(r,S[k]);r=subst(r,x,S[k])%T;R[k]=V(r));print(R);print(Q)",
                )
            }
            AutomorphismOperation::Inverse { automorphism } => checked(p, automorphism)
                .code("my(u=X,t=s%T);while(t!=X,u=t;t=subst(t,x,s)%T);print(V(u));print(qt(u,s))"),
            AutomorphismOperation::Orbit { element: a } => element(p.code("my(a="), a)
                .code("%T,S=all(),I=apply(s->subst(a,x,s)%T,S));print(V(a));print(apply(V,I));print(#S)"),
        }
    }
}

impl Query for Automorphisms {
    type Input = AutomorphismsInput;
    type Output = AutomorphismsOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "number_field.compute.automorphisms",
                "Automorphisms of a number field: list, apply, compose, invert, orbits",
                "Every automorphism of a number field Q(θ) (or those fixing a subfield), applying an \
                 automorphism to elements, composing automorphisms, inverting one, and the orbit (Galois \
                 conjugates) of an element.",
                "For a number field of degree ≤ 40 defined by an irreducible polynomial (PARI/GP nfgaloisconj): \
                 operation `list` gives every automorphism σ as σ(θ) on the powers of θ with its order; `relative` \
                 the automorphisms fixing a subfield Q(g) (Aut(K/F), and whether K/F is Galois); `apply` σ(a) for \
                 elements a; `compose` σ₁∘…∘σ_k; `inverse` σ⁻¹; `orbit` the distinct conjugates σ(a) of an element \
                 and its stabilizer. apply, compose and inverse are VERIFY-capable: polynomial identities \
                 f(s(x)) = q·f(x) and a(s(x)) = b(x) + q·f(x) that an independent checker expands.",
                &[
                    "number-field",
                    "automorphism",
                    "galois-group",
                    "field-automorphism",
                    "galois-conjugates",
                    "orbit",
                    "compose",
                    "inverse",
                    "nfgaloisconj",
                ],
            ),
            &["polynomial.identities/v1"],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("every automorphism of Q(√2, √3)", Mode::Explore, json!({"polynomial": [1, 0, -10, 0, 1]})),
            (
                "apply θ ↦ −θ to 1 + θ + θ³ in Q(√2, √3), checked",
                Mode::Verify,
                json!({"polynomial": [1, 0, -10, 0, 1],
                       "operation": {"apply": {"automorphism": [0, -1], "elements": [[1, 1, 0, 1]]}}}),
            ),
            (
                "the conjugates of ζ + ζ⁻¹ in Q(ζ₇)",
                Mode::Explore,
                json!({"polynomial": [1, 1, 1, 1, 1, 1, 1],
                       "operation": {"orbit": {"element": [-1, -1, -1, -1, -1, -1]}}}),
            ),
        ]
    }
    fn validate(&self, i: &AutomorphismsInput) -> Result<(), Diagnostic> {
        check_polynomial(&i.polynomial)?;
        let n = i.polynomial.len() - 1;
        let many = |at: &str, len: usize, min: usize| {
            if len < min || len > MAX_ITEMS {
                let message = format!("between {min} and {MAX_ITEMS} items");
                return Err(Diagnostic::at(format!("/operation/{at}"), "OUT_OF_RANGE", message));
            }
            Ok(())
        };
        match &i.operation {
            AutomorphismOperation::List => Ok(()),
            AutomorphismOperation::Relative { subfield } => {
                check_element(subfield, n, "/operation/relative/subfield".into())
            }
            AutomorphismOperation::Apply { automorphism, elements } => {
                check_element(automorphism, n, "/operation/apply/automorphism".into())?;
                many("apply/elements", elements.len(), 1)?;
                elements
                    .iter()
                    .enumerate()
                    .try_for_each(|(k, e)| check_element(e, n, format!("/operation/apply/elements/{k}")))
            }
            AutomorphismOperation::Compose { automorphisms } => {
                many("compose/automorphisms", automorphisms.len(), 2)?;
                automorphisms
                    .iter()
                    .enumerate()
                    .try_for_each(|(k, e)| check_element(e, n, format!("/operation/compose/automorphisms/{k}")))
            }
            AutomorphismOperation::Inverse { automorphism } => {
                check_element(automorphism, n, "/operation/inverse/automorphism".into())
            }
            AutomorphismOperation::Orbit { element } => check_element(element, n, "/operation/orbit/element".into()),
        }
    }
    fn bounds(&self, i: &AutomorphismsInput) -> Result<(), Refusal> {
        polynomial_bound(&i.polynomial, AUTOMORPHISMS_MAX_DEGREE)?;
        let digits = 2 * super::MAX_DIGITS;
        match &i.operation {
            AutomorphismOperation::List => Ok(()),
            AutomorphismOperation::Relative { subfield: e }
            | AutomorphismOperation::Inverse { automorphism: e }
            | AutomorphismOperation::Orbit { element: e } => rationals_bound(e, digits, "/operation"),
            AutomorphismOperation::Apply { automorphism, elements } => {
                rationals_bound(automorphism, digits, "/operation/apply/automorphism")?;
                elements.iter().try_for_each(|e| rationals_bound(e, digits, "/operation/apply/elements"))
            }
            AutomorphismOperation::Compose { automorphisms } => {
                automorphisms.iter().try_for_each(|e| rationals_bound(e, digits, "/operation/compose/automorphisms"))
            }
        }
    }
    fn answer(
        &self,
        i: &AutomorphismsInput,
        ctx: &AdapterContext,
    ) -> Result<Answer<AutomorphismsOutput>, AdapterError> {
        let lines = run(ctx, &Self::program(i))?;
        if let Some(l) = lines.first().filter(|l| l.starts_with(NOT_AUTOMORPHISM)) {
            let at = match (&i.operation, l.strip_prefix("not an automorphism ")) {
                (AutomorphismOperation::Compose { .. }, Some(k)) => format!("/operation/compose/automorphisms/{k}"),
                (AutomorphismOperation::Apply { .. }, _) => "/operation/apply/automorphism".into(),
                _ => "/operation/inverse/automorphism".into(),
            };
            return Err(AdapterError::Unsupported(format!(
                "{at}: θ ↦ s(θ) is not an automorphism of the field: f(s(θ)) ≠ 0 (PARI/GP)"
            )));
        }
        let f = &i.polynomial;
        let n = f.len() - 1;
        let theta = generator(f);
        let output = match &i.operation {
            AutomorphismOperation::List | AutomorphismOperation::Relative { .. } => {
                let (all, orders, degree) = match &i.operation {
                    AutomorphismOperation::List => {
                        let [all, orders] = parse(&lines)?;
                        (all, orders, None)
                    }
                    _ => {
                        let [all, orders, d] = parse(&lines)?;
                        (all, orders, Some(small(&d)?))
                    }
                };
                let orders = orders.items()?.iter().map(small).collect::<Result<Vec<_>, _>>()?;
                let mut paired: Vec<(Vec<Rational>, u64)> = elements(&all)?.into_iter().zip(orders).collect();
                paired.sort_by(|(a, _), (b, _)| (a != &theta).cmp(&(b != &theta)).then_with(|| lex(a, b)));
                let count = paired.len() as u64;
                let relative_degree = degree.map(|d| n as u64 / d);
                let (automorphisms, orders) = paired.into_iter().unzip();
                AutomorphismsOutput {
                    automorphisms: Some(automorphisms),
                    orders: Some(orders),
                    galois: Some(count == relative_degree.unwrap_or(n as u64)),
                    relative_degree,
                    ..Default::default()
                }
            }
            AutomorphismOperation::Apply { automorphism: s, elements: a } => {
                let [q, images, quotients] = parse(&lines)?;
                let images = elements(&images)?;
                let mut relations = vec![reduction(f, s, &[], &q.rationals()?, f)];
                for ((a, b), q) in a.iter().zip(&images).zip(elements(&quotients)?) {
                    relations.push(reduction(a, s, b, &q, f));
                }
                return Ok(Answer::from(AutomorphismsOutput { images: Some(images), ..Default::default() })
                    .claim(identities(relations)));
            }
            AutomorphismOperation::Compose { automorphisms: s } => {
                let [qs, partials, quotients] = parse(&lines)?;
                let mut relations: Vec<Value> =
                    s.iter().zip(elements(&qs)?).map(|(s, q)| reduction(f, s, &[], &q, f)).collect();
                // r_last = s_last and r_k = r_(k+1)(s_k) mod f down to r_1, the result.
                let (partials, quotients) = (elements(&partials)?, elements(&quotients)?);
                let mut r = &s[s.len() - 1];
                for k in (0..s.len() - 1).rev() {
                    relations.push(reduction(r, &s[k], &partials[k], &quotients[k], f));
                    r = &partials[k];
                }
                let result = r.clone();
                return Ok(Answer::from(AutomorphismsOutput { result: Some(result), ..Default::default() })
                    .claim(identities(relations)));
            }
            AutomorphismOperation::Inverse { automorphism: s } => {
                let [q, u, quotient] = parse(&lines)?;
                let u = u.rationals()?;
                let relations =
                    vec![reduction(f, s, &[], &q.rationals()?, f), reduction(&u, s, &theta, &quotient.rationals()?, f)];
                return Ok(Answer::from(AutomorphismsOutput { result: Some(u), ..Default::default() })
                    .claim(identities(relations)));
            }
            AutomorphismOperation::Orbit { .. } => {
                let [first, images, count] = parse(&lines)?;
                let (first, all) = (first.rationals()?, elements(&images)?);
                let mut distinct = canonical(all.clone(), &first);
                distinct.dedup();
                let stabilizer = all.iter().filter(|b| **b == first).count() as u64;
                if stabilizer * distinct.len() as u64 != small(&count)? {
                    return Err(AdapterError::Backend("the orbit and stabilizer do not multiply to #Aut(K)".into()));
                }
                AutomorphismsOutput { images: Some(distinct), stabilizer: Some(stabilizer), ..Default::default() }
            }
        };
        Ok(output.into())
    }
}
