//! First-order laws over one binary operation `*`: equations, conjunctions, implications and
//! quantifiers, so that an identity element, cancellation or inverses can be stated.
//!
//! Text syntax (whitespace between tokens is ignored):
//!
//! ```text
//! law         := quantified | implication
//! quantified  := ('forall' | 'exists') VAR (',' VAR)* '.' law
//! implication := conjunction ('->' law)?                 (right associative)
//! conjunction := atom ('&' atom)*
//! atom        := term '=' term | quantified | '(' law ')'
//! term        := factor ('*' factor)*                     (left associative)
//! factor      := VAR | CONST | '(' term ')'
//! ```
//!
//! `forall` and `exists` are reserved; every other lowercase identifier is a variable and every
//! uppercase one a constant. Variables not bound by a quantifier are universally quantified
//! over the whole law. Examples: `exists e. forall x. e * x = x & x * e = x` (an identity
//! element), `x * y = x * z -> y = z` (left cancellation), `exists e. forall x. exists y. x * y
//! = e & y * x = e` (inverses, with the identity element as its own law).
//!
//! Parsing is bounded like terms are (4096 bytes, nesting 64 deep, 8 bound variables per law),
//! every error carries the span of the offending token, and a law's `Display` is its canonical
//! text, which parses back to the same law.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use super::term::{Identity, ParseError, Span, Term};

/// Longest source text accepted, in bytes.
const MAX_INPUT_BYTES: usize = 4096;
/// Deepest nesting (parentheses, quantifiers, implications), and deepest term, accepted.
const MAX_DEPTH: usize = 64;
/// Most quantified variables in one law.
pub const MAX_BOUND: usize = 8;

/// A first-order formula over `*`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Formula {
    /// `lhs = rhs`.
    Eq(Term, Term),
    /// Every conjunct holds (at least two).
    And(Vec<Formula>),
    /// If the first holds, so does the second.
    Implies(Box<Formula>, Box<Formula>),
    /// For every element, bound to the variable.
    Forall(String, Box<Formula>),
    /// For some element, bound to the variable.
    Exists(String, Box<Formula>),
}

/// A law: a formula whose free variables are universally quantified.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Law {
    /// The formula.
    pub formula: Formula,
}

impl Formula {
    fn names(&self, bound: &mut Vec<String>, free: &mut BTreeSet<String>, consts: &mut BTreeSet<String>) {
        fn term(t: &Term, bound: &[String], free: &mut BTreeSet<String>, consts: &mut BTreeSet<String>) {
            match t {
                Term::Var(v) if !bound.contains(v) => {
                    free.insert(v.clone());
                }
                Term::Var(_) => {}
                Term::Const(c) => {
                    consts.insert(c.clone());
                }
                Term::Op(a, b) => {
                    term(a, bound, free, consts);
                    term(b, bound, free, consts);
                }
            }
        }
        match self {
            Formula::Eq(a, b) => {
                term(a, bound, free, consts);
                term(b, bound, free, consts);
            }
            Formula::And(parts) => parts.iter().for_each(|p| p.names(bound, free, consts)),
            Formula::Implies(a, b) => {
                a.names(bound, free, consts);
                b.names(bound, free, consts);
            }
            Formula::Forall(v, body) | Formula::Exists(v, body) => {
                bound.push(v.clone());
                body.names(bound, free, consts);
                bound.pop();
            }
        }
    }

    /// Quantifiers on the longest path from the root.
    fn quantifier_depth(&self) -> usize {
        match self {
            Formula::Eq(..) => 0,
            Formula::And(parts) => parts.iter().map(Formula::quantifier_depth).max().unwrap_or(0),
            Formula::Implies(a, b) => a.quantifier_depth().max(b.quantifier_depth()),
            Formula::Forall(_, body) | Formula::Exists(_, body) => 1 + body.quantifier_depth(),
        }
    }

    /// The truth value in the magma `op` on `0..n`, variables bound by `vars`; None when a
    /// free variable or a constant has no value.
    pub fn eval(
        &self,
        op: &dyn Fn(u32, u32) -> u32,
        n: u32,
        vars: &mut BTreeMap<String, u32>,
        consts: &BTreeMap<String, u32>,
    ) -> Option<bool> {
        match self {
            Formula::Eq(a, b) => Some(a.eval(op, vars, consts)? == b.eval(op, vars, consts)?),
            Formula::And(parts) => {
                for p in parts {
                    if !p.eval(op, n, vars, consts)? {
                        return Some(false);
                    }
                }
                Some(true)
            }
            Formula::Implies(a, b) => Some(!a.eval(op, n, vars, consts)? || b.eval(op, n, vars, consts)?),
            Formula::Forall(v, body) | Formula::Exists(v, body) => {
                let every = matches!(self, Formula::Forall(..));
                let saved = vars.get(v).copied();
                let mut answer = every;
                for a in 0..n {
                    vars.insert(v.clone(), a);
                    if body.eval(op, n, vars, consts)? != every {
                        answer = !every;
                        break;
                    }
                }
                match saved {
                    Some(s) => vars.insert(v.clone(), s),
                    None => vars.remove(v),
                };
                Some(answer)
            }
        }
    }
}

impl Law {
    /// The free (universally quantified) variables, sorted.
    pub fn variables(&self) -> Vec<String> {
        let (mut free, mut consts) = (BTreeSet::new(), BTreeSet::new());
        self.formula.names(&mut Vec::new(), &mut free, &mut consts);
        free.into_iter().collect()
    }

    /// The constants, sorted.
    pub fn constants(&self) -> Vec<String> {
        let (mut free, mut consts) = (BTreeSet::new(), BTreeSet::new());
        self.formula.names(&mut Vec::new(), &mut free, &mut consts);
        consts.into_iter().collect()
    }

    /// The plain identity this law is, when it is one equation.
    pub fn as_identity(&self) -> Option<Identity> {
        match &self.formula {
            Formula::Eq(lhs, rhs) => Some(Identity { lhs: lhs.clone(), rhs: rhs.clone() }),
            _ => None,
        }
    }

    /// Ground instances on `n` elements: n to the number of free and nested bound variables.
    pub fn instances(&self, n: u32) -> u64 {
        let k = self.variables().len() + self.formula.quantifier_depth();
        u64::from(n).saturating_pow(k as u32)
    }

    /// Whether the law holds in the magma `op` on `0..n` at the given values of its free
    /// variables; None when one of them or a constant has no value.
    pub fn holds_at(
        &self,
        op: &dyn Fn(u32, u32) -> u32,
        n: u32,
        vars: &BTreeMap<String, u32>,
        consts: &BTreeMap<String, u32>,
    ) -> Option<bool> {
        self.formula.eval(op, n, &mut vars.clone(), consts)
    }

    /// Whether the law holds at every assignment of its free variables.
    pub fn holds(&self, op: &dyn Fn(u32, u32) -> u32, n: u32, consts: &BTreeMap<String, u32>) -> Option<bool> {
        let mut f = self.formula.clone();
        for v in self.variables().into_iter().rev() {
            f = Formula::Forall(v, Box::new(f));
        }
        f.eval(op, n, &mut BTreeMap::new(), consts)
    }
}

impl From<Identity> for Law {
    fn from(i: Identity) -> Law {
        Law { formula: Formula::Eq(i.lhs, i.rhs) }
    }
}

/// Canonical text: conjunctions and implications inside a conjunction or on the left of an
/// implication are parenthesized, a quantifier's body extends as far as possible.
impl fmt::Display for Formula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn atom(p: &Formula, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match p {
                Formula::Eq(..) => write!(f, "{p}"),
                _ => write!(f, "({p})"),
            }
        }
        match self {
            Formula::Eq(a, b) => write!(f, "{a} = {b}"),
            Formula::And(parts) => {
                for (i, p) in parts.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" & ")?;
                    }
                    atom(p, f)?;
                }
                Ok(())
            }
            Formula::Implies(a, b) => {
                match **a {
                    Formula::Eq(..) | Formula::And(_) => write!(f, "{a}")?,
                    _ => write!(f, "({a})")?,
                }
                write!(f, " -> {b}")
            }
            Formula::Forall(v, body) => write!(f, "forall {v}. {body}"),
            Formula::Exists(v, body) => write!(f, "exists {v}. {body}"),
        }
    }
}

impl fmt::Display for Law {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.formula.fmt(f)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Var(String),
    Const(String),
    Forall,
    Exists,
    Star,
    Eq,
    And,
    Arrow,
    Dot,
    Comma,
    Open,
    Close,
}

fn shown(t: &Tok) -> String {
    match t {
        Tok::Var(s) | Tok::Const(s) => format!("`{}`", s.chars().take(32).collect::<String>()),
        Tok::Forall => "`forall`".into(),
        Tok::Exists => "`exists`".into(),
        Tok::Star => "`*`".into(),
        Tok::Eq => "`=`".into(),
        Tok::And => "`&`".into(),
        Tok::Arrow => "`->`".into(),
        Tok::Dot => "`.`".into(),
        Tok::Comma => "`,`".into(),
        Tok::Open => "`(`".into(),
        Tok::Close => "`)`".into(),
    }
}

fn tokens(src: &str) -> Result<Vec<(Tok, Span)>, ParseError> {
    let bytes = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let one = |t: Tok| (t, Span { start: i, end: i + 1 });
        match c {
            b' ' | b'\t' | b'\n' | b'\r' => {
                i += 1;
                continue;
            }
            b'*' => out.push(one(Tok::Star)),
            b'=' => out.push(one(Tok::Eq)),
            b'&' => out.push(one(Tok::And)),
            b'.' => out.push(one(Tok::Dot)),
            b',' => out.push(one(Tok::Comma)),
            b'(' => out.push(one(Tok::Open)),
            b')' => out.push(one(Tok::Close)),
            b'-' if bytes.get(i + 1) == Some(&b'>') => {
                out.push((Tok::Arrow, Span { start: i, end: i + 2 }));
                i += 2;
                continue;
            }
            c if c.is_ascii_alphabetic() => {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                let word = &src[start..i];
                let tok = match word {
                    "forall" => Tok::Forall,
                    "exists" => Tok::Exists,
                    _ if c.is_ascii_lowercase() => Tok::Var(word.to_owned()),
                    _ => Tok::Const(word.to_owned()),
                };
                out.push((tok, Span { start, end: i }));
                continue;
            }
            _ => {
                let ch = src[i..].chars().next().unwrap_or('?');
                return Err(ParseError {
                    span: Span { start: i, end: i + ch.len_utf8() },
                    message: format!(
                        "unexpected character `{ch}`: a law uses `*`, `=`, `&`, `->`, `forall`, `exists`, `.`, \
                         `,`, parentheses and names"
                    ),
                });
            }
        }
        i += 1;
    }
    Ok(out)
}

struct Parser {
    toks: Vec<(Tok, Span)>,
    at: usize,
    end: usize,
    depth: usize,
    bound: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at).map(|t| &t.0)
    }

    fn span(&self) -> Span {
        self.toks.get(self.at).map_or(Span { start: self.end, end: self.end }, |t| t.1)
    }

    fn error<T>(&self, message: impl Into<String>) -> Result<T, ParseError> {
        let found = match self.peek() {
            Some(t) => format!("found {}", shown(t)),
            None => "found the end of the input".into(),
        };
        Err(ParseError { span: self.span(), message: format!("{}; {found}", message.into()) })
    }

    fn eat(&mut self, t: &Tok) -> bool {
        if self.peek() == Some(t) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn deeper(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ParseError { span: self.span(), message: format!("nested more than {MAX_DEPTH} deep") });
        }
        Ok(())
    }

    fn law(&mut self) -> Result<Formula, ParseError> {
        self.deeper()?;
        let f = match self.peek() {
            Some(Tok::Forall | Tok::Exists) => self.quantified()?,
            _ => {
                let lhs = self.conjunction()?;
                if self.eat(&Tok::Arrow) { Formula::Implies(Box::new(lhs), Box::new(self.law()?)) } else { lhs }
            }
        };
        self.depth -= 1;
        Ok(f)
    }

    fn quantified(&mut self) -> Result<Formula, ParseError> {
        let every = self.peek() == Some(&Tok::Forall);
        self.at += 1;
        let mut vars = Vec::new();
        loop {
            match self.peek() {
                Some(Tok::Var(v)) => {
                    vars.push(v.clone());
                    self.at += 1;
                }
                _ => return self.error("expected a variable to quantify (a lowercase name)"),
            }
            self.bound += 1;
            if self.bound > MAX_BOUND {
                return Err(ParseError {
                    span: self.toks[self.at - 1].1,
                    message: format!("more than {MAX_BOUND} quantified variables in one law"),
                });
            }
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        if !self.eat(&Tok::Dot) {
            return self.error("expected `.` after the quantified variables");
        }
        let mut body = self.law()?;
        for v in vars.into_iter().rev() {
            body = if every { Formula::Forall(v, Box::new(body)) } else { Formula::Exists(v, Box::new(body)) };
        }
        Ok(body)
    }

    fn conjunction(&mut self) -> Result<Formula, ParseError> {
        let mut parts = vec![self.atom()?];
        while self.eat(&Tok::And) {
            parts.push(self.atom()?);
        }
        Ok(if parts.len() == 1 { parts.remove(0) } else { Formula::And(parts) })
    }

    fn atom(&mut self) -> Result<Formula, ParseError> {
        if matches!(self.peek(), Some(Tok::Forall | Tok::Exists)) {
            return self.quantified();
        }
        // An equation, or a parenthesized law: try the equation first, from the same place.
        let (start, depth) = (self.at, self.depth);
        let equation = self.term().and_then(|lhs| {
            if !self.eat(&Tok::Eq) {
                return self.error("expected `=` between two terms");
            }
            Ok(Formula::Eq(lhs, self.term()?))
        });
        match equation {
            Ok(f) => Ok(f),
            Err(e) => {
                (self.at, self.depth) = (start, depth);
                if !self.eat(&Tok::Open) {
                    return Err(e);
                }
                let inner = self.law();
                let inner = match inner {
                    Ok(f) => f,
                    // Neither reading works: report the equation's error if it got further.
                    Err(law_error) => return Err(if law_error.span.start >= e.span.start { law_error } else { e }),
                };
                if !self.eat(&Tok::Close) {
                    return self.error("expected `)`");
                }
                Ok(inner)
            }
        }
    }

    fn term(&mut self) -> Result<Term, ParseError> {
        self.deeper()?;
        let mut t = self.factor()?;
        while self.eat(&Tok::Star) {
            t = Term::Op(Box::new(t), Box::new(self.factor()?));
            if t.depth() > MAX_DEPTH {
                return Err(ParseError { span: self.span(), message: format!("a term deeper than {MAX_DEPTH}") });
            }
        }
        self.depth -= 1;
        Ok(t)
    }

    fn factor(&mut self) -> Result<Term, ParseError> {
        match self.peek().cloned() {
            Some(Tok::Var(v)) => {
                self.at += 1;
                Ok(Term::Var(v))
            }
            Some(Tok::Const(c)) => {
                self.at += 1;
                Ok(Term::Const(c))
            }
            Some(Tok::Open) => {
                self.at += 1;
                let t = self.term()?;
                if !self.eat(&Tok::Close) {
                    return self.error("expected `)` closing the term");
                }
                Ok(t)
            }
            _ => self.error("expected a term: a variable, a constant or `(`"),
        }
    }
}

/// Parses a law (see the module documentation for the grammar and limits).
pub fn parse_law(src: &str) -> Result<Law, ParseError> {
    if src.len() > MAX_INPUT_BYTES {
        return Err(ParseError {
            span: Span { start: MAX_INPUT_BYTES, end: src.len() },
            message: format!("a law is at most {MAX_INPUT_BYTES} bytes"),
        });
    }
    let toks = tokens(src)?;
    let mut p = Parser { toks, at: 0, end: src.len(), depth: 0, bound: 0 };
    if p.peek().is_none() {
        return p.error("expected a law, e.g. `x * y = y * x`");
    }
    let formula = p.law()?;
    if p.peek().is_some() {
        return p.error("expected the end of the law");
    }
    Ok(Law { formula })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn laws_parse_and_print_canonically() {
        for (src, canonical) in [
            ("x*y=y*x", "x * y = y * x"),
            ("exists e. forall x. e*x = x & x*e = x", "exists e. forall x. e * x = x & x * e = x"),
            ("x*y = x*z -> y = z", "x * y = x * z -> y = z"),
            ("exists e. forall x. exists y. x*y = e & y*x = e", "exists e. forall x. exists y. x * y = e & y * x = e"),
            ("((x*y)*z = x*(y*z))", "x * y * z = x * (y * z)"),
            ("(x = y -> y = x) -> x = x", "(x = y -> y = x) -> x = x"),
            ("forall x, y. x * y = y * x", "forall x. forall y. x * y = y * x"),
            ("x = E & (forall y. y = E)", "x = E & (forall y. y = E)"),
        ] {
            let law = parse_law(src).unwrap_or_else(|e| panic!("{src}: {e}"));
            assert_eq!(law.to_string(), canonical, "{src}");
            assert_eq!(parse_law(canonical).unwrap(), law, "{canonical} parses back");
        }
        let c = parse_law("x*y = x*z -> y = z").unwrap();
        assert_eq!(c.variables(), ["x", "y", "z"]);
        let e = parse_law("exists e. forall x. e*x = x").unwrap();
        assert!(e.variables().is_empty() && e.as_identity().is_none());
    }

    #[test]
    fn errors_have_spans() {
        for (src, start) in [
            ("x * = y", 4),
            ("exists . x = x", 7),
            ("exists e x = x", 9),
            ("x = y ->", 8),
            ("x = y & ", 8),
            ("x # y", 2),
            ("(x = y", 6),
            ("forall = x", 7),
        ] {
            let e = parse_law(src).expect_err(src);
            assert_eq!(e.span.start, start, "{src}: {e}");
        }
        assert!(parse_law(&"(".repeat(100)).is_err());
        assert!(parse_law("exists a,b,c,d,e,f,g,h,i. a = a").is_err());
    }

    #[test]
    fn evaluation_by_brute_force_on_small_magmas() {
        // Z/3 under addition: a group, commutative, cancellative.
        let add = |a: u32, b: u32| (a + b) % 3;
        let none = BTreeMap::new();
        for (law, expected) in [
            ("exists e. forall x. e*x = x & x*e = x", true),
            ("x*y = x*z -> y = z", true),
            ("exists e. (forall x. e*x = x) & forall x. exists y. x*y = e", true),
            ("x*x = x", false),
            ("exists z. forall x. x*z = z", false),
        ] {
            assert_eq!(parse_law(law).unwrap().holds(&add, 3, &none), Some(expected), "{law}");
        }
        // Left projection x*y = x: no identity element, not left cancellative.
        let left = |a: u32, _: u32| a;
        assert_eq!(parse_law("exists e. forall x. e*x = x").unwrap().holds(&left, 2, &none), Some(false));
        assert_eq!(parse_law("x*y = x*z -> y = z").unwrap().holds(&left, 2, &none), Some(false));
        assert_eq!(parse_law("y*x = z*x -> y = z").unwrap().holds(&left, 2, &none), Some(true));
    }
}
