//! Jacobian's capabilities: one module per mathematical domain, each wrapping a maintained
//! library or tool (petgraph, Z3, nauty, exact big-number arithmetic) behind the runtime's
//! [`jacobian_runtime::CapabilityAdapter`] contract.
//!
//! Adapters produce results and evidence; they never certify them. They are registered as
//! `Arc<dyn CapabilityAdapter>` by the composition root, so the actor runtime never names one.

pub mod backends;
