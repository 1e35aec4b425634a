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
            "From a complex given by its facets: k-skeleton, link or closed star of a face, deletion, induced \
             subcomplex, cone, suspension, join, barycentric subdivision, components.",
            "Computes natively on vertex sets; results in canonical form (maximal facets, sorted) with their \
             f-vector. Results have at most 20,000 facets.",
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
        };
        if facets.len() > MAX_RESULT_FACETS {
            return Err(AdapterError::Unsupported(format!("the result has more than {MAX_RESULT_FACETS} facets")));
        }
        let f_vector = match SimplicialComplex::new(facets.clone()) {
            Ok(r) => faces(&r).iter().map(Vec::len).collect(),
            Err(_) => vec![],
        };
        Ok(Answer::from(OperationOutput { facets, f_vector, vertex_faces, components }))
    }
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
