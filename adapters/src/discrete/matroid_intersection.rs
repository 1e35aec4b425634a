//! `matroid.intersection.compute`: common independent sets of two matroids on the same ground
//! set of at most 64 elements, each given by bases, a matrix over Q or F_p, a graph (its cycle
//! matroid) or a partition with capacities.
//!
//! Maximum cardinality by augmenting paths in the exchange graph D(I), with Edmonds' min-max
//! certificate: a set U with r_1(U) + r_2(E ∖ U) = |I|. Maximum weight by shortest augmenting
//! paths (vertex lengths −w outside I and w inside, the fewest arcs among shortest), which keep
//! every I_k of largest weight among common independent sets of size k; a feasible potential π
//! of D(I_k) gives the weight splitting w = w_1 + w_2 (w_1 = π on I_k and w + π off it) under
//! which I_k is a heaviest k-set in each matroid, checked here by its exchange conditions.

// Index loops over the exchange graph's parallel tables read more clearly than zipped iterators.
#![allow(clippy::needless_range_loop)]

use jacobian_runtime::adapter::{AdapterContext, AdapterError};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::combinatorial::{Matroid, matroid_bases};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::matroid::Oracle;
use super::native;
use crate::cas::{self, Answer, Query};

/// Largest absolute weight.
pub const MAX_WEIGHT: i64 = 1 << 40;

/// A matroid on the elements 0, …, n − 1.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum MatroidSpec {
    /// By bases or as the column matroid of a matrix.
    Matroid(Matroid),
    /// The cycle matroid of a multigraph: element i is edge i; independent sets are forests.
    Graph {
        /// The number of vertices.
        vertices: usize,
        /// The edges [u, v] (loops allowed: a loop is a dependent element).
        edges: Vec<[usize; 2]>,
    },
    /// A partition matroid: at most `capacities[b]` elements from block b.
    Partition {
        /// The block of each element.
        blocks: Vec<usize>,
        /// The capacity of each block.
        capacities: Vec<usize>,
    },
}

/// What to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum IntersectionQuestion {
    /// A largest common independent set with the min-max certificate U.
    Maximum,
    /// Whether the matroids share a basis, with one or the certificate that none exists.
    CommonBasis,
    /// A common independent set of largest total weight (any size), with the heaviest set of
    /// every size and the weight splitting of the best one.
    MaximumWeight,
    /// The heaviest among the largest common independent sets, with its weight splitting.
    MaximumCardinalityWeighted,
    /// Check the given `certificate`.
    Check,
    /// For a graph: the oriented incidence matrix over Q representing its cycle matroid.
    Represent,
}

/// A certificate to check.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Certificate {
    /// The claimed common independent set.
    pub set: Vec<usize>,
    /// A weight splitting: w_1 on each element (w_2 = w − w_1). The set must be a heaviest set of
    /// its size in the first matroid under w_1 and in the second under w_2.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_weights: Option<Vec<i64>>,
    /// A rank certificate U: r_1(U) + r_2(E ∖ U) = |set| proves the set has maximum size.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cover: Option<Vec<usize>>,
}

/// Input of `matroid.intersection.compute`.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IntersectionInput {
    /// The first matroid.
    pub first: MatroidSpec,
    /// The second matroid, on the same elements.
    pub second: MatroidSpec,
    /// What to compute (1 to 6).
    #[schemars(length(min = 1, max = 6))]
    pub questions: Vec<IntersectionQuestion>,
    /// Integer weights, one per element (|w| ≤ 2^40); 0 when omitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weights: Option<Vec<i64>>,
    /// For `check`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate: Option<Certificate>,
}

/// `matroid.intersection.compute`.
pub struct Intersection;

/// An independence oracle.
enum Rank {
    Given(Oracle),
    Graph(usize, Vec<[usize; 2]>),
    Partition(Vec<usize>, Vec<usize>),
}

impl Rank {
    fn rank(&self, s: u64) -> usize {
        match self {
            Rank::Given(o) => o.rank(s),
            Rank::Graph(n, edges) => {
                let mut parent: Vec<usize> = (0..*n).collect();
                fn find(p: &mut [usize], mut a: usize) -> usize {
                    while p[a] != a {
                        p[a] = p[p[a]];
                        a = p[a];
                    }
                    a
                }
                let mut r = 0;
                for (e, &[u, v]) in edges.iter().enumerate() {
                    if s >> e & 1 == 1 {
                        let (a, b) = (find(&mut parent, u), find(&mut parent, v));
                        if a != b {
                            parent[a] = b;
                            r += 1;
                        }
                    }
                }
                r
            }
            Rank::Partition(blocks, caps) => {
                let mut count = vec![0usize; caps.len()];
                for (e, &b) in blocks.iter().enumerate() {
                    if s >> e & 1 == 1 {
                        count[b] += 1;
                    }
                }
                count.iter().zip(caps).map(|(c, k)| c.min(k)).sum()
            }
        }
    }
    fn independent(&self, s: u64) -> bool {
        self.rank(s) == s.count_ones() as usize
    }
}

fn size_of(m: &MatroidSpec) -> usize {
    match m {
        MatroidSpec::Matroid(m) => m.elements,
        MatroidSpec::Graph { edges, .. } => edges.len(),
        MatroidSpec::Partition { blocks, .. } => blocks.len(),
    }
}

fn oracle(m: &MatroidSpec, at: &str) -> Result<Rank, Diagnostic> {
    Ok(match m {
        MatroidSpec::Matroid(m) => {
            use jacobian_runtime::objects::ObjectType;
            m.clone().canonical().map_err(|d| d[0].clone().under(&format!("{at}/matroid")))?;
            match (&m.bases, &m.matrix) {
                (Some(b), _) => Rank::Given(Oracle::Bases(
                    matroid_bases(m.elements, b).map_err(|d| d[0].clone().under(&format!("{at}/matroid")))?,
                )),
                (None, Some(x)) => {
                    Rank::Given(Oracle::Matrix(x.dense().map_err(|d| d.under(&format!("{at}/matroid/matrix")))?))
                }
                _ => return Err(Diagnostic::at(format!("{at}/matroid"), "MISSING_FIELD", "bases or a matrix")),
            }
        }
        MatroidSpec::Graph { vertices, edges } => {
            if *vertices > 1_000 {
                return Err(Diagnostic::at(format!("{at}/graph/vertices"), "TOO_LARGE", "at most 1,000 vertices"));
            }
            if let Some(k) = edges.iter().position(|e| e[0] >= *vertices || e[1] >= *vertices) {
                return Err(Diagnostic::at(format!("{at}/graph/edges/{k}"), "NOT_A_VERTEX", "vertices are 0 to n − 1"));
            }
            Rank::Graph(*vertices, edges.clone())
        }
        MatroidSpec::Partition { blocks, capacities } => {
            if capacities.len() > 64 {
                let m = "at most 64 blocks (there are at most 64 elements)";
                return Err(Diagnostic::at(format!("{at}/partition/capacities"), "TOO_LARGE", m));
            }
            if let Some(k) = blocks.iter().position(|&b| b >= capacities.len()) {
                return Err(Diagnostic::at(
                    format!("{at}/partition/blocks/{k}"),
                    "NOT_A_BLOCK",
                    "one capacity per block",
                ));
            }
            Rank::Partition(blocks.clone(), capacities.clone())
        }
    })
}

fn mask(s: &[usize]) -> u64 {
    s.iter().fold(0u64, |m, &x| m | 1 << x)
}

fn elements(m: u64) -> Vec<usize> {
    (0..64).filter(|i| m >> i & 1 == 1).collect()
}

/// The exchange graph D(I): `arcs[u]` lists v with an arc u → v; sources X_1, sinks X_2.
struct Exchange {
    arcs: Vec<Vec<usize>>,
    sources: Vec<usize>,
    sinks: u64,
}

/// With `truncated`, the exchange graph of the matroids truncated to rank |I|: every swap
/// I − y + x gives its arc, also when I + x is independent.
fn exchange(
    m1: &Rank,
    m2: &Rank,
    n: usize,
    i: u64,
    truncated: bool,
    ctx: &AdapterContext,
) -> Result<Exchange, AdapterError> {
    let mut arcs = vec![vec![]; n];
    let (mut sources, mut sinks) = (vec![], 0u64);
    for x in (0..n).filter(|&x| i >> x & 1 == 0) {
        ctx.checkpoint()?;
        let with = i | 1 << x;
        let (in1, in2) = (m1.independent(with), m2.independent(with));
        if in1 {
            sources.push(x);
        }
        if in2 {
            sinks |= 1 << x;
        }
        for y in elements(i) {
            let swap = with & !(1 << y);
            // y → x when I − y + x is independent in M_1; x → y when in M_2.
            if (truncated || !in1) && m1.independent(swap) {
                arcs[y].push(x);
            }
            if (truncated || !in2) && m2.independent(swap) {
                arcs[x].push(y);
            }
        }
    }
    Ok(Exchange { arcs, sources, sinks })
}

/// Vertex lengths of D(I): −w outside I, w inside.
fn length(w: &[i64], i: u64, v: usize) -> i64 {
    if i >> v & 1 == 1 { w[v] } else { -w[v] }
}

/// A shortest source–sink path (by length, then arcs), or None.
fn augmenting_path(d: &Exchange, w: &[i64], i: u64, n: usize) -> Option<Vec<usize>> {
    let mut dist: Vec<Option<(i64, usize)>> = vec![None; n];
    let mut prev = vec![usize::MAX; n];
    for &s in &d.sources {
        dist[s] = Some((length(w, i, s), 0));
    }
    // No negative cycles (I is extreme), so n rounds of relaxation settle every distance.
    for _ in 0..n {
        let mut changed = false;
        for u in 0..n {
            let Some((du, hu)) = dist[u] else { continue };
            for &v in &d.arcs[u] {
                let cand = (du + length(w, i, v), hu + 1);
                if dist[v].is_none_or(|dv| cand < dv) {
                    dist[v] = Some(cand);
                    prev[v] = u;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let end = (0..n).filter(|&v| d.sinks >> v & 1 == 1).filter_map(|v| dist[v].map(|x| (x, v))).min()?.1;
    let mut path = vec![end];
    while prev[*path.last()?] != usize::MAX {
        path.push(prev[*path.last()?]);
        if path.len() > n {
            return None;
        }
    }
    Some(path)
}

/// A feasible potential of D(I) for the vertex lengths: π(v) ≤ π(u) + l(v) on every arc.
fn potential(d: &Exchange, w: &[i64], i: u64, n: usize) -> Option<Vec<i64>> {
    let mut pi = vec![0i64; n];
    for _ in 0..=n {
        let mut changed = false;
        for u in 0..n {
            for &v in &d.arcs[u] {
                let cand = pi[u] + length(w, i, v);
                if cand < pi[v] {
                    pi[v] = cand;
                    changed = true;
                }
            }
        }
        if !changed {
            return Some(pi);
        }
    }
    None
}

/// The weight splitting of an extreme I: w_1 = π on I, w + π off I.
fn splitting(pi: &[i64], w: &[i64], i: u64) -> Vec<i64> {
    (0..w.len()).map(|v| if i >> v & 1 == 1 { pi[v] } else { w[v] + pi[v] }).collect()
}

/// The first swap I − y + x independent in M with w(x) > w(y), if any: none exactly when I is a
/// heaviest independent set of its size (a basis of M truncated to rank |I|).
fn swap_optimal(m: &Rank, w: &[i64], i: u64, n: usize) -> Option<(usize, usize)> {
    for x in (0..n).filter(|&x| i >> x & 1 == 0) {
        for y in elements(i) {
            if w[x] > w[y] && m.independent((i | 1 << x) & !(1 << y)) {
                return Some((y, x));
            }
        }
    }
    None
}

/// The sets I_0 = ∅, I_1, … of largest weight for each size, up to the largest size.
fn extremes(m1: &Rank, m2: &Rank, n: usize, w: &[i64], ctx: &AdapterContext) -> Result<Vec<u64>, AdapterError> {
    let mut i = 0u64;
    let mut out = vec![i];
    loop {
        ctx.checkpoint()?;
        let d = exchange(m1, m2, n, i, false, ctx)?;
        let Some(path) = augmenting_path(&d, w, i, n) else { return Ok(out) };
        for v in path {
            i ^= 1 << v;
        }
        if !(m1.independent(i) && m2.independent(i)) {
            return Err(AdapterError::Backend("an augmentation left the common independent sets".into()));
        }
        out.push(i);
    }
}

/// Edmonds' certificate for a maximum I: the elements that can reach X_2 in D(I).
fn cover(m1: &Rank, m2: &Rank, n: usize, i: u64, ctx: &AdapterContext) -> Result<u64, AdapterError> {
    let d = exchange(m1, m2, n, i, false, ctx)?;
    let mut reach = d.sinks;
    loop {
        let more = (0..n).filter(|&u| reach >> u & 1 == 0 && d.arcs[u].iter().any(|&v| reach >> v & 1 == 1));
        let grown = more.fold(reach, |r, u| r | 1 << u);
        if grown == reach {
            return Ok(reach);
        }
        reach = grown;
    }
}

fn weight(w: &[i64], s: u64) -> i64 {
    elements(s).iter().map(|&e| w[e]).sum()
}

fn full(n: usize) -> u64 {
    if n == 64 { u64::MAX } else { (1u64 << n) - 1 }
}

fn cover_value(m1: &Rank, m2: &Rank, n: usize, u: u64) -> Value {
    let (r1, r2) = (m1.rank(u), m2.rank(full(n) & !u));
    json!({"cover": elements(u), "rank_first": r1, "rank_second_of_complement": r2, "bound": r1 + r2})
}

fn weighted(m1: &Rank, m2: &Rank, n: usize, w: &[i64], i: u64, ctx: &AdapterContext) -> Result<Value, AdapterError> {
    let d = exchange(m1, m2, n, i, true, ctx)?;
    let pi = potential(&d, w, i, n)
        .ok_or_else(|| AdapterError::Backend("the exchange graph has a negative cycle".into()))?;
    let w1 = splitting(&pi, w, i);
    let w2: Vec<i64> = w.iter().zip(&w1).map(|(a, b)| a - b).collect();
    if swap_optimal(m1, &w1, i, n).is_some() || swap_optimal(m2, &w2, i, n).is_some() {
        return Err(AdapterError::Backend("the weight splitting fails its exchange conditions".into()));
    }
    Ok(json!({"set": elements(i), "size": i.count_ones(), "weight": weight(w, i),
              "splitting": {"first": w1, "second": w2}}))
}

fn check(m1: &Rank, m2: &Rank, n: usize, w: &[i64], c: &Certificate) -> Value {
    let i = mask(&c.set);
    let common = m1.independent(i) && m2.independent(i) && i.count_ones() as usize == c.set.len();
    let mut out = json!({"common_independent": common});
    if let Some(w1) = &c.first_weights {
        let w2: Vec<i64> = w.iter().zip(w1).map(|(a, b)| a - b).collect();
        let first = swap_optimal(m1, w1, i, n);
        let second = swap_optimal(m2, &w2, i, n);
        let witness = |s: Option<(usize, usize)>| s.map(|(y, x)| json!({"remove": y, "add": x}));
        out["splitting"] = json!({"first_optimal": first.is_none(), "second_optimal": second.is_none(),
            "first_violation": witness(first), "second_violation": witness(second),
            "holds": common && first.is_none() && second.is_none()});
    }
    if let Some(u) = &c.cover {
        let u = mask(u);
        let bound = m1.rank(u) + m2.rank(full(n) & !u);
        out["cover"] = json!({"bound": bound, "holds": common && bound == c.set.len()});
    }
    let holds =
        out.as_object().is_some_and(|o| common && o.values().filter_map(|v| v.get("holds")).all(|h| h == &json!(true)));
    out["valid"] = json!(holds);
    out
}

struct Request {
    n: usize,
    m1: Rank,
    m2: Rank,
    w: Vec<i64>,
}

fn request(i: &IntersectionInput) -> Result<Request, Diagnostic> {
    let n = size_of(&i.first);
    if n > 64 {
        return Err(Diagnostic::at("/first", "TOO_LARGE", "at most 64 elements"));
    }
    if size_of(&i.second) != n {
        return Err(Diagnostic::at("/second", "WRONG_SIZE", format!("the first matroid has {n} elements")));
    }
    let (m1, m2) = (oracle(&i.first, "/first")?, oracle(&i.second, "/second")?);
    let w = match &i.weights {
        Some(w) if w.len() != n => return Err(Diagnostic::at("/weights", "WRONG_LENGTH", "one weight per element")),
        Some(w) => {
            if let Some(k) = w.iter().position(|x| x.abs() > MAX_WEIGHT) {
                return Err(Diagnostic::at(format!("/weights/{k}"), "TOO_LARGE", "|w| ≤ 2^40"));
            }
            w.clone()
        }
        None => vec![0; n],
    };
    for (k, q) in i.questions.iter().enumerate() {
        match q {
            IntersectionQuestion::Check => {
                let c = i
                    .certificate
                    .as_ref()
                    .ok_or_else(|| Diagnostic::at("/certificate", "MISSING_FIELD", "check needs a certificate"))?;
                for (name, s) in [("set", Some(&c.set)), ("cover", c.cover.as_ref())] {
                    if let Some(j) = s.and_then(|s| s.iter().position(|&x| x >= n)) {
                        return Err(Diagnostic::at(
                            format!("/certificate/{name}/{j}"),
                            "NOT_AN_ELEMENT",
                            "elements are 0 to n − 1",
                        ));
                    }
                }
                if let Some(w1) = &c.first_weights {
                    if w1.len() != n {
                        return Err(Diagnostic::at(
                            "/certificate/first_weights",
                            "WRONG_LENGTH",
                            "one weight per element",
                        ));
                    }
                    if let Some(j) = w1.iter().position(|x| x.abs() > MAX_WEIGHT) {
                        return Err(Diagnostic::at(
                            format!("/certificate/first_weights/{j}"),
                            "TOO_LARGE",
                            "|w| ≤ 2^40",
                        ));
                    }
                }
            }
            IntersectionQuestion::Represent if !matches!(i.first, MatroidSpec::Graph { .. }) => {
                return Err(Diagnostic::at(
                    format!("/questions/{k}"),
                    "NOT_A_GRAPH",
                    "represent takes a graph as the first matroid",
                ));
            }
            _ => {}
        }
    }
    Ok(Request { n, m1, m2, w })
}

impl Query for Intersection {
    type Input = IntersectionInput;
    type Output = Map<String, Value>;

    fn describe(&self) -> Describe {
        cas::describe(
            "matroid.intersection.compute",
            "Matroid intersection: largest and heaviest common independent sets",
            "Largest or heaviest common independent set of two matroids (bases, matrices, graphs, partitions) with \
             Edmonds' rank certificate or a weight splitting; certificate checks; graphic representations.",
            "Native, on ≤ 64 elements: augmenting paths in the exchange graph for a largest common set I with a \
             cover U, r_1(U) + r_2(E ∖ U) = |I| (Edmonds); whether a common basis exists; shortest weighted \
             augmentations for the heaviest common set of every size, the heaviest overall and the heaviest of \
             largest size, each with a weight splitting w = w_1 + w_2 from a potential of the exchange \
             graph; checking a given set with a splitting or a cover; the oriented incidence matrix of a graph's \
             cycle matroid. Matroids by bases, a matrix over Q or F_p, a graph or a partition with capacities \
             (bipartite matching is the intersection of two partition matroids).",
            &[
                "matroid-intersection",
                "common-independent-set",
                "common-basis",
                "edmonds",
                "weight-splitting",
                "bipartite-matching",
                "partition-matroid",
                "graphic-matroid",
                "cycle-matroid",
                "rainbow-spanning-tree",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("matroid_intersection.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "a largest bipartite matching of K_{2,3} minus an edge as two partition matroids",
                Mode::Explore,
                json!({"first": {"partition": {"blocks": [0, 0, 0, 1, 1], "capacities": [1, 1]}},
                       "second": {"partition": {"blocks": [0, 1, 2, 0, 1], "capacities": [1, 1, 1]}},
                       "questions": ["maximum", "common_basis"]}),
            ),
            (
                "a heaviest rainbow spanning forest: the cycle matroid of a 4-cycle with a chord and colour classes",
                Mode::Explore,
                json!({"first": {"graph": {"vertices": 4, "edges": [[0, 1], [1, 2], [2, 3], [3, 0], [0, 2]]}},
                       "second": {"partition": {"blocks": [0, 0, 1, 1, 2], "capacities": [1, 1, 1]}},
                       "weights": [5, 3, 4, 1, 2], "questions": ["maximum_weight", "maximum_cardinality_weighted", "represent"]}),
            ),
        ]
    }
    fn validate(&self, i: &IntersectionInput) -> Result<(), Diagnostic> {
        request(i).map(drop)
    }
    fn answer(&self, i: &IntersectionInput, ctx: &AdapterContext) -> Result<Answer<Map<String, Value>>, AdapterError> {
        let Request { n, m1, m2, w } = request(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let mut out = Map::new();
        let mut sets: Option<Vec<u64>> = None;
        for q in &i.questions {
            ctx.checkpoint()?;
            let mut chain = || -> Result<Vec<u64>, AdapterError> {
                if sets.is_none() {
                    sets = Some(extremes(&m1, &m2, n, &w, ctx)?);
                }
                Ok(sets.clone().unwrap_or_default())
            };
            let (key, value) = match q {
                IntersectionQuestion::Maximum | IntersectionQuestion::CommonBasis => {
                    let best = *chain()?.last().unwrap_or(&0);
                    let u = cover(&m1, &m2, n, best, ctx)?;
                    let certificate = cover_value(&m1, &m2, n, u);
                    if *q == IntersectionQuestion::Maximum {
                        (
                            "maximum",
                            json!({"set": elements(best), "size": best.count_ones(), "certificate": certificate}),
                        )
                    } else {
                        let (r1, r2) = (m1.rank(full(n)), m2.rank(full(n)));
                        let exists = best.count_ones() as usize == r1 && r1 == r2;
                        (
                            "common_basis",
                            json!({"exists": exists, "ranks": [r1, r2],
                            "basis": exists.then(|| elements(best)),
                            "largest_common_independent": best.count_ones(), "certificate": certificate}),
                        )
                    }
                }
                IntersectionQuestion::MaximumWeight => {
                    let all = chain()?;
                    let best = all
                        .iter()
                        .copied()
                        .max_by_key(|&s| (weight(&w, s), std::cmp::Reverse(s.count_ones())))
                        .unwrap_or(0);
                    let by_size: Vec<Value> = all
                        .iter()
                        .map(|&s| json!({"size": s.count_ones(), "weight": weight(&w, s), "set": elements(s)}))
                        .collect();
                    let mut v = weighted(&m1, &m2, n, &w, best, ctx)?;
                    v["by_size"] = json!(by_size);
                    ("maximum_weight", v)
                }
                IntersectionQuestion::MaximumCardinalityWeighted => {
                    let best = *chain()?.last().unwrap_or(&0);
                    let mut v = weighted(&m1, &m2, n, &w, best, ctx)?;
                    v["certificate"] = cover_value(&m1, &m2, n, cover(&m1, &m2, n, best, ctx)?);
                    ("maximum_cardinality_weighted", v)
                }
                IntersectionQuestion::Check => {
                    let c = i.certificate.clone().ok_or_else(|| AdapterError::Unsupported("no certificate".into()))?;
                    ("check", check(&m1, &m2, n, &w, &c))
                }
                IntersectionQuestion::Represent => {
                    let MatroidSpec::Graph { vertices, edges } = &i.first else {
                        return Err(AdapterError::Unsupported("represent takes a graph".into()));
                    };
                    // Column e = [u, v], u < v: +1 at u, −1 at v; a loop is the zero column.
                    let rows: Vec<Vec<i64>> = (0..*vertices)
                        .map(|r| {
                            edges
                                .iter()
                                .map(|&[u, v]| {
                                    if u == v {
                                        0
                                    } else if r == u.min(v) {
                                        1
                                    } else if r == u.max(v) {
                                        -1
                                    } else {
                                        0
                                    }
                                })
                                .collect()
                        })
                        .collect();
                    (
                        "represent",
                        json!({"ring": "Q", "rows": rows, "rank": m1.rank(full(n)),
                        "note": "totally unimodular: the same matrix represents the cycle matroid over every field"}),
                    )
                }
            };
            out.insert(key.into(), value);
        }
        Ok(out.into())
    }
}
