//! Operator packages: capabilities served by an executable in any language, installed by the
//! operator without rebuilding Jacobian, and untrusted by construction.
//!
//! A package is a directory holding `jacobian-package.toml` ([`manifest`]) and a program that
//! speaks the JSON-lines [`protocol`] on its standard streams. Its processes run confined by the
//! sandbox (read-only access to the package directory, a scratch directory to write), pooled and
//! replaced like the backends' ([`host`]). The runtime validates every input against the
//! capability's schema before the package sees it and every output before the caller does; a
//! package's own assurance is at most COMPUTED, and its result reaches VERIFIED only when a
//! bundled, operator-authorized checker accepts the evidence it attached. A package registers no
//! checker, writes no verification record and reads no artifact: it receives inline inputs and
//! stores artifacts only through the runtime's writer. Repeated failures open the package's
//! circuit, which takes its capabilities out of discovery until the operator restarts it.

pub mod manifest;
pub mod protocol;

mod host;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use jacobian_runtime::adapter::{
    AdapterContext, AdapterError, CapabilityAdapter, Interruption, Outcome, PrepareContext, PreparedRun,
};
use jacobian_runtime::checker::Evidence;
use jacobian_runtime::contract::{
    AssuranceLevel, CONTRACT_VERSION, CapabilityDescriptor, CapabilityId, Completeness, Diagnostic, InputKind, Mode,
    Provider, Qualifier, Scope,
};
use jacobian_runtime::schema::CompiledSchema;
use jacobian_runtime::verification::RESERVED_SCHEMAS;
use jacobian_runtime::{Digest, SharedAdapter};
use serde::Serialize;
use serde_json::Value;

pub use host::PackageStats;
use host::{Host, Read, kind};
use protocol::{ErrorCode, Message, PackageCapability, Request};

/// Most artifacts one package result may store.
const MAX_ARTIFACTS: usize = 16;

/// A package that was loaded: its processes answer, its capabilities are built.
pub struct Package {
    host: Arc<Host>,
    dir: PathBuf,
    digest: Digest,
    adapters: Vec<SharedAdapter>,
}

/// What `jacobian doctor` reports of a package.
#[derive(Debug, Clone, Serialize)]
pub struct PackageReport {
    /// The package directory.
    pub dir: PathBuf,
    /// Its name, when the manifest could be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Its version.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// `sha256:<hex>` of its files.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub digest: Option<String>,
    /// `SERVING`, `CIRCUIT_OPEN` or `NOT_LOADED`.
    pub state: &'static str,
    /// Why it is not serving.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The capabilities it serves.
    pub capabilities: Vec<String>,
    /// Its counters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<PackageStats>,
}

impl Package {
    /// Reads the manifest in `dir`, starts a first process and builds the capabilities it
    /// describes. `checked_kinds` are the evidence kinds a bundled checker replays: a
    /// capability may declare only those. Every problem is reported.
    pub fn load(dir: &Path, checked_kinds: &BTreeSet<String>) -> Result<Package, Vec<String>> {
        let located = manifest::read(dir)?;
        let digest = manifest::digest(&located.dir).map_err(|e| vec![e])?;
        let host = Arc::new(Host::new(&located));
        let described = host.describe().map_err(|e| vec![format!("{}: {e}", host.label())])?;
        let m = &located.manifest;
        let mut problems = Vec::new();
        let declared: BTreeSet<&str> = m.capabilities.iter().map(String::as_str).collect();
        let given: BTreeSet<&str> = described.iter().map(|c| c.id.as_str()).collect();
        for id in declared.difference(&given) {
            problems.push(format!("`describe` does not describe {id}, which the manifest lists"));
        }
        for id in given.difference(&declared) {
            problems.push(format!("`describe` describes {id}, which the manifest does not list"));
        }
        if given.len() != described.len() {
            problems.push("`describe` describes a capability twice".into());
        }
        let provider = Provider {
            id: format!("package:{}", m.name),
            version: m.version.clone(),
            digest_kind: "SHA256_PACKAGE".into(),
            digest: digest.prefixed(),
            platform: Provider::current_platform(),
            install_tier: "OPERATOR_PACKAGE".into(),
            license: m.license.clone(),
            features: vec![],
        };
        let mut adapters: Vec<SharedAdapter> = Vec::new();
        for c in described {
            let at = |p: String| format!("{}: {p}", c.id);
            for k in c.evidence_kinds.iter().filter(|k| !checked_kinds.contains(*k)) {
                problems.push(at(format!("evidence kind `{k}` is replayed by no bundled checker")));
            }
            match PackageAdapter::new(Arc::clone(&host), c, provider.clone()) {
                Ok(a) => adapters.push(Arc::new(a)),
                Err(ps) => problems.extend(ps),
            }
        }
        if problems.is_empty() {
            Ok(Package { host, dir: located.dir, digest, adapters })
        } else {
            Err(problems.into_iter().map(|p| format!("{}: {p}", host.label())).collect())
        }
    }

    /// The package's capabilities, to install.
    pub fn adapters(&self) -> &[SharedAdapter] {
        &self.adapters
    }

    /// Its state and counters.
    pub fn report(&self) -> PackageReport {
        let open = self.host.open();
        PackageReport {
            dir: self.dir.clone(),
            name: Some(self.host.name.clone()),
            version: Some(self.host.version.clone()),
            digest: Some(self.digest.prefixed()),
            state: if open.is_some() { "CIRCUIT_OPEN" } else { "SERVING" },
            reason: open,
            capabilities: self.adapters.iter().map(|a| a.descriptor().id.to_string()).collect(),
            stats: Some(self.host.stats()),
        }
    }

    /// The report of a package that could not be loaded.
    pub fn not_loaded(dir: &Path, problems: &[String]) -> PackageReport {
        let manifest = manifest::read(dir).ok();
        PackageReport {
            dir: dir.to_path_buf(),
            name: manifest.as_ref().map(|l| l.manifest.name.clone()),
            version: manifest.as_ref().map(|l| l.manifest.version.clone()),
            digest: None,
            state: "NOT_LOADED",
            reason: Some(problems.join("; ")),
            capabilities: vec![],
            stats: None,
        }
    }
}

/// One capability of a package.
struct PackageAdapter {
    host: Arc<Host>,
    descriptor: CapabilityDescriptor,
    output: Arc<CompiledSchema>,
}

impl PackageAdapter {
    fn new(host: Arc<Host>, c: PackageCapability, provider: Provider) -> Result<PackageAdapter, Vec<String>> {
        let id = CapabilityId::new(c.id.clone()).map_err(|e| vec![e])?;
        let output =
            CompiledSchema::compile(&c.output_schema).map_err(|e| vec![format!("{id}: output schema: {e}")])?;
        if c.assurance_ceiling == AssuranceLevel::Verified && c.evidence_kinds.is_empty() {
            return Err(vec![format!("{id}: a VERIFIED ceiling needs evidence kinds")]);
        }
        let descriptor = CapabilityDescriptor {
            id,
            contract_version: CONTRACT_VERSION,
            title: c.title,
            outcome: c.outcome,
            description: c.description,
            tags: c.tags,
            aliases: c.aliases,
            not_for: c.not_for,
            modes: c.modes,
            input_kind: InputKind::StructuredRequest,
            artifact_types: vec![],
            input_schema: c.input_schema,
            output_schema: c.output_schema,
            assurance_ceiling: c.assurance_ceiling,
            scope_rule: c.scope_rule,
            read_only: !c.writes_artifacts,
            writes_artifacts: c.writes_artifacts,
            provider,
            evidence_kinds: c.evidence_kinds,
            relationships: vec![],
            examples: c.examples,
        };
        let problems: Vec<String> = descriptor.lint().into_iter().map(|p| format!("{}: {p}", descriptor.id)).collect();
        if problems.is_empty() {
            Ok(PackageAdapter { host, descriptor, output: Arc::new(output) })
        } else {
            Err(problems)
        }
    }
}

impl CapabilityAdapter for PackageAdapter {
    fn descriptor(&self) -> &CapabilityDescriptor {
        &self.descriptor
    }

    fn availability(&self) -> Result<(), String> {
        match self.host.open() {
            None => Ok(()),
            Some(why) => Err(format!("{} is out of service: {why}", self.host.label())),
        }
    }

    fn prepare(&self, input: &Value, _: &PrepareContext) -> Result<Box<dyn PreparedRun>, Vec<Diagnostic>> {
        Ok(Box::new(PackageRun {
            host: Arc::clone(&self.host),
            id: self.descriptor.id.to_string(),
            evidence_kinds: self.descriptor.evidence_kinds.clone(),
            writes_artifacts: self.descriptor.writes_artifacts,
            output: Arc::clone(&self.output),
            input: input.clone(),
        }))
    }
}

/// One run of a package capability.
struct PackageRun {
    host: Arc<Host>,
    id: String,
    evidence_kinds: Vec<String>,
    writes_artifacts: bool,
    output: Arc<CompiledSchema>,
    input: Value,
}

/// How a run's exchange ended.
enum Ended {
    Answer(Box<Message>),
    /// The package broke the protocol: the process goes, the failure counts.
    Broken(String),
    Stopped(Interruption),
}

impl PreparedRun for PackageRun {
    fn execute(self: Box<Self>, ctx: &AdapterContext) -> Result<Outcome, AdapterError> {
        let host = &self.host;
        let mut worker = host.borrow(ctx)?;
        let run = ctx.episode_id.to_string();
        let request = Request::Run {
            run: run.clone(),
            capability: self.id.clone(),
            mode: ctx.mode,
            input: self.input.clone(),
            deadline_ms: u64::try_from(ctx.remaining().as_millis()).unwrap_or(u64::MAX),
        };
        host.ran();
        let ended = match host.send(&mut worker, &request) {
            Err(why) => Ended::Broken(why),
            Ok(()) => self.exchange(&mut worker, &run, ctx),
        };
        let broken = |worker, why: String| {
            host.discard(worker);
            host.failure(&why);
            Err(AdapterError::Backend(format!("{} failed the run: {why}", host.label())))
        };
        match ended {
            Ended::Broken(why) => broken(worker, why),
            Ended::Stopped(why) => {
                // Asked to stop: the process has its grace to answer, or it is killed.
                let grace = Duration::from_millis(host.limits.grace_ms);
                match host.send(&mut worker, &Request::Cancel { run: run.clone() }) {
                    Ok(()) if self.drain(&mut worker, &run, Instant::now() + grace) => host.give_back(worker),
                    _ => {
                        host.discard(worker);
                        host.failure(&format!("did not end a run within {} ms of its cancellation", grace.as_millis()));
                    }
                }
                Err(match why {
                    Interruption::Deadline => AdapterError::DeadlineExceeded,
                    Interruption::Cancelled => AdapterError::Cancelled,
                })
            }
            Ended::Answer(message) => {
                if Host::spoke_out_of_turn(&mut worker) {
                    return broken(worker, format!("answered run {run} more than once"));
                }
                match self.outcome(*message, ctx) {
                    Ok(outcome) => {
                        host.give_back(worker);
                        outcome
                    }
                    Err(why) => broken(worker, why),
                }
            }
        }
    }
}

impl PackageRun {
    /// Reads messages until the run's final answer, forwarding progress.
    fn exchange(&self, worker: &mut host::Worker, run: &str, ctx: &AdapterContext) -> Ended {
        loop {
            match self.host.read(worker, ctx.deadline, Some(&ctx.cancel)) {
                Read::Broken(why) => return Ended::Broken(why),
                Read::Stopped(host_stop) => {
                    return Ended::Stopped(match host_stop {
                        crate::backends::process::Stop::Deadline => Interruption::Deadline,
                        crate::backends::process::Stop::Cancelled => Interruption::Cancelled,
                    });
                }
                Read::Message(m) => match (m.run(), &*m) {
                    (None, other) => return Ended::Broken(format!("sent `{}` during a run", kind(other))),
                    (Some(r), _) if r != run => return Ended::Broken(format!("answered for another run, `{r}`")),
                    (_, Message::Progress { done, total, message, .. }) => {
                        let message = message.as_ref().map(|t| t.chars().take(200).collect());
                        ctx.progress(*done, *total, message);
                    }
                    _ => return Ended::Answer(m),
                },
            }
        }
    }

    /// After a cancellation: skips progress until the run's final answer; false when the
    /// process broke the protocol or did not answer by `until`.
    fn drain(&self, worker: &mut host::Worker, run: &str, until: Instant) -> bool {
        loop {
            match self.host.read(worker, until, None) {
                Read::Message(m) if m.run() == Some(run) => {
                    if !matches!(*m, Message::Progress { .. }) {
                        return !Host::spoke_out_of_turn(worker);
                    }
                }
                _ => return false,
            }
        }
    }

    /// The package's final answer as an outcome, or why it breaks the protocol. An `error`
    /// answer is the run's failure and no fault of the package's.
    fn outcome(&self, message: Message, ctx: &AdapterContext) -> Result<Result<Outcome, AdapterError>, String> {
        let label = self.host.label();
        let (output, assurance, qualifiers, evidence, diagnostics, artifacts) = match message {
            Message::Error { code, message, .. } => {
                let message: String = message.chars().take(2000).collect();
                return Ok(Err(match code {
                    ErrorCode::Unsupported => AdapterError::Unsupported(format!("{label}: {message}")),
                    ErrorCode::Failed => AdapterError::Backend(format!("{label}: {message}")),
                    ErrorCode::Cancelled => AdapterError::Backend(format!(
                        "{label} answered CANCELLED to a run that was not cancelled: {message}"
                    )),
                }));
            }
            Message::Result { output, assurance, qualifiers, evidence, diagnostics, artifacts, .. } => {
                (output, assurance, qualifiers, evidence, diagnostics, artifacts)
            }
            other => return Err(format!("sent `{}` as a final answer", kind(&other))),
        };
        let bad = self.output.validate(&output, "/output");
        if let Some(first) = bad.first() {
            return Err(format!(
                "its output violates the capability's output schema at {}: {}",
                first.path.as_deref().unwrap_or("/output"),
                first.message
            ));
        }
        if !self.writes_artifacts && !artifacts.is_empty() {
            return Err("sent artifacts for a capability that does not write artifacts".into());
        }
        if artifacts.len() > MAX_ARTIFACTS {
            return Err(format!("sent more than {MAX_ARTIFACTS} artifacts"));
        }
        if let Some(a) = artifacts.iter().find(|a| RESERVED_SCHEMAS.contains(&a.schema_uri.as_str())) {
            return Err(format!("tried to store an artifact of the runtime's reserved schema {}", a.schema_uri));
        }
        let scope = Scope::exact_input(format!("{} on the given input", self.id), Digest::of_value(&self.input));
        let completeness = Completeness::computed();
        let mut outcome = if assurance == AssuranceLevel::Heuristic {
            Outcome::heuristic(output, scope.clone(), completeness)
        } else {
            Outcome { assurance, qualifiers: vec![], ..Outcome::computed(output, scope.clone()) }
        };
        // An exhaustive search says so; the contract then asks for an exhaustive completeness.
        outcome.completeness.exhaustive = qualifiers.contains(&Qualifier::Exhaustive);
        outcome.qualifiers.extend(qualifiers);
        outcome.diagnostics = diagnostics;
        if let Some(e) = evidence {
            if !self.evidence_kinds.contains(&e.kind) {
                return Err(format!("attached evidence of kind `{}`, which the capability does not declare", e.kind));
            }
            if ctx.mode == Mode::Verify {
                outcome.evidence = Some(Evidence {
                    kind: e.kind,
                    claim: e.claim,
                    semantics: e.semantics,
                    candidate: e.candidate,
                    scope,
                    certificate_format: e.certificate_format,
                    artifacts: vec![],
                });
            }
        }
        for a in artifacts {
            match ctx.artifacts().put_json(&a.schema_uri, &a.json, &[]) {
                Ok(manifest) => outcome = outcome.artifact(manifest.uri),
                Err(e) => return Ok(Err(AdapterError::Backend(format!("{label}: an artifact was refused: {e}")))),
            }
        }
        if outcome.qualifiers.contains(&Qualifier::Heuristic) && outcome.assurance > AssuranceLevel::Heuristic {
            outcome.assurance = AssuranceLevel::Heuristic;
        }
        Ok(Ok(outcome))
    }
}
