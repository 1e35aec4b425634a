//! `jacobian serve --http` as a child process on a port of its choosing, for the replica tests
//! and `benches/replicas.rs` (which includes this file).

use std::io::BufRead;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A replica serving Streamable HTTP on loopback; killed when dropped.
pub struct HttpReplica {
    child: Child,
    /// `127.0.0.1:<port>`.
    pub addr: String,
}

impl HttpReplica {
    /// Starts `exe serve --http 127.0.0.1:0` with `args` and waits for the address it announces.
    pub fn start(exe: &std::path::Path, args: &[&std::ffi::OsStr]) -> Self {
        let mut child = Command::new(exe)
            .args(["serve", "--http", "127.0.0.1:0"])
            .args(args)
            .env("JACOBIAN_LOG", "info")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start a replica");
        let stderr = std::io::BufReader::new(child.stderr.take().expect("piped stderr"));
        let (tx, rx) = std::sync::mpsc::channel();
        // Reads the announced address, then keeps draining the log.
        std::thread::spawn(move || {
            for line in stderr.lines().map_while(Result::ok) {
                if let Some(addr) = line.split("addr=").nth(1) {
                    let _ = tx.send(addr.split_whitespace().next().unwrap_or_default().to_owned());
                }
            }
        });
        let addr = rx.recv_timeout(Duration::from_secs(60)).expect("the replica announces its address");
        HttpReplica { child, addr }
    }
}

impl Drop for HttpReplica {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
