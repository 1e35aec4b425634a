//! The logical skeleton of claims: splitting a conjunction into its conjuncts, and an
//! implication into what to assume and what to prove, on PROPOSITIONAL_STRUCTURE objects.
//!
//! Both take a structure inline (`source`) or stored (`structure_uri`), work on the immediate
//! subtrees of its top connective in source order, keep the author's grouping, and store each
//! part as a structure of its own whose parent is the whole, with the spans and separators
//! that rebuild the original text exactly.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext};
use jacobian_runtime::contract::{AssuranceLevel, Diagnostic, InputKind, Mode, Provider};
use jacobian_runtime::objects::ObjectType;
use jacobian_runtime::objects::propositional::{Node, Op, PROPOSITIONAL_STRUCTURE_SCHEMA, PropositionalStructure};
use jacobian_runtime::typed::{Describe, Operation};
use jacobian_runtime::{ArtifactUri, Digest, Scope};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::backends::jacobian_builtin;

/// A structure, inline or stored.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StructureInput {
    /// The claim's text, e.g. `"n is prime" & n > 2 -> "n is odd"`.
    #[serde(default)]
    #[schemars(length(min = 1, max = 16384))]
    pub source: Option<String>,
    /// A stored propositional-structure artifact.
    #[serde(default)]
    pub structure_uri: Option<ArtifactUri>,
}

/// One immediate part of a structure.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Part {
    /// Its source text, exactly as written (parentheses included).
    pub text: String,
    /// Its byte range `[start, end)` in the whole's source.
    pub span: [usize; 2],
    /// Its top connective.
    pub op: Op,
    /// The part stored as a structure of its own (parent: the whole).
    pub uri: ArtifactUri,
}

/// Source text around the parts: `prefix + part0 + separators[0] + part1 + ... + suffix` is
/// the whole source.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Reconstruction {
    /// Text before the first part.
    pub prefix: String,
    /// Text between consecutive parts (the connective and its spacing).
    pub separators: Vec<String>,
    /// Text after the last part.
    pub suffix: String,
}

/// A structure ready to work on, and the artifact it came from.
pub struct Resolved {
    structure: PropositionalStructure,
    uri: Option<ArtifactUri>,
}

fn resolve(input: StructureInput, cx: &PrepareContext) -> Result<Resolved, Vec<Diagnostic>> {
    match (input.source, input.structure_uri) {
        (Some(source), None) => PropositionalStructure::parse(&source)
            .map(|structure| Resolved { structure, uri: None })
            .map_err(|e| vec![Diagnostic::at("/source", "PARSE_ERROR", e.to_string())]),
        (None, Some(uri)) => {
            let at = |code: &str, message: String| vec![Diagnostic::at("/structure_uri", code, message)];
            let artifact = cx.artifacts.get(&uri).map_err(|e| at("UNKNOWN_ARTIFACT", format!("{uri}: {e}")))?;
            if artifact.manifest.schema_uri != PROPOSITIONAL_STRUCTURE_SCHEMA {
                return Err(at(
                    "WRONG_ARTIFACT_TYPE",
                    format!("{uri} is a {}, not a {PROPOSITIONAL_STRUCTURE_SCHEMA}", artifact.manifest.schema_uri),
                ));
            }
            let stored: PropositionalStructure =
                serde_json::from_slice(&artifact.bytes).map_err(|e| at("MALFORMED_ARTIFACT", format!("{uri}: {e}")))?;
            let structure =
                stored.canonical().map_err(|_| at("MALFORMED_ARTIFACT", format!("{uri} does not parse")))?;
            Ok(Resolved { structure, uri: Some(uri) })
        }
        (None, None) => Err(vec![Diagnostic::at("/source", "MISSING_FIELD", "give `source` or `structure_uri`")]),
        (Some(_), Some(_)) => Err(vec![Diagnostic::at(
            "/structure_uri",
            "CONFLICTING_FIELDS",
            "give the structure inline (`source`) or by reference (`structure_uri`), not both",
        )]),
    }
}

fn expect_top(r: &Resolved, op: Op, what: &str) -> Result<(), Vec<Diagnostic>> {
    let top = &r.structure.tree;
    if top.op == op {
        return Ok(());
    }
    let at = if r.uri.is_some() { "/structure_uri" } else { "/source" };
    Err(vec![Diagnostic::at(
        at,
        "WRONG_CONNECTIVE",
        format!("the top connective is {:?}, not {what}; nothing to split", top.op).to_lowercase(),
    )])
}

/// Stores each immediate part, and the text that rebuilds the whole around them.
fn parts(r: &Resolved, ctx: &AdapterContext) -> Result<(Vec<Part>, Reconstruction, Vec<ArtifactUri>), AdapterError> {
    let s = &r.structure;
    let whole = match &r.uri {
        Some(uri) => *uri,
        None => {
            let value = serde_json::to_value(s).map_err(|e| AdapterError::Backend(e.to_string()))?;
            ctx.artifacts().put_json(PROPOSITIONAL_STRUCTURE_SCHEMA, &value, &[])?.uri
        }
    };
    let children: &[Node] = &s.tree.args;
    let mut out = Vec::with_capacity(children.len());
    for child in children {
        let text = s.text_of(child).to_owned();
        let own = PropositionalStructure::parse(&text)
            .map_err(|e| AdapterError::Backend(format!("a part does not re-parse: {e}")))?;
        let value = serde_json::to_value(&own).map_err(|e| AdapterError::Backend(e.to_string()))?;
        let uri = ctx.artifacts().put_json(PROPOSITIONAL_STRUCTURE_SCHEMA, &value, std::slice::from_ref(&whole))?.uri;
        out.push(Part { text, span: child.span, op: child.op, uri });
    }
    let src = &s.source;
    let slice = |a: usize, b: usize| src.get(a..b).unwrap_or("").to_owned();
    let first = children.first().map_or(0, |c| c.span[0]);
    let last = children.last().map_or(src.len(), |c| c.span[1]);
    let reconstruction = Reconstruction {
        prefix: slice(0, first),
        separators: children.windows(2).map(|w| slice(w[0].span[1], w[1].span[0])).collect(),
        suffix: slice(last, src.len()),
    };
    let mut uris: Vec<ArtifactUri> = out.iter().map(|p| p.uri).collect();
    uris.push(whole);
    Ok((out, reconstruction, uris))
}

fn scope(r: &Resolved, what: &str) -> Scope {
    Scope::exact_input(
        format!("{what} of exactly the given structure"),
        Digest::of_serialize(&r.structure).unwrap_or_else(|_| Digest::of_bytes(b"")),
    )
}

/// Output of `claim.conjunction.split`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SplitOutput {
    /// The conjuncts, in source order.
    pub conjuncts: Vec<Part>,
    /// The text around them.
    pub reconstruction: Reconstruction,
}

/// `claim.conjunction.split`.
pub struct ConjunctionSplit;

impl Operation for ConjunctionSplit {
    type Input = StructureInput;
    type Output = SplitOutput;
    type Prepared = Resolved;

    fn describe(&self) -> Describe {
        Describe {
            id: "claim.conjunction.split",
            title: "Split a conjunction into its conjuncts",
            outcome: "The immediate conjuncts of a claim, in order, each stored as a structure of its own, with \
                      the text that rebuilds the claim.",
            description: "Parses a claim's propositional structure (or reads a stored one) and, when its top \
                          connective is a conjunction, returns the immediate conjuncts in source order with their \
                          spans, stores each as a propositional structure whose parent is the whole, and returns \
                          the separators that rebuild the source exactly. Parenthesized groups stay whole.",
            tags: &["claim", "logic", "conjunction", "split", "decompose", "subgoal", "propositional"],
            modes: &[Mode::Explore],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[PROPOSITIONAL_STRUCTURE_SCHEMA],
            assurance_ceiling: AssuranceLevel::Computed,
            scope_rule: "Exactly the given structure's top conjunction.",
            read_only: false,
            writes_artifacts: true,
            evidence_kinds: &[],
            relationships: &[("sibling", "claim.implication.obligations")],
        }
    }

    fn provider(&self) -> Provider {
        jacobian_builtin(include_str!("claims.rs"))
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("three conjuncts", Mode::Explore, json!({"source": "\"n is prime\" & \"n > 2\" & (p | q)"}))]
    }

    fn prepare(&self, input: StructureInput, cx: &PrepareContext) -> Result<Resolved, Vec<Diagnostic>> {
        let r = resolve(input, cx)?;
        expect_top(&r, Op::And, "a conjunction")?;
        Ok(r)
    }

    fn run(&self, r: Resolved, ctx: &AdapterContext) -> Result<Outcome<SplitOutput>, AdapterError> {
        let (conjuncts, reconstruction, uris) = parts(&r, ctx)?;
        let mut outcome = Outcome::computed(SplitOutput { conjuncts, reconstruction }, scope(&r, "the conjuncts"));
        for uri in uris {
            outcome = outcome.artifact(uri);
        }
        Ok(outcome)
    }
}

/// Output of `claim.implication.obligations`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ObligationsOutput {
    /// What may be assumed: the antecedent.
    pub assume: Part,
    /// What must then be proved: the consequent.
    pub prove: Part,
    /// The text around them.
    pub reconstruction: Reconstruction,
}

/// `claim.implication.obligations`.
pub struct ImplicationObligations;

impl Operation for ImplicationObligations {
    type Input = StructureInput;
    type Output = ObligationsOutput;
    type Prepared = Resolved;

    fn describe(&self) -> Describe {
        Describe {
            id: "claim.implication.obligations",
            title: "Turn an implication into what to assume and what to prove",
            outcome: "The antecedent to assume and the consequent to prove, each stored as a structure of its own, \
                      with the text that rebuilds the claim.",
            description: "Parses a claim's propositional structure (or reads a stored one) and, when its top \
                          connective is an implication, returns its antecedent (to assume) and consequent (to \
                          prove) with their spans, each stored as a propositional structure whose parent is the \
                          whole. Right-nested implications are not flattened: `a -> b -> c` assumes `a` and \
                          proves `b -> c`.",
            tags: &["claim", "logic", "implication", "obligation", "assume", "prove", "propositional"],
            modes: &[Mode::Explore],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[PROPOSITIONAL_STRUCTURE_SCHEMA],
            assurance_ceiling: AssuranceLevel::Computed,
            scope_rule: "Exactly the given structure's top implication.",
            read_only: false,
            writes_artifacts: true,
            evidence_kinds: &[],
            relationships: &[("sibling", "claim.conjunction.split")],
        }
    }

    fn provider(&self) -> Provider {
        jacobian_builtin(include_str!("claims.rs"))
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "an implication",
            Mode::Explore,
            json!({"source": "(\"G is planar\" & \"G is cubic\") -> \"G has a 4-colouring\""}),
        )]
    }

    fn prepare(&self, input: StructureInput, cx: &PrepareContext) -> Result<Resolved, Vec<Diagnostic>> {
        let r = resolve(input, cx)?;
        expect_top(&r, Op::Implies, "an implication")?;
        Ok(r)
    }

    fn run(&self, r: Resolved, ctx: &AdapterContext) -> Result<Outcome<ObligationsOutput>, AdapterError> {
        let (mut parts, reconstruction, uris) = parts(&r, ctx)?;
        let (Some(prove), Some(assume)) = (parts.pop(), parts.pop()) else {
            return Err(AdapterError::Backend("an implication without two sides".into()));
        };
        let output = ObligationsOutput { assume, prove, reconstruction };
        let mut outcome = Outcome::computed(output, scope(&r, "the obligations"));
        for uri in uris {
            outcome = outcome.artifact(uri);
        }
        Ok(outcome)
    }
}
