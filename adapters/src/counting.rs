//! Small counting helpers shared by the packs: binomial coefficients, k-subsets, and Euler's φ
//! and Möbius μ of small arguments by trial division.

/// C(n, k), or `None` past `u128`.
pub(crate) fn binomial(n: u64, k: u64) -> Option<u128> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    // acc = C(n, i) at step i and acc·(n − i) is divisible by i + 1; dividing by g = gcd(acc, i + 1)
    // first leaves (i + 1)/g dividing n − i, so only a result past u128 overflows.
    (0..k).try_fold(1u128, |acc, i| {
        let (m, d) = (u128::from(n - i), u128::from(i + 1));
        let g = gcd(acc, d);
        (acc / g).checked_mul(m / (d / g))
    })
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// C(n, k), saturating at `u128::MAX`: for comparisons against a budget.
pub(crate) fn binomial_saturating(n: u64, k: u64) -> u128 {
    binomial(n, k).unwrap_or(u128::MAX)
}

/// C(n, k) exactly, however large.
pub(crate) fn binomial_big(n: u64, k: u64) -> num_bigint::BigUint {
    use num_traits::{One, Zero};
    if k > n {
        return num_bigint::BigUint::zero();
    }
    let k = k.min(n - k);
    (0..k).fold(num_bigint::BigUint::one(), |r, i| r * (n - i) / (i + 1))
}

/// Euler's φ(n) by trial division (n ≥ 1).
pub(crate) fn euler_phi(mut n: u64) -> u64 {
    let (mut phi, mut p) = (n, 2);
    while p * p <= n {
        if n.is_multiple_of(p) {
            phi -= phi / p;
            while n.is_multiple_of(p) {
                n /= p;
            }
        }
        p += 1;
    }
    if n > 1 { phi - phi / n } else { phi }
}

/// The Möbius μ(n) by trial division (n ≥ 1).
pub(crate) fn mobius(mut n: u64) -> i64 {
    let (mut mu, mut p) = (1, 2);
    while p * p <= n {
        if n.is_multiple_of(p) {
            n /= p;
            if n.is_multiple_of(p) {
                return 0;
            }
            mu = -mu;
        }
        p += 1;
    }
    if n > 1 { -mu } else { mu }
}

/// The k-subsets of 0..n in lexicographic order.
pub(crate) fn k_subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = vec![];
    if k > n {
        return out;
    }
    let mut cur: Vec<usize> = (0..k).collect();
    loop {
        out.push(cur.clone());
        // The rightmost position that can still advance.
        let Some(i) = (0..k).rev().find(|&i| cur[i] < n - k + i) else { return out };
        cur[i] += 1;
        for j in i + 1..k {
            cur[j] = cur[j - 1] + 1;
        }
    }
}

/// The nonempty subsets of `items` (all sizes), each in the items' order.
pub(crate) fn nonempty_subsets<T: Clone>(items: &[T]) -> impl Iterator<Item = Vec<T>> + '_ {
    (1..=items.len())
        .flat_map(move |k| k_subsets(items.len(), k).into_iter().map(|s| s.iter().map(|&i| items[i].clone()).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_match_pascal_and_overflow_is_none() {
        let mut row = vec![1u128];
        for n in 0..=130u64 {
            for (k, &c) in row.iter().enumerate() {
                assert_eq!(binomial(n, k as u64), Some(c), "C({n}, {k})");
            }
            assert_eq!(binomial(n, n + 1), Some(0));
            row = (0..=row.len()).map(|k| if k == 0 || k == row.len() { 1 } else { row[k - 1] + row[k] }).collect();
        }
        assert_eq!(binomial(200, 100), None);
        // A000010 and A008683 for n = 1..12.
        let phi: Vec<u64> = (1..=12).map(euler_phi).collect();
        assert_eq!(phi, [1, 1, 2, 2, 4, 2, 6, 4, 6, 4, 10, 4]);
        let mu: Vec<i64> = (1..=12).map(mobius).collect();
        assert_eq!(mu, [1, -1, -1, 0, -1, 1, -1, 0, 0, 1, -1, 0]);
        assert_eq!(binomial_saturating(200, 100), u128::MAX);
    }

    #[test]
    fn k_subsets_are_lexicographic_and_complete() {
        for n in 0..=8usize {
            let mut all = 0;
            for k in 0..=n + 1 {
                let s = k_subsets(n, k);
                assert_eq!(s.len() as u128, binomial(n as u64, k as u64).unwrap());
                assert!(s.windows(2).all(|w| w[0] < w[1]));
                assert!(
                    s.iter().all(|x| x.len() == k && x.windows(2).all(|w| w[0] < w[1]) && x.iter().all(|&i| i < n))
                );
                all += s.len();
            }
            assert_eq!(all, 1 << n);
        }
        assert_eq!(nonempty_subsets(&['a', 'b']).collect::<Vec<_>>(), vec![vec!['a'], vec!['b'], vec!['a', 'b']]);
    }
}
