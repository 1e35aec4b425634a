//! Replay of graph certificates: a maximum induced tree by exhaustive search, a Hamiltonian
//! cycle by walking it, a chromatic number by a proper colouring and a lower bound.
//!
//! Every check reads the claimed graph, requires it canonical (edges `[u, v]` with `u < v`,
//! sorted, without duplicates) and recomputes everything else itself: neighbourhoods as
//! bitmasks or by binary search in the canonical edge list, trees by edge count and
//! reachability, the chromatic number by dynamic programming over vertex subsets. Nothing is
//! shared with the producers. Evidence (claim; candidate), with `G = {"order": n, "edges": [...]}`:
//!
//! - `graph.induced_tree.maximum/v1`, `VERTEX_SET_V1`: `{"graph": G, "max_induced_tree_order": k}`;
//!   `{"vertices": [...]}`, strictly increasing. `n` ≤ [`MAX_ORDER_INDUCED_TREE`].
//! - `graph.hamiltonian_cycle/v1`, `VERTEX_ORDER_V1`: `{"graph": G, "hamiltonian": true}`;
//!   `{"cycle": [v0, ..., v(n-1)]}`.
//! - `graph.chromatic_number/v1`, `COLOURING_AND_LOWER_BOUND_V1`: `{"graph": G, "chromatic_number": k}`;
//!   `{"colouring": [c0, ..., c(n-1)], "lower_bound": {"clique": [...]} | {"exhaustive": true}}`,
//!   the exhaustive bound only for `n` ≤ [`MAX_ORDER_EXHAUSTIVE_COLOURING`].
//!
//! Objects admit exactly the fields shown; numbers are non-negative JSON integers.

use std::cmp::Ordering;
use std::sync::LazyLock;

use jacobian_runtime::objects::graph::SimpleGraph;
use jacobian_runtime::{CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Finding, Verdict};
use serde_json::Value;

use crate::evidence::collected::{Findings, Read, array, expect, fail, field, natural, naturals, object, pointer};

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

/// Largest order whose maximum induced tree is replayed (over all 2^n vertex subsets).
pub const MAX_ORDER_INDUCED_TREE: u32 = 14;
/// Largest order whose chromatic lower bound may rest on the checker's exhaustive search.
pub const MAX_ORDER_EXHAUSTIVE_COLOURING: u32 = 16;

static INDUCED_TREE_IDENTITY: LazyLock<CheckerIdentity> = LazyLock::new(|| {
    CheckerIdentity::from_source("jacobian.check.induced_tree_exhaustive", "1.0.0", include_str!("graph.rs"))
});
static HAMILTONIAN_IDENTITY: LazyLock<CheckerIdentity> = LazyLock::new(|| {
    CheckerIdentity::from_source("jacobian.check.hamiltonian_cycle_replay", "1.0.0", include_str!("graph.rs"))
});
static CHROMATIC_IDENTITY: LazyLock<CheckerIdentity> = LazyLock::new(|| {
    CheckerIdentity::from_source("jacobian.check.chromatic_number", "1.0.0", include_str!("graph.rs"))
});

// ---------------------------------------------------------------------------------------------
// Reading evidence.

/// An array of distinct vertices of a graph of order `order`.
fn vertices(v: &Value, path: &str, order: u32) -> Read<Vec<u32>> {
    let items = array(v, path)?;
    let mut findings = Findings::default();
    let mut seen = vec![false; order as usize];
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let at = pointer(path, i);
        match item.as_u64().map(|x| (x, u32::try_from(x).ok().filter(|&x| x < order))) {
            None => findings.push(Finding::at(at, "NOT_A_NATURAL", "expected a vertex, a non-negative integer")),
            Some((x, None)) => findings.push(Finding::at(
                at,
                "VERTEX_OUT_OF_RANGE",
                format!("{x} is not a vertex of a graph of order {order}"),
            )),
            Some((_, Some(x))) if std::mem::replace(&mut seen[x as usize], true) => {
                findings.push(Finding::at(at, "DUPLICATE_VERTEX", format!("vertex {x} appears twice")))
            }
            Some((_, Some(x))) => out.push(x),
        }
    }
    findings.or_ok(out)
}

/// The graph at `path`, which must be valid and canonical.
fn graph(v: &Value, path: &str) -> Read<SimpleGraph> {
    let map = object(v, path, &["order", "edges"])?;
    let order_path = pointer(path, "order");
    let order = natural(field(map, path, "order")?, &order_path)?;
    let Ok(order) = u32::try_from(order) else {
        return fail(order_path, "ORDER_TOO_LARGE", format!("order {order} is not a 32-bit integer"));
    };
    let edges_path = pointer(path, "edges");
    let items = array(field(map, path, "edges")?, &edges_path)?;
    // An endpoint beyond u32 saturates, which `SimpleGraph::new` then reports as out of range.
    let endpoint = |x: &Value| x.as_u64().map(|x| u32::try_from(x).unwrap_or(u32::MAX));
    let mut findings = Findings::default();
    let mut edges = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        match item.as_array().map(Vec::as_slice) {
            Some([u, v]) => match (endpoint(u), endpoint(v)) {
                (Some(u), Some(v)) => edges.push([u, v]),
                _ => findings.push(Finding::at(pointer(&edges_path, i), "MALFORMED_EDGE", "expected two vertices")),
            },
            _ => findings.push(Finding::at(pointer(&edges_path, i), "MALFORMED_EDGE", "expected [u, v]")),
        }
    }
    if !findings.is_empty() {
        return Err(findings);
    }
    let canonical = SimpleGraph::new(order, edges.clone()).map_err(|diagnostics| {
        let mut findings = Findings::default();
        for d in diagnostics {
            let at = format!("{path}{}", d.path.unwrap_or_default());
            findings.push(Finding::at(at, d.code, d.message));
        }
        findings
    })?;
    match canonical.edges.iter().zip(&edges).position(|(a, b)| a != b) {
        Some(i) => fail(
            pointer(&edges_path, i),
            "NOT_CANONICAL",
            "edges must be [u, v] with u < v, sorted, without duplicates",
        ),
        None => Ok(canonical),
    }
}

// ---------------------------------------------------------------------------------------------
// Graph primitives, on the canonical edge list.

fn adjacent(g: &SimpleGraph, u: u32, v: u32) -> bool {
    g.edges.binary_search(&[u.min(v), u.max(v)]).is_ok()
}

/// Neighbourhoods as bitmasks; the order must be at most 32.
fn neighbourhoods(g: &SimpleGraph) -> Vec<u32> {
    let mut adj = vec![0u32; g.order as usize];
    for &[u, v] in &g.edges {
        adj[u as usize] |= 1 << v;
        adj[v as usize] |= 1 << u;
    }
    adj
}

fn members(set: u32) -> impl Iterator<Item = usize> {
    let mut rest = set;
    std::iter::from_fn(move || {
        let v = rest.trailing_zeros() as usize;
        rest &= rest.wrapping_sub(1);
        (v < 32).then_some(v)
    })
}

/// Edges of the subgraph induced by `set`.
fn induced_edges(adj: &[u32], set: u32) -> u32 {
    members(set).map(|v| (adj[v] & set).count_ones()).sum::<u32>() / 2
}

/// Vertices of `set` reachable from `start` (a subset of `set`) inside the induced subgraph.
fn reach(adj: &[u32], set: u32, start: u32) -> u32 {
    let (mut seen, mut frontier) = (start, start);
    while frontier != 0 {
        let v = frontier.trailing_zeros() as usize;
        frontier &= frontier - 1;
        let new = adj[v] & set & !seen;
        seen |= new;
        frontier |= new;
    }
    seen
}

/// Connected components of the subgraph induced by `set`.
fn components(adj: &[u32], set: u32) -> u32 {
    let (mut rest, mut count) = (set, 0);
    while rest != 0 {
        rest &= !reach(adj, set, rest & rest.wrapping_neg());
        count += 1;
    }
    count
}

/// True when `set` is non-empty and induces a tree: connected with one edge fewer than vertices.
fn is_tree(adj: &[u32], set: u32) -> bool {
    set != 0 && induced_edges(adj, set) + 1 == set.count_ones() && reach(adj, set, set & set.wrapping_neg()) == set
}

// ---------------------------------------------------------------------------------------------
// Maximum induced tree.

/// Checks a maximum-induced-tree claim: the candidate induces a tree of the claimed order, and
/// no vertex subset induces a larger one (all 2^n subsets examined, n ≤ 14).
pub struct InducedTreeExhaustive;

fn read_induced_tree(e: &Evidence) -> Read<(SimpleGraph, u64, Vec<u32>)> {
    let claim = object(&e.claim, "/claim", &["graph", "max_induced_tree_order"])?;
    let g = graph(field(claim, "/claim", "graph")?, "/claim/graph")?;
    if g.order > MAX_ORDER_INDUCED_TREE {
        return fail(
            "/claim/graph/order",
            "ORDER_ABOVE_BOUND",
            format!("order {} exceeds {MAX_ORDER_INDUCED_TREE}, the largest replayed exhaustively", g.order),
        );
    }
    let k = natural(field(claim, "/claim", "max_induced_tree_order")?, "/claim/max_induced_tree_order")?;
    let candidate = object(&e.candidate, "/candidate", &["vertices"])?;
    let chosen = vertices(field(candidate, "/candidate", "vertices")?, "/candidate/vertices", g.order)?;
    match chosen.windows(2).position(|w| w[0] > w[1]) {
        Some(i) => fail(pointer("/candidate/vertices", i + 1), "NOT_SORTED", "vertices must be increasing"),
        None => Ok((g, k, chosen)),
    }
}

/// The first largest vertex set inducing a tree (empty only for the null graph).
fn largest_induced_tree(adj: &[u32], cx: &CheckContext) -> Result<u32, CheckError> {
    let mut best = 0u32;
    for set in 0..1u32 << adj.len() {
        if set % 1024 == 0 && cx.should_stop() {
            return Err(CheckError::Interrupted);
        }
        if set.count_ones() > best.count_ones() && is_tree(adj, set) {
            best = set;
        }
    }
    Ok(best)
}

impl Checker for InducedTreeExhaustive {
    fn identity(&self) -> &CheckerIdentity {
        &INDUCED_TREE_IDENTITY
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[INDUCED_TREE_EVIDENCE]
    }

    fn check(&self, e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        let parsed = expect(e, INDUCED_TREE_EVIDENCE, INDUCED_TREE_SEMANTICS, VERTEX_SET, "graph")
            .and_then(|()| read_induced_tree(e));
        let (g, k, chosen) = match parsed {
            Ok(parsed) => parsed,
            Err(findings) => return Ok(findings.rejected()),
        };
        let adj = neighbourhoods(&g);
        let set = chosen.iter().fold(0u32, |set, &v| set | 1 << v);
        let size = chosen.len() as u64;
        let mut findings = Findings::default();
        let at = "/candidate/vertices";
        if size != k {
            findings.push(Finding::at(at, "WRONG_SIZE", format!("{size} vertices for a claimed order {k}")));
        }
        if set != 0 {
            let parts = components(&adj, set);
            if parts > 1 {
                findings.push(Finding::at(at, "NOT_CONNECTED", format!("the induced subgraph has {parts} components")));
            }
            // A forest on `size` vertices with `parts` components has exactly size − parts edges.
            if u64::from(induced_edges(&adj, set) + parts) > size {
                findings.push(Finding::at(at, "CONTAINS_CYCLE", "the induced subgraph contains a cycle"));
            }
        }
        let best = largest_induced_tree(&adj, cx)?;
        let max = u64::from(best.count_ones());
        match max.cmp(&k) {
            Ordering::Greater => findings.push(Finding::at(
                "/claim/max_induced_tree_order",
                "NOT_MAXIMUM",
                format!("{:?} induces a tree on {max} vertices", members(best).collect::<Vec<_>>()),
            )),
            Ordering::Less => findings.push(Finding::at(
                "/claim/max_induced_tree_order",
                "NOT_ATTAINED",
                format!("no {k} vertices induce a tree; the maximum is {max}"),
            )),
            Ordering::Equal => {}
        }
        Ok(findings.verdict(|| {
            format!("all {} vertex subsets examined: the largest induced tree has {k} vertices", 1u32 << g.order)
        }))
    }
}

// ---------------------------------------------------------------------------------------------
// Hamiltonian cycle.

/// Checks a Hamiltonian cycle: a permutation of all vertices, each consecutive pair (and the
/// last and first) adjacent. Non-Hamiltonicity has no certificate here and is rejected.
pub struct HamiltonianCycleReplay;

fn read_hamiltonian(e: &Evidence) -> Read<(SimpleGraph, Vec<u32>)> {
    let claim = object(&e.claim, "/claim", &["graph", "hamiltonian"])?;
    let g = graph(field(claim, "/claim", "graph")?, "/claim/graph")?;
    match field(claim, "/claim", "hamiltonian")? {
        Value::Bool(true) => {}
        Value::Bool(false) => {
            return fail("/claim/hamiltonian", "UNCHECKABLE_CLAIM", "non-Hamiltonicity has no certificate here");
        }
        _ => return fail("/claim/hamiltonian", "NOT_A_BOOLEAN", "expected true"),
    }
    let candidate = object(&e.candidate, "/candidate", &["cycle"])?;
    let cycle = vertices(field(candidate, "/candidate", "cycle")?, "/candidate/cycle", g.order)?;
    Ok((g, cycle))
}

impl Checker for HamiltonianCycleReplay {
    fn identity(&self) -> &CheckerIdentity {
        &HAMILTONIAN_IDENTITY
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[HAMILTONIAN_EVIDENCE]
    }

    fn check(&self, e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        let parsed = expect(e, HAMILTONIAN_EVIDENCE, HAMILTONIAN_SEMANTICS, VERTEX_ORDER, "graph")
            .and_then(|()| read_hamiltonian(e));
        let (g, cycle) = match parsed {
            Ok(parsed) => parsed,
            Err(findings) => return Ok(findings.rejected()),
        };
        let n = g.order as usize;
        let mut findings = Findings::default();
        if n < 3 {
            findings.push(Finding::at("/claim/graph/order", "TOO_FEW_VERTICES", "a cycle needs at least 3 vertices"));
        }
        // The vertices are distinct and in range, so n of them are a permutation.
        if cycle.len() != n {
            let message = format!("the cycle has {} vertices, the graph {n}", cycle.len());
            findings.push(Finding::at("/candidate/cycle", "WRONG_LENGTH", message));
        }
        for (i, (&u, &v)) in cycle.iter().zip(cycle.iter().cycle().skip(1)).enumerate() {
            if i % 4096 == 0 && cx.should_stop() {
                return Err(CheckError::Interrupted);
            }
            if !adjacent(&g, u, v) {
                let message = format!("{u} and its successor {v} are not adjacent");
                findings.push(Finding::at(pointer("/candidate/cycle", i), "NOT_AN_EDGE", message));
            }
        }
        Ok(findings.verdict(|| format!("the cycle visits each of the {n} vertices once, every step along an edge")))
    }
}

// ---------------------------------------------------------------------------------------------
// Chromatic number.

/// Checks a chromatic number k: a proper colouring with colours in 0..k, and a lower bound,
/// either a clique on k vertices or (order ≤ 16) the checker's own exact computation.
pub struct ChromaticNumberCertificate;

enum LowerBound {
    Clique(Vec<u32>),
    Exhaustive,
}

fn read_chromatic(e: &Evidence) -> Read<(SimpleGraph, u64, Vec<u64>, LowerBound)> {
    let claim = object(&e.claim, "/claim", &["graph", "chromatic_number"])?;
    let g = graph(field(claim, "/claim", "graph")?, "/claim/graph")?;
    let k = natural(field(claim, "/claim", "chromatic_number")?, "/claim/chromatic_number")?;
    let candidate = object(&e.candidate, "/candidate", &["colouring", "lower_bound"])?;
    let colouring = naturals(field(candidate, "/candidate", "colouring")?, "/candidate/colouring")?;
    let path = "/candidate/lower_bound";
    let bound = object(field(candidate, "/candidate", "lower_bound")?, path, &["clique", "exhaustive"])?;
    let lower = match (bound.get("clique"), bound.get("exhaustive")) {
        (Some(clique), None) => LowerBound::Clique(vertices(clique, "/candidate/lower_bound/clique", g.order)?),
        (None, Some(Value::Bool(true))) => LowerBound::Exhaustive,
        (None, Some(_)) => return fail("/candidate/lower_bound/exhaustive", "NOT_A_CERTIFICATE", "expected true"),
        (Some(_), Some(_)) => return fail(path, "AMBIGUOUS_LOWER_BOUND", "give `clique` or `exhaustive`, not both"),
        (None, None) => return fail(path, "MISSING_FIELD", "`clique` or `exhaustive` is required"),
    };
    Ok((g, k, colouring, lower))
}

/// The first pair of `clique` that is not an edge, as a finding.
fn missing_clique_edge(
    g: &SimpleGraph,
    clique: &[u32],
    path: &str,
    cx: &CheckContext,
) -> Result<Option<Finding>, CheckError> {
    let (size, edges) = (clique.len() as u64, g.edges.len() as u64);
    if size * size.saturating_sub(1) / 2 > edges {
        let message = format!("{size} vertices are not a clique in a graph with {edges} edges");
        return Ok(Some(Finding::at(path, "NOT_A_CLIQUE", message)));
    }
    for (j, &v) in clique.iter().enumerate() {
        if cx.should_stop() {
            return Err(CheckError::Interrupted);
        }
        if let Some(&u) = clique[..j].iter().find(|&&u| !adjacent(g, u, v)) {
            let message = format!("{u} and {v} are not adjacent");
            return Ok(Some(Finding::at(pointer(path, j), "NOT_A_CLIQUE", message)));
        }
    }
    Ok(None)
}

/// The chromatic number of a graph of order ≤ 16 given by its neighbourhoods: over vertex
/// subsets S in increasing order, χ(S) = 1 + min χ(S \ I) over independent sets I ⊆ S that
/// contain the lowest vertex of S (some colour class contains it), χ(∅) = 0.
fn chromatic_number(adj: &[u32], cx: &CheckContext) -> Result<u32, CheckError> {
    let subsets = 1usize << adj.len();
    let mut independent = vec![false; subsets];
    let mut chi = vec![0u8; subsets];
    independent[0] = true;
    for s in 1..subsets {
        // Polls from the first subset on, then every 256.
        if s % 256 == 1 && cx.should_stop() {
            return Err(CheckError::Interrupted);
        }
        let low = s & s.wrapping_neg();
        let rest = s ^ low;
        independent[s] = independent[rest] && adj[low.trailing_zeros() as usize] & rest as u32 == 0;
        let mut fewest = u8::MAX;
        let mut t = rest;
        loop {
            if independent[t | low] {
                fewest = fewest.min(chi[rest ^ t]);
            }
            if t == 0 {
                break;
            }
            t = (t - 1) & rest;
        }
        chi[s] = fewest.saturating_add(1);
    }
    Ok(u32::from(chi[subsets - 1]))
}

impl Checker for ChromaticNumberCertificate {
    fn identity(&self) -> &CheckerIdentity {
        &CHROMATIC_IDENTITY
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[CHROMATIC_EVIDENCE]
    }

    fn check(&self, e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        let parsed =
            expect(e, CHROMATIC_EVIDENCE, CHROMATIC_SEMANTICS, COLOURING, "graph").and_then(|()| read_chromatic(e));
        let (g, k, colouring, lower) = match parsed {
            Ok(parsed) => parsed,
            Err(findings) => return Ok(findings.rejected()),
        };
        let n = g.order as usize;
        let mut findings = Findings::default();
        if colouring.len() != n {
            let message = format!("{} colours for {n} vertices", colouring.len());
            findings.push(Finding::at("/candidate/colouring", "WRONG_LENGTH", message));
        }
        for (v, &c) in colouring.iter().enumerate().filter(|&(_, &c)| c >= k) {
            findings.push(Finding::at(
                pointer("/candidate/colouring", v),
                "COLOUR_OUT_OF_RANGE",
                format!("colour {c} is not in 0..{k}"),
            ));
        }
        for (i, &[u, v]) in g.edges.iter().enumerate() {
            if let (Some(cu), Some(cv)) = (colouring.get(u as usize), colouring.get(v as usize))
                && cu == cv
            {
                let message = format!("both ends of [{u}, {v}] have colour {cu}");
                findings.push(Finding::at(pointer("/claim/graph/edges", i), "IMPROPER_COLOURING", message));
            }
        }
        let lower_bound = match lower {
            LowerBound::Clique(clique) => {
                let at = "/candidate/lower_bound/clique";
                if clique.len() as u64 != k {
                    let message = format!("{} vertices for a claimed chromatic number {k}", clique.len());
                    findings.push(Finding::at(at, "WRONG_SIZE", message));
                }
                if let Some(finding) = missing_clique_edge(&g, &clique, at, cx)? {
                    findings.push(finding);
                }
                format!("a clique on {k} vertices")
            }
            LowerBound::Exhaustive if g.order > MAX_ORDER_EXHAUSTIVE_COLOURING => {
                let message = format!("order {} exceeds {MAX_ORDER_EXHAUSTIVE_COLOURING}", g.order);
                findings.push(Finding::at("/candidate/lower_bound/exhaustive", "ORDER_ABOVE_BOUND", message));
                String::new()
            }
            LowerBound::Exhaustive => {
                let chi = u64::from(chromatic_number(&neighbourhoods(&g), cx)?);
                match chi.cmp(&k) {
                    Ordering::Less => findings.push(Finding::at(
                        "/candidate/lower_bound/exhaustive",
                        "LOWER_BOUND_FAILS",
                        format!("the graph has a proper {chi}-colouring; its chromatic number is {chi}"),
                    )),
                    Ordering::Greater => findings.push(Finding::at(
                        "/claim/chromatic_number",
                        "NOT_ATTAINED",
                        format!("no proper {k}-colouring exists; the chromatic number is {chi}"),
                    )),
                    Ordering::Equal => {}
                }
                format!("the chromatic number recomputed over all {} vertex subsets", 1u32 << g.order)
            }
        };
        Ok(findings.verdict(|| format!("a proper colouring with colours in 0..{k}, and {lower_bound}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::collected::MAX_FINDINGS;
    use jacobian_runtime::artifact::{ArtifactReader, MemoryArtifactStore};
    use jacobian_runtime::{CancellationToken, Digest, Scope};
    use proptest::prelude::*;
    use serde_json::json;
    use std::sync::Arc;

    fn cx() -> CheckContext {
        CheckContext {
            artifacts: ArtifactReader::new(Arc::new(MemoryArtifactStore::new())),
            cancel: CancellationToken::new(),
            deadline: std::time::Instant::now() + std::time::Duration::from_secs(30),
        }
    }

    // Graphs, as edge lists on 0..n.

    type Edges = Vec<(u32, u32)>;

    fn path(n: u32) -> Edges {
        (1..n).map(|v| (v - 1, v)).collect()
    }

    fn cycle(n: u32) -> Edges {
        (0..n).map(|v| (v, (v + 1) % n)).collect()
    }

    fn complete(n: u32) -> Edges {
        (0..n).flat_map(|v| (0..v).map(move |u| (u, v))).collect()
    }

    /// Outer 5-cycle 0..5, spokes i–(i+5), inner pentagram on 5..10.
    fn petersen() -> Edges {
        (0..5).flat_map(|i| [(i, (i + 1) % 5), (i, i + 5), (i + 5, (i + 2) % 5 + 5)]).collect()
    }

    /// The canonical JSON of a graph.
    fn graph_json(n: u32, edges: &[(u32, u32)]) -> Value {
        let mut canonical: Vec<[u32; 2]> = edges.iter().map(|&(u, v)| [u.min(v), u.max(v)]).collect();
        canonical.sort();
        canonical.dedup();
        json!({"order": n, "edges": canonical})
    }

    fn matrix(n: u32, edges: &[(u32, u32)]) -> Vec<Vec<bool>> {
        let mut m = vec![vec![false; n as usize]; n as usize];
        for &(u, v) in edges {
            m[u as usize][v as usize] = true;
            m[v as usize][u as usize] = true;
        }
        m
    }

    // Independent brute force, deliberately unlike the checkers' algorithms.

    /// Largest vertex set whose induced subgraph has |S| − 1 edges and no cycle (union–find).
    fn brute_max_induced_tree(n: u32, edges: &[(u32, u32)]) -> Vec<u32> {
        let mut best = vec![];
        for mask in 0u64..1 << n {
            let set: Vec<u32> = (0..n).filter(|v| mask >> v & 1 == 1).collect();
            if set.len() <= best.len() {
                continue;
            }
            let inside: Vec<_> = edges.iter().filter(|(u, v)| mask >> u & 1 == 1 && mask >> v & 1 == 1).collect();
            let mut parent: Vec<usize> = (0..n as usize).collect();
            fn root(p: &mut [usize], mut x: usize) -> usize {
                while p[x] != x {
                    x = p[x];
                }
                x
            }
            let acyclic = inside.iter().all(|&&(u, v)| {
                let (a, b) = (root(&mut parent, u as usize), root(&mut parent, v as usize));
                parent[a] = b;
                a != b
            });
            if acyclic && inside.len() + 1 == set.len() {
                best = set;
            }
        }
        best
    }

    /// Fewest colours and an optimal colouring, trying every assignment.
    fn brute_chromatic(n: u32, edges: &[(u32, u32)]) -> (u64, Vec<u64>) {
        for k in 0..=u64::from(n) {
            let mut colours = vec![0u64; n as usize];
            loop {
                if edges.iter().all(|&(u, v)| colours[u as usize] != colours[v as usize]) && (k > 0 || n == 0) {
                    return (k, colours);
                }
                // Next assignment in base k; stop after the last.
                let Some(i) = colours.iter().position(|&c| c + 1 < k) else { break };
                colours[i] += 1;
                colours[..i].iter_mut().for_each(|c| *c = 0);
            }
        }
        unreachable!("n colours always suffice")
    }

    fn brute_max_clique(n: u32, edges: &[(u32, u32)]) -> Vec<u32> {
        let m = matrix(n, edges);
        (0u64..1 << n)
            .map(|mask| (0..n).filter(|v| mask >> v & 1 == 1).collect::<Vec<u32>>())
            .filter(|s| s.iter().all(|&u| s.iter().all(|&v| u == v || m[u as usize][v as usize])))
            .max_by_key(Vec::len)
            .unwrap_or_default()
    }

    fn brute_hamiltonian(n: u32, edges: &[(u32, u32)]) -> Option<Vec<u32>> {
        fn extend(m: &[Vec<bool>], walk: &mut Vec<u32>, used: &mut [bool]) -> bool {
            let n = m.len();
            let last = walk[walk.len() - 1] as usize;
            if walk.len() == n {
                return n >= 3 && m[last][0];
            }
            for v in 0..n {
                if !used[v] && m[last][v] {
                    used[v] = true;
                    walk.push(v as u32);
                    if extend(m, walk, used) {
                        return true;
                    }
                    walk.pop();
                    used[v] = false;
                }
            }
            false
        }
        if n == 0 {
            return None;
        }
        let m = matrix(n, edges);
        let mut used = vec![false; n as usize];
        used[0] = true;
        let mut walk = vec![0];
        extend(&m, &mut walk, &mut used).then_some(walk)
    }

    // Evidence.

    fn evidence(kind: &str, semantics: &str, format: &str, claim: Value, candidate: Value) -> Evidence {
        Evidence {
            kind: kind.into(),
            claim,
            semantics: semantics.into(),
            candidate,
            scope: Scope::exact_input("the graph", Digest::of_bytes(b"g")),
            certificate_format: format.into(),
            artifacts: vec![],
        }
    }

    fn tree(graph: Value, k: impl Into<Value>, vertices: Value) -> Evidence {
        let claim = json!({"graph": graph, "max_induced_tree_order": k.into()});
        evidence(INDUCED_TREE_EVIDENCE, INDUCED_TREE_SEMANTICS, VERTEX_SET, claim, json!({"vertices": vertices}))
    }

    fn tour(graph: Value, cycle: Value) -> Evidence {
        let claim = json!({"graph": graph, "hamiltonian": true});
        evidence(HAMILTONIAN_EVIDENCE, HAMILTONIAN_SEMANTICS, VERTEX_ORDER, claim, json!({"cycle": cycle}))
    }

    fn colouring(graph: Value, k: impl Into<Value>, colours: Value, lower_bound: Value) -> Evidence {
        let claim = json!({"graph": graph, "chromatic_number": k.into()});
        let candidate = json!({"colouring": colours, "lower_bound": lower_bound});
        evidence(CHROMATIC_EVIDENCE, CHROMATIC_SEMANTICS, COLOURING, claim, candidate)
    }

    fn verdict(checker: &dyn Checker, e: &Evidence) -> Verdict {
        checker.check(e, &cx()).expect("no interruption")
    }

    fn accepted(checker: &dyn Checker, e: &Evidence) -> bool {
        matches!(verdict(checker, e), Verdict::Accepted { .. })
    }

    /// The finding codes of a rejection; fails the test on any other verdict.
    fn rejection(checker: &dyn Checker, e: &Evidence) -> Vec<String> {
        match verdict(checker, e) {
            Verdict::Rejected { findings } if !findings.is_empty() => findings.into_iter().map(|f| f.code).collect(),
            other => panic!("expected a rejection, got {other:?} for {e:?}"),
        }
    }

    /// Each corruption is rejected with (at least) the expected code.
    fn assert_rejections(checker: &dyn Checker, cases: Vec<(&str, Evidence, &str)>) {
        for (what, e, code) in cases {
            let codes = rejection(checker, &e);
            assert!(codes.iter().any(|c| c == code), "{what}: expected {code}, got {codes:?}");
        }
    }

    fn with(mut e: Evidence, edit: impl FnOnce(&mut Evidence)) -> Evidence {
        edit(&mut e);
        e
    }

    #[test]
    fn identities_are_distinct_and_versioned() {
        let checkers: [&dyn Checker; 3] =
            [&InducedTreeExhaustive, &HamiltonianCycleReplay, &ChromaticNumberCertificate];
        let ids: Vec<String> =
            checkers.iter().map(|c| format!("{} {}", c.identity().id, c.identity().version)).collect();
        assert_eq!(
            ids,
            [
                "jacobian.check.induced_tree_exhaustive 1.0.0",
                "jacobian.check.hamiltonian_cycle_replay 1.0.0",
                "jacobian.check.chromatic_number 1.0.0"
            ]
        );
        assert!(checkers.iter().all(|c| c.identity().digest.starts_with("sha256:")));
    }

    #[test]
    fn induced_tree_accepts_maxima_on_known_graphs() {
        let mut graphs: Vec<(u32, Edges, Option<usize>)> = vec![(0, vec![], Some(0)), (5, vec![], Some(1))];
        graphs.extend((1..=14).map(|n| (n, path(n), Some(n as usize))));
        graphs.extend((3..=9).map(|n| (n, cycle(n), Some(n as usize - 1))));
        graphs.extend((2..=7).map(|n| (n, complete(n), Some(2))));
        graphs.push((10, petersen(), None));
        for (n, edges, textbook) in graphs {
            let best = brute_max_induced_tree(n, &edges);
            if let Some(k) = textbook {
                assert_eq!(best.len(), k, "brute force disagrees with the textbook on {n} {edges:?}");
            }
            let e = tree(graph_json(n, &edges), best.len(), json!(best));
            assert!(accepted(&InducedTreeExhaustive, &e), "{n} {edges:?}: {:?}", verdict(&InducedTreeExhaustive, &e));
        }
    }

    #[test]
    fn induced_tree_rejects_corruptions() {
        let p5 = graph_json(5, &path(5));
        let good = tree(p5.clone(), 5, json!([0, 1, 2, 3, 4]));
        assert!(accepted(&InducedTreeExhaustive, &good));
        let c5 = graph_json(5, &cycle(5));
        let petersen_best = brute_max_induced_tree(10, &petersen());
        let k = petersen_best.len();
        let petersen_g = graph_json(10, &petersen());
        let cases = vec![
            ("k too small", tree(p5.clone(), 4, json!([0, 1, 2, 3])), "NOT_MAXIMUM"),
            ("k too large", tree(p5.clone(), 6, json!([0, 1, 2, 3, 4])), "NOT_ATTAINED"),
            ("k too large, size", tree(p5.clone(), 6, json!([0, 1, 2, 3, 4])), "WRONG_SIZE"),
            ("Petersen k − 1", tree(petersen_g.clone(), k - 1, json!(petersen_best[1..])), "NOT_MAXIMUM"),
            ("Petersen k + 1", tree(petersen_g.clone(), k + 1, json!(petersen_best)), "NOT_ATTAINED"),
            ("wrong size", tree(p5.clone(), 5, json!([0, 1, 2, 3])), "WRONG_SIZE"),
            ("disconnected", tree(p5.clone(), 2, json!([0, 2])), "NOT_CONNECTED"),
            ("cycle", tree(c5.clone(), 5, json!([0, 1, 2, 3, 4])), "CONTAINS_CYCLE"),
            ("duplicate", tree(p5.clone(), 5, json!([0, 1, 1, 2, 3])), "DUPLICATE_VERTEX"),
            ("out of range", tree(p5.clone(), 5, json!([0, 1, 2, 3, 5])), "VERTEX_OUT_OF_RANGE"),
            ("unsorted", tree(p5.clone(), 5, json!([1, 0, 2, 3, 4])), "NOT_SORTED"),
            ("reversed edge", tree(json!({"order": 2, "edges": [[1, 0]]}), 2, json!([0, 1])), "NOT_CANONICAL"),
            (
                "unsorted edges",
                tree(json!({"order": 3, "edges": [[1, 2], [0, 1]]}), 3, json!([0, 1, 2])),
                "NOT_CANONICAL",
            ),
            ("loop", tree(json!({"order": 2, "edges": [[0, 0]]}), 1, json!([0])), "LOOP"),
            ("edge out of range", tree(json!({"order": 2, "edges": [[0, 2]]}), 1, json!([0])), "VERTEX_OUT_OF_RANGE"),
            (
                "huge endpoint",
                tree(json!({"order": 2, "edges": [[0, 1u64 << 40]]}), 1, json!([0])),
                "VERTEX_OUT_OF_RANGE",
            ),
            (
                "duplicate edge",
                tree(json!({"order": 2, "edges": [[0, 1], [0, 1]]}), 2, json!([0, 1])),
                "DUPLICATE_EDGE",
            ),
            ("order 15", tree(graph_json(15, &path(15)), 15, json!((0..15).collect::<Vec<_>>())), "ORDER_ABOVE_BOUND"),
            ("k as a string", tree(p5.clone(), "5", json!([0, 1, 2, 3, 4])), "NOT_A_NATURAL"),
            ("k as a float", tree(p5.clone(), 5.0, json!([0, 1, 2, 3, 4])), "NOT_A_NATURAL"),
            ("negative k", tree(p5.clone(), -5, json!([0, 1, 2, 3, 4])), "NOT_A_NATURAL"),
            ("vertex as a string", tree(p5.clone(), 5, json!([0, 1, "2", 3, 4])), "NOT_A_NATURAL"),
            ("vertices not an array", tree(p5.clone(), 5, json!("0 1 2 3 4")), "NOT_AN_ARRAY"),
            ("order as a string", tree(json!({"order": "5", "edges": []}), 1, json!([0])), "NOT_A_NATURAL"),
            ("edge of one vertex", tree(json!({"order": 2, "edges": [[0]]}), 1, json!([0])), "MALFORMED_EDGE"),
            ("missing edges", tree(json!({"order": 2}), 1, json!([0])), "MISSING_FIELD"),
            ("null graph value", tree(Value::Null, 1, json!([0])), "NOT_AN_OBJECT"),
            ("extra graph field", tree(json!({"order": 1, "edges": [], "name": "x"}), 1, json!([0])), "UNKNOWN_FIELD"),
            ("missing k", with(good.clone(), |e| e.claim = json!({"graph": p5.clone()})), "MISSING_FIELD"),
            ("missing vertices", with(good.clone(), |e| e.candidate = json!({})), "MISSING_FIELD"),
            ("candidate an array", with(good.clone(), |e| e.candidate = json!([0, 1, 2, 3, 4])), "NOT_AN_OBJECT"),
            ("claim null", with(good.clone(), |e| e.claim = Value::Null), "NOT_AN_OBJECT"),
            ("extra claim field", with(good.clone(), |e| e.claim["note"] = json!(1)), "UNKNOWN_FIELD"),
            ("semantics", with(good.clone(), |e| e.semantics = "urn:other".into()), "UNSUPPORTED_EVIDENCE"),
            ("format", with(good.clone(), |e| e.certificate_format = "OTHER".into()), "UNSUPPORTED_EVIDENCE"),
            ("kind", with(good.clone(), |e| e.kind = HAMILTONIAN_EVIDENCE.into()), "UNSUPPORTED_EVIDENCE"),
            ("universal scope", with(good.clone(), |e| e.scope.universal = true), "UNIVERSAL_SCOPE"),
            ("null graph with a vertex", tree(graph_json(0, &[]), 1, json!([0])), "VERTEX_OUT_OF_RANGE"),
            ("null graph, k = 1", tree(graph_json(0, &[]), 1, json!([])), "NOT_ATTAINED"),
            ("empty set in a non-empty graph", tree(graph_json(3, &[]), 0, json!([])), "NOT_MAXIMUM"),
        ];
        assert_rejections(&InducedTreeExhaustive, cases);
        let pointer_of = |e: &Evidence| match verdict(&InducedTreeExhaustive, e) {
            Verdict::Rejected { findings } => findings[0].path.clone(),
            other => panic!("{other:?}"),
        };
        assert_eq!(pointer_of(&tree(p5.clone(), 5, json!([0, 1, 2, 3, 7]))), Some("/candidate/vertices/4".into()));
        assert_eq!(
            pointer_of(&tree(json!({"order": 3, "edges": [[0, 1], [2, 1]]}), 3, json!([0, 1, 2]))),
            Some("/claim/graph/edges/1".into())
        );
    }

    #[test]
    fn interrupted_searches_return_an_error() {
        let stopped = cx();
        stopped.cancel.cancel();
        let e = tree(graph_json(6, &path(6)), 6, json!([0, 1, 2, 3, 4, 5]));
        assert!(matches!(InducedTreeExhaustive.check(&e, &stopped), Err(CheckError::Interrupted)));
        let e = colouring(graph_json(5, &cycle(5)), 3, json!([0, 1, 0, 1, 2]), json!({"exhaustive": true}));
        assert!(matches!(ChromaticNumberCertificate.check(&e, &stopped), Err(CheckError::Interrupted)));
    }

    #[test]
    fn hamiltonian_accepts_cycles() {
        let mut cases: Vec<(u32, Edges)> = (3..=9).map(|n| (n, cycle(n))).collect();
        cases.extend((3..=7).map(|n| (n, complete(n))));
        // The 3-cube (vertices as bit strings).
        cases.push((8, (0..8u32).flat_map(|v| [1, 2, 4].map(|b| (v, v ^ b))).filter(|(u, v)| u < v).collect()));
        for (n, edges) in cases {
            let found = brute_hamiltonian(n, &edges).expect("these graphs are Hamiltonian");
            assert!(accepted(&HamiltonianCycleReplay, &tour(graph_json(n, &edges), json!(found))), "{n} {edges:?}");
        }
        // Any direction and starting point, and any order.
        let k4 = graph_json(4, &complete(4));
        assert!(accepted(&HamiltonianCycleReplay, &tour(k4, json!([2, 0, 3, 1]))));
        assert!(accepted(&HamiltonianCycleReplay, &tour(graph_json(7, &cycle(7)), json!([4, 3, 2, 1, 0, 6, 5]))));
        let big = graph_json(300, &cycle(300));
        assert!(accepted(&HamiltonianCycleReplay, &tour(big, json!((0..300).rev().collect::<Vec<u32>>()))));
    }

    #[test]
    fn hamiltonian_rejects_corruptions() {
        // Petersen is not Hamiltonian; whatever cycle is offered must fail.
        assert_eq!(brute_hamiltonian(10, &petersen()), None);
        let p = graph_json(10, &petersen());
        for offered in [
            json!([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
            json!([0, 1, 2, 3, 4, 9, 6, 8, 5, 7]),
            json!([0, 1, 6, 9, 4, 3, 8, 5, 7, 2]),
        ] {
            rejection(&HamiltonianCycleReplay, &tour(p.clone(), offered));
        }
        let c5 = graph_json(5, &cycle(5));
        let good = tour(c5.clone(), json!([0, 1, 2, 3, 4]));
        assert!(accepted(&HamiltonianCycleReplay, &good));
        let cases = vec![
            ("repeated vertex", tour(c5.clone(), json!([0, 1, 2, 3, 3])), "DUPLICATE_VERTEX"),
            ("missed vertex", tour(c5.clone(), json!([0, 1, 2, 3])), "WRONG_LENGTH"),
            ("missed vertex closes on a non-edge", tour(c5.clone(), json!([0, 1, 2, 3])), "NOT_AN_EDGE"),
            ("non-edge", tour(c5.clone(), json!([0, 2, 1, 3, 4])), "NOT_AN_EDGE"),
            ("out of range", tour(c5.clone(), json!([0, 1, 2, 3, 5])), "VERTEX_OUT_OF_RANGE"),
            ("negative vertex", tour(c5.clone(), json!([0, 1, 2, 3, -4])), "NOT_A_NATURAL"),
            ("too few vertices", tour(graph_json(2, &path(2)), json!([0, 1])), "TOO_FEW_VERTICES"),
            ("null graph", tour(graph_json(0, &[]), json!([])), "TOO_FEW_VERTICES"),
            ("single vertex", tour(graph_json(1, &[]), json!([0])), "NOT_AN_EDGE"),
            (
                "not Hamiltonian claimed",
                with(good.clone(), |e| e.claim["hamiltonian"] = json!(false)),
                "UNCHECKABLE_CLAIM",
            ),
            ("claim a string", with(good.clone(), |e| e.claim["hamiltonian"] = json!("true")), "NOT_A_BOOLEAN"),
            ("cycle misnamed", with(good.clone(), |e| e.candidate = json!({"tour": [0, 1, 2, 3, 4]})), "UNKNOWN_FIELD"),
            ("cycle missing", with(good.clone(), |e| e.candidate = json!({})), "MISSING_FIELD"),
            (
                "reversed edge",
                tour(json!({"order": 3, "edges": [[0, 1], [0, 2], [2, 1]]}), json!([0, 1, 2])),
                "NOT_CANONICAL",
            ),
            ("semantics", with(good.clone(), |e| e.semantics = INDUCED_TREE_SEMANTICS.into()), "UNSUPPORTED_EVIDENCE"),
            ("format", with(good.clone(), |e| e.certificate_format = VERTEX_SET.into()), "UNSUPPORTED_EVIDENCE"),
        ];
        assert_rejections(&HamiltonianCycleReplay, cases);
    }

    #[test]
    fn hamiltonian_reports_are_bounded() {
        let n = 5000u32;
        let e = tour(graph_json(n, &[]), json!((0..n).collect::<Vec<u32>>()));
        let Verdict::Rejected { findings } = verdict(&HamiltonianCycleReplay, &e) else { panic!("accepted") };
        assert_eq!(findings.len(), MAX_FINDINGS + 1);
        assert_eq!(findings[MAX_FINDINGS].code, "MORE_FINDINGS");
    }

    #[test]
    fn chromatic_accepts_certificates() {
        // Textbook values, confirmed by brute force.
        for (n, edges, chi) in [
            (5, cycle(5), 3),
            (10, petersen(), 3),
            (4, complete(4), 4),
            (6, cycle(6), 2),
            (3, vec![], 1),
            (0, vec![], 0),
        ] {
            let (k, colours) = brute_chromatic(n, &edges);
            assert_eq!(k, chi, "{n} {edges:?}");
            let g = graph_json(n, &edges);
            let e = colouring(g.clone(), k, json!(colours), json!({"exhaustive": true}));
            assert!(accepted(&ChromaticNumberCertificate, &e), "{e:?}: {:?}", verdict(&ChromaticNumberCertificate, &e));
            let clique = brute_max_clique(n, &edges);
            if clique.len() as u64 == k {
                let e = colouring(g, k, json!(colours), json!({"clique": clique}));
                assert!(accepted(&ChromaticNumberCertificate, &e), "{e:?}");
            }
        }
        assert_eq!(brute_max_clique(10, &petersen()).len(), 2, "Petersen has no triangle");
        let k4 = colouring(graph_json(4, &complete(4)), 4, json!([3, 1, 0, 2]), json!({"clique": [2, 0, 3, 1]}));
        assert!(accepted(&ChromaticNumberCertificate, &k4));
        // A clique certificate at any order; the exhaustive one up to order 16.
        let triangle_and_isolated = graph_json(17, &cycle(3));
        let mut colours = vec![0u64; 17];
        colours[1..3].copy_from_slice(&[1, 2]);
        let e = colouring(triangle_and_isolated, 3, json!(colours), json!({"clique": [0, 1, 2]}));
        assert!(accepted(&ChromaticNumberCertificate, &e));
        let mut c15 = vec![0u64; 16];
        (0..15).for_each(|v| c15[v] = (v % 2) as u64);
        c15[14] = 2;
        let e = colouring(graph_json(16, &cycle(15)), 3, json!(c15), json!({"exhaustive": true}));
        assert!(accepted(&ChromaticNumberCertificate, &e), "{:?}", verdict(&ChromaticNumberCertificate, &e));
    }

    #[test]
    fn chromatic_rejects_corruptions() {
        let c5 = graph_json(5, &cycle(5));
        let exhaustive = json!({"exhaustive": true});
        let good = colouring(c5.clone(), 3, json!([0, 1, 0, 1, 2]), exhaustive.clone());
        assert!(accepted(&ChromaticNumberCertificate, &good));
        let (_, petersen_colours) = brute_chromatic(10, &petersen());
        let p = graph_json(10, &petersen());
        let k4 = graph_json(4, &complete(4));
        let mut c17 = vec![0u64; 17];
        c17[1..3].copy_from_slice(&[1, 2]);
        let cases = vec![
            (
                "k too small",
                colouring(c5.clone(), 2, json!([0, 1, 0, 1, 2]), exhaustive.clone()),
                "COLOUR_OUT_OF_RANGE",
            ),
            (
                "k too small, proper",
                colouring(c5.clone(), 2, json!([0, 1, 0, 1, 0]), exhaustive.clone()),
                "IMPROPER_COLOURING",
            ),
            ("k too large", colouring(c5.clone(), 4, json!([0, 1, 0, 1, 2]), exhaustive.clone()), "LOWER_BOUND_FAILS"),
            (
                "k too large, Petersen",
                colouring(p.clone(), 4, json!(petersen_colours), exhaustive.clone()),
                "LOWER_BOUND_FAILS",
            ),
            ("improper", colouring(c5.clone(), 3, json!([0, 1, 1, 0, 2]), exhaustive.clone()), "IMPROPER_COLOURING"),
            (
                "colour out of range",
                colouring(c5.clone(), 3, json!([0, 1, 0, 1, 3]), exhaustive.clone()),
                "COLOUR_OUT_OF_RANGE",
            ),
            ("short colouring", colouring(c5.clone(), 3, json!([0, 1, 0, 1]), exhaustive.clone()), "WRONG_LENGTH"),
            ("long colouring", colouring(c5.clone(), 3, json!([0, 1, 0, 1, 2, 0]), exhaustive.clone()), "WRONG_LENGTH"),
            (
                "colour a string",
                colouring(c5.clone(), 3, json!([0, 1, 0, 1, "2"]), exhaustive.clone()),
                "NOT_A_NATURAL",
            ),
            ("k a string", colouring(c5.clone(), "3", json!([0, 1, 0, 1, 2]), exhaustive.clone()), "NOT_A_NATURAL"),
            (
                "Petersen triangle",
                colouring(p.clone(), 3, json!(petersen_colours), json!({"clique": [0, 1, 2]})),
                "NOT_A_CLIQUE",
            ),
            (
                "clique too small",
                colouring(k4.clone(), 4, json!([0, 1, 2, 3]), json!({"clique": [0, 1, 2]})),
                "WRONG_SIZE",
            ),
            (
                "clique not complete",
                colouring(c5.clone(), 3, json!([0, 1, 0, 1, 2]), json!({"clique": [0, 1, 2]})),
                "NOT_A_CLIQUE",
            ),
            (
                "clique repeats",
                colouring(k4.clone(), 4, json!([0, 1, 2, 3]), json!({"clique": [0, 1, 2, 2]})),
                "DUPLICATE_VERTEX",
            ),
            (
                "clique out of range",
                colouring(k4.clone(), 4, json!([0, 1, 2, 3]), json!({"clique": [0, 1, 2, 4]})),
                "VERTEX_OUT_OF_RANGE",
            ),
            (
                "exhaustive at 17",
                colouring(graph_json(17, &cycle(3)), 3, json!(c17), exhaustive.clone()),
                "ORDER_ABOVE_BOUND",
            ),
            (
                "exhaustive false",
                colouring(c5.clone(), 3, json!([0, 1, 0, 1, 2]), json!({"exhaustive": false})),
                "NOT_A_CERTIFICATE",
            ),
            (
                "exhaustive 1",
                colouring(c5.clone(), 3, json!([0, 1, 0, 1, 2]), json!({"exhaustive": 1})),
                "NOT_A_CERTIFICATE",
            ),
            (
                "both bounds",
                colouring(k4.clone(), 4, json!([0, 1, 2, 3]), json!({"clique": [0, 1, 2, 3], "exhaustive": true})),
                "AMBIGUOUS_LOWER_BOUND",
            ),
            ("no bound", colouring(c5.clone(), 3, json!([0, 1, 0, 1, 2]), json!({})), "MISSING_FIELD"),
            (
                "bound misspelt",
                colouring(c5.clone(), 3, json!([0, 1, 0, 1, 2]), json!({"click": [0]})),
                "UNKNOWN_FIELD",
            ),
            ("null graph, k = 1", colouring(graph_json(0, &[]), 1, json!([]), exhaustive.clone()), "LOWER_BOUND_FAILS"),
            (
                "null graph, k = 1, clique",
                colouring(graph_json(0, &[]), 1, json!([]), json!({"clique": []})),
                "WRONG_SIZE",
            ),
            (
                "k = 0 with vertices",
                colouring(graph_json(3, &[]), 0, json!([0, 0, 0]), json!({"clique": []})),
                "COLOUR_OUT_OF_RANGE",
            ),
            (
                "k = 1 with an edge",
                colouring(graph_json(2, &path(2)), 1, json!([0, 0]), json!({"clique": [0]})),
                "IMPROPER_COLOURING",
            ),
            (
                "non-canonical graph",
                colouring(json!({"order": 2, "edges": [[1, 0]]}), 2, json!([0, 1]), json!({"clique": [0, 1]})),
                "NOT_CANONICAL",
            ),
            (
                "missing colouring",
                with(good.clone(), |e| e.candidate = json!({"lower_bound": {"exhaustive": true}})),
                "MISSING_FIELD",
            ),
            ("semantics", with(good.clone(), |e| e.semantics = HAMILTONIAN_SEMANTICS.into()), "UNSUPPORTED_EVIDENCE"),
            ("format", with(good.clone(), |e| e.certificate_format = VERTEX_ORDER.into()), "UNSUPPORTED_EVIDENCE"),
        ];
        assert_rejections(&ChromaticNumberCertificate, cases);
    }

    /// A random graph on at most `max` vertices: its order and edges.
    fn random_graph(max: u32) -> impl Strategy<Value = (u32, Edges)> {
        (0..=max).prop_flat_map(|n| {
            let pairs = complete(n);
            prop::collection::vec(any::<bool>(), pairs.len())
                .prop_map(move |keep| (n, pairs.iter().zip(keep).filter(|(_, k)| *k).map(|(&e, _)| e).collect()))
        })
    }

    fn any_json() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            (-2i64..20).prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            (0.0f64..20.0).prop_map(Value::from),
            "[a-z]{0,3}".prop_map(Value::from),
        ];
        let names = "graph order edges vertices cycle colouring lower_bound clique exhaustive hamiltonian \
                     chromatic_number max_induced_tree_order x/~y";
        let keys = prop::sample::select(names.split_whitespace().collect::<Vec<_>>());
        leaf.prop_recursive(4, 48, 5, move |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..5).prop_map(Value::from),
                prop::collection::btree_map(keys.clone().prop_map(String::from), inner, 0..4)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #[test]
        fn induced_tree_accepts_exactly_the_maximum((n, edges) in random_graph(8)) {
            let best = brute_max_induced_tree(n, &edges);
            let k = best.len();
            let g = graph_json(n, &edges);
            prop_assert!(accepted(&InducedTreeExhaustive, &tree(g.clone(), k, json!(best))));
            prop_assert!(!accepted(&InducedTreeExhaustive, &tree(g.clone(), k + 1, json!(best))));
            if let Some(extra) = (0..n).find(|v| !best.contains(v)) {
                let mut more = best.clone();
                more.push(extra);
                more.sort();
                prop_assert!(!accepted(&InducedTreeExhaustive, &tree(g.clone(), k + 1, json!(more))));
            }
            if k >= 1 {
                // Dropping a leaf (or the only vertex) leaves a smaller induced tree.
                let m = matrix(n, &edges);
                let degree = |v: u32| best.iter().filter(|&&u| m[u as usize][v as usize]).count();
                let leaf = best.iter().position(|&v| degree(v) <= 1).expect("a tree has a leaf");
                let mut fewer = best.clone();
                fewer.remove(leaf);
                prop_assert!(!accepted(&InducedTreeExhaustive, &tree(g.clone(), k - 1, json!(fewer))));
                prop_assert!(!accepted(&InducedTreeExhaustive, &tree(g, k - 1, json!(best))));
            }
        }

        #[test]
        fn hamiltonian_accepts_exactly_the_cycles(
            (n, edges, order) in random_graph(7).prop_flat_map(|(n, edges)| {
                (Just(n), Just(edges), Just((0..n).collect::<Vec<u32>>()).prop_shuffle())
            })
        ) {
            let m = matrix(n, &edges);
            let step = |i: usize| m[order[i] as usize][order[(i + 1) % order.len()] as usize];
            let is_cycle = n >= 3 && (0..order.len()).all(step);
            let g = graph_json(n, &edges);
            prop_assert_eq!(accepted(&HamiltonianCycleReplay, &tour(g.clone(), json!(order))), is_cycle);
            if let Some(found) = brute_hamiltonian(n, &edges) {
                prop_assert!(accepted(&HamiltonianCycleReplay, &tour(g, json!(found))));
            }
        }

        #[test]
        fn chromatic_accepts_exactly_the_chromatic_number((n, edges) in random_graph(6)) {
            let (k, colours) = brute_chromatic(n, &edges);
            let g = graph_json(n, &edges);
            let exhaustive = json!({"exhaustive": true});
            let with_k = |k: u64| colouring(g.clone(), k, json!(colours), exhaustive.clone());
            prop_assert!(accepted(&ChromaticNumberCertificate, &with_k(k)));
            prop_assert!(!accepted(&ChromaticNumberCertificate, &with_k(k + 1)));
            if k >= 1 {
                prop_assert!(!accepted(&ChromaticNumberCertificate, &with_k(k - 1)));
            }
            let clique = brute_max_clique(n, &edges);
            let by_clique = colouring(g.clone(), k, json!(colours), json!({"clique": clique}));
            prop_assert_eq!(accepted(&ChromaticNumberCertificate, &by_clique), clique.len() as u64 == k);
            let too_large = colouring(g, k + 1, json!(colours), json!({"clique": clique}));
            prop_assert!(!accepted(&ChromaticNumberCertificate, &too_large));
        }

        #[test]
        fn malformed_evidence_never_panics(claim in any_json(), candidate in any_json()) {
            let g = graph_json(4, &path(4));
            let cases: [(&dyn Checker, &str, &str, &str, Value); 3] = [
                (&InducedTreeExhaustive, INDUCED_TREE_EVIDENCE, INDUCED_TREE_SEMANTICS, VERTEX_SET,
                    json!({"graph": g, "max_induced_tree_order": 4})),
                (&HamiltonianCycleReplay, HAMILTONIAN_EVIDENCE, HAMILTONIAN_SEMANTICS, VERTEX_ORDER,
                    json!({"graph": g, "hamiltonian": true})),
                (&ChromaticNumberCertificate, CHROMATIC_EVIDENCE, CHROMATIC_SEMANTICS, COLOURING,
                    json!({"graph": g, "chromatic_number": 2})),
            ];
            for (checker, kind, semantics, format, valid_claim) in cases {
                // A malformed claim, and a well-formed claim with a malformed candidate.
                for claim in [claim.clone(), valid_claim] {
                    let e = evidence(kind, semantics, format, claim, candidate.clone());
                    prop_assert!(checker.check(&e, &cx()).is_ok());
                }
            }
        }
    }
}
