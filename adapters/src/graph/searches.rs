//! Searches whose answers carry certificates: the maximum induced tree (Z3 optimisation), a
//! Hamiltonian cycle, and the chromatic number with an optimal colouring. In VERIFY mode each
//! hands its witness to an independent checker; only an accepted check makes it VERIFIED.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext, Refusal, RunBudget};
use jacobian_runtime::contract::{AssuranceLevel, Completeness, Diagnostic, InputKind, Mode, Provider};
use jacobian_runtime::objects::graph::{SIMPLE_GRAPH_SCHEMA, SimpleGraph};
use jacobian_runtime::typed::{Describe, Operation};
use jacobian_runtime::{ArtifactUri, Evidence, Scope};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use z3::ast::{Bool, Int};
use z3::{Optimize, SatResult};

use super::invariants::{self as inv, Graph, Interrupted};
use super::properties::interrupted;
use super::{GraphInput, Resolved, above_bound, resolve};
use crate::backends::{bundled_crate, jacobian_builtin, z3_version};

/// Evidence kind of a maximum induced tree.
pub const INDUCED_TREE_EVIDENCE: &str = "graph.induced_tree.maximum/v1";
const INDUCED_TREE_SEMANTICS: &str = "urn:jacobian:semantics:graph-max-induced-tree:v1";
const VERTEX_SET: &str = "VERTEX_SET_V1";
/// Evidence kind of a Hamiltonian cycle.
pub const HAMILTONIAN_EVIDENCE: &str = "graph.hamiltonian_cycle/v1";
const HAMILTONIAN_SEMANTICS: &str = "urn:jacobian:semantics:graph-hamiltonian:v1";
const VERTEX_ORDER: &str = "VERTEX_ORDER_V1";
/// Evidence kind of a chromatic number.
pub const CHROMATIC_EVIDENCE: &str = "graph.chromatic_number/v1";
const CHROMATIC_SEMANTICS: &str = "urn:jacobian:semantics:graph-chromatic-number:v1";
const COLOURING: &str = "COLOURING_AND_LOWER_BOUND_V1";

/// Largest order the Z3 producer accepts.
pub const MAX_ORDER_INDUCED_TREE: usize = 64;
/// Largest order the exhaustive induced-tree checker replays (VERIFY).
pub const MAX_ORDER_INDUCED_TREE_CHECK: usize = 14;
/// Largest order for which a chromatic lower bound may rest on the checker's exhaustive search.
pub const MAX_ORDER_EXHAUSTIVE_COLOURING: usize = 16;

/// A single graph, inline or by URI.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GraphOnly {
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

fn scope_of(g: &Resolved, what: &str) -> Scope {
    Scope::exact_input(format!("{what} of exactly the given graph"), g.digest())
}

fn with_uri<T>(outcome: Outcome<T>, g: &Resolved) -> Outcome<T> {
    match &g.uri {
        Some(uri) => outcome.artifact(*uri),
        None => outcome,
    }
}

// ---------------------------------------------------------------------------------------------
// Maximum induced tree.

/// Output of `graph.induced_tree.maximum`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct InducedTreeOutput {
    /// The largest number of vertices inducing a tree (0 for the null graph).
    pub max_induced_tree_order: usize,
    /// A vertex set of that size inducing a tree, sorted.
    pub vertices: Vec<u32>,
}

/// `graph.induced_tree.maximum`.
pub struct InducedTreeMaximum;

/// The maximum induced tree by Z3: select vertices `x_v`; the selected subgraph has one edge
/// fewer than vertices and every selected vertex but one root has a selected neighbour on a
/// strictly lower level, so it is connected, hence a tree; maximize the selection.
fn induced_tree_z3(g: &SimpleGraph, ctx: &AdapterContext) -> Result<Vec<u32>, AdapterError> {
    crate::z3run::isolated(|| induced_tree_in_context(g, ctx))
}

fn induced_tree_in_context(g: &SimpleGraph, ctx: &AdapterContext) -> Result<Vec<u32>, AdapterError> {
    let n = g.order as usize;
    if n == 0 {
        return Ok(vec![]);
    }
    let adj = g.adjacency();
    let opt = Optimize::new();
    let zero = Int::from_i64(0);
    let one = Int::from_i64(1);
    let x: Vec<Bool> = (0..n).map(|v| Bool::new_const(format!("x{v}"))).collect();
    let root: Vec<Bool> = (0..n).map(|v| Bool::new_const(format!("r{v}"))).collect();
    let level: Vec<Int> = (0..n).map(|v| Int::new_const(format!("l{v}"))).collect();
    let as_int = |b: &Bool| b.ite(&one, &zero);
    // Z3 has no empty sum.
    let sum = |terms: Vec<Int>| if terms.is_empty() { Int::from_i64(0) } else { Int::add(&terms) };
    let selected = sum(x.iter().map(as_int).collect());
    let roots = sum(root.iter().map(as_int).collect());
    let induced_edges =
        sum(g.edges.iter().map(|&[u, v]| Bool::and(&[&x[u as usize], &x[v as usize]]).ite(&one, &zero)).collect());
    opt.assert(roots.eq(&one));
    opt.assert(selected.ge(&one));
    opt.assert(induced_edges.eq(Int::sub(&[&selected, &one])));
    for v in 0..n {
        opt.assert(root[v].implies(&x[v]));
        opt.assert(level[v].ge(&zero));
        opt.assert(level[v].lt(Int::from_i64(n as i64)));
        let parents: Vec<Bool> =
            adj[v].iter().map(|&u| Bool::and(&[&x[u as usize], &level[u as usize].lt(&level[v])])).collect();
        let has_parent =
            if parents.is_empty() { Bool::from_bool(false) } else { Bool::or(&parents.iter().collect::<Vec<_>>()) };
        opt.assert(Bool::and(&[&x[v], &root[v].not()]).implies(&has_parent));
    }
    opt.maximize(&selected);
    opt.set_params(&crate::z3run::params_for(ctx));
    let result = crate::z3run::check(opt.get_context(), ctx, || opt.check(&[]), || opt.get_reason_unknown())?;
    match result {
        SatResult::Sat => {
            let model = opt.get_model().ok_or_else(|| AdapterError::Backend("Z3 returned no model".into()))?;
            let mut chosen = Vec::new();
            for (v, xv) in x.iter().enumerate() {
                if model.eval(xv, true).and_then(|b| b.as_bool()) == Some(true) {
                    chosen.push(v as u32);
                }
            }
            Ok(chosen)
        }
        SatResult::Unknown => Err(AdapterError::Backend("Z3 gave up".into())),
        SatResult::Unsat => Err(AdapterError::Backend("Z3 found no induced tree in a non-empty graph".into())),
    }
}

/// True when `vertices` induce a tree in `g` (a quick self-check of the producer's answer).
fn induces_tree(g: &SimpleGraph, vertices: &[u32]) -> bool {
    if vertices.is_empty() {
        return false;
    }
    let mut inside = vec![false; g.order as usize];
    for &v in vertices {
        inside[v as usize] = true;
    }
    let edges: Vec<_> = g.edges.iter().filter(|[u, v]| inside[*u as usize] && inside[*v as usize]).collect();
    if edges.len() + 1 != vertices.len() {
        return false;
    }
    let sub = SimpleGraph { order: g.order, edges: edges.into_iter().copied().collect() };
    let graph = Graph::new(&sub);
    // Isolated outside vertices add components: connected inside means components = outside + 1.
    inv::component_count(&graph) == g.order as usize - vertices.len() + 1
}

fn induced_tree_evidence(g: &Resolved, vertices: &[u32]) -> Evidence {
    Evidence {
        kind: INDUCED_TREE_EVIDENCE.into(),
        claim: json!({"graph": g.json(), "max_induced_tree_order": vertices.len()}),
        semantics: INDUCED_TREE_SEMANTICS.into(),
        candidate: json!({"vertices": vertices}),
        scope: scope_of(g, "the maximum induced tree"),
        certificate_format: VERTEX_SET.into(),
        artifacts: g.uri.iter().cloned().collect(),
    }
}

impl Operation for InducedTreeMaximum {
    type Input = GraphOnly;
    type Output = InducedTreeOutput;
    type Prepared = Resolved;

    fn describe(&self) -> Describe {
        Describe {
            id: "graph.induced_tree.maximum",
            title: "Maximum induced tree",
            outcome: "The largest vertex set inducing a tree in the graph, proven optimal by Z3; checkable \
                      exhaustively up to order 14.",
            description: "Finds a largest set of vertices whose induced subgraph is a tree, by Z3 optimisation \
                          (order up to 64, within the deadline). In VERIFY mode (order up to 14) the witness goes to \
                          the exhaustive induced-tree checker, which re-establishes the optimum without Z3.",
            tags: &["graph", "induced-subgraph", "tree", "maximum", "optimisation", "z3", "extremal"],
            modes: &[Mode::Explore, Mode::Verify],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[SIMPLE_GRAPH_SCHEMA],
            assurance_ceiling: AssuranceLevel::Verified,
            scope_rule: "Exactly the given graph.",
            read_only: true,
            writes_artifacts: false,
            evidence_kinds: &[INDUCED_TREE_EVIDENCE],
            relationships: &[("checked_by", "graph.induced_tree.maximum.verify")],
        }
    }

    fn provider(&self) -> Provider {
        bundled_crate("z3", &z3_version(), "MIT", include_str!("searches.rs"), &[])
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "the 5-cycle (a path on 4 of its vertices)",
            Mode::Verify,
            json!({"graph": {"order": 5, "edges": [[0, 1], [1, 2], [2, 3], [3, 4], [0, 4]]}}),
        )]
    }

    fn prepare(&self, input: GraphOnly, cx: &PrepareContext) -> Result<Resolved, Vec<Diagnostic>> {
        resolve(input.graph, input.graph6, input.graph_uri, cx)
    }

    fn preflight(&self, g: &Resolved, _budget: &RunBudget) -> Result<(), Refusal> {
        let n = g.graph.order as usize;
        if n > MAX_ORDER_INDUCED_TREE {
            return Err(Refusal::Unsupported(above_bound("the maximum induced tree", n, MAX_ORDER_INDUCED_TREE)));
        }
        Ok(())
    }

    fn run(&self, g: Resolved, ctx: &AdapterContext) -> Result<Outcome<InducedTreeOutput>, AdapterError> {
        let n = g.graph.order as usize;
        if ctx.mode == Mode::Verify && n > MAX_ORDER_INDUCED_TREE_CHECK {
            return Err(AdapterError::Unsupported(format!(
                "VERIFY replays induced trees exhaustively up to order {MAX_ORDER_INDUCED_TREE_CHECK}; this graph has \
                 order {n} (EXPLORE computes it with Z3)"
            )));
        }
        let vertices = induced_tree_z3(&g.graph, ctx)?;
        if n > 0 && !induces_tree(&g.graph, &vertices) {
            return Err(AdapterError::Backend("Z3's model does not induce a tree".into()));
        }
        let output = InducedTreeOutput { max_induced_tree_order: vertices.len(), vertices: vertices.clone() };
        let mut outcome = with_uri(Outcome::computed(output, scope_of(&g, "the maximum induced tree")), &g);
        if ctx.mode == Mode::Verify {
            outcome = outcome.evidence(induced_tree_evidence(&g, &vertices));
        }
        Ok(outcome)
    }
}

/// Input of `graph.induced_tree.maximum.verify`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InducedTreeClaim {
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
    /// The claimed maximum: vertices inducing a tree that no larger set beats.
    #[schemars(length(max = 14))]
    pub vertices: Vec<u32>,
}

/// `graph.induced_tree.maximum.verify`: checks a maximum-induced-tree claim made elsewhere.
pub struct InducedTreeVerify;

impl Operation for InducedTreeVerify {
    type Input = InducedTreeClaim;
    type Output = InducedTreeOutput;
    type Prepared = (Resolved, Vec<u32>);

    fn describe(&self) -> Describe {
        Describe {
            id: "graph.induced_tree.maximum.verify",
            title: "Check a maximum induced tree",
            outcome: "Whether a given vertex set is a maximum induced tree of the graph, decided by an independent \
                      exhaustive checker.",
            description: "Takes a graph (order up to 14) and a claimed maximum induced tree, and submits the claim \
                          to the exhaustive induced-tree checker, which shares no code with the Z3 producer. The \
                          result is VERIFIED only if the checker accepts; a rejection lists its findings.",
            tags: &["graph", "induced-subgraph", "tree", "maximum", "verify", "check", "certificate"],
            modes: &[Mode::Verify],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[SIMPLE_GRAPH_SCHEMA],
            assurance_ceiling: AssuranceLevel::Verified,
            scope_rule: "Exactly the given graph and vertex set.",
            read_only: true,
            writes_artifacts: false,
            evidence_kinds: &[INDUCED_TREE_EVIDENCE],
            relationships: &[("checks", "graph.induced_tree.maximum")],
        }
    }

    fn provider(&self) -> Provider {
        jacobian_builtin(include_str!("searches.rs"))
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "a path on 4 vertices of the 5-cycle",
            Mode::Verify,
            json!({"graph": {"order": 5, "edges": [[0, 1], [1, 2], [2, 3], [3, 4], [0, 4]]}, "vertices": [0, 1, 2, 3]}),
        )]
    }

    fn prepare(&self, input: InducedTreeClaim, cx: &PrepareContext) -> Result<(Resolved, Vec<u32>), Vec<Diagnostic>> {
        let g = resolve(input.graph, input.graph6, input.graph_uri, cx)?;
        let mut problems = Vec::new();
        let mut seen = vec![false; g.graph.order as usize];
        for (i, &v) in input.vertices.iter().enumerate() {
            match seen.get_mut(v as usize) {
                None => problems.push(Diagnostic::at(
                    format!("/vertices/{i}"),
                    "UNKNOWN_VERTEX",
                    format!("vertex {v} is not in a graph of order {}", g.graph.order),
                )),
                Some(s) if *s => {
                    problems.push(Diagnostic::at(format!("/vertices/{i}"), "DUPLICATE_VERTEX", format!("{v} repeats")))
                }
                Some(s) => *s = true,
            }
        }
        let mut vertices = input.vertices;
        vertices.sort_unstable();
        if problems.is_empty() { Ok((g, vertices)) } else { Err(problems) }
    }

    fn preflight(&self, (g, _): &(Resolved, Vec<u32>), _budget: &RunBudget) -> Result<(), Refusal> {
        let n = g.graph.order as usize;
        if n > MAX_ORDER_INDUCED_TREE_CHECK {
            return Err(Refusal::Unsupported(above_bound("exhaustive checking", n, MAX_ORDER_INDUCED_TREE_CHECK)));
        }
        Ok(())
    }

    fn run(
        &self,
        (g, vertices): (Resolved, Vec<u32>),
        _ctx: &AdapterContext,
    ) -> Result<Outcome<InducedTreeOutput>, AdapterError> {
        let output = InducedTreeOutput { max_induced_tree_order: vertices.len(), vertices: vertices.clone() };
        // The claim is the caller's, not a computation: it stands unchecked until the checker accepts it.
        let outcome = Outcome::heuristic(output, scope_of(&g, "the maximum induced tree"), Completeness::unknown());
        Ok(with_uri(outcome, &g).evidence(induced_tree_evidence(&g, &vertices)))
    }
}

// ---------------------------------------------------------------------------------------------
// Hamiltonian cycle.

/// Output of `graph.search.hamiltonian_cycle`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct HamiltonianOutput {
    /// Whether the graph has a Hamiltonian cycle (order ≥ 3).
    pub hamiltonian: bool,
    /// A Hamiltonian cycle as a vertex order, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cycle: Option<Vec<u32>>,
}

/// `graph.search.hamiltonian_cycle`.
pub struct HamiltonianCycle;

impl Operation for HamiltonianCycle {
    type Input = GraphOnly;
    type Output = HamiltonianOutput;
    type Prepared = Resolved;

    fn describe(&self) -> Describe {
        Describe {
            id: "graph.search.hamiltonian_cycle",
            title: "Find a Hamiltonian cycle",
            outcome: "A cycle through every vertex, or the exact answer that none exists; a found cycle is \
                      checkable by replay.",
            description: "Decides Hamiltonicity exactly (order up to 24, within the deadline) and returns a \
                          Hamiltonian cycle when one exists. In VERIFY mode a found cycle goes to the replay \
                          checker; that no cycle exists has no certificate here and stays COMPUTED.",
            tags: &["graph", "hamiltonian", "cycle", "tour", "search", "witness", "certificate"],
            modes: &[Mode::Explore, Mode::Verify],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[SIMPLE_GRAPH_SCHEMA],
            assurance_ceiling: AssuranceLevel::Verified,
            scope_rule: "Exactly the given graph.",
            read_only: true,
            writes_artifacts: false,
            evidence_kinds: &[HAMILTONIAN_EVIDENCE],
            relationships: &[],
        }
    }

    fn provider(&self) -> Provider {
        jacobian_builtin(concat!(include_str!("searches.rs"), include_str!("invariants.rs")))
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "the cube graph",
            Mode::Verify,
            json!({"graph": {"order": 8, "edges": [[0, 1], [0, 2], [0, 4], [1, 3], [1, 5], [2, 3], [2, 6], [3, 7],
                                                   [4, 5], [4, 6], [5, 7], [6, 7]]}}),
        )]
    }

    fn prepare(&self, input: GraphOnly, cx: &PrepareContext) -> Result<Resolved, Vec<Diagnostic>> {
        resolve(input.graph, input.graph6, input.graph_uri, cx)
    }

    fn preflight(&self, g: &Resolved, _budget: &RunBudget) -> Result<(), Refusal> {
        let n = g.graph.order as usize;
        if n > inv::MAX_ORDER_HAMILTONIAN {
            return Err(Refusal::Unsupported(above_bound("Hamiltonicity", n, inv::MAX_ORDER_HAMILTONIAN)));
        }
        Ok(())
    }

    fn run(&self, g: Resolved, ctx: &AdapterContext) -> Result<Outcome<HamiltonianOutput>, AdapterError> {
        let graph = Graph::new(&g.graph);
        let cycle = inv::hamiltonian_cycle(&graph, &|| ctx.should_stop()).map_err(|Interrupted| interrupted(ctx))?;
        let output = HamiltonianOutput { hamiltonian: cycle.is_some(), cycle: cycle.clone() };
        let mut outcome = with_uri(Outcome::computed(output, scope_of(&g, "Hamiltonicity")), &g);
        if ctx.mode == Mode::Verify {
            outcome = match cycle {
                Some(cycle) => outcome.evidence(Evidence {
                    kind: HAMILTONIAN_EVIDENCE.into(),
                    claim: json!({"graph": g.json(), "hamiltonian": true}),
                    semantics: HAMILTONIAN_SEMANTICS.into(),
                    candidate: json!({"cycle": cycle}),
                    scope: scope_of(&g, "Hamiltonicity"),
                    certificate_format: VERTEX_ORDER.into(),
                    artifacts: g.uri.iter().cloned().collect(),
                }),
                None => outcome.obligation(
                    "NO_CERTIFICATE",
                    "that the graph has no Hamiltonian cycle was computed by exhaustive search; no checker replays \
                     non-Hamiltonicity",
                    None,
                ),
            };
        }
        Ok(outcome)
    }
}

// ---------------------------------------------------------------------------------------------
// Chromatic number.

/// Output of `graph.compute.chromatic_number`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ChromaticOutput {
    /// The chromatic number.
    pub chromatic_number: usize,
    /// An optimal proper colouring: colour of each vertex, from 0.
    pub colouring: Vec<u32>,
}

/// `graph.compute.chromatic_number`.
pub struct ChromaticNumber;

/// A clique of exactly `k` vertices, if any (bitset backtracking; order ≤ 64).
fn clique_of_size(g: &SimpleGraph, k: usize) -> Option<Vec<u32>> {
    let n = g.order as usize;
    if k == 0 {
        return Some(vec![]);
    }
    let mut adj = vec![0u64; n];
    for &[u, v] in &g.edges {
        adj[u as usize] |= 1 << v;
        adj[v as usize] |= 1 << u;
    }
    fn grow(adj: &[u64], chosen: &mut Vec<u32>, candidates: u64, k: usize) -> bool {
        if chosen.len() == k {
            return true;
        }
        if (candidates.count_ones() as usize) < k - chosen.len() {
            return false;
        }
        let mut rest = candidates;
        while rest != 0 {
            let v = rest.trailing_zeros();
            rest &= rest - 1;
            chosen.push(v);
            if grow(adj, chosen, rest & adj[v as usize], k) {
                return true;
            }
            chosen.pop();
        }
        false
    }
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut chosen = Vec::with_capacity(k);
    grow(&adj, &mut chosen, all, k).then_some(chosen)
}

impl Operation for ChromaticNumber {
    type Input = GraphOnly;
    type Output = ChromaticOutput;
    type Prepared = Resolved;

    fn describe(&self) -> Describe {
        Describe {
            id: "graph.compute.chromatic_number",
            title: "Chromatic number with an optimal colouring",
            outcome: "The fewest colours of a proper vertex colouring, with a colouring that attains it; checkable \
                      by a colouring plus a lower-bound certificate.",
            description: "Computes the chromatic number exactly (order up to 64, within the deadline) and an optimal \
                          proper colouring. In VERIFY mode the colouring is the upper-bound certificate and a clique \
                          of the same size (or, up to order 16, the checker's own exhaustive search) the lower bound.",
            tags: &["graph", "chromatic-number", "colouring", "coloring", "vertex-colouring", "certificate"],
            modes: &[Mode::Explore, Mode::Verify],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[SIMPLE_GRAPH_SCHEMA],
            assurance_ceiling: AssuranceLevel::Verified,
            scope_rule: "Exactly the given graph.",
            read_only: true,
            writes_artifacts: false,
            evidence_kinds: &[CHROMATIC_EVIDENCE],
            relationships: &[],
        }
    }

    fn provider(&self) -> Provider {
        jacobian_builtin(concat!(include_str!("searches.rs"), include_str!("invariants.rs")))
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "the 5-cycle",
            Mode::Verify,
            json!({"graph": {"order": 5, "edges": [[0, 1], [1, 2], [2, 3], [3, 4], [0, 4]]}}),
        )]
    }

    fn prepare(&self, input: GraphOnly, cx: &PrepareContext) -> Result<Resolved, Vec<Diagnostic>> {
        resolve(input.graph, input.graph6, input.graph_uri, cx)
    }

    fn preflight(&self, g: &Resolved, _budget: &RunBudget) -> Result<(), Refusal> {
        let n = g.graph.order as usize;
        if n > inv::MAX_ORDER_BITSET {
            return Err(Refusal::Unsupported(above_bound("the chromatic number", n, inv::MAX_ORDER_BITSET)));
        }
        Ok(())
    }

    fn run(&self, g: Resolved, ctx: &AdapterContext) -> Result<Outcome<ChromaticOutput>, AdapterError> {
        let graph = Graph::new(&g.graph);
        let stop = || ctx.should_stop();
        let (k, colouring) = inv::chromatic_number(&graph, &stop).map_err(|Interrupted| interrupted(ctx))?;
        let output = ChromaticOutput { chromatic_number: k, colouring: colouring.clone() };
        let mut outcome = with_uri(Outcome::computed(output, scope_of(&g, "the chromatic number")), &g);
        if ctx.mode == Mode::Verify {
            let lower = match clique_of_size(&g.graph, k) {
                Some(clique) => Some(json!({"clique": clique})),
                None if g.graph.order as usize <= MAX_ORDER_EXHAUSTIVE_COLOURING => Some(json!({"exhaustive": true})),
                None => None,
            };
            outcome = match lower {
                Some(lower_bound) => outcome.evidence(Evidence {
                    kind: CHROMATIC_EVIDENCE.into(),
                    claim: json!({"graph": g.json(), "chromatic_number": k}),
                    semantics: CHROMATIC_SEMANTICS.into(),
                    candidate: json!({"colouring": colouring, "lower_bound": lower_bound}),
                    scope: scope_of(&g, "the chromatic number"),
                    certificate_format: COLOURING.into(),
                    artifacts: g.uri.iter().cloned().collect(),
                }),
                None => outcome.obligation(
                    "NO_CERTIFICATE",
                    format!(
                        "no clique of size {k} exists and the order exceeds {MAX_ORDER_EXHAUSTIVE_COLOURING}, so the \
                         lower bound has no certificate the checker can replay"
                    ),
                    Some(CHROMATIC_EVIDENCE),
                ),
            };
        }
        Ok(outcome)
    }
}
