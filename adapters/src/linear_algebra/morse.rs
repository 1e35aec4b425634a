//! `topology.simplicial_complex.discrete_morse`: acyclic (discrete Morse) matchings of a
//! simplicial complex — greedy, given by the caller (checked), or of least critical count — with
//! the gradient paths between critical cells and the Morse complex over Z: ∂ᴹσ is the critical
//! part of the flow of ∂σ along the matching, whose homology (Smith forms on PARI/GP, VERIFY
//! through the matrix checker) is the complex's.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::complex::SimplicialComplex;
use jacobian_runtime::objects::matrix::{Dense, Ring, Scalar};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::claim;
use super::complexes::{Faces, fail, read_complex};
use super::homology::{ChainOutput, boundary as boundary_matrix, chain_groups};
use crate::cas::{self, Answer, Query};

/// Most faces for the exhaustive search of a least matching.
pub const MAX_EXHAUSTIVE: usize = 40;
/// Most gradient paths listed.
const MAX_PATHS: usize = 200;

/// Which matching to use.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Strategy {
    /// Greedy, top dimension first (the default).
    #[default]
    Greedy,
    /// Fewest critical cells: proven least when it meets the Morse lower bound Σ (bₖ + tₖ + tₖ₋₁)
    /// from the integral homology, else by exhaustive search (complexes of at most 40 faces).
    Minimum,
}

/// Input of `topology.simplicial_complex.discrete_morse`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MorseInput {
    /// The complex, by its facets.
    pub complex: SimplicialComplex,
    /// A matching to use instead: pairs [face, coface] with the coface one dimension up; it is
    /// checked to be a matching of the Hasse diagram with no closed gradient path.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matching: Option<Vec<[Vec<u32>; 2]>>,
    /// `greedy` (default) or `minimum`.
    #[serde(default)]
    pub strategy: Strategy,
    /// Also the Morse complex over Z and its homology (default false).
    #[serde(default)]
    pub morse_complex: bool,
    /// Also the gradient paths between critical cells of adjacent dimensions (default false).
    #[serde(default)]
    pub gradient_paths: bool,
    /// Also the chain contraction onto the Morse complex (complexes of at most 200 faces;
    /// default false): the projection f, the inclusion g and the homotopy H, with f∘g = 1 and
    /// 1 − g∘f = ∂H + H∂ checked.
    #[serde(default)]
    pub contraction: bool,
}

/// A sparse chain map: for each cell with a nonzero image, the image as [coefficient, cell].
pub type SparseMap = Vec<(Vec<u32>, Vec<(i64, Vec<u32>)>)>;

/// The chain contraction of the complex onto its Morse complex.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Contraction {
    /// f: C → M, the projection: the critical part of the flow of each cell to a fixed point.
    pub projection: SparseMap,
    /// g: M → C, the inclusion: each critical cell's flow.
    pub inclusion: SparseMap,
    /// H: C_k → C_{k+1} with 1 − g∘f = ∂H + H∂.
    pub homotopy: SparseMap,
}

/// One gradient path from a face of a critical cell down to a critical cell.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GradientPath {
    /// The critical k-cell it starts from.
    pub from: Vec<u32>,
    /// The critical (k−1)-cell it ends at.
    pub to: Vec<u32>,
    /// The cells passed: (k−1)-cell, k-cell, (k−1)-cell, …, ending at `to`.
    pub cells: Vec<Vec<u32>>,
    /// Its weight ±1 in ∂ᴹ.
    pub sign: i64,
}

/// The Morse complex.
#[derive(Debug, Serialize, JsonSchema)]
pub struct MorseComplex {
    /// ∂ᴹₖ for k = 1, …: rows the critical (k−1)-cells, columns the critical k-cells, in the
    /// order of `critical`.
    pub maps: Vec<Vec<Vec<i64>>>,
    /// Its homology over Z, equal to the complex's.
    pub homology: ChainOutput,
}

/// Output of `topology.simplicial_complex.discrete_morse`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct MorseOutput {
    /// The matched pairs (face, coface one dimension up), an acyclic matching of the Hasse diagram.
    pub pairs: Vec<[Vec<u32>; 2]>,
    /// The unmatched (critical) faces.
    pub critical: Vec<Vec<u32>>,
    /// The number of critical faces of each dimension (c_k ≥ b_k, Σ(−1)^k c_k = χ).
    pub critical_counts: Vec<usize>,
    /// The Euler characteristic.
    pub euler_characteristic: i64,
    /// Whether the matching collapses the complex to a point (one critical vertex, nothing else).
    pub collapsible: bool,
    /// `minimum`: whether no acyclic matching has fewer critical cells (by the homology bound or
    /// the exhaustive search).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proven_minimum: Option<bool>,
    /// `minimum`: the lower bound Σ (bₖ + tₖ + tₖ₋₁) from the integral homology.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower_bound: Option<usize>,
    /// The gradient paths (up to 200).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gradient_paths: Option<Vec<GradientPath>>,
    /// The number of gradient paths.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gradient_path_count: Option<usize>,
    /// The Morse complex.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub morse_complex: Option<MorseComplex>,
    /// The chain contraction onto the Morse complex.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contraction: Option<Contraction>,
}

/// `topology.simplicial_complex.discrete_morse`.
pub struct DiscreteMorse;

fn faces_of(t: &[u32]) -> Vec<Vec<u32>> {
    if t.len() < 2 {
        return vec![];
    }
    (0..t.len())
        .map(|r| {
            let mut s = t.to_vec();
            s.remove(r);
            s
        })
        .collect()
}

/// The incidence ⟨∂τ, σ⟩ = (−1)^r for σ = τ without its r-th vertex.
fn incidence(tau: &[u32], sigma: &[u32]) -> i64 {
    let r = tau.iter().position(|v| !sigma.contains(v)).unwrap_or(0);
    if r % 2 == 0 { 1 } else { -1 }
}

/// Whether adding the pair (σ < τ) to the matching keeps the modified Hasse diagram acyclic:
/// a cycle through the new pair would be a gradient path from τ's other faces back to σ.
fn creates_cycle(sigma: &[u32], tau: &[u32], up: &HashMap<Vec<u32>, Vec<u32>>) -> bool {
    let mut stack: Vec<Vec<u32>> = faces_of(tau).into_iter().filter(|a| a != sigma).collect();
    let mut seen: BTreeSet<Vec<u32>> = BTreeSet::new();
    while let Some(a) = stack.pop() {
        if a == sigma {
            return true;
        }
        if !seen.insert(a.clone()) {
            continue;
        }
        if let Some(b) = up.get(&a) {
            stack.extend(faces_of(b).into_iter().filter(|x| *x != a));
        }
    }
    false
}

/// A matching: `up[σ] = τ` for each pair.
type Matching = HashMap<Vec<u32>, Vec<u32>>;

fn greedy(faces: &Faces, ctx: &AdapterContext) -> Result<Matching, AdapterError> {
    let mut matched: BTreeSet<Vec<u32>> = BTreeSet::new();
    let mut up: Matching = HashMap::new();
    for k in (1..faces.len()).rev() {
        for tau in &faces[k] {
            ctx.checkpoint()?;
            if matched.contains(tau) {
                continue;
            }
            for sigma in faces_of(tau) {
                if matched.contains(&sigma) || creates_cycle(&sigma, tau, &up) {
                    continue;
                }
                matched.insert(sigma.clone());
                matched.insert(tau.clone());
                up.insert(sigma, tau.clone());
                break;
            }
        }
    }
    Ok(up)
}

/// The matching of least critical count, by depth-first search over the faces (each left
/// critical or matched with a free coface), pruned by the best count found and the bound.
fn exhaustive(faces: &Faces, bound: usize, start: Matching, ctx: &AdapterContext) -> Result<Matching, AdapterError> {
    let all: Vec<Vec<u32>> = faces.iter().flatten().cloned().collect();
    let cofaces: HashMap<Vec<u32>, Vec<Vec<u32>>> = all
        .iter()
        .map(|s| {
            (s.clone(), all.iter().filter(|t| t.len() == s.len() + 1 && faces_of(t).contains(s)).cloned().collect())
        })
        .collect();
    let critical = |m: &Matching| all.len() - 2 * m.len();
    let mut best = start;
    struct Search<'a> {
        all: &'a [Vec<u32>],
        cofaces: &'a HashMap<Vec<u32>, Vec<Vec<u32>>>,
        bound: usize,
        ctx: &'a AdapterContext,
    }
    fn go(
        s: &Search,
        k: usize,
        used: &mut BTreeSet<Vec<u32>>,
        up: &mut Matching,
        unmatched: usize,
        best: &mut Matching,
    ) -> Result<(), AdapterError> {
        s.ctx.checkpoint()?;
        let best_count = s.all.len() - 2 * best.len();
        if unmatched >= best_count || best_count == s.bound {
            return Ok(());
        }
        let Some(k) = (k..s.all.len()).find(|&j| !used.contains(&s.all[j])) else {
            if unmatched < best_count {
                *best = up.clone();
            }
            return Ok(());
        };
        let sigma = s.all[k].clone();
        used.insert(sigma.clone());
        for tau in &s.cofaces[&sigma] {
            if used.contains(tau) || creates_cycle(&sigma, tau, up) {
                continue;
            }
            used.insert(tau.clone());
            up.insert(sigma.clone(), tau.clone());
            go(s, k + 1, used, up, unmatched, best)?;
            up.remove(&sigma);
            used.remove(tau);
        }
        go(s, k + 1, used, up, unmatched + 1, best)?;
        used.remove(&sigma);
        Ok(())
    }
    if critical(&best) > bound {
        let search = Search { all: &all, cofaces: &cofaces, bound, ctx };
        go(&search, 0, &mut BTreeSet::new(), &mut HashMap::new(), 0, &mut best)?;
    }
    Ok(best)
}

/// The caller's matching, checked: codimension-one pairs of faces, disjoint, acyclic.
fn given(pairs: &[[Vec<u32>; 2]], faces: &Faces) -> Result<Matching, Diagnostic> {
    let present: BTreeSet<&Vec<u32>> = faces.iter().flatten().collect();
    let mut used: BTreeSet<Vec<u32>> = BTreeSet::new();
    let mut up: Matching = HashMap::new();
    for (k, [sigma, tau]) in pairs.iter().enumerate() {
        let at = format!("/matching/{k}");
        let (mut s, mut t) = (sigma.clone(), tau.clone());
        s.sort_unstable();
        t.sort_unstable();
        if !present.contains(&s) || !present.contains(&t) || t.len() != s.len() + 1 || !faces_of(&t).contains(&s) {
            return Err(Diagnostic::at(
                at,
                "NOT_A_PAIR",
                "a face and a coface of one dimension more, both in the complex",
            ));
        }
        if !used.insert(s.clone()) || !used.insert(t.clone()) {
            return Err(Diagnostic::at(at, "NOT_A_MATCHING", "a face is matched twice"));
        }
        if creates_cycle(&s, &t, &up) {
            return Err(Diagnostic::at(at, "CYCLIC", "this pair closes a gradient path: the matching is not acyclic"));
        }
        up.insert(s, t);
    }
    Ok(up)
}

fn request(i: &MorseInput) -> Result<Faces, Diagnostic> {
    let (_, faces) = read_complex(&i.complex)?;
    if i.matching.is_some() && i.strategy == Strategy::Minimum {
        return Err(Diagnostic::at("/strategy", "ONE_OF", "a given matching or the minimum strategy, not both"));
    }
    if let Some(m) = &i.matching {
        given(m, &faces)?;
    }
    if i.contraction && faces.iter().map(Vec::len).sum::<usize>() > 200 {
        return Err(Diagnostic::at("/contraction", "TOO_LARGE", "the contraction is given for at most 200 faces"));
    }
    Ok(faces)
}

type Chain = BTreeMap<Vec<u32>, i64>;

fn add_to(acc: &mut Chain, c: &Chain, factor: i64) {
    for (k, v) in c {
        *acc.entry(k.clone()).or_default() += factor * v;
    }
    acc.retain(|_, v| *v != 0);
}

fn boundary_of(c: &Chain) -> Chain {
    let mut out = Chain::new();
    for (cell, v) in c {
        add_to(&mut out, &boundary(cell), *v);
    }
    out
}

/// h: a cell matched up to τ goes to −τ/⟨∂τ, ρ⟩; every other cell to 0.
fn gradient(c: &Chain, up: &Matching) -> Chain {
    let mut out = Chain::new();
    for (rho, v) in c {
        if let Some(tau) = up.get(rho) {
            *out.entry(tau.clone()).or_default() -= v * incidence(tau, rho);
        }
    }
    out.retain(|_, v| *v != 0);
    out
}

/// The flow Φ = 1 + ∂h + h∂ iterated to its fixed point (reached because the matching is acyclic).
fn flow(c: &Chain, up: &Matching, limit: usize, ctx: &AdapterContext) -> Result<Chain, AdapterError> {
    let mut c = c.clone();
    for _ in 0..=limit {
        ctx.checkpoint()?;
        let mut next = c.clone();
        add_to(&mut next, &boundary_of(&gradient(&c, up)), 1);
        add_to(&mut next, &gradient(&boundary_of(&c), up), 1);
        if next == c {
            return Ok(c);
        }
        c = next;
    }
    Err(AdapterError::Backend("the gradient flow did not settle".into()))
}

/// f = πΦ^∞, g = Φ^∞ on critical cells, H = −Σᵢ Φⁱh (Φ^∞ − 1 = ∂H′ + H′∂ with H′ = Σᵢ Φⁱh as Φ
/// commutes with ∂ and Φ − 1 = ∂h + h∂), each identity checked on every cell.
fn contraction(
    faces: &Faces,
    up: &Matching,
    critical: &BTreeSet<&Vec<u32>>,
    ctx: &AdapterContext,
) -> Result<Contraction, AdapterError> {
    let limit = faces.iter().map(Vec::len).sum::<usize>() + 2;
    let unit = |cell: &Vec<u32>| Chain::from([(cell.clone(), 1)]);
    let project =
        |c: &Chain| -> Chain { c.iter().filter(|(k, _)| critical.contains(k)).map(|(k, v)| (k.clone(), *v)).collect() };
    let (mut f, mut g, mut h) = (BTreeMap::new(), BTreeMap::new(), BTreeMap::new());
    for cell in faces.iter().flatten() {
        let settled = flow(&unit(cell), up, limit, ctx)?;
        f.insert(cell.clone(), project(&settled));
        if critical.contains(cell) {
            g.insert(cell.clone(), settled);
        }
        // H(ρ) = −Σᵢ Φⁱ(hρ): the terms vanish once the flow has carried hρ away.
        let mut term = gradient(&unit(cell), up);
        let mut sum = Chain::new();
        let mut steps = 0;
        while !term.is_empty() {
            ctx.checkpoint()?;
            add_to(&mut sum, &term, -1);
            let mut next = term.clone();
            add_to(&mut next, &boundary_of(&gradient(&term, up)), 1);
            add_to(&mut next, &gradient(&boundary_of(&term), up), 1);
            term = next;
            steps += 1;
            if steps > limit {
                return Err(AdapterError::Backend("the homotopy series did not end".into()));
            }
        }
        h.insert(cell.clone(), sum);
    }
    let apply = |m: &BTreeMap<Vec<u32>, Chain>, c: &Chain| {
        let mut out = Chain::new();
        for (k, v) in c {
            if let Some(image) = m.get(k) {
                add_to(&mut out, image, *v);
            }
        }
        out
    };
    for cell in faces.iter().flatten() {
        ctx.checkpoint()?;
        let one = unit(cell);
        let gf = apply(&g, &apply(&f, &one));
        let mut lhs = one.clone();
        add_to(&mut lhs, &gf, -1);
        let mut rhs = boundary_of(&apply(&h, &one));
        add_to(&mut rhs, &apply(&h, &boundary_of(&one)), 1);
        let fg_ok = !critical.contains(cell) || apply(&f, &apply(&g, &one)) == one;
        if lhs != rhs || !fg_ok {
            return Err(AdapterError::Backend("the chain contraction failed its identities".into()));
        }
    }
    let sparse = |m: BTreeMap<Vec<u32>, Chain>| -> SparseMap {
        m.into_iter()
            .filter(|(_, c)| !c.is_empty())
            .map(|(k, c)| (k, c.into_iter().map(|(cell, v)| (v, cell)).collect()))
            .collect()
    };
    Ok(Contraction { projection: sparse(f), inclusion: sparse(g), homotopy: sparse(h) })
}

/// The boundary of a simplex as a chain.
fn boundary(tau: &[u32]) -> BTreeMap<Vec<u32>, i64> {
    faces_of(tau).into_iter().map(|s| (s.clone(), incidence(tau, &s))).collect()
}

impl Query for DiscreteMorse {
    type Input = MorseInput;
    type Output = MorseOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "topology.simplicial_complex.discrete_morse",
                "Discrete Morse matching, V-paths and Morse complex of a simplicial complex",
                "An acyclic (discrete Morse) matching of a simplicial complex — greedy, given, or with fewest critical \
                 cells — its critical cells, V-paths and the Morse complex over Z.",
                "Computes natively (up to 4,000 faces): a greedy matching (top dimension first, each pair keeping the \
                 gradient acyclic), a caller's matching checked, or one of least critical count (proven by the Morse \
                 bound from integral homology, else by exhaustive search up to 40 faces). Optionally the V-paths \
                 between critical cells with their signs, and the Morse complex: boundary maps between \
                 critical cells from the flow of each boundary along the matching, with homology from Smith forms on \
                 PARI/GP (VERIFY through the matrix checker).",
                &[
                    "discrete-morse",
                    "morse-matching",
                    "acyclic-matching",
                    "critical-cells",
                    "collapse",
                    "collapsible",
                    "v-paths",
                    "morse-complex",
                    "optimal-matching",
                    "simplicial-complex",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "a Morse matching of the boundary of a triangle",
                Mode::Explore,
                json!({"complex": {"facets": [[0, 1], [1, 2], [0, 2]]}}),
            ),
            (
                "the Morse complex of a least matching of the boundary of a tetrahedron",
                Mode::Verify,
                json!({"complex": {"facets": [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]]}, "strategy": "minimum",
                       "morse_complex": true, "gradient_paths": true}),
            ),
        ]
    }
    fn validate(&self, i: &MorseInput) -> Result<(), Diagnostic> {
        request(i).map(drop)
    }
    fn bounds(&self, i: &MorseInput) -> Result<(), Refusal> {
        request(i).map(drop).map_err(Refusal::Unsupported)
    }
    fn answer(&self, i: &MorseInput, ctx: &AdapterContext) -> Result<Answer<MorseOutput>, AdapterError> {
        let faces = request(i).map_err(fail)?;
        let dim = faces.len().saturating_sub(1);
        // The complex's homology: the Morse bound, and the Morse complex's reference.
        let need_homology = i.strategy == Strategy::Minimum;
        let mut lower_bound = None;
        if need_homology {
            let maps: Vec<Dense> = (1..=dim).map(|k| boundary_matrix(&faces, k)).collect();
            if !maps.is_empty() {
                let (h, _) = chain_groups(&maps, ctx)?;
                let t = |k: usize| h.torsion.get(k).map_or(0, Vec::len);
                lower_bound =
                    Some((0..=dim).map(|k| h.betti[k] + t(k) + if k > 0 { t(k - 1) } else { 0 }).sum::<usize>());
            } else {
                lower_bound = Some(faces.first().map_or(0, Vec::len));
            }
        }
        let up = match (&i.matching, i.strategy) {
            (Some(m), _) => given(m, &faces).map_err(fail)?,
            (None, Strategy::Greedy) => greedy(&faces, ctx)?,
            (None, Strategy::Minimum) => {
                let start = greedy(&faces, ctx)?;
                let total: usize = faces.iter().map(Vec::len).sum();
                let bound = lower_bound.unwrap_or(0);
                if total <= MAX_EXHAUSTIVE { exhaustive(&faces, bound, start, ctx)? } else { start }
            }
        };
        let total: usize = faces.iter().map(Vec::len).sum();
        let matched: BTreeSet<&Vec<u32>> = up.iter().flat_map(|(s, t)| [s, t]).collect();
        let critical: Vec<Vec<u32>> = faces.iter().flatten().filter(|f| !matched.contains(f)).cloned().collect();
        let mut counts = vec![0; faces.len()];
        for c in &critical {
            counts[c.len() - 1] += 1;
        }
        let euler = counts.iter().enumerate().map(|(k, &c)| if k % 2 == 0 { c as i64 } else { -(c as i64) }).sum();
        let mut pairs: Vec<[Vec<u32>; 2]> = up.iter().map(|(s, t)| [s.clone(), t.clone()]).collect();
        pairs.sort();
        let mut out = MorseOutput {
            pairs,
            collapsible: critical.len() == 1,
            critical_counts: counts,
            euler_characteristic: euler,
            critical: critical.clone(),
            proven_minimum: None,
            lower_bound,
            gradient_paths: None,
            gradient_path_count: None,
            morse_complex: None,
            contraction: None,
        };
        if i.strategy == Strategy::Minimum {
            out.proven_minimum = Some(Some(critical.len()) == lower_bound || total <= MAX_EXHAUSTIVE);
        }
        let is_critical: BTreeSet<&Vec<u32>> = critical.iter().collect();
        if i.gradient_paths {
            // From each critical k-cell σ: each face, then up the matching and down the other faces.
            let mut paths = vec![];
            let mut count = 0usize;
            for sigma in critical.iter().filter(|s| s.len() >= 2) {
                let mut stack: Vec<(Vec<Vec<u32>>, i64)> =
                    faces_of(sigma).into_iter().map(|f| (vec![f.clone()], incidence(sigma, &f))).collect();
                while let Some((path, sign)) = stack.pop() {
                    ctx.checkpoint()?;
                    let last = path[path.len() - 1].clone();
                    if is_critical.contains(&last) {
                        count += 1;
                        if paths.len() < MAX_PATHS {
                            paths.push(GradientPath { from: sigma.clone(), to: last, cells: path, sign });
                        }
                        continue;
                    }
                    if let Some(tau) = up.get(&last) {
                        // σ' → τ → ρ: weight −⟨∂τ, σ'⟩·⟨∂τ, ρ⟩.
                        for rho in faces_of(tau).into_iter().filter(|r| *r != last) {
                            let w = -incidence(tau, &last) * incidence(tau, &rho);
                            let mut next = path.clone();
                            next.push(tau.clone());
                            next.push(rho);
                            stack.push((next, sign * w));
                        }
                    }
                }
            }
            out.gradient_path_count = Some(count);
            out.gradient_paths = Some(paths);
        }
        if i.contraction {
            out.contraction = Some(contraction(&faces, &up, &is_critical, ctx)?);
        }
        if !i.morse_complex {
            return Ok(out.into());
        }
        // ∂ᴹσ: the flow of ∂σ, eliminating each cell matched upward by the boundary of its partner.
        let by_dim: Vec<Vec<&Vec<u32>>> =
            (0..=dim).map(|k| critical.iter().filter(|c| c.len() == k + 1).collect()).collect();
        let mut maps = vec![];
        let mut dense = vec![];
        for k in 1..=dim {
            let rows: HashMap<&Vec<u32>, usize> = by_dim[k - 1].iter().enumerate().map(|(r, c)| (*c, r)).collect();
            let mut m = vec![vec![0i64; by_dim[k].len()]; by_dim[k - 1].len()];
            for (j, sigma) in by_dim[k].iter().enumerate() {
                let mut chain = boundary(sigma);
                while let Some((rho, c)) =
                    chain.iter().find(|(r, c)| **c != 0 && up.contains_key(*r)).map(|(r, c)| (r.clone(), *c))
                {
                    ctx.checkpoint()?;
                    let tau = &up[&rho];
                    let factor = c * incidence(tau, &rho);
                    for (s, d) in boundary(tau) {
                        *chain.entry(s).or_default() -= factor * d;
                    }
                    chain.retain(|_, v| *v != 0);
                }
                for (s, c) in chain {
                    if let Some(&r) = rows.get(&s) {
                        m[r][j] = c;
                    }
                }
            }
            dense.push(Dense {
                ring: Ring::Integer,
                rows: m.len(),
                cols: by_dim[k].len(),
                data: m.iter().map(|row| row.iter().map(|&x| Scalar::int(x)).collect()).collect(),
            });
            maps.push(m);
        }
        if dense.is_empty() {
            return Ok(out.into());
        }
        // ∂ᴹ∂ᴹ = 0 is replayed by the checker along with the Smith certificates.
        let (homology, statement) = chain_groups(&dense, ctx)?;
        out.morse_complex = Some(MorseComplex { maps, homology });
        Ok(Answer::from(out).claim(claim(&Ring::Integer, vec![statement])))
    }
}
