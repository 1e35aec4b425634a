//! `lattice.compute.invariant_forms`: the lattice of integral bilinear forms B with gᵀ·B·g = B
//! for every generator g of a group of integer matrices — symmetric or all — as the integer
//! kernel of the linear conditions, by a Hermite normal form on PARI/GP; with `average`, the
//! group is enumerated and Σ gᵀg, a positive definite invariant form, is returned. VERIFY replays
//! the Hermite form (so the basis spans every integral solution) and each form's invariance.

use std::collections::BTreeSet;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::matrix::{Dense, Matrix, Ring, Scalar};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::spaces::{hermite_statement, hnf, kernel_columns};
use super::{exact, listed, lit, read};
use crate::cas::{self, Answer, Query};

/// Most rows of a generator.
pub const MAX_DIMENSION: usize = 8;
/// Most generators.
pub const MAX_GENERATORS: usize = 8;
/// Largest group enumerated for the average.
pub const MAX_GROUP_ORDER: usize = 5_000;

/// Input of `lattice.compute.invariant_forms`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InvariantFormsInput {
    /// Generators g (1 to 8 square integer matrices of one size, up to 8 × 8).
    pub generators: Vec<Matrix>,
    /// Only symmetric forms B = Bᵀ (default), or all bilinear forms.
    #[serde(default = "yes")]
    pub symmetric: bool,
    /// Enumerate the group (order ≤ 5,000) and return Σ gᵀg over it.
    #[serde(default)]
    pub average: bool,
}

fn yes() -> bool {
    true
}

/// Output of `lattice.compute.invariant_forms`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct InvariantFormsOutput {
    /// The rank of the lattice of invariant forms.
    pub rank: usize,
    /// A Z-basis of it, each form as a matrix.
    pub basis: Vec<Value>,
    /// The group order and Σ gᵀg over the group, when asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub average: Option<Value>,
}

/// `lattice.compute.invariant_forms`.
pub struct InvariantForms;

fn generators(i: &InvariantFormsInput) -> Result<Vec<Dense>, Diagnostic> {
    if !(1..=MAX_GENERATORS).contains(&i.generators.len()) {
        return Err(Diagnostic::at("/generators", "OUT_OF_RANGE", "1 to 8 generators"));
    }
    let mut out: Vec<Dense> = vec![];
    for (k, m) in i.generators.iter().enumerate() {
        let at = format!("/generators/{k}");
        let g = read(m, &at)?;
        super::square(&g, &at)?;
        super::over_z(&g, &at)?;
        if g.rows > MAX_DIMENSION || g.max_digits() > 12 {
            return Err(Diagnostic::at(at, "TOO_LARGE", "at most 8 × 8, entries of at most 12 digits"));
        }
        if out.first().is_some_and(|f| f.rows != g.rows) {
            return Err(Diagnostic::at(at, "WRONG_SIZE", "every generator has the first one's size"));
        }
        out.push(g);
    }
    Ok(out)
}

/// The unknowns: b_ij for all (i, j), or for i ≤ j.
fn unknowns(n: usize, symmetric: bool) -> Vec<(usize, usize)> {
    (0..n).flat_map(|i| (0..n).map(move |j| (i, j))).filter(|&(i, j)| !symmetric || i <= j).collect()
}

fn form(n: usize, vars: &[(usize, usize)], x: &[Scalar]) -> Dense {
    let mut data = vec![vec![Scalar::int(0); n]; n];
    // With only i ≤ j among the unknowns the form is symmetric.
    let symmetric = vars.len() < n * n;
    for (&(i, j), v) in vars.iter().zip(x) {
        data[i][j] = v.clone();
        if symmetric {
            data[j][i] = v.clone();
        }
    }
    Dense { ring: Ring::Integer, rows: n, cols: n, data }
}

impl Query for InvariantForms {
    type Input = InvariantFormsInput;
    type Output = InvariantFormsOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "lattice.compute.invariant_forms",
                "The lattice of integral bilinear forms invariant under a group of integer matrices",
                "A Z-basis of the integral forms B with gᵀBg = B for every generator g (symmetric or all), and \
                 the positive definite invariant form Σ gᵀg over a finite group.",
                "Up to 8 generators of size 8: the conditions gᵀBg − B = 0 as an integer matrix, its kernel \
                 over Z from a Hermite normal form on PARI/GP (every integral solution is a combination of the \
                 basis); with `average`, the group enumerated by closure (order ≤ 5,000). VERIFY replays the \
                 Hermite form and each basis form's invariance.",
                &["invariant-form", "bilinear-form", "matrix-group", "isometry"],
            ),
            &[super::EVIDENCE],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "forms invariant under the rotation of order 6, [[0, -1], [1, 1]], with the group average",
            Mode::Verify,
            json!({"generators": [{"rows": [[0, -1], [1, 1]]}], "average": true}),
        )]
    }
    fn validate(&self, i: &InvariantFormsInput) -> Result<(), Diagnostic> {
        generators(i).map(drop)
    }
    fn bounds(&self, i: &InvariantFormsInput) -> Result<(), Refusal> {
        generators(i).map(drop).map_err(Refusal::Unsupported)
    }
    fn answer(
        &self,
        i: &InvariantFormsInput,
        ctx: &AdapterContext,
    ) -> Result<Answer<InvariantFormsOutput>, AdapterError> {
        let gs = generators(i).map_err(super::complexes::fail)?;
        let n = gs[0].rows;
        let vars = unknowns(n, i.symmetric);
        // One row per generator and entry (k, l): Σ_{(i,j)} (g_ik g_jl [+ g_jk g_il]) b_ij − b_kl = 0.
        let mut rows: Vec<Vec<Scalar>> = vec![];
        for g in &gs {
            let at = |r: usize, c: usize| g.data[r][c].num.clone();
            for k in 0..n {
                for l in 0..n {
                    let row = vars
                        .iter()
                        .map(|&(a, b)| {
                            let mut v = at(a, k) * at(b, l);
                            if i.symmetric && a != b {
                                v += at(b, k) * at(a, l);
                            }
                            if (a, b) == (k, l) || (i.symmetric && (b, a) == (k, l)) {
                                v -= 1;
                            }
                            Scalar::int(v)
                        })
                        .collect();
                    rows.push(row);
                }
            }
        }
        let m = Dense { ring: Ring::Integer, rows: rows.len(), cols: vars.len(), data: rows };
        let h = hnf(&m, ctx)?;
        let (kernel, pick) = kernel_columns(&h);
        let mut statements = vec![hermite_statement(&m, &h), pick];
        let basis: Vec<Dense> = (0..kernel.cols)
            .map(|c| form(n, &vars, &kernel.data.iter().map(|r| r[c].clone()).collect::<Vec<_>>()))
            .collect();
        for b in &basis {
            for g in &gs {
                statements.push(json!({"equal": [{"product": [{"transpose": lit(g)}, lit(b), lit(g)]}, lit(b)]}));
            }
        }
        let average = if i.average {
            let key = |d: &Dense| -> Vec<String> { d.data.iter().flatten().map(Scalar::to_string).collect() };
            let mut seen: BTreeSet<Vec<String>> = BTreeSet::new();
            let id = exact::identity(&Ring::Integer, n);
            let mut frontier = vec![id.clone()];
            seen.insert(key(&id));
            let mut elements = vec![id];
            while let Some(x) = frontier.pop() {
                ctx.checkpoint()?;
                for g in &gs {
                    let y = exact::product(&x, g);
                    if seen.insert(key(&y)) {
                        if seen.len() > MAX_GROUP_ORDER {
                            return Err(AdapterError::Unsupported(format!(
                                "the group has more than {MAX_GROUP_ORDER} elements (or is infinite); ask without `average`"
                            )));
                        }
                        elements.push(y.clone());
                        frontier.push(y);
                    }
                }
            }
            let f = exact::Field::of(&Ring::Integer);
            let sum = elements.iter().fold(exact::map(&elements[0], |_| Scalar::int(0)), |acc, e| {
                exact::zip(&acc, &exact::product(&exact::transpose(e), e), |a, b| f.add(a, b))
            });
            for g in &gs {
                statements.push(json!({"equal": [{"product": [{"transpose": lit(g)}, lit(&sum), lit(g)]}, lit(&sum)]}));
            }
            Some(json!({"group_order": elements.len(), "form": listed(&sum)}))
        } else {
            None
        };
        let out = InvariantFormsOutput { rank: basis.len(), basis: basis.iter().map(listed).collect(), average };
        Ok(super::answer(out, &Ring::Integer, statements))
    }
}
