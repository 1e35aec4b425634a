//! Replay of claims about points of an elliptic curve over Q or a prime field F_p in general
//! form: the points lie on a non-singular curve, group-law relations hold between them, and
//! they generate the whole torsion subgroup, all with the checker's own exact rational arithmetic.
//!
//! Evidence `elliptic_curve.points/v1`, semantics
//! `urn:jacobian:semantics:elliptic-curve-rational-points:v1`, format `WEIERSTRASS_REPLAY_V1`.
//! Claim `{"curve": [a1, a2, a3, a4, a6], "points": [P, …], "relations": [Rel, …], "torsion": T}`
//! (`relations` and `torsion` optional; `field` for a curve over F_p), candidate `{}`. A rational is a canonical string: an
//! integer (`"-12"`, `"0"`) or `"p/q"` reduced with q > 1. A point is `"infinity"` or `[x, y]`.
//!
//! * The curve y² + a1·xy + a3·y = x³ + a2·x² + a4·x + a6 must have Δ ≠ 0, with
//!   Δ = −b2²·b8 − 8·b4³ − 27·b6² + 9·b2·b4·b6 from b2 = a1² + 4a2, b4 = 2a4 + a1·a3,
//!   b6 = a3² + 4a6, b8 = a1²·a6 + 4a2·a6 − a1·a3·a4 + a2·a3² − a4² (Silverman III.1), and every
//!   point must satisfy the equation.
//! * `Rel` is `{"kind": "sum", "p": i, "q": j, "r": k}` (points[i] + points[j] = points[k]),
//!   `{"kind": "multiple", "n": N, "p": i, "r": k}` (N·points[i] = points[k], |N| ≤
//!   [`MAX_MULTIPLIER`], N a decimal string) or `{"kind": "order", "p": i, "order": N}` (N ≥ 1:
//!   N·P = O and (N/q)·P ≠ O for every prime q | N). Indices are JSON integers. The group law is
//!   the chord and tangent of Silverman III.2.3, with −(x, y) = (x, −y − a1·x − a3); multiples
//!   are double-and-add.
//! * `T` is `{"order": N, "generators": [i, …]}`: E(Q)_tors has exactly N points. The curve's
//!   coefficients must be integers (else inconclusive). The subgroup the generators span is
//!   enumerated (more than [`MAX_TORSION`] points is inconclusive: no torsion group over Q is
//!   larger, by Mazur) and must have N points. For every odd prime p < 200 not dividing Δ, the
//!   model has good reduction at p and reduction mod p is injective on E(Q)_tors (Silverman
//!   VII.3.1), so |E(Q)_tors| divides #E(F_p), which the checker counts by brute force. When the
//!   gcd of those counts (over at least six primes) is N, the claim is proven; when it is a
//!   larger multiple of N the checker cannot exclude more torsion and answers inconclusive.
//!
//! * Over a prime field: with `"field": "p"` (a prime below 2^64, as a decimal string) the
//!   coefficients and coordinates are residues in [0, p), the same relations are replayed with
//!   arithmetic modulo p (multipliers and orders up to [`fp::MAX_FP_MULTIPLIER`]), and no torsion
//!   part is allowed; `"count": N` claims #E(F_p) = N and that the listed points are distinct, so
//!   N listed points are all of E(F_p) (counted by the checker for p ≤ [`fp::MAX_COUNT_P`]; see [`fp`]).
//!
//! A numerator or denominator of more than [`MAX_DIGITS`] digits, more than [`MAX_POINTS`] points,
//! more than [`MAX_RELATIONS`] relations, or a coordinate that grows past [`MAX_WORK_BITS`] bits
//! while a relation is replayed is inconclusive. Every failing part is reported at its pointer.

use std::fmt;
use std::ops::{Add, Div, Mul, Neg, Sub};
use std::str::FromStr;
use std::sync::LazyLock;

use jacobian_runtime::{CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Finding, Verdict};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use serde_json::Value;

use crate::evidence::collected::{Findings, Step, Stop, array, bad, expect, field, object, pointer, verdict};

pub mod fp;

/// Evidence kind replayed.
pub const ELLIPTIC_EVIDENCE: &str = "elliptic_curve.points/v1";
/// Semantics of the claim: the points, relations and torsion order hold on the curve over Q.
pub const ELLIPTIC_SEMANTICS: &str = "urn:jacobian:semantics:elliptic-curve-rational-points:v1";
/// Certificate format (everything is replayed from the claim; the candidate is empty).
pub const ELLIPTIC_FORMAT: &str = "WEIERSTRASS_REPLAY_V1";
/// Most digits of a numerator or denominator in the claim.
pub const MAX_DIGITS: usize = 2_000;
/// Most points in a claim.
pub const MAX_POINTS: usize = 1_000;
/// Most relations in a claim.
pub const MAX_RELATIONS: usize = 10_000;
/// Largest |N| of a multiple, and largest order.
pub const MAX_MULTIPLIER: i64 = 1_000_000;
/// Most bits of a numerator or denominator computed during a replay.
pub const MAX_WORK_BITS: u64 = 100_000;
/// Most points of a torsion subgroup enumerated (Mazur: E(Q)_tors has at most 16).
pub const MAX_TORSION: usize = 16;
const REDUCTION_PRIMES_BELOW: u64 = 200;
const MIN_REDUCTION_PRIMES: usize = 6;

static IDENTITY: LazyLock<CheckerIdentity> = LazyLock::new(|| {
    let source = [include_str!("elliptic.rs"), include_str!("elliptic/fp.rs")];
    CheckerIdentity::from_source("jacobian.check.elliptic_points", "1.1.0", &source.concat())
});

/// Checks points, group-law relations and torsion orders on an elliptic curve over Q, and
/// points and group-law relations on an elliptic curve over a prime field.
pub struct EllipticPoints;

// ---------------------------------------------------------------------------------------------
// Rationals

/// n/d in lowest terms with d ≥ 1.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Q {
    n: BigInt,
    d: BigInt,
}

impl Q {
    /// n/d reduced; d ≠ 0.
    fn new(n: BigInt, d: BigInt) -> Q {
        let g = n.gcd(&d);
        let (n, d) = (n / &g, d / g);
        if d.is_negative() { Q { n: -n, d: -d } } else { Q { n, d } }
    }

    fn int(i: i64) -> Q {
        Q { n: BigInt::from(i), d: BigInt::one() }
    }

    fn is_zero(&self) -> bool {
        self.n.is_zero()
    }

    fn bits(&self) -> u64 {
        self.n.bits().max(self.d.bits())
    }
}

impl fmt::Display for Q {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.d.is_one() { write!(f, "{}", self.n) } else { write!(f, "{}/{}", self.n, self.d) }
    }
}

/// `a op b` for every mix of owned and borrowed rationals, from the borrowed case.
macro_rules! arithmetic {
    ($trait:ident, $method:ident, |$a:ident, $b:ident| $body:expr) => {
        impl $trait<&Q> for &Q {
            type Output = Q;
            fn $method(self, o: &Q) -> Q {
                let ($a, $b) = (self, o);
                $body
            }
        }
        impl $trait<Q> for Q {
            type Output = Q;
            fn $method(self, o: Q) -> Q {
                (&self).$method(&o)
            }
        }
        impl $trait<&Q> for Q {
            type Output = Q;
            fn $method(self, o: &Q) -> Q {
                (&self).$method(o)
            }
        }
        impl $trait<Q> for &Q {
            type Output = Q;
            fn $method(self, o: Q) -> Q {
                self.$method(&o)
            }
        }
    };
}

arithmetic!(Add, add, |a, b| Q::new(&a.n * &b.d + &b.n * &a.d, &a.d * &b.d));
arithmetic!(Sub, sub, |a, b| Q::new(&a.n * &b.d - &b.n * &a.d, &a.d * &b.d));
arithmetic!(Mul, mul, |a, b| Q::new(&a.n * &b.n, &a.d * &b.d));
// Division by a non-zero rational only: every caller has tested its divisor.
arithmetic!(Div, div, |a, b| Q::new(&a.n * &b.d, &a.d * &b.n));

impl Neg for &Q {
    type Output = Q;
    fn neg(self) -> Q {
        Q { n: -&self.n, d: self.d.clone() }
    }
}

impl Neg for Q {
    type Output = Q;
    fn neg(self) -> Q {
        Q { n: -self.n, d: self.d }
    }
}

/// A canonical rational string of at most [`MAX_DIGITS`] digits above and below.
fn rational(v: &Value, path: &str) -> Step<Q> {
    let Some(s) = v.as_str() else { return bad(path, "NOT_A_RATIONAL", "expected a rational as a string") };
    let (num, den) = s.split_once('/').unwrap_or((s, "1"));
    if num.trim_start_matches('-').len() > MAX_DIGITS || den.len() > MAX_DIGITS {
        return Err(Stop::Limit(format!("{path} has more than {MAX_DIGITS} digits above or below")));
    }
    let parsed = BigInt::from_str(num).ok().zip(BigInt::from_str(den).ok().filter(|d| !d.is_zero()));
    match parsed.map(|(n, d)| Q::new(n, d)) {
        Some(q) if q.to_string() == s => Ok(q),
        _ => bad(path, "NOT_CANONICAL", "expected an integer or a reduced p/q with q > 1, in canonical decimal"),
    }
}

// ---------------------------------------------------------------------------------------------
// The curve and its group law

#[derive(Clone, Debug, PartialEq, Eq)]
enum Point {
    Infinity,
    Affine(Q, Q),
}

struct Curve {
    a1: Q,
    a2: Q,
    a3: Q,
    a4: Q,
    a6: Q,
}

impl Curve {
    fn a(&self) -> (&Q, &Q, &Q, &Q, &Q) {
        (&self.a1, &self.a2, &self.a3, &self.a4, &self.a6)
    }

    fn discriminant(&self) -> Q {
        let ((a1, a2, a3, a4, a6), k) = (self.a(), Q::int);
        let b2 = a1 * a1 + k(4) * a2;
        let b4 = k(2) * a4 + a1 * a3;
        let b6 = a3 * a3 + k(4) * a6;
        let b8 = a1 * a1 * a6 + k(4) * a2 * a6 - a1 * a3 * a4 + a2 * a3 * a3 - a4 * a4;
        -(&b2 * &b2 * &b8) - k(8) * &b4 * &b4 * &b4 - k(27) * &b6 * &b6 + k(9) * &b2 * &b4 * &b6
    }

    fn contains(&self, p: &Point) -> bool {
        let Point::Affine(x, y) = p else { return true };
        let (a1, a2, a3, a4, a6) = self.a();
        y * y + (a1 * x + a3) * y == ((x + a2) * x + a4) * x + a6
    }

    fn neg(&self, p: &Point) -> Point {
        let (a1, _, a3, _, _) = self.a();
        match p {
            Point::Infinity => Point::Infinity,
            Point::Affine(x, y) => Point::Affine(x.clone(), -y - a1 * x - a3),
        }
    }

    /// P + Q for points on the curve (Silverman III.2.3).
    fn add(&self, p: &Point, q: &Point) -> Step<Point> {
        let (Point::Affine(x1, y1), Point::Affine(x2, y2)) = (p, q) else {
            return Ok(if *p == Point::Infinity { q.clone() } else { p.clone() });
        };
        let ((a1, a2, a3, a4, a6), k) = (self.a(), Q::int);
        let (lambda, nu) = if x1 != x2 {
            let dx = x2 - x1;
            ((y2 - y1) / &dx, (y1 * x2 - y2 * x1) / &dx)
        } else {
            // Two points of the curve with the same x are equal or opposite; P = −P when the
            // tangent is vertical.
            let den = y1 + y1 + a1 * x1 + a3;
            if y1 != y2 || den.is_zero() {
                return Ok(Point::Infinity);
            }
            let slope = k(3) * x1 * x1 + k(2) * a2 * x1 + a4 - a1 * y1;
            let intercept = -(x1 * x1 * x1) + a4 * x1 + k(2) * a6 - a3 * y1;
            (slope / &den, intercept / &den)
        };
        let x3 = &lambda * &lambda + a1 * &lambda - a2 - x1 - x2;
        let y3 = -((&lambda + a1) * &x3) - nu - a3;
        if x3.bits().max(y3.bits()) > MAX_WORK_BITS {
            return Err(Stop::Limit(format!("a coordinate grew past {MAX_WORK_BITS} bits")));
        }
        Ok(Point::Affine(x3, y3))
    }

    /// n·P by left-to-right double-and-add; −n·P = n·(−P).
    fn mul(&self, n: i64, p: &Point, cx: &CheckContext) -> Step<Point> {
        let (base, k) = if n < 0 { (self.neg(p), n.unsigned_abs()) } else { (p.clone(), n.unsigned_abs()) };
        let mut acc = Point::Infinity;
        for i in (0..u64::BITS - k.leading_zeros()).rev() {
            if cx.should_stop() {
                return Err(Stop::interrupted());
            }
            acc = self.add(&acc, &acc)?;
            if (k >> i) & 1 == 1 {
                acc = self.add(&acc, &base)?;
            }
        }
        Ok(acc)
    }
}

// ---------------------------------------------------------------------------------------------
// Relations and torsion

/// An index into the points, as a JSON integer.
fn index(v: &Value, path: &str, len: usize) -> Step<usize> {
    match v.as_u64().and_then(|i| usize::try_from(i).ok()) {
        Some(i) if i < len => Ok(i),
        _ => bad(path, "BAD_INDEX", format!("expected the index of a point, below {len}")),
    }
}

/// A canonical decimal integer string with |n| ≤ `max`; a larger one is a limit.
fn multiplier(v: &Value, path: &str, max: i64) -> Step<i64> {
    let s = v.as_str().unwrap_or("");
    let digits = s.strip_prefix('-').unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || (digits.starts_with('0') && s != "0") {
        return bad(path, "NOT_AN_INTEGER", "expected a canonical decimal integer string");
    }
    match s.parse::<i64>() {
        Ok(n) if n.unsigned_abs() <= max.unsigned_abs() => Ok(n),
        _ => Err(Stop::Limit(format!("{path} is beyond ±{max}"))),
    }
}

/// The primes dividing n ≥ 1: trial division up to 2^21, then the cofactor is prime when it is
/// below 2^42 or passes the deterministic test below 2^64; otherwise it has two large factors
/// the checker does not find, and the replay is inconclusive.
fn prime_factors(mut n: i64) -> Step<Vec<i64>> {
    const TRIAL: i64 = 1 << 21;
    let mut out = vec![];
    let mut q = 2;
    while q <= TRIAL && q * q <= n {
        if n % q == 0 {
            out.push(q);
            while n % q == 0 {
                n /= q;
            }
        }
        q += 1;
    }
    if n > 1 {
        if n >= TRIAL * TRIAL && !crate::primality::is_small_prime(n.unsigned_abs()) {
            return Err(Stop::Limit(format!("{n} has two prime factors above 2^21")));
        }
        out.push(n);
    }
    Ok(out)
}

/// A group law the relations are replayed under: E(Q) here, E(F_p) in [`fp`].
trait Law {
    type Pt: PartialEq;
    /// P + Q.
    fn add(&self, p: &Self::Pt, q: &Self::Pt) -> Step<Self::Pt>;
    /// n·P, |n| within [`Law::max_multiplier`].
    fn mul(&self, n: i64, p: &Self::Pt, cx: &CheckContext) -> Step<Self::Pt>;
    /// Whether P is the point at infinity.
    fn is_zero(&self, p: &Self::Pt) -> bool;
    /// The largest |n| of a multiple or an order replayed.
    fn max_multiplier(&self) -> i64;
}

impl Law for Curve {
    type Pt = Point;
    fn add(&self, p: &Point, q: &Point) -> Step<Point> {
        Curve::add(self, p, q)
    }
    fn mul(&self, n: i64, p: &Point, cx: &CheckContext) -> Step<Point> {
        Curve::mul(self, n, p, cx)
    }
    fn is_zero(&self, p: &Point) -> bool {
        *p == Point::Infinity
    }
    fn max_multiplier(&self) -> i64 {
        MAX_MULTIPLIER
    }
}

fn relation<L: Law>(law: &L, points: &[L::Pt], r: &Value, path: &str, cx: &CheckContext) -> Step<()> {
    let kind = r.get("kind").and_then(Value::as_str).unwrap_or("");
    let fields: &[&str] = match kind {
        "sum" => &["kind", "p", "q", "r"],
        "multiple" => &["kind", "n", "p", "r"],
        "order" => &["kind", "p", "order"],
        _ => return bad(pointer(path, "kind"), "UNKNOWN_RELATION", "sum, multiple or order"),
    };
    let map = object(r, path, fields)?;
    let at = |name: &str| -> Step<&L::Pt> {
        Ok(&points[index(field(map, path, name)?, &pointer(path, name), points.len())?])
    };
    let p = at("p")?;
    let max = law.max_multiplier();
    let holds = match kind {
        "sum" => {
            let (q, target) = (at("q")?, at("r")?);
            law.add(p, q)? == *target
        }
        "multiple" => {
            let n = multiplier(field(map, path, "n")?, &pointer(path, "n"), max)?;
            let target = at("r")?;
            law.mul(n, p, cx)? == *target
        }
        _ => {
            let n = multiplier(field(map, path, "order")?, &pointer(path, "order"), max)?;
            if n < 1 {
                return bad(pointer(path, "order"), "NOT_POSITIVE", "an order is at least 1");
            }
            let mut holds = law.is_zero(&law.mul(n, p, cx)?);
            for q in prime_factors(n)? {
                holds = holds && !law.is_zero(&law.mul(n / q, p, cx)?);
            }
            holds
        }
    };
    if holds { Ok(()) } else { bad(path, "DOES_NOT_HOLD", format!("the `{kind}` relation fails under the group law")) }
}

/// #E(F_p) by brute force: the point at infinity and every (x, y) in F_p² on the reduced curve.
fn count_points(a: &[u64; 5], p: u64) -> u64 {
    let [a1, a2, a3, a4, a6] = *a;
    let mut count = 1;
    for x in 0..p {
        let right = (((x + a2) * x % p + a4) * x + a6) % p;
        for y in 0..p {
            if (y * y + (a1 * x + a3) % p * y) % p == right {
                count += 1;
            }
        }
    }
    count
}

fn torsion(curve: &Curve, points: &[Point], t: &Value, cx: &CheckContext) -> Step<String> {
    const PATH: &str = "/claim/torsion";
    let map = object(t, PATH, &["order", "generators"])?;
    let n = multiplier(field(map, PATH, "order")?, "/claim/torsion/order", MAX_MULTIPLIER)?;
    if n < 1 {
        return bad("/claim/torsion/order", "NOT_POSITIVE", "a group has at least one element");
    }
    let items = array(field(map, PATH, "generators")?, "/claim/torsion/generators")?;
    let generators = items
        .iter()
        .enumerate()
        .map(|(i, g)| index(g, &pointer("/claim/torsion/generators", i), points.len()).map(|i| &points[i]))
        .collect::<Step<Vec<&Point>>>()?;
    let coefficients = [&curve.a1, &curve.a2, &curve.a3, &curve.a4, &curve.a6];
    if coefficients.iter().any(|a| !a.d.is_one()) {
        return Err(Stop::Limit("a torsion claim needs integral coefficients".into()));
    }
    let mut group = vec![Point::Infinity];
    let mut i = 0;
    while i < group.len() {
        for g in &generators {
            if cx.should_stop() {
                return Err(Stop::interrupted());
            }
            let sum = curve.add(&group[i], g)?;
            if !group.contains(&sum) {
                group.push(sum);
            }
            if group.len() > MAX_TORSION {
                return Err(Stop::Limit(format!("the generators span more than {MAX_TORSION} points")));
            }
        }
        i += 1;
    }
    if group.len() as i64 != n {
        return bad("/claim/torsion/order", "WRONG_ORDER", format!("the generators span {} points", group.len()));
    }
    let delta = curve.discriminant().n;
    let mut gcd = 0u64;
    let mut primes = vec![];
    for p in (3..REDUCTION_PRIMES_BELOW).filter(|&p| (2..p).all(|d| !p.is_multiple_of(d))) {
        if (&delta % p).is_zero() {
            continue;
        }
        let reduced = coefficients.map(|a| a.n.mod_floor(&BigInt::from(p)).to_u64().unwrap_or(0));
        gcd = gcd.gcd(&count_points(&reduced, p));
        primes.push(p);
    }
    if primes.len() < MIN_REDUCTION_PRIMES {
        return Err(Stop::Limit(format!("fewer than {MIN_REDUCTION_PRIMES} odd primes of good reduction below 200")));
    }
    let n = n.unsigned_abs();
    if gcd == n {
        Ok(format!("torsion of order {n}: the gcd of #E(F_p) over {} primes of good reduction", primes.len()))
    } else if !gcd.is_multiple_of(n) {
        bad("/claim/torsion/order", "NOT_A_DIVISOR", format!("{n} does not divide gcd #E(F_p) = {gcd}"))
    } else {
        Err(Stop::Limit(format!("gcd #E(F_p) = {gcd} > {n}: more torsion is not excluded")))
    }
}

fn point(v: &Value, path: &str) -> Step<Point> {
    if v.as_str() == Some("infinity") {
        return Ok(Point::Infinity);
    }
    match v.as_array().map(Vec::as_slice) {
        Some([x, y]) => Ok(Point::Affine(rational(x, &pointer(path, 0))?, rational(y, &pointer(path, 1))?)),
        _ => bad(path, "NOT_A_POINT", "expected \"infinity\" or [x, y]"),
    }
}

/// Reads every element with `read`, collecting the findings of all; a limit ends the reading.
fn each<T>(items: &[Value], path: &str, read: impl Fn(&Value, &str) -> Step<T>) -> Step<Vec<T>> {
    let (mut out, mut findings) = (vec![], Findings::default());
    for (i, item) in items.iter().enumerate() {
        match read(item, &pointer(path, i)) {
            Ok(x) => out.push(x),
            Err(Stop::Malformed(f)) => findings.extend(f),
            Err(stop) => return Err(stop),
        }
    }
    findings.or_ok(out).map_err(Stop::from)
}

/// Replays every relation of the claim under `law`: their number, the findings of those that fail
/// (every part is replayed: a failing one rejects the claim even when another met a limit) and
/// the first limit met.
fn relations<L: Law>(
    law: &L,
    points: &[L::Pt],
    claim: &serde_json::Map<String, Value>,
    cx: &CheckContext,
) -> Step<(usize, Findings, Option<String>)> {
    let relations = match claim.get("relations") {
        Some(r) => array(r, "/claim/relations")?,
        None => &[],
    };
    if relations.len() > MAX_RELATIONS {
        return Err(Stop::Limit(format!("more than {MAX_RELATIONS} relations")));
    }
    let (mut findings, mut limit) = (Findings::default(), None);
    for (i, r) in relations.iter().enumerate() {
        match relation(law, points, r, &pointer("/claim/relations", i), cx) {
            Ok(()) => {}
            Err(Stop::Malformed(f)) => findings.extend(f),
            Err(Stop::Limit(reason)) => {
                limit.get_or_insert(reason);
            }
            Err(e @ Stop::Error(_)) => return Err(e),
        }
    }
    Ok((relations.len(), findings, limit))
}

fn replay(e: &Evidence, cx: &CheckContext) -> Step<String> {
    expect(e, ELLIPTIC_EVIDENCE, ELLIPTIC_SEMANTICS, ELLIPTIC_FORMAT, "elliptic curve")?;
    object(&e.candidate, "/candidate", &[])?;
    let claim = object(&e.claim, "/claim", &["curve", "field", "points", "relations", "torsion", "count"])?;
    if claim.contains_key("field") {
        return fp::replay(claim, cx);
    }
    if claim.contains_key("count") {
        return bad("/claim/count", "NOT_OVER_F_P", "a point count speaks of a curve over F_p");
    }
    let a = array(field(claim, "/claim", "curve")?, "/claim/curve")?;
    if a.len() != 5 {
        return bad("/claim/curve", "NOT_FIVE_COEFFICIENTS", "expected [a1, a2, a3, a4, a6]");
    }
    let items = array(field(claim, "/claim", "points")?, "/claim/points")?;
    if items.len() > MAX_POINTS {
        return Err(Stop::Limit(format!("more than {MAX_POINTS} points")));
    }
    let [a1, a2, a3, a4, a6]: [Q; 5] = match each(a, "/claim/curve", rational)?.try_into() {
        Ok(a) => a,
        Err(_) => return bad("/claim/curve", "NOT_FIVE_COEFFICIENTS", "expected [a1, a2, a3, a4, a6]"),
    };
    let curve = Curve { a1, a2, a3, a4, a6 };
    let points = each(items, "/claim/points", point)?;
    if curve.discriminant().is_zero() {
        return bad("/claim/curve", "SINGULAR", "the discriminant is 0");
    }
    let mut findings = Findings::default();
    for (i, _) in points.iter().enumerate().filter(|(_, p)| !curve.contains(p)) {
        findings.push(Finding::at(
            pointer("/claim/points", i),
            "NOT_ON_CURVE",
            "the point does not satisfy the equation",
        ));
    }
    findings.or_ok(())?;
    let (count, mut findings, mut limit) = relations(&curve, &points, claim, cx)?;
    let torsion = match claim.get("torsion").map(|t| torsion(&curve, &points, t, cx)) {
        Some(Ok(summary)) => format!(", {summary}"),
        None => String::new(),
        Some(Err(Stop::Malformed(f))) => {
            findings.extend(f);
            String::new()
        }
        Some(Err(Stop::Limit(reason))) => {
            limit.get_or_insert(reason);
            String::new()
        }
        Some(Err(e @ Stop::Error(_))) => return Err(e),
    };
    findings.or_ok(())?;
    if let Some(reason) = limit {
        return Err(Stop::Limit(reason));
    }
    Ok(format!("non-singular curve, {} points on it, {count} relations replayed{torsion}", points.len()))
}

impl Checker for EllipticPoints {
    fn identity(&self) -> &CheckerIdentity {
        &IDENTITY
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[ELLIPTIC_EVIDENCE]
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
            deadline: std::time::Instant::now() + std::time::Duration::from_secs(60),
        }
    }

    fn evidence(claim: Value) -> Evidence {
        Evidence {
            kind: ELLIPTIC_EVIDENCE.into(),
            claim,
            semantics: ELLIPTIC_SEMANTICS.into(),
            candidate: json!({}),
            scope: Scope::exact_input("curve", Digest::of_bytes(b"t")),
            certificate_format: ELLIPTIC_FORMAT.into(),
            artifacts: vec![],
        }
    }

    fn run(claim: Value) -> Verdict {
        EllipticPoints.check(&evidence(claim), &cx()).expect("not interrupted")
    }

    fn accepted(v: &Verdict) -> bool {
        matches!(v, Verdict::Accepted { .. })
    }

    fn inconclusive(v: &Verdict) -> bool {
        matches!(v, Verdict::Inconclusive { .. })
    }

    /// "a1 a2 a3 a4 a6" as the claim's curve.
    fn curve(s: &str) -> Value {
        s.split_whitespace().map(|a| json!(a)).collect()
    }

    /// "x y; x y; infinity" as the claim's points.
    fn points(s: &str) -> Vec<Value> {
        s.split(';')
            .map(str::trim)
            .map(|p| if p == "infinity" { json!(p) } else { p.split_whitespace().map(|c| json!(c)).collect() })
            .collect()
    }

    fn sum(p: usize, q: usize, r: usize) -> Value {
        json!({"kind": "sum", "p": p, "q": q, "r": r})
    }

    fn mult(n: i64, p: usize, r: usize) -> Value {
        json!({"kind": "multiple", "n": n.to_string(), "p": p, "r": r})
    }

    fn order(p: usize, n: i64) -> Value {
        json!({"kind": "order", "p": p, "order": n.to_string()})
    }

    fn torsion(n: i64, generators: &[usize]) -> Value {
        json!({"order": n.to_string(), "generators": generators})
    }

    #[test]
    fn identity_is_versioned_and_bundled() {
        let id = EllipticPoints.identity();
        assert_eq!((id.id.as_str(), id.version.as_str()), ("jacobian.check.elliptic_points", "1.1.0"));
        assert!(crate::bundled().iter().any(|c| c.identity() == id && c.evidence_kinds() == [ELLIPTIC_EVIDENCE]));
    }

    /// Multiples computed by PARI/GP 2.15 (`ellmul`), torsion by `elltors`.
    #[test]
    fn well_known_curves() {
        // y² = x³ − 2 with P = (3, 5): 2P, 3P, −2P, 5P; no torsion.
        let pts = points(
            "3 5; 129/100 -383/1000; 164323/29241 -66234835/5000211; 129/100 383/1000; \
             307326105747363/160280942564521 4559771683571581358275/2029190552145716973931",
        );
        let relations =
            json!([mult(2, 0, 1), sum(0, 1, 2), mult(3, 0, 2), mult(-2, 0, 3), mult(5, 0, 4), sum(1, 2, 4)]);
        let claim =
            json!({"curve": curve("0 0 0 0 -2"), "points": pts, "relations": relations, "torsion": torsion(1, &[])});
        assert!(accepted(&run(claim)));
        // 37a1: y² + y = x³ − x, P = (0, 0) of infinite order; k·P for k = −3, …, 6.
        let pts = points("-1 0; 1 -1; 0 -1; infinity; 0 0; 1 0; -1 -1; 2 -3; 1/4 -5/8; 6 14");
        let relations: Vec<Value> =
            (-3..=6).map(|k| mult(k, 4, (k + 3) as usize)).chain([sum(4, 5, 6), sum(4, 2, 3)]).collect();
        let claim =
            json!({"curve": curve("0 0 1 -1 0"), "points": pts, "relations": relations, "torsion": torsion(1, &[])});
        assert!(accepted(&run(claim.clone())));
        for n in 1..=12 {
            let mut c = claim.clone();
            c["relations"] = json!([order(4, n)]);
            assert!(!accepted(&run(c)), "order {n}");
        }
        // 11a1: y² + y = x³ − x² − 10x − 20, torsion Z/5 generated by (5, 5).
        let pts = points("5 5; 16 -61; 16 60; 5 -6; infinity");
        let relations = json!([
            mult(2, 0, 1),
            mult(3, 0, 2),
            mult(4, 0, 3),
            mult(5, 0, 4),
            mult(-1, 0, 3),
            order(0, 5),
            order(1, 5),
            order(4, 1)
        ]);
        let e11 = json!({"curve": curve("0 -1 1 -10 -20"), "points": pts, "relations": relations, "torsion": torsion(5, &[0])});
        assert!(accepted(&run(e11.clone())));
        for n in [1, 2, 3, 4, 6, 10, 25] {
            let mut c = e11.clone();
            c["relations"] = json!([order(0, n)]);
            assert!(!accepted(&run(c)), "order {n}");
        }
        let mut c = e11.clone();
        c["torsion"] = torsion(5, &[2]);
        assert!(accepted(&run(c.clone())));
        c["torsion"] = torsion(1, &[]);
        assert!(inconclusive(&run(c)), "gcd #E(F_p) = 5 cannot prove a trivial torsion");
        // y² = x³ + 1: torsion Z/6 generated by (2, 3), or by 2P and 3P together.
        let pts = points("2 3; 0 1; -1 0; 0 -1; 2 -3; infinity");
        let relations =
            json!([sum(0, 1, 2), mult(2, 0, 1), mult(-1, 0, 4), order(0, 6), order(2, 2), sum(2, 2, 5), mult(3, 1, 5)]);
        let e6 =
            json!({"curve": curve("0 0 0 0 1"), "points": pts, "relations": relations, "torsion": torsion(6, &[0])});
        assert!(accepted(&run(e6.clone())));
        let mut c = e6.clone();
        c["torsion"] = torsion(6, &[1, 2]);
        assert!(accepted(&run(c.clone())));
        c["torsion"] = torsion(6, &[1]);
        assert!(matches!(run(c.clone()), Verdict::Rejected { .. }));
        c["torsion"] = torsion(3, &[1]);
        assert!(inconclusive(&run(c)));
    }

    #[test]
    fn point_counts_agree_with_pari() {
        // 11a1: #E(F_p) = p + 1 − a_p, a_p from PARI's `ellap` for p = 3, 5, 7, 13, …, 47.
        for (p, ap) in [
            (3, -1),
            (5, 1),
            (7, -2),
            (13, 4),
            (17, -2),
            (19, 0),
            (23, -1),
            (29, 0),
            (31, 7),
            (37, 3),
            (41, -8),
            (43, -6),
            (47, 8),
        ] {
            let a = [0, p - 1, 1, (10 * p - 10) % p, (20 * p - 20) % p];
            assert_eq!(count_points(&a, p) as i64, p as i64 + 1 - ap, "p = {p}");
        }
    }

    /// (curve, E(Q)_tors order, its generators, gcd of #E(F_p) over odd good p < 200), from PARI.
    const TORSION: [(&str, i64, &str, i64); 17] = [
        ("0 -1 1 -10 -20", 5, "5 5", 5),
        ("0 -1 1 -7820 -263580", 1, "", 5),
        ("0 -1 1 0 0", 5, "0 0", 5),
        ("0 0 0 0 1", 6, "2 3", 6),
        ("0 0 1 -1 0", 1, "", 1),
        ("1 0 1 4 -6", 6, "9 23", 6),
        ("1 1 1 -10 -10", 8, "-2 3; -1 0", 8),
        ("0 0 0 -1 0", 4, "-1 0; 0 0", 4),
        ("1 -1 1 -122 1721", 12, "-9 49", 12),
        ("1 0 0 -1070 7812", 16, "4 58; -36 18", 16),
        ("1 0 0 -45 81", 10, "0 9", 10),
        ("1 -1 1 -14 29", 9, "-3 7", 9),
        ("1 -1 1 -3 3", 7, "-1 2", 7),
        ("1 1 1 35 -28", 8, "2 6", 8),
        ("0 0 0 0 -2", 1, "", 1),
        ("0 0 0 -4 0", 4, "-2 0; 0 0", 4),
        ("1 1 0 -1 0", 2, "0 0", 2),
    ];

    #[test]
    fn torsion_claims_agree_with_pari() {
        for (c, n, generators, gcd) in TORSION {
            let pts = if generators.is_empty() { vec![] } else { points(generators) };
            let indices: Vec<usize> = (0..pts.len()).collect();
            let claim = |n: i64, g: &[usize]| json!({"curve": curve(c), "points": pts, "torsion": torsion(n, g)});
            let v = run(claim(n, &indices));
            if gcd == n {
                assert!(accepted(&v), "{c}: {v:?}");
            } else {
                assert!(inconclusive(&v), "{c}: {v:?}");
            }
            for wrong in [n + 1, 2 * n] {
                assert!(matches!(run(claim(wrong, &indices)), Verdict::Rejected { .. }), "{c} order {wrong}");
            }
            if !indices.is_empty() {
                assert!(!accepted(&run(claim(n, &[]))), "{c} without generators");
            }
        }
    }

    /// Random curves through a point P, with P, 2P, 3P, −P and the order of P, from PARI
    /// (`ellmul`, `ellneg`, `ellorder`; order 0 is infinite).
    const GENERATED: [(&str, &str, i64); 16] = [
        ("5 -5 5 -5 -79", "5 -4; 895/121 -56356/1331; 3543461/21025 5403631366/3048625; 5 -26", 0),
        ("4 -1 5 -4 124", "-4 -4; 2705/361 69693/6859; 68056417/17214201 -1900793608192/71421719949; -4 15", 0),
        ("-2 0 4 0 0", "0 -4; 0 0; infinity; 0 0", 3),
        ("1 3 -1 -5 -15", "3 4; 189/25 -3372/125; 83797/3249 23340152/185193; 3 -6", 0),
        ("-2 -4 -3 -2 23", "-1 -4; 505/81 14779/729; 1137365/343396 -169738483/201230056; -1 5", 0),
        ("5 2 4 3 -22", "2 0; 963/196 -91519/2744; 21163874/326041 72919511518/186169411; 2 -14", 0),
        ("-5 5 1 4 -117", "3 3; 507/4 14443/8; 1116259/245025 -470554523/121287375; 3 11", 0),
        ("1 2 4 5 0", "0 -4; 13/16 65/64; 7008/169 -653496/2197; 0 0", 0),
        ("-1 -5 3 -1 8", "1 1; 125/16 1007/64; -15415/11881 -425319/1295029; 1 -3", 0),
        ("-3 -1 -5 2 118", "-4 3; 3397/169 -136014/2197; 3861508/16589329 952593932326/67568337017; -4 -10", 0),
        ("-2 -2 0 -2 24", "4 -4; -87/64 -3117/512; -149180/117649 141894516/40353607; 4 12", 0),
        ("2 -1 3 3 -5", "3 2; 75/169 -4295/2197; 568153/186624 -899526925/80621568; 3 -11", 0),
        ("3 5 4 3 -19", "-4 5; 1 -2; -106/25 423/125; -4 3", 0),
        ("2 -5 2 -2 224", "-5 4; infinity; -5 4; -5 4", 2),
        ("-2 -2 -4 -1 -10", "2 2; 73/16 999/64; 21890/1681 -2101650/68921; 2 6", 0),
        ("-1 -3 -4 4 6", "-1 1; 215 3242; -40391/46656 1203767/10077696; -1 2", 0),
    ];

    #[test]
    fn generated_multiples_agree_with_pari() {
        for (c, p, ord) in GENERATED {
            let mut pts = points(p);
            pts.push(json!("infinity"));
            let relations = vec![
                mult(2, 0, 1),
                sum(0, 1, 2),
                sum(1, 0, 2),
                mult(3, 0, 2),
                mult(-1, 0, 3),
                sum(0, 3, 4),
                mult(0, 0, 4),
                sum(4, 0, 0),
                mult(-3, 3, 2),
            ];
            let mut claim = json!({"curve": curve(c), "points": pts, "relations": relations});
            assert!(accepted(&run(claim.clone())), "{c}: {:?}", run(claim.clone()));
            for (r, n) in [(order(0, ord), ord), (sum(0, 0, 2), 0), (mult(2, 0, 2), 0), (mult(4, 0, 0), 3)] {
                claim["relations"] = json!([r]);
                if n > 0 && n == ord {
                    assert!(accepted(&run(claim.clone())), "{c} {r}");
                } else if n == 0 || ord == 0 {
                    assert!(!accepted(&run(claim.clone())), "{c} {r}");
                }
            }
            if ord == 0 {
                for n in 1..=12 {
                    claim["relations"] = json!([order(0, n)]);
                    assert!(!accepted(&run(claim.clone())), "{c} order {n}");
                }
            }
        }
    }

    /// The rational one above or below `s`, and, for p/q, p ± 1 over q (not reduced, or another number).
    fn nudges(s: &str) -> Vec<String> {
        let (n, d) = s.split_once('/').unwrap_or((s, "1"));
        let (n, d): (BigInt, BigInt) = (n.parse().unwrap(), d.parse().unwrap());
        let q = Q::new(n.clone(), d.clone());
        let mut out = vec![(&q + &Q::int(1)).to_string(), (&q - &Q::int(1)).to_string()];
        if !d.is_one() {
            out.extend([format!("{}/{d}", &n + 1), format!("{}/{d}", &n - 1), format!("{n}/{}", &d + 1)]);
        }
        out
    }

    /// Every one-number edit of the claim (a coefficient, a coordinate, an index, a multiplier,
    /// an order), every point removed, every point but the last duplicated in place, every
    /// generator removed, and the required fields removed.
    fn mutants(claim: &Value) -> Vec<Value> {
        let mut out = vec![];
        for i in 0..5 {
            for m in nudges(claim["curve"][i].as_str().unwrap()) {
                let mut c = claim.clone();
                c["curve"][i] = json!(m);
                out.push(c);
            }
        }
        let pts = claim["points"].as_array().unwrap();
        for (i, p) in pts.iter().enumerate() {
            for j in 0..2 {
                for m in p.get(j).and_then(Value::as_str).map(nudges).unwrap_or_default() {
                    let mut c = claim.clone();
                    c["points"][i][j] = json!(m);
                    out.push(c);
                }
            }
            let mut c = claim.clone();
            c["points"].as_array_mut().unwrap().remove(i);
            out.push(c);
            if i + 1 < pts.len() {
                let mut c = claim.clone();
                c["points"].as_array_mut().unwrap().insert(i, p.clone());
                out.push(c);
            }
        }
        for (i, r) in claim["relations"].as_array().unwrap().iter().enumerate() {
            for (k, v) in r.as_object().unwrap() {
                let edits: Vec<Value> = match v {
                    Value::Number(n) => [n.as_i64().unwrap() + 1, n.as_i64().unwrap() - 1].map(|m| json!(m)).into(),
                    Value::String(s) if k != "kind" => nudges(s).into_iter().map(|m| json!(m)).collect(),
                    _ => ["sum", "multiple", "order"].into_iter().filter(|&o| o != s_of(v)).map(|o| json!(o)).collect(),
                };
                for m in edits {
                    let mut c = claim.clone();
                    c["relations"][i][k] = m;
                    out.push(c);
                }
            }
        }
        for m in nudges(claim["torsion"]["order"].as_str().unwrap()) {
            let mut c = claim.clone();
            c["torsion"]["order"] = json!(m);
            out.push(c);
        }
        for (i, g) in claim["torsion"]["generators"].as_array().unwrap().iter().enumerate() {
            for m in [g.as_i64().unwrap() + 1, g.as_i64().unwrap() - 1] {
                let mut c = claim.clone();
                c["torsion"]["generators"][i] = json!(m);
                out.push(c);
            }
            let mut c = claim.clone();
            c["torsion"]["generators"].as_array_mut().unwrap().remove(i);
            out.push(c);
        }
        for field in ["curve", "points"] {
            let mut c = claim.clone();
            c.as_object_mut().unwrap().remove(field);
            out.push(c);
        }
        out
    }

    fn s_of(v: &Value) -> &str {
        v.as_str().unwrap_or("")
    }

    #[test]
    fn every_mutation_of_valid_claims_is_rejected() {
        let e6 = json!({
            "curve": curve("0 0 0 0 1"),
            "points": points("2 3; 0 1; -1 0; 0 -1; 2 -3; infinity"),
            "relations": [sum(0, 1, 2), mult(2, 0, 1), mult(-1, 0, 4), order(0, 6), order(2, 2), sum(2, 2, 5), mult(3, 1, 5)],
            "torsion": torsion(6, &[0]),
        });
        let e2 = json!({
            "curve": curve("0 0 0 0 -2"),
            "points": points("3 5; 129/100 -383/1000; 164323/29241 -66234835/5000211; 129/100 383/1000"),
            "relations": [mult(2, 0, 1), sum(0, 1, 2), mult(-2, 0, 3)],
            "torsion": torsion(1, &[]),
        });
        let mut count = 0;
        for claim in [e6, e2] {
            assert!(accepted(&run(claim.clone())));
            for m in mutants(&claim) {
                assert!(!accepted(&run(m.clone())), "{m}");
                count += 1;
            }
        }
        assert!(count > 150, "{count} mutants");
    }

    #[test]
    fn malformed_evidence_is_rejected_and_limits_are_inconclusive() {
        let base = json!({"curve": curve("0 0 0 0 1"), "points": points("2 3; infinity"), "relations": [order(0, 6)]});
        assert!(accepted(&run(base.clone())));
        let edits: Vec<(&str, Value)> = vec![
            ("/curve/4", json!("2/2")),
            ("/curve/4", json!("1/1")),
            ("/curve/4", json!("+1")),
            ("/curve/4", json!(1)),
            ("/curve/0", json!("-0")),
            ("/curve/0", json!("0/5")),
            ("/curve/0", json!("0.0")),
            ("/curve/0", json!("1/0")),
            ("/curve/0", json!("1/-2")),
            ("/points/0/0", json!("02")),
            ("/points/0/0", json!("4/2")),
            ("/points/1", json!("Infinity")),
            ("/points/1", json!(["1"])),
            ("/points/1", json!(null)),
            ("/relations/0/p", json!("0")),
            ("/relations/0/p", json!(2)),
            ("/relations/0/p", json!(-1)),
            ("/relations/0/order", json!("0")),
            ("/relations/0/order", json!("-6")),
            ("/relations/0/order", json!("+6")),
            ("/relations/0/order", json!(6)),
            ("/relations/0/kind", json!("orders")),
            ("/relations/0/extra", json!(1)),
            ("/relations", json!({})),
            ("/extra", json!(1)),
        ];
        for (path, value) in edits {
            let mut claim = base.clone();
            let (parent, key) = path.rsplit_once('/').unwrap();
            let target = claim.pointer_mut(parent).unwrap();
            match target {
                Value::Array(items) => items[key.parse::<usize>().unwrap()] = value.clone(),
                Value::Object(map) => {
                    map.insert(key.into(), value.clone());
                }
                _ => unreachable!(),
            }
            assert!(matches!(run(claim.clone()), Verdict::Rejected { .. }), "{path} = {value}");
        }
        // Singular: y² = x³ (a cusp) and y² = x³ + x² (a node), with a point on each.
        for (c, p) in [("0 0 0 0 0", "1 1"), ("0 1 0 0 0", "0 0")] {
            assert!(matches!(run(json!({"curve": curve(c), "points": points(p)})), Verdict::Rejected { .. }));
        }
        let mut e = evidence(base.clone());
        e.candidate = json!({"steps": []});
        assert!(matches!(EllipticPoints.check(&e, &cx()).unwrap(), Verdict::Rejected { .. }));
        for edit in 0..4 {
            let mut e = evidence(base.clone());
            match edit {
                0 => e.semantics = "urn:jacobian:semantics:elliptic-curve-rank:v1".into(),
                1 => e.certificate_format = "PARI_V1".into(),
                2 => e.kind = "elliptic_curve.rank/v1".into(),
                _ => e.scope.universal = true,
            }
            assert!(matches!(EllipticPoints.check(&e, &cx()).unwrap(), Verdict::Rejected { .. }));
        }
        // Limits: a huge multiple of a point of infinite order, a multiplier past 10^6, rational
        // coefficients for a torsion claim, generators of infinite order, long numbers, many points.
        let e37 = |relations: Value, torsion: Value| json!({"curve": curve("0 0 1 -1 0"), "points": points("0 0; infinity"), "relations": relations, "torsion": torsion});
        assert!(inconclusive(&run(e37(json!([mult(1_000_000, 0, 1)]), torsion(1, &[])))));
        assert!(inconclusive(&run(e37(json!([mult(1_000_001, 0, 1)]), torsion(1, &[])))));
        assert!(inconclusive(&run(e37(json!([]), torsion(17, &[0])))));
        let quarter =
            json!({"curve": ["0", "0", "0", "0", "1/4"], "points": points("0 1/2"), "torsion": torsion(3, &[0])});
        assert!(inconclusive(&run(quarter)));
        let long = format!("1{}", "0".repeat(MAX_DIGITS));
        assert!(inconclusive(&run(json!({"curve": ["0", "0", "0", "0", long], "points": []}))));
        assert!(inconclusive(&run(
            json!({"curve": curve("0 0 0 0 1"), "points": vec![json!("infinity"); MAX_POINTS + 1]})
        )));
        // A false relation rejects even when another meets a limit.
        let v = run(e37(json!([mult(1_000_000, 0, 1), order(0, 5)]), torsion(1, &[])));
        assert!(matches!(v, Verdict::Rejected { .. }), "{v:?}");
        let cx = cx();
        cx.cancel.cancel();
        let e = evidence(e37(json!([mult(5, 0, 1)]), torsion(1, &[])));
        assert!(matches!(EllipticPoints.check(&e, &cx), Err(CheckError::Interrupted)));
    }
}
