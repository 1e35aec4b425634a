//! Character tables of small permutation groups, identification in the small-groups library,
//! and standard families of permutation groups, on GAP.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::Program;
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::permutation::{Generated, Permutation};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::permutation::describe_perm;
use super::{EVIDENCE, GAP, Lines, program, read, with_claim};
use crate::cas::{self, Answer, Gp, Query};

/// Largest degree of a group whose character table is computed.
pub const MAX_TABLE_DEGREE: usize = 50;
/// Most conjugacy classes of a character table.
pub const MAX_CLASSES: usize = 200;

/// Input of `group.compute.character_table` and `group.identify.small_group`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupInput {
    /// Generators (at most 64): image lists or cycles "(1,2,3)(4,5)".
    pub generators: Vec<Permutation>,
    /// The degree (default: the largest point moved).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub degree: Option<usize>,
}

/// A character value: an element of Q(ζ_N) as Σ_k c_k ζ_N^k, ζ_N = E(N) = exp(2πi/N).
#[derive(Debug, Serialize, JsonSchema)]
pub struct CharacterValue {
    /// The value written with E(N) = exp(2πi/N), e.g. `-1`, `E(3)+2*E(3)^2`.
    pub text: String,
    /// N, the conductor (1 for a rational value).
    pub conductor: u64,
    /// c_0, …, c_{N−1}.
    pub coefficients: Vec<String>,
}

/// Output of `group.compute.character_table`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CharacterTableOutput {
    /// |G|.
    pub order: String,
    /// Class representatives (image lists), the columns' order.
    pub representatives: Vec<Vec<u32>>,
    /// Class representatives in cycle notation.
    pub cycles: Vec<String>,
    /// Class sizes.
    pub class_sizes: Vec<String>,
    /// Orders of the representatives.
    pub element_orders: Vec<String>,
    /// Irreducible characters, one row each, values on the classes in order.
    pub characters: Vec<Vec<CharacterValue>>,
    /// Degrees χ(1) of the irreducible characters.
    pub degrees: Vec<String>,
}

/// `group.compute.character_table`.
pub struct CharacterTable;

/// The locals [`TABLE`] binds.
pub(super) const TABLE_LOCALS: &str = ", T, C, irr, r";

/// GAP code that prints |G| and the number of classes r, then, inside an `if r <= 200 then` that
/// the caller closes with `fi;` after its own prints, the class representatives, the class sizes
/// and the irreducibles, each value as [conductor, coefficients]; `T` and `irr` stay bound.
pub(super) const TABLE: &str = "C := ConjugacyClasses(G); r := Length(C); Print(Size(G), \"\\n\", r, \"\\n\"); \
     if r <= 200 then T := CharacterTable(G); C := ConjugacyClasses(T); irr := Irr(T); \
     Print(List(C, c -> ListPerm(Representative(c), n)), \"\\n\", SizesConjugacyClasses(T), \"\\n\", \
     List(irr, x -> List(x, v -> [Conductor(v), CoeffsCyc(v, Conductor(v))])), \"\\n\");";

/// A character table as [`TABLE`] prints it.
pub(super) struct Table {
    pub(super) order: String,
    pub(super) representatives: Vec<Vec<u32>>,
    pub(super) class_sizes: Vec<String>,
    pub(super) characters: Vec<Vec<CharacterValue>>,
}

impl Table {
    /// Reads what [`TABLE`] printed, refusing more than [`MAX_CLASSES`] classes.
    pub(super) fn read(lines: &mut Lines) -> Result<Table, AdapterError> {
        let order = lines.int()?.as_str().to_owned();
        let count = lines.natural()?;
        if count > MAX_CLASSES {
            return Err(AdapterError::Unsupported(format!("{count} conjugacy classes; at most {MAX_CLASSES}")));
        }
        let representatives = lines.perms()?;
        let class_sizes = lines.bigs()?;
        let characters = rows(&lines.value()?)?;
        if representatives.len() != count || characters.len() != count || characters.iter().any(|r| r.len() != count) {
            return Err(AdapterError::Backend("GAP printed a character table that is not square".into()));
        }
        Ok(Table { order, representatives, class_sizes, characters })
    }
}

/// Rows of character values.
pub(super) fn rows(v: &Gp) -> Result<Vec<Vec<CharacterValue>>, AdapterError> {
    v.items()?.iter().map(|row| row.items()?.iter().map(value).collect()).collect()
}

pub(super) fn value(entry: &Gp) -> Result<CharacterValue, AdapterError> {
    let bad = || AdapterError::Backend("GAP printed a character value that does not parse".into());
    let [n, coeffs] = entry.items()? else { return Err(bad()) };
    let conductor = u64::try_from(n.int()?).map_err(|_| bad())?;
    let coefficients: Vec<String> =
        coeffs.items()?.iter().map(|c| c.rational().map(|r| r.to_string())).collect::<Result<_, _>>()?;
    let mut text = String::new();
    for (k, c) in coefficients.iter().enumerate().filter(|(_, c)| *c != "0") {
        let base = match k {
            0 => String::new(),
            1 => format!("E({conductor})"),
            _ => format!("E({conductor})^{k}"),
        };
        let term = match (c.as_str(), base.is_empty()) {
            (c, true) => c.to_owned(),
            ("1", false) => base,
            ("-1", false) => format!("-{base}"),
            (c, false) => format!("{c}*{base}"),
        };
        if !text.is_empty() && !term.starts_with('-') {
            text.push('+');
        }
        text.push_str(&term);
    }
    Ok(CharacterValue { text: if text.is_empty() { "0".into() } else { text }, conductor, coefficients })
}

impl Query for CharacterTable {
    type Input = GroupInput;
    type Output = CharacterTableOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "group.compute.character_table",
            "Character table of a small permutation group",
            "The complex character table of a small permutation group: classes with representatives and sizes, and every irreducible character's values.",
            "Computes the ordinary character table with GAP (Dixon–Schneider) for a group generated by permutations of \
             up to 50 points with at most 200 conjugacy classes: class representatives, sizes and element orders, and the \
             irreducible characters, each value exact in a cyclotomic field (E(N) = exp(2πi/N)) with its coefficients.",
            &[
                "group",
                "character-table",
                "characters",
                "irreducible",
                "representation",
                "conjugacy-classes",
                "dixon-schneider",
            ],
        )
    }
    cas::on_backend!(GAP);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("character table of S_4", Mode::Explore, json!({"generators": ["(1,2)", "(1,2,3,4)"]})),
            (
                "character table of A_4 (values in Q(E(3)))",
                Mode::Explore,
                json!({"generators": ["(1,2,3)", "(2,3,4)"]}),
            ),
        ]
    }
    fn validate(&self, i: &GroupInput) -> Result<(), Diagnostic> {
        read(&i.generators, i.degree).map(|_| ())
    }
    fn bounds(&self, i: &GroupInput) -> Result<(), Refusal> {
        let g = read(&i.generators, i.degree).map_err(Refusal::Unsupported)?;
        super::degree_bound(&g, MAX_TABLE_DEGREE)
    }
    fn answer(&self, i: &GroupInput, ctx: &AdapterContext) -> Result<Answer<CharacterTableOutput>, AdapterError> {
        let g = read(&i.generators, i.degree).map_err(|d| AdapterError::Backend(d.message))?;
        let p = program(&g, TABLE_LOCALS).code(TABLE).code(" fi;");
        let reply = ctx.backend(&p)?;
        let mut lines = Lines::of(&reply);
        let Table { order, representatives, class_sizes, characters } = Table::read(&mut lines)?;
        let described: Vec<_> = representatives.iter().map(|r| describe_perm(r)).collect();
        Ok(CharacterTableOutput {
            order,
            cycles: described.iter().map(|d| d.cycles.clone()).collect(),
            element_orders: described.into_iter().map(|d| d.order).collect(),
            representatives,
            class_sizes,
            degrees: characters.iter().map(|r| r[0].text.clone()).collect(),
            characters,
        }
        .into())
    }
}

/// Output of `group.identify.small_group`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct IdentifyOutput {
    /// |G|.
    pub order: String,
    /// [order, number]: G is SmallGroup(order, number) of the small-groups library.
    pub id: [String; 2],
}

/// `group.identify.small_group`.
pub struct Identify;

impl Query for Identify {
    type Input = GroupInput;
    type Output = IdentifyOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "group.identify.small_group",
            "Identify a group in the small-groups library (IdGroup)",
            "The identifier [order, number] of a permutation group in the small-groups library, by GAP's IdGroup.",
            "Identifies the group generated by permutations as SmallGroup(order, number) with GAP's IdGroup (orders up \
             to 2,000 except 1,024, and further ranges of the SmallGrp library). Needs the GAP package SmallGrp \
             (Debian gap-smallgrp); where it is not installed the capability answers UNSUPPORTED and says so.",
            &["group", "small-groups", "idgroup", "identify", "smallgroup", "isomorphism-type", "gap"],
        )
    }
    cas::on_backend!(GAP);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("identify A_4", Mode::Explore, json!({"generators": ["(1,2,3)", "(2,3,4)"]}))]
    }
    fn validate(&self, i: &GroupInput) -> Result<(), Diagnostic> {
        read(&i.generators, i.degree).map(|_| ())
    }
    fn bounds(&self, i: &GroupInput) -> Result<(), Refusal> {
        let g = read(&i.generators, i.degree).map_err(Refusal::Unsupported)?;
        super::degree_bound(&g, 1_000)
    }
    fn answer(&self, i: &GroupInput, ctx: &AdapterContext) -> Result<Answer<IdentifyOutput>, AdapterError> {
        let g = read(&i.generators, i.degree).map_err(|d| AdapterError::Backend(d.message))?;
        let p = program(&g, "").code(
            "Print(Size(G), \"\\n\"); if TestPackageAvailability(\"smallgrp\") = fail then Print(\"unavailable\\n\"); \
             else LoadPackage(\"smallgrp\"); if not ValueGlobal(\"IdGroupsAvailable\")(Size(G)) then \
             Print(\"out of range\\n\"); else Print(IdGroup(G), \"\\n\"); fi; fi;",
        );
        let reply = ctx.backend(&p)?;
        let mut lines = Lines::of(&reply);
        let order = lines.int()?.as_str().to_owned();
        match lines.line()? {
            "unavailable" => Err(AdapterError::Unsupported(
                "the GAP package SmallGrp is not installed on this machine (Debian package gap-smallgrp): \
                 IdGroup is unavailable"
                    .into(),
            )),
            "out of range" => Err(AdapterError::Unsupported(format!(
                "the small-groups library does not identify groups of order {order}"
            ))),
            text => {
                let id = super::naturals(&super::parse(text)?)?;
                let [o, k] = id.as_slice() else {
                    return Err(AdapterError::Backend("GAP printed an identifier that is not a pair".into()));
                };
                Ok(IdentifyOutput { order, id: [o.to_string(), k.to_string()] }.into())
            }
        }
    }
}

/// A standard family of permutation groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Family {
    /// S_n on n points.
    Symmetric,
    /// A_n on n points.
    Alternating,
    /// C_n on n points.
    Cyclic,
    /// The symmetries of the regular n-gon, order 2n, on n points.
    Dihedral,
    /// The quaternion group of order n (a power of 2, at least 8), regular.
    Quaternion,
    /// (C_p)^k of order n = p^k, regular.
    ElementaryAbelian,
    /// The Mathieu group M_n, n ∈ {9, 10, 11, 12, 21, 22, 23, 24}.
    Mathieu,
    /// PSL(d, q) on the projective points (`n` = d, `q` a prime power).
    Psl,
    /// PGL(d, q) on the projective points.
    Pgl,
}

/// Input of `group.construct.named`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NamedInput {
    /// The family.
    pub family: Family,
    /// Its parameter: degree, order, Mathieu index or matrix dimension (at most 1,000).
    pub n: u32,
    /// The field size q of PSL and PGL (a prime power, q^n ≤ 100,000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub q: Option<u32>,
}

/// Output of `group.construct.named`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct NamedOutput {
    /// The degree (points 1..=degree).
    pub degree: usize,
    /// Generators (image lists).
    pub generators: Vec<Vec<u32>>,
    /// Generators in cycle notation.
    pub cycles: Vec<String>,
    /// |G|.
    pub order: String,
}

/// `group.construct.named`.
pub struct Named;

fn prime_power(q: u32) -> bool {
    let p = (2..=q).find(|d| q.is_multiple_of(*d)).unwrap_or(q);
    let mut r = q;
    while r.is_multiple_of(p) {
        r /= p;
    }
    q >= 2 && r == 1
}

fn check_named(i: &NamedInput) -> Result<(), Diagnostic> {
    let bad = |m: &str| Err(Diagnostic::at("/n", "OUT_OF_RANGE", m.to_owned()));
    if i.n > 1000 {
        return bad("n is at most 1,000");
    }
    match i.family {
        Family::Symmetric | Family::Alternating | Family::Cyclic if i.n == 0 => bad("n ≥ 1"),
        Family::Dihedral if i.n < 3 => bad("a polygon has n ≥ 3 vertices"),
        Family::Quaternion if i.n < 8 || !i.n.is_power_of_two() => bad("a power of 2, at least 8"),
        Family::ElementaryAbelian if !prime_power(i.n) => bad("a prime power"),
        Family::Mathieu if ![9, 10, 11, 12, 21, 22, 23, 24].contains(&i.n) => bad("9, 10, 11, 12, 21, 22, 23 or 24"),
        Family::Psl | Family::Pgl => {
            let Some(q) = i.q else { return Err(Diagnostic::at("/q", "MISSING", "PSL and PGL need q")) };
            if !(2..=20).contains(&i.n) {
                return bad("the dimension is 2 to 20");
            }
            if !prime_power(q) || (q as u64).pow(i.n) > 100_000 {
                return Err(Diagnostic::at("/q", "OUT_OF_RANGE", "a prime power with q^n ≤ 100,000"));
            }
            Ok(())
        }
        _ if i.q.is_some() => Err(Diagnostic::at("/q", "UNUSED", "only PSL and PGL take q")),
        _ => Ok(()),
    }
}

impl Query for Named {
    type Input = NamedInput;
    type Output = NamedOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "group.construct.named",
                "Generators of a standard permutation group: symmetric, alternating, dihedral, Mathieu, PSL",
                "Permutation generators and order of a standard group: symmetric, alternating, cyclic, dihedral, quaternion, elementary abelian, Mathieu, PSL(d,q), PGL(d,q).",
                "Builds the group with GAP's constructors (SymmetricGroup, AlternatingGroup, CyclicGroup, DihedralGroup, \
                 QuaternionGroup, ElementaryAbelianGroup as permutation groups, MathieuGroup, PSL and PGL acting on \
                 projective points) and returns generators as image lists and cycles with the order, ready for the \
                 other group capabilities. VERIFY (degree up to 4096): the order by the checker's own Schreier–Sims.",
                &[
                    "group",
                    "symmetric",
                    "alternating",
                    "dihedral",
                    "cyclic",
                    "mathieu",
                    "psl",
                    "quaternion",
                    "generators",
                    "construct",
                    "standard",
                ],
            ),
            &[EVIDENCE],
        )
    }
    cas::on_backend!(GAP);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("the Mathieu group M12", Mode::Verify, json!({"family": "mathieu", "n": 12})),
            (
                "PSL(2, 7) on the 8 points of the projective line",
                Mode::Verify,
                json!({"family": "psl", "n": 2, "q": 7}),
            ),
        ]
    }
    fn validate(&self, i: &NamedInput) -> Result<(), Diagnostic> {
        check_named(i)
    }
    fn answer(&self, i: &NamedInput, ctx: &AdapterContext) -> Result<Answer<NamedOutput>, AdapterError> {
        let n = i64::from(i.n);
        let p = Program::new(GAP).code("local G, n; G := ");
        let p = match i.family {
            Family::Symmetric => p.code("SymmetricGroup(").small(n).code(")"),
            Family::Alternating => p.code("AlternatingGroup(").small(n).code(")"),
            Family::Cyclic => p.code("CyclicGroup(IsPermGroup, ").small(n).code(")"),
            Family::Dihedral => p.code("DihedralGroup(IsPermGroup, ").small(2 * n).code(")"),
            Family::Quaternion => p.code("QuaternionGroup(IsPermGroup, ").small(n).code(")"),
            Family::ElementaryAbelian => p.code("ElementaryAbelianGroup(IsPermGroup, ").small(n).code(")"),
            Family::Mathieu => p.code("MathieuGroup(").small(n).code(")"),
            Family::Psl => p.code("PSL(").small(n).code(", ").small(i64::from(i.q.unwrap_or(2))).code(")"),
            Family::Pgl => p.code("PGL(").small(n).code(", ").small(i64::from(i.q.unwrap_or(2))).code(")"),
        };
        let p = p.code(
            "; n := Maximum(LargestMovedPoint(G), 1); Print(n, \"\\n\", List(GeneratorsOfGroup(G), x -> ListPerm(x, n)), \"\\n\", Size(G), \"\\n\");",
        );
        let reply = ctx.backend(&p)?;
        let mut lines = Lines::of(&reply);
        let mut degree = lines.natural()?;
        if matches!(i.family, Family::Symmetric | Family::Alternating | Family::Cyclic) {
            degree = degree.max(i.n as usize);
        }
        let generators: Vec<Vec<u32>> = lines
            .perms()?
            .into_iter()
            .map(|mut g| {
                g.extend(g.len() as u32 + 1..=degree as u32);
                g
            })
            .collect();
        let order = lines.int()?.as_str().to_owned();
        let g = Generated { degree, generators: generators.clone() };
        let statements = vec![json!({"order": order})];
        let out = NamedOutput {
            degree,
            cycles: generators.iter().map(|x| describe_perm(x).cycles).collect(),
            generators,
            order,
        };
        Ok(with_claim(out.into(), &g, statements))
    }
}
