//! Typed operations: write a capability as Rust types, get a checked [`CapabilityAdapter`].
//!
//! The input and output schemas are generated from the `Input` and `Output` types, and the
//! input is parsed into `Input` only after it passed that schema, so an adapter never sees
//! an ill-typed value and its schema cannot drift from its parser.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::adapter::{
    AdapterContext, AdapterError, CapabilityAdapter, Outcome, Placement, PrepareContext, PreparedRun, Refusal,
    RunBudget,
};
use crate::contract::{
    AssuranceLevel, CONTRACT_VERSION, CapabilityDescriptor, CapabilityId, CapabilityRelationship, Diagnostic,
    InputKind, InvocationExample, Mode, Provider,
};
use crate::schema::{parse_typed, schema_for};

/// The descriptor of a typed operation, minus what the types supply (schemas).
#[derive(Debug, Clone)]
pub struct Describe {
    /// Namespaced id.
    pub id: &'static str,
    /// Short title.
    pub title: &'static str,
    /// One line: the outcome.
    pub outcome: &'static str,
    /// Longer description.
    pub description: &'static str,
    /// Discovery tags.
    pub tags: &'static [&'static str],
    /// Supported modes.
    pub modes: &'static [Mode],
    /// Input kind.
    pub input_kind: InputKind,
    /// Accepted artifact schema URIs.
    pub artifact_types: &'static [&'static str],
    /// Strongest assurance.
    pub assurance_ceiling: AssuranceLevel,
    /// Scope rule.
    pub scope_rule: &'static str,
    /// Writes nothing at all.
    pub read_only: bool,
    /// May write artifacts.
    pub writes_artifacts: bool,
    /// Evidence kinds emitted in VERIFY.
    pub evidence_kinds: &'static [&'static str],
    /// `(relation, capability id)` pairs.
    pub relationships: &'static [(&'static str, &'static str)],
}

/// A capability written with Rust types.
pub trait Operation: Send + Sync + 'static {
    /// The request, as deserialized from a schema-valid `input`.
    type Input: DeserializeOwned + JsonSchema;
    /// The output.
    type Output: Serialize + JsonSchema;
    /// What preparation hands to execution (resolved artifacts, normalized values).
    type Prepared: Send + 'static;

    /// The descriptor fields.
    fn describe(&self) -> Describe;
    /// The provider, pinned.
    fn provider(&self) -> Provider;
    /// The backend pool the operation runs on, if any.
    fn backend(&self) -> Option<crate::backend::BackendKind> {
        None
    }
    /// Example calls `(title, mode, input)`; each is validated at registration.
    fn examples(&self) -> Vec<(&'static str, Mode, Value)>;
    /// Cross-field validation; paths relative to the input.
    fn prepare(&self, input: Self::Input, cx: &PrepareContext) -> Result<Self::Prepared, Vec<Diagnostic>>;
    /// Where to execute; see [`Placement`]. Blocking unless overridden.
    fn placement(&self, _prepared: &Self::Prepared) -> Placement {
        Placement::Blocking
    }
    /// Cost checks.
    fn preflight(&self, _prepared: &Self::Prepared, _budget: &RunBudget) -> Result<(), Refusal> {
        Ok(())
    }
    /// The computation.
    fn run(&self, prepared: Self::Prepared, ctx: &AdapterContext) -> Result<Outcome<Self::Output>, AdapterError>;
}

/// Adapts an [`Operation`] to [`CapabilityAdapter`].
pub struct Typed<O: Operation> {
    op: Arc<O>,
    descriptor: Arc<CapabilityDescriptor>,
}

impl<O: Operation> Typed<O> {
    /// Builds the adapter and its descriptor. Panics only on a malformed static id, which is a
    /// programming error caught by every test that installs the operation.
    pub fn new(op: O) -> Self {
        let d = op.describe();
        let descriptor = CapabilityDescriptor {
            id: CapabilityId::new(d.id).expect("static capability ids are well formed"),
            contract_version: CONTRACT_VERSION,
            title: d.title.into(),
            outcome: d.outcome.into(),
            description: d.description.into(),
            tags: d.tags.iter().map(|t| t.to_string()).collect(),
            aliases: Vec::new(),
            not_for: Vec::new(),
            modes: d.modes.to_vec(),
            input_kind: d.input_kind,
            artifact_types: d.artifact_types.iter().map(|t| t.to_string()).collect(),
            input_schema: schema_for::<O::Input>(),
            output_schema: schema_for::<O::Output>(),
            assurance_ceiling: d.assurance_ceiling,
            scope_rule: d.scope_rule.into(),
            read_only: d.read_only,
            writes_artifacts: d.writes_artifacts,
            provider: op.provider(),
            evidence_kinds: d.evidence_kinds.iter().map(|t| t.to_string()).collect(),
            relationships: d
                .relationships
                .iter()
                .map(|(relation, id)| CapabilityRelationship {
                    relation: relation.to_string(),
                    capability_id: id.to_string(),
                })
                .collect(),
            examples: op
                .examples()
                .into_iter()
                .map(|(title, mode, input)| InvocationExample { title: title.into(), mode, input })
                .collect(),
        };
        Typed { op: Arc::new(op), descriptor: Arc::new(descriptor) }
    }
}

struct TypedRun<O: Operation> {
    op: Arc<O>,
    prepared: O::Prepared,
}

impl<O: Operation> PreparedRun for TypedRun<O> {
    fn placement(&self) -> Placement {
        self.op.placement(&self.prepared)
    }

    fn preflight(&self, budget: &RunBudget) -> Result<(), Refusal> {
        self.op.preflight(&self.prepared, budget)
    }

    fn execute(self: Box<Self>, ctx: &AdapterContext) -> Result<Outcome, AdapterError> {
        let TypedRun { op, prepared } = *self;
        let outcome = op.run(prepared, ctx)?;
        let output = serde_json::to_value(&outcome.output)
            .map_err(|e| AdapterError::Backend(format!("output does not serialize: {e}")))?;
        Ok(outcome.map(|_| output))
    }
}

impl<O: Operation> CapabilityAdapter for Typed<O> {
    fn descriptor(&self) -> &CapabilityDescriptor {
        &self.descriptor
    }

    fn shared_descriptor(&self) -> Arc<CapabilityDescriptor> {
        self.descriptor.clone()
    }

    fn backend(&self) -> Option<crate::backend::BackendKind> {
        self.op.backend()
    }

    fn prepare(&self, input: &Value, cx: &PrepareContext) -> Result<Box<dyn PreparedRun>, Vec<Diagnostic>> {
        let typed: O::Input = parse_typed(input, "").map_err(|d| vec![d])?;
        let prepared = self.op.prepare(typed, cx)?;
        Ok(Box::new(TypedRun { op: Arc::clone(&self.op), prepared }))
    }
}
