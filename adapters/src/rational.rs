//! Exact rational numbers in JSON: a JSON integer, or a string `p/q` or `p` of any size, held
//! in lowest terms with a positive denominator.

use std::fmt;

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Most characters of a rational's text.
pub const MAX_LENGTH: usize = 20_001;

/// A rational number in canonical text: `-3/4`, `5`, `0` (lowest terms, denominator > 1 or
/// absent).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Rational(String);

impl Rational {
    /// The integer `n`.
    pub fn integer(n: &BigInt) -> Self {
        Rational(n.to_string())
    }

    /// `n / d` in lowest terms; `d` must not be zero.
    pub fn fraction(n: &BigInt, d: &BigInt) -> Self {
        let g = n.gcd(d);
        let (mut n, mut d) = if g.is_zero() { (n.clone(), d.clone()) } else { (n / &g, d / &g) };
        if d.is_negative() {
            n = -n;
            d = -d;
        }
        if d.is_one() { Rational(n.to_string()) } else { Rational(format!("{n}/{d}")) }
    }

    /// Parses `p`, `p/q` (signs allowed on p only), reducing to lowest terms.
    pub fn parse(text: &str) -> Result<Self, String> {
        if text.len() > MAX_LENGTH {
            return Err(format!("rationals are limited to {MAX_LENGTH} characters"));
        }
        let bad = || format!("`{}` is not a rational p/q", text.chars().take(40).collect::<String>());
        let int = |t: &str, signed: bool| -> Option<BigInt> {
            let digits = if signed { t.strip_prefix(['-', '+']).unwrap_or(t) } else { t };
            (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then(|| t.parse().ok())?
        };
        let (n, d) = match text.split_once('/') {
            Some((n, d)) => (int(n, true).ok_or_else(bad)?, int(d, false).ok_or_else(bad)?),
            None => (int(text, true).ok_or_else(bad)?, BigInt::one()),
        };
        if d.is_zero() {
            return Err("the denominator of a rational is not zero".into());
        }
        Ok(Rational::fraction(&n, &d))
    }

    /// Numerator and (positive) denominator.
    pub fn parts(&self) -> (BigInt, BigInt) {
        let parse = |t: &str| t.parse::<BigInt>().unwrap_or_default();
        match self.0.split_once('/') {
            Some((n, d)) => (parse(n), parse(d)),
            None => (parse(&self.0), BigInt::one()),
        }
    }

    /// Whether the denominator is 1.
    pub fn is_integer(&self) -> bool {
        !self.0.contains('/')
    }

    /// The canonical text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The value as an exact rational for arithmetic.
    pub fn value(&self) -> jacobian_runtime::objects::polynomial::Rat {
        let (n, d) = self.parts();
        jacobian_runtime::objects::polynomial::Rat::new(n, d)
    }

    /// The rational `r`, in canonical text.
    pub fn of(r: &jacobian_runtime::objects::polynomial::Rat) -> Self {
        Rational::fraction(r.numer(), r.denom())
    }
}

impl fmt::Display for Rational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for Rational {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Rational {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Rational;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a rational: a JSON integer, or a string \"p/q\"")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Rational, E> {
                Ok(Rational(v.to_string()))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Rational, E> {
                Ok(Rational(v.to_string()))
            }
            fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<Rational, E> {
                Err(E::custom("give a rational as a string \"p/q\"; floating-point numbers are not exact"))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Rational, E> {
                Rational::parse(v).map_err(E::custom)
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

impl JsonSchema for Rational {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Rational".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A rational number: a JSON integer within 64 bits, or a string \"p/q\" or \"p\" of any size.",
            "type": ["integer", "string"],
            "pattern": "^[+-]?[0-9]+(/[0-9]+)?$",
            "maxLength": MAX_LENGTH
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn parses_to_lowest_terms_and_refuses_what_is_not_exact() {
        let p = |v: serde_json::Value| serde_json::from_value::<Rational>(v).map(|r| r.0);
        assert_eq!(p(json!("6/-4")).ok(), None);
        assert_eq!(p(json!("-6/4")).unwrap(), "-3/2");
        assert_eq!(p(json!("+10/5")).unwrap(), "2");
        assert_eq!(p(json!("0/7")).unwrap(), "0");
        assert_eq!(p(json!(-7)).unwrap(), "-7");
        assert!(p(json!("1/0")).is_err());
        assert!(p(json!(0.5)).is_err());
        assert!(p(json!("1/2/3")).is_err());
        assert!(p(json!("/2")).is_err());
        assert_eq!(Rational::parse("-3/4").unwrap().parts(), (BigInt::from(-3), BigInt::from(4)));
    }
}
