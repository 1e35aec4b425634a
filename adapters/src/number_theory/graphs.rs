//! Graphs defined by arithmetic relations on a set of integers: divisibility (a | b), sharing a
//! factor (gcd > 1) and coprimality (gcd = 1), on one set or between two (a bipartite incidence
//! graph), returned as simple graphs ready for the graph capabilities.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::graph::SimpleGraph;
use jacobian_runtime::typed::Describe;
use num_integer::Integer;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::cas::{self, Answer, Query};

/// Most vertices.
pub const MAX_VERTICES: usize = 5000;
/// Largest integer.
pub const MAX_INTEGER: u64 = 1 << 62;

/// The relation joining two integers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Relation {
    /// a | b or b | a (on one set); a | b from `integers` to `targets` (bipartite).
    Divides,
    /// gcd(a, b) > 1.
    NotCoprime,
    /// gcd(a, b) = 1.
    Coprime,
}

/// Input of `number_theory.construct.arithmetic_graph`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GraphInput {
    /// Distinct positive integers (at most 2^62): the vertices 0, 1, … in this order.
    pub integers: Vec<u64>,
    /// A second set of distinct positive integers: when given, the graph is bipartite, `integers` then `targets`, with edges only between the two.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub targets: Option<Vec<u64>>,
    /// The relation.
    pub relation: Relation,
}

/// Output of `number_theory.construct.arithmetic_graph`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GraphOutput {
    /// The integer at each vertex.
    pub labels: Vec<u64>,
    /// The graph (edges u < v).
    pub graph: SimpleGraph,
    /// The graph in graph6.
    pub graph6: String,
    /// Each vertex's degree.
    pub degrees: Vec<usize>,
}

/// `number_theory.construct.arithmetic_graph`.
pub struct ArithmeticGraph;

fn distinct(v: &[u64], at: &str) -> Result<(), Diagnostic> {
    if let Some(k) = v.iter().position(|&x| x == 0 || x > MAX_INTEGER) {
        return Err(Diagnostic::at(format!("{at}/{k}"), "OUT_OF_RANGE", "integers are 1 to 2^62"));
    }
    let mut seen = std::collections::HashSet::new();
    match v.iter().position(|x| !seen.insert(*x)) {
        Some(k) => Err(Diagnostic::at(format!("{at}/{k}"), "DUPLICATE", "the integers are distinct")),
        None => Ok(()),
    }
}

impl Query for ArithmeticGraph {
    type Input = GraphInput;
    type Output = GraphOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_theory.construct.arithmetic_graph",
            "Divisibility and coprimality graphs of integers",
            "The graph on a set of integers joining a and b when one divides the other, when they share a factor \
             (non-coprimality graph) or when they are coprime; or the bipartite divisibility incidence graph.",
            "Native: on up to 5,000 integers, edges by divisibility (comparability) or gcd, or between two sets \
             (bipartite incidence: a | b, gcd(a, b) > 1, or = 1); the graph as edges and graph6, with degrees.",
            &[
                "number-theory",
                "divisibility-graph",
                "coprime-graph",
                "non-coprime-graph",
                "incidence-graph",
                "gcd",
                "construct",
                "graph",
            ],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("graphs.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "The divisibility graph of 1 … 12",
                Mode::Explore,
                json!({"integers": (1..=12).collect::<Vec<u64>>(), "relation": "divides"}),
            ),
            (
                "Which of 2, 3, 5 divide which of 10, 12, 15, 49",
                Mode::Explore,
                json!({"integers": [2, 3, 5], "targets": [10, 12, 15, 49], "relation": "divides"}),
            ),
        ]
    }
    fn validate(&self, i: &GraphInput) -> Result<(), Diagnostic> {
        if i.integers.is_empty() {
            return Err(Diagnostic::at("/integers", "EMPTY", "at least one integer"));
        }
        distinct(&i.integers, "/integers")?;
        match &i.targets {
            Some(t) => distinct(t, "/targets"),
            None => Ok(()),
        }
    }
    fn bounds(&self, i: &GraphInput) -> Result<(), Refusal> {
        if i.integers.len() + i.targets.as_ref().map_or(0, Vec::len) > MAX_VERTICES {
            return Err(Refusal::Unsupported(Diagnostic::at("/integers", "TOO_LARGE", "at most 5,000 vertices")));
        }
        Ok(())
    }
    fn answer(&self, i: &GraphInput, ctx: &AdapterContext) -> Result<Answer<GraphOutput>, AdapterError> {
        let joined = |a: u64, b: u64, one_way: bool| match i.relation {
            Relation::Divides => b.is_multiple_of(a) || (!one_way && a.is_multiple_of(b)),
            Relation::NotCoprime => a.gcd(&b) > 1,
            Relation::Coprime => a.gcd(&b) == 1,
        };
        let mut labels = i.integers.clone();
        let mut edges = vec![];
        match &i.targets {
            None => {
                for (u, &a) in i.integers.iter().enumerate() {
                    ctx.checkpoint()?;
                    for (v, &b) in i.integers.iter().enumerate().skip(u + 1) {
                        if joined(a, b, false) {
                            edges.push([u as u32, v as u32]);
                        }
                    }
                }
            }
            Some(targets) => {
                let offset = i.integers.len();
                for (u, &a) in i.integers.iter().enumerate() {
                    ctx.checkpoint()?;
                    for (v, &b) in targets.iter().enumerate() {
                        if joined(a, b, true) {
                            edges.push([u as u32, (offset + v) as u32]);
                        }
                    }
                }
                labels.extend(targets);
            }
        }
        let graph =
            SimpleGraph::new(labels.len() as u32, edges).map_err(|e| AdapterError::Backend(format!("{e:?}")))?;
        let mut degrees = vec![0usize; labels.len()];
        graph.edges.iter().for_each(|&[u, v]| {
            degrees[u as usize] += 1;
            degrees[v as usize] += 1;
        });
        Ok(GraphOutput { labels, graph6: graph.to_graph6(), graph, degrees }.into())
    }
}
