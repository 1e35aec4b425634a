//! The Smith form of a nonsingular integer matrix natively, in the generic case where it is
//! diag(1, …, 1, |det A|): the diagonal alone, and the diagonal with both unimodular transforms.
//!
//! With A = U⁻¹·D·V⁻¹, every solution x = A⁻¹b has a denominator dividing d_n, and
//! d_1⋯d_n = |det A|. So when the common denominator of A⁻¹B over a few columns b is |det A|
//! itself, d_n = |det A| and every other d_i is 1. Both det A and adj(A)·B = det A · A⁻¹B are
//! recovered exactly by the Chinese remainder theorem from images modulo 27-bit primes, past
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

use std::sync::OnceLock;

use jacobian_runtime::adapter::{AdapterContext, AdapterError};
use jacobian_runtime::objects::matrix::{Dense, Ring, Scalar};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::integral::Snf;

/// Largest matrix taken natively.
const MAX_SIZE: usize = 200;

/// Right-hand sides.
const SIDES: usize = 8;

/// Primes below 2^27 in decreasing order, found once by sieving the 2^15 integers below 2^27
/// (about 1,700 primes, past the 330 the largest matrix taken needs). At 27 bits, the n ≤ 200
/// products of residues an entry gathers during elimination sum in a u64 without reduction.
fn primes() -> impl Iterator<Item = u64> {
    static TABLE: OnceLock<Vec<u64>> = OnceLock::new();
    const TOP: u64 = 1 << 27;
    const LOW: u64 = TOP - (1 << 15);
    let table = TABLE.get_or_init(|| {
        // Every composite below 2^27 has a prime factor at most √2^27 < 11,586.
        let mut composite = vec![false; (TOP - LOW) as usize];
        let mut small_composite = vec![false; 11_586];
        for q in 2..small_composite.len() {
            if small_composite[q] {
                continue;
            }
            (q * q..small_composite.len()).step_by(q).for_each(|m| small_composite[m] = true);
            let first = LOW.div_ceil(q as u64) * q as u64;
            (first..TOP).step_by(q).for_each(|m| composite[(m - LOW) as usize] = true);
        }
        (LOW..TOP).rev().filter(|&x| !composite[(x - LOW) as usize]).collect()
    });
    table.iter().copied()
}

/// The primes below 1,000.
fn small_primes() -> &'static [u32] {
    static TABLE: OnceLock<Vec<u32>> = OnceLock::new();
    TABLE.get_or_init(|| (2u32..1000).filter(|&q| (2..q).take_while(|d| d * d <= q).all(|d| q % d != 0)).collect())
}

/// Arithmetic modulo a prime p < 2^27, with Barrett's reduction of any u64: the elimination
/// adds products of residues unreduced and reduces an entry only when it is read.
#[derive(Clone, Copy)]
struct Field {
    p: u64,
    /// ⌊2^64 / p⌋.
    barrett: u64,
}

impl Field {
    fn new(p: u64) -> Self {
        Field { p, barrett: u64::MAX / p }
    }
    /// x mod p: the estimated quotient is short by at most one.
    fn reduce(self, x: u64) -> u64 {
        let q = ((u128::from(x) * u128::from(self.barrett)) >> 64) as u64;
        let r = x - q * self.p;
        if r >= self.p { r - self.p } else { r }
    }
    fn residue(self, x: i64) -> u64 {
        let r = self.reduce(x.unsigned_abs());
        if x < 0 && r != 0 { self.p - r } else { r }
    }
    fn mul(self, a: u64, b: u64) -> u64 {
        self.reduce(a * b)
    }
    fn sub(self, a: u64, b: u64) -> u64 {
        if a >= b { a - b } else { a + self.p - b }
    }
    fn add(self, a: u64, b: u64) -> u64 {
        self.sub(a, self.p - b)
    }
    /// a⁻¹ for a ≠ 0, by the extended Euclidean algorithm.
    fn inverse(self, a: u64) -> u64 {
        // In 32 bits, where a division costs less.
        let (mut r0, mut r1, mut s0, mut s1) = (self.p as u32, a as u32, 0i64, 1i64);
        while r1 != 0 {
            let q = r0 / r1;
            (r0, r1) = (r1, r0 - q * r1);
            (s0, s1) = (s1, s0 - i64::from(q) * s1);
        }
        s0.rem_euclid(self.p as i64) as u64
    }
}

/// det A and A⁻¹B modulo p, B given by its residues (k columns), A⁻¹B returned by rows in one
/// vector; `None` when A is singular modulo p. Forward elimination to a unit upper triangle,
/// then back substitution, on one contiguous n × (n + k) array. Entries below the pivot row
/// gather the products of a row operation unreduced (at most n of them, each below 2^54), and
/// are reduced when they become a pivot row or column.
fn solve(a: &[Vec<i64>], b: &[Vec<u64>], p: u64) -> Option<(u64, Vec<u64>)> {
    let n = a.len();
    let k = b.first().map_or(0, Vec::len);
    let w = n + k;
    let f = Field::new(p);
    let mut m: Vec<u64> = Vec::with_capacity(n * w);
    for (row, bi) in a.iter().zip(b) {
        m.extend(row.iter().map(|&x| f.residue(x)));
        m.extend(bi);
    }
    // The normalized pivot row, in 32 bits so that its products vectorize.
    let mut pivot: Vec<u32> = vec![0; w];
    let mut det = 1;
    for c in 0..n {
        for r in c..n {
            m[r * w + c] = f.reduce(m[r * w + c]);
        }
        let r = (c..n).find(|&r| m[r * w + c] != 0)?;
        if r != c {
            let (top, bottom) = m.split_at_mut(r * w);
            top[c * w..(c + 1) * w].swap_with_slice(&mut bottom[..w]);
            det = p - det;
        }
        let lead = m[c * w + c];
        det = f.mul(det, lead);
        let inv = f.inverse(lead);
        for j in c + 1..w {
            let v = f.mul(f.reduce(m[c * w + j]), inv);
            m[c * w + j] = v;
            pivot[j] = v as u32;
        }
        for row in m[(c + 1) * w..].chunks_exact_mut(w) {
            let g = (p - row[c]) as u32;
            if u64::from(g) != p {
                for (x, &y) in row[c + 1..].iter_mut().zip(&pivot[c + 1..]) {
                    *x += u64::from(g) * u64::from(y);
                }
            }
        }
    }
    // Back substitution: row i of X is B_i − Σ_{j > i} m_ij·X_j, reduced once.
    let mut x = vec![0u64; n * k];
    for i in (0..n).rev() {
        let (head, solved) = x.split_at_mut((i + 1) * k);
        let xi = &mut head[i * k..];
        xi.copy_from_slice(&m[i * w + n..(i + 1) * w]);
        for (j, xj) in (i + 1..n).zip(solved.chunks_exact(k)) {
            let c = p - m[i * w + j];
            for (v, &y) in xi.iter_mut().zip(xj) {
                *v += c * y;
            }
        }
        xi.iter_mut().for_each(|v| *v = f.reduce(*v));
    }
    Some((det, x))
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

/// Integers from their images modulo a list of primes, by Garner's mixed-radix algorithm: each
/// value costs word operations and one big-integer build, with no big division per prime, so
/// the values a caller never asks for cost nothing.
struct Garner {
    primes: Vec<u64>,
    fields: Vec<Field>,
    /// `prefix[i][j]` = p_0⋯p_{j−1} mod p_i, for j < i.
    prefix: Vec<Vec<u64>>,
    /// (p_0⋯p_{i−1})⁻¹ mod p_i.
    inverse: Vec<u64>,
    modulus: BigInt,
    half: BigInt,
}

impl Garner {
    fn new(primes: &[u64]) -> Self {
        let fields: Vec<Field> = primes.iter().map(|&p| Field::new(p)).collect();
        let product_mod = |i: usize, f: Field| primes[..i].iter().fold(1, |m, &q| f.mul(m, q));
        let prefix = (fields.iter().enumerate()).map(|(i, &f)| (0..i).map(|j| product_mod(j, f)).collect()).collect();
        let inverse = (fields.iter().enumerate()).map(|(i, &f)| f.inverse(product_mod(i, f))).collect();
        let modulus = primes.iter().fold(BigInt::one(), |m, &p| m * p);
        let half = &modulus >> 1;
        Garner { primes: primes.to_vec(), fields, prefix, inverse, modulus, half }
    }

    /// Whether p_0⋯p_{k−1} exceeds 2^(bits + 2), so symmetric residues below 2^bits are exact
    /// (the margin covers the rounding of the logarithms).
    fn covers(primes: &[u64], bits: f64) -> bool {
        primes.iter().map(|&p| (p as f64).log2()).sum::<f64>() > bits + 2.0
    }

    /// The integer in (−M/2, M/2] whose image modulo p_i is `image(i)`.
    fn lift(&self, image: impl Fn(usize) -> u64) -> BigInt {
        let mut digits: Vec<u64> = Vec::with_capacity(self.primes.len());
        for (i, &f) in self.fields.iter().enumerate() {
            let partial = digits.iter().zip(&self.prefix[i]).fold(0, |acc, (&c, &m)| f.add(acc, f.mul(c, m)));
            digits.push(f.mul(f.sub(f.reduce(image(i)), partial), self.inverse[i]));
        }
        // Σ c_j·p_0⋯p_{j−1} by Horner's rule from the top digit, on 64-bit limbs (least
        // significant first), turned into a big integer once.
        let Some((&top, rest)) = digits.split_last() else { return BigInt::zero() };
        let mut limbs: Vec<u64> = vec![top];
        for (&c, &p) in rest.iter().zip(&self.primes).rev() {
            let mut carry = u128::from(c);
            for limb in &mut limbs {
                let t = u128::from(*limb) * u128::from(p) + carry;
                *limb = t as u64;
                carry = t >> 64;
            }
            if carry > 0 {
                limbs.push(carry as u64);
            }
        }
        let words: Vec<u32> = limbs.iter().flat_map(|&l| [l as u32, (l >> 32) as u32]).collect();
        let x = BigInt::from(num_bigint::BigUint::new(words));
        if x > self.half { x - &self.modulus } else { x }
    }
}

fn residue(x: &BigInt, p: u64) -> u64 {
    x.mod_floor(&BigInt::from(p)).to_u64().unwrap_or(0)
}

/// A's entries when it [`fits`].
fn small(d: &Dense) -> Option<Vec<Vec<i64>>> {
    let rows: Vec<Vec<i64>> =
        d.data.iter().map(|r| r.iter().map(|x| x.num.to_i64()).collect()).collect::<Option<_>>()?;
    fits(&rows).then_some(rows)
}

/// Whether the rows make a square matrix taken natively: nonempty, within [`MAX_SIZE`], its
/// entries below 2^40 in absolute value.
fn fits(rows: &[Vec<i64>]) -> bool {
    let n = rows.len();
    (1..=MAX_SIZE).contains(&n) && rows.iter().all(|r| r.len() == n && r.iter().all(|v| v.unsigned_abs() < 1 << 40))
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
/// |det| itself; `det` is exact and `adj_b` yields the exact entries, taken only while needed.
fn certify(det: BigInt, adj_b: impl Iterator<Item = BigInt>) -> Option<BigInt> {
    let det = det.abs();
    if det.is_zero() {
        return None;
    }
    let mut g = det.clone();
    for y in adj_b {
        if g.is_one() {
            break;
        }
        g = g.gcd(&y);
    }
    g.is_one().then_some(det)
}

/// diag(1, …, 1, |det A|) when it is A's Smith diagonal and the certificate above shows it.
pub fn generic(a: &[Vec<i64>], ctx: &AdapterContext) -> Result<Option<Vec<BigInt>>, AdapterError> {
    if !fits(a) {
        return Ok(None);
    }
    let n = a.len();
    let b = sides(n);
    let bits = certificate_bits(a, &b);
    // Per prime: det A, then adj(A)·B row by row.
    let (mut used, mut images) = (vec![], vec![]);
    let mut primes = primes();
    while !Garner::covers(&used, bits) {
        ctx.checkpoint()?;
        let Some(p) = primes.next() else { return Ok(None) };
        // Singular modulo p: A is singular, or (chance below 2^-50) p divides det A; either way
        // PARI/GP answers.
        let f = Field::new(p);
        let b_p: Vec<Vec<u64>> = b.iter().map(|r| r.iter().map(|&x| f.residue(x)).collect()).collect();
        let Some((det, x)) = solve(a, &b_p, p) else { return Ok(None) };
        images.push(std::iter::once(det).chain(x.into_iter().map(|v| f.mul(v, det))).collect::<Vec<_>>());
        used.push(p);
    }
    let garner = Garner::new(&used);
    let det = garner.lift(|i| images[i][0]);
    Ok(certify(det, (1..=n * SIDES).map(|e| garner.lift(|i| images[i][e]))).map(|det| {
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
    // Per prime: A⁻¹, and the certificate det A, adj(Aᵀ)·B = det·(A⁻¹)ᵀ·B.
    let (mut used, mut inverses, mut certificates) = (vec![], vec![], vec![]);
    let mut primes = primes();
    while !Garner::covers(&used, bits) {
        ctx.checkpoint()?;
        let Some(p) = primes.next() else { return Ok(None) };
        let Some((det, inverse)) = solve(&a, &identity, p) else { return Ok(None) };
        // ((A⁻¹)ᵀ·B)_{is} = Σ_j (A⁻¹)_{ji}·B_{js}, accumulated row j of A⁻¹ by row, exactly: each
        // term is below 2^27·2^7 and there are at most 200.
        let mut y = vec![0i64; n * SIDES];
        for (row, b_row) in inverse.chunks_exact(n).zip(&b) {
            for (i, &x) in row.iter().enumerate() {
                for (slot, &bs) in y[i * SIDES..(i + 1) * SIDES].iter_mut().zip(b_row) {
                    *slot += x as i64 * bs;
                }
            }
        }
        let f = Field::new(p);
        let scaled = y.into_iter().map(|v| f.mul(f.residue(v), det));
        certificates.push(std::iter::once(det).chain(scaled).collect::<Vec<_>>());
        inverses.push(inverse);
        used.push(p);
    }
    let garner = Garner::new(&used);
    let left_kernel = |i: usize, s: usize| garner.lift(|t| certificates[t][1 + i * SIDES + s]);
    let det = garner.lift(|t| certificates[t][0]);
    let certificate = (0..n).flat_map(|i| (0..SIDES).map(move |s| (i, s))).map(|(i, s)| left_kernel(i, s));
    let Some(det) = certify(det, certificate) else { return Ok(None) };
    // A coordinate sharing a small prime with det is no unit: a word division shows it, where
    // the extended gcd costs far more (and a whole column of y may be even).
    let shared: Vec<u32> = small_primes().iter().copied().filter(|&q| (&det % q).is_zero()).collect();
    let unit = if det.is_one() {
        Some((0, 0, BigInt::one()))
    } else {
        (0..SIDES).find_map(|s| {
            (0..n).find_map(|k| {
                let y = left_kernel(k, s).mod_floor(&det);
                if shared.iter().any(|&q| (&y % q).is_zero()) {
                    return None;
                }
                y.modinv(&det).map(|inv| (s, k, inv))
            })
        })
    };
    let Some((s, k, inv)) = unit else { return Ok(None) };
    let w: Vec<BigInt> =
        (0..n).map(|j| if j == k { BigInt::one() } else { (left_kernel(j, s) * &inv).mod_floor(&det) }).collect();
    // U: e_j for j ≠ k in order, then w. Column t < n − 1 of U⁻¹·D is e_{j_t} − w_{j_t}·e_k, the
    // last is d·e_k; so V's column t is A⁻¹(e_{j_t} − w_{j_t}·e_k) and its last d·A⁻¹e_k.
    let others: Vec<usize> = (0..n).filter(|&j| j != k).collect();
    let images: Vec<Vec<u64>> = used
        .iter()
        .zip(&inverses)
        .map(|(&p, inverse)| {
            let f = Field::new(p);
            let (w_p, d_p) = (w.iter().map(|x| residue(x, p)).collect::<Vec<_>>(), residue(&det, p));
            let mut v = Vec::with_capacity(n * n);
            for row in inverse.chunks_exact(n) {
                v.extend(others.iter().map(|&j| f.sub(row[j], f.mul(w_p[j], row[k]))));
                v.push(f.mul(d_p, row[k]));
            }
            v
        })
        .collect();
    let v: Vec<BigInt> = (0..n * n).map(|e| garner.lift(|t| images[t][e])).collect();
    // A·V ≡ U⁻¹·D modulo one more prime, as a guard.
    let Some(q) = primes.next() else { return Ok(None) };
    let v_q: Vec<u64> = v.iter().map(|x| residue(x, q)).collect();
    let (w_q, d_q) = (w.iter().map(|x| residue(x, q)).collect::<Vec<_>>(), residue(&det, q));
    for (i, row) in a.iter().enumerate() {
        for c in 0..n {
            // Exact: |a_il| < 2^40, v_q < 2^27, at most 200 terms.
            let av = row.iter().enumerate().map(|(l, &x)| i128::from(x) * i128::from(v_q[l * n + c])).sum::<i128>();
            let av = av.rem_euclid(i128::from(q)) as u64;
            let expected = match others.get(c) {
                None => u64::from(i == k) * d_q,
                Some(&j) if i == j => 1,
                Some(&j) if i == k => (q - w_q[j]) % q,
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
    fn the_prime_table_is_every_prime_below_2_27_in_decreasing_order() {
        let table: Vec<u64> = primes().collect();
        // Enough for a 200 × 200 matrix of 40-bit entries with its right-hand sides.
        let most = (200.0 * (40.0 + 200f64.sqrt().log2()) + 7.0 + 2.0) / 26.9;
        assert!(table.len() as f64 > most, "{} primes", table.len());
        assert!(table.iter().all(|&p| crate::factor64::is_prime(p)));
        assert!(table.windows(2).all(|w| w[0] > w[1]));
        // Nothing skipped: between 2^27 and the first, nor between consecutive entries.
        assert!((table[0] + 1..1 << 27).all(|q| !crate::factor64::is_prime(q)));
        assert!(table.windows(2).all(|w| (w[1] + 1..w[0]).all(|q| !crate::factor64::is_prime(q))));
    }

    /// Barrett's reduction agrees with the remainder everywhere it is used: products of residues
    /// and sums of up to 200 of them, and the extremes of a u64.
    #[test]
    fn the_field_reduces_like_the_remainder() {
        for p in primes().step_by(97).take(12) {
            let f = Field::new(p);
            let mut state = p;
            for x in [0, 1, p - 1, p, p + 1, u64::MAX, u64::MAX - 1, 200 * (p - 1) * (p - 1)] {
                assert_eq!(f.reduce(x), x % p, "{x} mod {p}");
            }
            for _ in 0..10_000 {
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                let (a, b) = (state % p, (state >> 32) % p);
                assert_eq!(f.mul(a, b), a * b % p);
                assert_eq!(f.residue(-(state as i64 >> 24)), (-(state as i64 >> 24)).rem_euclid(p as i64) as u64);
                if a != 0 {
                    assert_eq!(f.mul(a, f.inverse(a)), 1, "{a}⁻¹ mod {p}");
                }
            }
        }
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

        /// Garner's lift recovers every integer below half the product of the primes from its
        /// residues, whatever its sign and however many primes.
        #[test]
        fn garner_recovers_what_was_reduced(words in proptest::collection::vec(any::<u64>(), 1..6), negative: bool) {
            let k = words.len();
            let used: Vec<u64> = primes().take(k).collect();
            // Below 2^(27k − 3), which `covers` admits.
            let magnitude = words.iter().fold(BigInt::zero(), |x, &w| (x << 64) + w) >> (37 * k + 3);
            let x = if negative { -magnitude } else { magnitude };
            let garner = Garner::new(&used);
            prop_assert!(Garner::covers(&used, x.bits() as f64));
            prop_assert_eq!(garner.lift(|i| residue(&x, used[i])), x);
        }

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

    /// The diagonal alone is certified for diag(1, …, 1, |det|) forms, including diag(3, 2) whose
    /// transforms the native path declines, and for nothing else.
    #[test]
    fn the_generic_diagonal_is_certified_and_no_other() {
        let ctx = context();
        let diagonal = |a: &[Vec<i64>]| generic(a, &ctx).expect("not interrupted");
        let ints = |v: &[i64]| v.iter().map(|&x| BigInt::from(x)).collect::<Vec<_>>();
        assert_eq!(diagonal(&[vec![3, 0], vec![0, 2]]), Some(ints(&[1, 6])));
        assert_eq!(diagonal(&[vec![4, 7, 1], vec![2, 9, 5], vec![8, 3, 6]]), Some(ints(&[1, 1, 286])));
        assert_eq!(diagonal(&[vec![-7]]), Some(ints(&[7])));
        // diag(2, 2), singular, not square, an entry of 2^40.
        assert_eq!(diagonal(&[vec![2, 0], vec![0, 2]]), None);
        assert_eq!(diagonal(&[vec![1, 2], vec![2, 4]]), None);
        assert_eq!(diagonal(&[vec![1, 2, 3]]), None);
        assert_eq!(diagonal(&[vec![1 << 40]]), None);
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
