//! `lattice.order.properties`: finite lattices (as orders). Join and meet tables, bounds,
//! atoms and coatoms, complements; modularity decided with an N5 witness (a < b and c with
//! a ∨ c = b ∨ c, a ∧ c = b ∧ c) and distributivity with an N5 or M3 witness sublattice.

// Index loops over several parallel tables read more clearly than zipped iterators here.
#![allow(clippy::needless_range_loop, clippy::type_complexity)]

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::order::{FiniteLattice, Order};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::{native, statements};
use crate::cas::{self, Answer, Query};

/// A property of a lattice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LatticeProperty {
    /// The join table.
    Joins,
    /// The meet table.
    Meets,
    /// Bottom, top, atoms and coatoms.
    Bounds,
    /// Whether modular; an N5 sublattice if not.
    Modular,
    /// Whether distributive; an N5 or M3 sublattice if not.
    Distributive,
    /// Complements of each element; whether complemented and whether Boolean.
    Complements,
}

/// Input of `lattice.order.properties`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LatticeInput {
    /// The lattice.
    pub lattice: FiniteLattice,
    /// What to compute.
    #[schemars(length(min = 1))]
    pub properties: Vec<LatticeProperty>,
}

/// `lattice.order.properties`.
pub struct Properties;

struct Tables {
    join: Vec<Vec<usize>>,
    meet: Vec<Vec<usize>>,
    bottom: usize,
    top: usize,
}

fn tables(o: &Order) -> Tables {
    let n = o.n;
    let geq = o.geq();
    let join: Vec<Vec<usize>> = (0..n).map(|a| (0..n).map(|b| o.join(a, b).unwrap_or(0)).collect()).collect();
    let meet: Vec<Vec<usize>> = (0..n).map(|a| (0..n).map(|b| o.meet_in(&geq, a, b).unwrap_or(0)).collect()).collect();
    let bottom = (0..n).fold(0, |m, x| meet[m][x]);
    let top = (0..n).fold(0, |m, x| join[m][x]);
    Tables { join, meet, bottom, top }
}

/// An N5: a < b, c with a ∨ c = b ∨ c and a ∧ c = b ∧ c.
fn n5(o: &Order, t: &Tables) -> Option<Value> {
    for a in 0..o.n {
        for b in 0..o.n {
            if a == b || !o.le(a, b) {
                continue;
            }
            for c in 0..o.n {
                if t.join[a][c] == t.join[b][c] && t.meet[a][c] == t.meet[b][c] {
                    return Some(json!({"bottom": t.meet[a][c], "top": t.join[a][c], "middle": [a, b, c]}));
                }
            }
        }
    }
    None
}

/// An M3: three pairwise incomparable elements with one common join and one common meet.
fn m3(o: &Order, t: &Tables) -> Option<Value> {
    for x in 0..o.n {
        for y in x + 1..o.n {
            if o.le(x, y) || o.le(y, x) {
                continue;
            }
            let (j, m) = (t.join[x][y], t.meet[x][y]);
            for z in y + 1..o.n {
                if t.join[x][z] == j
                    && t.join[y][z] == j
                    && t.meet[x][z] == m
                    && t.meet[y][z] == m
                    && ![x, y, m, j].contains(&z)
                {
                    return Some(json!({"bottom": m, "top": j, "middle": [x, y, z]}));
                }
            }
        }
    }
    None
}

impl Query for Properties {
    type Input = LatticeInput;
    type Output = Map<String, Value>;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "lattice.order.properties",
                "Finite lattice properties",
                "Is a finite lattice distributive or modular, with a witness sublattice N5 or M3 when not; join and meet tables, atoms, complements, Boolean.",
                "A finite lattice (a poset by covers or order matrix, n ≤ 300, every pair with a join and a meet). \
                 `properties`: joins, meets, bounds (bottom, top, atoms, coatoms), modular (an N5 when not), distributive \
                 (an N5 or M3 when not), complements (complemented, Boolean). VERIFY: the discrete checker tests the \
                 law on every triple (n ≤ 120) or checks the witness is a sublattice of the right shape.",
                &[
                    "lattice",
                    "distributive-lattice",
                    "modular-lattice",
                    "n5",
                    "m3",
                    "join",
                    "meet",
                    "boolean-lattice",
                    "complemented",
                    "atoms",
                    "order",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("lattice.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "The pentagon N5 is not modular",
            Mode::Verify,
            json!({"lattice": {"elements": 5, "covers": [[0, 1], [1, 2], [2, 4], [0, 3], [3, 4]]}, "properties": ["modular", "distributive", "bounds"]}),
        )]
    }
    fn validate(&self, i: &LatticeInput) -> Result<(), Diagnostic> {
        i.lattice.order().map(|_| ()).map_err(|d| d[0].clone().under("/lattice"))
    }
    fn bounds(&self, _i: &LatticeInput) -> Result<(), Refusal> {
        Ok(())
    }
    fn answer(&self, i: &LatticeInput, ctx: &AdapterContext) -> Result<Answer<Map<String, Value>>, AdapterError> {
        let o = i.lattice.order().map_err(|d| AdapterError::Backend(d[0].message.clone()))?;
        let t = tables(&o);
        let mut out = Map::new();
        let mut claims = vec![];
        for p in &i.properties {
            ctx.checkpoint()?;
            let (key, value) = match p {
                LatticeProperty::Joins => ("joins", json!(t.join)),
                LatticeProperty::Meets => ("meets", json!(t.meet)),
                LatticeProperty::Bounds => {
                    let atoms: Vec<usize> = o.covers.iter().filter(|c| c[0] == t.bottom).map(|c| c[1]).collect();
                    let coatoms: Vec<usize> = o.covers.iter().filter(|c| c[1] == t.top).map(|c| c[0]).collect();
                    ("bounds", json!({"bottom": t.bottom, "top": t.top, "atoms": atoms, "coatoms": coatoms}))
                }
                LatticeProperty::Modular | LatticeProperty::Distributive => {
                    let modular = *p == LatticeProperty::Modular;
                    let witness = n5(&o, &t).or_else(|| if modular { None } else { m3(&o, &t) });
                    let name = if modular { "modular" } else { "distributive" };
                    claims.push(json!({"lattice": {"elements": o.n, "covers": o.covers, "property": name, "holds": witness.is_none(), "witness": witness}}));
                    (name, json!({"holds": witness.is_none(), "witness": witness}))
                }
                LatticeProperty::Complements => {
                    let comps: Vec<Vec<usize>> = (0..o.n)
                        .map(|a| (0..o.n).filter(|&b| t.join[a][b] == t.top && t.meet[a][b] == t.bottom).collect())
                        .collect();
                    let complemented = comps.iter().all(|c| !c.is_empty());
                    let boolean = complemented && n5(&o, &t).is_none() && m3(&o, &t).is_none();
                    ("complements", json!({"complements": comps, "complemented": complemented, "boolean": boolean}))
                }
            };
            out.insert(key.into(), value);
        }
        let mut answer = Answer::from(out);
        if !claims.is_empty() && o.n <= 120 || claims.iter().any(|c| c["lattice"]["holds"] == json!(false)) {
            let kept: Vec<Value> =
                claims.into_iter().filter(|c| o.n <= 120 || c["lattice"]["holds"] == json!(false)).collect();
            if !kept.is_empty() {
                answer = answer.claim(statements(kept));
            }
        }
        Ok(answer)
    }
}
