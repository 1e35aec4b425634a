//! Generalized Bernoulli numbers B_{k,χ} of a Dirichlet character and the values L(1 − k, χ) =
//! −B_{k,χ}/k of its L-function at the non-positive integers, exactly in Q(ζ_o), on PARI/GP.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::Program;
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{PARI, index, modulus, small, small_modulus};
use crate::cas::{self, Answer, Gp, Query};
use crate::rational::Rational;

/// Largest k.
pub const MAX_K: u32 = 200;
/// Most evaluations B_k(a/q) of one request: q times the number of k asked, weighted by k + 1.
pub const MAX_WORK: u64 = 4_000_000;

/// Input of `dirichlet_character.compute.bernoulli`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BernoulliInput {
    /// The modulus q, 1 ≤ q ≤ 10^4.
    pub modulus: DecimalInteger,
    /// The Conrey index n of χ = χ_q(n, ·).
    pub index: DecimalInteger,
    /// k, 0 ≤ k ≤ 200.
    #[schemars(range(max = 200))]
    pub k: u32,
    /// Whether to list every B_{j,χ}, j = 0, …, k (the prefix) rather than B_{k,χ} alone.
    #[serde(default)]
    pub prefix: bool,
}

/// B_{k,χ} and L(1 − k, χ) for one k.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BernoulliValue {
    /// k.
    pub k: u32,
    /// B_{k,χ}: its coefficients on 1, ζ_o, …, ζ_o^(φ(o)−1).
    pub bernoulli: Vec<Rational>,
    /// L(1 − k, χ) = −B_{k,χ}/k on the same basis (null for k = 0).
    pub l_value: Option<Vec<Rational>>,
}

/// Output of `dirichlet_character.compute.bernoulli`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BernoulliOutput {
    /// o, the order of χ: the values lie in Q(ζ_o), ζ_o = e^(2πi/o), of degree φ(o).
    pub cyclotomic_order: u64,
    /// B_{k,χ} (and L(1 − k, χ)) for the k asked, increasing.
    pub values: Vec<BernoulliValue>,
}

/// `dirichlet_character.compute.bernoulli`.
pub struct Bernoulli;

fn work(i: &BernoulliInput, q: u64) -> u64 {
    let k = u64::from(i.k);
    let evaluations = if i.prefix { (k + 1) * (k + 2) / 2 } else { k + 1 };
    q.saturating_mul(evaluations)
}

impl Query for Bernoulli {
    type Input = BernoulliInput;
    type Output = BernoulliOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "dirichlet_character.compute.bernoulli",
            "Generalized Bernoulli numbers B_{k,χ} and L-values L(1−k, χ) of a Dirichlet character",
            "The generalized Bernoulli numbers B_{k,χ} of a Dirichlet character (one, or every j ≤ k) and the values \
             of its Dirichlet L-function at the non-positive integers, L(1 − k, χ) = −B_{k,χ}/k, exactly.",
            "For χ = χ_q(n, ·) in Conrey's labelling, q ≤ 10^4, k ≤ 200: B_{k,χ} = q^(k−1) Σ_{a=1}^{q} χ(a)·B_k(a/q) \
             (the Bernoulli polynomial B_k, PARI/GP bernpol; χ taken modulo q, so an imprimitive χ gets the Euler \
             factors of q), written exactly on the power basis of Q(ζ_o), o the order of χ, reduced modulo Φ_o; \
             L(1 − k, χ) = −B_{k,χ}/k for k ≥ 1 (ζ(0) = −1/2 for q = 1, where B_1 = +1/2). With `prefix`, every \
             j = 0, …, k. The work q·(number of Bernoulli-polynomial terms) is bounded by 4·10^6.",
            &[
                "dirichlet-character",
                "generalized-bernoulli",
                "bernoulli-number",
                "l-function",
                "l-value",
                "special-values",
                "negative-integers",
                "number-theory",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "B_{j,χ} for j ≤ 3 and L(0, χ), L(−1, χ), L(−2, χ) for the quartic character 5.2",
            Mode::Explore,
            json!({"modulus": 5, "index": 2, "k": 3, "prefix": true}),
        )]
    }
    fn validate(&self, i: &BernoulliInput) -> Result<(), Diagnostic> {
        if i.k > MAX_K {
            return Err(Diagnostic::at("/k", "OUT_OF_RANGE", "k is at most 200"));
        }
        index(&i.index, &modulus(&i.modulus)?, "/index")
    }
    fn bounds(&self, i: &BernoulliInput) -> Result<(), Refusal> {
        let q = small_modulus(&i.modulus, "/modulus")?;
        if work(i, q) > MAX_WORK {
            let message = format!("q·(terms) = {} exceeds {MAX_WORK}; lower k or ask without prefix", work(i, q));
            return Err(Refusal::Unsupported(Diagnostic::at("/k", "TOO_LARGE", message)));
        }
        Ok(())
    }
    fn answer(&self, i: &BernoulliInput, ctx: &AdapterContext) -> Result<Answer<BernoulliOutput>, AdapterError> {
        let first = if i.prefix { 0 } else { i64::from(i.k) };
        let program = Program::new(PARI)
            .code("my(q=")
            .int(&i.modulus)
            .code(",n=")
            .int(&i.index)
            .code(
                ",G=znstar(q,1),c=znconreychar(G,n),o=charorder(G,c),\
                 E=vector(q,a,if(gcd(a,q)==1,chareval(G,c,a)*o,-1)));print(o);for(k=",
            )
            .small(first)
            .code(",")
            .small(i.k.into())
            .code(
                ",my(B=bernpol(k),s=vector(o));for(a=1,q,if(E[a]>=0,s[E[a]+1]+=subst(B,'x,a/q)));\
                 my(v=Vecrev(lift(Mod(Polrev(s,'y),polcyclo(o,'y)))*q^(k-1),eulerphi(o)));print([k,v,if(k,-v/k,0)]))",
            );
        let reply = ctx.backend(&program)?;
        let (order, rows) =
            reply.lines.split_first().ok_or_else(|| AdapterError::Backend("PARI/GP printed nothing".into()))?;
        let cyclotomic_order = small(&Gp::parse(order)?)?;
        let values = rows
            .iter()
            .map(|row| match Gp::parse(row)?.items()? {
                [k, b, l] => Ok(BernoulliValue {
                    k: u32::try_from(small(k)?).map_err(|_| AdapterError::Backend("k out of range".into()))?,
                    bernoulli: b.rationals()?,
                    l_value: if matches!(l, Gp::Int(_)) { None } else { Some(l.rationals()?) },
                }),
                _ => Err(AdapterError::Backend("PARI/GP printed a malformed Bernoulli number".into())),
            })
            .collect::<Result<Vec<_>, AdapterError>>()?;
        if values.len() as u64 != u64::from(i.k) - first as u64 + 1 {
            return Err(AdapterError::Backend("PARI/GP printed the wrong number of Bernoulli numbers".into()));
        }
        Ok(BernoulliOutput { cyclotomic_order, values }.into())
    }
}
