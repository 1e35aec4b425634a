//! `topology.simplicial_complex.operation`: constructions on simplicial complexes given by their
//! facets (skeleta, links, stars, deletions, induced subcomplexes, cones, suspensions, joins,
//! barycentric subdivisions, connected components), computed natively on vertex sets.

use std::collections::BTreeSet;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::complex::SimplicialComplex;
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::homology::faces;
use crate::cas::{self, Answer, Query};

/// Most facets of a result.
pub const MAX_RESULT_FACETS: usize = 20_000;

/// The construction.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Construction {
    /// The faces of dimension at most `dimension`.
    Skeleton {
        /// The largest dimension kept.
        dimension: usize,
    },
    /// lk(σ) = {τ : τ ∩ σ = ∅, τ ∪ σ a face}.
    Link {
        /// A face σ.
        face: Vec<u32>,
    },
    /// The closed star: every face of a facet containing σ.
    Star {
        /// A face σ.
        face: Vec<u32>,
    },
    /// The faces not containing σ.
    Deletion {
        /// A face σ.
        face: Vec<u32>,
    },
    /// The faces whose vertices all lie in `vertices`.
    Induced {
        /// The vertex set.
        vertices: Vec<u32>,
    },
    /// The cone with a new vertex `apex`.
    Cone {
        /// A vertex not in the complex.
        apex: u32,
    },
    /// The suspension with two new vertices.
    Suspension {
        /// Two vertices not in the complex.
        apexes: [u32; 2],
    },
    /// The join with a complex on disjoint vertices.
    Join {
        /// The other complex.
        other: SimplicialComplex,
    },
    /// The barycentric subdivision: vertices are the faces, simplices the chains of faces.
    Barycentric,
    /// The vertex sets of the connected components.
    Components,
    /// The flag (clique) complex of the 1-skeleton: every set of pairwise adjacent vertices is a
    /// face. Given a graph's edges (and isolated vertices) as facets, its clique complex.
    FlagCompletion,
    /// The face poset: every non-empty face, by dimension, and the covering pairs σ ⋖ τ.
    FacePoset,
    /// The boundary of a pure complex: its codimension-one faces lying in an odd number of
    /// facets (the boundary mod 2; for a manifold with boundary, its boundary).
    Boundary,
    /// Elementary collapses made greedily, each removing a free codimension-one face σ with the
    /// only facet τ containing it, until none is left: the collapsed complex and the sequence.
    GreedyCollapse,
    /// One collapse: removes every face between `face` σ and `facet` τ, refused unless τ is a
    /// facet, σ ⊊ τ, and no other facet contains σ (σ is free).
    Collapse {
        /// The free face σ.
        face: Vec<u32>,
        /// The only facet τ containing it.
        facet: Vec<u32>,
    },
    /// The canonical form with the vertices relabelled 0, 1, … in increasing order.
    Relabel,
    /// Whether the facets, in the order given, are a shelling (Björner–Wachs: each facet meets
    /// the union of the earlier ones in a pure complex of codimension one).
    Shelling {
        /// Every facet, once, in the order to test.
        order: Vec<Vec<u32>>,
    },
}

/// Input of `topology.simplicial_complex.operation`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OperationInput {
    /// The complex.
    pub complex: SimplicialComplex,
    /// The construction.
    pub operation: Construction,
}

/// Output of `topology.simplicial_complex.operation`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct OperationOutput {
    /// The resulting complex's facets, canonical (none: the empty complex, or {∅} for the link
    /// of a facet).
    pub facets: Vec<Vec<u32>>,
    /// Its f-vector.
    pub f_vector: Vec<usize>,
    /// For the barycentric subdivision: the face of the complex each new vertex i stands for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vertex_faces: Option<Vec<Vec<u32>>>,
    /// For components: each component's vertices.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub components: Option<Vec<Vec<u32>>>,
    /// For the face poset: the non-empty faces, by dimension and then lexicographically.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub faces: Option<Vec<Vec<u32>>>,
    /// For the face poset: the covering pairs [i, j], faces[i] ⋖ faces[j].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub covers: Option<Vec<[usize; 2]>>,
    /// For collapses: each elementary collapse made, as [σ, τ].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub collapses: Option<Vec<[Vec<u32>; 2]>>,
    /// For the relabelling: the old label of each new vertex 0, 1, ….
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vertex_map: Option<Vec<u32>>,
    /// For the shelling test: whether the order is a shelling.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_shelling: Option<bool>,
    /// For the shelling test: the first position (0-based) whose facet breaks the condition.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_failure: Option<usize>,
}

/// `topology.simplicial_complex.operation`.
pub struct ComplexOperation;

fn complex(i: &OperationInput) -> Result<SimplicialComplex, Diagnostic> {
    SimplicialComplex::new(i.complex.facets.clone()).map_err(|d| d.under("/complex"))
}

fn vertices(c: &SimplicialComplex) -> BTreeSet<u32> {
    c.facets.iter().flatten().copied().collect()
}

fn sorted(v: &[u32]) -> Vec<u32> {
    let mut v = v.to_vec();
    v.sort_unstable();
    v.dedup();
    v
}

fn subset(a: &[u32], b: &[u32]) -> bool {
    a.iter().all(|x| b.binary_search(x).is_ok())
}

/// The canonical facets of the faces listed (empty faces dropped).
fn maximal(faces: Vec<Vec<u32>>) -> Vec<Vec<u32>> {
    let faces: Vec<Vec<u32>> = faces.into_iter().filter(|f| !f.is_empty()).collect();
    if faces.is_empty() {
        return vec![];
    }
    SimplicialComplex::new(faces).map(|c| c.facets).unwrap_or_default()
}

fn check(i: &OperationInput) -> Result<SimplicialComplex, Diagnostic> {
    let c = complex(i)?;
    let vs = vertices(&c);
    let face = |f: &[u32]| {
        let f = sorted(f);
        if f.is_empty() || !c.facets.iter().any(|g| subset(&f, g)) {
            return Err(Diagnostic::at("/operation", "NOT_A_FACE", "σ is a non-empty face of the complex"));
        }
        Ok(())
    };
    match &i.operation {
        Construction::Link { face: f } | Construction::Star { face: f } | Construction::Deletion { face: f } => {
            face(f)?
        }
        Construction::Cone { apex } if vs.contains(apex) => {
            return Err(Diagnostic::at("/operation/cone/apex", "NOT_NEW", "the apex is a new vertex"));
        }
        Construction::Suspension { apexes: [a, b] } if a == b || vs.contains(a) || vs.contains(b) => {
            return Err(Diagnostic::at("/operation/suspension/apexes", "NOT_NEW", "two distinct new vertices"));
        }
        Construction::Join { other } => {
            let o = SimplicialComplex::new(other.facets.clone()).map_err(|d| d.under("/operation/join/other"))?;
            if vertices(&o).iter().any(|v| vs.contains(v)) {
                return Err(Diagnostic::at("/operation/join/other", "NOT_DISJOINT", "the complexes share no vertex"));
            }
        }
        Construction::Collapse { face: f, facet } => {
            let (f, t) = (sorted(f), sorted(facet));
            let at = |p: &str, code: &str, m: &str| Err(Diagnostic::at(format!("/operation/collapse/{p}"), code, m));
            if !c.facets.contains(&t) {
                return at("facet", "NOT_A_FACET", "τ is a facet of the complex");
            }
            if f.is_empty() || f.len() >= t.len() || !subset(&f, &t) {
                return at("face", "NOT_A_PROPER_FACE", "σ is a non-empty proper face of τ");
            }
            if c.facets.iter().filter(|g| subset(&f, g)).count() > 1 {
                return at("face", "NOT_FREE", "σ lies in another facet besides τ, so it is not free");
            }
        }
        Construction::Boundary if c.facets.iter().any(|f| f.len() != c.facets[0].len()) => {
            return Err(Diagnostic::at("/complex", "NOT_PURE", "the boundary is taken of a pure complex"));
        }
        Construction::Shelling { order } => {
            let mut given: Vec<Vec<u32>> = order.iter().map(|f| sorted(f)).collect();
            given.sort();
            if given != c.facets {
                return Err(Diagnostic::at(
                    "/operation/shelling/order",
                    "NOT_THE_FACETS",
                    "the order lists every facet of the complex exactly once",
                ));
            }
        }
        _ => {}
    }
    Ok(c)
}

impl Query for ComplexOperation {
    type Input = OperationInput;
    type Output = OperationOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "topology.simplicial_complex.operation",
            "Constructions on simplicial complexes",
            "From a complex's facets: skeleton, link, star, deletion, induced subcomplex, cone, suspension, \
             join, barycentric subdivision, components, clique complex, face poset, boundary, collapses, shellings.",
            "Computes natively on vertex sets; results in canonical form (maximal facets, sorted) with their \
             f-vector. The flag completion is the clique complex of the 1-skeleton (give a graph's edges as \
             facets for its clique complex); the face poset lists faces and covering pairs; the boundary of a \
             pure complex is taken mod 2; greedy collapse removes free codimension-one faces until none is left \
             and returns the sequence; one collapse checks its face is free; the shelling test checks a facet \
             order (Björner–Wachs). Results have at most 20,000 facets.",
            &[
                "topology",
                "simplicial-complex",
                "skeleton",
                "link",
                "star",
                "cone",
                "suspension",
                "join",
                "barycentric-subdivision",
                "deletion",
                "induced-subcomplex",
                "components",
                "clique-complex",
                "flag-complex",
                "face-poset",
                "boundary",
                "collapse",
                "shelling",
            ],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("topology.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "the link of vertex 0 in the boundary of a tetrahedron",
            Mode::Explore,
            json!({"complex": {"facets": [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]]}, "operation": {"link": {"face": [0]}}}),
        )]
    }
    fn validate(&self, i: &OperationInput) -> Result<(), Diagnostic> {
        check(i).map(drop)
    }
    fn bounds(&self, i: &OperationInput) -> Result<(), Refusal> {
        let c = complex(i).map_err(Refusal::Unsupported)?;
        let estimate: u64 = match &i.operation {
            Construction::Barycentric => c.facets.iter().map(|f| (1..=f.len() as u64).product::<u64>()).sum(),
            Construction::Join { other } => (c.facets.len() * other.facets.len()) as u64,
            Construction::GreedyCollapse | Construction::Shelling { .. } if c.facets.len() > 2_000 => u64::MAX,
            // Maximal cliques of the 1-skeleton: bounded by the number of vertex subsets.
            Construction::FlagCompletion if vertices(&c).len() > 64 => u64::MAX,
            _ => c.face_bound(),
        };
        if estimate > MAX_RESULT_FACETS as u64 * 4 {
            let message = format!("the result could have {estimate} facets or faces; at most {MAX_RESULT_FACETS}");
            return Err(Refusal::Unsupported(Diagnostic::at("/operation", "TOO_LARGE", message)));
        }
        Ok(())
    }
    fn answer(&self, i: &OperationInput, ctx: &AdapterContext) -> Result<Answer<OperationOutput>, AdapterError> {
        let c = check(i).map_err(|d| AdapterError::Backend(d.message))?;
        let mut vertex_faces = None;
        let mut components = None;
        let mut extra = Extra::default();
        let facets = match &i.operation {
            Construction::Skeleton { dimension } => {
                maximal(faces(&c).into_iter().take(dimension + 1).flatten().collect())
            }
            Construction::Link { face } => {
                let s = sorted(face);
                let rest = c
                    .facets
                    .iter()
                    .filter(|f| subset(&s, f))
                    .map(|f| f.iter().filter(|v| !s.contains(v)).copied().collect());
                maximal(rest.collect())
            }
            Construction::Star { face } => {
                let s = sorted(face);
                maximal(c.facets.iter().filter(|f| subset(&s, f)).cloned().collect())
            }
            Construction::Deletion { face } => {
                let s = sorted(face);
                let mut kept = vec![];
                for f in &c.facets {
                    if subset(&s, f) {
                        kept.extend(s.iter().map(|v| f.iter().filter(|w| *w != v).copied().collect::<Vec<_>>()));
                    } else {
                        kept.push(f.clone());
                    }
                }
                maximal(kept)
            }
            Construction::Induced { vertices } => {
                let w = sorted(vertices);
                maximal(
                    c.facets
                        .iter()
                        .map(|f| f.iter().filter(|v| w.binary_search(v).is_ok()).copied().collect())
                        .collect(),
                )
            }
            Construction::Cone { apex } => {
                maximal(c.facets.iter().map(|f| [f.clone(), vec![*apex]].concat()).collect())
            }
            Construction::Suspension { apexes } => maximal(
                apexes.iter().flat_map(|a| c.facets.iter().map(move |f| [f.clone(), vec![*a]].concat())).collect(),
            ),
            Construction::Join { other } => {
                let o = SimplicialComplex::new(other.facets.clone()).map_err(|d| AdapterError::Backend(d.message))?;
                maximal(
                    c.facets
                        .iter()
                        .flat_map(|f| o.facets.iter().map(move |g| [f.clone(), g.clone()].concat()))
                        .collect(),
                )
            }
            Construction::Barycentric => {
                let all: Vec<Vec<u32>> = faces(&c).into_iter().flatten().collect();
                let index = |f: &Vec<u32>| all.iter().position(|g| g == f).unwrap_or(0) as u32;
                let mut chains = vec![];
                for f in &c.facets {
                    ctx.checkpoint()?;
                    // Each maximal chain is an ordering of f's vertices: the prefixes, sorted.
                    for order in permutations(f) {
                        let chain = (1..=order.len()).map(|k| index(&sorted(&order[..k]))).collect::<Vec<u32>>();
                        chains.push(chain);
                    }
                }
                vertex_faces = Some(all.clone());
                maximal(chains)
            }
            Construction::Components => {
                let vs: Vec<u32> = vertices(&c).into_iter().collect();
                let mut parent: Vec<usize> = (0..vs.len()).collect();
                fn root(p: &mut [usize], mut x: usize) -> usize {
                    while p[x] != x {
                        p[x] = p[p[x]];
                        x = p[x];
                    }
                    x
                }
                for f in &c.facets {
                    let first = vs.binary_search(&f[0]).unwrap_or(0);
                    for v in &f[1..] {
                        let (a, b) = (root(&mut parent, first), root(&mut parent, vs.binary_search(v).unwrap_or(0)));
                        parent[a] = b;
                    }
                }
                let mut groups: std::collections::BTreeMap<usize, Vec<u32>> = Default::default();
                for (k, v) in vs.iter().enumerate() {
                    let r = root(&mut parent, k);
                    groups.entry(r).or_default().push(*v);
                }
                let mut comps: Vec<Vec<u32>> = groups.into_values().collect();
                comps.sort();
                components = Some(comps);
                c.facets.clone()
            }
            Construction::FlagCompletion => flag_completion(&c, ctx)?,
            Construction::FacePoset => {
                let all: Vec<Vec<u32>> = faces(&c).into_iter().flatten().collect();
                let mut covers = vec![];
                for (j, t) in all.iter().enumerate() {
                    ctx.checkpoint()?;
                    for v in t.iter().filter(|_| t.len() > 1) {
                        let s: Vec<u32> = t.iter().filter(|w| *w != v).copied().collect();
                        if let Ok(i) = all.binary_search_by(|f| (f.len(), f).cmp(&(s.len(), &s))) {
                            covers.push([i, j]);
                        }
                    }
                }
                covers.sort_unstable();
                extra.faces = Some(all);
                extra.covers = Some(covers);
                c.facets.clone()
            }
            Construction::Boundary => {
                let mut count: std::collections::BTreeMap<Vec<u32>, usize> = Default::default();
                for f in c.facets.iter().filter(|f| f.len() > 1) {
                    for v in f {
                        *count.entry(f.iter().filter(|w| *w != v).copied().collect()).or_default() += 1;
                    }
                }
                maximal(count.into_iter().filter(|(_, n)| n % 2 == 1).map(|(f, _)| f).collect())
            }
            Construction::GreedyCollapse => {
                let (facets, collapses) = greedy_collapse(c.facets.clone(), ctx)?;
                extra.collapses = Some(collapses);
                facets
            }
            Construction::Collapse { face, facet } => {
                let (s, t) = (sorted(face), sorted(facet));
                let mut kept: Vec<Vec<u32>> = c.facets.iter().filter(|f| **f != t).cloned().collect();
                // The faces of τ that do not contain σ: τ minus one vertex of σ.
                kept.extend(s.iter().map(|v| t.iter().filter(|w| *w != v).copied().collect::<Vec<_>>()));
                extra.collapses = Some(vec![[s, t]]);
                maximal(kept)
            }
            Construction::Relabel => {
                let old: Vec<u32> = vertices(&c).into_iter().collect();
                let new = |v: &u32| old.binary_search(v).unwrap_or(0) as u32;
                extra.vertex_map = Some(old.clone());
                maximal(c.facets.iter().map(|f| f.iter().map(new).collect()).collect())
            }
            Construction::Shelling { order } => {
                let order: Vec<Vec<u32>> = order.iter().map(|f| sorted(f)).collect();
                let failure = (1..order.len()).find(|&j| {
                    let meets = maximal(order[..j].iter().map(|f| intersection(f, &order[j])).collect());
                    meets.is_empty() || meets.iter().any(|m| m.len() + 1 != order[j].len())
                });
                extra.is_shelling = Some(failure.is_none());
                extra.first_failure = failure;
                c.facets.clone()
            }
        };
        if facets.len() > MAX_RESULT_FACETS {
            return Err(AdapterError::Unsupported(format!("the result has more than {MAX_RESULT_FACETS} facets")));
        }
        let f_vector = match SimplicialComplex::new(facets.clone()) {
            Ok(r) => faces(&r).iter().map(Vec::len).collect(),
            Err(_) => vec![],
        };
        let Extra { faces, covers, collapses, vertex_map, is_shelling, first_failure } = extra;
        Ok(Answer::from(OperationOutput {
            facets,
            f_vector,
            vertex_faces,
            components,
            faces,
            covers,
            collapses,
            vertex_map,
            is_shelling,
            first_failure,
        }))
    }
}

/// The output fields only some constructions fill.
#[derive(Default)]
struct Extra {
    faces: Option<Vec<Vec<u32>>>,
    covers: Option<Vec<[usize; 2]>>,
    collapses: Option<Vec<[Vec<u32>; 2]>>,
    vertex_map: Option<Vec<u32>>,
    is_shelling: Option<bool>,
    first_failure: Option<usize>,
}

fn intersection(a: &[u32], b: &[u32]) -> Vec<u32> {
    a.iter().filter(|x| b.binary_search(x).is_ok()).copied().collect()
}

/// The maximal cliques of the complex's 1-skeleton (Bron–Kerbosch with a pivot, on bitsets of
/// at most 64 vertices), as facets.
fn flag_completion(c: &SimplicialComplex, ctx: &AdapterContext) -> Result<Vec<Vec<u32>>, AdapterError> {
    let vs: Vec<u32> = vertices(c).into_iter().collect();
    let mut adj = vec![0u64; vs.len()];
    for f in &c.facets {
        for (a, b) in f.iter().flat_map(|a| f.iter().map(move |b| (a, b))).filter(|(a, b)| a != b) {
            let (i, j) = (vs.binary_search(a).unwrap_or(0), vs.binary_search(b).unwrap_or(0));
            adj[i] |= 1 << j;
        }
    }
    let mut cliques = vec![];
    let all = if vs.len() == 64 { u64::MAX } else { (1u64 << vs.len()) - 1 };
    let mut stack = vec![(0u64, all, 0u64)];
    while let Some((r, p, x)) = stack.pop() {
        ctx.checkpoint()?;
        if p == 0 {
            if x == 0 {
                cliques.push((0..vs.len()).filter(|i| r >> i & 1 == 1).map(|i| vs[i]).collect());
                if cliques.len() > MAX_RESULT_FACETS {
                    return Err(AdapterError::Unsupported(format!("more than {MAX_RESULT_FACETS} maximal cliques")));
                }
            }
            continue;
        }
        let pivot = (p | x).trailing_zeros() as usize;
        let (mut p, mut x) = (p, x);
        let mut candidates = p & !adj[pivot];
        while candidates != 0 {
            let v = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            stack.push((r | 1 << v, p & adj[v], x & adj[v]));
            p &= !(1 << v);
            x |= 1 << v;
        }
    }
    Ok(maximal(cliques))
}

/// An elementary collapse [σ, τ].
type Collapse = [Vec<u32>; 2];

/// Elementary collapses made greedily: the first facet τ (in canonical order) with a free
/// codimension-one face σ = τ − v (v smallest first) is replaced by its other codimension-one
/// faces, until no facet has a free face.
fn greedy_collapse(
    mut facets: Vec<Vec<u32>>,
    ctx: &AdapterContext,
) -> Result<(Vec<Vec<u32>>, Vec<Collapse>), AdapterError> {
    let mut collapses = vec![];
    loop {
        ctx.checkpoint()?;
        let free = facets.iter().enumerate().filter(|(_, t)| t.len() > 1).find_map(|(k, t)| {
            t.iter().find_map(|v| {
                let s: Vec<u32> = t.iter().filter(|w| *w != v).copied().collect();
                facets.iter().enumerate().all(|(i, g)| i == k || !subset(&s, g)).then_some((k, *v, s))
            })
        });
        let Some((k, v, s)) = free else { break };
        let t = facets.remove(k);
        facets.extend(t.iter().filter(|w| **w != v).map(|w| t.iter().filter(|u| *u != w).copied().collect()));
        facets = maximal(facets);
        collapses.push([s, t]);
    }
    Ok((facets, collapses))
}

/// Every ordering of `v`.
fn permutations(v: &[u32]) -> Vec<Vec<u32>> {
    if v.len() <= 1 {
        return vec![v.to_vec()];
    }
    let mut out = vec![];
    for (i, x) in v.iter().enumerate() {
        let rest: Vec<u32> = v.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, y)| *y).collect();
        for mut p in permutations(&rest) {
            p.insert(0, *x);
            out.push(p);
        }
    }
    out
}
