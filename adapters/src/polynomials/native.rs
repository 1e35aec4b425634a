//! Polynomial capabilities computed in-process on the runtime's exact sparse arithmetic:
//! arithmetic, properties, content, identity testing, Jacobians, differential operators,
//! division, interpolation, homogenization and symmetric polynomials.

use std::collections::BTreeMap;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::arith::TooLarge;
use jacobian_runtime::objects::polynomial::{Coefficient, PolyValue, Ring, coefficient, rational_text};
use jacobian_runtime::typed::Describe;
use num_traits::{One, Signed};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{Poly, Rat, constant, derivative, equal, identities, power, product, q, read, ring, sum, terms};
use crate::cas::{self, Answer, Query};

/// Most operands of a sum or product.
pub const MAX_OPERANDS: usize = 64;
/// Largest exponent of `power`.
pub const MAX_POWER: u32 = 1000;
/// Most polynomials of a map or field.
pub const MAX_MAP: usize = 16;
/// Largest square map whose Jacobian determinant is expanded (Leibniz, n! products).
pub const MAX_DETERMINANT: usize = 6;

pub(crate) fn provider() -> Provider {
    super::native(include_str!("native.rs"))
}

pub(crate) fn too_large(e: TooLarge) -> AdapterError {
    AdapterError::Unsupported(e.0)
}

/// The rational of a coefficient value at `path`, in the ring's domain.
pub(crate) fn scalar(r: &Ring, c: &Coefficient, path: &str) -> Result<Rat, Diagnostic> {
    coefficient(c).and_then(|c| r.domain.element(&c)).map_err(|m| Diagnostic::at(path, "BAD_NUMBER", m))
}

/// The index of variable `name` at `path`.
pub(crate) fn var_index(r: &Ring, name: &str, path: &str) -> Result<usize, Diagnostic> {
    r.variables.iter().position(|v| v == name).ok_or_else(|| {
        Diagnostic::at(
            path,
            "UNKNOWN_VARIABLE",
            format!("`{}` is not one of the variables", name.chars().take(32).collect::<String>()),
        )
    })
}

/// An arithmetic operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ArithmeticOperation {
    /// Σ operands.
    Sum,
    /// first − second.
    Difference,
    /// Π operands.
    Product,
    /// operand^exponent.
    Power,
    /// −operand.
    Negation,
    /// ∂^order operand / ∂variable^order.
    Derivative,
    /// operand with variables replaced by the polynomials in `substitutions`.
    Compose,
    /// operand at the rational values in `point` (variables left out stay symbolic).
    Evaluate,
}

/// Input of `polynomial.compute.arithmetic`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArithmeticInput {
    /// Variable names.
    pub variables: Vec<String>,
    /// `Z`, `Q` (default) or `F_p`.
    #[serde(default = "q")]
    pub domain: String,
    /// The operation.
    pub operation: ArithmeticOperation,
    /// The operands: 1 to 64 for sum and product, 2 for difference, 1 otherwise.
    pub operands: Vec<PolyValue>,
    /// `power`: the exponent, 0 to 1000.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exponent: Option<u32>,
    /// `derivative`: the variable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variable: Option<String>,
    /// `derivative`: how many times (default 1, at most 100).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<u32>,
    /// `compose`: variable name → polynomial in the same ring.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub substitutions: Option<BTreeMap<String, PolyValue>>,
    /// `evaluate`: variable name → rational value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub point: Option<BTreeMap<String, Coefficient>>,
}

/// Output of `polynomial.compute.arithmetic`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ArithmeticOutput {
    /// The result, in canonical text.
    pub result: String,
    /// The result's total degree (absent for zero).
    pub total_degree: Option<u32>,
}

/// `polynomial.compute.arithmetic`.
pub struct Arithmetic;

struct Parsed {
    ring: Ring,
    operands: Vec<Poly>,
    /// Per variable: its replacement (compose, evaluate), or itself.
    replacement: Vec<Poly>,
    var: usize,
}

fn parse_arithmetic(i: &ArithmeticInput) -> Result<Parsed, Diagnostic> {
    use ArithmeticOperation as O;
    let r = ring(&i.variables, &i.domain)?;
    let arity = match i.operation {
        O::Sum | O::Product => 1..=MAX_OPERANDS,
        O::Difference => 2..=2,
        _ => 1..=1,
    };
    if !arity.contains(&i.operands.len()) {
        let m = format!(
            "{} operand(s) here",
            if i.operation == O::Difference { "2" } else { "1 (1 to 64 for sum and product)" }
        );
        return Err(Diagnostic::at("/operands", "ARITY", m));
    }
    let operands = i
        .operands
        .iter()
        .enumerate()
        .map(|(k, v)| read(&r, v, &format!("/operands/{k}")))
        .collect::<Result<Vec<_>, _>>()?;
    let n = r.n();
    let mut replacement: Vec<Poly> = (0..n).map(|k| Poly::variable(k, n)).collect();
    let mut var = 0;
    match i.operation {
        O::Power if i.exponent.is_none_or(|e| e > MAX_POWER) => {
            return Err(Diagnostic::at("/exponent", "BAD_EXPONENT", "power needs an exponent from 0 to 1000"));
        }
        O::Derivative => {
            let Some(v) = &i.variable else {
                return Err(Diagnostic::at("/variable", "MISSING", "derivative needs a variable"));
            };
            var = super::native::var_index(&r, v, "/variable")?;
            if i.order.is_some_and(|o| o > 100) {
                return Err(Diagnostic::at("/order", "BAD_ORDER", "at most 100"));
            }
        }
        O::Compose => {
            let Some(s) = &i.substitutions else {
                return Err(Diagnostic::at("/substitutions", "MISSING", "compose needs substitutions"));
            };
            for (name, p) in s {
                let k = var_index(&r, name, &format!("/substitutions/{name}"))?;
                replacement[k] = read(&r, p, &format!("/substitutions/{name}"))?;
            }
        }
        O::Evaluate => {
            let Some(s) = &i.point else { return Err(Diagnostic::at("/point", "MISSING", "evaluate needs a point")) };
            for (name, c) in s {
                let k = var_index(&r, name, &format!("/point/{name}"))?;
                replacement[k] = Poly::constant(scalar(&r, c, &format!("/point/{name}"))?, n);
            }
        }
        _ => {}
    }
    Ok(Parsed { ring: r, operands, replacement, var })
}

impl Query for Arithmetic {
    type Input = ArithmeticInput;
    type Output = ArithmeticOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            Describe {
                scope_rule: "Exactly the given polynomials and operation.",
                ..cas::describe(
                    "polynomial.compute.arithmetic",
                    "Polynomial arithmetic",
                    "Sum, difference, product, power, negation, derivative, composition (substitution) or evaluation of \
                     multivariate polynomials over Z, Q or F_p, exactly.",
                    "Computes with polynomials in named variables over the integers, rationals or a prime field: add, \
                     subtract, multiply, raise to a power, differentiate (partial derivative of any order), compose \
                     (substitute polynomials for variables, e.g. a shift x -> x + 1) or evaluate at rational values \
                     (all variables, or some for a partial evaluation). VERIFY re-expands the identity result = \
                     expression with the checker's own arithmetic.",
                    &[
                        "polynomial",
                        "arithmetic",
                        "multiply",
                        "expand",
                        "power",
                        "derivative",
                        "differentiate",
                        "compose",
                        "substitute",
                        "evaluate",
                        "shift",
                        "algebra",
                    ],
                )
            },
            &[super::IDENTITIES],
        )
    }
    fn provider(&self) -> Provider {
        provider()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "expand (x + y)^3",
                Mode::Verify,
                json!({"variables": ["x", "y"], "operation": "power", "operands": ["x + y"], "exponent": 3}),
            ),
            (
                "compose f(x + 1)",
                Mode::Verify,
                json!({"variables": ["x"], "operation": "compose", "operands": ["x^3 - 2*x"], "substitutions": {"x": "x + 1"}}),
            ),
            (
                "evaluate at x = 1/2",
                Mode::Explore,
                json!({"variables": ["x", "y"], "operation": "evaluate", "operands": ["x^2*y + 1"], "point": {"x": "1/2"}}),
            ),
        ]
    }
    fn validate(&self, i: &ArithmeticInput) -> Result<(), Diagnostic> {
        parse_arithmetic(i).map(|_| ())
    }
    fn bounds(&self, i: &ArithmeticInput) -> Result<(), Refusal> {
        let p = parse_arithmetic(i).map_err(super::refused)?;
        let work: f64 = match i.operation {
            ArithmeticOperation::Product => p.operands.iter().map(|o| o.len().max(1) as f64).product(),
            ArithmeticOperation::Power => {
                (p.operands[0].len().max(1) as f64).powf(f64::from(i.exponent.unwrap_or(0)).min(64.0))
            }
            _ => 0.0,
        };
        if work > 1e8 {
            return Err(Refusal::Unsupported(Diagnostic::at(
                "/operands",
                "TOO_LARGE",
                "the expansion would have too many terms",
            )));
        }
        Ok(())
    }
    fn answer(&self, i: &ArithmeticInput, _: &AdapterContext) -> Result<Answer<ArithmeticOutput>, AdapterError> {
        use ArithmeticOperation as O;
        let p = parse_arithmetic(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let (r, n) = (&p.ring, p.ring.n());
        let t: Vec<Value> = p.operands.iter().map(terms).collect();
        let reduce = |x: Poly| r.domain.reduce(x).map_err(AdapterError::Unsupported);
        let (result, expr) = match i.operation {
            O::Sum => (p.operands.iter().fold(Poly::zero(), |a, b| a.add(b)), sum(t)),
            O::Difference => (
                p.operands[0].sub(&p.operands[1]),
                sum(vec![t[0].clone(), product(vec![constant(&-Rat::one(), n), t[1].clone()])]),
            ),
            O::Product => {
                let mut acc = Poly::constant(Rat::one(), n);
                for o in &p.operands {
                    acc = reduce(acc.mul(o).map_err(too_large)?)?;
                }
                (acc, product(t))
            }
            O::Power => {
                let k = i.exponent.unwrap_or(0);
                let mut acc = Poly::constant(Rat::one(), n);
                for _ in 0..k {
                    acc = reduce(acc.mul(&p.operands[0]).map_err(too_large)?)?;
                }
                (acc, power(t[0].clone(), k))
            }
            O::Negation => (p.operands[0].neg(), product(vec![constant(&-Rat::one(), n), t[0].clone()])),
            O::Derivative => {
                let (mut acc, mut e) = (p.operands[0].clone(), t[0].clone());
                for _ in 0..i.order.unwrap_or(1) {
                    acc = acc.derivative(p.var);
                    e = derivative(e, p.var);
                }
                (acc, e)
            }
            O::Compose | O::Evaluate => {
                let values: Vec<Value> = p.replacement.iter().map(terms).collect();
                let mut acc = Poly::zero();
                for (m, c) in p.operands[0].sorted_terms() {
                    let mut term = Poly::constant(c.clone(), n);
                    for (k, e) in m.iter().enumerate() {
                        if *e > 0 {
                            term =
                                reduce(term.mul(&p.replacement[k].pow(*e, n).map_err(too_large)?).map_err(too_large)?)?;
                        }
                    }
                    acc = acc.add(&term);
                }
                (acc, super::substituted(&p.operands[0], &values, n))
            }
        };
        let result = reduce(result)?;
        let claim = identities(r, vec![equal(terms(&result), expr)]);
        Ok(Answer::from(ArithmeticOutput { result: r.print(&result), total_degree: result.total_degree() })
            .claim(claim))
    }
}

/// A monomial order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum MonomialOrder {
    /// Lexicographic, the first variable greatest.
    Lex,
    /// Degree reverse lexicographic.
    #[default]
    Grevlex,
    /// Degree lexicographic.
    Deglex,
}

impl MonomialOrder {
    /// Compares two exponent vectors.
    pub fn cmp(self, a: &[u32], b: &[u32]) -> std::cmp::Ordering {
        let deg = |m: &[u32]| m.iter().map(|&e| u64::from(e)).sum::<u64>();
        match self {
            MonomialOrder::Lex => a.cmp(b),
            MonomialOrder::Deglex => deg(a).cmp(&deg(b)).then_with(|| a.cmp(b)),
            MonomialOrder::Grevlex => {
                deg(a).cmp(&deg(b)).then_with(|| match a.iter().zip(b).rev().find(|(x, y)| x != y) {
                    Some((x, y)) => y.cmp(x),
                    None => std::cmp::Ordering::Equal,
                })
            }
        }
    }

    /// Singular's name for it.
    pub fn singular(self) -> &'static str {
        match self {
            MonomialOrder::Lex => "lp",
            MonomialOrder::Grevlex => "dp",
            MonomialOrder::Deglex => "Dp",
        }
    }
}

/// Input of `polynomial.compute.properties`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PropertiesInput {
    /// Variable names.
    pub variables: Vec<String>,
    /// `Z`, `Q` (default) or `F_p`.
    #[serde(default = "q")]
    pub domain: String,
    /// The polynomial.
    pub polynomial: PolyValue,
    /// The monomial order of the leading term (default grevlex).
    #[serde(default)]
    pub order: MonomialOrder,
}

/// One term.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TermOut {
    /// The coefficient.
    pub coefficient: String,
    /// One exponent per variable.
    pub exponents: Vec<u32>,
}

/// Output of `polynomial.compute.properties`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PropertiesOutput {
    /// The canonical text.
    pub polynomial: String,
    /// Whether it is zero.
    pub zero: bool,
    /// Total degree (absent for zero).
    pub total_degree: Option<u32>,
    /// Degree in each variable (absent for zero).
    pub degrees: Vec<Option<u32>>,
    /// Number of terms.
    pub term_count: usize,
    /// Whether every term has the same total degree.
    pub homogeneous: bool,
    /// The variables that occur.
    pub variables_used: Vec<String>,
    /// The leading term in the order, its coefficient and monomial.
    pub leading_term: Option<String>,
    /// The leading coefficient.
    pub leading_coefficient: Option<String>,
    /// The leading monomial's exponents.
    pub leading_exponents: Option<Vec<u32>>,
    /// Whether the leading coefficient is 1.
    pub monic: bool,
    /// The constant term.
    pub constant_term: String,
    /// The terms (support with coefficients), in decreasing order.
    pub terms: Vec<TermOut>,
}

/// `polynomial.compute.properties`.
pub struct Properties;

impl Query for Properties {
    type Input = PropertiesInput;
    type Output = PropertiesOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "polynomial.compute.properties",
            "Degree, support and leading term of a polynomial",
            "Total and partial degrees, number of terms, support (exponent vectors with coefficients), \
             homogeneity, the variables that occur, the leading term in a monomial order, monic, constant term.",
            "Reads a multivariate polynomial over Z, Q or F_p and reports its structure: total degree, degree in \
             each variable, term count, support and coefficients, whether it is homogeneous, the leading term, \
             coefficient and monomial in lex, grevlex or deglex order, and its constant term. Also normalizes an \
             expression (expands products and powers) into canonical form.",
            &[
                "polynomial",
                "degree",
                "support",
                "leading-term",
                "coefficients",
                "homogeneous",
                "normalize",
                "expand",
                "monomial",
                "terms",
            ],
        )
    }
    fn provider(&self) -> Provider {
        provider()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "structure of (x + y)^2 * z",
            Mode::Explore,
            json!({"variables": ["x", "y", "z"], "polynomial": "(x + y)^2*z", "order": "lex"}),
        )]
    }
    fn validate(&self, i: &PropertiesInput) -> Result<(), Diagnostic> {
        read(&ring(&i.variables, &i.domain)?, &i.polynomial, "/polynomial").map(|_| ())
    }
    fn answer(&self, i: &PropertiesInput, _: &AdapterContext) -> Result<Answer<PropertiesOutput>, AdapterError> {
        let r = ring(&i.variables, &i.domain).map_err(|d| AdapterError::Unsupported(d.message))?;
        let p = read(&r, &i.polynomial, "/polynomial").map_err(|d| AdapterError::Unsupported(d.message))?;
        let n = r.n();
        let lead = p.terms().max_by(|a, b| i.order.cmp(a.0, b.0));
        let degrees: Vec<u32> = p.terms().map(|(m, _)| m.iter().sum()).collect();
        let mut sorted: Vec<_> = p.terms().collect();
        sorted.sort_by(|a, b| i.order.cmp(b.0, a.0));
        Ok(PropertiesOutput {
            polynomial: r.print(&p),
            zero: p.is_zero(),
            total_degree: p.total_degree(),
            degrees: (0..n).map(|k| p.degree_in(k)).collect(),
            term_count: p.len(),
            homogeneous: degrees.windows(2).all(|w| w[0] == w[1]),
            variables_used: p.support(n).into_iter().map(|k| r.variables[k].clone()).collect(),
            leading_term: lead.map(|(m, c)| r.print(&Poly::monomial(m.clone(), c.clone()))),
            leading_coefficient: lead.map(|(_, c)| rational_text(c)),
            leading_exponents: lead.map(|(m, _)| m.clone()),
            monic: lead.is_some_and(|(_, c)| c.is_one()),
            constant_term: rational_text(&p.coefficient(&vec![0; n])),
            terms: sorted
                .into_iter()
                .map(|(m, c)| TermOut { coefficient: rational_text(c), exponents: m.clone() })
                .collect(),
        }
        .into())
    }
}

/// Input of `polynomial.compute.content`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ContentInput {
    /// Variable names.
    pub variables: Vec<String>,
    /// `Z` or `Q` (default).
    #[serde(default = "q")]
    pub domain: String,
    /// The polynomial (not zero).
    pub polynomial: PolyValue,
}

/// Output of `polynomial.compute.content`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ContentOutput {
    /// The content: gcd of the numerators over the lcm of the denominators, signed so that the
    /// primitive part's leading coefficient is positive.
    pub content: String,
    /// The primitive part: integer coefficients with gcd 1, leading coefficient positive.
    pub primitive_part: String,
}

/// `polynomial.compute.content`.
pub struct Content;

impl Query for Content {
    type Input = ContentInput;
    type Output = ContentOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "polynomial.compute.content",
                "Content and primitive part of a polynomial",
                "The content (gcd of the coefficients) and the primitive part of a polynomial over Z or Q.",
                "Splits a polynomial with integer or rational coefficients as content times primitive part: the \
                 primitive part has coprime integer coefficients and a positive leading coefficient. VERIFY \
                 re-expands f = content * primitive part.",
                &["polynomial", "content", "primitive-part", "gcd-of-coefficients", "integer", "gauss"],
            ),
            &[super::IDENTITIES],
        )
    }
    fn provider(&self) -> Provider {
        provider()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("content of 6x^2 + 4/3x", Mode::Verify, json!({"variables": ["x"], "polynomial": "6*x^2 + 4/3*x"}))]
    }
    fn validate(&self, i: &ContentInput) -> Result<(), Diagnostic> {
        let r = ring(&i.variables, &i.domain)?;
        if r.domain.characteristic() != 0 {
            return Err(Diagnostic::at("/domain", "NOT_SUPPORTED", "content is defined over Z or Q"));
        }
        if read(&r, &i.polynomial, "/polynomial")?.is_zero() {
            return Err(Diagnostic::at("/polynomial", "ZERO", "the zero polynomial has no primitive part"));
        }
        Ok(())
    }
    fn answer(&self, i: &ContentInput, _: &AdapterContext) -> Result<Answer<ContentOutput>, AdapterError> {
        let r = ring(&i.variables, &i.domain).map_err(|d| AdapterError::Unsupported(d.message))?;
        let p = read(&r, &i.polynomial, "/polynomial").map_err(|d| AdapterError::Unsupported(d.message))?;
        let c = p.content();
        let c = if p.leading_coefficient().is_negative() { -c } else { c };
        let pp = p.scale(&c.recip());
        let claim = identities(&r, vec![equal(terms(&p), product(vec![constant(&c, r.n()), terms(&pp)]))]);
        Ok(Answer::from(ContentOutput { content: rational_text(&c), primitive_part: r.print(&pp) }).claim(claim))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_agree_with_singular() {
        assert!(MonomialOrder::Grevlex.cmp(&[1, 0, 1], &[0, 2, 0]).is_lt());
        assert!(MonomialOrder::Lex.cmp(&[1, 0, 1], &[0, 2, 0]).is_gt());
        assert!(MonomialOrder::Deglex.cmp(&[1, 0, 1], &[0, 2, 0]).is_gt());
    }
}
