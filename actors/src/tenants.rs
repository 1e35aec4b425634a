//! Tenants: each has its own artifact store, episode log and reasoning log, and sees nothing
//! of another's.

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use dashmap::DashMap;
use jacobian_runtime::artifact::{ArtifactStore, FsArtifactStore, MemoryArtifactStore, PgDatabase, StoreLimits};
use jacobian_runtime::policy::{QuotasConfig, ReasoningMode};

use crate::error::JacobianError;
use crate::reasoning::ReasoningLog;
use crate::records::{Durability, EpisodeLog};

/// A tenant id: 1 to 64 characters of `[A-Za-z0-9_-]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TenantId(Arc<str>);

impl TenantId {
    /// The tenant of local, single-user use (stdio, CLI, embedding without tenants).
    pub fn local() -> Self {
        TenantId(Arc::from("local"))
    }

    /// Checks and wraps an id.
    pub fn new(id: &str) -> Result<Self, JacobianError> {
        let ok =
            (1..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if ok {
            Ok(TenantId(Arc::from(id)))
        } else {
            Err(JacobianError::Config(format!("tenant id `{id}` must be 1-64 characters of [A-Za-z0-9_-]")))
        }
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Default for TenantId {
    fn default() -> Self {
        Self::local()
    }
}

impl fmt::Display for TenantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// One tenant's state.
pub(crate) struct Tenant {
    pub(crate) store: Arc<dyn ArtifactStore>,
    /// CPU time of its runs, against its quota.
    pub(crate) cpu: crate::quotas::CpuLedger,
    pub(crate) episodes: EpisodeLog,
    pub(crate) reasoning: ReasoningLog,
}

/// Where tenants keep their state.
pub(crate) struct Tenants {
    home: Option<PathBuf>,
    /// The database holding every tenant's artifacts, when processes share one.
    shared: Option<PgDatabase>,
    durability: Durability,
    reasoning: ReasoningMode,
    limits: StoreLimits,
    quotas: QuotasConfig,
    map: DashMap<TenantId, Arc<Tenant>>,
}

impl Tenants {
    pub(crate) fn new(
        home: Option<PathBuf>,
        shared: Option<PgDatabase>,
        durability: Durability,
        reasoning: ReasoningMode,
        limits: StoreLimits,
        quotas: QuotasConfig,
    ) -> Self {
        Tenants { home, shared, durability, reasoning, limits, quotas, map: DashMap::new() }
    }

    /// The artifact store of a tenant: in the shared database, else in memory or under `dir`.
    fn artifacts(&self, id: &TenantId, dir: Option<&std::path::Path>) -> Result<Arc<dyn ArtifactStore>, JacobianError> {
        let store: Arc<dyn ArtifactStore> = match (&self.shared, dir) {
            (Some(db), _) => Arc::new(db.store(id.as_str()).with_limits(self.limits)),
            (None, Some(dir)) => Arc::new(FsArtifactStore::open(dir.join("artifacts"))?.with_limits(self.limits)),
            (None, None) => Arc::new(MemoryArtifactStore::new().with_limits(self.limits)),
        };
        self.held(id, store)
    }

    /// The effective quota of a tenant.
    pub(crate) fn quota(&self, id: &TenantId) -> jacobian_runtime::policy::Quota {
        self.quotas.of(id.as_str())
    }

    /// Wraps a store in the tenant's quotas.
    fn held(&self, id: &TenantId, store: Arc<dyn ArtifactStore>) -> Result<Arc<dyn ArtifactStore>, JacobianError> {
        let quota = self.quota(id);
        Ok(Arc::new(crate::quotas::QuotaStore::wrap(store, id.as_str(), quota)?))
    }

    /// The tenant's state, opened on first use.
    pub(crate) fn get(&self, id: &TenantId) -> Result<Arc<Tenant>, JacobianError> {
        if let Some(t) = self.map.get(id) {
            return Ok(Arc::clone(&t));
        }
        let entry = self.map.entry(id.clone());
        let tenant = entry.or_try_insert_with(|| self.open(id).map(Arc::new))?;
        Ok(Arc::clone(&tenant))
    }

    /// The reasoning log of a tenant: in the shared database, else in this process (appended
    /// to a file under `dir`, when the tenant has one).
    fn reasoning_log(&self, id: &TenantId, dir: Option<&std::path::Path>) -> Result<ReasoningLog, JacobianError> {
        match &self.shared {
            Some(db) => Ok(ReasoningLog::shared(self.reasoning, db.clone(), id.as_str())),
            None => ReasoningLog::new(self.reasoning, dir.map(|d| d.join("reasoning.jsonl")).as_deref())
                .map_err(|e| JacobianError::io("opening the reasoning log", e)),
        }
    }

    fn open(&self, id: &TenantId) -> Result<Tenant, JacobianError> {
        let Some(home) = &self.home else {
            return Ok(Tenant {
                store: self.artifacts(id, None)?,
                cpu: crate::quotas::CpuLedger::new(id.as_str(), &self.quota(id), self.shared.clone()),
                episodes: match &self.shared {
                    Some(db) => EpisodeLog::shared(db.clone(), id.as_str()),
                    None => EpisodeLog::in_memory(),
                },
                reasoning: self.reasoning_log(id, None)?,
            });
        };
        let dir = home.join("tenants").join(id.as_str());
        std::fs::create_dir_all(&dir).map_err(|e| JacobianError::io("creating the tenant directory", e))?;
        let episodes = match &self.shared {
            Some(db) => EpisodeLog::shared(db.clone(), id.as_str()),
            None => EpisodeLog::open(&dir.join("episodes.jsonl"), self.durability)
                .map_err(|e| JacobianError::io("opening the episode log", e))?,
        };
        let reasoning = self.reasoning_log(id, Some(&dir))?;
        Ok(Tenant {
            store: self.artifacts(id, Some(&dir))?,
            cpu: crate::quotas::CpuLedger::new(id.as_str(), &self.quota(id), self.shared.clone()),
            episodes,
            reasoning,
        })
    }

    /// Whether tenants keep their state under a home directory (else in memory).
    pub(crate) fn on_disk(&self) -> bool {
        self.home.is_some()
    }

    /// The database every tenant's artifacts live in, when processes share one.
    pub(crate) fn shared_store(&self) -> Option<&PgDatabase> {
        self.shared.as_ref()
    }

    /// Every open tenant.
    pub(crate) fn open_tenants(&self) -> Vec<Arc<Tenant>> {
        self.map.iter().map(|e| Arc::clone(e.value())).collect()
    }

    /// Fsyncs every episode log.
    pub(crate) fn flush(&self) {
        for t in self.open_tenants() {
            if let Err(e) = t.episodes.flush() {
                tracing::warn!(error = %e, "episode log flush failed");
            }
        }
    }
}
