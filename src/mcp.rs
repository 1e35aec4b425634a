//! Jacobian over the Model Context Protocol: the only module that imports rmcp.
//!
//! [`server::JacobianServer`] projects a [`Jacobian`] handle as MCP tools, resources and
//! prompts; [`serve`] runs it over stdio or Streamable HTTP ([`http`]).

pub mod auth;
pub mod http;
pub mod server;

use std::net::SocketAddr;
use std::path::PathBuf;

use std::pin::Pin;
use std::task::{Context, Poll};

use rmcp::ServiceExt;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio_util::sync::CancellationToken;

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
    /// Accept the tokens registered in the shared store's tenant registry (besides the file's);
    /// with it, too, every request needs a known token.
    pub store_tokens: bool,
    /// Extra allowed `Host` values besides the loopback names.
    pub allow_hosts: Vec<String>,
    /// Allowed `Origin` values; requests without `Origin` are accepted.
    pub allow_origins: Vec<String>,
    /// Largest request body in bytes.
    pub max_body: usize,
    /// Longest a client may stay silent while it sends a request: before its first byte,
    /// while its headers arrive, and between the parts of its body. Slower connections are
    /// closed, so that clients that never finish a request cannot hold connections open.
    pub client_timeout: std::time::Duration,
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
            http::serve(listener, app, http.client_timeout, shutdown_signal()).await?;
            Ok(())
        }
    }
}

async fn serve_stdio(jac: Jacobian) -> Result<(), ServeError> {
    let (stdin, stdout) = stdio_streams();
    tokio::select! {
        served = serve_io(jac, stdin, stdout) => served,
        () = shutdown_signal() => Ok(()),
    }
}

type Reader = Box<dyn AsyncRead + Unpin + Send>;
type Writer = Box<dyn AsyncWrite + Unpin + Send>;

/// Standard input and output for the MCP stream. When they are pipes (as when a client
/// spawns the server), they are driven by the reactor directly; tokio's portable stdio
/// hands every read and write to a blocking thread, which costs two thread switches per
/// message. Anything else (a terminal, a file, a socket) uses the portable path.
fn stdio_streams() -> (Reader, Writer) {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        use tokio::net::unix::pipe;
        let input =
            std::io::stdin().as_fd().try_clone_to_owned().ok().and_then(|fd| pipe::Receiver::from_owned_fd(fd).ok());
        let output =
            std::io::stdout().as_fd().try_clone_to_owned().ok().and_then(|fd| pipe::Sender::from_owned_fd(fd).ok());
        if let (Some(input), Some(output)) = (input, output) {
            return (Box::new(input), Box::new(output));
        }
    }
    (Box::new(tokio::io::stdin()), Box::new(tokio::io::stdout()))
}

/// Serves one MCP session over a byte stream (stdio, a pipe, a socket) until the peer
/// closes it. The moment the input ends, every run of the session is cancelled: a client
/// that goes away does not leave work behind.
pub async fn serve_io<R, W>(jac: Jacobian, read: R, write: W) -> Result<(), ServeError>
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    let session = CancellationToken::new();
    let read = CancelOnEof { inner: read, token: session.clone() };
    let running = JacobianServer::new(jac)
        .with_session(session.clone())
        .serve((read, write))
        .await
        .map_err(|e| ServeError::Protocol(e.to_string()))?;
    let quit = running.waiting().await;
    session.cancel();
    quit.map(|_| ()).map_err(|e| ServeError::Protocol(e.to_string()))
}

/// A reader that cancels a token when its input ends or fails.
struct CancelOnEof<R> {
    inner: R,
    token: CancellationToken,
}

impl<R: AsyncRead + Unpin> AsyncRead for CancelOnEof<R> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.inner).poll_read(cx, buf);
        match &polled {
            Poll::Ready(Ok(())) if buf.filled().len() == before && buf.remaining() > 0 => self.token.cancel(),
            Poll::Ready(Err(_)) => self.token.cancel(),
            _ => {}
        }
        polled
    }
}

pub(crate) async fn shutdown_signal() {
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
