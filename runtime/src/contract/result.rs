//! Capability results (contract version 2): one shape for every capability and every outcome.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{AssuranceLevel, CompletenessState, Diagnostic, ExecutionStatus, Mode, Qualifier, Stage};
use crate::canonical::Digest;
use crate::checker::CheckerIdentity;

/// The provider that served a call, as pinned in its descriptor.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProviderRef {
    /// Provider id.
    pub id: String,
    /// Exact version.
    pub version: String,
    /// `sha256:<hex>` digest from the descriptor.
    pub digest: String,
}

/// Time spent on a run, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Accounting {
    /// Waiting for admission.
    pub queue_ms: f64,
    /// From admission to result.
    pub wall_ms: f64,
    /// CPU time of the thread that ran the adapter (0 when it did not run).
    pub cpu_ms: f64,
}

/// What happened to the execution.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Execution {
    /// Outcome of the execution (not of the mathematics).
    pub status: ExecutionStatus,
    /// The stage at which the status was decided.
    pub stage: Stage,
    /// Why, with JSON Pointers where the cause has a place.
    pub diagnostics: Vec<Diagnostic>,
    /// Time spent.
    pub accounting: Accounting,
}

/// Exactly what a call covers. Bounded evidence never widens it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scope {
    /// What the result is about, in one sentence.
    pub summary: String,
    /// Digest of the exact canonical input the result covers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_digest: Option<Digest>,
    /// Declared bounds (e.g. `{"max_order": 7}`); empty when the input is covered exactly.
    #[serde(default)]
    pub bounds: BTreeMap<String, Value>,
    /// True only when the claim itself is universal and a checker established it (never for
    /// finite or bounded evidence).
    #[serde(default)]
    pub universal: bool,
}

impl Scope {
    /// The scope of a call that covers exactly its input.
    pub fn exact_input(summary: impl Into<String>, input_digest: Digest) -> Self {
        Scope { summary: summary.into(), input_digest: Some(input_digest), bounds: BTreeMap::new(), universal: false }
    }

    /// Adds a bound.
    pub fn bound(mut self, name: impl Into<String>, value: impl Into<Value>) -> Self {
        self.bounds.insert(name.into(), value.into());
        self
    }
}

/// How much of the scope is covered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Completeness {
    /// COMPLETE, PARTIAL, BOUNDED or UNKNOWN.
    pub state: CompletenessState,
    /// Every case in the scope was examined.
    pub exhaustive: bool,
    /// Names of the bounds that were reached (e.g. `limit`, `deadline`).
    #[serde(default)]
    pub bounds_reached: Vec<String>,
}

impl Completeness {
    /// The whole scope, exhaustively.
    pub fn complete() -> Self {
        Completeness { state: CompletenessState::Complete, exhaustive: true, bounds_reached: vec![] }
    }
    /// The whole scope of a direct computation (not a search: nothing to exhaust).
    pub fn computed() -> Self {
        Completeness { state: CompletenessState::Complete, exhaustive: false, bounds_reached: vec![] }
    }
    /// Part of the scope; `reached` names what stopped it.
    pub fn partial(reached: impl IntoIterator<Item = impl Into<String>>) -> Self {
        Completeness {
            state: CompletenessState::Partial,
            exhaustive: false,
            bounds_reached: reached.into_iter().map(Into::into).collect(),
        }
    }
    /// Coverage unknown.
    pub fn unknown() -> Self {
        Completeness { state: CompletenessState::Unknown, exhaustive: false, bounds_reached: vec![] }
    }
}

/// Which evidence a VERIFIED result stands on: each field must match the stored verification record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EvidenceBinding {
    /// Evidence kind, e.g. `graph.induced_tree.maximum/v1`.
    pub evidence_kind: String,
    /// Digest of the canonical claim.
    pub claim_digest: Digest,
    /// Semantics identifier the claim is read under.
    pub semantics: String,
    /// `artifact://` URI of the stored claim-and-semantics document.
    pub semantics_uri: String,
    /// Digest of the canonical candidate (witness or certificate).
    pub candidate_digest: Digest,
    /// Digest of the canonical scope.
    pub scope_digest: Digest,
    /// Certificate format, e.g. `LRAT` or `JACOBIAN_REPLAY_V1`.
    pub certificate_format: String,
}

/// How strongly the result is established, and by whom.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Assurance {
    /// NONE, HEURISTIC, COMPUTED or VERIFIED.
    pub level: AssuranceLevel,
    /// The checker that accepted the evidence (VERIFIED only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checker: Option<CheckerIdentity>,
    /// `artifact://` URI of the verification record (VERIFIED only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verification_record: Option<String>,
    /// The evidence the record binds (VERIFIED only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence: Option<EvidenceBinding>,
}

impl Assurance {
    /// An assurance without checker backing.
    pub fn unchecked(level: AssuranceLevel) -> Self {
        Assurance { level, checker: None, verification_record: None, evidence: None }
    }
}

/// A proof obligation the result leaves open.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Obligation {
    /// SCREAMING_SNAKE_CASE kind, e.g. `INDEPENDENT_CHECK`, `UNBOUNDED_GENERALIZATION`.
    pub kind: String,
    /// What remains to be established.
    pub description: String,
    /// The evidence kind a checker would need to accept to discharge it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence_kind: Option<String>,
}

/// A typed edge between two URIs (artifacts, records, capabilities).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Relationship {
    /// SCREAMING_SNAKE_CASE relation, e.g. `DERIVED_FROM`, `VERIFIES`.
    pub relation: String,
    /// Subject URI.
    pub subject: String,
    /// Object URI.
    pub object: String,
}

/// Where a result came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Provenance {
    /// The episode that produced it.
    pub episode_id: String,
    /// Digest of the canonical `{capability_id, mode, input}`.
    pub request_digest: Digest,
    /// Digest of the result's content (everything but provenance and accounting).
    pub result_digest: Digest,
    /// Digest of the operator policy and checker authority in force.
    pub policy_digest: Digest,
    /// Version of the Jacobian runtime.
    pub runtime_version: String,
}

/// The result of one capability call (contract version 2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CapabilityResult {
    /// Always 2.
    pub contract_version: u32,
    /// The capability called.
    pub capability_id: String,
    /// The mode it was called in.
    pub mode: Mode,
    /// The provider that served it.
    pub provider: ProviderRef,
    /// Status, stage, diagnostics, accounting.
    pub execution: Execution,
    /// Operation-specific output, valid against the descriptor's output schema; null unless
    /// the run produced one.
    pub output: Value,
    /// Exactly what the result covers.
    pub scope: Scope,
    /// How much of the scope was covered.
    pub completeness: Completeness,
    /// How the result was obtained.
    pub qualifiers: Vec<Qualifier>,
    /// How strongly it is established.
    pub assurance: Assurance,
    /// What remains to be proved.
    pub obligations: Vec<Obligation>,
    /// Edges between the artifacts and records involved.
    pub relationships: Vec<Relationship>,
    /// Every artifact the result refers to; empty means nothing was retained.
    pub artifact_uris: Vec<String>,
    /// Where it came from.
    pub provenance: Provenance,
}

impl CapabilityResult {
    /// The status.
    pub fn status(&self) -> ExecutionStatus {
        self.execution.status
    }

    /// True when the execution succeeded.
    pub fn succeeded(&self) -> bool {
        self.execution.status == ExecutionStatus::Succeeded
    }

    /// The digest of the result's content: everything except provenance and accounting, so a
    /// deterministic capability gives the same digest for the same request.
    pub fn content_digest(&self) -> Digest {
        #[derive(Serialize)]
        struct Content<'a> {
            contract_version: u32,
            capability_id: &'a str,
            mode: Mode,
            provider: &'a ProviderRef,
            status: ExecutionStatus,
            stage: Stage,
            diagnostics: &'a [Diagnostic],
            output: &'a Value,
            scope: &'a Scope,
            completeness: &'a Completeness,
            qualifiers: &'a [Qualifier],
            assurance: &'a Assurance,
            obligations: &'a [Obligation],
            relationships: &'a [Relationship],
            artifact_uris: &'a [String],
        }
        Digest::of_json(&Content {
            contract_version: self.contract_version,
            capability_id: &self.capability_id,
            mode: self.mode,
            provider: &self.provider,
            status: self.execution.status,
            stage: self.execution.stage,
            diagnostics: &self.execution.diagnostics,
            output: &self.output,
            scope: &self.scope,
            completeness: &self.completeness,
            qualifiers: &self.qualifiers,
            assurance: &self.assurance,
            obligations: &self.obligations,
            relationships: &self.relationships,
            artifact_uris: &self.artifact_uris,
        })
    }

    /// Recomputes and stores `provenance.result_digest`.
    pub fn seal(&mut self) {
        self.provenance.result_digest = self.content_digest();
    }
}
