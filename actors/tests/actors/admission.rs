//! Admission: slots, queue, per-capability and per-tenant limits, budgets, policy, progress.

use std::time::{Duration, Instant};

use jacobian_actors::{RunOptions, TenantId};
use jacobian_runtime::{ExecutionStatus, Stage};
use serde_json::json;
use tokio::sync::mpsc::unbounded_channel;

use crate::support::{builder, open_gate, req};

async fn until_running(jac: &jacobian_actors::Jacobian, n: usize) {
    let until = Instant::now() + Duration::from_secs(10);
    while jac.snapshot().await.running < n {
        assert!(Instant::now() < until);
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_concurrent_runs_all_complete_correctly() {
    let jac = builder("[limits]\nqueue = 1024").build().await.unwrap();
    // Let the runtime's own tasks start before counting.
    tokio::time::sleep(Duration::from_millis(50)).await;
    let tasks_before = tokio::runtime::Handle::current().metrics().num_alive_tasks();
    let handles: Vec<_> = (0..1000u64)
        .map(|i| {
            let jac = jac.clone();
            tokio::spawn(async move {
                (i, jac.run(req(if i % 2 == 0 { "test.a" } else { "test.b" }, json!({"action": "echo", "n": i}))).await)
            })
        })
        .collect();
    for h in handles {
        let (i, r) = h.await.unwrap();
        assert_eq!(r.status(), ExecutionStatus::Succeeded, "{:?}", r.execution.diagnostics);
        assert_eq!(r.output["n"], i);
    }
    assert_eq!(jac.in_flight(), 0);
    let snap = jac.snapshot().await;
    assert_eq!((snap.running, snap.queued), (0, 0));
    let until = Instant::now() + Duration::from_secs(5);
    loop {
        let alive = tokio::runtime::Handle::current().metrics().num_alive_tasks();
        if alive <= tasks_before {
            break;
        }
        assert!(Instant::now() < until, "{alive} tasks alive, {tasks_before} before the runs");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(jac.episode_count(&TenantId::local()), 1000);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_queue_refuses_at_once() {
    let _gate = crate::support::Gate(7101);
    let jac = builder("[limits]\nconcurrency = 1\nqueue = 2").build().await.unwrap();
    let mut held = Vec::new();
    for _ in 0..3 {
        let j = jac.clone();
        held.push(tokio::spawn(async move { j.run(req("test.a", json!({"action": "gate", "n": 7101}))).await }));
    }
    let until = Instant::now() + Duration::from_secs(10);
    while jac.snapshot().await.queued < 2 {
        assert!(Instant::now() < until);
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    let t0 = Instant::now();
    let r = jac.run(req("test.b", json!({"action": "echo"})).wall_ms(60_000)).await;
    assert!(t0.elapsed() < Duration::from_secs(5));
    assert_eq!(r.status(), ExecutionStatus::BudgetExceeded);
    assert_eq!(r.execution.stage, Stage::Preflight);
    assert_eq!(r.execution.diagnostics[0].code, "OVERLOADED");
    open_gate(7101);
    for h in held {
        assert_eq!(h.await.unwrap().status(), ExecutionStatus::Succeeded);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn per_tenant_and_per_capability_limits_hold() {
    let _gate = crate::support::Gate(7201);
    let jac = builder("[limits]\nconcurrency = 2\nper_tenant = 1\nper_capability = 1").build().await.unwrap();
    let t1 = TenantId::new("t1").unwrap();
    let j = jac.clone();
    let tenant = t1.clone();
    let hold = tokio::spawn(async move {
        j.run_with(req("test.a", json!({"action": "gate", "n": 7201})), RunOptions { tenant, ..RunOptions::default() })
            .await
    });
    until_running(&jac, 1).await;
    let same_tenant = jac
        .run_with(req("test.b", json!({"action": "echo"})), RunOptions { tenant: t1, ..RunOptions::default() })
        .await;
    assert_eq!(same_tenant.status(), ExecutionStatus::BudgetExceeded);
    assert_eq!(same_tenant.execution.diagnostics[0].code, "TENANT_LIMIT");
    // Another tenant, another capability: runs beside the held one.
    let t2 = RunOptions { tenant: TenantId::new("t2").unwrap(), ..RunOptions::default() };
    assert_eq!(jac.run_with(req("test.b", json!({"action": "echo"})), t2).await.status(), ExecutionStatus::Succeeded);
    // Another tenant, the same capability: waits for the per-capability slot.
    let j = jac.clone();
    let waiting = tokio::spawn(async move {
        let t3 = RunOptions { tenant: TenantId::new("t3").unwrap(), ..RunOptions::default() };
        j.run_with(req("test.a", json!({"action": "echo", "n": 3})), t3).await
    });
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(jac.snapshot().await.queued, 1);
    open_gate(7201);
    assert_eq!(hold.await.unwrap().status(), ExecutionStatus::Succeeded);
    assert_eq!(waiting.await.unwrap().output["n"], 3);
}

#[tokio::test]
async fn budgets_are_capped_by_the_operator() {
    let jac = builder("[limits]\nmax_wall_ms = 1000").build().await.unwrap();
    let r = jac.run(req("test.a", json!({"action": "echo"})).wall_ms(50_000)).await;
    assert_eq!(r.status(), ExecutionStatus::Succeeded);
    assert!(r.execution.diagnostics.iter().any(|d| d.code == "BUDGET_CAPPED"));
    assert!(r.execution.accounting.wall_ms >= 0.0 && r.execution.accounting.queue_ms <= r.execution.accounting.wall_ms);
}

#[tokio::test]
async fn hidden_capabilities_are_denied_by_policy() {
    let jac = builder("[policy]\nname = \"NO_A\"\n[policy.hide]\nids = [\"test.a\"]").build().await.unwrap();
    let r = jac.run(req("test.a", json!({"action": "echo"}))).await;
    assert_eq!(r.status(), ExecutionStatus::PolicyDenied);
    assert_eq!(r.execution.diagnostics[0].code, "CAPABILITY_POLICY_DENIED");
    assert_eq!(jac.run(req("test.b", json!({"action": "echo"}))).await.status(), ExecutionStatus::Succeeded);
    let found = jac.find_value(&json!({"limit": 20})).unwrap();
    assert!(found.matches.iter().all(|m| m.capability_id != "test.a"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn progress_reaches_the_caller() {
    let jac = builder("").build().await.unwrap();
    let (tx, mut rx) = unbounded_channel();
    let r = jac
        .run_with(
            req("test.a", json!({"action": "progress", "n": 40})),
            RunOptions { progress: Some(tx), ..RunOptions::default() },
        )
        .await;
    assert_eq!(r.status(), ExecutionStatus::Succeeded);
    let mut reports = Vec::new();
    while let Ok(p) = rx.try_recv() {
        reports.push(p);
    }
    assert!(!reports.is_empty());
    let last = reports.last().unwrap();
    assert_eq!((last.done, last.total), (40, Some(40)), "the final report is always delivered");
    assert!(reports.windows(2).all(|w| w[0].done <= w[1].done));
}
