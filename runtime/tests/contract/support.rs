//! Test fixtures: a small typed operation and descriptor-only capabilities for discovery.

use std::sync::{Arc, Mutex};

use jacobian_runtime::adapter::{
    AdapterContext, AdapterError, CapabilityAdapter, Outcome, PrepareContext, PreparedRun,
};
use jacobian_runtime::contract::{
    AssuranceLevel, CONTRACT_VERSION, CapabilityDescriptor, CapabilityId, Diagnostic, InputKind, InvocationExample,
    Mode, Provider,
};
use jacobian_runtime::typed::{Describe, Operation, Typed};
use jacobian_runtime::{Digest, Scope};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

pub fn provider() -> Provider {
    Provider {
        id: "test-provider".into(),
        version: "1.0.0".into(),
        digest_kind: "SHA256_IDENTITY".into(),
        digest: Digest::of_bytes(b"test-provider 1.0.0").prefixed(),
        platform: Provider::current_platform(),
        install_tier: "BUNDLED".into(),
        license: "Apache-2.0".into(),
        features: vec![],
    }
}

/// Sums integers, optionally modulo a positive modulus.
pub struct Sum;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SumInput {
    /// The integers.
    pub values: Vec<i64>,
    /// A positive modulus.
    #[serde(default)]
    pub modulus: Option<i64>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct SumOutput {
    pub sum: i128,
}

impl Operation for Sum {
    type Input = SumInput;
    type Output = SumOutput;
    type Prepared = SumInput;

    fn describe(&self) -> Describe {
        Describe {
            id: "test.compute.sum",
            title: "Sum of integers",
            outcome: "The exact sum of a list of integers, optionally reduced modulo m.",
            description: "Adds the given integers exactly.",
            tags: &["arithmetic", "sum"],
            modes: &[Mode::Explore, Mode::Verify],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[],
            assurance_ceiling: AssuranceLevel::Verified,
            scope_rule: "Exactly the given list.",
            read_only: true,
            writes_artifacts: false,
            evidence_kinds: &["test.sum/v1"],
            relationships: &[],
        }
    }

    fn provider(&self) -> Provider {
        provider()
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("three numbers", Mode::Explore, json!({"values": [1, 2, 3]}))]
    }

    fn prepare(&self, input: SumInput, _cx: &PrepareContext) -> Result<SumInput, Vec<Diagnostic>> {
        match input.modulus {
            Some(m) if m <= 0 => Err(vec![Diagnostic::at("/modulus", "NOT_POSITIVE", "the modulus must be positive")]),
            _ => Ok(input),
        }
    }

    fn run(&self, input: SumInput, _ctx: &AdapterContext) -> Result<Outcome<SumOutput>, AdapterError> {
        let mut sum: i128 = input.values.iter().map(|&v| v as i128).sum();
        if let Some(m) = input.modulus {
            sum = sum.rem_euclid(m as i128);
        }
        let scope = Scope::exact_input("the given list", Digest::of_value(&json!(input.values)));
        Ok(Outcome::computed(SumOutput { sum }, scope))
    }
}

pub fn sum() -> Arc<dyn CapabilityAdapter> {
    Arc::new(Typed::new(Sum))
}

/// A capability whose descriptor is given and whose run returns a scripted outcome.
pub struct Scripted {
    pub descriptor: CapabilityDescriptor,
    pub outcome: Mutex<Option<Outcome>>,
}

struct ScriptedRun(Option<Outcome>);

impl PreparedRun for ScriptedRun {
    fn execute(self: Box<Self>, _ctx: &AdapterContext) -> Result<Outcome, AdapterError> {
        self.0.ok_or_else(|| AdapterError::Backend("no scripted outcome".into()))
    }
}

impl CapabilityAdapter for Scripted {
    fn descriptor(&self) -> &CapabilityDescriptor {
        &self.descriptor
    }
    fn prepare(&self, _input: &Value, _cx: &PrepareContext) -> Result<Box<dyn PreparedRun>, Vec<Diagnostic>> {
        Ok(Box::new(ScriptedRun(self.outcome.lock().unwrap().clone())))
    }
}

/// A descriptor with the given id, title, tags and outcome; open to any `{"n": integer}` input.
pub fn descriptor(id: &str, title: &str, tags: &[&str], outcome: &str, description: &str) -> CapabilityDescriptor {
    CapabilityDescriptor {
        id: CapabilityId::new(id).unwrap(),
        contract_version: CONTRACT_VERSION,
        title: title.into(),
        outcome: outcome.into(),
        description: description.into(),
        tags: tags.iter().map(|t| t.to_string()).collect(),
        aliases: vec![],
        not_for: vec![],
        modes: vec![Mode::Explore],
        input_kind: InputKind::StructuredRequest,
        artifact_types: vec![],
        input_schema: json!({
            "type": "object",
            "properties": {"n": {"type": "integer"}},
            "required": ["n"],
            "additionalProperties": false
        }),
        output_schema: json!({"type": "object", "properties": {"value": {"type": "integer"}}}),
        assurance_ceiling: AssuranceLevel::Computed,
        scope_rule: "Exactly the given input.".into(),
        read_only: true,
        writes_artifacts: false,
        provider: provider(),
        evidence_kinds: vec![],
        relationships: vec![],
        examples: vec![InvocationExample { title: "one".into(), mode: Mode::Explore, input: json!({"n": 1}) }],
    }
}

pub fn scripted(descriptor: CapabilityDescriptor, outcome: Option<Outcome>) -> Arc<dyn CapabilityAdapter> {
    Arc::new(Scripted { descriptor, outcome: Mutex::new(outcome) })
}

/// Realistic capabilities, for ranking tests.
pub fn portfolio() -> Vec<Arc<dyn CapabilityAdapter>> {
    let caps: &[(&str, &str, &[&str], &str)] = &[
        (
            "artifact.put",
            "Store a typed mathematical object",
            &["artifact", "storage", "object"],
            "Validates an object against its registered schema and stores it as an immutable artifact.",
        ),
        (
            "claim.validate",
            "Validate a claim against its semantics",
            &["claim", "validation", "semantics"],
            "Checks that a claim is well formed under its declared semantics and returns its canonical form.",
        ),
        (
            "evaluate.batch",
            "Evaluate candidates in batch",
            &["evaluation", "batch", "candidates"],
            "Applies a named evaluator to an explicit batch of candidates.",
        ),
        (
            "witness.find",
            "Bounded witness search",
            &["witness", "search", "counterexample"],
            "Searches a bounded scope for a witness of a claim.",
        ),
        (
            "witness.verify",
            "Independent witness replay",
            &["witness", "verification", "replay"],
            "Replays a witness against its claim with an independent checker.",
        ),
        (
            "graph.compute.properties",
            "Exact graph invariants",
            &["graph", "invariants", "properties"],
            "Exact invariants of simple graphs, batched.",
        ),
        (
            "graph.enumerate.nonisomorphic",
            "Nonisomorphic graph enumeration",
            &["graph", "enumeration", "isomorphism", "nauty"],
            "Every simple graph of an order up to isomorphism.",
        ),
        (
            "graph.search.atlas",
            "Graph atlas search",
            &["graph", "atlas", "small-graphs"],
            "Graphs of order at most seven, filtered by properties.",
        ),
        (
            "graph.induced_tree.maximum",
            "Maximum induced tree",
            &["graph", "optimization", "induced-subgraph", "tree"],
            "A largest vertex set inducing a tree.",
        ),
        (
            "integer.compute.gcd",
            "Greatest common divisor",
            &["integer", "arithmetic", "gcd"],
            "The exact gcd of two integers.",
        ),
        (
            "universal_algebra.search.countermodel",
            "Finite countermodel search",
            &["universal-algebra", "magma", "countermodel"],
            "A finite magma satisfying some identities and violating another.",
        ),
        (
            "sat.solve",
            "SAT solving with proofs",
            &["sat", "cnf", "proof", "lrat"],
            "Satisfiability of a CNF formula with a model or a proof.",
        ),
        ("smt.check", "SMT satisfiability check", &["smt", "z3", "smtlib"], "Satisfiability of SMT-LIB2 assertions."),
        (
            "memory.search.premises",
            "Premise retrieval",
            &["retrieval", "premises", "memory"],
            "Retrieves stored premises relevant to a query.",
        ),
    ];
    caps.iter()
        .map(|(id, title, tags, outcome)| scripted(descriptor(id, title, tags, outcome, outcome), None))
        .collect()
}
