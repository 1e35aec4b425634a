//! Paley graphs and tournaments on F_p: vertices the residues, a → b exactly when b − a is a
//! non-zero square. For p ≡ 1 (mod 4), −1 is a square and the relation is symmetric (the
//! Paley graph, strongly regular with parameters (p, (p−1)/2, (p−5)/4, (p−1)/4)); for
//! p ≡ 3 (mod 4) it is antisymmetric (the Paley tournament, doubly regular).

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::graph::SimpleGraph;
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::small_mul;
use crate::cas::{self, Answer, Query};
use crate::primecert::is_prime_u64;

/// Largest p.
pub const MAX_P: u64 = 5000;

/// Input of `finite_field.construct.paley`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PaleyInput {
    /// An odd prime p ≤ 5,000.
    pub p: u64,
}

/// Output of `finite_field.construct.paley`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PaleyOutput {
    /// `graph` (p ≡ 1 mod 4) or `tournament` (p ≡ 3 mod 4).
    pub kind: &'static str,
    /// The non-zero squares modulo p, increasing.
    pub squares: Vec<u64>,
    /// For each vertex a, the b with b − a a non-zero square, increasing.
    pub out_neighbours: Vec<Vec<u64>>,
    /// The Paley graph as an edge list (graph only), ready for the graph capabilities.
    pub graph: Option<SimpleGraph>,
    /// The Paley graph in graph6 (graph only).
    pub graph6: Option<String>,
}

/// `finite_field.construct.paley`.
pub struct Paley;

impl Query for Paley {
    type Input = PaleyInput;
    type Output = PaleyOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "finite_field.construct.paley",
            "Paley graph or tournament of F_p",
            "Construct the Paley graph (p ≡ 1 mod 4) or Paley tournament (p ≡ 3 mod 4) on F_p: a → b when b − a is \
             a non-zero quadratic residue.",
            "Native and exact for odd primes p ≤ 5,000: the quadratic residues, every vertex's out-neighbours, and for \
             p ≡ 1 (mod 4) the undirected Paley graph as an edge list and in graph6 for the graph capabilities.",
            &[
                "finite-field",
                "paley",
                "tournament",
                "paley-graph",
                "quadratic-residues",
                "construct",
                "strongly-regular",
            ],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("paley.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("The Paley graph on 13 vertices", Mode::Explore, json!({"p": 13})),
            ("The Paley tournament on 7 vertices", Mode::Explore, json!({"p": 7})),
        ]
    }
    fn validate(&self, i: &PaleyInput) -> Result<(), Diagnostic> {
        if i.p.is_multiple_of(2) || !is_prime_u64(i.p) {
            return Err(Diagnostic::at("/p", "NOT_PRIME", "an odd prime"));
        }
        Ok(())
    }
    fn bounds(&self, i: &PaleyInput) -> Result<(), Refusal> {
        if i.p > MAX_P {
            return Err(Refusal::Unsupported(Diagnostic::at("/p", "TOO_LARGE", "p ≤ 5,000")));
        }
        Ok(())
    }
    fn answer(&self, i: &PaleyInput, ctx: &AdapterContext) -> Result<Answer<PaleyOutput>, AdapterError> {
        let p = i.p;
        let mut square = vec![false; p as usize];
        (1..p).for_each(|x| square[small_mul(x, x, p) as usize] = true);
        let mut out_neighbours = Vec::with_capacity(p as usize);
        for a in 0..p {
            if a % 256 == 0 {
                ctx.checkpoint()?;
            }
            out_neighbours.push((0..p).filter(|&b| square[((b + p - a) % p) as usize]).collect::<Vec<u64>>());
        }
        let symmetric = p % 4 == 1;
        let graph = symmetric
            .then(|| {
                let edges = out_neighbours
                    .iter()
                    .enumerate()
                    .flat_map(|(a, bs)| bs.iter().filter(move |&&b| b as usize > a).map(move |&b| [a as u32, b as u32]))
                    .collect();
                SimpleGraph::new(p as u32, edges)
            })
            .transpose()
            .map_err(|e| AdapterError::Backend(format!("{e:?}")))?;
        Ok(PaleyOutput {
            kind: if symmetric { "graph" } else { "tournament" },
            squares: (1..p).filter(|&x| square[x as usize]).collect(),
            out_neighbours,
            graph6: graph.as_ref().map(SimpleGraph::to_graph6),
            graph,
        }
        .into())
    }
}
