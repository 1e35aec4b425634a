//! `topology.simplicial_complex.fundamental_group`: the edge-path group of a simplicial complex.
//! A spanning tree of the basepoint's component (breadth first, smaller vertices first) makes
//! each other edge u < v a generator and each triangle a relator; edge paths read as words in
//! those generators (tree edges are trivial), concatenate, move the basepoint (g ↦ c⁻¹·g·c for
//! the word c of the path), and simplicial maps induce homomorphisms, also of composites. The
//! abelianization (H₁) comes from the Smith form of the relation matrix on PARI/GP.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::complex::SimplicialComplex;
use jacobian_runtime::objects::matrix::{Dense, Ring, Scalar};
use jacobian_runtime::objects::permutation::{Word, print_word};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::complexes::{fail, read_complex};
use super::homology::chain_groups;
use crate::cas::{self, Answer, Query};
use crate::group::fp::free_reduce;

/// What to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FundamentalOperation {
    /// Generators, relators and the abelianization.
    Presentation,
    /// The word of an edge path (`path`).
    EdgePathWord,
    /// The concatenation of edge paths (`paths`), each starting where the previous ends.
    Concatenate,
    /// The isomorphism π₁(K, v) → π₁(K, w) along an edge path from v to w (`path`).
    BasepointChange,
    /// The homomorphism induced by a simplicial map (`stages`, one stage).
    InducedMap,
    /// The composite of simplicial maps (`stages`, several) and its induced homomorphism.
    Compose,
}

/// One simplicial map K → target, by vertex images.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Stage {
    /// The target complex.
    pub target: SimplicialComplex,
    /// [vertex, image] pairs, one per vertex of the source.
    pub map: Vec<[u32; 2]>,
}

/// Input of `topology.simplicial_complex.fundamental_group`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FundamentalInput {
    /// The complex, by its facets (at most 4,000 faces).
    pub complex: SimplicialComplex,
    /// The basepoint (default: the least vertex).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub basepoint: Option<u32>,
    /// What to compute.
    pub operation: FundamentalOperation,
    /// `edge_path_word`, `basepoint_change`: vertices, consecutive ones equal or joined by an edge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<Vec<u32>>,
    /// `concatenate`: edge paths.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paths: Option<Vec<Vec<u32>>>,
    /// `induced_map` (one) and `compose` (two or more): simplicial maps applied in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stages: Option<Vec<Stage>>,
}

/// A generator: the edge it stands for, oriented from the smaller vertex.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Generator {
    /// Its name.
    pub name: String,
    /// The edge [u, v], u < v.
    pub edge: [u32; 2],
}

/// A presentation of the edge-path group.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PresentationOutput {
    /// The basepoint.
    pub basepoint: u32,
    /// Generators: the edges of the basepoint's component outside the spanning tree.
    pub generators: Vec<Generator>,
    /// Relators: one per triangle of the component, freely reduced, the trivial ones dropped.
    pub relators: Vec<String>,
    /// The spanning tree's edges.
    pub tree: Vec<[u32; 2]>,
}

/// Output of `topology.simplicial_complex.fundamental_group`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FundamentalOutput {
    /// The presentation of π₁(K, basepoint).
    pub presentation: PresentationOutput,
    /// `presentation`: the abelian invariants of π₁ (0 for a free factor), that is H₁.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub abelianization: Option<Vec<String>>,
    /// The path read (`concatenate`: the concatenation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<Vec<u32>>,
    /// Its word in the generators ("1" when trivial).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub word: Option<String>,
    /// Whether the path is a loop at the basepoint (an element of π₁).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loop_at_basepoint: Option<bool>,
    /// `basepoint_change`: the new basepoint.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new_basepoint: Option<u32>,
    /// The homomorphism: each generator's image, by generator name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub images: Option<BTreeMap<String, String>>,
    /// `induced_map`, `compose`: the target's presentation at the image of the basepoint.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_presentation: Option<PresentationOutput>,
    /// `compose`: the composite vertex map.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub composite_map: Option<Vec<[u32; 2]>>,
    /// `compose`: the composite of the stages' induced homomorphisms, by substitution (equal to
    /// `images` in the group; equal as reduced words when no relator intervenes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub composed_images: Option<BTreeMap<String, String>>,
}

/// `topology.simplicial_complex.fundamental_group`.
pub struct FundamentalGroup;

/// The edge-path group data of one complex at one basepoint.
struct Pi1 {
    base: u32,
    edges: BTreeSet<[u32; 2]>,
    /// Generator index of each non-tree edge of the component.
    generator: BTreeMap<[u32; 2], usize>,
    /// Parent in the tree, for paths to the basepoint.
    parent: BTreeMap<u32, u32>,
    presentation: PresentationOutput,
    relators: Vec<Word>,
}

impl Pi1 {
    fn new(c: &SimplicialComplex, base: Option<u32>, at: &str) -> Result<Pi1, Diagnostic> {
        let (_, faces) = read_complex(c).map_err(|d| Diagnostic::at(at, d.code, d.message))?;
        let vertices: BTreeSet<u32> = faces[0].iter().map(|v| v[0]).collect();
        let base = match base {
            Some(b) if !vertices.contains(&b) => {
                return Err(Diagnostic::at("/basepoint", "NOT_A_VERTEX", "a vertex of the complex"));
            }
            Some(b) => b,
            None => *vertices.iter().next().ok_or_else(|| Diagnostic::at(at, "EMPTY", "a non-empty complex"))?,
        };
        let edges: BTreeSet<[u32; 2]> = faces.get(1).into_iter().flatten().map(|e| [e[0], e[1]]).collect();
        let mut adjacent: BTreeMap<u32, BTreeSet<u32>> = BTreeMap::new();
        for [u, v] in &edges {
            adjacent.entry(*u).or_default().insert(*v);
            adjacent.entry(*v).or_default().insert(*u);
        }
        let mut parent = BTreeMap::new();
        let mut seen = BTreeSet::from([base]);
        let mut queue = VecDeque::from([base]);
        let mut tree = BTreeSet::new();
        while let Some(u) = queue.pop_front() {
            for &v in adjacent.get(&u).into_iter().flatten() {
                if seen.insert(v) {
                    parent.insert(v, u);
                    tree.insert([u.min(v), u.max(v)]);
                    queue.push_back(v);
                }
            }
        }
        let mut generator = BTreeMap::new();
        let mut generators = vec![];
        for e in edges.iter().filter(|e| seen.contains(&e[0]) && !tree.contains(*e)) {
            generator.insert(*e, generators.len());
            generators.push(Generator { name: format!("g{}", generators.len() + 1), edge: *e });
        }
        let mut pi = Pi1 {
            base,
            edges,
            generator,
            parent,
            presentation: PresentationOutput {
                basepoint: base,
                generators,
                relators: vec![],
                tree: tree.into_iter().collect(),
            },
            relators: vec![],
        };
        for t in faces.get(2).into_iter().flatten().filter(|t| seen.contains(&t[0])) {
            let w = free_reduce(&[pi.step(t[0], t[1]), pi.step(t[1], t[2]), pi.step(t[2], t[0])].concat());
            if !w.is_empty() {
                pi.presentation.relators.push(pi.print(&w));
                pi.relators.push(w);
            }
        }
        Ok(pi)
    }

    /// The word of one step u → v (u = v or an edge).
    fn step(&self, u: u32, v: u32) -> Word {
        if u == v {
            return vec![];
        }
        let e = [u.min(v), u.max(v)];
        match self.generator.get(&e) {
            Some(&g) => vec![(g, if u < v { 1 } else { -1 })],
            None => vec![],
        }
    }

    /// The word of an edge path, or the index of its first bad step.
    fn word(&self, path: &[u32]) -> Result<Word, usize> {
        let mut w = vec![];
        for (k, pair) in path.windows(2).enumerate() {
            let (u, v) = (pair[0], pair[1]);
            if u != v && !self.edges.contains(&[u.min(v), u.max(v)]) {
                return Err(k + 1);
            }
            w.extend(self.step(u, v));
        }
        Ok(free_reduce(&w))
    }

    /// The tree path from the basepoint to v.
    fn tree_path(&self, v: u32) -> Vec<u32> {
        let mut p = vec![v];
        let mut x = v;
        while let Some(&u) = self.parent.get(&x) {
            p.push(u);
            x = u;
        }
        p.reverse();
        p
    }

    fn print(&self, w: &Word) -> String {
        let names: Vec<String> = self.presentation.generators.iter().map(|g| g.name.clone()).collect();
        print_word(w, &names)
    }

    /// The loop of generator g: tree path, the edge, tree path back.
    fn generator_loop(&self, g: usize) -> Vec<u32> {
        let [u, v] = self.presentation.generators[g].edge;
        let mut p = self.tree_path(u);
        let mut back = self.tree_path(v);
        back.reverse();
        p.extend(back);
        p
    }
}

fn inverse(w: &Word) -> Word {
    w.iter().rev().map(|&(g, e)| (g, -e)).collect()
}

/// A simplicial map's vertex images, checked against both complexes.
fn vertex_map(source: &SimplicialComplex, stage: &Stage, at: &str) -> Result<BTreeMap<u32, u32>, Diagnostic> {
    let (_, target_faces) =
        read_complex(&stage.target).map_err(|d| Diagnostic::at(format!("{at}/target"), d.code, d.message))?;
    let (_, source_faces) = read_complex(source)?;
    let map: BTreeMap<u32, u32> = stage.map.iter().map(|[a, b]| (*a, *b)).collect();
    let faces: BTreeSet<&Vec<u32>> = target_faces.iter().flatten().collect();
    for v in &source_faces[0] {
        if !map.contains_key(&v[0]) {
            return Err(Diagnostic::at(format!("{at}/map"), "NOT_TOTAL", format!("vertex {} has no image", v[0])));
        }
    }
    for f in &source.facets {
        let mut image: Vec<u32> = f.iter().filter_map(|v| map.get(v).copied()).collect();
        image.sort_unstable();
        image.dedup();
        if !faces.contains(&image) {
            return Err(Diagnostic::at(
                format!("{at}/map"),
                "NOT_SIMPLICIAL",
                format!("the facet {f:?} maps onto no face"),
            ));
        }
    }
    Ok(map)
}

fn request(i: &FundamentalInput) -> Result<Pi1, Diagnostic> {
    let pi = Pi1::new(&i.complex, i.basepoint, "/complex")?;
    let check_path = |p: &[u32], at: &str| -> Result<(), Diagnostic> {
        if p.is_empty() || p.len() > 10_000 {
            return Err(Diagnostic::at(at, "BAD_LENGTH", "1 to 10,000 vertices"));
        }
        pi.word(p).map(drop).map_err(|k| {
            Diagnostic::at(format!("{at}/{k}"), "NOT_AN_EDGE", "consecutive vertices equal or joined by an edge")
        })
    };
    use FundamentalOperation as Op;
    match i.operation {
        Op::EdgePathWord | Op::BasepointChange => {
            let p = i.path.as_ref().ok_or_else(|| Diagnostic::at("/path", "MISSING_FIELD", "an edge path"))?;
            check_path(p, "/path")?;
            if i.operation == Op::BasepointChange && p[0] != pi.base {
                return Err(Diagnostic::at("/path/0", "NOT_AT_BASEPOINT", "the path starts at the basepoint"));
            }
        }
        Op::Concatenate => {
            let ps = i.paths.as_ref().ok_or_else(|| Diagnostic::at("/paths", "MISSING_FIELD", "edge paths"))?;
            if ps.is_empty() || ps.len() > 64 {
                return Err(Diagnostic::at("/paths", "BAD_LENGTH", "1 to 64 paths"));
            }
            for (k, p) in ps.iter().enumerate() {
                check_path(p, &format!("/paths/{k}"))?;
                if k > 0 && ps[k - 1].last() != p.first() {
                    return Err(Diagnostic::at(
                        format!("/paths/{k}/0"),
                        "NOT_JOINED",
                        "each path starts where the previous ends",
                    ));
                }
            }
        }
        Op::InducedMap | Op::Compose => {
            let stages =
                i.stages.as_ref().ok_or_else(|| Diagnostic::at("/stages", "MISSING_FIELD", "simplicial maps"))?;
            let want = if i.operation == Op::InducedMap { 1..=1 } else { 2..=8 };
            if !want.contains(&stages.len()) {
                return Err(Diagnostic::at("/stages", "BAD_LENGTH", "one map for induced_map, 2 to 8 for compose"));
            }
            let mut source = i.complex.clone();
            for (k, s) in stages.iter().enumerate() {
                vertex_map(&source, s, &format!("/stages/{k}"))?;
                source = s.target.clone();
            }
        }
        Op::Presentation => {}
    }
    Ok(pi)
}

/// The homomorphism induced by a vertex map: each generator's loop, mapped, read in the target.
fn induced(pi: &Pi1, map: &BTreeMap<u32, u32>, target: &Pi1) -> BTreeMap<String, Word> {
    (0..pi.presentation.generators.len())
        .map(|g| {
            let image: Vec<u32> = pi.generator_loop(g).iter().map(|v| map[v]).collect();
            (pi.presentation.generators[g].name.clone(), target.word(&image).unwrap_or_default())
        })
        .collect()
}

impl Query for FundamentalGroup {
    type Input = FundamentalInput;
    type Output = FundamentalOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "topology.simplicial_complex.fundamental_group",
            "Fundamental group of a simplicial complex: presentation, edge-path words, induced maps",
            "The edge-path group π₁(K, v) of a simplicial complex: a presentation from a spanning tree, words of edge \
             paths, basepoint change, and homomorphisms induced by simplicial maps.",
            "Natively: a breadth-first spanning tree of the basepoint's component makes every other edge a \
             generator and every triangle a relator (freely reduced); an edge path reads as a word; paths \
             concatenate; a path from v to w gives the isomorphism g -> c^-1 g c; a simplicial map (checked to send \
             faces to faces) induces a homomorphism, and composites of several maps are composed both ways. The \
             abelianization, H_1, from the Smith form of the relation matrix on PARI/GP. Presentations feed \
             group.fp.compute.",
            &[
                "fundamental-group",
                "edge-path-group",
                "presentation",
                "simplicial-complex",
                "spanning-tree",
                "loops",
                "basepoint",
                "induced-homomorphism",
                "simplicial-map",
                "pi1",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "a presentation of the fundamental group of the 6-vertex projective plane",
                Mode::Explore,
                json!({"complex": {"facets": [[1, 2, 3], [1, 3, 4], [1, 4, 5], [1, 5, 6], [1, 2, 6], [2, 3, 5],
                    [3, 4, 6], [2, 4, 5], [3, 5, 6], [2, 4, 6]]}, "operation": "presentation"}),
            ),
            (
                "the word of a loop around a circle",
                Mode::Explore,
                json!({"complex": {"facets": [[0, 1], [1, 2], [0, 2]]}, "operation": "edge_path_word", "path": [0, 1, 2, 0]}),
            ),
        ]
    }
    fn validate(&self, i: &FundamentalInput) -> Result<(), Diagnostic> {
        request(i).map(drop)
    }
    fn bounds(&self, i: &FundamentalInput) -> Result<(), Refusal> {
        request(i).map(drop).map_err(Refusal::Unsupported)
    }
    fn answer(&self, i: &FundamentalInput, ctx: &AdapterContext) -> Result<Answer<FundamentalOutput>, AdapterError> {
        let pi = request(i).map_err(fail)?;
        use FundamentalOperation as Op;
        let mut out = FundamentalOutput {
            presentation: PresentationOutput {
                basepoint: pi.base,
                generators: vec![],
                relators: pi.presentation.relators.clone(),
                tree: pi.presentation.tree.clone(),
            },
            abelianization: None,
            path: None,
            word: None,
            loop_at_basepoint: None,
            new_basepoint: None,
            images: None,
            target_presentation: None,
            composite_map: None,
            composed_images: None,
        };
        out.presentation.generators =
            pi.presentation.generators.iter().map(|g| Generator { name: g.name.clone(), edge: g.edge }).collect();
        match i.operation {
            Op::Presentation => {
                let n = pi.presentation.generators.len();
                let invariants = if n == 0 {
                    vec![]
                } else {
                    // H₁ = Z^n / (relator exponent sums): the cokernel of the n × r matrix.
                    let mut d = Dense {
                        ring: Ring::Integer,
                        rows: n,
                        cols: pi.relators.len(),
                        data: vec![vec![Scalar::int(0); pi.relators.len()]; n],
                    };
                    for (j, w) in pi.relators.iter().enumerate() {
                        let mut sums = vec![0i64; n];
                        for &(g, e) in w {
                            sums[g] += e;
                        }
                        for (g, s) in sums.into_iter().enumerate() {
                            d.data[g][j] = Scalar::int(s);
                        }
                    }
                    ctx.checkpoint()?;
                    let (h, _) = chain_groups(&[d], ctx)?;
                    let mut v: Vec<String> = h.torsion[0].clone();
                    v.extend(std::iter::repeat_n("0".to_owned(), h.betti[0]));
                    v
                };
                out.abelianization = Some(invariants);
            }
            Op::EdgePathWord | Op::Concatenate => {
                let path: Vec<u32> = if i.operation == Op::Concatenate {
                    let mut p: Vec<u32> = vec![];
                    for q in i.paths.iter().flatten() {
                        let skip = usize::from(!p.is_empty());
                        p.extend(q.iter().skip(skip));
                    }
                    p
                } else {
                    i.path.clone().unwrap_or_default()
                };
                let w = pi.word(&path).map_err(|_| AdapterError::Unsupported("not an edge path".into()))?;
                out.word = Some(pi.print(&w));
                out.loop_at_basepoint = Some(path.first() == Some(&pi.base) && path.last() == Some(&pi.base));
                out.path = Some(path);
            }
            Op::BasepointChange => {
                let path = i.path.clone().unwrap_or_default();
                let c = pi.word(&path).map_err(|_| AdapterError::Unsupported("not an edge path".into()))?;
                out.new_basepoint = path.last().copied();
                out.word = Some(pi.print(&c));
                out.images = Some(
                    (0..pi.presentation.generators.len())
                        .map(|g| {
                            let w = free_reduce(&[inverse(&c), vec![(g, 1)], c.clone()].concat());
                            (pi.presentation.generators[g].name.clone(), pi.print(&w))
                        })
                        .collect(),
                );
                out.path = Some(path);
            }
            Op::InducedMap | Op::Compose => {
                let stages = i.stages.clone().unwrap_or_default();
                // Stage by stage: the maps, the complexes at the images of the basepoint.
                let mut maps = vec![];
                let mut source = i.complex.clone();
                for s in &stages {
                    maps.push(vertex_map(&source, s, "/stages").map_err(fail)?);
                    source = s.target.clone();
                }
                let mut pis = vec![pi];
                for (k, s) in stages.iter().enumerate() {
                    let base = maps[k][&pis[k].base];
                    pis.push(Pi1::new(&s.target, Some(base), "/stages").map_err(fail)?);
                }
                let composite: BTreeMap<u32, u32> = maps[0]
                    .iter()
                    .map(|(v, w)| (*v, maps[1..].iter().fold(*w, |x, m| m.get(&x).copied().unwrap_or(x))))
                    .collect();
                let last = &pis[pis.len() - 1];
                let direct = induced(&pis[0], &composite, last);
                out.images = Some(direct.iter().map(|(g, w)| (g.clone(), last.print(w))).collect());
                let p = &last.presentation;
                out.target_presentation = Some(PresentationOutput {
                    basepoint: p.basepoint,
                    generators: p.generators.iter().map(|g| Generator { name: g.name.clone(), edge: g.edge }).collect(),
                    relators: p.relators.clone(),
                    tree: p.tree.clone(),
                });
                if i.operation == Op::Compose {
                    out.composite_map = Some(composite.iter().map(|(a, b)| [*a, *b]).collect());
                    // Substitution: the images of stage k's generators, read through stage k + 1.
                    let mut current: BTreeMap<String, Word> = induced(&pis[0], &maps[0], &pis[1]);
                    for k in 1..stages.len() {
                        let step = induced(&pis[k], &maps[k], &pis[k + 1]);
                        let by_index: Vec<Word> =
                            pis[k].presentation.generators.iter().map(|g| step[&g.name].clone()).collect();
                        current = current
                            .into_iter()
                            .map(|(g, w)| {
                                let sub: Word = w
                                    .iter()
                                    .flat_map(|&(x, e)| {
                                        let img = &by_index[x];
                                        let piece = if e > 0 { img.clone() } else { inverse(img) };
                                        std::iter::repeat_n(piece, e.unsigned_abs() as usize).flatten()
                                    })
                                    .collect();
                                (g, free_reduce(&sub))
                            })
                            .collect();
                    }
                    out.composed_images = Some(current.iter().map(|(g, w)| (g.clone(), last.print(w))).collect());
                }
            }
        }
        Ok(out.into())
    }
}
