//! `probability.reliability.compute`: network reliability, exactly. Edges (bond percolation) or
//! non-terminal vertices (site percolation) work independently with probability p; the network
//! works when every vertex is connected (all-terminal) or when s reaches t (two-terminal, along
//! arcs in a digraph, through hyperedges in a hypergraph). Every subset of the failing elements is
//! enumerated, giving the counts N_k of working sets of each size and the reliability polynomial
//! R(p) = Σ N_k p^k (1 − p)^(m − k) with integer coefficients, and R at a given rational p.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::Rat;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_traits::{One, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::native;
use crate::cas::{self, Answer, Query};
use crate::rational::Rational;

/// Most vertices.
pub const MAX_VERTICES: usize = 64;
/// Most elements that may fail (2^m subsets are enumerated).
pub const MAX_FAILING: usize = 22;

/// The kind of network.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Network {
    /// Undirected edges [u, v].
    Graph,
    /// Arcs [u, v] from u to v.
    Digraph,
    /// Hyperedges: sets of at least two vertices, each joining all of its vertices.
    Hypergraph,
}

/// What fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Failure {
    /// Edges (arcs, hyperedges) work independently with probability p.
    Bond,
    /// Vertices other than the terminals work independently with probability p (edges always work).
    Site,
}

/// Input of `probability.reliability.compute`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReliabilityInput {
    /// Graph, digraph or hypergraph.
    pub network: Network,
    /// The number of vertices n (1 to 64), numbered 0..n−1.
    pub vertices: usize,
    /// The edges, arcs or hyperedges (lists of vertices).
    pub edges: Vec<Vec<usize>>,
    /// Bond (edges fail) or site (vertices fail).
    pub failure: Failure,
    /// Two terminals [s, t] (s must reach t); omitted: all-terminal (every vertex connected; bond failure of an
    /// undirected graph or a hypergraph).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terminals: Option<[usize; 2]>,
    /// The probability that an element works, 0 ≤ p ≤ 1: R(p) is returned too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p: Option<Rational>,
}

/// Output of `probability.reliability.compute`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ReliabilityOutput {
    /// m, the number of elements that may fail.
    pub failing: usize,
    /// N_k for k = 0..m: the working sets of k working elements that leave the network working.
    pub working_sets: Vec<String>,
    /// The coefficients of R(p) in powers of p, from p^0 up (integers).
    pub polynomial: Vec<String>,
    /// R(p) at the given p.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<Rational>,
}

fn check(i: &ReliabilityInput) -> Result<usize, Diagnostic> {
    let n = i.vertices;
    if n == 0 || n > MAX_VERTICES {
        return Err(Diagnostic::at("/vertices", "OUT_OF_RANGE", format!("1 to {MAX_VERTICES} vertices")));
    }
    for (k, e) in i.edges.iter().enumerate() {
        let want = if i.network == Network::Hypergraph { e.len() >= 2 } else { e.len() == 2 };
        if !want {
            let why = if i.network == Network::Hypergraph { "at least two vertices" } else { "two vertices" };
            return Err(Diagnostic::at(format!("/edges/{k}"), "BAD_EDGE", why));
        }
        if let Some(j) = e.iter().position(|&v| v >= n) {
            return Err(Diagnostic::at(
                format!("/edges/{k}/{j}"),
                "OUT_OF_RANGE",
                format!("vertices are 0..{}", n - 1),
            ));
        }
    }
    match i.terminals {
        Some([s, t]) if s >= n || t >= n => {
            return Err(Diagnostic::at("/terminals", "OUT_OF_RANGE", format!("vertices are 0..{}", n - 1)));
        }
        Some(_) => {}
        None if i.failure == Failure::Site || i.network == Network::Digraph => {
            let why = "all-terminal reliability is for bond failure of graphs and hypergraphs; give [s, t]";
            return Err(Diagnostic::at("/terminals", "MISSING", why));
        }
        None => {}
    }
    if let Some(p) = &i.p {
        let (a, b) = p.parts();
        if a < BigInt::zero() || a > b {
            return Err(Diagnostic::at("/p", "OUT_OF_RANGE", "0 ≤ p ≤ 1"));
        }
    }
    let m = match i.failure {
        Failure::Bond => i.edges.len(),
        Failure::Site => n - i.terminals.map_or(0, |[s, t]| if s == t { 1 } else { 2 }),
    };
    Ok(m)
}

fn root(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

/// `probability.reliability.compute`.
pub struct Reliability;

impl Query for Reliability {
    type Input = ReliabilityInput;
    type Output = ReliabilityOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "probability.reliability.compute",
                "Network reliability, exactly: all-terminal and two-terminal, bond and site, graphs, digraphs, hypergraphs",
                "The probability that a network with independently failing edges or vertices stays connected (all \
             terminals, or s to t), as an exact reliability polynomial and its value at p.",
                "Enumerates every subset of the m ≤ 22 elements that may fail (edges, arcs or hyperedges for bond \
             percolation; non-terminal vertices for site percolation) of a graph, digraph or hypergraph on at most 64 \
             vertices, and counts the working sets of each size that leave every vertex connected (all-terminal) or \
             s joined to t (two-terminal, s to t along arcs in a digraph); returns those counts, the reliability \
             polynomial R(p) = Σ N_k p^k (1 − p)^(m − k) with integer coefficients, and R at a rational p. VERIFY \
             (bond failure of an undirected graph): the discrete checker recomputes R by deletion and contraction.",
                &[
                    "probability",
                    "reliability",
                    "network-reliability",
                    "all-terminal",
                    "two-terminal",
                    "connection-probability",
                    "percolation",
                    "bond-percolation",
                    "site-percolation",
                    "reliability-polynomial",
                    "graph",
                    "digraph",
                    "hypergraph",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("reliability.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "all-terminal reliability of the 4-cycle at p = 9/10",
                Mode::Explore,
                json!({"network": "graph", "vertices": 4, "edges": [[0, 1], [1, 2], [2, 3], [3, 0]], "failure": "bond",
                       "p": "9/10"}),
            ),
            (
                "probability that 0 reaches 3 in a directed bridge network when arcs fail",
                Mode::Explore,
                json!({"network": "digraph", "vertices": 4, "edges": [[0, 1], [0, 2], [1, 2], [1, 3], [2, 3]],
                       "failure": "bond", "terminals": [0, 3], "p": "1/2"}),
            ),
        ]
    }
    fn validate(&self, i: &ReliabilityInput) -> Result<(), Diagnostic> {
        check(i).map(|_| ())
    }
    fn bounds(&self, i: &ReliabilityInput) -> Result<(), Refusal> {
        let m = check(i).map_err(Refusal::Unsupported)?;
        if m > MAX_FAILING {
            let at = if i.failure == Failure::Bond { "/edges" } else { "/vertices" };
            let why = format!("{m} elements may fail; at most {MAX_FAILING} (2^m subsets are enumerated)");
            return Err(Refusal::Unsupported(Diagnostic::at(at, "TOO_LARGE", why)));
        }
        Ok(())
    }
    fn answer(&self, i: &ReliabilityInput, ctx: &AdapterContext) -> Result<Answer<ReliabilityOutput>, AdapterError> {
        let m = check(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let n = i.vertices;
        // The vertices that may fail (site), in order.
        let failing_vertices: Vec<usize> =
            (0..n).filter(|v| i.terminals.is_none_or(|[s, t]| *v != s && *v != t)).collect();
        let mut counts = vec![0u64; m + 1];
        let mut parent = vec![0usize; n];
        for mask in 0u64..(1u64 << m) {
            if mask % 65_536 == 0 {
                ctx.checkpoint()?;
            }
            let up = |v: usize| match i.failure {
                Failure::Bond => true,
                Failure::Site => failing_vertices.iter().position(|&u| u == v).is_none_or(|k| mask >> k & 1 == 1),
            };
            let edge_up = |k: usize| match i.failure {
                Failure::Bond => mask >> k & 1 == 1,
                Failure::Site => i.edges[k].iter().all(|&v| up(v)),
            };
            let works = if i.network == Network::Digraph {
                let [s, t] = i.terminals.unwrap_or([0, 0]);
                let mut seen = 1u64 << s;
                let mut stack = vec![s];
                while let Some(u) = stack.pop() {
                    for (k, e) in i.edges.iter().enumerate() {
                        if e[0] == u && seen >> e[1] & 1 == 0 && edge_up(k) {
                            seen |= 1u64 << e[1];
                            stack.push(e[1]);
                        }
                    }
                }
                seen >> t & 1 == 1
            } else {
                parent.iter_mut().enumerate().for_each(|(v, p)| *p = v);
                for (k, e) in i.edges.iter().enumerate() {
                    if edge_up(k) {
                        for w in &e[1..] {
                            let (a, b) = (root(&mut parent, e[0]), root(&mut parent, *w));
                            parent[a] = b;
                        }
                    }
                }
                match i.terminals {
                    Some([s, t]) => root(&mut parent, s) == root(&mut parent, t),
                    None => {
                        let r0 = root(&mut parent, 0);
                        (1..n).all(|v| root(&mut parent, v) == r0)
                    }
                }
            };
            if works {
                counts[mask.count_ones() as usize] += 1;
            }
        }
        // R(p) = Σ_k N_k p^k (1 − p)^(m − k), expanded: the coefficient of p^j is
        // Σ_{k ≤ j} N_k C(m − k, j − k) (−1)^(j − k).
        let binomial = |a: usize, b: usize| -> BigInt {
            (0..b).fold(BigInt::one(), |acc, r| acc * BigInt::from(a - r) / BigInt::from(r + 1))
        };
        let polynomial: Vec<BigInt> = (0..=m)
            .map(|j| {
                (0..=j).fold(BigInt::zero(), |acc, k| {
                    let term = BigInt::from(counts[k]) * binomial(m - k, j - k);
                    if (j - k) % 2 == 0 { acc + term } else { acc - term }
                })
            })
            .collect();
        let value = i.p.as_ref().map(|p| {
            let (a, b) = p.parts();
            let x = Rat::new(a, b);
            let v = polynomial.iter().rev().fold(Rat::zero(), |acc, c| acc * &x + Rat::from_integer(c.clone()));
            Rational::fraction(v.numer(), v.denom())
        });
        let out = ReliabilityOutput {
            failing: m,
            working_sets: counts.iter().map(u64::to_string).collect(),
            polynomial: polynomial.iter().map(BigInt::to_string).collect(),
            value,
        };
        // Bond failure of an undirected graph: the checker recomputes R(p) another way.
        if i.network == Network::Graph && i.failure == Failure::Bond {
            let statement = json!({"reliability": {
                "vertices": n, "edges": i.edges, "terminals": i.terminals, "polynomial": out.polynomial,
                "p": i.p, "value": out.value,
            }});
            return Ok(Answer::from(out).claim(super::statements(vec![statement])));
        }
        Ok(out.into())
    }
}
