//! Relative norms, traces and characteristic polynomials N_{K/F}, Tr_{K/F} for a subfield
//! F = Q(g) of K = Q(θ), on PARI/GP by exact linear algebra: K is an F-vector space with basis
//! 1, θ, …, θ^(m−1), m = [K : F], so multiplication by a is an m × m matrix over F = Q[y]/(h),
//! h the minimal polynomial of g, read off the Q-basis g^j·θ^i.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::automorphisms::element;
use super::{check_polynomial, elements, field, parse, polynomial_bound, rationals_bound, run, small};
use crate::cas::{self, Answer, Query};
use crate::rational::Rational;

/// Highest degree of K.
pub const RELATIVE_MAX_DEGREE: usize = 30;
/// Most elements per request.
const MAX_ELEMENTS: usize = 50;

/// Input of `number_field.compute.relative_norm_trace`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RelativeInput {
    /// The coefficients of an irreducible f ∈ Q[x] of degree ≤ 30, constant term first; K = Q(θ).
    #[schemars(length(min = 1, max = 1000))]
    pub polynomial: Vec<Rational>,
    /// g ∈ K generating the subfield F = Q(g), as coefficients on 1, θ, ….
    pub subfield: Vec<Rational>,
    /// The elements a of K (1 to 50), as coefficients on 1, θ, ….
    pub elements: Vec<Vec<Rational>>,
}

/// One element's relative invariants; an element of F is given twice, on the powers of g and
/// on the powers of θ.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RelativeValues {
    /// N_{K/F}(a) as coefficients on 1, g, …, g^(d−1).
    pub norm: Vec<Rational>,
    /// N_{K/F}(a) as coefficients on 1, θ, …, θ^(n−1).
    pub norm_in_k: Vec<Rational>,
    /// Tr_{K/F}(a) on the powers of g.
    pub trace: Vec<Rational>,
    /// Tr_{K/F}(a) on the powers of θ.
    pub trace_in_k: Vec<Rational>,
    /// The characteristic polynomial of a over F (monic, degree m), constant term first, each
    /// coefficient on the powers of g.
    pub characteristic_polynomial: Vec<Vec<Rational>>,
}

/// Output of `number_field.compute.relative_norm_trace`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RelativeOutput {
    /// [K : F].
    pub relative_degree: u64,
    /// d = [F : Q].
    pub subfield_degree: u64,
    /// The minimal polynomial of g over Q (monic, degree d), constant term first.
    pub subfield_polynomial: Vec<Rational>,
    /// For each element, in order.
    pub values: Vec<RelativeValues>,
}

/// `number_field.compute.relative_norm_trace`.
pub struct RelativeNormTrace;

impl Query for RelativeNormTrace {
    type Input = RelativeInput;
    type Output = RelativeOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_field.compute.relative_norm_trace",
            "Relative norm and trace in a number field extension K/F",
            "The relative norm N_{K/F}, relative trace Tr_{K/F} and relative characteristic polynomial of elements \
             of a number field K over an intermediate field F = Q(g) given by a generator.",
            "For K = Q(θ) of degree ≤ 30 and a subfield F = Q(g) given by an element g of K (PARI/GP, exact linear \
             algebra over Q[y]/(h) with h the minimal polynomial of g): the relative degree [K : F], and for each \
             element a the relative norm and trace, as polynomials in g and as elements of K, and its \
             characteristic polynomial over F; N_{F/Q}(N_{K/F}(a)) = N_{K/Q}(a) is checked on every answer.",
            &[
                "number-field",
                "relative-extension",
                "relative-norm",
                "relative-trace",
                "tower",
                "intermediate-field",
                "characteristic-polynomial",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "the norm and trace of √2 + √3 down to Q(√2), K = Q(θ), θ⁴ − 10θ² + 1 = 0, √2 = (θ³ − 9θ)/2",
            Mode::Explore,
            json!({"polynomial": [1, 0, -10, 0, 1], "subfield": [0, "-9/2", 0, "1/2"], "elements": [[0, 1]]}),
        )]
    }
    fn validate(&self, i: &RelativeInput) -> Result<(), Diagnostic> {
        check_polynomial(&i.polynomial)?;
        let n = i.polynomial.len() - 1;
        let element = |e: &[Rational], at: String| {
            if e.is_empty() || e.len() > n {
                return Err(Diagnostic::at(at, "OUT_OF_RANGE", "an element has one to n coefficients on 1, θ, …"));
            }
            Ok(())
        };
        element(&i.subfield, "/subfield".into())?;
        if i.elements.is_empty() || i.elements.len() > MAX_ELEMENTS {
            let message = format!("one to {MAX_ELEMENTS} elements");
            return Err(Diagnostic::at("/elements", "OUT_OF_RANGE", message));
        }
        i.elements.iter().enumerate().try_for_each(|(k, e)| element(e, format!("/elements/{k}")))
    }
    fn bounds(&self, i: &RelativeInput) -> Result<(), Refusal> {
        polynomial_bound(&i.polynomial, RELATIVE_MAX_DEGREE)?;
        rationals_bound(&i.subfield, 2 * super::MAX_DIGITS, "/subfield")?;
        i.elements
            .iter()
            .enumerate()
            .try_for_each(|(k, e)| rationals_bound(e, 2 * super::MAX_DIGITS, &format!("/elements/{k}")))
    }
    fn answer(&self, i: &RelativeInput, ctx: &AdapterContext) -> Result<Answer<RelativeOutput>, AdapterError> {
        let program = element(field(&i.polynomial).code("my(g="), &i.subfield)
            .code("%T,A=[")
            .list(&i.elements, ",", |p, a| element(p, a))
            .code(
                "]);my(h=(w->w/pollead(w))(minpoly(Mod(g,T))),d=poldegree(h),m=n/d,hy=subst(h,x,y),V=(p)->Vecrev(p,n),\
                 B=matrix(n,n,r,c,V(g^((c-1)%d)*x^((c-1)\\d)%T)[r]),Bi=1/B,W=(p)->Vecrev(lift(p),d),\
                 K=(p)->V(subst(lift(p),y,g)%T));print(d);print(Vecrev(h));\
                 print(apply(a->my(R=matrix(m,m,r,k,my(w=Bi*V(a*x^(k-1)%T)~);\
                 Mod(sum(j=0,d-1,w[(r-1)*d+j+1]*y^j),hy)),N=matdet(R),t=trace(R),c=charpoly(R));\
                 if(norm(Mod(lift(N),hy))!=norm(Mod(a,T)),error(\"the tower law fails\"));\
                 [W(N),K(N),W(t),K(t),apply(W,Vecrev(c))],A))",
            );
        let [d, h, values] = parse(&run(ctx, &program)?)?;
        let d = small(&d)?;
        let n = (i.polynomial.len() - 1) as u64;
        let values = values
            .items()?
            .iter()
            .map(|v| match v.items()? {
                [norm, norm_in_k, trace, trace_in_k, c] => Ok(RelativeValues {
                    norm: norm.rationals()?,
                    norm_in_k: norm_in_k.rationals()?,
                    trace: trace.rationals()?,
                    trace_in_k: trace_in_k.rationals()?,
                    characteristic_polynomial: elements(c)?,
                }),
                _ => Err(AdapterError::Backend("PARI/GP printed a malformed relative norm".into())),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(RelativeOutput { relative_degree: n / d, subfield_degree: d, subfield_polynomial: h.rationals()?, values }
            .into())
    }
}
