//! Exact invariants of simple undirected graphs, as used by `graph.compute.properties`.
//!
//! A [`Graph`] is built once per graph (sorted neighbour lists, and a `u64` bitset row per vertex
//! when the order is at most 64) and shared by every invariant.
//!
//! Two tiers:
//! - polynomial invariants, for any order: components, bipartiteness, distances (a BFS from every
//!   vertex), girth, triangles, Edmonds' blossom algorithm for matchings, unit-capacity max-flow
//!   (Menger) for vertex and edge connectivity, and the matrix-tree theorem by a fraction-free
//!   (Bareiss) determinant, in `i128` and, on overflow, in big integers;
//! - exponential invariants on bitsets, for order at most [`MAX_ORDER_BITSET`] (Hamiltonicity:
//!   [`MAX_ORDER_HAMILTONIAN`]): cliques and independent sets by branch and bound with colouring
//!   bounds, chromatic number by DSATUR branch and bound, domination by branch and bound with a
//!   fractional bound, Hamiltonian cycles by a pruned depth-first search and then dynamic
//!   programming over subsets, and automorphism group orders by individualisation–refinement and
//!   orbit–stabiliser. They take a `stop` predicate, call it on entry and then often enough to
//!   return [`Interrupted`] within milliseconds of it turning true. Above their bound they return
//!   `Err(Interrupted)` at once without searching; callers refuse such graphs before calling.
//!
//! Conventions for degenerate graphs (those of NetworkX where it has one): the null graph (order
//! 0) has no components and is not connected, so it is neither a tree nor Eulerian and has no
//! diameter or radius, but it is bipartite and a forest; its clique, independence, chromatic and
//! domination numbers are 0, its automorphism group is trivial and it has no spanning tree.
//! Disconnected graphs and graphs of order at most 1 have vertex and edge connectivity 0, while
//! `K_n` has vertex connectivity `n − 1`.
//!
//! [`Graph::new`] accepts any [`SimpleGraph`] value: edges naming a vertex outside `0..order`,
//! loops and repeated edges (absent from canonical graphs) are ignored.

use std::borrow::Cow;
use std::ops::Neg;

use jacobian_runtime::objects::graph::SimpleGraph;
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};

/// Order bound of the bitset invariants: clique, independence, chromatic and domination numbers
/// and automorphism group orders.
pub const MAX_ORDER_BITSET: usize = 64;
/// Order bound of Hamiltonicity (dynamic programming over `2^(n−1)` subsets).
pub const MAX_ORDER_HAMILTONIAN: usize = 24;

/// Raised by long computations when `stop()` returns true (deadline or cancellation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interrupted;

/// Adjacency built once per graph and shared by every invariant.
pub struct Graph {
    n: usize,
    /// Neighbours of `v`: `targets[offsets[v]..offsets[v + 1]]`, ascending.
    offsets: Vec<usize>,
    targets: Vec<u32>,
    /// Bit `u` of `rows[v]` is set iff `uv` is an edge; for order at most 64.
    rows: Option<Vec<u64>>,
}

impl Graph {
    /// Builds the adjacency of `g` in `O(n + m)` (plus a sort if `g` is not canonical).
    pub fn new(g: &SimpleGraph) -> Graph {
        let n = g.order as usize;
        let canonical = g.edges.iter().all(|&[u, v]| u < v && v < g.order) && g.edges.is_sorted_by(|a, b| a < b);
        let edges: Cow<'_, [[u32; 2]]> = if canonical {
            Cow::Borrowed(&g.edges)
        } else {
            let mut edges: Vec<[u32; 2]> = g
                .edges
                .iter()
                .filter(|&&[u, v]| u != v && u < g.order && v < g.order)
                .map(|&[u, v]| [u.min(v), u.max(v)])
                .collect();
            edges.sort_unstable();
            edges.dedup();
            Cow::Owned(edges)
        };
        let mut offsets = vec![0usize; n + 1];
        for &[u, v] in edges.iter() {
            offsets[u as usize + 1] += 1;
            offsets[v as usize + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        // Edges sorted by (u, v) list every vertex's smaller neighbours before its larger ones,
        // each ascending, so the lists come out sorted.
        let mut next = offsets.clone();
        let mut targets = vec![0u32; 2 * edges.len()];
        for &[u, v] in edges.iter() {
            targets[next[u as usize]] = v;
            next[u as usize] += 1;
            targets[next[v as usize]] = u;
            next[v as usize] += 1;
        }
        let rows = (n <= 64).then(|| {
            (0..n).map(|v| targets[offsets[v]..offsets[v + 1]].iter().fold(0u64, |row, &u| row | 1 << u)).collect()
        });
        Graph { n, offsets, targets, rows }
    }

    /// Number of vertices.
    pub fn order(&self) -> usize {
        self.n
    }

    /// Number of edges.
    pub fn size(&self) -> usize {
        self.targets.len() / 2
    }

    fn neighbours(&self, v: usize) -> &[u32] {
        &self.targets[self.offsets[v]..self.offsets[v + 1]]
    }

    fn degree(&self, v: usize) -> usize {
        self.offsets[v + 1] - self.offsets[v]
    }

    fn adjacent(&self, u: usize, v: usize) -> bool {
        match self.bitsets() {
            Some(rows) => rows[u] >> v & 1 == 1,
            None => self.neighbours(u).binary_search(&(v as u32)).is_ok(),
        }
    }

    /// The bitset rows, when the order is at most 64.
    fn bitsets(&self) -> Option<&[u64]> {
        self.rows.as_deref()
    }
}

/// The vertices in a bitset, ascending.
fn ones(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let v = set.trailing_zeros() as usize;
            set &= set - 1;
            v
        })
    })
}

/// The set `0..k`, for `k <= 64`.
fn low(k: usize) -> u64 {
    if k >= 64 { u64::MAX } else { (1u64 << k) - 1 }
}

/// Calls `stop` once on creation and then every `period` ticks (rounded up to a power of two).
struct Poll<'a> {
    stop: &'a dyn Fn() -> bool,
    mask: u32,
    ticks: u32,
}

impl<'a> Poll<'a> {
    fn start(stop: &'a dyn Fn() -> bool, period: u32) -> Result<Self, Interrupted> {
        if stop() { Err(Interrupted) } else { Ok(Poll { stop, mask: period.next_power_of_two() - 1, ticks: 0 }) }
    }

    fn tick(&mut self) -> Result<(), Interrupted> {
        self.ticks = self.ticks.wrapping_add(1);
        if self.ticks & self.mask == 0 && (self.stop)() { Err(Interrupted) } else { Ok(()) }
    }
}

// ---------------------------------------------------------------------------------------------
// Polynomial invariants
// ---------------------------------------------------------------------------------------------

/// The degrees, non-increasing.
pub fn degree_sequence(g: &Graph) -> Vec<u32> {
    let mut degrees: Vec<u32> = (0..g.n).map(|v| g.degree(v) as u32).collect();
    degrees.sort_unstable_by(|a, b| b.cmp(a));
    degrees
}

/// Number of connected components; 0 for the null graph.
pub fn component_count(g: &Graph) -> usize {
    let mut seen = vec![false; g.n];
    let mut stack = Vec::new();
    let mut count = 0;
    for s in 0..g.n {
        if seen[s] {
            continue;
        }
        count += 1;
        seen[s] = true;
        stack.push(s);
        while let Some(v) = stack.pop() {
            for &u in g.neighbours(v) {
                if !std::mem::replace(&mut seen[u as usize], true) {
                    stack.push(u as usize);
                }
            }
        }
    }
    count
}

/// Whether the graph has exactly one component; the null graph is not connected.
pub fn is_connected(g: &Graph) -> bool {
    match g.bitsets() {
        _ if g.n == 0 => false,
        Some(rows) => {
            let (mut seen, mut frontier) = (1u64, 1u64);
            while frontier != 0 {
                frontier = ones(frontier).fold(0, |next, v| next | rows[v]) & !seen;
                seen |= frontier;
            }
            seen == low(g.n)
        }
        None => component_count(g) == 1,
    }
}

/// Whether the graph is two-colourable; the null graph is.
pub fn is_bipartite(g: &Graph) -> bool {
    two_colouring(g).is_some()
}

/// A side (0 or 1) per vertex with every edge across, if there is one.
fn two_colouring(g: &Graph) -> Option<Vec<u8>> {
    const NONE: u8 = 2;
    let mut side = vec![NONE; g.n];
    let mut stack = Vec::new();
    for s in 0..g.n {
        if side[s] != NONE {
            continue;
        }
        side[s] = 0;
        stack.push(s);
        while let Some(v) = stack.pop() {
            for &u in g.neighbours(v) {
                let u = u as usize;
                if side[u] == NONE {
                    side[u] = 1 - side[v];
                    stack.push(u);
                } else if side[u] == side[v] {
                    return None;
                }
            }
        }
    }
    Some(side)
}

/// Whether the graph is acyclic (`m = n − c`); the null graph is a forest.
pub fn is_forest(g: &Graph) -> bool {
    g.size() + component_count(g) == g.n
}

/// Whether the graph is connected and acyclic; the null graph is not a tree.
pub fn is_tree(g: &Graph) -> bool {
    g.n > 0 && g.size() == g.n - 1 && is_connected(g)
}

/// Every vertex's eccentricity, or `None` if the graph is not connected (or null).
fn eccentricities(g: &Graph) -> Option<Vec<u32>> {
    if !is_connected(g) {
        return None;
    }
    if let Some(rows) = g.bitsets() {
        let all = low(g.n);
        let ecc = (0..g.n).map(|s| {
            let (mut seen, mut frontier, mut depth) = (1u64 << s, 1u64 << s, 0);
            while seen != all {
                frontier = ones(frontier).fold(0, |next, v| next | rows[v]) & !seen;
                seen |= frontier;
                depth += 1;
            }
            depth
        });
        return Some(ecc.collect());
    }
    let mut dist = vec![u32::MAX; g.n];
    let mut queue = Vec::with_capacity(g.n);
    let ecc = (0..g.n).map(|s| {
        dist.fill(u32::MAX);
        queue.clear();
        dist[s] = 0;
        queue.push(s as u32);
        let mut head = 0;
        while let Some(&v) = queue.get(head) {
            head += 1;
            for &u in g.neighbours(v as usize) {
                if dist[u as usize] == u32::MAX {
                    dist[u as usize] = dist[v as usize] + 1;
                    queue.push(u);
                }
            }
        }
        queue.last().map_or(0, |&v| dist[v as usize])
    });
    Some(ecc.collect())
}

/// Greatest distance between two vertices; `None` if the graph is not connected (or null).
pub fn diameter(g: &Graph) -> Option<u32> {
    eccentricities(g).and_then(|e| e.into_iter().max())
}

/// Least eccentricity; `None` if the graph is not connected (or null).
pub fn radius(g: &Graph) -> Option<u32> {
    eccentricities(g).and_then(|e| e.into_iter().min())
}

/// Length of a shortest cycle; `None` if the graph is acyclic.
///
/// A BFS from every vertex `r`: each non-tree edge `uw` closes a walk `r → u → w → r` of length
/// `d(u) + d(w) + 1` containing a cycle no longer, and when `r` lies on a shortest cycle one such
/// walk is that cycle. Each BFS stops once it cannot beat the best length so far.
pub fn girth(g: &Graph) -> Option<u32> {
    if is_forest(g) {
        return None;
    }
    const NONE: u32 = u32::MAX;
    let (mut dist, mut parent) = (vec![NONE; g.n], vec![NONE; g.n]);
    let mut queue: Vec<u32> = Vec::with_capacity(g.n);
    let mut best = NONE;
    for r in 0..g.n {
        for &v in &queue {
            dist[v as usize] = NONE;
        }
        queue.clear();
        dist[r] = 0;
        queue.push(r as u32);
        let mut head = 0;
        while let Some(&v) = queue.get(head) {
            head += 1;
            let v = v as usize;
            if 2 * dist[v] + 1 >= best {
                break;
            }
            for &u in g.neighbours(v) {
                let u = u as usize;
                if dist[u] == NONE {
                    dist[u] = dist[v] + 1;
                    parent[u] = v as u32;
                    queue.push(u as u32);
                } else if parent[v] != u as u32 {
                    best = best.min(dist[v] + dist[u] + 1);
                }
            }
        }
        if best == 3 {
            break;
        }
    }
    (best != NONE).then_some(best)
}

/// Number of triangles, each counted once.
pub fn triangle_count(g: &Graph) -> u64 {
    if let Some(rows) = g.bitsets() {
        return (0..g.n)
            .map(|u| {
                let above = |v: usize| u64::MAX.checked_shl(v as u32 + 1).unwrap_or(0);
                ones(rows[u] & above(u)).map(|v| u64::from((rows[u] & rows[v] & above(v)).count_ones())).sum::<u64>()
            })
            .sum();
    }
    let mut count = 0u64;
    for u in 0..g.n {
        let nu = g.neighbours(u);
        for &v in &nu[nu.partition_point(|&x| x <= u as u32)..] {
            let nv = g.neighbours(v as usize);
            // |{w > v : w ∈ N(u) ∩ N(v)}| by merging the sorted tails.
            let (mut a, mut b) = (&nu[nu.partition_point(|&x| x <= v)..], &nv[nv.partition_point(|&x| x <= v)..]);
            while let (Some(&x), Some(&y)) = (a.first(), b.first()) {
                if x <= y {
                    a = &a[1..];
                }
                if y <= x {
                    b = &b[1..];
                }
                count += u64::from(x == y);
            }
        }
    }
    count
}

/// Whether the graph is connected with every degree even (NetworkX's `is_eulerian`): the null
/// graph is not Eulerian, a single vertex is, and isolated vertices beside edges make a graph
/// disconnected, hence not Eulerian.
pub fn is_eulerian(g: &Graph) -> bool {
    (0..g.n).all(|v| g.degree(v).is_multiple_of(2)) && is_connected(g)
}

/// Number of spanning trees, by Kirchhoff's matrix-tree theorem: the determinant of the Laplacian
/// with its last row and column removed, by Bareiss' fraction-free elimination (in `i128`, redone
/// over big integers on overflow). 0 for disconnected graphs and the null graph, 1 for a single
/// vertex. `O(n²)` memory and `O(n³)` arithmetic operations; `stop` is polled once per row
/// operation. Also returns `Err(Interrupted)` if the matrix cannot be allocated.
pub fn spanning_tree_count(g: &Graph, stop: &dyn Fn() -> bool) -> Result<BigUint, Interrupted> {
    let mut poll = Poll::start(stop, 1)?;
    if g.n == 1 {
        return Ok(BigUint::one());
    }
    if !is_connected(g) {
        return Ok(BigUint::zero());
    }
    let size = g.n - 1;
    if let Some(det) = determinant(reduced_laplacian::<i128>(g, size)?, size, &mut poll)? {
        return Ok(u128::try_from(det).map(BigUint::from).unwrap_or_default());
    }
    let det = determinant(reduced_laplacian::<BigInt>(g, size)?, size, &mut poll)?;
    Ok(det.and_then(|d| d.to_biguint()).unwrap_or_default())
}

/// An exact ring for Bareiss elimination.
trait Exact: Clone + Zero + One + Neg<Output = Self> + From<i64> {
    /// The Bareiss update `(a·p − f·b) / prev` (an exact division); `None` on overflow.
    fn bareiss(a: &Self, p: &Self, f: &Self, b: &Self, prev: &Self) -> Option<Self>;
}

impl Exact for i128 {
    fn bareiss(a: &Self, p: &Self, f: &Self, b: &Self, prev: &Self) -> Option<Self> {
        a.checked_mul(*p)?.checked_sub(f.checked_mul(*b)?)?.checked_div(*prev)
    }
}

impl Exact for BigInt {
    fn bareiss(a: &Self, p: &Self, f: &Self, b: &Self, prev: &Self) -> Option<Self> {
        Some((a * p - f * b) / prev)
    }
}

/// The Laplacian without its last row and column, row-major `size × size`.
fn reduced_laplacian<T: Exact>(g: &Graph, size: usize) -> Result<Vec<T>, Interrupted> {
    let cells = size.checked_mul(size).ok_or(Interrupted)?;
    let mut m = Vec::new();
    m.try_reserve_exact(cells).map_err(|_| Interrupted)?;
    m.resize(cells, T::zero());
    for v in 0..size {
        m[v * size + v] = T::from(g.degree(v) as i64);
        for &u in g.neighbours(v).iter().filter(|&&u| (u as usize) < size) {
            m[v * size + u as usize] = -T::one();
        }
    }
    Ok(m)
}

/// Determinant of a row-major `n × n` matrix by Bareiss' algorithm; `Ok(None)` on overflow.
fn determinant<T: Exact>(mut m: Vec<T>, n: usize, poll: &mut Poll<'_>) -> Result<Option<T>, Interrupted> {
    let (mut negate, mut prev) = (false, T::one());
    for k in 0..n {
        if m[k * n + k].is_zero() {
            let Some(r) = (k + 1..n).find(|&r| !m[r * n + k].is_zero()) else {
                return Ok(Some(T::zero()));
            };
            for j in k..n {
                m.swap(k * n + j, r * n + j);
            }
            negate = !negate;
        }
        for i in k + 1..n {
            poll.tick()?;
            for j in k + 1..n {
                let Some(x) = T::bareiss(&m[i * n + j], &m[k * n + k], &m[i * n + k], &m[k * n + j], &prev) else {
                    return Ok(None);
                };
                m[i * n + j] = x;
            }
        }
        prev = m[k * n + k].clone();
    }
    let det = if n == 0 { T::one() } else { m[n * n - 1].clone() };
    Ok(Some(if negate { -det } else { det }))
}

/// Size of a maximum matching, by Edmonds' blossom algorithm (`O(n³)`), from a greedy matching.
pub fn matching_number(g: &Graph) -> usize {
    Blossom::new(g).maximum()
}

/// Edmonds' algorithm: BFS for augmenting paths from each exposed vertex, contracting odd cycles
/// by relabelling their vertices with the blossom's base.
struct Blossom<'a> {
    g: &'a Graph,
    mate: Vec<u32>,
    parent: Vec<u32>,
    base: Vec<u32>,
    used: Vec<bool>,
    in_blossom: Vec<bool>,
    mark: Vec<u32>,
    stamp: u32,
    queue: Vec<u32>,
}

const NIL: u32 = u32::MAX;

impl<'a> Blossom<'a> {
    fn new(g: &'a Graph) -> Self {
        let n = g.n;
        Blossom {
            g,
            mate: vec![NIL; n],
            parent: vec![NIL; n],
            base: (0..n as u32).collect(),
            used: vec![false; n],
            in_blossom: vec![false; n],
            mark: vec![0; n],
            stamp: 0,
            queue: Vec::with_capacity(n),
        }
    }

    fn maximum(mut self) -> usize {
        for v in 0..self.g.n {
            if self.mate[v] == NIL
                && let Some(&u) = self.g.neighbours(v).iter().find(|&&u| self.mate[u as usize] == NIL)
            {
                self.mate[v] = u;
                self.mate[u as usize] = v as u32;
            }
        }
        for root in 0..self.g.n {
            if self.mate[root] != NIL {
                continue;
            }
            // Flip the augmenting path ending at `v`, if one was found.
            let mut v = self.augmenting_path(root);
            while v != NIL {
                let pv = self.parent[v as usize];
                let next = self.mate[pv as usize];
                self.mate[v as usize] = pv;
                self.mate[pv as usize] = v;
                v = next;
            }
        }
        self.mate.iter().filter(|&&m| m != NIL).count() / 2
    }

    /// Lowest common ancestor of `a` and `b` in the alternating forest, on blossom bases.
    fn lca(&mut self, mut a: u32, mut b: u32) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
        loop {
            a = self.base[a as usize];
            self.mark[a as usize] = self.stamp;
            if self.mate[a as usize] == NIL {
                break;
            }
            a = self.parent[self.mate[a as usize] as usize];
        }
        loop {
            b = self.base[b as usize];
            if self.mark[b as usize] == self.stamp {
                return b;
            }
            b = self.parent[self.mate[b as usize] as usize];
        }
    }

    fn mark_path(&mut self, mut v: u32, b: u32, mut child: u32) {
        while self.base[v as usize] != b {
            let m = self.mate[v as usize];
            self.in_blossom[self.base[v as usize] as usize] = true;
            self.in_blossom[self.base[m as usize] as usize] = true;
            self.parent[v as usize] = child;
            child = m;
            v = self.parent[m as usize];
        }
    }

    /// The exposed endpoint of an augmenting path from `root` (with `parent` links), or `NIL`.
    fn augmenting_path(&mut self, root: usize) -> u32 {
        self.used.fill(false);
        self.parent.fill(NIL);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i as u32;
        }
        self.used[root] = true;
        self.queue.clear();
        self.queue.push(root as u32);
        let mut head = 0;
        while let Some(&v) = self.queue.get(head) {
            head += 1;
            for &to in self.g.neighbours(v as usize) {
                let (vi, ti) = (v as usize, to as usize);
                if self.base[vi] == self.base[ti] || self.mate[vi] == to {
                    continue;
                }
                if ti == root || (self.mate[ti] != NIL && self.parent[self.mate[ti] as usize] != NIL) {
                    let b = self.lca(v, to);
                    self.in_blossom.fill(false);
                    self.mark_path(v, b, to);
                    self.mark_path(to, b, v);
                    for i in 0..self.g.n {
                        if self.in_blossom[self.base[i] as usize] {
                            self.base[i] = b;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push(i as u32);
                            }
                        }
                    }
                } else if self.parent[ti] == NIL {
                    self.parent[ti] = v;
                    if self.mate[ti] == NIL {
                        return to;
                    }
                    let m = self.mate[ti];
                    self.used[m as usize] = true;
                    self.queue.push(m);
                }
            }
        }
        NIL
    }
}

/// A unit-capacity flow network for Menger's theorem; arcs come in pairs, `a ^ 1` reversing `a`.
struct Network {
    arcs: Vec<Vec<u32>>,
    head: Vec<u32>,
    initial: Vec<u8>,
    cap: Vec<u8>,
    via: Vec<u32>,
    queue: Vec<u32>,
}

impl Network {
    fn new(nodes: usize) -> Self {
        Network {
            arcs: vec![Vec::new(); nodes],
            head: Vec::new(),
            initial: Vec::new(),
            cap: Vec::new(),
            via: vec![NIL; nodes],
            queue: Vec::with_capacity(nodes),
        }
    }

    fn link(&mut self, u: usize, v: usize, forward: u8, backward: u8) {
        let a = self.head.len() as u32;
        self.arcs[u].push(a);
        self.arcs[v].push(a + 1);
        self.head.extend([v as u32, u as u32]);
        self.initial.extend([forward, backward]);
    }

    /// The maximum flow from `s` to `t`, counted up to `limit` (shortest augmenting paths).
    fn max_flow(&mut self, s: usize, t: usize, limit: usize) -> usize {
        self.cap.clone_from(&self.initial);
        let mut flow = 0;
        while flow < limit && self.augment(s, t) {
            flow += 1;
        }
        flow
    }

    fn augment(&mut self, s: usize, t: usize) -> bool {
        const SOURCE: u32 = NIL - 1;
        self.via.fill(NIL);
        self.via[s] = SOURCE;
        self.queue.clear();
        self.queue.push(s as u32);
        let mut head = 0;
        while let Some(&v) = self.queue.get(head) {
            head += 1;
            for &a in &self.arcs[v as usize] {
                let w = self.head[a as usize] as usize;
                if self.cap[a as usize] > 0 && self.via[w] == NIL {
                    self.via[w] = a;
                    if w == t {
                        let mut x = t;
                        while x != s {
                            let a = self.via[x] as usize;
                            self.cap[a] -= 1;
                            self.cap[a ^ 1] += 1;
                            x = self.head[a ^ 1] as usize;
                        }
                        return true;
                    }
                    self.queue.push(w as u32);
                }
            }
        }
        false
    }
}

/// Vertex connectivity, with NetworkX's `node_connectivity` semantics: the fewest vertices whose
/// removal disconnects the graph, `n − 1` for `K_n`; 0 if disconnected or of order at most 1.
///
/// Esfahanian and Hakimi: with `v` of minimum degree `δ`, the connectivity is the least of `δ`,
/// the local connectivities between `v` and its non-neighbours, and those between non-adjacent
/// neighbours of `v`; each local one is a max-flow on the vertex-split network, cut off at the
/// best bound so far.
pub fn vertex_connectivity(g: &Graph) -> usize {
    if g.n < 2 || !is_connected(g) {
        return 0;
    }
    let Some(v) = (0..g.n).min_by_key(|&v| g.degree(v)) else { return 0 };
    let mut best = g.degree(v);
    // Vertex x becomes 2x (in) → 2x + 1 (out); an edge xy becomes out(x) → in(y) and out(y) → in(x).
    let mut net = Network::new(2 * g.n);
    for x in 0..g.n {
        net.link(2 * x, 2 * x + 1, 1, 0);
        for &y in g.neighbours(x) {
            net.link(2 * x + 1, 2 * y as usize, 1, 0);
        }
    }
    let mut local = |s: usize, t: usize, best: &mut usize| *best = net.max_flow(2 * s + 1, 2 * t, *best);
    for w in 0..g.n {
        if w != v && !g.adjacent(v, w) {
            local(v, w, &mut best);
        }
    }
    let nv = g.neighbours(v);
    for (i, &x) in nv.iter().enumerate() {
        for &y in &nv[i + 1..] {
            if !g.adjacent(x as usize, y as usize) {
                local(x as usize, y as usize, &mut best);
            }
        }
    }
    best
}

/// Edge connectivity: the fewest edges whose removal disconnects the graph; 0 if disconnected or
/// of order at most 1. The least local edge connectivity between vertex 0 and every other vertex,
/// each a unit-capacity max-flow cut off at the minimum degree and the best bound so far.
pub fn edge_connectivity(g: &Graph) -> usize {
    if g.n < 2 || !is_connected(g) {
        return 0;
    }
    let mut net = Network::new(g.n);
    for x in 0..g.n {
        for &y in g.neighbours(x).iter().filter(|&&y| y as usize > x) {
            net.link(x, y as usize, 1, 1);
        }
    }
    let mut best = (0..g.n).map(|v| g.degree(v)).min().unwrap_or(0);
    for t in 1..g.n {
        best = net.max_flow(0, t, best);
    }
    best
}

// ---------------------------------------------------------------------------------------------
// Exponential invariants on bitsets
// ---------------------------------------------------------------------------------------------

/// The bitset rows for an exponential invariant, and its poller.
fn bitset_input<'a>(
    g: &'a Graph,
    bound: usize,
    stop: &'a dyn Fn() -> bool,
    period: u32,
) -> Result<(&'a [u64], Poll<'a>), Interrupted> {
    let poll = Poll::start(stop, period)?;
    match g.bitsets() {
        Some(rows) if g.n <= bound => Ok((rows, poll)),
        _ => Err(Interrupted),
    }
}

/// Size of a largest clique; 0 for the null graph.
pub fn clique_number(g: &Graph, stop: &dyn Fn() -> bool) -> Result<usize, Interrupted> {
    let (rows, mut poll) = bitset_input(g, MAX_ORDER_BITSET, stop, 1024)?;
    Ok(maximum_clique(rows, &mut poll)?.count_ones() as usize)
}

/// Size of a largest independent set (a largest clique of the complement); 0 for the null graph.
pub fn independence_number(g: &Graph, stop: &dyn Fn() -> bool) -> Result<usize, Interrupted> {
    let (rows, mut poll) = bitset_input(g, MAX_ORDER_BITSET, stop, 1024)?;
    Ok(maximum_clique(&complement(rows), &mut poll)?.count_ones() as usize)
}

fn complement(rows: &[u64]) -> Vec<u64> {
    let all = low(rows.len());
    rows.iter().enumerate().map(|(v, &row)| !row & all & !(1 << v)).collect()
}

/// A maximum clique, by Tomita's MCQ: branch and bound where a greedy colouring of the candidates
/// bounds the clique they can add, on vertices relabelled by non-increasing degree.
fn maximum_clique(rows: &[u64], poll: &mut Poll<'_>) -> Result<u64, Interrupted> {
    let n = rows.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&v| std::cmp::Reverse(rows[v].count_ones()));
    let mut position = vec![0; n];
    for (i, &v) in order.iter().enumerate() {
        position[v] = i;
    }
    let relabelled: Vec<u64> = order.iter().map(|&v| ones(rows[v]).fold(0, |row, u| row | 1 << position[u])).collect();
    let mut search = CliqueSearch { rows: &relabelled, best: 0, best_size: 0, poll };
    search.expand(0, 0, low(n))?;
    Ok(ones(search.best).fold(0, |clique, i| clique | 1 << order[i]))
}

struct CliqueSearch<'a, 'p> {
    rows: &'a [u64],
    best: u64,
    best_size: u32,
    poll: &'a mut Poll<'p>,
}

impl CliqueSearch<'_, '_> {
    fn expand(&mut self, clique: u64, size: u32, mut candidates: u64) -> Result<(), Interrupted> {
        self.poll.tick()?;
        // Greedy colour classes, lowest label first; `bound[i]` colours order[..=i].
        let (mut order, mut bound, mut len) = ([0u8; 64], [0u8; 64], 0);
        let (mut uncoloured, mut colour) = (candidates, 0u8);
        while uncoloured != 0 {
            colour += 1;
            let mut class = uncoloured;
            while class != 0 {
                let v = class.trailing_zeros() as usize;
                class &= !self.rows[v] & !(1 << v);
                uncoloured &= !(1 << v);
                (order[len], bound[len]) = (v as u8, colour);
                len += 1;
            }
        }
        for i in (0..len).rev() {
            if size + u32::from(bound[i]) <= self.best_size {
                return Ok(());
            }
            let v = usize::from(order[i]);
            let next = candidates & self.rows[v];
            if next == 0 {
                (self.best, self.best_size) = (clique | 1 << v, size + 1);
            } else {
                self.expand(clique | 1 << v, size + 1, next)?;
            }
            candidates &= !(1 << v);
        }
        Ok(())
    }
}

/// The chromatic number with an optimal proper colouring (a colour in `0..k` per vertex); 0 and
/// no colours for the null graph.
///
/// Exact DSATUR (Brélaz): colour a maximum clique first, then branch on the uncoloured vertex
/// with the most distinct neighbouring colours over its feasible colours and one new colour,
/// pruning branches that cannot beat the best colouring found; optimal once it meets the lower
/// bound `max(ω, ⌈n/α⌉)`.
pub fn chromatic_number(g: &Graph, stop: &dyn Fn() -> bool) -> Result<(usize, Vec<u32>), Interrupted> {
    let (rows, mut poll) = bitset_input(g, MAX_ORDER_BITSET, stop, 1024)?;
    let n = rows.len();
    if n == 0 {
        return Ok((0, Vec::new()));
    }
    let clique = maximum_clique(rows, &mut poll)?;
    let alpha = maximum_clique(&complement(rows), &mut poll)?.count_ones() as usize;
    let mut search = Dsatur {
        rows,
        colour: vec![NIL; n],
        counts: vec![[0; 64]; n],
        seen: vec![0; n],
        uncoloured: low(n),
        best: Vec::new(),
        best_k: n + 1,
        lower: (clique.count_ones() as usize).max(n.div_ceil(alpha)),
        poll,
    };
    for (c, v) in ones(clique).enumerate() {
        search.assign(v, c);
    }
    search.branch(clique.count_ones() as usize)?;
    Ok((search.best_k, search.best))
}

struct Dsatur<'a> {
    rows: &'a [u64],
    colour: Vec<u32>,
    /// `counts[v][c]`: neighbours of `v` coloured `c`.
    counts: Vec<[u8; 64]>,
    /// Colours among the neighbours of each vertex.
    seen: Vec<u64>,
    uncoloured: u64,
    best: Vec<u32>,
    best_k: usize,
    lower: usize,
    poll: Poll<'a>,
}

impl Dsatur<'_> {
    fn assign(&mut self, v: usize, c: usize) {
        self.colour[v] = c as u32;
        self.uncoloured &= !(1 << v);
        for u in ones(self.rows[v]) {
            self.counts[u][c] += 1;
            self.seen[u] |= 1 << c;
        }
    }

    fn unassign(&mut self, v: usize, c: usize) {
        self.colour[v] = NIL;
        self.uncoloured |= 1 << v;
        for u in ones(self.rows[v]) {
            self.counts[u][c] -= 1;
            if self.counts[u][c] == 0 {
                self.seen[u] &= !(1 << c);
            }
        }
    }

    /// Extends the partial colouring with `used < best_k` colours; `Ok(true)` once optimal.
    fn branch(&mut self, used: usize) -> Result<bool, Interrupted> {
        self.poll.tick()?;
        let Some(v) = ones(self.uncoloured).max_by_key(|&v| {
            (self.seen[v].count_ones(), (self.rows[v] & self.uncoloured).count_ones(), std::cmp::Reverse(v))
        }) else {
            self.best.clone_from(&self.colour);
            self.best_k = used;
            return Ok(used == self.lower);
        };
        for c in ones(!self.seen[v] & low(used)) {
            self.assign(v, c);
            let done = self.branch(used)?;
            self.unassign(v, c);
            if done {
                return Ok(true);
            }
            if used >= self.best_k {
                return Ok(false);
            }
        }
        if used + 1 < self.best_k {
            self.assign(v, used);
            let done = self.branch(used + 1)?;
            self.unassign(v, used);
            return Ok(done);
        }
        Ok(false)
    }
}

/// Size of a smallest dominating set; 0 for the null graph.
///
/// Branch and bound: some closed neighbour of the undominated vertex with the fewest candidates
/// must be chosen; sibling branches exclude the candidates tried before them. Each choice covers
/// at most as many undominated vertices as the best candidate of each vertex it covers, so
/// `Σ 1/c(u)` over undominated `u` bounds the choices still needed.
pub fn domination_number(g: &Graph, stop: &dyn Fn() -> bool) -> Result<usize, Interrupted> {
    let (rows, poll) = bitset_input(g, MAX_ORDER_BITSET, stop, 256)?;
    let n = rows.len();
    let closed: Vec<u64> = rows.iter().enumerate().map(|(v, &row)| row | 1 << v).collect();
    // Greedy upper bound.
    let (mut undominated, mut best) = (low(n), 0);
    while undominated != 0 {
        let Some(v) = (0..n).max_by_key(|&v| (closed[v] & undominated).count_ones()) else { break };
        undominated &= !closed[v];
        best += 1;
    }
    let mut search = Domination { closed: &closed, best, poll };
    search.branch(low(n), low(n), 0)?;
    Ok(search.best)
}

struct Domination<'a> {
    closed: &'a [u64],
    best: usize,
    poll: Poll<'a>,
}

impl Domination<'_> {
    fn branch(&mut self, undominated: u64, mut allowed: u64, size: usize) -> Result<(), Interrupted> {
        self.poll.tick()?;
        if undominated == 0 {
            self.best = self.best.min(size);
            return Ok(());
        }
        if size + 1 >= self.best {
            return Ok(());
        }
        // Fixed point: each term is rounded down, so the bound stays valid.
        const SCALE: u64 = 1 << 40;
        let cover = |w: usize| (self.closed[w] & undominated).count_ones();
        let (mut units, mut pivot, mut fewest) = (0u64, 0, u32::MAX);
        for u in ones(undominated) {
            let candidates = self.closed[u] & allowed;
            let Some(c) = ones(candidates).map(cover).max() else { return Ok(()) };
            units += SCALE / u64::from(c);
            if candidates.count_ones() < fewest {
                (pivot, fewest) = (u, candidates.count_ones());
            }
        }
        if size + units.div_ceil(SCALE) as usize >= self.best {
            return Ok(());
        }
        let mut candidates: Vec<usize> = ones(self.closed[pivot] & allowed).collect();
        candidates.sort_by_key(|&w| std::cmp::Reverse(cover(w)));
        for w in candidates {
            self.branch(undominated & !self.closed[w], allowed, size + 1)?;
            allowed &= !(1 << w);
        }
        Ok(())
    }
}

/// A Hamiltonian cycle as a vertex order starting at 0, or `None` if there is none or `n < 3`.
///
/// Disconnected graphs, those of minimum degree below 2 and bipartite ones with unequal sides are
/// rejected at once. Then a pruned depth-first search, which finds the cycles of most Hamiltonian
/// graphs and exhausts most small or sparse non-Hamiltonian ones within a budget of `2^15`
/// extensions; past it, Held–Karp dynamic programming: for every set `S` of vertices other than 0,
/// the bitset of the vertices ending a path from 0 through exactly `S` (`2^(n−1)` words of memory,
/// `O(2^n n)` operations).
pub fn hamiltonian_cycle(g: &Graph, stop: &dyn Fn() -> bool) -> Result<Option<Vec<u32>>, Interrupted> {
    let (rows, mut poll) = bitset_input(g, MAX_ORDER_HAMILTONIAN, stop, 1 << 12)?;
    let n = rows.len();
    if n < 3 || (0..n).any(|v| g.degree(v) < 2) || !is_connected(g) {
        return Ok(None);
    }
    if two_colouring(g).is_some_and(|side| 2 * side.iter().filter(|&&s| s == 1).count() != n) {
        return Ok(None);
    }
    let (mut path, mut budget) = (vec![0], DFS_BUDGET);
    if extend_path(rows, &mut path, 1, &mut budget, &mut poll)? {
        return Ok(Some(path));
    }
    if budget > 0 {
        return Ok(None); // The search was exhaustive.
    }
    // Vertex v ≥ 1 is bit v − 1 below.
    let adj: Vec<u32> = rows[1..].iter().map(|&row| (row >> 1) as u32).collect();
    let start = (rows[0] >> 1) as u32;
    let full = (1u32 << (n - 1)) - 1;
    let mut ends = vec![0u32; full as usize + 1];
    for v in ones(u64::from(start)) {
        ends[1 << v] = 1 << v;
    }
    for set in 1..=full {
        poll.tick()?;
        if set & (set - 1) != 0 {
            let reach = |v: &usize| ends[(set ^ 1 << v) as usize] & adj[*v] != 0;
            ends[set as usize] = ones(u64::from(set)).filter(reach).fold(0, |e, v| e | 1 << v);
        }
    }
    let mut last = ends[full as usize] & start;
    if last == 0 {
        return Ok(None);
    }
    // Walk back: the predecessor of `v` on a path through `set` ends a path through `set − v`.
    let (mut set, mut path) = (full, Vec::with_capacity(n));
    path.push(0);
    while last != 0 {
        let v = last.trailing_zeros();
        path.push(v + 1);
        set &= !(1 << v);
        last = if set == 0 { 0 } else { ends[set as usize] & adj[v as usize] };
    }
    Ok((path.len() == n).then_some(path))
}

/// Extensions the depth-first search for a Hamiltonian cycle may try before dynamic programming.
const DFS_BUDGET: u32 = 1 << 15;

/// Extends a path from 0 (with vertex set `visited`) to a Hamiltonian cycle, if one is found within
/// `budget` extensions: unvisited neighbours of the end are tried by fewest unvisited neighbours
/// first (Warnsdorff's rule), and a branch is cut when an unvisited vertex has fewer than two
/// possible cycle neighbours (unvisited vertices and the path's two ends).
fn extend_path(
    rows: &[u64],
    path: &mut Vec<u32>,
    visited: u64,
    budget: &mut u32,
    poll: &mut Poll<'_>,
) -> Result<bool, Interrupted> {
    let n = rows.len();
    let end = path.last().map_or(0, |&v| v as usize);
    if path.len() == n {
        return Ok(rows[end] & 1 == 1);
    }
    if *budget == 0 {
        return Ok(false);
    }
    *budget -= 1;
    poll.tick()?;
    let free = low(n) & !visited;
    let open = free | 1 << end | 1;
    if ones(free).any(|u| (rows[u] & open).count_ones() < 2) {
        return Ok(false);
    }
    let (mut next, mut len) = ([0u8; 64], 0);
    for w in ones(rows[end] & free) {
        (next[len], len) = (w as u8, len + 1);
    }
    next[..len].sort_by_key(|&w| (rows[usize::from(w)] & free).count_ones());
    for &w in &next[..len] {
        path.push(u32::from(w));
        if extend_path(rows, path, visited | 1 << w, budget, poll)? {
            return Ok(true);
        }
        path.pop();
    }
    Ok(false)
}

/// Order of the automorphism group; 1 for the null graph.
///
/// Orbit–stabiliser along a base: refine the unit partition to an equitable one, then repeatedly
/// individualise the first vertex of the first smallest non-singleton cell and refine, until the
/// partition is discrete. Then, from the deepest level up, the orbit of each base point under the
/// pointwise stabiliser of the earlier ones is found by searching, for every candidate not yet in
/// it, for an automorphism mapping the point there (individualisation–refinement against the
/// first path, pruned by refinement traces), using the generators found so far to skip candidates
/// known to be in or out of the orbit. The order is the product of the orbit sizes.
pub fn automorphism_group_order(g: &Graph, stop: &dyn Fn() -> bool) -> Result<BigUint, Interrupted> {
    let (rows, mut poll) = bitset_input(g, MAX_ORDER_BITSET, stop, 16)?;
    let n = rows.len();
    let mut cells = vec![low(n)];
    if n > 0 {
        refine(rows, &mut cells);
    }
    let mut path = Vec::new();
    while let Some(target) = target_cell(&cells) {
        poll.tick()?;
        let base = cells[target].trailing_zeros() as usize;
        let mut next = individualise(&cells, target, base);
        let trace = refine(rows, &mut next);
        path.push(Level { cells, target, base, trace });
        cells = next;
    }
    let search = AutSearch { rows, path, leaf: cells };
    let mut orbits: Vec<usize> = (0..n).collect();
    let find = |orbits: &[usize], mut x: usize| {
        while orbits[x] != x {
            x = orbits[x];
        }
        x
    };
    let mut order = BigUint::one();
    for k in (0..search.path.len()).rev() {
        let level = &search.path[k];
        let (cell, v) = (level.cells[level.target], level.base);
        let mut refuted: Vec<usize> = Vec::new();
        for w in ones(cell) {
            let rw = find(&orbits, w);
            if rw == find(&orbits, v) || refuted.iter().any(|&r| find(&orbits, r) == rw) {
                continue;
            }
            match search.descend(k, &level.cells, w, (k, w), &mut poll)? {
                Some(sigma) => {
                    for (x, &y) in sigma.iter().enumerate() {
                        let (a, b) = (find(&orbits, x), find(&orbits, y));
                        orbits[a.max(b)] = a.min(b);
                    }
                }
                None => refuted.push(w),
            }
        }
        let rv = find(&orbits, v);
        order *= ones(cell).filter(|&x| find(&orbits, x) == rv).count();
    }
    Ok(order)
}

/// One level of the first path: the partition, its target cell, the base point individualised
/// in it, and the trace of refining after that.
struct Level {
    cells: Vec<u64>,
    target: usize,
    base: usize,
    trace: u64,
}

struct AutSearch<'a> {
    rows: &'a [u64],
    path: Vec<Level>,
    leaf: Vec<u64>,
}

impl AutSearch<'_> {
    /// The first-path partition at `depth` (the discrete leaf past the last level).
    fn left(&self, depth: usize) -> &[u64] {
        self.path.get(depth).map_or(&self.leaf, |level| &level.cells)
    }

    /// Individualises `y` in `right` (which matches the first path at `depth`), refines, and
    /// continues if the result still matches; `goal = (k, w)` asks for an automorphism fixing
    /// the first `k` base points and mapping the next one to `w`.
    fn descend(
        &self,
        depth: usize,
        right: &[u64],
        y: usize,
        goal: (usize, usize),
        poll: &mut Poll<'_>,
    ) -> Result<Option<Vec<usize>>, Interrupted> {
        poll.tick()?;
        let level = &self.path[depth];
        let mut next = individualise(right, level.target, y);
        if refine(self.rows, &mut next) != level.trace || !same_shape(&next, self.left(depth + 1)) {
            return Ok(None);
        }
        if depth + 1 == self.path.len() {
            return Ok(self.leaf_map(&next, goal));
        }
        let target = self.path[depth + 1].target;
        for z in ones(next[target]) {
            if let Some(sigma) = self.descend(depth + 1, &next, z, goal, poll)? {
                return Ok(Some(sigma));
            }
        }
        Ok(None)
    }

    /// The map from the first path's leaf to the discrete partition `right`, if it is an
    /// automorphism achieving `goal`.
    fn leaf_map(&self, right: &[u64], (k, w): (usize, usize)) -> Option<Vec<usize>> {
        let mut sigma = vec![0; self.rows.len()];
        for (&a, &b) in self.leaf.iter().zip(right) {
            sigma[a.trailing_zeros() as usize] = b.trailing_zeros() as usize;
        }
        let fixes = self.path[..k].iter().all(|level| sigma[level.base] == level.base);
        let preserves = self
            .rows
            .iter()
            .enumerate()
            .all(|(x, &row)| ones(row).fold(0u64, |image, y| image | 1 << sigma[y]) == self.rows[sigma[x]]);
        (fixes && sigma[self.path[k].base] == w && preserves).then_some(sigma)
    }
}

/// The first smallest non-singleton cell.
fn target_cell(cells: &[u64]) -> Option<usize> {
    (0..cells.len()).filter(|&i| cells[i].count_ones() > 1).min_by_key(|&i| cells[i].count_ones())
}

/// Splits `v` off cell `target`, in front of the rest of it.
fn individualise(cells: &[u64], target: usize, v: usize) -> Vec<u64> {
    let mut next = Vec::with_capacity(cells.len() + 1);
    next.extend_from_slice(&cells[..target]);
    next.extend([1 << v, cells[target] & !(1 << v)]);
    next.extend_from_slice(&cells[target + 1..]);
    next
}

fn same_shape(a: &[u64], b: &[u64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.count_ones() == y.count_ones())
}

/// Refines an ordered partition to the coarsest equitable one below it: cells are split by the
/// number of neighbours in each splitter cell, the parts ordered by that number, until a full
/// pass splits nothing. The result and the returned trace depend only on the partition up to
/// isomorphism, so an automorphism mapping one partition onto another maps their refinements.
fn refine(rows: &[u64], cells: &mut Vec<u64>) -> u64 {
    let mut trace = 0xcbf2_9ce4_8422_2325u64;
    let mut mix = |x: usize| trace = (trace ^ x as u64).wrapping_mul(0x0000_0100_0000_01b3);
    let mut parts: Vec<(u32, u64)> = Vec::new();
    loop {
        let mut stable = true;
        let mut s = 0;
        while s < cells.len() {
            let splitter = cells[s];
            let mut i = 0;
            while i < cells.len() {
                let cell = cells[i];
                let count = |x: usize| (rows[x] & splitter).count_ones();
                let first = count(cell.trailing_zeros() as usize);
                if ones(cell).all(|x| count(x) == first) {
                    i += 1;
                    continue;
                }
                parts.clear();
                for x in ones(cell) {
                    let c = count(x);
                    match parts.iter_mut().find(|p| p.0 == c) {
                        Some(part) => part.1 |= 1 << x,
                        None => parts.push((c, 1 << x)),
                    }
                }
                parts.sort_unstable_by_key(|p| p.0);
                for &(c, part) in &parts {
                    mix(s);
                    mix(i);
                    mix(c as usize);
                    mix(part.count_ones() as usize);
                }
                cells.splice(i..=i, parts.iter().map(|p| p.1));
                i += parts.len();
                stable = false;
            }
            s += 1;
        }
        if stable {
            return trace;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    const NEVER: &dyn Fn() -> bool = &|| false;

    fn graph(n: u32, edges: &[[u32; 2]]) -> Graph {
        Graph::new(&SimpleGraph::new(n, edges.to_vec()).unwrap())
    }

    fn complete(n: u32) -> Graph {
        graph(n, &(0..n).flat_map(|v| (v + 1..n).map(move |u| [v, u])).collect::<Vec<_>>())
    }

    fn cycle(n: u32) -> Graph {
        graph(n, &(0..n).map(|v| [v, (v + 1) % n]).collect::<Vec<_>>())
    }

    fn path(n: u32) -> Graph {
        graph(n, &(1..n).map(|v| [v - 1, v]).collect::<Vec<_>>())
    }

    fn complete_bipartite(a: u32, b: u32) -> Graph {
        graph(a + b, &(0..a).flat_map(|u| (a..a + b).map(move |v| [u, v])).collect::<Vec<_>>())
    }

    fn petersen() -> Graph {
        let mut edges = Vec::new();
        for i in 0..5 {
            edges.extend([[i, (i + 1) % 5], [i, i + 5], [i + 5, (i + 2) % 5 + 5]]);
        }
        graph(10, &edges)
    }

    fn hypercube(d: u32) -> Graph {
        let n = 1 << d;
        graph(n, &(0..n).flat_map(|v| (0..d).map(move |i| [v, v ^ 1 << i]).filter(|[a, b]| a < b)).collect::<Vec<_>>())
    }

    /// Mycielski's construction: triangle-free with chromatic number one more.
    fn mycielski(n: u32, edges: &[[u32; 2]]) -> (u32, Vec<[u32; 2]>) {
        let mut out = edges.to_vec();
        for &[u, v] in edges {
            out.extend([[u, n + v], [v, n + u]]);
        }
        out.extend((0..n).map(|v| [n + v, 2 * n]));
        (2 * n + 1, out)
    }

    fn random(n: u32, percent: u64, mut seed: u64) -> Graph {
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                if (seed >> 33) % 100 < percent {
                    edges.push([u, v]);
                }
            }
        }
        graph(n, &edges)
    }

    fn factorial(n: u32) -> BigUint {
        (1..=n).map(BigUint::from).product()
    }

    fn is_proper(g: &Graph, k: usize, colours: &[u32]) -> bool {
        colours.len() == g.n
            && colours.iter().all(|&c| (c as usize) < k)
            && (0..g.n).all(|v| g.neighbours(v).iter().all(|&u| colours[u as usize] != colours[v]))
    }

    fn is_hamiltonian_cycle(g: &Graph, c: &[u32]) -> bool {
        let mut seen = vec![false; g.n];
        c.len() == g.n
            && c.iter().all(|&v| (v as usize) < g.n && !std::mem::replace(&mut seen[v as usize], true))
            && (0..c.len()).all(|i| g.adjacent(c[i] as usize, c[(i + 1) % c.len()] as usize))
    }

    #[test]
    fn petersen_graph() {
        let g = petersen();
        assert_eq!((g.order(), g.size()), (10, 15));
        assert_eq!(degree_sequence(&g), vec![3; 10]);
        assert!(is_connected(&g) && !is_bipartite(&g) && !is_forest(&g) && !is_eulerian(&g));
        assert_eq!((diameter(&g), radius(&g), girth(&g)), (Some(2), Some(2), Some(5)));
        assert_eq!(triangle_count(&g), 0);
        assert_eq!(clique_number(&g, NEVER), Ok(2));
        assert_eq!(independence_number(&g, NEVER), Ok(4));
        let (k, colours) = chromatic_number(&g, NEVER).unwrap();
        assert_eq!(k, 3);
        assert!(is_proper(&g, k, &colours));
        assert_eq!(domination_number(&g, NEVER), Ok(3));
        assert_eq!(matching_number(&g), 5);
        assert_eq!(automorphism_group_order(&g, NEVER), Ok(BigUint::from(120u32)));
        assert_eq!(hamiltonian_cycle(&g, NEVER), Ok(None));
        assert_eq!(spanning_tree_count(&g, NEVER), Ok(BigUint::from(2000u32)));
        assert_eq!((vertex_connectivity(&g), edge_connectivity(&g)), (3, 3));
    }

    #[test]
    fn complete_graphs() {
        for n in 1..=9u32 {
            let g = complete(n);
            let nu = n as usize;
            assert_eq!(clique_number(&g, NEVER), Ok(nu));
            assert_eq!(independence_number(&g, NEVER), Ok(1));
            assert_eq!(chromatic_number(&g, NEVER).unwrap().0, nu);
            assert_eq!(domination_number(&g, NEVER), Ok(1));
            assert_eq!(matching_number(&g), nu / 2);
            assert_eq!(automorphism_group_order(&g, NEVER), Ok(factorial(n)));
            assert_eq!(spanning_tree_count(&g, NEVER), Ok(BigUint::from(n).pow(n.saturating_sub(2))));
            assert_eq!((vertex_connectivity(&g), edge_connectivity(&g)), (nu - 1, nu - 1));
            assert_eq!(triangle_count(&g), u64::from(n * (n - 1) * n.saturating_sub(2) / 6));
            assert_eq!(girth(&g), (n >= 3).then_some(3));
            assert_eq!(diameter(&g), Some(u32::from(n > 1)));
            assert_eq!(hamiltonian_cycle(&g, NEVER).unwrap().is_some(), n >= 3);
            assert_eq!(is_eulerian(&g), n % 2 == 1);
        }
    }

    #[test]
    fn cycles_and_paths() {
        for n in 3..=14u32 {
            let (c, nu) = (cycle(n), n as usize);
            assert_eq!((girth(&c), diameter(&c), radius(&c)), (Some(n), Some(n / 2), Some(n / 2)));
            assert_eq!(chromatic_number(&c, NEVER).unwrap().0, 2 + nu % 2);
            assert_eq!(automorphism_group_order(&c, NEVER), Ok(BigUint::from(2 * n)));
            assert_eq!(spanning_tree_count(&c, NEVER), Ok(BigUint::from(n)));
            assert_eq!((vertex_connectivity(&c), edge_connectivity(&c)), (2, 2));
            assert_eq!(domination_number(&c, NEVER), Ok(nu.div_ceil(3)));
            assert_eq!((independence_number(&c, NEVER), matching_number(&c)), (Ok(nu / 2), nu / 2));
            let h = hamiltonian_cycle(&c, NEVER).unwrap().unwrap();
            assert!(is_hamiltonian_cycle(&c, &h));
            assert!(is_eulerian(&c) && !is_forest(&c));
        }
        for n in 1..=14u32 {
            let (p, nu) = (path(n), n as usize);
            assert!(is_tree(&p) && is_forest(&p) && is_bipartite(&p));
            assert_eq!((diameter(&p), radius(&p), girth(&p)), (Some(n - 1), Some(n / 2), None));
            assert_eq!(automorphism_group_order(&p, NEVER), Ok(BigUint::from(if n > 1 { 2u32 } else { 1 })));
            assert_eq!(spanning_tree_count(&p, NEVER), Ok(BigUint::one()));
            assert_eq!(matching_number(&p), nu / 2);
            assert_eq!(domination_number(&p, NEVER), Ok(nu.div_ceil(3)));
            assert_eq!(hamiltonian_cycle(&p, NEVER), Ok(None));
            assert_eq!(edge_connectivity(&p), usize::from(n > 1));
        }
    }

    #[test]
    fn complete_bipartite_graphs() {
        for a in 1..=5u32 {
            for b in a..=6u32 {
                let g = complete_bipartite(a, b);
                assert!(is_bipartite(&g));
                assert_eq!(
                    spanning_tree_count(&g, NEVER),
                    Ok(BigUint::from(a).pow(b - 1) * BigUint::from(b).pow(a - 1))
                );
                let swap = if a == b { 2u32 } else { 1 };
                assert_eq!(automorphism_group_order(&g, NEVER), Ok(factorial(a) * factorial(b) * swap));
                assert_eq!((vertex_connectivity(&g), edge_connectivity(&g)), (a as usize, a as usize));
                assert_eq!(matching_number(&g), a as usize);
                assert_eq!(independence_number(&g, NEVER), Ok(b as usize));
                assert_eq!(domination_number(&g, NEVER), Ok(if a == 1 { 1 } else { 2 }));
                assert_eq!(girth(&g), (a >= 2).then_some(4));
                assert_eq!(hamiltonian_cycle(&g, NEVER).unwrap().is_some(), a == b && a >= 2);
            }
        }
    }

    #[test]
    fn larger_graphs() {
        let q4 = hypercube(4);
        assert_eq!(automorphism_group_order(&q4, NEVER), Ok(BigUint::from(384u32)));
        assert_eq!(spanning_tree_count(&q4, NEVER), Ok(BigUint::from(42_467_328u32)));
        let q6 = hypercube(6);
        assert_eq!(automorphism_group_order(&q6, NEVER), Ok(BigUint::from(46_080u32)));
        assert_eq!(chromatic_number(&q6, NEVER).unwrap().0, 2);
        assert_eq!(domination_number(&q6, NEVER), Ok(12));
        assert_eq!((vertex_connectivity(&q6), edge_connectivity(&q6)), (6, 6));
        let empty = graph(64, &[]);
        assert_eq!(automorphism_group_order(&empty, NEVER), Ok(factorial(64)));
        assert_eq!((independence_number(&empty, NEVER), domination_number(&empty, NEVER)), (Ok(64), Ok(64)));
        assert_eq!(automorphism_group_order(&complete(64), NEVER), Ok(factorial(64)));
        // K_20 has 20^18 spanning trees, past i128's Bareiss range: exercises the big-integer path.
        assert_eq!(spanning_tree_count(&complete(20), NEVER), Ok(BigUint::from(20u32).pow(18)));
        let (n, e) = mycielski(5, &[[0, 1], [1, 2], [2, 3], [3, 4], [0, 4]]);
        let grotzsch = graph(n, &e);
        let (k, colours) = chromatic_number(&grotzsch, NEVER).unwrap();
        assert_eq!((k, clique_number(&grotzsch, NEVER)), (4, Ok(2)));
        assert!(is_proper(&grotzsch, k, &colours));
        let g = random(24, 30, 7);
        if let Some(c) = hamiltonian_cycle(&g, NEVER).unwrap() {
            assert!(is_hamiltonian_cycle(&g, &c));
        }
        for seed in 0..4 {
            let g = random(40, 50, seed);
            let (k, colours) = chromatic_number(&g, NEVER).unwrap();
            assert!(is_proper(&g, k, &colours) && k >= clique_number(&g, NEVER).unwrap());
        }
    }

    /// A cubic Hamiltonian graph in LCF notation: the cycle `0..n` and chords `i ~ i + jumps[i]`.
    fn lcf(n: u32, jumps: &[i32]) -> Graph {
        let mut edges: Vec<[u32; 2]> = (0..n).map(|v| [v, (v + 1) % n]).collect();
        for v in 0..n {
            let u = (v as i32 + jumps[v as usize % jumps.len()]).rem_euclid(n as i32) as u32;
            if v < u {
                edges.push([v, u]);
            }
        }
        graph(n, &edges)
    }

    #[test]
    fn refinement_coarser_than_orbits() {
        // The Frucht graph: cubic, so refinement cannot split the unit partition, yet rigid.
        let frucht = lcf(12, &[-5, -2, -4, 2, 5, -2, 2, 5, -2, -5, 4, 2]);
        assert_eq!((frucht.size(), degree_sequence(&frucht)), (18, vec![3; 12]));
        assert_eq!(automorphism_group_order(&frucht, NEVER), Ok(BigUint::one()));
        assert_eq!((girth(&frucht), chromatic_number(&frucht, NEVER).unwrap().0), (Some(3), 3));
        assert_eq!((vertex_connectivity(&frucht), edge_connectivity(&frucht)), (3, 3));
        assert!(hamiltonian_cycle(&frucht, NEVER).unwrap().is_some_and(|c| is_hamiltonian_cycle(&frucht, &c)));
        // The Heawood graph: cubic, 336 automorphisms. The Möbius–Kantor graph: 96.
        assert_eq!(automorphism_group_order(&lcf(14, &[5, -5]), NEVER), Ok(BigUint::from(336u32)));
        assert_eq!(automorphism_group_order(&lcf(16, &[5, -5]), NEVER), Ok(BigUint::from(96u32)));
        // A triangle, a 3-star and an edge: 3! · 3! · 2.
        let g = graph(9, &[[0, 1], [1, 2], [0, 2], [3, 4], [3, 5], [3, 6], [7, 8]]);
        assert_eq!(automorphism_group_order(&g, NEVER), Ok(BigUint::from(6u32 * 6 * 2)));
    }

    #[test]
    fn minimum_degree_vertex_in_every_minimum_separator() {
        // Vertex 0 (degree 4, the minimum) joins two K5s through two vertices of each: its
        // non-neighbours are 2-connected to it, yet it alone separates the graph.
        let mut edges = vec![[0, 1], [0, 2], [0, 6], [0, 7]];
        for base in [1u32, 6] {
            edges.extend((base..base + 5).flat_map(|u| (u + 1..base + 5).map(move |v| [u, v])));
        }
        let g = graph(11, &edges);
        assert_eq!((vertex_connectivity(&g), Naive::of(&g).vertex_connectivity()), (1, 1));
        assert_eq!((edge_connectivity(&g), Naive::of(&g).edge_connectivity()), (2, 2));
    }

    #[test]
    fn degenerate_graphs() {
        let null = graph(0, &[]);
        assert_eq!((null.order(), null.size(), component_count(&null)), (0, 0, 0));
        assert!(!is_connected(&null) && is_bipartite(&null) && is_forest(&null) && !is_tree(&null));
        assert!(!is_eulerian(&null));
        assert_eq!((diameter(&null), radius(&null), girth(&null)), (None, None, None));
        assert_eq!(clique_number(&null, NEVER), Ok(0));
        assert_eq!(independence_number(&null, NEVER), Ok(0));
        assert_eq!(chromatic_number(&null, NEVER), Ok((0, vec![])));
        assert_eq!(domination_number(&null, NEVER), Ok(0));
        assert_eq!(automorphism_group_order(&null, NEVER), Ok(BigUint::one()));
        assert_eq!(spanning_tree_count(&null, NEVER), Ok(BigUint::zero()));
        assert_eq!((vertex_connectivity(&null), edge_connectivity(&null), matching_number(&null)), (0, 0, 0));
        let single = graph(1, &[]);
        assert!(is_connected(&single) && is_tree(&single) && is_eulerian(&single));
        assert_eq!((diameter(&single), vertex_connectivity(&single), edge_connectivity(&single)), (Some(0), 0, 0));
        assert_eq!(spanning_tree_count(&single, NEVER), Ok(BigUint::one()));
        assert_eq!(chromatic_number(&single, NEVER), Ok((1, vec![0])));
        // Non-canonical values are read leniently, never panicking.
        let raw = SimpleGraph { order: 3, edges: vec![[1, 0], [0, 1], [2, 2], [0, 7], [2, 1]] };
        let g = Graph::new(&raw);
        assert_eq!((g.size(), degree_sequence(&g)), (2, vec![2, 1, 1]));
        assert!(is_tree(&g));
        // Above the bitset bounds the searches refuse rather than panic.
        assert_eq!(clique_number(&random(70, 10, 1), NEVER), Err(Interrupted));
        assert_eq!(hamiltonian_cycle(&random(25, 50, 1), NEVER), Err(Interrupted));
    }

    /// The same graph without bitset rows, so every polynomial invariant takes its list path.
    fn lists_only(g: &Graph) -> Graph {
        Graph { n: g.n, offsets: g.offsets.clone(), targets: g.targets.clone(), rows: None }
    }

    #[test]
    fn list_and_bitset_paths_agree() {
        for seed in 0..40 {
            let g = random(30, 2 + seed, seed);
            let l = lists_only(&g);
            assert_eq!((is_connected(&g), component_count(&g)), (is_connected(&l), component_count(&l)));
            assert_eq!((diameter(&g), radius(&g), girth(&g)), (diameter(&l), radius(&l), girth(&l)));
            assert_eq!(triangle_count(&g), triangle_count(&l));
            assert!((0..30).all(|u| (0..30).all(|v| g.adjacent(u, v) == l.adjacent(u, v))));
        }
        let p = path(100);
        assert_eq!((diameter(&p), radius(&p), girth(&p)), (Some(99), Some(50), None));
        assert_eq!((matching_number(&p), vertex_connectivity(&p), edge_connectivity(&p)), (50, 1, 1));
        assert_eq!(girth(&cycle(100)), Some(100));
    }

    #[test]
    fn stops_promptly() {
        let g = random(40, 50, 3);
        let at_once: &dyn Fn() -> bool = &|| true;
        assert_eq!(clique_number(&g, at_once), Err(Interrupted));
        assert_eq!(independence_number(&g, at_once), Err(Interrupted));
        assert_eq!(chromatic_number(&g, at_once), Err(Interrupted));
        assert_eq!(domination_number(&g, at_once), Err(Interrupted));
        assert_eq!(automorphism_group_order(&g, at_once), Err(Interrupted));
        assert_eq!(spanning_tree_count(&g, at_once), Err(Interrupted));
        assert_eq!(hamiltonian_cycle(&random(20, 50, 3), at_once), Err(Interrupted));
        // χ(M_6) = 6 on 47 vertices, triangle-free: far beyond a 50 ms deadline to prove.
        let (mut n, mut e) = (2, vec![[0, 1]]);
        for _ in 0..4 {
            (n, e) = mycielski(n, &e);
        }
        assert_eq!(n, 47);
        let g = graph(n, &e);
        let begun = Instant::now();
        let deadline = begun + Duration::from_millis(50);
        let stop = move || Instant::now() >= deadline;
        assert_eq!(chromatic_number(&g, &stop), Err(Interrupted));
        assert!(begun.elapsed() < Duration::from_millis(500), "took {:?}", begun.elapsed());
    }

    // ---- brute force: naive definitions, on every graph of order at most 5 and on random ones ----

    struct Naive {
        n: usize,
        adj: Vec<Vec<bool>>,
        edges: Vec<(usize, usize)>,
    }

    impl Naive {
        fn new(n: usize, code: u32) -> (Self, SimpleGraph) {
            let pairs: Vec<(usize, usize)> = (0..n).flat_map(|v| (v + 1..n).map(move |u| (v, u))).collect();
            let edges: Vec<(usize, usize)> =
                pairs.iter().enumerate().filter(|(i, _)| code >> i & 1 == 1).map(|(_, &e)| e).collect();
            let mut adj = vec![vec![false; n]; n];
            for &(u, v) in &edges {
                adj[u][v] = true;
                adj[v][u] = true;
            }
            let sg = SimpleGraph::new(n as u32, edges.iter().map(|&(u, v)| [u as u32, v as u32]).collect()).unwrap();
            (Naive { n, adj, edges }, sg)
        }

        fn of(g: &Graph) -> Self {
            let edges: Vec<(usize, usize)> = (0..g.n)
                .flat_map(|v| g.neighbours(v).iter().filter(move |&&u| u as usize > v).map(move |&u| (v, u as usize)))
                .collect();
            let adj = (0..g.n).map(|u| (0..g.n).map(|v| g.adjacent(u, v)).collect()).collect();
            Naive { n: g.n, adj, edges }
        }

        /// Components among the vertices in `alive`, using the edges in `edges`.
        fn components(&self, alive: u32, edges: &[(usize, usize)]) -> usize {
            let mut label: Vec<usize> = (0..self.n).collect();
            for &(u, v) in edges.iter().filter(|&&(u, v)| alive >> u & alive >> v & 1 == 1) {
                let (a, b) = (label[u], label[v]);
                for l in &mut label {
                    if *l == b {
                        *l = a;
                    }
                }
            }
            let mut roots: Vec<usize> = (0..self.n).filter(|&v| alive >> v & 1 == 1).map(|v| label[v]).collect();
            roots.sort_unstable();
            roots.dedup();
            roots.len()
        }

        fn all(&self) -> u32 {
            (1 << self.n) - 1
        }

        fn connected(&self) -> bool {
            self.components(self.all(), &self.edges) == 1
        }

        fn subsets(&self) -> impl Iterator<Item = u32> {
            0..1u32 << self.n
        }

        fn members(&self, s: u32) -> Vec<usize> {
            (0..self.n).filter(|&v| s >> v & 1 == 1).collect()
        }

        fn clique(&self, complement: bool) -> usize {
            self.subsets()
                .filter(|&s| {
                    let m = self.members(s);
                    m.iter().all(|&u| m.iter().all(|&v| u == v || self.adj[u][v] != complement))
                })
                .map(|s| s.count_ones() as usize)
                .max()
                .unwrap_or(0)
        }

        fn independent(&self, s: u32) -> bool {
            self.edges.iter().all(|&(u, v)| s >> u & s >> v & 1 == 0)
        }

        /// Fewest independent sets covering the vertices: over the subsets, each colour class
        /// taken as an independent set holding the lowest vertex left.
        fn chromatic(&self) -> usize {
            let mut fewest = vec![0usize; 1 << self.n];
            for s in 1..1u32 << self.n {
                let low = s & s.wrapping_neg();
                let rest = s & !low;
                let mut classes = rest;
                let mut best = usize::MAX;
                loop {
                    if self.independent(classes | low) {
                        best = best.min(1 + fewest[(rest & !classes) as usize]);
                    }
                    if classes == 0 {
                        break;
                    }
                    classes = (classes - 1) & rest;
                }
                fewest[s as usize] = best;
            }
            fewest[self.all() as usize]
        }

        fn domination(&self) -> usize {
            self.subsets()
                .filter(|&s| {
                    (0..self.n).all(|v| s >> v & 1 == 1 || (0..self.n).any(|u| s >> u & 1 == 1 && self.adj[u][v]))
                })
                .map(|s| s.count_ones() as usize)
                .min()
                .unwrap_or(0)
        }

        /// Largest matching among the vertices in `free`: the lowest one stays unmatched or is
        /// matched to each of its free neighbours in turn.
        fn matching(&self, free: u32) -> usize {
            if free == 0 {
                return 0;
            }
            let v = free.trailing_zeros() as usize;
            let rest = free & !(1 << v);
            (0..self.n)
                .filter(|&u| rest >> u & 1 == 1 && self.adj[v][u])
                .map(|u| 1 + self.matching(rest & !(1 << u)))
                .fold(self.matching(rest), usize::max)
        }

        fn closes_cycle(&self, p: &[usize]) -> bool {
            p.len() >= 3 && (0..p.len()).all(|i| self.adj[p[i]][p[(i + 1) % p.len()]])
        }

        fn girth(&self, perms: &[Vec<usize>]) -> Option<u32> {
            perms.iter().flat_map(|p| (3..=self.n).filter(|&k| self.closes_cycle(&p[..k]))).min().map(|k| k as u32)
        }

        fn hamiltonian(&self, perms: &[Vec<usize>]) -> bool {
            perms.iter().any(|p| self.closes_cycle(p))
        }

        fn automorphisms(&self, perms: &[Vec<usize>]) -> usize {
            perms
                .iter()
                .filter(|p| (0..self.n).all(|u| (0..self.n).all(|v| self.adj[u][v] == self.adj[p[u]][p[v]])))
                .count()
        }

        fn vertex_connectivity(&self) -> usize {
            if self.n < 2 || !self.connected() {
                return 0;
            }
            self.subsets()
                .filter(|&cut| {
                    self.n - cut.count_ones() as usize >= 2 && self.components(self.all() & !cut, &self.edges) > 1
                })
                .map(|cut| cut.count_ones() as usize)
                .min()
                .unwrap_or(self.n - 1)
        }

        fn edge_subsets(&self) -> impl Iterator<Item = Vec<(usize, usize)>> + '_ {
            (0..1u32 << self.edges.len())
                .map(|s| self.edges.iter().enumerate().filter(|(i, _)| s >> i & 1 == 1).map(|(_, &e)| e).collect())
        }

        /// Fewest edges across a bipartition of the vertices (0 when disconnected).
        fn edge_connectivity(&self) -> usize {
            if self.n < 2 {
                return 0;
            }
            (1..self.all())
                .map(|side| self.edges.iter().filter(|&&(u, v)| (side >> u ^ side >> v) & 1 == 1).count())
                .min()
                .unwrap_or(0)
        }

        fn spanning_trees(&self) -> u32 {
            if self.n == 0 {
                return 0;
            }
            self.edge_subsets().filter(|s| s.len() == self.n - 1 && self.components(self.all(), s) == 1).count() as u32
        }

        fn distances(&self) -> Vec<Vec<u32>> {
            let inf = u32::MAX / 4;
            let mut d: Vec<Vec<u32>> = (0..self.n)
                .map(|u| {
                    (0..self.n)
                        .map(|v| {
                            if u == v {
                                0
                            } else if self.adj[u][v] {
                                1
                            } else {
                                inf
                            }
                        })
                        .collect()
                })
                .collect();
            for k in 0..self.n {
                for i in 0..self.n {
                    for j in 0..self.n {
                        d[i][j] = d[i][j].min(d[i][k] + d[k][j]);
                    }
                }
            }
            d
        }
    }

    fn permutations(n: usize) -> Vec<Vec<usize>> {
        let mut out: Vec<Vec<usize>> = vec![vec![]];
        for _ in 0..n {
            let mut longer = Vec::new();
            for p in &out {
                longer.extend((0..n).filter(|v| !p.contains(v)).map(|v| [&p[..], &[v]].concat()));
            }
            out = longer;
        }
        out
    }

    /// The exponential invariants, matchings and connectivities against their definitions.
    fn check_against_naive(g: &Graph, b: &Naive, perms: &[Vec<usize>], why: &str) {
        assert_eq!(clique_number(g, NEVER), Ok(b.clique(false)), "{why}");
        assert_eq!(independence_number(g, NEVER), Ok(b.clique(true)), "{why}");
        let (k, colours) = chromatic_number(g, NEVER).unwrap();
        assert_eq!(k, b.chromatic(), "{why}");
        assert!(is_proper(g, k, &colours), "{why}");
        assert_eq!(domination_number(g, NEVER), Ok(b.domination()), "{why}");
        assert_eq!(matching_number(g), b.matching(b.all()), "{why}");
        let cycle = hamiltonian_cycle(g, NEVER).unwrap();
        assert_eq!(cycle.is_some(), b.hamiltonian(perms), "{why}");
        assert!(cycle.is_none_or(|c| is_hamiltonian_cycle(g, &c)), "{why}");
        assert_eq!(automorphism_group_order(g, NEVER), Ok(BigUint::from(b.automorphisms(perms))), "{why}");
        assert_eq!(vertex_connectivity(g), b.vertex_connectivity(), "{why}");
        assert_eq!(edge_connectivity(g), b.edge_connectivity(), "{why}");
        assert_eq!(girth(g), b.girth(perms), "{why}");
    }

    #[test]
    fn agrees_with_brute_force_on_random_graphs_of_order_6_to_8() {
        let mut seed = 0;
        for n in 6..=8u32 {
            let perms = permutations(n as usize);
            for percent in [15, 30, 45, 60, 75, 90] {
                for _ in 0..6 {
                    seed += 1;
                    let g = random(n, percent, seed);
                    check_against_naive(&g, &Naive::of(&g), &perms, &format!("G({n}, {percent}%) seed {seed}"));
                }
            }
        }
    }

    #[test]
    fn agrees_with_brute_force_on_every_graph_up_to_order_5() {
        let mut checked = 0;
        for n in 0..=5usize {
            let perms = permutations(n);
            for code in 0..1u32 << (n * n.saturating_sub(1) / 2) {
                let (b, sg) = Naive::new(n, code);
                let g = Graph::new(&sg);
                let why = format!("graph {sg:?}");
                let connected = b.connected();
                assert_eq!(is_connected(&g), connected, "{why}");
                assert_eq!(component_count(&g), b.components(b.all(), &b.edges), "{why}");
                let mut degrees: Vec<u32> = (0..n).map(|v| b.adj[v].iter().filter(|&&a| a).count() as u32).collect();
                degrees.sort_unstable_by(|a, b| b.cmp(a));
                assert_eq!(degree_sequence(&g), degrees, "{why}");
                let ecc: Vec<u32> = b.distances().iter().map(|row| row.iter().copied().max().unwrap_or(0)).collect();
                let (dia, rad) =
                    if connected { (ecc.iter().max().copied(), ecc.iter().min().copied()) } else { (None, None) };
                assert_eq!((diameter(&g), radius(&g)), (dia, rad), "{why}");
                let naive_girth = b.girth(&perms);
                assert_eq!(girth(&g), naive_girth, "{why}");
                assert_eq!(is_forest(&g), naive_girth.is_none(), "{why}");
                assert_eq!(is_tree(&g), naive_girth.is_none() && connected, "{why}");
                let bipartite = b.subsets().any(|s| b.edges.iter().all(|&(u, v)| (s >> u & 1) != (s >> v & 1)));
                assert_eq!(is_bipartite(&g), bipartite, "{why}");
                let triangles = (0..n)
                    .flat_map(|a| (a + 1..n).flat_map(move |c| (c + 1..n).map(move |d| (a, c, d))))
                    .filter(|&(a, c, d)| b.adj[a][c] && b.adj[c][d] && b.adj[a][d])
                    .count() as u64;
                assert_eq!(triangle_count(&g), triangles, "{why}");
                let l = lists_only(&g);
                let on_lists = (is_connected(&l), diameter(&l), radius(&l), girth(&l), triangle_count(&l));
                assert_eq!(on_lists, (connected, dia, rad, naive_girth, triangles), "{why}");
                assert_eq!(is_eulerian(&g), connected && degrees.iter().all(|d| d % 2 == 0), "{why}");
                check_against_naive(&g, &b, &perms, &why);
                assert_eq!(spanning_tree_count(&g, NEVER), Ok(BigUint::from(b.spanning_trees())), "{why}");
                checked += 1;
            }
        }
        assert_eq!(checked, 1 + 1 + 2 + 8 + 64 + 1024);
    }
}
