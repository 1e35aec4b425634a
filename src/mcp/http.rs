//! Streamable HTTP: the MCP endpoint at `/mcp`, `/healthz` (the process lives), `/readyz`
//! (it takes runs: not shutting down, its shared store answers; 503 otherwise, so a load
//! balancer sends nothing to a replica that cannot serve) and Prometheus `/metrics`.
//!
//! Every route first passes the guard: the `Host` header must name an allowed host (loopback
//! names, plus the operator's), a present `Origin` must be an allowed origin (a missing one is
//! accepted: it is not a browser), both answered with 403 otherwise. With a token file, `/mcp`
//! then needs `Authorization: Bearer <token>` (401 otherwise) and the request runs as the
//! token's tenant, seeing only that tenant's artifacts, experiments and reasoning log. Bodies
//! over the limit are refused with 413 by the MCP transport. Tokens are never logged.

use std::sync::{Arc, OnceLock};

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{Next, from_fn_with_state};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use rmcp::transport::StreamableHttpService;
use rmcp::transport::streamable_http_server::StreamableHttpServerConfig;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use serde_json::json;

use super::{HttpOptions, JacobianServer, ServeError, Tokens};
use crate::Jacobian;

/// Host names always allowed (the server binds loopback by default).
const LOOPBACK_HOSTS: [&str; 3] = ["localhost", "127.0.0.1", "::1"];

struct Guard {
    hosts: Vec<String>,
    origins: Vec<String>,
    tokens: Option<Tokens>,
}

#[derive(Clone)]
struct AppState {
    jac: Jacobian,
    guard: Arc<Guard>,
}

/// The process-wide Prometheus recorder; `None` when another recorder was installed first
/// (an embedder's), in which case `/metrics` says so.
fn prometheus() -> Option<&'static PrometheusHandle> {
    static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();
    HANDLE.get_or_init(|| PrometheusBuilder::new().install_recorder().ok()).as_ref()
}

/// The host name of a `Host` header value, without port or IPv6 brackets, lowercased.
fn host_name(value: &str) -> String {
    let value = value.trim();
    let name = if let Some(rest) = value.strip_prefix('[') {
        rest.split(']').next().unwrap_or("")
    } else {
        match value.rsplit_once(':') {
            Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
            _ => value,
        }
    };
    name.to_ascii_lowercase()
}

fn normalize_origin(value: &str) -> String {
    value.trim().trim_end_matches('/').to_ascii_lowercase()
}

impl Guard {
    fn check(&self, headers: &HeaderMap) -> Result<(), (StatusCode, &'static str)> {
        let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).map(host_name);
        match host {
            Some(h) if self.hosts.contains(&h) => {}
            _ => return Err((StatusCode::FORBIDDEN, "host not allowed")),
        }
        if let Some(origin) = headers.get(header::ORIGIN) {
            let origin = origin.to_str().map(normalize_origin).unwrap_or_default();
            if !self.origins.contains(&origin) {
                return Err((StatusCode::FORBIDDEN, "origin not allowed"));
            }
        }
        Ok(())
    }
}

fn refuse(status: StatusCode, reason: &str) -> Response {
    let mut response = (status, axum::Json(json!({"error": reason}))).into_response();
    if status == StatusCode::UNAUTHORIZED {
        response.headers_mut().insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer realm=\"jacobian\""));
    }
    response
}

async fn guard(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    if let Err((status, reason)) = state.guard.check(request.headers()) {
        return refuse(status, reason);
    }
    if request.uri().path().starts_with("/mcp")
        && let Some(tokens) = &state.guard.tokens
    {
        let header = request.headers().get(header::AUTHORIZATION).and_then(|h| h.to_str().ok());
        match tokens.check(header).await {
            Ok(Some(tenant)) => {
                request.extensions_mut().insert(tenant);
            }
            Ok(None) => return refuse(StatusCode::UNAUTHORIZED, "a valid bearer token is required"),
            Err(e) => {
                tracing::error!(error = %e, "the tenant registry could not be read");
                return refuse(StatusCode::SERVICE_UNAVAILABLE, "the tenant registry could not be read; retry");
            }
        }
    }
    next.run(request).await
}

/// A request body that stalls for longer than the client timeout ends in an error (the
/// transport answers it as a bad request) instead of holding its connection.
async fn body_timeout(State(timeout): State<std::time::Duration>, request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    let body = axum::body::Body::new(tower_http::timeout::TimeoutBody::new(timeout, body));
    next.run(Request::from_parts(parts, body)).await
}

async fn healthz(State(state): State<AppState>) -> Response {
    let health: Vec<_> = state
        .jac
        .health()
        .into_iter()
        .map(|(id, h)| json!({"capability_id": id, "status": crate::render::wire(&h.status)}))
        .collect();
    axum::Json(json!({
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "in_flight": state.jac.in_flight(),
        "catalog_digest": state.jac.catalog_digest().prefixed(),
        "capabilities": health,
    }))
    .into_response()
}

async fn readyz(State(state): State<AppState>) -> Response {
    let jac = state.jac.clone();
    match tokio::task::spawn_blocking(move || jac.ready()).await {
        Ok(Ok(())) => axum::Json(json!({"status": "ready"})).into_response(),
        Ok(Err(reason)) => {
            (StatusCode::SERVICE_UNAVAILABLE, axum::Json(json!({"status": "not ready", "reason": reason})))
                .into_response()
        }
        Err(_) => refuse(StatusCode::SERVICE_UNAVAILABLE, "the readiness check failed"),
    }
}

async fn metrics() -> Response {
    match prometheus() {
        Some(handle) => {
            ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], handle.render()).into_response()
        }
        None => refuse(StatusCode::SERVICE_UNAVAILABLE, "another metrics recorder is installed in this process"),
    }
}

/// What one connection is doing: how many responses are still being sent, and since when it
/// has been idle (the end of its last response, or its opening).
struct Activity {
    busy: std::sync::atomic::AtomicUsize,
    since: std::sync::Mutex<std::time::Instant>,
}

impl Activity {
    fn new() -> Arc<Self> {
        Arc::new(Activity { busy: 0.into(), since: std::sync::Mutex::new(std::time::Instant::now()) })
    }

    /// How long the connection has been idle; `None` while a response is being sent.
    fn idle(&self) -> Option<std::time::Duration> {
        if self.busy.load(std::sync::atomic::Ordering::SeqCst) > 0 {
            return None;
        }
        Some(self.since.lock().map(|t| t.elapsed()).unwrap_or_default())
    }
}

/// Held by a response from its request until its body is sent or dropped.
struct Busy(Arc<Activity>);

impl Busy {
    fn start(activity: &Arc<Activity>) -> Self {
        activity.busy.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Busy(Arc::clone(activity))
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        if let Ok(mut since) = self.0.since.lock() {
            *since = std::time::Instant::now();
        }
        self.0.busy.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
    }
}

/// A response body that keeps its connection busy until it ends (an event stream included).
struct Tracked {
    body: axum::body::Body,
    _busy: Busy,
}

impl hyper::body::Body for Tracked {
    type Data = <axum::body::Body as hyper::body::Body>::Data;
    type Error = <axum::body::Body as hyper::body::Body>::Error;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<hyper::body::Frame<Self::Data>, Self::Error>>> {
        std::pin::Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        self.body.size_hint()
    }
}

/// Serves `app` on `listener` until `shutdown` resolves, then lets open connections finish.
/// A connection that sends nothing for `client_timeout`, whose request headers take longer than
/// that to arrive, or that is kept alive with no request for that long, is closed (the router's
/// body timeout covers stalled bodies).
pub async fn serve(
    listener: tokio::net::TcpListener,
    app: Router,
    client_timeout: std::time::Duration,
    shutdown: impl std::future::Future<Output = ()>,
) -> std::io::Result<()> {
    use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
    use hyper_util::server::conn::auto::Builder;
    use hyper_util::service::TowerToHyperService;

    let (closing, closed) = tokio::sync::watch::channel(());
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, _) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of descriptors or a reset before accept: keep serving the others.
                Err(_) => {
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let inner = TowerToHyperService::new(app.clone());
        let mut closed = closed.clone();
        tokio::spawn(async move {
            // A client that connects and sends nothing is cut off like one that never finishes
            // its headers (hyper's header timeout starts at the first byte).
            let mut first = [0u8; 1];
            if !matches!(tokio::time::timeout(client_timeout, stream.peek(&mut first)).await, Ok(Ok(1))) {
                return;
            }
            // Every response holds the connection busy until its body is sent or dropped.
            let activity = Activity::new();
            let watched = Arc::clone(&activity);
            let service = hyper::service::service_fn(move |request| {
                let busy = Busy::start(&watched);
                let response = hyper::service::Service::call(&inner, request);
                async move {
                    let response = response.await?;
                    Ok::<_, std::convert::Infallible>(response.map(|body| Tracked { body, _busy: busy }))
                }
            });
            let mut builder = Builder::new(TokioExecutor::new());
            builder.http1().timer(TokioTimer::new()).header_read_timeout(client_timeout);
            let mut conn = std::pin::pin!(builder.serve_connection_with_upgrades(TokioIo::new(stream), service));
            // A kept-alive connection with no request for the client timeout is closed.
            let mut watch = tokio::time::interval((client_timeout / 4).max(std::time::Duration::from_millis(10)));
            let mut closing = false;
            loop {
                tokio::select! {
                    _ = conn.as_mut() => break,
                    _ = closed.changed() => {
                        conn.as_mut().graceful_shutdown();
                        let _ = conn.as_mut().await;
                        break;
                    }
                    _ = watch.tick(), if !closing => {
                        if activity.idle().is_some_and(|idle| idle >= client_timeout) {
                            conn.as_mut().graceful_shutdown();
                            closing = true;
                        }
                    }
                }
            }
        });
    }
    drop(closed);
    let _ = closing.send(());
    closing.closed().await;
    Ok(())
}

/// The HTTP application: `/mcp`, `/healthz`, `/readyz`, `/metrics`, behind the guard.
pub fn router(jac: Jacobian, options: &HttpOptions) -> Result<Router, ServeError> {
    let _ = prometheus();
    let mut tokens = options.tokens.as_deref().map(Tokens::load).transpose().map_err(ServeError::Tokens)?;
    if options.store_tokens {
        let db = jac
            .shared_database()
            .ok_or_else(|| ServeError::Tokens("--store-tokens needs a shared store (--store or [store] url)".into()))?;
        tokens = Some(tokens.unwrap_or_default().with_registry(db));
    }
    let mut hosts: Vec<String> = LOOPBACK_HOSTS.iter().map(|h| h.to_string()).collect();
    hosts.extend(options.allow_hosts.iter().map(|h| host_name(h)));
    let origins: Vec<String> = options.allow_origins.iter().map(|o| normalize_origin(o)).collect();
    let config = StreamableHttpServerConfig::default()
        // Stateless: every request carries its own response stream, so a client that goes away
        // cancels its runs (nothing here needs a session; tenants come from tokens).
        .with_legacy_session_mode(false)
        // The guard has checked Host already, with the same list; rmcp compares authorities.
        .disable_allowed_hosts()
        .with_allowed_origins(origins.clone())
        .enforce_origin_validation()
        .with_max_request_body_bytes(options.max_body);
    let server = JacobianServer::new(jac.clone());
    let mcp = StreamableHttpService::new(move || Ok(server.clone()), Arc::new(LocalSessionManager::default()), config);
    let state = AppState { jac, guard: Arc::new(Guard { hosts, origins, tokens }) };
    Ok(Router::new()
        .nest_service("/mcp", mcp)
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
        .layer(from_fn_with_state(options.client_timeout, body_timeout))
        .layer(from_fn_with_state(state.clone(), guard))
        .with_state(state))
}

/// A worker node's HTTP application: `/healthz` and `/metrics` (it serves no MCP).
pub fn worker_router() -> Router {
    let _ = prometheus();
    Router::new()
        .route("/healthz", get(|| async { axum::Json(json!({"status": "ok"})) }))
        .route("/metrics", get(metrics))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_names_drop_ports_and_brackets() {
        assert_eq!(host_name("127.0.0.1:8765"), "127.0.0.1");
        assert_eq!(host_name("LocalHost"), "localhost");
        assert_eq!(host_name("[::1]:80"), "::1");
        assert_eq!(host_name("example.com"), "example.com");
        assert_eq!(host_name("evil.com:80:81"), "evil.com:80");
    }
}
