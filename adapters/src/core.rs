//! Domain-independent capabilities: storing typed mathematical objects as artifacts.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext};
use jacobian_runtime::contract::{AssuranceLevel, Diagnostic, InputKind, Mode, Provider};
use jacobian_runtime::objects::ObjectRegistry;
use jacobian_runtime::typed::{Describe, Operation};
use jacobian_runtime::{ArtifactUri, Digest, Scope};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::backends::jacobian_builtin;

/// `artifact.put`: validates an object of a registered kind and stores its canonical form.
pub struct ArtifactPut {
    registry: ObjectRegistry,
}

impl ArtifactPut {
    /// Stores objects of the kinds in `registry`.
    pub fn new(registry: ObjectRegistry) -> Self {
        ArtifactPut { registry }
    }
}

/// Input of `artifact.put`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PutInput {
    /// The object kind: a schema URI (e.g. `urn:jacobian:schema:simple-graph:v1`) or short name (`simple_graph`).
    #[schemars(length(min = 1, max = 256))]
    pub object_type: String,
    /// The object, validated against the kind's schema and rules, then canonicalized.
    pub object: Value,
    /// Artifacts this object was derived from.
    #[serde(default)]
    #[schemars(length(max = 64))]
    pub parents: Vec<ArtifactUri>,
}

/// Output of `artifact.put`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PutOutput {
    /// The stored artifact.
    pub uri: ArtifactUri,
    /// Schema URI of the object kind.
    pub schema_uri: String,
    /// Short name of the object kind.
    pub object_type: String,
    /// Size of the canonical encoding in bytes.
    pub size: u64,
    /// False when canonicalization changed the object (edge order, orientation, key order).
    pub already_canonical: bool,
}

/// What `prepare` resolved.
pub struct PutPrepared {
    schema_uri: &'static str,
    name: &'static str,
    canonical: Value,
    already_canonical: bool,
    parents: Vec<ArtifactUri>,
}

impl Operation for ArtifactPut {
    type Input = PutInput;
    type Output = PutOutput;
    type Prepared = PutPrepared;

    fn describe(&self) -> Describe {
        Describe {
            id: "artifact.put",
            title: "Store a typed mathematical object",
            outcome: "An immutable, content-addressed artifact URI for a validated object in its canonical form.",
            description: "Validates an object against its registered kind (schema, then the kind's own rules such as \
                          edge ranges and duplicates), canonicalizes it so equal objects share one digest, and stores \
                          it. The URI can be passed to any capability that accepts that artifact kind. Storing does \
                          not assert anything about the object beyond its well-formedness.",
            tags: &["artifact", "store", "object", "materialize", "storage"],
            modes: &[Mode::Explore],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[],
            assurance_ceiling: AssuranceLevel::Computed,
            scope_rule: "Exactly the given object; storing it establishes only that it is well formed.",
            read_only: false,
            writes_artifacts: true,
            evidence_kinds: &[],
            relationships: &[],
        }
    }

    fn provider(&self) -> Provider {
        jacobian_builtin(include_str!("core.rs"))
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "store a 4-cycle",
            Mode::Explore,
            json!({"object_type": "simple_graph", "object": {"order": 4, "edges": [[0, 1], [1, 2], [2, 3], [0, 3]]}}),
        )]
    }

    fn prepare(&self, input: PutInput, cx: &PrepareContext) -> Result<PutPrepared, Vec<Diagnostic>> {
        let kind = self.registry.get(&input.object_type).ok_or_else(|| {
            let known: Vec<String> =
                self.registry.kinds().map(|k| format!("{} ({})", k.name(), k.schema_uri())).collect();
            vec![Diagnostic::at(
                "/object_type",
                "UNKNOWN_OBJECT_TYPE",
                format!("no registered object kind `{}`; known kinds: {}", input.object_type, known.join(", ")),
            )]
        })?;
        let canonical = kind
            .canonicalize(&input.object)
            .map_err(|ds| ds.into_iter().map(|d| d.under("/object")).collect::<Vec<_>>())?;
        let mut problems = Vec::new();
        for (i, parent) in input.parents.iter().enumerate() {
            if !cx.artifacts.contains(parent) {
                problems.push(Diagnostic::at(
                    format!("/parents/{i}"),
                    "UNKNOWN_ARTIFACT",
                    format!("{parent} is not stored"),
                ));
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(PutPrepared {
            schema_uri: kind.schema_uri(),
            name: kind.name(),
            already_canonical: Digest::of_value(&canonical) == Digest::of_value(&input.object),
            canonical,
            parents: input.parents,
        })
    }

    fn run(&self, p: PutPrepared, ctx: &AdapterContext) -> Result<Outcome<PutOutput>, AdapterError> {
        let manifest = ctx.artifacts().put_json(p.schema_uri, &p.canonical, &p.parents)?;
        let scope = Scope::exact_input("exactly the stored object", Digest::of_value(&p.canonical));
        let mut outcome = Outcome::computed(
            PutOutput {
                uri: manifest.uri,
                schema_uri: p.schema_uri.to_owned(),
                object_type: p.name.to_owned(),
                size: manifest.size,
                already_canonical: p.already_canonical,
            },
            scope,
        )
        .artifact(manifest.uri);
        for parent in &p.parents {
            outcome = outcome.relate("DERIVED_FROM", manifest.uri, parent);
        }
        Ok(outcome)
    }
}
