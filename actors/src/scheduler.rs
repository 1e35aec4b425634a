//! The budget scheduler: admission to execution slots, cancellation by run id, progress
//! fan-out, and the only route from an episode to the checker tree.
//!
//! Admission is bounded three ways: global slots (default: one per core), runs per
//! capability, and runs per tenant (queued or running). Waiting runs queue in arrival order,
//! skipping over ones whose capability is at its limit; a full queue refuses at once. A slot
//! is held from admission until the adapter's thread really ends, so a thread that ignores
//! cancellation keeps its slot and cannot oversubscribe the machine.
//!
//! The books ([`Admissions`]) are one short critical section that episodes, slot guards and
//! the handle enter directly: a run that finds a free slot is admitted on its own task, without
//! a round trip through an actor, and a released slot is handed to the next waiting run by the
//! thread that released it. The scheduler actor routes checks to the checker tree, where a
//! restart must not lose the route.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};

use jacobian_runtime::adapter::Progress;
use jacobian_runtime::{Diagnostic, ExecutionStatus};
use ractor::{Actor, ActorProcessingErr, ActorRef, RpcReplyPort};
use serde::Serialize;
use tokio::sync::mpsc::UnboundedSender;
use tokio::sync::oneshot;
use tokio_util::sync::CancellationToken;

use jacobian_runtime::artifact::PgDatabase;

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
    books: Arc<Admissions>,
    /// A permit of this process's own slots, for a run that stays here beside worker nodes.
    local: Option<tokio::sync::OwnedSemaphorePermit>,
}

impl SlotGuard {
    /// Holds `permit` as long as the slot.
    pub(crate) fn hold(&mut self, permit: tokio::sync::OwnedSemaphorePermit) {
        self.local = Some(permit);
    }
}

impl Drop for SlotGuard {
    fn drop(&mut self) {
        self.books.release(&self.run_id);
    }
}

/// An admission request's outcome: decided at once, or queued until a slot frees (or the
/// run is withdrawn, cancelled, or refused).
pub(crate) enum Admit {
    Now(Admission),
    Queued(oneshot::Receiver<Admission>),
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
    Check(Box<CheckRequest>, RpcReplyPort<CheckReply>),
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
    reply: oneshot::Sender<Admission>,
}

/// Runs recorded in a database every replica shares: each run claims a row there before it
/// is queued (against its tenant's limit, if any) and frees it when it ends, so that per-tenant
/// limits count every replica's runs and any replica can cancel any run.
pub(crate) struct SharedRuns {
    pub(crate) db: PgDatabase,
    /// This process, as the holder of its slots.
    pub(crate) holder: String,
    /// How long a slot outlives its claim at most: the longest a run can last.
    pub(crate) ttl: std::time::Duration,
}

/// The scheduler's books, shared by every episode, slot guard and the handle.
pub(crate) struct Admissions {
    slots: usize,
    /// Slots of the worker nodes on the board (see `workers`), granted beside this process's.
    remote_slots: std::sync::atomic::AtomicUsize,
    per_capability: usize,
    per_tenant: usize,
    /// Per-tenant overrides of `per_tenant` (`[quotas] runs_in_flight` and its tenant tables).
    quotas: jacobian_runtime::policy::QuotasConfig,
    queue_limit: usize,
    shared: Option<SharedRuns>,
    books: Mutex<Books>,
}

#[derive(Default)]
struct Books {
    running: HashMap<RunId, Running>,
    queue: VecDeque<Waiting>,
    by_capability: HashMap<Arc<str>, usize>,
    /// Queued plus running, per tenant.
    by_tenant: HashMap<TenantId, usize>,
}

impl Actor for Scheduler {
    type Msg = SchedulerMsg;
    type State = Arc<Shared>;
    type Arguments = Arc<Shared>;

    async fn pre_start(
        &self,
        _: ActorRef<SchedulerMsg>,
        shared: Arc<Shared>,
    ) -> Result<Arc<Shared>, ActorProcessingErr> {
        Ok(shared)
    }

    async fn handle(
        &self,
        _: ActorRef<SchedulerMsg>,
        msg: SchedulerMsg,
        shared: &mut Arc<Shared>,
    ) -> Result<(), ActorProcessingErr> {
        match msg {
            SchedulerMsg::Check(request, reply) => route_check(shared, *request, reply),
        }
        Ok(())
    }
}

impl Admissions {
    pub(crate) fn new(
        limits: &jacobian_runtime::policy::Limits,
        quotas: &jacobian_runtime::policy::QuotasConfig,
        shared: Option<SharedRuns>,
    ) -> Arc<Self> {
        Arc::new(Admissions {
            slots: limits.concurrency.max(1),
            remote_slots: std::sync::atomic::AtomicUsize::new(0),
            per_capability: limits.per_capability,
            per_tenant: limits.per_tenant,
            quotas: quotas.clone(),
            queue_limit: limits.queue,
            shared,
            books: Mutex::new(Books::default()),
        })
    }

    fn books(&self) -> MutexGuard<'_, Books> {
        self.books.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn gauges(&self, books: &Books) {
        crate::metrics::scheduler_gauges(books.queue.len(), books.running.len());
    }

    /// Slots in all: this process's and its workers'.
    fn all_slots(&self) -> usize {
        self.slots + self.remote_slots.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The worker nodes' slots changed; runs waiting for a slot may now have one.
    pub(crate) fn set_remote_slots(self: &Arc<Self>, n: usize) {
        if self.remote_slots.swap(n, std::sync::atomic::Ordering::Relaxed) < n {
            let unclaimed = {
                let mut lock = self.books();
                let books = &mut *lock;
                let unclaimed = self.grant_waiting(books);
                self.gauges(books);
                unclaimed
            };
            drop(unclaimed);
        }
    }

    fn fits(&self, books: &Books, capability: &str) -> bool {
        let limit = self.per_capability;
        books.running.len() < self.all_slots()
            && (limit == 0 || books.by_capability.get(capability).copied().unwrap_or(0) < limit)
    }

    /// The limit of runs queued or running for `tenant` (0: none).
    fn per_tenant(&self, tenant: &TenantId) -> usize {
        self.quotas.of(tenant.as_str()).runs_in_flight.unwrap_or(self.per_tenant)
    }

    /// A run of `tenant` left the books (ended, withdrawn or cancelled): its count drops, and
    /// its slot in the shared database is freed.
    fn tenant_done(&self, books: &mut Books, tenant: &TenantId, run_id: &str) {
        if let Some(n) = books.by_tenant.get_mut(tenant) {
            *n -= 1;
            if *n == 0 {
                books.by_tenant.remove(tenant);
            }
        }
        if let Some(shared) = &self.shared {
            shared.db.release_run(tenant.as_str(), &shared.holder, run_id);
        }
    }

    /// Admits a run at once, queues it, or refuses it.
    pub(crate) fn admit(self: &Arc<Self>, ticket: Ticket) -> Admit {
        let per_tenant = self.per_tenant(&ticket.tenant);
        // Across replicas, the tenant's slot is claimed in the database first (a round trip
        // that must not hold the books), and freed again if the run goes no further.
        let claimed = match &self.shared {
            Some(s) => {
                let limit = if per_tenant > 0 { per_tenant } else { usize::MAX };
                match s.db.claim_run(ticket.tenant.as_str(), &s.holder, &ticket.run_id, limit, s.ttl) {
                    Ok(claimed) => Some(claimed),
                    Err(e) => {
                        let d = Diagnostic::error(
                            "TENANT_RUNS_UNCOUNTED",
                            format!("the tenant's runs on every replica could not be counted ({e}); retry"),
                        );
                        return Admit::Now(Admission::Refused(ExecutionStatus::BudgetExceeded, d));
                    }
                }
            }
            None => None,
        };
        let unclaim = |s: &Self| {
            if let (Some(true), Some(shared)) = (claimed, &s.shared) {
                shared.db.release_run(ticket.tenant.as_str(), &shared.holder, &ticket.run_id);
            }
        };
        let mut lock = self.books();
        let books = &mut *lock;
        if books.running.contains_key(&ticket.run_id) || books.queue.iter().any(|w| w.ticket.run_id == ticket.run_id) {
            // The slot claimed is the other run's (same holder, same id): it stays.
            let d = Diagnostic::error("DUPLICATE_RUN_ID", format!("run id `{}` is already in flight", ticket.run_id));
            return Admit::Now(Admission::Refused(ExecutionStatus::InvalidRequest, d));
        }
        let over = match claimed {
            Some(claimed) => per_tenant > 0 && !claimed,
            None => per_tenant > 0 && books.by_tenant.get(&ticket.tenant).copied().unwrap_or(0) >= per_tenant,
        };
        if over {
            let d = Diagnostic::error(
                "TENANT_LIMIT",
                format!(
                    "tenant {} is at its runs_in_flight quota: {per_tenant} runs queued or running; retry when one \
                     finishes",
                    ticket.tenant
                ),
            );
            return Admit::Now(Admission::Refused(ExecutionStatus::BudgetExceeded, d));
        }
        if books.queue.is_empty() && self.fits(books, &ticket.capability_id) {
            *books.by_tenant.entry(ticket.tenant.clone()).or_default() += 1;
            let guard = self.grant(books, ticket);
            self.gauges(books);
            return Admit::Now(Admission::Granted(guard));
        }
        if books.queue.len() >= self.queue_limit {
            unclaim(self);
            let d = Diagnostic::error(
                "OVERLOADED",
                format!(
                    "{} runs are already waiting for {} execution slots; retry later",
                    books.queue.len(),
                    self.all_slots()
                ),
            );
            return Admit::Now(Admission::Refused(ExecutionStatus::BudgetExceeded, d));
        }
        *books.by_tenant.entry(ticket.tenant.clone()).or_default() += 1;
        let (tx, rx) = oneshot::channel();
        books.queue.push_back(Waiting { ticket, reply: tx });
        let unclaimed = self.grant_waiting(books);
        self.gauges(books);
        drop(lock);
        drop(unclaimed);
        Admit::Queued(rx)
    }

    /// Books a slot for `ticket`; the guard releases it.
    fn grant(self: &Arc<Self>, books: &mut Books, ticket: Ticket) -> SlotGuard {
        let guard = SlotGuard { run_id: Arc::clone(&ticket.run_id), books: Arc::clone(self), local: None };
        *books.by_capability.entry(Arc::clone(&ticket.capability_id)).or_default() += 1;
        books.running.insert(
            Arc::clone(&ticket.run_id),
            Running {
                capability_id: ticket.capability_id,
                tenant: ticket.tenant,
                cancel: ticket.cancel,
                subscribers: Vec::new(),
            },
        );
        guard
    }

    /// Grants queued runs, in order, while slots allow. A granted run whose episode stopped
    /// waiting gets its slot back at once (its guard is dropped after the books are unlocked).
    fn grant_waiting(self: &Arc<Self>, books: &mut Books) -> Vec<Admission> {
        let mut unclaimed = Vec::new();
        let mut i = 0;
        while i < books.queue.len() && books.running.len() < self.all_slots() {
            let w = &books.queue[i];
            if w.reply.is_closed() || w.ticket.cancel.is_cancelled() {
                if let Some(w) = books.queue.remove(i) {
                    self.tenant_done(books, &w.ticket.tenant, &w.ticket.run_id);
                    let _ = w.reply.send(Admission::Cancelled);
                }
                continue;
            }
            if self.fits(books, &w.ticket.capability_id) {
                if let Some(w) = books.queue.remove(i) {
                    let guard = self.grant(books, w.ticket);
                    if let Err(back) = w.reply.send(Admission::Granted(guard)) {
                        unclaimed.push(back);
                    }
                }
                continue;
            }
            i += 1;
        }
        unclaimed
    }

    /// Takes a queued run out of the queue (its episode stopped waiting).
    pub(crate) fn withdraw(&self, run_id: &str) {
        let mut books = self.books();
        if let Some(pos) = books.queue.iter().position(|w| &*w.ticket.run_id == run_id)
            && let Some(w) = books.queue.remove(pos)
        {
            self.tenant_done(&mut books, &w.ticket.tenant, &w.ticket.run_id);
            let _ = w.reply.send(Admission::Cancelled);
        }
        self.gauges(&books);
    }

    fn release(self: &Arc<Self>, run_id: &str) {
        // Guards of runs granted to episodes that had stopped waiting are dropped here, after
        // the books are unlocked; each release frees the next slot in turn.
        let unclaimed = {
            let mut books = self.books();
            let books = &mut *books;
            if let Some(r) = books.running.remove(run_id) {
                if let Some(n) = books.by_capability.get_mut(&r.capability_id) {
                    *n -= 1;
                }
                self.tenant_done(books, &r.tenant, run_id);
            }
            let unclaimed = self.grant_waiting(books);
            self.gauges(books);
            unclaimed
        };
        drop(unclaimed);
    }

    /// Cancels a queued or running run; false when no such run is in flight.
    pub(crate) fn cancel(&self, run_id: &str) -> bool {
        let mut books = self.books();
        if let Some(r) = books.running.get(run_id) {
            r.cancel.cancel();
            return true;
        }
        if let Some(pos) = books.queue.iter().position(|w| &*w.ticket.run_id == run_id) {
            if let Some(w) = books.queue.remove(pos) {
                w.ticket.cancel.cancel();
                self.tenant_done(&mut books, &w.ticket.tenant, &w.ticket.run_id);
                let _ = w.reply.send(Admission::Cancelled);
            }
            self.gauges(&books);
            return true;
        }
        false
    }

    /// Fans a running run's progress out to its subscribers.
    pub(crate) fn progress(&self, run_id: &str, progress: &Progress) {
        if let Some(r) = self.books().running.get_mut(run_id) {
            r.subscribers.retain(|s| s.send(progress.clone()).is_ok());
        }
    }

    /// Subscribes to a running run's progress; false when no such run is running.
    pub(crate) fn subscribe(&self, run_id: &str, tx: UnboundedSender<Progress>) -> bool {
        self.books().running.get_mut(run_id).map(|r| r.subscribers.push(tx)).is_some()
    }

    pub(crate) fn snapshot(&self) -> SchedulerSnapshot {
        let books = self.books();
        let mut by: Vec<(String, usize)> =
            books.by_capability.iter().filter(|(_, n)| **n > 0).map(|(k, n)| (k.to_string(), *n)).collect();
        by.sort();
        SchedulerSnapshot {
            slots: self.all_slots(),
            running: books.running.len(),
            queued: books.queue.len(),
            running_by_capability: by,
        }
    }
}

fn route_check(shared: &Shared, request: CheckRequest, reply: RpcReplyPort<CheckReply>) {
    match shared.checker_supervisor.get() {
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
