//! `sequence.transform.apply`: the classical transforms of integer sequences, exactly on big
//! integers — binomial, Euler, Möbius, INVERT, exponential (EXP/LOG), Stirling, boustrophedon,
//! and the ordinary and Dirichlet convolutions with a second sequence — with their inverses.
//!
//! Indexing follows the usual conventions: transforms of generating functions in x^n with a
//! constant term 1 (Euler, INVERT, EXP and their inverses) and the arithmetic ones (Möbius,
//! Dirichlet) read the terms as a(1), a(2), …; the others as a(0), a(1), …. Every transform here
//! maps integer sequences to integer sequences; a division that is not exact is a defect and is
//! reported, never rounded.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::native;
use crate::cas::{self, Answer, Query};

/// Most terms transformed.
pub const MAX_TERMS: usize = 2_000;
/// Most decimal digits of one input term.
pub const MAX_DIGITS: usize = 2_000;

/// A transform.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Transform {
    /// b(n) = Σ_k C(n, k) a(k), from n = 0.
    Binomial,
    /// b(n) = Σ_k (−1)^(n−k) C(n, k) a(k), from n = 0.
    InverseBinomial,
    /// 1 + Σ b(n)xⁿ = Π_k (1 − x^k)^(−a(k)), from n = 1 (multisets of a(k) kinds of size k).
    Euler,
    /// The a with Euler(a) = b, from n = 1.
    InverseEuler,
    /// b(n) = Σ_{d | n} μ(n/d) a(d), from n = 1.
    Mobius,
    /// b(n) = Σ_{d | n} a(d), from n = 1.
    InverseMobius,
    /// 1 + Σ b(n)xⁿ = 1/(1 − Σ a(n)xⁿ), from n = 1 (sequences of parts).
    Invert,
    /// The a with Invert(a) = b, from n = 1.
    InverseInvert,
    /// 1 + Σ b(n)xⁿ/n! = exp(Σ a(n)xⁿ/n!), from n = 1 (sets of labelled parts).
    Exp,
    /// The a with Exp(a) = b (connected labelled structures), from n = 1.
    Log,
    /// b(n) = Σ_k S(n, k) a(k), Stirling numbers of the second kind, from n = 0.
    Stirling2,
    /// b(n) = Σ_k s(n, k) a(k), signed Stirling numbers of the first kind, from n = 0.
    Stirling1,
    /// The boustrophedon (Seidel–Entringer–Arnold) transform, from n = 0.
    Boustrophedon,
    /// b(n) = Σ_k a(k) c(n − k) with `other` = c, from n = 0.
    Convolution,
    /// b(n) = Σ_{d | n} a(d) c(n/d) with `other` = c, from n = 1.
    Dirichlet,
}

impl Transform {
    fn first_index(self) -> u64 {
        use Transform::*;
        match self {
            Binomial | InverseBinomial | Stirling2 | Stirling1 | Boustrophedon | Convolution => 0,
            _ => 1,
        }
    }
    fn binary(self) -> bool {
        matches!(self, Transform::Convolution | Transform::Dirichlet)
    }
}

/// Input of `sequence.transform.apply`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TransformInput {
    /// The terms a (1 to 2,000, each at most 2,000 digits), from the transform's first index.
    #[schemars(length(min = 1, max = 2000))]
    pub terms: Vec<DecimalInteger>,
    /// The transform.
    pub transform: Transform,
    /// The second sequence c of `convolution` and `dirichlet` (as many terms as `terms`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub other: Option<Vec<DecimalInteger>>,
}

/// `sequence.transform.apply`.
pub struct SequenceTransform;

fn read(i: &TransformInput) -> Result<(Vec<BigInt>, Option<Vec<BigInt>>), Diagnostic> {
    if i.terms.is_empty() || i.terms.len() > MAX_TERMS {
        return Err(Diagnostic::at("/terms", "BAD_LENGTH", format!("1 to {MAX_TERMS} terms")));
    }
    let parse = |v: &[DecimalInteger], at: &str| -> Result<Vec<BigInt>, Diagnostic> {
        v.iter()
            .enumerate()
            .map(|(k, t)| {
                if t.as_str().trim_start_matches('-').len() > MAX_DIGITS {
                    return Err(Diagnostic::at(
                        format!("{at}/{k}"),
                        "TOO_LARGE",
                        format!("at most {MAX_DIGITS} digits"),
                    ));
                }
                t.as_str().parse().map_err(|_| Diagnostic::at(format!("{at}/{k}"), "NOT_AN_INTEGER", "an integer"))
            })
            .collect()
    };
    let a = parse(&i.terms, "/terms")?;
    let c = match (&i.other, i.transform.binary()) {
        (None, true) => return Err(Diagnostic::at("/other", "MISSING", "this transform takes a second sequence")),
        (Some(_), false) => return Err(Diagnostic::at("/other", "UNUSED", "only convolution and dirichlet take one")),
        (Some(c), true) if c.len() != i.terms.len() => {
            let message = format!("{} terms; `terms` has {}", c.len(), i.terms.len());
            return Err(Diagnostic::at("/other", "LENGTH_MISMATCH", message));
        }
        (Some(c), true) => Some(parse(c, "/other")?),
        (None, false) => None,
    };
    Ok((a, c))
}

/// Rows 0..=n of Pascal's triangle.
fn pascal(n: usize, ctx: &AdapterContext) -> Result<Vec<Vec<BigInt>>, AdapterError> {
    let mut rows: Vec<Vec<BigInt>> = vec![vec![BigInt::one()]];
    for m in 1..=n {
        ctx.checkpoint()?;
        let prev = &rows[m - 1];
        let row = (0..=m)
            .map(|k| {
                let left = if k > 0 { prev[k - 1].clone() } else { BigInt::zero() };
                left + prev.get(k).cloned().unwrap_or_default()
            })
            .collect();
        rows.push(row);
    }
    Ok(rows)
}

/// μ(1..=n).
fn mobius(n: usize) -> Vec<i8> {
    let mut mu = vec![1i8; n + 1];
    let mut composite = vec![false; n + 1];
    for p in 2..=n {
        if composite[p] {
            continue;
        }
        for m in (p..=n).step_by(p) {
            if m > p {
                composite[m] = true;
            }
            mu[m] = -mu[m];
        }
        for m in (p * p..=n).step_by(p * p) {
            mu[m] = 0;
        }
    }
    mu
}

/// x / d, which must be exact.
fn exact(x: BigInt, d: usize) -> Result<BigInt, AdapterError> {
    let (q, r) = x.div_rem(&BigInt::from(d));
    if !r.is_zero() {
        return Err(AdapterError::Backend(format!("a division by {d} was not exact")));
    }
    Ok(q)
}

/// The transform of `a` (and `c`), term by term.
fn apply(t: Transform, a: &[BigInt], c: Option<&[BigInt]>, ctx: &AdapterContext) -> Result<Vec<BigInt>, AdapterError> {
    let n = a.len();
    // x(k) for k = 1..=n is a[k − 1] in the sequences read from index 1.
    let one = |v: &[BigInt], k: usize| v[k - 1].clone();
    let mut b: Vec<BigInt> = Vec::with_capacity(n);
    match t {
        Transform::Binomial | Transform::InverseBinomial => {
            let rows = pascal(n - 1, ctx)?;
            for (m, row) in rows.iter().enumerate() {
                let mut s = BigInt::zero();
                for k in 0..=m {
                    let term = &row[k] * &a[k];
                    if t == Transform::InverseBinomial && (m - k) % 2 == 1 { s -= term } else { s += term }
                }
                b.push(s);
            }
        }
        Transform::Euler | Transform::InverseEuler => {
            // With c(m) = Σ_{d | m} d·a(d): m·b(m) = c(m) + Σ_{k<m} c(k)·b(m − k).
            let mut cs: Vec<BigInt> = vec![BigInt::zero(); n + 1];
            let mut bs: Vec<BigInt> = vec![BigInt::one(); n + 1];
            if t == Transform::Euler {
                for d in 1..=n {
                    for m in (d..=n).step_by(d) {
                        cs[m] += BigInt::from(d) * one(a, d);
                    }
                }
                for m in 1..=n {
                    ctx.checkpoint()?;
                    let s: BigInt = cs[m].clone() + (1..m).map(|k| &cs[k] * &bs[m - k]).sum::<BigInt>();
                    bs[m] = exact(s, m)?;
                }
                b.extend(bs.into_iter().skip(1));
            } else {
                bs[1..].clone_from_slice(a);
                for m in 1..=n {
                    ctx.checkpoint()?;
                    cs[m] = BigInt::from(m) * &bs[m] - (1..m).map(|k| &cs[k] * &bs[m - k]).sum::<BigInt>();
                }
                let mu = mobius(n);
                for m in 1..=n {
                    let mut s = BigInt::zero();
                    for d in (1..=m).filter(|d| m % d == 0) {
                        match mu[m / d] {
                            1 => s += &cs[d],
                            -1 => s -= &cs[d],
                            _ => {}
                        }
                    }
                    b.push(exact(s, m)?);
                }
            }
        }
        Transform::Mobius | Transform::InverseMobius => {
            let mu = mobius(n);
            for m in 1..=n {
                let mut s = BigInt::zero();
                for d in (1..=m).filter(|d| m % d == 0) {
                    let weight = if t == Transform::Mobius { mu[m / d] } else { 1 };
                    match weight {
                        1 => s += one(a, d),
                        -1 => s -= one(a, d),
                        _ => {}
                    }
                }
                b.push(s);
            }
        }
        Transform::Invert | Transform::InverseInvert | Transform::Exp | Transform::Log => {
            // b(0) = 1 and b(m) = Σ_{k=1}^{m} w(m, k)·a(k)·b(m − k), w = 1 (INVERT) or C(m − 1, k − 1) (EXP);
            // the inverses solve the same identity for a(m).
            let rows = if matches!(t, Transform::Exp | Transform::Log) { Some(pascal(n, ctx)?) } else { None };
            let w = |m: usize, k: usize| rows.as_ref().map(|r| r[m - 1][k - 1].clone()).unwrap_or_else(BigInt::one);
            let forward = matches!(t, Transform::Invert | Transform::Exp);
            let mut full: Vec<BigInt> = vec![BigInt::one()];
            let mut parts: Vec<BigInt> = vec![BigInt::zero()];
            for m in 1..=n {
                ctx.checkpoint()?;
                if forward {
                    parts.push(one(a, m));
                    let s: BigInt = (1..=m).map(|k| w(m, k) * &parts[k] * &full[m - k]).sum();
                    full.push(s);
                } else {
                    full.push(one(a, m));
                    let s: BigInt = (1..m).map(|k| w(m, k) * &parts[k] * &full[m - k]).sum();
                    parts.push(&full[m] - s);
                }
            }
            b = if forward { full.split_off(1) } else { parts.split_off(1) };
        }
        Transform::Stirling2 | Transform::Stirling1 => {
            // Rows of S(m, k) or s(m, k), built one at a time.
            let mut row: Vec<BigInt> = vec![BigInt::one()];
            for m in 0..n {
                ctx.checkpoint()?;
                b.push(row.iter().zip(a).map(|(s, x)| s * x).sum());
                let mut next = vec![BigInt::zero(); m + 2];
                for k in 0..=m {
                    // S(m+1, k+1) = S(m, k) + (k+1)·S(m, k+1); s(m+1, k+1) = s(m, k) − m·s(m, k+1).
                    next[k + 1] += &row[k];
                    let factor = if t == Transform::Stirling2 { BigInt::from(k) } else { -BigInt::from(m) };
                    next[k] += factor * &row[k];
                }
                row = next;
            }
        }
        Transform::Boustrophedon => {
            // T(m, 0) = a(m), T(m, k) = T(m, k − 1) + T(m − 1, m − k); b(m) = T(m, m).
            let mut prev: Vec<BigInt> = vec![];
            for m in 0..n {
                ctx.checkpoint()?;
                let mut cur = vec![a[m].clone()];
                for k in 1..=m {
                    let v = &cur[k - 1] + &prev[m - k];
                    cur.push(v);
                }
                b.push(cur[m].clone());
                prev = cur;
            }
        }
        Transform::Convolution => {
            let c = c.unwrap_or_default();
            for m in 0..n {
                ctx.checkpoint()?;
                b.push((0..=m).map(|k| &a[k] * &c[m - k]).sum());
            }
        }
        Transform::Dirichlet => {
            let c = c.unwrap_or_default();
            for m in 1..=n {
                b.push((1..=m).filter(|d| m % d == 0).map(|d| one(a, d) * one(c, m / d)).sum());
            }
        }
    }
    Ok(b)
}

impl Query for SequenceTransform {
    type Input = TransformInput;
    type Output = Value;

    fn describe(&self) -> Describe {
        cas::describe(
            "sequence.transform.apply",
            "Transforms of integer sequences: binomial, Euler, Möbius, INVERT, EXP/LOG, Stirling, boustrophedon",
            "The binomial, Euler (multiset), Möbius, INVERT, exponential (EXP and LOG), Stirling and boustrophedon transforms of an integer sequence, their inverses, and ordinary or Dirichlet convolution.",
            "Exact, natively, on up to 2,000 big-integer terms: binomial and inverse binomial, Euler (Π(1 − x^k)^(−a(k))) \
             and inverse Euler, Möbius and inverse Möbius (divisor sums), INVERT (1/(1 − A(x))) and its inverse, EXP \
             and LOG (labelled sets and connected structures), Stirling (both kinds), the boustrophedon transform, \
             and convolution or Dirichlet convolution with `other`. Terms are read from index 0 or 1 as each \
             transform's convention says; `first_index` in the output states it.",
            &[
                "sequence",
                "transform",
                "binomial-transform",
                "euler-transform",
                "mobius-transform",
                "invert",
                "exponential-transform",
                "boustrophedon",
                "convolution",
                "dirichlet",
                "oeis",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("transform.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "the Euler transform of 1, 1, 1, … is the partition numbers",
                Mode::Explore,
                json!({"terms": [1, 1, 1, 1, 1, 1, 1, 1, 1, 1], "transform": "euler"}),
            ),
            (
                "the Bell numbers as the EXP transform of 1, 1, 1, …",
                Mode::Explore,
                json!({"terms": [1, 1, 1, 1, 1, 1, 1, 1], "transform": "exp"}),
            ),
            (
                "Euler's zigzag numbers as the boustrophedon transform of 1, 0, 0, …",
                Mode::Explore,
                json!({"terms": [1, 0, 0, 0, 0, 0, 0, 0, 0, 0], "transform": "boustrophedon"}),
            ),
        ]
    }
    fn validate(&self, i: &TransformInput) -> Result<(), Diagnostic> {
        read(i).map(drop)
    }
    fn bounds(&self, _: &TransformInput) -> Result<(), Refusal> {
        Ok(())
    }
    fn answer(&self, i: &TransformInput, ctx: &AdapterContext) -> Result<Answer<Value>, AdapterError> {
        let (a, c) = read(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let b = apply(i.transform, &a, c.as_deref(), ctx)?;
        let terms: Vec<String> = b.iter().map(BigInt::to_string).collect();
        Ok(json!({"transform": i.transform, "first_index": i.transform.first_index(), "terms": terms}).into())
    }
}
