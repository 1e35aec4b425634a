//! Integer matrices on PARI/GP: the Hermite normal form with its unimodular transform, the
//! Smith normal form with both transforms, and the invariants of a finitely generated abelian
//! group given by relations.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::matrix::{AbelianGroup, Dense, Matrix, Ring, Scalar};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_traits::{One, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::spaces::{hermite_statement, hnf};
use super::{Lines, claim, gp, lit, program, read};
use crate::cas::{self, Answer, Query};

/// Most rows or columns.
pub const MAX_DIMENSION: usize = 120;
/// Most digits of an entry.
pub const MAX_DIGITS: usize = 200;

fn fail(d: Diagnostic) -> AdapterError {
    AdapterError::Backend(d.message)
}

/// One integer matrix.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IntegerMatrixInput {
    /// A matrix over Z.
    pub matrix: Matrix,
}

fn integer(i: &IntegerMatrixInput) -> Result<Dense, Diagnostic> {
    integer_matrix(&i.matrix)
}

fn integer_matrix(m: &Matrix) -> Result<Dense, Diagnostic> {
    let d = read(m, "/matrix")?;
    super::non_empty(&d, "/matrix")?;
    super::over_z(&d, "/matrix")?;
    Ok(d)
}

/// What [`integer_matrix`] accepts, checked without building a matrix of machine integers.
fn valid_integer_matrix(m: &Matrix) -> Result<(), Diagnostic> {
    match m.machine_integers() {
        Some(_) => Ok(()),
        None => integer_matrix(m).map(drop),
    }
}

/// Output of `matrix.transform.hermite`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct HermiteOutput {
    /// H (m × r): the Hermite normal form of the lattice spanned by A's columns, upper
    /// triangular in the sense that column j's last non-zero entry (its pivot, > 0) lies in a row
    /// below that of column j − 1, and entries right of a pivot lie in [0, pivot).
    pub form: Matrix,
    /// U (n × n), det U = ±1, with A·U = [0 | H].
    pub transform: Matrix,
    /// r, the rank of A.
    pub rank: usize,
}

/// `matrix.transform.hermite`.
pub struct Hermite;

impl Query for Hermite {
    type Input = IntegerMatrixInput;
    type Output = HermiteOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "matrix.transform.hermite",
                "Hermite normal form with transform",
                "The Hermite normal form H of an integer matrix A (Cohen's column convention, as SymPy's and PARI's) \
                 with a unimodular U such that A·U = [0 | H]; the rank.",
                "Computes with PARI/GP (mathnf with flag 1) up to 120 × 120, entries up to 200 digits; for the row \
                 convention, give Aᵀ. VERIFY replays A·U = [0 | H], det U = ±1 (modular images) and the shape of H.",
                &["matrix", "hermite", "hnf", "normal-form", "unimodular", "integer-matrix", "lattice", "transform"],
            ),
            &[super::EVIDENCE],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "HNF of [[2, 3, 4], [5, 6, 7], [8, 9, 11]]",
            Mode::Verify,
            json!({"matrix": {"rows": [[2, 3, 4], [5, 6, 7], [8, 9, 11]]}}),
        )]
    }
    fn validate(&self, i: &IntegerMatrixInput) -> Result<(), Diagnostic> {
        valid_integer_matrix(&i.matrix)
    }
    fn bounds(&self, i: &IntegerMatrixInput) -> Result<(), Refusal> {
        super::bound(&i.matrix, MAX_DIMENSION, MAX_DIGITS, "/matrix")
    }
    fn answer(&self, i: &IntegerMatrixInput, ctx: &AdapterContext) -> Result<Answer<HermiteOutput>, AdapterError> {
        let a = integer(i).map_err(fail)?;
        let h = hnf(&a, ctx)?;
        let out = HermiteOutput { rank: h.form.cols, form: h.form.to_matrix(), transform: h.transform.to_matrix() };
        Ok(Answer::from(out).claim_for(ctx.mode, || claim(&Ring::Integer, vec![hermite_statement(&a, &h)])))
    }
}

/// A Smith form: U·A·V = D with D's diagonal d_1 | d_2 | … (zeros last).
pub struct Snf {
    /// U, unimodular.
    pub left: Dense,
    /// V, unimodular.
    pub right: Dense,
    /// The min(m, n) diagonal entries.
    pub diagonal: Vec<BigInt>,
}

impl Snf {
    /// The checker's statement fields.
    fn fields(&self) -> (Value, Value, Vec<String>) {
        (lit(&self.left), lit(&self.right), self.diagonal.iter().map(BigInt::to_string).collect())
    }
}

/// The Smith form with both transforms: natively in the generic case (see `smith_diagonal`),
/// otherwise PARI/GP's `matsnf(A, 1)`, its diagonal (last min(m, n) rows and columns,
/// decreasing) moved to the leading positions in increasing order.
pub fn snf(a: &Dense, ctx: &AdapterContext) -> Result<Snf, AdapterError> {
    if let Some(s) = super::smith_diagonal::transforms(a, ctx)? {
        return Ok(s);
    }
    let p = gp(program().code("my(A="), a).code(
        ",r=matsnf(A,1),D=r[3],m=matsize(A)[1],n=matsize(A)[2],q=min(m,n));pm(r[1]);pm(r[2]);\
         print(vector(q,k,D[m-q+k,n-q+k]))",
    );
    let reply = ctx.backend(&p)?;
    let mut lines = Lines::of(&reply);
    let (u, v) = (lines.matrix(&Ring::Integer)?, lines.matrix(&Ring::Integer)?);
    let pari_diagonal = lines.value()?.ints()?;
    let (m, n) = (a.rows, a.cols);
    let u = if u.rows == 0 { Dense { rows: m, cols: m, data: vec![], ..u } } else { u };
    let r = m.min(n);
    if u.rows != m || v.rows != n || v.cols != n || pari_diagonal.len() != r {
        return Err(AdapterError::Backend("PARI/GP printed Smith transforms of the wrong size".into()));
    }
    let rows: Vec<usize> = (0..r).rev().map(|k| m - r + k).chain(0..m - r).collect();
    let cols: Vec<usize> = (0..r).rev().map(|k| n - r + k).chain(0..n - r).collect();
    let left = Dense { data: rows.iter().map(|&i| u.data[i].clone()).collect(), ..u };
    let right = Dense { data: v.data.iter().map(|row| cols.iter().map(|&j| row[j].clone()).collect()).collect(), ..v };
    // PARI's diagonal decreases (zeros first); ours increases with zeros last.
    let diagonal: Vec<BigInt> = pari_diagonal.iter().rev().map(crate::integer::big).collect();
    Ok(Snf { left, right, diagonal })
}

/// Output of `matrix.transform.smith`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SmithOutput {
    /// d_1 | d_2 | … ≥ 0, the min(m, n) diagonal entries of D (zeros last).
    pub diagonal: Vec<String>,
    /// The non-zero diagonal entries (the invariant factors, units included).
    pub invariant_factors: Vec<String>,
    /// U (m × m), det U = ±1; absent with `transforms: false`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left: Option<Matrix>,
    /// V (n × n), det V = ±1, with U·A·V = D; absent with `transforms: false`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right: Option<Matrix>,
    /// The rank (number of non-zero diagonal entries).
    pub rank: usize,
}

/// Input of `matrix.transform.smith`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SmithInput {
    /// A matrix over Z.
    pub matrix: Matrix,
    /// Return U and V (default). Without them, a square nonsingular matrix whose Smith form is
    /// diag(1, …, 1, |det|) is answered in EXPLORE without the transforms' work, certified by
    /// A⁻¹b having denominator |det|.
    #[serde(default = "yes")]
    pub transforms: bool,
}

fn yes() -> bool {
    true
}

/// `matrix.transform.smith`.
pub struct Smith;

impl Query for Smith {
    type Input = SmithInput;
    type Output = SmithOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "matrix.transform.smith",
                "Smith normal form with transforms",
                "The Smith normal form D = U·A·V of an integer matrix with unimodular U and V: the diagonal d_1 | d_2 | \
                 … (invariant factors, elementary divisors of the module), and the rank.",
                "Computes the generic diag(1, …, 1, |det|) natively from modular images, with its transforms \
                 from the left kernel modulo det; otherwise PARI/GP (matsnf with flag 1), up to 120 × 120, entries \
                 up to 200 digits. VERIFY replays U·A·V = D, det U = det V = ±1 (modular images) and the \
                 divisibility chain.",
                &["matrix", "smith", "snf", "normal-form", "invariant-factors", "elementary-divisors", "unimodular"],
            ),
            &[super::EVIDENCE],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "SNF of [[2, 4, 4], [-6, 6, 12], [10, -4, -16]]",
            Mode::Verify,
            json!({"matrix": {"rows": [[2, 4, 4], [-6, 6, 12], [10, -4, -16]]}}),
        )]
    }
    fn validate(&self, i: &SmithInput) -> Result<(), Diagnostic> {
        valid_integer_matrix(&i.matrix)
    }
    fn bounds(&self, i: &SmithInput) -> Result<(), Refusal> {
        super::bound(&i.matrix, MAX_DIMENSION, MAX_DIGITS, "/matrix")
    }
    fn answer(&self, i: &SmithInput, ctx: &AdapterContext) -> Result<Answer<SmithOutput>, AdapterError> {
        if !i.transforms
            && ctx.mode != Mode::Verify
            && let Some(rows) = i.matrix.machine_rows()
            && let Some(diagonal) = super::smith_diagonal::generic(&rows, ctx)?
        {
            let out = SmithOutput {
                invariant_factors: diagonal.iter().map(BigInt::to_string).collect(),
                rank: diagonal.len(),
                diagonal: diagonal.iter().map(BigInt::to_string).collect(),
                left: None,
                right: None,
            };
            return Ok(Answer::from(out));
        }
        let a = integer_matrix(&i.matrix).map_err(fail)?;
        let s = snf(&a, ctx)?;
        let out = SmithOutput {
            invariant_factors: s.diagonal.iter().filter(|d| !d.is_zero()).map(BigInt::to_string).collect(),
            rank: s.diagonal.iter().filter(|d| !d.is_zero()).count(),
            diagonal: s.diagonal.iter().map(BigInt::to_string).collect(),
            left: i.transforms.then(|| s.left.to_matrix()),
            right: i.transforms.then(|| s.right.to_matrix()),
        };
        Ok(Answer::from(out).claim_for(ctx.mode, || {
            let (left, right, diagonal) = s.fields();
            let statement = json!({"smith": {"matrix": lit(&a), "left": left, "right": right, "diagonal": diagonal}});
            claim(&Ring::Integer, vec![statement])
        }))
    }
}

/// Input of `abelian_group.compute.invariants`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupInput {
    /// The group ⟨g_1, …, g_n | relations⟩.
    pub group: AbelianGroup,
}

/// Output of `abelian_group.compute.invariants`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GroupOutput {
    /// The free rank r: the group is Z^r ⊕ Z/d_1 ⊕ … ⊕ Z/d_k.
    pub free_rank: usize,
    /// The invariant factors d_1 | d_2 | … | d_k, each > 1.
    pub invariant_factors: Vec<String>,
    /// The elementary divisors (prime powers), increasing; in EXPLORE only, as they rest on a
    /// factorization the checker does not replay.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elementary_divisors: Option<Vec<String>>,
    /// The order of the torsion subgroup.
    pub torsion_order: String,
    /// The order of the group, when finite.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<String>,
    /// Whether the group is cyclic.
    pub cyclic: bool,
}

/// `abelian_group.compute.invariants`.
pub struct AbelianGroupInvariants;

impl Query for AbelianGroupInvariants {
    type Input = GroupInput;
    type Output = GroupOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "abelian_group.compute.invariants",
                "Structure of a finitely generated abelian group",
                "The structure Z^r ⊕ Z/d_1 ⊕ … ⊕ Z/d_k of an abelian group given by generators and integer relations: \
                 free rank, invariant factors, elementary divisors, torsion order, order, cyclicity.",
                "Computes the Smith normal form of the relation matrix with PARI/GP (up to 120 generators and \
                 relations, coefficients up to 200 digits; elementary divisors, from the invariant factors factored, in \
                 EXPLORE). VERIFY replays the Smith certificate of the relations and the invariants read from it.",
                &[
                    "abelian-group",
                    "finitely-generated",
                    "invariant-factors",
                    "elementary-divisors",
                    "presentation",
                    "torsion",
                    "smith",
                    "structure",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "⟨a, b | 2a = 0, 3b = 0⟩",
            Mode::Verify,
            json!({"group": {"generators": 2, "relations": [[2, 0], [0, 3]]}}),
        )]
    }
    fn validate(&self, i: &GroupInput) -> Result<(), Diagnostic> {
        let d = i.group.dense().map_err(|d| d.under("/group"))?;
        if d.cols == 0 {
            return Err(Diagnostic::at("/group/generators", "EMPTY", "at least one generator"));
        }
        Ok(())
    }
    fn bounds(&self, i: &GroupInput) -> Result<(), Refusal> {
        let d = i.group.dense().map_err(|d| Refusal::Unsupported(d.under("/group")))?;
        super::bound(&d.to_matrix(), MAX_DIMENSION, MAX_DIGITS, "/group/relations")
    }
    fn answer(&self, i: &GroupInput, ctx: &AdapterContext) -> Result<Answer<GroupOutput>, AdapterError> {
        let r = i.group.dense().map_err(fail)?;
        let s = snf(&r, ctx)?;
        let n = r.cols;
        let invariants: Vec<BigInt> = s.diagonal.iter().filter(|d| *d > &BigInt::one()).cloned().collect();
        let free_rank = n - s.diagonal.iter().filter(|d| !d.is_zero()).count();
        let mut elementary = vec![];
        let explore = ctx.mode != Mode::Verify;
        if explore && !invariants.is_empty() {
            let vector: Vec<Scalar> = invariants.iter().map(|d| Scalar::int(d.clone())).collect();
            let p = program()
                .code("my(v=[")
                .list(&vector, ",", super::scalar)
                .code("]);for(i=1,#v,my(f=factor(v[i]));print(#f~);for(j=1,#f~,print(f[j,1]^f[j,2])))");
            let reply = ctx.backend(&p)?;
            let mut lines = Lines::of(&reply);
            for _ in 0..invariants.len() {
                for _ in 0..lines.natural()? {
                    elementary.push(lines.value()?.int()?.clone());
                }
            }
            elementary.sort();
        }
        let torsion: BigInt = invariants.iter().product();
        let (left, right, diagonal) = s.fields();
        let texts = |v: &[BigInt]| v.iter().map(BigInt::to_string).collect::<Vec<_>>();
        let statement = json!({"abelian_group": {
            "relations": lit(&r), "left": left, "right": right, "diagonal": diagonal,
            "invariants": texts(&invariants), "rank": free_rank
        }});
        let out = GroupOutput {
            free_rank,
            cyclic: free_rank + invariants.len() <= 1,
            order: (free_rank == 0).then(|| torsion.to_string()),
            torsion_order: torsion.to_string(),
            invariant_factors: texts(&invariants),
            elementary_divisors: explore.then(|| texts(&elementary)),
        };
        Ok(Answer::from(out).claim(claim(&Ring::Integer, vec![statement])))
    }
}
