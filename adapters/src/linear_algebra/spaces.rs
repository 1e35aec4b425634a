//! Kernels, images, echelon forms and linear systems: over a field (Q, or F_p) by native row
//! reduction with both transforms; over Z as lattices, from PARI/GP's Hermite normal form with
//! its unimodular transform and its Smith form.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::matrix::{Dense, Entry, Matrix, Ring, Scalar};
use jacobian_runtime::typed::Describe;
use num_traits::Zero;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::exact::{self, Field, Reduction};
use super::{Lines, claim, gp, lit, program, read};
use crate::cas::{self, Answer, Query};

/// Most rows or columns.
pub const MAX_DIMENSION: usize = 120;
/// Most digits of an entry.
pub const MAX_DIGITS: usize = 200;

fn columns(d: &Dense) -> Vec<Vec<String>> {
    (0..d.cols).map(|j| d.data.iter().map(|r| r[j].to_string()).collect()).collect()
}

fn fail(d: Diagnostic) -> AdapterError {
    AdapterError::Backend(d.message)
}

/// A Hermite normal form over Z from PARI/GP: A·U = [0 | H].
pub struct Hnf {
    /// H, one column per lattice basis vector.
    pub form: Dense,
    /// U, unimodular.
    pub transform: Dense,
}

/// PARI/GP's `mathnf(A, 1)`.
pub fn hnf(a: &Dense, ctx: &AdapterContext) -> Result<Hnf, AdapterError> {
    let reply = ctx.backend(&gp(program().code("my(r=mathnf("), a).code(",1));pm(r[1]);pm(r[2])"))?;
    let mut lines = Lines::of(&reply);
    let (form, transform) = (lines.matrix(&Ring::Integer)?, lines.matrix(&Ring::Integer)?);
    // PARI drops H's zero columns; with no column left it prints [;] as 0 × 0.
    let form = if form.cols == 0 { Dense { rows: a.rows, data: vec![vec![]; a.rows], ..form } } else { form };
    Ok(Hnf { form, transform })
}

/// The statement of a Hermite form.
pub fn hermite_statement(a: &Dense, h: &Hnf) -> Value {
    json!({"hermite": {"matrix": lit(a), "form": lit(&h.form), "transform": lit(&h.transform)}})
}

/// The first `k` columns of U (a Z-basis of ker A) and the statement binding them to U.
pub(crate) fn kernel_columns(h: &Hnf) -> (Dense, Value) {
    let n = h.transform.rows;
    let k = n - h.form.cols;
    let pick = Dense {
        ring: Ring::Integer,
        rows: n,
        cols: k,
        data: (0..n).map(|i| (0..k).map(|j| Scalar::int(u8::from(i == j))).collect()).collect(),
    };
    let basis = exact::product(&h.transform, &pick);
    let statement = json!({"equal": [{"product": [lit(&h.transform), lit(&pick)]}, lit(&basis)]});
    (basis, statement)
}

/// Indices of independent rows and columns (a non-zero minor) and the field's reduction of A.
pub(crate) fn field_kernel(a: &Dense, ctx: &AdapterContext) -> Result<(Dense, Value, Reduction), AdapterError> {
    let red = exact::reduce(a, true, ctx)?;
    let rows = exact::reduce(&exact::transpose(a), true, ctx)?.pivots;
    let (basis, free) = exact::kernel_from(&red);
    let a_field = Dense { ring: red.form.ring.clone(), ..a.clone() };
    let statement = json!({"kernel": {
        "matrix": lit(&a_field), "basis": lit(&basis), "minor": {"rows": rows, "cols": red.pivots}, "basis_rows": free
    }});
    Ok((basis, statement, red))
}

/// Which side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// Vectors x with A·x = 0 (columns; the column space for `image`).
    #[default]
    Right,
    /// Vectors y with y·A = 0 (rows; the row space for `image`).
    Left,
}

/// Input of `matrix.compute.kernel` and `matrix.compute.image`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpaceInput {
    /// The matrix.
    pub matrix: Matrix,
    /// Right (A·x = 0; column space) or left (y·A = 0; row space).
    #[serde(default)]
    pub side: Side,
}

/// Output of `matrix.compute.kernel` and `matrix.compute.image`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SpaceOutput {
    /// The basis vectors (over Z: a basis of the lattice; over a field: of the space).
    pub basis: Vec<Vec<String>>,
    /// The dimension (the lattice's rank over Z).
    pub dimension: usize,
    /// The ring of the basis vectors.
    pub ring: String,
}

fn oriented(i: &SpaceInput) -> Result<Dense, Diagnostic> {
    let a = read(&i.matrix, "/matrix")?;
    super::non_empty(&a, "/matrix")?;
    Ok(if i.side == Side::Left { exact::transpose(&a) } else { a })
}

fn bounds(m: &Matrix) -> Result<(), Refusal> {
    super::bound(m, MAX_DIMENSION, MAX_DIGITS, "/matrix")
}

/// `matrix.compute.kernel`.
pub struct Kernel;

impl Query for Kernel {
    type Input = SpaceInput;
    type Output = SpaceOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "matrix.compute.kernel",
                "Kernel (null space) of a matrix",
                "A basis of the null space {x : A·x = 0} (or the left kernel {y : y·A = 0}) of a matrix: over Q or F_p \
                 a basis of the space, over Z a basis of the lattice of integer solutions.",
                "Over a field by row reduction (native); over Z from the unimodular transform of PARI/GP's Hermite \
                 normal form. Up to 120 × 120, entries up to 200 digits. VERIFY: A·N = 0, N independent and rank(A) \
                 = n − dim by a non-zero minor; over Z, A·U = [0 | H] with det U = ±1.",
                &["matrix", "kernel", "null-space", "nullspace", "homogeneous", "integer-kernel", "left-kernel"],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        cas::provider(jacobian_runtime::backend::BackendKind::Pari)
    }
    fn backend(&self) -> Option<jacobian_runtime::backend::BackendKind> {
        Some(jacobian_runtime::backend::BackendKind::Pari)
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "null space of [[1, 2, 3], [4, 5, 6]]",
            Mode::Verify,
            json!({"matrix": {"rows": [[1, 2, 3], [4, 5, 6]]}}),
        )]
    }
    fn validate(&self, i: &SpaceInput) -> Result<(), Diagnostic> {
        oriented(i).map(drop)
    }
    fn bounds(&self, i: &SpaceInput) -> Result<(), Refusal> {
        bounds(&i.matrix)
    }
    fn answer(&self, i: &SpaceInput, ctx: &AdapterContext) -> Result<Answer<SpaceOutput>, AdapterError> {
        let a = oriented(i).map_err(fail)?;
        let (basis, statements) = if a.ring == Ring::Integer {
            let h = hnf(&a, ctx)?;
            let (basis, pick) = kernel_columns(&h);
            (basis, vec![hermite_statement(&a, &h), pick])
        } else {
            let (basis, statement, _) = field_kernel(&a, ctx)?;
            (basis, vec![statement])
        };
        let ring = basis.ring.clone();
        let out = SpaceOutput { basis: columns(&basis), dimension: basis.cols, ring: ring.to_string() };
        let claim_ring = if statements.len() == 2 { Ring::Integer } else { ring };
        Ok(Answer::from(out).claim(claim(&claim_ring, statements)))
    }
}

/// `matrix.compute.image`.
pub struct Image;

impl Query for Image {
    type Input = SpaceInput;
    type Output = SpaceOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "matrix.compute.image",
                "Image (column space) or row space of a matrix",
                "A basis of the column space (image, range) or of the row space of a matrix: over Q or F_p independent \
                 columns of A, over Z a basis of the lattice the columns generate (in Hermite normal form).",
                "Over a field by row reduction (native); over Z by PARI/GP's Hermite normal form. Up to 120 × 120. \
                 VERIFY: B = A·S, A = B·C and B of full rank by a non-zero minor; over Z, A·U = [0 | H], det U = ±1.",
                &["matrix", "image", "column-space", "row-space", "range", "span", "basis"],
            ),
            &[super::EVIDENCE],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("column space of [[1, 2], [2, 4]]", Mode::Verify, json!({"matrix": {"rows": [[1, 2], [2, 4]]}}))]
    }
    fn validate(&self, i: &SpaceInput) -> Result<(), Diagnostic> {
        oriented(i).map(drop)
    }
    fn bounds(&self, i: &SpaceInput) -> Result<(), Refusal> {
        bounds(&i.matrix)
    }
    fn answer(&self, i: &SpaceInput, ctx: &AdapterContext) -> Result<Answer<SpaceOutput>, AdapterError> {
        let a = oriented(i).map_err(fail)?;
        if a.ring == Ring::Integer {
            let h = hnf(&a, ctx)?;
            let out = SpaceOutput { basis: columns(&h.form), dimension: h.form.cols, ring: "Z".into() };
            return Ok(Answer::from(out).claim(claim(&Ring::Integer, vec![hermite_statement(&a, &h)])));
        }
        let red = exact::reduce(&a, true, ctx)?;
        let rows = exact::reduce(&exact::transpose(&a), true, ctx)?.pivots;
        let r = red.pivots.len();
        let select = |i: usize, j: usize| Scalar::int(u8::from(red.pivots[j] == i));
        let s = Dense {
            ring: a.ring.clone(),
            rows: a.cols,
            cols: r,
            data: (0..a.cols).map(|i| (0..r).map(|j| select(i, j)).collect()).collect(),
        };
        let b = exact::product(&a, &s);
        let c = Dense { rows: r, data: red.form.data[..r].to_vec(), ..red.form.clone() };
        let statement = json!({"span": {
            "matrix": lit(&a), "basis": lit(&b), "selection": lit(&s), "combination": lit(&c), "basis_rows": rows
        }});
        let out = SpaceOutput { basis: columns(&b), dimension: r, ring: a.ring.to_string() };
        Ok(Answer::from(out).claim(claim(&a.ring, vec![statement])))
    }
}

/// Input of `matrix.transform.echelon`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EchelonInput {
    /// The matrix (an integer matrix is reduced over Q).
    pub matrix: Matrix,
    /// The reduced row echelon form (pivots 1, alone in their columns; the default), or a row
    /// echelon form.
    #[serde(default = "yes")]
    pub reduced: bool,
}

fn yes() -> bool {
    true
}

/// Output of `matrix.transform.echelon`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct EchelonOutput {
    /// The echelon form R.
    pub form: Matrix,
    /// An invertible T with R = T·A.
    pub transform: Matrix,
    /// The pivot columns (0-based).
    pub pivots: Vec<usize>,
    /// The rank.
    pub rank: usize,
}

/// `matrix.transform.echelon`.
pub struct Echelon;

impl Query for Echelon {
    type Input = EchelonInput;
    type Output = EchelonOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "matrix.transform.echelon",
                "Row echelon and reduced row echelon form (RREF)",
                "The reduced row echelon form (Gauss–Jordan) or a row echelon form of a matrix over Q or F_p, with the \
                 invertible transform, the pivot columns and the rank.",
                "Row reduces natively with exact fractions or residues (up to 120 × 120, entries up to 200 digits). \
                 VERIFY: R = T·A, A = C·R (so the row spaces agree) and the staircase shape of R.",
                &["matrix", "rref", "echelon", "row-reduce", "gauss-jordan", "gaussian-elimination", "pivots"],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("spaces.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("RREF of [[1, 2, 1], [2, 4, 0]]", Mode::Verify, json!({"matrix": {"rows": [[1, 2, 1], [2, 4, 0]]}}))]
    }
    fn validate(&self, i: &EchelonInput) -> Result<(), Diagnostic> {
        super::non_empty(&read(&i.matrix, "/matrix")?, "/matrix")
    }
    fn bounds(&self, i: &EchelonInput) -> Result<(), Refusal> {
        bounds(&i.matrix)
    }
    fn answer(&self, i: &EchelonInput, ctx: &AdapterContext) -> Result<Answer<EchelonOutput>, AdapterError> {
        let a = read(&i.matrix, "/matrix").map_err(fail)?;
        let red = exact::reduce(&a, i.reduced, ctx)?;
        let ring = red.form.ring.clone();
        let a_field = Dense { ring: ring.clone(), ..a };
        let statement = json!({"echelon": {
            "matrix": lit(&a_field), "form": lit(&red.form), "transform": lit(&red.transform), "back": lit(&red.back),
            "reduced": i.reduced
        }});
        let out = EchelonOutput {
            form: red.form.to_matrix(),
            transform: red.transform.to_matrix(),
            rank: red.pivots.len(),
            pivots: red.pivots,
        };
        Ok(Answer::from(out).claim(claim(&ring, vec![statement])))
    }
}

/// Input of `matrix.solve.linear_system`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SystemInput {
    /// A; its ring is where solutions are sought (Z: integer solutions).
    pub matrix: Matrix,
    /// b, one entry per row of A.
    pub rhs: Vec<Entry>,
}

/// Output of `matrix.solve.linear_system`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SystemOutput {
    /// Whether A·x = b has a solution in the ring.
    pub solvable: bool,
    /// One solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub particular: Option<Vec<String>>,
    /// A basis of the solutions of A·x = 0 (over Z, of their lattice): every solution is the
    /// particular one plus a combination of these.
    pub homogeneous: Vec<Vec<String>>,
    /// When unsolvable: y with y·A = 0 and y·b ≠ 0 (over Z: y·A integral, y·b not).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate: Option<Vec<String>>,
}

/// `matrix.solve.linear_system`.
pub struct LinearSystem;

fn system(i: &SystemInput) -> Result<(Dense, Dense), Diagnostic> {
    let a = read(&i.matrix, "/matrix")?;
    super::non_empty(&a, "/matrix")?;
    if i.rhs.len() != a.rows {
        return Err(Diagnostic::at(
            "/rhs",
            "NOT_CONFORMABLE",
            format!("b has {} entries; A has {} rows", i.rhs.len(), a.rows),
        ));
    }
    let col = Matrix {
        ring: Some(a.ring.clone()),
        shape: None,
        rows: Some(i.rhs.iter().map(|e| vec![e.clone()]).collect()),
        entries: None,
    };
    let b = col
        .dense()
        .map_err(|d| Diagnostic { path: d.path.map(|p| p.replacen("/rows", "/rhs", 1).replacen("/0", "", 1)), ..d })?;
    Ok((a, b))
}

impl Query for LinearSystem {
    type Input = SystemInput;
    type Output = SystemOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "matrix.solve.linear_system",
                "Solve a linear system A·x = b exactly",
                "All solutions of a linear system A·x = b over Q, F_p or the integers Z: a particular solution and a \
                 basis of the homogeneous solutions, or a certificate that there is none.",
                "Over a field by row reduction (native); over Z with PARI/GP (matsolvemod, the Hermite and Smith \
                 forms). Up to 120 × 120. VERIFY: A·x = b, the homogeneous basis as a kernel certificate, or y with \
                 y·A = 0 and y·b ≠ 0 (over Z: y·A integral and y·b not).",
                &[
                    "linear-system",
                    "solve",
                    "equations",
                    "simultaneous",
                    "integer-solutions",
                    "diophantine",
                    "inconsistent",
                    "matrix",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "x + 2y = 3, 4x + 5y = 6",
            Mode::Verify,
            json!({"matrix": {"ring": "Q", "rows": [[1, 2], [4, 5]]}, "rhs": [3, 6]}),
        )]
    }
    fn validate(&self, i: &SystemInput) -> Result<(), Diagnostic> {
        system(i).map(drop)
    }
    fn bounds(&self, i: &SystemInput) -> Result<(), Refusal> {
        bounds(&i.matrix)
    }
    fn answer(&self, i: &SystemInput, ctx: &AdapterContext) -> Result<Answer<SystemOutput>, AdapterError> {
        let (a, b) = system(i).map_err(fail)?;
        if a.ring == Ring::Integer {
            return integer_system(&a, &b, ctx);
        }
        let f = Field::of(&a.ring);
        let (kernel, kernel_statement, _) = field_kernel(&a, ctx)?;
        let augmented = Dense {
            cols: a.cols + 1,
            data: a.data.iter().zip(&b.data).map(|(r, x)| r.iter().chain(x).cloned().collect()).collect(),
            ..a.clone()
        };
        let red = exact::reduce(&augmented, true, ctx)?;
        let mut out =
            SystemOutput { solvable: true, particular: None, homogeneous: columns(&kernel), certificate: None };
        if let Some(k) = red.pivots.iter().position(|&c| c == a.cols) {
            // Row k of R is (0 … 0 | 1): row k of T is y with y·A = 0 and y·b = 1.
            let y = Dense { rows: 1, cols: a.rows, data: vec![red.transform.data[k].clone()], ..red.transform.clone() };
            out.solvable = false;
            out.homogeneous = vec![];
            out.certificate = Some(y.data[0].iter().map(Scalar::to_string).collect());
            let statement = json!({"no_solution": {"matrix": lit(&a), "rhs": lit(&b), "certificate": lit(&y)}});
            return Ok(Answer::from(out).claim(claim(&a.ring, vec![statement])));
        }
        let mut x = vec![Scalar::int(0); a.cols];
        for (k, &c) in red.pivots.iter().enumerate() {
            x[c] = red.form.data[k][a.cols].clone();
        }
        let xd =
            Dense { ring: a.ring.clone(), rows: a.cols, cols: 1, data: x.iter().map(|v| vec![v.clone()]).collect() };
        debug_assert!(
            exact::product(&a, &xd).data.iter().zip(&b.data).all(|(l, r)| f.add(&l[0], &f.neg(&r[0])).num.is_zero())
        );
        out.particular = Some(x.iter().map(Scalar::to_string).collect());
        let solution = json!({"equal": [{"product": [lit(&a), lit(&xd)]}, lit(&b)]});
        Ok(Answer::from(out).claim(claim(&a.ring, vec![solution, kernel_statement])))
    }
}

/// An integer solution x of A·x = b (b one column), or a rational y with y·A integral and y·b
/// not: with U·A·V = D (PARI's diagonal, wherever it lies), a row i of D·z = U·b that fails gives
/// y = (row i of U) / d_i, or / (2·(U·b)_i) when row i of D is zero.
pub fn solve_integer(
    a: &Dense,
    b: &Dense,
    ctx: &AdapterContext,
) -> Result<Result<Vec<Scalar>, Vec<Scalar>>, AdapterError> {
    let p = gp(gp(program().code("my(A="), a).code(",b="), b)
        .code(",s=matsolvemod(A,0,b[,1]));if(s===0,print(0);my(r=matsnf(A,1));pm(r[1]);pm(r[2]),print(1);print(s~))");
    let reply = ctx.backend(&p)?;
    let mut lines = Lines::of(&reply);
    if lines.natural()? == 1 {
        return Ok(Ok(lines.scalars(&Ring::Integer)?));
    }
    let (u, v) = (lines.matrix(&Ring::Integer)?, lines.matrix(&Ring::Integer)?);
    let d = exact::product(&exact::product(&u, a), &v);
    let ub = exact::product(&u, b);
    for i in 0..d.rows {
        let c = &ub.data[i][0].num;
        let di = d.data[i].iter().find(|x| !x.num.is_zero()).map(|x| x.num.clone());
        let divisor = match di {
            Some(di) if !(c % &di).is_zero() => di,
            None if !c.is_zero() => c * 2,
            _ => continue,
        };
        return Ok(Err(u.data[i].iter().map(|x| Scalar::fraction(x.num.clone(), divisor.clone())).collect()));
    }
    Err(AdapterError::Backend("PARI/GP found no solution, but no row of the Smith form fails".into()))
}

fn integer_system(a: &Dense, b: &Dense, ctx: &AdapterContext) -> Result<Answer<SystemOutput>, AdapterError> {
    let y = match solve_integer(a, b, ctx)? {
        Ok(x) => {
            let xd = Dense {
                ring: Ring::Integer,
                rows: x.len(),
                cols: 1,
                data: x.iter().map(|v| vec![v.clone()]).collect(),
            };
            let h = hnf(a, ctx)?;
            let (kernel, pick) = kernel_columns(&h);
            let solution = json!({"equal": [{"product": [lit(a), lit(&xd)]}, lit(b)]});
            let out = SystemOutput {
                solvable: true,
                particular: Some(x.iter().map(Scalar::to_string).collect()),
                homogeneous: columns(&kernel),
                certificate: None,
            };
            return Ok(Answer::from(out).claim(claim(&Ring::Integer, vec![solution, hermite_statement(a, &h), pick])));
        }
        Err(y) => y,
    };
    let yd = Dense { ring: Ring::Rational, rows: 1, cols: y.len(), data: vec![y.clone()] };
    let statement = json!({"no_solution": {"matrix": lit(a), "rhs": lit(b), "certificate": lit(&yd)}});
    let out = SystemOutput {
        solvable: false,
        particular: None,
        homogeneous: vec![],
        certificate: Some(y.iter().map(Scalar::to_string).collect()),
    };
    Ok(Answer::from(out).claim(claim(&Ring::Integer, vec![statement])))
}
