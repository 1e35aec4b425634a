//! The simple graph: undirected, no loops, no multiple edges, on vertices `0..order`.
//!
//! Canonical form: every edge as `[u, v]` with `u < v`, edges sorted, no duplicates. graph6
//! (McKay's format, as read and written by nauty) is supported in both directions.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::ObjectType;
use crate::contract::Diagnostic;

/// Schema URI of simple graphs.
pub const SIMPLE_GRAPH_SCHEMA: &str = "urn:jacobian:schema:simple-graph:v1";
/// Largest order a simple-graph object may have (operations set their own, lower bounds).
pub const MAX_ORDER: u32 = 1 << 20;
/// Most edges a simple-graph object may have.
pub const MAX_EDGES: usize = 4_000_000;

/// A simple graph on vertices `0..order`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SimpleGraph {
    /// Number of vertices.
    #[schemars(range(max = 1_048_576))]
    pub order: u32,
    /// Edges `[u, v]`; canonically `u < v`, sorted, without duplicates.
    #[schemars(length(max = 4_000_000))]
    pub edges: Vec<[u32; 2]>,
}

impl SimpleGraph {
    /// Validates and canonicalizes: endpoints in range, no loops, no duplicate edges
    /// (in either orientation). Diagnostics point at `/edges/<i>`.
    pub fn new(order: u32, edges: Vec<[u32; 2]>) -> Result<Self, Vec<Diagnostic>> {
        let mut problems = Vec::new();
        if order > MAX_ORDER {
            problems.push(Diagnostic::at("/order", "ORDER_TOO_LARGE", format!("order {order} exceeds {MAX_ORDER}")));
            return Err(problems);
        }
        let mut normalized: Vec<([u32; 2], usize)> = Vec::with_capacity(edges.len());
        for (i, [u, v]) in edges.into_iter().enumerate() {
            if u >= order || v >= order {
                problems.push(Diagnostic::at(
                    format!("/edges/{i}"),
                    "VERTEX_OUT_OF_RANGE",
                    format!("edge [{u}, {v}] names a vertex outside 0..{order}"),
                ));
            } else if u == v {
                problems.push(Diagnostic::at(format!("/edges/{i}"), "LOOP", format!("edge [{u}, {v}] is a loop")));
            } else {
                normalized.push(([u.min(v), u.max(v)], i));
            }
        }
        normalized.sort_unstable();
        for pair in normalized.windows(2) {
            if pair[0].0 == pair[1].0 {
                let [u, v] = pair[1].0;
                problems.push(Diagnostic::at(
                    format!("/edges/{}", pair[1].1.max(pair[0].1)),
                    "DUPLICATE_EDGE",
                    format!("edge {{{u}, {v}}} appears more than once"),
                ));
            }
        }
        if !problems.is_empty() {
            problems.sort_by(|a, b| a.path.cmp(&b.path));
            return Err(problems);
        }
        Ok(SimpleGraph { order, edges: normalized.into_iter().map(|(e, _)| e).collect() })
    }

    /// Number of edges.
    pub fn size(&self) -> usize {
        self.edges.len()
    }

    /// Adjacency lists, each sorted.
    pub fn adjacency(&self) -> Vec<Vec<u32>> {
        let mut adj = vec![Vec::new(); self.order as usize];
        for &[u, v] in &self.edges {
            adj[u as usize].push(v);
            adj[v as usize].push(u);
        }
        for list in &mut adj {
            list.sort_unstable();
        }
        adj
    }

    /// The graph6 encoding (without the optional `>>graph6<<` header or a newline).
    pub fn to_graph6(&self) -> String {
        let n = self.order as u64;
        let mut out = Vec::new();
        if n <= 62 {
            out.push(n as u8 + 63);
        } else if n <= 258_047 {
            out.push(126);
            for shift in [12, 6, 0] {
                out.push(((n >> shift) & 63) as u8 + 63);
            }
        } else {
            out.extend([126, 126]);
            for shift in [30, 24, 18, 12, 6, 0] {
                out.push(((n >> shift) & 63) as u8 + 63);
            }
        }
        // Upper triangle, column by column: bit (i, j) for i < j, ordered by j then i.
        let bits = (n * n.saturating_sub(1) / 2) as usize;
        let mut packed = vec![0u8; bits.div_ceil(6)];
        for &[u, v] in &self.edges {
            let (i, j) = (u as usize, v as usize);
            let k = j * (j - 1) / 2 + i;
            packed[k / 6] |= 1 << (5 - k % 6);
        }
        out.extend(packed.into_iter().map(|b| b + 63));
        String::from_utf8(out).unwrap_or_default()
    }

    /// Parses graph6 text (an optional `>>graph6<<` header and surrounding whitespace allowed).
    pub fn from_graph6(text: &str) -> Result<Self, String> {
        let text = text.trim();
        let body = text.strip_prefix(">>graph6<<").unwrap_or(text).as_bytes();
        if body.iter().any(|&b| !(63..=126).contains(&b)) {
            return Err("graph6 text contains a byte outside 63..=126".into());
        }
        let six = |b: u8| (b - 63) as u64;
        let (n, rest) = match body {
            [] => return Err("empty graph6 text".into()),
            [126, 126, r @ ..] if r.len() >= 6 => (r[..6].iter().fold(0, |acc, &b| (acc << 6) | six(b)), &r[6..]),
            [126, r @ ..] if r.len() >= 3 && r[0] != 126 => {
                (r[..3].iter().fold(0, |acc, &b| (acc << 6) | six(b)), &r[3..])
            }
            [126, ..] => return Err("truncated graph6 order".into()),
            [b, r @ ..] => (six(*b), r),
        };
        if n > MAX_ORDER as u64 {
            return Err(format!("graph6 order {n} exceeds {MAX_ORDER}"));
        }
        let bits = (n * n.saturating_sub(1) / 2) as usize;
        if rest.len() != bits.div_ceil(6) {
            return Err(format!("graph6 body has {} bytes, order {n} needs {}", rest.len(), bits.div_ceil(6)));
        }
        let mut edges = Vec::new();
        let mut k = 0usize;
        for j in 1..n as u32 {
            for i in 0..j {
                if six(rest[k / 6]) >> (5 - k % 6) & 1 == 1 {
                    edges.push([i, j]);
                }
                k += 1;
            }
        }
        if !k.is_multiple_of(6) && six(rest[k / 6]) & ((1 << (6 - k % 6)) - 1) != 0 {
            return Err("graph6 padding bits are not zero".into());
        }
        edges.sort_unstable();
        Ok(SimpleGraph { order: n as u32, edges })
    }
}

impl ObjectType for SimpleGraph {
    const SCHEMA_URI: &'static str = SIMPLE_GRAPH_SCHEMA;
    const NAME: &'static str = "simple_graph";
    const SUMMARY: &'static str = "An undirected graph without loops or multiple edges, on vertices 0..order.";

    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        SimpleGraph::new(self.order, self.edges)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn canonicalizes_and_reports_every_problem_with_its_path() {
        let g = SimpleGraph::new(4, vec![[3, 1], [0, 2], [1, 0]]).unwrap();
        assert_eq!(g.edges, vec![[0, 1], [0, 2], [1, 3]]);
        let err = SimpleGraph::new(3, vec![[0, 1], [1, 1], [0, 5], [1, 0]]).unwrap_err();
        let got: Vec<_> = err.iter().map(|d| (d.path.clone().unwrap(), d.code.as_str())).collect();
        assert_eq!(
            got,
            vec![
                ("/edges/1".into(), "LOOP"),
                ("/edges/2".into(), "VERTEX_OUT_OF_RANGE"),
                ("/edges/3".into(), "DUPLICATE_EDGE")
            ]
        );
    }

    #[test]
    fn graph6_matches_nauty_for_known_graphs() {
        // Values printed by nauty's geng / showg for these graphs.
        let cases: &[(&str, u32, &[[u32; 2]])] = &[
            ("?", 0, &[]),
            ("@", 1, &[]),
            ("A_", 2, &[[0, 1]]),
            ("Bw", 3, &[[0, 1], [0, 2], [1, 2]]),
            ("C~", 4, &[[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]),
            ("DQc", 5, &[[0, 2], [0, 4], [1, 3], [3, 4]]),
        ];
        for (text, order, edges) in cases {
            let g = SimpleGraph::new(*order, edges.to_vec()).unwrap();
            assert_eq!(g.to_graph6(), *text, "encoding {edges:?}");
            assert_eq!(SimpleGraph::from_graph6(text).unwrap(), g, "decoding {text}");
        }
        assert!(SimpleGraph::from_graph6("A`").is_err(), "non-zero padding");
        assert!(SimpleGraph::from_graph6("C~~").is_err(), "too long");
        assert!(SimpleGraph::from_graph6("\u{7f}").is_err());
    }

    proptest! {
        #[test]
        fn graph6_round_trips(order in 0u32..80, pairs in prop::collection::vec((0u32..80, 0u32..80), 0..200)) {
            let mut edges: Vec<[u32; 2]> = pairs.into_iter()
                .filter(|(u, v)| u < v && *v < order)
                .map(|(u, v)| [u, v])
                .collect();
            edges.sort();
            edges.dedup();
            let g = SimpleGraph::new(order, edges).unwrap();
            prop_assert_eq!(SimpleGraph::from_graph6(&g.to_graph6()).unwrap(), g);
        }
    }
}
