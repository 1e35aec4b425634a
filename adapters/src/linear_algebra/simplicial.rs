//! `topology.simplicial_complex.compute`: simplicial complexes named or built (spheres, tori,
//! projective planes, Klein bottles, Möbius strips, order complexes of posets, dual complexes of
//! normal crossings) and asked about: well-formedness, boundaries of chains, local homology
//! H_*(X, X − x) ≅ H̃_(*−k−1)(lk σ) and the homology-manifold test over Z (Smith forms on
//! PARI/GP, each link's homology replayed by the matrix checker), and over a field the cohomology
//! ring by cup products of cocycles and the maps a simplicial map induces on homology and
//! cohomology.

use std::collections::{BTreeSet, HashMap};

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::complex::SimplicialComplex;
use jacobian_runtime::objects::matrix::{Dense, Entry, Ring, Scalar};
use jacobian_runtime::typed::Describe;
use num_traits::Zero;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::complexes::Faces;
use super::exact::{self, Field, Quotient, from_columns};
use super::homology::{boundary, chain_groups, faces};
use super::{bounded_entry, listed};
use crate::cas::{self, Answer, Query};
use crate::counting::k_subsets;

/// Most faces of a complex.
pub const MAX_FACES: usize = 4_000;
/// Most faces whose links the manifold test examines.
pub const MAX_LINKS: usize = 600;
/// Most basis classes of the cohomology ring over all degrees.
pub const MAX_CLASSES: usize = 40;
/// Largest sphere, simplex or poset.
pub const MAX_SIZE: u32 = 12;

/// A space.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Space {
    /// A complex by its facets (vertex lists).
    Facets(Vec<Vec<u32>>),
    /// S^n as the boundary of the (n + 1)-simplex (n ≤ 11).
    Sphere(u32),
    /// The n-simplex (n ≤ 12).
    Simplex(u32),
    /// The 7-vertex torus (Möbius, Császár).
    Torus,
    /// The 6-vertex real projective plane.
    ProjectivePlane,
    /// A 16-vertex Klein bottle from a 4 × 4 grid.
    KleinBottle,
    /// The 5-vertex Möbius strip.
    MobiusStrip,
    /// The order complex of a finite poset on 0..elements−1: its chains (relations a < b, closed
    /// transitively).
    OrderComplex {
        /// The number of elements (1 to 12).
        elements: u32,
        /// Pairs [a, b] with a < b.
        relations: Vec<[u32; 2]>,
    },
    /// The dual complex of a simple normal crossings divisor D_0 + … + D_(n−1): a simplex for each
    /// set of components with a nonempty (connected) common intersection, closed under subsets.
    DualComplex {
        /// The number of components n.
        components: u32,
        /// The sets of components (two or more) that meet.
        strata: Vec<Vec<u32>>,
    },
}

/// One term c·[v_0, …, v_k] of an oriented chain or cochain.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Term {
    /// The vertices in the orientation meant.
    pub simplex: Vec<u32>,
    /// The coefficient.
    pub coefficient: Entry,
}

/// One question.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Question {
    /// The facets, f-vector and Euler characteristic of the space.
    Materialize,
    /// Well-formedness of the facets as given: repeated and non-maximal facets, purity, dimension,
    /// components.
    Verify,
    /// ∂ of an oriented chain with coefficients in the field, and whether it is a cycle.
    Boundary(Vec<Term>),
    /// H_*(X, X − x; Z) for x inside a face σ: H̃_(*−dim σ−1) of its link.
    LocalHomology(Vec<u32>),
    /// Whether every link has the homology of a sphere of the right dimension (a homology
    /// manifold) or of a sphere or a point-like ball (with boundary).
    HomologyManifold,
    /// H^*(X; F) as a ring: a basis of cocycles in each degree and every cup product of basis
    /// classes in that basis.
    CohomologyRing,
    /// α ∪ β of two cochains, (α ∪ β)[v_0…v_(p+q)] = α[v_0…v_p]·β[v_p…v_(p+q)], and its class.
    CupProduct {
        /// α, a p-cochain by its values.
        left: Vec<Term>,
        /// β, a q-cochain by its values.
        right: Vec<Term>,
    },
    /// A vertex map to a target complex: whether it is simplicial, its image, and the induced
    /// maps on homology and cohomology over the field in the bases of each side.
    SimplicialMap {
        /// The target's facets.
        target: Vec<Vec<u32>>,
        /// Pairs [v, f(v)] for every vertex v of the space.
        vertex_map: Vec<[u32; 2]>,
    },
}

/// Input of `topology.simplicial_complex.compute`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SimplicialInput {
    /// The space.
    pub space: Space,
    /// The field of the chain, cochain and induced-map questions: `Q` (default) or `F_p`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<Ring>,
    /// The questions (1 to 16), answered in order.
    #[schemars(length(min = 1, max = 16))]
    pub questions: Vec<Question>,
}

/// Output of `topology.simplicial_complex.compute`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SimplicialOutput {
    /// The answers, each an object keyed by the question's name.
    pub answers: Vec<Value>,
}

/// `topology.simplicial_complex.compute`.
pub struct SimplicialQuery;

/// A complex with its faces by dimension and their indices.
struct Cx {
    faces: Faces,
    index: Vec<HashMap<Vec<u32>, usize>>,
}

impl Cx {
    fn of(facets: Vec<Vec<u32>>, at: &str) -> Result<Cx, Diagnostic> {
        let c = SimplicialComplex::new(facets).map_err(|d| d.under(at))?;
        if c.face_bound() > 4 * MAX_FACES as u64 {
            return Err(Diagnostic::at(at, "TOO_LARGE", format!("more than {MAX_FACES} faces")));
        }
        let faces = faces(&c);
        if faces.iter().map(Vec::len).sum::<usize>() > MAX_FACES {
            return Err(Diagnostic::at(at, "TOO_LARGE", format!("more than {MAX_FACES} faces")));
        }
        let index = faces.iter().map(|fs| fs.iter().enumerate().map(|(i, f)| (f.clone(), i)).collect()).collect();
        Ok(Cx { faces, index })
    }
    fn dim(&self) -> usize {
        self.faces.len() - 1
    }
    fn has(&self, f: &[u32]) -> bool {
        !f.is_empty() && f.len() <= self.faces.len() && self.index[f.len() - 1].contains_key(f)
    }
    fn vertices(&self) -> Vec<u32> {
        self.faces[0].iter().map(|v| v[0]).collect()
    }
    fn facets(&self) -> Vec<Vec<u32>> {
        let mut out = vec![];
        for (k, fs) in self.faces.iter().enumerate() {
            for f in fs {
                let covered =
                    self.faces.get(k + 1).is_some_and(|up| up.iter().any(|g| f.iter().all(|v| g.contains(v))));
                if !covered {
                    out.push(f.clone());
                }
            }
        }
        out
    }
    /// ∂_k over the field (k ≥ 1).
    fn d(&self, k: usize, ring: &Ring) -> Dense {
        over(&boundary(&self.faces, k), ring)
    }
    /// The link of σ, by its facets (empty when σ is a facet).
    fn link(&self, s: &[u32]) -> Vec<Vec<u32>> {
        let mut out: BTreeSet<Vec<u32>> = BTreeSet::new();
        for f in self.facets() {
            if s.iter().all(|v| f.contains(v)) {
                let rest: Vec<u32> = f.iter().copied().filter(|v| !s.contains(v)).collect();
                if !rest.is_empty() {
                    out.insert(rest);
                }
            }
        }
        out.into_iter().collect()
    }
}

fn over(d: &Dense, ring: &Ring) -> Dense {
    match ring {
        Ring::Prime(p) => Dense {
            ring: ring.clone(),
            data: d.data.iter().map(|r| r.iter().map(|x| x.modulo(*p).expect("an integer")).collect()).collect(),
            ..d.clone()
        },
        _ => Dense { ring: Ring::Rational, ..d.clone() },
    }
}

/// The sign of the permutation sorting `s`, and the sorted simplex; None with a repeated vertex.
fn oriented(s: &[u32]) -> Option<(bool, Vec<u32>)> {
    let mut sorted = s.to_vec();
    sorted.sort_unstable();
    if sorted.windows(2).any(|w| w[0] == w[1]) {
        return None;
    }
    let inversions =
        (0..s.len()).flat_map(|i| (i + 1..s.len()).map(move |j| (i, j))).filter(|&(i, j)| s[i] > s[j]).count();
    Some((inversions % 2 == 1, sorted))
}

/// A chain of degree k from its terms, in the field.
fn read_chain(cx: &Cx, terms: &[Term], ring: &Ring, at: &str) -> Result<(usize, Vec<Scalar>), Diagnostic> {
    let f = Field::of(ring);
    let Some(first) = terms.first() else { return Err(Diagnostic::at(at, "EMPTY", "at least one term")) };
    let k = first.simplex.len().saturating_sub(1);
    if k >= cx.faces.len() {
        return Err(Diagnostic::at(format!("{at}/0/simplex"), "NOT_A_FACE", "a face of the complex"));
    }
    let mut v = vec![Scalar::int(0); cx.faces[k].len()];
    for (i, t) in terms.iter().enumerate() {
        let here = format!("{at}/{i}/simplex");
        if t.simplex.len() != k + 1 {
            return Err(Diagnostic::at(here, "WRONG_DEGREE", format!("every simplex has {} vertices", k + 1)));
        }
        let (odd, s) =
            oriented(&t.simplex).ok_or_else(|| Diagnostic::at(&here, "REPEATED_VERTEX", "distinct vertices"))?;
        let Some(&j) = cx.index[k].get(&s) else {
            return Err(Diagnostic::at(here, "NOT_A_FACE", "a face of the complex"));
        };
        let c = bounded_entry(&t.coefficient, 40, &format!("{at}/{i}/coefficient"))?;
        let c = match ring {
            Ring::Prime(p) => c.modulo(*p).ok_or_else(|| {
                Diagnostic::at(
                    format!("{at}/{i}/coefficient"),
                    "NOT_IN_FIELD",
                    format!("a denominator divisible by {p}"),
                )
            })?,
            _ => c,
        };
        let c = if odd { f.neg(&c) } else { c };
        v[j] = f.add(&v[j], &c);
    }
    Ok((k, v))
}

fn chain_value(cx: &Cx, k: usize, v: &[Scalar]) -> Value {
    let terms: Vec<Value> = v
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.num.is_zero())
        .map(|(j, c)| json!({"simplex": cx.faces[k][j], "coefficient": c.to_string()}))
        .collect();
    json!(terms)
}

/// Facets of a named or built space.
fn build(space: &Space) -> Result<Vec<Vec<u32>>, Diagnostic> {
    let range = |n: u32, at: &str| -> Result<(), Diagnostic> {
        if n > MAX_SIZE {
            return Err(Diagnostic::at(at, "OUT_OF_RANGE", format!("at most {MAX_SIZE}")));
        }
        Ok(())
    };
    let to_u32 = |s: Vec<usize>| s.into_iter().map(|v| v as u32).collect::<Vec<u32>>();
    Ok(match space {
        Space::Facets(f) => f.clone(),
        Space::Sphere(n) => {
            range(*n, "/space/sphere")?;
            k_subsets(*n as usize + 2, *n as usize + 1).into_iter().map(to_u32).collect()
        }
        Space::Simplex(n) => {
            range(*n, "/space/simplex")?;
            vec![(0..=*n).collect()]
        }
        Space::Torus => {
            (0..7).flat_map(|i| [[i, (i + 1) % 7, (i + 3) % 7], [i, (i + 2) % 7, (i + 3) % 7]]).map(Vec::from).collect()
        }
        Space::ProjectivePlane => [
            [0, 1, 2],
            [0, 2, 3],
            [0, 3, 4],
            [0, 4, 5],
            [0, 5, 1],
            [1, 2, 4],
            [2, 3, 5],
            [3, 4, 1],
            [4, 5, 2],
            [5, 1, 3],
        ]
        .into_iter()
        .map(Vec::from)
        .collect(),
        Space::MobiusStrip => (0..5).map(|i| vec![i, (i + 1) % 5, (i + 2) % 5]).collect(),
        Space::KleinBottle => {
            // The square [0, 4]² with (x, 4) ~ (x, 0) and (4, y) ~ (0, 4 − y), cut into triangles.
            let v = |x: u32, y: u32| -> u32 {
                let (x, y) = if x == 4 { (0, (4 - y) % 4) } else { (x, y % 4) };
                4 * x + y
            };
            let mut f = vec![];
            for x in 0..4 {
                for y in 0..4 {
                    f.push(vec![v(x, y), v(x + 1, y), v(x + 1, y + 1)]);
                    f.push(vec![v(x, y), v(x, y + 1), v(x + 1, y + 1)]);
                }
            }
            f
        }
        Space::OrderComplex { elements, relations } => {
            let at = "/space/order_complex";
            if *elements == 0 {
                return Err(Diagnostic::at(format!("{at}/elements"), "OUT_OF_RANGE", "at least one element"));
            }
            range(*elements, &format!("{at}/elements"))?;
            let n = *elements as usize;
            let mut less = vec![vec![false; n]; n];
            for (k, &[a, b]) in relations.iter().enumerate() {
                if a as usize >= n || b as usize >= n || a == b {
                    let m = "two different elements below `elements`";
                    return Err(Diagnostic::at(format!("{at}/relations/{k}"), "NOT_A_RELATION", m));
                }
                less[a as usize][b as usize] = true;
            }
            for k in 0..n {
                for i in 0..n {
                    for j in 0..n {
                        if less[i][k] && less[k][j] {
                            less[i][j] = true;
                        }
                    }
                }
            }
            if let Some(i) = (0..n).find(|&i| less[i][i]) {
                return Err(Diagnostic::at(
                    format!("{at}/relations"),
                    "CYCLE",
                    format!("element {i} lies below itself"),
                ));
            }
            // Maximal chains are the paths of covers from a minimal to a maximal element.
            let covers = |a: usize, b: usize| less[a][b] && !(0..n).any(|c| less[a][c] && less[c][b]);
            let mut out = vec![];
            let mut stack: Vec<Vec<u32>> =
                (0..n).filter(|&b| !(0..n).any(|a| less[a][b])).map(|b| vec![b as u32]).collect();
            while let Some(chain) = stack.pop() {
                let top = *chain.last().expect("nonempty") as usize;
                let up: Vec<usize> = (0..n).filter(|&b| covers(top, b)).collect();
                if up.is_empty() {
                    let mut c = chain;
                    c.sort_unstable();
                    out.push(c);
                } else if out.len() + stack.len() > 20_000 {
                    return Err(Diagnostic::at(
                        format!("{at}/relations"),
                        "TOO_LARGE",
                        "more than 20,000 maximal chains",
                    ));
                } else {
                    for b in up {
                        let mut c = chain.clone();
                        c.push(b as u32);
                        stack.push(c);
                    }
                }
            }
            out
        }
        Space::DualComplex { components, strata } => {
            let at = "/space/dual_complex";
            if *components == 0 || *components > 64 {
                return Err(Diagnostic::at(format!("{at}/components"), "OUT_OF_RANGE", "1 to 64 components"));
            }
            let mut f: Vec<Vec<u32>> = (0..*components).map(|i| vec![i]).collect();
            for (k, s) in strata.iter().enumerate() {
                if s.len() < 2 || s.iter().any(|&c| c >= *components) || oriented(s).is_none() {
                    let m = "two or more distinct components below `components`";
                    return Err(Diagnostic::at(format!("{at}/strata/{k}"), "NOT_A_STRATUM", m));
                }
                f.push(s.clone());
            }
            f
        }
    })
}

/// Betti numbers, torsion and the checker's statement of a reduced homology.
type Reduced = (Vec<usize>, Vec<Vec<String>>, Option<Value>);

/// H̃_*(K; Z) of a complex by its facets through the augmented complex, with the statement;
/// entry i is degree i − 1 (so the empty complex has Z in degree −1).
fn reduced_homology(facets: &[Vec<u32>], ctx: &AdapterContext) -> Result<Reduced, AdapterError> {
    if facets.is_empty() {
        return Ok((vec![1], vec![vec![]], None));
    }
    let c = SimplicialComplex::new(facets.to_vec()).map_err(|d| AdapterError::Backend(d.message))?;
    let fs = faces(&c);
    let mut maps =
        vec![Dense { ring: Ring::Integer, rows: 1, cols: fs[0].len(), data: vec![vec![Scalar::int(1); fs[0].len()]] }];
    maps.extend((1..fs.len()).map(|k| boundary(&fs, k)));
    let (out, statement) = chain_groups(&maps, ctx)?;
    Ok((out.betti, out.torsion, Some(statement)))
}

fn groups_text(betti: &[usize], torsion: &[Vec<String>], shift: i64) -> Vec<Value> {
    betti
        .iter()
        .zip(torsion)
        .enumerate()
        .filter(|(_, (b, t))| **b > 0 || !t.is_empty())
        .map(|(i, (b, t))| json!({"degree": i as i64 + shift, "betti": b, "torsion": t}))
        .collect()
}

fn answer_one(
    cx: &Cx,
    given: &[Vec<u32>],
    ring: &Ring,
    q: &Question,
    at: &str,
    st: &mut Vec<Value>,
    ctx: &AdapterContext,
) -> Result<Value, AdapterError> {
    let bad = |d: Diagnostic| AdapterError::Unsupported(d.message);
    let f = Field::of(ring);
    let n = cx.dim();
    Ok(match q {
        Question::Materialize => {
            let fv: Vec<usize> = cx.faces.iter().map(Vec::len).collect();
            let euler: i64 = fv.iter().enumerate().map(|(k, &c)| if k % 2 == 0 { c as i64 } else { -(c as i64) }).sum();
            json!({"materialize": {"facets": cx.facets(), "vertices": cx.vertices(), "dimension": n, "f_vector": fv,
                                   "euler_characteristic": euler}})
        }
        Question::Verify => {
            let mut seen = BTreeSet::new();
            let (mut repeated, mut redundant) = (vec![], vec![]);
            for (i, g) in given.iter().enumerate() {
                let mut s = g.clone();
                s.sort_unstable();
                if !seen.insert(s.clone()) {
                    repeated.push(i);
                } else if given.iter().any(|h| h.len() > s.len() && s.iter().all(|v| h.contains(v))) {
                    redundant.push(i);
                }
            }
            let facets = cx.facets();
            let pure = facets.iter().all(|f| f.len() == n + 1);
            // Components by union–find over the edges.
            let vs = cx.vertices();
            let pos: HashMap<u32, usize> = vs.iter().enumerate().map(|(i, &v)| (v, i)).collect();
            let mut parent: Vec<usize> = (0..vs.len()).collect();
            fn find(p: &mut [usize], mut a: usize) -> usize {
                while p[a] != a {
                    p[a] = p[p[a]];
                    a = p[a];
                }
                a
            }
            for e in cx.faces.get(1).into_iter().flatten() {
                let (a, b) = (find(&mut parent, pos[&e[0]]), find(&mut parent, pos[&e[1]]));
                parent[a] = b;
            }
            let components = (0..vs.len()).filter(|&i| find(&mut parent, i) == i).count();
            json!({"verify": {"well_formed": repeated.is_empty() && redundant.is_empty(), "facets_given": given.len(),
                "repeated_facets": repeated, "non_maximal_facets": redundant, "maximal_facets": facets.len(),
                "dimension": n, "pure": pure, "components": components}})
        }
        Question::Boundary(terms) => {
            let (k, v) = read_chain(cx, terms, ring, &format!("{at}/boundary")).map_err(bad)?;
            let out = if k == 0 {
                vec![]
            } else {
                let d = cx.d(k, ring);
                (0..d.rows)
                    .map(|i| (0..d.cols).fold(Scalar::int(0), |acc, j| f.add(&acc, &f.mul(&d.data[i][j], &v[j]))))
                    .collect()
            };
            let cycle = out.iter().all(|x| x.num.is_zero());
            json!({"boundary": {"degree": k, "boundary": if k == 0 { json!([]) } else { chain_value(cx, k - 1, &out) },
                                "cycle": cycle}})
        }
        Question::LocalHomology(s) => {
            let (_, sorted) = oriented(s)
                .ok_or_else(|| bad(Diagnostic::at(format!("{at}/local_homology"), "NOT_A_FACE", "a face")))?;
            let link = cx.link(&sorted);
            let (betti, torsion, statement) = reduced_homology(&link, ctx)?;
            st.extend(statement);
            // H_k(X, X − x) ≅ H̃_(k − dim σ − 1)(lk σ); entry i of the reduced homology is degree i − 1.
            json!({"local_homology": {"face": sorted, "link": link, "groups": groups_text(&betti, &torsion, sorted.len() as i64 - 1)}})
        }
        Question::HomologyManifold => {
            let pure = cx.facets().iter().all(|g| g.len() == n + 1);
            let (mut interior, mut boundary_faces, mut failure) = (0usize, 0usize, Value::Null);
            'faces: for (k, fs) in cx.faces.iter().enumerate() {
                for s in fs {
                    ctx.checkpoint()?;
                    let (betti, torsion, statement) = reduced_homology(&cx.link(s), ctx)?;
                    st.extend(statement);
                    let sphere_degree = n - k; // entry index of H̃_(n − k − 1)
                    let nonzero: Vec<usize> =
                        (0..betti.len()).filter(|&i| betti[i] > 0 || !torsion[i].is_empty()).collect();
                    let sphere =
                        nonzero == [sphere_degree] && betti[sphere_degree] == 1 && torsion[sphere_degree].is_empty();
                    if sphere {
                        interior += 1;
                    } else if nonzero.is_empty() {
                        boundary_faces += 1;
                    } else {
                        failure = json!({"face": s, "link_homology": groups_text(&betti, &torsion, -1)});
                        break 'faces;
                    }
                }
            }
            let ok = pure && failure.is_null();
            json!({"homology_manifold": {"homology_manifold": ok && boundary_faces == 0, "with_boundary": ok,
                "pure": pure, "dimension": n, "interior_faces": interior, "boundary_faces": boundary_faces,
                "failure": failure}})
        }
        Question::CohomologyRing | Question::CupProduct { .. } => {
            let sizes: Vec<usize> = cx.faces.iter().map(Vec::len).collect();
            let ds: Vec<Dense> = (1..=n).map(|k| cx.d(k, ring)).collect();
            let delta = |k: usize| -> Option<Dense> { ds.get(k).map(exact::transpose) }; // δ^k = ∂_(k+1)ᵀ
            let mut basis: Vec<Quotient> = vec![];
            for (k, &size) in sizes.iter().enumerate() {
                ctx.checkpoint()?;
                let inc = if k == 0 { None } else { delta(k - 1) };
                basis.push(Quotient::homology(size, delta(k).as_ref(), inc.as_ref(), ring, ctx)?);
            }
            let cup = |p: usize, a: &[Scalar], q: usize, b: &[Scalar]| -> Vec<Scalar> {
                cx.faces[p + q]
                    .iter()
                    .map(|s| {
                        let (x, y) = (&s[..=p], &s[p..]);
                        f.mul(&a[cx.index[p][x]], &b[cx.index[q][y]])
                    })
                    .collect()
            };
            if let Question::CupProduct { left, right } = q {
                let (p, a) = read_chain(cx, left, ring, &format!("{at}/cup_product/left")).map_err(bad)?;
                let (r, b) = read_chain(cx, right, ring, &format!("{at}/cup_product/right")).map_err(bad)?;
                let cocycle = |k: usize, v: &[Scalar]| {
                    delta(k).is_none_or(|d| {
                        (0..d.rows).all(|i| {
                            (0..d.cols)
                                .fold(Scalar::int(0), |acc, j| f.add(&acc, &f.mul(&d.data[i][j], &v[j])))
                                .num
                                .is_zero()
                        })
                    })
                };
                let (ca, cb) = (cocycle(p, &a), cocycle(r, &b));
                if p + r > n {
                    json!({"cup_product": {"degree": p + r, "product": [], "left_cocycle": ca, "right_cocycle": cb,
                                           "class": [], "zero_in_cohomology": true}})
                } else {
                    let prod = cup(p, &a, r, &b);
                    let class = if ca && cb {
                        Some(basis[p + r].coordinates(std::slice::from_ref(&prod), ring, ctx)?.remove(0))
                    } else {
                        None
                    };
                    json!({"cup_product": {"degree": p + r, "product": chain_value(cx, p + r, &prod), "left_cocycle": ca,
                        "right_cocycle": cb, "class": class.as_ref().map(|c| super::texts(c)),
                        "zero_in_cohomology": class.as_ref().map(|c| c.iter().all(|x| x.num.is_zero())),
                        "basis": basis[p + r].reps.iter().map(|v| chain_value(cx, p + r, v)).collect::<Vec<_>>()}})
                }
            } else {
                let classes: usize = basis.iter().map(|b| b.reps.len()).sum();
                if classes > MAX_CLASSES {
                    let m = format!("a cohomology ring of at most {MAX_CLASSES} basis classes; this one has {classes}");
                    return Err(bad(Diagnostic::at(format!("{at}/cohomology_ring"), "TOO_LARGE", m)));
                }
                let mut products = vec![];
                for p in 0..=n {
                    for r in 0..=n - p {
                        ctx.checkpoint()?;
                        let pairs: Vec<(usize, usize)> = (0..basis[p].reps.len())
                            .flat_map(|i| (0..basis[r].reps.len()).map(move |j| (i, j)))
                            .collect();
                        let vs: Vec<Vec<Scalar>> =
                            pairs.iter().map(|&(i, j)| cup(p, &basis[p].reps[i], r, &basis[r].reps[j])).collect();
                        for ((i, j), c) in pairs.into_iter().zip(basis[p + r].coordinates(&vs, ring, ctx)?) {
                            if c.iter().any(|x| !x.num.is_zero()) {
                                products.push(
                                    json!({"left": [p, i], "right": [r, j], "product": [p + r, super::texts(&c)]}),
                                );
                            }
                        }
                    }
                }
                json!({"cohomology_ring": {"field": ring.to_string(),
                    "betti": basis.iter().map(|b| b.reps.len()).collect::<Vec<_>>(),
                    "basis": basis.iter().enumerate().map(|(k, b)| b.reps.iter().map(|v| chain_value(cx, k, v)).collect::<Vec<_>>()).collect::<Vec<_>>(),
                    "products": products}})
            }
        }
        Question::SimplicialMap { target, vertex_map } => {
            let here = format!("{at}/simplicial_map");
            let (y, map) = read_map(cx, target, vertex_map, &here).map_err(bad)?;
            let image = |s: &[u32]| -> Vec<u32> {
                let mut t: Vec<u32> = s.iter().map(|v| map[v]).collect();
                t.sort_unstable();
                t.dedup();
                t
            };
            if let Some(g) = cx.facets().into_iter().find(|g| !y.has(&image(g))) {
                return Ok(json!({"simplicial_map": {"simplicial": false, "facet": g, "image": image(&g)}}));
            }
            let m = cx.dim().min(y.dim());
            // f_#: C_k(X) → C_k(Y), [v_0…v_k] ↦ ±[f(v_0)…f(v_k)] or 0.
            let chain_map = |k: usize| -> Dense {
                let mut d = vec![vec![Scalar::int(0); cx.faces[k].len()]; y.faces.get(k).map_or(0, Vec::len)];
                for (j, s) in cx.faces[k].iter().enumerate() {
                    let t: Vec<u32> = s.iter().map(|v| map[v]).collect();
                    if let Some((odd, sorted)) = oriented(&t) {
                        d[y.index[k][&sorted]][j] = Scalar::int(if odd { -1 } else { 1 });
                    }
                }
                Dense { ring: ring.clone(), rows: d.len(), cols: cx.faces[k].len(), data: d }
            };
            let (dx, dy): (Vec<Dense>, Vec<Dense>) =
                ((1..=cx.dim()).map(|k| cx.d(k, ring)).collect(), (1..=y.dim()).map(|k| y.d(k, ring)).collect());
            let (mut homology, mut cohomology) = (vec![], vec![]);
            for k in 0..=cx.dim() {
                ctx.checkpoint()?;
                let hx = Quotient::homology(
                    cx.faces[k].len(),
                    k.checked_sub(1).and_then(|i| dx.get(i)),
                    dx.get(k),
                    ring,
                    ctx,
                )?;
                let cx_co = Quotient::homology(
                    cx.faces[k].len(),
                    dx.get(k).map(exact::transpose).as_ref(),
                    k.checked_sub(1).and_then(|i| dx.get(i)).map(exact::transpose).as_ref(),
                    ring,
                    ctx,
                )?;
                if k > m {
                    homology.push(json!({"degree": k, "matrix": {"shape": [0, hx.reps.len()], "rows": []}}));
                    cohomology.push(json!({"degree": k, "matrix": {"shape": [cx_co.reps.len(), 0], "rows": []}}));
                    continue;
                }
                let fk = chain_map(k);
                let hy = Quotient::homology(
                    y.faces[k].len(),
                    k.checked_sub(1).and_then(|i| dy.get(i)),
                    dy.get(k),
                    ring,
                    ctx,
                )?;
                let images = exact::apply(&fk, &hx.reps);
                let hm = hy.coordinates(&images, ring, ctx)?;
                homology.push(json!({"degree": k, "matrix": listed(&from_columns(ring, hy.reps.len(), &hm))}));
                let cy = Quotient::homology(
                    y.faces[k].len(),
                    dy.get(k).map(exact::transpose).as_ref(),
                    k.checked_sub(1).and_then(|i| dy.get(i)).map(exact::transpose).as_ref(),
                    ring,
                    ctx,
                )?;
                let ft = exact::transpose(&fk);
                let pulled = exact::apply(&ft, &cy.reps);
                let cm = cx_co.coordinates(&pulled, ring, ctx)?;
                cohomology.push(json!({"degree": k, "matrix": listed(&from_columns(ring, cx_co.reps.len(), &cm))}));
            }
            let mut img: BTreeSet<Vec<u32>> = cx.facets().iter().map(|g| image(g)).collect();
            let snapshot: Vec<Vec<u32>> = img.iter().cloned().collect();
            img.retain(|s| !snapshot.iter().any(|t| t.len() > s.len() && s.iter().all(|v| t.contains(v))));
            json!({"simplicial_map": {"simplicial": true, "image": img, "field": ring.to_string(),
                "induced_homology": homology, "induced_cohomology": cohomology}})
        }
    })
}

/// The target complex and the vertex map of a `simplicial_map` question.
fn read_map(
    cx: &Cx,
    target: &[Vec<u32>],
    pairs: &[[u32; 2]],
    here: &str,
) -> Result<(Cx, HashMap<u32, u32>), Diagnostic> {
    let y = Cx::of(target.to_vec(), &format!("{here}/target"))?;
    let mut map: HashMap<u32, u32> = HashMap::new();
    for (k, &[v, w]) in pairs.iter().enumerate() {
        if !cx.has(&[v]) || !y.has(&[w]) || map.insert(v, w).is_some() {
            let m = "[v, w]: each vertex v of the space once, w a vertex of the target";
            return Err(Diagnostic::at(format!("{here}/vertex_map/{k}"), "NOT_A_VERTEX_PAIR", m));
        }
    }
    if let Some(v) = cx.vertices().into_iter().find(|v| !map.contains_key(v)) {
        return Err(Diagnostic::at(format!("{here}/vertex_map"), "INCOMPLETE", format!("vertex {v} is not mapped")));
    }
    Ok((y, map))
}

/// The questions' own input read against the complex, before any computation.
fn check(cx: &Cx, ring: &Ring, q: &Question, at: &str) -> Result<(), Diagnostic> {
    match q {
        Question::Boundary(t) => read_chain(cx, t, ring, &format!("{at}/boundary")).map(drop),
        Question::CupProduct { left, right } => {
            read_chain(cx, left, ring, &format!("{at}/cup_product/left"))?;
            read_chain(cx, right, ring, &format!("{at}/cup_product/right")).map(drop)
        }
        Question::LocalHomology(s) => match oriented(s) {
            Some((_, sorted)) if cx.has(&sorted) => Ok(()),
            _ => Err(Diagnostic::at(format!("{at}/local_homology"), "NOT_A_FACE", "a face of the complex")),
        },
        Question::SimplicialMap { target, vertex_map } => {
            read_map(cx, target, vertex_map, &format!("{at}/simplicial_map")).map(drop)
        }
        Question::HomologyManifold => {
            let total: usize = cx.faces.iter().map(Vec::len).sum();
            if total > MAX_LINKS {
                let m = format!("the manifold test examines at most {MAX_LINKS} faces; this complex has {total}");
                return Err(Diagnostic::at(format!("{at}/homology_manifold"), "TOO_LARGE", m));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

fn setup(i: &SimplicialInput) -> Result<(Cx, Vec<Vec<u32>>, Ring), Diagnostic> {
    let ring = match &i.field {
        None | Some(Ring::Rational) => Ring::Rational,
        Some(Ring::Prime(p)) => Ring::Prime(*p),
        Some(Ring::Integer) => {
            return Err(Diagnostic::at(
                "/field",
                "NOT_A_FIELD",
                "Q or F_p; homology over Z is asked by local_homology",
            ));
        }
    };
    if !(1..=16).contains(&i.questions.len()) {
        return Err(Diagnostic::at("/questions", "OUT_OF_RANGE", "1 to 16 questions"));
    }
    let given = build(&i.space)?;
    let cx = Cx::of(given.clone(), "/space")?;
    for (k, q) in i.questions.iter().enumerate() {
        check(&cx, &ring, q, &format!("/questions/{k}"))?;
    }
    Ok((cx, given, ring))
}

impl Query for SimplicialQuery {
    type Input = SimplicialInput;
    type Output = SimplicialOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "topology.simplicial_complex.compute",
                "Simplicial complexes: named spaces, local homology, manifold test, cup products, induced maps",
                "Spheres, tori, projective planes, Klein bottles, order complexes and dual complexes built; local \
                 homology, homology manifolds, boundaries, the cohomology ring and maps induced by simplicial maps.",
                "Complexes by facets (up to 4,000 faces) or built: S^n, Δ^n, the 7-vertex torus, the 6-vertex \
                 RP², a Klein bottle, the Möbius strip, order complexes of posets, dual complexes of normal \
                 crossings. Local homology H_*(X, X − x) ≅ H̃(lk σ) and the homology-manifold test over Z by \
                 Smith forms on PARI/GP (VERIFY replays each link's homology); over Q or F_p: boundaries of \
                 oriented chains, the cohomology ring by cup products of cocycle bases, and the maps a vertex \
                 map induces on homology and cohomology.",
                &[
                    "simplicial-complex",
                    "cup-product",
                    "cohomology-ring",
                    "local-homology",
                    "homology-manifold",
                    "simplicial-map",
                    "order-complex",
                    "dual-complex",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "the cohomology ring of RP² over F_2: the square of the degree-1 class is nonzero",
                Mode::Explore,
                json!({"space": "projective_plane", "field": "F_2", "questions": ["cohomology_ring"]}),
            ),
            (
                "is the 7-vertex torus a homology manifold? local homology at a vertex",
                Mode::Verify,
                json!({"space": "torus", "questions": ["homology_manifold", {"local_homology": [0]}]}),
            ),
            (
                "the order complex of the Boolean lattice of {1, 2} without its ends",
                Mode::Explore,
                json!({"space": {"order_complex": {"elements": 4, "relations": [[0, 1], [0, 2], [1, 3], [2, 3]]}},
                       "questions": ["materialize"]}),
            ),
        ]
    }
    fn validate(&self, i: &SimplicialInput) -> Result<(), Diagnostic> {
        setup(i).map(drop)
    }
    fn bounds(&self, i: &SimplicialInput) -> Result<(), Refusal> {
        setup(i).map(drop).map_err(Refusal::Unsupported)
    }
    fn answer(&self, i: &SimplicialInput, ctx: &AdapterContext) -> Result<Answer<SimplicialOutput>, AdapterError> {
        let (cx, given, ring) = setup(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let (mut st, mut answers) = (vec![], vec![]);
        for (k, q) in i.questions.iter().enumerate() {
            ctx.checkpoint()?;
            answers.push(answer_one(&cx, &given, &ring, q, &format!("/questions/{k}"), &mut st, ctx)?);
        }
        Ok(super::answer(SimplicialOutput { answers }, &Ring::Integer, st))
    }
}
