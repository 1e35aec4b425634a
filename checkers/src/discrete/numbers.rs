//! Counting numbers recomputed by formulas other than the producer's recurrences: binomials
//! from factorials, Stirling numbers of the second kind and Eulerian numbers by their
//! alternating sums, the first kind from the rising factorial's coefficients, p(n) by the
//! coin-change table, q(n) as partitions into odd parts (Euler), Bell numbers by
//! B(n + 1) = Σ C(n, k) B(k), Bernoulli numbers by Akiyama–Tanigawa, Catalan numbers by
//! Segner's convolution, Motzkin and Schröder numbers as sums of Catalan numbers.

// Index loops over several parallel tables read more clearly than zipped iterators here.
#![allow(clippy::needless_range_loop, clippy::type_complexity)]

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use serde_json::Value;

use super::{Replay, fails, nat};

/// Largest n replayed by the slower formulas.
const SMALL: u64 = 300;
/// Largest n replayed by the quadratic ones.
const MEDIUM: u64 = 2_000;
/// Largest n replayed by the linear ones.
const LARGE: u64 = 100_000;

struct Facts(Vec<BigInt>);

impl Facts {
    fn new(n: u64) -> Facts {
        let mut f = vec![BigInt::one()];
        for i in 1..=n {
            let v = &f[i as usize - 1] * i;
            f.push(v);
        }
        Facts(f)
    }
    fn c(&self, n: u64, k: u64) -> BigInt {
        if k > n { BigInt::zero() } else { &self.0[n as usize] / (&self.0[k as usize] * &self.0[(n - k) as usize]) }
    }
}

fn bound(family: &str, two: bool) -> u64 {
    match family {
        "factorial" | "double_factorial" | "derangements" | "compositions" | "fibonacci" | "lucas" | "permutations" => {
            LARGE / 5
        }
        "binomial" | "central_binomial" | "multinomial" | "catalan" | "narayana" | "lah" | "involutions" => MEDIUM,
        "partitions"
        | "partitions_max_part"
        | "partitions_into_parts"
        | "distinct_partitions"
        | "bell"
        | "stirling_first" => {
            if two {
                MEDIUM / 2
            } else {
                MEDIUM
            }
        }
        _ => SMALL,
    }
}

fn pow(b: u64, e: u64) -> BigInt {
    num_traits::pow(BigInt::from(b), e as usize)
}

/// The checker's value of family at (n, k).
fn value(family: &str, n: u64, k: u64, parts: &[u64], signed: bool) -> Option<String> {
    let f = || Facts::new(2 * n + 2);
    let v: BigInt = match family {
        "factorial" => (1..=n).fold(BigInt::one(), |a, x| a * x),
        "double_factorial" => (1..=n).rev().step_by(2).fold(BigInt::one(), |a, x| a * x),
        "binomial" => f().c(n, k),
        "central_binomial" => f().c(2 * n, n),
        "multinomial" => {
            let total: u64 = parts.iter().sum();
            let fs = Facts::new(total);
            parts.iter().fold(fs.0[total as usize].clone(), |a, &p| a / &fs.0[p as usize])
        }
        "permutations" => {
            if k > n {
                BigInt::zero()
            } else {
                ((n - k + 1)..=n).rev().fold(BigInt::one(), |a, x| a * x)
            }
        }
        "stirling_first" => {
            // Coefficients of x(x + 1)⋯(x + n − 1), or of the falling factorial when signed.
            let mut poly = vec![BigInt::one()];
            for i in 0..n {
                let mut next = vec![BigInt::zero(); poly.len() + 1];
                for (d, c) in poly.iter().enumerate() {
                    next[d + 1] += c;
                    if signed {
                        next[d] -= c * i;
                    } else {
                        next[d] += c * i;
                    }
                }
                poly = next;
            }
            poly.get(k as usize).cloned().unwrap_or_default()
        }
        "stirling_second" => {
            if k > n {
                BigInt::zero()
            } else {
                let fs = Facts::new(k);
                let mut s = BigInt::zero();
                for j in 0..=k {
                    let t = fs.c(k, j) * pow(j, n);
                    if (k - j).is_multiple_of(2) { s += t } else { s -= t }
                }
                s / &fs.0[k as usize]
            }
        }
        "lah" => {
            let fs = f();
            match (n, k) {
                (0, 0) => BigInt::one(),
                (_, 0) => BigInt::zero(),
                _ if k > n => BigInt::zero(),
                _ => fs.c(n - 1, k - 1) * &fs.0[n as usize] / &fs.0[k as usize],
            }
        }
        "bell" => {
            let fs = f();
            let mut b = vec![BigInt::one()];
            for m in 0..n {
                let v = (0..=m).map(|j| fs.c(m, j) * &b[j as usize]).sum();
                b.push(v);
            }
            b[n as usize].clone()
        }
        "ordered_bell" => {
            let fs = Facts::new(n);
            (0..=n)
                .map(|j| {
                    value("stirling_second", n, j, &[], false)
                        .map(|s| s.parse::<BigInt>().unwrap_or_default() * &fs.0[j as usize])
                        .unwrap_or_default()
                })
                .sum()
        }
        "catalan" => {
            let mut c = vec![BigInt::one()];
            for m in 0..n as usize {
                let v = (0..=m).map(|i| &c[i] * &c[m - i]).sum();
                c.push(v);
            }
            c[n as usize].clone()
        }
        "motzkin" => {
            let fs = f();
            (0..=n / 2).map(|j| fs.c(n, 2 * j) * fs.c(2 * j, j) / (j + 1)).sum()
        }
        "schroder" => {
            let fs = f();
            (0..=n).map(|j| fs.c(n + j, 2 * j) * fs.c(2 * j, j) / (j + 1)).sum()
        }
        "partitions" | "partitions_max_part" => {
            let max = if family == "partitions" { n } else { k.min(n) };
            coin(n, (1..=max).collect())
        }
        "partitions_into_parts" => {
            // Exactly k parts ⇔ (conjugate) largest part exactly k: n − k into parts ≤ k.
            if k > n || (k == 0 && n > 0) {
                BigInt::zero()
            } else if k == 0 {
                BigInt::one()
            } else {
                coin(n - k, (1..=k).collect())
            }
        }
        "distinct_partitions" => coin(n, (1..=n).filter(|p| p % 2 == 1).collect()),
        "compositions" => {
            let fs = f();
            match (n, parts.first()) {
                (0, _) => BigInt::from(u8::from(k == 0)),
                (_, Some(_)) if k == 0 => BigInt::zero(),
                (_, Some(_)) => fs.c(n - 1, k - 1),
                _ => {
                    let mut c = vec![BigInt::one()];
                    for _ in 1..=n as usize {
                        let v = c.iter().sum();
                        c.push(v);
                    }
                    c[n as usize].clone()
                }
            }
        }
        "derangements" => {
            let fs = Facts::new(n);
            let mut s = BigInt::zero();
            for j in 0..=n {
                let t = &fs.0[n as usize] / &fs.0[j as usize];
                if j.is_multiple_of(2) { s += t } else { s -= t }
            }
            s
        }
        "involutions" => {
            let fs = Facts::new(n);
            (0..=n / 2)
                .map(|j| &fs.0[n as usize] / (&fs.0[j as usize] * (BigInt::one() << j) * &fs.0[(n - 2 * j) as usize]))
                .sum()
        }
        "fibonacci" | "lucas" => {
            let (mut a, mut b) = (BigInt::zero(), BigInt::one());
            for _ in 0..n {
                let c = &a + &b;
                a = std::mem::replace(&mut b, c);
            }
            // Now a = F(n), b = F(n + 1); L(n) = F(n − 1) + F(n + 1) = 2F(n + 1) − F(n).
            if family == "fibonacci" { a } else { b * 2 - a }
        }
        "eulerian" => {
            if n == 0 {
                BigInt::from(u8::from(k == 0))
            } else if k >= n {
                BigInt::zero()
            } else {
                let fs = Facts::new(n + 1);
                let mut s = BigInt::zero();
                for j in 0..=k + 1 {
                    let t = fs.c(n + 1, j) * pow(k + 1 - j, n);
                    if j.is_multiple_of(2) { s += t } else { s -= t }
                }
                s
            }
        }
        "narayana" => {
            let fs = f();
            match (n, k) {
                (0, 0) => BigInt::one(),
                (_, 0) => BigInt::zero(),
                _ if k > n => BigInt::zero(),
                _ => fs.c(n - 1, k - 1) * fs.c(n, k - 1) / k,
            }
        }
        "bernoulli" => return Some(bernoulli(n)),
        _ => return None,
    };
    Some(v.to_string())
}

/// Partitions of n into parts from `parts`, by the coin-change table.
fn coin(n: u64, parts: Vec<u64>) -> BigInt {
    let mut c = vec![BigInt::zero(); n as usize + 1];
    c[0] = BigInt::one();
    for p in parts {
        for s in p as usize..=n as usize {
            let a = c[s - p as usize].clone();
            c[s] += a;
        }
    }
    c[n as usize].clone()
}

/// B_n by the Akiyama–Tanigawa algorithm (which gives B₁ = +1/2; the claim's convention is −1/2).
fn bernoulli(n: u64) -> String {
    let mut a: Vec<BigRational> = Vec::with_capacity(n as usize + 1);
    for m in 0..=n {
        a.push(BigRational::new(BigInt::one(), BigInt::from(m + 1)));
        for j in (1..=m as usize).rev() {
            a[j - 1] = (&a[j - 1] - &a[j]) * BigRational::from_integer(BigInt::from(j));
        }
    }
    let mut b = a[0].clone();
    if n == 1 {
        b = -b;
    }
    if b.denom().is_one() { b.numer().to_string() } else { format!("{}/{}", b.numer(), b.denom()) }
}

/// Replays a `number` statement.
pub(crate) fn check(s: &Value, path: &str) -> Replay {
    let Some(family) = s.get("family").and_then(Value::as_str) else {
        return fails(&format!("{path}/family"), "MALFORMED", "a family name");
    };
    let n = nat(s, "n").unwrap_or(0);
    let k = nat(s, "k");
    let signed = s.get("signed").and_then(Value::as_bool).unwrap_or(false);
    let parts: Vec<u64> = s
        .get("parts")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default();
    let two = matches!(
        family,
        "binomial"
            | "permutations"
            | "stirling_first"
            | "stirling_second"
            | "lah"
            | "partitions_into_parts"
            | "partitions_max_part"
            | "eulerian"
            | "narayana"
    );
    let size = if family == "multinomial" { parts.iter().sum() } else { n };
    let table = s.get("table").and_then(Value::as_array);
    // A table is replayed entry by entry, each by its own formula.
    let limit = if table.is_some() { bound(family, two).min(200) } else { bound(family, two) };
    if size > limit {
        return Replay::TooLarge(format!("{family} at n = {size} is past the checker's bound {limit}"));
    }
    // Compositions into k parts are marked by a nonempty `parts` for the shared formula.
    let marker = if family == "compositions" && k.is_some() { vec![1] } else { parts.clone() };
    let Some(v) = value(family, n, k.unwrap_or(0), &marker, signed) else {
        return fails(
            &format!("{path}/family"),
            "UNKNOWN_FAMILY",
            format!("`{family}` is not a family the checker knows"),
        );
    };
    if s.get("value").and_then(Value::as_str) != Some(v.as_str()) {
        return fails(&format!("{path}/value"), "WRONG_VALUE", format!("{family}({n}) is {}", clip(&v)));
    }
    if let Some(t) = table {
        if t.len() as u64 != n + 1 {
            return fails(&format!("{path}/table"), "WRONG_LENGTH", format!("{} entries", n + 1));
        }
        for (i, x) in t.iter().enumerate() {
            let want = if two {
                value(family, n, i as u64, &marker, signed)
            } else {
                value(family, i as u64, k.unwrap_or(0), &marker, signed)
            };
            if x.as_str() != want.as_deref() {
                return fails(
                    &format!("{path}/table/{i}"),
                    "WRONG_VALUE",
                    format!("the entry is {}", clip(&want.unwrap_or_default())),
                );
            }
        }
    }
    Replay::Holds
}

fn clip(s: &str) -> String {
    if s.len() > 40 { format!("{}… ({} digits)", &s[..20], s.len()) } else { s.to_owned() }
}
