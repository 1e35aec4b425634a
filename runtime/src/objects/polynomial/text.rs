//! Polynomial text: our own parser (spans on every error) and the canonical printer.
//!
//! ```text
//! sum     := product (('+' | '-') product)*
//! product := unary (('*' | '/') unary)*        (division only by a non-zero constant)
//! unary   := ('-' | '+') unary | power
//! power   := atom ('^' NATURAL)?
//! atom    := NATURAL | NAME | '(' sum ')'
//! NAME    := [A-Za-z][A-Za-z0-9_]*             (one of the ring's variables)
//! ```
//!
//! Whitespace between tokens is ignored. The text is at most [`MAX_TEXT`] bytes, parentheses
//! nest at most [`MAX_DEPTH`] deep, literals have at most [`MAX_DIGITS`] digits, and every
//! intermediate polynomial stays within the bounds of [`super::arith`]. The canonical text
//! ([`print`]) parses back to the same polynomial.

use std::fmt::Write as _;

use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

use super::arith::{Domain, MAX_DEGREE, Poly, Rat, small_exponent};
use crate::objects::term::{ParseError, Span};

/// Longest text, in bytes.
pub const MAX_TEXT: usize = 1_000_000;
/// Deepest parenthesis nesting.
pub const MAX_DEPTH: usize = 64;
/// Most digits of a literal.
pub const MAX_DIGITS: usize = 10_000;
/// Most work the expansion of one text may cost: term pairs multiplied, each weighted by the
/// square of its coefficients' size in 64-bit words (what multiplying and reducing them costs).
pub const MAX_WORK: u64 = 5_000_000;

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Num(BigInt),
    Name(String),
    Sym(u8),
    End,
}

struct Parser<'a> {
    src: &'a str,
    at: usize,
    tok: Tok,
    span: Span,
    vars: &'a [String],
    domain: &'a Domain,
    depth: usize,
    work: u64,
}

fn err<T>(span: Span, message: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError { span, message: message.into() })
}

impl<'a> Parser<'a> {
    fn advance(&mut self) -> Result<(), ParseError> {
        let b = self.src.as_bytes();
        while self.at < b.len() && b[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
        let start = self.at;
        let Some(&c) = b.get(self.at) else {
            self.tok = Tok::End;
            self.span = Span { start, end: start };
            return Ok(());
        };
        if c.is_ascii_digit() {
            while self.at < b.len() && b[self.at].is_ascii_digit() {
                self.at += 1;
            }
            let span = Span { start, end: self.at };
            if self.at - start > MAX_DIGITS {
                return err(span, format!("a literal has at most {MAX_DIGITS} digits"));
            }
            self.tok = Tok::Num(
                self.src[start..self.at].parse().map_err(|_| ParseError { span, message: "not a number".into() })?,
            );
            self.span = span;
        } else if c.is_ascii_alphabetic() {
            while self.at < b.len() && (b[self.at].is_ascii_alphanumeric() || b[self.at] == b'_') {
                self.at += 1;
            }
            self.tok = Tok::Name(self.src[start..self.at].to_owned());
            self.span = Span { start, end: self.at };
        } else if b"+-*/^()".contains(&c) {
            self.at += 1;
            self.tok = Tok::Sym(c);
            self.span = Span { start, end: self.at };
        } else {
            let len = self.src[start..].chars().next().map_or(1, char::len_utf8);
            let shown: String = self.src[start..].chars().take(1).collect();
            return err(
                Span { start, end: start + len },
                format!("`{shown}` is not part of a polynomial (numbers, variables, + - * / ^ and parentheses)"),
            );
        }
        Ok(())
    }

    fn n(&self) -> usize {
        self.vars.len()
    }

    fn reduce(&self, p: Poly, span: Span) -> Result<Poly, ParseError> {
        self.domain.reduce(p).or_else(|m| err(span, m))
    }

    fn sum(&mut self) -> Result<Poly, ParseError> {
        let mut acc = self.product()?;
        while let Tok::Sym(op @ (b'+' | b'-')) = self.tok {
            let span = self.span;
            self.advance()?;
            let rhs = self.product()?;
            acc.absorb(if op == b'+' { rhs } else { rhs.neg() });
            self.check_terms(&acc, span)?;
        }
        // Sums of domain elements stay in the domain but for the reduction modulo p.
        let span = self.span;
        self.reduce(acc, span)
    }

    fn check_terms(&self, p: &Poly, span: Span) -> Result<(), ParseError> {
        if p.len() > super::arith::MAX_TERMS {
            return err(span, format!("the polynomial would have more than {} terms", super::arith::MAX_TERMS));
        }
        Ok(())
    }

    fn product(&mut self) -> Result<Poly, ParseError> {
        let mut acc = self.unary()?;
        while let Tok::Sym(op @ (b'*' | b'/')) = self.tok {
            let span = self.span;
            self.advance()?;
            let start = self.span.start;
            let rhs = self.unary()?;
            let rspan = Span { start, end: self.span.start.max(start) };
            if op == b'*' {
                acc = self.mul(&acc, &rhs, span)?;
            } else {
                let Some(c) = rhs.as_constant() else {
                    return err(rspan, "only division by a non-zero constant is allowed");
                };
                let inv = self.domain.inverse(&self.domain.element(&c).or_else(|m| err(rspan, m))?);
                acc = match (self.domain, inv) {
                    (Domain::Z, _) if !c.is_zero() => acc.scale(&c.recip()),
                    (_, Some(inv)) => acc.scale(&inv),
                    _ => return err(rspan, "division by zero"),
                };
                if matches!(self.domain, Domain::Z) && acc.terms().any(|(_, c)| !c.is_integer()) {
                    return err(rspan, "over Z a division must leave integer coefficients");
                }
            }
            acc = self.reduce(acc, span)?;
        }
        Ok(acc)
    }

    fn unary(&mut self) -> Result<Poly, ParseError> {
        match self.tok {
            Tok::Sym(op @ (b'-' | b'+')) => {
                let span = self.span;
                self.enter(span)?;
                self.advance()?;
                let p = self.unary()?;
                self.depth -= 1;
                let p = if op == b'-' { p.neg() } else { p };
                self.reduce(p, span)
            }
            _ => self.power(),
        }
    }

    fn enter(&mut self, span: Span) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return err(span, format!("nested more than {MAX_DEPTH} deep"));
        }
        Ok(())
    }

    fn power(&mut self) -> Result<Poly, ParseError> {
        let base = self.atom()?;
        if self.tok != Tok::Sym(b'^') {
            return Ok(base);
        }
        let caret = self.span;
        self.advance()?;
        let Tok::Num(k) = &self.tok else {
            return err(self.span, "an exponent is a natural number (write x^2, not x^-1 or x^(2))");
        };
        let span = self.span;
        let Some(k) = small_exponent(k) else {
            return err(span, format!("exponents are at most {MAX_DEGREE}"));
        };
        self.advance()?;
        let whole = Span { start: caret.start, end: span.end };
        let mut p = Poly::constant(Rat::one(), self.n());
        if let Some((m, c)) = base.terms().next().filter(|_| base.len() == 1) {
            // One term c·x^m: the exponents multiply; the coefficient is raised on its own, by
            // squaring as a constant whose growth is counted like any product's (±1 needs none).
            if m.iter().any(|&e| u64::from(e) * u64::from(k) > u64::from(MAX_DEGREE)) {
                return err(whole, format!("an exponent would pass {MAX_DEGREE}"));
            }
            let m: Vec<u32> = m.iter().map(|&e| e * k).collect();
            if c.abs().is_one() {
                p = Poly::constant(if k % 2 == 0 { c.abs() } else { c.clone() }, self.n());
            } else {
                let (mut square, mut k) = (Poly::constant(c.clone(), self.n()), k);
                while k > 0 {
                    if k & 1 == 1 {
                        p = self.mul(&p, &square, whole)?;
                        p = self.reduce(p, caret)?;
                    }
                    k >>= 1;
                    if k > 0 {
                        square = self.mul(&square, &square, whole)?;
                        square = self.reduce(square, caret)?;
                    }
                }
            }
            // p is the constant c^k: its one term moves to x^(mk).
            return self.reduce(Poly::from_terms(p.terms().map(|(_, c)| (m.clone(), c.clone()))), caret);
        }
        if base.is_empty() {
            // 0^k: 1 for k = 0, else 0.
            return Ok(if k == 0 { p } else { base });
        }
        for _ in 0..k {
            p = self.mul(&p, &base, whole)?;
            p = self.reduce(p, caret)?;
        }
        Ok(p)
    }

    /// A product, its cost counted against [`MAX_WORK`] before it is computed.
    fn mul(&mut self, a: &Poly, b: &Poly, span: Span) -> Result<Poly, ParseError> {
        let words = 1 + (a.coefficient_bits() + b.coefficient_bits()) / 64;
        let cost = (a.len() as u64).saturating_mul(b.len() as u64).saturating_mul(words.saturating_mul(words));
        self.work = self.work.saturating_add(cost);
        if self.work > MAX_WORK {
            return err(span, "expanding this text costs too much; give the polynomial expanded, or smaller");
        }
        a.mul(b).or_else(|e| err(span, e.0))
    }

    fn atom(&mut self) -> Result<Poly, ParseError> {
        let span = self.span;
        match std::mem::replace(&mut self.tok, Tok::End) {
            Tok::Num(n) => {
                self.advance()?;
                self.reduce(Poly::constant(Rat::from_integer(n), self.n()), span)
            }
            Tok::Name(name) => {
                let Some(i) = self.vars.iter().position(|v| *v == name) else {
                    let shown: String = name.chars().take(32).collect();
                    return err(
                        span,
                        format!("`{shown}` is not a variable of the ring ({}); write `*` between factors", {
                            self.vars.join(", ")
                        }),
                    );
                };
                self.advance()?;
                Ok(Poly::variable(i, self.n()))
            }
            Tok::Sym(b'(') => {
                self.enter(span)?;
                self.advance()?;
                let p = self.sum()?;
                if self.tok != Tok::Sym(b')') {
                    return err(self.span, "expected `)`");
                }
                self.depth -= 1;
                self.advance()?;
                Ok(p)
            }
            Tok::End => err(span, "expected a number, a variable or `(`, found the end of the text"),
            Tok::Sym(c) => err(span, format!("expected a number, a variable or `(`, found `{}`", char::from(c))),
        }
    }
}

/// Parses `src` as a polynomial in `vars` over `domain`.
pub fn parse(src: &str, vars: &[String], domain: &Domain) -> Result<Poly, ParseError> {
    if src.len() > MAX_TEXT {
        return err(
            Span { start: MAX_TEXT, end: src.len() },
            format!("a polynomial's text is at most {MAX_TEXT} bytes"),
        );
    }
    let mut p = Parser { src, at: 0, tok: Tok::End, span: Span { start: 0, end: 0 }, vars, domain, depth: 0, work: 0 };
    p.advance()?;
    let poly = p.sum()?;
    match p.tok {
        Tok::End => Ok(poly),
        Tok::Sym(b')') => err(p.span, "`)` without a matching `(`"),
        _ => err(p.span, "expected an operator (+ - * / ^); write `*` between factors"),
    }
}

/// The canonical text: terms by total degree then lexicographically, descending; `*` between
/// factors, `^` for powers, ` + ` and ` - ` between terms; `0` for zero.
pub fn print(p: &Poly, vars: &[String]) -> String {
    let mut out = String::new();
    for (k, (m, c)) in p.sorted_terms().into_iter().enumerate() {
        let negative = c.is_negative();
        out.push_str(match (k, negative) {
            (0, true) => "-",
            (0, false) => "",
            (_, true) => " - ",
            (_, false) => " + ",
        });
        let magnitude = c.abs();
        let mut factors: Vec<String> = vec![];
        for (e, v) in m.iter().zip(vars) {
            match e {
                0 => {}
                1 => factors.push(v.clone()),
                e => factors.push(format!("{v}^{e}")),
            }
        }
        if !magnitude.is_one() || factors.is_empty() {
            let _ = write!(out, "{}", magnitude.numer());
            if !magnitude.denom().is_one() {
                let _ = write!(out, "/{}", magnitude.denom());
            }
            if !factors.is_empty() {
                out.push('*');
            }
        }
        out.push_str(&factors.join("*"));
    }
    if out.is_empty() { "0".into() } else { out }
}

/// Whether `name` is a variable name: a letter, then letters, digits or `_`, at most 32 bytes.
pub fn is_name(name: &str) -> bool {
    let b = name.as_bytes();
    !b.is_empty()
        && b.len() <= 32
        && b[0].is_ascii_alphabetic()
        && b[1..].iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_')
}

/// The modulus of [`evaluate_mod`]: the Mersenne prime 2^61 − 1.
pub const EVALUATION_PRIME: u64 = (1 << 61) - 1;

fn mulmod(a: u64, b: u64) -> u64 {
    ((u128::from(a) * u128::from(b)) % u128::from(EVALUATION_PRIME)) as u64
}

fn powmod(mut a: u64, mut k: u64) -> u64 {
    let mut r = 1;
    while k > 0 {
        if k & 1 == 1 {
            r = mulmod(r, a);
        }
        a = mulmod(a, a);
        k >>= 1;
    }
    r
}

/// A value modulo [`EVALUATION_PRIME`] and a bound on the total degree of the expression.
type Valued = (u64, u64);

impl Parser<'_> {
    fn esum(&mut self, point: &[u64]) -> Result<Valued, ParseError> {
        let mut acc = self.eproduct(point)?;
        while let Tok::Sym(op @ (b'+' | b'-')) = self.tok {
            self.advance()?;
            let (v, d) = self.eproduct(point)?;
            let v = if op == b'+' { v } else { EVALUATION_PRIME - v };
            acc = ((acc.0 + v) % EVALUATION_PRIME, acc.1.max(d));
        }
        Ok(acc)
    }

    fn eproduct(&mut self, point: &[u64]) -> Result<Valued, ParseError> {
        let mut acc = self.eunary(point)?;
        while let Tok::Sym(op @ (b'*' | b'/')) = self.tok {
            self.advance()?;
            let start = self.span.start;
            let (v, d) = self.eunary(point)?;
            if op == b'*' {
                acc = (mulmod(acc.0, v), acc.1 + d);
            } else if d > 0 || v == 0 {
                let span = Span { start, end: self.span.start.max(start) };
                return err(span, "only division by a constant that is not zero modulo 2^61 - 1 is allowed");
            } else {
                acc = (mulmod(acc.0, powmod(v, EVALUATION_PRIME - 2)), acc.1);
            }
        }
        Ok(acc)
    }

    fn eunary(&mut self, point: &[u64]) -> Result<Valued, ParseError> {
        match self.tok {
            Tok::Sym(op @ (b'-' | b'+')) => {
                self.enter(self.span)?;
                self.advance()?;
                let (v, d) = self.eunary(point)?;
                self.depth -= 1;
                Ok((if op == b'-' { (EVALUATION_PRIME - v) % EVALUATION_PRIME } else { v }, d))
            }
            _ => {
                let (v, d) = self.eatom(point)?;
                if self.tok != Tok::Sym(b'^') {
                    return Ok((v, d));
                }
                self.advance()?;
                let Tok::Num(k) = &self.tok else { return err(self.span, "an exponent is a natural number") };
                let Some(k) = small_exponent(k) else {
                    return err(self.span, format!("exponents are at most {MAX_DEGREE}"));
                };
                self.advance()?;
                Ok((powmod(v, u64::from(k)), d * u64::from(k)))
            }
        }
    }

    fn eatom(&mut self, point: &[u64]) -> Result<Valued, ParseError> {
        let span = self.span;
        match std::mem::replace(&mut self.tok, Tok::End) {
            Tok::Num(n) => {
                self.advance()?;
                let r = n % BigInt::from(EVALUATION_PRIME);
                Ok((r.try_into().unwrap_or(0), 0))
            }
            Tok::Name(name) => match self.vars.iter().position(|v| *v == name) {
                Some(i) => {
                    self.advance()?;
                    Ok((point[i] % EVALUATION_PRIME, 1))
                }
                None => {
                    err(span, format!("`{}` is not a variable of the ring", name.chars().take(32).collect::<String>()))
                }
            },
            Tok::Sym(b'(') => {
                self.enter(span)?;
                self.advance()?;
                let v = self.esum(point)?;
                if self.tok != Tok::Sym(b')') {
                    return err(self.span, "expected `)`");
                }
                self.depth -= 1;
                self.advance()?;
                Ok(v)
            }
            Tok::End => err(span, "expected a number, a variable or `(`, found the end of the text"),
            Tok::Sym(c) => err(span, format!("expected a number, a variable or `(`, found `{}`", char::from(c))),
        }
    }
}

/// Evaluates the expression `src` at `point` (one residue per variable) modulo
/// [`EVALUATION_PRIME`] without expanding it, with a bound on its total degree. The grammar and
/// limits are those of [`parse`] except that no expansion takes place.
pub fn evaluate_mod(src: &str, vars: &[String], point: &[u64]) -> Result<(u64, u64), ParseError> {
    if src.len() > MAX_TEXT {
        return err(
            Span { start: MAX_TEXT, end: src.len() },
            format!("a polynomial's text is at most {MAX_TEXT} bytes"),
        );
    }
    let q = Domain::Q;
    let mut p =
        Parser { src, at: 0, tok: Tok::End, span: Span { start: 0, end: 0 }, vars, domain: &q, depth: 0, work: 0 };
    p.advance()?;
    let v = p.esum(point)?;
    match p.tok {
        Tok::End => Ok(v),
        _ => err(p.span, "expected an operator (+ - * / ^); write `*` between factors"),
    }
}
