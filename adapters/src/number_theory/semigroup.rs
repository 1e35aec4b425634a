//! Numerical semigroups S = ⟨g₁, …, g_k⟩ ⊆ N and the factorization theory of their elements,
//! natively and exactly.
//!
//! The Apéry set of S with respect to its multiplicity m is found by shortest paths on Z/mZ
//! (the least element of S in each residue class), which gives membership, the Frobenius number,
//! genus, pseudo-Frobenius numbers and type at once. Sets of lengths come without listing
//! factorizations: ℓ ∈ L(n) exactly when n − ℓ·g₁ is a sum of at most ℓ of the differences
//! g_i − g₁, so one table of least part counts serves every n. Betti elements are the elements
//! whose factorization graph is disconnected; a factorization's support is a clique of the
//! graph on generator indices linking i and j when n − g_i − g_j ∈ S, so connectivity is read
//! from that small graph, and every Betti element has the form w + g_i with w in the Apéry set
//! with respect to g₁ (a component without g₁ in any support stays apart otherwise).

use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap};

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::cas::{self, Answer, Query};
use crate::rational::Rational;

/// Most generators.
pub const MAX_GENERATORS: usize = 16;
/// Largest multiplicity (least generator): the Apéry set has this many elements.
pub const MAX_MULTIPLICITY: u64 = 100_000;
/// Largest generator.
pub const MAX_GENERATOR: u64 = 1_000_000;
/// Largest multiplicity for the factorization invariants of the whole semigroup.
pub const MAX_FACTORIZATION_MULTIPLICITY: u64 = 2_000;
/// Largest element whose set of lengths is computed (one table entry per integer below it).
pub const MAX_ELEMENT: u64 = 20_000_000;
/// Largest range scanned for the Delta set of the semigroup: 2·k·g₂·g_k² + g₁·g_k (Chapman,
/// Hoyer and Kaplan: Δ(n) = Δ(n + g₁·g_k) for n ≥ 2·k·g₂·g_k²).
pub const MAX_DELTA_RANGE: u64 = 20_000_000;
/// Most factorizations listed, and the most over which a catenary degree is computed.
pub const MAX_FACTORIZATIONS: usize = 100_000;
/// Most factorizations for the catenary degree, the graph and the distance matrix.
pub const MAX_PAIRWISE: usize = 2_000;
/// Most gaps listed.
pub const MAX_GAPS: u64 = 100_000;

/// A numerical semigroup by its minimal generators and its Apéry set with respect to the least.
struct Semigroup {
    /// Minimal generators, increasing.
    gens: Vec<u64>,
    /// `apery[r]`: the least element of S congruent to r modulo gens[0].
    apery: Vec<u64>,
    /// `via[r]`: the index of the generator on the last step of a shortest path to `apery[r]`.
    via: Vec<usize>,
}

impl Semigroup {
    fn new(generators: &[u64]) -> Semigroup {
        let mut all: Vec<u64> = generators.to_vec();
        all.sort_unstable();
        all.dedup();
        let (apery, _) = apery_via(&all);
        let m = all[0];
        let member = |x: u64| x >= apery[(x % m) as usize];
        // g is not minimal exactly when g − h ∈ S \ {0} for a smaller generator h.
        let gens: Vec<u64> = all.iter().copied().filter(|&g| !all.iter().any(|&h| h < g && member(g - h))).collect();
        let (apery, via) = apery_via(&gens);
        Semigroup { gens, apery, via }
    }
    fn m(&self) -> u64 {
        self.gens[0]
    }
    fn contains(&self, x: u64) -> bool {
        x >= self.apery[(x % self.m()) as usize]
    }
    fn frobenius(&self) -> i64 {
        *self.apery.iter().max().unwrap_or(&0) as i64 - self.m() as i64
    }
    fn genus(&self) -> u64 {
        let m = self.m();
        self.apery.iter().enumerate().map(|(r, &w)| (w - r as u64) / m).sum()
    }
    /// Apéry elements maximal for ≤_S: w + g_i leaves the Apéry set for every i.
    fn pseudo_frobenius(&self) -> Vec<i64> {
        let m = self.m();
        let mut pf: Vec<i64> = self
            .apery
            .iter()
            .filter(|&&w| self.gens[1..].iter().all(|&g| self.apery[((w + g) % m) as usize] != w + g))
            .map(|&w| w as i64 - m as i64)
            .collect();
        pf.sort_unstable();
        pf
    }
    /// One factorization of x ∈ S along the shortest-path tree.
    fn factor(&self, x: u64) -> Vec<u64> {
        let m = self.m();
        let mut f = vec![0u64; self.gens.len()];
        let mut r = (x % m) as usize;
        f[0] = (x - self.apery[r]) / m;
        while self.apery[r] != 0 {
            let i = self.via[r];
            f[i] += 1;
            r = ((self.apery[r] - self.gens[i]) % m) as usize;
        }
        f
    }
    /// Components of the factorization graph of b (as sets of generator indices), by the graph
    /// on indices linking i and j when b − g_i − g_j ∈ S.
    fn index_components(&self, b: u64) -> Vec<Vec<usize>> {
        let k = self.gens.len();
        let used: Vec<usize> = (0..k).filter(|&i| b >= self.gens[i] && self.contains(b - self.gens[i])).collect();
        let mut comp: Vec<usize> = (0..k).collect();
        fn root(c: &mut [usize], i: usize) -> usize {
            let mut r = i;
            while c[r] != r {
                r = c[r];
            }
            c[i] = r;
            r
        }
        for (a, &i) in used.iter().enumerate() {
            for &j in &used[a + 1..] {
                let s = self.gens[i] + self.gens[j];
                if b >= s && self.contains(b - s) {
                    let (ri, rj) = (root(&mut comp, i), root(&mut comp, j));
                    comp[ri] = rj;
                }
            }
        }
        let mut groups: Vec<Vec<usize>> = vec![];
        for &i in &used {
            let r = root(&mut comp, i);
            match groups.iter_mut().find(|g| root(&mut comp, g[0]) == r) {
                Some(g) => g.push(i),
                None => groups.push(vec![i]),
            }
        }
        groups
    }
    /// Betti elements with the number of components of their factorization graphs, increasing.
    fn betti(&self, ctx: &AdapterContext) -> Result<Vec<(u64, usize)>, AdapterError> {
        let mut candidates = BTreeSet::new();
        for &w in &self.apery {
            for &g in &self.gens[1..] {
                candidates.insert(w + g);
            }
        }
        let mut out = vec![];
        for b in candidates {
            ctx.checkpoint()?;
            let t = self.index_components(b).len();
            if t >= 2 {
                out.push((b, t));
            }
        }
        Ok(out)
    }
    /// Every factorization of n, in lexicographic order, or None past `limit`.
    fn factorizations(
        &self,
        n: u64,
        limit: usize,
        ctx: &AdapterContext,
    ) -> Result<Option<Vec<Vec<u64>>>, AdapterError> {
        let k = self.gens.len();
        // gcds[i] = gcd(g_0, …, g_i): a remainder for the first i+1 generators is a multiple of it.
        let gcds: Vec<u64> = self
            .gens
            .iter()
            .scan(0u64, |g, &x| {
                *g = g.gcd(&x);
                Some(*g)
            })
            .collect();
        let mut out = vec![];
        let mut f = vec![0u64; k];
        let mut steps = 0u64;
        #[allow(clippy::too_many_arguments)]
        fn walk(
            s: &Semigroup,
            gcds: &[u64],
            i: usize,
            rest: u64,
            f: &mut Vec<u64>,
            out: &mut Vec<Vec<u64>>,
            limit: usize,
            steps: &mut u64,
            ctx: &AdapterContext,
        ) -> Result<bool, AdapterError> {
            *steps += 1;
            if (*steps).is_multiple_of(1 << 16) {
                ctx.checkpoint()?;
            }
            if i == 0 {
                if rest.is_multiple_of(s.gens[0]) {
                    f[0] = rest / s.gens[0];
                    if out.len() == limit {
                        return Ok(false);
                    }
                    out.push(f.clone());
                }
                return Ok(true);
            }
            for a in 0..=rest / s.gens[i] {
                let r = rest - a * s.gens[i];
                if r.is_multiple_of(gcds[i - 1]) {
                    f[i] = a;
                    if !walk(s, gcds, i - 1, r, f, out, limit, steps, ctx)? {
                        return Ok(false);
                    }
                }
            }
            f[i] = 0;
            Ok(true)
        }
        let complete = walk(self, &gcds, k - 1, n, &mut f, &mut out, limit, &mut steps, ctx)?;
        out.sort();
        Ok(complete.then_some(out))
    }
    /// μ[x]: the fewest differences g_i − g₁ (i ≥ 2) summing to x, for x ≤ top (u32::MAX when none).
    fn least_parts(&self, top: u64, ctx: &AdapterContext) -> Result<Vec<u32>, AdapterError> {
        let d: Vec<u64> = self.gens[1..].iter().map(|g| g - self.gens[0]).collect();
        let mut mu = vec![u32::MAX; top as usize + 1];
        mu[0] = 0;
        for x in 1..=top {
            if x.is_multiple_of(1 << 20) {
                ctx.checkpoint()?;
            }
            let best = d.iter().filter(|&&di| di <= x).map(|&di| mu[(x - di) as usize]).min().unwrap_or(u32::MAX);
            mu[x as usize] = best.saturating_add(1);
        }
        Ok(mu)
    }
    /// The set of lengths of n, increasing.
    fn lengths(&self, n: u64, mu: &[u32]) -> Vec<u64> {
        let m = self.m();
        (0..=n / m).filter(|&l| u64::from(mu[(n - l * m) as usize]) <= l).collect()
    }
    /// Δ(S) as the union of Δ(n) for n below the periodicity bound: per residue class of m
    /// modulo g₁, the admitted m (those with m + g₁·μ(m) ≤ n) grow with n, so inserting them in
    /// that order and recording the gaps present after each step gives every Δ(n).
    fn delta_set(&self, top: u64, mu: &[u32], ctx: &AdapterContext) -> Result<BTreeSet<u64>, AdapterError> {
        let g = self.m();
        let mut delta = BTreeSet::new();
        for r in 0..g {
            ctx.checkpoint()?;
            let mut keyed: Vec<(u64, u64)> = (r..=top)
                .step_by(g as usize)
                .filter(|&x| mu[x as usize] != u32::MAX)
                .map(|x| (x + g * mu[x as usize] as u64, x))
                .filter(|&(key, _)| key <= top)
                .collect();
            keyed.sort_unstable();
            let mut set = BTreeSet::new();
            let mut k = 0;
            while k < keyed.len() {
                let key = keyed[k].0;
                let mut created = vec![];
                while k < keyed.len() && keyed[k].0 == key {
                    let x = keyed[k].1;
                    if let Some(&p) = set.range(..x).next_back() {
                        created.push((p, x));
                    }
                    if let Some(&s) = set.range(x + 1..).next() {
                        created.push((x, s));
                    }
                    set.insert(x);
                    k += 1;
                }
                for (a, b) in created {
                    if set.range(a + 1..b).next().is_none() {
                        delta.insert((b - a) / g);
                    }
                }
            }
        }
        Ok(delta)
    }
}

/// The Apéry set of ⟨gens⟩ with respect to gens[0] and the generator on each path's last step.
fn apery_via(gens: &[u64]) -> (Vec<u64>, Vec<usize>) {
    let m = gens[0];
    let mut dist = vec![u64::MAX; m as usize];
    let mut via = vec![0usize; m as usize];
    dist[0] = 0;
    let mut heap = BinaryHeap::from([Reverse((0u64, 0u64))]);
    while let Some(Reverse((d, r))) = heap.pop() {
        if d > dist[r as usize] {
            continue;
        }
        for (i, &g) in gens.iter().enumerate().skip(1) {
            let (s, e) = ((r + g) % m, d + g);
            if e < dist[s as usize] {
                dist[s as usize] = e;
                via[s as usize] = i;
                heap.push(Reverse((e, s)));
            }
        }
    }
    (dist, via)
}

/// d(x, y) = max(|x − x∧y|, |y − x∧y|).
fn distance(x: &[u64], y: &[u64]) -> u64 {
    let (a, b) = x.iter().zip(y).fold((0, 0), |(a, b), (&u, &v)| (a + u - u.min(v), b + v - u.min(v)));
    a.max(b)
}

/// The catenary degree of a complete set of factorizations: the largest edge of a minimum
/// spanning tree under d (0 for a single factorization).
fn catenary(z: &[Vec<u64>]) -> u64 {
    if z.len() < 2 {
        return 0;
    }
    let mut best = vec![u64::MAX; z.len()];
    let mut inside = vec![false; z.len()];
    best[0] = 0;
    let mut worst = 0;
    for _ in 0..z.len() {
        let (v, _) =
            (0..z.len()).filter(|&v| !inside[v]).map(|v| (v, best[v])).min_by_key(|&(_, b)| b).unwrap_or((0, 0));
        inside[v] = true;
        worst = worst.max(best[v]);
        for w in 0..z.len() {
            if !inside[w] {
                best[w] = best[w].min(distance(&z[v], &z[w]));
            }
        }
    }
    worst
}

fn elasticity(lengths: &[u64]) -> Option<Rational> {
    match (lengths.first(), lengths.last()) {
        (Some(&lo), Some(&hi)) if lo > 0 => Some(Rational::fraction(&BigInt::from(hi), &BigInt::from(lo))),
        _ => None,
    }
}

fn delta(lengths: &[u64]) -> Vec<u64> {
    lengths.windows(2).map(|w| w[1] - w[0]).collect::<BTreeSet<_>>().into_iter().collect()
}

fn validate_generators(gens: &[u64]) -> Result<(), Diagnostic> {
    if gens.is_empty() || gens.len() > MAX_GENERATORS {
        return Err(Diagnostic::at("/generators", "OUT_OF_RANGE", "1 to 16 generators"));
    }
    if let Some(k) = gens.iter().position(|&g| g == 0) {
        return Err(Diagnostic::at(format!("/generators/{k}"), "OUT_OF_RANGE", "generators are positive"));
    }
    if gens.iter().fold(0u64, |g, &x| g.gcd(&x)) != 1 {
        return Err(Diagnostic::at(
            "/generators",
            "NOT_NUMERICAL",
            "the generators' gcd is 1 (else N \\ S is infinite)",
        ));
    }
    Ok(())
}

fn bound_generators(gens: &[u64], multiplicity: u64) -> Result<(), Refusal> {
    let too = |at: String, message: String| Err(Refusal::Unsupported(Diagnostic::at(at, "TOO_LARGE", message)));
    if let Some(k) = gens.iter().position(|&g| g > MAX_GENERATOR) {
        return too(format!("/generators/{k}"), format!("generators are at most {MAX_GENERATOR}"));
    }
    let m = gens.iter().min().copied().unwrap_or(1);
    if m > multiplicity {
        return too("/generators".into(), format!("the least generator is at most {multiplicity} here"));
    }
    Ok(())
}

/// Input of `number_theory.numerical_semigroup.invariants`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InvariantsInput {
    /// Generators: 1 to 16 positive integers with gcd 1, each at most 10^6, the least at most 10^5 (they need not be minimal).
    pub generators: Vec<u64>,
    /// Also list the gaps N \ S (when there are at most 100,000).
    #[serde(default)]
    pub gaps: bool,
    /// Also compute the factorization invariants of S (least generator at most 2,000): Betti elements, a minimal presentation, the Delta set, the catenary degree.
    #[serde(default)]
    pub factorization: bool,
}

/// A relation of a minimal presentation: two factorizations of one Betti element.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Relation {
    /// The Betti element (the relation's degree).
    pub degree: u64,
    /// Factorizations over the minimal generators, from different components.
    pub pair: [Vec<u64>; 2],
}

/// The factorization invariants of S.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FactorizationInvariants {
    /// Betti elements (disconnected factorization graphs), increasing.
    pub betti_elements: Vec<u64>,
    /// A minimal presentation: for each Betti element b with t components, t − 1 relations.
    pub minimal_presentation: Vec<Relation>,
    /// Σ (t_b − 1): the cardinality of every minimal presentation.
    pub presentation_size: usize,
    /// The Delta set Δ(S): every difference of consecutive lengths of an element, increasing.
    pub delta_set: Vec<u64>,
    /// The catenary degree c(S), the largest catenary degree of a Betti element.
    pub catenary_degree: u64,
}

/// Output of `number_theory.numerical_semigroup.invariants`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct InvariantsOutput {
    /// The minimal generators, increasing.
    pub minimal_generators: Vec<u64>,
    /// The multiplicity m (least positive element).
    pub multiplicity: u64,
    /// The embedding dimension (number of minimal generators).
    pub embedding_dimension: usize,
    /// The Frobenius number (largest gap; −1 when S = N).
    pub frobenius_number: i64,
    /// The conductor F + 1.
    pub conductor: u64,
    /// The genus: the number of gaps.
    pub genus: u64,
    /// The number of elements of S below the conductor.
    pub small_elements: u64,
    /// The Apéry set with respect to m, by residue 0, 1, …, m − 1.
    pub apery_set: Vec<u64>,
    /// The pseudo-Frobenius numbers, increasing.
    pub pseudo_frobenius: Vec<i64>,
    /// The type: the number of pseudo-Frobenius numbers.
    pub semigroup_type: usize,
    /// Symmetric (type 1): x ∈ S ⟺ F − x ∉ S.
    pub symmetric: bool,
    /// Pseudo-symmetric: the pseudo-Frobenius numbers are F/2 and F.
    pub pseudo_symmetric: bool,
    /// The elasticity ρ(S) = g_k / g₁ of the minimal generators.
    pub elasticity: Rational,
    /// The gaps, when asked.
    pub gaps: Option<Vec<u64>>,
    /// The factorization invariants, when asked.
    pub factorization: Option<FactorizationInvariants>,
}

/// `number_theory.numerical_semigroup.invariants`.
pub struct Invariants;

impl Query for Invariants {
    type Input = InvariantsInput;
    type Output = InvariantsOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_theory.numerical_semigroup.invariants",
            "Numerical semigroup invariants",
            "Numerical semigroup ⟨g₁, …, g_k⟩: minimal generators, Frobenius number, genus, Apéry set, type, symmetry, gaps; Betti elements, minimal presentation, Delta set, catenary degree.",
            "Exact and native: the Apéry set with respect to the multiplicity by shortest paths modulo m (m ≤ 10^5), \
             hence Frobenius number, conductor, genus, pseudo-Frobenius numbers, type, (pseudo-)symmetry; with \
             `factorization`, Betti elements from the components of their factorization graphs, a minimal \
             presentation, the Delta set up to Chapman–Hoyer–Kaplan's periodicity bound, and the catenary degree.",
            &[
                "numerical-semigroup",
                "frobenius-number",
                "coin-problem",
                "genus",
                "apery-set",
                "betti-elements",
                "minimal-presentation",
                "delta-set",
                "catenary-degree",
                "elasticity",
                "pseudo-frobenius",
                "symmetric",
                "gaps",
            ],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("semigroup.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("The McNugget semigroup ⟨6, 9, 20⟩", Mode::Explore, json!({"generators": [6, 9, 20], "gaps": true})),
            (
                "Betti elements, presentation and Delta set of ⟨13, 45, 60, 89⟩",
                Mode::Explore,
                json!({"generators": [13, 45, 60, 89], "factorization": true}),
            ),
        ]
    }
    fn validate(&self, i: &InvariantsInput) -> Result<(), Diagnostic> {
        validate_generators(&i.generators)
    }
    fn bounds(&self, i: &InvariantsInput) -> Result<(), Refusal> {
        bound_generators(&i.generators, MAX_MULTIPLICITY)?;
        if i.factorization {
            bound_generators(&i.generators, MAX_FACTORIZATION_MULTIPLICITY)?;
            let s = Semigroup::new(&i.generators);
            if delta_range(&s.gens) > MAX_DELTA_RANGE {
                let d = Diagnostic::at(
                    "/factorization",
                    "TOO_LARGE",
                    format!("the Delta set scans 2·k·g₂·g_k² + g₁·g_k ≤ {MAX_DELTA_RANGE} integers"),
                );
                return Err(Refusal::Unsupported(d));
            }
        }
        Ok(())
    }
    fn answer(&self, i: &InvariantsInput, ctx: &AdapterContext) -> Result<Answer<InvariantsOutput>, AdapterError> {
        let s = Semigroup::new(&i.generators);
        let (m, f) = (s.m(), s.frobenius());
        let genus = s.genus();
        let pf = s.pseudo_frobenius();
        let conductor = (f + 1) as u64;
        let gaps = (i.gaps && genus <= MAX_GAPS).then(|| (1..conductor).filter(|&x| !s.contains(x)).collect());
        let factorization = if i.factorization { Some(factorization_invariants(&s, ctx)?) } else { None };
        let last = *s.gens.last().unwrap_or(&1);
        let mut answer: Answer<InvariantsOutput> = InvariantsOutput {
            multiplicity: m,
            embedding_dimension: s.gens.len(),
            frobenius_number: f,
            conductor,
            genus,
            small_elements: conductor - genus,
            apery_set: s.apery.clone(),
            semigroup_type: pf.len(),
            symmetric: pf.len() == 1,
            pseudo_symmetric: f > 0 && f % 2 == 0 && pf == [f / 2, f],
            pseudo_frobenius: pf,
            elasticity: Rational::fraction(&BigInt::from(last), &BigInt::from(m)),
            gaps,
            factorization,
            minimal_generators: s.gens,
        }
        .into();
        if i.gaps && genus > MAX_GAPS {
            answer = answer.note("GAPS_OMITTED", format!("{genus} gaps; at most {MAX_GAPS} are listed"));
        }
        Ok(answer)
    }
}

fn delta_range(gens: &[u64]) -> u64 {
    let k = gens.len() as u64;
    let (g1, g2, gk) = (gens[0], *gens.get(1).unwrap_or(&gens[0]), gens[gens.len() - 1]);
    (2 * k).saturating_mul(g2).saturating_mul(gk).saturating_mul(gk).saturating_add(g1 * gk)
}

fn factorization_invariants(s: &Semigroup, ctx: &AdapterContext) -> Result<FactorizationInvariants, AdapterError> {
    let betti = s.betti(ctx)?;
    let mut presentation = vec![];
    let mut catenary_degree = 0;
    for &(b, _) in &betti {
        let comps = s.index_components(b);
        let reps: Vec<Vec<u64>> = comps
            .iter()
            .map(|c| {
                let i = c[0];
                let mut f = s.factor(b - s.gens[i]);
                f[i] += 1;
                f
            })
            .collect();
        for r in &reps[1..] {
            presentation.push(Relation { degree: b, pair: [reps[0].clone(), r.clone()] });
        }
        let z = s.factorizations(b, MAX_PAIRWISE, ctx)?.ok_or_else(|| {
            AdapterError::Unsupported(format!(
                "the Betti element {b} has more than {MAX_PAIRWISE} factorizations; the catenary degree is out of reach"
            ))
        })?;
        catenary_degree = catenary_degree.max(catenary(&z));
    }
    let delta_set = if s.gens.len() == 1 {
        BTreeSet::new()
    } else {
        let top = delta_range(&s.gens);
        let mu = s.least_parts(top, ctx)?;
        s.delta_set(top, &mu, ctx)?
    };
    Ok(FactorizationInvariants {
        betti_elements: betti.iter().map(|&(b, _)| b).collect(),
        presentation_size: presentation.len(),
        minimal_presentation: presentation,
        delta_set: delta_set.into_iter().collect(),
        catenary_degree,
    })
}

/// Input of `number_theory.numerical_semigroup.factorizations`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FactorizationsInput {
    /// Generators: 1 to 16 positive integers with gcd 1, each at most 10^6, the least at most 10^5.
    pub generators: Vec<u64>,
    /// The element n ≥ 0 (at most 2·10^7).
    pub element: u64,
    /// List at most this many factorizations (default 1,000, at most 100,000); lengths are complete regardless.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<usize>,
    /// Also give the factorization graph (factorizations joined when their supports meet) and the distance matrix, for at most 2,000 factorizations.
    #[serde(default)]
    pub graph: bool,
}

/// The factorization graph of an element.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FactorizationGraph {
    /// Edges [i, j] (i < j, indices into `factorizations`) between factorizations whose supports meet.
    pub edges: Vec<[usize; 2]>,
    /// Its connected components, as index lists.
    pub components: Vec<Vec<usize>>,
    /// d(x, y) = max(|x − gcd(x, y)|, |y − gcd(x, y)|) for every pair.
    pub distances: Vec<Vec<u64>>,
}

/// Output of `number_theory.numerical_semigroup.factorizations`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FactorizationsOutput {
    /// The minimal generators: the coordinates of every factorization.
    pub minimal_generators: Vec<u64>,
    /// Whether n ∈ S.
    pub member: bool,
    /// The factorizations of n, lexicographically, when there are at most `limit`.
    pub factorizations: Option<Vec<Vec<u64>>>,
    /// How many factorizations n has, when listed.
    pub factorization_count: Option<usize>,
    /// The set of lengths L(n), increasing.
    pub lengths: Vec<u64>,
    /// The elasticity ρ(n) = max L(n) / min L(n) (for n > 0 in S).
    pub elasticity: Option<Rational>,
    /// The Delta set Δ(n): differences of consecutive lengths.
    pub delta_set: Vec<u64>,
    /// The catenary degree c(n), when every factorization is listed and there are at most 2,000.
    pub catenary_degree: Option<u64>,
    /// The factorization graph and distance matrix, when asked.
    pub graph: Option<FactorizationGraph>,
}

/// `number_theory.numerical_semigroup.factorizations`.
pub struct Factorizations;

impl Query for Factorizations {
    type Input = FactorizationsInput;
    type Output = FactorizationsOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_theory.numerical_semigroup.factorizations",
            "Factorizations in a numerical semigroup",
            "Is n in the numerical semigroup ⟨g₁, …, g_k⟩; its factorizations, set of lengths, elasticity, Delta set, catenary degree, factorization graph and distances.",
            "Exact and native: membership from the Apéry set; every factorization n = Σ a_i g_i (up to a limit); \
             the complete set of lengths from least part counts (n ≤ 2·10^7), elasticity and Delta set; the \
             catenary degree as the bottleneck of a minimum spanning tree under the factorization distance; the \
             graph joining factorizations with a common generator.",
            &[
                "numerical-semigroup",
                "factorizations",
                "membership",
                "set-of-lengths",
                "elasticity",
                "delta-set",
                "catenary-degree",
                "factorization-graph",
                "distance",
                "coin-problem",
            ],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("semigroup.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "Factorizations of 72 in ⟨6, 13, 20⟩",
            Mode::Explore,
            json!({"generators": [6, 13, 20], "element": 72, "graph": true}),
        )]
    }
    fn validate(&self, i: &FactorizationsInput) -> Result<(), Diagnostic> {
        validate_generators(&i.generators)?;
        match i.limit {
            Some(l) if l > MAX_FACTORIZATIONS => {
                Err(Diagnostic::at("/limit", "OUT_OF_RANGE", format!("at most {MAX_FACTORIZATIONS}")))
            }
            _ => Ok(()),
        }
    }
    fn bounds(&self, i: &FactorizationsInput) -> Result<(), Refusal> {
        bound_generators(&i.generators, MAX_MULTIPLICITY)?;
        if i.element > MAX_ELEMENT {
            let d = Diagnostic::at("/element", "TOO_LARGE", format!("n is at most {MAX_ELEMENT}"));
            return Err(Refusal::Unsupported(d));
        }
        Ok(())
    }
    fn answer(
        &self,
        i: &FactorizationsInput,
        ctx: &AdapterContext,
    ) -> Result<Answer<FactorizationsOutput>, AdapterError> {
        let s = Semigroup::new(&i.generators);
        let n = i.element;
        let member = s.contains(n);
        let lengths = if member { s.lengths(n, &s.least_parts(n, ctx)?) } else { vec![] };
        let limit = i.limit.unwrap_or(1000);
        let z = if member { s.factorizations(n, limit, ctx)? } else { Some(vec![]) };
        let pairwise = z.as_ref().filter(|z| z.len() <= MAX_PAIRWISE);
        let graph = pairwise.filter(|_| i.graph).map(|z| {
            let meet = |x: &[u64], y: &[u64]| x.iter().zip(y).any(|(&a, &b)| a > 0 && b > 0);
            let edges: Vec<[usize; 2]> = (0..z.len())
                .flat_map(|a| (a + 1..z.len()).map(move |b| [a, b]))
                .filter(|&[a, b]| meet(&z[a], &z[b]))
                .collect();
            let mut comp: Vec<usize> = (0..z.len()).collect();
            for &[a, b] in &edges {
                let (ca, cb) = (comp[a], comp[b]);
                comp.iter_mut().filter(|c| **c == cb).for_each(|c| *c = ca);
            }
            let mut components: Vec<Vec<usize>> = vec![];
            for v in 0..z.len() {
                match components.iter_mut().find(|c| comp[c[0]] == comp[v]) {
                    Some(c) => c.push(v),
                    None => components.push(vec![v]),
                }
            }
            let distances = z.iter().map(|x| z.iter().map(|y| distance(x, y)).collect()).collect();
            FactorizationGraph { edges, components, distances }
        });
        Ok(FactorizationsOutput {
            minimal_generators: s.gens.clone(),
            member,
            factorization_count: z.as_ref().map(Vec::len),
            catenary_degree: pairwise.filter(|_| member).map(|z| catenary(z)),
            elasticity: elasticity(&lengths),
            delta_set: delta(&lengths),
            lengths,
            graph,
            factorizations: z,
        }
        .into())
    }
}
