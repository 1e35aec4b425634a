//! Jacobian's capabilities: one module per mathematical domain, each wrapping a maintained
//! library or tool (petgraph, Z3, nauty, CaDiCaL, exact big-number arithmetic) behind the runtime's
//! [`jacobian_runtime::CapabilityAdapter`] contract.
//!
//! Adapters produce results and evidence; they never certify them. They are registered as
//! `Arc<dyn CapabilityAdapter>` by the composition root, so the actor runtime never names one.

pub mod algebra;
pub mod backends;
pub mod cas;
pub mod claims;
pub mod core;
mod counting;
pub mod discrete;
pub mod evaluate;
pub(crate) mod factor64;
pub mod graph;
pub mod group;
pub mod integer;
pub mod linear_algebra;
pub mod number_theory;
pub mod partition;
pub mod polynomials;
pub mod primecert;
pub mod rational;
pub mod relations;
pub mod sat;
pub mod smt;
pub mod vocabulary;
pub mod witness;
pub mod z3run;

use std::sync::Arc;

use jacobian_runtime::SharedAdapter;
use jacobian_runtime::objects::ObjectRegistry;
use jacobian_runtime::typed::Typed;

use crate::cas::Ask;

/// Every bundled capability, ready to register.
pub fn bundled(objects: &ObjectRegistry) -> Vec<SharedAdapter> {
    std::thread::scope(|s| {
        // Each system tool is probed once per process (its version asked, its executable
        // hashed), each on a thread of its own while the descriptors are built: a descriptor
        // that names a tool waits for that tool's probe alone. A thread that cannot be started
        // leaves its probe to the first descriptor that needs it.
        for backend in jacobian_runtime::backend::BackendKind::ALL {
            aside(s, move || {
                cas::tool(backend);
            });
        }
        aside(s, || {
            std::sync::LazyLock::force(&graph::enumerate::GENG);
        });
        aside(s, || {
            std::sync::LazyLock::force(&sat::DRAT_TRIM);
        });
        // Building a descriptor generates its schemas: three packs' worth are built on a
        // second thread (or here, when it cannot be started).
        let packs = || {
            let mut packs = linear_algebra::adapters();
            packs.extend(polynomials::adapters());
            packs.extend(group::adapters());
            packs
        };
        let second = std::thread::Builder::new().spawn_scoped(s, packs).ok();
        let mut all = core_adapters(objects);
        all.extend(discrete::adapters());
        all.extend(match second {
            Some(handle) => handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            None => packs(),
        });
        vocabulary::attach(all)
    })
}

/// Runs `f` on a thread of the scope, or not at all when no thread can be started.
fn aside<'scope>(s: &'scope std::thread::Scope<'scope, '_>, f: impl FnOnce() + Send + 'scope) {
    let _ = std::thread::Builder::new().spawn_scoped(s, f);
}

/// The capabilities of the first packs (core, integers, graphs, claims, SAT, number theory).
fn core_adapters(objects: &ObjectRegistry) -> Vec<SharedAdapter> {
    vec![
        Arc::new(Typed::new(core::ArtifactPut::new(objects.clone()))),
        Arc::new(Typed::new(integer::Gcd)),
        Arc::new(Typed::new(algebra::Countermodel)),
        Arc::new(Typed::new(evaluate::EvaluateBatch)),
        Arc::new(Typed::new(claims::ConjunctionSplit)),
        Arc::new(Typed::new(claims::ImplicationObligations)),
        Arc::new(Typed::new(partition::Partition)),
        Arc::new(Typed::new(graph::construct::ConstructExplicit)),
        Arc::new(Typed::new(graph::atlas::Atlas)),
        Arc::new(Typed::new(graph::enumerate::Enumerate)),
        Arc::new(Typed::new(graph::properties::ComputeProperties)),
        Arc::new(Typed::new(graph::searches::InducedTreeMaximum)),
        Arc::new(Typed::new(graph::searches::InducedTreeVerify)),
        Arc::new(Typed::new(graph::searches::HamiltonianCycle)),
        Arc::new(Typed::new(graph::searches::ChromaticNumber)),
        Arc::new(Typed::new(witness::ClaimValidate)),
        Arc::new(Typed::new(witness::WitnessFind)),
        Arc::new(Typed::new(witness::WitnessVerify)),
        Arc::new(Typed::new(sat::SatSolve)),
        Arc::new(Typed::new(sat::CertificateVerify)),
        Arc::new(Typed::new(smt::SmtCheck)),
        Arc::new(Typed::new(graph::coloring::EncodeKColoring)),
        Arc::new(Typed::new(number_theory::Factor)),
        Arc::new(Typed::new(number_theory::IsPrime)),
        Arc::new(Typed::new(number_theory::properties::IntegerProperties)),
        Arc::new(Typed::new(number_theory::primes::Primes)),
        Arc::new(Typed::new(number_theory::divisors::Divisors)),
        Arc::new(Typed::new(number_theory::modular::Inverse)),
        Arc::new(Typed::new(number_theory::modular::Power)),
        Arc::new(Typed::new(number_theory::modular::Sqrt)),
        Arc::new(Typed::new(number_theory::modular::DiscreteLog)),
        Arc::new(Typed::new(number_theory::modular::Crt)),
        Arc::new(Typed::new(Ask(number_theory::integers::Lcm))),
        Arc::new(Typed::new(Ask(number_theory::integers::Root))),
        Arc::new(Typed::new(Ask(number_theory::integers::Valuation))),
        Arc::new(Typed::new(Ask(number_theory::integers::BaseDigits))),
        Arc::new(Typed::new(Ask(number_theory::integers::Divides))),
        Arc::new(Typed::new(Ask(number_theory::integers::Primorial))),
        Arc::new(Typed::new(Ask(number_theory::diophantine::ContinuedFraction))),
        Arc::new(Typed::new(Ask(number_theory::diophantine::BestApproximation))),
        Arc::new(Typed::new(Ask(number_theory::diophantine::Pell))),
        Arc::new(Typed::new(Ask(number_theory::diophantine::SumOfSquares))),
        Arc::new(Typed::new(Ask(number_theory::diophantine::LinearDiophantine))),
        Arc::new(Typed::new(Ask(number_theory::elliptic::Invariants))),
        Arc::new(Typed::new(Ask(number_theory::elliptic::Torsion))),
        Arc::new(Typed::new(Ask(number_theory::elliptic::Rank))),
        Arc::new(Typed::new(Ask(number_theory::elliptic::FindPoints))),
        Arc::new(Typed::new(Ask(number_theory::elliptic::group::PointArithmetic))),
        Arc::new(Typed::new(Ask(number_theory::elliptic::group::Reduction))),
        Arc::new(Typed::new(Ask(number_theory::elliptic::group::IsogenyClass))),
        Arc::new(Typed::new(Ask(number_theory::elliptic::finite::FiniteField))),
        Arc::new(Typed::new(Ask(number_theory::elliptic::isomorphism::Isomorphism))),
        Arc::new(Typed::new(Ask(number_theory::finite_field::Irreducible))),
        Arc::new(Typed::new(Ask(number_theory::finite_field::Primitive))),
        Arc::new(Typed::new(Ask(number_theory::finite_field::FindPolynomial))),
        Arc::new(Typed::new(Ask(number_theory::finite_field::zeros::CountZeros))),
        Arc::new(Typed::new(Ask(number_theory::finite_field::element::Element))),
        Arc::new(Typed::new(Ask(number_theory::residues::KroneckerSymbol))),
        Arc::new(Typed::new(Ask(number_theory::residues::MultiplicativeOrder))),
        Arc::new(Typed::new(Ask(number_theory::residues::PrimitiveRoot))),
        Arc::new(Typed::new(Ask(number_theory::residues::QuadraticResidues))),
        Arc::new(Typed::new(Ask(number_theory::residues::LinearCongruence))),
        Arc::new(Typed::new(Ask(number_theory::residues::PolynomialCongruence))),
        Arc::new(Typed::new(Ask(number_theory::residues::PolynomialImage))),
        Arc::new(Typed::new(Ask(number_theory::residues::PadicRoots))),
        Arc::new(Typed::new(Ask(number_theory::number_field::Invariants))),
        Arc::new(Typed::new(Ask(number_theory::number_field::ClassGroup))),
        Arc::new(Typed::new(Ask(number_theory::number_field::UnitGroup))),
        Arc::new(Typed::new(Ask(number_theory::number_field::GaloisGroup))),
        Arc::new(Typed::new(Ask(number_theory::number_field::PrimeDecomposition))),
        Arc::new(Typed::new(Ask(number_theory::number_field::Element))),
        Arc::new(Typed::new(Ask(number_theory::number_field::Subfields))),
        Arc::new(Typed::new(Ask(number_theory::number_field::SplittingField))),
        Arc::new(Typed::new(Ask(number_theory::number_field::Automorphisms))),
        Arc::new(Typed::new(Ask(number_theory::number_field::GaloisCorrespondence))),
        Arc::new(Typed::new(Ask(number_theory::number_field::RelativeNormTrace))),
        Arc::new(Typed::new(Ask(number_theory::number_field::Embeddings))),
        Arc::new(Typed::new(Ask(number_theory::dirichlet::Properties))),
        Arc::new(Typed::new(Ask(number_theory::dirichlet::Group))),
        Arc::new(Typed::new(Ask(number_theory::dirichlet::GaussSum))),
        Arc::new(Typed::new(Ask(number_theory::dirichlet::algebra::Operations))),
        Arc::new(Typed::new(Ask(number_theory::dirichlet::bernoulli::Bernoulli))),
        Arc::new(Typed::new(Ask(number_theory::functions::FactorialValuation))),
        Arc::new(Typed::new(Ask(number_theory::functions::IntervalProfile))),
        Arc::new(Typed::new(Ask(number_theory::functions::Summatory))),
        Arc::new(Typed::new(Ask(number_theory::functions::Dirichlet))),
        Arc::new(Typed::new(Ask(number_theory::functions::RamanujanSum))),
        Arc::new(Typed::new(Ask(number_theory::functions::SmoothCount))),
        Arc::new(Typed::new(Ask(number_theory::functions::TotientPreimages))),
        Arc::new(Typed::new(Ask(number_theory::quadratic_form::Reduce))),
        Arc::new(Typed::new(Ask(number_theory::quadratic_form::Compose))),
        Arc::new(Typed::new(Ask(number_theory::quadratic_form::Equivalent))),
        Arc::new(Typed::new(Ask(number_theory::quadratic_form::ClassGroup))),
        Arc::new(Typed::new(Ask(number_theory::quadratic_form::Invariants))),
        Arc::new(Typed::new(Ask(number_theory::quadratic_form::RepresentationNumbers))),
        Arc::new(Typed::new(Ask(number_theory::quadratic_form::FormOperations))),
        Arc::new(Typed::new(Ask(number_theory::quadratic_form::Represent))),
        Arc::new(Typed::new(Ask(number_theory::quadratic_form::check::Check))),
        Arc::new(Typed::new(Ask(number_theory::finite_field::syzygy::JacobianSyzygies))),
        Arc::new(Typed::new(Ask(number_theory::finite_field::invariant_forms::InvariantForms))),
        Arc::new(Typed::new(Ask(number_theory::rationals::Arithmetic))),
        Arc::new(Typed::new(Ask(number_theory::congruence::Covering))),
        Arc::new(Typed::new(Ask(number_theory::semigroup::Invariants))),
        Arc::new(Typed::new(Ask(number_theory::semigroup::Factorizations))),
        Arc::new(Typed::new(Ask(number_theory::affine_forms::LocalData))),
        Arc::new(Typed::new(Ask(number_theory::affine_forms::Interval))),
        Arc::new(Typed::new(Ask(number_theory::finite_field::maps::PolynomialMap))),
        Arc::new(Typed::new(Ask(number_theory::finite_field::scalars::AlgebraicSet))),
        Arc::new(Typed::new(Ask(number_theory::finite_field::paley::Paley))),
        Arc::new(Typed::new(Ask(number_theory::real::kempner::Kempner))),
        Arc::new(Typed::new(Ask(number_theory::real::dickman::DickmanRho))),
        Arc::new(Typed::new(Ask(number_theory::real::approximation::Approximation))),
        Arc::new(Typed::new(Ask(number_theory::preimages::SigmaPreimages))),
        Arc::new(Typed::new(Ask(number_theory::graphs::ArithmeticGraph))),
        Arc::new(Typed::new(Ask(number_theory::statistics::IntervalStatistics))),
    ]
}
