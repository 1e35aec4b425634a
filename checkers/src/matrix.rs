//! Replay of exact linear algebra: identities between matrix expressions, determinants,
//! inverses, adjugates, kernels and ranks, spans, echelon, Hermite and Smith forms, LLL-reduced
//! bases, characteristic and minimal polynomials, abelian group invariants and simplicial
//! homology, each established from its certificate with the checker's own arithmetic
//! ([`arith`]): determinants by modular images and CRT, never by a producer's elimination.
//!
//! Evidence `matrix.certificate/v1`, semantics `urn:jacobian:semantics:matrix-statements-hold:v1`,
//! format `MATRIX_CERTIFICATE_V1`, candidate `{}`. Claim `{"ring": "Z" | "Q" | "F_p",
//! "statements": [S, …]}`. A matrix `M` is `{"shape": [m, n], "rows": [[entry, …], …]}` with
//! canonical entries (`"-3"`, `"3/4"`) in the claim's ring (residues in 0..p over F_p). Each `S`
//! is an object with one key:
//!
//! - `equal: [E, E]` — two expressions are equal; `E` is a matrix, `{"product": [E, …]}`,
//!   `{"sum": [E, …]}`, `{"negate": E}`, `{"transpose": E}`, `{"scale": [entry, E]}`,
//!   `{"power": [E, k]}` (k ≤ 64), `{"kronecker": [E, E]}`, `{"stack": [E, …]}` (rows of one
//!   column count, one under the other) or `{"identity": n}`.
//! - `determinant: {matrix, value}`.
//! - `trace: {matrix, value}`.
//! - `inverse: {matrix, inverse}` — A·B = B·A = I.
//! - `adjugate: {matrix, adjugate}` — A·B = B·A = det(A)·I, and when det A = 0 every entry is
//!   the cofactor (n ≤ 12).
//! - `kernel: {matrix, basis, minor: {rows, cols}, basis_rows}` — the columns of `basis` are a
//!   basis of the right kernel over the field of fractions: A·N = 0, the r×r minor of A is not
//!   zero, N has n − r columns and its minor on `basis_rows` is not zero. `rank: {…, rank}` is
//!   the same certificate of rank A = r.
//! - `span: {matrix, basis, selection, combination, basis_rows}` — the columns of `basis` are a
//!   basis of A's column space: B = A·S, A = B·C, B of full column rank.
//! - `echelon: {matrix, form, transform, back, reduced}` — R = T·A, A = C·R, R in row echelon
//!   form (reduced: pivots 1, alone in their columns).
//! - `hermite: {matrix, form, transform}` (Z) — A·U = [0 | H], det U = ±1, H in Hermite normal
//!   form: pivot rows strictly increasing left to right, entries below a pivot 0, pivots > 0,
//!   entries right of a pivot in 0..pivot.
//! - `smith: {matrix, left, right, diagonal}` (Z) — U·A·V = diag(d), det U, det V = ±1,
//!   d_i ≥ 0 and d_i | d_{i+1}.
//! - `lll: {basis, transform, kernel, reduced, delta, eta}` (Z) — T·B is `kernel` zero rows then
//!   `reduced`, det T = ±1, the reduced rows independent, |μ_ij| ≤ η and Lovász's condition
//!   with δ (rationals in (1/4, 1) and [1/2, 1)).
//! - `no_solution: {matrix, rhs, certificate}` — y with y·A = 0 and y·b ≠ 0 (over Z: y rational,
//!   y·A integral, y·b not integral), so A·x = b has no solution in the ring.
//! - `characteristic_polynomial: {matrix, coefficients}` (constant term first) — det(tI − A)
//!   recomputed at t = 0, …, n.
//! - `minimal_polynomial: {matrix, coefficients, positions}` — monic, m(A) = 0, and I, A, …,
//!   A^{d−1} independent (their d × d minor on the flattened `positions` is not zero).
//! - `abelian_group: {relations, left, right, diagonal, invariants, rank}` (Z) — a Smith
//!   certificate of the relations, whose diagonal entries above 1 are the invariants and whose
//!   zero count plus missing rows is the rank.
//! - `homology: {facets, smith: [{left, right, diagonal}, …], betti, torsion}` (Z) — the checker
//!   builds the boundary maps itself (faces sorted lexicographically, ∂[v0…vk] = Σ(−1)^i
//!   [… v̂i …]), checks ∂∂ = 0 and a Smith certificate of each ∂_k (k = 1, …, dim), and derives
//!   the Betti numbers and torsion coefficients.
//! - `chain_homology: {maps, smith, betti, torsion}` (Z) — the same for a chain complex given by
//!   its maps ∂_k: C_k → C_{k−1}, k = 1, …, d.
//! - `permanent: {matrix, value}` — recomputed by Ryser's formula (n ≤ 16).
//! - `congruence: {matrix, transform, diagonal, inertia}` — Pᵀ·A·P = diag(d) with det P ≠ 0 and A
//!   symmetric, so the inertia [positive, negative, zero] is the signs of d (Sylvester).
//! - `frobenius: {matrix, form, transform, inverse, factors}` — F = B·A·B⁻¹ is the rational
//!   canonical form: companion blocks of monic f_1, …, f_k with f_{i+1} | f_i.
//! - `gram_schmidt: {basis, orthogonal, coefficients}` (Z or Q) — B = M·B* with M lower
//!   unitriangular and B*·B*ᵀ diagonal, so B* is the Gram–Schmidt orthogonalization of B.
//! - `jordan: {matrix, form, transform, inverse}` — P·P⁻¹ = I, P⁻¹·A·P = J, and J is a Jordan
//!   matrix (diagonal and superdiagonal only; superdiagonal 0 or 1, 1 only between equal
//!   eigenvalues).
//!
//! Limits (inconclusive): more than [`MAX_DIMENSION`] rows or columns, entries over
//! [`MAX_DIGITS`] digits, more than [`MAX_STATEMENTS`] statements.

mod arith;
mod statements;

use std::sync::LazyLock;

use jacobian_runtime::{CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Verdict};
use num_bigint::BigInt;
use serde_json::Value;

use crate::evidence::collected::{Findings, Step, Stop, array, bad, expect, field, object, pointer, verdict};
pub use arith::{Field, Mat, Num};

/// Evidence kind replayed.
pub const MATRIX_EVIDENCE: &str = "matrix.certificate/v1";
/// Semantics of the claim: every statement holds.
pub const MATRIX_SEMANTICS: &str = "urn:jacobian:semantics:matrix-statements-hold:v1";
/// Certificate format.
pub const MATRIX_FORMAT: &str = "MATRIX_CERTIFICATE_V1";
/// Most rows or columns of a matrix replayed.
pub const MAX_DIMENSION: usize = 600;
/// Most digits of an entry.
pub const MAX_DIGITS: usize = 20_000;
/// Most statements.
pub const MAX_STATEMENTS: usize = 1_000;

static IDENTITY: LazyLock<CheckerIdentity> = LazyLock::new(|| {
    let source = [include_str!("matrix.rs"), include_str!("matrix/arith.rs"), include_str!("matrix/statements.rs")];
    CheckerIdentity::from_source("jacobian.check.matrix", "1.0.0", &source.concat())
});

/// Checks statements of exact linear algebra from their certificates.
pub struct MatrixCertificate;

/// The ring of a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ring {
    /// Z.
    Z,
    /// Q.
    Q,
    /// F_p.
    P(u64),
}

impl Ring {
    /// The field computations happen in.
    pub fn field(self) -> Field {
        match self {
            Ring::P(p) => Field::P(p),
            _ => Field::Q,
        }
    }
}

fn ring(v: &Value, path: &str) -> Step<Ring> {
    match v.as_str() {
        Some("Z") => Ok(Ring::Z),
        Some("Q") => Ok(Ring::Q),
        Some(s) => match s.strip_prefix("F_").and_then(|p| p.parse::<u64>().ok()) {
            Some(p) if p < 1 << 63 && arith::is_prime(p) && s == format!("F_{p}") => Ok(Ring::P(p)),
            _ => bad(path, "UNKNOWN_RING", "Z, Q or F_p with p a prime below 2^63"),
        },
        None => bad(path, "UNKNOWN_RING", "Z, Q or F_p"),
    }
}

/// A canonical entry in `ring`.
pub fn entry(v: &Value, ring: Ring, path: &str) -> Step<Num> {
    let Some(s) = v.as_str() else { return bad(path, "NOT_AN_ENTRY", "expected a canonical string") };
    if s.len() > MAX_DIGITS {
        return Err(Stop::Limit(format!("{path} has more than {MAX_DIGITS} digits")));
    }
    let int = |t: &str| -> Option<BigInt> {
        let digits = t.strip_prefix('-').unwrap_or(t);
        let ok =
            !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && (!digits.starts_with('0') || t == "0");
        ok.then(|| t.parse().ok()).flatten()
    };
    let x = match s.split_once('/') {
        None => int(s).map(Num::int),
        Some((n, d)) => match (int(n), int(d)) {
            (Some(n), Some(d)) if d > BigInt::from(1) => {
                let x = Num::frac(n.clone(), d.clone());
                (x.n == n && x.d == d).then_some(x)
            }
            _ => None,
        },
    };
    let Some(x) = x else {
        return bad(path, "NOT_AN_ENTRY", "expected a canonical integer or fraction in lowest terms");
    };
    match ring {
        Ring::Z if !x.is_integer() => bad(path, "NOT_IN_RING", "an integer was expected"),
        Ring::P(p) if !x.is_integer() || x.n.sign() == num_bigint::Sign::Minus || x.n >= BigInt::from(p) => {
            bad(path, "NOT_IN_RING", format!("a residue in 0..{p}"))
        }
        _ => Ok(x),
    }
}

/// A matrix `{"shape": [m, n], "rows": [...]}` over `ring`.
pub fn matrix(v: &Value, ring: Ring, path: &str) -> Step<Mat> {
    let map = object(v, path, &["shape", "rows"])?;
    let shape = array(field(map, path, "shape")?, &pointer(path, "shape"))?;
    let dims: Vec<usize> = shape.iter().filter_map(|x| x.as_u64()).map(|x| x as usize).collect();
    let [m, n] = dims[..] else { return bad(pointer(path, "shape"), "BAD_SHAPE", "expected [rows, columns]") };
    if m > MAX_DIMENSION || n > MAX_DIMENSION {
        return Err(Stop::Limit(format!("{path} has more than {MAX_DIMENSION} rows or columns")));
    }
    let rows_path = pointer(path, "rows");
    let rows = array(field(map, path, "rows")?, &rows_path)?;
    if rows.len() != m {
        return bad(rows_path, "BAD_SHAPE", format!("{m} rows expected"));
    }
    let mut out = Vec::with_capacity(m);
    for (i, r) in rows.iter().enumerate() {
        let at = pointer(&rows_path, i);
        let r = array(r, &at)?;
        if r.len() != n {
            return bad(at, "BAD_SHAPE", format!("{n} entries expected"));
        }
        out.push(r.iter().enumerate().map(|(j, x)| entry(x, ring, &pointer(&at, j))).collect::<Step<Vec<Num>>>()?);
    }
    Ok(Mat { rows: out, cols: n })
}

/// A list of natural numbers.
pub fn naturals(v: &Value, path: &str) -> Step<Vec<usize>> {
    Ok(crate::evidence::collected::naturals(v, path)?.into_iter().map(|x| x as usize).collect())
}

impl Checker for MatrixCertificate {
    fn identity(&self) -> &CheckerIdentity {
        &IDENTITY
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[MATRIX_EVIDENCE]
    }

    fn check(&self, e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        verdict(replay(e, cx))
    }
}

fn replay(e: &Evidence, cx: &CheckContext) -> Step<String> {
    let mut findings = Findings::default();
    if let Err(f) = expect(e, MATRIX_EVIDENCE, MATRIX_SEMANTICS, MATRIX_FORMAT, "matrix") {
        findings.extend(f);
    }
    if let Err(f) = object(&e.candidate, "/candidate", &[]) {
        findings.extend(f);
    }
    if !findings.is_empty() {
        return Err(findings.into());
    }
    let map = object(&e.claim, "/claim", &["ring", "statements"])?;
    let ring = ring(field(map, "/claim", "ring")?, "/claim/ring")?;
    let statements = array(field(map, "/claim", "statements")?, "/claim/statements")?;
    if statements.is_empty() {
        return bad("/claim/statements", "NO_STATEMENTS", "a non-empty list of statements");
    }
    if statements.len() > MAX_STATEMENTS {
        return Err(Stop::Limit(format!("more than {MAX_STATEMENTS} statements")));
    }
    let mut kinds = vec![];
    for (i, s) in statements.iter().enumerate() {
        if cx.should_stop() {
            return Err(Stop::interrupted());
        }
        let at = pointer("/claim/statements", i);
        kinds.push(statements::statement(s, ring, &at, cx)?);
    }
    Ok(format!("{} statement(s) over {ring:?} replayed exactly: {}", kinds.len(), kinds.join(", ")))
}

#[cfg(test)]
mod tests;
