//! Replay of statements about a permutation group given by generators, with the checker's own
//! Schreier–Sims algorithm: no backend is consulted.
//!
//! Evidence `group.permutation/v1`, semantics
//! `urn:jacobian:semantics:permutation-group-statements-hold:v1`, format
//! `PERMUTATION_GROUP_STATEMENTS_V1`, candidate `{}`. Claim `{"degree": n, "generators": [P, …],
//! "statements": [S, …]}` where a permutation `P` is its list of images of 1..=n (1-based).
//! Products are read left to right (p·q applies p first), as in GAP. Each `S` is an object with
//! one key:
//!
//! - `order: "N"` — |G| = N, by a base and strong generating set the checker builds itself
//!   (random Schreier–Sims from a fixed seed, completed by the deterministic Schreier–Sims test:
//!   every Schreier generator of every level sifts to the identity).
//! - `member: {element, word}` — `word` `[[i, e], …]` (generator index from 0, exponent) is
//!   evaluated and must equal `element`; `word: null` claims that `element` is not in G, which
//!   holds when sifting it through the checker's chain leaves a non-identity residue.
//! - `in_group: {element, member}` — membership decided by sifting through the checker's chain.
//! - `subgroup: {generators, order, normal}` — every generator sifts into G, the subgroup they
//!   generate has order N (its own chain), and `normal` (true, false or null for unclaimed) is
//!   decided by conjugating each subgroup generator by each generator of G and sifting.
//! - `sylow: {prime, generators}` — a subgroup of G whose order is the full power of `prime`
//!   dividing |G|.
//! - `abelian: bool` — whether the generators commute pairwise.
//! - `conjugate: {x, y, conjugator, within}` — `conjugator` c with c⁻¹·x·c = y; `within` is
//!   `"symmetric"` (c any permutation) or `"group"` (c sifts into G). `conjugator: null` with
//!   `within: "symmetric"` claims x and y are not conjugate in S_n: their cycle types differ.
//! - `orbit: {action, seed, orbit}` — the orbit of `seed` (a point, or a list of points acted
//!   on as a set or as a tuple: `action` `"points"`, `"sets"`, `"tuples"`) is exactly `orbit`,
//!   recomputed by closure under the generators (order of the listed elements free).
//! - `stabilizer_order: {action, seed, order}` — |Stab_G(seed)| = |G| / |orbit|.
//! - `orbits: [[p, …], …]` — the orbits of G on 1..=n, recomputed (order free).
//! - `transitive: bool`.
//! - `blocks: [[p, …], …]` — a block system of G: a partition of 1..=n into blocks of equal
//!   size that every generator maps onto blocks (a non-trivial one proves imprimitivity).
//! - `element_order: {element, order}` — the order of a permutation, from its cycle lengths.
//! - `homomorphism: {images, degree, well_defined, kernel}` — `images` (permutations of
//!   1..=`degree`, one per generator) define a homomorphism φ exactly when the pairs (g_i, h_i),
//!   acting on the disjoint union of both point sets, generate a group of order |G| (then its
//!   projection to G is a bijection). `well_defined` is that decision; when true, `kernel`
//!   `{order, generators}` has |ker φ| = |G| / |⟨h_i⟩|, each generator k a member with (k, 1)
//!   in the group of pairs, and together generating a group of that order.
//! - `isomorphism: {target, degree, images}` — H = ⟨`target`⟩ on 1..=`degree`; `images` φ(g_i)
//!   define a homomorphism (as above) whose image has order |G| = |H| and lies in H, so φ is an
//!   isomorphism G → H; `images: null` claims G ≇ H, replayed only when |G| ≠ |H|.
//!
//! Degrees above [`MAX_DEGREE`], orbits longer than [`MAX_ORBIT`] and chains whose transversals
//! would exceed [`MAX_TRANSVERSAL_ENTRIES`] are not replayed (inconclusive).

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use jacobian_runtime::{CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Verdict};
use num_bigint::BigUint;
use num_integer::Integer;
use serde_json::{Map, Value};

use crate::evidence::collected::{Step, Stop, array, bad, expect, field, object, verdict};

/// Evidence kind replayed.
pub const GROUP_EVIDENCE: &str = "group.permutation/v1";
/// Semantics: every statement holds of the group generated.
pub const GROUP_SEMANTICS: &str = "urn:jacobian:semantics:permutation-group-statements-hold:v1";
/// Certificate format.
pub const GROUP_FORMAT: &str = "PERMUTATION_GROUP_STATEMENTS_V1";
/// Largest degree replayed.
pub const MAX_DEGREE: usize = 4096;
/// Most generators.
pub const MAX_GENERATORS: usize = 64;
/// Most statements.
pub const MAX_STATEMENTS: usize = 256;
/// Longest orbit recomputed (of points, sets or tuples).
pub const MAX_ORBIT: usize = 200_000;
/// Most entries stored in the transversals of the stabilizer chain.
pub const MAX_TRANSVERSAL_ENTRIES: usize = 50_000_000;
/// Most letters of a word (exponents counted by absolute value).
pub const MAX_WORD_LETTERS: u64 = 1_000_000;

static IDENTITY: LazyLock<CheckerIdentity> = LazyLock::new(|| {
    CheckerIdentity::from_source("jacobian.check.permutation_group", "1.0.0", include_str!("group.rs"))
});

/// Checks statements about a permutation group by Schreier–Sims, sifting and replay.
pub struct PermutationGroupStatements;

/// A permutation of 0..n as its images.
pub type Perm = Vec<u32>;

/// p·q: p first, then q.
pub fn mul(p: &[u32], q: &[u32]) -> Perm {
    p.iter().map(|&x| q[x as usize]).collect()
}

/// p⁻¹.
pub fn inv(p: &[u32]) -> Perm {
    let mut r = vec![0; p.len()];
    for (i, &x) in p.iter().enumerate() {
        r[x as usize] = i as u32;
    }
    r
}

fn is_identity(p: &[u32]) -> bool {
    p.iter().enumerate().all(|(i, &x)| x as usize == i)
}

/// The cycle lengths of p, sorted decreasing (fixed points included).
pub fn cycle_type(p: &[u32]) -> Vec<usize> {
    let mut seen = vec![false; p.len()];
    let mut out = vec![];
    for s in 0..p.len() {
        let (mut x, mut len) = (s, 0);
        while !seen[x] {
            seen[x] = true;
            x = p[x] as usize;
            len += 1;
        }
        if len > 0 {
            out.push(len);
        }
    }
    out.sort_unstable_by(|a, b| b.cmp(a));
    out
}

/// One level of a stabilizer chain: its base point, the strong generators fixing the earlier
/// base points, and the transversal (u with point·u = β, and u⁻¹) over the basic orbit.
struct Level {
    point: usize,
    gens: Vec<Perm>,
    orbit: Vec<usize>,
    trans: HashMap<usize, (Perm, Perm)>,
}

impl Level {
    fn new(point: usize, n: usize) -> Self {
        let id: Perm = (0..n as u32).collect();
        Level { point, gens: vec![], orbit: vec![point], trans: HashMap::from([(point, (id.clone(), id))]) }
    }

    /// Extends the orbit and transversal to closure under `gens`.
    fn close(&mut self, entries: &mut usize, n: usize) -> Step<()> {
        let mut i = 0;
        // Re-scan the whole orbit: a new generator can move old points outside.
        while i < self.orbit.len() {
            let g = self.orbit[i];
            for s in 0..self.gens.len() {
                let d = self.gens[s][g] as usize;
                if !self.trans.contains_key(&d) {
                    *entries += 2 * n;
                    if *entries > MAX_TRANSVERSAL_ENTRIES {
                        return Err(Stop::Limit(format!(
                            "the stabilizer chain needs more than {MAX_TRANSVERSAL_ENTRIES} transversal entries"
                        )));
                    }
                    let u = mul(&self.trans[&g].0, &self.gens[s]);
                    let ui = inv(&u);
                    self.trans.insert(d, (u, ui));
                    self.orbit.push(d);
                }
            }
            i += 1;
        }
        Ok(())
    }
}

/// A base and strong generating set.
pub struct Chain {
    n: usize,
    levels: Vec<Level>,
    entries: usize,
}

/// xorshift64*, for the random phase (the result never depends on it, only the speed).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, k: usize) -> usize {
        (self.next() % k as u64) as usize
    }
}

impl Chain {
    /// Builds a complete stabilizer chain of the group generated by `gens` (permutations of
    /// 0..n): Schreier–Sims, randomized for speed and completed deterministically.
    pub fn new(n: usize, gens: &[Perm], stop: &dyn Fn() -> bool) -> Step<Chain> {
        let mut chain = Chain { n, levels: vec![], entries: 0 };
        for g in gens {
            chain.add_residue(g.clone(), 0)?;
        }
        // Random phase: product replacement, sifting random elements.
        if gens.iter().any(|g| !is_identity(g)) {
            let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
            let mut pool: Vec<Perm> = gens.to_vec();
            while pool.len() < 10 {
                pool.push(gens[pool.len() % gens.len()].clone());
            }
            let mut acc: Perm = (0..n as u32).collect();
            let mut quiet = 0;
            while quiet < 24 {
                if stop() {
                    return Err(Stop::interrupted());
                }
                let (i, j) = (rng.below(pool.len()), rng.below(pool.len()));
                if i != j {
                    pool[i] = if rng.next() & 1 == 0 { mul(&pool[i], &pool[j]) } else { mul(&pool[j], &pool[i]) };
                    acc = mul(&acc, &pool[i]);
                }
                let (h, level) = chain.sift(acc.clone(), 0);
                if is_identity(&h) {
                    quiet += 1;
                } else {
                    quiet = 0;
                    chain.add_residue(h, level)?;
                }
            }
        }
        // Deterministic completion: the Schreier–Sims test, bottom level up.
        let mut i = chain.levels.len();
        while i > 0 {
            let at = i - 1;
            let mut found = None;
            'level: for bi in 0..chain.levels[at].orbit.len() {
                if stop() {
                    return Err(Stop::interrupted());
                }
                let beta = chain.levels[at].orbit[bi];
                for s in 0..chain.levels[at].gens.len() {
                    let level = &chain.levels[at];
                    let gamma = level.gens[s][beta] as usize;
                    let g = mul(&mul(&level.trans[&beta].0, &level.gens[s]), &level.trans[&gamma].1);
                    let (h, drop) = chain.sift(g, at + 1);
                    if !is_identity(&h) {
                        found = Some((h, drop));
                        break 'level;
                    }
                }
            }
            match found {
                Some((h, drop)) => {
                    chain.add_residue_from(h, at + 1, drop)?;
                    i = drop.min(chain.levels.len() - 1) + 1;
                }
                None => i -= 1,
            }
        }
        Ok(chain)
    }

    /// Sifts g from level `from`: the residue and the level where it stopped (the number of
    /// levels when it passed them all).
    pub fn sift(&self, mut g: Perm, from: usize) -> (Perm, usize) {
        for (k, level) in self.levels.iter().enumerate().skip(from) {
            let beta = g[level.point] as usize;
            match level.trans.get(&beta) {
                Some((_, ui)) => g = mul(&g, ui),
                None => return (g, k),
            }
        }
        let depth = self.levels.len();
        (g, depth)
    }

    fn add_residue(&mut self, h: Perm, drop: usize) -> Step<()> {
        self.add_residue_from(h, 0, drop)
    }

    /// Adds a non-identity h (fixing the base points of levels below `drop`) to the strong
    /// generators of levels `from..=drop`, opening a level when h fixes every base point.
    fn add_residue_from(&mut self, h: Perm, from: usize, drop: usize) -> Step<()> {
        if is_identity(&h) {
            return Ok(());
        }
        if drop == self.levels.len() {
            let moved = h.iter().enumerate().find(|(i, x)| **x as usize != *i).map_or(0, |(i, _)| i);
            self.levels.push(Level::new(moved, self.n));
        }
        for k in from..=drop {
            self.levels[k].gens.push(h.clone());
            let level = &mut self.levels[k];
            level.close(&mut self.entries, self.n)?;
        }
        Ok(())
    }

    /// |G| = Π |basic orbits|.
    pub fn order(&self) -> BigUint {
        self.levels.iter().fold(BigUint::from(1u32), |acc, l| acc * BigUint::from(l.orbit.len()))
    }

    /// Whether g is in the group.
    pub fn contains(&self, g: &[u32]) -> bool {
        is_identity(&self.sift(g.to_vec(), 0).0)
    }
}

/// The orbits of the group on 0..n, each sorted, sorted by least point.
pub fn orbits(n: usize, gens: &[Perm]) -> Vec<Vec<usize>> {
    let mut seen = vec![false; n];
    let mut out = vec![];
    for s in 0..n {
        if seen[s] {
            continue;
        }
        seen[s] = true;
        let mut orbit = vec![s];
        let mut i = 0;
        while i < orbit.len() {
            for g in gens {
                let d = g[orbit[i]] as usize;
                if !seen[d] {
                    seen[d] = true;
                    orbit.push(d);
                }
            }
            i += 1;
        }
        orbit.sort_unstable();
        out.push(orbit);
    }
    out
}

/// How points, sets and tuples are acted on.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Action {
    Points,
    Sets,
    Tuples,
}

fn act(a: Action, seed: &[usize], g: &[u32]) -> Vec<usize> {
    let mut v: Vec<usize> = seed.iter().map(|&x| g[x] as usize).collect();
    if a == Action::Sets {
        v.sort_unstable();
    }
    v
}

fn orbit_of(a: Action, seed: Vec<usize>, gens: &[Perm], stop: &dyn Fn() -> bool) -> Step<HashSet<Vec<usize>>> {
    let mut seen = HashSet::from([seed.clone()]);
    let mut queue = vec![seed];
    let mut i = 0;
    while i < queue.len() {
        if i % 1024 == 0 && stop() {
            return Err(Stop::interrupted());
        }
        for g in gens {
            let image = act(a, &queue[i], g);
            if seen.insert(image.clone()) {
                if seen.len() > MAX_ORBIT {
                    return Err(Stop::Limit(format!("an orbit longer than {MAX_ORBIT}")));
                }
                queue.push(image);
            }
        }
        i += 1;
    }
    Ok(seen)
}

/// The claim, read: degree, generators (0-based), statements.
struct Claim<'a> {
    n: usize,
    gens: Vec<Perm>,
    statements: &'a [Value],
}

fn perm(v: &Value, path: &str, n: usize) -> Step<Perm> {
    let items = array(v, path)?;
    if items.len() != n {
        return bad(path, "WRONG_DEGREE", format!("a permutation of 1..{n} lists {n} images"));
    }
    let mut seen = vec![false; n];
    let mut out = Vec::with_capacity(n);
    for (i, x) in items.iter().enumerate() {
        let Some(x) = x.as_u64().filter(|&x| x >= 1 && x as usize <= n) else {
            return bad(format!("{path}/{i}"), "NOT_A_POINT", format!("an integer from 1 to {n}"));
        };
        let x = x as usize - 1;
        if std::mem::replace(&mut seen[x], true) {
            return bad(format!("{path}/{i}"), "REPEATED_IMAGE", "not a permutation");
        }
        out.push(x as u32);
    }
    Ok(out)
}

fn point(v: &Value, path: &str, n: usize) -> Step<usize> {
    match v.as_u64().filter(|&x| x >= 1 && x as usize <= n) {
        Some(x) => Ok(x as usize - 1),
        None => bad(path, "NOT_A_POINT", format!("an integer from 1 to {n}")),
    }
}

fn points(v: &Value, path: &str, n: usize) -> Step<Vec<usize>> {
    array(v, path)?.iter().enumerate().map(|(i, x)| point(x, &format!("{path}/{i}"), n)).collect()
}

fn big(v: &Value, path: &str) -> Step<BigUint> {
    let s = v.as_str().unwrap_or("");
    if s.is_empty() || s.len() > 10_000 || !s.bytes().all(|b| b.is_ascii_digit()) || (s.starts_with('0') && s != "0") {
        return bad(path, "NOT_A_NATURAL", "a canonical decimal string");
    }
    s.parse().or_else(|_| bad(path, "NOT_A_NATURAL", "a canonical decimal string"))
}

fn read(e: &Evidence) -> Step<Claim<'_>> {
    expect(e, GROUP_EVIDENCE, GROUP_SEMANTICS, GROUP_FORMAT, "permutation group")?;
    object(&e.candidate, "/candidate", &[])?;
    let claim = object(&e.claim, "/claim", &["degree", "generators", "statements"])?;
    let n = match field(claim, "/claim", "degree")?.as_u64() {
        Some(n) if n as usize > MAX_DEGREE => return Err(Stop::Limit(format!("degree above {MAX_DEGREE}"))),
        Some(n) => n as usize,
        None => return bad("/claim/degree", "NOT_A_NATURAL", "the degree"),
    };
    let gens_v = array(field(claim, "/claim", "generators")?, "/claim/generators")?;
    if gens_v.len() > MAX_GENERATORS {
        return bad("/claim/generators", "TOO_MANY", format!("at most {MAX_GENERATORS} generators"));
    }
    let gens = gens_v
        .iter()
        .enumerate()
        .map(|(i, g)| perm(g, &format!("/claim/generators/{i}"), n))
        .collect::<Step<Vec<_>>>()?;
    let statements = array(field(claim, "/claim", "statements")?, "/claim/statements")?;
    if statements.is_empty() || statements.len() > MAX_STATEMENTS {
        return bad("/claim/statements", "BAD_LENGTH", format!("1 to {MAX_STATEMENTS} statements"));
    }
    Ok(Claim { n, gens, statements })
}

fn action(v: &Value, path: &str) -> Step<Action> {
    match v.as_str() {
        Some("points") => Ok(Action::Points),
        Some("sets") => Ok(Action::Sets),
        Some("tuples") => Ok(Action::Tuples),
        _ => bad(path, "BAD_ACTION", "\"points\", \"sets\" or \"tuples\""),
    }
}

fn seed(a: Action, v: &Value, path: &str, n: usize) -> Step<Vec<usize>> {
    match a {
        Action::Points => Ok(vec![point(v, path, n)?]),
        _ => {
            let mut s = points(v, path, n)?;
            if s.is_empty() {
                return bad(path, "EMPTY", "at least one point");
            }
            if a == Action::Sets {
                s.sort_unstable();
            }
            if s.windows(2).any(|w| w[0] == w[1])
                || (a == Action::Tuples && s.iter().collect::<HashSet<_>>().len() != s.len())
            {
                return bad(path, "REPEATED_POINT", "the points are distinct");
            }
            Ok(s)
        }
    }
}

/// The `degree` of a statement about a second group, within the checker's limit.
fn degree_of(m: &Map<String, Value>, at: &str) -> Step<usize> {
    match field(m, at, "degree")?.as_u64() {
        Some(d) if d as usize > MAX_DEGREE => Err(Stop::Limit(format!("degree above {MAX_DEGREE}"))),
        Some(d) => Ok(d as usize),
        None => bad(format!("{at}/degree"), "NOT_A_NATURAL", "the degree of the images"),
    }
}

/// The statement's `degree` and `images`, one permutation per generator of G.
fn images_of(m: &Map<String, Value>, at: &str, c: &Claim) -> Step<(usize, Vec<Perm>)> {
    let deg = degree_of(m, at)?;
    if c.n + deg > MAX_DEGREE {
        return Err(Stop::Limit(format!("degrees summing above {MAX_DEGREE}")));
    }
    let ip = format!("{at}/images");
    let iv = array(field(m, at, "images")?, &ip)?;
    if iv.len() != c.gens.len() {
        return bad(ip, "WRONG_LENGTH", format!("one image for each of the {} generators", c.gens.len()));
    }
    let images = iv.iter().enumerate().map(|(i, x)| perm(x, &format!("{ip}/{i}"), deg)).collect::<Step<Vec<_>>>()?;
    Ok((deg, images))
}

/// The pairs (g_i, h_i) as permutations of 0..n+m (h_i shifted by n).
fn paired(gens: &[Perm], images: &[Perm], n: usize) -> Vec<Perm> {
    gens.iter().zip(images).map(|(g, h)| g.iter().copied().chain(h.iter().map(|&x| x + n as u32)).collect()).collect()
}

/// Evaluates a word `[[i, e], …]` in the generators.
fn word(v: &Value, path: &str, c: &Claim) -> Step<Perm> {
    let mut out: Perm = (0..c.n as u32).collect();
    let mut letters = 0u64;
    for (k, syl) in array(v, path)?.iter().enumerate() {
        let at = format!("{path}/{k}");
        let pair = array(syl, &at)?;
        let (Some(i), Some(e)) = (pair.first().and_then(Value::as_u64), pair.get(1).and_then(Value::as_i64)) else {
            return bad(at, "BAD_SYLLABLE", "[generator index, exponent]");
        };
        if pair.len() != 2 || i as usize >= c.gens.len() || e == 0 {
            return bad(at, "BAD_SYLLABLE", "[generator index, non-zero exponent]");
        }
        letters += e.unsigned_abs();
        if letters > MAX_WORD_LETTERS {
            return Err(Stop::Limit(format!("a word longer than {MAX_WORD_LETTERS} letters")));
        }
        let g = &c.gens[i as usize];
        let step = if e < 0 { inv(g) } else { g.clone() };
        for _ in 0..e.unsigned_abs() {
            out = mul(&out, &step);
        }
    }
    Ok(out)
}

fn element_order(p: &[u32]) -> BigUint {
    cycle_type(p).into_iter().fold(BigUint::from(1u32), |acc, l| acc.lcm(&BigUint::from(l)))
}

fn one_key<'a>(s: &'a Value, path: &str) -> Step<(&'a str, &'a Value)> {
    match s.as_object().map(Map::iter).map(|mut it| (it.next(), it.next())) {
        Some((Some((k, v)), None)) => Ok((k.as_str(), v)),
        _ => bad(path, "NOT_A_STATEMENT", "an object with exactly one key"),
    }
}

/// The chain of the claim's group, built on first use.
fn chain_of<'a>(slot: &'a mut Option<Chain>, c: &Claim, stop: &dyn Fn() -> bool) -> Step<&'a Chain> {
    if slot.is_none() {
        *slot = Some(Chain::new(c.n, &c.gens, stop)?);
    }
    Ok(slot.as_ref().expect("just built"))
}

fn replay(e: &Evidence, cx: &CheckContext) -> Step<String> {
    let c = read(e)?;
    let stop = || cx.should_stop();
    let mut chain: Option<Chain> = None;
    let mut kinds = vec![];
    for (k, s) in c.statements.iter().enumerate() {
        let path = format!("/claim/statements/{k}");
        let (key, body) = one_key(s, &path)?;
        let at = format!("{path}/{key}");
        match key {
            "order" => {
                let n = big(body, &at)?;
                let order = chain_of(&mut chain, &c, &stop)?.order();
                if order != n {
                    return bad(at, "WRONG_ORDER", format!("the group has order {order}"));
                }
            }
            "member" => {
                let m = object(body, &at, &["element", "word"])?;
                let x = perm(field(m, &at, "element")?, &format!("{at}/element"), c.n)?;
                match field(m, &at, "word")? {
                    Value::Null => {
                        if chain_of(&mut chain, &c, &stop)?.contains(&x) {
                            return bad(format!("{at}/word"), "IS_A_MEMBER", "the element sifts into the group");
                        }
                    }
                    w => {
                        if word(w, &format!("{at}/word"), &c)? != x {
                            return bad(format!("{at}/word"), "WRONG_WORD", "the word evaluates to another element");
                        }
                    }
                }
            }
            "in_group" => {
                let m = object(body, &at, &["element", "member"])?;
                let x = perm(field(m, &at, "element")?, &format!("{at}/element"), c.n)?;
                let Some(claimed) = field(m, &at, "member")?.as_bool() else {
                    return bad(format!("{at}/member"), "NOT_A_BOOLEAN", "true or false");
                };
                if chain_of(&mut chain, &c, &stop)?.contains(&x) != claimed {
                    return bad(format!("{at}/member"), "WRONG_MEMBERSHIP", "sifting decides otherwise");
                }
            }
            "subgroup" | "sylow" => {
                let fields: &[&str] =
                    if key == "subgroup" { &["generators", "order", "normal"] } else { &["prime", "generators"] };
                let m = object(body, &at, fields)?;
                let gp = format!("{at}/generators");
                let hv = array(field(m, &at, "generators")?, &gp)?;
                if hv.len() > MAX_GENERATORS {
                    return bad(gp, "TOO_MANY", format!("at most {MAX_GENERATORS} generators"));
                }
                let h =
                    hv.iter().enumerate().map(|(i, g)| perm(g, &format!("{gp}/{i}"), c.n)).collect::<Step<Vec<_>>>()?;
                let g_chain = chain_of(&mut chain, &c, &stop)?;
                if let Some(i) = h.iter().position(|x| !g_chain.contains(x)) {
                    return bad(format!("{gp}/{i}"), "NOT_IN_GROUP", "the generator does not sift into the group");
                }
                let group_order = g_chain.order();
                let h_chain = Chain::new(c.n, &h, &stop)?;
                let h_order = h_chain.order();
                if key == "subgroup" {
                    let n = big(field(m, &at, "order")?, &format!("{at}/order"))?;
                    if n != h_order {
                        return bad(format!("{at}/order"), "WRONG_ORDER", format!("the subgroup has order {h_order}"));
                    }
                    let normal = c.gens.iter().all(|g| h.iter().all(|x| h_chain.contains(&mul(&mul(&inv(g), x), g))));
                    match field(m, &at, "normal")? {
                        Value::Null => {}
                        Value::Bool(b) if *b == normal => {}
                        Value::Bool(_) => {
                            return bad(
                                format!("{at}/normal"),
                                "WRONG_NORMALITY",
                                "conjugating generators decides otherwise",
                            );
                        }
                        _ => return bad(format!("{at}/normal"), "NOT_A_BOOLEAN", "true, false or null"),
                    }
                } else {
                    let p = match field(m, &at, "prime")?.as_u64() {
                        Some(p)
                            if (2..1 << 32).contains(&p)
                                && (2..).take_while(|d| d * d <= p).all(|d| !p.is_multiple_of(d)) =>
                        {
                            p
                        }
                        _ => return bad(format!("{at}/prime"), "NOT_PRIME", "a prime below 2^32"),
                    };
                    let (bp, mut part, mut rest) = (BigUint::from(p), BigUint::from(1u32), group_order.clone());
                    while (&rest % &bp) == BigUint::from(0u32) {
                        rest /= &bp;
                        part *= &bp;
                    }
                    if h_order != part {
                        return bad(
                            gp,
                            "NOT_SYLOW",
                            format!("the subgroup has order {h_order}, the {p}-part of |G| is {part}"),
                        );
                    }
                }
            }
            "abelian" => {
                let Some(claimed) = body.as_bool() else { return bad(at, "NOT_A_BOOLEAN", "true or false") };
                let commute = c.gens.iter().all(|a| c.gens.iter().all(|b| mul(a, b) == mul(b, a)));
                if commute != claimed {
                    return bad(at, "WRONG_COMMUTATIVITY", "the generators decide otherwise");
                }
            }
            "conjugate" => {
                let m = object(body, &at, &["x", "y", "conjugator", "within"])?;
                let x = perm(field(m, &at, "x")?, &format!("{at}/x"), c.n)?;
                let y = perm(field(m, &at, "y")?, &format!("{at}/y"), c.n)?;
                let within = match field(m, &at, "within")?.as_str() {
                    Some("symmetric") => false,
                    Some("group") => true,
                    _ => return bad(format!("{at}/within"), "BAD_WITHIN", "\"symmetric\" or \"group\""),
                };
                match field(m, &at, "conjugator")? {
                    Value::Null if !within => {
                        if cycle_type(&x) == cycle_type(&y) {
                            return bad(
                                at,
                                "SAME_CYCLE_TYPE",
                                "x and y have one cycle type, so they are conjugate in S_n",
                            );
                        }
                    }
                    Value::Null => {
                        return bad(at, "UNSUPPORTED", "non-conjugacy within the group is not replayed");
                    }
                    cv => {
                        let cp = format!("{at}/conjugator");
                        let conj = perm(cv, &cp, c.n)?;
                        if mul(&mul(&inv(&conj), &x), &conj) != y {
                            return bad(cp, "NOT_A_CONJUGATOR", "c⁻¹·x·c ≠ y");
                        }
                        if within && !chain_of(&mut chain, &c, &stop)?.contains(&conj) {
                            return bad(cp, "NOT_IN_GROUP", "the conjugator does not sift into the group");
                        }
                    }
                }
            }
            "orbit" | "stabilizer_order" => {
                let other = if key == "orbit" { "orbit" } else { "order" };
                let m = object(body, &at, &["action", "seed", other])?;
                let a = action(field(m, &at, "action")?, &format!("{at}/action"))?;
                let sd = seed(a, field(m, &at, "seed")?, &format!("{at}/seed"), c.n)?;
                let orbit = orbit_of(a, sd, &c.gens, &stop)?;
                let op = format!("{at}/{other}");
                if key == "orbit" {
                    let listed = array(field(m, &at, "orbit")?, &op)?;
                    let mut claimed = HashSet::new();
                    for (i, v) in listed.iter().enumerate() {
                        let ip = format!("{op}/{i}");
                        let elem = seed(a, v, &ip, c.n)?;
                        if !claimed.insert(elem) {
                            return bad(ip, "REPEATED_ELEMENT", "listed twice");
                        }
                    }
                    if claimed != orbit {
                        return bad(op, "WRONG_ORBIT", format!("the orbit has {} elements", orbit.len()));
                    }
                } else {
                    let n = big(field(m, &at, "order")?, &op)?;
                    let order = chain_of(&mut chain, &c, &stop)?.order();
                    let len = BigUint::from(orbit.len());
                    if &n * &len != order {
                        return bad(op, "WRONG_ORDER", format!("|G| / |orbit| = {}", order / len));
                    }
                }
            }
            "orbits" | "blocks" => {
                let listed = array(body, &at)?;
                let mut parts = vec![];
                let mut cover = vec![false; c.n];
                for (i, v) in listed.iter().enumerate() {
                    let ip = format!("{at}/{i}");
                    let mut part = points(v, &ip, c.n)?;
                    if part.is_empty() {
                        return bad(ip, "EMPTY", "a part has a point");
                    }
                    for &p in &part {
                        if std::mem::replace(&mut cover[p], true) {
                            return bad(ip, "NOT_A_PARTITION", format!("point {} is in two parts", p + 1));
                        }
                    }
                    part.sort_unstable();
                    parts.push(part);
                }
                if cover.iter().any(|x| !x) {
                    return bad(at, "NOT_A_PARTITION", "the parts do not cover 1..n");
                }
                parts.sort();
                if key == "orbits" {
                    if parts != orbits(c.n, &c.gens) {
                        return bad(at, "WRONG_ORBITS", "the orbits of the generators differ");
                    }
                } else {
                    if parts.iter().any(|p| p.len() != parts[0].len()) {
                        return bad(at, "UNEQUAL_BLOCKS", "blocks of a block system have one size");
                    }
                    let mut block_of = vec![0; c.n];
                    for (b, p) in parts.iter().enumerate() {
                        p.iter().for_each(|&x| block_of[x] = b);
                    }
                    for (gi, g) in c.gens.iter().enumerate() {
                        for p in &parts {
                            let target = block_of[g[p[0]] as usize];
                            if p.iter().any(|&x| block_of[g[x] as usize] != target) {
                                return bad(
                                    format!("/claim/generators/{gi}"),
                                    "BLOCK_BROKEN",
                                    "a generator splits the image of a block",
                                );
                            }
                        }
                    }
                }
            }
            "transitive" => {
                let Some(claimed) = body.as_bool() else { return bad(at, "NOT_A_BOOLEAN", "true or false") };
                if (orbits(c.n, &c.gens).len() <= 1) != claimed {
                    return bad(at, "WRONG_TRANSITIVITY", "the generators have another number of orbits");
                }
            }
            "element_order" => {
                let m = object(body, &at, &["element", "order"])?;
                let x = perm(field(m, &at, "element")?, &format!("{at}/element"), c.n)?;
                let n = big(field(m, &at, "order")?, &format!("{at}/order"))?;
                if element_order(&x) != n {
                    return bad(format!("{at}/order"), "WRONG_ORDER", format!("the order is {}", element_order(&x)));
                }
            }
            "homomorphism" => {
                let m = object(body, &at, &["images", "degree", "well_defined", "kernel"])?;
                let (deg, images) = images_of(m, &at, &c)?;
                let Some(claimed) = field(m, &at, "well_defined")?.as_bool() else {
                    return bad(format!("{at}/well_defined"), "NOT_A_BOOLEAN", "true or false");
                };
                let order = chain_of(&mut chain, &c, &stop)?.order();
                let pairs = Chain::new(c.n + deg, &paired(&c.gens, &images, c.n), &stop)?;
                if (pairs.order() == order) != claimed {
                    return bad(
                        format!("{at}/well_defined"),
                        "WRONG_DECISION",
                        format!("the pairs (g_i, h_i) generate a group of order {} and |G| = {order}", pairs.order()),
                    );
                }
                let kp = format!("{at}/kernel");
                match (claimed, field(m, &at, "kernel")?) {
                    (false, Value::Null) => {}
                    (false, _) => return bad(kp, "UNEXPECTED", "no kernel without a homomorphism"),
                    (true, kv) => {
                        let k = object(kv, &kp, &["order", "generators"])?;
                        let n = big(field(k, &kp, "order")?, &format!("{kp}/order"))?;
                        let image = Chain::new(deg, &images, &stop)?.order();
                        if &n * &image != order {
                            return bad(
                                format!("{kp}/order"),
                                "WRONG_ORDER",
                                format!("|G| / |image| = {}", order / image),
                            );
                        }
                        let gp = format!("{kp}/generators");
                        let kv = array(field(k, &kp, "generators")?, &gp)?;
                        if kv.len() > MAX_GENERATORS {
                            return bad(gp, "TOO_MANY", format!("at most {MAX_GENERATORS} generators"));
                        }
                        let ks = kv
                            .iter()
                            .enumerate()
                            .map(|(i, x)| perm(x, &format!("{gp}/{i}"), c.n))
                            .collect::<Step<Vec<_>>>()?;
                        for (i, x) in ks.iter().enumerate() {
                            let mut pair = x.clone();
                            pair.extend(c.n as u32..(c.n + deg) as u32);
                            if !pairs.contains(&pair) {
                                return bad(format!("{gp}/{i}"), "NOT_IN_KERNEL", "(k, 1) is not a pair (g, φ(g))");
                            }
                        }
                        if Chain::new(c.n, &ks, &stop)?.order() != n {
                            return bad(gp, "WRONG_KERNEL", "the generators generate a smaller group than the kernel");
                        }
                    }
                }
            }
            "isomorphism" => {
                let m = object(body, &at, &["target", "degree", "images"])?;
                let deg = degree_of(m, &at)?;
                let tp = format!("{at}/target");
                let tv = array(field(m, &at, "target")?, &tp)?;
                if tv.len() > MAX_GENERATORS {
                    return bad(tp, "TOO_MANY", format!("at most {MAX_GENERATORS} generators"));
                }
                let target =
                    tv.iter().enumerate().map(|(i, x)| perm(x, &format!("{tp}/{i}"), deg)).collect::<Step<Vec<_>>>()?;
                let h_chain = Chain::new(deg, &target, &stop)?;
                let order = chain_of(&mut chain, &c, &stop)?.order();
                if field(m, &at, "images")?.is_null() {
                    if h_chain.order() == order {
                        return bad(
                            format!("{at}/images"),
                            "UNSUPPORTED",
                            "non-isomorphism of groups of one order is not replayed",
                        );
                    }
                } else {
                    let (_, images) = images_of(m, &at, &c)?;
                    let ip = format!("{at}/images");
                    if let Some(i) = images.iter().position(|x| !h_chain.contains(x)) {
                        return bad(format!("{ip}/{i}"), "NOT_IN_TARGET", "the image does not sift into H");
                    }
                    if h_chain.order() != order {
                        return bad(tp, "WRONG_ORDER", format!("|H| = {} and |G| = {order}", h_chain.order()));
                    }
                    if Chain::new(c.n + deg, &paired(&c.gens, &images, c.n), &stop)?.order() != order {
                        return bad(ip, "NOT_A_HOMOMORPHISM", "the pairs (g_i, φ(g_i)) generate a group larger than G");
                    }
                    if Chain::new(deg, &images, &stop)?.order() != order {
                        return bad(ip, "NOT_SURJECTIVE", "the images generate a proper subgroup of H");
                    }
                }
            }
            _ => return bad(path, "UNKNOWN_STATEMENT", format!("`{key}` is not a statement of this format")),
        }
        kinds.push(key);
    }
    kinds.dedup();
    Ok(format!(
        "replayed {} statements ({}) by Schreier–Sims, sifting and orbit closure",
        c.statements.len(),
        kinds.join(", ")
    ))
}

impl Checker for PermutationGroupStatements {
    fn identity(&self) -> &CheckerIdentity {
        &IDENTITY
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[GROUP_EVIDENCE]
    }

    fn check(&self, e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        verdict(replay(e, cx))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jacobian_runtime::artifact::{ArtifactReader, MemoryArtifactStore};
    use jacobian_runtime::{CancellationToken, Digest, Scope};
    use serde_json::json;

    fn cx() -> CheckContext {
        CheckContext {
            artifacts: ArtifactReader::new(std::sync::Arc::new(MemoryArtifactStore::new())),
            cancel: CancellationToken::new(),
            deadline: std::time::Instant::now() + std::time::Duration::from_secs(120),
        }
    }

    fn evidence(degree: usize, gens: &[Vec<u32>], statements: Value) -> Evidence {
        Evidence {
            kind: GROUP_EVIDENCE.into(),
            claim: json!({"degree": degree, "generators": gens, "statements": statements}),
            semantics: GROUP_SEMANTICS.into(),
            candidate: json!({}),
            scope: Scope::exact_input("group", Digest::of_bytes(b"t")),
            certificate_format: GROUP_FORMAT.into(),
            artifacts: vec![],
        }
    }

    fn run(e: &Evidence) -> Verdict {
        PermutationGroupStatements.check(e, &cx()).expect("not interrupted")
    }

    fn accepted(v: &Verdict) -> bool {
        matches!(v, Verdict::Accepted { .. })
    }

    /// A permutation of 1..=n (1-based images) from cycles.
    fn cyc(n: usize, cycles: &[&[u32]]) -> Vec<u32> {
        let mut p: Vec<u32> = (1..=n as u32).collect();
        for c in cycles {
            for (i, &x) in c.iter().enumerate() {
                p[x as usize - 1] = c[(i + 1) % c.len()];
            }
        }
        p
    }

    fn zero(gens: &[Vec<u32>]) -> Vec<Perm> {
        gens.iter().map(|g| g.iter().map(|x| x - 1).collect()).collect()
    }

    fn order_of(n: usize, gens: &[Vec<u32>]) -> BigUint {
        Chain::new(n, &zero(gens), &|| false).ok().unwrap().order()
    }

    /// The closure of the generators by breadth-first search: an independent order.
    fn brute_order(n: usize, gens: &[Vec<u32>]) -> usize {
        let gens = zero(gens);
        let id: Perm = (0..n as u32).collect();
        let mut seen = HashSet::from([id.clone()]);
        let mut queue = vec![id];
        while let Some(x) = queue.pop() {
            for g in &gens {
                let y = mul(&x, g);
                if seen.insert(y.clone()) {
                    queue.push(y);
                }
            }
        }
        seen.len()
    }

    /// M11 and M12 on 11 and 12 points (ATLAS generators).
    fn m11() -> Vec<Vec<u32>> {
        vec![cyc(11, &[&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]]), cyc(11, &[&[3, 7, 11, 8], &[4, 10, 5, 6]])]
    }
    fn m12() -> Vec<Vec<u32>> {
        vec![
            cyc(12, &[&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]]),
            cyc(12, &[&[3, 7, 11, 8], &[4, 10, 5, 6]]),
            cyc(12, &[&[1, 12], &[2, 11], &[3, 6], &[4, 8], &[5, 9], &[7, 10]]),
        ]
    }

    #[test]
    fn orders_of_standard_families() {
        let s = |n: usize| vec![cyc(n, &[&[1, 2]]), cyc(n, &[&(1..=n as u32).collect::<Vec<_>>()])];
        for n in 2..=9 {
            let fact: u64 = (1..=n as u64).product();
            assert_eq!(order_of(n, &s(n)), BigUint::from(fact), "S_{n}");
        }
        let a = |n: usize| (3..=n as u32).map(|k| cyc(n, &[&[1, 2, k]])).collect::<Vec<_>>();
        for n in 3..=10 {
            let fact: u64 = (1..=n as u64).product();
            assert_eq!(order_of(n, &a(n)), BigUint::from(fact / 2), "A_{n}");
        }
        for n in 3..=20usize {
            let r = cyc(n, &[&(1..=n as u32).collect::<Vec<_>>()]);
            let f: Vec<u32> = (0..n as u32).map(|i| ((n as u32 - i) % n as u32) + 1).collect();
            assert_eq!(order_of(n, &[r, f]), BigUint::from(2 * n), "D_{n}");
        }
        assert_eq!(order_of(11, &m11()), BigUint::from(7920u32));
        assert_eq!(order_of(12, &m12()), BigUint::from(95040u32));
        assert_eq!(brute_order(11, &m11()), 7920);
        let s30 = s(30);
        let fact: BigUint = (1..=30u32).map(BigUint::from).product();
        assert_eq!(order_of(30, &s30), fact);
    }

    #[test]
    fn orders_agree_with_brute_force_on_generated_groups() {
        let mut rng = Rng(12345);
        for trial in 0..60 {
            let n = 3 + trial % 6;
            let k = 1 + trial % 3;
            let gens: Vec<Vec<u32>> = (0..k)
                .map(|_| {
                    let mut p: Vec<u32> = (1..=n as u32).collect();
                    // Sparse permutations often generate proper subgroups.
                    for _ in 0..(1 + rng.below(2)) {
                        let (i, j) = (rng.below(n), rng.below(n));
                        p.swap(i, j);
                    }
                    p
                })
                .collect();
            assert_eq!(order_of(n, &gens), BigUint::from(brute_order(n, &gens)), "{gens:?}");
        }
    }

    #[test]
    fn true_statements_pass_and_every_mutation_fails() {
        let g = m11();
        let x = mul(&zero(&g)[0], &zero(&g)[1]);
        let x1: Vec<u32> = x.iter().map(|v| v + 1).collect();
        let odd = cyc(11, &[&[1, 2]]);
        let conj = cyc(11, &[&[1, 5, 2]]);
        let (c0, o0) = (zero(std::slice::from_ref(&conj)).remove(0), zero(std::slice::from_ref(&odd)).remove(0));
        let y = mul(&mul(&inv(&c0), &o0), &c0);
        let y1: Vec<u32> = y.iter().map(|v| v + 1).collect();
        let good = json!([
            {"order": "7920"},
            {"member": {"element": x1, "word": [[0, 1], [1, 1]]}},
            {"member": {"element": odd, "word": null}},
            {"conjugate": {"x": odd, "y": y1, "conjugator": conj, "within": "symmetric"}},
            {"conjugate": {"x": odd, "y": cyc(11, &[&[1, 2, 3]]), "conjugator": null, "within": "symmetric"}},
            {"orbit": {"action": "points", "seed": 1, "orbit": (1..=11).collect::<Vec<_>>()}},
            {"stabilizer_order": {"action": "points", "seed": 1, "order": "720"}},
            {"stabilizer_order": {"action": "sets", "seed": [1, 2], "order": "144"}},
            {"orbits": [(1..=11).collect::<Vec<_>>()]},
            {"transitive": true},
            {"element_order": {"element": cyc(11, &[&[1, 2, 3], &[4, 5]]), "order": "6"}},
            {"in_group": {"element": x1, "member": true}},
            {"in_group": {"element": odd, "member": false}},
            {"abelian": false},
            {"subgroup": {"generators": [g[0].clone()], "order": "11", "normal": false}},
            {"sylow": {"prime": 11, "generators": [g[0].clone()]}},
            {"sylow": {"prime": 13, "generators": []}}
        ]);
        let v = run(&evidence(11, &g, good.clone()));
        assert!(accepted(&v), "{v:?}");
        let mutants = [
            json!([{"order": "7921"}]),
            json!([{"order": "95040"}]),
            json!([{"member": {"element": x1, "word": [[1, 1], [0, 1]]}}]),
            json!([{"member": {"element": x1, "word": null}}]),
            json!([{"member": {"element": x1, "word": [[0, 1], [2, 1]]}}]),
            json!([{"member": {"element": x1, "word": [[0, 0], [1, 1]]}}]),
            json!([{"conjugate": {"x": odd, "y": y1, "conjugator": conj, "within": "group"}}]),
            json!([{"conjugate": {"x": odd, "y": y1, "conjugator": odd, "within": "symmetric"}}]),
            json!([{"conjugate": {"x": odd, "y": y1, "conjugator": null, "within": "symmetric"}}]),
            json!([{"orbit": {"action": "points", "seed": 1, "orbit": (1..=10).collect::<Vec<_>>()}}]),
            json!([{"orbit": {"action": "points", "seed": 1, "orbit": [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]}}]),
            json!([{"stabilizer_order": {"action": "points", "seed": 1, "order": "7920"}}]),
            json!([{"stabilizer_order": {"action": "tuples", "seed": [1, 2], "order": "144"}}]),
            json!([{"orbits": [(1..=10).collect::<Vec<_>>(), [11]]}]),
            json!([{"transitive": false}]),
            json!([{"blocks": [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1]]}]),
            json!([{"element_order": {"element": cyc(11, &[&[1, 2, 3], &[4, 5]]), "order": "5"}}]),
            json!([{"order": "7920", "transitive": true}]),
            json!([{"orbit_size": 11}]),
            json!([{"in_group": {"element": x1, "member": false}}]),
            json!([{"in_group": {"element": odd, "member": true}}]),
            json!([{"abelian": true}]),
            json!([{"subgroup": {"generators": [g[0].clone()], "order": "11", "normal": true}}]),
            json!([{"subgroup": {"generators": [g[0].clone()], "order": "22", "normal": null}}]),
            json!([{"subgroup": {"generators": [odd.clone()], "order": "2", "normal": null}}]),
            json!([{"sylow": {"prime": 3, "generators": [g[0].clone()]}}]),
            json!([{"sylow": {"prime": 2, "generators": [g[1].clone()]}}]),
            json!([{"sylow": {"prime": 4, "generators": [g[1].clone()]}}]),
            json!([]),
        ];
        for m in mutants {
            assert!(!accepted(&run(&evidence(11, &g, m.clone()))), "{m}");
        }
        // Corrupted generators change the group.
        let mut bad_gens = g.clone();
        bad_gens[1] = cyc(11, &[&[3, 7, 11, 8]]);
        assert!(!accepted(&run(&evidence(11, &bad_gens, json!([{"order": "7920"}])))));
        let mut not_perm = g.clone();
        not_perm[0][0] = 3;
        assert!(!accepted(&run(&evidence(11, &not_perm, json!([{"order": "7920"}])))));
        // Header edits.
        for edit in 0..4 {
            let mut e = evidence(11, &g, good.clone());
            match edit {
                0 => e.kind = "matrix.certificate/v1".into(),
                1 => e.semantics = "urn:x".into(),
                2 => e.candidate = json!({"chain": []}),
                _ => e.scope.universal = true,
            }
            assert!(matches!(run(&e), Verdict::Rejected { .. }));
        }
    }

    #[test]
    fn homomorphisms_and_isomorphisms_pass_and_every_mutation_fails() {
        // S_4 = ⟨(1,2), (1,2,3,4)⟩ onto S_3: (1,2) ↦ (1,2), (1,2,3,4) ↦ (1,3); kernel V_4.
        let s4 = vec![cyc(4, &[&[1, 2]]), cyc(4, &[&[1, 2, 3, 4]])];
        let onto = vec![cyc(3, &[&[1, 2]]), cyc(3, &[&[1, 3]])];
        let v4 = vec![cyc(4, &[&[1, 2], &[3, 4]]), cyc(4, &[&[1, 3], &[2, 4]])];
        let hom = |images: &Vec<Vec<u32>>, well: bool, kernel: Value| json!({"homomorphism": {"images": images, "degree": 3, "well_defined": well, "kernel": kernel}});
        // S_3 on 3 points and its regular action on 6 points.
        let s3 = vec![cyc(3, &[&[1, 2]]), cyc(3, &[&[1, 2, 3]])];
        let regular = vec![cyc(6, &[&[1, 4], &[2, 6], &[3, 5]]), cyc(6, &[&[1, 2, 3], &[4, 5, 6]])];
        let phi = vec![cyc(6, &[&[1, 4], &[2, 6], &[3, 5]]), cyc(6, &[&[1, 2, 3], &[4, 5, 6]])];
        let iso = |images: Value, target: &Vec<Vec<u32>>, degree: usize| json!({"isomorphism": {"target": target, "degree": degree, "images": images}});
        let good_hom = json!([
            hom(&onto, true, json!({"order": "4", "generators": v4})),
            // (1,2) ↦ (1,2,3) is not a homomorphism: an element of order 2 to one of order 3.
            hom(&vec![cyc(3, &[&[1, 2, 3]]), cyc(3, &[])], false, Value::Null),
        ]);
        assert!(accepted(&run(&evidence(4, &s4, good_hom))));
        let c4 = vec![cyc(4, &[&[1, 2, 3, 4]])];
        // C_4 ≇ S_3: the orders differ.
        assert!(accepted(&run(&evidence(4, &c4, json!([iso(Value::Null, &s3, 3)])))));
        assert!(accepted(&run(&evidence(3, &s3, json!([iso(json!(phi), &regular, 6)])))));
        let mutants = [
            (4, s4.clone(), hom(&onto, false, Value::Null)),
            (4, s4.clone(), hom(&onto, true, json!({"order": "2", "generators": v4}))),
            (4, s4.clone(), hom(&onto, true, json!({"order": "4", "generators": [v4[0].clone()]}))),
            (4, s4.clone(), hom(&onto, true, json!({"order": "4", "generators": [s4[0].clone()]}))),
            (
                4,
                s4.clone(),
                hom(&vec![cyc(3, &[&[1, 2, 3]]), cyc(3, &[])], true, json!({"order": "4", "generators": v4})),
            ),
            (4, s4.clone(), hom(&vec![onto[0].clone()], true, json!({"order": "4", "generators": v4}))),
            (4, s4.clone(), hom(&onto, false, json!({"order": "4", "generators": v4}))),
            // (1,2,3) of order 3 sent to an involution: not a homomorphism.
            (3, s3.clone(), iso(json!([phi[0].clone(), phi[0].clone()]), &regular, 6)),
            (3, s3.clone(), iso(json!(s3), &regular, 3)),
            (3, s3.clone(), iso(json!([phi[1].clone(), phi[0].clone()]), &regular, 6)),
            (3, s3.clone(), iso(json!([phi[0].clone(), cyc(6, &[])]), &regular, 6)),
            (3, s3.clone(), iso(json!(phi), &vec![regular[1].clone()], 6)),
            (3, s3.clone(), iso(Value::Null, &regular, 6)),
            (3, s3.clone(), iso(json!([cyc(6, &[&[1, 2]]), phi[1].clone()]), &regular, 6)),
        ];
        for (n, gens, m) in mutants {
            assert!(!accepted(&run(&evidence(n, &gens, json!([m.clone()])))), "{m}");
        }
    }

    #[test]
    fn block_systems_and_limits() {
        // The dihedral group of the hexagon preserves {1,3,5}, {2,4,6}; S_6 does not.
        let d6 = vec![cyc(6, &[&[1, 2, 3, 4, 5, 6]]), cyc(6, &[&[2, 6], &[3, 5]])];
        assert!(accepted(&run(&evidence(6, &d6, json!([{"blocks": [[1, 3, 5], [2, 4, 6]]}, {"order": "12"}])))));
        assert!(accepted(&run(&evidence(6, &d6, json!([{"blocks": [[1, 4], [2, 5], [3, 6]]}])))));
        assert!(!accepted(&run(&evidence(6, &d6, json!([{"blocks": [[1, 2], [3, 4], [5, 6]]}])))));
        assert!(!accepted(&run(&evidence(6, &d6, json!([{"blocks": [[1, 3], [2, 4, 5, 6]]}])))));
        let e = evidence(MAX_DEGREE + 1, &[], json!([{"order": "1"}]));
        assert!(matches!(run(&e), Verdict::Inconclusive { .. }));
        let cx = cx();
        cx.cancel.cancel();
        let e = evidence(12, &m12(), json!([{"order": "95040"}]));
        assert!(matches!(PermutationGroupStatements.check(&e, &cx), Err(CheckError::Interrupted)));
    }

    #[test]
    fn identity_is_versioned_and_bundled() {
        let id = PermutationGroupStatements.identity();
        assert_eq!(id.id.as_str(), "jacobian.check.permutation_group");
        assert!(crate::bundled().iter().any(|c| c.identity() == id && c.evidence_kinds() == [GROUP_EVIDENCE]));
    }
}
