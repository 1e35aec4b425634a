//! `polynomial.decide.identity`: whether two polynomial expressions are equal, exactly (both
//! expanded) or by the Schwartz–Zippel test (both evaluated, unexpanded, at random points
//! modulo 2^61 − 1), which is HEURISTIC with its error bound.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext, Refusal, RunBudget};
use jacobian_runtime::contract::Completeness;
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::text::{EVALUATION_PRIME, evaluate_mod};
use jacobian_runtime::objects::polynomial::{PolyValue, Ring};
use jacobian_runtime::typed::{Describe, Operation};
use jacobian_runtime::{Digest, Scope};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{q, read, ring};
use crate::cas;

/// Most random points of the Schwartz–Zippel test.
pub const MAX_TRIALS: u32 = 200;

/// How to decide.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum IdentityMethod {
    /// Expand both sides and compare (COMPUTED).
    #[default]
    Exact,
    /// Evaluate both sides at random points modulo 2^61 − 1 without expanding (HEURISTIC: a "yes"
    /// is wrong with probability at most (d / (2^61 − 1))^trials; a "no" is certain).
    SchwartzZippel,
}

/// Input of `polynomial.decide.identity`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IdentityInput {
    /// Variable names.
    pub variables: Vec<String>,
    /// `Z`, `Q` (default) or `F_p` (the exact method only, for F_p).
    #[serde(default = "q")]
    pub domain: String,
    /// The left side, as text (or terms for the exact method).
    pub left: PolyValue,
    /// The right side.
    pub right: PolyValue,
    /// The method (default exact).
    #[serde(default)]
    pub method: IdentityMethod,
    /// Schwartz–Zippel: random points (default 20, at most 200).
    #[serde(default = "twenty")]
    pub trials: u32,
    /// Schwartz–Zippel: the seed of the points (default 0), so a run can be repeated.
    #[serde(default)]
    pub seed: u64,
}

fn twenty() -> u32 {
    20
}

/// Output of `polynomial.decide.identity`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct IdentityOutput {
    /// Whether left = right as polynomials.
    pub identical: bool,
    /// The method used.
    pub method: IdentityMethod,
    /// Exact: left − right in canonical text.
    pub difference: Option<String>,
    /// Schwartz–Zippel: a bound on the total degree of left − right.
    pub degree_bound: Option<u64>,
    /// Schwartz–Zippel: the probability bound of a wrong "identical" ((d / p)^trials).
    pub error_bound: Option<f64>,
    /// Schwartz–Zippel: a point (residues modulo 2^61 − 1) where the sides differ.
    pub witness: Option<Vec<String>>,
}

/// The validated request.
pub struct Prepared {
    ring: Ring,
    input: IdentityInput,
}

/// `polynomial.decide.identity`.
pub struct IdentityTest;

fn texts(i: &IdentityInput) -> Result<(&str, &str), Diagnostic> {
    match (&i.left, &i.right) {
        (PolyValue::Text(a), PolyValue::Text(b)) => Ok((a, b)),
        (PolyValue::Text(_), _) => Err(Diagnostic::at("/right", "TEXT_ONLY", "Schwartz–Zippel reads text")),
        _ => Err(Diagnostic::at("/left", "TEXT_ONLY", "Schwartz–Zippel reads text")),
    }
}

impl Operation for IdentityTest {
    type Input = IdentityInput;
    type Output = IdentityOutput;
    type Prepared = Prepared;

    fn describe(&self) -> Describe {
        Describe {
            scope_rule: "Exactly the two given expressions over the given ring.",
            ..cas::describe(
                "polynomial.decide.identity",
                "Polynomial identity testing (exact, or Schwartz-Zippel)",
                "Whether two polynomial expressions are identical: exactly by expansion, or probabilistically by the \
                 Schwartz-Zippel lemma with its error bound (HEURISTIC).",
                "Decides whether two polynomial expressions in named variables are the same polynomial. The exact \
                 method expands both sides (COMPUTED). The Schwartz-Zippel method evaluates both sides, without \
                 expanding, at random points modulo the prime 2^61 - 1: a difference found is certain (with the point \
                 as witness); agreement at every point is HEURISTIC, wrong with probability at most (d/p)^trials.",
                &[
                    "polynomial",
                    "identity-testing",
                    "schwartz-zippel",
                    "randomized",
                    "equality",
                    "pit",
                    "expand",
                    "decide",
                ],
            )
        }
    }
    fn provider(&self) -> Provider {
        super::native(include_str!("identity.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "(x+y)^2 = x^2+2xy+y^2",
                Mode::Explore,
                json!({"variables": ["x", "y"], "left": "(x + y)^2", "right": "x^2 + 2*x*y + y^2"}),
            ),
            (
                "a large identity by Schwartz-Zippel",
                Mode::Explore,
                json!({"variables": ["x", "y"], "left": "(x + y)^200 - (x - y)^200", "right": "(x + y)^200 - (y - x)^200", "method": "schwartz_zippel"}),
            ),
        ]
    }
    fn prepare(&self, i: IdentityInput, _: &PrepareContext) -> Result<Prepared, Vec<Diagnostic>> {
        let r = ring(&i.variables, &i.domain).map_err(|d| vec![d])?;
        match i.method {
            IdentityMethod::Exact => {
                read(&r, &i.left, "/left").map_err(|d| vec![d])?;
                read(&r, &i.right, "/right").map_err(|d| vec![d])?;
            }
            IdentityMethod::SchwartzZippel => {
                if r.domain.characteristic() != 0 {
                    return Err(vec![Diagnostic::at(
                        "/domain",
                        "NOT_SUPPORTED",
                        "Schwartz–Zippel here is over Z or Q",
                    )]);
                }
                if i.trials == 0 || i.trials > MAX_TRIALS {
                    return Err(vec![Diagnostic::at("/trials", "OUT_OF_RANGE", "1 to 200 points")]);
                }
                let (a, b) = texts(&i).map_err(|d| vec![d])?;
                let zero = vec![0; r.n()];
                evaluate_mod(a, &r.variables, &zero)
                    .map_err(|e| vec![Diagnostic::at("/left", "BAD_POLYNOMIAL", e.to_string())])?;
                evaluate_mod(b, &r.variables, &zero)
                    .map_err(|e| vec![Diagnostic::at("/right", "BAD_POLYNOMIAL", e.to_string())])?;
            }
        }
        Ok(Prepared { ring: r, input: i })
    }
    fn preflight(&self, _: &Prepared, _: &RunBudget) -> Result<(), Refusal> {
        Ok(())
    }
    fn run(&self, p: Prepared, ctx: &AdapterContext) -> Result<Outcome<IdentityOutput>, AdapterError> {
        let canonical = serde_json::to_value(&p.input).map_err(|e| AdapterError::Backend(e.to_string()))?;
        let scope = Scope::exact_input(self.describe().scope_rule, Digest::of_value(&canonical));
        let r = &p.ring;
        let i = &p.input;
        if i.method == IdentityMethod::Exact {
            let a = read(r, &i.left, "/left").map_err(|d| AdapterError::Unsupported(d.message))?;
            let b = read(r, &i.right, "/right").map_err(|d| AdapterError::Unsupported(d.message))?;
            let d = r.domain.reduce(a.sub(&b)).map_err(AdapterError::Unsupported)?;
            let out = IdentityOutput {
                identical: d.is_zero(),
                method: i.method,
                difference: Some(r.print(&d)),
                degree_bound: None,
                error_bound: None,
                witness: None,
            };
            return Ok(Outcome::computed(out, scope));
        }
        let (a, b) = texts(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        // SplitMix64 from the seed: reproducible points.
        let mut state = i.seed;
        let mut next = move || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            (z ^ (z >> 31)) % EVALUATION_PRIME
        };
        let mut degree = 0;
        for _ in 0..i.trials {
            ctx.checkpoint()?;
            let point: Vec<u64> = (0..r.n()).map(|_| next()).collect();
            let bad = |e: jacobian_runtime::objects::term::ParseError| AdapterError::Unsupported(e.to_string());
            let (va, da) = evaluate_mod(a, &r.variables, &point).map_err(bad)?;
            let (vb, db) = evaluate_mod(b, &r.variables, &point).map_err(bad)?;
            degree = da.max(db);
            if va != vb {
                let out = IdentityOutput {
                    identical: false,
                    method: i.method,
                    difference: None,
                    degree_bound: Some(degree),
                    error_bound: Some(0.0),
                    witness: Some(point.iter().map(u64::to_string).collect()),
                };
                return Ok(Outcome::computed(out, scope));
            }
        }
        let error = (degree as f64 / EVALUATION_PRIME as f64).powi(i.trials as i32);
        let out = IdentityOutput {
            identical: true,
            method: i.method,
            difference: None,
            degree_bound: Some(degree),
            error_bound: Some(error),
            witness: None,
        };
        Ok(Outcome::heuristic(out, scope, Completeness::unknown()))
    }
}
