//! PARI's `primecert` output read into the evidence format the primality checker replays, and
//! Miller–Rabin witnesses of compositeness.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use serde_json::{Value, json};

use jacobian_runtime::objects::integer::DecimalInteger;

/// Evidence kind of a primality decision.
pub const PRIMALITY_EVIDENCE: &str = "integer.primality/v1";
/// Semantics of the claim `{"n"}`: n is a prime number.
pub const PRIMALITY_SEMANTICS: &str = "urn:jacobian:semantics:integer-prime:v1";
/// Certificate format of an Atkin–Morain certificate (PARI's `primecert(N)`).
pub const ECPP_FORMAT: &str = "ECPP";
/// Evidence kind of a compositeness decision.
pub const COMPOSITENESS_EVIDENCE: &str = "integer.compositeness/v1";
/// Semantics of the claim `{"n"}`: n is not a prime number.
pub const COMPOSITENESS_SEMANTICS: &str = "urn:jacobian:semantics:integer-not-prime:v1";
/// Certificate format of a compositeness witness.
pub const WITNESS_FORMAT: &str = "COMPOSITENESS_WITNESS_V1";

/// Most bases tried for a Miller–Rabin witness.
const WITNESS_BASES: u32 = 1000;

/// Reads a GP value made of integers and (nested) vectors into JSON arrays of decimal strings.
fn gp_value(text: &str) -> Result<Value, String> {
    fn value(s: &[u8], i: &mut usize) -> Result<Value, String> {
        while s.get(*i) == Some(&b' ') {
            *i += 1;
        }
        if s.get(*i) == Some(&b'[') {
            *i += 1;
            let mut items = vec![];
            loop {
                while s.get(*i) == Some(&b' ') {
                    *i += 1;
                }
                if s.get(*i) == Some(&b']') && items.is_empty() {
                    *i += 1;
                    return Ok(Value::Array(items));
                }
                items.push(value(s, i)?);
                while s.get(*i) == Some(&b' ') {
                    *i += 1;
                }
                match s.get(*i) {
                    Some(b',') => *i += 1,
                    Some(b']') => {
                        *i += 1;
                        return Ok(Value::Array(items));
                    }
                    _ => return Err(format!("unexpected character at {i}")),
                }
            }
        }
        let start = *i;
        if s.get(*i) == Some(&b'-') {
            *i += 1;
        }
        while s.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        let token = std::str::from_utf8(&s[start..*i]).map_err(|e| e.to_string())?;
        DecimalInteger::parse(token).map(|d| json!(d.as_str())).map_err(|_| format!("not an integer at {start}"))
    }
    let bytes = text.trim().as_bytes();
    let mut i = 0;
    let v = value(bytes, &mut i)?;
    if i != bytes.len() {
        return Err(format!("trailing text at {i}"));
    }
    Ok(v)
}

/// The checker's certificate for prime `p` from what `primecert(p)` printed: PARI's ECPP chain
/// `[[N, t, s, a4, [x, y]], …]` verbatim with every integer as a string, or no steps for a
/// prime below 2^64 (PARI answers those with the prime itself; the checker decides them by
/// deterministic Miller–Rabin).
pub fn from_pari(p: &DecimalInteger, text: &str) -> Result<Value, String> {
    let value = gp_value(text)?;
    match &value {
        Value::String(n) if n == p.as_str() => Ok(below_2_64()),
        Value::Array(steps) if !steps.is_empty() => {
            if steps[0].get(0).and_then(Value::as_str) != Some(p.as_str()) {
                return Err("the chain does not start at the prime".into());
            }
            Ok(json!({"format": ECPP_FORMAT, "steps": value}))
        }
        _ => Err("neither the prime nor an ECPP chain".into()),
    }
}

fn strong_probable_prime(n: &BigInt, a: &BigInt) -> bool {
    let one = BigInt::one();
    let n1 = n - &one;
    let s = n1.trailing_zeros().unwrap_or(0);
    let d = &n1 >> s;
    let mut x = a.modpow(&d, n);
    if x == one || x == n1 {
        return true;
    }
    for _ in 1..s {
        x = x.modpow(&BigInt::from(2), n);
        if x == n1 {
            return true;
        }
    }
    false
}

/// Whether `n` < 2^64 is prime: deterministic Miller–Rabin (the first twelve primes as bases
/// suffice below 3.3·10^24).
pub(crate) fn is_prime_u64(n: u64) -> bool {
    crate::factor64::is_prime(n)
}

/// The certificate of a prime below 2^64, which the checker decides by deterministic
/// Miller–Rabin (what [`from_pari`] makes of PARI's answer for such a prime).
pub(crate) fn below_2_64() -> Value {
    json!({"format": ECPP_FORMAT, "steps": []})
}

/// Why `n` is not prime, in a form the checker replays: below two, a small divisor, or a
/// Miller–Rabin base to which n is not a strong probable prime. `None` when n is a strong
/// probable prime to every base tried (the caller knows it is composite from PARI's proof).
pub fn compositeness_witness(n: &BigInt) -> Option<Value> {
    if n < &BigInt::from(2) {
        return Some(json!({"kind": "BELOW_TWO"}));
    }
    for d in [2u32, 3, 5, 7] {
        if n != &BigInt::from(d) && n.is_multiple_of(&BigInt::from(d)) {
            return Some(json!({"kind": "DIVISOR", "divisor": d.to_string()}));
        }
    }
    let top = (n - 2u32).to_u32().unwrap_or(u32::MAX).min(WITNESS_BASES);
    (2..=top)
        .map(BigInt::from)
        .find(|a| !strong_probable_prime(n, a))
        .filter(|a| !a.is_zero() && a.is_positive())
        .map(|a| json!({"kind": "MILLER_RABIN", "base": a.to_string()}))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_gp_vectors() {
        assert_eq!(gp_value("[1, -2, [3, 4]]").unwrap(), json!(["1", "-2", ["3", "4"]]));
        assert_eq!(gp_value("17").unwrap(), json!("17"));
        assert!(gp_value("[1, x]").is_err());
        assert!(gp_value("[1, 2] 3").is_err());
    }

    #[test]
    fn witnesses_exist_for_small_composites_and_not_for_primes() {
        let prime = |n: u64| n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| !n.is_multiple_of(d));
        for n in 0u64..3000 {
            let w = compositeness_witness(&BigInt::from(n));
            assert_eq!(w.is_none(), prime(n), "{n}: {w:?}");
        }
        // Carmichael numbers fool Fermat's test, not these witnesses.
        assert_eq!(compositeness_witness(&BigInt::from(561u32)).unwrap()["kind"], "DIVISOR");
        // A strong pseudoprime to base 2: the witness is base 3.
        assert_eq!(
            compositeness_witness(&BigInt::from(29341u32)).unwrap(),
            json!({"kind": "MILLER_RABIN", "base": "3"})
        );
    }
}
