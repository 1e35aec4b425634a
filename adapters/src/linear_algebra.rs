//! Exact linear algebra over Z, Q and F_p, integer matrices and lattices: the shared shape of
//! the pack. Matrices arrive as the runtime's matrix object (dense or sparse, entries exact);
//! PARI/GP computes where it serves (determinants, normal forms, LLL, polynomials), the code in
//! `exact` where it is simple (arithmetic, echelon forms, boundary maps), and answers carry a
//! claim for the matrix checker (`checkers/src/matrix.rs`), which replays it with its own
//! arithmetic.

pub mod abelian;
pub mod arithmetic;
pub mod circulant;
pub mod complexes;
pub mod cubical;
pub mod degeneration;
pub mod exact;
pub mod filtered;
pub mod finite_abelian;
pub mod finite_space;
pub mod functions;
pub mod fundamental;
pub mod group_element;
pub mod homology;
pub mod inertia;
pub mod inertia_cells;
pub mod integral;
pub mod invariant_forms;
pub mod invariants;
pub mod jordan;
pub mod koszul;
pub mod lattice;
pub mod morse;
pub mod nonnegative;
pub mod semidefinite;
pub mod similarity;
pub mod simplicial;
pub mod simplicial_set;
pub mod smith_diagonal;
pub mod spaces;
pub mod symbolic;
pub mod topology;

use std::sync::Arc;

use jacobian_runtime::SharedAdapter;
use jacobian_runtime::adapter::{AdapterError, Refusal};
use jacobian_runtime::backend::{BackendKind, Program, Reply};
use jacobian_runtime::contract::Diagnostic;
use jacobian_runtime::objects::matrix::{Dense, Matrix, Ring, Scalar};
use jacobian_runtime::typed::Typed;
use num_bigint::BigInt;
use serde_json::{Value, json};

use crate::cas::{Ask, Claim, Gp};
use crate::integer::decimal;

/// Evidence kind of the matrix checker.
pub const EVIDENCE: &str = "matrix.certificate/v1";
const SEMANTICS: &str = "urn:jacobian:semantics:matrix-statements-hold:v1";
const FORMAT: &str = "MATRIX_CERTIFICATE_V1";
const PARI: BackendKind = BackendKind::Pari;

/// Every capability of the pack.
pub fn adapters() -> Vec<SharedAdapter> {
    vec![
        Arc::new(Typed::new(Ask(arithmetic::Arithmetic))),
        Arc::new(Typed::new(Ask(invariants::Invariants))),
        Arc::new(Typed::new(Ask(invariants::Inverse))),
        Arc::new(Typed::new(Ask(invariants::Adjugate))),
        Arc::new(Typed::new(Ask(invariants::Eigenvalues))),
        Arc::new(Typed::new(Ask(spaces::Kernel))),
        Arc::new(Typed::new(Ask(spaces::Image))),
        Arc::new(Typed::new(Ask(spaces::Echelon))),
        Arc::new(Typed::new(Ask(spaces::LinearSystem))),
        Arc::new(Typed::new(Ask(integral::Hermite))),
        Arc::new(Typed::new(Ask(integral::Smith))),
        Arc::new(Typed::new(Ask(integral::AbelianGroupInvariants))),
        Arc::new(Typed::new(Ask(lattice::Lll))),
        Arc::new(Typed::new(Ask(lattice::ShortVectors))),
        Arc::new(Typed::new(Ask(lattice::LatticeInvariants))),
        Arc::new(Typed::new(Ask(lattice::IntegerRelation))),
        Arc::new(Typed::new(Ask(lattice::Sublattice))),
        Arc::new(Typed::new(Ask(invariant_forms::InvariantForms))),
        Arc::new(Typed::new(Ask(homology::Homology))),
        Arc::new(Typed::new(Ask(homology::ChainComplex))),
        Arc::new(Typed::new(Ask(homology::ChainHomology))),
        Arc::new(Typed::new(Ask(topology::ComplexOperation))),
        Arc::new(Typed::new(Ask(simplicial_set::SimplicialSetQuery))),
        Arc::new(Typed::new(Ask(simplicial::SimplicialQuery))),
        Arc::new(Typed::new(Ask(degeneration::NodalDegeneration))),
        Arc::new(Typed::new(Ask(koszul::Koszul))),
        Arc::new(Typed::new(Ask(finite_space::FiniteSpaceQuery))),
        Arc::new(Typed::new(Ask(similarity::RationalCanonicalForm))),
        Arc::new(Typed::new(Ask(similarity::Similar))),
        Arc::new(Typed::new(Ask(inertia::Inertia))),
        Arc::new(Typed::new(Ask(inertia_cells::InertiaCells))),
        Arc::new(Typed::new(Ask(semidefinite::Semidefinite))),
        Arc::new(Typed::new(Ask(nonnegative::Nonnegative))),
        Arc::new(Typed::new(Ask(circulant::Circulant))),
        Arc::new(Typed::new(Ask(symbolic::Symbolic))),
        Arc::new(Typed::new(Ask(group_element::GroupElement))),
        Arc::new(Typed::new(Ask(functions::MatrixFunction))),
        Arc::new(Typed::new(Ask(functions::Centralizer))),
        Arc::new(Typed::new(Ask(functions::GramSchmidt))),
        Arc::new(Typed::new(Ask(functions::Norms))),
        Arc::new(Typed::new(Ask(functions::Hadamard))),
        Arc::new(Typed::new(Ask(jordan::JordanForm))),
        Arc::new(Typed::new(Ask(complexes::ChainComplexOperation))),
        Arc::new(Typed::new(Ask(complexes::CubicalHomology))),
        Arc::new(Typed::new(Ask(cubical::CubicalComplexOperation))),
        Arc::new(Typed::new(Ask(complexes::ComplexProperties))),
        Arc::new(Typed::new(Ask(morse::DiscreteMorse))),
        Arc::new(Typed::new(Ask(fundamental::FundamentalGroup))),
        Arc::new(Typed::new(Ask(complexes::SpectralSequence))),
        Arc::new(Typed::new(Ask(filtered::FilteredChainMap))),
        Arc::new(Typed::new(Ask(abelian::Subgroup))),
        Arc::new(Typed::new(Ask(finite_abelian::FiniteAbelian))),
        Arc::new(Typed::new(Ask(abelian::Homomorphism))),
        Arc::new(Typed::new(Ask(abelian::GroupFunctor))),
        Arc::new(Typed::new(Ask(abelian::Characters))),
    ]
}

/// Reads a matrix field, its diagnostics placed under `at`.
pub fn read(m: &Matrix, at: &str) -> Result<Dense, Diagnostic> {
    m.dense().map_err(|d| d.under(at))
}

/// Refuses a matrix without rows or columns (the capabilities below need one).
pub fn non_empty(d: &Dense, at: &str) -> Result<(), Diagnostic> {
    if d.rows == 0 || d.cols == 0 {
        return Err(Diagnostic::at(at, "EMPTY", "a matrix with at least one row and one column"));
    }
    Ok(())
}

/// Refuses a non-square matrix.
pub fn square(d: &Dense, at: &str) -> Result<(), Diagnostic> {
    non_empty(d, at)?;
    if !d.is_square() {
        return Err(Diagnostic::at(at, "NOT_SQUARE", format!("a square matrix; this one is {} × {}", d.rows, d.cols)));
    }
    Ok(())
}

/// Refuses a matrix whose ring is not `want`.
pub fn over_z(d: &Dense, at: &str) -> Result<(), Diagnostic> {
    if d.ring != Ring::Integer {
        return Err(Diagnostic::at(
            format!("{at}/ring"),
            "WRONG_RING",
            format!("a matrix over Z; this one is over {}", d.ring),
        ));
    }
    Ok(())
}

/// The size bounds of preflight: at most `dim` rows and columns and `digits` digits per entry.
pub fn bound(m: &Matrix, dim: usize, digits: usize, at: &str) -> Result<(), Refusal> {
    let (rows, cols, most) = match m.machine_integers() {
        Some(size) => size,
        None => {
            let d = m.dense().map_err(|d| Refusal::Unsupported(d.under(at)))?;
            (d.rows, d.cols, d.max_digits())
        }
    };
    let too = |message: String| Err(Refusal::Unsupported(Diagnostic::at(at, "TOO_LARGE", message)));
    if rows > dim || cols > dim {
        return too(format!("{rows} × {cols}; this capability accepts at most {dim} rows and columns"));
    }
    if most > digits {
        return too(format!("an entry of {most} digits; this capability accepts at most {digits}"));
    }
    Ok(())
}

/// `d` written as a GP matrix (entries re-printed from their parsed values; over F_p as Mods).
pub fn gp(p: Program, d: &Dense) -> Program {
    let mut p =
        if let Ring::Prime(q) = d.ring { p.code("Mod(1,").int(&decimal(&BigInt::from(q))).code(")*") } else { p };
    if d.rows == 0 || d.cols == 0 {
        return p.code("matrix(").small(d.rows as i64).code(",").small(d.cols as i64).code(")");
    }
    // A one-row literal `[a, b]` is a vector in GP; Mat() makes it a matrix.
    let one_row = d.rows == 1;
    p = p.code(if one_row { "Mat([" } else { "[" });
    for (i, row) in d.data.iter().enumerate() {
        if i > 0 {
            p = p.code(";");
        }
        p = p.list(row, ",", scalar);
    }
    p.code(if one_row { "])" } else { "]" })
}

/// One exact value in GP.
pub fn scalar(p: Program, s: &Scalar) -> Program {
    let p = p.code("(").int(&decimal(&s.num));
    let p = if s.den == BigInt::from(1) { p } else { p.code("/").int(&decimal(&s.den)) };
    p.code(")")
}

/// A GP closure printing a matrix as its size then one row per line (lifted from F_p).
pub const PRINT: &str = "my(pm=(M)->M=lift(M);print(matsize(M));for(i=1,matsize(M)[1],print(M[i,])));";

/// Reads the replies of a program, one printed value after another.
pub struct Lines<'a> {
    lines: std::slice::Iter<'a, String>,
}

impl<'a> Lines<'a> {
    /// The lines of `reply`.
    pub fn of(reply: &'a Reply) -> Self {
        Lines { lines: reply.lines.iter() }
    }

    /// The next printed value.
    pub fn value(&mut self) -> Result<Gp, AdapterError> {
        Gp::parse(self.line()?)
    }

    /// The next raw line.
    pub fn line(&mut self) -> Result<&'a str, AdapterError> {
        self.lines
            .next()
            .map(String::as_str)
            .ok_or_else(|| AdapterError::Backend("PARI/GP printed too few lines".into()))
    }

    /// The next natural number.
    pub fn natural(&mut self) -> Result<usize, AdapterError> {
        let n = self.value()?;
        usize::try_from(n.int()?).map_err(|_| AdapterError::Backend("PARI/GP printed a negative count".into()))
    }

    /// A list of indices printed 1-based, made 0-based.
    pub fn indices(&mut self) -> Result<Vec<usize>, AdapterError> {
        let v = self.value()?;
        v.items()?
            .iter()
            .map(|g| {
                usize::try_from(g.int()?)
                    .ok()
                    .and_then(|i| i.checked_sub(1))
                    .ok_or_else(|| AdapterError::Backend("PARI/GP printed a bad index".into()))
            })
            .collect()
    }

    /// A vector of exact values in `ring`.
    pub fn scalars(&mut self, ring: &Ring) -> Result<Vec<Scalar>, AdapterError> {
        let v = self.value()?;
        v.items()?.iter().map(|g| to_scalar(g, ring)).collect()
    }

    /// A matrix printed by [`PRINT`], over `ring`.
    pub fn matrix(&mut self, ring: &Ring) -> Result<Dense, AdapterError> {
        let size = self.value()?;
        let [m, n] = size.items()? else {
            return Err(AdapterError::Backend("PARI/GP printed a bad matrix size".into()));
        };
        let m = usize::try_from(m.int()?).map_err(|_| AdapterError::Backend("bad size".into()))?;
        let n = usize::try_from(n.int()?).map_err(|_| AdapterError::Backend("bad size".into()))?;
        let mut data = Vec::with_capacity(m);
        for _ in 0..m {
            let row = self.scalars(ring)?;
            if row.len() != n {
                return Err(AdapterError::Backend("PARI/GP printed a row of the wrong length".into()));
            }
            data.push(row);
        }
        Ok(Dense { ring: ring.clone(), rows: m, cols: n, data })
    }
}

impl Lines<'_> {
    /// A matrix expected to have `rows` rows: PARI/GP prints an n × 0 matrix as 0 × 0.
    pub fn matrix_of(&mut self, ring: &Ring, rows: usize) -> Result<Dense, AdapterError> {
        let d = self.matrix(ring)?;
        Ok(if d.cols == 0 { Dense { rows, data: vec![vec![]; rows], ..d } } else { d })
    }
}

/// A printed integer or fraction as an exact value.
pub fn to_scalar(g: &Gp, ring: &Ring) -> Result<Scalar, AdapterError> {
    let s = match g {
        Gp::Int(n) => Scalar::int(n.clone()),
        Gp::Frac(n, d) => Scalar::fraction(n.clone(), d.clone()),
        Gp::Vec(_) => return Err(AdapterError::Backend("PARI/GP printed a vector where a number was expected".into())),
    };
    match ring {
        Ring::Integer if !s.is_integer() => Err(AdapterError::Backend("PARI/GP printed a fraction over Z".into())),
        Ring::Prime(p) => s.modulo(*p).ok_or_else(|| AdapterError::Backend("a denominator divisible by p".into())),
        _ => Ok(s),
    }
}

/// A matrix in the checker's format.
pub fn lit(d: &Dense) -> Value {
    let rows: Vec<Vec<String>> = d.data.iter().map(|r| r.iter().map(Scalar::to_string).collect()).collect();
    json!({"shape": [d.rows, d.cols], "rows": rows})
}

/// Matrices past this many entries are reported by shape alone.
pub const LISTED: usize = 40_000;

/// A matrix for a result: [`lit`] up to [`LISTED`] entries, its shape alone past that.
pub fn listed(d: &Dense) -> Value {
    if d.rows * d.cols > LISTED {
        return json!({"shape": [d.rows, d.cols], "omitted": "more than 40,000 entries"});
    }
    lit(d)
}

/// Exact values as strings.
pub fn texts(xs: &[Scalar]) -> Vec<String> {
    xs.iter().map(Scalar::to_string).collect()
}

/// A claim for the matrix checker.
pub fn claim(ring: &Ring, statements: Vec<Value>) -> Claim {
    Claim {
        kind: EVIDENCE,
        semantics: SEMANTICS,
        format: FORMAT,
        claim: json!({"ring": ring.to_string(), "statements": statements}),
        candidate: json!({}),
    }
}

/// An answer with a claim for the matrix checker when there are statements, without one otherwise.
pub fn answer<T>(out: T, ring: &Ring, statements: Vec<Value>) -> crate::cas::Answer<T> {
    let a = crate::cas::Answer::from(out);
    if statements.is_empty() { a } else { a.claim(claim(ring, statements)) }
}

/// One exact entry given outside a matrix, of at most `digits` digits.
pub fn bounded_entry(
    e: &jacobian_runtime::objects::matrix::Entry,
    digits: usize,
    at: &str,
) -> Result<Scalar, Diagnostic> {
    let s = e.parse().map_err(|m| Diagnostic::at(at, "NOT_A_NUMBER", m))?;
    if s.num.magnitude().to_string().len() > digits || s.den.to_string().len() > digits {
        return Err(Diagnostic::at(at, "TOO_LARGE", format!("at most {digits} digits")));
    }
    Ok(s)
}

/// A GP program on PARI.
pub fn program() -> Program {
    Program::new(PARI).code(PRINT)
}
