//! Deterministic lexical ranking of descriptors against a query.
//!
//! Text is split on anything that is not a letter or digit (so `graph.compute.properties`
//! and `induced_tree` split into words), lowercased, stripped of stop words, and folded to a
//! singular stem. A small table of mathematical synonyms lets `counterexample` find
//! `countermodel` at reduced weight. Scores are integers: the same query over the same
//! catalog always ranks the same way.

use std::collections::BTreeSet;

use crate::contract::CapabilityDescriptor;

/// Where a term matched, with its weight. Higher-weight fields say more about the outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Field {
    Id,
    Title,
    Tags,
    Outcome,
    Description,
}

impl Field {
    const ALL: [Field; 5] = [Field::Id, Field::Title, Field::Tags, Field::Outcome, Field::Description];

    fn weight(self) -> u32 {
        match self {
            Field::Id => 5,
            Field::Title | Field::Tags => 4,
            Field::Outcome => 3,
            Field::Description => 1,
        }
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Field::Id => "id",
            Field::Title => "title",
            Field::Tags => "tags",
            Field::Outcome => "outcome",
            Field::Description => "description",
        }
    }

    /// Fields that name what a capability does (as opposed to its long description).
    pub(crate) fn is_primary(self) -> bool {
        self != Field::Description
    }
}

const STOP_WORDS: &[&str] = &[
    "a", "an", "and", "any", "are", "as", "at", "be", "by", "can", "do", "does", "for", "from", "give", "how", "i",
    "in", "into", "is", "it", "its", "me", "my", "of", "on", "or", "some", "that", "the", "this", "to", "use", "want",
    "what", "which", "with", "whether",
];

/// Words that mean the same thing for discovery. Each group folds to its first member.
const SYNONYMS: &[&[&str]] = &[
    &["counterexample", "countermodel", "refute", "disprove", "falsify"],
    &["witness", "certificate", "evidence", "proof"],
    &["verify", "check", "certify", "replay", "validate", "confirm"],
    &["find", "search", "seek", "look"],
    &["enumerate", "list", "generate", "all", "every"],
    &["compute", "calculate", "evaluate", "determine"],
    &["store", "save", "put", "upload", "materialize", "persist"],
    &["property", "invariant", "feature"],
    &["graph", "network"],
    &["vertex", "node"],
    &["edge", "arc", "link"],
    &["color", "colour", "coloring", "colouring", "colorable", "colourable"],
    &["isomorphism", "isomorphic", "nonisomorphic", "canonical"],
    &["gcd", "divisor", "hcf"],
    &["integer", "number", "natural", "bignum"],
    &["magma", "groupoid", "operation", "table"],
    &["identity", "law", "equation", "axiom"],
    &["claim", "conjecture", "statement", "proposition", "theorem"],
    &["maximum", "max", "largest", "biggest", "optimal", "optimum"],
    &["minimum", "min", "smallest", "least"],
    &["sat", "satisfiability", "satisfiable", "unsat", "unsatisfiable", "cnf", "dimacs"],
    &["smt", "smtlib", "z3"],
    &["split", "decompose", "conjunction", "break"],
    &["partition", "case", "cover", "coverage"],
    &["batch", "multiple", "bulk"],
    &["count", "many", "tally", "cardinality"],
    &["atlas", "small", "catalog", "database"],
    &["artifact", "object", "file"],
];

const IRREGULAR: &[(&str, &str)] = &[
    ("vertices", "vertex"),
    ("matrices", "matrix"),
    ("indices", "index"),
    ("analyses", "analysis"),
    ("hypotheses", "hypothesis"),
    ("bases", "basis"),
    ("axes", "axis"),
];

/// Folds a lowercase word to its singular stem.
fn stem(word: &str) -> String {
    if let Some((_, s)) = IRREGULAR.iter().find(|(w, _)| *w == word) {
        return (*s).to_owned();
    }
    let n = word.len();
    if n > 4 && word.ends_with("ies") {
        return format!("{}y", &word[..n - 3]);
    }
    if n > 4 && (word.ends_with("sses") || word.ends_with("xes") || word.ends_with("ches") || word.ends_with("shes")) {
        return word[..n - 2].to_owned();
    }
    if n > 3 && word.ends_with('s') && !word.ends_with("ss") && !word.ends_with("us") && !word.ends_with("is") {
        return word[..n - 1].to_owned();
    }
    word.to_owned()
}

/// Splits text into normalized terms (lowercase stems, no stop words), in order.
pub(crate) fn terms(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase())
        .filter(|w| !STOP_WORDS.contains(&w.as_str()))
        .map(|w| stem(&w))
        .collect()
}

/// The synonym group a term belongs to, if any.
fn group(term: &str) -> Option<usize> {
    SYNONYMS.iter().position(|g| g.iter().any(|w| stem(w) == term))
}

/// A descriptor's text, tokenized once per field.
pub(crate) struct Indexed {
    fields: Vec<(Field, BTreeSet<String>)>,
    title_terms: Vec<String>,
}

impl Indexed {
    pub(crate) fn new(d: &CapabilityDescriptor) -> Self {
        let text = |f: Field| -> BTreeSet<String> {
            match f {
                Field::Id => terms(d.id.as_str()).into_iter().collect(),
                Field::Title => terms(&d.title).into_iter().collect(),
                Field::Tags => d.tags.iter().flat_map(|t| terms(t)).collect(),
                Field::Outcome => terms(&d.outcome).into_iter().collect(),
                Field::Description => terms(&d.description).into_iter().collect(),
            }
        };
        Indexed { fields: Field::ALL.iter().map(|&f| (f, text(f))).collect(), title_terms: terms(&d.title) }
    }
}

/// The score of one descriptor for one query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Score {
    pub relevance: u32,
    pub coverage_milli: u32,
    pub matched_on: Vec<&'static str>,
    pub matched_terms: Vec<String>,
    /// Query terms that matched a primary field exactly or through a synonym.
    pub primary_hits: usize,
}

/// Scores `doc` against the normalized query `q` (non-empty).
pub(crate) fn score(q: &[String], doc: &Indexed) -> Score {
    let mut relevance = 0u32;
    let mut matched_fields: BTreeSet<Field> = BTreeSet::new();
    let mut matched_terms = Vec::new();
    let mut primary_hits = 0usize;
    for term in q {
        let term_group = group(term);
        let mut best = 0u32;
        let mut best_field = None;
        let mut primary_hit = false;
        for (field, words) in &doc.fields {
            let w = field.weight();
            let points = if words.contains(term) {
                primary_hit |= field.is_primary();
                w * 100
            } else if term_group.is_some() && words.iter().any(|x| group(x) == term_group) {
                primary_hit |= field.is_primary();
                w * 50
            } else if term.len() >= 4 && words.iter().any(|x| x.len() > term.len() && x.starts_with(term.as_str())) {
                w * 30
            } else {
                0
            };
            if points > 0 {
                matched_fields.insert(*field);
            }
            if points > best {
                best = points;
                best_field = Some(*field);
            }
        }
        if best_field.is_some() {
            relevance += best;
            if !matched_terms.contains(term) {
                matched_terms.push(term.clone());
            }
            if primary_hit {
                primary_hits += 1;
            }
        }
    }
    // A query that is the title, or contains every title word, is about this capability.
    if !doc.title_terms.is_empty() {
        if doc.title_terms == q {
            relevance += 2000;
        } else if doc.title_terms.iter().all(|t| q.contains(t)) {
            relevance += 500;
        }
    }
    if matched_terms.is_empty() {
        relevance = 0;
    }
    let coverage_milli = (matched_terms.len() * 1000 / q.len().max(1)) as u32;
    Score {
        relevance,
        coverage_milli,
        matched_on: matched_fields.into_iter().map(Field::name).collect(),
        primary_hits,
        matched_terms,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_split_ids_fold_plurals_and_drop_stop_words() {
        assert_eq!(terms("graph.compute.properties"), vec!["graph", "compute", "property"]);
        assert_eq!(terms("Find the Vertices of induced_trees"), vec!["find", "vertex", "induced", "tree"]);
        assert_eq!(terms("matches, boxes; analysis"), vec!["match", "box", "analysis"]);
        assert_eq!(terms("GCD of integers"), vec!["gcd", "integer"]);
    }

    #[test]
    fn synonyms_fold_to_one_group() {
        assert_eq!(group("countermodel"), group("counterexample"));
        assert_eq!(group("colour"), group("coloring"));
        assert_ne!(group("graph"), group("magma"));
        assert_eq!(group("unrelated"), None);
    }
}
