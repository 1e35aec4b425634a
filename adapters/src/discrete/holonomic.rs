//! `sequence.holonomic.compute`: P-recursive (holonomic) sequences, defined by a linear
//! recurrence with polynomial coefficients p_0(n)·a(n) + p_1(n)·a(n + 1) + … + p_r(n)·a(n + r) = 0
//! over Q. Terms are unrolled exactly from a(0), …, a(r − 1) (a zero of p_r at some n needs the
//! term it leaves undetermined, and is reported); the residuals of a given table of terms measure
//! how far it is from satisfying the recurrence. VERIFY: the discrete checker replays the
//! recurrence on every window of the listed terms.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::Rat;
use jacobian_runtime::typed::Describe;
use num_traits::Zero;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{native, statements};
use crate::cas::{self, Answer, Query};
use crate::rational::Rational;

/// Highest order r.
pub const MAX_ORDER: usize = 32;
/// Most coefficients of one polynomial.
pub const MAX_DEGREE: usize = 32;
/// Most terms computed or given.
pub const MAX_TERMS: usize = 5_000;

/// What to compute.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Question {
    /// a(0), …, a(n) from the initial terms a(0), …, a(r − 1).
    Evaluate {
        /// a(0), …, a(r − 1).
        initial: Vec<Rational>,
        /// The last index wanted (n < 5,000).
        n: usize,
    },
    /// For a table a(0), …, a(N): the residual Σ p_i(n)·a(n + i) for n = 0, …, N − r.
    Residuals {
        /// The table.
        terms: Vec<Rational>,
    },
}

/// Input of `sequence.holonomic.compute`.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HolonomicInput {
    /// p_0, …, p_r, each by its coefficients in powers of n, constant first (rationals); p_r ≠ 0.
    pub polynomials: Vec<Vec<Rational>>,
    /// What to compute.
    pub question: Question,
}

/// `sequence.holonomic.compute`.
pub struct Holonomic;

fn read(i: &HolonomicInput) -> Result<Vec<Vec<Rat>>, Diagnostic> {
    let r = i.polynomials.len();
    if !(2..=MAX_ORDER + 1).contains(&r) {
        return Err(Diagnostic::at("/polynomials", "OUT_OF_RANGE", "2 to 33 polynomials (order 1 to 32)"));
    }
    let p: Vec<Vec<Rat>> = i.polynomials.iter().map(|c| c.iter().map(Rational::value).collect()).collect();
    if let Some(k) = p.iter().position(|c| c.len() > MAX_DEGREE) {
        return Err(Diagnostic::at(format!("/polynomials/{k}"), "TOO_LARGE", "at most 32 coefficients"));
    }
    if p[r - 1].iter().all(Zero::is_zero) {
        return Err(Diagnostic::at(format!("/polynomials/{}", r - 1), "ZERO", "the leading polynomial p_r is not 0"));
    }
    match &i.question {
        Question::Evaluate { initial, n } => {
            if initial.len() != r - 1 {
                return Err(Diagnostic::at(
                    "/question/evaluate/initial",
                    "WRONG_LENGTH",
                    format!("a(0), …, a({})", r - 2),
                ));
            }
            if *n >= MAX_TERMS {
                return Err(Diagnostic::at("/question/evaluate/n", "OUT_OF_RANGE", "n < 5,000"));
            }
        }
        Question::Residuals { terms } => {
            if terms.len() < r || terms.len() > MAX_TERMS {
                return Err(Diagnostic::at("/question/residuals/terms", "OUT_OF_RANGE", format!("{r} to 5,000 terms")));
            }
        }
    }
    Ok(p)
}

fn at(p: &[Rat], n: usize) -> Rat {
    let x = Rat::from_integer(n.into());
    p.iter().rev().fold(Rat::zero(), |acc, c| acc * &x + c)
}

/// Σ_i p_i(n)·a(n + i).
fn residual(p: &[Vec<Rat>], a: &[Rat], n: usize) -> Rat {
    p.iter().enumerate().map(|(i, q)| at(q, n) * &a[n + i]).sum()
}

impl Query for Holonomic {
    type Input = HolonomicInput;
    type Output = Value;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "sequence.holonomic.compute",
                "P-recursive (holonomic) sequences: terms and residuals",
                "Terms of a sequence satisfying a linear recurrence with polynomial coefficients in n (P-recursive, \
                 holonomic, D-finite), exactly over Q, and the residuals of a table of terms against a recurrence.",
                "Unrolls p_0(n)a(n) + … + p_r(n)a(n + r) = 0 from a(0), …, a(r − 1) in exact rationals (order ≤ 32, \
                 n < 5,000), stopping with a diagnostic at a zero of p_r that leaves a term undetermined; residuals \
                 Σ p_i(n)a(n + i) of a given table. VERIFY replays the recurrence on every window of the terms \
                 (for a table, when it satisfies the recurrence).",
                &["p-recursive", "holonomic", "d-finite", "recurrence", "polynomial-coefficients", "sequence"],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("holonomic.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "Catalan numbers from (4n + 2)·C(n) − (n + 2)·C(n + 1) = 0",
                Mode::Verify,
                json!({"polynomials": [[2, 4], [-2, -1]], "question": {"evaluate": {"initial": [1], "n": 10}}}),
            ),
            (
                "Apéry's numbers for ζ(3)",
                Mode::Verify,
                json!({"polynomials": [[-1, -3, -3, -1], [117, 231, 153, 34], [-8, -12, -6, -1]],
                       "question": {"evaluate": {"initial": [1, 5], "n": 8}}}),
            ),
        ]
    }
    fn validate(&self, i: &HolonomicInput) -> Result<(), Diagnostic> {
        read(i).map(drop)
    }
    fn bounds(&self, _: &HolonomicInput) -> Result<(), Refusal> {
        Ok(())
    }
    fn answer(&self, i: &HolonomicInput, ctx: &AdapterContext) -> Result<Answer<Value>, AdapterError> {
        let p = read(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let r = p.len() - 1;
        let polynomials: Vec<Vec<Rational>> = p.iter().map(|q| q.iter().map(Rational::of).collect()).collect();
        match &i.question {
            Question::Evaluate { initial, n } => {
                let mut a: Vec<Rat> = initial.iter().map(Rational::value).collect();
                while a.len() <= *n {
                    if a.len().is_multiple_of(64) {
                        ctx.checkpoint()?;
                    }
                    let m = a.len() - r;
                    let lead = at(&p[r], m);
                    if lead.is_zero() {
                        return Err(AdapterError::Unsupported(format!(
                            "p_r({m}) = 0 leaves a({}) undetermined; give the terms up to it and ask from there",
                            m + r
                        )));
                    }
                    let rest: Rat = (0..r).map(|j| at(&p[j], m) * &a[m + j]).sum();
                    a.push(-rest / lead);
                }
                a.truncate(n + 1);
                let terms: Vec<Rational> = a.iter().map(Rational::of).collect();
                let statement = json!({"holonomic": {"polynomials": polynomials, "terms": terms}});
                Ok(Answer::from(json!({"value": terms[*n], "terms": terms})).claim(statements(vec![statement])))
            }
            Question::Residuals { terms } => {
                let a: Vec<Rat> = terms.iter().map(Rational::value).collect();
                let residuals: Vec<Rational> =
                    (0..=a.len() - 1 - r).map(|m| Rational::of(&residual(&p, &a, m))).collect();
                let first = residuals.iter().position(|x| x.as_str() != "0");
                let out = json!({"residuals": residuals, "satisfied": first.is_none(), "first_violation": first});
                if first.is_some() {
                    return Ok(out.into());
                }
                let statement = json!({"holonomic": {"polynomials": polynomials, "terms": terms}});
                Ok(Answer::from(out).claim(statements(vec![statement])))
            }
        }
    }
}
