//! Polynomials over Q and F_p as text, and `polynomial.groebner_basis` on Singular.
//!
//! The caller's polynomials are parsed here into sparse maps (monomial exponent vectors to
//! rational coefficients) and re-printed for Singular; Singular's basis is read back by the
//! same parser, so the answer is both validated and printed in one canonical form.

use std::fmt::Write as _;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::typed::{Describe, Operation};
use jacobian_runtime::{Digest, Scope};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::cas;
use crate::integer::decimal;

const SINGULAR: BackendKind = BackendKind::Singular;

/// Most variables.
pub const MAX_VARIABLES: usize = 16;
/// Most polynomials in an input.
pub const MAX_POLYNOMIALS: usize = 64;
/// Most terms of one input polynomial.
pub const MAX_TERMS: usize = 2000;
/// Longest text of one input polynomial, in bytes.
pub const MAX_TEXT: usize = 100_000;
/// Largest exponent of a variable in an input.
pub const MAX_EXPONENT: u32 = 1000;

/// A rational number in lowest terms with a positive denominator.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Rational(BigInt, BigInt);

impl Rational {
    fn new(n: BigInt, d: BigInt) -> Self {
        let g = n.gcd(&d);
        let (mut n, mut d) = if g.is_zero() { (n, d) } else { (n / &g, d / &g) };
        if d.is_negative() {
            n = -n;
            d = -d;
        }
        Rational(n, d)
    }
    fn add(&self, o: &Rational) -> Rational {
        Rational::new(&self.0 * &o.1 + &o.0 * &self.1, &self.1 * &o.1)
    }
    fn div(&self, o: &Rational) -> Rational {
        Rational::new(&self.0 * &o.1, &self.1 * &o.0)
    }
}

/// A sparse polynomial: exponent vectors to nonzero coefficients, in the order the terms were
/// written (kept, since Singular writes its leading term first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Polynomial {
    terms: Vec<(Vec<u32>, Rational)>,
}

/// Parses `text` over `vars`: sums of products of numbers (`3`, `3/4`), variables and powers
/// (`x^2`). Like terms are combined; a term that cancels is dropped.
pub fn parse(text: &str, vars: &[String]) -> Result<Polynomial, String> {
    let s: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut i = 0;
    let mut terms: Vec<(Vec<u32>, Rational)> = vec![];
    let number = |i: &mut usize| -> Option<BigInt> {
        let start = *i;
        while *i < s.len() && s[*i].is_ascii_digit() {
            *i += 1;
        }
        (*i > start).then(|| s[start..*i].iter().collect::<String>().parse().ok()).flatten()
    };
    if s.is_empty() {
        return Err("an empty polynomial".into());
    }
    while i < s.len() {
        let mut sign = BigInt::one();
        if i > 0 || s[i] == '-' || s[i] == '+' {
            match s.get(i) {
                Some('-') => sign = -sign,
                Some('+') => {}
                _ => return Err(format!("expected `+` or `-` at character {i}")),
            }
            i += 1;
        }
        let mut coeff = Rational(sign, BigInt::one());
        let mut exps = vec![0u32; vars.len()];
        loop {
            if s.get(i).is_some_and(char::is_ascii_digit) {
                let n = number(&mut i).ok_or("a bad number")?;
                let d = if s.get(i) == Some(&'/') {
                    i += 1;
                    number(&mut i).filter(|d| !d.is_zero()).ok_or(format!("a bad denominator at character {i}"))?
                } else {
                    BigInt::one()
                };
                coeff = Rational::new(coeff.0 * n, coeff.1 * d);
            } else {
                let start = i;
                while i < s.len() && s[i].is_ascii_alphanumeric() {
                    i += 1;
                }
                let name: String = s[start..i].iter().collect();
                let v = vars.iter().position(|v| *v == name).ok_or_else(|| {
                    if name.is_empty() {
                        format!("expected a number or a variable at character {start}")
                    } else {
                        format!("`{name}` is not one of the variables")
                    }
                })?;
                let mut e = 1u32;
                if s.get(i) == Some(&'^') {
                    i += 1;
                    e = number(&mut i)
                        .and_then(|e| u32::try_from(e).ok())
                        .filter(|&e| e <= MAX_EXPONENT)
                        .ok_or(format!("exponents are integers up to {MAX_EXPONENT}"))?;
                }
                exps[v] = exps[v].checked_add(e).filter(|&e| e <= MAX_EXPONENT).ok_or("an exponent is too large")?;
            }
            if s.get(i) == Some(&'*') {
                i += 1;
            } else {
                break;
            }
        }
        match terms.iter_mut().find(|(m, _)| *m == exps) {
            Some((_, c)) => *c = c.add(&coeff),
            None => terms.push((exps, coeff)),
        }
        if terms.len() > MAX_TERMS {
            return Err(format!("at most {MAX_TERMS} terms"));
        }
    }
    terms.retain(|(_, c)| !c.0.is_zero());
    Ok(Polynomial { terms })
}

impl Polynomial {
    /// Prints with `*` and `^`, terms in stored order; `0` for the zero polynomial.
    pub fn print(&self, vars: &[String]) -> String {
        let mut out = String::new();
        for (k, (exps, c)) in self.terms.iter().enumerate() {
            let negative = c.0.is_negative();
            out.push_str(match (k, negative) {
                (0, true) => "-",
                (0, false) => "",
                (_, true) => "-",
                (_, false) => "+",
            });
            let magnitude = Rational(c.0.abs(), c.1.clone());
            let monomial: Vec<String> = exps
                .iter()
                .zip(vars)
                .filter(|(e, _)| **e > 0)
                .map(|(e, v)| if *e == 1 { v.clone() } else { format!("{v}^{e}") })
                .collect();
            let unit = magnitude == Rational(BigInt::one(), BigInt::one());
            if !unit || monomial.is_empty() {
                let _ = write!(out, "{}", magnitude.0);
                if !magnitude.1.is_one() {
                    let _ = write!(out, "/{}", magnitude.1);
                }
                if !monomial.is_empty() {
                    out.push('*');
                }
            }
            out.push_str(&monomial.join("*"));
        }
        if out.is_empty() { "0".into() } else { out }
    }

    /// Divides by the first term's coefficient (the leading one, as Singular prints).
    fn monic(mut self) -> Self {
        if let Some(lead) = self.terms.first().map(|t| t.1.clone()) {
            for t in &mut self.terms {
                t.1 = t.1.div(&lead);
            }
        }
        self
    }
}

/// A monomial ordering.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Ordering {
    /// Lexicographic.
    Lex,
    /// Degree reverse lexicographic.
    Grevlex,
    /// Degree lexicographic.
    Deglex,
}

/// Input of `polynomial.groebner_basis`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroebnerInput {
    /// Variable names, highest first: a letter, optionally followed by up to three digits.
    pub variables: Vec<String>,
    /// Generators of the ideal, e.g. `"x^2*y - 3/4*z + 1"`.
    pub polynomials: Vec<String>,
    /// Monomial ordering (default grevlex).
    #[serde(default = "grevlex")]
    pub ordering: Ordering,
    /// Coefficient field: 0 for Q (default) or a prime p < 2^31 for F_p.
    #[serde(default)]
    pub characteristic: u32,
}

fn grevlex() -> Ordering {
    Ordering::Grevlex
}

/// Output of `polynomial.groebner_basis`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GroebnerOutput {
    /// The reduced Gröbner basis, each element monic, leading term first.
    pub basis: Vec<String>,
    /// The ordering used.
    pub ordering: Ordering,
    /// 0 for Q, else p.
    pub characteristic: u32,
}

/// The validated input.
pub struct Prepared {
    vars: Vec<String>,
    polys: Vec<Polynomial>,
    ordering: Ordering,
    characteristic: u32,
    canonical: Value,
}

fn variable_ok(v: &str) -> bool {
    let b = v.as_bytes();
    !b.is_empty() && b.len() <= 4 && b[0].is_ascii_lowercase() && b[1..].iter().all(u8::is_ascii_digit)
}

/// `polynomial.groebner_basis`.
pub struct GroebnerBasis;

impl Operation for GroebnerBasis {
    type Input = GroebnerInput;
    type Output = GroebnerOutput;
    type Prepared = Prepared;

    fn describe(&self) -> Describe {
        Describe {
            scope_rule: "Exactly the ideal generated by the given polynomials, in the given ordering and field.",
            ..cas::describe(
                "polynomial.groebner_basis",
                "Gröbner basis of a polynomial ideal",
                "The reduced Gröbner basis (standard basis) of an ideal of polynomials over Q or F_p.",
                "Computes the reduced Gröbner basis of the ideal generated by the given polynomials, in lex, \
                          grevlex or deglex order, over the rationals or a prime field, with Singular's std. Polynomials \
                          are written with + - * / ^ over declared variables. Decides ideal equality and membership, \
                          solves polynomial systems (with lex), and eliminates variables.",
                &["polynomial", "ideal", "groebner", "gröbner", "standard-basis", "buchberger", "algebra", "singular"],
            )
        }
    }

    cas::on_backend!(SINGULAR);

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "a lex basis that solves a system",
                Mode::Explore,
                json!({"variables": ["x", "y"], "polynomials": ["x^2 + y^2 - 1", "x - y"], "ordering": "lex"}),
            ),
            (
                "a grevlex basis over F_7",
                Mode::Explore,
                json!({"variables": ["a", "b"], "polynomials": ["a^3 - b", "b^2 - 2*a"], "characteristic": 7}),
            ),
        ]
    }

    fn prepare(&self, input: GroebnerInput, _cx: &PrepareContext) -> Result<Prepared, Vec<Diagnostic>> {
        let mut errors = vec![];
        if input.variables.is_empty() || input.variables.len() > MAX_VARIABLES {
            errors.push(Diagnostic::at(
                "/variables",
                "BAD_VARIABLES",
                format!("between 1 and {MAX_VARIABLES} variables"),
            ));
        }
        for (i, v) in input.variables.iter().enumerate() {
            if !variable_ok(v) {
                errors.push(Diagnostic::at(
                    format!("/variables/{i}"),
                    "BAD_VARIABLE",
                    "a variable is a lowercase letter and up to three digits",
                ));
            } else if input.variables[..i].contains(v) {
                errors.push(Diagnostic::at(
                    format!("/variables/{i}"),
                    "DUPLICATE_VARIABLE",
                    format!("`{v}` is listed twice"),
                ));
            }
        }
        if input.polynomials.is_empty() || input.polynomials.len() > MAX_POLYNOMIALS {
            errors.push(Diagnostic::at(
                "/polynomials",
                "BAD_POLYNOMIALS",
                format!("between 1 and {MAX_POLYNOMIALS} polynomials"),
            ));
        }
        if input.characteristic != 0 && !crate::primecert::is_prime_u64(u64::from(input.characteristic))
            || input.characteristic >= 1 << 31
        {
            errors.push(Diagnostic::at("/characteristic", "NOT_PRIME", "0 or a prime below 2^31"));
        }
        let mut polys = vec![];
        if errors.is_empty() {
            for (i, text) in input.polynomials.iter().enumerate() {
                if text.len() > MAX_TEXT {
                    errors.push(Diagnostic::at(
                        format!("/polynomials/{i}"),
                        "TOO_LONG",
                        format!("at most {MAX_TEXT} bytes"),
                    ));
                    continue;
                }
                match parse(text, &input.variables) {
                    Ok(p) => polys.push(p),
                    Err(why) => errors.push(Diagnostic::at(format!("/polynomials/{i}"), "BAD_POLYNOMIAL", why)),
                }
            }
        }
        let p = BigInt::from(input.characteristic);
        for (i, poly) in polys.iter().enumerate() {
            if !p.is_zero() && poly.terms.iter().any(|(_, c)| c.1.is_multiple_of(&p)) {
                let why = format!("a denominator is divisible by the characteristic {p}");
                errors.push(Diagnostic::at(format!("/polynomials/{i}"), "DENOMINATOR_VANISHES", why));
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let printed: Vec<String> = polys.iter().map(|p| p.print(&input.variables)).collect();
        let canonical = json!({"variables": input.variables, "polynomials": printed, "ordering": input.ordering, "characteristic": input.characteristic});
        Ok(Prepared {
            vars: input.variables,
            polys,
            ordering: input.ordering,
            characteristic: input.characteristic,
            canonical,
        })
    }

    fn run(&self, p: Prepared, ctx: &AdapterContext) -> Result<Outcome<GroebnerOutput>, AdapterError> {
        let order = match p.ordering {
            Ordering::Lex => "lp",
            Ordering::Grevlex => "dp",
            Ordering::Deglex => "Dp",
        };
        // Variables and polynomials are re-printed from the parsed form, never the caller's text.
        let program = Program::new(SINGULAR)
            .code("ring r = ")
            .small(i64::from(p.characteristic))
            .code(",(")
            .list(&p.vars, ",", |prog, v| variable(prog, v))
            .code("),")
            .code(order)
            .code("; short = 0; option(redSB); ideal i = ")
            .list(&p.polys, ",", |prog, poly| polynomial(prog, poly, &p.vars))
            .code("; ideal g = std(i); int k; for (k = 1; k <= size(g); k++) { print(string(g[k])); }");
        let reply = ctx.backend(&program)?;
        let mut basis = vec![];
        for line in &reply.lines {
            let poly = parse(line, &p.vars)
                .map_err(|e| AdapterError::Backend(format!("Singular printed a polynomial that does not read: {e}")))?;
            basis.push(poly.monic().print(&p.vars));
        }
        let scope =
            Scope::exact_input("the ideal generated by exactly the given polynomials", Digest::of_value(&p.canonical));
        Ok(Outcome::computed(GroebnerOutput { basis, ordering: p.ordering, characteristic: p.characteristic }, scope))
    }
}

/// Appends a validated variable name, letter by letter from a fixed alphabet.
fn variable(prog: Program, v: &str) -> Program {
    const LETTERS: [&str; 26] = [
        "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s", "t", "u", "v",
        "w", "x", "y", "z",
    ];
    let mut chars = v.bytes();
    let first = chars.next().map(|b| LETTERS[usize::from(b - b'a') % 26]).unwrap_or("x");
    let mut prog = prog.code(first);
    let digits: String = chars.map(char::from).collect();
    if let Ok(n) = digits.parse::<i64>() {
        prog = prog.small(n);
    }
    prog
}

/// Appends a parsed polynomial, in Singular's syntax, from its terms.
fn polynomial(prog: Program, poly: &Polynomial, vars: &[String]) -> Program {
    if poly.terms.is_empty() {
        return prog.code("0");
    }
    let mut prog = prog;
    for (k, (exps, c)) in poly.terms.iter().enumerate() {
        // `number(…)` keeps Singular from reading `3/4` as integer division.
        prog = prog.code(if k == 0 { "(number(" } else { "+(number(" });
        prog = prog.int(&decimal(&c.0)).code(")/number(").int(&decimal(&c.1)).code("))");
        for (e, v) in exps.iter().zip(vars) {
            if *e > 0 {
                prog = variable(prog.code("*"), v).code("^").small(i64::from(*e));
            }
        }
    }
    prog
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn parse_and_print_round_trip() {
        let v = vars(&["x", "y", "z"]);
        for (text, printed) in [
            ("x^2 - y", "x^2-y"),
            ("3/4*y^2 - z + 2/4", "3/4*y^2-z+1/2"),
            ("-x*x*y + x^2*y + 1", "1"),
            ("x - x", "0"),
            ("2*x*3", "6*x"),
        ] {
            let p = parse(text, &v).unwrap();
            assert_eq!(p.print(&v), printed, "{text}");
            assert_eq!(parse(&p.print(&v), &v).unwrap(), p);
        }
        for bad in ["", "x^", "w", "x +", "1/0", "x^99999", "x; system(\"sh\")", "(x)", "x**2"] {
            assert!(parse(bad, &v).is_err(), "{bad}");
        }
    }

    #[test]
    fn variable_names_are_letters_and_digits() {
        assert!(variable_ok("x") && variable_ok("x12"));
        assert!(
            !variable_ok("X")
                && !variable_ok("ring")
                && !variable_ok("x_1")
                && !variable_ok("")
                && !variable_ok("x1234")
        );
    }
}
