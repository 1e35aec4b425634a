//! `probability.multiple_testing.compute`: multiple-testing procedures on exact rational
//! p-values: the Benjamini–Hochberg step-up (false discovery rate q), Holm's step-down and
//! Bonferroni (family-wise error rate q), with the rejected hypotheses, the adjusted p-values and,
//! when the true nulls are given, the false discovery proportion of the rejection set.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::Rat;
use jacobian_runtime::typed::Describe;
use num_traits::{One, Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::native;
use crate::cas::{self, Answer, Query};
use crate::rational::Rational;

/// Most hypotheses.
pub const MAX_HYPOTHESES: usize = 100_000;

/// The procedure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Procedure {
    /// Benjamini–Hochberg step-up: reject the k smallest, k the largest with p_(k) ≤ k·q/m (FDR ≤ q under
    /// independence or positive dependence).
    BenjaminiHochberg,
    /// Holm's step-down: reject while p_(k) ≤ q/(m − k + 1) (FWER ≤ q).
    Holm,
    /// Bonferroni: reject p_i ≤ q/m (FWER ≤ q).
    Bonferroni,
}

/// Input of `probability.multiple_testing.compute`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TestingInput {
    /// The p-values p_0, …, p_(m−1), rationals in [0, 1] (m ≤ 100,000).
    pub p_values: Vec<Rational>,
    /// The level q in (0, 1).
    pub level: Rational,
    /// The procedure.
    pub procedure: Procedure,
    /// The indices of the true null hypotheses, when known: the false discovery proportion is returned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub true_nulls: Option<Vec<usize>>,
}

/// Output of `probability.multiple_testing.compute`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TestingOutput {
    /// The rejected hypotheses, ascending.
    pub rejected: Vec<usize>,
    /// The adjusted p-values (reject i at level q exactly when adjusted_i ≤ q), one per hypothesis.
    pub adjusted: Vec<Rational>,
    /// The p-value threshold used: the largest rejected p-value's cut-off (k·q/m, q/(m − k + 1) or q/m).
    pub threshold: Rational,
    /// V / max(R, 1): the proportion of rejections that are true nulls (when they are given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub false_discovery_proportion: Option<Rational>,
    /// V, the rejected true nulls (when given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub false_discoveries: Option<usize>,
}

fn check(i: &TestingInput) -> Result<(Vec<Rat>, Rat), Diagnostic> {
    let m = i.p_values.len();
    if m == 0 || m > MAX_HYPOTHESES {
        return Err(Diagnostic::at("/p_values", "BAD_LENGTH", format!("1 to {MAX_HYPOTHESES} p-values")));
    }
    let p: Vec<Rat> = i.p_values.iter().map(Rational::value).collect();
    if let Some(k) = p.iter().position(|v| v.is_negative() || *v > Rat::one()) {
        return Err(Diagnostic::at(format!("/p_values/{k}"), "OUT_OF_RANGE", "p-values lie in [0, 1]"));
    }
    let q = Rational::value(&i.level);
    if !(q > Rat::zero() && q < Rat::one()) {
        return Err(Diagnostic::at("/level", "OUT_OF_RANGE", "0 < q < 1"));
    }
    if let Some(nulls) = &i.true_nulls
        && let Some(k) = nulls.iter().enumerate().position(|(k, &h)| h >= m || nulls[..k].contains(&h))
    {
        return Err(Diagnostic::at(
            format!("/true_nulls/{k}"),
            "BAD_INDEX",
            format!("distinct indices in 0..{}", m - 1),
        ));
    }
    Ok((p, q))
}

/// `probability.multiple_testing.compute`.
pub struct MultipleTesting;

impl Query for MultipleTesting {
    type Input = TestingInput;
    type Output = TestingOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "probability.multiple_testing.compute",
            "Multiple testing: Benjamini–Hochberg step-up, Holm, Bonferroni, adjusted p-values, false discovery proportion",
            "Which hypotheses a multiple-testing procedure rejects from exact p-values (Benjamini–Hochberg, Holm, \
             Bonferroni), their adjusted p-values, and the false discovery proportion given the true nulls.",
            "Sorts m ≤ 100,000 rational p-values and applies the Benjamini–Hochberg step-up at false discovery rate \
             q (reject the k smallest, k the largest with p_(k) ≤ kq/m), Holm's step-down or Bonferroni at \
             family-wise level q, exactly; returns the rejected hypotheses, the adjusted p-values (BH: \
             min over j ≥ i of m·p_(j)/j; Holm: running max of (m − j + 1)·p_(j); capped at 1) and the cut-off, and \
             with the true nulls the false discovery proportion V/max(R, 1).",
            &[
                "statistics",
                "multiple-testing",
                "benjamini-hochberg",
                "false-discovery-rate",
                "fdr",
                "false-discovery-proportion",
                "holm",
                "bonferroni",
                "family-wise-error",
                "adjusted-p-values",
                "step-up",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("testing.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "Benjamini–Hochberg at q = 1/10 on eight p-values, two of them true nulls",
            Mode::Explore,
            json!({"p_values": ["1/1000", "8/1000", "39/1000", "41/1000", "42/1000", "6/100", "74/1000", "205/1000"],
                   "level": "1/10", "procedure": "benjamini_hochberg", "true_nulls": [5, 7]}),
        )]
    }
    fn validate(&self, i: &TestingInput) -> Result<(), Diagnostic> {
        check(i).map(|_| ())
    }
    fn bounds(&self, _: &TestingInput) -> Result<(), Refusal> {
        Ok(())
    }
    fn answer(&self, i: &TestingInput, ctx: &AdapterContext) -> Result<Answer<TestingOutput>, AdapterError> {
        let (p, q) = check(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let m = p.len();
        let mm = Rat::from_integer(m.into());
        let mut order: Vec<usize> = (0..m).collect();
        order.sort_by(|&a, &b| p[a].cmp(&p[b]).then(a.cmp(&b)));
        ctx.checkpoint()?;
        let rank = |k: usize| Rat::from_integer((k + 1).into());
        let cut = |k: usize| match i.procedure {
            Procedure::BenjaminiHochberg => &rank(k) * &q / &mm,
            Procedure::Holm => &q / Rat::from_integer((m - k).into()),
            Procedure::Bonferroni => &q / &mm,
        };
        // The number k of rejections (the k smallest p-values).
        let k = match i.procedure {
            Procedure::BenjaminiHochberg => (0..m).rev().find(|&j| p[order[j]] <= cut(j)).map_or(0, |j| j + 1),
            Procedure::Holm => (0..m).position(|j| p[order[j]] > cut(j)).unwrap_or(m),
            Procedure::Bonferroni => (0..m).take_while(|&j| p[order[j]] <= cut(j)).count(),
        };
        let mut adjusted = vec![Rat::zero(); m];
        match i.procedure {
            Procedure::BenjaminiHochberg => {
                let mut running = Rat::one();
                for j in (0..m).rev() {
                    let v = &mm * &p[order[j]] / rank(j);
                    running = running.min(v);
                    adjusted[order[j]] = running.clone();
                }
            }
            Procedure::Holm => {
                let mut running = Rat::zero();
                for j in 0..m {
                    let v = (Rat::from_integer((m - j).into()) * &p[order[j]]).min(Rat::one());
                    running = running.max(v);
                    adjusted[order[j]] = running.clone();
                }
            }
            Procedure::Bonferroni => (0..m).for_each(|h| adjusted[h] = (&mm * &p[h]).min(Rat::one())),
        }
        let mut rejected: Vec<usize> = order[..k].to_vec();
        rejected.sort_unstable();
        let threshold = if k == 0 { Rat::zero() } else { cut(k - 1) };
        let (mut fdp, mut v) = (None, None);
        if let Some(nulls) = &i.true_nulls {
            let false_ones = rejected.iter().filter(|h| nulls.contains(h)).count();
            fdp = Some(Rational::of(&(Rat::from_integer(false_ones.into()) / Rat::from_integer(k.max(1).into()))));
            v = Some(false_ones);
        }
        Ok(TestingOutput {
            rejected,
            adjusted: adjusted.iter().map(Rational::of).collect(),
            threshold: Rational::of(&threshold),
            false_discovery_proportion: fdp,
            false_discoveries: v,
        }
        .into())
    }
}
