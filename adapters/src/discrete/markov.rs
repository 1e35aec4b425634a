//! `probability.markov_chain.compute`: finite Markov chains with exact rational transition
//! probabilities: communicating classes (closed or transient) with their periods, whether the
//! chain is ergodic, the stationary distribution of every closed class, the probability of ever
//! reaching a target set with the expected hitting time where it is certain, and the mixing time
//! for a given ε, all in exact rational arithmetic.

// Index loops over the rows and columns of a matrix read more clearly than zipped iterators here.
#![allow(clippy::needless_range_loop)]

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::Rat;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::native;
use crate::cas::{self, Answer, Query};
use crate::linear_algebra::exact;
use crate::rational::Rational;
use jacobian_runtime::objects::matrix::{Dense, Ring, Scalar};

/// Most states.
pub const MAX_STATES: usize = 100;
/// Most states for the mixing time (matrix powers in exact arithmetic).
pub const MAX_MIXING_STATES: usize = 16;
/// Most steps searched for the mixing time.
pub const MAX_STEPS: u32 = 1_000;

/// Input of `probability.markov_chain.compute`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MarkovInput {
    /// The transition matrix P (n × n, n ≤ 100): P[x][y] the probability of stepping from x to y, exact rationals
    /// ≥ 0 with every row summing to 1. States are 0, …, n − 1.
    pub transitions: Vec<Vec<Rational>>,
    /// A target set: the probability of ever reaching it from each state, and the expected time to reach it
    /// where reaching it is certain.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Vec<usize>>,
    /// ε in (0, 1): the mixing time t(ε) = min{t : max_x ‖P^t(x, ·) − π‖_TV ≤ ε} of an ergodic chain
    /// (n ≤ 16, t ≤ 1,000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mixing_epsilon: Option<Rational>,
}

/// A communicating class.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Class {
    /// Its states, ascending.
    pub states: Vec<usize>,
    /// Whether no transition leaves it (its states are recurrent).
    pub closed: bool,
    /// The gcd of its cycle lengths (0 for a single state without a self-loop, which is transient).
    pub period: u64,
    /// For a closed class, its stationary distribution over `states`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stationary: Option<Vec<Rational>>,
}

/// Hitting a target.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Hitting {
    /// For each state, the probability of ever reaching the target (1 on the target).
    pub probability: Vec<Rational>,
    /// For each state, the expected number of steps to reach the target when that probability is 1 (null
    /// otherwise).
    pub expected_steps: Vec<Option<Rational>>,
}

/// Output of `probability.markov_chain.compute`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct MarkovOutput {
    /// The communicating classes, ordered by their least state.
    pub classes: Vec<Class>,
    /// One class (irreducible).
    pub irreducible: bool,
    /// Irreducible with period 1: then P^t converges to the unique stationary distribution.
    pub ergodic: bool,
    /// The unique stationary distribution over all states, when there is exactly one closed class.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stationary: Option<Vec<Rational>>,
    /// Hitting the target (when given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hitting: Option<Hitting>,
    /// t(ε) (when asked).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mixing_time: Option<u32>,
    /// max_x ‖P^t(x, ·) − π‖_TV at t = t(ε).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distance_at_mixing_time: Option<Rational>,
}

fn read(i: &MarkovInput) -> Result<Vec<Vec<Rat>>, Diagnostic> {
    let n = i.transitions.len();
    if n == 0 || n > MAX_STATES {
        return Err(Diagnostic::at("/transitions", "BAD_SIZE", format!("1 to {MAX_STATES} states")));
    }
    let mut p = vec![];
    for (x, row) in i.transitions.iter().enumerate() {
        if row.len() != n {
            return Err(Diagnostic::at(
                format!("/transitions/{x}"),
                "WRONG_ROW_LENGTH",
                format!("{n} entries per row"),
            ));
        }
        let row: Vec<Rat> = row.iter().map(Rational::value).collect();
        if let Some(y) = row.iter().position(Signed::is_negative) {
            return Err(Diagnostic::at(format!("/transitions/{x}/{y}"), "NEGATIVE", "probabilities are ≥ 0"));
        }
        if row.iter().sum::<Rat>() != Rat::one() {
            return Err(Diagnostic::at(format!("/transitions/{x}"), "NOT_STOCHASTIC", "each row sums to 1"));
        }
        p.push(row);
    }
    if let Some(t) = &i.target {
        if t.is_empty() {
            return Err(Diagnostic::at("/target", "EMPTY", "a target has at least one state"));
        }
        if let Some(k) = t.iter().position(|&s| s >= n) {
            return Err(Diagnostic::at(format!("/target/{k}"), "OUT_OF_RANGE", format!("states are 0..{}", n - 1)));
        }
    }
    if let Some(e) = &i.mixing_epsilon {
        let e = Rational::value(e);
        if !(e > Rat::zero() && e < Rat::one()) {
            return Err(Diagnostic::at("/mixing_epsilon", "OUT_OF_RANGE", "0 < ε < 1"));
        }
    }
    Ok(p)
}

/// Solves A x = b exactly over Q (A square), or None when A is singular.
fn solve(a: Vec<Vec<Rat>>, b: Vec<Rat>, ctx: &AdapterContext) -> Result<Option<Vec<Rat>>, AdapterError> {
    let scalar = |r: &Rat| Scalar::fraction(r.numer().clone(), r.denom().clone());
    let data: Vec<Vec<Scalar>> = a.iter().map(|row| row.iter().map(scalar).collect()).collect();
    let a = Dense { ring: Ring::Rational, rows: b.len(), cols: b.len(), data };
    let b: Vec<Scalar> = b.iter().map(scalar).collect();
    Ok(exact::solve(&a, &b, ctx)?.map(|x| x.into_iter().map(|s| Rat::new(s.num, s.den)).collect()))
}

/// States reachable from each state (including itself), as boolean rows.
fn reach(p: &[Vec<Rat>]) -> Vec<Vec<bool>> {
    let n = p.len();
    (0..n)
        .map(|s| {
            let mut seen = vec![false; n];
            let mut stack = vec![s];
            seen[s] = true;
            while let Some(x) = stack.pop() {
                for y in 0..n {
                    if !seen[y] && !p[x][y].is_zero() {
                        seen[y] = true;
                        stack.push(y);
                    }
                }
            }
            seen
        })
        .collect()
}

/// `probability.markov_chain.compute`.
pub struct MarkovChain;

impl Query for MarkovChain {
    type Input = MarkovInput;
    type Output = MarkovOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "probability.markov_chain.compute",
            "Finite Markov chains, exactly: classes, periods, stationary distributions, hitting probabilities, mixing time",
            "A finite Markov chain with rational transition probabilities, exactly: communicating classes, periods, \
             ergodicity, stationary distributions, hitting probabilities and times, mixing time.",
            "Reads a stochastic matrix of rationals (n ≤ 100) and computes exactly: the communicating classes, \
             closed or transient, with their periods; whether the chain is irreducible and ergodic; the stationary \
             distribution of every closed class (and of the chain when it has one closed class); for a target set, \
             the probability of ever reaching it and the expected hitting time where that is certain (linear systems \
             over Q); for ε, the mixing time of an ergodic chain by exact powers of P (n ≤ 16, t ≤ 1,000).",
            &[
                "probability",
                "markov-chain",
                "stochastic-matrix",
                "stationary-distribution",
                "communicating-classes",
                "recurrent",
                "transient",
                "period",
                "ergodic",
                "hitting-probability",
                "absorption",
                "expected-hitting-time",
                "mixing-time",
                "total-variation",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("markov.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "gambler's ruin on 0..4 with a fair coin: the chance of reaching 4",
                Mode::Explore,
                json!({"transitions": [[1, 0, 0, 0, 0], ["1/2", 0, "1/2", 0, 0], [0, "1/2", 0, "1/2", 0],
                                       [0, 0, "1/2", 0, "1/2"], [0, 0, 0, 0, 1]], "target": [4]}),
            ),
            (
                "stationary distribution and mixing time of a lazy walk on a triangle",
                Mode::Explore,
                json!({"transitions": [["1/2", "1/4", "1/4"], ["1/4", "1/2", "1/4"], ["1/4", "1/4", "1/2"]],
                       "mixing_epsilon": "1/4"}),
            ),
        ]
    }
    fn validate(&self, i: &MarkovInput) -> Result<(), Diagnostic> {
        read(i).map(|_| ())
    }
    fn bounds(&self, i: &MarkovInput) -> Result<(), Refusal> {
        if i.mixing_epsilon.is_some() && i.transitions.len() > MAX_MIXING_STATES {
            let m = format!("the mixing time is computed for at most {MAX_MIXING_STATES} states");
            return Err(Refusal::Unsupported(Diagnostic::at("/mixing_epsilon", "TOO_LARGE", m)));
        }
        Ok(())
    }
    fn answer(&self, i: &MarkovInput, ctx: &AdapterContext) -> Result<Answer<MarkovOutput>, AdapterError> {
        let p = read(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let n = p.len();
        let r = reach(&p);
        // Classes: x ~ y when each reaches the other.
        let mut class_of = vec![usize::MAX; n];
        let mut classes = vec![];
        for x in 0..n {
            if class_of[x] != usize::MAX {
                continue;
            }
            let states: Vec<usize> = (0..n).filter(|&y| r[x][y] && r[y][x]).collect();
            states.iter().for_each(|&y| class_of[y] = classes.len());
            let closed = states.iter().all(|&y| (0..n).all(|z| p[y][z].is_zero() || states.contains(&z)));
            // Period: gcd over edges u → v inside the class of level(u) + 1 − level(v), levels by BFS.
            let mut level = vec![None; n];
            level[x] = Some(0i64);
            let mut queue = std::collections::VecDeque::from([x]);
            let mut g = 0i64;
            while let Some(u) = queue.pop_front() {
                for &v in &states {
                    if p[u][v].is_zero() {
                        continue;
                    }
                    let lu = level[u].unwrap_or(0);
                    match level[v] {
                        None => {
                            level[v] = Some(lu + 1);
                            queue.push_back(v);
                        }
                        Some(lv) => g = g.gcd(&(lu + 1 - lv)),
                    }
                }
            }
            classes.push(Class { states, closed, period: g.unsigned_abs(), stationary: None });
        }
        ctx.checkpoint()?;
        // Stationary distributions of closed classes: π P_C = π, Σ π = 1 (one equation replaced by the sum).
        for c in classes.iter_mut().filter(|c| c.closed) {
            let m = c.states.len();
            let mut a = vec![vec![Rat::zero(); m]; m];
            for (row, &y) in c.states.iter().enumerate() {
                for (col, &x) in c.states.iter().enumerate() {
                    a[row][col] = p[x][y].clone() - if x == y { Rat::one() } else { Rat::zero() };
                }
            }
            a[m - 1] = vec![Rat::one(); m];
            let mut b = vec![Rat::zero(); m];
            b[m - 1] = Rat::one();
            let pi = solve(a, b, ctx)?.ok_or_else(|| AdapterError::Unsupported("singular stationary system".into()))?;
            c.stationary = Some(pi.iter().map(Rational::of).collect());
        }
        let closed: Vec<&Class> = classes.iter().filter(|c| c.closed).collect();
        let stationary = (closed.len() == 1).then(|| {
            let mut pi = vec![Rational::integer(&BigInt::zero()); n];
            if let Some(s) = &closed[0].stationary {
                closed[0].states.iter().zip(s).for_each(|(&x, v)| pi[x] = v.clone());
            }
            pi
        });
        let irreducible = classes.len() == 1;
        let ergodic = irreducible && classes[0].period == 1;
        ctx.checkpoint()?;
        let hitting = match &i.target {
            None => None,
            Some(t) => Some(hit(&p, t, &r, ctx)?),
        };
        let (mut mixing_time, mut distance_at_mixing_time) = (None, None);
        if let Some(eps) = &i.mixing_epsilon {
            if !ergodic {
                return Err(AdapterError::Unsupported("the mixing time is defined here for ergodic chains".into()));
            }
            let eps = Rational::value(eps);
            let pi: Vec<Rat> = stationary.as_ref().map(|s| s.iter().map(Rational::value).collect()).unwrap_or_default();
            let mut pt: Vec<Vec<Rat>> =
                (0..n).map(|x| (0..n).map(|y| if x == y { Rat::one() } else { Rat::zero() }).collect()).collect();
            for t in 0..=MAX_STEPS {
                ctx.checkpoint()?;
                let d = pt
                    .iter()
                    .map(|row| {
                        row.iter().zip(&pi).map(|(a, b)| (a - b).abs()).sum::<Rat>() / Rat::from_integer(2.into())
                    })
                    .max()
                    .unwrap_or_else(Rat::zero);
                if d <= eps {
                    (mixing_time, distance_at_mixing_time) = (Some(t), Some(Rational::of(&d)));
                    break;
                }
                pt = pt.iter().map(|row| (0..n).map(|y| (0..n).map(|z| &row[z] * &p[z][y]).sum()).collect()).collect();
            }
            if mixing_time.is_none() {
                return Err(AdapterError::Unsupported(format!(
                    "the chain has not mixed to ε within {MAX_STEPS} steps"
                )));
            }
        }
        Ok(MarkovOutput { classes, irreducible, ergodic, stationary, hitting, mixing_time, distance_at_mixing_time }
            .into())
    }
}

/// The probability of ever reaching `target` and, where it is 1, the expected number of steps.
fn hit(p: &[Vec<Rat>], target: &[usize], r: &[Vec<bool>], ctx: &AdapterContext) -> Result<Hitting, AdapterError> {
    let n = p.len();
    let in_t = |x: usize| target.contains(&x);
    // h = 1 on T, 0 where T is unreachable, else h(x) = Σ_y P(x, y) h(y).
    let can: Vec<bool> = (0..n).map(|x| in_t(x) || target.iter().any(|&t| r[x][t])).collect();
    let unknown: Vec<usize> = (0..n).filter(|&x| !in_t(x) && can[x]).collect();
    let pos = |x: usize| unknown.iter().position(|&u| u == x);
    let m = unknown.len();
    let mut a = vec![vec![Rat::zero(); m]; m];
    let mut b = vec![Rat::zero(); m];
    for (row, &x) in unknown.iter().enumerate() {
        a[row][row] = Rat::one();
        for y in 0..n {
            if in_t(y) {
                b[row] += &p[x][y];
            } else if let Some(col) = pos(y) {
                a[row][col] -= &p[x][y];
            }
        }
    }
    let h_unknown = solve(a, b, ctx)?.ok_or_else(|| AdapterError::Unsupported("singular hitting system".into()))?;
    let h: Vec<Rat> = (0..n)
        .map(|x| if in_t(x) { Rat::one() } else { pos(x).map(|k| h_unknown[k].clone()).unwrap_or_else(Rat::zero) })
        .collect();
    // Expected steps on the states with h = 1 (their successors all have h = 1): k = 0 on T,
    // k(x) = 1 + Σ_y P(x, y) k(y).
    let sure: Vec<usize> = (0..n).filter(|&x| !in_t(x) && h[x].is_one()).collect();
    let spos = |x: usize| sure.iter().position(|&u| u == x);
    let m = sure.len();
    let mut a = vec![vec![Rat::zero(); m]; m];
    let b = vec![Rat::one(); m];
    for (row, &x) in sure.iter().enumerate() {
        a[row][row] = Rat::one();
        for y in 0..n {
            if let Some(col) = spos(y) {
                a[row][col] -= &p[x][y];
            }
        }
    }
    let k = solve(a, b, ctx)?.ok_or_else(|| AdapterError::Unsupported("singular hitting-time system".into()))?;
    let expected_steps = (0..n)
        .map(|x| if in_t(x) { Some(Rational::integer(&BigInt::zero())) } else { spos(x).map(|j| Rational::of(&k[j])) })
        .collect();
    Ok(Hitting { probability: h.iter().map(Rational::of).collect(), expected_steps })
}
