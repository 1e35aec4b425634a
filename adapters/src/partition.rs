//! Case analysis on a finite domain: do the given cases partition it?
//!
//! `case.partition.finite` enumerates every element of a FINITE_DOMAIN, evaluates each case's
//! predicate there, and counts the elements of each case, the elements in no case and the
//! elements in more than one. The cases partition the domain iff the last two counts are zero;
//! in VERIFY mode a partition goes to the coverage checker, which replays the enumeration.

use std::collections::BTreeMap;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext};
use jacobian_runtime::contract::{AssuranceLevel, Completeness, Diagnostic, InputKind, Mode, Provider};
use jacobian_runtime::objects::ObjectType;
use jacobian_runtime::objects::domain::{FINITE_DOMAIN_SCHEMA, FiniteDomain, Predicate};
use jacobian_runtime::typed::{Describe, Operation};
use jacobian_runtime::{Digest, Evidence, Scope};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::backends::jacobian_builtin;

/// Evidence kind of a finite partition.
pub const PARTITION_EVIDENCE: &str = "case.partition.finite/v1";
const SEMANTICS: &str = "urn:jacobian:semantics:finite-partition:v1";
const FORMAT: &str = "PREDICATE_CASES_V1";
/// Most cases.
pub const MAX_CASES: usize = 32;
/// Examples listed of uncovered and of overlapping elements.
pub const MAX_EXAMPLES: usize = 10;
/// Elements enumerated between two looks at the deadline.
const POLL_EVERY: u64 = 4096;

/// One case: a name and the condition selecting its elements.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// A name, distinct among the cases.
    #[schemars(length(min = 1, max = 64))]
    pub name: String,
    /// The predicate, e.g. `x % 2 = 0 and y > x`.
    #[schemars(length(min = 1, max = 4096))]
    pub when: String,
}

/// Input of `case.partition.finite`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PartitionInput {
    /// The domain, inline.
    pub domain: FiniteDomain,
    /// The cases, in order.
    #[schemars(length(min = 1, max = 32))]
    pub cases: Vec<Case>,
}

/// The number of elements of one case.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CaseCount {
    /// The case's name.
    pub name: String,
    /// Elements satisfying its predicate.
    pub count: u64,
}

/// An element, by variable name.
pub type Element = BTreeMap<String, i64>;

/// Elements in no case.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Uncovered {
    /// How many.
    pub count: u64,
    /// The first few, in enumeration order.
    pub examples: Vec<Element>,
}

/// An element in more than one case.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Overlap {
    /// The element.
    pub element: Element,
    /// The names of every case containing it.
    pub cases: Vec<String>,
}

/// Elements in more than one case.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Overlapping {
    /// How many.
    pub count: u64,
    /// The first few, in enumeration order.
    pub examples: Vec<Overlap>,
}

/// Output of `case.partition.finite`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PartitionOutput {
    /// Every element lies in exactly one case.
    pub partition: bool,
    /// Elements of the domain.
    pub domain_size: u64,
    /// Per case, in input order.
    pub cases: Vec<CaseCount>,
    /// Elements in no case.
    pub uncovered: Uncovered,
    /// Elements in more than one case.
    pub overlapping: Overlapping,
    /// Elements at which some comparison overflowed `i64` (and was read as false).
    pub overflowed: u64,
}

/// What preparation hands to execution.
pub struct Prepared {
    domain: FiniteDomain,
    cases: Vec<Case>,
    predicates: Vec<Predicate>,
}

/// `case.partition.finite`.
pub struct Partition;

impl Operation for Partition {
    type Input = PartitionInput;
    type Output = PartitionOutput;
    type Prepared = Prepared;

    fn describe(&self) -> Describe {
        Describe {
            id: "case.partition.finite",
            title: "Check that cases partition a finite domain",
            outcome: "Per-case counts over a finite integer domain, and the elements in no case or in several, \
                      with examples; the cases partition the domain iff there are none.",
            description: "Enumerates every element of a finite domain (1 to 4 integer variables with inclusive \
                          ranges, at most 10^7 elements) and evaluates each case's predicate there. Predicates use \
                          integer expressions with + - *, % by a positive literal (Euclidean remainder), \
                          comparisons = != < <= > >=, and, or, not and parentheses, e.g. `x % 2 = 0 and y > x`. \
                          In VERIFY mode a partition goes to the coverage checker, which replays the enumeration \
                          with its own evaluator.",
            tags: &["case-analysis", "partition", "cases", "coverage", "finite", "exhaustive", "domain", "predicate"],
            modes: &[Mode::Explore, Mode::Verify],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[FINITE_DOMAIN_SCHEMA],
            assurance_ceiling: AssuranceLevel::Verified,
            scope_rule: "Exactly the given domain and cases.",
            read_only: true,
            writes_artifacts: false,
            evidence_kinds: &[PARTITION_EVIDENCE],
            relationships: &[],
        }
    }

    fn provider(&self) -> Provider {
        jacobian_builtin(include_str!("partition.rs"))
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "residues of x modulo 3",
            Mode::Verify,
            json!({
                "domain": {"variables": [{"name": "x", "min": -10, "max": 10}]},
                "cases": [
                    {"name": "zero", "when": "x % 3 = 0"},
                    {"name": "one", "when": "x % 3 = 1"},
                    {"name": "two", "when": "x % 3 = 2"}
                ]
            }),
        )]
    }

    fn prepare(&self, input: PartitionInput, _cx: &PrepareContext) -> Result<Prepared, Vec<Diagnostic>> {
        let mut problems = Vec::new();
        let domain = match input.domain.canonical() {
            Ok(d) => Some(d),
            Err(ds) => {
                problems.extend(ds.into_iter().map(|mut d| {
                    d.path = Some(format!("/domain{}", d.path.unwrap_or_default()));
                    d
                }));
                None
            }
        };
        if input.cases.is_empty() || input.cases.len() > MAX_CASES {
            problems.push(Diagnostic::at(
                "/cases",
                "WRONG_CASE_COUNT",
                format!("{} cases; give 1 to {MAX_CASES}", input.cases.len()),
            ));
        }
        let names = domain.as_ref().map(FiniteDomain::names).unwrap_or_default();
        let mut predicates = Vec::with_capacity(input.cases.len());
        for (i, case) in input.cases.iter().enumerate() {
            if input.cases[..i].iter().any(|c| c.name == case.name) {
                problems.push(Diagnostic::at(
                    format!("/cases/{i}/name"),
                    "DUPLICATE_NAME",
                    format!("the case name {:?} is used twice", case.name),
                ));
            }
            if domain.is_some() {
                match Predicate::parse(&case.when, &names) {
                    Ok(p) => predicates.push(p),
                    Err(e) => problems.push(Diagnostic::at(format!("/cases/{i}/when"), "PARSE_ERROR", e.to_string())),
                }
            }
        }
        match domain {
            Some(domain) if problems.is_empty() => Ok(Prepared { domain, cases: input.cases, predicates }),
            _ => Err(problems),
        }
    }

    fn run(&self, p: Prepared, ctx: &AdapterContext) -> Result<Outcome<PartitionOutput>, AdapterError> {
        let Prepared { domain, cases, predicates } = p;
        let names = domain.names();
        let element = |values: &[i64]| -> Element { names.iter().cloned().zip(values.iter().copied()).collect() };
        let size = domain.size();
        let mut counts = vec![0u64; cases.len()];
        let mut uncovered = Uncovered { count: 0, examples: vec![] };
        let mut overlapping = Overlapping { count: 0, examples: vec![] };
        let mut overflowed = 0u64;
        let mut values = domain.first();
        let mut hits = Vec::with_capacity(cases.len());
        let mut done = 0u64;
        loop {
            if done.is_multiple_of(POLL_EVERY) {
                ctx.checkpoint()?;
                ctx.progress(done, Some(size), None);
            }
            done += 1;
            hits.clear();
            let mut overflow = false;
            for (i, predicate) in predicates.iter().enumerate() {
                let truth = predicate.eval_checked(&values).unwrap_or_else(|| {
                    overflow = true;
                    predicate.eval(&values)
                });
                if truth {
                    counts[i] += 1;
                    hits.push(i);
                }
            }
            overflowed += u64::from(overflow);
            match hits.len() {
                0 => {
                    uncovered.count += 1;
                    if uncovered.examples.len() < MAX_EXAMPLES {
                        uncovered.examples.push(element(&values));
                    }
                }
                1 => {}
                _ => {
                    overlapping.count += 1;
                    if overlapping.examples.len() < MAX_EXAMPLES {
                        let cases = hits.iter().map(|&i| cases[i].name.clone()).collect();
                        overlapping.examples.push(Overlap { element: element(&values), cases });
                    }
                }
            }
            if !domain.advance(&mut values) {
                break;
            }
        }
        ctx.progress(done, Some(size), None);
        let partition = uncovered.count == 0 && overlapping.count == 0;
        let claim = json!({"domain": domain, "cases": cases});
        let scope = Scope::exact_input("exactly the given domain and cases", Digest::of_value(&claim));
        let candidate = json!({"counts": counts});
        let output = PartitionOutput {
            partition,
            domain_size: size,
            cases: cases.iter().zip(&counts).map(|(c, &count)| CaseCount { name: c.name.clone(), count }).collect(),
            uncovered,
            overlapping,
            overflowed,
        };
        let outcome = Outcome { completeness: Completeness::complete(), ..Outcome::computed(output, scope.clone()) };
        if ctx.mode != Mode::Verify {
            return Ok(outcome);
        }
        if !partition {
            let why = format!(
                "the cases do not partition the domain ({} element(s) in no case, {} in several); there is no \
                 partition to verify",
                outcome.output.uncovered.count, outcome.output.overlapping.count
            );
            return Ok(outcome.obligation("NOT_A_PARTITION", why, None));
        }
        Ok(outcome.evidence(Evidence {
            kind: PARTITION_EVIDENCE.into(),
            claim,
            semantics: SEMANTICS.into(),
            candidate,
            scope,
            certificate_format: FORMAT.into(),
            artifacts: vec![],
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jacobian_runtime::artifact::{ArtifactReader, MemoryArtifactStore};
    use std::sync::Arc;

    fn prepared(domain: Value, cases: Value) -> Result<Prepared, Vec<Diagnostic>> {
        let input: PartitionInput = serde_json::from_value(json!({"domain": domain, "cases": cases})).unwrap();
        let artifacts = ArtifactReader::new(Arc::new(MemoryArtifactStore::new()));
        Partition.prepare(input, &PrepareContext { mode: Mode::Verify, artifacts })
    }

    #[test]
    fn predicates_and_domains_are_checked_with_their_place() {
        let x = json!({"variables": [{"name": "x", "min": 0, "max": 9}]});
        let bad = prepared(x.clone(), json!([{"name": "a", "when": "x = 0"}, {"name": "b", "when": "y = 0"}]));
        let ds = bad.err().unwrap();
        assert_eq!(ds.len(), 1);
        assert_eq!(ds[0].path.as_deref(), Some("/cases/1/when"));
        assert!(ds[0].message.contains("bytes 0..1"), "{}", ds[0].message);
        let empty = prepared(json!({"variables": [{"name": "x", "min": 3, "max": 0}]}), json!([]));
        assert_eq!(empty.err().unwrap()[0].path.as_deref(), Some("/domain/variables/0/max"));
        let twice = prepared(x.clone(), json!([{"name": "a", "when": "x = 0"}, {"name": "a", "when": "x != 0"}]));
        assert_eq!(twice.err().unwrap()[0].path.as_deref(), Some("/cases/1/name"));
        assert!(prepared(x, json!([{"name": "a", "when": "x >= 0"}])).is_ok());
    }
}
