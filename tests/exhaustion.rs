//! Resource exhaustion over the real stdio server: hostile requests (JSON nested a hundred
//! thousand deep, a million-digit integer, graphs, batches and sizes far past every stated
//! limit, a megabyte of garbage on one line) are each refused with a clear diagnostic, and
//! after each one the server still answers `ping` and a trivial run.

use std::io::Write as _;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::stdio::Server;

/// The server answers a ping and a gcd promptly; returns the ping's round trip.
fn still_answers(server: &mut Server, after: &str) -> Duration {
    let t = Instant::now();
    let id = server.send("ping", json!({}));
    let pong = server.wait_for(id, Duration::from_secs(10)).unwrap_or_else(|| panic!("no ping answer after {after}"));
    let rtt = t.elapsed();
    assert!(pong.get("result").is_some(), "after {after}: {pong}");
    let id = server.run("integer.compute.gcd", json!({"a": 84, "b": 36}), "EXPLORE");
    let gcd = server.wait_for(id, Duration::from_secs(30)).unwrap_or_else(|| panic!("no gcd after {after}"));
    assert_eq!(gcd["result"]["structuredContent"]["output"]["gcd"], json!("12"), "after {after}: {gcd}");
    rtt
}

/// The reply to a `math.run` is a refusal with a diagnostic (a failed run or a JSON-RPC
/// error), never a success.
fn refused(reply: &Value, what: &str) -> String {
    if let Some(error) = reply.get("error") {
        return error["message"].as_str().unwrap_or_default().to_owned();
    }
    let result = &reply["result"];
    assert_eq!(
        result["isError"],
        json!(true),
        "{what} was not refused: {}",
        &reply.to_string()[..400.min(reply.to_string().len())]
    );
    let diagnostics = &result["structuredContent"]["execution"]["diagnostics"];
    let first = diagnostics[0]["code"].as_str().unwrap_or_default().to_owned();
    assert!(!first.is_empty(), "{what}: refused without a diagnostic: {result}");
    first
}

#[test]
fn hostile_requests_are_refused_and_the_server_keeps_answering() {
    let home = tempfile::tempdir().unwrap();
    let mut server = Server::start(home.path());
    let mut rtts = Vec::new();

    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let cases: Vec<(&str, String, Value)> = vec![
        ("JSON nested 100,000 deep", "integer.compute.gcd".into(), json!({"a": "__DEEP__", "b": 1})),
        (
            "a million-digit integer to factor",
            "integer.factor".into(),
            json!({"n": format!("1{}", "0".repeat(1_000_000))}),
        ),
        (
            "a million-digit gcd operand",
            "integer.compute.gcd".into(),
            json!({"a": format!("7{}", "3".repeat(1_000_000)), "b": 5}),
        ),
        (
            "a graph of a million vertices",
            "graph.compute.properties".into(),
            json!({"graphs": [{"graph": {"order": 1_000_000, "edges": []}}], "properties": ["diameter"]}),
        ),
        ("nonisomorphic graphs on 40 vertices", "graph.enumerate.nonisomorphic".into(), json!({"order": 40})),
        (
            "a 2,000 × 2,000 determinant",
            "matrix.compute.invariants".into(),
            json!({"matrix": {"rows": vec![vec![1; 2000]; 2000]}}),
        ),
        (
            "a polynomial of degree 10^9",
            "polynomial.factor".into(),
            json!({"polynomial": "x^1000000000 + 1", "variables": ["x"]}),
        ),
    ];
    for (what, capability, input) in cases {
        let line = json!({"jsonrpc": "2.0", "id": 9_000_000, "method": "tools/call",
            "params": {"name": "math.run", "arguments": {"capability_id": capability, "input": input}}})
        .to_string()
        .replace("\"__DEEP__\"", &deep);
        let t = Instant::now();
        server.send_raw(&line);
        // A line that is not valid JSON-RPC (nested past the parser's depth limit) is dropped
        // by the transport without a reply; everything else is answered with a refusal.
        let code = match server.wait_for(9_000_000, Duration::from_secs(if what.contains("nested") { 5 } else { 60 })) {
            Some(reply) => refused(&reply, what),
            None if what.contains("nested") => "UNPARSED".to_owned(),
            None => panic!("{what}: no answer"),
        };
        let _ = std::io::stderr().write_all(
            format!("exhaustion: {what}: refused ({code}) in {:.0} ms\n", t.elapsed().as_secs_f64() * 1e3).as_bytes(),
        );
        rtts.push(still_answers(&mut server, what));
    }

    // A megabyte of garbage on one line is a parse error, not the end of the session.
    server.send_raw(&"x".repeat(1 << 20));
    rtts.push(still_answers(&mut server, "a megabyte of garbage"));
    let worst = rtts.iter().max().copied().unwrap_or_default();
    let _ =
        std::io::stderr().write_all(format!("exhaustion: slowest ping after a hostile request {worst:?}\n").as_bytes());
    let _ = server.child.kill();
    let _ = server.child.wait();
}

/// One `GET /healthz` over a fresh connection: the status line's code.
async fn healthz(addr: std::net::SocketAddr) -> Option<u16> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.ok()?;
    stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").await.ok()?;
    let mut reply = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut reply)).await.ok()?.ok()?;
    String::from_utf8_lossy(&reply).split_whitespace().nth(1)?.parse().ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_and_idle_http_clients_are_cut_off_while_others_are_served() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let jac = jacobian::builder().build().await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let options = jacobian::mcp::HttpOptions {
        addr,
        tokens: None,
        allow_hosts: vec![],
        allow_origins: vec![],
        max_body: 1 << 20,
        client_timeout: Duration::from_millis(500),
    };
    let app = jacobian::mcp::http::router(jac, &options).unwrap();
    tokio::spawn(jacobian::mcp::http::serve(listener, app, options.client_timeout, std::future::pending()));

    // 200 clients that start a request and never finish its headers, 200 that send nothing,
    // 200 that send headers and stall in the middle of the body.
    let mut slow = Vec::new();
    for i in 0..600 {
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        match i % 3 {
            0 => stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ").await.unwrap(),
            1 => {}
            _ => stream
                .write_all(
                    b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
                      Accept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{\"jsonrpc\"",
                )
                .await
                .unwrap(),
        }
        slow.push(stream);
    }
    let mut rtts = Vec::new();
    for _ in 0..20 {
        let t = Instant::now();
        assert_eq!(healthz(addr).await, Some(200), "a complete request was not served beside the slow ones");
        rtts.push(t.elapsed());
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let mut cut = 0;
    let mut kept = Vec::new();
    for (i, stream) in slow.iter_mut().enumerate() {
        let mut byte = [0u8; 1];
        // Closed by the server: end of stream, an error, or at most a 408 before the close.
        match tokio::time::timeout(Duration::from_millis(200), stream.read(&mut byte)).await {
            Ok(Ok(_)) | Ok(Err(_)) => cut += 1,
            Err(_) => kept.push(i),
        }
    }
    rtts.sort();
    let _ = std::io::stderr().write_all(
        format!(
            "exhaustion: {cut} of 600 slow or idle HTTP clients cut off; /healthz p50 {:?}, max {:?}\n",
            rtts[10], rtts[19]
        )
        .as_bytes(),
    );
    assert_eq!(cut, 600, "slow or idle clients still hold their connections: {:?}", &kept[..kept.len().min(10)]);
}
