//! The polynomial checkers' own sparse arithmetic over Q and F_p, and the strict reader of
//! polynomials in evidence; the checkers are in the submodules.
//!
//! A polynomial in evidence is a list of terms `[[c, [e₁, …, eₙ]], …]`: `c` a canonical
//! rational string (`"-3/4"`, `"5"`; lowest terms, no `+`, no leading zero, denominator > 1 or
//! absent, never zero), over F_p an integer in `[0, p)`; one exponent per variable, at most
//! [`MAX_EXPONENT`]; no monomial twice. The zero polynomial is `[]`. This code shares nothing
//! with the producers' polynomial code: it is a BTreeMap from exponent vectors to coefficients.

pub mod groebner;
pub mod identities;
pub mod roots;

use std::collections::BTreeMap;
use std::str::FromStr;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use serde_json::Value;

use crate::evidence::collected::{Step, Stop, bad, pointer};

/// Most variables.
pub const MAX_VARIABLES: usize = 32;
/// Largest exponent.
pub const MAX_EXPONENT: u64 = 10_000;
/// Most terms of one polynomial read or built.
pub const MAX_TERMS: usize = 50_000;
/// Most digits of a coefficient's numerator or denominator.
pub const MAX_DIGITS: usize = 20_000;
/// Most term pairs one product may cost.
pub const MAX_WORK: usize = 10_000_000;

/// A coefficient.
pub type Q = BigRational;
/// Exponents, one per variable.
pub type Mono = Vec<u32>;

/// A sparse polynomial: monomials to non-zero coefficients.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Poly(pub BTreeMap<Mono, Q>);

/// The coefficient field: Q (`p` = 0) or F_p.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    /// 0 for Q.
    pub p: BigInt,
}

impl Field {
    /// `c` in the field (reduced into `[0, p)` over F_p).
    pub fn norm(&self, c: Q) -> Q {
        if self.p.is_zero() {
            return c;
        }
        let d = c.denom().mod_floor(&self.p);
        let e = d.extended_gcd(&self.p);
        Q::from_integer((c.numer() * e.x).mod_floor(&self.p))
    }

    /// The inverse of a non-zero element.
    pub fn inv(&self, c: &Q) -> Q {
        self.norm(c.recip())
    }

    /// `a + s·b`.
    pub fn add_scaled(&self, a: &Poly, s: &Q, b: &Poly) -> Poly {
        let mut r = a.0.clone();
        for (m, c) in &b.0 {
            let v = self.norm(r.get(m).cloned().unwrap_or_else(Q::zero) + s * c);
            if v.is_zero() {
                r.remove(m);
            } else {
                r.insert(m.clone(), v);
            }
        }
        Poly(r)
    }

    /// `a + b`.
    pub fn add(&self, a: &Poly, b: &Poly) -> Poly {
        self.add_scaled(a, &Q::one(), b)
    }

    /// `a − b`.
    pub fn sub(&self, a: &Poly, b: &Poly) -> Poly {
        self.add_scaled(a, &-Q::one(), b)
    }

    /// `a · b`, or a limit stop.
    pub fn mul(&self, a: &Poly, b: &Poly) -> Step<Poly> {
        if a.0.len().saturating_mul(b.0.len()) > MAX_WORK {
            return Err(Stop::Limit(format!("a product of {} by {} terms", a.0.len(), b.0.len())));
        }
        let mut r: BTreeMap<Mono, Q> = BTreeMap::new();
        for (m, x) in &a.0 {
            for (k, y) in &b.0 {
                let e: Mono = m.iter().zip(k).map(|(u, v)| u + v).collect();
                if e.iter().any(|&v| u64::from(v) > 2 * MAX_EXPONENT) {
                    return Err(Stop::Limit("an exponent beyond the checker's bound".into()));
                }
                *r.entry(e).or_insert_with(Q::zero) += x * y;
            }
        }
        let r: BTreeMap<Mono, Q> =
            r.into_iter().map(|(m, c)| (m, self.norm(c))).filter(|(_, c)| !c.is_zero()).collect();
        if r.len() > MAX_TERMS {
            return Err(Stop::Limit(format!("a product of more than {MAX_TERMS} terms")));
        }
        Ok(Poly(r))
    }

    /// `c · x^m · a`.
    pub fn term_times(&self, c: &Q, m: &[u32], a: &Poly) -> Poly {
        Poly(
            a.0.iter()
                .map(|(k, v)| (k.iter().zip(m).map(|(x, y)| x + y).collect(), self.norm(c * v)))
                .filter(|(_, v): &(Mono, Q)| !v.is_zero())
                .collect(),
        )
    }
}

impl Poly {
    /// The constant `c` in `n` variables.
    pub fn constant(c: Q, n: usize) -> Poly {
        let mut m = BTreeMap::new();
        if !c.is_zero() {
            m.insert(vec![0; n], c);
        }
        Poly(m)
    }

    /// Whether it is zero.
    pub fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    /// Degree in variable `i` (`None` for zero).
    pub fn degree_in(&self, i: usize) -> Option<u32> {
        self.0.keys().map(|m| m[i]).max()
    }

    /// Dense coefficients in variable `i`, lowest first, when no other variable occurs.
    pub fn dense(&self, i: usize) -> Option<Vec<Q>> {
        let Some(d) = self.degree_in(i) else { return Some(vec![]) };
        let mut out = vec![Q::zero(); d as usize + 1];
        for (m, c) in &self.0 {
            if m.iter().enumerate().any(|(j, &e)| j != i && e > 0) {
                return None;
            }
            out[m[i] as usize] = c.clone();
        }
        Some(out)
    }
}

/// Reads a canonical rational string.
pub fn rational(v: &Value, path: &str) -> Step<Q> {
    let s = v.as_str().unwrap_or("");
    let canonical_int = |t: &str, signed: bool| {
        let d = if signed { t.strip_prefix('-').unwrap_or(t) } else { t };
        !d.is_empty()
            && d.len() <= MAX_DIGITS
            && d.bytes().all(|b| b.is_ascii_digit())
            && (!d.starts_with('0') || (t == "0" && signed))
    };
    let (n, d) = s.split_once('/').unwrap_or((s, "1"));
    if !canonical_int(n, true) || !canonical_int(d, false) {
        return bad(path, "NOT_A_RATIONAL", "expected a canonical rational string p or p/q");
    }
    let (n, d) = (BigInt::from_str(n).unwrap_or_default(), BigInt::from_str(d).unwrap_or_default());
    if s.contains('/') && (d.is_one() || !n.gcd(&d).is_one()) {
        return bad(path, "NOT_A_RATIONAL", "a fraction in lowest terms with a denominator above 1");
    }
    Ok(Q::new(n, d))
}

/// Reads a modulus: `"0"` for Q, or a prime below 2^31.
pub fn field(v: &Value, path: &str) -> Step<Field> {
    let p = v.as_str().and_then(|s| s.parse::<u64>().ok()).filter(|s| v.as_str() == Some(&s.to_string()));
    let Some(p) = p else { return bad(path, "NOT_A_MODULUS", "expected \"0\" or a prime below 2^31 as a string") };
    let prime = (2..1 << 31).contains(&p) && (2..).take_while(|d| d * d <= p).all(|d| p % d != 0);
    if p != 0 && !prime {
        return bad(path, "NOT_A_MODULUS", "the modulus is 0 (for Q) or a prime below 2^31");
    }
    Ok(Field { p: p.into() })
}

/// Reads a number of variables (1 to [`MAX_VARIABLES`]).
pub fn variables(v: &Value, path: &str) -> Step<usize> {
    match v.as_u64() {
        Some(n) if (1..=MAX_VARIABLES as u64).contains(&n) => Ok(n as usize),
        _ => bad(path, "BAD_VARIABLES", "expected the number of variables, 1 to 32"),
    }
}

/// Reads a polynomial in `n` variables over `f` in the canonical term-list form.
pub fn poly(v: &Value, path: &str, n: usize, f: &Field) -> Step<Poly> {
    let Some(items) = v.as_array() else { return bad(path, "NOT_A_POLYNOMIAL", "expected a list of terms") };
    if items.len() > MAX_TERMS {
        return Err(Stop::Limit(format!("{path} has more than {MAX_TERMS} terms")));
    }
    let mut out = BTreeMap::new();
    for (k, t) in items.iter().enumerate() {
        let at = pointer(path, k);
        let Some([c, m]) = t.as_array().map(Vec::as_slice) else {
            return bad(at, "NOT_A_TERM", "a term is [coefficient, exponents]");
        };
        let c = rational(c, &pointer(&at, 0))?;
        if c.is_zero() || (!f.p.is_zero() && (!c.is_integer() || c.is_negative() || *c.numer() >= f.p)) {
            return bad(pointer(&at, 0), "BAD_COEFFICIENT", "a non-zero coefficient, over F_p an integer in [0, p)");
        }
        let exps: Option<Mono> = m
            .as_array()
            .filter(|e| e.len() == n)
            .and_then(|e| e.iter().map(|x| x.as_u64().filter(|&x| x <= MAX_EXPONENT).map(|x| x as u32)).collect());
        let Some(exps) = exps else {
            return bad(pointer(&at, 1), "BAD_EXPONENTS", format!("{n} exponents, each at most {MAX_EXPONENT}"));
        };
        if out.insert(exps, c).is_some() {
            return bad(at, "REPEATED_MONOMIAL", "a monomial appears once");
        }
    }
    Ok(Poly(out))
}

/// Reads a list of polynomials.
pub fn polys(v: &Value, path: &str, n: usize, f: &Field) -> Step<Vec<Poly>> {
    let Some(items) = v.as_array() else { return bad(path, "NOT_AN_ARRAY", "expected a list of polynomials") };
    items.iter().enumerate().map(|(i, p)| poly(p, &pointer(path, i), n, f)).collect()
}

/// Sign changes of a sequence of non-zero-or-zero values (zeros skipped).
pub fn sign_changes(values: impl IntoIterator<Item = i8>) -> usize {
    let mut last = 0i8;
    let mut changes = 0;
    for s in values.into_iter().filter(|&s| s != 0) {
        if last != 0 && s != last {
            changes += 1;
        }
        last = s;
    }
    changes
}

/// The sign of a rational.
pub fn sign(q: &Q) -> i8 {
    if q.is_zero() {
        0
    } else if q.is_positive() {
        1
    } else {
        -1
    }
}

#[cfg(test)]
pub(crate) mod testing {
    use jacobian_runtime::artifact::{ArtifactReader, MemoryArtifactStore};
    use jacobian_runtime::{CancellationToken, CheckContext, Digest, Evidence, Scope};
    use serde_json::Value;

    pub fn cx() -> CheckContext {
        CheckContext {
            artifacts: ArtifactReader::new(std::sync::Arc::new(MemoryArtifactStore::new())),
            cancel: CancellationToken::new(),
            deadline: std::time::Instant::now() + std::time::Duration::from_secs(60),
        }
    }

    pub fn evidence(kind: &str, semantics: &str, format: &str, claim: Value, candidate: Value) -> Evidence {
        Evidence {
            kind: kind.into(),
            claim,
            semantics: semantics.into(),
            candidate,
            scope: Scope::exact_input("polynomials", Digest::of_bytes(b"t")),
            certificate_format: format.into(),
            artifacts: vec![],
        }
    }

    /// The canonical text of a rational.
    pub fn text(q: &super::Q) -> String {
        if q.is_integer() { q.numer().to_string() } else { format!("{}/{}", q.numer(), q.denom()) }
    }

    /// Univariate terms from dense integer coefficients, lowest first.
    pub fn uni(cs: &[i64]) -> Value {
        Value::Array(
            cs.iter()
                .enumerate()
                .rev()
                .filter(|(_, c)| **c != 0)
                .map(|(k, c)| serde_json::json!([c.to_string(), [k]]))
                .collect(),
        )
    }
}
