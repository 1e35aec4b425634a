//! PROPOSITIONAL_STRUCTURE v1: the logical skeleton of a claim, with every node bound to the
//! span of source text it came from.
//!
//! Syntax: atoms are identifiers (`p`, `Prime_n`) or double-quoted prose (`"n is prime"`);
//! connectives, loosest first: `iff` (`<->`, `↔`), `implies` (`->`, `→`, right-associative),
//! `or` (`|`, `∨`), `and` (`&`, `∧`), `not` (`~`, `!`, `¬`); parentheses group. A chain of
//! one associative connective (`a & b & c`) is one node with ordered children; parentheses
//! are kept as grouping (`(a & b) & c` has two children, the first parenthesized), so splitting
//! a structure never regroups what its author wrote.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::ObjectType;
use crate::contract::Diagnostic;

/// Schema URI of propositional structures.
pub const PROPOSITIONAL_STRUCTURE_SCHEMA: &str = "urn:jacobian:schema:propositional-structure:v1";
/// Longest source accepted, in bytes.
pub const MAX_SOURCE: usize = 16_384;
/// Deepest nesting accepted.
pub const MAX_DEPTH: usize = 64;

/// A connective, or an atom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Op {
    /// A proposition with no inner structure.
    Atom,
    /// Negation (one child).
    Not,
    /// Conjunction (two or more children).
    And,
    /// Disjunction (two or more children).
    Or,
    /// Implication (two children: antecedent, consequent).
    Implies,
    /// Equivalence (two children).
    Iff,
}

/// A node of the structure.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Node {
    /// What the node is.
    pub op: Op,
    /// Atoms: the atom's text (without quotes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub atom: Option<String>,
    /// Connectives: the children, in source order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<Node>,
    /// Written inside parentheses (of its own).
    #[serde(default, skip_serializing_if = "is_false")]
    pub parenthesized: bool,
    /// Byte range `[start, end)` of the node in the source, parentheses included.
    pub span: [usize; 2],
}

fn is_false(b: &bool) -> bool {
    !b
}

/// A parsed structure: its source and its tree.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PropositionalStructure {
    /// The source text.
    #[schemars(length(max = 16384))]
    pub source: String,
    /// The tree; spans index `source`.
    pub tree: Node,
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

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Atom(String),
    Not,
    And,
    Or,
    Implies,
    Iff,
    Open,
    Close,
}

fn lex(src: &str) -> Result<Vec<(Tok, [usize; 2])>, ParseError> {
    let mut out = Vec::new();
    let mut chars = src.char_indices().peekable();
    while let Some(&(i, c)) = chars.peek() {
        let single = |tok: Tok, len: usize| (tok, [i, i + len]);
        match c {
            c if c.is_whitespace() => {
                chars.next();
            }
            '(' | ')' | '&' | '|' | '~' | '!' | '¬' | '∧' | '∨' | '→' | '↔' => {
                chars.next();
                out.push(single(
                    match c {
                        '(' => Tok::Open,
                        ')' => Tok::Close,
                        '&' | '∧' => Tok::And,
                        '|' | '∨' => Tok::Or,
                        '→' => Tok::Implies,
                        '↔' => Tok::Iff,
                        _ => Tok::Not,
                    },
                    c.len_utf8(),
                ));
            }
            '-' if src[i..].starts_with("->") => {
                chars.next();
                chars.next();
                out.push(single(Tok::Implies, 2));
            }
            '<' if src[i..].starts_with("<->") => {
                for _ in 0..3 {
                    chars.next();
                }
                out.push(single(Tok::Iff, 3));
            }
            '"' => {
                chars.next();
                let mut end = None;
                for (j, d) in chars.by_ref() {
                    if d == '"' {
                        end = Some(j);
                        break;
                    }
                }
                let Some(end) = end else {
                    return Err(ParseError { span: [i, src.len()], message: "unclosed quoted atom".into() });
                };
                let text = src[i + 1..end].trim();
                if text.is_empty() {
                    return Err(ParseError { span: [i, end + 1], message: "empty quoted atom".into() });
                }
                out.push((Tok::Atom(text.to_owned()), [i, end + 1]));
            }
            c if c.is_alphabetic() || c == '_' => {
                let mut end = i;
                while let Some(&(j, d)) = chars.peek() {
                    if d.is_alphanumeric() || d == '_' {
                        end = j + d.len_utf8();
                        chars.next();
                    } else {
                        break;
                    }
                }
                let word = &src[i..end];
                out.push((
                    match word {
                        "not" => Tok::Not,
                        "and" => Tok::And,
                        "or" => Tok::Or,
                        "implies" => Tok::Implies,
                        "iff" => Tok::Iff,
                        _ => Tok::Atom(word.to_owned()),
                    },
                    [i, end],
                ));
            }
            other => {
                return Err(ParseError {
                    span: [i, i + other.len_utf8()],
                    message: format!("unexpected character {other:?}; atoms are identifiers or \"quoted text\""),
                });
            }
        }
    }
    Ok(out)
}

struct Parser<'a> {
    toks: &'a [(Tok, [usize; 2])],
    at: usize,
    len: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at).map(|(t, _)| t)
    }

    fn here(&self) -> [usize; 2] {
        self.toks.get(self.at).map(|(_, s)| *s).unwrap_or([self.len, self.len])
    }

    fn deeper(&self, depth: usize) -> Result<usize, ParseError> {
        if depth >= MAX_DEPTH {
            Err(ParseError { span: self.here(), message: format!("nesting deeper than {MAX_DEPTH}") })
        } else {
            Ok(depth + 1)
        }
    }

    fn iff(&mut self, depth: usize) -> Result<Node, ParseError> {
        let depth = self.deeper(depth)?;
        let left = self.implies(depth)?;
        if self.peek() == Some(&Tok::Iff) {
            self.at += 1;
            let right = self.implies(depth)?;
            if self.peek() == Some(&Tok::Iff) {
                return Err(ParseError {
                    span: self.here(),
                    message: "chained `iff` is ambiguous; add parentheses".into(),
                });
            }
            let span = [left.span[0], right.span[1]];
            return Ok(Node { op: Op::Iff, atom: None, args: vec![left, right], parenthesized: false, span });
        }
        Ok(left)
    }

    fn implies(&mut self, depth: usize) -> Result<Node, ParseError> {
        let depth = self.deeper(depth)?;
        let left = self.chain(Op::Or, depth)?;
        if self.peek() == Some(&Tok::Implies) {
            self.at += 1;
            let right = self.implies(depth)?;
            let span = [left.span[0], right.span[1]];
            return Ok(Node { op: Op::Implies, atom: None, args: vec![left, right], parenthesized: false, span });
        }
        Ok(left)
    }

    /// An n-ary chain of `or` (over `and` chains) or `and` (over negations).
    fn chain(&mut self, op: Op, depth: usize) -> Result<Node, ParseError> {
        let depth = self.deeper(depth)?;
        let (tok, next) = if op == Op::Or { (Tok::Or, Op::And) } else { (Tok::And, Op::Not) };
        let sub = |p: &mut Self| if next == Op::And { p.chain(Op::And, depth) } else { p.unary(depth) };
        let first = sub(self)?;
        if self.peek() != Some(&tok) {
            return Ok(first);
        }
        let mut args = vec![first];
        while self.peek() == Some(&tok) {
            self.at += 1;
            args.push(sub(self)?);
        }
        let span = [args[0].span[0], args[args.len() - 1].span[1]];
        Ok(Node { op, atom: None, args, parenthesized: false, span })
    }

    fn unary(&mut self, depth: usize) -> Result<Node, ParseError> {
        let depth = self.deeper(depth)?;
        let here = self.here();
        match self.toks.get(self.at).map(|(t, _)| t.clone()) {
            Some(Tok::Not) => {
                self.at += 1;
                let arg = self.unary(depth)?;
                let span = [here[0], arg.span[1]];
                Ok(Node { op: Op::Not, atom: None, args: vec![arg], parenthesized: false, span })
            }
            Some(Tok::Atom(text)) => {
                self.at += 1;
                Ok(Node { op: Op::Atom, atom: Some(text), args: vec![], parenthesized: false, span: here })
            }
            Some(Tok::Open) => {
                self.at += 1;
                let mut inner = self.iff(depth)?;
                match self.toks.get(self.at) {
                    Some((Tok::Close, close)) => {
                        self.at += 1;
                        if inner.parenthesized {
                            // Double parentheses add nothing; keep the outer span.
                            inner.span = [here[0], close[1]];
                        } else {
                            inner.parenthesized = true;
                            inner.span = [here[0], close[1]];
                        }
                        Ok(inner)
                    }
                    _ => Err(ParseError { span: here, message: "unclosed '(' opened here".into() }),
                }
            }
            Some(_) => Err(ParseError { span: here, message: "expected an atom, `not` or '(' here".into() }),
            None => Err(ParseError { span: here, message: "the text ends where a proposition is expected".into() }),
        }
    }
}

impl PropositionalStructure {
    /// Parses source text.
    pub fn parse(source: &str) -> Result<Self, ParseError> {
        if source.len() > MAX_SOURCE {
            return Err(ParseError {
                span: [MAX_SOURCE, source.len()],
                message: format!("longer than {MAX_SOURCE} bytes"),
            });
        }
        let toks = lex(source)?;
        let mut p = Parser { toks: &toks, at: 0, len: source.len() };
        let tree = p.iff(0)?;
        if p.at != toks.len() {
            return Err(ParseError { span: p.here(), message: "unexpected text after the proposition".into() });
        }
        Ok(PropositionalStructure { source: source.to_owned(), tree })
    }

    /// The source text of a node.
    pub fn text_of(&self, node: &Node) -> &str {
        self.source.get(node.span[0]..node.span[1]).unwrap_or("")
    }
}

impl ObjectType for PropositionalStructure {
    const SCHEMA_URI: &'static str = PROPOSITIONAL_STRUCTURE_SCHEMA;
    const NAME: &'static str = "propositional_structure";
    const SUMMARY: &'static str =
        "The connectives of a claim (not, and, or, implies, iff) over atoms, each node bound to its source span.";

    /// The canonical form is the parse of the source: a stored tree is never trusted, and a
    /// structure given as `{"source": ...}` with any tree is re-derived from its text.
    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        PropositionalStructure::parse(&self.source)
            .map_err(|e| vec![Diagnostic::at("/source", "PARSE_ERROR", e.to_string())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ops(n: &Node) -> String {
        match n.op {
            Op::Atom => n.atom.clone().unwrap_or_default(),
            op => {
                let inner: Vec<String> = n.args.iter().map(ops).collect();
                format!("{}{op:?}({})", if n.parenthesized { "P" } else { "" }, inner.join(","))
            }
        }
    }

    #[test]
    fn precedence_chains_and_grouping() {
        let p = |s: &str| ops(&PropositionalStructure::parse(s).unwrap().tree);
        assert_eq!(p("a & b & c"), "And(a,b,c)");
        assert_eq!(p("(a & b) & c"), "And(PAnd(a,b),c)");
        assert_eq!(p("a | b & c"), "Or(a,And(b,c))");
        assert_eq!(p("a -> b -> c"), "Implies(a,Implies(b,c))");
        assert_eq!(p("not a and b"), "And(Not(a),b)");
        assert_eq!(p("a <-> b | c"), "Iff(a,Or(b,c))");
        assert_eq!(p("\"n is prime\" → ¬ \"n is even\""), "Implies(n is prime,Not(n is even))");
        assert_eq!(p("((a))"), "a");
    }

    #[test]
    fn spans_cover_the_source_of_each_node() {
        let s = PropositionalStructure::parse("(p & q) -> \"r holds\"").unwrap();
        assert_eq!(s.text_of(&s.tree), "(p & q) -> \"r holds\"");
        assert_eq!(s.text_of(&s.tree.args[0]), "(p & q)");
        assert_eq!(s.text_of(&s.tree.args[0].args[1]), "q");
        assert_eq!(s.text_of(&s.tree.args[1]), "\"r holds\"");
    }

    #[test]
    fn errors_name_their_place() {
        for (src, span) in [
            ("", [0, 0]),
            ("a &", [3, 3]),
            ("(a | b", [0, 1]),
            ("a b", [2, 3]),
            ("a <-> b <-> c", [8, 11]),
            ("a + b", [2, 3]),
            ("\"open", [0, 5]),
        ] {
            let e = PropositionalStructure::parse(src).unwrap_err();
            assert_eq!(e.span, span, "{src:?}: {e}");
        }
        let deep = format!("{}a{}", "(".repeat(100), ")".repeat(100));
        assert!(PropositionalStructure::parse(&deep).is_err());
    }

    fn render(n: &Node) -> String {
        let inner = match n.op {
            Op::Atom => format!("\"{}\"", n.atom.clone().unwrap_or_default()),
            Op::Not => format!("not {}", render(&n.args[0])),
            op => {
                let word = match op {
                    Op::And => " and ",
                    Op::Or => " or ",
                    Op::Implies => " implies ",
                    _ => " iff ",
                };
                n.args.iter().map(render).collect::<Vec<_>>().join(word)
            }
        };
        if n.parenthesized { format!("({inner})") } else { inner }
    }

    fn strip(n: &Node) -> Node {
        Node { span: [0, 0], args: n.args.iter().map(strip).collect(), ..n.clone() }
    }

    proptest! {
        #[test]
        fn arbitrary_text_never_panics(s in "\\PC{0,200}") {
            let _ = PropositionalStructure::parse(&s);
        }

        #[test]
        fn parse_of_render_is_a_fixed_point(s in "[a-c ()&|~>-]{0,40}") {
            if let Ok(first) = PropositionalStructure::parse(&s) {
                let again = PropositionalStructure::parse(&render(&first.tree)).unwrap();
                prop_assert_eq!(strip(&again.tree), strip(&first.tree));
            }
        }
    }
}
