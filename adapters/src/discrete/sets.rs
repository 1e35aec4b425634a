//! Finite sets, set systems and latin squares: `finite_set.compute.operation` (set algebra and
//! relations of two finite integer sets), `hypergraph.compute.properties` (parameters, degrees,
//! intersecting and covering families, duals, minimum and minimal transversals, matchings,
//! independence, exact covers by Algorithm X, the intersection graph and clique expansion, and
//! through `hypergraph_search` weighted packings and independent sets, proper colourings,
//! colour patterns, induced types and random subsystems),
//! and `latin_square.compute.properties` (validation with the pointer of the first repeat,
//! orthogonality, transpose, reduced form, intercalates, row-cycle types as isotopy invariants).

// Index loops over several parallel tables read more clearly than zipped iterators here.
#![allow(clippy::needless_range_loop, clippy::type_complexity)]

use std::collections::BTreeSet;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::combinatorial::{LatinSquare, SetSystem};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::objects::polynomial::Rat;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_traits::One;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::hypergraph_search as search;
use super::native;
use crate::cas::{self, Answer, Query};
use crate::rational::Rational;

/// An operation on two finite sets A and B.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SetOperation {
    /// A ∪ B.
    Union,
    /// A ∩ B.
    Intersection,
    /// A \ B.
    Difference,
    /// A △ B.
    SymmetricDifference,
    /// |A ∪ B|.
    UnionCardinality,
    /// |A ∩ B|.
    IntersectionCardinality,
    /// |A|.
    LeftCardinality,
    /// A ⊆ B.
    Subset,
    /// A ⊊ B.
    ProperSubset,
    /// A ∩ B = ∅.
    Disjoint,
    /// A = B.
    Equal,
}

/// Input of `finite_set.compute.operation`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FiniteSetsInput {
    /// A (repeats ignored).
    #[schemars(length(max = 1000000))]
    pub a: Vec<DecimalInteger>,
    /// B.
    #[schemars(length(max = 1000000))]
    pub b: Vec<DecimalInteger>,
    /// What to compute.
    #[schemars(length(min = 1))]
    pub operations: Vec<SetOperation>,
}

/// `finite_set.compute.operation`.
pub struct FiniteSets;

fn key<T: Serialize>(t: &T) -> String {
    serde_json::to_value(t).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default()
}

impl Query for FiniteSets {
    type Input = FiniteSetsInput;
    type Output = Map<String, Value>;

    fn describe(&self) -> Describe {
        cas::describe(
            "finite_set.compute.operation",
            "Finite set operations",
            "Union, intersection, difference, symmetric difference, cardinalities, subset, proper subset, disjointness and equality of two finite sets of integers.",
            "Exact on integers of any size: `operations` selects union, intersection, difference, symmetric_difference \
             (sorted lists), union_cardinality, intersection_cardinality, left_cardinality, subset, proper_subset, \
             disjoint, equal.",
            &[
                "finite-set",
                "union",
                "intersection",
                "set-difference",
                "symmetric-difference",
                "subset",
                "disjoint",
                "cardinality",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("sets.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "Union and intersection",
            Mode::Explore,
            json!({"a": [1, 2, 3], "b": [2, 3, 4], "operations": ["union", "intersection", "subset"]}),
        )]
    }
    fn answer(&self, i: &FiniteSetsInput, _ctx: &AdapterContext) -> Result<Answer<Map<String, Value>>, AdapterError> {
        let set = |v: &[DecimalInteger]| -> BTreeSet<BigInt> {
            v.iter().map(|x| x.as_str().parse().unwrap_or_default()).collect()
        };
        let (a, b) = (set(&i.a), set(&i.b));
        let list = |s: Vec<&BigInt>| json!(s.iter().map(|x| x.to_string()).collect::<Vec<_>>());
        let mut out = Map::new();
        for op in &i.operations {
            use SetOperation::*;
            let v = match op {
                Union => list(a.union(&b).collect()),
                Intersection => list(a.intersection(&b).collect()),
                Difference => list(a.difference(&b).collect()),
                SymmetricDifference => list(a.symmetric_difference(&b).collect()),
                UnionCardinality => json!(a.union(&b).count()),
                IntersectionCardinality => json!(a.intersection(&b).count()),
                LeftCardinality => json!(a.len()),
                Subset => json!(a.is_subset(&b)),
                ProperSubset => json!(a.is_subset(&b) && a.len() < b.len()),
                Disjoint => json!(a.is_disjoint(&b)),
                Equal => json!(a == b),
            };
            out.insert(key(op), v);
        }
        Ok(out.into())
    }
}

/// A property of a set system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum HypergraphProperty {
    /// Points, edges, rank, co-rank, uniformity.
    Parameters,
    /// The degree of each point.
    Degrees,
    /// Whether every two edges meet (a disjoint pair if not).
    Intersecting,
    /// Whether the edges cover every point (the uncovered points).
    Covering,
    /// The dual set system (point i ↦ the edges containing it).
    Dual,
    /// |e_i ∩ e_j| for i < j.
    EdgeIntersections,
    /// The intersection graph: pairs of edges that meet.
    IntersectionGraph,
    /// The 2-section: pairs of points in a common edge.
    CliqueExpansion,
    /// The incidence (Levi) graph: bipartite on the points 0..n−1 and the edges n..n+m−1, the
    /// edge [p, n + j] when point p lies in edge j.
    IncidenceGraph,
    /// A smallest set of points meeting every edge (points ≤ 64).
    MinimumTransversal,
    /// Every inclusion-minimal transversal of at most `max_size` points (points ≤ 64).
    MinimalTransversals,
    /// A largest set of pairwise disjoint edges.
    MaximumMatching,
    /// A largest set of points containing no edge (points ≤ 64).
    IndependenceNumber,
    /// A subfamily partitioning the points, if any (Algorithm X).
    ExactCover,
    /// Pairwise disjoint edges of greatest total `edge_weights` (points ≤ 64).
    MaximumWeightPacking,
    /// A set of points containing no edge of greatest total `point_weights` (points ≤ 64).
    MaximumWeightIndependentSet,
    /// A colouring with `colours` colours (default 2) and no monochromatic edge, or that none
    /// exists (property B for two colours; points ≤ 64).
    Colourable,
    /// Under the given `colouring`: each edge's pattern (its colour counts), the number of edges
    /// of each pattern, and the monochromatic edges as a set system of their own.
    ColouringProfile,
    /// The isomorphism types of the subsystems induced on the k-sets of points (k = `type_size`),
    /// with their counts.
    InducedTypes,
    /// For p = `probability` (points ≤ 64): the number of edges contained in a random set of points
    /// (each point kept with probability p) with its first three moments and variance, and the
    /// probability that each point is covered by a random set of edges (each kept with probability
    /// p).
    RandomSubsets,
}

/// Input of `hypergraph.compute.properties`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HypergraphInput {
    /// The set system.
    pub system: SetSystem,
    /// What to compute.
    #[schemars(length(min = 1))]
    pub properties: Vec<HypergraphProperty>,
    /// Largest minimal transversal listed (default: the number of points).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_size: Option<usize>,
    /// One rational weight ≥ 0 per edge, for `maximum_weight_packing` (default 1 each).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edge_weights: Option<Vec<Rational>>,
    /// One rational weight per point, for `maximum_weight_independent_set` (default 1 each).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub point_weights: Option<Vec<Rational>>,
    /// The number of colours q ≥ 1 for `colourable` (default 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colours: Option<usize>,
    /// A colour (a natural number) per point, for `colouring_profile`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colouring: Option<Vec<usize>>,
    /// k for `induced_types` (1 to 6, with at most 200,000 k-sets).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub type_size: Option<usize>,
    /// p in [0, 1] for `random_subsets`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub probability: Option<Rational>,
}

impl HypergraphInput {
    /// The parameters of the weighted, coloured and random questions, checked against the system.
    fn parameters(&self) -> Result<(), Diagnostic> {
        use HypergraphProperty::*;
        let (n, m) = (self.system.points, self.system.sets.len());
        let asked = |p: HypergraphProperty| self.properties.contains(&p);
        let need =
            |field: &str, p: &str| Diagnostic::at(format!("/{field}"), "MISSING", format!("`{p}` needs `{field}`"));
        if let Some(w) = &self.edge_weights {
            if w.len() != m {
                return Err(Diagnostic::at("/edge_weights", "WRONG_LENGTH", "one weight per edge"));
            }
            if let Some(k) = w.iter().position(|x| x.as_str().starts_with('-')) {
                return Err(Diagnostic::at(format!("/edge_weights/{k}"), "OUT_OF_RANGE", "weights are ≥ 0"));
            }
        }
        if self.point_weights.as_ref().is_some_and(|w| w.len() != n) {
            return Err(Diagnostic::at("/point_weights", "WRONG_LENGTH", "one weight per point"));
        }
        if self.colours.is_some_and(|q| q == 0) {
            return Err(Diagnostic::at("/colours", "OUT_OF_RANGE", "at least one colour"));
        }
        match &self.colouring {
            Some(c) if c.len() != n => {
                return Err(Diagnostic::at("/colouring", "WRONG_LENGTH", "one colour per point"));
            }
            None if asked(ColouringProfile) => return Err(need("colouring", "colouring_profile")),
            _ => {}
        }
        match self.type_size {
            Some(k) if !super::hypergraph_search::induced_types_fit(n, k, m) => {
                let why = "1 ≤ k ≤ min(6, points), points ≤ 64, at most 200,000 k-sets and 2·10⁸ (k-set, edge) pairs";
                return Err(Diagnostic::at("/type_size", "OUT_OF_RANGE", why));
            }
            None if asked(InducedTypes) => return Err(need("type_size", "induced_types")),
            _ => {}
        }
        match &self.probability {
            Some(p) if p.as_str().starts_with('-') || p.value() > Rat::one() => {
                return Err(Diagnostic::at("/probability", "OUT_OF_RANGE", "0 ≤ p ≤ 1"));
            }
            None if asked(RandomSubsets) => return Err(need("probability", "random_subsets")),
            _ => {}
        }
        Ok(())
    }
}

/// `hypergraph.compute.properties`.
pub struct Hypergraph;

/// The given weights as rationals, or 1 for each of `count`.
fn weights(given: &Option<Vec<Rational>>, count: usize) -> Vec<Rat> {
    given.as_ref().map_or_else(|| vec![Rat::one(); count], |w| w.iter().map(Rational::value).collect())
}

/// Most points for the exponential searches.
pub const MAX_SEARCH_POINTS: usize = 64;
/// Most edges for the quadratic outputs and searches.
pub const MAX_QUADRATIC_EDGES: usize = 5_000;

fn masks(sets: &[Vec<usize>]) -> Vec<u64> {
    sets.iter().map(|s| s.iter().fold(0u64, |m, &x| m | 1 << x)).collect()
}

fn bits(m: u64) -> Vec<usize> {
    search::bits(m).collect()
}

/// Smallest hitting set by branching on an unhit edge's points.
/// A smallest transversal by branch and bound: branch on the uncovered edge with the fewest
/// points still allowed, the i-th branch taking its i-th point and forbidding the earlier ones (so
/// no transversal is met twice); prune when the chosen points plus a greedy packing of
/// uncovered edges on allowed points cannot beat the best.
fn min_transversal(
    edges: &[u64],
    chosen: u64,
    forbidden: u64,
    best: &mut u64,
    steps: &mut u64,
    ctx: &AdapterContext,
) -> Result<(), AdapterError> {
    *steps += 1;
    if steps.is_multiple_of(1 << 14) {
        ctx.checkpoint()?;
    }
    if chosen.count_ones() >= best.count_ones() {
        return Ok(());
    }
    let (mut packing, mut used) = (0u32, 0u64);
    let mut branch: Option<u64> = None;
    for &e in edges.iter().filter(|&&e| e & chosen == 0) {
        let allowed = e & !forbidden;
        if allowed == 0 {
            return Ok(());
        }
        if allowed & used == 0 {
            packing += 1;
            used |= allowed;
        }
        if branch.is_none_or(|b| allowed.count_ones() < b.count_ones()) {
            branch = Some(allowed);
        }
    }
    let Some(allowed) = branch else {
        *best = chosen;
        return Ok(());
    };
    if chosen.count_ones() + packing >= best.count_ones() {
        return Ok(());
    }
    let mut forbid = forbidden;
    for p in bits(allowed) {
        min_transversal(edges, chosen | 1 << p, forbid, best, steps, ctx)?;
        forbid |= 1 << p;
    }
    Ok(())
}

/// Minimal transversals of at most `k` points (Berge-style branching, filtered for minimality).
fn minimal_transversals(edges: &[u64], k: usize, ctx: &AdapterContext) -> Result<Vec<u64>, AdapterError> {
    let mut found: BTreeSet<u64> = BTreeSet::new();
    let mut stack = vec![0u64];
    let mut steps = 0u64;
    while let Some(t) = stack.pop() {
        steps += 1;
        if steps.is_multiple_of(1 << 14) {
            ctx.checkpoint()?;
        }
        if steps > 20_000_000 {
            return Err(AdapterError::Unsupported("the transversal search passed 2·10^7 steps".into()));
        }
        match edges.iter().find(|&&e| e & t == 0) {
            None => {
                // Minimal: every chosen point is the only chosen point of some edge.
                let minimal = bits(t).iter().all(|&p| edges.iter().any(|&e| e & t == 1 << p));
                if minimal {
                    found.insert(t);
                }
            }
            Some(&e) if (t.count_ones() as usize) < k => {
                for p in bits(e) {
                    stack.push(t | 1 << p);
                }
            }
            _ => {}
        }
    }
    let mut v: Vec<u64> = found.into_iter().collect();
    v.sort_by_key(|&t| (t.count_ones(), bits(t)));
    Ok(v)
}

fn max_matching(
    edges: &[u64],
    from: usize,
    used: u64,
    cur: &mut Vec<usize>,
    best: &mut Vec<usize>,
    steps: &mut u64,
    ctx: &AdapterContext,
) -> Result<(), AdapterError> {
    *steps += 1;
    if steps.is_multiple_of(1 << 14) {
        ctx.checkpoint()?;
    }
    if cur.len() > best.len() {
        *best = cur.clone();
    }
    if cur.len() + (edges.len() - from) <= best.len() {
        return Ok(());
    }
    for j in from..edges.len() {
        if edges[j] & used == 0 && edges[j] != 0 {
            cur.push(j);
            max_matching(edges, j + 1, used | edges[j], cur, best, steps, ctx)?;
            cur.pop();
        }
    }
    Ok(())
}

impl Query for Hypergraph {
    type Input = HypergraphInput;
    type Output = Map<String, Value>;

    fn describe(&self) -> Describe {
        cas::describe(
            "hypergraph.compute.properties",
            "Set system and hypergraph properties",
            "Set systems (hypergraphs): degrees, duals, transversals, matchings and weighted packings, weighted independent sets, exact covers, proper colourings, induced types, random subsystems.",
            "Natively on a set system over points 0..n: `properties` selects parameters, degrees, intersecting (with a \
             disjoint pair), covering (uncovered points), dual, edge_intersections, intersection_graph, \
             clique_expansion, incidence_graph, minimum_transversal, minimal_transversals (up to `max_size`), maximum_matching, \
             independence_number, exact_cover (Knuth's Algorithm X), maximum_weight_packing and \
             maximum_weight_independent_set (rational weights, branch and bound), colourable (q colours, no \
             monochromatic edge; property B), colouring_profile (edge patterns and monochromatic conflicts of a \
             colouring), induced_types (isomorphism types on k-sets), random_subsets (exact moments of the number of \
             edges of a random induced subsystem, coverage by random edges); the searches are exhaustive on ≤ 64 points.",
            &[
                "hypergraph",
                "set-system",
                "transversal",
                "hitting-set",
                "intersecting-family",
                "covering",
                "matching",
                "exact-cover",
                "independence-number",
                "dual-hypergraph",
                "incidence-graph",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("sets.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "The Fano plane: intersecting, its transversals",
            Mode::Explore,
            json!({"system": {"points": 7, "sets": [[0, 1, 2], [0, 3, 4], [0, 5, 6], [1, 3, 5], [1, 4, 6], [2, 3, 6], [2, 4, 5]]},
                   "properties": ["parameters", "intersecting", "minimum_transversal", "maximum_matching"]}),
        )]
    }
    fn validate(&self, i: &HypergraphInput) -> Result<(), Diagnostic> {
        i.system.normalized().map_err(|d| d[0].clone().under("/system"))?;
        i.parameters()
    }
    fn bounds(&self, i: &HypergraphInput) -> Result<(), Refusal> {
        use HypergraphProperty::*;
        for (k, p) in i.properties.iter().enumerate() {
            let exp = matches!(
                p,
                MinimumTransversal
                    | MinimalTransversals
                    | IndependenceNumber
                    | ExactCover
                    | MaximumMatching
                    | MaximumWeightPacking
                    | MaximumWeightIndependentSet
                    | Colourable
                    | RandomSubsets
            );
            if exp && i.system.points > MAX_SEARCH_POINTS {
                return Err(super::too_large(
                    &format!("/properties/{k}"),
                    format!("{p:?} on at most {MAX_SEARCH_POINTS} points"),
                ));
            }
            let quad = matches!(
                p,
                EdgeIntersections | IntersectionGraph | Intersecting | MaximumMatching | ExactCover | RandomSubsets
            );
            if quad && i.system.sets.len() > MAX_QUADRATIC_EDGES {
                return Err(super::too_large(
                    &format!("/properties/{k}"),
                    format!("{p:?} on at most {MAX_QUADRATIC_EDGES} edges"),
                ));
            }
        }
        Ok(())
    }
    fn answer(&self, i: &HypergraphInput, ctx: &AdapterContext) -> Result<Answer<Map<String, Value>>, AdapterError> {
        use HypergraphProperty::*;
        let sets = i.system.normalized().map_err(|d| AdapterError::Backend(d[0].message.clone()))?;
        let n = i.system.points;
        let mut out = Map::new();
        let meet = |a: &[usize], b: &[usize]| a.iter().filter(|x| b.binary_search(x).is_ok()).count();
        for p in &i.properties {
            ctx.checkpoint()?;
            let v = match p {
                Parameters => {
                    let sizes: Vec<usize> = sets.iter().map(Vec::len).collect();
                    let rank = sizes.iter().max().copied().unwrap_or(0);
                    let corank = sizes.iter().min().copied().unwrap_or(0);
                    json!({"points": n, "edges": sets.len(), "rank": rank, "corank": corank, "uniform": rank == corank})
                }
                Degrees => {
                    let mut d = vec![0usize; n];
                    sets.iter().flatten().for_each(|&x| d[x] += 1);
                    json!(d)
                }
                Intersecting => {
                    let pair = (0..sets.len())
                        .flat_map(|a| (a + 1..sets.len()).map(move |b| (a, b)))
                        .find(|&(a, b)| meet(&sets[a], &sets[b]) == 0);
                    json!({"intersecting": pair.is_none(), "disjoint_pair": pair.map(|(a, b)| [a, b])})
                }
                Covering => {
                    let mut hit = vec![false; n];
                    sets.iter().flatten().for_each(|&x| hit[x] = true);
                    let uncovered: Vec<usize> = (0..n).filter(|&x| !hit[x]).collect();
                    json!({"covering": uncovered.is_empty(), "uncovered": uncovered})
                }
                Dual => {
                    let mut d: Vec<Vec<usize>> = vec![vec![]; n];
                    for (j, s) in sets.iter().enumerate() {
                        s.iter().for_each(|&x| d[x].push(j));
                    }
                    json!({"points": sets.len(), "sets": d})
                }
                EdgeIntersections => json!(
                    (0..sets.len())
                        .flat_map(|a| (a + 1..sets.len()).map(move |b| (a, b)))
                        .map(|(a, b)| json!([a, b, meet(&sets[a], &sets[b])]))
                        .collect::<Vec<_>>()
                ),
                IntersectionGraph => json!(
                    (0..sets.len())
                        .flat_map(|a| (a + 1..sets.len()).map(move |b| (a, b)))
                        .filter(|&(a, b)| meet(&sets[a], &sets[b]) > 0)
                        .map(|(a, b)| [a, b])
                        .collect::<Vec<_>>()
                ),
                CliqueExpansion => {
                    let mut e: BTreeSet<[usize; 2]> = BTreeSet::new();
                    for s in &sets {
                        for (k, &x) in s.iter().enumerate() {
                            for &y in &s[k + 1..] {
                                e.insert([x, y]);
                            }
                        }
                    }
                    json!(e)
                }
                IncidenceGraph => json!(
                    sets.iter()
                        .enumerate()
                        .flat_map(|(j, e)| e.iter().map(move |&p| [p, n + j]))
                        .collect::<BTreeSet<_>>()
                ),
                MinimumTransversal => {
                    let m = masks(&sets);
                    if m.contains(&0) {
                        json!({"exists": false})
                    } else {
                        let mut best = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
                        min_transversal(&m, 0, 0, &mut best, &mut 0, ctx)?;
                        json!({"exists": true, "size": best.count_ones(), "transversal": bits(best)})
                    }
                }
                MinimalTransversals => {
                    let m = masks(&sets);
                    let t =
                        if m.contains(&0) { vec![] } else { minimal_transversals(&m, i.max_size.unwrap_or(n), ctx)? };
                    json!(t.iter().map(|&x| bits(x)).collect::<Vec<_>>())
                }
                MaximumMatching => {
                    let m = masks(&sets);
                    let mut best = vec![];
                    max_matching(&m, 0, 0, &mut vec![], &mut best, &mut 0, ctx)?;
                    json!({"size": best.len(), "edges": best})
                }
                IndependenceNumber => {
                    // The complement of a minimum transversal is a maximum independent set.
                    let m = masks(&sets);
                    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
                    if m.contains(&0) {
                        json!({"independence_number": null, "note": "an empty edge is contained in every set"})
                    } else {
                        let mut best = all;
                        min_transversal(&m, 0, 0, &mut best, &mut 0, ctx)?;
                        let ind = all & !best;
                        json!({"independence_number": ind.count_ones(), "set": bits(ind)})
                    }
                }
                ExactCover => {
                    let cover = super::exact_cover::first_cover(n, &sets, ctx)?;
                    json!({"exists": cover.is_some(), "cover": cover})
                }
                MaximumWeightPacking => {
                    let w = weights(&i.edge_weights, sets.len());
                    search::max_weight_packing(&masks(&sets), &w, ctx)?
                }
                MaximumWeightIndependentSet => {
                    let w = weights(&i.point_weights, n);
                    search::max_weight_independent(&masks(&sets), n, &w, ctx)?
                }
                Colourable => search::proper_colouring(&masks(&sets), n, i.colours.unwrap_or(2), ctx)?,
                ColouringProfile => search::colouring_profile(&sets, i.colouring.as_deref().unwrap_or_default()),
                InducedTypes => search::induced_types(&sets, n, i.type_size.unwrap_or(1), ctx)?,
                RandomSubsets => {
                    let p = i.probability.as_ref().map(Rational::value).unwrap_or_default();
                    search::random_subsets(&masks(&sets), n, &p, ctx)?
                }
            };
            out.insert(key(p), v);
        }
        Ok(out.into())
    }
}

/// A property of a latin square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LatinProperty {
    /// Whether the rows form a latin square; the first repeat if not.
    Check,
    /// The transpose.
    Transpose,
    /// Whether orthogonal to `other` (all n² ordered pairs of symbols distinct).
    Orthogonal,
    /// The reduced (normalized) square isotopic to it: first row and column 0..n−1.
    Reduced,
    /// Number of intercalates (2 × 2 latin subsquares).
    Intercalates,
    /// The multiset of cycle types of the row permutations r_i⁻¹ r_j (i < j): invariant under isotopy.
    RowCycleTypes,
    /// Whether symmetric (a commutative quasigroup).
    Symmetric,
    /// Whether idempotent (L[i][i] = i).
    Idempotent,
}

/// Input of `latin_square.compute.properties`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LatinInput {
    /// The rows (symbols 0..n−1).
    #[schemars(length(min = 1, max = 256))]
    pub rows: Vec<Vec<usize>>,
    /// A second latin square, for `orthogonal`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub other: Option<LatinSquare>,
    /// What to compute.
    #[schemars(length(min = 1))]
    pub properties: Vec<LatinProperty>,
}

/// `latin_square.compute.properties`.
pub struct LatinSquares;

/// The cycle lengths of a permutation of 0..n, in increasing order.
pub(crate) fn cycle_type(p: &[usize]) -> Vec<usize> {
    let mut seen = vec![false; p.len()];
    let mut t = vec![];
    for s in 0..p.len() {
        if !seen[s] {
            let mut len = 0;
            let mut x = s;
            while !seen[x] {
                seen[x] = true;
                x = p[x];
                len += 1;
            }
            t.push(len);
        }
    }
    t.sort_unstable();
    t
}

impl Query for LatinSquares {
    type Input = LatinInput;
    type Output = Map<String, Value>;

    fn describe(&self) -> Describe {
        cas::describe(
            "latin_square.compute.properties",
            "Latin square properties",
            "Check a latin square (first repeated symbol), orthogonality of two squares, transpose, reduced form, intercalates, and row-cycle types as isotopy invariants.",
            "Natively on squares of order ≤ 256 over symbols 0..n−1: `properties` selects check (the pointer of the \
             first repeat in a row or column), transpose, orthogonal (to `other`), reduced, intercalates, \
             row_cycle_types (the multiset of cycle types of r_i⁻¹r_j, an isotopy invariant), symmetric, idempotent.",
            &["latin-square", "orthogonal", "mols", "quasigroup", "isotopy", "intercalate", "transpose", "reduced"],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("sets.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "Two orthogonal latin squares of order 3",
            Mode::Explore,
            json!({"rows": [[0, 1, 2], [1, 2, 0], [2, 0, 1]], "other": {"rows": [[0, 1, 2], [2, 0, 1], [1, 2, 0]]}, "properties": ["check", "orthogonal", "intercalates"]}),
        )]
    }
    fn validate(&self, i: &LatinInput) -> Result<(), Diagnostic> {
        let only_check = i.properties.iter().all(|p| *p == LatinProperty::Check);
        if !only_check && let Some((path, code, message)) = LatinSquare::defect(&i.rows) {
            return Err(Diagnostic::at(path, code, message));
        }
        if i.properties.contains(&LatinProperty::Orthogonal) {
            match &i.other {
                None => return Err(Diagnostic::at("/other", "MISSING_FIELD", "orthogonality needs `other`")),
                Some(o) => {
                    if let Some((path, code, message)) = LatinSquare::defect(&o.rows) {
                        return Err(Diagnostic::at(format!("/other{path}"), code, message));
                    }
                    if o.rows.len() != i.rows.len() {
                        return Err(Diagnostic::at("/other/rows", "WRONG_SHAPE", "the same order"));
                    }
                }
            }
        }
        Ok(())
    }
    fn answer(&self, i: &LatinInput, ctx: &AdapterContext) -> Result<Answer<Map<String, Value>>, AdapterError> {
        let l = &i.rows;
        let n = l.len();
        let mut out = Map::new();
        for p in &i.properties {
            ctx.checkpoint()?;
            let v = match p {
                LatinProperty::Check => match LatinSquare::defect(l) {
                    None => json!({"latin": true}),
                    Some((path, code, message)) => {
                        json!({"latin": false, "defect": {"pointer": path, "code": code, "message": message}})
                    }
                },
                LatinProperty::Transpose => {
                    json!((0..n).map(|j| (0..n).map(|r| l[r][j]).collect::<Vec<_>>()).collect::<Vec<_>>())
                }
                LatinProperty::Orthogonal => {
                    let m = &i.other.as_ref().map(|o| o.rows.clone()).unwrap_or_default();
                    let mut seen = vec![false; n * n];
                    let clash = (0..n)
                        .flat_map(|r| (0..n).map(move |c| (r, c)))
                        .find(|&(r, c)| std::mem::replace(&mut seen[l[r][c] * n + m[r][c]], true));
                    json!({"orthogonal": clash.is_none(), "repeated_pair_at": clash.map(|(r, c)| [r, c])})
                }
                LatinProperty::Reduced => {
                    // Relabel symbols so the first row is 0..n−1, then sort rows by their first entry.
                    let mut relabel = vec![0usize; n];
                    for (j, &s) in l[0].iter().enumerate() {
                        relabel[s] = j;
                    }
                    let mut rows: Vec<Vec<usize>> = l.iter().map(|r| r.iter().map(|&s| relabel[s]).collect()).collect();
                    rows.sort_by_key(|r| r[0]);
                    json!(rows)
                }
                LatinProperty::Intercalates => {
                    let mut count = 0u64;
                    for r1 in 0..n {
                        for r2 in r1 + 1..n {
                            for c1 in 0..n {
                                for c2 in c1 + 1..n {
                                    if l[r1][c1] == l[r2][c2] && l[r1][c2] == l[r2][c1] {
                                        count += 1;
                                    }
                                }
                            }
                        }
                    }
                    json!(count)
                }
                LatinProperty::RowCycleTypes => {
                    let mut types: Vec<Vec<usize>> = vec![];
                    for a in 0..n {
                        let mut inv = vec![0usize; n];
                        for (c, &s) in l[a].iter().enumerate() {
                            inv[s] = c;
                        }
                        for b in a + 1..n {
                            // σ(s) = L[b][column of s in row a].
                            let sigma: Vec<usize> = (0..n).map(|s| l[b][inv[s]]).collect();
                            types.push(cycle_type(&sigma));
                        }
                    }
                    types.sort();
                    let mut counted: Vec<Value> = vec![];
                    let mut k = 0;
                    while k < types.len() {
                        let m = types[k..].iter().take_while(|t| **t == types[k]).count();
                        counted.push(json!({"cycle_type": types[k], "count": m}));
                        k += m;
                    }
                    json!(counted)
                }
                LatinProperty::Symmetric => json!((0..n).all(|r| (0..n).all(|c| l[r][c] == l[c][r]))),
                LatinProperty::Idempotent => json!((0..n).all(|r| l[r][r] == r)),
            };
            out.insert(key(p), v);
        }
        Ok(out.into())
    }
    fn bounds(&self, i: &LatinInput) -> Result<(), Refusal> {
        if i.properties.contains(&LatinProperty::Intercalates) && i.rows.len() > 128 {
            return Err(super::too_large("/rows", "intercalates for order ≤ 128"));
        }
        Ok(())
    }
}
