//! `matrix.compute.arithmetic`: sums, differences, products, powers, transposes, scalar
//! multiples and Kronecker products of exact matrices, computed natively; VERIFY replays the
//! expression with the checker's own arithmetic.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::matrix::{Dense, Entry, Matrix, Ring, Scalar};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::exact::{self, Field};
use super::{claim, lit, read};
use crate::cas::{self, Answer, Query};

/// Most rows or columns of an operand (and of a result).
pub const MAX_DIMENSION: usize = 200;
/// Most digits of an entry.
pub const MAX_DIGITS: usize = 1_000;
/// Largest exponent of a power.
pub const MAX_POWER: u32 = 64;

/// The operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Operation {
    /// A₁ + A₂ + … (one shape).
    Sum,
    /// A₁ − A₂.
    Difference,
    /// A₁ · A₂ · … (conformable).
    Product,
    /// A^k for a square A, 0 ≤ k ≤ 64 (`exponent`).
    Power,
    /// Aᵀ.
    Transpose,
    /// c · A (`scalar`).
    Scale,
    /// A₁ ⊗ A₂ (Kronecker product).
    Kronecker,
    /// The partial trace of A on a bipartite system of `dimensions` [d₁, d₂] (A of size d₁d₂):
    /// Tr₂ A (d₁ × d₁, the second factor traced out, by default) or Tr₁ A (`traced`: `first`).
    PartialTrace,
}

/// The factor a partial trace removes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Traced {
    /// Tr₁: the first factor.
    First,
    /// Tr₂: the second factor.
    #[default]
    Second,
}

/// Input of `matrix.compute.arithmetic`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArithmeticInput {
    /// The operation.
    pub operation: Operation,
    /// The operands (one ring): one for power, transpose and scale, two for difference and
    /// Kronecker, one or more for sum and product.
    #[schemars(length(min = 1, max = 16))]
    pub operands: Vec<Matrix>,
    /// The exponent of `power`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exponent: Option<u32>,
    /// The scalar of `scale`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scalar: Option<Entry>,
    /// [d₁, d₂] of `partial_trace`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dimensions: Option<[usize; 2]>,
    /// The factor `partial_trace` removes (default `second`).
    #[serde(default)]
    pub traced: Traced,
}

/// Output of `matrix.compute.arithmetic`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ArithmeticOutput {
    /// The result.
    pub result: Matrix,
}

/// `matrix.compute.arithmetic`.
pub struct Arithmetic;

fn operands(i: &ArithmeticInput) -> Result<Vec<Dense>, Diagnostic> {
    let mut ms: Vec<Dense> =
        i.operands.iter().enumerate().map(|(k, m)| read(m, &format!("/operands/{k}"))).collect::<Result<_, _>>()?;
    // An integer matrix whose ring was inferred joins rational ones over Q; named rings must agree.
    if ms.iter().any(|m| m.ring == Ring::Rational) {
        for (m, given) in ms.iter_mut().zip(&i.operands) {
            if m.ring == Ring::Integer && given.ring.is_none() {
                m.ring = Ring::Rational;
            }
        }
    }
    if let Some(k) = ms.iter().position(|m| m.ring != ms[0].ring) {
        return Err(Diagnostic::at(
            format!("/operands/{k}"),
            "MIXED_RINGS",
            format!("operand {k} is over {}, operand 0 over {}; give every operand one ring", ms[k].ring, ms[0].ring),
        ));
    }
    Ok(ms)
}

impl Query for Arithmetic {
    type Input = ArithmeticInput;
    type Output = ArithmeticOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "matrix.compute.arithmetic",
                "Matrix arithmetic",
                "Exact matrix arithmetic over Z, Q or F_p: sum, difference, product, power, transpose, scalar \
                 multiple, Kronecker (tensor) product, partial trace over one factor of a bipartite system.",
                "Computes with exact matrices (up to 200 × 200, entries up to 1,000 digits; dense rows or sparse \
                 entries) natively. VERIFY replays the expression with the checker's own arithmetic.",
                &[
                    "matrix",
                    "arithmetic",
                    "multiply",
                    "product",
                    "sum",
                    "power",
                    "transpose",
                    "kronecker",
                    "tensor",
                    "scalar",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("arithmetic.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "[[1, 2], [3, 4]] · [[0, 1], [1, 0]]",
            Mode::Verify,
            json!({"operation": "product", "operands": [{"rows": [[1, 2], [3, 4]]}, {"rows": [[0, 1], [1, 0]]}]}),
        )]
    }
    fn validate(&self, i: &ArithmeticInput) -> Result<(), Diagnostic> {
        let ms = operands(i)?;
        let arity = match i.operation {
            Operation::Power | Operation::Transpose | Operation::Scale | Operation::PartialTrace => Some(1),
            Operation::Difference | Operation::Kronecker => Some(2),
            _ => None,
        };
        if arity.is_some_and(|n| n != ms.len()) {
            return Err(Diagnostic::at(
                "/operands",
                "ARITY",
                format!("this operation takes {} operand(s)", arity.unwrap_or(0)),
            ));
        }
        let shape = |m: &Dense| (m.rows, m.cols);
        for (k, m) in ms.iter().enumerate().skip(1) {
            let ok = match i.operation {
                Operation::Sum | Operation::Difference => shape(m) == shape(&ms[0]),
                Operation::Product => ms[k - 1].cols == m.rows,
                _ => true,
            };
            if !ok {
                return Err(Diagnostic::at(format!("/operands/{k}"), "NOT_CONFORMABLE", "the shapes do not match"));
            }
        }
        match i.operation {
            Operation::Power if i.exponent.is_none_or(|k| k > MAX_POWER) => {
                Err(Diagnostic::at("/exponent", "OUT_OF_RANGE", "an exponent from 0 to 64"))
            }
            Operation::Power if !ms[0].is_square() => {
                Err(Diagnostic::at("/operands/0", "NOT_SQUARE", "a square matrix"))
            }
            Operation::PartialTrace => match i.dimensions {
                Some([a, b]) if a >= 1 && b >= 1 && ms[0].rows == a.saturating_mul(b) && ms[0].is_square() => Ok(()),
                Some(_) => Err(Diagnostic::at("/dimensions", "BAD_SHAPE", "[d1, d2] with A of size d1·d2 × d1·d2")),
                None => Err(Diagnostic::at("/dimensions", "MISSING_FIELD", "the dimensions [d1, d2]")),
            },
            Operation::Scale => {
                let s = i.scalar.as_ref().ok_or_else(|| Diagnostic::at("/scalar", "MISSING_FIELD", "the scalar"))?;
                let one = Matrix {
                    ring: Some(ms[0].ring.clone()),
                    shape: None,
                    rows: Some(vec![vec![s.clone()]]),
                    entries: None,
                };
                read(&one, "").map(drop).map_err(|d| Diagnostic { path: Some("/scalar".into()), ..d })
            }
            _ => Ok(()),
        }
    }
    fn bounds(&self, i: &ArithmeticInput) -> Result<(), Refusal> {
        for (k, m) in i.operands.iter().enumerate() {
            super::bound(m, MAX_DIMENSION, MAX_DIGITS, &format!("/operands/{k}"))?;
        }
        if i.operation == Operation::Kronecker {
            let d: Vec<Dense> = i.operands.iter().filter_map(|m| m.dense().ok()).collect();
            if d.len() == 2 && (d[0].rows * d[1].rows > MAX_DIMENSION || d[0].cols * d[1].cols > MAX_DIMENSION) {
                let message = "the Kronecker product would exceed 200 rows or columns";
                return Err(Refusal::Unsupported(Diagnostic::at("/operands", "TOO_LARGE", message)));
            }
        }
        Ok(())
    }
    fn answer(&self, i: &ArithmeticInput, ctx: &AdapterContext) -> Result<Answer<ArithmeticOutput>, AdapterError> {
        let ms = operands(i).map_err(|d| AdapterError::Backend(d.message))?;
        let f = Field::of(&ms[0].ring);
        let ring = ms[0].ring.clone();
        let (result, expression) = match i.operation {
            Operation::Sum => {
                let r = ms[1..].iter().fold(ms[0].clone(), |acc, m| exact::zip(&acc, m, |x, y| f.add(x, y)));
                (r, json!({"sum": ms.iter().map(lit).collect::<Vec<_>>()}))
            }
            Operation::Difference => {
                let r = exact::zip(&ms[0], &ms[1], |x, y| f.add(x, &f.neg(y)));
                (r, json!({"sum": [lit(&ms[0]), {"negate": lit(&ms[1])}]}))
            }
            Operation::Product => {
                let mut r = ms[0].clone();
                for m in &ms[1..] {
                    ctx.checkpoint()?;
                    r = exact::product(&r, m);
                }
                (r, json!({"product": ms.iter().map(lit).collect::<Vec<_>>()}))
            }
            Operation::Power => {
                let k = i.exponent.unwrap_or(0);
                // Square and multiply.
                let (mut acc, mut base, mut e) = (exact::identity(&ring, ms[0].rows), ms[0].clone(), k);
                while e > 0 {
                    ctx.checkpoint()?;
                    if e & 1 == 1 {
                        acc = exact::product(&acc, &base);
                    }
                    base = exact::product(&base, &base);
                    e >>= 1;
                }
                (acc, json!({"power": [lit(&ms[0]), k]}))
            }
            Operation::Transpose => (exact::transpose(&ms[0]), json!({"transpose": lit(&ms[0])})),
            Operation::Scale => {
                let s = i.scalar.as_ref().ok_or_else(|| AdapterError::Backend("no scalar".into()))?;
                let one =
                    Matrix { ring: Some(ring.clone()), shape: None, rows: Some(vec![vec![s.clone()]]), entries: None };
                let c = read(&one, "").map_err(|d| AdapterError::Backend(d.message))?.data[0][0].clone();
                (exact::map(&ms[0], |x| f.mul(&c, x)), json!({"scale": [c.to_string(), lit(&ms[0])]}))
            }
            Operation::Kronecker => {
                (exact::kronecker(&ms[0], &ms[1]), json!({"kronecker": [lit(&ms[0]), lit(&ms[1])]}))
            }
            Operation::PartialTrace => partial_trace(&ms[0], i.dimensions.unwrap_or([1, 1]), i.traced, ctx)?,
        };
        let statement = json!({"equal": [expression, lit(&result)]});
        Ok(Answer::from(ArithmeticOutput { result: result.to_matrix() }).claim(claim(&ring, vec![statement])))
    }
}

/// Tr₂ A = Σⱼ (I ⊗ eⱼᵀ) A (I ⊗ eⱼ), or Tr₁ A = Σᵢ (eᵢᵀ ⊗ I) A (eᵢ ⊗ I): the result and the
/// expression the checker expands itself.
fn partial_trace(
    a: &Dense,
    [d1, d2]: [usize; 2],
    traced: Traced,
    ctx: &AdapterContext,
) -> Result<(Dense, Value), AdapterError> {
    let ring = &a.ring;
    let f = Field::of(ring);
    let unit = |n: usize, k: usize| Dense {
        ring: ring.clone(),
        rows: 1,
        cols: n,
        data: vec![(0..n).map(|j| Scalar::int(u8::from(j == k))).collect()],
    };
    let (kept, gone) = match traced {
        Traced::Second => (d1, d2),
        Traced::First => (d2, d1),
    };
    let id = exact::identity(ring, kept);
    let mut total: Option<Dense> = None;
    let mut terms = vec![];
    for j in 0..gone {
        ctx.checkpoint()?;
        let row = unit(gone, j);
        let (left, right) = match traced {
            Traced::Second => (exact::kronecker(&id, &row), exact::kronecker(&id, &exact::transpose(&row))),
            Traced::First => (exact::kronecker(&row, &id), exact::kronecker(&exact::transpose(&row), &id)),
        };
        let term = exact::product(&exact::product(&left, a), &right);
        terms.push(json!({"product": [lit(&left), lit(a), lit(&right)]}));
        total = Some(match total {
            None => term,
            Some(t) => exact::zip(&t, &term, |x, y| f.add(x, y)),
        });
    }
    let total = total.ok_or_else(|| AdapterError::Backend("an empty partial trace".into()))?;
    Ok((total, json!({"sum": terms})))
}
