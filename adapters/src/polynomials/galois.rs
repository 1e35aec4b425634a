//! The arithmetic of a univariate polynomial over Q beyond its factors: Frobenius cycle types
//! modulo primes (with their frequencies, Chebotarev's statistics), the discriminant and whether
//! it is a square, the cubic resolvent of a quartic, and for an irreducible polynomial of degree
//! ≤ 7 its Galois group's order and solvability by radicals (PARI/GP).

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::polynomial::{Domain, PolyValue, Ring, rational_text};
use jacobian_runtime::typed::Describe;
use num_traits::One;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::arith::{monic, poly};
use super::{Rat, dense, q, read, ring};
use crate::cas::{self, Answer, Gp, Query};

const PARI: BackendKind = BackendKind::Pari;

fn unsupported(d: Diagnostic) -> AdapterError {
    AdapterError::Unsupported(d.message)
}

/// Orders of the transitive groups of degree ≤ 7 that are not solvable (A5, S5 and their actions
/// on 6 points, A6, S6, PSL(3, 2), A7, S7): every other transitive group of degree ≤ 7 is.
const INSOLVABLE_ORDERS: [u64; 7] = [60, 120, 168, 360, 720, 2520, 5040];

/// Input of `polynomial.compute.galois_profile`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GaloisInput {
    /// One variable name.
    pub variables: Vec<String>,
    /// `Z` or `Q` (default).
    #[serde(default = "q")]
    pub domain: String,
    /// f, square-free, of degree 1 to 40.
    pub polynomial: PolyValue,
    /// Frobenius cycle types at the primes up to this bound not dividing the discriminant and the
    /// leading coefficient (default 100, at most 10,000).
    #[serde(default = "hundred")]
    pub primes_up_to: u32,
}

fn hundred() -> u32 {
    100
}

/// The primes with one cycle type.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CycleType {
    /// The degrees of the irreducible factors of f mod p, increasing (the cycle type of Frobenius).
    pub cycle_type: Vec<u32>,
    /// How many of the primes examined have it.
    pub count: usize,
    /// The least such prime.
    pub least_prime: u64,
}

/// Output of `polynomial.compute.galois_profile`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GaloisOutput {
    /// deg f.
    pub degree: usize,
    /// Whether f is irreducible over Q.
    pub irreducible: bool,
    /// disc(f).
    pub discriminant: String,
    /// Whether disc(f) is a square in Q (for irreducible f: the Galois group lies in A_n).
    pub discriminant_is_square: bool,
    /// The Frobenius cycle types with their frequencies, most frequent first.
    pub frobenius: Vec<CycleType>,
    /// The number of primes examined.
    pub primes_examined: usize,
    /// For a quartic: its cubic resolvent (with roots r₁r₂ + r₃r₄, …), of the monic quartic.
    pub cubic_resolvent: Option<String>,
    /// Irreducible f of degree ≤ 7: the order of the Galois group (PARI/GP polgalois).
    pub galois_group_order: Option<u64>,
    /// Irreducible f of degree ≤ 7: PARI/GP's name of the group.
    pub galois_group_name: Option<String>,
    /// Irreducible f of degree ≤ 7: whether the roots are expressible by radicals.
    pub solvable_by_radicals: Option<bool>,
}

/// `polynomial.compute.galois_profile`.
pub struct GaloisProfile;

fn galois_input(i: &GaloisInput) -> Result<(Ring, Vec<Rat>), Diagnostic> {
    let r = ring(&i.variables, &i.domain)?;
    super::one_variable(&r)?;
    if r.domain.characteristic() != 0 {
        return Err(Diagnostic::at("/domain", "NOT_SUPPORTED", "over Z or Q"));
    }
    let p = dense(&read(&r, &i.polynomial, "/polynomial")?);
    if p.len() < 2 {
        return Err(Diagnostic::at("/polynomial", "CONSTANT", "a polynomial of degree at least 1"));
    }
    let q = Ring { domain: Domain::Q, ..r.clone() };
    let d: Vec<Rat> = p.iter().enumerate().skip(1).map(|(k, c)| c * Rat::from_integer(k.into())).collect();
    if super::arith::gcd(&q, &p, &d).len() > 1 {
        return Err(Diagnostic::at("/polynomial", "NOT_SQUARE_FREE", "a square-free polynomial"));
    }
    if i.primes_up_to < 2 {
        return Err(Diagnostic::at("/primes_up_to", "OUT_OF_RANGE", "at least 2"));
    }
    Ok((r, p))
}

/// The cubic resolvent of monic x⁴ + a x³ + b x² + c x + d: y³ − b y² + (ac − 4d) y − (a²d − 4bd + c²).
fn resolvent(p: &[Rat]) -> Vec<Rat> {
    let (d, c, b, a) = (&p[0], &p[1], &p[2], &p[3]);
    let four = Rat::from_integer(4.into());
    vec![-(a * a * d - &four * b * d + c * c), a * c - &four * d, -b.clone(), Rat::one()]
}

impl Query for GaloisProfile {
    type Input = GaloisInput;
    type Output = GaloisOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "polynomial.compute.galois_profile",
            "Galois profile of a polynomial: Frobenius cycle types mod p, discriminant, resolvent, solvability",
            "The factorization patterns of f mod p (Frobenius cycle types with frequencies), its discriminant and \
             whether it is a square, a quartic's cubic resolvent, and for degree <= 7 the Galois group's order.",
            "For a square-free f over Q: factors f modulo every prime up to a bound not dividing the discriminant \
             or the leading coefficient (PARI/GP factormod) and tallies the degree patterns, which by Chebotarev's \
             theorem are the cycle types of Frobenius elements of the Galois group; the discriminant and whether it \
             is a square; the cubic resolvent of a quartic; and for an irreducible f of degree <= 7 the order of \
             its Galois group (polgalois) and whether f is solvable by radicals.",
            &[
                "polynomial",
                "galois-group",
                "frobenius",
                "cycle-type",
                "factor-mod-p",
                "chebotarev",
                "cubic-resolvent",
                "solvable-by-radicals",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "x^4 + x + 1 modulo the primes up to 50",
            Mode::Explore,
            json!({"variables": ["x"], "polynomial": "x^4 + x + 1", "primes_up_to": 50}),
        )]
    }
    fn validate(&self, i: &GaloisInput) -> Result<(), Diagnostic> {
        galois_input(i).map(|_| ())
    }
    fn bounds(&self, i: &GaloisInput) -> Result<(), Refusal> {
        let (_, p) = galois_input(i).map_err(super::refused)?;
        super::degree_bound(&poly(&p), 1, 40, "/polynomial")?;
        if i.primes_up_to > 10_000 {
            return Err(Refusal::Unsupported(Diagnostic::at("/primes_up_to", "TOO_LARGE", "at most 10,000")));
        }
        Ok(())
    }
    fn answer(&self, i: &GaloisInput, ctx: &AdapterContext) -> Result<Answer<GaloisOutput>, AdapterError> {
        let (r, p) = galois_input(i).map_err(unsupported)?;
        let degree = p.len() - 1;
        // An integer multiple of f: the same roots, discriminant scaled by a square... so use f itself
        // for the discriminant, and its primitive integer multiple for reductions mod p.
        let (_, z) = poly(&p).clear_denominators();
        let zd = dense(&z);
        let prog = super::gp_pol(Program::new(PARI).code("my(f="), &p, &Domain::Q).code(",g=").code("");
        let prog = super::gp_pol(prog, &zd, &Domain::Q)
            .code(",D=poldisc(f),E=poldisc(g),v=List());print(D);print(issquare(D));print(#factor(f)[,1]==1&&factor(f)[1,2]==1);forprime(p=2,")
            .small(i64::from(i.primes_up_to))
            .code(",if(E%p&&pollead(g)%p,listput(v,[p,vecsort(apply(poldegree,factormod(g,p)[,1]~))])));print(Vec(v));")
            .code(if (2..=7).contains(&degree) { "if(#factor(f)[,1]==1,my(G=polgalois(f));print(G[1]);print(G[4]))" } else { "" });
        let reply = ctx.backend(&prog)?;
        let lines = &reply.lines;
        if lines.len() < 4 {
            return Err(AdapterError::Backend("PARI/GP printed a malformed profile".into()));
        }
        let disc = Gp::parse(&lines[0])?.rational()?;
        let square = Gp::parse(&lines[1])?.int()?.is_one();
        let irreducible = Gp::parse(&lines[2])?.int()?.is_one();
        let mut frobenius: Vec<CycleType> = vec![];
        let entries = Gp::parse(&lines[3])?;
        let entries = entries.items()?;
        for e in entries {
            let [pr, degs] = e.items()? else {
                return Err(AdapterError::Backend("PARI/GP printed a malformed cycle type".into()));
            };
            let pr: u64 = pr.int()?.try_into().map_err(|_| AdapterError::Backend("a bad prime".into()))?;
            let ty: Vec<u32> =
                degs.ints()?.iter().map(|d| d.to_i64().and_then(|d| u32::try_from(d).ok()).unwrap_or(0)).collect();
            if ty.iter().sum::<u32>() as usize != degree {
                return Err(AdapterError::Backend("a cycle type that is not a partition of the degree".into()));
            }
            match frobenius.iter_mut().find(|c| c.cycle_type == ty) {
                Some(c) => c.count += 1,
                None => frobenius.push(CycleType { cycle_type: ty, count: 1, least_prime: pr }),
            }
        }
        frobenius.sort_by(|a, b| b.count.cmp(&a.count).then(a.cycle_type.cmp(&b.cycle_type)));
        let (order, name) = match lines.get(4..6) {
            Some([o, n]) => {
                let o: u64 =
                    Gp::parse(o)?.int()?.try_into().map_err(|_| AdapterError::Backend("a bad order".into()))?;
                (Some(o), Some(n.trim().trim_matches('"').to_string()))
            }
            _ => (None, None),
        };
        let q = Ring { domain: Domain::Q, ..r.clone() };
        let cubic_resolvent = (degree == 4).then(|| q.print(&poly(&resolvent(&monic(&q, &p)))));
        let (dn, dd) = disc.parts();
        Ok(GaloisOutput {
            degree,
            irreducible,
            discriminant: rational_text(&Rat::new(dn, dd)),
            discriminant_is_square: square,
            primes_examined: entries.len(),
            frobenius,
            cubic_resolvent,
            solvable_by_radicals: order.map(|o| degree <= 4 || !INSOLVABLE_ORDERS.contains(&o)),
            galois_group_order: order,
            galois_group_name: name,
        }
        .into())
    }
}
