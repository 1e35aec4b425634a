//! `probability.finite_space.compute`: a finite probability space Ω = {0, …, n − 1} with exact
//! rational weights, observed through random variables Y₁, …, Y_k: the σ-algebra each observation
//! generates (the atoms are its level sets), their join, the natural filtration
//! F_j = σ(Y₁, …, Y_j), and for a random variable X the conditional expectations E[X | F_j], the
//! Doob martingale of X along the filtration, all exact.

use std::collections::BTreeMap;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::Rat;
use jacobian_runtime::typed::Describe;
use num_traits::{One, Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::native;
use crate::cas::{self, Answer, Query};
use crate::rational::Rational;

/// Most outcomes.
pub const MAX_OUTCOMES: usize = 10_000;
/// Most observations.
pub const MAX_OBSERVATIONS: usize = 32;

/// Input of `probability.finite_space.compute`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FiniteSpaceInput {
    /// P({ω}) for ω = 0, …, n − 1 (n ≤ 10,000): rationals ≥ 0 summing to 1.
    pub weights: Vec<Rational>,
    /// Observations Y₁, …, Y_k (k ≤ 32), in the order they are revealed: each a value per outcome.
    pub observations: Vec<Vec<Rational>>,
    /// A random variable X (a value per outcome): its conditional expectations along the filtration.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variable: Option<Vec<Rational>>,
    /// Also the Shannon entropy of each observation, their joint entropy, and the mutual
    /// information of every pair.
    #[serde(default)]
    pub information: bool,
}

/// Entropies and mutual information, in bits: values to double precision, independence exact.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Information {
    /// H(Y_i) for each observation.
    pub entropy_bits: Vec<f64>,
    /// H(Y₁, …, Y_k).
    pub joint_entropy_bits: f64,
    /// For each pair i < j: I(Y_i; Y_j) = H(Y_i) + H(Y_j) − H(Y_i, Y_j), and whether Y_i and Y_j
    /// are independent (P(Y_i = a, Y_j = b) = P(Y_i = a)·P(Y_j = b) for all a, b, decided exactly;
    /// exactly when the mutual information is 0).
    pub mutual_information: Vec<Value>,
}

/// A σ-algebra on Ω, by its atoms.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SigmaAlgebra {
    /// The atoms (a partition of Ω), each ascending, ordered by their least outcome.
    pub atoms: Vec<Vec<usize>>,
    /// The probability of each atom.
    pub probabilities: Vec<Rational>,
}

/// Output of `probability.finite_space.compute`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FiniteSpaceOutput {
    /// σ(Y_i) for each observation.
    pub generated: Vec<SigmaAlgebra>,
    /// The natural filtration: F_j = σ(Y₁, …, Y_j) for j = 1..k (the last is the join of all).
    pub filtration: Vec<SigmaAlgebra>,
    /// E[X] (when X is given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expectation: Option<Rational>,
    /// The Doob martingale M_j = E[X | F_j], j = 1..k, as a value per outcome (null on atoms of probability 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub martingale: Option<Vec<Vec<Option<Rational>>>>,
    /// Entropies and mutual information, when asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub information: Option<Information>,
}

/// −Σ p log₂ p over the atoms' probabilities.
fn entropy(probs: &[Rat]) -> f64 {
    use num_traits::ToPrimitive;
    probs.iter().filter(|p| !p.is_zero()).map(|p| p.to_f64().unwrap_or(0.0)).map(|p| -p * p.log2()).sum()
}

fn information(w: &[Rat], ys: &[Vec<Rat>], ctx: &AdapterContext) -> Result<Information, AdapterError> {
    let single: Vec<(Vec<Vec<usize>>, Vec<Rat>)> = ys.iter().map(|y| atoms(w, |o| y[o].clone())).collect();
    // P(Y_k = Y_k(o)) for every outcome o.
    let marginal: Vec<Vec<Rat>> = single
        .iter()
        .map(|(blocks, probs)| {
            let mut of = vec![Rat::zero(); w.len()];
            for (block, p) in blocks.iter().zip(probs) {
                block.iter().for_each(|&o| of[o] = p.clone());
            }
            of
        })
        .collect();
    let joint = atoms(w, |o| ys.iter().map(|y| y[o].clone()).collect::<Vec<_>>());
    let mut pairs = vec![];
    for a in 0..ys.len() {
        for b in a + 1..ys.len() {
            ctx.checkpoint()?;
            let (blocks, probs) = atoms(w, |o| (ys[a][o].clone(), ys[b][o].clone()));
            let product = |bl: &[usize]| &marginal[a][bl[0]] * &marginal[b][bl[0]];
            // Independent: every joint atom has the product probability, and the joint atoms
            // carry all of the product measure (no pair of values of positive marginals is missing).
            let total: Rat = blocks.iter().map(|bl| product(bl)).sum();
            let independent = total == Rat::one() && blocks.iter().zip(&probs).all(|(bl, p)| *p == product(bl));
            let mi = entropy(&single[a].1) + entropy(&single[b].1) - entropy(&probs);
            pairs.push(json!({"pair": [a, b], "bits": if independent { 0.0 } else { mi.max(0.0) }, "independent": independent}));
        }
    }
    Ok(Information {
        entropy_bits: single.iter().map(|(_, p)| entropy(p)).collect(),
        joint_entropy_bits: entropy(&joint.1),
        mutual_information: pairs,
    })
}

fn check(i: &FiniteSpaceInput) -> Result<Vec<Rat>, Diagnostic> {
    let n = i.weights.len();
    if n == 0 || n > MAX_OUTCOMES {
        return Err(Diagnostic::at("/weights", "BAD_LENGTH", format!("1 to {MAX_OUTCOMES} outcomes")));
    }
    let w: Vec<Rat> = i.weights.iter().map(Rational::value).collect();
    if let Some(k) = w.iter().position(Signed::is_negative) {
        return Err(Diagnostic::at(format!("/weights/{k}"), "NEGATIVE", "probabilities are ≥ 0"));
    }
    if w.iter().sum::<Rat>() != Rat::one() {
        return Err(Diagnostic::at("/weights", "NOT_A_DISTRIBUTION", "the weights sum to 1"));
    }
    if i.observations.is_empty() || i.observations.len() > MAX_OBSERVATIONS {
        return Err(Diagnostic::at("/observations", "BAD_LENGTH", format!("1 to {MAX_OBSERVATIONS} observations")));
    }
    if let Some(k) = i.observations.iter().position(|y| y.len() != n) {
        return Err(Diagnostic::at(
            format!("/observations/{k}"),
            "WRONG_LENGTH",
            format!("one value per outcome ({n})"),
        ));
    }
    if i.variable.as_ref().is_some_and(|x| x.len() != n) {
        return Err(Diagnostic::at("/variable", "WRONG_LENGTH", format!("one value per outcome ({n})")));
    }
    Ok(w)
}

/// The atoms of the partition by `key`, ordered by least outcome, with their probabilities.
fn atoms<K: Ord>(w: &[Rat], key: impl Fn(usize) -> K) -> (Vec<Vec<usize>>, Vec<Rat>) {
    let mut blocks: BTreeMap<K, Vec<usize>> = BTreeMap::new();
    (0..w.len()).for_each(|o| blocks.entry(key(o)).or_default().push(o));
    let mut list: Vec<Vec<usize>> = blocks.into_values().collect();
    list.sort_by_key(|b| b[0]);
    let probs = list.iter().map(|b| b.iter().map(|&o| w[o].clone()).sum()).collect();
    (list, probs)
}

fn sigma((atoms, probs): (Vec<Vec<usize>>, Vec<Rat>)) -> SigmaAlgebra {
    SigmaAlgebra { atoms, probabilities: probs.iter().map(Rational::of).collect() }
}

/// `probability.finite_space.compute`.
pub struct FiniteSpace;

impl Query for FiniteSpace {
    type Input = FiniteSpaceInput;
    type Output = FiniteSpaceOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "probability.finite_space.compute",
            "Finite probability spaces: generated σ-algebras, joins, natural filtrations, conditional expectations, Doob martingales",
            "On a finite probability space: the σ-algebra an observation generates, joins, the natural filtration of a \
             sequence of observations, E[X | F_j], the Doob martingale, entropies and mutual information.",
            "Splits Ω = {0, …, n − 1} (n ≤ 10,000, weights exact rationals) into the level sets of each \
             observation (the atoms of σ(Y_i)), joins them into the natural filtration F_j = σ(Y₁, …, Y_j) \
             with each atom's probability, and for a random variable X computes E[X] and the conditional \
             expectations E[X | F_j] atom by atom (the Doob martingale of X), exact rationals throughout; with \
             `information`, the entropies, joint entropy and pairwise mutual information in bits (double \
             precision), independence decided exactly.",
            &[
                "probability",
                "sigma-algebra",
                "filtration",
                "natural-filtration",
                "join",
                "conditional-expectation",
                "martingale",
                "doob-martingale",
                "finite-probability-space",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("finite_space.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        // Two fair coin tosses: Ω = {HH, HT, TH, TT}; X the number of heads, revealed toss by toss.
        vec![(
            "the Doob martingale of the number of heads in two fair tosses, toss by toss",
            Mode::Explore,
            json!({"weights": ["1/4", "1/4", "1/4", "1/4"], "observations": [[1, 1, 0, 0], [1, 0, 1, 0]],
                   "variable": [2, 1, 1, 0]}),
        )]
    }
    fn validate(&self, i: &FiniteSpaceInput) -> Result<(), Diagnostic> {
        check(i).map(|_| ())
    }
    fn bounds(&self, _: &FiniteSpaceInput) -> Result<(), Refusal> {
        Ok(())
    }
    fn answer(&self, i: &FiniteSpaceInput, ctx: &AdapterContext) -> Result<Answer<FiniteSpaceOutput>, AdapterError> {
        let w = check(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let ys: Vec<Vec<Rat>> = i.observations.iter().map(|y| y.iter().map(Rational::value).collect()).collect();
        let generated = ys.iter().map(|y| sigma(atoms(&w, |o| y[o].clone()))).collect();
        let mut filtration = vec![];
        let mut martingale = vec![];
        let x: Option<Vec<Rat>> = i.variable.as_ref().map(|x| x.iter().map(Rational::value).collect());
        for j in 1..=ys.len() {
            ctx.checkpoint()?;
            let (blocks, probs) = atoms(&w, |o| ys[..j].iter().map(|y| y[o].clone()).collect::<Vec<_>>());
            if let Some(x) = &x {
                let mut m = vec![None; w.len()];
                for (block, p) in blocks.iter().zip(&probs) {
                    if p.is_zero() {
                        continue;
                    }
                    let mean = block.iter().map(|&o| &w[o] * &x[o]).sum::<Rat>() / p;
                    let mean = Rational::of(&mean);
                    block.iter().for_each(|&o| m[o] = Some(mean.clone()));
                }
                martingale.push(m);
            }
            filtration.push(sigma((blocks, probs)));
        }
        let expectation = x.as_ref().map(|x| Rational::of(&w.iter().zip(x).map(|(p, v)| p * v).sum::<Rat>()));
        let information = if i.information { Some(information(&w, &ys, ctx)?) } else { None };
        Ok(FiniteSpaceOutput { generated, filtration, expectation, martingale: x.map(|_| martingale), information }
            .into())
    }
}
