//! Algebraic sets over a finite field F_q (F_p, or F_p[t]/(m) for an irreducible m): their
//! points over F_q and its extensions F_{q^k} (base change), and the restriction of scalars
//! from F_q to F_p (the Weil restriction, a system over F_p whose F_p-points are the F_q-points).
//!
//! Points are counted by evaluating every polynomial at every point of F_{q^k}^n in a field of
//! at most 10^6 elements held as log and antilog tables: F_{p^e} = F_p[s]/(g) with g the first
//! monic polynomial, in lexicographic order of its coefficients, that is irreducible (Rabin's
//! test) and has s primitive (its powers walk all of F_{p^e}^×). The base field embeds through the
//! least root r of m in F_{p^e}, so a point's coordinates are printed as polynomials in s.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::{Poly, PolyValue, Rat, Ring};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_traits::ToPrimitive;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::element::rabin;
use super::{small_mul, small_pow};
use crate::cas::{self, Answer, Query};

/// Most variables.
pub const MAX_VARIABLES: usize = 8;
/// Most equations.
pub const MAX_EQUATIONS: usize = 16;
/// Most elements of a field F_{q^k} counted over, and most points of F_{q^k}^n.
pub const MAX_POINTS: u64 = 1_000_000;
/// Most term evaluations in one count (points × terms, over every degree asked).
pub const MAX_WORK: u64 = 50_000_000;
/// Most points listed, over every degree asked.
pub const MAX_LISTED: usize = 10_000;

/// The base field F_p[t]/(m).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BaseField {
    /// The name of t in the polynomials (not one of the variables).
    pub generator: String,
    /// m, irreducible over F_p, coefficients from the constant term up (degree 1 to 20, reduced mod p).
    pub modulus: Vec<u64>,
}

/// What to compute.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SetOperation {
    /// The common zeros over F_{q^k} for each degree k (base change): their number, and the points when asked.
    Points {
        /// The extension degrees k (1 to 20 of them, each at least 1; q^k ≤ 10^6); [1] when omitted.
        #[serde(default)]
        degrees: Vec<u32>,
        /// List the points (the first 10,000 over all degrees).
        #[serde(default)]
        list: bool,
    },
    /// The restriction of scalars to F_p: each variable x becomes x_0 + x_1·t + … + x_{d−1}·t^(d−1) and each
    /// equation splits into its d coordinates in the basis 1, t, …, t^(d−1).
    RestrictScalars,
}

/// Input of `finite_field.compute.algebraic_set`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AlgebraicSetInput {
    /// The prime p (q^k ≤ 10^6 for counting, p < 2^31).
    pub p: u64,
    /// The variable names (1 to 8).
    pub variables: Vec<String>,
    /// The equations f = 0 (1 to 16): text such as `x^2 + t*y - 1` (t the base field's generator) or terms.
    pub polynomials: Vec<PolyValue>,
    /// The base field F_q = F_p[t]/(m) when it is not F_p.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_field: Option<BaseField>,
    /// What to compute.
    pub operation: SetOperation,
}

/// The points over one extension.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ExtensionPoints {
    /// The degree k over the base field.
    pub degree: u32,
    /// q^k, the size of the field counted over.
    pub field_size: u64,
    /// The number of common zeros in F_{q^k}^n.
    pub count: u64,
    /// g with F_{q^k} = F_p[s]/(g), coefficients from the constant term up (points list).
    pub modulus: Vec<u64>,
    /// The image of the base field's generator t, as a polynomial in s, constant term up (with a base field).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generator_image: Option<Vec<u64>>,
    /// The points, each coordinate a polynomial in s (constant term up), lexicographically (points, list).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<Vec<Vec<Vec<u64>>>>,
}

/// The restriction of scalars.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Restriction {
    /// The variables over F_p: x_0, …, x_{d−1} for each variable x, in order.
    pub variables: Vec<String>,
    /// The equations over F_p: for each equation, its coordinates at 1, t, …, t^(d−1).
    pub polynomials: Vec<String>,
}

/// Output of `finite_field.compute.algebraic_set`.
#[derive(Debug, Default, Serialize, JsonSchema)]
pub struct AlgebraicSetOutput {
    /// One entry per degree asked, in the order asked (points).
    pub extensions: Option<Vec<ExtensionPoints>>,
    /// Whether every point was listed (points, list).
    pub listed_all: Option<bool>,
    /// The Weil restriction (restrict_scalars).
    pub restriction: Option<Restriction>,
}

/// F_{p^e} = F_p[s]/(g) with s primitive, elements coded as Σ c_i p^i (so F_p is 0..p−1).
pub(crate) struct Field {
    p: u64,
    e: usize,
    pub(crate) size: u64,
    /// The modulus g, coefficients from the constant term up.
    pub(crate) g: Vec<u64>,
    exp: Vec<u32>,
    log: Vec<u32>,
}

impl Field {
    /// The field of p^e ≤ 10^6 elements on the first primitive polynomial of degree e.
    pub(crate) fn new(p: u64, e: usize, ctx: &AdapterContext) -> Result<Field, AdapterError> {
        let size = p.pow(e as u32);
        let mut tail = vec![0u64; e];
        loop {
            ctx.checkpoint()?;
            // Monic candidates g = s^e + tail, tails in lexicographic order (constant term fastest).
            let mut g = tail.clone();
            g.push(1);
            if g[0] != 0
                && (e == 1 || rabin::irreducible(&g, p))
                && let Some((exp, log)) = Field::walk(p, &g, size, ctx)?
            {
                return Ok(Field { p, e, size, g, exp, log });
            }
            let Some(k) = tail.iter().position(|&c| c + 1 < p) else {
                return Err(AdapterError::Unsupported(format!("no primitive polynomial of degree {e} over F_{p}")));
            };
            tail[k] += 1;
            tail[..k].iter_mut().for_each(|c| *c = 0);
        }
    }

    /// The powers of s modulo g: log and antilog tables when s has order p^e − 1, else None.
    #[allow(clippy::type_complexity)]
    fn walk(p: u64, g: &[u64], size: u64, ctx: &AdapterContext) -> Result<Option<(Vec<u32>, Vec<u32>)>, AdapterError> {
        let e = g.len() - 1;
        let (mut exp, mut log) = (Vec::with_capacity(size as usize - 1), vec![u32::MAX; size as usize]);
        let mut x = vec![0u64; e];
        x[0] = 1;
        for i in 0..size - 1 {
            if i % 65_536 == 0 {
                ctx.checkpoint()?;
            }
            let code = code(&x, p);
            if log[code as usize] != u32::MAX {
                return Ok(None);
            }
            log[code as usize] = i as u32;
            exp.push(code);
            // x·s: shift up, then s^e = −(g_0 + … + g_{e−1} s^(e−1)).
            let top = x[e - 1];
            for j in (1..e).rev() {
                x[j] = (x[j - 1] + p - small_mul(top, g[j], p)) % p;
            }
            x[0] = (p - small_mul(top, g[0], p)) % p;
        }
        Ok((x[0] == 1 && x[1..].iter().all(|&c| c == 0)).then_some((exp, log)))
    }
    pub(crate) fn add(&self, a: u32, b: u32) -> u32 {
        if self.p == 2 {
            return a ^ b;
        }
        let (p, mut a, mut b, mut r, mut place) = (self.p as u32, a, b, 0u32, 1u32);
        while a > 0 || b > 0 {
            r += (a % p + b % p) % p * place;
            (a, b, place) = (a / p, b / p, place.wrapping_mul(p));
        }
        r
    }
    pub(crate) fn mul(&self, a: u32, b: u32) -> u32 {
        if a == 0 || b == 0 {
            return 0;
        }
        let k = (u64::from(self.log[a as usize]) + u64::from(self.log[b as usize])) % (self.size - 1);
        self.exp[k as usize]
    }
    pub(crate) fn pow(&self, a: u32, k: u32) -> u32 {
        match (a, k) {
            (_, 0) => 1,
            (0, _) => 0,
            _ => self.exp[(u64::from(self.log[a as usize]) * u64::from(k) % (self.size - 1)) as usize],
        }
    }
    /// The primitive element s (1 in F_2).
    pub(crate) fn primitive(&self) -> u32 {
        self.exp[1 % self.exp.len()]
    }
    pub(crate) fn digits(&self, mut a: u32) -> Vec<u64> {
        (0..self.e)
            .map(|_| {
                let d = u64::from(a) % self.p;
                a /= self.p as u32;
                d
            })
            .collect()
    }
}

/// Σ c_i p^i.
fn code(c: &[u64], p: u64) -> u32 {
    c.iter().rev().fold(0u64, |acc, &d| acc * p + d) as u32
}

/// The problem, read: the polynomials in the variables and the generator (last), over F_p.
struct Set {
    p: u64,
    n: usize,
    /// The monic modulus of the base field (x − 0 of degree 1 stands for F_p itself).
    m: Vec<u64>,
    ring: Ring,
    polys: Vec<Poly>,
}

impl Set {
    fn read(i: &AlgebraicSetInput) -> Result<Set, Diagnostic> {
        let (n, p) = (i.variables.len(), i.p);
        if n == 0 || n > MAX_VARIABLES {
            return Err(Diagnostic::at("/variables", "OUT_OF_RANGE", "1 to 8 variables"));
        }
        if i.polynomials.is_empty() || i.polynomials.len() > MAX_EQUATIONS {
            return Err(Diagnostic::at("/polynomials", "OUT_OF_RANGE", "1 to 16 polynomials"));
        }
        let domain = format!("F_{p}");
        // p first: the modulus's irreducibility test below divides modulo p.
        jacobian_runtime::objects::polynomial::Domain::parse(&domain)
            .map_err(|m| Diagnostic::at("/p", "BAD_DOMAIN", m))?;
        let mut names = i.variables.clone();
        let m = match &i.base_field {
            None => vec![0, 1],
            Some(b) => {
                names.push(b.generator.clone());
                let d = b.modulus.len().saturating_sub(1);
                if !(1..=20).contains(&d) || b.modulus[d] % p == 0 {
                    let why = "degree 1 to 20, the last coefficient non-zero mod p";
                    return Err(Diagnostic::at("/base_field/modulus", "BAD_MODULUS", why));
                }
                let inv = small_pow(b.modulus[d] % p, p - 2, p);
                let m: Vec<u64> = b.modulus.iter().map(|&c| small_mul(c % p, inv, p)).collect();
                if !rabin::irreducible(&m, p) {
                    return Err(Diagnostic::at(
                        "/base_field/modulus",
                        "REDUCIBLE",
                        "the modulus is reducible over F_p",
                    ));
                }
                m
            }
        };
        let ring = Ring::new(&names, &domain, "/variables", "/p").map_err(|mut e| {
            let mut d = e.swap_remove(0);
            if i.base_field.is_some() && d.path.as_deref() == Some(&format!("/variables/{n}")) {
                d.path = Some("/base_field/generator".into());
            }
            d
        })?;
        let polys = ring.read_all(&i.polynomials, "/polynomials")?;
        Ok(Set { p, n, m, ring, polys })
    }
    fn d(&self) -> usize {
        self.m.len() - 1
    }
    fn terms(&self) -> u64 {
        self.polys.iter().map(|f| f.len() as u64).sum::<u64>().max(1)
    }
    fn degrees(op: &SetOperation) -> Vec<u32> {
        match op {
            SetOperation::Points { degrees, .. } if !degrees.is_empty() => degrees.clone(),
            _ => vec![1],
        }
    }

    /// The common zeros over F_{q^k}.
    fn points(&self, k: u32, list: usize, ctx: &AdapterContext) -> Result<ExtensionPoints, AdapterError> {
        let (p, n, d) = (self.p, self.n, self.d());
        let field = Field::new(p, d * k as usize, ctx)?;
        let with_t = self.ring.n() > n;
        // The least root of m in the field: the image of t.
        let r = if with_t {
            let root = (0..field.size as u32).find(|&z| {
                let v = self.m.iter().rev().fold(0, |acc, &c| field.add(field.mul(acc, z), c as u32));
                v == 0
            });
            root.ok_or_else(|| AdapterError::Unsupported("the base field does not embed".into()))?
        } else {
            0
        };
        // Each polynomial as (coefficient in the field, exponents of the variables).
        let compact: Vec<Vec<(u32, Vec<u32>)>> = self
            .polys
            .iter()
            .map(|f| {
                let mut terms: Vec<(u32, Vec<u32>)> = vec![];
                for (mono, c) in f.terms() {
                    let c = c.to_integer().to_u64().unwrap_or(0) % p;
                    let t = if with_t { field.pow(r, mono[n]) } else { 1 };
                    let c = field.mul(c as u32, t);
                    if c != 0 {
                        terms.push((c, mono[..n].to_vec()));
                    }
                }
                terms
            })
            .collect();
        let mut x = vec![0u32; n];
        let (mut count, mut points) = (0u64, vec![]);
        for step in 0..field.size.pow(n as u32) {
            if step % 16_384 == 0 {
                ctx.checkpoint()?;
            }
            let zero = compact.iter().all(|f| {
                f.iter().fold(0, |acc, (c, e)| {
                    let v = x.iter().zip(e).fold(*c, |v, (&xi, &ei)| field.mul(v, field.pow(xi, ei)));
                    field.add(acc, v)
                }) == 0
            });
            if zero {
                count += 1;
                if points.len() < list {
                    points.push(x.iter().map(|&c| field.digits(c)).collect());
                }
            }
            for v in x.iter_mut().rev() {
                *v += 1;
                if u64::from(*v) < field.size {
                    break;
                }
                *v = 0;
            }
        }
        Ok(ExtensionPoints {
            degree: k,
            field_size: field.size,
            count,
            generator_image: with_t.then(|| field.digits(r)),
            modulus: field.g.clone(),
            points: Some(points),
        })
    }

    /// The Weil restriction to F_p.
    fn restrict(&self) -> Result<Restriction, String> {
        let (p, n, d) = (self.p, self.n, self.d());
        let names: Vec<String> =
            self.ring.variables[..n].iter().flat_map(|x| (0..d).map(move |j| format!("{x}_{j}"))).collect();
        let target = Ring::new(&names, &format!("F_{p}"), "/variables", "/p")
            .map_err(|_| "a restricted variable name x_j is over 32 characters".to_string())?;
        let (vars, t) = (n * d, n * d);
        // x_i ↦ Σ_j x_{i,j} t^j, and t ↦ t.
        let substitution: Vec<Poly> = (0..self.ring.n())
            .map(|i| {
                if i == n {
                    return Poly::variable(t, vars + 1);
                }
                (0..d).fold(Poly::zero(), |acc, j| {
                    let mut m = vec![0u32; vars + 1];
                    m[i * d + j] = 1;
                    m[t] = j as u32;
                    acc.add(&Poly::monomial(m, Rat::from_integer(BigInt::from(1))))
                })
            })
            .collect();
        let mut polynomials = vec![];
        for f in &self.polys {
            let g = self.ring.domain.reduce(f.compose(&substitution, vars + 1).map_err(|e| e.0)?)?;
            let mut parts = vec![Poly::zero(); d];
            for (mono, c) in g.terms() {
                let c = c.to_integer().to_u64().unwrap_or(0) % p;
                let reduced = power_of_t(&self.m, mono[t], p);
                let mut rest = mono.clone();
                rest.truncate(vars);
                for (j, &r) in reduced.iter().enumerate() {
                    let v = small_mul(c, r, p);
                    if v != 0 {
                        parts[j].add_term(rest.clone(), Rat::from_integer(BigInt::from(v)));
                    }
                }
            }
            for part in parts {
                let part = target.domain.reduce(part)?;
                polynomials.push(target.print(&part));
            }
        }
        Ok(Restriction { variables: names, polynomials })
    }
}

/// t^e mod m over F_p, coefficients of 1, t, …, t^(d−1).
fn power_of_t(m: &[u64], e: u32, p: u64) -> Vec<u64> {
    let d = m.len() - 1;
    let mut r = vec![0u64; d];
    r[0] = 1;
    for _ in 0..e {
        let top = r[d - 1];
        for j in (1..d).rev() {
            r[j] = (r[j - 1] + p - small_mul(top, m[j], p)) % p;
        }
        r[0] = (p - small_mul(top, m[0], p)) % p;
    }
    r
}

/// `finite_field.compute.algebraic_set`.
pub struct AlgebraicSet;

impl Query for AlgebraicSet {
    type Input = AlgebraicSetInput;
    type Output = AlgebraicSetOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "finite_field.compute.algebraic_set",
            "Algebraic sets over finite fields: points over extensions and restriction of scalars",
            "Points of a system of polynomial equations over F_q and its extensions F_{q^k} (base change), and its \
             restriction of scalars (Weil restriction) to F_p.",
            "Counts the points of V(f₁, …, f_m) in F_{q^k}^n for each k asked (q^k ≤ 10^6, q^(kn) ≤ 10^6, n ≤ 8) by \
             evaluating at every point in log tables of F_{p^e} = F_p[s]/(g), g the first primitive polynomial; \
             lists the points as polynomials in s, with g and the image of t. `restrict_scalars` rewrites a \
             system over F_p[t]/(m) as one over F_p in the variables x_0, …, x_{d−1} of each x = Σ x_j t^j, whose \
             F_p-points are the F_q-points of the original.",
            &[
                "finite-field",
                "algebraic-set",
                "variety",
                "base-change",
                "extension-field",
                "point-count",
                "zeta-function",
                "weil-restriction",
                "restriction-of-scalars",
                "system-of-equations",
            ],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("scalars.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "Points of the curve y² = x³ + x + 1 over F_5, F_25 and F_125",
                Mode::Explore,
                json!({"p": 5, "variables": ["x", "y"], "polynomials": ["y^2 - x^3 - x - 1"],
                       "operation": {"points": {"degrees": [1, 2, 3]}}}),
            ),
            (
                "Weil restriction of x² + t·y = 1 from F_9 = F_3[t]/(t² + 1) to F_3",
                Mode::Explore,
                json!({"p": 3, "variables": ["x", "y"], "polynomials": ["x^2 + t*y - 1"],
                       "base_field": {"generator": "t", "modulus": [1, 0, 1]}, "operation": "restrict_scalars"}),
            ),
        ]
    }
    fn validate(&self, i: &AlgebraicSetInput) -> Result<(), Diagnostic> {
        if matches!(i.operation, SetOperation::RestrictScalars) && i.base_field.is_none() {
            return Err(Diagnostic::at("/base_field", "MISSING", "restrict_scalars needs a base field F_p[t]/(m)"));
        }
        Set::read(i)?;
        if let SetOperation::Points { degrees, .. } = &i.operation {
            if degrees.len() > 20 {
                return Err(Diagnostic::at("/operation/points/degrees", "TOO_MANY", "at most 20 degrees"));
            }
            if let Some(k) = degrees.iter().position(|&k| k == 0) {
                return Err(Diagnostic::at(format!("/operation/points/degrees/{k}"), "OUT_OF_RANGE", "k ≥ 1"));
            }
        }
        Ok(())
    }
    fn bounds(&self, i: &AlgebraicSetInput) -> Result<(), Refusal> {
        let set = Set::read(i).map_err(Refusal::Unsupported)?;
        let too = |at: String, m: String| Err(Refusal::Unsupported(Diagnostic::at(at, "TOO_LARGE", m)));
        match &i.operation {
            SetOperation::Points { .. } => {
                let mut work = 0u64;
                for (j, k) in Set::degrees(&i.operation).into_iter().enumerate() {
                    let e = set.d() as u64 * u64::from(k);
                    let points = u32::try_from(e * set.n as u64)
                        .ok()
                        .and_then(|en| set.p.checked_pow(en))
                        .filter(|&v| v <= MAX_POINTS);
                    let Some(points) = points else {
                        return too(format!("/operation/points/degrees/{j}"), "q^(kn) is at most 10^6".into());
                    };
                    work += points * set.terms();
                }
                if work > MAX_WORK {
                    return too("/operation/points/degrees".into(), format!("points × terms is at most {MAX_WORK}"));
                }
                Ok(())
            }
            SetOperation::RestrictScalars => match set.restrict() {
                Ok(_) => Ok(()),
                Err(why) => too("/polynomials".into(), why),
            },
        }
    }
    fn answer(&self, i: &AlgebraicSetInput, ctx: &AdapterContext) -> Result<Answer<AlgebraicSetOutput>, AdapterError> {
        let set = Set::read(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let mut out = AlgebraicSetOutput::default();
        match &i.operation {
            SetOperation::Points { list, .. } => {
                let (mut left, mut extensions, mut all) = (if *list { MAX_LISTED } else { 0 }, vec![], true);
                for k in Set::degrees(&i.operation) {
                    let mut e = set.points(k, left, ctx)?;
                    if !*list {
                        e.points = None;
                    }
                    let listed = e.points.as_ref().map_or(0, Vec::len);
                    all &= listed as u64 == e.count;
                    left -= listed;
                    extensions.push(e);
                }
                out.extensions = Some(extensions);
                out.listed_all = list.then_some(all);
            }
            SetOperation::RestrictScalars => out.restriction = Some(set.restrict().map_err(AdapterError::Unsupported)?),
        }
        Ok(out.into())
    }
}
