//! `sequence.recurrence.period`: the eventual period of a linear recurrence modulo m —
//! a(n) = c₁a(n−1) + … + c_d·a(n−d) (+ c₀) mod m from given initial terms — with its preperiod,
//! found by Brent's cycle detection on the state vectors (a(n), …, a(n+d−1)). Pisano periods are
//! the case of the Fibonacci recurrence.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::native;
use crate::cas::{self, Answer, Query};

/// Largest order d.
pub const MAX_ORDER: usize = 16;
/// Largest modulus.
pub const MAX_MODULUS: u64 = 1_000_000_000_000_000_000;
/// Most recurrence steps taken.
pub const MAX_STEPS: u64 = 200_000_000;

/// Input of `sequence.recurrence.period`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PeriodInput {
    /// c₁, …, c_d: a(n) = c₁a(n−1) + … + c_d·a(n−d) (+ `constant`); d ≤ 16.
    pub coefficients: Vec<DecimalInteger>,
    /// a(0), …, a(d−1).
    pub initial: Vec<DecimalInteger>,
    /// The modulus m (2 to 10^18).
    pub modulus: u64,
    /// An optional constant term c₀.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub constant: Option<DecimalInteger>,
}

/// `sequence.recurrence.period`.
pub struct RecurrencePeriod;

/// x mod m for a decimal integer (any size).
fn residue(x: &DecimalInteger, m: u64) -> u64 {
    let text = x.as_str();
    let (negative, digits) = text.strip_prefix('-').map_or((false, text), |d| (true, d));
    let r = digits.bytes().fold(0u128, |acc, b| (acc * 10 + u128::from(b - b'0')) % u128::from(m)) as u64;
    if negative && r != 0 { m - r } else { r }
}

fn check(i: &PeriodInput) -> Result<(), Diagnostic> {
    let d = i.coefficients.len();
    if d == 0 || d > MAX_ORDER {
        return Err(Diagnostic::at("/coefficients", "BAD_LENGTH", format!("1 to {MAX_ORDER} coefficients")));
    }
    if i.initial.len() != d {
        return Err(Diagnostic::at("/initial", "LENGTH_MISMATCH", format!("{d} initial terms for order {d}")));
    }
    if i.modulus < 2 || i.modulus > MAX_MODULUS {
        return Err(Diagnostic::at("/modulus", "OUT_OF_RANGE", "a modulus from 2 to 10^18"));
    }
    Ok(())
}

struct Step {
    c: Vec<u64>,
    c0: u64,
    m: u64,
}

impl Step {
    /// The state after one step: drop a(n), append a(n + d).
    fn next(&self, s: &[u64], out: &mut Vec<u64>) {
        let d = s.len();
        let m = u128::from(self.m);
        // a(n+d) = Σ c_k·a(n+d−k).
        let mut v = u128::from(self.c0);
        for k in 1..=d {
            v = (v + u128::from(self.c[k - 1]) * u128::from(s[d - k])) % m;
        }
        out.clear();
        out.extend_from_slice(&s[1..]);
        out.push(v as u64);
    }
}

impl Query for RecurrencePeriod {
    type Input = PeriodInput;
    type Output = Value;

    fn describe(&self) -> Describe {
        cas::describe(
            "sequence.recurrence.period",
            "Period of a linear recurrence modulo m (Pisano periods)",
            "The eventual period and preperiod of a linear recurrence sequence reduced modulo m, such as the Pisano period π(m).",
            "Natively: for a(n) = c₁a(n−1) + … + c_d·a(n−d) (+ c₀) modulo m ≤ 10^18 (order ≤ 16) from given initial \
             terms, the least preperiod μ and period λ with a(n + λ) ≡ a(n) for all n ≥ μ, by Brent's cycle detection \
             on the states (at most 2·10^8 steps), with the first terms of one period when it is short.",
            &[
                "pisano-period",
                "period",
                "modular",
                "recurrence",
                "linear-recurrence",
                "cycle-detection",
                "eventually-periodic",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("period.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "the Pisano period of 10 (Fibonacci numbers mod 10 repeat every 60)",
                Mode::Explore,
                json!({"coefficients": [1, 1], "initial": [0, 1], "modulus": 10}),
            ),
            (
                "powers of 2 modulo 12: preperiod 2, period 2",
                Mode::Explore,
                json!({"coefficients": [2], "initial": [1], "modulus": 12}),
            ),
        ]
    }
    fn validate(&self, i: &PeriodInput) -> Result<(), Diagnostic> {
        check(i)
    }
    fn bounds(&self, _: &PeriodInput) -> Result<(), Refusal> {
        Ok(())
    }
    fn answer(&self, i: &PeriodInput, ctx: &AdapterContext) -> Result<Answer<Value>, AdapterError> {
        let m = i.modulus;
        let step = Step {
            c: i.coefficients.iter().map(|c| residue(c, m)).collect(),
            c0: i.constant.as_ref().map_or(0, |c| residue(c, m)),
            m,
        };
        let start: Vec<u64> = i.initial.iter().map(|a| residue(a, m)).collect();
        let mut buf = vec![];
        let mut steps = 0u64;
        let tick = |steps: &mut u64| -> Result<(), AdapterError> {
            *steps += 1;
            if *steps > MAX_STEPS {
                return Err(AdapterError::Unsupported(format!("no period found within {MAX_STEPS} steps")));
            }
            if steps.is_multiple_of(1 << 16) {
                ctx.checkpoint()?;
            }
            Ok(())
        };
        // Brent: find λ with powers of two.
        let (mut power, mut lambda) = (1u64, 1u64);
        let mut tortoise = start.clone();
        let mut hare = start.clone();
        step.next(&hare, &mut buf);
        std::mem::swap(&mut hare, &mut buf);
        while tortoise != hare {
            tick(&mut steps)?;
            if power == lambda {
                tortoise.clone_from(&hare);
                power *= 2;
                lambda = 0;
            }
            step.next(&hare, &mut buf);
            std::mem::swap(&mut hare, &mut buf);
            lambda += 1;
        }
        // μ: the hare λ steps ahead, then both one step at a time until they meet.
        let (mut tortoise, mut hare) = (start.clone(), start.clone());
        for _ in 0..lambda {
            tick(&mut steps)?;
            step.next(&hare, &mut buf);
            std::mem::swap(&mut hare, &mut buf);
        }
        let mut mu = 0u64;
        while tortoise != hare {
            tick(&mut steps)?;
            step.next(&tortoise, &mut buf);
            std::mem::swap(&mut tortoise, &mut buf);
            step.next(&hare, &mut buf);
            std::mem::swap(&mut hare, &mut buf);
            mu += 1;
        }
        // The terms a(μ), …, a(μ + λ − 1) when λ ≤ 1,000 (the first entry of each state).
        let cycle = (lambda <= 1_000).then(|| {
            let mut s = tortoise.clone();
            (0..lambda)
                .map(|_| {
                    let v = s[0];
                    step.next(&s, &mut buf);
                    std::mem::swap(&mut s, &mut buf);
                    v.to_string()
                })
                .collect::<Vec<_>>()
        });
        Ok(json!({"modulus": m, "preperiod": mu, "period": lambda, "purely_periodic": mu == 0, "cycle": cycle}).into())
    }
}
