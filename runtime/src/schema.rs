//! JSON Schema (2020-12): compiled once, validated with JSON Pointer diagnostics.
//!
//! Schemas are generated from the typed request and output structs (schemars), so the schema
//! an agent reads and the struct the adapter receives cannot drift apart.

use jsonschema::error::ValidationErrorKind;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::contract::{Diagnostic, pointer_token};

/// Most schema diagnostics reported for one value; the rest are summarized.
const MAX_DIAGNOSTICS: usize = 16;
/// Longest message kept verbatim; longer ones (which echo large values) are masked.
const MAX_MESSAGE_CHARS: usize = 240;

/// A schema compiled for repeated validation.
#[derive(Debug, Clone)]
pub struct CompiledSchema {
    validator: jsonschema::Validator,
}

impl CompiledSchema {
    /// Compiles a 2020-12 schema. Remote references are not fetched. Regular expressions are
    /// compiled once per process: the object schemas that many capabilities share (a decimal
    /// integer's pattern) would otherwise be compiled again for each.
    pub fn compile(schema: &Value) -> Result<Self, String> {
        static PATTERNS: std::sync::LazyLock<jsonschema::PatternCache> =
            std::sync::LazyLock::new(jsonschema::PatternCache::new);
        jsonschema::draft202012::options()
            .with_pattern_cache(PATTERNS.clone())
            .build(schema)
            .map(|validator| CompiledSchema { validator })
            .map_err(|e| format!("schema does not compile: {e}"))
    }

    /// True when `instance` is valid.
    pub fn is_valid(&self, instance: &Value) -> bool {
        self.validator.is_valid(instance)
    }

    /// Every violation in `instance`, as diagnostics whose paths are rooted at `prefix`
    /// (a JSON Pointer such as `/input`). Empty when valid.
    pub fn validate(&self, instance: &Value, prefix: &str) -> Vec<Diagnostic> {
        // The common case, a valid instance, takes the validator's short-circuiting path.
        if self.validator.is_valid(instance) {
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut total = 0usize;
        for error in self.validator.iter_errors(instance) {
            let base = format!("{prefix}{}", error.instance_path().as_str());
            let mut push = |d: Diagnostic| {
                total += 1;
                if out.len() < MAX_DIAGNOSTICS {
                    out.push(d);
                }
            };
            match error.kind() {
                ValidationErrorKind::AdditionalProperties { unexpected }
                | ValidationErrorKind::UnevaluatedProperties { unexpected } => {
                    for name in unexpected {
                        push(Diagnostic::at(
                            format!("{base}/{}", pointer_token(name)),
                            "UNKNOWN_FIELD",
                            format!("unknown field `{name}`: this object accepts only the fields its schema lists"),
                        ));
                    }
                }
                ValidationErrorKind::Required { property } => {
                    let name = property.as_str().map(str::to_owned).unwrap_or_else(|| property.to_string());
                    push(Diagnostic::at(
                        format!("{base}/{}", pointer_token(&name)),
                        "MISSING_FIELD",
                        format!("required field `{name}` is missing"),
                    ));
                }
                _ => {
                    let mut message = error.to_string();
                    if message.chars().count() > MAX_MESSAGE_CHARS {
                        message = error.masked().to_string();
                    }
                    if message.chars().count() > MAX_MESSAGE_CHARS {
                        message = message.chars().take(MAX_MESSAGE_CHARS).collect::<String>() + "…";
                    }
                    let path = if base.is_empty() { "/".to_owned() } else { base };
                    push(Diagnostic::at(path, "SCHEMA_VIOLATION", message));
                }
            }
        }
        if total > out.len() {
            out.push(Diagnostic::error(
                "MORE_VIOLATIONS",
                format!("{} further violations not listed", total - out.len()),
            ));
        }
        out
    }
}

/// The 2020-12 JSON Schema of `T`, as generated from its serde shape, with only standard
/// `format` values (see [`standard_formats`]).
pub fn schema_for<T: JsonSchema>() -> Value {
    let schema = schemars::generate::SchemaSettings::draft2020_12().into_generator().into_root_schema_for::<T>();
    let mut schema = serde_json::to_value(schema).unwrap_or(Value::Bool(false));
    standard_formats(&mut schema);
    schema
}

/// The range a schemars numeric `format` stands for, when it has one that JSON can state.
enum NumericFormat {
    Range(Value, Value),
    Unbounded,
}

fn numeric_format(format: &str) -> Option<NumericFormat> {
    use NumericFormat::{Range, Unbounded};
    let range = |lo: Value, hi: Value| Some(Range(lo, hi));
    match format {
        "int8" => range(i8::MIN.into(), i8::MAX.into()),
        "int16" => range(i16::MIN.into(), i16::MAX.into()),
        "int32" => range(i32::MIN.into(), i32::MAX.into()),
        "int64" | "int" => range(i64::MIN.into(), i64::MAX.into()),
        "uint8" => range(0.into(), u8::MAX.into()),
        "uint16" => range(0.into(), u16::MAX.into()),
        "uint32" => range(0.into(), u32::MAX.into()),
        "uint64" | "uint" => range(0.into(), u64::MAX.into()),
        "int128" | "uint128" | "float" | "double" => Some(Unbounded),
        _ => None,
    }
}

/// Replaces the non-standard numeric `format` values schemars writes (`uint32`, `int64`,
/// `double`, ...), which strict validators warn about, by the `minimum` and `maximum` they
/// stand for; a bound the schema already states is kept. Data keywords are left alone.
pub fn standard_formats(schema: &mut Value) {
    match schema {
        Value::Object(map) => {
            let format = map.get("format").and_then(Value::as_str).and_then(numeric_format);
            if let Some(format) = format {
                map.remove("format");
                if let NumericFormat::Range(lo, hi) = format {
                    map.entry("minimum").or_insert(lo);
                    map.entry("maximum").or_insert(hi);
                }
            }
            for (key, value) in map.iter_mut() {
                match key.as_str() {
                    "const" | "enum" | "default" | "examples" => {}
                    // Maps from names to schemas: a property may be called `examples`.
                    "properties" | "$defs" | "patternProperties" | "dependentSchemas" => {
                        if let Value::Object(named) = value {
                            named.values_mut().for_each(standard_formats);
                        }
                    }
                    _ => standard_formats(value),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(standard_formats),
        _ => {}
    }
}

/// Deserializes an already schema-valid value into its typed form, with the JSON Pointer of
/// the first field serde rejects (numeric ranges the schema did not express, for instance).
pub fn parse_typed<T: DeserializeOwned>(value: &Value, prefix: &str) -> Result<T, Diagnostic> {
    serde_path_to_error::deserialize::<_, T>(value).map_err(|e| {
        let mut path = String::from(prefix);
        for segment in e.path().iter() {
            use serde_path_to_error::Segment;
            match segment {
                Segment::Seq { index } => path.push_str(&format!("/{index}")),
                Segment::Map { key } => path.push_str(&format!("/{}", pointer_token(key))),
                Segment::Enum { variant } => path.push_str(&format!("/{}", pointer_token(variant))),
                Segment::Unknown => {}
            }
        }
        Diagnostic::at(if path.is_empty() { "/".into() } else { path }, "INVALID_VALUE", e.inner().to_string())
    })
}

/// Reports every object subschema that accepts unknown fields. A closed schema names each
/// field (`additionalProperties: false` or `unevaluatedProperties: false`) or types every
/// value of a map (`additionalProperties: {schema}`).
pub fn open_object_schemas(schema: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    walk(schema, "#", &mut problems);
    problems
}

fn walk(schema: &Value, at: &str, problems: &mut Vec<String>) {
    let Value::Object(map) = schema else { return };
    let is_object =
        map.get("type").is_some_and(|t| t == "object" || t.as_array().is_some_and(|a| a.iter().any(|x| x == "object")))
            || map.contains_key("properties");
    if is_object {
        let closed = |key: &str| match map.get(key) {
            Some(Value::Bool(false)) => true,
            Some(Value::Object(_)) => key == "additionalProperties",
            _ => false,
        };
        if !closed("additionalProperties") && !closed("unevaluatedProperties") {
            problems.push(format!("{at} accepts unknown fields"));
        }
    }
    for (key, child) in map {
        match key.as_str() {
            "properties" | "$defs" | "definitions" | "patternProperties" => {
                if let Value::Object(children) = child {
                    for (name, sub) in children {
                        walk(sub, &format!("{at}/{key}/{}", pointer_token(name)), problems);
                    }
                }
            }
            "items" | "additionalProperties" | "not" | "if" | "then" | "else" | "contains" => {
                walk(child, &format!("{at}/{key}"), problems)
            }
            "allOf" | "anyOf" | "oneOf" | "prefixItems" => {
                if let Value::Array(children) = child {
                    for (i, sub) in children.iter().enumerate() {
                        walk(sub, &format!("{at}/{key}/{i}"), problems);
                    }
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Debug, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Inner {
        n: u8,
    }

    #[derive(Debug, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Req {
        name: String,
        items: Vec<Inner>,
        #[serde(default)]
        flag: bool,
    }

    fn check(input: Value, expected: &[(&str, &str)]) {
        let schema = CompiledSchema::compile(&schema_for::<Req>()).unwrap();
        let got: Vec<(String, String)> =
            schema.validate(&input, "/input").into_iter().map(|d| (d.path.unwrap_or_default(), d.code)).collect();
        let want: Vec<(String, String)> = expected.iter().map(|(p, c)| (p.to_string(), c.to_string())).collect();
        assert_eq!(got, want, "for {input}");
    }

    #[test]
    fn diagnostics_point_at_the_offending_value() {
        check(json!({"name": "x", "items": [{"n": 1}]}), &[]);
        check(json!({"name": "x", "items": [], "extra": 1}), &[("/input/extra", "UNKNOWN_FIELD")]);
        check(json!({"items": []}), &[("/input/name", "MISSING_FIELD")]);
        check(json!({"name": "x", "items": [{"n": 1}, {"n": "2"}]}), &[("/input/items/1/n", "SCHEMA_VIOLATION")]);
        check(json!({"name": "x", "items": [{"n": 1, "m/~": 0}]}), &[("/input/items/0/m~1~0", "UNKNOWN_FIELD")]);
        check(json!([]), &[("/input", "SCHEMA_VIOLATION")]);
    }

    #[test]
    fn typed_parse_reports_ranges_the_schema_missed() {
        let err = parse_typed::<Req>(&json!({"name": "x", "items": [{"n": 1}, {"n": 300}]}), "/input").unwrap_err();
        assert_eq!(err.path.as_deref(), Some("/input/items/1/n"));
    }

    #[test]
    fn generated_schemas_of_deny_unknown_fields_structs_are_closed() {
        assert_eq!(open_object_schemas(&schema_for::<Req>()), Vec::<String>::new());
        let open = json!({"type": "object", "properties": {"a": {"type": "object", "properties": {}}}, "additionalProperties": false});
        assert_eq!(open_object_schemas(&open), vec!["#/properties/a accepts unknown fields".to_string()]);
        let map = json!({"type": "object", "additionalProperties": {"type": "integer"}});
        assert!(open_object_schemas(&map).is_empty());
    }

    #[test]
    fn huge_values_are_not_echoed_into_messages() {
        let schema = CompiledSchema::compile(&json!({"type": "integer"})).unwrap();
        let big = Value::String("x".repeat(10_000));
        let d = schema.validate(&big, "");
        assert_eq!(d.len(), 1);
        assert!(d[0].message.chars().count() <= MAX_MESSAGE_CHARS + 1);
        assert_eq!(d[0].path.as_deref(), Some("/"));
    }
}
