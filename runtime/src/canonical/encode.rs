//! Canonical JSON written straight from a [`Serialize`] value, with no `serde_json::Value` tree
//! in between: everything is written as it comes, and the entries of a map or struct whose keys
//! came out of order are put in order when it ends. The bytes are those of
//! [`to_canonical_vec`](super::to_canonical_vec) over `serde_json::to_value`, mapping for
//! mapping (a test holds the two equal on arbitrary values, typed values and every bundled
//! descriptor): floats as `serde_json` writes them, non-finite ones as `null`, 128-bit integers
//! only when 64 bits hold them, map keys from strings, characters, booleans and numbers, and of
//! a repeated key the last value.

use std::borrow::Cow;
use std::ops::Range;

use serde::Serialize;
use serde::ser::{self, Error as _, Impossible};
use serde_json::Error;

/// Appends the canonical encoding of `value` to `out`.
pub(super) fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
    value.serialize(Encoder { out })
}

struct Encoder<'a> {
    out: &'a mut Vec<u8>,
}

impl Encoder<'_> {
    /// Writes what `serde_json` writes for a scalar (a number, a string, a boolean).
    fn scalar<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        serde_json::to_writer(&mut *self.out, value)
    }

    /// Opens `{"variant":` for an enum variant with content; [`Entries::end`] closes it.
    fn variant(self, variant: &'static str) -> Result<Self, Error> {
        self.out.push(b'{');
        serde_json::to_writer(&mut *self.out, variant)?;
        self.out.push(b':');
        Ok(self)
    }
}

/// A sequence, written element by element.
struct Items<'a> {
    out: &'a mut Vec<u8>,
    first: bool,
    /// Whether a variant's `}` follows the `]`.
    variant: bool,
}

impl Items<'_> {
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        if !self.first {
            self.out.push(b',');
        }
        self.first = false;
        write(value, self.out)
    }

    fn end(self) -> Result<(), Error> {
        self.out.push(b']');
        if self.variant {
            self.out.push(b'}');
        }
        Ok(())
    }
}

/// A map or struct: each entry is written as it comes, and if the keys did not come in order
/// (a struct's fields), the entries are put in order at the end.
struct Entries<'a> {
    out: &'a mut Vec<u8>,
    /// Where the first entry starts (after the `{`).
    start: usize,
    /// Each entry's key and where its `"key":value` lies in `out`.
    entries: Vec<(Cow<'static, str>, Range<usize>)>,
    key: Option<String>,
    /// Whether a variant's `}` follows.
    variant: bool,
}

impl<'a> Entries<'a> {
    fn open(out: &'a mut Vec<u8>, len: usize, variant: bool) -> Self {
        out.push(b'{');
        let start = out.len();
        Entries { out, start, entries: Vec::with_capacity(len), key: None, variant }
    }

    fn entry<T: Serialize + ?Sized>(&mut self, key: Cow<'static, str>, value: &T) -> Result<(), Error> {
        if !self.entries.is_empty() {
            self.out.push(b',');
        }
        let from = self.out.len();
        serde_json::to_writer(&mut *self.out, &*key)?;
        self.out.push(b':');
        write(value, self.out)?;
        self.entries.push((key, from..self.out.len()));
        Ok(())
    }

    fn end(self) -> Result<(), Error> {
        let Entries { out, start, mut entries, variant, .. } = self;
        let ordered = entries.windows(2).all(|w| w[0].0.as_bytes() < w[1].0.as_bytes());
        if !ordered {
            // A stable sort keeps a repeated key's values in order; the last one stands.
            entries.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
            let mut sorted = Vec::with_capacity(out.len() - start);
            for (i, (key, span)) in entries.iter().enumerate() {
                if entries.get(i + 1).is_some_and(|next| next.0 == *key) {
                    continue;
                }
                if !sorted.is_empty() {
                    sorted.push(b',');
                }
                sorted.extend_from_slice(&out[span.clone()]);
            }
            out.truncate(start);
            out.extend_from_slice(&sorted);
        }
        out.push(b'}');
        if variant {
            out.push(b'}');
        }
        Ok(())
    }
}

/// Methods for scalars that `serde_json` writes as a `Value` of them would be written.
macro_rules! written_as_json {
    ($($method:ident: $t:ty),*) => {$(
        fn $method(self, v: $t) -> Result<(), Error> {
            self.scalar(&v)
        }
    )*};
}

impl<'a> ser::Serializer for Encoder<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Items<'a>;
    type SerializeTuple = Items<'a>;
    type SerializeTupleStruct = Items<'a>;
    type SerializeTupleVariant = Items<'a>;
    type SerializeMap = Entries<'a>;
    type SerializeStruct = Entries<'a>;
    type SerializeStructVariant = Entries<'a>;

    written_as_json!(serialize_bool: bool, serialize_i8: i8, serialize_i16: i16, serialize_i32: i32,
        serialize_i64: i64, serialize_u8: u8, serialize_u16: u16, serialize_u32: u32, serialize_u64: u64,
        serialize_f64: f64, serialize_char: char);

    fn serialize_i128(self, v: i128) -> Result<(), Error> {
        match (i64::try_from(v), u64::try_from(v)) {
            (Ok(n), _) => self.scalar(&n),
            (_, Ok(n)) => self.scalar(&n),
            _ => Err(Error::custom("number out of range")),
        }
    }
    fn serialize_u128(self, v: u128) -> Result<(), Error> {
        match u64::try_from(v) {
            Ok(n) => self.scalar(&n),
            Err(_) => Err(Error::custom("number out of range")),
        }
    }
    // A `Value` holds an `f32` as the `f64` it widens to.
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        self.scalar(&f64::from(v))
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.scalar(v)
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        self.scalar(v)
    }
    fn serialize_none(self) -> Result<(), Error> {
        self.out.extend_from_slice(b"null");
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.serialize_none()
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Error> {
        self.serialize_none()
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<(), Error> {
        self.scalar(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        let this = self.variant(variant)?;
        write(value, this.out)?;
        this.out.push(b'}');
        Ok(())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Items<'a>, Error> {
        self.out.push(b'[');
        Ok(Items { out: self.out, first: true, variant: false })
    }
    fn serialize_tuple(self, len: usize) -> Result<Items<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Items<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Items<'a>, Error> {
        let this = self.variant(variant)?;
        this.out.push(b'[');
        Ok(Items { out: this.out, first: true, variant: true })
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Entries<'a>, Error> {
        Ok(Entries::open(self.out, len.unwrap_or(0), false))
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Entries<'a>, Error> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Entries<'a>, Error> {
        let this = self.variant(variant)?;
        Ok(Entries::open(this.out, len, true))
    }
}

/// The element methods of serde's four sequence shapes, all writing in order.
macro_rules! sequence {
    ($($shape:ident::$method:ident),*) => {$(
        impl ser::$shape for Items<'_> {
            type Ok = ();
            type Error = Error;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                self.element(value)
            }
            fn end(self) -> Result<(), Error> {
                Items::end(self)
            }
        }
    )*};
}
sequence!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

/// The field methods of serde's two struct shapes.
macro_rules! fields {
    ($($shape:ident),*) => {$(
        impl ser::$shape for Entries<'_> {
            type Ok = ();
            type Error = Error;
            fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
                self.entry(Cow::Borrowed(key), value)
            }
            fn end(self) -> Result<(), Error> {
                Entries::end(self)
            }
        }
    )*};
}
fields!(SerializeStruct, SerializeStructVariant);

impl ser::SerializeMap for Entries<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.key = Some(key.serialize(Key)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let key = self.key.take().ok_or_else(|| Error::custom("a map value came before its key"))?;
        self.entry(Cow::Owned(key), value)
    }
    fn end(self) -> Result<(), Error> {
        Entries::end(self)
    }
}

/// Key methods for scalars that name a key by their text.
macro_rules! named_by_display {
    ($($method:ident: $t:ty),*) => {$(
        fn $method(self, v: $t) -> Result<String, Error> {
            Ok(v.to_string())
        }
    )*};
}

/// A map key, as `serde_json::to_value` reads one: a string, or a character, boolean or number
/// written as a string.
struct Key;

fn key_must_be_a_string() -> Error {
    Error::custom("key must be a string")
}

impl ser::Serializer for Key {
    type Ok = String;
    type Error = Error;
    type SerializeSeq = Impossible<String, Error>;
    type SerializeTuple = Impossible<String, Error>;
    type SerializeTupleStruct = Impossible<String, Error>;
    type SerializeTupleVariant = Impossible<String, Error>;
    type SerializeMap = Impossible<String, Error>;
    type SerializeStruct = Impossible<String, Error>;
    type SerializeStructVariant = Impossible<String, Error>;

    named_by_display!(serialize_bool: bool, serialize_i8: i8, serialize_i16: i16, serialize_i32: i32,
        serialize_i64: i64, serialize_i128: i128, serialize_u8: u8, serialize_u16: u16, serialize_u32: u32,
        serialize_u64: u64, serialize_u128: u128, serialize_char: char, serialize_str: &str);

    // Finite floats as `serde_json` writes them (an `f32` in its own shortest form).
    fn serialize_f32(self, v: f32) -> Result<String, Error> {
        if v.is_finite() { serde_json::to_string(&v) } else { Err(Error::custom("float key must be finite")) }
    }
    fn serialize_f64(self, v: f64) -> Result<String, Error> {
        if v.is_finite() { serde_json::to_string(&v) } else { Err(Error::custom("float key must be finite")) }
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<String, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_none(self) -> Result<String, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<String, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_unit(self) -> Result<String, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<String, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<String, Error> {
        Ok(variant.to_owned())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Result<String, Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<String, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(key_must_be_a_string())
    }
}
