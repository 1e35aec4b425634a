//! Canonical JSON and SHA-256 digests: equal values get equal bytes, so equal digests.
//!
//! The canonical encoding is compact JSON with object keys sorted by their UTF-8 bytes and
//! strings escaped the way `serde_json` escapes them. It does not depend on whether
//! `serde_json` was built with `preserve_order`: keys are sorted here, explicitly.

mod encode;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use sha2::{Digest as _, Sha256};

/// Encodes `value` canonically: compact, keys sorted, no insignificant whitespace.
pub fn to_canonical_vec(value: &Value) -> Vec<u8> {
    let mut out = Vec::with_capacity(128);
    write_canonical(value, &mut out);
    out
}

/// [`to_canonical_vec`] as a `String`.
pub fn to_canonical_string(value: &Value) -> String {
    // The encoder writes only what serde_json writes for strings and numbers, which is UTF-8.
    String::from_utf8(to_canonical_vec(value)).unwrap_or_default()
}

/// The canonical encoding of a serializable value: the bytes of [`to_canonical_vec`] over
/// `serde_json::to_value(value)`, written without building the `Value`.
pub fn canonical_bytes_of<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, serde_json::Error> {
    let mut out = Vec::with_capacity(128);
    encode::write(value, &mut out)?;
    Ok(out)
}

fn write_canonical(value: &Value, out: &mut Vec<u8>) {
    match value {
        Value::Null | Value::Bool(_) | Value::Number(_) | Value::String(_) => {
            // Writing a scalar into a Vec cannot fail.
            let _ = serde_json::to_writer(&mut *out, value);
        }
        Value::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_canonical(item, out);
            }
            out.push(b']');
        }
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
            out.push(b'{');
            for (i, (key, item)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                let _ = serde_json::to_writer(&mut *out, key);
                out.push(b':');
                write_canonical(item, out);
            }
            out.push(b'}');
        }
    }
}

/// A SHA-256 digest. Displays as 64 lowercase hex digits; serializes as `sha256:<hex>`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Digest([u8; 32]);

impl Digest {
    /// The digest of `bytes`.
    pub fn of_bytes(bytes: &[u8]) -> Self {
        Digest(Sha256::digest(bytes).into())
    }

    /// The digest of the canonical encoding of `value`.
    pub fn of_value(value: &Value) -> Self {
        Self::of_bytes(&to_canonical_vec(value))
    }

    /// The digest of the canonical encoding of a serializable value.
    pub fn of_serialize<T: Serialize + ?Sized>(value: &T) -> Result<Self, serde_json::Error> {
        Ok(Self::of_bytes(&canonical_bytes_of(value)?))
    }

    /// The digest of the compact JSON encoding of a typed value, streamed into the hash
    /// without building an intermediate tree. Deterministic for types whose field order is
    /// fixed and whose maps are ordered (structs, `BTreeMap`, and `serde_json::Value`, whose
    /// maps are sorted: a test in this module fails if `preserve_order` is ever enabled).
    /// Used for the runtime's own digests (requests, results); stored objects use
    /// [`Digest::of_value`].
    pub fn of_json<T: Serialize + ?Sized>(value: &T) -> Self {
        struct Hashing<'a>(&'a mut Sha256);
        impl std::io::Write for Hashing<'_> {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                self.0.update(buf);
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let mut hasher = Sha256::new();
        // Writing into a hasher cannot fail; a serializer error (a non-string map key) leaves
        // a digest of the prefix, which is still deterministic.
        let _ = serde_json::to_writer(Hashing(&mut hasher), value);
        Digest(hasher.finalize().into())
    }

    /// The raw 32 bytes.
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// 64 lowercase hex digits.
    pub fn hex(&self) -> String {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        let mut s = String::with_capacity(64);
        for b in self.0 {
            s.push(HEX[(b >> 4) as usize] as char);
            s.push(HEX[(b & 15) as usize] as char);
        }
        s
    }

    /// Parses exactly 64 lowercase hex digits.
    pub fn from_hex(hex: &str) -> Option<Self> {
        let bytes = hex.as_bytes();
        if bytes.len() != 64 {
            return None;
        }
        let nibble = |c: u8| match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            _ => None,
        };
        let mut out = [0u8; 32];
        for (i, pair) in bytes.chunks_exact(2).enumerate() {
            out[i] = (nibble(pair[0])? << 4) | nibble(pair[1])?;
        }
        Some(Digest(out))
    }

    /// The prefixed text form, `sha256:<hex>`.
    pub fn prefixed(&self) -> String {
        format!("sha256:{}", self.hex())
    }
}

impl fmt::Display for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.hex())
    }
}

impl fmt::Debug for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Digest({})", self.hex())
    }
}

impl FromStr for Digest {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let hex = s.strip_prefix("sha256:").unwrap_or(s);
        Digest::from_hex(hex).ok_or_else(|| format!("`{s}` is not a SHA-256 digest (64 lowercase hex digits)"))
    }
}

impl Serialize for Digest {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.prefixed())
    }
}

impl<'de> Deserialize<'de> for Digest {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let s = String::deserialize(deserializer)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

impl schemars::JsonSchema for Digest {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Digest".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "pattern": "^sha256:[0-9a-f]{64}$",
            "description": "A SHA-256 digest of a canonical encoding."
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    #[test]
    fn sorts_keys_recursively_and_drops_whitespace() {
        let v: Value = serde_json::from_str(r#" { "b" : [ 1 , { "z":1, "a":2 } ], "a": "x\n" } "#).unwrap();
        assert_eq!(to_canonical_string(&v), r#"{"a":"x\n","b":[1,{"a":2,"z":1}]}"#);
    }

    #[test]
    fn hex_round_trips_and_rejects_uppercase() {
        let d = Digest::of_bytes(b"abc");
        assert_eq!(d.hex(), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_eq!(Digest::from_hex(&d.hex()), Some(d));
        assert_eq!(Digest::from_hex(&d.hex().to_uppercase()), None);
        assert_eq!(d.prefixed().parse::<Digest>(), Ok(d));
    }

    fn arb_json() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(|n| json!(n)),
            "[a-z\\\\\"\u{e9}\u{1F600} ]{0,8}".prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 48, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
                prop::collection::btree_map("[a-zA-Z_\u{e9}]{0,6}", inner, 0..6)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    /// Re-serializes `v` with keys in reverse order and arbitrary whitespace.
    fn scrambled(v: &Value, ws: &str) -> String {
        match v {
            Value::Array(items) => {
                let parts: Vec<String> = items.iter().map(|i| scrambled(i, ws)).collect();
                format!("[{ws}{}{ws}]", parts.join(&format!("{ws},{ws}")))
            }
            Value::Object(map) => {
                let mut parts: Vec<String> = map
                    .iter()
                    .map(|(k, i)| format!("{}{ws}:{ws}{}", serde_json::to_string(k).unwrap(), scrambled(i, ws)))
                    .collect();
                parts.reverse();
                format!("{{{ws}{}{ws}}}", parts.join(&format!("{ws},{ws}")))
            }
            scalar => serde_json::to_string(scalar).unwrap(),
        }
    }

    #[test]
    fn json_maps_are_sorted_so_streamed_digests_are_deterministic() {
        // If a dependency ever enables serde_json's `preserve_order`, this fails, and
        // `Digest::of_json` would depend on the key order of its input.
        let a: Value = serde_json::from_str(r#"{"b":1,"a":{"d":2,"c":3}}"#).unwrap();
        assert_eq!(serde_json::to_string(&a).unwrap(), r#"{"a":{"c":3,"d":2},"b":1}"#);
        let b: Value = serde_json::from_str(r#"{"a":{"c":3,"d":2},"b":1}"#).unwrap();
        assert_eq!(Digest::of_json(&a), Digest::of_json(&b));
        assert_eq!(Digest::of_json(&a), Digest::of_value(&a), "for JSON values both encodings agree");
    }

    /// A value of every shape serde describes, for the direct encoder against `to_value`.
    #[derive(Serialize)]
    struct Typed {
        zeta: Option<u8>,
        alpha: Vec<Shape>,
        #[serde(skip_serializing_if = "Option::is_none")]
        skipped: Option<u8>,
        by_number: std::collections::BTreeMap<i32, char>,
        by_shape: std::collections::BTreeMap<Shape, bool>,
        big: (u128, i128),
        bytes: serde_bytes_like::Bytes,
        unit: (),
        marker: Marker,
        newtype: Newtype,
        #[serde(flatten)]
        flat: std::collections::BTreeMap<String, f32>,
    }

    mod serde_bytes_like {
        /// Serialized through `serialize_bytes`.
        pub struct Bytes(pub Vec<u8>);
        impl serde::Serialize for Bytes {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_bytes(&self.0)
            }
        }
    }

    #[derive(Serialize)]
    struct Marker;

    #[derive(Serialize)]
    struct Newtype(String);

    #[derive(Serialize, PartialEq, Eq, PartialOrd, Ord)]
    enum Shape {
        Unit,
        Wrapped(i64),
        Pair(u8, String),
        Named { z: f64_bits::Bits, a: bool },
    }

    mod f64_bits {
        /// An `f64` that can sit in an ordered enum.
        #[derive(PartialEq, Eq, PartialOrd, Ord)]
        pub struct Bits(pub u64);
        impl serde::Serialize for Bits {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_f64(f64::from_bits(self.0))
            }
        }
    }

    impl Typed {
        fn sample(x: f64, y: f32) -> Self {
            Typed {
                zeta: None,
                alpha: vec![
                    Shape::Unit,
                    Shape::Wrapped(-7),
                    Shape::Pair(3, "é\"\n".into()),
                    Shape::Named { z: f64_bits::Bits(x.to_bits()), a: true },
                ],
                skipped: None,
                by_number: [(-3, 'x'), (12, '\u{1F600}'), (2, '"')].into_iter().collect(),
                by_shape: [(Shape::Unit, true)].into_iter().collect(),
                big: (u128::from(u64::MAX), i128::from(i64::MIN)),
                bytes: serde_bytes_like::Bytes(vec![0, 255, 7]),
                unit: (),
                marker: Marker,
                newtype: Newtype("n".into()),
                flat: [("m".to_owned(), y), ("zeta2".to_owned(), 0.1)].into_iter().collect(),
            }
        }
    }

    #[test]
    fn the_direct_encoding_refuses_what_to_value_refuses() {
        assert!(canonical_bytes_of(&u128::MAX).is_err() && serde_json::to_value(u128::MAX).is_err());
        let by_list: std::collections::BTreeMap<Vec<u8>, u8> = [(vec![1], 1)].into_iter().collect();
        assert!(canonical_bytes_of(&by_list).is_err() && serde_json::to_value(&by_list).is_err());
        // Of a repeated key, the last value stands, as in a map built by inserting.
        struct Repeated;
        impl Serialize for Repeated {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_map([("b", 1), ("a", 2), ("b", 3)])
            }
        }
        assert_eq!(canonical_bytes_of(&Repeated).unwrap(), br#"{"a":2,"b":3}"#);
        assert_eq!(to_canonical_vec(&serde_json::to_value(&Repeated).unwrap()), br#"{"a":2,"b":3}"#);
    }

    proptest! {
        #[test]
        fn digest_is_stable_under_key_order_and_whitespace(v in arb_json(), ws in "[ \t\n\r]{0,3}") {
            let text = scrambled(&v, &ws);
            let reparsed: Value = serde_json::from_str(&text).unwrap();
            prop_assert_eq!(Digest::of_value(&reparsed), Digest::of_value(&v));
            prop_assert_eq!(to_canonical_vec(&reparsed), to_canonical_vec(&v));
            // The canonical text parses back to the same value.
            let back: Value = serde_json::from_slice(&to_canonical_vec(&v)).unwrap();
            prop_assert_eq!(back, v);
        }

        #[test]
        fn the_direct_encoding_is_the_value_encoding(v in arb_json(), x in any::<f64>(), y in any::<f32>()) {
            let mut v = v;
            if let Value::Object(map) = &mut v {
                map.insert("x".into(), json!(x));
            }
            prop_assert_eq!(canonical_bytes_of(&v).unwrap(), to_canonical_vec(&serde_json::to_value(&v).unwrap()));
            let typed = Typed::sample(x, y);
            prop_assert_eq!(
                canonical_bytes_of(&typed).unwrap(),
                to_canonical_vec(&serde_json::to_value(&typed).unwrap())
            );
        }

        #[test]
        fn different_values_get_different_encodings(a in arb_json(), b in arb_json()) {
            prop_assume!(a != b);
            prop_assert_ne!(to_canonical_vec(&a), to_canonical_vec(&b));
        }
    }
}
