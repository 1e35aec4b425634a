//! Similarity over Q or F_p: the rational canonical (Frobenius) form with its transform and invariant
//! factors, and whether two matrices are similar, on PARI/GP's matfrobenius; both certified by
//! the uniqueness of the form.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::matrix::{Dense, Matrix, Ring, Scalar};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{Lines, claim, gp, lit, program, read, square, texts};
use crate::cas::{self, Answer, Query};

/// Most rows.
pub const MAX_DIMENSION: usize = 40;
/// Most digits of an entry.
pub const MAX_DIGITS: usize = 100;

/// A rational canonical form from PARI/GP: F = B·A·B⁻¹.
struct Frobenius {
    form: Dense,
    transform: Dense,
    inverse: Dense,
    factors: Vec<Vec<Scalar>>,
}

/// An integer matrix read over Q; F_p and Q unchanged.
fn over_q(a: &Dense) -> Dense {
    if a.ring == Ring::Integer { Dense { ring: Ring::Rational, ..a.clone() } } else { a.clone() }
}

fn frobenius(a: &Dense, ctx: &AdapterContext) -> Result<Frobenius, AdapterError> {
    let p = gp(program().code("my(A="), a).code(
        ",r=matfrobenius(A,2),f=matfrobenius(A,1));pm(r[1]);pm(r[2]);pm(r[2]^-1);print(#f);for(i=1,#f,print(lift(Vecrev(f[i]))))",
    );
    let reply = ctx.backend(&p)?;
    let mut lines = Lines::of(&reply);
    let q = over_q(a).ring;
    let (form, transform, inverse) = (lines.matrix(&q)?, lines.matrix(&q)?, lines.matrix(&q)?);
    let k = lines.natural()?;
    let factors = (0..k).map(|_| lines.scalars(&q)).collect::<Result<_, _>>()?;
    Ok(Frobenius { form, transform, inverse, factors })
}

fn statement(a: &Dense, f: &Frobenius) -> Value {
    json!({"frobenius": {
        "matrix": lit(&over_q(a)), "form": lit(&f.form), "transform": lit(&f.transform), "inverse": lit(&f.inverse),
        "factors": f.factors.iter().map(|c| texts(c)).collect::<Vec<_>>()
    }})
}

fn rational_square(m: &Matrix, at: &str) -> Result<Dense, Diagnostic> {
    let a = read(m, at)?;
    square(&a, at)?;
    Ok(a)
}

/// One square matrix over Z, Q or F_p.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FormInput {
    /// A square matrix over Z, Q or F_p.
    pub matrix: Matrix,
}

/// Output of `matrix.compute.rational_canonical_form`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FormOutput {
    /// F: the companion matrices of the invariant factors on the diagonal.
    pub form: Matrix,
    /// B, invertible, with F = B·A·B⁻¹.
    pub transform: Matrix,
    /// The invariant factors f_1, f_2, … (monic, constant term first), f_{i+1} | f_i; f_1 is the
    /// minimal polynomial and their product the characteristic polynomial.
    pub invariant_factors: Vec<Vec<String>>,
}

/// `matrix.compute.rational_canonical_form`.
pub struct RationalCanonicalForm;

impl Query for RationalCanonicalForm {
    type Input = FormInput;
    type Output = FormOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "matrix.compute.rational_canonical_form",
                "Rational canonical (Frobenius) form of a matrix",
                "The rational canonical form (Frobenius normal form) of a square matrix over Q or F_p: the companion \
                 matrices of its invariant factors, with the similarity transform.",
                "Computes with PARI/GP (matfrobenius) up to 40 × 40. VERIFY replays F = B·A·B⁻¹, the companion-block \
                 shape and the divisibility of the invariant factors, which make F unique.",
                &[
                    "matrix",
                    "rational-canonical-form",
                    "frobenius",
                    "invariant-factors",
                    "similarity",
                    "companion-matrix",
                    "normal-form",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "Frobenius form of [[2, 1, 0], [0, 2, 0], [0, 0, 2]]",
            Mode::Verify,
            json!({"matrix": {"rows": [[2, 1, 0], [0, 2, 0], [0, 0, 2]]}}),
        )]
    }
    fn validate(&self, i: &FormInput) -> Result<(), Diagnostic> {
        rational_square(&i.matrix, "/matrix").map(drop)
    }
    fn bounds(&self, i: &FormInput) -> Result<(), Refusal> {
        super::bound(&i.matrix, MAX_DIMENSION, MAX_DIGITS, "/matrix")
    }
    fn answer(&self, i: &FormInput, ctx: &AdapterContext) -> Result<Answer<FormOutput>, AdapterError> {
        let a = rational_square(&i.matrix, "/matrix").map_err(|d| AdapterError::Backend(d.message))?;
        let f = frobenius(&a, ctx)?;
        let s = statement(&a, &f);
        let out = FormOutput {
            form: f.form.to_matrix(),
            transform: f.transform.to_matrix(),
            invariant_factors: f.factors.iter().map(|c| texts(c)).collect(),
        };
        Ok(Answer::from(out).claim(claim(&over_q(&a).ring, vec![s])))
    }
}

/// Two square matrices.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PairInput {
    /// A, over Z, Q or F_p.
    pub a: Matrix,
    /// B, of A's size.
    pub b: Matrix,
}

/// Output of `matrix.decide.similar`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SimilarOutput {
    /// Whether P⁻¹·A·P = B for an invertible rational P.
    pub similar: bool,
    /// Such a P, when similar.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transform: Option<Matrix>,
    /// The invariant factors of A and of B.
    pub invariant_factors: [Vec<Vec<String>>; 2],
}

/// `matrix.decide.similar`.
pub struct Similar;

impl Query for Similar {
    type Input = PairInput;
    type Output = SimilarOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "matrix.decide.similar",
                "Are two matrices similar?",
                "Decides whether two square matrices over Q or F_p are similar (conjugate, P⁻¹AP = B) by comparing their \
                 rational canonical forms, with a transform P when they are.",
                "Computes both Frobenius forms with PARI/GP (up to 40 × 40). VERIFY replays each form's certificate \
                 (which makes it unique), so equal forms prove similarity and different ones prove the contrary.",
                &["matrix", "similar", "similarity", "conjugate", "rational-canonical-form", "frobenius", "decide"],
            ),
            &[super::EVIDENCE],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "are [[1, 1], [0, 1]] and [[1, 0], [1, 1]] similar?",
            Mode::Verify,
            json!({"a": {"rows": [[1, 1], [0, 1]]}, "b": {"rows": [[1, 0], [1, 1]]}}),
        )]
    }
    fn validate(&self, i: &PairInput) -> Result<(), Diagnostic> {
        let a = rational_square(&i.a, "/a")?;
        let b = rational_square(&i.b, "/b")?;
        if a.rows != b.rows {
            return Err(Diagnostic::at("/b", "NOT_CONFORMABLE", "B has A's size"));
        }
        if over_q(&a).ring != over_q(&b).ring {
            return Err(Diagnostic::at("/b/ring", "MIXED_RINGS", "B is over A's field"));
        }
        Ok(())
    }
    fn bounds(&self, i: &PairInput) -> Result<(), Refusal> {
        super::bound(&i.a, MAX_DIMENSION, MAX_DIGITS, "/a")?;
        super::bound(&i.b, MAX_DIMENSION, MAX_DIGITS, "/b")
    }
    fn answer(&self, i: &PairInput, ctx: &AdapterContext) -> Result<Answer<SimilarOutput>, AdapterError> {
        let fail = |d: Diagnostic| AdapterError::Backend(d.message);
        let (a, b) = (rational_square(&i.a, "/a").map_err(fail)?, rational_square(&i.b, "/b").map_err(fail)?);
        let (fa, fb) = (frobenius(&a, ctx)?, frobenius(&b, ctx)?);
        let similar = fa.form == fb.form;
        let mut statements = vec![statement(&a, &fa), statement(&b, &fb)];
        let transform = similar.then(|| {
            // F = M_A·A·M_A⁻¹ = M_B·B·M_B⁻¹, so B = P⁻¹·A·P with P = M_A⁻¹·M_B.
            let p = super::exact::product(&fa.inverse, &fb.transform);
            let pinv = super::exact::product(&fb.inverse, &fa.transform);
            statements.push(json!({"inverse": {"matrix": lit(&p), "inverse": lit(&pinv)}}));
            statements.push(json!({"equal": [{"product": [lit(&pinv), lit(&over_q(&a)), lit(&p)]}, lit(&over_q(&b))]}));
            p.to_matrix()
        });
        let out = SimilarOutput {
            similar,
            transform,
            invariant_factors: [
                fa.factors.iter().map(|c| texts(c)).collect(),
                fb.factors.iter().map(|c| texts(c)).collect(),
            ],
        };
        Ok(Answer::from(out).claim(claim(&over_q(&a).ring, statements)))
    }
}
