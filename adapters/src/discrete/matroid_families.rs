//! `matroid.construct.standard`: standard matroids as inputs for `matroid.compute.properties` —
//! uniform matroids U_{k,n} and the Vámos matroid by their bases; graphic matroids of a graph
//! (complete graphs, wheels, or given edges) by signed incidence matrices over Q; the Fano and
//! non-Fano planes, projective geometries PG(r − 1, p) and affine geometries AG(r, p) by matrices
//! over F_p or Q.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::native;
use crate::cas::{self, Answer, Query};

/// Most elements (the bound of the matroid object).
pub const MAX_ELEMENTS: usize = 64;
/// Most bases listed for a matroid given by bases.
pub const MAX_BASES: u64 = 20_000;

/// A family of matroids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Family {
    /// U_{k,n}: every k-subset of n elements is a basis.
    Uniform,
    /// The Vámos matroid V₈ (rank 4, not representable over any field).
    Vamos,
    /// The cycle matroid of K_n.
    CompleteGraph,
    /// The cycle matroid of the wheel W_n (a hub and an n-cycle).
    Wheel,
    /// The cycle matroid of the graph with `edges` on vertices 0..n−1.
    Graphic,
    /// The Fano plane PG(2, 2), over F_2.
    Fano,
    /// The non-Fano matroid (seven points, one fewer line), over Q.
    NonFano,
    /// PG(r − 1, p): the points of the projective space of F_p^r, over F_p.
    ProjectiveGeometry,
    /// AG(r, p): the points of the affine space F_p^r, over F_p.
    AffineGeometry,
}

/// Input of `matroid.construct.standard`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MatroidFamilyInput {
    /// The family.
    pub family: Family,
    /// n: elements (uniform), vertices (complete_graph, graphic), spokes (wheel).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub n: Option<usize>,
    /// k: the rank of a uniform matroid; r: the dimension of a geometry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<usize>,
    /// The prime p of a geometry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p: Option<u64>,
    /// The edges [u, v] of a graphic matroid (no loops needed; parallel edges allowed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edges: Option<Vec<[usize; 2]>>,
}

/// `matroid.construct.standard`.
pub struct MatroidFamilies;

fn is_prime(p: u64) -> bool {
    p >= 2 && (2..).take_while(|d| d * d <= p).all(|d| !p.is_multiple_of(d))
}

/// The edges of the family's graph and its vertex count, for the graphic families.
fn graph(i: &MatroidFamilyInput) -> (usize, Vec<[usize; 2]>) {
    let n = i.n.unwrap_or(0);
    match i.family {
        Family::CompleteGraph => (n, (0..n).flat_map(|a| (a + 1..n).map(move |b| [a, b])).collect()),
        // Hub 0, rim 1..=n: spokes then rim edges.
        Family::Wheel => (n + 1, (1..=n).map(|a| [0, a]).chain((1..=n).map(|a| [a, a % n + 1])).collect()),
        _ => (n, i.edges.clone().unwrap_or_default()),
    }
}

fn check(i: &MatroidFamilyInput) -> Result<(), Diagnostic> {
    let need = |field: &str, v: bool| {
        if v {
            Ok(())
        } else {
            Err(Diagnostic::at(format!("/{field}"), "MISSING", format!("this family needs {field}")))
        }
    };
    let unused = |field: &str, present: bool| {
        if present {
            Err(Diagnostic::at(format!("/{field}"), "UNUSED", "this family does not take it"))
        } else {
            Ok(())
        }
    };
    let (n, rank, p, edges) = (i.n.is_some(), i.rank.is_some(), i.p.is_some(), i.edges.is_some());
    match i.family {
        Family::Uniform => {
            need("n", n)?;
            need("rank", rank)?;
            unused("p", p)?;
            unused("edges", edges)?;
            let (n, k) = (i.n.unwrap_or(0), i.rank.unwrap_or(0));
            if n > MAX_ELEMENTS {
                return Err(Diagnostic::at("/n", "TOO_LARGE", format!("at most {MAX_ELEMENTS} elements")));
            }
            if k > n {
                return Err(Diagnostic::at("/rank", "OUT_OF_RANGE", format!("0 ≤ k ≤ n = {n}")));
            }
            if crate::counting::binomial_saturating(n as u64, k as u64) > u128::from(MAX_BASES) {
                return Err(Diagnostic::at("/n", "TOO_LARGE", format!("C(n, k) ≤ {MAX_BASES} bases")));
            }
        }
        Family::Vamos | Family::Fano | Family::NonFano => {
            unused("n", n)?;
            unused("rank", rank)?;
            unused("p", p)?;
            unused("edges", edges)?;
        }
        Family::CompleteGraph | Family::Wheel | Family::Graphic => {
            need("n", n)?;
            unused("rank", rank)?;
            unused("p", p)?;
            if i.family == Family::Graphic {
                need("edges", edges)?
            } else {
                unused("edges", edges)?
            }
            let (v, es) = graph(i);
            if es.len() > MAX_ELEMENTS || v > 2_000 {
                return Err(Diagnostic::at("/n", "TOO_LARGE", format!("at most {MAX_ELEMENTS} edges")));
            }
            for (k, e) in es.iter().enumerate() {
                if e[0] >= v || e[1] >= v {
                    return Err(Diagnostic::at(
                        format!("/edges/{k}"),
                        "OUT_OF_RANGE",
                        format!("vertices 0..{}", v.saturating_sub(1)),
                    ));
                }
            }
        }
        Family::ProjectiveGeometry | Family::AffineGeometry => {
            need("rank", rank)?;
            need("p", p)?;
            unused("n", n)?;
            unused("edges", edges)?;
            let (r, q) = (i.rank.unwrap_or(0) as u32, i.p.unwrap_or(0));
            if !is_prime(q) {
                return Err(Diagnostic::at("/p", "NOT_PRIME", "a prime p"));
            }
            let size = if i.family == Family::ProjectiveGeometry {
                q.checked_pow(r).map(|x| (x - 1) / (q - 1))
            } else {
                q.checked_pow(r)
            };
            if r == 0 || size.is_none_or(|s| s > MAX_ELEMENTS as u64) {
                return Err(Diagnostic::at("/rank", "TOO_LARGE", format!("r ≥ 1 and at most {MAX_ELEMENTS} points")));
            }
        }
    }
    Ok(())
}

/// Vectors of F_p^r in lexicographic order (most significant first).
fn vectors(r: usize, p: u64) -> Vec<Vec<u64>> {
    let mut out = vec![vec![]];
    for _ in 0..r {
        out = out.into_iter().flat_map(|v| (0..p).map(move |x| [v.clone(), vec![x]].concat())).collect();
    }
    out
}

/// Columns → a matrix object (rows) over `ring`.
fn matrix(columns: &[Vec<i64>], rows: usize, ring: &str) -> Value {
    let m: Vec<Vec<i64>> = (0..rows).map(|i| columns.iter().map(|c| c[i]).collect()).collect();
    json!({"ring": ring, "shape": [rows, columns.len()], "rows": m})
}

impl Query for MatroidFamilies {
    type Input = MatroidFamilyInput;
    type Output = Value;

    fn describe(&self) -> Describe {
        cas::describe(
            "matroid.construct.standard",
            "Standard matroids: uniform, graphic, wheels, Fano, non-Fano, Vámos, projective and affine geometries",
            "Builds a standard matroid for matroid.compute.properties: uniform U_{k,n}, the cycle matroid of a graph, K_n or a wheel, the Fano and non-Fano planes, the Vámos matroid, PG(r−1, p) and AG(r, p).",
            "Natively, on at most 64 elements: U_{k,n} and the Vámos matroid by their bases; cycle matroids of K_n, \
             wheels and given graphs by signed incidence matrices over Q; the Fano plane over F_2 and the non-Fano \
             matroid over Q; PG(r − 1, p) (one normalized vector per line of F_p^r) and AG(r, p) (the vectors (1, v)) \
             over F_p. The `matroid` output is the input of matroid.compute.properties, with the rank.",
            &[
                "matroid",
                "uniform-matroid",
                "graphic-matroid",
                "fano",
                "vamos",
                "projective-geometry",
                "affine-geometry",
                "wheel",
                "construct",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("matroid_families.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("the Fano plane", Mode::Explore, json!({"family": "fano"})),
            ("U_{2,4}", Mode::Explore, json!({"family": "uniform", "n": 4, "rank": 2})),
            ("the cycle matroid of K_4", Mode::Explore, json!({"family": "complete_graph", "n": 4})),
        ]
    }
    fn validate(&self, i: &MatroidFamilyInput) -> Result<(), Diagnostic> {
        check(i)
    }
    fn bounds(&self, _: &MatroidFamilyInput) -> Result<(), Refusal> {
        Ok(())
    }
    fn answer(&self, i: &MatroidFamilyInput, ctx: &AdapterContext) -> Result<Answer<Value>, AdapterError> {
        ctx.checkpoint()?;
        let (elements, rank, matroid) = match i.family {
            Family::Uniform => {
                let (n, k) = (i.n.unwrap_or(0), i.rank.unwrap_or(0));
                // The k-subsets in lexicographic order (C(n, k) ≤ 20,000 by validation).
                let mut bases: Vec<Vec<usize>> = vec![];
                let mut c: Vec<usize> = (0..k).collect();
                loop {
                    bases.push(c.clone());
                    let Some(j) = (0..k).rev().find(|&j| c[j] < n - k + j) else { break };
                    c[j] += 1;
                    for t in j + 1..k {
                        c[t] = c[t - 1] + 1;
                    }
                }
                (n, k, json!({"elements": n, "bases": bases}))
            }
            Family::Vamos => {
                // Pairs {0,1}, {2,3}, {4,5}, {6,7}; four of the unions of two pairs are dependent
                // ({4,5,6,7} is a basis), together with {0,1,2,3}: five non-bases in all.
                let pairs = [[0, 1], [2, 3], [4, 5], [6, 7]];
                let dependent: Vec<Vec<usize>> = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3)]
                    .iter()
                    .map(|&(a, b)| {
                        let mut s = [pairs[a], pairs[b]].concat();
                        s.sort_unstable();
                        s
                    })
                    .collect();
                let mut bases = vec![];
                for m in 0u32..256 {
                    if m.count_ones() == 4 {
                        let s: Vec<usize> = (0..8).filter(|b| m >> b & 1 == 1).collect();
                        if !dependent.contains(&s) {
                            bases.push(s);
                        }
                    }
                }
                (8, 4, json!({"elements": 8, "bases": bases}))
            }
            Family::CompleteGraph | Family::Wheel | Family::Graphic => {
                let (v, es) = graph(i);
                let columns: Vec<Vec<i64>> = es
                    .iter()
                    .map(|&[a, b]| {
                        let mut c = vec![0i64; v];
                        if a != b {
                            c[a] = 1;
                            c[b] = -1;
                        }
                        c
                    })
                    .collect();
                // Rank: vertices minus connected components of the graph on its edges.
                let mut parent: Vec<usize> = (0..v).collect();
                fn root(p: &mut [usize], x: usize) -> usize {
                    let mut r = x;
                    while p[r] != r {
                        r = p[r];
                    }
                    p[x] = r;
                    r
                }
                let mut rank = 0;
                for &[a, b] in &es {
                    let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
                    if ra != rb {
                        parent[ra] = rb;
                        rank += 1;
                    }
                }
                (es.len(), rank, json!({"elements": es.len(), "matrix": matrix(&columns, v, "Q")}))
            }
            Family::Fano | Family::NonFano => {
                let columns: Vec<Vec<i64>> =
                    vectors(3, 2).into_iter().skip(1).map(|c| c.into_iter().map(|x| x as i64).collect()).collect();
                let ring = if i.family == Family::Fano { "F_2" } else { "Q" };
                (7, 3, json!({"elements": 7, "matrix": matrix(&columns, 3, ring)}))
            }
            Family::ProjectiveGeometry | Family::AffineGeometry => {
                let (r, p) = (i.rank.unwrap_or(1), i.p.unwrap_or(2));
                let columns: Vec<Vec<i64>> = if i.family == Family::ProjectiveGeometry {
                    // Normalized: the first non-zero coordinate is 1.
                    vectors(r, p)
                        .into_iter()
                        .filter(|v| v.iter().find(|&&x| x != 0) == Some(&1))
                        .map(|v| v.into_iter().map(|x| x as i64).collect())
                        .collect()
                } else {
                    vectors(r, p)
                        .into_iter()
                        .map(|v| [vec![1i64], v.into_iter().map(|x| x as i64).collect()].concat())
                        .collect()
                };
                let rows = if i.family == Family::ProjectiveGeometry { r } else { r + 1 };
                let ring = format!("F_{p}");
                (columns.len(), rows, json!({"elements": columns.len(), "matrix": matrix(&columns, rows, &ring)}))
            }
        };
        Ok(json!({"family": i.family, "elements": elements, "rank": rank, "matroid": matroid}).into())
    }
}
