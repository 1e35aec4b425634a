//! `matrix.compute.inertia`: the inertia, signature and definiteness of a symmetric rational
//! matrix (a Gram matrix, a quadratic form), by congruence diagonalization PᵀAP = D computed
//! natively; VERIFY replays PᵀAP = D and det P ≠ 0 (Sylvester's law of inertia).

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::matrix::{Dense, Matrix, Ring, Scalar};
use jacobian_runtime::typed::Describe;
use num_traits::{Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::exact::{self, Field};
use super::{claim, lit, read, square};
use crate::cas::{self, Answer, Query};

/// Most rows.
pub const MAX_DIMENSION: usize = 80;
/// Most digits of an entry.
pub const MAX_DIGITS: usize = 100;

/// Input of `matrix.compute.inertia`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InertiaInput {
    /// A symmetric matrix over Z or Q.
    pub matrix: Matrix,
}

/// The definiteness of a symmetric matrix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Definiteness {
    /// xᵀAx > 0 for x ≠ 0.
    PositiveDefinite,
    /// xᵀAx < 0 for x ≠ 0.
    NegativeDefinite,
    /// xᵀAx ≥ 0, singular.
    PositiveSemidefinite,
    /// xᵀAx ≤ 0, singular.
    NegativeSemidefinite,
    /// Both signs occur.
    Indefinite,
    /// A = 0.
    Zero,
}

/// Output of `matrix.compute.inertia`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct InertiaOutput {
    /// Counts of positive, negative and zero eigenvalues.
    pub inertia: [usize; 3],
    /// Positive minus negative.
    pub signature: i64,
    /// The rank.
    pub rank: usize,
    /// The definiteness.
    pub definiteness: Definiteness,
    /// D = PᵀAP, diagonal.
    pub diagonal: Vec<String>,
    /// P, invertible.
    pub transform: Matrix,
}

/// `matrix.compute.inertia`.
pub struct Inertia;

fn symmetric(i: &InertiaInput) -> Result<Dense, Diagnostic> {
    read_symmetric(&i.matrix, "/matrix")
}

/// Reads a symmetric matrix over Z or Q at `at`.
pub(crate) fn read_symmetric(m: &Matrix, at: &str) -> Result<Dense, Diagnostic> {
    let a = read(m, at)?;
    square(&a, at)?;
    if let Ring::Prime(_) = a.ring {
        return Err(Diagnostic::at(format!("{at}/ring"), "WRONG_RING", "a symmetric matrix over Z or Q"));
    }
    for r in 0..a.rows {
        for c in r + 1..a.cols {
            if a.data[r][c] != a.data[c][r] {
                return Err(Diagnostic::at(format!("{at}/rows/{c}/{r}"), "NOT_SYMMETRIC", "A equals its transpose"));
            }
        }
    }
    Ok(a)
}

/// A congruence diagonalization PᵀAP = D of a symmetric rational matrix.
pub(crate) struct Congruence {
    /// D's diagonal.
    pub diagonal: Vec<Scalar>,
    /// P, invertible.
    pub transform: Dense,
    /// Positive, negative and zero entries of D.
    pub inertia: [usize; 3],
    /// The statement the matrix checker replays (ring Q).
    pub statement: Value,
}

impl Congruence {
    /// Diagonalizes `a` (symmetric over Z or Q).
    pub fn of(a: &Dense, ctx: &AdapterContext) -> Result<Congruence, AdapterError> {
        let (diagonal, transform) = diagonalize(a, ctx)?;
        let pos = diagonal.iter().filter(|x| x.num.is_positive()).count();
        let neg = diagonal.iter().filter(|x| x.num.is_negative()).count();
        let inertia = [pos, neg, diagonal.len() - pos - neg];
        let statement = json!({"congruence": {
            "matrix": lit(a), "transform": lit(&transform),
            "diagonal": diagonal.iter().map(Scalar::to_string).collect::<Vec<_>>(), "inertia": inertia
        }});
        Ok(Congruence { diagonal, transform, inertia, statement })
    }

    /// Column k of P, for which vᵀAv = d_k.
    pub fn column(&self, k: usize) -> Vec<Scalar> {
        self.transform.data.iter().map(|r| r[k].clone()).collect()
    }
}

/// PᵀAP = D by symmetric elimination over Q.
fn diagonalize(a: &Dense, ctx: &AdapterContext) -> Result<(Vec<Scalar>, Dense), AdapterError> {
    let q = Field::of(&Ring::Rational);
    let n = a.rows;
    let mut m = Dense { ring: Ring::Rational, ..a.clone() };
    let mut p = exact::identity(&Ring::Rational, n);
    let sub = |x: &Scalar, y: &Scalar| q.add(x, &q.neg(y));
    for k in 0..n {
        ctx.checkpoint()?;
        if m.data[k][k].num.is_zero() {
            if let Some(i) = (k + 1..n).find(|&i| !m.data[i][i].num.is_zero()) {
                m.data.swap(i, k);
                for row in m.data.iter_mut().chain(p.data.iter_mut()) {
                    row.swap(i, k);
                }
            } else if let Some(j) = (k + 1..n).find(|&j| !m.data[k][j].num.is_zero()) {
                // Column and row k += column and row j: the new pivot is 2·a_kj ≠ 0.
                for r in 0..n {
                    m.data[r][k] = q.add(&m.data[r][k], &m.data[r][j]);
                    p.data[r][k] = q.add(&p.data[r][k], &p.data[r][j]);
                }
                for c in 0..n {
                    m.data[k][c] = q.add(&m.data[k][c], &m.data[j][c]);
                }
            }
        }
        let pivot = m.data[k][k].clone();
        if pivot.num.is_zero() {
            continue;
        }
        let inv = q.inv(&pivot);
        for i in k + 1..n {
            if m.data[i][k].num.is_zero() {
                continue;
            }
            let f = q.mul(&m.data[i][k], &inv);
            // Column i −= f·column k, then row i −= f·row k.
            for r in 0..n {
                let (mk, pk) = (m.data[r][k].clone(), p.data[r][k].clone());
                m.data[r][i] = sub(&m.data[r][i], &q.mul(&f, &mk));
                p.data[r][i] = sub(&p.data[r][i], &q.mul(&f, &pk));
            }
            for c in 0..n {
                let mk = m.data[k][c].clone();
                m.data[i][c] = sub(&m.data[i][c], &q.mul(&f, &mk));
            }
        }
    }
    Ok(((0..n).map(|i| m.data[i][i].clone()).collect(), p))
}

impl Query for Inertia {
    type Input = InertiaInput;
    type Output = InertiaOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "matrix.compute.inertia",
                "Inertia, signature and definiteness of a symmetric matrix",
                "Whether a symmetric rational matrix (a Gram matrix, a quadratic form) is positive or negative \
                 definite or semidefinite or indefinite, with its inertia, signature and rank.",
                "Diagonalizes by congruence PᵀAP = D natively in exact rationals (up to 80 × 80, entries up to 100 \
                 digits). VERIFY replays PᵀAP = D and det P ≠ 0; Sylvester's law of inertia does the rest.",
                &[
                    "matrix",
                    "definiteness",
                    "positive-definite",
                    "inertia",
                    "signature",
                    "symmetric",
                    "gram-matrix",
                    "sylvester",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("inertia.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "is [[2, -1], [-1, 2]] positive definite?",
            Mode::Verify,
            json!({"matrix": {"rows": [[2, -1], [-1, 2]]}}),
        )]
    }
    fn validate(&self, i: &InertiaInput) -> Result<(), Diagnostic> {
        symmetric(i).map(drop)
    }
    fn bounds(&self, i: &InertiaInput) -> Result<(), Refusal> {
        super::bound(&i.matrix, MAX_DIMENSION, MAX_DIGITS, "/matrix")
    }
    fn answer(&self, i: &InertiaInput, ctx: &AdapterContext) -> Result<Answer<InertiaOutput>, AdapterError> {
        let a = symmetric(i).map_err(|d| AdapterError::Backend(d.message))?;
        let c = Congruence::of(&a, ctx)?;
        let [pos, neg, zero] = c.inertia;
        let definiteness = match (pos, neg, zero) {
            (0, 0, _) => Definiteness::Zero,
            (_, 0, 0) => Definiteness::PositiveDefinite,
            (0, _, 0) => Definiteness::NegativeDefinite,
            (_, 0, _) => Definiteness::PositiveSemidefinite,
            (0, _, _) => Definiteness::NegativeSemidefinite,
            _ => Definiteness::Indefinite,
        };
        let out = InertiaOutput {
            inertia: [pos, neg, zero],
            signature: pos as i64 - neg as i64,
            rank: pos + neg,
            definiteness,
            diagonal: c.diagonal.iter().map(Scalar::to_string).collect(),
            transform: c.transform.to_matrix(),
        };
        Ok(Answer::from(out).claim(claim(&Ring::Rational, vec![c.statement])))
    }
}
