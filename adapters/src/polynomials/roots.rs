//! Real roots of univariate polynomials in-process: isolation in exact rational intervals
//! (VERIFY by Sturm counts) and Sturm sequences with root counts.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::{Coefficient, Domain, PolyValue, Ring, rational_text};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::arith::{isolate, poly, sign_changes, sturm_sequence};
use super::native::scalar;
use super::{Poly, dense, q, read, ring, terms};
use crate::cas::{self, Answer, Query};

/// Highest degree isolated in-process.
pub const MAX_ROOT_DEGREE: u32 = 200;

fn unsupported(d: Diagnostic) -> AdapterError {
    AdapterError::Unsupported(d.message)
}

/// Input of `polynomial.roots.isolate`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RootsInput {
    /// One variable name.
    pub variables: Vec<String>,
    /// `Z` or `Q` (default).
    #[serde(default = "q")]
    pub domain: String,
    /// The polynomial (not zero; degree at most 200).
    pub polynomial: PolyValue,
    /// Refine each interval to width at most 2^-bits (default 0: isolation only, width ≤ 1; at most 200).
    #[serde(default)]
    pub bits: u32,
}

/// Output of `polynomial.roots.isolate`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RootsOutput {
    /// Number of distinct real roots.
    pub count: usize,
    /// One open interval (a, b) per root, increasing, a and b exact rationals that are not roots.
    pub intervals: Vec<[String; 2]>,
}

/// `polynomial.roots.isolate`.
pub struct RealRoots;

fn roots_input(i: &RootsInput) -> Result<(Ring, Poly), Diagnostic> {
    let r = ring(&i.variables, &i.domain)?;
    super::one_variable(&r)?;
    if r.domain.characteristic() != 0 {
        return Err(Diagnostic::at("/domain", "NOT_SUPPORTED", "real roots are of polynomials over Z or Q"));
    }
    let p = read(&r, &i.polynomial, "/polynomial")?;
    if p.is_zero() {
        return Err(Diagnostic::at("/polynomial", "ZERO", "the zero polynomial has every number as a root"));
    }
    if i.bits > 200 {
        return Err(Diagnostic::at("/bits", "OUT_OF_RANGE", "at most 200 bits"));
    }
    Ok((r, p))
}

impl Query for RealRoots {
    type Input = RootsInput;
    type Output = RootsOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "polynomial.roots.isolate",
                "Real root isolation with exact rational intervals",
                "The distinct real roots of a univariate polynomial over Z or Q, each in an exact rational isolating \
                 interval, and their number.",
                "Isolates every real root of a polynomial in one variable by Sturm sequences and bisection, returning \
                 disjoint open intervals with rational endpoints, each holding exactly one root, optionally refined to \
                 width 2^-bits. VERIFY recomputes Sturm counts on every interval and the total number of real roots.",
                &[
                    "polynomial",
                    "real-roots",
                    "root-isolation",
                    "isolating-intervals",
                    "sturm",
                    "roots",
                    "count-real-roots",
                    "exact",
                ],
            ),
            &[super::REAL_ROOTS],
        )
    }
    fn provider(&self) -> Provider {
        super::native(include_str!("roots.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("roots of x^3 - 2x", Mode::Verify, json!({"variables": ["x"], "polynomial": "x^3 - 2*x", "bits": 10}))]
    }
    fn validate(&self, i: &RootsInput) -> Result<(), Diagnostic> {
        roots_input(i).map(|_| ())
    }
    fn bounds(&self, i: &RootsInput) -> Result<(), Refusal> {
        let (_, p) = roots_input(i).map_err(super::refused)?;
        super::degree_bound(&p, 1, MAX_ROOT_DEGREE, "/polynomial")
    }
    fn answer(&self, i: &RootsInput, ctx: &AdapterContext) -> Result<Answer<RootsOutput>, AdapterError> {
        let (_, p) = roots_input(i).map_err(unsupported)?;
        let intervals = isolate(&dense(&p), i.bits, ctx)?;
        let printed: Vec<[String; 2]> = intervals.iter().map(|(a, b)| [rational_text(a), rational_text(b)]).collect();
        let claim = cas::Claim {
            kind: super::REAL_ROOTS,
            semantics: "urn:jacobian:semantics:real-roots-isolated:v1",
            format: "STURM_INTERVALS_V1",
            claim: json!({"polynomial": terms(&p), "intervals": printed}),
            candidate: json!({}),
        };
        Ok(Answer::from(RootsOutput { count: intervals.len(), intervals: printed }).claim(claim))
    }
}

/// Input of `polynomial.compute.sturm_sequence`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SturmInput {
    /// One variable name.
    pub variables: Vec<String>,
    /// `Z` or `Q` (default).
    #[serde(default = "q")]
    pub domain: String,
    /// The polynomial (not zero).
    pub polynomial: PolyValue,
    /// Count roots in (low, high] only (both, or neither).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval: Option<[Coefficient; 2]>,
}

/// Output of `polynomial.compute.sturm_sequence`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SturmOutput {
    /// p, p′, −rem(p, p′), …
    pub sequence: Vec<String>,
    /// Distinct real roots, in all or in (low, high].
    pub real_roots: i64,
}

/// `polynomial.compute.sturm_sequence`.
pub struct Sturm;

impl Query for Sturm {
    type Input = SturmInput;
    type Output = SturmOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "polynomial.compute.sturm_sequence",
            "Sturm sequence and number of real roots",
            "The Sturm chain of a univariate polynomial over Q and the number of its distinct real roots, in all or \
             in an interval.",
            "Builds the Sturm sequence p, p', -rem(p, p'), ... of a polynomial in one variable with rational \
             coefficients and counts its distinct real roots by sign changes, on the whole line or in a rational \
             interval (low, high].",
            &["polynomial", "sturm", "sturm-chain", "sturm-sequence", "real-roots", "count", "sign-changes"],
        )
    }
    fn provider(&self) -> Provider {
        super::native(include_str!("roots.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "Sturm chain of x^3 - 3x + 1",
            Mode::Explore,
            json!({"variables": ["x"], "polynomial": "x^3 - 3*x + 1", "interval": [0, 2]}),
        )]
    }
    fn validate(&self, i: &SturmInput) -> Result<(), Diagnostic> {
        let r = ring(&i.variables, &i.domain)?;
        super::one_variable(&r)?;
        if r.domain.characteristic() != 0 {
            return Err(Diagnostic::at("/domain", "NOT_SUPPORTED", "over Z or Q"));
        }
        if read(&r, &i.polynomial, "/polynomial")?.is_zero() {
            return Err(Diagnostic::at("/polynomial", "ZERO", "not the zero polynomial"));
        }
        if let Some([a, b]) = &i.interval {
            let (a, b) = (scalar(&r, a, "/interval/0")?, scalar(&r, b, "/interval/1")?);
            if a >= b {
                return Err(Diagnostic::at("/interval", "EMPTY_INTERVAL", "low < high"));
            }
        }
        Ok(())
    }
    fn bounds(&self, i: &SturmInput) -> Result<(), Refusal> {
        let r = ring(&i.variables, &i.domain).map_err(super::refused)?;
        super::degree_bound(
            &read(&r, &i.polynomial, "/polynomial").map_err(super::refused)?,
            1,
            MAX_ROOT_DEGREE,
            "/polynomial",
        )
    }
    fn answer(&self, i: &SturmInput, _: &AdapterContext) -> Result<Answer<SturmOutput>, AdapterError> {
        let r = ring(&i.variables, &i.domain).map_err(unsupported)?;
        let p = read(&r, &i.polynomial, "/polynomial").map_err(unsupported)?;
        let seq = sturm_sequence(&dense(&p));
        let real_roots = match &i.interval {
            Some([a, b]) => {
                let (a, b) = (scalar(&r, a, "").map_err(unsupported)?, scalar(&r, b, "").map_err(unsupported)?);
                sign_changes(&seq, Some(&a), false) as i64 - sign_changes(&seq, Some(&b), false) as i64
            }
            None => sign_changes(&seq, None, false) as i64 - sign_changes(&seq, None, true) as i64,
        };
        let q = Ring { domain: Domain::Q, ..r };
        Ok(SturmOutput { sequence: seq.iter().map(|s| q.print(&poly(s))).collect(), real_roots }.into())
    }
}
