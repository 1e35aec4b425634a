//! Jacobian's independent checkers: small, auditable replays of witnesses, certificates and
//! coverage claims.
//!
//! Each checker implements [`jacobian_runtime::Checker`] on a code path of its own: it links
//! only the runtime's contract, never an adapter or the backend whose output it checks, so a
//! bug in a producer cannot make its own evidence pass.

#![deny(missing_docs)]

pub mod algebra;
pub mod dirichlet;
pub mod discrete;
pub mod elliptic;
pub mod evidence;
pub mod factorization;
pub mod finite_field;
pub mod graph;
pub mod group;
pub mod integer;
pub mod matrix;
pub mod modular;
pub mod partition;
pub mod pell;
pub mod polynomial;
pub mod primality;
pub mod properties;
pub mod relations;
pub mod sat;
pub mod smt;
pub mod values;
pub mod witness;

use std::sync::Arc;

use jacobian_runtime::SharedChecker;

/// Every bundled checker.
pub fn bundled() -> Vec<SharedChecker> {
    vec![
        Arc::new(integer::GcdBezout),
        Arc::new(primality::PrimalityCertificate),
        Arc::new(factorization::Factorization),
        Arc::new(factorization::CompositenessWitness),
        Arc::new(properties::IntegerProperties),
        Arc::new(values::PolynomialValues),
        Arc::new(modular::ModularRelation),
        Arc::new(relations::IntegerRelations),
        Arc::new(matrix::MatrixCertificate),
        Arc::new(pell::PellFundamental),
        Arc::new(polynomial::identities::PolynomialIdentities),
        Arc::new(polynomial::roots::RealRootIsolation),
        Arc::new(polynomial::groebner::GroebnerBasis),
        Arc::new(finite_field::Irreducibility),
        Arc::new(finite_field::Primitivity),
        Arc::new(elliptic::EllipticPoints),
        Arc::new(dirichlet::DirichletCharacters),
        Arc::new(graph::InducedTreeExhaustive),
        Arc::new(graph::HamiltonianCycleReplay),
        Arc::new(graph::ChromaticNumberCertificate),
        Arc::new(group::PermutationGroupStatements),
        Arc::new(algebra::CountermodelReplay),
        Arc::new(partition::PartitionCoverage),
        Arc::new(witness::GraphPropertyWitness),
        Arc::new(sat::LratRefutation),
        Arc::new(sat::ModelReplay),
        Arc::new(smt::ModelReplay),
        Arc::new(discrete::DiscreteStatements),
    ]
}
