//! Jacobian over the Model Context Protocol: the only module that imports rmcp.
//!
//! [`server::JacobianServer`] projects a [`Jacobian`] handle as MCP tools, resources and
//! prompts; [`serve`] runs it over stdio or Streamable HTTP ([`http`]).

pub mod auth;
pub mod http;
pub mod server;

use std::net::SocketAddr;
use std::path::PathBuf;

use rmcp::ServiceExt;

pub use auth::Tokens;
pub use server::JacobianServer;

use crate::Jacobian;

/// How to serve.
#[derive(Debug, Clone, Default)]
pub struct ServeOptions {
    /// Streamable HTTP instead of stdio.
    pub http: Option<HttpOptions>,
}

/// Streamable HTTP settings.
#[derive(Debug, Clone)]
pub struct HttpOptions {
    /// Address to bind (loopback unless the operator says otherwise).
    pub addr: SocketAddr,
    /// Bearer-token file; with it every request needs a known token.
    pub tokens: Option<PathBuf>,
    /// Extra allowed `Host` values besides the loopback names.
    pub allow_hosts: Vec<String>,
    /// Allowed `Origin` values; requests without `Origin` are accepted.
    pub allow_origins: Vec<String>,
    /// Largest request body in bytes.
    pub max_body: usize,
}

/// Serving failed to start or stopped on an error.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The MCP session could not start or ended abnormally.
    #[error("mcp: {0}")]
    Protocol(String),
    /// Binding or serving HTTP failed.
    #[error("http: {0}")]
    Io(#[from] std::io::Error),
    /// The token file is unusable.
    #[error("tokens: {0}")]
    Tokens(String),
}

/// Serves MCP until the client goes away (stdio) or the process is interrupted (HTTP).
pub async fn serve(jac: Jacobian, options: ServeOptions) -> Result<(), ServeError> {
    match options.http {
        None => serve_stdio(jac).await,
        Some(http) => {
            let listener = tokio::net::TcpListener::bind(http.addr).await?;
            tracing::info!(addr = %listener.local_addr()?, "serving MCP over Streamable HTTP at /mcp");
            let app = http::router(jac, &http)?;
            axum::serve(listener, app).with_graceful_shutdown(shutdown_signal()).await?;
            Ok(())
        }
    }
}

async fn serve_stdio(jac: Jacobian) -> Result<(), ServeError> {
    let running = JacobianServer::new(jac)
        .serve(rmcp::transport::stdio())
        .await
        .map_err(|e| ServeError::Protocol(e.to_string()))?;
    tokio::select! {
        quit = running.waiting() => {
            quit.map_err(|e| ServeError::Protocol(e.to_string()))?;
        }
        () = shutdown_signal() => {}
    }
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}

/// One line naming every diagnostic, for terminal errors.
pub fn diagnostics_line(diagnostics: &[jacobian_runtime::Diagnostic]) -> String {
    diagnostics
        .iter()
        .map(|d| match &d.path {
            Some(p) => format!("{} at {p}: {}", d.code, d.message),
            None => format!("{}: {}", d.code, d.message),
        })
        .collect::<Vec<_>>()
        .join("; ")
}
