//! `finite_field.compute.invariant_forms`: the homogeneous polynomials of degree d over F_p
//! fixed by invertible matrices acting by linear substitution, f ↦ f(g·x) — the fixed subspace
//! of a linear action of a group over a prime field on the forms of degree d — natively, by the
//! kernel of (A_g − I) stacked over the generators, with A_g the matrix of the substitution on
//! the monomial basis.

use std::collections::HashMap;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::{Poly, Rat};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{small_mul as mul, small_pow};
use crate::cas::{self, Answer, Query};
use crate::polynomials as pk;

/// Most monomials of degree d in n variables.
pub const MAX_MONOMIALS: usize = 1000;

/// Input of `finite_field.compute.invariant_forms`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InvariantInput {
    /// Variable names x₁, …, xₙ (1 to 8).
    pub variables: Vec<String>,
    /// The prime p (below 2^31).
    pub p: u64,
    /// The invertible n×n matrices g (1 to 8, entries reduced mod p) acting by f ↦ f(g·x).
    pub matrices: Vec<Vec<Vec<i64>>>,
    /// The degree d of the forms (0 to 30; at most 1,000 monomials).
    pub degree: u32,
}

/// Output of `finite_field.compute.invariant_forms`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct InvariantOutput {
    /// The number of monomials of degree d: the dimension of the space of forms.
    pub monomials: usize,
    /// The dimension of the fixed subspace.
    pub dimension: usize,
    /// A basis of the fixed subspace, in reduced echelon form on the monomials (graded lex, decreasing).
    pub basis: Vec<String>,
}

fn inverse(a: u64, p: u64) -> u64 {
    small_pow(a, p - 2, p)
}

/// Reduced row echelon form in place; the pivot columns.
fn echelon(rows: &mut Vec<Vec<u64>>, p: u64) -> Vec<usize> {
    let width = rows.first().map_or(0, Vec::len);
    let mut pivots = vec![];
    let mut r = 0;
    for c in 0..width {
        let Some(k) = (r..rows.len()).find(|&k| rows[k][c] != 0) else { continue };
        rows.swap(r, k);
        let inv = inverse(rows[r][c], p);
        rows[r].iter_mut().for_each(|x| *x = mul(*x, inv, p));
        let pivot = rows[r].clone();
        for (k, row) in rows.iter_mut().enumerate() {
            if k != r && row[c] != 0 {
                let f = row[c];
                row.iter_mut().zip(&pivot).for_each(|(x, y)| *x = (*x + p - mul(f, *y, p)) % p);
            }
        }
        pivots.push(c);
        r += 1;
    }
    rows.truncate(r);
    pivots
}

/// The monomials of degree d in n variables, graded lex decreasing.
fn monomials(n: usize, d: u32) -> Vec<Vec<u32>> {
    if n == 1 {
        return vec![vec![d]];
    }
    (0..=d)
        .rev()
        .flat_map(|e| {
            monomials(n - 1, d - e).into_iter().map(move |mut m| {
                m.insert(0, e);
                m
            })
        })
        .collect()
}

fn count(n: usize, d: u32) -> Option<usize> {
    // C(n − 1 + d, d), saturating past the bound.
    let mut c: u128 = 1;
    for i in 1..=u128::from(d) {
        c = c * (n as u128 - 1 + i) / i;
        if c > MAX_MONOMIALS as u128 {
            return None;
        }
    }
    Some(c as usize)
}

/// The image of every monomial of degree d under x ↦ g·x, built up degree by degree.
fn images(g: &[Vec<u64>], d: u32, p: u64) -> HashMap<Vec<u32>, HashMap<Vec<u32>, u64>> {
    let n = g.len();
    let mut level: HashMap<Vec<u32>, HashMap<Vec<u32>, u64>> =
        HashMap::from([(vec![0; n], HashMap::from([(vec![0; n], 1)]))]);
    for _ in 0..d {
        let mut next: HashMap<Vec<u32>, HashMap<Vec<u32>, u64>> = HashMap::new();
        for (m, image) in &level {
            // Multiply by the first variable's image only for the monomials that start a new
            // exponent vector (each monomial of the next degree is reached from one predecessor).
            let k = m.iter().position(|&e| e > 0).unwrap_or(n);
            for i in 0..n.min(k + 1) {
                let mut e = m.clone();
                e[i] += 1;
                if next.contains_key(&e) {
                    continue;
                }
                let mut out: HashMap<Vec<u32>, u64> = HashMap::new();
                for (t, &c) in image {
                    for (j, &gij) in g[i].iter().enumerate() {
                        if gij != 0 {
                            let mut u = t.clone();
                            u[j] += 1;
                            let v = out.entry(u).or_insert(0);
                            *v = (*v + mul(c, gij, p)) % p;
                        }
                    }
                }
                out.retain(|_, c| *c != 0);
                next.insert(e, out);
            }
        }
        level = next;
    }
    level
}

fn matrices(i: &InvariantInput) -> Result<Vec<Vec<Vec<u64>>>, Diagnostic> {
    let n = i.variables.len();
    if n == 0 || n > 8 {
        return Err(Diagnostic::at("/variables", "OUT_OF_RANGE", "1 to 8 variables"));
    }
    if i.p < 2 || i.p >= 1 << 31 || !crate::primecert::is_prime_u64(i.p) {
        return Err(Diagnostic::at("/p", "NOT_PRIME", "a prime below 2^31"));
    }
    if i.matrices.is_empty() || i.matrices.len() > 8 {
        return Err(Diagnostic::at("/matrices", "OUT_OF_RANGE", "1 to 8 matrices"));
    }
    let mut out = vec![];
    for (k, g) in i.matrices.iter().enumerate() {
        if g.len() != n || g.iter().any(|row| row.len() != n) {
            return Err(Diagnostic::at(
                format!("/matrices/{k}"),
                "BAD_SHAPE",
                "an n×n matrix, n the number of variables",
            ));
        }
        let g: Vec<Vec<u64>> =
            g.iter().map(|row| row.iter().map(|&x| x.rem_euclid(i.p as i64) as u64).collect()).collect();
        let mut rows = g.clone();
        if echelon(&mut rows, i.p).len() < n {
            return Err(Diagnostic::at(format!("/matrices/{k}"), "SINGULAR", "the matrix is not invertible mod p"));
        }
        out.push(g);
    }
    Ok(out)
}

/// `finite_field.compute.invariant_forms`.
pub struct InvariantForms;

impl Query for InvariantForms {
    type Input = InvariantInput;
    type Output = InvariantOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "finite_field.compute.invariant_forms",
            "Homogeneous forms over F_p fixed by a linear action",
            "The homogeneous polynomials of degree d over F_p fixed by invertible matrices acting by linear \
             substitution f(x) ↦ f(g·x): dimension and a basis of the fixed subspace.",
            "For matrices g₁, …, g_k in GL_n(F_p) (a group over a prime field acting on n variables), the forms \
             of degree d with f(gᵢ·x) = f(x) for every i: the kernel of the stacked (A_g − I), where A_g is the \
             substitution on the monomial basis, by exact elimination mod p. Native; up to 8 variables and 1,000 \
             monomials.",
            &[
                "finite-field",
                "invariant-theory",
                "invariants",
                "fixed-subspace",
                "linear-action",
                "homogeneous",
                "forms",
            ],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("invariant_forms.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "quadratic forms in x, y over F_5 fixed by swapping x and y",
            Mode::Explore,
            json!({"variables": ["x", "y"], "p": 5, "matrices": [[[0, 1], [1, 0]]], "degree": 2}),
        )]
    }
    fn validate(&self, i: &InvariantInput) -> Result<(), Diagnostic> {
        pk::ring(&i.variables, &format!("F_{}", i.p.max(2)))?;
        matrices(i).map(drop)
    }
    fn bounds(&self, i: &InvariantInput) -> Result<(), Refusal> {
        if i.degree > 30 || count(i.variables.len(), i.degree).is_none() {
            return Err(Refusal::Unsupported(Diagnostic::at(
                "/degree",
                "TOO_LARGE",
                "degree ≤ 30 and at most 1,000 monomials",
            )));
        }
        Ok(())
    }
    fn answer(&self, i: &InvariantInput, ctx: &AdapterContext) -> Result<Answer<InvariantOutput>, AdapterError> {
        let gs = matrices(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let p = i.p;
        let basis = monomials(i.variables.len(), i.degree);
        let index: HashMap<&Vec<u32>, usize> = basis.iter().enumerate().map(|(k, m)| (m, k)).collect();
        let mut rows: Vec<Vec<u64>> = vec![];
        for g in &gs {
            ctx.checkpoint()?;
            let image = images(g, i.degree, p);
            // Row r of (A_g − I): the coefficient of monomial r in each column's image, minus δ.
            let mut block = vec![vec![0u64; basis.len()]; basis.len()];
            for (c, m) in basis.iter().enumerate() {
                for (t, &v) in &image[m] {
                    block[index[t]][c] = v;
                }
                block[c][c] = (block[c][c] + p - 1) % p;
            }
            rows.extend(block);
        }
        let pivots = echelon(&mut rows, p);
        // A kernel vector per free column: 1 there, −(its column) on the pivots.
        let ring = pk::ring(&i.variables, &format!("F_{p}")).map_err(|d| AdapterError::Unsupported(d.message))?;
        let free: Vec<usize> = (0..basis.len()).filter(|c| !pivots.contains(c)).collect();
        let mut vectors: Vec<Vec<u64>> = free
            .iter()
            .map(|&f| {
                let mut v = vec![0u64; basis.len()];
                v[f] = 1;
                for (r, &c) in pivots.iter().enumerate() {
                    v[c] = (p - rows[r][f]) % p;
                }
                v
            })
            .collect();
        echelon(&mut vectors, p);
        let print = |v: &Vec<u64>| {
            let poly = Poly::from_terms(
                basis
                    .iter()
                    .zip(v)
                    .filter(|(_, c)| **c != 0)
                    .map(|(m, &c)| (m.clone(), Rat::from_integer(BigInt::from(c)))),
            );
            ring.print(&poly)
        };
        Ok(InvariantOutput {
            monomials: basis.len(),
            dimension: vectors.len(),
            basis: vectors.iter().map(print).collect(),
        }
        .into())
    }
}
