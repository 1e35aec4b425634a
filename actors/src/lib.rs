//! Jacobian's concurrent runtime on ractor: the budget scheduler, one episode actor per run,
//! one actor per installed capability, a separately supervised checker tree, and the
//! cloneable `Jacobian` handle that the MCP server, the CLI and embedders all call.
