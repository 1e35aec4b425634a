//! The MCP server handler: two tools (three with a reasoning log), the resources and the
//! prompts, all projected from one [`Jacobian`] handle.

use std::borrow::Cow;
use std::sync::Arc;

use jacobian_runtime::ArtifactUri;
use jacobian_runtime::catalog::FindResponse;
use jacobian_runtime::policy::ReasoningMode;
use jacobian_runtime::schema::schema_for;
use rmcp::ErrorData;
use rmcp::handler::server::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, GetPromptRequestParams, GetPromptResponse,
    GetPromptResult, Implementation, InitializeResult, JsonObject, ListPromptsResult, ListResourceTemplatesResult,
    ListResourcesResult, ListToolsResult, PaginatedRequestParams, ProgressNotificationParam, Prompt, PromptArgument,
    PromptMessage, ProtocolVersion, ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, Resource,
    ResourceContents, ResourceTemplate, Role, ServerCapabilities, Tool, ToolAnnotations,
};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Value, json};
use tokio::sync::mpsc::unbounded_channel;
use tokio_util::sync::CancellationToken;

use crate::render::{find_text, result_text};
use crate::{ExperimentView, Jacobian, ReasoningEntry, RunOptions, TenantId};

/// The operating model, served as `jacobian://instructions`.
pub const INSTRUCTIONS: &str = include_str!("instructions.md");
/// The worked reference scenarios, served as `reference://catalog`.
pub const REFERENCE_CATALOG: &str = include_str!("reference.json");

const FIND: &str = "math.find";
const RUN: &str = "math.run";
const REASONING: &str = "reasoning.write";

const SHORT_INSTRUCTIONS: &str = "Jacobian runs mathematical capabilities with typed, checkable results. \
Discover with math.find (search, browse, or inspect one capability's CONTRACT), then call math.run. \
Read every dimension of a result: execution status, output, scope, completeness and assurance; only \
VERIFIED means an independent checker accepted evidence for exactly that claim. The resource \
jacobian://instructions has the full operating model.";

/// The tools' definitions, built once.
struct Catalog {
    find: Tool,
    run: Tool,
    reasoning: Tool,
}

fn object_schema(mut schema: Value) -> Arc<JsonObject> {
    if let Some(obj) = schema.as_object_mut() {
        obj.remove("$schema");
        obj.insert("type".into(), json!("object"));
    }
    match schema {
        Value::Object(map) => Arc::new(map),
        _ => Arc::new(JsonObject::new()),
    }
}

impl Catalog {
    fn new() -> Catalog {
        let mut run_input = schema_for::<jacobian_runtime::CapabilityRequest>();
        // `input` is checked against the capability's own schema at run time; to clients it is an object.
        run_input["properties"]["input"] = json!({
            "type": "object",
            "description": "The operation's input, validated against the capability's input schema \
                            (see math.find with view CONTRACT)."
        });
        let find = Tool::new(
            FIND,
            "Discover capabilities. Give `query` (words for the outcome you want) to search, nothing to browse \
             in id order, or `capability_id` with `view` SUMMARY | CONTRACT | FULL to inspect one exactly. \
             Filters: domain, mode, input_kind, artifact_type; `limit` 1-20; page with `cursor`. Answers carry \
             per-match relevance, an overall portfolio_fit, and recovery paths when nothing accepts your input.",
            object_schema(schema_for::<jacobian_runtime::catalog::FindRequest>()),
        )
        .with_title("Find mathematical capabilities")
        .with_raw_output_schema(object_schema(schema_for::<FindResponse>()))
        .with_annotations(ToolAnnotations::new().read_only(true).destructive(false).idempotent(true).open_world(false));
        let run = Tool::new(
            RUN,
            "Run one capability: {capability_id, mode (EXPLORE | VERIFY, default EXPLORE), input, budget?, \
             experiment_id?}. Returns the whole typed result: execution status, output, scope, completeness, \
             assurance, obligations, artifact URIs and provenance. VERIFY asks an operator-authorized checker \
             to replay the producer's evidence; only an accepted check yields VERIFIED.",
            object_schema(run_input),
        )
        .with_title("Run a mathematical capability")
        .with_raw_output_schema(object_schema(schema_for::<jacobian_runtime::CapabilityResult>()))
        .with_annotations(
            ToolAnnotations::new().read_only(false).destructive(false).idempotent(true).open_world(false),
        );
        let reasoning = Tool::new(
            REASONING,
            "Append a bounded reasoning-log entry: PLAN, BEFORE_TOOL (returns the ids the next math.run must \
             carry), AFTER_TOOL (what you believe the call returned; the server records whether it matches), \
             FINAL. Payloads and outputs are never copied into the log.",
            object_schema(schema_for::<ReasoningEntry>()),
        )
        .with_title("Write the reasoning log")
        .with_raw_output_schema(object_schema(schema_for::<crate::WriteAck>()))
        .with_annotations(
            ToolAnnotations::new().read_only(false).destructive(false).idempotent(false).open_world(false),
        );
        Catalog { find, run, reasoning }
    }
}

/// One MCP session's view of a [`Jacobian`]. Cheap to clone; every session of a server
/// shares the same runtime.
#[derive(Clone)]
pub struct JacobianServer {
    jac: Jacobian,
    tools: Arc<Catalog>,
    session: Option<CancellationToken>,
}

impl JacobianServer {
    /// A server over a running handle.
    pub fn new(jac: Jacobian) -> Self {
        JacobianServer { jac, tools: Arc::new(Catalog::new()), session: None }
    }

    /// Ties every run to a session token as well: cancelling it cancels them all (the
    /// transport cancels it when the client goes away).
    pub fn with_session(mut self, session: CancellationToken) -> Self {
        self.session = Some(session);
        self
    }

    /// The token that cancels one run: the request's own (`notifications/cancelled`, end of
    /// the serve loop), joined with the session's when there is one.
    fn run_token(&self, request: &CancellationToken) -> CancellationToken {
        let Some(session) = &self.session else { return request.clone() };
        let token = session.child_token();
        let (request, joined) = (request.clone(), token.clone());
        tokio::spawn(async move {
            tokio::select! {
                () = request.cancelled() => joined.cancel(),
                () = joined.cancelled() => {}
            }
        });
        token
    }

    fn reasoning_listed(&self) -> bool {
        matches!(self.jac.reasoning_mode(), ReasoningMode::Required | ReasoningMode::Audit)
    }

    async fn run(&self, args: Value, ctx: &RequestContext<RoleServer>) -> CallToolResult {
        let tenant = tenant_of(ctx);
        let (tx, mut rx) = unbounded_channel::<jacobian_runtime::adapter::Progress>();
        let forward = ctx.meta.get_progress_token().map(|token| {
            let peer = ctx.peer.clone();
            tokio::spawn(async move {
                while let Some(p) = rx.recv().await {
                    let mut param = ProgressNotificationParam::new(token.clone(), p.done as f64);
                    if let Some(total) = p.total {
                        param = param.with_total(total as f64);
                    }
                    if let Some(message) = p.message {
                        param = param.with_message(message);
                    }
                    if peer.notify_progress(param).await.is_err() {
                        break;
                    }
                }
            })
        });
        let cancel = self.run_token(&ctx.ct);
        let options = RunOptions {
            tenant,
            progress: forward.as_ref().map(|_| tx),
            cancel: Some(cancel.clone()),
            ..RunOptions::default()
        };
        let result = self.jac.run_value(&args, options).await;
        // Ends the joining task; the run is over.
        cancel.cancel();
        if let Some(task) = forward {
            // The sender went away with the run; let queued notifications drain first.
            let _ = task.await;
        }
        let text = result_text(&result);
        let failed = !result.succeeded();
        let structured = serde_json::to_value(&result).unwrap_or(Value::Null);
        let mut out =
            if failed { CallToolResult::structured_error(structured) } else { CallToolResult::structured(structured) };
        out.content = vec![ContentBlock::text(text)];
        out
    }

    fn find(&self, args: &Value) -> CallToolResult {
        match self.jac.find_value(args) {
            Ok(answer) => {
                let mut out = CallToolResult::structured(serde_json::to_value(&answer).unwrap_or(Value::Null));
                out.content = vec![ContentBlock::text(find_text(&answer))];
                out
            }
            Err(diagnostics) => CallToolResult::error(vec![ContentBlock::text(diagnostics_text(&diagnostics))]),
        }
    }

    fn reasoning(&self, args: &Value, ctx: &RequestContext<RoleServer>) -> CallToolResult {
        let entry = match jacobian_runtime::schema::parse_typed::<ReasoningEntry>(args, "") {
            Ok(entry) => entry,
            Err(d) => return CallToolResult::error(vec![ContentBlock::text(diagnostics_text(&[d]))]),
        };
        match self.jac.reasoning_write(&tenant_of(ctx), entry) {
            Ok(ack) => {
                let value = serde_json::to_value(&ack).unwrap_or(Value::Null);
                let mut out = CallToolResult::structured(value.clone());
                out.content = vec![ContentBlock::text(value.to_string())];
                out
            }
            Err(diagnostics) => CallToolResult::error(vec![ContentBlock::text(diagnostics_text(&diagnostics))]),
        }
    }

    fn read(&self, uri: &str, tenant: &TenantId) -> Result<ResourceContents, ErrorData> {
        let not_found = || ErrorData::resource_not_found(format!("no resource {uri}"), Some(json!({"uri": uri})));
        let json_contents = |value: &Value| {
            let text = serde_json::to_string_pretty(value).unwrap_or_else(|_| value.to_string());
            ResourceContents::text(text, uri).with_mime_type("application/json")
        };
        match uri {
            "jacobian://instructions" => {
                return Ok(ResourceContents::text(INSTRUCTIONS, uri).with_mime_type("text/markdown"));
            }
            "capability://catalog" => return Ok(json_contents(&self.jac.catalog())),
            "reference://catalog" => {
                return Ok(ResourceContents::text(REFERENCE_CATALOG, uri).with_mime_type("application/json"));
            }
            _ => {}
        }
        if uri.starts_with("artifact://") {
            let parsed: ArtifactUri = uri.parse().map_err(|e: jacobian_runtime::Error| {
                ErrorData::invalid_params(format!("{uri}: {e}"), Some(json!({"uri": uri})))
            })?;
            let artifact = self.jac.artifact(tenant, &parsed).map_err(|_| not_found())?;
            let media = artifact.manifest.media_type.clone();
            return Ok(match std::str::from_utf8(&artifact.bytes) {
                Ok(text) => ResourceContents::text(text, uri).with_mime_type(media),
                Err(_) => ResourceContents::blob(base64(&artifact.bytes), uri).with_mime_type(media),
            });
        }
        if let Some(rest) = uri.strip_prefix("experiment://") {
            let (id, view) = match rest.split_once('/') {
                None => (rest, ExperimentView::Summary),
                Some((id, "accounting")) => (id, ExperimentView::Accounting),
                Some((id, "scope")) => (id, ExperimentView::Scope),
                Some((id, "archive")) => (id, ExperimentView::Archive),
                Some(_) => return Err(not_found()),
            };
            let value = self.jac.experiment(tenant, id, view).ok_or_else(not_found)?;
            return Ok(json_contents(&value));
        }
        Err(not_found())
    }
}

/// The tenant of a request: the one its bearer token maps to over HTTP, else local.
fn tenant_of(ctx: &RequestContext<RoleServer>) -> TenantId {
    ctx.extensions
        .get::<axum::http::request::Parts>()
        .and_then(|parts| parts.extensions.get::<TenantId>())
        .cloned()
        .unwrap_or_default()
}

fn diagnostics_text(diagnostics: &[jacobian_runtime::Diagnostic]) -> String {
    serde_json::to_string(&json!({ "diagnostics": diagnostics })).unwrap_or_default()
}

/// Standard base64 with padding, for non-UTF-8 artifact bytes.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn prompts() -> Vec<Prompt> {
    vec![
        Prompt::new(
            "jacobian-discover",
            Some("Find the capability for a mathematical goal, read its contract, and plan the first call."),
            Some(vec![
                PromptArgument::new("goal")
                    .with_description("What you want to compute, search for or check, in your own words.")
                    .with_required(true),
            ]),
        ),
        Prompt::new(
            "jacobian-check-evidence",
            Some("Turn a computed result into a checked one, and read exactly what the check covers."),
            Some(vec![
                PromptArgument::new("capability_id")
                    .with_description("The capability whose result should be checked.")
                    .with_required(true),
                PromptArgument::new("input")
                    .with_description("The input object of the run, as JSON.")
                    .with_required(true),
            ]),
        ),
    ]
}

fn prompt_messages(name: &str, args: &JsonObject) -> Result<GetPromptResult, ErrorData> {
    let arg = |key: &str| -> Result<String, ErrorData> {
        match args.get(key) {
            Some(Value::String(s)) if !s.trim().is_empty() => Ok(s.clone()),
            Some(v) if !v.is_null() => Ok(v.to_string()),
            _ => Err(ErrorData::invalid_params(format!("prompt `{name}` needs the argument `{key}`"), None)),
        }
    };
    match name {
        "jacobian-discover" => {
            let goal = arg("goal")?;
            let text = format!(
                "Goal: {goal}\n\n\
                 1. Call math.find with a short `query` naming the outcome (not the method). Read `portfolio_fit`: \
                 STRONG means one capability matched the words of the goal clearly better than the others; WEAK_LEXICAL_MATCH or NO_LEXICAL_MATCH \
                 means look again, browse by `domain`, or follow `recovery_paths`.\n\
                 2. Inspect the best match with math.find {{\"capability_id\": ..., \"view\": \"CONTRACT\"}}: its input \
                 schema, output fields, scope rule and assurance ceiling.\n\
                 3. Build an input that validates against that schema and call math.run in EXPLORE mode, with a \
                 `budget.wall_ms` that fits the task.\n\
                 4. Read the result's status, output, scope, completeness and assurance separately. A timeout, a \
                 cancellation or a failure answers nothing; a BOUNDED search says nothing beyond its bounds.\n\
                 5. If the goal needs a checked answer, run again with mode VERIFY and report the assurance level \
                 the server returned, not a stronger one."
            );
            Ok(GetPromptResult::new(vec![PromptMessage::new_text(Role::User, text)])
                .with_description("Discover, inspect, then run"))
        }
        "jacobian-check-evidence" => {
            let capability = arg("capability_id")?;
            let input = arg("input")?;
            let text = format!(
                "Check a result of `{capability}` on input {input}.\n\n\
                 1. Call math.run with {{\"capability_id\": \"{capability}\", \"mode\": \"VERIFY\", \"input\": {input}}}.\n\
                 2. If `assurance.level` is VERIFIED, read the artifact named by `assurance.verification_record` \
                 (resources/read): it binds the claim, its semantics, the candidate, the scope, the certificate \
                 format and the checker's identity. The check covers exactly that scope and nothing wider.\n\
                 3. If the level is below VERIFIED, read `obligations` and `execution.diagnostics`: they say whether \
                 no authorized checker exists, the checker rejected the evidence (with findings), or the check \
                 failed. Report the result as computed, not checked.\n\
                 4. Never upgrade the assurance in your own words."
            );
            Ok(GetPromptResult::new(vec![PromptMessage::new_text(Role::User, text)])
                .with_description("Verify a result and read its verification record"))
        }
        other => Err(ErrorData::invalid_params(format!("no prompt `{other}`"), None)),
    }
}

impl ServerHandler for JacobianServer {
    fn get_info(&self) -> InitializeResult {
        let capabilities = ServerCapabilities::builder().enable_tools().enable_resources().enable_prompts().build();
        InitializeResult::new(capabilities)
            .with_protocol_version(ProtocolVersion::V_2025_11_25)
            .with_server_info(
                Implementation::new("jacobian", env!("CARGO_PKG_VERSION"))
                    .with_title("Jacobian")
                    .with_description("Checkable mathematical capabilities"),
            )
            .with_instructions(SHORT_INSTRUCTIONS)
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        Cow::Borrowed(ProtocolVersion::known_up_to(&ProtocolVersion::V_2025_11_25))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _ctx: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let mut tools = vec![self.tools.find.clone(), self.tools.run.clone()];
        if self.reasoning_listed() {
            tools.push(self.tools.reasoning.clone());
        }
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        ctx: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let args = Value::Object(request.arguments.clone().unwrap_or_default());
        let result = match request.name.as_ref() {
            FIND => self.find(&args),
            RUN => self.run(args, &ctx).await,
            REASONING if self.reasoning_listed() => self.reasoning(&args, &ctx),
            other => {
                return Err(ErrorData::invalid_params(
                    format!("unknown tool `{other}`; the tools are math.find and math.run"),
                    None,
                ));
            }
        };
        Ok(result.into())
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _ctx: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        Ok(ListResourcesResult::with_all_items(vec![
            Resource::new("jacobian://instructions", "instructions")
                .with_title("How to work with Jacobian")
                .with_description("Discovery, contracts, result dimensions, verification boundaries, artifacts.")
                .with_mime_type("text/markdown"),
            Resource::new("capability://catalog", "capability-catalog")
                .with_title("Capability catalog")
                .with_description("Every visible capability's descriptor, health and digests.")
                .with_mime_type("application/json"),
            Resource::new("reference://catalog", "reference-catalog")
                .with_title("Reference investigations")
                .with_description("Worked, replayable investigations with their exact calls and expected results.")
                .with_mime_type("application/json"),
        ]))
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _ctx: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        let experiment = |suffix: &str, name: &str, description: &str| {
            ResourceTemplate::new(format!("experiment://{{id}}{suffix}"), name)
                .with_description(description)
                .with_mime_type("application/json")
        };
        Ok(ListResourceTemplatesResult::with_all_items(vec![
            ResourceTemplate::new("artifact://sha256/{digest}", "artifact")
                .with_description("A stored artifact; its digest is re-checked on every read.")
                .with_mime_type("application/json"),
            experiment("", "experiment", "The episodes of an experiment, with statuses and digests."),
            experiment("/accounting", "experiment-accounting", "Time spent, by capability and status."),
            experiment("/scope", "experiment-scope", "What each episode covered, and how completely."),
            experiment("/archive", "experiment-archive", "Every record and artifact URI, for retention."),
        ]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        ctx: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let contents = self.read(&request.uri, &tenant_of(&ctx))?;
        Ok(ReadResourceResult::new(vec![contents]).into())
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _ctx: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        Ok(ListPromptsResult::with_all_items(prompts()))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        _ctx: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let args = request.arguments.clone().unwrap_or_default();
        Ok(prompt_messages(&request.name, &args)?.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_rfc_4648_vectors() {
        for (plain, encoded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), encoded);
        }
    }

    #[test]
    fn tool_schemas_suit_common_clients() {
        let c = Catalog::new();
        for tool in [&c.find, &c.run, &c.reasoning] {
            let schema = Value::Object((*tool.input_schema).clone());
            assert_eq!(schema["type"], "object", "{}", tool.name);
            assert!(schema.get("oneOf").is_none() && schema.get("anyOf").is_none(), "{}", tool.name);
            let out = tool.output_schema.as_ref().map(|s| Value::Object((**s).clone())).unwrap_or(Value::Null);
            assert_eq!(out["type"], "object", "{}", tool.name);
        }
        assert_eq!(Value::Object((*c.run.input_schema).clone())["properties"]["input"]["type"], "object");
    }

    #[test]
    fn reference_catalog_is_valid_json_with_scenarios() {
        let v: Value = serde_json::from_str(REFERENCE_CATALOG).expect("json");
        assert!(v["scenarios"].as_array().is_some_and(|s| !s.is_empty()));
    }
}
