//! Worker nodes: the throughput of sleep-bound runs placed over 1, 2 and 4 `jacobian worker`
//! processes, through one replica, on loopback.
//!
//! `cargo bench --bench workers` starts a throwaway PostgreSQL and a NATS server (Debian's
//! `postgresql` and `nats-server`). Each run is the test package of tests/packages/misbehaving.py
//! in its `sleep` mode: it sleeps `WORKERS_SLEEP_MS` (100 by default) and answers, so it costs
//! almost no CPU and two cores cannot be what limits it; what the figures show is that placement
//! spreads the runs. Every worker has 8 execution slots (`[limits] concurrency = 8`, and eight
//! package processes); the replica keeps its own 2 and runs what finds no worker free. For each
//! worker count the bench keeps 64 runs in flight until `WORKERS_RUNS` (600 by default) have
//! answered, and prints runs per second, the share each worker took, and the ratio to one
//! worker. It fails on any answer other than SUCCEEDED. Without `--bench`, a short form runs
//! 120 runs per worker count.

#![allow(clippy::unwrap_used)] // a bench fails loudly

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

#[path = "../tests/nats_server.rs"]
mod nats_server;

use jacobian::Jacobian;
use jacobian::runtime::CapabilityRequest;
use jacobian::runtime::artifact::test_postgres::TestPostgres;
use nats_server::{NatsServer, Worker};
use serde_json::json;

const IN_FLIGHT: u64 = 64;

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

/// A package directory running the test package in `sleep` mode with eight processes.
fn package() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/packages/misbehaving.py");
    std::fs::copy(script, dir.path().join("misbehaving.py")).unwrap();
    let manifest = "protocol = 1\nname = \"misbehaving\"\nversion = \"0.1.0\"\nlicense = \"Apache-2.0\"\n\
                    command = [\"python3\", \"misbehaving.py\", \"sleep\"]\n\
                    capabilities = [\"misbehaving.run.echo\"]\n[limits]\nworkers = 8\ngrace_ms = 100\n";
    std::fs::write(dir.path().join("jacobian-package.toml"), manifest).unwrap();
    dir
}

/// Runs answered per second and the runs each worker (or the replica, "here") took.
async fn throughput(jac: &Jacobian, runs: u64, sleep_ms: u64) -> (f64, BTreeMap<String, u64>) {
    let counter = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..IN_FLIGHT {
        let (jac, counter) = (jac.clone(), Arc::clone(&counter));
        tasks.push(tokio::spawn(async move {
            let mut took: BTreeMap<String, u64> = BTreeMap::new();
            while counter.fetch_add(1, Ordering::Relaxed) < runs {
                let request = CapabilityRequest::new("misbehaving.run.echo", json!({"n": sleep_ms})).wall_ms(60_000);
                let r = jac.run(request).await;
                assert!(r.succeeded(), "{:?}", r.execution.diagnostics);
                let place = r.execution.diagnostics.iter().find(|d| d.code == "RAN_ON_WORKER");
                let place = place.and_then(|d| d.message.rsplit(' ').next()).unwrap_or("here").to_owned();
                *took.entry(place).or_default() += 1;
            }
            took
        }));
    }
    let mut took: BTreeMap<String, u64> = BTreeMap::new();
    for t in tasks {
        for (place, n) in t.await.unwrap() {
            *took.entry(place).or_default() += n;
        }
    }
    (runs as f64 / started.elapsed().as_secs_f64(), took)
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let runs = setting("WORKERS_RUNS", if full { 600 } else { 120 });
    let sleep_ms = setting("WORKERS_SLEEP_MS", 100);
    let exe = std::path::Path::new(env!("CARGO_BIN_EXE_jacobian"));
    let pg = TestPostgres::start().unwrap();
    let store = pg.database().unwrap();
    let nats = NatsServer::start();
    let package = package();
    let config = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(config.path(), "[limits]\nconcurrency = 8\n").unwrap();
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let jac = rt
        .block_on(
            jacobian::builder()
                .in_memory()
                .shared_store(store.clone())
                .workers(nats.url.clone())
                .package(package.path())
                .build(),
        )
        .unwrap();

    let mut workers: Vec<Worker> = Vec::new();
    let mut rows = Vec::new();
    for count in [1usize, 2, 4] {
        while workers.len() < count {
            let name = format!("w{}", workers.len() + 1);
            let args =
                ["--package".as_ref(), package.path().as_os_str(), "--config".as_ref(), config.path().as_os_str()];
            workers.push(Worker::start(exe, &nats.url, &name, &store, &args));
        }
        let started = Instant::now();
        while jac.workers().iter().filter(|w| w.capabilities > 0).count() < count {
            assert!(started.elapsed() < Duration::from_secs(60), "the workers never joined: {:?}", jac.workers());
            std::thread::sleep(Duration::from_millis(50));
        }
        let (per_second, took) = rt.block_on(throughput(&jac, runs, sleep_ms));
        rows.push((count, per_second, took));
    }
    rt.block_on(jac.shutdown(Duration::from_secs(5)));
    drop(workers);

    println!(
        "sleep-bound runs ({sleep_ms} ms) over worker nodes (8 slots each; the replica's own 2 beside them), \
         {IN_FLIGHT} in flight, {runs} runs per row"
    );
    println!("{:<10} {:>10} {:>8}  runs taken", "workers", "runs/s", "× one");
    let one = rows[0].1;
    for (count, per_second, took) in &rows {
        let shares: Vec<String> = took.iter().map(|(place, n)| format!("{place} {n}")).collect();
        println!("{count:<10} {per_second:>10.1} {:>7.2}×  {}", per_second / one, shares.join(", "));
    }
}
