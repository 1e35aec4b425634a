//! Replay of SAT results: LRAT refutations of unsatisfiable CNFs and models of satisfiable ones.
//!
//! # The CNF
//!
//! Both checkers read the formula with their own strict DIMACS reader, [`parse_dimacs`]. Lines
//! whose first non-blank character is `c` are comments; exactly one header `p cnf V C` comes
//! before any clause; a clause is a sequence of whitespace-separated nonzero literals ended by
//! `0` and may span lines; every literal `l` satisfies `1 ≤ |l| ≤ V`; there are exactly `C`
//! clauses and nothing after the last one but whitespace and comments. An empty clause (a lone
//! `0`) is allowed. `V` must fit an `i32` so that every literal does.
//!
//! # LRAT refutations (`sat.unsat_proof/v1`, format `LRAT_TEXT_V1`)
//!
//! Claim `{"cnf": uri, "variables": V, "clauses": C}`, candidate `{"proof": uri, "format":
//! "LRAT_TEXT_V1"}`; both URIs must be listed in the evidence's artifacts, and the CNF's header
//! must declare exactly the claimed `V` and `C`. The proof is text LRAT (Cruz-Filipe, Heule,
//! Hunt, Kaufmann, Schneider-Kamp 2017), one step per line (blank lines and lines starting with
//! `c` are skipped):
//!
//! * `id l1 … lk 0 h1 … hm 0` adds clause `{l1, …, lk}` under the number `id`;
//! * `n d i1 … ij 0` deletes clauses `i1 … ij` (the leading number `n` is read and ignored).
//!
//! Input clauses are numbered `1..=C` in file order. [`check_lrat`] keeps the live clauses in a
//! map from number to literals and replays every step:
//!
//! * an added number must exceed every number seen so far (inputs and additions), so it is
//!   never in use;
//! * every literal must name a variable of the CNF (`UNKNOWN_VARIABLE`: extension variables are
//!   not supported, so a RAT step's pivot is always an existing variable);
//! * the added clause `L` is checked against the hints by unit propagation on an assignment
//!   starting from the negation of `L` (a tautological `L` is accepted at once). Each positive
//!   hint names a live clause that must be *unit* under the current assignment (all literals
//!   false but exactly one unassigned, which is then made true) or *falsified* (all literals
//!   false: a conflict, and the step is proved). A satisfied hint, a hint with two unassigned
//!   literals, or hints that end without a conflict reject the step. This is reverse unit
//!   propagation: every assignment made follows from the hint clauses and `¬L`, so a conflict
//!   shows that the live clauses imply `L`;
//! * if the positive hints before the first negative one reach no conflict, the step is a RAT
//!   step on the pivot `p`, the first literal of `L`. The rest of the hints is a sequence of
//!   groups `-D u1 … uk`. Every live clause `D` containing `¬p` must be named by exactly one
//!   group, and every named `D` must be live and contain `¬p`. For each group, starting from
//!   the assignment reached by the initial hints, every literal of `D \ {¬p}` is made false (if
//!   one of them is already true the resolvent is implied at once) and the units `u1 … uk` must
//!   then reach a conflict as above (with no negative hints at all, the step is accepted only
//!   when no live clause contains `¬p`). This proves that every resolvent of `L` with a clause on
//!   `¬p` is implied by the live clauses, so `L` has the RAT property: adding it preserves
//!   satisfiability (any model of the live clauses falsifying `L` stays a model once `p` is
//!   flipped). Finding the clauses on `¬p` scans the live clauses, so a RAT step costs time
//!   linear in the database; unit steps cost time linear in their hints;
//! * a deleted number must be live; it is then no longer usable as a hint.
//!
//! Every step either adds a clause implied by, or satisfiability-preserving for, the live
//! clauses, or removes clauses; so if the empty clause is added, the CNF is unsatisfiable. The
//! proof is accepted exactly when a step adding the empty clause is verified (what follows it is
//! not read), or when the CNF itself contains an empty clause (then no proof is needed). A proof
//! that ends first is rejected as `NO_EMPTY_CLAUSE`. Every rejection names the proof line and a
//! code. The assignment is an array indexed by variable, undone through a trail after each
//! step; all numbers are parsed with overflow checks.
//!
//! Limits: a proof over [`MAX_PROOF_BYTES`] or a CNF with more than [`MAX_CNF_LITERALS`]
//! literals or [`MAX_CNF_VARIABLES`] variables is not replayed (the verdict is inconclusive).
//!
//! # Models (`sat.model/v1`, format `DIMACS_MODEL_V1`)
//!
//! Claim as above; candidate `{"model": [l1, …, lV]}` with exactly one literal per variable in
//! variable order (entry `i` is `i + 1` or `-(i + 1)`). The model is accepted exactly when every
//! clause has a literal the model makes true; up to ten unsatisfied clauses are reported.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use jacobian_runtime::{CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Finding, Verdict};
use serde_json::Value;

use crate::evidence::{Read, artifact_bytes, fail, header, natural, object, string};

/// Evidence kind of an LRAT refutation.
pub const UNSAT_EVIDENCE: &str = "sat.unsat_proof/v1";
/// Evidence kind of a model.
pub const MODEL_EVIDENCE: &str = "sat.model/v1";
const UNSAT_SEMANTICS: &str = "urn:jacobian:semantics:cnf-unsatisfiable:v1";
const MODEL_SEMANTICS: &str = "urn:jacobian:semantics:cnf-satisfiable:v1";
const LRAT_FORMAT: &str = "LRAT_TEXT_V1";
const MODEL_FORMAT: &str = "DIMACS_MODEL_V1";
/// Largest proof replayed, in bytes (1 GiB).
pub const MAX_PROOF_BYTES: usize = 1 << 30;
/// Most literals a CNF may have to be checked (2^28).
pub const MAX_CNF_LITERALS: usize = 1 << 28;
/// Most variables a CNF may declare to be checked (2^28).
pub const MAX_CNF_VARIABLES: u32 = 1 << 28;
/// Proof lines replayed between two looks at the stop signal.
const STOP_EVERY: usize = 4096;
/// Most findings reported about clauses or model entries.
const MAX_FINDINGS: usize = 10;

static LRAT_IDENTITY: LazyLock<CheckerIdentity> =
    LazyLock::new(|| CheckerIdentity::from_source("jacobian.check.lrat", "1.0.0", include_str!("sat.rs")));
static MODEL_IDENTITY: LazyLock<CheckerIdentity> =
    LazyLock::new(|| CheckerIdentity::from_source("jacobian.check.sat_model", "1.0.0", include_str!("sat.rs")));

// ---------------------------------------------------------------------------------------------
// DIMACS
// ---------------------------------------------------------------------------------------------

/// A CNF formula: `variables` and clauses of nonzero literals `l` with `|l| ≤ variables`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cnf {
    /// Number of variables declared by the header.
    pub variables: u32,
    /// The clauses in file order.
    pub clauses: Vec<Vec<i32>>,
}

enum DimacsError {
    Malformed(String),
    TooLarge,
}

/// Reads a DIMACS CNF strictly (see the module documentation); the error says what is wrong and
/// on which line.
pub fn parse_dimacs(bytes: &[u8]) -> Result<Cnf, String> {
    read_dimacs(bytes, usize::MAX).map_err(|e| match e {
        DimacsError::Malformed(m) => m,
        DimacsError::TooLarge => "too many literals".into(),
    })
}

/// The whitespace-separated words of a line.
fn words(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(u8::is_ascii_whitespace).filter(|w| !w.is_empty())
}

/// A decimal integer: an optional `-` and 1 to 19 digits, without overflow.
fn integer(word: &[u8]) -> Option<i64> {
    let (negative, digits) = match word.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, word),
    };
    if digits.is_empty() || digits.len() > 19 {
        return None;
    }
    let mut n: i64 = 0;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        n = n.checked_mul(10)?.checked_add(i64::from(d - b'0'))?;
    }
    Some(if negative { -n } else { n })
}

/// A word for a message, shortened.
fn shown(word: &[u8]) -> String {
    String::from_utf8_lossy(word).chars().take(24).collect()
}

/// The numbers of a `p cnf V C` header (the `p` already read).
fn dimacs_header<'a>(mut rest: impl Iterator<Item = &'a [u8]>) -> Option<(u32, usize)> {
    if rest.next()? != b"cnf" {
        return None;
    }
    let variables = u32::try_from(integer(rest.next()?)?).ok().filter(|&v| i32::try_from(v).is_ok())?;
    let clauses = usize::try_from(integer(rest.next()?)?).ok()?;
    rest.next().is_none().then_some((variables, clauses))
}

fn read_dimacs(bytes: &[u8], max_literals: usize) -> Result<Cnf, DimacsError> {
    let bad = |line: usize, message: String| DimacsError::Malformed(format!("line {line}: {message}"));
    let mut declared: Option<(u32, usize)> = None;
    let mut clauses: Vec<Vec<i32>> = Vec::new();
    let mut current = Vec::new();
    let mut literals = 0usize;
    for (index, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let number = index + 1;
        let mut ws = words(line).peekable();
        let Some(&first) = ws.peek() else { continue };
        if first.first() == Some(&b'c') {
            continue;
        }
        if first == b"p" {
            ws.next();
            if declared.is_some() {
                return Err(bad(number, "a second `p` header".into()));
            }
            let Some(h) = dimacs_header(ws) else {
                return Err(bad(number, "expected the header `p cnf <variables> <clauses>`".into()));
            };
            clauses.reserve(h.1.min(1 << 16));
            declared = Some(h);
            continue;
        }
        let Some((variables, count)) = declared else {
            return Err(bad(number, "a clause before the `p cnf` header".into()));
        };
        for w in ws {
            let Some(n) = integer(w) else { return Err(bad(number, format!("`{}` is not a literal", shown(w)))) };
            if clauses.len() == count {
                return Err(bad(number, format!("`{}` after the last of the {count} declared clauses", shown(w))));
            }
            if n == 0 {
                clauses.push(std::mem::take(&mut current));
                continue;
            }
            let Some(lit) = i32::try_from(n).ok().filter(|l| l.unsigned_abs() <= variables) else {
                return Err(bad(number, format!("literal {n} is outside the {variables} declared variables")));
            };
            literals = literals.saturating_add(1);
            if literals > max_literals {
                return Err(DimacsError::TooLarge);
            }
            current.push(lit);
        }
    }
    let Some((variables, count)) = declared else {
        return Err(DimacsError::Malformed("no `p cnf` header".into()));
    };
    if !current.is_empty() {
        return Err(DimacsError::Malformed("the last clause is not ended by 0".into()));
    }
    if clauses.len() != count {
        return Err(DimacsError::Malformed(format!(
            "the header declares {count} clauses but the file has {}",
            clauses.len()
        )));
    }
    Ok(Cnf { variables, clauses })
}

// ---------------------------------------------------------------------------------------------
// LRAT replay
// ---------------------------------------------------------------------------------------------

/// Why a proof was rejected: the 1-based proof line, a code and an explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LratDefect {
    /// The proof line (for `NO_EMPTY_CLAUSE`, the last line; 0 for a defect of the CNF itself).
    pub line: usize,
    /// A SCREAMING_SNAKE code such as `HINT_NOT_UNIT`.
    pub code: &'static str,
    /// What is wrong.
    pub message: String,
}

/// A replay that did not accept the proof.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LratError {
    /// `stop` returned true before a verdict.
    Interrupted,
    /// The proof is wrong.
    Rejected(LratDefect),
}

/// Where the empty clause came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refutation {
    /// The CNF contains an empty clause (1-based clause index); no proof step was needed.
    InputEmptyClause {
        /// Its index in the CNF, from 1.
        clause: usize,
    },
    /// A verified proof step on this 1-based line added the empty clause.
    Derived {
        /// Its proof line.
        line: usize,
    },
}

/// An accepted replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LratOutcome {
    /// Added clauses checked (including the empty clause).
    pub added: u64,
    /// Clauses deleted.
    pub deleted: u64,
    /// How the empty clause was obtained.
    pub refutation: Refutation,
}

/// A defect before its line is known.
struct Defect {
    code: &'static str,
    message: String,
}

fn defect(code: &'static str, message: impl Into<String>) -> Defect {
    Defect { code, message: message.into() }
}

fn var_index(lit: i32) -> usize {
    lit.unsigned_abs() as usize
}

/// A partial assignment: `1` true, `-1` false, `0` unassigned, per variable; a trail of the
/// variables assigned, to undo them.
struct Assignment {
    values: Vec<i8>,
    trail: Vec<usize>,
}

impl Assignment {
    fn value(&self, lit: i32) -> i8 {
        let v = self.values.get(var_index(lit)).copied().unwrap_or(0);
        if lit < 0 { -v } else { v }
    }

    /// Makes `lit` true; false (and nothing changes) when it is already false.
    fn make_true(&mut self, lit: i32) -> bool {
        match self.value(lit) {
            1 => true,
            -1 => false,
            _ => {
                let i = var_index(lit);
                if let Some(slot) = self.values.get_mut(i) {
                    *slot = if lit < 0 { -1 } else { 1 };
                    self.trail.push(i);
                }
                true
            }
        }
    }

    /// Unassigns every variable assigned after the trail had length `mark`.
    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            if let Some(slot) = self.trail.pop().and_then(|i| self.values.get_mut(i)) {
                *slot = 0;
            }
        }
    }
}

/// The live clauses by number, and the numbers deleted (for precise messages).
struct Database {
    clauses: HashMap<u64, Box<[i32]>>,
    deleted: HashSet<u64>,
}

impl Database {
    fn get(&self, id: u64) -> Result<&[i32], Defect> {
        match self.clauses.get(&id) {
            Some(c) => Ok(c),
            None if self.deleted.contains(&id) => Err(defect("DELETED_HINT", format!("clause {id} was deleted"))),
            None => Err(defect("UNKNOWN_HINT", format!("there is no clause {id}"))),
        }
    }
}

/// What a hint clause does under an assignment.
enum Hint {
    Unit(i32),
    Conflict,
}

fn evaluate(a: &Assignment, id: u64, clause: &[i32]) -> Result<Hint, Defect> {
    let mut unit = None;
    for &lit in clause {
        match a.value(lit) {
            1 => return Err(defect("HINT_SATISFIED", format!("hint {id} is satisfied, neither unit nor falsified"))),
            -1 => {}
            _ => match unit {
                None => unit = Some(lit),
                Some(u) if u == lit => {}
                Some(_) => return Err(defect("HINT_NOT_UNIT", format!("hint {id} has two unassigned literals"))),
            },
        }
    }
    Ok(unit.map_or(Hint::Conflict, Hint::Unit))
}

/// Propagates the (positive) hints in order: true once one is falsified, false when none is.
fn propagate(db: &Database, a: &mut Assignment, hints: &[i64]) -> Result<bool, Defect> {
    for &h in hints {
        let id = h.unsigned_abs();
        match evaluate(a, id, db.get(id)?)? {
            Hint::Conflict => return Ok(true),
            Hint::Unit(lit) => {
                a.make_true(lit);
            }
        }
    }
    Ok(false)
}

/// The RAT groups `-D u1 … uk` of a hint list starting with a negative hint.
fn rat_groups(rat: &[i64]) -> Vec<(u64, &[i64])> {
    let mut groups = Vec::new();
    let mut rest = rat;
    while let Some((&head, tail)) = rest.split_first() {
        let end = tail.iter().position(|&h| h < 0).unwrap_or(tail.len());
        let (units, next) = tail.split_at(end);
        groups.push((head.unsigned_abs(), units));
        rest = next;
    }
    groups
}

/// The replay state.
struct Replay {
    db: Database,
    assignment: Assignment,
    variables: u32,
    last_id: u64,
    added: u64,
    deleted: u64,
}

impl Replay {
    fn new(cnf: &Cnf) -> Result<Replay, Defect> {
        if i32::try_from(cnf.variables).is_err() {
            return Err(defect("BAD_CNF", "more variables than literals can name"));
        }
        let mut clauses = HashMap::with_capacity(cnf.clauses.len());
        let mut id = 0u64;
        for clause in &cnf.clauses {
            if clause.iter().any(|&l| l == 0 || l.unsigned_abs() > cnf.variables) {
                return Err(defect("BAD_CNF", format!("input clause {} has a literal out of range", id + 1)));
            }
            id += 1;
            clauses.insert(id, clause.clone().into_boxed_slice());
        }
        let values = vec![0; cnf.variables as usize + 1];
        Ok(Replay {
            db: Database { clauses, deleted: HashSet::new() },
            assignment: Assignment { values, trail: Vec::new() },
            variables: cnf.variables,
            last_id: id,
            added: 0,
            deleted: 0,
        })
    }

    /// Replays one proof line; true when it added the (verified) empty clause.
    fn step(&mut self, line: &[u8], lits: &mut Vec<i32>, hints: &mut Vec<i64>) -> Result<bool, Defect> {
        let mut ws = words(line).peekable();
        let Some(first) = ws.next() else { return Ok(false) };
        if first.first() == Some(&b'c') {
            return Ok(false);
        }
        let Some(id) = integer(first).and_then(|n| u64::try_from(n).ok()) else {
            return Err(defect("BAD_SYNTAX", format!("`{}` is not a clause number", shown(first))));
        };
        if ws.peek() == Some(&&b"d"[..]) {
            ws.next();
            read_hints(&mut ws, hints)?;
            end(&mut ws)?;
            return self.delete(hints).map(|()| false);
        }
        read_literals(&mut ws, self.variables, lits)?;
        read_hints(&mut ws, hints)?;
        end(&mut ws)?;
        self.add(id, lits, hints)?;
        Ok(lits.is_empty())
    }

    fn delete(&mut self, ids: &[i64]) -> Result<(), Defect> {
        for &h in ids {
            let id = h.unsigned_abs();
            if h < 0 {
                return Err(defect("BAD_SYNTAX", format!("cannot delete the negative number {h}")));
            }
            if self.db.clauses.remove(&id).is_none() {
                return Err(if self.db.deleted.contains(&id) {
                    defect("DELETED_TWICE", format!("clause {id} is already deleted"))
                } else {
                    defect("UNKNOWN_CLAUSE", format!("there is no clause {id} to delete"))
                });
            }
            self.db.deleted.insert(id);
            self.deleted += 1;
        }
        Ok(())
    }

    fn add(&mut self, id: u64, lits: &[i32], hints: &[i64]) -> Result<(), Defect> {
        if id <= self.last_id {
            return Err(defect("ID_NOT_INCREASING", format!("clause {id} is not numbered above {}", self.last_id)));
        }
        let result = self.derive(lits, hints);
        self.assignment.undo_to(0);
        result?;
        self.last_id = id;
        self.added += 1;
        self.db.clauses.insert(id, lits.into());
        Ok(())
    }

    /// Checks that the hints prove `lits` (by unit propagation or RAT on its first literal).
    fn derive(&mut self, lits: &[i32], hints: &[i64]) -> Result<(), Defect> {
        for &lit in lits {
            if !self.assignment.make_true(-lit) {
                return Ok(()); // a tautology
            }
        }
        let split = hints.iter().position(|&h| h < 0).unwrap_or(hints.len());
        let (units, rat) = hints.split_at(split);
        if propagate(&self.db, &mut self.assignment, units)? {
            return Ok(());
        }
        let Some(&pivot) = lits.first() else {
            return Err(defect("NO_CONFLICT", "the hints reach no conflict and the empty clause has no RAT pivot"));
        };
        // Without RAT hints the step can only be a RAT step on a pivot whose negation occurs in
        // no live clause; otherwise it is reported as the failed unit step it most likely is.
        if rat.is_empty() && self.db.clauses.values().any(|c| c.contains(&-pivot)) {
            return Err(defect("NO_CONFLICT", "the hints end without a conflict"));
        }
        self.rat(pivot, rat)
    }

    /// Checks every resolvent on `pivot` by its group of RAT hints.
    fn rat(&mut self, pivot: i32, rat: &[i64]) -> Result<(), Defect> {
        let groups = rat_groups(rat);
        let mut named = HashSet::with_capacity(groups.len());
        for &(d, _) in &groups {
            if !self.db.get(d)?.contains(&-pivot) {
                return Err(defect(
                    "RAT_HINT_WITHOUT_PIVOT",
                    format!("RAT hint -{d} names a clause without {}", -pivot),
                ));
            }
            if !named.insert(d) {
                return Err(defect("DUPLICATE_RAT_HINT", format!("clause {d} is named by two RAT hints")));
            }
        }
        let missing = self
            .db
            .clauses
            .iter()
            .filter(|(id, c)| c.contains(&-pivot) && !named.contains(*id))
            .map(|(id, _)| *id)
            .min();
        if let Some(d) = missing {
            return Err(defect("MISSING_RAT_HINT", format!("clause {d} contains {} but has no RAT hint", -pivot)));
        }
        let mark = self.assignment.trail.len();
        for (d, units) in groups {
            let result = self.resolvent(pivot, d, units);
            self.assignment.undo_to(mark);
            result?;
        }
        Ok(())
    }

    /// Checks the resolvent of the added clause with clause `d` on `pivot`.
    fn resolvent(&mut self, pivot: i32, d: u64, units: &[i64]) -> Result<(), Defect> {
        for &lit in self.db.get(d)?.iter().filter(|&&l| l != -pivot) {
            if !self.assignment.make_true(-lit) {
                return Ok(()); // `lit` is already true: the resolvent is implied
            }
        }
        if propagate(&self.db, &mut self.assignment, units)? {
            Ok(())
        } else {
            Err(defect("NO_CONFLICT", format!("the hints after RAT hint -{d} end without a conflict")))
        }
    }
}

/// Reads nonzero literals of known variables up to `0`.
fn read_literals<'a>(
    ws: &mut impl Iterator<Item = &'a [u8]>,
    variables: u32,
    out: &mut Vec<i32>,
) -> Result<(), Defect> {
    out.clear();
    loop {
        let Some(w) = ws.next() else { return Err(defect("BAD_SYNTAX", "the clause is not ended by 0")) };
        let Some(n) = integer(w) else {
            return Err(defect("BAD_SYNTAX", format!("`{}` is not a literal", shown(w))));
        };
        if n == 0 {
            return Ok(());
        }
        let Some(lit) = i32::try_from(n).ok().filter(|l| l.unsigned_abs() <= variables) else {
            return Err(defect(
                "UNKNOWN_VARIABLE",
                format!("literal {n} is outside the {variables} variables of the CNF"),
            ));
        };
        out.push(lit);
    }
}

/// Reads nonzero clause numbers (signed) up to `0`.
fn read_hints<'a>(ws: &mut impl Iterator<Item = &'a [u8]>, out: &mut Vec<i64>) -> Result<(), Defect> {
    out.clear();
    loop {
        let Some(w) = ws.next() else { return Err(defect("BAD_SYNTAX", "the clause numbers are not ended by 0")) };
        match integer(w) {
            Some(0) => return Ok(()),
            Some(n) => out.push(n),
            None => return Err(defect("BAD_SYNTAX", format!("`{}` is not a clause number", shown(w)))),
        }
    }
}

fn end<'a>(ws: &mut impl Iterator<Item = &'a [u8]>) -> Result<(), Defect> {
    match ws.next() {
        None => Ok(()),
        Some(w) => Err(defect("BAD_SYNTAX", format!("unexpected `{}` after the step's final 0", shown(w)))),
    }
}

/// Replays a text LRAT proof of the unsatisfiability of `cnf` (see the module documentation).
///
/// `stop` is consulted every few thousand proof lines; when it returns true the replay ends with
/// [`LratError::Interrupted`]. Memory grows with the CNF and the live clauses of the proof; the
/// assignment takes one byte per variable, so callers should bound `cnf.variables`.
pub fn check_lrat(cnf: &Cnf, proof: &[u8], stop: &dyn Fn() -> bool) -> Result<LratOutcome, LratError> {
    let at = |line: usize| move |d: Defect| LratError::Rejected(LratDefect { line, code: d.code, message: d.message });
    if let Some(i) = cnf.clauses.iter().position(Vec::is_empty) {
        return Ok(LratOutcome { added: 0, deleted: 0, refutation: Refutation::InputEmptyClause { clause: i + 1 } });
    }
    let mut replay = Replay::new(cnf).map_err(at(0))?;
    let (mut lits, mut hints) = (Vec::new(), Vec::new());
    let mut last = 0;
    for (index, line) in proof.split(|&b| b == b'\n').enumerate() {
        if index % STOP_EVERY == 0 && stop() {
            return Err(LratError::Interrupted);
        }
        last = index + 1;
        if replay.step(line, &mut lits, &mut hints).map_err(at(last))? {
            let refutation = Refutation::Derived { line: last };
            return Ok(LratOutcome { added: replay.added, deleted: replay.deleted, refutation });
        }
    }
    Err(at(last)(defect("NO_EMPTY_CLAUSE", "the proof ends without deriving the empty clause")))
}

// ---------------------------------------------------------------------------------------------
// Models
// ---------------------------------------------------------------------------------------------

/// The 0-based indices of the clauses with no literal made true by `values` (`values[i]` is the
/// value of variable `i + 1`; a variable without a value makes no literal true).
pub fn falsified_clauses(cnf: &Cnf, values: &[bool]) -> Vec<usize> {
    let is_true = |lit: &i32| {
        let Some(i) = var_index(*lit).checked_sub(1) else { return false };
        values.get(i).is_some_and(|&v| v == (*lit > 0))
    };
    cnf.clauses.iter().enumerate().filter(|(_, c)| !c.iter().any(is_true)).map(|(i, _)| i).collect()
}

// ---------------------------------------------------------------------------------------------
// Evidence
// ---------------------------------------------------------------------------------------------

fn both<A, B>(a: Read<A>, b: Read<B>) -> Read<(A, B)> {
    match (a, b) {
        (Ok(a), Ok(b)) => Ok((a, b)),
        (a, b) => Err(a.err().into_iter().chain(b.err()).flatten().collect()),
    }
}

/// The claim of both checkers: the CNF's URI (still as a value) and its declared sizes.
struct Claim<'a> {
    cnf: &'a Value,
    variables: u64,
    clauses: u64,
}

fn read_claim(v: &Value) -> Read<Claim<'_>> {
    let c = object(v, "/claim", &["cnf", "variables", "clauses"])?;
    let uri = string(&c["cnf"], "/claim/cnf").map(|_| &c["cnf"]);
    let sizes = both(natural(&c["variables"], "/claim/variables"), natural(&c["clauses"], "/claim/clauses"));
    let (cnf, (variables, clauses)) = both(uri, sizes)?;
    Ok(Claim { cnf, variables, clauses })
}

fn read_lrat_candidate(v: &Value) -> Read<&Value> {
    let c = object(v, "/candidate", &["proof", "format"])?;
    let format = string(&c["format"], "/candidate/format").and_then(|f| {
        if f == LRAT_FORMAT {
            Ok(())
        } else {
            fail("/candidate/format", "UNSUPPORTED_FORMAT", "expected `LRAT_TEXT_V1`")
        }
    });
    let (proof, ()) = both(string(&c["proof"], "/candidate/proof").map(|_| &c["proof"]), format)?;
    Ok(proof)
}

/// The model's values by variable, each entry checked to name its variable.
fn read_model(v: &Value) -> Read<Vec<bool>> {
    let c = object(v, "/candidate", &["model"])?;
    let Some(entries) = c["model"].as_array() else {
        return fail("/candidate/model", "NOT_AN_ARRAY", "expected an array of literals");
    };
    let mut values = Vec::with_capacity(entries.len());
    let mut findings = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let path = format!("/candidate/model/{i}");
        let var = i as u64 + 1;
        match entry.as_i64() {
            None => findings.push(Finding::at(path, "NOT_AN_INTEGER", "expected a literal")),
            Some(x) if x.unsigned_abs() != var => findings.push(Finding::at(
                path,
                "WRONG_VARIABLE",
                format!("entry {i} must be {var} or -{var}, not {x}"),
            )),
            Some(x) => values.push(x > 0),
        }
    }
    findings.truncate(MAX_FINDINGS);
    if findings.is_empty() { Ok(values) } else { Err(findings) }
}

/// The CNF in `bytes`, matched against the claim; otherwise the verdict to return.
fn load_cnf(claim: &Claim<'_>, bytes: &[u8]) -> Result<Cnf, Verdict> {
    let cnf = match read_dimacs(bytes, MAX_CNF_LITERALS) {
        Ok(cnf) => cnf,
        Err(DimacsError::Malformed(m)) => {
            return Err(Verdict::Rejected { findings: vec![Finding::at("/claim/cnf", "BAD_DIMACS", m)] });
        }
        Err(DimacsError::TooLarge) => {
            return Err(Verdict::Inconclusive { reason: format!("the CNF has more than {MAX_CNF_LITERALS} literals") });
        }
    };
    if cnf.variables > MAX_CNF_VARIABLES {
        return Err(Verdict::Inconclusive { reason: format!("the CNF has more than {MAX_CNF_VARIABLES} variables") });
    }
    let mut findings = Vec::new();
    for (path, declared, claimed) in [
        ("/claim/variables", u64::from(cnf.variables), claim.variables),
        ("/claim/clauses", cnf.clauses.len() as u64, claim.clauses),
    ] {
        if declared != claimed {
            findings.push(Finding::at(path, "CNF_MISMATCH", format!("the CNF has {declared}, the claim {claimed}")));
        }
    }
    if findings.is_empty() { Ok(cnf) } else { Err(Verdict::Rejected { findings }) }
}

/// `n` with thousands separated by commas.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Checks `sat.unsat_proof/v1` evidence by replaying its LRAT proof.
pub struct LratRefutation;

impl Checker for LratRefutation {
    fn identity(&self) -> &CheckerIdentity {
        &LRAT_IDENTITY
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[UNSAT_EVIDENCE]
    }

    fn check(&self, e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        if cx.should_stop() {
            return Err(CheckError::Interrupted);
        }
        let read = header(e, UNSAT_EVIDENCE, UNSAT_SEMANTICS, LRAT_FORMAT)
            .and_then(|()| both(read_claim(&e.claim), read_lrat_candidate(&e.candidate)));
        let (claim, proof_uri) = match read {
            Ok(r) => r,
            Err(findings) => return Ok(Verdict::Rejected { findings }),
        };
        let artifacts = both(
            artifact_bytes(e, cx, claim.cnf, "/claim/cnf")?,
            artifact_bytes(e, cx, proof_uri, "/candidate/proof")?,
        );
        let ((_, cnf_bytes), (_, proof)) = match artifacts {
            Ok(a) => a,
            Err(findings) => return Ok(Verdict::Rejected { findings }),
        };
        if proof.len() > MAX_PROOF_BYTES {
            return Ok(Verdict::Inconclusive { reason: format!("the proof exceeds {MAX_PROOF_BYTES} bytes") });
        }
        let cnf = match load_cnf(&claim, &cnf_bytes) {
            Ok(cnf) => cnf,
            Err(verdict) => return Ok(verdict),
        };
        match check_lrat(&cnf, &proof, &|| cx.should_stop()) {
            Ok(outcome) => Ok(Verdict::Accepted { summary: lrat_summary(&outcome) }),
            Err(LratError::Interrupted) => Err(CheckError::Interrupted),
            Err(LratError::Rejected(d)) => Ok(Verdict::Rejected {
                findings: vec![Finding::at("/candidate/proof", d.code, format!("line {}: {}", d.line, d.message))],
            }),
        }
    }
}

fn lrat_summary(outcome: &LratOutcome) -> String {
    match outcome.refutation {
        Refutation::InputEmptyClause { clause } => {
            format!("the CNF is unsatisfiable: its clause {} is empty", grouped(clause as u64))
        }
        Refutation::Derived { line } => format!(
            "LRAT refutation replayed: {} added clauses checked, empty clause derived at line {}",
            grouped(outcome.added),
            grouped(line as u64)
        ),
    }
}

/// Checks `sat.model/v1` evidence by evaluating every clause under the model.
pub struct ModelReplay;

impl Checker for ModelReplay {
    fn identity(&self) -> &CheckerIdentity {
        &MODEL_IDENTITY
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[MODEL_EVIDENCE]
    }

    fn check(&self, e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        if cx.should_stop() {
            return Err(CheckError::Interrupted);
        }
        let read = header(e, MODEL_EVIDENCE, MODEL_SEMANTICS, MODEL_FORMAT)
            .and_then(|()| both(read_claim(&e.claim), read_model(&e.candidate)));
        let (claim, values) = match read {
            Ok(r) => r,
            Err(findings) => return Ok(Verdict::Rejected { findings }),
        };
        let (_, cnf_bytes) = match artifact_bytes(e, cx, claim.cnf, "/claim/cnf")? {
            Ok(a) => a,
            Err(findings) => return Ok(Verdict::Rejected { findings }),
        };
        let cnf = match load_cnf(&claim, &cnf_bytes) {
            Ok(cnf) => cnf,
            Err(verdict) => return Ok(verdict),
        };
        if values.len() as u64 != u64::from(cnf.variables) {
            let message = format!("the model has {} entries for {} variables", values.len(), cnf.variables);
            return Ok(Verdict::Rejected { findings: vec![Finding::at("/candidate/model", "WRONG_LENGTH", message)] });
        }
        let falsified = falsified_clauses(&cnf, &values);
        if falsified.is_empty() {
            let summary = format!(
                "the model satisfies all {} clauses over {} variables",
                grouped(cnf.clauses.len() as u64),
                grouped(u64::from(cnf.variables))
            );
            return Ok(Verdict::Accepted { summary });
        }
        let total = falsified.len();
        let findings = falsified
            .iter()
            .take(MAX_FINDINGS)
            .map(|i| {
                let message = format!("clause {} has no true literal ({total} clauses unsatisfied)", i + 1);
                Finding::at("/candidate/model", "CLAUSE_NOT_SATISFIED", message)
            })
            .collect();
        Ok(Verdict::Rejected { findings })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jacobian_runtime::artifact::{ArtifactReader, ArtifactStore, MemoryArtifactStore, NewArtifact};
    use jacobian_runtime::{CancellationToken, Digest, Scope};
    use proptest::prelude::*;
    use serde_json::json;
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    // ----- helpers ----------------------------------------------------------------------------

    fn cnf(variables: u32, clauses: &[&[i32]]) -> Cnf {
        Cnf { variables, clauses: clauses.iter().map(|c| c.to_vec()).collect() }
    }

    fn dimacs(f: &Cnf) -> Vec<u8> {
        let mut s = format!("p cnf {} {}\n", f.variables, f.clauses.len());
        for c in &f.clauses {
            for l in c {
                s.push_str(&format!("{l} "));
            }
            s.push_str("0\n");
        }
        s.into_bytes()
    }

    fn never() -> bool {
        false
    }

    fn lrat(f: &Cnf, proof: &str) -> Result<LratOutcome, LratError> {
        check_lrat(f, proof.as_bytes(), &never)
    }

    /// The rejection's code and line; panics on acceptance.
    fn rejection(r: Result<LratOutcome, LratError>) -> (&'static str, usize) {
        match r {
            Err(LratError::Rejected(d)) => (d.code, d.line),
            other => panic!("expected a rejection, got {other:?}"),
        }
    }

    fn code(f: &Cnf, proof: &str) -> &'static str {
        rejection(lrat(f, proof)).0
    }

    /// PHP(n + 1, n): n + 1 pigeons in n holes; variable `i * n + j + 1` puts pigeon i in hole j.
    fn php(n: i32) -> Cnf {
        let var = |i: i32, j: i32| i * n + j + 1;
        let mut clauses: Vec<Vec<i32>> = (0..=n).map(|i| (0..n).map(|j| var(i, j)).collect()).collect();
        for j in 0..n {
            for a in 0..=n {
                for b in a + 1..=n {
                    clauses.push(vec![-var(a, j), -var(b, j)]);
                }
            }
        }
        Cnf { variables: u32::try_from((n + 1) * n).expect("small"), clauses }
    }

    /// Random 3-SAT over distinct variables, from a xorshift generator.
    fn random_3sat(seed: u64, variables: u32, clauses: usize) -> Cnf {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut out = Vec::new();
        while out.len() < clauses {
            let mut c: Vec<i32> = Vec::new();
            while c.len() < 3 {
                let v = i32::try_from(next() % u64::from(variables)).expect("small") + 1;
                if c.iter().all(|l: &i32| l.abs() != v) {
                    c.push(if next() % 2 == 0 { v } else { -v });
                }
            }
            out.push(c);
        }
        Cnf { variables, clauses: out }
    }

    /// Solves with varisat; its text LRAT proof when unsatisfiable.
    fn varisat_proof(f: &Cnf) -> Option<String> {
        use varisat::Solver;
        use varisat_lrat::WriteLrat;
        let input = dimacs(f);
        let mut out = Vec::new();
        let satisfiable;
        {
            let mut writer = WriteLrat::new(&mut out, false);
            {
                let mut solver = Solver::new();
                solver.add_proof_processor(&mut writer);
                solver.add_dimacs_cnf(&input[..]).expect("dimacs");
                satisfiable = solver.solve().expect("solve");
                solver.close_proof().expect("proof");
            }
            writer.flush().expect("flush");
        }
        (!satisfiable).then(|| String::from_utf8(out).expect("text"))
    }

    fn models(f: &Cnf) -> Vec<Vec<bool>> {
        let n = f.variables;
        (0u32..1 << n)
            .map(|bits| (0..n).map(|i| bits >> i & 1 == 1).collect::<Vec<bool>>())
            .filter(|m| falsified_clauses(f, m).is_empty())
            .collect()
    }

    /// A proof line's numbers.
    fn numbers(line: &str) -> Vec<i64> {
        line.split_whitespace().filter_map(|w| w.parse().ok()).collect()
    }

    fn is_add(line: &str) -> bool {
        !line.trim().is_empty() && !line.contains('d')
    }

    /// An add line split into (id, literals, hints).
    fn split_add(line: &str) -> (i64, Vec<i64>, Vec<i64>) {
        let n = numbers(line);
        let zero = n.iter().skip(1).position(|&x| x == 0).expect("literals end") + 1;
        (n[0], n[1..zero].to_vec(), n[zero + 1..n.len() - 1].to_vec())
    }

    fn join_add(id: i64, lits: &[i64], hints: &[i64]) -> String {
        let mut s = id.to_string();
        for x in lits.iter().chain([&0]).chain(hints).chain([&0]) {
            s.push_str(&format!(" {x}"));
        }
        s
    }

    /// Brute force, independently of the checker: the clause added on line `k` is implied by its
    /// positive hint clauses, or it is a RAT clause whose pivot (first literal) has its negation in
    /// no clause live before line `k` (then adding it preserves satisfiability).
    fn justified(f: &Cnf, lines: &[String], k: usize) -> bool {
        let mut live: HashMap<i64, Vec<i64>> = f
            .clauses
            .iter()
            .enumerate()
            .map(|(i, c)| (i as i64 + 1, c.iter().map(|&l| i64::from(l)).collect()))
            .collect();
        for line in &lines[..k] {
            if line.contains('d') {
                for id in numbers(line).iter().skip(1) {
                    live.remove(id);
                }
            } else if is_add(line) {
                let (id, lits, _) = split_add(line);
                live.insert(id, lits);
            }
        }
        let (_, lits, hints) = split_add(&lines[k]);
        if lits.first().is_some_and(|p| live.values().all(|c| !c.contains(&-p))) {
            return true;
        }
        if hints.iter().any(|&h| h < 0) {
            return false;
        }
        let hint_clauses: Vec<&Vec<i64>> = hints.iter().filter_map(|h| live.get(h)).collect();
        let mut vars: Vec<i64> = lits.iter().chain(hint_clauses.iter().copied().flatten()).map(|l| l.abs()).collect();
        vars.sort_unstable();
        vars.dedup();
        assert!(vars.len() <= 22, "too many variables to brute-force");
        let holds = |bits: u32, l: i64| {
            let i = vars.iter().position(|&v| v == l.abs()).expect("var");
            (bits >> i & 1 == 1) == (l > 0)
        };
        (0u32..1 << vars.len()).all(|bits| {
            !hint_clauses.iter().all(|c| c.iter().any(|&l| holds(bits, l))) || lits.iter().any(|&l| holds(bits, l))
        })
    }

    fn lines(proof: &str) -> Vec<String> {
        proof.lines().map(str::to_owned).collect()
    }

    fn accepted_lines(f: &Cnf, ls: &[String]) -> bool {
        lrat(f, &ls.join("\n")).is_ok()
    }

    // ----- DIMACS -----------------------------------------------------------------------------

    #[test]
    fn dimacs_reads_good_inputs() {
        let f = parse_dimacs(b"c a comment\np cnf 3 3\n1 -2 0\n2 3\n -1 0\n  c inside\n0\nc end\n\n").expect("good");
        assert_eq!(f, cnf(3, &[&[1, -2], &[2, 3, -1], &[]]));
        assert_eq!(parse_dimacs(b"p cnf 0 0").expect("empty"), cnf(0, &[]));
        assert_eq!(parse_dimacs(b"p  cnf\t2 1\r\n-2 1 0\r\n").expect("crlf"), cnf(2, &[&[-2, 1]]));
        assert_eq!(parse_dimacs(&dimacs(&php(3))).expect("php"), php(3));
    }

    #[test]
    fn dimacs_rejects_malformations() {
        for (input, wanted) in [
            (&b"1 2 0\n"[..], "before the `p cnf` header"),
            (b"p cnf 2\n1 0\n", "line 1: expected the header"),
            (b"p dnf 2 1\n1 0\n", "expected the header"),
            (b"p cnf -2 1\n1 0\n", "expected the header"),
            (b"p cnf 2 1 7\n1 0\n", "expected the header"),
            (b"p cnf 2 1\np cnf 2 1\n1 0\n", "line 2: a second"),
            (b"p cnf 2 1\n1 3 0\n", "line 2: literal 3 is outside"),
            (b"p cnf 2 1\n1 -3 0\n", "literal -3 is outside"),
            (b"p cnf 2 2\n1 2 0\n", "declares 2 clauses but the file has 1"),
            (b"p cnf 2 1\n1 0\n2 0\n", "line 3: `2` after the last"),
            (b"p cnf 2 1\n1 0 2\n", "after the last"),
            (b"p cnf 2 2\n1 0\n2\n", "not ended by 0"),
            (b"p cnf 2 1\n1 a 0\n", "line 2: `a` is not a literal"),
            (b"p cnf 2 1\n1 0\n%\n0\n", "line 3: `%`"),
            (b"p cnf 2 1\n99999999999999999999 0\n", "is not a literal"),
            (b"c only comments\n", "no `p cnf` header"),
            (b"p cnf 4294967295 0\n", "expected the header"),
        ] {
            let error = parse_dimacs(input).expect_err(&String::from_utf8_lossy(input));
            assert!(error.contains(wanted), "{error:?} should mention {wanted:?}");
        }
        assert!(matches!(read_dimacs(b"p cnf 3 1\n1 2 3 0\n", 2), Err(DimacsError::TooLarge)));
    }

    // ----- hand-written LRAT ------------------------------------------------------------------

    fn square() -> Cnf {
        cnf(2, &[&[1, 2], &[-1, 2], &[1, -2], &[-1, -2]])
    }

    #[test]
    fn hand_written_proofs_replay() {
        let ok = lrat(&square(), "5 2 0 1 2 0\n6 0 5 3 4 0\n").expect("valid");
        assert_eq!(ok, LratOutcome { added: 2, deleted: 0, refutation: Refutation::Derived { line: 2 } });
        // Comments, blank lines, deletions, a tautology and ignored text after the empty clause.
        let proof = "c a comment\n\n5 2 0 1 2 0\n5 d 1 2 0\n6 1 -1 0 0\n7 0 5 3 4 0\n8 junk after the end";
        let ok = lrat(&square(), proof).expect("valid");
        assert_eq!(ok, LratOutcome { added: 3, deleted: 2, refutation: Refutation::Derived { line: 6 } });
        // Two conflicting unit inputs refute directly.
        assert!(lrat(&cnf(1, &[&[1], &[-1]]), "3 0 1 2 0").is_ok());
        // An empty input clause needs no proof.
        let trivial = lrat(&cnf(1, &[&[1], &[]]), "").expect("trivial");
        assert_eq!(trivial.refutation, Refutation::InputEmptyClause { clause: 2 });
    }

    #[test]
    fn hand_written_defects_are_rejected_with_their_line() {
        let f = square();
        for (proof, wanted, line) in [
            ("5 2 0 1 2 0\n6 0 3 4 5 0", "HINT_NOT_UNIT", 2),
            ("5 2 0 1 2 0\n6 0 5 1 0", "HINT_SATISFIED", 2),
            ("5 2 0 1 0", "NO_CONFLICT", 1),
            ("5 2 0 1 2 0\n6 0 5 3 0", "NO_CONFLICT", 2),
            ("5 2 0 9 0", "UNKNOWN_HINT", 1),
            ("5 2 0 1 2 0\n5 d 5 0\n6 0 5 3 4 0", "DELETED_HINT", 3),
            ("5 d 1 0\n5 d 1 0", "DELETED_TWICE", 2),
            ("5 d 9 0", "UNKNOWN_CLAUSE", 1),
            ("5 d -1 0", "BAD_SYNTAX", 1),
            ("4 2 0 1 2 0", "ID_NOT_INCREASING", 1),
            ("5 2 0 1 2 0\n5 0 5 3 4 0", "ID_NOT_INCREASING", 2),
            ("7 2 0 1 2 0\n6 0 7 3 4 0", "ID_NOT_INCREASING", 2),
            ("5 3 0 1 2 0", "UNKNOWN_VARIABLE", 1),
            ("5 99999999999 0 1 2 0", "UNKNOWN_VARIABLE", 1),
            ("5 99999999999999999999 0 1 2 0", "BAD_SYNTAX", 1),
            ("5 2 0 1 2", "BAD_SYNTAX", 1),
            ("5 2 0 1 2 0 7", "BAD_SYNTAX", 1),
            ("5 2", "BAD_SYNTAX", 1),
            ("x 2 0 1 2 0", "BAD_SYNTAX", 1),
            ("-5 2 0 1 2 0", "BAD_SYNTAX", 1),
            ("5 2 0 1 2 0\n", "NO_EMPTY_CLAUSE", 2),
            ("", "NO_EMPTY_CLAUSE", 1),
            ("\u{0}\u{ff}garbage", "BAD_SYNTAX", 1),
        ] {
            assert_eq!(rejection(lrat(&f, proof)), (wanted, line), "{proof:?}");
        }
        // A malformed CNF handed in directly.
        assert_eq!(code(&cnf(1, &[&[2]]), "2 0 1 0"), "BAD_CNF");
    }

    /// The square plus (3 1), (3 -1): {-3} is RAT on -3 but not RUP.
    fn square_with_three() -> Cnf {
        cnf(3, &[&[1, 2], &[-1, 2], &[1, -2], &[-1, -2], &[3, 1], &[3, -1]])
    }

    #[test]
    fn rat_steps_replay() {
        let f = square_with_three();
        let ok = lrat(&f, "7 -3 0 -5 1 3 -6 2 4 0\n8 0 7 5 6 0").expect("RAT");
        assert_eq!(ok.refutation, Refutation::Derived { line: 2 });
        // Groups in the other order; a pure pivot needs no hints at all.
        assert!(lrat(&f, "7 -3 0 -6 2 4 -5 1 3 0\n8 0 7 5 6 0").is_ok());
        assert!(lrat(&f, "7 3 2 0 0\n8 2 0 1 2 0\n9 0 8 3 4 0").is_ok());
        // {-3, -1} on pivot -3 against (3 1): the resolvent {-1, 1} is implied at once, since 1 is
        // already true under the negated clause; the step is accepted (then no empty clause).
        assert_eq!(rejection(lrat(&cnf(3, &[&[3, 1]]), "2 -3 -1 0 -1 0")), ("NO_EMPTY_CLAUSE", 1));
        // Against (3 2) the resolvent {-1, 2} needs units, and there are none.
        assert_eq!(rejection(lrat(&cnf(3, &[&[3, 2]]), "2 -3 -1 0 -1 0")), ("NO_CONFLICT", 1));
    }

    #[test]
    fn rat_defects_are_rejected() {
        let f = square_with_three();
        for (proof, wanted) in [
            ("7 -3 0 -5 1 3 0", "MISSING_RAT_HINT"),
            ("7 -3 0 0", "NO_CONFLICT"),
            ("7 -3 0 -5 1 3 -6 2 4 -1 0", "RAT_HINT_WITHOUT_PIVOT"),
            ("7 -3 0 -5 1 3 -5 1 3 -6 2 4 0", "DUPLICATE_RAT_HINT"),
            ("7 -3 0 -5 1 -6 2 4 0", "NO_CONFLICT"),
            ("7 -3 0 -9 0", "UNKNOWN_HINT"),
            ("7 0 -5 1 3 0", "NO_CONFLICT"),
            // {3} is a pure-literal RAT clause; afterwards {-3} must also resolve with it.
            ("7 3 0 0\n8 -3 0 -5 1 3 -6 2 4 0\n9 0 7 8 0", "MISSING_RAT_HINT"),
        ] {
            assert_eq!(code(&f, proof), wanted, "{proof:?}");
        }
        // A satisfiable formula (3 true) admits no refutation through RAT either.
        let sat = cnf(3, &[&[3, 1], &[3, -1]]);
        for proof in ["3 3 0 0\n4 -3 0 -1 -2 0\n5 0 3 4 0", "3 -3 0 -1 -2 0\n4 0 3 1 2 0", "3 -3 0 0\n4 0 3 1 2 0"] {
            assert!(lrat(&sat, proof).is_err(), "{proof:?}");
        }
    }

    #[test]
    fn a_stop_request_interrupts() {
        let f = php(2);
        let proof = varisat_proof(&f).expect("unsat");
        assert_eq!(check_lrat(&f, proof.as_bytes(), &|| true), Err(LratError::Interrupted));
    }

    // ----- proofs by varisat ------------------------------------------------------------------

    #[test]
    fn varisat_pigeonhole_proofs_replay() {
        for n in 2..=5 {
            let f = php(n);
            let proof = varisat_proof(&f).expect("PHP is unsatisfiable");
            let outcome = lrat(&f, &proof).unwrap_or_else(|e| panic!("PHP({}, {n}): {e:?}", n + 1));
            assert!(matches!(outcome.refutation, Refutation::Derived { .. }));
        }
    }

    #[test]
    fn varisat_random_3sat_proofs_replay() {
        let mut unsat = 0;
        for seed in 1..=16 {
            let f = random_3sat(seed, 50, 213);
            if let Some(proof) = varisat_proof(&f) {
                unsat += 1;
                lrat(&f, &proof).unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
            }
        }
        assert!(unsat >= 3, "only {unsat} unsatisfiable formulas");
    }

    #[test]
    fn varisat_numbers_only_the_inputs_read_before_an_input_conflict() {
        // The inputs (-1), (1) already conflict: varisat stops reading and gives its empty clause
        // the number of the third input, so its proof refutes the two-clause prefix only.
        let f = cnf(1, &[&[-1], &[1], &[-1]]);
        let proof = varisat_proof(&f).expect("unsat");
        assert_eq!(proof.trim(), "3 0 1 2 0");
        assert_eq!(rejection(lrat(&f, &proof)), ("ID_NOT_INCREASING", 1));
        assert!(lrat(&cnf(1, &[&[-1], &[1]]), &proof).is_ok());
    }

    /// Every mutation is rejected, or (for mutations that may keep a step valid) the changed
    /// steps are shown valid by brute force.
    fn mutations_are_rejected_for(f: &Cnf) {
        let proof = varisat_proof(f).expect("unsat");
        let ls = lines(&proof);
        assert!(accepted_lines(f, &ls));
        let adds: Vec<usize> = (0..ls.len()).filter(|&k| is_add(&ls[k])).collect();
        let last = *adds.last().expect("an add step");
        assert!(split_add(&ls[last]).1.is_empty(), "varisat ends with the empty clause");
        let (mut tried, mut accepted) = (0, 0);
        for &k in adds.iter().take(40) {
            let (id, lits, hints) = split_add(&ls[k]);
            // Flip each literal.
            for p in 0..lits.len() {
                let mut m = ls.clone();
                let mut flipped = lits.clone();
                flipped[p] = -flipped[p];
                m[k] = join_add(id, &flipped, &hints);
                tried += 1;
                if accepted_lines(f, &m) {
                    accepted += 1;
                    let users = (k + 1..m.len()).filter(|&j| is_add(&m[j]) && split_add(&m[j]).2.contains(&id));
                    assert!(justified(f, &m, k), "flip at line {k} accepted");
                    for j in users {
                        assert!(justified(f, &m, j), "flip at line {k} accepted, line {j} invalid");
                    }
                }
            }
            // Drop each hint, and replace it by another clause.
            for p in 0..hints.len() {
                for replacement in [None, Some(1), Some(hints[(p + 1) % hints.len()])] {
                    let mut changed = hints.clone();
                    match replacement {
                        None => {
                            changed.remove(p);
                        }
                        Some(r) if r != hints[p] => changed[p] = r,
                        Some(_) => continue,
                    }
                    let mut m = ls.clone();
                    m[k] = join_add(id, &lits, &changed);
                    tried += 1;
                    if accepted_lines(f, &m) {
                        accepted += 1;
                        assert!(
                            justified(f, &m, k),
                            "hint change at line {k} accepted: {} -> {}\n{}",
                            ls[k],
                            m[k],
                            m.join("\n")
                        );
                    }
                }
            }
            // Reuse a deleted hint.
            if let Some(&h) = hints.first() {
                let mut m = ls.clone();
                m.insert(k, format!("0 d {h} 0"));
                assert_eq!(rejection(lrat(f, &m.join("\n"))), ("DELETED_HINT", k + 2));
            }
        }
        assert!(tried > 20);
        assert!(accepted * 10 < tried, "{accepted} of {tried} mutations accepted");
        // Truncations: before the empty clause, at every tenth line, in the middle of a line.
        let code_of = |m: &str| rejection(lrat(f, m)).0;
        assert_eq!(code_of(&ls[..last].join("\n")), "NO_EMPTY_CLAUSE");
        for cut in (0..last).step_by(10) {
            assert_eq!(code_of(&ls[..cut].join("\n")), "NO_EMPTY_CLAUSE");
        }
        let whole = ls[..=last].join("\n");
        assert_eq!(code_of(&whole[..whole.len() - 2]), "BAD_SYNTAX");
        // Reordered steps.
        for w in adds.windows(2).take(10) {
            let mut m = ls.clone();
            m.swap(w[0], w[1]);
            assert!(!accepted_lines(f, &m));
        }
        // Garbage.
        let mut m = ls.clone();
        m.insert(last / 2, "\u{1}\u{2} garbage".into());
        assert_eq!(code_of(&m.join("\n")), "BAD_SYNTAX");
        assert_eq!(code_of(""), "NO_EMPTY_CLAUSE");
    }

    #[test]
    fn mutated_varisat_proofs_are_rejected() {
        mutations_are_rejected_for(&php(3));
        mutations_are_rejected_for(&php(4));
        let f = (1..).map(|seed| random_3sat(seed, 16, 90)).find(|f| varisat_proof(f).is_some()).expect("unsat");
        mutations_are_rejected_for(&f);
    }

    #[test]
    fn proofs_for_another_cnf_are_rejected() {
        let f = php(3);
        let proof = varisat_proof(&f).expect("unsat");
        for drop in [0, 3, f.clauses.len() - 1] {
            let mut g = f.clone();
            g.clauses.remove(drop);
            assert!(!models(&g).is_empty(), "PHP is minimally unsatisfiable");
            assert!(lrat(&g, &proof).is_err(), "without clause {drop}");
        }
        assert!(lrat(&php(4), &proof).is_err());
        assert!(lrat(&php(2), &proof).is_err());
    }

    // ----- checkers ---------------------------------------------------------------------------

    struct Setup {
        store: Arc<MemoryArtifactStore>,
    }

    impl Setup {
        fn new() -> Setup {
            Setup { store: Arc::new(MemoryArtifactStore::new()) }
        }

        fn put(&self, bytes: &[u8]) -> String {
            let new = NewArtifact {
                schema_uri: "urn:jacobian:schema:text:v1",
                media_type: "text/plain",
                bytes,
                parents: &[],
                producing_episode: None,
            };
            self.store.put(&new).expect("stored").uri.to_string()
        }

        fn cx(&self) -> CheckContext {
            CheckContext {
                artifacts: ArtifactReader::new(self.store.clone()),
                cancel: CancellationToken::new(),
                deadline: Instant::now() + Duration::from_secs(60),
            }
        }
    }

    fn parse_uri(s: &str) -> jacobian_runtime::artifact::ArtifactUri {
        jacobian_runtime::artifact::ArtifactUri::parse(s).expect("uri")
    }

    fn unsat_evidence(cnf_uri: &str, proof_uri: &str, v: u32, c: usize) -> Evidence {
        Evidence {
            kind: UNSAT_EVIDENCE.into(),
            claim: json!({"cnf": cnf_uri, "variables": v, "clauses": c}),
            semantics: UNSAT_SEMANTICS.into(),
            candidate: json!({"proof": proof_uri, "format": LRAT_FORMAT}),
            scope: Scope::exact_input("the CNF", Digest::of_bytes(b"cnf")),
            certificate_format: LRAT_FORMAT.into(),
            artifacts: vec![parse_uri(cnf_uri), parse_uri(proof_uri)],
        }
    }

    fn codes(v: Verdict) -> Vec<String> {
        match v {
            Verdict::Rejected { findings } => findings.into_iter().map(|f| f.code).collect(),
            other => panic!("expected a rejection, got {other:?}"),
        }
    }

    #[test]
    fn lrat_checker_accepts_and_rejects() {
        let s = Setup::new();
        let f = php(3);
        let (v, c) = (f.variables, f.clauses.len());
        let cnf_uri = s.put(&dimacs(&f));
        let proof = varisat_proof(&f).expect("unsat");
        let proof_uri = s.put(proof.as_bytes());
        let run = |e: &Evidence| LratRefutation.check(e, &s.cx());
        let good = unsat_evidence(&cnf_uri, &proof_uri, v, c);
        match run(&good).expect("verdict") {
            Verdict::Accepted { summary } => assert!(summary.starts_with("LRAT refutation replayed: "), "{summary}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            codes(run(&unsat_evidence(&cnf_uri, &proof_uri, v + 1, c - 1)).expect("v")),
            ["CNF_MISMATCH", "CNF_MISMATCH"]
        );
        let mut unlisted = good.clone();
        unlisted.artifacts.pop();
        assert_eq!(codes(run(&unlisted).expect("v")), ["UNLISTED_ARTIFACT"]);
        for field in ["kind", "semantics", "format"] {
            let mut e = good.clone();
            match field {
                "kind" => e.kind = "sat.other/v1".into(),
                "semantics" => e.semantics = MODEL_SEMANTICS.into(),
                _ => e.certificate_format = MODEL_FORMAT.into(),
            }
            assert_eq!(codes(run(&e).expect("v")), ["UNSUPPORTED_EVIDENCE"]);
        }
        let mut universal = good.clone();
        universal.scope.universal = true;
        assert_eq!(codes(run(&universal).expect("v")), ["UNIVERSAL_SCOPE"]);
        let mut fields = good.clone();
        fields.claim = json!({"cnf": 7, "variables": -1, "extra": 0});
        fields.candidate = json!({"proof": proof_uri, "format": "DRAT"});
        assert_eq!(codes(run(&fields).expect("v")), ["UNKNOWN_FIELD", "MISSING_FIELD", "UNSUPPORTED_FORMAT"]);
        fields.claim = json!({"cnf": 7, "variables": -1, "clauses": 1});
        assert_eq!(codes(run(&fields).expect("v")), ["NOT_A_STRING", "NOT_A_NATURAL", "UNSUPPORTED_FORMAT"]);
        // A truncated proof is rejected at its place; a malformed CNF at the claim.
        let short = s.put(&proof.as_bytes()[..proof.len() / 2]);
        let e = unsat_evidence(&cnf_uri, &short, v, c);
        let findings = match run(&e).expect("v") {
            Verdict::Rejected { findings } => findings,
            other => panic!("{other:?}"),
        };
        assert_eq!(findings[0].path.as_deref(), Some("/candidate/proof"));
        assert!(findings[0].message.starts_with("line "), "{}", findings[0].message);
        let e = unsat_evidence(&s.put(b"p cnf 1 1\n1\n"), &proof_uri, 1, 1);
        assert_eq!(codes(run(&e).expect("v")), ["BAD_DIMACS"]);
        // Interrupted.
        let cx = s.cx();
        cx.cancel.cancel();
        assert!(matches!(LratRefutation.check(&good, &cx), Err(CheckError::Interrupted)));
        assert_eq!(LratRefutation.evidence_kinds(), [UNSAT_EVIDENCE]);
    }

    fn model_evidence(cnf_uri: &str, v: u32, c: usize, model: Value) -> Evidence {
        Evidence {
            kind: MODEL_EVIDENCE.into(),
            claim: json!({"cnf": cnf_uri, "variables": v, "clauses": c}),
            semantics: MODEL_SEMANTICS.into(),
            candidate: json!({ "model": model }),
            scope: Scope::exact_input("the CNF", Digest::of_bytes(b"cnf")),
            certificate_format: MODEL_FORMAT.into(),
            artifacts: vec![parse_uri(cnf_uri)],
        }
    }

    fn as_literals(m: &[bool]) -> Value {
        json!(m.iter().enumerate().map(|(i, &b)| if b { i as i64 + 1 } else { -(i as i64) - 1 }).collect::<Vec<_>>())
    }

    #[test]
    fn model_checker_accepts_models_and_rejects_the_rest() {
        let s = Setup::new();
        let f = cnf(4, &[&[1, 2], &[-1, 3], &[-3, -4], &[2, 4], &[-2, -3, 4]]);
        let uri = s.put(&dimacs(&f));
        let run = |model: Value| ModelReplay.check(&model_evidence(&uri, 4, 5, model), &s.cx()).expect("verdict");
        let all = models(&f);
        assert!(!all.is_empty());
        for m in &all {
            assert!(matches!(run(as_literals(m)), Verdict::Accepted { .. }), "{m:?}");
            for i in 0..m.len() {
                let mut flipped = m.clone();
                flipped[i] = !flipped[i];
                let falsified = falsified_clauses(&f, &flipped);
                match run(as_literals(&flipped)) {
                    Verdict::Accepted { .. } => assert!(falsified.is_empty()),
                    Verdict::Rejected { findings } => {
                        assert!(!falsified.is_empty());
                        assert_eq!(findings.len(), falsified.len());
                        assert!(findings.iter().all(|x| x.code == "CLAUSE_NOT_SATISFIED"));
                        let wanted = format!("clause {} ", falsified[0] + 1);
                        assert!(findings[0].message.starts_with(&wanted), "{}", findings[0].message);
                    }
                    other => panic!("{other:?}"),
                }
            }
        }
        assert_eq!(codes(run(json!([1, 2, -3]))), ["WRONG_LENGTH"]);
        assert_eq!(codes(run(json!([1, 2, -3, 4, 5]))), ["WRONG_LENGTH"]);
        let findings = match run(json!([1, "2", -3, 2])) {
            Verdict::Rejected { findings } => findings,
            other => panic!("{other:?}"),
        };
        let got: Vec<_> = findings.iter().map(|x| (x.code.as_str(), x.path.clone().unwrap_or_default())).collect();
        assert_eq!(
            got,
            [("NOT_AN_INTEGER", "/candidate/model/1".into()), ("WRONG_VARIABLE", "/candidate/model/3".into())]
        );
        assert_eq!(codes(run(json!({"1": true}))), ["NOT_AN_ARRAY"]);
        let mut e = model_evidence(&uri, 4, 5, as_literals(&all[0]));
        e.artifacts.clear();
        assert_eq!(codes(ModelReplay.check(&e, &s.cx()).expect("v")), ["UNLISTED_ARTIFACT"]);
        let e = model_evidence(&uri, 5, 5, as_literals(&all[0]));
        assert_eq!(codes(ModelReplay.check(&e, &s.cx()).expect("v")), ["CNF_MISMATCH"]);
        // Many falsified clauses: at most ten findings.
        let many = cnf(1, &vec![&[1][..]; 30]);
        let many_uri = s.put(&dimacs(&many));
        let e = model_evidence(&many_uri, 1, 30, json!([-1]));
        assert_eq!(codes(ModelReplay.check(&e, &s.cx()).expect("v")).len(), 10);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn small_cnfs_are_judged_like_brute_force(
            variables in 1u32..=8,
            raw in proptest::collection::vec(proptest::collection::vec((1i32..=8, any::<bool>()), 1..=4), 1..=40),
        ) {
            let clauses: Vec<Vec<i32>> = raw
                .iter()
                .map(|c| c.iter().map(|&(v, s)| { let v = (v - 1) % variables as i32 + 1; if s { v } else { -v } }).collect())
                .collect();
            let f = Cnf { variables, clauses };
            let reread = parse_dimacs(&dimacs(&f));
            prop_assert_eq!(reread, Ok(f.clone()));
            let all = models(&f);
            if all.is_empty() {
                let proof = varisat_proof(&f).expect("unsatisfiable");
                let first = proof.lines().find(|l| is_add(l)).map(|l| split_add(l).0).expect("an add step");
                match usize::try_from(first - 1).expect("positive") {
                    // varisat stops numbering input clauses once the inputs alone conflict, so its
                    // proof then refutes only that prefix and reuses the next input's number.
                    prefix if prefix < f.clauses.len() => {
                        let head = Cnf { variables, clauses: f.clauses[..prefix].to_vec() };
                        prop_assert!(lrat(&head, &proof).is_ok(), "{:?}\n{}", head, proof);
                        prop_assert_eq!(rejection(lrat(&f, &proof)).0, "ID_NOT_INCREASING");
                    }
                    _ => prop_assert!(lrat(&f, &proof).is_ok(), "{:?}\n{}", f, proof),
                }
            } else {
                prop_assert!(varisat_proof(&f).is_none());
                for bits in 0u32..1 << variables {
                    let m: Vec<bool> = (0..variables).map(|i| bits >> i & 1 == 1).collect();
                    prop_assert_eq!(falsified_clauses(&f, &m).is_empty(), all.contains(&m));
                }
                // No proof refutes a satisfiable formula, varisat's for another formula included.
                prop_assert!(lrat(&f, "").is_err());
            }
        }
    }
}
