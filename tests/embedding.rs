//! The embedding API over the bundled capabilities and checkers.

use jacobian::TenantId;
use jacobian::runtime::{ArtifactUri, AssuranceLevel, CapabilityRequest, ExecutionStatus, Mode};
use serde_json::json;

#[tokio::test]
async fn gcd_is_exact_and_verified_through_its_bezout_certificate() {
    let jac = jacobian::builder().build().await.unwrap();
    let explore = jac.run(CapabilityRequest::new("integer.compute.gcd", json!({"a": 84, "b": -36}))).await;
    assert_eq!(explore.status(), ExecutionStatus::Succeeded);
    assert_eq!(explore.output["gcd"], "12");
    assert_eq!(explore.assurance.level, AssuranceLevel::Computed);
    let big =
        json!({"a": "170141183460469231731687303715884105727000", "b": "340282366920938463463374607431768211454000"});
    let verify = jac.run(CapabilityRequest::new("integer.compute.gcd", big).mode(Mode::Verify)).await;
    assert_eq!(verify.assurance.level, AssuranceLevel::Verified, "{:?}", verify.execution.diagnostics);
    assert_eq!(verify.output["gcd"], "170141183460469231731687303715884105727000");
    assert_eq!(verify.assurance.checker.as_ref().unwrap().id, "jacobian.check.gcd_bezout");
}

#[tokio::test]
async fn gcd_refuses_lossy_numbers_with_a_path() {
    let jac = jacobian::builder().build().await.unwrap();
    let r = jac.run(CapabilityRequest::new("integer.compute.gcd", json!({"a": 1e30, "b": 2}))).await;
    assert_eq!(r.status(), ExecutionStatus::InvalidRequest);
    assert_eq!(r.execution.diagnostics[0].path.as_deref(), Some("/input/a"));
    assert!(r.execution.diagnostics[0].message.contains("decimal string"));
}

#[tokio::test]
async fn artifact_put_stores_the_canonical_object_and_nothing_on_bad_input() {
    let home = tempfile::tempdir().unwrap();
    let jac = jacobian::builder().home(home.path()).build().await.unwrap();
    let put = |object| CapabilityRequest::new("artifact.put", json!({"object_type": "simple_graph", "object": object}));
    let r = jac.run(put(json!({"order": 3, "edges": [[2, 1], [0, 1]]}))).await;
    assert_eq!(r.status(), ExecutionStatus::Succeeded, "{:?}", r.execution.diagnostics);
    assert_eq!(r.output["already_canonical"], false);
    let uri = ArtifactUri::parse(r.output["uri"].as_str().unwrap()).unwrap();
    assert_eq!(r.artifact_uris, vec![uri.to_string()]);
    let stored = jac.artifact(&TenantId::local(), &uri).unwrap();
    assert_eq!(&*stored.bytes, br#"{"edges":[[0,1],[1,2]],"order":3}"#);
    // The same graph written another way is the same artifact.
    let again = jac.run(put(json!({"edges": [[1, 0], [1, 2]], "order": 3}))).await;
    assert_eq!(again.output["uri"], r.output["uri"]);

    let objects = home.path().join("tenants/local/artifacts/objects");
    let count = || walk(&objects);
    let before = count();
    let bad = jac.run(put(json!({"order": 3, "edges": [[0, 1], [1, 1], [0, 7]]}))).await;
    assert_eq!(bad.status(), ExecutionStatus::InvalidRequest);
    let paths: Vec<_> = bad.execution.diagnostics.iter().map(|d| d.path.clone().unwrap()).collect();
    assert_eq!(paths, vec!["/input/object/edges/1", "/input/object/edges/2"]);
    assert_eq!(count(), before, "nothing was written");
    let unknown =
        jac.run(CapabilityRequest::new("artifact.put", json!({"object_type": "hypergraph", "object": {}}))).await;
    assert_eq!(unknown.execution.diagnostics[0].path.as_deref(), Some("/input/object_type"));
}

fn walk(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir)
        .map(|rd| rd.flatten().map(|e| if e.path().is_dir() { walk(&e.path()) } else { 1 }).sum())
        .unwrap_or(0)
}
