//! Invariants of one matrix on PARI/GP: determinant, rank and nullity, trace, characteristic
//! and minimal polynomials (one capability, properties selectable), the inverse, the adjugate,
//! and eigenvalues or singular values as exact algebraic numbers.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::matrix::{Dense, Matrix, Ring, Scalar};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{Lines, claim, gp, lit, program, read, square, texts};
use crate::cas::{self, Answer, Query};

/// Most rows or columns.
pub const MAX_DIMENSION: usize = 200;
/// Most rows of a matrix whose polynomials are asked.
pub const MAX_POLYNOMIAL_DIMENSION: usize = 60;
/// Most digits of an entry.
pub const MAX_DIGITS: usize = 1_000;

/// A property of `matrix.compute.invariants`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Property {
    /// det A (square).
    Determinant,
    /// The rank.
    Rank,
    /// The number of columns minus the rank (dimension of the right kernel).
    Nullity,
    /// The sum of the diagonal (square).
    Trace,
    /// det(tI − A), coefficients from the constant term up (square).
    CharacteristicPolynomial,
    /// The monic least-degree polynomial m with m(A) = 0 (square).
    MinimalPolynomial,
    /// Σ over permutations σ of Π a_{i,σ(i)} (square, at most 16 × 16; asked for explicitly).
    Permanent,
}

/// Input of `matrix.compute.invariants`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InvariantsInput {
    /// The matrix.
    pub matrix: Matrix,
    /// The properties (default: all that apply; the square-only ones are skipped for a
    /// rectangular matrix unless asked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub properties: Option<Vec<Property>>,
}

/// Output of `matrix.compute.invariants`.
#[derive(Debug, Default, Serialize, JsonSchema)]
pub struct InvariantsOutput {
    /// det A.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub determinant: Option<String>,
    /// The rank.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rank: Option<usize>,
    /// The nullity.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nullity: Option<usize>,
    /// The trace.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace: Option<String>,
    /// Coefficients of det(tI − A), constant term first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub characteristic_polynomial: Option<Vec<String>>,
    /// Coefficients of the minimal polynomial, constant term first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimal_polynomial: Option<Vec<String>>,
    /// The permanent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub permanent: Option<String>,
}

/// `matrix.compute.invariants`.
pub struct Invariants;

fn properties(i: &InvariantsInput, d: &Dense) -> Vec<Property> {
    use Property::*;
    let mut ps = i.properties.clone().unwrap_or_else(|| {
        if d.is_square() {
            vec![Determinant, Rank, Nullity, Trace, CharacteristicPolynomial, MinimalPolynomial]
        } else {
            vec![Rank, Nullity]
        }
    });
    if ps.contains(&Nullity) {
        ps.push(Rank);
    }
    ps.sort();
    ps.dedup();
    ps
}

impl Query for Invariants {
    type Input = InvariantsInput;
    type Output = InvariantsOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "matrix.compute.invariants",
                "Determinant, rank, trace and polynomials of a matrix",
                "The determinant, rank, nullity, trace, characteristic polynomial, minimal polynomial and permanent of an \
                 exact matrix over Z, Q or F_p (selectable).",
                "Computes with PARI/GP (matdet, matindexrank, matker, charpoly, minpoly) up to 200 × 200 (60 × 60 for \
                 the polynomials), entries up to 1,000 digits. VERIFY: the determinant recomputed from modular images \
                 and CRT; the rank by a non-zero r × r minor and n − r independent kernel vectors; the characteristic \
                 polynomial by det(tI − A) at n + 1 points; the minimal polynomial by m(A) = 0 and the independence \
                 of I, A, …, A^(d−1); the permanent by Ryser's formula (up to 16 × 16).",
                &[
                    "matrix",
                    "determinant",
                    "det",
                    "rank",
                    "nullity",
                    "trace",
                    "characteristic-polynomial",
                    "charpoly",
                    "minimal-polynomial",
                    "invariants",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("invariants of [[2, 1], [1, 3]]", Mode::Verify, json!({"matrix": {"rows": [[2, 1], [1, 3]]}}))]
    }
    fn validate(&self, i: &InvariantsInput) -> Result<(), Diagnostic> {
        let d = read(&i.matrix, "/matrix")?;
        super::non_empty(&d, "/matrix")?;
        if properties(i, &d).iter().any(|p| !matches!(p, Property::Rank | Property::Nullity)) {
            square(&d, "/matrix")?;
        }
        Ok(())
    }
    fn bounds(&self, i: &InvariantsInput) -> Result<(), Refusal> {
        super::bound(&i.matrix, MAX_DIMENSION, MAX_DIGITS, "/matrix")?;
        let d = read(&i.matrix, "/matrix").map_err(Refusal::Unsupported)?;
        let polys = properties(i, &d)
            .iter()
            .any(|p| matches!(p, Property::CharacteristicPolynomial | Property::MinimalPolynomial));
        if polys {
            super::bound(&i.matrix, MAX_POLYNOMIAL_DIMENSION, MAX_DIGITS, "/matrix")?;
        }
        if properties(i, &d).contains(&Property::Permanent) {
            super::bound(&i.matrix, 16, MAX_DIGITS, "/matrix")?;
        }
        Ok(())
    }
    fn answer(&self, i: &InvariantsInput, ctx: &AdapterContext) -> Result<Answer<InvariantsOutput>, AdapterError> {
        let a = read(&i.matrix, "/matrix").map_err(|d| AdapterError::Backend(d.message))?;
        let ps = properties(i, &a);
        let mut p = gp(program().code("my(A="), &a).code(",n=matsize(A)[2]);");
        for prop in &ps {
            p = p.code(match prop {
                Property::Determinant => "print(lift(matdet(A)));",
                Property::Rank => "my(r=matindexrank(A),K=matker(A));print(Vec(r[1]));print(Vec(r[2]));pm(K);print(Vec(matindexrank(K)[1]));",
                Property::Nullity => "",
                Property::Trace => "print(lift(trace(A)));",
                Property::CharacteristicPolynomial => "print(lift(Vecrev(charpoly(A))));",
                Property::Permanent => "print(lift(matpermanent(A)));",
                Property::MinimalPolynomial => {
                    "my(mp=minpoly(A),d=poldegree(mp),pw=vector(d),B=A^0);for(k=1,d,pw[k]=B;B*=A);\
                     print(lift(Vecrev(mp)));print(Vec(matindexrank(matrix(d,n^2,k,l,pw[k][(l-1)\\n+1,(l-1)%n+1]))[2]));"
                }
            });
        }
        let reply = ctx.backend(&p)?;
        let mut lines = Lines::of(&reply);
        let mut out = InvariantsOutput::default();
        let mut statements = vec![];
        let ring = &a.ring;
        for prop in &ps {
            match prop {
                Property::Determinant => {
                    let d = super::to_scalar(&lines.value()?, ring)?;
                    statements.push(json!({"determinant": {"matrix": lit(&a), "value": d.to_string()}}));
                    out.determinant = Some(d.to_string());
                }
                Property::Rank => {
                    let (rows, cols) = (lines.indices()?, lines.indices()?);
                    let kernel = lines.matrix_of(ring, a.cols)?;
                    let basis_rows = lines.indices()?;
                    statements.push(json!({"rank": {
                        "matrix": lit(&a), "basis": lit(&kernel), "minor": {"rows": rows, "cols": cols},
                        "basis_rows": basis_rows, "rank": rows.len()
                    }}));
                    out.rank = Some(rows.len());
                    out.nullity = ps.contains(&Property::Nullity).then_some(a.cols - rows.len());
                }
                Property::Nullity => {}
                Property::Trace => {
                    let t = super::to_scalar(&lines.value()?, ring)?;
                    statements.push(json!({"trace": {"matrix": lit(&a), "value": t.to_string()}}));
                    out.trace = Some(t.to_string());
                }
                Property::CharacteristicPolynomial => {
                    let c = texts(&lines.scalars(ring)?);
                    statements.push(json!({"characteristic_polynomial": {"matrix": lit(&a), "coefficients": c}}));
                    out.characteristic_polynomial = Some(c);
                }
                Property::Permanent => {
                    let v = super::to_scalar(&lines.value()?, ring)?;
                    statements.push(json!({"permanent": {"matrix": lit(&a), "value": v.to_string()}}));
                    out.permanent = Some(v.to_string());
                }
                Property::MinimalPolynomial => {
                    let c = texts(&lines.scalars(ring)?);
                    let positions = lines.indices()?;
                    statements.push(
                        json!({"minimal_polynomial": {"matrix": lit(&a), "coefficients": c, "positions": positions}}),
                    );
                    out.minimal_polynomial = Some(c);
                }
            }
        }
        Ok(Answer::from(out).claim(claim(ring, statements)))
    }
}

/// One square matrix.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SquareInput {
    /// A square matrix.
    pub matrix: Matrix,
}

/// Output of `matrix.compute.inverse`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct InverseOutput {
    /// A⁻¹ (over Q for an integer matrix that is not unimodular).
    pub inverse: Matrix,
}

/// `matrix.compute.inverse`.
pub struct Inverse;

fn square_input(i: &SquareInput) -> Result<Dense, Diagnostic> {
    let d = read(&i.matrix, "/matrix")?;
    square(&d, "/matrix")?;
    Ok(d)
}

impl Query for Inverse {
    type Input = SquareInput;
    type Output = InverseOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "matrix.compute.inverse",
                "Inverse of a matrix",
                "The exact inverse of a nonsingular square matrix over Z, Q or F_p (a singular one fails with SINGULAR).",
                "Inverts with PARI/GP (up to 200 × 200, entries up to 1,000 digits); an integer matrix's inverse is \
                 over Q unless it is unimodular. VERIFY replays A·B = B·A = I.",
                &["matrix", "inverse", "invert", "inversion", "nonsingular", "reciprocal"],
            ),
            &[super::EVIDENCE],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("inverse of [[2, 1], [5, 3]]", Mode::Verify, json!({"matrix": {"rows": [[2, 1], [5, 3]]}}))]
    }
    fn validate(&self, i: &SquareInput) -> Result<(), Diagnostic> {
        square_input(i).map(drop)
    }
    fn bounds(&self, i: &SquareInput) -> Result<(), Refusal> {
        super::bound(&i.matrix, MAX_DIMENSION, MAX_DIGITS, "/matrix")
    }
    fn answer(&self, i: &SquareInput, ctx: &AdapterContext) -> Result<Answer<InverseOutput>, AdapterError> {
        let a = square_input(i).map_err(|d| AdapterError::Backend(d.message))?;
        let p = gp(program().code("my(A="), &a).code(");if(matdet(A)==0,print(0),print(1);pm(A^-1))");
        let reply = ctx.backend(&p)?;
        let mut lines = Lines::of(&reply);
        if lines.natural()? == 0 {
            return Err(AdapterError::Backend(
                "SINGULAR: the matrix is singular (its determinant is 0), so it has no inverse".into(),
            ));
        }
        let field = if a.ring == Ring::Integer { Ring::Rational } else { a.ring.clone() };
        let mut b = lines.matrix(&field)?;
        let a_field = Dense { ring: field.clone(), ..a };
        let statement = json!({"inverse": {"matrix": lit(&a_field), "inverse": lit(&b)}});
        if b.data.iter().flatten().all(Scalar::is_integer) && a_field.ring == Ring::Rational {
            b.ring = Ring::Integer;
        }
        Ok(Answer::from(InverseOutput { inverse: b.to_matrix() }).claim(claim(&field, vec![statement])))
    }
}

/// Output of `matrix.compute.adjugate`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct AdjugateOutput {
    /// adj(A), the transpose of the cofactor matrix: A·adj(A) = det(A)·I.
    pub adjugate: Matrix,
}

/// `matrix.compute.adjugate`.
pub struct Adjugate;

impl Query for Adjugate {
    type Input = SquareInput;
    type Output = AdjugateOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "matrix.compute.adjugate",
                "Adjugate (classical adjoint) of a matrix",
                "The adjugate adj(A), the transpose of the cofactor matrix, of a square matrix over Z, Q or F_p, \
                 singular or not.",
                "Computes with PARI/GP (matadjoint) up to 200 × 200. VERIFY replays A·adj(A) = adj(A)·A = det(A)·I, \
                 and recomputes every cofactor when A is singular (up to 12 × 12).",
                &["matrix", "adjugate", "adjoint", "cofactor", "classical-adjoint"],
            ),
            &[super::EVIDENCE],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("adjugate of [[1, 2], [3, 4]]", Mode::Verify, json!({"matrix": {"rows": [[1, 2], [3, 4]]}}))]
    }
    fn validate(&self, i: &SquareInput) -> Result<(), Diagnostic> {
        square_input(i).map(drop)
    }
    fn bounds(&self, i: &SquareInput) -> Result<(), Refusal> {
        super::bound(&i.matrix, MAX_DIMENSION, MAX_DIGITS, "/matrix")
    }
    fn answer(&self, i: &SquareInput, ctx: &AdapterContext) -> Result<Answer<AdjugateOutput>, AdapterError> {
        let a = square_input(i).map_err(|d| AdapterError::Backend(d.message))?;
        let reply = ctx.backend(&gp(program().code("pm(matadjoint("), &a).code("))"))?;
        let b = Lines::of(&reply).matrix(&a.ring)?;
        let statement = json!({"adjugate": {"matrix": lit(&a), "adjugate": lit(&b)}});
        Ok(Answer::from(AdjugateOutput { adjugate: b.to_matrix() }).claim(claim(&a.ring, vec![statement])))
    }
}

/// One irreducible factor of the characteristic polynomial: a class of conjugate eigenvalues.
#[derive(Debug, Serialize, JsonSchema)]
pub struct EigenvalueClass {
    /// The minimal polynomial over Q of each eigenvalue of the class, monic, constant term first.
    pub minimal_polynomial: Vec<String>,
    /// Its degree (the number of conjugate eigenvalues in the class).
    pub degree: usize,
    /// The algebraic multiplicity of each eigenvalue of the class.
    pub multiplicity: usize,
    /// The real eigenvalues of the class (for singular values, its nonnegative roots: the singular
    /// values), increasing, each by an interval [a, b] with rational endpoints containing exactly
    /// that root of the minimal polynomial (exact when a = b).
    pub real: Vec<[String; 2]>,
    /// The non-real eigenvalues, as 15-digit approximations "re im".
    pub complex_approximations: Vec<String>,
    /// For a rational eigenvalue λ: a basis of its eigenspace ker(A − λI) (its length is the
    /// geometric multiplicity).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eigenvectors: Option<Vec<Vec<String>>>,
}

/// Which spectrum `matrix.compute.eigenvalues` gives.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Spectrum {
    /// The eigenvalues of a square matrix (all real when it is symmetric).
    #[default]
    Eigenvalues,
    /// The singular values σ ≥ 0 of any matrix, min(rows, cols) of them with multiplicity: the
    /// square roots of the eigenvalues of AᵀA or AAᵀ (the smaller).
    SingularValues,
}

/// Input of `matrix.compute.eigenvalues`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EigenvaluesInput {
    /// The matrix, over Z or Q (square for eigenvalues).
    pub matrix: Matrix,
    /// `eigenvalues` (default) or `singular_values`.
    #[serde(default)]
    pub spectrum: Spectrum,
}

/// Output of `matrix.compute.eigenvalues`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct EigenvaluesOutput {
    /// The eigenvalues (or singular values), grouped by minimal polynomial.
    pub classes: Vec<EigenvalueClass>,
}

/// `matrix.compute.eigenvalues`.
pub struct Eigenvalues;

fn eigen_input(i: &EigenvaluesInput) -> Result<Dense, Diagnostic> {
    let d = read(&i.matrix, "/matrix")?;
    if i.spectrum == Spectrum::Eigenvalues {
        square(&d, "/matrix")?;
    }
    if let Ring::Prime(_) = d.ring {
        return Err(Diagnostic::at("/matrix/ring", "WRONG_RING", "eigenvalues of a matrix over Z or Q"));
    }
    Ok(d)
}

/// Prints the interval [a, b] (rational, width 2^-k) isolating the j-th real root r[j] of f.
const ISOLATE: &str = "my(k=8,a,b);if(poldegree(f)==1,a=-polcoef(f,0)/polcoef(f,1);b=a,\
    while(1,a=floor(r[j]*2^k)/2^k;b=a+1/2^k;if(subst(f,x,a)!=0&&subst(f,x,b)!=0&&polsturm(f,[a,b])==1,break);k+=8));\
    print([a,b])";

impl Query for Eigenvalues {
    type Input = EigenvaluesInput;
    type Output = EigenvaluesOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "matrix.compute.eigenvalues",
            "Eigenvalues or singular values of a matrix, exactly",
            "Eigenvalues of a square rational matrix, or singular values of any, exactly: roots of irreducible \
             minimal polynomials over Q with multiplicities, isolating intervals, rational eigenvectors.",
            "Factors the characteristic polynomial over Q with PARI/GP; real roots are isolated by rational \
             intervals of width 2^-k checked by Sturm sequences (polsturm); non-real ones are approximated. \
             Singular values: the nonnegative roots of charpoly(AᵀA)(x²), factored over Q. Up to 60 × 60.",
            &[
                "matrix",
                "eigenvalues",
                "eigenvalue",
                "spectrum",
                "singular-values",
                "symmetric",
                "algebraic-number",
                "isolating-interval",
                "roots",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("eigenvalues of [[2, 1], [1, 2]]", Mode::Explore, json!({"matrix": {"rows": [[2, 1], [1, 2]]}})),
            (
                "singular values of a 2 × 3 matrix",
                Mode::Explore,
                json!({"matrix": {"rows": [[1, 0, 1], [0, 1, 1]]}, "spectrum": "singular_values"}),
            ),
        ]
    }
    fn validate(&self, i: &EigenvaluesInput) -> Result<(), Diagnostic> {
        eigen_input(i).map(|_| ())
    }
    fn bounds(&self, i: &EigenvaluesInput) -> Result<(), Refusal> {
        super::bound(&i.matrix, MAX_POLYNOMIAL_DIMENSION, 100, "/matrix")
    }
    fn answer(&self, i: &EigenvaluesInput, ctx: &AdapterContext) -> Result<Answer<EigenvaluesOutput>, AdapterError> {
        let a = eigen_input(i).map_err(|d| AdapterError::Backend(d.message))?;
        let singular = i.spectrum == Spectrum::SingularValues;
        let p = gp(program().code("my(A="), &a);
        let p = if singular {
            // charpoly of the smaller Gram matrix at x²: its roots are ±σ; σ = 0 comes from the
            // factor x, whose multiplicity there is twice that of σ = 0.
            p.code(
                ",s=matsize(A),F=factor(subst(charpoly(if(s[1]>=s[2],A~*A,A*A~)),x,x^2)));print(#F~);\
                 for(i=1,#F~,my(f=F[i,1],r=select(t->t>=0,polrootsreal(f)));print(Vecrev(f));\
                 print(if(f==x,F[i,2]/2,F[i,2]));print(#r);for(j=1,#r,",
            )
            .code(ISOLATE)
            .code("))")
        } else {
            p.code(
                ",F=factor(charpoly(A)));print(#F~);for(i=1,#F~,my(f=F[i,1],r=polrootsreal(f),\
                 z=vecsort(polroots(f),w->-abs(imag(w))));print(Vecrev(f));print(F[i,2]);print(#r);for(j=1,#r,",
            )
            .code(ISOLATE)
            .code(
                ");for(j=1,poldegree(f)-#r,print(strprintf(\"%.15g %.15g\",real(z[j]),imag(z[j]))));\
                 if(poldegree(f)==1,pm(matker(A+polcoef(f,0)*matid(#A)))))",
            )
        };
        let reply = ctx.backend(&p)?;
        let mut lines = Lines::of(&reply);
        let count = lines.natural()?;
        let mut classes = vec![];
        let mut values = 0;
        for _ in 0..count {
            let f = lines.scalars(&Ring::Rational)?;
            let multiplicity = lines.natural()?;
            let reals = lines.natural()?;
            let mut real = vec![];
            for _ in 0..reals {
                let ab = lines.scalars(&Ring::Rational)?;
                let [lo, hi] = &ab[..] else { return Err(AdapterError::Backend("a malformed interval".into())) };
                real.push([lo.to_string(), hi.to_string()]);
            }
            let degree = f.len() - 1;
            // Singular values: only the nonnegative roots; a factor without one carries none.
            let (complex_approximations, eigenvectors) = if singular {
                if reals == 0 {
                    continue;
                }
                values += reals * multiplicity;
                (vec![], None)
            } else {
                let complex = (0..degree - reals).map(|_| lines.line().map(str::to_owned)).collect::<Result<_, _>>()?;
                let vectors = if degree == 1 {
                    let k = lines.matrix(&Ring::Rational)?;
                    Some((0..k.cols).map(|j| k.data.iter().map(|r| r[j].to_string()).collect()).collect())
                } else {
                    None
                };
                (complex, vectors)
            };
            classes.push(EigenvalueClass {
                minimal_polynomial: texts(&f),
                degree,
                multiplicity,
                real,
                complex_approximations,
                eigenvectors,
            });
        }
        if singular && values != a.rows.min(a.cols) {
            return Err(AdapterError::Backend(format!(
                "{values} singular values were isolated where {} were due",
                a.rows.min(a.cols)
            )));
        }
        Ok(Answer::from(EigenvaluesOutput { classes }))
    }
}
