//! `poset.construct.standard`: the standard finite posets and lattices as cover relations ready
//! for `poset.compute.properties` — Boolean lattices, divisor lattices, chains and products of
//! chains, set-partition lattices (refinement), non-crossing partition lattices, Young's lattice
//! up to a size, Tamari lattices (rotation of Dyck paths), and the weak and strong Bruhat orders
//! on S_n — each element with a label saying what it is.

use std::collections::HashMap;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::native;
use crate::cas::{self, Answer, Query};

/// Most elements built (the bound of the poset object).
pub const MAX_ELEMENTS: usize = 2_000;

/// A family of posets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Family {
    /// Subsets of {1..n} by inclusion (n ≤ 10).
    Boolean,
    /// Divisors of n by divisibility (n ≤ 10^12, at most 2,000 divisors).
    Divisors,
    /// The chain 0 < 1 < … < n − 1.
    Chain,
    /// The product of chains with `sizes` elements each, componentwise.
    ChainProduct,
    /// Set partitions of {1..n} by refinement, finer below (n ≤ 7).
    Partitions,
    /// Non-crossing set partitions of {1..n} by refinement (n ≤ 8).
    NoncrossingPartitions,
    /// Integer partitions of size at most n by inclusion of Young diagrams (n ≤ 17).
    Young,
    /// Dyck paths of semilength n under rotation (n ≤ 8).
    Tamari,
    /// S_n under the right weak order (n ≤ 6).
    WeakOrder,
    /// S_n under the strong Bruhat order (n ≤ 6).
    Bruhat,
}

/// Input of `poset.construct.standard`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FamilyInput {
    /// The family.
    pub family: Family,
    /// Its parameter n (all but `chain_product`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub n: Option<u64>,
    /// The chain sizes of `chain_product` (each at least 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sizes: Option<Vec<usize>>,
}

/// `poset.construct.standard`.
pub struct PosetFamilies;

fn limit(f: Family) -> u64 {
    match f {
        Family::Boolean => 10,
        Family::Divisors => 1_000_000_000_000,
        Family::Chain => MAX_ELEMENTS as u64,
        Family::ChainProduct => 0,
        Family::Partitions => 7,
        Family::NoncrossingPartitions | Family::Tamari => 8,
        Family::Young => 17,
        Family::WeakOrder | Family::Bruhat => 6,
    }
}

fn check(i: &FamilyInput) -> Result<(), Diagnostic> {
    match (i.family, i.n, &i.sizes) {
        (Family::ChainProduct, _, None) => {
            Err(Diagnostic::at("/sizes", "MISSING", "chain_product needs the chain sizes"))
        }
        (Family::ChainProduct, Some(_), _) => Err(Diagnostic::at("/n", "UNUSED", "chain_product takes sizes, not n")),
        (Family::ChainProduct, None, Some(s)) => {
            if let Some(k) = s.iter().position(|&x| x == 0) {
                return Err(Diagnostic::at(format!("/sizes/{k}"), "OUT_OF_RANGE", "a chain has at least one element"));
            }
            let total = s.iter().try_fold(1usize, |acc, &x| acc.checked_mul(x));
            if s.is_empty() || total.is_none_or(|t| t > MAX_ELEMENTS) {
                return Err(Diagnostic::at(
                    "/sizes",
                    "TOO_LARGE",
                    format!("1 to {MAX_ELEMENTS} elements in the product"),
                ));
            }
            Ok(())
        }
        (_, _, Some(_)) => Err(Diagnostic::at("/sizes", "UNUSED", "only chain_product takes sizes")),
        (_, None, _) => Err(Diagnostic::at("/n", "MISSING", "this family needs n")),
        (Family::Divisors | Family::Chain, Some(0), _) => Err(Diagnostic::at("/n", "OUT_OF_RANGE", "n is at least 1")),
        (f, Some(n), _) if n > limit(f) => {
            Err(Diagnostic::at("/n", "TOO_LARGE", format!("this family is built for n ≤ {}", limit(f))))
        }
        _ => Ok(()),
    }
}

/// Elements (labels) and covers (pairs of indices), built.
struct Built {
    labels: Vec<Value>,
    covers: Vec<[usize; 2]>,
    graded: bool,
}

/// Indexes `items` (sorted) and joins each to its upper covers given by `up`.
fn index<T: Ord + Clone + std::hash::Hash>(
    mut items: Vec<T>,
    up: impl Fn(&T) -> Vec<T>,
    label: impl Fn(&T) -> Value,
    ctx: &AdapterContext,
) -> Result<Built, AdapterError> {
    items.sort();
    items.dedup();
    if items.len() > MAX_ELEMENTS {
        return Err(AdapterError::Unsupported(format!("{} elements; at most {MAX_ELEMENTS}", items.len())));
    }
    let at: HashMap<T, usize> = items.iter().cloned().enumerate().map(|(k, x)| (x, k)).collect();
    let mut covers = vec![];
    for (k, x) in items.iter().enumerate() {
        ctx.checkpoint()?;
        let mut ups: Vec<usize> = up(x).iter().filter_map(|y| at.get(y).copied()).collect();
        ups.sort_unstable();
        ups.dedup();
        covers.extend(ups.into_iter().map(|j| [k, j]));
    }
    Ok(Built { labels: items.iter().map(label).collect(), covers, graded: true })
}

/// Restricted growth strings of set partitions of n (optionally only non-crossing ones).
fn set_partitions(n: usize, noncrossing: bool) -> Vec<Vec<usize>> {
    let mut out = vec![];
    fn go(a: &mut Vec<usize>, n: usize, out: &mut Vec<Vec<usize>>) {
        if a.len() == n {
            out.push(a.clone());
            return;
        }
        let top = a.iter().max().map_or(0, |m| m + 1);
        for v in 0..=top {
            a.push(v);
            go(a, n, out);
            a.pop();
        }
    }
    go(&mut vec![], n, &mut out);
    if noncrossing {
        // a < b < c < d with a, c in one block and b, d in another is a crossing.
        out.retain(|p| {
            let n = p.len();
            !(0..n).any(|a| {
                (a + 1..n).any(|b| p[b] != p[a] && (b + 1..n).any(|c| p[c] == p[a] && (c + 1..n).any(|d| p[d] == p[b])))
            })
        });
    }
    out
}

/// The growth string of the partition whose blocks are `labels` (block of each point).
fn normalize(labels: &[usize]) -> Vec<usize> {
    let mut map = HashMap::new();
    labels
        .iter()
        .map(|l| {
            let next = map.len();
            *map.entry(*l).or_insert(next)
        })
        .collect()
}

fn blocks(p: &[usize]) -> Value {
    let k = p.iter().max().map_or(0, |m| m + 1);
    json!((0..k).map(|b| (0..p.len()).filter(|&i| p[i] == b).map(|i| i + 1).collect::<Vec<_>>()).collect::<Vec<_>>())
}

/// Partitions of every size up to n, parts non-increasing.
fn young(n: usize) -> Vec<Vec<usize>> {
    let mut out = vec![];
    fn go(rest: usize, max: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        out.push(cur.clone());
        for part in 1..=max.min(rest) {
            cur.push(part);
            go(rest - part, part, cur, out);
            cur.pop();
        }
    }
    go(n, n, &mut vec![], &mut out);
    out
}

/// Dyck paths of semilength n as 0/1 words (1 = up).
fn dyck(n: usize) -> Vec<Vec<u8>> {
    let mut out = vec![];
    fn go(up: usize, down: usize, n: usize, w: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if w.len() == 2 * n {
            out.push(w.clone());
            return;
        }
        if up < n {
            w.push(1);
            go(up + 1, down, n, w, out);
            w.pop();
        }
        if down < up {
            w.push(0);
            go(up, down + 1, n, w, out);
            w.pop();
        }
    }
    go(0, 0, n, &mut vec![], &mut out);
    out
}

/// Upper covers in the Tamari order: a down step followed by the excursion P starting at the
/// next up step becomes P followed by the down step.
fn tamari_up(w: &[u8]) -> Vec<Vec<u8>> {
    let mut out = vec![];
    for i in 0..w.len().saturating_sub(1) {
        if w[i] == 0 && w[i + 1] == 1 {
            let (mut h, mut j) = (0i32, i + 1);
            loop {
                h += if w[j] == 1 { 1 } else { -1 };
                j += 1;
                if h == 0 {
                    break;
                }
            }
            let mut v = w[..i].to_vec();
            v.extend_from_slice(&w[i + 1..j]);
            v.push(0);
            v.extend_from_slice(&w[j..]);
            out.push(v);
        }
    }
    out
}

fn permutations(n: usize) -> Vec<Vec<usize>> {
    let mut out = vec![vec![]];
    for k in 0..n {
        out = out
            .into_iter()
            .flat_map(|p: Vec<usize>| {
                (0..=k).map(move |at| {
                    let mut q = p.clone();
                    q.insert(at, k);
                    q
                })
            })
            .collect();
    }
    out
}

fn build(i: &FamilyInput, ctx: &AdapterContext) -> Result<Built, AdapterError> {
    let n = i.n.unwrap_or(0) as usize;
    let perm_label = |p: &Vec<usize>| json!(p.iter().map(|x| x + 1).collect::<Vec<_>>());
    match i.family {
        Family::Boolean => {
            let items: Vec<(u32, u64)> = (0..1u64 << n).map(|m| (m.count_ones(), m)).collect();
            let up = |&(r, m): &(u32, u64)| (0..n).filter(|b| m >> b & 1 == 0).map(|b| (r + 1, m | 1 << b)).collect();
            index(
                items,
                up,
                |&(_, m)| json!((0..n).filter(|b| m >> b & 1 == 1).map(|b| b + 1).collect::<Vec<_>>()),
                ctx,
            )
        }
        Family::Divisors => {
            let m = i.n.unwrap_or(1);
            let mut primes = vec![];
            let (mut rest, mut p) = (m, 2u64);
            while p * p <= rest {
                if rest.is_multiple_of(p) {
                    primes.push(p);
                    while rest.is_multiple_of(p) {
                        rest /= p;
                    }
                }
                p += 1;
            }
            if rest > 1 {
                primes.push(rest);
            }
            let mut divisors = vec![1u64];
            for &q in &primes {
                let mut more = vec![];
                for &d in &divisors {
                    let mut e = d.checked_mul(q);
                    while let Some(x) = e.filter(|&x| m.is_multiple_of(x)) {
                        more.push(x);
                        e = x.checked_mul(q);
                    }
                }
                divisors.extend(more);
                if divisors.len() > MAX_ELEMENTS {
                    return Err(AdapterError::Unsupported(format!("more than {MAX_ELEMENTS} divisors")));
                }
            }
            let items: Vec<(u32, u64)> = divisors
                .into_iter()
                .map(|d| {
                    let (mut rest, mut omega) = (d, 0u32);
                    for &q in &primes {
                        while rest.is_multiple_of(q) {
                            rest /= q;
                            omega += 1;
                        }
                    }
                    (omega, d)
                })
                .collect();
            let up = |&(r, d): &(u32, u64)| {
                primes
                    .iter()
                    .filter_map(|&q| d.checked_mul(q).filter(|&x| m.is_multiple_of(x)))
                    .map(|x| (r + 1, x))
                    .collect()
            };
            index(items, up, |&(_, d)| json!(d), ctx)
        }
        Family::Chain => index((0..n).collect(), |&k| vec![k + 1], |&k| json!(k), ctx),
        Family::ChainProduct => {
            let sizes = i.sizes.clone().unwrap_or_default();
            let mut items: Vec<Vec<usize>> = vec![vec![]];
            for &s in &sizes {
                items = items.into_iter().flat_map(|v| (0..s).map(move |x| [v.clone(), vec![x]].concat())).collect();
            }
            let keyed: Vec<(usize, Vec<usize>)> = items.into_iter().map(|v| (v.iter().sum(), v)).collect();
            let up = |(r, v): &(usize, Vec<usize>)| {
                (0..v.len())
                    .filter(|&k| v[k] + 1 < sizes[k])
                    .map(|k| {
                        let mut w = v.clone();
                        w[k] += 1;
                        (r + 1, w)
                    })
                    .collect()
            };
            index(keyed, up, |(_, v)| json!(v), ctx)
        }
        Family::Partitions | Family::NoncrossingPartitions => {
            let nc = i.family == Family::NoncrossingPartitions;
            let all = set_partitions(n, nc);
            let keep: std::collections::HashSet<Vec<usize>> = all.iter().cloned().collect();
            // Rank: n − number of blocks (finer below).
            let keyed: Vec<(usize, Vec<usize>)> =
                all.into_iter().map(|p| (n - p.iter().max().map_or(0, |m| m + 1), p)).collect();
            let up = |(r, p): &(usize, Vec<usize>)| {
                let k = p.iter().max().map_or(0, |m| m + 1);
                let mut out = vec![];
                for a in 0..k {
                    for b in a + 1..k {
                        let merged = normalize(&p.iter().map(|&x| if x == b { a } else { x }).collect::<Vec<_>>());
                        if keep.contains(&merged) {
                            out.push((r + 1, merged));
                        }
                    }
                }
                out
            };
            index(keyed, up, |(_, p)| blocks(p), ctx)
        }
        Family::Young => {
            let keyed: Vec<(usize, Vec<usize>)> = young(n).into_iter().map(|p| (p.iter().sum(), p)).collect();
            let up = |(r, p): &(usize, Vec<usize>)| {
                let mut out = vec![];
                for k in 0..=p.len() {
                    let ok = k == 0 || p[k - 1] > p.get(k).copied().unwrap_or(0);
                    if ok && *r < n {
                        let mut q = p.clone();
                        if k == q.len() {
                            q.push(1)
                        } else {
                            q[k] += 1
                        }
                        out.push((r + 1, q));
                    }
                }
                out
            };
            index(keyed, up, |(_, p)| json!(p), ctx)
        }
        Family::Tamari => {
            let mut b = index(
                dyck(n),
                |w| tamari_up(w),
                |w| json!(w.iter().map(|&s| if s == 1 { 'U' } else { 'D' }).collect::<String>()),
                ctx,
            )?;
            b.graded = false;
            Ok(b)
        }
        Family::WeakOrder | Family::Bruhat => {
            let inversions =
                |p: &[usize]| (0..p.len()).map(|i| (i + 1..p.len()).filter(|&j| p[i] > p[j]).count()).sum::<usize>();
            let keyed: Vec<(usize, Vec<usize>)> = permutations(n).into_iter().map(|p| (inversions(&p), p)).collect();
            let bruhat = i.family == Family::Bruhat;
            let up = |(r, p): &(usize, Vec<usize>)| {
                let mut out = vec![];
                for a in 0..p.len() {
                    let last = if bruhat { p.len() } else { (a + 2).min(p.len()) };
                    for b in a + 1..last {
                        // Swapping positions a < b adds exactly one inversion when p(a) < p(b) and no
                        // position between holds a value between them.
                        if p[a] < p[b] && !(a + 1..b).any(|c| p[a] < p[c] && p[c] < p[b]) {
                            let mut q = p.clone();
                            q.swap(a, b);
                            out.push((r + 1, q));
                        }
                    }
                }
                out
            };
            index(keyed, up, |(_, p)| perm_label(p), ctx)
        }
    }
}

impl Query for PosetFamilies {
    type Input = FamilyInput;
    type Output = Value;

    fn describe(&self) -> Describe {
        cas::describe(
            "poset.construct.standard",
            "Standard posets and lattices: Boolean, divisor, partition, non-crossing, Young, Tamari, weak and Bruhat orders",
            "A standard poset or lattice as labelled cover relations: Boolean, divisor, chain products, set partitions, non-crossing partitions, Young, Tamari, weak and Bruhat orders.",
            "Natively, up to 2,000 elements: Boolean lattices B_n (n ≤ 10), divisor lattices of n ≤ 10^12, chains and \
             products of chains, set-partition lattices Π_n (n ≤ 7) and non-crossing partition lattices NC(n) (n ≤ 8) \
             by refinement, Young's lattice of partitions of size ≤ n (n ≤ 17), Tamari lattices of Dyck paths (n ≤ 8), \
             and the weak and strong Bruhat orders on S_n (n ≤ 6). The `poset` output is the input of \
             poset.compute.properties; `labels` say what each element is and `rank_sizes` give the Whitney numbers.",
            &[
                "poset",
                "lattice",
                "boolean-lattice",
                "divisor-lattice",
                "partition-lattice",
                "noncrossing",
                "young-lattice",
                "tamari",
                "bruhat-order",
                "weak-order",
                "hasse-diagram",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("poset_families.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("the partition lattice Π_4", Mode::Explore, json!({"family": "partitions", "n": 4})),
            ("the Tamari lattice T_4", Mode::Explore, json!({"family": "tamari", "n": 4})),
            ("the divisor lattice of 360", Mode::Explore, json!({"family": "divisors", "n": 360})),
        ]
    }
    fn validate(&self, i: &FamilyInput) -> Result<(), Diagnostic> {
        check(i)
    }
    fn bounds(&self, _: &FamilyInput) -> Result<(), Refusal> {
        Ok(())
    }
    fn answer(&self, i: &FamilyInput, ctx: &AdapterContext) -> Result<Answer<Value>, AdapterError> {
        let b = build(i, ctx)?;
        let mut out = json!({
            "family": i.family,
            "poset": {"elements": b.labels.len(), "covers": b.covers},
            "labels": b.labels,
            "cover_count": b.covers.len(),
        });
        if b.graded {
            // Rank of each element: the length of a longest chain from a minimal element below it.
            let mut rank = vec![0usize; b.labels.len()];
            for &[x, y] in &b.covers {
                rank[y] = rank[y].max(rank[x] + 1);
            }
            let top = rank.iter().max().copied().unwrap_or(0);
            let mut sizes = vec![0usize; top + 1];
            rank.iter().for_each(|&r| sizes[r] += 1);
            out["rank_sizes"] = json!(sizes);
        }
        Ok(out.into())
    }
}
