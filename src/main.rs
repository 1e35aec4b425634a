//! The `jacobian` command: serve MCP, or use the capabilities from a terminal.

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::Parser;
use jacobian::cli::{self, Cli};

fn main() -> ExitCode {
    // The sandbox launcher confines itself and execs a backend: nothing else may run first.
    let mut args = std::env::args_os();
    if args.nth(1).is_some_and(|a| a == jacobian::runtime::sandbox::LAUNCHER_SUBCOMMAND) {
        return jacobian::sandbox::launch(args);
    }
    let cli = Cli::parse();
    // Logs go to stderr: stdout carries the MCP stream under `serve`.
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("JACOBIAN_LOG")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,rmcp=error")),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .init();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("jacobian: cannot start the async runtime: {e}");
            return ExitCode::from(cli::EXIT_BROKEN);
        }
    };
    match runtime.block_on(cli::run(cli)) {
        Ok(code) => ExitCode::from(code),
        Err(failure) => {
            eprintln!("jacobian: {}", failure.message);
            ExitCode::from(failure.code)
        }
    }
}
