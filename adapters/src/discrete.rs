//! The discrete pack, natively and exactly: counting numbers and enumerations, sequences and
//! linear recurrences, additive sets (Sidon and difference sets), colourings by SAT, finite
//! posets and lattices, matroids, finite probability, set systems, latin squares, tableaux and
//! words. Every capability is a [`Query`](crate::cas::Query); VERIFY answers carry statements
//! for the discrete checker (`checkers/src/discrete.rs`), which replays them with its own code
//! (brute-force enumerators, chain covers and antichains, witness sublattices).

pub mod additive;
pub mod colouring;
pub mod design;
pub mod enumerate;
pub mod exact_cover;
pub mod finite_space;
pub mod gaussian;
pub mod greene;
pub mod holonomic;
pub mod hypergraph_construct;
pub mod hypergraph_search;
pub mod kruskal_katona;
pub mod latin_search;
pub mod lattice;
pub mod lattice_paths;
pub mod littlewood_richardson;
pub mod local_lemma;
pub mod markov;
pub mod matroid;
pub mod matroid_families;
pub mod matroid_intersection;
pub mod necklace;
pub mod numbers;
pub mod period;
pub mod permutation_statistics;
pub mod poset;
pub mod poset_algebra;
pub mod poset_families;
pub mod probability;
pub mod ranking;
pub mod recurrence;
pub mod reliability;
pub mod sequence;
pub mod set_function;
pub mod sets;
pub mod stable_matching;
pub mod tableau;
pub mod testing;
pub mod transform;

use std::sync::Arc;

use jacobian_runtime::SharedAdapter;
use jacobian_runtime::contract::{Diagnostic, Provider};
use jacobian_runtime::typed::Typed;
use num_bigint::BigInt;
use serde_json::{Value, json};

use crate::cas::{Ask, Claim};

/// Evidence kind of the discrete checker.
pub const EVIDENCE: &str = "discrete.statements/v1";
const SEMANTICS: &str = "urn:jacobian:semantics:discrete-statements-hold:v1";
const FORMAT: &str = "DISCRETE_STATEMENTS_V1";

/// Every capability of the pack.
pub fn adapters() -> Vec<SharedAdapter> {
    vec![
        Arc::new(Typed::new(Ask(numbers::Numbers))),
        Arc::new(Typed::new(Ask(enumerate::Enumerate))),
        Arc::new(Typed::new(Ask(ranking::Ranking))),
        Arc::new(Typed::new(Ask(kruskal_katona::KruskalKatona))),
        Arc::new(Typed::new(Ask(lattice_paths::LatticePaths))),
        Arc::new(Typed::new(Ask(stable_matching::StableMatching))),
        Arc::new(Typed::new(Ask(permutation_statistics::PermutationStatistics))),
        Arc::new(Typed::new(Ask(tableau::Tableaux))),
        Arc::new(Typed::new(Ask(tableau::Rsk))),
        Arc::new(Typed::new(Ask(tableau::Words))),
        Arc::new(Typed::new(Ask(necklace::Necklaces))),
        Arc::new(Typed::new(Ask(sequence::Statistics))),
        Arc::new(Typed::new(Ask(recurrence::Find))),
        Arc::new(Typed::new(Ask(recurrence::Evaluate))),
        Arc::new(Typed::new(Ask(period::RecurrencePeriod))),
        Arc::new(Typed::new(Ask(holonomic::Holonomic))),
        Arc::new(Typed::new(Ask(transform::SequenceTransform))),
        Arc::new(Typed::new(recurrence::GuessGeneratingFunction)),
        Arc::new(Typed::new(Ask(additive::Sidon))),
        Arc::new(Typed::new(Ask(additive::DifferenceSet))),
        Arc::new(Typed::new(Ask(colouring::Colouring))),
        Arc::new(Typed::new(Ask(poset::Properties))),
        Arc::new(Typed::new(Ask(poset_families::PosetFamilies))),
        Arc::new(Typed::new(Ask(lattice::Properties))),
        Arc::new(Typed::new(Ask(matroid::Properties))),
        Arc::new(Typed::new(Ask(matroid_families::MatroidFamilies))),
        Arc::new(Typed::new(Ask(matroid_intersection::Intersection))),
        Arc::new(Typed::new(Ask(hypergraph_construct::Construct))),
        Arc::new(Typed::new(Ask(probability::Distribution))),
        Arc::new(Typed::new(Ask(markov::MarkovChain))),
        Arc::new(Typed::new(Ask(reliability::Reliability))),
        Arc::new(Typed::new(Ask(finite_space::FiniteSpace))),
        Arc::new(Typed::new(Ask(testing::MultipleTesting))),
        Arc::new(Typed::new(Ask(local_lemma::LocalLemma))),
        Arc::new(Typed::new(Ask(exact_cover::ExactCover))),
        Arc::new(Typed::new(Ask(gaussian::GaussianExpectation))),
        Arc::new(Typed::new(Ask(sets::FiniteSets))),
        Arc::new(Typed::new(Ask(sets::Hypergraph))),
        Arc::new(Typed::new(Ask(sets::LatinSquares))),
        Arc::new(Typed::new(Ask(latin_search::LatinSearch))),
        Arc::new(Typed::new(Ask(set_function::SetFunctionAnalysis))),
        Arc::new(Typed::new(Ask(design::Design))),
    ]
}

/// The provider of a capability of this pack whose code is `source`.
pub fn native(source: &'static str) -> Provider {
    crate::cas::native(source)
}

/// A claim of statements for the discrete checker.
pub fn statements(list: Vec<Value>) -> Claim {
    Claim {
        kind: EVIDENCE,
        semantics: SEMANTICS,
        format: FORMAT,
        claim: json!({"statements": list}),
        candidate: json!({}),
    }
}

/// Canonical text `p/q` of an exact rational.
pub fn ratio(r: &jacobian_runtime::objects::polynomial::Rat) -> String {
    crate::rational::Rational::of(r).to_string()
}

/// Decimal text of a big integer.
pub fn text(n: &BigInt) -> String {
    n.to_string()
}

/// A diagnostic for a value out of its range.
pub fn out_of_range(path: &str, message: impl Into<String>) -> Diagnostic {
    Diagnostic::at(path, "OUT_OF_RANGE", message)
}

/// A preflight refusal for a size past a bound.
pub fn too_large(path: &str, message: impl Into<String>) -> jacobian_runtime::adapter::Refusal {
    jacobian_runtime::adapter::Refusal::Unsupported(Diagnostic::at(path, "TOO_LARGE", message))
}
