//! Groups: permutation groups given by generators on GAP, permutation arithmetic natively, group
//! actions, character tables, finitely presented groups and transformation semigroups.
//!
//! Every input is parsed and validated here (the runtime's permutation and presentation
//! objects) and re-printed into GAP programs as `PermList` calls, generator indices and
//! exponents: GAP never sees the caller's text. Answers about one permutation group carry a
//! claim for `jacobian.check.permutation_group` (`checkers/src/group.rs`), which replays it with
//! its own Schreier–Sims algorithm, sifting and orbit closure.

pub mod action;
pub mod character_theory;
pub mod characters;
pub mod classes;
pub mod cosets;
pub mod family;
pub mod fp;
pub mod linear;
pub mod membership;
pub mod morphisms;
pub mod permutation;
pub mod product;
pub mod properties;
pub mod semigroup;
pub mod small;
pub mod statistics;
pub mod subgroups;
pub mod table_semigroup;

use std::sync::Arc;

use jacobian_runtime::SharedAdapter;
use jacobian_runtime::adapter::{AdapterError, Refusal};
use jacobian_runtime::backend::{BackendKind, Program, Reply};
use jacobian_runtime::contract::Diagnostic;
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::objects::permutation::{Generated, Permutation, PermutationGroup};
use jacobian_runtime::typed::Typed;
use serde_json::{Value, json};

use crate::cas::{self, Answer, Ask, Claim, Gp};

pub(crate) const GAP: BackendKind = BackendKind::Gap;
/// Evidence kind of the permutation-group checker.
pub const EVIDENCE: &str = "group.permutation/v1";
const SEMANTICS: &str = "urn:jacobian:semantics:permutation-group-statements-hold:v1";
const FORMAT: &str = "PERMUTATION_GROUP_STATEMENTS_V1";
/// Largest degree the checker replays (larger groups are answered COMPUTED).
pub const CHECK_MAX_DEGREE: usize = 4096;

/// Every capability of the pack.
pub fn adapters() -> Vec<SharedAdapter> {
    vec![
        Arc::new(Typed::new(Ask(properties::PermutationOrder))),
        Arc::new(Typed::new(Ask(permutation::Arithmetic))),
        Arc::new(Typed::new(Ask(permutation::Conjugate))),
        Arc::new(Typed::new(Ask(properties::Properties))),
        Arc::new(Typed::new(Ask(subgroups::Subgroups))),
        Arc::new(Typed::new(Ask(subgroups::Subgroup))),
        Arc::new(Typed::new(Ask(statistics::ElementStatistics))),
        Arc::new(Typed::new(Ask(cosets::StabilizerChain))),
        Arc::new(Typed::new(Ask(cosets::DoubleCosets))),
        Arc::new(Typed::new(Ask(cosets::CosetAction))),
        Arc::new(Typed::new(Ask(membership::Membership))),
        Arc::new(Typed::new(Ask(morphisms::Homomorphism))),
        Arc::new(Typed::new(Ask(morphisms::Isomorphism))),
        Arc::new(Typed::new(Ask(morphisms::Automorphisms))),
        Arc::new(Typed::new(Ask(action::Orbit))),
        Arc::new(Typed::new(Ask(action::Burnside))),
        Arc::new(Typed::new(Ask(characters::CharacterTable))),
        Arc::new(Typed::new(Ask(characters::Identify))),
        Arc::new(Typed::new(Ask(small::SmallGroups))),
        Arc::new(Typed::new(Ask(small::TransitiveGroups))),
        Arc::new(Typed::new(Ask(characters::Named))),
        Arc::new(Typed::new(Ask(product::Product))),
        Arc::new(Typed::new(Ask(fp::FpCompute))),
        Arc::new(Typed::new(Ask(semigroup::Transformations))),
        Arc::new(Typed::new(Ask(table_semigroup::SemigroupOperations))),
        Arc::new(Typed::new(Ask(linear::LinearGroups))),
        Arc::new(Typed::new(Ask(character_theory::CharacterTheory))),
        Arc::new(Typed::new(Ask(family::Family))),
    ]
}

/// Reads generators and a degree into a validated group; paths relative to the input.
pub fn read(generators: &[Permutation], degree: Option<usize>) -> Result<Generated, Diagnostic> {
    PermutationGroup { degree, generators: generators.to_vec() }.read().map_err(|mut d| d.remove(0))
}

/// Refuses a degree above `max` in preflight.
pub fn degree_bound(g: &Generated, max: usize) -> Result<(), Refusal> {
    if g.degree > max {
        let message = format!("degree {}; this capability accepts at most {max}", g.degree);
        return Err(Refusal::Unsupported(Diagnostic::at("/degree", "TOO_LARGE", message)));
    }
    Ok(())
}

/// A permutation as GAP `PermList([…])`.
pub fn perm(p: Program, x: &[u32]) -> Program {
    p.code("PermList([").list(x, ",", |p, v| p.small(i64::from(*v))).code("])")
}

/// The group as GAP `Group([…], ())`.
pub fn group(p: Program, g: &Generated) -> Program {
    p.code("Group([").list(&g.generators, ",", |p, x| perm(p, x)).code("], ())")
}

/// A GAP program that binds `G` (the group) and `n` (its degree) as locals, then `locals`.
pub fn program(g: &Generated, locals: &'static str) -> Program {
    let p = Program::new(GAP).code("local G, n");
    group(p.code(locals).code("; G := "), g).code("; n := ").small(g.degree as i64).code(";")
}

/// The lines GAP printed, read one value at a time.
pub struct Lines<'a> {
    lines: std::slice::Iter<'a, String>,
}

impl<'a> Lines<'a> {
    /// The lines of `reply`.
    pub fn of(reply: &'a Reply) -> Self {
        Lines { lines: reply.lines.iter() }
    }

    /// The next raw line.
    pub fn line(&mut self) -> Result<&'a str, AdapterError> {
        self.lines.next().map(String::as_str).ok_or_else(|| AdapterError::Backend("GAP printed too few lines".into()))
    }

    /// The next printed value (an integer, a fraction or a nested list of them).
    pub fn value(&mut self) -> Result<Gp, AdapterError> {
        parse(self.line()?)
    }

    /// The next integer.
    pub fn int(&mut self) -> Result<DecimalInteger, AdapterError> {
        cas::integer(GAP, self.line()?)
    }

    /// The next small natural number.
    pub fn natural(&mut self) -> Result<usize, AdapterError> {
        self.line()?.trim().parse().map_err(|_| AdapterError::Backend("GAP printed a bad count".into()))
    }

    /// The next `true`/`false`.
    pub fn boolean(&mut self) -> Result<bool, AdapterError> {
        match self.line()?.trim() {
            "true" => Ok(true),
            "false" => Ok(false),
            other => Err(AdapterError::Backend(format!("GAP printed `{other}` where a boolean was expected"))),
        }
    }

    /// The next list of naturals.
    pub fn naturals(&mut self) -> Result<Vec<u64>, AdapterError> {
        naturals(&self.value()?)
    }

    /// The next list of integers, as decimal strings.
    pub fn bigs(&mut self) -> Result<Vec<String>, AdapterError> {
        self.value()?.items()?.iter().map(|x| Ok(x.int()?.to_string())).collect()
    }

    /// The next list of lists of naturals.
    pub fn nested(&mut self) -> Result<Vec<Vec<u64>>, AdapterError> {
        self.value()?.items()?.iter().map(naturals).collect()
    }

    /// The next list of permutations printed as image lists.
    pub fn perms(&mut self) -> Result<Vec<Vec<u32>>, AdapterError> {
        Ok(self.nested()?.into_iter().map(|v| v.into_iter().map(|x| x as u32).collect()).collect())
    }
}

/// Most entries a printed range may expand to.
const MAX_RANGE: i64 = 1_000_000;

/// GAP's ranges `[ a .. b ]` and `[ a, b .. c ]` written out as lists.
fn expand_ranges(text: &str) -> Result<String, AdapterError> {
    let bad = || AdapterError::Backend("GAP printed a range that does not parse".into());
    let mut text = text.to_owned();
    while let Some(dots) = text.find("..") {
        let open = text[..dots].rfind('[').ok_or_else(bad)?;
        let close = dots + text[dots..].find(']').ok_or_else(bad)?;
        let (head, last) = (&text[open + 1..dots], &text[dots + 2..close]);
        let num = |s: &str| s.trim().parse::<i64>().map_err(|_| bad());
        let (first, step) = match head.split_once(',') {
            Some((a, b)) => (num(a)?, num(b)? - num(a)?),
            None => (num(head)?, 1),
        };
        let last = num(last)?;
        if step == 0 || (last - first) / step > MAX_RANGE {
            return Err(bad());
        }
        let items: Vec<String> = (0..=(last - first) / step).map(|k| (first + k * step).to_string()).collect();
        text = format!("{}[{}]{}", &text[..open], items.join(","), &text[close + 1..]);
    }
    Ok(text)
}

/// One printed value, ranges written out.
pub fn parse(text: &str) -> Result<Gp, AdapterError> {
    Gp::parse(&expand_ranges(text)?)
        .map_err(|_| AdapterError::Backend("GAP printed a value that does not parse".into()))
}

/// A printed line holding a list of lists of naturals.
pub fn naturals_nested(text: &str) -> Result<Vec<Vec<u64>>, AdapterError> {
    parse(text)?.items()?.iter().map(naturals).collect()
}

/// A printed list of naturals.
pub fn naturals(v: &Gp) -> Result<Vec<u64>, AdapterError> {
    v.items()?
        .iter()
        .map(|x| u64::try_from(x.int()?).map_err(|_| AdapterError::Backend("GAP printed a negative number".into())))
        .collect()
}

/// The claim of `statements` about the group `g`, for the permutation-group checker.
pub fn claim(g: &Generated, statements: Vec<Value>) -> Claim {
    Claim {
        kind: EVIDENCE,
        semantics: SEMANTICS,
        format: FORMAT,
        claim: json!({"degree": g.degree, "generators": g.generators, "statements": statements}),
        candidate: json!({}),
    }
}

/// Attaches the claim when the checker replays groups of this degree.
pub fn with_claim<T>(answer: Answer<T>, g: &Generated, statements: Vec<Value>) -> Answer<T> {
    if g.degree <= CHECK_MAX_DEGREE && !statements.is_empty() { answer.claim(claim(g, statements)) } else { answer }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_written_out() {
        assert_eq!(expand_ranges("[ [ 1 .. 4 ], [ 5 ] ]").unwrap(), "[ [1,2,3,4], [ 5 ] ]");
        assert_eq!(expand_ranges("[ 1, 3 .. 9 ]").unwrap(), "[1,3,5,7,9]");
        assert!(parse("[ 1 .. 3 ]").unwrap().items().unwrap().len() == 3);
        assert!(expand_ranges("[ 1 .. ]").is_err());
        assert!(expand_ranges("[ 1, 1 .. 9 ]").is_err());
    }
}
