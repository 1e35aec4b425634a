//! One pool per backend: N warm workers, a FIFO of waiting programs, and the supervision that
//! replaces a worker that stopped.
//!
//! A worker ends for one of three reasons, carried in its stop reason: it was *recycled* (it
//! may hold a global: replaced at once, not a fault), *killed* (it did not come back from an
//! interrupt within the grace: replaced at once, not a fault of the backend), or it *failed*
//! (crashed, hung at start, printed garbage). Failures count against a restart intensity;
//! past it the circuit opens: waiting and new programs fail at once with the last failure as
//! the diagnostic, and after a cool-down one worker is tried again.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::time::Duration;

use jacobian_runtime::adapter::AdapterError;
use jacobian_runtime::backend::BackendKind;
use ractor::{Actor, ActorId, ActorProcessingErr, ActorRef, RpcReplyPort, SupervisionEvent};

use super::worker::{Call, Worker, WorkerArgs, WorkerMsg};
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

pub(crate) enum PoolMsg {
    Submit(Call),
    /// A worker is ready for the next program.
    Idle(usize, ActorId),
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
}

struct Slot {
    worker: Option<ActorRef<WorkerMsg>>,
    /// Serving a program, or starting.
    busy: bool,
}

pub(crate) struct PoolState {
    args: PoolArgs,
    slots: Vec<Slot>,
    queue: VecDeque<Call>,
    failures: RestartBudget,
    /// Set while the circuit is open: the last failure.
    open: Option<String>,
    /// Whether the workers were started (at once when eager, else on the first program).
    started: bool,
    stats: PoolStats,
}

/// Worker failures tolerated within the window before the circuit opens: a backend that
/// cannot stay up for ten seconds is broken, and respawning it in a loop would hide that.
const FAILURES: usize = 5;
const FAILURE_WINDOW: Duration = Duration::from_secs(10);
/// How long an open circuit refuses before one worker is tried again.
const COOL_DOWN: Duration = Duration::from_secs(5);
/// Pause before starting again a worker whose start failed.
const RESPAWN_DELAY: Duration = Duration::from_millis(200);

impl Actor for Pool {
    type Msg = PoolMsg;
    type State = PoolState;
    type Arguments = PoolArgs;

    async fn pre_start(&self, myself: ActorRef<PoolMsg>, args: PoolArgs) -> Result<PoolState, ActorProcessingErr> {
        let n = args.policy.workers.max(1);
        let mut st = PoolState {
            slots: (0..n).map(|_| Slot { worker: None, busy: true }).collect(),
            queue: VecDeque::new(),
            failures: RestartBudget::new(FAILURES, FAILURE_WINDOW),
            open: None,
            started: args.policy.eager,
            stats: PoolStats { backend: Some(args.backend), workers: n, ..PoolStats::default() },
            args,
        };
        if st.started {
            for slot in 0..n {
                spawn(&myself, &mut st, slot).await;
            }
        }
        Ok(st)
    }

    async fn handle(&self, myself: ActorRef<PoolMsg>, msg: PoolMsg, st: &mut PoolState) -> Result<(), ActorProcessingErr> {
        match msg {
            PoolMsg::Submit(call) => {
                if let Some(why) = &st.open {
                    let _ = call.reply.send(Err(unavailable(st.args.backend, why)));
                } else {
                    st.queue.push_back(call);
                    if !st.started {
                        st.started = true;
                        for slot in 0..st.slots.len() {
                            spawn(&myself, st, slot).await;
                        }
                    }
                }
            }
            PoolMsg::Idle(slot, id) => {
                if let Some(s) = st.slots.get_mut(slot).filter(|s| s.worker.as_ref().is_some_and(|w| w.get_id() == id)) {
                    s.busy = false;
                }
            }
            PoolMsg::Reopen => {
                st.open = None;
                for slot in 0..st.slots.len() {
                    if st.slots[slot].worker.is_none() {
                        spawn(&myself, st, slot).await;
                    }
                }
            }
            PoolMsg::Respawn(slot) => {
                if st.open.is_none() && st.slots.get(slot).is_some_and(|s| s.worker.is_none()) {
                    spawn(&myself, st, slot).await;
                }
            }
            PoolMsg::Stats(reply) => {
                let _ = reply.send(snapshot(st));
            }
        }
        dispatch(st);
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
        let Some(slot) = st.slots.iter().position(|s| s.worker.as_ref().is_some_and(|w| w.get_id() == cell.get_id()))
        else {
            return Ok(());
        };
        st.slots[slot] = Slot { worker: None, busy: true };
        match end {
            WorkerEnd::Recycled => st.stats.recycled += 1,
            WorkerEnd::Killed => {}
            WorkerEnd::Failed(why) => {
                st.stats.restarts += 1;
                counters::restarted(st.args.backend);
                if !st.failures.allow() {
                    open_circuit(&myself, st, format!("it keeps failing (last: {why})"));
                    return Ok(());
                }
            }
        }
        if st.open.is_none() {
            spawn(&myself, st, slot).await;
        }
        dispatch(st);
        Ok(())
    }

    async fn post_stop(&self, _: ActorRef<PoolMsg>, st: &mut PoolState) -> Result<(), ActorProcessingErr> {
        for call in st.queue.drain(..) {
            let _ = call.reply.send(Err(AdapterError::Backend(format!("the {} pool stopped", st.args.backend))));
        }
        Ok(())
    }
}

/// Refuses everything waiting and everything new until the cool-down is over.
fn open_circuit(myself: &ActorRef<PoolMsg>, st: &mut PoolState, why: String) {
    tracing::error!(backend = st.args.backend.name(), %why, "backend pool paused");
    for call in st.queue.drain(..) {
        let _ = call.reply.send(Err(unavailable(st.args.backend, &why)));
    }
    st.open = Some(why);
    later(myself, PoolMsg::Reopen, COOL_DOWN);
}

fn later(myself: &ActorRef<PoolMsg>, msg: PoolMsg, wait: Duration) {
    let me = myself.clone();
    tokio::spawn(async move {
        tokio::time::sleep(wait).await;
        let _ = me.cast(msg);
    });
}

fn unavailable(backend: BackendKind, why: &str) -> AdapterError {
    AdapterError::Backend(format!("{backend} is unavailable: {why}"))
}

async fn spawn(myself: &ActorRef<PoolMsg>, st: &mut PoolState, slot: usize) {
    let args = WorkerArgs {
        backend: st.args.backend,
        slot,
        executable: st.args.executable.clone(),
        policy: st.args.policy.clone(),
        pool: myself.clone(),
    };
    match Actor::spawn_linked(None, Worker, args, myself.get_cell()).await {
        Ok((worker, _)) => st.slots[slot] = Slot { worker: Some(worker), busy: true },
        Err(e) => {
            // A worker that cannot even start (no launcher, no executable) is a failure like
            // any other; the supervision event will not come, so count it here.
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

/// Hands waiting programs to idle workers, oldest first, dropping those whose run already
/// stopped.
fn dispatch(st: &mut PoolState) {
    while let Some(slot) = st.slots.iter().position(|s| !s.busy && s.worker.is_some()) {
        let Some(call) = st.queue.pop_front() else { break };
        if call.cancel.is_cancelled() || tokio::time::Instant::now() >= call.deadline {
            let _ = call.reply.send(Err(if call.cancel.is_cancelled() && tokio::time::Instant::now() < call.deadline {
                AdapterError::Cancelled
            } else {
                AdapterError::DeadlineExceeded
            }));
            continue;
        }
        let Some(worker) = st.slots[slot].worker.clone() else { break };
        match worker.cast(WorkerMsg::Run(call)) {
            Ok(()) => {
                st.slots[slot].busy = true;
                st.stats.served += 1;
            }
            Err(ractor::MessagingErr::SendErr(WorkerMsg::Run(call))) => {
                // The worker is stopping; its supervision event will replace it.
                st.slots[slot].busy = true;
                st.queue.push_front(call);
            }
            Err(_) => st.slots[slot].busy = true,
        }
    }
    let busy = st.slots.iter().filter(|s| s.busy).count();
    counters::gauges(st.args.backend, st.slots.len(), busy, st.queue.len());
}

fn snapshot(st: &PoolState) -> PoolStats {
    PoolStats {
        busy: st.slots.iter().filter(|s| s.busy).count(),
        ready: st.slots.iter().filter(|s| !s.busy && s.worker.is_some()).count(),
        queued: st.queue.len(),
        circuit_open: st.open.is_some(),
        ..st.stats.clone()
    }
}
