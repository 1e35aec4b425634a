//! `group.small_groups.search`: the groups of one order in the small-groups library (GAP's
//! SmallGrp), filtered by structural properties, each with its identifier, a structure name and
//! invariants, and optionally a permutation representation to pass to the other group
//! capabilities.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{GAP, Lines};
use crate::cas::{self, Answer, Query};
use jacobian_runtime::backend::Program;

/// Largest order searched.
pub const MAX_ORDER: u32 = 2_000;
/// Most groups of one order examined.
pub const MAX_EXAMINED: u64 = 20_000;
/// Most groups listed.
pub const MAX_LIMIT: usize = 1_000;
/// Most groups listed with permutation generators.
pub const MAX_WITH_GENERATORS: usize = 100;

/// Properties a search may require (true) or exclude (false).
#[derive(Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Filters {
    /// Abelian.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abelian: Option<bool>,
    /// Cyclic.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cyclic: Option<bool>,
    /// Nilpotent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nilpotent: Option<bool>,
    /// Supersolvable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supersolvable: Option<bool>,
    /// Solvable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solvable: Option<bool>,
    /// Simple.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub simple: Option<bool>,
    /// Perfect (G = G′).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub perfect: Option<bool>,
    /// The exponent equals this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exponent: Option<u32>,
    /// |Z(G)| equals this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub center_order: Option<u32>,
}

/// Input of `group.small_groups.search`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SmallGroupsInput {
    /// The order n (1 to 2,000; orders with more than 20,000 groups are refused).
    pub order: u32,
    /// Required properties (default: none, every group of order n).
    #[serde(default)]
    pub filters: Filters,
    /// Most groups listed (default 100, at most 1,000); `matching` counts them all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<usize>,
    /// Also give each listed group as permutations (at most 100 listed).
    #[serde(default)]
    pub permutation_generators: bool,
}

/// One group found.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SmallGroupEntry {
    /// [order, number]: SmallGroup(order, number).
    pub id: [u64; 2],
    /// GAP's StructureDescription (a name up to isomorphism, e.g. "C3 : C4").
    pub structure: String,
    /// Abelian invariants of G/G′.
    pub abelian_invariants: Vec<u64>,
    /// |Z(G)|.
    pub center_order: u64,
    /// The exponent.
    pub exponent: u64,
    /// The number of conjugacy classes.
    pub class_number: u64,
    /// Abelian, nilpotent, solvable.
    pub abelian: bool,
    /// Nilpotent.
    pub nilpotent: bool,
    /// Solvable.
    pub solvable: bool,
    /// The degree of the permutation representation (with `permutation_generators`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub degree: Option<usize>,
    /// Permutation generators (image lists), with `permutation_generators`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generators: Option<Vec<Vec<u32>>>,
}

/// Output of `group.small_groups.search`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SmallGroupsOutput {
    /// n.
    pub order: u32,
    /// The number of groups of order n up to isomorphism.
    pub number_of_groups: u64,
    /// How many satisfy the filters.
    pub matching: u64,
    /// The first `limit` of them, by library number.
    pub groups: Vec<SmallGroupEntry>,
}

/// `group.small_groups.search`.
pub struct SmallGroups;

/// Refuses a zero exponent or centre order.
fn check_filters(f: &Filters) -> Result<(), Diagnostic> {
    if f.exponent == Some(0) {
        return Err(Diagnostic::at("/filters/exponent", "OUT_OF_RANGE", "the exponent is at least 1"));
    }
    if f.center_order == Some(0) {
        return Err(Diagnostic::at("/filters/center_order", "OUT_OF_RANGE", "the centre has at least 1 element"));
    }
    Ok(())
}

/// `p` followed by the GAP test of the filters on `G`, built from our own property names.
fn test(p: Program, f: &Filters) -> Program {
    let flags = [
        ("IsAbelian", f.abelian),
        ("IsCyclic", f.cyclic),
        ("IsNilpotentGroup", f.nilpotent),
        ("IsSupersolvableGroup", f.supersolvable),
        ("IsSolvableGroup", f.solvable),
        ("IsSimpleGroup", f.simple),
        ("IsPerfectGroup", f.perfect),
    ];
    let mut p = p.code("true");
    for (name, want) in flags {
        if let Some(b) = want {
            p = p.code(" and ").code(name).code(if b { "(G) = true" } else { "(G) = false" });
        }
    }
    if let Some(e) = f.exponent {
        p = p.code(" and Exponent(G) = ").small(i64::from(e));
    }
    if let Some(z) = f.center_order {
        p = p.code(" and Size(Centre(G)) = ").small(i64::from(z));
    }
    p
}

impl Query for SmallGroups {
    type Input = SmallGroupsInput;
    type Output = SmallGroupsOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "group.small_groups.search",
            "All groups of a given order, up to isomorphism, from the small-groups library",
            "Lists the groups of order n up to isomorphism (abelian, nilpotent, solvable, simple, by exponent or centre) with names and invariants, as permutation groups on request.",
            "Searches GAP's small-groups library (SmallGrp, Debian gap-smallgrp; orders up to 2,000 with at most 20,000 \
             groups): the number of groups of order n, how many satisfy the filters (abelian, cyclic, nilpotent, \
             supersolvable, solvable, simple, perfect, exponent, centre order), and the first `limit` with their \
             identifiers, structure names, abelian invariants, centre orders, exponents and class numbers; with \
             `permutation_generators` each as a permutation group of small degree.",
            &[
                "group",
                "small-groups",
                "smallgroup",
                "classification",
                "groups-of-order",
                "isomorphism-classes",
                "nonabelian",
                "enumerate",
                "library",
            ],
        )
    }
    cas::on_backend!(GAP);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("the five groups of order 8", Mode::Explore, json!({"order": 8})),
            (
                "non-abelian groups of order 24 with trivial centre, as permutation groups",
                Mode::Explore,
                json!({"order": 24, "filters": {"abelian": false, "center_order": 1}, "permutation_generators": true}),
            ),
        ]
    }
    fn validate(&self, i: &SmallGroupsInput) -> Result<(), Diagnostic> {
        if i.order == 0 {
            return Err(Diagnostic::at("/order", "OUT_OF_RANGE", "the order is at least 1"));
        }
        check_filters(&i.filters)?;
        if i.limit == Some(0) || i.limit.is_some_and(|l| l > MAX_LIMIT) {
            return Err(Diagnostic::at("/limit", "OUT_OF_RANGE", format!("from 1 to {MAX_LIMIT}")));
        }
        if i.permutation_generators && i.limit.unwrap_or(100) > MAX_WITH_GENERATORS {
            let message = format!("with permutation_generators at most {MAX_WITH_GENERATORS} groups are listed");
            return Err(Diagnostic::at("/limit", "OUT_OF_RANGE", message));
        }
        Ok(())
    }
    fn bounds(&self, i: &SmallGroupsInput) -> Result<(), Refusal> {
        if i.order > MAX_ORDER {
            let message = format!("order {}; this capability searches orders up to {MAX_ORDER}", i.order);
            return Err(Refusal::Unsupported(Diagnostic::at("/order", "TOO_LARGE", message)));
        }
        Ok(())
    }
    fn answer(&self, i: &SmallGroupsInput, ctx: &AdapterContext) -> Result<Answer<SmallGroupsOutput>, AdapterError> {
        let limit = i.limit.unwrap_or(100);
        let p = Program::new(GAP)
            .code("local o, N, L, k, G, P, d; o := ")
            .small(i64::from(i.order))
            .code(
                "; if TestPackageAvailability(\"smallgrp\") = fail then Print(\"unavailable\\n\"); else \
                 LoadPackage(\"smallgrp\"); if not ValueGlobal(\"SmallGroupsAvailable\")(o) then \
                 Print(\"out of range\\n\"); else N := NumberSmallGroups(o); Print(N, \"\\n\"); if N <= ",
            )
            .small(MAX_EXAMINED as i64)
            .code(" then L := []; for k in [1 .. N] do G := SmallGroup(o, k); if ");
        let p = test(p, &i.filters)
            .code(" then Add(L, k); fi; od; Print(Length(L), \"\\n\"); for k in L{[1 .. Minimum(Length(L), ")
            .small(limit as i64)
            .code(
                ")]} do G := SmallGroup(o, k); Print(k, \"\\n\", StructureDescription(G), \"\\n\", \
                 AbelianInvariants(G), \"\\n\", [Size(Centre(G)), Exponent(G), NrConjugacyClasses(G)], \"\\n\", \
                 IsAbelian(G), \"\\n\", IsNilpotentGroup(G), \"\\n\", IsSolvableGroup(G), \"\\n\");",
            );
        let p = if i.permutation_generators {
            p.code(
                " P := Image(SmallerDegreePermutationRepresentation(Image(IsomorphismPermGroup(G)))); \
                 d := Maximum(1, LargestMovedPoint(P)); Print(d, \"\\n\", \
                 List(SmallGeneratingSet(P), x -> ListPerm(x, d)), \"\\n\");",
            )
        } else {
            p
        };
        let p = p.code(" od; fi; fi; fi;");
        let reply = ctx.backend(&p)?;
        let mut lines = Lines::of(&reply);
        let number = match lines.line()?.trim() {
            "unavailable" => {
                return Err(AdapterError::Unsupported(
                    "the GAP package SmallGrp is not installed on this machine (Debian package gap-smallgrp)".into(),
                ));
            }
            "out of range" => {
                return Err(AdapterError::Unsupported(format!(
                    "the small-groups library does not hold the groups of order {}",
                    i.order
                )));
            }
            t => t.parse::<u64>().map_err(|_| AdapterError::Backend("GAP printed a bad count".into()))?,
        };
        if number > MAX_EXAMINED {
            return Err(AdapterError::Unsupported(format!(
                "there are {number} groups of order {}; this capability examines at most {MAX_EXAMINED}",
                i.order
            )));
        }
        let matching = lines.natural()? as u64;
        let mut groups = vec![];
        for _ in 0..matching.min(limit as u64) {
            let k = lines.natural()? as u64;
            let structure = lines.line()?.trim().to_owned();
            if structure.is_empty() || structure.len() > 1_000 {
                return Err(AdapterError::Backend("GAP printed an unexpected structure description".into()));
            }
            let abelian_invariants = lines.naturals()?;
            let numbers = lines.naturals()?;
            let flags = [lines.boolean()?, lines.boolean()?, lines.boolean()?];
            let [center_order, exponent, class_number] = numbers.as_slice() else {
                return Err(AdapterError::Backend("GAP printed bad invariants".into()));
            };
            let (degree, generators) =
                if i.permutation_generators { (Some(lines.natural()?), Some(lines.perms()?)) } else { (None, None) };
            groups.push(SmallGroupEntry {
                id: [u64::from(i.order), k],
                structure,
                abelian_invariants,
                center_order: *center_order,
                exponent: *exponent,
                class_number: *class_number,
                abelian: flags[0],
                nilpotent: flags[1],
                solvable: flags[2],
                degree,
                generators,
            });
        }
        Ok(SmallGroupsOutput { order: i.order, number_of_groups: number, matching, groups }.into())
    }
}

/// Largest degree of the transitive-groups search.
pub const MAX_TRANSITIVE_DEGREE: u32 = 31;

/// Input of `group.transitive.search`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TransitiveInput {
    /// The degree n (2 to 31; degrees with more than 20,000 transitive groups are refused).
    pub degree: u32,
    /// Only groups of this order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<jacobian_runtime::objects::integer::DecimalInteger>,
    /// Only primitive (true) or imprimitive (false) groups.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub primitive: Option<bool>,
    /// Other required properties (abelian, cyclic, nilpotent, supersolvable, solvable, simple, perfect, exponent, centre order).
    #[serde(default)]
    pub filters: Filters,
    /// Most groups listed (default 100, at most 1,000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<usize>,
}

/// `group.transitive.search`.
pub struct TransitiveGroups;

impl Query for TransitiveGroups {
    type Input = TransitiveInput;
    type Output = Value;

    fn describe(&self) -> Describe {
        cas::describe(
            "group.transitive.search",
            "Library of transitive groups of degree n: TransitiveGroup(n, k) up to conjugacy",
            "Lists the transitive groups of degree n up to conjugacy in S_n (TransitiveGroup(n, k)), filtered by order, primitivity and structure, with names, orders and generators.",
            "Searches GAP's transitive-groups library (TransGrp, Debian gap-transgrp; degrees 2 to 31 with at most \
             20,000 groups): the number of transitive groups of degree n up to conjugacy in S_n, how many satisfy the \
             filters (order, primitive, abelian, cyclic, nilpotent, supersolvable, solvable, simple, perfect, \
             exponent, centre order), and the first `limit` with their identifiers [n, k], library names, orders, \
             primitivity, solvability and generators on n points — the Galois groups of irreducible polynomials of \
             degree n are among them.",
            &[
                "group",
                "transitive-groups",
                "transitivegroup",
                "galois-group",
                "primitive-groups",
                "library",
                "degree",
                "conjugacy",
            ],
        )
    }
    cas::on_backend!(GAP);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("the 5 transitive groups of degree 5", Mode::Explore, json!({"degree": 5})),
            ("primitive groups of degree 8", Mode::Explore, json!({"degree": 8, "primitive": true})),
        ]
    }
    fn validate(&self, i: &TransitiveInput) -> Result<(), Diagnostic> {
        if i.degree == 0 {
            return Err(Diagnostic::at("/degree", "OUT_OF_RANGE", "the degree is at least 1"));
        }
        if i.order.as_ref().is_some_and(|o| o.as_str() == "0" || o.as_str().starts_with('-')) {
            return Err(Diagnostic::at("/order", "OUT_OF_RANGE", "the order is at least 1"));
        }
        if i.limit == Some(0) || i.limit.is_some_and(|l| l > MAX_LIMIT) {
            return Err(Diagnostic::at("/limit", "OUT_OF_RANGE", format!("from 1 to {MAX_LIMIT}")));
        }
        check_filters(&i.filters)
    }
    fn bounds(&self, i: &TransitiveInput) -> Result<(), Refusal> {
        if i.degree == 1 {
            let message = "the library starts at degree 2; the only group of degree 1 is the trivial group";
            return Err(Refusal::Unsupported(Diagnostic::at("/degree", "OUT_OF_RANGE", message)));
        }
        if i.degree > MAX_TRANSITIVE_DEGREE {
            let message =
                format!("degree {}; this capability searches degrees up to {MAX_TRANSITIVE_DEGREE}", i.degree);
            return Err(Refusal::Unsupported(Diagnostic::at("/degree", "TOO_LARGE", message)));
        }
        Ok(())
    }
    fn answer(&self, i: &TransitiveInput, ctx: &AdapterContext) -> Result<Answer<Value>, AdapterError> {
        let limit = i.limit.unwrap_or(100);
        let p = Program::new(GAP).code("local d, N, L, k, G; d := ").small(i64::from(i.degree)).code(
            "; if not TransitiveGroupsAvailable(d) then Print(\"unavailable\\n\"); else N := NrTransitiveGroups(d); \
             Print(N, \"\\n\"); if N <= ",
        );
        let p =
            p.small(MAX_EXAMINED as i64).code(" then L := []; for k in [1 .. N] do G := TransitiveGroup(d, k); if ");
        let mut p = test(p, &i.filters);
        if let Some(o) = &i.order {
            p = p.code(" and Size(G) = ").int(o);
        }
        if let Some(b) = i.primitive {
            p = p.code(if b { " and IsPrimitive(G, [1 .. d])" } else { " and not IsPrimitive(G, [1 .. d])" });
        }
        let p = p
            .code(" then Add(L, k); fi; od; Print(Length(L), \"\\n\"); for k in L{[1 .. Minimum(Length(L), ")
            .small(limit as i64)
            .code(
                ")]} do G := TransitiveGroup(d, k); Print(k, \"\\n\", Name(G), \"\\n\", Size(G), \"\\n\", \
             IsPrimitive(G, [1 .. d]), \"\\n\", IsSolvableGroup(G), \"\\n\", \
             List(GeneratorsOfGroup(G), x -> ListPerm(x, d)), \"\\n\"); od; fi; fi;",
            );
        let reply = ctx.backend(&p)?;
        let mut lines = Lines::of(&reply);
        let number = match lines.line()?.trim() {
            "unavailable" => {
                return Err(AdapterError::Unsupported(format!(
                    "the transitive-groups library does not hold degree {} here (Debian gap-transgrp)",
                    i.degree
                )));
            }
            t => t.parse::<u64>().map_err(|_| AdapterError::Backend("GAP printed a bad count".into()))?,
        };
        if number > MAX_EXAMINED {
            return Err(AdapterError::Unsupported(format!(
                "there are {number} transitive groups of degree {}; this capability examines at most {MAX_EXAMINED}",
                i.degree
            )));
        }
        let matching = lines.natural()?;
        let mut groups = vec![];
        for _ in 0..matching.min(limit) {
            let k = lines.natural()?;
            let name = lines.line()?.trim().to_owned();
            let order = lines.int()?.as_str().to_owned();
            let (primitive, solvable) = (lines.boolean()?, lines.boolean()?);
            let generators = lines.perms()?;
            groups.push(json!({"id": [i.degree as usize, k], "name": name, "order": order, "primitive": primitive,
                               "solvable": solvable, "generators": generators}));
        }
        Ok(json!({"degree": i.degree, "number_of_groups": number, "matching": matching, "groups": groups}).into())
    }
}
