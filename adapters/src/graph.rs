//! The graph domain: construction, the atlas, isomorph-free enumeration through nauty's
//! `geng`, exact invariants, and checkable searches (maximum induced trees with Z3,
//! Hamiltonian cycles, chromatic numbers).
//!
//! Every operation on an existing graph takes it in exactly one of three ways: inline
//! (`graph`), as graph6 text (`graph6`), or as a stored simple-graph artifact (`graph_uri`);
//! the graph is validated and put in canonical form before anything runs, and its digest is
//! the scope of the result.

pub mod atlas;
pub mod coloring;
pub mod construct;
pub mod enumerate;
pub mod invariants;
pub mod properties;
pub mod searches;

use jacobian_runtime::adapter::PrepareContext;
use jacobian_runtime::contract::Diagnostic;
use jacobian_runtime::objects::graph::{SIMPLE_GRAPH_SCHEMA, SimpleGraph};
use jacobian_runtime::{ArtifactUri, Digest};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A graph as given in a request: validated later by [`resolve`].
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GraphInput {
    /// Number of vertices, labelled `0..order`.
    #[schemars(range(max = 1_048_576))]
    pub order: u32,
    /// Edges `[u, v]` (any orientation and order; duplicates and loops are refused).
    #[schemars(length(max = 4_000_000))]
    pub edges: Vec<[u32; 2]>,
}

/// A resolved graph, in canonical form.
#[derive(Debug, Clone)]
pub struct Resolved {
    /// The canonical graph.
    pub graph: SimpleGraph,
    /// The artifact it came from, when given by URI.
    pub uri: Option<ArtifactUri>,
}

impl Resolved {
    /// Digest of the canonical graph: the scope of a result about it.
    pub fn digest(&self) -> Digest {
        Digest::of_serialize(&self.graph).unwrap_or_else(|_| Digest::of_bytes(b""))
    }

    /// The canonical graph as JSON (the form claims and artifacts use).
    pub fn json(&self) -> serde_json::Value {
        serde_json::to_value(&self.graph).unwrap_or(serde_json::Value::Null)
    }
}

fn canonical(graph: SimpleGraph, uri: Option<ArtifactUri>) -> Resolved {
    Resolved { graph, uri }
}

/// Resolves exactly one of an inline graph (at `/graph`), graph6 text (at `/graph6`) and a
/// stored graph (at `/graph_uri`).
pub fn resolve(
    graph: Option<GraphInput>,
    graph6: Option<String>,
    graph_uri: Option<ArtifactUri>,
    cx: &PrepareContext,
) -> Result<Resolved, Vec<Diagnostic>> {
    match (graph, graph6, graph_uri) {
        (Some(g), None, None) => SimpleGraph::new(g.order, g.edges)
            .map(|g| canonical(g, None))
            .map_err(|ds| ds.into_iter().map(|d| d.under("/graph")).collect()),
        (None, Some(text), None) => SimpleGraph::from_graph6(&text)
            .map(|g| canonical(g, None))
            .map_err(|e| vec![Diagnostic::at("/graph6", "INVALID_GRAPH6", e)]),
        (None, None, Some(uri)) => {
            let at = |code: &str, message: String| vec![Diagnostic::at("/graph_uri", code, message)];
            let artifact = cx.artifacts.get(&uri).map_err(|e| at("UNKNOWN_ARTIFACT", format!("{uri}: {e}")))?;
            if artifact.manifest.schema_uri != SIMPLE_GRAPH_SCHEMA {
                return Err(at(
                    "WRONG_ARTIFACT_TYPE",
                    format!("{uri} is a {}, not a {SIMPLE_GRAPH_SCHEMA}", artifact.manifest.schema_uri),
                ));
            }
            let stored: SimpleGraph = serde_json::from_slice(&artifact.bytes)
                .map_err(|e| at("MALFORMED_ARTIFACT", format!("{uri} is not a simple graph: {e}")))?;
            let graph = SimpleGraph::new(stored.order, stored.edges.clone())
                .map_err(|_| at("MALFORMED_ARTIFACT", format!("{uri} holds an invalid simple graph")))?;
            if graph != stored {
                return Err(at("MALFORMED_ARTIFACT", format!("{uri} holds a graph not in canonical form")));
            }
            Ok(canonical(graph, Some(uri)))
        }
        (None, None, None) => Err(vec![Diagnostic::at(
            "/graph",
            "MISSING_FIELD",
            "give the graph inline (`graph`), as graph6 text (`graph6`) or by reference (`graph_uri`)",
        )]),
        (_, g6, uri) => Err(vec![Diagnostic::at(
            if uri.is_some() {
                "/graph_uri"
            } else if g6.is_some() {
                "/graph6"
            } else {
                "/graph"
            },
            "CONFLICTING_FIELDS",
            "give the graph in exactly one way: `graph`, `graph6` or `graph_uri`",
        )]),
    }
}

/// A refusal of a graph above an operation's order bound.
pub fn above_bound(what: &str, order: usize, bound: usize) -> Diagnostic {
    Diagnostic::at(
        "/graph",
        "ORDER_ABOVE_BOUND",
        format!("{what} is supported up to order {bound}; this graph has order {order}"),
    )
}
