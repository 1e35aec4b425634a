//! Exact arithmetic on rational numbers, every answer replayed as integer relations in VERIFY
//! mode (cross-multiplied equalities and inequalities, and lowest terms by a Bézout identity).

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::cas::{self, Answer, Query};
use crate::rational::Rational;
use crate::relations::{self as rel, int};

/// Most operands of a sum, product, minimum or maximum.
pub const MAX_OPERANDS: usize = 100;
/// Most characters of an operand.
pub const MAX_LENGTH: usize = 2001;

/// An operation on rationals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Operation {
    /// Σ operands.
    Sum,
    /// ∏ operands.
    Product,
    /// first − second.
    Difference,
    /// first / second (second ≠ 0).
    Quotient,
    /// −x.
    Negation,
    /// 1/x (x ≠ 0).
    Reciprocal,
    /// |x|.
    AbsoluteValue,
    /// ⌊x⌋.
    Floor,
    /// ⌈x⌉.
    Ceiling,
    /// The least operand.
    Minimum,
    /// The greatest operand.
    Maximum,
    /// −1, 0 or 1 as first <, = or > second.
    Compare,
}

impl Operation {
    fn arity(self) -> Option<usize> {
        match self {
            Operation::Sum | Operation::Product | Operation::Minimum | Operation::Maximum => None,
            Operation::Difference | Operation::Quotient | Operation::Compare => Some(2),
            _ => Some(1),
        }
    }
}

/// Input of `rational.compute.arithmetic`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArithmeticInput {
    /// The operation.
    pub operation: Operation,
    /// The operands: one for unary operations, two for difference, quotient and compare, 1 to 100 otherwise.
    #[schemars(length(min = 1, max = 100))]
    pub operands: Vec<Rational>,
}

/// Output of `rational.compute.arithmetic`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ArithmeticOutput {
    /// The result in lowest terms (for compare: −1, 0 or 1).
    pub value: Rational,
}

/// `rational.compute.arithmetic`.
pub struct Arithmetic;

fn frac(n: &BigInt, d: &BigInt) -> Rational {
    Rational::fraction(n, d)
}

impl Query for Arithmetic {
    type Input = ArithmeticInput;
    type Output = ArithmeticOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            Describe {
                scope_rule: "Exactly the given rationals.",
                ..cas::describe(
                    "rational.compute.arithmetic",
                    "Rational arithmetic",
                    "Exact arithmetic on fractions: sum, difference, product, quotient, negation, reciprocal, absolute \
                     value, floor, ceiling, minimum, maximum and comparison.",
                    "Computes with rationals p/q of up to 2,000 characters exactly (num-bigint), the result in lowest \
                     terms. VERIFY replays the cross-multiplied identity or inequalities and the lowest terms.",
                    &[
                        "rational",
                        "fraction",
                        "arithmetic",
                        "sum",
                        "product",
                        "quotient",
                        "floor",
                        "ceiling",
                        "compare",
                        "exact",
                    ],
                )
            },
            &[rel::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("rationals.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("1/2 + 1/3 + 1/6", Mode::Verify, json!({"operation": "sum", "operands": ["1/2", "1/3", "1/6"]}))]
    }
    fn validate(&self, i: &ArithmeticInput) -> Result<(), Diagnostic> {
        match i.operation.arity() {
            Some(n) if i.operands.len() != n => {
                return Err(Diagnostic::at("/operands", "ARITY", format!("this operation takes {n} operand(s)")));
            }
            None if i.operands.is_empty() || i.operands.len() > MAX_OPERANDS => {
                return Err(Diagnostic::at("/operands", "ARITY", "1 to 100 operands"));
            }
            _ => {}
        }
        let divisor = match i.operation {
            Operation::Quotient => Some(1),
            Operation::Reciprocal => Some(0),
            _ => None,
        };
        if let Some(k) = divisor.filter(|&k| i.operands[k].as_str() == "0") {
            return Err(Diagnostic::at(format!("/operands/{k}"), "DIVISION_BY_ZERO", "the divisor is not zero"));
        }
        Ok(())
    }
    fn bounds(&self, i: &ArithmeticInput) -> Result<(), Refusal> {
        match i.operands.iter().position(|r| r.as_str().len() > MAX_LENGTH) {
            Some(k) => Err(Refusal::Unsupported(Diagnostic::at(
                format!("/operands/{k}"),
                "TOO_LARGE",
                "an operand has at most 2,000 characters",
            ))),
            None => Ok(()),
        }
    }
    fn answer(&self, i: &ArithmeticInput, _: &AdapterContext) -> Result<Answer<ArithmeticOutput>, AdapterError> {
        let xs: Vec<(BigInt, BigInt)> = i.operands.iter().map(Rational::parts).collect();
        let (a, b) = xs[0].clone();
        let mut relations = vec![];
        let (p, q) = match i.operation {
            Operation::Sum | Operation::Product => {
                let d: BigInt = xs.iter().map(|(_, q)| q).product();
                let (p, q) = if i.operation == Operation::Sum {
                    let cof: Vec<BigInt> = xs.iter().map(|(_, q)| &d / q).collect();
                    let n: BigInt = xs.iter().zip(&cof).map(|((a, _), c)| a * c).sum();
                    for ((_, q), c) in xs.iter().zip(&cof) {
                        relations.push(rel::equal(rel::product(vec![int(q), int(c)]), int(&d)));
                    }
                    let total =
                        rel::sum(xs.iter().zip(&cof).map(|((a, _), c)| rel::product(vec![int(a), int(c)])).collect());
                    let r = frac(&n, &d).parts();
                    relations
                        .push(rel::equal(rel::product(vec![int(&r.0), int(&d)]), rel::product(vec![int(&r.1), total])));
                    r
                } else {
                    let n: BigInt = xs.iter().map(|(a, _)| a).product();
                    let r = frac(&n, &d).parts();
                    let all =
                        |k: usize| rel::product(xs.iter().map(|x| int(if k == 0 { &x.0 } else { &x.1 })).collect());
                    relations
                        .push(rel::equal(rel::product(vec![int(&r.0), all(1)]), rel::product(vec![int(&r.1), all(0)])));
                    r
                };
                (p, q)
            }
            Operation::Difference | Operation::Quotient => {
                let (c, d) = xs[1].clone();
                let (n, m) = if i.operation == Operation::Difference {
                    (&a * &d - &c * &b, &b * &d)
                } else {
                    (&a * &d, &b * &c)
                };
                let r = frac(&n, &m).parts();
                relations
                    .push(rel::equal(rel::product(vec![int(&r.0), int(&m)]), rel::product(vec![int(&r.1), int(&n)])));
                r
            }
            Operation::Negation => {
                // r₀/r₁ = −a/b ⇔ r₀·b + r₁·a = 0.
                relations.push(rel::equal(
                    rel::sum(vec![rel::product(vec![int(&-&a), int(&b)]), rel::product(vec![int(&b), int(&a)])]),
                    rel::small(0),
                ));
                (-&a, b.clone())
            }
            Operation::AbsoluteValue => {
                // r₀ ≥ 0 and (r₀·b)² = (r₁·a)², with r₁ = b.
                let r0 = a.abs();
                relations.push(rel::less_equal(rel::small(0), int(&r0)));
                relations.push(rel::equal(
                    rel::power(rel::product(vec![int(&r0), int(&b)]), 2),
                    rel::power(rel::product(vec![int(&b), int(&a)]), 2),
                ));
                (r0, b.clone())
            }
            Operation::Reciprocal => {
                let r = frac(&b, &a).parts();
                relations
                    .push(rel::equal(rel::product(vec![int(&r.0), int(&a)]), rel::product(vec![int(&r.1), int(&b)])));
                r
            }
            Operation::Floor | Operation::Ceiling => {
                let f = if i.operation == Operation::Floor { a.div_floor(&b) } else { a.div_ceil(&b) };
                let (lo, hi) = if i.operation == Operation::Floor { (f.clone(), &f + 1) } else { (&f - 1, f.clone()) };
                let below = rel::product(vec![int(&lo), int(&b)]);
                let above = rel::product(vec![int(&hi), int(&b)]);
                relations.extend(if i.operation == Operation::Floor {
                    [rel::less_equal(below, int(&a)), rel::less(int(&a), above)]
                } else {
                    [rel::less(below, int(&a)), rel::less_equal(int(&a), above)]
                });
                (f, BigInt::one())
            }
            Operation::Minimum | Operation::Maximum => {
                let min = i.operation == Operation::Minimum;
                let pick = xs.iter().enumerate().fold(0, |k, (j, x)| {
                    let better = (&x.0 * &xs[k].1).cmp(&(&xs[k].0 * &x.1));
                    if (min && better.is_lt()) || (!min && better.is_gt()) { j } else { k }
                });
                let (n, d) = xs[pick].clone();
                for (x, y) in &xs {
                    let (l, r) = (rel::product(vec![int(&n), int(y)]), rel::product(vec![int(x), int(&d)]));
                    relations.push(if min { rel::less_equal(l, r) } else { rel::less_equal(r, l) });
                }
                (n, d)
            }
            Operation::Compare => {
                let (c, d) = xs[1].clone();
                let (l, r) = (&a * &d, &c * &b);
                let (el, er) = (rel::product(vec![int(&a), int(&d)]), rel::product(vec![int(&c), int(&b)]));
                let s = l.cmp(&r) as i8;
                relations.push(match s {
                    -1 => rel::less(el, er),
                    0 => rel::equal(el, er),
                    _ => rel::less(er, el),
                });
                (BigInt::from(s), BigInt::one())
            }
        };
        if !q.is_one() {
            // Lowest terms: a Bézout identity u·p + v·q = 1.
            let e = p.extended_gcd(&q);
            let bezout = rel::sum(vec![rel::product(vec![int(&e.x), int(&p)]), rel::product(vec![int(&e.y), int(&q)])]);
            relations.extend([rel::equal(bezout, rel::small(1)), rel::less(rel::small(0), int(&q))]);
        }
        if q.is_zero() {
            return Err(AdapterError::Backend("a zero denominator".into()));
        }
        Ok(Answer::from(ArithmeticOutput { value: frac(&p, &q) }).claim(rel::claim(relations)))
    }
}
