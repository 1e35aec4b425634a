//! The `Jacobian` handle: the one entry point the MCP server, the CLI and embedders share.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use dashmap::DashMap;
use jacobian_runtime::adapter::Progress;
use jacobian_runtime::artifact::{Artifact, StoreLimits};
use jacobian_runtime::catalog::{Catalog, FindRequest, FindResponse, Rejected};
use jacobian_runtime::contract::{Accounting, CapabilityDescriptor};
use jacobian_runtime::invoke::{RunFrame, non_conclusion, parse_request, request_digest};
use jacobian_runtime::objects::ObjectRegistry;
use jacobian_runtime::policy::{CheckerAuthority, OperatorConfig, PolicyProfile, ReasoningMode, policy_digest};
use jacobian_runtime::{
    ArtifactUri, CapabilityRequest, CapabilityResult, CheckerIdentity, Diagnostic, Digest, ExecutionStatus,
    SharedAdapter, SharedChecker, Stage,
};
use ractor::{Actor, ActorRef};
use serde::Serialize;
use serde_json::Value;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};
use tokio::sync::{Notify, oneshot};
use tokio_util::sync::CancellationToken;

use crate::backends::{BackendPolicy, BackendPools, PoolStats};
use crate::episode::{self, RunSpec};
use crate::error::JacobianError;
use crate::health::{Health, HealthBoard, HealthPolicy};
use crate::reasoning::{ReasoningEntry, WriteAck};
use crate::records::{Durability, ExperimentView, experiment_view};
use crate::root::Root;
use crate::scheduler::SchedulerSnapshot;
use crate::shared::{InFlight, Shared, Slot};
use crate::tenants::TenantId;
use jacobian_runtime::backend::BackendPort as _;

/// How long the handle waits past a run's deadline and grace before answering TIMED_OUT
/// itself (only if the episode actor is stuck, which would be a bug).
const BACKSTOP: Duration = Duration::from_secs(2);
/// How often episode logs are fsynced under [`Durability::Process`].
const FLUSH_INTERVAL: Duration = Duration::from_millis(100);

/// Options of one run.
#[derive(Default)]
pub struct RunOptions {
    /// The tenant the run belongs to (default: `local`).
    pub tenant: TenantId,
    /// The caller's id for the run (for cancellation); generated when absent.
    pub run_id: Option<String>,
    /// Receives the adapter's progress reports.
    pub progress: Option<UnboundedSender<Progress>>,
    /// Cancels the run when cancelled.
    pub cancel: Option<CancellationToken>,
}

/// A checker known to the runtime, and whether the operator authorized it.
#[derive(Debug, Clone, Serialize)]
pub struct CheckerInfo {
    /// Its exact identity.
    pub identity: CheckerIdentity,
    /// Evidence kinds it replays.
    pub evidence_kinds: Vec<String>,
    /// Whether it may promote results to VERIFIED.
    pub authorized: bool,
}

/// Builds a [`Jacobian`].
pub struct JacobianBuilder {
    home: Option<PathBuf>,
    adapters: Vec<SharedAdapter>,
    bundled_adapters: Vec<SharedAdapter>,
    bundled_checkers: Vec<SharedChecker>,
    checkers: Vec<SharedChecker>,
    authorize: Vec<CheckerIdentity>,
    config: OperatorConfig,
    objects: ObjectRegistry,
    durability: Durability,
    health: HealthPolicy,
    grace: Option<Duration>,
    backend_policy: Option<BackendPolicy>,
    warm_backends: bool,
    packages: Vec<PathBuf>,
    worker: bool,
}

impl JacobianBuilder {
    /// Starts every backend worker as soon as the runtime is built (a server; the build does
    /// not wait for them), instead of on each pool's first program (the default, so an embedder
    /// or a one-shot command starts only what it uses).
    pub fn warm_backends(mut self) -> Self {
        self.warm_backends = true;
        self
    }

    /// How the backend pools are sized and confined; overrides the configuration's `[backends]`.
    pub fn backend_policy(mut self, policy: BackendPolicy) -> Self {
        self.backend_policy = Some(policy);
        self
    }

    /// Serves the operator package in `dir` (besides the configuration's `[[package]]`
    /// entries). A package that cannot be loaded is reported by [`Jacobian::packages`] and
    /// logged; everything else still serves.
    pub fn package(mut self, dir: impl Into<PathBuf>) -> Self {
        self.packages.push(dir.into());
        self
    }

    /// Keeps artifacts, episode and reasoning logs under `home` (by tenant).
    pub fn home(mut self, home: impl Into<PathBuf>) -> Self {
        self.home = Some(home.into());
        self
    }

    /// Keeps everything in memory (nothing survives the process).
    pub fn in_memory(mut self) -> Self {
        self.home = None;
        self
    }

    /// Installs capabilities.
    pub fn adapters(mut self, adapters: impl IntoIterator<Item = SharedAdapter>) -> Self {
        self.adapters.extend(adapters);
        self
    }

    /// Installs the capabilities shipped with Jacobian. Their registration checks (schemas
    /// compiled, examples validated) are the suite's to run, once per build: at start they are
    /// only digested, and a schema is compiled when first used (see `Installed::bundled`).
    pub fn bundled_adapters(mut self, adapters: impl IntoIterator<Item = SharedAdapter>) -> Self {
        self.bundled_adapters.extend(adapters);
        self
    }

    /// Installs the checkers shipped with Jacobian, authorized when the configuration says
    /// `[checkers] bundled = true` (the default).
    pub fn bundled_checkers(mut self, checkers: impl IntoIterator<Item = SharedChecker>) -> Self {
        self.bundled_checkers.extend(checkers);
        self
    }

    /// Installs a further checker; it promotes only if its identity is authorized.
    pub fn checker(mut self, checker: SharedChecker) -> Self {
        self.checkers.push(checker);
        self
    }

    /// Authorizes a checker identity (operator authority, not a model's).
    pub fn authorize(mut self, identity: CheckerIdentity) -> Self {
        self.authorize.push(identity);
        self
    }

    /// The operator configuration (policy, checker authority, limits, reasoning log).
    pub fn config(mut self, config: OperatorConfig) -> Self {
        self.config = config;
        self
    }

    /// Places heavy runs on the worker nodes that announce themselves through the NATS server
    /// at `url`; overrides the configuration's `[workers] url`.
    pub fn workers(mut self, url: impl Into<String>) -> Self {
        self.config.workers.url = Some(url.into());
        self
    }

    /// Builds a worker node, to serve with [`Jacobian::serve_worker`]: the replicas that place
    /// runs on it hold their tenants' run slots and cancel through NATS, so it claims no run
    /// slot in the shared store and listens for no cancellation there, and it places nothing
    /// on other workers.
    pub fn as_worker(mut self) -> Self {
        self.worker = true;
        self
    }

    /// Keeps every tenant's artifacts in the PostgreSQL database at `url`, shared with any
    /// other process given the same one; overrides the configuration's `[store] url`.
    pub fn shared_store(mut self, url: impl Into<String>) -> Self {
        self.config.store.url = Some(url.into());
        self
    }

    /// The object kinds `artifact.put` and typed inputs accept.
    pub fn objects(mut self, objects: ObjectRegistry) -> Self {
        self.objects = objects;
        self
    }

    /// When episode records are durable.
    pub fn durability(mut self, durability: Durability) -> Self {
        self.durability = durability;
        self
    }

    /// Capability health limits.
    pub fn health_policy(mut self, policy: HealthPolicy) -> Self {
        self.health = policy;
        self
    }

    /// Starts the actor system.
    pub async fn build(self) -> Result<Jacobian, JacobianError> {
        let profile = self.config.profile().map_err(|e| JacobianError::Config(e.to_string()))?;
        let mut authority = CheckerAuthority::of(self.config.checkers.authorize.iter().cloned().chain(self.authorize));
        if self.config.checkers.bundled {
            for c in &self.bundled_checkers {
                authority.authorize(c.identity().clone());
            }
        }
        let mut limits = self.config.limits.clone();
        if limits.concurrency == 0 {
            limits.concurrency = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
        }
        let grace = self.grace.unwrap_or(Duration::from_millis(limits.grace_ms));
        let mut backend_policy = self.backend_policy.unwrap_or_else(|| backend_policy(&self.config.backends));
        backend_policy.eager |= self.warm_backends;
        let backends = Arc::new(BackendPools::probe(backend_policy));
        // A capability whose backend is missing or too old is not offered; doctor says why.
        let mut unavailable = Vec::new();
        let mut needed = Vec::new();
        let checked_kinds: std::collections::BTreeSet<String> =
            self.bundled_checkers.iter().flat_map(|c| c.evidence_kinds().iter().map(|k| (*k).to_owned())).collect();
        let dirs: Vec<PathBuf> =
            self.config.packages.iter().map(|p| p.path.clone()).chain(self.packages.iter().cloned()).collect();
        let (packages, package_failures) = tokio::task::spawn_blocking(move || {
            let mut loaded = Vec::new();
            let mut failed = Vec::new();
            for dir in dirs {
                match crate::packages::Package::load(&dir, &checked_kinds) {
                    Ok(p) => loaded.push(p),
                    Err(problems) => {
                        tracing::error!(package = %dir.display(), problems = ?problems, "package not loaded");
                        failed.push(crate::packages::Package::not_loaded(&dir, &problems));
                    }
                }
            }
            (loaded, failed)
        })
        .await
        .map_err(|e| JacobianError::Actor(format!("loading packages: {e}")))?;
        let mut available = |a: &SharedAdapter| match a.backend() {
            None => true,
            Some(b) if backends.available(b) => {
                if !needed.contains(&b) {
                    needed.push(b);
                }
                true
            }
            Some(b) => {
                let status = backends.status(b);
                let why = status.reason.unwrap_or_default();
                unavailable
                    .push(Rejected { capability_id: a.descriptor().id.to_string(), reason: format!("{b}: {why}") });
                false
            }
        };
        let bundled: Vec<SharedAdapter> = self.bundled_adapters.into_iter().filter(&mut available).collect();
        let adapters: Vec<SharedAdapter> = self
            .adapters
            .into_iter()
            .chain(packages.iter().flat_map(|p| p.adapters().iter().cloned()))
            .filter(&mut available)
            .collect();
        let shared_store = match &self.config.store.url {
            Some(url) => Some(jacobian_runtime::artifact::PgDatabase::connect(url)?),
            None => None,
        };
        // A process holds its tenants' run slots in the shared database under a name of its own;
        // a slot lasts at most as long as a run can (deadline, grace and the handle's backstop).
        let holder = format!(
            "{:x}-{:x}",
            std::process::id(),
            SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0)
        );
        let shared_runs = shared_store.as_ref().filter(|_| !self.worker).map(|db| crate::scheduler::SharedRuns {
            db: db.clone(),
            holder: holder.clone(),
            ttl: Duration::from_millis(limits.max_wall_ms) + grace + BACKSTOP,
        });
        let catalog = Arc::new(Catalog::build_with_bundled(bundled, adapters));
        for r in catalog.rejected() {
            tracing::error!(capability = %r.capability_id, reason = %r.reason, "capability not installed");
        }
        let started_ms = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis()).unwrap_or(0);
        let admissions = crate::scheduler::Admissions::new(&limits, &self.config.quotas, shared_runs);
        let local_gate = self
            .config
            .workers
            .url
            .as_ref()
            .filter(|_| !self.worker)
            .map(|_| Arc::new(tokio::sync::Semaphore::new(limits.concurrency.max(1))));
        let root_cancel = CancellationToken::new();
        let workers = match &self.config.workers.url {
            Some(url) if !self.worker => Some(
                crate::workers::Workers::start(
                    &self.config.workers,
                    url,
                    holder.clone(),
                    Arc::clone(&admissions),
                    root_cancel.clone(),
                )
                .await?,
            ),
            _ => None,
        };
        let shared = Arc::new(Shared {
            policy_digest: policy_digest(&profile, &authority),
            catalog,
            objects: self.objects,
            profile,
            authority,
            grace,
            health: HealthBoard::new(self.health),
            tenants: crate::tenants::Tenants::new(
                self.home,
                shared_store,
                self.durability,
                self.config.reasoning.mode,
                StoreLimits::default(),
                self.config.quotas.clone(),
            ),
            checkers: self.bundled_checkers.into_iter().chain(self.checkers).collect(),
            scheduler: Slot::default(),
            admissions,
            checker_supervisor: Slot::default(),
            capabilities: DashMap::new(),
            root_cancel,
            accepting: AtomicBool::new(true),
            in_flight: AtomicUsize::new(0),
            idle: Notify::new(),
            next_id: AtomicU64::new(1),
            id_prefix: format!("{started_ms:x}{:04x}", std::process::id() & 0xffff),
            limits,
            reasoning_mode: self.config.reasoning.mode,
            backends,
            needed_backends: needed,
            unavailable,
            packages,
            package_failures,
            local_gate,
            workers,
        });
        // Cancellations other replicas request for this process's runs.
        if let Some(db) = shared.tenants.shared_store().filter(|_| !self.worker) {
            let admissions = Arc::downgrade(&shared.admissions);
            db.listen_for_cancellations(&holder, move |run_id| {
                if let Some(a) = admissions.upgrade() {
                    a.cancel(run_id);
                }
            })?;
        }
        // Open the default tenant now, so a bad home fails the build, not the first run.
        shared.tenants.get(&TenantId::local())?;
        let (root, _) =
            Actor::spawn(None, Root, Arc::clone(&shared)).await.map_err(|e| JacobianError::Actor(e.to_string()))?;
        let flusher = Arc::clone(&shared);
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = flusher.root_cancel.cancelled() => break,
                    _ = tokio::time::sleep(FLUSH_INTERVAL) => {
                        let s = Arc::clone(&flusher);
                        let _ = tokio::task::spawn_blocking(move || s.tenants.flush()).await;
                    }
                }
            }
        });
        Ok(Jacobian { inner: Arc::new(Inner { shared, root }) })
    }
}

struct Inner {
    shared: Arc<Shared>,
    root: ActorRef<()>,
}

/// A running Jacobian: cloneable, cheap to share across tasks.
#[derive(Clone)]
pub struct Jacobian {
    inner: Arc<Inner>,
}

/// The pools' policy from the operator configuration's `[backends]` table.
fn backend_policy(config: &jacobian_runtime::policy::BackendsConfig) -> BackendPolicy {
    let mut policy = BackendPolicy::default();
    if let Some(n) = config.workers {
        policy.workers = n.max(1);
    }
    if let Some(mib) = config.address_space_mib {
        policy.limits.address_space_mib = mib;
    }
    if let Some(s) = config.cpu_seconds {
        policy.limits.cpu_seconds = s;
    }
    if let Some(ms) = config.grace_ms {
        policy.grace = Duration::from_millis(ms);
    }
    policy.disabled = jacobian_runtime::backend::BackendKind::ALL
        .into_iter()
        .filter(|b| config.disabled.iter().any(|d| d == b.name()))
        .collect();
    policy
}

pub(crate) fn unix_ms() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as u64).unwrap_or(0)
}

impl Jacobian {
    /// A builder with embedded defaults: in memory, no capabilities, default configuration.
    pub fn builder() -> JacobianBuilder {
        JacobianBuilder {
            home: None,
            adapters: vec![],
            bundled_adapters: vec![],
            bundled_checkers: vec![],
            checkers: vec![],
            authorize: vec![],
            config: OperatorConfig::default(),
            objects: ObjectRegistry::bundled(),
            durability: Durability::default(),
            health: HealthPolicy::default(),
            grace: None,
            backend_policy: None,
            warm_backends: false,
            packages: vec![],
            worker: false,
        }
    }

    fn shared(&self) -> &Arc<Shared> {
        &self.inner.shared
    }

    /// Capabilities not offered because their backend is missing, too old or disabled, and why.
    pub fn unavailable(&self) -> &[Rejected] {
        &self.shared().unavailable
    }

    /// What a tenant's store holds (the figures its stored-bytes and artifact quotas hold to).
    pub fn tenant_usage(&self, tenant: &TenantId) -> Result<jacobian_runtime::artifact::StoreUsage, JacobianError> {
        Ok(self.shared().tenants.get(tenant)?.store.usage()?)
    }

    /// The operator packages: those serving, those whose circuit is open, those not loaded.
    pub fn packages(&self) -> Vec<crate::packages::PackageReport> {
        let s = self.shared();
        s.packages.iter().map(crate::packages::Package::report).chain(s.package_failures.iter().cloned()).collect()
    }

    /// What was found of each backend at start (executable, version, availability).
    pub fn backends(&self) -> &[jacobian_runtime::backend::BackendStatus] {
        self.shared().backends.statuses()
    }

    /// Counters of the running backend pools.
    pub async fn backend_stats(&self) -> Vec<PoolStats> {
        self.shared().backends.stats().await
    }

    /// Runs a request for the local tenant.
    pub async fn run(&self, request: CapabilityRequest) -> CapabilityResult {
        self.run_with(request, RunOptions::default()).await
    }

    /// Parses a request envelope and runs it; a malformed envelope is an INVALID_REQUEST result.
    pub async fn run_value(&self, request: &Value, options: RunOptions) -> CapabilityResult {
        match parse_request(request) {
            Ok(request) => self.run_with(request, options).await,
            Err(diagnostics) => {
                let id = request.get("capability_id").and_then(Value::as_str).unwrap_or("");
                let frame = RunFrame {
                    episode_id: String::new(),
                    request_digest: Digest::of_value(request),
                    policy_digest: self.shared().policy_digest,
                    accounting: Accounting::default(),
                };
                let mode = request.get("mode").and_then(|m| serde_json::from_value(m.clone()).ok()).unwrap_or_default();
                non_conclusion(id, mode, None, ExecutionStatus::InvalidRequest, Stage::Validation, diagnostics, &frame)
            }
        }
    }

    /// Runs a request with options (tenant, progress, cancellation).
    pub async fn run_with(&self, request: CapabilityRequest, options: RunOptions) -> CapabilityResult {
        let shared = Arc::clone(self.shared());
        let submitted = tokio::time::Instant::now();
        let n = shared.next_id();
        let episode_id: Arc<str> = Arc::from(format!("ep-{}-{n}", shared.id_prefix));
        let request = Arc::new(request);
        let request_digest = request_digest(&request);
        let frame = |status, code: &str, message: String| {
            let f = RunFrame {
                episode_id: episode_id.to_string(),
                request_digest,
                policy_digest: shared.policy_digest,
                accounting: Accounting::default(),
            };
            non_conclusion(
                &request.capability_id,
                request.mode,
                None,
                status,
                Stage::Preflight,
                vec![Diagnostic::error(code, message)],
                &f,
            )
        };
        if !shared.accepting.load(Ordering::SeqCst) {
            return frame(ExecutionStatus::BudgetExceeded, "SHUTTING_DOWN", "the runtime is shutting down".into());
        }
        let _in_flight = InFlight::enter(&shared);
        let limits = &shared.limits;
        let asked = request.budget.wall_ms.unwrap_or(limits.default_wall_ms);
        let mut notes = Vec::new();
        if asked > limits.max_wall_ms {
            notes.push(Diagnostic::warning(
                "BUDGET_CAPPED",
                format!("the requested {asked} ms budget was capped at the operator's {} ms", limits.max_wall_ms),
            ));
        }
        let wall = Duration::from_millis(asked.min(limits.max_wall_ms));
        let run_id: Arc<str> = Arc::from(options.run_id.unwrap_or_else(|| format!("run-{}-{n}", shared.id_prefix)));
        let spec = RunSpec {
            shared: Arc::clone(&shared),
            tenant: options.tenant,
            run_id,
            episode_id: Arc::clone(&episode_id),
            request: Arc::clone(&request),
            request_digest,
            submitted,
            submitted_unix_ms: unix_ms(),
            wall,
            notes,
            progress: options.progress,
            caller_cancel: options.cancel,
        };
        let (tx, rx) = oneshot::channel();
        episode::start(spec, tx);
        match tokio::time::timeout_at(submitted + wall + shared.grace + BACKSTOP, rx).await {
            Ok(Ok(result)) => result,
            Ok(Err(_)) => {
                frame(ExecutionStatus::AdapterFailed, "EPISODE_FAILED", "the episode ended without a result".into())
            }
            Err(_) => {
                tracing::error!(episode = %episode_id, "episode missed its deadline by more than the backstop");
                frame(ExecutionStatus::TimedOut, "DEADLINE_EXCEEDED", "the run did not answer by its deadline".into())
            }
        }
    }

    /// Cancels a queued or running run, on this process or, with a shared store, on whichever
    /// replica runs it; false when no such run is in flight (or the shared store cannot be
    /// reached).
    pub async fn cancel(&self, run_id: &str) -> bool {
        let s = self.shared();
        if s.admissions.cancel(run_id) {
            return true;
        }
        let Some(db) = s.tenants.shared_store().cloned() else { return false };
        let run_id = run_id.to_owned();
        tokio::task::spawn_blocking(move || db.request_cancel(&run_id)).await.ok().and_then(Result::ok).unwrap_or(false)
    }

    /// Subscribes to a running run's progress; `None` when no such run is running.
    pub async fn watch(&self, run_id: &str) -> Option<UnboundedReceiver<Progress>> {
        let (tx, rx) = unbounded_channel();
        self.shared().admissions.subscribe(run_id, tx).then_some(rx)
    }

    /// Answers a `math.find` request over the visible catalog.
    pub fn find(&self, request: &FindRequest) -> Result<FindResponse, Vec<Diagnostic>> {
        let s = self.shared();
        let visible = s.catalog.visible(&s.profile, |id| s.out_of_service(id).is_none());
        s.catalog.find(&visible, &s.find_context(), request)
    }

    /// Parses and answers a `math.find` request value.
    pub fn find_value(&self, request: &Value) -> Result<FindResponse, Vec<Diagnostic>> {
        self.find(&FindRequest::from_value(request)?)
    }

    /// The complete machine-readable inventory of the visible catalog, with digests and health.
    pub fn catalog(&self) -> Value {
        let s = self.shared();
        let visible = s.catalog.visible(&s.profile, |id| s.out_of_service(id).is_none());
        let mut inventory = s.catalog.inventory(visible.iter().copied(), &s.find_context());
        if let Some(caps) = inventory.get_mut("capabilities").and_then(Value::as_array_mut) {
            for cap in caps {
                if let Some(id) = cap["descriptor"]["id"].as_str().map(str::to_owned) {
                    cap["health"] = serde_json::to_value(s.health_of(&id)).unwrap_or(Value::Null);
                }
            }
        }
        inventory
    }

    /// The descriptor of a visible capability.
    pub fn descriptor(&self, id: &str) -> Option<Arc<CapabilityDescriptor>> {
        let s = self.shared();
        s.catalog.get(id).filter(|e| !s.profile.hides(&e.descriptor)).map(|e| Arc::clone(&e.descriptor))
    }

    /// Capabilities that failed registration.
    pub fn rejected(&self) -> &[Rejected] {
        self.shared().catalog.rejected()
    }

    /// Reads an artifact of a tenant (digest re-checked).
    pub fn artifact(&self, tenant: &TenantId, uri: &ArtifactUri) -> Result<Artifact, JacobianError> {
        Ok(self.shared().tenants.get(tenant)?.store.get(uri)?)
    }

    /// Appends a reasoning-log entry for a tenant.
    pub fn reasoning_write(&self, tenant: &TenantId, entry: ReasoningEntry) -> Result<WriteAck, Vec<Diagnostic>> {
        let t = self
            .shared()
            .tenants
            .get(tenant)
            .map_err(|e| vec![Diagnostic::error("TENANT_UNAVAILABLE", e.to_string())])?;
        t.reasoning.write(entry)
    }

    /// The reasoning-log mode in force.
    pub fn reasoning_mode(&self) -> ReasoningMode {
        self.shared().reasoning_mode
    }

    /// A view of an experiment of a tenant; `None` when it has no episodes.
    pub fn experiment(&self, tenant: &TenantId, id: &str, view: ExperimentView) -> Option<Value> {
        let t = self.shared().tenants.get(tenant).ok()?;
        let records = t.episodes.experiment(id)?;
        Some(experiment_view(id, &records, view))
    }

    /// Episode records appended for a tenant over the life of its log.
    pub fn episode_count(&self, tenant: &TenantId) -> u64 {
        self.shared().tenants.get(tenant).map(|t| t.episodes.total()).unwrap_or(0)
    }

    /// Health of every installed capability.
    pub fn health(&self) -> Vec<(String, Health)> {
        let s = self.shared();
        s.catalog.entries().iter().map(|e| (e.id().to_owned(), s.health_of(e.id()))).collect()
    }

    /// The scheduler's books.
    pub async fn snapshot(&self) -> SchedulerSnapshot {
        self.shared().admissions.snapshot()
    }

    /// The shared PostgreSQL store, when this process has one (its tenant registry included).
    pub fn shared_database(&self) -> Option<jacobian_runtime::artifact::PgDatabase> {
        self.shared().tenants.shared_store().cloned()
    }

    /// The worker nodes this replica places runs on (empty without `[workers] url`).
    pub fn workers(&self) -> Vec<crate::workers::WorkerStatus> {
        self.shared().workers.as_ref().map(|w| w.status()).unwrap_or_default()
    }

    /// Serves runs as the worker node `name` through the NATS server at `url`, until this
    /// runtime shuts down (build it with [`JacobianBuilder::as_worker`]).
    pub async fn serve_worker(&self, url: &str, name: &str) -> Result<(), JacobianError> {
        crate::workers::serve(Arc::clone(self.shared()), url, name).await
    }

    /// Every installed checker and whether it is authorized.
    pub fn checkers(&self) -> Vec<CheckerInfo> {
        let s = self.shared();
        s.checkers
            .iter()
            .map(|c| CheckerInfo {
                identity: c.identity().clone(),
                evidence_kinds: c.evidence_kinds().iter().map(|k| k.to_string()).collect(),
                authorized: s.authority.authorizes(c.identity()),
            })
            .collect()
    }

    /// The policy profile in force.
    pub fn policy_profile(&self) -> &PolicyProfile {
        &self.shared().profile
    }

    /// Digest of the policy and checker authority in force.
    pub fn policy_digest(&self) -> Digest {
        self.shared().policy_digest
    }

    /// Digest of the installed catalog.
    pub fn catalog_digest(&self) -> Digest {
        self.shared().catalog.digest()
    }

    /// The object kinds known to the runtime.
    pub fn objects(&self) -> &ObjectRegistry {
        &self.shared().objects
    }

    /// Whether this process can take runs: it is not shutting down, and the shared store (if
    /// any) answers. Blocks for a database round trip; the reason when not ready.
    pub fn ready(&self) -> Result<(), String> {
        let s = self.shared();
        if !s.accepting.load(Ordering::SeqCst) {
            return Err("shutting down".into());
        }
        match s.tenants.shared_store() {
            Some(db) => db.schema_version().map(drop).map_err(|e| format!("the shared store does not answer: {e}")),
            None => Ok(()),
        }
    }

    /// Where artifacts live: `files`, `memory`, or `postgres (schema N)`.
    pub fn store_kind(&self) -> String {
        let tenants = &self.shared().tenants;
        match tenants.shared_store() {
            Some(db) => match db.schema_version() {
                Ok(v) => format!("postgres (schema {v})"),
                Err(e) => format!("postgres (unreachable: {e})"),
            },
            None if tenants.on_disk() => "files".into(),
            None => "memory".into(),
        }
    }

    /// Runs in flight (including queued).
    pub fn in_flight(&self) -> usize {
        self.shared().in_flight.load(Ordering::SeqCst)
    }

    /// Graceful shutdown: refuses new runs, lets runs in flight finish for up to `grace`,
    /// cancels the rest, flushes the logs, and stops the actors.
    pub async fn shutdown(&self, grace: Duration) {
        let s = Arc::clone(self.shared());
        s.accepting.store(false, Ordering::SeqCst);
        let idle = async {
            loop {
                let notified = s.idle.notified();
                if s.in_flight.load(Ordering::SeqCst) == 0 {
                    break;
                }
                notified.await;
            }
        };
        if tokio::time::timeout(grace, idle).await.is_err() {
            s.root_cancel.cancel();
            let drained = async {
                while s.in_flight.load(Ordering::SeqCst) > 0 {
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
            };
            let _ = tokio::time::timeout(s.grace + Duration::from_secs(1), drained).await;
        }
        s.root_cancel.cancel();
        let flush = Arc::clone(&s);
        let _ = tokio::task::spawn_blocking(move || flush.tenants.flush()).await;
        self.inner.root.stop(Some("shutdown".into()));
    }
}
