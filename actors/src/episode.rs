//! The episode actor: one per run, owning its lifecycle, cancellation token and record.
//!
//! Stages: VALIDATION (policy, health, reasoning ids, schema and cross-field rules) →
//! PREFLIGHT (admission to a slot, the adapter's cost checks) → EXECUTION (the capability
//! actor's blocking thread) → CHECKING (VERIFY: an authorized checker, reached through the
//! scheduler) → PERSISTENCE (verification record, binding check, episode record). Every path
//! out of every stage goes through `finish`, which seals the result and appends the episode
//! record before the caller gets anything.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use jacobian_runtime::adapter::{
    AdapterContext, AdapterError, ArtifactWriter, PrepareContext, Progress, ProgressSink, Refusal, RunBudget,
};
use jacobian_runtime::contract::{Accounting, AssuranceLevel, Obligation, Severity};
use jacobian_runtime::invoke::{RunFrame, from_outcome, non_conclusion, provider_ref, request_digest};
use jacobian_runtime::verification::{RecordContext, enforce, promote, write_record};
use jacobian_runtime::{
    ArtifactReader, CapabilityRequest, CapabilityResult, Diagnostic, Evidence, ExecutionStatus, Mode, Stage, Verdict,
};
use ractor::{Actor, ActorProcessingErr, ActorRef};
use tokio::sync::mpsc::UnboundedSender;
use tokio::sync::oneshot;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use crate::capability::{CapabilityMsg, Job, JobFailure};
use crate::checking::{CheckReply, CheckRequest};
use crate::records::EpisodeRecord;
use crate::scheduler::{Admission, RunId, SchedulerMsg, SlotGuard, Ticket};
use crate::shared::Shared;
use crate::tenants::{Tenant, TenantId};

/// Progress reports are forwarded at most this often (plus the final one).
const PROGRESS_INTERVAL: Duration = Duration::from_millis(50);

/// Everything a run needs.
pub(crate) struct RunSpec {
    pub(crate) shared: Arc<Shared>,
    pub(crate) tenant: TenantId,
    pub(crate) run_id: RunId,
    pub(crate) episode_id: Arc<str>,
    pub(crate) request: CapabilityRequest,
    pub(crate) submitted: Instant,
    pub(crate) submitted_unix_ms: u64,
    pub(crate) wall: Duration,
    pub(crate) notes: Vec<Diagnostic>,
    pub(crate) progress: Option<UnboundedSender<Progress>>,
    pub(crate) caller_cancel: Option<CancellationToken>,
}

pub(crate) struct Episode;

pub(crate) struct EpisodeState {
    spec: Option<RunSpec>,
    reply: Option<oneshot::Sender<CapabilityResult>>,
}

impl Actor for Episode {
    type Msg = ();
    type State = EpisodeState;
    type Arguments = (RunSpec, oneshot::Sender<CapabilityResult>);

    async fn pre_start(
        &self,
        _: ActorRef<()>,
        (spec, reply): Self::Arguments,
    ) -> Result<EpisodeState, ActorProcessingErr> {
        Ok(EpisodeState { spec: Some(spec), reply: Some(reply) })
    }

    async fn post_start(&self, myself: ActorRef<()>, st: &mut EpisodeState) -> Result<(), ActorProcessingErr> {
        if let (Some(spec), Some(reply)) = (st.spec.take(), st.reply.take()) {
            let result = Run::new(spec).execute().await;
            let _ = reply.send(result);
        }
        myself.stop(None);
        Ok(())
    }
}

/// Why waiting stopped early.
enum Interrupt {
    Deadline,
    Cancelled,
}

/// A run in progress.
struct Run {
    spec: RunSpec,
    token: CancellationToken,
    deadline: Instant,
    std_deadline: std::time::Instant,
    frame: RunFrame,
    stage: Stage,
    queue_ms: f64,
    cpu_ms: f64,
    tenant: Option<Arc<Tenant>>,
    reasoning: Option<(String, String)>,
}

type Early = Box<CapabilityResult>;

impl Run {
    fn new(spec: RunSpec) -> Self {
        let token = spec.shared.root_cancel.child_token();
        let deadline = spec.submitted + spec.wall;
        let std_deadline = std::time::Instant::now() + deadline.saturating_duration_since(Instant::now());
        let frame = RunFrame {
            episode_id: spec.episode_id.to_string(),
            request_digest: request_digest(&spec.request),
            policy_digest: spec.shared.policy_digest,
            accounting: Accounting::default(),
        };
        Run {
            spec,
            token,
            deadline,
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

    async fn cancelled(&self) {
        match &self.spec.caller_cancel {
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

    async fn execute(mut self) -> CapabilityResult {
        crate::metrics::run_started(&self.spec.request.capability_id);
        let result = match self.stages().await {
            Ok(r) | Err(r) => *r,
        };
        self.finish(result)
    }

    async fn stages(&mut self) -> Result<Early, Early> {
        let shared = Arc::clone(&self.spec.shared);
        let request = self.spec.request.clone();

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
        if !shared.health.is_available(installed.id()) {
            let health = shared.health.health(installed.id());
            let why = health.reason.unwrap_or_default();
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
        let (tx, rx) = oneshot::channel();
        let ticket = Ticket {
            run_id: Arc::clone(&self.spec.run_id),
            capability_id: Arc::from(installed.id()),
            tenant: self.spec.tenant.clone(),
            cancel: self.token.clone(),
        };
        if scheduler.cast(SchedulerMsg::Admit(ticket, tx.into())).is_err() {
            return Err(self.stop(
                ExecutionStatus::BudgetExceeded,
                vec![Diagnostic::error("SCHEDULER_UNAVAILABLE", "the scheduler is restarting; retry")],
            ));
        }
        let admission = self.wait(rx).await;
        self.queue_ms = self.spec.submitted.elapsed().as_secs_f64() * 1e3;
        let slot: SlotGuard = match admission {
            Ok(Ok(Admission::Granted(slot))) => slot,
            Ok(Ok(Admission::Refused(status, d))) => return Err(self.stop(status, vec![d])),
            Ok(Ok(Admission::Cancelled)) => return Err(self.interrupted(Interrupt::Cancelled, "while queued")),
            Ok(Err(_)) => {
                return Err(self.stop(
                    ExecutionStatus::BudgetExceeded,
                    vec![Diagnostic::error("SCHEDULER_UNAVAILABLE", "the scheduler restarted; retry")],
                ));
            }
            Err(why) => {
                let _ = scheduler.cast(SchedulerMsg::Withdraw(Arc::clone(&self.spec.run_id)));
                return Err(self.interrupted(why, "while waiting for an execution slot"));
            }
        };
        if let Err(refusal) =
            prepared.preflight(&RunBudget { wall: self.deadline.saturating_duration_since(Instant::now()) })
        {
            return Err(match refusal {
                Refusal::Unsupported(d) => self.stop(ExecutionStatus::Unsupported, vec![in_input(d)]),
                Refusal::OverBudget(d) => self.stop(ExecutionStatus::BudgetExceeded, vec![in_input(d)]),
            });
        }

        // EXECUTION
        self.stage = Stage::Execution;
        let Some(actor) = shared.capabilities.get(installed.id()).map(|a| a.value().clone()) else {
            return Err(self.stop(
                ExecutionStatus::AdapterFailed,
                vec![Diagnostic::error("CAPABILITY_UNAVAILABLE", "the capability's actor is restarting; retry")],
            ));
        };
        let ctx = AdapterContext::new(
            Arc::clone(&self.spec.episode_id),
            request.mode,
            self.std_deadline,
            self.token.clone(),
            progress_sink(&scheduler, &self.spec.run_id, self.spec.progress.clone()),
            ArtifactWriter::new(Arc::clone(&tenant.store), Arc::clone(&self.spec.episode_id)),
        )
        .with_backends(Arc::clone(&shared.backends) as _);
        let (tx, mut rx) = oneshot::channel();
        let abandoned = Arc::new(AtomicBool::new(false));
        let job = Job { prepared, ctx, slot, reply: tx, abandoned: Arc::clone(&abandoned) };
        if actor.cast(CapabilityMsg::Execute(job)).is_err() {
            return Err(self.stop(
                ExecutionStatus::AdapterFailed,
                vec![Diagnostic::error("CAPABILITY_UNAVAILABLE", "the capability's actor is restarting; retry")],
            ));
        }
        let (answer, stopped) = match self.wait(&mut rx).await {
            Ok(answer) => (answer, None),
            Err(why) => {
                // Stop the adapter, and give it the grace period to return what it has.
                self.token.cancel();
                match tokio::time::timeout(shared.grace, &mut rx).await {
                    Ok(answer) => (answer, Some(why)),
                    Err(_) => {
                        if !abandoned.swap(true, Ordering::SeqCst) {
                            shared.health.past_deadline(installed.id(), 1);
                        }
                        return Err(self.interrupted(why, "while the adapter was running"));
                    }
                }
            }
        };
        let job = match answer {
            Ok(job) => job,
            Err(_) => {
                return Err(self.stop(
                    ExecutionStatus::AdapterFailed,
                    vec![Diagnostic::error("ADAPTER_LOST", "the adapter's thread ended without an answer")],
                ));
            }
        };
        self.cpu_ms = job.cpu.as_secs_f64() * 1e3;
        let outcome = match job.result {
            Ok(outcome) => outcome,
            Err(JobFailure::Panicked(why)) => {
                return Err(self.stop(
                    ExecutionStatus::AdapterFailed,
                    vec![Diagnostic::error("ADAPTER_PANICKED", format!("the adapter panicked: {why}"))],
                ));
            }
            Err(JobFailure::Adapter(e)) => {
                // An adapter that stopped because the episode stopped it reports the episode's reason.
                if let (Some(why), AdapterError::Cancelled | AdapterError::DeadlineExceeded) = (stopped, &e) {
                    return Err(self.interrupted(why, "while the adapter was running"));
                }
                let (status, code) = match &e {
                    AdapterError::Cancelled => (ExecutionStatus::Cancelled, "CANCELLED"),
                    AdapterError::DeadlineExceeded => (ExecutionStatus::TimedOut, "DEADLINE_EXCEEDED"),
                    AdapterError::Unsupported(_) => (ExecutionStatus::Unsupported, "UNSUPPORTED"),
                    _ => (ExecutionStatus::AdapterFailed, "BACKEND_FAILED"),
                };
                return Err(self.stop(status, vec![Diagnostic::error(code, e.to_string())]));
            }
        };
        let (mut result, evidence) = from_outcome(&installed, &request, outcome, &self.frame, &*tenant.store);

        // CHECKING
        if request.mode == Mode::Verify
            && result.succeeded()
            && let Some(evidence) = evidence
        {
            self.stage = Stage::Checking;
            self.check(&scheduler, &tenant, reader, evidence, &mut result).await;
        }
        Ok(Box::new(result))
    }

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
            cancel: self.token.child_token(),
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
            Ok(Ok(CheckReply::Failed { interrupted: true, .. })) if Instant::now() >= self.deadline => {
                Err(Interrupt::Deadline)
            }
            Ok(Ok(CheckReply::Failed { interrupted: true, .. })) => Err(Interrupt::Cancelled),
            other => other,
        };
        match reply {
            Err(why) => {
                self.token.cancel();
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

/// A refusal's path is relative to the input, as preparation's are.
fn in_input(d: Diagnostic) -> Diagnostic {
    if d.path.is_some() { d.under("/input") } else { d }
}

/// Forwards adapter progress, at most every [`PROGRESS_INTERVAL`] except for the final
/// report: to the caller directly (so every report precedes the result), and to the
/// scheduler, which fans it out to whoever else watches the run.
fn progress_sink(
    scheduler: &ActorRef<SchedulerMsg>,
    run_id: &RunId,
    caller: Option<UnboundedSender<Progress>>,
) -> ProgressSink {
    let scheduler = scheduler.clone();
    let run_id = Arc::clone(run_id);
    let last: Mutex<Option<std::time::Instant>> = Mutex::new(None);
    Arc::new(move |p: Progress| {
        let now = std::time::Instant::now();
        let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
        let final_report = p.total.is_some_and(|t| p.done >= t);
        if final_report || last.is_none_or(|t| now.duration_since(t) >= PROGRESS_INTERVAL) {
            *last = Some(now);
            if let Some(caller) = &caller {
                let _ = caller.send(p.clone());
            }
            let _ = scheduler.cast(SchedulerMsg::Progress(Arc::clone(&run_id), p));
        }
    })
}
