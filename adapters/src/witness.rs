//! Existential claims and their witnesses: state a claim, search for a witness, check one.
//!
//! A claim says that some finite object exists: a magma separating equational laws
//! (`magma_separation`), a graph of a given order whose invariant lies in a range
//! (`graph_property`), or a satisfying assignment of a stored CNF formula (`cnf_satisfiable`).
//! `claim.validate` puts a claim in canonical form and stores it; `witness.find` searches a
//! bounded scope for a witness (Z3 for magmas, nauty's `geng` and the exact invariants for
//! graphs, CaDiCaL for formulas); `witness.verify` hands a given witness to a checker. A found
//! witness is unchecked (HEURISTIC); "none found" is exhaustive over exactly the scope searched;
//! a deadline is never "none found".

use std::collections::BTreeMap;
use std::path::Path;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext, Refusal, RunBudget};
use jacobian_runtime::contract::{AssuranceLevel, Completeness, Diagnostic, InputKind, Mode, Provider};
use jacobian_runtime::objects::graph::SimpleGraph;
use jacobian_runtime::objects::law::{Law, parse_law};
use jacobian_runtime::objects::magma::FiniteMagma;
use jacobian_runtime::objects::term::parse_identity;
use jacobian_runtime::typed::{Describe, Operation};
use jacobian_runtime::{ArtifactUri, Digest, Evidence, Scope};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::algebra::{self, COUNTERMODEL_EVIDENCE, MAX_INSTANCES, MAX_SIZE};
use crate::backends::jacobian_builtin;
use crate::graph::GraphInput;
use crate::graph::enumerate::{GENG, stream_geng};
use crate::graph::invariants::{Graph, Interrupted};
use crate::graph::properties::{Property, compute, interrupted};
use crate::sat::{self, Answer, CnfSource, MODEL_EVIDENCE, ResolvedCnf};

/// Schema URI of a stored canonical claim.
pub const CLAIM_SCHEMA: &str = "urn:jacobian:schema:claim:v1";
/// Evidence kind of a graph with a property.
pub const GRAPH_WITNESS_EVIDENCE: &str = "graph.property_witness/v1";
const GRAPH_SEMANTICS: &str = "urn:jacobian:semantics:graph-property-witness:v1";
const GRAPH_FORMAT: &str = "GRAPH_V1";
/// Largest order of a graph claim.
pub const MAX_ORDER: u32 = 10;
const DEFAULT_MAGMA: u32 = 4;

/// A value or a range of an invariant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum ClaimValue {
    /// A truth value, for a yes/no property.
    Bool(bool),
    /// Exactly this value.
    Exact(u64),
    /// A value in `min..=max`.
    Range(Range),
}

/// An inclusive range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Range {
    /// Least value.
    pub min: u64,
    /// Greatest value.
    pub max: u64,
}

/// An existential claim.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "semantics", rename_all = "snake_case", deny_unknown_fields)]
pub enum Claim {
    /// Some finite magma satisfies every law of `holds` and violates `fails`.
    MagmaSeparation {
        /// Laws that hold, e.g. `x * y = y * x`.
        #[serde(default)]
        #[schemars(length(max = 16))]
        holds: Vec<String>,
        /// The law that fails.
        #[schemars(length(min = 1, max = 4096))]
        fails: String,
    },
    /// The identity (over the signature of one binary operation `*`) fails in some finite magma:
    /// it is not a law of all magmas.
    IdentityFails {
        /// The identity, e.g. `x * y = y * x`.
        #[schemars(length(min = 1, max = 4096))]
        identity: String,
    },
    /// Some simple graph of exactly `order` vertices (connected, if asked) has `property` in `value`.
    GraphProperty {
        /// Number of vertices (1..=10).
        #[schemars(range(min = 1, max = 10))]
        order: u32,
        /// Only connected graphs count (default false: any graph).
        #[serde(default)]
        connected: Option<bool>,
        /// The invariant (any scalar one of `graph.compute.properties`).
        property: Property,
        /// Its value: a truth value, an integer, or `{"min": a, "max": b}`.
        value: ClaimValue,
    },
    /// The stored CNF formula (a CNF object or DIMACS text) has a satisfying assignment.
    CnfSatisfiable {
        /// The stored formula.
        cnf_uri: ArtifactUri,
    },
}

/// A claim, checked.
#[derive(Debug, Clone)]
enum Parsed {
    Magma { holds: Vec<Law>, fails: Law, only_identity: bool },
    Graph { order: u32, connected: bool, property: Property, value: ClaimValue },
    Cnf { uri: ArtifactUri },
}

/// A parsed claim and its canonical form.
#[derive(Debug, Clone)]
pub struct Checked {
    parsed: Parsed,
    canonical: Claim,
}

impl Checked {
    fn json(&self) -> Value {
        serde_json::to_value(&self.canonical).unwrap_or(Value::Null)
    }

    fn digest(&self) -> Digest {
        Digest::of_value(&self.json())
    }
}

/// Whether the property is yes/no; `None` when it has no scalar value.
fn is_boolean(p: Property) -> Option<bool> {
    use Property::*;
    match p {
        DegreeSequence => None,
        Connected | Bipartite | Tree | Forest | Eulerian | Hamiltonian => Some(true),
        _ => Some(false),
    }
}

/// Checks a claim; diagnostics at `at` + the field.
fn check_claim(claim: Claim, at: &str) -> Result<Checked, Vec<Diagnostic>> {
    let mut problems = Vec::new();
    let parsed = match claim {
        Claim::MagmaSeparation { holds, fails } => {
            let mut laws = Vec::with_capacity(holds.len());
            for (i, text) in holds.iter().enumerate() {
                match parse_law(text) {
                    Ok(law) => laws.push(law),
                    Err(e) => problems.push(Diagnostic::at(format!("{at}/holds/{i}"), "PARSE_ERROR", e.to_string())),
                }
            }
            match parse_law(&fails) {
                Ok(fails) => Parsed::Magma { holds: laws, fails, only_identity: false },
                Err(e) => {
                    problems.push(Diagnostic::at(format!("{at}/fails"), "PARSE_ERROR", e.to_string()));
                    return Err(problems);
                }
            }
        }
        Claim::IdentityFails { identity } => match parse_identity(&identity) {
            Ok(fails) => Parsed::Magma { holds: vec![], fails: fails.into(), only_identity: true },
            Err(e) => return Err(vec![Diagnostic::at(format!("{at}/identity"), "PARSE_ERROR", e.to_string())]),
        },
        Claim::GraphProperty { order, connected, property, value } => {
            if !(1..=MAX_ORDER).contains(&order) {
                problems.push(Diagnostic::at(
                    format!("{at}/order"),
                    "OUT_OF_RANGE",
                    format!("order {order} is outside 1..={MAX_ORDER}"),
                ));
            }
            let value = match (is_boolean(property), value) {
                (None, _) => {
                    problems.push(Diagnostic::at(
                        format!("{at}/property"),
                        "UNSUPPORTED_PROPERTY",
                        format!("`{}` has no scalar value to claim", property.name()),
                    ));
                    value
                }
                (Some(true), ClaimValue::Bool(b)) => ClaimValue::Bool(b),
                (Some(false), ClaimValue::Exact(v)) => ClaimValue::Range(Range { min: v, max: v }),
                (Some(false), ClaimValue::Range(r)) => {
                    if r.min > r.max {
                        problems.push(Diagnostic::at(
                            format!("{at}/value/min"),
                            "EMPTY_RANGE",
                            format!("min {} exceeds max {}", r.min, r.max),
                        ));
                    }
                    ClaimValue::Range(r)
                }
                (Some(boolean), _) => {
                    problems.push(Diagnostic::at(
                        format!("{at}/value"),
                        "TYPE_MISMATCH",
                        format!(
                            "`{}` takes {}",
                            property.name(),
                            if boolean { "true or false" } else { "an integer or {\"min\", \"max\"}" }
                        ),
                    ));
                    value
                }
            };
            Parsed::Graph { order, connected: connected.unwrap_or(false), property, value }
        }
        Claim::CnfSatisfiable { cnf_uri } => Parsed::Cnf { uri: cnf_uri },
    };
    if !problems.is_empty() {
        return Err(problems);
    }
    let canonical = match &parsed {
        Parsed::Magma { fails, only_identity: true, .. } => Claim::IdentityFails { identity: fails.to_string() },
        Parsed::Magma { holds, fails, .. } => {
            Claim::MagmaSeparation { holds: holds.iter().map(ToString::to_string).collect(), fails: fails.to_string() }
        }
        Parsed::Graph { order, connected, property, value } => {
            Claim::GraphProperty { order: *order, connected: Some(*connected), property: *property, value: *value }
        }
        Parsed::Cnf { uri } => Claim::CnfSatisfiable { cnf_uri: *uri },
    };
    Ok(Checked { parsed, canonical })
}

/// Exactly one of an inline claim (at `/claim`) and a stored one (at `/claim_uri`).
fn resolve_claim(
    claim: Option<Claim>,
    uri: Option<ArtifactUri>,
    cx: &PrepareContext,
) -> Result<Checked, Vec<Diagnostic>> {
    match (claim, uri) {
        (Some(claim), None) => check_claim(claim, "/claim"),
        (None, Some(uri)) => {
            let at = |code: &str, message: String| vec![Diagnostic::at("/claim_uri", code, message)];
            let artifact = cx.artifacts.get(&uri).map_err(|e| at("UNKNOWN_ARTIFACT", format!("{uri}: {e}")))?;
            if artifact.manifest.schema_uri != CLAIM_SCHEMA {
                return Err(at(
                    "WRONG_ARTIFACT_TYPE",
                    format!("{uri} is a {}, not a {CLAIM_SCHEMA}", artifact.manifest.schema_uri),
                ));
            }
            let stored: Claim = serde_json::from_slice(&artifact.bytes)
                .map_err(|e| at("MALFORMED_ARTIFACT", format!("{uri} is not a claim: {e}")))?;
            check_claim(stored, "/claim_uri")
                .map_err(|_| at("MALFORMED_ARTIFACT", format!("{uri} holds an invalid claim")))
        }
        (None, None) => Err(vec![Diagnostic::at("/claim", "MISSING_FIELD", "give `claim` or `claim_uri`")]),
        (Some(_), Some(_)) => Err(vec![Diagnostic::at(
            "/claim_uri",
            "CONFLICTING_FIELDS",
            "give the claim inline (`claim`) or by reference (`claim_uri`), not both",
        )]),
    }
}

/// The formula of a `cnf_satisfiable` claim, read and validated; diagnostics at `{at}/cnf_uri`
/// for an inline claim, at `/claim_uri` for a stored one (whose formula the caller did not name).
fn claim_formula(claim: &Checked, at: &str, cx: &PrepareContext) -> Result<Option<ResolvedCnf>, Vec<Diagnostic>> {
    let Parsed::Cnf { uri } = claim.parsed else { return Ok(None) };
    sat::resolve_cnf(CnfSource { cnf_uri: Some(uri), ..CnfSource::default() }, cx).map(Some).map_err(|ds| {
        let path = if at == "/claim_uri" { at.to_owned() } else { format!("{at}/cnf_uri") };
        ds.into_iter().map(|d| Diagnostic { path: Some(path.clone()), ..d }).collect()
    })
}

// ---------------------------------------------------------------------------------------------
// claim.validate

/// Input of `claim.validate`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ValidateInput {
    /// The claim.
    pub claim: Claim,
}

/// A claim in canonical form, stored.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ValidateOutput {
    /// The canonical claim.
    pub claim: Claim,
    /// Digest of the canonical claim.
    pub digest: Digest,
    /// The stored claim.
    pub claim_uri: ArtifactUri,
}

/// `claim.validate`.
pub struct ClaimValidate;

impl Operation for ClaimValidate {
    type Input = ValidateInput;
    type Output = ValidateOutput;
    type Prepared = Checked;

    fn describe(&self) -> Describe {
        Describe {
            id: "claim.validate",
            title: "Validate and store an existential claim",
            outcome: "The claim in canonical form, its digest, and a stored claim artifact for witness.find and \
                      witness.verify.",
            description: "Parses a claim that some finite object exists: `magma_separation` (some finite magma \
                          satisfies every law of `holds` and violates `fails`) or `graph_property` (some graph of \
                          exactly `order` vertices, 1..=10, optionally connected, has a scalar invariant of \
                          graph.compute.properties equal to `value`: a truth value, an integer or \
                          {\"min\", \"max\"}), or `cnf_satisfiable` (the stored CNF formula `cnf_uri` has a \
                          satisfying assignment). Identities are printed canonically and integers become ranges.",
            tags: &["claim", "existential", "witness", "magma", "graph", "cnf", "canonical"],
            modes: &[Mode::Explore],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[],
            assurance_ceiling: AssuranceLevel::Computed,
            scope_rule: "Exactly the given claim.",
            read_only: false,
            writes_artifacts: true,
            evidence_kinds: &[],
            relationships: &[("feeds", "witness.find"), ("feeds", "witness.verify")],
        }
    }

    fn provider(&self) -> Provider {
        jacobian_builtin(include_str!("witness.rs"))
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "a commutative magma that is not associative",
                Mode::Explore,
                json!({"claim": {"semantics": "magma_separation", "holds": ["x*y = y*x"], "fails": "x*(y*z) = (x*y)*z"}}),
            ),
            (
                "a graph on 5 vertices with girth 5",
                Mode::Explore,
                json!({"claim": {"semantics": "graph_property", "order": 5, "property": "girth", "value": 5}}),
            ),
        ]
    }

    fn prepare(&self, input: ValidateInput, cx: &PrepareContext) -> Result<Checked, Vec<Diagnostic>> {
        let claim = check_claim(input.claim, "/claim")?;
        claim_formula(&claim, "/claim", cx)?;
        Ok(claim)
    }

    fn run(&self, c: Checked, ctx: &AdapterContext) -> Result<Outcome<ValidateOutput>, AdapterError> {
        let value = c.json();
        let digest = c.digest();
        let uri = ctx.artifacts().put_json(CLAIM_SCHEMA, &value, &[])?.uri;
        let scope = Scope::exact_input("the given claim", digest);
        Ok(Outcome::computed(ValidateOutput { claim: c.canonical, digest, claim_uri: uri }, scope).artifact(uri))
    }
}

// ---------------------------------------------------------------------------------------------
// witness.find

/// Input of `witness.find`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FindInput {
    /// The claim inline.
    #[serde(default)]
    pub claim: Option<Claim>,
    /// A stored claim (from `claim.validate`).
    #[serde(default)]
    pub claim_uri: Option<ArtifactUri>,
    /// Largest magma tried, 1..=8 (magma claims only; default 4).
    #[serde(default)]
    #[schemars(range(min = 1, max = 8))]
    pub max_size: Option<u32>,
}

/// Output of `witness.find`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FindOutput {
    /// Whether a witness was found.
    pub found: bool,
    /// The canonical claim.
    pub claim: Claim,
    /// The witness, in the form `witness.verify` takes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub witness: Option<Value>,
    /// What was searched, exhaustively when nothing was found.
    pub searched: String,
}

/// What `witness.find` runs.
pub struct FindPrepared {
    claim: Checked,
    uri: Option<ArtifactUri>,
    max_size: u32,
    cnf: Option<ResolvedCnf>,
}

/// `witness.find`.
pub struct WitnessFind;

impl Operation for WitnessFind {
    type Input = FindInput;
    type Output = FindOutput;
    type Prepared = FindPrepared;

    fn describe(&self) -> Describe {
        Describe {
            id: "witness.find",
            title: "Search for a witness of an existential claim",
            outcome: "A witness of the claim (unchecked), or the exact bounded scope in which none exists.",
            description: "Magma claims: Z3 searches magmas of size 1..=max_size (default 4) in which every law of \
                          `holds` holds and `fails` fails. Graph claims: nauty's geng enumerates the graphs of the \
                          order (connected ones if asked), one per isomorphism class, and each is evaluated exactly \
                          until one has the property in range. CNF claims: CaDiCaL looks for a satisfying \
                          assignment. A found witness is HEURISTIC until witness.verify \
                          has a checker accept it; \"none found\" is exhaustive over exactly the scope named; a \
                          deadline ends the run TIMED_OUT, never \"none found\".",
            tags: &["witness", "search", "existential", "claim", "magma", "countermodel", "graph", "geng", "z3", "cnf"],
            modes: &[Mode::Explore],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[CLAIM_SCHEMA],
            assurance_ceiling: AssuranceLevel::Computed,
            scope_rule: "Magmas of size 1..=max_size, or every graph of exactly the claimed order (connected if \
                         claimed), one per isomorphism class.",
            read_only: true,
            writes_artifacts: false,
            evidence_kinds: &[],
            relationships: &[("consumes", "claim.validate"), ("feeds", "witness.verify")],
        }
    }

    fn provider(&self) -> Provider {
        jacobian_builtin(concat!(include_str!("witness.rs"), include_str!("algebra.rs")))
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "a graph on 5 vertices with girth 5",
            Mode::Explore,
            json!({"claim": {"semantics": "graph_property", "order": 5, "property": "girth", "value": {"min": 5, "max": 5}}}),
        )]
    }

    fn prepare(&self, input: FindInput, cx: &PrepareContext) -> Result<FindPrepared, Vec<Diagnostic>> {
        let claim = resolve_claim(input.claim, input.claim_uri, cx)?;
        if !matches!(claim.parsed, Parsed::Magma { .. }) && input.max_size.is_some() {
            return Err(vec![Diagnostic::at(
                "/max_size",
                "NOT_APPLICABLE",
                "max_size bounds magma claims; a graph claim fixes its order, a CNF claim its variables",
            )]);
        }
        let at = if input.claim_uri.is_some() { "/claim_uri" } else { "/claim" };
        let cnf = claim_formula(&claim, at, cx)?;
        let max_size = input.max_size.unwrap_or(DEFAULT_MAGMA);
        if !(1..=MAX_SIZE).contains(&max_size) {
            return Err(vec![Diagnostic::at("/max_size", "OUT_OF_RANGE", format!("max_size is 1..={MAX_SIZE}"))]);
        }
        Ok(FindPrepared { claim, uri: input.claim_uri, max_size, cnf })
    }

    fn preflight(&self, p: &FindPrepared, _budget: &RunBudget) -> Result<(), Refusal> {
        match &p.claim.parsed {
            Parsed::Magma { holds, fails, .. } => {
                let search = algebra::Prepared { holds: holds.clone(), fails: fails.clone(), min: 1, max: p.max_size };
                let worst = algebra::instances(&search, p.max_size);
                if worst > MAX_INSTANCES {
                    return Err(Refusal::Unsupported(Diagnostic::at(
                        "/max_size",
                        "SEARCH_ABOVE_BOUND",
                        format!(
                            "size {} needs {worst} ground instances of the laws; the bound is {MAX_INSTANCES}",
                            p.max_size
                        ),
                    )));
                }
            }
            Parsed::Graph { .. } if GENG.path.is_none() => {
                return Err(Refusal::Unsupported(Diagnostic::error(
                    "BACKEND_MISSING",
                    "nauty's geng is not installed (Debian: apt install nauty; or set JACOBIAN_GENG)",
                )));
            }
            Parsed::Graph { .. } | Parsed::Cnf { .. } => {}
        }
        Ok(())
    }

    fn run(&self, p: FindPrepared, ctx: &AdapterContext) -> Result<Outcome<FindOutput>, AdapterError> {
        let digest = p.claim.digest();
        let canonical = p.claim.canonical.clone();
        let (witness, searched, scope) = match &p.claim.parsed {
            Parsed::Magma { holds, fails, .. } => {
                let search = algebra::Prepared { holds: holds.clone(), fails: fails.clone(), min: 1, max: p.max_size };
                let mut witness = None;
                for n in 1..=p.max_size {
                    ctx.progress(u64::from(n - 1), Some(u64::from(p.max_size)), Some(format!("size {n}")));
                    if let Some((magma, constants, assignment)) = algebra::search(&search, n, ctx)? {
                        if !algebra::self_check(&search, &magma, &constants, &assignment) {
                            return Err(AdapterError::Backend("Z3's model fails re-evaluation".into()));
                        }
                        witness = Some(json!({"magma": magma, "constants": constants, "assignment": assignment}));
                        break;
                    }
                }
                let searched = format!("magmas of size 1..={}", p.max_size);
                let scope = Scope::exact_input(format!("{searched} for the claim"), digest)
                    .bound("min_size", 1)
                    .bound("max_size", p.max_size);
                (witness, searched, scope)
            }
            Parsed::Graph { order, connected, property, value } => {
                let path =
                    GENG.path.as_deref().ok_or_else(|| AdapterError::Unsupported("geng is not installed".into()))?;
                // Only the size's range of edge counts can hold a graph of the right size.
                let all = u64::from(order * order.saturating_sub(1) / 2);
                let edges = match (property, value) {
                    (Property::Size, ClaimValue::Range(r)) => Some((r.min, r.max.min(all))),
                    _ => None,
                };
                let (graph, count) = find_graph(path, *order, *connected, edges, *property, *value, ctx)?;
                let witness = graph.map(|g| json!({"graph": g}));
                let class = format!(
                    "simple graphs of order {order}{}{}, one per isomorphism class",
                    if *connected { ", connected" } else { "" },
                    edges.map_or(String::new(), |(a, b)| format!(", with {a}..={b} edges")),
                );
                let scope = Scope::exact_input(format!("{class}, for the claim"), digest)
                    .bound("order", *order)
                    .bound("connected", *connected);
                (witness, format!("all {count} {class}"), scope)
            }
            Parsed::Cnf { .. } => {
                let cnf = p.cnf.as_ref().ok_or_else(|| AdapterError::Backend("the formula was not resolved".into()))?;
                let Some(answer) = sat::solve_cnf(&cnf.cnf, false, &|| ctx.should_stop())? else {
                    ctx.checkpoint()?;
                    return Err(AdapterError::Backend("CaDiCaL stopped without an answer".into()));
                };
                let witness = match answer {
                    Answer::Sat(model) => {
                        if !cnf.cnf.satisfied_by(&model.iter().map(|&l| l > 0).collect::<Vec<_>>()) {
                            return Err(AdapterError::Backend("CaDiCaL's model does not satisfy the formula".into()));
                        }
                        Some(json!({"model": model}))
                    }
                    Answer::Unsat(_) => None,
                };
                let searched = format!("every assignment of the formula's {} variables (CaDiCaL)", cnf.cnf.variables);
                let scope = Scope::exact_input("assignments of exactly the claimed formula", digest);
                (witness, searched, scope)
            }
        };
        let found = witness.is_some();
        let output = FindOutput { found, claim: canonical, witness, searched };
        let mut outcome = if found {
            Outcome::heuristic(output, scope, Completeness::computed())
        } else {
            Outcome { completeness: Completeness::complete(), ..Outcome::computed(output, scope) }
        };
        if !found && matches!(p.claim.parsed, Parsed::Cnf { .. }) {
            outcome = outcome.obligation(
                "CHECK_REFUTATION",
                "that no assignment exists rests on CaDiCaL alone here; sat.solve in VERIFY mode proves it with a \
                 checked LRAT refutation",
                Some(sat::UNSAT_EVIDENCE),
            );
        }
        if let Some(uri) = p.uri {
            outcome = outcome.artifact(uri);
        }
        Ok(outcome)
    }
}

/// Whether `v`, the JSON value of an invariant, lies in `claimed`.
fn matches(v: &Value, claimed: ClaimValue) -> bool {
    match claimed {
        ClaimValue::Bool(b) => v.as_bool() == Some(b),
        ClaimValue::Exact(x) => integer(v) == Some(x),
        ClaimValue::Range(r) => integer(v).is_some_and(|x| r.min <= x && x <= r.max),
    }
}

/// An integer invariant, given as a number or a decimal string (big counts).
fn integer(v: &Value) -> Option<u64> {
    v.as_u64().or_else(|| v.as_str().and_then(|s| s.parse().ok()))
}

/// Streams geng's graphs of `order` (with `edges` edges, when given) until one has `property` in
/// `value`; returns it (canonical) and the number of graphs read.
fn find_graph(
    path: &Path,
    order: u32,
    connected: bool,
    edges: Option<(u64, u64)>,
    property: Property,
    value: ClaimValue,
    ctx: &AdapterContext,
) -> Result<(Option<SimpleGraph>, u64), AdapterError> {
    if edges.is_some_and(|(min, max)| min > max) {
        return Ok((None, 0));
    }
    let stop = || ctx.should_stop();
    let mut found = None;
    let (count, _) = stream_geng(path, order, connected, edges, ctx, |_, line| {
        let g = SimpleGraph::from_graph6(line)
            .map_err(|e| AdapterError::Backend(format!("geng wrote invalid graph6: {e}")))?;
        match compute(property, &Graph::new(&g), &stop) {
            Ok(v) if matches(&v, value) => {
                found = Some(g);
                Ok(true)
            }
            Ok(_) => Ok(false),
            Err(Interrupted) => Err(interrupted(ctx)),
        }
    })?;
    if found.is_none() {
        // geng's output may have ended because it was killed: never "none found" then.
        ctx.checkpoint()?;
    }
    let graph = found
        .map(|g| SimpleGraph::new(g.order, g.edges))
        .transpose()
        .map_err(|_| AdapterError::Backend("geng wrote an invalid graph".into()))?;
    Ok((graph, count))
}

// ---------------------------------------------------------------------------------------------
// witness.verify

/// A witness: a magma with constants and a failing assignment, or a graph.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WitnessInput {
    /// The magma (magma claims).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub magma: Option<FiniteMagma>,
    /// Values of the claim's constants (magma claims).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 64))]
    pub constants: Option<BTreeMap<String, u32>>,
    /// Values of `fails`' variables at which its sides differ (magma claims).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 64))]
    pub assignment: Option<BTreeMap<String, u32>>,
    /// The graph (graph claims).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub graph: Option<GraphInput>,
    /// One DIMACS literal per variable, in order (CNF claims): `3` sets x3 true, `-3` false.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 16_777_216))]
    pub model: Option<Vec<i32>>,
}

/// Input of `witness.verify`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VerifyInput {
    /// The claim inline.
    #[serde(default)]
    pub claim: Option<Claim>,
    /// A stored claim (from `claim.validate`).
    #[serde(default)]
    pub claim_uri: Option<ArtifactUri>,
    /// The witness: `{"magma", "constants", "assignment"}` or `{"graph": {"order", "edges"}}`.
    pub witness: WitnessInput,
}

/// Output of `witness.verify`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct VerifyOutput {
    /// The canonical claim.
    pub claim: Claim,
    /// The witness as given.
    pub witness: Value,
}

/// What `witness.verify` hands to the checker.
pub struct VerifyPrepared {
    claim: Checked,
    uri: Option<ArtifactUri>,
    witness: Value,
    evidence: Evidence,
    /// The formula of a CNF claim, stored as canonical DIMACS when the run starts.
    cnf: Option<ResolvedCnf>,
}

/// `witness.verify`.
pub struct WitnessVerify;

fn evidence(claim: &Checked, w: WitnessInput, cnf: Option<&ResolvedCnf>) -> Result<(Value, Evidence), Vec<Diagnostic>> {
    let witness = serde_json::to_value(&w).unwrap_or(Value::Null);
    let missing =
        |field: &str, what: &str| Diagnostic::at(format!("/witness/{field}"), "MISSING_FIELD", what.to_owned());
    let extra = |field: &str| {
        Diagnostic::at(
            format!("/witness/{field}"),
            "NOT_APPLICABLE",
            format!("`{field}` is not part of this claim's witness"),
        )
    };
    let scope = |what: &str| Scope::exact_input(format!("the given {what} for the claim"), claim.digest());
    match &claim.parsed {
        Parsed::Magma { holds, fails, .. } => {
            let mut problems: Vec<Diagnostic> = [("graph", w.graph.is_some()), ("model", w.model.is_some())]
                .into_iter()
                .filter(|(_, given)| *given)
                .map(|(field, _)| extra(field))
                .collect();
            let (Some(magma), Some(assignment)) = (w.magma, w.assignment) else {
                problems.push(missing("magma", "a magma witness needs `magma` and `assignment`"));
                return Err(problems);
            };
            if !problems.is_empty() {
                return Err(problems);
            }
            let candidate =
                json!({"magma": magma, "constants": w.constants.unwrap_or_default(), "assignment": assignment});
            let claim = json!({
                "holds": holds.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "fails": fails.to_string(),
            });
            Ok((
                witness,
                Evidence {
                    kind: COUNTERMODEL_EVIDENCE.into(),
                    claim,
                    semantics: algebra::SEMANTICS.into(),
                    candidate,
                    scope: scope("magma"),
                    certificate_format: algebra::FORMAT.into(),
                    artifacts: vec![],
                },
            ))
        }
        Parsed::Graph { .. } => {
            let mut problems: Vec<Diagnostic> = [
                ("magma", w.magma.is_some()),
                ("constants", w.constants.is_some()),
                ("assignment", w.assignment.is_some()),
                ("model", w.model.is_some()),
            ]
            .into_iter()
            .filter(|(_, given)| *given)
            .map(|(field, _)| extra(field))
            .collect();
            let Some(g) = w.graph else {
                problems.push(missing("graph", "a graph witness needs `graph`"));
                return Err(problems);
            };
            if !problems.is_empty() {
                return Err(problems);
            }
            let graph = SimpleGraph::new(g.order, g.edges)
                .map_err(|ds| ds.into_iter().map(|d| d.under("/witness/graph")).collect::<Vec<_>>())?;
            Ok((
                witness,
                Evidence {
                    kind: GRAPH_WITNESS_EVIDENCE.into(),
                    claim: claim.json(),
                    semantics: GRAPH_SEMANTICS.into(),
                    candidate: json!({"graph": graph}),
                    scope: scope("graph"),
                    certificate_format: GRAPH_FORMAT.into(),
                    artifacts: vec![],
                },
            ))
        }
        Parsed::Cnf { .. } => {
            let mut problems: Vec<Diagnostic> = [
                ("magma", w.magma.is_some()),
                ("constants", w.constants.is_some()),
                ("assignment", w.assignment.is_some()),
                ("graph", w.graph.is_some()),
            ]
            .into_iter()
            .filter(|(_, given)| *given)
            .map(|(field, _)| extra(field))
            .collect();
            let (Some(model), Some(cnf)) = (w.model, cnf) else {
                problems.push(missing("model", "a CNF witness needs `model`: one literal per variable"));
                return Err(problems);
            };
            if !problems.is_empty() {
                return Err(problems);
            }
            // The checker replays the model against the canonical DIMACS text, which the run stores.
            Ok((witness, sat::model_evidence(cnf, cnf.uri(), &model)))
        }
    }
}

impl Operation for WitnessVerify {
    type Input = VerifyInput;
    type Output = VerifyOutput;
    type Prepared = VerifyPrepared;

    fn describe(&self) -> Describe {
        Describe {
            id: "witness.verify",
            title: "Check a witness of an existential claim",
            outcome: "VERIFIED when an authorized checker accepts the witness for exactly this claim; otherwise \
                      unverified, with the reason.",
            description: "Hands the witness to a checker: a magma witness (`magma`, `constants`, `assignment`) goes \
                          to the magma countermodel checker, which replays every law at every assignment; a graph \
                          witness (`graph`) goes to the graph property checker, which recomputes the invariant by \
                          brute force and checks the order, connectivity and range; a CNF model (`model`, a \
                          satisfying assignment) goes to the model replay checker, which evaluates every clause of \
                          the stored formula.",
            tags: &["witness", "verify", "check", "existential", "claim", "magma", "graph", "cnf", "sat", "model"],
            modes: &[Mode::Verify],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[CLAIM_SCHEMA],
            assurance_ceiling: AssuranceLevel::Verified,
            scope_rule: "Exactly the given witness for the given claim.",
            read_only: false,
            writes_artifacts: true,
            evidence_kinds: &[COUNTERMODEL_EVIDENCE, GRAPH_WITNESS_EVIDENCE, MODEL_EVIDENCE],
            relationships: &[("consumes", "claim.validate"), ("consumes", "witness.find")],
        }
    }

    fn provider(&self) -> Provider {
        jacobian_builtin(include_str!("witness.rs"))
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "the 5-cycle has girth 5",
            Mode::Verify,
            json!({"claim": {"semantics": "graph_property", "order": 5, "property": "girth", "value": 5},
                   "witness": {"graph": {"order": 5, "edges": [[0, 1], [1, 2], [2, 3], [3, 4], [0, 4]]}}}),
        )]
    }

    fn prepare(&self, input: VerifyInput, cx: &PrepareContext) -> Result<VerifyPrepared, Vec<Diagnostic>> {
        let claim = resolve_claim(input.claim, input.claim_uri, cx)?;
        let at = if input.claim_uri.is_some() { "/claim_uri" } else { "/claim" };
        let cnf = claim_formula(&claim, at, cx)?;
        let (witness, evidence) = evidence(&claim, input.witness, cnf.as_ref())?;
        Ok(VerifyPrepared { claim, uri: input.claim_uri, witness, evidence, cnf })
    }

    fn run(&self, p: VerifyPrepared, ctx: &AdapterContext) -> Result<Outcome<VerifyOutput>, AdapterError> {
        let scope = p.evidence.scope.clone();
        let output = VerifyOutput { claim: p.claim.canonical, witness: p.witness };
        let mut outcome = Outcome::heuristic(output, scope, Completeness::unknown()).evidence(p.evidence);
        if let Some(cnf) = &p.cnf {
            outcome = outcome.artifact(cnf.store(ctx)?);
        }
        if let Some(uri) = p.uri {
            outcome = outcome.artifact(uri);
        }
        Ok(outcome)
    }
}
