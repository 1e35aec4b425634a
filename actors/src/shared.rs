//! State shared by the handle and the actors, and the swappable actor references that let a
//! restarted actor be found again.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use dashmap::DashMap;
use jacobian_runtime::catalog::{Catalog, FindContext};
use jacobian_runtime::objects::ObjectRegistry;
use jacobian_runtime::policy::{CheckerAuthority, Limits, PolicyProfile};
use jacobian_runtime::{Digest, SharedChecker};
use ractor::{ActorRef, Message};
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

use crate::capability::CapabilityMsg;
use crate::checking::CheckerSupMsg;
use crate::health::HealthBoard;
use crate::scheduler::SchedulerMsg;
use crate::tenants::Tenants;

/// An actor reference that its supervisor replaces after a restart. Readers always get the
/// live actor (or `None` while it is down), never a stale reference.
pub(crate) struct Slot<M: Message>(RwLock<Option<ActorRef<M>>>);

impl<M: Message> Default for Slot<M> {
    fn default() -> Self {
        Slot(RwLock::new(None))
    }
}

impl<M: Message> Slot<M> {
    pub(crate) fn get(&self) -> Option<ActorRef<M>> {
        self.0.read().unwrap_or_else(|p| p.into_inner()).clone()
    }
    pub(crate) fn set(&self, r: Option<ActorRef<M>>) {
        *self.0.write().unwrap_or_else(|p| p.into_inner()) = r;
    }
}

/// Everything the actors and the handle share. Immutable after build, except the slots,
/// the health board, the tenants and the counters, which are internally synchronized.
pub(crate) struct Shared {
    pub(crate) catalog: Arc<Catalog>,
    pub(crate) objects: ObjectRegistry,
    pub(crate) profile: PolicyProfile,
    pub(crate) authority: CheckerAuthority,
    pub(crate) policy_digest: Digest,
    pub(crate) limits: Limits,
    pub(crate) grace: Duration,
    pub(crate) health: HealthBoard,
    pub(crate) tenants: Tenants,
    pub(crate) checkers: Vec<SharedChecker>,
    pub(crate) scheduler: Slot<SchedulerMsg>,
    /// The scheduler's books: admission, slots, cancellation and progress of runs in flight.
    pub(crate) admissions: Arc<crate::scheduler::Admissions>,
    pub(crate) checker_supervisor: Slot<CheckerSupMsg>,
    pub(crate) capabilities: DashMap<String, ActorRef<CapabilityMsg>>,
    /// Parent of every run's token: cancelled at shutdown.
    pub(crate) root_cancel: CancellationToken,
    pub(crate) accepting: AtomicBool,
    pub(crate) in_flight: AtomicUsize,
    pub(crate) idle: Notify,
    pub(crate) next_id: AtomicU64,
    pub(crate) id_prefix: String,
    pub(crate) reasoning_mode: jacobian_runtime::policy::ReasoningMode,
    pub(crate) backends: Arc<crate::backends::BackendPools>,
    /// Backends that installed capabilities run on (their pools are started).
    pub(crate) needed_backends: Vec<jacobian_runtime::backend::BackendKind>,
    /// Capabilities not offered because their backend is unavailable.
    pub(crate) unavailable: Vec<jacobian_runtime::catalog::Rejected>,
    /// Operator packages that were loaded.
    pub(crate) packages: Vec<crate::packages::Package>,
    /// Operator packages that could not be loaded, and why.
    pub(crate) package_failures: Vec<crate::packages::PackageReport>,
    /// The worker nodes heavy runs are placed on, when `[workers] url` is set.
    pub(crate) workers: Option<Arc<crate::workers::Workers>>,
    /// With workers, this process's own slots, held by the runs that stay here (admission
    /// counts the workers' slots too).
    pub(crate) local_gate: Option<Arc<tokio::sync::Semaphore>>,
}

impl Shared {
    pub(crate) fn next_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    /// Why `id` is out of service, if it is: its adapter's own circuit (an operator package's),
    /// else the health board's.
    pub(crate) fn out_of_service(&self, id: &str) -> Option<String> {
        if let Some(Err(why)) = self.catalog.get(id).map(|i| i.adapter.availability()) {
            return Some(why);
        }
        if self.health.is_available(id) { None } else { Some(self.health.health(id).reason.unwrap_or_default()) }
    }

    /// The reported health of `id`, with its adapter's own circuit.
    pub(crate) fn health_of(&self, id: &str) -> crate::health::Health {
        let mut health = self.health.health(id);
        if let Some(Err(why)) = self.catalog.get(id).map(|i| i.adapter.availability()) {
            health.status = crate::health::HealthStatus::Unhealthy;
            health.reason = Some(why);
        }
        health
    }

    pub(crate) fn find_context(&self) -> FindContext {
        FindContext {
            catalog_digest: self.catalog.digest(),
            policy_digest: self.policy_digest,
            policy_profile: self.profile.name.clone(),
        }
    }
}

/// Counts a run in flight for graceful shutdown; dropping it counts the run out.
pub(crate) struct InFlight(pub(crate) Arc<Shared>);

impl InFlight {
    pub(crate) fn enter(shared: &Arc<Shared>) -> Self {
        shared.in_flight.fetch_add(1, Ordering::SeqCst);
        InFlight(Arc::clone(shared))
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        if self.0.in_flight.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}
