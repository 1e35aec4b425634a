//! Replay of primality certificates (PARI/GP's ECPP and N−1 certificates) with the checker's own
//! big-integer and elliptic-curve arithmetic; PARI is never run.
//!
//! # Evidence (`integer.primality/v1`, semantics `urn:jacobian:semantics:integer-prime:v1`)
//!
//! Claim `{"n": "<decimal>"}`: n is prime. Candidate `{"certificate": C}`, where `C.format` is
//! `"ECPP"` or `"N-1"` and equals the evidence's `certificate_format`. Every number is a string
//! holding a canonical decimal integer (no `+`, no leading zero, no `-0`); only the ECPP fields
//! `t`, `a4`, `x`, `y` may be negative.
//!
//! # ECPP (Atkin–Morain), from PARI's `primecert(N)`
//!
//! `{"format": "ECPP", "steps": [[N, t, s, a4, [x, y]], …]}`: PARI's vector of steps verbatim,
//! every integer written as a string (PARI's bare integer answer for N < 2^64 becomes
//! `"steps": []`). With m = N + 1 − t, every step must satisfy:
//!
//! * N ≥ 5 and gcd(N, 6) = 1; t² < 4N; s ≥ 1 divides m; q = m/s > (N^(1/4) + 1)², tested exactly
//!   as c = (q − 1)² − N > 0 and c² > 16·N·q (equivalent for q ≥ 1, as in PARI's `Nq_isvalid`);
//! * the first N is the claimed n, and every later N is the previous step's q; the last q is a
//!   prime below 2^64 by the base case (with no steps, n itself must be);
//! * on E: y² = x³ + a4·x + b over Z/NZ with b = y² − x³ − a4·x, gcd(4·a4³ + 27·b², N) = 1,
//!   Q = [s]P is not the point at infinity O, and [q]Q = [m]P = O.
//!
//! These are the conditions of PARI's `primecertisvalid` (`??primecert`), plus the curve's
//! discriminant. They prove N prime once q is (Goldwasser–Kilian): if p ≤ √N were a prime factor
//! of N, Q mod p would be a point of order q on E mod p, but #E(F_p) ≤ (p^(1/2) + 1)² < q.
//! The multiples are computed by double-and-add with the affine group law over Z/NZ, under one
//! rule: every denominator must be a unit mod N, and when two x agree, the two y must be equal
//! or opposite. Each decision taken mod N then holds mod every prime p dividing N, so the
//! computed multiples are the true ones on E mod p, for every such p; a non-unit denominator
//! rejects the step (it shows N composite, or a point off the curve's group). The divisions are
//! deferred rather than done (Jacobian coordinates): the denominators are multiplied together
//! and one gcd per step checks that their product is a unit, which holds exactly when each of
//! them is. One extended-gcd inversion per point operation made a 305-digit certificate take
//! seconds.
//!
//! # N−1 (Pocklington–Lehmer), from PARI's `primecert(N, 1)`
//!
//! A node is `{"n": p}`, p a prime below 2^64 by the base case, or
//! `{"n": N, "factors": [{"witness": a, "prime": node}, …]}`; the certificate is a node with
//! `"format": "N-1"` added, whose n is the claimed n. In a node with factors, every factor's node
//! must prove its n (p) prime, p must divide what remains of N − 1 after the factors before it
//! (so no prime is listed twice), and the witness must satisfy a^(N−1) ≡ 1 (mod N) and
//! gcd(a^((N−1)/p) − 1, N) = 1; then every prime factor of N is 1 mod F, the product of the
//! p^v_p(N−1). N is proved prime when F² > N (Pocklington), or when F³ > N and, writing
//! N = 1 + c1·F + c2·F² in base F, c1² − 4·c2 is not a square (Brillhart–Lehmer–Selfridge,
//! Crandall–Pomerance Thm 4.1.5). PARI's output lists the primes below 2^64 without a witness
//! (and its `primecertisvalid` then checks none: it accepts `[561, [2, 5, 7]]`); here every
//! factor carries one, which the adapter finds as PARI's `pl831` does: the least a ≥ 2 with
//! a^((N−1)/p) ≢ 1 (mod N). PARI's `[p, a, C]` triples give their own a.
//!
//! # Base case and limits
//!
//! A number below 2^64 is prime when the strong (Miller–Rabin) test passes to the twelve bases
//! 2, 3, …, 37, which has no composite exception below 3.18·10^23 (Sorenson–Webster 2015), so the
//! test is exact here. A number over [`MAX_DIGITS`] digits, more than [`MAX_ECPP_STEPS`] steps,
//! an N−1 tree deeper than [`MAX_N1_DEPTH`] or with more than [`MAX_N1_NODES`] nodes is not
//! replayed (inconclusive). Anything else that fails to replay is rejected at its JSON Pointer.

use std::str::FromStr;
use std::sync::LazyLock;

use jacobian_runtime::{CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Finding, Verdict};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use serde_json::{Map, Value};

use crate::evidence::collected::{Findings, Read, array, expect, field, object, pointer};

/// Evidence kind replayed.
pub const PRIMALITY_EVIDENCE: &str = "integer.primality/v1";
/// Semantics of the claim `{"n"}`: n is a prime number.
pub const PRIMALITY_SEMANTICS: &str = "urn:jacobian:semantics:integer-prime:v1";
/// Certificate format of an Atkin–Morain certificate (PARI's `primecert(N)`).
pub const ECPP_FORMAT: &str = "ECPP";
/// Certificate format of a Pocklington–Lehmer certificate (PARI's `primecert(N, 1)`).
pub const N_MINUS_1_FORMAT: &str = "N-1";
/// Most decimal digits a number may have to be replayed.
pub const MAX_DIGITS: usize = 20_000;
/// Most steps an ECPP certificate may have to be replayed.
pub const MAX_ECPP_STEPS: usize = 10_000;
/// Deepest nesting of N−1 nodes replayed (the top node is at depth 0).
pub const MAX_N1_DEPTH: usize = 32;
/// Most nodes an N−1 certificate may have to be replayed.
pub const MAX_N1_NODES: usize = 10_000;

const CERT: &str = "/candidate/certificate";
const STEPS: &str = "/candidate/certificate/steps";

static IDENTITY: LazyLock<CheckerIdentity> = LazyLock::new(|| {
    CheckerIdentity::from_source("jacobian.check.primality_certificate", "1.0.0", include_str!("primality.rs"))
});

/// Checks primality claims by replaying ECPP and N−1 certificates.
pub struct PrimalityCertificate;

/// Exact primality of n < 2^64: strong probable-prime test to the bases 2, 3, 5, …, 37.
pub fn is_small_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    let mul = |a: u64, b: u64| ((u128::from(a) * u128::from(b)) % u128::from(n)) as u64;
    if let Some(&p) = BASES.iter().find(|&&p| n.is_multiple_of(p)) {
        return n == p;
    }
    if n < 2 {
        return false;
    }
    // Here n ≥ 41 is odd, so every base is below n.
    let r = (n - 1).trailing_zeros();
    let d = (n - 1) >> r;
    'base: for a in BASES {
        let (mut x, mut base, mut e) = (1, a, d);
        while e > 0 {
            if e & 1 == 1 {
                x = mul(x, base);
            }
            base = mul(base, base);
            e >>= 1;
        }
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..r {
            x = mul(x, x);
            if x == n - 1 {
                continue 'base;
            }
        }
        return false;
    }
    true
}

/// The base case for a big integer: `Some(primality)` below 2^64, `None` from 2^64 on.
fn base_case(n: &BigInt) -> Option<bool> {
    n.to_u64().map(is_small_prime)
}

/// Reads the evidence, collecting every finding, and remembers a resource limit met.
#[derive(Default)]
struct Reader {
    findings: Findings,
    limit: Option<String>,
    nodes: usize,
    stopped: bool,
}

impl Reader {
    fn reject(&mut self, path: impl Into<String>, code: &str, message: impl Into<String>) {
        self.findings.push(Finding::at(path, code, message));
    }

    fn take<T>(&mut self, read: Read<T>) -> Option<T> {
        read.map_err(|f| self.findings.extend(f)).ok()
    }

    fn ok(&self) -> bool {
        self.findings.is_empty() && self.limit.is_none()
    }

    /// A canonical decimal string; negative only when `signed`.
    fn integer(&mut self, v: &Value, path: &str, signed: bool) -> Option<BigInt> {
        let s = v.as_str().unwrap_or("");
        let digits = if signed { s.strip_prefix('-').unwrap_or(s) } else { s };
        let canonical = !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && (!digits.starts_with('0') || digits == "0" && s == "0");
        if !canonical {
            let what = if signed { "an integer" } else { "a non-negative integer" };
            self.reject(path, "NOT_A_DECIMAL", format!("expected {what} as a canonical decimal string"));
            return None;
        }
        if digits.len() > MAX_DIGITS {
            self.limit = Some(format!("{path} has {} digits, more than {MAX_DIGITS}", digits.len()));
            return None;
        }
        // The scan above admits only what `from_str` parses.
        BigInt::from_str(s).ok()
    }
}

// ---------------------------------------------------------------------------------------------
// Elliptic-curve arithmetic over Z/NZ
// ---------------------------------------------------------------------------------------------

/// A point (x, y) = (X/Z², Y/Z³) of the curve, with X, Y, Z reduced mod N, or the point at infinity.
#[derive(Clone, Debug, PartialEq)]
enum Point {
    Infinity,
    Jacobian(BigInt, BigInt, BigInt),
}

/// Why a scalar multiplication stopped: two points with equal x whose y are neither equal nor
/// opposite (impossible modulo a prime), or the check was cancelled.
#[derive(Debug)]
enum Fail {
    Inconsistent,
    Stopped,
}

/// The affine group law of y² = x³ + a·x + b over Z/NZ (b is implied by the points used), with
/// its divisions deferred: every denominator the affine formulas would invert (x2 − x1 in an
/// addition, 2y in a doubling, up to the unit factors Z^k and 2) is multiplied into
/// `denominators`. While that product is a unit mod N, every Z is a unit too, so each test
/// below (U1 = U2, S1 = ±S2, Y = 0) decides exactly what the affine test on x and y would, and
/// every affine inversion would succeed: the results are the affine ones.
struct Curve<'a> {
    n: &'a BigInt,
    a: BigInt,
    denominators: BigInt,
}

impl Curve<'_> {
    fn md(&self, v: BigInt) -> BigInt {
        v.mod_floor(self.n)
    }

    fn defer(&mut self, d: &BigInt) {
        self.denominators = self.md(&self.denominators * d);
    }

    fn double(&mut self, p: &Point) -> Point {
        let Point::Jacobian(x, y, z) = p else { return Point::Infinity };
        if y.is_zero() {
            return Point::Infinity; // y + y = 0: P is its own opposite
        }
        self.defer(y);
        let (yy, zz) = (self.md(y * y), self.md(z * z));
        let s = self.md(BigInt::from(4) * x * &yy);
        let m = self.md(BigInt::from(3) * x * x + &self.a * self.md(&zz * &zz));
        let x3 = self.md(&m * &m - BigInt::from(2) * &s);
        let y3 = self.md(m * (s - &x3) - BigInt::from(8) * self.md(&yy * &yy));
        let z3 = self.md(BigInt::from(2) * y * z);
        Point::Jacobian(x3, y3, z3)
    }

    fn add(&mut self, p: &Point, q: &Point) -> Result<Point, Fail> {
        let (Point::Jacobian(x1, y1, z1), Point::Jacobian(x2, y2, z2)) = (p, q) else {
            return Ok(if *p == Point::Infinity { q.clone() } else { p.clone() });
        };
        let (z1z1, z2z2) = (self.md(z1 * z1), self.md(z2 * z2));
        let (u1, u2) = (self.md(x1 * &z2z2), self.md(x2 * &z1z1));
        let (s1, s2) = (self.md(y1 * self.md(z2 * &z2z2)), self.md(y2 * self.md(z1 * &z1z1)));
        if u1 == u2 {
            return if self.md(&s1 + &s2).is_zero() {
                Ok(Point::Infinity)
            } else if s1 == s2 {
                Ok(self.double(p))
            } else {
                Err(Fail::Inconsistent)
            };
        }
        let (h, r) = (self.md(&u2 - &u1), self.md(s2 - &s1));
        self.defer(&h);
        let hh = self.md(&h * &h);
        let (hhh, v) = (self.md(&h * &hh), self.md(u1 * hh));
        let x3 = self.md(&r * &r - &hhh - BigInt::from(2) * &v);
        let y3 = self.md(r * (v - &x3) - s1 * hhh);
        let z3 = self.md(h * self.md(z1 * z2));
        Ok(Point::Jacobian(x3, y3, z3))
    }

    /// [k]P for k ≥ 0, by left-to-right double-and-add.
    fn mul(&mut self, k: &BigInt, p: &Point, stop: &dyn Fn() -> bool) -> Result<Point, Fail> {
        let mut acc = Point::Infinity;
        for i in (0..k.bits()).rev() {
            if i % 64 == 0 && stop() {
                return Err(Fail::Stopped);
            }
            acc = self.double(&acc);
            if k.bit(i) {
                acc = self.add(&acc, p)?;
            }
        }
        Ok(acc)
    }
}

// ---------------------------------------------------------------------------------------------
// ECPP
// ---------------------------------------------------------------------------------------------

struct Step {
    n: BigInt,
    t: BigInt,
    s: BigInt,
    a: BigInt,
    x: BigInt,
    y: BigInt,
}

fn read_step(r: &mut Reader, v: &Value, path: &str) -> Option<Step> {
    let items = r.take(array(v, path))?;
    let [n, t, s, a, point] = items else {
        r.reject(path, "NOT_AN_ECPP_STEP", "expected [N, t, s, a4, [x, y]]");
        return None;
    };
    let (n, t) = (r.integer(n, &pointer(path, 0), false), r.integer(t, &pointer(path, 1), true));
    let (s, a) = (r.integer(s, &pointer(path, 2), false), r.integer(a, &pointer(path, 3), true));
    let point_path = pointer(path, 4);
    let (x, y) = match r.take(array(point, &point_path))? {
        [x, y] => (r.integer(x, &pointer(&point_path, 0), true), r.integer(y, &pointer(&point_path, 1), true)),
        _ => {
            r.reject(point_path, "NOT_A_POINT", "expected [x, y]");
            (None, None)
        }
    };
    Some(Step { n: n?, t: t?, s: s?, a: a?, x: x?, y: y? })
}

/// q > (N^(1/4) + 1)², for q ≥ 1 (see the module documentation).
fn q_large_enough(n: &BigInt, q: &BigInt) -> bool {
    let q1: BigInt = q - 1u32;
    let c: BigInt = &q1 * &q1 - n;
    c.is_positive() && &c * &c > BigInt::from(16) * n * q
}

/// The arithmetic conditions of one step; `Some(q)` when they hold.
fn step_numbers(r: &mut Reader, st: &Step, path: &str) -> Option<BigInt> {
    let n = &st.n;
    if *n < BigInt::from(5) || n.is_even() || (n % 3u32).is_zero() {
        r.reject(pointer(path, 0), "N_NOT_COPRIME_TO_6", "N must be at least 5 and coprime to 6");
        return None;
    }
    let mut ok = true;
    if &st.t * &st.t >= BigInt::from(4) * n {
        r.reject(pointer(path, 1), "OUTSIDE_HASSE_BOUND", "t² must be below 4N");
        ok = false;
    }
    if !st.s.is_positive() {
        r.reject(pointer(path, 2), "NOT_POSITIVE", "s must be at least 1");
        return None;
    }
    let m: BigInt = n + 1u32 - &st.t;
    let (q, rem) = m.div_rem(&st.s);
    if !rem.is_zero() {
        r.reject(pointer(path, 2), "S_DOES_NOT_DIVIDE_M", "s does not divide m = N + 1 − t");
        return None;
    }
    if !q_large_enough(n, &q) {
        r.reject(pointer(path, 2), "Q_TOO_SMALL", "q = m/s is not above (N^(1/4) + 1)²");
        ok = false;
    }
    ok.then_some(q)
}

/// The curve conditions of one step: E nonsingular mod every prime factor of N, [s]P ≠ O, [q]([s]P) = O.
fn step_curve(st: &Step, q: &BigInt, path: &str, stop: &dyn Fn() -> bool) -> Result<Option<Finding>, CheckError> {
    let n = &st.n;
    let (a, x, y) = (st.a.mod_floor(n), st.x.mod_floor(n), st.y.mod_floor(n));
    let b = (&y * &y - (&x * &x + &a) * &x).mod_floor(n);
    let disc = BigInt::from(4) * &a * &a * &a + BigInt::from(27) * &b * &b;
    if !disc.gcd(n).is_one() {
        return Ok(Some(Finding::at(pointer(path, 3), "SINGULAR_CURVE", "gcd(4·a4³ + 27·b², N) ≠ 1")));
    }
    let mut curve = Curve { n, a, denominators: BigInt::one() };
    let point = pointer(path, 4);
    let products = curve
        .mul(&st.s, &Point::Jacobian(x, y, BigInt::one()), stop)
        .and_then(|sp| curve.mul(q, &sp, stop).map(|mp| (sp, mp)));
    let finding = |code: &str, message: &str| Ok(Some(Finding::at(&point, code, message)));
    match products {
        Err(Fail::Stopped) => Err(CheckError::Interrupted),
        Err(Fail::Inconsistent) => {
            finding("INCONSISTENT_POINTS", "two multiples of P share x but not ±y (N is not prime)")
        }
        Ok(_) if !curve.denominators.gcd(n).is_one() => {
            finding("NOT_INVERTIBLE", "a denominator of the curve arithmetic is not a unit mod N")
        }
        Ok((Point::Infinity, _)) => finding("S_P_IS_INFINITY", "[s]P is the point at infinity"),
        Ok((_, Point::Infinity)) => Ok(None),
        Ok(_) => finding("M_P_IS_NOT_INFINITY", "[m]P is not the point at infinity"),
    }
}

fn ecpp(
    r: &mut Reader,
    n: &BigInt,
    cert: &Map<String, Value>,
    cx: &CheckContext,
) -> Result<Option<String>, CheckError> {
    let Some(items) = r.take(field(cert, CERT, "steps").and_then(|v| array(v, STEPS))) else { return Ok(None) };
    if items.len() > MAX_ECPP_STEPS {
        r.limit = Some(format!("{} ECPP steps, more than {MAX_ECPP_STEPS}", items.len()));
        return Ok(None);
    }
    let steps: Vec<Option<Step>> = items.iter().enumerate().map(|(i, v)| read_step(r, v, &pointer(STEPS, i))).collect();
    let steps: Vec<Step> = steps.into_iter().flatten().collect();
    if !r.ok() || steps.len() != items.len() {
        return Ok(None);
    }
    // Every step's numbers and the chain first: they are cheap, and decide most rejections.
    let mut expected = Some(n.clone());
    let mut qs = Vec::with_capacity(steps.len());
    for (i, st) in steps.iter().enumerate() {
        let path = pointer(STEPS, i);
        if expected.as_ref().is_some_and(|e| *e != st.n) {
            let (code, message) = if i == 0 {
                ("CERTIFICATE_FOR_ANOTHER_NUMBER", "the first N is not the claimed n")
            } else {
                ("BROKEN_CHAIN", "N is not the q of the previous step")
            };
            r.reject(pointer(&path, 0), code, message);
        }
        expected = step_numbers(r, st, &path);
        qs.push(expected.clone());
    }
    let (last, last_path) = match qs.last() {
        None => (Some(n.clone()), STEPS.to_owned()),
        Some(q) => (q.clone(), pointer(STEPS, qs.len() - 1)),
    };
    if let Some(last) = last
        && base_case(&last) != Some(true)
    {
        let what = if qs.is_empty() { "with no steps, n" } else { "the last step's q" };
        r.reject(last_path, "LAST_Q_NOT_A_SMALL_PRIME", format!("{what} ({last}) is not a prime below 2^64"));
    }
    if !r.ok() {
        return Ok(None);
    }
    // The curves, smallest N first (the steps are cheaper there), up to the first failure.
    for (i, (st, q)) in steps.iter().zip(&qs).enumerate().rev() {
        if cx.should_stop() {
            return Err(CheckError::Interrupted);
        }
        // Every q is known here: no finding was recorded.
        let Some(q) = q else { continue };
        if let Some(f) = step_curve(st, q, &pointer(STEPS, i), &|| cx.should_stop())? {
            r.findings.push(f);
            break;
        }
    }
    let last = qs.last().cloned().flatten().unwrap_or_else(|| n.clone());
    Ok(Some(format!(
        "ECPP: {} curve steps replayed from n down to {last}, prime below 2^64 by deterministic Miller–Rabin",
        steps.len()
    )))
}

// ---------------------------------------------------------------------------------------------
// N−1
// ---------------------------------------------------------------------------------------------

/// Replays the node at `path`; `Some(n)` when it proves its n prime.
fn node(r: &mut Reader, v: &Value, path: &str, fields: &[&str], depth: usize, cx: &CheckContext) -> Option<BigInt> {
    r.nodes += 1;
    if depth > MAX_N1_DEPTH || r.nodes > MAX_N1_NODES {
        r.limit =
            Some(format!("the N−1 certificate is deeper than {MAX_N1_DEPTH} or has more than {MAX_N1_NODES} nodes"));
        return None;
    }
    let map = r.take(object(v, path, fields))?;
    let n = r.take(field(map, path, "n"))?;
    let n = r.integer(n, &pointer(path, "n"), false)?;
    let Some(factors) = map.get("factors") else {
        return match base_case(&n) {
            Some(true) => Some(n),
            Some(false) => {
                r.reject(
                    pointer(path, "n"),
                    "NOT_PRIME",
                    "a prime without factors must pass the base case, and this one fails it",
                );
                None
            }
            None => {
                r.reject(pointer(path, "n"), "BASE_CASE_OUT_OF_RANGE", "a prime without factors must be below 2^64");
                None
            }
        };
    };
    let factors_path = pointer(path, "factors");
    let entries = r.take(array(factors, &factors_path))?;
    if n < BigInt::from(3) {
        r.reject(pointer(path, "n"), "NOT_PRIME", "an N−1 proof needs N ≥ 3");
        return None;
    }
    let n1: BigInt = &n - 1u32;
    let mut rest = n1.clone();
    let mut proven = true;
    for (i, entry) in entries.iter().enumerate() {
        if r.stopped || cx.should_stop() {
            r.stopped = true;
            return None;
        }
        let epath = pointer(&factors_path, i);
        let Some(map) = r.take(object(entry, &epath, &["witness", "prime"])) else {
            proven = false;
            continue;
        };
        let a = r.take(field(map, &epath, "witness")).and_then(|w| r.integer(w, &pointer(&epath, "witness"), false));
        let p = r
            .take(field(map, &epath, "prime"))
            .and_then(|v| node(r, v, &pointer(&epath, "prime"), &["n", "factors"], depth + 1, cx));
        let (Some(a), Some(p)) = (a, p) else {
            proven = false;
            continue;
        };
        // p ≥ 2 (it is prime) and rest ≥ 1, so this ends.
        let mut divides = false;
        while (&rest % &p).is_zero() {
            rest /= &p;
            divides = true;
        }
        let b = a.modpow(&(&n1 / &p), &n);
        let message = if !divides {
            r.reject(
                pointer(&epath, "prime/n"),
                "NOT_A_FACTOR",
                "p does not divide what remains of N − 1 (not a factor, or listed twice)",
            );
            proven = false;
            continue;
        } else if !b.modpow(&p, &n).is_one() {
            "a^(N−1) ≢ 1 (mod N)"
        } else if !(&b - 1u32).mod_floor(&n).gcd(&n).is_one() {
            "gcd(a^((N−1)/p) − 1, N) ≠ 1"
        } else {
            continue;
        };
        r.reject(pointer(&epath, "witness"), "WITNESS_FAILS", message);
        proven = false;
    }
    if !proven {
        return None;
    }
    let f = &n1 / &rest;
    if &f * &f > n {
        return Some(n);
    }
    if &f * &f * &f <= n {
        r.reject(factors_path, "INSUFFICIENT_FACTORIZATION", "the factored part F of N − 1 has F³ ≤ N");
        return None;
    }
    let (c2, c1) = (&n1 / &f).div_rem(&f);
    let d = &c1 * &c1 - BigInt::from(4) * c2;
    if !d.is_negative() && d.sqrt().pow(2) == d {
        r.reject(factors_path, "BLS_FAILS", "N = 1 + c1·F + c2·F² with c1² − 4·c2 a square");
        return None;
    }
    Some(n)
}

impl Checker for PrimalityCertificate {
    fn identity(&self) -> &CheckerIdentity {
        &IDENTITY
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[PRIMALITY_EVIDENCE]
    }

    fn check(&self, e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        let mut r = Reader::default();
        let format = e.certificate_format.as_str();
        let known = [ECPP_FORMAT, N_MINUS_1_FORMAT].contains(&format);
        if !known {
            r.reject(
                "/certificate_format",
                "UNSUPPORTED_EVIDENCE",
                format!("expected `{ECPP_FORMAT}` or `{N_MINUS_1_FORMAT}`"),
            );
        }
        r.take(expect(e, PRIMALITY_EVIDENCE, PRIMALITY_SEMANTICS, if known { format } else { ECPP_FORMAT }, "integer"));
        let n = r
            .take(object(&e.claim, "/claim", &["n"]).and_then(|m| field(m, "/claim", "n")))
            .and_then(|v| r.integer(v, "/claim/n", false));
        let cert = r.take(
            object(&e.candidate, "/candidate", &["certificate"]).and_then(|m| field(m, "/candidate", "certificate")),
        );
        let (Some(n), Some(cert)) = (n, cert) else { return Ok(verdict(r, None)) };
        if cert.get("format").and_then(Value::as_str) != Some(format) {
            r.reject(
                pointer(CERT, "format"),
                "FORMAT_MISMATCH",
                "the certificate's format differs from the evidence's",
            );
        }
        if !r.ok() {
            return Ok(verdict(r, None));
        }
        let summary = if format == ECPP_FORMAT {
            let map = r.take(object(cert, CERT, &["format", "steps"]));
            match map {
                Some(map) => ecpp(&mut r, &n, map, cx)?,
                None => None,
            }
        } else {
            let proved = node(&mut r, cert, CERT, &["format", "n", "factors"], 0, cx);
            if r.stopped {
                return Err(CheckError::Interrupted);
            }
            let cert_n = cert.get("n").and_then(Value::as_str);
            if cert_n.is_some_and(|s| BigInt::from_str(s).ok().as_ref() != Some(&n)) {
                r.reject(
                    pointer(CERT, "n"),
                    "CERTIFICATE_FOR_ANOTHER_NUMBER",
                    "the certificate's n is not the claimed n",
                );
            }
            proved.map(|_| {
                format!("N−1: {} nodes replayed (Pocklington–Lehmer, BLS, deterministic Miller–Rabin)", r.nodes)
            })
        };
        Ok(verdict(r, summary))
    }
}

/// Inconclusive at a limit; else accepted exactly when nothing was found and a replay finished.
fn verdict(mut r: Reader, summary: Option<String>) -> Verdict {
    if let Some(reason) = r.limit {
        return Verdict::Inconclusive { reason };
    }
    match summary {
        Some(summary) if r.findings.is_empty() => Verdict::Accepted { summary },
        _ => {
            if r.findings.is_empty() {
                r.reject(CERT, "NOT_PROVED", "the certificate was not replayed to its end");
            }
            r.findings.rejected()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jacobian_runtime::artifact::{ArtifactReader, MemoryArtifactStore};
    use jacobian_runtime::{CancellationToken, Digest, Scope};
    use serde_json::json;
    use std::sync::Arc;

    /// Certificates printed by PARI/GP 2.15.2 (`primecert(n)` and `primecert(n, 1)`, both accepted
    /// by `primecertisvalid`), converted as the module documentation says, for 10^20 + 39,
    /// 2^127 − 1, a 100-digit and a 305-digit prime.
    const FIXTURES: [&str; 4] = [
        include_str!("../tests/data/primality/p20.json"),
        include_str!("../tests/data/primality/m127.json"),
        include_str!("../tests/data/primality/p100.json"),
        include_str!("../tests/data/primality/p305.json"),
    ];

    fn fixtures() -> Vec<Value> {
        FIXTURES.iter().map(|s| serde_json::from_str(s).expect("fixture is JSON")).collect()
    }

    fn evidence(n: &str, cert: &Value) -> Evidence {
        Evidence {
            kind: PRIMALITY_EVIDENCE.into(),
            claim: json!({ "n": n }),
            semantics: PRIMALITY_SEMANTICS.into(),
            candidate: json!({ "certificate": cert }),
            scope: Scope::exact_input("integer", Digest::of_bytes(n.as_bytes())),
            certificate_format: cert["format"].as_str().unwrap_or(ECPP_FORMAT).into(),
            artifacts: vec![],
        }
    }

    fn verdict_of(e: &Evidence) -> Verdict {
        let cx = CheckContext {
            artifacts: ArtifactReader::new(Arc::new(MemoryArtifactStore::new())),
            cancel: CancellationToken::new(),
            deadline: std::time::Instant::now() + std::time::Duration::from_secs(600),
        };
        PrimalityCertificate.check(e, &cx).expect("the check is not interrupted")
    }

    fn check(n: &str, cert: &Value) -> Verdict {
        verdict_of(&evidence(n, cert))
    }

    fn accepted(v: &Verdict) -> bool {
        matches!(v, Verdict::Accepted { .. })
    }

    /// The (code, path) of every finding.
    fn findings(v: &Verdict) -> Vec<(String, String)> {
        match v {
            Verdict::Rejected { findings } => {
                findings.iter().map(|f| (f.code.clone(), f.path.clone().unwrap_or_default())).collect()
            }
            _ => vec![],
        }
    }

    fn int(v: &Value) -> BigInt {
        v.as_str().and_then(|s| BigInt::from_str(s).ok()).expect("a fixture integer")
    }

    fn string(x: &BigInt) -> Value {
        Value::String(x.to_string())
    }

    /// x + 1, x − 1 and 2x, each different from x.
    fn nudges(x: &BigInt) -> Vec<BigInt> {
        [x + 1u32, x - 1u32, x * 2u32].into_iter().filter(|y| y != x).collect()
    }

    #[test]
    fn identity_is_versioned_and_bundled() {
        let id = PrimalityCertificate.identity();
        assert_eq!((id.id.as_str(), id.version.as_str()), ("jacobian.check.primality_certificate", "1.0.0"));
        assert!(crate::bundled().iter().any(|c| c.identity() == id && c.evidence_kinds() == [PRIMALITY_EVIDENCE]));
    }

    #[test]
    fn accepts_pari_certificates() {
        for f in fixtures() {
            let n = f["n"].as_str().expect("n");
            for format in ["ecpp", "n-1"] {
                let v = check(n, &f[format]);
                assert!(accepted(&v), "{format} certificate of {n}: {v:?}");
            }
        }
        // PARI answers a bare integer below 2^64 for both kinds.
        assert!(accepted(&check("1000003", &json!({"format": "ECPP", "steps": []}))));
        assert!(accepted(&check("1000003", &json!({"format": "N-1", "n": "1000003"}))));
    }

    #[test]
    fn base_case_agrees_with_trial_division() {
        let trial = |n: u64| n >= 2 && (2..n).take_while(|d| d * d <= n).all(|d| !n.is_multiple_of(d));
        for n in 0..5000 {
            assert_eq!(is_small_prime(n), trial(n), "{n}");
        }
        // The least strong pseudoprimes to the first k prime bases (OEIS A014233), and 2^64 − 1.
        for n in [
            2047,
            1373653,
            25326001,
            3215031751,
            2152302898747,
            3474749660383,
            341550071728321,
            3825123056546413051,
            u64::MAX,
        ] {
            assert!(!is_small_prime(n), "{n}");
        }
        for n in [4294967291, 1000000007, 18446744073709551557] {
            assert!(is_small_prime(n), "{n}");
        }
    }

    #[test]
    fn rejects_composites_with_forged_certificates() {
        // 561 = 3·11·17 is a Carmichael number; 2^67 − 1 = 193707721·761838257287. Both n − 1 are
        // fully factored, so PARI's `primecertisvalid` accepts `[561, [2, 5, 7]]`, which carries no
        // witness. No witness makes these pass.
        let m67 = "147573952589676412927";
        for (n, primes) in [("561", vec![2u32, 5, 7]), (m67, vec![2, 3, 7, 23, 67, 89, 683, 20857, 599479])] {
            for a in 2..=60 {
                let factors: Vec<Value> =
                    primes.iter().map(|p| json!({"witness": a.to_string(), "prime": {"n": p.to_string()}})).collect();
                let v = check(n, &json!({"format": "N-1", "n": n, "factors": factors}));
                assert!(!accepted(&v), "{n} with witness {a}");
            }
            assert!(!accepted(&check(n, &json!({"format": "N-1", "n": n}))));
            assert!(!accepted(&check(n, &json!({"format": "ECPP", "steps": []}))));
            let step = json!([n, "0", "1", "0", ["1", "2"]]);
            assert!(!accepted(&check(n, &json!({"format": "ECPP", "steps": [step]}))));
        }
        // ECPP steps for 2^67 − 1 that pass every arithmetic condition (q = (n + 1 − t)/16 is a
        // prime below 2^64): only the curve arithmetic can reject them.
        let n = BigInt::from_str(m67).expect("n");
        let t = (0u32..).map(|k| BigInt::from(16 * k)).find(|t| {
            let q: BigInt = (&n + 1u32 - t) / 16u32;
            q.to_u64().is_some_and(is_small_prime)
        });
        let t = t.expect("some t gives a prime q").to_string();
        for x in 1..=20 {
            let step = json!([m67, t, "16", "5", [x.to_string(), "7"]]);
            let v = check(m67, &json!({"format": "ECPP", "steps": [step]}));
            let codes: Vec<String> = findings(&v).into_iter().map(|(c, _)| c).collect();
            assert!(
                codes.iter().all(|c| [
                    "NOT_INVERTIBLE",
                    "INCONSISTENT_POINTS",
                    "M_P_IS_NOT_INFINITY",
                    "S_P_IS_INFINITY",
                    "SINGULAR_CURVE"
                ]
                .contains(&c.as_str()))
                    && !codes.is_empty(),
                "{v:?}"
            );
        }
    }

    /// Whether [k]P = O for P = (x, y) on y² = x³ + a·x + b over F_N, N prime: the textbook
    /// affine group law with the library's inverse, independent of the checker's deferred one.
    fn reference_kills(k: &BigInt, x: &BigInt, y: &BigInt, a: &BigInt, n: &BigInt) -> bool {
        type P = Option<(BigInt, BigInt)>;
        let inv = |d: BigInt| d.mod_floor(n).modinv(n).expect("N is prime");
        let add = |p: &P, q: &P| -> P {
            let (Some((x1, y1)), Some((x2, y2))) = (p, q) else { return p.clone().or_else(|| q.clone()) };
            let l = if x1 != x2 {
                (y2 - y1) * inv(x2 - x1)
            } else if ((y1 + y2) % n).is_zero() {
                return None;
            } else {
                (BigInt::from(3) * x1 * x1 + a) * inv(BigInt::from(2) * y1)
            };
            let x3 = (&l * &l - x1 - x2).mod_floor(n);
            Some((x3.clone(), (l * (x1 - x3) - y1).mod_floor(n)))
        };
        let p: P = Some((x.mod_floor(n), y.mod_floor(n)));
        let mut acc: P = None;
        for i in (0..k.bits()).rev() {
            acc = add(&acc, &acc);
            if k.bit(i) {
                acc = add(&acc, &p);
            }
        }
        acc.is_none()
    }

    #[test]
    fn group_law_agrees_with_the_reference() {
        let n = BigInt::from(1_000_003);
        let (a, x, y) = (BigInt::from(7), BigInt::from(12345), BigInt::from(678));
        let mut curve = Curve { n: &n, a: a.clone(), denominators: BigInt::one() };
        let p = Point::Jacobian(x.clone(), y.clone(), BigInt::one());
        let mut zeros = 0;
        // The multiples of P, up to and past the group's order, within the Hasse interval
        // 10^6 + 4 ± 2001.
        for k in (1..400u32).chain(998_000..1_002_010) {
            let k = BigInt::from(k);
            let mine = curve.mul(&k, &p, &|| false).expect("a prime modulus is consistent");
            assert_eq!(mine == Point::Infinity, reference_kills(&k, &x, &y, &a, &n), "[{k}]P");
            zeros += usize::from(mine == Point::Infinity);
        }
        assert!(zeros > 0 && curve.denominators.gcd(&n).is_one());
        // Modulo 35, y = 5 vanishes mod 5 only: doubling P divides by a non-unit.
        let n = BigInt::from(35);
        let mut curve = Curve { n: &n, a: BigInt::one(), denominators: BigInt::one() };
        let p = Point::Jacobian(BigInt::one(), BigInt::from(5), BigInt::one());
        assert!(curve.mul(&BigInt::from(2), &p, &|| false).is_ok());
        assert_eq!(curve.denominators.gcd(&n), BigInt::from(5));
    }

    /// Whether steps [N, t, s, …] chain from n down to a q below 2^64 (the curves aside).
    fn chains(n: &BigInt, steps: &[Value]) -> bool {
        let mut expected = n.clone();
        for st in steps {
            let m: BigInt = int(&st[0]) + 1u32 - int(&st[1]);
            if int(&st[0]) != expected || !(&m % int(&st[2])).is_zero() {
                return false;
            }
            expected = m / int(&st[2]);
        }
        expected.to_u64().is_some()
    }

    #[test]
    fn ecpp_mutants_are_rejected() {
        let (mut count, mut valid_count) = (0, 0);
        for f in fixtures() {
            let (n, cert) = (int(&f["n"]), &f["ecpp"]);
            let steps = cert["steps"].as_array().expect("steps").clone();
            let last = steps.len() - 1;
            // Every step of the small certificates; three of the 41 of the largest, for time.
            let chosen: Vec<usize> = if steps.len() > 20 { vec![0, last / 2, last] } else { (0..=last).collect() };
            for i in chosen {
                let st = &steps[i];
                let [big_n, t, s, a, x, y] = [&st[0], &st[1], &st[2], &st[3], &st[4][0], &st[4][1]].map(int);
                let m: BigInt = &big_n + 1u32 - &t;
                let q = &m / &s;
                // Each mutant, whether it is valid, and whether that was established here,
                // independently of the checker.
                let mut mutants: Vec<(String, Vec<Value>, bool, bool)> = Vec::new();
                let mut set = |what: String, ptr: &str, v: &BigInt, proved: bool, valid: bool| {
                    let mut steps = steps.clone();
                    *steps[i].pointer_mut(ptr).expect("field") = string(v);
                    mutants.push((what, steps, proved, valid));
                };
                for v in nudges(&big_n) {
                    set(format!("N → {v}"), "/0", &v, true, false); // the claim or the chain wants N
                }
                for v in nudges(&t) {
                    // [m]P = O and q | ord P, so [m']P = O needs q | m − m' = t' − t.
                    set(format!("t → {v}"), "/1", &v, !((&v - &t) % &q).is_zero(), false);
                }
                for v in nudges(&s) {
                    // Another s gives another q: the chain breaks, or the last q' is no prime.
                    let odd_q = v.is_positive() && (&m % &v).is_zero() && (&m / &v).is_odd();
                    set(format!("s → {v}"), "/2", &v, i < last || !odd_q, false);
                }
                // Another curve through the point: valid exactly when it is nonsingular, [m]P = O
                // and [s]P ≠ O, decided by the reference group law (with a4 = 0, a sixth of the
                // curves y² = x³ + b' have the order m, so such mutants are often valid).
                let curve = |a: &BigInt, x: &BigInt, y: &BigInt| {
                    let b = y * y - x * x * x - a * x;
                    let disc = (BigInt::from(4) * a * a * a + BigInt::from(27) * &b * &b).mod_floor(&big_n);
                    !disc.is_zero() && reference_kills(&m, x, y, a, &big_n) && !reference_kills(&s, x, y, a, &big_n)
                };
                for v in nudges(&a) {
                    set(format!("a4 → {v}"), "/3", &v, true, curve(&v, &x, &y));
                }
                for v in nudges(&x) {
                    set(format!("x → {v}"), "/4/0", &v, true, curve(&a, &v, &y));
                }
                for v in nudges(&y) {
                    set(format!("y → {v}"), "/4/1", &v, true, curve(&a, &x, &v));
                }
                let mut swapped = steps.clone();
                swapped[i][4] = json!([string(&y), string(&x)]);
                mutants.push(("x ↔ y".into(), swapped, true, curve(&a, &y, &x)));
                let mut other = steps.clone();
                other[i][0] = json!(if big_n == int(&json!("170141183460469231731687303715884105727")) {
                    "100000000000000000039"
                } else {
                    "170141183460469231731687303715884105727"
                });
                mutants.push(("N → another prime".into(), other, true, false));
                let mut dropped = steps.clone();
                dropped.remove(i);
                let mut doubled = steps.clone();
                doubled.insert(i, st.clone());
                let mut turned = steps.clone();
                turned.swap(i, if i == last { 0 } else { i + 1 });
                let structural = [("drop", dropped), ("duplicate", doubled), ("swap", turned)];
                for (what, v) in structural.into_iter().filter(|(_, v)| *v != steps) {
                    let proved = !chains(&n, &v);
                    mutants.push((format!("{what} step"), v, proved, false));
                }
                for (what, mutant, proved, valid) in mutants {
                    assert!(proved, "step {i} of {n}, {what}: the mutant may be valid");
                    let v = check(&n.to_string(), &json!({"format": "ECPP", "steps": mutant}));
                    assert_eq!(accepted(&v), valid, "step {i} of {n}, {what}: {v:?}");
                    assert!(valid || matches!(v, Verdict::Rejected { .. }), "step {i} of {n}, {what}: {v:?}");
                    count += 1;
                    valid_count += usize::from(valid);
                }
            }
        }
        eprintln!("{count} ECPP mutants, {valid_count} of them valid");
        assert!(count > 400, "{count} mutants");
    }

    /// A node of an N−1 certificate: its pointer, n, and its factor entries (p, v_p(n − 1)).
    type Node = (String, BigInt, Vec<(BigInt, u32)>);

    /// Every node of an N−1 certificate.
    fn nodes(v: &Value, path: &str, out: &mut Vec<Node>) {
        let n = int(&v["n"]);
        let mut factors = Vec::new();
        for (i, e) in v["factors"].as_array().into_iter().flatten().enumerate() {
            let p = int(&e["prime"]["n"]);
            let mut rest: BigInt = &n - 1u32;
            let mut k = 0;
            while (&rest % &p).is_zero() {
                rest /= &p;
                k += 1;
            }
            factors.push((p, k));
            nodes(&e["prime"], &format!("{path}/factors/{i}/prime"), out);
        }
        out.push((path.to_owned(), n, factors));
    }

    #[test]
    fn n_minus_1_mutants_are_rejected() {
        let mut count = 0;
        for f in fixtures() {
            let (claim, cert) = (f["n"].as_str().expect("n"), &f["n-1"]);
            let mut all = Vec::new();
            nodes(cert, "", &mut all);
            let mut run = |what: String, ptr: &str, value: Value, valid: bool| {
                let mut mutant = cert.clone();
                *mutant.pointer_mut(ptr).expect("field") = value;
                let v = check(claim, &mutant);
                assert_eq!(accepted(&v), valid, "{claim}, {what} at {ptr}: {v:?}");
                count += 1;
            };
            for v in nudges(&int(&cert["n"])) {
                run(format!("n → {v}"), "/n", string(&v), false); // another number than claimed
            }
            for (path, n, factors) in all.iter().filter(|(_, _, fs)| !fs.is_empty()) {
                let n1: BigInt = n - 1u32;
                let ps: Vec<&BigInt> = factors.iter().map(|(p, _)| p).collect();
                for (i, (p, _)) in factors.iter().enumerate() {
                    let entry = format!("{path}/factors/{i}");
                    for v in nudges(p) {
                        // Not prime, no factor of n − 1, or listed twice.
                        let two = BigInt::from(2);
                        let invalid = v < two || v > two && v.is_even() || !(&n1 % &v).is_zero() || ps.contains(&&v);
                        assert!(invalid, "{entry}: p → {v} may be valid");
                        run(format!("p → {v}"), &format!("{entry}/prime/n"), string(&v), false);
                    }
                    let a = int(&cert.pointer(&format!("{entry}/witness")).expect("witness").clone());
                    for v in nudges(&a) {
                        // n is prime: the witness holds exactly when a^((n−1)/p) ≢ 0, 1 (mod n).
                        let b = v.modpow(&(&n1 / p), n);
                        let valid = !(&v % n).is_zero() && !b.is_one();
                        run(format!("witness → {v}"), &format!("{entry}/witness"), string(&v), valid);
                    }
                    // a^p has a^((n−1)/p·p) = 1: never a witness for p.
                    run("witness → a^p".into(), &format!("{entry}/witness"), string(&a.modpow(p, n)), false);
                    let entries = cert.pointer(&format!("{path}/factors")).expect("factors").as_array().expect("array");
                    let mut doubled = entries.clone();
                    doubled.push(entries[i].clone());
                    run(format!("duplicate factor {p}"), &format!("{path}/factors"), Value::Array(doubled), false);
                }
                // Without its largest prime powers, down to a factored part F with F³ ≤ n.
                let mut kept: Vec<(usize, BigInt)> = factors.iter().map(|(p, k)| p.pow(*k)).enumerate().collect();
                kept.sort_by(|x, y| x.1.cmp(&y.1));
                while kept.iter().map(|(_, q)| q).product::<BigInt>().pow(3) > *n {
                    kept.pop();
                }
                let entries = cert.pointer(&format!("{path}/factors")).expect("factors").as_array().expect("array");
                let rest: Vec<Value> = entries
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| kept.iter().any(|(i, _)| i == j))
                    .map(|(_, e)| e.clone())
                    .collect();
                run(
                    format!("drop {} factors", entries.len() - rest.len()),
                    &format!("{path}/factors"),
                    Value::Array(rest),
                    false,
                );
                let r = (2u32..)
                    .map(BigInt::from)
                    .find(|r| is_small_prime(r.to_u64().unwrap_or(0)) && !(&n1 % r).is_zero());
                let r = r.expect("a prime not dividing n − 1");
                let mut extra =
                    cert.pointer(&format!("{path}/factors")).expect("factors").as_array().expect("array").clone();
                extra.push(json!({"witness": "2", "prime": {"n": r.to_string()}}));
                run(format!("extra factor {r}"), &format!("{path}/factors"), Value::Array(extra), false);
            }
        }
        assert!(count > 150, "{count} mutants");
    }

    #[test]
    fn malformed_and_mismatched_evidence_is_rejected_at_its_place() {
        let f = fixtures();
        let (p20, ecpp, n1) = (f[0]["n"].as_str().expect("n"), &f[0]["ecpp"], &f[0]["n-1"]);
        let m127 = f[1]["n"].as_str().expect("n");
        let with = |cert: &Value, ptr: &str, v: Value| {
            let mut c = cert.clone();
            *c.pointer_mut(ptr).expect("field") = v;
            c
        };
        // (certificate, field, new value, finding code at that field)
        let cases = [
            (ecpp, "/steps/0/0", json!(format!("+{p20}")), "NOT_A_DECIMAL"),
            (ecpp, "/steps/0/1", json!("-0"), "NOT_A_DECIMAL"),
            (ecpp, "/steps/0/2", json!(193293457), "NOT_A_DECIMAL"),
            (ecpp, "/steps/0/2", json!("-193293457"), "NOT_A_DECIMAL"),
            (ecpp, "/steps/0/2", json!("0"), "NOT_POSITIVE"),
            (ecpp, "/steps/0/4", json!(["1"]), "NOT_A_POINT"),
            (ecpp, "/steps/0", json!(["1", "2"]), "NOT_AN_ECPP_STEP"),
            (ecpp, "/steps/0/3", json!("1e5"), "NOT_A_DECIMAL"),
            (n1, "/factors/1/witness", json!("02"), "NOT_A_DECIMAL"),
            (n1, "/factors/1/witness", json!("1"), "WITNESS_FAILS"),
            (n1, "/factors/1/prime/n", json!("9"), "NOT_PRIME"),
            (n1, "/factors/1/prime", json!({"n": "3", "factors": []}), "INSUFFICIENT_FACTORIZATION"),
        ];
        for (cert, ptr, value, code) in cases {
            let path = format!("{CERT}{ptr}");
            let path = if code == "INSUFFICIENT_FACTORIZATION" { format!("{path}/factors") } else { path };
            let v = check(p20, &with(cert, ptr, value));
            assert!(findings(&v).contains(&(code.to_owned(), path.clone())), "{code} at {path}: {v:?}");
        }
        for (v, code, path) in [
            (check(m127, ecpp), "CERTIFICATE_FOR_ANOTHER_NUMBER", "/candidate/certificate/steps/0/0"),
            (check(m127, n1), "CERTIFICATE_FOR_ANOTHER_NUMBER", "/candidate/certificate/n"),
            (
                check(p20, &with(n1, "/factors/1/prime", json!({"n": "3", "p": "3"}))),
                "UNKNOWN_FIELD",
                "/candidate/certificate/factors/1/prime/p",
            ),
            (check("561", &json!({"format": "N-1", "n": "561"})), "NOT_PRIME", "/candidate/certificate/n"),
        ] {
            assert!(findings(&v).contains(&(code.to_owned(), path.to_owned())), "{code} at {path}: {v:?}");
        }
        let mut e = evidence(p20, ecpp);
        e.candidate["certificate"]["format"] = json!("N-1");
        assert!(
            findings(&verdict_of(&e)).contains(&("FORMAT_MISMATCH".into(), "/candidate/certificate/format".into()))
        );
        e.certificate_format = "PRATT".into();
        assert!(findings(&verdict_of(&e)).iter().any(|(c, _)| c == "UNSUPPORTED_EVIDENCE"));
        e = evidence(p20, ecpp);
        e.claim = json!({"n": p20, "m": "1"});
        assert!(findings(&verdict_of(&e)).contains(&("UNKNOWN_FIELD".into(), "/claim/m".into())));
        // Resource limits, and only they, are inconclusive.
        let huge = format!("1{}", "0".repeat(MAX_DIGITS));
        assert!(matches!(check(&huge, ecpp), Verdict::Inconclusive { .. }));
        let mut deep = json!({"n": "3"});
        for _ in 0..=MAX_N1_DEPTH {
            deep = json!({"n": "3", "factors": [{"witness": "2", "prime": deep}]});
        }
        deep["format"] = json!("N-1");
        assert!(matches!(check("3", &deep), Verdict::Inconclusive { .. }));
    }
}
