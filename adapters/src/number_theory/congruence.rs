//! Unions of residue classes: which integers a finite set of congruences x ≡ r (mod m) covers,
//! over its period lcm(m).

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::ToPrimitive;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::cas::{self, Answer, Query};
use crate::integer::{big, decimal};
use crate::rational::Rational;

/// Largest period lcm(m₁, …) enumerated.
pub const MAX_PERIOD: u64 = 10_000_000;
/// Most classes.
pub const MAX_CLASSES: usize = 1000;

/// The class r (mod m).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Class {
    /// The residue r (any integer; reduced mod m).
    pub residue: i64,
    /// The modulus m ≥ 1.
    pub modulus: u64,
}

/// Input of `congruence.compute.covering`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CoveringInput {
    /// The classes (1 to 1,000) whose union is studied; lcm of the moduli ≤ 10^7.
    #[schemars(length(min = 1, max = 1000))]
    pub classes: Vec<Class>,
    /// Count the covered integers in [low, high] too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval: Option<[DecimalInteger; 2]>,
}

/// Output of `congruence.compute.covering`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CoveringOutput {
    /// The period L = lcm of the moduli.
    pub period: u64,
    /// How many residues modulo L the union covers.
    pub covered_per_period: u64,
    /// The density of the union: covered_per_period / L.
    pub density: Rational,
    /// Whether every integer is covered (a covering system).
    pub covers_everything: bool,
    /// The least non-negative integer not covered, if any.
    pub least_uncovered: Option<u64>,
    /// How many integers in the interval are covered, when an interval was given.
    pub interval_count: Option<DecimalInteger>,
}

/// `congruence.compute.covering`.
pub struct Covering;

impl Query for Covering {
    type Input = CoveringInput;
    type Output = CoveringOutput;

    fn describe(&self) -> Describe {
        Describe {
            scope_rule: "Exactly the given classes and interval.",
            ..cas::describe(
                "congruence.compute.covering",
                "Union of residue classes (covering systems)",
                "Which integers a set of congruences x ≡ r (mod m) covers: its period, density, whether it is a \
                 covering system, the least uncovered integer, and the count in an interval.",
                "Enumerates the union of up to 1,000 residue classes over its period lcm(m) ≤ 10^7, exactly: covered \
                 residues per period, density, covering-system test, least uncovered n ≥ 0, and the number of covered \
                 integers in [low, high] (any size, by whole periods and a remainder).",
                &["congruence", "residue-classes", "covering-system", "periodic", "density", "union", "count"],
            )
        }
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("congruence.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "Erdős's covering system 0 (2), 0 (3), 1 (4), 5 (6), 7 (12)",
            Mode::Explore,
            json!({"classes": [{"residue": 0, "modulus": 2}, {"residue": 0, "modulus": 3}, {"residue": 1, "modulus": 4}, {"residue": 5, "modulus": 6}, {"residue": 7, "modulus": 12}]}),
        )]
    }
    fn validate(&self, i: &CoveringInput) -> Result<(), Diagnostic> {
        if i.classes.is_empty() || i.classes.len() > MAX_CLASSES {
            return Err(Diagnostic::at("/classes", "OUT_OF_RANGE", "1 to 1,000 classes"));
        }
        if let Some(k) = i.classes.iter().position(|c| c.modulus == 0) {
            return Err(Diagnostic::at(format!("/classes/{k}/modulus"), "BAD_MODULUS", "a modulus is at least 1"));
        }
        match &i.interval {
            Some([low, high]) if big(high) < big(low) => {
                Err(Diagnostic::at("/interval/1", "OUT_OF_RANGE", "high ≥ low"))
            }
            _ => Ok(()),
        }
    }
    fn bounds(&self, i: &CoveringInput) -> Result<(), Refusal> {
        let mut l: u64 = 1;
        for (k, c) in i.classes.iter().enumerate() {
            l = l.lcm(&c.modulus);
            if l > MAX_PERIOD {
                let d = Diagnostic::at(
                    format!("/classes/{k}/modulus"),
                    "TOO_LARGE",
                    "the lcm of the moduli is at most 10^7",
                );
                return Err(Refusal::Unsupported(d));
            }
        }
        if let Some(iv) = &i.interval {
            iv.iter().enumerate().try_for_each(|(k, v)| cas::digit_bound(v, 1000, &format!("/interval/{k}")))?;
        }
        Ok(())
    }
    fn answer(&self, i: &CoveringInput, ctx: &AdapterContext) -> Result<Answer<CoveringOutput>, AdapterError> {
        let period = i.classes.iter().fold(1u64, |l, c| l.lcm(&c.modulus));
        let mut covered = vec![false; period as usize];
        for c in &i.classes {
            ctx.checkpoint()?;
            let r = c.residue.rem_euclid(c.modulus as i64) as u64;
            (r..period).step_by(c.modulus as usize).for_each(|x| covered[x as usize] = true);
        }
        // prefix[k] = covered residues in [0, k).
        let mut prefix = vec![0u64; covered.len() + 1];
        for (k, &c) in covered.iter().enumerate() {
            prefix[k + 1] = prefix[k] + u64::from(c);
        }
        let per = prefix[covered.len()];
        // Covered integers in [0, x) for any x ≥ 0, by whole periods and a remainder.
        let below = |x: &BigInt| -> BigInt {
            let (q, r) = x.div_mod_floor(&BigInt::from(period));
            q * per + prefix[r.to_usize().unwrap_or(0)]
        };
        let interval_count =
            i.interval.as_ref().map(|[low, high]| decimal(&(below(&(big(high) + 1)) - below(&big(low)))));
        Ok(CoveringOutput {
            period,
            covered_per_period: per,
            density: Rational::fraction(&BigInt::from(per), &BigInt::from(period)),
            covers_everything: per == period,
            least_uncovered: covered.iter().position(|c| !c).map(|k| k as u64),
            interval_count,
        }
        .into())
    }
}
