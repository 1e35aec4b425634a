//! `group.compute.character_theory`: computations on the character table of a small permutation
//! group, on GAP: Frobenius–Schur indicators, power maps, class multiplication coefficients, the
//! natural permutation character, tensor products and class functions decomposed into
//! irreducibles, and restriction to and induction from a subgroup (with the class fusion).
//!
//! Classes and irreducibles are numbered from 0 in the order of the table printed with the answer
//! (GAP's order for the given generators), so every index in the answer refers to that table.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::Program;
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::permutation::Permutation;
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::characters::{CharacterValue, MAX_TABLE_DEGREE, TABLE, Table, rows, value};
use super::{GAP, Lines, group, program, read};
use crate::cas::{self, Answer, Gp, Query};

/// Most classes for the full tensor of class multiplication coefficients.
pub const MAX_MULTIPLICATION_CLASSES: usize = 40;

/// Input of `group.compute.character_theory`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CharacterTheoryInput {
    /// Generators of G (at most 64, degree ≤ 50): image lists or cycles "(1,2,3)(4,5)".
    pub generators: Vec<Permutation>,
    /// The degree (default: the largest point moved).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub degree: Option<usize>,
    /// The Frobenius–Schur indicator of every irreducible: 1 real, −1 quaternionic, 0 not real-valued.
    #[serde(default)]
    pub indicators: bool,
    /// Primes p (below 100): the p-th power map, the class of g^p for g in each class.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub power_maps: Vec<u32>,
    /// Every class multiplication coefficient a_ijk = #{(x, y) ∈ C_i × C_j : xy = z} for a fixed z ∈ C_k
    /// (at most 40 classes).
    #[serde(default)]
    pub class_multiplication: bool,
    /// The natural permutation character (fixed points of each class on {1, …, n}) and its decomposition.
    #[serde(default)]
    pub permutation_character: bool,
    /// Pairs [i, j] of irreducibles: the decomposition of χ_i ⊗ χ_j into irreducibles.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tensor_products: Vec<[usize; 2]>,
    /// Class functions with integer values, one per class in the table's order: their scalar products with
    /// every irreducible (their coordinates in the character ring).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub class_functions: Vec<Vec<i64>>,
    /// Generators of a subgroup H of G: the fusion of H's classes into G's, the restriction of every
    /// irreducible of G to H and the induction of every irreducible of H to G, decomposed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subgroup: Option<Vec<Permutation>>,
}

/// A power map.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PowerMap {
    /// The prime p.
    pub prime: u32,
    /// For each class i, the class of g^p, g ∈ C_i.
    pub classes: Vec<usize>,
}

/// The natural permutation character.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PermutationCharacter {
    /// Fixed points of each class's elements.
    pub values: Vec<String>,
    /// Its multiplicity of each irreducible.
    pub decomposition: Vec<String>,
}

/// The subgroup's characters against G's.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SubgroupCharacters {
    /// |H|.
    pub order: String,
    /// H's class representatives (image lists), its columns' order.
    pub representatives: Vec<Vec<u32>>,
    /// For each class of H, the class of G containing it.
    pub fusion: Vec<usize>,
    /// H's irreducible characters, one row each.
    pub characters: Vec<Vec<CharacterValue>>,
    /// Row i: the restriction of G's i-th irreducible, as multiplicities of H's irreducibles.
    pub restriction: Vec<Vec<String>>,
    /// Row j: the induction of H's j-th irreducible to G, as multiplicities of G's irreducibles.
    pub induction: Vec<Vec<String>>,
}

/// Output of `group.compute.character_theory`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CharacterTheoryOutput {
    /// |G|.
    pub order: String,
    /// Class representatives (image lists): the columns' order.
    pub representatives: Vec<Vec<u32>>,
    /// Class sizes.
    pub class_sizes: Vec<String>,
    /// The irreducible characters, one row each: the rows' order.
    pub characters: Vec<Vec<CharacterValue>>,
    /// Frobenius–Schur indicators, one per irreducible.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub indicators: Option<Vec<i64>>,
    /// The power maps asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub power_maps: Option<Vec<PowerMap>>,
    /// a[i][j][k], the class multiplication coefficients.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class_multiplication: Option<Vec<Vec<Vec<String>>>>,
    /// The natural permutation character.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub permutation_character: Option<PermutationCharacter>,
    /// For each pair asked, the multiplicity of every irreducible in χ_i ⊗ χ_j.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tensor_products: Option<Vec<Vec<String>>>,
    /// For each class function asked, its scalar product with every irreducible.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class_functions: Option<Vec<Vec<CharacterValue>>>,
    /// Restriction and induction with the subgroup.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subgroup: Option<SubgroupCharacters>,
}

/// `group.compute.character_theory`.
pub struct CharacterTheory;

fn integers(v: &Gp) -> Result<Vec<String>, AdapterError> {
    v.items()?.iter().map(|x| x.int().map(ToString::to_string)).collect()
}

fn matrix(v: &Gp) -> Result<Vec<Vec<String>>, AdapterError> {
    v.items()?.iter().map(integers).collect()
}

fn indices(v: &Gp) -> Result<Vec<usize>, AdapterError> {
    let bad = || AdapterError::Backend("GAP printed a class index that is not positive".into());
    v.items()?.iter().map(|x| usize::try_from(x.int()?).ok().and_then(|k| k.checked_sub(1)).ok_or_else(bad)).collect()
}

/// A cyclotomic printed as [conductor, coefficients].
const CYC: &str = "v -> [Conductor(v), CoeffsCyc(v, Conductor(v))]";

impl Query for CharacterTheory {
    type Input = CharacterTheoryInput;
    type Output = CharacterTheoryOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "group.compute.character_theory",
            "Character theory of a small permutation group: indicators, power maps, products, restriction, induction",
            "Frobenius–Schur indicators, power maps, class multiplication coefficients, the permutation character, \
             tensor products and class functions decomposed, restriction to and induction from a subgroup.",
            "Computes with GAP on the ordinary character table of a group generated by permutations of at most 50 \
             points (at most 200 classes), returned with the answer so that indices refer to it: Frobenius–Schur \
             indicators; the p-th power maps; every class multiplication coefficient a_ijk (at most 40 classes); the \
             natural permutation character and its decomposition; the decomposition of χ_i ⊗ χ_j and of given \
             integer class functions; for a subgroup H, the class fusion, the restrictions of G's irreducibles to H \
             and the inductions of H's irreducibles to G, as multiplicity matrices.",
            &[
                "group",
                "character-table",
                "characters",
                "frobenius-schur-indicator",
                "power-map",
                "class-multiplication",
                "structure-constants",
                "permutation-character",
                "tensor-product",
                "restriction",
                "induction",
                "frobenius-reciprocity",
                "fusion",
            ],
        )
    }
    cas::on_backend!(GAP);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "indicators and the permutation character of the quaternion group Q_8",
                Mode::Explore,
                json!({"generators": ["(1,2,4,7)(3,6,8,5)", "(1,3,4,8)(2,5,7,6)"], "indicators": true,
                       "permutation_character": true}),
            ),
            (
                "S_4: tensor squares, power maps and induction from A_4",
                Mode::Explore,
                json!({"generators": ["(1,2)", "(1,2,3,4)"], "power_maps": [2, 3], "tensor_products": [[3, 3]],
                       "subgroup": ["(1,2,3)", "(2,3,4)"]}),
            ),
        ]
    }
    fn validate(&self, i: &CharacterTheoryInput) -> Result<(), Diagnostic> {
        let g = read(&i.generators, i.degree)?;
        if let Some(k) =
            i.power_maps.iter().position(|&p| !(2..=100).contains(&p) || (2..p).any(|d| p.is_multiple_of(d)))
        {
            return Err(Diagnostic::at(format!("/power_maps/{k}"), "NOT_PRIME", "power maps are for primes below 100"));
        }
        if i.tensor_products.len() > 100 || i.class_functions.len() > 100 {
            return Err(Diagnostic::at("/tensor_products", "TOO_MANY", "at most 100 products and 100 class functions"));
        }
        if let Some(h) = &i.subgroup {
            read(h, Some(g.degree)).map_err(|mut d| {
                d.path = d.path.map(|p| p.replacen("/generators", "/subgroup", 1));
                d
            })?;
        }
        Ok(())
    }
    fn bounds(&self, i: &CharacterTheoryInput) -> Result<(), Refusal> {
        let g = read(&i.generators, i.degree).map_err(Refusal::Unsupported)?;
        super::degree_bound(&g, MAX_TABLE_DEGREE)
    }
    fn answer(
        &self,
        i: &CharacterTheoryInput,
        ctx: &AdapterContext,
    ) -> Result<Answer<CharacterTheoryOutput>, AdapterError> {
        let g = read(&i.generators, i.degree).map_err(|d| AdapterError::Backend(d.message))?;
        // The table first, then one line per item asked; every index the caller gave is checked in GAP
        // against the table's size, and an out-of-range one is reported instead of computed.
        let mut p = program(&g, ", T, C, irr, r, H, TH, fus").code(TABLE);
        if i.indicators {
            p = p.code("Print(Indicator(T, 2), \"\\n\");");
        }
        for &prime in &i.power_maps {
            p = p.code("Print(PowerMap(T, ").small(i64::from(prime)).code("), \"\\n\");");
        }
        if i.class_multiplication {
            p = p.code(
                "if r <= 40 then Print(List([1..r], a -> List([1..r], b -> List([1..r], \
                 c -> ClassMultiplicationCoefficient(T, a, b, c)))), \"\\n\"); else Print(\"too many\\n\"); fi;",
            );
        }
        if i.permutation_character {
            p = p.code(
                "Print(List(C, c -> n - NrMovedPoints(Representative(c))), \"\\n\", \
                 MatScalarProducts(T, irr, [ClassFunction(T, List(C, c -> n - NrMovedPoints(Representative(c))))])[1], \
                 \"\\n\");",
            );
        }
        for [a, b] in &i.tensor_products {
            p = p
                .code("if ")
                .small(*a.max(b) as i64)
                .code(" < r then Print(MatScalarProducts(T, irr, [irr[")
                .small(*a as i64 + 1)
                .code("] * irr[")
                .small(*b as i64 + 1)
                .code("]])[1], \"\\n\"); else Print(\"out of range\\n\"); fi;");
        }
        for f in &i.class_functions {
            // Scalar products with irreducibles are cyclotomic: printed as [conductor, coefficients].
            p = p.code("if ").small(f.len() as i64).code(" = r then Print(List(irr, x -> (").code(CYC);
            p = p.code(")(ScalarProduct(T, x, ClassFunction(T, [");
            p = p.list(f, ",", |p, v| p.small(*v)).code("])))), \"\\n\"); else Print(\"out of range\\n\"); fi;");
        }
        let p = match &i.subgroup {
            None => p,
            Some(h) => {
                let h = read(h, Some(g.degree)).map_err(|d| AdapterError::Backend(d.message))?;
                let p = group(p.code("H := "), &h).code("; ");
                p.code(
                    "if not IsSubset(G, H) then Print(\"not a subgroup\\n\"); else TH := CharacterTable(H); \
                     fus := FusionConjugacyClasses(TH, T); Print(Size(H), \"\\n\", \
                     List(ConjugacyClasses(TH), c -> ListPerm(Representative(c), n)), \"\\n\", fus, \"\\n\", \
                     List(Irr(TH), x -> List(x, ",
                )
                .code(CYC)
                .code(
                    ")), \"\\n\", MatScalarProducts(TH, Irr(TH), RestrictedClassFunctions(irr, TH)), \"\\n\", \
                     MatScalarProducts(T, irr, InducedClassFunctions(Irr(TH), T)), \"\\n\"); fi;",
                )
            }
        };
        let p: Program = p.code(" fi;");
        let reply = ctx.backend(&p)?;
        let mut lines = Lines::of(&reply);
        let Table { order, representatives, class_sizes, characters } = Table::read(&mut lines)?;
        let count = representatives.len();
        let out_of_range =
            |what: &str| AdapterError::Unsupported(format!("{what} names an irreducible beyond the {count} of G"));
        let mut out = CharacterTheoryOutput {
            order,
            representatives,
            class_sizes,
            characters,
            indicators: None,
            power_maps: None,
            class_multiplication: None,
            permutation_character: None,
            tensor_products: None,
            class_functions: None,
            subgroup: None,
        };
        if i.indicators {
            out.indicators = Some(lines.value()?.ints()?.iter().map(|v| v.as_str().parse().unwrap_or(0)).collect());
        }
        if !i.power_maps.is_empty() {
            let maps = i.power_maps.iter().map(|&prime| Ok(PowerMap { prime, classes: indices(&lines.value()?)? }));
            out.power_maps = Some(maps.collect::<Result<_, AdapterError>>()?);
        }
        if i.class_multiplication {
            let line = lines.line()?;
            if line == "too many" {
                return Err(AdapterError::Unsupported(format!(
                    "{count} classes; class multiplication coefficients are given for at most {MAX_MULTIPLICATION_CLASSES}"
                )));
            }
            let v = super::parse(line)?;
            out.class_multiplication = Some(v.items()?.iter().map(matrix).collect::<Result<_, _>>()?);
        }
        if i.permutation_character {
            let values = integers(&lines.value()?)?;
            let decomposition = integers(&lines.value()?)?;
            out.permutation_character = Some(PermutationCharacter { values, decomposition });
        }
        if !i.tensor_products.is_empty() {
            let mut rows = vec![];
            for _ in &i.tensor_products {
                let line = lines.line()?;
                if line == "out of range" {
                    return Err(out_of_range("a tensor product"));
                }
                rows.push(integers(&super::parse(line)?)?);
            }
            out.tensor_products = Some(rows);
        }
        if !i.class_functions.is_empty() {
            let mut rows = vec![];
            for _ in &i.class_functions {
                let line = lines.line()?;
                if line == "out of range" {
                    return Err(AdapterError::Unsupported(format!(
                        "a class function has one value per class ({count})"
                    )));
                }
                let v = super::parse(line)?;
                rows.push(v.items()?.iter().map(value).collect::<Result<_, _>>()?);
            }
            out.class_functions = Some(rows);
        }
        if i.subgroup.is_some() {
            let first = lines.line()?;
            if first == "not a subgroup" {
                return Err(AdapterError::Unsupported("the subgroup's generators do not lie in G".into()));
            }
            out.subgroup = Some(SubgroupCharacters {
                order: first.trim().to_owned(),
                representatives: lines.perms()?,
                fusion: indices(&lines.value()?)?,
                characters: rows(&lines.value()?)?,
                restriction: matrix(&lines.value()?)?,
                induction: matrix(&lines.value()?)?,
            });
        }
        Ok(out.into())
    }
}
