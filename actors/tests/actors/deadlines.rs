//! Deadlines and cancellation: a run answers by its deadline plus grace, whatever the adapter does.

use std::time::{Duration, Instant};

use jacobian_actors::{HealthPolicy, HealthStatus, RunOptions, TenantId};
use jacobian_runtime::contract::CompletenessState;
use jacobian_runtime::{AssuranceLevel, ExecutionStatus, Stage};
use serde_json::json;
use tokio_util::sync::CancellationToken;

use crate::support::{builder, open_gate, req, started};

async fn eventually(mut f: impl AsyncFnMut() -> bool) {
    let until = Instant::now() + Duration::from_secs(10);
    while !f().await {
        assert!(Instant::now() < until, "condition not reached within 10 s");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_adapter_that_ignores_cancellation_still_times_out() {
    let jac = builder("[limits]\ngrace_ms = 25\nconcurrency = 2")
        .health_policy(HealthPolicy { overrun_limit: 2, ..HealthPolicy::default() })
        .build()
        .await
        .unwrap();
    for round in 1..=2 {
        let t0 = Instant::now();
        let r = jac.run(req("test.a", json!({"action": "spin", "ms": 800})).wall_ms(100)).await;
        let elapsed = t0.elapsed();
        assert_eq!(r.status(), ExecutionStatus::TimedOut);
        assert_eq!(r.execution.stage, Stage::Execution);
        assert_eq!(r.assurance.level, AssuranceLevel::None);
        assert!(r.output.is_null());
        // The answer did not wait for the 800 ms spin.
        assert!(elapsed < Duration::from_millis(500), "answered after {elapsed:?}");
        // The spinning thread keeps its slot until it really ends.
        assert_eq!(jac.snapshot().await.running, 1);
        let health = jac.health().into_iter().find(|(id, _)| id == "test.a").unwrap().1;
        assert_eq!(health.running_past_deadline, 1);
        eventually(async || jac.snapshot().await.running == 0).await;
        let health = jac.health().into_iter().find(|(id, _)| id == "test.a").unwrap().1;
        assert_eq!(health.recent_overruns, round);
        assert_eq!(health.running_past_deadline, 0);
    }
    let health = jac.health().into_iter().find(|(id, _)| id == "test.a").unwrap().1;
    assert_eq!(health.status, HealthStatus::Degraded);
    jac.shutdown(Duration::from_secs(1)).await;
}

/// An adapter that answers right at its deadline races the episode for the run: whichever
/// concludes it (the adapter's thread, or the episode stopping the adapter), the run is
/// answered once, with one record.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_run_that_ends_at_its_deadline_is_answered_once_with_one_record() {
    let jac = builder("[limits]\ngrace_ms = 200\nconcurrency = 2").build().await.unwrap();
    let tenant = TenantId::local();
    let before = jac.episode_count(&tenant);
    let mut statuses = std::collections::BTreeMap::new();
    for i in 0..30u64 {
        let r = jac.run(req("test.a", json!({"action": "spin", "ms": 18 + i % 5, "n": 9100 + i})).wall_ms(20)).await;
        assert!(matches!(r.status(), ExecutionStatus::Succeeded | ExecutionStatus::TimedOut), "{:?}", r.execution);
        *statuses.entry(format!("{:?}", r.status())).or_insert(0) += 1;
        assert_eq!(jac.episode_count(&tenant) - before, i + 1, "one record per run, before its answer");
    }
    eventually(async || jac.snapshot().await.running == 0).await;
    assert_eq!(jac.episode_count(&tenant) - before, 30, "{statuses:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancellation_by_run_id_stops_a_running_adapter() {
    let jac = builder("").build().await.unwrap();
    let runner = jac.clone();
    let task = tokio::spawn(async move {
        let opts = RunOptions { run_id: Some("cancel-me".into()), ..RunOptions::default() };
        runner.run_with(req("test.b", json!({"action": "cooperative", "ms": 20_000, "n": 8001})), opts).await
    });
    eventually(async || started(8001) > 0).await;
    assert!(jac.cancel("cancel-me").await);
    let r = task.await.unwrap();
    assert_eq!(r.status(), ExecutionStatus::Cancelled);
    assert_eq!(r.assurance.level, AssuranceLevel::None);
    eventually(async || jac.snapshot().await.running == 0).await;
    assert!(!jac.cancel("cancel-me").await, "nothing left to cancel once its thread ended");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_callers_token_cancels_its_run() {
    let jac = builder("").build().await.unwrap();
    let token = CancellationToken::new();
    let opts = RunOptions { cancel: Some(token.clone()), ..RunOptions::default() };
    let runner = jac.clone();
    let task = tokio::spawn(async move {
        runner.run_with(req("test.a", json!({"action": "cooperative", "ms": 20_000})), opts).await
    });
    tokio::time::sleep(Duration::from_millis(50)).await;
    token.cancel();
    assert_eq!(task.await.unwrap().status(), ExecutionStatus::Cancelled);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_queued_run_can_be_cancelled_before_it_ever_runs() {
    let _gate = crate::support::Gate(7001);
    let jac = builder("[limits]\nconcurrency = 1").build().await.unwrap();
    let holder = jac.clone();
    let hold = tokio::spawn(async move { holder.run(req("test.a", json!({"action": "gate", "n": 7001}))).await });
    eventually(async || jac.snapshot().await.running == 1).await;
    let queued = jac.clone();
    let task = tokio::spawn(async move {
        let opts = RunOptions { run_id: Some("queued".into()), ..RunOptions::default() };
        queued.run_with(req("test.b", json!({"action": "echo", "n": 8002})), opts).await
    });
    eventually(async || jac.snapshot().await.queued == 1).await;
    assert!(jac.cancel("queued").await);
    let r = task.await.unwrap();
    assert_eq!(r.status(), ExecutionStatus::Cancelled);
    assert_eq!(r.execution.stage, Stage::Preflight);
    assert_eq!(started(8002), 0, "the cancelled run never executed");
    open_gate(7001);
    assert_eq!(hold.await.unwrap().status(), ExecutionStatus::Succeeded);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cooperative_adapter_returns_its_partial_work_at_the_deadline() {
    let jac = builder("[limits]\ngrace_ms = 200").build().await.unwrap();
    let r = jac.run(req("test.a", json!({"action": "partial"})).wall_ms(80)).await;
    assert_eq!(r.status(), ExecutionStatus::TimedOut);
    assert_eq!(r.completeness.state, CompletenessState::Partial);
    assert!(r.completeness.bounds_reached.contains(&"deadline".to_string()));
    assert!(r.output["n"].as_u64().unwrap() > 0, "the prefix is returned");
}

#[tokio::test(start_paused = true)]
async fn a_run_waiting_in_the_queue_times_out_at_its_deadline() {
    let _gate = crate::support::Gate(7002);
    let jac = builder("[limits]\nconcurrency = 1\nmax_wall_ms = 86400000").build().await.unwrap();
    let holder = jac.clone();
    let _hold = tokio::spawn(async move {
        holder.run(req("test.a", json!({"action": "gate", "n": 7002})).wall_ms(86_400_000)).await
    });
    // While an adapter thread runs, tokio does not auto-advance paused time; the test moves it.
    while jac.snapshot().await.running == 0 {
        tokio::task::yield_now().await;
    }
    let t0 = tokio::time::Instant::now();
    let queued = jac.clone();
    let waiting =
        tokio::spawn(
            async move { queued.run(req("test.b", json!({"action": "echo", "n": 8003})).wall_ms(5_000)).await },
        );
    while jac.snapshot().await.queued == 0 {
        tokio::task::yield_now().await;
    }
    tokio::time::advance(Duration::from_millis(4_999)).await;
    assert!(!waiting.is_finished(), "still queued before the deadline");
    tokio::time::advance(Duration::from_millis(1)).await;
    let r = waiting.await.unwrap();
    assert_eq!(r.status(), ExecutionStatus::TimedOut);
    assert_eq!(r.execution.stage, Stage::Preflight);
    assert_eq!(t0.elapsed(), Duration::from_millis(5_000), "the virtual clock stopped exactly at the deadline");
    assert_eq!(started(8003), 0, "it never ran");
    assert_eq!(jac.snapshot().await.queued, 0, "and it left the queue");
}
