//! The episode: one task per run, owning its lifecycle, cancellation token and record.
//!
//! Stages: VALIDATION (policy, health, reasoning ids, schema and cross-field rules) →
//! PREFLIGHT (admission to a slot, the adapter's cost checks) → EXECUTION (the capability
//! actor's blocking thread) → CHECKING (VERIFY: an authorized checker, reached through the
//! scheduler) → PERSISTENCE (verification record, binding check, episode record). Every path
//! out of every stage goes through `finish`, which seals the result and appends the episode
//! record before the caller gets anything. When the adapter answers before the deadline and no
//! check is due, its own thread finishes the run and answers the caller, sparing a switch back
//! to the episode's task; the deadline and cancellation are still watched by the task, which
//! then claims the run instead (see `Claim`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use jacobian_runtime::adapter::{
    AdapterContext, AdapterError, ArtifactWriter, Placement, PrepareContext, PreparedRun, Progress, ProgressSink,
    Refusal, RunBudget,
};
use jacobian_runtime::catalog::Installed;
use jacobian_runtime::contract::{Accounting, AssuranceLevel, Obligation, Severity};
use jacobian_runtime::invoke::{RunFrame, from_outcome, non_conclusion, provider_ref};
use jacobian_runtime::verification::{RecordContext, enforce, promote, write_record};
use jacobian_runtime::{
    ArtifactReader, CapabilityRequest, CapabilityResult, Diagnostic, Digest, Evidence, ExecutionStatus, Mode, Stage,
    Verdict,
};
use ractor::ActorRef;
use tokio::sync::mpsc::UnboundedSender;
use tokio::sync::oneshot;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use crate::capability::{self, CapabilityMsg, Conclude, Job, JobFailure, JobOutcome};
use crate::checking::{CheckReply, CheckRequest};
use crate::records::EpisodeRecord;
use crate::scheduler::{Admission, Admissions, Admit, RunId, SchedulerMsg, SlotGuard, Ticket};
use crate::shared::Shared;
use crate::tenants::{Tenant, TenantId};
use crate::workers::RemoteRun;

/// Progress reports are forwarded at most this often (plus the final one).
const PROGRESS_INTERVAL: Duration = Duration::from_millis(50);

/// Everything a run needs.
pub(crate) struct RunSpec {
    pub(crate) shared: Arc<Shared>,
    pub(crate) tenant: TenantId,
    pub(crate) run_id: RunId,
    pub(crate) episode_id: Arc<str>,
    /// Shared with the handle, which answers from it if the episode itself cannot.
    pub(crate) request: Arc<CapabilityRequest>,
    /// Digest of the request, computed once by the handle.
    pub(crate) request_digest: Digest,
    pub(crate) submitted: Instant,
    pub(crate) submitted_unix_ms: u64,
    pub(crate) wall: Duration,
    pub(crate) notes: Vec<Diagnostic>,
    pub(crate) progress: Option<UnboundedSender<Progress>>,
    pub(crate) caller_cancel: Option<CancellationToken>,
}

/// Starts the episode of a run on a task of its own, which sends the result on `reply`.
///
/// The task does not depend on the caller: a caller that stops waiting does not stop the run,
/// which still ends in `finish` and appends its record. The episode's messages go to long-lived
/// actors (the scheduler, the capability actor, the checker tree), so it needs no mailbox of
/// its own. A panic ends the task and drops `reply`, which the caller reports as a failed
/// episode.
pub(crate) fn start(spec: RunSpec, reply: oneshot::Sender<CapabilityResult>) {
    tokio::spawn(Run::new(spec).execute(reply));
}

/// Why waiting stopped early.
enum Interrupt {
    Deadline,
    Cancelled,
}

/// What ends a wait early: the run's deadline, its token, and the caller's token.
#[derive(Clone)]
struct Watch {
    deadline: Instant,
    token: CancellationToken,
    caller: Option<CancellationToken>,
}

impl Watch {
    async fn cancelled(&self) {
        match &self.caller {
            Some(caller) => tokio::select! { _ = self.token.cancelled() => {}, _ = caller.cancelled() => {} },
            None => self.token.cancelled().await,
        }
    }

    /// Awaits `fut` unless the deadline passes or the run is cancelled first.
    async fn wait<T>(&self, fut: impl std::future::Future<Output = T>) -> Result<T, Interrupt> {
        tokio::select! {
            biased;
            v = fut => Ok(v),
            _ = tokio::time::sleep_until(self.deadline) => Err(Interrupt::Deadline),
            _ = self.cancelled() => Err(Interrupt::Cancelled),
        }
    }
}

/// A run in progress.
struct Run {
    spec: RunSpec,
    watch: Watch,
    std_deadline: std::time::Instant,
    frame: RunFrame,
    stage: Stage,
    queue_ms: f64,
    cpu_ms: f64,
    tenant: Option<Arc<Tenant>>,
    reasoning: Option<(String, String)>,
}

type Early = Box<CapabilityResult>;

/// A run admitted to a slot, ready for its adapter.
struct Admitted {
    installed: Arc<Installed>,
    request: Arc<CapabilityRequest>,
    prepared: Box<dyn PreparedRun>,
    slot: SlotGuard,
    scheduler: ActorRef<SchedulerMsg>,
    tenant: Arc<Tenant>,
    reader: ArtifactReader,
}

/// The rest of a run once its adapter has been started: whoever takes it from the [`Claim`]
/// concludes the run and answers the caller.
struct Tail {
    run: Run,
    installed: Arc<Installed>,
    request: Arc<CapabilityRequest>,
    scheduler: ActorRef<SchedulerMsg>,
    tenant: Arc<Tenant>,
    reader: ArtifactReader,
    reply: oneshot::Sender<CapabilityResult>,
}

/// Who concludes a run whose adapter is running: the adapter's thread, when the adapter
/// answers first and no check is due (the result then goes to the caller without another
/// thread switch), or the episode task, when the deadline or a cancellation comes first (it
/// then stops the adapter and answers within the grace). Each side takes the tail
/// under the lock, so exactly one of them answers.
type Claim = Arc<Mutex<Option<Tail>>>;

fn take(claim: &Claim) -> Option<Tail> {
    claim.lock().unwrap_or_else(|p| p.into_inner()).take()
}

impl Run {
    fn new(spec: RunSpec) -> Self {
        let watch = Watch {
            deadline: spec.submitted + spec.wall,
            token: spec.shared.root_cancel.child_token(),
            caller: spec.caller_cancel.clone(),
        };
        let std_deadline = std::time::Instant::now() + watch.deadline.saturating_duration_since(Instant::now());
        let frame = RunFrame {
            episode_id: spec.episode_id.to_string(),
            request_digest: spec.request_digest,
            policy_digest: spec.shared.policy_digest,
            accounting: Accounting::default(),
        };
        Run {
            spec,
            watch,
            std_deadline,
            frame,
            stage: Stage::Validation,
            queue_ms: 0.0,
            cpu_ms: 0.0,
            tenant: None,
            reasoning: None,
        }
    }

    /// A non-conclusion at the current stage.
    fn stop(&self, status: ExecutionStatus, diagnostics: Vec<Diagnostic>) -> Early {
        let provider = self.spec.shared.catalog.get(&self.spec.request.capability_id).map(|i| provider_ref(i));
        Box::new(non_conclusion(
            &self.spec.request.capability_id,
            self.spec.request.mode,
            provider,
            status,
            self.stage,
            diagnostics,
            &self.frame,
        ))
    }

    /// Awaits `fut` unless the deadline passes or the run is cancelled first.
    async fn wait<T>(&self, fut: impl std::future::Future<Output = T>) -> Result<T, Interrupt> {
        self.watch.wait(fut).await
    }

    fn interrupted(&self, why: Interrupt, during: &str) -> Early {
        match why {
            Interrupt::Deadline => self.stop(
                ExecutionStatus::TimedOut,
                vec![Diagnostic::error(
                    "DEADLINE_EXCEEDED",
                    format!("the {} ms budget ran out {during}", self.spec.wall.as_millis()),
                )],
            ),
            Interrupt::Cancelled => self.stop(
                ExecutionStatus::Cancelled,
                vec![Diagnostic::error("CANCELLED", format!("the run was cancelled {during}"))],
            ),
        }
    }

    /// Runs every stage and answers `reply`, from this task or from the adapter's thread.
    async fn execute(mut self, reply: oneshot::Sender<CapabilityResult>) {
        crate::metrics::run_started(&self.spec.request.capability_id);
        match self.admit().await {
            Ok(admitted) => self.run_adapter(admitted, reply).await,
            Err(early) => {
                let _ = reply.send(self.finish(*early));
            }
        }
    }

    /// VALIDATION and PREFLIGHT, up to a granted slot.
    async fn admit(&mut self) -> Result<Admitted, Early> {
        let shared = Arc::clone(&self.spec.shared);
        let request = Arc::clone(&self.spec.request);

        // VALIDATION
        let installed = match shared.catalog.get(&request.capability_id) {
            Some(i) => Arc::clone(i),
            None => {
                return Err(self.stop(
                    ExecutionStatus::InvalidRequest,
                    vec![Diagnostic::at(
                        "/capability_id",
                        "UNKNOWN_CAPABILITY",
                        format!("no capability `{}` is installed; find one with math.find", request.capability_id),
                    )],
                ));
            }
        };
        if let Some(d) = shared.profile.denies(&installed.descriptor, request.mode) {
            return Err(self.stop(ExecutionStatus::PolicyDenied, vec![d]));
        }
        let tenant = shared.tenants.get(&self.spec.tenant).map_err(|e| {
            self.stop(ExecutionStatus::AdapterFailed, vec![Diagnostic::error("TENANT_UNAVAILABLE", e.to_string())])
        })?;
        self.tenant = Some(Arc::clone(&tenant));
        if let Some(why) = tenant.cpu.refusal() {
            return Err(self.stop(ExecutionStatus::BudgetExceeded, vec![Diagnostic::error("QUOTA_EXCEEDED", why)]));
        }
        if let Some(why) = shared.out_of_service(installed.id()) {
            return Err(self.stop(
                ExecutionStatus::AdapterFailed,
                vec![Diagnostic::at(
                    "/capability_id",
                    "CAPABILITY_UNHEALTHY",
                    format!("{} is out of service: {why}", installed.id()),
                )],
            ));
        }
        self.reasoning =
            tenant.reasoning.admit(&request).map_err(|ds| self.stop(ExecutionStatus::InvalidRequest, ds))?;
        let reader = ArtifactReader::new(Arc::clone(&tenant.store));
        let cx = PrepareContext { mode: request.mode, artifacts: reader.clone() };
        let prepared = installed.prepare(&request, &cx).map_err(|ds| self.stop(ExecutionStatus::InvalidRequest, ds))?;

        // PREFLIGHT
        self.stage = Stage::Preflight;
        let Some(scheduler) = shared.scheduler.get() else {
            return Err(self.stop(
                ExecutionStatus::BudgetExceeded,
                vec![Diagnostic::error("SCHEDULER_UNAVAILABLE", "the scheduler is restarting; retry")],
            ));
        };
        let ticket = Ticket {
            run_id: Arc::clone(&self.spec.run_id),
            capability_id: Arc::from(installed.id()),
            tenant: self.spec.tenant.clone(),
            cancel: self.watch.token.clone(),
        };
        let admission = match shared.admissions.admit(ticket) {
            Admit::Now(admission) => Ok(admission),
            Admit::Queued(rx) => match self.wait(rx).await {
                Ok(Ok(admission)) => Ok(admission),
                // The books dropped the sender without an answer: they never do.
                Ok(Err(_)) => Ok(Admission::Cancelled),
                Err(why) => {
                    shared.admissions.withdraw(&self.spec.run_id);
                    Err(why)
                }
            },
        };
        self.queue_ms = self.spec.submitted.elapsed().as_secs_f64() * 1e3;
        let slot: SlotGuard = match admission {
            Ok(Admission::Granted(slot)) => slot,
            Ok(Admission::Refused(status, d)) => return Err(self.stop(status, vec![d])),
            Ok(Admission::Cancelled) => return Err(self.interrupted(Interrupt::Cancelled, "while queued")),
            Err(why) => return Err(self.interrupted(why, "while waiting for an execution slot")),
        };
        if let Err(refusal) =
            prepared.preflight(&RunBudget { wall: self.watch.deadline.saturating_duration_since(Instant::now()) })
        {
            return Err(match refusal {
                Refusal::Unsupported(d) => self.stop(ExecutionStatus::Unsupported, vec![in_input(d)]),
                Refusal::OverBudget(d) => self.stop(ExecutionStatus::BudgetExceeded, vec![in_input(d)]),
            });
        }
        Ok(Admitted { installed, request, prepared, slot, scheduler, tenant, reader })
    }

    /// EXECUTION, then the rest of the run from whichever side concludes it (see [`Claim`]).
    ///
    /// A small job ([`Placement::Inline`]) runs on this task. A job that may block runs on this
    /// task's own thread when the runtime has worker threads to spare
    /// ([`capability::execute_here`]), with the deadline watched by a task of its own; otherwise
    /// it goes to the capability's actor, which starts it on a blocking thread, and this task
    /// watches the deadline.
    async fn run_adapter(mut self, admitted: Admitted, reply: oneshot::Sender<CapabilityResult>) {
        self.stage = Stage::Execution;
        let shared = Arc::clone(&self.spec.shared);
        let Admitted { installed, request, prepared, slot, scheduler, tenant, reader } = admitted;
        let inline = prepared.placement() == Placement::Inline;
        // A run that may block goes to a worker node when one hosting its capability is free.
        let remote = match &shared.workers {
            Some(workers) if !inline => serde_json::value::to_raw_value(&request.input).ok().and_then(|input| {
                let placed = workers.place(installed.id(), input.get().len())?;
                Some((Arc::clone(workers), placed, input))
            }),
            _ => None,
        };
        // With workers, runs that stay here are held to this process's own slots.
        let mut slot = slot;
        if remote.is_none()
            && !inline
            && let Some(gate) = &shared.local_gate
        {
            match self.wait(Arc::clone(gate).acquire_owned()).await {
                Ok(Ok(permit)) => slot.hold(permit),
                Ok(Err(_)) => {}
                Err(why) => {
                    let early = self.interrupted(why, "while waiting for a slot on this replica");
                    let _ = reply.send(self.finish(*early));
                    return;
                }
            }
        }
        let here = inline
            || remote.is_some()
            || tokio::runtime::Handle::current().runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread;
        let actor = if here {
            None
        } else {
            let Some(actor) = shared.capabilities.get(installed.id()).map(|a| a.value().clone()) else {
                let early = self.stop(
                    ExecutionStatus::AdapterFailed,
                    vec![Diagnostic::error("CAPABILITY_UNAVAILABLE", "the capability's actor is restarting; retry")],
                );
                let _ = reply.send(self.finish(*early));
                return;
            };
            Some(actor)
        };
        let ctx = AdapterContext::new(
            Arc::clone(&self.spec.episode_id),
            request.mode,
            self.std_deadline,
            self.watch.token.clone(),
            progress_sink(&shared.admissions, &self.spec.run_id, self.spec.progress.clone()),
            ArtifactWriter::new(Arc::clone(&tenant.store), Arc::clone(&self.spec.episode_id)),
        )
        .with_backends(Arc::clone(&shared.backends) as _);
        let remote = remote.map(|(workers, placed, input)| {
            let run = RemoteRun {
                run_id: self.spec.run_id.to_string(),
                tenant: self.spec.tenant.clone(),
                episode_id: self.spec.episode_id.to_string(),
                capability_id: installed.id().to_owned(),
                mode: request.mode,
                input,
                deadline: self.std_deadline,
                read_only: installed.descriptor.read_only,
                storage: shared.tenants.quota(&self.spec.tenant).storage(),
            };
            (workers, placed, run)
        });
        let (tx, rx) = oneshot::channel();
        let abandoned = Arc::new(AtomicBool::new(false));
        let watch = self.watch.clone();
        let verify = request.mode == Mode::Verify;
        let id = installed.id().to_owned();
        let claim: Claim =
            Arc::new(Mutex::new(Some(Tail { run: self, installed, request, scheduler, tenant, reader, reply })));
        // A VERIFY result is checked through the scheduler, which only an episode task can await.
        let conclude: Option<Conclude> = (!verify).then(|| {
            let claim = Arc::clone(&claim);
            Box::new(move |job: JobOutcome, reply: oneshot::Sender<JobOutcome>| match take(&claim) {
                Some(tail) => {
                    tail.conclude_now(job);
                    // The watching task has nothing left to wait for; it is woken only after the
                    // caller has its answer, so that waking it does not delay the answer.
                    drop(reply);
                }
                None => {
                    let _ = reply.send(job);
                }
            }) as Conclude
        });
        let job = Job { prepared, ctx, slot, reply: tx, abandoned: Arc::clone(&abandoned), conclude };
        if let Some((workers, placed, run)) = remote {
            tokio::spawn(crate::workers::execute(Arc::clone(&shared), workers, placed, run, job));
            settle(claim, rx, watch, shared, abandoned).await;
            return;
        }
        let Some(actor) = actor else {
            if inline {
                // A small job runs on this task, then this task concludes the run unless the job did.
                capability::execute_inline(&id, &shared, job);
                settle(claim, rx, watch, shared, abandoned).await;
            } else {
                tokio::spawn(settle(claim, rx, watch, Arc::clone(&shared), abandoned));
                capability::execute_here(&id, &shared, job);
            }
            return;
        };
        if actor.cast(CapabilityMsg::Execute(job)).is_err() {
            // The job was never started, so the tail is still here.
            if let Some(tail) = take(&claim) {
                let early = tail.run.stop(
                    ExecutionStatus::AdapterFailed,
                    vec![Diagnostic::error("CAPABILITY_UNAVAILABLE", "the capability's actor is restarting; retry")],
                );
                tail.answer(*early);
            }
            return;
        }
        settle(claim, rx, watch, shared, abandoned).await;
    }
}

/// Waits for the adapter's outcome unless the deadline or a cancellation comes first, and
/// concludes the run unless the adapter's thread already has (see [`Claim`]).
async fn settle(
    claim: Claim,
    mut rx: oneshot::Receiver<JobOutcome>,
    watch: Watch,
    shared: Arc<Shared>,
    abandoned: Arc<AtomicBool>,
) {
    let waited = watch.wait(&mut rx).await;
    // Nothing left to do here when the adapter's thread claimed the run: it answers the
    // caller (having closed `rx`).
    let Some(mut tail) = take(&claim) else { return };
    let (answer, stopped) = match waited {
        Ok(answer) => (answer, None),
        Err(why) => {
            // Stop the adapter, and give it the grace period to return what it has.
            watch.token.cancel();
            match tokio::time::timeout(shared.grace, &mut rx).await {
                Ok(answer) => (answer, Some(why)),
                Err(_) => {
                    if !abandoned.swap(true, Ordering::SeqCst) {
                        shared.health.past_deadline(tail.installed.id(), 1);
                    }
                    let early = tail.run.interrupted(why, "while the adapter was running");
                    tail.answer(*early);
                    return;
                }
            }
        }
    };
    let result = match tail.outcome(answer, stopped) {
        Ok((mut result, evidence)) => {
            // CHECKING
            if tail.request.mode == Mode::Verify
                && result.succeeded()
                && let Some(evidence) = evidence
            {
                tail.run.stage = Stage::Checking;
                tail.run.check(&tail.scheduler, &tail.tenant, tail.reader.clone(), evidence, &mut result).await;
            }
            result
        }
        Err(early) => *early,
    };
    tail.answer(result);
}

impl Tail {
    /// The adapter's answer as a result, and its evidence for the checking stage; `stopped`
    /// says whether the episode had stopped the adapter before it answered.
    fn outcome(
        &mut self,
        answer: Result<JobOutcome, oneshot::error::RecvError>,
        stopped: Option<Interrupt>,
    ) -> Result<(CapabilityResult, Option<Evidence>), Early> {
        let run = &mut self.run;
        let job = match answer {
            Ok(job) => job,
            Err(_) => {
                return Err(run.stop(
                    ExecutionStatus::AdapterFailed,
                    vec![Diagnostic::error("ADAPTER_LOST", "the adapter's thread ended without an answer")],
                ));
            }
        };
        run.cpu_ms = job.cpu.as_secs_f64() * 1e3;
        self.tenant.cpu.record(job.cpu);
        let outcome = match job.result {
            Ok(outcome) => outcome,
            Err(JobFailure::Panicked(why)) => {
                return Err(run.stop(
                    ExecutionStatus::AdapterFailed,
                    vec![Diagnostic::error("ADAPTER_PANICKED", format!("the adapter panicked: {why}"))],
                ));
            }
            Err(JobFailure::Adapter(e)) => {
                // An adapter that stopped because the episode stopped it reports the episode's reason.
                if let (Some(why), AdapterError::Cancelled | AdapterError::DeadlineExceeded) = (stopped, &e) {
                    return Err(run.interrupted(why, "while the adapter was running"));
                }
                let (status, code) = adapter_error_status(&e);
                return Err(run.stop(status, vec![Diagnostic::error(code, e.to_string())]));
            }
            Err(JobFailure::Remote { status, code, message }) => {
                return Err(run.stop(status, vec![Diagnostic::error(code, message)]));
            }
        };
        let r = from_outcome(&self.installed, &self.request, outcome, &run.frame, &*self.tenant.store);
        Ok(r)
    }

    /// Concludes the run on the adapter's thread, which answered before any interruption; no
    /// check is due (VERIFY runs are never concluded there).
    fn conclude_now(mut self, job: JobOutcome) {
        let result = match self.outcome(Ok(job), None) {
            Ok((result, _)) => result,
            Err(early) => *early,
        };
        self.answer(result);
    }

    /// PERSISTENCE, then the answer to the caller.
    fn answer(self, result: CapabilityResult) {
        let result = self.run.finish(result);
        let _ = self.reply.send(result);
    }
}

impl Run {
    async fn check(
        &mut self,
        scheduler: &ActorRef<SchedulerMsg>,
        tenant: &Arc<Tenant>,
        reader: ArtifactReader,
        evidence: Evidence,
        result: &mut CapabilityResult,
    ) {
        let obligation = |description: String| Obligation {
            kind: "INDEPENDENT_CHECK".into(),
            description,
            evidence_kind: Some(evidence.kind.clone()),
        };
        let add_obligation = |result: &mut CapabilityResult, o: Obligation| {
            if !result.obligations.iter().any(|x| x.kind == o.kind) {
                result.obligations.push(o);
            }
        };
        let (tx, rx) = oneshot::channel();
        let request = CheckRequest {
            evidence: evidence.clone(),
            artifacts: reader,
            cancel: self.watch.token.child_token(),
            deadline: self.std_deadline,
        };
        let reply = if scheduler.cast(SchedulerMsg::Check(Box::new(request), tx.into())).is_err() {
            Ok(Ok(CheckReply::Failed {
                checker: None,
                reason: "the scheduler is restarting".into(),
                interrupted: false,
            }))
        } else {
            self.wait(rx).await
        };
        let reply = match reply {
            Ok(Ok(CheckReply::Failed { interrupted: true, .. })) if Instant::now() >= self.watch.deadline => {
                Err(Interrupt::Deadline)
            }
            Ok(Ok(CheckReply::Failed { interrupted: true, .. })) => Err(Interrupt::Cancelled),
            other => other,
        };
        match reply {
            Err(why) => {
                self.watch.token.cancel();
                let (status, code) = match why {
                    Interrupt::Deadline => (ExecutionStatus::TimedOut, "CHECK_TIMED_OUT"),
                    Interrupt::Cancelled => (ExecutionStatus::Cancelled, "CHECK_CANCELLED"),
                };
                result.execution.status = status;
                result.execution.stage = Stage::Checking;
                result
                    .execution
                    .diagnostics
                    .push(Diagnostic::error(code, "the independent check did not finish; the result is not verified"));
                add_obligation(
                    result,
                    obligation("the check was interrupted; run VERIFY again with a larger budget".into()),
                );
            }
            Ok(Err(_)) => {
                result
                    .execution
                    .diagnostics
                    .push(Diagnostic::warning("CHECK_FAILED", "the checker ended without a verdict"));
                add_obligation(result, obligation("the checker ended without a verdict".into()));
            }
            Ok(Ok(CheckReply::NoAuthorizedChecker { kind, unauthorized })) => {
                let installed: Vec<String> =
                    unauthorized.iter().map(|c| format!("{} {} ({})", c.id, c.version, c.digest)).collect();
                let detail = if installed.is_empty() {
                    format!("no installed checker replays {kind}")
                } else {
                    format!(
                        "no authorized checker replays {kind}; installed but not authorized by the operator: {}",
                        installed.join(", ")
                    )
                };
                result.execution.diagnostics.push(Diagnostic::warning("NO_AUTHORIZED_CHECKER", detail.clone()));
                add_obligation(result, obligation(detail));
            }
            Ok(Ok(CheckReply::Failed { checker, reason, .. })) => {
                let who = checker.map(|c| format!("{} {}", c.id, c.version)).unwrap_or_else(|| "the checker".into());
                result
                    .execution
                    .diagnostics
                    .push(Diagnostic::warning("CHECK_FAILED", format!("{who} gave no verdict: {reason}")));
                add_obligation(result, obligation(format!("{who} failed; no verdict was reached")));
            }
            Ok(Ok(CheckReply::Verdict { checker, verdict })) => match verdict {
                Verdict::Accepted { summary } => {
                    self.stage = Stage::Persistence;
                    let cx = RecordContext {
                        capability_id: &result.capability_id,
                        request_digest: self.frame.request_digest,
                        episode_id: &self.spec.episode_id,
                    };
                    match write_record(&*tenant.store, cx, &evidence, &checker, &summary) {
                        Ok(stored) => promote(result, &stored),
                        Err(e) => {
                            result.execution.diagnostics.push(Diagnostic::warning(
                                "VERIFICATION_RECORD_FAILED",
                                format!("the checker accepted, but the verification record could not be stored: {e}"),
                            ));
                            add_obligation(result, obligation("the accepted check could not be recorded".into()));
                        }
                    }
                }
                Verdict::Rejected { findings } => {
                    for f in &findings {
                        result.execution.diagnostics.push(Diagnostic {
                            code: format!("CHECK_REJECTED_{}", f.code),
                            message: format!("{}: {}", checker.id, f.message),
                            path: f.path.as_ref().map(|p| format!("/evidence{p}")),
                            severity: Severity::Error,
                        });
                    }
                    add_obligation(result, obligation(format!("{} rejected the evidence", checker.id)));
                }
                Verdict::Inconclusive { reason } => {
                    result
                        .execution
                        .diagnostics
                        .push(Diagnostic::warning("CHECK_INCONCLUSIVE", format!("{}: {reason}", checker.id)));
                    add_obligation(result, obligation(format!("{} could not decide: {reason}", checker.id)));
                }
            },
        }
    }

    /// PERSISTENCE for every result: the binding check, accounting, the seal, the episode
    /// record (before the caller sees the result), the reasoning binding and metrics.
    fn finish(self, mut result: CapabilityResult) -> CapabilityResult {
        let shared = &self.spec.shared;
        if result.assurance.level == AssuranceLevel::Verified
            && let Some(tenant) = &self.tenant
            && let Some(d) = enforce(&mut result, &*tenant.store, &shared.authority, AssuranceLevel::Computed)
        {
            result.execution.diagnostics.push(d);
        }
        if result.succeeded() {
            result.execution.stage = Stage::Persistence;
        }
        let mut notes = self.spec.notes.clone();
        notes.append(&mut result.execution.diagnostics);
        result.execution.diagnostics = notes;
        let wall = self.spec.submitted.elapsed();
        result.execution.accounting =
            Accounting { queue_ms: self.queue_ms, wall_ms: wall.as_secs_f64() * 1e3, cpu_ms: self.cpu_ms };
        result.seal();
        if let Some(tenant) = &self.tenant {
            let record = EpisodeRecord {
                episode_id: self.spec.episode_id.to_string(),
                run_id: self.spec.run_id.to_string(),
                capability_id: result.capability_id.clone(),
                mode: result.mode,
                experiment_id: self.spec.request.experiment_id.clone(),
                request_digest: result.provenance.request_digest,
                result_digest: result.provenance.result_digest,
                status: result.execution.status,
                stage: result.execution.stage,
                assurance: result.assurance.level,
                completeness: result.completeness.state,
                scope: result.scope.summary.clone(),
                artifact_uris: result.artifact_uris.clone(),
                accounting: result.execution.accounting,
                started_unix_ms: self.spec.submitted_unix_ms,
                finished_unix_ms: self.spec.submitted_unix_ms + wall.as_millis() as u64,
            };
            if let Err(e) = tenant.episodes.append(&record) {
                tracing::error!(error = %e, "episode record append failed");
                let mut failed = non_conclusion(
                    &result.capability_id,
                    result.mode,
                    Some(result.provider.clone()),
                    ExecutionStatus::AdapterFailed,
                    Stage::Persistence,
                    vec![Diagnostic::error(
                        "EPISODE_RECORD_FAILED",
                        format!("the episode record could not be written: {e}"),
                    )],
                    &self.frame,
                );
                failed.execution.accounting = result.execution.accounting;
                result = failed;
            }
            if let Some((run_id, call_id)) = &self.reasoning {
                tenant.reasoning.bind(run_id, call_id, &result);
            }
        }
        crate::metrics::run_finished(&result.capability_id, result.execution.status, wall);
        result
    }
}

/// The status and code a run reports for an adapter's error.
pub(crate) fn adapter_error_status(e: &AdapterError) -> (ExecutionStatus, &'static str) {
    match e {
        AdapterError::Artifact(jacobian_runtime::Error::QuotaExceeded { .. }) => {
            (ExecutionStatus::BudgetExceeded, "QUOTA_EXCEEDED")
        }
        AdapterError::Cancelled => (ExecutionStatus::Cancelled, "CANCELLED"),
        AdapterError::DeadlineExceeded => (ExecutionStatus::TimedOut, "DEADLINE_EXCEEDED"),
        AdapterError::Unsupported(_) => (ExecutionStatus::Unsupported, "UNSUPPORTED"),
        _ => (ExecutionStatus::AdapterFailed, "BACKEND_FAILED"),
    }
}

/// A refusal's path is relative to the input, as preparation's are.
fn in_input(d: Diagnostic) -> Diagnostic {
    if d.path.is_some() { d.under("/input") } else { d }
}

/// Forwards adapter progress to the caller directly (so every report precedes the result),
/// and to the scheduler, which fans it out to whoever else watches the run; [`throttled`].
fn progress_sink(books: &Arc<Admissions>, run_id: &RunId, caller: Option<UnboundedSender<Progress>>) -> ProgressSink {
    let books = Arc::clone(books);
    let run_id = Arc::clone(run_id);
    throttled(move |p: Progress| {
        if let Some(caller) = &caller {
            let _ = caller.send(p.clone());
        }
        books.progress(&run_id, &p);
    })
}

/// A sink passing on at most one report every [`PROGRESS_INTERVAL`], and the final report
/// (`done` reaching `total`) always; reports pass on in the order they came.
pub(crate) fn throttled(forward: impl Fn(Progress) + Send + Sync + 'static) -> ProgressSink {
    let last: Mutex<Option<std::time::Instant>> = Mutex::new(None);
    Arc::new(move |p: Progress| {
        let now = std::time::Instant::now();
        let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
        let final_report = p.total.is_some_and(|t| p.done >= t);
        if final_report || last.is_none_or(|t| now.duration_since(t) >= PROGRESS_INTERVAL) {
            *last = Some(now);
            forward(p);
        }
    })
}
