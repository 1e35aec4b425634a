//! Native arithmetic below 2^64: deterministic Miller–Rabin and factorization by trial division
//! and Pollard–Brent rho in Montgomery form, for the integer functions of machine-sized n that
//! would otherwise pay a backend round trip for microseconds of work.
//!
//! Every composite below 2^64 has a factor found by rho (a prime power is split by an exact root
//! first), so [`factor`] always returns the complete factorization, each factor proven prime by
//! Miller–Rabin on the twelve first primes, which is a proof below 3.3·10^24.

use num_integer::Integer;

/// Arithmetic modulo an odd n < 2^64 on Montgomery representatives a·2^64 mod n.
struct Montgomery {
    n: u64,
    /// n^(−1) mod 2^64.
    inv: u64,
    /// 2^128 mod n.
    r2: u64,
}

impl Montgomery {
    fn new(n: u64) -> Montgomery {
        debug_assert!(n % 2 == 1);
        // Newton's iteration doubles the correct low bits of the inverse: 5 → 10 → … → 64+.
        let mut inv = n;
        for _ in 0..5 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(n.wrapping_mul(inv)));
        }
        let r = (u128::from(u64::MAX) % u128::from(n) + 1) % u128::from(n);
        let r2 = (r * r % u128::from(n)) as u64;
        Montgomery { n, inv, r2 }
    }

    /// t · 2^(−64) mod n, for t < n · 2^64.
    fn reduce(&self, t: u128) -> u64 {
        let (lo, hi) = (t as u64, (t >> 64) as u64);
        let m = lo.wrapping_mul(self.inv);
        let mn_hi = ((u128::from(m) * u128::from(self.n)) >> 64) as u64;
        let (r, borrow) = hi.overflowing_sub(mn_hi);
        if borrow { r.wrapping_add(self.n) } else { r }
    }

    fn mul(&self, a: u64, b: u64) -> u64 {
        self.reduce(u128::from(a) * u128::from(b))
    }

    fn to(&self, a: u64) -> u64 {
        self.mul(a % self.n, self.r2)
    }

    fn add(&self, a: u64, b: u64) -> u64 {
        let (s, carry) = a.overflowing_add(b);
        if carry || s >= self.n { s.wrapping_sub(self.n) } else { s }
    }

    fn pow(&self, base: u64, mut e: u64) -> u64 {
        let mut acc = self.to(1);
        let mut b = base;
        while e > 0 {
            if e & 1 == 1 {
                acc = self.mul(acc, b);
            }
            b = self.mul(b, b);
            e >>= 1;
        }
        acc
    }
}

const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];

/// Whether `n` is prime: deterministic Miller–Rabin (the first twelve primes as bases suffice
/// below 3.3·10^24).
pub(crate) fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    if let Some(&p) = BASES.iter().find(|&&p| n.is_multiple_of(p)) {
        return n == p;
    }
    let m = Montgomery::new(n);
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    let (one, minus_one) = (m.to(1), m.to(n - 1));
    BASES.iter().all(|&a| {
        let mut x = m.pow(m.to(a), d);
        if x == one || x == minus_one {
            return true;
        }
        for _ in 1..s {
            x = m.mul(x, x);
            if x == minus_one {
                return true;
            }
        }
        false
    })
}

/// ⌊n^(1/k)⌋.
fn root(n: u64, k: u32) -> u64 {
    let mut r = (n as f64).powf(1.0 / f64::from(k)) as u64;
    let fits = |r: u64| r.checked_pow(k).is_some_and(|v| v <= n);
    while !fits(r) {
        r -= 1;
    }
    while fits(r + 1) {
        r += 1;
    }
    r
}

/// A nontrivial factor of an odd composite n that is not a perfect power (Brent's variant of
/// Pollard's rho, gcds batched over 128 steps).
fn rho(n: u64) -> u64 {
    let m = Montgomery::new(n);
    for c in 1..n {
        let c = m.to(c);
        let f = |x: u64| m.add(m.mul(x, x), c);
        let (mut x, mut y, mut ys, mut q) = (0, m.to(2), 0, m.to(1));
        let (mut g, mut r) = (1, 1u64);
        while g == 1 {
            x = y;
            for _ in 0..r {
                y = f(y);
            }
            let mut k = 0;
            while k < r && g == 1 {
                ys = y;
                for _ in 0..128.min(r - k) {
                    y = f(y);
                    q = m.mul(q, x.abs_diff(y));
                }
                g = q.gcd(&n);
                k += 128;
            }
            r *= 2;
        }
        if g == n {
            // The batch overshot: step again one at a time from its start.
            loop {
                ys = f(ys);
                g = x.abs_diff(ys).gcd(&n);
                if g > 1 {
                    break;
                }
            }
        }
        if g != n {
            return g;
        }
    }
    unreachable!("rho finds a factor of every odd composite that is not a prime power")
}

/// Primes below 256, for trial division.
const SMALL: [u64; 54] = [
    2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101, 103, 107, 109,
    113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181, 191, 193, 197, 199, 211, 223, 227, 229, 233, 239,
    241, 251,
];

/// The factorization of n ≥ 1: primes in increasing order with their exponents (empty for 1).
pub(crate) fn factor(mut n: u64) -> Vec<(u64, u32)> {
    let mut out: Vec<(u64, u32)> = Vec::new();
    for p in SMALL {
        if n.is_multiple_of(p) {
            let mut e = 0;
            while n.is_multiple_of(p) {
                n /= p;
                e += 1;
            }
            out.push((p, e));
        }
    }
    let mut pending = vec![(n, 1u32)];
    while let Some((m, e)) = pending.pop() {
        if m == 1 {
            continue;
        }
        if is_prime(m) {
            out.push((m, e));
            continue;
        }
        // Every prime factor of m exceeds 256, so m = q^k has k ≤ 7.
        if let Some((r, k)) = (2..=7).rev().map(|k| (root(m, k), k)).find(|&(r, k)| r.pow(k) == m) {
            pending.push((r, e * k));
            continue;
        }
        let d = rho(m);
        pending.push((d, e));
        pending.push((m / d, e));
    }
    out.sort_unstable();
    // Equal primes from different branches (m = d · m/d with a common prime) merge.
    let mut merged: Vec<(u64, u32)> = Vec::with_capacity(out.len());
    for (p, e) in out {
        match merged.last_mut() {
            Some((q, f)) if *q == p => *f += e,
            _ => merged.push((p, e)),
        }
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(mut n: u64) -> Vec<(u64, u32)> {
        let mut out = vec![];
        let mut p = 2;
        while p * p <= n {
            let mut e = 0;
            while n.is_multiple_of(p) {
                n /= p;
                e += 1;
            }
            if e > 0 {
                out.push((p, e));
            }
            p += 1;
        }
        if n > 1 {
            out.push((n, 1));
        }
        out
    }

    #[test]
    fn factorizations_equal_trial_division() {
        for n in 1..20_000u64 {
            assert_eq!(factor(n), naive(n), "{n}");
        }
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..300 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let n = x >> 24; // 40 bits: trial division up to 2^20 stays quick
            assert_eq!(factor(n), naive(n), "{n}");
        }
    }

    #[test]
    fn hard_cases_factor_completely() {
        let cases: [(u64, Vec<(u64, u32)>); 7] = [
            (4_294_967_291 * 4_294_967_279, vec![(4_294_967_279, 1), (4_294_967_291, 1)]),
            (18_446_744_073_709_551_557, vec![(18_446_744_073_709_551_557, 1)]),
            (u64::MAX, vec![(3, 1), (5, 1), (17, 1), (257, 1), (641, 1), (65_537, 1), (6_700_417, 1)]),
            (257u64.pow(7) * 3, vec![(3, 1), (257, 7)]),
            (65_537 * 65_537 * 65_537, vec![(65_537, 3)]),
            (1_000_000_007 * 1_000_000_007, vec![(1_000_000_007, 2)]),
            (999_999_999_999_999_989, vec![(999_999_999_999_999_989, 1)]),
        ];
        for (n, want) in cases {
            assert_eq!(factor(n), want, "{n}");
        }
    }

    #[test]
    fn miller_rabin_agrees_with_trial_division() {
        for n in 0..100_000u64 {
            let naive_prime = n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| n % d != 0);
            assert_eq!(is_prime(n), naive_prime, "{n}");
        }
        // Strong pseudoprimes to several small bases.
        for n in
            [3_215_031_751u64, 2_152_302_898_747, 3_474_749_660_383, 341_550_071_728_321, 3_825_123_056_546_413_051]
        {
            assert!(!is_prime(n), "{n}");
        }
    }
}
