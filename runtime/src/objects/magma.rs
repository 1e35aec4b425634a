//! The finite magma: a set `{0..size-1}` with a binary operation given by its table.
//!
//! The table is its own canonical form (row `a`, column `b` holds `a * b`), so canonicalization
//! only validates. [`FiniteMagma::check_identity`] decides an [`Identity`] by evaluating it at
//! every assignment of its variables.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::ObjectType;
use super::term::{Identity, Term};
use crate::contract::Diagnostic;

/// Schema URI of finite magmas.
pub const FINITE_MAGMA_SCHEMA: &str = "urn:jacobian:schema:finite-magma:v1";
/// Largest size a finite-magma object may have.
pub const MAX_MAGMA_SIZE: u32 = 64;
/// Most validation diagnostics listed; the rest are counted in one summary.
const MAX_DIAGNOSTICS: usize = 16;

/// A finite magma: a set {0..size-1} with a binary operation given by its table, table[a][b] = a * b.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FiniteMagma {
    /// Number of elements.
    #[schemars(range(min = 1, max = MAX_MAGMA_SIZE))]
    pub size: u32,
    /// The operation: `size` rows of `size` entries, each an element.
    #[schemars(length(min = 1, max = MAX_MAGMA_SIZE), inner(length(min = 1, max = MAX_MAGMA_SIZE), inner(range(max = MAX_MAGMA_SIZE - 1))))]
    pub table: Vec<Vec<u32>>,
}

impl FiniteMagma {
    /// Validates: `1 <= size <= 64`, exactly `size` rows of `size` entries, every entry below `size`.
    /// Diagnostics point at `/size`, `/table`, `/table/<a>` or `/table/<a>/<b>`; past 16, the rest
    /// are counted in a final `MORE_VIOLATIONS`.
    pub fn new(size: u32, table: Vec<Vec<u32>>) -> Result<Self, Vec<Diagnostic>> {
        if !(1..=MAX_MAGMA_SIZE).contains(&size) {
            return Err(vec![Diagnostic::at(
                "/size",
                "SIZE_OUT_OF_RANGE",
                format!("size {size} is outside 1..={MAX_MAGMA_SIZE}"),
            )]);
        }
        let n = size as usize;
        let mut problems = Vec::new();
        if table.len() != n {
            problems.push(Diagnostic::at(
                "/table",
                "WRONG_ROW_COUNT",
                format!("the table has {} rows; a magma of size {size} needs exactly {size}", table.len()),
            ));
        }
        for (a, row) in table.iter().enumerate() {
            if row.len() != n {
                problems.push(Diagnostic::at(
                    format!("/table/{a}"),
                    "WRONG_ROW_LENGTH",
                    format!("row {a} has {} entries; a magma of size {size} needs exactly {size}", row.len()),
                ));
            }
            for (b, &entry) in row.iter().enumerate() {
                if entry >= size {
                    problems.push(Diagnostic::at(
                        format!("/table/{a}/{b}"),
                        "ENTRY_OUT_OF_RANGE",
                        format!("{a} * {b} = {entry} is not an element: entries must be below the size, {size}"),
                    ));
                }
            }
        }
        if problems.is_empty() {
            return Ok(FiniteMagma { size, table });
        }
        if problems.len() > MAX_DIAGNOSTICS {
            let more = problems.len() - MAX_DIAGNOSTICS;
            problems.truncate(MAX_DIAGNOSTICS);
            problems.push(Diagnostic::error("MORE_VIOLATIONS", format!("{more} further problems not listed")));
        }
        Err(problems)
    }

    /// `a * b`. The caller guarantees `a, b < size`; otherwise the answer is `size`, which is not
    /// an element, so that a misuse propagates as an out-of-range value rather than panicking.
    pub fn op(&self, a: u32, b: u32) -> u32 {
        if a >= self.size || b >= self.size {
            return self.size;
        }
        self.table.get(a as usize).and_then(|row| row.get(b as usize)).copied().unwrap_or(self.size)
    }

    /// Whether an identity holds for every assignment of its variables (constants interpreted by
    /// `consts`); with the first failing assignment otherwise.
    ///
    /// It holds at an assignment when both sides evaluate to the same element. Assignments are tried in lexicographic order, the variables sorted by name with the last
    /// one varying fastest; the error maps every variable of the identity. A constant of the
    /// identity that `consts` leaves unassigned or maps outside `0..size` makes the identity
    /// fail at the first assignment (all zeros). Costs `size^v` evaluations of both sides for
    /// `v` variables: bound `v` before calling.
    pub fn check_identity(&self, id: &Identity, consts: &BTreeMap<String, u32>) -> Result<(), BTreeMap<String, u32>> {
        let vars = id.variables();
        if self.size == 0 && !vars.is_empty() {
            return Ok(());
        }
        let sides = self.compile(&id.lhs, &vars, consts).zip(self.compile(&id.rhs, &vars, consts));
        let mut values = vec![0u32; vars.len()];
        let mut stack = Vec::new();
        loop {
            let holds = sides.as_ref().is_some_and(|(lhs, rhs)| {
                let value = self.run(lhs, &values, &mut stack);
                value < self.size && value == self.run(rhs, &values, &mut stack)
            });
            if !holds {
                return Err(vars.into_iter().zip(values).collect());
            }
            // The next assignment, as an odometer in base `size`.
            let mut i = values.len();
            loop {
                let Some(last) = i.checked_sub(1) else { return Ok(()) };
                i = last;
                match values.get_mut(i) {
                    Some(v) if *v + 1 < self.size => {
                        *v += 1;
                        break;
                    }
                    Some(v) => *v = 0,
                    None => return Ok(()),
                }
            }
        }
    }

    /// The term in postfix form, variables as indices into `vars` (sorted) and constants resolved;
    /// None if a constant is unassigned or not an element.
    fn compile(&self, term: &Term, vars: &[String], consts: &BTreeMap<String, u32>) -> Option<Vec<Step>> {
        fn emit(
            term: &Term,
            vars: &[String],
            consts: &BTreeMap<String, u32>,
            size: u32,
            out: &mut Vec<Step>,
        ) -> Option<()> {
            match term {
                Term::Var(name) => out.push(Step::Var(vars.binary_search(name).ok()?)),
                Term::Const(name) => out.push(Step::Value(consts.get(name).copied().filter(|&c| c < size)?)),
                Term::Op(a, b) => {
                    emit(a, vars, consts, size, out)?;
                    emit(b, vars, consts, size, out)?;
                    out.push(Step::Apply);
                }
            }
            Some(())
        }
        let mut out = Vec::new();
        emit(term, vars, consts, self.size, &mut out)?;
        Some(out)
    }

    /// Runs a compiled term on an assignment of the variables.
    fn run(&self, program: &[Step], values: &[u32], stack: &mut Vec<u32>) -> u32 {
        stack.clear();
        for step in program {
            let value = match *step {
                Step::Var(i) => values.get(i).copied().unwrap_or(self.size),
                Step::Value(c) => c,
                Step::Apply => match (stack.pop(), stack.pop()) {
                    (Some(b), Some(a)) => self.op(a, b),
                    _ => self.size,
                },
            };
            stack.push(value);
        }
        stack.pop().unwrap_or(self.size)
    }
}

/// One instruction of a term in postfix form.
#[derive(Debug, Clone, Copy)]
enum Step {
    /// Push the value of the variable with this index.
    Var(usize),
    /// Push this element.
    Value(u32),
    /// Pop `b`, then `a`; push `a * b`.
    Apply,
}

impl ObjectType for FiniteMagma {
    const SCHEMA_URI: &'static str = FINITE_MAGMA_SCHEMA;
    const NAME: &'static str = "finite_magma";
    const SUMMARY: &'static str = "A finite set {0..size-1} with a binary operation given by its table.";

    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        FiniteMagma::new(self.size, self.table)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::objects::ObjectRegistry;
    use crate::objects::term::parse_identity;
    use serde_json::{Value, json};

    const ASSOCIATIVE: &str = "x * (y * z) = x * y * z";
    const COMMUTATIVE: &str = "x * y = y * x";
    const IDEMPOTENT: &str = "x * x = x";

    /// A law as a predicate on an assignment of its variables, in name order.
    type Law = fn(&dyn Fn(u32, u32) -> u32, &[u32]) -> bool;
    const LAWS: [(&str, usize, Law); 3] = [
        (ASSOCIATIVE, 3, |op, v| op(v[0], op(v[1], v[2])) == op(op(v[0], v[1]), v[2])),
        (COMMUTATIVE, 2, |op, v| op(v[0], v[1]) == op(v[1], v[0])),
        (IDEMPOTENT, 1, |op, v| op(v[0], v[0]) == v[0]),
    ];

    fn magma(rows: &[&[u32]]) -> FiniteMagma {
        FiniteMagma::new(rows.len() as u32, rows.iter().map(|r| r.to_vec()).collect()).unwrap()
    }

    fn from_fn(size: u32, f: impl Fn(u32, u32) -> u32) -> FiniteMagma {
        FiniteMagma::new(size, (0..size).map(|a| (0..size).map(|b| f(a, b)).collect()).collect()).unwrap()
    }

    fn names(pairs: &[(&str, u32)]) -> BTreeMap<String, u32> {
        pairs.iter().map(|&(k, v)| (k.to_owned(), v)).collect()
    }

    /// `check_identity`, with the failing assignment as values in variable-name order.
    fn check(m: &FiniteMagma, law: &str, consts: &[(&str, u32)]) -> Result<(), Vec<u32>> {
        m.check_identity(&parse_identity(law).unwrap(), &names(consts)).map_err(|a| a.into_values().collect())
    }

    /// The first assignment, in lexicographic order, at which `law` fails, by direct table lookups.
    fn brute(m: &FiniteMagma, arity: usize, law: Law) -> Result<(), Vec<u32>> {
        let op = |a: u32, b: u32| m.table[a as usize][b as usize];
        let n = m.size as usize;
        (0..n.pow(arity as u32))
            .map(|k| (0..arity).rev().map(|i| (k / n.pow(i as u32) % n) as u32).collect::<Vec<_>>())
            .find(|v| !law(&op, v))
            .map_or(Ok(()), Err)
    }

    fn problems(err: Vec<Diagnostic>) -> Vec<(String, String)> {
        err.into_iter().map(|d| (d.path.unwrap_or_default(), d.code)).collect()
    }

    fn expect(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|&(p, c)| (p.to_owned(), c.to_owned())).collect()
    }

    #[test]
    fn validation_reports_each_problem_at_its_path() {
        let bad = |size, table: Vec<Vec<u32>>| problems(FiniteMagma::new(size, table).unwrap_err());
        assert_eq!(bad(0, vec![]), expect(&[("/size", "SIZE_OUT_OF_RANGE")]));
        assert_eq!(bad(65, vec![vec![0; 65]; 65]), expect(&[("/size", "SIZE_OUT_OF_RANGE")]));
        assert_eq!(bad(2, vec![vec![0, 1]; 3]), expect(&[("/table", "WRONG_ROW_COUNT")]));
        assert_eq!(bad(2, vec![vec![0, 1], vec![1]]), expect(&[("/table/1", "WRONG_ROW_LENGTH")]));
        assert_eq!(bad(2, vec![vec![0, 1], vec![1, 2]]), expect(&[("/table/1/1", "ENTRY_OUT_OF_RANGE")]));
        assert_eq!(
            bad(3, vec![vec![0, 7, 1, 2], vec![0, 1, 2]]),
            expect(&[
                ("/table", "WRONG_ROW_COUNT"),
                ("/table/0", "WRONG_ROW_LENGTH"),
                ("/table/0/1", "ENTRY_OUT_OF_RANGE")
            ])
        );
        let flood = bad(64, vec![vec![99; 64]; 64]);
        assert_eq!(flood.len(), MAX_DIAGNOSTICS + 1);
        assert_eq!(flood[MAX_DIAGNOSTICS], (String::new(), "MORE_VIOLATIONS".to_owned()));

        let valid = magma(&[&[0, 1], &[1, 0]]);
        assert_eq!(valid.clone().canonical().unwrap(), valid);
        assert_eq!(from_fn(MAX_MAGMA_SIZE, |a, b| a.max(b)).op(63, 2), 63);
    }

    #[test]
    fn op_never_panics_outside_the_carrier() {
        let m = magma(&[&[1, 0], &[0, 1]]);
        assert_eq!((m.op(0, 0), m.op(0, 1), m.op(2, 0), m.op(0, u32::MAX)), (1, 0, 2, 2));
        let broken = FiniteMagma { size: 3, table: vec![vec![0]] };
        assert_eq!(broken.op(1, 1), 3);
        assert!(broken.check_identity(&parse_identity(COMMUTATIVE).unwrap(), &BTreeMap::new()).is_err());
        let empty = FiniteMagma { size: 0, table: vec![] };
        assert_eq!(empty.check_identity(&parse_identity(IDEMPOTENT).unwrap(), &BTreeMap::new()), Ok(()));
    }

    #[test]
    fn check_identity_on_known_magmas() {
        let agree = |m: &FiniteMagma| {
            for (law, arity, holds) in LAWS {
                assert_eq!(check(m, law, &[]), brute(m, arity, holds), "{law} in {:?}", m.table);
            }
        };

        // x * y = 1 when x = y, else 0.
        let xnor = magma(&[&[1, 0], &[0, 1]]);
        agree(&xnor);
        assert_eq!(check(&xnor, ASSOCIATIVE, &[]), Ok(()));
        assert_eq!(check(&xnor, COMMUTATIVE, &[]), Ok(()));
        assert_eq!(check(&xnor, IDEMPOTENT, &[]), Err(vec![0]));
        assert_eq!(check(&xnor, "E * x = x", &[("E", 1)]), Ok(()));
        assert_eq!(check(&xnor, "E * x = x", &[("E", 0)]), Err(vec![0]));

        // x * y = 1 - x.
        let flip = from_fn(2, |x, _| 1 - x);
        agree(&flip);
        assert_eq!(check(&flip, ASSOCIATIVE, &[]), Err(vec![0, 0, 0]));
        assert_eq!(check(&flip, COMMUTATIVE, &[]), Err(vec![0, 1]));
        assert_eq!(check(&flip, IDEMPOTENT, &[]), Err(vec![0]));
        assert_eq!(check(&flip, "x * y * z = x", &[]), Ok(()));

        let z3 = from_fn(3, |x, y| (x + y) % 3);
        agree(&z3);
        assert_eq!(check(&z3, ASSOCIATIVE, &[]), Ok(()));
        assert_eq!(check(&z3, COMMUTATIVE, &[]), Ok(()));
        assert_eq!(check(&z3, IDEMPOTENT, &[]), Err(vec![1]));
        assert_eq!(check(&z3, "E * x = x", &[("E", 0)]), Ok(()));
        assert_eq!(check(&z3, "E * x = x", &[("E", 2)]), Err(vec![0]));
        assert_eq!(check(&z3, "x * (y * E) = E * (y * x)", &[("E", 2), ("Unused", 9)]), Ok(()));

        // The left-zero band: x * y = x.
        let left_zero = from_fn(3, |x, _| x);
        agree(&left_zero);
        assert_eq!(check(&left_zero, ASSOCIATIVE, &[]), Ok(()));
        assert_eq!(check(&left_zero, COMMUTATIVE, &[]), Err(vec![0, 1]));
        assert_eq!(check(&left_zero, IDEMPOTENT, &[]), Ok(()));
    }

    #[test]
    fn constants_and_ground_identities() {
        let z3 = from_fn(3, |x, y| (x + y) % 3);
        let unit = parse_identity("E * x = x").unwrap();
        let zero = names(&[("x", 0)]);
        assert_eq!(z3.check_identity(&unit, &BTreeMap::new()), Err(zero.clone()), "unassigned constant");
        assert_eq!(z3.check_identity(&unit, &names(&[("E", 3)])), Err(zero), "constant outside the carrier");
        assert_eq!(check(&z3, "E * E = E", &[("E", 0)]), Ok(()));
        assert_eq!(check(&z3, "E * E = E", &[("E", 1)]), Err(vec![]));
        let failing = z3.check_identity(&parse_identity("y * x = y * (z * x)").unwrap(), &BTreeMap::new());
        assert_eq!(failing, Err(names(&[("x", 0), ("y", 0), ("z", 1)])), "names every variable");
    }

    #[test]
    fn check_identity_agrees_with_brute_force_on_every_two_element_magma() {
        let mut counts = [0; 3];
        for bits in 0u32..16 {
            let m = from_fn(2, |a, b| bits >> (2 * a + b) & 1);
            for (count, (law, arity, holds)) in counts.iter_mut().zip(LAWS) {
                let expected = brute(&m, arity, holds);
                assert_eq!(check(&m, law, &[]), expected, "{law} in {:?}", m.table);
                *count += usize::from(expected.is_ok());
            }
        }
        // Of the 16 operations on {0, 1}, 8 are associative, 8 commutative, 4 idempotent.
        assert_eq!(counts, [8, 8, 4]);
    }

    #[test]
    fn the_registry_canonicalizes_and_refuses_with_paths() {
        let registry = ObjectRegistry::bundled();
        let kind = registry.get("finite_magma").expect("finite_magma is bundled");
        assert_eq!(kind.schema_uri(), FINITE_MAGMA_SCHEMA);
        assert!(registry.get(FINITE_MAGMA_SCHEMA).is_some());

        let valid = json!({"size": 2, "table": [[1, 0], [0, 1]]});
        assert_eq!(kind.canonicalize(&valid).unwrap(), valid);
        let refused = |v: Value| problems(kind.canonicalize(&v).unwrap_err());
        assert_eq!(
            refused(json!({"size": 2, "table": [[1, 0], [2, 1]]})),
            expect(&[("/table/1/0", "ENTRY_OUT_OF_RANGE")])
        );
        assert_eq!(refused(json!({"size": 2, "table": [[1, 0], [0]]})), expect(&[("/table/1", "WRONG_ROW_LENGTH")]));
        assert_eq!(refused(json!({"size": 3, "table": [[1, 0, 2]]})), expect(&[("/table", "WRONG_ROW_COUNT")]));
        assert_eq!(refused(json!({"size": 0, "table": [[0]]})), expect(&[("/size", "SCHEMA_VIOLATION")]));
        assert_eq!(refused(json!({"size": 65, "table": [[0]]})), expect(&[("/size", "SCHEMA_VIOLATION")]));
        assert_eq!(
            refused(json!({"size": 2, "table": [[1, 64], [0, 1]]})),
            expect(&[("/table/0/1", "SCHEMA_VIOLATION")])
        );
        assert_eq!(refused(json!({"size": 1, "table": [[0]], "order": 1})), expect(&[("/order", "UNKNOWN_FIELD")]));
    }
}
