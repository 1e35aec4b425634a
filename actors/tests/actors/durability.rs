//! Episode records and artifacts survive a restart; shutdown is graceful.

use std::time::Duration;

use jacobian_actors::{ExperimentView, TenantId};
use jacobian_runtime::{ArtifactUri, AssuranceLevel, ExecutionStatus, Mode};
use serde_json::json;

use crate::support::{builder, req};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_survive_reopening_the_same_home() {
    let home = tempfile::tempdir().unwrap();
    let record_uri;
    {
        let jac = builder("").home(home.path()).build().await.unwrap();
        for n in 0..5 {
            let r = jac.run(req("test.a", json!({"action": "echo", "n": n})).experiment("exp-1")).await;
            assert_eq!(r.status(), ExecutionStatus::Succeeded);
        }
        let v = jac.run(req("test.b", json!({"action": "echo", "n": 9})).mode(Mode::Verify)).await;
        assert_eq!(v.assurance.level, AssuranceLevel::Verified);
        record_uri = ArtifactUri::parse(v.assurance.verification_record.as_deref().unwrap()).unwrap();
        jac.shutdown(Duration::from_secs(1)).await;
    }
    let jac = builder("").home(home.path()).build().await.unwrap();
    let local = TenantId::local();
    assert_eq!(jac.episode_count(&local), 6);
    let summary = jac.experiment(&local, "exp-1", ExperimentView::Summary).unwrap();
    assert_eq!(summary["episodes"].as_array().unwrap().len(), 5);
    let accounting = jac.experiment(&local, "exp-1", ExperimentView::Accounting).unwrap();
    assert_eq!(accounting["by_status"]["SUCCEEDED"], 5);
    assert!(jac.experiment(&local, "exp-2", ExperimentView::Summary).is_none());
    let record = jac.artifact(&local, &record_uri).unwrap();
    assert_eq!(record.manifest.schema_uri, "urn:jacobian:schema:verification-record:v1");
    // Another tenant sees none of it.
    let other = TenantId::new("other").unwrap();
    assert!(jac.artifact(&other, &record_uri).is_err());
    assert!(jac.experiment(&other, "exp-1", ExperimentView::Summary).is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_lets_runs_finish_then_refuses_new_ones() {
    let jac = builder("").build().await.unwrap();
    let j = jac.clone();
    let running = tokio::spawn(async move { j.run(req("test.a", json!({"action": "cooperative", "ms": 150}))).await });
    tokio::time::sleep(Duration::from_millis(30)).await;
    jac.shutdown(Duration::from_secs(5)).await;
    assert_eq!(running.await.unwrap().status(), ExecutionStatus::Succeeded);
    let r = jac.run(req("test.a", json!({"action": "echo"}))).await;
    assert_eq!(r.status(), ExecutionStatus::BudgetExceeded);
    assert_eq!(r.execution.diagnostics[0].code, "SHUTTING_DOWN");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_cancels_what_outlives_its_grace() {
    let jac = builder("").build().await.unwrap();
    let j = jac.clone();
    let running =
        tokio::spawn(async move { j.run(req("test.a", json!({"action": "cooperative", "ms": 30_000}))).await });
    tokio::time::sleep(Duration::from_millis(30)).await;
    let t0 = std::time::Instant::now();
    jac.shutdown(Duration::from_millis(50)).await;
    assert!(t0.elapsed() < Duration::from_secs(3));
    assert_eq!(running.await.unwrap().status(), ExecutionStatus::Cancelled);
}
