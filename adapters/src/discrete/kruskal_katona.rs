//! `combinatorics.kruskal_katona.compute`: shadows of families of k-sets. The k-cascade
//! representation m = C(a_k, k) + C(a_{k−1}, k − 1) + … + C(a_t, t) (a_k > … > a_t ≥ t ≥ 1), the
//! Kruskal–Katona minimum |∂F| = C(a_k, k − 1) + … + C(a_t, t − 1) over families F of m k-sets
//! (attained by the first m k-sets in colex order), the first m k-sets in colex order, and the
//! shadow of a given family with its distance from the bound.

use std::collections::BTreeSet;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_bigint::BigUint;
use num_traits::Zero;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::native;
use crate::cas::{self, Answer, Query};

/// Largest k.
pub const MAX_K: usize = 1_000;
/// Most digits of m.
pub const MAX_DIGITS: usize = 1_000;
/// Most sets listed by `colex_initial` or given in a family.
pub const MAX_SETS: usize = 100_000;

/// What to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Operation {
    /// The k-cascade of m.
    Cascade,
    /// The least shadow size of m k-sets, with the cascade.
    MinimumShadow,
    /// The first m k-subsets of {1, 2, …} in colex order (m ≤ 100,000).
    ColexInitial,
    /// The shadow of `family` (k-sets), its size and the bound for its size.
    Shadow,
}

/// Input of `combinatorics.kruskal_katona.compute`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KruskalKatonaInput {
    /// What to compute.
    pub operation: Operation,
    /// k ≥ 1 (for `shadow`, the common size of the sets; default: that of the first set).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k: Option<usize>,
    /// m ≥ 0, the number of k-sets (not for `shadow`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub m: Option<DecimalInteger>,
    /// The family of `shadow`: distinct k-sets of naturals.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub family: Option<Vec<Vec<u64>>>,
}

/// `combinatorics.kruskal_katona.compute`.
pub struct KruskalKatona;

/// The k-cascade of m: pairs (a_i, i) from i = k down.
fn cascade(mut m: BigUint, k: usize, ctx: &AdapterContext) -> Result<Vec<(u64, u64)>, AdapterError> {
    let mut out = vec![];
    let mut i = k as u64;
    while !m.is_zero() && i >= 1 {
        ctx.checkpoint()?;
        // The largest a with C(a, i) ≤ m: grow by doubling, then bisect.
        let (mut lo, mut hi) = (i, i.max(1) * 2);
        while crate::counting::binomial_big(hi, i) <= m {
            lo = hi;
            hi = hi.checked_mul(2).ok_or_else(|| AdapterError::Backend("a cascade term past 2^64".into()))?;
        }
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if crate::counting::binomial_big(mid, i) <= m { lo = mid } else { hi = mid }
        }
        m -= crate::counting::binomial_big(lo, i);
        out.push((lo, i));
        i -= 1;
    }
    Ok(out)
}

fn shadow_bound(c: &[(u64, u64)]) -> BigUint {
    c.iter().map(|&(a, i)| crate::counting::binomial_big(a, i - 1)).sum()
}

fn read(i: &KruskalKatonaInput) -> Result<(usize, BigUint), Diagnostic> {
    if i.operation == Operation::Shadow {
        if i.m.is_some() {
            return Err(Diagnostic::at("/m", "UNUSED", "the shadow is of `family`"));
        }
        let Some(f) = &i.family else { return Err(Diagnostic::at("/family", "MISSING", "shadow needs a family")) };
        if f.len() > MAX_SETS {
            return Err(Diagnostic::at("/family", "TOO_LARGE", format!("at most {MAX_SETS} sets")));
        }
        let k = i.k.or(f.first().map(Vec::len)).unwrap_or(1);
        if k == 0 || k > MAX_K {
            return Err(Diagnostic::at("/k", "OUT_OF_RANGE", format!("1 to {MAX_K}")));
        }
        let mut seen = BTreeSet::new();
        for (j, s) in f.iter().enumerate() {
            let mut t = s.clone();
            t.sort_unstable();
            t.dedup();
            if t.len() != k || s.len() != k {
                return Err(Diagnostic::at(format!("/family/{j}"), "WRONG_SIZE", format!("{k} distinct elements")));
            }
            if !seen.insert(t) {
                return Err(Diagnostic::at(format!("/family/{j}"), "REPEATED_SET", "listed twice"));
            }
        }
        return Ok((k, BigUint::from(f.len())));
    }
    if i.family.is_some() {
        return Err(Diagnostic::at("/family", "UNUSED", "only shadow takes a family"));
    }
    let k = i.k.ok_or_else(|| Diagnostic::at("/k", "MISSING", "k is needed"))?;
    if k == 0 || k > MAX_K {
        return Err(Diagnostic::at("/k", "OUT_OF_RANGE", format!("1 to {MAX_K}")));
    }
    let m = i.m.as_ref().ok_or_else(|| Diagnostic::at("/m", "MISSING", "m is needed"))?;
    // a_k ≈ (k!·m)^(1/k) stays below 2^63 when m has at most 15·k digits.
    if m.as_str().len() > MAX_DIGITS.min(15 * k) {
        let message = format!("at most {} digits for k = {k}", MAX_DIGITS.min(15 * k));
        return Err(Diagnostic::at("/m", "TOO_LARGE", message));
    }
    let m: BigUint = m.as_str().parse().map_err(|_| Diagnostic::at("/m", "NOT_A_NATURAL", "m ≥ 0"))?;
    if i.operation == Operation::ColexInitial && m > BigUint::from(MAX_SETS) {
        return Err(Diagnostic::at("/m", "TOO_LARGE", format!("at most {MAX_SETS} sets are listed")));
    }
    Ok((k, m))
}

/// The first m k-subsets of {1, 2, …} in colex order.
fn colex(m: usize, k: usize, ctx: &AdapterContext) -> Result<Vec<Vec<u64>>, AdapterError> {
    let mut out = vec![];
    let mut s: Vec<u64> = (1..=k as u64).collect();
    while out.len() < m {
        if out.len().is_multiple_of(4096) {
            ctx.checkpoint()?;
        }
        out.push(s.clone());
        // Colex successor: raise the first element that can rise, reset the ones below it.
        let mut j = 0;
        while j + 1 < k && s[j] + 1 == s[j + 1] {
            j += 1;
        }
        s[j] += 1;
        for (t, x) in s.iter_mut().enumerate().take(j) {
            *x = t as u64 + 1;
        }
    }
    Ok(out)
}

fn cascade_json(c: &[(u64, u64)]) -> Value {
    json!(c.iter().map(|&(a, i)| json!({"top": a, "bottom": i})).collect::<Vec<_>>())
}

impl Query for KruskalKatona {
    type Input = KruskalKatonaInput;
    type Output = Value;

    fn describe(&self) -> Describe {
        cas::describe(
            "combinatorics.kruskal_katona.compute",
            "Kruskal–Katona: minimum shadow of m k-sets, cascade representation, colex order",
            "The k-cascade (k-binomial) representation of m, the Kruskal–Katona minimum shadow of a family of m k-sets, the first m k-sets in colex order, and the shadow of a given family.",
            "Natively, with big integers: the cascade m = C(a_k, k) + … + C(a_t, t) (k ≤ 1,000, m up to 1,000 digits), \
             the least possible size C(a_k, k−1) + … + C(a_t, t−1) of the shadow ∂F of m k-sets (the Kruskal–Katona \
             theorem; the colex initial segment attains it), the first m ≤ 100,000 k-sets in colex order, and the \
             shadow of a given family of k-sets with its size against that bound.",
            &[
                "kruskal-katona",
                "shadow",
                "colex",
                "cascade",
                "k-binomial",
                "set-family",
                "extremal-combinatorics",
                "lovasz",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("kruskal_katona.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "the least shadow of 10 triangles (3-sets)",
                Mode::Explore,
                json!({"operation": "minimum_shadow", "k": 3, "m": "10"}),
            ),
            (
                "the shadow of the Fano plane's lines",
                Mode::Explore,
                json!({"operation": "shadow", "family": [[1, 2, 3], [1, 4, 5], [1, 6, 7], [2, 4, 6], [2, 5, 7], [3, 4, 7], [3, 5, 6]]}),
            ),
        ]
    }
    fn validate(&self, i: &KruskalKatonaInput) -> Result<(), Diagnostic> {
        read(i).map(drop)
    }
    fn bounds(&self, _: &KruskalKatonaInput) -> Result<(), Refusal> {
        Ok(())
    }
    fn answer(&self, i: &KruskalKatonaInput, ctx: &AdapterContext) -> Result<Answer<Value>, AdapterError> {
        let (k, m) = read(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let c = cascade(m.clone(), k, ctx)?;
        Ok(match i.operation {
            Operation::Cascade => json!({"k": k, "m": m.to_string(), "cascade": cascade_json(&c)}),
            Operation::MinimumShadow => json!({"k": k, "m": m.to_string(), "cascade": cascade_json(&c),
                                               "minimum_shadow": shadow_bound(&c).to_string()}),
            Operation::ColexInitial => {
                let sets = colex(usize::try_from(&m).unwrap_or(0), k, ctx)?;
                json!({"k": k, "m": m.to_string(), "sets": sets})
            }
            Operation::Shadow => {
                let mut shadow: BTreeSet<Vec<u64>> = BTreeSet::new();
                for s in i.family.as_deref().unwrap_or_default() {
                    ctx.checkpoint()?;
                    let mut t = s.clone();
                    t.sort_unstable();
                    for drop in 0..t.len() {
                        let mut u = t.clone();
                        u.remove(drop);
                        shadow.insert(u);
                    }
                }
                let bound = shadow_bound(&c);
                let size = BigUint::from(shadow.len());
                json!({"k": k, "m": m.to_string(), "shadow_size": shadow.len(), "minimum_shadow": bound.to_string(),
                       "extremal": size == bound, "shadow": shadow.into_iter().collect::<Vec<_>>()})
            }
        }
        .into())
    }
}
