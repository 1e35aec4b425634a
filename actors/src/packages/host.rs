//! A package's processes: started confined, lent to one run at a time, replaced when they
//! misbehave, and a circuit breaker that takes the package out of service after repeated failures.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use jacobian_runtime::adapter::{AdapterContext, AdapterError};
use jacobian_runtime::sandbox::Limits;
use serde::Serialize;
use tokio_util::sync::CancellationToken;

use super::manifest::{Located, RequestedLimits};
use super::protocol::{Message, PROTOCOL_VERSION, PackageCapability, Request};
use crate::backends::process::{Confined, Pull, Stop, cpu_seconds};

/// Failures within [`FAILURE_WINDOW`] that open a package's circuit.
pub(crate) const FAILURE_LIMIT: usize = 5;
/// The window failures are counted in.
pub(crate) const FAILURE_WINDOW: Duration = Duration::from_secs(60);
/// How long a borrower waits between looks at its run while every process is busy.
const WAIT_SLICE: Duration = Duration::from_millis(5);

/// Counters of one package, for `jacobian doctor` and tests.
#[derive(Debug, Clone, Default, Serialize)]
pub struct PackageStats {
    /// Processes started.
    pub spawns: u64,
    /// Runs sent to a process.
    pub runs: u64,
    /// Failures counted against the package (crashes, protocol violations, schema violations,
    /// processes that ignored a cancellation).
    pub failures: u64,
    /// Processes killed (after a failure, or when they outlived a cancellation's grace).
    pub kills: u64,
    /// The last failure.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_failure: Option<String>,
}

/// One live package process.
pub(crate) struct Worker {
    io: Confined,
    /// Kept for the process's life, removed after it.
    _scratch: jacobian_runtime::sandbox::Scratch,
    runs: u32,
}

struct State {
    idle: Vec<Worker>,
    live: usize,
}

struct Breaker {
    failures: VecDeque<Instant>,
    open: Option<String>,
}

/// The processes of one package.
pub(crate) struct Host {
    pub(crate) name: String,
    pub(crate) version: String,
    dir: PathBuf,
    program: PathBuf,
    args: Vec<String>,
    pub(crate) limits: RequestedLimits,
    state: Mutex<State>,
    freed: Condvar,
    breaker: Mutex<Breaker>,
    /// The canonical text of the `describe` answer every process must repeat.
    description: Mutex<Option<String>>,
    spawns: AtomicU64,
    runs: AtomicU64,
    kills: AtomicU64,
    failures: AtomicU64,
    last_failure: Mutex<Option<String>>,
}

/// How reading one message ended.
pub(crate) enum Read {
    Message(Box<Message>),
    Broken(String),
    Stopped(Stop),
}

impl Host {
    pub(crate) fn new(located: &Located) -> Host {
        let m = &located.manifest;
        Host {
            name: m.name.clone(),
            version: m.version.clone(),
            dir: located.dir.clone(),
            program: located.program.clone(),
            args: m.command.iter().skip(1).cloned().collect(),
            limits: m.limits,
            state: Mutex::new(State { idle: Vec::new(), live: 0 }),
            freed: Condvar::new(),
            breaker: Mutex::new(Breaker { failures: VecDeque::new(), open: None }),
            description: Mutex::new(None),
            spawns: AtomicU64::new(0),
            runs: AtomicU64::new(0),
            kills: AtomicU64::new(0),
            failures: AtomicU64::new(0),
            last_failure: Mutex::new(None),
        }
    }

    /// `package <name> <version>`, as diagnostics name it.
    pub(crate) fn label(&self) -> String {
        format!("package {} {}", self.name, self.version)
    }

    /// Starts a first process and reads its description; the process stays warm.
    pub(crate) fn describe(&self) -> Result<Vec<PackageCapability>, String> {
        let (worker, capabilities) = self.spawn(Instant::now() + Duration::from_millis(self.limits.start_ms))?;
        let mut st = self.state.lock().unwrap_or_else(|p| p.into_inner());
        st.live += 1;
        st.idle.push(worker);
        Ok(capabilities)
    }

    /// Starts a process and has it describe itself; a process whose description differs from
    /// the first one's is refused.
    fn spawn(&self, deadline: Instant) -> Result<(Worker, Vec<PackageCapability>), String> {
        let scratch =
            jacobian_runtime::sandbox::scratch("package").map_err(|e| format!("no scratch directory: {e}"))?;
        let limits = Limits {
            address_space_mib: self.limits.address_space_mib,
            cpu_seconds: self.limits.cpu_seconds,
            file_size_mib: 64,
            open_files: 64,
        };
        let args: Vec<&std::ffi::OsStr> = self.args.iter().map(std::ffi::OsStr::new).collect();
        let mut cmd = jacobian_runtime::sandbox::command_reading(
            &self.program,
            &args,
            &limits,
            scratch.path(),
            &[self.dir.as_path()],
        )
        .map_err(|e| e.to_string())?;
        // The package reads its own files where it lives; it writes only to its scratch
        // directory ($HOME and $TMPDIR).
        cmd.current_dir(&self.dir).env("PYTHONDONTWRITEBYTECODE", "1");
        let io = Confined::spawn(cmd, &format!("package-{}", self.name))?;
        self.spawns.fetch_add(1, Ordering::Relaxed);
        let mut worker = Worker { io, _scratch: scratch, runs: 0 };
        let request = Request::Describe { protocol: PROTOCOL_VERSION };
        self.send(&mut worker, &request)?;
        match self.read(&mut worker, deadline, None) {
            Read::Message(m) => match *m {
                Message::Describe { protocol, capabilities } if protocol == PROTOCOL_VERSION => {
                    let text = serde_json::to_string(&capabilities).unwrap_or_default();
                    let mut known = self.description.lock().unwrap_or_else(|p| p.into_inner());
                    match known.as_deref() {
                        Some(first) if first != text => {
                            Err("a new process described different capabilities than the first".into())
                        }
                        _ => {
                            *known = Some(text);
                            Ok((worker, capabilities))
                        }
                    }
                }
                Message::Describe { protocol, .. } => {
                    Err(format!("speaks protocol {protocol}, the runtime speaks {PROTOCOL_VERSION}"))
                }
                other => Err(format!("answered `describe` with a `{}` message", kind(&other))),
            },
            Read::Broken(why) => Err(why),
            Read::Stopped(_) => Err(format!("did not describe itself within {} ms", self.limits.start_ms)),
        }
    }

    /// Writes one request line.
    pub(crate) fn send(&self, worker: &mut Worker, request: &Request) -> Result<(), String> {
        let mut line = serde_json::to_vec(request).map_err(|e| e.to_string())?;
        line.push(b'\n');
        worker.io.send(&line).map_err(|e| format!("could not be written to ({e}): {}", worker.io.exit_text()))
    }

    /// Reads the next message, unless `deadline` passes or `cancel` fires first.
    pub(crate) fn read(&self, worker: &mut Worker, deadline: Instant, cancel: Option<&CancellationToken>) -> Read {
        loop {
            let pending = &mut worker.io.pending;
            if let Some(end) = pending.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = pending.drain(..=end).collect();
                if line.iter().all(u8::is_ascii_whitespace) {
                    continue;
                }
                return match serde_json::from_slice::<Message>(&line) {
                    Ok(m) => Read::Message(Box::new(m)),
                    Err(e) => {
                        let text: String = String::from_utf8_lossy(&line).chars().take(120).collect();
                        Read::Broken(format!("printed a line that is not a protocol message ({e}): {}", text.trim()))
                    }
                };
            }
            if pending.len() > self.limits.message_bytes {
                return Read::Broken(format!("printed a message longer than {} bytes", self.limits.message_bytes));
            }
            match worker.io.pull(deadline, cancel) {
                Pull::Data => {}
                Pull::Closed => return Read::Broken(worker.io.exit_text()),
                Pull::Failed(e) => return Read::Broken(format!("its output could not be read: {e}")),
                Pull::Stopped(stop) => return Read::Stopped(stop),
            }
        }
    }

    /// Whether the process printed anything after its final answer (already read, or waiting
    /// in the pipe), or exited: either way it is out of step with the protocol.
    pub(crate) fn spoke_out_of_turn(worker: &mut Worker) -> bool {
        loop {
            if worker.io.pending.iter().any(|b| !b.is_ascii_whitespace()) {
                return true;
            }
            match worker.io.pull(Instant::now(), None) {
                Pull::Data => {}
                Pull::Closed | Pull::Failed(_) => return true,
                Pull::Stopped(_) => return false,
            }
        }
    }

    /// A warm process for `ctx`'s run: an idle one, a new one while fewer than the limit are
    /// alive, or the first to be given back. Fails at once while the circuit is open.
    pub(crate) fn borrow(&self, ctx: &AdapterContext) -> Result<Worker, AdapterError> {
        loop {
            if let Some(why) = self.open() {
                return Err(AdapterError::Backend(format!("{} is out of service: {why}", self.label())));
            }
            let mut st = self.state.lock().unwrap_or_else(|p| p.into_inner());
            while let Some(mut worker) = st.idle.pop() {
                if Self::spoke_out_of_turn(&mut worker) {
                    st.live -= 1;
                    drop(st);
                    self.kill(worker);
                    self.failure("printed output after its final answer, or exited while idle");
                    st = self.state.lock().unwrap_or_else(|p| p.into_inner());
                    continue;
                }
                return Ok(worker);
            }
            if st.live < self.limits.workers {
                st.live += 1;
                drop(st);
                let start = Instant::now() + Duration::from_millis(self.limits.start_ms);
                return match self.spawn(start.min(ctx.deadline)) {
                    Ok((worker, _)) => Ok(worker),
                    Err(why) => {
                        self.release_slot();
                        if ctx.should_stop() {
                            ctx.checkpoint()?;
                        }
                        self.failure(&why);
                        Err(AdapterError::Backend(format!("{} could not start: {why}", self.label())))
                    }
                };
            }
            let (guard, _) = self.freed.wait_timeout(st, WAIT_SLICE).unwrap_or_else(|p| p.into_inner());
            drop(guard);
            ctx.checkpoint()?;
        }
    }

    fn release_slot(&self) {
        let mut st = self.state.lock().unwrap_or_else(|p| p.into_inner());
        st.live = st.live.saturating_sub(1);
        self.freed.notify_one();
    }

    /// Takes a process back after a clean run; one near its CPU limit is retired instead.
    pub(crate) fn give_back(&self, mut worker: Worker) {
        worker.runs += 1;
        let worn = worker.runs.is_multiple_of(64)
            && cpu_seconds(worker.io.pgid).is_some_and(|s| s * 5 > self.limits.cpu_seconds * 4);
        if worn {
            drop(worker);
            self.release_slot();
            return;
        }
        let mut st = self.state.lock().unwrap_or_else(|p| p.into_inner());
        st.idle.push(worker);
        self.freed.notify_one();
    }

    /// Kills a process that cannot be trusted with another run.
    pub(crate) fn discard(&self, worker: Worker) {
        self.kill(worker);
        self.release_slot();
    }

    fn kill(&self, worker: Worker) {
        self.kills.fetch_add(1, Ordering::Relaxed);
        drop(worker);
    }

    /// Counts a run sent to a process.
    pub(crate) fn ran(&self) {
        self.runs.fetch_add(1, Ordering::Relaxed);
    }

    /// Records a failure of the package; past [`FAILURE_LIMIT`] within [`FAILURE_WINDOW`] the
    /// circuit opens and stays open until the operator restarts the runtime.
    pub(crate) fn failure(&self, why: &str) {
        self.failures.fetch_add(1, Ordering::Relaxed);
        *self.last_failure.lock().unwrap_or_else(|p| p.into_inner()) = Some(why.to_owned());
        tracing::warn!(package = %self.name, version = %self.version, reason = %why, "package failure");
        let mut b = self.breaker.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        while b.failures.front().is_some_and(|t| now.duration_since(*t) > FAILURE_WINDOW) {
            b.failures.pop_front();
        }
        b.failures.push_back(now);
        if b.open.is_none() && b.failures.len() > FAILURE_LIMIT {
            let reason = format!(
                "{} failures within {} s (last: {why}); out of service until the operator restarts it",
                b.failures.len(),
                FAILURE_WINDOW.as_secs()
            );
            tracing::error!(package = %self.name, reason = %reason, "package circuit opened");
            b.open = Some(reason);
            drop(b);
            // Its idle processes go at once.
            let mut st = self.state.lock().unwrap_or_else(|p| p.into_inner());
            let idle = std::mem::take(&mut st.idle);
            st.live -= idle.len();
            drop(st);
            idle.into_iter().for_each(|w| self.kill(w));
        }
    }

    /// Why the circuit is open, when it is.
    pub(crate) fn open(&self) -> Option<String> {
        self.breaker.lock().unwrap_or_else(|p| p.into_inner()).open.clone()
    }

    /// The counters.
    pub(crate) fn stats(&self) -> PackageStats {
        PackageStats {
            spawns: self.spawns.load(Ordering::Relaxed),
            runs: self.runs.load(Ordering::Relaxed),
            failures: self.failures.load(Ordering::Relaxed),
            kills: self.kills.load(Ordering::Relaxed),
            last_failure: self.last_failure.lock().unwrap_or_else(|p| p.into_inner()).clone(),
        }
    }
}

/// The `type` of a message, for diagnostics.
pub(crate) fn kind(m: &Message) -> &'static str {
    match m {
        Message::Describe { .. } => "describe",
        Message::Progress { .. } => "progress",
        Message::Result { .. } => "result",
        Message::Error { .. } => "error",
    }
}
