//! `matrix.compute.jordan_form`: the elementary divisors of a square matrix over Q or F_p (the
//! Smith form of tI − A over the polynomial ring), its invariant factors and minimal polynomial,
//! and, when the characteristic polynomial splits into linear factors over the field, the Jordan
//! form J = P⁻¹·A·P with its transform. The characteristic polynomial is factored by PARI/GP;
//! block sizes come from the ranks of q(A)^k and the Jordan basis from chains of kernels, both
//! computed natively.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::matrix::{Dense, Matrix, Ring, Scalar};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::exact::{self, Field};
use super::{Lines, claim, gp, lit, program, read, square, texts};
use crate::cas::{self, Answer, Query};

/// Most rows.
pub const MAX_DIMENSION: usize = 30;
/// Most digits of an entry.
pub const MAX_DIGITS: usize = 50;

/// Input of `matrix.compute.jordan_form`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JordanInput {
    /// A square matrix over Z, Q (read over Q) or F_p.
    pub matrix: Matrix,
}

/// The Jordan blocks belonging to one irreducible factor of the characteristic polynomial.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ElementaryDivisors {
    /// The monic irreducible factor q (constant term first).
    pub factor: Vec<String>,
    /// Its multiplicity in the characteristic polynomial.
    pub multiplicity: usize,
    /// The sizes k of the blocks (elementary divisors q^k), decreasing.
    pub block_sizes: Vec<usize>,
    /// The eigenvalue, when q is linear.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eigenvalue: Option<String>,
}

/// Output of `matrix.compute.jordan_form`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct JordanOutput {
    /// det(tI − A), constant term first.
    pub characteristic_polynomial: Vec<String>,
    /// Per irreducible factor, the block sizes (absent in VERIFY when the polynomial does not split,
    /// as they then rest on PARI/GP's factorization).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elementary_divisors: Option<Vec<ElementaryDivisors>>,
    /// The invariant factors f_1 | f_2 | … (the non-unit diagonal of the Smith form of tI − A over
    /// the polynomial ring), constant term first; the last is the minimal polynomial.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invariant_factors: Option<Vec<Vec<String>>>,
    /// The minimal polynomial, constant term first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimal_polynomial: Option<Vec<String>>,
    /// Whether the characteristic polynomial splits into linear factors over the field.
    pub split: bool,
    /// Whether A is diagonalizable over the field.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub diagonalizable: Option<bool>,
    /// J, when split: blocks by eigenvalue, larger blocks first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jordan_form: Option<Matrix>,
    /// P with P⁻¹·A·P = J, when split.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transform: Option<Matrix>,
}

/// `matrix.compute.jordan_form`.
pub struct JordanForm;

fn field_square(m: &Matrix) -> Result<Dense, Diagnostic> {
    let a = read(m, "/matrix")?;
    square(&a, "/matrix")?;
    Ok(if a.ring == Ring::Integer { Dense { ring: Ring::Rational, ..a } } else { a })
}

fn sub(a: &Dense, b: &Dense) -> Dense {
    let f = Field::of(&a.ring);
    exact::zip(a, b, |x, y| f.add(x, &f.neg(y)))
}

/// q(A) by Horner.
fn evaluate(a: &Dense, q: &[Scalar]) -> Dense {
    let f = Field::of(&a.ring);
    let n = a.rows;
    let mut v = Dense { data: vec![vec![Scalar::int(0); n]; n], ..a.clone() };
    for c in q.iter().rev() {
        v = exact::product(&v, a);
        for i in 0..n {
            v.data[i][i] = f.add(&v.data[i][i], c);
        }
    }
    v
}

fn column(a: &Dense, j: usize) -> Vec<Scalar> {
    a.data.iter().map(|r| r[j].clone()).collect()
}

fn from_columns(ring: &Ring, n: usize, cols: &[Vec<Scalar>]) -> Dense {
    Dense {
        ring: ring.clone(),
        rows: n,
        cols: cols.len(),
        data: (0..n).map(|i| cols.iter().map(|c| c[i].clone()).collect()).collect(),
    }
}

fn apply(a: &Dense, v: &[Scalar]) -> Vec<Scalar> {
    let f = Field::of(&a.ring);
    a.data.iter().map(|r| r.iter().zip(v).fold(Scalar::int(0), |acc, (x, y)| f.add(&acc, &f.mul(x, y)))).collect()
}

/// Polynomial product (constant term first).
fn times(f: Field, a: &[Scalar], b: &[Scalar]) -> Vec<Scalar> {
    let mut out = vec![Scalar::int(0); a.len() + b.len() - 1];
    for (i, x) in a.iter().enumerate() {
        for (j, y) in b.iter().enumerate() {
            out[i + j] = f.add(&out[i + j], &f.mul(x, y));
        }
    }
    out
}

/// Jordan chains of N = A − λI on its generalized eigenspace, tops chosen level by level; each
/// chain listed bottom first (N^{k−1}v, …, Nv, v). `sizes` decreasing.
fn chains(nil: &Dense, sizes: &[usize], ctx: &AdapterContext) -> Result<Vec<Vec<Vec<Scalar>>>, AdapterError> {
    let n = nil.rows;
    let ring = &nil.ring;
    let top = sizes.first().copied().unwrap_or(0);
    // Kernels of N^k, k = 0..=top.
    let mut kernels: Vec<Dense> = vec![];
    let mut power = exact::identity(ring, n);
    for _ in 0..=top {
        ctx.checkpoint()?;
        let red = exact::reduce(&power, true, ctx)?;
        kernels.push(exact::kernel_from(&red).0);
        power = exact::product(&power, nil);
    }
    let mut out: Vec<Vec<Vec<Scalar>>> = vec![];
    // Vectors already spanned at the current level (images of longer chains).
    let mut level: Vec<Vec<Scalar>> = vec![];
    for k in (1..=top).rev() {
        let wanted = sizes.iter().filter(|&&s| s == k).count();
        let below = &kernels[k - 1];
        let mut span: Vec<Vec<Scalar>> = (0..below.cols).map(|j| column(below, j)).collect();
        span.extend(level.iter().cloned());
        let mut r = if span.is_empty() { 0 } else { exact::rank(&from_columns(ring, n, &span), ctx)? };
        let mut tops = vec![];
        for j in 0..kernels[k].cols {
            if tops.len() == wanted {
                break;
            }
            let w = column(&kernels[k], j);
            span.push(w.clone());
            let r2 = exact::rank(&from_columns(ring, n, &span), ctx)?;
            if r2 > r {
                r = r2;
                tops.push(w);
            } else {
                span.pop();
            }
        }
        if tops.len() != wanted {
            return Err(AdapterError::Backend("the Jordan chains did not close up".into()));
        }
        for v in tops {
            let mut chain = vec![v];
            for _ in 1..k {
                let next = apply(nil, chain.last().map(Vec::as_slice).unwrap_or(&[]));
                chain.push(next);
            }
            chain.reverse();
            level.push(chain[k - 1].clone());
            out.push(chain);
        }
        // One level down: the images under N of everything at this level.
        level = level.iter().map(|v| apply(nil, v)).collect();
    }
    Ok(out)
}

impl Query for JordanForm {
    type Input = JordanInput;
    type Output = JordanOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "matrix.compute.jordan_form",
                "Jordan form, elementary divisors and invariant factors of a matrix",
                "The Jordan normal form P⁻¹AP = J of a square matrix over Q or F_p when its characteristic polynomial \
                 splits, the elementary divisors and invariant factors (Smith form of tI − A over Q[t]).",
                "Factors the characteristic polynomial with PARI/GP; block sizes from ranks of q(A)^k and the Jordan \
                 basis from kernel chains, natively (up to 30 × 30). VERIFY replays det(tI − A) and P⁻¹AP = J with \
                 J's Jordan shape.",
                &[
                    "matrix",
                    "jordan",
                    "jordan-form",
                    "elementary-divisors",
                    "invariant-factors",
                    "smith-form-polynomial",
                    "diagonalizable",
                    "minimal-polynomial",
                    "generalized-eigenvectors",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "Jordan form of [[5, 4, 2, 1], [0, 1, -1, -1], [-1, -1, 3, 0], [1, 1, -1, 2]]",
                Mode::Verify,
                json!({"matrix": {"rows": [[5, 4, 2, 1], [0, 1, -1, -1], [-1, -1, 3, 0], [1, 1, -1, 2]]}}),
            ),
            (
                "elementary divisors of a rotation over F_3",
                Mode::Explore,
                json!({"matrix": {"ring": "F_3", "rows": [[0, -1], [1, 0]]}}),
            ),
        ]
    }
    fn validate(&self, i: &JordanInput) -> Result<(), Diagnostic> {
        field_square(&i.matrix).map(drop)
    }
    fn bounds(&self, i: &JordanInput) -> Result<(), Refusal> {
        super::bound(&i.matrix, MAX_DIMENSION, MAX_DIGITS, "/matrix")
    }
    fn answer(&self, i: &JordanInput, ctx: &AdapterContext) -> Result<Answer<JordanOutput>, AdapterError> {
        let a = field_square(&i.matrix).map_err(|d| AdapterError::Backend(d.message))?;
        let ring = a.ring.clone();
        let f = Field::of(&ring);
        let n = a.rows;
        let p = gp(program().code("my(A="), &a).code(
            ",c=charpoly(A),F=factor(c));print(lift(Vecrev(c)));print(#F~);\
             for(i=1,#F~,print(lift(Vecrev(F[i,1])));print(F[i,2]))",
        );
        let reply = ctx.backend(&p)?;
        let mut lines = Lines::of(&reply);
        let chi = lines.scalars(&ring)?;
        let mut factors = vec![];
        for _ in 0..lines.natural()? {
            let q = lines.scalars(&ring)?;
            let m = lines.natural()?;
            let lead = q.last().cloned().ok_or_else(|| AdapterError::Backend("an empty factor".into()))?;
            let inv = f.inv(&lead);
            factors.push((q.iter().map(|x| f.mul(x, &inv)).collect::<Vec<_>>(), m));
        }
        if factors.iter().map(|(q, m)| (q.len() - 1) * m).sum::<usize>() != n {
            return Err(AdapterError::Backend("PARI/GP's factors do not make up the degree".into()));
        }
        // Block sizes from ranks of q(A)^k: #blocks of size ≥ k = (r_{k−1} − r_k)/deg q.
        let mut divisors = vec![];
        for (q, m) in &factors {
            ctx.checkpoint()?;
            let d = q.len() - 1;
            let qa = evaluate(&a, q);
            let mut ranks = vec![n];
            let mut power = exact::identity(&ring, n);
            for _ in 0..*m {
                power = exact::product(&power, &qa);
                ranks.push(exact::rank(&power, ctx)?);
            }
            let at_least: Vec<usize> = (1..=*m).map(|k| (ranks[k - 1] - ranks[k]) / d).collect();
            let mut sizes = vec![];
            for k in (1..=*m).rev() {
                let exactly = at_least[k - 1] - at_least.get(k).copied().unwrap_or(0);
                sizes.extend(std::iter::repeat_n(k, exactly));
            }
            let eigenvalue = (d == 1).then(|| f.neg(&q[0]));
            divisors.push((q.clone(), *m, sizes, eigenvalue));
        }
        divisors.sort_by(|x, y| x.0.len().cmp(&y.0.len()).then_with(|| texts(&x.0).cmp(&texts(&y.0))));
        let split = divisors.iter().all(|d| d.3.is_some());
        // Invariant factors: the i-th largest blocks of every factor multiplied together.
        let most = divisors.iter().map(|d| d.2.len()).max().unwrap_or(0);
        let mut invariant: Vec<Vec<Scalar>> = (0..most)
            .map(|i| {
                divisors.iter().fold(vec![Scalar::int(1)], |acc, (q, _, sizes, _)| {
                    sizes.get(i).map_or(acc.clone(), |&k| (0..k).fold(acc.clone(), |p, _| times(f, &p, q)))
                })
            })
            .collect();
        invariant.reverse();
        let minimal = invariant.last().cloned();
        // det(tI − A) is replayed by interpolation at n + 1 points, which F_p has only when p > n.
        let interpolable = !matches!(ring, Ring::Prime(p) if p as usize <= n);
        let mut statements = vec![];
        if interpolable {
            statements.push(json!({"characteristic_polynomial": {"matrix": lit(&a), "coefficients": texts(&chi)}}));
        }
        let (mut form, mut transform) = (None, None);
        if split {
            let mut columns: Vec<Vec<Scalar>> = vec![];
            let mut blocks: Vec<(Scalar, usize)> = vec![];
            for (q, _, sizes, _) in &divisors {
                let lambda = f.neg(&q[0]);
                let nil = sub(&a, &exact::map(&exact::identity(&ring, n), |x| f.mul(x, &lambda)));
                for chain in chains(&nil, sizes, ctx)? {
                    blocks.push((lambda.clone(), chain.len()));
                    columns.extend(chain);
                }
            }
            let pm = from_columns(&ring, n, &columns);
            let red = exact::reduce(&pm, true, ctx)?;
            if red.pivots.len() != n {
                return Err(AdapterError::Backend("the Jordan basis is not a basis".into()));
            }
            let mut j = Dense { ring: ring.clone(), rows: n, cols: n, data: vec![vec![Scalar::int(0); n]; n] };
            let mut at = 0;
            for (lambda, k) in blocks {
                for t in 0..k {
                    j.data[at + t][at + t] = lambda.clone();
                    if t + 1 < k {
                        j.data[at + t][at + t + 1] = Scalar::int(1);
                    }
                }
                at += k;
            }
            statements.push(json!({"jordan": {
                "matrix": lit(&a), "form": lit(&j), "transform": lit(&pm), "inverse": lit(&red.transform)
            }}));
            form = Some(j.to_matrix());
            transform = Some(pm.to_matrix());
        }
        let known = split || ctx.mode != Mode::Verify;
        let out = JordanOutput {
            characteristic_polynomial: texts(&chi),
            split,
            diagonalizable: known.then(|| split && divisors.iter().all(|d| d.2.iter().all(|&k| k == 1))),
            elementary_divisors: known.then(|| {
                divisors
                    .iter()
                    .map(|(q, m, sizes, e)| ElementaryDivisors {
                        factor: texts(q),
                        multiplicity: *m,
                        block_sizes: sizes.clone(),
                        eigenvalue: e.as_ref().map(Scalar::to_string),
                    })
                    .collect()
            }),
            invariant_factors: known.then(|| invariant.iter().map(|c| texts(c)).collect()),
            minimal_polynomial: if known { minimal.map(|c| texts(&c)) } else { None },
            jordan_form: form,
            transform,
        };
        if statements.is_empty() {
            return Ok(Answer::from(out));
        }
        Ok(Answer::from(out).claim(claim(&ring, statements)))
    }
}
