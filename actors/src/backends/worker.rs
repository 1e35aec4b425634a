//! One backend worker: the actor that owns one confined child process for its whole life.
//!
//! The worker starts its process, warms it, and lends it to the pool's [`Lender`], from which
//! runs borrow it one at a time. A run hands it back in one of three ways: returned to the
//! lender (the common case, without a message), sent back to be *recovered* after the run was
//! cancelled or timed out (SIGINT, then a fresh frame within the grace, else a kill), or sent
//! back to be *retired* (it may hold a global, its CPU limit is near, or it broke the
//! protocol). A worker that retires its process stops, with the reason its pool acts on.

use std::sync::Arc;
use std::time::{Duration, Instant};

use jacobian_runtime::backend::{BackendKind, Program};
use ractor::{Actor, ActorProcessingErr, ActorRef};

use super::BackendPolicy;
use super::counters;
use super::pool::{Lender, WorkerEnd};
use super::process::{Exchange, Process};

/// How long a new process may take to answer its first frame (GAP loads its library).
const WARM_TIMEOUT: Duration = Duration::from_secs(60);

pub(crate) enum WorkerMsg {
    /// Send the initialisation, read the baseline frame, and lend the process.
    Warm,
    /// A run stopped while the process was computing: bring it back to its prompt or kill it.
    Recover(Process),
    /// The process must not serve again.
    Retire(Process, WorkerEnd),
}

pub(crate) struct Worker;

pub(crate) struct WorkerArgs {
    pub(crate) backend: BackendKind,
    pub(crate) slot: usize,
    pub(crate) executable: std::path::PathBuf,
    pub(crate) policy: BackendPolicy,
    pub(crate) lender: Arc<Lender>,
}

pub(crate) struct WorkerState {
    args: WorkerArgs,
    /// The process while the worker holds it (starting, warming, recovering).
    held: Option<Process>,
}

impl Actor for Worker {
    type Msg = WorkerMsg;
    type State = WorkerState;
    type Arguments = WorkerArgs;

    async fn pre_start(
        &self,
        myself: ActorRef<WorkerMsg>,
        args: WorkerArgs,
    ) -> Result<WorkerState, ActorProcessingErr> {
        let mut process = Process::spawn(args.backend, &args.executable, &args.policy.limits)?;
        process.owner = Some(myself.clone());
        counters::spawned(args.backend);
        myself.cast(WorkerMsg::Warm)?;
        Ok(WorkerState { args, held: Some(process) })
    }

    async fn handle(
        &self,
        myself: ActorRef<WorkerMsg>,
        msg: WorkerMsg,
        st: &mut WorkerState,
    ) -> Result<(), ActorProcessingErr> {
        match msg {
            WorkerMsg::Warm => {
                let Some(mut process) = st.held.take() else { return Ok(()) };
                let warmed = tokio::task::spawn_blocking(move || process.warm(WARM_TIMEOUT).map(|()| process)).await?;
                match warmed {
                    Ok(process) => st.args.lender.give(process),
                    Err(why) => stop(&myself, &st.args, WorkerEnd::Failed(why)),
                }
            }
            WorkerMsg::Recover(process) => {
                let grace = st.args.policy.grace;
                let recovered = tokio::task::spawn_blocking(move || recover(process, grace)).await?;
                match recovered {
                    Some(process) => st.args.lender.give(process),
                    None => {
                        counters::killed(st.args.backend);
                        stop(&myself, &st.args, WorkerEnd::Killed);
                    }
                }
            }
            WorkerMsg::Retire(process, end) => {
                // Dropping the process kills its process group and reaps it.
                tokio::task::spawn_blocking(move || drop(process)).await?;
                stop(&myself, &st.args, end);
            }
        }
        Ok(())
    }

    async fn post_stop(&self, _: ActorRef<WorkerMsg>, st: &mut WorkerState) -> Result<(), ActorProcessingErr> {
        if let Some(process) = st.held.take() {
            let _ = tokio::task::spawn_blocking(move || drop(process)).await;
        }
        Ok(())
    }
}

fn stop(myself: &ActorRef<WorkerMsg>, args: &WorkerArgs, end: WorkerEnd) {
    if let WorkerEnd::Failed(why) = &end {
        tracing::warn!(backend = args.backend.name(), slot = args.slot, %why, "backend worker failed");
    }
    myself.stop(Some(end.reason()));
}

/// After a stopped run: SIGINT where the backend returns to its prompt on it, then an empty
/// program whose clean frame (with the baseline global count) proves the prompt is back, all
/// within `grace`. `None`: the process is killed (by dropping it).
fn recover(process: Process, grace: Duration) -> Option<Process> {
    let mut process = process;
    if !process.dialect.interruptible {
        return None;
    }
    counters::interrupted(process.backend);
    process.interrupt();
    let probe = Program::new(process.backend);
    match process.exchange(&probe, Instant::now() + grace, None, true) {
        Exchange::Frame(frame) if frame.status.is_ok() && frame.globals == process.baseline => {
            process.clear_scratch();
            Some(process)
        }
        _ => None,
    }
}
