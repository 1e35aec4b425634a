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

use crate::number_theory::finite_field::{small_mul as mul, small_pow};

/// Largest matrix taken natively.
const MAX_SIZE: usize = 200;

fn inverse(a: u64, p: u64) -> u64 {
    small_pow(a, p - 2, p)
}

/// Right-hand sides.
const SIDES: usize = 8;

/// det A and adj(A)·B modulo p (row i: the i-th entries of the solutions); `None` when A is
/// singular modulo p.
fn image(a: &[Vec<i64>], b: &[Vec<i64>], p: u64) -> Option<(u64, Vec<Vec<u64>>)> {
    let n = a.len();
    let reduce = |x: i64| x.rem_euclid(p as i64) as u64;
    let mut m: Vec<Vec<u64>> =
        a.iter().zip(b).map(|(row, bi)| row.iter().chain(bi).map(|&x| reduce(x)).collect()).collect();
    let mut det = 1u64;
    for c in 0..n {
        let r = (c..n).find(|&r| m[r][c] != 0)?;
        if r != c {
            m.swap(r, c);
            det = (p - det) % p;
        }
        det = mul(det, m[c][c], p);
        let inv = inverse(m[c][c], p);
        for x in &mut m[c][c..] {
            *x = mul(*x, inv, p);
        }
        let pivot = m[c].clone();
        for (r, row) in m.iter_mut().enumerate() {
            let f = row[c];
            if r != c && f != 0 {
                for (x, &y) in row[c..].iter_mut().zip(&pivot[c..]) {
                    *x = (*x + p - mul(f, y, p)) % p;
                }
            }
        }
    }
    Some((det, m.iter().map(|row| row[n..].iter().map(|&x| mul(x, det, p)).collect()).collect()))
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
    let mut p: u64 = (1 << 62) - 1;
    while (modulus.bits() as f64) <= bits {
        p -= 2;
        while !crate::factor64::is_prime(p) {
            p -= 2;
        }
        let (det_p, y_p) = image(&a, &b, p)?;
        // x ≡ r (mod M) and x ≡ s (mod p): x = r + M·((s − r)·M⁻¹ mod p).
        let m_inv = inverse((&modulus % p).to_u64()?, p);
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
