//! Integer arithmetic on arbitrary-precision integers (num-bigint).

use std::str::FromStr;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, Placement, PrepareContext};
use jacobian_runtime::contract::{AssuranceLevel, Diagnostic, InputKind, Mode, Provider};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::{Describe, Operation};
use jacobian_runtime::{Digest, Evidence, Scope};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::Signed;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::backends::{NUM_BIGINT_VERSION, bundled_crate};

/// Evidence kind of a gcd with its Bézout coefficients.
pub const GCD_EVIDENCE: &str = "integer.gcd/v1";
/// Semantics of a gcd claim: the non-negative generator of the ideal (a, b); gcd(0, 0) = 0.
pub const GCD_SEMANTICS: &str = "urn:jacobian:semantics:integer-gcd:v1";
/// Certificate format: Bézout coefficients x, y with a·x + b·y = gcd.
pub const BEZOUT_FORMAT: &str = "BEZOUT_V1";

/// `integer.compute.gcd`.
pub struct Gcd;

/// Operands up to this many decimal digits run inline: the extended Euclidean algorithm on
/// them takes microseconds, so handing them to a blocking thread would cost more than the work.
const INLINE_DIGITS: usize = 256;

/// Input of `integer.compute.gcd`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GcdInput {
    /// First integer (a JSON integer, or a decimal string of any size).
    pub a: DecimalInteger,
    /// Second integer.
    pub b: DecimalInteger,
}

/// Bézout coefficients.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Bezout {
    /// Coefficient of a.
    pub x: DecimalInteger,
    /// Coefficient of b.
    pub y: DecimalInteger,
}

/// Output of `integer.compute.gcd`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GcdOutput {
    /// gcd(a, b) ≥ 0, as a decimal string.
    pub gcd: DecimalInteger,
    /// x, y with a·x + b·y = gcd.
    pub bezout: Bezout,
}

/// The value of a validated decimal integer.
pub(crate) fn big(d: &DecimalInteger) -> BigInt {
    // DecimalInteger holds validated decimal text.
    BigInt::from_str(d.as_str()).unwrap_or_default()
}

/// A big integer as a decimal integer.
pub(crate) fn decimal(n: &BigInt) -> DecimalInteger {
    DecimalInteger::parse(&n.to_str_radix(10)).unwrap_or_else(|_| DecimalInteger::from(0))
}

impl Operation for Gcd {
    type Input = GcdInput;
    type Output = GcdOutput;
    type Prepared = (BigInt, BigInt, Value);

    fn describe(&self) -> Describe {
        Describe {
            id: "integer.compute.gcd",
            title: "Greatest common divisor",
            outcome: "The exact greatest common divisor of two integers of any size, with Bézout coefficients.",
            description: "Computes gcd(a, b) ≥ 0 by the extended Euclidean algorithm on arbitrary-precision integers, \
                          and returns x, y with a·x + b·y = gcd(a, b). gcd(0, 0) = 0. Integers beyond 64 bits are \
                          given as decimal strings. In VERIFY mode the Bézout certificate is replayed by an \
                          independent checker.",
            tags: &["integer", "arithmetic", "gcd", "number-theory", "bezout"],
            modes: &[Mode::Explore, Mode::Verify],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[],
            assurance_ceiling: AssuranceLevel::Verified,
            scope_rule: "Exactly the two given integers; nothing about other pairs.",
            read_only: true,
            writes_artifacts: false,
            evidence_kinds: &[GCD_EVIDENCE],
            relationships: &[],
        }
    }

    fn provider(&self) -> Provider {
        bundled_crate("num-bigint", NUM_BIGINT_VERSION, "MIT OR Apache-2.0", include_str!("integer.rs"), &[])
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("gcd of two small integers", Mode::Explore, json!({"a": 84, "b": 36})),
            (
                "a checked gcd of large integers",
                Mode::Verify,
                json!({"a": "123456789012345678901234567890", "b": "987654321098765432109876543210"}),
            ),
        ]
    }

    fn prepare(&self, input: GcdInput, _cx: &PrepareContext) -> Result<Self::Prepared, Vec<Diagnostic>> {
        let canonical = json!({"a": input.a, "b": input.b});
        Ok((big(&input.a), big(&input.b), canonical))
    }

    fn placement(&self, (_, _, canonical): &Self::Prepared) -> Placement {
        let digits = |v: &Value| v.as_str().map_or(usize::MAX, str::len);
        if digits(&canonical["a"]) <= INLINE_DIGITS && digits(&canonical["b"]) <= INLINE_DIGITS {
            Placement::Inline
        } else {
            Placement::Blocking
        }
    }

    fn run(&self, (a, b, canonical): Self::Prepared, ctx: &AdapterContext) -> Result<Outcome<GcdOutput>, AdapterError> {
        let e = a.extended_gcd(&b);
        // extended_gcd returns a non-negative gcd for signed inputs; keep the identity exact.
        let (g, x, y) = if e.gcd.is_negative() { (-e.gcd, -e.x, -e.y) } else { (e.gcd, e.x, e.y) };
        debug_assert_eq!(&a * &x + &b * &y, g);
        let output = GcdOutput { gcd: decimal(&g), bezout: Bezout { x: decimal(&x), y: decimal(&y) } };
        let scope = Scope::exact_input("gcd of exactly the given pair", Digest::of_value(&canonical));
        if ctx.mode != Mode::Verify {
            return Ok(Outcome::computed(output, scope));
        }
        let evidence = Evidence {
            kind: GCD_EVIDENCE.into(),
            claim: json!({"a": canonical["a"], "b": canonical["b"], "gcd": output.gcd}),
            semantics: GCD_SEMANTICS.into(),
            candidate: json!({"gcd": output.gcd, "x": output.bezout.x, "y": output.bezout.y}),
            scope: scope.clone(),
            certificate_format: BEZOUT_FORMAT.into(),
            artifacts: vec![],
        };
        Ok(Outcome::computed(output, scope).evidence(evidence))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn gcd_of(a: i128, b: i128) -> (BigInt, BigInt, BigInt) {
        let e = BigInt::from(a).extended_gcd(&BigInt::from(b));
        let (g, x, y) = if e.gcd.is_negative() { (-e.gcd, -e.x, -e.y) } else { (e.gcd, e.x, e.y) };
        (g, x, y)
    }

    /// Brute force: the largest d ≤ max(|a|, |b|) dividing both.
    fn brute(a: i64, b: i64) -> i64 {
        let (a, b) = (a.abs(), b.abs());
        (1..=a.max(b)).rev().find(|d| a % d == 0 && b % d == 0).unwrap_or(0)
    }

    proptest! {
        #[test]
        fn agrees_with_brute_force_and_bezout_holds(a in -3000i64..3000, b in -3000i64..3000) {
            let (g, x, y) = gcd_of(a as i128, b as i128);
            prop_assert_eq!(g.clone(), BigInt::from(brute(a, b)));
            prop_assert_eq!(BigInt::from(a) * x + BigInt::from(b) * y, g);
        }
    }
}
