//! The budget scheduler: admission to execution slots, cancellation by run id, progress
//! fan-out, and the only route from an episode to the checker tree.
//!
//! Admission is bounded three ways: global slots (default: one per core), runs per
//! capability, and runs per tenant (queued or running). Waiting runs queue in arrival order,
//! skipping over ones whose capability is at its limit; a full queue refuses at once. A slot
//! is held from admission until the adapter's thread really ends, so a thread that ignores
//! cancellation keeps its slot and cannot oversubscribe the machine.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use jacobian_runtime::adapter::Progress;
use jacobian_runtime::{Diagnostic, ExecutionStatus};
use ractor::{Actor, ActorProcessingErr, ActorRef, RpcReplyPort};
use serde::Serialize;
use tokio::sync::mpsc::UnboundedSender;
use tokio_util::sync::CancellationToken;

use crate::checking::{CheckReply, CheckRequest, CheckerSupMsg};
use crate::shared::Shared;
use crate::tenants::TenantId;

/// A run's id, unique among runs in flight.
pub(crate) type RunId = Arc<str>;

/// What a run asks admission for.
pub(crate) struct Ticket {
    pub(crate) run_id: RunId,
    pub(crate) capability_id: Arc<str>,
    pub(crate) tenant: TenantId,
    pub(crate) cancel: CancellationToken,
}

/// The answer to an admission request.
pub(crate) enum Admission {
    /// The run holds a slot until its [`SlotGuard`] is dropped.
    Granted(SlotGuard),
    /// Refused at once, with the status to report.
    Refused(ExecutionStatus, Diagnostic),
    /// Cancelled while queued.
    Cancelled,
}

/// Releases a run's slot when dropped: by the adapter's thread when it ends, or by the
/// episode when the run never reached execution (or when the episode itself fails).
pub(crate) struct SlotGuard {
    run_id: RunId,
    scheduler: Option<ActorRef<SchedulerMsg>>,
}

impl Drop for SlotGuard {
    fn drop(&mut self) {
        if let Some(s) = &self.scheduler {
            let _ = s.cast(SchedulerMsg::Release(Arc::clone(&self.run_id)));
        }
    }
}

/// A snapshot of the scheduler's books.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct SchedulerSnapshot {
    /// Execution slots in all.
    pub slots: usize,
    /// Runs holding a slot.
    pub running: usize,
    /// Runs waiting for one.
    pub queued: usize,
    /// Running, by capability.
    pub running_by_capability: Vec<(String, usize)>,
}

pub(crate) enum SchedulerMsg {
    Admit(Ticket, RpcReplyPort<Admission>),
    Withdraw(RunId),
    Release(RunId),
    Cancel(RunId, RpcReplyPort<bool>),
    Progress(RunId, Progress),
    Subscribe(RunId, UnboundedSender<Progress>, RpcReplyPort<bool>),
    Check(Box<CheckRequest>, RpcReplyPort<CheckReply>),
    Snapshot(RpcReplyPort<SchedulerSnapshot>),
}

pub(crate) struct Scheduler;

struct Running {
    capability_id: Arc<str>,
    tenant: TenantId,
    cancel: CancellationToken,
    subscribers: Vec<UnboundedSender<Progress>>,
}

struct Waiting {
    ticket: Ticket,
    reply: RpcReplyPort<Admission>,
}

pub(crate) struct SchedulerState {
    shared: Arc<Shared>,
    myself: ActorRef<SchedulerMsg>,
    slots: usize,
    running: HashMap<RunId, Running>,
    queue: VecDeque<Waiting>,
    by_capability: HashMap<Arc<str>, usize>,
    /// Queued plus running, per tenant.
    by_tenant: HashMap<TenantId, usize>,
}

impl Actor for Scheduler {
    type Msg = SchedulerMsg;
    type State = SchedulerState;
    type Arguments = Arc<Shared>;

    async fn pre_start(
        &self,
        myself: ActorRef<SchedulerMsg>,
        shared: Arc<Shared>,
    ) -> Result<SchedulerState, ActorProcessingErr> {
        let slots = shared.limits.concurrency.max(1);
        Ok(SchedulerState {
            shared,
            myself,
            slots,
            running: HashMap::new(),
            queue: VecDeque::new(),
            by_capability: HashMap::new(),
            by_tenant: HashMap::new(),
        })
    }

    async fn handle(
        &self,
        _: ActorRef<SchedulerMsg>,
        msg: SchedulerMsg,
        st: &mut SchedulerState,
    ) -> Result<(), ActorProcessingErr> {
        match msg {
            SchedulerMsg::Admit(ticket, reply) => st.admit(ticket, reply),
            SchedulerMsg::Withdraw(run_id) => st.withdraw(&run_id),
            SchedulerMsg::Release(run_id) => st.release(&run_id),
            SchedulerMsg::Cancel(run_id, reply) => {
                let _ = reply.send(st.cancel(&run_id));
            }
            SchedulerMsg::Progress(run_id, progress) => st.progress(&run_id, progress),
            SchedulerMsg::Subscribe(run_id, tx, reply) => {
                let found = st.running.get_mut(&run_id).map(|r| r.subscribers.push(tx)).is_some();
                let _ = reply.send(found);
            }
            SchedulerMsg::Check(request, reply) => st.route_check(*request, reply),
            SchedulerMsg::Snapshot(reply) => {
                let _ = reply.send(st.snapshot());
            }
        }
        crate::metrics::scheduler_gauges(st.queue.len(), st.running.len());
        Ok(())
    }
}

impl SchedulerState {
    fn fits(&self, capability: &str) -> bool {
        let limit = self.shared.limits.per_capability;
        self.running.len() < self.slots
            && (limit == 0 || self.by_capability.get(capability).copied().unwrap_or(0) < limit)
    }

    fn admit(&mut self, ticket: Ticket, reply: RpcReplyPort<Admission>) {
        if self.running.contains_key(&ticket.run_id) || self.queue.iter().any(|w| w.ticket.run_id == ticket.run_id) {
            let d = Diagnostic::error("DUPLICATE_RUN_ID", format!("run id `{}` is already in flight", ticket.run_id));
            let _ = reply.send(Admission::Refused(ExecutionStatus::InvalidRequest, d));
            return;
        }
        let per_tenant = self.shared.limits.per_tenant;
        if per_tenant > 0 && self.by_tenant.get(&ticket.tenant).copied().unwrap_or(0) >= per_tenant {
            let d = Diagnostic::error(
                "TENANT_LIMIT",
                format!(
                    "tenant {} already has {per_tenant} runs queued or running; retry when one finishes",
                    ticket.tenant
                ),
            );
            let _ = reply.send(Admission::Refused(ExecutionStatus::BudgetExceeded, d));
            return;
        }
        if self.queue.is_empty() && self.fits(&ticket.capability_id) {
            *self.by_tenant.entry(ticket.tenant.clone()).or_default() += 1;
            self.grant(ticket, reply);
            return;
        }
        if self.queue.len() >= self.shared.limits.queue {
            let d = Diagnostic::error(
                "OVERLOADED",
                format!(
                    "{} runs are already waiting for {} execution slots; retry later",
                    self.queue.len(),
                    self.slots
                ),
            );
            let _ = reply.send(Admission::Refused(ExecutionStatus::BudgetExceeded, d));
            return;
        }
        *self.by_tenant.entry(ticket.tenant.clone()).or_default() += 1;
        self.queue.push_back(Waiting { ticket, reply });
        self.grant_waiting();
    }

    fn grant(&mut self, ticket: Ticket, reply: RpcReplyPort<Admission>) {
        let guard = SlotGuard { run_id: Arc::clone(&ticket.run_id), scheduler: Some(self.myself.clone()) };
        *self.by_capability.entry(Arc::clone(&ticket.capability_id)).or_default() += 1;
        self.running.insert(
            Arc::clone(&ticket.run_id),
            Running {
                capability_id: ticket.capability_id,
                tenant: ticket.tenant,
                cancel: ticket.cancel,
                subscribers: Vec::new(),
            },
        );
        if let Err(e) = reply.send(Admission::Granted(guard)) {
            // The episode stopped waiting; dropping the returned guard releases the slot.
            drop(e);
        }
    }

    /// Grants queued runs, in order, while slots allow.
    fn grant_waiting(&mut self) {
        let mut i = 0;
        while i < self.queue.len() && self.running.len() < self.slots {
            let w = &self.queue[i];
            if w.reply.is_closed() || w.ticket.cancel.is_cancelled() {
                if let Some(w) = self.queue.remove(i) {
                    self.tenant_done(&w.ticket.tenant);
                    let _ = w.reply.send(Admission::Cancelled);
                }
                continue;
            }
            if self.fits(&w.ticket.capability_id) {
                if let Some(w) = self.queue.remove(i) {
                    self.grant(w.ticket, w.reply);
                }
                continue;
            }
            i += 1;
        }
    }

    fn tenant_done(&mut self, tenant: &TenantId) {
        if let Some(n) = self.by_tenant.get_mut(tenant) {
            *n -= 1;
            if *n == 0 {
                self.by_tenant.remove(tenant);
            }
        }
    }

    fn withdraw(&mut self, run_id: &str) {
        if let Some(pos) = self.queue.iter().position(|w| &*w.ticket.run_id == run_id)
            && let Some(w) = self.queue.remove(pos)
        {
            self.tenant_done(&w.ticket.tenant);
            let _ = w.reply.send(Admission::Cancelled);
        }
    }

    fn release(&mut self, run_id: &str) {
        if let Some(r) = self.running.remove(run_id) {
            if let Some(n) = self.by_capability.get_mut(&r.capability_id) {
                *n -= 1;
            }
            self.tenant_done(&r.tenant);
        }
        self.grant_waiting();
    }

    fn cancel(&mut self, run_id: &str) -> bool {
        if let Some(r) = self.running.get(run_id) {
            r.cancel.cancel();
            return true;
        }
        if let Some(pos) = self.queue.iter().position(|w| &*w.ticket.run_id == run_id) {
            if let Some(w) = self.queue.remove(pos) {
                w.ticket.cancel.cancel();
                self.tenant_done(&w.ticket.tenant);
                let _ = w.reply.send(Admission::Cancelled);
            }
            return true;
        }
        false
    }

    fn progress(&mut self, run_id: &str, progress: Progress) {
        if let Some(r) = self.running.get_mut(run_id) {
            r.subscribers.retain(|s| s.send(progress.clone()).is_ok());
        }
    }

    fn route_check(&self, request: CheckRequest, reply: RpcReplyPort<CheckReply>) {
        match self.shared.checker_supervisor.get() {
            Some(sup) => {
                if let Err(e) = sup.cast(CheckerSupMsg::Check(Box::new(request), reply))
                    && let ractor::MessagingErr::SendErr(CheckerSupMsg::Check(_, reply)) = e
                {
                    let _ = reply.send(CheckReply::Failed {
                        checker: None,
                        reason: "the checker tree is unavailable".into(),
                        interrupted: false,
                    });
                }
            }
            None => {
                let _ = reply.send(CheckReply::Failed {
                    checker: None,
                    reason: "the checker tree is unavailable".into(),
                    interrupted: false,
                });
            }
        }
    }

    fn snapshot(&self) -> SchedulerSnapshot {
        let mut by: Vec<(String, usize)> =
            self.by_capability.iter().filter(|(_, n)| **n > 0).map(|(k, n)| (k.to_string(), *n)).collect();
        by.sort();
        SchedulerSnapshot {
            slots: self.slots,
            running: self.running.len(),
            queued: self.queue.len(),
            running_by_capability: by,
        }
    }
}
