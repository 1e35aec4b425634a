//! `graph.construct.explicit`: a simple graph from labelled vertices and edges.

use std::collections::HashMap;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext};
use jacobian_runtime::contract::{AssuranceLevel, Diagnostic, InputKind, Mode, Provider};
use jacobian_runtime::objects::graph::{MAX_EDGES, MAX_ORDER, SIMPLE_GRAPH_SCHEMA, SimpleGraph};
use jacobian_runtime::typed::{Describe, Operation};
use jacobian_runtime::{ArtifactUri, Digest, Scope};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::backends::jacobian_builtin;

/// A vertex label: a string or an integer.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Deserialize, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Label {
    /// An integer label.
    Integer(i64),
    /// A string label.
    Text(String),
}

impl std::fmt::Display for Label {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Label::Integer(i) => write!(f, "{i}"),
            Label::Text(s) => write!(f, "{s:?}"),
        }
    }
}

/// Input of `graph.construct.explicit`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConstructInput {
    /// The vertices, by label; vertex `i` of the result is `vertices[i]`.
    #[schemars(length(max = 1_048_576))]
    pub vertices: Vec<Label>,
    /// Edges between labels, in any orientation.
    #[schemars(length(max = 4_000_000))]
    pub edges: Vec<[Label; 2]>,
}

/// Output of `graph.construct.explicit`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ConstructOutput {
    /// The stored graph.
    pub uri: ArtifactUri,
    /// The canonical graph on vertices `0..order`.
    pub graph: SimpleGraph,
    /// `labels[i]` is the label of vertex `i`.
    pub labels: Vec<Label>,
    /// The graph in graph6.
    pub graph6: String,
}

/// `graph.construct.explicit`.
pub struct ConstructExplicit;

/// What preparation hands to execution.
pub struct Prepared {
    graph: SimpleGraph,
    labels: Vec<Label>,
}

impl Operation for ConstructExplicit {
    type Input = ConstructInput;
    type Output = ConstructOutput;
    type Prepared = Prepared;

    fn describe(&self) -> Describe {
        Describe {
            id: "graph.construct.explicit",
            title: "Build a graph from labelled vertices and edges",
            outcome: "A canonical simple graph, stored as an artifact, with the map from its vertices to your labels.",
            description: "Numbers the given vertices 0..n-1 in the order listed, maps each edge's labels to those \
                          numbers, and stores the graph in canonical form (edges as [u, v] with u < v, sorted). \
                          Unknown vertices, loops, duplicate vertices and duplicate edges are refused with the JSON \
                          path of the offending entry, and nothing is stored.",
            tags: &["graph", "construct", "build", "create", "labelled", "edge-list", "artifact"],
            modes: &[Mode::Explore],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[],
            assurance_ceiling: AssuranceLevel::Computed,
            scope_rule: "Exactly the given vertices and edges.",
            read_only: false,
            writes_artifacts: true,
            evidence_kinds: &[],
            relationships: &[("feeds", "graph.compute.properties"), ("feeds", "graph.induced_tree.maximum")],
        }
    }

    fn provider(&self) -> Provider {
        jacobian_builtin(include_str!("construct.rs"))
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "a triangle with a pendant vertex",
            Mode::Explore,
            json!({"vertices": ["a", "b", "c", "d"], "edges": [["a", "b"], ["b", "c"], ["a", "c"], ["c", "d"]]}),
        )]
    }

    fn prepare(&self, input: ConstructInput, _cx: &PrepareContext) -> Result<Prepared, Vec<Diagnostic>> {
        let mut problems = Vec::new();
        if input.vertices.len() > MAX_ORDER as usize {
            problems.push(Diagnostic::at("/vertices", "TOO_MANY_VERTICES", format!("at most {MAX_ORDER} vertices")));
        }
        if input.edges.len() > MAX_EDGES {
            problems.push(Diagnostic::at("/edges", "TOO_MANY_EDGES", format!("at most {MAX_EDGES} edges")));
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let mut index: HashMap<&Label, u32> = HashMap::with_capacity(input.vertices.len());
        for (i, label) in input.vertices.iter().enumerate() {
            if let Some(first) = index.insert(label, i as u32) {
                problems.push(Diagnostic::at(
                    format!("/vertices/{i}"),
                    "DUPLICATE_VERTEX",
                    format!("vertex {label} is already vertex {first}"),
                ));
            }
        }
        let mut edges = Vec::with_capacity(input.edges.len());
        for (i, [a, b]) in input.edges.iter().enumerate() {
            let mut ends = [0u32; 2];
            for (j, label) in [a, b].into_iter().enumerate() {
                match index.get(label) {
                    Some(&v) => ends[j] = v,
                    None => problems.push(Diagnostic::at(
                        format!("/edges/{i}/{j}"),
                        "UNKNOWN_VERTEX",
                        format!("{label} is not in `vertices`"),
                    )),
                }
            }
            edges.push(ends);
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let graph = SimpleGraph::new(input.vertices.len() as u32, edges)?;
        Ok(Prepared { graph, labels: input.vertices })
    }

    fn run(&self, p: Prepared, ctx: &AdapterContext) -> Result<Outcome<ConstructOutput>, AdapterError> {
        let value = serde_json::to_value(&p.graph).map_err(|e| AdapterError::Backend(e.to_string()))?;
        let manifest = ctx.artifacts().put_json(SIMPLE_GRAPH_SCHEMA, &value, &[])?;
        let uri = manifest.uri;
        let graph6 = p.graph.to_graph6();
        let output = ConstructOutput { uri, graph: p.graph, labels: p.labels, graph6 };
        let scope = Scope::exact_input("the given labelled graph", Digest::of_value(&value));
        Ok(Outcome::computed(output, scope).artifact(uri))
    }
}
