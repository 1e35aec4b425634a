//! The adapter contract: how a capability validates, prices and runs one call.
//!
//! An adapter sees its request, an [`AdapterContext`] (deadline, cancellation, progress, an
//! artifact writer) and nothing else. The context has no route to any checker: by
//! construction, a producer cannot certify its own output.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio_util::sync::CancellationToken;

use crate::artifact::{ArtifactReader, ArtifactStore, ArtifactUri, Manifest, NewArtifact, StoreBound};
use crate::backend::{Program, Reply, SharedBackendPort};
use crate::canonical::to_canonical_vec;
use crate::checker::Evidence;
use crate::contract::{
    AssuranceLevel, CapabilityDescriptor, Completeness, Diagnostic, Mode, Obligation, Qualifier, Relationship, Scope,
};
use crate::error::{Error, Result};
use crate::verification::RESERVED_SCHEMAS;

/// What request preparation may use: the mode and read access to stored artifacts (to
/// resolve `artifact://` inputs during validation).
#[derive(Clone)]
pub struct PrepareContext {
    /// The requested mode.
    pub mode: Mode,
    /// Read access to the caller's artifacts.
    pub artifacts: ArtifactReader,
}

/// The budget a prepared run is priced against.
#[derive(Debug, Clone, Copy)]
pub struct RunBudget {
    /// Wall-clock time granted.
    pub wall: Duration,
}

/// Why preflight refused a run. Refusals are not conclusions. Diagnostic paths are relative to
/// the input, as in preparation.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// Outside what the provider supports (e.g. an NP-hard invariant above its order bound).
    Unsupported(Diagnostic),
    /// Cannot fit the granted budget.
    OverBudget(Diagnostic),
}

/// One progress report: `done` of `total` units, with an optional message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// Units done.
    pub done: u64,
    /// Units in all, when known.
    pub total: Option<u64>,
    /// What is happening.
    pub message: Option<String>,
}

/// Receives progress reports. Must not block.
pub type ProgressSink = Arc<dyn Fn(Progress) + Send + Sync>;

/// Stores artifacts on behalf of one episode. Refuses the runtime's reserved schemas
/// (verification records, claim semantics): only the runtime writes those.
#[derive(Clone)]
pub struct ArtifactWriter {
    store: Arc<dyn ArtifactStore>,
    episode_id: Arc<str>,
    bound: Option<Arc<StoreBound>>,
}

impl ArtifactWriter {
    /// A writer for `episode_id`.
    pub fn new(store: Arc<dyn ArtifactStore>, episode_id: impl Into<Arc<str>>) -> Self {
        ArtifactWriter { store, episode_id: episode_id.into(), bound: None }
    }

    /// The same writer, its puts held to `bound` besides whatever the store holds them to.
    pub fn within(self, bound: StoreBound) -> Self {
        ArtifactWriter { bound: Some(Arc::new(bound)), ..self }
    }

    /// Stores a JSON value in its canonical encoding.
    pub fn put_json(&self, schema_uri: &str, value: &Value, parents: &[ArtifactUri]) -> Result<Manifest> {
        self.put_bytes(schema_uri, "application/json", &to_canonical_vec(value), parents)
    }

    /// Stores raw bytes.
    pub fn put_bytes(
        &self,
        schema_uri: &str,
        media_type: &str,
        bytes: &[u8],
        parents: &[ArtifactUri],
    ) -> Result<Manifest> {
        if RESERVED_SCHEMAS.contains(&schema_uri) {
            return Err(Error::ArtifactRefused {
                reason: format!("schema {schema_uri} is written only by the runtime"),
            });
        }
        let new = NewArtifact { schema_uri, media_type, bytes, parents, producing_episode: Some(&self.episode_id) };
        match self.bound.as_deref() {
            Some(bound) => self.store.put_within(&new, *bound),
            None => self.store.put(&new),
        }
    }

    /// Read access to the same store.
    pub fn reader(&self) -> ArtifactReader {
        ArtifactReader::new(Arc::clone(&self.store))
    }
}

/// Everything an executing adapter may use.
#[derive(Clone)]
pub struct AdapterContext {
    /// The episode running this call.
    pub episode_id: Arc<str>,
    /// The requested mode.
    pub mode: Mode,
    /// When the run's budget ends. The scheduler enforces it whether or not the adapter does.
    pub deadline: Instant,
    /// Fires when the run is cancelled or timed out.
    pub cancel: CancellationToken,
    progress: ProgressSink,
    artifacts: ArtifactWriter,
    backends: Option<SharedBackendPort>,
}

impl AdapterContext {
    /// Builds a context.
    pub fn new(
        episode_id: impl Into<Arc<str>>,
        mode: Mode,
        deadline: Instant,
        cancel: CancellationToken,
        progress: ProgressSink,
        artifacts: ArtifactWriter,
    ) -> Self {
        AdapterContext { episode_id: episode_id.into(), mode, deadline, cancel, progress, artifacts, backends: None }
    }

    /// Gives the run access to the backend pools.
    pub fn with_backends(mut self, backends: SharedBackendPort) -> Self {
        self.backends = Some(backends);
        self
    }

    /// Runs `program` on a warm worker of its backend, within this run's deadline and
    /// cancellation; see [`crate::backend::BackendPort::run`].
    pub fn backend(&self, program: &Program) -> Result<Reply, AdapterError> {
        self.checkpoint()?;
        match &self.backends {
            Some(port) => port.run(program, self),
            None => Err(AdapterError::Backend(format!("no {} pool is running in this runtime", program.backend()))),
        }
    }

    /// A context for calling an adapter directly (tests, benchmarks): no progress sink.
    pub fn detached(store: Arc<dyn ArtifactStore>, mode: Mode, wall: Duration) -> Self {
        let episode: Arc<str> = Arc::from("detached");
        AdapterContext::new(
            Arc::clone(&episode),
            mode,
            Instant::now() + wall,
            CancellationToken::new(),
            Arc::new(|_| {}),
            ArtifactWriter::new(store, episode),
        )
    }

    /// True once the run should stop: cancelled, or past its deadline.
    pub fn should_stop(&self) -> bool {
        self.cancel.is_cancelled() || Instant::now() >= self.deadline
    }

    /// Why the run must stop, if it must. A passed deadline wins over cancellation, since the
    /// run's token also fires at the deadline.
    pub fn interruption(&self) -> Option<Interruption> {
        if Instant::now() >= self.deadline {
            Some(Interruption::Deadline)
        } else if self.cancel.is_cancelled() {
            Some(Interruption::Cancelled)
        } else {
            None
        }
    }

    /// `Err` once the run should stop, saying why; use with `?` in loops.
    pub fn checkpoint(&self) -> Result<(), AdapterError> {
        match self.interruption() {
            None => Ok(()),
            Some(Interruption::Deadline) => Err(AdapterError::DeadlineExceeded),
            Some(Interruption::Cancelled) => Err(AdapterError::Cancelled),
        }
    }

    /// Time left before the deadline.
    pub fn remaining(&self) -> Duration {
        self.deadline.saturating_duration_since(Instant::now())
    }

    /// Reports progress (forwarded to whoever asked for it; dropped otherwise).
    pub fn progress(&self, done: u64, total: Option<u64>, message: Option<String>) {
        (self.progress)(Progress { done, total, message });
    }

    /// The artifact writer of this episode.
    pub fn artifacts(&self) -> &ArtifactWriter {
        &self.artifacts
    }
}

/// How a run was cut short while still returning what it had.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Interruption {
    /// The deadline passed.
    Deadline,
    /// The caller cancelled.
    Cancelled,
}

/// What an adapter returns from a run that produced output (serializable, so that a worker node
/// can send it to the replica that placed the run).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Outcome<T = Value> {
    /// Operation-specific output.
    pub output: T,
    /// Exactly what the output covers.
    pub scope: Scope,
    /// How much of the scope was covered.
    pub completeness: Completeness,
    /// How the output was obtained.
    pub qualifiers: Vec<Qualifier>,
    /// The producer's own assurance: HEURISTIC or COMPUTED. A producer claiming VERIFIED is
    /// downgraded by the runtime; only a checker's accepted verdict promotes.
    pub assurance: AssuranceLevel,
    /// Open proof obligations.
    pub obligations: Vec<Obligation>,
    /// Edges between artifacts.
    pub relationships: Vec<Relationship>,
    /// Artifacts the output refers to (each must be stored).
    pub artifact_uris: Vec<ArtifactUri>,
    /// Evidence for a checker (VERIFY mode).
    pub evidence: Option<Evidence>,
    /// Warnings and notes.
    pub diagnostics: Vec<Diagnostic>,
    /// Set when the output is what was done before a deadline or cancellation.
    pub interrupted: Option<Interruption>,
}

impl<T> Outcome<T> {
    /// An exact, deterministic computation over exactly its input.
    pub fn computed(output: T, scope: Scope) -> Self {
        Outcome {
            output,
            scope,
            completeness: Completeness::computed(),
            qualifiers: vec![Qualifier::Exact, Qualifier::Deterministic],
            assurance: AssuranceLevel::Computed,
            obligations: vec![],
            relationships: vec![],
            artifact_uris: vec![],
            evidence: None,
            diagnostics: vec![],
            interrupted: None,
        }
    }

    /// A search or proposal whose output is unchecked.
    pub fn heuristic(output: T, scope: Scope, completeness: Completeness) -> Self {
        Outcome {
            completeness,
            qualifiers: vec![Qualifier::Heuristic],
            assurance: AssuranceLevel::Heuristic,
            ..Outcome::computed(output, scope)
        }
    }

    /// Replaces the output, keeping everything else.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Outcome<U> {
        Outcome {
            output: f(self.output),
            scope: self.scope,
            completeness: self.completeness,
            qualifiers: self.qualifiers,
            assurance: self.assurance,
            obligations: self.obligations,
            relationships: self.relationships,
            artifact_uris: self.artifact_uris,
            evidence: self.evidence,
            diagnostics: self.diagnostics,
            interrupted: self.interrupted,
        }
    }

    /// Adds an artifact reference.
    pub fn artifact(mut self, uri: ArtifactUri) -> Self {
        if !self.artifact_uris.contains(&uri) {
            self.artifact_uris.push(uri);
        }
        self
    }

    /// Adds a relationship.
    pub fn relate(mut self, relation: &str, subject: impl ToString, object: impl ToString) -> Self {
        self.relationships.push(Relationship {
            relation: relation.to_owned(),
            subject: subject.to_string(),
            object: object.to_string(),
        });
        self
    }

    /// Adds an obligation.
    pub fn obligation(mut self, kind: &str, description: impl Into<String>, evidence_kind: Option<&str>) -> Self {
        self.obligations.push(Obligation {
            kind: kind.to_owned(),
            description: description.into(),
            evidence_kind: evidence_kind.map(str::to_owned),
        });
        self
    }

    /// Attaches evidence for a checker.
    pub fn evidence(mut self, evidence: Evidence) -> Self {
        self.evidence = Some(evidence);
        self
    }

    /// Marks the output as cut short.
    pub fn interrupted(mut self, why: Interruption) -> Self {
        self.interrupted = Some(why);
        self
    }
}

/// Why a run produced no output.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AdapterError {
    /// The caller cancelled the run.
    #[error("the run was cancelled")]
    Cancelled,
    /// The deadline passed.
    #[error("the run's deadline passed")]
    DeadlineExceeded,
    /// Outside what the provider supports, discovered during execution.
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// The backend failed.
    #[error("{0}")]
    Backend(String),
    /// An artifact could not be read or written.
    #[error(transparent)]
    Artifact(#[from] Error),
}

/// Where a prepared run executes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Placement {
    /// On the blocking pool (the default). The scheduler enforces the deadline whatever the
    /// adapter does, and a thread that ignores cancellation keeps its slot until it ends.
    #[default]
    Blocking,
    /// On the capability actor's own task, skipping the hand-off to a blocking thread (about
    /// 15–20 µs). Only for runs whose cost the adapter bounds from the input to a few tens of
    /// microseconds (arithmetic on small numbers, lookups), because an inline run cannot be
    /// abandoned at its deadline.
    Inline,
}

/// A prepared call: validated, resolved, ready to be priced and run.
pub trait PreparedRun: Send + 'static {
    /// Where to execute; [`Placement::Blocking`] unless the adapter bounds the cost.
    fn placement(&self) -> Placement {
        Placement::Blocking
    }

    /// Cost checks before execution (order bounds, size estimates). No computation.
    fn preflight(&self, _budget: &RunBudget) -> Result<(), Refusal> {
        Ok(())
    }

    /// Runs the operation. Called on a blocking thread; long loops must call
    /// [`AdapterContext::checkpoint`] or [`AdapterContext::should_stop`].
    fn execute(self: Box<Self>, ctx: &AdapterContext) -> Result<Outcome, AdapterError>;
}

/// An adapter whose descriptor carries discovery vocabulary (aliases, and the requests it is
/// not for); everything else is the inner adapter's.
pub struct WithVocabulary {
    inner: SharedAdapter,
    descriptor: Arc<CapabilityDescriptor>,
}

impl WithVocabulary {
    /// Adds `aliases` and `not_for` (after any the descriptor already has) to `inner`'s
    /// descriptor.
    pub fn wrap(
        inner: SharedAdapter,
        aliases: impl IntoIterator<Item = String>,
        not_for: impl IntoIterator<Item = String>,
    ) -> SharedAdapter {
        let mut descriptor = inner.descriptor().clone();
        descriptor.aliases.extend(aliases);
        descriptor.not_for.extend(not_for);
        Arc::new(WithVocabulary { inner, descriptor: Arc::new(descriptor) })
    }
}

impl CapabilityAdapter for WithVocabulary {
    fn descriptor(&self) -> &CapabilityDescriptor {
        &self.descriptor
    }

    fn shared_descriptor(&self) -> Arc<CapabilityDescriptor> {
        self.descriptor.clone()
    }

    fn backend(&self) -> Option<crate::backend::BackendKind> {
        self.inner.backend()
    }

    fn availability(&self) -> Result<(), String> {
        self.inner.availability()
    }

    fn prepare(&self, input: &Value, cx: &PrepareContext) -> Result<Box<dyn PreparedRun>, Vec<Diagnostic>> {
        self.inner.prepare(input, cx)
    }
}

/// An installed capability.
pub trait CapabilityAdapter: Send + Sync + 'static {
    /// The descriptor (stable for the adapter's lifetime).
    fn descriptor(&self) -> &CapabilityDescriptor;

    /// The descriptor, shared: adapters that keep theirs in an `Arc` hand it out, so the
    /// catalog holds it without a copy.
    fn shared_descriptor(&self) -> Arc<CapabilityDescriptor> {
        Arc::new(self.descriptor().clone())
    }

    /// The backend pool this capability runs on, if any. A capability whose backend is missing
    /// or too old on this machine is not offered.
    fn backend(&self) -> Option<crate::backend::BackendKind> {
        None
    }

    /// Whether the capability can serve now. `Err(why)` takes it out of discovery and refuses
    /// its runs (an operator package whose circuit is open); the runtime's own health board
    /// applies besides.
    fn availability(&self) -> Result<(), String> {
        Ok(())
    }

    /// Cross-field validation and resolution of an input that already passed the input
    /// schema. No computation beyond validation, no writes. Every problem is reported, each
    /// with a JSON Pointer relative to the input (e.g. `/edges/3/1`).
    fn prepare(&self, input: &Value, cx: &PrepareContext) -> Result<Box<dyn PreparedRun>, Vec<Diagnostic>>;
}

/// A shared adapter.
pub type SharedAdapter = Arc<dyn CapabilityAdapter>;
