//! Residues: Kronecker symbols, multiplicative orders, primitive roots, quadratic residues,
//! linear and polynomial congruences, and the image of a polynomial modulo m.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::cas::{self, Answer, Claim, Gp, Query};
use crate::integer::{big, decimal};
use crate::relations::{self as rel, int};

/// Most digits of a modulus or residue.
pub const MAX_DIGITS: usize = 1000;
/// Most digits of a modulus whose group order PARI/GP factors.
pub const ORDER_MAX_DIGITS: usize = 60;
/// Largest modulus enumerated exhaustively.
pub const ENUMERATION_MAX: u64 = 1_000_000;
/// Highest degree of a polynomial congruence.
pub const MAX_DEGREE: usize = 200;

const PARI: BackendKind = BackendKind::Pari;

fn native() -> Provider {
    cas::native(include_str!("residues.rs"))
}

fn modulus(m: &DecimalInteger, path: &str) -> Result<BigInt, Diagnostic> {
    let m = big(m);
    if m < BigInt::from(2) {
        return Err(Diagnostic::at(path, "BAD_MODULUS", "a modulus is an integer ≥ 2"));
    }
    Ok(m)
}

fn small_modulus(m: &DecimalInteger, path: &str) -> Result<(), Refusal> {
    match big(m).to_u64() {
        Some(v) if v <= ENUMERATION_MAX => Ok(()),
        _ => Err(Refusal::Unsupported(Diagnostic::at(path, "TOO_LARGE", "this enumeration accepts moduli up to 10^6"))),
    }
}

/// The Kronecker symbol (a | n), by quadratic reciprocity on num-bigint.
pub(crate) fn kronecker(a: &BigInt, n: &BigInt) -> i8 {
    if n.is_zero() {
        return i8::from(a.abs().is_one());
    }
    let mut t: i8 = if n.is_negative() && a.is_negative() { -1 } else { 1 };
    let mut n = n.abs();
    let v = n.trailing_zeros().unwrap_or(0);
    if v > 0 {
        if a.is_even() {
            return 0;
        }
        let r8 = a.mod_floor(&BigInt::from(8));
        if v % 2 == 1 && (r8 == BigInt::from(3) || r8 == BigInt::from(5)) {
            t = -t;
        }
        n >>= v;
    }
    let mut a = a.mod_floor(&n);
    while !a.is_zero() {
        let z = a.trailing_zeros().unwrap_or(0);
        a >>= z;
        let n8 = (&n % 8u32).to_u32().unwrap_or(0);
        if z % 2 == 1 && (n8 == 3 || n8 == 5) {
            t = -t;
        }
        std::mem::swap(&mut a, &mut n);
        if (&a % 4u32) == BigInt::from(3) && (&n % 4u32) == BigInt::from(3) {
            t = -t;
        }
        a = a.mod_floor(&n);
    }
    if n.is_one() { t } else { 0 }
}

/// Input of `number_theory.compute.kronecker_symbol`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SymbolInput {
    /// The top entry a.
    pub a: DecimalInteger,
    /// The bottom entry n (an odd prime for Legendre, odd positive for Jacobi, any for Kronecker).
    pub n: DecimalInteger,
}

/// Output of `number_theory.compute.kronecker_symbol`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SymbolOutput {
    /// (a | n) ∈ {−1, 0, 1}.
    pub value: i8,
}

/// `number_theory.compute.kronecker_symbol`.
pub struct KroneckerSymbol;

impl Query for KroneckerSymbol {
    type Input = SymbolInput;
    type Output = SymbolOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_theory.compute.kronecker_symbol",
            "Legendre, Jacobi and Kronecker symbols",
            "The Legendre symbol (a|p), Jacobi symbol (a|n) or Kronecker symbol of integers: −1, 0 or 1.",
            "Computes the Kronecker symbol (a | n), which is the Legendre symbol when n is an odd prime (1 for a \
             non-zero quadratic residue, −1 for a non-residue) and the Jacobi symbol when n is odd and positive, by \
             quadratic reciprocity for integers of up to 1,000 digits.",
            &[
                "number-theory",
                "legendre-symbol",
                "jacobi-symbol",
                "kronecker-symbol",
                "quadratic-residue",
                "reciprocity",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("the Legendre symbol (5 | 11)", Mode::Explore, json!({"a": 5, "n": 11}))]
    }
    fn bounds(&self, i: &SymbolInput) -> Result<(), Refusal> {
        cas::digit_bound(&i.a, MAX_DIGITS, "/a")?;
        cas::digit_bound(&i.n, MAX_DIGITS, "/n")
    }
    fn answer(&self, i: &SymbolInput, _: &AdapterContext) -> Result<Answer<SymbolOutput>, AdapterError> {
        Ok(SymbolOutput { value: kronecker(&big(&i.a), &big(&i.n)) }.into())
    }
}

/// A residue a modulo m.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ResidueInput {
    /// The residue a.
    pub a: DecimalInteger,
    /// The modulus m ≥ 2 (up to 60 digits).
    pub m: DecimalInteger,
}

/// Output of `modular.compute.multiplicative_order`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct OrderOutput {
    /// The least k ≥ 1 with a^k ≡ 1 (mod m), or null when gcd(a, m) ≠ 1.
    pub order: Option<DecimalInteger>,
    /// φ(m), the order of the unit group, which the order divides.
    pub group_order: DecimalInteger,
}

/// `modular.compute.multiplicative_order`.
pub struct MultiplicativeOrder;

impl Query for MultiplicativeOrder {
    type Input = ResidueInput;
    type Output = OrderOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "modular.compute.multiplicative_order",
            "Multiplicative order modulo m",
            "The multiplicative order of a modulo m: the least k with a^k ≡ 1 (mod m).",
            "The order of a in the unit group (Z/mZ)^× for a modulus of up to 60 digits (PARI/GP factors φ(m)), \
             with φ(m); null when a is not a unit.",
            &["modular", "number-theory", "multiplicative-order", "order", "znorder", "period", "unit-group"],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("the order of 2 modulo 101", Mode::Explore, json!({"a": 2, "m": 101}))]
    }
    fn validate(&self, i: &ResidueInput) -> Result<(), Diagnostic> {
        modulus(&i.m, "/m").map(drop)
    }
    fn bounds(&self, i: &ResidueInput) -> Result<(), Refusal> {
        cas::digit_bound(&i.m, ORDER_MAX_DIGITS, "/m")?;
        cas::digit_bound(&i.a, MAX_DIGITS, "/a")
    }
    fn answer(&self, i: &ResidueInput, ctx: &AdapterContext) -> Result<Answer<OrderOutput>, AdapterError> {
        let program = Program::new(PARI)
            .code("my(m=")
            .int(&i.m)
            .code(",a=Mod(")
            .int(&i.a)
            .code(",m));print([if(gcd(lift(a),m)==1,znorder(a),0),eulerphi(m)])");
        let reply = ctx.backend(&program)?;
        let v = Gp::parse(reply.single(PARI)?)?.ints()?;
        let [order, phi] = <[DecimalInteger; 2]>::try_from(v)
            .map_err(|_| AdapterError::Backend("PARI/GP printed a malformed order".into()))?;
        let order = (order.as_str() != "0").then_some(order);
        Ok(OrderOutput { order, group_order: phi }.into())
    }
}

/// Input of `modular.compute.primitive_root`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RootInput {
    /// The modulus m ≥ 2 (up to 60 digits).
    pub m: DecimalInteger,
}

/// Output of `modular.compute.primitive_root`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PrimitiveRootOutput {
    /// The least primitive root modulo m, or null when (Z/mZ)^× is not cyclic (m not 2, 4, p^k or 2p^k).
    pub root: Option<DecimalInteger>,
    /// The structure of (Z/mZ)^×: the cyclic factors' orders d₁ | … (one factor exactly when cyclic).
    pub structure: Vec<DecimalInteger>,
}

/// `modular.compute.primitive_root`.
pub struct PrimitiveRoot;

impl Query for PrimitiveRoot {
    type Input = RootInput;
    type Output = PrimitiveRootOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "modular.compute.primitive_root",
            "Primitive root and unit group structure",
            "The least primitive root modulo m (a generator of the multiplicative group), and the group's structure.",
            "Finds the least generator of (Z/mZ)^× when the group is cyclic (m = 2, 4, p^k, 2p^k) and gives the \
             group's invariant factors in every case, for m of up to 60 digits, with PARI/GP (znprimroot, znstar).",
            &["modular", "number-theory", "primitive-root", "generator", "cyclic", "unit-group", "znstar"],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("a primitive root modulo 1000003", Mode::Explore, json!({"m": 1000003}))]
    }
    fn validate(&self, i: &RootInput) -> Result<(), Diagnostic> {
        modulus(&i.m, "/m").map(drop)
    }
    fn bounds(&self, i: &RootInput) -> Result<(), Refusal> {
        cas::digit_bound(&i.m, ORDER_MAX_DIGITS, "/m")
    }
    fn answer(&self, i: &RootInput, ctx: &AdapterContext) -> Result<Answer<PrimitiveRootOutput>, AdapterError> {
        // The least root: the first g whose order is φ(m), tested against φ(m)/q for each prime q.
        let program = Program::new(PARI).code("my(m=").int(&i.m).code(
            ",G=znstar(m),r=0);if(#G.cyc<=1,my(f=factor(G.no)[,1]);\
                 for(g=1,m,if(gcd(g,m)==1&&(m==2||vecmin(apply(q->Mod(g,m)^(G.no/q)!=1,f))),r=g;break)));\
                 print(r);print(G.cyc)",
        );
        let reply = ctx.backend(&program)?;
        let [root, cyc] = reply.lines.as_slice() else {
            return Err(AdapterError::Backend("PARI/GP printed a malformed unit group".into()));
        };
        let root = cas::integer(PARI, root)?;
        let structure = Gp::parse(cyc)?.ints()?;
        let root = (root.as_str() != "0").then_some(root);
        Ok(PrimitiveRootOutput { root, structure }.into())
    }
}

/// Input of `modular.enumerate.quadratic_residues`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ResiduesInput {
    /// The modulus, 2 to 10^6.
    pub m: DecimalInteger,
}

/// Output of `modular.enumerate.quadratic_residues`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ResiduesOutput {
    /// Every distinct x² mod m for x in [0, m), increasing.
    pub residues: Vec<u64>,
}

/// `modular.enumerate.quadratic_residues`.
pub struct QuadraticResidues;

impl Query for QuadraticResidues {
    type Input = ResiduesInput;
    type Output = ResiduesOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "modular.enumerate.quadratic_residues",
            "Quadratic residues modulo m",
            "Every square modulo m: the set {x² mod m}.",
            "Lists the distinct values of x² mod m for x in [0, m), increasing, by enumeration for m up to 10^6.",
            &["modular", "number-theory", "quadratic-residues", "squares", "residues", "enumerate"],
        )
    }
    fn provider(&self) -> Provider {
        native()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("the squares modulo 16", Mode::Explore, json!({"m": 16}))]
    }
    fn validate(&self, i: &ResiduesInput) -> Result<(), Diagnostic> {
        modulus(&i.m, "/m").map(drop)
    }
    fn bounds(&self, i: &ResiduesInput) -> Result<(), Refusal> {
        small_modulus(&i.m, "/m")
    }
    fn answer(&self, i: &ResiduesInput, ctx: &AdapterContext) -> Result<Answer<ResiduesOutput>, AdapterError> {
        let m = big(&i.m).to_u64().unwrap_or(2);
        let mut seen = vec![false; m as usize];
        for x in 0..m {
            if x % 65_536 == 0 {
                ctx.checkpoint()?;
            }
            seen[((u128::from(x) * u128::from(x)) % u128::from(m)) as usize] = true;
        }
        let residues = (0..m).filter(|&r| seen[r as usize]).collect();
        Ok(ResiduesOutput { residues }.into())
    }
}

/// Input of `modular.solve.linear_congruence`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LinearInput {
    /// a in a·x ≡ b (mod m).
    pub a: DecimalInteger,
    /// b.
    pub b: DecimalInteger,
    /// The modulus m ≥ 2.
    pub m: DecimalInteger,
}

/// Output of `modular.solve.linear_congruence`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LinearOutput {
    /// The least solution x₀ ≥ 0, or null when gcd(a, m) ∤ b.
    pub x: Option<DecimalInteger>,
    /// The solutions are exactly x₀ + k·step: step = m / gcd(a, m).
    pub step: DecimalInteger,
    /// gcd(a, m): the number of solutions modulo m when there are any.
    pub gcd: DecimalInteger,
}

/// `modular.solve.linear_congruence`.
pub struct LinearCongruence;

impl Query for LinearCongruence {
    type Input = LinearInput;
    type Output = LinearOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "modular.solve.linear_congruence",
                "Linear congruence",
                "Every solution of a·x ≡ b (mod m), or a proof that there is none.",
                "Solves a·x ≡ b (mod m) for integers of up to 1,000 digits: the least solution and the step m/g of \
                 all solutions, g = gcd(a, m); none when g ∤ b. VERIFY replays g with its Bézout identity, m | a·x₀ − b \
                 (or g ∤ b), which determines every solution.",
                &["modular", "number-theory", "linear-congruence", "congruence", "solve", "bezout"],
            ),
            &[rel::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        native()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("14x ≡ 30 (mod 100)", Mode::Verify, json!({"a": 14, "b": 30, "m": 100}))]
    }
    fn validate(&self, i: &LinearInput) -> Result<(), Diagnostic> {
        modulus(&i.m, "/m").map(drop)
    }
    fn bounds(&self, i: &LinearInput) -> Result<(), Refusal> {
        [(&i.a, "/a"), (&i.b, "/b"), (&i.m, "/m")].iter().try_for_each(|(v, p)| cas::digit_bound(v, MAX_DIGITS, p))
    }
    fn answer(&self, i: &LinearInput, _: &AdapterContext) -> Result<Answer<LinearOutput>, AdapterError> {
        let (a, b, m) = (big(&i.a), big(&i.b), big(&i.m));
        let e = a.extended_gcd(&m);
        let g = e.gcd.clone();
        let step = &m / &g;
        let bezout = rel::sum(vec![rel::product(vec![int(&a), int(&e.x)]), rel::product(vec![int(&m), int(&e.y)])]);
        let mut relations =
            vec![rel::equal(bezout, int(&g)), rel::divides(int(&g), int(&a)), rel::divides(int(&g), int(&m))];
        let x = if b.is_multiple_of(&g) {
            let x = (&e.x * (&b / &g)).mod_floor(&step);
            let residual = rel::sum(vec![rel::product(vec![int(&a), int(&x)]), int(&-&b)]);
            relations.extend([
                rel::divides(int(&m), residual),
                rel::less_equal(rel::small(0), int(&x)),
                rel::less(int(&x), int(&step)),
            ]);
            Some(decimal(&x))
        } else {
            relations.push(rel::not_divides(int(&g), int(&b)));
            None
        };
        Ok(Answer::from(LinearOutput { x, step: decimal(&step), gcd: decimal(&g) }).claim(rel::claim(relations)))
    }
}

/// A polynomial congruence f(x) ≡ 0 (mod m).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PolynomialInput {
    /// The coefficients of f, constant term first (degree ≤ 200).
    #[schemars(length(min = 1, max = 201))]
    pub coefficients: Vec<DecimalInteger>,
    /// The modulus: a prime of up to 1,000 digits, or any integer from 2 to 10^6.
    pub m: DecimalInteger,
}

impl PolynomialInput {
    fn check(&self) -> Result<(), Diagnostic> {
        modulus(&self.m, "/m")?;
        if self.coefficients.is_empty() || self.coefficients.len() > MAX_DEGREE + 1 {
            return Err(Diagnostic::at("/coefficients", "OUT_OF_RANGE", "one to 201 coefficients"));
        }
        Ok(())
    }

    fn limits(&self) -> Result<(), Refusal> {
        cas::digit_bound(&self.m, MAX_DIGITS, "/m")?;
        self.coefficients
            .iter()
            .enumerate()
            .try_for_each(|(k, c)| cas::digit_bound(c, MAX_DIGITS, &format!("/coefficients/{k}")))
    }

    /// f(x) mod m for every x in [0, m) of a modulus up to 10^6.
    fn values(&self, ctx: &AdapterContext) -> Result<Vec<u64>, AdapterError> {
        let m = big(&self.m).to_u64().unwrap_or(2);
        let c: Vec<u128> =
            self.coefficients.iter().map(|c| big(c).mod_floor(&BigInt::from(m)).to_u128().unwrap_or(0)).collect();
        let mut out = Vec::with_capacity(m as usize);
        for x in 0..u128::from(m) {
            if x % 65_536 == 0 {
                ctx.checkpoint()?;
            }
            out.push(c.iter().rev().fold(0u128, |acc, &k| (acc * x + k) % u128::from(m)) as u64);
        }
        Ok(out)
    }
}

/// Output of `modular.solve.polynomial_congruence`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PolynomialRootsOutput {
    /// Every x in [0, m) with f(x) ≡ 0 (mod m), increasing.
    pub roots: Vec<DecimalInteger>,
}

/// `modular.solve.polynomial_congruence`.
pub struct PolynomialCongruence;

impl Query for PolynomialCongruence {
    type Input = PolynomialInput;
    type Output = PolynomialRootsOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "modular.solve.polynomial_congruence",
            "Polynomial roots modulo a prime or m",
            "Every root of a polynomial modulo a prime or modulo m: the solutions of f(x) ≡ 0 (mod m).",
            "Finds all x in [0, m) with f(x) ≡ 0 (mod m), for f of degree ≤ 200 with integer coefficients: modulo a \
             prime of up to 1,000 digits with PARI/GP (polrootsmod), and modulo any m up to 10^6 by enumeration.",
            &[
                "modular",
                "number-theory",
                "polynomial-congruence",
                "polynomial-roots",
                "roots-mod-p",
                "solve",
                "polrootsmod",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("x² + 1 ≡ 0 (mod 65)", Mode::Explore, json!({"coefficients": [1, 0, 1], "m": 65}))]
    }
    fn validate(&self, i: &PolynomialInput) -> Result<(), Diagnostic> {
        i.check()
    }
    fn bounds(&self, i: &PolynomialInput) -> Result<(), Refusal> {
        i.limits()
    }
    fn answer(&self, i: &PolynomialInput, ctx: &AdapterContext) -> Result<Answer<PolynomialRootsOutput>, AdapterError> {
        let m = big(&i.m);
        if m <= BigInt::from(ENUMERATION_MAX) {
            let values = i.values(ctx)?;
            let roots = (0..values.len() as u64)
                .filter(|&x| values[x as usize] == 0)
                .map(|x| DecimalInteger::from(x as i64))
                .collect();
            return Ok(PolynomialRootsOutput { roots }.into());
        }
        let program = Program::new(PARI)
            .code("my(p=")
            .int(&i.m)
            .code(",f=Pol([")
            .list(&i.coefficients.iter().rev().collect::<Vec<_>>(), ",", |p, c| p.int(c))
            .code(
                "]));if(!isprime(p),print(\"composite\"),f=f*Mod(1,p);print(if(f==0,\"all\",lift(polrootsmod(f,p)))))",
            );
        let reply = ctx.backend(&program)?;
        let roots = match reply.single(PARI)? {
            "composite" => return Err(AdapterError::Unsupported(format!("{m} is neither prime nor at most 10^6"))),
            "all" => return Err(AdapterError::Unsupported("f is zero modulo m: every residue is a root".into())),
            line => Gp::parse(line)?.ints()?,
        };
        Ok(PolynomialRootsOutput { roots }.into())
    }
}

/// Output of `modular.compute.polynomial_image`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ImageOutput {
    /// The distinct values f(x) mod m, increasing.
    pub image: Vec<u64>,
    /// Whether f permutes Z/mZ.
    pub permutation: bool,
}

/// Evidence kind of a polynomial's value set modulo m, replayed by evaluation.
pub const VALUES_EVIDENCE: &str = "modular.polynomial_values/v1";

/// `modular.compute.polynomial_image`.
pub struct PolynomialImage;

impl Query for PolynomialImage {
    type Input = PolynomialInput;
    type Output = ImageOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "modular.compute.polynomial_image",
                "Image of a polynomial modulo m",
                "The set of values a polynomial takes modulo m, and whether it is a permutation polynomial.",
                "Evaluates f at every residue modulo m ≤ 10^6 and lists the distinct values f(x) mod m, increasing, \
                 and whether f permutes Z/mZ. VERIFY has an independent checker evaluate f everywhere again.",
                &["modular", "number-theory", "polynomial-image", "value-set", "residues", "permutation-polynomial"],
            ),
            &[VALUES_EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        native()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("the values of x³ modulo 9", Mode::Explore, json!({"coefficients": [0, 0, 0, 1], "m": 9}))]
    }
    fn validate(&self, i: &PolynomialInput) -> Result<(), Diagnostic> {
        i.check()
    }
    fn bounds(&self, i: &PolynomialInput) -> Result<(), Refusal> {
        small_modulus(&i.m, "/m")?;
        i.limits()
    }
    fn answer(&self, i: &PolynomialInput, ctx: &AdapterContext) -> Result<Answer<ImageOutput>, AdapterError> {
        let mut image = i.values(ctx)?;
        let m = image.len();
        image.sort_unstable();
        image.dedup();
        let claim = Claim {
            kind: VALUES_EVIDENCE,
            semantics: "urn:jacobian:semantics:polynomial-value-set:v1",
            format: "EXHAUSTIVE_EVALUATION_V1",
            claim: json!({"coefficients": i.coefficients, "m": m, "image": image, "permutation": image.len() == m}),
            candidate: json!({}),
        };
        Ok(Answer::from(ImageOutput { permutation: image.len() == m, image }).claim(claim))
    }
}

/// Input of `number_theory.solve.padic_roots`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PadicInput {
    /// The coefficients of f, constant term first (degree 1 to 200, not all zero).
    pub coefficients: Vec<DecimalInteger>,
    /// A prime p of up to 100 digits.
    pub p: DecimalInteger,
    /// The precision k: roots are given modulo p^k (1 to 1,000).
    pub precision: u32,
}

/// A p-adic root, known modulo p^precision.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PadicRoot {
    /// The root's residue in [0, p^precision).
    pub residue: DecimalInteger,
    /// How many p-adic digits are certain (less than requested at a multiple root).
    pub precision: u32,
}

/// Output of `number_theory.solve.padic_roots`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PadicOutput {
    /// The distinct roots of f in Z_p, each once.
    pub roots: Vec<PadicRoot>,
}

/// `number_theory.solve.padic_roots`.
pub struct PadicRoots;

impl Query for PadicRoots {
    type Input = PadicInput;
    type Output = PadicOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_theory.solve.padic_roots",
            "p-adic roots (Hensel lifting)",
            "The roots of an integer polynomial in the p-adic integers Z_p, to a chosen precision: Hensel lifting of \
             roots modulo p.",
            "Finds every root of f in Z_p modulo p^k (k ≤ 1,000, p prime up to 100 digits, degree ≤ 200) with PARI/GP \
             (polrootspadic), each with the number of p-adic digits that are certain.",
            &["number-theory", "p-adic", "hensel-lifting", "padic-roots", "roots", "lifting", "polrootspadic"],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("√2 in Z_7 to 5 digits", Mode::Explore, json!({"coefficients": [-2, 0, 1], "p": 7, "precision": 5}))]
    }
    fn validate(&self, i: &PadicInput) -> Result<(), Diagnostic> {
        let n = i.coefficients.len();
        if !(2..=MAX_DEGREE + 1).contains(&n) || i.coefficients.iter().skip(1).all(|c| c.as_str() == "0") {
            return Err(Diagnostic::at("/coefficients", "OUT_OF_RANGE", "a polynomial of degree 1 to 200"));
        }
        if !(1..=1000).contains(&i.precision) {
            return Err(Diagnostic::at("/precision", "OUT_OF_RANGE", "the precision is 1 to 1,000"));
        }
        modulus(&i.p, "/p").map(drop)
    }
    fn bounds(&self, i: &PadicInput) -> Result<(), Refusal> {
        cas::digit_bound(&i.p, 100, "/p")?;
        i.coefficients
            .iter()
            .enumerate()
            .try_for_each(|(k, c)| cas::digit_bound(c, MAX_DIGITS, &format!("/coefficients/{k}")))
    }
    fn answer(&self, i: &PadicInput, ctx: &AdapterContext) -> Result<Answer<PadicOutput>, AdapterError> {
        let program = Program::new(PARI)
            .code("my(p=")
            .int(&i.p)
            .code(",k=")
            .small(i64::from(i.precision))
            .code(",f=Pol([")
            .list(&i.coefficients.iter().rev().collect::<Vec<_>>(), ",", |p, c| p.int(c))
            .code(
                "]));if(!isprime(p),print(\"composite\"),\
                 print(apply(r->my(e=min(padicprec(r,p),k));[truncate(r)%p^e,e],Vec(polrootspadic(f,p,k)))))",
            );
        let reply = ctx.backend(&program)?;
        let line = reply.single(PARI)?;
        if line == "composite" {
            return Err(AdapterError::Unsupported(format!("p = {} is not prime (see /p)", i.p)));
        }
        let roots = Gp::parse(line)?
            .items()?
            .iter()
            .map(|r| {
                let [residue, precision] = <[DecimalInteger; 2]>::try_from(r.ints()?)
                    .map_err(|_| AdapterError::Backend("PARI/GP printed a malformed p-adic root".into()))?;
                let precision = precision.to_i64().and_then(|v| u32::try_from(v).ok()).unwrap_or(0);
                Ok(PadicRoot { residue, precision })
            })
            .collect::<Result<Vec<_>, AdapterError>>()?;
        Ok(PadicOutput { roots }.into())
    }
}
