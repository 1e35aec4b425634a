//! Discovery vocabulary of the bundled capabilities: for each one, the other words people use
//! for its outcome (classical names, abbreviations, notation spelled out, what other systems
//! call it). Kept as one text file per group of packs, `vocabulary/<group>.txt`, one line per
//! capability: `capability.id: term; term; …`. Attached to the descriptors as `aliases`; the
//! lines of `vocabulary/not_for.txt`, the requests a capability is not for, as `not_for`.

use std::collections::HashMap;

use jacobian_runtime::SharedAdapter;
use jacobian_runtime::adapter::WithVocabulary;

const FILES: &[(&str, &str)] = &[
    ("number_theory", include_str!("vocabulary/number_theory.txt")),
    ("fields_and_geometry", include_str!("vocabulary/fields_and_geometry.txt")),
    ("polynomials", include_str!("vocabulary/polynomials.txt")),
    ("linear_algebra", include_str!("vocabulary/linear_algebra.txt")),
    ("discrete_and_core", include_str!("vocabulary/discrete_and_core.txt")),
];

/// What capabilities are not for: requests near their outcome that they do not serve
/// (floating point beside exact arithmetic, noncommutative beside commutative algebra).
const NOT_FOR: (&str, &str) = ("not_for", include_str!("vocabulary/not_for.txt"));

/// What discovery reads of one capability beyond its descriptor.
#[derive(Debug, Default)]
pub struct Entry {
    /// Other words for its outcome.
    pub aliases: Vec<String>,
    /// Requests it is not for (`not_for.txt`).
    pub not_for: Vec<String>,
}

/// Every capability's vocabulary, by id, or the first malformed line (`file:line`).
pub fn table() -> Result<HashMap<&'static str, Entry>, String> {
    let mut table: HashMap<&'static str, Entry> = HashMap::new();
    for (file, text) in FILES.iter().chain([&NOT_FOR]) {
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (id, terms) = line.split_once(':').ok_or_else(|| format!("{file}:{}: no `:`", i + 1))?;
            let terms = terms.split(';').map(str::trim).filter(|t| !t.is_empty()).map(str::to_owned);
            let entry = table.entry(id.trim()).or_default();
            if *file == NOT_FOR.0 { entry.not_for.extend(terms) } else { entry.aliases.extend(terms) }
        }
    }
    Ok(table)
}

/// Attaches each adapter's vocabulary to its descriptor. A malformed vocabulary attaches
/// nothing (the `vocabulary_files_are_well_formed_and_name_bundled_capabilities` test keeps
/// that from shipping).
pub fn attach(adapters: Vec<SharedAdapter>) -> Vec<SharedAdapter> {
    let Ok(mut table) = table() else { return adapters };
    adapters
        .into_iter()
        .map(|a| match table.remove(a.descriptor().id.as_str()) {
            Some(entry) => WithVocabulary::wrap(a, entry.aliases, entry.not_for),
            None => a,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vocabulary_files_are_well_formed_and_name_bundled_capabilities() {
        let table = table().unwrap();
        let objects = jacobian_runtime::objects::ObjectRegistry::bundled();
        let ids: Vec<String> = crate::bundled(&objects).iter().map(|a| a.descriptor().id.to_string()).collect();
        for (id, entry) in &table {
            assert!(ids.iter().any(|i| i == id), "vocabulary for `{id}`, which is not bundled");
            assert!(entry.aliases.iter().all(|a| a.len() <= 60), "{id}: an alias longer than 60 characters");
            for not in &entry.not_for {
                assert!(!entry.aliases.contains(not), "{id}: `{not}` is both an alias and a request it is not for");
            }
        }
    }
}
