//! End-to-end and structural tests of the `jacobian` package, compiled as one binary.

#![allow(clippy::unwrap_used)] // test helpers fail loudly by design

mod algebra;
mod architecture;
mod backends;
mod cases;
mod claims;
mod cli;
mod conformance;
mod crash_loop;
mod curves_and_fields;
mod discovery;
mod discrete;
mod embedding;
mod evaluate;
mod exhaustion;
mod fields_and_characters;
mod fuzz;
mod graph;
mod groups;
mod hardening;
mod http_replica;
mod linear_algebra;
mod mcp;
mod nats_server;
mod number_theory;
mod packages;
mod parsers;
mod partition;
mod polynomials;
mod quotas;
mod real_enclosures;
mod replicas;
mod rng;
mod sat;
mod stdio;
mod witness;
mod workers;
