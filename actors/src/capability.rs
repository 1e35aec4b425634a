//! Running adapters: on the episode's own thread, or through one actor per capability.
//!
//! An adapter's `execute` always runs inside `catch_unwind`: a panic fails that run only
//! (ADAPTER_FAILED) and counts against the capability's health. A small job
//! ([`Placement::Inline`]) runs on the episode's task. A job that may block runs, on a
//! multi-threaded runtime, on the episode's own thread turned into a blocking one
//! ([`execute_here`]); on a single-threaded runtime, the capability's actor starts it on tokio's
//! blocking pool, at most as many at once as the capability's limit. Either way the thread's end,
//! not the episode's answer, releases the run's slot, so an adapter that ignores cancellation
//! keeps its slot until it really stops, and is counted as an overrun.

use std::collections::VecDeque;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, Placement, PreparedRun};
use ractor::{Actor, ActorProcessingErr, ActorRef, SupervisionEvent};
use tokio::sync::oneshot;

use crate::checking::panic_text;
use crate::cpu::thread_cpu_time;
use crate::restart::RestartBudget;
use crate::scheduler::SlotGuard;
use crate::shared::Shared;

/// One adapter invocation.
pub(crate) struct Job {
    pub(crate) prepared: Box<dyn PreparedRun>,
    pub(crate) ctx: AdapterContext,
    pub(crate) slot: SlotGuard,
    pub(crate) reply: oneshot::Sender<JobOutcome>,
    /// Set by whichever comes first: the episode giving up on the thread (deadline plus
    /// grace passed), or the thread finishing. The thread that finds it already set has
    /// overrun its run.
    pub(crate) abandoned: Arc<AtomicBool>,
    /// Concludes the run where the adapter ran, when the episode lets it: see [`Conclude`].
    pub(crate) conclude: Option<Conclude>,
}

/// Called on the thread that ran the adapter, with its outcome and the episode's `reply`: either
/// concludes the run and answers its caller there, sparing a switch to the episode's task (and
/// drops `reply`, which lets the episode's task end), or, when the episode claimed the run
/// first (at its deadline or on a cancellation), sends the outcome on `reply` for the episode
/// to conclude.
pub(crate) type Conclude = Box<dyn FnOnce(JobOutcome, oneshot::Sender<JobOutcome>) + Send>;

/// Delivers an adapter's outcome: concluded where it is when the job allows, else sent to the
/// episode.
pub(crate) fn deliver(outcome: JobOutcome, conclude: Option<Conclude>, reply: oneshot::Sender<JobOutcome>) {
    match conclude {
        Some(conclude) => conclude(outcome, reply),
        None => {
            let _ = reply.send(outcome);
        }
    }
}

/// What the adapter's thread reports.
pub(crate) struct JobOutcome {
    pub(crate) result: Result<Outcome, JobFailure>,
    pub(crate) cpu: Duration,
}

pub(crate) enum JobFailure {
    Adapter(AdapterError),
    Panicked(String),
    /// A worker node could not answer (lost, refused, or answered malformed), with the status
    /// and code to report.
    Remote {
        status: jacobian_runtime::ExecutionStatus,
        code: String,
        message: String,
    },
}

pub(crate) enum CapabilityMsg {
    Execute(Job),
    Finished { panicked: Option<String> },
}

pub(crate) struct CapabilityActor;

pub(crate) struct CapabilityState {
    id: String,
    shared: Arc<Shared>,
    /// Most invocations running at once on blocking threads.
    max_running: usize,
    running: usize,
    waiting: VecDeque<Job>,
}

impl Actor for CapabilityActor {
    type Msg = CapabilityMsg;
    type State = CapabilityState;
    type Arguments = (String, Arc<Shared>);

    async fn pre_start(
        &self,
        _: ActorRef<CapabilityMsg>,
        (id, shared): (String, Arc<Shared>),
    ) -> Result<CapabilityState, ActorProcessingErr> {
        // Admission already bounds concurrency per capability; this bound is a second guard
        // that does not rest on the scheduler's books.
        let limits = &shared.limits;
        let max_running = if limits.per_capability > 0 { limits.per_capability } else { limits.concurrency.max(1) };
        Ok(CapabilityState { id, shared, max_running, running: 0, waiting: VecDeque::new() })
    }

    async fn handle(
        &self,
        myself: ActorRef<CapabilityMsg>,
        msg: CapabilityMsg,
        st: &mut CapabilityState,
    ) -> Result<(), ActorProcessingErr> {
        match msg {
            CapabilityMsg::Execute(job) => {
                st.waiting.push_back(job);
            }
            CapabilityMsg::Finished { panicked } => {
                st.running = st.running.saturating_sub(1);
                if let Some(why) = panicked {
                    record_panic(&st.shared, &st.id, &why);
                }
            }
        }
        while st.running < st.max_running {
            let Some(job) = st.waiting.pop_front() else { break };
            if job.prepared.placement() == Placement::Inline {
                let Job { prepared, ctx, slot, reply, abandoned, conclude } = job;
                let (outcome, panicked) = invoke(prepared, &ctx);
                abandoned.store(true, Ordering::SeqCst);
                drop(slot);
                deliver(outcome, conclude, reply);
                if let Some(why) = panicked {
                    record_panic(&st.shared, &st.id, &why);
                }
                continue;
            }
            st.running += 1;
            start(&st.id, &st.shared, job, myself.clone());
        }
        Ok(())
    }
}

/// Runs the adapter under `catch_unwind`, timing its CPU use. Returns the panic text, if any.
pub(crate) fn invoke(prepared: Box<dyn PreparedRun>, ctx: &AdapterContext) -> (JobOutcome, Option<String>) {
    let cpu_start = thread_cpu_time();
    let result = match catch_unwind(AssertUnwindSafe(|| prepared.execute(ctx))) {
        Ok(Ok(outcome)) => Ok(outcome),
        Ok(Err(e)) => Err(JobFailure::Adapter(e)),
        Err(panic) => Err(JobFailure::Panicked(panic_text(&panic))),
    };
    let cpu = thread_cpu_time().saturating_sub(cpu_start);
    let panicked = match &result {
        Err(JobFailure::Panicked(why)) => Some(why.clone()),
        _ => None,
    };
    (JobOutcome { result, cpu }, panicked)
}

pub(crate) fn record_panic(shared: &Shared, id: &str, why: &str) {
    crate::metrics::panic(id);
    if shared.health.record_failure(id, why) {
        tracing::error!(capability = %id, "capability marked unhealthy after repeated failures");
    }
}

fn start(id: &str, shared: &Arc<Shared>, job: Job, myself: ActorRef<CapabilityMsg>) {
    let shared = Arc::clone(shared);
    let id = id.to_owned();
    tokio::task::spawn_blocking(move || {
        let panicked = execute(&id, &shared, job);
        // The actor is told after the run is answered: waking its task costs this thread a
        // system call that would otherwise delay the answer.
        let _ = myself.cast(CapabilityMsg::Finished { panicked });
    });
}

/// Runs a job on the calling thread, which may block: the adapter under `catch_unwind`, the
/// overrun books, the slot released, the outcome delivered. Returns the panic text, if any.
pub(crate) fn execute(id: &str, shared: &Shared, job: Job) -> Option<String> {
    let Job { prepared, ctx, slot, reply, abandoned, conclude } = job;
    let (outcome, panicked) = invoke(prepared, &ctx);
    if abandoned.swap(true, Ordering::SeqCst) {
        shared.health.past_deadline(id, -1);
        crate::metrics::overrun(id);
        shared.health.record_overrun(id);
    }
    // The slot is released only now that the thread is done with the adapter, and after the
    // health board has seen an overrun.
    drop(slot);
    deliver(outcome, conclude, reply);
    panicked
}

/// Runs a small job ([`Placement::Inline`]) on the episode's task, recording a panic as the
/// capability actor would.
pub(crate) fn execute_inline(id: &str, shared: &Shared, job: Job) {
    if let Some(why) = execute(id, shared, job) {
        record_panic(shared, id, &why);
    }
}

/// Runs a job on the episode's own thread, handed over to blocking work with `block_in_place`
/// (the runtime moves this worker's other tasks to another thread meanwhile), and records a
/// panic as the capability actor would. The episode's deadline and cancellation are watched by
/// a task of their own. This spares the two thread switches of a hop to a blocking thread and
/// back, which is most of a short backend run's cost.
pub(crate) fn execute_here(id: &str, shared: &Shared, job: Job) {
    if let Some(why) = tokio::task::block_in_place(|| execute(id, shared, job)) {
        record_panic(shared, id, &why);
    }
}

/// Supervises the capability actors: restarts a failed one within its budget, and marks a
/// capability unhealthy when its actor keeps failing.
pub(crate) struct CapabilitySupervisor;

pub(crate) struct CapabilitySupState {
    shared: Arc<Shared>,
    restarts: std::collections::HashMap<String, RestartBudget>,
}

impl Actor for CapabilitySupervisor {
    type Msg = ();
    type State = CapabilitySupState;
    type Arguments = Arc<Shared>;

    async fn pre_start(
        &self,
        myself: ActorRef<()>,
        shared: Arc<Shared>,
    ) -> Result<CapabilitySupState, ActorProcessingErr> {
        for installed in shared.catalog.entries() {
            let id = installed.id().to_owned();
            let (actor, _) =
                Actor::spawn_linked(None, CapabilityActor, (id.clone(), Arc::clone(&shared)), myself.get_cell())
                    .await?;
            shared.capabilities.insert(id, actor);
        }
        Ok(CapabilitySupState { shared, restarts: Default::default() })
    }

    async fn handle_supervisor_evt(
        &self,
        myself: ActorRef<()>,
        event: SupervisionEvent,
        st: &mut CapabilitySupState,
    ) -> Result<(), ActorProcessingErr> {
        let (cell, why) = match event {
            SupervisionEvent::ActorFailed(cell, err) => (cell, err.to_string()),
            SupervisionEvent::ActorTerminated(cell, _, reason) => (cell, reason.unwrap_or_else(|| "stopped".into())),
            _ => return Ok(()),
        };
        let Some(id) =
            st.shared.capabilities.iter().find(|e| e.value().get_id() == cell.get_id()).map(|e| e.key().clone())
        else {
            return Ok(());
        };
        st.shared.capabilities.remove(&id);
        st.shared.health.record_failure(&id, &format!("capability actor stopped: {why}"));
        let budget = st.restarts.entry(id.clone()).or_insert_with(RestartBudget::core);
        if budget.allow() {
            let (actor, _) =
                Actor::spawn_linked(None, CapabilityActor, (id.clone(), Arc::clone(&st.shared)), myself.get_cell())
                    .await?;
            st.shared.capabilities.insert(id, actor);
        } else {
            tracing::error!(capability = %id, "capability actor exceeded its restart limit; it stays down");
        }
        Ok(())
    }
}
