//! Ranking descriptors against a query: BM25F over the descriptor's fields, built once per
//! catalog as an inverted index.
//!
//! Each descriptor is read as eight fields (id, title, aliases, tags, outcome, parameter names and
//! enumerated values of its input schema, example titles, long description with the schema's
//! own descriptions), each with a weight and a length normalization. Terms come from
//! [`vocabulary`](super::vocabulary): notation read, words stemmed. Adjacent terms also form
//! phrase terms (`primitive_root`, `character_table`), which are rare and so weigh heavily
//! when a query repeats them. A query term also matches the other members of its synonym
//! group, at [`SYNONYM_FACTOR`].
//!
//! Document frequencies are counted over the capabilities the caller can see, so hidden
//! capabilities leave no trace in the scores. The same query over the same visible catalog
//! always ranks the same way; ties go to the smaller id.

use std::collections::BTreeSet;

use rustc_hash::FxHashMap;

use serde_json::Value;

use super::vocabulary::{bigrams, for_each_raw_word, group, in_a_row, is_term, members, stem, terms, weighted_terms};
use crate::contract::CapabilityDescriptor;

/// Where a term matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Field {
    Id,
    Title,
    Aliases,
    Tags,
    Outcome,
    Parameters,
    Examples,
    Description,
}

const FIELDS: usize = 8;

impl Field {
    const ALL: [Field; FIELDS] = [
        Field::Id,
        Field::Title,
        Field::Aliases,
        Field::Tags,
        Field::Outcome,
        Field::Parameters,
        Field::Examples,
        Field::Description,
    ];

    /// The field's weight in the combined term frequency.
    fn weight(self) -> f32 {
        match self {
            Field::Id | Field::Title => 3.0,
            Field::Aliases | Field::Tags | Field::Outcome => 2.0,
            Field::Parameters | Field::Examples => 1.0,
            Field::Description => 0.7,
        }
    }

    /// How much a long field's frequencies are discounted (BM25's b).
    fn length_discount(self) -> f32 {
        match self {
            Field::Id | Field::Title | Field::Aliases | Field::Tags => 0.3,
            Field::Outcome | Field::Parameters | Field::Examples => 0.5,
            Field::Description => 0.75,
        }
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Field::Id => "id",
            Field::Title => "title",
            Field::Aliases => "aliases",
            Field::Tags => "tags",
            Field::Outcome => "outcome",
            Field::Parameters => "parameters",
            Field::Examples => "examples",
            Field::Description => "description",
        }
    }

    /// Fields that name what a capability does (as opposed to prose about it).
    fn is_primary(self) -> bool {
        !matches!(self, Field::Examples | Field::Description)
    }
}

/// BM25's saturation constant.
const K1: f32 = 1.2;
/// Weight of a match through a synonym, relative to the exact term.
pub(crate) const SYNONYM_FACTOR: f32 = 0.6;
/// Weight of a phrase (two adjacent terms) relative to a single term.
const PHRASE_FACTOR: f32 = 0.3;
/// Exponent that flattens inverse document frequencies: with a few hundred descriptors, a word
/// in three of them is not ten times as telling as one in thirty, and full IDF let one rare
/// but incidental word outweigh the words naming the outcome. Chosen on the development half
/// of the evaluation set (0.6 to 0.8 rank alike; 1.0, plain BM25, ranks worse on both halves).
const IDF_POWER: f32 = 0.7;
/// Share of the query's information that must match a primary field for a STRONG fit.
const STRONG_COVERAGE: f32 = 0.5;

/// The text of one descriptor, field by field, as segments (a phrase never spans two
/// segments: two tags, two enumerated values).
fn segments(d: &CapabilityDescriptor) -> [Vec<&str>; FIELDS] {
    let mut params = Vec::new();
    let mut prose = vec![d.description.as_str()];
    schema_words(&d.input_schema, &mut params, &mut prose);
    [
        vec![d.id.as_str()],
        vec![d.title.as_str()],
        d.aliases.iter().map(String::as_str).collect(),
        d.tags.iter().map(String::as_str).collect(),
        vec![d.outcome.as_str()],
        params,
        d.examples.iter().map(|e| e.title.as_str()).collect(),
        prose,
    ]
}

/// Collects the property names and enumerated values of a schema (what a caller selects) and
/// its descriptions (prose).
fn schema_words<'a>(schema: &'a Value, names: &mut Vec<&'a str>, prose: &mut Vec<&'a str>) {
    match schema {
        Value::Object(map) => {
            for (key, value) in map {
                match (key.as_str(), value) {
                    ("properties", Value::Object(props)) => {
                        for (name, sub) in props {
                            names.push(name);
                            schema_words(sub, names, prose);
                        }
                    }
                    ("enum", Value::Array(values)) => names.extend(values.iter().filter_map(Value::as_str)),
                    ("const", Value::String(s)) => names.push(s),
                    ("description", Value::String(s)) => prose.push(s),
                    (_, Value::Object(_) | Value::Array(_)) => schema_words(value, names, prose),
                    _ => {}
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| schema_words(v, names, prose)),
        _ => {}
    }
}

#[derive(Debug, Clone)]
struct Posting {
    doc: u32,
    tf: [u16; FIELDS],
}

/// The inverted index of a catalog's descriptors, in catalog order. Terms and phrases are
/// interned: a term's id and a phrase's id (a pair of term ids) both name a run of `postings`,
/// from `starts[id]` to `starts[id + 1]`, in document order (one allocation for the whole index).
#[derive(Debug, Default)]
pub(crate) struct SearchIndex {
    terms: FxHashMap<String, u32>,
    pairs: FxHashMap<(u32, u32), u32>,
    postings: Vec<Posting>,
    starts: Vec<u32>,
    lengths: Vec<[u16; FIELDS]>,
    average: [f32; FIELDS],
    titles: Vec<Vec<String>>,
    /// Each document's `not_for` entries, as terms, in the descriptor's order.
    not_for: Vec<Vec<Vec<String>>>,
}

/// How one capability scored.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Score {
    /// The BM25F score, in thousandths.
    pub relevance: u32,
    /// Matched query terms per thousand.
    pub coverage_milli: u32,
    /// Fields any query term matched.
    pub matched_on: Vec<&'static str>,
    /// Query terms that matched, in query order.
    pub matched_terms: Vec<String>,
    /// Whether the query's information is mostly matched by fields naming the outcome, and the
    /// query is not one the capability says it is not for.
    pub strong: bool,
    /// The position of the capability's `not_for` entry the query matched.
    pub not_for: Option<usize>,
}

/// One term or phrase of a query, and the index keys that match it with their factors (the
/// term itself, then its synonyms).
struct Concept {
    key: String,
    alternatives: Vec<(String, f32)>,
    /// A single term (phrases add to the score but not to coverage or fit).
    unigram: bool,
}

/// One query, normalized: its terms, and what each term and phrase may match.
pub(crate) struct Query {
    pub terms: Vec<String>,
    concepts: Vec<Concept>,
}

impl Query {
    pub(crate) fn new(text: &str) -> Self {
        let weighted = weighted_terms(text);
        let terms: Vec<String> = weighted.iter().map(|(t, _)| t.clone()).collect();
        let mut concepts: Vec<Concept> = Vec::new();
        let mut expand = |key: String, factor: f32, unigram: bool| {
            if concepts.iter().any(|c| c.key == key) {
                return;
            }
            let mut alts = vec![(key.clone(), factor)];
            if let Some(g) = group(&key) {
                alts.extend(members(g).filter(|m| *m != key).map(|m| (m, factor * SYNONYM_FACTOR)));
            }
            concepts.push(Concept { key, alternatives: alts, unigram });
        };
        for (t, w) in &weighted {
            expand(t.clone(), *w, true);
        }
        for (pair, b) in weighted.windows(2).zip(bigrams(&terms)) {
            expand(b, PHRASE_FACTOR * pair[0].1.min(pair[1].1), false);
        }
        Query { terms, concepts }
    }
}

/// The words of each text that survive as terms, as indices into the stems they take (each
/// distinct word stemmed once).
fn read_texts(texts: &[&str]) -> (Vec<String>, Vec<Vec<u32>>) {
    let mut words: FxHashMap<String, Option<u32>> = FxHashMap::default();
    let mut stems: Vec<String> = Vec::new();
    let read = texts
        .iter()
        .map(|text| {
            let mut ids = Vec::new();
            for_each_raw_word(text, |w| {
                let id = match words.get(w) {
                    Some(id) => *id,
                    None => {
                        let id = is_term(w).then(|| {
                            stems.push(stem(w));
                            stems.len() as u32 - 1
                        });
                        words.insert(w.to_owned(), id);
                        id
                    }
                };
                ids.extend(id);
            });
            ids
        })
        .collect();
    (stems, read)
}

impl SearchIndex {
    /// Indexes descriptors; `docs[i]` becomes document `i`.
    pub(crate) fn build<'a>(docs: impl IntoIterator<Item = &'a CapabilityDescriptor>) -> Self {
        let mut index = SearchIndex::default();
        // Descriptors share much of their text (schema descriptions, tags): each distinct text
        // is read once, half of them on a second thread, and its words interned here. A
        // document's segments are kept as text numbers, so no text is hashed twice.
        let mut distinct: FxHashMap<&'a str, u32> = FxHashMap::default();
        let mut order: Vec<&'a str> = Vec::new();
        let docs: Vec<(&'a CapabilityDescriptor, [Vec<u32>; FIELDS])> = docs
            .into_iter()
            .map(|d| {
                let numbered = segments(d).map(|segs| {
                    segs.into_iter()
                        .map(|text| {
                            *distinct.entry(text).or_insert_with(|| {
                                order.push(text);
                                order.len() as u32 - 1
                            })
                        })
                        .collect()
                });
                (d, numbered)
            })
            .collect();
        // Halves of equal length in bytes, not in texts: descriptions are long, names short.
        let bytes: usize = order.iter().map(|t| t.len()).sum();
        let mut seen = 0;
        let middle = order
            .iter()
            .position(|t| {
                seen += t.len();
                2 * seen >= bytes
            })
            .map_or(order.len(), |i| i + 1);
        let (first, second) = order.split_at(middle);
        let (first, second) = std::thread::scope(|scope| {
            let second = scope.spawn(|| read_texts(second));
            let first = read_texts(first);
            (first, second.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
        });
        // Each text's terms followed by its phrases, and how many terms.
        let mut texts: Vec<(Vec<u32>, usize)> = Vec::with_capacity(order.len());
        for (vocabulary, read) in [first, second] {
            let ids: Vec<u32> = vocabulary.into_iter().map(|stem| index.intern(stem)).collect();
            for words in read {
                let mut keys: Vec<u32> = words.iter().map(|w| ids[*w as usize]).collect();
                let n = keys.len();
                for k in 1..n {
                    let pair = index.intern_pair(keys[k - 1], keys[k]);
                    keys.push(pair);
                }
                texts.push((keys, n));
            }
        }
        let mut tf: FxHashMap<u32, [u16; FIELDS]> = FxHashMap::default();
        // Every (key, posting), documents in order; sorted by key at the end.
        let mut found: Vec<(u32, Posting)> = Vec::new();
        for (i, (d, segs)) in docs.iter().enumerate() {
            tf.clear();
            let mut lengths = [0u16; FIELDS];
            for (f, segs) in segs.iter().enumerate() {
                for text in segs {
                    let (keys, n) = &texts[*text as usize];
                    lengths[f] = lengths[f].saturating_add(*n as u16);
                    for key in keys {
                        let counts = tf.entry(*key).or_default();
                        counts[f] = counts[f].saturating_add(1);
                    }
                }
            }
            for (&key, &counts) in &tf {
                found.push((key, Posting { doc: i as u32, tf: counts }));
            }
            index.lengths.push(lengths);
            index.titles.push(terms(&d.title));
            index.not_for.push(d.not_for.iter().map(|t| terms(t)).collect());
        }
        let n = index.lengths.len().max(1) as f32;
        for f in 0..FIELDS {
            let total: f32 = index.lengths.iter().map(|l| f32::from(l[f])).sum();
            index.average[f] = (total / n).max(1.0);
        }
        // The postings by key, each key's in document order (a stable counting sort).
        let keys = index.keys() as usize;
        let mut starts = vec![0u32; keys + 1];
        for (key, _) in &found {
            starts[*key as usize + 1] += 1;
        }
        for k in 0..keys {
            starts[k + 1] += starts[k];
        }
        let mut next = starts.clone();
        let mut postings = vec![Posting { doc: 0, tf: [0; FIELDS] }; found.len()];
        for (key, posting) in found {
            let at = &mut next[key as usize];
            postings[*at as usize] = posting;
            *at += 1;
        }
        index.postings = postings;
        index.starts = starts;
        index
    }

    /// The number of keys interned so far (terms and phrases).
    fn keys(&self) -> u32 {
        (self.terms.len() + self.pairs.len()) as u32
    }

    fn intern(&mut self, term: String) -> u32 {
        if let Some(&id) = self.terms.get(&term) {
            return id;
        }
        let id = self.keys();
        self.terms.insert(term, id);
        id
    }

    fn intern_pair(&mut self, a: u32, b: u32) -> u32 {
        if let Some(&id) = self.pairs.get(&(a, b)) {
            return id;
        }
        let id = self.keys();
        self.pairs.insert((a, b), id);
        id
    }

    /// The postings of a query key: a term, or a phrase written `first_second`.
    fn postings(&self, key: &str) -> Option<&[Posting]> {
        let id = match key.split_once('_') {
            Some((a, b)) => *self.pairs.get(&(*self.terms.get(a)?, *self.terms.get(b)?))?,
            None => *self.terms.get(key)?,
        };
        let (start, end) = (*self.starts.get(id as usize)?, *self.starts.get(id as usize + 1)?);
        self.postings.get(start as usize..end as usize)
    }

    /// Number of documents.
    pub(crate) fn len(&self) -> usize {
        self.lengths.len()
    }

    /// Ranks the visible documents (`visible[i]`) for `query`: the documents that matched,
    /// best first, ties by document order.
    pub(crate) fn rank(&self, query: &Query, visible: &[bool]) -> Vec<(usize, Score)> {
        let n = visible.iter().filter(|v| **v).count();
        if n == 0 || query.terms.is_empty() {
            return Vec::new();
        }
        let idf = |key: &str| -> f32 {
            let df = self.postings(key).map_or(0, |ps| ps.iter().filter(|p| visible[p.doc as usize]).count());
            (1.0 + (n as f32 - df as f32 + 0.5) / (df as f32 + 0.5)).ln().powf(IDF_POWER)
        };
        // A word no visible descriptor uses weighs its full IDF in the query's information
        // (more than any known word): it is the best sign that the request is for something
        // the catalog does not offer.
        let unknown_idf = (1.0 + (n as f32 + 0.5) / 0.5).ln();
        let docs = self.lengths.len();
        let mut score = vec![0f32; docs];
        let mut primary_mass = vec![0f32; docs];
        let mut matched = vec![0u32; docs];
        let mut total_mass = 0f32;
        let mut best = vec![0f32; docs];
        let mut best_primary = vec![false; docs];
        let mut touched: Vec<usize> = Vec::new();
        for Concept { key, alternatives, unigram } in &query.concepts {
            let own_idf = idf(key);
            let mass = if self.postings(key).is_some_and(|ps| !ps.is_empty()) { own_idf } else { unknown_idf };
            if *unigram {
                total_mass += mass;
            }
            for (alt, factor) in alternatives {
                let Some(list) = self.postings(alt) else { continue };
                let w = idf(alt) * factor;
                for p in list.iter().filter(|p| visible[p.doc as usize]) {
                    let d = p.doc as usize;
                    let mut tf = 0f32;
                    let mut primary = false;
                    for f in Field::ALL {
                        let c = p.tf[f as usize];
                        if c == 0 {
                            continue;
                        }
                        primary |= f.is_primary();
                        let b = f.length_discount();
                        let norm = 1.0 - b + b * f32::from(self.lengths[d][f as usize]) / self.average[f as usize];
                        tf += f.weight() * f32::from(c) / norm;
                    }
                    let s = w * tf / (K1 + tf);
                    if best[d] == 0.0 && !best_primary[d] {
                        touched.push(d);
                    }
                    if s > best[d] {
                        best[d] = s;
                    }
                    best_primary[d] |= primary;
                }
            }
            for &d in &touched {
                score[d] += best[d];
                if *unigram {
                    matched[d] += 1;
                    if best_primary[d] {
                        primary_mass[d] += mass;
                    }
                }
                best[d] = 0.0;
                best_primary[d] = false;
            }
            touched.clear();
        }
        // A query that names a capability's whole title is about that capability.
        for (d, title) in self.titles.iter().enumerate() {
            if score[d] > 0.0 && !title.is_empty() && title.iter().all(|t| query.terms.contains(t)) {
                let exact = title.len() == query.terms.len();
                score[d] += title.iter().map(|t| idf(t)).sum::<f32>() * if exact { 2.0 } else { 0.5 };
            }
        }
        let distinct = query.concepts.iter().filter(|c| c.unigram).count().max(1) as u32;
        let mut ranked: Vec<(usize, Score)> = (0..docs)
            .filter(|&d| visible[d] && score[d] > 0.0)
            .map(|d| {
                let s = Score {
                    relevance: (score[d] * 1000.0).round() as u32,
                    coverage_milli: matched[d] * 1000 / distinct,
                    matched_on: Vec::new(),
                    matched_terms: Vec::new(),
                    strong: total_mass > 0.0 && primary_mass[d] / total_mass >= STRONG_COVERAGE,
                    not_for: None,
                };
                (d, s)
            })
            .collect();
        ranked.sort_by(|a, b| b.1.relevance.cmp(&a.1.relevance).then(a.0.cmp(&b.0)));
        ranked
    }

    /// The position of the first of document `doc`'s `not_for` entries whose terms `query`
    /// holds in a row: a request the capability says it is not for (`floating point` in "SVD of
    /// a floating-point matrix", not in "a point with floating coordinates").
    pub(crate) fn excluded(&self, query: &Query, doc: usize) -> Option<usize> {
        self.not_for.get(doc)?.iter().position(|entry| in_a_row(&query.terms, entry))
    }

    /// Fills in which fields and which query terms matched document `doc` (for the few
    /// matches a page shows).
    pub(crate) fn explain(&self, query: &Query, doc: usize, score: &mut Score) {
        let mut fields = BTreeSet::new();
        for Concept { key, alternatives, unigram } in &query.concepts {
            let mut hit = false;
            for (alt, _) in alternatives {
                let Some(list) = self.postings(alt) else { continue };
                let Ok(i) = list.binary_search_by_key(&(doc as u32), |p| p.doc) else { continue };
                hit = true;
                for f in Field::ALL {
                    if list[i].tf[f as usize] > 0 {
                        fields.insert(f);
                    }
                }
            }
            if hit && *unigram {
                score.matched_terms.push(key.clone());
            }
        }
        score.matched_on = fields.into_iter().map(Field::name).collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_expands_to_synonyms_and_phrases() {
        let q = Query::new("hcf of two integers");
        assert_eq!(q.terms, vec!["hcf", "two", "integer"]);
        let hcf = &q.concepts[0].alternatives;
        assert!(hcf.iter().any(|(k, f)| k == "gcd" && *f < 1.0));
        assert!(q.concepts.iter().any(|c| c.key == "hcf_two" && !c.unigram));
    }
}
