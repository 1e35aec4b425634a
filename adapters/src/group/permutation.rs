//! Permutation arithmetic natively: products, inverses, powers, commutators and conjugates with
//! the order, cycle type and sign of the result, and conjugacy in S_n with a conjugator.

use jacobian_runtime::adapter::{AdapterContext, AdapterError};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::permutation::{Generated, Permutation};
use jacobian_runtime::typed::Describe;
use num_bigint::BigUint;
use num_integer::Integer;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{EVIDENCE, with_claim};
use crate::cas::{self, Answer, Query};

/// p·q: p first, then q (1-based images).
pub fn mul(p: &[u32], q: &[u32]) -> Vec<u32> {
    p.iter().map(|&x| q[x as usize - 1]).collect()
}

/// p⁻¹.
pub fn inv(p: &[u32]) -> Vec<u32> {
    let mut r = vec![0; p.len()];
    for (i, &x) in p.iter().enumerate() {
        r[x as usize - 1] = i as u32 + 1;
    }
    r
}

/// The cycles of p of length ≥ 2, each from its least point, ordered by least point.
pub fn cycles_of(p: &[u32]) -> Vec<Vec<u32>> {
    let mut seen = vec![false; p.len()];
    let mut out = vec![];
    for s in 0..p.len() {
        let mut c = vec![];
        let mut x = s;
        while !seen[x] {
            seen[x] = true;
            c.push(x as u32 + 1);
            x = p[x] as usize - 1;
        }
        if c.len() > 1 {
            out.push(c);
        }
    }
    out
}

/// What is known of one permutation.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Described {
    /// Images of 1..=degree.
    pub images: Vec<u32>,
    /// Cycle notation ("()" for the identity).
    pub cycles: String,
    /// The order (lcm of the cycle lengths).
    pub order: String,
    /// Cycle lengths, decreasing, fixed points included.
    pub cycle_type: Vec<usize>,
    /// +1 for even, −1 for odd.
    pub sign: i8,
    /// Points moved.
    pub moved: usize,
}

/// The description of p.
pub fn describe_perm(p: &[u32]) -> Described {
    let cs = cycles_of(p);
    let mut cycle_type: Vec<usize> = cs.iter().map(Vec::len).collect();
    let moved: usize = cycle_type.iter().sum();
    cycle_type.extend(std::iter::repeat_n(1, p.len() - moved));
    cycle_type.sort_unstable_by(|a, b| b.cmp(a));
    let order = cycle_type.iter().fold(BigUint::from(1u32), |acc, &l| acc.lcm(&BigUint::from(l)));
    let odd = cs.iter().filter(|c| c.len() % 2 == 0).count() % 2 == 1;
    let text: String =
        cs.iter().map(|c| format!("({})", c.iter().map(u32::to_string).collect::<Vec<_>>().join(","))).collect();
    Described {
        images: p.to_vec(),
        cycles: if text.is_empty() { "()".into() } else { text },
        order: order.to_string(),
        cycle_type,
        sign: if odd { -1 } else { 1 },
        moved,
    }
}

/// An operation of `group.permutation.arithmetic`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Operation {
    /// p₁·p₂·…·p_k, applied left to right (p₁ first).
    Product,
    /// p₁⁻¹.
    Inverse,
    /// p₁^exponent (exponent may be negative).
    Power,
    /// [p₁, p₂] = p₁⁻¹·p₂⁻¹·p₁·p₂.
    Commutator,
    /// p₁^p₂ = p₂⁻¹·p₁·p₂.
    Conjugate,
    /// p₁ itself: its order, cycle type, sign and cycles.
    Describe,
}

/// Input of `group.permutation.arithmetic`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArithmeticInput {
    /// The operation.
    pub operation: Operation,
    /// The permutations (1 to 64): image lists or cycles.
    pub permutations: Vec<Permutation>,
    /// The exponent of `power` (|k| ≤ 10^18).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exponent: Option<i64>,
    /// The degree (default: the largest point moved).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub degree: Option<usize>,
}

/// `group.permutation.arithmetic`.
pub struct Arithmetic;

fn operands(i: &ArithmeticInput) -> Result<Generated, Diagnostic> {
    let g = super::read(&i.permutations, i.degree).map_err(|d| rename(d, "/generators", "/permutations"))?;
    let need = match i.operation {
        Operation::Product => 1..=64,
        Operation::Inverse | Operation::Power | Operation::Describe => 1..=1,
        Operation::Commutator | Operation::Conjugate => 2..=2,
    };
    if !need.contains(&g.generators.len()) {
        let message = format!("{:?} takes {} to {} permutations", i.operation, need.start(), need.end());
        return Err(Diagnostic::at("/permutations", "WRONG_COUNT", message));
    }
    match (i.operation, i.exponent) {
        (Operation::Power, None) => Err(Diagnostic::at("/exponent", "MISSING", "power needs an exponent")),
        (Operation::Power, Some(k)) if k.unsigned_abs() > 1_000_000_000_000_000_000 => {
            Err(Diagnostic::at("/exponent", "TOO_LARGE", "|exponent| ≤ 10^18"))
        }
        (Operation::Power, _) | (_, None) => Ok(g),
        _ => Err(Diagnostic::at("/exponent", "UNUSED", "only power takes an exponent")),
    }
}

/// Moves a diagnostic path from one field name to another.
pub fn rename(mut d: Diagnostic, from: &str, to: &str) -> Diagnostic {
    d.path = d.path.map(|p| p.replacen(from, to, 1));
    d
}

/// p^k by cycles (k reduced modulo each cycle length).
fn power(p: &[u32], k: i64) -> Vec<u32> {
    let mut r: Vec<u32> = (1..=p.len() as u32).collect();
    for c in cycles_of(p) {
        let l = c.len() as i64;
        let shift = k.rem_euclid(l) as usize;
        for (j, &x) in c.iter().enumerate() {
            r[x as usize - 1] = c[(j + shift) % c.len()];
        }
    }
    r
}

impl Query for Arithmetic {
    type Input = ArithmeticInput;
    type Output = Described;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "group.permutation.arithmetic",
                "Permutation arithmetic: product, inverse, power, order, cycle type, sign",
                "The product, inverse, power, commutator or conjugate of permutations, with the result's order, cycle type and sign.",
                "Multiplies permutations left to right (p·q applies p first, as GAP does), inverts, raises to a power \
                 by cycles, forms commutators p⁻¹q⁻¹pq and conjugates q⁻¹pq, natively up to 10,000 points; the result \
                 comes with its cycles, order, cycle type, sign and number of moved points. VERIFY: the result is \
                 replayed as a word in the operands and its order from its cycles.",
                &[
                    "permutation",
                    "product",
                    "compose",
                    "inverse",
                    "power",
                    "cycle-type",
                    "sign",
                    "parity",
                    "order",
                    "commutator",
                    "conjugate",
                ],
            ),
            &[EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("permutation.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "product of (1,2,3) and (3,4)",
                Mode::Verify,
                json!({"operation": "product", "permutations": ["(1,2,3)", "(3,4)"]}),
            ),
            (
                "order, cycle type and sign of a permutation",
                Mode::Explore,
                json!({"operation": "describe", "permutations": [[2, 3, 1, 5, 4]]}),
            ),
        ]
    }
    fn validate(&self, i: &ArithmeticInput) -> Result<(), Diagnostic> {
        operands(i).map(|_| ())
    }
    fn answer(&self, i: &ArithmeticInput, _ctx: &AdapterContext) -> Result<Answer<Described>, AdapterError> {
        let g = operands(i).map_err(|d| AdapterError::Backend(d.message))?;
        let ps = &g.generators;
        let (result, word): (Vec<u32>, Vec<(usize, i64)>) = match i.operation {
            Operation::Product => {
                let mut r: Vec<u32> = (1..=g.degree as u32).collect();
                ps.iter().for_each(|p| r = mul(&r, p));
                (r, (0..ps.len()).map(|k| (k, 1)).collect())
            }
            Operation::Inverse => (inv(&ps[0]), vec![(0, -1)]),
            Operation::Power => {
                let k = i.exponent.unwrap_or(1);
                let reduced = k.rem_euclid(describe_perm(&ps[0]).order.parse::<i64>().unwrap_or(i64::MAX));
                (power(&ps[0], k), if reduced == 0 { vec![] } else { vec![(0, reduced)] })
            }
            Operation::Commutator => {
                let r = mul(&mul(&inv(&ps[0]), &inv(&ps[1])), &mul(&ps[0], &ps[1]));
                (r, vec![(0, -1), (1, -1), (0, 1), (1, 1)])
            }
            Operation::Conjugate => (mul(&mul(&inv(&ps[1]), &ps[0]), &ps[1]), vec![(1, -1), (0, 1), (1, 1)]),
            Operation::Describe => (ps[0].clone(), vec![(0, 1)]),
        };
        let out = describe_perm(&result);
        let word: Vec<Value> = word.iter().map(|&(k, e)| json!([k, e])).collect();
        // A power word is replayed letter by letter: keep it within the checker's word bound.
        let letters: u64 = word.iter().filter_map(|w| w[1].as_i64()).map(i64::unsigned_abs).sum();
        let mut statements = vec![json!({"element_order": {"element": result, "order": out.order}})];
        if letters <= 1_000_000 {
            statements.push(json!({"member": {"element": result, "word": word}}));
        }
        Ok(with_claim(out.into(), &g, statements))
    }
}

/// Input of `group.permutation.conjugate`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConjugateInput {
    /// The first permutation.
    pub x: Permutation,
    /// The second permutation.
    pub y: Permutation,
    /// The degree n of S_n (default: the largest point moved).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub degree: Option<usize>,
}

/// Output of `group.permutation.conjugate`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ConjugateOutput {
    /// Whether c⁻¹·x·c = y for some c in S_n.
    pub conjugate: bool,
    /// Such a c (image list), when they are.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conjugator: Option<Vec<u32>>,
    /// The cycle type of x.
    pub cycle_type_x: Vec<usize>,
    /// The cycle type of y.
    pub cycle_type_y: Vec<usize>,
}

/// `group.permutation.conjugate`.
pub struct Conjugate;

fn pair(i: &ConjugateInput) -> Result<Generated, Diagnostic> {
    super::read(&[i.x.clone(), i.y.clone()], i.degree).map_err(|d| {
        let p = d.path.clone().unwrap_or_default();
        let field = if p.starts_with("/generators/1") { "/y" } else { "/x" };
        let mut d = d;
        d.path = Some(p.replacen("/generators/0", "", 1).replacen("/generators/1", "", 1))
            .map(|rest| if rest.starts_with("/degree") { rest } else { format!("{field}{rest}") });
        d
    })
}

/// A conjugator c with c⁻¹·x·c = y when x and y have one cycle type.
pub fn conjugator(x: &[u32], y: &[u32]) -> Option<Vec<u32>> {
    let all = |p: &[u32]| {
        let mut cs = cycles_of(p);
        let mut seen = vec![false; p.len()];
        cs.iter().flatten().for_each(|&v| seen[v as usize - 1] = true);
        cs.extend((1..=p.len() as u32).filter(|v| !seen[*v as usize - 1]).map(|v| vec![v]));
        cs.sort_by_key(|c| std::cmp::Reverse(c.len()));
        cs
    };
    let (cx, cy) = (all(x), all(y));
    if cx.iter().map(Vec::len).ne(cy.iter().map(Vec::len)) {
        return None;
    }
    let mut c = vec![0; x.len()];
    for (a, b) in cx.iter().zip(&cy) {
        for (u, v) in a.iter().zip(b) {
            c[*u as usize - 1] = *v;
        }
    }
    Some(c)
}

impl Query for Conjugate {
    type Input = ConjugateInput;
    type Output = ConjugateOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "group.permutation.conjugate",
                "Are two permutations conjugate in the symmetric group?",
                "Whether two permutations are conjugate in S_n, with a conjugator c such that c⁻¹xc = y when they are.",
                "Compares cycle types and, when they agree, matches cycles of equal length point by point to build a \
                 conjugator, natively up to 10,000 points. VERIFY: the conjugator is replayed (c⁻¹·x·c = y), or the \
                 differing cycle types are recomputed. Conjugacy inside a given group is group.permutation.membership.",
                &["permutation", "conjugate", "conjugacy", "conjugator", "symmetric-group", "cycle-type"],
            ),
            &[EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("permutation.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("conjugate 3-cycles in S_4", Mode::Verify, json!({"x": "(1,2,3)", "y": "(2,4,3)"}))]
    }
    fn validate(&self, i: &ConjugateInput) -> Result<(), Diagnostic> {
        pair(i).map(|_| ())
    }
    fn answer(&self, i: &ConjugateInput, _ctx: &AdapterContext) -> Result<Answer<ConjugateOutput>, AdapterError> {
        let g = pair(i).map_err(|d| AdapterError::Backend(d.message))?;
        let (x, y) = (&g.generators[0], &g.generators[1]);
        let c = conjugator(x, y);
        let statement = json!({"conjugate": {"x": x, "y": y, "conjugator": c, "within": "symmetric"}});
        let out = ConjugateOutput {
            conjugate: c.is_some(),
            conjugator: c,
            cycle_type_x: describe_perm(x).cycle_type,
            cycle_type_y: describe_perm(y).cycle_type,
        };
        Ok(with_claim(out.into(), &g, vec![statement]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_by_hand() {
        let p = vec![2, 3, 1, 4];
        let q = vec![1, 2, 4, 3];
        assert_eq!(mul(&p, &q), vec![2, 4, 1, 3]);
        assert_eq!(mul(&p, &inv(&p)), vec![1, 2, 3, 4]);
        assert_eq!(power(&p, -1), inv(&p));
        assert_eq!(power(&p, 3), vec![1, 2, 3, 4]);
        let d = describe_perm(&[2, 3, 1, 5, 4]);
        assert_eq!((d.order.as_str(), d.sign, d.cycles.as_str()), ("6", -1, "(1,2,3)(4,5)"));
        assert_eq!(d.cycle_type, vec![3, 2]);
        let c = conjugator(&[2, 3, 1, 4], &[1, 4, 2, 3]).unwrap();
        assert_eq!(mul(&mul(&inv(&c), &[2, 3, 1, 4]), &c), vec![1, 4, 2, 3]);
        assert!(conjugator(&[2, 1, 3], &[2, 3, 1]).is_none());
    }
}
