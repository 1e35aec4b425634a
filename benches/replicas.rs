//! Replicas on one PostgreSQL store: the throughput of a mixed workload through one and through
//! three `jacobian serve --http` processes on loopback, and how long a run started through one
//! replica takes to answer once it is cancelled through another.
//!
//! `cargo bench --bench replicas` starts a throwaway PostgreSQL (Debian's `postgresql`). Then:
//!
//! - **Throughput.** For one and for three replicas it keeps `REPLICAS_IN_FLIGHT` requests in
//!   flight (64 by default) for `REPLICAS_SECONDS` (20 by default). The requests are spread
//!   round-robin over the replicas and mix exact arithmetic, factoring on PARI/GP, graph
//!   invariants, matrices and artifact puts. The bench prints the runs answered per second and
//!   fails on any answer other than SUCCEEDED.
//! - **Cancellation.** Two in-process replicas on the same store run `REPLICAS_CANCELS` rounds
//!   (50 by default). Each round starts a long run through one replica and cancels it through
//!   the other. The bench prints the median, p99 and maximum time from the cancel request to
//!   the CANCELLED answer.
//!
//! On two cores the replicas share the machine's CPU, so three replicas cannot outrun one on
//! CPU-bound work. The throughput figures show what spreading requests and sharing the store
//! cost. Without `--bench`, a short form runs for 3 s with 10 cancellations.

#![allow(clippy::unwrap_used)] // a bench fails loudly

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[path = "../tests/http_replica.rs"]
mod http_replica;

use http_replica::HttpReplica;
use jacobian::runtime::artifact::test_postgres::TestPostgres;
use jacobian::runtime::{CapabilityRequest, ExecutionStatus};
use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use rmcp::transport::StreamableHttpClientTransport;
use serde_json::{Value, json};

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

/// One request of the mixed workload, by a counter.
fn request(k: u64) -> Value {
    let n = k % 1000 + 2;
    match k % 5 {
        0 => json!({"capability_id": "integer.compute.gcd", "input": {"a": n * 84, "b": n * 36}, "mode": "VERIFY"}),
        1 => json!({"capability_id": "integer.factor", "input": {"n": (n * 1_000_003).to_string()}}),
        2 => json!({"capability_id": "graph.compute.properties", "input": {
            "graphs": [{"graph": {"order": 6, "edges": [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 0]]}}],
            "properties": ["chromatic_number", "diameter", "girth"]}}),
        3 => json!({"capability_id": "matrix.compute.invariants", "input": {
            "matrix": {"rows": [[n, 1, 2], [3, n, 5], [7, 11, n]]}, "properties": ["determinant", "rank"]}}),
        _ => json!({"capability_id": "artifact.put", "input": {"object_type": "simple_graph",
            "object": {"order": 3 + n % 20, "edges": [[0, 1], [1, 2]]}}}),
    }
}

/// Runs answered per second through `replicas`, and the answers by status.
fn throughput(rt: &tokio::runtime::Runtime, replicas: &[HttpReplica], seconds: u64) -> (f64, BTreeMap<String, u64>) {
    let in_flight = setting("REPLICAS_IN_FLIGHT", 64);
    let by_status: Arc<Mutex<BTreeMap<String, u64>>> = Arc::default();
    let counter = Arc::new(AtomicU64::new(0));
    let elapsed = rt.block_on(async {
        let mut clients = Vec::new();
        for r in replicas {
            let uri = format!("http://{}/mcp", r.addr);
            // The replica accepts connections a moment after it announces its address.
            let started = Instant::now();
            let client = loop {
                match ().serve(StreamableHttpClientTransport::from_uri(uri.clone())).await {
                    Ok(c) => break c,
                    Err(e) if started.elapsed() > Duration::from_secs(30) => panic!("connect to {uri}: {e}"),
                    Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
                }
            };
            clients.push(Arc::new(client));
        }
        let clients = Arc::new(clients);
        let started = Instant::now();
        let end = started + Duration::from_secs(seconds);
        let mut workers = Vec::new();
        for _ in 0..in_flight {
            let (clients, by_status, counter) = (Arc::clone(&clients), Arc::clone(&by_status), Arc::clone(&counter));
            workers.push(tokio::spawn(async move {
                while Instant::now() < end {
                    let k = counter.fetch_add(1, Ordering::Relaxed);
                    let Value::Object(args) = request(k) else { unreachable!() };
                    let client = &clients[(k % clients.len() as u64) as usize];
                    let status =
                        match client.call_tool(CallToolRequestParams::new("math.run").with_arguments(args)).await {
                            Ok(r) => r
                                .structured_content
                                .as_ref()
                                .and_then(|s| s["execution"]["status"].as_str().map(str::to_owned))
                                .unwrap_or_else(|| "NO_STRUCTURED_CONTENT".into()),
                            Err(e) => format!("ERROR {e}"),
                        };
                    *by_status.lock().unwrap().entry(status).or_default() += 1;
                }
            }));
        }
        for w in workers {
            w.await.unwrap();
        }
        started.elapsed()
    });
    let by_status = by_status.lock().unwrap().clone();
    let answered: u64 = by_status.values().sum();
    (answered as f64 / elapsed.as_secs_f64(), by_status)
}

/// Cancel-to-answer times of runs started through one in-process replica and cancelled
/// through another, sorted.
fn cancellations(rt: &tokio::runtime::Runtime, url: &str, rounds: u64) -> Vec<Duration> {
    rt.block_on(async {
        let replica = || jacobian::builder().in_memory().shared_store(url.to_owned()).build();
        let (one, two) = (replica().await.unwrap(), replica().await.unwrap());
        let mut times = Vec::new();
        for round in 0..rounds {
            let run_id = format!("long-{round}");
            let request =
                CapabilityRequest::new("graph.enumerate.nonisomorphic", json!({"order": 10, "emit": "COUNT"}))
                    .wall_ms(120_000);
            let options = jacobian::RunOptions { run_id: Some(run_id.clone()), ..jacobian::RunOptions::default() };
            let run = tokio::spawn({
                let one = one.clone();
                async move { one.run_with(request, options).await }
            });
            while one.snapshot().await.running == 0 {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            let asked = Instant::now();
            assert!(two.cancel(&run_id).await, "replica two finds the run replica one holds");
            let result = run.await.unwrap();
            times.push(asked.elapsed());
            assert_eq!(result.execution.status, ExecutionStatus::Cancelled, "{:?}", result.execution.diagnostics);
        }
        one.shutdown(Duration::from_secs(5)).await;
        two.shutdown(Duration::from_secs(5)).await;
        times.sort();
        times
    })
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let seconds = setting("REPLICAS_SECONDS", if full { 20 } else { 3 });
    let rounds = setting("REPLICAS_CANCELS", if full { 50 } else { 10 });
    let pg = TestPostgres::start().expect("PostgreSQL (Debian's postgresql; scripts/provision-apt)");
    let url = pg.database().unwrap();
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();

    println!("replicas on one PostgreSQL store, {seconds} s per row{}", if full { "" } else { " (short form)" });
    println!("{:<12} {:>14}  answers", "replicas", "runs/s");
    let mut failed = false;
    for count in [1, 3] {
        let exe = std::env::current_exe().unwrap().parent().unwrap().parent().unwrap().join("jacobian");
        let args = ["--in-memory".as_ref(), "--store".as_ref(), url.as_ref()];
        let replicas: Vec<HttpReplica> = (0..count).map(|_| HttpReplica::start(&exe, &args)).collect();
        let (rate, by_status) = throughput(&rt, &replicas, seconds);
        println!("{count:<12} {rate:>14.0}  {by_status:?}");
        failed |= by_status.keys().any(|s| s != "SUCCEEDED");
    }

    let times = cancellations(&rt, &url, rounds);
    let at = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
    println!(
        "cancel-to-answer across replicas over {rounds} runs: median {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3
    );
    assert!(!failed, "a run answered other than SUCCEEDED");
}
