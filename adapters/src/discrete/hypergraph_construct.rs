//! `hypergraph.construct`: the set systems that extremal questions are asked about, built
//! natively as a `system` that `hypergraph.compute.properties` takes as it is — k-term arithmetic
//! progressions in {1, …, n}, k-term progressions in a finite abelian group Z_m1 × ⋯ × Z_mr (in
//! Z_3^r, the lines whose independent sets are cap sets), corners of axis-aligned squares in an
//! n × n grid, and sunflowers.

use jacobian_runtime::adapter::{AdapterContext, AdapterError};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::native;
use crate::cas::{self, Answer, Query};

/// Most edges of a constructed system.
pub const MAX_EDGES: usize = 100_000;
/// Most points of a constructed system.
pub const MAX_POINTS: usize = 10_000;

/// The family to build.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Family {
    /// The k-term arithmetic progressions {a, a + d, …, a + (k − 1)d} ⊆ {1, …, n}, d ≥ 1; point
    /// i stands for the integer i + 1.
    ArithmeticProgressions {
        /// n.
        n: usize,
        /// k ≥ 2.
        k: usize,
    },
    /// The k-term progressions {x, x + d, …, x + (k − 1)d} of k distinct elements in
    /// Z_m1 × ⋯ × Z_mr, d ≠ 0; point i is the element whose mixed-radix digits (last modulus
    /// fastest) are i's.
    GroupProgressions {
        /// The moduli m_1, …, m_r (each ≥ 2).
        moduli: Vec<usize>,
        /// k ≥ 3.
        k: usize,
    },
    /// The corners {(i, j), (i + s, j), (i, j + s), (i + s, j + s)}, s ≥ 1, of axis-aligned
    /// squares in the n × n grid; point i·n + j is (i, j).
    SquareCorners {
        /// n.
        n: usize,
    },
    /// A sunflower: `petals` sets, each a common core of `core` points and `petal` points of
    /// its own (pairwise intersections are exactly the core).
    Sunflower {
        /// The number of sets.
        petals: usize,
        /// The core's size.
        core: usize,
        /// The points each set has outside the core.
        petal: usize,
    },
    /// Triples of distinct integers in {1, …, n}: `schur` {x, y, x + y} (independent sets are
    /// sum-free), or `divisibility` {a, b, c} with a + b dividing c (independent sets have no
    /// a + b | c, as in Erdős and Sárközy's problem); point i stands for i + 1.
    SumTriples {
        /// n (at most 2,000).
        n: usize,
        /// `schur` or `divisibility`.
        relation: SumRelation,
    },
    /// The union relation of a family of sets: on the members 0..m−1 (m ≤ 400), the triples
    /// {a, b, c} of distinct members with S_a ∪ S_b = S_c.
    UnionTriples {
        /// The members S_0, …, S_(m−1), each a list of natural numbers.
        sets: Vec<Vec<u64>>,
    },
    /// For a colouring of the k-subsets of {0, …, n − 1} (n ≤ 64), the s-sets all of whose k-subsets
    /// have one colour: the monochromatic complete k-uniform subhypergraphs on s vertices.
    MonochromaticCliques {
        /// n.
        n: usize,
        /// k ≥ 1, the size of a coloured set.
        k: usize,
        /// s ≥ k, the size of a monochromatic clique.
        s: usize,
        /// A colour (natural number) per k-subset, in lexicographic order (C(n, k) entries).
        colours: Vec<u64>,
    },
}

/// The relation of `sum_triples`.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SumRelation {
    /// x + y = z.
    Schur,
    /// a + b divides c.
    Divisibility,
}

/// Input of `hypergraph.construct`.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConstructInput {
    /// The family.
    pub family: Family,
}

/// Output of `hypergraph.construct`: the edges sorted, each increasing.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ConstructOutput {
    /// The set system, as `hypergraph.compute.properties` takes it.
    pub system: Value,
    /// The number of edges.
    pub edges: usize,
    /// What each point stands for, when it is not itself (an integer or a tuple).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub labels: Option<Vec<Value>>,
    /// The colour of each edge, for monochromatic cliques.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edge_colours: Option<Vec<u64>>,
}

/// `hypergraph.construct`.
pub struct Construct;

/// The number of edges, computed before any is built.
fn count(f: &Family) -> Result<(usize, u128), Diagnostic> {
    Ok(match f {
        Family::ArithmeticProgressions { n, k } => {
            if *k < 2 || *n > MAX_POINTS {
                return Err(Diagnostic::at("/family/arithmetic_progressions", "OUT_OF_RANGE", "k ≥ 2, n ≤ 10,000"));
            }
            // Σ_d (n − (k − 1)d) over d ≥ 1 with (k − 1)d < n.
            let edges = (1..).take_while(|d| (k - 1) * d < *n).map(|d| (n - (k - 1) * d) as u128).sum();
            (*n, edges)
        }
        Family::GroupProgressions { moduli, k } => {
            let points = moduli.iter().try_fold(1usize, |a, &m| a.checked_mul(m)).unwrap_or(usize::MAX);
            if moduli.is_empty() || moduli.iter().any(|&m| m < 2) || *k < 3 || points > 2_000 {
                let m = "moduli ≥ 2 with at most 2,000 elements in all, k ≥ 3";
                return Err(Diagnostic::at("/family/group_progressions", "OUT_OF_RANGE", m));
            }
            // At most |G|·(|G| − 1)/2 progressions (each unordered one is met from both ends).
            (points, (points as u128) * (points as u128 - 1) / 2)
        }
        Family::SquareCorners { n } => {
            if *n > 100 {
                return Err(Diagnostic::at("/family/square_corners/n", "OUT_OF_RANGE", "n ≤ 100"));
            }
            (n * n, (1..*n).map(|s| ((n - s) * (n - s)) as u128).sum())
        }
        Family::Sunflower { petals, core, petal } => {
            let points = core + petals * petal;
            if *petals == 0 || points > MAX_POINTS || (*petal == 0 && *petals > 1) {
                let m = "at least one set, distinct sets (petal ≥ 1 when petals > 1), at most 10,000 points";
                return Err(Diagnostic::at("/family/sunflower", "OUT_OF_RANGE", m));
            }
            (points, *petals as u128)
        }
        Family::SumTriples { n, relation } => {
            if *n > 2_000 {
                return Err(Diagnostic::at("/family/sum_triples/n", "OUT_OF_RANGE", "n ≤ 2,000"));
            }
            let n = *n as u128;
            // Schur: fewer than n²/4 pairs x < y with x + y ≤ n; divisibility: for each pair a < b,
            // the multiples of a + b up to n, at most Σ n/(a + b) < n² log n / 4 — counted exactly below.
            let edges = match relation {
                SumRelation::Schur => (1..=n).map(|x| (x + 1..=n).filter(|y| x + y <= n).count() as u128).sum(),
                SumRelation::Divisibility => (3..=n).map(|s| (s - 1) / 2 * (n / s)).sum(),
            };
            (n as usize, edges)
        }
        Family::UnionTriples { sets } => {
            if sets.len() > 400 || sets.iter().any(|x| x.len() > 1_000) {
                let m = "at most 400 members of at most 1,000 elements";
                return Err(Diagnostic::at("/family/union_triples/sets", "OUT_OF_RANGE", m));
            }
            // Each pair {a, b} has one union, met by every c equal to it: at most C(m, 2) · m.
            let m = sets.len() as u128;
            (sets.len(), m * m.saturating_sub(1) / 2)
        }
        Family::MonochromaticCliques { n, k, s, colours } => {
            let at = "/family/monochromatic_cliques";
            if *n > 64 || *k == 0 || k > s || s > n {
                return Err(Diagnostic::at(at, "OUT_OF_RANGE", "1 ≤ k ≤ s ≤ n ≤ 64"));
            }
            let coloured = crate::counting::binomial_saturating(*n as u64, *k as u64);
            if colours.len() as u128 != coloured {
                let m = format!("one colour per k-subset: {coloured}");
                return Err(Diagnostic::at(format!("{at}/colours"), "WRONG_LENGTH", m));
            }
            let cliques = crate::counting::binomial_saturating(*n as u64, *s as u64);
            // Every k-subset of every s-set is looked up.
            if cliques.saturating_mul(crate::counting::binomial_saturating(*s as u64, *k as u64)) > 50_000_000 {
                let m = "at most 5·10^7 lookups: C(n, s)·C(s, k)";
                return Err(Diagnostic::at(at, "TOO_LARGE", m));
            }
            (*n, cliques)
        }
    })
}

/// The k-subsets of {0, …, n − 1} as bitmasks, in lexicographic order.
fn subsets(n: usize, k: usize) -> Vec<u64> {
    crate::counting::k_subsets(n, k).iter().map(|c| c.iter().fold(0u64, |m, &x| m | 1 << x)).collect()
}

fn check(f: &Family) -> Result<(), Diagnostic> {
    let (_, edges) = count(f)?;
    if edges > MAX_EDGES as u128 {
        return Err(Diagnostic::at("/family", "TOO_LARGE", format!("{edges} edges; at most {MAX_EDGES}")));
    }
    Ok(())
}

fn build(f: &Family, ctx: &AdapterContext) -> Result<ConstructOutput, AdapterError> {
    let (points, _) = count(f).map_err(|d| AdapterError::Unsupported(d.message))?;
    let mut sets: Vec<Vec<usize>> = vec![];
    let mut labels = None;
    let mut edge_colours = None;
    match f {
        Family::ArithmeticProgressions { n, k } => {
            for d in (1..).take_while(|d| (k - 1) * d < *n) {
                ctx.checkpoint()?;
                for a in 0..n - (k - 1) * d {
                    sets.push((0..*k).map(|j| a + j * d).collect());
                }
            }
            labels = Some((1..=*n).map(|i| json!(i)).collect());
        }
        Family::GroupProgressions { moduli, k } => {
            let digits = |mut i: usize| -> Vec<usize> {
                let mut out = vec![0; moduli.len()];
                for (slot, &m) in out.iter_mut().zip(moduli).rev() {
                    *slot = i % m;
                    i /= m;
                }
                out
            };
            let index = |v: &[usize]| v.iter().zip(moduli).fold(0, |acc, (&x, &m)| acc * m + x);
            let mut seen = std::collections::BTreeSet::new();
            for x in 0..points {
                ctx.checkpoint()?;
                let xv = digits(x);
                for d in 1..points {
                    let dv = digits(d);
                    let mut set: Vec<usize> = (0..*k)
                        .map(|j| {
                            index(
                                &xv.iter().zip(&dv).zip(moduli).map(|((a, b), m)| (a + j * b) % m).collect::<Vec<_>>(),
                            )
                        })
                        .collect();
                    set.sort_unstable();
                    set.dedup();
                    if set.len() == *k {
                        seen.insert(set);
                    }
                }
            }
            sets = seen.into_iter().collect();
            labels = Some((0..points).map(|i| json!(digits(i))).collect());
        }
        Family::SquareCorners { n } => {
            for s in 1..*n {
                ctx.checkpoint()?;
                for i in 0..n - s {
                    for j in 0..n - s {
                        sets.push(vec![i * n + j, i * n + j + s, (i + s) * n + j, (i + s) * n + j + s]);
                    }
                }
            }
            labels = Some((0..n * n).map(|p| json!([p / n, p % n])).collect());
        }
        Family::Sunflower { petals, core, petal } => {
            for t in 0..*petals {
                sets.push((0..*core).chain((0..*petal).map(|j| core + t * petal + j)).collect());
            }
        }
        Family::SumTriples { n, relation } => {
            for a in 1..=*n {
                ctx.checkpoint()?;
                for b in a + 1..=*n {
                    match relation {
                        SumRelation::Schur if a + b <= *n => sets.push(vec![a - 1, b - 1, a + b - 1]),
                        SumRelation::Divisibility => {
                            // c a multiple of a + b other than a and b (both are smaller than a + b).
                            sets.extend((1..=*n / (a + b)).map(|m| {
                                let mut t = vec![a - 1, b - 1, m * (a + b) - 1];
                                t.sort_unstable();
                                t
                            }));
                        }
                        _ => {}
                    }
                }
            }
            labels = Some((1..=*n).map(|i| json!(i)).collect());
        }
        Family::UnionTriples { sets: family } => {
            let members: Vec<std::collections::BTreeSet<u64>> =
                family.iter().map(|x| x.iter().copied().collect()).collect();
            let mut index: std::collections::BTreeMap<&std::collections::BTreeSet<u64>, Vec<usize>> =
                Default::default();
            members.iter().enumerate().for_each(|(c, x)| index.entry(x).or_default().push(c));
            for a in 0..members.len() {
                ctx.checkpoint()?;
                for b in a + 1..members.len() {
                    let union: std::collections::BTreeSet<u64> = members[a].union(&members[b]).copied().collect();
                    for &c in index.get(&union).into_iter().flatten() {
                        if c != a && c != b {
                            let mut t = vec![a, b, c];
                            t.sort_unstable();
                            sets.push(t);
                        }
                    }
                }
            }
            sets.sort_unstable();
            sets.dedup();
        }
        Family::MonochromaticCliques { n, k, s, colours } => {
            let colour: std::collections::HashMap<u64, u64> =
                subsets(*n, *k).into_iter().zip(colours.iter().copied()).collect();
            let mut found: Vec<(Vec<usize>, u64)> = vec![];
            for (step, clique) in subsets(*n, *s).into_iter().enumerate() {
                if step % 4_096 == 0 {
                    ctx.checkpoint()?;
                }
                let points: Vec<usize> = (0..64).filter(|i| clique >> i & 1 == 1).collect();
                let mut seen = None;
                let mono = subsets(*s, *k).into_iter().all(|sub| {
                    let mask = (0..*s).filter(|i| sub >> i & 1 == 1).fold(0u64, |m, i| m | 1 << points[i]);
                    let c = colour.get(&mask).copied();
                    *seen.get_or_insert(c) == c
                });
                if mono {
                    found.push((points, seen.flatten().unwrap_or(0)));
                }
            }
            edge_colours = Some(found.iter().map(|f| f.1).collect());
            sets = found.into_iter().map(|f| f.0).collect();
        }
    }
    if edge_colours.is_none() {
        sets.sort_unstable();
    }
    Ok(ConstructOutput { edges: sets.len(), system: json!({"points": points, "sets": sets}), labels, edge_colours })
}

impl Query for Construct {
    type Input = ConstructInput;
    type Output = ConstructOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "hypergraph.construct",
            "Hypergraphs of progressions, square corners, sunflowers, union triples and monochromatic cliques",
            "Builds hypergraphs of k-term progressions in {1..n} or an abelian group (cap sets), square corners, \
             sunflowers, Schur or divisibility triples, union triples A ∪ B = C, monochromatic cliques.",
            "Native constructions returning a `system` for hypergraph.compute.properties (whose independence \
             number is then the largest progression-free set, cap set or square-free grid set): k-APs \
             {a, a + d, …} in {1, …, n}; k-term progressions {x, x + d, …} of distinct elements in Z_m1 × ⋯ × Z_mr \
             (lines of Z_3^r for k = 3); the four corners of every axis-aligned square in an n × n grid; a \
             sunflower with a given number of petals, core size and petal size; Schur triples {x, y, x + y} and \
             divisibility triples {a, b, c} with a + b | c in {1, …, n}; the triples of members of a \
             family with S_a ∪ S_b = S_c (union-closure defects); for a colouring of the k-subsets of an n-set, \
             the s-sets all of whose k-subsets share a colour (Ramsey-type monochromatic cliques, with their \
             colours). Edge counts are computed and bounded before anything is built.",
            &[
                "hypergraph",
                "arithmetic-progression",
                "van-der-waerden",
                "roth",
                "cap-set",
                "progression-free",
                "square-corners",
                "grid",
                "sunflower",
                "set-system",
                "union-closed",
                "monochromatic-clique",
                "ramsey",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("hypergraph_construct.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "the 3-term arithmetic progressions in {1, …, 9}",
                Mode::Explore,
                json!({"family": {"arithmetic_progressions": {"n": 9, "k": 3}}}),
            ),
            (
                "the lines of Z_3 × Z_3",
                Mode::Explore,
                json!({"family": {"group_progressions": {"moduli": [3, 3], "k": 3}}}),
            ),
            ("square corners in a 4 × 4 grid", Mode::Explore, json!({"family": {"square_corners": {"n": 4}}})),
            (
                "a sunflower of 4 sets with a core of 2 points",
                Mode::Explore,
                json!({"family": {"sunflower": {"petals": 4, "core": 2, "petal": 3}}}),
            ),
        ]
    }
    fn validate(&self, i: &ConstructInput) -> Result<(), Diagnostic> {
        check(&i.family)
    }
    fn answer(&self, i: &ConstructInput, ctx: &AdapterContext) -> Result<Answer<ConstructOutput>, AdapterError> {
        Ok(build(&i.family, ctx)?.into())
    }
}
