//! Polynomial maps F : Q^n → Q^m beyond the Jacobian: a collision checked at two points, a
//! collision searched on an integer box (a witness that F is not injective, hence no
//! automorphism), the inverse of an automorphism found by a Gröbner basis on Singular with both
//! compositions replayed, and the generic degree [Q(x) : Q(F)] as the degree of the generic fiber.

use std::collections::HashMap;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::polynomial::{Coefficient, Domain, PolyValue, Ring, rational_text};
use jacobian_runtime::typed::Describe;
use num_traits::{One, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::ideals::lines;
use super::native::scalar;
use super::{Poly, Rat, constant, equal, identities, product, read, ring, singular_ideal, substituted};
use super::{singular_poly, singular_ring_blocks, sum, terms};
use crate::cas::{self, Answer, Query};

const SINGULAR: BackendKind = BackendKind::Singular;
/// Most integer points a collision search visits.
const MAX_POINTS: u64 = 50_000;

/// What to compute about the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MapOperation {
    /// F at the two `points`, and whether they collide: distinct points with equal images.
    Collision,
    /// Search the integer box [−radius, radius]^n for two points with equal images.
    CollisionSearch,
    /// For a square map: its inverse when F is an automorphism of Q^n (otherwise none exists).
    Inverse,
    /// For a square map: whether F is dominant, and the number of points of a generic fiber.
    GenericDegree,
}

/// Input of `polynomial.map.analyze`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MapInput {
    /// Variable names x₁, …, xₙ (1 to 6; at most 4 for `inverse` and `generic_degree`).
    pub variables: Vec<String>,
    /// The components f₁, …, fₘ over Q (1 to 6; m = n for `inverse` and `generic_degree`).
    pub map: Vec<PolyValue>,
    /// The question.
    pub operation: MapOperation,
    /// For `collision`: two points of Q^n, each n rationals.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub points: Vec<Vec<Coefficient>>,
    /// For `collision_search`: the box's half-width (default 3; (2·radius + 1)^n ≤ 50,000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub radius: Option<u32>,
}

/// Two distinct points with the same image.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Collision {
    /// The first point.
    pub a: Vec<String>,
    /// The second point.
    pub b: Vec<String>,
    /// F(a) = F(b).
    pub image: Vec<String>,
}

/// Output of `polynomial.map.analyze`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct MapOutput {
    /// `collision`: F at each of the two points.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub images: Option<[Vec<String>; 2]>,
    /// `collision` and `collision_search`: the collision (for the search, the first one in
    /// lexicographic order of the box); absent when there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub collision: Option<Collision>,
    /// `collision_search`: the integer points visited.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub searched: Option<u64>,
    /// `inverse`: whether F is an automorphism of Q^n.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invertible: Option<bool>,
    /// `inverse`: G with G(F(x)) = x and F(G(x)) = x, in the same variable names.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inverse: Option<Vec<String>>,
    /// `generic_degree`: whether the image of F is dense (F is dominant).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dominant: Option<bool>,
    /// `generic_degree`: [Q(x) : Q(F)], the number of points over the algebraic closure of a
    /// generic fiber (absent when F is not dominant).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generic_degree: Option<u64>,
}

impl MapOutput {
    fn empty() -> Self {
        MapOutput {
            images: None,
            collision: None,
            searched: None,
            invertible: None,
            inverse: None,
            dominant: None,
            generic_degree: None,
        }
    }
}

/// `polynomial.map.analyze`.
pub struct MapAnalysis;

struct Parsed {
    ring: Ring,
    map: Vec<Poly>,
    points: Vec<Vec<Rat>>,
    radius: u32,
}

fn parse(i: &MapInput) -> Result<Parsed, Diagnostic> {
    use MapOperation as O;
    let r = ring(&i.variables, "Q")?;
    let n = r.n();
    let square = matches!(i.operation, O::Inverse | O::GenericDegree);
    if n > 6 || (square && n > 4) {
        return Err(Diagnostic::at(
            "/variables",
            "BAD_LENGTH",
            "1 to 6 variables, at most 4 for inverse and generic_degree",
        ));
    }
    if i.map.is_empty() || i.map.len() > 6 || (square && i.map.len() != n) {
        let why = "1 to 6 components, as many as variables for inverse and generic_degree";
        return Err(Diagnostic::at("/map", "BAD_LENGTH", why));
    }
    let map =
        i.map.iter().enumerate().map(|(k, v)| read(&r, v, &format!("/map/{k}"))).collect::<Result<Vec<_>, _>>()?;
    for (k, f) in map.iter().enumerate() {
        if f.total_degree().unwrap_or(0) > 12 || f.len() > 200 {
            return Err(Diagnostic::at(
                format!("/map/{k}"),
                "TOO_LARGE",
                "total degree at most 12 and at most 200 terms",
            ));
        }
    }
    let mut points = vec![];
    if i.operation == O::Collision {
        if i.points.len() != 2 {
            return Err(Diagnostic::at("/points", "BAD_LENGTH", "two points for collision"));
        }
        for (k, p) in i.points.iter().enumerate() {
            if p.len() != n {
                return Err(Diagnostic::at(format!("/points/{k}"), "BAD_LENGTH", format!("{n} coordinates")));
            }
            let at = |j: usize| format!("/points/{k}/{j}");
            points.push(p.iter().enumerate().map(|(j, c)| scalar(&r, c, &at(j))).collect::<Result<Vec<_>, _>>()?);
        }
    } else if !i.points.is_empty() {
        return Err(Diagnostic::at("/points", "NOT_APPLICABLE", "points are for collision"));
    }
    let radius = match (i.operation, i.radius) {
        (O::CollisionSearch, r) => r.unwrap_or(3),
        (_, None) => 0,
        (_, Some(_)) => return Err(Diagnostic::at("/radius", "NOT_APPLICABLE", "radius is for collision_search")),
    };
    if i.operation == O::CollisionSearch && box_size(radius, n) > MAX_POINTS {
        return Err(Diagnostic::at("/radius", "TOO_LARGE", format!("(2·radius + 1)^n at most {MAX_POINTS}")));
    }
    Ok(Parsed { ring: r, map, points, radius })
}

fn box_size(radius: u32, n: usize) -> u64 {
    (2 * u64::from(radius) + 1).saturating_pow(n as u32)
}

fn texts(v: &[Rat]) -> Vec<String> {
    v.iter().map(rational_text).collect()
}

/// The relations F(a) = F(b) and a_k − b_k ≠ 0 (its sign) at the first coordinate where they differ.
fn collision_claim(p: &Parsed, a: &[Rat], b: &[Rat]) -> crate::cas::Claim {
    let n = p.ring.n();
    let at = |x: &[Rat]| x.iter().map(|c| constant(c, n)).collect::<Vec<_>>();
    let mut rel: Vec<Value> =
        p.map.iter().map(|f| equal(substituted(f, &at(a), n), substituted(f, &at(b), n))).collect();
    if let Some(k) = (0..n).find(|&k| a[k] != b[k]) {
        let value = sum(vec![constant(&a[k], n), product(vec![constant(&-Rat::one(), n), constant(&b[k], n)])]);
        let sign = if a[k] > b[k] { "positive" } else { "negative" };
        rel.push(json!({"kind": "sign", "value": value, "sign": sign}));
    }
    identities(&p.ring, rel)
}

fn collision(p: &Parsed) -> Answer<MapOutput> {
    let (a, b) = (&p.points[0], &p.points[1]);
    let fa: Vec<Rat> = p.map.iter().map(|f| f.evaluate(a)).collect();
    let fb: Vec<Rat> = p.map.iter().map(|f| f.evaluate(b)).collect();
    let hit = a != b && fa == fb;
    let out = MapOutput {
        images: Some([texts(&fa), texts(&fb)]),
        collision: hit.then(|| Collision { a: texts(a), b: texts(b), image: texts(&fa) }),
        ..MapOutput::empty()
    };
    if hit { Answer::from(out).claim(collision_claim(p, a, b)) } else { out.into() }
}

fn search(p: &Parsed, ctx: &AdapterContext) -> Result<Answer<MapOutput>, AdapterError> {
    let n = p.ring.n();
    let r = i64::from(p.radius);
    let total = box_size(p.radius, n);
    let mut seen: HashMap<Vec<Rat>, Vec<Rat>> = HashMap::new();
    let mut point = vec![-r; n];
    for visited in 1..=total {
        if visited % 512 == 0 {
            ctx.checkpoint()?;
            ctx.progress(visited, Some(total), None);
        }
        let x: Vec<Rat> = point.iter().map(|&c| Rat::from_integer(c.into())).collect();
        let image: Vec<Rat> = p.map.iter().map(|f| f.evaluate(&x)).collect();
        if let Some(a) = seen.get(&image) {
            let out = MapOutput {
                collision: Some(Collision { a: texts(a), b: texts(&x), image: texts(&image) }),
                searched: Some(visited),
                ..MapOutput::empty()
            };
            let claim = collision_claim(p, a, &x);
            return Ok(Answer::from(out).claim(claim).note(
                "NOT_INJECTIVE",
                "two distinct points share an image, so the map is not injective and has no polynomial inverse",
            ));
        }
        seen.insert(image, x);
        // The next point of the box in lexicographic order.
        for c in point.iter_mut().rev() {
            if *c < r {
                *c += 1;
                break;
            }
            *c = -r;
        }
    }
    let out = MapOutput { searched: Some(total), ..MapOutput::empty() };
    Ok(Answer::from(out)
        .note("NO_COLLISION_IN_BOX", "no two points of the box share an image; this proves nothing beyond it"))
}

/// The ring of x₁…xₙ (the map's variables) and y₁…yₙ (names that cannot clash) on Singular.
fn doubled(r: &Ring) -> Ring {
    let mut variables = r.variables.clone();
    variables.extend((1..=r.n()).map(|k| format!("target_{k}")));
    Ring { variables, domain: Domain::Q }
}

fn inverse(p: &Parsed, ctx: &AdapterContext) -> Result<Answer<MapOutput>, AdapterError> {
    let n = p.ring.n();
    let big = doubled(&p.ring);
    // y_k − f_k(x) in the 2n-variable ring; the block order (dp(n), dp(n)) eliminates x.
    let gens: Vec<Poly> = p
        .map
        .iter()
        .enumerate()
        .map(|(k, f)| {
            let lifted = Poly::from_terms(f.terms().map(|(m, c)| ([m.as_slice(), &vec![0; n]].concat(), c.clone())));
            let mut y = vec![0; 2 * n];
            y[n + k] = 1;
            Poly::monomial(y, Rat::one()).sub(&lifted)
        })
        .collect();
    let prog = singular_ring_blocks(Program::new(SINGULAR), &big, &[n, n]).code("option(redTail); ");
    let prog = singular_ideal(prog, "i", &gens).code("ideal g = std(i); print(string(g));");
    let reply = ctx.backend(&prog)?;
    let basis = super::ideals::polys(&big, &lines(&reply, 1)?[0])?;
    // An automorphism's reduced basis is exactly {x_k − G_k(y)}: read G off it.
    let mut g: Vec<Option<Poly>> = vec![None; n];
    let x_k = |k: usize| {
        let mut m = vec![0; 2 * n];
        m[k] = 1;
        m
    };
    for b in &basis {
        let Some((k, scale)) = (0..n).find_map(|k| {
            let c = b.coefficient(&x_k(k));
            (!c.is_zero()).then_some((k, c))
        }) else {
            continue;
        };
        let rest = b.sub(&Poly::monomial(x_k(k), scale.clone()));
        if rest.terms().all(|(m, _)| m[..n].iter().all(|&e| e == 0)) && g[k].is_none() {
            let gk = rest.scale(&(-scale.recip()));
            g[k] = Some(Poly::from_terms(gk.terms().map(|(m, c)| (m[n..].to_vec(), c.clone()))));
        }
    }
    let g: Option<Vec<Poly>> = if basis.len() == n { g.into_iter().collect() } else { None };
    let Some(g) = g else {
        let out = MapOutput { invertible: Some(false), ..MapOutput::empty() };
        return Ok(Answer::from(out).note(
            "NOT_AN_AUTOMORPHISM",
            "the reduced Gröbner basis of (y − F(x)) eliminating x is not of the form x − G(y), so F has no polynomial inverse",
        ));
    };
    // Both compositions, replayed here and by the checker.
    let too_large = super::native::too_large;
    let f_terms: Vec<Value> = p.map.iter().map(terms).collect();
    let g_terms: Vec<Value> = g.iter().map(terms).collect();
    let mut rel = vec![];
    for k in 0..n {
        let x = Poly::variable(k, n);
        if g[k].compose(&p.map, n).map_err(too_large)? != x || p.map[k].compose(&g, n).map_err(too_large)? != x {
            return Err(AdapterError::Backend("Singular's basis gave a map that is not an inverse".into()));
        }
        rel.push(equal(terms(&x), substituted(&g[k], &f_terms, n)));
        rel.push(equal(terms(&x), substituted(&p.map[k], &g_terms, n)));
    }
    let out = MapOutput {
        invertible: Some(true),
        inverse: Some(g.iter().map(|q| p.ring.print(q)).collect()),
        ..MapOutput::empty()
    };
    Ok(Answer::from(out).claim(identities(&p.ring, rel)))
}

fn generic_degree(p: &Parsed, ctx: &AdapterContext) -> Result<Answer<MapOutput>, AdapterError> {
    let n = p.ring.n();
    // Over the field Q(w₁, …, wₙ) of a generic target: the ideal (F(x) − w) is the unit ideal
    // when F is not dominant, and otherwise of dimension 0 with vdim = [Q(x) : Q(F)]
    // (in characteristic 0 the generic fiber is reduced).
    let mut prog = Program::new(SINGULAR)
        .code("ring r = (0,")
        .list(&(1..=n).collect::<Vec<_>>(), ",", |p, i| p.code("w").small(*i as i64))
        .code("),(")
        .list(&(1..=n).collect::<Vec<_>>(), ",", |p, i| p.code("v").small(*i as i64))
        .code("),dp; short = 0; ideal i = ");
    for (k, f) in p.map.iter().enumerate() {
        prog = singular_poly(prog.code(if k == 0 { "" } else { "," }), f).code("-w").small(k as i64 + 1);
    }
    let prog = prog.code("; ideal s = std(i); print(dim(s)); print(vdim(s));");
    let reply = ctx.backend(&prog)?;
    let read = |t: &str| -> Result<i64, AdapterError> {
        t.trim()
            .parse()
            .map_err(|_| AdapterError::Backend(format!("Singular printed `{t}` where an integer was expected")))
    };
    let ls = lines(&reply, 2)?;
    let (dim, vdim) = (read(&ls[0])?, read(&ls[1])?);
    let out = match (dim, vdim) {
        (-1, _) => MapOutput { dominant: Some(false), ..MapOutput::empty() },
        (0, d) if d > 0 => MapOutput { dominant: Some(true), generic_degree: Some(d as u64), ..MapOutput::empty() },
        _ => {
            return Err(AdapterError::Backend(format!(
                "Singular gave dimension {dim} and vdim {vdim} for a square map"
            )));
        }
    };
    Ok(out.into())
}

impl Query for MapAnalysis {
    type Input = MapInput;
    type Output = MapOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            Describe {
                scope_rule: "Exactly the given map and question; a collision search covers only its box.",
                ..cas::describe(
                    "polynomial.map.analyze",
                    "Polynomial map collisions, inverse and generic degree",
                    "Collisions of a polynomial map (checked at two points or searched on an integer box), the inverse \
                     of a polynomial automorphism, and the generic degree [Q(x) : Q(F)] of a square map.",
                    "Questions about a polynomial map F = (f1, ..., fm) over Q. collision evaluates F at two points and \
                     says whether they are distinct with equal images; collision_search looks for such a pair on the \
                     box [-r, r]^n, a witness that F is not injective and so not invertible (a refutation of a \
                     Jacobian-conjecture candidate). inverse computes, on Singular, the reduced Groebner basis of \
                     (y - F(x)) in an order eliminating x: F is an automorphism exactly when it reads x - G(y), and G is \
                     its inverse. generic_degree counts the points of a generic fiber over Q(w) on Singular. VERIFY \
                     replays a collision's equal images and distinct points, and both compositions G(F(x)) = x and \
                     F(G(x)) = x of an inverse.",
                    &[
                        "polynomial-map",
                        "collision",
                        "injective",
                        "inverse",
                        "automorphism",
                        "invertible",
                        "generic-degree",
                        "dominant",
                        "fiber",
                        "jacobian-conjecture",
                    ],
                )
            },
            &[super::IDENTITIES],
        )
    }
    cas::on_backend!(SINGULAR);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "the inverse of a triangular automorphism",
                Mode::Verify,
                json!({"variables": ["x", "y"], "map": ["x + y^2", "y"], "operation": "inverse"}),
            ),
            (
                "a collision of (x^2, y) on a box",
                Mode::Verify,
                json!({"variables": ["x", "y"], "map": ["x^2", "y"], "operation": "collision_search", "radius": 2}),
            ),
            (
                "the generic degree of (x^2 + y, y^3)",
                Mode::Explore,
                json!({"variables": ["x", "y"], "map": ["x^2 + y", "y^3"], "operation": "generic_degree"}),
            ),
            (
                "do (1, 2) and (-1, 2) collide under (x^2, y)?",
                Mode::Verify,
                json!({"variables": ["x", "y"], "map": ["x^2", "y"], "operation": "collision",
                       "points": [["1", "2"], ["-1", "2"]]}),
            ),
        ]
    }
    fn validate(&self, i: &MapInput) -> Result<(), Diagnostic> {
        parse(i).map(|_| ())
    }
    fn bounds(&self, _: &MapInput) -> Result<(), Refusal> {
        Ok(())
    }
    fn answer(&self, i: &MapInput, ctx: &AdapterContext) -> Result<Answer<MapOutput>, AdapterError> {
        let p = parse(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        match i.operation {
            MapOperation::Collision => Ok(collision(&p)),
            MapOperation::CollisionSearch => search(&p, ctx),
            MapOperation::Inverse => inverse(&p, ctx),
            MapOperation::GenericDegree => generic_degree(&p, ctx),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_box_size_saturates_and_a_radius_past_the_bound_is_refused() {
        assert_eq!(box_size(3, 2), 49);
        assert_eq!(box_size(u32::MAX, 6), u64::MAX);
        let i: MapInput = serde_json::from_value(
            json!({"variables": ["x", "y", "z"], "map": ["x"], "operation": "collision_search", "radius": 20}),
        )
        .unwrap();
        assert_eq!(parse(&i).err().map(|d| d.path), Some(Some("/radius".into())));
    }
}
