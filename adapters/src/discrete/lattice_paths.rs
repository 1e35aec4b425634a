//! `combinatorics.lattice_paths.count`: the number of lattice paths from the origin to a target
//! with steps from a given set, optionally of a given length and confined to a horizontal strip
//! (y ≥ floor, y ≤ ceiling) or below a slope — Dyck, Motzkin, Schröder, ballot, Delannoy and
//! Narayana-type counts for any step set — by exact dynamic programming over the steps taken.

use std::collections::HashMap;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::typed::Describe;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::native;
use crate::cas::{self, Answer, Query};

/// Most steps in the set.
pub const MAX_STEPS: usize = 32;
/// Largest |coordinate| of a step.
pub const MAX_STEP: i64 = 100;
/// Longest path.
pub const MAX_LENGTH: u64 = 2_000;
/// Most (state, step) visits.
pub const MAX_WORK: u64 = 50_000_000;

/// Input of `combinatorics.lattice_paths.count`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PathsInput {
    /// The allowed steps [dx, dy] (at most 32, none [0, 0], |dx|, |dy| ≤ 100).
    pub steps: Vec<[i64; 2]>,
    /// The end point [x, y]; paths start at [0, 0].
    pub target: [i64; 2],
    /// The exact number of steps; needed unless every step has dx ≥ 1, or every step dx, dy ≥ 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub length: Option<u64>,
    /// Every point visited has y ≥ floor (0 for Dyck-type paths).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub floor: Option<i64>,
    /// Every point visited has y ≤ ceiling.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ceiling: Option<i64>,
    /// Every point visited has y ≤ x (ballot paths weakly below the diagonal).
    #[serde(default)]
    pub below_diagonal: bool,
}

/// `combinatorics.lattice_paths.count`.
pub struct LatticePaths;

/// The longest path possible: the given length, or what the steps' monotonicity allows.
fn longest(i: &PathsInput) -> Option<u64> {
    if let Some(l) = i.length {
        return Some(l);
    }
    let [x, y] = i.target;
    if i.steps.iter().all(|s| s[0] >= 1) {
        return u64::try_from(x).ok();
    }
    if i.steps.iter().all(|s| s[0] >= 0 && s[1] >= 0) {
        return u64::try_from(x).ok().zip(u64::try_from(y).ok()).map(|(a, b)| a + b);
    }
    None
}

fn check(i: &PathsInput) -> Result<u64, Diagnostic> {
    if i.steps.is_empty() || i.steps.len() > MAX_STEPS {
        return Err(Diagnostic::at("/steps", "BAD_LENGTH", format!("1 to {MAX_STEPS} steps")));
    }
    for (k, s) in i.steps.iter().enumerate() {
        if *s == [0, 0] || s.iter().any(|c| c.abs() > MAX_STEP) {
            return Err(Diagnostic::at(
                format!("/steps/{k}"),
                "BAD_STEP",
                format!("a non-zero step with |dx|, |dy| ≤ {MAX_STEP}"),
            ));
        }
        if i.steps[..k].contains(s) {
            return Err(Diagnostic::at(format!("/steps/{k}"), "REPEATED_STEP", "each step once"));
        }
    }
    if i.target.iter().any(|c| c.abs() > MAX_STEP * MAX_LENGTH as i64) {
        return Err(Diagnostic::at("/target", "OUT_OF_RANGE", "a reachable target"));
    }
    if let (Some(f), Some(c)) = (i.floor, i.ceiling)
        && f > c
    {
        return Err(Diagnostic::at("/ceiling", "EMPTY_STRIP", "the ceiling is below the floor"));
    }
    let Some(l) = longest(i) else {
        return Err(Diagnostic::at("/length", "MISSING", "these steps allow paths of any length: give the length"));
    };
    if l > MAX_LENGTH {
        return Err(Diagnostic::at("/length", "TOO_LARGE", format!("paths of at most {MAX_LENGTH} steps")));
    }
    Ok(l)
}

impl Query for LatticePaths {
    type Input = PathsInput;
    type Output = Value;

    fn describe(&self) -> Describe {
        cas::describe(
            "combinatorics.lattice_paths.count",
            "Count lattice paths with any step set: Dyck, Motzkin, Schröder, ballot, Delannoy paths",
            "The exact number of lattice paths from (0, 0) to a target using steps from a given set, of a given length, staying above a floor, below a ceiling or below the diagonal.",
            "Natively, by dynamic programming over the number of steps with exact big integers: paths of at most \
             2,000 steps from the origin to `target` with up to 32 step vectors, optionally of exactly `length` \
             steps, confined to floor ≤ y ≤ ceiling and to y ≤ x; with the number of such paths of every length \
             when the length is free. Dyck (floor 0 with (1, 1), (1, −1)), Motzkin, Schröder, ballot and Delannoy \
             numbers are special cases.",
            &[
                "lattice-paths",
                "dyck-paths",
                "motzkin-paths",
                "schroder",
                "ballot",
                "delannoy",
                "walks",
                "step-set",
                "catalan",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("lattice_paths.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "Dyck paths of semilength 10 (the Catalan number 16796)",
                Mode::Explore,
                json!({"steps": [[1, 1], [1, -1]], "target": [20, 0], "floor": 0}),
            ),
            ("Delannoy paths to (5, 5)", Mode::Explore, json!({"steps": [[1, 0], [0, 1], [1, 1]], "target": [5, 5]})),
        ]
    }
    fn validate(&self, i: &PathsInput) -> Result<(), Diagnostic> {
        check(i).map(drop)
    }
    fn bounds(&self, _: &PathsInput) -> Result<(), Refusal> {
        Ok(())
    }
    fn answer(&self, i: &PathsInput, ctx: &AdapterContext) -> Result<Answer<Value>, AdapterError> {
        let max = check(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let [tx, ty] = i.target;
        let allowed = |x: i64, y: i64| {
            i.floor.is_none_or(|f| y >= f) && i.ceiling.is_none_or(|c| y <= c) && (!i.below_diagonal || y <= x)
        };
        // Positions from which the target is still reachable in the steps left: a box bound.
        let (dx_max, dy_max) = (
            i.steps.iter().map(|s| s[0].abs()).max().unwrap_or(0),
            i.steps.iter().map(|s| s[1].abs()).max().unwrap_or(0),
        );
        let mut layer: HashMap<(i64, i64), BigUint> = HashMap::new();
        if allowed(0, 0) {
            layer.insert((0, 0), BigUint::one());
        }
        let mut by_length: Vec<String> = vec![];
        let mut work = 0u64;
        for k in 0..=max {
            ctx.checkpoint()?;
            let here = layer.get(&(tx, ty)).cloned().unwrap_or_default();
            by_length.push(here.to_string());
            if k == max {
                break;
            }
            let left = (max - k - 1) as i64;
            let mut next: HashMap<(i64, i64), BigUint> = HashMap::with_capacity(layer.len() * 2);
            for ((x, y), c) in &layer {
                for s in &i.steps {
                    work += 1;
                    let (u, v) = (x + s[0], y + s[1]);
                    if !allowed(u, v) || (tx - u).abs() > left * dx_max || (ty - v).abs() > left * dy_max {
                        continue;
                    }
                    *next.entry((u, v)).or_insert_with(BigUint::zero) += c;
                }
            }
            if work > MAX_WORK {
                return Err(AdapterError::Unsupported(format!("more than {MAX_WORK} steps of the count")));
            }
            layer = next;
        }
        let count = match i.length {
            Some(_) => by_length.last().cloned().unwrap_or_else(|| "0".into()),
            None => by_length.iter().map(|c| c.parse::<BigUint>().unwrap_or_default()).sum::<BigUint>().to_string(),
        };
        let mut out = json!({"count": count});
        if i.length.is_none() {
            out["by_length"] = json!(by_length);
        }
        Ok(out.into())
    }
}
