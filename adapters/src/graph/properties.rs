//! `graph.compute.properties`: exact invariants, batched over graphs, chosen per call.

use std::collections::{BTreeMap, BTreeSet};

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext, Refusal, RunBudget};
use jacobian_runtime::contract::{AssuranceLevel, Diagnostic, InputKind, Mode, Provider};
use jacobian_runtime::objects::graph::{SIMPLE_GRAPH_SCHEMA, SimpleGraph};
use jacobian_runtime::typed::{Describe, Operation};
use jacobian_runtime::{ArtifactUri, Digest, Scope};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::invariants::{self as inv, Graph, Interrupted};
use super::{GraphInput, Resolved, above_bound, resolve};
use crate::backends::jacobian_builtin;

/// Most graphs per call.
pub const MAX_GRAPHS: usize = 5_000;

/// An invariant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Property {
    /// Number of vertices.
    Order,
    /// Number of edges.
    Size,
    /// Degrees, non-increasing.
    DegreeSequence,
    /// One component (the null graph is not connected).
    Connected,
    /// Number of connected components.
    ComponentCount,
    /// Two-colourable.
    Bipartite,
    /// Connected and acyclic (the null graph is not a tree).
    Tree,
    /// Acyclic.
    Forest,
    /// Greatest distance; null when not connected.
    Diameter,
    /// Least eccentricity; null when not connected.
    Radius,
    /// Shortest cycle length; null when acyclic.
    Girth,
    /// Number of triangles.
    TriangleCount,
    /// Largest clique.
    CliqueNumber,
    /// Largest independent set.
    IndependenceNumber,
    /// Fewest colours of a proper colouring.
    ChromaticNumber,
    /// Smallest dominating set.
    DominationNumber,
    /// Largest matching.
    MatchingNumber,
    /// Order of the automorphism group (decimal string).
    AutomorphismGroupOrder,
    /// Connected with every degree even (the null graph is not Eulerian).
    Eulerian,
    /// Has a cycle through every vertex (order ≥ 3).
    Hamiltonian,
    /// Number of spanning trees (decimal string).
    SpanningTreeCount,
    /// Fewest vertices whose removal disconnects the graph (n − 1 for K_n).
    VertexConnectivity,
    /// Fewest edges whose removal disconnects the graph.
    EdgeConnectivity,
}

impl Property {
    /// The order bound above which the property is refused, for exponential algorithms.
    pub fn order_bound(self) -> Option<usize> {
        use Property::*;
        match self {
            CliqueNumber | IndependenceNumber | ChromaticNumber | DominationNumber | AutomorphismGroupOrder => {
                Some(inv::MAX_ORDER_BITSET)
            }
            Hamiltonian => Some(inv::MAX_ORDER_HAMILTONIAN),
            // Polynomial, but cubic in big integers (memory quadratic).
            SpanningTreeCount => Some(2_000),
            // Polynomial, with no stop flag inside: bounded so a call stays within seconds.
            MatchingNumber | VertexConnectivity | EdgeConnectivity => Some(5_000),
            Diameter | Radius | Girth => Some(50_000),
            _ => None,
        }
    }

    /// The property's wire name.
    pub fn name(self) -> String {
        serde_json::to_value(self).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default()
    }
}

/// Computes one invariant of a graph as JSON.
pub fn compute(p: Property, g: &Graph, stop: &dyn Fn() -> bool) -> Result<Value, Interrupted> {
    use Property::*;
    let opt = |v: Option<u32>| v.map_or(Value::Null, |d| json!(d));
    Ok(match p {
        Order => json!(g.order()),
        Size => json!(g.size()),
        DegreeSequence => json!(inv::degree_sequence(g)),
        Connected => json!(inv::is_connected(g)),
        ComponentCount => json!(inv::component_count(g)),
        Bipartite => json!(inv::is_bipartite(g)),
        Tree => json!(inv::is_tree(g)),
        Forest => json!(inv::is_forest(g)),
        Diameter => opt(inv::diameter(g)),
        Radius => opt(inv::radius(g)),
        Girth => opt(inv::girth(g)),
        TriangleCount => json!(inv::triangle_count(g)),
        CliqueNumber => json!(inv::clique_number(g, stop)?),
        IndependenceNumber => json!(inv::independence_number(g, stop)?),
        ChromaticNumber => json!(inv::chromatic_number(g, stop)?.0),
        DominationNumber => json!(inv::domination_number(g, stop)?),
        MatchingNumber => json!(inv::matching_number(g)),
        AutomorphismGroupOrder => json!(inv::automorphism_group_order(g, stop)?.to_string()),
        Eulerian => json!(inv::is_eulerian(g)),
        Hamiltonian => json!(inv::hamiltonian_cycle(g, stop)?.is_some()),
        SpanningTreeCount => json!(inv::spanning_tree_count(g, stop)?.to_string()),
        VertexConnectivity => json!(inv::vertex_connectivity(g)),
        EdgeConnectivity => json!(inv::edge_connectivity(g)),
    })
}

/// One graph of a batch: inline or by URI.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GraphItem {
    /// The graph inline.
    #[serde(default)]
    pub graph: Option<GraphInput>,
    /// The graph as graph6 text (as nauty writes it).
    #[serde(default)]
    #[schemars(length(max = 1_000_000))]
    pub graph6: Option<String>,
    /// A stored simple-graph artifact.
    #[serde(default)]
    pub graph_uri: Option<ArtifactUri>,
}

/// Input of `graph.compute.properties`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PropertiesInput {
    /// The graphs (1 to 5,000).
    #[schemars(length(min = 1, max = 5000))]
    pub graphs: Vec<GraphItem>,
    /// The invariants to compute (at least one, no repeats).
    #[schemars(length(min = 1, max = 23))]
    pub properties: Vec<Property>,
}

/// The invariants of one graph.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GraphProperties {
    /// Position in the request.
    pub index: usize,
    /// The artifact it came from, when given by URI.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub graph_uri: Option<ArtifactUri>,
    /// Each requested invariant by name.
    pub values: BTreeMap<String, Value>,
}

/// Output of `graph.compute.properties`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PropertiesOutput {
    /// One entry per graph, in request order.
    pub results: Vec<GraphProperties>,
}

/// `graph.compute.properties`.
pub struct ComputeProperties;

/// What preparation hands to execution.
pub struct Prepared {
    graphs: Vec<Resolved>,
    properties: Vec<Property>,
}

impl Operation for ComputeProperties {
    type Input = PropertiesInput;
    type Output = PropertiesOutput;
    type Prepared = Prepared;

    fn describe(&self) -> Describe {
        Describe {
            id: "graph.compute.properties",
            title: "Exact graph invariants",
            outcome: "Exact invariants of each given graph: connectivity, distances, cycles, cliques, colourings, \
                      matchings, domination, symmetry, spanning trees.",
            description: "Computes the requested invariants exactly for every graph of the batch (inline or by \
                          artifact URI): order, size, degree sequence, connectivity and components, bipartite, \
                          tree, forest, diameter, radius, girth, triangle count, clique, independence, chromatic \
                          and domination numbers, matching number, automorphism group order, Eulerian, \
                          Hamiltonian, spanning-tree count (exact big integer), vertex and edge connectivity. \
                          Each invariant has an order bound (64 for the NP-hard ones, 24 for Hamiltonicity, \
                          larger for the polynomial ones) above which it is refused as UNSUPPORTED instead of \
                          running unbounded, and every long computation honours the deadline.",
            tags: &[
                "graph",
                "invariant",
                "property",
                "connected",
                "diameter",
                "girth",
                "triangle",
                "clique",
                "independence",
                "chromatic",
                "colouring",
                "domination",
                "matching",
                "automorphism",
                "eulerian",
                "hamiltonian",
                "spanning-tree",
                "connectivity",
            ],
            modes: &[Mode::Explore],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[SIMPLE_GRAPH_SCHEMA],
            assurance_ceiling: AssuranceLevel::Computed,
            scope_rule: "Exactly the given graphs; each value is exact for its graph.",
            read_only: true,
            writes_artifacts: false,
            evidence_kinds: &[],
            relationships: &[("consumes", "graph.construct.explicit"), ("consumes", "graph.search.atlas")],
        }
    }

    fn provider(&self) -> Provider {
        jacobian_builtin(concat!(include_str!("properties.rs"), include_str!("invariants.rs")))
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "invariants of the 5-cycle",
            Mode::Explore,
            json!({"graphs": [{"graph": {"order": 5, "edges": [[0, 1], [1, 2], [2, 3], [3, 4], [0, 4]]}}],
                   "properties": ["diameter", "girth", "chromatic_number", "automorphism_group_order"]}),
        )]
    }

    fn prepare(&self, input: PropertiesInput, cx: &PrepareContext) -> Result<Prepared, Vec<Diagnostic>> {
        let mut problems = Vec::new();
        let mut seen = BTreeSet::new();
        for (i, p) in input.properties.iter().enumerate() {
            if !seen.insert(*p) {
                problems.push(Diagnostic::at(
                    format!("/properties/{i}"),
                    "DUPLICATE_PROPERTY",
                    format!("`{}` is requested twice", p.name()),
                ));
            }
        }
        let mut graphs = Vec::with_capacity(input.graphs.len());
        for (i, item) in input.graphs.into_iter().enumerate() {
            match resolve(item.graph, item.graph6, item.graph_uri, cx) {
                Ok(g) => graphs.push(g),
                Err(ds) => problems.extend(ds.into_iter().map(|d| d.under(&format!("/graphs/{i}")))),
            }
        }
        if problems.is_empty() { Ok(Prepared { graphs, properties: input.properties }) } else { Err(problems) }
    }

    fn preflight(&self, p: &Prepared, _budget: &RunBudget) -> Result<(), Refusal> {
        for (i, g) in p.graphs.iter().enumerate() {
            let order = g.graph.order as usize;
            for prop in &p.properties {
                if let Some(bound) = prop.order_bound().filter(|&b| order > b) {
                    return Err(Refusal::Unsupported(
                        above_bound(&format!("`{}`", prop.name()), order, bound).under(&format!("/graphs/{i}")),
                    ));
                }
            }
        }
        Ok(())
    }

    fn run(&self, p: Prepared, ctx: &AdapterContext) -> Result<Outcome<PropertiesOutput>, AdapterError> {
        let stop = || ctx.should_stop();
        let total = p.graphs.len() as u64;
        let names: Vec<String> = p.properties.iter().map(|p| p.name()).collect();
        let mut results = Vec::with_capacity(p.graphs.len());
        for (index, resolved) in p.graphs.iter().enumerate() {
            ctx.checkpoint()?;
            let g = Graph::new(&resolved.graph);
            let mut values = BTreeMap::new();
            for (&prop, name) in p.properties.iter().zip(&names) {
                let value = compute(prop, &g, &stop).map_err(|Interrupted| interrupted(ctx))?;
                values.insert(name.clone(), value);
            }
            results.push(GraphProperties { index, graph_uri: resolved.uri, values });
            ctx.progress(index as u64 + 1, Some(total), None);
        }
        // One digest over the canonical graphs and the invariants asked for.
        let graphs: Vec<&SimpleGraph> = p.graphs.iter().map(|g| &g.graph).collect();
        let digest = Digest::of_serialize(&(graphs, &p.properties)).unwrap_or_else(|_| Digest::of_bytes(b""));
        let scope =
            Scope::exact_input(format!("the {} given graph(s) and the invariants asked for", p.graphs.len()), digest);
        let mut outcome = Outcome::computed(PropertiesOutput { results }, scope);
        for g in &p.graphs {
            if let Some(uri) = &g.uri {
                outcome = outcome.artifact(*uri);
            }
        }
        Ok(outcome)
    }
}

/// The adapter error for an interrupted computation: cancellation or deadline.
pub(crate) fn interrupted(ctx: &AdapterContext) -> AdapterError {
    match ctx.checkpoint() {
        Err(e) => e,
        Ok(()) => AdapterError::DeadlineExceeded,
    }
}
