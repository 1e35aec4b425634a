//! The CNF formula: a conjunction of clauses over variables `1..=variables`, a clause a
//! disjunction of literals, a literal a nonzero integer whose sign is its polarity (DIMACS).
//!
//! Canonical form: each clause's literals sorted by variable (a negative literal before the
//! positive one of the same variable) with repeats removed; the clauses keep their order, since
//! proofs name input clauses by position (clause `i` is the `i`-th, from 1). Tautological and
//! empty clauses are kept: the first is true, the second makes the formula unsatisfiable.
//!
//! DIMACS text (`p cnf V C` then `C` clauses, each ended by `0`, comment lines starting with
//! `c`) is read strictly and written canonically by [`Cnf::to_dimacs`]; the DIMACS bytes of the
//! canonical form are what proof artifacts and checkers are bound to.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::ObjectType;
use crate::contract::Diagnostic;

/// Schema URI of CNF formulas as JSON objects.
pub const CNF_SCHEMA: &str = "urn:jacobian:schema:cnf:v1";
/// Schema URI of CNF formulas stored as canonical DIMACS text.
pub const DIMACS_CNF_SCHEMA: &str = "urn:jacobian:schema:dimacs-cnf:v1";
/// Most variables a CNF object may have.
pub const MAX_VARIABLES: u32 = 1 << 24;
/// Most clauses a CNF object may have.
pub const MAX_CLAUSES: usize = 1 << 24;
/// Most literals, over all clauses, a CNF object may have.
pub const MAX_LITERALS: usize = 1 << 26;
/// Most validation diagnostics listed; the rest are counted in one summary.
const MAX_DIAGNOSTICS: usize = 16;

/// A CNF formula over variables `1..=variables`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Cnf {
    /// Number of variables; every literal's variable is in `1..=variables`.
    #[schemars(range(max = 16_777_216))]
    pub variables: u32,
    /// The clauses, each a list of nonzero literals (`-3` is "not x3").
    #[schemars(length(max = 16_777_216))]
    pub clauses: Vec<Vec<i32>>,
}

fn capped(mut problems: Vec<Diagnostic>) -> Vec<Diagnostic> {
    if problems.len() > MAX_DIAGNOSTICS {
        let more = problems.len() - MAX_DIAGNOSTICS;
        problems.truncate(MAX_DIAGNOSTICS);
        problems.push(Diagnostic::error("MORE_VIOLATIONS", format!("{more} further problems not listed")));
    }
    problems
}

impl Cnf {
    /// Validates (literals nonzero and within `±variables`, size limits) and canonicalizes.
    /// Diagnostics point at `/variables`, `/clauses` or `/clauses/<i>/<j>`.
    pub fn new(variables: u32, clauses: Vec<Vec<i32>>) -> Result<Self, Vec<Diagnostic>> {
        if variables > MAX_VARIABLES {
            return Err(vec![Diagnostic::at(
                "/variables",
                "TOO_MANY_VARIABLES",
                format!("{variables} variables exceed the limit of {MAX_VARIABLES}"),
            )]);
        }
        if clauses.len() > MAX_CLAUSES {
            return Err(vec![Diagnostic::at(
                "/clauses",
                "TOO_MANY_CLAUSES",
                format!("{} clauses exceed the limit of {MAX_CLAUSES}", clauses.len()),
            )]);
        }
        let literals: usize = clauses.iter().map(Vec::len).sum();
        if literals > MAX_LITERALS {
            return Err(vec![Diagnostic::at(
                "/clauses",
                "TOO_MANY_LITERALS",
                format!("{literals} literals exceed the limit of {MAX_LITERALS}"),
            )]);
        }
        let mut problems = Vec::new();
        for (i, clause) in clauses.iter().enumerate() {
            for (j, &lit) in clause.iter().enumerate() {
                if lit == 0 {
                    problems.push(Diagnostic::at(
                        format!("/clauses/{i}/{j}"),
                        "ZERO_LITERAL",
                        "0 is not a literal (it only ends a clause in DIMACS text)",
                    ));
                } else if lit.unsigned_abs() > variables {
                    problems.push(Diagnostic::at(
                        format!("/clauses/{i}/{j}"),
                        "VARIABLE_OUT_OF_RANGE",
                        format!("literal {lit} names a variable outside 1..={variables}"),
                    ));
                }
            }
        }
        if !problems.is_empty() {
            return Err(capped(problems));
        }
        let clauses = clauses
            .into_iter()
            .map(|mut c| {
                c.sort_unstable_by_key(|&l| (l.unsigned_abs(), l > 0));
                c.dedup();
                c
            })
            .collect();
        Ok(Cnf { variables, clauses })
    }

    /// Reads DIMACS text strictly: optional comment lines (`c ...`) and blank lines, one
    /// `p cnf V C` header before any clause, then exactly `C` clauses of nonzero literals within
    /// `±V`, each ended by `0` (a clause may span lines, and `%` ends the input as in the SATLIB
    /// files). Diagnostics point at `path` and name the line.
    pub fn from_dimacs(text: &str, path: &str) -> Result<Self, Vec<Diagnostic>> {
        let at = |line: usize, code: &str, message: String| {
            vec![Diagnostic::at(path, code, format!("line {}: {message}", line + 1))]
        };
        let mut header: Option<(u32, usize)> = None;
        let mut clauses: Vec<Vec<i32>> = Vec::new();
        let mut current: Vec<i32> = Vec::new();
        let mut literals = 0usize;
        let mut last_line = 0;
        for (n, line) in text.lines().enumerate() {
            last_line = n;
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('c') {
                continue;
            }
            if trimmed.starts_with('%') {
                // SATLIB's end marker: only a lone `0` and blank lines may follow it.
                if let Some((m, extra)) =
                    text.lines().enumerate().skip(n + 1).find(|(_, l)| !l.trim().is_empty() && l.trim() != "0")
                {
                    return Err(at(m, "TEXT_AFTER_END", format!("`{}` follows the `%` end marker", extra.trim())));
                }
                break;
            }
            if let Some(rest) = trimmed.strip_prefix('p') {
                if header.is_some() {
                    return Err(at(n, "DUPLICATE_HEADER", "a second `p cnf` header".into()));
                }
                let fields: Vec<&str> = rest.split_whitespace().collect();
                let digits = |f: &str| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit());
                let parsed = match fields.as_slice() {
                    ["cnf", v, c] if rest.starts_with(char::is_whitespace) && digits(v) && digits(c) => {
                        v.parse::<u32>().ok().zip(c.parse::<usize>().ok())
                    }
                    _ => None,
                };
                let Some((v, c)) = parsed else {
                    return Err(at(
                        n,
                        "BAD_HEADER",
                        format!("expected `p cnf <variables> <clauses>`, found `{trimmed}`"),
                    ));
                };
                if v > MAX_VARIABLES || c > MAX_CLAUSES {
                    return Err(at(n, "TOO_LARGE", format!("the header declares {v} variables and {c} clauses")));
                }
                header = Some((v, c));
                continue;
            }
            let Some((variables, count)) = header else {
                return Err(at(n, "MISSING_HEADER", "a clause before the `p cnf` header".into()));
            };
            for token in trimmed.split_whitespace() {
                let plain = token.strip_prefix('-').unwrap_or(token);
                let lit = plain.bytes().all(|b| b.is_ascii_digit()).then(|| token.parse::<i32>().ok()).flatten();
                let Some(lit) = lit.filter(|_| token != "-0") else {
                    return Err(at(n, "BAD_LITERAL", format!("`{token}` is not a literal")));
                };
                if lit == 0 {
                    if clauses.len() == count {
                        return Err(at(n, "TOO_MANY_CLAUSES", format!("the header declares {count} clauses")));
                    }
                    clauses.push(std::mem::take(&mut current));
                    continue;
                }
                if lit.unsigned_abs() > variables {
                    return Err(at(
                        n,
                        "VARIABLE_OUT_OF_RANGE",
                        format!("literal {lit} names a variable outside 1..={variables}"),
                    ));
                }
                current.push(lit);
                literals += 1;
                if literals > MAX_LITERALS {
                    return Err(at(n, "TOO_MANY_LITERALS", format!("more than {MAX_LITERALS} literals")));
                }
            }
        }
        let Some((variables, count)) = header else {
            return Err(at(last_line, "MISSING_HEADER", "no `p cnf` header".into()));
        };
        if !current.is_empty() {
            return Err(at(last_line, "UNTERMINATED_CLAUSE", "the last clause is not ended by 0".into()));
        }
        if clauses.len() != count {
            return Err(at(
                last_line,
                "WRONG_CLAUSE_COUNT",
                format!("the header declares {count} clauses; the text has {}", clauses.len()),
            ));
        }
        Cnf::new(variables, clauses)
            .map_err(|ds| ds.into_iter().map(|d| Diagnostic { path: Some(path.into()), ..d }).collect())
    }

    /// The canonical DIMACS text: `p cnf V C`, then one clause per line, ended by `0`.
    pub fn to_dimacs(&self) -> String {
        use std::fmt::Write as _;
        let literals: usize = self.clauses.iter().map(Vec::len).sum();
        let mut out = String::with_capacity(24 + literals * 6 + self.clauses.len() * 2);
        let _ = writeln!(out, "p cnf {} {}", self.variables, self.clauses.len());
        for clause in &self.clauses {
            for lit in clause {
                let _ = write!(out, "{lit} ");
            }
            out.push_str("0\n");
        }
        out
    }

    /// The pigeonhole formula PHP(holes + 1, holes): pigeon `p` in hole `h` is variable
    /// `p·holes + h + 1`; every pigeon sits in some hole, no hole holds two. Unsatisfiable, and
    /// hard for resolution (every resolution refutation is exponential in `holes`), so a
    /// standard test of SAT solvers and proof checkers.
    /// `holes` is capped at 4096 (larger formulas exceed the CNF limits anyway).
    pub fn pigeonhole(holes: u32) -> Cnf {
        let holes = holes.min(4096);
        let pigeons = holes + 1;
        let var = |p: u32, h: u32| (p * holes + h + 1) as i32;
        let mut clauses: Vec<Vec<i32>> = (0..pigeons).map(|p| (0..holes).map(|h| var(p, h)).collect()).collect();
        for h in 0..holes {
            for a in 0..pigeons {
                for b in a + 1..pigeons {
                    clauses.push(vec![-var(a, h), -var(b, h)]);
                }
            }
        }
        Cnf { variables: pigeons * holes, clauses }
    }

    /// Number of literal occurrences.
    pub fn literals(&self) -> usize {
        self.clauses.iter().map(Vec::len).sum()
    }

    /// Whether a total assignment (`model[v - 1]` is the value of variable `v`) satisfies every clause.
    pub fn satisfied_by(&self, model: &[bool]) -> bool {
        self.clauses.iter().all(|c| {
            c.iter().any(|&l| {
                let value = (l.unsigned_abs() as usize).checked_sub(1).and_then(|i| model.get(i));
                value.is_some_and(|&value| value == (l > 0))
            })
        })
    }
}

impl ObjectType for Cnf {
    const SCHEMA_URI: &'static str = CNF_SCHEMA;
    const NAME: &'static str = "cnf";
    const SUMMARY: &'static str = "A CNF formula: clauses of nonzero DIMACS literals over variables 1..=variables.";

    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        Cnf::new(self.variables, self.clauses)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_form_sorts_and_dedups_literals_and_keeps_clause_order() {
        let cnf = Cnf::new(3, vec![vec![3, -1, 3, 2], vec![], vec![2, -2]]).unwrap();
        assert_eq!(cnf.clauses, vec![vec![-1, 2, 3], vec![], vec![-2, 2]]);
        assert_eq!(cnf.to_dimacs(), "p cnf 3 3\n-1 2 3 0\n0\n-2 2 0\n");
        assert_eq!(Cnf::from_dimacs(&cnf.to_dimacs(), "/dimacs").unwrap(), cnf);
    }

    #[test]
    fn dimacs_reader_accepts_comments_and_clauses_across_lines() {
        let text = "c a comment\np cnf 2 2\n1 -2\n 0 2\n0\n% trailing SATLIB marker\n0\n";
        let cnf = Cnf::from_dimacs(text, "/dimacs").unwrap();
        assert_eq!(cnf, Cnf { variables: 2, clauses: vec![vec![1, -2], vec![2]] });
    }

    #[test]
    fn dimacs_reader_rejects_each_malformation_with_its_line() {
        for (text, code) in [
            ("1 2 0\n", "MISSING_HEADER"),
            ("p cnf 2\n", "BAD_HEADER"),
            ("p cnf 2 1\np cnf 2 1\n", "DUPLICATE_HEADER"),
            ("p cnf 2 1\n1 3 0\n", "VARIABLE_OUT_OF_RANGE"),
            ("p cnf 2 1\n1 x 0\n", "BAD_LITERAL"),
            ("p cnf 2 1\n1 2\n", "UNTERMINATED_CLAUSE"),
            ("p cnf 2 2\n1 2 0\n", "WRONG_CLAUSE_COUNT"),
            ("p cnf 2 1\n1 0 2 0\n", "TOO_MANY_CLAUSES"),
            ("pcnf 2 1\n1 0\n", "BAD_HEADER"),
            ("p cnf +2 1\n1 0\n", "BAD_HEADER"),
            ("p cnf 2 1\n+1 0\n", "BAD_LITERAL"),
            ("p cnf 2 1\n1 -0\n", "BAD_LITERAL"),
            ("p cnf 1 1\n1 0\n%\n-1 0\n", "TEXT_AFTER_END"),
            ("", "MISSING_HEADER"),
        ] {
            let err = Cnf::from_dimacs(text, "/dimacs").unwrap_err();
            assert_eq!(err[0].code, code, "{text:?}");
            assert_eq!(err[0].path.as_deref(), Some("/dimacs"));
        }
    }

    #[test]
    fn validation_points_at_each_bad_literal() {
        let err = Cnf::new(2, vec![vec![1, 0], vec![3]]).unwrap_err();
        let paths: Vec<_> = err.iter().map(|d| d.path.clone().unwrap()).collect();
        assert_eq!(paths, ["/clauses/0/1", "/clauses/1/0"]);
    }

    #[test]
    fn pigeonhole_is_canonical_and_unsatisfiable_by_brute_force() {
        for holes in 1..=3 {
            let php = Cnf::pigeonhole(holes);
            assert_eq!(Cnf::new(php.variables, php.clauses.clone()).unwrap(), php);
            let n = php.variables;
            assert!(
                (0..1u32 << n).all(|bits| !php.satisfied_by(&(0..n).map(|i| bits >> i & 1 == 1).collect::<Vec<_>>()))
            );
        }
    }

    #[test]
    fn satisfaction_matches_brute_force_meaning() {
        let cnf = Cnf::new(2, vec![vec![1, 2], vec![-1, 2]]).unwrap();
        assert!(cnf.satisfied_by(&[false, true]));
        assert!(!cnf.satisfied_by(&[true, false]));
    }
}
