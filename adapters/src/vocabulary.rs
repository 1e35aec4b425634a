//! Discovery vocabulary of the bundled capabilities: for each one, the other words people use
//! for its outcome (classical names, abbreviations, notation spelled out, what other systems
//! call it). Kept as one text file per group of packs, `vocabulary/<group>.txt`, one line per
//! capability: `capability.id: term; term; …`. Attached to the descriptors as `aliases`.

use std::collections::HashMap;

use jacobian_runtime::SharedAdapter;
use jacobian_runtime::adapter::WithAliases;

const FILES: &[(&str, &str)] = &[
    ("number_theory", include_str!("vocabulary/number_theory.txt")),
    ("fields_and_geometry", include_str!("vocabulary/fields_and_geometry.txt")),
    ("polynomials", include_str!("vocabulary/polynomials.txt")),
    ("linear_algebra", include_str!("vocabulary/linear_algebra.txt")),
    ("discrete_and_core", include_str!("vocabulary/discrete_and_core.txt")),
];

/// Every capability's aliases, by id, or the first malformed line (`file:line`).
pub fn table() -> Result<HashMap<&'static str, Vec<String>>, String> {
    let mut table: HashMap<&'static str, Vec<String>> = HashMap::new();
    for (file, text) in FILES {
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (id, terms) = line.split_once(':').ok_or_else(|| format!("{file}:{}: no `:`", i + 1))?;
            let terms = terms.split(';').map(str::trim).filter(|t| !t.is_empty()).map(str::to_owned);
            table.entry(id.trim()).or_default().extend(terms);
        }
    }
    Ok(table)
}

/// Attaches each adapter's aliases to its descriptor. A malformed vocabulary attaches nothing
/// (the `vocabulary_files_are_well_formed` test keeps that from shipping).
pub fn attach(adapters: Vec<SharedAdapter>) -> Vec<SharedAdapter> {
    let Ok(mut table) = table() else { return adapters };
    adapters
        .into_iter()
        .map(|a| match table.remove(a.descriptor().id.as_str()) {
            Some(aliases) => WithAliases::wrap(a, aliases),
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
        for (id, aliases) in &table {
            assert!(ids.iter().any(|i| i == id), "vocabulary for `{id}`, which is not bundled");
            assert!(aliases.iter().all(|a| a.len() <= 60), "{id}: an alias longer than 60 characters");
        }
    }
}
