//! Adapter outcomes are checked against the contract before they become results.

use std::sync::Arc;

use jacobian_runtime::adapter::{AdapterContext, Interruption, Outcome, PrepareContext};
use jacobian_runtime::artifact::{ArtifactReader, ArtifactStore, ArtifactUri, MemoryArtifactStore};
use jacobian_runtime::catalog::Catalog;
use jacobian_runtime::contract::{Accounting, AssuranceLevel, CompletenessState, Qualifier};
use jacobian_runtime::invoke::{RunFrame, from_outcome, request_digest};
use jacobian_runtime::{CapabilityRequest, CapabilityResult, Digest, ExecutionStatus, Mode, Scope};
use serde_json::json;

use crate::support::{descriptor, scripted, sum};

fn frame(request: &CapabilityRequest) -> RunFrame {
    RunFrame {
        episode_id: "ep-1".into(),
        request_digest: request_digest(request),
        policy_digest: Digest::of_bytes(b"p"),
        accounting: Accounting { queue_ms: 0.5, wall_ms: 1.0, cpu_ms: 0.9 },
    }
}

fn result_of(outcome: Outcome) -> CapabilityResult {
    let store: Arc<dyn ArtifactStore> = Arc::new(MemoryArtifactStore::new());
    let catalog = Catalog::build([scripted(descriptor("test.scripted", "Scripted", &["x"], "X.", "X."), None)]);
    let installed = catalog.get("test.scripted").unwrap();
    let request = CapabilityRequest::new("test.scripted", json!({"n": 1}));
    let mut result = from_outcome(installed, &request, outcome, &frame(&request), &*store).0;
    result.seal();
    result
}

fn ok_outcome() -> Outcome {
    Outcome::computed(json!({"value": 3}), Scope::exact_input("n", Digest::of_value(&json!({"n": 1}))))
}

fn contract_violation(outcome: Outcome, what: &str) {
    let r = result_of(outcome);
    assert_eq!(r.status(), ExecutionStatus::AdapterFailed, "{what}");
    assert_eq!(r.assurance.level, AssuranceLevel::None, "{what}");
    assert!(r.output.is_null(), "{what}");
}

#[test]
fn a_conforming_outcome_becomes_a_sealed_result() {
    let r = result_of(ok_outcome());
    assert_eq!(r.status(), ExecutionStatus::Succeeded);
    assert_eq!(r.output, json!({"value": 3}));
    assert_eq!(r.assurance.level, AssuranceLevel::Computed);
    assert_eq!(r.provenance.result_digest, r.content_digest());
    // Same content, different timing: same digest.
    let again = result_of(ok_outcome());
    assert_eq!(again.provenance.result_digest, r.provenance.result_digest);
}

#[test]
fn contract_violations_fail_the_adapter() {
    contract_violation(Outcome::computed(json!({"value": "three"}), ok_outcome().scope), "output schema");
    let mut both = ok_outcome();
    both.qualifiers.push(Qualifier::Approximate);
    contract_violation(both, "exact and approximate");
    let mut widened = ok_outcome();
    widened.scope.universal = true;
    contract_violation(widened, "universal scope from a producer");
    let mut exhaustive = ok_outcome();
    exhaustive.qualifiers.push(Qualifier::Exhaustive);
    contract_violation(exhaustive, "exhaustive without completeness");
    let ghost = ArtifactUri::from_digest(Digest::of_bytes(b"never stored"));
    contract_violation(ok_outcome().artifact(ghost), "dangling artifact");
    let mut none = ok_outcome();
    none.assurance = AssuranceLevel::None;
    contract_violation(none, "no assurance");
    let mut evidence_scope = ok_outcome();
    evidence_scope.evidence = Some(jacobian_runtime::Evidence {
        kind: "k".into(),
        claim: json!({}),
        semantics: "s".into(),
        candidate: json!({}),
        scope: Scope::exact_input("something else", Digest::of_bytes(b"x")),
        certificate_format: "f".into(),
        artifacts: vec![],
    });
    contract_violation(evidence_scope, "evidence about another scope");
}

#[test]
fn a_result_resting_on_a_hypothesis_names_it_and_is_never_checked() {
    let assumes = jacobian_runtime::Diagnostic::warning("ASSUMES", "this answer rests on GRH");
    let mut conditional = ok_outcome();
    conditional.qualifiers.push(Qualifier::Conditional);
    conditional.diagnostics.push(assumes.clone());
    let r = result_of(conditional.clone());
    assert_eq!(r.status(), ExecutionStatus::Succeeded);
    assert_eq!(r.assurance.level, AssuranceLevel::Computed);
    assert!(r.qualifiers.contains(&Qualifier::Conditional));
    let mut unnamed = ok_outcome();
    unnamed.qualifiers.push(Qualifier::Conditional);
    contract_violation(unnamed, "a hypothesis that is not named");
    let scope = conditional.scope.clone();
    conditional.evidence = Some(jacobian_runtime::Evidence {
        kind: "k".into(),
        claim: json!({}),
        semantics: "s".into(),
        candidate: json!({}),
        scope,
        certificate_format: "f".into(),
        artifacts: vec![],
    });
    contract_violation(conditional, "evidence on a conditional result");
}

#[test]
fn a_producer_claiming_verified_is_downgraded() {
    let mut claimed = ok_outcome();
    claimed.assurance = AssuranceLevel::Verified;
    let r = result_of(claimed);
    assert_eq!(r.status(), ExecutionStatus::Succeeded);
    assert_eq!(r.assurance.level, AssuranceLevel::Computed);
    assert!(r.execution.diagnostics.iter().any(|d| d.code == "PRODUCER_CLAIMED_VERIFIED"));
}

#[test]
fn interrupted_outcomes_are_partial_non_conclusions_of_the_whole() {
    let r = result_of(ok_outcome().interrupted(Interruption::Deadline));
    assert_eq!(r.status(), ExecutionStatus::TimedOut);
    assert_eq!(r.completeness.state, CompletenessState::Partial);
    assert!(!r.completeness.exhaustive);
    assert_eq!(r.completeness.bounds_reached, vec!["deadline"]);
    let r = result_of(ok_outcome().interrupted(Interruption::Cancelled));
    assert_eq!(r.status(), ExecutionStatus::Cancelled);
}

#[test]
fn verify_without_evidence_leaves_an_obligation() {
    let store: Arc<dyn ArtifactStore> = Arc::new(MemoryArtifactStore::new());
    let catalog = Catalog::build([sum()]);
    let installed = catalog.get("test.compute.sum").unwrap();
    let request = CapabilityRequest::new("test.compute.sum", json!({"values": [2]})).mode(Mode::Verify);
    let cx = PrepareContext { mode: Mode::Verify, artifacts: ArtifactReader::new(Arc::clone(&store)) };
    let ctx = AdapterContext::detached(Arc::clone(&store), Mode::Verify, std::time::Duration::from_secs(1));
    let outcome = installed.prepare(&request, &cx).unwrap().execute(&ctx).unwrap();
    let (r, evidence) = from_outcome(installed, &request, outcome, &frame(&request), &*store);
    assert!(evidence.is_none());
    assert_eq!(r.output, json!({"sum": 2}));
    assert!(r.obligations.iter().any(|o| o.kind == "INDEPENDENT_CHECK"));
    assert_eq!(r.assurance.level, AssuranceLevel::Computed);
}
