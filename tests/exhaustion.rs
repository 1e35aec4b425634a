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

/// `jacobian serve --http` in this process on a free loopback port, with this client timeout.
async fn serve_http(client_timeout: Duration) -> std::net::SocketAddr {
    let jac = jacobian::builder().build().await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let options = jacobian::mcp::HttpOptions {
        addr,
        tokens: None,
        store_tokens: false,
        allow_hosts: vec![],
        allow_origins: vec![],
        max_body: 1 << 20,
        client_timeout,
    };
    let app = jacobian::mcp::http::router(jac, &options).unwrap();
    tokio::spawn(jacobian::mcp::http::serve(listener, app, client_timeout, std::future::pending()));
    addr
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
    let addr = serve_http(Duration::from_millis(500)).await;

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

/// Reads one HTTP/1.1 response with a Content-Length from a kept-alive connection.
async fn read_response(stream: &mut tokio::net::TcpStream) -> Option<u16> {
    use tokio::io::AsyncReadExt;
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if stream.read(&mut byte).await.ok()? == 0 {
            return None;
        }
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head).to_ascii_lowercase();
    let length: usize = head.lines().find_map(|l| l.strip_prefix("content-length:"))?.trim().parse().ok()?;
    let mut body = vec![0u8; length];
    stream.read_exact(&mut body).await.ok()?;
    head.split_whitespace().nth(1)?.parse().ok()
}

/// Thousands of clients that finish a request and keep their connection open: while they idle,
/// health checks and runs over MCP answer promptly (p99 printed); after the client timeout every
/// idle connection has been closed by the server.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_kept_alive_connections_by_the_thousand_are_closed_while_others_are_served() {
    use nix::sys::resource::{Resource, getrlimit, setrlimit};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    // Each connection costs a descriptor on both ends, in this one process.
    let (_, hard) = getrlimit(Resource::RLIMIT_NOFILE).unwrap();
    setrlimit(Resource::RLIMIT_NOFILE, hard, hard).unwrap();
    let idle = 2000.min((hard.saturating_sub(500) / 2) as usize);
    assert!(idle >= 1000, "the descriptor limit ({hard}) leaves room for only {idle} connections");

    let timeout = Duration::from_secs(5);
    let addr = serve_http(timeout).await;

    // Each client sends a whole request on a kept-alive connection, reads the answer, and idles.
    // (A hundred at a time, within the listener's backlog.)
    let opened = Instant::now();
    let mut streams = Vec::new();
    while streams.len() < idle {
        let batch: Vec<_> = (0..100.min(idle - streams.len()))
            .map(|_| {
                tokio::spawn(async move {
                    let mut stream = tokio::net::TcpStream::connect(addr).await.ok()?;
                    stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").await.ok()?;
                    (read_response(&mut stream).await? == 200).then_some(stream)
                })
            })
            .collect();
        for c in batch {
            streams.push(c.await.unwrap().expect("a kept-alive request was answered"));
        }
    }
    let setup = opened.elapsed();

    // Beside them: health checks on fresh connections and gcd runs over MCP.
    let client = crate::mcp::http_client(&addr.to_string(), None).await.unwrap();
    let mut rtts = Vec::new();
    for k in 0..40u64 {
        let t = Instant::now();
        if k % 2 == 0 {
            assert_eq!(healthz(addr).await, Some(200));
        } else {
            let args = json!({"capability_id": "integer.compute.gcd", "input": {"a": 84 * k, "b": 36}});
            let Value::Object(args) = args else { unreachable!() };
            let r = client
                .call_tool(rmcp::model::CallToolRequestParams::new("math.run").with_arguments(args))
                .await
                .unwrap();
            assert_eq!(r.structured_content.unwrap()["execution"]["status"], "SUCCEEDED");
        }
        rtts.push(t.elapsed());
    }
    client.cancel().await.unwrap();
    rtts.sort();
    // How many were still held open beside those requests (all of them unless the machine is slow).
    let mut open = 0;
    for stream in &mut streams {
        let mut byte = [0u8; 1];
        if tokio::time::timeout(Duration::from_millis(1), stream.peek(&mut byte)).await.is_err() {
            open += 1;
        }
    }

    // After the client timeout, the server has closed every idle connection.
    tokio::time::sleep(timeout + Duration::from_secs(2)).await;
    let mut closed = 0;
    for stream in &mut streams {
        let mut byte = [0u8; 1];
        if let Ok(Ok(0) | Err(_)) = tokio::time::timeout(Duration::from_millis(100), stream.read(&mut byte)).await {
            closed += 1;
        }
    }
    let _ = std::io::stderr().write_all(
        format!(
            "exhaustion: {idle} kept-alive idle connections opened in {setup:?}, {open} of them open beside \
             /healthz and math.run (p50 {:?}, p99 {:?}); {closed} closed by the server after {timeout:?} idle\n",
            rtts[rtts.len() / 2],
            rtts[rtts.len() * 99 / 100]
        )
        .as_bytes(),
    );
    assert_eq!(closed, idle, "idle kept-alive connections were left open");
}
