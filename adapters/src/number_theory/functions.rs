//! Arithmetic functions beyond one integer: valuations of factorials and binomials, profiles
//! over an interval, summatory functions, Dirichlet convolution and Möbius inversion, Ramanujan
//! sums, smooth-number counts and the preimages of Euler's totient.
//!
//! Sieves and the totient inversion run here on machine integers; factorizations of large
//! integers run on PARI/GP.

use std::collections::BTreeSet;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::Zero;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::cas::{self, Answer, Gp, Query};
use crate::integer::{big, decimal};
use crate::primecert::is_prime_u64;

const PARI: BackendKind = BackendKind::Pari;
/// Largest x of a sieve (summatory functions, smooth counts).
pub const SIEVE_MAX: u64 = 10_000_000;
/// Most integers in an interval profile.
pub const PROFILE_MAX_LENGTH: u64 = 100_000;
/// Largest m whose totient preimages are listed.
pub const TOTIENT_MAX: u64 = 1_000_000_000_000;
/// Longest sequence in a Dirichlet operation.
pub const SEQUENCE_MAX: usize = 100_000;

fn native() -> Provider {
    cas::native(include_str!("functions.rs"))
}

/// The smallest prime factor of every n ≤ x (0 and 1 map to themselves).
fn smallest_prime_factors(x: usize, ctx: &AdapterContext) -> Result<Vec<u32>, AdapterError> {
    let mut spf: Vec<u32> = (0..=x as u32).collect();
    let mut p = 2;
    while p * p <= x {
        if spf[p] == p as u32 {
            ctx.checkpoint()?;
            (p * p..=x).step_by(p).for_each(|m| spf[m] = spf[m].min(p as u32));
        }
        p += 1;
    }
    Ok(spf)
}

/// The prime factorization of n from the sieve.
fn factor(mut n: usize, spf: &[u32]) -> Vec<(u64, u32)> {
    let mut f: Vec<(u64, u32)> = vec![];
    while n > 1 {
        let p = spf[n] as usize;
        n /= p;
        match f.last_mut() {
            Some((q, e)) if *q == p as u64 => *e += 1,
            _ => f.push((p as u64, 1)),
        }
    }
    f
}

/// Input of `number_theory.compute.factorial_valuation`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FactorialValuationInput {
    /// n ≥ 0, up to 1,000 digits.
    pub n: DecimalInteger,
    /// A prime p < 2^64.
    pub p: u64,
    /// When given, the valuation of the binomial coefficient C(n, k) (0 ≤ k ≤ n) instead of n!.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k: Option<DecimalInteger>,
}

/// Output of `number_theory.compute.factorial_valuation`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FactorialValuationOutput {
    /// v_p(n!) (Legendre) or v_p(C(n, k)) (Kummer: the carries adding k and n − k in base p).
    pub valuation: DecimalInteger,
}

/// `number_theory.compute.factorial_valuation`.
pub struct FactorialValuation;

fn digit_sum(n: &BigInt, p: u64) -> BigInt {
    let (mut n, mut s) = (n.clone(), BigInt::zero());
    while !n.is_zero() {
        let (q, r) = n.div_rem(&BigInt::from(p));
        s += r;
        n = q;
    }
    s
}

impl Query for FactorialValuation {
    type Input = FactorialValuationInput;
    type Output = FactorialValuationOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_theory.compute.factorial_valuation",
            "p-adic valuation of n! or of a binomial coefficient",
            "The exponent of a prime p in n! (Legendre's formula) or in the binomial coefficient C(n, k) (Kummer).",
            "v_p(n!) = (n − s_p(n))/(p − 1) and v_p(C(n, k)) = the number of carries when adding k and n − k in base \
             p, for n of up to 1,000 digits and a prime p < 2^64 (checked).",
            &[
                "number-theory",
                "valuation",
                "factorial",
                "binomial",
                "legendre-formula",
                "kummer",
                "p-adic",
                "trailing-zeros",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("the power of 5 in 1000!", Mode::Explore, json!({"n": 1000, "p": 5})),
            ("the power of 2 in C(100, 50)", Mode::Explore, json!({"n": 100, "p": 2, "k": 50})),
        ]
    }
    fn validate(&self, i: &FactorialValuationInput) -> Result<(), Diagnostic> {
        if i.n.as_str().starts_with('-') {
            return Err(Diagnostic::at("/n", "NEGATIVE", "n is non-negative"));
        }
        if !is_prime_u64(i.p) {
            return Err(Diagnostic::at("/p", "NOT_PRIME", "p is a prime"));
        }
        match &i.k {
            Some(k) if big(k) < BigInt::zero() || big(k) > big(&i.n) => {
                Err(Diagnostic::at("/k", "OUT_OF_RANGE", "k lies between 0 and n"))
            }
            _ => Ok(()),
        }
    }
    fn bounds(&self, i: &FactorialValuationInput) -> Result<(), Refusal> {
        cas::digit_bound(&i.n, 1000, "/n")
    }
    fn answer(
        &self,
        i: &FactorialValuationInput,
        _: &AdapterContext,
    ) -> Result<Answer<FactorialValuationOutput>, AdapterError> {
        let n = big(&i.n);
        let legendre = |m: &BigInt| (m - digit_sum(m, i.p)) / (i.p - 1);
        let v = match &i.k {
            None => legendre(&n),
            Some(k) => legendre(&n) - legendre(&big(k)) - legendre(&(&n - big(k))),
        };
        Ok(FactorialValuationOutput { valuation: decimal(&v) }.into())
    }
}

/// An arithmetic function over an interval.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Function {
    /// τ(n).
    DivisorCount,
    /// σ(n).
    DivisorSum,
    /// φ(n).
    EulerTotient,
    /// μ(n).
    Mobius,
    /// λ(n) = (−1)^Ω(n).
    Liouville,
    /// ω(n).
    DistinctPrimeFactors,
    /// Ω(n).
    PrimeFactorsWithMultiplicity,
    /// The least prime factor (1 for n = 1).
    LeastPrimeFactor,
    /// The greatest prime factor (1 for n = 1).
    GreatestPrimeFactor,
    /// 1 when n is squarefree, else 0.
    Squarefree,
    /// 1 when n is prime, else 0.
    Prime,
}

impl Function {
    fn gp(self) -> &'static str {
        match self {
            Function::DivisorCount => "numdiv(f)",
            Function::DivisorSum => "sigma(f)",
            Function::EulerTotient => "eulerphi(f)",
            Function::Mobius => "moebius(f)",
            Function::Liouville => "(-1)^bigomega(f)",
            Function::DistinctPrimeFactors => "omega(f)",
            Function::PrimeFactorsWithMultiplicity => "bigomega(f)",
            Function::LeastPrimeFactor => "if(n==1,1,vecmin(f[,1]))",
            Function::GreatestPrimeFactor => "if(n==1,1,vecmax(f[,1]))",
            Function::Squarefree => "issquarefree(f)",
            Function::Prime => "(#f~==1&&f[1,2]==1)",
        }
    }

    /// The value at n from its factorization.
    fn at(self, n: u64, f: &[(u64, u32)]) -> i128 {
        let omega = f.len() as i128;
        let big_omega: i128 = f.iter().map(|&(_, e)| i128::from(e)).sum();
        let prod = |g: &dyn Fn(u64, u32) -> i128| f.iter().map(|&(p, e)| g(p, e)).product::<i128>();
        match self {
            Function::DivisorCount => prod(&|_, e| i128::from(e) + 1),
            Function::DivisorSum => prod(&|p, e| (i128::from(p).pow(e + 1) - 1) / (i128::from(p) - 1)),
            Function::EulerTotient => prod(&|p, e| (i128::from(p) - 1) * i128::from(p).pow(e - 1)),
            Function::Mobius => {
                if big_omega == omega {
                    if omega % 2 == 0 { 1 } else { -1 }
                } else {
                    0
                }
            }
            Function::Liouville => {
                if big_omega % 2 == 0 {
                    1
                } else {
                    -1
                }
            }
            Function::DistinctPrimeFactors => omega,
            Function::PrimeFactorsWithMultiplicity => big_omega,
            Function::LeastPrimeFactor => f.first().map_or(1, |&(p, _)| i128::from(p)),
            Function::GreatestPrimeFactor => f.last().map_or(1, |&(p, _)| i128::from(p)),
            Function::Squarefree => i128::from(big_omega == omega),
            Function::Prime => i128::from(n > 1 && big_omega == 1),
        }
    }
}

/// Input of `number_theory.compute.interval_profile`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProfileInput {
    /// The first integer (≥ 1, up to 30 digits).
    pub low: DecimalInteger,
    /// The last integer (high − low < 100,000).
    pub high: DecimalInteger,
    /// The functions to tabulate (at least one).
    #[schemars(length(min = 1))]
    pub functions: BTreeSet<Function>,
}

/// Output of `number_theory.compute.interval_profile`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ProfileOutput {
    /// For each requested function, its values at low, low + 1, …, high.
    pub values: Map<String, Value>,
}

/// `number_theory.compute.interval_profile`.
pub struct IntervalProfile;

impl Query for IntervalProfile {
    type Input = ProfileInput;
    type Output = ProfileOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_theory.compute.interval_profile",
            "Arithmetic functions over an interval",
            "The values of arithmetic functions (τ, σ, φ, μ, λ, ω, Ω, least and greatest prime factor, squarefree, \
             prime) at every integer of an interval.",
            "Tabulates the selected functions at each n in [low, high] (up to 100,000 integers of up to 30 digits), \
             factoring each n once with PARI/GP.",
            &[
                "number-theory",
                "interval",
                "profile",
                "table",
                "divisor-count",
                "totient",
                "greatest-prime-factor",
                "least-prime-factor",
                "squarefree",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "φ and the greatest prime factor of 90 … 100",
            Mode::Explore,
            json!({"low": 90, "high": 100, "functions": ["euler_totient", "greatest_prime_factor"]}),
        )]
    }
    fn validate(&self, i: &ProfileInput) -> Result<(), Diagnostic> {
        let (low, high) = (big(&i.low), big(&i.high));
        if low < BigInt::from(1) {
            return Err(Diagnostic::at("/low", "OUT_OF_RANGE", "low is at least 1"));
        }
        if high < low {
            return Err(Diagnostic::at("/high", "OUT_OF_RANGE", "high is at least low"));
        }
        if i.functions.is_empty() {
            return Err(Diagnostic::at("/functions", "EMPTY", "name at least one function"));
        }
        Ok(())
    }
    fn bounds(&self, i: &ProfileInput) -> Result<(), Refusal> {
        cas::digit_bound(&i.high, 30, "/high")?;
        if big(&i.high) - big(&i.low) >= BigInt::from(PROFILE_MAX_LENGTH) {
            let d = Diagnostic::at("/high", "TOO_LARGE", "an interval holds at most 100,000 integers");
            return Err(Refusal::Unsupported(d));
        }
        Ok(())
    }
    fn answer(&self, i: &ProfileInput, ctx: &AdapterContext) -> Result<Answer<ProfileOutput>, AdapterError> {
        let functions: Vec<Function> = i.functions.iter().copied().collect();
        let program = Program::new(PARI)
            .code("for(n=")
            .int(&i.low)
            .code(",")
            .int(&i.high)
            .code(",my(f=factor(n));print([")
            .list(&functions, ",", |p, f| p.code(f.gp()))
            .code("]))");
        let reply = ctx.backend(&program)?;
        let mut columns: Vec<Vec<Value>> = vec![vec![]; functions.len()];
        for line in &reply.lines {
            let row = Gp::parse(line)?.ints()?;
            if row.len() != functions.len() {
                return Err(AdapterError::Backend("PARI/GP printed a row of the wrong width".into()));
            }
            row.into_iter().zip(&mut columns).for_each(|(v, c)| c.push(json!(v)));
        }
        let values = functions.iter().zip(columns).map(|(f, c)| (name(*f), Value::Array(c))).collect();
        Ok(ProfileOutput { values }.into())
    }
}

fn name(f: Function) -> String {
    serde_json::to_value(f).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default()
}

/// Input of `number_theory.compute.summatory`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SummatoryInput {
    /// x, from 1 to 10^7.
    pub x: u64,
    /// The functions f whose sums Σ_{n ≤ x} f(n) are wanted.
    #[schemars(length(min = 1))]
    pub functions: BTreeSet<Function>,
}

/// Output of `number_theory.compute.summatory`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SummatoryOutput {
    /// Σ_{n ≤ x} f(n) for each requested function (Mertens' M(x) for mobius, π(x) for prime).
    pub sums: Map<String, Value>,
}

/// `number_theory.compute.summatory`.
pub struct Summatory;

impl Query for Summatory {
    type Input = SummatoryInput;
    type Output = SummatoryOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_theory.compute.summatory",
            "Summatory arithmetic functions",
            "Sums of arithmetic functions up to x: the Mertens function, Σφ(n), Σσ(n), Σλ(n), π(x) and others.",
            "Σ_{n ≤ x} f(n) for x ≤ 10^7 and any of the interval functions (τ, σ, φ, μ → Mertens M(x), λ, ω, Ω, \
             squarefree → Q(x), prime → π(x), …), exactly, by a sieve of smallest prime factors.",
            &["number-theory", "summatory", "sum", "mertens", "partial-sums", "totient-sum", "dirichlet-summatory"],
        )
    }
    fn provider(&self) -> Provider {
        native()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("Mertens' M(10^6)", Mode::Explore, json!({"x": 1000000, "functions": ["mobius"]}))]
    }
    fn validate(&self, i: &SummatoryInput) -> Result<(), Diagnostic> {
        if i.x == 0 {
            return Err(Diagnostic::at("/x", "OUT_OF_RANGE", "x is at least 1"));
        }
        if i.functions.is_empty() {
            return Err(Diagnostic::at("/functions", "EMPTY", "name at least one function"));
        }
        Ok(())
    }
    fn bounds(&self, i: &SummatoryInput) -> Result<(), Refusal> {
        if i.x > SIEVE_MAX {
            return Err(Refusal::Unsupported(Diagnostic::at("/x", "TOO_LARGE", "x is at most 10^7")));
        }
        Ok(())
    }
    fn answer(&self, i: &SummatoryInput, ctx: &AdapterContext) -> Result<Answer<SummatoryOutput>, AdapterError> {
        let x = i.x as usize;
        let spf = smallest_prime_factors(x, ctx)?;
        let mut sums = vec![0i128; i.functions.len()];
        for n in 1..=x {
            if n % 262_144 == 0 {
                ctx.checkpoint()?;
            }
            let f = factor(n, &spf);
            i.functions.iter().zip(&mut sums).for_each(|(g, s)| *s += g.at(n as u64, &f));
        }
        let sums = i.functions.iter().zip(sums).map(|(g, s)| (name(*g), json!(s.to_string()))).collect();
        Ok(SummatoryOutput { sums }.into())
    }
}

/// A Dirichlet operation on arithmetic functions given by their values f(1), …, f(N).
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DirichletOperation {
    /// (f ∗ g)(n) = Σ_{d | n} f(d)·g(n/d).
    Convolution,
    /// The f⁻¹ with f ∗ f⁻¹ = ε (needs f(1) = ±1).
    Inverse,
    /// F(n) = Σ_{d | n} f(d).
    MobiusTransform,
    /// f(n) = Σ_{d | n} μ(n/d)·F(d), recovering f from F.
    InverseMobiusTransform,
}

/// Input of `arithmetic.compute.dirichlet`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DirichletInput {
    /// The operation.
    pub operation: DirichletOperation,
    /// f(1), …, f(N) (N ≤ 100,000).
    #[schemars(length(min = 1, max = 100000))]
    pub f: Vec<DecimalInteger>,
    /// g(1), …, g(N), for a convolution (the same length as f).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub g: Option<Vec<DecimalInteger>>,
}

/// Output of `arithmetic.compute.dirichlet`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DirichletOutput {
    /// The result's values at 1, …, N.
    pub values: Vec<DecimalInteger>,
}

/// `arithmetic.compute.dirichlet`.
pub struct Dirichlet;

impl Query for Dirichlet {
    type Input = DirichletInput;
    type Output = DirichletOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "arithmetic.compute.dirichlet",
            "Dirichlet convolution, inverse and Möbius inversion",
            "Dirichlet convolution f ∗ g, the Dirichlet inverse, and the Möbius transform and its inversion of \
             arithmetic functions given by their first N values.",
            "Operates on f(1..N) (and g(1..N)) exactly over the integers, N ≤ 100,000: convolution Σ_{d|n} \
             f(d)g(n/d), inverse (f(1) = ±1), Möbius transform Σ_{d|n} f(d) and Möbius inversion.",
            &[
                "arithmetic",
                "dirichlet-convolution",
                "dirichlet-inverse",
                "mobius-inversion",
                "mobius-transform",
                "multiplicative",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "the Dirichlet inverse of the constant 1 (Möbius μ)",
            Mode::Explore,
            json!({"operation": "inverse", "f": [1, 1, 1, 1, 1, 1]}),
        )]
    }
    fn validate(&self, i: &DirichletInput) -> Result<(), Diagnostic> {
        if i.f.is_empty() || i.f.len() > SEQUENCE_MAX {
            return Err(Diagnostic::at("/f", "OUT_OF_RANGE", "one to 100,000 values"));
        }
        match (i.operation, &i.g) {
            (DirichletOperation::Convolution, Some(g)) if g.len() == i.f.len() => Ok(()),
            (DirichletOperation::Convolution, _) => Err(Diagnostic::at("/g", "LENGTH", "g has as many values as f")),
            (DirichletOperation::Inverse, _) if !["1", "-1"].contains(&i.f[0].as_str()) => {
                Err(Diagnostic::at("/f/0", "NOT_A_UNIT", "the integer Dirichlet inverse needs f(1) = ±1"))
            }
            (_, Some(_)) => Err(Diagnostic::at("/g", "UNEXPECTED", "only a convolution takes g")),
            _ => Ok(()),
        }
    }
    fn bounds(&self, i: &DirichletInput) -> Result<(), Refusal> {
        let all = i.f.iter().enumerate().map(|(k, v)| (v, format!("/f/{k}")));
        let all = all.chain(i.g.iter().flatten().enumerate().map(|(k, v)| (v, format!("/g/{k}"))));
        all.into_iter().try_for_each(|(v, p)| cas::digit_bound(v, 100, &p))
    }
    fn answer(&self, i: &DirichletInput, ctx: &AdapterContext) -> Result<Answer<DirichletOutput>, AdapterError> {
        let n = i.f.len();
        let f: Vec<BigInt> = i.f.iter().map(big).collect();
        let mobius = |n: usize| -> Vec<BigInt> {
            let mut mu = vec![BigInt::zero(); n + 1];
            mu[1] = BigInt::from(1);
            for d in 1..=n {
                let m = mu[d].clone();
                (2 * d..=n).step_by(d).for_each(|k| mu[k] -= &m);
            }
            mu.remove(0);
            mu
        };
        let convolve = |a: &[BigInt], b: &[BigInt]| -> Result<Vec<BigInt>, AdapterError> {
            let mut out = vec![BigInt::zero(); n];
            for d in 1..=n {
                if d % 1024 == 0 {
                    ctx.checkpoint()?;
                }
                for m in 1..=n / d {
                    out[d * m - 1] += &a[d - 1] * &b[m - 1];
                }
            }
            Ok(out)
        };
        let values = match i.operation {
            DirichletOperation::Convolution => {
                let g: Vec<BigInt> = i.g.iter().flatten().map(big).collect();
                convolve(&f, &g)?
            }
            DirichletOperation::MobiusTransform => convolve(&f, &vec![BigInt::from(1); n])?,
            DirichletOperation::InverseMobiusTransform => convolve(&f, &mobius(n))?,
            DirichletOperation::Inverse => {
                // f⁻¹(1) = 1/f(1); f⁻¹(k) = −f(1)⁻¹ Σ_{d | k, d < k} f(k/d) f⁻¹(d).
                let unit = f[0].clone();
                let mut inv = vec![BigInt::zero(); n];
                inv[0] = unit.clone();
                for d in 1..=n {
                    if d % 1024 == 0 {
                        ctx.checkpoint()?;
                    }
                    if d > 1 {
                        inv[d - 1] = -&inv[d - 1] * &unit;
                    }
                    let v = inv[d - 1].clone();
                    for m in 2..=n / d {
                        inv[d * m - 1] += &f[m - 1] * &v;
                    }
                }
                inv
            }
        };
        Ok(DirichletOutput { values: values.iter().map(decimal).collect() }.into())
    }
}

/// Input of `number_theory.compute.ramanujan_sum`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RamanujanInput {
    /// q ≥ 1, up to 40 digits.
    pub q: DecimalInteger,
    /// n, any integer of up to 1,000 digits.
    pub n: DecimalInteger,
}

/// Output of `number_theory.compute.ramanujan_sum`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RamanujanOutput {
    /// c_q(n) = Σ over a in (Z/qZ)^× of e^(2πian/q), an integer.
    pub value: DecimalInteger,
}

/// `number_theory.compute.ramanujan_sum`.
pub struct RamanujanSum;

impl Query for RamanujanSum {
    type Input = RamanujanInput;
    type Output = RamanujanOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_theory.compute.ramanujan_sum",
            "Ramanujan sum",
            "The Ramanujan sum c_q(n): the sum of the n-th powers of the primitive q-th roots of unity.",
            "c_q(n) = Σ_{d | gcd(n, q)} μ(q/d)·d, exactly, for q of up to 40 digits (factored by PARI/GP).",
            &["number-theory", "ramanujan-sum", "roots-of-unity", "exponential-sum", "character-sum"],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("c_12(8)", Mode::Explore, json!({"q": 12, "n": 8}))]
    }
    fn validate(&self, i: &RamanujanInput) -> Result<(), Diagnostic> {
        (big(&i.q) >= BigInt::from(1))
            .then_some(())
            .ok_or_else(|| Diagnostic::at("/q", "OUT_OF_RANGE", "q is at least 1"))
    }
    fn bounds(&self, i: &RamanujanInput) -> Result<(), Refusal> {
        cas::digit_bound(&i.q, 40, "/q")?;
        cas::digit_bound(&i.n, 1000, "/n")
    }
    fn answer(&self, i: &RamanujanInput, ctx: &AdapterContext) -> Result<Answer<RamanujanOutput>, AdapterError> {
        let program = Program::new(PARI)
            .code("my(q=")
            .int(&i.q)
            .code(",n=")
            .int(&i.n)
            .code(");print(sumdiv(gcd(n,q),d,moebius(q/d)*d))");
        let reply = ctx.backend(&program)?;
        Ok(RamanujanOutput { value: cas::integer(PARI, reply.single(PARI)?)? }.into())
    }
}

/// Input of `number_theory.compute.smooth_count`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SmoothInput {
    /// x, from 1 to 10^7.
    pub x: u64,
    /// The smoothness bound y ≥ 1.
    pub y: u64,
}

/// Output of `number_theory.compute.smooth_count`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SmoothOutput {
    /// Ψ(x, y): how many n ≤ x have no prime factor above y (n = 1 included).
    pub count: u64,
}

/// `number_theory.compute.smooth_count`.
pub struct SmoothCount;

impl Query for SmoothCount {
    type Input = SmoothInput;
    type Output = SmoothOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_theory.compute.smooth_count",
            "Count of smooth (friable) numbers",
            "Ψ(x, y): how many integers up to x are y-smooth (have every prime factor at most y).",
            "Counts the y-smooth (friable) n ≤ x, 1 included, exactly for x ≤ 10^7 by a sieve of smallest prime \
             factors.",
            &["number-theory", "smooth-numbers", "friable", "psi-function", "count", "dickman"],
        )
    }
    fn provider(&self) -> Provider {
        native()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("Ψ(10^6, 100)", Mode::Explore, json!({"x": 1000000, "y": 100}))]
    }
    fn validate(&self, i: &SmoothInput) -> Result<(), Diagnostic> {
        if i.x == 0 {
            return Err(Diagnostic::at("/x", "OUT_OF_RANGE", "x is at least 1"));
        }
        (i.y >= 1).then_some(()).ok_or_else(|| Diagnostic::at("/y", "OUT_OF_RANGE", "y is at least 1"))
    }
    fn bounds(&self, i: &SmoothInput) -> Result<(), Refusal> {
        (i.x <= SIEVE_MAX)
            .then_some(())
            .ok_or_else(|| Refusal::Unsupported(Diagnostic::at("/x", "TOO_LARGE", "x is at most 10^7")))
    }
    fn answer(&self, i: &SmoothInput, ctx: &AdapterContext) -> Result<Answer<SmoothOutput>, AdapterError> {
        let spf = smallest_prime_factors(i.x as usize, ctx)?;
        // The greatest prime factor of n is that of n / spf(n) or spf(n) itself.
        let mut greatest = vec![1u32; spf.len()];
        let mut count = 0;
        for n in 1..spf.len() {
            if n > 1 {
                greatest[n] = greatest[n / spf[n] as usize].max(spf[n]);
            }
            count += u64::from(u64::from(greatest[n]) <= i.y);
        }
        Ok(SmoothOutput { count }.into())
    }
}

/// Input of `number_theory.compute.totient_preimages`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PreimagesInput {
    /// m, from 1 to 10^12.
    pub m: u64,
    /// Also Σ n^j over the preimages for each of these exponents j (0 to 10; at most 10 exponents).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub power_sums: Vec<u32>,
}

/// Output of `number_theory.compute.totient_preimages`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PreimagesOutput {
    /// Every n with φ(n) = m, increasing (empty for a nontotient).
    pub preimages: Vec<DecimalInteger>,
    /// Σ n^j over the preimages, one per requested exponent j, in the order asked.
    pub power_sums: Vec<DecimalInteger>,
}

/// Σ n^j over `values` for each exponent j.
pub(crate) fn power_sums(values: &[u128], exponents: &[u32]) -> Vec<DecimalInteger> {
    exponents.iter().map(|&j| decimal(&values.iter().map(|&n| BigInt::from(n).pow(j)).sum::<BigInt>())).collect()
}

/// Refuses more than ten exponents or one above ten.
pub(crate) fn check_exponents(exponents: &[u32]) -> Result<(), Diagnostic> {
    if exponents.len() > 10 {
        return Err(Diagnostic::at("/power_sums", "TOO_MANY", "at most 10 exponents"));
    }
    match exponents.iter().position(|&j| j > 10) {
        Some(k) => Err(Diagnostic::at(format!("/power_sums/{k}"), "OUT_OF_RANGE", "exponents are 0 to 10")),
        None => Ok(()),
    }
}

/// `number_theory.compute.totient_preimages`.
pub struct TotientPreimages;

impl Query for TotientPreimages {
    type Input = PreimagesInput;
    type Output = PreimagesOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_theory.compute.totient_preimages",
            "Inverse of Euler's totient",
            "Every n with φ(n) = m: the preimages of Euler's totient function (none for a nontotient), and power sums \
             Σ n^j over them.",
            "Inverts φ for m ≤ 10^12 by a search over the primes p with p − 1 | m and their powers, largest first; \
             the preimage count is their number.",
            &["number-theory", "inverse-totient", "preimages", "nontotient", "totient-inverse"],
        )
    }
    fn provider(&self) -> Provider {
        native()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("every n with φ(n) = 24", Mode::Explore, json!({"m": 24}))]
    }
    fn validate(&self, i: &PreimagesInput) -> Result<(), Diagnostic> {
        (i.m >= 1).then_some(()).ok_or_else(|| Diagnostic::at("/m", "OUT_OF_RANGE", "m is at least 1"))?;
        check_exponents(&i.power_sums)
    }
    fn bounds(&self, i: &PreimagesInput) -> Result<(), Refusal> {
        (i.m <= TOTIENT_MAX)
            .then_some(())
            .ok_or_else(|| Refusal::Unsupported(Diagnostic::at("/m", "TOO_LARGE", "m is at most 10^12")))
    }
    fn answer(&self, i: &PreimagesInput, ctx: &AdapterContext) -> Result<Answer<PreimagesOutput>, AdapterError> {
        let divisors = {
            let mut d: Vec<u64> = (1..).take_while(|k| k * k <= i.m).filter(|k| i.m.is_multiple_of(*k)).collect();
            let high: Vec<u64> = d.iter().rev().map(|k| i.m / k).filter(|h| h * h != i.m).collect();
            d.extend(high);
            d
        };
        let mut primes: Vec<u64> = divisors.iter().map(|d| d + 1).filter(|&p| is_prime_u64(p)).collect();
        primes.reverse();
        let mut found = vec![];
        // φ(n) = m with the primes of n taken in decreasing order from primes[start..].
        fn search(
            m: u64,
            n: u128,
            start: usize,
            primes: &[u64],
            found: &mut Vec<u128>,
            ctx: &AdapterContext,
        ) -> Result<(), AdapterError> {
            if m == 1 {
                // n is odd (only odd primes are chosen here), and φ(2n) = φ(n).
                found.extend([n, 2 * n]);
                return Ok(());
            }
            ctx.checkpoint()?;
            for (k, &p) in primes.iter().enumerate().skip(start) {
                if p == 2 || !m.is_multiple_of(p - 1) {
                    continue;
                }
                let (mut rest, mut power) = (m / (p - 1), u128::from(p));
                loop {
                    search(rest, n * power, k + 1, primes, found, ctx)?;
                    if rest % p != 0 {
                        break;
                    }
                    rest /= p;
                    power *= u128::from(p);
                }
            }
            // Powers of 2 last: φ(2^k) = 2^(k−1).
            if m.is_power_of_two() {
                found.push(n * u128::from(2 * m));
            }
            Ok(())
        }
        search(i.m, 1, 0, &primes, &mut found, ctx)?;
        found.sort_unstable();
        found.dedup();
        let preimages = found.iter().map(|n| decimal(&BigInt::from(*n))).collect();
        Ok(PreimagesOutput { preimages, power_sums: power_sums(&found, &i.power_sums) }.into())
    }
}
