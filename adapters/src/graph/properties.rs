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

use super::enumerate::GRAPH6_LIST_SCHEMA;
use super::invariants::{self as inv, Graph, Interrupted};
use super::{GraphInput, Resolved, above_bound, resolve};
use crate::backends::jacobian_builtin;

/// Most graphs per call given one by one (`graphs`).
pub const MAX_GRAPHS: usize = 5_000;
/// Most graphs per call given as a graph6 list (`graph6_list` or `graphs_uri`).
pub const MAX_LIST_GRAPHS: usize = 200_000;
/// Most edges, over all graphs of a graph6 list.
pub const MAX_LIST_EDGES: usize = 20_000_000;

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

/// How results are laid out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Layout {
    /// One entry per graph: `results[i].values[name]`.
    #[default]
    Rows,
    /// One array per invariant, in graph order: `columns[name][i]` (compact for large batches).
    Columns,
}

/// Input of `graph.compute.properties`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PropertiesInput {
    /// The graphs one by one (1 to 5,000), each inline, as graph6 or by URI.
    #[serde(default)]
    #[schemars(length(min = 1, max = MAX_GRAPHS))]
    pub graphs: Option<Vec<GraphItem>>,
    /// The graphs as graph6 text, one per line (up to 200,000), as nauty writes them.
    #[serde(default)]
    #[schemars(length(max = 16_777_216))]
    pub graph6_list: Option<String>,
    /// A stored graph6 list (as `graph.enumerate.nonisomorphic` writes one), up to 200,000 graphs.
    #[serde(default)]
    pub graphs_uri: Option<ArtifactUri>,
    /// The invariants to compute (at least one, no repeats).
    #[schemars(length(min = 1, max = 23))]
    pub properties: Vec<Property>,
    /// `ROWS` (default): one entry per graph; `COLUMNS`: one array per invariant.
    #[serde(default)]
    pub layout: Layout,
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
    /// Number of graphs.
    pub count: usize,
    /// `ROWS`: one entry per graph, in request order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub results: Option<Vec<GraphProperties>>,
    /// `COLUMNS`: each invariant's values, in request order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub columns: Option<BTreeMap<String, Vec<Value>>>,
}

/// `graph.compute.properties`.
pub struct ComputeProperties;

/// What preparation hands to execution.
pub struct Prepared {
    graphs: Vec<Resolved>,
    properties: Vec<Property>,
    layout: Layout,
    /// The graph6 list the graphs came from, when stored.
    list_uri: Option<ArtifactUri>,
}

/// Parses a graph6 list, one graph per non-empty line; diagnostics at `path` name the line.
fn graph6_lines(text: &str, path: &str) -> Result<Vec<Resolved>, Vec<Diagnostic>> {
    let mut graphs = Vec::new();
    let mut problems = Vec::new();
    let mut edges = 0usize;
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        if graphs.len() + problems.len() == MAX_LIST_GRAPHS {
            return Err(vec![Diagnostic::at(
                path,
                "TOO_MANY_GRAPHS",
                format!("a graph6 list may hold at most {MAX_LIST_GRAPHS} graphs per call"),
            )]);
        }
        match SimpleGraph::from_graph6(line.trim()) {
            Ok(graph) => {
                edges += graph.size();
                if edges > MAX_LIST_EDGES {
                    return Err(vec![Diagnostic::at(
                        path,
                        "TOO_MANY_EDGES",
                        format!("line {}: the list's graphs have more than {MAX_LIST_EDGES} edges in all", n + 1),
                    )]);
                }
                graphs.push(Resolved { graph, uri: None })
            }
            Err(e) if problems.len() < 16 => {
                problems.push(Diagnostic::at(path, "INVALID_GRAPH6", format!("line {}: {e}", n + 1)))
            }
            Err(_) => {}
        }
    }
    if graphs.is_empty() && problems.is_empty() {
        problems.push(Diagnostic::at(path, "EMPTY", "the list holds no graph"));
    }
    if problems.is_empty() { Ok(graphs) } else { Err(problems) }
}

/// The graphs of a request, given in exactly one of the three ways.
fn batch(
    input: &mut PropertiesInput,
    cx: &PrepareContext,
) -> Result<(Vec<Resolved>, Option<ArtifactUri>), Vec<Diagnostic>> {
    match (input.graphs.take(), input.graph6_list.take(), input.graphs_uri) {
        (Some(items), None, None) => {
            let mut graphs = Vec::with_capacity(items.len());
            let mut problems = Vec::new();
            for (i, item) in items.into_iter().enumerate() {
                match resolve(item.graph, item.graph6, item.graph_uri, cx) {
                    Ok(g) => graphs.push(g),
                    Err(ds) => problems.extend(ds.into_iter().map(|d| d.under(&format!("/graphs/{i}")))),
                }
            }
            if problems.is_empty() { Ok((graphs, None)) } else { Err(problems) }
        }
        (None, Some(text), None) => Ok((graph6_lines(&text, "/graph6_list")?, None)),
        (None, None, Some(uri)) => {
            let at = |code: &str, message: String| vec![Diagnostic::at("/graphs_uri", code, message)];
            let artifact = cx.artifacts.get(&uri).map_err(|e| at("UNKNOWN_ARTIFACT", format!("{uri}: {e}")))?;
            if artifact.manifest.schema_uri != GRAPH6_LIST_SCHEMA {
                return Err(at(
                    "WRONG_ARTIFACT_TYPE",
                    format!("{uri} is a {}, not a {GRAPH6_LIST_SCHEMA}", artifact.manifest.schema_uri),
                ));
            }
            let text = std::str::from_utf8(&artifact.bytes)
                .map_err(|_| at("MALFORMED_ARTIFACT", format!("{uri} is not UTF-8 text")))?;
            Ok((graph6_lines(text, "/graphs_uri")?, Some(uri)))
        }
        (None, None, None) => Err(vec![Diagnostic::at(
            "/graphs",
            "MISSING_FIELD",
            "give the graphs one by one (`graphs`), as graph6 lines (`graph6_list`) or as a stored list (`graphs_uri`)",
        )]),
        (graphs, list, _) => Err(vec![Diagnostic::at(
            if graphs.is_some() && list.is_some() { "/graph6_list" } else { "/graphs_uri" },
            "CONFLICTING_FIELDS",
            "give the graphs in exactly one way: `graphs`, `graph6_list` or `graphs_uri`",
        )]),
    }
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
            description: "Computes the requested invariants exactly for every graph of the batch (one by one \
                          inline, as graph6 or by artifact URI; or as graph6 lines, inline or as a stored list from \
                          graph.enumerate.nonisomorphic), in rows or columns: order, size, degree sequence, connectivity and components, bipartite, \
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
            relationships: &[
                ("consumes", "graph.construct.explicit"),
                ("consumes", "graph.search.atlas"),
                ("consumes", "graph.enumerate.nonisomorphic"),
            ],
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

    fn prepare(&self, mut input: PropertiesInput, cx: &PrepareContext) -> Result<Prepared, Vec<Diagnostic>> {
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
        let graphs = batch(&mut input, cx);
        match graphs {
            Ok((graphs, list_uri)) if problems.is_empty() => {
                Ok(Prepared { graphs, properties: input.properties, layout: input.layout, list_uri })
            }
            graphs => {
                problems.extend(graphs.err().into_iter().flatten());
                Err(problems)
            }
        }
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
        let rows = p.layout == Layout::Rows;
        let mut results = Vec::with_capacity(if rows { p.graphs.len() } else { 0 });
        let mut columns: Vec<Vec<Value>> =
            if rows { vec![] } else { names.iter().map(|_| Vec::with_capacity(p.graphs.len())).collect() };
        for (index, resolved) in p.graphs.iter().enumerate() {
            // The clock is read once per 64 graphs: cheap invariants of small graphs take microseconds.
            if index % 64 == 0 {
                ctx.checkpoint()?;
            }
            let g = Graph::new(&resolved.graph);
            if rows {
                let mut values = BTreeMap::new();
                for (&prop, name) in p.properties.iter().zip(&names) {
                    let value = compute(prop, &g, &stop).map_err(|Interrupted| interrupted(ctx))?;
                    values.insert(name.clone(), value);
                }
                results.push(GraphProperties { index, graph_uri: resolved.uri, values });
            } else {
                for (&prop, column) in p.properties.iter().zip(&mut columns) {
                    column.push(compute(prop, &g, &stop).map_err(|Interrupted| interrupted(ctx))?);
                }
            }
            if index % 64 == 63 {
                ctx.progress(index as u64 + 1, Some(total), None);
            }
        }
        ctx.progress(total, Some(total), None);
        let scope = Scope::exact_input(
            format!("the {} given graph(s) and the invariants asked for", p.graphs.len()),
            batch_digest(&p.graphs, &names),
        );
        let output = PropertiesOutput {
            count: p.graphs.len(),
            results: rows.then_some(results),
            columns: (!rows).then(|| names.into_iter().zip(columns).collect()),
        };
        let mut outcome = Outcome::computed(output, scope);
        for uri in p.list_uri.iter().chain(p.graphs.iter().filter_map(|g| g.uri.as_ref())) {
            outcome = outcome.artifact(*uri);
        }
        Ok(outcome)
    }
}

/// One digest over the canonical graphs (as graph6 lines, whatever form they came in) and the
/// invariants asked for.
fn batch_digest(graphs: &[Resolved], names: &[String]) -> Digest {
    let mut text = String::with_capacity(graphs.len() * 12 + 64);
    for g in graphs {
        text.push_str(&g.graph.to_graph6());
        text.push('\n');
    }
    text.push_str("# ");
    text.push_str(&names.join(" "));
    Digest::of_bytes(text.as_bytes())
}

/// The adapter error for an interrupted computation: cancellation or deadline.
pub(crate) fn interrupted(ctx: &AdapterContext) -> AdapterError {
    match ctx.checkpoint() {
        Err(e) => e,
        Ok(()) => AdapterError::DeadlineExceeded,
    }
}
