//! Class groups and unit groups of number fields (PARI/GP bnfinit), CONDITIONAL on GRH unless
//! bnfcertify proves them before the deadline.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::Signed;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{check_polynomial, elements, field, parse, polynomial_bound, run, small};
use crate::cas::{self, Answer, Query};
use crate::integer::decimal;
use crate::rational::Rational;

/// Highest degree of a field whose class group or units are computed.
pub const CLASS_MAX_DEGREE: usize = 12;
/// Decimal places of a regulator.
pub const REGULATOR_DECIMALS: u32 = 15;

const GRH: &str = "the generalized Riemann hypothesis (GRH)";
const BACH: &str = "Bach's bound 12·log²|d_K|";

/// A field whose class group and units PARI computes (bnfinit).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClassInput {
    /// The coefficients of an irreducible f ∈ Q[x] of degree ≤ 12, constant term first.
    #[schemars(length(min = 1, max = 1000))]
    pub polynomial: Vec<Rational>,
    /// Whether to try to remove GRH with bnfcertify within about half the remaining time
    /// (default true); when false, or when the proof does not finish, the answer is
    /// CONDITIONAL on GRH.
    #[serde(default = "yes")]
    pub certify: bool,
}

fn yes() -> bool {
    true
}

/// How a class group or unit computation is established.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Proof {
    /// Whether bnfcertify proved the result unconditionally.
    pub unconditional: bool,
    /// "bnfcertify" (unconditional), or "GRH" (Buchmann's algorithm, correct under GRH).
    pub method: String,
    /// Bach's bound 12·log²|d_K| (rounded down): under GRH, prime ideals of norm up to it
    /// generate the class group.
    pub grh_bound: DecimalInteger,
}

/// What bnfinit printed, shared by the class group and the unit group.
struct Bnf {
    lines: Vec<String>,
    proof: Proof,
    regulator: String,
}

impl Bnf {
    /// Runs bnfinit on the field, tries bnfcertify within ~60% of the remaining time when asked
    /// to, and then the program's `tail`, whose lines come first in `lines`.
    fn run(i: &ClassInput, tail: &'static str, ctx: &AdapterContext) -> Result<Bnf, AdapterError> {
        let budget = if i.certify { (ctx.remaining().as_millis() * 6 / 10).min(i64::MAX as u128) as i64 } else { 0 };
        let program = field(&i.polynomial)
            .code("my(t0=getwalltime(),bnf=bnfinit(U,1),nf=bnf.nf,c=0,B=")
            .small(budget)
            .code(
                ");if(B>0&&nfcertify(nf)==[],my(s=(B-(getwalltime()-t0))\\1000);\
                 if(s>=1,c=iferr(alarm(s,bnfcertify(bnf)),E,0);if(type(c)!=\"t_INT\",c=0)));",
            )
            .code(tail)
            .code(";print(round(bnf.reg*10^15));print(c);print(floor(12*log(abs(nf.disc))^2))");
        let mut lines = run(ctx, &program)?;
        if lines.len() < 3 {
            return Err(AdapterError::Backend("PARI/GP printed too few lines for a class group".into()));
        }
        let [reg, certified, bound] = parse(&lines.split_off(lines.len() - 3))?;
        let unconditional = small(&certified)? == 1;
        let method = if unconditional { "bnfcertify" } else { "GRH" }.to_owned();
        let proof = Proof { unconditional, method, grh_bound: decimal(bound.int()?) };
        Ok(Bnf { lines, proof, regulator: fixed_point(reg.int()?, REGULATOR_DECIMALS) })
    }

    /// The answer, CONDITIONAL on GRH unless certified.
    fn answer<T>(unconditional: bool, output: T) -> Answer<T> {
        if unconditional {
            Answer::from(output).note("PROVEN", "bnfcertify proved the result without GRH")
        } else {
            Answer::from(output).assuming(GRH).note("BOUND", format!("correct under GRH ({BACH})"))
        }
    }
}

/// `s / 10^places` as a decimal string with exactly `places` decimals.
fn fixed_point(s: &BigInt, places: u32) -> String {
    let scale = BigInt::from(10u32).pow(places);
    let (whole, frac) = s.abs().div_rem(&scale);
    let sign = if s.is_negative() { "-" } else { "" };
    format!("{sign}{whole}.{frac:0>width$}", width = places as usize)
}

/// Output of `number_field.compute.class_group`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ClassGroupOutput {
    /// The class number h_K.
    pub class_number: DecimalInteger,
    /// The class group as a product of cyclic groups of these orders, d₁ ≥ d₂ ≥ …, d_{i+1} | d_i
    /// (empty when h_K = 1).
    pub structure: Vec<DecimalInteger>,
    /// The regulator R_K, rounded to 15 decimal places (1 when the unit rank is 0).
    pub regulator: String,
    /// Decimal places of `regulator`.
    pub regulator_decimals: u32,
    /// How the result is established.
    pub proof: Proof,
}

/// `number_field.compute.class_group`.
pub struct ClassGroup;

impl Query for ClassGroup {
    type Input = ClassInput;
    type Output = ClassGroupOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_field.compute.class_group",
            "Class number and class group of a number field",
            "The class number, class group structure and regulator of a number field given by a polynomial, under \
             GRH unless proven.",
            "Buchmann's subexponential algorithm (PARI/GP bnfinit) for fields of degree ≤ 12: the class number h_K, \
             the cyclic decomposition of the ideal class group, and the regulator to 15 decimals. The result is \
             correct under GRH (prime ideals below Bach's bound 12·log²|d_K| generate the class group) and is \
             answered CONDITIONAL on GRH, unless bnfcertify removes the hypothesis within the deadline, which \
             makes it unconditional and COMPUTED.",
            &[
                "number-field",
                "algebraic-number-theory",
                "class-group",
                "class-number",
                "ideal-class-group",
                "regulator",
                "grh",
                "bnfinit",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("the class group of Q(√−5·23)", Mode::Explore, json!({"polynomial": [115, 0, 1]}))]
    }
    fn validate(&self, i: &ClassInput) -> Result<(), Diagnostic> {
        check_polynomial(&i.polynomial)
    }
    fn bounds(&self, i: &ClassInput) -> Result<(), Refusal> {
        polynomial_bound(&i.polynomial, CLASS_MAX_DEGREE)
    }
    fn answer(&self, i: &ClassInput, ctx: &AdapterContext) -> Result<Answer<ClassGroupOutput>, AdapterError> {
        let bnf = Bnf::run(i, "print(bnf.no);print(bnf.cyc)", ctx)?;
        let [h, cyc] = parse(&bnf.lines)?;
        let unconditional = bnf.proof.unconditional;
        let output = ClassGroupOutput {
            class_number: decimal(h.int()?),
            structure: cyc.ints()?,
            regulator: bnf.regulator,
            regulator_decimals: REGULATOR_DECIMALS,
            proof: bnf.proof,
        };
        Ok(Bnf::answer(unconditional, output))
    }
}

/// The roots of unity in K.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Torsion {
    /// w, the number of roots of unity in K.
    pub order: u64,
    /// A primitive w-th root of unity, as coefficients in θ.
    pub generator: Vec<Rational>,
}

/// Output of `number_field.compute.unit_group`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct UnitGroupOutput {
    /// The unit rank r₁ + r₂ − 1.
    pub rank: usize,
    /// The torsion subgroup (roots of unity).
    pub torsion: Torsion,
    /// A system of fundamental units as coefficients in θ. When K has a real embedding, each
    /// is chosen among ±u^(±1) to be > 1 at the least real root of f, which makes it unique
    /// when the rank is 1.
    pub fundamental_units: Vec<Vec<Rational>>,
    /// The regulator R_K, rounded to 15 decimal places.
    pub regulator: String,
    /// Decimal places of `regulator`.
    pub regulator_decimals: u32,
    /// How the result is established.
    pub proof: Proof,
}

/// `number_field.compute.unit_group`.
pub struct UnitGroup;

impl Query for UnitGroup {
    type Input = ClassInput;
    type Output = UnitGroupOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_field.compute.unit_group",
            "Unit group and fundamental units of a number field",
            "The unit rank, roots of unity and a system of fundamental units of the ring of integers of a number \
             field (Dirichlet's unit theorem), with the regulator.",
            "PARI/GP bnfinit with units for fields of degree ≤ 12: the rank r1 + r2 − 1, the torsion order with a \
             generator, fundamental units written on the powers of θ (normalized > 1 at the least real root when \
             there is a real embedding), and the regulator to 15 decimals. CONDITIONAL on GRH unless bnfcertify \
             proves the result within the deadline.",
            &[
                "number-field",
                "algebraic-number-theory",
                "unit-group",
                "fundamental-units",
                "units",
                "roots-of-unity",
                "dirichlet-unit-theorem",
                "regulator",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("the fundamental unit of Q(∛2)", Mode::Explore, json!({"polynomial": [-2, 0, 0, 1]}))]
    }
    fn validate(&self, i: &ClassInput) -> Result<(), Diagnostic> {
        check_polynomial(&i.polynomial)
    }
    fn bounds(&self, i: &ClassInput) -> Result<(), Refusal> {
        polynomial_bound(&i.polynomial, CLASS_MAX_DEGREE)
    }
    fn answer(&self, i: &ClassInput, ctx: &AdapterContext) -> Result<Answer<UnitGroupOutput>, AdapterError> {
        // Each unit u becomes ±u^(±1) with value > 1 at the least real root r of T (α = L·r),
        // evaluated with enough digits for the unit's size.
        let tail = "my(s1=bnf.sign[1],P=38+#Str(bnf.fu),r=0);if(s1,r=((p)->localprec(p);L*polrootsreal(T)[1])(P));\
                    my(nz=(w)->if(!s1,w,my(v=subst(lift(w),x,r));if(abs(v)<1,w=1/w;v=1/v);if(v<0,-w,w)));\
                    print(bnf.tu[1]);print(th(bnf.tu[2]));print(apply(u->th(nz(u)),bnf.fu))";
        let bnf = Bnf::run(i, tail, ctx)?;
        let [w, zeta, units] = parse(&bnf.lines)?;
        let unconditional = bnf.proof.unconditional;
        let fundamental_units = elements(&units)?;
        let output = UnitGroupOutput {
            rank: fundamental_units.len(),
            torsion: Torsion { order: small(&w)?, generator: zeta.rationals()? },
            fundamental_units,
            regulator: bnf.regulator,
            regulator_decimals: REGULATOR_DECIMALS,
            proof: bnf.proof,
        };
        Ok(Bnf::answer(unconditional, output))
    }
}
