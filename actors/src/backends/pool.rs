//! One pool per backend: the [`Lender`] that runs borrow warm processes from, and the [`Pool`]
//! actor that supervises the workers owning them.
//!
//! Runs wait for a process in FIFO order, each on its own blocking thread, and give up as soon
//! as their run is cancelled or its deadline passes. A worker ends for one of three reasons,
//! carried in its stop reason: its process was *recycled* (it may hold a global, or its CPU
//! limit is near: replaced at once, not a fault), *killed* (it did not come back from an
//! interrupt within the grace: replaced at once, not a fault of the backend), or it *failed*
//! (crashed, hung at start, printed garbage). Failures count against a restart intensity;
//! past it the circuit opens: waiting and new runs fail at once with the last failure as the
//! diagnostic, and after a cool-down the workers are tried again.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use jacobian_runtime::adapter::AdapterError;
use jacobian_runtime::backend::BackendKind;
use ractor::{Actor, ActorProcessingErr, ActorRef, RpcReplyPort, SupervisionEvent};
use tokio_util::sync::CancellationToken;

use super::process::Process;
use super::worker::{Worker, WorkerArgs};
use super::{BackendPolicy, PoolStats, counters};
use crate::restart::RestartBudget;

/// Why a worker stopped, as its stop reason.
pub(crate) enum WorkerEnd {
    Recycled,
    Killed,
    Failed(String),
}

impl WorkerEnd {
    pub(crate) fn reason(&self) -> String {
        match self {
            WorkerEnd::Recycled => "recycled".into(),
            WorkerEnd::Killed => "killed".into(),
            WorkerEnd::Failed(why) => format!("failed: {why}"),
        }
    }

    fn parse(reason: Option<&str>) -> WorkerEnd {
        match reason {
            Some("recycled") => WorkerEnd::Recycled,
            Some("killed") => WorkerEnd::Killed,
            Some(other) => WorkerEnd::Failed(other.trim_start_matches("failed: ").to_owned()),
            None => WorkerEnd::Failed("stopped without a reason".into()),
        }
    }
}

/// How long a waiting run sleeps before it looks at its cancellation again.
const SLICE: Duration = Duration::from_millis(5);

/// The warm processes of one backend, lent to one run at a time.
pub(crate) struct Lender {
    backend: BackendKind,
    workers: usize,
    state: Mutex<Shelf>,
    returned: Condvar,
    /// Set once the workers were asked to start (at once when eager, else on first use).
    started: AtomicBool,
    served: AtomicU64,
}

struct Shelf {
    idle: Vec<Process>,
    /// Tickets of the runs waiting, oldest first.
    waiting: VecDeque<u64>,
    next_ticket: u64,
    /// Set while the circuit is open: why.
    open: Option<String>,
}

impl Lender {
    pub(crate) fn new(backend: BackendKind, workers: usize, started: bool) -> Self {
        Lender {
            backend,
            workers,
            state: Mutex::new(Shelf { idle: vec![], waiting: VecDeque::new(), next_ticket: 0, open: None }),
            returned: Condvar::new(),
            started: AtomicBool::new(started),
            served: AtomicU64::new(0),
        }
    }

    fn shelf(&self) -> MutexGuard<'_, Shelf> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// True the first time it is called on a lazy pool: the caller then starts the workers.
    pub(crate) fn first_use(&self) -> bool {
        !self.started.swap(true, Ordering::SeqCst)
    }

    /// Waits, first come first served, for a warm process, until `deadline` or `cancel`.
    pub(crate) fn borrow(&self, deadline: Instant, cancel: &CancellationToken) -> Result<Process, AdapterError> {
        let backend = self.backend;
        let mut shelf = self.shelf();
        let ticket = shelf.next_ticket;
        shelf.next_ticket += 1;
        shelf.waiting.push_back(ticket);
        loop {
            if let Some(why) = &shelf.open {
                let error = unavailable(backend, why);
                shelf.waiting.retain(|t| *t != ticket);
                return Err(error);
            }
            if shelf.waiting.front() == Some(&ticket)
                && let Some(process) = shelf.idle.pop()
            {
                shelf.waiting.pop_front();
                let (idle, waiting) = (shelf.idle.len(), shelf.waiting.len());
                drop(shelf);
                // The next in line may find another idle process. A run that waits has put its
                // ticket in line under the lock, so with nobody in line nobody needs waking.
                if waiting > 0 {
                    self.returned.notify_all();
                }
                self.served.fetch_add(1, Ordering::Relaxed);
                counters::shelf(backend, self.workers, idle, waiting);
                return Ok(process);
            }
            let now = Instant::now();
            let stop = if now >= deadline {
                Some(AdapterError::DeadlineExceeded)
            } else if cancel.is_cancelled() {
                Some(AdapterError::Cancelled)
            } else {
                None
            };
            if let Some(stop) = stop {
                shelf.waiting.retain(|t| *t != ticket);
                drop(shelf);
                self.returned.notify_all();
                return Err(stop);
            }
            shelf = self.returned.wait_timeout(shelf, (deadline - now).min(SLICE)).unwrap_or_else(|p| p.into_inner()).0;
        }
    }

    /// Puts a warm process back on the shelf.
    pub(crate) fn give(&self, process: Process) {
        let mut shelf = self.shelf();
        shelf.idle.push(process);
        let waiting = shelf.waiting.len();
        counters::shelf(self.backend, self.workers, shelf.idle.len(), waiting);
        drop(shelf);
        if waiting > 0 {
            self.returned.notify_all();
        }
    }

    fn open(&self, why: &str) {
        let idle = {
            let mut shelf = self.shelf();
            shelf.open = Some(why.to_owned());
            std::mem::take(&mut shelf.idle)
        };
        self.returned.notify_all();
        drop(idle);
    }

    fn close(&self) {
        self.shelf().open = None;
    }

    /// Takes every idle process (to drop them at shutdown).
    fn drain(&self) -> Vec<Process> {
        std::mem::take(&mut self.shelf().idle)
    }
}

fn unavailable(backend: BackendKind, why: &str) -> AdapterError {
    AdapterError::Backend(format!("{backend} is unavailable: {why}"))
}

pub(crate) enum PoolMsg {
    /// Start the workers: on a lazy pool's first program, or at once after an eager pool starts.
    Start,
    /// The cool-down after the circuit opened is over.
    Reopen,
    /// Try again to start the worker of a slot whose start failed.
    Respawn(usize),
    Stats(RpcReplyPort<PoolStats>),
}

pub(crate) struct Pool;

pub(crate) struct PoolArgs {
    pub(crate) backend: BackendKind,
    pub(crate) executable: PathBuf,
    pub(crate) policy: BackendPolicy,
    pub(crate) lender: Arc<Lender>,
}

pub(crate) struct PoolState {
    args: PoolArgs,
    /// The worker of each slot, when one is running.
    slots: Vec<Option<ActorRef<super::worker::WorkerMsg>>>,
    failures: RestartBudget,
    open: bool,
    stats: PoolStats,
}

/// Worker failures tolerated within the window before the circuit opens: a backend that
/// cannot stay up for ten seconds is broken, and respawning it in a loop would hide that.
const FAILURES: usize = 5;
const FAILURE_WINDOW: Duration = Duration::from_secs(10);
/// How long an open circuit refuses before the workers are tried again.
const COOL_DOWN: Duration = Duration::from_secs(5);
/// Pause before starting again a worker whose start failed.
const RESPAWN_DELAY: Duration = Duration::from_millis(200);

impl Actor for Pool {
    type Msg = PoolMsg;
    type State = PoolState;
    type Arguments = PoolArgs;

    async fn pre_start(&self, myself: ActorRef<PoolMsg>, args: PoolArgs) -> Result<PoolState, ActorProcessingErr> {
        let n = args.policy.workers.max(1);
        let st = PoolState {
            slots: vec![None; n],
            failures: RestartBudget::new(FAILURES, FAILURE_WINDOW),
            open: false,
            stats: PoolStats { backend: Some(args.backend), workers: n, ..PoolStats::default() },
            args,
        };
        if st.args.policy.eager {
            st.args.lender.first_use();
            // By a message to itself: the runtime's start does not wait for the processes.
            myself.cast(PoolMsg::Start)?;
        }
        Ok(st)
    }

    async fn handle(
        &self,
        myself: ActorRef<PoolMsg>,
        msg: PoolMsg,
        st: &mut PoolState,
    ) -> Result<(), ActorProcessingErr> {
        match msg {
            PoolMsg::Start => start_all(&myself, st).await,
            PoolMsg::Reopen => {
                st.open = false;
                st.args.lender.close();
                start_all(&myself, st).await;
            }
            PoolMsg::Respawn(slot) => {
                if !st.open && st.slots.get(slot).is_some_and(Option::is_none) {
                    spawn(&myself, st, slot).await;
                }
            }
            PoolMsg::Stats(reply) => {
                let (ready, queued) = {
                    let shelf = st.args.lender.shelf();
                    (shelf.idle.len(), shelf.waiting.len())
                };
                let served = st.args.lender.served.load(Ordering::Relaxed);
                let stats = PoolStats {
                    ready,
                    busy: st.slots.len().saturating_sub(ready),
                    queued,
                    served,
                    circuit_open: st.open,
                    ..st.stats.clone()
                };
                let _ = reply.send(stats);
            }
        }
        Ok(())
    }

    async fn handle_supervisor_evt(
        &self,
        myself: ActorRef<PoolMsg>,
        event: SupervisionEvent,
        st: &mut PoolState,
    ) -> Result<(), ActorProcessingErr> {
        let (cell, end) = match event {
            SupervisionEvent::ActorFailed(cell, err) => (cell, WorkerEnd::Failed(err.to_string())),
            SupervisionEvent::ActorTerminated(cell, _, reason) => (cell, WorkerEnd::parse(reason.as_deref())),
            _ => return Ok(()),
        };
        let Some(slot) = st.slots.iter().position(|w| w.as_ref().is_some_and(|w| w.get_id() == cell.get_id())) else {
            return Ok(());
        };
        st.slots[slot] = None;
        match end {
            WorkerEnd::Recycled => st.stats.recycled += 1,
            WorkerEnd::Killed => st.stats.kills += 1,
            WorkerEnd::Failed(why) => {
                st.stats.restarts += 1;
                counters::restarted(st.args.backend);
                if !st.failures.allow() {
                    open_circuit(&myself, st, format!("it keeps failing (last: {why})"));
                    return Ok(());
                }
            }
        }
        if !st.open {
            spawn(&myself, st, slot).await;
        }
        Ok(())
    }

    async fn post_stop(&self, _: ActorRef<PoolMsg>, st: &mut PoolState) -> Result<(), ActorProcessingErr> {
        st.args.lender.open(&format!("the {} pool stopped", st.args.backend));
        let idle = st.args.lender.drain();
        let _ = tokio::task::spawn_blocking(move || drop(idle)).await;
        Ok(())
    }
}

async fn start_all(myself: &ActorRef<PoolMsg>, st: &mut PoolState) {
    for slot in 0..st.slots.len() {
        if st.slots[slot].is_none() {
            spawn(myself, st, slot).await;
        }
    }
}

/// Refuses everything waiting and everything new until the cool-down is over.
fn open_circuit(myself: &ActorRef<PoolMsg>, st: &mut PoolState, why: String) {
    tracing::error!(backend = st.args.backend.name(), %why, "backend pool paused");
    st.open = true;
    st.args.lender.open(&why);
    later(myself, PoolMsg::Reopen, COOL_DOWN);
}

fn later(myself: &ActorRef<PoolMsg>, msg: PoolMsg, wait: Duration) {
    let me = myself.clone();
    tokio::spawn(async move {
        tokio::time::sleep(wait).await;
        let _ = me.cast(msg);
    });
}

async fn spawn(myself: &ActorRef<PoolMsg>, st: &mut PoolState, slot: usize) {
    let args = WorkerArgs {
        backend: st.args.backend,
        slot,
        executable: st.args.executable.clone(),
        policy: st.args.policy.clone(),
        lender: Arc::clone(&st.args.lender),
    };
    match Actor::spawn_linked(None, Worker, args, myself.get_cell()).await {
        Ok((worker, _)) => st.slots[slot] = Some(worker),
        Err(e) => {
            // A worker that cannot even start (no launcher, no executable) is a failure like
            // any other; no supervision event will come for it, so it is counted here.
            tracing::warn!(backend = st.args.backend.name(), error = %e, "backend worker did not start");
            st.stats.restarts += 1;
            if st.failures.allow() {
                later(myself, PoolMsg::Respawn(slot), RESPAWN_DELAY);
            } else {
                open_circuit(myself, st, format!("it could not be started: {e}"));
            }
        }
    }
}
