//! A JSON-RPC client of `jacobian serve` over stdio, for tests that need the real process
//! (killing it, watching its children, feeding it hostile input).

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// `jacobian serve` over stdio, with a thread reading its JSON-RPC lines.
pub(crate) struct Server {
    pub child: Child,
    stdin: ChildStdin,
    pub lines: Receiver<Value>,
    next_id: u64,
}

impl Server {
    pub(crate) fn start(home: &Path) -> Server {
        Server::start_with(home, &[])
    }

    /// `jacobian serve --home HOME ARGS…`.
    pub(crate) fn start_with(home: &Path, args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_jacobian"))
            .arg("serve")
            .arg("--home")
            .arg(home)
            .args(args)
            .env_remove("JACOBIAN_STORE")
            .env_remove("JACOBIAN_CONFIG")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start jacobian serve");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if let Ok(v) = serde_json::from_str::<Value>(&line)
                    && tx.send(v).is_err()
                {
                    break;
                }
            }
        });
        let mut server = Server { child, stdin, lines, next_id: 1 };
        let init = server.send(
            "initialize",
            json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "crash-loop", "version": "1"}}),
        );
        let reply = server.wait_for(init, Duration::from_secs(60)).expect("initialize answered");
        assert!(reply.get("result").is_some(), "{reply}");
        server.notify("notifications/initialized");
        server
    }

    pub(crate) fn send(&mut self, method: &str, params: Value) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        let line = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string();
        // A write to a killed server fails; the request is then simply not acknowledged.
        let _ = writeln!(self.stdin, "{line}").and_then(|_| self.stdin.flush());
        id
    }

    /// Writes one line as it is (hostile input).
    pub(crate) fn send_raw(&mut self, line: &str) {
        let _ = writeln!(self.stdin, "{line}").and_then(|_| self.stdin.flush());
    }

    pub(crate) fn notify(&mut self, method: &str) {
        let _ = writeln!(self.stdin, "{}", json!({"jsonrpc": "2.0", "method": method}));
        let _ = self.stdin.flush();
    }

    pub(crate) fn wait_for(&mut self, id: u64, timeout: Duration) -> Option<Value> {
        let end = Instant::now() + timeout;
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(v) if v["id"] == json!(id) => return Some(v),
                Ok(_) => {}
                Err(_) => return None,
            }
        }
        None
    }

    pub(crate) fn run(&mut self, capability: &str, input: Value, mode: &str) -> u64 {
        self.send(
            "tools/call",
            json!({"name": "math.run", "arguments": {"capability_id": capability, "input": input, "mode": mode}}),
        )
    }
}
