//! The Smith diagonal of a nonsingular integer matrix without transforms, natively, in the
//! generic case: diag(1, …, 1, |det A|), certified by the largest invariant factor.
//!
//! With A = U⁻¹·D·V⁻¹, every solution x = A⁻¹b has a denominator dividing d_n, and
//! d_1⋯d_n = |det A|. So when the common denominator of A⁻¹b over a few b is |det A| itself,
//! d_n = |det A| and every other d_i is 1. Both det A and adj(A)·B = det A · A⁻¹B are recovered
//! exactly by the Chinese remainder theorem from images modulo 62-bit primes, past Hadamard's
//! bound on them. Several right-hand sides are used because one b misses a prime q of det A
//! whenever b lies in the image of A modulo q (probability 1/q); eight miss it with 1/q⁸.
//! Anything else — a singular or non-square matrix, large entries, a non-generic Smith form —
//! returns `None`, and the caller asks PARI/GP.

use jacobian_runtime::objects::matrix::Dense;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

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

/// det A and adj(A)·B modulo p (row i: the i-th entries of the solutions); `None` when A is
/// singular modulo p. Forward elimination to a unit upper triangle, then back substitution, in
/// Montgomery form.
fn image(a: &[Vec<i64>], b: &[Vec<i64>], p: u64) -> Option<(u64, Vec<Vec<u64>>)> {
    let (n, k) = (a.len(), SIDES);
    let f = Mont::new(p);
    let reduce = |x: i64| f.to(x.rem_euclid(p as i64) as u64);
    let mut m: Vec<Vec<u64>> =
        a.iter().zip(b).map(|(row, bi)| row.iter().chain(bi).map(|&x| reduce(x)).collect()).collect();
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
    let det_out = f.from(det);
    Some((det_out, x.iter().map(|row| row.iter().map(|&v| mul(f.from(v), det_out, p)).collect()).collect()))
}

/// log₂ of Hadamard's bound on |det A| and on |det| of A with any one column replaced by a
/// column b of B: Π_j ‖a_j‖ and Π_{j ≠ i} ‖a_j‖ · ‖b‖.
fn bound_bits(a: &[Vec<i64>], b: &[Vec<i64>]) -> f64 {
    let norm =
        |v: &mut dyn Iterator<Item = i64>| v.map(|x| (x as f64) * (x as f64)).sum::<f64>().sqrt().max(1.0).log2();
    let cols: Vec<f64> = (0..a.len()).map(|j| norm(&mut a.iter().map(|r| r[j]))).collect();
    let sides = (0..SIDES).map(|k| norm(&mut b.iter().map(|r| r[k]))).fold(0.0, f64::max);
    let smallest = cols.iter().copied().fold(f64::INFINITY, f64::min);
    cols.iter().sum::<f64>() + (sides - smallest).max(0.0)
}

/// diag(1, …, 1, |det A|) when it is A's Smith diagonal and the certificate above shows it.
pub fn generic(d: &Dense) -> Option<Vec<BigInt>> {
    let n = d.rows;
    if n != d.cols || n == 0 || n > MAX_SIZE {
        return None;
    }
    let a: Vec<Vec<i64>> = d
        .data
        .iter()
        .map(|r| r.iter().map(|x| x.num.to_i64().filter(|v| v.unsigned_abs() < 1 << 40)).collect())
        .collect::<Option<_>>()?;
    // Fixed right-hand sides with small entries, from a linear congruential sequence.
    let mut state = 0x2545_f491u64;
    let b: Vec<Vec<i64>> = (0..n)
        .map(|_| {
            (0..SIDES)
                .map(|_| {
                    state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                    (state >> 33) as i64 % 201 - 100
                })
                .collect()
        })
        .collect();
    let bits = bound_bits(&a, &b) + 2.0;
    let (mut det, mut y, mut modulus) = (BigInt::zero(), vec![vec![BigInt::zero(); SIDES]; n], BigInt::one());
    let mut primes = primes();
    while (modulus.bits() as f64) <= bits {
        let p = primes.next()?;
        let (det_p, y_p) = image(&a, &b, p)?;
        // x ≡ r (mod M) and x ≡ s (mod p): x = r + M·((s − r)·M⁻¹ mod p).
        let m_inv = crate::number_theory::finite_field::small_pow((&modulus % p).to_u64()?, p - 2, p);
        let lift = |r: &BigInt, s: u64| -> BigInt {
            let r_p = r.mod_floor(&BigInt::from(p)).to_u64().unwrap_or(0);
            r + &modulus * BigInt::from(mul((s + p - r_p) % p, m_inv, p))
        };
        det = lift(&det, det_p);
        for (row, row_p) in y.iter_mut().zip(y_p) {
            for (yi, s) in row.iter_mut().zip(row_p) {
                *yi = lift(yi, s);
            }
        }
        modulus *= p;
    }
    let half = &modulus >> 1;
    let symmetric = |x: BigInt| if x > half { x - &modulus } else { x };
    let det = symmetric(det).abs();
    // The common denominator of A⁻¹B is |det| / gcd(det, every entry of adj(A)·B).
    let g = y.into_iter().flatten().map(symmetric).fold(det.clone(), |g, yi| g.gcd(&yi));
    if g.is_one() {
        let mut out = vec![BigInt::one(); n];
        out[n - 1] = det;
        Some(out)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
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
}
