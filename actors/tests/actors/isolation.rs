//! One bad adapter hurts only its own runs; repeated failure takes it out of service.

use std::time::Duration;

use jacobian_actors::{HealthPolicy, HealthStatus};
use jacobian_runtime::{ExecutionStatus, Stage};
use serde_json::json;

use crate::support::{builder, req, started};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panic_fails_only_its_run() {
    let jac = builder("").build().await.unwrap();
    let good: Vec<_> = (0..20u64)
        .map(|i| {
            let j = jac.clone();
            tokio::spawn(async move { j.run(req("test.b", json!({"action": "echo", "n": i}))).await })
        })
        .collect();
    let r = jac.run(req("test.a", json!({"action": "panic"}))).await;
    assert_eq!(r.status(), ExecutionStatus::AdapterFailed);
    assert_eq!(r.execution.diagnostics[0].code, "ADAPTER_PANICKED");
    assert!(r.execution.diagnostics[0].message.contains("fixture panic"));
    for (i, h) in good.into_iter().enumerate() {
        assert_eq!(h.await.unwrap().output["n"], i as u64);
    }
    // The capability still serves.
    assert_eq!(jac.run(req("test.a", json!({"action": "echo"}))).await.status(), ExecutionStatus::Succeeded);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn repeated_panics_take_a_capability_out_of_the_catalog() {
    let jac = builder("")
        .health_policy(HealthPolicy { failure_limit: 2, cooldown: Duration::from_secs(600), ..HealthPolicy::default() })
        .build()
        .await
        .unwrap();
    for _ in 0..3 {
        assert_eq!(jac.run(req("test.a", json!({"action": "panic"}))).await.status(), ExecutionStatus::AdapterFailed);
    }
    // The failure report reaches the capability actor just after the run's answer.
    let until = std::time::Instant::now() + Duration::from_secs(5);
    while jac.health().iter().any(|(id, h)| id == "test.a" && h.status != HealthStatus::Unhealthy) {
        assert!(std::time::Instant::now() < until, "never marked unhealthy");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let r = jac.run(req("test.a", json!({"action": "echo", "n": 8101}))).await;
    assert_eq!(r.status(), ExecutionStatus::AdapterFailed);
    assert_eq!(r.execution.diagnostics[0].code, "CAPABILITY_UNHEALTHY");
    assert_eq!(started(8101), 0);
    let ids: Vec<String> =
        jac.find_value(&json!({"limit": 20})).unwrap().matches.into_iter().map(|m| m.capability_id).collect();
    assert_eq!(ids, vec!["test.b"]);
    let catalog = jac.catalog();
    assert_eq!(catalog["capabilities"].as_array().unwrap().len(), 1);
    assert_eq!(jac.run(req("test.b", json!({"action": "echo"}))).await.status(), ExecutionStatus::Succeeded);
}

#[tokio::test]
async fn invalid_requests_run_nothing() {
    let jac = builder("").build().await.unwrap();
    let r = jac.run(req("test.b", json!({"action": "spin", "ms": 20_000, "n": 8102}))).await;
    assert_eq!(r.status(), ExecutionStatus::InvalidRequest);
    assert_eq!(r.execution.stage, Stage::Validation);
    assert_eq!(r.execution.diagnostics[0].path.as_deref(), Some("/input/ms"));
    let r = jac.run(req("test.b", json!({"action": "fly", "n": 8102}))).await;
    assert_eq!(r.execution.diagnostics[0].path.as_deref(), Some("/input/action"));
    let r = jac.run(req("test.nope", json!({}))).await;
    assert_eq!(
        (r.status(), r.execution.diagnostics[0].path.as_deref()),
        (ExecutionStatus::InvalidRequest, Some("/capability_id"))
    );
    let r = jac
        .run_value(
            &json!({"capability_id": "test.b", "input": {"action": "echo", "n": 8102}, "colour": 1}),
            Default::default(),
        )
        .await;
    assert_eq!(
        (r.status(), r.execution.diagnostics[0].path.as_deref()),
        (ExecutionStatus::InvalidRequest, Some("/colour"))
    );
    assert_eq!(started(8102), 0);
}
