//! Replay of irreducibility and primitivity of polynomials over prime fields F_p, with the
//! checker's own polynomial arithmetic modulo (f, p) and its own primality test below 2^64.
//!
//! # Shared reading
//!
//! The claim names a prime `"p"` (a canonical decimal string of at most [`MAX_P_DIGITS`] digits)
//! and a `"polynomial"`: a JSON list of canonical decimal strings, the coefficients from the
//! constant term up, each in [0, p), the last one non-zero, of degree 1 to [`MAX_DEGREE`]. p is
//! proven prime by the checker: below 2^64 by the strong probable-prime test to the twelve prime
//! bases 2, 3, …, 37 (exact there); from 2^64 on by the candidate's `"p_certificate"`, an ECPP
//! certificate replayed by [`crate::primality`] (a certificate may accompany a smaller p too, and
//! is then replayed as well). Every object admits exactly the fields listed here.
//!
//! # Irreducibility (`finite_field.irreducibility/v1`, format `RABIN_OR_FACTOR_V1`)
//!
//! Claim `{"p", "polynomial", "irreducible": bool}`. For `true` the candidate is `{}` and the
//! checker replays Rabin's test on f made monic, of degree n: x^(p^n) ≡ x (mod f), and
//! gcd(x^(p^(n/q)) − x, f) = 1 for every prime q | n (Rabin 1980: then no irreducible factor of f
//! has a degree below n). A polynomial of degree 1 is irreducible. For `false` the candidate is
//! `{"factor": g}`, a polynomial of degree 1 to n − 1 that divides f over F_p.
//!
//! # Primitivity (`finite_field.primitivity/v1`, format `ORDER_FACTORIZATION_V1`)
//!
//! Claim `{"p", "polynomial", "primitive": bool}`: f is irreducible of degree n and x generates
//! the multiplicative group of F_p[x]/(f), of order p^n − 1. For `true` the candidate is
//! `{"order_factorization": [{"prime": q, "exponent": e, "certificate": C}, …]}`: q strictly
//! increasing, e a JSON integer ≥ 1, ∏ q^e = p^n − 1, every q proven prime as p is (C may be null
//! below 2^64); then f must pass Rabin's test, x must not be 0 mod f, and x^((p^n − 1)/q) ≢ 1 for
//! every q. For `false` the candidate is one of `{"factor": g}` (f is reducible),
//! `{"exponent": D}` with 1 ≤ D < p^n − 1, D | p^n − 1 and x^D ≡ 1 (mod f), or `{"zero": true}` when
//! f has degree 1 and f(0) = 0 (x ≡ 0 generates nothing).
//!
//! Exponentiation is left-to-right square-and-multiply with schoolbook products reduced by the
//! monic f; the checker looks at the deadline every few rows of a product and in every gcd.

use std::str::FromStr;
use std::sync::LazyLock;

use jacobian_runtime::{CheckContext, CheckError, Checker, CheckerIdentity, Digest, Evidence, Finding, Scope, Verdict};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};
use serde_json::{Map, Value, json};

use crate::evidence::collected::{Findings, Step, Stop, array, bad, expect, field, object, pointer};
use crate::primality::{ECPP_FORMAT, PRIMALITY_EVIDENCE, PRIMALITY_SEMANTICS, PrimalityCertificate};

/// Evidence kind of an irreducibility claim.
pub const IRREDUCIBILITY_EVIDENCE: &str = "finite_field.irreducibility/v1";
/// Semantics of `{"p", "polynomial", "irreducible"}`.
pub const IRREDUCIBILITY_SEMANTICS: &str = "urn:jacobian:semantics:polynomial-irreducible-over-prime-field:v1";
/// Certificate format: Rabin's test replayed, or a factor.
pub const IRREDUCIBILITY_FORMAT: &str = "RABIN_OR_FACTOR_V1";
/// Evidence kind of a primitivity claim.
pub const PRIMITIVITY_EVIDENCE: &str = "finite_field.primitivity/v1";
/// Semantics of `{"p", "polynomial", "primitive"}`.
pub const PRIMITIVITY_SEMANTICS: &str = "urn:jacobian:semantics:polynomial-primitive-over-prime-field:v1";
/// Certificate format: the factorization of p^n − 1, or a factor, an exponent, or x ≡ 0.
pub const PRIMITIVITY_FORMAT: &str = "ORDER_FACTORIZATION_V1";
/// Most decimal digits of p.
pub const MAX_P_DIGITS: usize = 200;
/// Highest degree of a polynomial.
pub const MAX_DEGREE: usize = 2_000;
/// Rows of a schoolbook product between two looks at the deadline.
const POLL_EVERY: usize = 64;

static IRREDUCIBILITY_ID: LazyLock<CheckerIdentity> = LazyLock::new(|| {
    CheckerIdentity::from_source("jacobian.check.fp_irreducibility", "1.0.0", include_str!("finite_field.rs"))
});
static PRIMITIVITY_ID: LazyLock<CheckerIdentity> = LazyLock::new(|| {
    CheckerIdentity::from_source("jacobian.check.fp_primitivity", "1.0.0", include_str!("finite_field.rs"))
});

/// Checks that a polynomial is, or is not, irreducible over F_p.
pub struct Irreducibility;

/// Checks that a polynomial is, or is not, primitive over F_p.
pub struct Primitivity;

/// A canonical non-negative decimal integer (`0`, or digits without a leading zero) of at most
/// `max` digits; a longer one is a limit.
fn natural(v: &Value, path: &str, max: usize) -> Step<BigInt> {
    let s = v.as_str().unwrap_or("");
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) || (s.starts_with('0') && s != "0") {
        return bad(path, "NOT_A_NATURAL", "expected a canonical non-negative decimal integer string");
    }
    if s.len() > max {
        return Err(Stop::Limit(format!("{path} has more than {max} digits")));
    }
    BigInt::from_str(s).or_else(|_| bad(path, "NOT_A_NATURAL", "expected a canonical decimal integer string"))
}

/// A canonical non-negative decimal integer at most `bound`.
fn at_most(v: &Value, path: &str, bound: &BigInt) -> Step<BigInt> {
    // A number of d digits is at least 10^(d−1), so one above bits·log10(2) + 1 digits exceeds the bound.
    let digits = usize::try_from(bound.bits()).unwrap_or(usize::MAX) / 3 + 1;
    match natural(v, path, digits) {
        Ok(n) if &n <= bound => Ok(n),
        Ok(_) | Err(Stop::Limit(_)) => bad(path, "TOO_LARGE", "at most p^n − 1"),
        Err(e) => Err(e),
    }
}

/// Exact primality below 2^64: the strong probable-prime test to the bases 2, 3, …, 37, which no
/// composite below 3.18·10^23 passes (Sorenson–Webster 2015).
fn is_prime_u64(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    if let Some(&b) = BASES.iter().find(|&&b| n.is_multiple_of(b)) {
        return n == b;
    }
    let mul = |a: u64, b: u64| (u128::from(a) * u128::from(b) % u128::from(n)) as u64;
    let pow = |mut b: u64, mut e: u64| {
        let mut acc = 1;
        while e > 0 {
            if e & 1 == 1 {
                acc = mul(acc, b);
            }
            b = mul(b, b);
            e >>= 1;
        }
        acc
    };
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    BASES.iter().all(|&a| {
        let mut x = pow(a, d);
        if x == 1 || x == n - 1 {
            return true;
        }
        (1..s).any(|_| {
            x = mul(x, x);
            x == n - 1
        })
    })
}

/// Proves q prime: below 2^64 by [`is_prime_u64`], from 2^64 on by the ECPP certificate at
/// `cert_path`, replayed by [`PrimalityCertificate`]; a certificate given for a smaller q is
/// replayed too.
fn prove_prime(q: &BigInt, q_path: &str, cert: Option<&Value>, cert_path: &str, cx: &CheckContext) -> Step<()> {
    if q.to_u64().is_some_and(|q| !is_prime_u64(q)) {
        return bad(q_path, "NOT_PRIME", format!("{q} is not prime"));
    }
    let Some(cert) = cert.filter(|c| !c.is_null()) else {
        return match q.to_u64() {
            Some(_) => Ok(()),
            None => {
                bad(cert_path, "MISSING_CERTIFICATE", format!("{q} is at least 2^64 and needs an ECPP certificate"))
            }
        };
    };
    let sub = Evidence {
        kind: PRIMALITY_EVIDENCE.into(),
        claim: json!({"n": q.to_string()}),
        semantics: PRIMALITY_SEMANTICS.into(),
        candidate: json!({"certificate": cert}),
        scope: Scope::exact_input("a prime of a finite-field claim", Digest::of_bytes(b"")),
        certificate_format: ECPP_FORMAT.into(),
        artifacts: vec![],
    };
    match PrimalityCertificate.check(&sub, cx) {
        Ok(Verdict::Accepted { .. }) => Ok(()),
        Ok(Verdict::Rejected { findings }) => {
            let why = findings.first().map(|f| f.message.clone()).unwrap_or_default();
            bad(cert_path, "NOT_PROVEN_PRIME", format!("the certificate of {q} does not replay: {why}"))
        }
        Ok(Verdict::Inconclusive { reason }) => Err(Stop::Limit(reason)),
        Err(e) => Err(Stop::Error(e)),
    }
}

/// A polynomial over F_p as the evidence writes it.
fn polynomial(v: &Value, path: &str, p: &BigInt) -> Step<Vec<BigInt>> {
    let items = array(v, path)?;
    if items.len() > MAX_DEGREE + 1 {
        return Err(Stop::Limit(format!("{path} has a degree above {MAX_DEGREE}")));
    }
    if items.len() < 2 {
        return bad(path, "DEGREE_BELOW_ONE", "a polynomial has at least two coefficients");
    }
    let mut findings = Findings::default();
    let mut out = Vec::with_capacity(items.len());
    for (i, c) in items.iter().enumerate() {
        let path = pointer(path, i);
        match natural(c, &path, MAX_P_DIGITS) {
            Ok(c) if &c < p => out.push(c),
            Ok(_) | Err(Stop::Limit(_)) => {
                findings.push(Finding::at(path, "NOT_REDUCED", "a coefficient lies in [0, p)"))
            }
            Err(Stop::Malformed(f)) => findings.extend(f),
            Err(e) => return Err(e),
        }
    }
    if out.len() == items.len() && out.last().is_some_and(Zero::is_zero) {
        findings.push(Finding::at(pointer(path, items.len() - 1), "LEADING_ZERO", "the last coefficient is non-zero"));
    }
    findings.or_ok(out).map_err(Stop::from)
}

fn trim(mut a: Vec<BigInt>) -> Vec<BigInt> {
    while a.last().is_some_and(Zero::is_zero) {
        a.pop();
    }
    a
}

/// The inverse of a unit a mod the prime p (Fermat).
fn inverse(a: &BigInt, p: &BigInt) -> BigInt {
    a.modpow(&(p - 2u32), p)
}

/// The remainder of a by b ≠ 0 over F_p, both reduced and trimmed.
fn rem(a: &[BigInt], b: &[BigInt], p: &BigInt) -> Vec<BigInt> {
    let mut r = a.to_vec();
    let Some(lead) = b.last() else { return r };
    let inv = inverse(lead, p);
    while r.len() >= b.len() {
        let shift = r.len() - b.len();
        let t = (&r[r.len() - 1] * &inv).mod_floor(p);
        for (j, c) in b.iter().enumerate() {
            r[shift + j] = (&r[shift + j] - &t * c).mod_floor(p);
        }
        r = trim(r);
    }
    r
}

/// Distinct prime factors of n ≥ 1, by trial division.
fn prime_factors(mut n: usize) -> Vec<usize> {
    let mut out = vec![];
    let mut q = 2;
    while q * q <= n {
        if n.is_multiple_of(q) {
            out.push(q);
            while n.is_multiple_of(q) {
                n /= q;
            }
        }
        q += 1;
    }
    if n > 1 {
        out.push(n);
    }
    out
}

/// F_p[x]/(f) for f monic of degree n ≥ 1; elements are reduced, trimmed coefficient lists.
struct Ring<'a> {
    p: &'a BigInt,
    f: Vec<BigInt>,
    cx: &'a CheckContext,
}

impl<'a> Ring<'a> {
    /// The ring of `f` (degree ≥ 1, non-zero last coefficient), made monic.
    fn new(p: &'a BigInt, f: &[BigInt], cx: &'a CheckContext) -> Self {
        let inv = f.last().map(|lead| inverse(lead, p)).unwrap_or_default();
        Ring { p, f: f.iter().map(|c| (c * &inv).mod_floor(p)).collect(), cx }
    }

    fn degree(&self) -> usize {
        self.f.len() - 1
    }

    /// Any integer coefficient list reduced modulo f and p.
    fn reduce(&self, mut c: Vec<BigInt>) -> Vec<BigInt> {
        let n = self.degree();
        for k in (n..c.len()).rev() {
            let t = c[k].mod_floor(self.p);
            if !t.is_zero() {
                for j in 0..n {
                    c[k - n + j] -= &t * &self.f[j];
                }
            }
        }
        c.truncate(n);
        trim(c.iter().map(|x| x.mod_floor(self.p)).collect())
    }

    fn mul(&self, a: &[BigInt], b: &[BigInt]) -> Step<Vec<BigInt>> {
        if a.is_empty() || b.is_empty() {
            return Ok(vec![]);
        }
        let mut c = vec![BigInt::zero(); a.len() + b.len() - 1];
        for (i, x) in a.iter().enumerate() {
            if i % POLL_EVERY == 0 && self.cx.should_stop() {
                return Err(Stop::interrupted());
            }
            for (j, y) in b.iter().enumerate() {
                c[i + j] += x * y;
            }
        }
        Ok(self.reduce(c))
    }

    /// g^e for e ≥ 0, left to right.
    fn pow(&self, g: &[BigInt], e: &BigInt) -> Step<Vec<BigInt>> {
        let mut acc = self.reduce(vec![BigInt::one()]);
        for i in (0..e.bits()).rev() {
            acc = self.mul(&acc, &acc)?;
            if e.bit(i) {
                acc = self.mul(&acc, g)?;
            }
        }
        Ok(acc)
    }

    fn x(&self) -> Vec<BigInt> {
        self.reduce(vec![BigInt::zero(), BigInt::one()])
    }

    /// Rabin's test: true exactly when f is irreducible over F_p (p prime).
    fn irreducible(&self) -> Step<bool> {
        let n = self.degree();
        if n == 1 {
            return Ok(true);
        }
        let x = self.x();
        let cofactors: Vec<usize> = prime_factors(n).into_iter().map(|q| n / q).collect();
        let (mut h, mut checkpoints) = (x.clone(), vec![]);
        for i in 1..=n {
            h = self.pow(&h, self.p)?;
            if cofactors.contains(&i) {
                checkpoints.push(h.clone());
            }
        }
        if h != x {
            return Ok(false);
        }
        for mut d in checkpoints {
            d.resize(d.len().max(2), BigInt::zero());
            d[1] -= 1u32;
            let mut d = trim(d.into_iter().map(|c| c.mod_floor(self.p)).collect());
            let mut a = self.f.clone();
            while !d.is_empty() {
                if self.cx.should_stop() {
                    return Err(Stop::interrupted());
                }
                (a, d) = (d.clone(), rem(&a, &d, self.p));
            }
            if a.len() > 1 {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// The parts every claim here shares: p (proven prime), f, the claim's flag, and the candidate.
struct Common<'e> {
    p: BigInt,
    f: Vec<BigInt>,
    flag: bool,
    candidate: &'e Map<String, Value>,
}

fn common<'e>(
    e: &'e Evidence,
    header: [&str; 3],
    flag: &str,
    candidate: &[&str],
    cx: &CheckContext,
) -> Step<Common<'e>> {
    expect(e, header[0], header[1], header[2], "polynomial over a prime field")?;
    let claim = object(&e.claim, "/claim", &["p", "polynomial", flag])?;
    let candidate = object(&e.candidate, "/candidate", candidate)?;
    let p = natural(field(claim, "/claim", "p")?, "/claim/p", MAX_P_DIGITS)?;
    let Some(flag) = field(claim, "/claim", flag)?.as_bool() else {
        return bad(pointer("/claim", flag), "NOT_A_BOOLEAN", "expected true or false");
    };
    if p < BigInt::from(2) {
        return bad("/claim/p", "NOT_PRIME", "p is at least 2");
    }
    prove_prime(&p, "/claim/p", candidate.get("p_certificate"), "/candidate/p_certificate", cx)?;
    let f = polynomial(field(claim, "/claim", "polynomial")?, "/claim/polynomial", &p)?;
    Ok(Common { p, f, flag, candidate })
}

/// Accepted when the candidate's `factor` is a proper divisor of f over F_p.
fn reducible(c: &Common) -> Step<Verdict> {
    let g = polynomial(field(c.candidate, "/candidate", "factor")?, "/candidate/factor", &c.p)?;
    if g.len() >= c.f.len() {
        return bad("/candidate/factor", "FACTOR_DEGREE", "a proper factor has a degree from 1 to deg f − 1");
    }
    if !rem(&c.f, &g, &c.p).is_empty() {
        return bad("/candidate/factor", "NOT_A_FACTOR", "the factor does not divide the polynomial over F_p");
    }
    Ok(Verdict::Accepted { summary: format!("a factor of degree {} divides f over F_p", g.len() - 1) })
}

fn verdict(step: Step<Verdict>) -> Result<Verdict, CheckError> {
    match step {
        Ok(v) => Ok(v),
        Err(Stop::Malformed(findings)) => Ok(findings.rejected()),
        Err(Stop::Limit(reason)) => Ok(Verdict::Inconclusive { reason }),
        Err(Stop::Error(e)) => Err(e),
    }
}

impl Checker for Irreducibility {
    fn identity(&self) -> &CheckerIdentity {
        &IRREDUCIBILITY_ID
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[IRREDUCIBILITY_EVIDENCE]
    }

    fn check(&self, e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        let header = [IRREDUCIBILITY_EVIDENCE, IRREDUCIBILITY_SEMANTICS, IRREDUCIBILITY_FORMAT];
        verdict(common(e, header, "irreducible", &["factor", "p_certificate"], cx).and_then(|c| {
            if !c.flag {
                return reducible(&c);
            }
            if c.candidate.contains_key("factor") {
                return bad("/candidate/factor", "UNEXPECTED_FIELD", "an irreducibility proof carries no factor");
            }
            let n = c.f.len() - 1;
            if Ring::new(&c.p, &c.f, cx).irreducible()? {
                Ok(Verdict::Accepted { summary: format!("Rabin's test passes for degree {n} over F_p") })
            } else {
                bad("/claim/polynomial", "REDUCIBLE", "Rabin's test fails: the polynomial is reducible over F_p")
            }
        }))
    }
}

/// x^((p^n − 1)/q) ≢ 1 for every listed prime q, after the factorization and f are checked.
fn primitive(c: &Common, cx: &CheckContext) -> Step<Verdict> {
    const PATH: &str = "/candidate/order_factorization";
    let ring = Ring::new(&c.p, &c.f, cx);
    let n = ring.degree();
    let order = num_traits::pow(c.p.clone(), n) - 1u32;
    let entries = array(field(c.candidate, "/candidate", "order_factorization")?, PATH)?;
    let (mut product, mut previous, mut primes) = (BigInt::one(), BigInt::one(), vec![]);
    for (i, entry) in entries.iter().enumerate() {
        let path = pointer(PATH, i);
        let map = object(entry, &path, &["prime", "exponent", "certificate"])?;
        let q = at_most(field(map, &path, "prime")?, &pointer(&path, "prime"), &order)?;
        let Some(k) = field(map, &path, "exponent")?.as_u64().filter(|&k| k >= 1) else {
            return bad(pointer(&path, "exponent"), "BAD_EXPONENT", "a JSON integer ≥ 1");
        };
        if q <= previous {
            return bad(pointer(&path, "prime"), "NOT_INCREASING", "the primes are above 1 and strictly increase");
        }
        // q ≥ 2, so q^k > p^n − 1 whenever k > bits(p^n − 1); below that k fits a usize.
        if k > order.bits() {
            return bad(&path, "PRODUCT", "the prime powers exceed p^n − 1");
        }
        product *= num_traits::pow(q.clone(), k as usize);
        if product > order {
            return bad(&path, "PRODUCT", "the prime powers exceed p^n − 1");
        }
        prove_prime(
            &q,
            &pointer(&path, "prime"),
            Some(field(map, &path, "certificate")?),
            &pointer(&path, "certificate"),
            cx,
        )?;
        previous = q.clone();
        primes.push((path, q));
    }
    if product != order {
        return bad(PATH, "PRODUCT", "the prime powers do not multiply to p^n − 1");
    }
    if c.f[0].is_zero() && n == 1 {
        return bad("/claim/polynomial", "X_IS_ZERO", "x ≡ 0 modulo f, which is not a unit");
    }
    if !ring.irreducible()? {
        return bad("/claim/polynomial", "REDUCIBLE", "Rabin's test fails: the polynomial is reducible over F_p");
    }
    let (x, one) = (ring.x(), ring.reduce(vec![BigInt::one()]));
    for (path, q) in &primes {
        if ring.pow(&x, &(&order / q))? == one {
            return bad(pointer(path, "prime"), "ORDER_DIVIDES", "x^((p^n − 1)/q) ≡ 1: x is not a generator");
        }
    }
    Ok(Verdict::Accepted {
        summary: format!("f is irreducible of degree {n} and x has order p^n − 1 ({} prime factors)", primes.len()),
    })
}

/// The candidate's proof that f is not primitive: a factor, an exponent, or x ≡ 0.
fn not_primitive(c: &Common, cx: &CheckContext) -> Step<Verdict> {
    let proofs: Vec<&str> =
        ["factor", "exponent", "zero"].into_iter().filter(|k| c.candidate.contains_key(*k)).collect();
    let [proof] = proofs[..] else {
        return bad("/candidate", "ONE_PROOF", "exactly one of factor, exponent or zero");
    };
    let ring = Ring::new(&c.p, &c.f, cx);
    match proof {
        "factor" => reducible(c),
        "zero" if c.candidate.get("zero") != Some(&Value::Bool(true)) => {
            bad("/candidate/zero", "NOT_TRUE", "expected true")
        }
        "zero" if ring.degree() == 1 && c.f[0].is_zero() => {
            Ok(Verdict::Accepted { summary: "f = c·x, so x ≡ 0 generates nothing".into() })
        }
        "zero" => bad("/candidate/zero", "X_IS_NOT_ZERO", "only f = c·x of degree 1 makes x ≡ 0"),
        _ => {
            let order = num_traits::pow(c.p.clone(), ring.degree()) - 1u32;
            let path = "/candidate/exponent";
            let d = at_most(c.candidate.get("exponent").unwrap_or(&Value::Null), path, &order)?;
            if d.is_zero() || d >= order || !(&order % &d).is_zero() {
                return bad(path, "NOT_A_PROPER_DIVISOR", "D divides p^n − 1, 1 ≤ D < p^n − 1");
            }
            if ring.pow(&ring.x(), &d)? != ring.reduce(vec![BigInt::one()]) {
                return bad(path, "POWER_IS_NOT_ONE", "x^D ≢ 1 modulo f");
            }
            Ok(Verdict::Accepted { summary: "x^D ≡ 1 for a proper divisor D of p^n − 1".into() })
        }
    }
}

impl Checker for Primitivity {
    fn identity(&self) -> &CheckerIdentity {
        &PRIMITIVITY_ID
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[PRIMITIVITY_EVIDENCE]
    }

    fn check(&self, e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        let header = [PRIMITIVITY_EVIDENCE, PRIMITIVITY_SEMANTICS, PRIMITIVITY_FORMAT];
        let fields = ["order_factorization", "factor", "exponent", "zero", "p_certificate"];
        verdict(common(e, header, "primitive", &fields, cx).and_then(|c| {
            let proof_of_false = ["factor", "exponent", "zero"].iter().any(|k| c.candidate.contains_key(*k));
            match (c.flag, proof_of_false, c.candidate.contains_key("order_factorization")) {
                (true, false, _) => primitive(&c, cx),
                (false, _, false) => not_primitive(&c, cx),
                _ => {
                    bad("/candidate", "WRONG_PROOF", "order_factorization for true; factor, exponent or zero for false")
                }
            }
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jacobian_runtime::CancellationToken;
    use jacobian_runtime::artifact::{ArtifactReader, MemoryArtifactStore};

    /// PARI/GP 2.15.2 certificates of 10^20 + 39 and 2^127 − 1 (see `crate::primality`).
    const P20: &str = include_str!("../tests/data/primality/p20.json");
    const M127: &str = include_str!("../tests/data/primality/m127.json");

    fn ecpp(fixture: &str) -> (BigInt, Value) {
        let v: Value = serde_json::from_str(fixture).unwrap();
        (v["n"].as_str().unwrap().parse().unwrap(), v["ecpp"].clone())
    }

    fn cx() -> CheckContext {
        CheckContext {
            artifacts: ArtifactReader::new(std::sync::Arc::new(MemoryArtifactStore::new())),
            cancel: CancellationToken::new(),
            deadline: std::time::Instant::now() + std::time::Duration::from_secs(120),
        }
    }

    fn evidence(primitivity: bool, claim: Value, candidate: Value) -> Evidence {
        let [kind, semantics, format] = if primitivity {
            [PRIMITIVITY_EVIDENCE, PRIMITIVITY_SEMANTICS, PRIMITIVITY_FORMAT]
        } else {
            [IRREDUCIBILITY_EVIDENCE, IRREDUCIBILITY_SEMANTICS, IRREDUCIBILITY_FORMAT]
        };
        Evidence {
            kind: kind.into(),
            claim,
            semantics: semantics.into(),
            candidate,
            scope: Scope::exact_input("polynomial", Digest::of_bytes(b"t")),
            certificate_format: format.into(),
            artifacts: vec![],
        }
    }

    fn run(e: &Evidence) -> Verdict {
        let checker: &dyn Checker = if e.kind == PRIMITIVITY_EVIDENCE { &Primitivity } else { &Irreducibility };
        checker.check(e, &cx()).expect("not interrupted")
    }

    fn irr(p: impl ToString, f: &[u64], flag: bool, candidate: Value) -> Verdict {
        run(&evidence(false, json!({"p": p.to_string(), "polynomial": poly(f), "irreducible": flag}), candidate))
    }

    fn prim(p: impl ToString, f: &[u64], flag: bool, candidate: Value) -> Verdict {
        run(&evidence(true, json!({"p": p.to_string(), "polynomial": poly(f), "primitive": flag}), candidate))
    }

    fn poly(c: &[u64]) -> Value {
        c.iter().map(|c| Value::String(c.to_string())).collect()
    }

    fn accepted(v: &Verdict) -> bool {
        matches!(v, Verdict::Accepted { .. })
    }

    // Brute force on machine integers, sharing nothing with the checker.

    fn brute_inverse(a: u64, p: u64) -> u64 {
        (1..p).find(|i| a * i % p == 1).unwrap()
    }

    /// f mod g over F_p.
    fn brute_rem(f: &[u64], g: &[u64], p: u64) -> Vec<u64> {
        let mut r = f.to_vec();
        let inv = brute_inverse(*g.last().unwrap(), p);
        while r.len() >= g.len() {
            let (t, shift) = (r[r.len() - 1] * inv % p, r.len() - g.len());
            for (j, c) in g.iter().enumerate() {
                r[shift + j] = (r[shift + j] + p * p - t * c % p) % p;
            }
            while r.last() == Some(&0) {
                r.pop();
            }
        }
        r
    }

    /// Every polynomial of degree n over F_p (non-zero last coefficient).
    fn all_polys(p: u64, n: usize) -> Vec<Vec<u64>> {
        let total = p.pow(n as u32 + 1);
        (0..total)
            .map(|mut k| {
                (0..=n)
                    .map(|_| {
                        let c = k % p;
                        k /= p;
                        c
                    })
                    .collect::<Vec<u64>>()
            })
            .filter(|f| f[n] != 0)
            .collect()
    }

    /// A monic factor of degree 1 to n/2 when f is reducible.
    fn brute_factor(f: &[u64], p: u64) -> Option<Vec<u64>> {
        let n = f.len() - 1;
        (1..=n / 2).flat_map(|d| all_polys(p, d)).find(|g| g[g.len() - 1] == 1 && brute_rem(f, g, p).is_empty())
    }

    /// The order of x modulo f, when x is a unit, by repeated multiplication.
    fn brute_order(f: &[u64], p: u64) -> Option<u64> {
        let n = f.len() - 1;
        let inv = brute_inverse(f[n], p);
        let mut h = vec![0; n];
        h[0] = 1;
        for k in 1..=p.pow(n as u32) {
            let mut s = vec![0];
            s.extend(&h);
            let t = s[n] * inv % p;
            for j in 0..=n {
                s[j] = (s[j] + p * p - t * f[j] % p) % p;
            }
            h = s[..n].to_vec();
            if h[0] == 1 && h[1..].iter().all(|&c| c == 0) {
                return Some(k);
            }
        }
        None
    }

    fn brute_factorization(mut n: u64) -> Vec<(u64, u64)> {
        let (mut out, mut q) = (vec![], 2);
        while q * q <= n {
            let mut e = 0;
            while n.is_multiple_of(q) {
                n /= q;
                e += 1;
            }
            if e > 0 {
                out.push((q, e));
            }
            q += 1;
        }
        if n > 1 {
            out.push((n, 1));
        }
        out
    }

    fn order_factorization(n: u64) -> Value {
        let entries: Vec<Value> = brute_factorization(n)
            .into_iter()
            .map(|(q, e)| json!({"prime": q.to_string(), "exponent": e, "certificate": null}))
            .collect();
        json!({ "order_factorization": entries })
    }

    /// (p, f, flag) from a claim read strictly by the test itself; None when malformed.
    fn read_claim(claim: &Value, flag: &str) -> Option<(u64, Vec<u64>, bool)> {
        let map = claim.as_object().filter(|m| m.len() == 3)?;
        let canon = |v: &Value| v.as_str().and_then(|s| s.parse::<u64>().ok().filter(|n| n.to_string() == s));
        let p = canon(map.get("p")?)?;
        if p < 2 || (2..p).any(|d| p.is_multiple_of(d)) {
            return None;
        }
        let f: Vec<u64> = map.get("polynomial")?.as_array()?.iter().map(canon).collect::<Option<_>>()?;
        if f.len() < 2 || f.iter().any(|&c| c >= p) || *f.last()? == 0 {
            return None;
        }
        Some((p, f, map.get(flag)?.as_bool()?))
    }

    fn brute_primitive(f: &[u64], p: u64) -> bool {
        brute_factor(f, p).is_none() && brute_order(f, p) == Some(p.pow(f.len() as u32 - 1) - 1)
    }

    /// Whether a claim of either kind is well formed and true, by brute force.
    fn truth(primitivity: bool, claim: &Value) -> bool {
        if primitivity {
            read_claim(claim, "primitive").is_some_and(|(p, f, flag)| brute_primitive(&f, p) == flag)
        } else {
            read_claim(claim, "irreducible").is_some_and(|(p, f, flag)| brute_factor(&f, p).is_none() == flag)
        }
    }

    #[test]
    fn identities_are_versioned_and_bundled() {
        for (checker, id, kind) in [
            (&Irreducibility as &dyn Checker, "jacobian.check.fp_irreducibility", IRREDUCIBILITY_EVIDENCE),
            (&Primitivity, "jacobian.check.fp_primitivity", PRIMITIVITY_EVIDENCE),
        ] {
            let identity = checker.identity();
            assert_eq!((identity.id.as_str(), identity.version.as_str()), (id, "1.0.0"));
            assert!(crate::bundled().iter().any(|c| c.identity() == identity && c.evidence_kinds() == [kind]));
        }
    }

    #[test]
    fn small_primality_agrees_with_the_primality_module() {
        for n in (0..30_000).chain([2047, 1373653, 25326001, 3215031751, 3825123056546413051, u64::MAX - 58, u64::MAX])
        {
            assert_eq!(is_prime_u64(n), crate::primality::is_small_prime(n), "{n}");
        }
    }

    /// Monic irreducible polynomials of degree n over F_q: (1/n) Σ_{d | n} μ(d) q^(n/d) (Gauss).
    fn gauss(q: u64, n: u64) -> u64 {
        let mobius = |d: u64| {
            let f = brute_factorization(d);
            if f.iter().any(|&(_, e)| e > 1) {
                0
            } else if f.len().is_multiple_of(2) {
                1
            } else {
                -1
            }
        };
        let sum: i64 = (1..=n).filter(|&d| n.is_multiple_of(d)).map(|d| mobius(d) * q.pow((n / d) as u32) as i64).sum();
        sum as u64 / n
    }

    fn euler_phi(n: u64) -> u64 {
        brute_factorization(n).iter().fold(n, |acc, &(q, _)| acc / q * (q - 1))
    }

    #[test]
    fn verdicts_agree_with_brute_force_over_small_fields() {
        for (p, max_degree) in [(2u64, 7usize), (3, 4), (5, 3), (7, 2)] {
            for n in 1..=max_degree {
                let order = p.pow(n as u32) - 1;
                let (mut monic_irreducible, mut monic_primitive) = (0, 0);
                for f in all_polys(p, n) {
                    let factor = brute_factor(&f, p);
                    let ord = brute_order(&f, p);
                    let primitive = factor.is_none() && ord == Some(order);
                    if f[n] == 1 {
                        monic_irreducible += u64::from(factor.is_none());
                        monic_primitive += u64::from(primitive);
                    }
                    assert_eq!(accepted(&irr(p, &f, true, json!({}))), factor.is_none(), "F_{p} {f:?}");
                    assert_eq!(accepted(&prim(p, &f, true, order_factorization(order))), primitive, "F_{p} {f:?}");
                    match &factor {
                        Some(g) => {
                            assert!(accepted(&irr(p, &f, false, json!({ "factor": poly(g) }))), "F_{p} {f:?} {g:?}");
                            assert!(accepted(&prim(p, &f, false, json!({ "factor": poly(g) }))), "F_{p} {f:?}");
                        }
                        None => assert!(!accepted(&irr(p, &f, false, json!({"factor": ["0", "1"]})))),
                    }
                    let zero = n == 1 && f[0] == 0;
                    assert_eq!(accepted(&prim(p, &f, false, json!({"zero": true}))), zero, "F_{p} {f:?}");
                    // x^D ≡ 1 exactly for the multiples of the order of x.
                    for d in (1..order).filter(|&d| order.is_multiple_of(d)) {
                        let v = prim(p, &f, false, json!({"exponent": d.to_string()}));
                        assert_eq!(accepted(&v), ord.is_some_and(|o| d.is_multiple_of(o)), "F_{p} {f:?} x^{d}");
                    }
                    assert!(!accepted(&prim(p, &f, false, json!({"exponent": order.to_string()}))));
                }
                assert_eq!(monic_irreducible, gauss(p, n as u64), "F_{p} degree {n}");
                assert_eq!(monic_primitive, euler_phi(order) / n as u64, "F_{p} degree {n}");
            }
        }
    }

    /// Every edit of one number (±1, or a boolean flipped), one list element (removed or
    /// duplicated) or one field (removed, or one added) of `v`.
    fn mutants(v: &Value) -> Vec<Value> {
        let mut out = vec![];
        match v {
            Value::String(s) => {
                if let Ok(n) = s.parse::<BigInt>() {
                    out.extend([json!((&n + 1u32).to_string()), json!((&n - 1u32).to_string())]);
                }
            }
            Value::Number(n) => {
                let n = n.as_i64().unwrap();
                out.extend([json!(n + 1), json!(n - 1)]);
            }
            Value::Bool(b) => out.push(json!(!b)),
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    for m in mutants(item) {
                        let mut c = items.clone();
                        c[i] = m;
                        out.push(Value::Array(c));
                    }
                    let mut c = items.clone();
                    c.remove(i);
                    out.push(Value::Array(c.clone()));
                    c.insert(i, item.clone());
                    c.insert(i, item.clone());
                    out.push(Value::Array(c));
                }
            }
            Value::Object(map) => {
                for (k, item) in map {
                    for m in mutants(item) {
                        let mut c = map.clone();
                        c.insert(k.clone(), m);
                        out.push(Value::Object(c));
                    }
                    let mut c = map.clone();
                    c.remove(k);
                    out.push(Value::Object(c));
                }
                let mut c = map.clone();
                c.insert("extra".into(), json!("1"));
                out.push(Value::Object(c));
            }
            Value::Null => out.push(json!({})),
        }
        out
    }

    #[test]
    fn every_mutation_of_valid_evidence_is_rejected_unless_it_states_another_true_claim() {
        let f5 = |flag| json!({"p": "5", "polynomial": ["4", "2", "2", "1"], "irreducible": flag});
        let prim_claim = |p: &str, f: Value, flag: bool| json!({"p": p, "polynomial": f, "primitive": flag});
        let cases = [
            (false, json!({"p": "3", "polynomial": ["1", "0", "1"], "irreducible": true}), json!({})),
            (false, json!({"p": "2", "polynomial": ["1", "1", "0", "1"], "irreducible": true}), json!({})),
            // (x + 2)(x² + 2) over F_5.
            (false, f5(false), json!({"factor": ["2", "1"]})),
            (true, prim_claim("2", json!(["1", "1", "0", "0", "1"]), true), order_factorization(15)),
            (true, prim_claim("3", json!(["2", "1", "1"]), true), order_factorization(8)),
            (true, prim_claim("2", json!(["1", "1", "1", "1", "1"]), false), json!({"exponent": "5"})),
            (true, prim_claim("5", json!(["0", "3"]), false), json!({"zero": true})),
            // (x + 1)², whose only monic factor of degree 1 is x + 1.
            (true, prim_claim("3", json!(["1", "2", "1"]), false), json!({"factor": ["1", "1"]})),
        ];
        let (mut rejected, mut true_claims) = (0, 0);
        for (primitivity, claim, candidate) in cases {
            assert!(accepted(&run(&evidence(primitivity, claim.clone(), candidate.clone()))), "{claim} {candidate}");
            // The candidate alone changed: the claim stays, so the proof must fail.
            for m in mutants(&candidate) {
                let v = run(&evidence(primitivity, claim.clone(), m.clone()));
                assert!(!accepted(&v), "{claim} {m}");
                rejected += 1;
            }
            // The claim changed: accepted only when the new claim is true.
            for m in mutants(&claim) {
                let v = run(&evidence(primitivity, m.clone(), candidate.clone()));
                if accepted(&v) {
                    assert!(truth(primitivity, &m), "{m} {candidate}");
                    true_claims += 1;
                } else {
                    rejected += 1;
                }
            }
        }
        assert!(rejected > 200 && true_claims < 20, "{rejected} rejected, {true_claims} true claims");
    }

    #[test]
    fn large_primes_are_proven_by_their_certificates() {
        let (p, cert) = ecpp(P20);
        let (m127, m127_cert) = ecpp(M127);
        let pm1: BigInt = &p - 1u32;
        // 3 is the least non-residue and a primitive root mod 10^20 + 39 (PARI: znprimroot).
        let three = BigInt::from(3);
        assert_eq!(three.modpow(&(&pm1 / 2u32), &p), pm1);
        let with = |v: Value| {
            let mut v = v;
            v["p_certificate"] = cert.clone();
            v
        };
        let ps = p.to_string();
        let minus_three = (&p - 3u32).to_string();
        let x2_minus_3 = json!({"p": ps, "polynomial": [minus_three, "0", "1"], "irreducible": true});
        assert!(accepted(&run(&evidence(false, x2_minus_3.clone(), with(json!({}))))));
        for candidate in [json!({}), json!({"p_certificate": null}), json!({"p_certificate": m127_cert.clone()})] {
            assert!(!accepted(&run(&evidence(false, x2_minus_3.clone(), candidate))));
        }
        let x2_minus_1 = json!({"p": ps, "polynomial": [pm1.to_string(), "0", "1"], "irreducible": false});
        assert!(accepted(&run(&evidence(false, x2_minus_1.clone(), with(json!({"factor": [pm1.to_string(), "1"]}))))));
        assert!(!accepted(&run(&evidence(false, x2_minus_1, with(json!({}))))));
        // x − 3: primitive, as 3 generates F_p^*; p − 1 = 2·3·32839·507526619771207.
        let factors = ["2", "3", "32839", "507526619771207"];
        let entries: Vec<Value> =
            factors.iter().map(|q| json!({"prime": q, "exponent": 1, "certificate": null})).collect();
        let x_minus_3 = json!({"p": ps, "polynomial": [minus_three, "1"], "primitive": true});
        assert!(accepted(&run(&evidence(true, x_minus_3.clone(), with(json!({"order_factorization": entries}))))));
        assert!(!accepted(&run(&evidence(true, x_minus_3, json!({"order_factorization": entries})))));
        let x_minus_1 = json!({"p": ps, "polynomial": [pm1.to_string(), "1"], "primitive": false});
        assert!(accepted(&run(&evidence(true, x_minus_1, with(json!({"exponent": "1"}))))));
        // x^127 + x + 1 over F_2 is primitive: 2^127 − 1 is prime, and above 2^64.
        let mut f = vec![0u64; 128];
        (f[0], f[1], f[127]) = (1, 1, 1);
        let entry =
            |c: Value| json!({"order_factorization": [{"prime": m127.to_string(), "exponent": 1, "certificate": c}]});
        assert!(accepted(&prim(2, &f, true, entry(m127_cert))));
        assert!(!accepted(&prim(2, &f, true, entry(json!(null)))));
        assert!(!accepted(&prim(2, &f, true, entry(cert))));
    }

    #[test]
    fn malformed_evidence_is_rejected_and_limits_are_inconclusive() {
        for (claim, candidate) in [
            (json!({"p": "4", "polynomial": ["1", "1", "1"], "irreducible": true}), json!({})),
            (json!({"p": "1", "polynomial": ["0", "1"], "irreducible": true}), json!({})),
            (json!({"p": "3", "polynomial": ["1"], "irreducible": true}), json!({})),
            (json!({"p": "3", "polynomial": [], "irreducible": true}), json!({})),
            (json!({"p": "3", "polynomial": ["1", "0", "1"], "irreducible": "true"}), json!({})),
            (json!({"p": "3", "polynomial": ["1", "0", "1"], "irreducible": true}), json!({"factor": ["1", "1"]})),
            (json!({"p": "3", "polynomial": [1, 0, 1], "irreducible": true}), json!({})),
            (json!({"p": "3", "polynomial": ["1", "0", "01"], "irreducible": true}), json!({})),
            (json!({"p": "3", "polynomial": ["-2", "0", "1"], "irreducible": true}), json!({})),
            (json!({"p": "3", "polynomial": ["4", "0", "1"], "irreducible": true}), json!({})),
            (json!({"p": "3", "polynomial": ["1", "0", "1", "0"], "irreducible": true}), json!({})),
        ] {
            let v = run(&evidence(false, claim.clone(), candidate.clone()));
            assert!(matches!(v, Verdict::Rejected { .. }), "{claim} {candidate}: {v:?}");
        }
        let good = json!({"p": "2", "polynomial": ["1", "1", "0", "0", "1"], "primitive": true});
        for candidate in [
            json!({"order_factorization": [{"prime": "3", "exponent": 1, "certificate": null}, {"prime": "5", "exponent": 1, "certificate": null}], "exponent": "3"}),
            json!({"order_factorization": [{"prime": "15", "exponent": 1, "certificate": null}]}),
            json!({"order_factorization": [{"prime": "3", "exponent": 1}, {"prime": "5", "exponent": 1}]}),
            json!({"order_factorization": [{"prime": "5", "exponent": 1, "certificate": null}, {"prime": "3", "exponent": 1, "certificate": null}]}),
            json!({"order_factorization": [{"prime": "3", "exponent": 1, "certificate": null}, {"prime": "5", "exponent": "1", "certificate": null}]}),
            json!({"order_factorization": [{"prime": "3", "exponent": 1, "certificate": null}, {"prime": "5", "exponent": 1, "certificate": {"format": "ECPP", "steps": [["5", "0", "1", "0", ["1", "1"]]]}}]}),
            json!({"exponent": "3"}),
            json!({}),
        ] {
            assert!(
                matches!(run(&evidence(true, good.clone(), candidate.clone())), Verdict::Rejected { .. }),
                "{candidate}"
            );
        }
        let (long, mut high) = (format!("1{}", "0".repeat(MAX_P_DIGITS)), vec![0u64; MAX_DEGREE + 2]);
        high[0] = 1;
        high[MAX_DEGREE + 1] = 1;
        assert!(matches!(irr(long, &[1, 1], true, json!({})), Verdict::Inconclusive { .. }));
        assert!(matches!(irr(2, &high, true, json!({})), Verdict::Inconclusive { .. }));
        let claim = json!({"p": "2", "polynomial": ["1", "1", "0", "0", "1"], "irreducible": true});
        for edit in 0..4 {
            let mut e = evidence(false, claim.clone(), json!({}));
            match edit {
                0 => e.semantics = PRIMITIVITY_SEMANTICS.into(),
                1 => e.certificate_format = PRIMITIVITY_FORMAT.into(),
                2 => e.kind = PRIMITIVITY_EVIDENCE.into(),
                _ => e.scope.universal = true,
            }
            assert!(matches!(run(&e), Verdict::Rejected { .. }));
        }
        let cx = cx();
        cx.cancel.cancel();
        let e = evidence(false, claim, json!({}));
        assert!(matches!(Irreducibility.check(&e, &cx), Err(CheckError::Interrupted)));
    }
}
