//! The weighted and coloured questions of `hypergraph.compute.properties`, on point sets of at
//! most 64 points held as bitmasks: maximum-weight packings of edges and maximum-weight
//! independent sets with rational weights (branch and bound), q-colourings without a
//! monochromatic edge (backtracking with the first point's colour fixed), the edge patterns of a
//! given colouring, the isomorphism types of induced subsystems on k points, and the random
//! subsystems: the number of edges inside a random point set and the points a random edge set
//! covers, with exact rational moments and probabilities.

use std::collections::BTreeMap;

use jacobian_runtime::adapter::{AdapterContext, AdapterError};
use jacobian_runtime::objects::polynomial::Rat;
use num_traits::{One, Signed, Zero};
use serde_json::{Value, json};

use super::ratio as text;
use crate::counting;

/// Most search nodes of one branch and bound.
pub const MAX_STEPS: u64 = 50_000_000;
/// Largest k of the induced types.
pub const MAX_TYPE_SIZE: usize = 6;
/// Most k-subsets examined for the induced types.
pub const MAX_SUBSETS: u128 = 200_000;
/// Most edges for the third moment of the random count (m³ unions).
pub const MAX_THIRD_MOMENT_EDGES: usize = 200;

/// The points of a mask, increasing.
pub(super) fn bits(m: u64) -> impl Iterator<Item = usize> {
    (0..64).filter(move |i| m >> i & 1 == 1)
}

/// A counter of search nodes that checks for cancellation and refuses past [`MAX_STEPS`].
struct Steps<'a>(u64, &'a AdapterContext);

impl Steps<'_> {
    fn tick(&mut self) -> Result<(), AdapterError> {
        self.0 += 1;
        if self.0.is_multiple_of(1 << 14) {
            self.1.checkpoint()?;
        }
        if self.0 > MAX_STEPS {
            return Err(AdapterError::Unsupported(format!("the search passed {MAX_STEPS} nodes")));
        }
        Ok(())
    }
}

/// Pairwise disjoint edges of greatest total weight (weights ≥ 0): its weight and edge indices.
pub fn max_weight_packing(edges: &[u64], w: &[Rat], ctx: &AdapterContext) -> Result<Value, AdapterError> {
    // Heaviest first, so that good packings are met early; the bound is the weight still ahead.
    let mut order: Vec<usize> = (0..edges.len()).filter(|&j| w[j].is_positive()).collect();
    order.sort_by(|&a, &b| w[b].cmp(&w[a]));
    let mut ahead = vec![Rat::zero(); order.len() + 1];
    for k in (0..order.len()).rev() {
        ahead[k] = &ahead[k + 1] + &w[order[k]];
    }
    struct S<'a> {
        edges: &'a [u64],
        w: &'a [Rat],
        order: &'a [usize],
        ahead: &'a [Rat],
        best: (Rat, Vec<usize>),
        cur: Vec<usize>,
    }
    fn go(s: &mut S, k: usize, used: u64, weight: Rat, steps: &mut Steps) -> Result<(), AdapterError> {
        steps.tick()?;
        if weight > s.best.0 {
            s.best = (weight.clone(), s.cur.clone());
        }
        if k == s.order.len() || &weight + &s.ahead[k] <= s.best.0 {
            return Ok(());
        }
        let j = s.order[k];
        if s.edges[j] & used == 0 {
            s.cur.push(j);
            go(s, k + 1, used | s.edges[j], &weight + &s.w[j], steps)?;
            s.cur.pop();
        }
        go(s, k + 1, used, weight, steps)
    }
    let mut s = S { edges, w, order: &order, ahead: &ahead, best: (Rat::zero(), vec![]), cur: vec![] };
    go(&mut s, 0, 0, Rat::zero(), &mut Steps(0, ctx))?;
    let (weight, mut chosen) = s.best;
    chosen.sort_unstable();
    Ok(json!({"weight": text(&weight), "edges": chosen}))
}

/// A set of points containing no edge, of greatest total weight: its weight and points.
pub fn max_weight_independent(edges: &[u64], n: usize, w: &[Rat], ctx: &AdapterContext) -> Result<Value, AdapterError> {
    if edges.contains(&0) {
        return Ok(json!({"exists": false, "note": "an empty edge lies in every set"}));
    }
    // Points of positive weight only, heaviest first: a lighter point never helps.
    let mut order: Vec<usize> = (0..n).filter(|&p| w[p].is_positive()).collect();
    order.sort_by(|&a, &b| w[b].cmp(&w[a]));
    let mut ahead = vec![Rat::zero(); order.len() + 1];
    for k in (0..order.len()).rev() {
        ahead[k] = &ahead[k + 1] + &w[order[k]];
    }
    let mut by_point: Vec<Vec<u64>> = vec![vec![]; n];
    for &e in edges {
        bits(e).for_each(|p| by_point[p].push(e));
    }
    struct S<'a> {
        by_point: &'a [Vec<u64>],
        w: &'a [Rat],
        order: &'a [usize],
        ahead: &'a [Rat],
        best: (Rat, u64),
    }
    fn go(s: &mut S, k: usize, chosen: u64, weight: Rat, steps: &mut Steps) -> Result<(), AdapterError> {
        steps.tick()?;
        if weight > s.best.0 {
            s.best = (weight.clone(), chosen);
        }
        if k == s.order.len() || &weight + &s.ahead[k] <= s.best.0 {
            return Ok(());
        }
        let p = s.order[k];
        let with = chosen | 1 << p;
        if s.by_point[p].iter().all(|&e| e & with != e) {
            go(s, k + 1, with, &weight + &s.w[p], steps)?;
        }
        go(s, k + 1, chosen, weight, steps)
    }
    let mut s = S { by_point: &by_point, w, order: &order, ahead: &ahead, best: (Rat::zero(), 0) };
    go(&mut s, 0, 0, Rat::zero(), &mut Steps(0, ctx))?;
    Ok(json!({"exists": true, "weight": text(&s.best.0), "points": bits(s.best.1).collect::<Vec<_>>()}))
}

/// A colouring of the points with `q` colours and no monochromatic edge, if one exists.
pub fn proper_colouring(edges: &[u64], n: usize, q: usize, ctx: &AdapterContext) -> Result<Value, AdapterError> {
    if let Some(j) = edges.iter().position(|e| e.count_ones() < 2) {
        return Ok(json!({"colourable": false, "reason": format!("edge {j} has fewer than two points")}));
    }
    // Each edge is checked when its last point (highest index) is coloured.
    let mut closing: Vec<Vec<u64>> = vec![vec![]; n];
    for &e in edges {
        closing[63 - e.leading_zeros() as usize].push(e);
    }
    fn go(
        p: usize,
        colour: &mut Vec<usize>,
        closing: &[Vec<u64>],
        q: usize,
        used: usize,
        steps: &mut Steps,
    ) -> Result<bool, AdapterError> {
        steps.tick()?;
        if p == closing.len() {
            return Ok(true);
        }
        // A colour beyond the first unused one is a relabelling of it.
        for c in 0..q.min(used + 1) {
            colour[p] = c;
            let mono = closing[p].iter().any(|&e| bits(e).all(|x| colour[x] == c));
            if !mono && go(p + 1, colour, closing, q, used.max(c + 1), steps)? {
                return Ok(true);
            }
        }
        Ok(false)
    }
    let mut colour = vec![0; n];
    let found = go(0, &mut colour, &closing, q, 0, &mut Steps(0, ctx))?;
    Ok(if found { json!({"colourable": true, "colouring": colour}) } else { json!({"colourable": false}) })
}

/// The colour pattern of each edge under a colouring (how many points of each colour, as a
/// sorted list of counts), the number of edges of each pattern, and the monochromatic edges.
pub fn colouring_profile(sets: &[Vec<usize>], colouring: &[usize]) -> Value {
    let mut profile: BTreeMap<Vec<usize>, usize> = BTreeMap::new();
    let mut mono = vec![];
    for (j, e) in sets.iter().enumerate() {
        let mut counts: BTreeMap<usize, usize> = BTreeMap::new();
        e.iter().for_each(|&p| *counts.entry(colouring[p]).or_default() += 1);
        let mut pattern: Vec<usize> = counts.values().copied().collect();
        pattern.sort_unstable_by(|a, b| b.cmp(a));
        if counts.len() == 1 {
            mono.push(j);
        }
        *profile.entry(pattern).or_default() += 1;
    }
    let profile: Vec<Value> = profile.into_iter().map(|(p, c)| json!({"pattern": p, "edges": c})).collect();
    let conflicts: Vec<&Vec<usize>> = mono.iter().map(|&j| &sets[j]).collect();
    json!({"profile": profile, "monochromatic_edges": mono, "conflicts": {"points": colouring.len(), "sets": conflicts}})
}

/// The canonical form of a set system on k points: the lexicographically least sorted list of
/// edge masks over the k! relabellings.
fn canonical(edges: &[u32], k: usize, perms: &[Vec<usize>]) -> Vec<u32> {
    perms
        .iter()
        .map(|p| {
            let mut img: Vec<u32> =
                edges.iter().map(|&e| (0..k).filter(|&i| e >> i & 1 == 1).fold(0, |m, i| m | 1 << p[i])).collect();
            img.sort_unstable();
            img
        })
        .min()
        .unwrap_or_default()
}

/// For every k-set of points, the isomorphism type of the edges inside it; the types with their
/// counts, each given by a representative list of edges on 0..k−1.
pub fn induced_types(sets: &[Vec<usize>], n: usize, k: usize, ctx: &AdapterContext) -> Result<Value, AdapterError> {
    let mut perms: Vec<Vec<usize>> = vec![vec![]];
    for len in 1..=k {
        perms = perms
            .into_iter()
            .flat_map(|p| {
                (0..len).map(move |at| {
                    let mut q = p.clone();
                    q.insert(at, len - 1);
                    q
                })
            })
            .collect();
    }
    let mut types: BTreeMap<(usize, Vec<u32>), u64> = BTreeMap::new();
    let edges: Vec<u64> = sets.iter().map(|e| e.iter().fold(0u64, |m, &p| m | 1 << p)).collect();
    for (seen, subset) in counting::k_subsets(n, k).into_iter().enumerate() {
        if seen % 1_024 == 0 {
            ctx.checkpoint()?;
        }
        let mask = subset.iter().fold(0u64, |m, &p| m | 1 << p);
        // An edge inside the k-set, relabelled by the positions of its points in the k-set.
        let inside: Vec<u32> = edges
            .iter()
            .filter(|&&e| e & !mask == 0)
            .map(|&e| (0..k).filter(|&i| e >> subset[i] & 1 == 1).fold(0u32, |m, i| m | 1 << i))
            .collect();
        let c = canonical(&inside, k, &perms);
        *types.entry((c.len(), c)).or_default() += 1;
    }
    let list: Vec<Value> = types
        .into_iter()
        .map(|((m, edges), count)| {
            let edges: Vec<Vec<usize>> = edges.iter().map(|&e| (0..k).filter(|&i| e >> i & 1 == 1).collect()).collect();
            json!({"edges": m, "representative": edges, "count": count})
        })
        .collect();
    Ok(json!({"k": k, "subsets": counting::binomial_saturating(n as u64, k as u64).to_string(), "types": list}))
}

/// Whether the induced types fit: k ≤ 6, n ≤ 64, C(n, k) ≤ [`MAX_SUBSETS`] and C(n, k)·m ≤ 2·10⁸.
pub fn induced_types_fit(n: usize, k: usize, m: usize) -> bool {
    let subsets = counting::binomial_saturating(n as u64, k as u64);
    (1..=MAX_TYPE_SIZE).contains(&k)
        && k <= n
        && n <= 64
        && subsets <= MAX_SUBSETS
        && subsets.saturating_mul(m as u128) <= 200_000_000
}

/// Random subsystems for a probability p: X, the number of edges inside a random set of points
/// (each kept with probability p), with E[X], E[X²], Var X and (m ≤ 200) E[X³]; P(e ⊆ S) = p^|e|
/// for each edge; and for a random set of edges (each kept with probability p), the probability
/// that each point is covered, 1 − (1 − p)^deg, with the expected number of points covered.
pub fn random_subsets(edges: &[u64], n: usize, p: &Rat, ctx: &AdapterContext) -> Result<Value, AdapterError> {
    // Each moment is Σ p^|union| over tuples of edges: count the unions by size first.
    let mut power = vec![Rat::one()];
    for _ in 0..n {
        let next = power.last().cloned().unwrap_or_else(Rat::one) * p;
        power.push(next);
    }
    let weigh =
        |counts: &[u64]| -> Rat { counts.iter().zip(&power).map(|(&c, q)| q * Rat::from_integer(c.into())).sum() };
    let mut sizes = [vec![0u64; n + 1], vec![0u64; n + 1], vec![0u64; n + 1]];
    for &e in edges {
        sizes[0][e.count_ones() as usize] += 1;
    }
    for &e in edges {
        ctx.checkpoint()?;
        for &f in edges {
            sizes[1][(e | f).count_ones() as usize] += 1;
        }
    }
    if edges.len() <= MAX_THIRD_MOMENT_EDGES {
        for &e in edges {
            ctx.checkpoint()?;
            for &f in edges {
                let ef = e | f;
                for &g in edges {
                    sizes[2][(ef | g).count_ones() as usize] += 1;
                }
            }
        }
    }
    let (first, second) = (weigh(&sizes[0]), weigh(&sizes[1]));
    let third = (edges.len() <= MAX_THIRD_MOMENT_EDGES).then(|| text(&weigh(&sizes[2])));
    let at = |m: u64| power[m.count_ones() as usize].clone();
    let variance = &second - &first * &first;
    let mut degree = vec![0u32; n];
    for &e in edges {
        bits(e).for_each(|x| degree[x] += 1);
    }
    let miss = Rat::one() - p;
    let covered: Vec<Rat> =
        degree.iter().map(|&d| Rat::one() - (0..d).fold(Rat::one(), |acc, _| acc * &miss)).collect();
    let expected: Rat = covered.iter().sum();
    Ok(json!({
        "probability": text(p),
        "edges_inside_random_points": {
            "mean": text(&first), "second_moment": text(&second), "variance": text(&variance), "third_moment": third,
            "edge_probabilities": edges.iter().map(|&e| text(&at(e))).collect::<Vec<_>>(),
        },
        "points_covered_by_random_edges": {
            "probabilities": covered.iter().map(text).collect::<Vec<_>>(), "expected_covered": text(&expected),
        },
    }))
}
