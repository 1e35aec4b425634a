//! Tenant quotas from operator policy (`[quotas]`): stored bytes and artifacts, enforced by a
//! store wrapper before anything is written; CPU seconds within a sliding window, enforced at
//! admission; runs in flight, enforced by the scheduler. A refusal names the quota, and the
//! per-tenant metrics say how close each tenant is.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use jacobian_runtime::artifact::{
    Artifact, ArtifactStore, ArtifactUri, Manifest, NewArtifact, PgDatabase, StoreBound, StoreLimits, StoreUsage,
};
use jacobian_runtime::canonical::Digest;
use jacobian_runtime::policy::Quota;
use jacobian_runtime::{Error, Result};

/// Per-tenant stored bytes, by tenant.
pub const TENANT_STORED_BYTES: &str = "jacobian_tenant_stored_bytes";
/// Per-tenant stored artifacts, by tenant.
pub const TENANT_ARTIFACTS: &str = "jacobian_tenant_artifacts";
/// CPU time of a tenant's runs in milliseconds, by tenant.
pub const TENANT_CPU_MS: &str = "jacobian_tenant_cpu_milliseconds_total";
/// Runs a tenant started, by tenant.
pub const TENANT_RUNS: &str = "jacobian_tenant_runs_total";
/// Refusals for a quota, by tenant and quota.
pub const TENANT_QUOTA_REFUSALS: &str = "jacobian_tenant_quota_refusals_total";

/// The default CPU window.
const CPU_WINDOW: Duration = Duration::from_secs(3600);

/// A tenant's store, counted (for its metrics) and held to its stored-bytes and artifact
/// quotas. A write that would pass one is refused before the inner store sees it; an artifact
/// already stored is never refused (storing it again takes no space).
pub(crate) struct QuotaStore {
    inner: Arc<dyn ArtifactStore>,
    tenant: String,
    quota: Quota,
    used: Mutex<StoreUsage>,
}

impl QuotaStore {
    /// Wraps `inner`, counting what it already holds.
    pub(crate) fn wrap(inner: Arc<dyn ArtifactStore>, tenant: &str, quota: Quota) -> Result<QuotaStore> {
        let used = inner.usage()?;
        let store = QuotaStore { inner, tenant: tenant.to_owned(), quota, used: Mutex::new(used) };
        store.gauges(used);
        Ok(store)
    }

    /// Counts a refusal for a quota in the tenant's metrics.
    fn counted(&self, stored: Result<Manifest>) -> Result<Manifest> {
        if let Err(Error::QuotaExceeded { quota, .. }) = &stored {
            metrics::counter!(TENANT_QUOTA_REFUSALS, "tenant" => self.tenant.clone(), "quota" => *quota).increment(1);
        }
        stored
    }

    fn gauges(&self, used: StoreUsage) {
        metrics::gauge!(TENANT_STORED_BYTES, "tenant" => self.tenant.clone()).set(used.bytes as f64);
        metrics::gauge!(TENANT_ARTIFACTS, "tenant" => self.tenant.clone()).set(used.artifacts as f64);
    }
}

impl ArtifactStore for QuotaStore {
    fn put(&self, new: &NewArtifact<'_>) -> Result<Manifest> {
        self.put_within(new, StoreBound::default())
    }

    /// Held to the tighter of the tenant's quotas and `bound` (a replica's quotas, for a run on
    /// a worker). A shared store checks and counts every process's writes itself, in the
    /// write's transaction; a store of this process alone is counted here.
    fn put_within(&self, new: &NewArtifact<'_>, bound: StoreBound) -> Result<Manifest> {
        let bound = self.quota.storage().tighter(bound);
        if self.inner.shared() {
            return self.counted(self.inner.put_within(new, bound));
        }
        let uri = ArtifactUri::from_digest(Digest::of_bytes(new.bytes));
        // Writers of one tenant in this process are serialized here, so two cannot both pass
        // the last byte.
        let mut used = self.used.lock().unwrap_or_else(|p| p.into_inner());
        if self.inner.contains(&uri) {
            return self.inner.put(new);
        }
        let size = new.bytes.len() as u64;
        let manifest = self.counted(bound.admit(*used, size, &self.tenant).and_then(|()| self.inner.put(new)))?;
        used.bytes += size;
        used.artifacts += 1;
        self.gauges(*used);
        Ok(manifest)
    }

    fn get(&self, uri: &ArtifactUri) -> Result<Artifact> {
        self.inner.get(uri)
    }

    fn manifest(&self, uri: &ArtifactUri) -> Result<Manifest> {
        self.inner.manifest(uri)
    }

    fn contains(&self, uri: &ArtifactUri) -> bool {
        self.inner.contains(uri)
    }

    fn limits(&self) -> StoreLimits {
        self.inner.limits()
    }

    /// On a shared store, the store's own count of every process's writes (the gauges follow
    /// it when it is read); otherwise this process's count.
    fn usage(&self) -> Result<StoreUsage> {
        if self.inner.shared() {
            let used = self.inner.usage()?;
            self.gauges(used);
            return Ok(used);
        }
        Ok(*self.used.lock().unwrap_or_else(|p| p.into_inner()))
    }

    fn shared(&self) -> bool {
        self.inner.shared()
    }
}

/// The CPU time a tenant's runs used within the sliding window.
pub(crate) struct CpuLedger {
    tenant: String,
    limit: Option<Duration>,
    window: Duration,
    spent: Mutex<VecDeque<(Instant, Duration)>>,
    /// The database that replicas share: the tenant's CPU time is counted there, across them.
    shared: Option<PgDatabase>,
}

impl CpuLedger {
    pub(crate) fn new(tenant: &str, quota: &Quota, shared: Option<PgDatabase>) -> CpuLedger {
        CpuLedger {
            tenant: tenant.to_owned(),
            limit: quota.cpu_seconds.map(Duration::from_secs),
            window: quota.cpu_window_seconds.map_or(CPU_WINDOW, Duration::from_secs),
            spent: Mutex::new(VecDeque::new()),
            shared,
        }
    }

    /// Records a finished run's CPU time.
    pub(crate) fn record(&self, cpu: Duration) {
        metrics::counter!(TENANT_RUNS, "tenant" => self.tenant.clone()).increment(1);
        metrics::counter!(TENANT_CPU_MS, "tenant" => self.tenant.clone())
            .increment(u64::try_from(cpu.as_millis()).unwrap_or(u64::MAX));
        if self.limit.is_some() && !cpu.is_zero() {
            match &self.shared {
                Some(db) => db.record_cpu(&self.tenant, cpu, self.window),
                None => self.spent.lock().unwrap_or_else(|p| p.into_inner()).push_back((Instant::now(), cpu)),
            }
        }
    }

    /// The CPU time spent within the window, and how long ago the oldest of it was recorded.
    fn spent(&self) -> Result<(Duration, Option<Duration>), String> {
        if let Some(db) = &self.shared {
            let (used, oldest) = db
                .cpu_spent(&self.tenant, self.window)
                .map_err(|e| format!("the shared store could not count tenant {}'s CPU seconds: {e}", self.tenant))?;
            let secs = |s: f64| Duration::try_from_secs_f64(s.max(0.0)).unwrap_or_default();
            return Ok((secs(used), oldest.map(secs)));
        }
        let mut spent = self.spent.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        while spent.front().is_some_and(|(t, _)| now.duration_since(*t) > self.window) {
            spent.pop_front();
        }
        Ok((spent.iter().map(|(_, d)| *d).sum(), spent.front().map(|(t, _)| now.duration_since(*t))))
    }

    /// Why a new run must wait, when the tenant has used its CPU seconds within the window
    /// (on every replica, with a shared store, which refuses the run when it cannot count).
    pub(crate) fn refusal(&self) -> Option<String> {
        let limit = self.limit?;
        let (used, oldest) = match self.spent() {
            Ok(spent) => spent,
            Err(why) => return Some(why),
        };
        if used < limit {
            return None;
        }
        metrics::counter!(TENANT_QUOTA_REFUSALS, "tenant" => self.tenant.clone(), "quota" => "cpu_seconds")
            .increment(1);
        let free = oldest.map(|age| self.window.saturating_sub(age)).unwrap_or_default();
        Some(format!(
            "tenant {} is at its cpu_seconds quota ({:.1} of {} CPU seconds within {} s); the oldest run leaves the window in {} s",
            self.tenant,
            used.as_secs_f64(),
            limit.as_secs(),
            self.window.as_secs(),
            free.as_secs() + 1
        ))
    }
}
