//! Polynomial maps F = (f₁, …, f_m): F_p^n → F_p^m, studied by evaluating them at every point
//! in machine words: value tables, fibers, collisions and permutations, the dynamics of a self
//! map (cycles and tails of its functional graph), the Jacobian matrix and determinant, and the
//! common zeros of homogeneous polynomials in projective space.
//!
//! The polynomials are read by the polynomial object kind (text with the caller's variable
//! names, or terms) over F_p; only the reduced integer coefficients are used here.

use std::collections::BTreeMap;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::{Domain, Poly, PolyValue, Ring};
use jacobian_runtime::typed::Describe;
use num_traits::ToPrimitive;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{small_mul, small_pow};
use crate::cas::{self, Answer, Query};

/// Most variables and most components.
pub const MAX_DIMENSION: usize = 8;
/// Most points of F_p^n (or of P^(n−1)) enumerated.
pub const MAX_POINTS: u64 = 1_000_000;
/// Most points whose values are listed in a table.
pub const MAX_TABLE: u64 = 100_000;
/// Most points evaluated at by `evaluate`.
pub const MAX_EVALUATE: usize = 10_000;
/// Most term evaluations in one run (points × terms).
pub const MAX_WORK: u64 = 50_000_000;
/// Most points listed in a fiber or a zero set.
pub const MAX_LISTED: usize = 100_000;
/// Most points of F_p^n for the direction ledger, which visits every pair (x, d).
pub const MAX_DIRECTION_POINTS: u64 = 5_000;
/// Most directions listed one by one.
pub const MAX_DIRECTION_ROWS: usize = 10_000;

/// What to compute.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum MapOperation {
    /// F at the given points (each with n coordinates in [0, p)).
    Evaluate {
        /// The points (at most 10,000).
        points: Vec<Vec<u64>>,
    },
    /// F at every point of F_p^n, in lexicographic order (p^n ≤ 100,000).
    Table,
    /// The image size and the distribution of fiber sizes; the fiber of `value` when given.
    Fibers {
        /// List the points x with F(x) = value (m coordinates in [0, p)).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        value: Option<Vec<u64>>,
    },
    /// Injectivity: colliding pairs, a collision, and whether F permutes F_p^n (m = n).
    Collisions,
    /// For m = n, the functional graph of x ↦ F(x): cycle lengths, periodic points, tail lengths.
    Dynamics,
    /// The Jacobian matrix (∂f_i/∂x_j) over F_p, its determinant for m = n ≤ 4, and where it vanishes.
    Jacobian,
    /// The common zeros in P^(n−1)(F_p) of homogeneous polynomials (the zero polynomial gives every point).
    ProjectiveZeros,
    /// The direction ledger: for every non-zero direction d ∈ F_p^n, the derivative x ↦ F(x + d) − F(x): its
    /// image size, the rank of its image (the dimension of the image's affine span over F_p) and its largest
    /// fiber; the rank distribution over all directions and the differential uniformity (p^n ≤ 5,000).
    Directions,
}

/// Input of `finite_field.compute.polynomial_map`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MapInput {
    /// The prime p < 2^31.
    pub p: u64,
    /// The variable names x₁, …, x_n (1 to 8).
    pub variables: Vec<String>,
    /// The components f₁, …, f_m (1 to 8): text such as `x^2 + 3*y` or terms; coefficients are read modulo p.
    pub polynomials: Vec<PolyValue>,
    /// What to compute.
    pub operation: MapOperation,
}

/// How many values (or points) have a given fiber size (or tail or cycle length).
#[derive(Debug, Serialize, JsonSchema)]
pub struct Count {
    /// The size or length.
    pub size: u64,
    /// How many have it.
    pub count: u64,
}

/// Output of `finite_field.compute.polynomial_map`.
#[derive(Debug, Default, Serialize, JsonSchema)]
pub struct MapOutput {
    /// F at the points (evaluate), or at every point in lexicographic order (table).
    pub values: Option<Vec<Vec<u64>>>,
    /// |F(F_p^n)| (fibers, collisions).
    pub image_size: Option<u64>,
    /// Fiber size → number of values of F_p^m with that many preimages (fibers; size 0 included).
    pub fiber_sizes: Option<Vec<Count>>,
    /// The fiber of the given value, lexicographically (fibers).
    pub fiber: Option<Vec<Vec<u64>>>,
    /// Whether F is injective (collisions).
    pub injective: Option<bool>,
    /// Whether F is a permutation of F_p^n (collisions, m = n).
    pub permutation: Option<bool>,
    /// Unordered pairs x ≠ y with F(x) = F(y) (collisions).
    pub colliding_pairs: Option<u64>,
    /// The lexicographically first collision, if any (collisions).
    pub collision: Option<[Vec<u64>; 2]>,
    /// Cycle length → number of cycles (dynamics).
    pub cycles: Option<Vec<Count>>,
    /// Points on cycles (dynamics).
    pub periodic_points: Option<u64>,
    /// Tail length (steps to reach a cycle) → number of points (dynamics).
    pub tails: Option<Vec<Count>>,
    /// The Jacobian matrix, rows i = f_i, columns j = x_j, as polynomials (jacobian).
    pub jacobian: Option<Vec<Vec<String>>>,
    /// det of the Jacobian matrix, for m = n ≤ 4 (jacobian).
    pub determinant: Option<String>,
    /// Points of F_p^n where the determinant vanishes, when p^n ≤ 10^6 (jacobian).
    pub determinant_zeros: Option<u64>,
    /// Common projective zeros: their number (projective_zeros).
    pub zero_count: Option<u64>,
    /// The zeros, normalized with first non-zero coordinate 1, lexicographically (projective_zeros).
    pub zeros: Option<Vec<Vec<u64>>>,
    /// One row per non-zero direction, lexicographically (directions; the first 10,000).
    pub directions: Option<Vec<Direction>>,
    /// Rank → number of directions whose derivative has an image of that rank (directions).
    pub rank_counts: Option<Vec<Count>>,
    /// The largest number of x with F(x + d) − F(x) = b over all d ≠ 0 and b (directions).
    pub differential_uniformity: Option<u64>,
}

/// The derivative of F in one direction (directions).
#[derive(Debug, Serialize, JsonSchema)]
pub struct Direction {
    /// The direction d ≠ 0.
    pub direction: Vec<u64>,
    /// |{F(x + d) − F(x) : x ∈ F_p^n}|.
    pub image_size: u64,
    /// The dimension over F_p of the affine span of that image (for quadratic F, the rank of the linear part).
    pub rank: u64,
    /// The largest number of x sharing one value of F(x + d) − F(x).
    pub largest_fiber: u64,
}

/// A polynomial over F_p in machine words: (exponents, coefficient) terms.
struct Compact {
    terms: Vec<(Vec<u32>, u64)>,
}

impl Compact {
    fn new(poly: &Poly, p: u64) -> Compact {
        let terms = poly
            .terms()
            .map(|(m, c)| (m.clone(), c.to_integer().to_u64().unwrap_or(0) % p))
            .filter(|(_, c)| *c != 0)
            .collect();
        Compact { terms }
    }
    fn at(&self, x: &[u64], p: u64) -> u64 {
        self.terms.iter().fold(0, |acc, (m, c)| {
            let t = m
                .iter()
                .zip(x)
                .fold(*c, |t, (&e, &xi)| if e == 0 { t } else { small_mul(t, small_pow(xi, e.into(), p), p) });
            (acc + t) % p
        })
    }
}

/// The field and the components, read.
struct Map {
    p: u64,
    n: usize,
    ring: Ring,
    polys: Vec<Poly>,
    compact: Vec<Compact>,
}

impl Map {
    fn read(i: &MapInput) -> Result<Map, Diagnostic> {
        if i.variables.len() > MAX_DIMENSION {
            return Err(Diagnostic::at("/variables", "OUT_OF_RANGE", "1 to 8 variables"));
        }
        if i.polynomials.is_empty() || i.polynomials.len() > MAX_DIMENSION {
            return Err(Diagnostic::at("/polynomials", "OUT_OF_RANGE", "1 to 8 polynomials"));
        }
        Domain::parse(&format!("F_{}", i.p)).map_err(|m| Diagnostic::at("/p", "NOT_PRIME", m))?;
        let ring =
            Ring::new(&i.variables, &format!("F_{}", i.p), "/variables", "/p").map_err(|mut e| e.swap_remove(0))?;
        let polys = ring.read_all(&i.polynomials, "/polynomials")?;
        let compact = polys.iter().map(|f| Compact::new(f, i.p)).collect();
        Ok(Map { p: i.p, n: ring.n(), ring, polys, compact })
    }
    fn at(&self, x: &[u64]) -> Vec<u64> {
        self.compact.iter().map(|f| f.at(x, self.p)).collect()
    }
    fn terms(&self) -> u64 {
        self.compact.iter().map(|f| f.terms.len() as u64).sum::<u64>().max(1)
    }
    /// Every point of F_p^n in lexicographic order.
    fn each_point(&self, ctx: &AdapterContext, f: impl FnMut(&[u64])) -> Result<(), AdapterError> {
        each_point(self.p, self.n, ctx, f)
    }
    /// How many points reach each value, the points reaching `value`, and the first collision.
    fn images(&self, ctx: &AdapterContext, value: Option<&Vec<u64>>) -> Result<Images, AdapterError> {
        let mut counts: BTreeMap<Vec<u64>, u64> = BTreeMap::new();
        let mut first: BTreeMap<Vec<u64>, Vec<u64>> = BTreeMap::new();
        let mut fiber = value.map(|_| vec![]);
        let mut collision = None;
        self.each_point(ctx, |x| {
            let y = self.at(x);
            if let (Some(f), Some(v)) = (fiber.as_mut(), value)
                && &y == v
                && f.len() < MAX_LISTED
            {
                f.push(x.to_vec());
            }
            let c = counts.entry(y.clone()).or_insert(0);
            *c += 1;
            if *c == 1 {
                first.insert(y, x.to_vec());
            } else if collision.is_none() {
                collision = first.get(&y).map(|a| [a.clone(), x.to_vec()]);
            }
        })?;
        Ok(Images { counts, fiber, collision })
    }
    /// A point's index in lexicographic order.
    fn index(&self, x: &[u64]) -> usize {
        x.iter().fold(0usize, |acc, &v| acc * self.p as usize + v as usize)
    }
}

/// Every point of F_p^n in lexicographic order, with the run's cancellation honoured.
fn each_point(p: u64, n: usize, ctx: &AdapterContext, mut f: impl FnMut(&[u64])) -> Result<(), AdapterError> {
    let mut x = vec![0u64; n];
    for step in 0u64.. {
        if step.is_multiple_of(1 << 14) {
            ctx.checkpoint()?;
        }
        f(&x);
        match (0..n).rev().find(|&a| x[a] + 1 < p) {
            Some(a) => {
                x[a] += 1;
                x[a + 1..].iter_mut().for_each(|v| *v = 0);
            }
            None => return Ok(()),
        }
    }
    Ok(())
}

/// What [`Map::images`] found.
struct Images {
    counts: BTreeMap<Vec<u64>, u64>,
    fiber: Option<Vec<Vec<u64>>>,
    collision: Option<[Vec<u64>; 2]>,
}

fn histogram(values: impl Iterator<Item = u64>) -> Vec<Count> {
    let mut h = BTreeMap::new();
    values.for_each(|v| *h.entry(v).or_insert(0u64) += 1);
    h.into_iter().map(|(size, count)| Count { size, count }).collect()
}

/// p^k when at most `cap`.
fn power(p: u64, k: usize, cap: u64) -> Option<u64> {
    (0..k).try_fold(1u64, |acc, _| acc.checked_mul(p).filter(|&v| v <= cap))
}

/// `finite_field.compute.polynomial_map`.
pub struct PolynomialMap;

impl Query for PolynomialMap {
    type Input = MapInput;
    type Output = MapOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "finite_field.compute.polynomial_map",
            "Polynomial maps over a finite field F_p",
            "Polynomial maps F_p^n → F_p^m: evaluate, tables, fibers, collisions, permutation test, cycles of a self-map, \
             Jacobian matrix, projective zeros, derivatives F(x + d) − F(x) in every direction.",
            "Evaluates F = (f₁, …, f_m) (n, m ≤ 8, p < 2^31) at every point of F_p^n (p^n ≤ 10^6) in machine words: \
             value tables, image size and fiber-size distribution, a fiber, colliding pairs and whether F permutes \
             F_p^n, the cycles, periodic points and tails of x ↦ F(x); the Jacobian matrix (∂f_i/∂x_j) with its \
             determinant (n = m ≤ 4) and the points where it vanishes; the common zeros of homogeneous \
             polynomials in P^(n−1)(F_p), or every point of P^(n−1) (the projective line for n = 2); for every \
             direction d ≠ 0 (p^n ≤ 5,000) the image size, affine rank and largest fiber of x ↦ F(x + d) − F(x), \
             their rank distribution and the differential uniformity.",
            &[
                "finite-field",
                "polynomial-map",
                "permutation-polynomial",
                "fibers",
                "collisions",
                "injective",
                "cycles",
                "orbits",
                "functional-graph",
                "jacobian",
                "projective-space",
                "projective-line",
                "evaluate",
                "directional-derivative",
                "differential-uniformity",
                "direction-rank",
            ],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("maps.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "Is (x, y) ↦ (x + y², y) a permutation of F_7²?",
                Mode::Explore,
                json!({"p": 7, "variables": ["x", "y"], "polynomials": ["x + y^2", "y"], "operation": "collisions"}),
            ),
            (
                "Ranks of the derivatives of (x, y) ↦ (x·y, x² + y) in every direction over F_5",
                Mode::Explore,
                json!({"p": 5, "variables": ["x", "y"], "polynomials": ["x*y", "x^2 + y"], "operation": "directions"}),
            ),
            (
                "Cycles of x ↦ x² + 1 on F_101",
                Mode::Explore,
                json!({"p": 101, "variables": ["x"], "polynomials": ["x^2 + 1"], "operation": "dynamics"}),
            ),
        ]
    }
    fn validate(&self, i: &MapInput) -> Result<(), Diagnostic> {
        let map = Map::read(i)?;
        let (n, m) = (map.n, i.polynomials.len());
        let coordinates = |v: &[u64], len: usize, at: String| {
            if v.len() != len {
                return Err(Diagnostic::at(at, "LENGTH", format!("{len} coordinates")));
            }
            match v.iter().position(|&c| c >= i.p) {
                Some(k) => Err(Diagnostic::at(format!("{at}/{k}"), "OUT_OF_RANGE", "coordinates lie in [0, p)")),
                None => Ok(()),
            }
        };
        match &i.operation {
            MapOperation::Evaluate { points } => {
                if points.len() > MAX_EVALUATE {
                    return Err(Diagnostic::at("/operation/evaluate/points", "TOO_MANY", "at most 10,000 points"));
                }
                points
                    .iter()
                    .enumerate()
                    .try_for_each(|(k, x)| coordinates(x, n, format!("/operation/evaluate/points/{k}")))
            }
            MapOperation::Fibers { value: Some(v) } => coordinates(v, m, "/operation/fibers/value".into()),
            MapOperation::Dynamics if m != n => Err(Diagnostic::at(
                "/polynomials",
                "NOT_A_SELF_MAP",
                format!("a self-map of F_p^{n} has {n} components"),
            )),
            MapOperation::ProjectiveZeros => match map.polys.iter().position(|f| {
                let mut degrees = f.terms().map(|(e, _)| e.iter().sum::<u32>());
                degrees.next().is_some_and(|d| degrees.any(|e| e != d))
            }) {
                Some(k) => Err(Diagnostic::at(
                    format!("/polynomials/{k}"),
                    "NOT_HOMOGENEOUS",
                    "projective zeros need homogeneous polynomials",
                )),
                None => Ok(()),
            },
            _ => Ok(()),
        }
    }
    fn bounds(&self, i: &MapInput) -> Result<(), Refusal> {
        let map = Map::read(i).map_err(Refusal::Unsupported)?;
        let too = |m: String| Err(Refusal::Unsupported(Diagnostic::at("/p", "TOO_LARGE", m)));
        let cap = match i.operation {
            MapOperation::Evaluate { .. } => return Ok(()),
            MapOperation::Table => MAX_TABLE,
            MapOperation::Jacobian => return Ok(()),
            MapOperation::Directions => MAX_DIRECTION_POINTS,
            _ => MAX_POINTS,
        };
        match power(i.p, map.n, cap) {
            None => too(format!("p^n is at most {cap} here")),
            Some(points) if points * map.terms() > MAX_WORK => too(format!("p^n × terms is at most {MAX_WORK}")),
            Some(_) => Ok(()),
        }
    }
    fn answer(&self, i: &MapInput, ctx: &AdapterContext) -> Result<Answer<MapOutput>, AdapterError> {
        let map = Map::read(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let (p, n, m) = (map.p, map.n, i.polynomials.len());
        let mut out = MapOutput::default();
        match &i.operation {
            MapOperation::Evaluate { points } => out.values = Some(points.iter().map(|x| map.at(x)).collect()),
            MapOperation::Table => {
                let mut values = vec![];
                map.each_point(ctx, |x| values.push(map.at(x)))?;
                out.values = Some(values);
            }
            MapOperation::Fibers { value } => {
                let seen = map.images(ctx, value.as_ref())?;
                let image = seen.counts.len() as u64;
                let mut sizes = histogram(seen.counts.values().copied());
                let all = power(p, m, u64::MAX).unwrap_or(u64::MAX);
                if all > image {
                    sizes.insert(0, Count { size: 0, count: all - image });
                }
                out.image_size = Some(image);
                out.fiber_sizes = Some(sizes);
                out.fiber = seen.fiber;
            }
            MapOperation::Collisions => {
                let seen = map.images(ctx, None)?;
                let pairs: u64 = seen.counts.values().map(|s| s * (s - 1) / 2).sum();
                out.image_size = Some(seen.counts.len() as u64);
                out.injective = Some(pairs == 0);
                out.permutation = Some(pairs == 0 && m == n);
                out.colliding_pairs = Some(pairs);
                out.collision = seen.collision;
            }
            MapOperation::Dynamics => {
                let total = power(p, n, MAX_POINTS).unwrap_or(0) as usize;
                let mut next = vec![0usize; total];
                map.each_point(ctx, |x| next[map.index(x)] = map.index(&map.at(x)))?;
                // Colour each point by the walk that first reached it; a walk meeting itself found a cycle.
                let mut state = vec![0u8; total]; // 0 new, 1 on the current walk, 2 done
                let mut tail = vec![0u64; total];
                let mut cycles = vec![];
                let mut periodic = 0u64;
                for start in 0..total {
                    if start % (1 << 14) == 0 {
                        ctx.checkpoint()?;
                    }
                    if state[start] != 0 {
                        continue;
                    }
                    let mut path = vec![];
                    let mut v = start;
                    while state[v] == 0 {
                        state[v] = 1;
                        path.push(v);
                        v = next[v];
                    }
                    let mut base = if state[v] == 1 {
                        // A new cycle: the path from v on.
                        let k = path.iter().position(|&u| u == v).unwrap_or(0);
                        let len = (path.len() - k) as u64;
                        cycles.push(len);
                        periodic += len;
                        path[k..].iter().for_each(|&u| {
                            tail[u] = 0;
                            state[u] = 2;
                        });
                        path.truncate(k);
                        0
                    } else {
                        tail[v]
                    };
                    for &u in path.iter().rev() {
                        base += 1;
                        tail[u] = base;
                        state[u] = 2;
                    }
                }
                out.cycles = Some(histogram(cycles.into_iter()));
                out.periodic_points = Some(periodic);
                out.tails = Some(histogram(tail.into_iter()));
            }
            MapOperation::Jacobian => {
                let matrix: Vec<Vec<Poly>> =
                    map.polys.iter().map(|f| (0..n).map(|j| f.derivative(j)).collect()).collect();
                let reduce = |q: Poly| map.ring.domain.reduce(q).map_err(AdapterError::Unsupported);
                let matrix: Vec<Vec<Poly>> = matrix
                    .into_iter()
                    .map(|row| row.into_iter().map(reduce).collect::<Result<_, _>>())
                    .collect::<Result<_, _>>()?;
                if m == n && n <= 4 {
                    let det = reduce(determinant(&matrix, n).map_err(AdapterError::Unsupported)?)?;
                    if power(p, n, MAX_POINTS).is_some_and(|pts| pts * (det.len() as u64).max(1) <= MAX_WORK) {
                        let d = Compact::new(&det, p);
                        let mut zeros = 0u64;
                        map.each_point(ctx, |x| zeros += u64::from(d.at(x, p) == 0))?;
                        out.determinant_zeros = Some(zeros);
                    }
                    out.determinant = Some(map.ring.print(&det));
                }
                out.jacobian = Some(matrix.iter().map(|row| row.iter().map(|q| map.ring.print(q)).collect()).collect());
            }
            MapOperation::ProjectiveZeros => {
                let mut zeros = vec![];
                let mut count = 0u64;
                // Representatives: first non-zero coordinate 1 at position j, zeros before, anything after.
                for j in 0..n {
                    let mut x = vec![0u64; n];
                    x[j] = 1;
                    each_point(p, n - j - 1, ctx, |tail| {
                        x[j + 1..].copy_from_slice(tail);
                        if map.compact.iter().all(|f| f.at(&x, p) == 0) {
                            count += 1;
                            if zeros.len() < MAX_LISTED {
                                zeros.push(x.clone());
                            }
                        }
                    })?;
                }
                zeros.sort();
                out.zero_count = Some(count);
                out.zeros = Some(zeros);
            }
            MapOperation::Directions => directions(&map, m, ctx, &mut out)?,
        }
        Ok(out.into())
    }
}

/// The direction ledger: every derivative x ↦ F(x + d) − F(x), d ≠ 0, from the table of F.
fn directions(map: &Map, m: usize, ctx: &AdapterContext, out: &mut MapOutput) -> Result<(), AdapterError> {
    let p = map.p;
    let mut table = vec![];
    map.each_point(ctx, |x| table.push(map.at(x)))?;
    let mut points = vec![];
    map.each_point(ctx, |x| points.push(x.to_vec()))?;
    let (mut rows, mut ranks, mut uniformity) = (vec![], vec![], 0u64);
    for d in points.iter().skip(1) {
        ctx.checkpoint()?;
        let mut values: BTreeMap<Vec<u64>, u64> = BTreeMap::new();
        let (mut shifted, mut delta) = (vec![0u64; map.n], vec![0u64; m]);
        for (x, fx) in points.iter().zip(&table) {
            shifted.iter_mut().zip(x.iter().zip(d)).for_each(|(s, (a, b))| *s = (a + b) % p);
            let fy = &table[map.index(&shifted)];
            delta.iter_mut().zip(fy.iter().zip(fx)).for_each(|(t, (a, b))| *t = (a + p - b) % p);
            match values.get_mut(&delta[..]) {
                Some(c) => *c += 1,
                None => {
                    values.insert(delta.clone(), 1);
                }
            }
        }
        let largest = values.values().copied().max().unwrap_or(0);
        uniformity = uniformity.max(largest);
        let rank = affine_rank(values.keys(), m, p);
        ranks.push(rank);
        if rows.len() < MAX_DIRECTION_ROWS {
            rows.push(Direction {
                direction: d.clone(),
                image_size: values.len() as u64,
                rank,
                largest_fiber: largest,
            });
        }
    }
    out.directions = Some(rows);
    out.rank_counts = Some(histogram(ranks.into_iter()));
    out.differential_uniformity = Some(uniformity);
    Ok(())
}

/// The dimension of the affine span of `points` in F_p^m: the rank of their differences from the first.
fn affine_rank<'a>(mut points: impl Iterator<Item = &'a Vec<u64>>, m: usize, p: u64) -> u64 {
    let Some(origin) = points.next() else { return 0 };
    // An echelon basis: (pivot column, row with 1 at the pivot).
    let mut basis: Vec<(usize, Vec<u64>)> = vec![];
    for y in points {
        let mut v: Vec<u64> = y.iter().zip(origin).map(|(a, b)| (a + p - b) % p).collect();
        for (pivot, row) in &basis {
            let c = v[*pivot];
            if c != 0 {
                v.iter_mut().zip(row).for_each(|(a, r)| *a = (*a + p - small_mul(c, *r, p)) % p);
            }
        }
        if let Some(pivot) = (0..m).find(|&j| v[j] != 0) {
            let inv = small_pow(v[pivot], p - 2, p);
            v.iter_mut().for_each(|a| *a = small_mul(*a, inv, p));
            basis.push((pivot, v));
        }
    }
    basis.len() as u64
}

/// The determinant of a square polynomial matrix by cofactor expansion along the first row (n ≤ 4).
fn determinant(a: &[Vec<Poly>], n: usize) -> Result<Poly, String> {
    fn det(a: &[Vec<Poly>], rows: &[usize], cols: &[usize]) -> Result<Poly, String> {
        if rows.len() == 1 {
            return Ok(a[rows[0]][cols[0]].clone());
        }
        let mut sum = Poly::zero();
        for (k, &c) in cols.iter().enumerate() {
            if a[rows[0]][c].is_zero() {
                continue;
            }
            let others: Vec<usize> = cols.iter().copied().filter(|&d| d != c).collect();
            let term = a[rows[0]][c].mul(&det(a, &rows[1..], &others)?).map_err(|e| e.0)?;
            sum = if k % 2 == 0 { sum.add(&term) } else { sum.sub(&term) };
        }
        Ok(sum)
    }
    let idx: Vec<usize> = (0..n).collect();
    det(a, &idx, &idx)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cofactor_determinant_of_a_diagonal_matrix_is_the_product() {
        let x = Poly::variable(0, 2);
        let y = Poly::variable(1, 2);
        let zero = Poly::zero();
        let d = determinant(&[vec![x.clone(), zero.clone()], vec![zero, y.clone()]], 2).unwrap();
        assert_eq!(d, x.mul(&y).unwrap());
    }
}
