//! Fuzz target: one JSON-RPC line into a real MCP server loop (the stdio transport's, over an
//! in-memory pipe), then a `ping` that must be answered: the server neither dies nor stops
//! serving whatever a client sends. Every run's budget is capped at 300 ms by the operator
//! configuration, so an answer is always due; the computer-algebra backends are disabled.
//!
//! One process serves every input AFL gives it (persistent mode), so a stall may come from
//! what earlier inputs left behind. When an answer is late and `JACOBIAN_FUZZ_TRACE` names a
//! directory, the process writes there the inputs it served last, oldest first, and how long
//! the answer took, so that the finding can be replayed in order.

use std::collections::VecDeque;
use std::io::Write as _;
use std::time::{Duration, Instant};

use jacobian::runtime::policy::OperatorConfig;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

/// The client's ends of a served session.
struct Session {
    rt: tokio::runtime::Runtime,
    write: tokio::io::WriteHalf<tokio::io::DuplexStream>,
    lines: tokio::io::Lines<BufReader<tokio::io::ReadHalf<tokio::io::DuplexStream>>>,
    next_id: u64,
    /// The inputs served last, oldest first.
    recent: VecDeque<Vec<u8>>,
    served: u64,
}

/// How many earlier inputs a trace keeps.
const RECENT: usize = 64;
/// How long an answer may take before it is a finding (AFL's own hang timeout is 20 s).
const ANSWER_WITHIN: Duration = Duration::from_secs(10);

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
    Session { rt, write, lines, next_id: 1, recent: VecDeque::new(), served: 0 }
}

fn main() {
    // The state outlives a panicking input only to report it; nothing is reused after one.
    let mut session = std::panic::AssertUnwindSafe(None::<Session>);
    afl::fuzz!(|data: &[u8]| {
        let s = session.get_or_insert_with(start);
        if s.recent.len() == RECENT {
            s.recent.pop_front();
        }
        s.recent.push_back(data.to_vec());
        s.served += 1;
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
        let Session { rt, write, lines, recent, served, .. } = s;
        rt.block_on(async {
            send(write, &line).await;
            send(write, &ping).await;
            let asked = Instant::now();
            if tokio::time::timeout(ANSWER_WITHIN, wait_for(lines, id)).await.is_err() {
                trace(recent, *served, "unanswered after 10 s");
                let late = tokio::time::timeout(Duration::from_secs(8), wait_for(lines, id)).await;
                let outcome = match late {
                    Ok(()) => format!("answered after {:.1} s", asked.elapsed().as_secs_f64()),
                    Err(_) => String::from("unanswered after 18 s"),
                };
                trace(recent, *served, &outcome);
                panic!("the server did not answer request {id} within 10 s ({outcome})");
            }
        });
    });
}

/// Appends to this process's trace (when `JACOBIAN_FUZZ_TRACE` is set): what happened, the
/// CPU time of each thread so far, and the inputs served last, one JSON string per line.
fn trace(recent: &VecDeque<Vec<u8>>, served: u64, what: &str) {
    let Some(dir) = std::env::var_os("JACOBIAN_FUZZ_TRACE") else { return };
    let _ = std::fs::create_dir_all(&dir);
    let path = std::path::Path::new(&dir).join(format!("stall-{}.txt", std::process::id()));
    let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(path) else { return };
    let mut text = format!("# {what}; {served} inputs served by this process\n# threads (name utime stime):");
    if let Ok(tasks) = std::fs::read_dir("/proc/self/task") {
        for task in tasks.flatten() {
            let stat = std::fs::read_to_string(task.path().join("stat")).unwrap_or_default();
            // Fields after the parenthesized name: state is 3rd, utime 14th and stime 15th.
            if let Some((head, tail)) = stat.rsplit_once(") ") {
                let name = head.split_once(" (").map_or("", |(_, n)| n);
                let f: Vec<&str> = tail.split(' ').collect();
                text.push_str(&format!(" [{name} {} {}]", f.get(11).unwrap_or(&"?"), f.get(12).unwrap_or(&"?")));
            }
        }
    }
    text.push('\n');
    for input in recent {
        text.push_str(&serde_json::to_string(&String::from_utf8_lossy(input)).unwrap_or_default());
        text.push('\n');
    }
    let _ = f.write_all(text.as_bytes());
}

async fn send(w: &mut (impl AsyncWriteExt + Unpin), line: &str) {
    w.write_all(line.as_bytes()).await.expect("the server reads");
    w.write_all(b"\n").await.expect("the server reads");
    w.flush().await.expect("the server reads");
}

/// Reads the server's lines until the answer to request `id`.
async fn wait_for(lines: &mut tokio::io::Lines<BufReader<tokio::io::ReadHalf<tokio::io::DuplexStream>>>, id: u64) {
    while let Some(line) = lines.next_line().await.expect("the server writes") {
        if let Ok(v) = serde_json::from_str::<Value>(&line)
            && v["id"] == id
        {
            return;
        }
    }
    panic!("the server closed the session");
}
