//! Multivariate polynomials over Z, Q and F_p with named variables, rational functions, and
//! lists of polynomials (ideal generators).
//!
//! A polynomial is given as text (our own parser, [`text`], errors with byte spans) or as JSON
//! terms (`[{"coefficient": "3/4", "exponents": [2, 0]}, …]`), always with its ring: the
//! variable names and the domain (`Z`, `Q` or `F_p`). Its canonical form is the canonical text
//! ([`text::print`]), which parses back to the same polynomial; backends receive only this
//! re-printed form, never a caller's text. Sizes are bounded where they are built
//! ([`arith::MAX_TERMS`], [`arith::MAX_DEGREE`], [`MAX_VARIABLES`]).

pub mod arith;
pub mod text;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use arith::{Domain, Monomial, Poly, Rat};

use super::ObjectType;
use crate::contract::Diagnostic;

/// Most variables of a ring.
pub const MAX_VARIABLES: usize = 32;
/// Most polynomials in a list.
pub const MAX_GENERATORS: usize = 256;

/// A polynomial in JSON: canonical-style text, or a list of terms.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum PolyValue {
    /// Text such as `x^2*y - 3/4*z + 1` or `(x + 1)^3`: numbers, the ring's variables,
    /// `+ - * / ^` and parentheses; `/` only by a non-zero constant.
    Text(String),
    /// Terms; like monomials are added.
    Terms(Vec<TermValue>),
}

/// One term `coefficient · Π xᵢ^eᵢ`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TermValue {
    /// An integer, or a string `p` or `p/q`.
    pub coefficient: Coefficient,
    /// One exponent per variable of the ring.
    pub exponents: Vec<u32>,
}

/// A coefficient: a JSON integer, or a decimal string `p` or `p/q`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Coefficient {
    /// A JSON integer.
    Int(i64),
    /// `-12`, `3/4`.
    Text(String),
}

/// A polynomial ring: variable names and the coefficient domain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ring {
    /// Variable names, in the order exponent vectors use.
    pub variables: Vec<String>,
    /// The coefficient domain.
    pub domain: Domain,
}

fn default_domain() -> String {
    "Q".into()
}

impl Ring {
    /// Validates variable names (`variables_path`) and the domain (`domain_path`).
    pub fn new(
        variables: &[String],
        domain: &str,
        variables_path: &str,
        domain_path: &str,
    ) -> Result<Ring, Vec<Diagnostic>> {
        let mut errors = vec![];
        if variables.is_empty() || variables.len() > MAX_VARIABLES {
            errors.push(Diagnostic::at(
                variables_path,
                "BAD_VARIABLES",
                format!("between 1 and {MAX_VARIABLES} variables"),
            ));
        }
        for (i, v) in variables.iter().enumerate() {
            if !text::is_name(v) {
                let why = "a variable is a letter followed by letters, digits or `_` (at most 32)";
                errors.push(Diagnostic::at(format!("{variables_path}/{i}"), "BAD_VARIABLE", why));
            } else if variables[..i].contains(v) {
                errors.push(Diagnostic::at(
                    format!("{variables_path}/{i}"),
                    "DUPLICATE_VARIABLE",
                    format!("`{v}` is listed twice"),
                ));
            }
        }
        let domain = Domain::parse(domain).map_err(|m| Diagnostic::at(domain_path, "BAD_DOMAIN", m));
        match domain {
            Ok(domain) if errors.is_empty() => Ok(Ring { variables: variables.to_vec(), domain }),
            Ok(_) => Err(errors),
            Err(d) => {
                errors.push(d);
                Err(errors)
            }
        }
    }

    /// Number of variables.
    pub fn n(&self) -> usize {
        self.variables.len()
    }

    /// Reads a polynomial at `path`: text through the parser (the span in the message), terms
    /// checked one by one.
    pub fn read(&self, v: &PolyValue, path: &str) -> Result<Poly, Diagnostic> {
        self.read_any(v, path).and_then(|p| printable(p, path))
    }

    fn read_any(&self, v: &PolyValue, path: &str) -> Result<Poly, Diagnostic> {
        match v {
            PolyValue::Text(t) => text::parse(t, &self.variables, &self.domain)
                .map_err(|e| Diagnostic::at(path, "BAD_POLYNOMIAL", e.to_string())),
            PolyValue::Terms(terms) => {
                if terms.len() > arith::MAX_TERMS {
                    return Err(Diagnostic::at(path, "TOO_MANY_TERMS", format!("at most {} terms", arith::MAX_TERMS)));
                }
                let mut p = Poly::zero();
                for (k, t) in terms.iter().enumerate() {
                    let at = format!("{path}/{k}");
                    if t.exponents.len() != self.n() {
                        let why = format!("one exponent per variable ({})", self.n());
                        return Err(Diagnostic::at(format!("{at}/exponents"), "BAD_EXPONENTS", why));
                    }
                    if let Some(j) = t.exponents.iter().position(|&e| e > arith::MAX_DEGREE) {
                        let why = format!("exponents are at most {}", arith::MAX_DEGREE);
                        return Err(Diagnostic::at(format!("{at}/exponents/{j}"), "TOO_LARGE", why));
                    }
                    let c = coefficient(&t.coefficient)
                        .and_then(|c| self.domain.element(&c))
                        .map_err(|m| Diagnostic::at(format!("{at}/coefficient"), "BAD_COEFFICIENT", m))?;
                    p.add_term(t.exponents.clone(), c);
                }
                self.domain.reduce(p).map_err(|m| Diagnostic::at(path, "BAD_COEFFICIENT", m))
            }
        }
    }

    /// Reads a list of polynomials at `path` (1 to [`MAX_GENERATORS`]).
    pub fn read_all(&self, vs: &[PolyValue], path: &str) -> Result<Vec<Poly>, Diagnostic> {
        if vs.is_empty() || vs.len() > MAX_GENERATORS {
            return Err(Diagnostic::at(path, "BAD_LENGTH", format!("1 to {MAX_GENERATORS} polynomials")));
        }
        vs.iter().enumerate().map(|(i, v)| self.read(v, &format!("{path}/{i}"))).collect()
    }

    /// The canonical text of `p`. It parses back to `p` when `p` was read by [`Ring::read`].
    pub fn print(&self, p: &Poly) -> String {
        text::print(p, &self.variables)
    }
}

/// A coefficient's value.
pub fn coefficient(c: &Coefficient) -> Result<Rat, String> {
    match c {
        Coefficient::Int(n) => Ok(Rat::from_integer((*n).into())),
        Coefficient::Text(t) => rational(t),
    }
}

/// Parses `p` or `p/q` (a sign on `p` only; `q` ≠ 0; at most [`text::MAX_DIGITS`] digits each).
pub fn rational(t: &str) -> Result<Rat, String> {
    let bad = || format!("`{}` is not a rational p/q", t.chars().take(40).collect::<String>());
    let int = |s: &str, signed: bool| -> Option<num_bigint::BigInt> {
        let digits = if signed { s.strip_prefix(['-', '+']).unwrap_or(s) } else { s };
        let ok = !digits.is_empty() && digits.len() <= text::MAX_DIGITS && digits.bytes().all(|b| b.is_ascii_digit());
        ok.then(|| s.parse().ok())?
    };
    let (n, d) = match t.split_once('/') {
        Some((n, d)) => (int(n, true).ok_or_else(bad)?, int(d, false).ok_or_else(bad)?),
        None => (int(t, true).ok_or_else(bad)?, 1.into()),
    };
    if num_traits::Zero::is_zero(&d) {
        return Err("a denominator is not zero".into());
    }
    Ok(Rat::new(n, d))
}

/// The canonical text of a rational (`-3/4`, `5`).
pub fn rational_text(r: &Rat) -> String {
    if num_traits::One::is_one(r.denom()) { r.numer().to_string() } else { format!("{}/{}", r.numer(), r.denom()) }
}

/// A polynomial with its ring.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Polynomial {
    /// Variable names.
    pub variables: Vec<String>,
    /// `Z`, `Q` (default) or `F_p` for a prime p < 2^31.
    #[serde(default = "default_domain")]
    pub domain: String,
    /// The polynomial.
    pub polynomial: PolyValue,
}

/// `p`, unless one of its coefficients has a numerator or denominator of more than
/// [`text::MAX_DIGITS`] digits: its canonical text could not be read back (a literal of the
/// text has at most that many), so it is refused where it is read.
fn printable(p: Poly, path: &str) -> Result<Poly, Diagnostic> {
    // 2^33,219 < 10^10,000: only coefficients at least that long are counted digit by digit.
    const BITS: u64 = 33_219;
    if p.coefficient_bits() < BITS {
        return Ok(p);
    }
    let digits = |n: &num_bigint::BigInt| n.magnitude().to_string().len();
    if p.terms().any(|(_, c)| digits(c.numer()) > text::MAX_DIGITS || digits(c.denom()) > text::MAX_DIGITS) {
        return Err(Diagnostic::at(
            path,
            "TOO_LARGE",
            format!("a coefficient of the expanded polynomial has more than {} digits", text::MAX_DIGITS),
        ));
    }
    Ok(p)
}

impl ObjectType for Polynomial {
    const SCHEMA_URI: &'static str = "urn:jacobian:schema:polynomial:v1";
    const NAME: &'static str = "polynomial";
    const SUMMARY: &'static str = "A multivariate polynomial over Z, Q or F_p with named variables, as canonical text.";

    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        let ring = Ring::new(&self.variables, &self.domain, "/variables", "/domain")?;
        let p = ring.read(&self.polynomial, "/polynomial").map_err(|d| vec![d])?;
        Ok(Polynomial {
            polynomial: PolyValue::Text(ring.print(&p)),
            domain: ring.domain.name(),
            variables: ring.variables,
        })
    }
}

/// A rational function `numerator / denominator` with its ring.
///
/// The canonical form is not reduced by the polynomial gcd: over Q and F_p both parts are
/// divided by the denominator's leading coefficient, over Z by their common content, with the
/// denominator's leading coefficient positive.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RationalFunction {
    /// Variable names.
    pub variables: Vec<String>,
    /// `Z`, `Q` (default) or `F_p`.
    #[serde(default = "default_domain")]
    pub domain: String,
    /// The numerator.
    pub numerator: PolyValue,
    /// The denominator (not zero).
    pub denominator: PolyValue,
}

/// `(n, d)` scaled to the canonical form of [`RationalFunction`].
pub fn normalize_fraction(ring: &Ring, n: &Poly, d: &Poly) -> (Poly, Poly) {
    let lead = d.leading_coefficient();
    match ring.domain {
        Domain::Z => {
            let g = n.content().numer().clone();
            let g = num_integer::Integer::gcd(&g, d.content().numer());
            let mut s = Rat::new(1.into(), if num_traits::Zero::is_zero(&g) { 1.into() } else { g });
            if num_traits::Signed::is_negative(&lead) {
                s = -s;
            }
            (n.scale(&s), d.scale(&s))
        }
        _ => {
            let inv = ring.domain.inverse(&lead).unwrap_or_else(|| Rat::from_integer(1.into()));
            let reduce = |p: Poly| ring.domain.reduce(p).unwrap_or_default();
            (reduce(n.scale(&inv)), reduce(d.scale(&inv)))
        }
    }
}

impl ObjectType for RationalFunction {
    const SCHEMA_URI: &'static str = "urn:jacobian:schema:rational-function:v1";
    const NAME: &'static str = "rational_function";
    const SUMMARY: &'static str = "A quotient of two polynomials over Z, Q or F_p, the denominator normalized.";

    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        let ring = Ring::new(&self.variables, &self.domain, "/variables", "/domain")?;
        let n = ring.read(&self.numerator, "/numerator");
        let d = ring.read(&self.denominator, "/denominator");
        let (n, d) = match (n, d) {
            (Ok(n), Ok(d)) => (n, d),
            (n, d) => return Err(n.err().into_iter().chain(d.err()).collect()),
        };
        if d.is_zero() {
            return Err(vec![Diagnostic::at("/denominator", "DIVISION_BY_ZERO", "the denominator is not zero")]);
        }
        let (n, d) = normalize_fraction(&ring, &n, &d);
        Ok(RationalFunction {
            numerator: PolyValue::Text(ring.print(&n)),
            denominator: PolyValue::Text(ring.print(&d)),
            domain: ring.domain.name(),
            variables: ring.variables,
        })
    }
}

/// A list of polynomials in one ring (the generators of an ideal, in the order given).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PolynomialList {
    /// Variable names.
    pub variables: Vec<String>,
    /// `Z`, `Q` (default) or `F_p`.
    #[serde(default = "default_domain")]
    pub domain: String,
    /// 1 to 256 polynomials.
    pub polynomials: Vec<PolyValue>,
}

impl ObjectType for PolynomialList {
    const SCHEMA_URI: &'static str = "urn:jacobian:schema:polynomial-list:v1";
    const NAME: &'static str = "polynomial_list";
    const SUMMARY: &'static str =
        "A list of polynomials in one ring over Z, Q or F_p, such as the generators of an ideal.";

    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        let ring = Ring::new(&self.variables, &self.domain, "/variables", "/domain")?;
        let ps = ring.read_all(&self.polynomials, "/polynomials").map_err(|d| vec![d])?;
        Ok(PolynomialList {
            polynomials: ps.iter().map(|p| PolyValue::Text(ring.print(p))).collect(),
            domain: ring.domain.name(),
            variables: ring.variables,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    fn ring(vars: &[&str], domain: &str) -> Ring {
        let vars: Vec<String> = vars.iter().map(|s| s.to_string()).collect();
        Ring::new(&vars, domain, "/v", "/d").unwrap()
    }

    fn parse(r: &Ring, t: &str) -> Result<Poly, crate::objects::term::ParseError> {
        text::parse(t, &r.variables, &r.domain)
    }

    #[test]
    fn parses_expands_and_prints_canonically() {
        let q = ring(&["x", "y", "z"], "Q");
        for (src, printed) in [
            ("x^2 - y", "x^2 - y"),
            ("3/4*y^2 - z + 2/4", "3/4*y^2 - z + 1/2"),
            ("-x*x*y + x^2*y + 1", "1"),
            ("x - x", "0"),
            ("2*x*3", "6*x"),
            ("(x + 1)^3", "x^3 + 3*x^2 + 3*x + 1"),
            ("(x+y)*(x-y)", "x^2 - y^2"),
            ("x/2 + y/3", "1/2*x + 1/3*y"),
            ("-(-x)", "x"),
            ("--x^2", "x^2"),
            ("2^10", "1024"),
            ("z*y*x + x^3", "x^3 + x*y*z"),
        ] {
            let p = parse(&q, src).unwrap();
            assert_eq!(q.print(&p), printed, "{src}");
            assert_eq!(parse(&q, &q.print(&p)).unwrap(), p);
        }
        let f7 = ring(&["x"], "F_7");
        assert_eq!(f7.print(&parse(&f7, "x/2 - 1 + 8*x^2").unwrap()), "x^2 + 4*x + 6");
        let z = ring(&["x"], "Z");
        assert_eq!(z.print(&parse(&z, "(4*x + 2)/2").unwrap()), "2*x + 1");
    }

    #[test]
    fn errors_point_at_the_offending_token() {
        let q = ring(&["x", "y"], "Q");
        for (src, start, end) in [
            ("x +", 3, 3),
            ("x + w", 4, 5),
            ("2x", 1, 2),
            ("x^-1", 2, 3),
            ("x / y", 4, 5),
            ("x / (1 - 1)", 4, 11),
            ("(x + 1", 6, 6),
            ("x + 1)", 5, 6),
            ("x; system(1)", 1, 2),
            ("x^99999", 2, 7),
            ("", 0, 0),
            ("x ** 2", 3, 4),
        ] {
            let e = parse(&q, src).unwrap_err();
            assert_eq!((e.span.start, e.span.end), (start, end), "{src}: {e}");
        }
        let f7 = ring(&["x"], "F_7");
        let e = parse(&f7, "x/7").unwrap_err();
        assert_eq!((e.span.start, e.span.end), (2, 3), "{e}");
        let z = ring(&["x"], "Z");
        assert!(parse(&z, "x/2").is_err());
        assert!(parse(&q, &format!("{}x{}", "(".repeat(65), ")".repeat(65))).is_err());
        assert!(parse(&q, &format!("{}x{}", "(".repeat(60), ")".repeat(60))).is_ok());
        assert!(parse(&q, "(x + y + 1)^400").is_err(), "too many terms");
    }

    #[test]
    fn rings_and_terms_are_validated_with_pointers() {
        let bad = Ring::new(&["x".into(), "x".into(), "1y".into()], "F_8", "/v", "/d").unwrap_err();
        let paths: Vec<_> = bad.iter().map(|d| d.path.clone().unwrap()).collect();
        assert_eq!(paths, ["/v/1", "/v/2", "/d"]);
        for d in ["Z", "ZZ", "Q", "QQ", "F_2", "GF(2147483647)"] {
            assert!(Domain::parse(d).is_ok(), "{d}");
        }
        for d in ["F_1", "F_4", "F_2147483648", "R", "GF(9)", "F_"] {
            assert!(Domain::parse(d).is_err(), "{d}");
        }
        let q = ring(&["x", "y"], "Q");
        let terms: PolyValue = serde_json::from_value(json!([
            {"coefficient": "3/4", "exponents": [2, 0]},
            {"coefficient": -1, "exponents": [0, 1]},
            {"coefficient": "1/4", "exponents": [2, 0]}
        ]))
        .unwrap();
        assert_eq!(q.print(&q.read(&terms, "/p").unwrap()), "x^2 - y");
        let bad: PolyValue = serde_json::from_value(json!([{"coefficient": "1/0", "exponents": [1, 0]}])).unwrap();
        assert_eq!(q.read(&bad, "/p").unwrap_err().path.as_deref(), Some("/p/0/coefficient"));
        let bad: PolyValue = serde_json::from_value(json!([{"coefficient": 1, "exponents": [1]}])).unwrap();
        assert_eq!(q.read(&bad, "/p").unwrap_err().path.as_deref(), Some("/p/0/exponents"));
    }

    #[test]
    fn object_kinds_canonicalize() {
        let p = Polynomial {
            variables: vec!["x".into()],
            domain: "QQ".into(),
            polynomial: PolyValue::Text("(x-1)*(x+1)".into()),
        };
        let c = p.canonical().unwrap();
        assert_eq!((c.domain.as_str(), c.polynomial), ("Q", PolyValue::Text("x^2 - 1".into())));
        let f = RationalFunction {
            variables: vec!["x".into()],
            domain: "Q".into(),
            numerator: PolyValue::Text("x".into()),
            denominator: PolyValue::Text("2*x + 4".into()),
        }
        .canonical()
        .unwrap();
        assert_eq!((f.numerator, f.denominator), (PolyValue::Text("1/2*x".into()), PolyValue::Text("x + 2".into())));
        let z = RationalFunction {
            variables: vec!["x".into()],
            domain: "Z".into(),
            numerator: PolyValue::Text("4*x".into()),
            denominator: PolyValue::Text("-2*x - 6".into()),
        }
        .canonical()
        .unwrap();
        assert_eq!((z.numerator, z.denominator), (PolyValue::Text("-2*x".into()), PolyValue::Text("x + 3".into())));
        let zero = RationalFunction {
            variables: vec!["x".into()],
            domain: "Q".into(),
            numerator: PolyValue::Text("x".into()),
            denominator: PolyValue::Text("x - x".into()),
        };
        assert_eq!(zero.canonical().unwrap_err()[0].path.as_deref(), Some("/denominator"));
        let l = PolynomialList {
            variables: vec!["a".into()],
            domain: "F_5".into(),
            polynomials: vec![PolyValue::Text("6*a".into())],
        };
        assert_eq!(l.canonical().unwrap().polynomials, vec![PolyValue::Text("a".into())]);
    }

    #[test]
    fn evaluation_modulo_the_mersenne_prime_agrees_with_expansion() {
        let vars: Vec<String> = vec!["x".into(), "y".into()];
        for (src, point) in [("(x + 1)^2 - y/3", [3u64, 6]), ("-(x - y)^5 * 7/2", [10, 4]), ("x^2*y + 2^10", [5, 9])] {
            let (v, d) = text::evaluate_mod(src, &vars, &point).unwrap();
            let p = text::parse(src, &vars, &Domain::Q).unwrap();
            let exact = p.evaluate(&[Rat::from_integer(point[0].into()), Rat::from_integer(point[1].into())]);
            let m = num_bigint::BigInt::from(text::EVALUATION_PRIME);
            let inv = arith::mod_inverse(exact.denom(), &m).unwrap();
            let want = num_integer::Integer::mod_floor(&(exact.numer() * inv), &m);
            assert_eq!(num_bigint::BigInt::from(v), want, "{src}");
            assert!(u64::from(p.total_degree().unwrap_or(0)) <= d, "{src}");
        }
        assert!(text::evaluate_mod("x / (x - x)", &vars, &[1, 1]).is_err());
        assert_eq!(text::evaluate_mod("(x + y", &vars, &[1, 1]).unwrap_err().span.start, 6);
    }

    fn arb_poly() -> impl Strategy<Value = Poly> {
        prop::collection::vec(((-50i64..50, 1i64..6), prop::collection::vec(0u32..4, 3)), 0..8)
            .prop_map(|ts| Poly::from_terms(ts.into_iter().map(|((n, d), m)| (m, Rat::new(n.into(), d.into())))))
    }

    proptest! {
        #[test]
        fn print_then_parse_is_the_identity(p in arb_poly()) {
            let q = ring(&["x", "y1", "z_b"], "Q");
            prop_assert_eq!(parse(&q, &q.print(&p)).unwrap(), p);
        }

        #[test]
        fn print_then_parse_is_the_identity_over_f_p(p in arb_poly()) {
            let f = ring(&["x", "y1", "z_b"], "F_101");
            let p = f.domain.reduce(p).unwrap();
            prop_assert_eq!(parse(&f, &f.print(&p)).unwrap(), p);
        }

        #[test]
        fn arbitrary_text_never_panics(s in "[ -~]{0,40}") {
            let q = ring(&["x", "y"], "Q");
            if let Err(e) = parse(&q, &s) {
                prop_assert!(e.span.start <= e.span.end && e.span.end <= s.len().max(e.span.end));
            }
        }

        #[test]
        fn text_of_operators_never_panics(s in "[xy0-9+*/^() -]{0,40}") {
            let q = ring(&["x", "y"], "F_3");
            let _ = parse(&q, &s);
        }
    }
}
