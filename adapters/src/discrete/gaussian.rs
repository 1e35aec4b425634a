//! `probability.gaussian.expectation`: E[f(X₁, …, X_n)] for a polynomial f with rational
//! coefficients and independent Gaussians X_i ~ N(μ_i, σ_i²) with rational means and variances,
//! exactly: E[X^k] = Σ_{j even} C(k, j) μ^(k−j) σ^j (j − 1)!!, and a monomial's expectation is
//! the product over its variables. Also the variance of f (the expectation of f² minus the square).

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::{Coefficient, PolyValue, Rat, Ring, coefficient};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::native;
use crate::cas::{self, Answer, Query};
use crate::rational::Rational;

/// Highest total degree of f (f² is expanded for the variance).
pub const MAX_DEGREE: u32 = 60;

/// Input of `probability.gaussian.expectation`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GaussianInput {
    /// The variable names X₁, …, X_n (1 to 16).
    pub variables: Vec<String>,
    /// f, a polynomial over Q in those variables (total degree ≤ 60): text such as `x^4 - 3*x*y^2` or terms.
    pub polynomial: PolyValue,
    /// The means μ_i (rationals; all 0 when omitted).
    #[serde(default)]
    pub means: Vec<Coefficient>,
    /// The variances σ_i² (rationals > 0; all 1 when omitted).
    #[serde(default)]
    pub variances: Vec<Coefficient>,
}

/// Output of `probability.gaussian.expectation`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GaussianOutput {
    /// E[f(X)].
    pub expectation: Rational,
    /// Var[f(X)] = E[f²] − E[f]².
    pub variance: Rational,
}

struct Model {
    f: jacobian_runtime::objects::polynomial::Poly,
    means: Vec<Rat>,
    variances: Vec<Rat>,
}

fn read(i: &GaussianInput) -> Result<Model, Diagnostic> {
    if i.variables.is_empty() || i.variables.len() > 16 {
        return Err(Diagnostic::at("/variables", "BAD_LENGTH", "1 to 16 variables"));
    }
    let ring = Ring::new(&i.variables, "Q", "/variables", "/polynomial").map_err(|mut e| e.swap_remove(0))?;
    let f = ring.read(&i.polynomial, "/polynomial")?;
    let n = ring.n();
    let list = |values: &[Coefficient], name: &str, default: Rat| -> Result<Vec<Rat>, Diagnostic> {
        if values.is_empty() {
            return Ok(vec![default; n]);
        }
        if values.len() != n {
            return Err(Diagnostic::at(format!("/{name}"), "WRONG_LENGTH", format!("one per variable ({n})")));
        }
        values
            .iter()
            .enumerate()
            .map(|(k, c)| coefficient(c).map_err(|m| Diagnostic::at(format!("/{name}/{k}"), "BAD_NUMBER", m)))
            .collect()
    };
    let means = list(&i.means, "means", Rat::zero())?;
    let variances = list(&i.variances, "variances", Rat::one())?;
    if let Some(k) = variances.iter().position(|v| !v.is_positive()) {
        return Err(Diagnostic::at(format!("/variances/{k}"), "NOT_POSITIVE", "variances are > 0"));
    }
    Ok(Model { f, means, variances })
}

/// E[X^k] for X ~ N(μ, v): Σ_{j even ≤ k} C(k, j) μ^(k−j) v^(j/2) (j − 1)!!.
fn moment(k: u32, mu: &Rat, v: &Rat) -> Rat {
    let mut total = Rat::zero();
    let mut binom = BigInt::one();
    let mut double_factorial = BigInt::one(); // (j − 1)!! for the current even j
    for j in 0..=k {
        if j > 0 {
            binom = binom * BigInt::from(k - j + 1) / BigInt::from(j);
        }
        if j % 2 == 0 {
            if j >= 2 {
                double_factorial *= BigInt::from(j - 1);
            }
            let term = Rat::from_integer(&binom * &double_factorial)
                * num_traits::pow(mu.clone(), (k - j) as usize)
                * num_traits::pow(v.clone(), (j / 2) as usize);
            total += term;
        }
    }
    total
}

fn expectation(m: &Model, f: &jacobian_runtime::objects::polynomial::Poly) -> Rat {
    f.terms()
        .map(|(mono, c)| {
            mono.iter().enumerate().fold(c.clone(), |acc, (i, &e)| acc * moment(e, &m.means[i], &m.variances[i]))
        })
        .sum()
}

/// `probability.gaussian.expectation`.
pub struct GaussianExpectation;

impl Query for GaussianExpectation {
    type Input = GaussianInput;
    type Output = GaussianOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "probability.gaussian.expectation",
                "Expectation and variance of a polynomial in independent Gaussian variables, exactly",
                "E[f(X)] and Var[f(X)] for a polynomial f with rational coefficients in independent normal variables with \
             rational means and variances, as exact rationals (Gaussian moments, Isserlis' theorem).",
                "Expands f over Q (up to 16 variables, total degree ≤ 60) and takes the expectation term by term: for \
             X ~ N(μ, σ²), E[X^k] = Σ_{j even} C(k, j) μ^(k−j) σ^j (j − 1)!!, and independent variables multiply; \
             the variance is E[f²] − E[f]², with f² expanded exactly. VERIFY: the discrete checker expands f² \
             itself and takes moments by Stein's recursion E[X^k] = μE[X^(k−1)] + (k − 1)σ²E[X^(k−2)].",
                &[
                    "probability",
                    "gaussian",
                    "normal-distribution",
                    "moments",
                    "expectation",
                    "variance",
                    "isserlis",
                    "wick",
                    "polynomial",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("gaussian.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "E[X⁴ − 3X²Y + Y²] and its variance for X ~ N(1, 2), Y ~ N(0, 1)",
            Mode::Verify,
            json!({"variables": ["x", "y"], "polynomial": "x^4 - 3*x^2*y + y^2", "means": [1, 0], "variances": [2, 1]}),
        )]
    }
    fn validate(&self, i: &GaussianInput) -> Result<(), Diagnostic> {
        read(i).map(|_| ())
    }
    fn bounds(&self, i: &GaussianInput) -> Result<(), Refusal> {
        let m = read(i).map_err(Refusal::Unsupported)?;
        if m.f.total_degree().unwrap_or(0) > MAX_DEGREE || m.f.len() > 2_000 {
            let why = format!("total degree at most {MAX_DEGREE} and at most 2,000 terms");
            return Err(Refusal::Unsupported(Diagnostic::at("/polynomial", "TOO_LARGE", why)));
        }
        Ok(())
    }
    fn answer(&self, i: &GaussianInput, ctx: &AdapterContext) -> Result<Answer<GaussianOutput>, AdapterError> {
        let m = read(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let e = expectation(&m, &m.f);
        ctx.checkpoint()?;
        let square = m.f.mul(&m.f).map_err(|t| AdapterError::Unsupported(t.0))?;
        let e2 = expectation(&m, &square);
        let out = GaussianOutput { expectation: Rational::of(&e), variance: Rational::of(&(e2 - &e * &e)) };
        let terms: Vec<Value> = m.f.terms().map(|(mono, c)| json!([Rational::of(c), mono])).collect();
        let statement = json!({"gaussian": {
            "terms": terms, "means": m.means.iter().map(Rational::of).collect::<Vec<_>>(),
            "variances": m.variances.iter().map(Rational::of).collect::<Vec<_>>(),
            "expectation": out.expectation, "variance": out.variance,
        }});
        Ok(Answer::from(out).claim(super::statements(vec![statement])))
    }
}
