//! Worker nodes: `jacobian worker --join nats://…` processes on a NATS server (Debian's
//! `nats-server` with docs/deploy/nats-server.conf, its token included, started here on
//! loopback) and the replicas' PostgreSQL store, with a replica
//! in this process placing runs on them. Runs placed on workers answer as they do locally, with
//! progress, artifacts in the shared store and VERIFY checked on the replica, and are spread by
//! load; a remote run is cancelled and meets its deadline; a worker killed mid-run ends a
//! run that writes artifacts in a clean WORKER_LOST failure and sends a read-only one to
//! another worker, and a worker restarted under its name takes runs again; a worker joining
//! under load takes its share of the runs still to come.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use jacobian::runtime::artifact::test_postgres::TestPostgres;
use jacobian::runtime::{CapabilityRequest, CapabilityResult, ExecutionStatus, Mode};
use jacobian::{Jacobian, RunOptions};
use serde_json::json;

use crate::nats_server::{NatsServer, Worker};

const ECHO: &str = "misbehaving.run.echo";

fn exe() -> &'static std::path::Path {
    std::path::Path::new(env!("CARGO_BIN_EXE_jacobian"))
}

/// The worker node a result says its adapter ran on, if any.
fn ran_on(r: &CapabilityResult) -> Option<String> {
    let d = r.execution.diagnostics.iter().find(|d| d.code == "RAN_ON_WORKER")?;
    Some(d.message.rsplit(' ').next()?.to_owned())
}

/// A replica placing runs through `nats`, serving `package` too; returns once every worker in
/// `names` is on its board with its catalog known.
async fn replica(store: &str, nats: &str, package: &std::path::Path, names: &[&str]) -> Jacobian {
    let jac = jacobian::builder().in_memory().shared_store(store).workers(nats).package(package).build().await.unwrap();
    wait_for_workers(&jac, names).await;
    jac
}

async fn wait_for_workers(jac: &Jacobian, names: &[&str]) {
    let started = Instant::now();
    loop {
        let board = jac.workers();
        if names.iter().all(|n| board.iter().any(|w| w.name == *n && w.capabilities > 0)) {
            return;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "workers {names:?} never joined: {board:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn sleep_run(ms: u64) -> CapabilityRequest {
    CapabilityRequest::new(ECHO, json!({"n": ms})).wall_ms(60_000)
}

fn start_worker(nats: &NatsServer, name: &str, store: &str, package: &std::path::Path) -> Worker {
    Worker::start(exe(), &nats.url, name, store, &["--package".as_ref(), package.as_os_str()])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn runs_placed_on_workers_answer_as_they_do_here_and_spread_by_load() {
    let c = cluster("sleep_artifact", "workers = 4", &["one", "two"]).await;
    let jac = &c.jac;
    let alone = jacobian::builder().in_memory().build().await.unwrap();

    // Admission counts the workers' slots beside the replica's own.
    let slots = jac.snapshot().await.slots;
    let board: usize = jac.workers().iter().map(|w| w.slots).sum();
    assert_eq!(slots, alone.snapshot().await.slots + board);

    // Eight sleeping runs at once go to both workers, and progress crosses the network.
    let mut runs = Vec::new();
    let mut progress = Vec::new();
    for i in 0..8 {
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        progress.push(rx);
        let jac = jac.clone();
        let options = RunOptions { progress: Some(tx), ..RunOptions::default() };
        runs.push(tokio::spawn(async move { jac.run_with(sleep_run(300 + i), options).await }));
    }
    // Each worker takes runs up to its slots; the replica runs what finds none free.
    let mut by_worker: BTreeMap<String, usize> = BTreeMap::new();
    for (i, run) in runs.into_iter().enumerate() {
        let r = run.await.unwrap();
        assert!(r.succeeded(), "{:?}", r.execution.diagnostics);
        assert_eq!(r.output["value"], json!(300 + i));
        *by_worker.entry(ran_on(&r).unwrap_or_else(|| "here".into())).or_default() += 1;
        // The artifact the adapter wrote is in the shared store, readable through the replica.
        let uri = r.artifact_uris.first().expect("an artifact");
        let parsed = jacobian::runtime::artifact::ArtifactUri::parse(uri).unwrap();
        let read = jac.artifact(&jacobian::TenantId::local(), &parsed);
        assert!(read.is_ok(), "{uri}: {:?}", read.err());
        assert!(progress[i].try_recv().is_ok(), "run {i}: no progress reached the caller");
    }
    assert!(by_worker.contains_key("one") && by_worker.contains_key("two"), "both workers took runs: {by_worker:?}");

    // A capability that runs inline (a small gcd) stays here; VERIFY of a heavy run is checked
    // here, by the replica's checker, on the evidence the worker's adapter produced.
    let gcd = jac.run(CapabilityRequest::new("integer.compute.gcd", json!({"a": 12, "b": 18}))).await;
    assert!(gcd.succeeded() && ran_on(&gcd).is_none(), "{:?}", gcd.execution.diagnostics);
    let graph = json!({"order": 7, "emit": "COUNT"});
    let here = alone.run(CapabilityRequest::new("graph.enumerate.nonisomorphic", graph.clone())).await;
    let there = jac.run(CapabilityRequest::new("graph.enumerate.nonisomorphic", graph)).await;
    assert!(ran_on(&there).is_some(), "{:?}", there.execution.diagnostics);
    assert_eq!(here.output, there.output);
    let factor = CapabilityRequest::new("integer.factor", json!({"n": "18446744073709551617"}));
    let verified = jac.run(factor.mode(Mode::Verify)).await;
    assert!(ran_on(&verified).is_some(), "{:?}", verified.execution.diagnostics);
    assert_eq!(verified.assurance.level, jacobian::runtime::AssuranceLevel::Verified, "{:?}", verified.execution);
}

/// PostgreSQL, NATS, the test package in `mode` with `config`, a worker process for each of
/// `names`, and a replica that sees them all.
/// Fields drop in declaration order: the replica and the workers before what they stand on.
struct Cluster {
    jac: Jacobian,
    workers: Vec<Worker>,
    package: tempfile::TempDir,
    nats: NatsServer,
    store: String,
    _pg: TestPostgres,
}

async fn cluster(mode: &str, config: &str, names: &[&str]) -> Cluster {
    let pg = TestPostgres::start().unwrap();
    let store = pg.database().unwrap();
    let nats = NatsServer::start();
    let package = crate::packages::misbehaving(mode, config);
    let workers = names.iter().map(|n| start_worker(&nats, n, &store, package.path())).collect();
    let jac = replica(&store, &nats.url, package.path(), names).await;
    Cluster { jac, workers, package, nats, store, _pg: pg }
}

/// Worker `one` of two slots, running the sleeping package.
async fn one_worker() -> Cluster {
    cluster("sleep", "workers = 2", &["one"]).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_remote_run_is_cancelled_and_meets_its_deadline() {
    let c = one_worker().await;
    let jac = &c.jac;

    let run = tokio::spawn({
        let jac = jac.clone();
        let options = RunOptions { run_id: Some("long".into()), ..RunOptions::default() };
        async move { jac.run_with(sleep_run(1000).wall_ms(60_000), options).await }
    });
    let placing = Instant::now();
    while jac.workers().iter().all(|w| w.placed == 0) {
        assert!(placing.elapsed() < Duration::from_secs(20), "nothing placed: {:?}", jac.workers());
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert!(jac.cancel("long").await);
    let r = run.await.unwrap();
    assert_eq!(r.execution.status, ExecutionStatus::Cancelled, "{:?}", r.execution.diagnostics);

    let r = jac.run(sleep_run(1000).wall_ms(300)).await;
    assert_eq!(r.execution.status, ExecutionStatus::TimedOut, "{:?}", r.execution.diagnostics);
    // The worker stopped both: nothing is left on it.
    let started = Instant::now();
    while jac.workers().iter().any(|w| w.placed > 0 || w.load > 0) {
        assert!(started.elapsed() < Duration::from_secs(10), "runs left on the worker: {:?}", jac.workers());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_killed_mid_run_fails_its_runs_cleanly_or_sends_them_elsewhere() {
    let mut c = cluster("sleep_artifact", "workers = 2", &["one"]).await;
    let (jac, store, writes) = (c.jac.clone(), c.store.clone(), c.package.path().to_owned());

    // A run that writes artifacts is not run twice: its worker's death fails it, cleanly.
    let run = tokio::spawn({
        let jac = jac.clone();
        async move { jac.run(sleep_run(1000)).await }
    });
    let placing = Instant::now();
    while jac.workers().iter().all(|w| w.placed == 0) {
        assert!(placing.elapsed() < Duration::from_secs(20), "nothing placed: {:?}", jac.workers());
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let killed = Instant::now();
    c.workers[0].kill();
    let r = run.await.unwrap();
    assert_eq!(r.execution.status, ExecutionStatus::AdapterFailed, "{:?}", r.execution.diagnostics);
    assert_eq!(r.execution.diagnostics[0].code, "WORKER_LOST", "{:?}", r.execution.diagnostics);
    assert!(r.artifact_uris.is_empty() && r.output.is_null(), "a failure concludes nothing");
    assert!(killed.elapsed() < Duration::from_secs(6), "noticed after {:?}", killed.elapsed());
    assert!(jac.workers().is_empty(), "the lost worker left the board: {:?}", jac.workers());

    // Restarted under its name, it takes runs again.
    let _one = start_worker(&c.nats, "one", &store, &writes);
    wait_for_workers(&jac, &["one"]).await;
    let r = jac.run(sleep_run(10)).await;
    assert!(r.succeeded(), "{:?}", r.execution.diagnostics);
    assert_eq!(ran_on(&r).as_deref(), Some("one"));

    // A read-only run whose worker dies is sent, once, to another (workers a and b, on a NATS
    // server of their own).
    let reads = crate::packages::misbehaving("sleep", "workers = 2");
    let nats = NatsServer::start();
    let mut a = start_worker(&nats, "a", &store, reads.path());
    let _b = start_worker(&nats, "b", &store, reads.path());
    let readers = replica(&store, &nats.url, reads.path(), &["a", "b"]).await;
    let mut runs = Vec::new();
    for _ in 0..2 {
        let jac = readers.clone();
        runs.push(tokio::spawn(async move { jac.run(sleep_run(1000)).await }));
    }
    let placing = Instant::now();
    while readers.workers().iter().find(|w| w.name == "a").is_none_or(|w| w.placed == 0) {
        assert!(placing.elapsed() < Duration::from_secs(20), "nothing placed on a: {:?}", readers.workers());
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    a.kill();
    for run in runs {
        let r = run.await.unwrap();
        assert!(r.succeeded(), "{:?}", r.execution.diagnostics);
        assert_eq!(ran_on(&r).as_deref(), Some("b"), "{:?}", r.execution.diagnostics);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_joining_under_load_takes_its_share() {
    let c = one_worker().await;
    let (jac, store, nats, package) = (&c.jac, &c.store, &c.nats, c.package.path());

    // Runs of 200 ms, 8 in flight at once, until worker two has taken five of them.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<CapabilityResult>();
    let mut load = Vec::new();
    for _ in 0..8 {
        let (jac, tx, stop) = (jac.clone(), tx.clone(), std::sync::Arc::clone(&stop));
        load.push(tokio::spawn(async move {
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let _ = tx.send(jac.run(sleep_run(200)).await);
            }
        }));
    }
    drop(tx);
    let mut by_worker: BTreeMap<String, usize> = BTreeMap::new();
    let take = |by_worker: &mut BTreeMap<String, usize>, r: CapabilityResult| {
        assert!(r.succeeded(), "{:?}", r.execution.diagnostics);
        *by_worker.entry(ran_on(&r).unwrap_or_else(|| "here".into())).or_default() += 1;
    };
    for _ in 0..8 {
        take(&mut by_worker, rx.recv().await.unwrap());
    }
    let _two = start_worker(nats, "two", store, package);
    let joined = Instant::now();
    while by_worker.get("two").copied().unwrap_or(0) < 5 {
        assert!(joined.elapsed() < Duration::from_secs(60), "worker two took too few runs: {by_worker:?}");
        take(&mut by_worker, rx.recv().await.unwrap());
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    while let Some(r) = rx.recv().await {
        take(&mut by_worker, r);
    }
    assert!(by_worker.get("one").copied().unwrap_or(0) >= 5, "worker one took too few runs: {by_worker:?}");
}

/// Two worker processes under one name: the later one takes the name's place on the board and
/// the runs, the earlier one gets none, and runs are not lost to the two replacing each other.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_worker_under_the_same_name_does_not_unsettle_the_first() {
    let c = one_worker().await;
    let (jac, store, nats, package) = (&c.jac, &c.store, &c.nats, c.package.path());
    let _twin = start_worker(nats, "one", store, package);
    // Both heartbeat from now on; runs keep succeeding, on worker one, for several leases. Two
    // runs are always in flight, so that the second process takes the name while the first
    // holds runs: those finish where they are.
    let started = Instant::now();
    let mut load = Vec::new();
    for _ in 0..2 {
        let jac = jac.clone();
        load.push(tokio::spawn(async move {
            let mut n = 0;
            while started.elapsed() < Duration::from_secs(8) {
                let r = jac.run(sleep_run(300)).await;
                assert!(r.succeeded(), "run {n}: {:?}", r.execution.diagnostics);
                n += 1;
            }
            n
        }));
    }
    let mut n = 0;
    for runner in load {
        n += runner.await.unwrap();
    }
    let board = jac.workers();
    assert_eq!(board.len(), 1, "{board:?}");
    assert!(n >= 20, "only {n} runs");
}

/// When the later of two processes under one name dies, the earlier one, still heartbeating,
/// takes the name back at once with its catalog: the later one's runs, read-only, go to it
/// rather than failing for want of a worker.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_earlier_worker_under_a_name_takes_it_back_when_the_later_one_dies() {
    let c = one_worker().await;
    let (jac, store, nats, package) = (&c.jac, &c.store, &c.nats, c.package.path());
    let first = jac.workers()[0].started;
    let mut twin = start_worker(nats, "one", store, package);
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut load = Vec::new();
    for _ in 0..2 {
        let (jac, stop) = (jac.clone(), std::sync::Arc::clone(&stop));
        load.push(tokio::spawn(async move {
            let mut n = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let r = jac.run(sleep_run(300)).await;
                assert!(r.succeeded(), "run {n}: {:?}", r.execution.diagnostics);
                n += 1;
            }
            n
        }));
    }
    let holder = |jac: &Jacobian| jac.workers().first().map(|w| (w.started, w.capabilities));
    let waiting = Instant::now();
    while holder(jac).is_none_or(|(started, known)| started == first || known == 0) {
        assert!(waiting.elapsed() < Duration::from_secs(60), "the second process never took the name");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // Runs go to the second process now; it dies holding some.
    tokio::time::sleep(Duration::from_millis(700)).await;
    twin.kill();
    let waiting = Instant::now();
    while holder(jac).is_none_or(|(started, _)| started != first) {
        assert!(waiting.elapsed() < Duration::from_secs(20), "the first process never took the name back");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut n = 0;
    for runner in load {
        n += runner.await.unwrap();
    }
    assert!(n >= 10, "only {n} runs");
    assert_eq!(jac.workers().len(), 1, "{:?}", jac.workers());
}

/// A run placed on a worker writes its artifacts under the tenant's storage quotas as the
/// replica that placed it states them, whatever the worker's own configuration says.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_writes_under_the_replicas_storage_quotas() {
    let c = cluster("sleep_artifact", "workers = 2", &["one"]).await;
    let config = jacobian::runtime::policy::OperatorConfig::from_toml("[quotas]\nartifacts = 2\n").unwrap();
    let jac = jacobian::builder()
        .config(config)
        .in_memory()
        .shared_store(&c.store)
        .workers(&c.nats.url)
        .package(c.package.path())
        .build()
        .await
        .unwrap();
    wait_for_workers(&jac, &["one"]).await;
    for n in 1..=2 {
        let r = jac.run(sleep_run(n)).await;
        assert!(r.succeeded(), "{:?}", r.execution.diagnostics);
        assert_eq!(ran_on(&r).as_deref(), Some("one"), "{:?}", r.execution.diagnostics);
    }
    let refused = jac.run(sleep_run(3)).await;
    assert!(!refused.succeeded() && refused.artifact_uris.is_empty(), "{:?}", refused.execution);
    let why = format!("{:?}", refused.execution.diagnostics);
    assert!(why.contains("artifacts quota (2 of 2)") && why.contains("on worker one"), "{why}");
}
