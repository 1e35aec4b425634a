//! Fuzz targets for cargo-afl, and the seed corpora they start from.
//!
//! Each target reads one input (AFL's persistent mode) and feeds it to one edge of Jacobian:
//! - `objects`: the first byte picks an object kind of the bundled registry; the rest, as JSON,
//!   goes to that kind's complete validation and canonicalization (every object parser: graph6,
//!   DIMACS, terms and laws, propositional structures, polynomials, permutations, matrices, …);
//! - `evidence`: the first byte picks a bundled checker; the rest, as evidence JSON, goes to its
//!   evidence reader and replay;
//! - `server`: the input is one line of JSON-RPC (raw, or the arguments of `math.run` or
//!   `math.find`) sent to a real MCP server loop, followed by a `ping` that must be answered.
//!
//! A panic, an abort or a hang is a finding; a refusal is not. `seeds` writes the starting
//! corpora from the catalog's own examples and the evidence its producers attach.

use serde_json::Value;

/// Splits an input into its selector byte and the JSON after it.
pub fn selector_and_json(data: &[u8]) -> Option<(u8, Value)> {
    let (&first, rest) = data.split_first()?;
    let value = serde_json::from_slice(rest).ok()?;
    Some((first, value))
}
