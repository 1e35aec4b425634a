//! `probability.local_lemma.check`: the asymmetric Lovász local lemma. Events A_1, …, A_n with
//! rational probabilities and a dependency graph (A_i mutually independent of the events it is
//! not joined to): a witness x_i ∈ [0, 1) with P(A_i) ≤ x_i·Π_{j ~ i}(1 − x_j) for every i proves
//! P(no A_i) ≥ Π(1 − x_i) > 0. A given witness is checked exactly; without one, the fixed point
//! of x_i = P(A_i) / Π_{j ~ i}(1 − x_j) is approached in floating point from x = P(A) and rounded
//! up to rationals, and the rounded witness is checked exactly, the only part the answer rests on.
//! VERIFY: the discrete checker replays every inequality and the product.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::Rat;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_traits::{One, Signed, ToPrimitive, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{native, statements};
use crate::cas::{self, Answer, Query};
use crate::rational::Rational;

/// Most events.
pub const MAX_EVENTS: usize = 2_000;
/// Most dependency edges.
pub const MAX_EDGES: usize = 20_000;
/// Denominator of the rounded witness.
const GRID: i64 = 1 << 30;

/// Input of `probability.local_lemma.check`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LocalLemmaInput {
    /// P(A_i) for each event (rationals in [0, 1]; 1 to 2,000 events).
    pub probabilities: Vec<Rational>,
    /// The dependency graph's edges [i, j], i ≠ j (at most 20,000).
    pub dependencies: Vec<[usize; 2]>,
    /// A witness x_i ∈ [0, 1) per event to check; searched for when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub witness: Option<Vec<Rational>>,
}

/// Output of `probability.local_lemma.check`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LocalLemmaOutput {
    /// Whether the witness satisfies every inequality (so that P(no A_i) > 0).
    pub holds: bool,
    /// The witness checked (given, or found).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub witness: Option<Vec<Rational>>,
    /// Π(1 − x_i), a lower bound on P(no A_i), when it holds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower_bound: Option<Rational>,
    /// The first event whose inequality fails, when a given witness fails.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failing_event: Option<usize>,
    /// How the search ended, when no witness was given and none was found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// `probability.local_lemma.check`.
pub struct LocalLemma;

fn read(i: &LocalLemmaInput) -> Result<(Vec<Rat>, Vec<Vec<usize>>), Diagnostic> {
    let n = i.probabilities.len();
    if !(1..=MAX_EVENTS).contains(&n) {
        return Err(Diagnostic::at("/probabilities", "OUT_OF_RANGE", "1 to 2,000 events"));
    }
    let p: Vec<Rat> = i.probabilities.iter().map(Rational::value).collect();
    if let Some(k) = p.iter().position(|x| x.is_negative() || *x > Rat::one()) {
        return Err(Diagnostic::at(format!("/probabilities/{k}"), "OUT_OF_RANGE", "0 ≤ P(A_i) ≤ 1"));
    }
    if i.dependencies.len() > MAX_EDGES {
        return Err(Diagnostic::at("/dependencies", "TOO_LARGE", "at most 20,000 edges"));
    }
    let mut nb: Vec<Vec<usize>> = vec![vec![]; n];
    for (k, &[a, b]) in i.dependencies.iter().enumerate() {
        if a >= n || b >= n || a == b {
            return Err(Diagnostic::at(format!("/dependencies/{k}"), "OUT_OF_RANGE", "two distinct events"));
        }
        nb[a].push(b);
        nb[b].push(a);
    }
    for list in &mut nb {
        list.sort_unstable();
        list.dedup();
    }
    if let Some(w) = &i.witness {
        if w.len() != n {
            return Err(Diagnostic::at("/witness", "WRONG_LENGTH", "one x_i per event"));
        }
        if let Some(k) = w.iter().position(|x| x.value().is_negative() || x.value() >= Rat::one()) {
            return Err(Diagnostic::at(format!("/witness/{k}"), "OUT_OF_RANGE", "0 ≤ x_i < 1"));
        }
    }
    Ok((p, nb))
}

/// The first event whose inequality P(A_i) ≤ x_i Π_{j ~ i}(1 − x_j) fails.
fn failing(p: &[Rat], nb: &[Vec<usize>], x: &[Rat]) -> Option<usize> {
    (0..p.len()).find(|&i| p[i] > nb[i].iter().fold(x[i].clone(), |acc, &j| acc * (Rat::one() - &x[j])))
}

/// The floating-point fixed point of x_i = (1 + slack)·P(A_i)/Π_{j ~ i}(1 − x_j) from x = P(A),
/// rounded up onto a grid; `None` when it leaves [0, 1). The slack keeps every inequality strict,
/// so that the rounding does not break it.
fn search(p: &[Rat], nb: &[Vec<usize>], slack: f64, ctx: &AdapterContext) -> Result<Option<Vec<Rat>>, AdapterError> {
    let pf: Vec<f64> = p.iter().map(|x| x.to_f64().unwrap_or(1.0) * (1.0 + slack)).collect();
    let mut x = pf.clone();
    for _ in 0..10_000 {
        ctx.checkpoint()?;
        let next: Vec<f64> = (0..x.len()).map(|i| pf[i] / nb[i].iter().map(|&j| 1.0 - x[j]).product::<f64>()).collect();
        if next.iter().any(|v| !v.is_finite() || *v >= 1.0) {
            return Ok(None);
        }
        let moved = next.iter().zip(&x).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
        x = next;
        if moved < 1e-13 {
            break;
        }
    }
    // A little room above the fixed point, then up to the grid (zero stays zero).
    Ok(Some(
        x.iter()
            .zip(&pf)
            .map(|(&v, &q)| {
                if q == 0.0 {
                    return Rat::zero();
                }
                let up = ((v * (1.0 + 1e-9) + 1e-12) * GRID as f64).ceil().min((GRID - 1) as f64) as i64;
                Rat::new(BigInt::from(up), BigInt::from(GRID))
            })
            .collect(),
    ))
}

impl Query for LocalLemma {
    type Input = LocalLemmaInput;
    type Output = LocalLemmaOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "probability.local_lemma.check",
                "The asymmetric Lovász local lemma: a witness checked or found",
                "Whether events with given probabilities and dependency graph can all be avoided by the asymmetric \
                 local lemma: a witness x_i with P(A_i) ≤ x_i Π(1 − x_j), and the bound Π(1 − x_i).",
                "Exact rationals, natively, up to 2,000 events: a given witness checked inequality by inequality; \
                 without one, the fixed point x_i = P(A_i)/Π_{j ~ i}(1 − x_j) approached in floating point, rounded \
                 up to multiples of 2⁻³⁰ and checked exactly. A failed search is not a proof that the lemma cannot \
                 apply. VERIFY replays every inequality and the lower bound.",
                &["lovasz-local-lemma", "probabilistic-method", "dependency-graph", "avoiding-events"],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("local_lemma.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        // Property B for a 4-uniform cycle of edges: each edge monochromatic with probability 1/8,
        // meeting its two neighbours.
        vec![(
            "six events of probability 1/8, each dependent on its two neighbours in a cycle",
            Mode::Verify,
            json!({"probabilities": ["1/8", "1/8", "1/8", "1/8", "1/8", "1/8"],
                   "dependencies": [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 0]]}),
        )]
    }
    fn validate(&self, i: &LocalLemmaInput) -> Result<(), Diagnostic> {
        read(i).map(drop)
    }
    fn bounds(&self, _: &LocalLemmaInput) -> Result<(), Refusal> {
        Ok(())
    }
    fn answer(&self, i: &LocalLemmaInput, ctx: &AdapterContext) -> Result<Answer<LocalLemmaOutput>, AdapterError> {
        let (p, nb) = read(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let given = i.witness.as_ref().map(|w| w.iter().map(Rational::value).collect::<Vec<_>>());
        let mut found = None;
        if given.is_none() {
            for slack in [1e-3, 1e-6, 1e-9] {
                if let Some(x) = search(&p, &nb, slack, ctx)? {
                    let holds = failing(&p, &nb, &x).is_none();
                    found = Some(x);
                    if holds {
                        break;
                    }
                }
            }
        }
        let Some(x) = given.or(found) else {
            let note = "the fixed-point iteration left [0, 1): no witness found (this does not show that none exists)";
            let out = LocalLemmaOutput {
                holds: false,
                witness: None,
                lower_bound: None,
                failing_event: None,
                note: Some(note.into()),
            };
            return Ok(out.into());
        };
        let fail = failing(&p, &nb, &x);
        let bound = fail.is_none().then(|| x.iter().fold(Rat::one(), |acc, v| acc * (Rat::one() - v)));
        let witness: Vec<Rational> = x.iter().map(Rational::of).collect();
        let out = LocalLemmaOutput {
            holds: fail.is_none(),
            witness: Some(witness.clone()),
            lower_bound: bound.as_ref().map(Rational::of),
            failing_event: if i.witness.is_some() { fail } else { None },
            note: (fail.is_some() && i.witness.is_none())
                .then(|| "the rounded fixed point fails an inequality: no witness found".into()),
        };
        let mut answer = Answer::from(out);
        if let Some(bound) = bound {
            answer = answer.claim(statements(vec![json!({"local_lemma": {
                "probabilities": p.iter().map(Rational::of).collect::<Vec<_>>(),
                "dependencies": i.dependencies, "witness": witness, "lower_bound": Rational::of(&bound)
            }})]));
        }
        Ok(answer)
    }
}
