//! Jacobian: an MCP server, CLI and embeddable runtime of composable, checkable mathematical
//! capabilities.
//!
//! This crate is the composition root: it registers the bundled adapters and checkers with
//! the actor runtime and projects the result over MCP and the command line.

pub use jacobian_runtime as runtime;
