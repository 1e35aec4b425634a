//! Universal algebra: finite countermodels of equational laws, found by Z3.
//!
//! `universal_algebra.search.countermodel` looks, size by size, for a finite magma in which
//! given identities hold and another fails. The operation is an uninterpreted function on
//! `0..n`; every law that must hold is instantiated at every assignment of its variables
//! (the model is finite, so this is exactly universal quantification), and the law that must
//! fail gets fresh witnesses whose two sides differ. An unsatisfiable size is a proof that no
//! such magma of that size exists (COMPUTED); a model is re-evaluated here before it is
//! returned, and in VERIFY mode it goes to the countermodel checker.

use std::collections::BTreeMap;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext, Refusal, RunBudget};
use jacobian_runtime::contract::{AssuranceLevel, Completeness, Diagnostic, InputKind, Mode, Provider};
use jacobian_runtime::objects::law::{Formula, Law, parse_law};
use jacobian_runtime::objects::magma::FiniteMagma;
use jacobian_runtime::objects::term::Term;
use jacobian_runtime::typed::{Describe, Operation};
use jacobian_runtime::{Digest, Evidence, Scope};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use z3::ast::{Ast, Bool, Dynamic, Int};
use z3::{FuncDecl, SatResult, Solver, Sort};

use crate::backends::{bundled_crate, z3_version};

/// Evidence kind of a countermodel.
pub const COUNTERMODEL_EVIDENCE: &str = "universal_algebra.countermodel/v1";
pub(crate) const SEMANTICS: &str = "urn:jacobian:semantics:magma-countermodel:v1";
pub(crate) const FORMAT: &str = "MAGMA_TABLE_AND_ASSIGNMENT_V1";
/// Largest magma searched.
pub const MAX_SIZE: u32 = 8;
/// Most ground instances of the laws per size (size^variables summed over the laws).
pub const MAX_INSTANCES: u64 = 200_000;

/// Input of `universal_algebra.search.countermodel`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CountermodelInput {
    /// Laws that must hold: equations (`x * y = y * x`), implications between conjunctions of
    /// equations (`x * y = x * z -> y = z`) and quantified laws (`exists e. forall x. e * x = x &
    /// x * e = x`); free variables are universally quantified.
    #[serde(default)]
    #[schemars(length(max = 16))]
    pub holds: Vec<String>,
    /// The law that must fail, e.g. `x * (y * z) = x * y * z`, in the same language.
    #[schemars(length(min = 1, max = 4096))]
    pub fails: String,
    /// Smallest size tried (1..=8, default 2).
    #[serde(default)]
    #[schemars(range(min = 1, max = 8))]
    pub min_size: Option<u32>,
    /// Largest size tried (1..=8, default 4).
    #[serde(default)]
    #[schemars(range(min = 1, max = 8))]
    pub max_size: Option<u32>,
}

/// Output of `universal_algebra.search.countermodel`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CountermodelOutput {
    /// Whether a countermodel was found.
    pub found: bool,
    /// The sizes searched, in order; all of them when none was found.
    pub sizes_searched: Vec<u32>,
    /// The countermodel.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub magma: Option<FiniteMagma>,
    /// Its interpretation of the constants.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub constants: Option<BTreeMap<String, u32>>,
    /// An assignment of the failing law's free variables under which it is false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub assignment: Option<BTreeMap<String, u32>>,
    /// The laws in canonical form.
    pub holds: Vec<String>,
    /// The failing law in canonical form.
    pub fails: String,
}

/// What preparation hands to execution.
pub struct Prepared {
    pub(crate) holds: Vec<Law>,
    pub(crate) fails: Law,
    pub(crate) min: u32,
    pub(crate) max: u32,
}

/// `universal_algebra.search.countermodel`.
pub struct Countermodel;

fn consts_of(p: &Prepared) -> Vec<String> {
    let mut c: Vec<String> = p.holds.iter().chain([&p.fails]).flat_map(|i| i.constants()).collect();
    c.sort();
    c.dedup();
    c
}

/// Ground instances needed at `size`.
pub(crate) fn instances(p: &Prepared, size: u32) -> u64 {
    p.holds.iter().chain([&p.fails]).map(|law| law.instances(size)).fold(0u64, u64::saturating_add)
}

/// A term in Z3, with variables and constants bound to integer expressions.
fn encode(t: &Term, op: &FuncDecl, env: &BTreeMap<String, Int>) -> Option<Int> {
    match t {
        Term::Var(name) | Term::Const(name) => env.get(name).cloned(),
        Term::Op(a, b) => {
            let (a, b) = (encode(a, op, env)?, encode(b, op, env)?);
            op.apply(&[&a as &dyn Ast, &b as &dyn Ast]).as_int()
        }
    }
}

/// A formula in Z3 on `0..n`, quantifiers expanded over the elements (the model is finite, so
/// this is exactly first-order quantification), names bound in `env`.
fn ground(
    f: &Formula,
    op: &FuncDecl,
    n: u32,
    env: &mut BTreeMap<String, Int>,
    ctx: &AdapterContext,
) -> Result<Bool, AdapterError> {
    let missing = || AdapterError::Backend("a law refers to an unbound name".into());
    Ok(match f {
        Formula::Eq(a, b) => {
            let (l, r) = (encode(a, op, env).ok_or_else(missing)?, encode(b, op, env).ok_or_else(missing)?);
            l.eq(&r)
        }
        Formula::And(parts) => {
            let parts = parts.iter().map(|p| ground(p, op, n, env, ctx)).collect::<Result<Vec<_>, _>>()?;
            Bool::and(&parts.iter().collect::<Vec<_>>())
        }
        Formula::Implies(a, b) => ground(a, op, n, env, ctx)?.implies(&ground(b, op, n, env, ctx)?),
        Formula::Forall(v, body) | Formula::Exists(v, body) => {
            ctx.checkpoint()?;
            let saved = env.get(v).cloned();
            let mut cases = Vec::with_capacity(n as usize);
            for a in 0..n {
                env.insert(v.clone(), Int::from_u64(u64::from(a)));
                cases.push(ground(body, op, n, env, ctx)?);
            }
            match saved {
                Some(s) => env.insert(v.clone(), s),
                None => env.remove(v),
            };
            let cases: Vec<&Bool> = cases.iter().collect();
            if matches!(f, Formula::Forall(..)) { Bool::and(&cases) } else { Bool::or(&cases) }
        }
    })
}

/// Searches size `n`; returns the magma, constants and failing assignment when one exists.
/// Z3 works in a context of its own (`z3run::isolated`), so the same request finds the same
/// countermodel.
#[allow(clippy::type_complexity)]
pub(crate) fn search(
    p: &Prepared,
    n: u32,
    ctx: &AdapterContext,
) -> Result<Option<(FiniteMagma, BTreeMap<String, u32>, BTreeMap<String, u32>)>, AdapterError> {
    crate::z3run::isolated(|| search_in_context(p, n, ctx))
}

#[allow(clippy::type_complexity)]
fn search_in_context(
    p: &Prepared,
    n: u32,
    ctx: &AdapterContext,
) -> Result<Option<(FiniteMagma, BTreeMap<String, u32>, BTreeMap<String, u32>)>, AdapterError> {
    let solver = Solver::new();
    let int = Sort::int();
    let op = FuncDecl::new("op", &[&int, &int], &int);
    let element = |v: u32| Int::from_u64(u64::from(v));
    let in_range = |x: &Int| Bool::and(&[&x.ge(Int::from_i64(0)), &x.lt(element(n))]);
    for a in 0..n {
        for b in 0..n {
            let cell = op.apply(&[&element(a) as &dyn Ast, &element(b) as &dyn Ast]).as_int();
            let cell = cell.ok_or_else(|| AdapterError::Backend("Z3: the operation is not integer-valued".into()))?;
            solver.assert(in_range(&cell));
        }
    }
    let mut env: BTreeMap<String, Int> = BTreeMap::new();
    let constants = consts_of(p);
    for c in &constants {
        let k = Int::new_const(format!("const_{c}"));
        solver.assert(in_range(&k));
        env.insert(c.clone(), k);
    }
    for law in &p.holds {
        // Free variables are universally quantified.
        let mut closed = law.formula.clone();
        for v in law.variables().into_iter().rev() {
            closed = Formula::Forall(v, Box::new(closed));
        }
        solver.assert(ground(&closed, &op, n, &mut env.clone(), ctx)?);
    }
    let witnesses: Vec<(String, Int)> =
        p.fails.variables().into_iter().map(|v| (v.clone(), Int::new_const(format!("witness_{v}")))).collect();
    let mut local = env.clone();
    for (v, w) in &witnesses {
        solver.assert(in_range(w));
        local.insert(v.clone(), w.clone());
    }
    solver.assert(ground(&p.fails.formula, &op, n, &mut local, ctx)?.not());
    solver.set_params(&crate::z3run::params_for(ctx));
    match crate::z3run::check(solver.get_context(), ctx, || solver.check(), || solver.get_reason_unknown())? {
        SatResult::Unsat => Ok(None),
        SatResult::Unknown => Err(AdapterError::Backend("Z3 gave up".into())),
        SatResult::Sat => {
            let model = solver.get_model().ok_or_else(|| AdapterError::Backend("Z3 returned no model".into()))?;
            let value = |x: &Int| -> Result<u32, AdapterError> {
                model
                    .eval(x, true)
                    .and_then(|v| v.as_u64())
                    .and_then(|v| u32::try_from(v).ok())
                    .filter(|&v| v < n)
                    .ok_or_else(|| AdapterError::Backend("Z3's model is outside the carrier".into()))
            };
            let mut table = vec![vec![0u32; n as usize]; n as usize];
            for a in 0..n {
                for b in 0..n {
                    let cell: Dynamic = op.apply(&[&element(a) as &dyn Ast, &element(b) as &dyn Ast]);
                    let cell = cell.as_int().ok_or_else(|| AdapterError::Backend("Z3: non-integer cell".into()))?;
                    table[a as usize][b as usize] = value(&cell)?;
                }
            }
            let magma = FiniteMagma::new(n, table)
                .map_err(|_| AdapterError::Backend("Z3's model is not a magma table".into()))?;
            let consts =
                constants.iter().map(|c| Ok((c.clone(), value(&env[c])?))).collect::<Result<_, AdapterError>>()?;
            let assignment =
                witnesses.iter().map(|(v, w)| Ok((v.clone(), value(w)?))).collect::<Result<_, AdapterError>>()?;
            Ok(Some((magma, consts, assignment)))
        }
    }
}

/// Re-evaluates a model before it leaves the producer (Z3 bugs are not our answers).
pub(crate) fn self_check(
    p: &Prepared,
    m: &FiniteMagma,
    consts: &BTreeMap<String, u32>,
    at: &BTreeMap<String, u32>,
) -> bool {
    let op = |a: u32, b: u32| m.op(a, b);
    at.values().chain(consts.values()).all(|&v| v < m.size)
        && p.holds.iter().all(|law| law.holds(&op, m.size, consts) == Some(true))
        && p.fails.holds_at(&op, m.size, at, consts) == Some(false)
}

impl Operation for Countermodel {
    type Input = CountermodelInput;
    type Output = CountermodelOutput;
    type Prepared = Prepared;

    fn describe(&self) -> Describe {
        Describe {
            id: "universal_algebra.search.countermodel",
            title: "Find a finite magma separating equational laws",
            outcome: "The smallest finite magma (up to a size bound) in which the given identities hold and another \
                      fails, with its table and a failing assignment, or a proof that none exists up to the bound.",
            description: "Searches magmas of increasing size with Z3: the operation is an uninterpreted function on \
                          0..n, every law that must hold is instantiated at every assignment, and the law that must \
                          fail gets witnesses under which it is false. Laws use `*`, lowercase variables, uppercase \
                          constants and parentheses, e.g. `x * (y * z) = x * y * z`, with `&`, `->` and quantifiers \
                          (`exists e. forall x. e * x = x & x * e = x`, `x * y = x * z -> y = z`). In VERIFY mode a \
                          found model goes to the countermodel checker, which replays every law over every \
                          assignment.",
            tags: &[
                "algebra",
                "universal-algebra",
                "magma",
                "countermodel",
                "counterexample",
                "identity",
                "equational-law",
                "finite-model",
                "z3",
            ],
            modes: &[Mode::Explore, Mode::Verify],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[],
            assurance_ceiling: AssuranceLevel::Verified,
            scope_rule: "Magmas of the sizes searched, and no others.",
            read_only: true,
            writes_artifacts: false,
            evidence_kinds: &[COUNTERMODEL_EVIDENCE],
            relationships: &[],
        }
    }

    fn provider(&self) -> Provider {
        bundled_crate("z3", &z3_version(), "MIT", include_str!("algebra.rs"), &[])
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "a commutative magma that is not associative",
                Mode::Verify,
                json!({"holds": ["x * y = y * x"], "fails": "x * (y * z) = x * y * z", "max_size": 3}),
            ),
            (
                "a cancellative magma with an identity element that is not associative",
                Mode::Verify,
                json!({"holds": ["exists e. forall x. e * x = x & x * e = x", "x * y = x * z -> y = z",
                                 "y * x = z * x -> y = z"], "fails": "x * (y * z) = x * y * z", "max_size": 5}),
            ),
        ]
    }

    fn prepare(&self, input: CountermodelInput, _cx: &PrepareContext) -> Result<Prepared, Vec<Diagnostic>> {
        let mut problems = Vec::new();
        let mut holds = Vec::with_capacity(input.holds.len());
        for (i, text) in input.holds.iter().enumerate() {
            match parse_law(text) {
                Ok(law) => holds.push(law),
                Err(e) => problems.push(Diagnostic::at(format!("/holds/{i}"), "PARSE_ERROR", e.to_string())),
            }
        }
        let fails = match parse_law(&input.fails) {
            Ok(id) => Some(id),
            Err(e) => {
                problems.push(Diagnostic::at("/fails", "PARSE_ERROR", e.to_string()));
                None
            }
        };
        let min = input.min_size.unwrap_or(2);
        let max = input.max_size.unwrap_or(4.max(min));
        if min > max {
            problems.push(Diagnostic::at("/min_size", "EMPTY_RANGE", format!("min_size {min} exceeds max_size {max}")));
        }
        match fails {
            Some(fails) if problems.is_empty() => Ok(Prepared { holds, fails, min, max }),
            _ => Err(problems),
        }
    }

    fn preflight(&self, p: &Prepared, _budget: &RunBudget) -> Result<(), Refusal> {
        let worst = instances(p, p.max);
        if worst > MAX_INSTANCES {
            return Err(Refusal::Unsupported(Diagnostic::at(
                "/max_size",
                "SEARCH_ABOVE_BOUND",
                format!("size {} needs {worst} ground instances of the laws; the bound is {MAX_INSTANCES}", p.max),
            )));
        }
        Ok(())
    }

    fn run(&self, p: Prepared, ctx: &AdapterContext) -> Result<Outcome<CountermodelOutput>, AdapterError> {
        let holds: Vec<String> = p.holds.iter().map(|i| i.to_string()).collect();
        let fails = p.fails.to_string();
        let claim = json!({"holds": holds, "fails": fails});
        let claim_digest = Digest::of_value(&claim);
        let scope = |sizes: &[u32]| {
            Scope::exact_input(
                format!("magmas of size {}..={} for the given laws", p.min, sizes.last().copied().unwrap_or(p.min)),
                claim_digest,
            )
            .bound("min_size", p.min)
            .bound("max_size", p.max)
        };
        let mut searched = Vec::new();
        for n in p.min..=p.max {
            searched.push(n);
            ctx.progress(u64::from(n - p.min), Some(u64::from(p.max - p.min + 1)), Some(format!("size {n}")));
            if let Some((magma, constants, assignment)) = search(&p, n, ctx)? {
                if !self_check(&p, &magma, &constants, &assignment) {
                    return Err(AdapterError::Backend("Z3's model fails re-evaluation".into()));
                }
                let candidate = json!({"magma": magma, "constants": constants, "assignment": assignment});
                let output = CountermodelOutput {
                    found: true,
                    sizes_searched: searched.clone(),
                    magma: Some(magma),
                    constants: Some(constants),
                    assignment: Some(assignment),
                    holds,
                    fails,
                };
                let mut outcome = Outcome::computed(output, scope(&searched));
                if ctx.mode == Mode::Verify {
                    outcome = outcome.evidence(Evidence {
                        kind: COUNTERMODEL_EVIDENCE.into(),
                        claim,
                        semantics: SEMANTICS.into(),
                        candidate,
                        scope: scope(&searched),
                        certificate_format: FORMAT.into(),
                        artifacts: vec![],
                    });
                }
                return Ok(outcome);
            }
        }
        let output = CountermodelOutput {
            found: false,
            sizes_searched: searched.clone(),
            magma: None,
            constants: None,
            assignment: None,
            holds,
            fails,
        };
        let outcome = Outcome { completeness: Completeness::complete(), ..Outcome::computed(output, scope(&searched)) };
        Ok(if ctx.mode == Mode::Verify {
            outcome.obligation(
                "NO_CERTIFICATE",
                format!(
                    "that no such magma of size {}..={} exists rests on Z3's unsatisfiability answers; no checker \
                     replays non-existence",
                    p.min, p.max
                ),
                None,
            )
        } else {
            outcome
        })
    }
}
