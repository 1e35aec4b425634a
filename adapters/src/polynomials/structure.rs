//! The structure of polynomial ideals on Singular: elimination (implicitization), dimension,
//! degree and Hilbert series, primary decomposition, minimal primes and radicals, and operations
//! on two ideals (sum, product, intersection, quotient, saturation, equality, containment).

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::polynomial::{PolyValue, Ring};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::ideals::{
    IdealInput, generators, ideal_bounds, ideal_input, ideal_input_bounds, lines, monic, polys, unsupported,
};
use super::native::MonomialOrder;
use super::{Poly, q, ring, singular_ideal, singular_ring};
use crate::cas::{self, Answer, Query};

const SINGULAR: BackendKind = BackendKind::Singular;

/// Input of `polynomial.ideal.elimination`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EliminationInput {
    /// Variable names.
    pub variables: Vec<String>,
    /// `Q` (default) or `F_p`.
    #[serde(default = "q")]
    pub domain: String,
    /// Generators of the ideal.
    pub generators: Vec<PolyValue>,
    /// The variables to eliminate (at least one, not all).
    pub eliminate: Vec<String>,
}

/// Output of `polynomial.ideal.elimination`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct EliminationOutput {
    /// The reduced grevlex Gröbner basis of the elimination ideal I ∩ k[remaining variables].
    pub basis: Vec<String>,
    /// The remaining variables.
    pub remaining: Vec<String>,
}

/// `polynomial.ideal.elimination`.
pub struct Elimination;

fn elimination_input(i: &EliminationInput) -> Result<(Ring, Vec<Poly>, Vec<usize>), Diagnostic> {
    let r = ring(&i.variables, &i.domain)?;
    super::field_only(&r)?;
    let g = generators(&r, &i.generators, "/generators")?;
    let mut ks = vec![];
    for (k, v) in i.eliminate.iter().enumerate() {
        let at = format!("/eliminate/{k}");
        let x = super::native::var_index(&r, v, &at)?;
        if ks.contains(&x) {
            return Err(Diagnostic::at(at, "DUPLICATE_VARIABLE", "listed twice"));
        }
        ks.push(x);
    }
    if ks.is_empty() || ks.len() == r.n() {
        return Err(Diagnostic::at(
            "/eliminate",
            "BAD_LENGTH",
            "eliminate at least one variable and keep at least one",
        ));
    }
    Ok((r, g, ks))
}

impl Query for Elimination {
    type Input = EliminationInput;
    type Output = EliminationOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "polynomial.ideal.elimination",
            "Eliminate variables from a polynomial ideal",
            "The elimination ideal I ∩ k[remaining variables] of a polynomial ideal, as a reduced Gröbner basis: the \
             implicit equations after projecting away some variables.",
            "Eliminates chosen variables from an ideal over Q or F_p with Singular's eliminate, giving the \
             polynomials in the remaining variables that the ideal contains (for example the implicit equation of a \
             parametrized curve), as a reduced Gröbner basis.",
            &[
                "polynomial",
                "ideal",
                "elimination",
                "eliminate",
                "implicitization",
                "projection",
                "resultant",
                "groebner",
            ],
        )
    }
    cas::on_backend!(SINGULAR);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "implicitize x = t^2, y = t^3",
            Mode::Explore,
            json!({"variables": ["t", "x", "y"], "generators": ["x - t^2", "y - t^3"], "eliminate": ["t"]}),
        )]
    }
    fn validate(&self, i: &EliminationInput) -> Result<(), Diagnostic> {
        elimination_input(i).map(|_| ())
    }
    fn bounds(&self, i: &EliminationInput) -> Result<(), Refusal> {
        let (r, g, _) = elimination_input(i).map_err(super::refused)?;
        ideal_bounds(&r, &g, "/generators")
    }
    fn answer(&self, i: &EliminationInput, ctx: &AdapterContext) -> Result<Answer<EliminationOutput>, AdapterError> {
        let (r, g, ks) = elimination_input(i).map_err(unsupported)?;
        let prog = singular_ideal(singular_ring(Program::new(SINGULAR), &r, "dp"), "i", &g)
            .code("ideal e = std(eliminate(i, 1")
            .list(&ks, "", |p, k| p.code("*v").small(*k as i64 + 1))
            .code(")); print(string(e));");
        let reply = ctx.backend(&prog)?;
        let mut basis: Vec<Poly> =
            polys(&r, reply.single(SINGULAR)?)?.iter().map(|p| monic(&r, MonomialOrder::Grevlex, p).0).collect();
        basis.sort_by_key(|p| r.print(p));
        let remaining = (0..r.n()).filter(|k| !ks.contains(k)).map(|k| r.variables[k].clone()).collect();
        Ok(EliminationOutput { basis: super::printed(&r, &basis), remaining }.into())
    }
}

/// Output of `polynomial.ideal.dimension`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DimensionOutput {
    /// The Krull dimension of k[x]/I (−1 for the unit ideal).
    pub dimension: i64,
    /// The degree (multiplicity) of the leading ideal in grevlex.
    pub degree: i64,
    /// Whether k[x]/I is finite-dimensional (finitely many solutions).
    pub zero_dimensional: bool,
    /// dim_k k[x]/I when zero-dimensional: the number of solutions counted with multiplicity.
    pub vector_space_dimension: Option<i64>,
    /// The standard monomials (a basis of k[x]/I) when zero-dimensional and at most 1,000.
    pub standard_monomials: Option<Vec<String>>,
    /// Numerator coefficients (t⁰, t¹, …) of the Hilbert series of the leading ideal over (1 − t)^n.
    pub hilbert_numerator: Vec<i64>,
    /// The reduced numerator over (1 − t)^dimension.
    pub hilbert_reduced_numerator: Vec<i64>,
}

/// `polynomial.ideal.dimension`.
pub struct Dimension;

fn ints(line: &str) -> Result<Vec<i64>, AdapterError> {
    let mut v: Vec<i64> = line
        .split(',')
        .map(|t| {
            t.trim()
                .parse()
                .map_err(|_| AdapterError::Backend(format!("Singular printed `{t}` where an integer was expected")))
        })
        .collect::<Result<_, _>>()?;
    while v.len() > 1 && v.last() == Some(&0) {
        v.pop();
    }
    Ok(v)
}

impl Query for Dimension {
    type Input = IdealInput;
    type Output = DimensionOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "polynomial.ideal.dimension",
            "Dimension, degree and Hilbert series of a polynomial ideal",
            "The Krull dimension, degree, Hilbert series, and for zero-dimensional ideals the number of solutions \
             with multiplicity and the standard monomials, of a polynomial ideal.",
            "Computes with Singular a grevlex Gröbner basis and from it the dimension of the variety, the degree, the \
             first and second Hilbert series (of the leading ideal, which for homogeneous ideals is the ideal's own), \
             whether the system has finitely many solutions and how many with multiplicity (vdim), and a monomial \
             basis of the quotient ring.",
            &[
                "polynomial",
                "ideal",
                "dimension",
                "krull",
                "hilbert-series",
                "hilbert-polynomial",
                "degree",
                "zero-dimensional",
                "vdim",
                "standard-monomials",
                "quotient-ring",
            ],
        )
    }
    cas::on_backend!(SINGULAR);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "twisted cubic",
            Mode::Explore,
            json!({"variables": ["x", "y", "z", "w"], "generators": ["x*z - y^2", "y*w - z^2", "x*w - y*z"]}),
        )]
    }
    fn validate(&self, i: &IdealInput) -> Result<(), Diagnostic> {
        ideal_input(i).map(|_| ())
    }
    fn bounds(&self, i: &IdealInput) -> Result<(), Refusal> {
        ideal_input_bounds(i)
    }
    fn answer(&self, i: &IdealInput, ctx: &AdapterContext) -> Result<Answer<DimensionOutput>, AdapterError> {
        let (r, g) = ideal_input(i).map_err(unsupported)?;
        let prog = singular_ideal(singular_ring(Program::new(SINGULAR), &r, "dp"), "i", &g).code(
            "ideal g = std(i); print(dim(g)); print(mult(g)); print(vdim(g)); intvec h = hilb(g, 1); print(string(h)); \
             intvec h2 = hilb(g, 2); print(string(h2)); if (vdim(g) >= 0 && vdim(g) <= 1000) { print(string(kbase(g))); }",
        );
        let reply = ctx.backend(&prog)?;
        let l = lines(&reply, 5)?;
        let int =
            |t: &str| t.trim().parse::<i64>().map_err(|_| AdapterError::Backend(format!("Singular printed `{t}`")));
        let vdim = int(&l[2])?;
        let standard = match l.get(5) {
            Some(line) => Some(polys(&r, line)?.iter().map(|p| r.print(p)).collect()),
            None => None,
        };
        let out = DimensionOutput {
            dimension: int(&l[0])?,
            degree: int(&l[1])?,
            zero_dimensional: vdim >= 0 && int(&l[0])? == 0,
            vector_space_dimension: (vdim >= 0).then_some(vdim),
            standard_monomials: standard,
            hilbert_numerator: ints(&l[3])?,
            hilbert_reduced_numerator: ints(&l[4])?,
        };
        Ok(out.into())
    }
}

/// A decomposition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DecompositionOperation {
    /// Primary components with their associated primes (Gianni–Trager–Zacharias).
    PrimaryDecomposition,
    /// The minimal associated primes (the irreducible components of the variety).
    MinimalPrimes,
    /// The radical √I.
    Radical,
}

/// Input of `polynomial.ideal.decomposition`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DecompositionInput {
    /// Variable names.
    pub variables: Vec<String>,
    /// `Q` (default) or `F_p`.
    #[serde(default = "q")]
    pub domain: String,
    /// Generators of the ideal.
    pub generators: Vec<PolyValue>,
    /// The decomposition.
    pub operation: DecompositionOperation,
}

/// A primary component.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Component {
    /// The primary ideal's generators (or the prime's, for minimal primes).
    pub ideal: Vec<String>,
    /// Its associated prime (primary decomposition).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prime: Option<Vec<String>>,
}

/// Output of `polynomial.ideal.decomposition`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DecompositionOutput {
    /// The components (primary decomposition, minimal primes).
    pub components: Vec<Component>,
    /// The radical's generators (radical).
    pub radical: Option<Vec<String>>,
}

/// `polynomial.ideal.decomposition`.
pub struct Decomposition;

fn decomposition_input(i: &DecompositionInput) -> Result<(Ring, Vec<Poly>), Diagnostic> {
    ideal_input(&IdealInput {
        variables: i.variables.clone(),
        domain: i.domain.clone(),
        generators: i.generators.clone(),
    })
}

impl Query for Decomposition {
    type Input = DecompositionInput;
    type Output = DecompositionOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "polynomial.ideal.decomposition",
            "Primary decomposition, minimal primes and radical of an ideal",
            "The primary decomposition of a polynomial ideal with associated primes, its minimal primes (the \
             irreducible components of the variety), or its radical.",
            "Decomposes an ideal over Q or F_p with Singular's primdec.lib: primary decomposition by \
             Gianni-Trager-Zacharias (primdecGTZ), minimal associated primes (minAssGTZ), or the radical. Each \
             ideal is returned as a reduced grevlex Gröbner basis.",
            &[
                "polynomial",
                "ideal",
                "primary-decomposition",
                "minimal-primes",
                "radical",
                "irreducible-components",
                "associated-primes",
                "variety",
            ],
        )
    }
    cas::on_backend!(SINGULAR);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "components of x y = 0, x z = 0",
            Mode::Explore,
            json!({"variables": ["x", "y", "z"], "generators": ["x*y", "x*z"], "operation": "primary_decomposition"}),
        )]
    }
    fn validate(&self, i: &DecompositionInput) -> Result<(), Diagnostic> {
        decomposition_input(i).map(|_| ())
    }
    fn bounds(&self, i: &DecompositionInput) -> Result<(), Refusal> {
        let (r, g) = decomposition_input(i).map_err(super::refused)?;
        ideal_bounds(&r, &g, "/generators")
    }
    fn answer(
        &self,
        i: &DecompositionInput,
        ctx: &AdapterContext,
    ) -> Result<Answer<DecompositionOutput>, AdapterError> {
        let (r, g) = decomposition_input(i).map_err(unsupported)?;
        let body = match i.operation {
            DecompositionOperation::PrimaryDecomposition => {
                "list L = primdecGTZ(i); int k; for (k = 1; k <= size(L); k++) { print(string(std(L[k][1]))); print(string(std(L[k][2]))); }"
            }
            DecompositionOperation::MinimalPrimes => {
                "list L = minAssGTZ(i); int k; for (k = 1; k <= size(L); k++) { print(string(std(L[k]))); }"
            }
            DecompositionOperation::Radical => "print(string(std(radical(i))));",
        };
        // Loading primdec.lib defines global procedures: the worker is replaced after this run.
        let prog = singular_ideal(singular_ring(Program::new(SINGULAR), &r, "dp"), "i", &g)
            .code("LIB \"primdec.lib\"; ")
            .code(body)
            .defines_globals();
        let reply = ctx.backend(&prog)?;
        let read = |line: &str| -> Result<Vec<String>, AdapterError> {
            let mut ps: Vec<Poly> = polys(&r, line)?.iter().map(|p| monic(&r, MonomialOrder::Grevlex, p).0).collect();
            ps.sort_by_key(|p| r.print(p));
            Ok(super::printed(&r, &ps))
        };
        let mut out = DecompositionOutput { components: vec![], radical: None };
        match i.operation {
            DecompositionOperation::PrimaryDecomposition => {
                for pair in reply.lines.chunks(2) {
                    let [a, b] = pair else {
                        return Err(AdapterError::Backend("Singular printed a malformed decomposition".into()));
                    };
                    out.components.push(Component { ideal: read(a)?, prime: Some(read(b)?) });
                }
            }
            DecompositionOperation::MinimalPrimes => {
                for l in &reply.lines {
                    out.components.push(Component { ideal: read(l)?, prime: None });
                }
            }
            DecompositionOperation::Radical => out.radical = Some(read(reply.single(SINGULAR)?)?),
        }
        out.components.sort_by(|a, b| a.ideal.cmp(&b.ideal));
        Ok(out.into())
    }
}

/// An operation on two ideals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum IdealOperationKind {
    /// I + J.
    Sum,
    /// I · J.
    Product,
    /// I ∩ J.
    Intersection,
    /// I : J.
    Quotient,
    /// I : J^∞.
    Saturation,
    /// Whether I = J.
    Equal,
    /// Whether J ⊆ I.
    Contains,
}

/// Input of `polynomial.ideal.operation`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IdealOperationInput {
    /// Variable names.
    pub variables: Vec<String>,
    /// `Q` (default) or `F_p`.
    #[serde(default = "q")]
    pub domain: String,
    /// The operation.
    pub operation: IdealOperationKind,
    /// Generators of I.
    pub first: Vec<PolyValue>,
    /// Generators of J.
    pub second: Vec<PolyValue>,
}

/// Output of `polynomial.ideal.operation`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct IdealOperationOutput {
    /// The resulting ideal's reduced grevlex Gröbner basis (sum, product, intersection, quotient, saturation).
    pub basis: Option<Vec<String>>,
    /// The answer of equal and contains.
    pub holds: Option<bool>,
}

/// `polynomial.ideal.operation`.
pub struct IdealOperation;

fn operation_input(i: &IdealOperationInput) -> Result<(Ring, Vec<Poly>, Vec<Poly>), Diagnostic> {
    let r = ring(&i.variables, &i.domain)?;
    super::field_only(&r)?;
    Ok((r.clone(), generators(&r, &i.first, "/first")?, generators(&r, &i.second, "/second")?))
}

impl Query for IdealOperation {
    type Input = IdealOperationInput;
    type Output = IdealOperationOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "polynomial.ideal.operation",
            "Ideal sum, product, intersection, quotient, saturation, equality, containment",
            "Operations on two polynomial ideals: sum, product, intersection, ideal quotient I : J, saturation \
             I : J^infinity, and whether they are equal or one contains the other.",
            "Computes with two ideals over Q or F_p on Singular (intersect, quotient, sat) and returns the result as \
             a reduced grevlex Gröbner basis, or decides equality and containment J ⊆ I by normal forms.",
            &[
                "polynomial",
                "ideal",
                "intersection",
                "quotient",
                "saturation",
                "colon-ideal",
                "ideal-equality",
                "containment",
                "sum",
                "product",
            ],
        )
    }
    cas::on_backend!(SINGULAR);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "(x) ∩ (y)",
            Mode::Explore,
            json!({"variables": ["x", "y"], "operation": "intersection", "first": ["x"], "second": ["y"]}),
        )]
    }
    fn validate(&self, i: &IdealOperationInput) -> Result<(), Diagnostic> {
        operation_input(i).map(|_| ())
    }
    fn bounds(&self, i: &IdealOperationInput) -> Result<(), Refusal> {
        let (r, a, b) = operation_input(i).map_err(super::refused)?;
        ideal_bounds(&r, &a, "/first")?;
        ideal_bounds(&r, &b, "/second")
    }
    fn answer(
        &self,
        i: &IdealOperationInput,
        ctx: &AdapterContext,
    ) -> Result<Answer<IdealOperationOutput>, AdapterError> {
        use IdealOperationKind as K;
        let (r, a, b) = operation_input(i).map_err(unsupported)?;
        let prog = singular_ideal(singular_ideal(singular_ring(Program::new(SINGULAR), &r, "dp"), "i", &a), "j", &b);
        let (prog, decide) = match i.operation {
            K::Sum => (prog.code("print(string(std(i + j)));"), false),
            K::Product => (prog.code("print(string(std(i * j)));"), false),
            K::Intersection => (prog.code("print(string(std(intersect(i, j))));"), false),
            K::Quotient => (prog.code("print(string(std(quotient(i, j))));"), false),
            K::Saturation => (prog.code("LIB \"elim.lib\"; print(string(std(sat(i, j)[1])));").defines_globals(), false),
            K::Equal => (prog.code("ideal gi = std(i); ideal gj = std(j); print(size(reduce(j, gi)) == 0 && size(reduce(i, gj)) == 0);"), true),
            K::Contains => (prog.code("print(size(reduce(j, std(i))) == 0);"), true),
        };
        let reply = ctx.backend(&prog)?;
        let line = reply.lines.last().ok_or_else(|| AdapterError::Backend("Singular printed nothing".into()))?;
        if decide {
            return Ok(IdealOperationOutput { basis: None, holds: Some(line.trim() == "1") }.into());
        }
        let mut ps: Vec<Poly> = polys(&r, line)?.iter().map(|p| monic(&r, MonomialOrder::Grevlex, p).0).collect();
        ps.sort_by_key(|p| r.print(p));
        Ok(IdealOperationOutput { basis: Some(super::printed(&r, &ps)), holds: None }.into())
    }
}
