//! Finite combinatorial objects: integer sequences, finite sets and set systems, latin squares,
//! matroids (by bases or by the columns of a matrix over Q or F_p), and finite probability
//! distributions with exact rational probabilities.
//!
//! Each canonical form is the one representative of the object: sets sorted without repeats,
//! a distribution's outcomes sorted and merged with their probabilities summing to exactly 1,
//! a matroid's bases sorted (and checked against the basis exchange axiom).

use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::ObjectType;
use super::integer::DecimalInteger;
use super::matrix::{Entry, Matrix, Scalar};
use crate::contract::Diagnostic;

/// Most terms of a sequence.
pub const MAX_TERMS: usize = 100_000;
/// Most points of a set system's ground set.
pub const MAX_POINTS: usize = 100_000;
/// Most sets of a set system.
pub const MAX_SETS: usize = 100_000;
/// Most elements of a finite set.
pub const MAX_SET_ELEMENTS: usize = 1_000_000;
/// Largest order of a latin square.
pub const MAX_LATIN_ORDER: usize = 256;
/// Most elements of a matroid's ground set.
pub const MAX_MATROID_ELEMENTS: usize = 64;
/// Most bases listed.
pub const MAX_BASES: usize = 20_000;
/// Most outcomes of a distribution.
pub const MAX_OUTCOMES: usize = 100_000;

fn one(path: impl Into<String>, code: &str, message: impl Into<String>) -> Vec<Diagnostic> {
    vec![Diagnostic::at(path, code, message)]
}

/// A finite integer sequence a(offset), a(offset + 1), ….
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IntegerSequence {
    /// The terms, at most 10^5.
    #[schemars(length(min = 1, max = 100000))]
    pub terms: Vec<DecimalInteger>,
    /// Index of the first term (0 when absent).
    #[serde(default)]
    pub offset: i64,
}

impl ObjectType for IntegerSequence {
    const SCHEMA_URI: &'static str = "urn:jacobian:schema:integer-sequence:v1";
    const NAME: &'static str = "integer_sequence";
    const SUMMARY: &'static str =
        "A finite integer sequence (1 to 10^5 terms of any size) with the index of its first term.";
    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        if self.terms.is_empty() || self.terms.len() > MAX_TERMS {
            return Err(one("/terms", "OUT_OF_RANGE", format!("1 to {MAX_TERMS} terms")));
        }
        Ok(self)
    }
}

/// A finite set of integers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FiniteSet {
    /// The elements (repeats are dropped; canonical order is increasing).
    #[schemars(length(max = 1000000))]
    pub elements: Vec<DecimalInteger>,
}

impl ObjectType for FiniteSet {
    const SCHEMA_URI: &'static str = "urn:jacobian:schema:finite-set:v1";
    const NAME: &'static str = "finite_set";
    const SUMMARY: &'static str = "A finite set of integers (at most 10^6), canonically increasing without repeats.";
    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        // Canonical decimal text parses back to the same integer, so sorting by value is exact.
        let mut v: Vec<(BigInt, DecimalInteger)> =
            self.elements.into_iter().map(|d| (d.as_str().parse().unwrap_or_default(), d)).collect();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v.dedup_by(|a, b| a.0 == b.0);
        Ok(FiniteSet { elements: v.into_iter().map(|(_, d)| d).collect() })
    }
}

/// A set system (hypergraph) on the points 0, …, n − 1: a list of subsets, repeats allowed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetSystem {
    /// Number of points n.
    #[schemars(range(max = 100000))]
    pub points: usize,
    /// The sets (edges), each a list of points.
    #[schemars(length(max = 100000))]
    pub sets: Vec<Vec<usize>>,
}

impl SetSystem {
    /// Validates points and sorts each set, refusing a repeated point within a set.
    pub fn normalized(&self) -> Result<Vec<Vec<usize>>, Vec<Diagnostic>> {
        if self.points > MAX_POINTS {
            return Err(one("/points", "OUT_OF_RANGE", format!("at most {MAX_POINTS} points")));
        }
        let mut out = Vec::with_capacity(self.sets.len());
        for (i, s) in self.sets.iter().enumerate() {
            if let Some(j) = s.iter().position(|&x| x >= self.points) {
                let m = format!("{} is not a point (0 to {})", s[j], self.points as i64 - 1);
                return Err(one(format!("/sets/{i}/{j}"), "OUT_OF_RANGE", m));
            }
            let mut t = s.clone();
            t.sort_unstable();
            if let Some(w) = t.windows(2).find(|w| w[0] == w[1]) {
                let j = s.iter().rposition(|&x| x == w[0]).unwrap_or(0);
                return Err(one(format!("/sets/{i}/{j}"), "REPEATED_POINT", format!("{} twice in one set", w[0])));
            }
            out.push(t);
        }
        Ok(out)
    }
}

impl ObjectType for SetSystem {
    const SCHEMA_URI: &'static str = "urn:jacobian:schema:set-system:v1";
    const NAME: &'static str = "set_system";
    const SUMMARY: &'static str =
        "A set system (hypergraph) on points 0..n: a list of subsets, each sorted; repeated sets allowed.";
    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        let sets = self.normalized()?;
        Ok(SetSystem { points: self.points, sets })
    }
}

/// A latin square of order n on the symbols 0, …, n − 1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LatinSquare {
    /// The rows; each row and each column holds every symbol once.
    #[schemars(length(min = 1, max = 256))]
    pub rows: Vec<Vec<usize>>,
}

impl LatinSquare {
    /// The first defect of a square claimed latin: `(pointer, code, message)`.
    pub fn defect(rows: &[Vec<usize>]) -> Option<(String, &'static str, String)> {
        let n = rows.len();
        if n == 0 || n > MAX_LATIN_ORDER {
            return Some(("/rows".into(), "OUT_OF_RANGE", format!("order 1 to {MAX_LATIN_ORDER}")));
        }
        for (i, r) in rows.iter().enumerate() {
            if r.len() != n {
                return Some((
                    format!("/rows/{i}"),
                    "WRONG_SHAPE",
                    format!("{} entries; the square has order {n}", r.len()),
                ));
            }
            if let Some(j) = r.iter().position(|&x| x >= n) {
                return Some((format!("/rows/{i}/{j}"), "OUT_OF_RANGE", format!("symbols are 0 to {}", n - 1)));
            }
        }
        for (i, r) in rows.iter().enumerate() {
            let mut seen = vec![false; n];
            for (j, &x) in r.iter().enumerate() {
                if std::mem::replace(&mut seen[x], true) {
                    return Some((format!("/rows/{i}/{j}"), "REPEATED_IN_ROW", format!("symbol {x} twice in row {i}")));
                }
            }
        }
        for j in 0..n {
            let mut seen = vec![false; n];
            for (i, r) in rows.iter().enumerate() {
                if std::mem::replace(&mut seen[r[j]], true) {
                    let m = format!("symbol {} twice in column {j}", r[j]);
                    return Some((format!("/rows/{i}/{j}"), "REPEATED_IN_COLUMN", m));
                }
            }
        }
        None
    }
}

impl ObjectType for LatinSquare {
    const SCHEMA_URI: &'static str = "urn:jacobian:schema:latin-square:v1";
    const NAME: &'static str = "latin_square";
    const SUMMARY: &'static str =
        "A latin square of order n ≤ 256 on symbols 0..n: every symbol once in each row and column.";
    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        match LatinSquare::defect(&self.rows) {
            Some((path, code, message)) => Err(one(path, code, message)),
            None => Ok(self),
        }
    }
}

/// A matroid on 0, …, n − 1 (n ≤ 64): by its bases, or as the column matroid of a matrix over
/// Q or F_p (element i is column i).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Matroid {
    /// Number of elements n (for a matrix, its number of columns).
    #[schemars(range(max = 64))]
    pub elements: usize,
    /// The bases, each a list of elements.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = 20000))]
    pub bases: Option<Vec<Vec<usize>>>,
    /// A matrix whose columns represent the elements (ring Q or F_p).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matrix: Option<Matrix>,
}

/// Bases as bitmasks after validation (sorted, with the exchange axiom checked).
pub fn matroid_bases(n: usize, bases: &[Vec<usize>]) -> Result<Vec<u64>, Vec<Diagnostic>> {
    if n > MAX_MATROID_ELEMENTS {
        return Err(one("/elements", "OUT_OF_RANGE", format!("at most {MAX_MATROID_ELEMENTS} elements")));
    }
    if bases.is_empty() || bases.len() > MAX_BASES {
        return Err(one("/bases", "OUT_OF_RANGE", format!("1 to {MAX_BASES} bases")));
    }
    let mut masks = Vec::with_capacity(bases.len());
    for (i, b) in bases.iter().enumerate() {
        let mut m = 0u64;
        for (j, &x) in b.iter().enumerate() {
            if x >= n {
                return Err(one(format!("/bases/{i}/{j}"), "OUT_OF_RANGE", format!("{x} is not an element")));
            }
            if m >> x & 1 == 1 {
                return Err(one(format!("/bases/{i}/{j}"), "REPEATED_ELEMENT", format!("{x} twice in a basis")));
            }
            m |= 1 << x;
        }
        if m.count_ones() != masks.first().map_or(m.count_ones(), |f: &u64| f.count_ones()) {
            return Err(one(format!("/bases/{i}"), "UNEQUAL_BASES", "every basis has the same size"));
        }
        masks.push(m);
    }
    let mut sorted = masks.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() != masks.len() {
        return Err(one("/bases", "REPEATED_BASIS", "a basis is listed twice"));
    }
    // Exchange: for B1, B2 and x in B1 \ B2 there is y in B2 \ B1 with B1 − x + y a basis.
    for (i, &b1) in masks.iter().enumerate() {
        for &b2 in &masks {
            let mut d = b1 & !b2;
            while d != 0 {
                let x = d.trailing_zeros();
                d &= d - 1;
                let mut e = b2 & !b1;
                let mut ok = false;
                while e != 0 {
                    let y = e.trailing_zeros();
                    e &= e - 1;
                    if sorted.binary_search(&((b1 & !(1 << x)) | 1 << y)).is_ok() {
                        ok = true;
                        break;
                    }
                }
                if !ok {
                    let m = format!("no element of another basis replaces {x} in this basis: the exchange axiom fails");
                    return Err(one(format!("/bases/{i}"), "NOT_A_MATROID", m));
                }
            }
        }
    }
    Ok(sorted)
}

impl ObjectType for Matroid {
    const SCHEMA_URI: &'static str = "urn:jacobian:schema:matroid:v1";
    const NAME: &'static str = "matroid";
    const SUMMARY: &'static str =
        "A matroid on 0..n (n ≤ 64) by its bases (exchange axiom checked) or by the columns of a matrix over Q or F_p.";
    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        match (&self.bases, &self.matrix) {
            (Some(b), None) => {
                let masks = matroid_bases(self.elements, b)?;
                let bases = masks.iter().map(|&m| (0..64).filter(|i| m >> i & 1 == 1).collect()).collect();
                Ok(Matroid { elements: self.elements, bases: Some(bases), matrix: None })
            }
            (None, Some(m)) => {
                let d = m.dense().map_err(|d| vec![d.under("/matrix")])?;
                if d.cols != self.elements || d.cols > MAX_MATROID_ELEMENTS || d.rows > MAX_MATROID_ELEMENTS {
                    let msg = format!("{} columns, one per element (at most 64), and at most 64 rows", self.elements);
                    return Err(one("/matrix", "WRONG_SHAPE", msg));
                }
                if matches!(d.ring, super::matrix::Ring::Integer) {
                    let q = super::matrix::Dense { ring: super::matrix::Ring::Rational, ..d };
                    return Ok(Matroid { elements: self.elements, bases: None, matrix: Some(q.to_matrix()) });
                }
                Ok(Matroid { elements: self.elements, bases: None, matrix: Some(d.to_matrix()) })
            }
            (None, None) => Err(one("/bases", "MISSING_FIELD", "give `bases` or `matrix`")),
            (Some(_), Some(_)) => Err(one("/matrix", "CONFLICTING_FIELDS", "give `bases` or `matrix`, not both")),
        }
    }
}

/// A finite probability distribution on rational values with exact rational probabilities.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FiniteDistribution {
    /// The values (integers or fractions "p/q").
    #[schemars(length(min = 1, max = 100000))]
    pub values: Vec<Entry>,
    /// Their probabilities, non-negative and summing to exactly 1.
    #[schemars(length(min = 1, max = 100000))]
    pub probabilities: Vec<Entry>,
}

/// Exact rational values `(value, probability)`, sorted by value, merged, zeros dropped.
pub type Atoms = Vec<(Scalar, Scalar)>;

fn add(a: &Scalar, b: &Scalar) -> Scalar {
    Scalar::fraction(&a.num * &b.den + &b.num * &a.den, &a.den * &b.den)
}

fn cmp(a: &Scalar, b: &Scalar) -> std::cmp::Ordering {
    (&a.num * &b.den).cmp(&(&b.num * &a.den))
}

impl FiniteDistribution {
    /// Validates and returns the atoms.
    pub fn atoms(&self) -> Result<Atoms, Vec<Diagnostic>> {
        if self.values.len() != self.probabilities.len() {
            return Err(one("/probabilities", "WRONG_LENGTH", "one probability per value"));
        }
        if self.values.is_empty() || self.values.len() > MAX_OUTCOMES {
            return Err(one("/values", "OUT_OF_RANGE", format!("1 to {MAX_OUTCOMES} values")));
        }
        let mut merged: Vec<(Scalar, Scalar)> = Vec::with_capacity(self.values.len());
        let mut total = Scalar::int(0);
        for (i, (v, p)) in self.values.iter().zip(&self.probabilities).enumerate() {
            let v = v.parse().map_err(|e| one(format!("/values/{i}"), "NOT_A_NUMBER", e))?;
            let p = p.parse().map_err(|e| one(format!("/probabilities/{i}"), "NOT_A_NUMBER", e))?;
            if p.num.is_negative() {
                return Err(one(format!("/probabilities/{i}"), "NEGATIVE", "probabilities are non-negative"));
            }
            total = add(&total, &p);
            merged.push((v, p));
        }
        if !(total.num.is_one() && total.den.is_one()) {
            return Err(one("/probabilities", "NOT_NORMALIZED", format!("the probabilities sum to {total}, not 1")));
        }
        merged.sort_by(|a, b| cmp(&a.0, &b.0));
        let mut atoms: Atoms = vec![];
        for (v, p) in merged {
            match atoms.last_mut() {
                Some(last) if last.0 == v => last.1 = add(&last.1, &p),
                _ => atoms.push((v, p)),
            }
        }
        atoms.retain(|(_, p)| !p.num.is_zero());
        Ok(atoms)
    }
}

impl ObjectType for FiniteDistribution {
    const SCHEMA_URI: &'static str = "urn:jacobian:schema:finite-distribution:v1";
    const NAME: &'static str = "finite_distribution";
    const SUMMARY: &'static str =
        "A finite probability distribution: rational values with exact rational probabilities summing to 1.";
    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        let atoms = self.atoms()?;
        Ok(FiniteDistribution {
            values: atoms.iter().map(|(v, _)| Entry::of(v)).collect(),
            probabilities: atoms.iter().map(|(_, p)| Entry::of(p)).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn canonical_forms_and_refusals() {
        let d: FiniteDistribution =
            serde_json::from_value(json!({"values": [2, 1, 2], "probabilities": ["1/4", "1/2", "1/4"]})).unwrap();
        let c = d.canonical().unwrap();
        assert_eq!(serde_json::to_value(&c).unwrap(), json!({"values": ["1", "2"], "probabilities": ["1/2", "1/2"]}));
        let bad: FiniteDistribution =
            serde_json::from_value(json!({"values": [1, 2], "probabilities": ["1/2", "1/3"]})).unwrap();
        assert_eq!(bad.canonical().unwrap_err()[0].code, "NOT_NORMALIZED");
        let square = LatinSquare { rows: vec![vec![0, 1], vec![0, 1]] };
        assert_eq!(square.canonical().unwrap_err()[0].path.as_deref(), Some("/rows/1/0"));
        let u24 = Matroid {
            elements: 4,
            bases: Some(vec![vec![0, 1], vec![0, 2], vec![0, 3], vec![1, 2], vec![1, 3], vec![2, 3]]),
            matrix: None,
        };
        assert!(u24.canonical().is_ok());
        let not = Matroid { elements: 4, bases: Some(vec![vec![0, 1], vec![2, 3]]), matrix: None };
        assert_eq!(not.canonical().unwrap_err()[0].code, "NOT_A_MATROID");
    }
}
