//! The capability contract (version 2): descriptors, requests, results and their vocabulary.
//!
//! Every capability speaks this one shape. The enums here are closed: a value outside them
//! is a contract violation, not an extension point.

mod descriptor;
mod request;
mod result;

pub use descriptor::{CapabilityDescriptor, CapabilityId, CapabilityRelationship, InvocationExample, Provider};
pub use request::{Budget, CapabilityRequest};
pub use result::{
    Accounting, Assurance, CapabilityResult, Completeness, EvidenceBinding, Execution, Obligation, Provenance,
    ProviderRef, Relationship, Scope,
};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The version of the result contract this runtime produces.
pub const CONTRACT_VERSION: u32 = 2;

/// The version of the Jacobian runtime, stamped into every result's provenance.
pub const RUNTIME_VERSION: &str = env!("CARGO_PKG_VERSION");

/// How a capability is asked to work.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Mode {
    /// Compute, search or propose; never certifies its own conclusion.
    #[default]
    Explore,
    /// Produce evidence and submit it to an operator-authorized checker.
    Verify,
}

/// What happened to the execution, independent of what it concluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ExecutionStatus {
    /// The operation ran to its end.
    Succeeded,
    /// The request was malformed; nothing ran and nothing was written.
    InvalidRequest,
    /// The request is well formed but outside what the provider supports (e.g. above an order bound).
    Unsupported,
    /// Admission or preflight refused the run for lack of budget or capacity.
    BudgetExceeded,
    /// The wall-clock budget ran out.
    TimedOut,
    /// The caller cancelled the run.
    Cancelled,
    /// The adapter failed (panicked, returned an error, or broke the contract).
    AdapterFailed,
    /// Operator policy hides the capability or the mode.
    PolicyDenied,
}

impl ExecutionStatus {
    /// Every status, in contract order.
    pub const ALL: [ExecutionStatus; 8] = [
        Self::Succeeded,
        Self::InvalidRequest,
        Self::Unsupported,
        Self::BudgetExceeded,
        Self::TimedOut,
        Self::Cancelled,
        Self::AdapterFailed,
        Self::PolicyDenied,
    ];

    /// The SCREAMING_SNAKE_CASE name, as serialized.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Succeeded => "SUCCEEDED",
            Self::InvalidRequest => "INVALID_REQUEST",
            Self::Unsupported => "UNSUPPORTED",
            Self::BudgetExceeded => "BUDGET_EXCEEDED",
            Self::TimedOut => "TIMED_OUT",
            Self::Cancelled => "CANCELLED",
            Self::AdapterFailed => "ADAPTER_FAILED",
            Self::PolicyDenied => "POLICY_DENIED",
        }
    }
}

/// The stage a run had reached when its result was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Stage {
    /// Schema and cross-field validation of the request.
    Validation,
    /// Admission and the adapter's cost checks.
    Preflight,
    /// The adapter's computation.
    Execution,
    /// The independent checker's replay.
    Checking,
    /// Writing the episode and verification records.
    Persistence,
}

/// How strongly a result is established.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum AssuranceLevel {
    /// No conclusion: the run failed, timed out, was cancelled or refused.
    None,
    /// Depends on search, sampling, or an unchecked witness.
    Heuristic,
    /// A deterministic computation whose software contract is tested.
    Computed,
    /// An operator-authorized checker accepted evidence bound to the exact claim.
    Verified,
}

/// How much of the declared scope the result covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum CompletenessState {
    /// The whole declared scope was covered.
    Complete,
    /// Only part of the scope was covered (interrupted, paged or truncated by request).
    Partial,
    /// The scope was covered up to declared bounds, and no further.
    Bounded,
    /// Coverage is not known (failures, heuristic searches).
    Unknown,
}

/// Properties of the way a result was obtained.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Qualifier {
    /// Exact arithmetic or exact combinatorics; no rounding.
    Exact,
    /// Approximate (floating point, sampling): never a proof.
    Approximate,
    /// Limited by declared bounds.
    Bounded,
    /// Every case in the scope was examined.
    Exhaustive,
    /// The same input always yields the same output.
    Deterministic,
    /// Depends on a search strategy or an unchecked candidate.
    Heuristic,
    /// Rests on an unproved hypothesis (GRH, a probabilistic test), named by a diagnostic with
    /// code `ASSUMES`; such a result carries no evidence and never reaches VERIFIED.
    Conditional,
}

/// What a capability consumes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum InputKind {
    /// A structured JSON request.
    StructuredRequest,
    /// A formal proposition (a claim in a registered formal syntax).
    FormalProposition,
    /// A typed artifact (inline or by `artifact://` URI) of an accepted schema.
    TypedArtifact,
    /// Informal proof prose. No bundled capability accepts it; discovery answers NO_ROUTE.
    NaturalLanguageProof,
}

/// Severity of a diagnostic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Severity {
    /// The cause of a non-success status.
    #[default]
    Error,
    /// Something the caller should know that did not stop the run.
    Warning,
    /// Context.
    Info,
}

/// A machine-readable, person-actionable message, with the JSON Pointer of what it is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Diagnostic {
    /// A stable SCREAMING_SNAKE_CASE code, e.g. `SCHEMA_VIOLATION`.
    pub code: String,
    /// What is wrong and what to do about it.
    pub message: String,
    /// RFC 6901 JSON Pointer into the request (e.g. `/input/edges/3/1`), when the cause has a place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// How serious it is.
    #[serde(default)]
    pub severity: Severity,
}

impl Diagnostic {
    /// An error diagnostic without a path.
    pub fn error(code: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic { code: code.into(), message: message.into(), path: None, severity: Severity::Error }
    }

    /// An error diagnostic about the value at `path`.
    pub fn at(path: impl Into<String>, code: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic { path: Some(path.into()), ..Diagnostic::error(code, message) }
    }

    /// An informational diagnostic (context, such as where a run was executed).
    pub fn info(code: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Info, ..Diagnostic::error(code, message) }
    }

    /// A warning diagnostic.
    pub fn warning(code: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(code, message) }
    }

    /// Re-roots the path under `prefix` (a JSON Pointer), e.g. `/input`.
    pub fn under(mut self, prefix: &str) -> Self {
        self.path = Some(match self.path.take() {
            Some(p) => format!("{prefix}{p}"),
            None => prefix.to_owned(),
        });
        self
    }
}

/// Escapes one JSON Pointer reference token (RFC 6901: `~` → `~0`, `/` → `~1`).
pub fn pointer_token(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}
