//! `combinatorics.set_function.analyze`: a set function f : 2^[n] → Q, given by its table, as
//! the coverage function of a family of sets, or as the cut function of a weighted graph; its
//! values on chosen sets, and whether it is normalized, monotone, submodular, supermodular or
//! modular, each failure with a witness.
//!
//! Submodularity is decided by its local form, f(S ∪ i) + f(S ∪ j) ≥ f(S ∪ {i, j}) + f(S) for
//! every S and i ≠ j outside S, which is equivalent to the global one; monotonicity by
//! f(S ∪ i) ≥ f(S). Every check runs over the whole table, exactly: the values are brought to a
//! common denominator and compared as integers.

use std::ops::Add;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::Rat;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{native, out_of_range};
use crate::cas::{self, Answer, Query};
use crate::rational::Rational;

/// Most ground-set elements of a table (2^16 values).
pub const MAX_TABLE: usize = 16;
/// Most ground-set elements of a coverage or cut function.
pub const MAX_GROUND: usize = 16;
/// Most covered elements, or edges.
pub const MAX_ITEMS: usize = 1024;

/// How the set function is given. The ground set is {0, …, n − 1}; a subset is the bitmask
/// Σ 2^i over its elements.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SetFunction {
    /// All 2^n values, indexed by bitmask: `values[5]` is f({0, 2}).
    Table {
        /// n (at most 16).
        n: usize,
        /// The 2^n rational values.
        values: Vec<Rational>,
    },
    /// f(S) = the total weight of ⋃_{i ∈ S} sets[i] (n = the number of sets).
    Coverage {
        /// The sets, of natural-number elements.
        sets: Vec<Vec<u32>>,
        /// Weights of elements as [element, weight] pairs; an element not listed weighs 1.
        #[serde(default)]
        weights: Vec<(u32, Rational)>,
    },
    /// f(S) = the total weight of the edges with exactly one end in S (n = `vertices`).
    Cut {
        /// The number of vertices.
        vertices: usize,
        /// Edges [u, v] or [u, v, weight] (weight 1 by default).
        edges: Vec<Vec<Value>>,
    },
}

/// Input of `combinatorics.set_function.analyze`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetFunctionInput {
    /// The function.
    pub function: SetFunction,
    /// Subsets (lists of elements) whose values are returned.
    #[serde(default)]
    pub evaluate: Vec<Vec<usize>>,
    /// Return the whole table of 2^n values (n ≤ 12).
    #[serde(default)]
    pub table: bool,
}

/// A set and its value.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SetValue {
    /// The set, ascending.
    pub set: Vec<usize>,
    /// f(set).
    pub value: Rational,
}

/// A failure of monotonicity or of (super)submodularity: the set S and elements outside it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Violation {
    /// S, ascending.
    pub set: Vec<usize>,
    /// The elements added: [i] for monotonicity (f(S ∪ i) < f(S)), [i, j] for the exchange
    /// inequality.
    pub elements: Vec<usize>,
    /// The two sides: [f(S ∪ i), f(S)], or [f(S ∪ i) + f(S ∪ j), f(S ∪ {i, j}) + f(S)].
    pub sides: [Rational; 2],
}

/// Output of `combinatorics.set_function.analyze`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SetFunctionOutput {
    /// The size of the ground set.
    pub n: usize,
    /// The values asked for (empty unless `evaluate` lists sets).
    pub values: Vec<SetValue>,
    /// All 2^n values by bitmask (when asked).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<Vec<Rational>>,
    /// f(∅) = 0.
    pub normalized: bool,
    /// f(S) ≤ f(T) whenever S ⊆ T.
    pub monotone: bool,
    /// f(S ∪ T) + f(S ∩ T) ≤ f(S) + f(T) for all S, T.
    pub submodular: bool,
    /// The reverse inequality for all S, T.
    pub supermodular: bool,
    /// Both: f(S) = f(∅) + Σ_{i ∈ S} (f({i}) − f(∅)).
    pub modular: bool,
    /// A set and an element with f(S ∪ i) < f(S), when not monotone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub monotone_violation: Option<Violation>,
    /// S, i, j with f(S ∪ i) + f(S ∪ j) < f(S ∪ {i, j}) + f(S), when not submodular.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub submodular_violation: Option<Violation>,
    /// S, i, j with f(S ∪ i) + f(S ∪ j) > f(S ∪ {i, j}) + f(S), when not supermodular.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub supermodular_violation: Option<Violation>,
}

fn members(mask: usize, n: usize) -> Vec<usize> {
    (0..n).filter(|i| mask >> i & 1 == 1).collect()
}

fn mask_of(set: &[usize], n: usize, path: &str) -> Result<usize, Diagnostic> {
    let mut mask = 0usize;
    for (k, &e) in set.iter().enumerate() {
        if e >= n || mask >> e & 1 == 1 {
            return Err(out_of_range(&format!("{path}/{k}"), format!("distinct elements in 0..{}", n.max(1) - 1)));
        }
        mask |= 1 << e;
    }
    Ok(mask)
}

fn weight(v: &Value, path: &str) -> Result<Rat, Diagnostic> {
    let r: Rational =
        serde_json::from_value(v.clone()).map_err(|_| Diagnostic::at(path, "BAD_NUMBER", "a rational weight"))?;
    Ok(r.value())
}

/// The function, read and checked completely before anything is computed.
enum Parsed {
    Table(Vec<Rat>),
    /// Each set as a bitset over the covered elements, and their weights.
    Coverage(Vec<Vec<u64>>, Vec<Rat>),
    /// The edges at each vertex, with their weights.
    Cut(Vec<Vec<(usize, Rat)>>),
}

fn parse(i: &SetFunctionInput) -> Result<(usize, Parsed), Diagnostic> {
    let (n, parsed) = match &i.function {
        SetFunction::Table { n, values } => {
            if *n == 0 || *n > MAX_TABLE {
                return Err(out_of_range("/function/table/n", format!("1 ≤ n ≤ {MAX_TABLE}")));
            }
            if values.len() != 1 << n {
                return Err(Diagnostic::at("/function/table/values", "BAD_LENGTH", format!("2^{n} values")));
            }
            (*n, Parsed::Table(values.iter().map(Rational::value).collect()))
        }
        SetFunction::Coverage { sets, weights } => {
            let n = sets.len();
            if n == 0 || n > MAX_GROUND {
                return Err(out_of_range("/function/coverage/sets", format!("1 to {MAX_GROUND} sets")));
            }
            let mut universe: Vec<u32> = sets.iter().flatten().copied().collect();
            universe.sort_unstable();
            universe.dedup();
            if universe.len() > MAX_ITEMS {
                return Err(out_of_range("/function/coverage/sets", format!("at most {MAX_ITEMS} elements")));
            }
            let mut w = vec![Rat::one(); universe.len()];
            for (k, (e, v)) in weights.iter().enumerate() {
                let Ok(at) = universe.binary_search(e) else {
                    return Err(Diagnostic::at(format!("/function/coverage/weights/{k}"), "UNKNOWN", "not in any set"));
                };
                w[at] = v.value();
            }
            let words = universe.len().div_ceil(64);
            let bits = sets
                .iter()
                .map(|s| {
                    let mut b = vec![0u64; words];
                    for at in s.iter().filter_map(|e| universe.binary_search(e).ok()) {
                        b[at / 64] |= 1 << (at % 64);
                    }
                    b
                })
                .collect();
            (n, Parsed::Coverage(bits, w))
        }
        SetFunction::Cut { vertices, edges } => {
            let n = *vertices;
            if n == 0 || n > MAX_GROUND {
                return Err(out_of_range("/function/cut/vertices", format!("1 ≤ vertices ≤ {MAX_GROUND}")));
            }
            if edges.len() > MAX_ITEMS {
                return Err(out_of_range("/function/cut/edges", format!("at most {MAX_ITEMS} edges")));
            }
            let mut incident: Vec<Vec<(usize, Rat)>> = vec![vec![]; n];
            for (k, e) in edges.iter().enumerate() {
                let path = format!("/function/cut/edges/{k}");
                let end = |x: &Value, j: usize| {
                    x.as_u64()
                        .map(|v| v as usize)
                        .filter(|&v| v < n)
                        .ok_or_else(|| out_of_range(&format!("{path}/{j}"), format!("a vertex in 0..{}", n - 1)))
                };
                let (u, v, w) = match e.as_slice() {
                    [u, v] => (end(u, 0)?, end(v, 1)?, Rat::one()),
                    [u, v, w] => (end(u, 0)?, end(v, 1)?, weight(w, &format!("{path}/2"))?),
                    _ => return Err(Diagnostic::at(path, "BAD_EDGE", "an edge is [u, v] or [u, v, weight]")),
                };
                if u != v {
                    incident[u].push((v, w.clone()));
                    incident[v].push((u, w));
                }
            }
            (n, Parsed::Cut(incident))
        }
    };
    for (k, set) in i.evaluate.iter().enumerate() {
        mask_of(set, n, &format!("/evaluate/{k}"))?;
    }
    if i.table && n > 12 {
        return Err(out_of_range("/table", "the whole table is returned for n ≤ 12"));
    }
    Ok((n, parsed))
}

/// The 2^n values by bitmask, each from the set without its lowest element.
fn values(n: usize, parsed: Parsed, ctx: &AdapterContext) -> Result<Vec<Rat>, AdapterError> {
    let mut values = vec![Rat::zero(); 1 << n];
    match parsed {
        Parsed::Table(v) => return Ok(v),
        Parsed::Coverage(bits, w) => {
            let mut unions = vec![vec![0u64; bits[0].len()]; 1 << n];
            for mask in 1usize..1 << n {
                if mask % 4096 == 0 {
                    ctx.checkpoint()?;
                }
                let (low, before) = (mask.trailing_zeros() as usize, mask & (mask - 1));
                let (done, rest) = unions.split_at_mut(mask);
                let mut value = values[before].clone();
                for (k, ((x, &a), &b)) in rest[0].iter_mut().zip(&done[before]).zip(&bits[low]).enumerate() {
                    *x = a | b;
                    // The weight of the elements the lowest set adds.
                    let mut fresh = b & !a;
                    while fresh != 0 {
                        value += &w[k * 64 + fresh.trailing_zeros() as usize];
                        fresh &= fresh - 1;
                    }
                }
                values[mask] = value;
            }
        }
        Parsed::Cut(incident) => {
            for mask in 1usize..1 << n {
                if mask % 4096 == 0 {
                    ctx.checkpoint()?;
                }
                let (low, before) = (mask.trailing_zeros() as usize, mask & (mask - 1));
                let mut value = values[before].clone();
                for (v, w) in &incident[low] {
                    if before >> v & 1 == 1 { value -= w } else { value += w }
                }
                values[mask] = value;
            }
        }
    }
    Ok(values)
}

/// The first monotonicity failure and the first failures of the exchange inequality either way,
/// as (S, elements, sides) on the integer values v.
type Found<T> = Option<(usize, Vec<usize>, [T; 2])>;

fn scan<T: Clone + Ord + Add<Output = T>>(
    v: &[T],
    n: usize,
    ctx: &AdapterContext,
) -> Result<[Found<T>; 3], AdapterError> {
    let (mut mono, mut sub, mut sup): (Found<T>, Found<T>, Found<T>) = (None, None, None);
    for s in 0..v.len() {
        if s % 4096 == 0 {
            ctx.checkpoint()?;
        }
        for i in (0..n).filter(|i| s >> i & 1 == 0) {
            let si = s | 1 << i;
            if mono.is_none() && v[si] < v[s] {
                mono = Some((s, vec![i], [v[si].clone(), v[s].clone()]));
            }
            if sub.is_some() && sup.is_some() {
                continue;
            }
            for j in (i + 1..n).filter(|j| s >> j & 1 == 0) {
                let sj = s | 1 << j;
                let left = v[si].clone() + v[sj].clone();
                let right = v[si | 1 << j].clone() + v[s].clone();
                if sub.is_none() && left < right {
                    sub = Some((s, vec![i, j], [left.clone(), right.clone()]));
                }
                if sup.is_none() && left > right {
                    sup = Some((s, vec![i, j], [left, right]));
                }
            }
        }
        if mono.is_some() && sub.is_some() && sup.is_some() {
            break;
        }
    }
    Ok([mono, sub, sup])
}

/// `combinatorics.set_function.analyze`.
pub struct SetFunctionAnalysis;

impl Query for SetFunctionAnalysis {
    type Input = SetFunctionInput;
    type Output = SetFunctionOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "combinatorics.set_function.analyze",
            "Set functions: evaluate, and decide monotone, submodular, supermodular or modular with a witness",
            "Evaluates a set function (a table, a coverage function or a graph cut function) and decides whether \
             it is normalized, monotone, submodular, supermodular or modular.",
            "Builds all 2^n values exactly (up to n = 16), then checks f(S ∪ i) ≥ f(S) and the local exchange inequality f(S ∪ i) + f(S ∪ j) ≥ \
             f(S ∪ {i, j}) + f(S) (equivalent to submodularity) over every S, i, j on integers over a common \
             denominator, returning the first violating S, i, j of each property.",
            &[
                "set-function",
                "submodular",
                "supermodular",
                "modular",
                "monotone",
                "diminishing-returns",
                "coverage",
                "cut-function",
                "polymatroid",
                "combinatorics",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("set_function.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "the cut function of a 4-cycle: submodular, not monotone",
                Mode::Explore,
                json!({"function": {"cut": {"vertices": 4, "edges": [[0, 1], [1, 2], [2, 3], [3, 0]]}},
                       "evaluate": [[0, 2]]}),
            ),
            (
                "a coverage function, evaluated on {0, 1}",
                Mode::Explore,
                json!({"function": {"coverage": {"sets": [[1, 2], [2, 3], [3, 4, 5]]}}, "evaluate": [[0, 1]]}),
            ),
            (
                "a table on two elements: f = |S|^2 is supermodular",
                Mode::Explore,
                json!({"function": {"table": {"n": 2, "values": [0, 1, 1, 4]}}}),
            ),
        ]
    }
    fn validate(&self, i: &SetFunctionInput) -> Result<(), Diagnostic> {
        parse(i).map(|_| ())
    }
    fn bounds(&self, _: &SetFunctionInput) -> Result<(), Refusal> {
        Ok(())
    }
    fn answer(&self, i: &SetFunctionInput, ctx: &AdapterContext) -> Result<Answer<SetFunctionOutput>, AdapterError> {
        let (n, parsed) = parse(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let values = values(n, parsed, ctx)?;
        let den = values.iter().fold(BigInt::one(), |acc, v| acc.lcm(v.denom()));
        let scaled: Vec<BigInt> = values.iter().map(|v| v.numer() * (&den / v.denom())).collect();
        let back = |x: &BigInt| Rational::of(&Rat::new(x.clone(), den.clone()));
        let small: Option<Vec<i128>> = scaled.iter().map(|x| x.to_i64().map(i128::from)).collect();
        let found: [Found<BigInt>; 3] = match small {
            Some(v) => scan(&v, n, ctx)?.map(|f| f.map(|(s, e, [a, b])| (s, e, [BigInt::from(a), BigInt::from(b)]))),
            None => scan(&scaled, n, ctx)?,
        };
        let [mono, sub, sup] = found;
        let violation = |f: Found<BigInt>| {
            f.map(|(s, elements, [a, b])| Violation { set: members(s, n), elements, sides: [back(&a), back(&b)] })
        };
        let (submodular, supermodular) = (sub.is_none(), sup.is_none());
        let out = SetFunctionOutput {
            n,
            values: i
                .evaluate
                .iter()
                .map(|s| {
                    let mask = s.iter().fold(0usize, |m, &e| m | 1 << e);
                    SetValue { set: members(mask, n), value: Rational::of(&values[mask]) }
                })
                .collect(),
            table: i.table.then(|| values.iter().map(Rational::of).collect()),
            normalized: values[0].is_zero(),
            monotone: mono.is_none(),
            submodular,
            supermodular,
            modular: submodular && supermodular,
            monotone_violation: violation(mono),
            submodular_violation: violation(sub),
            supermodular_violation: violation(sup),
        };
        Ok(out.into())
    }
}
