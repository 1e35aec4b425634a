//! `integer.compute.primes`: the next or previous prime, the n-th prime, the prime-counting
//! function π(x), and the primes of an interval, on PARI/GP.
//!
//! PARI's `nextprime` and `precprime` return BPSW probable primes; every prime answered here is
//! proven by `isprime` first (and the search goes on past a pseudoprime, which no one has ever
//! found), so the answers are exact.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext, Refusal, RunBudget};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::{Describe, Operation};
use jacobian_runtime::{Digest, Scope};
use num_bigint::BigInt;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::cas;

const PARI: BackendKind = BackendKind::Pari;

/// Most digits for the next or previous prime (each answer is proven prime).
pub const NEIGHBOUR_MAX_DIGITS: usize = 300;
/// Largest n for the n-th prime.
pub const NTH_MAX: u64 = 1_000_000_000;
/// Largest x for π(x).
pub const COUNT_MAX: u64 = 1_000_000_000_000;
/// Widest interval listed.
pub const RANGE_MAX_WIDTH: u64 = 10_000_000;
/// Most primes listed.
pub const RANGE_MAX_PRIMES: usize = 100_000;

/// What to find: exactly one of the fields.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PrimesInput {
    /// The least prime greater than n.
    #[serde(default)]
    pub next: Option<DecimalInteger>,
    /// The greatest prime less than n (n ≥ 3).
    #[serde(default)]
    pub previous: Option<DecimalInteger>,
    /// The n-th prime (the 1st is 2), n ≤ 10^9.
    #[serde(default)]
    pub nth: Option<u64>,
    /// π(x), the number of primes ≤ x, x ≤ 10^12.
    #[serde(default)]
    pub count_up_to: Option<u64>,
    /// Every prime p with low ≤ p ≤ high (an interval of width ≤ 10^7, at most 100,000 primes).
    #[serde(default)]
    pub range: Option<Range>,
}

/// A closed interval of integers.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Range {
    /// Lower end.
    pub low: u64,
    /// Upper end.
    pub high: u64,
}

/// The one query of a request.
#[derive(Debug)]
pub enum Query {
    /// Least prime > n.
    Next(DecimalInteger),
    /// Greatest prime < n.
    Previous(DecimalInteger),
    /// The n-th prime.
    Nth(u64),
    /// π(x).
    CountUpTo(u64),
    /// The primes of [low, high].
    Range {
        /// Lower end.
        low: u64,
        /// Upper end.
        high: u64,
    },
}

/// Output of `integer.compute.primes`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PrimesOutput {
    /// The prime found (next, previous, nth).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prime: Option<DecimalInteger>,
    /// π(x) (count_up_to).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<DecimalInteger>,
    /// The primes of the interval, increasing (range).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub primes: Option<Vec<DecimalInteger>>,
}

/// `integer.compute.primes`.
pub struct Primes;

impl Operation for Primes {
    type Input = PrimesInput;
    type Output = PrimesOutput;
    type Prepared = (Query, Value);

    fn describe(&self) -> Describe {
        Describe {
            scope_rule: "Exactly the given query.",
            relationships: &[("related", "integer.decide.prime")],
            ..cas::describe(
                "integer.compute.primes",
                "Next, previous and n-th primes, prime counting, primes in an interval",
                "The next or previous prime after n, the n-th prime, the prime-counting function π(x), or the primes between two bounds.",
                "Answers one of: `next` (least prime > n, n up to 300 digits), `previous` (greatest prime < n), `nth` \
                          (the n-th prime, n ≤ 10^9), `count_up_to` (π(x), x ≤ 10^12) or `range` (every prime in [low, \
                          high], width ≤ 10^7). PARI/GP computes; every prime answered for `next` and `previous` is proven \
                          prime, not a probable prime.",
                &["integer", "next", "previous", "nth", "counting", "pi", "sieve", "interval", "pari"],
            )
        }
    }

    cas::on_backend!(PARI);

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("the first prime after 10^20", Mode::Explore, json!({"next": "100000000000000000000"})),
            ("how many primes are below 10^9", Mode::Explore, json!({"count_up_to": 1000000000u64})),
            ("primes between 100 and 150", Mode::Explore, json!({"range": {"low": 100, "high": 150}})),
        ]
    }

    fn prepare(&self, i: PrimesInput, _cx: &PrepareContext) -> Result<Self::Prepared, Vec<Diagnostic>> {
        let given =
            [i.next.is_some(), i.previous.is_some(), i.nth.is_some(), i.count_up_to.is_some(), i.range.is_some()];
        if given.iter().filter(|g| **g).count() != 1 {
            let why = "give exactly one of next, previous, nth, count_up_to, range";
            return Err(vec![Diagnostic::at("", "ONE_QUERY", why)]);
        }
        let input = match i {
            PrimesInput { next: Some(n), .. } => Query::Next(n),
            PrimesInput { previous: Some(n), .. } => Query::Previous(n),
            PrimesInput { nth: Some(n), .. } => Query::Nth(n),
            PrimesInput { count_up_to: Some(x), .. } => Query::CountUpTo(x),
            PrimesInput { range: Some(Range { low, high }), .. } => Query::Range { low, high },
            _ => return Err(vec![Diagnostic::at("", "ONE_QUERY", "give exactly one query")]),
        };
        let error = match &input {
            Query::Previous(n) if n.as_str().parse::<BigInt>().unwrap_or_default() < BigInt::from(3) => {
                Some(Diagnostic::at("/previous", "NO_PRIME", "no prime is below n; n must be at least 3"))
            }
            Query::Nth(0) => Some(Diagnostic::at("/nth", "OUT_OF_RANGE", "the first prime is the 1st")),
            Query::Range { low, high } if low > high => {
                Some(Diagnostic::at("/range/high", "EMPTY_RANGE", "high must be at least low"))
            }
            _ => None,
        };
        if let Some(e) = error {
            return Err(vec![e]);
        }
        let canonical = json!(match &input {
            Query::Next(n) => json!({"next": n}),
            Query::Previous(n) => json!({"previous": n}),
            Query::Nth(n) => json!({"nth": n}),
            Query::CountUpTo(x) => json!({"count_up_to": x}),
            Query::Range { low, high } => json!({"range": {"low": low, "high": high}}),
        });
        Ok((input, canonical))
    }

    fn preflight(&self, (input, _): &Self::Prepared, _budget: &RunBudget) -> Result<(), Refusal> {
        let over = |path: &str, what: String| Err(Refusal::Unsupported(Diagnostic::at(path, "TOO_LARGE", what)));
        match input {
            Query::Next(n) => cas::digit_bound(n, NEIGHBOUR_MAX_DIGITS, "/next"),
            Query::Previous(n) => cas::digit_bound(n, NEIGHBOUR_MAX_DIGITS, "/previous"),
            Query::Nth(n) if *n > NTH_MAX => over("/nth", format!("n ≤ {NTH_MAX}")),
            Query::CountUpTo(x) if *x > COUNT_MAX => over("/count_up_to", format!("x ≤ {COUNT_MAX}")),
            Query::Range { low, high } if high - low > RANGE_MAX_WIDTH => {
                over("/range", format!("an interval of width at most {RANGE_MAX_WIDTH}"))
            }
            _ => Ok(()),
        }
    }

    fn run(
        &self,
        (input, canonical): Self::Prepared,
        ctx: &AdapterContext,
    ) -> Result<Outcome<PrimesOutput>, AdapterError> {
        let p = Program::new(PARI);
        let program = match &input {
            Query::Next(n) => {
                p.code("my(p=nextprime(").int(n).code("+1));while(!isprime(p),p=nextprime(p+1));print(p)")
            }
            Query::Previous(n) => {
                p.code("my(p=precprime(").int(n).code("-1));while(!isprime(p),p=precprime(p-1));print(p)")
            }
            Query::Nth(n) => p.code("print(prime(").small(*n as i64).code("))"),
            Query::CountUpTo(x) => p.code("print(primepi(").small(*x as i64).code("))"),
            Query::Range { low, high } => p
                .code("my(v=primes([")
                .small(*low as i64)
                .code(",")
                .small(*high as i64)
                .code("]));if(#v>")
                .small(RANGE_MAX_PRIMES as i64)
                .code(",print(\"too many\"),for(i=1,#v,print(v[i])))"),
        };
        let reply = ctx.backend(&program)?;
        let mut output = PrimesOutput { prime: None, count: None, primes: None };
        match input {
            Query::Range { .. } => {
                if reply.lines.first().map(String::as_str) == Some("too many") {
                    return Err(AdapterError::Unsupported(format!(
                        "more than {RANGE_MAX_PRIMES} primes in the interval"
                    )));
                }
                output.primes = Some(reply.lines.iter().map(|l| cas::integer(PARI, l)).collect::<Result<_, _>>()?);
            }
            Query::CountUpTo(_) => output.count = Some(cas::integer(PARI, reply.single(PARI)?)?),
            _ => output.prime = Some(cas::integer(PARI, reply.single(PARI)?)?),
        }
        let scope = Scope::exact_input("exactly the given query", Digest::of_value(&canonical));
        Ok(Outcome::computed(output, scope))
    }
}
