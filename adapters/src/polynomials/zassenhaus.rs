//! Factorization over Z in one variable, in-process, by Zassenhaus's method: Berlekamp's matrix
//! modulo a prime near 2^14 counts the local factors, Cantor–Zassenhaus splitting finds them,
//! linear Hensel lifting carries them to p^k < 2^58, and subsets of the lifted factors are
//! recombined into true factors by exact division.
//!
//! The path answers only when it can prove its answer complete. A factor that recombination
//! found from s ≥ 2 local factors is irreducible once every one of its own factors would have
//! been recovered at the lifted precision, that is once 2·|lc f|·B < p^k, where
//! B = C(d, ⌊d/2⌋)·‖g‖₂ bounds (Mignotte) the coefficients of any factor of the degree-d factor
//! g. A factor from a single local factor is irreducible modulo p, hence over Z. Whenever the
//! bound is not met, the polynomial is not square-free modulo the primes tried, it has too
//! many local factors or too large a degree, or an i128 would overflow, [`factor`] returns
//! `None` and the caller asks PARI/GP, which handles every case.

use jacobian_runtime::objects::polynomial::arith::is_prime;
use num_integer::{Integer, Roots};

use crate::number_theory::finite_field::small_pow;

/// Highest degree factored here (the cost grows as n³).
pub const MAX_DEGREE: usize = 200;
/// Most local factors recombined here (2^(r−1) subsets at worst).
const MAX_LOCAL: usize = 16;
/// The lifted modulus stays below 2^58, so a sum of 4,096 products fits a u128.
const LIFT_LIMIT: u64 = 1 << 58;
/// Primes tried: the first one above this, then upwards.
const FIRST_PRIME: u64 = 10_007;
/// Good primes (square-free image, leading coefficient a unit) compared, when the first leaves
/// more than [`FEW_LOCAL`] local factors.
const GOOD_PRIMES: usize = 3;
/// Local factors few enough to recombine without looking for a better prime.
const FEW_LOCAL: usize = 12;
/// Primes tried before giving up on a square-free image.
const PRIMES_TRIED: usize = 8;

/// The irreducible factors (primitive, positive leading coefficient, lowest coefficient first)
/// of a primitive `f` with a positive leading coefficient, f(0) ≠ 0, degree ≥ 2 and
/// |coefficients| < 2^62; `None` when this path cannot answer with proof.
pub fn factor(f: &[i64]) -> Option<Vec<Vec<i128>>> {
    let n = f.len().checked_sub(1)?;
    if !(2..=MAX_DEGREE).contains(&n) || f[0] == 0 || f[n] <= 0 || f.iter().any(|c| c.unsigned_abs() >= 1 << 62) {
        return None;
    }
    let lc = f[n].unsigned_abs();
    let mut best: Option<(u64, Vec<u64>, Vec<Vec<u64>>)> = None;
    let (mut good, mut p) = (0, FIRST_PRIME - 2);
    for _ in 0..PRIMES_TRIED {
        p = next_prime(p + 2);
        if lc.is_multiple_of(p) {
            continue;
        }
        let fp = monic(&reduce(f, p), p);
        if degree(&pgcd(fp.clone(), derivative(&fp, p), p)) != 0 {
            continue;
        }
        let basis = berlekamp(&fp, p);
        if basis.len() == 1 {
            return Some(vec![f.iter().map(|&c| i128::from(c)).collect()]);
        }
        let few = basis.len() <= FEW_LOCAL;
        if best.as_ref().is_none_or(|b| basis.len() < b.2.len()) {
            best = Some((p, fp, basis));
        }
        good += 1;
        if good == GOOD_PRIMES || few {
            break;
        }
    }
    let (p, fp, basis) = best?;
    if basis.len() > MAX_LOCAL {
        return None;
    }
    let local = split(&fp, &basis, p);
    let k = (1..).take_while(|&k| p.checked_pow(k).is_some_and(|m| m < LIFT_LIMIT)).last()?;
    let modulus = p.pow(k);
    let lifted = lift(f, &local, p, k)?;
    let found = recombine(f, &lifted, modulus)?;
    // Certify: each factor from several local factors has all its factors within reach.
    let lead = i128::from(f[n]);
    for (g, s) in &found {
        let d = g.len() - 1;
        if *s >= 2 && d >= 2 {
            let norm = g.iter().try_fold(0u128, |acc, &c| acc.checked_add(c.unsigned_abs().checked_pow(2)?))?;
            let bound = binomial(d)?.checked_mul(norm.sqrt() + 1)?;
            let reach = bound.checked_mul(2)?.checked_mul(lead.unsigned_abs())?;
            if reach >= u128::from(modulus) {
                return None;
            }
        }
    }
    Some(found.into_iter().map(|(g, _)| g).collect())
}

fn next_prime(mut p: u64) -> u64 {
    while !is_prime(p) {
        p += 1;
    }
    p
}

/// C(d, ⌊d/2⌋), or None past u128.
fn binomial(d: usize) -> Option<u128> {
    let k = (d / 2) as u128;
    (0..k).try_fold(1u128, |acc, i| Some(acc.checked_mul(d as u128 - i)? / (i + 1)))
}

// ---- polynomials over F_p, p < 2^15, lowest coefficient first, no trailing zeros ----

fn trim(mut a: Vec<u64>) -> Vec<u64> {
    while a.last() == Some(&0) {
        a.pop();
    }
    a
}

fn degree(a: &[u64]) -> usize {
    a.len().saturating_sub(1)
}

fn reduce(f: &[i64], p: u64) -> Vec<u64> {
    trim(f.iter().map(|&c| c.rem_euclid(p as i64) as u64).collect())
}

/// a⁻¹ mod p, by Fermat.
fn inverse(a: u64, p: u64) -> u64 {
    small_pow(a % p, p - 2, p)
}

fn monic(a: &[u64], p: u64) -> Vec<u64> {
    match a.last() {
        Some(&l) if l != 1 => {
            let inv = inverse(l, p);
            a.iter().map(|&c| c * inv % p).collect()
        }
        _ => a.to_vec(),
    }
}

fn derivative(a: &[u64], p: u64) -> Vec<u64> {
    trim(a.iter().enumerate().skip(1).map(|(i, &c)| (i as u64 % p) * c % p).collect())
}

/// x mod p by Barrett's method, for the unreduced sums below 2^64 of the loops here.
fn reducer(p: u64) -> impl Fn(u64) -> u64 {
    let m = u64::MAX / p;
    move |x| {
        let q = ((u128::from(x) * u128::from(m)) >> 64) as u64;
        let mut r = x - q * p;
        while r >= p {
            r -= p;
        }
        r
    }
}

/// a·b; the products (< 2^30 each) accumulate unreduced.
fn pmul(a: &[u64], b: &[u64], p: u64) -> Vec<u64> {
    if a.is_empty() || b.is_empty() {
        return vec![];
    }
    let mut acc = vec![0u64; a.len() + b.len() - 1];
    let b: Vec<u32> = b.iter().map(|&y| y as u32).collect();
    for (i, &x) in a.iter().enumerate() {
        if x != 0 {
            let x = x as u32;
            for (slot, &y) in acc[i..].iter_mut().zip(&b) {
                *slot += u64::from(x) * u64::from(y);
            }
        }
    }
    let r = reducer(p);
    trim(acc.into_iter().map(r).collect())
}

/// a mod m for monic m; each coefficient takes at most deg m unreduced products.
fn prem(mut a: Vec<u64>, m: &[u64], p: u64) -> Vec<u64> {
    let dm = degree(m);
    if a.len() <= dm {
        return a;
    }
    let neg: Vec<u32> = m[..dm].iter().map(|&c| ((p - c) % p) as u32).collect();
    let r = reducer(p);
    for i in (dm..a.len()).rev() {
        let q = r(a[i]) as u32;
        if q != 0 {
            for (slot, &c) in a[i - dm..i].iter_mut().zip(&neg) {
                *slot += u64::from(q) * u64::from(c);
            }
        }
    }
    a.truncate(dm);
    trim(a.into_iter().map(r).collect())
}

/// (a div b, a mod b) for monic b.
fn pdivrem(a: &[u64], b: &[u64], p: u64) -> (Vec<u64>, Vec<u64>) {
    let db = degree(b);
    if a.len() <= db {
        return (vec![], a.to_vec());
    }
    let mut r = a.to_vec();
    let mut q = vec![0u64; a.len() - db];
    for i in (db..a.len()).rev() {
        let c = r[i] % p;
        q[i - db] = c;
        if c != 0 {
            for (slot, &bc) in r[i - db..i].iter_mut().zip(&b[..db]) {
                *slot = (*slot + c * (p - bc)) % p;
            }
        }
    }
    r.truncate(db);
    (trim(q), trim(r))
}

fn pgcd(mut a: Vec<u64>, mut b: Vec<u64>, p: u64) -> Vec<u64> {
    while !b.is_empty() {
        b = monic(&b, p);
        let r = prem(a, &b, p);
        a = b;
        b = r;
    }
    monic(&a, p)
}

fn ppow(base: &[u64], mut e: u64, m: &[u64], p: u64) -> Vec<u64> {
    let mut result = vec![1u64];
    let mut b = prem(base.to_vec(), m, p);
    while e > 0 {
        if e & 1 == 1 {
            result = prem(pmul(&result, &b, p), m, p);
        }
        e >>= 1;
        if e > 0 {
            b = prem(pmul(&b, &b, p), m, p);
        }
    }
    result
}

/// s with s·a ≡ 1 (mod m), for a prime to m.
fn pinvert(a: &[u64], m: &[u64], p: u64) -> Option<Vec<u64>> {
    let (mut r0, mut r1) = (m.to_vec(), prem(a.to_vec(), m, p));
    let (mut s0, mut s1) = (vec![], vec![1u64]);
    while !r1.is_empty() {
        let lead = inverse(*r1.last()?, p);
        let r1m: Vec<u64> = r1.iter().map(|&c| c * lead % p).collect();
        let (q, r) = pdivrem(&r0, &r1m, p);
        let q: Vec<u64> = q.iter().map(|&c| c * lead % p).collect();
        let qs = pmul(&q, &s1, p);
        let len = s0.len().max(qs.len());
        let s2 = trim(
            (0..len).map(|i| (s0.get(i).copied().unwrap_or(0) + p - qs.get(i).copied().unwrap_or(0)) % p).collect(),
        );
        (r0, r1) = (r1, r);
        (s0, s1) = (s1, s2);
    }
    if degree(&r0) != 0 {
        return None;
    }
    let c = inverse(r0[0], p);
    Some(s0.iter().map(|&x| x * c % p).collect())
}

/// A basis of Berlekamp's subalgebra {v : v^p ≡ v mod f} of a monic square-free f; its
/// dimension is the number of irreducible factors of f modulo p.
fn berlekamp(f: &[u64], p: u64) -> Vec<Vec<u64>> {
    let n = degree(f);
    let red = reducer(p);
    // Multiplication by x^p mod f as a matrix, column j = x^j·x^p mod f (u32 entries, so the
    // products below are 32×32-bit and vectorize).
    let mut column = ppow(&[0, 1], p, f, p);
    column.resize(n, 0);
    let mut by_xp: Vec<Vec<u32>> = Vec::with_capacity(n);
    for _ in 0..n {
        by_xp.push(column.iter().map(|&c| c as u32).collect());
        let top = column[n - 1];
        column.rotate_right(1);
        column[0] = 0;
        for (c, &fk) in column.iter_mut().zip(f) {
            *c = red(*c + top * (p - fk));
        }
    }
    // a[j][i]: coefficient j of x^(ip) mod f, minus δ_ij; its kernel is the subalgebra.
    let mut a = vec![vec![0u64; n]; n];
    let mut row = vec![0u64; n];
    row[0] = 1;
    for i in 0..n {
        for (a_j, &c) in a.iter_mut().zip(&row) {
            a_j[i] = c;
        }
        a[i][i] = (a[i][i] + p - 1) % p;
        let mut next = vec![0u64; n];
        for (&s, col) in row.iter().zip(&by_xp) {
            if s != 0 {
                let s = s as u32;
                for (acc, &c) in next.iter_mut().zip(col) {
                    *acc += u64::from(s) * u64::from(c);
                }
            }
        }
        row = next.into_iter().map(&red).collect();
    }
    kernel(a, p)
}

/// Brings the rows of a matrix over F_p to reduced echelon form in place, by Gauss–Jordan
/// elimination with the row updates accumulated unreduced (each entry takes at most one product
/// below p² a pivot); returns the pivot columns, pivot k in row k.
fn echelon(a: &mut [Vec<u64>], p: u64) -> Vec<usize> {
    let (rows, cols) = (a.len(), a.first().map_or(0, Vec::len));
    let red = reducer(p);
    let mut pivots: Vec<usize> = vec![];
    for c in 0..cols {
        let r = pivots.len();
        let Some(i) = (r..rows).find(|&i| red(a[i][c]) != 0) else {
            continue;
        };
        a.swap(i, r);
        let inv = inverse(red(a[r][c]), p);
        let pivot: Vec<u32> = a[r].iter().map(|&x| red(red(x) * inv) as u32).collect();
        for (i, row) in a.iter_mut().enumerate() {
            if i == r {
                continue;
            }
            let t = red(row[c]);
            if t != 0 {
                let t = (p - t) as u32;
                for (x, &y) in row.iter_mut().zip(&pivot).skip(c) {
                    *x += u64::from(t) * u64::from(y);
                }
            }
        }
        a[r] = pivot.into_iter().map(u64::from).collect();
        pivots.push(c);
    }
    pivots
}

/// A basis of the kernel of a square matrix over F_p, one vector per free column.
fn kernel(mut a: Vec<Vec<u64>>, p: u64) -> Vec<Vec<u64>> {
    let n = a.len();
    let pivots = echelon(&mut a, p);
    let free = (0..n).filter(|c| !pivots.contains(c));
    free.map(|fc| {
        let mut v = vec![0u64; n];
        v[fc] = 1;
        for (k, &pc) in pivots.iter().enumerate() {
            v[pc] = (p - a[k][fc] % p) % p;
        }
        trim(v)
    })
    .collect()
}

/// The monic irreducible factors of f, from its Berlekamp basis, by Cantor–Zassenhaus splitting
/// with random elements of the subalgebra. A part's factor count is the rank of the basis
/// reduced modulo it, so only parts with several factors are split again.
fn split(f: &[u64], basis: &[Vec<u64>], p: u64) -> Vec<Vec<u64>> {
    let mut rng = 0x2545_f491_4f6c_dd1d_u64;
    let mut random = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng % p
    };
    // The rank of the basis reduced modulo g.
    let count = |g: &[u64]| {
        let d = degree(g);
        let mut rows: Vec<Vec<u64>> = basis
            .iter()
            .map(|b| {
                let mut r = prem(b.clone(), g, p);
                r.resize(d, 0);
                r
            })
            .collect();
        echelon(&mut rows, p).len()
    };
    let mut done = vec![];
    let mut todo = vec![(f.to_vec(), basis.len())];
    while let Some((g, r)) = todo.pop() {
        if r <= 1 {
            done.push(g);
            continue;
        }
        let mut v = vec![0u64; degree(f)];
        for b in basis {
            let c = random();
            for (x, &y) in v.iter_mut().zip(b) {
                *x = (*x + c * y) % p;
            }
        }
        let mut w = ppow(&trim(v), (p - 1) / 2, &g, p);
        if w.is_empty() {
            w.push(0);
        }
        w[0] = (w[0] + p - 1) % p;
        let d = pgcd(g.clone(), trim(w), p);
        if degree(&d) == 0 || d.len() == g.len() {
            todo.push((g, r));
            continue;
        }
        let (other, _) = pdivrem(&g, &d, p);
        let (rd, ro) = (count(&d), count(&other));
        todo.push((d, rd));
        todo.push((other, ro));
    }
    done.sort();
    done
}

// ---- Hensel lifting modulo p^k < 2^58 ----

/// a·b mod m with u128 accumulators (operands below m < 2^58, at most 4,096 products a sum).
fn mmul(a: &[u64], b: &[u64], m: u64) -> Vec<u64> {
    if a.is_empty() || b.is_empty() {
        return vec![];
    }
    let mut acc = vec![0u128; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        if x != 0 {
            for (slot, &y) in acc[i..].iter_mut().zip(b) {
                *slot += u128::from(x) * u128::from(y);
            }
        }
    }
    acc.into_iter().map(|c| (c % u128::from(m)) as u64).collect()
}

/// Lifts f ≡ lc·Π gᵢ (mod p) to (mod p^k), one p-adic digit a step: with sᵢ the inverse of
/// Π_{j≠i} gⱼ modulo gᵢ, the corrections δᵢ = (sᵢ·e/lc) mod gᵢ satisfy Σ δᵢ·Π_{j≠i} gⱼ = e/lc.
fn lift(f: &[i64], local: &[Vec<u64>], p: u64, k: u32) -> Option<Vec<Vec<u64>>> {
    let n = f.len() - 1;
    let cofactor_inverses: Vec<Vec<u64>> = (0..local.len())
        .map(|i| {
            let others = (0..local.len())
                .filter(|&j| j != i)
                .fold(vec![1u64], |acc, j| prem(pmul(&acc, &local[j], p), &local[i], p));
            pinvert(&others, &local[i], p)
        })
        .collect::<Option<_>>()?;
    let lc_inv = inverse(f[n].rem_euclid(p as i64) as u64, p);
    let mut g: Vec<Vec<u64>> = local.to_vec();
    let mut pj = p;
    for _ in 1..k {
        let next = pj * p;
        let lead = f[n].rem_euclid(next as i64) as u64;
        let prod = g.iter().fold(vec![lead], |acc, gi| mmul(&acc, gi, next));
        let mut e = vec![0u64; n];
        for (c, slot) in e.iter_mut().enumerate() {
            let diff = (f[c].rem_euclid(next as i64) as u64 + next - prod.get(c).copied().unwrap_or(0)) % next;
            if !diff.is_multiple_of(pj) {
                return None;
            }
            *slot = diff / pj % p * lc_inv % p;
        }
        let e = trim(e);
        for (gi, (li, si)) in g.iter_mut().zip(local.iter().zip(&cofactor_inverses)) {
            let delta = prem(pmul(si, &e, p), li, p);
            for (x, &d) in gi.iter_mut().zip(&delta) {
                *x += pj * d;
            }
        }
        pj = next;
    }
    Some(g)
}

// ---- recombination over Z ----

fn symmetric(x: u64, m: u64) -> i128 {
    if x > m / 2 { i128::from(x) - i128::from(m) } else { i128::from(x) }
}

/// The primitive part, with a positive leading coefficient.
fn primitive(mut h: Vec<i128>) -> Vec<i128> {
    let c = h.iter().fold(0u128, |acc, x| acc.gcd(&x.unsigned_abs())) as i128;
    let sign = if h.last().is_some_and(|&l| l < 0) { -1 } else { 1 };
    if c > 1 || sign < 0 {
        h.iter_mut().for_each(|x| *x = *x / c * sign);
    }
    h
}

/// f / h when h divides f exactly, Some(None) when it does not, None on overflow.
fn divide(f: &[i128], h: &[i128]) -> Option<Option<Vec<i128>>> {
    let (df, dh) = (f.len() - 1, h.len() - 1);
    if dh > df {
        return Some(None);
    }
    let lead = h[dh];
    let mut r = f.to_vec();
    let mut q = vec![0i128; df - dh + 1];
    for i in (0..=df - dh).rev() {
        let top = r[i + dh];
        if top % lead != 0 {
            return Some(None);
        }
        let c = top / lead;
        q[i] = c;
        for (j, &hj) in h.iter().enumerate() {
            r[i + j] = r[i + j].checked_sub(c.checked_mul(hj)?)?;
        }
    }
    Some(r.iter().all(|&x| x == 0).then_some(q))
}

/// Whether h(±1) divides f(±1) where f(±1) ≠ 0, as it must when h divides f; None on overflow.
fn divides_at_units(f: &[i128], h: &[i128]) -> Option<bool> {
    let at = |g: &[i128], x: i128| g.iter().rev().try_fold(0i128, |acc, &c| acc.checked_mul(x)?.checked_add(c));
    for x in [1, -1] {
        let (fx, hx) = (at(f, x)?, at(h, x)?);
        if fx != 0 && (hx == 0 || fx % hx != 0) {
            return Some(false);
        }
    }
    Some(true)
}

/// Recombines the lifted factors into the factors over Z, each with the number of local
/// factors it came from: subsets by increasing size, tested first on the constant term.
fn recombine(f: &[i64], lifted: &[Vec<u64>], m: u64) -> Option<Vec<(Vec<i128>, usize)>> {
    let mut rest: Vec<i128> = f.iter().map(|&c| i128::from(c)).collect();
    let mut left: Vec<usize> = (0..lifted.len()).collect();
    let mut found = vec![];
    let mut size = 1;
    'sizes: while 2 * size <= left.len() {
        let lead = *rest.last()?;
        let target = lead.checked_mul(rest[0])?;
        let lead_m = lead.rem_euclid(i128::from(m)) as u64;
        let mut pick: Vec<usize> = (0..size).collect();
        loop {
            let c0 =
                pick.iter().fold(u128::from(lead_m), |acc, &i| acc * u128::from(lifted[left[i]][0]) % u128::from(m));
            let c0 = symmetric(c0 as u64, m);
            if c0 != 0 && target % c0 == 0 {
                let h = pick.iter().fold(vec![lead_m], |acc, &i| mmul(&acc, &lifted[left[i]], m));
                let h = primitive(h.into_iter().map(|c| symmetric(c, m)).collect());
                if divides_at_units(&rest, &h)?
                    && let Some(q) = divide(&rest, &h)?
                {
                    rest = q;
                    found.push((h, size));
                    let chosen: Vec<usize> = pick.iter().map(|&i| left[i]).collect();
                    left.retain(|i| !chosen.contains(i));
                    continue 'sizes;
                }
            }
            // The next combination of `size` out of left.len().
            let Some(i) = (0..size).rev().find(|&i| pick[i] < left.len() - size + i) else {
                break;
            };
            pick[i] += 1;
            for j in i + 1..size {
                pick[j] = pick[j - 1] + 1;
            }
        }
        size += 1;
    }
    if rest.len() > 1 {
        let s = left.len();
        found.push((primitive(rest), s));
    }
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mul(a: &[i128], b: &[i128]) -> Vec<i128> {
        let mut r = vec![0i128; a.len() + b.len() - 1];
        for (i, x) in a.iter().enumerate() {
            for (j, y) in b.iter().enumerate() {
                r[i + j] += x * y;
            }
        }
        r
    }

    #[test]
    fn products_of_known_irreducibles_come_apart() {
        // (x^2 + 1)(x^3 - 2)(2x + 3)(x^4 + x + 1)
        let parts: [&[i128]; 4] = [&[1, 0, 1], &[-2, 0, 0, 1], &[3, 2], &[1, 1, 0, 0, 1]];
        let f = parts.iter().fold(vec![1i128], |acc, g| mul(&acc, g));
        let f64s: Vec<i64> = f.iter().map(|&c| c as i64).collect();
        let mut got = factor(&f64s).expect("answered");
        got.sort();
        let mut want: Vec<Vec<i128>> = parts.iter().map(|g| g.to_vec()).collect();
        want.sort();
        assert_eq!(got, want);
    }

    #[test]
    fn a_swinnerton_dyer_polynomial_is_certified_irreducible() {
        // x^4 − 10x^2 + 1 splits into linear or quadratic factors modulo every prime and is
        // irreducible: recombination finds nothing, and the small bound certifies it.
        assert_eq!(factor(&[1, 0, -10, 0, 1]), Some(vec![vec![1i128, 0, -10, 0, 1]]));
    }

    #[test]
    fn a_square_is_refused() {
        // (x^2 + x + 1)^2 is not square-free modulo any prime.
        assert_eq!(factor(&[1, 2, 3, 2, 1]), None);
    }
}
