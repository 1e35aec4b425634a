//! One backend worker: an actor that owns one confined, warm child process and runs one
//! program at a time on it.
//!
//! A run ends in one of four ways. A complete frame answers it. A cancellation or deadline
//! answers it at once with that reason; then the worker interrupts the backend (SIGINT to its
//! process group, where the backend returns to its prompt) and waits up to the grace for a
//! fresh frame to come back, or kills the process and stops, and its pool starts a new one. A
//! protocol violation or the process's exit fails the run with a diagnostic naming the backend
//! and stops the worker with an error, which its pool counts against the restart intensity.
//! A program that may have bound globals, or a global count that changed, replaces the worker
//! before it serves anyone else.

use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use jacobian_runtime::adapter::AdapterError;
use jacobian_runtime::backend::{BackendKind, Isolation, Program, Reply};
use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;
use ractor::{Actor, ActorProcessingErr, ActorRef};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout};
use tokio::sync::oneshot;
use tokio_util::sync::CancellationToken;

use super::pool::{PoolMsg, WorkerEnd};
use super::protocol::{Dialect, FrameReader, Step, nonce};
use super::{BackendPolicy, counters};

/// One program to run, and where to send the answer.
pub(crate) struct Call {
    pub(crate) program: Program,
    pub(crate) cancel: CancellationToken,
    pub(crate) deadline: tokio::time::Instant,
    pub(crate) reply: oneshot::Sender<Result<Reply, AdapterError>>,
    pub(crate) queued_at: Instant,
}

pub(crate) enum WorkerMsg {
    /// Send the initialisation and read the first frame (the global-count baseline).
    Warm,
    Run(Call),
}

pub(crate) struct Worker;

pub(crate) struct WorkerArgs {
    pub(crate) backend: BackendKind,
    pub(crate) slot: usize,
    pub(crate) executable: std::path::PathBuf,
    pub(crate) policy: BackendPolicy,
    pub(crate) pool: ActorRef<PoolMsg>,
}

pub(crate) struct WorkerState {
    args: WorkerArgs,
    dialect: &'static Dialect,
    child: Child,
    pgid: Pid,
    stdin: ChildStdin,
    stdout: Lines<BufReader<ChildStdout>>,
    stderr: Arc<Mutex<Vec<String>>>,
    scratch: tempfile::TempDir,
    baseline: Option<usize>,
}

/// How long a new process may take to answer its first frame (GAP loads its library).
const WARM_TIMEOUT: Duration = Duration::from_secs(60);
/// Lines of standard error kept for diagnostics.
const STDERR_LINES: usize = 20;

impl Actor for Worker {
    type Msg = WorkerMsg;
    type State = WorkerState;
    type Arguments = WorkerArgs;

    async fn pre_start(&self, myself: ActorRef<WorkerMsg>, args: WorkerArgs) -> Result<WorkerState, ActorProcessingErr> {
        let dialect = Dialect::of(args.backend);
        let scratch = tempfile::Builder::new().prefix(&format!("jacobian-{}-", args.backend.name())).tempdir()?;
        let argv: Vec<&std::ffi::OsStr> = dialect.args.iter().map(std::ffi::OsStr::new).collect();
        let command =
            jacobian_runtime::sandbox::command(&args.executable, &argv, &args.policy.limits, scratch.path())?;
        let mut child = tokio::process::Command::from(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", args.backend))?;
        let pid = child.id().ok_or("the backend exited at once")?;
        let (Some(stdin), Some(stdout), Some(stderr)) = (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            return Err("the backend's pipes are missing".into());
        };
        let kept = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&kept);
        tokio::spawn(async move {
            let mut lines = BufReader::new(stderr).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                let mut kept = sink.lock().unwrap_or_else(|p| p.into_inner());
                if kept.len() == STDERR_LINES {
                    kept.remove(0);
                }
                kept.push(line.chars().take(300).collect());
            }
        });
        counters::spawned(args.backend);
        myself.cast(WorkerMsg::Warm)?;
        Ok(WorkerState {
            dialect,
            pgid: Pid::from_raw(pid as i32),
            child,
            stdin,
            stdout: BufReader::new(stdout).lines(),
            stderr: kept,
            scratch,
            baseline: None,
            args,
        })
    }

    async fn handle(
        &self,
        myself: ActorRef<WorkerMsg>,
        msg: WorkerMsg,
        st: &mut WorkerState,
    ) -> Result<(), ActorProcessingErr> {
        match msg {
            WorkerMsg::Warm => warm(&myself, st).await,
            WorkerMsg::Run(call) => run(&myself, st, call).await,
        }
    }

    async fn post_stop(&self, _: ActorRef<WorkerMsg>, st: &mut WorkerState) -> Result<(), ActorProcessingErr> {
        // Whatever the reason for stopping, the process and everything it started go with it.
        let _ = killpg(st.pgid, Signal::SIGKILL);
        let _ = st.child.wait().await;
        Ok(())
    }
}

async fn warm(myself: &ActorRef<WorkerMsg>, st: &mut WorkerState) -> Result<(), ActorProcessingErr> {
    let init = st.dialect.init;
    let probe = Program::new(st.args.backend);
    let deadline = tokio::time::Instant::now() + WARM_TIMEOUT;
    let sent = async {
        st.stdin.write_all(init.as_bytes()).await?;
        st.stdin.flush().await
    };
    if let Err(e) = sent.await {
        return fail(myself, st, format!("could not send its initialisation: {e}"));
    }
    match exchange(st, &probe, deadline, None, &[]).await {
        Exchange::Frame(frame) if frame.status.is_ok() => {
            st.baseline = frame.globals;
            let _ = st.args.pool.cast(PoolMsg::Idle(st.args.slot, myself.get_id()));
            Ok(())
        }
        Exchange::Frame(frame) => fail(myself, st, format!("its first frame failed: {:?}", frame.status)),
        Exchange::Broken(why) => fail(myself, st, why),
        Exchange::Stopped(_) => fail(myself, st, "it did not answer its first frame in time".into()),
    }
}

enum Exchange {
    Frame(super::protocol::Frame),
    Broken(String),
    Stopped(Stop),
}

#[derive(Clone, Copy)]
enum Stop {
    Cancelled,
    Deadline,
}

/// Sends `program` framed by a fresh nonce and reads its frame, unless `cancel` fires or the
/// deadline passes first.
async fn exchange(
    st: &mut WorkerState,
    program: &Program,
    deadline: tokio::time::Instant,
    cancel: Option<&CancellationToken>,
    stale: &[String],
) -> Exchange {
    let nonce = nonce();
    let text = st.dialect.frame(program, &nonce);
    if let Err(e) = async {
        st.stdin.write_all(text.as_bytes()).await?;
        st.stdin.flush().await
    }
    .await
    {
        return Exchange::Broken(format!("could not send the program: {e}"));
    }
    let mut reader = FrameReader::new(&nonce, stale);
    let never = CancellationToken::new();
    let cancel = cancel.unwrap_or(&never);
    loop {
        tokio::select! {
            biased;
            line = st.stdout.next_line() => match line {
                Ok(Some(line)) => match reader.feed(&line) {
                    Step::More => {}
                    Step::Done(frame) => return Exchange::Frame(frame),
                    Step::Violation(why) => return Exchange::Broken(format!("printed {why}")),
                },
                Ok(None) => return Exchange::Broken(exit_text(st).await),
                Err(e) => return Exchange::Broken(format!("printed unreadable output: {e}")),
            },
            _ = cancel.cancelled() => return Exchange::Stopped(Stop::Cancelled),
            _ = tokio::time::sleep_until(deadline) => return Exchange::Stopped(Stop::Deadline),
        }
    }
}

async fn exit_text(st: &mut WorkerState) -> String {
    let status = tokio::time::timeout(Duration::from_millis(200), st.child.wait()).await;
    let tail = st.stderr.lock().unwrap_or_else(|p| p.into_inner()).join(" | ");
    let how = match status {
        Ok(Ok(s)) => format!("exited ({s})"),
        _ => "closed its output".into(),
    };
    if tail.is_empty() { how } else { format!("{how}: {tail}") }
}

async fn run(myself: &ActorRef<WorkerMsg>, st: &mut WorkerState, call: Call) -> Result<(), ActorProcessingErr> {
    let backend = st.args.backend;
    if call.cancel.is_cancelled() || tokio::time::Instant::now() >= call.deadline {
        let why = stopped(&call);
        let _ = call.reply.send(Err(why));
        let _ = st.args.pool.cast(PoolMsg::Idle(st.args.slot, myself.get_id()));
        return Ok(());
    }
    counters::waited(backend, call.queued_at.elapsed());
    let started = Instant::now();
    let outcome = exchange(st, &call.program, call.deadline, Some(&call.cancel), &[]).await;
    counters::ran(backend, started.elapsed());
    match outcome {
        Exchange::Frame(frame) => {
            let dirty = call.program.isolation() == Isolation::DefinesGlobals || frame.globals != st.baseline;
            // RLIMIT_CPU counts the process's whole life: retire it well before it is reached.
            let worn = cpu_seconds(st.pgid).is_some_and(|s| s * 5 > st.args.policy.limits.cpu_seconds * 4);
            let answer = match frame.status {
                Ok(()) => Ok(Reply { lines: frame.payload }),
                Err(message) => Err(AdapterError::Backend(format!("{backend}: {message}"))),
            };
            let _ = call.reply.send(answer);
            clear_scratch(st.scratch.path());
            if dirty || worn {
                // Globals may survive in this process, or its CPU limit is near: replace it.
                myself.stop(Some(WorkerEnd::Recycled.reason()));
            } else {
                let _ = st.args.pool.cast(PoolMsg::Idle(st.args.slot, myself.get_id()));
            }
            Ok(())
        }
        Exchange::Broken(why) => {
            let _ = call.reply.send(Err(AdapterError::Backend(format!("{backend} worker failed: {why}"))));
            fail(myself, st, why)
        }
        Exchange::Stopped(stop) => {
            let _ = call.reply.send(Err(match stop {
                Stop::Cancelled => AdapterError::Cancelled,
                Stop::Deadline => AdapterError::DeadlineExceeded,
            }));
            interrupt(myself, st).await
        }
    }
}

fn stopped(call: &Call) -> AdapterError {
    if tokio::time::Instant::now() >= call.deadline { AdapterError::DeadlineExceeded } else { AdapterError::Cancelled }
}

/// Brings the backend back to its prompt after a stopped run, or replaces it.
async fn interrupt(myself: &ActorRef<WorkerMsg>, st: &mut WorkerState) -> Result<(), ActorProcessingErr> {
    let backend = st.args.backend;
    if st.dialect.interruptible {
        counters::interrupted(backend);
        let _ = killpg(st.pgid, Signal::SIGINT);
        let deadline = tokio::time::Instant::now() + st.args.policy.grace;
        // Whatever the interrupted program still prints belongs to no frame of the probe and
        // is skipped; a clean probe frame with the baseline global count proves the prompt.
        if let Exchange::Frame(frame) = exchange_after_interrupt(st, deadline).await
            && frame.status.is_ok()
            && frame.globals == st.baseline
        {
            clear_scratch(st.scratch.path());
            let _ = st.args.pool.cast(PoolMsg::Idle(st.args.slot, myself.get_id()));
            return Ok(());
        }
    }
    counters::killed(backend);
    let _ = killpg(st.pgid, Signal::SIGKILL);
    myself.stop(Some(WorkerEnd::Killed.reason()));
    Ok(())
}

/// After SIGINT: sends an empty program and reads until its frame, skipping any marker of the
/// interrupted request, within `deadline`.
async fn exchange_after_interrupt(st: &mut WorkerState, deadline: tokio::time::Instant) -> Exchange {
    let probe = Program::new(st.args.backend);
    let nonce = nonce();
    let text = st.dialect.frame(&probe, &nonce);
    if st.stdin.write_all(text.as_bytes()).await.is_err() || st.stdin.flush().await.is_err() {
        return Exchange::Broken("closed its input".into());
    }
    let mut reader = FrameReader::new(&nonce, &[]);
    loop {
        tokio::select! {
            line = st.stdout.next_line() => match line {
                Ok(Some(line)) => {
                    if line.starts_with("@@J ") && !line[4..].starts_with(nonce.as_str()) {
                        continue; // the interrupted request's own markers
                    }
                    match reader.feed(&line) {
                        Step::More => {}
                        Step::Done(frame) => return Exchange::Frame(frame),
                        Step::Violation(why) => return Exchange::Broken(why),
                    }
                }
                _ => return Exchange::Broken("exited after the interrupt".into()),
            },
            _ = tokio::time::sleep_until(deadline) => return Exchange::Stopped(Stop::Deadline),
        }
    }
}

/// Fails the worker: its process is killed and the pool counts the failure.
fn fail(myself: &ActorRef<WorkerMsg>, st: &mut WorkerState, why: String) -> Result<(), ActorProcessingErr> {
    let _ = killpg(st.pgid, Signal::SIGKILL);
    tracing::warn!(backend = st.args.backend.name(), slot = st.args.slot, %why, "backend worker failed");
    myself.stop(Some(WorkerEnd::Failed(why).reason()));
    Ok(())
}

/// CPU seconds (user and system) a process has used, from `/proc/<pid>/stat` (clock ticks of
/// 1/100 s, Linux's fixed `USER_HZ`).
fn cpu_seconds(pid: Pid) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name may hold spaces and parentheses: fields are counted after the last ')'.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks / 100)
}

/// Removes whatever a run left in the worker's scratch directory.
fn clear_scratch(dir: &std::path::Path) {
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            let _ = if path.is_dir() { std::fs::remove_dir_all(&path) } else { std::fs::remove_file(&path) };
        }
    }
}
