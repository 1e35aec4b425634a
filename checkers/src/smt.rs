//! Replay of SMT models: an SMT-LIB 2.6 script's assertions evaluated under a candidate model,
//! for the quantifier-free fragments `QF_LIA`, `QF_IDL` and `QF_BV`, without any solver.
//!
//! Evidence `smt.model/v1`, semantics `urn:jacobian:semantics:smt-satisfiable:v1`, format
//! `SMTLIB2_MODEL_V1`. Claim `{"script": uri, "logic": l}` where `uri` names a listed artifact
//! holding the script as UTF-8 text; candidate `{"model": [{"name": n, "sort": s, "value": v},
//! ...]}` with one entry per declared constant. Objects admit exactly the fields shown. Sort
//! strings are parsed as SMT-LIB sorts (so spacing is irrelevant); values are `true`/`false`
//! for `Bool`, a decimal numeral with an optional leading `-` or `(- n)` for `Int`, and `#b…`
//! with exactly `w` digits, `#x…` with exactly `w/4` digits or `(_ bvN w)` with `N < 2^w` for
//! `(_ BitVec w)`. A name may be given bare or as a quoted symbol `|…|`.
//!
//! **Commands.** `set-logic` (exactly once, before any declaration; it must name `QF_LIA`,
//! `QF_IDL` or `QF_BV` and equal the claim's logic), `declare-const`, `declare-fun` of arity 0,
//! `define-fun` (with parameters it is a macro, evaluated with its parameters bound), `assert`,
//! at most one `check-sat`, and the inert `set-info`, `set-option`, `get-model`, `get-value`,
//! `get-info`, `echo` and `exit`. After `check-sat` or `exit` only inert commands may follow.
//! Any other command (`push`, `pop`, `reset`, `declare-sort`, `define-sort`,
//! `check-sat-assuming`, `define-fun-rec`, …), `declare-fun` with arguments, a script without
//! `set-logic`, or a logic outside the three is `Inconclusive`: the checker cannot decide it.
//!
//! **Sorts.** `Bool`; `Int` in `QF_LIA` and `QF_IDL`; `(_ BitVec w)` with `1 ≤ w ≤ 65536` in
//! `QF_BV`. Every term is sort-checked against the logic's signature.
//!
//! **Terms.** `true`, `false`, declared constants, nullary `define-fun`s, applications of
//! `define-fun`s with parameters (arguments of the parameters' sorts), let-bound names and
//! macro parameters, `(let ((x t) …) body)` (parallel binding, evaluated through an environment,
//! never by substitution), `(! t :named n …)` (other attributes are ignored; `n` becomes a
//! nullary definition of the closed term `t`), and the Core operators `ite`, `=` (chainable, any
//! sort), `distinct` (pairwise), `not`, `and`, `or` (one or more arguments), `xor` (left
//! associative), `=>` (right associative).
//!
//! *Ints* (`QF_LIA`, `QF_IDL`): numerals; unary and left-associative `-`; `+`, `*` (n-ary);
//! `div` (left associative) and `mod` with SMT-LIB's Euclidean semantics: for `n ≠ 0`,
//! `m = n·(div m n) + (mod m n)` with `0 ≤ (mod m n) < |n|`; `abs`; chainable `< <= > >=`.
//! Integers are exact (arbitrary precision, products up to [`MAX_INT_BITS`] bits). SMT-LIB
//! leaves `(div m 0)` and `(mod m 0)` unspecified (a model may choose them), so an assertion
//! whose evaluation reaches one is `Inconclusive`. The syntactic restrictions of `QF_LIA`
//! (linearity) and `QF_IDL` (difference constraints) are not policed: every term is evaluated
//! exactly. Numerals have at most [`MAX_NUMERAL_DIGITS`] digits.
//!
//! *FixedSizeBitVectors* (`QF_BV`): `#b…`, `#x…`, `(_ bvN w)` (value `N mod 2^w`); `concat`
//! (n-ary, left associative), `(_ extract i j)`, `(_ zero_extend k)`, `(_ sign_extend k)`,
//! `(_ repeat k)`, `(_ rotate_left k)`, `(_ rotate_right k)`, `bvnot bvneg`, `bvand bvor bvxor
//! bvadd bvmul` (n-ary, left associative), `bvnand bvnor bvxnor bvsub bvudiv bvurem bvsdiv
//! bvsrem bvsmod bvshl bvlshr bvashr bvcomp`, and the predicates `bvult bvule bvugt bvuge
//! bvslt bvsle bvsgt bvsge`, all as defined by SMT-LIB 2.6: arithmetic is modulo `2^w`;
//! `bvudiv s 0` is all ones and `bvurem s 0` is `s`; `bvsdiv`, `bvsrem`, `bvsmod` are defined
//! from `bvudiv`/`bvurem` on absolute values by the standard's case split on the sign bits
//! (division by zero included); shifts by `w` or more give 0 (`bvashr`: the sign bit repeated).
//!
//! **Verdicts.** A lexical or structural defect (unbalanced parentheses, a stray character, a
//! repeated declaration) is `Rejected` with `MALFORMED_SCRIPT`; a term outside the logic's
//! signature or of the wrong sort, or an undeclared symbol, with `ILL_SORTED` (both at
//! `/claim/script`, the message giving the byte offset and line). An operator name no theory
//! here defines is `Inconclusive` (it may be a solver extension the checker does not know).
//! Model defects are rejected at `/candidate/model/i`: `UNKNOWN_NAME`, `DUPLICATE_ENTRY`,
//! `SORT_MISMATCH`, `INVALID_VALUE`, and `MODEL_INCOMPLETE` for a constant without an entry.
//! Then every assertion is evaluated; each false one gives `ASSERTION_FALSE` with its 1-based
//! index and the start of its text.
//!
//! **Limits.** Scripts of at most [`MAX_SCRIPT_BYTES`] bytes; parenthesis nesting at most
//! [`MAX_DEPTH`] (deeper is `Inconclusive`); evaluation depth through macro calls at most
//! [`MAX_EVAL_DEPTH`] and at most [`MAX_STEPS`] evaluation steps (beyond either is
//! `Inconclusive`). Parsing uses an explicit stack; all recursion is bounded by these limits,
//! and the replay runs on a thread of its own with a [`REPLAY_STACK_BYTES`] stack. The stop
//! condition (the context's deadline and cancellation) is polled every few thousand steps.
//! `and`, `or`, `=>` and `ite` evaluate left to right and stop as soon as the value is known, so
//! a division by zero in an argument left unevaluated does not make an assertion inconclusive.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::sync::LazyLock;

use jacobian_runtime::{CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Finding, Verdict};
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use serde_json::Value;

use crate::evidence::{self, Read};

/// Evidence kind of an SMT model.
pub const MODEL_EVIDENCE: &str = "smt.model/v1";
const SEMANTICS: &str = "urn:jacobian:semantics:smt-satisfiable:v1";
const FORMAT: &str = "SMTLIB2_MODEL_V1";
/// Largest script replayed, in bytes.
pub const MAX_SCRIPT_BYTES: usize = 4 << 20;
/// Deepest parenthesis nesting accepted.
pub const MAX_DEPTH: usize = 256;
/// Widest bit-vector sort accepted.
pub const MAX_WIDTH: u64 = 65536;
/// Largest integer product computed, in bits.
pub const MAX_INT_BITS: u64 = 1 << 20;
/// Deepest evaluation (terms nested through macro calls).
pub const MAX_EVAL_DEPTH: usize = 1024;
/// Longest decimal numeral read, in digits (in the script or the model).
pub const MAX_NUMERAL_DIGITS: usize = 100_000;
/// Most evaluation steps for one script.
pub const MAX_STEPS: u64 = 50_000_000;
const STOP_EVERY: u64 = 4096;
/// Stack of the replay thread: ample for [`MAX_DEPTH`] and [`MAX_EVAL_DEPTH`] even unoptimised.
pub const REPLAY_STACK_BYTES: usize = 64 << 20;
const LOGICS: &[&str] = &["QF_LIA", "QF_IDL", "QF_BV"];
const SCRIPT: &str = "/claim/script";

static IDENTITY: LazyLock<CheckerIdentity> =
    LazyLock::new(|| CheckerIdentity::from_source("jacobian.check.smt_model_replay", "1.0.0", include_str!("smt.rs")));

/// Why a replay did not accept.
#[derive(Debug, Clone, PartialEq)]
pub enum ReplayError {
    /// The script or the model is defective; every finding says where.
    Rejected(Vec<Finding>),
    /// The script lies outside the supported fragment or limits, so the checker cannot decide.
    Inconclusive(String),
    /// The stop condition fired before a verdict.
    Interrupted,
}

// ---------------------------------------------------------------------------------------------
// S-expressions

#[derive(Debug, Clone, PartialEq, Eq)]
enum Atom {
    Symbol(String),
    Keyword(String),
    Numeral(String),
    Decimal(String),
    Binary(String),
    Hex(String),
    Str(String),
}

#[derive(Debug, Clone)]
enum Sexp {
    /// An atom and its byte offset.
    Atom(Atom, usize),
    /// A list and the byte offsets of its `(` and just after its `)`.
    List(Vec<Sexp>, usize, usize),
}

impl Sexp {
    fn at(&self) -> usize {
        match self {
            Sexp::Atom(_, at) | Sexp::List(_, at, _) => *at,
        }
    }

    fn symbol(&self) -> Option<&str> {
        match self {
            Sexp::Atom(Atom::Symbol(s), _) => Some(s),
            _ => None,
        }
    }

    fn numeral(&self) -> Option<&str> {
        match self {
            Sexp::Atom(Atom::Numeral(s), _) => Some(s),
            _ => None,
        }
    }
}

/// A defect found while reading the script, with its byte offset.
#[derive(Debug)]
enum Problem {
    Malformed(String, usize),
    IllSorted(String, usize),
    Unsupported(String, usize),
}

fn is_symbol_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"~!@$%^&*_-+=<>.?/".contains(&c)
}

fn scan(b: &[u8], from: usize, ok: impl Fn(u8) -> bool) -> usize {
    let mut i = from;
    while b.get(i).is_some_and(|&c| ok(c)) {
        i += 1;
    }
    i
}

fn slice(text: &str, from: usize, to: usize, at: usize) -> Result<String, Problem> {
    text.get(from..to).map(str::to_owned).ok_or_else(|| Problem::Malformed("invalid token".into(), at))
}

/// A bit-vector literal's digit class and constructor.
type LiteralKind = (fn(u8) -> bool, fn(String) -> Atom);

/// Reads one atom starting at `at`; returns it and the offset after it.
fn atom(text: &str, at: usize) -> Result<(Atom, usize), Problem> {
    let b = text.as_bytes();
    let c = b.get(at).copied().unwrap_or(b' ');
    match c {
        b'"' => {
            let mut i = at + 1;
            loop {
                match b.get(i) {
                    None => return Err(Problem::Malformed("unterminated string literal".into(), at)),
                    Some(b'"') if b.get(i + 1) == Some(&b'"') => i += 2,
                    Some(b'"') => return Ok((Atom::Str(slice(text, at + 1, i, at)?), i + 1)),
                    Some(_) => i += 1,
                }
            }
        }
        b'|' => {
            let end = scan(b, at + 1, |c| c != b'|' && c != b'\\');
            if b.get(end) != Some(&b'|') {
                return Err(Problem::Malformed("unterminated quoted symbol".into(), at));
            }
            Ok((Atom::Symbol(slice(text, at + 1, end, at)?), end + 1))
        }
        b'#' => {
            let (digit, make): LiteralKind = match b.get(at + 1) {
                Some(b'b') => (|c| c == b'0' || c == b'1', Atom::Binary),
                Some(b'x') => (|c| c.is_ascii_hexdigit(), Atom::Hex),
                _ => return Err(Problem::Malformed("expected #b or #x".into(), at)),
            };
            let end = scan(b, at + 2, digit);
            if end == at + 2 || b.get(end).is_some_and(|&c| is_symbol_char(c)) {
                return Err(Problem::Malformed("invalid bit-vector literal".into(), at));
            }
            Ok((make(slice(text, at + 2, end, at)?), end))
        }
        b':' => {
            let end = scan(b, at + 1, is_symbol_char);
            Ok((Atom::Keyword(slice(text, at + 1, end, at)?), end))
        }
        b'0'..=b'9' => {
            let end = scan(b, at, |c| c.is_ascii_digit());
            if b.get(end) == Some(&b'.') {
                let frac = scan(b, end + 1, |c| c.is_ascii_digit());
                if frac == end + 1 {
                    return Err(Problem::Malformed("invalid decimal".into(), at));
                }
                return Ok((Atom::Decimal(slice(text, at, frac, at)?), frac));
            }
            if b.get(end).is_some_and(|&c| is_symbol_char(c)) {
                return Err(Problem::Malformed("invalid numeral".into(), at));
            }
            Ok((Atom::Numeral(slice(text, at, end, at)?), end))
        }
        c if is_symbol_char(c) => {
            let end = scan(b, at, is_symbol_char);
            Ok((Atom::Symbol(slice(text, at, end, at)?), end))
        }
        _ => Err(Problem::Malformed("unexpected character".into(), at)),
    }
}

/// Parses `text` into its top-level S-expressions with an explicit stack.
fn parse(text: &str) -> Result<Vec<Sexp>, Problem> {
    let b = text.as_bytes();
    let mut stack: Vec<(Vec<Sexp>, usize)> = Vec::new();
    let mut top: Vec<Sexp> = Vec::new();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        match c {
            b' ' | b'\t' | b'\n' | b'\r' => i += 1,
            b';' => i = scan(b, i, |c| c != b'\n'),
            b'(' => {
                if stack.len() >= MAX_DEPTH {
                    return Err(Problem::Unsupported(format!("parentheses nested deeper than {MAX_DEPTH}"), i));
                }
                stack.push((std::mem::take(&mut top), i));
                i += 1;
            }
            b')' => {
                let Some((parent, open)) = stack.pop() else {
                    return Err(Problem::Malformed("unbalanced `)`".into(), i));
                };
                let list = std::mem::replace(&mut top, parent);
                top.push(Sexp::List(list, open, i + 1));
                i += 1;
            }
            _ => {
                let (a, end) = atom(text, i)?;
                top.push(Sexp::Atom(a, i));
                i = end;
            }
        }
    }
    match stack.last() {
        Some((_, open)) => Err(Problem::Malformed("unbalanced `(`".into(), *open)),
        None => Ok(top),
    }
}

/// Parses `text` as exactly one S-expression.
fn parse_one(text: &str) -> Option<Sexp> {
    let mut all = parse(text).ok()?;
    if all.len() == 1 { all.pop() } else { None }
}

// ---------------------------------------------------------------------------------------------
// Sorts, values and operators

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sort {
    Bool,
    Int,
    Bv(u32),
}

impl fmt::Display for Sort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sort::Bool => f.write_str("Bool"),
            Sort::Int => f.write_str("Int"),
            Sort::Bv(w) => write!(f, "(_ BitVec {w})"),
        }
    }
}

/// A bit-vector of width `w` (1 ≤ w), its value below 2^w.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Bv {
    w: u32,
    v: BigUint,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Val {
    Bool(bool),
    Int(BigInt),
    Bv(Bv),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum IntOp {
    Sub,
    Add,
    Mul,
    Div,
    Mod,
    Abs,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BvOp {
    Concat,
    Extract(u64, u64),
    ZeroExt(u64),
    SignExt(u64),
    Repeat(u64),
    RotL(u64),
    RotR(u64),
    Not,
    Neg,
    And,
    Or,
    Xor,
    Nand,
    Nor,
    Xnor,
    Add,
    Sub,
    Mul,
    Udiv,
    Urem,
    Sdiv,
    Srem,
    Smod,
    Shl,
    Lshr,
    Ashr,
    Comp,
    Ult,
    Ule,
    Ugt,
    Uge,
    Slt,
    Sle,
    Sgt,
    Sge,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Ite,
    Eq,
    Distinct,
    Not,
    And,
    Or,
    Xor,
    Implies,
    Int(IntOp),
    Bv(BvOp),
}

fn core_op(name: &str) -> Option<Op> {
    Some(match name {
        "ite" => Op::Ite,
        "=" => Op::Eq,
        "distinct" => Op::Distinct,
        "not" => Op::Not,
        "and" => Op::And,
        "or" => Op::Or,
        "xor" => Op::Xor,
        "=>" => Op::Implies,
        _ => return None,
    })
}

fn int_op(name: &str) -> Option<IntOp> {
    use IntOp::*;
    Some(match name {
        "-" => Sub,
        "+" => Add,
        "*" => Mul,
        "div" => Div,
        "mod" => Mod,
        "abs" => Abs,
        "<" => Lt,
        "<=" => Le,
        ">" => Gt,
        ">=" => Ge,
        _ => return None,
    })
}

fn bv_op(name: &str) -> Option<BvOp> {
    use BvOp::*;
    Some(match name {
        "concat" => Concat,
        "bvnot" => Not,
        "bvneg" => Neg,
        "bvand" => And,
        "bvor" => Or,
        "bvxor" => Xor,
        "bvnand" => Nand,
        "bvnor" => Nor,
        "bvxnor" => Xnor,
        "bvadd" => Add,
        "bvsub" => Sub,
        "bvmul" => Mul,
        "bvudiv" => Udiv,
        "bvurem" => Urem,
        "bvsdiv" => Sdiv,
        "bvsrem" => Srem,
        "bvsmod" => Smod,
        "bvshl" => Shl,
        "bvlshr" => Lshr,
        "bvashr" => Ashr,
        "bvcomp" => Comp,
        "bvult" => Ult,
        "bvule" => Ule,
        "bvugt" => Ugt,
        "bvuge" => Uge,
        "bvslt" => Slt,
        "bvsle" => Sle,
        "bvsgt" => Sgt,
        "bvsge" => Sge,
        _ => return None,
    })
}

fn indexed_op(name: &str, idx: &[u64]) -> Option<BvOp> {
    Some(match (name, idx) {
        ("extract", &[i, j]) => BvOp::Extract(i, j),
        ("zero_extend", &[k]) => BvOp::ZeroExt(k),
        ("sign_extend", &[k]) => BvOp::SignExt(k),
        ("repeat", &[k]) => BvOp::Repeat(k),
        ("rotate_left", &[k]) => BvOp::RotL(k),
        ("rotate_right", &[k]) => BvOp::RotR(k),
        _ => return None,
    })
}

const RESERVED: &[&str] = &[
    "true",
    "false",
    "let",
    "!",
    "_",
    "as",
    "forall",
    "exists",
    "match",
    "par",
    "lambda",
    "extract",
    "zero_extend",
    "sign_extend",
    "repeat",
    "rotate_left",
    "rotate_right",
];

fn is_builtin(name: &str) -> bool {
    RESERVED.contains(&name) || core_op(name).is_some() || int_op(name).is_some() || bv_op(name).is_some()
}

/// Why an application is ill-sorted: a sort error, or a width beyond the checker's limit.
enum SortErr {
    Ill(String),
    Limit(String),
}

fn ill<T>(m: impl Into<String>) -> Result<T, SortErr> {
    Err(SortErr::Ill(m.into()))
}

fn arity(s: &[Sort], min: usize, max: usize) -> Result<(), SortErr> {
    if s.len() < min || s.len() > max {
        let want = if min == max { format!("{min}") } else { format!("at least {min}") };
        return ill(format!("expects {want} arguments, got {}", s.len()));
    }
    Ok(())
}

fn all(s: &[Sort], want: Sort) -> Result<(), SortErr> {
    match s.iter().find(|&&x| x != want) {
        Some(x) => ill(format!("expects {want} arguments, got {x}")),
        None => Ok(()),
    }
}

fn core_sort(op: Op, s: &[Sort]) -> Result<Sort, SortErr> {
    match op {
        Op::Not => arity(s, 1, 1).and(all(s, Sort::Bool)).map(|()| Sort::Bool),
        Op::And | Op::Or => arity(s, 1, usize::MAX).and(all(s, Sort::Bool)).map(|()| Sort::Bool),
        Op::Xor | Op::Implies => arity(s, 2, usize::MAX).and(all(s, Sort::Bool)).map(|()| Sort::Bool),
        Op::Eq | Op::Distinct => {
            arity(s, 2, usize::MAX)?;
            all(s, s.first().copied().unwrap_or(Sort::Bool)).map(|()| Sort::Bool)
        }
        Op::Ite => match s {
            [Sort::Bool, a, b] if a == b => Ok(*a),
            _ => ill("expects (ite Bool s s)"),
        },
        Op::Int(o) => int_sort(o, s),
        Op::Bv(o) => bv_sort(o, s),
    }
}

fn int_sort(op: IntOp, s: &[Sort]) -> Result<Sort, SortErr> {
    all(s, Sort::Int)?;
    match op {
        IntOp::Sub => arity(s, 1, usize::MAX).map(|()| Sort::Int),
        IntOp::Add | IntOp::Mul | IntOp::Div => arity(s, 2, usize::MAX).map(|()| Sort::Int),
        IntOp::Mod => arity(s, 2, 2).map(|()| Sort::Int),
        IntOp::Abs => arity(s, 1, 1).map(|()| Sort::Int),
        IntOp::Lt | IntOp::Le | IntOp::Gt | IntOp::Ge => arity(s, 2, usize::MAX).map(|()| Sort::Bool),
    }
}

fn width(w: u64) -> Result<Sort, SortErr> {
    match u32::try_from(w) {
        Ok(w32) if (1..=MAX_WIDTH).contains(&w) => Ok(Sort::Bv(w32)),
        _ if w == 0 => ill("a bit-vector has width at least 1"),
        _ => Err(SortErr::Limit(format!("bit-vector width {w} exceeds {MAX_WIDTH}"))),
    }
}

fn bv_sort(op: BvOp, s: &[Sort]) -> Result<Sort, SortErr> {
    use BvOp::*;
    let mut ws = Vec::with_capacity(s.len());
    for x in s {
        match x {
            Sort::Bv(w) => ws.push(u64::from(*w)),
            other => return ill(format!("expects bit-vectors, got {other}")),
        }
    }
    let w = ws.first().copied().unwrap_or(0);
    let same = |min: usize, max: usize| {
        arity(s, min, max)?;
        if ws.iter().any(|&x| x != w) { ill("expects bit-vectors of one width") } else { Ok(()) }
    };
    match op {
        Concat => arity(s, 2, usize::MAX).and_then(|()| width(ws.iter().sum())),
        Extract(i, j) => {
            arity(s, 1, 1)?;
            if j <= i && i < w { width(i - j + 1) } else { ill(format!("extract {i} {j} outside width {w}")) }
        }
        ZeroExt(k) | SignExt(k) => arity(s, 1, 1).and_then(|()| width(w.saturating_add(k))),
        Repeat(k) => {
            arity(s, 1, 1)?;
            if k == 0 { ill("repeat needs k ≥ 1") } else { width(w.saturating_mul(k)) }
        }
        RotL(_) | RotR(_) | Not | Neg => arity(s, 1, 1).and_then(|()| width(w)),
        And | Or | Xor | Add | Mul => same(2, usize::MAX).and_then(|()| width(w)),
        Comp => same(2, 2).map(|()| Sort::Bv(1)),
        Ult | Ule | Ugt | Uge | Slt | Sle | Sgt | Sge => same(2, 2).map(|()| Sort::Bool),
        Nand | Nor | Xnor | Sub | Udiv | Urem | Sdiv | Srem | Smod | Shl | Lshr | Ashr => {
            same(2, 2).and_then(|()| width(w))
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Elaboration: S-expressions to sort-checked terms

#[derive(Debug, Clone)]
enum Term {
    Lit(Val),
    /// A declared constant, by declaration index.
    Const(usize),
    /// A let-bound name or parameter, by its slot in the current environment.
    Var(usize),
    /// A `define-fun` (or `:named` term), by index, applied to arguments.
    Call(usize, Vec<Term>),
    /// Parallel bindings pushed onto the environment for the body.
    Let(Vec<Term>, Box<Term>),
    App(Op, Vec<Term>),
}

impl Term {
    /// Whether the term mentions no name bound outside it: no slot below `base`.
    fn closed(&self, base: usize) -> bool {
        match self {
            Term::Var(i) => *i >= base,
            Term::Lit(_) | Term::Const(_) => true,
            Term::Call(_, args) | Term::App(_, args) => args.iter().all(|a| a.closed(base)),
            Term::Let(binds, body) => binds.iter().all(|b| b.closed(base)) && body.closed(base),
        }
    }
}

struct Def {
    /// Slots below the parameters, unused by the body (a `:named` term inside a let).
    base: usize,
    params: Vec<Sort>,
    sort: Sort,
    body: Term,
}

#[derive(Clone, Copy)]
enum Global {
    Const(usize),
    Def(usize),
}

struct Assertion {
    term: Term,
    text: String,
}

/// The script as read so far.
struct Script<'s> {
    text: &'s str,
    claimed: &'s str,
    logic: Option<String>,
    ints: bool,
    bits: bool,
    consts: Vec<(String, Sort)>,
    defs: Vec<Def>,
    globals: HashMap<String, Global>,
    asserts: Vec<Assertion>,
    checked: bool,
    /// `(exit)` has been read; only inert commands may follow.
    exited: bool,
    scope: Vec<(String, Sort)>,
}

fn malformed<T>(m: impl Into<String>, at: usize) -> Result<T, Problem> {
    Err(Problem::Malformed(m.into(), at))
}

fn ill_sorted<T>(m: impl Into<String>, at: usize) -> Result<T, Problem> {
    Err(Problem::IllSorted(m.into(), at))
}

fn unsupported<T>(m: impl Into<String>, at: usize) -> Result<T, Problem> {
    Err(Problem::Unsupported(m.into(), at))
}

fn small_numeral(s: &Sexp) -> Result<u64, Problem> {
    let Some(n) = s.numeral() else { return ill_sorted("expected a numeral index", s.at()) };
    n.parse().or_else(|_| unsupported("index too large", s.at()))
}

fn snippet(text: &str, from: usize, to: usize) -> String {
    let raw = text.get(from..to).unwrap_or_default();
    raw.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(80).collect()
}

impl<'s> Script<'s> {
    fn new(text: &'s str, claimed: &'s str) -> Self {
        Script {
            text,
            claimed,
            logic: None,
            ints: false,
            bits: false,
            consts: Vec::new(),
            defs: Vec::new(),
            globals: HashMap::new(),
            asserts: Vec::new(),
            checked: false,
            exited: false,
            scope: Vec::new(),
        }
    }

    fn command(&mut self, c: &Sexp) -> Result<(), Problem> {
        let Sexp::List(items, at, end) = c else { return malformed("expected a command `( … )`", c.at()) };
        let Some((head, args)) = items.split_first() else { return malformed("empty command", *at) };
        let Some(name) = head.symbol() else { return malformed("expected a command name", head.at()) };
        let inert = matches!(name, "set-info" | "set-option" | "get-model" | "get-value" | "get-info" | "echo");
        if inert {
            return Ok(());
        }
        // Commands after `exit` are never run by a solver; a script that carries any is not one
        // whose meaning the replay can vouch for.
        if self.exited {
            return unsupported(format!("`{name}` after exit"), *at);
        }
        if name == "exit" {
            self.exited = true;
            return Ok(());
        }
        if self.checked {
            return unsupported(format!("`{name}` after check-sat"), *at);
        }
        match name {
            "set-logic" => self.set_logic(args, *at),
            "check-sat" if args.is_empty() => {
                self.checked = true;
                Ok(())
            }
            "check-sat" => malformed("check-sat takes no arguments", *at),
            "declare-const" | "declare-fun" | "define-fun" | "assert" => {
                if self.logic.is_none() {
                    return unsupported(format!("`{name}` before any set-logic"), *at);
                }
                match name {
                    "declare-const" => self.declare(args, false, *at),
                    "declare-fun" => self.declare_fun(args, *at),
                    "define-fun" => self.define(args, *at),
                    _ => self.assert(args, *at, *end),
                }
            }
            _ => unsupported(format!("the command `{name}` is outside the supported fragment"), *at),
        }
    }

    fn set_logic(&mut self, args: &[Sexp], at: usize) -> Result<(), Problem> {
        if self.logic.is_some() || !self.consts.is_empty() || !self.defs.is_empty() || !self.asserts.is_empty() {
            return malformed("set-logic must come once, before declarations", at);
        }
        let [l] = args else { return malformed("set-logic takes one symbol", at) };
        let Some(l) = l.symbol() else { return malformed("set-logic takes one symbol", at) };
        if !LOGICS.contains(&l) {
            return unsupported(format!("the logic {l} is outside QF_LIA, QF_IDL and QF_BV"), at);
        }
        if l != self.claimed {
            return unsupported(format!("the script sets {l} but the claim says {}", self.claimed), at);
        }
        self.ints = l != "QF_BV";
        self.bits = l == "QF_BV";
        self.logic = Some(l.to_owned());
        Ok(())
    }

    fn sort(&self, s: &Sexp) -> Result<Sort, Problem> {
        let at = s.at();
        match s {
            Sexp::Atom(Atom::Symbol(n), _) if n == "Bool" => Ok(Sort::Bool),
            Sexp::Atom(Atom::Symbol(n), _) if n == "Int" && self.ints => Ok(Sort::Int),
            Sexp::List(items, ..) if self.bits => match items.as_slice() {
                [u, b, w] if u.symbol() == Some("_") && b.symbol() == Some("BitVec") => {
                    let Some(w) = w.numeral() else { return ill_sorted("a bit-vector width is a numeral", w.at()) };
                    width(w.parse::<u64>().unwrap_or(u64::MAX)).or_else(|e| sort_problem(e, at))
                }
                _ => ill_sorted("unknown sort", at),
            },
            _ => ill_sorted(format!("not a sort of {}", self.logic.as_deref().unwrap_or("the logic")), at),
        }
    }

    /// Binds a new global name; every binding goes through here, so no name is bound twice.
    fn bind(&mut self, name: &str, global: Global, at: usize) -> Result<(), Problem> {
        if self.globals.contains_key(name) || is_builtin(name) {
            return malformed(format!("`{name}` is already declared or reserved"), at);
        }
        self.globals.insert(name.to_owned(), global);
        Ok(())
    }

    fn declare(&mut self, args: &[Sexp], fun: bool, at: usize) -> Result<(), Problem> {
        let (name, sort) = match (args, fun) {
            ([n, s], false) => (n, s),
            ([n, Sexp::List(params, ..), s], true) => {
                if !params.is_empty() {
                    return unsupported(
                        "declare-fun with arguments: uninterpreted functions are outside the fragment",
                        at,
                    );
                }
                (n, s)
            }
            _ => return malformed("expected (declare-const name sort) or (declare-fun name () sort)", at),
        };
        let Some(n) = name.symbol() else { return malformed("expected a symbol", name.at()) };
        let sort = self.sort(sort)?;
        self.bind(n, Global::Const(self.consts.len()), name.at())?;
        self.consts.push((n.to_owned(), sort));
        Ok(())
    }

    fn declare_fun(&mut self, args: &[Sexp], at: usize) -> Result<(), Problem> {
        self.declare(args, true, at)
    }

    fn define(&mut self, args: &[Sexp], at: usize) -> Result<(), Problem> {
        let [name, Sexp::List(params, ..), sort, body] = args else {
            return malformed("expected (define-fun name ((x s) …) sort body)", at);
        };
        let Some(n) = name.symbol() else { return malformed("expected a symbol", name.at()) };
        let mut scope = Vec::with_capacity(params.len());
        for p in params {
            let Sexp::List(pair, ..) = p else { return malformed("expected (name sort)", p.at()) };
            let [pn, ps] = pair.as_slice() else { return malformed("expected (name sort)", p.at()) };
            let Some(pn) = pn.symbol() else { return malformed("expected a parameter name", pn.at()) };
            if scope.iter().any(|(x, _): &(String, Sort)| x == pn) {
                return malformed(format!("parameter `{pn}` repeated"), p.at());
            }
            scope.push((pn.to_owned(), self.sort(ps)?));
        }
        let sort = self.sort(sort)?;
        self.scope = scope;
        let elaborated = self.term(body);
        let params: Vec<Sort> = std::mem::take(&mut self.scope).into_iter().map(|(_, s)| s).collect();
        let (body_term, got) = elaborated?;
        if got != sort {
            return ill_sorted(format!("`{n}` is declared {sort} but its body is {got}"), body.at());
        }
        // Bound only now, after the body: a body that binds `n` itself through `(! t :named n)`
        // makes this a second binding, refused rather than replacing the named term.
        self.bind(n, Global::Def(self.defs.len()), name.at())?;
        self.defs.push(Def { base: 0, params, sort, body: body_term });
        Ok(())
    }

    fn assert(&mut self, args: &[Sexp], at: usize, end: usize) -> Result<(), Problem> {
        let [t] = args else { return malformed("assert takes one term", at) };
        self.scope.clear();
        let (term, sort) = self.term(t)?;
        if sort != Sort::Bool {
            return ill_sorted(format!("an assertion must be Bool, not {sort}"), t.at());
        }
        self.asserts.push(Assertion { term, text: snippet(self.text, at, end) });
        Ok(())
    }

    fn term(&mut self, s: &Sexp) -> Result<(Term, Sort), Problem> {
        match s {
            Sexp::Atom(a, at) => self.atom_term(a, *at),
            Sexp::List(items, at, _) => self.list_term(items, *at),
        }
    }

    fn atom_term(&self, a: &Atom, at: usize) -> Result<(Term, Sort), Problem> {
        match a {
            Atom::Symbol(n) => self.symbol_term(n, at),
            Atom::Numeral(n) if self.ints && n.len() > MAX_NUMERAL_DIGITS => {
                unsupported(format!("a numeral longer than {MAX_NUMERAL_DIGITS} digits"), at)
            }
            Atom::Numeral(n) if self.ints => match n.parse::<BigInt>() {
                Ok(v) => Ok((Term::Lit(Val::Int(v)), Sort::Int)),
                Err(_) => malformed("invalid numeral", at),
            },
            Atom::Binary(d) | Atom::Hex(d) if self.bits => {
                let bits_per = if matches!(a, Atom::Binary(_)) { 1 } else { 4 };
                let sort = width((d.len() as u64).saturating_mul(bits_per)).or_else(|e| sort_problem(e, at))?;
                let radix = if bits_per == 1 { 2 } else { 16 };
                let Some(v) = BigUint::parse_bytes(d.as_bytes(), radix) else {
                    return malformed("invalid literal", at);
                };
                let Sort::Bv(w) = sort else { return malformed("invalid literal", at) };
                Ok((Term::Lit(Val::Bv(Bv { w, v })), sort))
            }
            Atom::Numeral(_) | Atom::Binary(_) | Atom::Hex(_) | Atom::Decimal(_) => {
                ill_sorted(format!("this literal is not in {}", self.logic.as_deref().unwrap_or("the logic")), at)
            }
            Atom::Str(_) | Atom::Keyword(_) => ill_sorted("a string or keyword is not a term here", at),
        }
    }

    fn symbol_term(&self, n: &str, at: usize) -> Result<(Term, Sort), Problem> {
        if let Some(slot) = self.scope.iter().rposition(|(x, _)| x == n) {
            let sort = self.scope.get(slot).map_or(Sort::Bool, |(_, s)| *s);
            return Ok((Term::Var(slot), sort));
        }
        match (n, self.globals.get(n)) {
            ("true", _) => Ok((Term::Lit(Val::Bool(true)), Sort::Bool)),
            ("false", _) => Ok((Term::Lit(Val::Bool(false)), Sort::Bool)),
            (_, Some(Global::Const(i))) => Ok((Term::Const(*i), self.consts.get(*i).map_or(Sort::Bool, |(_, s)| *s))),
            (_, Some(Global::Def(d))) => match self.defs.get(*d) {
                Some(def) if def.params.is_empty() => Ok((Term::Call(*d, Vec::new()), def.sort)),
                _ => ill_sorted(format!("`{n}` needs arguments"), at),
            },
            _ if is_builtin(n) => ill_sorted(format!("`{n}` is an operator, not a constant"), at),
            _ => ill_sorted(format!("undeclared symbol `{n}`"), at),
        }
    }

    fn list_term(&mut self, items: &[Sexp], at: usize) -> Result<(Term, Sort), Problem> {
        let Some((head, args)) = items.split_first() else { return malformed("empty application", at) };
        match head {
            Sexp::Atom(Atom::Symbol(h), _) => match h.as_str() {
                "let" => self.let_term(args, at),
                "!" => self.annotated(args, at),
                "_" => self.indexed_literal(args, at),
                "forall" | "exists" => ill_sorted("quantifiers are outside quantifier-free logics", at),
                "as" | "match" | "lambda" | "par" => unsupported(format!("`{h}` is outside the fragment"), at),
                _ => self.application(h, args, at),
            },
            Sexp::List(idx, ..) => {
                let Some((Some("_"), rest)) = idx.split_first().map(|(u, r)| (u.symbol(), r)) else {
                    return malformed("expected an operator", at);
                };
                let Some((name, nums)) = rest.split_first() else { return malformed("expected an operator", at) };
                let Some(name) = name.symbol() else { return malformed("expected an operator", at) };
                let nums = nums.iter().map(small_numeral).collect::<Result<Vec<_>, _>>()?;
                match indexed_op(name, &nums) {
                    Some(op) if self.bits => self.builtin(name, Op::Bv(op), args, at),
                    Some(_) => ill_sorted(format!("`{name}` is not in the logic"), at),
                    None => unsupported(format!("unknown indexed operator `{name}`"), at),
                }
            }
            Sexp::Atom(..) => ill_sorted("expected an operator", at),
        }
    }

    fn args(&mut self, args: &[Sexp]) -> Result<(Vec<Term>, Vec<Sort>), Problem> {
        let mut terms = Vec::with_capacity(args.len());
        let mut sorts = Vec::with_capacity(args.len());
        for a in args {
            let (t, s) = self.term(a)?;
            terms.push(t);
            sorts.push(s);
        }
        Ok((terms, sorts))
    }

    fn application(&mut self, h: &str, args: &[Sexp], at: usize) -> Result<(Term, Sort), Problem> {
        if self.scope.iter().any(|(x, _)| x == h) {
            return ill_sorted(format!("`{h}` is not a function"), at);
        }
        match self.globals.get(h).copied() {
            Some(Global::Def(d)) => return self.call(h, d, args, at),
            Some(Global::Const(_)) => return ill_sorted(format!("`{h}` is a constant, not a function"), at),
            None => {}
        }
        if let Some(op) = core_op(h) {
            return self.builtin(h, op, args, at);
        }
        match (int_op(h), bv_op(h)) {
            (Some(op), _) if self.ints => self.builtin(h, Op::Int(op), args, at),
            (_, Some(op)) if self.bits => self.builtin(h, Op::Bv(op), args, at),
            (Some(_), _) | (_, Some(_)) => {
                ill_sorted(format!("`{h}` is not in {}", self.logic.as_deref().unwrap_or("")), at)
            }
            _ => unsupported(format!("unknown operator `{h}`"), at),
        }
    }

    fn call(&mut self, h: &str, d: usize, args: &[Sexp], at: usize) -> Result<(Term, Sort), Problem> {
        let (terms, sorts) = self.args(args)?;
        let Some(def) = self.defs.get(d) else { return ill_sorted("unknown definition", at) };
        if def.params != sorts {
            return ill_sorted(format!("`{h}` applied to arguments of the wrong number or sort"), at);
        }
        Ok((Term::Call(d, terms), def.sort))
    }

    fn builtin(&mut self, h: &str, op: Op, args: &[Sexp], at: usize) -> Result<(Term, Sort), Problem> {
        let (terms, sorts) = self.args(args)?;
        match core_sort(op, &sorts) {
            Ok(sort) => Ok((Term::App(op, terms), sort)),
            Err(SortErr::Ill(m)) => ill_sorted(format!("`{h}` {m}"), at),
            Err(SortErr::Limit(m)) => unsupported(format!("`{h}`: {m}"), at),
        }
    }

    fn let_term(&mut self, args: &[Sexp], at: usize) -> Result<(Term, Sort), Problem> {
        let [Sexp::List(binds, ..), body] = args else { return malformed("expected (let ((x t) …) body)", at) };
        if binds.is_empty() {
            return malformed("let needs at least one binding", at);
        }
        let mut names: Vec<(String, Sort)> = Vec::with_capacity(binds.len());
        let mut terms = Vec::with_capacity(binds.len());
        for b in binds {
            let Sexp::List(pair, ..) = b else { return malformed("expected (name term)", b.at()) };
            let [n, t] = pair.as_slice() else { return malformed("expected (name term)", b.at()) };
            let Some(n) = n.symbol() else { return malformed("expected a symbol", n.at()) };
            if names.iter().any(|(x, _)| x == n) {
                return malformed(format!("`{n}` bound twice in one let"), b.at());
            }
            let (t, s) = self.term(t)?;
            names.push((n.to_owned(), s));
            terms.push(t);
        }
        let depth = self.scope.len();
        self.scope.extend(names);
        let body = self.term(body);
        self.scope.truncate(depth);
        let (body, sort) = body?;
        Ok((Term::Let(terms, Box::new(body)), sort))
    }

    fn annotated(&mut self, args: &[Sexp], at: usize) -> Result<(Term, Sort), Problem> {
        let Some((t, attrs)) = args.split_first() else { return malformed("expected (! term :attr …)", at) };
        let (term, sort) = self.term(t)?;
        let mut i = 0;
        while let Some(a) = attrs.get(i) {
            let Sexp::Atom(Atom::Keyword(k), kat) = a else { return malformed("expected an attribute", a.at()) };
            let value = attrs.get(i + 1).filter(|v| !matches!(v, Sexp::Atom(Atom::Keyword(_), _)));
            i += if value.is_some() { 2 } else { 1 };
            if k != "named" {
                continue;
            }
            let Some(n) = value.and_then(Sexp::symbol) else { return malformed(":named needs a symbol", *kat) };
            let base = self.scope.len();
            if !term.closed(base) {
                return malformed(format!("the term named `{n}` is not closed"), *kat);
            }
            self.bind(n, Global::Def(self.defs.len()), *kat)?;
            self.defs.push(Def { base, params: Vec::new(), sort, body: term.clone() });
        }
        Ok((term, sort))
    }

    fn indexed_literal(&self, args: &[Sexp], at: usize) -> Result<(Term, Sort), Problem> {
        let [n, w] = args else { return ill_sorted("an indexed identifier is not a term here", at) };
        let digits = n.symbol().and_then(|s| s.strip_prefix("bv")).filter(|d| !d.is_empty());
        let value = digits.and_then(|d| d.bytes().all(|c| c.is_ascii_digit()).then(|| d.parse::<BigUint>().ok()));
        let Some(Some(v)) = value else { return ill_sorted("expected (_ bvN w)", at) };
        if !self.bits {
            return ill_sorted("bit-vectors are not in the logic", at);
        }
        let Sort::Bv(w) = width(small_numeral(w)?).or_else(|e| sort_problem(e, at))? else {
            return ill_sorted("expected (_ bvN w)", at);
        };
        Ok((Term::Lit(Val::Bv(truncate(w, v))), Sort::Bv(w)))
    }
}

fn sort_problem<T>(e: SortErr, at: usize) -> Result<T, Problem> {
    match e {
        SortErr::Ill(m) => ill_sorted(m, at),
        SortErr::Limit(m) => unsupported(m, at),
    }
}

// ---------------------------------------------------------------------------------------------
// Bit-vector and integer semantics

fn ones(w: u32) -> BigUint {
    (BigUint::one() << w) - 1u32
}

fn truncate(w: u32, v: BigUint) -> Bv {
    Bv { w, v: v & ones(w) }
}

fn msb(a: &Bv) -> bool {
    a.w > 0 && a.v.bit(u64::from(a.w) - 1)
}

fn bvneg(a: &Bv) -> Bv {
    if a.v.is_zero() { a.clone() } else { Bv { w: a.w, v: (BigUint::one() << a.w) - &a.v } }
}

fn bvnot(a: &Bv) -> Bv {
    Bv { w: a.w, v: ones(a.w) ^ &a.v }
}

fn udiv(s: &Bv, t: &Bv) -> Bv {
    if t.v.is_zero() { Bv { w: s.w, v: ones(s.w) } } else { Bv { w: s.w, v: &s.v / &t.v } }
}

fn urem(s: &Bv, t: &Bv) -> Bv {
    if t.v.is_zero() { s.clone() } else { Bv { w: s.w, v: &s.v % &t.v } }
}

fn add(a: &Bv, b: &Bv) -> Bv {
    truncate(a.w, &a.v + &b.v)
}

/// `bvsdiv`, as SMT-LIB 2.6 defines it by the sign bits.
fn sdiv(s: &Bv, t: &Bv) -> Bv {
    match (msb(s), msb(t)) {
        (false, false) => udiv(s, t),
        (true, false) => bvneg(&udiv(&bvneg(s), t)),
        (false, true) => bvneg(&udiv(s, &bvneg(t))),
        (true, true) => udiv(&bvneg(s), &bvneg(t)),
    }
}

/// `bvsrem`, as SMT-LIB 2.6 defines it by the sign bits.
fn srem(s: &Bv, t: &Bv) -> Bv {
    match (msb(s), msb(t)) {
        (false, false) => urem(s, t),
        (true, false) => bvneg(&urem(&bvneg(s), t)),
        (false, true) => urem(s, &bvneg(t)),
        (true, true) => bvneg(&urem(&bvneg(s), &bvneg(t))),
    }
}

/// `bvsmod`, as SMT-LIB 2.6 defines it by the sign bits.
fn smod(s: &Bv, t: &Bv) -> Bv {
    let (ms, mt) = (msb(s), msb(t));
    let abs_s = if ms { bvneg(s) } else { s.clone() };
    let abs_t = if mt { bvneg(t) } else { t.clone() };
    let u = urem(&abs_s, &abs_t);
    if u.v.is_zero() {
        return u;
    }
    match (ms, mt) {
        (false, false) => u,
        (true, false) => add(&bvneg(&u), t),
        (false, true) => add(&u, t),
        (true, true) => bvneg(&u),
    }
}

/// The shift distance, if below the width.
fn distance(a: &Bv, t: &Bv) -> Option<u32> {
    t.v.to_u32().filter(|&d| d < a.w)
}

fn shl(a: &Bv, t: &Bv) -> Bv {
    match distance(a, t) {
        Some(d) => truncate(a.w, &a.v << d),
        None => Bv { w: a.w, v: BigUint::zero() },
    }
}

fn lshr(a: &Bv, t: &Bv) -> Bv {
    match distance(a, t) {
        Some(d) => Bv { w: a.w, v: &a.v >> d },
        None => Bv { w: a.w, v: BigUint::zero() },
    }
}

fn ashr(a: &Bv, t: &Bv) -> Bv {
    if msb(a) { bvnot(&lshr(&bvnot(a), t)) } else { lshr(a, t) }
}

fn concat(a: &Bv, b: &Bv) -> Bv {
    Bv { w: a.w + b.w, v: (&a.v << b.w) | &b.v }
}

fn rotl(a: &Bv, k: u64) -> Bv {
    let k = narrow(k % u64::from(a.w.max(1)));
    if k == 0 { a.clone() } else { truncate(a.w, (&a.v << k) | (&a.v >> (a.w - k))) }
}

fn repeat(a: &Bv, k: u64) -> Bv {
    // Binary doubling: `p` holds `pn` copies; every copy is the same, so order is irrelevant.
    let (mut res, mut rn) = (BigUint::zero(), 0u64);
    let (mut p, mut pn, mut k) = (a.v.clone(), 1u64, k);
    let w = u64::from(a.w);
    while k > 0 {
        if k & 1 == 1 {
            res = (res << (pn * w)) | &p;
            rn += pn;
        }
        k >>= 1;
        if k > 0 {
            p = (&p << (pn * w)) | &p;
            pn *= 2;
        }
    }
    Bv { w: u32::try_from(rn * w).unwrap_or(u32::MAX), v: res }
}

/// Signed order via the sign-flip of the top bit.
fn signed_key(a: &Bv) -> BigUint {
    &a.v ^ (BigUint::one() << a.w.saturating_sub(1))
}

/// SMT-LIB's Euclidean division: `m = n·q + r` with `0 ≤ r < |n|`; `None` for `n = 0`.
fn euclid(m: &BigInt, n: &BigInt) -> Option<(BigInt, BigInt)> {
    if n.is_zero() {
        return None;
    }
    let r = m.mod_floor(&n.abs());
    let q = (m - &r) / n;
    Some((q, r))
}

// ---------------------------------------------------------------------------------------------
// Evaluation

/// Why evaluation stopped short of a value.
enum Halt {
    DivZero(&'static str),
    Limit(String),
    Interrupted,
    Internal,
}

struct Machine<'a> {
    defs: &'a [Def],
    consts: &'a [Val],
    cache: Vec<Option<Val>>,
    steps: u64,
    depth: usize,
    stop: &'a dyn Fn() -> bool,
}

fn as_int(v: &Val) -> Result<&BigInt, Halt> {
    if let Val::Int(i) = v { Ok(i) } else { Err(Halt::Internal) }
}

fn as_bv(v: &Val) -> Result<&Bv, Halt> {
    if let Val::Bv(b) = v { Ok(b) } else { Err(Halt::Internal) }
}

fn as_bool(v: &Val) -> Result<bool, Halt> {
    if let Val::Bool(b) = v { Ok(*b) } else { Err(Halt::Internal) }
}

fn chain<T>(xs: &[T], rel: impl Fn(&T, &T) -> bool) -> Val {
    Val::Bool(xs.windows(2).all(|p| matches!(p, [a, b] if rel(a, b))))
}

fn int_apply(op: IntOp, vals: &[Val]) -> Result<Val, Halt> {
    let xs = vals.iter().map(as_int).collect::<Result<Vec<_>, _>>()?;
    let (first, rest) = xs.split_first().ok_or(Halt::Internal)?;
    let first = (*first).clone();
    Ok(match op {
        IntOp::Sub if rest.is_empty() => Val::Int(-first),
        IntOp::Sub => Val::Int(rest.iter().fold(first, |a, b| a - *b)),
        IntOp::Add => Val::Int(rest.iter().fold(first, |a, b| a + *b)),
        IntOp::Mul => {
            let mut acc = first;
            for b in rest {
                if acc.bits().saturating_add(b.bits()) > MAX_INT_BITS {
                    return Err(Halt::Limit(format!("a product exceeds {MAX_INT_BITS} bits")));
                }
                acc *= *b;
            }
            Val::Int(acc)
        }
        IntOp::Div => {
            let mut acc = first;
            for b in rest {
                acc = euclid(&acc, b).ok_or(Halt::DivZero("div"))?.0;
            }
            Val::Int(acc)
        }
        IntOp::Mod => Val::Int(euclid(&first, rest.first().ok_or(Halt::Internal)?).ok_or(Halt::DivZero("mod"))?.1),
        IntOp::Abs => Val::Int(first.abs()),
        IntOp::Lt => chain(&xs, |a, b| a < b),
        IntOp::Le => chain(&xs, |a, b| a <= b),
        IntOp::Gt => chain(&xs, |a, b| a > b),
        IntOp::Ge => chain(&xs, |a, b| a >= b),
    })
}

/// An index already bounded by sort checking (at most [`MAX_WIDTH`]).
fn narrow(k: u64) -> u32 {
    u32::try_from(k.min(MAX_WIDTH)).unwrap_or(u32::MAX)
}

fn bv_apply(op: BvOp, vals: &[Val]) -> Result<Val, Halt> {
    use BvOp::*;
    let xs = vals.iter().map(as_bv).collect::<Result<Vec<_>, _>>()?;
    let (a, rest) = xs.split_first().ok_or(Halt::Internal)?;
    let a = *a;
    let fold = |f: &dyn Fn(&Bv, &Bv) -> Bv| rest.iter().fold(a.clone(), |acc, x| f(&acc, x));
    let b = if matches!(op, Extract(..) | ZeroExt(_) | SignExt(_) | Repeat(_) | RotL(_) | RotR(_) | Not | Neg) {
        a
    } else {
        rest.first().copied().ok_or(Halt::Internal)?
    };
    let r = match op {
        Concat => fold(&concat),
        Extract(i, j) => truncate(narrow(i.saturating_sub(j).saturating_add(1)), &a.v >> j),
        ZeroExt(k) => Bv { w: a.w.saturating_add(narrow(k)), v: a.v.clone() },
        SignExt(k) if msb(a) => {
            let w = a.w.saturating_add(narrow(k));
            Bv { w, v: &a.v | (ones(w) ^ ones(a.w)) }
        }
        SignExt(k) => Bv { w: a.w.saturating_add(narrow(k)), v: a.v.clone() },
        Repeat(k) => repeat(a, k),
        RotL(k) => rotl(a, k),
        RotR(k) => rotl(a, u64::from(a.w) - k % u64::from(a.w.max(1))),
        Not => bvnot(a),
        Neg => bvneg(a),
        And => fold(&|x, y| Bv { w: x.w, v: &x.v & &y.v }),
        Or => fold(&|x, y| Bv { w: x.w, v: &x.v | &y.v }),
        Xor => fold(&|x, y| Bv { w: x.w, v: &x.v ^ &y.v }),
        Add => fold(&add),
        Mul => fold(&|x, y| truncate(x.w, &x.v * &y.v)),
        Nand => Bv { w: a.w, v: ones(a.w) ^ (&a.v & &b.v) },
        Nor => Bv { w: a.w, v: ones(a.w) ^ (&a.v | &b.v) },
        Xnor => Bv { w: a.w, v: ones(a.w) ^ (&a.v ^ &b.v) },
        Sub => add(a, &bvneg(b)),
        Udiv => udiv(a, b),
        Urem => urem(a, b),
        Sdiv => sdiv(a, b),
        Srem => srem(a, b),
        Smod => smod(a, b),
        Shl => shl(a, b),
        Lshr => lshr(a, b),
        Ashr => ashr(a, b),
        Comp => Bv { w: 1, v: BigUint::from(u8::from(a == b)) },
        Ult => return Ok(Val::Bool(a.v < b.v)),
        Ule => return Ok(Val::Bool(a.v <= b.v)),
        Ugt => return Ok(Val::Bool(a.v > b.v)),
        Uge => return Ok(Val::Bool(a.v >= b.v)),
        Slt => return Ok(Val::Bool(signed_key(a) < signed_key(b))),
        Sle => return Ok(Val::Bool(signed_key(a) <= signed_key(b))),
        Sgt => return Ok(Val::Bool(signed_key(a) > signed_key(b))),
        Sge => return Ok(Val::Bool(signed_key(a) >= signed_key(b))),
    };
    Ok(Val::Bv(r))
}

fn apply(op: Op, vals: &[Val]) -> Result<Val, Halt> {
    match op {
        Op::Eq => Ok(chain(vals, |a, b| a == b)),
        Op::Distinct => {
            let mut seen = HashSet::with_capacity(vals.len());
            Ok(Val::Bool(vals.iter().all(|v| seen.insert(v))))
        }
        Op::Not => Ok(Val::Bool(!as_bool(vals.first().ok_or(Halt::Internal)?)?)),
        Op::Xor => vals.iter().try_fold(false, |acc, v| Ok(acc ^ as_bool(v)?)).map(Val::Bool),
        Op::Int(o) => int_apply(o, vals),
        Op::Bv(o) => bv_apply(o, vals),
        Op::Ite | Op::And | Op::Or | Op::Implies => Err(Halt::Internal),
    }
}

impl Machine<'_> {
    fn eval(&mut self, t: &Term, env: &mut Vec<Val>) -> Result<Val, Halt> {
        self.steps += 1;
        if self.steps.is_multiple_of(STOP_EVERY) && (self.stop)() {
            return Err(Halt::Interrupted);
        }
        if self.steps > MAX_STEPS {
            return Err(Halt::Limit(format!("evaluation exceeds {MAX_STEPS} steps")));
        }
        if self.depth >= MAX_EVAL_DEPTH {
            return Err(Halt::Limit(format!("evaluation nests deeper than {MAX_EVAL_DEPTH}")));
        }
        self.depth += 1;
        let r = self.step(t, env);
        self.depth -= 1;
        r
    }

    fn step(&mut self, t: &Term, env: &mut Vec<Val>) -> Result<Val, Halt> {
        match t {
            Term::Lit(v) => Ok(v.clone()),
            Term::Const(i) => self.consts.get(*i).cloned().ok_or(Halt::Internal),
            Term::Var(i) => env.get(*i).cloned().ok_or(Halt::Internal),
            Term::Call(d, args) => self.call(*d, args, env),
            Term::Let(binds, body) => {
                let vals = self.eval_all(binds, env)?;
                let depth = env.len();
                env.extend(vals);
                let r = self.eval(body, env);
                env.truncate(depth);
                r
            }
            Term::App(op, args) => self.app(*op, args, env),
        }
    }

    fn call(&mut self, d: usize, args: &[Term], env: &mut Vec<Val>) -> Result<Val, Halt> {
        let defs = self.defs;
        let def = defs.get(d).ok_or(Halt::Internal)?;
        if args.is_empty()
            && let Some(Some(v)) = self.cache.get(d)
        {
            return Ok(v.clone());
        }
        let mut inner = vec![Val::Bool(false); def.base];
        inner.extend(self.eval_all(args, env)?);
        let v = self.eval(&def.body, &mut inner)?;
        if args.is_empty()
            && let Some(slot) = self.cache.get_mut(d)
        {
            *slot = Some(v.clone());
        }
        Ok(v)
    }

    fn eval_all(&mut self, ts: &[Term], env: &mut Vec<Val>) -> Result<Vec<Val>, Halt> {
        let mut vals = Vec::with_capacity(ts.len());
        for t in ts {
            let v = self.eval(t, env)?;
            vals.push(v);
        }
        Ok(vals)
    }

    fn truth(&mut self, t: &Term, env: &mut Vec<Val>) -> Result<bool, Halt> {
        as_bool(&self.eval(t, env)?)
    }

    fn app(&mut self, op: Op, args: &[Term], env: &mut Vec<Val>) -> Result<Val, Halt> {
        match op {
            Op::Ite => {
                let [c, a, b] = args else { return Err(Halt::Internal) };
                if self.truth(c, env)? { self.eval(a, env) } else { self.eval(b, env) }
            }
            Op::And | Op::Or => {
                let short = op == Op::Or;
                for a in args {
                    if self.truth(a, env)? == short {
                        return Ok(Val::Bool(short));
                    }
                }
                Ok(Val::Bool(!short))
            }
            Op::Implies => {
                let (last, init) = args.split_last().ok_or(Halt::Internal)?;
                for a in init {
                    if !self.truth(a, env)? {
                        return Ok(Val::Bool(true));
                    }
                }
                self.eval(last, env)
            }
            _ => {
                let vals = self.eval_all(args, env)?;
                apply(op, &vals)
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The model

fn parse_value(sort: Sort, text: &str) -> Result<Val, String> {
    let t = text.trim();
    if t.len() > MAX_NUMERAL_DIGITS + 8 {
        return Err(format!("longer than {MAX_NUMERAL_DIGITS} digits"));
    }
    match sort {
        Sort::Bool => match t {
            "true" => Ok(Val::Bool(true)),
            "false" => Ok(Val::Bool(false)),
            _ => Err("expected true or false".into()),
        },
        Sort::Int => {
            let digits = t.strip_prefix('-').unwrap_or(t);
            if !digits.is_empty() && digits.bytes().all(|c| c.is_ascii_digit()) {
                return t.parse().map(Val::Int).map_err(|_| "invalid integer".into());
            }
            match parse_one(t) {
                Some(Sexp::List(items, ..)) => match items.as_slice() {
                    [m, n] if m.symbol() == Some("-") => n
                        .numeral()
                        .and_then(|n| n.parse::<BigInt>().ok())
                        .map(|n| Val::Int(-n))
                        .ok_or_else(|| "expected (- n)".into()),
                    _ => Err("expected an integer".into()),
                },
                _ => Err("expected a decimal integer or (- n)".into()),
            }
        }
        Sort::Bv(w) => parse_bv(w, t).map(Val::Bv),
    }
}

fn parse_bv(w: u32, t: &str) -> Result<Bv, String> {
    let wrong = |got: u64| Err(format!("a value of width {got}, not {w}"));
    let v = match parse_one(t) {
        Some(Sexp::Atom(Atom::Binary(d), _)) => {
            if d.len() as u64 != u64::from(w) {
                return wrong(d.len() as u64);
            }
            BigUint::parse_bytes(d.as_bytes(), 2)
        }
        Some(Sexp::Atom(Atom::Hex(d), _)) => {
            if (d.len() as u64).saturating_mul(4) != u64::from(w) {
                return wrong((d.len() as u64).saturating_mul(4));
            }
            BigUint::parse_bytes(d.as_bytes(), 16)
        }
        Some(Sexp::List(items, ..)) => match items.as_slice() {
            [u, n, x] if u.symbol() == Some("_") => {
                let got = x.numeral().and_then(|x| x.parse::<u64>().ok()).unwrap_or(0);
                if got != u64::from(w) {
                    return wrong(got);
                }
                let d = n.symbol().and_then(|s| s.strip_prefix("bv")).filter(|d| d.bytes().all(|c| c.is_ascii_digit()));
                d.and_then(|d| BigUint::parse_bytes(d.as_bytes(), 10)).filter(|v| v.bits() <= u64::from(w))
            }
            _ => None,
        },
        _ => None,
    };
    v.map(|v| Bv { w, v }).ok_or_else(|| format!("expected #b…, #x… or (_ bvN {w})"))
}

/// Reads the model entries: one per declared constant, of its sort.
fn read_model(script: &Script<'_>, model: &Value) -> Read<Vec<Val>> {
    let Some(entries) = model.as_array() else {
        return evidence::fail("/candidate/model", "NOT_AN_ARRAY", "expected an array of entries");
    };
    let index: HashMap<&str, usize> = script.consts.iter().enumerate().map(|(i, (n, _))| (n.as_str(), i)).collect();
    let mut vals: Vec<Option<Val>> = vec![None; script.consts.len()];
    let mut seen = vec![false; script.consts.len()];
    let mut findings = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let path = format!("/candidate/model/{i}");
        match read_entry(script, &index, &mut seen, entry, &path) {
            Ok((k, v)) => {
                if let Some(slot) = vals.get_mut(k) {
                    *slot = Some(v);
                }
            }
            Err(f) => findings.extend(f),
        }
    }
    for ((name, _), s) in script.consts.iter().zip(&seen) {
        if !s {
            findings.push(Finding::at("/candidate/model", "MODEL_INCOMPLETE", format!("no entry for `{name}`")));
        }
    }
    if findings.is_empty() { Ok(vals.into_iter().flatten().collect()) } else { Err(findings) }
}

fn read_entry(
    script: &Script<'_>,
    index: &HashMap<&str, usize>,
    seen: &mut [bool],
    entry: &Value,
    path: &str,
) -> Read<(usize, Val)> {
    let e = evidence::object(entry, path, &["name", "sort", "value"])?;
    let name = evidence::string(&e["name"], &format!("{path}/name"))?;
    let name = name.strip_prefix('|').and_then(|n| n.strip_suffix('|')).unwrap_or(name);
    let sort_text = evidence::string(&e["sort"], &format!("{path}/sort"))?;
    let value = evidence::string(&e["value"], &format!("{path}/value"))?;
    let Some(&k) = index.get(name) else {
        return evidence::fail(path, "UNKNOWN_NAME", format!("the script declares no constant `{name}`"));
    };
    match seen.get_mut(k) {
        Some(true) => return evidence::fail(path, "DUPLICATE_ENTRY", format!("`{name}` has an earlier entry")),
        Some(s) => *s = true,
        None => {}
    }
    let declared = script.consts.get(k).map_or(Sort::Bool, |(_, s)| *s);
    let given = parse_one(sort_text).and_then(|s| script.sort(&s).ok());
    if given != Some(declared) {
        return evidence::fail(
            format!("{path}/sort"),
            "SORT_MISMATCH",
            format!("`{name}` is declared {declared}, the model gives `{sort_text}`"),
        );
    }
    match parse_value(declared, value) {
        Ok(v) => Ok((k, v)),
        Err(m) => evidence::fail(format!("{path}/value"), "INVALID_VALUE", format!("`{name}`: {m}")),
    }
}

// ---------------------------------------------------------------------------------------------
// Replay

fn place(text: &str, at: usize) -> String {
    let line = text.as_bytes().get(..at).map_or(0, |b| b.iter().filter(|&&c| c == b'\n').count()) + 1;
    format!("byte {at} (line {line})")
}

fn problem(text: &str, p: Problem) -> ReplayError {
    let reject = |code: &str, m: String, at: usize| {
        ReplayError::Rejected(vec![Finding::at(SCRIPT, code, format!("{m} at {}", place(text, at)))])
    };
    match p {
        Problem::Malformed(m, at) => reject("MALFORMED_SCRIPT", m, at),
        Problem::IllSorted(m, at) => reject("ILL_SORTED", m, at),
        Problem::Unsupported(m, at) => ReplayError::Inconclusive(format!("{m} at {}", place(text, at))),
    }
}

/// Replays `model` (the candidate's `model` array) against `script` claimed to be in `logic`.
///
/// Returns the acceptance summary, or why the model is not accepted. Never stops early; see
/// [`replay_until`] for a stoppable replay.
pub fn replay(script: &str, logic: &str, model: &Value) -> Result<String, ReplayError> {
    replay_until(script, logic, model, &|| false)
}

/// [`replay`], polling `stop` every few thousand evaluation steps and returning
/// [`ReplayError::Interrupted`] once it answers true.
///
/// The replay runs on a thread of its own with a [`REPLAY_STACK_BYTES`] stack, so that its
/// bounded recursion never depends on the caller's stack size.
pub fn replay_until(
    script: &str,
    logic: &str,
    model: &Value,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<String, ReplayError> {
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("smt-model-replay".into())
            .stack_size(REPLAY_STACK_BYTES)
            .spawn_scoped(scope, || replay_here(script, logic, model, stop));
        match worker.map(|w| w.join()) {
            Ok(Ok(r)) => r,
            Ok(Err(_)) => Err(ReplayError::Inconclusive("the replay failed internally".into())),
            Err(e) => Err(ReplayError::Inconclusive(format!("no replay thread: {e}"))),
        }
    })
}

fn replay_here(script: &str, logic: &str, model: &Value, stop: &dyn Fn() -> bool) -> Result<String, ReplayError> {
    if script.len() > MAX_SCRIPT_BYTES {
        return Err(ReplayError::Inconclusive(format!("the script exceeds {MAX_SCRIPT_BYTES} bytes")));
    }
    if !LOGICS.contains(&logic) {
        return Err(ReplayError::Inconclusive(format!("the logic {logic} is outside QF_LIA, QF_IDL and QF_BV")));
    }
    let sexps = parse(script).map_err(|p| problem(script, p))?;
    let mut s = Script::new(script, logic);
    for c in &sexps {
        s.command(c).map_err(|p| problem(script, p))?;
    }
    if s.logic.is_none() {
        return Err(ReplayError::Inconclusive("the script sets no logic".into()));
    }
    if stop() {
        return Err(ReplayError::Interrupted);
    }
    let consts = read_model(&s, model).map_err(ReplayError::Rejected)?;
    evaluate(&s, &consts, stop)
}

fn evaluate(s: &Script<'_>, consts: &[Val], stop: &dyn Fn() -> bool) -> Result<String, ReplayError> {
    let mut m = Machine { defs: &s.defs, consts, cache: vec![None; s.defs.len()], steps: 0, depth: 0, stop };
    let mut findings = Vec::new();
    let mut undecided = None;
    for (i, a) in s.asserts.iter().enumerate() {
        let n = i + 1;
        match m.eval(&a.term, &mut Vec::new()) {
            Ok(Val::Bool(true)) => {}
            Ok(_) => findings.push(Finding::at(
                SCRIPT,
                "ASSERTION_FALSE",
                format!("assertion {n} is false under the model: {}", a.text),
            )),
            Err(Halt::Interrupted) => return Err(ReplayError::Interrupted),
            Err(Halt::DivZero(op)) => {
                undecided.get_or_insert(format!(
                    "assertion {n} evaluates `{op}` by zero, which SMT-LIB leaves unspecified \
                     (a model may interpret it freely), so the model alone does not decide it: {}",
                    a.text
                ));
            }
            Err(Halt::Limit(m)) => {
                undecided.get_or_insert(format!("assertion {n}: {m}"));
            }
            Err(Halt::Internal) => {
                undecided.get_or_insert(format!("assertion {n}: internal sort inconsistency"));
            }
        }
    }
    if !findings.is_empty() {
        return Err(ReplayError::Rejected(findings));
    }
    if let Some(reason) = undecided {
        return Err(ReplayError::Inconclusive(reason));
    }
    Ok(format!(
        "{} assertions true under the model ({}, {} constants)",
        s.asserts.len(),
        s.logic.as_deref().unwrap_or(""),
        consts.len()
    ))
}

// ---------------------------------------------------------------------------------------------
// The checker

/// Checks an SMT model by evaluating the script's assertions under it.
pub struct ModelReplay;

fn rejected<T>(findings: Vec<Finding>) -> Result<Result<T, Verdict>, CheckError> {
    Ok(Err(Verdict::Rejected { findings }))
}

/// The claim's script artifact (as text), logic and the candidate's model, or the verdict
/// already reached.
fn read(e: &Evidence, cx: &CheckContext) -> Result<Result<(String, String, Value), Verdict>, CheckError> {
    if let Err(f) = evidence::header(e, MODEL_EVIDENCE, SEMANTICS, FORMAT) {
        return rejected(f);
    }
    let (claim, cand) = match (
        evidence::object(&e.claim, "/claim", &["script", "logic"]),
        evidence::object(&e.candidate, "/candidate", &["model"]),
    ) {
        (Ok(c), Ok(m)) => (c, m),
        (c, m) => return rejected(c.err().into_iter().chain(m.err()).flatten().collect()),
    };
    let logic = match evidence::string(&claim["logic"], "/claim/logic") {
        Ok(l) => l.to_owned(),
        Err(f) => return rejected(f),
    };
    let bytes = match evidence::artifact_bytes(e, cx, &claim["script"], SCRIPT)? {
        Ok((_, bytes)) => bytes,
        Err(f) => return rejected(f),
    };
    if bytes.len() > MAX_SCRIPT_BYTES {
        let reason = format!("the script exceeds {MAX_SCRIPT_BYTES} bytes");
        return Ok(Err(Verdict::Inconclusive { reason }));
    }
    match std::str::from_utf8(&bytes) {
        Ok(text) => Ok(Ok((text.to_owned(), logic, cand["model"].clone()))),
        Err(_) => rejected(vec![Finding::at(SCRIPT, "NOT_UTF8", "the script is not UTF-8 text")]),
    }
}

impl Checker for ModelReplay {
    fn identity(&self) -> &CheckerIdentity {
        &IDENTITY
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[MODEL_EVIDENCE]
    }

    fn check(&self, e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        if cx.should_stop() {
            return Err(CheckError::Interrupted);
        }
        let (script, logic, model) = match read(e, cx)? {
            Ok(t) => t,
            Err(verdict) => return Ok(verdict),
        };
        match replay_until(&script, &logic, &model, &|| cx.should_stop()) {
            Ok(summary) => Ok(Verdict::Accepted { summary }),
            Err(ReplayError::Rejected(findings)) => Ok(Verdict::Rejected { findings }),
            Err(ReplayError::Inconclusive(reason)) => Ok(Verdict::Inconclusive { reason }),
            Err(ReplayError::Interrupted) => Err(CheckError::Interrupted),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jacobian_runtime::artifact::{ArtifactReader, ArtifactStore, ArtifactUri, MemoryArtifactStore, NewArtifact};
    use jacobian_runtime::{CancellationToken, Digest, Scope};
    use proptest::prelude::*;
    use serde_json::json;
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    fn entry(name: &str, sort: &str, value: &str) -> Value {
        json!({"name": name, "sort": sort, "value": value})
    }

    fn codes(r: &Result<String, ReplayError>) -> Vec<String> {
        match r {
            Err(ReplayError::Rejected(f)) => f.iter().map(|f| f.code.clone()).collect(),
            other => panic!("expected a rejection, got {other:?}"),
        }
    }

    fn inconclusive(r: &Result<String, ReplayError>) -> &str {
        match r {
            Err(ReplayError::Inconclusive(reason)) => reason,
            other => panic!("expected inconclusive, got {other:?}"),
        }
    }

    const LIA: &str = r#"
        (set-logic QF_LIA)
        (set-info :status sat)
        (set-info :source |a "quoted" source|)
        (set-option :produce-models true)
        ; a comment (with parentheses
        (declare-const x Int)
        (declare-fun y () Int)
        (declare-const |a b| Int)
        (declare-const p Bool)
        (define-fun twice ((z Int)) Int (* 2 z))
        (define-fun bound () Int 10)
        (define-fun between ((lo Int) (v Int) (hi Int)) Bool (and (<= lo v) (< v hi)))
        (assert (! (< (twice x) bound) :named small :weight 3))
        (assert (=> small (>= (+ x y) (- 3))))
        (assert (let ((s (+ x y)) (x y)) (and (= s 2) (= x y))))
        (assert (= (ite p x y) |a b|))
        (assert (distinct x y))
        (assert (< y 0 x bound))
        (assert (= x 4 (+ 2 2) (- 10 3 3)))
        (assert (between (- 5) y 0))
        (assert (= (div (- 7) 2) (- 4)))
        (assert (= (mod (- 7) 2) 1))
        (assert (= (div 7 (- 2)) (- 3)))
        (assert (= (mod 7 (- 2)) 1))
        (assert (= (div (- 7) (- 2)) 4))
        (assert (= (mod (- 7) (- 2)) 1))
        (assert (= (mod (- x) 3) 2))
        (assert (= (div 100 x 5) 5))
        (assert (= (abs y) 2))
        (assert (xor p (> x 0)))
        (assert (not (or p (= x 0))))
        (assert (! (> (let ((k 3)) (+ k x)) 0) :named pos))
        (assert pos)
        (check-sat)
        (get-model)
        (get-value (x y))
        (exit)
        (get-model)
    "#;

    fn lia_model(x: &str) -> Value {
        json!([
            entry("x", "Int", x),
            entry("y", "Int", "(- 2)"),
            entry("a b", "Int", "-2"),
            entry("p", " Bool ", "false")
        ])
    }

    #[test]
    fn a_lia_model_replays() {
        let r = replay(LIA, "QF_LIA", &lia_model("4"));
        assert_eq!(r, Ok("21 assertions true under the model (QF_LIA, 4 constants)".into()));
        // QF_IDL shares the Ints signature.
        assert!(replay(&LIA.replace("QF_LIA", "QF_IDL"), "QF_IDL", &lia_model("4")).is_ok());
    }

    #[test]
    fn a_tampered_lia_model_is_rejected() {
        let r = replay(LIA, "QF_LIA", &lia_model("5"));
        assert!(codes(&r).iter().all(|c| c == "ASSERTION_FALSE"), "{r:?}");
        let Err(ReplayError::Rejected(f)) = r else { panic!() };
        assert!(f[0].message.contains("assertion 1 is false"), "{}", f[0].message);
        assert!(f[0].message.contains("(assert (! (< (twice x) bound)"), "{}", f[0].message);
        assert_eq!(f[0].path.as_deref(), Some("/claim/script"));
    }

    #[test]
    fn euclidean_division_meets_its_definition() {
        for m in -30i64..=30 {
            for n in (-7i64..=7).filter(|&n| n != 0) {
                let (q, r) = euclid(&BigInt::from(m), &BigInt::from(n)).unwrap();
                let (q, r) = (q.to_i64().unwrap(), r.to_i64().unwrap());
                assert_eq!(m, n * q + r, "{m} {n}");
                assert!(0 <= r && r < n.abs(), "{m} {n}");
            }
        }
        assert!(euclid(&BigInt::from(3), &BigInt::zero()).is_none());
    }

    #[test]
    fn integer_division_by_zero_is_inconclusive() {
        let s = "(set-logic QF_LIA)(declare-const x Int)(assert (= (div x 0) 1))";
        let r = replay(s, "QF_LIA", &json!([entry("x", "Int", "3")]));
        assert!(inconclusive(&r).contains("unspecified"), "{r:?}");
        let s = "(set-logic QF_LIA)(declare-const x Int)(assert (= (mod x 0) 1))";
        assert!(inconclusive(&replay(s, "QF_LIA", &json!([entry("x", "Int", "3")]))).contains("mod"));
        // A false assertion elsewhere still rejects.
        let s = "(set-logic QF_LIA)(assert (= (mod 1 0) 1))(assert false)";
        assert_eq!(codes(&replay(s, "QF_LIA", &json!([]))), ["ASSERTION_FALSE"]);
        // A short-circuited branch is never evaluated.
        let s = "(set-logic QF_LIA)(assert (or true (= (mod 1 0) 1)))(assert (ite false (= (div 1 0) 0) true))";
        assert!(replay(s, "QF_LIA", &json!([])).is_ok());
    }

    #[test]
    fn big_integers_are_exact() {
        let big = "123456789012345678901234567890";
        let s = format!("(set-logic QF_LIA)(declare-const x Int)(assert (= (* x x) {}))", {
            let b: BigInt = big.parse().unwrap();
            b.clone() * b
        });
        assert!(replay(&s, "QF_LIA", &json!([entry("x", "Int", &format!("-{big}"))])).is_ok());
        // Repeated squaring through lets stops at the size limit instead of exhausting memory.
        let mut t = String::from("x");
        for i in 0..40 {
            t = format!("(let ((s{i} {t})) (* s{i} s{i}))");
        }
        let s = format!("(set-logic QF_LIA)(declare-const x Int)(assert (> {t} 0))");
        let r = replay(&s, "QF_LIA", &json!([entry("x", "Int", "3")]));
        assert!(inconclusive(&r).contains("bits"), "{r:?}");
    }

    #[test]
    fn lets_are_not_expanded_exponentially() {
        let mut t = String::from("x");
        for i in 0..60 {
            t = format!("(let ((a{i} (+ {t} 0))) (+ a{i} a{i}))");
        }
        let s = format!("(set-logic QF_LIA)(declare-const x Int)(assert (> {t} 0))");
        assert!(replay(&s, "QF_LIA", &json!([entry("x", "Int", "1")])).is_ok());
    }

    // ------------------------------------------------------------------ bit-vectors

    macro_rules! reference {
        ($name:ident, $u:ty, $i:ty) => {
            /// The SMT-LIB operator on native integers.
            fn $name(op: &str, a: $u, b: $u) -> $u {
                let w = <$u>::BITS;
                let (sa, sb) = (a as $i, b as $i);
                let big = u32::from(b) >= w;
                match op {
                    "bvadd" => a.wrapping_add(b),
                    "bvsub" => a.wrapping_sub(b),
                    "bvmul" => a.wrapping_mul(b),
                    "bvudiv" => a.checked_div(b).unwrap_or(<$u>::MAX),
                    "bvurem" => a.checked_rem(b).unwrap_or(a),
                    "bvsdiv" if b == 0 => {
                        if sa < 0 {
                            1
                        } else {
                            <$u>::MAX
                        }
                    }
                    "bvsdiv" => sa.wrapping_div(sb) as $u,
                    "bvsrem" if b == 0 => a,
                    "bvsrem" => sa.wrapping_rem(sb) as $u,
                    "bvsmod" if b == 0 => a,
                    "bvsmod" => {
                        let r = sa.wrapping_rem(sb);
                        (if r != 0 && (r < 0) != (sb < 0) { r.wrapping_add(sb) } else { r }) as $u
                    }
                    "bvshl" => {
                        if big {
                            0
                        } else {
                            a << b
                        }
                    }
                    "bvlshr" => {
                        if big {
                            0
                        } else {
                            a >> b
                        }
                    }
                    "bvashr" => (if big { if sa < 0 { -1 } else { 0 } } else { sa >> b }) as $u,
                    "bvand" => a & b,
                    "bvor" => a | b,
                    "bvxor" => a ^ b,
                    "bvnand" => !(a & b),
                    "bvnor" => !(a | b),
                    "bvxnor" => !(a ^ b),
                    "bvcomp" => <$u>::from(a == b),
                    "bvult" => <$u>::from(a < b),
                    "bvule" => <$u>::from(a <= b),
                    "bvugt" => <$u>::from(a > b),
                    "bvuge" => <$u>::from(a >= b),
                    "bvslt" => <$u>::from(sa < sb),
                    "bvsle" => <$u>::from(sa <= sb),
                    "bvsgt" => <$u>::from(sa > sb),
                    "bvsge" => <$u>::from(sa >= sb),
                    "bvnot" => !a,
                    "bvneg" => a.wrapping_neg(),
                    "rotate_left" => a.rotate_left(u32::from(b)),
                    "rotate_right" => a.rotate_right(u32::from(b)),
                    _ => panic!("no reference for {op}"),
                }
            }
        };
    }
    reference!(ref8, u8, i8);
    reference!(ref16, u16, i16);

    const BINARY: &[&str] = &[
        "bvadd", "bvsub", "bvmul", "bvudiv", "bvurem", "bvsdiv", "bvsrem", "bvsmod", "bvshl", "bvlshr", "bvashr",
        "bvand", "bvor", "bvxor", "bvnand", "bvnor", "bvxnor", "bvcomp",
    ];
    const PREDICATES: &[&str] = &["bvult", "bvule", "bvugt", "bvuge", "bvslt", "bvsle", "bvsgt", "bvsge"];

    /// A literal of width `w` in one of the three notations.
    fn lit(v: u64, w: u32, style: u8) -> String {
        let digits = w as usize;
        match if w.is_multiple_of(4) { style % 3 } else { 0 } {
            0 => format!("#b{v:0digits$b}"),
            1 => format!("#x{v:0width$x}", width = digits / 4),
            _ => format!("(_ bv{v} {w})"),
        }
    }

    /// `(assert (= (op a b) expected))` (or the predicate, negated when false), with a and b
    /// given by the model.
    fn bv_script(w: u32, term: &str, expected: Option<String>, holds: bool) -> String {
        let body = match expected {
            Some(e) => format!("(= {term} {e})"),
            None if holds => term.to_owned(),
            None => format!("(not {term})"),
        };
        format!(
            "(set-logic QF_BV)(declare-const a (_ BitVec {w}))(declare-fun b () (_ BitVec {w}))(assert {body})(check-sat)"
        )
    }

    fn bv_model(w: u32, a: u64, b: u64, style: u8) -> Value {
        let sort = format!("(_  BitVec\t{w})");
        json!([entry("a", &sort, &lit(a, w, style)), entry("b", &sort, &lit(b, w, style.wrapping_add(1)))])
    }

    /// Checks `op` on `a`, `b` against `expected` (of width w), and that a corrupted
    /// expectation is rejected.
    fn check_binary(w: u32, op: &str, a: u64, b: u64, expected: u64, flip: u64, style: u8) {
        let model = bv_model(w, a, b, style);
        let term = format!("({op} a b)");
        let rw = if op == "bvcomp" { 1 } else { w };
        let mask = if rw == 64 { u64::MAX } else { (1 << rw) - 1 };
        if PREDICATES.contains(&op) {
            let good = bv_script(w, &term, None, expected == 1);
            assert!(replay(&good, "QF_BV", &model).is_ok(), "{good} {model}");
            let bad = bv_script(w, &term, None, expected != 1);
            assert_eq!(codes(&replay(&bad, "QF_BV", &model)), ["ASSERTION_FALSE"], "{bad}");
            return;
        }
        let good = bv_script(w, &term, Some(lit(expected, rw, style)), true);
        assert_eq!(
            replay(&good, "QF_BV", &model),
            Ok("1 assertions true under the model (QF_BV, 2 constants)".into()),
            "{good} {model}"
        );
        let wrong = (expected ^ (flip & mask).max(1)) & mask;
        let bad = bv_script(w, &term, Some(lit(wrong, rw, style)), true);
        assert_eq!(codes(&replay(&bad, "QF_BV", &model)), ["ASSERTION_FALSE"], "{bad}");
    }

    const EDGES8: &[u8] = &[0, 1, 2, 3, 7, 8, 9, 0x7f, 0x80, 0x81, 0xf9, 0xfe, 0xff];
    const EDGES16: &[u16] = &[0, 1, 3, 15, 16, 17, 0x7fff, 0x8000, 0x8001, 0xfff0, 0xfffe, 0xffff];

    #[test]
    fn bv_edge_cases_match_native_arithmetic() {
        // Division by zero, shifts by the width or more, signed overflow (MIN / -1), negatives.
        let mut script = String::from("(set-logic QF_BV)");
        let mut n = 0;
        for op in BINARY.iter().chain(PREDICATES) {
            for &a in EDGES8 {
                for &b in EDGES8 {
                    let e = ref8(op, a, b);
                    let term = format!("({op} {} {})", lit(a.into(), 8, 1), lit(b.into(), 8, 0));
                    script += &if PREDICATES.contains(op) {
                        format!("(assert {})", if e == 1 { term } else { format!("(not {term})") })
                    } else {
                        format!("(assert (= {term} {}))", lit(e.into(), if *op == "bvcomp" { 1 } else { 8 }, 0))
                    };
                    n += 1;
                }
            }
            for &a in EDGES16 {
                for &b in EDGES16 {
                    let e = ref16(op, a, b);
                    let term = format!("({op} {} {})", lit(a.into(), 16, 2), lit(b.into(), 16, 1));
                    script += &if PREDICATES.contains(op) {
                        format!("(assert {})", if e == 1 { term } else { format!("(not {term})") })
                    } else {
                        format!("(assert (= {term} {}))", lit(e.into(), if *op == "bvcomp" { 1 } else { 16 }, 1))
                    };
                    n += 1;
                }
            }
        }
        let r = replay(&script, "QF_BV", &json!([]));
        assert_eq!(r, Ok(format!("{n} assertions true under the model (QF_BV, 0 constants)")));
    }

    #[test]
    fn bv_structural_operators() {
        let ok = |t: &str| {
            let s = format!("(set-logic QF_BV)(assert {t})");
            assert!(replay(&s, "QF_BV", &json!([])).is_ok(), "{t}: {:?}", replay(&s, "QF_BV", &json!([])));
            let s = format!("(set-logic QF_BV)(assert (not {t}))");
            assert_eq!(codes(&replay(&s, "QF_BV", &json!([]))), ["ASSERTION_FALSE"], "{t}");
        };
        ok("(= (concat #xab #b0101) #b101010110101)");
        ok("(= (concat #x1 #x2 #x3) #x123)");
        ok("(= ((_ extract 7 4) #xa5) #xa)");
        ok("(= ((_ extract 0 0) #xa5) #b1)");
        ok("(= ((_ extract 11 4) #xbeef) #xee)");
        ok("(= ((_ zero_extend 8) #x80) #x0080)");
        ok("(= ((_ zero_extend 0) #x80) #x80)");
        ok("(= ((_ sign_extend 8) #x80) #xff80)");
        ok("(= ((_ sign_extend 4) #x7f) #x07f)");
        ok("(= ((_ repeat 3) #b10) #b101010)");
        ok("(= ((_ repeat 5) #xa) #xaaaaa)");
        ok("(= ((_ rotate_left 3) #b10110) #b10101)");
        ok("(= ((_ rotate_right 3) #b10110) #b11010)");
        ok("(= ((_ rotate_left 13) #x81) #x30)");
        ok("(= ((_ rotate_right 0) #x81) #x81)");
        ok("(= (bvadd #x01 #x02 #xff) #x02)");
        ok("(= (bvmul #x03 #x05 #x11) #xff)");
        ok("(= (bvand #xff #x0f #x3c) #x0c)");
        ok("(= (_ bv300 8) #x2c)");
        ok("(= (bvnot #x0f) #xf0)");
        ok("(= (bvneg #x01) #xff)");
        ok("(= (bvneg #x80) #x80)");
        ok("(= (bvcomp #x01 #x01) #b1)");
        ok("(distinct #x01 #x02 #x03)");
        ok("(= (ite (bvslt #xff #x00) #b1 #b0) #b1)");
        ok("(let ((a #x05) (b #x07)) (= (bvsub a b) #xfe))");
        // Wide vectors stay exact.
        ok("(= (bvadd ((_ repeat 64) #xffffffffffffffff) (_ bv1 4096)) (_ bv0 4096))");
        ok("(= ((_ extract 4095 4095) ((_ sign_extend 4088) #x80)) #b1)");
        ok("(bvslt ((_ repeat 8192) #xf) (_ bv0 32768))");
    }

    proptest! {
        #[test]
        fn bv8_binary_ops_match_native(op in 0..BINARY.len() + PREDICATES.len(), a: u8, b: u8, flip: u8, style: u8) {
            let op = BINARY.iter().chain(PREDICATES).nth(op).unwrap();
            check_binary(8, op, a.into(), b.into(), ref8(op, a, b).into(), flip.into(), style);
        }

        #[test]
        fn bv16_binary_ops_match_native(op in 0..BINARY.len() + PREDICATES.len(), a: u16, b: u16, flip: u16, style: u8) {
            let op = BINARY.iter().chain(PREDICATES).nth(op).unwrap();
            check_binary(16, op, a.into(), b.into(), ref16(op, a, b).into(), flip.into(), style);
        }

        #[test]
        fn bv_shifts_by_small_and_large_amounts(a: u16, b in 0u16..40, style: u8) {
            for op in ["bvshl", "bvlshr", "bvashr"] {
                check_binary(16, op, a.into(), b.into(), ref16(op, a, b).into(), 1, style);
                let (a8, b8) = (a as u8, b as u8);
                check_binary(8, op, a8.into(), b8.into(), ref8(op, a8, b8).into(), 1, style);
            }
        }

        #[test]
        fn bv_unary_and_structural_ops_match_native(a: u8, c: u8, k in 0u8..40, hi in 0u32..16, lo in 0u32..16, style: u8) {
            let model = json!([entry("a", "(_ BitVec 8)", &lit(a.into(), 8, style)), entry("c", "(_ BitVec 8)", &lit(c.into(), 8, style.wrapping_add(1)))]);
            let wide = u16::from_be_bytes([a, c]);
            let (hi, lo) = (hi.max(lo), hi.min(lo));
            let extracted = (wide >> lo) & ((1u32 << (hi - lo + 1)) - 1) as u16;
            let cases: Vec<(String, u64, u32)> = vec![
                ("(bvnot a)".into(), ref8("bvnot", a, 0).into(), 8),
                ("(bvneg a)".into(), ref8("bvneg", a, 0).into(), 8),
                (format!("((_ rotate_left {k}) a)"), ref8("rotate_left", a, k).into(), 8),
                (format!("((_ rotate_right {k}) a)"), ref8("rotate_right", a, k).into(), 8),
                ("(concat a c)".into(), wide.into(), 16),
                ("((_ zero_extend 8) a)".into(), a.into(), 16),
                ("((_ sign_extend 8) a)".into(), (a as i8 as i16 as u16).into(), 16),
                ("((_ repeat 2) a)".into(), u16::from_be_bytes([a, a]).into(), 16),
                (format!("((_ extract {hi} {lo}) (concat a c))"), extracted.into(), hi - lo + 1),
            ];
            for (term, expected, w) in cases {
                let lit_w = |v: u64| if w % 4 == 0 { lit(v, w, style) } else { lit(v, w, 0) };
                let decl = "(set-logic QF_BV)(declare-const a (_ BitVec 8))(declare-const c (_ BitVec 8))";
                let good = format!("{decl}(assert (= {term} {}))", lit_w(expected));
                prop_assert!(replay(&good, "QF_BV", &model).is_ok(), "{} {:?}", good, replay(&good, "QF_BV", &model));
                let wrong = expected ^ 1;
                let bad = format!("{decl}(assert (= {term} {}))", lit_w(wrong));
                prop_assert_eq!(codes(&replay(&bad, "QF_BV", &model)), ["ASSERTION_FALSE"]);
            }
        }

        #[test]
        fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
            let text = String::from_utf8_lossy(&bytes);
            let _ = replay(&text, "QF_BV", &json!([]));
            let _ = replay(&format!("(set-logic QF_LIA){text}"), "QF_LIA", &json!([entry("x", "Int", &text)]));
        }

        #[test]
        fn token_soup_never_panics(tokens in proptest::collection::vec(0usize..SOUP.len(), 0..120), logic in 0usize..3) {
            let body: Vec<&str> = tokens.iter().map(|&t| SOUP[t]).collect();
            let logic = LOGICS[logic];
            let text = format!("(set-logic {logic})(declare-const x Int)(declare-const v (_ BitVec 8)){}", body.join(" "));
            let model = json!([entry("x", "Int", "-1"), entry("v", "(_ BitVec 8)", "#x80")]);
            let _ = replay(&text, logic, &model);
            let _ = replay(&body.join(" "), logic, &model);
        }
    }

    const SOUP: &[&str] = &[
        "(",
        ")",
        "(",
        ")",
        "(assert",
        "(let",
        "((",
        "))",
        "(!",
        ":named",
        "n",
        "x",
        "v",
        "y",
        "0",
        "1",
        "-1",
        "#x0",
        "#b1",
        "#xff",
        "(_",
        "bv3",
        "8",
        "extract",
        "7",
        "0",
        "zero_extend",
        "repeat",
        "rotate_left",
        "+",
        "-",
        "*",
        "div",
        "mod",
        "=",
        "ite",
        "and",
        "or",
        "=>",
        "not",
        "distinct",
        "bvadd",
        "bvudiv",
        "bvsmod",
        "bvashr",
        "concat",
        "true",
        "false",
        "(define-fun",
        "f",
        "((a",
        "Int))",
        "Int",
        "Bool",
        "(_ BitVec 8)",
        "(check-sat)",
        "(push 1)",
        "|q s|",
        "\"str\"",
        ";c\n",
        "(declare-const",
        "abs",
        "<",
        ">=",
        "1.5",
        "(exit)",
    ];

    // ------------------------------------------------------------------ malformed scripts

    fn empty(script: &str, logic: &str) -> Result<String, ReplayError> {
        replay(script, logic, &json!([]))
    }

    #[test]
    fn malformed_scripts_are_rejected_with_their_place() {
        let r = empty("(set-logic QF_LIA)\n(assert (> 1 0)", "QF_LIA");
        assert_eq!(codes(&r), ["MALFORMED_SCRIPT"]);
        let Err(ReplayError::Rejected(f)) = &r else { panic!() };
        assert!(f[0].message.contains("byte 19 (line 2)"), "{}", f[0].message);
        assert_eq!(codes(&empty("(set-logic QF_LIA))", "QF_LIA")), ["MALFORMED_SCRIPT"]);
        assert_eq!(codes(&empty("(set-logic QF_LIA)(assert \"open)", "QF_LIA")), ["MALFORMED_SCRIPT"]);
        assert_eq!(codes(&empty("(set-logic QF_LIA)(assert |open)", "QF_LIA")), ["MALFORMED_SCRIPT"]);
        assert_eq!(codes(&empty("(set-logic QF_BV)(assert (= #b #b0))", "QF_BV")), ["MALFORMED_SCRIPT"]);
        assert_eq!(codes(&empty("(set-logic QF_LIA)(assert (= 1 1)) \u{e9}", "QF_LIA")), ["MALFORMED_SCRIPT"]);
        let twice = "(set-logic QF_LIA)(declare-const x Int)(declare-const x Int)";
        assert_eq!(codes(&empty(twice, "QF_LIA")), ["MALFORMED_SCRIPT"]);
        let reserved = "(set-logic QF_LIA)(declare-const and Int)";
        assert_eq!(codes(&empty(reserved, "QF_LIA")), ["MALFORMED_SCRIPT"]);
        let relogic = "(set-logic QF_LIA)(set-logic QF_LIA)";
        assert_eq!(codes(&empty(relogic, "QF_LIA")), ["MALFORMED_SCRIPT"]);
        let open_name = "(set-logic QF_LIA)(declare-const x Int)(assert (let ((k x)) (! (> k 0) :named n)))";
        assert_eq!(codes(&replay(open_name, "QF_LIA", &json!([entry("x", "Int", "1")]))), ["MALFORMED_SCRIPT"]);
        // A definition whose body names a term with the definition's own name: were the second
        // binding to replace the first, `(assert f)` would read `c` where the script means `(not c)`
        // and the model c = false, which violates `(assert (not c))`, would pass.
        let self_named = "(set-logic QF_LIA)(declare-const c Bool)(define-fun f () Bool (not (! c :named f)))(assert f)(assert (not c))";
        assert_eq!(codes(&replay(self_named, "QF_LIA", &json!([entry("c", "Bool", "false")]))), ["MALFORMED_SCRIPT"]);
    }

    #[test]
    fn ill_sorted_scripts_are_rejected() {
        for (script, logic) in [
            ("(set-logic QF_LIA)(assert (> 1 true))", "QF_LIA"),
            ("(set-logic QF_LIA)(assert 3)", "QF_LIA"),
            ("(set-logic QF_LIA)(assert (> y 0))", "QF_LIA"),
            ("(set-logic QF_LIA)(assert (= 1 1.5))", "QF_LIA"),
            ("(set-logic QF_LIA)(declare-const v (_ BitVec 8))", "QF_LIA"),
            ("(set-logic QF_LIA)(assert (= (bvadd #x1 #x1) #x2))", "QF_LIA"),
            ("(set-logic QF_LIA)(define-fun f ((a Int)) Bool a)", "QF_LIA"),
            ("(set-logic QF_LIA)(define-fun f ((a Int)) Int a)(assert (= (f true) 1))", "QF_LIA"),
            ("(set-logic QF_LIA)(define-fun f ((a Int)) Int a)(assert (= f 1))", "QF_LIA"),
            ("(set-logic QF_LIA)(assert (ite 1 true false))", "QF_LIA"),
            ("(set-logic QF_LIA)(assert (forall ((x Int)) (> x 0)))", "QF_LIA"),
            ("(set-logic QF_LIA)(assert (mod 1 2 3))", "QF_LIA"),
            ("(set-logic QF_BV)(declare-const x Int)", "QF_BV"),
            ("(set-logic QF_BV)(assert (= #x01 1))", "QF_BV"),
            ("(set-logic QF_BV)(assert (= (bvadd #x01 #b1) #x02))", "QF_BV"),
            ("(set-logic QF_BV)(assert (= ((_ extract 8 0) #x01) #x02))", "QF_BV"),
            ("(set-logic QF_BV)(assert (= ((_ extract 2 3) #x01) #b1))", "QF_BV"),
            ("(set-logic QF_BV)(assert (= ((_ repeat 0) #x01) #x01))", "QF_BV"),
            ("(set-logic QF_BV)(declare-const v (_ BitVec 0))", "QF_BV"),
            ("(set-logic QF_BV)(declare-const v (_ BitVec w))", "QF_BV"),
            ("(set-logic QF_BV)(assert (bvult #x01))", "QF_BV"),
            ("(set-logic QF_BV)(assert (= (+ #x01 #x01) #x02))", "QF_BV"),
        ] {
            let r = empty(script, logic);
            assert_eq!(codes(&r), ["ILL_SORTED"], "{script}");
            let Err(ReplayError::Rejected(f)) = &r else { panic!() };
            assert!(f[0].message.contains("(line 1)"), "{}", f[0].message);
        }
    }

    #[test]
    fn scripts_outside_the_fragment_are_inconclusive() {
        // An unknown operator may be a solver extension: the checker cannot decide.
        assert!(inconclusive(&empty("(set-logic QF_LIA)(assert (foo 1))", "QF_LIA")).contains("unknown operator"));
        assert!(inconclusive(&empty("(set-logic QF_BV)(assert (= (bv2nat #x01) #x01))", "QF_BV")).contains("bv2nat"));
        assert!(inconclusive(&empty("(set-logic QF_LIA)(push 1)(assert true)", "QF_LIA")).contains("push"));
        assert!(
            inconclusive(&empty("(set-logic QF_LIA)(declare-fun f (Int) Int)", "QF_LIA")).contains("uninterpreted")
        );
        assert!(inconclusive(&empty("(set-logic QF_LIA)(define-sort I () Int)", "QF_LIA")).contains("define-sort"));
        assert!(inconclusive(&empty("(set-logic QF_LIA)(check-sat-assuming (true))", "QF_LIA")).contains("check-sat"));
        assert!(inconclusive(&empty("(set-logic QF_LIA)(check-sat)(check-sat)", "QF_LIA")).contains("after check-sat"));
        assert!(
            inconclusive(&empty("(set-logic QF_LIA)(check-sat)(assert false)", "QF_LIA")).contains("after check-sat")
        );
        // An assertion after `exit` is one no solver read; the replay does not guess what was meant.
        let after_exit = "(set-logic QF_LIA)(assert true)(exit)(assert false)";
        assert!(inconclusive(&empty(after_exit, "QF_LIA")).contains("after exit"));
        assert!(empty("(set-logic QF_LIA)(assert true)(exit)(get-model)(echo \"x\")", "QF_LIA").is_ok());
        assert!(inconclusive(&empty("(set-logic QF_BV)", "QF_LIA")).contains("claim says QF_LIA"));
        assert!(inconclusive(&empty("(set-logic QF_NIA)", "QF_NIA")).contains("QF_NIA"));
        assert!(inconclusive(&empty("(set-logic QF_NIA)", "QF_LIA")).contains("QF_NIA"));
        assert!(inconclusive(&empty("(assert true)", "QF_LIA")).contains("before any set-logic"));
        assert!(inconclusive(&empty("(check-sat)", "QF_LIA")).contains("no logic"));
        assert!(inconclusive(&empty("(set-logic QF_BV)(declare-const v (_ BitVec 65537))", "QF_BV")).contains("65536"));
        let wide = "(set-logic QF_BV)(assert (= ((_ repeat 2) ((_ repeat 2) ((_ zero_extend 65000) #x1))) #x0))";
        assert!(inconclusive(&empty(wide, "QF_BV")).contains("exceeds"));
        let long = format!("(set-logic QF_LIA)(assert (> {} 0))", "9".repeat(MAX_NUMERAL_DIGITS + 1));
        assert!(inconclusive(&empty(&long, "QF_LIA")).contains("digits"));
        let r = replay(
            "(set-logic QF_LIA)(declare-const x Int)",
            "QF_LIA",
            &json!([entry("x", "Int", &"9".repeat(MAX_NUMERAL_DIGITS + 9))]),
        );
        assert_eq!(codes(&r), ["INVALID_VALUE"]);
        let huge = " ".repeat(MAX_SCRIPT_BYTES + 1);
        assert!(inconclusive(&empty(&huge, "QF_LIA")).contains("bytes"));
    }

    #[test]
    fn deep_nesting_is_inconclusive_not_a_crash() {
        for depth in [MAX_DEPTH, 100_000] {
            let s = format!("(set-logic QF_LIA)(assert {}true{})", "(not ".repeat(depth), ")".repeat(depth));
            assert!(inconclusive(&empty(&s, "QF_LIA")).contains("nested deeper"));
        }
        let d = MAX_DEPTH - 2;
        let s = format!("(set-logic QF_LIA)(assert {}true{})", "(not ".repeat(d), ")".repeat(d));
        assert!(empty(&s, "QF_LIA").is_ok());
        // Macros chained through deep bodies hit the evaluation depth limit.
        let mut s = String::from("(set-logic QF_LIA)(define-fun f0 ((a Int)) Int a)");
        for i in 1..20 {
            let body = format!("{}(f{} a){}", "(+ 1 ".repeat(200), i - 1, ")".repeat(200));
            s += &format!("(define-fun f{i} ((a Int)) Int {body})");
        }
        s += "(assert (> (f19 0) 0))";
        assert!(inconclusive(&empty(&s, "QF_LIA")).contains("deeper"));
    }

    #[test]
    fn a_stop_request_interrupts_a_long_evaluation() {
        // Doubling macros: exponential work, cut off by the stop condition.
        let mut s = String::from("(set-logic QF_LIA)(define-fun g0 ((a Int)) Int a)");
        for i in 1..60 {
            s += &format!("(define-fun g{i} ((a Int)) Int (+ (g{p} a) (g{p} a)))", p = i - 1);
        }
        s += "(assert (> (g59 1) 0))";
        let start = Instant::now();
        let r = replay_until(&s, "QF_LIA", &json!([]), &|| start.elapsed() > Duration::from_millis(100));
        assert_eq!(r, Err(ReplayError::Interrupted));
    }

    // ------------------------------------------------------------------ model defects

    #[test]
    fn model_defects_are_rejected_at_their_entry() {
        let s = "(set-logic QF_BV)(declare-const a (_ BitVec 8))(declare-const b (_ BitVec 8))(assert (= a b))";
        let a = entry("a", "(_ BitVec 8)", "#x0f");
        let b = entry("b", "(_ BitVec 8)", "#b00001111");
        assert!(replay(s, "QF_BV", &json!([a, b])).is_ok());
        assert!(replay(s, "QF_BV", &json!([entry("|a|", "(_ BitVec 8)", "(_ bv15 8)"), b])).is_ok());
        assert_eq!(codes(&replay(s, "QF_BV", &json!([a]))), ["MODEL_INCOMPLETE"]);
        assert_eq!(codes(&replay(s, "QF_BV", &json!([a, b, entry("c", "Bool", "true")]))), ["UNKNOWN_NAME"]);
        assert_eq!(codes(&replay(s, "QF_BV", &json!([a, b, a]))), ["DUPLICATE_ENTRY"]);
        assert_eq!(codes(&replay(s, "QF_BV", &json!([a, entry("b", "(_ BitVec 16)", "#x000f")]))), ["SORT_MISMATCH"]);
        assert_eq!(codes(&replay(s, "QF_BV", &json!([a, entry("b", "Int", "15")]))), ["SORT_MISMATCH"]);
        assert_eq!(codes(&replay(s, "QF_BV", &json!([a, entry("b", "(_ BitVec 8", "#x0f")]))), ["SORT_MISMATCH"]);
        for bad in ["#x00f", "#b1111", "#b0000011111", "(_ bv15 16)", "(_ bv256 8)", "15", "#xzz", ""] {
            let r = replay(s, "QF_BV", &json!([a, entry("b", "(_ BitVec 8)", bad)]));
            assert_eq!(codes(&r), ["INVALID_VALUE"], "{bad}");
            let Err(ReplayError::Rejected(f)) = &r else { panic!() };
            assert_eq!(f[0].path.as_deref(), Some("/candidate/model/1/value"));
        }
        let extra = json!([{"name": "a", "sort": "(_ BitVec 8)", "value": "#x0f", "note": 1}, b]);
        assert_eq!(codes(&replay(s, "QF_BV", &extra)), ["UNKNOWN_FIELD", "MODEL_INCOMPLETE"]);
        assert_eq!(codes(&replay(s, "QF_BV", &json!({"a": 1}))), ["NOT_AN_ARRAY"]);
        let lia = "(set-logic QF_LIA)(declare-const x Int)(declare-const p Bool)(assert (=> p (> x 0)))";
        for bad in ["1.0", "- 3", "(- -3)", "x", "(+ 1 2)", "--1"] {
            let r = replay(lia, "QF_LIA", &json!([entry("x", "Int", bad), entry("p", "Bool", "true")]));
            assert_eq!(codes(&r), ["INVALID_VALUE"], "{bad}");
        }
        let r = replay(lia, "QF_LIA", &json!([entry("x", "Int", "(- 3)"), entry("p", "Bool", "1")]));
        assert_eq!(codes(&r), ["INVALID_VALUE"]);
        let r = replay(lia, "QF_LIA", &json!([entry("x", "Int", "(- 3)"), entry("p", "Bool", "true")]));
        assert_eq!(codes(&r), ["ASSERTION_FALSE"]);
        let r = replay(lia, "QF_LIA", &json!([entry("x", "Int", " 3 "), entry("p", "Bool", "true")]));
        assert!(r.is_ok(), "{r:?}");
    }

    // ------------------------------------------------------------------ the checker

    fn store_with(script: &str) -> (Arc<MemoryArtifactStore>, ArtifactUri) {
        let store = Arc::new(MemoryArtifactStore::new());
        let new = NewArtifact {
            schema_uri: "urn:jacobian:schema:smtlib2-script:v1",
            media_type: "text/plain",
            bytes: script.as_bytes(),
            parents: &[],
            producing_episode: None,
        };
        let uri = store.put(&new).unwrap().uri;
        (store, uri)
    }

    fn cx(store: Arc<MemoryArtifactStore>) -> CheckContext {
        CheckContext {
            artifacts: ArtifactReader::new(store),
            cancel: CancellationToken::new(),
            deadline: Instant::now() + Duration::from_secs(60),
        }
    }

    fn evidence(uri: &ArtifactUri, logic: &str, model: Value) -> Evidence {
        Evidence {
            kind: MODEL_EVIDENCE.into(),
            claim: json!({"script": uri.to_string(), "logic": logic}),
            semantics: SEMANTICS.into(),
            candidate: json!({"model": model}),
            scope: Scope::exact_input("the given script", Digest::of_bytes(b"s")),
            certificate_format: FORMAT.into(),
            artifacts: vec![*uri],
        }
    }

    fn verdict_codes(v: Verdict) -> Vec<String> {
        match v {
            Verdict::Rejected { findings } => findings.into_iter().map(|f| f.code).collect(),
            other => panic!("expected a rejection, got {other:?}"),
        }
    }

    #[test]
    fn the_checker_replays_a_stored_script() {
        let (store, uri) = store_with(LIA);
        let cx = cx(store);
        let e = evidence(&uri, "QF_LIA", lia_model("4"));
        assert_eq!(ModelReplay.evidence_kinds(), [MODEL_EVIDENCE]);
        assert_eq!(ModelReplay.identity().id, "jacobian.check.smt_model_replay");
        assert!(matches!(ModelReplay.check(&e, &cx), Ok(Verdict::Accepted { .. })));
        let tampered = evidence(&uri, "QF_LIA", lia_model("7"));
        assert!(verdict_codes(ModelReplay.check(&tampered, &cx).unwrap()).contains(&"ASSERTION_FALSE".to_owned()));
        let other_logic = evidence(&uri, "QF_BV", lia_model("4"));
        assert!(matches!(ModelReplay.check(&other_logic, &cx), Ok(Verdict::Inconclusive { .. })));

        let mut unlisted = e.clone();
        unlisted.artifacts.clear();
        assert_eq!(verdict_codes(ModelReplay.check(&unlisted, &cx).unwrap()), ["UNLISTED_ARTIFACT"]);
        for field in ["kind", "semantics", "format"] {
            let mut wrong = e.clone();
            match field {
                "kind" => wrong.kind = "smt.other/v1".into(),
                "semantics" => wrong.semantics = "urn:other".into(),
                _ => wrong.certificate_format = "OTHER".into(),
            }
            assert_eq!(verdict_codes(ModelReplay.check(&wrong, &cx).unwrap()), ["UNSUPPORTED_EVIDENCE"], "{field}");
        }
        let mut universal = e.clone();
        universal.scope.universal = true;
        assert_eq!(verdict_codes(ModelReplay.check(&universal, &cx).unwrap()), ["UNIVERSAL_SCOPE"]);
        let mut extra = e.clone();
        extra.claim["extra"] = json!(1);
        extra.candidate.as_object_mut().map(|c| c.remove("model"));
        assert_eq!(verdict_codes(ModelReplay.check(&extra, &cx).unwrap()), ["UNKNOWN_FIELD", "MISSING_FIELD"]);
        let mut bad_uri = e.clone();
        bad_uri.claim["script"] = json!("not a uri");
        assert_eq!(verdict_codes(ModelReplay.check(&bad_uri, &cx).unwrap()), ["NOT_AN_ARTIFACT_URI"]);

        let stopped = CheckContext { deadline: Instant::now(), ..cx.clone() };
        assert!(matches!(ModelReplay.check(&e, &stopped), Err(CheckError::Interrupted)));
        let cancelled = cx.clone();
        cancelled.cancel.cancel();
        assert!(matches!(ModelReplay.check(&e, &cancelled), Err(CheckError::Interrupted)));
    }

    #[test]
    fn the_checker_rejects_a_script_that_is_not_text() {
        let store = Arc::new(MemoryArtifactStore::new());
        let bytes = [0xffu8, 0xfe, b'('];
        let new = NewArtifact {
            schema_uri: "urn:x",
            media_type: "text/plain",
            bytes: &bytes,
            parents: &[],
            producing_episode: None,
        };
        let uri = store.put(&new).unwrap().uri;
        let e = evidence(&uri, "QF_BV", json!([]));
        assert_eq!(verdict_codes(ModelReplay.check(&e, &cx(store)).unwrap()), ["NOT_UTF8"]);
    }
}
