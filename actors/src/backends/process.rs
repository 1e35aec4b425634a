//! One warm backend process, and the synchronous exchange of one framed program with it.
//!
//! A run talks to its backend from its own blocking thread: it writes the framed program and
//! reads the reply on the process's pipes directly, as a program driving `gp` itself would, so
//! the only thread switches on the hot path are the two into and out of the backend. Reads are
//! non-blocking and wait in `poll` in short slices, so a deadline is met exactly and a
//! cancellation is seen within one slice, even while the backend prints half a line.

use std::io::{Read, Write};
use std::os::fd::AsFd;
use std::process::{Child, ChildStdin, ChildStdout, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::sandbox::Limits;
use nix::fcntl::{FcntlArg, OFlag, fcntl};
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;
use tokio_util::sync::CancellationToken;

use super::protocol::{Dialect, Frame, FrameReader, Step, nonce};

/// How long one wait in `poll` lasts before the run's cancellation is looked at again.
const SLICE: Duration = Duration::from_millis(5);
/// How many runs pass between two readings of a process's CPU use.
const CPU_CHECK_EVERY: u32 = 64;
/// Lines of standard error kept for diagnostics.
const STDERR_LINES: usize = 20;
/// Bytes taken from the backend's output per read.
const READ_CHUNK: usize = 64 * 1024;

/// How an exchange ended.
pub(crate) enum Exchange {
    Frame(Frame),
    /// The process broke the protocol or exited: it must be replaced.
    Broken(String),
    /// The run stopped first.
    Stopped(Stop),
}

#[derive(Debug, Clone, Copy)]
pub(crate) enum Stop {
    Cancelled,
    Deadline,
}

/// A confined child process with piped standard streams: its output is read without blocking,
/// and the last lines of its standard error are kept for diagnostics. Backend workers and
/// operator packages both talk to their processes through it; dropping it kills the process
/// group and reaps the child.
pub(crate) struct Confined {
    child: Child,
    pub(crate) pgid: Pid,
    pub(crate) stdin: ChildStdin,
    stdout: ChildStdout,
    /// Output read but not yet taken as whole lines.
    pub(crate) pending: Vec<u8>,
    /// Where reads land, allocated once: zeroing a fresh buffer on every exchange costs more
    /// than a small program's whole reply.
    chunk: Box<[u8]>,
    stderr: Arc<Mutex<Vec<String>>>,
}

/// What [`Confined::pull`] found.
pub(crate) enum Pull {
    /// More output is in `pending`.
    Data,
    /// The process closed its output (it exited, most likely).
    Closed,
    /// Reading failed.
    Failed(String),
    /// The run stopped first.
    Stopped(Stop),
}

impl Confined {
    /// Starts `cmd` (a sandboxed command) with piped streams; `name` names its stderr thread.
    pub(crate) fn spawn(mut cmd: std::process::Command, name: &str) -> Result<Confined, String> {
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {name}: {e}"))?;
        let (Some(stdin), Some(stdout), Some(stderr)) = (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("the pipes of {name} are missing"));
        };
        let flags = fcntl(stdout.as_fd(), FcntlArg::F_GETFL).map_err(|e| e.to_string())?;
        fcntl(stdout.as_fd(), FcntlArg::F_SETFL(OFlag::from_bits_truncate(flags) | OFlag::O_NONBLOCK))
            .map_err(|e| e.to_string())?;
        let kept = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&kept);
        // Standard error is drained on its own thread so a chatty process never blocks on it.
        let _ = std::thread::Builder::new().name(format!("{name}-stderr")).spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                let mut kept = sink.lock().unwrap_or_else(|p| p.into_inner());
                if kept.len() == STDERR_LINES {
                    kept.remove(0);
                }
                kept.push(line.chars().take(300).collect());
            }
        });
        let pgid = Pid::from_raw(child.id() as i32);
        Ok(Confined {
            child,
            pgid,
            stdin,
            stdout,
            pending: Vec::new(),
            chunk: vec![0; READ_CHUNK].into_boxed_slice(),
            stderr: kept,
        })
    }

    /// Writes `bytes` to the process's input and flushes it.
    pub(crate) fn send(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.stdin.write_all(bytes).and_then(|()| self.stdin.flush())
    }

    /// Appends what the process has printed to `pending`, waiting in slices of `poll` until
    /// there is some, `deadline` passes or `cancel` fires.
    pub(crate) fn pull(&mut self, deadline: Instant, cancel: Option<&CancellationToken>) -> Pull {
        loop {
            match self.stdout.read(&mut self.chunk) {
                Ok(0) => return Pull::Closed,
                Ok(n) => {
                    self.pending.extend_from_slice(&self.chunk[..n]);
                    return Pull::Data;
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Pull::Failed(e.to_string()),
            }
            // Nothing to read: wait, in slices, for output, the deadline or a cancellation.
            let now = Instant::now();
            if now >= deadline {
                return Pull::Stopped(Stop::Deadline);
            }
            if cancel.is_some_and(CancellationToken::is_cancelled) {
                return Pull::Stopped(Stop::Cancelled);
            }
            let wait = (deadline - now).min(SLICE);
            let millis = u16::try_from(wait.as_millis().max(1)).unwrap_or(u16::MAX);
            let mut fds = [PollFd::new(self.stdout.as_fd(), PollFlags::POLLIN)];
            let _ = poll(&mut fds, PollTimeout::from(millis));
        }
    }

    /// Sends `signal` to the process group.
    pub(crate) fn signal(&self, signal: Signal) {
        let _ = killpg(self.pgid, signal);
    }

    /// How the process ended (waiting up to 200 ms for it), with the tail of its standard error.
    pub(crate) fn exit_text(&mut self) -> String {
        let started = Instant::now();
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if started.elapsed() < Duration::from_millis(200) => {
                    std::thread::sleep(Duration::from_millis(2))
                }
                _ => break None,
            }
        };
        let how = status.map_or_else(|| "closed its output".into(), |s| format!("exited ({s})"));
        let tail = self.stderr_tail();
        if tail.is_empty() { how } else { format!("{how}: {tail}") }
    }

    /// The last lines of its standard error, joined.
    pub(crate) fn stderr_tail(&self) -> String {
        self.stderr.lock().unwrap_or_else(|p| p.into_inner()).join(" | ")
    }
}

impl Drop for Confined {
    fn drop(&mut self) {
        // The process and everything it started go with it, and are reaped.
        let _ = killpg(self.pgid, Signal::SIGKILL);
        let _ = self.child.wait();
    }
}

/// A warm, confined backend process.
pub(crate) struct Process {
    pub(crate) backend: BackendKind,
    pub(crate) dialect: &'static Dialect,
    /// The count of user globals after start, where the backend reports one.
    pub(crate) baseline: Option<usize>,
    /// The worker actor that owns it, to send it back to.
    pub(crate) owner: Option<ractor::ActorRef<super::worker::WorkerMsg>>,
    io: Confined,
    pub(crate) pgid: Pid,
    scratch: jacobian_runtime::sandbox::Scratch,
    /// The scratch directory's modification time when it was last known empty.
    scratch_mtime: Option<std::time::SystemTime>,
    /// Runs since the CPU use was last read.
    since_cpu_check: u32,
}

impl Process {
    /// Starts `executable` under the sandbox in a fresh scratch directory (not yet warm).
    pub(crate) fn spawn(
        backend: BackendKind,
        executable: &std::path::Path,
        limits: &Limits,
    ) -> Result<Process, String> {
        let dialect = Dialect::of(backend);
        let scratch =
            jacobian_runtime::sandbox::scratch(backend.name()).map_err(|e| format!("no scratch directory: {e}"))?;
        let argv: Vec<&std::ffi::OsStr> = dialect.args.iter().map(std::ffi::OsStr::new).collect();
        let cmd =
            jacobian_runtime::sandbox::command(executable, &argv, limits, scratch.path()).map_err(|e| e.to_string())?;
        let io = Confined::spawn(cmd, backend.name())?;
        Ok(Process {
            backend,
            dialect,
            baseline: None,
            owner: None,
            pgid: io.pgid,
            io,
            scratch_mtime: std::fs::metadata(scratch.path()).and_then(|m| m.modified()).ok(),
            scratch,
            since_cpu_check: 0,
        })
    }

    /// Sends the initialisation and reads a first, empty frame (the global-count baseline).
    pub(crate) fn warm(&mut self, within: Duration) -> Result<(), String> {
        if let Err(e) = self.io.send(self.dialect.init.as_bytes()) {
            return Err(format!("could not send its initialisation: {e}"));
        }
        let deadline = Instant::now() + within;
        match self.exchange(&Program::new(self.backend), deadline, None, false) {
            Exchange::Frame(frame) if frame.status.is_ok() => {
                self.baseline = frame.globals;
                Ok(())
            }
            Exchange::Frame(frame) => Err(format!("its first frame failed: {:?}", frame.status)),
            Exchange::Broken(why) => Err(why),
            Exchange::Stopped(_) => Err("it did not answer its first frame in time".into()),
        }
    }

    /// Sends `program` framed by a fresh nonce and reads its frame, unless `cancel` fires or
    /// `deadline` passes first. With `skip_foreign`, markers of other requests (an interrupted
    /// one) are skipped instead of being a violation.
    pub(crate) fn exchange(
        &mut self,
        program: &Program,
        deadline: Instant,
        cancel: Option<&CancellationToken>,
        skip_foreign: bool,
    ) -> Exchange {
        let nonce = nonce();
        let text = self.dialect.frame(program, &nonce);
        if let Err(e) = self.io.send(text.as_bytes()) {
            return Exchange::Broken(format!("could not send the program ({e}): {}", self.io.exit_text()));
        }
        let mut reader = FrameReader::new(&nonce, skip_foreign);
        loop {
            // Whole lines already read first, in place; what they took is then cut off at once.
            let pending = &mut self.io.pending;
            let mut taken = 0;
            let mut ended = None;
            while let Some(len) = pending[taken..].iter().position(|&b| b == b'\n') {
                let line = &pending[taken..taken + len + 1];
                taken += len + 1;
                match reader.feed(&String::from_utf8_lossy(line)) {
                    Step::More => {}
                    Step::Done(frame) => {
                        ended = Some(Exchange::Frame(frame));
                        break;
                    }
                    Step::Violation(why) => {
                        ended = Some(Exchange::Broken(format!("printed {why}")));
                        break;
                    }
                }
            }
            pending.drain(..taken);
            if let Some(ended) = ended {
                return ended;
            }
            if pending.len() > super::protocol::MAX_REPLY_BYTES {
                return Exchange::Broken("printed a line longer than a reply may be".into());
            }
            match self.io.pull(deadline, cancel) {
                Pull::Data => {}
                Pull::Closed => return Exchange::Broken(self.io.exit_text()),
                Pull::Failed(e) => return Exchange::Broken(format!("its output could not be read: {e}")),
                Pull::Stopped(stop) => return Exchange::Stopped(stop),
            }
        }
    }

    /// Whether the process's lifetime CPU use has passed four fifths of its limit. Read from
    /// `/proc` once every [`CPU_CHECK_EVERY`] runs, and after any run that took a second or more.
    pub(crate) fn worn(&mut self, limits: &Limits, took: Duration) -> bool {
        self.since_cpu_check += 1;
        if self.since_cpu_check < CPU_CHECK_EVERY && took < Duration::from_secs(1) {
            return false;
        }
        self.since_cpu_check = 0;
        cpu_seconds(self.pgid).is_some_and(|s| s * 5 > limits.cpu_seconds * 4)
    }

    /// Interrupts the running program (SIGINT to the process group).
    pub(crate) fn interrupt(&self) {
        self.io.signal(Signal::SIGINT);
    }

    /// Removes whatever a run left in the scratch directory. A directory whose modification
    /// time has not changed since it was last empty is not read.
    pub(crate) fn clear_scratch(&mut self) {
        let mtime = || std::fs::metadata(self.scratch.path()).and_then(|m| m.modified()).ok();
        let before = mtime();
        if before.is_some() && before == self.scratch_mtime {
            return;
        }
        if let Ok(entries) = std::fs::read_dir(self.scratch.path()) {
            for entry in entries.flatten() {
                let path = entry.path();
                let _ = if path.is_dir() { std::fs::remove_dir_all(&path) } else { std::fs::remove_file(&path) };
            }
        }
        self.scratch_mtime = mtime();
    }
}

/// CPU seconds (user and system) a process has used, from `/proc/<pid>/stat` (clock ticks of
/// 1/100 s, Linux's fixed `USER_HZ`).
pub(crate) fn cpu_seconds(pid: Pid) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name may hold spaces and parentheses: fields are counted after the last ')'.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks / 100)
}
