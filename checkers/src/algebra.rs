//! Replay of magma countermodels: a finite magma in which given identities hold and another fails.
//!
//! Evidence `universal_algebra.countermodel/v1`, format `MAGMA_TABLE_AND_ASSIGNMENT_V1`. Claim
//! `{"holds": [identity, ...], "fails": identity}`; candidate `{"magma": {"size": n, "table":
//! [[...], ...]}, "constants": {"E": e, ...}, "assignment": {"x": a, ...}}`, where `table[a][b]`
//! is `a * b`. Identities are read by the runtime's parser (`*`, lowercase variables, uppercase
//! constants). `constants` interprets exactly the constants of the claim and `assignment` exactly
//! the variables of `fails`, all in `0..n`. Objects admit exactly the fields shown; numbers are
//! non-negative JSON integers.
//!
//! The checker compiles both sides of every identity to postfix programs of its own, evaluates
//! each law of `holds` at every one of the n^k assignments of its k variables (an odometer), and
//! `fails` at the given assignment. It shares no code with the producer's search nor with
//! `FiniteMagma::check_identity`; the runtime's parser and table validation are the shared objects.
//!
//! A claim with a first-order law (`&`, `->`, `forall`, `exists`; read by the runtime's law
//! parser) replays through the checker's own recursive evaluator: every law of `holds` at
//! every assignment of its free variables, each quantifier by trying every element, and
//! `fails` must be false at the given assignment of its free variables.

use std::collections::BTreeSet;
use std::sync::LazyLock;

use jacobian_runtime::objects::law::{Formula, parse_law};
use jacobian_runtime::objects::magma::FiniteMagma;
use jacobian_runtime::objects::term::{Identity, Term, parse_identity};
use jacobian_runtime::{CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Finding, Verdict};
use serde_json::Value;

use crate::evidence::collected::{Findings, Read, array, both, expect, fail, field, natural, object, pointer};

/// Evidence kind of a magma countermodel.
pub const COUNTERMODEL_EVIDENCE: &str = "universal_algebra.countermodel/v1";
const SEMANTICS: &str = "urn:jacobian:semantics:magma-countermodel:v1";
const FORMAT: &str = "MAGMA_TABLE_AND_ASSIGNMENT_V1";

/// Largest magma replayed.
pub const MAX_SIZE: u64 = 8;
/// Most assignments replayed: n^k summed over the laws of `holds`, k the law's variable count.
pub const MAX_ASSIGNMENTS: u64 = 10_000_000;
/// Assignments evaluated between two looks at the deadline.
const POLL_EVERY: u64 = 4096;

static IDENTITY: LazyLock<CheckerIdentity> = LazyLock::new(|| {
    CheckerIdentity::from_source("jacobian.check.magma_countermodel", "1.0.0", include_str!("algebra.rs"))
});

// ---------------------------------------------------------------------------------------------
// Reading evidence.

/// An identity given as text.
fn identity(v: &Value, path: &str) -> Read<Identity> {
    let Some(text) = v.as_str() else {
        return fail(path, "NOT_A_STRING", "expected an identity as text, e.g. `x * y = y * x`");
    };
    parse_identity(text)
        .or_else(|e| fail(path, "PARSE_ERROR", format!("at bytes {}..{}: {}", e.span.start, e.span.end, e.message)))
}

struct Claim {
    holds: Vec<Identity>,
    fails: Identity,
}

fn read_claim(e: &Evidence) -> Read<Claim> {
    let claim = object(&e.claim, "/claim", &["holds", "fails"])?;
    let (texts, fails) = both(field(claim, "/claim", "holds"), field(claim, "/claim", "fails"))?;
    let texts = array(texts, "/claim/holds")?;
    let mut findings = Findings::default();
    let mut holds = Vec::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        match identity(text, &pointer("/claim/holds", i)) {
            Ok(law) => holds.push(law),
            Err(f) => findings.extend(f),
        }
    }
    let (_, fails) = both(findings.or_ok(()), identity(fails, "/claim/fails"))?;
    Ok(Claim { holds, fails })
}

/// A magma of size `n` as its table, row-major: `cells[a * n + b]` is `a * b`.
struct Table {
    n: u32,
    cells: Vec<u32>,
}

/// The magma at `path`: a valid table of size at most [`MAX_SIZE`].
fn magma(v: &Value, path: &str) -> Read<Table> {
    let map = object(v, path, &["size", "table"])?;
    let size_path = pointer(path, "size");
    let table_path = pointer(path, "table");
    let (size, rows) = both(field(map, path, "size"), field(map, path, "table"))?;
    let (size, rows) = both(natural(size, &size_path), array(rows, &table_path))?;
    if size > MAX_SIZE {
        return fail(size_path, "SIZE_ABOVE_BOUND", format!("size {size} exceeds {MAX_SIZE}, the largest replayed"));
    }
    let n = size as u32;
    // An entry beyond u32 saturates, which `FiniteMagma::new` then reports as out of range.
    let entry = |x: &Value| x.as_u64().map(|x| u32::try_from(x).unwrap_or(u32::MAX));
    let mut findings = Findings::default();
    let mut table = Vec::with_capacity(rows.len());
    for (a, row) in rows.iter().enumerate() {
        let row_path = pointer(&table_path, a);
        let Some(row) = row.as_array() else {
            findings.push(Finding::at(row_path, "NOT_AN_ARRAY", "expected a row of the table"));
            continue;
        };
        let mut cells = Vec::with_capacity(row.len());
        for (b, x) in row.iter().enumerate() {
            match entry(x) {
                Some(x) => cells.push(x),
                None => findings.push(Finding::at(pointer(&row_path, b), "NOT_A_NATURAL", "expected an element")),
            }
        }
        table.push(cells);
    }
    if !findings.is_empty() {
        return Err(findings);
    }
    FiniteMagma::new(n, table.clone()).map_err(|diagnostics| {
        let mut findings = Findings::default();
        for d in diagnostics {
            findings.push(Finding::at(format!("{path}{}", d.path.unwrap_or_default()), d.code, d.message));
        }
        findings
    })?;
    // The runtime validated the table; the replay indexes it, so its shape is confirmed here too.
    let square = table.len() == n as usize && table.iter().all(|row| row.len() == n as usize);
    if !square || table.iter().flatten().any(|&x| x >= n) {
        return fail(table_path, "INVALID_TABLE", format!("expected {n} rows of {n} elements of 0..{n}"));
    }
    Ok(Table { n, cells: table.into_iter().flatten().collect() })
}

/// Values for exactly the sorted `names`, each in `0..n`, in the order of `names`. `what` is
/// `constant` or `variable`.
fn interpretation(v: &Value, path: &str, names: &[String], n: u32, what: &str) -> Read<Vec<u32>> {
    let Some(map) = v.as_object() else { return fail(path, "NOT_AN_OBJECT", "expected an object") };
    let mut findings = Findings::default();
    for key in map.keys().filter(|k| names.binary_search(k).is_err()) {
        let message = format!("`{key}` is not a {what} of the claim");
        findings.push(Finding::at(pointer(path, key), format!("UNKNOWN_{}", what.to_uppercase()), message));
    }
    let mut values = Vec::with_capacity(names.len());
    for name in names {
        match map.get(name).map(Value::as_u64) {
            None => {
                let message = format!("the {what} `{name}` needs a value");
                findings.push(Finding::at(path, format!("MISSING_{}", what.to_uppercase()), message));
            }
            Some(None) => findings.push(Finding::at(pointer(path, name), "NOT_A_NATURAL", "expected an element")),
            Some(Some(x)) if x >= u64::from(n) => findings.push(Finding::at(
                pointer(path, name),
                "ELEMENT_OUT_OF_RANGE",
                format!("{x} is not an element of a magma of size {n}"),
            )),
            Some(Some(x)) => values.push(x as u32),
        }
    }
    findings.or_ok(values)
}

// ---------------------------------------------------------------------------------------------
// Evaluation.

/// The variables and the constants of `terms`, each sorted (iteratively: terms may be deep).
fn names<'a>(terms: impl IntoIterator<Item = &'a Term>) -> (Vec<String>, Vec<String>) {
    let (mut vars, mut consts) = (BTreeSet::new(), BTreeSet::new());
    let mut todo: Vec<&Term> = terms.into_iter().collect();
    while let Some(t) = todo.pop() {
        match t {
            Term::Var(x) => {
                vars.insert(x.clone());
            }
            Term::Const(c) => {
                consts.insert(c.clone());
            }
            Term::Op(a, b) => todo.extend([&**a, &**b]),
        }
    }
    (vars.into_iter().collect(), consts.into_iter().collect())
}

/// One step of a postfix program over an environment of elements.
#[derive(Debug, Clone, Copy)]
enum Step {
    /// Push the environment's element at this index.
    Load(usize),
    /// Pop b, pop a, push a * b.
    Apply,
}

/// `t` in postfix, over the environment `vars ++ consts` (both sorted); `None` for a name in neither.
fn compile(t: &Term, vars: &[String], consts: &[String]) -> Option<Vec<Step>> {
    enum Todo<'a> {
        Visit(&'a Term),
        Apply,
    }
    let mut program = Vec::new();
    let mut todo = vec![Todo::Visit(t)];
    while let Some(next) = todo.pop() {
        match next {
            Todo::Apply => program.push(Step::Apply),
            Todo::Visit(Term::Var(x)) => program.push(Step::Load(vars.binary_search(x).ok()?)),
            Todo::Visit(Term::Const(c)) => program.push(Step::Load(vars.len() + consts.binary_search(c).ok()?)),
            Todo::Visit(Term::Op(a, b)) => todo.extend([Todo::Apply, Todo::Visit(b), Todo::Visit(a)]),
        }
    }
    Some(program)
}

/// An identity ready for replay: its variables (sorted) and both sides compiled.
struct Law {
    vars: Vec<String>,
    lhs: Vec<Step>,
    rhs: Vec<Step>,
}

impl Law {
    fn new(id: &Identity, consts: &[String]) -> Option<Law> {
        let (vars, _) = names([&id.lhs, &id.rhs]);
        let lhs = compile(&id.lhs, &vars, consts)?;
        let rhs = compile(&id.rhs, &vars, consts)?;
        Some(Law { vars, lhs, rhs })
    }

    /// Its assignments in a magma of size `n`, saturating.
    fn assignments(&self, n: u32) -> u64 {
        u64::from(n).saturating_pow(u32::try_from(self.vars.len()).unwrap_or(u32::MAX))
    }

    /// `name = value, ...` for the variables at `values`.
    fn describe(&self, values: &[u32]) -> String {
        let pairs: Vec<String> = self.vars.iter().zip(values).map(|(x, v)| format!("{x} = {v}")).collect();
        if pairs.is_empty() { "the empty assignment".into() } else { pairs.join(", ") }
    }
}

/// The outcome of replaying a law.
enum Replay {
    /// Both sides agree at every assignment.
    Holds,
    /// The first assignment (in odometer order) at which the sides differ, and the two values.
    FailsAt(Vec<u32>, u32, u32),
    /// A program did not evaluate (impossible for validated input; never accepted).
    Unevaluable,
}

impl Table {
    /// The value of `program` at `env`; `None` if it is ill-formed or reads outside `env`.
    fn eval(&self, program: &[Step], env: &[u32], stack: &mut Vec<u32>) -> Option<u32> {
        stack.clear();
        for &step in program {
            let x = match step {
                Step::Load(i) => *env.get(i)?,
                Step::Apply => {
                    let (b, a) = (stack.pop()?, stack.pop()?);
                    *self.cells.get(a as usize * self.n as usize + b as usize)?
                }
            };
            stack.push(x);
        }
        match stack.as_slice() {
            [x] => Some(*x),
            _ => None,
        }
    }

    /// Both sides of `law` at `env`.
    fn sides(&self, law: &Law, env: &[u32], stack: &mut Vec<u32>) -> Option<(u32, u32)> {
        Some((self.eval(&law.lhs, env, stack)?, self.eval(&law.rhs, env, stack)?))
    }

    /// Evaluates `law` at every assignment of its variables, the constants fixed at `consts`;
    /// `done` counts assignments across calls, for polling the deadline.
    fn replay(&self, law: &Law, consts: &[u32], done: &mut u64, cx: &CheckContext) -> Result<Replay, CheckError> {
        let k = law.vars.len();
        let mut env = vec![0u32; k];
        env.extend_from_slice(consts);
        let mut stack = Vec::new();
        loop {
            if done.is_multiple_of(POLL_EVERY) && cx.should_stop() {
                return Err(CheckError::Interrupted);
            }
            *done += 1;
            match self.sides(law, &env, &mut stack) {
                None => return Ok(Replay::Unevaluable),
                Some((l, r)) if l != r => return Ok(Replay::FailsAt(env[..k].to_vec(), l, r)),
                Some(_) => {}
            }
            // Odometer: advance the last variable that can advance, reset those after it.
            let Some(i) = env[..k].iter().rposition(|&v| v + 1 < self.n) else { return Ok(Replay::Holds) };
            env[i] += 1;
            env[i + 1..k].fill(0);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The checker.

/// Checks a magma countermodel: every law of `holds` replayed at every assignment of its
/// variables in the candidate's table, and the sides of `fails` compared at the given assignment.
pub struct CountermodelReplay;

/// Everything needed for the replay, read and validated.
struct Replayable {
    holds: Vec<(Identity, Law)>,
    fails: Law,
    table: Table,
    consts: Vec<u32>,
    assignment: Vec<u32>,
}

fn read(e: &Evidence) -> Read<Replayable> {
    expect(e, COUNTERMODEL_EVIDENCE, SEMANTICS, FORMAT, "magma")?;
    let claim = read_claim(e)?;
    let (_, consts) = names(claim.holds.iter().chain([&claim.fails]).flat_map(|id| [&id.lhs, &id.rhs]));
    let (vars, _) = names([&claim.fails.lhs, &claim.fails.rhs]);
    let candidate = object(&e.candidate, "/candidate", &["magma", "constants", "assignment"])?;
    let (magma_v, (consts_v, assignment_v)) = both(
        field(candidate, "/candidate", "magma"),
        both(field(candidate, "/candidate", "constants"), field(candidate, "/candidate", "assignment")),
    )?;
    let table = magma(magma_v, "/candidate/magma")?;
    let (values, assignment) = both(
        interpretation(consts_v, "/candidate/constants", &consts, table.n, "constant"),
        interpretation(assignment_v, "/candidate/assignment", &vars, table.n, "variable"),
    )?;
    let unevaluable = |path: String| Finding::at(path, "UNEVALUABLE", "the identity names an unbound symbol");
    let mut findings = Findings::default();
    let mut holds = Vec::with_capacity(claim.holds.len());
    for (i, id) in claim.holds.into_iter().enumerate() {
        match Law::new(&id, &consts) {
            Some(law) => holds.push((id, law)),
            None => findings.push(unevaluable(pointer("/claim/holds", i))),
        }
    }
    let fails = Law::new(&claim.fails, &consts).ok_or_else(|| Findings::from(unevaluable("/claim/fails".into())));
    let (_, fails) = both(findings.or_ok(()), fails)?;
    let total = holds.iter().map(|(_, law)| law.assignments(table.n)).fold(0u64, u64::saturating_add);
    if total > MAX_ASSIGNMENTS {
        return fail(
            "/claim/holds",
            "SEARCH_ABOVE_BOUND",
            format!(
                "replaying the laws in a magma of size {} takes {total} assignments; the bound is {MAX_ASSIGNMENTS}",
                table.n
            ),
        );
    }
    Ok(Replayable { holds, fails, table, consts: values, assignment })
}

impl Checker for CountermodelReplay {
    fn identity(&self) -> &CheckerIdentity {
        &IDENTITY
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[COUNTERMODEL_EVIDENCE]
    }

    fn check(&self, e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        if has_formulas(e) {
            return check_formulas(e, cx);
        }
        let input = match read(e) {
            Ok(input) => input,
            Err(findings) => return Ok(findings.rejected()),
        };
        let Replayable { holds, fails, table, consts, assignment } = input;
        let mut findings = Findings::default();
        let at = fails.describe(&assignment);
        let mut env = assignment;
        env.extend_from_slice(&consts);
        let separated = table.sides(&fails, &env, &mut Vec::new());
        match separated {
            None => findings.push(Finding::at("/claim/fails", "UNEVALUABLE", "the identity could not be evaluated")),
            Some((l, r)) if l == r => findings.push(Finding::at(
                "/candidate/assignment",
                "NOT_A_COUNTEREXAMPLE",
                format!("at {at} both sides of `fails` are {l}"),
            )),
            Some(_) => {}
        }
        let mut done = 0u64;
        for (i, (id, law)) in holds.iter().enumerate() {
            let path = pointer("/claim/holds", i);
            match table.replay(law, &consts, &mut done, cx)? {
                Replay::Holds => {}
                Replay::FailsAt(values, l, r) => findings.push(Finding::at(
                    path,
                    "LAW_FAILS",
                    format!("`{id}` fails at {}: the sides are {l} and {r}", law.describe(&values)),
                )),
                Replay::Unevaluable => {
                    findings.push(Finding::at(path, "UNEVALUABLE", "the identity could not be evaluated"))
                }
            }
        }
        Ok(findings.verdict(|| {
            let (l, r) = separated.unwrap_or_default();
            format!(
                "in the magma of size {}, {} law(s) hold at all {done} assignments; `fails` gives {l} ≠ {r} at {at}",
                table.n,
                holds.len(),
            )
        }))
    }
}

// ---------------------------------------------------------------------------------------------
// First-order laws.

/// True when a law of the claim is more than one equation: the claim replays as formulas.
fn has_formulas(e: &Evidence) -> bool {
    let holds = e.claim.get("holds").and_then(Value::as_array).into_iter().flatten();
    holds
        .chain(e.claim.get("fails"))
        .filter_map(Value::as_str)
        .any(|t| parse_identity(t).is_err() && parse_law(t).is_ok())
}

fn law(v: &Value, path: &str) -> Read<jacobian_runtime::objects::law::Law> {
    let Some(text) = v.as_str() else {
        return fail(path, "NOT_A_STRING", "expected a law as text, e.g. `x * y = x * z -> y = z`");
    };
    parse_law(text)
        .or_else(|e| fail(path, "PARSE_ERROR", format!("at bytes {}..{}: {}", e.span.start, e.span.end, e.message)))
}

/// The value of `t`: a variable from the innermost binding in `scope`, a constant from `consts`.
fn value(t: &Term, scope: &[(&str, u32)], consts: &[(String, u32)], table: &Table) -> Option<u32> {
    match t {
        Term::Var(x) => scope.iter().rev().find(|(name, _)| name == x).map(|&(_, v)| v),
        Term::Const(c) => consts.iter().find(|(name, _)| name == c).map(|&(_, v)| v),
        Term::Op(a, b) => {
            let (a, b) = (value(a, scope, consts, table)?, value(b, scope, consts, table)?);
            table.cells.get(a as usize * table.n as usize + b as usize).copied()
        }
    }
}

/// The truth of `f` in `table`; `None` when a name is unbound.
fn truth<'a>(f: &'a Formula, scope: &mut Vec<(&'a str, u32)>, consts: &[(String, u32)], table: &Table) -> Option<bool> {
    match f {
        Formula::Eq(a, b) => Some(value(a, scope, consts, table)? == value(b, scope, consts, table)?),
        Formula::And(parts) => {
            for p in parts {
                if !truth(p, scope, consts, table)? {
                    return Some(false);
                }
            }
            Some(true)
        }
        Formula::Implies(a, b) => Some(!truth(a, scope, consts, table)? || truth(b, scope, consts, table)?),
        Formula::Forall(v, body) | Formula::Exists(v, body) => {
            let every = matches!(f, Formula::Forall(..));
            for x in 0..table.n {
                scope.push((v.as_str(), x));
                let t = truth(body, scope, consts, table);
                scope.pop();
                if t? != every {
                    return Some(!every);
                }
            }
            Some(every)
        }
    }
}

fn check_formulas(e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
    let read = || -> Read<_> {
        expect(e, COUNTERMODEL_EVIDENCE, SEMANTICS, FORMAT, "magma")?;
        let claim = object(&e.claim, "/claim", &["holds", "fails"])?;
        let (texts, fails) = both(field(claim, "/claim", "holds"), field(claim, "/claim", "fails"))?;
        let texts = array(texts, "/claim/holds")?;
        let mut findings = Findings::default();
        let mut holds = Vec::with_capacity(texts.len());
        for (i, text) in texts.iter().enumerate() {
            match law(text, &pointer("/claim/holds", i)) {
                Ok(l) => holds.push(l),
                Err(f) => findings.extend(f),
            }
        }
        let (_, fails) = both(findings.or_ok(()), law(fails, "/claim/fails"))?;
        let mut consts: Vec<String> = holds.iter().chain([&fails]).flat_map(|l| l.constants()).collect();
        consts.sort();
        consts.dedup();
        let vars = fails.variables();
        let candidate = object(&e.candidate, "/candidate", &["magma", "constants", "assignment"])?;
        let (magma_v, (consts_v, assignment_v)) = both(
            field(candidate, "/candidate", "magma"),
            both(field(candidate, "/candidate", "constants"), field(candidate, "/candidate", "assignment")),
        )?;
        let table = magma(magma_v, "/candidate/magma")?;
        let (values, assignment) = both(
            interpretation(consts_v, "/candidate/constants", &consts, table.n, "constant"),
            interpretation(assignment_v, "/candidate/assignment", &vars, table.n, "variable"),
        )?;
        let total = holds.iter().chain([&fails]).map(|l| l.instances(table.n)).fold(0u64, u64::saturating_add);
        if total > MAX_ASSIGNMENTS {
            return fail(
                "/claim/holds",
                "SEARCH_ABOVE_BOUND",
                format!(
                    "replaying the laws in a magma of size {} takes {total} evaluations; the bound is \
                         {MAX_ASSIGNMENTS}",
                    table.n
                ),
            );
        }
        let consts: Vec<(String, u32)> = consts.into_iter().zip(values).collect();
        let assignment: Vec<(String, u32)> = vars.into_iter().zip(assignment).collect();
        Ok((holds, fails, table, consts, assignment))
    };
    let (holds, fails, table, consts, assignment) = match read() {
        Ok(input) => input,
        Err(findings) => return Ok(findings.rejected()),
    };
    let describe = |pairs: &[(&str, u32)]| {
        let shown: Vec<String> = pairs.iter().map(|(x, v)| format!("{x} = {v}")).collect();
        if shown.is_empty() { "the empty assignment".to_owned() } else { shown.join(", ") }
    };
    let mut findings = Findings::default();
    let mut scope: Vec<(&str, u32)> = assignment.iter().map(|(x, v)| (x.as_str(), *v)).collect();
    let at = describe(&scope);
    match truth(&fails.formula, &mut scope, &consts, &table) {
        None => findings.push(Finding::at("/claim/fails", "UNEVALUABLE", "the law could not be evaluated")),
        Some(true) => findings.push(Finding::at(
            "/candidate/assignment",
            "NOT_A_COUNTEREXAMPLE",
            format!("`fails` holds at {at}"),
        )),
        Some(false) => {}
    }
    let mut done = 0u64;
    for (i, l) in holds.iter().enumerate() {
        let vars = l.variables();
        let mut values = vec![0u32; vars.len()];
        loop {
            if done.is_multiple_of(POLL_EVERY) && cx.should_stop() {
                return Err(CheckError::Interrupted);
            }
            done += 1;
            let mut scope: Vec<(&str, u32)> = vars.iter().map(String::as_str).zip(values.iter().copied()).collect();
            match truth(&l.formula, &mut scope, &consts, &table) {
                Some(true) => {}
                Some(false) => {
                    findings.push(Finding::at(
                        pointer("/claim/holds", i),
                        "LAW_FAILS",
                        format!("`{l}` fails at {}", describe(&scope)),
                    ));
                    break;
                }
                None => {
                    findings.push(Finding::at(
                        pointer("/claim/holds", i),
                        "UNEVALUABLE",
                        "the law could not be evaluated",
                    ));
                    break;
                }
            }
            let Some(k) = values.iter().rposition(|&v| v + 1 < table.n) else { break };
            values[k] += 1;
            values[k + 1..].fill(0);
        }
    }
    Ok(findings.verdict(|| {
        format!(
            "in the magma of size {}, {} law(s) hold at all {done} assignments of their free variables; `fails` is \
             false at {at}",
            table.n,
            holds.len(),
        )
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::collected::MAX_FINDINGS;
    use jacobian_runtime::artifact::{ArtifactReader, MemoryArtifactStore};
    use jacobian_runtime::{CancellationToken, Digest, Scope};
    use proptest::prelude::*;
    use serde_json::json;
    use std::collections::BTreeMap;
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    fn cx() -> CheckContext {
        CheckContext {
            artifacts: ArtifactReader::new(Arc::new(MemoryArtifactStore::new())),
            cancel: CancellationToken::new(),
            deadline: Instant::now() + Duration::from_secs(60),
        }
    }

    // Laws, each with a brute-force evaluation written directly in Rust, unlike the checker's.

    type Op<'a> = &'a dyn Fn(u32, u32) -> u32;

    /// An identity: its text, its variables (sorted), whether it names the constant `E`, and
    /// its two sides given the operation, `E`'s value and the variables' values.
    struct Law {
        text: &'static str,
        vars: &'static [&'static str],
        uses_e: bool,
        sides: fn(Op, u32, &[u32]) -> (u32, u32),
    }

    const COMMUTATIVE: usize = 0;
    const ASSOCIATIVE: usize = 1;
    const IDEMPOTENT: usize = 2;
    const LEFT_UNIT: usize = 3;
    const RIGHT_UNIT: usize = 4;

    const LAWS: &[Law] = &[
        Law {
            text: "x * y = y * x",
            vars: &["x", "y"],
            uses_e: false,
            sides: |m, _, v| (m(v[0], v[1]), m(v[1], v[0])),
        },
        Law {
            text: "x * (y * z) = (x * y) * z",
            vars: &["x", "y", "z"],
            uses_e: false,
            sides: |m, _, v| (m(v[0], m(v[1], v[2])), m(m(v[0], v[1]), v[2])),
        },
        Law { text: "x * x = x", vars: &["x"], uses_e: false, sides: |m, _, v| (m(v[0], v[0]), v[0]) },
        Law { text: "E * x = x", vars: &["x"], uses_e: true, sides: |m, e, v| (m(e, v[0]), v[0]) },
        Law { text: "x * E = x", vars: &["x"], uses_e: true, sides: |m, e, v| (m(v[0], e), v[0]) },
        Law {
            text: "(x * y) * y = x",
            vars: &["x", "y"],
            uses_e: false,
            sides: |m, _, v| (m(m(v[0], v[1]), v[1]), v[0]),
        },
        Law { text: "x * x = E", vars: &["x"], uses_e: true, sides: |m, e, v| (m(v[0], v[0]), e) },
        Law {
            text: "(x * y) * x = x * (y * x)",
            vars: &["x", "y"],
            uses_e: false,
            sides: |m, _, v| (m(m(v[0], v[1]), v[0]), m(v[0], m(v[1], v[0]))),
        },
        Law {
            text: "y * (x * E) = E * y",
            vars: &["x", "y"],
            uses_e: true,
            sides: |m, e, v| (m(v[1], m(v[0], e)), m(e, v[1])),
        },
    ];

    type Table = Vec<Vec<u32>>;

    /// Every tuple in `0..n` of length `k`, as base-n numerals.
    fn tuples(n: u32, k: usize) -> impl Iterator<Item = Vec<u32>> {
        (0..n.pow(k as u32)).map(move |mut code| {
            (0..k)
                .map(|_| {
                    let digit = code % n;
                    code /= n;
                    digit
                })
                .collect()
        })
    }

    fn sides(law: &Law, t: &Table, e: u32, values: &[u32]) -> (u32, u32) {
        (law.sides)(&|a, b| t[a as usize][b as usize], e, values)
    }

    fn holds_everywhere(law: &Law, t: &Table, e: u32) -> bool {
        tuples(t.len() as u32, law.vars.len()).all(|v| {
            let (l, r) = sides(law, t, e, &v);
            l == r
        })
    }

    fn separates(law: &Law, t: &Table, e: u32, values: &[u32]) -> bool {
        let (l, r) = sides(law, t, e, values);
        l != r
    }

    /// The brute-force verdict: every law of `holds` holds and `fails` differs at `values`.
    fn brute(holds: &[usize], fails: usize, t: &Table, e: u32, values: &[u32]) -> bool {
        holds.iter().all(|&i| holds_everywhere(&LAWS[i], t, e)) && separates(&LAWS[fails], t, e, values)
    }

    fn all_tables(n: u32) -> impl Iterator<Item = Table> {
        tuples(n, (n * n) as usize).map(move |cells| cells.chunks(n as usize).map(<[u32]>::to_vec).collect())
    }

    /// The first countermodel of size `n` (table, `E`, failing assignment), by exhaustive search.
    fn find_countermodel(n: u32, holds: &[usize], fails: usize) -> Option<(Table, u32, Vec<u32>)> {
        let law = &LAWS[fails];
        all_tables(n).find_map(|t| {
            (0..n).find_map(|e| {
                let values = tuples(n, law.vars.len()).find(|v| separates(law, &t, e, v))?;
                brute(holds, fails, &t, e, &values).then(|| (t.clone(), e, values))
            })
        })
    }

    // Evidence.

    fn evidence(claim: Value, candidate: Value) -> Evidence {
        Evidence {
            kind: COUNTERMODEL_EVIDENCE.into(),
            claim,
            semantics: SEMANTICS.into(),
            candidate,
            scope: Scope::exact_input("magmas of size 2..=4 for the given laws", Digest::of_bytes(b"m")),
            certificate_format: FORMAT.into(),
            artifacts: vec![],
        }
    }

    /// The evidence for the laws `holds` and `fails` in the magma `t`, with `E = e` when a law
    /// names it, and `fails`' variables at `values`.
    fn countermodel(holds: &[usize], fails: usize, t: &Table, e: u32, values: &[u32]) -> Evidence {
        let texts: Vec<&str> = holds.iter().map(|&i| LAWS[i].text).collect();
        let uses_e = holds.iter().chain([&fails]).any(|&i| LAWS[i].uses_e);
        let constants: BTreeMap<&str, u32> = if uses_e { [("E", e)].into() } else { BTreeMap::new() };
        let assignment: BTreeMap<&str, u32> = LAWS[fails].vars.iter().copied().zip(values.iter().copied()).collect();
        evidence(
            json!({"holds": texts, "fails": LAWS[fails].text}),
            json!({"magma": {"size": t.len(), "table": t}, "constants": constants, "assignment": assignment}),
        )
    }

    fn verdict(e: &Evidence) -> Verdict {
        CountermodelReplay.check(e, &cx()).expect("no interruption")
    }

    fn accepted(e: &Evidence) -> bool {
        matches!(verdict(e), Verdict::Accepted { .. })
    }

    /// The findings of a rejection; fails the test on any other verdict.
    fn rejection(e: &Evidence) -> Vec<Finding> {
        match verdict(e) {
            Verdict::Rejected { findings } if !findings.is_empty() => findings,
            other => panic!("expected a rejection, got {other:?} for {e:?}"),
        }
    }

    fn codes(e: &Evidence) -> Vec<String> {
        match verdict(e) {
            Verdict::Rejected { findings } => findings.into_iter().map(|f| f.code).collect(),
            _ => vec![],
        }
    }

    /// Each corruption is rejected with (at least) a finding of the expected code at the expected path.
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

    /// A commutative magma of size 2 that is not associative, found by brute force.
    fn commutative_not_associative() -> (Table, Vec<u32>) {
        let (t, _, values) = find_countermodel(2, &[COMMUTATIVE], ASSOCIATIVE).expect("NAND is one");
        (t, values)
    }

    /// First-order laws: on every magma of size 2 and 3 (size 3: every 7th table), for every
    /// assignment of `fails`' free variables, the verdict is exactly brute force by the runtime's
    /// evaluator, so every corruption of an accepted table or assignment is judged exactly.
    #[test]
    fn formula_verdicts_equal_brute_force_and_mutations_are_judged_exactly() {
        use jacobian_runtime::objects::law::parse_law;
        let cases: [(&[&str], &str); 5] = [
            (&["exists e. forall x. e * x = x & x * e = x"], "x * y = y * x"),
            (&["x * y = x * z -> y = z"], "y * x = z * x -> y = z"),
            (&[], "exists e. forall x. e * x = x & x * e = x"),
            (
                &["exists e. (forall x. e * x = x & x * e = x) & forall x. exists y. x * y = e"],
                "x * (y * z) = x * y * z",
            ),
            (&["x * x = x"], "x * y = y * x -> x = y"),
        ];
        let (mut accepted_count, mut rejected_count) = (0, 0);
        for (holds, fails) in cases {
            let laws: Vec<_> = holds.iter().map(|h| parse_law(h).unwrap()).collect();
            let failing = parse_law(fails).unwrap();
            let vars = failing.variables();
            for n in 2..=3u32 {
                let cells = (n * n) as usize;
                let step = if n == 2 { 1 } else { 7 };
                for code in (0..n.pow(cells as u32)).step_by(step) {
                    let rows: Vec<Vec<u32>> =
                        (0..n).map(|a| (0..n).map(|b| code / n.pow(a * n + b) % n).collect()).collect();
                    let op = |a: u32, b: u32| rows[a as usize][b as usize];
                    let none = BTreeMap::new();
                    let holds_all = laws.iter().all(|l| l.holds(&op, n, &none) == Some(true));
                    for at in 0..n.pow(vars.len() as u32) {
                        let assignment: BTreeMap<String, u32> =
                            vars.iter().enumerate().map(|(i, v)| (v.clone(), at / n.pow(i as u32) % n)).collect();
                        let expected = holds_all && failing.holds_at(&op, n, &assignment, &none) == Some(false);
                        let e = evidence(
                            json!({"holds": holds, "fails": fails}),
                            json!({"magma": {"size": n, "table": rows}, "constants": {}, "assignment": assignment}),
                        );
                        assert_eq!(accepted(&e), expected, "{holds:?} / {fails} in {rows:?} at {assignment:?}");
                        if expected {
                            accepted_count += 1;
                        } else {
                            rejected_count += 1;
                        }
                    }
                }
            }
        }
        assert!(accepted_count > 20 && rejected_count > 20, "{accepted_count} accepted, {rejected_count} rejected");
    }

    #[test]
    fn identity_is_versioned_and_bundled() {
        let id = CountermodelReplay.identity();
        assert_eq!((id.id.as_str(), id.version.as_str()), ("jacobian.check.magma_countermodel", "1.0.0"));
        assert!(id.digest.starts_with("sha256:"));
        assert_eq!(CountermodelReplay.evidence_kinds(), [COUNTERMODEL_EVIDENCE]);
        let bundled = crate::bundled();
        assert!(bundled.iter().any(|c| c.identity() == id && c.evidence_kinds() == [COUNTERMODEL_EVIDENCE]));
        let ids: BTreeSet<_> = bundled.iter().map(|c| c.identity().id.clone()).collect();
        assert_eq!(ids.len(), bundled.len(), "checker ids are distinct");
    }

    #[test]
    fn accepts_a_commutative_non_associative_magma() {
        let (t, values) = commutative_not_associative();
        // Brute force confirms what the search promised, independently of it.
        assert!(holds_everywhere(&LAWS[COMMUTATIVE], &t, 0) && !holds_everywhere(&LAWS[ASSOCIATIVE], &t, 0));
        let e = countermodel(&[COMMUTATIVE], ASSOCIATIVE, &t, 0, &values);
        assert!(accepted(&e), "{t:?} {values:?}: {:?}", verdict(&e));
        // The same evidence with the laws written differently (same identities, other spacing).
        let mut spaced = e.clone();
        spaced.claim = json!({"holds": ["x*y=y*x"], "fails": "x*(y*z)=(x*y)*z"});
        assert!(accepted(&spaced), "{:?}", verdict(&spaced));
    }

    #[test]
    fn accepts_countermodels_of_several_shapes() {
        let shapes: [(u32, &[usize], usize); 6] = [
            (2, &[COMMUTATIVE], ASSOCIATIVE),
            (3, &[COMMUTATIVE, IDEMPOTENT], ASSOCIATIVE),
            (3, &[LEFT_UNIT, RIGHT_UNIT], ASSOCIATIVE),
            (2, &[ASSOCIATIVE], COMMUTATIVE),
            (2, &[], 5),
            (3, &[LEFT_UNIT, 6], COMMUTATIVE),
        ];
        for (n, holds, fails) in shapes {
            let (t, e, values) = find_countermodel(n, holds, fails).expect("a countermodel exists");
            let ev = countermodel(holds, fails, &t, e, &values);
            assert!(accepted(&ev), "{n} {holds:?} {fails}: {:?}", verdict(&ev));
        }
        // No magma of size 2 has a two-sided unit, is associative, and has no unit on the left.
        assert!(find_countermodel(2, &[LEFT_UNIT, RIGHT_UNIT, ASSOCIATIVE], COMMUTATIVE).is_none());
    }

    /// Every single-entry change of the table of a countermodel, of `E` and of the assignment:
    /// the checker accepts exactly those that brute force accepts, with the expected codes.
    fn assert_mutations_agree(n: u32, holds: &[usize], fails: usize) {
        let (t, e, values) = find_countermodel(n, holds, fails).expect("a countermodel exists");
        assert!(accepted(&countermodel(holds, fails, &t, e, &values)));
        let mut variants: Vec<(String, Table, u32, Vec<u32>)> = vec![];
        for a in 0..n as usize {
            for b in 0..n as usize {
                for v in (0..n).filter(|&v| v != t[a][b]) {
                    let mut flipped = t.clone();
                    flipped[a][b] = v;
                    variants.push((format!("table[{a}][{b}] = {v}"), flipped, e, values.clone()));
                }
            }
        }
        for other in (0..n).filter(|&other| other != e) {
            variants.push((format!("E = {other}"), t.clone(), other, values.clone()));
        }
        for other in tuples(n, values.len()).filter(|v| *v != values) {
            variants.push((format!("assignment {other:?}"), t.clone(), e, other));
        }
        let uses_e = holds.iter().chain([&fails]).any(|&i| LAWS[i].uses_e);
        let mut rejected = 0;
        for (what, t, e2, values) in variants {
            if e2 != e && !uses_e {
                continue;
            }
            let expected = brute(holds, fails, &t, e2, &values);
            let codes = codes(&countermodel(holds, fails, &t, e2, &values));
            assert_eq!(codes.is_empty(), expected, "{what} in {holds:?} / {fails}: {codes:?}");
            let broken = holds.iter().filter(|&&i| !holds_everywhere(&LAWS[i], &t, e2)).count();
            assert_eq!(codes.iter().filter(|c| *c == "LAW_FAILS").count(), broken, "{what}: {codes:?}");
            let repaired = !separates(&LAWS[fails], &t, e2, &values);
            assert_eq!(codes.iter().any(|c| c == "NOT_A_COUNTEREXAMPLE"), repaired, "{what}: {codes:?}");
            rejected += usize::from(!expected);
        }
        assert!(rejected > 0, "no mutation of {holds:?} / {fails} was rejected; the suite tests nothing");
    }

    #[test]
    fn single_entry_mutations_are_judged_exactly() {
        assert_mutations_agree(2, &[COMMUTATIVE], ASSOCIATIVE);
        assert_mutations_agree(3, &[COMMUTATIVE, IDEMPOTENT], ASSOCIATIVE);
        assert_mutations_agree(3, &[LEFT_UNIT, RIGHT_UNIT], ASSOCIATIVE);
        assert_mutations_agree(3, &[LEFT_UNIT, 6], 7);
        assert_mutations_agree(3, &[8], COMMUTATIVE);
    }

    #[test]
    fn reports_the_failing_assignment() {
        // x * y = x: associative, not commutative.
        let left = vec![vec![0, 0], vec![1, 1]];
        let e = countermodel(&[COMMUTATIVE], ASSOCIATIVE, &left, 0, &[0, 0, 0]);
        let findings = rejection(&e);
        let law = findings.iter().find(|f| f.code == "LAW_FAILS").expect("commutativity fails");
        assert_eq!(law.path.as_deref(), Some("/claim/holds/0"));
        assert!(law.message.contains("x = 0, y = 1"), "{}", law.message);
        let not = findings.iter().find(|f| f.code == "NOT_A_COUNTEREXAMPLE").expect("associativity holds");
        assert_eq!(not.path.as_deref(), Some("/candidate/assignment"));
    }

    #[test]
    fn rejects_wrong_missing_and_extra_names() {
        let (t, values) = commutative_not_associative();
        let good = countermodel(&[COMMUTATIVE], ASSOCIATIVE, &t, 0, &values);
        let (tu, unit_e, vu) =
            find_countermodel(3, &[LEFT_UNIT, RIGHT_UNIT], ASSOCIATIVE).expect("a countermodel exists");
        let unit = countermodel(&[LEFT_UNIT, RIGHT_UNIT], ASSOCIATIVE, &tu, unit_e, &vu);
        assert!(accepted(&unit));
        let wrong = tuples(2, 3).find(|v| !separates(&LAWS[ASSOCIATIVE], &t, 0, v)).expect("some triple associates");
        let cases = vec![
            (
                "wrong assignment",
                countermodel(&[COMMUTATIVE], ASSOCIATIVE, &t, 0, &wrong),
                "NOT_A_COUNTEREXAMPLE",
                "/candidate/assignment",
            ),
            (
                "missing variable",
                with(good.clone(), |e| _ = e.candidate["assignment"].as_object_mut().map(|m| m.remove("z"))),
                "MISSING_VARIABLE",
                "/candidate/assignment",
            ),
            (
                "extra variable",
                with(good.clone(), |e| e.candidate["assignment"]["w"] = json!(0)),
                "UNKNOWN_VARIABLE",
                "/candidate/assignment/w",
            ),
            (
                "a constant as a variable",
                with(good.clone(), |e| e.candidate["assignment"]["E"] = json!(0)),
                "UNKNOWN_VARIABLE",
                "/candidate/assignment/E",
            ),
            (
                "variable out of range",
                with(good.clone(), |e| e.candidate["assignment"]["y"] = json!(2)),
                "ELEMENT_OUT_OF_RANGE",
                "/candidate/assignment/y",
            ),
            (
                "variable a string",
                with(good.clone(), |e| e.candidate["assignment"]["y"] = json!("1")),
                "NOT_A_NATURAL",
                "/candidate/assignment/y",
            ),
            (
                "variable negative",
                with(good.clone(), |e| e.candidate["assignment"]["y"] = json!(-1)),
                "NOT_A_NATURAL",
                "/candidate/assignment/y",
            ),
            (
                "extra constant",
                with(good.clone(), |e| e.candidate["constants"]["E"] = json!(0)),
                "UNKNOWN_CONSTANT",
                "/candidate/constants/E",
            ),
            (
                "missing constant",
                with(unit.clone(), |e| e.candidate["constants"] = json!({})),
                "MISSING_CONSTANT",
                "/candidate/constants",
            ),
            (
                "misnamed constant",
                with(unit.clone(), |e| e.candidate["constants"] = json!({"F": unit_e})),
                "UNKNOWN_CONSTANT",
                "/candidate/constants/F",
            ),
            (
                "constant out of range",
                with(unit.clone(), |e| e.candidate["constants"]["E"] = json!(3)),
                "ELEMENT_OUT_OF_RANGE",
                "/candidate/constants/E",
            ),
            (
                "constant huge",
                with(unit.clone(), |e| e.candidate["constants"]["E"] = json!(u64::MAX)),
                "ELEMENT_OUT_OF_RANGE",
                "/candidate/constants/E",
            ),
            (
                "constant a float",
                with(unit.clone(), |e| e.candidate["constants"]["E"] = json!(1.0)),
                "NOT_A_NATURAL",
                "/candidate/constants/E",
            ),
            (
                "a variable as a constant",
                with(unit.clone(), |e| e.candidate["constants"]["x"] = json!(0)),
                "UNKNOWN_CONSTANT",
                "/candidate/constants/x",
            ),
            (
                "a constant only in fails, not interpreted",
                with(good.clone(), |e| e.claim["fails"] = json!("x * E = x")),
                "MISSING_CONSTANT",
                "/candidate/constants",
            ),
        ];
        assert_rejections(cases);
    }

    #[test]
    fn rejects_malformed_identities_with_a_path() {
        let (t, values) = commutative_not_associative();
        let good = countermodel(&[COMMUTATIVE], ASSOCIATIVE, &t, 0, &values);
        let mut cases = vec![];
        for bad in ["x * = y", "x * y", "", "x * y = y * x = x", "(x * y = x", "x + y = y", "x * y = ", "= x"] {
            cases.push((bad, with(good.clone(), |e| e.claim["holds"] = json!([bad])), "PARSE_ERROR", "/claim/holds/0"));
            cases.push((bad, with(good.clone(), |e| e.claim["fails"] = json!(bad)), "PARSE_ERROR", "/claim/fails"));
        }
        cases.push((
            "second law",
            with(good.clone(), |e| e.claim["holds"] = json!(["x * y = y * x", "x *"])),
            "PARSE_ERROR",
            "/claim/holds/1",
        ));
        cases.push((
            "a number",
            with(good.clone(), |e| e.claim["holds"] = json!([3])),
            "NOT_A_STRING",
            "/claim/holds/0",
        ));
        cases.push((
            "fails null",
            with(good.clone(), |e| e.claim["fails"] = Value::Null),
            "NOT_A_STRING",
            "/claim/fails",
        ));
        assert_rejections(cases);
        // The message locates the error in the text.
        let e = with(good.clone(), |e| e.claim["fails"] = json!("x * (y * z) = x * * z"));
        let finding = rejection(&e).into_iter().find(|f| f.code == "PARSE_ERROR").expect("a parse error");
        assert!(finding.message.starts_with("at bytes "), "{}", finding.message);
        // Every malformed law is reported, not only the first.
        let e = with(good, |e| e.claim["holds"] = json!(["x *", "x * y = y * x", ")"]));
        let paths: Vec<_> = rejection(&e).into_iter().filter_map(|f| f.path).collect();
        assert_eq!(paths, ["/claim/holds/0", "/claim/holds/2"]);
    }

    #[test]
    fn rejects_malformed_json() {
        let (t, values) = commutative_not_associative();
        let good = countermodel(&[COMMUTATIVE], ASSOCIATIVE, &t, 0, &values);
        let n1 = t[1][1];
        let cases = vec![
            (
                "size a string",
                with(good.clone(), |e| e.candidate["magma"]["size"] = json!("2")),
                "NOT_A_NATURAL",
                "/candidate/magma/size",
            ),
            (
                "size a float",
                with(good.clone(), |e| e.candidate["magma"]["size"] = json!(2.0)),
                "NOT_A_NATURAL",
                "/candidate/magma/size",
            ),
            (
                "entry a string",
                with(good.clone(), |e| e.candidate["magma"]["table"][1][1] = json!(n1.to_string())),
                "NOT_A_NATURAL",
                "/candidate/magma/table/1/1",
            ),
            (
                "entry negative",
                with(good.clone(), |e| e.candidate["magma"]["table"][0][1] = json!(-1)),
                "NOT_A_NATURAL",
                "/candidate/magma/table/0/1",
            ),
            (
                "row not an array",
                with(good.clone(), |e| e.candidate["magma"]["table"][1] = json!(1)),
                "NOT_AN_ARRAY",
                "/candidate/magma/table/1",
            ),
            (
                "table not an array",
                with(good.clone(), |e| e.candidate["magma"]["table"] = json!({})),
                "NOT_AN_ARRAY",
                "/candidate/magma/table",
            ),
            (
                "missing size",
                with(good.clone(), |e| e.candidate["magma"] = json!({"table": t})),
                "MISSING_FIELD",
                "/candidate/magma/size",
            ),
            (
                "missing table",
                with(good.clone(), |e| e.candidate["magma"] = json!({"size": 2})),
                "MISSING_FIELD",
                "/candidate/magma/table",
            ),
            (
                "extra magma field",
                with(good.clone(), |e| e.candidate["magma"]["identity"] = json!(0)),
                "UNKNOWN_FIELD",
                "/candidate/magma/identity",
            ),
            (
                "magma not an object",
                with(good.clone(), |e| e.candidate["magma"] = json!([[0]])),
                "NOT_AN_OBJECT",
                "/candidate/magma",
            ),
            (
                "missing magma",
                with(good.clone(), |e| _ = e.candidate.as_object_mut().map(|m| m.remove("magma"))),
                "MISSING_FIELD",
                "/candidate/magma",
            ),
            (
                "missing constants",
                with(good.clone(), |e| _ = e.candidate.as_object_mut().map(|m| m.remove("constants"))),
                "MISSING_FIELD",
                "/candidate/constants",
            ),
            (
                "missing assignment",
                with(good.clone(), |e| _ = e.candidate.as_object_mut().map(|m| m.remove("assignment"))),
                "MISSING_FIELD",
                "/candidate/assignment",
            ),
            (
                "extra candidate field",
                with(good.clone(), |e| e.candidate["model"] = json!(1)),
                "UNKNOWN_FIELD",
                "/candidate/model",
            ),
            (
                "constants an array",
                with(good.clone(), |e| e.candidate["constants"] = json!([])),
                "NOT_AN_OBJECT",
                "/candidate/constants",
            ),
            (
                "assignment null",
                with(good.clone(), |e| e.candidate["assignment"] = Value::Null),
                "NOT_AN_OBJECT",
                "/candidate/assignment",
            ),
            ("candidate a string", with(good.clone(), |e| e.candidate = json!("model")), "NOT_AN_OBJECT", "/candidate"),
            ("extra claim field", with(good.clone(), |e| e.claim["size"] = json!(2)), "UNKNOWN_FIELD", "/claim/size"),
            (
                "escaped field name",
                with(good.clone(), |e| e.claim["a/b~c"] = json!(2)),
                "UNKNOWN_FIELD",
                "/claim/a~1b~0c",
            ),
            (
                "missing holds",
                with(good.clone(), |e| _ = e.claim.as_object_mut().map(|m| m.remove("holds"))),
                "MISSING_FIELD",
                "/claim/holds",
            ),
            (
                "missing fails",
                with(good.clone(), |e| _ = e.claim.as_object_mut().map(|m| m.remove("fails"))),
                "MISSING_FIELD",
                "/claim/fails",
            ),
            (
                "holds a string",
                with(good.clone(), |e| e.claim["holds"] = json!("x * y = y * x")),
                "NOT_AN_ARRAY",
                "/claim/holds",
            ),
            ("claim an array", with(good.clone(), |e| e.claim = json!([])), "NOT_AN_OBJECT", "/claim"),
            ("entry out of range", with(good.clone(), |e| e.candidate["magma"]["table"][0][1] = json!(2)), "", ""),
            (
                "kind",
                with(good.clone(), |e| e.kind = "graph.hamiltonian_cycle/v1".into()),
                "UNSUPPORTED_EVIDENCE",
                "/kind",
            ),
            (
                "semantics",
                with(good.clone(), |e| e.semantics = "urn:other".into()),
                "UNSUPPORTED_EVIDENCE",
                "/semantics",
            ),
            (
                "format",
                with(good.clone(), |e| e.certificate_format = "VERTEX_ORDER_V1".into()),
                "UNSUPPORTED_EVIDENCE",
                "/certificate_format",
            ),
            (
                "universal scope",
                with(good.clone(), |e| e.scope.universal = true),
                "UNIVERSAL_SCOPE",
                "/scope/universal",
            ),
        ];
        // Table-shape errors are the runtime's to name; they must point into the magma.
        let (shape, rest): (Vec<_>, Vec<_>) = cases.into_iter().partition(|(_, _, code, _)| code.is_empty());
        assert_rejections(rest);
        let mut shapes: Vec<Evidence> = shape.into_iter().map(|(_, e, _, _)| e).collect();
        shapes.extend([
            with(good.clone(), |e| e.candidate["magma"]["table"][0][1] = json!(1u64 << 40)),
            with(good.clone(), |e| e.candidate["magma"]["table"] = json!([[0, 0]])),
            with(good.clone(), |e| e.candidate["magma"]["table"] = json!([[0, 0], [0]])),
            with(good.clone(), |e| e.candidate["magma"]["table"] = json!([[0, 0], [0, 0, 0]])),
            with(good.clone(), |e| e.candidate["magma"]["table"] = json!([[0, 0], [0, 0], [0, 0]])),
            with(good.clone(), |e| e.candidate["magma"]["size"] = json!(3)),
            with(good.clone(), |e| e.candidate["magma"] = json!({"size": 0, "table": []})),
        ]);
        for e in shapes {
            let findings = rejection(&e);
            assert!(
                findings.iter().any(|f| f.path.as_deref().is_some_and(|p| p.starts_with("/candidate/magma"))),
                "{findings:?}"
            );
        }
    }

    #[test]
    fn bounds_are_enforced() {
        let zero = |n: usize| vec![vec![0u32; n]; n];
        let ev = |n: usize, holds: Value, fails: &str, assignment: Value| {
            evidence(
                json!({"holds": holds, "fails": fails}),
                json!({"magma": {"size": n, "table": zero(n)}, "constants": {}, "assignment": assignment}),
            )
        };
        // The constant-zero magma: every law with a product on both sides holds.
        let eight = "a * (b * (c * (d * (e * (f * (g * h)))))) = h * (g * (f * (e * (d * (c * (b * a))))))";
        let seven = "a * (b * (c * (d * (e * (f * g))))) = g * (f * (e * (d * (c * (b * a)))))";
        let fails = "x * y = x";
        let assignment = json!({"x": 1, "y": 0});
        assert!(accepted(&ev(8, json!([seven]), fails, assignment.clone())), "8^7 assignments are replayed");
        assert_rejections(vec![
            ("8^8 assignments", ev(8, json!([eight]), fails, assignment.clone()), "SEARCH_ABOVE_BOUND", "/claim/holds"),
            (
                "5 · 8^7 assignments",
                ev(8, json!([seven, seven, seven, seven, seven]), fails, assignment.clone()),
                "SEARCH_ABOVE_BOUND",
                "/claim/holds",
            ),
            ("size 9", ev(9, json!([]), fails, assignment), "SIZE_ABOVE_BOUND", "/candidate/magma/size"),
        ]);
    }

    #[test]
    fn stops_when_told() {
        let (t, values) = commutative_not_associative();
        let e = countermodel(&[COMMUTATIVE], ASSOCIATIVE, &t, 0, &values);
        let late = CheckContext { deadline: Instant::now() - Duration::from_millis(1), ..cx() };
        assert!(matches!(CountermodelReplay.check(&e, &late), Err(CheckError::Interrupted)));
        let cancelled = cx();
        cancelled.cancel.cancel();
        assert!(matches!(CountermodelReplay.check(&e, &cancelled), Err(CheckError::Interrupted)));
    }

    #[test]
    fn findings_are_bounded() {
        // x * y = x in size 2 breaks every one of 40 commutativity laws.
        let left = vec![vec![0, 0], vec![1, 1]];
        let mut e = countermodel(&[COMMUTATIVE], ASSOCIATIVE, &left, 0, &[0, 0, 0]);
        e.claim["holds"] = json!(vec!["x * y = y * x"; 40]);
        e.claim["fails"] = json!("x * y = y");
        e.candidate["assignment"] = json!({"x": 0, "y": 1});
        let findings = rejection(&e);
        assert_eq!(findings.len(), MAX_FINDINGS + 1);
        assert_eq!(findings[MAX_FINDINGS].code, "MORE_FINDINGS");
    }

    fn any_json() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            (-2i64..10).prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            (0.0f64..10.0).prop_map(Value::from),
            prop::sample::select(vec!["x", "E", "x * y = y * x", "x * (y = z", "", "x * E = x"]).prop_map(Value::from),
        ];
        let keys = prop::sample::select(vec![
            "holds",
            "fails",
            "magma",
            "size",
            "table",
            "constants",
            "assignment",
            "x",
            "y",
            "z",
            "E",
            "a/~b",
        ]);
        leaf.prop_recursive(4, 48, 5, move |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..5).prop_map(Value::from),
                prop::collection::btree_map(keys.clone().prop_map(String::from), inner, 0..4)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    /// A random magma of size 2 or 3.
    fn random_table() -> impl Strategy<Value = Table> {
        (2u32..=3).prop_flat_map(|n| prop::collection::vec(prop::collection::vec(0..n, n as usize), n as usize))
    }

    proptest! {
        #[test]
        fn verdict_equals_brute_force(
            t in random_table(),
            holds in prop::collection::btree_set(0..LAWS.len(), 0..=3),
            fails in 0..LAWS.len(),
            e in 0u32..3,
            values in prop::collection::vec(0u32..3, 3),
        ) {
            let n = t.len() as u32;
            let holds: Vec<usize> = holds.into_iter().collect();
            let e = e % n;
            let law = &LAWS[fails];
            let random: Vec<u32> = values[..law.vars.len()].iter().map(|v| v % n).collect();
            let mut assignments = vec![random];
            // A separating assignment too, when there is one, so that acceptances are exercised.
            assignments.extend(tuples(n, law.vars.len()).find(|v| separates(law, &t, e, v)));
            for values in assignments {
                let expected = brute(&holds, fails, &t, e, &values);
                let ev = countermodel(&holds, fails, &t, e, &values);
                let why = format!("{t:?} {holds:?} {fails} E = {e} at {values:?}: {:?}", verdict(&ev));
                prop_assert_eq!(accepted(&ev), expected, "{}", why);
            }
        }

        #[test]
        fn malformed_evidence_never_panics(claim in any_json(), candidate in any_json()) {
            let (t, values) = commutative_not_associative();
            let good = countermodel(&[COMMUTATIVE], ASSOCIATIVE, &t, 0, &values);
            for e in [
                with(good.clone(), |e| e.claim = claim.clone()),
                with(good.clone(), |e| e.candidate = candidate.clone()),
            ] {
                prop_assert!(CountermodelReplay.check(&e, &cx()).is_ok());
            }
        }
    }
}
