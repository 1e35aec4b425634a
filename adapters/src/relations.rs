//! Claims in `integer.relations/v1`: equalities, inequalities and divisibilities between integer
//! expressions (sums, products and powers of integers) that `jacobian.check.integer_relations`
//! re-evaluates with its own arithmetic.

use num_bigint::BigInt;
use serde_json::{Value, json};

use crate::cas::Claim;

/// Evidence kind of integer relations.
pub const EVIDENCE: &str = "integer.relations/v1";
const SEMANTICS: &str = "urn:jacobian:semantics:integer-relations-hold:v1";
const FORMAT: &str = "INTEGER_RELATIONS_V1";

/// An integer leaf.
pub fn int(n: &BigInt) -> Value {
    Value::String(n.to_string())
}

/// A small integer leaf.
pub fn small(n: i64) -> Value {
    Value::String(n.to_string())
}

/// Σ items.
pub fn sum(items: Vec<Value>) -> Value {
    json!({ "sum": items })
}

/// ∏ items.
pub fn product(items: Vec<Value>) -> Value {
    json!({ "product": items })
}

/// base^k.
pub fn power(base: Value, k: u32) -> Value {
    json!({ "power": [base, k] })
}

/// left = right.
pub fn equal(left: Value, right: Value) -> Value {
    json!({"kind": "equal", "left": left, "right": right})
}

/// left < right.
pub fn less(left: Value, right: Value) -> Value {
    json!({"kind": "less", "left": left, "right": right})
}

/// left ≤ right.
pub fn less_equal(left: Value, right: Value) -> Value {
    json!({"kind": "less_equal", "left": left, "right": right})
}

/// left divides right.
pub fn divides(left: Value, right: Value) -> Value {
    json!({"kind": "divides", "left": left, "right": right})
}

/// left does not divide right.
pub fn not_divides(left: Value, right: Value) -> Value {
    json!({"kind": "not_divides", "left": left, "right": right})
}

/// The claim that every relation holds.
pub fn claim(relations: Vec<Value>) -> Claim {
    Claim {
        kind: EVIDENCE,
        semantics: SEMANTICS,
        format: FORMAT,
        claim: json!({ "relations": relations }),
        candidate: json!({}),
    }
}
