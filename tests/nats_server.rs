//! A NATS server (Debian's `nats-server`) and `jacobian worker` processes on loopback, for the
//! worker tests and `benches/workers.rs` (which includes this file).

use std::io::BufRead;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// Starts `command` with its log on stderr, and waits for a line containing `ready`; returns
/// the child and that line. The log keeps being drained.
fn start_logged(mut command: Command, ready: &'static str, what: &str) -> (Child, String) {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("start {what}: {e}"));
    let stderr = std::io::BufReader::new(child.stderr.take().expect("piped stderr"));
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in stderr.lines().map_while(Result::ok) {
            if line.contains(ready) {
                let _ = tx.send(line);
            }
        }
    });
    match rx.recv_timeout(Duration::from_secs(90)) {
        Ok(line) => (child, line),
        Err(_) => {
            let _ = child.kill();
            panic!("{what} never logged `{ready}`");
        }
    }
}

/// The NATS server of docs/deploy.md: its configuration file as it stands, on a loopback port
/// of the kernel's choosing instead of its `listen` line; killed when dropped.
pub struct NatsServer {
    child: Child,
    /// `nats://<the file's token>@127.0.0.1:<port>`.
    pub url: String,
}

impl NatsServer {
    pub fn start() -> Self {
        let config = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/deploy/nats-server.conf");
        let text = std::fs::read_to_string(config).expect("docs/deploy/nats-server.conf");
        let token = text
            .lines()
            .find_map(|l| l.trim().strip_prefix("token:"))
            .map(|t| t.trim().trim_matches('"').to_owned())
            .expect("the configuration sets a token");
        let mut command = Command::new("nats-server");
        command.args(["-c", config, "-a", "127.0.0.1", "-p", "-1"]);
        let (child, line) = start_logged(command, "Listening for client connections on", "nats-server");
        let addr = line.rsplit(' ').next().expect("an address").trim().to_owned();
        NatsServer { child, url: format!("nats://{token}@{addr}") }
    }
}

impl Drop for NatsServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A `jacobian worker` process; killed with SIGKILL when dropped (or by [`Worker::kill`]).
pub struct Worker {
    child: Child,
}

impl Worker {
    /// Starts `exe worker` named `name` on `nats` and the shared store `store`, in memory, with
    /// `extra` arguments, and waits until it serves runs.
    pub fn start(exe: &Path, nats: &str, name: &str, store: &str, extra: &[&std::ffi::OsStr]) -> Self {
        let mut command = Command::new(exe);
        command
            .args(["worker", "--join", nats, "--name", name, "--store", store, "--in-memory"])
            .args(extra)
            .env("JACOBIAN_LOG", "info");
        let (child, _) = start_logged(command, "worker serving runs", "a worker");
        Worker { child }
    }

    /// Kills the process with SIGKILL, as a machine dying would.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.kill();
    }
}
