//! End-to-end and structural tests of the `jacobian` package, compiled as one binary.

mod architecture;
mod cli;
mod conformance;
mod embedding;
mod graph;
mod mcp;
