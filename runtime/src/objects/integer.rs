//! Arbitrary-precision integers in JSON: a JSON integer, or a decimal string for any size.
//!
//! JSON numbers beyond 64 bits arrive as floating point in most parsers, so they are refused
//! with a message asking for a decimal string instead of being silently rounded.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Most decimal digits accepted.
pub const MAX_DIGITS: usize = 100_000;

/// An integer of any size, held as its canonical decimal text (`-?(0|[1-9][0-9]*)`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DecimalInteger(String);

impl DecimalInteger {
    /// Parses decimal text with an optional sign; leading zeros are allowed and removed.
    pub fn parse(text: &str) -> Result<Self, String> {
        let (negative, digits) = match text.as_bytes().first() {
            Some(b'-') => (true, &text[1..]),
            Some(b'+') => (false, &text[1..]),
            _ => (false, text),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("`{}` is not a decimal integer", text.chars().take(40).collect::<String>()));
        }
        if digits.len() > MAX_DIGITS {
            return Err(format!("integers are limited to {MAX_DIGITS} digits"));
        }
        let trimmed = digits.trim_start_matches('0');
        Ok(DecimalInteger(match (trimmed.is_empty(), negative) {
            (true, _) => "0".to_owned(),
            (false, true) => format!("-{trimmed}"),
            (false, false) => trimmed.to_owned(),
        }))
    }

    /// The canonical decimal text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The value as `i64`, when it fits.
    pub fn to_i64(&self) -> Option<i64> {
        self.0.parse().ok()
    }
}

impl From<i64> for DecimalInteger {
    fn from(n: i64) -> Self {
        DecimalInteger(n.to_string())
    }
}

impl fmt::Display for DecimalInteger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for DecimalInteger {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for DecimalInteger {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = DecimalInteger;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an integer, or a decimal string for integers beyond 64 bits")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Self::Value, E> {
                Ok(DecimalInteger(v.to_string()))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Self::Value, E> {
                Ok(DecimalInteger(v.to_string()))
            }
            fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<Self::Value, E> {
                Err(E::custom(
                    "this number is not an exact 64-bit integer; give integers beyond 64 bits as decimal strings",
                ))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
                DecimalInteger::parse(v).map_err(E::custom)
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

impl JsonSchema for DecimalInteger {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "DecimalInteger".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "An integer: a JSON integer within 64 bits, or a decimal string of any size.",
            "type": ["integer", "string"],
            "pattern": "^[+-]?[0-9]+$",
            "maxLength": MAX_DIGITS + 1
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn parses_numbers_and_strings_canonically() {
        let p = |v: serde_json::Value| serde_json::from_value::<DecimalInteger>(v).map(|d| d.0);
        assert_eq!(p(json!(42)).unwrap(), "42");
        assert_eq!(p(json!(-7)).unwrap(), "-7");
        assert_eq!(p(json!(u64::MAX)).unwrap(), u64::MAX.to_string());
        assert_eq!(p(json!("-000123")).unwrap(), "-123");
        assert_eq!(p(json!("+0")).unwrap(), "0");
        assert_eq!(p(json!("-0")).unwrap(), "0");
        assert_eq!(p(json!("123456789012345678901234567890")).unwrap(), "123456789012345678901234567890");
        assert!(p(json!(1.5)).is_err());
        assert!(p(json!(1e30)).is_err());
        assert!(p(json!("12a")).is_err());
        assert!(p(json!("")).is_err());
        assert!(p(json!("-")).is_err());
        assert!(p(json!("9".repeat(MAX_DIGITS + 1))).is_err());
    }
}
