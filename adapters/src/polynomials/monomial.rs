//! Monomial ideals in-process (minimal generators, sum, product, intersection, quotient, radical,
//! membership, Hilbert series by the colon recursion), and graded Betti tables of homogeneous
//! ideals from Singular's minimal free resolutions.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::{PolyValue, Ring};
use jacobian_runtime::typed::Describe;
use num_traits::One;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{Poly, Rat, q, read, ring};
use crate::cas::{self, Answer, Query};

const SINGULAR: BackendKind = BackendKind::Singular;

fn unsupported(d: Diagnostic) -> AdapterError {
    AdapterError::Unsupported(d.message)
}

type Mono = Vec<u32>;

fn divides(a: &[u32], b: &[u32]) -> bool {
    a.iter().zip(b).all(|(x, y)| x <= y)
}

/// The minimal generators, sorted by degree then reverse lexicographically.
fn minimal(mut gens: Vec<Mono>) -> Vec<Mono> {
    gens.sort_by_key(|m| (m.iter().sum::<u32>(), std::cmp::Reverse(m.clone())));
    gens.dedup();
    let mut out: Vec<Mono> = vec![];
    for m in gens {
        if !out.iter().any(|g| divides(g, &m)) {
            out.push(m);
        }
    }
    out
}

fn lcm(a: &[u32], b: &[u32]) -> Mono {
    a.iter().zip(b).map(|(x, y)| *x.max(y)).collect()
}

/// m / gcd(m, d): the generator of (m) : d.
fn colon(m: &[u32], d: &[u32]) -> Mono {
    m.iter().zip(d).map(|(x, y)| x.saturating_sub(*y)).collect()
}

/// The numerator K(t) of the Hilbert series K(t)/(1 − t)ⁿ of S/I (coefficients by degree):
/// K(S/(m₁…mₖ)) = K(S/(m₁…mₖ₋₁)) − t^deg mₖ · K(S/((m₁…mₖ₋₁) : mₖ)).
fn numerator(gens: &[Mono], ctx: &AdapterContext) -> Result<Vec<i64>, AdapterError> {
    ctx.checkpoint()?;
    let gens = minimal(gens.to_vec());
    let Some((last, rest)) = gens.split_last() else { return Ok(vec![1]) };
    if rest.is_empty() {
        let d = last.iter().sum::<u32>() as usize;
        let mut k = vec![0; d + 1];
        k[0] += 1;
        k[d] -= 1;
        return Ok(k);
    }
    let a = numerator(rest, ctx)?;
    let b = numerator(&rest.iter().map(|m| colon(m, last)).collect::<Vec<_>>(), ctx)?;
    let d = last.iter().sum::<u32>() as usize;
    let mut out = vec![0i64; a.len().max(b.len() + d)];
    for (i, c) in a.iter().enumerate() {
        out[i] += c;
    }
    for (i, c) in b.iter().enumerate() {
        out[i + d] -= c;
    }
    while out.len() > 1 && out.last() == Some(&0) {
        out.pop();
    }
    Ok(out)
}

/// The operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MonomialOperation {
    /// The minimal generators of I.
    Minimize,
    /// I + J.
    Sum,
    /// I · J.
    Product,
    /// I ∩ J (lcms of pairs).
    Intersection,
    /// I : J.
    Quotient,
    /// √I (supports of the generators).
    Radical,
    /// Whether `monomial` lies in I, with a generator dividing it.
    Membership,
    /// The Hilbert series of S/I, its Krull dimension and degree.
    HilbertSeries,
}

/// Input of `monomial_ideal.compute.operation`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MonomialInput {
    /// Variable names (at most 12).
    pub variables: Vec<String>,
    /// The operation.
    pub operation: MonomialOperation,
    /// Monomial generators of I (coefficients ignored; at most 40).
    pub generators: Vec<PolyValue>,
    /// Generators of J (sum, product, intersection, quotient).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub other: Option<Vec<PolyValue>>,
    /// The monomial tested (membership).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub monomial: Option<PolyValue>,
}

/// Output of `monomial_ideal.compute.operation`.
#[derive(Debug, Default, Serialize, JsonSchema)]
pub struct MonomialOutput {
    /// The minimal generators of the resulting ideal.
    pub generators: Option<Vec<String>>,
    /// Membership: whether the monomial is in I.
    pub member: Option<bool>,
    /// Membership: a generator dividing it.
    pub divisor: Option<String>,
    /// Hilbert series: K(t) with HS = K(t)/(1 − t)ⁿ, coefficients from degree 0.
    pub numerator: Option<Vec<i64>>,
    /// Hilbert series: h(t) with HS = h(t)/(1 − t)^d, h(1) ≠ 0.
    pub reduced_numerator: Option<Vec<i64>>,
    /// Hilbert series: the Krull dimension d of S/I.
    pub dimension: Option<usize>,
    /// Hilbert series: the degree h(1) of S/I.
    pub degree: Option<i64>,
}

/// `monomial_ideal.compute.operation`.
pub struct MonomialIdeal;

fn monomials(r: &Ring, vs: &[PolyValue], path: &str) -> Result<Vec<Mono>, Diagnostic> {
    let mut out = vec![];
    for (k, v) in vs.iter().enumerate() {
        let at = format!("{path}/{k}");
        let p = read(r, v, &at)?;
        let mut t = p.terms();
        match (t.next(), t.next()) {
            (Some((m, _)), None) => out.push(m.clone()),
            _ => return Err(Diagnostic::at(at, "NOT_A_MONOMIAL", "a single nonzero term")),
        }
    }
    Ok(out)
}

type Parsed = (Ring, Vec<Mono>, Option<Vec<Mono>>, Option<Mono>);

fn monomial_input(i: &MonomialInput) -> Result<Parsed, Diagnostic> {
    use MonomialOperation as O;
    let r = ring(&i.variables, "Q")?;
    if i.generators.len() > 40 {
        return Err(Diagnostic::at("/generators", "BAD_LENGTH", "at most 40 generators"));
    }
    let gens = monomials(&r, &i.generators, "/generators")?;
    let binary = matches!(i.operation, O::Sum | O::Product | O::Intersection | O::Quotient);
    let other = match (&i.other, binary) {
        (Some(o), true) if o.len() <= 40 => Some(monomials(&r, o, "/other")?),
        (Some(_), true) => return Err(Diagnostic::at("/other", "BAD_LENGTH", "at most 40 generators")),
        (None, true) => return Err(Diagnostic::at("/other", "MISSING", "this operation takes a second ideal")),
        (Some(_), false) => return Err(Diagnostic::at("/other", "UNEXPECTED", "only for two-ideal operations")),
        (None, false) => None,
    };
    let monomial = match (&i.monomial, i.operation == O::Membership) {
        (Some(m), true) => Some(
            monomials(&r, std::slice::from_ref(m), "/monomial").map_err(|mut d| {
                d.path = Some("/monomial".into());
                d
            })?[0]
                .clone(),
        ),
        (None, true) => return Err(Diagnostic::at("/monomial", "MISSING", "membership tests a monomial")),
        (Some(_), false) => return Err(Diagnostic::at("/monomial", "UNEXPECTED", "only for membership")),
        (None, false) => None,
    };
    Ok((r, gens, other, monomial))
}

impl Query for MonomialIdeal {
    type Input = MonomialInput;
    type Output = MonomialOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "monomial_ideal.compute.operation",
            "Monomial ideal operations: minimal generators, sum, product, intersection, quotient, radical, Hilbert series",
            "Operations on monomial ideals: minimal generators, sum, product, intersection, colon quotient, \
             radical, membership, and the Hilbert series of S/I with its dimension and degree.",
            "Works on exponent vectors in-process: minimal generators by divisibility, I + J, I * J, the \
             intersection by pairwise lcms, I : J as the intersection of the colons by each generator of J \
             (m / gcd(m, n)), the radical from the supports, membership with a dividing generator, and the Hilbert \
             series K(t)/(1 - t)^n by the colon recursion, reduced to h(t)/(1 - t)^d (d the Krull dimension, h(1) \
             the degree).",
            &[
                "monomial-ideal",
                "minimal-generators",
                "intersection",
                "colon",
                "radical",
                "hilbert-series",
                "stanley-reisner",
                "monomial",
            ],
        )
    }
    fn provider(&self) -> Provider {
        super::native(include_str!("monomial.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "Hilbert series of (x*y, y*z, x*z)",
            Mode::Explore,
            json!({"variables": ["x", "y", "z"], "operation": "hilbert_series", "generators": ["x*y", "y*z", "x*z"]}),
        )]
    }
    fn validate(&self, i: &MonomialInput) -> Result<(), Diagnostic> {
        monomial_input(i).map(|_| ())
    }
    fn bounds(&self, i: &MonomialInput) -> Result<(), Refusal> {
        let (r, gens, other, _) = monomial_input(i).map_err(super::refused)?;
        if r.n() > 12 {
            return Err(Refusal::Unsupported(Diagnostic::at("/variables", "TOO_LARGE", "at most 12 variables")));
        }
        for m in gens.iter().chain(other.iter().flatten()) {
            if m.iter().sum::<u32>() > 200 {
                return Err(Refusal::Unsupported(Diagnostic::at("/generators", "TOO_LARGE", "degrees at most 200")));
            }
        }
        Ok(())
    }
    fn answer(&self, i: &MonomialInput, ctx: &AdapterContext) -> Result<Answer<MonomialOutput>, AdapterError> {
        use MonomialOperation as O;
        let (r, gens, other, monomial) = monomial_input(i).map_err(unsupported)?;
        let n = r.n();
        let print = |m: &Mono| r.print(&Poly::monomial(m.clone(), Rat::one()));
        let ideal = |ms: Vec<Mono>| Some(minimal(ms).iter().map(print).collect());
        let j = other.unwrap_or_default();
        let pairs = |f: &dyn Fn(&Mono, &Mono) -> Mono| -> Vec<Mono> {
            gens.iter().flat_map(|a| j.iter().map(move |b| (a, b))).map(|(a, b)| f(a, b)).collect()
        };
        let out = match i.operation {
            O::Minimize => MonomialOutput { generators: ideal(gens.clone()), ..Default::default() },
            O::Sum => {
                MonomialOutput { generators: ideal(gens.iter().chain(&j).cloned().collect()), ..Default::default() }
            }
            O::Product => MonomialOutput {
                generators: ideal(pairs(&|a, b| a.iter().zip(b).map(|(x, y)| x + y).collect())),
                ..Default::default()
            },
            O::Intersection => MonomialOutput { generators: ideal(pairs(&|a, b| lcm(a, b))), ..Default::default() },
            O::Quotient => {
                // I : J = ∩_{n ∈ J} (I : n).
                let mut acc: Option<Vec<Mono>> = None;
                for b in &j {
                    ctx.checkpoint()?;
                    let c = minimal(gens.iter().map(|a| colon(a, b)).collect());
                    acc = Some(match acc {
                        None => c,
                        Some(a) => minimal(a.iter().flat_map(|x| c.iter().map(move |y| lcm(x, y))).collect()),
                    });
                }
                MonomialOutput { generators: ideal(acc.unwrap_or_else(|| vec![vec![0; n]])), ..Default::default() }
            }
            O::Radical => MonomialOutput {
                generators: ideal(gens.iter().map(|m| m.iter().map(|&e| u32::from(e > 0)).collect()).collect()),
                ..Default::default()
            },
            O::Membership => {
                let m = monomial.unwrap_or_default();
                let d = gens.iter().find(|g| divides(g, &m));
                MonomialOutput { member: Some(d.is_some()), divisor: d.map(print), ..Default::default() }
            }
            O::HilbertSeries => {
                let k = numerator(&gens, ctx)?;
                // Divide by (1 − t) while K(1) = 0.
                let (mut h, mut d) = (k.clone(), n);
                while d > 0 && h.iter().sum::<i64>() == 0 && !h.iter().all(|&c| c == 0) {
                    let mut q = vec![0i64; h.len() - 1];
                    let mut acc = 0;
                    for (i, c) in h.iter().take(h.len() - 1).enumerate() {
                        acc += c;
                        q[i] = acc;
                    }
                    h = q;
                    d -= 1;
                }
                MonomialOutput {
                    degree: Some(h.iter().sum()),
                    numerator: Some(k),
                    reduced_numerator: Some(h),
                    dimension: Some(d),
                    ..Default::default()
                }
            }
        };
        Ok(out.into())
    }
}

/// Input of `polynomial.ideal.betti_table`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BettiInput {
    /// Variable names (at most 10).
    pub variables: Vec<String>,
    /// `Q` (default) or `F_p`.
    #[serde(default = "q")]
    pub domain: String,
    /// Homogeneous generators of I (at most 30, degree at most 10).
    pub generators: Vec<PolyValue>,
}

/// Output of `polynomial.ideal.betti_table`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BettiOutput {
    /// table[j][i] = β_{i, i+j}, the number of degree-(i + j) generators of the i-th free module in
    /// the minimal free resolution of S/I (Macaulay2's layout: columns i, rows j).
    pub table: Vec<Vec<i64>>,
    /// β_i = Σ_j β_{i,i+j}.
    pub total: Vec<i64>,
    /// The projective dimension of S/I (the length of the resolution).
    pub projective_dimension: usize,
    /// The Castelnuovo–Mumford regularity of S/I (the last nonzero row).
    pub regularity: usize,
}

/// `polynomial.ideal.betti_table`.
pub struct BettiTable;

fn betti_input(i: &BettiInput) -> Result<(Ring, Vec<Poly>), Diagnostic> {
    let r = ring(&i.variables, &i.domain)?;
    super::field_only(&r)?;
    if i.generators.is_empty() || i.generators.len() > 30 {
        return Err(Diagnostic::at("/generators", "BAD_LENGTH", "1 to 30 generators"));
    }
    let mut out = vec![];
    for (k, v) in i.generators.iter().enumerate() {
        let p = read(&r, v, &format!("/generators/{k}"))?;
        let degs: Vec<u32> = p.terms().map(|(m, _)| m.iter().sum()).collect();
        if degs.windows(2).any(|w| w[0] != w[1]) {
            return Err(Diagnostic::at(format!("/generators/{k}"), "NOT_HOMOGENEOUS", "a homogeneous polynomial"));
        }
        out.push(p);
    }
    Ok((r, out))
}

impl Query for BettiTable {
    type Input = BettiInput;
    type Output = BettiOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "polynomial.ideal.betti_table",
            "Graded Betti table of a homogeneous ideal (minimal free resolution)",
            "The graded Betti numbers of S/I for a homogeneous polynomial ideal I over Q or F_p, from its minimal \
             free resolution: the Betti table, totals, projective dimension and regularity.",
            "Computes a minimal free resolution of S/I with Singular (mres) and reads its graded Betti numbers \
             beta_{i,i+j} (betti), laid out as a table of rows j and columns i, with the total Betti numbers, the \
             projective dimension and the Castelnuovo-Mumford regularity; monomial ideals included.",
            &[
                "ideal",
                "betti-numbers",
                "betti-table",
                "free-resolution",
                "syzygies",
                "regularity",
                "projective-dimension",
                "graded",
            ],
        )
    }
    cas::on_backend!(SINGULAR);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "the twisted cubic",
            Mode::Explore,
            json!({"variables": ["x", "y", "z", "w"], "generators": ["x*z - y^2", "x*w - y*z", "y*w - z^2"]}),
        )]
    }
    fn validate(&self, i: &BettiInput) -> Result<(), Diagnostic> {
        betti_input(i).map(|_| ())
    }
    fn bounds(&self, i: &BettiInput) -> Result<(), Refusal> {
        let (r, gens) = betti_input(i).map_err(super::refused)?;
        if r.n() > 10 {
            return Err(Refusal::Unsupported(Diagnostic::at("/variables", "TOO_LARGE", "at most 10 variables")));
        }
        for (k, g) in gens.iter().enumerate() {
            super::degree_bound(g, r.n(), 10, &format!("/generators/{k}"))?;
        }
        Ok(())
    }
    fn answer(&self, i: &BettiInput, ctx: &AdapterContext) -> Result<Answer<BettiOutput>, AdapterError> {
        let (r, gens) = betti_input(i).map_err(unsupported)?;
        let prog = super::singular_ideal(super::singular_ring(Program::new(SINGULAR), &r, "dp"), "I", &gens).code(
            "resolution re = mres(I, 0); intmat B = betti(re); print(attrib(B, \"rowShift\")); print(nrows(B)); \
             print(ncols(B)); int a; int b; for (a = 1; a <= nrows(B); a++) { string s = \"\"; \
             for (b = 1; b <= ncols(B); b++) { s = s + string(B[a, b]) + \" \"; } print(s); kill s; }",
        );
        let reply = ctx.backend(&prog)?;
        let bad = || AdapterError::Backend("Singular printed a malformed Betti table".into());
        let num = |l: &str| l.trim().parse::<i64>().map_err(|_| bad());
        let [shift, rows, cols, body @ ..] = reply.lines.as_slice() else { return Err(bad()) };
        let (shift, rows, cols) = (num(shift)?, num(rows)?, num(cols)?);
        if body.len() as i64 != rows {
            return Err(bad());
        }
        let mut table = vec![];
        for line in body {
            let row: Vec<i64> = line.split_whitespace().map(num).collect::<Result<_, _>>()?;
            if row.len() as i64 != cols {
                return Err(bad());
            }
            table.push(row);
        }
        // Rows from degree offset 0: prepend zero rows for a positive shift.
        for _ in 0..shift.max(0) {
            table.insert(0, vec![0; cols as usize]);
        }
        while table.last().is_some_and(|r| r.iter().all(|&b| b == 0)) {
            table.pop();
        }
        let total: Vec<i64> = (0..cols as usize).map(|c| table.iter().map(|r| r[c]).sum()).collect();
        let pd = total.iter().rposition(|&t| t != 0).unwrap_or(0);
        let reg = table.len().saturating_sub(1);
        Ok(BettiOutput { table, total, projective_dimension: pd, regularity: reg }.into())
    }
}
