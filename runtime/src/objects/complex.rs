//! The abstract simplicial complex, given by its facets (maximal simplices).
//!
//! Canonical form: each facet's vertices increasing, only maximal facets kept (a listed face of
//! another facet is dropped), facets sorted. A facet with a repeated vertex is refused at its
//! JSON Pointer.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::ObjectType;
use crate::contract::Diagnostic;

/// Schema URI of simplicial complexes.
pub const SIMPLICIAL_COMPLEX_SCHEMA: &str = "urn:jacobian:schema:simplicial-complex:v1";
/// Most facets.
pub const MAX_FACETS: usize = 20_000;
/// Most vertices of a facet (dimension at most 15).
pub const MAX_FACET_SIZE: usize = 16;

/// A simplicial complex on natural-number vertices, by its facets.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SimplicialComplex {
    /// The facets, each a non-empty list of distinct vertices.
    #[schemars(length(min = 1, max = 20000))]
    pub facets: Vec<Vec<u32>>,
}

impl SimplicialComplex {
    /// Validates and canonicalizes (pointers relative to the object).
    pub fn new(facets: Vec<Vec<u32>>) -> Result<Self, Diagnostic> {
        if facets.is_empty() {
            return Err(Diagnostic::at("/facets", "EMPTY", "a complex has at least one facet"));
        }
        if facets.len() > MAX_FACETS {
            return Err(Diagnostic::at("/facets", "TOO_LARGE", format!("at most {MAX_FACETS} facets")));
        }
        let mut sorted = Vec::with_capacity(facets.len());
        for (i, mut f) in facets.into_iter().enumerate() {
            if f.is_empty() {
                return Err(Diagnostic::at(format!("/facets/{i}"), "EMPTY", "a facet has at least one vertex"));
            }
            if f.len() > MAX_FACET_SIZE {
                return Err(Diagnostic::at(
                    format!("/facets/{i}"),
                    "TOO_LARGE",
                    format!("a facet has at most {MAX_FACET_SIZE} vertices (dimension 15)"),
                ));
            }
            f.sort_unstable();
            if f.windows(2).any(|w| w[0] == w[1]) {
                return Err(Diagnostic::at(
                    format!("/facets/{i}"),
                    "REPEATED_VERTEX",
                    "a facet's vertices are distinct",
                ));
            }
            sorted.push(f);
        }
        // Larger facets first, so a face is compared with every facet that could contain it.
        sorted.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
        sorted.dedup();
        let mut kept: Vec<Vec<u32>> = Vec::with_capacity(sorted.len());
        for f in sorted {
            let contained = kept.iter().any(|g| g.len() > f.len() && f.iter().all(|v| g.binary_search(v).is_ok()));
            if !contained {
                kept.push(f);
            }
        }
        kept.sort();
        Ok(SimplicialComplex { facets: kept })
    }

    /// The dimension (largest facet size − 1).
    pub fn dimension(&self) -> usize {
        self.facets.iter().map(Vec::len).max().unwrap_or(1) - 1
    }

    /// An upper bound on the number of faces (Σ over facets of 2^size − 1).
    pub fn face_bound(&self) -> u64 {
        self.facets.iter().map(|f| (1u64 << f.len()) - 1).sum()
    }
}

impl ObjectType for SimplicialComplex {
    const SCHEMA_URI: &'static str = SIMPLICIAL_COMPLEX_SCHEMA;
    const NAME: &'static str = "simplicial_complex";
    const SUMMARY: &'static str = "An abstract simplicial complex given by its facets.";
    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        SimplicialComplex::new(self.facets).map_err(|d| vec![d])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_maximal_sorted_facets() {
        let c = SimplicialComplex::new(vec![vec![2, 1], vec![1, 2, 3], vec![4], vec![3, 1], vec![0, 4]]).unwrap();
        assert_eq!(c.facets, vec![vec![0, 4], vec![1, 2, 3]]);
        assert_eq!(c.dimension(), 2);
        let d = SimplicialComplex::new(vec![vec![1, 2], vec![3, 3]]).unwrap_err();
        assert_eq!(d.path.as_deref(), Some("/facets/1"));
        assert!(SimplicialComplex::new(vec![]).is_err());
        assert!(SimplicialComplex::new(vec![(0..17).collect()]).is_err());
    }
}
