//! The runtime's half of a call: request parsing, result assembly and the contract checks
//! applied to every adapter outcome. The concurrent orchestration lives in `jacobian-actors`;
//! everything here is synchronous and deterministic.

use std::sync::OnceLock;

use serde_json::Value;

use crate::adapter::{Interruption, Outcome};
use crate::artifact::ArtifactStore;
use crate::canonical::Digest;
use crate::catalog::Installed;
use crate::checker::Evidence;
use crate::contract::{
    Accounting, Assurance, AssuranceLevel, CONTRACT_VERSION, CapabilityRequest, CapabilityResult, Completeness,
    CompletenessState, Diagnostic, Execution, ExecutionStatus, Mode, Provenance, ProviderRef, Qualifier,
    RUNTIME_VERSION, Scope, Stage,
};
use crate::schema::{CompiledSchema, parse_typed, schema_for};

/// Parses a request envelope (`{capability_id, mode?, input, budget?, experiment_id?, ...}`)
/// with JSON Pointer diagnostics; unknown fields are refused.
pub fn parse_request(value: &Value) -> Result<CapabilityRequest, Vec<Diagnostic>> {
    static SCHEMA: OnceLock<Option<CompiledSchema>> = OnceLock::new();
    if let Some(schema) = SCHEMA.get_or_init(|| CompiledSchema::compile(&schema_for::<CapabilityRequest>()).ok()) {
        let bad = schema.validate(value, "");
        if !bad.is_empty() {
            return Err(bad);
        }
    }
    parse_typed(value, "").map_err(|d| vec![d])
}

/// Digest of `{capability_id, mode, input}`: the exact mathematical request, independent of
/// the input's key order and whitespace.
pub fn request_digest(request: &CapabilityRequest) -> Digest {
    #[derive(serde::Serialize)]
    struct Key<'a> {
        capability_id: &'a str,
        input: &'a Value,
        mode: Mode,
    }
    Digest::of_json(&Key { capability_id: &request.capability_id, input: &request.input, mode: request.mode })
}

/// The per-run facts stamped into a result.
#[derive(Debug, Clone)]
pub struct RunFrame {
    /// Episode id.
    pub episode_id: String,
    /// Digest of the request.
    pub request_digest: Digest,
    /// Digest of the policy in force.
    pub policy_digest: Digest,
    /// Time spent so far.
    pub accounting: Accounting,
}

/// A result that concludes nothing: refused, invalid, failed, timed out or cancelled.
pub fn non_conclusion(
    capability_id: &str,
    mode: Mode,
    provider: Option<ProviderRef>,
    status: ExecutionStatus,
    stage: Stage,
    diagnostics: Vec<Diagnostic>,
    frame: &RunFrame,
) -> CapabilityResult {
    let mut result = CapabilityResult {
        contract_version: CONTRACT_VERSION,
        capability_id: capability_id.to_owned(),
        mode,
        provider: provider.unwrap_or_else(|| ProviderRef {
            id: "none".into(),
            version: String::new(),
            digest: String::new(),
        }),
        execution: Execution { status, stage, diagnostics, accounting: frame.accounting },
        output: Value::Null,
        scope: Scope {
            summary: "no conclusion: the run did not produce a result".into(),
            input_digest: None,
            bounds: Default::default(),
            universal: false,
        },
        completeness: Completeness::unknown(),
        qualifiers: vec![],
        assurance: Assurance::unchecked(AssuranceLevel::None),
        obligations: vec![],
        relationships: vec![],
        artifact_uris: vec![],
        provenance: Provenance {
            episode_id: frame.episode_id.clone(),
            request_digest: frame.request_digest,
            result_digest: Digest::of_bytes(b""),
            policy_digest: frame.policy_digest,
            runtime_version: RUNTIME_VERSION.to_owned(),
        },
    };
    result.seal();
    result
}

/// The provider reference of an installed capability.
pub fn provider_ref(installed: &Installed) -> ProviderRef {
    let p = &installed.descriptor.provider;
    ProviderRef { id: p.id.clone(), version: p.version.clone(), digest: p.digest.clone() }
}

/// Turns an adapter outcome into a result, enforcing the contract: the output must match
/// its schema; exact and approximate exclude each other; exhaustiveness must be backed by
/// completeness; scope never claims universality; referenced artifacts must exist; evidence
/// must be about the result's own scope; a producer's VERIFIED is withdrawn; assurance never
/// exceeds the descriptor's ceiling. A violation makes the run ADAPTER_FAILED, never a
/// malformed result. Returns the result and the evidence for the checking stage; a
/// successful result is left unsealed, since the caller still adds accounting and checks
/// before [`CapabilityResult::seal`].
pub fn from_outcome(
    installed: &Installed,
    request: &CapabilityRequest,
    outcome: Outcome,
    frame: &RunFrame,
    store: &dyn ArtifactStore,
) -> (CapabilityResult, Option<Evidence>) {
    let fail = |diagnostics: Vec<Diagnostic>| {
        let r = non_conclusion(
            installed.id(),
            request.mode,
            Some(provider_ref(installed)),
            ExecutionStatus::AdapterFailed,
            Stage::Execution,
            diagnostics,
            frame,
        );
        (r, None)
    };
    let violation = |m: String| Diagnostic::error("CONTRACT_VIOLATION", m);

    let bad_output = installed.check_output(&outcome.output);
    if !bad_output.is_empty() {
        let mut ds = vec![Diagnostic::error(
            "OUTPUT_SCHEMA_VIOLATION",
            "the adapter's output does not match its declared output schema",
        )];
        ds.extend(bad_output);
        return fail(ds);
    }
    let mut problems = Vec::new();
    if outcome.qualifiers.contains(&Qualifier::Exact) && outcome.qualifiers.contains(&Qualifier::Approximate) {
        problems.push("a result cannot be both EXACT and APPROXIMATE".to_owned());
    }
    if outcome.qualifiers.contains(&Qualifier::Exhaustive) && !outcome.completeness.exhaustive {
        problems.push("EXHAUSTIVE without an exhaustive completeness".to_owned());
    }
    if outcome.completeness.exhaustive
        && matches!(outcome.completeness.state, CompletenessState::Partial | CompletenessState::Unknown)
    {
        problems.push("an exhaustive result cannot be PARTIAL or UNKNOWN".to_owned());
    }
    if outcome.qualifiers.contains(&Qualifier::Conditional) {
        if outcome.evidence.is_some() {
            problems.push("a result resting on a hypothesis (CONDITIONAL) cannot be submitted for checking".to_owned());
        }
        if !outcome.diagnostics.iter().any(|d| d.code == "ASSUMES") {
            problems.push("a CONDITIONAL result names its hypothesis in an ASSUMES diagnostic".to_owned());
        }
    }
    if outcome.scope.universal {
        problems.push(
            "a producer cannot claim a universal scope; only checked evidence of a universal claim can".to_owned(),
        );
    }
    if outcome.assurance == AssuranceLevel::None {
        problems.push("a produced output needs HEURISTIC or COMPUTED assurance".to_owned());
    }
    for uri in &outcome.artifact_uris {
        if !store.contains(uri) {
            problems.push(format!("artifact {uri} is referenced but not stored"));
        }
    }
    if let Some(evidence) = &outcome.evidence
        && evidence.scope != outcome.scope
    {
        problems.push("the evidence's scope differs from the result's scope".to_owned());
    }
    if !problems.is_empty() {
        return fail(problems.into_iter().map(violation).collect());
    }

    let mut diagnostics = outcome.diagnostics;
    let mut level = outcome.assurance;
    if level == AssuranceLevel::Verified {
        diagnostics.push(Diagnostic::warning(
            "PRODUCER_CLAIMED_VERIFIED",
            "the producer claimed VERIFIED; only an authorized checker's verdict promotes a result",
        ));
        level = AssuranceLevel::Computed;
    }
    let ceiling = installed.descriptor.assurance_ceiling.min(AssuranceLevel::Computed);
    if level > ceiling {
        diagnostics.push(Diagnostic::warning(
            "ASSURANCE_ABOVE_CEILING",
            format!("assurance lowered to the capability's ceiling {ceiling:?}"),
        ));
        level = ceiling;
    }

    let mut completeness = outcome.completeness;
    let mut evidence = outcome.evidence;
    let status = match outcome.interrupted {
        None => ExecutionStatus::Succeeded,
        Some(why) => {
            // What was done before the interruption is returned, but it is not the answer
            // to the whole request, and it is never submitted for checking.
            completeness.state = CompletenessState::Partial;
            completeness.exhaustive = false;
            let reached = if why == Interruption::Deadline { "deadline" } else { "cancelled" };
            if !completeness.bounds_reached.iter().any(|b| b == reached) {
                completeness.bounds_reached.push(reached.to_owned());
            }
            evidence = None;
            if why == Interruption::Deadline { ExecutionStatus::TimedOut } else { ExecutionStatus::Cancelled }
        }
    };
    let mut qualifiers = outcome.qualifiers;
    qualifiers.sort();
    qualifiers.dedup();

    let mut result = CapabilityResult {
        contract_version: CONTRACT_VERSION,
        capability_id: installed.id().to_owned(),
        mode: request.mode,
        provider: provider_ref(installed),
        execution: Execution { status, stage: Stage::Execution, diagnostics, accounting: frame.accounting },
        output: outcome.output,
        scope: outcome.scope,
        completeness,
        qualifiers,
        assurance: Assurance::unchecked(level),
        obligations: outcome.obligations,
        relationships: outcome.relationships,
        artifact_uris: outcome.artifact_uris.iter().map(ToString::to_string).collect(),
        provenance: Provenance {
            episode_id: frame.episode_id.clone(),
            request_digest: frame.request_digest,
            result_digest: Digest::of_bytes(b""),
            policy_digest: frame.policy_digest,
            runtime_version: RUNTIME_VERSION.to_owned(),
        },
    };
    if request.mode == Mode::Verify && evidence.is_none() && result.succeeded() {
        result.obligations.push(crate::contract::Obligation {
            kind: "INDEPENDENT_CHECK".into(),
            description: "the producer returned no checkable evidence for this result".into(),
            evidence_kind: None,
        });
    }
    // The caller seals the result once everything (checking, accounting) is final.
    (result, evidence)
}
