//! Linear recurrences: `sequence.recurrence.find` (Berlekamp–Massey over Q or F_p, the
//! recurrence replayed on every given term), `sequence.recurrence.evaluate` (iteration, or
//! Fiduccia's x^n mod the characteristic polynomial over F_p), and
//! `sequence.guess.generating_function` (a rational generating function P/Q from the shortest
//! recurrence, HEURISTIC: it extrapolates beyond the terms given).

// Index loops over several parallel tables read more clearly than zipped iterators here.
#![allow(clippy::needless_range_loop, clippy::type_complexity)]

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext, Refusal, RunBudget};
use jacobian_runtime::contract::{Completeness, Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::Rat;
use jacobian_runtime::typed::{Describe, Operation};
use jacobian_runtime::{Digest, Scope};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{native, statements};
use crate::cas::{self, Answer, Query};
use crate::rational::Rational;

/// Most terms for Berlekamp–Massey over Q (quadratic in exact rationals).
pub const MAX_Q_TERMS: usize = 2_000;
/// Most terms for Berlekamp–Massey over F_p.
pub const MAX_P_TERMS: usize = 20_000;
/// Largest index iterated to over Q.
pub const MAX_Q_INDEX: u64 = 20_000;
/// Largest order of a recurrence evaluated.
pub const MAX_ORDER: usize = 1_000;

fn is_prime(p: u64) -> bool {
    p >= 2 && (2..).take_while(|d| d * d <= p).all(|d| !p.is_multiple_of(d))
}

/// Reduces a rational modulo p (None when p divides the denominator).
fn modp(r: &Rat, p: u64) -> Option<u64> {
    let m = BigInt::from(p);
    let d = r.denom().mod_floor(&m);
    let e = d.extended_gcd(&m);
    if !e.gcd.is_one() {
        return None;
    }
    (r.numer() * e.x).mod_floor(&m).to_u64()
}

fn pow_mod(mut b: u64, mut e: u64, p: u64) -> u64 {
    let mut r = 1u64;
    b %= p;
    while e > 0 {
        if e & 1 == 1 {
            r = (r as u128 * b as u128 % p as u128) as u64;
        }
        b = (b as u128 * b as u128 % p as u128) as u64;
        e >>= 1;
    }
    r
}

/// Berlekamp–Massey over Q: the coefficients c₁, …, c_L of the shortest recurrence.
pub fn berlekamp_massey(s: &[Rat], ctx: &AdapterContext) -> Result<Vec<Rat>, AdapterError> {
    let mut c = vec![Rat::one()];
    let mut b = vec![Rat::one()];
    let (mut l, mut m, mut bd) = (0usize, 1usize, Rat::one());
    for n in 0..s.len() {
        if n.is_multiple_of(64) {
            ctx.checkpoint()?;
        }
        let mut d = s[n].clone();
        for i in 1..=l.min(c.len() - 1) {
            d += &c[i] * &s[n - i];
        }
        if d.is_zero() {
            m += 1;
            continue;
        }
        let coef = &d / &bd;
        let t = c.clone();
        if c.len() < b.len() + m {
            c.resize(b.len() + m, Rat::zero());
        }
        for (i, bi) in b.iter().enumerate() {
            c[i + m] -= &coef * bi;
        }
        if 2 * l <= n {
            l = n + 1 - l;
            b = t;
            bd = d;
            m = 1;
        } else {
            m += 1;
        }
    }
    c.resize(l + 1, Rat::zero());
    Ok(c[1..].iter().map(|x| -x).collect())
}

/// Berlekamp–Massey over F_p.
pub fn berlekamp_massey_mod(s: &[u64], p: u64, ctx: &AdapterContext) -> Result<Vec<u64>, AdapterError> {
    let mul = |a: u64, b: u64| (a as u128 * b as u128 % p as u128) as u64;
    let mut c = vec![1u64];
    let mut b = vec![1u64];
    let (mut l, mut m, mut bd) = (0usize, 1usize, 1u64);
    for n in 0..s.len() {
        if n.is_multiple_of(256) {
            ctx.checkpoint()?;
        }
        let mut d = s[n];
        for i in 1..=l.min(c.len() - 1) {
            d = (d + mul(c[i], s[n - i])) % p;
        }
        if d == 0 {
            m += 1;
            continue;
        }
        let coef = mul(d, pow_mod(bd, p - 2, p));
        let t = c.clone();
        if c.len() < b.len() + m {
            c.resize(b.len() + m, 0);
        }
        for (i, &bi) in b.iter().enumerate() {
            c[i + m] = (c[i + m] + p - mul(coef, bi)) % p;
        }
        if 2 * l <= n {
            l = n + 1 - l;
            b = t;
            bd = d;
            m = 1;
        } else {
            m += 1;
        }
    }
    c.resize(l + 1, 0);
    Ok(c[1..].iter().map(|&x| (p - x) % p).collect())
}

/// Input of `sequence.recurrence.find`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FindInput {
    /// The terms a(0), a(1), … (integers or rationals "p/q"), at most 10^5.
    #[schemars(length(min = 1, max = 100000))]
    pub terms: Vec<Rational>,
    /// Work over F_p for this prime (p < 2^31) instead of Q.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modulus: Option<u64>,
}

/// Output of `sequence.recurrence.find`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FindOutput {
    /// The order L of the shortest recurrence a(n) = c₁a(n−1) + … + c_L a(n−L) holding for
    /// every n from L on among the given terms.
    pub order: usize,
    /// c₁, …, c_L.
    pub coefficients: Vec<Rational>,
    /// Whether 2L ≤ the number of terms, so that this is the only recurrence of order ≤ L the
    /// terms allow.
    pub determined: bool,
    /// Number of terms the recurrence was replayed on.
    pub checked_terms: usize,
}

/// `sequence.recurrence.find`.
pub struct Find;

fn validate_modulus(m: Option<u64>, at: &str) -> Result<(), Diagnostic> {
    match m {
        Some(p) if !is_prime(p) || p >= 1 << 31 => Err(Diagnostic::at(at, "NOT_PRIME", "a prime below 2^31")),
        _ => Ok(()),
    }
}

fn reduce_all(terms: &[Rational], p: u64, at: &str) -> Result<Vec<u64>, Diagnostic> {
    terms
        .iter()
        .enumerate()
        .map(|(i, t)| {
            modp(&Rational::value(t), p)
                .ok_or_else(|| Diagnostic::at(format!("{at}/{i}"), "NOT_IN_FIELD", "p divides the denominator"))
        })
        .collect()
}

impl Query for Find {
    type Input = FindInput;
    type Output = FindOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "sequence.recurrence.find",
                "Find a linear recurrence",
                "The shortest linear recurrence with constant coefficients satisfied by the given terms, by Berlekamp–Massey over Q or F_p, replayed on every term.",
                "Berlekamp–Massey over exact rationals (≤ 2000 terms) or F_p (≤ 20000 terms): the order L and c₁, …, c_L \
                 with a(n) = Σ c_i a(n − i) for every given n ≥ L, and whether 2L ≤ the number of terms (then no other \
                 recurrence of order ≤ L fits). VERIFY replays the recurrence on every term in the discrete checker.",
                &[
                    "linear-recurrence",
                    "berlekamp-massey",
                    "recurrence",
                    "sequence",
                    "guess",
                    "minimal-polynomial",
                    "c-finite",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("recurrence.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("The Fibonacci recurrence", Mode::Verify, json!({"terms": [0, 1, 1, 2, 3, 5, 8, 13, 21, 34]})),
            ("A recurrence over F_7", Mode::Explore, json!({"terms": [1, 2, 4, 1, 2, 4, 1, 2], "modulus": 7})),
        ]
    }
    fn validate(&self, i: &FindInput) -> Result<(), Diagnostic> {
        validate_modulus(i.modulus, "/modulus")?;
        if let Some(p) = i.modulus {
            reduce_all(&i.terms, p, "/terms")?;
        }
        Ok(())
    }
    fn bounds(&self, i: &FindInput) -> Result<(), Refusal> {
        let max = if i.modulus.is_some() { MAX_P_TERMS } else { MAX_Q_TERMS };
        if i.terms.len() > max {
            return Err(super::too_large("/terms", format!("at most {max} terms here")));
        }
        Ok(())
    }
    fn answer(&self, i: &FindInput, ctx: &AdapterContext) -> Result<Answer<FindOutput>, AdapterError> {
        let n = i.terms.len();
        let coefficients: Vec<Rational> = match i.modulus {
            Some(p) => {
                let s = reduce_all(&i.terms, p, "/terms").map_err(|d| AdapterError::Backend(d.message))?;
                berlekamp_massey_mod(&s, p, ctx)?.iter().map(|&c| Rational::integer(&BigInt::from(c))).collect()
            }
            None => {
                let s: Vec<Rat> = i.terms.iter().map(Rational::value).collect();
                berlekamp_massey(&s, ctx)?.iter().map(Rational::of).collect()
            }
        };
        let order = coefficients.len();
        let statement = json!({"recurrence": {"terms": i.terms, "coefficients": coefficients, "modulus": i.modulus}});
        let out = FindOutput { order, coefficients, determined: 2 * order <= n, checked_terms: n };
        Ok(Answer::from(out).claim(statements(vec![statement])))
    }
}

/// Input of `sequence.recurrence.evaluate`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EvaluateInput {
    /// c₁, …, c_d of a(n) = c₁a(n−1) + … + c_d a(n−d).
    #[schemars(length(min = 1, max = 1000))]
    pub coefficients: Vec<Rational>,
    /// a(0), …, a(d − 1).
    #[schemars(length(min = 1, max = 1000))]
    pub initial: Vec<Rational>,
    /// The index n of the term wanted (up to 10^18 over F_p, 20000 over Q).
    pub n: u64,
    /// Work over F_p for this prime.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modulus: Option<u64>,
    /// Also list a(0), …, a(n) (n ≤ 20000).
    #[serde(default)]
    pub list: bool,
}

/// Output of `sequence.recurrence.evaluate`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct EvaluateOutput {
    /// a(n).
    pub value: Rational,
    /// a(0..=n), when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub terms: Option<Vec<Rational>>,
}

/// `sequence.recurrence.evaluate`.
pub struct Evaluate;

/// x^n mod (x^d − c₁x^{d−1} − … − c_d) over F_p, as coefficients of 1, x, …, x^{d−1}.
fn fiduccia(c: &[u64], n: u64, p: u64, ctx: &AdapterContext) -> Result<Vec<u64>, AdapterError> {
    let d = c.len();
    let mul = |a: &[u64], b: &[u64]| -> Vec<u64> {
        let mut r = vec![0u128; 2 * d];
        for (i, &x) in a.iter().enumerate() {
            if x == 0 {
                continue;
            }
            for (j, &y) in b.iter().enumerate() {
                r[i + j] = (r[i + j] + x as u128 * y as u128) % p as u128;
            }
        }
        // x^k = Σ c_i x^{k−i} for k ≥ d.
        for k in (d..2 * d).rev() {
            let t = r[k];
            if t != 0 {
                for (i, &ci) in c.iter().enumerate() {
                    r[k - 1 - i] = (r[k - 1 - i] + t * ci as u128) % p as u128;
                }
            }
        }
        r[..d].iter().map(|&x| x as u64).collect()
    };
    let mut result = vec![0u64; d];
    result[0] = 1;
    let mut base = vec![0u64; d];
    if d == 1 {
        base[0] = c[0] % p;
    } else {
        base[1] = 1;
    }
    let mut e = n;
    while e > 0 {
        ctx.checkpoint()?;
        if e & 1 == 1 {
            result = mul(&result, &base);
        }
        base = mul(&base, &base);
        e >>= 1;
    }
    Ok(result)
}

impl Query for Evaluate {
    type Input = EvaluateInput;
    type Output = EvaluateOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "sequence.recurrence.evaluate",
                "Evaluate a linear recurrence",
                "The n-th term of a linear recurrence with constant coefficients from its initial terms, over Q or F_p (n up to 10^18 mod p).",
                "Exact: over Q by iteration (n ≤ 20000); over F_p by Fiduccia's algorithm, x^n modulo the characteristic \
                 polynomial by repeated squaring (order ≤ 1000, n ≤ 10^18); `list` gives every term up to n. VERIFY \
                 iterates the recurrence in the discrete checker (n ≤ 10^6 mod p, 20000 over Q).",
                &["linear-recurrence", "nth-term", "evaluate", "fiduccia", "companion-matrix", "sequence", "c-finite"],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("recurrence.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("F(100)", Mode::Verify, json!({"coefficients": [1, 1], "initial": [0, 1], "n": 100})),
            (
                "F(10^18) mod 1000000007",
                Mode::Explore,
                json!({"coefficients": [1, 1], "initial": [0, 1], "n": 1_000_000_000_000_000_000u64, "modulus": 1_000_000_007}),
            ),
        ]
    }
    fn validate(&self, i: &EvaluateInput) -> Result<(), Diagnostic> {
        if i.initial.len() != i.coefficients.len() {
            return Err(Diagnostic::at("/initial", "WRONG_LENGTH", "one initial term per coefficient"));
        }
        validate_modulus(i.modulus, "/modulus")?;
        if let Some(p) = i.modulus {
            reduce_all(&i.coefficients, p, "/coefficients")?;
            reduce_all(&i.initial, p, "/initial")?;
        }
        Ok(())
    }
    fn bounds(&self, i: &EvaluateInput) -> Result<(), Refusal> {
        if (i.modulus.is_none() || i.list) && i.n > MAX_Q_INDEX {
            return Err(super::too_large("/n", format!("n is at most {MAX_Q_INDEX} over Q or with `list`")));
        }
        Ok(())
    }
    fn answer(&self, i: &EvaluateInput, ctx: &AdapterContext) -> Result<Answer<EvaluateOutput>, AdapterError> {
        let d = i.coefficients.len();
        let bad = |d: Diagnostic| AdapterError::Backend(d.message);
        let (value, terms) = match (i.modulus, i.list) {
            (Some(p), false) => {
                let c = reduce_all(&i.coefficients, p, "/coefficients").map_err(bad)?;
                let a = reduce_all(&i.initial, p, "/initial").map_err(bad)?;
                let r = fiduccia(&c, i.n, p, ctx)?;
                let v = r.iter().zip(&a).fold(0u128, |s, (&x, &y)| (s + x as u128 * y as u128) % p as u128);
                (Rational::integer(&BigInt::from(v as u64)), None)
            }
            _ => {
                let c: Vec<Rat> = i.coefficients.iter().map(Rational::value).collect();
                let reduce = |x: Rat| -> Rat {
                    match i.modulus {
                        Some(p) => Rat::from_integer(BigInt::from(modp(&x, p).unwrap_or(0))),
                        None => x,
                    }
                };
                let mut a: Vec<Rat> = i.initial.iter().map(|x| reduce(Rational::value(x))).collect();
                for k in d as u64..=i.n {
                    if k.is_multiple_of(256) {
                        ctx.checkpoint()?;
                    }
                    let len = a.len();
                    let next = (0..d).fold(Rat::zero(), |s, j| s + &c[j] * &a[len - 1 - j]);
                    a.push(reduce(next));
                }
                (Rational::of(&a[i.n as usize]), i.list.then(|| a[..=i.n as usize].iter().map(Rational::of).collect()))
            }
        };
        let statement = json!({"evaluation": {"coefficients": i.coefficients, "initial": i.initial, "n": i.n, "modulus": i.modulus, "value": value}});
        Ok(Answer::from(EvaluateOutput { value, terms }).claim(statements(vec![statement])))
    }
}

/// Input of `sequence.guess.generating_function`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GuessInput {
    /// The first terms a(0), a(1), … (at most 2000).
    #[schemars(length(min = 1, max = 2000))]
    pub terms: Vec<Rational>,
    /// How many further terms to predict from the guess (at most 1000).
    #[serde(default)]
    pub extend: usize,
}

/// Output of `sequence.guess.generating_function`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GuessOutput {
    /// Whether a guess was made: a recurrence of order L with 2L + 2 ≤ the number of terms.
    pub found: bool,
    /// Coefficients of the numerator P(x), constant term first.
    pub numerator: Vec<Rational>,
    /// Coefficients of the denominator Q(x), Q(0) = 1.
    pub denominator: Vec<Rational>,
    /// The next terms predicted by P/Q.
    pub predicted: Vec<Rational>,
    /// Number of terms beyond 2L that the guess was confirmed on.
    pub surplus: usize,
}

/// `sequence.guess.generating_function`.
pub struct GuessGeneratingFunction;

impl Operation for GuessGeneratingFunction {
    type Input = GuessInput;
    type Output = GuessOutput;
    type Prepared = GuessInput;

    fn describe(&self) -> Describe {
        Describe {
            assurance_ceiling: jacobian_runtime::contract::AssuranceLevel::Heuristic,
            scope_rule: "The given terms; the generating function is a guess beyond them.",
            ..cas::describe(
                "sequence.guess.generating_function",
                "Guess a rational generating function",
                "Guess a rational generating function P(x)/Q(x) for a sequence from its first terms (Padé by Berlekamp–Massey) and predict further terms.",
                "HEURISTIC: the shortest linear recurrence of the terms over Q gives Q(x) = 1 − c₁x − … − c_Lx^L and \
                 P(x) = A(x)Q(x) mod x^L; a guess is made only when 2L + 2 ≤ the number of terms. The terms given are \
                 matched exactly; everything beyond them is extrapolation.",
                &["generating-function", "guess", "rational-function", "pade", "sequence", "extrapolate", "ogf"],
            )
        }
    }
    fn provider(&self) -> Provider {
        native(include_str!("recurrence.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("Pell numbers", Mode::Explore, json!({"terms": [0, 1, 2, 5, 12, 29, 70, 169, 408], "extend": 3}))]
    }
    fn prepare(&self, input: GuessInput, _cx: &PrepareContext) -> Result<GuessInput, Vec<Diagnostic>> {
        if input.extend > 1000 {
            return Err(vec![super::out_of_range("/extend", "at most 1000")]);
        }
        Ok(input)
    }
    fn preflight(&self, _i: &GuessInput, _b: &RunBudget) -> Result<(), Refusal> {
        Ok(())
    }
    fn run(&self, i: GuessInput, ctx: &AdapterContext) -> Result<Outcome<GuessOutput>, AdapterError> {
        let s: Vec<Rat> = i.terms.iter().map(Rational::value).collect();
        let c = berlekamp_massey(&s, ctx)?;
        let l = c.len();
        let found = 2 * l + 2 <= s.len();
        let mut q = vec![Rat::one()];
        q.extend(c.iter().map(|x| -x));
        let numerator: Vec<Rat> = (0..l).map(|k| (0..=k).fold(Rat::zero(), |acc, j| acc + &q[j] * &s[k - j])).collect();
        let mut all = s.clone();
        if found {
            for _ in 0..i.extend {
                let len = all.len();
                let next = (0..l).fold(Rat::zero(), |acc, j| acc + &c[j] * &all[len - 1 - j]);
                all.push(next);
            }
        }
        let output = GuessOutput {
            found,
            numerator: if found { numerator.iter().map(Rational::of).collect() } else { vec![] },
            denominator: if found { q.iter().map(Rational::of).collect() } else { vec![] },
            predicted: all[s.len()..].iter().map(Rational::of).collect(),
            surplus: s.len().saturating_sub(2 * l),
        };
        let canonical = serde_json::to_value(&i).unwrap_or(Value::Null);
        let scope = Scope::exact_input(self.describe().scope_rule, Digest::of_value(&canonical));
        let completeness = if found { Completeness::computed() } else { Completeness::unknown() };
        Ok(Outcome::heuristic(output, scope, completeness))
    }
}
