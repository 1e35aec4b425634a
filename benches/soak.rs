//! Soak: `jacobian serve --http` as a child process under 1,000 runs in flight over Streamable
//! HTTP, with mixed capabilities (built-in, PARI, graphs, matrices, polynomials) and random
//! cancellations, for `SOAK_SECONDS` (600 by default), on a home directory on disk.
//!
//! `cargo bench --bench soak` prints, every 10 s, the runs answered so far by status, and the
//! server's resident memory and open file descriptors (from `/proc`); at the end, the failures
//! (anything but SUCCEEDED, CANCELLED, TIMED_OUT and admission refusals), which must be none, and
//! whether memory and descriptors stayed flat (the last third of the curve against the first).

#![allow(clippy::unwrap_used)] // a bench fails loudly

use std::collections::BTreeMap;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, ClientRequest};
use rmcp::service::PeerRequestOptions;
use rmcp::transport::StreamableHttpClientTransport;
use serde_json::{Value, json};

const IN_FLIGHT: usize = 1000;

fn proc_status(pid: u32) -> (u64, u64) {
    let rss = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmRSS:")).map(str::to_owned))
        .and_then(|l| l.split_whitespace().nth(1).and_then(|k| k.parse().ok()))
        .unwrap_or(0);
    let fds = std::fs::read_dir(format!("/proc/{pid}/fd")).map(|d| d.count() as u64).unwrap_or(0);
    (rss, fds)
}

/// Bytes and files under a directory.
fn dir_usage(path: &std::path::Path) -> (u64, u64) {
    let mut usage = (0, 0);
    for entry in std::fs::read_dir(path).into_iter().flatten().flatten() {
        match entry.metadata() {
            Ok(m) if m.is_dir() => {
                let (bytes, files) = dir_usage(&entry.path());
                usage = (usage.0 + bytes, usage.1 + files);
            }
            Ok(m) => usage = (usage.0 + m.len(), usage.1 + 1),
            Err(_) => {}
        }
    }
    usage
}

/// One of the mixed requests, by a counter.
fn request(k: u64) -> Value {
    let n = k % 1000 + 2;
    match k % 6 {
        0 => json!({"capability_id": "integer.compute.gcd", "input": {"a": n * 84, "b": n * 36}, "mode": "VERIFY"}),
        1 => json!({"capability_id": "integer.factor", "input": {"n": (n * 1_000_003).to_string()}}),
        2 => json!({"capability_id": "graph.compute.properties", "input": {
            "graphs": [{"graph": {"order": 6, "edges": [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 0]]}}],
            "properties": ["chromatic_number", "diameter", "girth"]}}),
        3 => json!({"capability_id": "matrix.compute.invariants", "input": {
            "matrix": {"rows": [[n, 1, 2], [3, n, 5], [7, 11, n]]}, "properties": ["determinant", "rank"]}}),
        4 => {
            json!({"capability_id": "polynomial.factor", "input": {"polynomial": format!("x^4 - {}", n * n), "variables": ["x"]}})
        }
        _ => {
            json!({"capability_id": "integer.compute.gcd", "input": {"a": "9".repeat(20_000), "b": "7".repeat(19_999)}})
        }
    }
}

fn main() {
    let seconds: u64 = std::env::var("SOAK_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(600);
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let exe = std::env::current_exe().unwrap().parent().unwrap().parent().unwrap().join("jacobian");
    // A home on disk, as deployed: episodes and verification records are written as the runs end.
    let home = tempfile::tempdir().unwrap();
    let mut server = Command::new(&exe)
        .arg("serve")
        .arg("--home")
        .arg(home.path())
        .args(["--http", &format!("127.0.0.1:{port}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("jacobian serve (cargo bench builds the binary)");
    let pid = server.id();
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let by_status: Arc<Mutex<BTreeMap<String, u64>>> = Arc::default();
    let failures: Arc<Mutex<Vec<String>>> = Arc::default();
    let counter = Arc::new(AtomicU64::new(0));
    rt.block_on(async {
        tokio::time::sleep(Duration::from_secs(3)).await;
        let uri = format!("http://127.0.0.1:{port}/mcp");
        let client = ().serve(StreamableHttpClientTransport::from_uri(uri)).await.expect("connect");
        let client = Arc::new(client);
        let end = Instant::now() + Duration::from_secs(seconds);
        let mut workers = Vec::new();
        for w in 0..IN_FLIGHT as u64 {
            let (client, by_status, failures, counter) =
                (Arc::clone(&client), Arc::clone(&by_status), Arc::clone(&failures), Arc::clone(&counter));
            workers.push(tokio::spawn(async move {
                let mut rng = w.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                while Instant::now() < end {
                    let k = counter.fetch_add(1, Ordering::Relaxed);
                    let Value::Object(args) = request(k) else { unreachable!() };
                    let call = ClientRequest::CallToolRequest(rmcp::model::CallToolRequest::new(
                        CallToolRequestParams::new("math.run").with_arguments(args),
                    ));
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    let handle = match client.send_cancellable_request(call, PeerRequestOptions::no_options()).await {
                        Ok(h) => h,
                        Err(e) => {
                            failures.lock().unwrap().push(format!("send: {e}"));
                            continue;
                        }
                    };
                    // One run in ten is cancelled after up to 100 ms.
                    let status = if rng % 10 == 0 {
                        tokio::time::sleep(Duration::from_millis(rng % 100)).await;
                        let _ = handle.cancel(Some("soak".into())).await;
                        "CANCELLED (client)".to_owned()
                    } else {
                        match handle.await_response().await {
                            Ok(rmcp::model::ServerResult::CallToolResult(r)) => r
                                .structured_content
                                .as_ref()
                                .and_then(|s| s["execution"]["status"].as_str().map(str::to_owned))
                                .unwrap_or_else(|| "NO_STRUCTURED_CONTENT".into()),
                            Ok(other) => format!("UNEXPECTED {other:?}"),
                            Err(e) => format!("ERROR {e}"),
                        }
                    };
                    let ok = matches!(
                        status.as_str(),
                        "SUCCEEDED" | "CANCELLED" | "CANCELLED (client)" | "TIMED_OUT" | "BUDGET_EXCEEDED"
                    );
                    if !ok {
                        failures.lock().unwrap().push(format!("{}: {status}", request(k)["capability_id"]));
                    }
                    *by_status.lock().unwrap().entry(status).or_default() += 1;
                }
            }));
        }
        let started = Instant::now();
        let mut curve = Vec::new();
        while Instant::now() < end {
            tokio::time::sleep(Duration::from_secs(10)).await;
            let (rss, fds) = proc_status(pid);
            let answered: u64 = by_status.lock().unwrap().values().sum();
            curve.push((rss, fds));
            println!(
                "soak: {:>4} s  {answered:>8} answered  rss {:>7} KiB  fds {fds:>5}  {:?}",
                started.elapsed().as_secs(),
                rss,
                by_status.lock().unwrap()
            );
        }
        for w in workers {
            let _ = w.await;
        }
        let failures = failures.lock().unwrap();
        println!("soak: {} failures{}", failures.len(), if failures.is_empty() { "" } else { ":" });
        for f in failures.iter().take(20) {
            println!("  {f}");
        }
        let third = (curve.len() / 3).max(1);
        let mean =
            |xs: &[(u64, u64)], f: fn(&(u64, u64)) -> u64| xs.iter().map(f).sum::<u64>() / xs.len().max(1) as u64;
        let (first, last) = (&curve[..third], &curve[curve.len() - third..]);
        println!(
            "soak: rss first third {} KiB, last third {} KiB; fds first third {}, last third {}",
            mean(first, |c| c.0),
            mean(last, |c| c.0),
            mean(first, |c| c.1),
            mean(last, |c| c.1)
        );
    });
    let _ = server.kill();
    let _ = server.wait();
    let (bytes, files) = dir_usage(home.path());
    println!("soak: the home holds {files} files, {} KiB", bytes / 1024);
}
