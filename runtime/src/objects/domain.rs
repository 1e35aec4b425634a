//! FINITE_DOMAIN v1: a box of integer points, and a predicate language over its variables.
//!
//! A domain names 1 to 4 integer variables, each with an inclusive range `min..=max`; its
//! elements are all assignments, enumerated with the last variable varying fastest. Predicates
//! ([`Predicate`]) are conditions on an element: integer expressions with `+ - *`, `%` by a
//! positive literal (the Euclidean remainder, in `0..m`), unary `-`, literals and variables;
//! comparisons `= != < <= > >=` (not chained); `and`, `or`, `not` (loosest first: `or`, `and`,
//! `not`, comparison); parentheses group either kind.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::ObjectType;
use crate::contract::Diagnostic;

/// Schema URI of finite domains.
pub const FINITE_DOMAIN_SCHEMA: &str = "urn:jacobian:schema:finite-domain:v1";
/// Most variables of a domain.
pub const MAX_VARIABLES: usize = 4;
/// Most elements of a domain.
pub const MAX_DOMAIN_SIZE: u64 = 10_000_000;
/// Longest predicate accepted, in bytes.
pub const MAX_PREDICATE: usize = 4096;
/// Deepest nesting of a predicate (parentheses and prefix operators).
pub const MAX_DEPTH: usize = 64;

/// One variable and its inclusive range.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Variable {
    /// A lowercase identifier other than `and`, `or`, `not`.
    #[schemars(regex(pattern = r"^[a-z][a-z0-9_]{0,31}$"))]
    pub name: String,
    /// Smallest value.
    pub min: i64,
    /// Largest value (at least `min`).
    pub max: i64,
}

impl Variable {
    /// Number of values, `max - min + 1`.
    pub fn count(&self) -> u64 {
        (i128::from(self.max) - i128::from(self.min) + 1).clamp(0, i128::from(u64::MAX)) as u64
    }
}

/// A finite domain: every assignment of its variables within their ranges.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FiniteDomain {
    /// The variables, in enumeration order (the last varies fastest).
    #[schemars(length(min = 1, max = 4))]
    pub variables: Vec<Variable>,
}

const KEYWORDS: [&str; 3] = ["and", "or", "not"];

fn is_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && s.len() <= 32
        && !KEYWORDS.contains(&s)
}

impl FiniteDomain {
    /// Number of elements (saturating; at most [`MAX_DOMAIN_SIZE`] once validated).
    pub fn size(&self) -> u64 {
        self.variables.iter().map(Variable::count).fold(1u64, u64::saturating_mul)
    }

    /// The variable names, in order.
    pub fn names(&self) -> Vec<String> {
        self.variables.iter().map(|v| v.name.clone()).collect()
    }

    /// The first element: every variable at its minimum.
    pub fn first(&self) -> Vec<i64> {
        self.variables.iter().map(|v| v.min).collect()
    }

    /// Advances `values` to the next element (last variable fastest); `false` after the last.
    pub fn advance(&self, values: &mut [i64]) -> bool {
        for (v, x) in self.variables.iter().zip(values.iter_mut()).rev() {
            if *x < v.max {
                *x += 1;
                return true;
            }
            *x = v.min;
        }
        false
    }
}

impl ObjectType for FiniteDomain {
    const SCHEMA_URI: &'static str = FINITE_DOMAIN_SCHEMA;
    const NAME: &'static str = "finite_domain";
    const SUMMARY: &'static str =
        "Integer variables (1 to 4) with inclusive ranges; the elements are all assignments, at most 10^7.";

    /// Validates names, ranges and size; the canonical form keeps the variables' order.
    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        let mut problems = Vec::new();
        let n = self.variables.len();
        if !(1..=MAX_VARIABLES).contains(&n) {
            problems.push(Diagnostic::at(
                "/variables",
                "WRONG_VARIABLE_COUNT",
                format!("{n} variables; a domain has 1 to {MAX_VARIABLES}"),
            ));
        }
        for (i, v) in self.variables.iter().enumerate() {
            if !is_name(&v.name) {
                problems.push(Diagnostic::at(
                    format!("/variables/{i}/name"),
                    "INVALID_NAME",
                    format!("{:?} is not a lowercase identifier (other than and, or, not) of at most 32 bytes", v.name),
                ));
            } else if self.variables[..i].iter().any(|w| w.name == v.name) {
                problems.push(Diagnostic::at(
                    format!("/variables/{i}/name"),
                    "DUPLICATE_NAME",
                    format!("`{}` is named twice", v.name),
                ));
            }
            if v.min > v.max {
                problems.push(Diagnostic::at(
                    format!("/variables/{i}/max"),
                    "EMPTY_RANGE",
                    format!("max {} is below min {}", v.max, v.min),
                ));
            }
        }
        if problems.is_empty() && self.size() > MAX_DOMAIN_SIZE {
            problems.push(Diagnostic::at(
                "/variables",
                "DOMAIN_TOO_LARGE",
                format!("{} elements; the bound is {MAX_DOMAIN_SIZE}", self.size()),
            ));
        }
        if problems.is_empty() { Ok(self) } else { Err(problems) }
    }
}

// ---------------------------------------------------------------------------------------------
// Predicates.

/// An integer expression over a domain's variables.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Expr {
    /// A non-negative literal.
    Lit(i64),
    /// The variable at this index of the domain.
    Var(usize),
    /// Negation.
    Neg(Box<Expr>),
    /// Sum.
    Add(Box<Expr>, Box<Expr>),
    /// Difference.
    Sub(Box<Expr>, Box<Expr>),
    /// Product.
    Mul(Box<Expr>, Box<Expr>),
    /// Euclidean remainder by a positive literal (in `0..m`).
    Mod(Box<Expr>, i64),
}

/// A comparison operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cmp {
    /// `=`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl Cmp {
    /// The operator's text.
    pub fn symbol(self) -> &'static str {
        match self {
            Cmp::Eq => "=",
            Cmp::Ne => "!=",
            Cmp::Lt => "<",
            Cmp::Le => "<=",
            Cmp::Gt => ">",
            Cmp::Ge => ">=",
        }
    }
}

/// A condition on an element.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Cond {
    /// Two expressions compared.
    Cmp(Cmp, Expr, Expr),
    /// Negation.
    Not(Box<Cond>),
    /// Conjunction of two or more conditions, as written (chains are one node).
    And(Vec<Cond>),
    /// Disjunction of two or more conditions, as written.
    Or(Vec<Cond>),
}

/// A parsed predicate, bound to the variable names of a domain.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Predicate {
    /// The variable names; [`Expr::Var`] indexes them.
    pub names: Vec<String>,
    /// The condition.
    pub cond: Cond,
}

/// A parse error at a byte range of the source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// `[start, end)` of the offending text.
    pub span: [usize; 2],
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "at bytes {}..{}: {}", self.span[0], self.span[1], self.message)
    }
}

fn error<T>(span: [usize; 2], message: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError { span, message: message.into() })
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Int(i64),
    Name(String),
    And,
    Or,
    Not,
    Plus,
    Minus,
    Star,
    Percent,
    Cmp(Cmp),
    Open,
    Close,
}

fn lex(src: &str) -> Result<Vec<(Tok, [usize; 2])>, ParseError> {
    let bytes = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let two = bytes.get(i + 1).copied();
        let (tok, len) = match c {
            b' ' | b'\t' | b'\n' | b'\r' => {
                i += 1;
                continue;
            }
            b'(' => (Tok::Open, 1),
            b')' => (Tok::Close, 1),
            b'+' => (Tok::Plus, 1),
            b'-' => (Tok::Minus, 1),
            b'*' => (Tok::Star, 1),
            b'%' => (Tok::Percent, 1),
            b'=' => (Tok::Cmp(Cmp::Eq), 1),
            b'!' if two == Some(b'=') => (Tok::Cmp(Cmp::Ne), 2),
            b'<' if two == Some(b'=') => (Tok::Cmp(Cmp::Le), 2),
            b'>' if two == Some(b'=') => (Tok::Cmp(Cmp::Ge), 2),
            b'<' => (Tok::Cmp(Cmp::Lt), 1),
            b'>' => (Tok::Cmp(Cmp::Gt), 1),
            b'0'..=b'9' => {
                let end = bytes[i..].iter().position(|b| !b.is_ascii_digit()).map_or(bytes.len(), |n| i + n);
                let Ok(value) = src[i..end].parse::<i64>() else {
                    return error([i, end], format!("the literal exceeds {}", i64::MAX));
                };
                (Tok::Int(value), end - i)
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                let end = bytes[i..]
                    .iter()
                    .position(|b| !(b.is_ascii_alphanumeric() || *b == b'_'))
                    .map_or(bytes.len(), |n| i + n);
                let tok = match &src[i..end] {
                    "and" => Tok::And,
                    "or" => Tok::Or,
                    "not" => Tok::Not,
                    word => Tok::Name(word.to_owned()),
                };
                (tok, end - i)
            }
            _ => {
                let ch = src[i..].chars().next().unwrap_or('\u{fffd}');
                let message = if ch == '/' {
                    "division is not supported; use `%` by a positive literal or multiply out".to_owned()
                } else {
                    format!("unexpected character {ch:?}")
                };
                return error([i, i + ch.len_utf8()], message);
            }
        };
        out.push((tok, [i, i + len]));
        i += len;
    }
    Ok(out)
}

/// A parsed item: a condition or an integer expression, with its span.
enum Item {
    Cond(Cond),
    Int(Expr),
}

struct Parser<'a> {
    toks: &'a [(Tok, [usize; 2])],
    at: usize,
    len: usize,
    names: &'a [String],
}

type Spanned = (Item, [usize; 2]);

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at).map(|(t, _)| t)
    }

    fn here(&self) -> [usize; 2] {
        self.toks.get(self.at).map(|(_, s)| *s).unwrap_or([self.len, self.len])
    }

    fn deeper(&self, depth: usize) -> Result<usize, ParseError> {
        if depth >= MAX_DEPTH { error(self.here(), format!("nesting deeper than {MAX_DEPTH}")) } else { Ok(depth + 1) }
    }

    fn cond((item, span): Spanned) -> Result<(Cond, [usize; 2]), ParseError> {
        match item {
            Item::Cond(c) => Ok((c, span)),
            Item::Int(_) => error(span, "expected a condition (a comparison), found an integer expression"),
        }
    }

    fn int((item, span): Spanned) -> Result<(Expr, [usize; 2]), ParseError> {
        match item {
            Item::Int(e) => Ok((e, span)),
            Item::Cond(_) => error(span, "expected an integer expression, found a condition"),
        }
    }

    /// A chain of `or` (over `and` chains) or of `and` (over `not`).
    fn chain(&mut self, or: bool, depth: usize) -> Result<Spanned, ParseError> {
        let tok = if or { Tok::Or } else { Tok::And };
        let sub = |p: &mut Self| if or { p.chain(false, depth) } else { p.not(depth) };
        let first = sub(self)?;
        if self.peek() != Some(&tok) {
            return Ok(first);
        }
        let (first, start) = Self::cond(first)?;
        let mut args = vec![first];
        let mut end = start[1];
        while self.peek() == Some(&tok) {
            self.at += 1;
            let (c, span) = Self::cond(sub(self)?)?;
            args.push(c);
            end = span[1];
        }
        Ok((Item::Cond(if or { Cond::Or(args) } else { Cond::And(args) }), [start[0], end]))
    }

    fn not(&mut self, depth: usize) -> Result<Spanned, ParseError> {
        if self.peek() == Some(&Tok::Not) {
            let here = self.here();
            let depth = self.deeper(depth)?;
            self.at += 1;
            let (c, span) = Self::cond(self.not(depth)?)?;
            return Ok((Item::Cond(Cond::Not(Box::new(c))), [here[0], span[1]]));
        }
        self.comparison(depth)
    }

    fn comparison(&mut self, depth: usize) -> Result<Spanned, ParseError> {
        let left = self.additive(depth)?;
        let Some(Tok::Cmp(op)) = self.peek().cloned() else { return Ok(left) };
        self.at += 1;
        let (l, start) = Self::int(left)?;
        let (r, end) = Self::int(self.additive(depth)?)?;
        if let Some(Tok::Cmp(_)) = self.peek() {
            return error(self.here(), "chained comparisons are ambiguous; join them with `and`");
        }
        Ok((Item::Cond(Cond::Cmp(op, l, r)), [start[0], end[1]]))
    }

    fn additive(&mut self, depth: usize) -> Result<Spanned, ParseError> {
        let mut left = self.multiplicative(depth)?;
        while let Some(tok @ (Tok::Plus | Tok::Minus)) = self.peek().cloned() {
            self.at += 1;
            let (l, start) = Self::int(left)?;
            let (r, end) = Self::int(self.multiplicative(depth)?)?;
            let e = if tok == Tok::Plus {
                Expr::Add(Box::new(l), Box::new(r))
            } else {
                Expr::Sub(Box::new(l), Box::new(r))
            };
            left = (Item::Int(e), [start[0], end[1]]);
        }
        Ok(left)
    }

    fn multiplicative(&mut self, depth: usize) -> Result<Spanned, ParseError> {
        let mut left = self.negation(depth)?;
        loop {
            match self.peek() {
                Some(Tok::Star) => {
                    self.at += 1;
                    let (l, start) = Self::int(left)?;
                    let (r, end) = Self::int(self.negation(depth)?)?;
                    left = (Item::Int(Expr::Mul(Box::new(l), Box::new(r))), [start[0], end[1]]);
                }
                Some(Tok::Percent) => {
                    self.at += 1;
                    let (l, start) = Self::int(left)?;
                    let (r, end) = Self::int(self.negation(depth)?)?;
                    let Expr::Lit(m @ 1..) = r else {
                        return error(end, "`%` takes a positive integer literal on its right");
                    };
                    left = (Item::Int(Expr::Mod(Box::new(l), m)), [start[0], end[1]]);
                }
                _ => return Ok(left),
            }
        }
    }

    fn negation(&mut self, depth: usize) -> Result<Spanned, ParseError> {
        if self.peek() == Some(&Tok::Minus) {
            let here = self.here();
            let depth = self.deeper(depth)?;
            self.at += 1;
            let (e, span) = Self::int(self.negation(depth)?)?;
            return Ok((Item::Int(Expr::Neg(Box::new(e))), [here[0], span[1]]));
        }
        self.atom(depth)
    }

    fn atom(&mut self, depth: usize) -> Result<Spanned, ParseError> {
        let here = self.here();
        match self.toks.get(self.at).map(|(t, _)| t.clone()) {
            Some(Tok::Int(v)) => {
                self.at += 1;
                Ok((Item::Int(Expr::Lit(v)), here))
            }
            Some(Tok::Name(name)) => {
                self.at += 1;
                match self.names.iter().position(|n| *n == name) {
                    Some(i) => Ok((Item::Int(Expr::Var(i)), here)),
                    None => {
                        error(here, format!("`{name}` is not a variable of the domain ({})", self.names.join(", ")))
                    }
                }
            }
            Some(Tok::Open) => {
                let depth = self.deeper(depth)?;
                self.at += 1;
                let (inner, _) = self.chain(true, depth)?;
                match self.toks.get(self.at) {
                    Some((Tok::Close, close)) => {
                        self.at += 1;
                        Ok((inner, [here[0], close[1]]))
                    }
                    _ => error(here, "unclosed '(' opened here"),
                }
            }
            Some(_) => error(here, "expected a number, a variable, `not`, `-` or '(' here"),
            None => error(here, "the text ends where an operand is expected"),
        }
    }
}

impl Predicate {
    /// Parses `source` over the variables `names`.
    pub fn parse(source: &str, names: &[String]) -> Result<Self, ParseError> {
        if source.len() > MAX_PREDICATE {
            return error([MAX_PREDICATE, source.len()], format!("longer than {MAX_PREDICATE} bytes"));
        }
        let toks = lex(source)?;
        let mut p = Parser { toks: &toks, at: 0, len: source.len(), names };
        let top = p.chain(true, 0)?;
        if p.at != toks.len() {
            return error(p.here(), "unexpected text after the predicate");
        }
        let (cond, _) = Parser::cond(top)?;
        Ok(Predicate { names: names.to_vec(), cond })
    }

    /// The truth at `values` (one per variable); a comparison whose sides overflow `i64` is false.
    pub fn eval(&self, values: &[i64]) -> bool {
        eval_cond(&self.cond, values, &mut false)
    }

    /// The truth at `values`, or `None` when any comparison overflows `i64` (all are evaluated).
    pub fn eval_checked(&self, values: &[i64]) -> Option<bool> {
        let mut overflow = false;
        let value = eval_full(&self.cond, values, &mut overflow);
        if overflow { None } else { Some(value) }
    }
}

fn eval_expr(e: &Expr, values: &[i64]) -> Option<i64> {
    match e {
        Expr::Lit(v) => Some(*v),
        Expr::Var(i) => values.get(*i).copied(),
        Expr::Neg(a) => eval_expr(a, values)?.checked_neg(),
        Expr::Add(a, b) => eval_expr(a, values)?.checked_add(eval_expr(b, values)?),
        Expr::Sub(a, b) => eval_expr(a, values)?.checked_sub(eval_expr(b, values)?),
        Expr::Mul(a, b) => eval_expr(a, values)?.checked_mul(eval_expr(b, values)?),
        Expr::Mod(a, m) => eval_expr(a, values)?.checked_rem_euclid(*m),
    }
}

fn compare(op: Cmp, l: &Expr, r: &Expr, values: &[i64], overflow: &mut bool) -> bool {
    match (eval_expr(l, values), eval_expr(r, values)) {
        (Some(l), Some(r)) => match op {
            Cmp::Eq => l == r,
            Cmp::Ne => l != r,
            Cmp::Lt => l < r,
            Cmp::Le => l <= r,
            Cmp::Gt => l > r,
            Cmp::Ge => l >= r,
        },
        _ => {
            *overflow = true;
            false
        }
    }
}

/// Short-circuit evaluation.
fn eval_cond(c: &Cond, values: &[i64], overflow: &mut bool) -> bool {
    match c {
        Cond::Cmp(op, l, r) => compare(*op, l, r, values, overflow),
        Cond::Not(a) => !eval_cond(a, values, overflow),
        Cond::And(args) => args.iter().all(|a| eval_cond(a, values, overflow)),
        Cond::Or(args) => args.iter().any(|a| eval_cond(a, values, overflow)),
    }
}

/// Evaluation of every comparison, so that any overflow is seen.
fn eval_full(c: &Cond, values: &[i64], overflow: &mut bool) -> bool {
    match c {
        Cond::Cmp(op, l, r) => compare(*op, l, r, values, overflow),
        Cond::Not(a) => !eval_full(a, values, overflow),
        Cond::And(args) => args.iter().fold(true, |acc, a| eval_full(a, values, overflow) & acc),
        Cond::Or(args) => args.iter().fold(false, |acc, a| eval_full(a, values, overflow) | acc),
    }
}

/// Binding strength of an expression's top operator (higher binds tighter).
fn strength(e: &Expr) -> u8 {
    match e {
        Expr::Add(..) | Expr::Sub(..) => 1,
        Expr::Mul(..) | Expr::Mod(..) => 2,
        Expr::Neg(_) => 3,
        Expr::Lit(_) | Expr::Var(_) => 4,
    }
}

fn write_expr(f: &mut std::fmt::Formatter<'_>, e: &Expr, names: &[String], min: u8) -> std::fmt::Result {
    let paren = strength(e) < min;
    if paren {
        f.write_str("(")?;
    }
    let name = |i: &usize| names.get(*i).map_or("?", String::as_str);
    match e {
        Expr::Lit(v) => write!(f, "{v}")?,
        Expr::Var(i) => f.write_str(name(i))?,
        Expr::Neg(a) => {
            f.write_str("-")?;
            write_expr(f, a, names, 3)?;
        }
        Expr::Add(a, b) | Expr::Sub(a, b) | Expr::Mul(a, b) => {
            let (op, level) = match e {
                Expr::Add(..) => (" + ", 1),
                Expr::Sub(..) => (" - ", 1),
                _ => (" * ", 2),
            };
            write_expr(f, a, names, level)?;
            f.write_str(op)?;
            write_expr(f, b, names, level + 1)?;
        }
        Expr::Mod(a, m) => {
            write_expr(f, a, names, 2)?;
            write!(f, " % {m}")?;
        }
    }
    if paren {
        f.write_str(")")?;
    }
    Ok(())
}

/// Binding strength of a condition's top connective.
fn cond_strength(c: &Cond) -> u8 {
    match c {
        Cond::Or(_) => 1,
        Cond::And(_) => 2,
        Cond::Not(_) | Cond::Cmp(..) => 3,
    }
}

fn write_cond(f: &mut std::fmt::Formatter<'_>, c: &Cond, names: &[String], min: u8) -> std::fmt::Result {
    let paren = cond_strength(c) < min;
    if paren {
        f.write_str("(")?;
    }
    match c {
        Cond::Cmp(op, l, r) => {
            write_expr(f, l, names, 1)?;
            write!(f, " {} ", op.symbol())?;
            write_expr(f, r, names, 1)?;
        }
        Cond::Not(a) => {
            f.write_str("not ")?;
            write_cond(f, a, names, 3)?;
        }
        Cond::And(args) | Cond::Or(args) => {
            let (word, level) = if matches!(c, Cond::And(_)) { (" and ", 2) } else { (" or ", 1) };
            for (i, a) in args.iter().enumerate() {
                if i > 0 {
                    f.write_str(word)?;
                }
                // A nested chain of the same connective keeps its parentheses.
                write_cond(f, a, names, level + 1)?;
            }
        }
    }
    if paren {
        f.write_str(")")?;
    }
    Ok(())
}

/// Prints with the fewest parentheses that parse back to the same predicate.
impl std::fmt::Display for Predicate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write_cond(f, &self.cond, &self.names, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::objects::TypedObject;
    use proptest::prelude::*;
    use serde_json::json;

    fn names(n: &[&str]) -> Vec<String> {
        n.iter().map(|s| s.to_string()).collect()
    }

    fn xy() -> Vec<String> {
        names(&["x", "y"])
    }

    #[test]
    fn domains_validate_and_keep_order() {
        let kind = TypedObject::<FiniteDomain>::default();
        let d =
            kind.parse(&json!({"variables": [{"name": "y", "min": -3, "max": 10}, {"name": "x", "min": 0, "max": 1}]}));
        let d = d.unwrap();
        assert_eq!(d.names(), ["y", "x"]);
        assert_eq!(d.size(), 28);
        let mut v = d.first();
        let mut n = 1;
        while d.advance(&mut v) {
            n += 1;
        }
        assert_eq!((n, v), (28, vec![-3, 0]));
        for (bad, path) in [
            (json!({"variables": []}), "/variables"),
            (json!({"variables": [{"name": "X", "min": 0, "max": 1}]}), "/variables/0/name"),
            (json!({"variables": [{"name": "and", "min": 0, "max": 1}]}), "/variables/0/name"),
            (json!({"variables": [{"name": "x", "min": 2, "max": 1}]}), "/variables/0/max"),
            (
                json!({"variables": [{"name": "x", "min": 0, "max": 1}, {"name": "x", "min": 0, "max": 1}]}),
                "/variables/1/name",
            ),
            (json!({"variables": [{"name": "x", "min": i64::MIN, "max": i64::MAX}]}), "/variables"),
            (
                json!({"variables": [{"name": "x", "min": 0, "max": 9999}, {"name": "y", "min": 0, "max": 1000}]}),
                "/variables",
            ),
        ] {
            let e = kind.parse(&bad).unwrap_err();
            assert!(e.iter().any(|d| d.path.as_deref() == Some(path)), "{bad}: {e:?}");
        }
        let ok = json!({"variables": [{"name": "x", "min": 0, "max": 9999}, {"name": "y", "min": 0, "max": 999}]});
        assert_eq!(kind.parse(&ok).unwrap().size(), MAX_DOMAIN_SIZE);
    }

    #[test]
    fn precedence_and_evaluation() {
        let p = |s: &str| Predicate::parse(s, &xy()).unwrap();
        assert!(p("x % 2 = 0 and not y < 3 or x = 1").eval(&[4, 3]));
        assert!(p("-x % 3 = 2").eval(&[1, 0]), "Euclidean remainder of -1");
        assert!(p("-(x - y) * 2 = -2").eval(&[3, 2]));
        assert!(!p("(x = 0 or y = 0) and x != y").eval(&[0, 0]));
        assert!(p("x - y - 1 = 0").eval(&[5, 4]), "left-associative");
        assert_eq!(p("x * x * x > 0").eval_checked(&[3_000_000_000, 0]), None);
        assert!(!p("x * x * x > 0").eval(&[3_000_000_000, 0]));
        assert!(p("x * x * x > 0 or x > 0").eval(&[3_000_000_000, 0]));
        assert_eq!(p("x * x * x > 0 or x > 0").eval_checked(&[3_000_000_000, 0]), None);
        assert_eq!(p("x >= 1").eval_checked(&[3, 0]), Some(true));
        assert_eq!(p("(x + 1) % 2 = (0)").to_string(), "(x + 1) % 2 = 0");
        assert_eq!(p("(x = 1 and y = 2) and (x = 3)").to_string(), "(x = 1 and y = 2) and x = 3");
    }

    #[test]
    fn errors_name_their_place() {
        for (src, span) in [
            ("", [0, 0]),
            ("x =", [3, 3]),
            ("(x = 1", [0, 1]),
            ("x = 1 2", [6, 7]),
            ("z = 1", [0, 1]),
            ("x / 2 = 1", [2, 3]),
            ("x % y = 0", [4, 5]),
            ("x % 0 = 0", [4, 5]),
            ("x < y < 3", [6, 7]),
            ("x + 1", [0, 5]),
            ("(x = 1) + 2 = 3", [0, 7]),
            ("x = 99999999999999999999", [4, 24]),
            ("x = é", [4, 6]),
        ] {
            let e = Predicate::parse(src, &xy()).unwrap_err();
            assert_eq!(e.span, span, "{src:?}: {e}");
        }
        let deep = format!("{}x = 1{}", "(".repeat(100), ")".repeat(100));
        assert!(Predicate::parse(&deep, &xy()).is_err());
        assert!(Predicate::parse(&"not ".repeat(100), &xy()).is_err());
        assert!(Predicate::parse(&format!("x = {}", "-".repeat(100)), &xy()).is_err());
        let long = format!("x = 0{}", " or x = 0".repeat(600));
        assert_eq!(Predicate::parse(&long, &xy()).unwrap_err().span[0], MAX_PREDICATE);
    }

    #[test]
    fn long_chains_and_the_registry() {
        let sum = format!("{} = 1000", vec!["x"; 1000].join(" + "));
        let p = Predicate::parse(&sum, &xy()).unwrap();
        assert!(p.eval(&[1, 0]) && !p.eval(&[2, 0]));
        assert_eq!(p.to_string(), sum);
        let kind = crate::objects::ObjectRegistry::bundled();
        let kind = kind.get("finite_domain").unwrap();
        assert_eq!(kind.schema_uri(), FINITE_DOMAIN_SCHEMA);
        let canonical = kind.canonicalize(
            &json!({"variables": [{"name": "b", "min": 1, "max": 2}, {"name": "a", "min": 0, "max": 0}]}),
        );
        assert_eq!(canonical.unwrap()["variables"][0]["name"], "b", "the order is kept");
    }

    /// Well-formed text from the grammar, parenthesized at random.
    fn grammatical() -> impl Strategy<Value = String> {
        let leaf = prop::sample::select(vec!["x", "y", "0", "7", "12"]).prop_map(String::from);
        let expr = leaf.prop_recursive(4, 24, 2, |inner| {
            (inner.clone(), prop::sample::select(vec![" + ", " - ", " * ", " % "]), inner, any::<bool>()).prop_map(
                |(a, op, b, paren)| {
                    let b = if op == " % " { "3".to_owned() } else { b };
                    if paren { format!("({a}{op}{b})") } else { format!("{a}{op}{b}") }
                },
            )
        });
        let expr = prop_oneof![expr.clone(), expr.prop_map(|e| format!("-{e}"))];
        let cmp = prop::sample::select(vec![" = ", " != ", " < ", " <= ", " > ", " >= "]);
        let atom = (expr.clone(), cmp, expr).prop_map(|(a, c, b)| format!("{a}{c}{b}"));
        atom.prop_recursive(4, 16, 3, |inner| {
            prop_oneof![
                inner.clone().prop_map(|c| format!("not {c}")),
                inner.clone().prop_map(|c| format!("({c})")),
                (inner.clone(), prop::sample::select(vec![" and ", " or "]), inner)
                    .prop_map(|(a, w, b)| format!("{a}{w}{b}")),
            ]
        })
    }

    proptest! {
        #[test]
        fn grammatical_text_prints_to_a_fixed_point(s in grammatical(), v in any::<[i64; 2]>()) {
            let first = Predicate::parse(&s, &xy());
            prop_assert!(first.is_ok(), "{}: {:?}", s, first);
            let first = first.unwrap();
            let printed = first.to_string();
            let again = Predicate::parse(&printed, &xy()).unwrap();
            prop_assert_eq!(&again, &first, "{} printed as {}", s, printed);
            prop_assert_eq!(again.eval_checked(&v), first.eval_checked(&v));
        }

        #[test]
        fn arbitrary_text_never_panics(s in "\\PC{0,200}", v in any::<[i64; 2]>()) {
            if let Ok(p) = Predicate::parse(&s, &xy()) {
                let _ = (p.eval(&v), p.eval_checked(&v));
            }
        }

        #[test]
        fn printing_then_parsing_is_a_fixed_point(s in "(x|y|0|1|7|\\(|\\)|[-+*%]| and | or |not |=|!=|<|<=|>| ){0,30}") {
            if let Ok(first) = Predicate::parse(&s, &xy()) {
                let printed = first.to_string();
                let again = Predicate::parse(&printed, &xy()).unwrap();
                prop_assert_eq!(&again, &first, "{} printed as {}", s, printed);
                prop_assert_eq!(again.to_string(), printed);
            }
        }
    }
}
