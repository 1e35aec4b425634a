//! Exact matrices over Z, Q and F_p, and the objects of linear algebra built on them: vectors,
//! lattices given by a basis, finitely generated abelian groups given by relations.
//!
//! A matrix is given densely (`rows`) or sparsely (`shape` and `entries` `[i, j, value]`);
//! entries are JSON integers or strings `"-12"`, `"3/4"`. The ring is `"Z"`, `"Q"` or `"F_p"`
//! for a prime p < 2^63, inferred (Z, or Q when a fraction appears) when absent. Canonical form:
//! the ring named, `shape` given, dense `rows` of canonical strings (fractions in lowest terms,
//! residues in 0..p). Ragged rows, an entry outside the ring (a fraction over Z, a denominator
//! divisible by p over F_p) and sizes past the bounds are refused at the entry's JSON Pointer.

use std::fmt;

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::ObjectType;
use crate::contract::Diagnostic;

/// Schema URI of matrices.
pub const MATRIX_SCHEMA: &str = "urn:jacobian:schema:matrix:v1";
/// Schema URI of vectors.
pub const VECTOR_SCHEMA: &str = "urn:jacobian:schema:vector:v1";
/// Schema URI of lattices.
pub const LATTICE_SCHEMA: &str = "urn:jacobian:schema:lattice:v1";
/// Schema URI of finitely generated abelian groups.
pub const ABELIAN_GROUP_SCHEMA: &str = "urn:jacobian:schema:abelian-group:v1";
/// Most rows or columns of a matrix object (capabilities set their own, lower bounds).
pub const MAX_DIMENSION: usize = 2_000;
/// Most entries of a matrix object.
pub const MAX_ENTRIES: usize = 1_000_000;
/// Most characters of one entry.
pub const MAX_ENTRY_LENGTH: usize = 10_001;

/// The ring of a matrix: the integers, the rationals, or a prime field.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Ring {
    /// Z.
    Integer,
    /// Q.
    Rational,
    /// F_p, p prime.
    Prime(u64),
}

impl Ring {
    /// Parses `Z`, `Q` or `F_p`.
    pub fn parse(text: &str) -> Result<Ring, String> {
        match text {
            "Z" => Ok(Ring::Integer),
            "Q" => Ok(Ring::Rational),
            _ => {
                let p = text
                    .strip_prefix("F_")
                    .and_then(|p| p.parse::<u64>().ok())
                    .ok_or_else(|| format!("`{text}` is not a ring: Z, Q or F_p"))?;
                if p >= 1 << 63 || !is_prime(p) {
                    return Err(format!("F_{p}: the modulus is a prime below 2^63"));
                }
                Ok(Ring::Prime(p))
            }
        }
    }

    /// Whether the ring is a field.
    pub fn is_field(&self) -> bool {
        !matches!(self, Ring::Integer)
    }
}

impl fmt::Display for Ring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ring::Integer => f.write_str("Z"),
            Ring::Rational => f.write_str("Q"),
            Ring::Prime(p) => write!(f, "F_{p}"),
        }
    }
}

impl Serialize for Ring {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Ring {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Ring::parse(&text).map_err(serde::de::Error::custom)
    }
}

impl JsonSchema for Ring {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Ring".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "The ring: \"Z\" (integers), \"Q\" (rationals) or \"F_p\" (integers modulo a prime p < 2^63, e.g. \"F_7\").",
            "type": "string",
            "pattern": "^(Z|Q|F_[0-9]{1,19})$"
        })
    }
}

/// Deterministic Miller–Rabin for 64-bit integers (these bases decide every n < 2^64).
pub fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    for p in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let mul = |a: u64, b: u64| ((a as u128 * b as u128) % n as u128) as u64;
    let pow = |mut b: u64, mut e: u64| {
        let mut r = 1u64;
        while e > 0 {
            if e & 1 == 1 {
                r = mul(r, b);
            }
            b = mul(b, b);
            e >>= 1;
        }
        r
    };
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    'bases: for a in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
        let mut x = pow(a, d);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul(x, x);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// An entry as given: a JSON integer or a string `p` or `p/q`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Entry(String);

impl Entry {
    /// The entry's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The canonical entry of an exact value.
    pub fn of(value: &Scalar) -> Entry {
        Entry(value.to_string())
    }

    /// The entry as a machine integer when it is one of fewer than 19 characters, the texts
    /// [`Entry::parse`] reads without a big integer.
    fn machine(&self) -> Option<i64> {
        if self.0.len() < 19 { self.0.parse().ok() } else { None }
    }

    /// Parses `p` or `p/q` into a fraction in lowest terms with a positive denominator.
    pub fn parse(&self) -> Result<Scalar, String> {
        let text = self.0.as_str();
        if text.len() > MAX_ENTRY_LENGTH {
            return Err(format!("an entry has at most {} characters", MAX_ENTRY_LENGTH - 1));
        }
        let bad = || format!("`{}` is not an integer or a fraction p/q", text.chars().take(40).collect::<String>());
        let int = |t: &str, signed: bool| -> Option<BigInt> {
            let digits = if signed { t.strip_prefix(['-', '+']).unwrap_or(t) } else { t };
            (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then(|| t.parse().ok())?
        };
        let (n, d) = match text.split_once('/') {
            Some((n, d)) => (int(n, true).ok_or_else(bad)?, int(d, false).ok_or_else(bad)?),
            // Most entries are machine integers: no big parse, no gcd. (`i64::from_str` takes an
            // optional sign and decimal digits, nothing else.)
            None if text.len() < 19 => return self.machine().map(Scalar::int).ok_or_else(bad),
            None => (int(text, true).ok_or_else(bad)?, BigInt::one()),
        };
        if d.is_zero() {
            return Err("a denominator is not zero".into());
        }
        Ok(Scalar::fraction(n, d))
    }
}

impl Serialize for Entry {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Entry {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Entry;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an integer, or a string \"p\" or \"p/q\"")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Entry, E> {
                Ok(Entry(v.to_string()))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Entry, E> {
                Ok(Entry(v.to_string()))
            }
            fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<Entry, E> {
                Err(E::custom("give entries as integers or strings \"p/q\"; floating-point numbers are not exact"))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Entry, E> {
                Ok(Entry(v.to_owned()))
            }
        }
        d.deserialize_any(Visitor)
    }
}

impl JsonSchema for Entry {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "MatrixEntry".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "An exact number: a JSON integer within 64 bits, or a string \"p\" or \"p/q\" of any size.",
            "type": ["integer", "string"],
            "maxLength": MAX_ENTRY_LENGTH
        })
    }
}

/// An exact value: a fraction in lowest terms with a positive denominator (1 for integers and
/// for residues, which lie in 0..p).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Scalar {
    /// Numerator.
    pub num: BigInt,
    /// Denominator, positive.
    pub den: BigInt,
}

impl Scalar {
    /// The integer `n`.
    pub fn int(n: impl Into<BigInt>) -> Scalar {
        Scalar { num: n.into(), den: BigInt::one() }
    }

    /// `n / d` in lowest terms (`d` ≠ 0).
    pub fn fraction(n: BigInt, d: BigInt) -> Scalar {
        if d.is_one() {
            return Scalar { num: n, den: d };
        }
        let g = n.gcd(&d);
        let (mut n, mut d) = if g.is_zero() || g.is_one() { (n, d) } else { (n / &g, d / &g) };
        if d.is_negative() {
            n = -n;
            d = -d;
        }
        Scalar { num: n, den: d }
    }

    /// Whether the denominator is 1.
    pub fn is_integer(&self) -> bool {
        self.den.is_one()
    }

    /// The residue modulo `p`, when the denominator is invertible modulo `p`.
    pub fn modulo(&self, p: u64) -> Option<Scalar> {
        let p = BigInt::from(p);
        let n = self.num.mod_floor(&p);
        if self.den.is_one() {
            return Some(Scalar::int(n));
        }
        let e = self.den.mod_floor(&p).extended_gcd(&p);
        e.gcd.is_one().then(|| Scalar::int((n * e.x).mod_floor(&p)))
    }
}

impl fmt::Display for Scalar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den.is_one() { write!(f, "{}", self.num) } else { write!(f, "{}/{}", self.num, self.den) }
    }
}

/// One entry of a sparse matrix: row, column, value.
pub type SparseEntry = (usize, usize, Entry);

/// A matrix over Z, Q or F_p, dense or sparse.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Matrix {
    /// The ring; inferred (Z, or Q when an entry is a fraction) when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ring: Option<Ring>,
    /// `[rows, columns]`; required with `entries` and for matrices without rows or columns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shape: Option<[usize; 2]>,
    /// The rows, each a list of entries of equal length.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 2000))]
    pub rows: Option<Vec<Vec<Entry>>>,
    /// Sparse input: `[i, j, value]` triples (0-based; entries not listed are 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 1_000_000))]
    pub entries: Option<Vec<SparseEntry>>,
}

/// A matrix read into exact values, every row of the same length.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dense {
    /// The ring.
    pub ring: Ring,
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// The entries, row by row.
    pub data: Vec<Vec<Scalar>>,
}

impl Dense {
    /// The canonical matrix object of these values.
    pub fn to_matrix(&self) -> Matrix {
        Matrix {
            ring: Some(self.ring.clone()),
            shape: Some([self.rows, self.cols]),
            rows: Some(self.data.iter().map(|r| r.iter().map(Entry::of).collect()).collect()),
            entries: None,
        }
    }

    /// Whether the matrix is square.
    pub fn is_square(&self) -> bool {
        self.rows == self.cols
    }

    /// The most decimal digits of a numerator or denominator.
    pub fn max_digits(&self) -> usize {
        let digits = |n: &BigInt| digits_of_bits(n.bits());
        self.data.iter().flatten().map(|s| digits(&s.num).max(digits(&s.den))).max().unwrap_or(0)
    }
}

/// ⌈bits · log₁₀ 2⌉: the digits counted for an integer of that many bits.
fn digits_of_bits(bits: u64) -> usize {
    (bits as f64 * std::f64::consts::LOG10_2).ceil() as usize
}

fn check_dimension(n: usize, at: &str) -> Result<(), Diagnostic> {
    if n > MAX_DIMENSION {
        return Err(Diagnostic::at(
            at,
            "TOO_LARGE",
            format!("{n} exceeds the {MAX_DIMENSION} rows or columns of a matrix"),
        ));
    }
    Ok(())
}

/// Reads one entry at `at` into `ring` (None: as a rational).
/// Where an entry was given, made into a JSON Pointer only for a diagnostic.
#[derive(Debug, Clone, Copy)]
enum Place {
    /// `/rows/i/j`.
    Dense(usize, usize),
    /// `/entries/k/2`.
    Sparse(usize),
    /// A zero left out of sparse entries.
    Implicit,
}

impl Place {
    fn pointer(self) -> String {
        match self {
            Place::Dense(i, j) => format!("/rows/{i}/{j}"),
            Place::Sparse(k) => format!("/entries/{k}/2"),
            Place::Implicit => String::new(),
        }
    }
}

fn entry_in(e: &Entry, ring: Option<&Ring>, place: Place) -> Result<Scalar, Diagnostic> {
    let at = || place.pointer();
    let v = e.parse().map_err(|m| Diagnostic::at(at(), "NOT_A_NUMBER", m))?;
    match ring {
        Some(Ring::Integer) if !v.is_integer() => Err(Diagnostic::at(
            at(),
            "NOT_IN_RING",
            format!("`{v}` is a fraction in a matrix over Z; give the ring \"Q\" or integer entries"),
        )),
        Some(Ring::Prime(p)) => v.modulo(*p).ok_or_else(|| {
            Diagnostic::at(
                at(),
                "NOT_IN_RING",
                format!("`{v}` has a denominator divisible by {p}, so it is not in F_{p}"),
            )
        }),
        _ => Ok(v),
    }
}

impl Matrix {
    /// Rows, columns and [`Dense::max_digits`] of a nonempty matrix given by rows of machine
    /// integers (its ring absent or Z), found without building it, for validation and bounds
    /// that [`Matrix::dense`] would pass. `None` for anything else, which `dense` reads and
    /// diagnoses in full.
    pub fn machine_integers(&self) -> Option<(usize, usize, usize)> {
        let (rows, n) = self.machine_grid()?;
        let mut bits = 0;
        for e in rows.iter().flatten() {
            bits = bits.max(u64::BITS - e.machine()?.unsigned_abs().leading_zeros());
        }
        // As `max_digits` counts them: the denominator 1 has one digit.
        Some((rows.len(), n, digits_of_bits(u64::from(bits)).max(1)))
    }

    /// The rows of a matrix that [`Matrix::machine_integers`] accepts, as machine integers.
    pub fn machine_rows(&self) -> Option<Vec<Vec<i64>>> {
        let (rows, _) = self.machine_grid()?;
        rows.iter().map(|r| r.iter().map(Entry::machine).collect()).collect()
    }

    /// Nonempty rectangular rows within the size limits, over Z or no ring given, and their
    /// length: the shape `machine_integers` reads.
    fn machine_grid(&self) -> Option<(&[Vec<Entry>], usize)> {
        if !matches!(self.ring, None | Some(Ring::Integer)) || self.entries.is_some() {
            return None;
        }
        let rows = self.rows.as_ref()?;
        let (m, n) = (rows.len(), rows.first()?.len());
        let fits = n > 0 && m <= MAX_DIMENSION && n <= MAX_DIMENSION && m * n <= MAX_ENTRIES;
        let rectangular = rows.iter().all(|r| r.len() == n);
        (fits && rectangular && self.shape.is_none_or(|s| s == [m, n])).then_some((rows.as_slice(), n))
    }

    /// Validates and reads the matrix: the first problem found is returned with a JSON Pointer
    /// relative to the object.
    pub fn dense(&self) -> Result<Dense, Diagnostic> {
        let (m, n, grid): (usize, usize, Vec<Vec<(&Entry, Place)>>) = match (&self.rows, &self.entries) {
            (Some(_), Some(_)) => {
                return Err(Diagnostic::at("/entries", "AMBIGUOUS", "give either `rows` or `shape` with `entries`"));
            }
            (Some(rows), None) => {
                check_dimension(rows.len(), "/rows")?;
                let n = match (rows.first(), self.shape) {
                    (Some(r), _) => r.len(),
                    (None, Some([_, n])) => n,
                    (None, None) => 0,
                };
                check_dimension(n, "/rows/0")?;
                if rows.len().saturating_mul(n) > MAX_ENTRIES {
                    return Err(Diagnostic::at("/rows", "TOO_LARGE", format!("more than {MAX_ENTRIES} entries")));
                }
                if let Some((i, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != n) {
                    return Err(Diagnostic::at(
                        format!("/rows/{i}"),
                        "RAGGED_ROWS",
                        format!("row {i} has {} entries where row 0 has {n}", r.len()),
                    ));
                }
                if let Some(shape) = self.shape.filter(|s| *s != [rows.len(), n]) {
                    return Err(Diagnostic::at(
                        "/shape",
                        "SHAPE_MISMATCH",
                        format!("shape {shape:?} but the rows make a {} × {n} matrix", rows.len()),
                    ));
                }
                let grid = rows
                    .iter()
                    .enumerate()
                    .map(|(i, r)| r.iter().enumerate().map(|(j, e)| (e, Place::Dense(i, j))).collect())
                    .collect();
                (rows.len(), n, grid)
            }
            (None, Some(entries)) => {
                let Some([m, n]) = self.shape else {
                    return Err(Diagnostic::at("/shape", "MISSING_FIELD", "sparse `entries` need the `shape`"));
                };
                check_dimension(m, "/shape/0")?;
                check_dimension(n, "/shape/1")?;
                if m.saturating_mul(n) > MAX_ENTRIES {
                    return Err(Diagnostic::at("/shape", "TOO_LARGE", format!("more than {MAX_ENTRIES} entries")));
                }
                let zero = Entry("0".into());
                let mut grid: Vec<Vec<(&Entry, Place)>> = vec![vec![(&zero, Place::Implicit); n]; m];
                let mut seen = std::collections::HashSet::new();
                for (k, (i, j, e)) in entries.iter().enumerate() {
                    if *i >= m || *j >= n {
                        return Err(Diagnostic::at(
                            format!("/entries/{k}"),
                            "OUT_OF_RANGE",
                            format!("({i}, {j}) is outside the {m} × {n} shape"),
                        ));
                    }
                    if !seen.insert((*i, *j)) {
                        return Err(Diagnostic::at(
                            format!("/entries/{k}"),
                            "DUPLICATE_ENTRY",
                            format!("({i}, {j}) is given twice"),
                        ));
                    }
                    grid[*i][*j] = (e, Place::Sparse(k));
                }
                // The zero entries refer to no place; re-home them so the borrow is local.
                let grid = grid
                    .into_iter()
                    .map(|r| {
                        r.into_iter()
                            .map(|(e, at)| (if matches!(at, Place::Implicit) { &zero } else { e }, at))
                            .collect()
                    })
                    .collect::<Vec<Vec<_>>>();
                return read(self.ring.as_ref(), m, n, &grid);
            }
            (None, None) => match self.shape {
                Some([m, n]) if m == 0 || n == 0 => {
                    check_dimension(m, "/shape/0")?;
                    check_dimension(n, "/shape/1")?;
                    (m, n, vec![vec![]; m])
                }
                _ => return Err(Diagnostic::at("/rows", "MISSING_FIELD", "give the `rows`, or `shape` and `entries`")),
            },
        };
        read(self.ring.as_ref(), m, n, &grid)
    }
}

fn read(ring: Option<&Ring>, m: usize, n: usize, grid: &[Vec<(&Entry, Place)>]) -> Result<Dense, Diagnostic> {
    let mut data = Vec::with_capacity(m);
    for row in grid {
        let mut out = Vec::with_capacity(n);
        for &(e, at) in row {
            out.push(entry_in(e, ring, at)?);
        }
        data.push(out);
    }
    let ring = ring
        .cloned()
        .unwrap_or_else(|| if data.iter().flatten().all(Scalar::is_integer) { Ring::Integer } else { Ring::Rational });
    if m == 0 {
        data = vec![];
    }
    Ok(Dense { ring, rows: m, cols: n, data })
}

impl ObjectType for Matrix {
    const SCHEMA_URI: &'static str = MATRIX_SCHEMA;
    const NAME: &'static str = "matrix";
    const SUMMARY: &'static str =
        "An exact matrix over Z, Q or F_p, given densely (rows) or sparsely (shape and entries).";
    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        self.dense().map(|d| d.to_matrix()).map_err(|d| vec![d])
    }
}

/// A vector over Z, Q or F_p.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Vector {
    /// The ring; inferred when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ring: Option<Ring>,
    /// The coordinates.
    #[schemars(length(max = 1_000_000))]
    pub entries: Vec<Entry>,
}

impl Vector {
    /// The vector as a one-row matrix (pointers `/entries/j`).
    pub fn dense(&self) -> Result<Dense, Diagnostic> {
        let m = Matrix { ring: self.ring.clone(), shape: None, rows: Some(vec![self.entries.clone()]), entries: None };
        m.dense().map_err(|d| Diagnostic { path: d.path.map(|p| p.replacen("/rows/0", "/entries", 1)), ..d })
    }
}

impl ObjectType for Vector {
    const SCHEMA_URI: &'static str = VECTOR_SCHEMA;
    const NAME: &'static str = "vector";
    const SUMMARY: &'static str = "An exact vector over Z, Q or F_p.";
    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        let d = self.dense().map_err(|d| vec![d])?;
        let entries = d.data.first().map(|r| r.iter().map(Entry::of).collect()).unwrap_or_default();
        Ok(Vector { ring: Some(d.ring), entries })
    }
}

/// Reads rows of integers at `at` (a matrix over Z), with the given bounds.
fn integer_rows(rows: &[Vec<Entry>], at: &str) -> Result<Dense, Diagnostic> {
    let m = Matrix { ring: Some(Ring::Integer), shape: None, rows: Some(rows.to_vec()), entries: None };
    m.dense().map_err(|d| Diagnostic { path: d.path.map(|p| p.replacen("/rows", at, 1)), ..d })
}

/// A lattice: the Z-span of the rows of an integer matrix (the rows need not be independent).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Lattice {
    /// The generators, as rows of integers of equal length.
    #[schemars(length(min = 1, max = 2000))]
    pub basis: Vec<Vec<Entry>>,
}

impl Lattice {
    /// The generators as an integer matrix (pointers `/basis/i/j`).
    pub fn dense(&self) -> Result<Dense, Diagnostic> {
        if self.basis.is_empty() {
            return Err(Diagnostic::at("/basis", "EMPTY", "a lattice has at least one generator"));
        }
        integer_rows(&self.basis, "/basis")
    }
}

impl ObjectType for Lattice {
    const SCHEMA_URI: &'static str = LATTICE_SCHEMA;
    const NAME: &'static str = "lattice";
    const SUMMARY: &'static str = "A lattice in Z^n: the integer span of the given rows.";
    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        let d = self.dense().map_err(|d| vec![d])?;
        Ok(Lattice { basis: d.data.iter().map(|r| r.iter().map(Entry::of).collect()).collect() })
    }
}

/// A finitely generated abelian group ⟨g_1, …, g_n | relations⟩: Z^n modulo the span of the
/// relation rows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AbelianGroup {
    /// Number of generators.
    #[schemars(range(max = 2000))]
    pub generators: usize,
    /// Relations, each a row of `generators` integer coefficients (Σ c_j g_j = 0).
    #[serde(default)]
    #[schemars(length(max = 2000))]
    pub relations: Vec<Vec<Entry>>,
}

impl AbelianGroup {
    /// The relations as an integer matrix with `generators` columns (pointers `/relations/i/j`).
    pub fn dense(&self) -> Result<Dense, Diagnostic> {
        check_dimension(self.generators, "/generators")?;
        if let Some((i, _)) = self.relations.iter().enumerate().find(|(_, r)| r.len() != self.generators) {
            return Err(Diagnostic::at(
                format!("/relations/{i}"),
                "RAGGED_ROWS",
                format!("relation {i} does not have {} coefficients", self.generators),
            ));
        }
        if self.relations.is_empty() {
            return Ok(Dense { ring: Ring::Integer, rows: 0, cols: self.generators, data: vec![] });
        }
        integer_rows(&self.relations, "/relations")
    }
}

impl ObjectType for AbelianGroup {
    const SCHEMA_URI: &'static str = ABELIAN_GROUP_SCHEMA;
    const NAME: &'static str = "abelian_group";
    const SUMMARY: &'static str = "A finitely generated abelian group: generators and integer relations.";
    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        let d = self.dense().map_err(|d| vec![d])?;
        let relations = d.data.iter().map(|r| r.iter().map(Entry::of).collect()).collect();
        Ok(AbelianGroup { generators: self.generators, relations })
    }
}

/// A convenience for producers: the value of `n` as `usize` when it is small.
pub fn small(n: &BigInt) -> Option<usize> {
    n.to_usize().filter(|_| !n.is_negative())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn dense(v: serde_json::Value) -> Result<Dense, Diagnostic> {
        serde_json::from_value::<Matrix>(v).unwrap().dense()
    }

    #[test]
    fn reads_dense_and_sparse_to_one_canonical_form() {
        let a = dense(json!({"rows": [[1, "2/4"], ["-0", "6/-3"]]}));
        assert_eq!(a.unwrap_err().path.as_deref(), Some("/rows/1/1"));
        let a = dense(json!({"rows": [[1, "2/4"], ["-0", "-6/3"]]})).unwrap();
        assert_eq!(a.ring, Ring::Rational);
        let sparse = dense(json!({"ring": "Q", "shape": [2, 2], "entries": [[0, 0, 1], [0, 1, "1/2"], [1, 1, -2]]}));
        assert_eq!(sparse.unwrap(), a);
        let m = a.to_matrix();
        assert_eq!(
            serde_json::to_value(&m).unwrap(),
            json!({"ring": "Q", "shape": [2, 2], "rows": [["1", "1/2"], ["0", "-2"]]})
        );
        assert_eq!(m.clone().canonical().unwrap(), m);
        let z = dense(json!({"rows": [[1, 2], [3, "4"]]})).unwrap();
        assert_eq!(z.ring, Ring::Integer);
        let f = dense(json!({"ring": "F_7", "rows": [[-1, "1/2"]]})).unwrap();
        assert_eq!(f.data[0], vec![Scalar::int(6), Scalar::int(4)]);
        assert_eq!(dense(json!({"shape": [0, 3]})).unwrap().cols, 3);
    }

    #[test]
    fn machine_integers_agree_with_the_full_reading() {
        let read = |v: &serde_json::Value| serde_json::from_value::<Matrix>(v.clone()).unwrap();
        for v in [
            json!({"rows": [[1, -2], [3, "+4"]]}),
            json!({"ring": "Z", "rows": [["-0", 999, 1000]]}),
            json!({"shape": [2, 1], "rows": [[0], [0]]}),
            json!({"rows": [[999_999_999_999_999_999i64, "-99999999999999999"]]}),
        ] {
            let (m, d) = (read(&v), dense(v.clone()).unwrap());
            assert_eq!(m.machine_integers(), Some((d.rows, d.cols, d.max_digits())), "{v}");
        }
        // Read in full instead: fractions, other rings, sparse or empty input, malformed rows and
        // entries, and integers of 19 characters or more.
        for v in [
            json!({"rows": [[1, "1/2"]]}),
            json!({"ring": "Q", "rows": [[1]]}),
            json!({"ring": "F_7", "rows": [[1]]}),
            json!({"shape": [1, 1], "entries": [[0, 0, 1]]}),
            json!({"rows": []}),
            json!({"rows": [[]]}),
            json!({"rows": [[1, 2], [3]]}),
            json!({"rows": [[1, "x"]]}),
            json!({"rows": [["1.5"]]}),
            json!({"shape": [2, 2], "rows": [[1, 2]]}),
            json!({"rows": [[i64::MAX]]}),
            json!({"rows": [["99999999999999999999"]]}),
        ] {
            assert_eq!(read(&v).machine_integers(), None, "{v}");
        }
    }

    #[test]
    fn refuses_ragged_rows_mixed_rings_and_bad_shapes_at_their_place() {
        for (v, at, code) in [
            (json!({"rows": [[1, 2], [3]]}), "/rows/1", "RAGGED_ROWS"),
            (json!({"ring": "Z", "rows": [[1, "1/2"]]}), "/rows/0/1", "NOT_IN_RING"),
            (json!({"ring": "F_5", "rows": [[1], ["1/10"]]}), "/rows/1/0", "NOT_IN_RING"),
            (json!({"rows": [[1, "x"]]}), "/rows/0/1", "NOT_A_NUMBER"),
            (json!({"rows": [[1, "1/0"]]}), "/rows/0/1", "NOT_A_NUMBER"),
            (json!({"shape": [2, 2], "entries": [[0, 2, 1]]}), "/entries/0", "OUT_OF_RANGE"),
            (json!({"shape": [2, 2], "entries": [[0, 1, 1], [0, 1, 2]]}), "/entries/1", "DUPLICATE_ENTRY"),
            (json!({"entries": [[0, 1, 1]]}), "/shape", "MISSING_FIELD"),
            (json!({"shape": [3, 1], "rows": [[1], [2]]}), "/shape", "SHAPE_MISMATCH"),
            (json!({"shape": [3000, 1], "entries": []}), "/shape/0", "TOO_LARGE"),
        ] {
            let d = dense(v.clone()).unwrap_err();
            assert_eq!((d.path.as_deref(), d.code.as_str()), (Some(at), code), "{v}");
        }
        assert!(serde_json::from_value::<Matrix>(json!({"ring": "F_9", "rows": [[1]]})).is_err());
        assert!(serde_json::from_value::<Matrix>(json!({"rows": [[1.5]]})).is_err());
    }

    #[test]
    fn primes_below_2_63_are_decided() {
        let small: Vec<u64> = (0..60).filter(|&n| is_prime(n)).collect();
        assert_eq!(small, [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59]);
        assert!(is_prime(9_223_372_036_854_775_783));
        assert!(!is_prime(3_215_031_751));
    }

    #[test]
    fn lattices_and_groups_read_integer_rows() {
        let l: Lattice = serde_json::from_value(json!({"basis": [[1, 0], [0, "1/2"]]})).unwrap();
        assert_eq!(l.dense().unwrap_err().path.as_deref(), Some("/basis/1/1"));
        let g: AbelianGroup = serde_json::from_value(json!({"generators": 2, "relations": [[2, 0], [0]]})).unwrap();
        assert_eq!(g.dense().unwrap_err().path.as_deref(), Some("/relations/1"));
        let g: AbelianGroup = serde_json::from_value(json!({"generators": 2})).unwrap();
        assert_eq!(g.dense().unwrap().rows, 0);
    }
}
