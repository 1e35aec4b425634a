//! Embeddings of a number field K = Q(θ) into C on PARI/GP, with certified digits: the roots of
//! f are enclosed in discs by Smith's theorem (every root of f lies in the union of the discs
//! D(zᵢ, n·|f(zᵢ)| / |lc(f)·∏_{j≠i}(zᵢ − zⱼ)|), and a disc disjoint from the others holds exactly
//! one root), evaluated in exact Gaussian-rational arithmetic at centres rounded to 2^−b, with b
//! doubled until the discs are disjoint and small enough. An element a = Σ c_k θ^k is enclosed at
//! a root by |a(z) − a(ρ)| ≤ R·Σ k|c_k|(|z| + R)^(k−1). Comparisons in a real embedding are exact:
//! equal elements are equal as polynomials modulo f, and distinct ones are refined until their
//! enclosures separate (a non-zero algebraic number has a non-zero image).

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::Program;
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_traits::Signed;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::automorphisms::element;
use super::{check_polynomial, field, parse, polynomial_bound, rationals_bound, run, small};
use crate::cas::{self, Answer, Gp, Query};
use crate::rational::Rational;

/// Highest degree of K.
pub const EMBEDDINGS_MAX_DEGREE: usize = 30;
/// Most certified decimal digits.
pub const MAX_DECIMALS: u32 = 500;
/// Most elements ordered or evaluated.
const MAX_ELEMENTS: usize = 200;
/// Largest exponent m of the power sums Σ ε_i α^i, i ≤ m (2^(m+1) sums).
pub const MAX_POWER_SUM_EXPONENT: u32 = 10;

/// What to compute.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum EmbeddingOperation {
    /// Every embedding: θ's image, with an isolating interval for each real one.
    List,
    /// The images of elements under every embedding (their orbits of conjugates in C).
    Evaluate {
        /// The elements (1 to 200), each as coefficients on 1, θ, ….
        elements: Vec<Vec<Rational>>,
    },
    /// The image of one element under one embedding, exactly: its minimal polynomial and which
    /// root of it the image is, with an isolating interval when real.
    Exact {
        /// The element.
        element: Vec<Rational>,
        /// The embedding's index in the list (real ones first).
        embedding: usize,
    },
    /// The elements sorted by their images under a real embedding, exactly (ties are equal
    /// elements).
    Order {
        /// The elements (2 to 200).
        elements: Vec<Vec<Rational>>,
        /// The index of a real embedding (0 ≤ index < r₁).
        embedding: usize,
    },
    /// The binary power sums Σ_{i≤m} ε_i·α^i (ε_i ∈ {0, 1}) under a real embedding: how many are
    /// distinct, and the profile of the gaps between consecutive ones, exactly ordered.
    PowerSums {
        /// α.
        element: Vec<Rational>,
        /// The index of a real embedding.
        embedding: usize,
        /// m ≤ 10.
        exponent: u32,
    },
}

/// Input of `number_field.compute.embeddings`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EmbeddingsInput {
    /// The coefficients of an irreducible f ∈ Q[x] of degree ≤ 30, constant term first; K = Q(θ).
    #[schemars(length(min = 1, max = 1000))]
    pub polynomial: Vec<Rational>,
    /// Decimal places every printed value is correct to (1 to 500, default 30): each printed
    /// value is within 10^−digits of the true one.
    #[serde(default = "thirty")]
    pub digits: u32,
    /// What to compute (default `list`).
    #[serde(default = "list")]
    pub operation: EmbeddingOperation,
}

fn thirty() -> u32 {
    30
}

fn list() -> EmbeddingOperation {
    EmbeddingOperation::List
}

/// A complex number to `digits` decimal places.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Approximation {
    /// The real part, a decimal with `digits` places.
    pub real: String,
    /// The imaginary part ("0" exactly for a real embedding of K).
    pub imaginary: String,
}

/// One embedding of K.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Embedding {
    /// Whether it is real.
    pub real: bool,
    /// The image of θ.
    pub theta: Approximation,
    /// Real embeddings: an interval [lo, hi] (exact decimals) holding θ's image and no other
    /// root of f (checked by a Sturm count).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interval: Option<[String; 2]>,
}

/// One gap between consecutive distinct power sums.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Gap {
    /// Its value under the embedding.
    pub value: String,
    /// How many consecutive pairs are this far apart.
    pub multiplicity: u64,
}

/// Output of `number_field.compute.embeddings`.
#[derive(Debug, Default, Serialize, JsonSchema)]
pub struct EmbeddingsOutput {
    /// `list`: r₁ real embeddings in increasing order, then one of each of the r₂ pairs of complex
    /// embeddings (the one with positive imaginary part), in lexicographic order of the printed
    /// (real, imaginary) parts; the other of each pair is its complex conjugate. The indices of
    /// this list name embeddings in every operation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub embeddings: Option<Vec<Embedding>>,
    /// `evaluate`: for each element, its image under each embedding of the list.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<Vec<Approximation>>>,
    /// `exact`: the minimal polynomial of a over Q (monic), constant term first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimal_polynomial: Option<Vec<Rational>>,
    /// `exact`: the image is this root of the minimal polynomial, counting its real roots in
    /// increasing order, then its roots with positive imaginary part, then their conjugates.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub root_index: Option<usize>,
    /// `exact`: the image.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<Approximation>,
    /// `exact` with a real image: an interval (exact decimals) holding it and no other root of
    /// the minimal polynomial (checked by a Sturm count).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interval: Option<[String; 2]>,
    /// `order`: the element indices from the least image to the greatest (equal elements by index).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<Vec<usize>>,
    /// `order`: each element's rank (0 for the least; equal elements share a rank).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ranks: Option<Vec<usize>>,
    /// `power_sums`: 2^(m+1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sums: Option<u64>,
    /// `power_sums`: how many of them are distinct numbers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distinct: Option<u64>,
    /// `power_sums`: the distinct gaps between consecutive distinct sums, increasing (the first is
    /// the least gap), with multiplicities.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gaps: Option<Vec<Gap>>,
    /// `power_sums`: the least gap as an element of K (a {−1, 0, 1}-combination of powers of α),
    /// on 1, θ, ….
    #[serde(skip_serializing_if = "Option::is_none")]
    pub least_gap: Option<Vec<Rational>>,
}

/// `number_field.compute.embeddings`.
pub struct Embeddings;

/// GP closures: `enc(P, b)` encloses every root of P at precision b (centres Z, radii W, or 0
/// when the discs are not yet disjoint), `val(a, E, i)` encloses a at root i, `fit(L)` finds a
/// precision at which every root and every element of L is known to within 10^−D/4, and
/// `srt(L, k)` sorts distinct-or-equal elements by their images at the real root k, certified.
const COMMON: &str = "my(r1=polsturm(T),r2=(n-r1)/2,S=10^D,\
    gq=(z,b)->round(real(z)*2^b)/2^b+I*round(imag(z)*2^b)/2^b,n2=(w)->real(w)^2+imag(w)^2,\
    up=(q,b)->my(r=ceil(sqrt(q)*2^b+1)/2^b);while(r^2<q,r*=2);r,\
    key=(z)->[round(real(z)*S),round(imag(z)*S)],\
    enc=(P,b)->localbitprec(b+64);my(m=poldegree(P),s=polsturm(P),R=polrootsreal(P),\
    C=vecsort(polroots(P),z->-imag(z))[1..(m-s)/2],Z=concat(apply(z->gq(z,b),R),vecsort(apply(z->gq(z,b),C),key)),W);\
    Z=concat(Z,apply(conj,Z[s+1..#Z]));for(i=1,m,for(j=i+1,m,if(Z[i]==Z[j],return(0))));\
    W=vector(m,i,up(n2(subst(P,x,Z[i]))*m^2/(pollead(P)^2*prod(j=1,m,if(j==i,1,n2(Z[i]-Z[j])))),b));\
    for(i=1,m,for(j=i+1,m,if((W[i]+W[j])^2>=n2(Z[i]-Z[j]),return(0))));[Z,W],\
    val=(a,E,i)->my(z=E[1][i],M=abs(real(z))+abs(imag(z))+E[2][i]);\
    [subst(a,x,z),E[2][i]*subst(deriv(Pol(apply(abs,Vec(a)))),x,M)],\
    b0=ceil(D*log(10)/log(2))+32,\
    fit=(L)->my(b=b0,E,e);while(1,E=enc(T,b);if(E!=0,e=vecmax(E[2]);\
    for(j=1,#L,for(i=1,r1+r2,e=max(e,val(L[j],E,i)[2])));if(e<1/(4*S),return(E)));b*=2;\
    if(b>400000,error(\"more than 400000 bits would be needed\"))),\
    srt=(L,k)->my(b=b0,E,c,o,ok);while(1,E=enc(T,b);if(E!=0,c=apply(a->val(a,E,k),L);\
    o=vecsort(vector(#L,j,j),t->[c[t][1],t]);\
    ok=vecmax(apply(z->z[2],c))<1/(4*S);for(t=1,#L-1,my(i=o[t],j=o[t+1]);\
    if(L[i]!=L[j]&&c[i][1]+c[i][2]>=c[j][1]-c[j][2],ok=0;break));if(ok,return([o,c])));b*=2;\
    if(b>400000,error(\"more than 400000 bits would be needed\"))),\
    iso=(P,z,R)->my(t=10^(D+5),l=floor((z-R)*t),h=ceil((z+R)*t));\
    if(polsturm(P,[l/t,h/t])!=1,error(\"the isolating interval holds another root\"));[l,h]);";

impl Embeddings {
    fn program(i: &EmbeddingsInput) -> Program {
        let p = field(&i.polynomial).code("my(D=").small(i64::from(i.digits)).code(");").code(COMMON);
        let list = |p: Program, elements: &[Vec<Rational>]| {
            p.code("my(A=apply(a->a%T,[").list(elements, ",", |p, a| element(p, a)).code("]));")
        };
        match &i.operation {
            EmbeddingOperation::List => p.code(
                "my(E=fit([]));print(r1);print(apply(key,E[1][1..r1+r2]));print(vector(r1,i,iso(T,E[1][i],E[2][i])))",
            ),
            EmbeddingOperation::Evaluate { elements } => {
                list(p, elements).code("my(E=fit(A));print(r1);print(apply(a->vector(r1+r2,i,key(val(a,E,i)[1])),A))")
            }
            EmbeddingOperation::Exact { element: a, embedding } => {
                list(p, std::slice::from_ref(a)).code("my(k=").small(*embedding as i64 + 1).code(
                    ");if(k>r1+r2,print(\"no embedding \",r1+r2);return);my(a=A[1],\
                     m=(w->w/pollead(w))(minpoly(Mod(a,T))),E=fit(A),\
                     v=val(a,E,k),b=b0,F,j);while(1,F=enc(m,b);if(F!=0,\
                     j=select(i->n2(v[1]-F[1][i])<=(v[2]+F[2][i])^2,vector(poldegree(m),i,i));if(#j==1,break));\
                     b*=2;if(b>400000,error(\"more than 400000 bits would be needed\"));E=fit(A);v=val(a,E,k));j=j[1];print(Vecrev(m));print(j-1);print(key(v[1]));\
                     print(if(j<=polsturm(m),iso(m,F[1][j],F[2][j]),[]))",
                )
            }
            EmbeddingOperation::Order { elements, embedding } => {
                list(p, elements).code("my(k=").small(*embedding as i64 + 1).code(
                    ");if(k>r1,print(\"no real embedding \",r1);return);my([o,c]=srt(A,k));print(o);\
                     print(vector(#A-1,t,A[o[t]]==A[o[t+1]]))",
                )
            }
            EmbeddingOperation::PowerSums { element: a, embedding, exponent } => list(p, std::slice::from_ref(a))
                .code("my(k=")
                .small(*embedding as i64 + 1)
                .code(",e=")
                .small(i64::from(*exponent))
                .code(
                    ");if(k>r1,print(\"no real embedding \",r1);return);my(P=vector(e+1,i,A[1]^(i-1)%T),U=List());\
                     forvec(v=vector(e+1,i,[0,1]),listput(U,Vecrev(sum(i=1,e+1,v[i]*P[i]),n)));\
                     my(V=apply(Polrev,Set(U)),[o,c]=srt(V,k),G=vector(#V-1,t,Vecrev(V[o[t+1]]-V[o[t]],n)),H=Set(G),\
                     [og,cg]=srt(apply(Polrev,H),k));print(#U);print(#V);print(vector(#H,j,key(cg[og[j]][1])[1]));\
                     print(vector(#H,j,#select(g->g==H[og[j]],G)));print(H[og[1]])",
                ),
        }
    }
}

/// `v·10^−digits` as a decimal with `digits` places.
fn decimal(v: &BigInt, digits: u32) -> String {
    let s = v.abs().to_string();
    let d = digits as usize;
    let padded = format!("{s:0>width$}", width = d + 1);
    let (int, frac) = padded.split_at(padded.len() - d);
    let sign = if v.is_negative() { "-" } else { "" };
    if d == 0 { format!("{sign}{int}") } else { format!("{sign}{int}.{frac}") }
}

fn approximation(g: &Gp, digits: u32) -> Result<Approximation, AdapterError> {
    match g.items()? {
        [re, im] => Ok(Approximation { real: decimal(re.int()?, digits), imaginary: decimal(im.int()?, digits) }),
        _ => Err(AdapterError::Backend("PARI/GP printed a malformed approximation".into())),
    }
}

fn interval(g: &Gp, digits: u32) -> Result<Option<[String; 2]>, AdapterError> {
    match g.items()? {
        [] => Ok(None),
        [lo, hi] => Ok(Some([decimal(lo.int()?, digits + 5), decimal(hi.int()?, digits + 5)])),
        _ => Err(AdapterError::Backend("PARI/GP printed a malformed interval".into())),
    }
}

impl Query for Embeddings {
    type Input = EmbeddingsInput;
    type Output = EmbeddingsOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_field.compute.embeddings",
            "Real and complex embeddings of a number field, certified; exact order of elements",
            "Certified real and complex embeddings of a number field, conjugates of elements, \
             exact images and exact comparison of elements in a real embedding, gaps of binary power sums.",
            "For K = Q(θ) of degree ≤ 30 (PARI/GP polrootsreal and polroots, certified by Smith's disc theorem in \
             exact rational arithmetic, precision doubled until the discs separate): `list` every embedding with θ's \
             image to `digits` places and isolating intervals of the real roots; `evaluate` the images of elements \
             under every embedding (their orbit of conjugates); `exact` an element's image as a numbered root of \
             its minimal polynomial with an isolating interval; `order` elements sorted by a real embedding, \
             exactly, ties only for equal elements (compare a < b); `power_sums` the distinct sums Σ ε_i α^i, \
             ε ∈ {0,1}, i ≤ m ≤ 10, and the profile of gaps between consecutive ones.",
            &[
                "number-field",
                "embedding",
                "real-embedding",
                "complex-embedding",
                "conjugates",
                "certified-numerics",
                "compare",
                "isolating-interval",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("the embeddings of Q(θ), θ⁵ = θ + 1", Mode::Explore, json!({"polynomial": [-1, -1, 0, 0, 0, 1]})),
            (
                "sort 1 + √2, √3 and 5/2 exactly: θ = √2 + √3 is embedding 3 of θ⁴ − 10θ² + 1, √2 = (θ³ − 9θ)/2, √3 = (11θ − θ³)/2",
                Mode::Explore,
                json!({"polynomial": [1, 0, -10, 0, 1],
                       "operation": {"order": {"elements": [[1, "-9/2", 0, "1/2"], [0, "11/2", 0, "-1/2"], ["5/2"]],
                                               "embedding": 3}}}),
            ),
            (
                "gaps between the sums of distinct powers of the golden ratio, 1 + φ + … + φ^8",
                Mode::Explore,
                json!({"polynomial": [-1, -1, 1],
                       "operation": {"power_sums": {"element": [0, 1], "embedding": 1, "exponent": 8}}}),
            ),
        ]
    }
    fn validate(&self, i: &EmbeddingsInput) -> Result<(), Diagnostic> {
        check_polynomial(&i.polynomial)?;
        if i.digits == 0 || i.digits > MAX_DECIMALS {
            return Err(Diagnostic::at("/digits", "OUT_OF_RANGE", format!("1 to {MAX_DECIMALS} decimal places")));
        }
        let n = i.polynomial.len() - 1;
        let element = |e: &[Rational], at: String| {
            if e.is_empty() || e.len() > n {
                return Err(Diagnostic::at(at, "OUT_OF_RANGE", "an element has one to n coefficients on 1, θ, …"));
            }
            Ok(())
        };
        let embedding = |k: usize, at: &str| {
            if k >= n {
                return Err(Diagnostic::at(at, "OUT_OF_RANGE", "an embedding index is below the degree n"));
            }
            Ok(())
        };
        let many = |l: &[Vec<Rational>], min: usize, at: &str| {
            if l.len() < min || l.len() > MAX_ELEMENTS {
                return Err(Diagnostic::at(at, "OUT_OF_RANGE", format!("{min} to {MAX_ELEMENTS} elements")));
            }
            l.iter().enumerate().try_for_each(|(k, e)| element(e, format!("{at}/{k}")))
        };
        match &i.operation {
            EmbeddingOperation::List => Ok(()),
            EmbeddingOperation::Evaluate { elements } => many(elements, 1, "/operation/evaluate/elements"),
            EmbeddingOperation::Exact { element: e, embedding: k } => {
                element(e, "/operation/exact/element".into())?;
                embedding(*k, "/operation/exact/embedding")
            }
            EmbeddingOperation::Order { elements, embedding: k } => {
                many(elements, 2, "/operation/order/elements")?;
                embedding(*k, "/operation/order/embedding")
            }
            EmbeddingOperation::PowerSums { element: e, embedding: k, exponent } => {
                element(e, "/operation/power_sums/element".into())?;
                embedding(*k, "/operation/power_sums/embedding")?;
                if *exponent > MAX_POWER_SUM_EXPONENT {
                    let message = format!("m ≤ {MAX_POWER_SUM_EXPONENT} (2^(m+1) sums)");
                    return Err(Diagnostic::at("/operation/power_sums/exponent", "OUT_OF_RANGE", message));
                }
                Ok(())
            }
        }
    }
    fn bounds(&self, i: &EmbeddingsInput) -> Result<(), Refusal> {
        polynomial_bound(&i.polynomial, EMBEDDINGS_MAX_DEGREE)?;
        let digits = super::MAX_DIGITS;
        match &i.operation {
            EmbeddingOperation::List => Ok(()),
            EmbeddingOperation::Evaluate { elements } | EmbeddingOperation::Order { elements, .. } => {
                elements.iter().try_for_each(|e| rationals_bound(e, digits, "/operation"))
            }
            EmbeddingOperation::Exact { element: e, .. } | EmbeddingOperation::PowerSums { element: e, .. } => {
                rationals_bound(e, digits, "/operation")
            }
        }
    }
    fn answer(&self, i: &EmbeddingsInput, ctx: &AdapterContext) -> Result<Answer<EmbeddingsOutput>, AdapterError> {
        let lines = run(ctx, &Self::program(i))?;
        if let Some(count) = lines.first().and_then(|l| l.strip_prefix("no real embedding ")) {
            return Err(AdapterError::Unsupported(format!(
                "/operation: the field has {count} real embeddings (indices 0 to r₁ − 1); this operation needs a real one"
            )));
        }
        if let Some(count) = lines.first().and_then(|l| l.strip_prefix("no embedding ")) {
            return Err(AdapterError::Unsupported(format!(
                "/operation/exact/embedding: the list has {count} embeddings (one of each complex pair)"
            )));
        }
        let d = i.digits;
        let output = match &i.operation {
            EmbeddingOperation::List => {
                let [r1, thetas, intervals] = parse(&lines)?;
                let r1 = small(&r1)? as usize;
                let intervals = intervals.items()?;
                let embeddings = thetas
                    .items()?
                    .iter()
                    .enumerate()
                    .map(|(k, t)| {
                        let interval = intervals.get(k).map(|g| interval(g, d)).transpose()?.flatten();
                        Ok(Embedding { real: k < r1, theta: approximation(t, d)?, interval })
                    })
                    .collect::<Result<Vec<_>, AdapterError>>()?;
                EmbeddingsOutput { embeddings: Some(embeddings), ..Default::default() }
            }
            EmbeddingOperation::Evaluate { .. } => {
                let [_, values] = parse(&lines)?;
                let values = values
                    .items()?
                    .iter()
                    .map(|row| row.items()?.iter().map(|v| approximation(v, d)).collect())
                    .collect::<Result<Vec<Vec<_>>, AdapterError>>()?;
                EmbeddingsOutput { values: Some(values), ..Default::default() }
            }
            EmbeddingOperation::Exact { .. } => {
                let [m, j, v, iv] = parse(&lines)?;
                EmbeddingsOutput {
                    minimal_polynomial: Some(m.rationals()?),
                    root_index: Some(small(&j)? as usize),
                    value: Some(approximation(&v, d)?),
                    interval: interval(&iv, d)?,
                    ..Default::default()
                }
            }
            EmbeddingOperation::Order { .. } => {
                let [o, ties] = parse(&lines)?;
                let order =
                    o.items()?.iter().map(|k| small(k).map(|k| k as usize - 1)).collect::<Result<Vec<_>, _>>()?;
                let ties = ties.items()?.iter().map(small).collect::<Result<Vec<_>, _>>()?;
                let mut ranks = vec![0; order.len()];
                let mut rank = 0;
                for (t, &k) in order.iter().enumerate() {
                    if t > 0 && ties.get(t - 1) == Some(&0) {
                        rank += 1;
                    }
                    *ranks.get_mut(k).ok_or_else(|| AdapterError::Backend("PARI/GP printed a bad index".into()))? =
                        rank;
                }
                EmbeddingsOutput { order: Some(order), ranks: Some(ranks), ..Default::default() }
            }
            EmbeddingOperation::PowerSums { .. } => {
                let [sums, distinct, values, multiplicities, least] = parse(&lines)?;
                let gaps = values
                    .items()?
                    .iter()
                    .zip(multiplicities.items()?)
                    .map(|(v, m)| Ok(Gap { value: decimal(v.int()?, d), multiplicity: small(m)? }))
                    .collect::<Result<Vec<_>, AdapterError>>()?;
                EmbeddingsOutput {
                    sums: Some(small(&sums)?),
                    distinct: Some(small(&distinct)?),
                    gaps: Some(gaps),
                    least_gap: Some(least.rationals()?),
                    ..Default::default()
                }
            }
        };
        Ok(output.into())
    }
}
