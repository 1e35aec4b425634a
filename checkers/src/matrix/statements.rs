//! Each statement of the matrix checker, read and replayed.

use std::collections::HashMap;

use jacobian_runtime::CheckContext;
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use serde_json::{Map, Value};

use super::arith::{self, Field, Mat, Num};
use super::{MAX_DIMENSION, Ring, entry, matrix, naturals};
use crate::evidence::collected::{Step, Stop, array, bad, field, natural, object, pointer};

/// Deepest nesting of an expression.
const MAX_DEPTH: usize = 32;
/// Largest exponent of a matrix power.
const MAX_POWER: u64 = 64;
/// Largest matrix whose adjugate is recomputed from cofactors.
const MAX_COFACTOR_SIZE: usize = 12;
/// Largest matrix whose permanent is recomputed (Ryser, 2^n terms).
const MAX_PERMANENT_SIZE: usize = 16;
/// Most faces of a complex.
const MAX_FACES: usize = 4_000;

/// Replays one statement; its kind when it holds.
pub fn statement(s: &Value, ring: Ring, at: &str, cx: &CheckContext) -> Step<&'static str> {
    let Some((kind, body)) = s.as_object().filter(|m| m.len() == 1).and_then(|m| m.iter().next()) else {
        return bad(at, "NOT_A_STATEMENT", "an object with one key naming the statement");
    };
    let at = &pointer(at, kind);
    let f = ring.field();
    Ok(match kind.as_str() {
        "equal" => {
            let [l, r] = array(body, at)? else { return bad(at, "NOT_A_PAIR", "expected [expression, expression]") };
            let (l, r) = (eval(l, ring, &pointer(at, 0), 0, cx)?, eval(r, ring, &pointer(at, 1), 0, cx)?);
            same(&l, &r, at, "the two sides differ")?;
            "equal"
        }
        "determinant" => {
            let m = object(body, at, &["matrix", "value"])?;
            let a = square(m, at, "matrix", ring)?;
            let value = entry(field(m, at, "value")?, ring, &pointer(at, "value"))?;
            if f.det(&a) != value {
                return bad(at, "DOES_NOT_HOLD", "the determinant, recomputed from modular images, differs");
            }
            "determinant"
        }
        "trace" => {
            let m = object(body, at, &["matrix", "value"])?;
            let a = square(m, at, "matrix", ring)?;
            let value = entry(field(m, at, "value")?, ring, &pointer(at, "value"))?;
            let trace = (0..a.cols).fold(Num::int(0), |acc, i| f.add(&acc, &a.rows[i][i]));
            if trace != value {
                return bad(at, "DOES_NOT_HOLD", format!("the trace is {trace}"));
            }
            "trace"
        }
        "inverse" => {
            let m = object(body, at, &["matrix", "inverse"])?;
            let (a, b) = (square(m, at, "matrix", ring)?, square(m, at, "inverse", ring)?);
            let id = f.identity(a.cols);
            same(&product(f, &a, &b, at)?, &id, at, "A·B is not the identity")?;
            same(&product(f, &b, &a, at)?, &id, at, "B·A is not the identity")?;
            "inverse"
        }
        "adjugate" => adjugate(body, ring, at)?,
        "kernel" => kernel(body, ring, at, false).map(|_| "kernel")?,
        "rank" => kernel(body, ring, at, true).map(|_| "rank")?,
        "span" => span(body, ring, at)?,
        "echelon" => echelon(body, ring, at)?,
        "hermite" => hermite(body, ring, at)?,
        "smith" => {
            let m = object(body, at, &["matrix", "left", "right", "diagonal"])?;
            smith(m, ring, at, "matrix")?;
            "smith"
        }
        "lll" => lll(body, ring, at)?,
        "no_solution" => no_solution(body, ring, at)?,
        "characteristic_polynomial" => charpoly(body, ring, at)?,
        "minimal_polynomial" => minpoly(body, ring, at)?,
        "abelian_group" => abelian_group(body, ring, at)?,
        "homology" => homology(body, ring, at, cx)?,
        "chain_homology" => chain_homology(body, ring, at, cx)?,
        "permanent" => permanent(body, ring, at)?,
        "frobenius" => frobenius(body, ring, at)?,
        "congruence" => congruence(body, ring, at)?,
        "gram_schmidt" => gram_schmidt(body, ring, at)?,
        "jordan" => jordan(body, ring, at)?,
        "sign" => sign(body, ring, at, cx)?,
        _ => return bad(at, "UNKNOWN_STATEMENT", "not a statement of this format"),
    })
}

fn mat(m: &Map<String, Value>, at: &str, name: &str, ring: Ring) -> Step<Mat> {
    matrix(field(m, at, name)?, ring, &pointer(at, name))
}

fn square(m: &Map<String, Value>, at: &str, name: &str, ring: Ring) -> Step<Mat> {
    let a = mat(m, at, name, ring)?;
    if a.rows.len() != a.cols {
        return bad(pointer(at, name), "NOT_SQUARE", "a square matrix was expected");
    }
    Ok(a)
}

fn same(a: &Mat, b: &Mat, at: &str, message: &str) -> Step<()> {
    if a != b {
        return bad(at, "DOES_NOT_HOLD", message);
    }
    Ok(())
}

fn product(f: Field, a: &Mat, b: &Mat, at: &str) -> Step<Mat> {
    match f.product(a, b) {
        Some(p) => Ok(p),
        None => bad(at, "NOT_CONFORMABLE", "the shapes of a product do not match"),
    }
}

fn zero(m: usize, n: usize) -> Mat {
    Mat { rows: vec![vec![Num::int(0); n]; m], cols: n }
}

fn unimodular(a: &Mat, at: &str) -> Step<()> {
    if a.rows.len() != a.cols {
        return bad(at, "NOT_SQUARE", "a transform is square");
    }
    let d = Field::Q.det(a);
    if !(d.is_integer() && d.n.abs().is_one()) {
        return bad(at, "NOT_UNIMODULAR", format!("the determinant is {d}, not ±1"));
    }
    Ok(())
}

/// The minor on `rows` × `cols` is not zero (indices in range and distinct).
fn nonzero_minor(f: Field, a: &Mat, rows: &[usize], cols: &[usize], at: &str) -> Step<()> {
    let distinct = |v: &[usize], n: usize| {
        let mut s = v.to_vec();
        s.sort_unstable();
        s.dedup();
        s.len() == v.len() && v.iter().all(|&i| i < n)
    };
    if rows.len() != cols.len() || !distinct(rows, a.rows.len()) || !distinct(cols, a.cols) {
        return bad(at, "BAD_MINOR", "distinct row and column indices in range, as many rows as columns");
    }
    if f.det(&a.minor(rows, cols)).is_zero() {
        return bad(at, "ZERO_MINOR", "the minor is zero, so it witnesses no rank");
    }
    Ok(())
}

fn eval(v: &Value, ring: Ring, at: &str, depth: usize, cx: &CheckContext) -> Step<Mat> {
    if depth > MAX_DEPTH {
        return Err(Stop::Limit(format!("{at} is nested deeper than {MAX_DEPTH}")));
    }
    if cx.should_stop() {
        return Err(Stop::interrupted());
    }
    if v.get("rows").is_some() || v.get("shape").is_some() {
        return matrix(v, ring, at);
    }
    let f = ring.field();
    let Some((op, args)) = v.as_object().filter(|m| m.len() == 1).and_then(|m| m.iter().next()) else {
        return bad(at, "NOT_AN_EXPRESSION", "a matrix or one operation");
    };
    let at = &pointer(at, op);
    let list = |min: usize| -> Step<Vec<Mat>> {
        let items = array(args, at)?;
        if items.len() < min {
            return bad(at, "TOO_FEW", format!("at least {min} operands"));
        }
        items.iter().enumerate().map(|(i, x)| eval(x, ring, &pointer(at, i), depth + 1, cx)).collect()
    };
    match op.as_str() {
        "product" | "sum" => {
            let items = list(1)?;
            let mut acc = items[0].clone();
            for x in &items[1..] {
                let next = if op == "product" { f.product(&acc, x) } else { f.sum(&acc, x) };
                acc = next.map_or_else(|| bad(at, "NOT_CONFORMABLE", "the shapes do not match"), Ok)?;
            }
            Ok(acc)
        }
        "negate" | "transpose" => {
            let a = eval(args, ring, at, depth + 1, cx)?;
            Ok(if op == "transpose" {
                a.transpose()
            } else {
                Mat { rows: a.rows.iter().map(|r| r.iter().map(|x| f.neg(x)).collect()).collect(), cols: a.cols }
            })
        }
        "scale" => {
            let [c, e] = array(args, at)? else { return bad(at, "NOT_A_PAIR", "expected [entry, expression]") };
            let c = entry(c, ring, &pointer(at, 0))?;
            let a = eval(e, ring, &pointer(at, 1), depth + 1, cx)?;
            Ok(Mat { rows: a.rows.iter().map(|r| r.iter().map(|x| f.mul(&c, x)).collect()).collect(), cols: a.cols })
        }
        "power" => {
            let [e, k] = array(args, at)? else { return bad(at, "NOT_A_PAIR", "expected [expression, exponent]") };
            let k = natural(k, &pointer(at, 1))?;
            if k > MAX_POWER {
                return Err(Stop::Limit(format!("an exponent above {MAX_POWER}")));
            }
            let a = eval(e, ring, &pointer(at, 0), depth + 1, cx)?;
            if a.rows.len() != a.cols {
                return bad(at, "NOT_SQUARE", "a power of a square matrix");
            }
            let mut acc = f.identity(a.cols);
            for _ in 0..k {
                acc = product(f, &acc, &a, at)?;
            }
            Ok(acc)
        }
        "kronecker" => {
            let items = list(2)?;
            let [a, b] = &items[..] else { return bad(at, "NOT_A_PAIR", "two operands") };
            let (p, q) = (b.rows.len(), b.cols);
            if a.rows.len() * p > MAX_DIMENSION || a.cols * q > MAX_DIMENSION {
                return Err(Stop::Limit("a Kronecker product past the dimension bound".into()));
            }
            let rows = (0..a.rows.len() * p)
                .map(|i| (0..a.cols * q).map(|j| f.mul(&a.rows[i / p][j / q], &b.rows[i % p][j % q])).collect())
                .collect();
            Ok(Mat { rows, cols: a.cols * q })
        }
        "stack" => {
            let items = list(1)?;
            let cols = items[0].cols;
            if items.iter().any(|m| m.cols != cols) {
                return bad(at, "NOT_CONFORMABLE", "stacked matrices have one column count");
            }
            if items.iter().map(|m| m.rows.len()).sum::<usize>() > MAX_DIMENSION {
                return Err(Stop::Limit(format!("a stack past {MAX_DIMENSION} rows")));
            }
            Ok(Mat { rows: items.into_iter().flat_map(|m| m.rows).collect(), cols })
        }
        "identity" => {
            let n = natural(args, at)? as usize;
            if n > MAX_DIMENSION {
                return Err(Stop::Limit(format!("an identity past {MAX_DIMENSION}")));
            }
            Ok(f.identity(n))
        }
        _ => {
            bad(at, "UNKNOWN_OPERATION", "product, sum, negate, transpose, scale, power, kronecker, stack or identity")
        }
    }
}

/// Every entry of an expression over Z or Q has one sign: `positive`, `nonnegative`,
/// `negative` or `nonpositive`.
fn sign(body: &Value, ring: Ring, at: &str, cx: &CheckContext) -> Step<&'static str> {
    if let Ring::P(_) = ring {
        return bad(at, "WRONG_RING", "signs are over Z or Q");
    }
    let m = object(body, at, &["of", "is"])?;
    let a = eval(field(m, at, "of")?, ring, &pointer(at, "of"), 0, cx)?;
    let is_at = pointer(at, "is");
    let want = field(m, at, "is")?.as_str().unwrap_or_default();
    let holds: fn(&BigInt) -> bool = match want {
        "positive" => |n| n.is_positive(),
        "nonnegative" => |n| !n.is_negative(),
        "negative" => |n| n.is_negative(),
        "nonpositive" => |n| !n.is_positive(),
        _ => return bad(is_at, "UNKNOWN_SIGN", "positive, nonnegative, negative or nonpositive"),
    };
    for (i, row) in a.rows.iter().enumerate() {
        // Denominators are positive, so the numerator carries the sign.
        if let Some(j) = row.iter().position(|x| !holds(&x.n)) {
            return bad(
                pointer(&pointer(&pointer(at, "of"), i), j),
                "DOES_NOT_HOLD",
                format!("an entry is not {want}"),
            );
        }
    }
    Ok("sign")
}

fn adjugate(body: &Value, ring: Ring, at: &str) -> Step<&'static str> {
    let f = ring.field();
    let m = object(body, at, &["matrix", "adjugate"])?;
    let (a, b) = (square(m, at, "matrix", ring)?, square(m, at, "adjugate", ring)?);
    let n = a.cols;
    if b.cols != n {
        return bad(pointer(at, "adjugate"), "BAD_SHAPE", "the adjugate has the matrix's size");
    }
    let d = f.det(&a);
    let scaled =
        Mat { rows: f.identity(n).rows.iter().map(|r| r.iter().map(|x| f.mul(x, &d)).collect()).collect(), cols: n };
    same(&product(f, &a, &b, at)?, &scaled, at, "A·adj(A) is not det(A)·I")?;
    same(&product(f, &b, &a, at)?, &scaled, at, "adj(A)·A is not det(A)·I")?;
    if d.is_zero() && n > 1 {
        // A·B = 0 does not determine B when A is singular: recompute every cofactor.
        if n > MAX_COFACTOR_SIZE {
            return Err(Stop::Limit(format!("a singular matrix past {MAX_COFACTOR_SIZE} rows")));
        }
        for i in 0..n {
            for j in 0..n {
                let rows: Vec<usize> = (0..n).filter(|&r| r != j).collect();
                let cols: Vec<usize> = (0..n).filter(|&c| c != i).collect();
                let c = f.det(&a.minor(&rows, &cols));
                let c = if (i + j) % 2 == 1 { f.neg(&c) } else { c };
                if c != b.rows[i][j] {
                    return bad(
                        pointer(&pointer(&pointer(at, "adjugate"), "rows"), i),
                        "DOES_NOT_HOLD",
                        "a cofactor differs",
                    );
                }
            }
        }
    }
    Ok("adjugate")
}

/// A kernel basis with its rank witnesses; the rank.
fn kernel(body: &Value, ring: Ring, at: &str, with_rank: bool) -> Step<usize> {
    let f = ring.field();
    let fields: &[&str] = if with_rank {
        &["matrix", "basis", "minor", "basis_rows", "rank"]
    } else {
        &["matrix", "basis", "minor", "basis_rows"]
    };
    let m = object(body, at, fields)?;
    let (a, nb) = (mat(m, at, "matrix", ring)?, mat(m, at, "basis", ring)?);
    if nb.rows.len() != a.cols {
        return bad(pointer(at, "basis"), "BAD_SHAPE", "a kernel vector has one entry per column of the matrix");
    }
    let minor_at = pointer(at, "minor");
    let minor = object(field(m, at, "minor")?, &minor_at, &["rows", "cols"])?;
    let rows = naturals(field(minor, &minor_at, "rows")?, &pointer(&minor_at, "rows"))?;
    let cols = naturals(field(minor, &minor_at, "cols")?, &pointer(&minor_at, "cols"))?;
    let r = rows.len();
    same(&product(f, &a, &nb, at)?, &zero(a.rows.len(), nb.cols), &pointer(at, "basis"), "A·N is not zero")?;
    nonzero_minor(f, &a, &rows, &cols, &minor_at)?;
    if r + nb.cols != a.cols {
        return bad(
            pointer(at, "basis"),
            "INCOMPLETE",
            format!("rank {r} leaves {} kernel vectors, not {}", a.cols - r, nb.cols),
        );
    }
    let basis_rows = naturals(field(m, at, "basis_rows")?, &pointer(at, "basis_rows"))?;
    let all: Vec<usize> = (0..nb.cols).collect();
    nonzero_minor(f, &nb, &basis_rows, &all, &pointer(at, "basis_rows"))?;
    if with_rank && natural(field(m, at, "rank")?, &pointer(at, "rank"))? != r as u64 {
        return bad(pointer(at, "rank"), "DOES_NOT_HOLD", format!("the certificate shows rank {r}"));
    }
    Ok(r)
}

fn span(body: &Value, ring: Ring, at: &str) -> Step<&'static str> {
    let f = ring.field();
    let m = object(body, at, &["matrix", "basis", "selection", "combination", "basis_rows"])?;
    let a = mat(m, at, "matrix", ring)?;
    let b = mat(m, at, "basis", ring)?;
    same(&product(f, &a, &mat(m, at, "selection", ring)?, at)?, &b, &pointer(at, "selection"), "B is not A·S")?;
    same(&product(f, &b, &mat(m, at, "combination", ring)?, at)?, &a, &pointer(at, "combination"), "A is not B·C")?;
    let rows = naturals(field(m, at, "basis_rows")?, &pointer(at, "basis_rows"))?;
    nonzero_minor(f, &b, &rows, &(0..b.cols).collect::<Vec<_>>(), &pointer(at, "basis_rows"))?;
    Ok("span")
}

/// The pivot column of each row (None for a zero row).
fn pivots(r: &Mat) -> Vec<Option<usize>> {
    r.rows.iter().map(|row| row.iter().position(|x| !x.is_zero())).collect()
}

fn echelon(body: &Value, ring: Ring, at: &str) -> Step<&'static str> {
    let f = ring.field();
    let m = object(body, at, &["matrix", "form", "transform", "back", "reduced"])?;
    let a = mat(m, at, "matrix", ring)?;
    let r = mat(m, at, "form", ring)?;
    same(&product(f, &mat(m, at, "transform", ring)?, &a, at)?, &r, &pointer(at, "transform"), "R is not T·A")?;
    same(&product(f, &mat(m, at, "back", ring)?, &r, at)?, &a, &pointer(at, "back"), "A is not C·R")?;
    let reduced = field(m, at, "reduced")?.as_bool();
    let Some(reduced) = reduced else { return bad(pointer(at, "reduced"), "NOT_A_BOOLEAN", "true or false") };
    let piv = pivots(&r);
    let form_at = pointer(at, "form");
    let mut last: Option<usize> = None;
    let mut seen_zero = false;
    for (i, p) in piv.iter().enumerate() {
        match p {
            None => seen_zero = true,
            Some(c) => {
                if seen_zero || last.is_some_and(|l| *c <= l) {
                    return bad(pointer(&form_at, "rows"), "NOT_ECHELON", format!("row {i} breaks the staircase"));
                }
                last = Some(*c);
                if reduced {
                    let alone = (0..r.rows.len()).all(|k| k == i || r.rows[k][*c].is_zero());
                    if r.rows[i][*c] != Num::int(1) || !alone {
                        return bad(
                            pointer(&form_at, "rows"),
                            "NOT_REDUCED",
                            format!("the pivot of row {i} is not 1 alone in its column"),
                        );
                    }
                }
            }
        }
    }
    Ok(if reduced { "reduced echelon" } else { "echelon" })
}

fn need_z(ring: Ring, at: &str) -> Step<()> {
    if ring != Ring::Z {
        return bad(at, "WRONG_RING", "this statement is over Z");
    }
    Ok(())
}

fn hermite(body: &Value, ring: Ring, at: &str) -> Step<&'static str> {
    need_z(ring, at)?;
    let f = Field::Q;
    let m = object(body, at, &["matrix", "form", "transform"])?;
    let (a, h, u) = (mat(m, at, "matrix", ring)?, mat(m, at, "form", ring)?, mat(m, at, "transform", ring)?);
    let (rows, n, k) = (a.rows.len(), a.cols, h.cols);
    if h.rows.len() != rows || k > n {
        return bad(pointer(at, "form"), "BAD_SHAPE", "H has the matrix's rows and at most its columns");
    }
    unimodular(&u, &pointer(at, "transform"))?;
    let au = product(f, &a, &u, at)?;
    let expected = Mat {
        rows: (0..rows)
            .map(|i| (0..n).map(|j| if j < n - k { Num::int(0) } else { h.rows[i][j - (n - k)].clone() }).collect())
            .collect(),
        cols: n,
    };
    same(&au, &expected, &pointer(at, "transform"), "A·U is not [0 | H]")?;
    // Shape: column j has its last non-zero entry (the pivot) in row f(j), f strictly increasing.
    let form_at = pointer(at, "form");
    let mut last = None;
    for j in 0..k {
        let Some(fj) = (0..rows).rev().find(|&i| !h.rows[i][j].is_zero()) else {
            return bad(&form_at, "NOT_HERMITE", format!("column {j} is zero"));
        };
        let pivot = &h.rows[fj][j].n;
        if !pivot.is_positive() || last.is_some_and(|l| fj <= l) {
            return bad(
                &form_at,
                "NOT_HERMITE",
                format!("the pivot of column {j} is not positive or not below the previous one"),
            );
        }
        last = Some(fj);
        if let Some(c) = (j + 1..k).find(|&c| h.rows[fj][c].n.is_negative() || h.rows[fj][c].n >= *pivot) {
            return bad(
                &form_at,
                "NOT_REDUCED",
                format!("entry ({fj}, {c}) is not reduced modulo the pivot of column {j}"),
            );
        }
    }
    Ok("hermite")
}

/// A Smith certificate of the matrix in `name`: the diagonal.
fn smith(m: &Map<String, Value>, ring: Ring, at: &str, name: &str) -> Step<Vec<BigInt>> {
    need_z(ring, at)?;
    let f = Field::Q;
    let a = mat(m, at, name, ring)?;
    let (u, v) = (mat(m, at, "left", ring)?, mat(m, at, "right", ring)?);
    unimodular(&u, &pointer(at, "left"))?;
    unimodular(&v, &pointer(at, "right"))?;
    let d_at = pointer(at, "diagonal");
    let diagonal = array(field(m, at, "diagonal")?, &d_at)?;
    let (rows, cols) = (a.rows.len(), a.cols);
    if diagonal.len() != rows.min(cols) {
        return bad(&d_at, "BAD_SHAPE", "one diagonal entry per min(rows, columns)");
    }
    let d: Vec<BigInt> = diagonal
        .iter()
        .enumerate()
        .map(|(i, x)| entry(x, ring, &pointer(&d_at, i)).map(|x| x.n))
        .collect::<Step<_>>()?;
    for (i, w) in d.windows(2).enumerate() {
        let divides = if w[0].is_zero() { w[1].is_zero() } else { (&w[1] % &w[0]).is_zero() };
        if w[0].is_negative() || !divides {
            return bad(pointer(&d_at, i), "NOT_SMITH", "entries are ≥ 0 and each divides the next");
        }
    }
    if d.last().is_some_and(|x| x.is_negative()) {
        return bad(&d_at, "NOT_SMITH", "entries are ≥ 0");
    }
    let expected = Mat {
        rows: (0..rows)
            .map(|i| (0..cols).map(|j| Num::int(if i == j { d[i].clone() } else { BigInt::zero() })).collect())
            .collect(),
        cols,
    };
    let uav = product(f, &product(f, &u, &a, at)?, &v, at)?;
    same(&uav, &expected, at, "U·A·V is not the diagonal matrix")?;
    Ok(d)
}

fn rational(v: &Value, at: &str) -> Step<Num> {
    entry(v, Ring::Q, at)
}

fn lll(body: &Value, ring: Ring, at: &str) -> Step<&'static str> {
    need_z(ring, at)?;
    let f = Field::Q;
    let m = object(body, at, &["basis", "transform", "kernel", "reduced", "delta", "eta"])?;
    let (b, t, r) = (mat(m, at, "basis", ring)?, mat(m, at, "transform", ring)?, mat(m, at, "reduced", ring)?);
    let k = natural(field(m, at, "kernel")?, &pointer(at, "kernel"))? as usize;
    let (delta, eta) = (
        rational(field(m, at, "delta")?, &pointer(at, "delta"))?,
        rational(field(m, at, "eta")?, &pointer(at, "eta"))?,
    );
    // 1/4 < δ < 1 and 1/2 ≤ η < 1, compared by cross-multiplication.
    let delta_ok = &delta.n * 4 > delta.d && delta.n < delta.d;
    let eta_ok = &eta.n * 2 >= eta.d && eta.n < eta.d;
    if !delta_ok || !eta_ok {
        return bad(pointer(at, "delta"), "BAD_PARAMETERS", "1/4 < δ < 1 and 1/2 ≤ η < 1");
    }
    unimodular(&t, &pointer(at, "transform"))?;
    if k + r.rows.len() != b.rows.len() || r.cols != b.cols {
        return bad(pointer(at, "reduced"), "BAD_SHAPE", "kernel rows and reduced rows make up the basis's rows");
    }
    let mut expected = zero(k, b.cols);
    expected.rows.extend(r.rows.iter().cloned());
    same(
        &product(f, &t, &b, at)?,
        &expected,
        &pointer(at, "transform"),
        "T·B is not the zero rows then the reduced rows",
    )?;
    let ints: Vec<Vec<BigInt>> = r.rows.iter().map(|row| row.iter().map(|x| x.n.clone()).collect()).collect();
    let Some((d, lambda)) = arith::gram_schmidt(&ints) else {
        return bad(pointer(at, "reduced"), "DEPENDENT", "the reduced rows are linearly dependent");
    };
    for i in 0..ints.len() {
        for j in 0..i {
            if &eta.d * lambda[i][j].abs() > &eta.n * &d[j + 1] {
                return bad(pointer(at, "reduced"), "NOT_SIZE_REDUCED", format!("|μ({i}, {j})| exceeds η"));
            }
        }
        if i >= 1 {
            let l = &lambda[i][i - 1];
            if &delta.n * &d[i] * &d[i] > &delta.d * (&d[i + 1] * &d[i - 1] + l * l) {
                return bad(pointer(at, "reduced"), "NOT_LOVASZ", format!("Lovász's condition fails at row {i}"));
            }
        }
    }
    Ok("lll")
}

fn no_solution(body: &Value, ring: Ring, at: &str) -> Step<&'static str> {
    let f = ring.field();
    let m = object(body, at, &["matrix", "rhs", "certificate"])?;
    let (a, b) = (mat(m, at, "matrix", ring)?, mat(m, at, "rhs", ring)?);
    let cert_ring = if ring == Ring::Z { Ring::Q } else { ring };
    let y = mat(m, at, "certificate", cert_ring)?;
    let ya = product(f, &y, &a, at)?;
    let yb = product(f, &y, &b, at)?;
    if y.rows.len() != 1 || b.cols != 1 {
        return bad(pointer(at, "certificate"), "BAD_SHAPE", "y is one row and b one column");
    }
    let holds = if ring == Ring::Z {
        ya.rows.iter().flatten().all(Num::is_integer) && !yb.rows[0][0].is_integer()
    } else {
        ya.is_zero() && !yb.rows[0][0].is_zero()
    };
    if !holds {
        return bad(pointer(at, "certificate"), "DOES_NOT_HOLD", "y does not separate b from the column span");
    }
    Ok("no solution")
}

fn coefficients(m: &Map<String, Value>, at: &str, ring: Ring) -> Step<Vec<Num>> {
    let c_at = pointer(at, "coefficients");
    let c = array(field(m, at, "coefficients")?, &c_at)?;
    let c: Vec<Num> = c.iter().enumerate().map(|(i, x)| entry(x, ring, &pointer(&c_at, i))).collect::<Step<_>>()?;
    if c.last() != Some(&Num::int(1)) {
        return bad(c_at, "NOT_MONIC", "the leading coefficient is 1");
    }
    Ok(c)
}

fn charpoly(body: &Value, ring: Ring, at: &str) -> Step<&'static str> {
    let f = ring.field();
    let m = object(body, at, &["matrix", "coefficients"])?;
    let a = square(m, at, "matrix", ring)?;
    let c = coefficients(m, at, ring)?;
    let n = a.cols;
    if c.len() != n + 1 {
        return bad(pointer(at, "coefficients"), "BAD_DEGREE", format!("degree {n}"));
    }
    if let Ring::P(p) = ring
        && (p as usize) <= n
    {
        return Err(Stop::Limit(format!("F_{p} has too few points to interpolate a degree-{n} polynomial")));
    }
    // A monic polynomial of degree n is fixed by its values at n points; t = 0..n checks n+1.
    for t in 0..=n {
        let t = Num::int(t);
        let mut shifted = a.clone();
        for (i, row) in shifted.rows.iter_mut().enumerate() {
            for (j, x) in row.iter_mut().enumerate() {
                *x = if i == j { f.add(&t, &f.neg(x)) } else { f.neg(x) };
            }
        }
        let value = c.iter().rev().fold(Num::int(0), |acc, k| f.add(&f.mul(&acc, &t), k));
        if f.det(&shifted) != value {
            return bad(pointer(at, "coefficients"), "DOES_NOT_HOLD", format!("det(tI − A) differs at t = {t}"));
        }
    }
    Ok("characteristic polynomial")
}

fn minpoly(body: &Value, ring: Ring, at: &str) -> Step<&'static str> {
    let f = ring.field();
    let m = object(body, at, &["matrix", "coefficients", "positions"])?;
    let a = square(m, at, "matrix", ring)?;
    let c = coefficients(m, at, ring)?;
    let n = a.cols;
    let d = c.len() - 1;
    if d > n {
        return bad(pointer(at, "coefficients"), "BAD_DEGREE", "at most the matrix's size");
    }
    // m(A) by Horner.
    let mut value = zero(n, n);
    for k in c.iter().rev() {
        value = product(f, &value, &a, at)?;
        for i in 0..n {
            value.rows[i][i] = f.add(&value.rows[i][i], k);
        }
    }
    if !value.is_zero() {
        return bad(pointer(at, "coefficients"), "DOES_NOT_HOLD", "m(A) is not zero");
    }
    // I, A, …, A^{d−1} flattened: the d × d minor on `positions` is not zero.
    let positions = naturals(field(m, at, "positions")?, &pointer(at, "positions"))?;
    let mut powers = vec![];
    let mut p = f.identity(n);
    for _ in 0..d {
        powers.push(p.rows.iter().flatten().cloned().collect::<Vec<_>>());
        p = product(f, &p, &a, at)?;
    }
    let flat = Mat { rows: powers, cols: n * n };
    nonzero_minor(f, &flat, &(0..d).collect::<Vec<_>>(), &positions, &pointer(at, "positions"))?;
    Ok("minimal polynomial")
}

fn abelian_group(body: &Value, ring: Ring, at: &str) -> Step<&'static str> {
    let m = object(body, at, &["relations", "left", "right", "diagonal", "invariants", "rank"])?;
    let d = smith(m, ring, at, "relations")?;
    let n = mat(m, at, "relations", ring)?.cols;
    let inv_at = pointer(at, "invariants");
    let invariants: Vec<BigInt> = array(field(m, at, "invariants")?, &inv_at)?
        .iter()
        .enumerate()
        .map(|(i, x)| entry(x, ring, &pointer(&inv_at, i)).map(|x| x.n))
        .collect::<Step<_>>()?;
    let expected: Vec<BigInt> = d.iter().filter(|x| *x > &BigInt::one()).cloned().collect();
    if invariants != expected {
        return bad(inv_at, "DOES_NOT_HOLD", "the invariant factors are the diagonal entries above 1");
    }
    let rank = n - d.iter().filter(|x| !x.is_zero()).count();
    if natural(field(m, at, "rank")?, &pointer(at, "rank"))? != rank as u64 {
        return bad(pointer(at, "rank"), "DOES_NOT_HOLD", format!("the free rank is {rank}"));
    }
    Ok("abelian group")
}

/// Faces of every dimension, each list sorted lexicographically.
fn faces(facets: &[Vec<u64>], at: &str) -> Step<Vec<Vec<Vec<u64>>>> {
    let dim = facets.iter().map(Vec::len).max().unwrap_or(1) - 1;
    let mut by_dim: Vec<std::collections::BTreeSet<Vec<u64>>> = vec![Default::default(); dim + 1];
    for f in facets {
        if f.len() > 16 {
            return Err(Stop::Limit("a facet of more than 16 vertices".into()));
        }
        for mask in 1u32..(1 << f.len()) {
            let face: Vec<u64> = (0..f.len()).filter(|i| mask >> i & 1 == 1).map(|i| f[i]).collect();
            by_dim[face.len() - 1].insert(face);
        }
        if by_dim.iter().map(|s| s.len()).sum::<usize>() > MAX_FACES {
            return Err(Stop::Limit(format!("{at}: more than {MAX_FACES} faces")));
        }
    }
    Ok(by_dim.into_iter().map(|s| s.into_iter().collect()).collect())
}

fn boundary(faces: &[Vec<Vec<u64>>], k: usize) -> Mat {
    let index: HashMap<&Vec<u64>, usize> = faces[k - 1].iter().enumerate().map(|(i, f)| (f, i)).collect();
    let mut rows = vec![vec![Num::int(0); faces[k].len()]; faces[k - 1].len()];
    for (j, s) in faces[k].iter().enumerate() {
        for i in 0..s.len() {
            let mut face = s.clone();
            face.remove(i);
            rows[index[&face]][j] = Num::int(if i % 2 == 0 { 1 } else { -1 });
        }
    }
    Mat { rows, cols: faces[k].len() }
}

fn homology(body: &Value, ring: Ring, at: &str, cx: &CheckContext) -> Step<&'static str> {
    need_z(ring, at)?;
    let m = object(body, at, &["facets", "smith", "betti", "torsion"])?;
    let facets_at = pointer(at, "facets");
    let facets: Vec<Vec<u64>> = array(field(m, at, "facets")?, &facets_at)?
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let mut v: Vec<u64> = naturals(f, &pointer(&facets_at, i))?.into_iter().map(|x| x as u64).collect();
            v.sort_unstable();
            v.dedup();
            if v.is_empty() {
                return bad(pointer(&facets_at, i), "EMPTY", "a facet has a vertex");
            }
            Ok(v)
        })
        .collect::<Step<_>>()?;
    if facets.is_empty() {
        return bad(&facets_at, "EMPTY", "at least one facet");
    }
    let faces = faces(&facets, &facets_at)?;
    let maps: Vec<Mat> = (1..faces.len()).map(|k| boundary(&faces, k)).collect();
    let sizes: Vec<usize> = faces.iter().map(Vec::len).collect();
    groups(m, &maps, &sizes, at, cx)?;
    Ok("homology")
}

/// The homology of a chain complex given by its maps ∂_k: C_k → C_{k−1}, k = 1…d (every product
/// ∂_k∂_{k+1} zero, each rank read from a Smith certificate).
fn chain_homology(body: &Value, ring: Ring, at: &str, cx: &CheckContext) -> Step<&'static str> {
    need_z(ring, at)?;
    let m = object(body, at, &["maps", "smith", "betti", "torsion"])?;
    let maps_at = pointer(at, "maps");
    let maps: Vec<Mat> = array(field(m, at, "maps")?, &maps_at)?
        .iter()
        .enumerate()
        .map(|(k, v)| matrix(v, ring, &pointer(&maps_at, k)))
        .collect::<Step<_>>()?;
    if maps.is_empty() {
        return bad(&maps_at, "EMPTY", "at least one map");
    }
    let mut sizes = vec![maps[0].rows.len()];
    for (k, d) in maps.iter().enumerate() {
        if d.rows.len() != sizes[k] {
            return bad(pointer(&maps_at, k), "NOT_CONFORMABLE", "∂_k's rows are ∂_{k−1}'s columns");
        }
        sizes.push(d.cols);
    }
    groups(m, &maps, &sizes, at, cx)?;
    Ok("chain complex homology")
}

/// ∂∂ = 0, a Smith certificate of each map, and the Betti numbers and torsion derived from them.
fn groups(m: &Map<String, Value>, maps: &[Mat], sizes: &[usize], at: &str, cx: &CheckContext) -> Step<()> {
    let dim = maps.len();
    for k in 1..dim {
        if cx.should_stop() {
            return Err(Stop::interrupted());
        }
        if !product(Field::Q, &maps[k - 1], &maps[k], at)?.is_zero() {
            return bad(at, "NOT_A_COMPLEX", format!("∂{k}∂{} is not zero", k + 1));
        }
    }
    let s_at = pointer(at, "smith");
    let certs = array(field(m, at, "smith")?, &s_at)?;
    if certs.len() != dim {
        return bad(&s_at, "BAD_SHAPE", format!("one Smith certificate per boundary map ∂1…∂{dim}"));
    }
    let mut diagonals = vec![];
    for (k, c) in certs.iter().enumerate() {
        if cx.should_stop() {
            return Err(Stop::interrupted());
        }
        let c_at = pointer(&s_at, k);
        let map = object(c, &c_at, &["left", "right", "diagonal"])?;
        let mut full = map.clone();
        let rows: Vec<Value> = maps[k]
            .rows
            .iter()
            .map(|r| Value::Array(r.iter().map(|x| Value::String(x.to_string())).collect()))
            .collect();
        full.insert("boundary".into(), serde_json::json!({"shape": [maps[k].rows.len(), maps[k].cols], "rows": rows}));
        diagonals.push(smith(&full, Ring::Z, &c_at, "boundary")?);
    }
    let rank = |k: usize| -> usize {
        if k == 0 || k > dim { 0 } else { diagonals[k - 1].iter().filter(|x| !x.is_zero()).count() }
    };
    let betti: Vec<u64> = (0..=dim).map(|k| (sizes[k] - rank(k) - rank(k + 1)) as u64).collect();
    let torsion: Vec<Vec<String>> = (0..=dim)
        .map(|k| {
            if k < dim {
                diagonals[k].iter().filter(|x| *x > &BigInt::one()).map(|x| x.to_string()).collect()
            } else {
                vec![]
            }
        })
        .collect();
    if naturals(field(m, at, "betti")?, &pointer(at, "betti"))?.iter().map(|&x| x as u64).collect::<Vec<_>>() != betti {
        return bad(pointer(at, "betti"), "DOES_NOT_HOLD", format!("the Betti numbers are {betti:?}"));
    }
    if field(m, at, "torsion")? != &serde_json::json!(torsion) {
        return bad(pointer(at, "torsion"), "DOES_NOT_HOLD", format!("the torsion coefficients are {torsion:?}"));
    }
    Ok(())
}

/// The permanent by Ryser's formula: Σ over column subsets S of (−1)^{n−|S|} Π_i Σ_{j∈S} a_ij.
fn permanent(body: &Value, ring: Ring, at: &str) -> Step<&'static str> {
    let f = ring.field();
    let m = object(body, at, &["matrix", "value"])?;
    let a = square(m, at, "matrix", ring)?;
    let value = entry(field(m, at, "value")?, ring, &pointer(at, "value"))?;
    let n = a.cols;
    if n > MAX_PERMANENT_SIZE {
        return Err(Stop::Limit(format!("a permanent past {MAX_PERMANENT_SIZE} rows")));
    }
    let mut total = Num::int(0);
    for mask in 1u32..(1 << n) {
        let mut prod = Num::int(1);
        for row in &a.rows {
            let s = (0..n).filter(|j| mask >> j & 1 == 1).fold(Num::int(0), |acc, j| f.add(&acc, &row[j]));
            prod = f.mul(&prod, &s);
        }
        let odd = (n - mask.count_ones() as usize) % 2 == 1;
        total = f.add(&total, &if odd { f.neg(&prod) } else { prod });
    }
    if n > 0 && total != value || n == 0 && value != Num::int(1) {
        return bad(at, "DOES_NOT_HOLD", format!("the permanent is {total}"));
    }
    Ok("permanent")
}

/// The rational canonical form: F = B·A·B⁻¹ with F the block diagonal of the companion matrices
/// of monic f_1, …, f_k (constant term first; block i has 1s below its diagonal and −f_i's
/// coefficients in its last column) and f_{i+1} | f_i, which fixes F among the matrices similar
/// to A.
fn frobenius(body: &Value, ring: Ring, at: &str) -> Step<&'static str> {
    let f = ring.field();
    let m = object(body, at, &["matrix", "form", "transform", "inverse", "factors"])?;
    let a = square(m, at, "matrix", ring)?;
    let (form, b, binv) =
        (square(m, at, "form", ring)?, square(m, at, "transform", ring)?, square(m, at, "inverse", ring)?);
    let n = a.cols;
    same(&product(f, &b, &binv, at)?, &f.identity(n), &pointer(at, "inverse"), "B·B⁻¹ is not the identity")?;
    let fab = product(f, &product(f, &b, &a, at)?, &binv, at)?;
    same(&fab, &form, &pointer(at, "form"), "F is not B·A·B⁻¹")?;
    let f_at = pointer(at, "factors");
    let factors: Vec<Vec<Num>> = array(field(m, at, "factors")?, &f_at)?
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let p_at = pointer(&f_at, i);
            let c: Vec<Num> = array(p, &p_at)?
                .iter()
                .enumerate()
                .map(|(j, x)| entry(x, ring, &pointer(&p_at, j)))
                .collect::<Step<_>>()?;
            if c.len() < 2 || c.last() != Some(&Num::int(1)) {
                return bad(p_at, "NOT_MONIC", "a monic polynomial of degree ≥ 1");
            }
            Ok(c)
        })
        .collect::<Step<_>>()?;
    let mut expected = zero(n, n);
    let mut start = 0;
    for c in &factors {
        let d = c.len() - 1;
        if start + d > n {
            return bad(&f_at, "BAD_DEGREE", "the degrees add up to the size");
        }
        for (i, ci) in c[..d].iter().enumerate() {
            if i + 1 < d {
                expected.rows[start + i + 1][start + i] = Num::int(1);
            }
            expected.rows[start + i][start + d - 1] = f.neg(ci);
        }
        start += d;
    }
    if start != n {
        return bad(&f_at, "BAD_DEGREE", "the degrees add up to the size");
    }
    same(&form, &expected, &pointer(at, "form"), "F is not the companion blocks of the factors")?;
    for (i, w) in factors.windows(2).enumerate() {
        if !remainder(f, &w[0], &w[1]).iter().all(Num::is_zero) {
            return bad(pointer(&f_at, i + 1), "NOT_DIVISIBLE", "each factor divides the one before");
        }
    }
    Ok("rational canonical form")
}

/// The remainder of a by monic b (coefficients constant term first).
fn remainder(f: Field, a: &[Num], b: &[Num]) -> Vec<Num> {
    let mut r = a.to_vec();
    let db = b.len() - 1;
    while r.len() > db {
        let lead = r[r.len() - 1].clone();
        let shift = r.len() - 1 - db;
        for (k, c) in b.iter().enumerate() {
            r[shift + k] = f.add(&r[shift + k], &f.neg(&f.mul(&lead, c)));
        }
        r.pop();
    }
    r
}

/// Sylvester's law of inertia: Pᵀ·A·P = diag(d) with det P ≠ 0, so A's inertia is the count of
/// positive, negative and zero d_i (over Z or Q).
fn congruence(body: &Value, ring: Ring, at: &str) -> Step<&'static str> {
    if let Ring::P(_) = ring {
        return bad(at, "WRONG_RING", "inertia is over Q");
    }
    let f = Field::Q;
    let m = object(body, at, &["matrix", "transform", "diagonal", "inertia"])?;
    let a = square(m, at, "matrix", ring)?;
    if a != a.transpose() {
        return bad(pointer(at, "matrix"), "NOT_SYMMETRIC", "a symmetric matrix");
    }
    let p = square(m, at, "transform", Ring::Q)?;
    if p.cols != a.cols || f.det(&p).is_zero() {
        return bad(pointer(at, "transform"), "SINGULAR", "P is invertible and of A's size");
    }
    let d_at = pointer(at, "diagonal");
    let d: Vec<Num> = array(field(m, at, "diagonal")?, &d_at)?
        .iter()
        .enumerate()
        .map(|(i, x)| entry(x, Ring::Q, &pointer(&d_at, i)))
        .collect::<Step<_>>()?;
    if d.len() != a.cols {
        return bad(&d_at, "BAD_SHAPE", "one entry per row");
    }
    let mut diag = zero(d.len(), d.len());
    for (i, x) in d.iter().enumerate() {
        diag.rows[i][i] = x.clone();
    }
    let ptap = product(f, &product(f, &p.transpose(), &a, at)?, &p, at)?;
    same(&ptap, &diag, &pointer(at, "transform"), "PᵀAP is not the diagonal")?;
    let count = |s: num_bigint::Sign| d.iter().filter(|x| x.n.sign() == s).count() as u64;
    let inertia = [count(num_bigint::Sign::Plus), count(num_bigint::Sign::Minus), count(num_bigint::Sign::NoSign)];
    let claimed = naturals(field(m, at, "inertia")?, &pointer(at, "inertia"))?;
    if claimed.iter().map(|&x| x as u64).collect::<Vec<_>>() != inertia {
        return bad(pointer(at, "inertia"), "DOES_NOT_HOLD", format!("the inertia is {inertia:?}"));
    }
    Ok("inertia")
}

/// Gram–Schmidt over Q: B = M·B* with M lower unitriangular and B*·B*ᵀ diagonal, which fix B*
/// (b*_i is b_i minus its projection on the span of b_1, …, b_{i−1}).
fn gram_schmidt(body: &Value, ring: Ring, at: &str) -> Step<&'static str> {
    if let Ring::P(_) = ring {
        return bad(at, "WRONG_RING", "Gram–Schmidt is over Q");
    }
    let f = Field::Q;
    let m = object(body, at, &["basis", "orthogonal", "coefficients"])?;
    let (b, o) = (mat(m, at, "basis", ring)?, mat(m, at, "orthogonal", ring)?);
    let mu = square(m, at, "coefficients", ring)?;
    let k = b.rows.len();
    if mu.cols != k || o.rows.len() != k || o.cols != b.cols {
        return bad(pointer(at, "orthogonal"), "BAD_SHAPE", "B* has B's shape and M is k × k");
    }
    for i in 0..k {
        for j in i..k {
            let want = Num::int(u8::from(i == j));
            if mu.rows[i][j] != want {
                return bad(pointer(at, "coefficients"), "NOT_UNITRIANGULAR", "M is lower unitriangular");
            }
        }
    }
    same(&product(f, &mu, &o, at)?, &b, &pointer(at, "coefficients"), "B is not M·B*")?;
    let g = product(f, &o, &o.transpose(), at)?;
    for (i, row) in g.rows.iter().enumerate() {
        if row.iter().enumerate().any(|(j, x)| i != j && !x.is_zero()) {
            return bad(pointer(at, "orthogonal"), "NOT_ORTHOGONAL", format!("b*_{i} is not orthogonal to the others"));
        }
    }
    Ok("gram-schmidt")
}

/// A Jordan form: P·P⁻¹ = I, P⁻¹·A·P = J, and J is a Jordan matrix (entries only on the diagonal
/// and superdiagonal, superdiagonal entries 0 or 1, a 1 only between equal diagonal entries).
fn jordan(body: &Value, ring: Ring, at: &str) -> Step<&'static str> {
    let f = ring.field();
    let m = object(body, at, &["matrix", "form", "transform", "inverse"])?;
    let a = square(m, at, "matrix", ring)?;
    let (j, p, pinv) =
        (square(m, at, "form", ring)?, square(m, at, "transform", ring)?, square(m, at, "inverse", ring)?);
    let n = a.cols;
    same(&product(f, &p, &pinv, at)?, &f.identity(n), &pointer(at, "inverse"), "P·P⁻¹ is not the identity")?;
    same(&product(f, &product(f, &pinv, &a, at)?, &p, at)?, &j, &pointer(at, "form"), "J is not P⁻¹·A·P")?;
    for (r, row) in j.rows.iter().enumerate() {
        for (c, x) in row.iter().enumerate() {
            let ok = if c == r + 1 {
                x.is_zero() || (*x == Num::int(1) && j.rows[r][r] == j.rows[c][c])
            } else {
                c == r || x.is_zero()
            };
            if !ok {
                return bad(pointer(at, "form"), "NOT_JORDAN", format!("entry ({r}, {c}) breaks the Jordan shape"));
            }
        }
    }
    Ok("jordan form")
}
