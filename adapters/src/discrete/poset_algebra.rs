//! Weighted and algebraic questions of `poset.compute.properties`: the maximum-weight antichain
//! with a weighted chain cover of the same weight (weighted Dilworth, by a maximum flow), and
//! convolution in the incidence algebra.
//!
//! With weights scaled to integers, the network s → x′ (capacity w(x)), x′ → y″ for x < y
//! (unbounded), y″ → t (capacity w(y)) carries a maximum flow F; blowing each x up into w(x)
//! incomparable copies, F is a maximum matching of Fulkerson's bipartite graph, so the least
//! chain cover has Σw − F chains, and the antichain {x : x′ reachable from s, x″ not} in the
//! residual network weighs exactly that.

use std::collections::{BTreeMap, VecDeque};

use jacobian_runtime::adapter::{AdapterContext, AdapterError};
use jacobian_runtime::objects::order::Order;
use jacobian_runtime::objects::polynomial::Rat;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};
use serde_json::{Value, json};

use super::ratio as text;
use crate::rational::Rational;

/// Largest total of the scaled weights.
const MAX_TOTAL: i128 = 1 << 100;

struct Network {
    to: Vec<usize>,
    cap: Vec<i128>,
    out: Vec<Vec<usize>>,
}

impl Network {
    fn new(nodes: usize) -> Self {
        Network { to: vec![], cap: vec![], out: vec![vec![]; nodes] }
    }
    /// An arc and its residual twin (index ^ 1).
    fn arc(&mut self, a: usize, b: usize, c: i128) {
        for (from, to, cap) in [(a, b, c), (b, a, 0)] {
            self.out[from].push(self.to.len());
            self.to.push(to);
            self.cap.push(cap);
        }
    }
    /// Edmonds–Karp from `s` to `t`: the flow's value.
    fn max_flow(&mut self, s: usize, t: usize, ctx: &AdapterContext) -> Result<i128, AdapterError> {
        let mut total = 0;
        loop {
            ctx.checkpoint()?;
            let mut via: Vec<Option<usize>> = vec![None; self.out.len()];
            let mut queue = VecDeque::from([s]);
            while let Some(u) = queue.pop_front() {
                for &e in &self.out[u] {
                    let v = self.to[e];
                    if self.cap[e] > 0 && v != s && via[v].is_none() {
                        via[v] = Some(e);
                        queue.push_back(v);
                    }
                }
            }
            if via[t].is_none() {
                return Ok(total);
            }
            let mut push = i128::MAX;
            let mut v = t;
            while let Some(e) = via[v] {
                push = push.min(self.cap[e]);
                v = self.to[e ^ 1];
            }
            let mut v = t;
            while let Some(e) = via[v] {
                self.cap[e] -= push;
                self.cap[e ^ 1] += push;
                v = self.to[e ^ 1];
            }
            total += push;
        }
    }
    fn reachable(&self, s: usize) -> Vec<bool> {
        let mut seen = vec![false; self.out.len()];
        seen[s] = true;
        let mut stack = vec![s];
        while let Some(u) = stack.pop() {
            for &e in &self.out[u] {
                if self.cap[e] > 0 && !seen[self.to[e]] {
                    seen[self.to[e]] = true;
                    stack.push(self.to[e]);
                }
            }
        }
        seen
    }
}

/// A maximum-weight antichain for weights ≥ 0, with a chain cover (chains with multiplicities)
/// covering each x at least w(x) times and of the same total multiplicity.
pub fn max_weight_antichain(o: &Order, weights: &[Rat], ctx: &AdapterContext) -> Result<Value, AdapterError> {
    let n = o.n;
    let scale = weights.iter().fold(BigInt::one(), |l, w| l.lcm(w.denom()));
    let scaled: Vec<i128> = weights
        .iter()
        .map(|w| (w.numer() * (&scale / w.denom())).to_i128())
        .collect::<Option<_>>()
        .filter(|v: &Vec<i128>| v.iter().sum::<i128>() < MAX_TOTAL)
        .ok_or_else(|| AdapterError::Unsupported("the weights, over a common denominator, exceed 2^100".into()))?;
    let (s, t) = (2 * n, 2 * n + 1);
    let mut net = Network::new(2 * n + 2);
    let mut middle = BTreeMap::new();
    for (x, &w) in scaled.iter().enumerate() {
        net.arc(s, x, w);
        net.arc(n + x, t, w);
    }
    for x in 0..n {
        for y in 0..n {
            if x != y && o.le(x, y) {
                middle.insert((x, y), net.to.len());
                net.arc(x, n + y, MAX_TOTAL);
            }
        }
    }
    let flow = net.max_flow(s, t, ctx)?;
    let seen = net.reachable(s);
    let antichain: Vec<usize> = (0..n).filter(|&x| seen[x] && !seen[n + x] && scaled[x] > 0).collect();
    // Chains from the flow: f(x, y) visits of x continue to y; the rest of w(y) start at y.
    let mut next: Vec<Vec<(usize, i128)>> = vec![vec![]; n];
    let mut inflow = vec![0i128; n];
    for (&(x, y), &e) in &middle {
        let f = net.cap[e ^ 1];
        if f > 0 {
            next[x].push((y, f));
            inflow[y] += f;
        }
    }
    let mut start: Vec<i128> = (0..n).map(|x| scaled[x] - inflow[x]).collect();
    let mut chains: Vec<(Vec<usize>, i128)> = vec![];
    for x in o.topological() {
        while start[x] > 0 {
            ctx.checkpoint()?;
            let mut chain = vec![x];
            let mut amount = start[x];
            let mut at = x;
            // Follow the arcs still carrying flow, taking the least along the way.
            let mut path = vec![];
            while let Some(k) = next[at].iter().position(|&(_, f)| f > 0) {
                amount = amount.min(next[at][k].1);
                path.push((at, k));
                at = next[at][k].0;
                chain.push(at);
            }
            for (u, k) in path {
                next[u][k].1 -= amount;
            }
            start[x] -= amount;
            chains.push((chain, amount));
        }
    }
    let scale = Rat::from_integer(scale);
    let weight = Rat::from_integer(BigInt::from(scaled.iter().sum::<i128>() - flow)) / &scale;
    let cover: Vec<Value> = chains
        .into_iter()
        .map(|(c, m)| json!({"chain": c, "multiplicity": text(&(Rat::from_integer(BigInt::from(m)) / &scale))}))
        .collect();
    Ok(json!({"weight": text(&weight), "antichain": antichain, "chain_cover": cover}))
}

/// (f ∗ g)(x, y) = Σ_{x ≤ z ≤ y} f(x, z)·g(z, y) for functions on the intervals given as
/// [x, y, value] (absent intervals are 0): the non-zero values, sorted.
pub fn convolution(
    o: &Order,
    f: &[(usize, usize, Rational)],
    g: &[(usize, usize, Rational)],
    ctx: &AdapterContext,
) -> Result<Value, AdapterError> {
    let table = |h: &[(usize, usize, Rational)]| -> BTreeMap<(usize, usize), Rat> {
        let mut m = BTreeMap::new();
        for (x, y, v) in h {
            *m.entry((*x, *y)).or_insert_with(Rat::zero) += v.value();
        }
        m
    };
    let (f, g) = (table(f), table(g));
    let mut by_start: BTreeMap<usize, Vec<(usize, &Rat)>> = BTreeMap::new();
    for ((z, y), v) in &g {
        by_start.entry(*z).or_default().push((*y, v));
    }
    let mut out: BTreeMap<(usize, usize), Rat> = BTreeMap::new();
    for (step, ((x, z), a)) in f.iter().enumerate() {
        if step % 256 == 0 {
            ctx.checkpoint()?;
        }
        for (y, b) in by_start.get(z).into_iter().flatten() {
            if o.le(*x, *y) {
                *out.entry((*x, *y)).or_insert_with(Rat::zero) += a * *b;
            }
        }
    }
    Ok(json!(
        out.into_iter().filter(|(_, v)| !v.is_zero()).map(|((x, y), v)| json!([x, y, text(&v)])).collect::<Vec<_>>()
    ))
}
