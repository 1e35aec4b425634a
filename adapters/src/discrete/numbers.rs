//! `combinatorics.compute.numbers`: the classical counting numbers as exact big integers (and
//! Bernoulli numbers as exact rationals), one value or a whole table.
//!
//! One-parameter families give a(n), or a(0), …, a(n) with `table`; two-parameter families
//! give T(n, k), or the row T(n, 0), …, T(n, n) with `table`. Each table comes from the
//! family's own recurrence (p(n) by Euler's pentagonal number theorem, Stirling and Eulerian
//! numbers by their triangles), so a row costs about what its last entry does.

// Index loops over several parallel tables read more clearly than zipped iterators here.
#![allow(clippy::needless_range_loop, clippy::type_complexity)]

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::Rat;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_traits::{One, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{native, statements};
use crate::cas::{self, Answer, Query};

/// A family of counting numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Family {
    /// n!.
    Factorial,
    /// n!! = n·(n − 2)·(n − 4)⋯.
    DoubleFactorial,
    /// C(n, k).
    Binomial,
    /// C(2n, n).
    CentralBinomial,
    /// (k₁ + … + k_m)! / (k₁!⋯k_m!), from `parts`.
    Multinomial,
    /// k-permutations of n: n!/(n − k)! (the falling factorial).
    Permutations,
    /// Stirling numbers of the first kind c(n, k) (unsigned; `signed` for s(n, k)).
    StirlingFirst,
    /// Stirling numbers of the second kind S(n, k).
    StirlingSecond,
    /// Unsigned Lah numbers L(n, k).
    Lah,
    /// Bell numbers B(n).
    Bell,
    /// Ordered Bell (Fubini) numbers.
    OrderedBell,
    /// Catalan numbers C(n).
    Catalan,
    /// Motzkin numbers M(n).
    Motzkin,
    /// Large Schröder numbers.
    Schroder,
    /// Partition numbers p(n).
    Partitions,
    /// Partitions of n into exactly k parts p(n, k).
    PartitionsIntoParts,
    /// Partitions of n into parts of size at most k (equally: into at most k parts).
    PartitionsMaxPart,
    /// Partitions of n into distinct parts q(n).
    DistinctPartitions,
    /// Compositions of n (2^(n−1)), or into exactly k parts with `k` (C(n − 1, k − 1)).
    Compositions,
    /// Derangements !n.
    Derangements,
    /// Involutions of n elements (telephone numbers).
    Involutions,
    /// Bernoulli numbers B_n, with B₁ = −1/2.
    Bernoulli,
    /// Fibonacci numbers F(n), F(0) = 0, F(1) = 1.
    Fibonacci,
    /// Lucas numbers L(n), L(0) = 2, L(1) = 1.
    Lucas,
    /// Eulerian numbers A(n, k): permutations of n with k descents.
    Eulerian,
    /// Narayana numbers N(n, k).
    Narayana,
}

impl Family {
    /// Whether the family takes a second index k.
    pub fn two_parameter(self) -> bool {
        use Family::*;
        matches!(
            self,
            Binomial
                | Permutations
                | StirlingFirst
                | StirlingSecond
                | Lah
                | PartitionsIntoParts
                | PartitionsMaxPart
                | Eulerian
                | Narayana
        )
    }

    /// Largest n computed (a table or row of that size is computed in well under a second).
    pub fn max_n(self, table: bool) -> u64 {
        use Family::*;
        match self {
            Fibonacci | Lucas if !table => 500_000,
            Binomial | Permutations | CentralBinomial | Catalan if !table => 100_000,
            Factorial | DoubleFactorial | Derangements | Involutions | Fibonacci | Lucas | Compositions => 20_000,
            Binomial | Permutations | CentralBinomial | Catalan | Motzkin | Schroder | Narayana => 10_000,
            Partitions => 50_000,
            Multinomial => 100_000,
            PartitionsIntoParts | PartitionsMaxPart | DistinctPartitions => 3_000,
            StirlingFirst | StirlingSecond | Lah | Bell | OrderedBell | Eulerian => 1_000,
            Bernoulli => 500,
        }
    }
}

/// Input of `combinatorics.compute.numbers`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NumbersInput {
    /// The family.
    pub family: Family,
    /// The index n (for `multinomial`, leave 0: the parts give it).
    #[serde(default)]
    pub n: u64,
    /// The second index k of a two-parameter family (and of `compositions` into k parts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k: Option<u64>,
    /// The parts k₁, …, k_m of a multinomial coefficient.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = 1000))]
    pub parts: Option<Vec<u64>>,
    /// The whole table a(0..=n), or for a two-parameter family the row T(n, 0..=n).
    #[serde(default)]
    pub table: bool,
    /// Signed Stirling numbers of the first kind s(n, k) = (−1)^(n−k) c(n, k).
    #[serde(default)]
    pub signed: bool,
}

/// Output of `combinatorics.compute.numbers`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct NumbersOutput {
    /// The family.
    pub family: Family,
    /// The value asked for (the last entry of a table), as decimal text (`p/q` for Bernoulli).
    pub value: String,
    /// The table or row, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<Vec<String>>,
}

/// `combinatorics.compute.numbers`.
pub struct Numbers;

fn binom(n: u64, k: u64) -> BigInt {
    if k > n {
        return BigInt::zero();
    }
    let k = k.min(n - k);
    let mut r = BigInt::one();
    for i in 0..k {
        r = r * (n - i) / (i + 1);
    }
    r
}

fn pascal_row(n: u64) -> Vec<BigInt> {
    let mut row = vec![BigInt::one()];
    for k in 0..n {
        let next = &row[k as usize] * (n - k) / (k + 1);
        row.push(next);
    }
    row
}

/// p(0..=n) by Euler's pentagonal number theorem, in fixed-width machine-word limbs: every
/// p(m) ≤ p(n) fits in `width` limbs (from the Hardy–Ramanujan bound log p(n) < π√(2n/3)), and
/// each step adds or subtracts whole rows with one carry pass, without allocating.
pub fn partition_table(n: usize, ctx: Option<&AdapterContext>) -> Result<Vec<BigInt>, AdapterError> {
    let bits = std::f64::consts::PI * (2.0 * n as f64 / 3.0).sqrt() / std::f64::consts::LN_2;
    let width = (bits as usize + 2) / 32 + 2;
    let mut p = vec![0u32; (n + 1) * width];
    p[0] = 1;
    let mut acc = vec![0i64; width];
    for m in 1..=n {
        if m.is_multiple_of(256)
            && let Some(c) = ctx
        {
            c.checkpoint()?;
        }
        acc.iter_mut().for_each(|a| *a = 0);
        let mut j = 1usize;
        loop {
            let g1 = j * (3 * j - 1) / 2;
            if g1 > m {
                break;
            }
            let g2 = g1 + j;
            let sign: i64 = if j % 2 == 1 { 1 } else { -1 };
            for g in [g1, g2] {
                if g <= m {
                    let row = &p[(m - g) * width..(m - g + 1) * width];
                    for (a, &x) in acc.iter_mut().zip(row) {
                        *a += sign * i64::from(x);
                    }
                }
            }
            j += 1;
        }
        // Carry: the value is non-negative, so the limbs normalize into 0..2^32.
        let mut carry = 0i64;
        let out = &mut p[m * width..(m + 1) * width];
        for (o, a) in out.iter_mut().zip(&acc) {
            let v = a + carry;
            *o = v.rem_euclid(1 << 32) as u32;
            carry = v.div_euclid(1 << 32);
        }
        if carry != 0 {
            return Err(AdapterError::Backend(format!("p({m}) overflowed its {width} limbs")));
        }
    }
    Ok(p.chunks(width).map(|limbs| BigInt::from_slice(num_bigint::Sign::Plus, limbs)).collect())
}

/// Row n of a triangle T(m, k) = a(m, k)·T(m − 1, k) + b(m, k)·T(m − 1, k − 1), T(0, 0) = 1.
fn triangle(
    n: u64,
    ctx: &AdapterContext,
    a: impl Fn(u64, u64) -> u64,
    b: impl Fn(u64, u64) -> u64,
) -> Result<Vec<BigInt>, AdapterError> {
    let mut row = vec![BigInt::one()];
    for m in 1..=n {
        if m.is_multiple_of(32) {
            ctx.checkpoint()?;
        }
        let mut next = vec![BigInt::zero(); m as usize + 1];
        for k in 0..=m {
            let mut v = BigInt::zero();
            if k < m {
                let f = a(m, k);
                if f != 0 {
                    v += &row[k as usize] * f;
                }
            }
            if k > 0 {
                let f = b(m, k);
                if f != 0 {
                    v += &row[k as usize - 1] * f;
                }
            }
            next[k as usize] = v;
        }
        row = next;
    }
    Ok(row)
}

/// T(m, k) for k ≤ m ≤ n of p(m, k) (partitions into exactly k parts): p(m, k) = p(m − 1, k − 1) + p(m − k, k).
fn partitions_into_parts(n: usize, ctx: &AdapterContext) -> Result<Vec<Vec<BigInt>>, AdapterError> {
    let mut t = vec![vec![BigInt::zero(); n + 1]; n + 1];
    t[0][0] = BigInt::one();
    for m in 1..=n {
        if m.is_multiple_of(64) {
            ctx.checkpoint()?;
        }
        for k in 1..=m {
            let v = &t[m - 1][k - 1] + &t[m - k][k];
            t[m][k] = v;
        }
    }
    Ok(t)
}

/// B₀, …, B_n from Σ_{j=0}^{m} C(m + 1, j) B_j = 0.
fn bernoulli_table(n: u64, ctx: &AdapterContext) -> Result<Vec<Rat>, AdapterError> {
    let mut b: Vec<Rat> = vec![Rat::one()];
    for m in 1..=n {
        if m.is_multiple_of(16) {
            ctx.checkpoint()?;
        }
        let row = pascal_row(m + 1);
        let mut s = Rat::zero();
        for (j, bj) in b.iter().enumerate() {
            if !bj.is_zero() {
                s += Rat::from_integer(row[j].clone()) * bj;
            }
        }
        b.push(-s / Rat::from_integer(BigInt::from(m + 1)));
    }
    Ok(b)
}

fn rat_text(r: &Rat) -> String {
    if r.denom().is_one() { r.numer().to_string() } else { format!("{}/{}", r.numer(), r.denom()) }
}

/// (F(n), F(n + 1)) by fast doubling.
pub fn fibonacci_pair(n: u64) -> (BigInt, BigInt) {
    if n == 0 {
        return (BigInt::zero(), BigInt::one());
    }
    let (a, b) = fibonacci_pair(n / 2);
    let c = &a * (&b * 2 - &a);
    let d = &a * &a + &b * &b;
    if n.is_multiple_of(2) { (c, d) } else { (d.clone(), c + d) }
}

/// A one-parameter family's table a(0..=n) by its recurrence.
fn sequence_table(f: Family, n: u64, ctx: &AdapterContext) -> Result<Vec<BigInt>, AdapterError> {
    use Family::*;
    let len = n as usize + 1;
    let mut t: Vec<BigInt> = Vec::with_capacity(len);
    let at = |t: &[BigInt], i: usize| t[i].clone();
    for m in 0..len {
        if m.is_multiple_of(1024) {
            ctx.checkpoint()?;
        }
        let mu = m as u64;
        let v = match f {
            Factorial => {
                if m == 0 {
                    BigInt::one()
                } else {
                    at(&t, m - 1) * mu
                }
            }
            DoubleFactorial => {
                if m < 2 {
                    BigInt::one()
                } else {
                    at(&t, m - 2) * mu
                }
            }
            CentralBinomial => {
                if m == 0 {
                    BigInt::one()
                } else {
                    at(&t, m - 1) * (4 * mu - 2) / mu
                }
            }
            Catalan => {
                if m == 0 {
                    BigInt::one()
                } else {
                    at(&t, m - 1) * (4 * mu - 2) / (mu + 1)
                }
            }
            Motzkin => {
                if m < 2 {
                    BigInt::one()
                } else {
                    (at(&t, m - 1) * (2 * mu + 1) + at(&t, m - 2) * (3 * mu - 3)) / (mu + 2)
                }
            }
            Schroder => match m {
                0 => BigInt::one(),
                1 => BigInt::from(2),
                _ => (at(&t, m - 1) * (6 * mu - 3) - at(&t, m - 2) * (mu - 2)) / (mu + 1),
            },
            Derangements => match m {
                0 => BigInt::one(),
                1 => BigInt::zero(),
                _ => (at(&t, m - 1) + at(&t, m - 2)) * (mu - 1),
            },
            Involutions => {
                if m < 2 {
                    BigInt::one()
                } else {
                    at(&t, m - 1) + at(&t, m - 2) * (mu - 1)
                }
            }
            Fibonacci => {
                if m < 2 {
                    BigInt::from(mu)
                } else {
                    at(&t, m - 1) + at(&t, m - 2)
                }
            }
            Lucas => match m {
                0 => BigInt::from(2),
                1 => BigInt::one(),
                _ => at(&t, m - 1) + at(&t, m - 2),
            },
            Compositions => {
                if m == 0 {
                    BigInt::one()
                } else {
                    BigInt::one() << (m - 1)
                }
            }
            OrderedBell => {
                if m == 0 {
                    BigInt::one()
                } else {
                    let row = pascal_row(mu);
                    (1..=m).map(|k| &row[k] * &t[m - k]).sum()
                }
            }
            Bell => {
                // Bell numbers from the Bell triangle, computed once for the whole table.
                return bell_table(n, ctx);
            }
            Partitions => return partition_table(len - 1, Some(ctx)),
            DistinctPartitions => {
                let mut q = vec![BigInt::zero(); len];
                q[0] = BigInt::one();
                for part in 1..len {
                    if part.is_multiple_of(64) {
                        ctx.checkpoint()?;
                    }
                    for s in (part..len).rev() {
                        let add = q[s - part].clone();
                        q[s] += add;
                    }
                }
                return Ok(q);
            }
            _ => return Err(AdapterError::Backend(format!("{f:?} has no one-parameter table"))),
        };
        t.push(v);
    }
    Ok(t)
}

fn bell_table(n: u64, ctx: &AdapterContext) -> Result<Vec<BigInt>, AdapterError> {
    let mut out = vec![BigInt::one()];
    let mut row = vec![BigInt::one()];
    for m in 1..=n {
        if m.is_multiple_of(32) {
            ctx.checkpoint()?;
        }
        let mut next = Vec::with_capacity(row.len() + 1);
        next.push(row[row.len() - 1].clone());
        for x in &row {
            let v = &next[next.len() - 1] + x;
            next.push(v);
        }
        out.push(next[0].clone());
        row = next;
    }
    Ok(out)
}

/// Row n of a two-parameter family, T(n, 0..=n).
fn row(f: Family, n: u64, signed: bool, ctx: &AdapterContext) -> Result<Vec<BigInt>, AdapterError> {
    use Family::*;
    Ok(match f {
        Binomial => pascal_row(n),
        Permutations => {
            let mut r = vec![BigInt::one()];
            for k in 0..n {
                let v = &r[k as usize] * (n - k);
                r.push(v);
            }
            r
        }
        StirlingFirst => {
            let mut r = triangle(n, ctx, |m, _| m - 1, |_, _| 1)?;
            if signed {
                for (k, v) in r.iter_mut().enumerate() {
                    if (n - k as u64) % 2 == 1 {
                        *v = -v.clone();
                    }
                }
            }
            r
        }
        StirlingSecond => triangle(n, ctx, |_, k| k, |_, _| 1)?,
        Lah => triangle(n, ctx, |m, k| m - 1 + k, |_, _| 1)?,
        Eulerian => {
            if n == 0 {
                return Ok(vec![BigInt::one()]);
            }
            // A(m, k) = (k + 1)·A(m − 1, k) + (m − k)·A(m − 1, k − 1), from A(1, 0) = 1.
            let mut r = vec![BigInt::one()];
            for m in 2..=n {
                let mut next = vec![BigInt::zero(); m as usize];
                for k in 0..m {
                    let mut v = BigInt::zero();
                    if k < m - 1 {
                        v += &r[k as usize] * (k + 1);
                    }
                    if k > 0 {
                        v += &r[k as usize - 1] * (m - k);
                    }
                    next[k as usize] = v;
                }
                r = next;
            }
            r.push(BigInt::zero());
            r
        }
        Narayana => {
            let p = pascal_row(n);
            (0..=n as usize)
                .map(|k| {
                    if n == 0 {
                        BigInt::from(u8::from(k == 0))
                    } else if k == 0 {
                        BigInt::zero()
                    } else {
                        &p[k] * &p[k - 1] / n
                    }
                })
                .collect()
        }
        PartitionsIntoParts => partitions_into_parts(n as usize, ctx)?.swap_remove(n as usize),
        PartitionsMaxPart => {
            let t = partitions_into_parts(n as usize, ctx)?;
            let mut acc = BigInt::zero();
            (0..=n as usize)
                .map(|k| {
                    acc += &t[n as usize][k];
                    acc.clone()
                })
                .collect()
        }
        _ => return Err(AdapterError::Backend(format!("{f:?} has no row"))),
    })
}

/// The value (and table) of a family.
pub fn compute(i: &NumbersInput, ctx: &AdapterContext) -> Result<(String, Option<Vec<String>>), AdapterError> {
    use Family::*;
    let n = i.n;
    if i.family == Bernoulli {
        let t = bernoulli_table(n, ctx)?;
        let value = rat_text(&t[n as usize]);
        return Ok((value, i.table.then(|| t.iter().map(rat_text).collect())));
    }
    if i.family == Multinomial {
        let parts = i.parts.clone().unwrap_or_default();
        let mut total = 0u64;
        let mut r = BigInt::one();
        for p in parts {
            for j in 1..=p {
                total += 1;
                r = r * total / j;
            }
        }
        return Ok((r.to_string(), None));
    }
    if i.family == Compositions && i.k.is_some() {
        let k = i.k.unwrap_or(0);
        let v = if n == 0 {
            BigInt::from(u8::from(k == 0))
        } else if k == 0 {
            BigInt::zero()
        } else {
            binom(n - 1, k - 1)
        };
        return Ok((v.to_string(), None));
    }
    if i.family.two_parameter() {
        let k = i.k.unwrap_or(0);
        if !i.table {
            // Single values with a closed form skip the row.
            let single = match i.family {
                Binomial => Some(binom(n, k)),
                Permutations => {
                    Some(if k > n { BigInt::zero() } else { ((n - k + 1)..=n).fold(BigInt::one(), |a, x| a * x) })
                }
                _ => None,
            };
            if let Some(v) = single {
                return Ok((v.to_string(), None));
            }
        }
        let r = row(i.family, n, i.signed, ctx)?;
        let value = r.get(k as usize).cloned().unwrap_or_default().to_string();
        return Ok((value, i.table.then(|| r.iter().map(ToString::to_string).collect())));
    }
    if !i.table {
        let single = match i.family {
            Fibonacci => Some(fibonacci_pair(n).0),
            Lucas => {
                let (a, b) = fibonacci_pair(n);
                Some(b * 2 - a)
            }
            CentralBinomial => Some(binom(2 * n, n)),
            Catalan => Some(binom(2 * n, n) / (n + 1)),
            _ => None,
        };
        if let Some(v) = single {
            return Ok((v.to_string(), None));
        }
    }
    let t = sequence_table(i.family, n, ctx)?;
    let value = t[n as usize].to_string();
    Ok((value, i.table.then(|| t.iter().map(ToString::to_string).collect())))
}

impl Query for Numbers {
    type Input = NumbersInput;
    type Output = NumbersOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "combinatorics.compute.numbers",
                "Counting numbers",
                "Exact counting numbers: binomial, multinomial, Stirling, Bell, Catalan, Motzkin, partition numbers, derangements, Bernoulli, Fibonacci, Lucas, Eulerian, Narayana; one value or a table.",
                "Exact big integers, natively: `family` selects factorial, double_factorial, binomial, central_binomial, \
                 multinomial (from `parts`), permutations (falling factorial), stirling_first (unsigned, or `signed`), \
                 stirling_second, lah, bell, ordered_bell, catalan, motzkin, schroder, partitions p(n), \
                 partitions_into_parts p(n, k), partitions_max_part, distinct_partitions q(n), compositions, \
                 derangements, involutions, bernoulli (B₁ = −1/2, exact rationals), fibonacci, lucas, eulerian, \
                 narayana. `table` returns a(0..n) or the row T(n, 0..n). VERIFY recomputes each value by an \
                 independent formula in the discrete checker.",
                &[
                    "binomial-coefficient",
                    "multinomial",
                    "stirling-numbers",
                    "bell-numbers",
                    "catalan-numbers",
                    "motzkin",
                    "partition-numbers",
                    "derangements",
                    "bernoulli-numbers",
                    "fibonacci",
                    "lucas",
                    "eulerian-numbers",
                    "narayana",
                    "factorial",
                    "combinatorics",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("numbers.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("C(52, 5)", Mode::Explore, json!({"family": "binomial", "n": 52, "k": 5})),
            ("p(0), …, p(20)", Mode::Verify, json!({"family": "partitions", "n": 20, "table": true})),
            (
                "Row 6 of the signed Stirling numbers of the first kind",
                Mode::Explore,
                json!({"family": "stirling_first", "n": 6, "table": true, "signed": true}),
            ),
            ("The multinomial 10!/(2!3!5!)", Mode::Explore, json!({"family": "multinomial", "parts": [2, 3, 5]})),
        ]
    }
    fn validate(&self, i: &NumbersInput) -> Result<(), Diagnostic> {
        match i.family {
            Family::Multinomial if i.parts.is_none() => {
                return Err(Diagnostic::at("/parts", "MISSING_FIELD", "a multinomial coefficient needs `parts`"));
            }
            Family::Multinomial if i.table => {
                return Err(Diagnostic::at("/table", "UNSUPPORTED", "a multinomial coefficient has no table"));
            }
            f if f.two_parameter() && i.k.is_none() && !i.table => {
                return Err(Diagnostic::at("/k", "MISSING_FIELD", format!("{f:?} needs `k` (or `table` for row n)")));
            }
            Family::Compositions if i.k.is_some() && i.table => {
                return Err(Diagnostic::at("/table", "UNSUPPORTED", "compositions into k parts have no table"));
            }
            _ => {}
        }
        if i.parts.is_some() && i.family != Family::Multinomial {
            return Err(Diagnostic::at("/parts", "UNEXPECTED_FIELD", "`parts` belongs to multinomial coefficients"));
        }
        if i.signed && i.family != Family::StirlingFirst {
            return Err(Diagnostic::at("/signed", "UNEXPECTED_FIELD", "`signed` belongs to stirling_first"));
        }
        Ok(())
    }
    fn bounds(&self, i: &NumbersInput) -> Result<(), Refusal> {
        let max = i.family.max_n(i.table);
        let n = match &i.parts {
            Some(p) => p.iter().fold(0u64, |a, &x| a.saturating_add(x)),
            None => i.n,
        };
        if n > max {
            let at = if i.parts.is_some() { "/parts" } else { "/n" };
            return Err(super::too_large(at, format!("{:?}: n is at most {max}", i.family)));
        }
        Ok(())
    }
    fn answer(&self, i: &NumbersInput, ctx: &AdapterContext) -> Result<Answer<NumbersOutput>, AdapterError> {
        let (value, table) = compute(i, ctx)?;
        let statement = json!({"number": {
            "family": i.family, "n": i.n, "k": i.k, "parts": i.parts, "signed": i.signed,
            "value": value, "table": table,
        }});
        Ok(Answer::from(NumbersOutput { family: i.family, value, table }).claim(statements(vec![statement])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partition_numbers_and_fibonacci() {
        let p = partition_table(100, None).unwrap();
        assert_eq!(p[100].to_string(), "190569292");
        assert_eq!(fibonacci_pair(100).0.to_string(), "354224848179261915075");
        assert_eq!(binom(10, 3), BigInt::from(120));
    }
}
