//! `evaluate.batch`: one named evaluator applied to an explicit batch of candidates.
//!
//! Evaluators are the registered invariants: `graph.<property>` for every invariant of
//! graph.compute.properties, and `magma.law` (does a given identity hold in the magma, and
//! where does it fail). Candidates are evaluated in order; when the deadline passes or the run
//! is cancelled, the evaluated prefix is returned, marked PARTIAL, never as an answer about
//! the whole batch.

use std::collections::BTreeMap;

use jacobian_runtime::adapter::{
    AdapterContext, AdapterError, Interruption, Outcome, PrepareContext, Refusal, RunBudget,
};
use jacobian_runtime::contract::{AssuranceLevel, Completeness, Diagnostic, InputKind, Mode, Provider};
use jacobian_runtime::objects::ObjectType;
use jacobian_runtime::objects::graph::SIMPLE_GRAPH_SCHEMA;
use jacobian_runtime::objects::magma::{FINITE_MAGMA_SCHEMA, FiniteMagma};
use jacobian_runtime::objects::term::{Identity, parse_identity};
use jacobian_runtime::typed::{Describe, Operation};
use jacobian_runtime::{ArtifactUri, Digest, Scope};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::backends::jacobian_builtin;
use crate::graph::invariants::{Graph, Interrupted};
use crate::graph::properties::{Property, compute};
use crate::graph::{GraphInput, Resolved, above_bound, resolve};

/// Most candidates per call.
pub const MAX_CANDIDATES: usize = 10_000;
/// Most assignments a `magma.law` evaluation may try per candidate.
pub const MAX_ASSIGNMENTS: u64 = 10_000_000;

/// One candidate: a graph (inline, graph6 or URI) or a finite magma (inline or URI).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Candidate {
    /// A graph inline.
    #[serde(default)]
    pub graph: Option<GraphInput>,
    /// A graph as graph6 text.
    #[serde(default)]
    #[schemars(length(max = 1_000_000))]
    pub graph6: Option<String>,
    /// A stored simple graph.
    #[serde(default)]
    pub graph_uri: Option<ArtifactUri>,
    /// A finite magma inline.
    #[serde(default)]
    pub magma: Option<FiniteMagma>,
    /// A stored finite magma.
    #[serde(default)]
    pub magma_uri: Option<ArtifactUri>,
}

/// Input of `evaluate.batch`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BatchInput {
    /// `graph.<invariant>` (e.g. `graph.chromatic_number`) or `magma.law`.
    #[schemars(length(min = 1, max = 64))]
    pub evaluator: String,
    /// For `magma.law`: the identity, e.g. `x * (y * z) = x * y * z`.
    #[serde(default)]
    #[schemars(length(max = 4096))]
    pub law: Option<String>,
    /// The candidates, evaluated in order (1 to 10,000).
    #[schemars(length(min = 1, max = 10000))]
    pub candidates: Vec<Candidate>,
}

/// One candidate's result.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Evaluated {
    /// Position in the batch.
    pub index: usize,
    /// The evaluator's value: the invariant, or for `magma.law` whether the law holds.
    pub value: Value,
    /// `magma.law`: an assignment where the law fails.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failing_assignment: Option<BTreeMap<String, u32>>,
}

/// Output of `evaluate.batch`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BatchOutput {
    /// The evaluator applied.
    pub evaluator: String,
    /// Results for the evaluated prefix of the batch, in order.
    pub results: Vec<Evaluated>,
    /// Candidates evaluated.
    pub evaluated: usize,
    /// Candidates given.
    pub total: usize,
}

enum Evaluator {
    Graph(Property),
    Law(Identity),
}

enum Item {
    Graph(Resolved),
    Magma(FiniteMagma, Option<ArtifactUri>),
}

/// What preparation hands to execution.
pub struct Prepared {
    name: String,
    evaluator: Evaluator,
    items: Vec<Item>,
}

/// `evaluate.batch`.
pub struct EvaluateBatch;

fn magma_of(c: Candidate, cx: &PrepareContext) -> Result<Item, Vec<Diagnostic>> {
    match (c.magma, c.magma_uri) {
        (Some(m), None) => {
            FiniteMagma::new(m.size, m.table).map(|m| Item::Magma(m, None)).map_err(|ds| under(ds, "/magma"))
        }
        (None, Some(uri)) => {
            let at = |code: &str, message: String| vec![Diagnostic::at("/magma_uri", code, message)];
            let artifact = cx.artifacts.get(&uri).map_err(|e| at("UNKNOWN_ARTIFACT", format!("{uri}: {e}")))?;
            if artifact.manifest.schema_uri != FINITE_MAGMA_SCHEMA {
                return Err(at("WRONG_ARTIFACT_TYPE", format!("{uri} is not a {FINITE_MAGMA_SCHEMA}")));
            }
            let stored: FiniteMagma =
                serde_json::from_slice(&artifact.bytes).map_err(|e| at("MALFORMED_ARTIFACT", format!("{uri}: {e}")))?;
            let m = stored.canonical().map_err(|_| at("MALFORMED_ARTIFACT", format!("{uri} is not a valid magma")))?;
            Ok(Item::Magma(m, Some(uri)))
        }
        (Some(_), Some(_)) => Err(vec![Diagnostic::at(
            "/magma_uri",
            "CONFLICTING_FIELDS",
            "give the magma inline (`magma`) or by reference (`magma_uri`), not both",
        )]),
        (None, None) => Err(vec![Diagnostic::at("/magma", "MISSING_FIELD", "`magma.law` evaluates magmas")]),
    }
}

fn under(ds: Vec<Diagnostic>, prefix: &str) -> Vec<Diagnostic> {
    ds.into_iter().map(|d| d.under(prefix)).collect()
}

impl Operation for EvaluateBatch {
    type Input = BatchInput;
    type Output = BatchOutput;
    type Prepared = Prepared;

    fn describe(&self) -> Describe {
        Describe {
            id: "evaluate.batch",
            title: "Evaluate candidates in a batch",
            outcome: "One named evaluator (a graph invariant, or whether a law holds in a magma) applied to each \
                      candidate of an explicit batch, in order.",
            description: "Applies `graph.<invariant>` (any invariant of graph.compute.properties) to graphs given \
                          inline, as graph6 or by URI, or `magma.law` with a `law` to finite magmas given inline or \
                          by URI, reporting for a failing law the first failing assignment. When the deadline \
                          passes, the evaluated prefix is returned as PARTIAL.",
            tags: &["evaluate", "batch", "candidate", "invariant", "graph", "magma", "law", "filter", "screen"],
            modes: &[Mode::Explore],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[SIMPLE_GRAPH_SCHEMA, FINITE_MAGMA_SCHEMA],
            assurance_ceiling: AssuranceLevel::Computed,
            scope_rule: "Exactly the given candidates, or the evaluated prefix when interrupted.",
            read_only: true,
            writes_artifacts: false,
            evidence_kinds: &[],
            relationships: &[("sibling", "graph.compute.properties")],
        }
    }

    fn provider(&self) -> Provider {
        jacobian_builtin(include_str!("evaluate.rs"))
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "girth of two graphs given as graph6",
                Mode::Explore,
                json!({"evaluator": "graph.girth", "candidates": [{"graph6": "Dhc"}, {"graph6": "C~"}]}),
            ),
            (
                "is this magma associative",
                Mode::Explore,
                json!({"evaluator": "magma.law", "law": "x * (y * z) = x * y * z",
                       "candidates": [{"magma": {"size": 2, "table": [[1, 0], [0, 0]]}}]}),
            ),
        ]
    }

    fn prepare(&self, input: BatchInput, cx: &PrepareContext) -> Result<Prepared, Vec<Diagnostic>> {
        let evaluator = if input.evaluator == "magma.law" {
            let law = input.law.as_deref().ok_or_else(|| {
                vec![Diagnostic::at("/law", "MISSING_FIELD", "`magma.law` needs the `law` to evaluate")]
            })?;
            Evaluator::Law(parse_identity(law).map_err(|e| vec![Diagnostic::at("/law", "PARSE_ERROR", e.to_string())])?)
        } else {
            let property = input
                .evaluator
                .strip_prefix("graph.")
                .and_then(|name| serde_json::from_value::<Property>(json!(name)).ok())
                .ok_or_else(|| {
                    vec![Diagnostic::at(
                        "/evaluator",
                        "UNKNOWN_EVALUATOR",
                        format!(
                            "no evaluator `{}`; use `graph.<invariant>` (see graph.compute.properties) or `magma.law`",
                            input.evaluator
                        ),
                    )]
                })?;
            if input.law.is_some() {
                return Err(vec![Diagnostic::at("/law", "NOT_APPLICABLE", "`law` belongs to `magma.law`")]);
            }
            Evaluator::Graph(property)
        };
        let mut items = Vec::with_capacity(input.candidates.len());
        let mut problems = Vec::new();
        for (i, c) in input.candidates.into_iter().enumerate() {
            let at = format!("/candidates/{i}");
            let item = match &evaluator {
                Evaluator::Graph(_) if c.magma.is_none() && c.magma_uri.is_none() => {
                    resolve(c.graph, c.graph6, c.graph_uri, cx).map(Item::Graph)
                }
                Evaluator::Graph(_) => {
                    Err(vec![Diagnostic::at("/magma", "NOT_APPLICABLE", "a graph evaluator takes graphs")])
                }
                Evaluator::Law(_) if c.graph.is_none() && c.graph6.is_none() && c.graph_uri.is_none() => {
                    magma_of(c, cx)
                }
                Evaluator::Law(_) => Err(vec![Diagnostic::at("/graph", "NOT_APPLICABLE", "`magma.law` takes magmas")]),
            };
            match item {
                Ok(item) => items.push(item),
                Err(ds) => problems.extend(under(ds, &at)),
            }
        }
        if problems.is_empty() { Ok(Prepared { name: input.evaluator, evaluator, items }) } else { Err(problems) }
    }

    fn preflight(&self, p: &Prepared, _budget: &RunBudget) -> Result<(), Refusal> {
        for (i, item) in p.items.iter().enumerate() {
            let at = format!("/candidates/{i}");
            match (&p.evaluator, item) {
                (Evaluator::Graph(prop), Item::Graph(g)) => {
                    let order = g.graph.order as usize;
                    if let Some(bound) = prop.order_bound().filter(|&b| order > b) {
                        let what = format!("`{}`", prop.name());
                        return Err(Refusal::Unsupported(above_bound(&what, order, bound).under(&at)));
                    }
                }
                (Evaluator::Law(law), Item::Magma(m, _)) => {
                    let tries = u64::from(m.size).saturating_pow(law.variables().len() as u32);
                    if tries > MAX_ASSIGNMENTS {
                        return Err(Refusal::Unsupported(Diagnostic::at(
                            format!("{at}/magma"),
                            "SEARCH_ABOVE_BOUND",
                            format!("{tries} assignments; the bound is {MAX_ASSIGNMENTS}"),
                        )));
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn run(&self, p: Prepared, ctx: &AdapterContext) -> Result<Outcome<BatchOutput>, AdapterError> {
        let stop = || ctx.should_stop();
        let total = p.items.len();
        let mut results = Vec::with_capacity(total);
        let mut interrupted = None;
        for (index, item) in p.items.iter().enumerate() {
            if let Some(why) = ctx.interruption() {
                interrupted = Some(why);
                break;
            }
            let evaluated = match (&p.evaluator, item) {
                (Evaluator::Graph(prop), Item::Graph(g)) => compute(*prop, &Graph::new(&g.graph), &stop)
                    .map(|value| Evaluated { index, value, failing_assignment: None }),
                (Evaluator::Law(law), Item::Magma(m, _)) => Ok(match m.check_identity(law, &BTreeMap::new()) {
                    Ok(()) => Evaluated { index, value: json!(true), failing_assignment: None },
                    Err(at) => Evaluated { index, value: json!(false), failing_assignment: Some(at) },
                }),
                _ => return Err(AdapterError::Backend("a candidate of the wrong kind reached execution".into())),
            };
            match evaluated {
                Ok(e) => results.push(e),
                Err(Interrupted) => {
                    interrupted = Some(ctx.interruption().unwrap_or(Interruption::Deadline));
                    break;
                }
            }
            if index % 64 == 63 {
                ctx.progress(index as u64 + 1, Some(total as u64), None);
            }
        }
        let evaluated = results.len();
        let digests: Vec<Digest> = p
            .items
            .iter()
            .map(|i| match i {
                Item::Graph(g) => g.digest(),
                Item::Magma(m, _) => Digest::of_serialize(m).unwrap_or_else(|_| Digest::of_bytes(b"")),
            })
            .collect();
        let law = match &p.evaluator {
            Evaluator::Law(l) => Some(l.to_string()),
            Evaluator::Graph(_) => None,
        };
        let scope = Scope::exact_input(
            format!("the {total} given candidates under `{}`", p.name),
            Digest::of_value(&json!({"evaluator": p.name, "law": law, "candidates": digests})),
        );
        let output = BatchOutput { evaluator: p.name, results, evaluated, total };
        let mut outcome = Outcome { completeness: Completeness::computed(), ..Outcome::computed(output, scope) };
        for item in &p.items {
            let uri = match item {
                Item::Graph(g) => g.uri,
                Item::Magma(_, uri) => *uri,
            };
            if let Some(uri) = uri {
                outcome = outcome.artifact(uri);
            }
        }
        Ok(match interrupted {
            Some(why) => outcome.interrupted(why),
            None => outcome,
        })
    }
}
