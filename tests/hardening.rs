//! Hardening: defects found by using the server from outside, each pinned by a regression test.

use std::collections::BTreeSet;

use jacobian::runtime::catalog::MAX_RESPONSE_BYTES;
use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::{RoleClient, RunningService};
use serde_json::{Value, json};

type Client = RunningService<RoleClient, ()>;

async fn in_process_client() -> Client {
    let jac = jacobian::builder().build().await.expect("jacobian");
    let (server_io, client_io) = tokio::io::duplex(1 << 20);
    let (read, write) = tokio::io::split(server_io);
    tokio::spawn(jacobian::mcp::serve_io(jac, read, write));
    ().serve(client_io).await.expect("initialize")
}

async fn call(client: &Client, tool: &'static str, args: Value) -> CallToolResult {
    let Value::Object(args) = args else { panic!("arguments must be an object") };
    client.call_tool(CallToolRequestParams::new(tool).with_arguments(args)).await.expect("tools/call")
}

/// What a client receives for one `math.find` call: every content block and the structured
/// content, as the result object is written on the wire.
fn received_bytes(result: &CallToolResult) -> usize {
    serde_json::to_vec(result).expect("result").len()
}

#[tokio::test]
async fn every_math_find_form_fits_the_response_bound_with_its_text() {
    let client = in_process_client().await;
    let mut checked = 0usize;
    let mut check = |what: String, result: &CallToolResult| {
        let n = received_bytes(result);
        assert!(
            n <= MAX_RESPONSE_BYTES,
            "{what}: {n} bytes received, over {MAX_RESPONSE_BYTES}: {}",
            serde_json::to_string(result).unwrap()
        );
        checked += 1;
    };

    // Browse, every limit, and every page of the largest.
    let mut ids = BTreeSet::new();
    for limit in 1..=20 {
        let r = call(&client, "math.find", json!({"limit": limit})).await;
        check(format!("browse limit {limit}"), &r);
    }
    let mut cursor: Option<String> = None;
    loop {
        let mut args = json!({"limit": 20});
        if let Some(c) = &cursor {
            args["cursor"] = json!(c);
        }
        let r = call(&client, "math.find", args.clone()).await;
        check(format!("browse {args}"), &r);
        let page = r.structured_content.clone().expect("structured");
        for m in page["matches"].as_array().expect("matches") {
            ids.insert(m["capability_id"].as_str().expect("id").to_owned());
        }
        match page["next_cursor"].as_str() {
            Some(c) => cursor = Some(c.to_owned()),
            None => break,
        }
    }
    assert!(ids.len() > 20, "the catalog has more than one page");

    // Searches, with and without filters, weak and strong.
    for query in ["graph", "integer", "polynomial", "matrix", "prime", "compute", "group", "sat", "xyzzy", "proof"] {
        for extra in [json!({}), json!({"mode": "VERIFY"}), json!({"domain": "graph"})] {
            let mut args = json!({"query": query, "limit": 20});
            args.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
            let r = call(&client, "math.find", args.clone()).await;
            check(format!("search {args}"), &r);
        }
    }

    // Inspection of every capability in every view (an oversized view is refused, also bounded).
    for id in &ids {
        for view in ["SUMMARY", "CONTRACT", "FULL"] {
            let r = call(&client, "math.find", json!({"capability_id": id, "view": view})).await;
            check(format!("inspect {id} {view}"), &r);
        }
    }
    assert!(checked > 3 * ids.len());
    client.cancel().await.expect("close");
}

/// The `format` values JSON Schema 2020-12 defines (validation vocabulary, section 7.3).
const STANDARD_FORMATS: &[&str] = &[
    "date-time",
    "date",
    "time",
    "duration",
    "email",
    "idn-email",
    "hostname",
    "idn-hostname",
    "ipv4",
    "ipv6",
    "uri",
    "uri-reference",
    "iri",
    "iri-reference",
    "uuid",
    "uri-template",
    "json-pointer",
    "relative-json-pointer",
    "regex",
];

/// Every non-standard `format` in a schema, with where it is. Keywords whose values are data
/// (`const`, `enum`, `default`, `examples`) are not schemas and are not walked.
fn nonstandard_formats(schema: &Value, at: &str, out: &mut Vec<String>) {
    match schema {
        Value::Object(map) => {
            for (key, value) in map {
                let here = format!("{at}/{key}");
                match key.as_str() {
                    "format" if value.is_string() => {
                        if !STANDARD_FORMATS.contains(&value.as_str().unwrap_or_default()) {
                            out.push(format!("{here} = {value}"));
                        }
                    }
                    "const" | "enum" | "default" | "examples" | "description" | "title" => {}
                    "properties" | "$defs" | "definitions" | "patternProperties" | "dependentSchemas" => {
                        for (name, sub) in value.as_object().into_iter().flatten() {
                            nonstandard_formats(sub, &format!("{here}/{name}"), out);
                        }
                    }
                    _ => nonstandard_formats(value, &here, out),
                }
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                nonstandard_formats(item, &format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

#[tokio::test]
async fn published_schemas_carry_only_standard_formats() {
    let jac = jacobian::builder().build().await.expect("jacobian");
    let mut bad = Vec::new();
    let catalog = jac.catalog();
    let capabilities = catalog["capabilities"].as_array().expect("capabilities");
    assert!(capabilities.len() > 50, "the bundled catalog is installed");
    for cap in capabilities {
        let id = cap["descriptor"]["id"].as_str().expect("id");
        for which in ["input_schema", "output_schema"] {
            let schema = &cap["descriptor"][which];
            assert!(schema.is_object(), "{id} publishes its {which}");
            nonstandard_formats(schema, &format!("{id} {which}"), &mut bad);
        }
    }
    for kind in jac.objects().kinds() {
        nonstandard_formats(&kind.json_schema(), kind.schema_uri(), &mut bad);
    }
    // The tools' own schemas, as a client lists them.
    let (server_io, client_io) = tokio::io::duplex(1 << 20);
    let (read, write) = tokio::io::split(server_io);
    tokio::spawn(jacobian::mcp::serve_io(jac, read, write));
    let client = ().serve(client_io).await.expect("initialize");
    for tool in client.list_all_tools().await.expect("tools/list") {
        let input = Value::Object((*tool.input_schema).clone());
        nonstandard_formats(&input, &format!("tool {} input", tool.name), &mut bad);
        if let Some(output) = &tool.output_schema {
            nonstandard_formats(&Value::Object((**output).clone()), &format!("tool {} output", tool.name), &mut bad);
        }
    }
    client.cancel().await.expect("close");
    assert!(bad.is_empty(), "{} non-standard formats, e.g. {:?}", bad.len(), &bad[..bad.len().min(10)]);
}

/// Unsatisfiable formulas of the shapes CaDiCaL refutes before it searches (contradictory
/// units while it reads the formula, unit propagation, an empty clause) and with duplicate and
/// tautological clauses around them; each is named for the failure message.
fn early_refutations() -> Vec<(&'static str, u32, Vec<Vec<i32>>)> {
    vec![
        ("contradictory units", 1, vec![vec![1], vec![-1]]),
        ("contradictory units, then more clauses", 2, vec![vec![-1], vec![1], vec![-1], vec![1, 2], vec![2]]),
        ("units first, then a duplicate", 2, vec![vec![1], vec![-1], vec![1], vec![1]]),
        ("unit propagation", 3, vec![vec![1], vec![-1, 2], vec![-2, 3], vec![-3]]),
        (
            "unit propagation, long tail",
            4,
            vec![vec![1], vec![-1, 2], vec![-2, 3], vec![-3], vec![1, 2, 3, 4], vec![4]],
        ),
        ("propagation after tautologies", 3, vec![vec![1, -1], vec![2, -2, 3], vec![1], vec![-1, 2], vec![-2]]),
        ("duplicate clauses", 2, vec![vec![1, 2], vec![1, 2], vec![-1, 2], vec![-1, 2], vec![1, -2], vec![-1, -2]]),
        ("duplicate literals", 2, vec![vec![1, 1, 2], vec![-1, 2, 2], vec![1, -2], vec![-1, -2, -1]]),
        ("an empty clause", 2, vec![vec![1, 2], vec![], vec![-1]]),
        ("only an empty clause", 1, vec![vec![]]),
        ("a tautology, then contradictory units", 3, vec![vec![3, -3], vec![2], vec![-2], vec![1, 3]]),
    ]
}

#[tokio::test]
async fn every_unsat_answer_is_verified_even_when_refuted_while_reading() {
    use jacobian::runtime::{AssuranceLevel, CapabilityRequest, Mode};
    let jac = jacobian::builder().build().await.expect("jacobian");
    for (name, variables, clauses) in early_refutations() {
        let cnf = json!({"variables": variables, "clauses": clauses});
        let r = jac.run(CapabilityRequest::new("sat.solve", json!({"cnf": cnf})).mode(Mode::Verify)).await;
        assert_eq!(r.output["status"], "UNSAT", "{name}: {:?}", r.execution.diagnostics);
        assert_eq!(r.assurance.level, AssuranceLevel::Verified, "{name}: {:?}", r.execution.diagnostics);
        // The stored proof replays through certificate.verify by reference as well.
        let again = jac
            .run(
                CapabilityRequest::new(
                    "certificate.verify",
                    json!({"cnf_uri": r.output["cnf_uri"], "proof_uri": r.output["proof_uri"], "format": "LRAT_TEXT_V1"}),
                )
                .mode(Mode::Verify),
            )
            .await;
        assert_eq!(again.assurance.level, AssuranceLevel::Verified, "{name}: {:?}", again.execution.diagnostics);
    }
}

/// The digest and output of one EXPLORE run, or None when it did not succeed (a failure's
/// timing is no answer to compare).
async fn explore(jac: &jacobian::Jacobian, id: &str, input: &Value) -> Option<(String, Value)> {
    use jacobian::runtime::{CapabilityRequest, ExecutionStatus, Mode};
    let r = jac.run(CapabilityRequest::new(id, input.clone()).mode(Mode::Explore)).await;
    (r.status() == ExecutionStatus::Succeeded).then(|| (r.provenance.result_digest.to_string(), r.output.clone()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_maximum_induced_tree_of_the_5_cycle_is_the_same_on_every_run() {
    let jac = jacobian::builder().build().await.expect("jacobian");
    let c5 = json!({"graph": {"order": 5, "edges": [[0, 1], [1, 2], [2, 3], [3, 4], [0, 4]]}});
    let other =
        json!({"graph": {"order": 7, "edges": [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [0, 6], [0, 3]]}});
    let first = explore(&jac, "graph.induced_tree.maximum", &c5).await.expect("C5 succeeds");
    assert_eq!(first.1["max_induced_tree_order"], 4);
    // Other Z3 work in between, on the same blocking threads, must not change the answer.
    for round in 0..12 {
        let (a, b) = tokio::join!(
            explore(&jac, "graph.induced_tree.maximum", &other),
            explore(&jac, "graph.induced_tree.maximum", &c5)
        );
        assert!(a.is_some());
        assert_eq!(b.as_ref(), Some(&first), "round {round}: a different answer to the same request");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_explore_example_gives_the_same_digest_twice() {
    let jac = jacobian::builder().build().await.expect("jacobian");
    let catalog = jac.catalog();
    let mut calls = Vec::new();
    for cap in catalog["capabilities"].as_array().expect("capabilities") {
        let id = cap["descriptor"]["id"].as_str().expect("id").to_owned();
        for example in &jac.descriptor(&id).expect("descriptor").examples {
            calls.push((id.clone(), example.title.clone(), example.input.clone()));
        }
    }
    // Two passes over the whole list, so the second run of each request meets threads,
    // backend processes and solver contexts that served everything else in between.
    let mut first = Vec::with_capacity(calls.len());
    for (id, _, input) in &calls {
        first.push(explore(&jac, id, input).await);
    }
    let mut compared = 0;
    let mut differing = Vec::new();
    for ((id, title, input), before) in calls.iter().zip(first) {
        let after = explore(&jac, id, input).await;
        if let (Some(a), Some(b)) = (before, after) {
            compared += 1;
            if a != b {
                differing.push(format!("{id} ({title}): {} then {}", a.1, b.1));
            }
        }
    }
    assert!(compared > calls.len() / 2, "{compared} of {} examples compared", calls.len());
    assert!(differing.is_empty(), "{} requests answered differently:\n{}", differing.len(), differing.join("\n"));
}

/// The installed binary loads nothing from the checkout: scripts/provision-z3 keeps the Z3
/// library outside it (the checkout's `.z3` is a link), and the rpath names the library's
/// canonical place, so `jacobian` keeps working after the checkout is deleted.
#[test]
fn the_binary_loads_no_library_from_the_checkout() {
    let exe = env!("CARGO_BIN_EXE_jacobian");
    let checkout = std::fs::canonicalize(env!("CARGO_MANIFEST_DIR")).expect("checkout");
    let out = std::process::Command::new("ldd").arg(exe).output().expect("ldd (Debian package libc-bin)");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("libz3"), "jacobian links Z3 dynamically: {text}");
    for line in text.lines() {
        assert!(!line.contains("not found"), "{exe}: {line}");
        if let Some((_, path)) = line.split_once("=> ") {
            let path = path.split(" (").next().unwrap_or_default().trim();
            assert!(
                !std::path::Path::new(path).starts_with(&checkout),
                "{exe} loads {path} from the checkout: run scripts/setup"
            );
        }
    }
}

/// Without apt, the setup names every package it needs and stops.
#[test]
fn setup_without_apt_names_the_packages() {
    let bin = tempfile::tempdir().expect("tempdir");
    for tool in ["bash", "id", "dirname", "cat"] {
        let found = ["/usr/bin", "/bin"].iter().map(|d| std::path::Path::new(d).join(tool)).find(|p| p.exists());
        std::os::unix::fs::symlink(found.expect(tool), bin.path().join(tool)).expect("link");
    }
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/setup");
    let out = std::process::Command::new(bin.path().join("bash"))
        .arg(&script)
        .env("PATH", bin.path())
        .output()
        .expect("run scripts/setup");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    for package in ["g++", "libclang-dev", "nauty", "pari-gp", "singular", "gap-core", "python3-pip", "drat-trim"] {
        assert!(err.contains(package), "the message names {package}: {err}");
    }
}

// ---------------------------------------------------------------------------------------------
// First-order laws, against brute force over every magma of size at most 3.

/// The test's own evaluator of a law in the magma `table` on `0..n` (free variables universal).
fn law_holds(law: &jacobian::runtime::objects::law::Law, table: &[u32], n: u32) -> bool {
    use jacobian::runtime::objects::law::Formula;
    use jacobian::runtime::objects::term::Term;
    fn term(t: &Term, env: &[(String, u32)], table: &[u32], n: u32) -> u32 {
        match t {
            Term::Var(x) => env.iter().rev().find(|(v, _)| v == x).expect("bound").1,
            Term::Const(_) => panic!("no constants in these laws"),
            Term::Op(a, b) => table[(term(a, env, table, n) * n + term(b, env, table, n)) as usize],
        }
    }
    fn eval(f: &Formula, env: &mut Vec<(String, u32)>, table: &[u32], n: u32) -> bool {
        match f {
            Formula::Eq(a, b) => term(a, env, table, n) == term(b, env, table, n),
            Formula::And(ps) => ps.iter().all(|p| eval(p, env, table, n)),
            Formula::Implies(a, b) => !eval(a, env, table, n) || eval(b, env, table, n),
            Formula::Forall(v, body) | Formula::Exists(v, body) => {
                let results: Vec<bool> = (0..n)
                    .map(|x| {
                        env.push((v.clone(), x));
                        let r = eval(body, env, table, n);
                        env.pop();
                        r
                    })
                    .collect();
                if matches!(f, Formula::Forall(..)) { results.iter().all(|&r| r) } else { results.iter().any(|&r| r) }
            }
        }
    }
    let mut closed = law.formula.clone();
    for v in law.variables().into_iter().rev() {
        closed = Formula::Forall(v, Box::new(closed));
    }
    eval(&closed, &mut Vec::new(), table, n)
}

/// The least size (at most 3) of a magma where every law of `holds` holds and `fails` does not.
fn least_separating_size(holds: &[&str], fails: &str) -> Option<u32> {
    use jacobian::runtime::objects::law::parse_law;
    let holds: Vec<_> = holds.iter().map(|h| parse_law(h).expect("law")).collect();
    let fails = parse_law(fails).expect("law");
    (1..=3u32).find(|&n| {
        let cells = (n * n) as usize;
        (0..n.pow(cells as u32)).any(|code| {
            let table: Vec<u32> = (0..cells).map(|i| code / n.pow(i as u32) % n).collect();
            holds.iter().all(|l| law_holds(l, &table, n)) && !law_holds(&fails, &table, n)
        })
    })
}

const IDENTITY_ELEMENT: &str = "exists e. forall x. e * x = x & x * e = x";
const LEFT_CANCELLATION: &str = "x * y = x * z -> y = z";
const RIGHT_CANCELLATION: &str = "y * x = z * x -> y = z";
const INVERSES: &str = "exists e. (forall x. e * x = x & x * e = x) & forall x. exists y. x * y = e & y * x = e";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn first_order_laws_separate_magmas_as_brute_force_does() {
    use jacobian::runtime::{AssuranceLevel, CapabilityRequest, ExecutionStatus, Mode};
    let jac = jacobian::builder().build().await.expect("jacobian");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec![], IDENTITY_ELEMENT),
        (vec![IDENTITY_ELEMENT], "x * y = y * x"),
        (vec![IDENTITY_ELEMENT, "x * y = y * x"], LEFT_CANCELLATION),
        (vec![LEFT_CANCELLATION], RIGHT_CANCELLATION),
        (vec![LEFT_CANCELLATION, RIGHT_CANCELLATION], IDENTITY_ELEMENT),
        (vec![LEFT_CANCELLATION, RIGHT_CANCELLATION, IDENTITY_ELEMENT], "x * (y * z) = x * y * z"),
        (vec![INVERSES], "x * (y * z) = x * y * z"),
        (vec![INVERSES, "x * (y * z) = x * y * z"], "x * y = y * x"),
        (vec!["x * (y * z) = x * y * z", IDENTITY_ELEMENT], INVERSES),
        (vec!["x * x = x"], "x * y = y * x -> x = y"),
        (vec!["x * y = y * x"], "exists z. forall x. x * z = z"),
        (vec!["x * (y * z) = x * y * z", "x * x = x"], "x * y * x = x"),
    ];
    let mut verified = 0;
    for (holds, fails) in &cases {
        let expected = least_separating_size(holds, fails);
        let input = json!({"holds": holds, "fails": fails, "min_size": 1, "max_size": 3});
        for mode in [Mode::Explore, Mode::Verify] {
            let r = jac
                .run(CapabilityRequest::new("universal_algebra.search.countermodel", input.clone()).mode(mode))
                .await;
            assert_eq!(r.status(), ExecutionStatus::Succeeded, "{holds:?} / {fails}: {:?}", r.execution.diagnostics);
            let found = r.output["found"].as_bool().expect("found");
            assert_eq!(found, expected.is_some(), "{holds:?} / {fails}: brute force says {expected:?}");
            if let Some(n) = expected {
                assert_eq!(r.output["magma"]["size"], n, "{holds:?} / {fails}: the least size");
                if mode == Mode::Verify {
                    assert_eq!(r.assurance.level, AssuranceLevel::Verified, "{:?}", r.execution.diagnostics);
                    verified += 1;
                }
            }
        }
        // The same claim through witness.find, and its witness through witness.verify.
        let claim = json!({"semantics": "magma_separation", "holds": holds, "fails": fails});
        let found = jac.run(CapabilityRequest::new("witness.find", json!({"claim": claim, "max_size": 3}))).await;
        assert_eq!(
            found.status(),
            ExecutionStatus::Succeeded,
            "{holds:?} / {fails}: {:?}",
            found.execution.diagnostics
        );
        assert_eq!(found.output["found"], expected.is_some(), "witness.find {holds:?} / {fails}");
        if expected.is_some() {
            let witness = found.output["witness"].clone();
            let verified = jac
                .run(
                    CapabilityRequest::new("witness.verify", json!({"claim": claim, "witness": witness}))
                        .mode(Mode::Verify),
                )
                .await;
            assert_eq!(verified.assurance.level, AssuranceLevel::Verified, "{:?}", verified.execution.diagnostics);
        }
    }
    assert!(verified >= 8, "{verified} separations VERIFIED");
}

#[tokio::test]
async fn malformed_laws_are_refused_with_their_span() {
    use jacobian::runtime::{CapabilityRequest, ExecutionStatus};
    let jac = jacobian::builder().build().await.expect("jacobian");
    for (law, at) in
        [("exists e x * e = x", "bytes 9..10"), ("x * y = x * z ->", "bytes 16..16"), ("x & y", "bytes 2..3")]
    {
        let input = json!({"holds": [law], "fails": "x = y"});
        let r = jac.run(CapabilityRequest::new("universal_algebra.search.countermodel", input)).await;
        assert_eq!(r.status(), ExecutionStatus::InvalidRequest, "{law}");
        let d = &r.execution.diagnostics[0];
        assert_eq!(d.path.as_deref(), Some("/input/holds/0"), "{law}: {d:?}");
        assert!(d.message.contains(at), "{law}: {}", d.message);
    }
}
