//! Replay of finite partitions: every element of a finite domain lies in exactly one case.
//!
//! Evidence `case.partition.finite/v1`, format `PREDICATE_CASES_V1`. Claim `{"domain":
//! FINITE_DOMAIN, "cases": [{"name": text, "when": predicate}, ...]}` (1 to 32 cases, distinct
//! names); candidate `{"counts": [n, ...]}`, the number of elements of each case, in order. The
//! scope's input digest must be the digest of the claim. Objects admit exactly the fields shown.
//!
//! The domain and the predicates are read by the runtime's validation and parser (the shared
//! objects); the checker compiles each predicate to a postfix program of its own, enumerates
//! every element with its own odometer, and evaluates every case there with checked arithmetic
//! (a comparison whose sides overflow `i64` is false, as the predicate language defines). It
//! shares no code with the producer's enumeration nor with `Predicate::eval`.

use std::sync::LazyLock;

use jacobian_runtime::objects::TypedObject;
use jacobian_runtime::objects::domain::{Cmp, Cond, Expr, FiniteDomain, Predicate};
use jacobian_runtime::{CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Finding, Verdict};
use serde_json::Value;

use crate::evidence::collected::{self, Findings, Read, array, both, fail, field, naturals, object, pointer};

/// Evidence kind of a finite partition.
pub const PARTITION_EVIDENCE: &str = "case.partition.finite/v1";
const SEMANTICS: &str = "urn:jacobian:semantics:finite-partition:v1";
const FORMAT: &str = "PREDICATE_CASES_V1";
/// Most cases replayed.
pub const MAX_CASES: usize = 32;
/// Example elements reported per kind of failure (uncovered, overlapping).
const MAX_EXAMPLES: u64 = 5;
/// Elements evaluated between two looks at the deadline.
const POLL_EVERY: u64 = 4096;

static IDENTITY: LazyLock<CheckerIdentity> = LazyLock::new(|| {
    CheckerIdentity::from_source("jacobian.check.partition_coverage", "1.0.0", include_str!("partition.rs"))
});

static DOMAIN: LazyLock<TypedObject<FiniteDomain>> = LazyLock::new(TypedObject::default);

// ---------------------------------------------------------------------------------------------
// Reading evidence.

/// Rejects evidence of another kind, semantics or format, a universal scope, and a scope about
/// another input than the claim.
fn expect(e: &Evidence) -> Read<()> {
    let mut findings = Findings::default();
    if let Err(f) = collected::expect(e, PARTITION_EVIDENCE, SEMANTICS, FORMAT, "finite domain") {
        findings.extend(f);
    }
    if e.scope.input_digest != Some(e.claim_digest()) {
        findings.push(Finding::at("/scope/input_digest", "SCOPE_MISMATCH", "the scope is not exactly the claim"));
    }
    findings.or_ok(())
}

fn text<'a>(v: &'a Value, path: &str) -> Read<&'a str> {
    match v.as_str() {
        Some(s) => Ok(s),
        None => fail(path, "NOT_A_STRING", "expected a string"),
    }
}

/// The domain, validated by the runtime; its diagnostics become findings under `/claim/domain`.
fn domain(v: &Value) -> Read<FiniteDomain> {
    DOMAIN.parse(v).map_err(|diagnostics| {
        let mut findings = Findings::default();
        for d in diagnostics {
            findings.push(Finding::at(format!("/claim/domain{}", d.path.unwrap_or_default()), d.code, d.message));
        }
        findings
    })
}

/// The cases: names and predicates over `names`.
fn cases(v: &Value, names: &[String]) -> Read<Vec<(String, Predicate)>> {
    let items = array(v, "/claim/cases")?;
    if items.is_empty() || items.len() > MAX_CASES {
        return fail("/claim/cases", "WRONG_CASE_COUNT", format!("{} cases; expected 1 to {MAX_CASES}", items.len()));
    }
    let mut findings = Findings::default();
    let mut out: Vec<(String, Predicate)> = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let path = pointer("/claim/cases", i);
        let case = object(item, &path, &["name", "when"]).and_then(|case| {
            let (name, when) = both(field(case, &path, "name"), field(case, &path, "when"))?;
            both(text(name, &pointer(&path, "name")), text(when, &pointer(&path, "when")))
        });
        let (name, when) = match case {
            Ok(case) => case,
            Err(f) => {
                findings.extend(f);
                continue;
            }
        };
        if name.is_empty() || out.iter().any(|(n, _)| n == name) {
            findings.push(Finding::at(pointer(&path, "name"), "INVALID_NAME", "case names are non-empty and distinct"));
        }
        match Predicate::parse(when, names) {
            Ok(p) => out.push((name.to_owned(), p)),
            Err(e) => findings.push(Finding::at(pointer(&path, "when"), "PARSE_ERROR", e.to_string())),
        }
    }
    findings.or_ok(out)
}

fn counts(e: &Evidence) -> Read<Vec<u64>> {
    let candidate = object(&e.candidate, "/candidate", &["counts"])?;
    naturals(field(candidate, "/candidate", "counts")?, "/candidate/counts")
}

// ---------------------------------------------------------------------------------------------
// Evaluation.

/// One step of a postfix program over two stacks: integers (`None` after an overflow) and truths.
#[derive(Debug, Clone, Copy)]
enum Step {
    Push(i64),
    Load(usize),
    Neg,
    Add,
    Sub,
    Mul,
    Rem(i64),
    Compare(Cmp),
    Not,
    All(usize),
    Any(usize),
}

/// `cond` in postfix, compiled iteratively (expressions may nest deeply).
fn compile(cond: &Cond) -> Vec<Step> {
    enum Todo<'a> {
        Cond(&'a Cond),
        Expr(&'a Expr),
        Emit(Step),
    }
    let mut program = Vec::new();
    let mut todo = vec![Todo::Cond(cond)];
    while let Some(next) = todo.pop() {
        match next {
            Todo::Emit(step) => program.push(step),
            Todo::Cond(Cond::Cmp(op, l, r)) => {
                todo.extend([Todo::Emit(Step::Compare(*op)), Todo::Expr(r), Todo::Expr(l)])
            }
            Todo::Cond(Cond::Not(a)) => todo.extend([Todo::Emit(Step::Not), Todo::Cond(a)]),
            Todo::Cond(Cond::And(args)) => {
                todo.push(Todo::Emit(Step::All(args.len())));
                todo.extend(args.iter().rev().map(Todo::Cond));
            }
            Todo::Cond(Cond::Or(args)) => {
                todo.push(Todo::Emit(Step::Any(args.len())));
                todo.extend(args.iter().rev().map(Todo::Cond));
            }
            Todo::Expr(Expr::Lit(v)) => program.push(Step::Push(*v)),
            Todo::Expr(Expr::Var(i)) => program.push(Step::Load(*i)),
            Todo::Expr(Expr::Neg(a)) => todo.extend([Todo::Emit(Step::Neg), Todo::Expr(a)]),
            Todo::Expr(Expr::Add(a, b)) => todo.extend([Todo::Emit(Step::Add), Todo::Expr(b), Todo::Expr(a)]),
            Todo::Expr(Expr::Sub(a, b)) => todo.extend([Todo::Emit(Step::Sub), Todo::Expr(b), Todo::Expr(a)]),
            Todo::Expr(Expr::Mul(a, b)) => todo.extend([Todo::Emit(Step::Mul), Todo::Expr(b), Todo::Expr(a)]),
            Todo::Expr(Expr::Mod(a, m)) => todo.extend([Todo::Emit(Step::Rem(*m)), Todo::Expr(a)]),
        }
    }
    program
}

/// Reusable evaluation stacks.
#[derive(Default)]
struct Machine {
    ints: Vec<Option<i64>>,
    truths: Vec<bool>,
}

impl Machine {
    /// The truth of `program` at `env`; `None` if the program is ill-formed (never for compiled input).
    fn run(&mut self, program: &[Step], env: &[i64]) -> Option<bool> {
        self.ints.clear();
        self.truths.clear();
        for &step in program {
            match step {
                Step::Push(v) => self.ints.push(Some(v)),
                Step::Load(i) => self.ints.push(Some(*env.get(i)?)),
                Step::Neg => {
                    let a = self.ints.pop()?;
                    self.ints.push(a.and_then(i64::checked_neg));
                }
                Step::Add | Step::Sub | Step::Mul => {
                    let (b, a) = (self.ints.pop()?, self.ints.pop()?);
                    self.ints.push(a.zip(b).and_then(|(a, b)| match step {
                        Step::Add => a.checked_add(b),
                        Step::Sub => a.checked_sub(b),
                        _ => a.checked_mul(b),
                    }));
                }
                Step::Rem(m) => {
                    let a = self.ints.pop()?;
                    self.ints.push(a.and_then(|a| a.checked_rem_euclid(m)));
                }
                Step::Compare(op) => {
                    let (b, a) = (self.ints.pop()?, self.ints.pop()?);
                    self.truths.push(a.zip(b).is_some_and(|(a, b)| match op {
                        Cmp::Eq => a == b,
                        Cmp::Ne => a != b,
                        Cmp::Lt => a < b,
                        Cmp::Le => a <= b,
                        Cmp::Gt => a > b,
                        Cmp::Ge => a >= b,
                    }));
                }
                Step::Not => {
                    let a = self.truths.pop()?;
                    self.truths.push(!a);
                }
                Step::All(n) | Step::Any(n) => {
                    let from = self.truths.len().checked_sub(n)?;
                    let args = self.truths.split_off(from);
                    let all = matches!(step, Step::All(_));
                    self.truths.push(if all { args.iter().all(|&t| t) } else { args.iter().any(|&t| t) });
                }
            }
        }
        match (self.ints.as_slice(), self.truths.as_slice()) {
            ([], [t]) => Some(*t),
            _ => None,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The checker.

/// Checks a finite partition: every element of the domain in exactly one case, and each case's
/// element count as claimed.
pub struct PartitionCoverage;

struct Replayable {
    domain: FiniteDomain,
    cases: Vec<(String, Vec<Step>)>,
    counts: Vec<u64>,
}

fn read(e: &Evidence) -> Read<Replayable> {
    expect(e)?;
    let claim = object(&e.claim, "/claim", &["domain", "cases"])?;
    let (domain_v, cases_v) = both(field(claim, "/claim", "domain"), field(claim, "/claim", "cases"))?;
    let domain = domain(domain_v)?;
    let (cases, counts) = both(cases(cases_v, &domain.names()), counts(e))?;
    let cases = cases.into_iter().map(|(name, p)| (name, compile(&p.cond))).collect();
    Ok(Replayable { domain, cases, counts })
}

/// `x = 1, y = 2`.
fn describe(names: &[String], values: &[i64]) -> String {
    names.iter().zip(values).map(|(n, v)| format!("{n} = {v}")).collect::<Vec<_>>().join(", ")
}

impl Checker for PartitionCoverage {
    fn identity(&self) -> &CheckerIdentity {
        &IDENTITY
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[PARTITION_EVIDENCE]
    }

    fn check(&self, e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        let Replayable { domain, cases, counts } = match read(e) {
            Ok(input) => input,
            Err(findings) => return Ok(findings.rejected()),
        };
        let names = domain.names();
        let bounds: Vec<(i64, i64)> = domain.variables.iter().map(|v| (v.min, v.max)).collect();
        let mut env: Vec<i64> = bounds.iter().map(|&(min, _)| min).collect();
        let mut machine = Machine::default();
        let mut seen = vec![0u64; cases.len()];
        let (mut uncovered, mut overlapping, mut elements) = (0u64, 0u64, 0u64);
        let mut findings = Findings::default();
        loop {
            if elements.is_multiple_of(POLL_EVERY) && cx.should_stop() {
                return Err(CheckError::Interrupted);
            }
            elements += 1;
            let mut first: Option<usize> = None;
            let mut hits = 0u32;
            for (i, (name, program)) in cases.iter().enumerate() {
                match machine.run(program, &env) {
                    None => {
                        let path = pointer(&pointer("/claim/cases", i), "when");
                        findings.push(Finding::at(path, "UNEVALUABLE", "the predicate could not be evaluated"));
                        return Ok(findings.rejected());
                    }
                    Some(false) => {}
                    Some(true) => {
                        seen[i] += 1;
                        hits += 1;
                        match first {
                            None => first = Some(i),
                            Some(j) if hits == 2 => {
                                overlapping += 1;
                                if overlapping <= MAX_EXAMPLES {
                                    findings.push(Finding::at(
                                        pointer("/claim/cases", i),
                                        "OVERLAPPING_CASES",
                                        format!(
                                            "{} lies in both `{}` and `{name}`",
                                            describe(&names, &env),
                                            cases[j].0
                                        ),
                                    ));
                                }
                            }
                            Some(_) => {}
                        }
                    }
                }
            }
            if hits == 0 {
                uncovered += 1;
                if uncovered <= MAX_EXAMPLES {
                    findings.push(Finding::at(
                        "/claim/cases",
                        "UNCOVERED_ELEMENT",
                        format!("{} lies in no case", describe(&names, &env)),
                    ));
                }
            }
            // Odometer: advance the last variable that can advance, reset those after it.
            let Some(k) = env.iter().zip(&bounds).rposition(|(x, &(_, max))| *x < max) else { break };
            env[k] += 1;
            for (x, &(min, _)) in env.iter_mut().zip(&bounds).skip(k + 1) {
                *x = min;
            }
        }
        if uncovered > MAX_EXAMPLES {
            findings.push(Finding::at(
                "/claim/cases",
                "UNCOVERED_ELEMENT",
                format!("{uncovered} elements lie in no case"),
            ));
        }
        if overlapping > MAX_EXAMPLES {
            findings.push(Finding::at(
                "/claim/cases",
                "OVERLAPPING_CASES",
                format!("{overlapping} elements lie in more than one case"),
            ));
        }
        if counts.len() != cases.len() {
            findings.push(Finding::at(
                "/candidate/counts",
                "COUNT_LENGTH_MISMATCH",
                format!("{} counts for {} cases", counts.len(), cases.len()),
            ));
        } else {
            for (i, ((name, _), (&claimed, &actual))) in cases.iter().zip(counts.iter().zip(&seen)).enumerate() {
                if claimed != actual {
                    findings.push(Finding::at(
                        pointer("/candidate/counts", i),
                        "COUNT_MISMATCH",
                        format!("case `{name}` has {actual} elements, not {claimed}"),
                    ));
                }
            }
        }
        Ok(findings.verdict(|| {
            format!("each of the {elements} elements of the domain lies in exactly one of {} cases", cases.len())
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jacobian_runtime::artifact::{ArtifactReader, MemoryArtifactStore};
    use jacobian_runtime::{CancellationToken, Digest, Scope};
    use proptest::prelude::*;
    use serde_json::json;
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    fn cx() -> CheckContext {
        CheckContext {
            artifacts: ArtifactReader::new(Arc::new(MemoryArtifactStore::new())),
            cancel: CancellationToken::new(),
            deadline: Instant::now() + Duration::from_secs(60),
        }
    }

    /// Evidence for `cases` over `domain` with `counts`, its scope bound to the claim.
    fn evidence(domain: Value, cases: &[(&str, &str)], counts: Value) -> Evidence {
        let cases: Vec<Value> = cases.iter().map(|(n, w)| json!({"name": n, "when": w})).collect();
        let claim = json!({"domain": domain, "cases": cases});
        Evidence {
            kind: PARTITION_EVIDENCE.into(),
            scope: Scope::exact_input("exactly the given domain and cases", Digest::of_value(&claim)),
            claim,
            semantics: SEMANTICS.into(),
            candidate: json!({"counts": counts}),
            certificate_format: FORMAT.into(),
            artifacts: vec![],
        }
    }

    /// Re-binds the scope to an edited claim, so that only the edit itself is judged.
    fn rebind(mut e: Evidence) -> Evidence {
        e.scope.input_digest = Some(e.claim_digest());
        e
    }

    fn x(min: i64, max: i64) -> Value {
        json!({"variables": [{"name": "x", "min": min, "max": max}]})
    }

    fn parity() -> Evidence {
        evidence(x(0, 99), &[("even", "x % 2 = 0"), ("odd", "x % 2 = 1")], json!([50, 50]))
    }

    fn verdict(e: &Evidence) -> Verdict {
        PartitionCoverage.check(e, &cx()).expect("no interruption")
    }

    fn rejection(e: &Evidence) -> Vec<Finding> {
        match verdict(e) {
            Verdict::Rejected { findings } if !findings.is_empty() => findings,
            other => panic!("expected a rejection, got {other:?} for {e:?}"),
        }
    }

    fn assert_rejections(cases: Vec<(&str, Evidence, &str, &str)>) {
        for (what, e, code, path) in cases {
            let findings = rejection(&e);
            assert!(
                findings.iter().any(|f| f.code == code && f.path.as_deref() == Some(path)),
                "{what}: expected {code} at {path}, got {findings:?}"
            );
        }
    }

    fn with(mut e: Evidence, edit: impl FnOnce(&mut Evidence)) -> Evidence {
        edit(&mut e);
        e
    }

    #[test]
    fn identity_is_versioned_and_bundled() {
        let id = PartitionCoverage.identity();
        assert_eq!((id.id.as_str(), id.version.as_str()), ("jacobian.check.partition_coverage", "1.0.0"));
        assert!(crate::bundled().iter().any(|c| c.identity() == id && c.evidence_kinds() == [PARTITION_EVIDENCE]));
    }

    #[test]
    fn accepts_partitions() {
        assert!(matches!(verdict(&parity()), Verdict::Accepted { .. }), "{:?}", verdict(&parity()));
        let grid = json!({"variables": [{"name": "x", "min": -3, "max": 3}, {"name": "y", "min": -2, "max": 4}]});
        let e = evidence(
            grid,
            &[("below", "y < x"), ("diagonal", "x = y"), ("above", "not (y <= x) and (x * y) % 5 >= 0")],
            json!([15, 6, 28]),
        );
        assert!(matches!(verdict(&e), Verdict::Accepted { .. }), "{:?}", verdict(&e));
        // Overflowing comparisons are false: x * x * x * x overflows for every x here.
        let big = evidence(
            x(4_000_000_000, 4_000_000_009),
            &[("never", "x * x * x * x > 0"), ("always", "not x * x * x * x > 0")],
            json!([0, 10]),
        );
        assert!(matches!(verdict(&big), Verdict::Accepted { .. }), "{:?}", verdict(&big));
    }

    #[test]
    fn mutations_are_rejected_with_a_specific_finding() {
        let good = parity();
        assert_rejections(vec![
            (
                "an element in two cases",
                rebind(with(good.clone(), |e| e.claim["cases"][1]["when"] = json!("x % 2 = 1 or x = 4"))),
                "OVERLAPPING_CASES",
                "/claim/cases/1",
            ),
            (
                "an uncovered element",
                rebind(with(good.clone(), |e| e.claim["cases"][1]["when"] = json!("x % 2 = 1 and x != 7"))),
                "UNCOVERED_ELEMENT",
                "/claim/cases",
            ),
            (
                "a wrong count",
                with(good.clone(), |e| e.candidate["counts"][0] = json!(51)),
                "COUNT_MISMATCH",
                "/candidate/counts/0",
            ),
            (
                "a truncated case list",
                rebind(with(good.clone(), |e| e.claim["cases"] = json!([{"name": "even", "when": "x % 2 = 0"}]))),
                "COUNT_LENGTH_MISMATCH",
                "/candidate/counts",
            ),
            (
                "a truncated case list leaves elements uncovered",
                rebind(with(good.clone(), |e| e.claim["cases"] = json!([{"name": "even", "when": "x % 2 = 0"}]))),
                "UNCOVERED_ELEMENT",
                "/claim/cases",
            ),
            (
                "a changed predicate text",
                rebind(with(good.clone(), |e| e.claim["cases"][0]["when"] = json!("x % 2 = 0 and x < 98"))),
                "COUNT_MISMATCH",
                "/candidate/counts/0",
            ),
            (
                "a changed domain bound",
                rebind(with(good.clone(), |e| e.claim["domain"]["variables"][0]["max"] = json!(100))),
                "COUNT_MISMATCH",
                "/candidate/counts/0",
            ),
            (
                "a claim edited under its scope",
                with(good.clone(), |e| e.claim["domain"]["variables"][0]["max"] = json!(100)),
                "SCOPE_MISMATCH",
                "/scope/input_digest",
            ),
        ]);
        // Examples are bounded; the total is reported.
        let half = rebind(with(good, |e| e.claim["cases"][1]["when"] = json!("x < 0")));
        let findings = rejection(&half);
        assert_eq!(findings.iter().filter(|f| f.code == "UNCOVERED_ELEMENT").count(), MAX_EXAMPLES as usize + 1);
        assert!(findings.iter().any(|f| f.message == "50 elements lie in no case"), "{findings:?}");
    }

    #[test]
    fn rejects_malformed_evidence_with_a_path() {
        let good = parity();
        let r = |e: Evidence| rebind(e);
        assert_rejections(vec![
            ("kind", with(good.clone(), |e| e.kind = "other/v1".into()), "UNSUPPORTED_EVIDENCE", "/kind"),
            ("semantics", with(good.clone(), |e| e.semantics = "urn:x".into()), "UNSUPPORTED_EVIDENCE", "/semantics"),
            (
                "format",
                with(good.clone(), |e| e.certificate_format = "X".into()),
                "UNSUPPORTED_EVIDENCE",
                "/certificate_format",
            ),
            ("universal", with(good.clone(), |e| e.scope.universal = true), "UNIVERSAL_SCOPE", "/scope/universal"),
            ("claim an array", r(with(good.clone(), |e| e.claim = json!([]))), "NOT_AN_OBJECT", "/claim"),
            ("extra field", r(with(good.clone(), |e| e.claim["extra"] = json!(1))), "UNKNOWN_FIELD", "/claim/extra"),
            (
                "missing cases",
                r(with(good.clone(), |e| _ = e.claim.as_object_mut().map(|m| m.remove("cases")))),
                "MISSING_FIELD",
                "/claim/cases",
            ),
            ("no cases", r(with(good.clone(), |e| e.claim["cases"] = json!([]))), "WRONG_CASE_COUNT", "/claim/cases"),
            (
                "a bad predicate",
                r(with(good.clone(), |e| e.claim["cases"][1]["when"] = json!("x % = 1"))),
                "PARSE_ERROR",
                "/claim/cases/1/when",
            ),
            (
                "an unknown variable",
                r(with(good.clone(), |e| e.claim["cases"][1]["when"] = json!("y = 1"))),
                "PARSE_ERROR",
                "/claim/cases/1/when",
            ),
            (
                "a duplicate name",
                r(with(good.clone(), |e| e.claim["cases"][1]["name"] = json!("even"))),
                "INVALID_NAME",
                "/claim/cases/1/name",
            ),
            (
                "a name not a string",
                r(with(good.clone(), |e| e.claim["cases"][0]["name"] = json!(3))),
                "NOT_A_STRING",
                "/claim/cases/0/name",
            ),
            (
                "an empty range",
                r(with(good.clone(), |e| e.claim["domain"]["variables"][0]["min"] = json!(200))),
                "EMPTY_RANGE",
                "/claim/domain/variables/0/max",
            ),
            (
                "a count not a natural",
                with(good.clone(), |e| e.candidate["counts"][1] = json!(-1)),
                "NOT_A_NATURAL",
                "/candidate/counts/1",
            ),
            (
                "extra candidate field",
                with(good.clone(), |e| e.candidate["x"] = json!(1)),
                "UNKNOWN_FIELD",
                "/candidate/x",
            ),
            ("counts missing", with(good, |e| e.candidate = json!({})), "MISSING_FIELD", "/candidate/counts"),
        ]);
    }

    #[test]
    fn stops_when_told() {
        let late = CheckContext { deadline: Instant::now() - Duration::from_millis(1), ..cx() };
        assert!(matches!(PartitionCoverage.check(&parity(), &late), Err(CheckError::Interrupted)));
    }

    proptest! {
        #[test]
        fn own_evaluator_agrees_with_the_definition(
            s in "(x|y|0|1|3|\\(|\\)|[-+*%]| and | or |not |=|!=|<|<=|>| ){0,30}",
            v in prop::array::uniform2(any::<i64>()),
            w in prop::array::uniform2(-5i64..5),
        ) {
            let names = vec!["x".to_string(), "y".to_string()];
            if let Ok(p) = Predicate::parse(&s, &names) {
                let program = compile(&p.cond);
                let mut m = Machine::default();
                for env in [v, w] {
                    prop_assert_eq!(m.run(&program, &env), Some(p.eval(&env)), "{} at {:?}", s, env);
                }
            }
        }

        #[test]
        fn malformed_evidence_never_panics(
            claim in prop::sample::select(vec![
                json!(null), json!({}), json!({"domain": {}, "cases": []}),
                json!({"domain": {"variables": [{"name": "x", "min": 0, "max": 3}]}, "cases": [{"name": "a"}]}),
                json!({"domain": {"variables": [{"name": "x", "min": 0, "max": 3}]}, "cases": [{"name": "a", "when": ")"}]}),
            ]),
            counts in prop::sample::select(vec![json!(null), json!([1]), json!(["a"]), json!({})]),
        ) {
            let e = rebind(with(parity(), |e| { e.claim = claim.clone(); e.candidate = json!({"counts": counts.clone()}); }));
            let rejected = matches!(PartitionCoverage.check(&e, &cx()), Ok(Verdict::Rejected { .. }));
            prop_assert!(rejected);
        }
    }
}
