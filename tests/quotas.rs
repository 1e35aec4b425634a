//! Tenant quotas from operator policy: stored bytes and artifacts (in memory and on disk across a
//! restart), CPU seconds within a window, and runs in flight, each refused with a diagnostic that
//! names the quota while other tenants keep working, and nothing written past a quota.

use std::time::Duration;

use jacobian::runtime::policy::OperatorConfig;
use jacobian::runtime::{CapabilityRequest, CapabilityResult, ExecutionStatus};
use jacobian::{Jacobian, RunOptions, TenantId};
use serde_json::{Value, json};

async fn runtime(config: &str, home: Option<&std::path::Path>) -> Jacobian {
    let mut b = jacobian::builder().config(OperatorConfig::from_toml(config).expect("config"));
    b = match home {
        Some(h) => b.home(h),
        None => b.in_memory(),
    };
    b.build().await.expect("runtime")
}

async fn run_as(jac: &Jacobian, tenant: &str, id: &str, input: Value) -> CapabilityResult {
    let options = RunOptions { tenant: TenantId::new(tenant).unwrap(), ..RunOptions::default() };
    jac.run_with(CapabilityRequest::new(id, input).wall_ms(60_000), options).await
}

/// A path graph on `n` vertices, stored with `artifact.put`: a distinct artifact per `n`.
async fn put(jac: &Jacobian, tenant: &str, n: u32) -> CapabilityResult {
    let edges: Vec<[u32; 2]> = (1..n).map(|v| [v - 1, v]).collect();
    let object = json!({"order": n, "edges": edges});
    run_as(jac, tenant, "artifact.put", json!({"object_type": "simple_graph", "object": object})).await
}

fn diagnostics(r: &CapabilityResult) -> String {
    r.execution.diagnostics.iter().map(|d| format!("{} {}", d.code, d.message)).collect::<Vec<_>>().join(" | ")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_artifact_quota_refuses_a_new_artifact_and_names_itself() {
    let jac = runtime("[quotas]\nartifacts = 3\n[quotas.tenants.big]\nartifacts = 100\n", None).await;
    let mut stored = vec![];
    for n in 2..5 {
        let r = put(&jac, "small", n).await;
        assert_eq!(r.execution.status, ExecutionStatus::Succeeded, "{}", diagnostics(&r));
        stored.push(r.output["uri"].clone());
    }
    let r = put(&jac, "small", 9).await;
    assert_eq!(r.execution.status, ExecutionStatus::BudgetExceeded, "{}", diagnostics(&r));
    let text = diagnostics(&r);
    assert!(text.contains("QUOTA_EXCEEDED") && text.contains("artifacts quota (3 of 3)"), "{text}");
    assert!(r.output.is_null());
    // The refused object was not written; an object already stored is stored again freely.
    let small = TenantId::new("small").unwrap();
    assert_eq!(jac.tenant_usage(&small).unwrap().artifacts, 3);
    let again = put(&jac, "small", 3).await;
    assert_eq!(again.execution.status, ExecutionStatus::Succeeded);
    assert_eq!(again.output["uri"], stored[1]);
    // Another tenant, with its own override, is not held to it.
    for n in 2..10 {
        assert_eq!(put(&jac, "big", n).await.execution.status, ExecutionStatus::Succeeded);
    }
    jac.shutdown(Duration::from_secs(5)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stored_bytes_quota_holds_across_a_restart_of_a_store_on_disk() {
    let home = tempfile::tempdir().unwrap();
    let config = "[quotas]\nstored_bytes = 400\n";
    let jac = runtime(config, Some(home.path())).await;
    let mut n = 2;
    let refused = loop {
        let r = put(&jac, "alice", n).await;
        if r.execution.status != ExecutionStatus::Succeeded {
            break r;
        }
        n += 1;
        assert!(n < 50, "the quota never refused");
    };
    assert_eq!(refused.execution.status, ExecutionStatus::BudgetExceeded);
    assert!(diagnostics(&refused).contains("stored_bytes quota"), "{}", diagnostics(&refused));
    jac.shutdown(Duration::from_secs(5)).await;
    // After a restart the store's contents count again: the same write is refused.
    let jac = runtime(config, Some(home.path())).await;
    let r = put(&jac, "alice", n).await;
    assert_eq!(r.execution.status, ExecutionStatus::BudgetExceeded, "{}", diagnostics(&r));
    assert!(put(&jac, "bob", n).await.succeeded(), "another tenant has its own quota");
    jac.shutdown(Duration::from_secs(5)).await;
}

fn digits(n: usize, seed: u64) -> String {
    let mut x = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    (0..n)
        .map(|i| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            char::from(b'0' + if i == 0 { 1 + (x >> 33) % 9 } else { (x >> 33) % 10 } as u8)
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cpu_quota_refuses_runs_once_the_window_is_spent() {
    let jac = runtime("[quotas]\ncpu_seconds = 1\ncpu_window_seconds = 3600\n", None).await;
    let heavy = json!({"a": digits(30_000, 1), "b": digits(30_000, 2)});
    let mut refused = None;
    for _ in 0..40 {
        let r = run_as(&jac, "busy", "integer.compute.gcd", heavy.clone()).await;
        if r.execution.status != ExecutionStatus::Succeeded {
            refused = Some(r);
            break;
        }
    }
    let r = refused.expect("the CPU quota refused a run");
    assert_eq!(r.execution.status, ExecutionStatus::BudgetExceeded);
    let text = diagnostics(&r);
    assert!(text.contains("QUOTA_EXCEEDED") && text.contains("cpu_seconds quota"), "{text}");
    // Refused before it ran, and other tenants still run.
    let r = run_as(&jac, "idle", "integer.compute.gcd", json!({"a": 12, "b": 18})).await;
    assert_eq!(r.output["gcd"], "6");
    jac.shutdown(Duration::from_secs(5)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_runs_in_flight_quota_is_per_tenant() {
    let jac = runtime("[quotas.tenants.one]\nruns_in_flight = 1\n", None).await;
    let heavy = json!({"a": digits(40_000, 3), "b": digits(40_000, 4)});
    let first = {
        let (jac, heavy) = (jac.clone(), heavy.clone());
        tokio::spawn(async move { run_as(&jac, "one", "integer.compute.gcd", heavy).await })
    };
    // The first run holds its admission (queued or running) before the second is asked for.
    let mut admitted = 0;
    for _ in 0..1000 {
        let s = jac.snapshot().await;
        admitted = s.running + s.queued;
        if admitted > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(admitted, 1, "the first run was not admitted");
    let second = run_as(&jac, "one", "integer.compute.gcd", json!({"a": 4, "b": 6})).await;
    assert_eq!(second.execution.status, ExecutionStatus::BudgetExceeded);
    assert!(diagnostics(&second).contains("runs_in_flight quota"), "{}", diagnostics(&second));
    let other = run_as(&jac, "two", "integer.compute.gcd", json!({"a": 4, "b": 6})).await;
    assert_eq!(other.output["gcd"], "2");
    assert!(first.await.unwrap().succeeded());
    jac.shutdown(Duration::from_secs(5)).await;
}

/// Two replicas on one shared store hold a tenant to its storage quotas together: each counts
/// what the other wrote, so the tenant stores exactly its quota, not a quota per replica.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn storage_quotas_hold_across_replicas_on_a_shared_store() {
    let pg = jacobian::runtime::artifact::test_postgres::TestPostgres::start().unwrap();
    let store = pg.database().unwrap();
    let replica = || async {
        let config = OperatorConfig::from_toml("[quotas]\nartifacts = 4\n").unwrap();
        jacobian::builder().config(config).in_memory().shared_store(&store).build().await.unwrap()
    };
    let (one, two) = (replica().await, replica().await);
    let mut stored = 0;
    for n in 2..12 {
        let jac = if n % 2 == 0 { &one } else { &two };
        let r = put(jac, "ann", n).await;
        if r.succeeded() {
            stored += 1;
        } else {
            assert!(diagnostics(&r).contains("artifacts quota (4 of 4)"), "{}", diagnostics(&r));
        }
    }
    assert_eq!(stored, 4, "the two replicas together stored the tenant's quota");
    assert!(put(&two, "ben", 2).await.succeeded(), "another tenant has its own quota");
}

#[test]
fn quotas_are_read_from_the_configuration_with_tenant_overrides() {
    let config = OperatorConfig::from_toml(
        "[quotas]\nstored_bytes = 10\ncpu_seconds = 5\n[quotas.tenants.a]\nstored_bytes = 20\nartifacts = 2\n",
    )
    .unwrap();
    let a = config.quotas.of("a");
    assert_eq!((a.stored_bytes, a.artifacts, a.cpu_seconds), (Some(20), Some(2), Some(5)));
    let b = config.quotas.of("b");
    assert_eq!((b.stored_bytes, b.artifacts, b.cpu_seconds), (Some(10), None, Some(5)));
    assert!(OperatorConfig::from_toml("[quotas]\nbytes = 1\n").is_err(), "unknown quota names are refused");
}
