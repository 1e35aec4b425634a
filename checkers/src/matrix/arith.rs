//! The matrix checker's own exact arithmetic: fractions over Q (Z being the fractions with
//! denominator 1), residues modulo a prime, products, determinants by modular images and the
//! Chinese remainder theorem (never by the elimination a producer uses over Q), and the integral
//! Gram–Schmidt data of a lattice basis.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// A field element: a fraction in lowest terms (denominator > 0), or a residue in 0..p with
/// denominator 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Num {
    /// Numerator.
    pub n: BigInt,
    /// Denominator.
    pub d: BigInt,
}

/// A matrix of [`Num`], row by row, with its column count (for matrices without rows).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mat {
    /// Rows.
    pub rows: Vec<Vec<Num>>,
    /// Columns.
    pub cols: usize,
}

/// Where arithmetic happens: Q (for Z and Q) or F_p.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// The rationals.
    Q,
    /// The integers modulo a prime.
    P(u64),
}

impl Num {
    /// The integer `n`.
    pub fn int(n: impl Into<BigInt>) -> Num {
        Num { n: n.into(), d: BigInt::one() }
    }

    /// `n/d` in lowest terms (`d` ≠ 0).
    pub fn frac(n: BigInt, d: BigInt) -> Num {
        let g = n.gcd(&d);
        let (mut n, mut d) = if g.is_one() || g.is_zero() { (n, d) } else { (n / &g, d / &g) };
        if d.is_negative() {
            n = -n;
            d = -d;
        }
        Num { n, d }
    }

    /// Whether this is 0.
    pub fn is_zero(&self) -> bool {
        self.n.is_zero()
    }

    /// Whether the denominator is 1.
    pub fn is_integer(&self) -> bool {
        self.d.is_one()
    }
}

impl std::fmt::Display for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.d.is_one() { write!(f, "{}", self.n) } else { write!(f, "{}/{}", self.n, self.d) }
    }
}

impl Field {
    fn reduce(self, x: Num) -> Num {
        match self {
            Field::Q => x,
            Field::P(p) => Num::int(x.n.mod_floor(&BigInt::from(p))),
        }
    }

    /// a + b.
    pub fn add(self, a: &Num, b: &Num) -> Num {
        if a.d.is_one() && b.d.is_one() {
            return self.reduce(Num::int(&a.n + &b.n));
        }
        Num::frac(&a.n * &b.d + &b.n * &a.d, &a.d * &b.d)
    }

    /// a · b.
    pub fn mul(self, a: &Num, b: &Num) -> Num {
        if a.d.is_one() && b.d.is_one() {
            return self.reduce(Num::int(&a.n * &b.n));
        }
        Num::frac(&a.n * &b.n, &a.d * &b.d)
    }

    /// −a.
    pub fn neg(self, a: &Num) -> Num {
        self.reduce(Num { n: -&a.n, d: a.d.clone() })
    }

    /// The identity matrix of size `n`.
    pub fn identity(self, n: usize) -> Mat {
        let rows = (0..n).map(|i| (0..n).map(|j| Num::int(u8::from(i == j))).collect()).collect();
        Mat { rows, cols: n }
    }

    /// a · b, or None when the shapes do not match.
    pub fn product(self, a: &Mat, b: &Mat) -> Option<Mat> {
        if a.cols != b.rows.len() {
            return None;
        }
        let rows = a
            .rows
            .iter()
            .map(|r| {
                (0..b.cols)
                    .map(|j| {
                        let mut acc = Num::int(0);
                        for (k, x) in r.iter().enumerate() {
                            if !x.is_zero() && !b.rows[k][j].is_zero() {
                                acc = self.add(&acc, &self.mul(x, &b.rows[k][j]));
                            }
                        }
                        acc
                    })
                    .collect()
            })
            .collect();
        Some(Mat { rows, cols: b.cols })
    }

    /// a + b, or None when the shapes differ.
    pub fn sum(self, a: &Mat, b: &Mat) -> Option<Mat> {
        if a.cols != b.cols || a.rows.len() != b.rows.len() {
            return None;
        }
        let rows = a.rows.iter().zip(&b.rows).map(|(r, s)| r.iter().zip(s).map(|(x, y)| self.add(x, y)).collect());
        Some(Mat { rows: rows.collect(), cols: a.cols })
    }

    /// The determinant of a square matrix: over Q, rows cleared of denominators and the integer
    /// determinant found from its images modulo primes; over F_p, by elimination modulo p.
    pub fn det(self, a: &Mat) -> Num {
        match self {
            Field::P(p) => Num::int(det_mod(&residues(a, p), p)),
            Field::Q => {
                let mut scale = BigInt::one();
                let ints: Vec<Vec<BigInt>> = a
                    .rows
                    .iter()
                    .map(|r| {
                        let l = r.iter().fold(BigInt::one(), |l, x| l.lcm(&x.d));
                        scale *= &l;
                        r.iter().map(|x| &x.n * (&l / &x.d)).collect()
                    })
                    .collect();
                Num::frac(det_integer(&ints), scale)
            }
        }
    }
}

impl Mat {
    /// The transpose.
    pub fn transpose(&self) -> Mat {
        let rows = (0..self.cols).map(|j| self.rows.iter().map(|r| r[j].clone()).collect()).collect();
        Mat { rows, cols: self.rows.len() }
    }

    /// The submatrix on the given rows and columns (indices already checked).
    pub fn minor(&self, rows: &[usize], cols: &[usize]) -> Mat {
        Mat {
            rows: rows.iter().map(|&i| cols.iter().map(|&j| self.rows[i][j].clone()).collect()).collect(),
            cols: cols.len(),
        }
    }

    /// Whether every entry is 0.
    pub fn is_zero(&self) -> bool {
        self.rows.iter().flatten().all(Num::is_zero)
    }
}

fn residues(a: &Mat, p: u64) -> Vec<Vec<u64>> {
    let pb = BigInt::from(p);
    a.rows
        .iter()
        .map(|r| {
            r.iter()
                .map(|x| {
                    let n = x.n.mod_floor(&pb).to_u64().unwrap_or(0);
                    let d = x.d.mod_floor(&pb).to_u64().unwrap_or(0);
                    mulmod(n, inv_mod(d, p), p)
                })
                .collect()
        })
        .collect()
}

fn mulmod(a: u64, b: u64, p: u64) -> u64 {
    ((a as u128 * b as u128) % p as u128) as u64
}

fn pow_mod(mut b: u64, mut e: u64, p: u64) -> u64 {
    let mut r = 1 % p;
    while e > 0 {
        if e & 1 == 1 {
            r = mulmod(r, b, p);
        }
        b = mulmod(b, b, p);
        e >>= 1;
    }
    r
}

/// The inverse modulo a prime by Fermat (0 for 0).
fn inv_mod(a: u64, p: u64) -> u64 {
    pow_mod(a % p, p - 2, p)
}

/// det mod p by Gaussian elimination.
fn det_mod(a: &[Vec<u64>], p: u64) -> u64 {
    let n = a.len();
    let mut m: Vec<Vec<u64>> = a.to_vec();
    let mut det = 1u64;
    for c in 0..n {
        let Some(r) = (c..n).find(|&r| m[r][c] != 0) else { return 0 };
        if r != c {
            m.swap(r, c);
            det = (p - det) % p;
        }
        det = mulmod(det, m[c][c], p);
        let inv = inv_mod(m[c][c], p);
        let (top, rest) = m.split_at_mut(c + 1);
        let pivot = &top[c];
        for row in rest.iter_mut().filter(|row| row[c] != 0) {
            let f = mulmod(row[c], inv, p);
            for (x, y) in row[c..].iter_mut().zip(&pivot[c..]) {
                *x = (*x + p - mulmod(f, *y, p)) % p;
            }
        }
    }
    det
}

/// Deterministic Miller–Rabin below 2^64.
pub fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    for q in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
        if n.is_multiple_of(q) {
            return n == q;
        }
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37].iter().all(|&a| {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            return true;
        }
        (1..s).any(|_| {
            x = mulmod(x, x, n);
            x == n - 1
        })
    })
}

/// The determinant of an integer matrix from its images modulo primes below 2^62, combined by
/// the Chinese remainder theorem until their product exceeds twice Hadamard's bound.
pub fn det_integer(a: &[Vec<BigInt>]) -> BigInt {
    let n = a.len();
    if n == 0 {
        return BigInt::one();
    }
    // log2 of Hadamard's bound Π ‖row‖, rounded up, plus a sign bit.
    let bits: u64 = a
        .iter()
        .map(|r| {
            let s: BigInt = r.iter().map(|x| x * x).sum();
            s.bits().div_ceil(2)
        })
        .sum::<u64>()
        + 2;
    let (mut value, mut modulus) = (BigInt::zero(), BigInt::one());
    let mut p: u64 = (1 << 62) - 1;
    while modulus.bits() <= bits {
        while !is_prime(p) {
            p -= 2;
        }
        let pb = BigInt::from(p);
        let image: Vec<Vec<u64>> =
            a.iter().map(|r| r.iter().map(|x| x.mod_floor(&pb).to_u64().unwrap_or(0)).collect()).collect();
        let r = det_mod(&image, p);
        // value ≡ r (mod p): value + modulus·t with t = (r − value)·modulus⁻¹ mod p.
        let have = value.mod_floor(&pb).to_u64().unwrap_or(0);
        let m_inv = inv_mod(modulus.mod_floor(&pb).to_u64().unwrap_or(0), p);
        let t = mulmod((r + p - have) % p, m_inv, p);
        value += &modulus * t;
        modulus *= p;
        p -= 2;
    }
    if &value * 2 > modulus { value - modulus } else { value }
}

/// The integral Gram–Schmidt data of integer rows: `d[0] = 1`, `d[i+1]` the Gram determinant of
/// the first i+1 rows, and `lambda[i][j] = d[j+1]·μ_ij` (j < i). None when a `d` vanishes (the
/// rows are dependent).
pub fn gram_schmidt(b: &[Vec<BigInt>]) -> Option<(Vec<BigInt>, Vec<Vec<BigInt>>)> {
    let dot = |x: &[BigInt], y: &[BigInt]| -> BigInt { x.iter().zip(y).map(|(a, b)| a * b).sum() };
    let n = b.len();
    let mut d = vec![BigInt::one()];
    let mut lambda = vec![vec![BigInt::zero(); n]; n];
    for i in 0..n {
        for j in 0..=i {
            let mut u = dot(&b[i], &b[j]);
            for k in 0..j {
                u = (&d[k + 1] * &u - &lambda[i][k] * &lambda[j][k]) / &d[k];
            }
            if j < i {
                lambda[i][j] = u;
            } else {
                if !u.is_positive() {
                    return None;
                }
                d.push(u);
            }
        }
    }
    Some((d, lambda))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(rows: &[&[i64]]) -> Mat {
        Mat { rows: rows.iter().map(|r| r.iter().map(|&x| Num::int(x)).collect()).collect(), cols: rows[0].len() }
    }

    #[test]
    fn determinants_agree_with_cofactor_expansion() {
        let a = m(&[&[2, -1, 0, 3], &[1, 5, -2, 0], &[0, 4, 7, -1], &[3, 0, 1, 2]]);
        // SymPy: Matrix(a).det() = −196.
        assert_eq!(Field::Q.det(&a), Num::int(-196));
        assert_eq!(Field::P(7).det(&a), Num::int((-196i64).rem_euclid(7)));
        // A 12 × 12 matrix of 16-digit entries against fraction-free (Bareiss) elimination.
        let mut seed = 7u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            BigInt::from((seed >> 11) as i64 - (1 << 52))
        };
        let big: Vec<Vec<BigInt>> = (0..12).map(|_| (0..12).map(|_| next()).collect()).collect();
        assert_eq!(det_integer(&big), bareiss(big.clone()));
        assert_ne!(det_integer(&big), BigInt::zero());
        let mut sing = big.clone();
        sing[3] = sing[5].iter().map(|x| x * 3).collect();
        assert_eq!(det_integer(&sing), BigInt::zero());
        let q = Mat {
            rows: vec![vec![Num::frac(1.into(), 2.into()), Num::int(1)], vec![Num::int(3), Num::int(4)]],
            cols: 2,
        };
        assert_eq!(Field::Q.det(&q), Num::int(-1));
    }

    fn bareiss(mut a: Vec<Vec<BigInt>>) -> BigInt {
        let n = a.len();
        let (mut prev, mut sign) = (BigInt::one(), BigInt::one());
        for k in 0..n {
            let Some(p) = (k..n).find(|&r| !a[r][k].is_zero()) else { return BigInt::zero() };
            if p != k {
                a.swap(p, k);
                sign = -sign;
            }
            for i in k + 1..n {
                for j in k + 1..n {
                    a[i][j] = (&a[i][j] * &a[k][k] - &a[i][k] * &a[k][j]) / &prev;
                }
            }
            prev = a[k][k].clone();
        }
        sign * prev
    }

    #[test]
    fn gram_schmidt_detects_dependence() {
        let b: Vec<Vec<BigInt>> =
            [[1, 2, 3], [2, 4, 6]].iter().map(|r| r.iter().map(|&x| x.into()).collect()).collect();
        assert!(gram_schmidt(&b).is_none());
        let b: Vec<Vec<BigInt>> = [[1, 1], [0, 2]].iter().map(|r| r.iter().map(|&x| x.into()).collect()).collect();
        let (d, l) = gram_schmidt(&b).unwrap();
        assert_eq!(d, vec![BigInt::from(1), BigInt::from(2), BigInt::from(4)]);
        assert_eq!(l[1][0], BigInt::from(2));
    }
}
