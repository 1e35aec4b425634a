//! Integer operations computed in-process with num-bigint, each answer a set of integer
//! relations that `jacobian.check.integer_relations` re-evaluates in VERIFY mode.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::cas::{self, Answer, Query};
use crate::integer::{big, decimal};
use crate::relations::{self as rel, int};

/// Most digits of an operand.
pub const MAX_DIGITS: usize = 10_000;
/// Most digits of n when its digits in another base are listed.
pub const BASE_DIGITS_MAX: usize = 1_000;
/// Largest n whose primorial is computed.
pub const PRIMORIAL_MAX: u64 = 100_000;
/// Largest root index.
pub const MAX_ROOT_INDEX: u32 = 100_000;

fn describe(
    id: &'static str,
    title: &'static str,
    outcome: &'static str,
    text: &'static str,
    tags: &'static [&'static str],
) -> Describe {
    cas::checked(
        Describe { scope_rule: "Exactly the given integers.", ..cas::describe(id, title, outcome, text, tags) },
        &[rel::EVIDENCE],
    )
}

fn native() -> Provider {
    cas::native(include_str!("integers.rs"))
}

fn bound(values: &[(&DecimalInteger, String)], max: usize) -> Result<(), Refusal> {
    values.iter().try_for_each(|(v, path)| cas::digit_bound(v, max, path))
}

/// Input of `integer.compute.lcm`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LcmInput {
    /// One to 1,000 integers of up to 10,000 digits each.
    #[schemars(length(min = 1, max = 1000))]
    pub values: Vec<DecimalInteger>,
}

/// Output of `integer.compute.lcm`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LcmOutput {
    /// The least non-negative common multiple (0 when a value is 0).
    pub lcm: DecimalInteger,
}

/// `integer.compute.lcm`.
pub struct Lcm;

impl Query for Lcm {
    type Input = LcmInput;
    type Output = LcmOutput;

    fn describe(&self) -> Describe {
        describe(
            "integer.compute.lcm",
            "Least common multiple",
            "The least common multiple of a list of integers.",
            "lcm of one to 1,000 integers of up to 10,000 digits (0 when any is 0). VERIFY replays that every value \
             divides it and that the cofactors lcm/aᵢ have gcd 1 through Bézout coefficients, which makes it the least.",
            &["integer", "number-theory", "lcm", "least-common-multiple", "multiple"],
        )
    }
    fn provider(&self) -> Provider {
        native()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("lcm of 4, 6 and 10", Mode::Verify, json!({"values": [4, 6, 10]}))]
    }
    fn bounds(&self, i: &LcmInput) -> Result<(), Refusal> {
        let paths: Vec<_> = i.values.iter().enumerate().map(|(k, v)| (v, format!("/values/{k}"))).collect();
        bound(&paths, MAX_DIGITS)
    }
    fn answer(&self, i: &LcmInput, _: &AdapterContext) -> Result<Answer<LcmOutput>, AdapterError> {
        let values: Vec<BigInt> = i.values.iter().map(big).collect();
        if let Some(zero) = values.iter().find(|v| v.is_zero()) {
            let relations = vec![rel::equal(int(zero), rel::small(0))];
            return Ok(Answer::from(LcmOutput { lcm: 0.into() }).claim(rel::claim(relations)));
        }
        let l = values.iter().fold(BigInt::one(), |l, v| l.lcm(v));
        // Bézout coefficients of the cofactors l/aᵢ, whose gcd is 1 exactly when l is least.
        let cofactors: Vec<BigInt> = values.iter().map(|v| &l / v.abs()).collect();
        let (mut g, mut coefficients) = (BigInt::zero(), vec![]);
        for q in &cofactors {
            let e = g.extended_gcd(q);
            coefficients.iter_mut().for_each(|c: &mut BigInt| *c *= &e.x);
            coefficients.push(e.y);
            g = e.gcd;
        }
        let mut relations = vec![rel::less(rel::small(0), int(&l))];
        for (v, q) in values.iter().zip(&cofactors) {
            relations.push(rel::equal(rel::product(vec![int(&v.abs()), int(q)]), int(&l)));
        }
        let terms = coefficients.iter().zip(&cofactors).map(|(c, q)| rel::product(vec![int(c), int(q)])).collect();
        relations.push(rel::equal(rel::sum(terms), rel::small(1)));
        Ok(Answer::from(LcmOutput { lcm: decimal(&l) }).claim(rel::claim(relations)))
    }
}

/// Input of `integer.compute.root`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RootInput {
    /// The radicand, up to 10,000 digits (negative only for an odd index).
    pub n: DecimalInteger,
    /// The index k ≥ 2 (2 for the square root).
    #[schemars(range(min = 2, max = 100000))]
    pub k: u32,
}

/// Output of `integer.compute.root`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RootOutput {
    /// ⌊n^(1/k)⌋: the greatest r with r^k ≤ n.
    pub root: DecimalInteger,
    /// Whether root^k = n.
    pub exact: bool,
}

/// `integer.compute.root`.
pub struct Root;

impl Query for Root {
    type Input = RootInput;
    type Output = RootOutput;

    fn describe(&self) -> Describe {
        describe(
            "integer.compute.root",
            "Integer k-th root",
            "The integer part of the k-th root of n, and whether n is a perfect k-th power.",
            "⌊n^(1/k)⌋ for n of up to 10,000 digits and 2 ≤ k ≤ 100,000 (negative n for odd k), and whether the root is \
             exact. VERIFY replays r^k ≤ n < (r+1)^k.",
            &["integer", "number-theory", "root", "nth-root", "square-root", "cube-root", "perfect-power"],
        )
    }
    fn provider(&self) -> Provider {
        native()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("the cube root of 10^30 + 1", Mode::Verify, json!({"n": "1000000000000000000000000000001", "k": 3}))]
    }
    fn validate(&self, i: &RootInput) -> Result<(), Diagnostic> {
        if i.k < 2 || i.k > MAX_ROOT_INDEX {
            return Err(Diagnostic::at("/k", "OUT_OF_RANGE", "the index k is between 2 and 100,000"));
        }
        if i.k.is_multiple_of(2) && i.n.as_str().starts_with('-') {
            return Err(Diagnostic::at("/n", "NEGATIVE", "an even root of a negative integer is not real"));
        }
        Ok(())
    }
    fn bounds(&self, i: &RootInput) -> Result<(), Refusal> {
        cas::digit_bound(&i.n, MAX_DIGITS, "/n")
    }
    fn answer(&self, i: &RootInput, _: &AdapterContext) -> Result<Answer<RootOutput>, AdapterError> {
        let n = big(&i.n);
        let mut r = n.nth_root(i.k);
        if r.pow(i.k) > n {
            r -= 1;
        }
        let exact = r.pow(i.k) == n;
        let next = &r + 1;
        let relations =
            vec![rel::less_equal(rel::power(int(&r), i.k), int(&n)), rel::less(int(&n), rel::power(int(&next), i.k))];
        Ok(Answer::from(RootOutput { root: decimal(&r), exact }).claim(rel::claim(relations)))
    }
}

/// Input of `integer.compute.valuation`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ValuationInput {
    /// A non-zero integer of up to 10,000 digits.
    pub n: DecimalInteger,
    /// The base p ≥ 2 (usually a prime).
    pub p: DecimalInteger,
}

/// Output of `integer.compute.valuation`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ValuationOutput {
    /// The greatest v with p^v dividing n.
    pub valuation: u32,
    /// n / p^v, which p does not divide.
    pub cofactor: DecimalInteger,
}

/// `integer.compute.valuation`.
pub struct Valuation;

impl Query for Valuation {
    type Input = ValuationInput;
    type Output = ValuationOutput;

    fn describe(&self) -> Describe {
        describe(
            "integer.compute.valuation",
            "p-adic valuation",
            "How many times p divides n: the p-adic valuation v_p(n) and the cofactor n/p^v.",
            "The greatest v with p^v | n for n ≠ 0 and p ≥ 2 (any base; usually a prime), with n/p^v. VERIFY replays \
             n = p^v · m and p ∤ m.",
            &["integer", "number-theory", "valuation", "p-adic", "multiplicity", "divides", "order"],
        )
    }
    fn provider(&self) -> Provider {
        native()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("the 2-adic valuation of 1000", Mode::Verify, json!({"n": 1000, "p": 2}))]
    }
    fn validate(&self, i: &ValuationInput) -> Result<(), Diagnostic> {
        if i.n.as_str() == "0" {
            return Err(Diagnostic::at("/n", "ZERO", "every power divides 0; n must be non-zero"));
        }
        if big(&i.p) < BigInt::from(2) {
            return Err(Diagnostic::at("/p", "OUT_OF_RANGE", "the base p is at least 2"));
        }
        Ok(())
    }
    fn bounds(&self, i: &ValuationInput) -> Result<(), Refusal> {
        bound(&[(&i.n, "/n".into()), (&i.p, "/p".into())], MAX_DIGITS)
    }
    fn answer(&self, i: &ValuationInput, ctx: &AdapterContext) -> Result<Answer<ValuationOutput>, AdapterError> {
        let (n, p) = (big(&i.n), big(&i.p));
        let (mut m, mut v) = (n.clone(), 0u32);
        while m.is_multiple_of(&p) {
            m /= &p;
            v += 1;
            if v % 1024 == 0 {
                ctx.checkpoint()?;
            }
        }
        let relations = vec![
            rel::equal(int(&n), rel::product(vec![rel::power(int(&p), v), int(&m)])),
            rel::not_divides(int(&p), int(&m)),
        ];
        Ok(Answer::from(ValuationOutput { valuation: v, cofactor: decimal(&m) }).claim(rel::claim(relations)))
    }
}

/// Input of `integer.transform.base_digits`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BaseDigitsInput {
    /// A non-negative integer of up to 1,000 digits.
    pub n: DecimalInteger,
    /// The base, from 2 to 10^18.
    pub base: DecimalInteger,
}

/// Output of `integer.transform.base_digits`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BaseDigitsOutput {
    /// The digits of n in the base, most significant first ([0] for n = 0).
    pub digits: Vec<DecimalInteger>,
}

/// `integer.transform.base_digits`.
pub struct BaseDigits;

impl Query for BaseDigits {
    type Input = BaseDigitsInput;
    type Output = BaseDigitsOutput;

    fn describe(&self) -> Describe {
        describe(
            "integer.transform.base_digits",
            "Digits in a base",
            "The digits of n written in base b (binary, hexadecimal, any base up to 10^18).",
            "Writes n ≥ 0 (up to 1,000 decimal digits) in base 2 ≤ b ≤ 10^18, most significant digit first. VERIFY \
             replays n = Σ dᵢ·bⁱ with 0 ≤ dᵢ < b and a non-zero leading digit.",
            &["integer", "digits", "base", "radix", "binary", "hexadecimal", "representation", "conversion"],
        )
    }
    fn provider(&self) -> Provider {
        native()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("2024 in binary", Mode::Verify, json!({"n": 2024, "base": 2}))]
    }
    fn validate(&self, i: &BaseDigitsInput) -> Result<(), Diagnostic> {
        if i.n.as_str().starts_with('-') {
            return Err(Diagnostic::at("/n", "NEGATIVE", "n is non-negative; write the sign separately"));
        }
        let b = big(&i.base);
        if b < BigInt::from(2) || b > BigInt::from(10u64.pow(18)) {
            return Err(Diagnostic::at("/base", "OUT_OF_RANGE", "the base is between 2 and 10^18"));
        }
        Ok(())
    }
    fn bounds(&self, i: &BaseDigitsInput) -> Result<(), Refusal> {
        cas::digit_bound(&i.n, BASE_DIGITS_MAX, "/n")
    }
    fn answer(&self, i: &BaseDigitsInput, _: &AdapterContext) -> Result<Answer<BaseDigitsOutput>, AdapterError> {
        let (mut n, b) = (big(&i.n), big(&i.base));
        let mut digits = vec![];
        loop {
            let (q, r) = n.div_rem(&b);
            digits.push(r);
            n = q;
            if n.is_zero() {
                break;
            }
        }
        let mut relations = vec![];
        let mut terms = vec![];
        for (k, d) in digits.iter().enumerate() {
            relations.push(rel::less_equal(rel::small(0), int(d)));
            relations.push(rel::less(int(d), int(&b)));
            let k = u32::try_from(k).map_err(|_| AdapterError::Unsupported("too many digits".into()))?;
            terms.push(rel::product(vec![int(d), rel::power(int(&b), k)]));
        }
        if digits.len() > 1 {
            relations.push(rel::less(rel::small(0), int(&digits[digits.len() - 1])));
        }
        relations.push(rel::equal(int(&big(&i.n)), rel::sum(terms)));
        digits.reverse();
        let output = BaseDigitsOutput { digits: digits.iter().map(decimal).collect() };
        Ok(Answer::from(output).claim(rel::claim(relations)))
    }
}

/// Input of `integer.decide.divides`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DividesInput {
    /// The candidate divisor d (non-zero).
    pub d: DecimalInteger,
    /// The integer n.
    pub n: DecimalInteger,
}

/// Output of `integer.decide.divides`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DividesOutput {
    /// Whether d divides n.
    pub divides: bool,
    /// ⌊n / d⌋ (Euclidean: 0 ≤ remainder < |d|).
    pub quotient: DecimalInteger,
    /// n − quotient·d.
    pub remainder: DecimalInteger,
}

/// `integer.decide.divides`.
pub struct Divides;

impl Query for Divides {
    type Input = DividesInput;
    type Output = DividesOutput;

    fn describe(&self) -> Describe {
        describe(
            "integer.decide.divides",
            "Divisibility and Euclidean division",
            "Whether d divides n, with the quotient and remainder of n by d.",
            "Decides d | n for integers of up to 10,000 digits (d ≠ 0) and gives the Euclidean quotient and remainder \
             0 ≤ r < |d|. VERIFY replays n = q·d + r, the range of r, and d | n or d ∤ n.",
            &["integer", "divides", "divisibility", "quotient", "remainder", "division", "modulo"],
        )
    }
    fn provider(&self) -> Provider {
        native()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("does 7 divide 2^21 − 1?", Mode::Verify, json!({"d": 7, "n": 2097151}))]
    }
    fn validate(&self, i: &DividesInput) -> Result<(), Diagnostic> {
        if i.d.as_str() == "0" {
            return Err(Diagnostic::at("/d", "ZERO", "division by zero; d must be non-zero"));
        }
        Ok(())
    }
    fn bounds(&self, i: &DividesInput) -> Result<(), Refusal> {
        bound(&[(&i.d, "/d".into()), (&i.n, "/n".into())], MAX_DIGITS)
    }
    fn answer(&self, i: &DividesInput, _: &AdapterContext) -> Result<Answer<DividesOutput>, AdapterError> {
        let (d, n) = (big(&i.d), big(&i.n));
        let r = n.mod_floor(&d.abs());
        let q = (&n - &r) / &d;
        let divides = r.is_zero();
        let relations = vec![
            rel::equal(int(&n), rel::sum(vec![rel::product(vec![int(&q), int(&d)]), int(&r)])),
            rel::less_equal(rel::small(0), int(&r)),
            rel::less(int(&r), int(&d.abs())),
            if divides { rel::divides(int(&d), int(&n)) } else { rel::not_divides(int(&d), int(&n)) },
        ];
        let output = DividesOutput { divides, quotient: decimal(&q), remainder: decimal(&r) };
        Ok(Answer::from(output).claim(rel::claim(relations)))
    }
}

/// Input of `integer.compute.primorial`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PrimorialInput {
    /// n, from 0 to 100,000.
    #[schemars(range(max = 100000))]
    pub n: u64,
}

/// Output of `integer.compute.primorial`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PrimorialOutput {
    /// n#, the product of the primes ≤ n (1 for n < 2).
    pub primorial: DecimalInteger,
    /// How many primes were multiplied (π(n)).
    pub prime_count: u64,
}

/// `integer.compute.primorial`.
pub struct Primorial;

impl Query for Primorial {
    type Input = PrimorialInput;
    type Output = PrimorialOutput;

    fn describe(&self) -> Describe {
        Describe {
            modes: &[Mode::Explore],
            assurance_ceiling: jacobian_runtime::contract::AssuranceLevel::Computed,
            evidence_kinds: &[],
            ..describe(
                "integer.compute.primorial",
                "Primorial",
                "The primorial n#: the product of all primes up to n.",
                "n# for 0 ≤ n ≤ 100,000 by a sieve of Eratosthenes, with the number of primes multiplied.",
                &["integer", "number-theory", "primorial", "product-of-primes", "primes"],
            )
        }
    }
    fn provider(&self) -> Provider {
        native()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("30#", Mode::Explore, json!({"n": 30}))]
    }
    fn validate(&self, i: &PrimorialInput) -> Result<(), Diagnostic> {
        (i.n <= PRIMORIAL_MAX).then_some(()).ok_or_else(|| Diagnostic::at("/n", "OUT_OF_RANGE", "n is at most 100,000"))
    }
    fn answer(&self, i: &PrimorialInput, _: &AdapterContext) -> Result<Answer<PrimorialOutput>, AdapterError> {
        let primes = super::primes_up_to(i.n.to_u64().unwrap_or(0));
        let product: BigInt = primes.iter().map(|&p| BigInt::from(p)).product();
        Ok(PrimorialOutput { primorial: decimal(&product), prime_count: primes.len() as u64 }.into())
    }
}
