//! `graph.coloring.encode_k_cnf`: k-colourability of a graph as a CNF formula, so that graph
//! questions compose with `sat.solve` and `certificate.verify`.
//!
//! Variable `x(v, c) = v·k + c + 1` says "vertex `v` has colour `c`" (`0 ≤ v < n`, `0 ≤ c < k`).
//! Clauses, in this order: for each vertex, at least one colour (`x(v,0) ∨ … ∨ x(v,k-1)`) and at
//! most one (`¬x(v,c) ∨ ¬x(v,d)` for `c < d`); for each edge `{u, v}` and colour `c`,
//! `¬x(u,c) ∨ ¬x(v,c)`. The models are exactly the proper k-colourings, so the formula is
//! satisfiable iff the chromatic number is at most `k`, and a refutation proves it exceeds `k`.
//! The variable map is stored beside the formula and related to it, so a model decodes to a
//! colouring without knowing the encoding.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext, Refusal, RunBudget};
use jacobian_runtime::contract::{AssuranceLevel, Diagnostic, InputKind, Mode, Provider};
use jacobian_runtime::objects::cnf::{Cnf, DIMACS_CNF_SCHEMA, MAX_CLAUSES, MAX_LITERALS, MAX_VARIABLES};
use jacobian_runtime::objects::graph::{SIMPLE_GRAPH_SCHEMA, SimpleGraph};
use jacobian_runtime::typed::{Describe, Operation};
use jacobian_runtime::{ArtifactUri, Scope};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{GraphInput, Resolved, resolve};
use crate::backends::jacobian_builtin;

/// Schema URI of a SAT variable map (what each variable of an encoding means).
pub const VARIABLE_MAP_SCHEMA: &str = "urn:jacobian:schema:sat-variable-map:v1";
/// Most colours encoded.
pub const MAX_COLOURS: u32 = 1024;

/// Input of `graph.coloring.encode_k_cnf`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EncodeInput {
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
    /// Number of colours, 1..=1024.
    #[schemars(range(min = 1, max = 1024))]
    pub k: u32,
}

/// Output of `graph.coloring.encode_k_cnf`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct EncodeOutput {
    /// The stored formula (canonical DIMACS text): pass it to `sat.solve` as `cnf_uri`.
    pub cnf_uri: ArtifactUri,
    /// The stored variable map.
    pub variable_map_uri: ArtifactUri,
    /// The stored graph.
    pub graph_uri: ArtifactUri,
    /// Number of variables (`order · k`).
    pub variables: u32,
    /// Number of clauses.
    pub clauses: usize,
    /// How a variable decodes: `x(v, c) = v·k + c + 1`.
    pub variable_rule: String,
}

/// The k-colouring formula of `g`; `None` when it would exceed the CNF limits.
pub fn encode(g: &SimpleGraph, k: u32) -> Option<Cnf> {
    if too_large(g, k).is_some() {
        return None;
    }
    let (n, k) = (g.order as i64, i64::from(k));
    let x = |v: i64, c: i64| (v * k + c + 1) as i32;
    let mut clauses = Vec::new();
    for v in 0..n {
        clauses.push((0..k).map(|c| x(v, c)).collect());
        for c in 0..k {
            for d in c + 1..k {
                clauses.push(vec![-x(v, c), -x(v, d)]);
            }
        }
    }
    for &[u, v] in &g.edges {
        for c in 0..k {
            clauses.push(vec![-x(i64::from(u), c), -x(i64::from(v), c)]);
        }
    }
    Some(Cnf { variables: (n * k) as u32, clauses })
}

/// Literal occurrences of the encoding, to refuse oversized encodings before building them.
fn literal_count(g: &SimpleGraph, k: u64) -> u64 {
    let n = u64::from(g.order);
    n * k + n * k * k.saturating_sub(1) + 2 * k * g.edges.len() as u64
}

/// Clauses of the encoding: one at-least-one and `k(k-1)/2` at-most-one per vertex, `k` per edge.
fn clause_count(g: &SimpleGraph, k: u64) -> u64 {
    let n = u64::from(g.order);
    n + n * k * k.saturating_sub(1) / 2 + k * g.edges.len() as u64
}

/// Why the encoding of `g` with `k` colours exceeds the CNF limits, if it does.
fn too_large(g: &SimpleGraph, k: u32) -> Option<String> {
    let k = u64::from(k);
    let (variables, clauses, literals) = (u64::from(g.order) * k, clause_count(g, k), literal_count(g, k));
    (variables > u64::from(MAX_VARIABLES) || clauses > MAX_CLAUSES as u64 || literals > MAX_LITERALS as u64).then(|| {
        format!(
            "the encoding would have {variables} variables, {clauses} clauses and {literals} literals; the CNF limits \
             are {MAX_VARIABLES}, {MAX_CLAUSES} and {MAX_LITERALS}"
        )
    })
}

/// `graph.coloring.encode_k_cnf`.
pub struct EncodeKColoring;

impl Operation for EncodeKColoring {
    type Input = EncodeInput;
    type Output = EncodeOutput;
    type Prepared = (Resolved, u32);

    fn describe(&self) -> Describe {
        Describe {
            id: "graph.coloring.encode_k_cnf",
            title: "Encode k-colourability of a graph as CNF",
            outcome: "The graph's k-colourability as a stored CNF encoding whose models are exactly its proper \
                      k-colourings, with the variable map.",
            description: "Writes the standard direct encoding (each vertex exactly one of k colours, adjacent \
                          vertices different colours) as canonical DIMACS, stores it with a variable map \
                          (`x(v, c) = v·k + c + 1`) related to the formula and the graph. Solve it with sat.solve: \
                          a model is a colouring, an LRAT refutation proves the chromatic number exceeds k.",
            tags: &["graph", "coloring", "colouring", "chromatic", "k-colorable", "encode", "cnf", "sat", "reduction"],
            modes: &[Mode::Explore],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[SIMPLE_GRAPH_SCHEMA, DIMACS_CNF_SCHEMA, VARIABLE_MAP_SCHEMA],
            assurance_ceiling: AssuranceLevel::Computed,
            scope_rule: "Exactly the given graph and number of colours.",
            read_only: false,
            writes_artifacts: true,
            evidence_kinds: &[],
            relationships: &[("feeds", "sat.solve")],
        }
    }

    fn provider(&self) -> Provider {
        jacobian_builtin(include_str!("coloring.rs"))
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "is the 5-cycle 2-colourable?",
            Mode::Explore,
            json!({"graph": {"order": 5, "edges": [[0, 1], [1, 2], [2, 3], [3, 4], [0, 4]]}, "k": 2}),
        )]
    }

    fn prepare(&self, input: EncodeInput, cx: &PrepareContext) -> Result<(Resolved, u32), Vec<Diagnostic>> {
        let g = resolve(input.graph, input.graph6, input.graph_uri, cx)?;
        if !(1..=MAX_COLOURS).contains(&input.k) {
            return Err(vec![Diagnostic::at("/k", "OUT_OF_RANGE", format!("k must be in 1..={MAX_COLOURS}"))]);
        }
        Ok((g, input.k))
    }

    fn preflight(&self, (g, k): &(Resolved, u32), _budget: &RunBudget) -> Result<(), Refusal> {
        match too_large(&g.graph, *k) {
            Some(why) => Err(Refusal::Unsupported(Diagnostic::at("/graph", "ENCODING_TOO_LARGE", why))),
            None => Ok(()),
        }
    }

    fn run(&self, (g, k): (Resolved, u32), ctx: &AdapterContext) -> Result<Outcome<EncodeOutput>, AdapterError> {
        let graph_uri = match g.uri {
            Some(uri) => uri,
            None => ctx.artifacts().put_json(SIMPLE_GRAPH_SCHEMA, &g.json(), &[])?.uri,
        };
        let cnf = encode(&g.graph, k)
            .ok_or_else(|| AdapterError::Unsupported("the encoding exceeds the CNF limits".into()))?;
        let dimacs = cnf.to_dimacs();
        let cnf_uri = ctx.artifacts().put_bytes(DIMACS_CNF_SCHEMA, "text/plain", dimacs.as_bytes(), &[graph_uri])?.uri;
        let map = json!({
            "encoding": "graph.coloring.direct/v1",
            "graph": graph_uri.to_string(),
            "cnf": cnf_uri.to_string(),
            "vertices": g.graph.order,
            "colours": k,
            "variable": "x(v, c) = v*k + c + 1 for vertex v in 0..vertices and colour c in 0..colours",
        });
        let map_uri = ctx.artifacts().put_json(VARIABLE_MAP_SCHEMA, &map, &[cnf_uri, graph_uri])?.uri;
        let output = EncodeOutput {
            cnf_uri,
            variable_map_uri: map_uri,
            graph_uri,
            variables: cnf.variables,
            clauses: cnf.clauses.len(),
            variable_rule: format!("x(v, c) = v·{k} + c + 1"),
        };
        let scope = Scope::exact_input(format!("the {k}-colouring encoding of exactly the given graph"), g.digest());
        Ok(Outcome::computed(output, scope)
            .artifact(graph_uri)
            .artifact(cnf_uri)
            .artifact(map_uri)
            .relate("encodes", cnf_uri, graph_uri)
            .relate("variable_map_of", map_uri, cnf_uri))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force: does some assignment of k colours to the vertices colour every edge properly?
    fn colourable(g: &SimpleGraph, k: u32) -> bool {
        let n = g.order;
        (0..u64::from(k).pow(n)).any(|mut code| {
            let colours: Vec<u64> = (0..n)
                .map(|_| {
                    let c = code % u64::from(k);
                    code /= u64::from(k);
                    c
                })
                .collect();
            g.edges.iter().all(|&[u, v]| colours[u as usize] != colours[v as usize])
        })
    }

    fn satisfiable(cnf: &Cnf) -> bool {
        (0..1u64 << cnf.variables)
            .any(|bits| cnf.satisfied_by(&(0..cnf.variables).map(|i| bits >> i & 1 == 1).collect::<Vec<_>>()))
    }

    #[test]
    fn the_encoding_is_satisfiable_exactly_when_the_graph_is_colourable() {
        let graphs = [
            SimpleGraph::new(3, vec![[0, 1], [1, 2], [0, 2]]).unwrap(),
            SimpleGraph::new(4, vec![[0, 1], [1, 2], [2, 3], [0, 3]]).unwrap(),
            SimpleGraph::new(5, vec![[0, 1], [1, 2], [2, 3], [3, 4], [0, 4]]).unwrap(),
            SimpleGraph::new(4, vec![[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]).unwrap(),
            SimpleGraph::new(2, vec![]).unwrap(),
        ];
        for g in &graphs {
            for k in 1..=3 {
                let cnf = encode(g, k).unwrap();
                if cnf.variables <= 16 {
                    assert_eq!(satisfiable(&cnf), colourable(g, k), "{g:?} k={k}");
                }
                assert_eq!(Cnf::new(cnf.variables, cnf.clauses.clone()).unwrap(), cnf, "already canonical");
            }
        }
    }

    #[test]
    fn literal_count_matches_the_encoding() {
        let g = SimpleGraph::new(5, vec![[0, 1], [1, 2], [2, 3], [3, 4], [0, 4]]).unwrap();
        for k in 1..=4 {
            let cnf = encode(&g, k).unwrap();
            assert_eq!(literal_count(&g, u64::from(k)), cnf.literals() as u64);
            assert_eq!(clause_count(&g, u64::from(k)), cnf.clauses.len() as u64);
        }
    }
}
