//! Binary quadratic forms a·x² + b·xy + c·y² (reduction, composition, class groups,
//! representations, equivalence) and integral quadratic forms in n variables given by their
//! Gram matrix (invariants, representation numbers, short vectors), on PARI/GP.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::cas::{self, Answer, Gp, Query};
use crate::integer::{big, decimal};
use crate::relations::{self as rel, int};

pub mod check;

const PARI: BackendKind = BackendKind::Pari;
/// Most digits of a coefficient of a binary form.
pub const MAX_DIGITS: usize = 100;
/// Largest |D| whose reduced forms are listed.
pub const LIST_MAX: u64 = 1_000_000;
/// Most variables of a Gram matrix.
pub const MAX_DIMENSION: usize = 24;

/// A binary quadratic form [a, b, c]: a·x² + b·xy + c·y² with non-square discriminant b² − 4ac.
pub type Form = [DecimalInteger; 3];

fn discriminant(f: &Form) -> BigInt {
    let [a, b, c] = f.each_ref().map(big);
    &b * &b - BigInt::from(4) * a * c
}

fn check_form(f: &Form, at: &str) -> Result<BigInt, Diagnostic> {
    let d = discriminant(f);
    if !d.is_negative() && d.sqrt().pow(2) == d {
        return Err(Diagnostic::at(
            at,
            "SQUARE_DISCRIMINANT",
            "the discriminant b² − 4ac is not a perfect square (nor 0)",
        ));
    }
    if d.is_negative() && big(&f[0]).is_negative() {
        return Err(Diagnostic::at(
            format!("{at}/0"),
            "NEGATIVE_DEFINITE",
            "a definite form here is positive definite (a > 0); negate it",
        ));
    }
    Ok(d)
}

fn form_bound(f: &Form, at: &str) -> Result<(), Refusal> {
    f.iter().enumerate().try_for_each(|(k, v)| cas::digit_bound(v, MAX_DIGITS, &format!("{at}/{k}")))
}

fn qfb(p: Program, f: &Form) -> Program {
    p.code("Qfb(").int(&f[0]).code(",").int(&f[1]).code(",").int(&f[2]).code(")")
}

fn read_form(g: &Gp) -> Result<Form, AdapterError> {
    <[DecimalInteger; 3]>::try_from(g.ints()?)
        .map_err(|_| AdapterError::Backend("PARI/GP printed a malformed form".into()))
}

/// f∘M for M = [[α, β], [γ, δ]], as expressions in the relations language.
fn transformed(f: &Form, m: &[BigInt; 4]) -> [Value; 3] {
    let [a, b, c] = f.each_ref().map(|v| int(&big(v)));
    let [al, be, ga, de] = m.each_ref().map(int);
    let two = rel::small(2);
    let p = rel::product;
    [
        rel::sum(vec![
            p(vec![a.clone(), rel::power(al.clone(), 2)]),
            p(vec![b.clone(), al.clone(), ga.clone()]),
            p(vec![c.clone(), rel::power(ga.clone(), 2)]),
        ]),
        rel::sum(vec![
            p(vec![two.clone(), a.clone(), al.clone(), be.clone()]),
            p(vec![b.clone(), rel::sum(vec![p(vec![al, de.clone()]), p(vec![be.clone(), ga.clone()])])]),
            p(vec![two, c.clone(), ga, de.clone()]),
        ]),
        rel::sum(vec![
            p(vec![a, rel::power(be.clone(), 2)]),
            p(vec![b, be, de.clone()]),
            p(vec![c, rel::power(de, 2)]),
        ]),
    ]
}

/// Relations proving g = f∘M with det M = 1.
fn equivalence_relations(f: &Form, g: &Form, m: &[BigInt; 4]) -> Vec<Value> {
    let [al, be, ga, de] = m.each_ref().map(int);
    let det = rel::sum(vec![rel::product(vec![al, de]), rel::product(vec![rel::small(-1), be, ga])]);
    let mut relations = vec![rel::equal(det, rel::small(1))];
    relations.extend(transformed(f, m).into_iter().zip(g).map(|(e, v)| rel::equal(e, int(&big(v)))));
    relations
}

/// Relations proving a positive definite form is reduced: |b| ≤ a ≤ c, b ≥ 0 when |b| = a or a = c.
fn reduced_relations(g: &Form) -> Vec<Value> {
    let [a, b, c] = g.each_ref().map(big);
    let strict = b.is_negative();
    let cmp = |l: Value, r: Value| if strict { rel::less(l, r) } else { rel::less_equal(l, r) };
    vec![cmp(int(&-&a), int(&b)), rel::less_equal(int(&b), int(&a)), cmp(int(&a), int(&c))]
}

fn matrix(g: &Gp) -> Result<[BigInt; 4], AdapterError> {
    let rows = g.items()?;
    let bad = || AdapterError::Backend("PARI/GP printed a malformed transformation".into());
    let [r0, r1] = rows else { return Err(bad()) };
    let (r0, r1) = (r0.items()?, r1.items()?);
    let [a, b] = r0 else { return Err(bad()) };
    let [c, d] = r1 else { return Err(bad()) };
    Ok([a.int()?.clone(), b.int()?.clone(), c.int()?.clone(), d.int()?.clone()])
}

/// One binary form.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FormInput {
    /// [a, b, c] for a·x² + b·xy + c·y².
    pub form: Form,
}

/// Output of `quadratic_form.binary.reduce`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ReduceOutput {
    /// The reduced form (the unique one of the class when definite).
    pub reduced: Form,
    /// M = [[α, β], [γ, δ]] in SL₂(Z) with reduced = form∘M.
    pub transformation: [[DecimalInteger; 2]; 2],
    /// The discriminant b² − 4ac.
    pub discriminant: DecimalInteger,
}

/// `quadratic_form.binary.reduce`.
pub struct Reduce;

impl Query for Reduce {
    type Input = FormInput;
    type Output = ReduceOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "quadratic_form.binary.reduce",
                "Reduce a binary quadratic form",
                "The reduced form properly equivalent to a binary quadratic form ax² + bxy + cy², with the SL₂(Z) \
                 transformation.",
                "Reduces a positive definite or indefinite form of non-square discriminant (coefficients up to 100 \
                 digits) with PARI/GP (qfbredsl2). VERIFY replays det M = 1, reduced = form∘M, and for definite forms \
                 the reduction inequalities |b| ≤ a ≤ c.",
                &["quadratic-form", "binary-quadratic-form", "reduce", "reduction", "sl2z", "equivalence", "gauss"],
            ),
            &[rel::EVIDENCE],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("reduce 15x² + 34xy + 20y²", Mode::Verify, json!({"form": [15, 34, 20]}))]
    }
    fn validate(&self, i: &FormInput) -> Result<(), Diagnostic> {
        check_form(&i.form, "/form").map(drop)
    }
    fn bounds(&self, i: &FormInput) -> Result<(), Refusal> {
        form_bound(&i.form, "/form")
    }
    fn answer(&self, i: &FormInput, ctx: &AdapterContext) -> Result<Answer<ReduceOutput>, AdapterError> {
        let program = qfb(Program::new(PARI).code("my(r=qfbredsl2("), &i.form).code("));print(Vec(r[1]));print(r[2])");
        let reply = ctx.backend(&program)?;
        let [form, m] = reply.lines.as_slice() else {
            return Err(AdapterError::Backend("PARI/GP printed a malformed reduction".into()));
        };
        let reduced = read_form(&Gp::parse(form)?)?;
        let m = matrix(&Gp::parse(m)?)?;
        let d = discriminant(&i.form);
        let mut relations = equivalence_relations(&i.form, &reduced, &m);
        if d.is_negative() {
            relations.extend(reduced_relations(&reduced));
        }
        let transformation = [[decimal(&m[0]), decimal(&m[1])], [decimal(&m[2]), decimal(&m[3])]];
        let output = ReduceOutput { reduced, transformation, discriminant: decimal(&d) };
        Ok(Answer::from(output).claim(rel::claim(relations)))
    }
}

/// Two binary forms.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PairInput {
    /// The first form [a, b, c].
    pub f: Form,
    /// The second form, of the same discriminant.
    pub g: Form,
}

impl PairInput {
    fn check(&self) -> Result<(), Diagnostic> {
        let d = check_form(&self.f, "/f")?;
        if check_form(&self.g, "/g")? != d {
            return Err(Diagnostic::at("/g", "DISCRIMINANT_MISMATCH", "both forms have the same discriminant"));
        }
        Ok(())
    }

    fn limits(&self) -> Result<(), Refusal> {
        form_bound(&self.f, "/f")?;
        form_bound(&self.g, "/g")
    }
}

/// Output of `quadratic_form.binary.compose`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ComposeOutput {
    /// The reduced composition f·g (Gauss composition; the class group's operation).
    pub composition: Form,
}

/// `quadratic_form.binary.compose`.
pub struct Compose;

impl Query for Compose {
    type Input = PairInput;
    type Output = ComposeOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "quadratic_form.binary.compose",
            "Compose binary quadratic forms",
            "The Gauss composition of two binary quadratic forms of the same discriminant: the class group law.",
            "Composes primitive forms f and g of one discriminant and reduces the result (PARI/GP qfbcomp), for \
             coefficients of up to 100 digits.",
            &["quadratic-form", "binary-quadratic-form", "composition", "gauss-composition", "class-group", "multiply"],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("(2, 1, 3) ∘ (2, −1, 3)", Mode::Explore, json!({"f": [2, 1, 3], "g": [2, -1, 3]}))]
    }
    fn validate(&self, i: &PairInput) -> Result<(), Diagnostic> {
        i.check()
    }
    fn bounds(&self, i: &PairInput) -> Result<(), Refusal> {
        i.limits()
    }
    fn answer(&self, i: &PairInput, ctx: &AdapterContext) -> Result<Answer<ComposeOutput>, AdapterError> {
        let program = qfb(qfb(Program::new(PARI).code("print(Vec(qfbred(qfbcomp("), &i.f).code(","), &i.g).code("))))");
        let reply = ctx.backend(&program)?;
        Ok(ComposeOutput { composition: read_form(&Gp::parse(reply.single(PARI)?)?)? }.into())
    }
}

/// Output of `quadratic_form.binary.equivalent`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct EquivalentOutput {
    /// Whether g = f∘M for some M in SL₂(Z) (proper equivalence).
    pub equivalent: bool,
    /// Such an M, for definite forms.
    pub transformation: Option<[[DecimalInteger; 2]; 2]>,
}

/// `quadratic_form.binary.equivalent`.
pub struct Equivalent;

impl Query for Equivalent {
    type Input = PairInput;
    type Output = EquivalentOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "quadratic_form.binary.equivalent",
            "Proper equivalence of binary quadratic forms",
            "Whether two binary quadratic forms are properly equivalent (related by an SL₂(Z) change of variables).",
            "Decides proper equivalence of two forms of one discriminant: definite forms by comparing their unique \
             reduced forms (with the transformation), indefinite ones by walking the cycle of reduced forms (PARI/GP).",
            &["quadratic-form", "binary-quadratic-form", "equivalence", "proper-equivalence", "decide", "sl2z"],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("are (3, 2, 5) and (3, −2, 5) equivalent?", Mode::Explore, json!({"f": [3, 2, 5], "g": [3, -2, 5]}))]
    }
    fn validate(&self, i: &PairInput) -> Result<(), Diagnostic> {
        i.check()
    }
    fn bounds(&self, i: &PairInput) -> Result<(), Refusal> {
        i.limits()?;
        if discriminant(&i.f).is_positive() {
            cas::digit_bound(&decimal(&discriminant(&i.f)), 12, "/f")?;
        }
        Ok(())
    }
    fn answer(&self, i: &PairInput, ctx: &AdapterContext) -> Result<Answer<EquivalentOutput>, AdapterError> {
        // Definite: M = M_f · M_g⁻¹ when the reduced forms agree. Indefinite: g's reduced form
        // appears in the cycle of f's (ρ steps of qfbred with flag 1).
        let definite = i64::from(discriminant(&i.f).is_negative());
        let program = Program::new(PARI).code("my(def=").small(definite).code(",F=qfbredsl2(");
        let program = qfb(qfb(program, &i.f).code("),G=qfbredsl2("), &i.g).code(
            "));if(def,if(F[1]==G[1],print(1);print(F[2]*G[2]^-1),print(0)),\
             my(r=F[1],s=G[1]);while(r!=s,r=qfbred(r,1);if(r==F[1],break));print(r==s))",
        );
        let reply = ctx.backend(&program)?;
        let equivalent = reply.lines.first().map(String::as_str) == Some("1");
        let transformation = match reply.lines.get(1) {
            Some(m) => {
                let m = matrix(&Gp::parse(m)?)?;
                Some([[decimal(&m[0]), decimal(&m[1])], [decimal(&m[2]), decimal(&m[3])]])
            }
            None => None,
        };
        Ok(EquivalentOutput { equivalent, transformation }.into())
    }
}

/// Input of `quadratic_form.binary.class_group`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClassGroupInput {
    /// A non-square discriminant D ≡ 0 or 1 (mod 4), up to 30 digits.
    pub discriminant: DecimalInteger,
    /// List the reduced primitive forms (D < 0, |D| ≤ 10^6).
    #[serde(default)]
    pub forms: bool,
}

/// Output of `quadratic_form.binary.class_group`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ClassGroupOutput {
    /// The class number h(D): primitive forms up to proper equivalence (positive definite ones when D < 0).
    pub class_number: DecimalInteger,
    /// The invariant factors d₁ ≥ d₂ ≥ … (d_{i+1} | d_i) of the class group.
    pub structure: Vec<DecimalInteger>,
    /// The reduced primitive forms, when requested.
    pub forms: Option<Vec<Form>>,
    /// How the answer was obtained and the prime bound it rests on.
    pub method: String,
}

/// `quadratic_form.binary.class_group`.
pub struct ClassGroup;

impl Query for ClassGroup {
    type Input = ClassGroupInput;
    type Output = ClassGroupOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "quadratic_form.binary.class_group",
            "Class group of binary quadratic forms",
            "The class number and class group of discriminant D (of the quadratic order), with the reduced forms.",
            "Computes h(D) and the group's structure for a non-square discriminant of up to 30 digits with PARI/GP \
             (quadclassunit, Buchmann's subexponential method with Bach's bound 6·log²|D|: the answer rests on GRH and \
             says so) and, for D < 0 up to 10^6 in absolute value, counts the reduced forms exhaustively so that h is \
             unconditional.",
            &[
                "quadratic-form",
                "binary-quadratic-form",
                "class-group",
                "class-number",
                "reduced-forms",
                "quadratic-field",
                "imaginary-quadratic",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("the class group of discriminant −4·5923", Mode::Explore, json!({"discriminant": -23692}))]
    }
    fn validate(&self, i: &ClassGroupInput) -> Result<(), Diagnostic> {
        let d = big(&i.discriminant);
        let r: BigInt = num_integer::Integer::mod_floor(&d, &BigInt::from(4));
        if !(r.is_zero() || r == BigInt::from(1)) || (!d.is_negative() && d.sqrt().pow(2) == d) {
            return Err(Diagnostic::at(
                "/discriminant",
                "NOT_A_DISCRIMINANT",
                "D is a non-square integer ≡ 0 or 1 (mod 4)",
            ));
        }
        if i.forms && (!d.is_negative() || -d > BigInt::from(LIST_MAX)) {
            return Err(Diagnostic::at("/forms", "OUT_OF_RANGE", "reduced forms are listed for −10^6 ≤ D < 0"));
        }
        Ok(())
    }
    fn bounds(&self, i: &ClassGroupInput) -> Result<(), Refusal> {
        cas::digit_bound(&i.discriminant, 30, "/discriminant")
    }
    fn answer(&self, i: &ClassGroupInput, ctx: &AdapterContext) -> Result<Answer<ClassGroupOutput>, AdapterError> {
        let d = big(&i.discriminant);
        let exhaustive = d.is_negative() && -&d <= BigInt::from(LIST_MAX);
        // Reduced primitive positive definite forms: |b| ≤ a ≤ c, b ≥ 0 if |b| = a or a = c.
        let program = Program::new(PARI).code("my(D=").int(&i.discriminant).code(
            ",Q=quadclassunit(D));print(Q[1]);print(Q[2]);if(D<0&&-D<=10^6,my(L=List());\
             for(a=1,sqrtint(-D\\3),forstep(b=-a+1,a,1,my(c=(b^2-D)/(4*a));\
             if(denominator(c)==1&&c>=a&&!(a==c&&b<0)&&gcd([a,b,c])==1,listput(L,[a,b,c]))));print(Vec(L)))",
        );
        let reply = ctx.backend(&program)?;
        let lines = &reply.lines;
        let (Some(h), Some(cyc)) = (lines.first(), lines.get(1)) else {
            return Err(AdapterError::Backend("PARI/GP printed a malformed class group".into()));
        };
        let h = cas::integer(PARI, h)?;
        let structure = Gp::parse(cyc)?.ints()?;
        let mut forms = None;
        if let Some(list) = lines.get(2) {
            let all = Gp::parse(list)?.items()?.iter().map(read_form).collect::<Result<Vec<_>, _>>()?;
            if all.len().to_string() != h.as_str() {
                return Err(AdapterError::Backend(format!(
                    "{} reduced forms but PARI/GP's class number is {h}",
                    all.len()
                )));
            }
            forms = i.forms.then_some(all);
        }
        let output = ClassGroupOutput {
            class_number: h,
            structure,
            forms,
            method: if exhaustive {
                "class number by exhaustive count of reduced forms; structure from quadclassunit (Bach's bound 6·log²|D|)"
                    .into()
            } else {
                "quadclassunit with Bach's bound 6·log²|D| (conditional on GRH)".into()
            },
        };
        // A counted class number is unconditional; the structure is too when h is squarefree (the
        // group is then cyclic). Anything else rests on GRH.
        let counted = exhaustive && lines.len() > 2;
        let h = big(&output.class_number);
        let squarefree = (2u32..).take_while(|p| BigInt::from(p * p) <= h).all(|p| !(&h % (p * p)).is_zero());
        let answer = Answer::from(output);
        Ok(if counted && squarefree {
            answer.note("UNCONDITIONAL", "h was counted exhaustively and is squarefree, so the group is cyclic")
        } else {
            answer.assuming("the generalized Riemann hypothesis (GRH)")
        })
    }
}

/// An integral quadratic form in n variables, Q(v) = vᵀ·G·v.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GramInput {
    /// The symmetric Gram matrix G (rows), 1 ≤ n ≤ 24, entries up to 30 digits.
    #[schemars(length(min = 1, max = 24))]
    pub gram: Vec<Vec<DecimalInteger>>,
}

impl GramInput {
    fn check(&self) -> Result<(), Diagnostic> {
        let n = self.gram.len();
        if n == 0 || n > MAX_DIMENSION {
            return Err(Diagnostic::at("/gram", "OUT_OF_RANGE", "1 to 24 variables"));
        }
        for (r, row) in self.gram.iter().enumerate() {
            if row.len() != n {
                return Err(Diagnostic::at(format!("/gram/{r}"), "NOT_SQUARE", "every row has n entries"));
            }
            if let Some(c) = (0..r).find(|&c| row[c] != self.gram[c][r]) {
                return Err(Diagnostic::at(format!("/gram/{r}/{c}"), "NOT_SYMMETRIC", "G is symmetric"));
            }
        }
        Ok(())
    }

    fn limits(&self) -> Result<(), Refusal> {
        self.gram.iter().enumerate().try_for_each(|(r, row)| {
            row.iter().enumerate().try_for_each(|(c, v)| cas::digit_bound(v, 30, &format!("/gram/{r}/{c}")))
        })
    }

    fn matrix(&self, p: Program) -> Program {
        p.code("Mat([").list(&self.gram, ";", |p, row| p.list(row, ",", |p, v| p.int(v))).code("])")
    }
}

/// Output of `quadratic_form.compute.invariants`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct InvariantsOutput {
    /// det G.
    pub determinant: DecimalInteger,
    /// The rank of G.
    pub rank: usize,
    /// The signature: how many positive and negative squares in a diagonalization over Q.
    pub signature: [usize; 2],
    /// positive_definite, negative_definite, positive_semidefinite, negative_semidefinite or indefinite.
    pub definiteness: String,
    /// Diagonal coefficients of a rational diagonalization Q = Σ dᵢ·(xᵢ + …)² (Gauss reduction).
    pub diagonal: Vec<crate::rational::Rational>,
    /// The gcd of the entries of G.
    pub content: DecimalInteger,
}

/// `quadratic_form.compute.invariants`.
pub struct Invariants;

impl Query for Invariants {
    type Input = GramInput;
    type Output = InvariantsOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "quadratic_form.compute.invariants",
            "Invariants of a quadratic form",
            "The determinant, rank, signature, definiteness, rational diagonalization and content of a quadratic form \
             given by its Gram matrix.",
            "For Q(v) = vᵀGv with symmetric integral G (n ≤ 24): det, rank, signature (Sylvester), definiteness, the \
             diagonal of a Gauss reduction over Q, and the content, exactly with PARI/GP (matdet, qfsign, qfgaussred).",
            &["quadratic-form", "gram-matrix", "signature", "determinant", "diagonalization", "definite", "invariants"],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("x² + 4xy + y²", Mode::Explore, json!({"gram": [[1, 2], [2, 1]]}))]
    }
    fn validate(&self, i: &GramInput) -> Result<(), Diagnostic> {
        i.check()
    }
    fn bounds(&self, i: &GramInput) -> Result<(), Refusal> {
        i.limits()
    }
    fn answer(&self, i: &GramInput, ctx: &AdapterContext) -> Result<Answer<InvariantsOutput>, AdapterError> {
        let program = i.matrix(Program::new(PARI).code("my(G=")).code(
            "*1,s=qfsign(G),r=qfgaussred(G));print(matdet(G));print(matrank(G));print(s);\
             print(vector(#G,k,r[k,k]));print(content(G))",
        );
        let reply = ctx.backend(&program)?;
        let [det, rank, sign, diag, content] = reply.lines.as_slice() else {
            return Err(AdapterError::Backend("PARI/GP printed malformed invariants".into()));
        };
        let sign = Gp::parse(sign)?.ints()?;
        let count = |k: usize| sign.get(k).and_then(|v| v.to_i64()).unwrap_or(0) as usize;
        let (pos, neg, n) = (count(0), count(1), i.gram.len());
        let definiteness = match (pos, neg) {
            (p, 0) if p == n => "positive_definite",
            (0, q) if q == n => "negative_definite",
            (_, 0) => "positive_semidefinite",
            (0, _) => "negative_semidefinite",
            _ => "indefinite",
        };
        let rank = cas::integer(PARI, rank)?.to_i64().unwrap_or(0) as usize;
        Ok(InvariantsOutput {
            determinant: cas::integer(PARI, det)?,
            rank,
            signature: [pos, neg],
            definiteness: definiteness.into(),
            diagonal: Gp::parse(diag)?.rationals()?,
            content: cas::integer(PARI, content)?,
        }
        .into())
    }
}

/// Input of `quadratic_form.compute.representation_numbers`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RepresentationInput {
    /// The Gram matrix of a positive definite form (n ≤ 24).
    pub gram: Vec<Vec<DecimalInteger>>,
    /// The largest value counted, 1 to 10,000.
    pub bound: u32,
    /// Also list the vectors v with 0 < Q(v) ≤ bound, one of each pair ±v (at most 10,000).
    #[serde(default)]
    pub vectors: bool,
}

/// Output of `quadratic_form.compute.representation_numbers`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RepresentationOutput {
    /// r(k) = #{v ∈ Zⁿ : Q(v) = k} for k = 0, 1, …, bound: the theta series' coefficients.
    pub counts: Vec<DecimalInteger>,
    /// The vectors, when requested.
    pub vectors: Option<Vec<Vec<DecimalInteger>>>,
}

/// `quadratic_form.compute.representation_numbers`.
pub struct RepresentationNumbers;

impl Query for RepresentationNumbers {
    type Input = RepresentationInput;
    type Output = RepresentationOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "quadratic_form.compute.representation_numbers",
            "Representation numbers and short vectors",
            "How many integer vectors a positive definite quadratic form maps to each value k ≤ B (its theta series), \
             and the vectors themselves.",
            "Counts r(k) = #{v : vᵀGv = k} for k ≤ B ≤ 10,000 by Fincke–Pohst enumeration (PARI/GP qfrep, qfminim), \
             and optionally lists the short vectors up to sign.",
            &[
                "quadratic-form",
                "representation-numbers",
                "theta-series",
                "short-vectors",
                "lattice",
                "represent",
                "positive-definite",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "sums of four squares up to 10",
            Mode::Explore,
            json!({"gram": [[1,0,0,0],[0,1,0,0],[0,0,1,0],[0,0,0,1]], "bound": 10}),
        )]
    }
    fn validate(&self, i: &RepresentationInput) -> Result<(), Diagnostic> {
        GramInput { gram: i.gram.clone() }.check()?;
        if !(1..=10_000).contains(&i.bound) {
            return Err(Diagnostic::at("/bound", "OUT_OF_RANGE", "the bound is 1 to 10,000"));
        }
        Ok(())
    }
    fn bounds(&self, i: &RepresentationInput) -> Result<(), Refusal> {
        GramInput { gram: i.gram.clone() }.limits()
    }
    fn answer(
        &self,
        i: &RepresentationInput,
        ctx: &AdapterContext,
    ) -> Result<Answer<RepresentationOutput>, AdapterError> {
        let gram = GramInput { gram: i.gram.clone() };
        let program = gram.matrix(Program::new(PARI).code("my(G=")).code("*1,B=").small(i64::from(i.bound)).code(",w=");
        let program = program.small(i64::from(i.vectors)).code(
            ");if(qfsign(G)!=[#G,0],print(\"indefinite\"),print(2*Vec(qfrep(G,B)));\
             if(w,my(M=qfminim(G,B,10001));if(M[1]>10000,print(\"many\"),print(Vec(M[3])))))",
        );
        let reply = ctx.backend(&program)?;
        let first = reply.lines.first().map(String::as_str).unwrap_or_default();
        if first == "indefinite" {
            return Err(AdapterError::Unsupported("the form is not positive definite (see /gram)".into()));
        }
        let mut counts = vec![DecimalInteger::from(1)];
        counts.extend(Gp::parse(first)?.ints()?);
        let vectors = match reply.lines.get(1).map(String::as_str) {
            Some("many") => return Err(AdapterError::Unsupported("more than 10,000 vectors; lower the bound".into())),
            Some(v) => Some(Gp::parse(v)?.items()?.iter().map(Gp::ints).collect::<Result<Vec<_>, _>>()?),
            None => None,
        };
        Ok(RepresentationOutput { counts, vectors }.into())
    }
}

/// An operation on an integral quadratic form Q = Σ_{i≤j} c_ij·x_i·x_j.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum FormOperation {
    /// Q(v) for each vector.
    Evaluate {
        /// The vectors (at most 10,000).
        vectors: Vec<Vec<DecimalInteger>>,
        /// Reduce the values modulo m ≥ 2, if given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        modulus: Option<DecimalInteger>,
    },
    /// The polar (bilinear) form B(u, v) = Q(u + v) − Q(u) − Q(v), for each pair.
    Polar {
        /// Pairs [u, v] (at most 10,000).
        pairs: Vec<[Vec<DecimalInteger>; 2]>,
        /// Reduce modulo m ≥ 2 (m = 2 gives the characteristic-2 polar pairing), if given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        modulus: Option<DecimalInteger>,
    },
    /// The symmetric Gram matrix G with Q(v) = vᵀGv (entries may be halves) and the polar matrix 2G.
    Matrices,
    /// Q ⊕ R: the form in the variables of both, R's after Q's.
    DirectSum {
        /// R's upper-triangular coefficients.
        other: Vec<Vec<DecimalInteger>>,
    },
    /// k·Q.
    Scale {
        /// The integer factor k.
        factor: DecimalInteger,
    },
    /// Q(A·y) for an integer n × k matrix A: a change of variables (unimodular when A is square with det ±1).
    ChangeVariables {
        /// The rows of A.
        matrix: Vec<Vec<DecimalInteger>>,
    },
    /// Q with every variable outside the kept ones set to 0.
    Restrict {
        /// The kept variables' indices (0-based, increasing).
        keep: Vec<usize>,
    },
    /// The coefficients reduced into [0, m).
    ReduceModulo {
        /// m ≥ 2.
        modulus: DecimalInteger,
    },
    /// How often Q takes each value modulo m over all x ∈ (Z/m)^n (m^n ≤ 10^6): the value
    /// profile (m = 2: the parity profile), the fiber {x : Q(x) ≡ a} when `value` is given, and
    /// the Gauss sum Σ_x e(Q(x)/m) = Σ_a N(a)·ζ_m^a.
    ModularValues {
        /// m ≥ 2.
        modulus: u64,
        /// List every x mod m with Q(x) ≡ value (mod m), if given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        value: Option<u64>,
    },
    /// Every value of Q on the box [−b, b]^n ((2b + 1)^n ≤ 10^6) with how many x take it.
    BoxValues {
        /// The half-width b ≥ 0.
        bound: u64,
    },
    /// The rank of the polar form B(u, v) and a basis of its radical {u : B(u, ·) = 0}, over Q
    /// or over F_p for a prime p.
    Radical {
        /// Work over F_p for this prime p, if given (p < 2^63).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        prime: Option<u64>,
    },
}

/// Input of `quadratic_form.compute.operation`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OperationInput {
    /// The upper-triangular coefficients: row i holds c_ii, c_i,i+1, …, c_in (n rows, n ≤ 24).
    pub coefficients: Vec<Vec<DecimalInteger>>,
    /// What to compute.
    pub operation: FormOperation,
}

/// Output of `quadratic_form.compute.operation`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct OperationOutput {
    /// Values (evaluate, polar).
    pub values: Option<Vec<DecimalInteger>>,
    /// The resulting form's upper-triangular coefficients (direct_sum, scale, change_variables, restrict, reduce_modulo).
    pub coefficients: Option<Vec<Vec<DecimalInteger>>>,
    /// The Gram matrix (matrices).
    pub gram: Option<Vec<Vec<crate::rational::Rational>>>,
    /// The polar matrix 2G, integral (matrices).
    pub polar: Option<Vec<Vec<DecimalInteger>>>,
    /// det A for a square change of variables (±1 when unimodular).
    pub determinant: Option<DecimalInteger>,
    /// N(a) = #{x ∈ (Z/m)^n : Q(x) ≡ a} for a = 0, …, m − 1 (modular_values): also the
    /// coefficients of the Gauss sum Σ_a N(a)·ζ_m^a in Z[ζ_m].
    pub counts: Option<Vec<u64>>,
    /// The Gauss sum Σ_x e(Q(x)/m) numerically, [real, imaginary] to double precision (modular_values).
    pub gauss_sum: Option<[f64; 2]>,
    /// Every x ∈ [0, m)^n with Q(x) ≡ value, lexicographically (modular_values with a value).
    pub fiber: Option<Vec<Vec<u64>>>,
    /// Each value of Q on the box with its count, increasing (box_values).
    pub box_values: Option<Vec<ValueCount>>,
    /// The rank of the polar form (radical).
    pub rank: Option<usize>,
    /// A basis of the radical, as primitive integer vectors over Q or vectors of residues over F_p (radical).
    pub radical: Option<Vec<Vec<DecimalInteger>>>,
}

/// A value of a form and how many vectors take it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ValueCount {
    /// The value.
    pub value: DecimalInteger,
    /// How many vectors of the box take it.
    pub count: u64,
}

/// Most points enumerated by modular_values and box_values.
pub const MAX_POINTS: u64 = 1_000_000;

/// The points of a box, m^n or (2b + 1)^n, when at most [`MAX_POINTS`].
fn points(side: u64, n: usize) -> Option<u64> {
    (0..n).try_fold(1u64, |acc, _| acc.checked_mul(side).filter(|&p| p <= MAX_POINTS))
}

/// A rational number for the radical's elimination over Q.
#[derive(Clone)]
struct Q(BigInt, BigInt);

impl Q {
    fn new(n: BigInt, d: BigInt) -> Q {
        let g = num_integer::Integer::gcd(&n, &d);
        let (n, d) = if g.is_zero() { (n, d) } else { (n / &g, d / &g) };
        if d.is_negative() { Q(-n, -d) } else { Q(n, d) }
    }
    fn sub_mul(&self, a: &Q, b: &Q) -> Q {
        Q::new(&self.0 * &a.1 * &b.1 - &a.0 * &b.0 * &self.1, &self.1 * &a.1 * &b.1)
    }
}

/// Field operations for [`kernel`]: zero test, inverse, x − a·b, and a·b.
struct Field<'a, T> {
    zero: T,
    one: T,
    is_zero: &'a dyn Fn(&T) -> bool,
    inv: &'a dyn Fn(&T) -> T,
    sub_mul: &'a dyn Fn(&T, &T, &T) -> T,
    mul: &'a dyn Fn(&T, &T) -> T,
}

/// The rank of a square matrix and a basis of its kernel, by reduced row echelon form: one
/// vector per free column f (x_f = 1, x_pivot = −a[pivot row][f], other free entries 0).
fn kernel<T: Clone>(mut a: Vec<Vec<T>>, k: &Field<T>) -> (usize, Vec<Vec<T>>) {
    let n = a.len();
    let mut pivots = vec![];
    for col in 0..n {
        let row = pivots.len();
        let Some(p) = (row..n).find(|&r| !(k.is_zero)(&a[r][col])) else { continue };
        a.swap(row, p);
        let i = (k.inv)(&a[row][col]);
        a[row] = a[row].iter().map(|x| (k.mul)(x, &i)).collect();
        for r in (0..n).filter(|&r| r != row) {
            if !(k.is_zero)(&a[r][col]) {
                let f = a[r][col].clone();
                a[r] = (0..n).map(|c| (k.sub_mul)(&a[r][c], &f, &a[row][c])).collect();
            }
        }
        pivots.push(col);
    }
    let basis = (0..n)
        .filter(|c| !pivots.contains(c))
        .map(|f| {
            (0..n)
                .map(|c| match pivots.iter().position(|&p| p == c) {
                    Some(r) => (k.sub_mul)(&k.zero, &a[r][f], &k.one),
                    None if c == f => k.one.clone(),
                    None => k.zero.clone(),
                })
                .collect()
        })
        .collect();
    (pivots.len(), basis)
}

/// `quadratic_form.compute.operation`.
pub struct FormOperations;

/// The full symmetric matrix P = 2G of the polar form from upper-triangular coefficients.
fn polar_matrix(c: &[Vec<BigInt>]) -> Vec<Vec<BigInt>> {
    let n = c.len();
    let mut p = vec![vec![BigInt::zero(); n]; n];
    for (i, row) in c.iter().enumerate() {
        for (k, v) in row.iter().enumerate() {
            let j = i + k;
            if i == j {
                p[i][i] = v * 2;
            } else {
                p[i][j] = v.clone();
                p[j][i] = v.clone();
            }
        }
    }
    p
}

/// Upper-triangular coefficients from a polar matrix P = 2G.
fn from_polar(p: &[Vec<BigInt>]) -> Vec<Vec<BigInt>> {
    (0..p.len()).map(|i| (i..p.len()).map(|j| if i == j { &p[i][i] / 2 } else { p[i][j].clone() }).collect()).collect()
}

fn quad(p: &[Vec<BigInt>], v: &[BigInt]) -> BigInt {
    let two_q: BigInt =
        (0..v.len()).flat_map(|i| (0..v.len()).map(move |j| (i, j))).map(|(i, j)| &v[i] * &p[i][j] * &v[j]).sum();
    two_q / 2
}

fn bigs(rows: &[Vec<DecimalInteger>]) -> Vec<Vec<BigInt>> {
    rows.iter().map(|r| r.iter().map(big).collect()).collect()
}

fn decimals(rows: &[Vec<BigInt>]) -> Vec<Vec<DecimalInteger>> {
    rows.iter().map(|r| r.iter().map(decimal).collect()).collect()
}

fn triangular(c: &[Vec<DecimalInteger>], at: &str) -> Result<(), Diagnostic> {
    let n = c.len();
    if n == 0 || n > MAX_DIMENSION {
        return Err(Diagnostic::at(at, "OUT_OF_RANGE", "1 to 24 variables"));
    }
    match c.iter().enumerate().find(|(i, row)| row.len() != n - i) {
        Some((i, _)) => {
            Err(Diagnostic::at(format!("{at}/{i}"), "SHAPE", format!("row {i} holds {} coefficients", n - i)))
        }
        None => Ok(()),
    }
}

fn determinant(m: &[Vec<BigInt>]) -> BigInt {
    // Bareiss fraction-free elimination.
    let n = m.len();
    let mut a = m.to_vec();
    let (mut sign, mut prev) = (BigInt::from(1), BigInt::from(1));
    for k in 0..n {
        if a[k][k].is_zero() {
            match (k + 1..n).find(|&r| !a[r][k].is_zero()) {
                Some(r) => {
                    a.swap(k, r);
                    sign = -sign;
                }
                None => return BigInt::zero(),
            }
        }
        for i in k + 1..n {
            for j in k + 1..n {
                a[i][j] = (&a[i][j] * &a[k][k] - &a[i][k] * &a[k][j]) / &prev;
            }
        }
        prev = a[k][k].clone();
    }
    sign * &a[n - 1][n - 1]
}

impl Query for FormOperations {
    type Input = OperationInput;
    type Output = OperationOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "quadratic_form.compute.operation",
            "Operations on quadratic forms",
            "Evaluate and transform quadratic forms: values and polar pairings (also mod m), Gram matrices, direct sums, substitutions, value profiles mod m, fibers, Gauss sums, rank and radical.",
            "On Q = Σ_{i≤j} c_ij x_i x_j with integer coefficients (n ≤ 24), exactly: values Q(v), polar pairings \
             B(u, v) = Q(u+v) − Q(u) − Q(v) (modulo m, e.g. characteristic 2), the Gram matrix G (Q = vᵀGv) and 2G, \
             Q ⊕ R, k·Q, Q(A·y) with det A, restriction to chosen coordinates, coefficients modulo m; by \
             enumeration of up to 10^6 points, how often each value occurs modulo m (the parity profile for m = 2) \
             or on a box [−b, b]^n, the fiber of a residue, and the Gauss sum Σ e(Q(x)/m) in Z[ζ_m]; the rank and \
             a radical basis of the polar form over Q or F_p.",
            &[
                "quadratic-form",
                "evaluate",
                "bilinear-form",
                "polar",
                "gram-matrix",
                "direct-sum",
                "change-of-variables",
                "unimodular",
                "restrict",
                "value-distribution",
                "gauss-sum",
                "radical",
                "rank",
            ],
        )
    }
    fn provider(&self) -> jacobian_runtime::contract::Provider {
        cas::native(include_str!("quadratic_form.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "x² + xy + y² at (1, 2) and (3, −1)",
            Mode::Explore,
            json!({"coefficients": [[1, 1], [1]], "operation": {"evaluate": {"vectors": [[1, 2], [3, -1]]}}}),
        )]
    }
    fn validate(&self, i: &OperationInput) -> Result<(), Diagnostic> {
        triangular(&i.coefficients, "/coefficients")?;
        let n = i.coefficients.len();
        let modulus = |m: &Option<DecimalInteger>, at: &str| match m {
            Some(m) if big(m) < BigInt::from(2) => Err(Diagnostic::at(at, "BAD_MODULUS", "a modulus is at least 2")),
            _ => Ok(()),
        };
        let length = |v: &[DecimalInteger], at: String| {
            if v.len() == n { Ok(()) } else { Err(Diagnostic::at(at, "LENGTH", format!("a vector has {n} entries"))) }
        };
        match &i.operation {
            FormOperation::Evaluate { vectors, modulus: m } => {
                modulus(m, "/operation/evaluate/modulus")?;
                if vectors.len() > 10_000 {
                    return Err(Diagnostic::at("/operation/evaluate/vectors", "TOO_MANY", "at most 10,000 vectors"));
                }
                vectors.iter().enumerate().try_for_each(|(k, v)| length(v, format!("/operation/evaluate/vectors/{k}")))
            }
            FormOperation::Polar { pairs, modulus: m } => {
                modulus(m, "/operation/polar/modulus")?;
                if pairs.len() > 10_000 {
                    return Err(Diagnostic::at("/operation/polar/pairs", "TOO_MANY", "at most 10,000 pairs"));
                }
                pairs.iter().enumerate().try_for_each(|(k, [u, v])| {
                    length(u, format!("/operation/polar/pairs/{k}/0"))?;
                    length(v, format!("/operation/polar/pairs/{k}/1"))
                })
            }
            FormOperation::DirectSum { other } => triangular(other, "/operation/direct_sum/other"),
            FormOperation::ChangeVariables { matrix } => {
                if matrix.len() != n {
                    return Err(Diagnostic::at(
                        "/operation/change_variables/matrix",
                        "SHAPE",
                        format!("A has {n} rows"),
                    ));
                }
                let k = matrix[0].len();
                match matrix.iter().position(|r| r.len() != k || k == 0 || k > MAX_DIMENSION) {
                    Some(r) => Err(Diagnostic::at(
                        format!("/operation/change_variables/matrix/{r}"),
                        "SHAPE",
                        "rows of one length, 1 to 24",
                    )),
                    None => Ok(()),
                }
            }
            FormOperation::Restrict { keep } => {
                if keep.is_empty() || keep.windows(2).any(|w| w[0] >= w[1]) || keep.iter().any(|&k| k >= n) {
                    return Err(Diagnostic::at(
                        "/operation/restrict/keep",
                        "BAD_INDICES",
                        "increasing indices below n, at least one",
                    ));
                }
                Ok(())
            }
            FormOperation::ReduceModulo { modulus: m } => modulus(&Some(m.clone()), "/operation/reduce_modulo/modulus"),
            FormOperation::ModularValues { modulus, value } => {
                if *modulus < 2 {
                    return Err(Diagnostic::at(
                        "/operation/modular_values/modulus",
                        "BAD_MODULUS",
                        "a modulus is at least 2",
                    ));
                }
                match value {
                    Some(v) if v >= modulus => {
                        Err(Diagnostic::at("/operation/modular_values/value", "OUT_OF_RANGE", "a residue below m"))
                    }
                    _ => Ok(()),
                }
            }
            FormOperation::Radical { prime: Some(p) } if *p >= 1 << 63 || !crate::primecert::is_prime_u64(*p) => {
                Err(Diagnostic::at("/operation/radical/prime", "NOT_PRIME", "a prime below 2^63"))
            }
            FormOperation::Matrices
            | FormOperation::Scale { .. }
            | FormOperation::BoxValues { .. }
            | FormOperation::Radical { .. } => Ok(()),
        }
    }
    fn bounds(&self, i: &OperationInput) -> Result<(), Refusal> {
        let rows = i.coefficients.iter().flatten();
        match rows.clone().position(|v| v.as_str().len() > 200) {
            Some(_) => Err(Refusal::Unsupported(Diagnostic::at(
                "/coefficients",
                "TOO_LARGE",
                "coefficients have at most 200 digits",
            ))),
            None => Ok(()),
        }?;
        let n = i.coefficients.len();
        let too = |at: &str| {
            let message = format!("at most {MAX_POINTS} points are enumerated");
            Err(Refusal::Unsupported(Diagnostic::at(at, "TOO_LARGE", message)))
        };
        match &i.operation {
            FormOperation::ModularValues { modulus, .. } if points(*modulus, n).is_none() => {
                too("/operation/modular_values/modulus")
            }
            FormOperation::BoxValues { bound } if points(bound.saturating_mul(2).saturating_add(1), n).is_none() => {
                too("/operation/box_values/bound")
            }
            _ => Ok(()),
        }
    }
    fn answer(&self, i: &OperationInput, ctx: &AdapterContext) -> Result<Answer<OperationOutput>, AdapterError> {
        let c = bigs(&i.coefficients);
        let p = polar_matrix(&c);
        let n = c.len();
        let mut out = OperationOutput {
            values: None,
            coefficients: None,
            gram: None,
            polar: None,
            determinant: None,
            counts: None,
            gauss_sum: None,
            fiber: None,
            box_values: None,
            rank: None,
            radical: None,
        };
        let reduce = |v: BigInt, m: &Option<DecimalInteger>| match m {
            Some(m) => num_integer::Integer::mod_floor(&v, &big(m)),
            None => v,
        };
        match &i.operation {
            FormOperation::Evaluate { vectors, modulus } => {
                let values = vectors.iter().map(|v| reduce(quad(&p, &v.iter().map(big).collect::<Vec<_>>()), modulus));
                out.values = Some(values.map(|v| decimal(&v)).collect());
            }
            FormOperation::Polar { pairs, modulus } => {
                let values = pairs.iter().map(|[u, v]| {
                    let (u, v): (Vec<BigInt>, Vec<BigInt>) = (u.iter().map(big).collect(), v.iter().map(big).collect());
                    let b: BigInt =
                        (0..n).flat_map(|i| (0..n).map(move |j| (i, j))).map(|(i, j)| &u[i] * &p[i][j] * &v[j]).sum();
                    reduce(b, modulus)
                });
                out.values = Some(values.map(|v| decimal(&v)).collect());
            }
            FormOperation::Matrices => {
                let half = |v: &BigInt| crate::rational::Rational::fraction(v, &BigInt::from(2));
                out.gram = Some(p.iter().map(|r| r.iter().map(half).collect()).collect());
                out.polar = Some(decimals(&p));
            }
            FormOperation::DirectSum { other } => {
                let o = bigs(other);
                let m = o.len();
                let mut rows: Vec<Vec<BigInt>> = c
                    .iter()
                    .map(|r| r.iter().cloned().chain(std::iter::repeat_n(BigInt::zero(), m)).collect())
                    .collect();
                rows.extend(o);
                out.coefficients = Some(decimals(&rows));
            }
            FormOperation::Scale { factor } => {
                let k = big(factor);
                out.coefficients =
                    Some(decimals(&c.iter().map(|r| r.iter().map(|v| v * &k).collect()).collect::<Vec<_>>()));
            }
            FormOperation::ChangeVariables { matrix } => {
                // The polar matrix of Q∘A is Aᵀ·P·A.
                let a = bigs(matrix);
                let k = a[0].len();
                let pa: Vec<Vec<BigInt>> =
                    (0..n).map(|r| (0..k).map(|s| (0..n).map(|t| &p[r][t] * &a[t][s]).sum()).collect()).collect();
                let q: Vec<Vec<BigInt>> =
                    (0..k).map(|r| (0..k).map(|s| (0..n).map(|t| &a[t][r] * &pa[t][s]).sum()).collect()).collect();
                out.coefficients = Some(decimals(&from_polar(&q)));
                out.determinant = (k == n).then(|| decimal(&determinant(&a)));
            }
            FormOperation::Restrict { keep } => {
                let q: Vec<Vec<BigInt>> =
                    keep.iter().map(|&r| keep.iter().map(|&s| p[r][s].clone()).collect()).collect();
                out.coefficients = Some(decimals(&from_polar(&q)));
            }
            FormOperation::ReduceModulo { modulus } => {
                let m = big(modulus);
                let rows: Vec<Vec<BigInt>> =
                    c.iter().map(|r| r.iter().map(|v| num_integer::Integer::mod_floor(v, &m)).collect()).collect();
                out.coefficients = Some(decimals(&rows));
            }
            FormOperation::ModularValues { modulus, value } => {
                let m = *modulus;
                let cm: Vec<Vec<u64>> = c
                    .iter()
                    .map(|r| {
                        r.iter()
                            .map(|v| num_integer::Integer::mod_floor(v, &BigInt::from(m)).try_into().unwrap_or(0))
                            .collect()
                    })
                    .collect();
                let mut counts = vec![0u64; m as usize];
                let mut fiber = value.map(|_| vec![]);
                let mut x = vec![0u64; n];
                for step in 0u64.. {
                    if step.is_multiple_of(1 << 16) {
                        ctx.checkpoint()?;
                    }
                    let q = (0..n)
                        .flat_map(|a| (a..n).map(move |b| (a, b)))
                        .fold(0, |q, (a, b)| (q + cm[a][b - a] * (x[a] * x[b] % m)) % m);
                    counts[q as usize] += 1;
                    if let (Some(f), Some(v)) = (fiber.as_mut(), value)
                        && q == *v
                    {
                        f.push(x.clone());
                    }
                    // The next x, last coordinate fastest; done after the last.
                    match (0..n).rev().find(|&a| x[a] + 1 < m) {
                        Some(a) => {
                            x[a] += 1;
                            x[a + 1..].iter_mut().for_each(|v| *v = 0);
                        }
                        None => break,
                    }
                }
                let angle = |a: usize| std::f64::consts::TAU * a as f64 / m as f64;
                let (re, im) = counts.iter().enumerate().fold((0.0, 0.0), |(re, im), (a, &k)| {
                    (re + k as f64 * angle(a).cos(), im + k as f64 * angle(a).sin())
                });
                out.gauss_sum = Some([re, im]);
                out.counts = Some(counts);
                out.fiber = fiber;
            }
            FormOperation::BoxValues { bound } => {
                let b = *bound as i64;
                let mut values = std::collections::BTreeMap::<BigInt, u64>::new();
                let mut x = vec![-b; n];
                for step in 0u64.. {
                    if step.is_multiple_of(1 << 14) {
                        ctx.checkpoint()?;
                    }
                    let v: BigInt = (0..n)
                        .flat_map(|a| (a..n).map(move |k| (a, k)))
                        .map(|(a, k)| &c[a][k - a] * (x[a] * x[k]))
                        .sum();
                    *values.entry(v).or_default() += 1;
                    match (0..n).rev().find(|&a| x[a] < b) {
                        Some(a) => {
                            x[a] += 1;
                            x[a + 1..].iter_mut().for_each(|v| *v = -b);
                        }
                        None => break,
                    }
                }
                out.box_values =
                    Some(values.into_iter().map(|(v, count)| ValueCount { value: decimal(&v), count }).collect());
            }
            FormOperation::Radical { prime: Some(q) } => {
                let q = *q;
                let mul = |a: &u64, b: &u64| ((*a as u128 * *b as u128) % q as u128) as u64;
                let pow = |mut b: u64, mut e: u64| {
                    let mut r = 1u64;
                    while e > 0 {
                        if e & 1 == 1 {
                            r = mul(&r, &b);
                        }
                        b = mul(&b, &b);
                        e >>= 1;
                    }
                    r
                };
                let field = Field {
                    zero: 0u64,
                    one: 1,
                    is_zero: &|a| *a == 0,
                    inv: &|a| pow(*a, q - 2),
                    sub_mul: &|x, a, b| (*x + q - mul(a, b)) % q,
                    mul: &mul,
                };
                let a: Vec<Vec<u64>> = p
                    .iter()
                    .map(|r| {
                        r.iter()
                            .map(|v| num_integer::Integer::mod_floor(v, &BigInt::from(q)).try_into().unwrap_or(0))
                            .collect()
                    })
                    .collect();
                let (rank, basis) = kernel(a, &field);
                out.rank = Some(rank);
                out.radical =
                    Some(basis.iter().map(|v| v.iter().map(|&e| decimal(&BigInt::from(e))).collect()).collect());
            }
            FormOperation::Radical { prime: None } => {
                let one = BigInt::from(1);
                let field = Field {
                    zero: Q(BigInt::zero(), one.clone()),
                    one: Q(one.clone(), one.clone()),
                    is_zero: &|a: &Q| a.0.is_zero(),
                    inv: &|a: &Q| Q::new(a.1.clone(), a.0.clone()),
                    sub_mul: &|x: &Q, a: &Q, b: &Q| x.sub_mul(a, b),
                    mul: &|a: &Q, b: &Q| Q::new(&a.0 * &b.0, &a.1 * &b.1),
                };
                let a: Vec<Vec<Q>> = p.iter().map(|r| r.iter().map(|v| Q(v.clone(), one.clone())).collect()).collect();
                let (rank, basis) = kernel(a, &field);
                // Each vector scaled to primitive integers.
                let primitive = |v: &[Q]| -> Vec<DecimalInteger> {
                    let l = v.iter().fold(one.clone(), |l, e| num_integer::Integer::lcm(&l, &e.1));
                    let ints: Vec<BigInt> = v.iter().map(|e| &e.0 * (&l / &e.1)).collect();
                    let g = ints.iter().fold(BigInt::zero(), |g, e| num_integer::Integer::gcd(&g, e));
                    ints.iter().map(|e| decimal(&(e / &g))).collect()
                };
                out.rank = Some(rank);
                out.radical = Some(basis.iter().map(|v| primitive(v)).collect());
            }
        }
        Ok(out.into())
    }
}

/// Largest y-range scanned by `quadratic_form.binary.represent`: 4·a·n/|D| ≤ this squared.
pub const REPRESENT_MAX_SCAN: i128 = 10_000_000;

/// Input of `quadratic_form.binary.represent`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RepresentInput {
    /// [a, b, c] for a positive definite a·x² + b·xy + c·y² (b² − 4ac < 0, a > 0), |a|, |b|, |c| ≤ 10^9.
    pub form: Form,
    /// The integer n ≥ 0 to represent (at most 10^15).
    pub n: u64,
}

/// Output of `quadratic_form.binary.represent`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RepresentOutput {
    /// Every (x, y) with a·x² + b·xy + c·y² = n, lexicographically (at most 100,000 listed).
    pub solutions: Vec<[i64; 2]>,
    /// How many there are.
    pub count: u64,
    /// How many have gcd(x, y) = 1 (proper representations).
    pub primitive_count: u64,
}

/// `quadratic_form.binary.represent`.
pub struct Represent;

impl Query for Represent {
    type Input = RepresentInput;
    type Output = RepresentOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "quadratic_form.binary.represent",
            "Representations of n by a binary quadratic form",
            "Every integer solution (x, y) of a·x² + b·xy + c·y² = n for a positive definite binary quadratic form, \
             with the number of proper (primitive) representations.",
            "Native and exact: from 4a·Q = (2ax + by)² + |D|·y², every y with |D|·y² ≤ 4an is tried and x solved \
             exactly by integer square roots (4an/|D| ≤ 10^14); lists all solutions, their number and the primitive \
             ones (gcd(x, y) = 1).",
            &["quadratic-form", "binary", "represent", "representations", "solutions", "sum-of-squares", "diophantine"],
        )
    }
    fn provider(&self) -> jacobian_runtime::contract::Provider {
        cas::native(include_str!("quadratic_form.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("x² + xy + y² = 91", Mode::Explore, json!({"form": [1, 1, 1], "n": 91}))]
    }
    fn validate(&self, i: &RepresentInput) -> Result<(), Diagnostic> {
        let d = check_form(&i.form, "/form")?;
        if !d.is_negative() {
            return Err(Diagnostic::at("/form", "INDEFINITE", "a positive definite form (b² − 4ac < 0)"));
        }
        Ok(())
    }
    fn bounds(&self, i: &RepresentInput) -> Result<(), Refusal> {
        let too = |at: &str, m: &str| Err(Refusal::Unsupported(Diagnostic::at(at, "TOO_LARGE", m)));
        if let Some(k) = i.form.iter().position(|v| big(v).abs() > BigInt::from(1_000_000_000)) {
            return too(&format!("/form/{k}"), "coefficients are at most 10^9 in absolute value");
        }
        if i.n > 1_000_000_000_000_000 {
            return too("/n", "n is at most 10^15");
        }
        let [a, _, _] = i.form.each_ref().map(|v| big(v).to_i128().unwrap_or(0));
        let d = discriminant(&i.form).abs().to_i128().unwrap_or(1).max(1);
        if (4 * a).saturating_mul(i128::from(i.n)) / d > REPRESENT_MAX_SCAN * REPRESENT_MAX_SCAN {
            return too("/n", "4·a·n/|D| is at most 10^14");
        }
        Ok(())
    }
    fn answer(&self, i: &RepresentInput, ctx: &AdapterContext) -> Result<Answer<RepresentOutput>, AdapterError> {
        use num_integer::Roots as _;
        let [a, b, c] = i.form.each_ref().map(|v| big(v).to_i128().unwrap_or(0));
        let n = i128::from(i.n);
        let d = b * b - 4 * a * c;
        let top = ((4 * a * n) / -d).sqrt();
        let mut solutions = vec![];
        for y in -top..=top {
            if y.rem_euclid(1 << 16) == 0 {
                ctx.checkpoint()?;
            }
            // a·x² + (b·y)·x + (c·y² − n) = 0: x = (−b·y ± √Δ) / 2a with Δ = 4an + D·y².
            let delta = 4 * a * n + d * y * y;
            if delta < 0 {
                continue;
            }
            let r = delta.sqrt();
            if r * r != delta {
                continue;
            }
            for s in if r == 0 { vec![r] } else { vec![-r, r] } {
                let num = -b * y + s;
                if num.rem_euclid(2 * a) == 0 {
                    solutions.push([(num / (2 * a)) as i64, y as i64]);
                }
            }
        }
        solutions.sort_unstable();
        let count = solutions.len() as u64;
        let primitive_count = solutions.iter().filter(|[x, y]| num_integer::Integer::gcd(x, y) == 1).count() as u64;
        solutions.truncate(100_000);
        Ok(RepresentOutput { solutions, count, primitive_count }.into())
    }
}
