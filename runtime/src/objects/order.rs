//! FINITE_POSET v1 and FINITE_LATTICE v1: finite partial orders on the elements 0, …, n − 1.
//!
//! A poset is given by its cover relations (`covers`: pairs [a, b] with a ⋖ b; any relation
//! whose transitive closure is the order is accepted and reduced) or by its order matrix
//! (`order[i][j]` = 1 exactly when i ≤ j). A cyclic "partial order" is refused with the pointer
//! of a relation on a cycle; an order matrix that is not reflexive, antisymmetric and transitive
//! is refused at the first offending entry. The canonical form is the sorted list of cover
//! relations (the transitive reduction). A lattice is a poset in which every two elements have
//! a least upper bound and a greatest lower bound.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::ObjectType;
use crate::contract::Diagnostic;

/// Schema URI of finite posets.
pub const FINITE_POSET_SCHEMA: &str = "urn:jacobian:schema:finite-poset:v1";
/// Schema URI of finite lattices.
pub const FINITE_LATTICE_SCHEMA: &str = "urn:jacobian:schema:finite-lattice:v1";
/// Most elements of a poset.
pub const MAX_ELEMENTS: usize = 2_000;
/// Most elements of a lattice (every pair's join and meet are looked for).
pub const MAX_LATTICE_ELEMENTS: usize = 300;
/// Most relations given.
pub const MAX_RELATIONS: usize = 200_000;

/// A finite partial order on 0..n, by cover relations or an order matrix (exactly one).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FinitePoset {
    /// Number of elements n; the elements are 0, …, n − 1.
    #[schemars(range(min = 1, max = 2000))]
    pub elements: usize,
    /// Relations [a, b] meaning a < b (cover relations, or any relations generating the order).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 200000))]
    pub covers: Option<Vec<[usize; 2]>>,
    /// The order matrix: `order[i][j]` is 1 when i ≤ j, else 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<Vec<Vec<u8>>>,
}

/// A finite lattice: a poset in which every pair has a join and a meet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(transparent)]
pub struct FiniteLattice(pub FinitePoset);

/// A validated order: its cover relations and its ≤ relation as bit rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    /// Number of elements.
    pub n: usize,
    /// `leq[i]` has bit j set when i ≤ j.
    pub leq: Vec<Vec<u64>>,
    /// Cover relations a ⋖ b, sorted.
    pub covers: Vec<[usize; 2]>,
}

impl Order {
    /// Whether i ≤ j.
    pub fn le(&self, i: usize, j: usize) -> bool {
        self.leq[i][j / 64] >> (j % 64) & 1 == 1
    }
    /// A linear extension (a topological order of the elements).
    pub fn topological(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.n).collect();
        // Fewer elements below come first: i < j implies down(i) ⊊ down(j).
        let below: Vec<usize> = (0..self.n).map(|j| (0..self.n).filter(|&i| self.le(i, j)).count()).collect();
        order.sort_by_key(|&i| (below[i], i));
        order
    }
    /// `geq[j]` has bit i set when i ≤ j (the columns of `leq`).
    pub fn geq(&self) -> Vec<Vec<u64>> {
        let mut g = bits(self.n);
        for i in 0..self.n {
            for j in 0..self.n {
                if self.le(i, j) {
                    set(&mut g, j, i);
                }
            }
        }
        g
    }
    /// The least element of the set `s` (with `up[k]` = {x : k ≤ x} as bit rows), if it has one.
    fn least(s: &[u64], up: &[Vec<u64>]) -> Option<usize> {
        // The least element, if any, has the largest up-set of all members.
        let mut best = None;
        let mut size = 0usize;
        for (w, &x) in s.iter().enumerate() {
            for b in 0..64 {
                if x >> b & 1 == 1 {
                    let k = w * 64 + b;
                    let c: usize = up[k].iter().map(|x| x.count_ones() as usize).sum();
                    if best.is_none() || c > size {
                        size = c;
                        best = Some(k);
                    }
                }
            }
        }
        let k = best?;
        s.iter().zip(&up[k]).all(|(x, u)| x & !u == 0).then_some(k)
    }
    /// The least upper bound of i and j, if any.
    pub fn join(&self, i: usize, j: usize) -> Option<usize> {
        let ups: Vec<u64> = self.leq[i].iter().zip(&self.leq[j]).map(|(a, b)| a & b).collect();
        Order::least(&ups, &self.leq)
    }
    /// The greatest lower bound of i and j, given the columns `geq` of the order.
    pub fn meet_in(&self, geq: &[Vec<u64>], i: usize, j: usize) -> Option<usize> {
        let downs: Vec<u64> = geq[i].iter().zip(&geq[j]).map(|(a, b)| a & b).collect();
        Order::least(&downs, geq)
    }
    /// The greatest lower bound of i and j, if any.
    pub fn meet(&self, i: usize, j: usize) -> Option<usize> {
        self.meet_in(&self.geq(), i, j)
    }
}

fn bits(n: usize) -> Vec<Vec<u64>> {
    vec![vec![0u64; n.div_ceil(64)]; n]
}

fn set(rows: &mut [Vec<u64>], i: usize, j: usize) {
    rows[i][j / 64] |= 1 << (j % 64);
}

impl FinitePoset {
    /// Validates and returns the order; diagnostics' paths are relative to the poset.
    pub fn order(&self) -> Result<Order, Vec<Diagnostic>> {
        let n = self.elements;
        if n == 0 || n > MAX_ELEMENTS {
            return Err(vec![Diagnostic::at("/elements", "OUT_OF_RANGE", format!("1 to {MAX_ELEMENTS} elements"))]);
        }
        let leq = match (&self.covers, &self.order) {
            (Some(c), None) => from_relations(n, c)?,
            (None, Some(m)) => from_matrix(n, m)?,
            (None, None) => {
                return Err(vec![Diagnostic::at("/covers", "MISSING_FIELD", "give `covers` or `order`")]);
            }
            (Some(_), Some(_)) => {
                return Err(vec![Diagnostic::at("/order", "CONFLICTING_FIELDS", "give `covers` or `order`, not both")]);
            }
        };
        let mut o = Order { n, leq, covers: vec![] };
        let geq = o.geq();
        // a ⋖ b: a < b and the interval [a, b] is {a, b}.
        for a in 0..n {
            for (b, below_b) in geq.iter().enumerate() {
                if a != b && o.le(a, b) {
                    let between: u32 = o.leq[a].iter().zip(below_b).map(|(x, y)| (x & y).count_ones()).sum();
                    if between == 2 {
                        o.covers.push([a, b]);
                    }
                }
            }
        }
        Ok(o)
    }
}

/// The reflexive-transitive closure of the relations, refusing a cycle at one of its relations.
fn from_relations(n: usize, rel: &[[usize; 2]]) -> Result<Vec<Vec<u64>>, Vec<Diagnostic>> {
    let mut out: Vec<Vec<(usize, usize)>> = vec![vec![]; n];
    let mut indeg = vec![0usize; n];
    for (k, &[a, b]) in rel.iter().enumerate() {
        for (x, side) in [(a, 0), (b, 1)] {
            if x >= n {
                return Err(vec![Diagnostic::at(
                    format!("/covers/{k}/{side}"),
                    "OUT_OF_RANGE",
                    format!("{x} is not an element (0 to {})", n - 1),
                )]);
            }
        }
        if a == b {
            return Err(vec![Diagnostic::at(
                format!("/covers/{k}"),
                "CYCLIC_ORDER",
                format!("{a} < {a} is not a strict relation: a partial order has no cycle"),
            )]);
        }
        out[a].push((b, k));
        indeg[b] += 1;
    }
    // Kahn's algorithm; what it cannot order lies on or after a cycle.
    let mut queue: Vec<usize> = (0..n).filter(|&v| indeg[v] == 0).collect();
    let mut topo = Vec::with_capacity(n);
    while let Some(v) = queue.pop() {
        topo.push(v);
        for &(w, _) in &out[v] {
            indeg[w] -= 1;
            if indeg[w] == 0 {
                queue.push(w);
            }
        }
    }
    if topo.len() < n {
        // Every unordered element has an unordered predecessor: walk back until one repeats.
        let mut pred: Vec<Option<(usize, usize)>> = vec![None; n];
        for (v, edges) in out.iter().enumerate() {
            for &(w, k) in edges {
                if indeg[v] > 0 && indeg[w] > 0 {
                    pred[w] = Some((v, k));
                }
            }
        }
        let mut seen = vec![false; n];
        let mut v = (0..n).find(|&v| indeg[v] > 0).unwrap_or(0);
        while !seen[v] {
            seen[v] = true;
            v = pred[v].map_or(v, |(u, _)| u);
        }
        let (u, k) = pred[v].unwrap_or((v, 0));
        return Err(vec![Diagnostic::at(
            format!("/covers/{k}"),
            "CYCLIC_ORDER",
            format!("{u} < {v} lies on a cycle of relations: a partial order has no cycle"),
        )]);
    }
    let mut leq = bits(n);
    for &v in topo.iter().rev() {
        set(&mut leq, v, v);
        for &(w, _) in &out[v] {
            let row = leq[w].clone();
            for (x, y) in leq[v].iter_mut().zip(row) {
                *x |= y;
            }
        }
    }
    Ok(leq)
}

fn from_matrix(n: usize, m: &[Vec<u8>]) -> Result<Vec<Vec<u64>>, Vec<Diagnostic>> {
    if m.len() != n {
        return Err(vec![Diagnostic::at(
            "/order",
            "WRONG_SHAPE",
            format!("{} rows; the poset has {n} elements", m.len()),
        )]);
    }
    let mut leq = bits(n);
    for (i, row) in m.iter().enumerate() {
        if row.len() != n {
            return Err(vec![Diagnostic::at(format!("/order/{i}"), "WRONG_SHAPE", format!("{n} entries per row"))]);
        }
        for (j, &x) in row.iter().enumerate() {
            match x {
                0 => {}
                1 => set(&mut leq, i, j),
                _ => return Err(vec![Diagnostic::at(format!("/order/{i}/{j}"), "NOT_BOOLEAN", "0 or 1")]),
            }
        }
    }
    let le = |i: usize, j: usize| leq[i][j / 64] >> (j % 64) & 1 == 1;
    for i in 0..n {
        if !le(i, i) {
            return Err(vec![Diagnostic::at(format!("/order/{i}/{i}"), "NOT_REFLEXIVE", "an order has i ≤ i")]);
        }
    }
    for i in 0..n {
        for j in i + 1..n {
            if le(i, j) && le(j, i) {
                return Err(vec![Diagnostic::at(
                    format!("/order/{j}/{i}"),
                    "CYCLIC_ORDER",
                    format!("{i} ≤ {j} and {j} ≤ {i}: a partial order is antisymmetric"),
                )]);
            }
        }
    }
    for i in 0..n {
        for j in 0..n {
            if le(i, j)
                && leq[j].iter().zip(&leq[i]).any(|(x, y)| x & !y != 0)
                && let Some(k) = (0..n).find(|&k| le(j, k) && !le(i, k))
            {
                return Err(vec![Diagnostic::at(
                    format!("/order/{i}/{k}"),
                    "NOT_TRANSITIVE",
                    format!("{i} ≤ {j} ≤ {k} but not {i} ≤ {k}"),
                )]);
            }
        }
    }
    Ok(leq)
}

impl ObjectType for FinitePoset {
    const SCHEMA_URI: &'static str = FINITE_POSET_SCHEMA;
    const NAME: &'static str = "finite_poset";
    const SUMMARY: &'static str =
        "A finite partial order on 0..n (n ≤ 2000) by cover relations or an order matrix; canonical: its covers.";

    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        let o = self.order()?;
        Ok(FinitePoset { elements: o.n, covers: Some(o.covers), order: None })
    }
}

impl FiniteLattice {
    /// Validates the order and that every pair has a join and a meet.
    pub fn order(&self) -> Result<Order, Vec<Diagnostic>> {
        if self.0.elements > MAX_LATTICE_ELEMENTS {
            let m = format!("a lattice has at most {MAX_LATTICE_ELEMENTS} elements");
            return Err(vec![Diagnostic::at("/elements", "OUT_OF_RANGE", m)]);
        }
        let o = self.0.order()?;
        if let Some((i, j, what)) = lattice_defect(&o) {
            let field = if self.0.covers.is_some() { "/covers" } else { "/order" };
            return Err(vec![Diagnostic::at(field, "NOT_A_LATTICE", format!("{i} and {j} have no {what}"))]);
        }
        Ok(o)
    }
}

/// A pair without a join or a meet, if any.
pub fn lattice_defect(o: &Order) -> Option<(usize, usize, &'static str)> {
    let geq = o.geq();
    for i in 0..o.n {
        for j in i + 1..o.n {
            if o.join(i, j).is_none() {
                return Some((i, j, "join"));
            }
            if o.meet_in(&geq, i, j).is_none() {
                return Some((i, j, "meet"));
            }
        }
    }
    None
}

impl ObjectType for FiniteLattice {
    const SCHEMA_URI: &'static str = FINITE_LATTICE_SCHEMA;
    const NAME: &'static str = "finite_lattice";
    const SUMMARY: &'static str = "A finite lattice on 0..n (n ≤ 300): a poset where every pair has a join and a meet.";

    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        let o = self.order()?;
        Ok(FiniteLattice(FinitePoset { elements: o.n, covers: Some(o.covers), order: None }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn poset(n: usize, covers: &[[usize; 2]]) -> FinitePoset {
        FinitePoset { elements: n, covers: Some(covers.to_vec()), order: None }
    }

    #[test]
    fn covers_are_reduced_and_cycles_refused_at_a_relation_on_them() {
        let p = poset(3, &[[0, 1], [1, 2], [0, 2]]).canonical().unwrap();
        assert_eq!(p.covers, Some(vec![[0, 1], [1, 2]]));
        let bad = poset(4, &[[0, 1], [3, 0], [1, 2], [2, 1]]).canonical().unwrap_err();
        assert_eq!(bad[0].code, "CYCLIC_ORDER");
        let path = bad[0].path.clone().unwrap();
        assert!(path == "/covers/2" || path == "/covers/3", "{path}");
        let m = FinitePoset { elements: 2, covers: None, order: Some(vec![vec![1, 1], vec![1, 1]]) };
        assert_eq!(m.canonical().unwrap_err()[0].path.as_deref(), Some("/order/1/0"));
    }

    #[test]
    fn lattices_have_joins_and_meets() {
        let diamond = FiniteLattice(poset(4, &[[0, 1], [0, 2], [1, 3], [2, 3]]));
        assert!(diamond.canonical().is_ok());
        let bowtie = FiniteLattice(poset(4, &[[0, 2], [0, 3], [1, 2], [1, 3]]));
        assert_eq!(bowtie.canonical().unwrap_err()[0].code, "NOT_A_LATTICE");
    }
}
