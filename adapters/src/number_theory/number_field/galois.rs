//! Galois groups (PARI/GP polgalois, degree ≤ 7), subfields (nfsubfields) and splitting fields
//! (nfsplitting) of number fields.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_traits::{One, Signed};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{FieldInput, check_polynomial, field, parse, polynomial_bound, run, small};
use crate::cas::{self, Answer, Query};
use crate::integer::{big, decimal};
use crate::rational::Rational;

/// Highest degree of a polynomial whose Galois group or splitting field is computed: PARI's
/// resolvent method covers degree ≤ 7 without the `galdata` tables, which this system lacks.
pub const GALOIS_MAX_DEGREE: usize = 7;
/// Largest splitting field computed.
pub const SPLITTING_MAX_DEGREE: i64 = 120;
/// Highest degree of a field whose subfields are listed.
pub const SUBFIELDS_MAX_DEGREE: usize = 16;

/// The names PARI/GP's polgalois gives the transitive groups of degree 1 to 7, indexed by
/// degree and then by T-number − 1 (the Butler–McKay numbering).
const GALOIS_NAMES: [&[&str]; 8] = [
    &[],
    &["S1"],
    &["S2"],
    &["A3", "S3"],
    &["C(4) = 4", "E(4) = 2[x]2", "D(4)", "A4", "S4"],
    &["C(5) = 5", "D(5) = 5:2", "F(5) = 5:4", "A5", "S5"],
    &[
        "C(6) = 6 = 3[x]2",
        "D_6(6) = [3]2",
        "D(6) = S(3)[x]2",
        "A_4(6) = [2^2]3",
        "F_18(6) = [3^2]2 = 3 wr 2",
        "2A_4(6) = [2^3]3 = 2 wr 3",
        "S_4(6d) = [2^2]S(3)",
        "S_4(6c) = 1/2[2^3]S(3)",
        "F_18(6):2 = [1/2.S(3)^2]2",
        "F_36(6) = 1/2[S(3)^2]2",
        "2S_4(6) = [2^3]S(3) = 2 wr S(3)",
        "L(6) = PSL(2,5) = A_5(6)",
        "F_36(6):2 = [S(3)^2]2 = S(3) wr 2",
        "L(6):2 = PGL(2,5) = S_5(6)",
        "A6",
        "S6",
    ],
    &["C(7) = 7", "D(7) = 7:2", "F_21(7) = 7:3", "F_42(7) = 7:6", "L(7) = L(3,2)", "A7", "S7"],
];

/// The abelian transitive groups of degree ≤ 7, as (degree, T-number): the regular ones except
/// S3 acting on itself (6T2).
const ABELIAN: &[(usize, usize)] = &[(1, 1), (2, 1), (3, 1), (4, 1), (4, 2), (5, 1), (6, 1), (7, 1)];

/// The transitive groups of degree ≤ 7 that are not soluble, as (degree, T-number): A5 and S5,
/// their actions on 6 points, A6, S6, PSL(3,2), A7 and S7.
const INSOLUBLE: &[(usize, usize)] = &[(5, 4), (5, 5), (6, 12), (6, 14), (6, 15), (6, 16), (7, 5), (7, 6), (7, 7)];

/// Output of `number_field.compute.galois_group`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GaloisGroupOutput {
    /// n, the degree of the polynomial (the group acts on its n roots).
    pub degree: usize,
    /// The order of the Galois group (the degree of the splitting field).
    pub order: u64,
    /// Its number among the transitive groups of degree n (Butler–McKay, as in LMFDB).
    pub t_number: usize,
    /// "nTk".
    pub label: String,
    /// PARI/GP's name of the group.
    pub name: String,
    /// Whether the group is abelian.
    pub abelian: bool,
    /// Whether the group is soluble (the roots are expressible by radicals).
    pub soluble: bool,
    /// Whether the group lies in the alternating group A_n (the discriminant is a square).
    pub even: bool,
}

/// `number_field.compute.galois_group`.
pub struct GaloisGroup;

impl Query for GaloisGroup {
    type Input = FieldInput;
    type Output = GaloisGroupOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_field.compute.galois_group",
            "Galois group of a polynomial",
            "The Galois group of an irreducible polynomial over Q: order, transitive group label nTk, whether \
             abelian, soluble (solvable by radicals) or even.",
            "Identifies the Galois group of an irreducible polynomial of degree ≤ 7 with rational coefficients \
             among the transitive groups (PARI/GP polgalois, by resolvents): its order, T-number and LMFDB label, \
             name, and whether it is abelian, soluble and contained in A_n. The order is confirmed by the degree of \
             the splitting field when it is at most 120.",
            &[
                "number-field",
                "galois-group",
                "galois-theory",
                "transitive-group",
                "solvable-by-radicals",
                "soluble",
                "polgalois",
                "polynomial",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("the Galois group of x⁵ − x − 1", Mode::Explore, json!({"polynomial": [-1, -1, 0, 0, 0, 1]}))]
    }
    fn validate(&self, i: &FieldInput) -> Result<(), Diagnostic> {
        check_polynomial(&i.polynomial)
    }
    fn bounds(&self, i: &FieldInput) -> Result<(), Refusal> {
        polynomial_bound(&i.polynomial, GALOIS_MAX_DEGREE)
    }
    fn answer(&self, i: &FieldInput, ctx: &AdapterContext) -> Result<Answer<GaloisGroupOutput>, AdapterError> {
        let program = field(&i.polynomial)
            .code("my(g=polgalois(U));print(g[1]);print(g[2]);print(if(g[1]<=")
            .small(SPLITTING_MAX_DEGREE)
            .code(",poldegree(nfsplitting(U)),0));print(g[4])");
        let lines = run(ctx, &program)?;
        let (name, numbers) =
            lines.split_last().ok_or_else(|| AdapterError::Backend("PARI/GP printed nothing".into()))?;
        let [order, sign, splitting] = parse(numbers)?;
        let (degree, order) = (i.polynomial.len() - 1, small(&order)?);
        let t_number = GALOIS_NAMES[degree].iter().position(|n| n == name).map(|k| k + 1).ok_or_else(|| {
            AdapterError::Backend(format!("PARI/GP named a group `{name}` unknown in degree {degree}"))
        })?;
        let splitting = small(&splitting)?;
        if splitting != 0 && splitting != order {
            let message = format!("the splitting field has degree {splitting} but polgalois says order {order}");
            return Err(AdapterError::Backend(message));
        }
        Ok(GaloisGroupOutput {
            degree,
            order,
            t_number,
            label: format!("{degree}T{t_number}"),
            name: name.clone(),
            abelian: ABELIAN.contains(&(degree, t_number)),
            soluble: !INSOLUBLE.contains(&(degree, t_number)),
            even: sign.int()?.is_one(),
        }
        .into())
    }
}

/// A number field and a bound on the degree of its subfields.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SubfieldsInput {
    /// The coefficients of an irreducible f ∈ Q[x] of degree ≤ 16, constant term first.
    #[schemars(length(min = 1, max = 1000))]
    pub polynomial: Vec<Rational>,
    /// List only subfields of degree at most this (default: all).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_degree: Option<u32>,
}

/// A subfield, up to isomorphism.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Subfield {
    /// Its degree over Q.
    pub degree: usize,
    /// Its reduced defining polynomial (PARI/GP polredabs, as in LMFDB), integer coefficients,
    /// constant term first.
    pub polynomial: Vec<DecimalInteger>,
    /// Its field discriminant.
    pub discriminant: DecimalInteger,
}

/// Output of `number_field.compute.subfields`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SubfieldsOutput {
    /// Every subfield of K of the degrees asked (conjugate subfields of K each appear), sorted by
    /// degree, then |discriminant|, discriminant and polynomial; Q and K included.
    pub subfields: Vec<Subfield>,
    /// In the same order, a root in K of each subfield's polynomial, as coefficients in θ: the
    /// embedding of that subfield.
    pub generators: Vec<Vec<Rational>>,
}

/// `number_field.compute.subfields`.
pub struct Subfields;

impl Query for Subfields {
    type Input = SubfieldsInput;
    type Output = SubfieldsOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_field.compute.subfields",
            "Subfields of a number field",
            "Every subfield of a number field (intermediate fields between Q and K), each by a reduced defining \
             polynomial, its degree, discriminant and embedding.",
            "Lists the subfields of a number field of degree ≤ 16 (PARI/GP nfsubfields, van Hoeij–Klüners–Novocin), \
             optionally only those of degree at most a bound: each with its polredabs polynomial, degree, field \
             discriminant, and a root in K written on the powers of θ.",
            &[
                "number-field",
                "subfields",
                "intermediate-fields",
                "subfield-lattice",
                "galois-theory",
                "nfsubfields",
                "embedding",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("the subfields of Q(ζ₇)", Mode::Explore, json!({"polynomial": [1, 1, 1, 1, 1, 1, 1]}))]
    }
    fn validate(&self, i: &SubfieldsInput) -> Result<(), Diagnostic> {
        check_polynomial(&i.polynomial)?;
        if i.max_degree == Some(0) {
            return Err(Diagnostic::at("/max_degree", "OUT_OF_RANGE", "a subfield has degree ≥ 1"));
        }
        Ok(())
    }
    fn bounds(&self, i: &SubfieldsInput) -> Result<(), Refusal> {
        polynomial_bound(&i.polynomial, SUBFIELDS_MAX_DEGREE)
    }
    fn answer(&self, i: &SubfieldsInput, ctx: &AdapterContext) -> Result<Answer<SubfieldsOutput>, AdapterError> {
        let n = i.polynomial.len() - 1;
        let bound = i.max_degree.map_or(n, |d| (d as usize).min(n));
        let program = field(&i.polynomial).code("my(D=").small(bound as i64).code(
            ",S=concat(apply(d->nfsubfields(U,d),select(d->d<=D,divisors(n)))));\
             print(apply(s->my(r=polredabs(s[1],1),b=if(poldegree(s[1])==1,0,lift(modreverse(r[2]))));\
             [Vecrev(r[1]),nfdisc(r[1]),th(Mod(subst(b,x,s[2]),U))],S))",
        );
        let [all] = parse(&run(ctx, &program)?)?;
        let mut found = all
            .items()?
            .iter()
            .map(|s| match s.items()? {
                [p, d, g] => {
                    let polynomial = p.ints()?;
                    let degree = polynomial.len().saturating_sub(1);
                    Ok((Subfield { degree, polynomial, discriminant: decimal(d.int()?) }, g.rationals()?))
                }
                _ => Err(AdapterError::Backend("PARI/GP printed a malformed subfield".into())),
            })
            .collect::<Result<Vec<_>, _>>()?;
        found.sort_by_cached_key(|(s, g)| {
            let d = big(&s.discriminant);
            let coefficients: Vec<BigInt> = s.polynomial.iter().map(big).collect();
            (s.degree, d.abs(), d, coefficients, g.iter().map(|r| r.parts()).collect::<Vec<_>>())
        });
        let (subfields, generators) = found.into_iter().unzip();
        Ok(SubfieldsOutput { subfields, generators }.into())
    }
}

/// Output of `number_field.compute.splitting_field`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SplittingFieldOutput {
    /// The degree of the splitting field over Q.
    pub degree: u64,
    /// A monic integral polynomial defining it (reduced by polredbest when the degree is at most
    /// 24), constant term first.
    pub polynomial: Vec<DecimalInteger>,
    /// The number of its automorphisms, the order of the Galois group by polgalois, which equals
    /// the degree.
    pub automorphisms: u64,
}

/// `number_field.compute.splitting_field`.
pub struct SplittingField;

impl Query for SplittingField {
    type Input = FieldInput;
    type Output = SplittingFieldOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_field.compute.splitting_field",
            "Splitting field of a polynomial",
            "A defining polynomial and the degree of the splitting field (Galois closure) of an irreducible \
             polynomial over Q, with its number of automorphisms.",
            "Computes the splitting field of an irreducible polynomial of degree ≤ 7 whose Galois group has order \
             ≤ 120 (PARI/GP nfsplitting, checked against the order from polgalois), as a monic integral \
             polynomial, reduced by polredbest up to degree 24.",
            &[
                "number-field",
                "splitting-field",
                "galois-closure",
                "normal-closure",
                "galois-theory",
                "nfsplitting",
                "polynomial",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("the splitting field of x³ − 2", Mode::Explore, json!({"polynomial": [-2, 0, 0, 1]}))]
    }
    fn validate(&self, i: &FieldInput) -> Result<(), Diagnostic> {
        check_polynomial(&i.polynomial)
    }
    fn bounds(&self, i: &FieldInput) -> Result<(), Refusal> {
        polynomial_bound(&i.polynomial, GALOIS_MAX_DEGREE)
    }
    fn answer(&self, i: &FieldInput, ctx: &AdapterContext) -> Result<Answer<SplittingFieldOutput>, AdapterError> {
        let program = field(&i.polynomial).code("my(g=polgalois(U));if(g[1]>").small(SPLITTING_MAX_DEGREE).code(
            ",print(\"large \",g[1]);return);my(s=nfsplitting(U));\
                 if(poldegree(s)!=g[1],error(\"nfsplitting and polgalois disagree on the degree\"));\
                 if(poldegree(s)<=24,s=polredbest(s));print(Vecrev(s));print(g[1])",
        );
        let lines = run(ctx, &program)?;
        if let Some(order) = lines.first().and_then(|l| l.strip_prefix("large ")) {
            return Err(AdapterError::Unsupported(format!(
                "the splitting field has degree {order}; this capability computes splitting fields of degree ≤ \
                 {SPLITTING_MAX_DEGREE}"
            )));
        }
        let [polynomial, order] = parse(&lines)?;
        let polynomial = polynomial.ints()?;
        let automorphisms = small(&order)?;
        Ok(SplittingFieldOutput { degree: polynomial.len() as u64 - 1, polynomial, automorphisms }.into())
    }
}
