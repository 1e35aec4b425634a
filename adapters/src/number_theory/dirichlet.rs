//! Dirichlet characters in Conrey's labelling (χ_q(n, ·) for gcd(n, q) = 1, as in LMFDB) on
//! PARI/GP: a character's order, conductor, parity and values; every character of a modulus;
//! Gauss and Jacobi sums as exact cyclotomic integers.
//!
//! A value χ(a) = e^(2πik/o) is given by its exponent k modulo the order o. Gauss and Jacobi sums
//! are assembled here from PARI's value tables and reduced modulo the cyclotomic polynomial
//! Φ_m with machine integers, which is much faster than PARI's generic polynomial remainder.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, ToPrimitive};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::cas::{self, Answer, Claim, Gp, Query};
use crate::integer::{big, decimal};

pub mod algebra;
pub mod bernoulli;

const PARI: BackendKind = BackendKind::Pari;
/// Most digits of a modulus whose characters are described one at a time.
pub const MAX_MODULUS_DIGITS: usize = 30;
/// Largest modulus of a value table, an enumeration or a Gauss sum.
pub const TABLE_MAX: u64 = 10_000;
/// Most values asked for at once.
pub const MAX_VALUES: usize = 1_000;
/// Most digits of an argument a of χ(a).
pub const VALUE_MAX_DIGITS: usize = 100;
/// Highest degree φ(m) of the cyclotomic field Q(ζ_m) a Gauss sum is written in.
pub const MAX_CYCLOTOMIC_DEGREE: u64 = 10_000;

/// Checks a modulus q ≥ 1 at `/modulus`.
fn modulus(q: &DecimalInteger) -> Result<BigInt, Diagnostic> {
    let q = big(q);
    if q < BigInt::one() {
        return Err(Diagnostic::at("/modulus", "BAD_MODULUS", "a modulus is an integer q ≥ 1"));
    }
    Ok(q)
}

/// Checks a Conrey index: 1 ≤ n ≤ q with gcd(n, q) = 1.
fn index(n: &DecimalInteger, q: &BigInt, at: &str) -> Result<(), Diagnostic> {
    let n = big(n);
    if n < BigInt::one() || &n > q {
        return Err(Diagnostic::at(at, "OUT_OF_RANGE", "a Conrey index n lies in 1 ≤ n ≤ q (n = 1 when q = 1)"));
    }
    if !n.gcd(q).is_one() {
        return Err(Diagnostic::at(at, "NOT_COPRIME", "a Conrey index n is coprime to the modulus q"));
    }
    Ok(())
}

/// Refuses a modulus above `TABLE_MAX` at `at`.
fn small_modulus(q: &DecimalInteger, at: &str) -> Result<u64, Refusal> {
    match big(q).to_u64() {
        Some(q) if q <= TABLE_MAX => Ok(q),
        _ => Err(Refusal::Unsupported(Diagnostic::at(at, "TOO_LARGE", "this needs a modulus q ≤ 10^4"))),
    }
}

fn small(g: &Gp) -> Result<u64, AdapterError> {
    g.int()?.to_u64().ok_or_else(|| AdapterError::Backend(format!("PARI/GP printed {g:?} for a small number")))
}

/// Even or odd: χ(−1) = 1 or −1.
#[derive(Debug, Clone, Copy, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Parity {
    /// χ(−1) = 1.
    Even,
    /// χ(−1) = −1.
    Odd,
}

impl Parity {
    fn of(odd: &Gp) -> Result<Parity, AdapterError> {
        Ok(if small(odd)? == 1 { Parity::Odd } else { Parity::Even })
    }
}

/// Input of `dirichlet_character.compute.properties`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CharacterInput {
    /// The modulus q ≥ 1 (up to 30 digits).
    pub modulus: DecimalInteger,
    /// The Conrey index n of χ = χ_q(n, ·): 1 ≤ n ≤ q, gcd(n, q) = 1.
    pub index: DecimalInteger,
    /// Arguments a whose values χ(a) are wanted (up to 1,000).
    #[serde(default)]
    pub values: Vec<DecimalInteger>,
    /// Whether to list χ(a) for every a in [0, q) (q ≤ 10^4).
    #[serde(default)]
    pub table: bool,
}

/// One value of a character.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CharacterValue {
    /// The argument.
    pub a: DecimalInteger,
    /// k with χ(a) = e^(2πik/order), 0 ≤ k < order; null when χ(a) = 0 (gcd(a, q) > 1).
    pub exponent: Option<DecimalInteger>,
    /// χ(a) exactly as −1, 0 or 1, for a real character (null otherwise).
    pub value: Option<i8>,
}

/// A character's modulus and Conrey index.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ConreyLabel {
    /// The modulus.
    pub modulus: DecimalInteger,
    /// The Conrey index.
    pub index: DecimalInteger,
    /// "q.n", as in LMFDB.
    pub label: String,
}

impl ConreyLabel {
    fn new(modulus: DecimalInteger, index: DecimalInteger) -> Self {
        ConreyLabel { label: format!("{modulus}.{index}"), modulus, index }
    }
}

/// Output of `dirichlet_character.compute.properties`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CharacterOutput {
    /// "q.n".
    pub label: String,
    /// The order of χ in the character group (the multiplicative order of n modulo q).
    pub order: DecimalInteger,
    /// The conductor: the least f | q such that χ is induced from a character modulo f.
    pub conductor: DecimalInteger,
    /// Whether χ is primitive (conductor = q).
    pub primitive: bool,
    /// χ(−1) = 1 (even) or −1 (odd).
    pub parity: Parity,
    /// Whether χ is real (order ≤ 2), i.e. takes only the values −1, 0, 1.
    pub real: bool,
    /// The primitive character inducing χ, χ_f(n mod f, ·) with f the conductor.
    pub inducing: ConreyLabel,
    /// The values asked for, in order.
    pub values: Vec<CharacterValue>,
    /// When asked, the exponent of χ(a) for a = 0, 1, …, q − 1 (null where χ(a) = 0).
    pub table: Option<Vec<Option<u64>>>,
}

/// `dirichlet_character.compute.properties`.
pub struct Properties;

impl Query for Properties {
    type Input = CharacterInput;
    type Output = CharacterOutput;

    fn describe(&self) -> Describe {
        let d = cas::describe(
            "dirichlet_character.compute.properties",
            "Dirichlet character: order, conductor, parity, values",
            "The order, conductor, parity, primitivity and values χ(a) of the Dirichlet character χ_q(n, ·) in \
             Conrey's labelling, with the primitive character inducing it.",
            "For the Dirichlet character of Conrey label q.n (modulus q of up to 30 digits, gcd(n, q) = 1; PARI/GP \
             znconreychar, charorder, zncharconductor, zncharisodd, znconreyconductor, chareval): its order, \
             conductor, parity, whether it is primitive or real, the Conrey label of the primitive character \
             inducing it, and values χ(a) as exponents k of e^(2πik/order) (exactly −1, 0 or 1 when real); \
             optionally the whole value table for q ≤ 10^4. VERIFY replays the order, conductor, parity, inducing \
             character and values from Conrey's construction (jacobian.check.dirichlet_characters, q ≤ 10^5).",
            &[
                "dirichlet-character",
                "character",
                "conrey-label",
                "conductor",
                "parity",
                "primitive-character",
                "character-values",
                "number-theory",
            ],
        );
        cas::checked(d, &[RELATIONS])
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "the character 40.7 and its values at 3 and 11",
            Mode::Explore,
            json!({"modulus": 40, "index": 7, "values": [3, 11]}),
        )]
    }
    fn validate(&self, i: &CharacterInput) -> Result<(), Diagnostic> {
        index(&i.index, &modulus(&i.modulus)?, "/index")
    }
    fn bounds(&self, i: &CharacterInput) -> Result<(), Refusal> {
        cas::digit_bound(&i.modulus, MAX_MODULUS_DIGITS, "/modulus")?;
        if i.table {
            small_modulus(&i.modulus, "/table")?;
        }
        if i.values.len() > MAX_VALUES {
            let message = format!("{} values; at most {MAX_VALUES} at once", i.values.len());
            return Err(Refusal::Unsupported(Diagnostic::at("/values", "TOO_LARGE", message)));
        }
        i.values
            .iter()
            .enumerate()
            .try_for_each(|(k, a)| cas::digit_bound(a, VALUE_MAX_DIGITS, &format!("/values/{k}")))
    }
    fn answer(&self, i: &CharacterInput, ctx: &AdapterContext) -> Result<Answer<CharacterOutput>, AdapterError> {
        let program = Program::new(PARI)
            .code("my(q=")
            .int(&i.modulus)
            .code(",n=")
            .int(&i.index)
            .code(
                ",G=znstar(q,1),c=znconreychar(G,n),o=charorder(G,c),f=zncharconductor(G,c),c0,\
                 t=znconreyconductor(G,n,&c0),n0=if(f==1,1,znconreyexp(znstar(f,1),c0)),\
                 ev=(a)->if(gcd(a,q)>1,-1,chareval(G,c,a)*o));print([o,f,zncharisodd(G,c),n0]);print(apply(ev,[",
            )
            .list(&i.values, ",", |p, a| p.int(a))
            .code("]));print(if(")
            .small(i64::from(i.table))
            .code(",vector(q,a,ev(a-1)),[]))");
        let reply = ctx.backend(&program)?;
        let [head, values, table] = <[String; 3]>::try_from(reply.lines)
            .map_err(|_| AdapterError::Backend("PARI/GP printed a malformed character".into()))?;
        let [order, conductor, odd, inducing] = <[Gp; 4]>::try_from(Gp::parse(&head)?.items()?.to_vec())
            .map_err(|_| AdapterError::Backend("PARI/GP printed a malformed character".into()))?;
        let (order, conductor) = (order.int()?.clone(), decimal(conductor.int()?));
        let real = order <= BigInt::from(2);
        let values = Gp::parse(&values)?
            .items()?
            .iter()
            .zip(&i.values)
            .map(|(k, a)| {
                let k = k.int()?;
                let exponent = (k >= &BigInt::ZERO).then(|| decimal(k));
                let value = real.then(|| {
                    if k < &BigInt::ZERO {
                        0
                    } else if k.is_one() {
                        -1
                    } else {
                        1
                    }
                });
                Ok(CharacterValue { a: a.clone(), exponent, value })
            })
            .collect::<Result<Vec<_>, AdapterError>>()?;
        let table = if i.table {
            let exponents = Gp::parse(&table)?
                .items()?
                .iter()
                .map(|k| Ok(k.int()?.to_u64()))
                .collect::<Result<_, AdapterError>>()?;
            Some(exponents)
        } else {
            None
        };
        let output = CharacterOutput {
            label: format!("{}.{}", i.modulus, i.index),
            order: decimal(&order),
            primitive: conductor == i.modulus,
            parity: Parity::of(&odd)?,
            real,
            inducing: ConreyLabel::new(conductor.clone(), decimal(inducing.int()?)),
            conductor,
            values,
            table,
        };
        let claim = properties_claim(i, &output);
        Ok(Answer::from(output).claim(claim))
    }
}

/// Evidence kind of `jacobian.check.dirichlet_characters`.
const RELATIONS: &str = "dirichlet_character.relations/v1";

/// The character's order, conductor, parity and inducing character, and its values (arguments
/// reduced modulo q, exponents over the order), as relations of `jacobian.check.dirichlet_characters`.
fn properties_claim(i: &CharacterInput, o: &CharacterOutput) -> Claim {
    let q = big(&i.modulus);
    let (modulus, index) = (i.modulus.to_string(), i.index.to_string());
    let parity = match o.parity {
        Parity::Even => "even",
        Parity::Odd => "odd",
    };
    let mut values: Vec<Value> =
        o.values.iter().map(|v| json!([big(&v.a).mod_floor(&q).to_string(), v.exponent])).collect();
    if let Some(table) = &o.table {
        values.extend(table.iter().enumerate().map(|(a, k)| json!([a.to_string(), k.map(|k| k.to_string())])));
    }
    let relations = json!([
        {"kind": "character", "modulus": modulus, "index": index, "order": o.order, "conductor": o.conductor,
         "parity": parity, "inducing": o.inducing.index},
        {"kind": "values", "modulus": modulus, "index": index, "denominator": o.order, "values": values},
    ]);
    Claim {
        kind: RELATIONS,
        semantics: "urn:jacobian:semantics:dirichlet-character-relations:v1",
        format: "CONREY_REPLAY_V1",
        claim: json!({ "relations": relations }),
        candidate: json!({}),
    }
}

/// Input of `dirichlet_character.enumerate.group`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupInput {
    /// The modulus q, 1 ≤ q ≤ 10^4.
    pub modulus: DecimalInteger,
}

/// One character of the group.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CharacterRow {
    /// Its Conrey index n (the character is χ_q(n, ·)).
    pub index: u64,
    /// Its order.
    pub order: u64,
    /// Its conductor.
    pub conductor: u64,
    /// Its parity.
    pub parity: Parity,
    /// Whether it is primitive.
    pub primitive: bool,
}

/// Output of `dirichlet_character.enumerate.group`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GroupOutput {
    /// The invariant factors d₁ ≥ d₂ ≥ … (d_{i+1} | d_i) of (Z/qZ)^×, which the character group
    /// is isomorphic to (empty for q ≤ 2).
    pub structure: Vec<u64>,
    /// Residues generating the cyclic factors, in the same order.
    pub generators: Vec<u64>,
    /// φ(q), the number of characters.
    pub count: u64,
    /// How many are primitive.
    pub primitive_count: u64,
    /// Every character modulo q by increasing Conrey index.
    pub characters: Vec<CharacterRow>,
}

/// `dirichlet_character.enumerate.group`.
pub struct Group;

impl Query for Group {
    type Input = GroupInput;
    type Output = GroupOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "dirichlet_character.enumerate.group",
            "All Dirichlet characters modulo q",
            "Every Dirichlet character modulo q with its Conrey index, order, conductor, parity and primitivity, \
             and the structure of the unit group (Z/qZ)^×.",
            "Lists the φ(q) characters of the group of Dirichlet characters modulo q ≤ 10^4 in Conrey's labelling \
             (PARI/GP znstar, znconreychar, charorder, zncharconductor), with the invariant factors and generators \
             of (Z/qZ)^× and the number of primitive characters.",
            &[
                "dirichlet-character",
                "character-group",
                "characters",
                "conrey-label",
                "unit-group",
                "primitive-character",
                "enumerate",
                "number-theory",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("the characters modulo 15", Mode::Explore, json!({"modulus": 15}))]
    }
    fn validate(&self, i: &GroupInput) -> Result<(), Diagnostic> {
        modulus(&i.modulus).map(drop)
    }
    fn bounds(&self, i: &GroupInput) -> Result<(), Refusal> {
        small_modulus(&i.modulus, "/modulus").map(drop)
    }
    fn answer(&self, i: &GroupInput, ctx: &AdapterContext) -> Result<Answer<GroupOutput>, AdapterError> {
        let program = Program::new(PARI).code("my(q=").int(&i.modulus).code(
            ",G=znstar(q,1),R=List());for(n=1,q,if(gcd(n,q)==1,my(c=znconreychar(G,n));\
             listput(R,[n,charorder(G,c),zncharconductor(G,c),zncharisodd(G,c)])));\
             print(G.cyc);print(lift(G.gen));print(Vec(R))",
        );
        let reply = ctx.backend(&program)?;
        let [cyc, gens, rows] = <[String; 3]>::try_from(reply.lines)
            .map_err(|_| AdapterError::Backend("PARI/GP printed a malformed character group".into()))?;
        let q = big(&i.modulus).to_u64().unwrap_or(1);
        let list = |g: &Gp| g.items()?.iter().map(small).collect::<Result<Vec<_>, _>>();
        let characters = Gp::parse(&rows)?
            .items()?
            .iter()
            .map(|row| match row.items()? {
                [n, o, f, odd] => {
                    let conductor = small(f)?;
                    let (index, order, parity) = (small(n)?, small(o)?, Parity::of(odd)?);
                    Ok(CharacterRow { index, order, conductor, parity, primitive: conductor == q })
                }
                _ => Err(AdapterError::Backend("PARI/GP printed a malformed character".into())),
            })
            .collect::<Result<Vec<_>, AdapterError>>()?;
        Ok(GroupOutput {
            structure: list(&Gp::parse(&cyc)?)?,
            generators: list(&Gp::parse(&gens)?)?,
            count: characters.len() as u64,
            primitive_count: characters.iter().filter(|c| c.primitive).count() as u64,
            characters,
        }
        .into())
    }
}

/// Input of `dirichlet_character.compute.gauss_sum`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GaussInput {
    /// The modulus q, 1 ≤ q ≤ 10^4.
    pub modulus: DecimalInteger,
    /// The Conrey index n of χ = χ_q(n, ·).
    pub index: DecimalInteger,
    /// The Conrey index of a second character ψ modulo q, for the Jacobi sum J(χ, ψ).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub psi: Option<DecimalInteger>,
    /// a, for the generalized Gauss sum τ_a(χ) = Σ χ(n) e^(2πian/q) (default 1: τ(χ)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub a: Option<DecimalInteger>,
    /// Conrey indices of characters ψ_1, …, ψ_r modulo q (1 ≤ r ≤ 4) for the mixed Jacobi sum
    /// J(χ, ψ_1, …, ψ_r) = Σ_{a_0 + a_1 + … + a_r ≡ 1 (mod q)} χ(a_0)·ψ_1(a_1)⋯ψ_r(a_r).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mixed: Vec<DecimalInteger>,
}

/// An element Σ c_j ζ_m^j of Z[ζ_m], ζ_m = e^(2πi/m).
#[derive(Debug, Serialize, JsonSchema)]
pub struct CyclotomicInteger {
    /// m.
    pub cyclotomic_order: u64,
    /// Its coefficients c_0, …, c_(φ(m)−1) on the power basis 1, ζ_m, …, ζ_m^(φ(m)−1) of Q(ζ_m)
    /// (unique: reduced modulo the cyclotomic polynomial Φ_m).
    pub coefficients: Vec<i64>,
    /// |z|² = z·z̄, computed exactly in Z[ζ_m] (it is an integer).
    pub abs_squared: i64,
}

/// Output of `dirichlet_character.compute.gauss_sum`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GaussOutput {
    /// The order o of χ.
    pub order: u64,
    /// The conductor of χ.
    pub conductor: u64,
    /// Whether χ is primitive (then |τ(χ)|² = q).
    pub primitive: bool,
    /// τ(χ) = Σ_{a mod q} χ(a) e^(2πia/q), in Q(ζ_m) with m = lcm(o, q).
    pub gauss_sum: CyclotomicInteger,
    /// J(χ, ψ) = Σ_{a mod q} χ(a) ψ(1 − a), in Q(ζ_m) with m = lcm(o, order of ψ), when ψ is given.
    pub jacobi_sum: Option<CyclotomicInteger>,
    /// J(χ, ψ_1, …, ψ_r) in Q(ζ_m), m the lcm of the orders, when `mixed` is given.
    pub mixed_jacobi_sum: Option<CyclotomicInteger>,
}

/// Most characters ψ_i of a mixed Jacobi sum.
pub const MAX_MIXED: usize = 4;
/// Largest r·q²·m of a mixed Jacobi sum (r convolutions of q values in Z[x]/(x^m − 1)).
pub const MAX_MIXED_WORK: u64 = 200_000_000;

/// J(χ_0, …, χ_r) from the exponent tables (−1 where a value is 0): F_0 = χ_0, then
/// F_j(s) = Σ_t F_(j−1)(t)·χ_j(s − t) in Z[x]/(x^m − 1), and J = F_r(1).
fn mixed_jacobi(tables: &[(u64, Vec<i64>)], ctx: &AdapterContext) -> Result<CyclotomicInteger, AdapterError> {
    let m = tables.iter().fold(1u64, |m, (o, _)| m.lcm(o)) as usize;
    let q = tables[0].1.len();
    let mut f = vec![vec![0i128; m]; q];
    let (o0, k0) = &tables[0];
    for (s, &e) in k0.iter().enumerate().filter(|(_, e)| **e >= 0) {
        f[s][e as usize * (m / *o0 as usize) % m] += 1;
    }
    for (o, k) in &tables[1..] {
        let step = m / *o as usize;
        let mut g = vec![vec![0i128; m]; q];
        for (t, ft) in f.iter().enumerate() {
            ctx.checkpoint()?;
            for (d, &e) in k.iter().enumerate().filter(|(_, e)| **e >= 0) {
                let (shift, row) = (e as usize * step % m, &mut g[(t + d) % q]);
                for (j, &c) in ft.iter().enumerate().filter(|(_, c)| **c != 0) {
                    row[(j + shift) % m] += c;
                }
            }
        }
        f = g;
    }
    cyclotomic_integer(&f[1 % q], ctx)
}

/// The order of n in (Z/qZ)^×, which is the order of χ_q(n, ·): Conrey's labelling is an
/// isomorphism from (Z/qZ)^× onto the character group.
fn multiplicative_order(n: u64, q: u64) -> u64 {
    let (mut x, mut k) = (n % q, 1);
    while x != 1 % q {
        x = x * n % q;
        k += 1;
    }
    k
}

/// Φ_m, constant term first: ∏_{d | m} (x^d − 1)^μ(m/d), multiplying before dividing exactly.
pub(crate) fn cyclotomic(m: u64) -> Vec<i64> {
    let divisors: Vec<usize> = (1..=m).filter(|&d| m.is_multiple_of(d)).map(|d| d as usize).collect();
    let mut p = vec![1i64];
    for &d in divisors.iter().filter(|&&d| crate::counting::mobius(m / d as u64) == 1) {
        let mut r = vec![0; p.len() + d];
        for (i, &c) in p.iter().enumerate() {
            r[i + d] += c;
            r[i] -= c;
        }
        p = r;
    }
    for &d in divisors.iter().filter(|&&d| crate::counting::mobius(m / d as u64) == -1) {
        // p = r·(x^d − 1), so r_k = p_(k+d) + r_(k+d).
        let mut r = vec![0; p.len() - d];
        for k in (0..r.len()).rev() {
            r[k] = p[k + d] + r.get(k + d).copied().unwrap_or(0);
        }
        p = r;
    }
    p
}

/// Σ v_j x^j modulo Φ_m, as its φ(m) coefficients.
pub(crate) fn reduce(mut v: Vec<i128>, phi: &[i64]) -> Result<Vec<i64>, AdapterError> {
    let overflow = || AdapterError::Unsupported("a cyclotomic coefficient exceeds 64 bits".into());
    let degree = phi.len() - 1;
    let terms: Vec<(usize, i128)> =
        phi[..degree].iter().enumerate().filter(|(_, c)| **c != 0).map(|(i, &c)| (i, i128::from(c))).collect();
    for k in (degree..v.len()).rev() {
        let c = std::mem::take(&mut v[k]);
        if c != 0 {
            for &(i, a) in &terms {
                let t = &mut v[k - degree + i];
                *t = c.checked_mul(a).and_then(|ca| t.checked_sub(ca)).ok_or_else(overflow)?;
            }
        }
    }
    v.truncate(degree);
    v.into_iter().map(|c| i64::try_from(c).map_err(|_| overflow())).collect()
}

/// The element Σ_j v_j ζ_m^j (v of length m) reduced, with its exact |z|².
fn cyclotomic_integer(v: &[i128], ctx: &AdapterContext) -> Result<CyclotomicInteger, AdapterError> {
    let m = v.len();
    let phi = cyclotomic(m as u64);
    let terms: Vec<(usize, i128)> = v.iter().enumerate().filter(|(_, c)| **c != 0).map(|(j, &c)| (j, c)).collect();
    let mut product = vec![0i128; m];
    for &(i, a) in &terms {
        ctx.checkpoint()?;
        for &(j, b) in &terms {
            product[(i + m - j) % m] += a * b;
        }
    }
    let norm = reduce(product, &phi)?;
    if norm.iter().skip(1).any(|&c| c != 0) {
        return Err(AdapterError::Backend("z·z̄ is not an integer: the value table is inconsistent".into()));
    }
    Ok(CyclotomicInteger { cyclotomic_order: m as u64, coefficients: reduce(v.to_vec(), &phi)?, abs_squared: norm[0] })
}

/// A character's order and exponent table k(a), a = 0, …, q − 1 (−1 where χ(a) = 0).
fn table(g: &Gp) -> Result<(u64, u64, Vec<i64>), AdapterError> {
    match g.items()? {
        [o, f, t] => {
            let exponents = t
                .items()?
                .iter()
                .map(|k| k.int()?.to_i64().ok_or_else(|| AdapterError::Backend("bad exponent".into())));
            Ok((small(o)?, small(f)?, exponents.collect::<Result<_, _>>()?))
        }
        _ => Err(AdapterError::Backend("PARI/GP printed a malformed value table".into())),
    }
}

/// `dirichlet_character.compute.gauss_sum`.
pub struct GaussSum;

impl Query for GaussSum {
    type Input = GaussInput;
    type Output = GaussOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "dirichlet_character.compute.gauss_sum",
            "Gauss sum and Jacobi sum of Dirichlet characters",
            "The Gauss sum τ(χ) (or the generalized τ_a(χ)) of a Dirichlet character and optionally the Jacobi sum \
             J(χ, ψ) and mixed Jacobi sums J(χ, ψ_1, …, ψ_r), exactly, as cyclotomic integers, with |τ|².",
            "Computes τ(χ) = Σ χ(a) e^(2πia/q) for χ = χ_q(n, ·), q ≤ 10^4, from PARI/GP's value table, as its \
             coefficients on the power basis of Q(ζ_m), m = lcm(order, q), φ(m) ≤ 10,000, reduced modulo Φ_m; \
             and J(χ, ψ) = Σ χ(a) ψ(1 − a) for a second character ψ modulo q. With `a`, the generalized Gauss \
             sum τ_a(χ) = Σ χ(n) e^(2πian/q); with `mixed` = [ψ_1, …, ψ_r] (r ≤ 4), the mixed Jacobi sum \
             J(χ, ψ_1, …, ψ_r) = Σ_{a_0 + … + a_r ≡ 1} χ(a_0)ψ_1(a_1)⋯ψ_r(a_r) (r·q²·m ≤ 2·10^8). Each comes with \
             |z|² computed exactly (q for a primitive χ).",
            &[
                "dirichlet-character",
                "gauss-sum",
                "jacobi-sum",
                "character-sum",
                "cyclotomic",
                "exponential-sum",
                "number-theory",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "τ(χ) and J(χ, χ) for the cubic character 7.2",
            Mode::Explore,
            json!({"modulus": 7, "index": 2, "psi": 2}),
        )]
    }
    fn validate(&self, i: &GaussInput) -> Result<(), Diagnostic> {
        let q = modulus(&i.modulus)?;
        index(&i.index, &q, "/index")?;
        if i.mixed.len() > MAX_MIXED {
            return Err(Diagnostic::at("/mixed", "TOO_MANY", "at most 4 characters ψ_i"));
        }
        for (k, psi) in i.mixed.iter().enumerate() {
            index(psi, &q, &format!("/mixed/{k}"))?;
        }
        i.psi.as_ref().map_or(Ok(()), |psi| index(psi, &q, "/psi"))
    }
    fn bounds(&self, i: &GaussInput) -> Result<(), Refusal> {
        let q = small_modulus(&i.modulus, "/modulus")?;
        let order = multiplicative_order(big(&i.index).to_u64().unwrap_or(1), q);
        let degree = crate::counting::euler_phi(order.lcm(&q));
        if degree > MAX_CYCLOTOMIC_DEGREE {
            let message = format!(
                "τ(χ) lies in Q(ζ_m), m = lcm({order}, {q}), of degree {degree}; this capability writes elements \
                 of degree ≤ {MAX_CYCLOTOMIC_DEGREE}"
            );
            return Err(Refusal::Unsupported(Diagnostic::at("/index", "TOO_LARGE", message)));
        }
        if let Some(a) = &i.a {
            cas::digit_bound(a, VALUE_MAX_DIGITS, "/a")?;
        }
        if !i.mixed.is_empty() {
            let m =
                i.mixed.iter().fold(order, |m, psi| m.lcm(&multiplicative_order(big(psi).to_u64().unwrap_or(1), q)));
            let work = (i.mixed.len() as u64).saturating_mul(q * q).saturating_mul(m);
            if work > MAX_MIXED_WORK {
                let message = format!("r·q²·m = {work} exceeds {MAX_MIXED_WORK} for a mixed Jacobi sum");
                return Err(Refusal::Unsupported(Diagnostic::at("/mixed", "TOO_LARGE", message)));
            }
        }
        Ok(())
    }
    fn answer(&self, i: &GaussInput, ctx: &AdapterContext) -> Result<Answer<GaussOutput>, AdapterError> {
        let zero = DecimalInteger::from(0);
        let program = Program::new(PARI)
            .code("my(q=")
            .int(&i.modulus)
            .code(
                ",G=znstar(q,1),E=(n)->my(c=znconreychar(G,n),o=charorder(G,c));\
                 [o,zncharconductor(G,c),vector(q,a,if(gcd(a-1,q)>1,-1,chareval(G,c,a-1)*o))]);print(E(",
            )
            .int(&i.index)
            .code("));my(psi=")
            .int(i.psi.as_ref().unwrap_or(&zero))
            .code(");print(if(psi,E(psi),0));my(M=[")
            .list(&i.mixed, ",", |p, n| p.int(n))
            .code("]);for(j=1,#M,print(E(M[j])))");
        let reply = ctx.backend(&program)?;
        if reply.lines.len() != 2 + i.mixed.len() {
            return Err(AdapterError::Backend("PARI/GP printed malformed value tables".into()));
        }
        let (chi, psi) = (&reply.lines[0], &reply.lines[1]);
        let (order, conductor, k) = table(&Gp::parse(chi)?)?;
        let q = k.len();
        let m = order.lcm(&(q as u64)) as usize;
        let mut v = vec![0i128; m];
        let shift = i.a.as_ref().map_or(1, |a| big(a).mod_floor(&BigInt::from(q)).to_usize().unwrap_or(0));
        for (a, &e) in k.iter().enumerate().filter(|(_, e)| **e >= 0) {
            v[(e as usize * (m / order as usize) + a * shift % q * (m / q)) % m] += 1;
        }
        let gauss_sum = cyclotomic_integer(&v, ctx)?;
        let jacobi_sum = if i.psi.is_some() {
            let (order2, _, k2) = table(&Gp::parse(psi)?)?;
            let m = order.lcm(&order2) as usize;
            let (s1, s2) = (m / order as usize, m / order2 as usize);
            let mut v = vec![0i128; m];
            for (a, &e) in k.iter().enumerate().filter(|(_, e)| **e >= 0) {
                let e2 = k2[(q + 1 - a) % q];
                if e2 >= 0 {
                    v[(e as usize * s1 + e2 as usize * s2) % m] += 1;
                }
            }
            Some(cyclotomic_integer(&v, ctx)?)
        } else {
            None
        };
        let mixed_jacobi_sum = if i.mixed.is_empty() {
            None
        } else {
            let mut tables = vec![(order, k.clone())];
            for line in &reply.lines[2..] {
                let (o, _, t) = table(&Gp::parse(line)?)?;
                tables.push((o, t));
            }
            Some(mixed_jacobi(&tables, ctx)?)
        };
        let primitive = conductor == q as u64;
        Ok(GaussOutput { order, conductor, primitive, gauss_sum, jacobi_sum, mixed_jacobi_sum }.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cyclotomic_polynomials_and_reduction() {
        assert_eq!(cyclotomic(1), vec![-1, 1]);
        assert_eq!(cyclotomic(6), vec![1, -1, 1]);
        assert_eq!(cyclotomic(12), vec![1, 0, -1, 0, 1]);
        // Φ_105 is the first with a coefficient −2.
        assert!(cyclotomic(105).contains(&-2));
        assert_eq!(cyclotomic(105).len() as u64, crate::counting::euler_phi(105) + 1);
        // 1 + ζ_3 + ζ_3² = 0.
        assert_eq!(reduce(vec![1, 1, 1], &cyclotomic(3)).unwrap(), vec![0, 0]);
        assert_eq!(multiplicative_order(2, 7), 3);
        assert_eq!(multiplicative_order(1, 1), 1);
        assert_eq!(crate::counting::mobius(30), -1);
        assert_eq!(crate::counting::mobius(12), 0);
    }
}
