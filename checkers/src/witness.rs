//! Replay of graph property witnesses: a graph of a claimed order whose invariant lies in a range.
//!
//! Evidence `graph.property_witness/v1`, format `GRAPH_V1`. Claim `{"semantics": "graph_property",
//! "order": n, "connected": bool, "property": name, "value": v}` where `v` is `true`/`false`, an
//! integer, or `{"min": a, "max": b}`; candidate `{"graph": {"order": n, "edges": [[u, v], ...]}}`
//! with `u != v` in `0..n` and no edge repeated. Objects admit exactly the fields shown.
//!
//! The checker recomputes the invariant on an adjacency matrix by brute force over vertex
//! subsets, colourings and distances (order at most [`MAX_ORDER`]); it shares no code with the
//! producer's invariants. Supported properties: `size`, `connected`, `bipartite`, `tree`,
//! `triangle_count`, `clique_number`, `independence_number`, `chromatic_number`, `girth`,
//! `diameter`; any other is rejected as `UNSUPPORTED_PROPERTY`.

use std::collections::BTreeSet;
use std::sync::LazyLock;

use jacobian_runtime::{CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Finding, Verdict};
use serde_json::Value;

use crate::evidence::{Read, fail, header_about, natural, object};

/// Evidence kind of a graph property witness.
pub const GRAPH_WITNESS_EVIDENCE: &str = "graph.property_witness/v1";
const SEMANTICS: &str = "urn:jacobian:semantics:graph-property-witness:v1";
const FORMAT: &str = "GRAPH_V1";
/// Largest order replayed.
pub const MAX_ORDER: u64 = 10;
const PROPERTIES: &[&str] = &[
    "size",
    "connected",
    "bipartite",
    "tree",
    "triangle_count",
    "clique_number",
    "independence_number",
    "chromatic_number",
    "girth",
    "diameter",
];

static IDENTITY: LazyLock<CheckerIdentity> = LazyLock::new(|| {
    CheckerIdentity::from_source("jacobian.check.graph_property_witness", "1.0.0", include_str!("witness.rs"))
});

/// What the claim asks of the invariant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wanted {
    Bool(bool),
    Range(u64, u64),
}

struct Claim {
    order: u64,
    connected: bool,
    property: String,
    wanted: Wanted,
}

fn read_claim(v: &Value) -> Read<Claim> {
    let c = object(v, "/claim", &["semantics", "order", "connected", "property", "value"])?;
    if c["semantics"].as_str() != Some("graph_property") {
        return fail("/claim/semantics", "UNSUPPORTED_CLAIM", "expected `graph_property`");
    }
    let order = natural(&c["order"], "/claim/order")?;
    if !(1..=MAX_ORDER).contains(&order) {
        return fail("/claim/order", "ORDER_ABOVE_BOUND", format!("order {order} is outside 1..={MAX_ORDER}"));
    }
    let Some(connected) = c["connected"].as_bool() else {
        return fail("/claim/connected", "NOT_A_BOOLEAN", "expected true or false");
    };
    let Some(property) = c["property"].as_str() else {
        return fail("/claim/property", "NOT_A_STRING", "expected a property name");
    };
    if !PROPERTIES.contains(&property) {
        return fail("/claim/property", "UNSUPPORTED_PROPERTY", format!("this checker does not replay `{property}`"));
    }
    let boolean = matches!(property, "connected" | "bipartite" | "tree");
    let wanted = match &c["value"] {
        Value::Bool(b) if boolean => Wanted::Bool(*b),
        Value::Number(_) if !boolean => {
            let x = natural(&c["value"], "/claim/value")?;
            Wanted::Range(x, x)
        }
        Value::Object(_) if !boolean => {
            let r = object(&c["value"], "/claim/value", &["min", "max"])?;
            let (min, max) = (natural(&r["min"], "/claim/value/min")?, natural(&r["max"], "/claim/value/max")?);
            if min > max {
                return fail("/claim/value", "EMPTY_RANGE", format!("min {min} exceeds max {max}"));
            }
            Wanted::Range(min, max)
        }
        _ => return fail("/claim/value", "TYPE_MISMATCH", format!("not a value of `{property}`")),
    };
    Ok(Claim { order, connected, property: property.to_owned(), wanted })
}

/// A graph of order at most [`MAX_ORDER`] as its adjacency matrix, one bitmask row per vertex.
struct Matrix {
    n: usize,
    rows: Vec<u16>,
}

fn read_graph(v: &Value) -> Read<Matrix> {
    let cand = object(v, "/candidate", &["graph"])?;
    let g = object(&cand["graph"], "/candidate/graph", &["order", "edges"])?;
    let order = natural(&g["order"], "/candidate/graph/order")?;
    if order > MAX_ORDER {
        return fail("/candidate/graph/order", "ORDER_ABOVE_BOUND", format!("order {order} exceeds {MAX_ORDER}"));
    }
    let Some(edges) = g["edges"].as_array() else {
        return fail("/candidate/graph/edges", "NOT_AN_ARRAY", "expected edges");
    };
    let n = order as usize;
    let mut rows = vec![0u16; n];
    let mut findings = Vec::new();
    let mut seen = BTreeSet::new();
    for (i, e) in edges.iter().enumerate() {
        let path = format!("/candidate/graph/edges/{i}");
        let pair: Option<Vec<u64>> =
            e.as_array().filter(|a| a.len() == 2).and_then(|a| a.iter().map(Value::as_u64).collect());
        let Some([u, v]) = pair.as_deref().map(|p| [p[0], p[1]]) else {
            findings.push(Finding::at(path, "NOT_AN_EDGE", "expected [u, v] with u, v vertices"));
            continue;
        };
        if u >= order || v >= order || u == v {
            findings.push(Finding::at(
                path,
                "INVALID_EDGE",
                format!("[{u}, {v}] is not an edge of a simple graph of order {order}"),
            ));
        } else if !seen.insert((u.min(v), u.max(v))) {
            findings.push(Finding::at(path, "DUPLICATE_EDGE", format!("[{u}, {v}] is repeated")));
        } else {
            rows[u as usize] |= 1 << v;
            rows[v as usize] |= 1 << u;
        }
    }
    if findings.is_empty() { Ok(Matrix { n, rows }) } else { Err(findings) }
}

/// The value of an invariant: a truth value, an integer, or none (e.g. the girth of a forest).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Val {
    Bool(bool),
    Int(Option<u64>),
}

impl Matrix {
    fn adjacent(&self, u: usize, v: usize) -> bool {
        self.rows[u] >> v & 1 == 1
    }

    fn edges(&self) -> u64 {
        self.rows.iter().map(|r| u64::from(r.count_ones())).sum::<u64>() / 2
    }

    /// All-pairs distances by Floyd–Warshall; `None` for unreachable.
    fn distances(&self) -> Vec<Vec<Option<u64>>> {
        let n = self.n;
        let mut d: Vec<Vec<Option<u64>>> = (0..n)
            .map(|u| (0..n).map(|v| if u == v { Some(0) } else { self.adjacent(u, v).then_some(1) }).collect())
            .collect();
        for k in 0..n {
            for i in 0..n {
                for j in 0..n {
                    if let (Some(a), Some(b)) = (d[i][k], d[k][j])
                        && d[i][j].is_none_or(|c| a + b < c)
                    {
                        d[i][j] = Some(a + b);
                    }
                }
            }
        }
        d
    }

    fn connected(&self) -> bool {
        self.n > 0 && self.distances()[0].iter().all(Option::is_some)
    }

    /// Whether no edge has both ends in `set`.
    fn independent(&self, set: u16) -> bool {
        (0..self.n).all(|v| set >> v & 1 == 0 || self.rows[v] & set == 0)
    }

    fn clique(&self, set: u16) -> bool {
        (0..self.n).all(|v| set >> v & 1 == 0 || (self.rows[v] | 1 << v) & set == set)
    }

    fn subsets(&self) -> impl Iterator<Item = u16> {
        0..(1u16 << self.n)
    }

    /// Fewest independent sets covering all vertices, by dynamic programming over subsets.
    fn chromatic(&self) -> u64 {
        let full = (1usize << self.n) - 1;
        let mut best = vec![u64::MAX; full + 1];
        best[0] = 0;
        for s in 1..=full {
            let low = s & s.wrapping_neg();
            // Every independent subset of `s` containing its lowest vertex.
            let mut t = s;
            while t > 0 {
                if t & low != 0 && self.independent(t as u16) && best[s ^ t] != u64::MAX {
                    best[s] = best[s].min(best[s ^ t] + 1);
                }
                t = (t - 1) & s;
            }
        }
        best[full]
    }

    /// Shortest cycle: for each edge, the shortest other path between its ends, plus one.
    fn girth(&self) -> Option<u64> {
        let mut best: Option<u64> = None;
        for u in 0..self.n {
            for v in u + 1..self.n {
                if !self.adjacent(u, v) {
                    continue;
                }
                let mut without = Matrix { n: self.n, rows: self.rows.clone() };
                without.rows[u] &= !(1 << v);
                without.rows[v] &= !(1 << u);
                if let Some(d) = without.distances()[u][v] {
                    best = Some(best.map_or(d + 1, |b| b.min(d + 1)));
                }
            }
        }
        best
    }

    fn value(&self, property: &str) -> Val {
        let max_set = |ok: &dyn Fn(u16) -> bool| {
            self.subsets().filter(|&s| ok(s)).map(|s| u64::from(s.count_ones())).max().unwrap_or(0)
        };
        match property {
            "size" => Val::Int(Some(self.edges())),
            "connected" => Val::Bool(self.connected()),
            "tree" => Val::Bool(self.connected() && self.edges() + 1 == self.n as u64),
            "bipartite" => Val::Bool(self.subsets().any(|side| {
                (0..self.n).all(|u| (0..self.n).all(|v| !self.adjacent(u, v) || (side >> u & 1) != (side >> v & 1)))
            })),
            "triangle_count" => {
                let mut t = 0;
                for a in 0..self.n {
                    for b in a + 1..self.n {
                        for c in b + 1..self.n {
                            t += u64::from(self.adjacent(a, b) && self.adjacent(b, c) && self.adjacent(a, c));
                        }
                    }
                }
                Val::Int(Some(t))
            }
            "clique_number" => Val::Int(Some(max_set(&|s| self.clique(s)))),
            "independence_number" => Val::Int(Some(max_set(&|s| self.independent(s)))),
            "chromatic_number" => Val::Int(Some(self.chromatic())),
            "girth" => Val::Int(self.girth()),
            "diameter" => {
                let d = self.distances();
                let all: Option<Vec<u64>> = d.iter().flatten().copied().collect();
                Val::Int(all.filter(|_| self.n > 0).and_then(|all| all.into_iter().max()))
            }
            _ => Val::Int(None),
        }
    }
}

/// Checks a graph property witness by recomputing the invariant by brute force.
pub struct GraphPropertyWitness;

fn check(e: &Evidence) -> Read<String> {
    header_about(e, GRAPH_WITNESS_EVIDENCE, SEMANTICS, FORMAT, "graph")?;
    let mut findings = Vec::new();
    let (claim, graph) = match (read_claim(&e.claim), read_graph(&e.candidate)) {
        (Ok(c), Ok(g)) => (c, g),
        (c, g) => return Err(c.err().into_iter().chain(g.err()).flatten().collect()),
    };
    if graph.n as u64 != claim.order {
        findings.push(Finding::at(
            "/candidate/graph/order",
            "WRONG_ORDER",
            format!("the graph has order {}, the claim {}", graph.n, claim.order),
        ));
    }
    if claim.connected && !graph.connected() {
        findings.push(Finding::at("/candidate/graph", "NOT_CONNECTED", "the claim asks for a connected graph"));
    }
    let value = graph.value(&claim.property);
    let ok = match (claim.wanted, value) {
        (Wanted::Bool(b), Val::Bool(v)) => b == v,
        (Wanted::Range(lo, hi), Val::Int(Some(v))) => lo <= v && v <= hi,
        _ => false,
    };
    let shown = match value {
        Val::Bool(b) => b.to_string(),
        Val::Int(Some(v)) => v.to_string(),
        Val::Int(None) => "undefined".into(),
    };
    if !ok {
        findings.push(Finding::at(
            "/claim/value",
            "VALUE_OUT_OF_RANGE",
            format!("`{}` of the graph is {shown}", claim.property),
        ));
    }
    if findings.is_empty() {
        Ok(format!("the graph of order {} has `{}` = {shown}, as claimed", graph.n, claim.property))
    } else {
        Err(findings)
    }
}

impl Checker for GraphPropertyWitness {
    fn identity(&self) -> &CheckerIdentity {
        &IDENTITY
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[GRAPH_WITNESS_EVIDENCE]
    }

    fn check(&self, e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        if cx.should_stop() {
            return Err(CheckError::Interrupted);
        }
        Ok(match check(e) {
            Ok(summary) => Verdict::Accepted { summary },
            Err(findings) => Verdict::Rejected { findings },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jacobian_runtime::artifact::{ArtifactReader, MemoryArtifactStore};
    use jacobian_runtime::{CancellationToken, Digest, Scope};
    use serde_json::json;
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    fn cx() -> CheckContext {
        CheckContext {
            artifacts: ArtifactReader::new(Arc::new(MemoryArtifactStore::new())),
            cancel: CancellationToken::new(),
            deadline: Instant::now() + Duration::from_secs(60),
        }
    }

    fn evidence(claim: Value, graph: Value) -> Evidence {
        Evidence {
            kind: GRAPH_WITNESS_EVIDENCE.into(),
            claim,
            semantics: SEMANTICS.into(),
            candidate: json!({"graph": graph}),
            scope: Scope::exact_input("the given graph for the claim", Digest::of_bytes(b"g")),
            certificate_format: FORMAT.into(),
            artifacts: vec![],
        }
    }

    fn claim(order: u64, property: &str, value: Value) -> Value {
        json!({"semantics": "graph_property", "order": order, "connected": true, "property": property, "value": value})
    }

    fn c5() -> Value {
        json!({"order": 5, "edges": [[0, 1], [1, 2], [2, 3], [3, 4], [0, 4]]})
    }

    fn codes(e: &Evidence) -> Vec<String> {
        match GraphPropertyWitness.check(e, &cx()).expect("no interruption") {
            Verdict::Rejected { findings } => findings.into_iter().map(|f| f.code).collect(),
            other => panic!("expected a rejection, got {other:?}"),
        }
    }

    fn accepted(e: &Evidence) -> bool {
        matches!(GraphPropertyWitness.check(e, &cx()), Ok(Verdict::Accepted { .. }))
    }

    #[test]
    fn the_five_cycle_replays() {
        let range = |a: u64, b: u64| json!({"min": a, "max": b});
        for (property, value) in [
            ("size", json!(5)),
            ("connected", json!(true)),
            ("bipartite", json!(false)),
            ("tree", json!(false)),
            ("triangle_count", json!(0)),
            ("clique_number", json!(2)),
            ("independence_number", json!(2)),
            ("chromatic_number", json!(3)),
            ("girth", range(5, 5)),
            ("diameter", range(1, 2)),
        ] {
            assert!(accepted(&evidence(claim(5, property, value.clone()), c5())), "{property} = {value}");
        }
        // Petersen: girth 5, chromatic 3, independence 4, diameter 2.
        let petersen = json!({"order": 10, "edges": [[0,1],[1,2],[2,3],[3,4],[0,4],[0,5],[1,6],[2,7],[3,8],[4,9],
                                                     [5,7],[7,9],[6,9],[6,8],[5,8]]});
        for (property, value) in [("girth", 5), ("chromatic_number", 3), ("independence_number", 4), ("diameter", 2)] {
            assert!(accepted(&evidence(claim(10, property, json!(value)), petersen.clone())), "{property}");
        }
        // A path is a tree, bipartite, has no girth.
        let p4 = json!({"order": 4, "edges": [[0, 1], [1, 2], [2, 3]]});
        assert!(accepted(&evidence(claim(4, "tree", json!(true)), p4.clone())));
        assert!(accepted(&evidence(claim(4, "bipartite", json!(true)), p4.clone())));
        assert_eq!(codes(&evidence(claim(4, "girth", json!({"min": 0, "max": 99})), p4)), ["VALUE_OUT_OF_RANGE"]);
    }

    #[test]
    fn mutations_are_rejected() {
        let girth5 = claim(5, "girth", json!(5));
        // A wrong graph: K5.
        let k5: Vec<[u32; 2]> = (0..5).flat_map(|u| (u + 1..5).map(move |v| [u, v])).collect();
        assert_eq!(codes(&evidence(girth5.clone(), json!({"order": 5, "edges": k5}))), ["VALUE_OUT_OF_RANGE"]);
        // An edge flipped (removed): a path, disconnected from the claim's girth and connectivity.
        let flipped = json!({"order": 5, "edges": [[0, 1], [1, 2], [2, 3], [3, 4]]});
        assert_eq!(codes(&evidence(girth5.clone(), flipped)), ["VALUE_OUT_OF_RANGE"]);
        // An edge flipped (added): a chord makes a triangle.
        let chord = json!({"order": 5, "edges": [[0, 1], [1, 2], [2, 3], [3, 4], [0, 4], [0, 2]]});
        assert_eq!(codes(&evidence(girth5.clone(), chord)), ["VALUE_OUT_OF_RANGE"]);
        // A wrong order.
        assert_eq!(codes(&evidence(claim(6, "girth", json!(5)), c5())), ["WRONG_ORDER"]);
        // A value outside the range.
        assert_eq!(codes(&evidence(claim(5, "size", json!({"min": 6, "max": 9})), c5())), ["VALUE_OUT_OF_RANGE"]);
        // Disconnected when connected is claimed.
        let two = json!({"order": 5, "edges": [[0, 1], [2, 3], [3, 4], [2, 4]]});
        assert_eq!(codes(&evidence(claim(5, "girth", json!(3)), two)), ["NOT_CONNECTED"]);
    }

    #[test]
    fn malformed_evidence_is_rejected_with_its_place() {
        assert_eq!(codes(&evidence(claim(5, "hamiltonian", json!(true)), c5())), ["UNSUPPORTED_PROPERTY"]);
        assert_eq!(codes(&evidence(claim(5, "girth", json!(true)), c5())), ["TYPE_MISMATCH"]);
        assert_eq!(codes(&evidence(claim(5, "girth", json!({"min": 3, "max": 2})), c5())), ["EMPTY_RANGE"]);
        assert_eq!(codes(&evidence(claim(11, "girth", json!(5)), c5())), ["ORDER_ABOVE_BOUND"]);
        let loops = json!({"order": 3, "edges": [[0, 0], [0, 1], [1, 0], [0, 7], "x"]});
        assert_eq!(
            codes(&evidence(claim(3, "size", json!(1)), loops)),
            ["INVALID_EDGE", "DUPLICATE_EDGE", "INVALID_EDGE", "NOT_AN_EDGE"]
        );
        let mut extra = evidence(claim(5, "size", json!(5)), c5());
        extra.candidate["extra"] = json!(1);
        extra.claim.as_object_mut().map(|c| c.remove("connected"));
        let findings = match GraphPropertyWitness.check(&extra, &cx()).unwrap() {
            Verdict::Rejected { findings } => findings,
            other => panic!("{other:?}"),
        };
        let paths: Vec<_> = findings.iter().filter_map(|f| f.path.clone()).collect();
        assert_eq!(paths, ["/claim/connected", "/candidate/extra"]);
        let mut wrong = evidence(claim(5, "size", json!(5)), c5());
        wrong.kind = "other/v1".into();
        assert_eq!(codes(&wrong), ["UNSUPPORTED_EVIDENCE"]);
        let huge = json!({"order": 4_000_000_000u64, "edges": []});
        assert_eq!(codes(&evidence(claim(5, "size", json!(0)), huge)), ["ORDER_ABOVE_BOUND"]);
    }
}
