//! Witnesses for Greene's theorem in `word.compute.properties`: for each k, k disjoint weakly
//! increasing (or strictly decreasing) subsequences of a word with the largest total length, which
//! Greene's theorem equates with λ_1 + … + λ_k of the RSK shape (of its conjugate, for decreasing
//! ones). Found as a minimum-cost flow of k units: each position split in two with one unit of
//! capacity at cost −1, arcs from a position to every later one it may precede, augmented along
//! shortest paths by Dijkstra on reduced costs (potentials start from the acyclic graph's longest
//! chains, so every reduced cost stays non-negative).

use jacobian_runtime::adapter::{AdapterContext, AdapterError};

/// Longest word taken (the arcs are quadratic in it).
pub const MAX_LENGTH: usize = 400;

struct Flow {
    to: Vec<usize>,
    cap: Vec<i32>,
    cost: Vec<i64>,
    out: Vec<Vec<usize>>,
}

impl Flow {
    fn arc(&mut self, a: usize, b: usize, cost: i64) {
        for (from, to, cap, c) in [(a, b, 1, cost), (b, a, 0, -cost)] {
            self.out[from].push(self.to.len());
            self.to.push(to);
            self.cap.push(cap);
            self.cost.push(c);
        }
    }
}

/// For k = 1, 2, … up to the number of rows: k disjoint subsequences (as index lists) of largest
/// total length, weakly increasing or strictly decreasing.
pub fn witnesses(w: &[u64], increasing: bool, ctx: &AdapterContext) -> Result<Vec<Vec<Vec<usize>>>, AdapterError> {
    let n = w.len();
    let precedes = |i: usize, j: usize| if increasing { w[i] <= w[j] } else { w[i] > w[j] };
    // Nodes: s = 2n, t = 2n + 1, position i entering at i and leaving at n + i.
    let (s, t) = (2 * n, 2 * n + 1);
    let mut g = Flow { to: vec![], cap: vec![], cost: vec![], out: vec![vec![]; 2 * n + 2] };
    for i in 0..n {
        g.arc(s, i, 0);
        g.arc(i, n + i, -1);
        g.arc(n + i, t, 0);
        for j in i + 1..n {
            if precedes(i, j) {
                g.arc(n + i, j, 0);
            }
        }
    }
    // Potentials: shortest distances from s in the acyclic graph (positions in order).
    let mut pot = vec![0i64; 2 * n + 2];
    for i in 0..n {
        let best_in = (0..i).filter(|&h| precedes(h, i)).map(|h| pot[n + h]).min().unwrap_or(0).min(0);
        pot[i] = best_in;
        pot[n + i] = best_in - 1;
    }
    pot[t] = (0..n).map(|i| pot[n + i]).min().unwrap_or(0);
    let mut found = vec![];
    let mut total = 0i64;
    loop {
        ctx.checkpoint()?;
        // Dijkstra on reduced costs (dense: the graph has at most 802 nodes).
        let v = 2 * n + 2;
        let mut dist = vec![i64::MAX; v];
        let mut via: Vec<Option<usize>> = vec![None; v];
        let mut done = vec![false; v];
        dist[s] = 0;
        while let Some(u) = (0..v).filter(|&x| !done[x] && dist[x] < i64::MAX).min_by_key(|&x| dist[x]) {
            done[u] = true;
            for &e in &g.out[u] {
                let x = g.to[e];
                if g.cap[e] > 0 {
                    let d = dist[u] + g.cost[e] + pot[u] - pot[x];
                    if d < dist[x] {
                        dist[x] = d;
                        via[x] = Some(e);
                    }
                }
            }
        }
        if dist[t] == i64::MAX {
            break;
        }
        for x in 0..v {
            if dist[x] < i64::MAX {
                pot[x] += dist[x];
            }
        }
        // The path's true cost; a path of cost ≥ 0 adds no position and ends the search.
        let path_cost = pot[t] - pot[s];
        if path_cost >= 0 {
            break;
        }
        let mut x = t;
        while let Some(e) = via[x] {
            g.cap[e] -= 1;
            g.cap[e ^ 1] += 1;
            x = g.to[e ^ 1];
        }
        total += -path_cost;
        // Read the k subsequences off the flow: from s, follow saturated arcs.
        let mut used = vec![false; g.to.len()];
        let mut chains = vec![];
        for &e0 in &g.out[s] {
            if g.cap[e0] != 0 || e0 % 2 == 1 {
                continue;
            }
            let mut chain = vec![];
            let mut at = g.to[e0];
            while at != t {
                if at < n {
                    chain.push(at);
                }
                let Some(&e) = g.out[at].iter().find(|&&e| e % 2 == 0 && g.cap[e] == 0 && !used[e]) else { break };
                used[e] = true;
                at = g.to[e];
            }
            chains.push(chain);
        }
        if chains.iter().map(Vec::len).sum::<usize>() as i64 != total {
            return Err(AdapterError::Backend("the flow's subsequences do not add up to its cost".into()));
        }
        chains.sort();
        found.push(chains);
    }
    Ok(found)
}
