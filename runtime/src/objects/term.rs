//! Equational terms over one binary operation `*`, and identities between them.
//!
//! Text syntax (whitespace between tokens is ignored):
//!
//! ```text
//! identity := term '=' term
//! term     := factor ('*' factor)*          (left associative)
//! factor   := VAR | CONST | '(' term ')'
//! VAR      := [a-z][a-z0-9_]*
//! CONST    := [A-Z][A-Za-z0-9_]*
//! ```
//!
//! Parsing is bounded: inputs longer than 4096 bytes, parentheses nested more than 64 deep and
//! terms more than 64 operations deep are refused with a [`ParseError`], so every parsed term
//! can be walked recursively. A term's `Display` is its canonical text, which parses back to
//! the same tree.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::ObjectType;
use crate::contract::Diagnostic;

/// Longest source text accepted, in bytes.
const MAX_INPUT_BYTES: usize = 4096;
/// Deepest parenthesis nesting, and deepest term (in operations), accepted.
const MAX_DEPTH: usize = 64;
/// Longest name echoed in an error message, in characters.
const MAX_SHOWN_CHARS: usize = 32;

/// A byte range of the source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Span {
    /// Offset of the first byte.
    pub start: usize,
    /// Offset one past the last byte (equal to `start` at the end of the input).
    pub end: usize,
}

/// A parse error with the span it concerns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// The offending token, or the construct the error is about.
    pub span: Span,
    /// What is wrong and how to fix it.
    pub message: String,
}

impl ParseError {
    fn new(span: Span, message: impl Into<String>) -> Self {
        ParseError { span, message: message.into() }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at bytes {}..{}: {}", self.span.start, self.span.end, self.message)
    }
}

impl std::error::Error for ParseError {}

/// A term: a variable (lowercase identifier), a constant (uppercase identifier), or the binary operation `*`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Term {
    /// A variable; universally quantified in an [`Identity`].
    Var(String),
    /// A constant; interpreted by an assignment of constants.
    Const(String),
    /// The operation applied to a left and a right operand.
    Op(Box<Term>, Box<Term>),
}

/// An identity `lhs = rhs`, universally quantified over its variables.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Identity {
    /// Left-hand side.
    pub lhs: Term,
    /// Right-hand side.
    pub rhs: Term,
}

impl Term {
    /// The variables, sorted and without duplicates.
    pub fn variables(&self) -> Vec<String> {
        let mut names = Names::default();
        names.collect(self);
        names.into_vars()
    }

    /// The constants, sorted and without duplicates.
    pub fn constants(&self) -> Vec<String> {
        let mut names = Names::default();
        names.collect(self);
        names.into_consts()
    }

    /// Operations on the longest path from the root to a leaf: 0 for a variable or a constant.
    pub fn depth(&self) -> usize {
        match self {
            Term::Var(_) | Term::Const(_) => 0,
            Term::Op(a, b) => 1 + a.depth().max(b.depth()),
        }
    }

    /// Evaluates under an assignment; None if a variable or constant is unassigned.
    ///
    /// Values are not range-checked here, as the term does not know the carrier: `op` receives
    /// them as assigned. [`FiniteMagma::op`](super::magma::FiniteMagma::op) answers a non-element
    /// with a non-element, so an out-of-range assignment yields an out-of-range value.
    pub fn eval(
        &self,
        op: &dyn Fn(u32, u32) -> u32,
        vars: &BTreeMap<String, u32>,
        consts: &BTreeMap<String, u32>,
    ) -> Option<u32> {
        match self {
            Term::Var(name) => vars.get(name).copied(),
            Term::Const(name) => consts.get(name).copied(),
            Term::Op(a, b) => Some(op(a.eval(op, vars, consts)?, b.eval(op, vars, consts)?)),
        }
    }
}

impl Identity {
    /// The variables of both sides, sorted and without duplicates.
    pub fn variables(&self) -> Vec<String> {
        let mut names = Names::default();
        names.collect(&self.lhs);
        names.collect(&self.rhs);
        names.into_vars()
    }

    /// The constants of both sides, sorted and without duplicates.
    pub fn constants(&self) -> Vec<String> {
        let mut names = Names::default();
        names.collect(&self.lhs);
        names.collect(&self.rhs);
        names.into_consts()
    }
}

/// The distinct variable and constant names of some terms.
#[derive(Default)]
struct Names<'a> {
    vars: BTreeSet<&'a str>,
    consts: BTreeSet<&'a str>,
}

impl<'a> Names<'a> {
    fn collect(&mut self, term: &'a Term) {
        match term {
            Term::Var(name) => {
                self.vars.insert(name);
            }
            Term::Const(name) => {
                self.consts.insert(name);
            }
            Term::Op(a, b) => {
                self.collect(a);
                self.collect(b);
            }
        }
    }

    fn into_vars(self) -> Vec<String> {
        self.vars.into_iter().map(str::to_owned).collect()
    }

    fn into_consts(self) -> Vec<String> {
        self.consts.into_iter().map(str::to_owned).collect()
    }
}

/// Canonical text: `*` associates to the left, so only a compound right operand is parenthesized.
impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Term::Var(name) | Term::Const(name) => f.write_str(name),
            Term::Op(a, b) => match **b {
                Term::Op(..) => write!(f, "{a} * ({b})"),
                _ => write!(f, "{a} * {b}"),
            },
        }
    }
}

impl fmt::Display for Identity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} = {}", self.lhs, self.rhs)
    }
}

/// Parses a term (see the module documentation for the grammar and limits).
pub fn parse_term(src: &str) -> Result<Term, ParseError> {
    let mut parser = Parser::new(src, "a term")?;
    let (term, ..) = parser.term()?;
    match parser.token {
        Token::End => Ok(term),
        _ => Err(parser.unexpected_after_term("'*' or the end of the term")),
    }
}

/// Parses an identity `lhs = rhs` (see the module documentation for the grammar and limits).
pub fn parse_identity(src: &str) -> Result<Identity, ParseError> {
    let mut parser = Parser::new(src, "an identity `lhs = rhs`")?;
    let (lhs, ..) = parser.term()?;
    match parser.token {
        Token::Equals => parser.advance()?,
        Token::End => {
            return Err(ParseError::new(parser.span, "expected '=' and a right-hand side, but the input ended"));
        }
        _ => return Err(parser.unexpected_after_term("'*' or '='")),
    }
    let (rhs, ..) = parser.term()?;
    match parser.token {
        Token::End => Ok(Identity { lhs, rhs }),
        Token::Equals => {
            Err(ParseError::new(parser.span, "trailing input after the identity: an identity has exactly one '='"))
        }
        _ => Err(parser.unexpected_after_term("'*' or the end of the identity")),
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Var(String),
    Const(String),
    Star,
    Equals,
    Open,
    Close,
    End,
}

impl Token {
    fn describe(&self) -> String {
        match self {
            Token::Var(name) => format!("variable `{name}`"),
            Token::Const(name) => format!("constant `{name}`"),
            Token::Star => "'*'".to_owned(),
            Token::Equals => "'='".to_owned(),
            Token::Open => "'('".to_owned(),
            Token::Close => "')'".to_owned(),
            Token::End => "the end of the input".to_owned(),
        }
    }
}

/// A recursive-descent parser with one token of lookahead, lexing on demand so that the first
/// error in source order is the one reported.
struct Parser<'a> {
    src: &'a str,
    /// Offset just past the current token.
    pos: usize,
    /// The current token and its span.
    token: Token,
    span: Span,
    /// Parentheses currently open.
    open: usize,
}

impl<'a> Parser<'a> {
    /// Checks the length, reads the first token and refuses empty input; `what` names the expected input.
    fn new(src: &'a str, what: &str) -> Result<Self, ParseError> {
        let whole = Span { start: 0, end: src.len() };
        if src.len() > MAX_INPUT_BYTES {
            return Err(ParseError::new(
                whole,
                format!("the input is {} bytes long; at most {MAX_INPUT_BYTES} are accepted", src.len()),
            ));
        }
        let mut parser = Parser { src, pos: 0, token: Token::End, span: Span { start: 0, end: 0 }, open: 0 };
        parser.advance()?;
        if parser.token == Token::End {
            return Err(ParseError::new(whole, format!("the input is empty: expected {what}")));
        }
        Ok(parser)
    }

    /// Reads the next token.
    fn advance(&mut self) -> Result<(), ParseError> {
        let rest = self.src.get(self.pos..).unwrap_or_default();
        let trimmed = rest.trim_start();
        let start = self.pos + (rest.len() - trimmed.len());
        let (token, len) = match trimmed.chars().next() {
            None => (Token::End, 0),
            Some('*') => (Token::Star, 1),
            Some('=') => (Token::Equals, 1),
            Some('(') => (Token::Open, 1),
            Some(')') => (Token::Close, 1),
            Some(c) if is_name_char(c) => {
                let len = trimmed.find(|c| !is_name_char(c)).unwrap_or(trimmed.len());
                let word = trimmed.get(..len).unwrap_or_default();
                (name(word, Span { start, end: start + len })?, len)
            }
            Some(c) => {
                return Err(ParseError::new(
                    Span { start, end: start + c.len_utf8() },
                    format!(
                        "unexpected character {c:?}: terms are built from variables, constants, '*', '=' and \
                         parentheses"
                    ),
                ));
            }
        };
        self.token = token;
        self.span = Span { start, end: start + len };
        self.pos = start + len;
        Ok(())
    }

    /// `term := factor ('*' factor)*`, left associative; returns the term, its depth and its span.
    fn term(&mut self) -> Result<(Term, usize, Span), ParseError> {
        let (mut term, mut depth, mut span) = self.factor()?;
        while self.token == Token::Star {
            self.advance()?;
            let (rhs, rhs_depth, rhs_span) = self.factor()?;
            depth = 1 + depth.max(rhs_depth);
            span.end = rhs_span.end;
            if depth > MAX_DEPTH {
                return Err(ParseError::new(
                    span,
                    format!("this term is nested more than {MAX_DEPTH} operations deep"),
                ));
            }
            term = Term::Op(Box::new(term), Box::new(rhs));
        }
        Ok((term, depth, span))
    }

    /// `factor := VAR | CONST | '(' term ')'`; returns the factor, its depth and its span.
    fn factor(&mut self) -> Result<(Term, usize, Span), ParseError> {
        let open = self.span;
        let leaf = match &self.token {
            Token::Var(name) => Term::Var(name.clone()),
            Token::Const(name) => Term::Const(name.clone()),
            Token::Open => {
                if self.open >= MAX_DEPTH {
                    return Err(ParseError::new(open, format!("parentheses are nested more than {MAX_DEPTH} deep")));
                }
                self.open += 1;
                self.advance()?;
                let (term, depth, _) = self.term()?;
                match self.token {
                    Token::Close => {}
                    Token::End => return Err(ParseError::new(open, "unclosed '(' opened here: add a matching ')'")),
                    _ => return Err(self.unexpected_after_term("'*' or ')'")),
                }
                let span = Span { start: open.start, end: self.span.end };
                self.open -= 1;
                self.advance()?;
                return Ok((term, depth, span));
            }
            other => {
                return Err(ParseError::new(
                    open,
                    format!("expected a variable, a constant or '(' but found {}", other.describe()),
                ));
            }
        };
        self.advance()?;
        Ok((leaf, 0, open))
    }

    /// The error for the current token, which cannot follow a complete term here.
    fn unexpected_after_term(&self, expected: &str) -> ParseError {
        let message = match &self.token {
            Token::Close => "unmatched ')': no '(' is open here".to_owned(),
            token @ (Token::Var(_) | Token::Const(_) | Token::Open) => {
                format!("missing '*' before {}: the operation is never implicit", token.describe())
            }
            token => format!("expected {expected} but found {}", token.describe()),
        };
        ParseError::new(self.span, message)
    }
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Classifies a maximal run of name characters as a variable or a constant.
fn name(word: &str, span: Span) -> Result<Token, ParseError> {
    let shown = || match word.char_indices().nth(MAX_SHOWN_CHARS) {
        Some((cut, _)) => format!("{}…", word.get(..cut).unwrap_or_default()),
        None => word.to_owned(),
    };
    match word.as_bytes().first() {
        Some(b'a'..=b'z') if word.bytes().all(|b| matches!(b, b'a'..=b'z' | b'0'..=b'9' | b'_')) => {
            Ok(Token::Var(word.to_owned()))
        }
        Some(b'a'..=b'z') => Err(ParseError::new(
            span,
            format!(
                "`{}` is not a variable name: after its first lowercase letter, a variable has only lowercase \
                 letters, digits and '_'",
                shown()
            ),
        )),
        Some(b'A'..=b'Z') => Ok(Token::Const(word.to_owned())),
        _ => Err(ParseError::new(
            span,
            format!(
                "`{}` is neither a variable nor a constant: names start with a letter, lowercase for variables and \
                 uppercase for constants",
                shown()
            ),
        )),
    }
}

/// Schema URI of equational identities.
pub const EQUATIONAL_IDENTITY_SCHEMA: &str = "urn:jacobian:schema:equational-identity:v1";

/// An equational identity as text; canonically, the printed form of its parse (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EquationalIdentity {
    /// The identity `lhs = rhs`, e.g. `x * (y * z) = (x * y) * z`.
    #[schemars(length(max = MAX_INPUT_BYTES))]
    pub identity: String,
}

impl ObjectType for EquationalIdentity {
    const SCHEMA_URI: &'static str = EQUATIONAL_IDENTITY_SCHEMA;
    const NAME: &'static str = "equational_identity";
    const SUMMARY: &'static str = "An identity lhs = rhs between terms over one binary operation *.";

    /// Parses the text and returns its canonical printing; a parse error is a `PARSE_ERROR` at
    /// `/identity`, and a canonical printing longer than the input limit is `TOO_LONG` there.
    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        let parsed = parse_identity(&self.identity)
            .map_err(|err| vec![Diagnostic::at("/identity", "PARSE_ERROR", err.to_string())])?;
        let identity = parsed.to_string();
        if identity.len() > MAX_INPUT_BYTES {
            return Err(vec![Diagnostic::at(
                "/identity",
                "TOO_LONG",
                format!("the canonical form is {} bytes long; at most {MAX_INPUT_BYTES} are accepted", identity.len()),
            )]);
        }
        Ok(EquationalIdentity { identity })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn var(name: &str) -> Term {
        Term::Var(name.into())
    }

    fn op(a: Term, b: Term) -> Term {
        Term::Op(Box::new(a), Box::new(b))
    }

    #[test]
    fn parses_and_prints_named_laws() {
        let laws = [
            ("x * (y * z) = (x * y) * z", "x * (y * z) = x * y * z"),
            ("x*y=y*x", "x * y = y * x"),
            ("x * x = x", "x * x = x"),
            ("E * x = x", "E * x = x"),
            ("  ((x)) *\ty\n= ((x * y) * z) * w", "x * y = x * y * z * w"),
            ("x * (y * (z * w)) = u_1 * Inv_2", "x * (y * (z * w)) = u_1 * Inv_2"),
        ];
        for (text, canonical) in laws {
            let id = parse_identity(text).unwrap();
            assert_eq!(id.to_string(), canonical, "printing {text:?}");
            assert_eq!(parse_identity(canonical).unwrap(), id, "reparsing {canonical:?}");
        }
        let assoc = parse_identity("x * (y * z) = (x * y) * z").unwrap();
        assert_eq!(assoc.lhs, op(var("x"), op(var("y"), var("z"))));
        assert_eq!(assoc.rhs, op(op(var("x"), var("y")), var("z")));
        assert_eq!(parse_term("x * y * z").unwrap(), assoc.rhs, "`*` associates to the left");
        assert_eq!((assoc.lhs.depth(), var("x").depth()), (2, 0));

        let unit = parse_identity("E * x = x").unwrap();
        assert_eq!(unit.lhs, op(Term::Const("E".into()), var("x")));
        assert_eq!((unit.variables(), unit.constants()), (vec!["x".to_owned()], vec!["E".to_owned()]));
        let mixed = parse_identity("z * (B * z) = y * (x * A) * B").unwrap();
        assert_eq!(mixed.variables(), ["x", "y", "z"]);
        assert_eq!(mixed.constants(), ["A", "B"]);
        assert_eq!(mixed.lhs.variables(), ["z"]);
    }

    #[test]
    fn evaluates_under_an_assignment() {
        let t = parse_term("x * (y * E)").unwrap();
        let minus = |a: u32, b: u32| (a + 5 - b) % 5;
        let vars: BTreeMap<String, u32> = [("x".into(), 4), ("y".into(), 1)].into();
        let consts: BTreeMap<String, u32> = [("E".into(), 3)].into();
        assert_eq!(t.eval(&minus, &vars, &consts), Some(1)); // 4 - (1 - 3) = 6 = 1 (mod 5)
        assert_eq!(t.eval(&minus, &vars, &BTreeMap::new()), None);
        assert_eq!(t.eval(&minus, &BTreeMap::new(), &consts), None);
    }

    #[test]
    fn errors_point_at_the_offending_token() {
        let nested = |n: usize| format!("{}x{}", "(".repeat(n), ")".repeat(n));
        let chain = |n: usize| format!("x{}", " * x".repeat(n));
        let cases: Vec<(String, bool, (usize, usize), &str)> = vec![
            ("".into(), true, (0, 0), "the input is empty"),
            (" \n ".into(), false, (0, 3), "the input is empty: expected a term"),
            ("x *".into(), false, (3, 3), "expected a variable, a constant or '(' but found the end of the input"),
            ("(x * y".into(), false, (0, 1), "unclosed '(' opened here"),
            ("x * ((y)".into(), false, (4, 5), "unclosed '(' opened here"),
            ("x = y = z".into(), true, (6, 7), "trailing input after the identity"),
            ("x + y".into(), false, (2, 3), "unexpected character '+'"),
            ("x = y ^ 2".into(), true, (6, 7), "unexpected character '^'"),
            ("1".into(), false, (0, 1), "`1` is neither a variable nor a constant"),
            ("x * _y".into(), false, (4, 6), "`_y` is neither a variable nor a constant"),
            ("x * yZ".into(), false, (4, 6), "`yZ` is not a variable name"),
            ("é * x".into(), false, (0, 2), "unexpected character 'é'"),
            (")".into(), false, (0, 1), "expected a variable, a constant or '(' but found ')'"),
            ("x * = y".into(), true, (4, 5), "expected a variable, a constant or '(' but found '='"),
            ("x)".into(), false, (1, 2), "unmatched ')'"),
            ("x = y)".into(), true, (5, 6), "unmatched ')'"),
            ("x y".into(), false, (2, 3), "missing '*' before variable `y`"),
            ("(x E) = x".into(), true, (3, 4), "missing '*' before constant `E`"),
            ("(x = y)".into(), true, (3, 4), "expected '*' or ')' but found '='"),
            ("x * y".into(), true, (5, 5), "expected '=' and a right-hand side"),
            ("x = ".into(), true, (4, 4), "expected a variable, a constant or '('"),
            ("x = y".into(), false, (2, 3), "expected '*' or the end of the term but found '='"),
            (nested(65), false, (64, 65), "parentheses are nested more than 64 deep"),
            (chain(65), false, (0, 261), "nested more than 64 operations deep"),
            (format!("x{}", " ".repeat(4096)), false, (0, 4097), "at most 4096"),
        ];
        for (src, identity, (start, end), message) in cases {
            let err = if identity { parse_identity(&src).unwrap_err() } else { parse_term(&src).unwrap_err() };
            assert_eq!(err.span, Span { start, end }, "span for {src:?}: {err}");
            assert!(err.message.contains(message), "message for {src:?}: {err}");
        }
        assert_eq!(parse_term(&nested(64)).unwrap(), var("x"));
        assert_eq!(parse_term(&chain(64)).unwrap().depth(), 64);
        assert_eq!(
            parse_term("x *").unwrap_err().to_string(),
            "at bytes 3..3: expected a variable, a constant or '(' but found the end of the input"
        );
        let long = parse_term(&format!("x * {}", "y".repeat(100))).unwrap();
        assert_eq!(long.variables().len(), 2);
        let bad = parse_term(&format!("x{}", "Y".repeat(100))).unwrap_err();
        assert!(bad.message.starts_with(&format!("`x{}…`", "Y".repeat(31))), "{bad}");
    }

    fn arb_term() -> impl Strategy<Value = Term> {
        let leaf =
            prop_oneof!["[a-z][a-z0-9_]{0,3}".prop_map(Term::Var), "[A-Z][A-Za-z0-9_]{0,3}".prop_map(Term::Const)];
        leaf.prop_recursive(8, 64, 2, |inner| (inner.clone(), inner).prop_map(|(a, b)| op(a, b)))
    }

    /// Every operation parenthesized, with irregular spacing: not canonical, same tree.
    fn verbose(t: &Term) -> String {
        match t {
            Term::Var(name) | Term::Const(name) => format!("({name} )"),
            Term::Op(a, b) => format!("(\t{}*{} )", verbose(a), verbose(b)),
        }
    }

    fn check_error(src: &str, err: &ParseError) -> Result<(), TestCaseError> {
        let Span { start, end } = err.span;
        prop_assert!(start <= end && end <= src.len(), "span {start}..{end} outside {src:?}");
        prop_assert!(src.is_char_boundary(start) && src.is_char_boundary(end), "span {start}..{end} splits a char");
        Ok(())
    }

    #[test]
    fn an_equational_identity_object_is_canonicalized_or_refused_with_its_path() {
        let kind = crate::objects::ObjectRegistry::bundled().get("equational_identity").cloned().unwrap();
        assert_eq!(kind.schema_uri(), EQUATIONAL_IDENTITY_SCHEMA);
        let canonical = kind.canonicalize(&serde_json::json!({"identity": "x*(y*z)=(x*y)*z"})).unwrap();
        assert_eq!(canonical, serde_json::json!({"identity": "x * (y * z) = x * y * z"}));
        assert_eq!(kind.canonicalize(&canonical).unwrap(), canonical);

        let bad = kind.canonicalize(&serde_json::json!({"identity": "x * = y"})).unwrap_err();
        assert_eq!(bad.len(), 1);
        assert_eq!(bad[0].code, "PARSE_ERROR");
        assert_eq!(bad[0].path.as_deref(), Some("/identity"));
        assert!(bad[0].message.starts_with("at bytes "), "{}", bad[0].message);

        assert!(kind.canonicalize(&serde_json::json!({"identity": "x = x", "extra": 1})).is_err());
        assert!(kind.canonicalize(&serde_json::json!({"identity": "x".repeat(4097)})).is_err());
        // Within the input limit, but printed longer than it.
        fn balanced(depth: u32) -> String {
            if depth == 0 { "x".into() } else { format!("{}*({})", balanced(depth - 1), balanced(depth - 1)) }
        }
        let long = format!("{}=x", balanced(10));
        assert!(long.len() <= 4096);
        let too_long = kind.canonicalize(&serde_json::json!({"identity": long})).unwrap_err();
        assert_eq!(too_long[0].path.as_deref(), Some("/identity"));
    }

    proptest! {
        #[test]
        fn print_then_parse_is_the_identity(t in arb_term(), u in arb_term()) {
            let text = t.to_string();
            let parsed = parse_term(&text).unwrap();
            prop_assert_eq!(&parsed, &t);
            prop_assert_eq!(parsed.to_string(), text);
            prop_assert_eq!(parse_term(&verbose(&t)).unwrap(), t.clone());
            let id = Identity { lhs: t, rhs: u };
            prop_assert_eq!(parse_identity(&id.to_string()).unwrap(), id);
        }

        #[test]
        fn arbitrary_text_never_panics(
            src in prop_oneof![any::<String>(), "[a-zA-Z0-9_ ()*=+é\n]{0,80}", "[xyE() *=]{0,4000}"],
        ) {
            match parse_term(&src) {
                Ok(t) => prop_assert_eq!(parse_term(&t.to_string()).unwrap(), t),
                Err(err) => check_error(&src, &err)?,
            }
            match parse_identity(&src) {
                Ok(id) => prop_assert_eq!(parse_identity(&id.to_string()).unwrap(), id),
                Err(err) => check_error(&src, &err)?,
            }
        }
    }
}
