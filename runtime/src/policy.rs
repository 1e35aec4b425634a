//! Operator policy: which capabilities are visible, which checkers may promote, what limits hold.
//!
//! All of it is configuration an operator writes (a TOML file or flags), never something a
//! model can call. Policy changes availability only; it cannot install or authorize a
//! checker by itself, and checker authority cannot hide a capability.

use std::collections::BTreeSet;
use std::path::Path;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::canonical::Digest;
use crate::checker::CheckerIdentity;
use crate::contract::{CapabilityDescriptor, Diagnostic, Mode};
use crate::error::{Error, Result};

/// Capabilities hidden by a profile: a capability is hidden when its id, domain or any tag is
/// listed, or when every mode it supports is listed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HideRules {
    /// Exact capability ids.
    #[serde(default)]
    pub ids: Vec<String>,
    /// Domains (first id segment).
    #[serde(default)]
    pub domains: Vec<String>,
    /// Tags.
    #[serde(default)]
    pub tags: Vec<String>,
    /// Modes.
    #[serde(default)]
    pub modes: Vec<Mode>,
}

/// A named visibility profile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PolicyProfile {
    /// Profile name, reported in discovery responses.
    pub name: String,
    /// What it hides.
    #[serde(default)]
    pub hide: HideRules,
}

impl Default for PolicyProfile {
    fn default() -> Self {
        PolicyProfile { name: "DEFAULT".into(), hide: HideRules::default() }
    }
}

impl PolicyProfile {
    /// A built-in profile by name: `DEFAULT`, or `COMPUTE_VERIFY_NO_RETRIEVAL` (hides every
    /// capability tagged `retrieval`, for evaluations where only computation and independent
    /// verification may be used).
    pub fn builtin(name: &str) -> Option<Self> {
        match name {
            "DEFAULT" => Some(Self::default()),
            "COMPUTE_VERIFY_NO_RETRIEVAL" => Some(PolicyProfile {
                name: name.into(),
                hide: HideRules { tags: vec!["retrieval".into()], ..HideRules::default() },
            }),
            _ => None,
        }
    }

    /// True when the capability is hidden from discovery and refused when called.
    pub fn hides(&self, d: &CapabilityDescriptor) -> bool {
        let h = &self.hide;
        h.ids.iter().any(|id| id == d.id.as_str())
            || h.domains.iter().any(|dom| dom == d.domain())
            || d.tags.iter().any(|t| h.tags.contains(t))
            || (!h.modes.is_empty() && d.modes.iter().all(|m| h.modes.contains(m)))
    }

    /// `Some(diagnostic)` when a call of `d` in `mode` is denied.
    pub fn denies(&self, d: &CapabilityDescriptor, mode: Mode) -> Option<Diagnostic> {
        if self.hides(d) {
            Some(Diagnostic::at(
                "/capability_id",
                "CAPABILITY_POLICY_DENIED",
                format!("capability {} is hidden by the operator's policy profile {}", d.id, self.name),
            ))
        } else if self.hide.modes.contains(&mode) {
            Some(Diagnostic::at(
                "/mode",
                "CAPABILITY_POLICY_DENIED",
                format!("mode {mode:?} is disabled by the operator's policy profile {}", self.name),
            ))
        } else {
            None
        }
    }
}

/// The checker identities the operator allows to promote results to VERIFIED.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CheckerAuthority {
    identities: BTreeSet<CheckerIdentity>,
}

impl CheckerAuthority {
    /// Nobody may promote.
    pub fn none() -> Self {
        Self::default()
    }

    /// Authorizes exactly these identities.
    pub fn of(identities: impl IntoIterator<Item = CheckerIdentity>) -> Self {
        CheckerAuthority { identities: identities.into_iter().collect() }
    }

    /// Adds one identity.
    pub fn authorize(&mut self, identity: CheckerIdentity) {
        self.identities.insert(identity);
    }

    /// True when exactly this identity (id, version and digest) is authorized.
    pub fn authorizes(&self, identity: &CheckerIdentity) -> bool {
        self.identities.contains(identity)
    }

    /// The authorized identities, in order.
    pub fn identities(&self) -> impl Iterator<Item = &CheckerIdentity> {
        self.identities.iter()
    }
}

/// The reasoning-log enforcement mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ReasoningMode {
    /// No log; `reasoning.write` is not offered.
    #[default]
    Off,
    /// Entries are accepted and bound to runs, but runs need not carry reasoning ids.
    Audit,
    /// Every run must carry the ids of the current BEFORE_TOOL entry.
    Required,
}

/// Scheduler limits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Limits {
    /// Runs executing at once (0: the number of cores).
    pub concurrency: usize,
    /// Runs waiting for a slot before new ones are refused.
    pub queue: usize,
    /// Runs of one capability executing at once (0: no limit beyond `concurrency`).
    pub per_capability: usize,
    /// Runs of one tenant executing or queued at once (0: no limit).
    pub per_tenant: usize,
    /// Budget when a request gives none, in ms.
    pub default_wall_ms: u64,
    /// The operator's cap on any request's budget, in ms.
    pub max_wall_ms: u64,
    /// Grace after the deadline before the scheduler answers TIMED_OUT itself, in ms.
    pub grace_ms: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            concurrency: 0,
            queue: 1024,
            per_capability: 0,
            per_tenant: 0,
            default_wall_ms: 30_000,
            max_wall_ms: 600_000,
            grace_ms: 25,
        }
    }
}

/// How checker authority is configured.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct CheckerConfig {
    /// Authorize every bundled checker at its exact built identity.
    pub bundled: bool,
    /// Further identities to authorize.
    pub authorize: Vec<CheckerIdentity>,
}

impl Default for CheckerConfig {
    fn default() -> Self {
        CheckerConfig { bundled: true, authorize: vec![] }
    }
}

/// The operator's configuration file (TOML).
///
/// ```toml
/// profile = "COMPUTE_VERIFY_NO_RETRIEVAL"   # or a [policy] table
/// [checkers]
/// bundled = true
/// [limits]
/// max_wall_ms = 120000
/// [reasoning]
/// mode = "AUDIT"
/// [[package]]
/// path = "/srv/jacobian/packages/recreational"
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct OperatorConfig {
    /// A built-in profile name (exclusive with `policy`).
    pub profile: Option<String>,
    /// A custom profile.
    pub policy: Option<PolicyProfile>,
    /// Checker authority.
    pub checkers: CheckerConfig,
    /// Scheduler limits.
    pub limits: Limits,
    /// Reasoning log.
    pub reasoning: ReasoningConfig,
    /// Backend pools.
    pub backends: BackendsConfig,
    /// Tenant quotas.
    pub quotas: QuotasConfig,
    /// Operator packages to serve (`[[package]]` entries).
    #[serde(rename = "package")]
    pub packages: Vec<PackageEntry>,
    /// Shared state for several processes.
    pub store: StoreConfig,
    /// Worker nodes that heavy runs are placed on.
    pub workers: WorkersConfig,
}

/// The `[store]` table: where artifacts live when several Jacobian processes (replicas behind
/// a load balancer) serve one team. Absent, each process keeps them under its home directory.
///
/// ```toml
/// [store]
/// url = "host=/run/postgresql user=jacobian dbname=jacobian"   # or a postgres:// URL
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct StoreConfig {
    /// A PostgreSQL connection string. The schema is created or migrated at start.
    pub url: Option<String>,
}

/// The `[workers]` table: the NATS server through which a replica places heavy runs on worker
/// nodes (`jacobian worker --join URL`), and how long a silent worker is waited for.
///
/// ```toml
/// [workers]
/// url = "nats://TOKEN@10.0.0.5:4222"   # the token, if the server asks for one, as the URL's user
/// lease_ms = 3000                      # a worker silent this long is lost (at least 1000)
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct WorkersConfig {
    /// The NATS server's URL; without it, every run executes on the replica.
    pub url: Option<String>,
    /// Milliseconds without a heartbeat after which a worker and its runs are lost.
    pub lease_ms: u64,
}

impl Default for WorkersConfig {
    fn default() -> Self {
        WorkersConfig { url: None, lease_ms: 3000 }
    }
}

/// The `[quotas]` table: limits every tenant is held to, and `[quotas.tenants.<id>]` tables
/// overriding them for one tenant. An absent limit is no limit.
///
/// ```toml
/// [quotas]
/// stored_bytes = 1073741824     # bytes of stored artifacts
/// artifacts = 100000            # stored artifacts
/// runs_in_flight = 16           # runs queued or running
/// cpu_seconds = 3600            # CPU seconds of runs within the window
/// cpu_window_seconds = 3600     # the sliding window (default 3600)
/// [quotas.tenants.alice]
/// stored_bytes = 10737418240
/// ```
///
/// The defaults spell out [`Quota`]'s fields rather than flattening it: serde cannot combine
/// `flatten` with `deny_unknown_fields`, and a misspelt quota must be refused, not ignored.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct QuotasConfig {
    /// Bytes of stored artifacts per tenant.
    pub stored_bytes: Option<u64>,
    /// Stored artifacts per tenant.
    pub artifacts: Option<u64>,
    /// Runs queued or running per tenant (otherwise `[limits] per_tenant`).
    pub runs_in_flight: Option<usize>,
    /// CPU seconds of a tenant's runs within the window.
    pub cpu_seconds: Option<u64>,
    /// The CPU window, seconds.
    pub cpu_window_seconds: Option<u64>,
    /// Per-tenant overrides.
    pub tenants: std::collections::BTreeMap<String, Quota>,
}

/// The quotas of one tenant; an absent field falls back to the `[quotas]` default.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Quota {
    /// Bytes of stored artifacts.
    pub stored_bytes: Option<u64>,
    /// Stored artifacts.
    pub artifacts: Option<u64>,
    /// Runs queued or running.
    pub runs_in_flight: Option<usize>,
    /// CPU seconds of runs within the window.
    pub cpu_seconds: Option<u64>,
    /// The CPU window, seconds.
    pub cpu_window_seconds: Option<u64>,
}

impl Quota {
    /// The bounds on the tenant's store.
    pub fn storage(&self) -> crate::artifact::StoreBound {
        crate::artifact::StoreBound { stored_bytes: self.stored_bytes, artifacts: self.artifacts }
    }
}

impl QuotasConfig {
    /// The effective quota of `tenant`.
    pub fn of(&self, tenant: &str) -> Quota {
        let own = self.tenants.get(tenant).cloned().unwrap_or_default();
        Quota {
            stored_bytes: own.stored_bytes.or(self.stored_bytes),
            artifacts: own.artifacts.or(self.artifacts),
            runs_in_flight: own.runs_in_flight.or(self.runs_in_flight),
            cpu_seconds: own.cpu_seconds.or(self.cpu_seconds),
            cpu_window_seconds: own.cpu_window_seconds.or(self.cpu_window_seconds),
        }
    }
}

/// One `[[package]]` entry: a package directory the operator enables.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackageEntry {
    /// The package directory (holding `jacobian-package.toml`); a relative path is read from
    /// the configuration file's directory.
    pub path: std::path::PathBuf,
}

/// The `[backends]` table: how the computer-algebra pools are sized and confined.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct BackendsConfig {
    /// Warm workers per backend (absent: min(2, cores)).
    pub workers: Option<usize>,
    /// Address space of each worker process, MiB.
    pub address_space_mib: Option<u64>,
    /// CPU seconds of each worker process over its life.
    pub cpu_seconds: Option<u64>,
    /// How long an interrupted backend has to return to its prompt before it is killed, ms.
    pub grace_ms: Option<u64>,
    /// Backends not to start (`pari`, `singular`, `gap`).
    pub disabled: Vec<String>,
}

/// The `[reasoning]` table.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct ReasoningConfig {
    /// OFF, AUDIT or REQUIRED.
    pub mode: ReasoningMode,
}

impl OperatorConfig {
    /// Parses TOML text.
    pub fn from_toml(text: &str) -> Result<Self> {
        let config: OperatorConfig = toml::from_str(text).map_err(|e| Error::Config(e.to_string()))?;
        config.profile()?;
        if config.limits.max_wall_ms == 0 || config.limits.default_wall_ms == 0 {
            return Err(Error::Config("limits.max_wall_ms and limits.default_wall_ms must be positive".into()));
        }
        Ok(config)
    }

    /// Reads a TOML file.
    pub fn load(path: &Path) -> Result<Self> {
        let text =
            std::fs::read_to_string(path).map_err(|e| Error::io("reading the operator configuration", path, e))?;
        let mut config = Self::from_toml(&text)?;
        let base = path.parent().unwrap_or(Path::new("."));
        for p in &mut config.packages {
            if p.path.is_relative() {
                p.path = base.join(&p.path);
            }
        }
        Ok(config)
    }

    /// The effective policy profile.
    pub fn profile(&self) -> Result<PolicyProfile> {
        match (&self.profile, &self.policy) {
            (Some(_), Some(_)) => Err(Error::Config("give either `profile` or a [policy] table, not both".into())),
            (Some(name), None) => PolicyProfile::builtin(name).ok_or_else(|| {
                Error::Config(format!("unknown profile `{name}` (DEFAULT or COMPUTE_VERIFY_NO_RETRIEVAL)"))
            }),
            (None, Some(p)) => Ok(p.clone()),
            (None, None) => Ok(PolicyProfile::default()),
        }
    }
}

/// The digest of the policy in force: profile and checker authority together.
pub fn policy_digest(profile: &PolicyProfile, authority: &CheckerAuthority) -> Digest {
    let authority: Vec<&CheckerIdentity> = authority.identities().collect();
    Digest::of_value(&json!({ "profile": profile, "authorized_checkers": authority }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_full_configuration() {
        let c = OperatorConfig::from_toml(
            r#"
            profile = "COMPUTE_VERIFY_NO_RETRIEVAL"
            [checkers]
            bundled = false
            [[checkers.authorize]]
            id = "x.check"
            version = "1"
            digest = "sha256:00"
            [limits]
            max_wall_ms = 1000
            [reasoning]
            mode = "REQUIRED"
            "#,
        )
        .unwrap();
        assert_eq!(c.profile().unwrap().hide.tags, vec!["retrieval"]);
        assert!(!c.checkers.bundled);
        assert_eq!(c.checkers.authorize.len(), 1);
        assert_eq!(c.limits.max_wall_ms, 1000);
        assert_eq!(c.limits.queue, Limits::default().queue);
        assert_eq!(c.reasoning.mode, ReasoningMode::Required);
    }

    #[test]
    fn rejects_unknown_keys_and_profiles() {
        assert!(OperatorConfig::from_toml("profil = \"DEFAULT\"").is_err());
        assert!(OperatorConfig::from_toml("profile = \"NOPE\"").is_err());
        assert!(OperatorConfig::from_toml("[limits]\nmax_wall_ms = 0").is_err());
        assert!(OperatorConfig::from_toml("profile = \"DEFAULT\"\n[policy]\nname = \"x\"").is_err());
    }

    #[test]
    fn digest_changes_with_profile_and_authority() {
        let p = PolicyProfile::default();
        let a = CheckerAuthority::none();
        let base = policy_digest(&p, &a);
        assert_ne!(base, policy_digest(&PolicyProfile::builtin("COMPUTE_VERIFY_NO_RETRIEVAL").unwrap(), &a));
        let mut b = a.clone();
        b.authorize(CheckerIdentity { id: "c".into(), version: "1".into(), digest: "sha256:x".into() });
        assert_ne!(base, policy_digest(&p, &b));
    }
}
