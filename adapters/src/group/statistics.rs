//! `group.permutation.element_statistics`: how the elements of a permutation group are
//! distributed by order, by cycle type and by number of fixed points — involutions,
//! fixed-point-free elements (derangements), the mean number of fixed points — summed over its
//! conjugacy classes (natively for groups of order up to 100,000, else from GAP's classes).

use std::collections::BTreeMap;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::typed::Describe;
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::Zero;
use serde_json::{Value, json};

use super::subgroups::MAX_DEGREE;
use super::{GAP, read};
use crate::cas::{self, Answer, Query};
use jacobian_runtime::objects::permutation::Permutation;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Input of `group.permutation.element_statistics`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ElementStatisticsInput {
    /// Generators (at most 64): image lists or cycles.
    pub generators: Vec<Permutation>,
    /// The degree (default: the largest point moved).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub degree: Option<usize>,
}

/// `group.permutation.element_statistics`.
pub struct ElementStatistics;

fn text_map<K: Serialize>(m: BTreeMap<K, BigUint>, key: &str) -> Value {
    json!(m.into_iter().map(|(k, v)| json!({key: k, "count": v.to_string()})).collect::<Vec<_>>())
}

impl Query for ElementStatistics {
    type Input = ElementStatisticsInput;
    type Output = Value;

    fn describe(&self) -> Describe {
        cas::describe(
            "group.permutation.element_statistics",
            "Element orders, cycle types and fixed points across a permutation group: involutions, derangements",
            "Counts the elements of a permutation group by order, by cycle type and by fixed points: involutions, elements of order p, derangements (fixed-point-free elements), mean fixed points.",
            "Sums over the conjugacy classes (natively for |G| ≤ 100,000, else GAP's, degree up to 1,000): the number \
             of elements of each order, of each cycle type and with each number of fixed points, the involutions, \
             the fixed-point-free elements and their proportion, and the mean number of fixed points (the number of \
             orbits, by Burnside's lemma), as exact integers and fractions.",
            &[
                "group",
                "element-orders",
                "involutions",
                "fixed-points",
                "cycle-type",
                "order-statistics",
                "fixed-point-free",
            ],
        )
    }
    cas::on_backend!(GAP);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("elements of each order in A_5", Mode::Explore, json!({"generators": ["(1,2,3)", "(3,4,5)"]})),
            (
                "fixed-point-free elements of the Mathieu group M_11",
                Mode::Explore,
                json!({"generators": ["(1,2,3,4,5,6,7,8,9,10,11)", "(3,7,11,8)(4,10,5,6)"]}),
            ),
        ]
    }
    fn validate(&self, i: &ElementStatisticsInput) -> Result<(), Diagnostic> {
        read(&i.generators, i.degree).map(drop)
    }
    fn bounds(&self, i: &ElementStatisticsInput) -> Result<(), Refusal> {
        let g = read(&i.generators, i.degree).map_err(Refusal::Unsupported)?;
        super::degree_bound(&g, MAX_DEGREE)
    }
    fn answer(&self, i: &ElementStatisticsInput, ctx: &AdapterContext) -> Result<Answer<Value>, AdapterError> {
        let g = read(&i.generators, i.degree).map_err(|d| AdapterError::Backend(d.message))?;
        let (order, classes) = super::classes::of(&g, ctx)?;
        let (mut by_order, mut by_type, mut by_fixed) = (BTreeMap::new(), BTreeMap::new(), BTreeMap::new());
        let mut fixed_total = BigUint::zero();
        for c in &classes {
            let size: BigUint =
                c.size.parse().map_err(|_| AdapterError::Backend("a class size that does not parse".into()))?;
            let order_key: BigUint =
                c.element_order.parse().map_err(|_| AdapterError::Backend("an order that does not parse".into()))?;
            let fixed = c.cycle_type.iter().filter(|&&l| l == 1).count();
            *by_order.entry(order_key).or_insert_with(BigUint::zero) += &size;
            *by_type.entry(c.cycle_type.clone()).or_insert_with(BigUint::zero) += &size;
            *by_fixed.entry(fixed).or_insert_with(BigUint::zero) += &size;
            fixed_total += &size * BigUint::from(fixed);
        }
        let total: BigUint = order.parse().map_err(|_| AdapterError::Backend("an order that does not parse".into()))?;
        let involutions = by_order.get(&BigUint::from(2u32)).cloned().unwrap_or_default();
        let derangements = by_fixed.get(&0).cloned().unwrap_or_default();
        let fraction = |a: &BigUint| {
            let d = a.gcd(&total);
            if d == total { (a / &d).to_string() } else { format!("{}/{}", a / &d, &total / &d) }
        };
        let by_order = json!(
            by_order
                .into_iter()
                .map(|(k, v)| json!({"order": k.to_string(), "count": v.to_string()}))
                .collect::<Vec<_>>()
        );
        let mut types: Vec<(Vec<usize>, BigUint)> = by_type.into_iter().collect();
        types.sort_by(|a, b| b.0.cmp(&a.0));
        Ok(json!({
            "order": order,
            "classes": classes.len(),
            "by_element_order": by_order,
            "by_cycle_type": types.into_iter().map(|(t, c)| json!({"cycle_type": t, "count": c.to_string()})).collect::<Vec<_>>(),
            "by_fixed_points": text_map(by_fixed, "fixed_points"),
            "involutions": involutions.to_string(),
            "fixed_point_free": derangements.to_string(),
            "fixed_point_free_proportion": fraction(&derangements),
            "mean_fixed_points": fraction(&fixed_total),
        })
        .into())
    }
}
