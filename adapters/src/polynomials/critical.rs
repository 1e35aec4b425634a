//! Roots against critical points: every complex root of f and of f′ (PARI/GP's `polroots`,
//! guaranteed to the working precision for rational input), each root's distance to the nearest
//! critical point and the largest such distance (the quantity of Sendov's conjecture, with the
//! roots' position against the unit circle counted exactly), and optionally the splitting field of
//! f·f′ over Q, which holds every root and critical point (PARI/GP's `nfsplitting`).

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::polynomial::{Domain, PolyValue, Ring};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::location::{Region, counts};
use super::{Rat, dense, from_gp, q, read, ring};
use crate::cas::{self, Answer, Gp, Query};
use crate::number_theory::real::decimal;

const PARI: BackendKind = BackendKind::Pari;
/// Largest degree of f.
const MAX_DEGREE: usize = 40;
/// Largest degree of f whose splitting field is asked (a generic quintic's field with f′'s has
/// degree up to 960), and of a splitting field printed.
const MAX_SPLITTING_DEGREE: usize = 4;
const MAX_FIELD_PRINTED: i64 = 48;

fn ten() -> u32 {
    10
}

/// Input of `polynomial.roots.critical_points`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CriticalInput {
    /// One variable name.
    pub variables: Vec<String>,
    /// `Z` or `Q` (default).
    #[serde(default = "q")]
    pub domain: String,
    /// f, of degree 2 to 40.
    pub polynomial: PolyValue,
    /// Decimal places of the numbers (1 to 40, default 10).
    #[serde(default = "ten")]
    pub places: u32,
    /// Also the splitting field of f·f′ (f of degree at most 4: [K : Q] ≤ 144).
    #[serde(default)]
    pub splitting_field: bool,
}

/// A complex number in decimals.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Complex {
    /// Real part.
    pub re: String,
    /// Imaginary part.
    pub im: String,
}

/// The splitting field of f·f′.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SplittingField {
    /// [K : Q].
    pub degree: i64,
    /// A defining polynomial (reduced by `polredbest`), when the degree is at most 48.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub polynomial: Option<String>,
}

/// Output of `polynomial.roots.critical_points`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CriticalOutput {
    /// The roots of f with multiplicity.
    pub roots: Vec<Complex>,
    /// The roots of f′ with multiplicity.
    pub critical_points: Vec<Complex>,
    /// For each root, the distance to the nearest critical point.
    pub distances: Vec<String>,
    /// The largest of them.
    pub largest_distance: String,
    /// Whether every root lies in the closed unit disk (counted exactly): Sendov's conjecture then
    /// says the largest distance is at most 1.
    pub roots_in_closed_unit_disk: bool,
    /// The splitting field of f·f′, when asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub splitting_field: Option<SplittingField>,
}

/// `polynomial.roots.critical_points`.
pub struct CriticalPoints;

fn parse(i: &CriticalInput) -> Result<(Ring, Vec<Rat>), Diagnostic> {
    let r = ring(&i.variables, &i.domain)?;
    super::one_variable(&r)?;
    if r.domain.characteristic() != 0 {
        return Err(Diagnostic::at("/domain", "NOT_SUPPORTED", "over Z or Q"));
    }
    let f = dense(&read(&r, &i.polynomial, "/polynomial")?);
    if f.len() < 3 || f.len() > MAX_DEGREE + 1 {
        return Err(Diagnostic::at("/polynomial", "BAD_DEGREE", format!("degree 2 to {MAX_DEGREE}")));
    }
    if !(1..=40).contains(&i.places) {
        return Err(Diagnostic::at("/places", "OUT_OF_RANGE", "1 to 40"));
    }
    if i.splitting_field && f.len() > MAX_SPLITTING_DEGREE + 1 {
        let m = format!("the splitting field is computed for degree at most {MAX_SPLITTING_DEGREE}");
        return Err(Diagnostic::at("/splitting_field", "TOO_LARGE", m));
    }
    Ok((r, f))
}

impl Query for CriticalPoints {
    type Input = CriticalInput;
    type Output = CriticalOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "polynomial.roots.critical_points",
            "Distances from the roots of a polynomial to its critical points (Sendov), and their splitting field",
            "Every complex root of f and of f', the distance from each root to the nearest critical point and the \
             largest one (Sendov's conjecture), and the splitting field of f f' over Q.",
            "For a polynomial over Q: its complex roots and critical points (roots of f') numerically on PARI/GP \
             (polroots, guaranteed to the working precision for rational input), the distance from every root to \
             the nearest critical point and the largest such distance, whether every root lies in the closed unit \
             disk (counted exactly; Sendov's conjecture bounds the largest distance by 1 then), and on request the \
             splitting field of f f' (nfsplitting, reduced by polredbest) with its degree.",
            &[
                "polynomial",
                "roots",
                "critical-points",
                "sendov",
                "gauss-lucas",
                "derivative",
                "splitting-field",
                "complex-roots",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "root-to-critical-point distances of z^3 - 2 and the splitting field of f f'",
            Mode::Explore,
            json!({"variables": ["z"], "polynomial": "z^3 - 2", "splitting_field": true}),
        )]
    }
    fn validate(&self, i: &CriticalInput) -> Result<(), Diagnostic> {
        parse(i).map(|_| ())
    }
    fn bounds(&self, i: &CriticalInput) -> Result<(), Refusal> {
        parse(i).map(|_| ()).map_err(super::refused)
    }
    fn answer(&self, i: &CriticalInput, ctx: &AdapterContext) -> Result<Answer<CriticalOutput>, AdapterError> {
        let (r, f) = parse(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let k = i.places;
        let prog = super::gp_pol(Program::new(PARI).code("((P,K)->localprec(P);my(f="), &f, &Domain::Q)
            .code(",r=polroots(f),c=polroots(f'),s=z->[round(real(z)*10^K),round(imag(z)*10^K)]);")
            .code("print(apply(s,r~));print(apply(s,c~));")
            .code("print(vector(#r,i,round(vecmin(apply(w->abs(r[i]-w),c))*10^K))))(")
            .small(i64::from(k + 20))
            .code(",")
            .small(i64::from(k))
            .code(");");
        let prog = if i.splitting_field {
            super::gp_pol(prog.code("my(g="), &f, &Domain::Q)
                .code(",S=nfsplitting(g*g'));print(poldegree(S));if(poldegree(S)<=")
                .small(MAX_FIELD_PRINTED)
                .code(",print(Vecrev(polredbest(S))),print(0))")
        } else {
            prog
        };
        let reply = ctx.backend(&prog)?;
        let lines = &reply.lines;
        let bad = || AdapterError::Backend("PARI/GP printed malformed roots".into());
        if lines.len() < 3 {
            return Err(bad());
        }
        let complex = |line: &str| -> Result<Vec<Complex>, AdapterError> {
            Gp::parse(line)?
                .items()?
                .iter()
                .map(|z| match z.items()? {
                    [a, b] => Ok(Complex { re: decimal(a.int()?, k), im: decimal(b.int()?, k) }),
                    _ => Err(bad()),
                })
                .collect()
        };
        let (roots, critical_points) = (complex(&lines[0])?, complex(&lines[1])?);
        let distances: Vec<BigInt> =
            Gp::parse(&lines[2])?.items()?.iter().map(|d| d.int().cloned()).collect::<Result<_, _>>()?;
        if roots.len() != f.len() - 1 || critical_points.len() != f.len() - 2 || distances.len() != roots.len() {
            return Err(bad());
        }
        let largest = distances.iter().max().cloned().unwrap_or_default();
        let (inside, on, _) = counts(&f, Region::UnitDisk, ctx)?;
        let splitting_field = match (i.splitting_field, lines.get(3), lines.get(4)) {
            (false, _, _) => None,
            (true, Some(d), Some(p)) => {
                let degree = Gp::parse(d)?.int()?.try_into().map_err(|_| bad())?;
                let polynomial = match Gp::parse(p)? {
                    Gp::Int(_) => None,
                    v => Some(r.print(&from_gp(&v, 0, 1, &Domain::Q)?)),
                };
                Some(SplittingField { degree, polynomial })
            }
            _ => return Err(bad()),
        };
        Ok(Answer::from(CriticalOutput {
            roots,
            critical_points,
            distances: distances.iter().map(|d| decimal(d, k)).collect(),
            largest_distance: decimal(&largest, k),
            roots_in_closed_unit_disk: (inside + on) as usize == f.len() - 1,
            splitting_field,
        })
        .approximate()
        .note(
            "NUMERICAL",
            "roots, critical points and distances are PARI/GP values rounded to the places asked from a working \
             precision 20 digits beyond them",
        ))
    }
}
