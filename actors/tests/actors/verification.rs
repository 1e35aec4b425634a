//! VERIFY: promotion only through an authorized checker, and every fail-closed path.

use std::time::Duration;

use jacobian_actors::TenantId;
use jacobian_runtime::policy::CheckerAuthority;
use jacobian_runtime::verification::check_binding;
use jacobian_runtime::{ArtifactUri, AssuranceLevel, ExecutionStatus, Mode, Stage};
use serde_json::json;

use crate::support::{builder, checker_identity, fixture, req};

fn verify(n: u64, checker: &str) -> jacobian_runtime::CapabilityRequest {
    req("test.a", json!({"action": "echo", "n": n, "checker": checker})).mode(Mode::Verify)
}

#[tokio::test]
async fn an_authorized_checker_promotes_to_verified() {
    let jac = builder("").build().await.unwrap();
    let r = jac.run(verify(5, "accept")).await;
    assert_eq!(r.status(), ExecutionStatus::Succeeded, "{:?}", r.execution.diagnostics);
    assert_eq!(r.assurance.level, AssuranceLevel::Verified);
    assert_eq!(r.assurance.checker.as_ref(), Some(&checker_identity()));
    let record = ArtifactUri::parse(r.assurance.verification_record.as_deref().unwrap()).unwrap();
    let stored = jac.artifact(&TenantId::local(), &record).unwrap();
    assert_eq!(stored.manifest.schema_uri, "urn:jacobian:schema:verification-record:v1");
    assert!(r.artifact_uris.contains(&record.to_string()));
    assert!(r.obligations.is_empty());
    // The record checks out against the result, read back from the tenant's store.
    let store = jacobian_runtime::artifact::MemoryArtifactStore::new();
    assert!(
        check_binding(&r, &store, &CheckerAuthority::of([checker_identity()])).is_err(),
        "another store has no record"
    );
}

#[tokio::test]
async fn explore_never_checks() {
    let jac = builder("").build().await.unwrap();
    let r = jac.run(req("test.a", json!({"action": "echo", "n": 5}))).await;
    assert_eq!(r.assurance.level, AssuranceLevel::Computed);
    assert!(r.assurance.verification_record.is_none());
}

#[tokio::test]
async fn an_unauthorized_checker_cannot_promote() {
    let jac = builder("[checkers]\nbundled = false").build().await.unwrap();
    let r = jac.run(verify(5, "accept")).await;
    assert_eq!(r.status(), ExecutionStatus::Succeeded);
    assert_eq!(r.assurance.level, AssuranceLevel::Computed);
    let o = r.obligations.iter().find(|o| o.kind == "INDEPENDENT_CHECK").expect("obligation");
    assert!(o.description.contains("not authorized") && o.description.contains("test.check.echo"), "{}", o.description);
    assert_eq!(o.evidence_kind.as_deref(), Some("test.echo/v1"));
}

#[tokio::test]
async fn no_installed_checker_is_an_obligation() {
    let jac = jacobian_actors::Jacobian::builder().adapters([fixture("test.a")]).build().await.unwrap();
    let r = jac.run(verify(5, "accept")).await;
    assert_eq!(r.assurance.level, AssuranceLevel::Computed);
    assert!(r.execution.diagnostics.iter().any(|d| d.code == "NO_AUTHORIZED_CHECKER"));
    assert!(r.obligations[0].description.contains("no installed checker"));
}

#[tokio::test]
async fn a_rejection_is_reported_and_not_verified() {
    let jac = builder("").build().await.unwrap();
    let r = jac.run(verify(5, "reject")).await;
    assert_eq!(r.assurance.level, AssuranceLevel::Computed);
    let d = r.execution.diagnostics.iter().find(|d| d.code == "CHECK_REJECTED_WRONG").expect("finding");
    assert_eq!(d.path.as_deref(), Some("/evidence/candidate/n"));
    assert!(r.obligations.iter().any(|o| o.kind == "INDEPENDENT_CHECK"));
    assert!(r.assurance.verification_record.is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panicking_checker_gives_no_verdict_and_the_tree_keeps_serving() {
    let jac = builder("").build().await.unwrap();
    let r = jac.run(verify(5, "panic")).await;
    assert_eq!(r.assurance.level, AssuranceLevel::Computed);
    let d = r.execution.diagnostics.iter().find(|d| d.code == "CHECK_FAILED").expect("diagnostic");
    assert!(d.message.contains("panicked"));
    assert_eq!(jac.run(verify(6, "accept")).await.assurance.level, AssuranceLevel::Verified);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_check_that_outlives_the_budget_times_out_unverified() {
    let jac = builder("[limits]\ngrace_ms = 20").build().await.unwrap();
    let t0 = std::time::Instant::now();
    let r = jac.run(verify(5, "slow").wall_ms(150)).await;
    assert!(t0.elapsed() < Duration::from_secs(2));
    assert_eq!(r.status(), ExecutionStatus::TimedOut);
    assert_eq!(r.execution.stage, Stage::Checking);
    assert_eq!(r.assurance.level, AssuranceLevel::Computed);
    assert_eq!(r.output["n"], 5, "the producer's output is kept, unverified");
    assert!(r.obligations.iter().any(|o| o.kind == "INDEPENDENT_CHECK"));
}
