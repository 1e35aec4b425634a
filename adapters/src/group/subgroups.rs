//! Subgroups of a permutation group on GAP: Sylow subgroups, normal subgroups, conjugacy classes
//! of elements and of subgroups, maximal subgroups (`group.permutation.subgroups`), and one given
//! subgroup's index, normality, normalizer, centralizer, normal closure, core and cosets
//! (`group.permutation.subgroup`).

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::permutation::{Generated, Permutation};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{EVIDENCE, GAP, Lines, program, read, with_claim};
use crate::cas::{self, Answer, Query};

/// Largest degree for Sylow subgroups and classes of elements.
pub const MAX_DEGREE: usize = 1_000;
/// Largest degree for normal subgroups, classes of subgroups and maximal subgroups.
pub const MAX_LATTICE_DEGREE: usize = 100;
/// Most classes or subgroups listed.
pub const MAX_LISTED: usize = 10_000;

/// What `group.permutation.subgroups` lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Operation {
    /// A Sylow p-subgroup (`prime` required).
    Sylow,
    /// Every normal subgroup.
    NormalSubgroups,
    /// The conjugacy classes of elements: representative, size, element order, cycle type.
    ConjugacyClasses,
    /// The conjugacy classes of subgroups: representative, class length, order.
    SubgroupClasses,
    /// Representatives of the conjugacy classes of maximal subgroups.
    MaximalSubgroups,
}

/// Input of `group.permutation.subgroups`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SubgroupsInput {
    /// Generators (at most 64): image lists or cycles "(1,2,3)(4,5)".
    pub generators: Vec<Permutation>,
    /// The degree (default: the largest point moved).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub degree: Option<usize>,
    /// What to list.
    pub operation: Operation,
    /// The prime of `sylow`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prime: Option<u32>,
}

/// A subgroup listed.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SubgroupEntry {
    /// Its order.
    pub order: String,
    /// Generators (image lists).
    pub generators: Vec<Vec<u32>>,
    /// The number of conjugates (classes of subgroups).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class_length: Option<String>,
}

/// A conjugacy class of elements.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ClassEntry {
    /// A representative (image list).
    pub representative: Vec<u32>,
    /// The representative in cycle notation.
    pub cycles: String,
    /// The number of elements of the class.
    pub size: String,
    /// The order of its elements.
    pub element_order: String,
    /// The cycle type of its elements.
    pub cycle_type: Vec<usize>,
}

/// Output of `group.permutation.subgroups`.
#[derive(Debug, Default, Serialize, JsonSchema)]
pub struct SubgroupsOutput {
    /// |G|.
    pub order: String,
    /// The number of classes or subgroups.
    pub count: usize,
    /// Subgroups (sylow, normal_subgroups, subgroup_classes, maximal_subgroups).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subgroups: Option<Vec<SubgroupEntry>>,
    /// Classes of elements (conjugacy_classes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub classes: Option<Vec<ClassEntry>>,
}

/// `group.permutation.subgroups`.
pub struct Subgroups;

fn is_prime(p: u32) -> bool {
    p >= 2 && (2..).take_while(|d| d * d <= p).all(|d| !p.is_multiple_of(d))
}

fn subgroup_list(lines: &mut Lines, count: usize, lengths: bool) -> Result<Vec<SubgroupEntry>, AdapterError> {
    (0..count)
        .map(|_| {
            let order = lines.int()?.as_str().to_owned();
            let generators = lines.perms()?;
            let class_length = if lengths { Some(lines.int()?.as_str().to_owned()) } else { None };
            Ok(SubgroupEntry { order, generators, class_length })
        })
        .collect()
}

/// Prints the subgroups in `L`: their count, then each one's order and generators.
const PRINT_SUBGROUPS: &str = "Print(Length(L), \"\\n\"); if Length(L) <= 10000 then for c in L do \
     Print(Size(c), \"\\n\", List(GeneratorsOfGroup(c), x -> ListPerm(x, n)), \"\\n\"); od; fi;";

/// Prints the classes of subgroups in `L`: their count, then each representative's order and
/// generators and the class length.
const PRINT_CLASSES: &str = "Print(Length(L), \"\\n\"); if Length(L) <= 10000 then for c in L do P := Representative(c); \
     Print(Size(P), \"\\n\", List(GeneratorsOfGroup(P), x -> ListPerm(x, n)), \"\\n\", Size(c), \"\\n\"); od; fi;";

impl Query for Subgroups {
    type Input = SubgroupsInput;
    type Output = SubgroupsOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "group.permutation.subgroups",
                "Sylow subgroups, normal subgroups and conjugacy classes of a permutation group",
                "A Sylow p-subgroup, all normal subgroups, conjugacy classes of elements or of subgroups with representatives and sizes, or maximal subgroups.",
                "Lists with GAP, for the group generated by permutations: a Sylow p-subgroup (degree up to 1,000), the \
                 conjugacy classes of elements with representatives, sizes, element orders and cycle types (degree up to \
                 1,000; groups of order up to 100,000 natively, each class led by its least element), and for degree up to 100 every normal subgroup, the conjugacy classes of subgroups with class \
                 lengths, and the classes of maximal subgroups; at most 10,000 entries. VERIFY (sylow): the subgroup's \
                 generators sift into G and its order, by the checker's own Schreier–Sims, is the full p-part of |G|.",
                &[
                    "group",
                    "permutation",
                    "sylow",
                    "normal-subgroups",
                    "conjugacy-classes",
                    "subgroup-lattice",
                    "maximal-subgroups",
                    "classes",
                ],
            ),
            &[EVIDENCE],
        )
    }
    cas::on_backend!(GAP);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "a Sylow 2-subgroup of S_6",
                Mode::Verify,
                json!({"generators": ["(1,2)", "(1,2,3,4,5,6)"], "operation": "sylow", "prime": 2}),
            ),
            (
                "conjugacy classes of S_5",
                Mode::Explore,
                json!({"generators": ["(1,2)", "(1,2,3,4,5)"], "operation": "conjugacy_classes"}),
            ),
            (
                "normal subgroups of S_4",
                Mode::Explore,
                json!({"generators": ["(1,2)", "(1,2,3,4)"], "operation": "normal_subgroups"}),
            ),
        ]
    }
    fn validate(&self, i: &SubgroupsInput) -> Result<(), Diagnostic> {
        read(&i.generators, i.degree)?;
        match (i.operation, i.prime) {
            (Operation::Sylow, None) => Err(Diagnostic::at("/prime", "MISSING", "sylow needs a prime")),
            (Operation::Sylow, Some(p)) if !is_prime(p) => {
                Err(Diagnostic::at("/prime", "NOT_PRIME", format!("{p} is not prime")))
            }
            (Operation::Sylow, _) | (_, None) => Ok(()),
            _ => Err(Diagnostic::at("/prime", "UNUSED", "only sylow takes a prime")),
        }
    }
    fn bounds(&self, i: &SubgroupsInput) -> Result<(), Refusal> {
        let g = read(&i.generators, i.degree).map_err(Refusal::Unsupported)?;
        let lattice = matches!(
            i.operation,
            Operation::NormalSubgroups | Operation::SubgroupClasses | Operation::MaximalSubgroups
        );
        super::degree_bound(&g, if lattice { MAX_LATTICE_DEGREE } else { MAX_DEGREE })
    }
    fn answer(&self, i: &SubgroupsInput, ctx: &AdapterContext) -> Result<Answer<SubgroupsOutput>, AdapterError> {
        let g = read(&i.generators, i.degree).map_err(|d| AdapterError::Backend(d.message))?;
        let p = program(&g, ", L, c, P").code("Print(Size(G), \"\\n\");");
        let p = match i.operation {
            // Classes of elements are enumerated natively where the group is small enough.
            Operation::ConjugacyClasses => {
                let (order, classes) = super::classes::of(&g, ctx)?;
                let out = SubgroupsOutput { order, count: classes.len(), classes: Some(classes), ..Default::default() };
                return Ok(with_claim(out.into(), &g, vec![]));
            }
            Operation::Sylow => p.code("P := SylowSubgroup(G, ").small(i64::from(i.prime.unwrap_or(2))).code(
                "); Print(1, \"\\n\", Size(P), \"\\n\", List(GeneratorsOfGroup(P), x -> ListPerm(x, n)), \"\\n\");",
            ),
            Operation::NormalSubgroups => p.code("L := NormalSubgroups(G);").code(PRINT_SUBGROUPS),
            Operation::SubgroupClasses => p.code("L := ConjugacyClassesSubgroups(G);").code(PRINT_CLASSES),
            Operation::MaximalSubgroups => p.code("L := ConjugacyClassesMaximalSubgroups(G);").code(PRINT_CLASSES),
        };
        let reply = ctx.backend(&p)?;
        let mut lines = Lines::of(&reply);
        let order = lines.int()?.as_str().to_owned();
        let count = lines.natural()?;
        if count > MAX_LISTED {
            return Err(AdapterError::Unsupported(format!(
                "{count} entries; this capability lists at most {MAX_LISTED}"
            )));
        }
        let mut out = SubgroupsOutput { order: order.clone(), count, ..Default::default() };
        let mut statements = vec![];
        let op = i.operation;
        let list =
            subgroup_list(&mut lines, count, matches!(op, Operation::SubgroupClasses | Operation::MaximalSubgroups))?;
        if op == Operation::Sylow {
            statements.push(json!({"order": order}));
            statements.push(json!({"sylow": {"prime": i.prime, "generators": list[0].generators}}));
        }
        out.subgroups = Some(list);
        Ok(with_claim(out.into(), &g, statements))
    }
}

/// A question about a subgroup H of G.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SubgroupProperty {
    /// |H| and [G : H].
    Index,
    /// Whether H is normal in G.
    Normal,
    /// N_G(H).
    Normalizer,
    /// C_G(H).
    Centralizer,
    /// The normal closure of H in G.
    NormalClosure,
    /// The core of H in G (the largest normal subgroup of G inside H).
    Core,
    /// A right transversal of H in G (index at most 10,000).
    RightTransversal,
}

/// Input of `group.permutation.subgroup`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SubgroupInput {
    /// Generators of G (at most 64): image lists or cycles.
    pub generators: Vec<Permutation>,
    /// Generators of H (each must lie in G).
    pub subgroup: Vec<Permutation>,
    /// The degree (default: the largest point moved).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub degree: Option<usize>,
    /// The questions (default: index and normal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub properties: Option<Vec<SubgroupProperty>>,
}

/// Output of `group.permutation.subgroup`.
#[derive(Debug, Default, Serialize, JsonSchema)]
pub struct SubgroupOutput {
    /// Whether every generator of H lies in G (when not, nothing else is computed).
    pub is_subgroup: bool,
    /// |G|.
    pub group_order: String,
    /// |H|.
    pub order: String,
    /// [G : H].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<String>,
    /// H ⊴ G.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub normal: Option<bool>,
    /// N_G(H).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub normalizer: Option<SubgroupEntry>,
    /// C_G(H).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub centralizer: Option<SubgroupEntry>,
    /// The normal closure.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub normal_closure: Option<SubgroupEntry>,
    /// The core.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub core: Option<SubgroupEntry>,
    /// Right coset representatives.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right_transversal: Option<Vec<Vec<u32>>>,
}

/// `group.permutation.subgroup`.
pub struct Subgroup;

fn both(i: &SubgroupInput) -> Result<(Generated, Generated), Diagnostic> {
    let g = read(&i.generators, i.degree)?;
    let h = read(&i.subgroup, Some(g.degree)).map_err(|d| super::permutation::rename(d, "/generators", "/subgroup"))?;
    Ok((g, h))
}

impl Query for Subgroup {
    type Input = SubgroupInput;
    type Output = SubgroupOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "group.permutation.subgroup",
                "Index, normality, normalizer and centralizer of a subgroup of a permutation group",
                "For a subgroup H of a permutation group G: whether H ≤ G, its index, normality, normalizer, centralizer, normal closure, core and a right transversal.",
                "Computes with GAP, for H and G given by generators on up to 1,000 points: membership of H's generators in \
                 G, |H| and [G : H], whether H is normal, N_G(H), C_G(H), the normal closure and core of H (order and \
                 generators), and right coset representatives (index up to 10,000). VERIFY (index and normal): H's \
                 generators sift into G, both orders by the checker's own Schreier–Sims, normality by conjugating \
                 generators.",
                &[
                    "group",
                    "permutation",
                    "subgroup",
                    "index",
                    "normal",
                    "normalizer",
                    "centralizer",
                    "normal-closure",
                    "core",
                    "cosets",
                    "transversal",
                ],
            ),
            &[EVIDENCE],
        )
    }
    cas::on_backend!(GAP);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "A_4 in S_4: index and normality",
                Mode::Verify,
                json!({"generators": ["(1,2)", "(1,2,3,4)"], "subgroup": ["(1,2,3)", "(2,3,4)"]}),
            ),
            (
                "normalizer and centralizer of a 3-cycle in S_5",
                Mode::Explore,
                json!({"generators": ["(1,2)", "(1,2,3,4,5)"], "subgroup": ["(1,2,3)"], "properties": ["normalizer", "centralizer", "core"]}),
            ),
        ]
    }
    fn validate(&self, i: &SubgroupInput) -> Result<(), Diagnostic> {
        both(i).map(|_| ())
    }
    fn bounds(&self, i: &SubgroupInput) -> Result<(), Refusal> {
        let (g, _) = both(i).map_err(Refusal::Unsupported)?;
        super::degree_bound(&g, MAX_DEGREE)
    }
    fn answer(&self, i: &SubgroupInput, ctx: &AdapterContext) -> Result<Answer<SubgroupOutput>, AdapterError> {
        let (g, h) = both(i).map_err(|d| AdapterError::Backend(d.message))?;
        let mut ps = i.properties.clone().unwrap_or(vec![SubgroupProperty::Index, SubgroupProperty::Normal]);
        ps.sort();
        ps.dedup();
        let mut p = super::group(program(&g, ", H, S, T").code("H := "), &h).code(
            "; Print(ForAll(GeneratorsOfGroup(H), x -> x in G), \"\\n\", Size(G), \"\\n\", Size(H), \"\\n\"); \
             if not IsSubgroup(G, H) then return; fi;",
        );
        let sub = "Print(Size(S), \"\\n\", List(GeneratorsOfGroup(S), x -> ListPerm(x, n)), \"\\n\");";
        for prop in &ps {
            p = match prop {
                SubgroupProperty::Index => p.code("Print(Index(G, H), \"\\n\");"),
                SubgroupProperty::Normal => p.code("Print(IsNormal(G, H), \"\\n\");"),
                SubgroupProperty::Normalizer => p.code("S := Normalizer(G, H);").code(sub),
                SubgroupProperty::Centralizer => p.code("S := Centralizer(G, H);").code(sub),
                SubgroupProperty::NormalClosure => p.code("S := NormalClosure(G, H);").code(sub),
                SubgroupProperty::Core => p.code("S := Core(G, H);").code(sub),
                SubgroupProperty::RightTransversal => p.code(
                    "if Index(G, H) > 10000 then Print(\"fail\\n\"); else T := RightTransversal(G, H); \
                     Print(List(T, x -> ListPerm(x, n)), \"\\n\"); fi;",
                ),
            };
        }
        let reply = ctx.backend(&p)?;
        let mut lines = Lines::of(&reply);
        let is_subgroup = lines.boolean()?;
        let group_order = lines.int()?.as_str().to_owned();
        let order = lines.int()?.as_str().to_owned();
        let mut out = SubgroupOutput {
            is_subgroup,
            group_order: group_order.clone(),
            order: order.clone(),
            ..Default::default()
        };
        if !is_subgroup {
            return Ok(out.into());
        }
        let mut normal = None;
        let entry = |lines: &mut Lines| -> Result<SubgroupEntry, AdapterError> {
            Ok(SubgroupEntry {
                order: lines.int()?.as_str().to_owned(),
                generators: lines.perms()?,
                class_length: None,
            })
        };
        for prop in &ps {
            match prop {
                SubgroupProperty::Index => out.index = Some(lines.int()?.as_str().to_owned()),
                SubgroupProperty::Normal => {
                    normal = Some(lines.boolean()?);
                    out.normal = normal;
                }
                SubgroupProperty::Normalizer => out.normalizer = Some(entry(&mut lines)?),
                SubgroupProperty::Centralizer => out.centralizer = Some(entry(&mut lines)?),
                SubgroupProperty::NormalClosure => out.normal_closure = Some(entry(&mut lines)?),
                SubgroupProperty::Core => out.core = Some(entry(&mut lines)?),
                SubgroupProperty::RightTransversal => {
                    out.right_transversal = match lines.line()? {
                        "fail" => None,
                        text => Some(
                            super::naturals_nested(text)?
                                .into_iter()
                                .map(|v| v.into_iter().map(|x| x as u32).collect())
                                .collect(),
                        ),
                    }
                }
            }
        }
        let replayed = ps.iter().all(|p| matches!(p, SubgroupProperty::Index | SubgroupProperty::Normal));
        let statements = if replayed {
            vec![
                json!({"order": group_order}),
                json!({"subgroup": {"generators": h.generators, "order": order, "normal": normal}}),
            ]
        } else {
            vec![]
        };
        Ok(with_claim(out.into(), &g, statements))
    }
}
