//! Heavy runs on worker nodes, over NATS.
//!
//! A worker (`jacobian worker --join nats://…`) is a Jacobian of its own, with the capabilities
//! and backend pools of this build, on the replicas' shared store. It announces itself on
//! `jacobian.workers.heartbeat` every [`HEARTBEAT`] (its name, slots, runs and catalog digest)
//! and takes runs on `jacobian.worker.<name>.run`, cancellations on `….cancel` and catalog
//! requests on `….catalog`.
//!
//! A replica given `[workers] url` keeps a board of the workers it hears. Admission counts
//! their slots beside its own, and a run that may block goes, once admitted and preflighted
//! here, to the least loaded worker hosting its capability (counting the runs this replica holds
//! there, and other replicas' as of the worker's last heartbeat); with none free, it runs here. Everything but the
//! adapter stays on the replica: validation, admission, quotas, checking, records. The run is
//! sent with its remaining wall time; the worker admits it to its own slots, runs the adapter
//! under that deadline and sends back progress and, at the end, the adapter's outcome and CPU
//! time. A cancellation, or the deadline, on the replica sends a cancel to the worker, which
//! stops the adapter and answers; the episode's grace applies as it does locally.
//!
//! A worker silent for the lease ([`WorkersConfig::lease_ms`], 3 s by default) is taken off the
//! board, and every run it held ends: a capability declared read-only is sent once more, to
//! another worker if one is free; any other becomes a clean failure, WORKER_LOST, never a
//! conclusion. A worker that comes back (a new process under the same name) is put back on
//! the board at its next heartbeat and takes the name's new runs; the runs the earlier process
//! held stay with it, and end as above only if it too falls silent for the lease.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use dashmap::DashMap;
use futures_util::StreamExt;
use jacobian_runtime::adapter::{AdapterContext, ArtifactWriter, Outcome, PrepareContext, Progress};
use jacobian_runtime::artifact::StoreBound;
use jacobian_runtime::policy::WorkersConfig;
use jacobian_runtime::{ArtifactReader, CapabilityRequest, ExecutionStatus, Mode};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;
use tokio_util::sync::CancellationToken;

use crate::capability::{self, Job, JobFailure, JobOutcome};
use crate::error::JacobianError;
use crate::scheduler::{Admission, Admissions, Admit, Ticket};
use crate::shared::Shared;
use crate::tenants::TenantId;

/// How often a worker announces itself.
pub const HEARTBEAT: Duration = Duration::from_millis(500);

/// How long a replica waits for a worker's answer once it has sent a cancellation, beyond
/// which the answer is taken as lost.
const AFTER_CANCEL: Duration = Duration::from_secs(30);

/// The code of a run a worker shutting down did not start: the replica places it again, and
/// the code never reaches a caller.
const NOT_STARTED: &str = "WORKER_NOT_STARTED";

/// Room for a run request's fields besides its input, in bytes.
const ENVELOPE: usize = 4096;

/// Attempts of a read-only run whose worker was lost.
const ATTEMPTS: u32 = 2;

const HEARTBEATS: &str = "jacobian.workers.heartbeat";

/// A worker process's subject for `verb`: its name and its start time, so that only that
/// process hears it, even if another one takes the same name.
fn subject(worker: &str, instance: u64, verb: &str) -> String {
    format!("jacobian.worker.{worker}.{instance}.{verb}")
}

/// Whether `name` can name a worker: 1 to 64 characters of `[A-Za-z0-9_-]` (a NATS subject
/// token, and readable in metrics).
pub fn valid_name(name: &str) -> bool {
    (1..=64).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// Connects to NATS. A token may be given as the URL's user (`nats://TOKEN@host:4222`), so that
/// it can live in the configuration file rather than on a command line.
/// With `retry`, the client keeps trying in the background and this returns at once (a replica
/// serves on its own meanwhile); without it, a server that cannot be reached or refuses the
/// token is an error now (a worker has nothing to do without one).
async fn connect(url: &str, client_name: String, retry: bool) -> Result<async_nats::Client, JacobianError> {
    let bad = |why: String| JacobianError::Config(format!("workers url `{url}`: {why}"));
    let mut parsed = url::Url::parse(url).map_err(|e| bad(e.to_string()))?;
    let token = (!parsed.username().is_empty()).then(|| parsed.username().to_owned());
    let _ = parsed.set_username("");
    let mut options = match token {
        Some(token) => async_nats::ConnectOptions::with_token(token),
        None => async_nats::ConnectOptions::new(),
    };
    options =
        options.name(client_name).ping_interval(Duration::from_secs(1)).connection_timeout(Duration::from_secs(5));
    if retry {
        options = options.retry_on_initial_connect();
    }
    options.connect(parsed.as_str().to_owned()).await.map_err(|e| bad(e.to_string()))
}

/// What a worker announces.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Heartbeat {
    worker: String,
    /// When the worker process started (Unix ms): a new value is a new process.
    started: u64,
    slots: usize,
    running: usize,
    queued: usize,
    /// Digest of its catalog; the ids are asked for when it changes.
    catalog: String,
}

/// A run sent to a worker.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct RunRequest {
    /// Unique among the runs any replica sends (replica, run id, attempt).
    key: String,
    tenant: String,
    episode_id: String,
    capability_id: String,
    mode: Mode,
    /// Serialized once on the replica, sent as is on every attempt.
    input: Box<RawValue>,
    /// Wall time left when sent.
    wall_ms: u64,
    /// The tenant's storage quotas on the replica, which hold for the run's artifacts here.
    #[serde(default)]
    storage: StoreBound,
}

#[derive(Debug, Serialize, Deserialize)]
struct CancelRequest {
    key: String,
}

/// Why a worker's run produced no outcome.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Failure {
    status: ExecutionStatus,
    code: String,
    message: String,
}

impl Failure {
    fn new(status: ExecutionStatus, code: &str, message: impl Into<String>) -> Self {
        Failure { status, code: code.to_owned(), message: message.into() }
    }
}

/// What a worker sends back on the run's inbox.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Reply {
    Progress { progress: Progress },
    Done { outcome: Box<Result<Outcome, Failure>>, cpu_ms: f64 },
}

// ---------------------------------------------------------------------------------------------
// The replica's side.

/// A worker on the board.
struct Entry {
    started: u64,
    slots: usize,
    /// The runs it reported (running and queued) that other replicas placed, as of its last
    /// heartbeat; its load is these and [`Entry::placed`].
    others: usize,
    /// Runs this replica has placed on it and not seen end.
    placed: usize,
    seen: Instant,
    digest: String,
    catalog: Option<Arc<HashSet<String>>>,
    fetching: bool,
    /// Fires when the worker is taken off the board.
    lost: CancellationToken,
    /// The process this one replaced under the same name, as its entry stood. Its heartbeats,
    /// if it still sends them, come from a second process using the name, which gets no new
    /// runs but finishes those it holds: they are lost only when it falls silent for the lease,
    /// and it takes the name back if this one falls silent first.
    replaced: Option<Box<Entry>>,
}

impl Entry {
    fn load(&self) -> usize {
        self.others + self.placed
    }
}

/// The workers a replica hears, and the runs it places on them.
pub(crate) struct Workers {
    client: async_nats::Client,
    lease: Duration,
    admissions: Arc<Admissions>,
    board: Mutex<HashMap<String, Entry>>,
    /// This replica, in run keys.
    holder: String,
    /// Turns among equally loaded workers.
    turn: std::sync::atomic::AtomicUsize,
}

/// A run's place on a worker; dropping it counts the run off the worker.
pub(crate) struct Placed {
    worker: String,
    started: u64,
    lost: CancellationToken,
    workers: Arc<Workers>,
}

impl Drop for Placed {
    fn drop(&mut self) {
        let mut board = self.workers.board();
        if let Some(e) = board.get_mut(&self.worker) {
            let holder = if e.started == self.started {
                Some(e)
            } else {
                e.replaced.as_deref_mut().filter(|r| r.started == self.started)
            };
            if let Some(holder) = holder {
                holder.placed = holder.placed.saturating_sub(1);
            }
        }
    }
}

/// A worker's state, for `Jacobian::workers` and metrics.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WorkerStatus {
    /// Its name.
    pub name: String,
    /// Its execution slots.
    pub slots: usize,
    /// Runs on it, running and queued: this replica's known exactly, other replicas' as of
    /// its last heartbeat.
    pub load: usize,
    /// Runs this replica placed on it and not seen end.
    pub placed: usize,
    /// Capabilities it hosts (0 until its catalog is known).
    pub capabilities: usize,
    /// When the process holding the name started (Unix ms): another value is another process.
    pub started: u64,
}

impl Workers {
    /// Connects to NATS and starts listening for heartbeats; stops with `stop`.
    pub(crate) async fn start(
        config: &WorkersConfig,
        url: &str,
        holder: String,
        admissions: Arc<Admissions>,
        stop: CancellationToken,
    ) -> Result<Arc<Self>, JacobianError> {
        let client = connect(url, format!("jacobian-replica {holder}"), true).await?;
        let mut heartbeats = client
            .subscribe(HEARTBEATS)
            .await
            .map_err(|e| JacobianError::Config(format!("workers: subscribing to heartbeats: {e}")))?;
        let workers = Arc::new(Workers {
            client,
            lease: Duration::from_millis(config.lease_ms.max(2 * HEARTBEAT.as_millis() as u64)),
            admissions,
            board: Mutex::new(HashMap::new()),
            holder,
            turn: std::sync::atomic::AtomicUsize::new(0),
        });
        let weak = Arc::downgrade(&workers);
        tokio::spawn(async move {
            let mut sweep = tokio::time::interval(HEARTBEAT / 2);
            loop {
                tokio::select! {
                    _ = stop.cancelled() => break,
                    m = heartbeats.next() => {
                        let (Some(m), Some(w)) = (m, weak.upgrade()) else { break };
                        if let Ok(hb) = serde_json::from_slice::<Heartbeat>(&m.payload) {
                            w.heard(hb);
                        }
                    }
                    _ = sweep.tick() => {
                        let Some(w) = weak.upgrade() else { break };
                        w.sweep();
                    }
                }
            }
        });
        Ok(workers)
    }

    fn board(&self) -> MutexGuard<'_, HashMap<String, Entry>> {
        self.board.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn heard(self: &Arc<Self>, hb: Heartbeat) {
        if !valid_name(&hb.worker) {
            return;
        }
        let mut board = self.board();
        if let Some(older) =
            board.get_mut(&hb.worker).and_then(|e| e.replaced.as_deref_mut()).filter(|r| r.started == hb.started)
        {
            older.seen = Instant::now();
            tracing::warn!(worker = %hb.worker, "two worker processes use this name; the older one gets no new runs");
            return;
        }
        let fresh = board.get(&hb.worker).is_none_or(|e| e.started != hb.started);
        if fresh {
            // The process replaced keeps its runs until it falls silent (a restart), or finishes
            // them (a second process under the name); one it had replaced in turn loses its runs.
            let replaced = board.remove(&hb.worker).map(|mut old| {
                if let Some(gone) = old.replaced.take() {
                    gone.lost.cancel();
                }
                Box::new(old)
            });
            tracing::info!(worker = %hb.worker, slots = hb.slots, "worker joined");
            board.insert(
                hb.worker.clone(),
                Entry {
                    started: hb.started,
                    slots: hb.slots,
                    others: hb.running + hb.queued,
                    placed: 0,
                    seen: Instant::now(),
                    digest: String::new(),
                    catalog: None,
                    fetching: false,
                    lost: CancellationToken::new(),
                    replaced,
                },
            );
        }
        let Some(e) = board.get_mut(&hb.worker) else { return };
        e.seen = Instant::now();
        e.slots = hb.slots;
        e.others = (hb.running + hb.queued).saturating_sub(e.placed);
        if e.digest != hb.catalog && !e.fetching {
            e.fetching = true;
            let me = Arc::clone(self);
            tokio::spawn(async move { me.fetch_catalog(hb.worker, hb.started, hb.catalog).await });
        }
        drop(board);
        self.publish_capacity();
    }

    /// Asks a worker for its capability ids.
    async fn fetch_catalog(&self, worker: String, started: u64, digest: String) {
        let asked = self.client.request(subject(&worker, started, "catalog"), bytes::Bytes::new());
        let ids = match tokio::time::timeout(self.lease, asked).await {
            Ok(Ok(m)) => serde_json::from_slice::<Vec<String>>(&m.payload).ok(),
            _ => None,
        };
        let mut board = self.board();
        if let Some(e) = board.get_mut(&worker)
            && e.started == started
        {
            e.fetching = false;
            if let Some(ids) = ids {
                e.catalog = Some(Arc::new(ids.into_iter().collect()));
                e.digest = digest;
            }
        }
        drop(board);
        self.publish_capacity();
    }

    /// Takes workers silent for the lease off the board; their runs end (see the module note).
    fn sweep(&self) {
        let now = Instant::now();
        let mut board = self.board();
        for (name, e) in board.iter_mut() {
            if e.replaced.as_ref().is_some_and(|r| now.duration_since(r.seen) > self.lease)
                && let Some(gone) = e.replaced.take()
            {
                tracing::warn!(worker = %name, runs = gone.placed, "the process this worker replaced fell silent; the runs it held are lost");
                gone.lost.cancel();
            }
        }
        let silent: Vec<String> =
            board.iter().filter(|(_, e)| now.duration_since(e.seen) > self.lease).map(|(n, _)| n.clone()).collect();
        for name in silent {
            if let Some(mut e) = board.remove(&name) {
                tracing::warn!(worker = %name, runs = e.placed, "worker lost: no heartbeat within the lease");
                crate::metrics::worker_lost(&name);
                crate::metrics::worker_gauges(&name, 0, 0, 0);
                e.lost.cancel();
                // The process it replaced still heartbeats (silent ones went above): it holds
                // the name again, with the runs it kept.
                if let Some(older) = e.replaced.take() {
                    tracing::info!(worker = %name, "the process this worker replaced takes the name back");
                    board.insert(name, *older);
                }
            }
        }
        drop(board);
        self.publish_capacity();
    }

    /// Admission counts the slots of every worker whose catalog is known; metrics show each.
    fn publish_capacity(&self) {
        let board = self.board();
        let slots = board.values().filter(|e| e.catalog.is_some()).map(|e| e.slots).sum();
        for (name, e) in board.iter() {
            crate::metrics::worker_gauges(name, e.slots, e.load(), e.placed);
        }
        crate::metrics::workers_alive(board.len());
        drop(board);
        self.admissions.set_remote_slots(slots);
    }

    /// The workers on the board.
    pub(crate) fn status(&self) -> Vec<WorkerStatus> {
        let mut out: Vec<WorkerStatus> = self
            .board()
            .iter()
            .map(|(name, e)| WorkerStatus {
                name: name.clone(),
                slots: e.slots,
                load: e.load(),
                placed: e.placed,
                capabilities: e.catalog.as_ref().map_or(0, |c| c.len()),
                started: e.started,
            })
            .collect();
        out.sort_by(|a, b| a.name.cmp(&b.name));
        out
    }

    /// The least loaded worker hosting `capability` with a free slot, if any. Its load is the
    /// runs this replica holds there, known exactly, and the others' as of its last heartbeat.
    /// A run whose input (`input_bytes` of JSON) would not fit in one NATS message is not placed.
    pub(crate) fn place(self: &Arc<Self>, capability: &str, input_bytes: usize) -> Option<Placed> {
        if input_bytes.saturating_add(ENVELOPE) > self.client.server_info().max_payload {
            return None;
        }
        let mut board = self.board();
        // The hosts with a free slot and the least load per slot, in name order; ties take turns,
        // so that runs one after another spread too.
        let mut least: Vec<(&String, usize, usize)> = Vec::new();
        for (name, e) in board.iter() {
            let load = e.load();
            if load >= e.slots || !e.catalog.as_ref().is_some_and(|c| c.contains(capability)) {
                continue;
            }
            match least.first() {
                Some(&(_, l, s)) if load * s > l * e.slots => {}
                Some(&(_, l, s)) if load * s == l * e.slots => least.push((name, load, e.slots)),
                _ => least = vec![(name, load, e.slots)],
            }
        }
        least.sort_unstable_by(|a, b| a.0.cmp(b.0));
        let turn = self.turn.fetch_add(1, Ordering::Relaxed);
        let name = least.get(turn % least.len().max(1))?.0.clone();
        let e = board.get_mut(&name)?;
        e.placed += 1;
        Some(Placed { worker: name, started: e.started, lost: e.lost.clone(), workers: Arc::clone(self) })
    }
}

/// What a replica sends for a run it places on a worker.
pub(crate) struct RemoteRun {
    pub(crate) run_id: String,
    pub(crate) tenant: TenantId,
    pub(crate) episode_id: String,
    pub(crate) capability_id: String,
    pub(crate) mode: Mode,
    /// The input as JSON, serialized once for the size check and every attempt.
    pub(crate) input: Box<RawValue>,
    pub(crate) deadline: std::time::Instant,
    /// Whether the capability is declared read-only, so that running it again is harmless.
    pub(crate) read_only: bool,
    /// The tenant's storage quotas here, which the worker's writes are held to.
    pub(crate) storage: StoreBound,
}

/// How one attempt on a worker ended.
enum Attempt {
    Done(Box<JobOutcome>),
    /// The worker never started the run (nothing listens under its name, or it is shutting
    /// down): any run may go elsewhere.
    NotStarted(String),
    Lost(String),
}

/// Runs `job`'s adapter on the worker `placed`, and delivers its outcome as the local thread
/// would: the slot is released, then the outcome concluded or sent to the episode.
pub(crate) async fn execute(shared: Arc<Shared>, workers: Arc<Workers>, mut placed: Placed, run: RemoteRun, job: Job) {
    let Job { prepared, ctx, slot, reply, abandoned, conclude } = job;
    drop(prepared);
    let mut attempt = 1;
    let outcome = loop {
        match workers.attempt(&placed, &run, attempt, &ctx).await {
            Attempt::NotStarted(why) => {
                crate::metrics::worker_run(&placed.worker, "not_started");
                let next = (attempt <= ATTEMPTS && !ctx.cancel.is_cancelled())
                    .then(|| workers.place(&run.capability_id, 0))
                    .flatten();
                if let Some(next) = next {
                    placed = next;
                    attempt += 1;
                    continue;
                }
                let message = format!("no worker could take the run: worker {} {why}", placed.worker);
                let failure = JobFailure::Remote {
                    status: ExecutionStatus::AdapterFailed,
                    code: "WORKER_UNAVAILABLE".into(),
                    message,
                };
                break JobOutcome { result: Err(failure), cpu: Duration::ZERO };
            }
            Attempt::Done(mut outcome) => {
                crate::metrics::worker_run(&placed.worker, "answered");
                match &mut outcome.result {
                    Ok(o) => {
                        let note = format!("the adapter ran on worker node {}", placed.worker);
                        o.diagnostics.push(jacobian_runtime::Diagnostic::info("RAN_ON_WORKER", note));
                    }
                    // A failure from the worker says where it happened.
                    Err(JobFailure::Remote { message, .. }) => {
                        message.push_str(&format!(" (on worker {})", placed.worker))
                    }
                    Err(_) => {}
                }
                break *outcome;
            }
            Attempt::Lost(why) => {
                crate::metrics::worker_run(&placed.worker, "lost");
                let retry = (run.read_only && attempt < ATTEMPTS && !ctx.cancel.is_cancelled())
                    .then(|| workers.place(&run.capability_id, 0))
                    .flatten();
                if let Some(next) = retry {
                    tracing::warn!(worker = %placed.worker, next = %next.worker, run = %run.run_id, "worker lost; sending the read-only run again");
                    placed = next;
                    attempt += 1;
                    continue;
                }
                let message = format!(
                    "worker {} was lost while running this run ({why}); the run did not finish{}",
                    placed.worker,
                    match (run.read_only, attempt < ATTEMPTS) {
                        (false, _) => "",
                        (true, true) => " and no other worker was free to run it again",
                        (true, false) => ", and it had been sent once again already",
                    }
                );
                let failure =
                    JobFailure::Remote { status: ExecutionStatus::AdapterFailed, code: "WORKER_LOST".into(), message };
                break JobOutcome { result: Err(failure), cpu: Duration::ZERO };
            }
        }
    };
    // The books of a local run: an answer after the episode gave up is an overrun, and a panic
    // counts against the capability's health here, where its circuit breaker is.
    let id = &run.capability_id;
    if abandoned.swap(true, Ordering::SeqCst) {
        shared.health.past_deadline(id, -1);
        crate::metrics::overrun(id);
        shared.health.record_overrun(id);
    }
    if let Err(JobFailure::Panicked(why)) = &outcome.result {
        capability::record_panic(&shared, id, why);
    }
    drop(placed);
    drop(slot);
    // Concluding may write the episode record: not on an async thread.
    let _ = tokio::task::spawn_blocking(move || capability::deliver(outcome, conclude, reply)).await;
}

impl Workers {
    async fn attempt(&self, placed: &Placed, run: &RemoteRun, attempt: u32, ctx: &AdapterContext) -> Attempt {
        let key = format!("{}/{}/{attempt}", self.holder, run.run_id);
        let request = RunRequest {
            key: key.clone(),
            tenant: run.tenant.as_str().to_owned(),
            episode_id: run.episode_id.clone(),
            capability_id: run.capability_id.clone(),
            mode: run.mode,
            input: run.input.clone(),
            wall_ms: run.deadline.saturating_duration_since(std::time::Instant::now()).as_millis() as u64,
            storage: run.storage,
        };
        let Ok(payload) = serde_json::to_vec(&request) else {
            return Attempt::Lost("the run could not be encoded".into());
        };
        let inbox = self.client.new_inbox();
        let mut answers = match self.client.subscribe(inbox.clone()).await {
            Ok(s) => s,
            Err(e) => return Attempt::Lost(format!("NATS: {e}")),
        };
        if let Err(e) =
            self.client.publish_with_reply(subject(&placed.worker, placed.started, "run"), inbox, payload.into()).await
        {
            return Attempt::NotStarted(format!("could not be reached: {e}"));
        }
        let mut cancelled_at: Option<tokio::time::Instant> = None;
        // A cancellation is sent again every two seconds until the answer comes: NATS delivers
        // at most once.
        let mut resend = tokio::time::interval(Duration::from_secs(2));
        loop {
            let give_up = async {
                match cancelled_at {
                    Some(at) => tokio::time::sleep_until(at + AFTER_CANCEL).await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                m = answers.next() => {
                    let Some(m) = m else { return Attempt::Lost("the NATS connection closed".into()) };
                    if m.status == Some(async_nats::StatusCode::NO_RESPONDERS) {
                        return Attempt::NotStarted("does not listen".into());
                    }
                    match serde_json::from_slice::<Reply>(&m.payload) {
                        Ok(Reply::Progress { progress }) => ctx.progress(progress.done, progress.total, progress.message),
                        Ok(Reply::Done { outcome, .. })
                            if matches!(&*outcome, Err(f) if f.code == NOT_STARTED) =>
                        {
                            return Attempt::NotStarted("is shutting down".into());
                        }
                        Ok(Reply::Done { outcome, cpu_ms }) => {
                            let cpu = Duration::from_secs_f64(cpu_ms.max(0.0) / 1e3);
                            return Attempt::Done(Box::new(JobOutcome { result: (*outcome).map_err(Failure::into_job), cpu }));
                        }
                        Err(e) => {
                            let failure = Failure::new(ExecutionStatus::AdapterFailed, "WORKER_REPLY_MALFORMED", format!("worker {}: {e}", placed.worker));
                            return Attempt::Done(Box::new(JobOutcome { result: Err(failure.into_job()), cpu: Duration::ZERO }));
                        }
                    }
                }
                _ = ctx.cancel.cancelled(), if cancelled_at.is_none() => {
                    cancelled_at = Some(tokio::time::Instant::now());
                    resend.reset_immediately();
                }
                _ = resend.tick(), if cancelled_at.is_some() => {
                    if let Ok(body) = serde_json::to_vec(&CancelRequest { key: key.clone() }) {
                        let _ = self.client.publish(subject(&placed.worker, placed.started, "cancel"), body.into()).await;
                    }
                }
                _ = placed.lost.cancelled() => return Attempt::Lost("its heartbeats stopped".into()),
                _ = give_up => return Attempt::Lost(format!("no answer within {} s of its cancellation", AFTER_CANCEL.as_secs())),
            }
        }
    }
}

impl Failure {
    fn into_job(self) -> JobFailure {
        use jacobian_runtime::adapter::AdapterError;
        match self.code.as_str() {
            "CANCELLED" => JobFailure::Adapter(AdapterError::Cancelled),
            "DEADLINE_EXCEEDED" => JobFailure::Adapter(AdapterError::DeadlineExceeded),
            "ADAPTER_PANICKED" => JobFailure::Panicked(self.message),
            _ => JobFailure::Remote { status: self.status, code: self.code, message: self.message },
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The worker's side.

/// Serves runs to replicas as the worker `name` until the runtime shuts down.
pub(crate) async fn serve(shared: Arc<Shared>, url: &str, name: &str) -> Result<(), JacobianError> {
    if !valid_name(name) {
        return Err(JacobianError::Config(format!("worker name `{name}` must be 1-64 characters of [A-Za-z0-9_-]")));
    }
    let client = connect(url, format!("jacobian-worker {name}"), false).await?;
    let nats = |e: async_nats::SubscribeError| JacobianError::Config(format!("workers: {e}"));
    let started = crate::jacobian::unix_ms();
    let mut runs = client.subscribe(subject(name, started, "run")).await.map_err(nats)?;
    let mut cancels = client.subscribe(subject(name, started, "cancel")).await.map_err(nats)?;
    let mut catalogs = client.subscribe(subject(name, started, "catalog")).await.map_err(nats)?;
    let tokens: Arc<DashMap<String, CancellationToken>> = Arc::new(DashMap::new());
    // Cancellations that arrived before their run (the two come on different subscriptions).
    let mut early: HashMap<String, Instant> = HashMap::new();
    let ids: Vec<String> = shared.catalog.entries().iter().map(|i| i.id().to_owned()).collect();
    let ids = serde_json::to_vec(&ids).unwrap_or_default();
    let digest = shared.catalog.digest().to_string();
    let mut beat = tokio::time::interval(HEARTBEAT);
    tracing::info!(worker = %name, "worker serving runs");
    loop {
        tokio::select! {
            _ = shared.root_cancel.cancelled() => break,
            _ = beat.tick() => {
                early.retain(|_, at| at.elapsed() < Duration::from_secs(60));
                let books = shared.admissions.snapshot();
                // A worker shutting down offers no slots, so that replicas stop placing runs here.
                let accepting = shared.accepting.load(Ordering::SeqCst);
                let hb = Heartbeat {
                    worker: name.to_owned(),
                    started,
                    slots: if accepting { shared.limits.concurrency.max(1) } else { 0 },
                    running: books.running,
                    queued: books.queued,
                    catalog: digest.clone(),
                };
                if let Ok(body) = serde_json::to_vec(&hb) {
                    let _ = client.publish(HEARTBEATS, body.into()).await;
                }
            }
            m = runs.next() => {
                let Some(m) = m else { break };
                let Some(reply) = m.reply else { continue };
                let request = serde_json::from_slice::<RunRequest>(&m.payload);
                // The run's token is known before any cancellation for it is read.
                let token = shared.root_cancel.child_token();
                if let Ok(r) = &request {
                    if early.remove(&r.key).is_some() {
                        token.cancel();
                    }
                    tokens.insert(r.key.clone(), token.clone());
                }
                let (shared, client, tokens) = (Arc::clone(&shared), client.clone(), Arc::clone(&tokens));
                tokio::spawn(async move {
                    // Shutdown waits for the runs in flight here, as for a replica's own.
                    let _in_flight = crate::shared::InFlight::enter(&shared);
                    // Progress and the outcome leave through one task, in order; an outcome too
                    // large for one NATS message is replaced by a failure that says so.
                    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<Vec<u8>>();
                    let publisher = tokio::spawn(async move {
                        let mut last = None;
                        while let Some(body) = rx.recv().await {
                            let size = body.len();
                            last = client.publish(reply.clone(), body.into()).await.err().map(|e| (size, e));
                        }
                        if let Some((size, e)) = last {
                            let why = format!("the outcome ({size} bytes) could not be sent to the replica: {e}");
                            let failure = Failure::new(ExecutionStatus::AdapterFailed, "WORKER_REPLY_TOO_LARGE", why);
                            let done = Reply::Done { outcome: Box::new(Err(failure)), cpu_ms: 0.0 };
                            if let Ok(body) = serde_json::to_vec(&done) {
                                let _ = client.publish(reply, body.into()).await;
                            }
                        }
                    });
                    let (outcome, cpu) = match request {
                        Ok(r) if !shared.accepting.load(Ordering::SeqCst) => {
                            tokens.remove(&r.key);
                            let why = "the worker is shutting down and did not start the run";
                            (Err(Failure::new(ExecutionStatus::AdapterFailed, NOT_STARTED, why)), Duration::ZERO)
                        }
                        Ok(request) => take_run(&shared, tx.clone(), &tokens, request, token).await,
                        Err(e) => (Err(Failure::new(ExecutionStatus::InvalidRequest, "WORKER_REQUEST_MALFORMED", e.to_string())), Duration::ZERO),
                    };
                    match serde_json::to_vec(&Reply::Done { outcome: Box::new(outcome), cpu_ms: cpu.as_secs_f64() * 1e3 }) {
                        Ok(body) => { let _ = tx.send(body); }
                        Err(e) => tracing::error!(error = %e, "a run's outcome could not be encoded"),
                    }
                    drop(tx);
                    let _ = publisher.await;
                });
            }
            m = cancels.next() => {
                let Some(m) = m else { break };
                if let Ok(c) = serde_json::from_slice::<CancelRequest>(&m.payload) {
                    match tokens.get(&c.key) {
                        Some(token) => token.cancel(),
                        None => {
                            early.insert(c.key, Instant::now());
                        }
                    }
                }
            }
            m = catalogs.next() => {
                let Some(m) = m else { break };
                if let Some(reply) = m.reply {
                    let _ = client.publish(reply, ids.clone().into()).await;
                }
            }
        }
    }
    let _ = client.flush().await;
    Ok(())
}

/// Admits, prepares and runs one request on this worker, under its deadline and cancellation.
async fn take_run(
    shared: &Arc<Shared>,
    out: tokio::sync::mpsc::UnboundedSender<Vec<u8>>,
    tokens: &Arc<DashMap<String, CancellationToken>>,
    r: RunRequest,
    token: CancellationToken,
) -> (Result<Outcome, Failure>, Duration) {
    let wall = Duration::from_millis(r.wall_ms);
    let deadline = tokio::time::Instant::now() + wall;
    let timer = tokio::spawn({
        let token = token.clone();
        async move {
            tokio::time::sleep_until(deadline).await;
            token.cancel();
        }
    });
    let (key, capability) = (r.key.clone(), r.capability_id.clone());
    crate::metrics::run_started(&capability);
    let began = Instant::now();
    let (mut result, cpu) = run_here(shared, out, r, token, std::time::Instant::now() + wall).await;
    timer.abort();
    tokens.remove(&key);
    // Stopped by this worker's own shutdown, not by the replica: say so.
    if let Err(f) = &mut result
        && f.code == "CANCELLED"
        && shared.root_cancel.is_cancelled()
    {
        *f =
            Failure::new(ExecutionStatus::AdapterFailed, "WORKER_SHUTTING_DOWN", "the worker shut down during the run");
    }
    let status = result.as_ref().map_or_else(|f| f.status, |_| ExecutionStatus::Succeeded);
    crate::metrics::run_finished(&capability, status, began.elapsed());
    (result, cpu)
}

async fn run_here(
    shared: &Arc<Shared>,
    out: tokio::sync::mpsc::UnboundedSender<Vec<u8>>,
    r: RunRequest,
    token: CancellationToken,
    deadline: std::time::Instant,
) -> (Result<Outcome, Failure>, Duration) {
    let refused = |f: Failure| (Err(f), Duration::ZERO);
    let tenant_id = match TenantId::new(&r.tenant) {
        Ok(t) => t,
        Err(e) => return refused(Failure::new(ExecutionStatus::InvalidRequest, "TENANT_UNAVAILABLE", e.to_string())),
    };
    let tenant = match shared.tenants.get(&tenant_id) {
        Ok(t) => t,
        Err(e) => return refused(Failure::new(ExecutionStatus::AdapterFailed, "TENANT_UNAVAILABLE", e.to_string())),
    };
    let Some(installed) = shared.catalog.get(&r.capability_id).cloned() else {
        let why = format!("worker has no capability `{}`", r.capability_id);
        return refused(Failure::new(ExecutionStatus::AdapterFailed, "CAPABILITY_UNAVAILABLE", why));
    };
    let input = match serde_json::from_str::<Value>(r.input.get()) {
        Ok(v) => v,
        Err(e) => {
            return refused(Failure::new(ExecutionStatus::InvalidRequest, "WORKER_REQUEST_MALFORMED", e.to_string()));
        }
    };
    let request = CapabilityRequest::new(r.capability_id.clone(), input).mode(r.mode);
    let cx = PrepareContext { mode: r.mode, artifacts: ArtifactReader::new(Arc::clone(&tenant.store)) };
    let prepared = match installed.prepare(&request, &cx) {
        Ok(p) => p,
        Err(ds) => {
            let why = ds.iter().map(|d| d.message.as_str()).collect::<Vec<_>>().join("; ");
            return refused(Failure::new(ExecutionStatus::InvalidRequest, "INVALID_INPUT", why));
        }
    };
    let ticket = Ticket {
        run_id: Arc::from(r.key.as_str()),
        capability_id: Arc::from(installed.id()),
        tenant: tenant_id,
        cancel: token.clone(),
    };
    let admission = match shared.admissions.admit(ticket) {
        Admit::Now(a) => a,
        Admit::Queued(rx) => tokio::select! {
            a = rx => a.unwrap_or(Admission::Cancelled),
            _ = token.cancelled() => {
                shared.admissions.withdraw(&r.key);
                Admission::Cancelled
            }
        },
    };
    let slot = match admission {
        Admission::Granted(slot) => slot,
        Admission::Refused(status, d) => return refused(Failure::new(status, &d.code, d.message)),
        Admission::Cancelled => {
            return refused(Failure::new(
                ExecutionStatus::Cancelled,
                "CANCELLED",
                "cancelled while queued on the worker",
            ));
        }
    };
    // At most one report per 50 ms crosses the network, and the final one always.
    let progress = crate::episode::throttled(move |progress: Progress| {
        if let Ok(body) = serde_json::to_vec(&Reply::Progress { progress }) {
            let _ = out.send(body);
        }
    });
    let ctx = AdapterContext::new(
        r.episode_id.clone(),
        r.mode,
        deadline,
        token,
        progress,
        ArtifactWriter::new(Arc::clone(&tenant.store), Arc::from(r.episode_id.as_str())).within(r.storage),
    )
    .with_backends(Arc::clone(&shared.backends) as _);
    let id = installed.id().to_owned();
    let ran = tokio::task::spawn_blocking({
        let shared = Arc::clone(shared);
        move || {
            let (outcome, panicked) = capability::invoke(prepared, &ctx);
            drop(slot);
            if let Some(why) = &panicked {
                capability::record_panic(&shared, &id, why);
            }
            outcome
        }
    })
    .await;
    let job = match ran {
        Ok(job) => job,
        Err(e) => return refused(Failure::new(ExecutionStatus::AdapterFailed, "ADAPTER_LOST", e.to_string())),
    };
    let result = job.result.map_err(|f| match f {
        JobFailure::Adapter(e) => {
            let (status, code) = crate::episode::adapter_error_status(&e);
            Failure::new(status, code, e.to_string())
        }
        JobFailure::Panicked(why) => Failure::new(ExecutionStatus::AdapterFailed, "ADAPTER_PANICKED", why),
        JobFailure::Remote { status, code, message } => Failure { status, code, message },
    });
    (result, job.cpu)
}
