//! End to end over MCP with rmcp's client: the `jacobian` binary as a stdio child process,
//! and the Streamable HTTP application on 127.0.0.1, including its security guard.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use jacobian::Jacobian;
use jacobian::mcp::HttpOptions;
use jacobian::runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext};
use jacobian::runtime::contract::{AssuranceLevel, Diagnostic, InputKind, Mode, Provider};
use jacobian::runtime::typed::{Describe, Operation, Typed};
use jacobian::runtime::{CapabilityAdapter, Digest, Scope};
use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientRequest, GetPromptRequestParams, ProgressNotificationParam,
    ReadResourceRequestParams, ResourceContents,
};
use rmcp::service::{NotificationContext, PeerRequestOptions, RoleClient, RunningService};
use rmcp::transport::{ConfigureCommandExt, StreamableHttpClientTransport, TokioChildProcess};
use rmcp::{ClientHandler, ServiceExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

pub(crate) type Client = RunningService<RoleClient, Recorder>;

/// A client that records the progress notifications it receives.
#[derive(Clone, Default)]
pub(crate) struct Recorder {
    progress: Arc<Mutex<Vec<ProgressNotificationParam>>>,
}

impl ClientHandler for Recorder {
    async fn on_progress(&self, params: ProgressNotificationParam, _: NotificationContext<RoleClient>) {
        self.progress.lock().unwrap().push(params);
    }
}

// ---------------------------------------------------------------------------------------------
// A capability that reports progress every few milliseconds until cancelled or done.

struct Wait;

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct WaitInput {
    /// Steps of 5 ms.
    steps: u64,
}

impl Operation for Wait {
    type Input = WaitInput;
    type Output = Value;
    type Prepared = u64;
    fn describe(&self) -> Describe {
        Describe {
            id: "test.wait",
            title: "Wait with progress",
            outcome: "Waits, reporting progress, until done or cancelled.",
            description: "Test fixture for progress and cancellation.",
            tags: &["test"],
            modes: &[Mode::Explore],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[],
            assurance_ceiling: AssuranceLevel::Computed,
            scope_rule: "Nothing.",
            read_only: true,
            writes_artifacts: false,
            evidence_kinds: &[],
            relationships: &[],
        }
    }
    fn provider(&self) -> Provider {
        jacobian_adapters::backends::jacobian_builtin("test.wait")
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![]
    }
    fn prepare(&self, input: WaitInput, _: &PrepareContext) -> Result<u64, Vec<Diagnostic>> {
        Ok(input.steps)
    }
    fn run(&self, steps: u64, ctx: &AdapterContext) -> Result<Outcome<Value>, AdapterError> {
        for done in 0..steps {
            ctx.checkpoint()?;
            ctx.progress(done, Some(steps), Some(format!("step {done}")));
            std::thread::sleep(Duration::from_millis(5));
        }
        Ok(Outcome::computed(json!({"steps": steps}), Scope::exact_input("the step count", Digest::of_bytes(b""))))
    }
}

async fn runtime_with_wait() -> Jacobian {
    jacobian::builder()
        .adapters([Arc::new(Typed::new(Wait)) as Arc<dyn CapabilityAdapter>])
        .build()
        .await
        .expect("jacobian")
}

// ---------------------------------------------------------------------------------------------
// Helpers.

fn structured(result: &CallToolResult) -> Value {
    result.structured_content.clone().expect("structured content")
}

fn text(result: &CallToolResult) -> String {
    result.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect::<Vec<_>>().join("\n")
}

async fn call(client: &Client, tool: &'static str, args: Value) -> CallToolResult {
    let Value::Object(args) = args else { panic!("arguments must be an object") };
    client.call_tool(CallToolRequestParams::new(tool).with_arguments(args)).await.expect("tools/call")
}

pub(crate) async fn read(client: &Client, uri: &str) -> Result<ResourceContents, rmcp::ServiceError> {
    let mut r = client.read_resource(ReadResourceRequestParams::new(uri)).await?;
    Ok(r.contents.remove(0))
}

fn contents_text(c: &ResourceContents) -> String {
    match c {
        ResourceContents::TextResourceContents { text, .. } => text.clone(),
        other => panic!("expected text contents, got {other:?}"),
    }
}

/// Sends `math.run` as a cancellable request, cancels it after 300 ms, and waits for the
/// run's episode under `experiment` to say CANCELLED.
pub(crate) async fn cancel_while_running<H: ClientHandler>(
    client: &RunningService<RoleClient, H>,
    capability: &str,
    input: Value,
    experiment: &str,
) {
    let mut args = serde_json::Map::new();
    args.insert("capability_id".into(), json!(capability));
    args.insert("input".into(), input);
    args.insert("experiment_id".into(), json!(experiment));
    let request = ClientRequest::CallToolRequest(rmcp::model::CallToolRequest::new(
        CallToolRequestParams::new("math.run").with_arguments(args),
    ));
    let handle = client.send_cancellable_request(request, PeerRequestOptions::no_options()).await.expect("send");
    tokio::time::sleep(Duration::from_millis(300)).await;
    handle.cancel(Some("test".into())).await.expect("notifications/cancelled");
    let uri = format!("experiment://{experiment}");
    let mut seen = String::new();
    for _ in 0..200 {
        if let Ok(r) = client.read_resource(ReadResourceRequestParams::new(uri.clone())).await {
            seen = contents_text(&r.contents[0]);
            if seen.contains("CANCELLED") {
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert!(seen.contains("CANCELLED"), "{capability}: the cancelled run's episode: {seen}");
}

pub(crate) async fn read_json(client: &Client, uri: &str) -> Value {
    let c = read(client, uri).await.unwrap_or_else(|e| panic!("{uri}: {e}"));
    serde_json::from_str(&contents_text(&c)).expect("json resource")
}

async fn stdio_client(extra: &[&str]) -> Client {
    let home = tempfile::tempdir().expect("tempdir").keep();
    let transport =
        TokioChildProcess::new(tokio::process::Command::new(env!("CARGO_BIN_EXE_jacobian")).configure(|c| {
            c.arg("serve").arg("--home").arg(&home).args(extra);
        }))
        .expect("spawn jacobian serve");
    Recorder::default().serve(transport).await.expect("initialize over stdio")
}

pub(crate) async fn http_server(jac: Jacobian, tokens: Option<&str>, max_body: usize) -> (String, tempfile::TempDir) {
    http_server_with(jac, tokens, max_body, false).await
}

/// [`http_server`], also accepting the tokens of the shared store's registry when `store_tokens`.
pub(crate) async fn http_server_with(
    jac: Jacobian,
    tokens: Option<&str>,
    max_body: usize,
    store_tokens: bool,
) -> (String, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("tempdir");
    let tokens = tokens.map(|t| {
        let path = dir.path().join("tokens.toml");
        std::fs::write(&path, t).expect("write tokens");
        path
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    let options = HttpOptions {
        addr,
        tokens,
        store_tokens,
        allow_hosts: vec![],
        allow_origins: vec!["https://app.example.org".into()],
        max_body,
        client_timeout: std::time::Duration::from_secs(10),
    };
    let app = jacobian::mcp::http::router(jac, &options).expect("router");
    tokio::spawn(jacobian::mcp::http::serve(listener, app, options.client_timeout, std::future::pending()));
    (format!("127.0.0.1:{}", addr.port()), dir)
}

/// Stores the path on three vertices through `client` in experiment `experiment`; its URI.
pub(crate) async fn put_path_on_three_vertices(client: &Client, experiment: &str) -> String {
    let put = structured(
        &call(
            client,
            "math.run",
            json!({"capability_id": "artifact.put", "experiment_id": experiment,
                   "input": {"object_type": "simple_graph", "object": {"order": 3, "edges": [[0, 1], [1, 2]]}}}),
        )
        .await,
    );
    assert_eq!(put["execution"]["status"], "SUCCEEDED", "{put}");
    put["output"]["uri"].as_str().expect("uri").to_owned()
}

pub(crate) async fn http_client(addr: &str, token: Option<&str>) -> Result<Client, String> {
    let mut config = rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig::with_uri(format!(
        "http://{addr}/mcp"
    ));
    if let Some(token) = token {
        config = config.auth_header(token);
    }
    let transport = StreamableHttpClientTransport::from_config(config);
    Recorder::default().serve(transport).await.map_err(|e| e.to_string())
}

/// One raw HTTP/1.1 exchange; returns the status code and the body.
pub(crate) async fn raw_http(addr: &str, request: &str, body: &[u8]) -> (u16, String) {
    let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    stream.write_all(request.as_bytes()).await.expect("write head");
    let _ = stream.write_all(body).await;
    let mut response = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut response)).await;
    let response = String::from_utf8_lossy(&response).into_owned();
    let status = response.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, response)
}

pub(crate) fn post_mcp(host: &str, extra_headers: &str, body_len: usize) -> String {
    format!(
        "POST /mcp HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\n{extra_headers}Content-Length: {body_len}\r\nConnection: close\r\n\r\n"
    )
}

const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}"#;

// ---------------------------------------------------------------------------------------------
// The shared tour: everything a client does, over any transport.

async fn tour(client: &Client) {
    // initialize happened in `serve`; the server says who it is.
    let info = client.peer_info().expect("server info");
    assert_eq!(info.server_info.as_ref().map(|s| s.name.as_str()), Some("jacobian"));
    assert!(info.instructions.as_deref().is_some_and(|i| i.contains("math.find")));

    // tools/list: exactly the two tools, schemas common clients accept.
    let tools = client.list_all_tools().await.expect("tools/list");
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    assert_eq!(names, ["math.find", "math.run"]);
    for t in &tools {
        assert_eq!(t.input_schema.get("type"), Some(&json!("object")), "{}", t.name);
        assert!(t.input_schema.get("oneOf").is_none() && t.input_schema.get("anyOf").is_none());
        assert!(t.output_schema.is_some(), "{}", t.name);
    }

    // math.find: search ranks gcd first; browse pages through every id once; inspect.
    let found = call(client, "math.find", json!({"query": "greatest common divisor"})).await;
    assert_ne!(found.is_error, Some(true));
    let found = structured(&found);
    assert_eq!(found["matches"][0]["capability_id"], "integer.compute.gcd");
    assert_eq!(found["portfolio_fit"], "STRONG");
    assert!(found["catalog_digest"].as_str().is_some_and(|d| d.starts_with("sha256:")));
    let mut seen = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let mut args = json!({"limit": 1});
        if let Some(c) = &cursor {
            args["cursor"] = json!(c);
        }
        let page = structured(&call(client, "math.find", args).await);
        assert_eq!(page["kind"], "BROWSE");
        for m in page["matches"].as_array().expect("matches") {
            seen.push(m["capability_id"].as_str().expect("id").to_owned());
        }
        match page["next_cursor"].as_str() {
            Some(c) => cursor = Some(c.to_owned()),
            None => break,
        }
    }
    let mut unique = seen.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(seen.len(), unique.len(), "browse repeated an id: {seen:?}");
    assert!(seen.contains(&"integer.compute.gcd".to_owned()) && seen.contains(&"artifact.put".to_owned()));
    let inspected = structured(
        &call(client, "math.find", json!({"capability_id": "integer.compute.gcd", "view": "CONTRACT"})).await,
    );
    assert_eq!(inspected["kind"], "INSPECT");
    assert_eq!(inspected["capability"]["capability_id"], "integer.compute.gcd");
    let bad_find = call(client, "math.find", json!({"limit": 99})).await;
    assert_eq!(bad_find.is_error, Some(true));
    assert!(text(&bad_find).contains("/limit"), "{}", text(&bad_find));

    // math.run: EXPLORE, VERIFY, an invalid input (isError + path), and protocol misuse.
    let explore = call(
        client,
        "math.run",
        json!({"capability_id": "integer.compute.gcd", "input": {"a": 84, "b": 36}, "experiment_id": "tour"}),
    )
    .await;
    assert_ne!(explore.is_error, Some(true));
    let r = structured(&explore);
    assert_eq!(r["execution"]["status"], "SUCCEEDED");
    assert_eq!(r["output"]["gcd"], "12");
    assert_eq!(r["assurance"]["level"], "COMPUTED");
    assert!(text(&explore).contains("SUCCEEDED") && text(&explore).contains("COMPUTED"));
    let verify = structured(
        &call(
            client,
            "math.run",
            json!({"capability_id": "integer.compute.gcd", "mode": "VERIFY", "input": {"a": 84, "b": 36}, "experiment_id": "tour"}),
        )
        .await,
    );
    assert_eq!(verify["assurance"]["level"], "VERIFIED");
    let record_uri = verify["assurance"]["verification_record"].as_str().expect("record").to_owned();
    let invalid = call(client, "math.run", json!({"capability_id": "integer.compute.gcd", "input": {"a": 84}})).await;
    assert_eq!(invalid.is_error, Some(true));
    let invalid = structured(&invalid);
    assert_eq!(invalid["execution"]["status"], "INVALID_REQUEST");
    assert_eq!(invalid["execution"]["diagnostics"][0]["path"], "/input/b");
    let unknown = client.call_tool(CallToolRequestParams::new("math.nothing")).await;
    assert!(unknown.is_err(), "an unknown tool is a JSON-RPC error");

    // resources: the fixed ones, then each template.
    let listed = client.list_all_resources().await.expect("resources/list");
    let uris: Vec<&str> = listed.iter().map(|r| r.uri.as_str()).collect();
    assert_eq!(uris, ["jacobian://instructions", "capability://catalog", "reference://catalog"]);
    let templates = client.list_all_resource_templates().await.expect("resources/templates/list");
    assert_eq!(templates.len(), 5);
    let instructions = contents_text(&read(client, "jacobian://instructions").await.expect("instructions"));
    assert!(instructions.contains("VERIFIED") && instructions.contains("math.find"));
    let catalog = read_json(client, "capability://catalog").await;
    assert!(catalog.to_string().contains("integer.compute.gcd"));
    let reference = read_json(client, "reference://catalog").await;
    assert!(reference["scenarios"].as_array().is_some_and(|s| s.len() >= 2));
    let record = read_json(client, &record_uri).await;
    assert_eq!(record["verdict"], "ACCEPTED");
    let summary = read_json(client, "experiment://tour").await;
    assert!(summary.to_string().contains("SUCCEEDED"));
    for view in ["accounting", "scope", "archive"] {
        let v = read_json(client, &format!("experiment://tour/{view}")).await;
        assert!(v.is_object(), "experiment view {view}");
    }
    assert!(read(client, "experiment://never-ran").await.is_err());
    assert!(read(client, &format!("artifact://sha256/{}", "0".repeat(64))).await.is_err());
    assert!(read(client, "nothing://here").await.is_err());

    // prompts.
    let prompts = client.list_all_prompts().await.expect("prompts/list");
    let names: Vec<&str> = prompts.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["jacobian-discover", "jacobian-check-evidence"]);
    let mut args = serde_json::Map::new();
    args.insert("goal".into(), json!("count triangles in a graph"));
    let p = client
        .get_prompt(GetPromptRequestParams::new("jacobian-discover").with_arguments(args))
        .await
        .expect("prompts/get");
    assert!(format!("{:?}", p.messages).contains("count triangles"));
    let missing = client.get_prompt(GetPromptRequestParams::new("jacobian-check-evidence")).await;
    assert!(missing.is_err(), "a prompt without its required arguments is an error");

    replay_reference_catalog(client, &reference).await;
}

/// Replaces every string that refers to an earlier step (`$previous:/ptr`, `$step:N:/ptr`).
fn substitute(value: &mut Value, resolve: &dyn Fn(&str) -> Value) {
    match value {
        Value::String(s) if s.starts_with("$previous:") || s.starts_with("$step:") => *value = resolve(s),
        Value::Array(items) => items.iter_mut().for_each(|v| substitute(v, resolve)),
        Value::Object(map) => map.values_mut().for_each(|v| substitute(v, resolve)),
        _ => {}
    }
}

/// Replays every scenario of `reference://catalog` and checks each expectation.
async fn replay_reference_catalog(client: &Client, catalog: &Value) {
    for scenario in catalog["scenarios"].as_array().expect("scenarios") {
        let id = scenario["id"].as_str().expect("id");
        let mut outputs: Vec<Value> = Vec::new();
        for (i, step) in scenario["steps"].as_array().expect("steps").iter().enumerate() {
            let resolve = |reference: &str, outputs: &[Value]| -> Value {
                if let Some(ptr) = reference.strip_prefix("$previous:") {
                    return outputs.last().and_then(|o| o.pointer(ptr)).cloned().unwrap_or(Value::Null);
                }
                if let Some(rest) = reference.strip_prefix("$step:") {
                    let (n, ptr) = rest.split_once(':').expect("$step:N:/ptr");
                    let n: usize = n.parse().expect("step index");
                    return outputs[n].pointer(ptr).cloned().unwrap_or(Value::Null);
                }
                Value::String(reference.to_owned())
            };
            let output = if let Some(tool) = step["tool"].as_str() {
                let tool: &'static str = if tool == "math.find" { "math.find" } else { "math.run" };
                let mut arguments = step["arguments"].clone();
                substitute(&mut arguments, &|r| resolve(r, &outputs));
                structured(&call(client, tool, arguments).await)
            } else {
                let uri = resolve(step["resource"].as_str().expect("resource"), &outputs);
                read_json(client, uri.as_str().expect("resource uri")).await
            };
            for (ptr, want) in step["expect"].as_object().expect("expect") {
                let want = match want.as_str() {
                    Some(s) if s.starts_with('$') => resolve(s, &outputs),
                    _ => want.clone(),
                };
                assert_eq!(output.pointer(ptr), Some(&want), "{id} step {i} {ptr}: {output}");
            }
            outputs.push(output);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Transports.

#[tokio::test]
async fn stdio_child_process_serves_the_whole_surface() {
    let client = stdio_client(&[]).await;
    tour(&client).await;
    client.cancel().await.expect("close");
}

/// Decimal digits from a fixed linear congruential sequence (no leading zero).
fn digits(n: usize, seed: u64) -> String {
    let mut x = seed;
    (0..n)
        .map(|_| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            char::from(b'1' + ((x >> 33) % 9) as u8)
        })
        .collect()
}

#[tokio::test]
async fn stdio_child_process_cancels_a_long_run() {
    // gcd of two 40,000-digit integers: seconds of work on a blocking thread, cancelled after 300 ms.
    let client = stdio_client(&[]).await;
    let input = json!({"a": digits(40_000, 1), "b": digits(40_000, 2)});
    cancel_while_running(&client, "integer.compute.gcd", input, "stdio-cancel").await;
    client.cancel().await.expect("close");
}

#[tokio::test]
async fn http_serves_the_whole_surface() {
    let (addr, _dir) = http_server(jacobian::builder().build().await.expect("jacobian"), None, 4 << 20).await;
    let client = http_client(&addr, None).await.expect("connect");
    tour(&client).await;
    client.cancel().await.expect("close");
}

/// Runs `test.wait` over a connected client: progress arrives as notifications, and a
/// cancelled request leaves a CANCELLED episode behind.
async fn progress_and_cancellation(client: &Client) {
    let progress = client.service().progress.clone();
    // 40 steps of 5 ms, reported at most every 50 ms: several notifications, in order.
    let done = call(client, "math.run", json!({"capability_id": "test.wait", "input": {"steps": 40}})).await;
    assert_eq!(structured(&done)["execution"]["status"], "SUCCEEDED");
    {
        let seen = progress.lock().unwrap();
        assert!(seen.len() >= 2, "progress notifications: {}", seen.len());
        assert!(seen.iter().all(|p| p.total == Some(40.0)));
        assert!(seen.windows(2).all(|w| w[0].progress <= w[1].progress));
    }

    let mut args = serde_json::Map::new();
    args.insert("capability_id".into(), json!("test.wait"));
    args.insert("input".into(), json!({"steps": 100_000}));
    args.insert("experiment_id".into(), json!("cancel-me"));
    let request = ClientRequest::CallToolRequest(rmcp::model::CallToolRequest::new(
        CallToolRequestParams::new("math.run").with_arguments(args),
    ));
    let handle = client.send_cancellable_request(request, PeerRequestOptions::no_options()).await.expect("send");
    // Wait until the run reports progress, then cancel it.
    let before = progress.lock().unwrap().len();
    for _ in 0..400 {
        if progress.lock().unwrap().len() > before {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert!(progress.lock().unwrap().len() > before, "the long run never reported progress");
    handle.cancel(Some("test".into())).await.expect("notifications/cancelled");
    let mut status = Value::Null;
    for _ in 0..400 {
        if let Ok(c) = read(client, "experiment://cancel-me").await {
            let v: Value = serde_json::from_str(&contents_text(&c)).expect("json");
            if v.to_string().contains("CANCELLED") {
                status = json!("CANCELLED");
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(status, "CANCELLED", "the cancelled run's episode");
}

#[tokio::test]
async fn http_forwards_progress_and_cancels_runs() {
    let (addr, _dir) = http_server(runtime_with_wait().await, None, 4 << 20).await;
    let client = http_client(&addr, None).await.expect("connect");
    progress_and_cancellation(&client).await;
    client.cancel().await.expect("close");
}

#[tokio::test]
async fn stream_transport_forwards_progress_and_cancels_runs() {
    // The stdio code path (rmcp over a byte stream), with the test capability installed.
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    let (read, write) = tokio::io::split(server_io);
    tokio::spawn(jacobian::mcp::serve_io(runtime_with_wait().await, read, write));
    let client = Recorder::default().serve(client_io).await.expect("initialize");
    progress_and_cancellation(&client).await;
    client.cancel().await.expect("close");
}

#[tokio::test]
async fn a_client_that_disconnects_cancels_its_runs() {
    let jac = runtime_with_wait().await;
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    let (read, write) = tokio::io::split(server_io);
    tokio::spawn(jacobian::mcp::serve_io(jac.clone(), read, write));
    let client = Recorder::default().serve(client_io).await.expect("initialize");
    let progress = client.service().progress.clone();
    let mut args = serde_json::Map::new();
    args.insert("capability_id".into(), json!("test.wait"));
    args.insert("input".into(), json!({"steps": 100_000}));
    args.insert("experiment_id".into(), json!("orphan"));
    let peer = client.peer().clone();
    let call =
        tokio::spawn(async move { peer.call_tool(CallToolRequestParams::new("math.run").with_arguments(args)).await });
    for _ in 0..400 {
        if !progress.lock().unwrap().is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert_eq!(jac.in_flight(), 1, "the run is in flight");
    client.cancel().await.expect("disconnect");
    let _ = call.await;
    for _ in 0..400 {
        if jac.in_flight() == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert_eq!(jac.in_flight(), 0, "the disconnected client's run was cancelled");
    let summary = jac.experiment(&jacobian::TenantId::local(), "orphan", jacobian::ExperimentView::Summary);
    assert!(summary.expect("episode recorded").to_string().contains("CANCELLED"));
}

#[tokio::test]
async fn an_http_client_that_disconnects_cancels_its_runs() {
    let jac = runtime_with_wait().await;
    let (addr, _dir) = http_server(jac.clone(), None, 4 << 20).await;
    let client = http_client(&addr, None).await.expect("connect");
    let progress = client.service().progress.clone();
    let mut args = serde_json::Map::new();
    args.insert("capability_id".into(), json!("test.wait"));
    args.insert("input".into(), json!({"steps": 100_000}));
    let peer = client.peer().clone();
    let call =
        tokio::spawn(async move { peer.call_tool(CallToolRequestParams::new("math.run").with_arguments(args)).await });
    for _ in 0..400 {
        if !progress.lock().unwrap().is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert_eq!(jac.in_flight(), 1, "the run is in flight");
    call.abort();
    client.cancel().await.expect("disconnect");
    for _ in 0..400 {
        if jac.in_flight() == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert_eq!(jac.in_flight(), 0, "the disconnected client's run was cancelled");
}

// ---------------------------------------------------------------------------------------------
// HTTP security.

pub(crate) const TOKENS: &str = "[[token]]\ntenant = \"alice\"\ntoken = \"alice-0123456789abcdef\"\n\
                      [[token]]\ntenant = \"bob\"\ntoken = \"bob-0123456789abcdef\"\n";

#[tokio::test]
async fn http_refuses_bad_hosts_origins_tokens_and_bodies() {
    let (addr, _dir) = http_server(jacobian::builder().build().await.expect("jacobian"), Some(TOKENS), 64 * 1024).await;
    let auth = "Authorization: Bearer alice-0123456789abcdef\r\n";
    let body = INITIALIZE.as_bytes();

    let (status, _) = raw_http(&addr, &post_mcp("evil.example.com", auth, body.len()), body).await;
    assert_eq!(status, 403, "bad Host");
    let (status, _) =
        raw_http(&addr, &post_mcp(&addr, &format!("{auth}Origin: https://evil.example.com\r\n"), body.len()), body)
            .await;
    assert_eq!(status, 403, "bad Origin");
    let (status, response) =
        raw_http(&addr, &post_mcp(&addr, &format!("{auth}Origin: https://app.example.org\r\n"), body.len()), body)
            .await;
    assert_eq!(status, 200, "allowed Origin: {response}");
    let (status, response) = raw_http(&addr, &post_mcp(&addr, auth, body.len()), body).await;
    assert_eq!(status, 200, "missing Origin is accepted: {response}");
    assert!(!response.contains("alice-0123456789abcdef"), "the token is never echoed");
    let (status, response) = raw_http(&addr, &post_mcp(&addr, "", body.len()), body).await;
    assert_eq!(status, 401, "missing token");
    assert!(response.to_ascii_lowercase().contains("www-authenticate: bearer"));
    let (status, _) =
        raw_http(&addr, &post_mcp(&addr, "Authorization: Bearer alice-0123456789abcdeX\r\n", body.len()), body).await;
    assert_eq!(status, 401, "invalid token");
    let big = vec![b' '; 200 * 1024];
    let (status, _) = raw_http(&addr, &post_mcp(&addr, auth, big.len()), &big).await;
    assert_eq!(status, 413, "oversized body");

    let (status, response) =
        raw_http(&addr, &format!("GET /healthz HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"), b"").await;
    assert_eq!(status, 200, "{response}");
    assert!(response.contains("\"status\":\"ok\""));
    let (status, _) =
        raw_http(&addr, "GET /healthz HTTP/1.1\r\nHost: evil.example.com\r\nConnection: close\r\n\r\n", b"").await;
    assert_eq!(status, 403, "the guard covers every route");
    let (status, response) =
        raw_http(&addr, &format!("GET /metrics HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"), b"").await;
    assert_eq!(status, 200, "{response}");
}

#[tokio::test]
async fn tenants_see_only_their_own_artifacts_and_experiments() {
    let (addr, _dir) = http_server(jacobian::builder().build().await.expect("jacobian"), Some(TOKENS), 4 << 20).await;
    assert!(http_client(&addr, None).await.is_err(), "no token, no session");
    assert!(http_client(&addr, Some("wrong-0123456789abcdef")).await.is_err(), "bad token, no session");
    let alice = http_client(&addr, Some("alice-0123456789abcdef")).await.expect("alice");
    let bob = http_client(&addr, Some("bob-0123456789abcdef")).await.expect("bob");

    let uri = put_path_on_three_vertices(&alice, "alice-work").await;
    assert_eq!(read_json(&alice, &uri).await["order"], 3);
    assert!(read(&bob, &uri).await.is_err(), "another tenant's artifact is not found");
    assert!(read(&alice, "experiment://alice-work").await.is_ok());
    assert!(read(&bob, "experiment://alice-work").await.is_err(), "another tenant's experiment is not found");
    // Metrics per tenant: alice's run and her store.
    let (status, metrics) =
        raw_http(&addr, &format!("GET /metrics HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"), b"").await;
    assert_eq!(status, 200);
    for line in ["jacobian_tenant_runs_total{tenant=\"alice\"}", "jacobian_tenant_artifacts{tenant=\"alice\"} 1"] {
        assert!(metrics.contains(line), "{line} in {metrics}");
    }
    alice.cancel().await.expect("close");
    bob.cancel().await.expect("close");
}

#[test]
fn the_token_file_is_checked_before_serving() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("tokens.toml");
    std::fs::write(&path, "[[token]]\ntenant = \"a\"\ntoken = \"short\"\n").expect("write");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_jacobian"))
        .args(["serve", "--in-memory", "--http", "127.0.0.1:0", "--tokens"])
        .arg(&path)
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(5));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("token[0].token") && !stderr.contains("short\""), "{stderr}");
}

#[tokio::test]
async fn reasoning_write_is_listed_and_enforced_only_when_the_log_is_on() {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = dir.path().join("operator.toml");
    std::fs::write(&config, "[reasoning]\nmode = \"REQUIRED\"\n").expect("write config");
    let config = config.to_str().expect("utf-8 path");
    let client = stdio_client(&["--config", config]).await;
    let names: Vec<String> =
        client.list_all_tools().await.expect("tools/list").into_iter().map(|t| t.name.to_string()).collect();
    assert_eq!(names, ["math.find", "math.run", "reasoning.write"]);

    let gcd = json!({"capability_id": "integer.compute.gcd", "input": {"a": 84, "b": 36}});
    let refused = call(&client, "math.run", gcd.clone()).await;
    assert_eq!(refused.is_error, Some(true), "REQUIRED mode refuses a run without reasoning ids");

    let plan = structured(&call(&client, "reasoning.write", json!({"kind": "PLAN", "summary": "compute a gcd"})).await);
    let run_id = plan["run_id"].as_str().expect("run id").to_owned();
    let before = structured(
        &call(
            &client,
            "reasoning.write",
            json!({"kind": "BEFORE_TOOL", "run_id": run_id, "capability_id": "integer.compute.gcd", "summary": "gcd(84, 36)"}),
        )
        .await,
    );
    let call_id = before["call_id"].as_str().expect("call id").to_owned();
    let mut bound = gcd.clone();
    bound["reasoning_run_id"] = json!(run_id);
    bound["reasoning_call_id"] = json!(call_id);
    let ran = structured(&call(&client, "math.run", bound).await);
    assert_eq!(ran["execution"]["status"], "SUCCEEDED", "{ran}");
    let after = structured(
        &call(
            &client,
            "reasoning.write",
            json!({"kind": "AFTER_TOOL", "run_id": run_id, "call_id": call_id, "summary": "gcd is 12",
                   "reported": {"status": "SUCCEEDED", "assurance": "VERIFIED"}}),
        )
        .await,
    );
    assert_eq!(after["binding"]["matches"], false, "an overstated assurance is recorded as a mismatch: {after}");
    assert_eq!(after["binding"]["actual"]["assurance"], "COMPUTED");
    client.cancel().await.expect("close");

    let off = stdio_client(&[]).await;
    let names: Vec<String> =
        off.list_all_tools().await.expect("tools/list").into_iter().map(|t| t.name.to_string()).collect();
    assert_eq!(names, ["math.find", "math.run"]);
    let hidden = off.call_tool(CallToolRequestParams::new("reasoning.write")).await;
    assert!(hidden.is_err(), "reasoning.write does not exist when the log is off");
    off.cancel().await.expect("close");
}
