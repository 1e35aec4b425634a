//! `matroid.compute.properties`: matroids on at most 64 elements, by bases or as the column
//! matroid of a matrix over Q or F_p (ranks by exact elimination). Rank, bases, circuits (the
//! fundamental circuits of every basis), independence and closure of given sets, the dual,
//! loops and coloops, and a maximum-weight basis by the greedy algorithm.

// Index loops over several parallel tables read more clearly than zipped iterators here.
#![allow(clippy::needless_range_loop, clippy::type_complexity)]

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::combinatorial::{Matroid, matroid_bases};
use jacobian_runtime::objects::matrix::{Dense, Ring};
use jacobian_runtime::objects::polynomial::Rat;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::native;
use crate::cas::{self, Answer, Query};
use crate::counting::binomial_saturating;

/// Most candidate bases (r-subsets) examined for a matrix matroid.
pub const MAX_SUBSETS: u64 = 200_000;

/// A property of a matroid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MatroidProperty {
    /// The rank of the matroid.
    Rank,
    /// Every basis.
    Bases,
    /// Every circuit.
    Circuits,
    /// Rank and independence of each of `sets`.
    Independence,
    /// The closure of each of `sets`.
    Closure,
    /// The bases of the dual matroid.
    Dual,
    /// Loops and coloops.
    LoopsColoops,
    /// A basis of maximum total `weights` (greedy).
    MaximumWeightBasis,
}

/// Input of `matroid.compute.properties`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MatroidInput {
    /// The matroid.
    pub matroid: Matroid,
    /// What to compute.
    #[schemars(length(min = 1))]
    pub properties: Vec<MatroidProperty>,
    /// Sets of elements for independence and closure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sets: Option<Vec<Vec<usize>>>,
    /// One integer weight per element for the maximum-weight basis.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weights: Option<Vec<i64>>,
}

/// `matroid.compute.properties`.
pub struct Properties;

/// A rank oracle: by the bases (the largest intersection) or a matrix's column ranks.
pub(crate) enum Oracle {
    Bases(Vec<u64>),
    Matrix(Dense),
}

impl Oracle {
    pub(crate) fn rank(&self, s: u64) -> usize {
        match self {
            Oracle::Bases(b) => b.iter().map(|x| (x & s).count_ones() as usize).max().unwrap_or(0),
            Oracle::Matrix(d) => {
                let cols: Vec<usize> = (0..d.cols).filter(|&j| s >> j & 1 == 1).collect();
                match d.ring {
                    Ring::Prime(p) => {
                        let mut m: Vec<Vec<u64>> = (0..d.rows)
                            .map(|i| {
                                cols.iter()
                                    .map(|&j| d.data[i][j].num.mod_floor(&BigInt::from(p)).to_u64().unwrap_or(0))
                                    .collect()
                            })
                            .collect();
                        rank_mod(&mut m, p)
                    }
                    _ => {
                        let mut m: Vec<Vec<Rat>> = (0..d.rows)
                            .map(|i| {
                                cols.iter()
                                    .map(|&j| Rat::new(d.data[i][j].num.clone(), d.data[i][j].den.clone()))
                                    .collect()
                            })
                            .collect();
                        rank_q(&mut m)
                    }
                }
            }
        }
    }
}

fn rank_q(m: &mut [Vec<Rat>]) -> usize {
    let cols = m.first().map_or(0, Vec::len);
    let mut r = 0;
    for c in 0..cols {
        let Some(p) = (r..m.len()).find(|&i| !m[i][c].is_zero()) else { continue };
        m.swap(r, p);
        for i in 0..m.len() {
            if i != r && !m[i][c].is_zero() {
                let f = &m[i][c] / &m[r][c];
                for k in c..cols {
                    let v = &f * &m[r][k];
                    m[i][k] -= v;
                }
            }
        }
        r += 1;
    }
    r
}

fn rank_mod(m: &mut [Vec<u64>], p: u64) -> usize {
    let cols = m.first().map_or(0, Vec::len);
    let mul = |a: u64, b: u64| (a as u128 * b as u128 % p as u128) as u64;
    let inv = |a: u64| {
        let (mut r, mut b, mut e) = (1u64, a, p - 2);
        while e > 0 {
            if e & 1 == 1 {
                r = mul(r, b);
            }
            b = mul(b, b);
            e >>= 1;
        }
        r
    };
    let mut r = 0;
    for c in 0..cols {
        let Some(piv) = (r..m.len()).find(|&i| m[i][c] != 0) else { continue };
        m.swap(r, piv);
        let iv = inv(m[r][c]);
        for i in 0..m.len() {
            if i != r && m[i][c] != 0 {
                let f = mul(m[i][c], iv);
                for k in c..cols {
                    m[i][k] = (m[i][k] + p - mul(f, m[r][k])) % p;
                }
            }
        }
        r += 1;
    }
    r
}

fn elements(m: u64) -> Vec<usize> {
    (0..64).filter(|i| m >> i & 1 == 1).collect()
}

fn mask(s: &[usize]) -> u64 {
    s.iter().fold(0u64, |m, &x| m | 1 << x)
}

fn bases_of(o: &Oracle, n: usize, r: usize, ctx: &AdapterContext) -> Result<Vec<u64>, AdapterError> {
    if let Oracle::Bases(b) = o {
        return Ok(b.clone());
    }
    let mut out = vec![];
    let mut sub: Vec<usize> = (0..r).collect();
    let mut steps = 0u64;
    loop {
        steps += 1;
        if steps.is_multiple_of(1024) {
            ctx.checkpoint()?;
        }
        let m = mask(&sub);
        if o.rank(m) == r {
            out.push(m);
        }
        let mut i = r;
        loop {
            if i == 0 {
                out.sort_unstable();
                return Ok(out);
            }
            i -= 1;
            if sub[i] < n - r + i {
                sub[i] += 1;
                for j in i + 1..r {
                    sub[j] = sub[j - 1] + 1;
                }
                break;
            }
        }
        if r == 0 {
            return Ok(vec![0]);
        }
    }
}

impl Query for Properties {
    type Input = MatroidInput;
    type Output = Map<String, Value>;

    fn describe(&self) -> Describe {
        cas::describe(
            "matroid.compute.properties",
            "Matroid properties",
            "Rank, bases, circuits, independence and closure of sets, dual, loops and coloops, maximum-weight basis of a matroid given by bases or a matrix over Q or F_p.",
            "Native: a matroid on ≤ 64 elements by its bases (the exchange axiom is checked) or as the column matroid \
             of a matrix over Q or F_p (exact elimination). `properties`: rank, bases, circuits (fundamental circuits \
             of every basis), independence and closure of `sets`, dual, loops_coloops, maximum_weight_basis (greedy \
             on `weights`).",
            &[
                "matroid",
                "rank",
                "bases",
                "circuits",
                "independent-set",
                "closure",
                "dual-matroid",
                "greedy",
                "vector-matroid",
                "uniform-matroid",
                "loops",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("matroid.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "The uniform matroid U(2, 4)",
                Mode::Explore,
                json!({"matroid": {"elements": 4, "bases": [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]}, "properties": ["rank", "circuits", "dual"]}),
            ),
            (
                "The column matroid of a matrix over F_2 (the Fano matroid)",
                Mode::Explore,
                json!({"matroid": {"elements": 7, "matrix": {"ring": "F_2", "rows": [[1, 0, 0, 1, 1, 0, 1], [0, 1, 0, 1, 0, 1, 1], [0, 0, 1, 0, 1, 1, 1]]}},
                       "properties": ["rank", "circuits"], "sets": [[0, 1, 3]]}),
            ),
        ]
    }
    fn validate(&self, i: &MatroidInput) -> Result<(), Diagnostic> {
        let canonical = i.matroid.clone();
        use jacobian_runtime::objects::ObjectType;
        canonical.canonical().map_err(|d| d[0].clone().under("/matroid"))?;
        for (k, s) in i.sets.iter().flatten().enumerate() {
            if let Some(j) = s.iter().position(|&x| x >= i.matroid.elements) {
                return Err(super::out_of_range(&format!("/sets/{k}/{j}"), "not an element"));
            }
        }
        if let Some(w) = &i.weights
            && w.len() != i.matroid.elements
        {
            return Err(Diagnostic::at("/weights", "WRONG_LENGTH", "one weight per element"));
        }
        for (k, p) in i.properties.iter().enumerate() {
            let missing = match p {
                MatroidProperty::Independence | MatroidProperty::Closure => i.sets.is_none().then_some("sets"),
                MatroidProperty::MaximumWeightBasis => i.weights.is_none().then_some("weights"),
                _ => None,
            };
            if let Some(f) = missing {
                return Err(Diagnostic::at(format!("/properties/{k}"), "MISSING_FIELD", format!("needs `{f}`")));
            }
        }
        Ok(())
    }
    fn bounds(&self, i: &MatroidInput) -> Result<(), Refusal> {
        if let Some(m) = &i.matroid.matrix {
            let n = i.matroid.elements as u64;
            let rows = m.dense().map(|d| d.rows as u64).unwrap_or(0);
            let needs_bases = i
                .properties
                .iter()
                .any(|p| matches!(p, MatroidProperty::Bases | MatroidProperty::Circuits | MatroidProperty::Dual));
            if needs_bases
                && binomial_saturating(n, rows.min(n)) > u128::from(MAX_SUBSETS)
                && binomial_saturating(n, n / 2) > u128::from(MAX_SUBSETS)
            {
                return Err(super::too_large(
                    "/matroid/matrix",
                    format!("listing bases looks at up to C(n, r) > {MAX_SUBSETS} subsets"),
                ));
            }
        }
        Ok(())
    }
    fn answer(&self, i: &MatroidInput, ctx: &AdapterContext) -> Result<Answer<Map<String, Value>>, AdapterError> {
        let n = i.matroid.elements;
        let bad = |d: Vec<Diagnostic>| AdapterError::Backend(d[0].message.clone());
        let oracle = match (&i.matroid.bases, &i.matroid.matrix) {
            (Some(b), _) => Oracle::Bases(matroid_bases(n, b).map_err(bad)?),
            (None, Some(m)) => Oracle::Matrix(m.dense().map_err(|d| bad(vec![d]))?),
            _ => return Err(AdapterError::Backend("a matroid has bases or a matrix".into())),
        };
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let r = oracle.rank(all);
        let mut bases: Option<Vec<u64>> = None;
        let mut out = Map::new();
        for p in &i.properties {
            ctx.checkpoint()?;
            let mut need_bases = || -> Result<Vec<u64>, AdapterError> {
                if bases.is_none() {
                    bases = Some(bases_of(&oracle, n, r, ctx)?);
                }
                Ok(bases.clone().unwrap_or_default())
            };
            let (key, value) = match p {
                MatroidProperty::Rank => ("rank", json!(r)),
                MatroidProperty::Bases => {
                    let b = need_bases()?;
                    ("bases", json!({"count": b.len(), "bases": b.iter().map(|&m| elements(m)).collect::<Vec<_>>()}))
                }
                MatroidProperty::Circuits => {
                    let b = need_bases()?;
                    let mut circuits: Vec<u64> = vec![];
                    for &basis in &b {
                        ctx.checkpoint()?;
                        for e in 0..n {
                            if basis >> e & 1 == 1 {
                                continue;
                            }
                            let with = basis | 1 << e;
                            let c = elements(basis)
                                .into_iter()
                                .filter(|&x| oracle.rank(with & !(1 << x)) == r)
                                .fold(1u64 << e, |m, x| m | 1 << x);
                            circuits.push(c);
                        }
                    }
                    circuits.sort_unstable_by_key(|&c| (c.count_ones(), elements(c)));
                    circuits.dedup();
                    ("circuits", json!(circuits.iter().map(|&c| elements(c)).collect::<Vec<_>>()))
                }
                MatroidProperty::Independence => {
                    let rows: Vec<Value> = i
                        .sets
                        .iter()
                        .flatten()
                        .map(|s| {
                            let rk = oracle.rank(mask(s));
                            let mut distinct = s.clone();
                            distinct.sort_unstable();
                            distinct.dedup();
                            json!({"set": s, "rank": rk, "independent": rk == distinct.len()})
                        })
                        .collect();
                    ("independence", json!(rows))
                }
                MatroidProperty::Closure => {
                    let rows: Vec<Value> = i
                        .sets
                        .iter()
                        .flatten()
                        .map(|s| {
                            let m = mask(s);
                            let rk = oracle.rank(m);
                            json!((0..n).filter(|&e| oracle.rank(m | 1 << e) == rk).collect::<Vec<_>>())
                        })
                        .collect();
                    ("closure", json!(rows))
                }
                MatroidProperty::Dual => {
                    let b = need_bases()?;
                    let mut d: Vec<Vec<usize>> = b.iter().map(|&m| elements(all & !m)).collect();
                    d.sort();
                    ("dual", json!({"rank": n - r, "bases": d}))
                }
                MatroidProperty::LoopsColoops => {
                    let loops: Vec<usize> = (0..n).filter(|&e| oracle.rank(1 << e) == 0).collect();
                    let coloops: Vec<usize> = (0..n).filter(|&e| oracle.rank(all & !(1 << e)) < r).collect();
                    ("loops_coloops", json!({"loops": loops, "coloops": coloops}))
                }
                MatroidProperty::MaximumWeightBasis => {
                    let w = i.weights.clone().unwrap_or_default();
                    let mut order: Vec<usize> = (0..n).collect();
                    order.sort_by_key(|&e| (std::cmp::Reverse(w[e]), e));
                    let mut b = 0u64;
                    for e in order {
                        if oracle.rank(b | 1 << e) > b.count_ones() as usize {
                            b |= 1 << e;
                        }
                    }
                    let total: i64 = elements(b).iter().map(|&e| w[e]).sum();
                    ("maximum_weight_basis", json!({"basis": elements(b), "weight": total}))
                }
            };
            out.insert(key.into(), value);
        }
        Ok(out.into())
    }
}
