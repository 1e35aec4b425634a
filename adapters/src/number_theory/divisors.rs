//! `integer.compute.divisors`: every positive divisor of n, or the proper ones, from PARI/GP's
//! factorization of n.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext, Refusal, RunBudget};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::{Describe, Operation};
use jacobian_runtime::{Digest, Scope};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::cas;

const PARI: BackendKind = BackendKind::Pari;

/// Most digits of n.
pub const MAX_DIGITS: usize = 80;
/// Most divisors listed.
pub const MAX_DIVISORS: usize = 100_000;

/// Input of `integer.compute.divisors`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DivisorsInput {
    /// A positive integer of up to 80 digits.
    pub n: DecimalInteger,
    /// Leave n itself out (the proper divisors).
    #[serde(default)]
    pub proper: bool,
}

/// Output of `integer.compute.divisors`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DivisorsOutput {
    /// The divisors, increasing.
    pub divisors: Vec<DecimalInteger>,
}

/// `integer.compute.divisors`.
pub struct Divisors;

impl Operation for Divisors {
    type Input = DivisorsInput;
    type Output = DivisorsOutput;
    type Prepared = (DecimalInteger, bool);

    fn describe(&self) -> Describe {
        Describe {
            scope_rule: "Exactly the given integer.",
            relationships: &[("related", "integer.factor")],
            ..cas::describe(
                "integer.compute.divisors",
                "Divisors of an integer",
                "Every positive divisor of n in increasing order, or only the proper divisors.",
                "Lists the positive divisors of n ≥ 1 (up to 80 digits and 100,000 divisors) from its prime \
                          factorization with PARI/GP; `proper` leaves n itself out.",
                &["integer", "number-theory", "divisors", "factors", "proper-divisors", "pari"],
            )
        }
    }

    cas::on_backend!(PARI);

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("the proper divisors of 28", Mode::Explore, json!({"n": 28, "proper": true}))]
    }

    fn prepare(&self, i: DivisorsInput, _cx: &PrepareContext) -> Result<Self::Prepared, Vec<Diagnostic>> {
        if i.n.as_str().starts_with('-') || i.n.as_str() == "0" {
            return Err(vec![Diagnostic::at("/n", "NOT_POSITIVE", "n must be at least 1")]);
        }
        Ok((i.n, i.proper))
    }

    fn preflight(&self, (n, _): &Self::Prepared, _budget: &RunBudget) -> Result<(), Refusal> {
        cas::digit_bound(n, MAX_DIGITS, "/n")
    }

    fn run(&self, (n, proper): Self::Prepared, ctx: &AdapterContext) -> Result<Outcome<DivisorsOutput>, AdapterError> {
        let program = Program::new(PARI)
            .code("my(f=factor(")
            .int(&n)
            .code("));if(numdiv(f)>")
            .small(MAX_DIVISORS as i64)
            .code(",print(\"too many\"),my(d=divisors(f));for(i=1,#d,print(d[i])))");
        let reply = ctx.backend(&program)?;
        if reply.lines.first().map(String::as_str) == Some("too many") {
            return Err(AdapterError::Unsupported(format!("n has more than {MAX_DIVISORS} divisors")));
        }
        let mut divisors: Vec<DecimalInteger> =
            reply.lines.iter().map(|l| cas::integer(PARI, l)).collect::<Result<_, _>>()?;
        if divisors.last() != Some(&n) {
            return Err(AdapterError::Backend("PARI/GP's divisors do not end with n".into()));
        }
        if proper {
            divisors.pop();
        }
        let canonical = json!({"n": n, "proper": proper});
        let scope = Scope::exact_input("the divisors of exactly the given integer", Digest::of_value(&canonical));
        Ok(Outcome::computed(DivisorsOutput { divisors }, scope))
    }
}
