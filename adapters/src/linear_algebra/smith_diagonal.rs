//! The Smith form of a nonsingular integer matrix natively, in the generic case where it is
//! diag(1, …, 1, |det A|): the diagonal alone, and the diagonal with both unimodular transforms.
//!
//! With A = U⁻¹·D·V⁻¹, every solution x = A⁻¹b has a denominator dividing d_n, and
//! d_1⋯d_n = |det A|. So when the common denominator of A⁻¹B over a few columns b is |det A|
//! itself, d_n = |det A| and every other d_i is 1. Both det A and adj(A)·B = det A · A⁻¹B are
//! recovered exactly by the Chinese remainder theorem from images modulo 62-bit primes, past
//! Hadamard's bound on them. Several right-hand sides are used because one b misses a prime q
//! of det A whenever b lies in the image of A modulo q (probability 1/q); eight miss it with 1/q⁸.
//!
//! The transforms follow from the same certificate, taken for Aᵀ. Its columns bᵀ·adj(A) lie in
//! the left kernel of A modulo d = |det A|, which is cyclic of order d in the generic case; one
//! with a coordinate w_k prime to d, scaled to w_k = 1, generates it, and the column lattice of A
//! is exactly {x : w·x ≡ 0 (mod d)} (both have index d). Then U, the rows e_j (j ≠ k) followed by
//! w, has det U = ±1, and V = A⁻¹·U⁻¹·D is integral (every column of U⁻¹·D satisfies w·x ≡ 0)
//! with det V = ±1, so U·A·V = D. V is recovered by the Chinese remainder theorem like adj(A),
//! whose largest entry bounds it, and checked modulo one more prime.
//!
//! Anything else — a singular or non-square matrix, large entries, a non-generic Smith form, a
//! left kernel with no coordinate prime to d — returns `None`, and the caller asks PARI/GP.

use jacobian_runtime::adapter::{AdapterContext, AdapterError};
use jacobian_runtime::objects::matrix::{Dense, Ring, Scalar};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::integral::Snf;
use crate::number_theory::finite_field::small_mul as mul;

/// Largest matrix taken natively.
const MAX_SIZE: usize = 200;

/// Right-hand sides.
const SIDES: usize = 8;

/// The largest primes below 2^62, in decreasing order: enough for a 60 × 60 matrix of 6-digit
/// entries without a primality test; further primes are searched below the last.
const PRIMES: [u64; 24] = [
    4611686018427387847,
    4611686018427387817,
    4611686018427387787,
    4611686018427387761,
    4611686018427387751,
    4611686018427387737,
    4611686018427387733,
    4611686018427387709,
    4611686018427387701,
    4611686018427387631,
    4611686018427387617,
    4611686018427387587,
    4611686018427387461,
    4611686018427387421,
    4611686018427387409,
    4611686018427387329,
    4611686018427387323,
    4611686018427387301,
    4611686018427387271,
    4611686018427387241,
    4611686018427387139,
    4611686018427387131,
    4611686018427387127,
    4611686018427387113,
];

/// Primes below 2^62 in decreasing order: the table, then a search below its last.
fn primes() -> impl Iterator<Item = u64> {
    let searched = std::iter::successors(Some(PRIMES[PRIMES.len() - 1]), |&p| {
        (1..).map(|k| p - 2 * k).find(|&q| crate::factor64::is_prime(q))
    })
    .skip(1);
    PRIMES.into_iter().chain(searched)
}

/// Montgomery arithmetic modulo an odd p < 2^62 (R = 2^64): products without a division.
#[derive(Clone, Copy)]
struct Mont {
    p: u64,
    /// −p⁻¹ mod 2^64.
    neg_inv: u64,
    /// R² mod p.
    r2: u64,
}

impl Mont {
    fn new(p: u64) -> Self {
        // Newton's iteration for p⁻¹ mod 2^64 (p odd): each step doubles the correct bits.
        let mut inv = p;
        for _ in 0..6 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(p.wrapping_mul(inv)));
        }
        let r = (u128::from(u64::MAX) + 1) % u128::from(p);
        Mont { p, neg_inv: inv.wrapping_neg(), r2: (r * r % u128::from(p)) as u64 }
    }
    fn redc(self, t: u128) -> u64 {
        let m = (t as u64).wrapping_mul(self.neg_inv);
        let u = ((t + u128::from(m) * u128::from(self.p)) >> 64) as u64;
        if u >= self.p { u - self.p } else { u }
    }
    fn mul(self, a: u64, b: u64) -> u64 {
        self.redc(u128::from(a) * u128::from(b))
    }
    fn to(self, x: u64) -> u64 {
        self.mul(x, self.r2)
    }
    fn from(self, x: u64) -> u64 {
        self.redc(u128::from(x))
    }
    fn sub(self, a: u64, b: u64) -> u64 {
        if a >= b { a - b } else { a + self.p - b }
    }
    /// a⁻¹ by Fermat, in Montgomery form.
    fn inverse(self, a: u64) -> u64 {
        let (mut base, mut e, mut acc) = (a, self.p - 2, self.to(1));
        while e > 0 {
            if e & 1 == 1 {
                acc = self.mul(acc, base);
            }
            base = self.mul(base, base);
            e >>= 1;
        }
        acc
    }
}

/// det A and A⁻¹B modulo p, B given by its residues; `None` when A is singular modulo p.
/// Forward elimination to a unit upper triangle, then back substitution, in Montgomery form.
fn solve(a: &[Vec<i64>], b: &[Vec<u64>], p: u64) -> Option<(u64, Vec<Vec<u64>>)> {
    let n = a.len();
    let k = b.first().map_or(0, Vec::len);
    let f = Mont::new(p);
    let reduce = |x: i64| f.to(x.rem_euclid(p as i64) as u64);
    let mut m: Vec<Vec<u64>> = a
        .iter()
        .zip(b)
        .map(|(row, bi)| row.iter().map(|&x| reduce(x)).chain(bi.iter().map(|&x| f.to(x))).collect())
        .collect();
    let mut det = f.to(1);
    for c in 0..n {
        let r = (c..n).find(|&r| m[r][c] != 0)?;
        if r != c {
            m.swap(r, c);
            det = f.sub(0, det);
        }
        det = f.mul(det, m[c][c]);
        let inv = f.inverse(m[c][c]);
        for x in &mut m[c][c..] {
            *x = f.mul(*x, inv);
        }
        let (done, rest) = m.split_at_mut(c + 1);
        let pivot = &done[c];
        for row in rest {
            let g = row[c];
            if g != 0 {
                for (x, &y) in row[c..].iter_mut().zip(&pivot[c..]) {
                    *x = f.sub(*x, f.mul(g, y));
                }
            }
        }
    }
    // Back substitution: x_i = b_i − Σ_{j > i} m_ij x_j, column by column of B.
    let mut x = vec![vec![0u64; k]; n];
    for i in (0..n).rev() {
        for s in 0..k {
            let mut v = m[i][n + s];
            for j in i + 1..n {
                v = f.sub(v, f.mul(m[i][j], x[j][s]));
            }
            x[i][s] = v;
        }
    }
    Some((f.from(det), x.iter().map(|row| row.iter().map(|&v| f.from(v)).collect()).collect()))
}

/// log₂ of the Euclidean norms of A's columns, each at least 0.
fn column_bits(a: &[Vec<i64>]) -> Vec<f64> {
    (0..a.len()).map(|j| a.iter().map(|r| (r[j] as f64) * (r[j] as f64)).sum::<f64>().sqrt().max(1.0).log2()).collect()
}

/// log₂ of Hadamard's bound on every (n − 1)-minor of A, hence on every entry of adj(A): the
/// product of the column norms but the smallest (deleting a row only shrinks a column).
fn minor_bits(a: &[Vec<i64>]) -> f64 {
    let cols = column_bits(a);
    cols.iter().sum::<f64>() - cols.iter().copied().fold(f64::INFINITY, f64::min)
}

/// Recovers integers from their images modulo a growing product of primes.
struct Crt {
    modulus: BigInt,
    values: Vec<BigInt>,
}

impl Crt {
    fn new(len: usize) -> Self {
        Crt { modulus: BigInt::one(), values: vec![BigInt::zero(); len] }
    }

    /// x ≡ r (mod M) and x ≡ s (mod p): x = r + M·((s − r)·M⁻¹ mod p).
    fn add(&mut self, p: u64, images: impl Iterator<Item = u64>) -> Option<()> {
        let m_inv = crate::number_theory::finite_field::small_pow((&self.modulus % p).to_u64()?, p - 2, p);
        let big_p = BigInt::from(p);
        for (x, s) in self.values.iter_mut().zip(images) {
            let r_p = x.mod_floor(&big_p).to_u64()?;
            *x += &self.modulus * BigInt::from(mul((s + p - r_p) % p, m_inv, p));
        }
        self.modulus *= p;
        Some(())
    }

    /// Whether the modulus exceeds 2^(bits + 1), so symmetric residues below 2^bits are exact.
    fn covers(&self, bits: f64) -> bool {
        self.modulus.bits() as f64 > bits + 2.0
    }

    /// The values as symmetric residues.
    fn symmetric(self) -> Vec<BigInt> {
        let half = &self.modulus >> 1;
        self.values.into_iter().map(|x| if x > half { x - &self.modulus } else { x }).collect()
    }
}

fn residue(x: &BigInt, p: u64) -> u64 {
    x.mod_floor(&BigInt::from(p)).to_u64().unwrap_or(0)
}

/// A's entries when it is square, nonempty, within [`MAX_SIZE`] and below 2^40 in absolute value.
fn small(d: &Dense) -> Option<Vec<Vec<i64>>> {
    if d.rows != d.cols || d.rows == 0 || d.rows > MAX_SIZE {
        return None;
    }
    d.data.iter().map(|r| r.iter().map(|x| x.num.to_i64().filter(|v| v.unsigned_abs() < 1 << 40)).collect()).collect()
}

/// Fixed right-hand sides with small entries, from a linear congruential sequence.
fn sides(n: usize) -> Vec<Vec<i64>> {
    let mut state = 0x2545_f491u64;
    (0..n)
        .map(|_| {
            (0..SIDES)
                .map(|_| {
                    state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                    (state >> 33) as i64 % 201 - 100
                })
                .collect()
        })
        .collect()
}

/// log₂ of Hadamard's bound on det A and on det of A with one column replaced by a column of B
/// (so on every entry of adj(A)·B, by Cramer's rule).
fn certificate_bits(a: &[Vec<i64>], b: &[Vec<i64>]) -> f64 {
    let cols = column_bits(a);
    let sides = (0..SIDES)
        .map(|k| b.iter().map(|r| (r[k] as f64).powi(2)).sum::<f64>().sqrt().max(1.0).log2())
        .fold(0.0, f64::max);
    let smallest = cols.iter().copied().fold(f64::INFINITY, f64::min);
    cols.iter().sum::<f64>() + (sides - smallest).max(0.0)
}

/// |det A| when the common denominator of A⁻¹B, |det| / gcd(det, every entry of adj(A)·B), is
/// |det| itself; `det` and `adj_b` are exact.
fn certify(det: BigInt, adj_b: &[BigInt]) -> Option<BigInt> {
    let det = det.abs();
    if det.is_zero() {
        return None;
    }
    let mut g = det.clone();
    for y in adj_b {
        if g.is_one() {
            break;
        }
        g = g.gcd(y);
    }
    g.is_one().then_some(det)
}

/// diag(1, …, 1, |det A|) when it is A's Smith diagonal and the certificate above shows it.
pub fn generic(d: &Dense, ctx: &AdapterContext) -> Result<Option<Vec<BigInt>>, AdapterError> {
    let Some(a) = small(d) else { return Ok(None) };
    let n = a.len();
    let b = sides(n);
    let bits = certificate_bits(&a, &b);
    let mut crt = Crt::new(1 + n * SIDES);
    let mut primes = primes();
    while !crt.covers(bits) {
        ctx.checkpoint()?;
        let Some(p) = primes.next() else { return Ok(None) };
        let residues: Vec<Vec<u64>> =
            b.iter().map(|r| r.iter().map(|&x| x.rem_euclid(p as i64) as u64).collect()).collect();
        // Singular modulo p: A is singular, or (chance below 2^-50) p divides det A; either way
        // PARI/GP answers.
        let Some((det, x)) = solve(&a, &residues, p) else { return Ok(None) };
        let adj_b = x.into_iter().flatten().map(|v| mul(v, det, p));
        if crt.add(p, std::iter::once(det).chain(adj_b)).is_none() {
            return Ok(None);
        }
    }
    let values = crt.symmetric();
    Ok(certify(values[0].clone(), &values[1..]).map(|det| {
        let mut out = vec![BigInt::one(); n];
        out[n - 1] = det;
        out
    }))
}

/// The generic Smith form with both transforms, U·A·V = diag(1, …, 1, |det A|).
///
/// One elimination per prime gives det A and A⁻¹ modulo p; from them come both the certificate
/// for Aᵀ (whose columns adj(Aᵀ)·b = det·A⁻ᵀb lie in the left kernel of A modulo det) and V.
pub fn transforms(d: &Dense, ctx: &AdapterContext) -> Result<Option<Snf>, AdapterError> {
    let Some(a) = small(d) else { return Ok(None) };
    let n = a.len();
    let at: Vec<Vec<i64>> = (0..n).map(|j| a.iter().map(|r| r[j]).collect()).collect();
    let b = sides(n);
    // Entries of V are bounded by those of adj(A) (see the module's note).
    let bits = certificate_bits(&at, &b).max(minor_bits(&a));
    let identity: Vec<Vec<u64>> = (0..n).map(|i| (0..n).map(|j| u64::from(i == j)).collect()).collect();
    let mut images: Vec<(u64, u64, Vec<Vec<u64>>)> = vec![];
    let (mut primes, mut modulus) = (primes(), BigInt::one());
    while modulus.bits() as f64 <= bits + 2.0 {
        ctx.checkpoint()?;
        let Some(p) = primes.next() else { return Ok(None) };
        let Some((det, inverse)) = solve(&a, &identity, p) else { return Ok(None) };
        modulus *= p;
        images.push((p, det, inverse));
    }
    // The certificate: det A and adj(Aᵀ)·B = det·(A⁻¹)ᵀ·B.
    let mut crt = Crt::new(1 + n * SIDES);
    for (p, det, inverse) in &images {
        let p = *p;
        let b_p: Vec<Vec<u64>> = b.iter().map(|r| r.iter().map(|&x| x.rem_euclid(p as i64) as u64).collect()).collect();
        // ((A⁻¹)ᵀ·B)_{is} = Σ_j (A⁻¹)_{ji}·B_{js}, accumulated row j of A⁻¹ by row.
        let mut y = vec![0u64; n * SIDES];
        for (row, b_row) in inverse.iter().zip(&b_p) {
            for (i, &x) in row.iter().enumerate() {
                for (slot, &bs) in y[i * SIDES..(i + 1) * SIDES].iter_mut().zip(b_row) {
                    *slot = (*slot + mul(x, bs, p)) % p;
                }
            }
        }
        if crt.add(p, std::iter::once(*det).chain(y.into_iter().map(|v| mul(v, *det, p)))).is_none() {
            return Ok(None);
        }
    }
    let values = crt.symmetric();
    let Some(det) = certify(values[0].clone(), &values[1..]) else { return Ok(None) };
    let left_kernel = |i: usize, s: usize| &values[1 + i * SIDES + s];
    let unit = if det.is_one() {
        Some((0, 0, BigInt::one()))
    } else {
        (0..SIDES)
            .find_map(|s| (0..n).find_map(|k| left_kernel(k, s).mod_floor(&det).modinv(&det).map(|inv| (s, k, inv))))
    };
    let Some((s, k, inv)) = unit else { return Ok(None) };
    let w: Vec<BigInt> =
        (0..n).map(|j| if j == k { BigInt::one() } else { (left_kernel(j, s) * &inv).mod_floor(&det) }).collect();
    // U: e_j for j ≠ k in order, then w. Column t < n − 1 of U⁻¹·D is e_{j_t} − w_{j_t}·e_k, the
    // last is d·e_k; so V's column t is A⁻¹(e_{j_t} − w_{j_t}·e_k) and its last d·A⁻¹e_k.
    let others: Vec<usize> = (0..n).filter(|&j| j != k).collect();
    let mut crt = Crt::new(n * n);
    for (p, _, inverse) in &images {
        let p = *p;
        let w_p: Vec<u64> = w.iter().map(|x| residue(x, p)).collect();
        let d_p = residue(&det, p);
        let mut v = Vec::with_capacity(n * n);
        for row in inverse {
            for &j in &others {
                v.push((row[j] + p - mul(w_p[j], row[k], p)) % p);
            }
            v.push(mul(d_p, row[k], p));
        }
        if crt.add(p, v.into_iter()).is_none() {
            return Ok(None);
        }
    }
    let v: Vec<BigInt> = crt.symmetric();
    // A·V ≡ U⁻¹·D modulo one more prime, as a guard.
    let Some(q) = primes.next() else { return Ok(None) };
    let v_q: Vec<u64> = v.iter().map(|x| residue(x, q)).collect();
    let (w_q, d_q) = (w.iter().map(|x| residue(x, q)).collect::<Vec<_>>(), residue(&det, q));
    for (i, row) in a.iter().enumerate() {
        let row_q: Vec<u64> = row.iter().map(|&x| x.rem_euclid(q as i64) as u64).collect();
        for c in 0..n {
            let av = (0..n).fold(0u64, |acc, l| (acc + mul(row_q[l], v_q[l * n + c], q)) % q);
            let expected = match others.get(c) {
                None => u64::from(i == k) * d_q,
                Some(&j) if i == j => 1,
                Some(_) if i == k => (q - w_q[others[c]]) % q,
                Some(_) => 0,
            };
            if av != expected {
                return Ok(None);
            }
        }
    }
    let unit_row = |j: usize| (0..n).map(|c| Scalar::int(BigInt::from(u8::from(c == j)))).collect::<Vec<_>>();
    let left_rows: Vec<Vec<Scalar>> =
        others.iter().map(|&j| unit_row(j)).chain(std::iter::once(w.into_iter().map(Scalar::int).collect())).collect();
    let mut v = v.into_iter();
    let right_rows: Vec<Vec<Scalar>> = (0..n).map(|_| v.by_ref().take(n).map(Scalar::int).collect()).collect();
    let mut diagonal = vec![BigInt::one(); n];
    diagonal[n - 1] = det;
    let dense = |data| Dense { ring: Ring::Integer, rows: n, cols: n, data };
    Ok(Some(Snf { left: dense(left_rows), right: dense(right_rows), diagonal }))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn the_prime_table_is_prime_decreasing_and_continues() {
        let first: Vec<u64> = primes().take(30).collect();
        assert!(first.iter().all(|&p| crate::factor64::is_prime(p) && p < 1 << 62));
        assert!(first.windows(2).all(|w| w[0] > w[1]));
        // Nothing between 2^62 and the first, nor between consecutive table entries.
        assert!((PRIMES[0] + 1..1 << 62).all(|q| !crate::factor64::is_prime(q)));
        assert!(PRIMES.windows(2).all(|w| (w[1] + 1..w[0]).all(|q| !crate::factor64::is_prime(q))));
    }

    fn context() -> AdapterContext {
        let store = std::sync::Arc::new(jacobian_runtime::artifact::MemoryArtifactStore::new());
        AdapterContext::detached(store, jacobian_runtime::contract::Mode::Explore, std::time::Duration::from_secs(60))
    }

    fn dense(rows: &[Vec<i64>]) -> Dense {
        let data: Vec<Vec<Scalar>> = rows.iter().map(|r| r.iter().map(|&x| Scalar::int(x)).collect()).collect();
        Dense { ring: Ring::Integer, rows: rows.len(), cols: rows[0].len(), data }
    }

    fn product(a: &[Vec<BigInt>], b: &[Vec<BigInt>]) -> Vec<Vec<BigInt>> {
        a.iter().map(|r| (0..b[0].len()).map(|j| r.iter().zip(b).map(|(x, row)| x * &row[j]).sum()).collect()).collect()
    }

    /// Bareiss' fraction-free elimination.
    fn determinant(mut m: Vec<Vec<BigInt>>) -> BigInt {
        let n = m.len();
        let (mut sign, mut previous) = (BigInt::one(), BigInt::one());
        for c in 0..n {
            let Some(r) = (c..n).find(|&r| !m[r][c].is_zero()) else { return BigInt::zero() };
            if r != c {
                m.swap(r, c);
                sign = -sign;
            }
            for i in c + 1..n {
                for j in c + 1..n {
                    m[i][j] = (&m[i][j] * &m[c][c] - &m[i][c] * &m[c][j]) / &previous;
                }
            }
            previous = m[c][c].clone();
        }
        sign * &m[n - 1][n - 1]
    }

    fn big(d: &Dense) -> Vec<Vec<BigInt>> {
        d.data.iter().map(|r| r.iter().map(|x| x.num.clone()).collect()).collect()
    }

    /// U·A·V = diag(1, …, 1, |det A|) exactly, with det U = det V = ±1 (Bareiss).
    fn assert_smith(a: &[Vec<i64>], s: &Snf) {
        let n = a.len();
        let (u, v) = (big(&s.left), big(&s.right));
        let a_big: Vec<Vec<BigInt>> = a.iter().map(|r| r.iter().map(|&x| BigInt::from(x)).collect()).collect();
        let d = product(&product(&u, &a_big), &v);
        let det = determinant(a_big).abs();
        for (i, row) in d.iter().enumerate() {
            for (j, x) in row.iter().enumerate() {
                let want = match (i == j, i + 1 == n) {
                    (false, _) => BigInt::zero(),
                    (true, true) => det.clone(),
                    (true, false) => BigInt::one(),
                };
                assert_eq!(*x, want, "{a:?}: U·A·V at ({i}, {j})");
            }
        }
        assert_eq!(s.diagonal[n - 1], det, "{a:?}");
        assert_eq!(determinant(u).abs(), BigInt::one(), "{a:?}: det U");
        assert_eq!(determinant(v).abs(), BigInt::one(), "{a:?}: det V");
    }

    fn square(max: usize, bound: i64) -> impl Strategy<Value = Vec<Vec<i64>>> {
        (1..=max).prop_flat_map(move |n| proptest::collection::vec(proptest::collection::vec(-bound..=bound, n), n))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Whatever the native path answers satisfies the Smith identity.
        #[test]
        fn native_transforms_satisfy_the_smith_identity(a in square(12, 9)) {
            if let Some(s) = transforms(&dense(&a), &context()).expect("not interrupted") {
                assert_smith(&a, &s);
            }
        }

        #[test]
        fn so_do_those_of_matrices_with_six_digit_entries(a in square(6, 1_000_000)) {
            if let Some(s) = transforms(&dense(&a), &context()).expect("not interrupted") {
                assert_smith(&a, &s);
            }
        }
    }

    /// Generic matrices are answered natively; a left kernel modulo det with no unit coordinate,
    /// a singular matrix and a non-generic form are left to PARI/GP.
    #[test]
    fn generic_matrices_are_answered_and_the_others_left() {
        let ctx = context();
        // Smith forms (SymPy): [7], diag(1, 5), diag(1, 1, 286), diag(1, 1, 1, 1, 1, 156680).
        let six = vec![
            vec![-1, 2, 7, -9, 5, -2],
            vec![-8, -4, -6, 2, 6, -2],
            vec![3, 8, -6, 9, -2, -9],
            vec![-3, 4, -1, -4, 3, -4],
            vec![-7, -5, 5, -5, -5, -9],
            vec![-9, -3, -3, -4, -4, 0],
        ];
        for a in [vec![vec![7]], vec![vec![2, 1], vec![1, 3]], vec![vec![4, 7, 1], vec![2, 9, 5], vec![8, 3, 6]], six] {
            let s = transforms(&dense(&a), &ctx).expect("not interrupted");
            assert_smith(&a, s.as_ref().unwrap_or_else(|| panic!("{a:?} is generic")));
        }
        // Smith form diag(1, 6), left kernel modulo 6 spanned by (2, 3): no coordinate is a unit.
        assert!(transforms(&dense(&[vec![3, 0], vec![0, 2]]), &ctx).expect("not interrupted").is_none());
        // Singular, and Smith form diag(2, 2).
        assert!(transforms(&dense(&[vec![1, 2], vec![2, 4]]), &ctx).expect("not interrupted").is_none());
        assert!(transforms(&dense(&[vec![2, 0], vec![0, 2]]), &ctx).expect("not interrupted").is_none());
    }
}
