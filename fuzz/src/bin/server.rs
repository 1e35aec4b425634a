//! Fuzz target: one JSON-RPC line into a real MCP server loop (the stdio transport's, over an
//! in-memory pipe), then a `ping` that must be answered: the server neither dies nor stops
//! serving whatever a client sends. Every run's budget is capped at 300 ms by the operator
//! configuration, so an answer is always due; the computer-algebra backends are disabled.

use std::time::Duration;

use jacobian::runtime::policy::OperatorConfig;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

/// The client's ends of a served session.
struct Session {
    rt: tokio::runtime::Runtime,
    write: tokio::io::WriteHalf<tokio::io::DuplexStream>,
    lines: tokio::io::Lines<BufReader<tokio::io::ReadHalf<tokio::io::DuplexStream>>>,
    next_id: u64,
}

/// Starts a runtime, a server on one end of a pipe, and initializes the session. Called in the
/// fuzzed process itself, after AFL's fork server forked it: threads do not survive a fork.
fn start() -> Session {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    // Backend processes stay off: each fuzzed process would start its own pools, and the edge
    // under test is the server's, not PARI's.
    let config = OperatorConfig::from_toml(
        "[limits]\nmax_wall_ms = 300\ndefault_wall_ms = 300\n[backends]\ndisabled = [\"pari\", \"singular\", \"gap\"]\n",
    )
    .expect("config");
    let jac = rt.block_on(jacobian::builder().in_memory().config(config).build()).expect("jacobian");
    let (client, server) = tokio::io::duplex(1 << 20);
    let (server_read, server_write) = tokio::io::split(server);
    rt.spawn(jacobian::mcp::serve_io(jac, server_read, server_write));
    let (client_read, mut write) = tokio::io::split(client);
    let mut lines = BufReader::new(client_read).lines();
    rt.block_on(async {
        let init = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "fuzz", "version": "1"}}});
        send(&mut write, &init.to_string()).await;
        wait_for(&mut lines, 0).await;
        send(&mut write, r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#).await;
    });
    Session { rt, write, lines, next_id: 1 }
}

fn main() {
    // The state outlives a panicking input only to report it; nothing is reused after one.
    let mut session = std::panic::AssertUnwindSafe(None::<Session>);
    afl::fuzz!(|data: &[u8]| {
        let s = session.get_or_insert_with(start);
        let line = match data.split_first() {
            Some((&tool @ (1 | 2), rest)) => match serde_json::from_slice::<Value>(rest) {
                Ok(arguments) => {
                    let name = if tool == 1 { "math.run" } else { "math.find" };
                    s.next_id += 1;
                    json!({"jsonrpc": "2.0", "id": s.next_id, "method": "tools/call",
                           "params": {"name": name, "arguments": arguments}})
                    .to_string()
                }
                Err(_) => return,
            },
            _ => String::from_utf8_lossy(data).replace(['\n', '\r'], " "),
        };
        s.next_id += 1;
        let id = s.next_id;
        let ping = json!({"jsonrpc": "2.0", "id": id, "method": "ping"}).to_string();
        let Session { rt, write, lines, .. } = s;
        rt.block_on(async {
            send(write, &line).await;
            send(write, &ping).await;
            wait_for(lines, id).await;
        });
    });
}

async fn send(w: &mut (impl AsyncWriteExt + Unpin), line: &str) {
    w.write_all(line.as_bytes()).await.expect("the server reads");
    w.write_all(b"\n").await.expect("the server reads");
    w.flush().await.expect("the server reads");
}

/// Reads the server's lines until the answer to request `id`; the server must give it within
/// 10 seconds (a hang is a finding).
async fn wait_for(lines: &mut tokio::io::Lines<BufReader<tokio::io::ReadHalf<tokio::io::DuplexStream>>>, id: u64) {
    let answered = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(line) = lines.next_line().await.expect("the server writes") {
            if let Ok(v) = serde_json::from_str::<Value>(&line)
                && v["id"] == id
            {
                return;
            }
        }
        panic!("the server closed the session");
    })
    .await;
    assert!(answered.is_ok(), "the server did not answer request {id} within 10 s");
}
