//! Replicas on one PostgreSQL store: `jacobian serve --store URL` processes with homes of
//! their own share every artifact. An artifact put through one reads back through another,
//! an experiment's episodes run through several replicas read as one experiment through any,
//! and a replica killed with SIGKILL under concurrent writes loses no artifact it acknowledged
//! and leaves none torn in the database. Over HTTP with bearer tokens, a tenant sees its own
//! artifacts and experiments through every replica and another tenant's through none, and a
//! tenant's `runs_in_flight` quota counts its runs on every replica (also under load from two
//! replicas at once), and a run started through one replica is cancelled through another. A
//! reasoning run spans replicas, and tokens in the store's tenant registry hold on every
//! replica until revoked. docs/deploy/haproxy.cfg, the documented load-balancer recipe,
//! runs over TLS in front of three replicas with two worker nodes behind them.
//! `JACOBIAN_REPLICA_ROUNDS` sets the number of kills (4 by default).

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use jacobian::runtime::artifact::test_postgres::TestPostgres;
use serde_json::{Value, json};

use crate::http_replica::HttpReplica;
use crate::mcp::{
    TOKENS, http_client, http_server, http_server_with, post_mcp, put_path_on_three_vertices, raw_http, read, read_json,
};
use crate::nats_server::{NatsServer, Worker};
use crate::rng::{Rng, path_with_chord};
use crate::stdio::Server;

/// Fails (through `execute`'s error) when a published artifact's chunks do not add up to
/// the bytes its digest names, or an object row has no manifest.
const NOTHING_TORN: &str = "DO $$ BEGIN
    IF EXISTS (
        SELECT 1 FROM artifact_manifests m
        WHERE sha256(coalesce((SELECT string_agg(c.data, ''::bytea ORDER BY c.seq) FROM artifact_chunks c
                               WHERE c.tenant = m.tenant AND c.digest = m.digest), ''::bytea)) <> m.digest
    ) THEN RAISE EXCEPTION 'a published artifact is torn'; END IF;
    IF EXISTS (
        SELECT 1 FROM artifact_objects o
        WHERE NOT EXISTS (SELECT 1 FROM artifact_manifests m WHERE m.tenant = o.tenant AND m.digest = o.digest)
    ) THEN RAISE EXCEPTION 'an object without its manifest'; END IF;
END $$";

fn put(server: &mut Server, object: &Value) -> u64 {
    server.run("artifact.put", json!({"object_type": "simple_graph", "object": object}), "EXPLORE")
}

fn stored_uri(reply: &Value) -> Option<String> {
    reply["result"]["structuredContent"]["artifact_uris"][0].as_str().map(str::to_owned)
}

/// Reads `uri` through `server` and compares it with the object that was put.
fn reads_back(server: &mut Server, uri: &str, object: &Value) {
    let id = server.send("resources/read", json!({"uri": uri}));
    let reply = server.wait_for(id, Duration::from_secs(30)).expect("read answered");
    let text = reply["result"]["contents"][0]["text"].as_str().unwrap_or_else(|| panic!("{uri}: {reply}"));
    assert_eq!(&serde_json::from_str::<Value>(text).unwrap(), object, "{uri} is not the object that was put");
}

#[test]
fn replicas_share_artifacts_and_a_killed_replica_loses_nothing_acknowledged() {
    let pg = TestPostgres::start().unwrap();
    let url = pg.database().unwrap();
    let (home_a, home_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let mut b = Server::start_with(home_b.path(), &["--store", &url]);
    let doctor = std::process::Command::new(env!("CARGO_BIN_EXE_jacobian"))
        .args(["doctor", "--json", "--store", &url, "--home"])
        .arg(home_b.path())
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&doctor.stdout).unwrap();
    assert_eq!(report["store"], "postgres (schema 9)", "{report}");

    let rounds = std::env::var("JACOBIAN_REPLICA_ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(4u64);
    let mut rng = Rng(0x5EED_2026);
    let mut checked = 0;
    for round in 0..rounds {
        let mut a = Server::start_with(home_a.path(), &["--store", &url]);
        // The first put is answered before the kill, so every round checks something.
        let first = path_with_chord(&mut rng, 200);
        let id = put(&mut a, &first);
        let reply = a.wait_for(id, Duration::from_secs(60)).expect("put answered");
        let uri = stored_uri(&reply).unwrap_or_else(|| panic!("no artifact: {reply}"));
        reads_back(&mut b, &uri, &first);
        // One experiment, an episode through each replica, read through the other.
        for (server, n) in [(&mut a, 12), (&mut b, 18)] {
            let id = server.send(
                "tools/call",
                json!({"name": "math.run", "arguments": {"capability_id": "integer.compute.gcd",
                    "input": {"a": n, "b": 30}, "mode": "EXPLORE", "experiment_id": format!("tour-{round}")}}),
            );
            server.wait_for(id, Duration::from_secs(60)).expect("run answered");
        }
        let id = a.send("resources/read", json!({"uri": format!("experiment://tour-{round}")}));
        let reply = a.wait_for(id, Duration::from_secs(30)).expect("read answered");
        let text = reply["result"]["contents"][0]["text"].as_str().unwrap_or_else(|| panic!("{reply}"));
        let experiment: Value = serde_json::from_str(text).unwrap();
        assert_eq!(experiment["episodes"].as_array().map(Vec::len), Some(2), "{experiment}");

        let mut puts: BTreeMap<u64, Value> = BTreeMap::new();
        for _ in 0..40 {
            let object = path_with_chord(&mut rng, 200);
            puts.insert(put(&mut a, &object), object);
        }
        let mut acknowledged: Vec<(String, Value)> = Vec::new();
        let mut collect = |reply: Value| {
            let object = reply["id"].as_u64().and_then(|id| puts.get(&id));
            if let (Some(uri), Some(object)) = (stored_uri(&reply), object) {
                acknowledged.push((uri, object.clone()));
            }
        };
        let deadline = Instant::now() + Duration::from_millis(rng.below(400));
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            if let Ok(reply) = a.lines.recv_timeout(left) {
                collect(reply);
            }
        }
        a.child.kill().expect("SIGKILL");
        a.child.wait().expect("reaped");
        while let Ok(reply) = a.lines.recv_timeout(Duration::from_millis(200)) {
            collect(reply);
        }

        pg.execute(&url, NOTHING_TORN).unwrap_or_else(|e| panic!("round {round}: {e}"));
        for (uri, object) in &acknowledged {
            reads_back(&mut b, uri, object);
        }
        checked += acknowledged.len() + 1;
    }
    let _ = std::io::Write::write_all(
        &mut std::io::stderr(),
        format!("\nreplicas: {rounds} kills, {checked} acknowledged artifacts read back through the other replica\n")
            .as_bytes(),
    );
    assert!(checked as u64 > rounds, "no write was acknowledged between the first put and a kill");
    let _ = b.child.kill();
    let _ = b.child.wait();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tenants_see_their_own_through_every_replica_and_nothing_of_another() {
    let pg = TestPostgres::start().unwrap();
    let url = pg.database().unwrap();
    let (home_1, home_2) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let replica = |home: &std::path::Path| jacobian::builder().home(home).shared_store(url.clone()).build();
    let (one, two) = (replica(home_1.path()).await.unwrap(), replica(home_2.path()).await.unwrap());
    let (addr_1, _tokens_1) = http_server(one, Some(TOKENS), 4 << 20).await;
    let (addr_2, _tokens_2) = http_server(two, Some(TOKENS), 4 << 20).await;
    let alice_1 = http_client(&addr_1, Some("alice-0123456789abcdef")).await.unwrap();
    let alice_2 = http_client(&addr_2, Some("alice-0123456789abcdef")).await.unwrap();
    let bob_2 = http_client(&addr_2, Some("bob-0123456789abcdef")).await.unwrap();

    let uri = put_path_on_three_vertices(&alice_1, "alice-work").await;
    assert_eq!(read_json(&alice_2, &uri).await["order"], 3, "alice reads through the other replica");
    assert!(read(&bob_2, &uri).await.is_err(), "bob does not, through either");
    assert_eq!(read_json(&alice_2, "experiment://alice-work").await["episodes"].as_array().map(Vec::len), Some(1));
    assert!(read(&bob_2, "experiment://alice-work").await.is_err());
    for client in [alice_1, alice_2, bob_2] {
        client.cancel().await.unwrap();
    }

    // Ready while the store answers; not ready, so that a load balancer passes it over, once
    // the database is gone.
    let readyz = |addr: &str| format!("GET /readyz HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    let (status, body) = raw_http(&addr_1, &readyz(&addr_1), b"").await;
    assert_eq!(status, 200, "{body}");
    drop(pg);
    let (status, body) = raw_http(&addr_2, &readyz(&addr_2), b"").await;
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("shared store"), "{body}");
}

/// The tenant registry: tokens added with `jacobian tenant token add` are accepted, as their
/// tenants, by every replica serving `--store-tokens`; an unknown token by none; a revoked one
/// by none once the registry's memory of it has lapsed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tokens_registered_in_the_store_hold_on_every_replica() {
    let pg = TestPostgres::start().unwrap();
    let url = pg.database().unwrap();
    let cli = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_jacobian"))
            .args(args)
            .args(["--store", &url])
            .output()
            .expect("the CLI runs");
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let alice = cli(&["tenant", "token", "add", "alice", "--label", "laptop"]).trim().to_owned();
    let bob = cli(&["tenant", "token", "add", "bob"]).trim().to_owned();
    assert!(alice.len() == 64 && alice != bob, "{alice} {bob}");
    let listed = cli(&["tenant", "token", "list"]);
    let alice_digest: String =
        <sha2::Sha256 as sha2::Digest>::digest(alice.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(listed.lines().count(), 2, "{listed}");
    assert!(listed.lines().any(|l| l.starts_with(&format!("alice\t{alice_digest}\t")) && l.ends_with("laptop")));
    assert!(!listed.contains(&alice), "the token itself is never stored");

    let replica = || jacobian::builder().in_memory().shared_store(url.clone()).build();
    let (one, two) = (replica().await.unwrap(), replica().await.unwrap());
    let (addr_1, _d1) = http_server_with(one, None, 4 << 20, true).await;
    let (addr_2, _d2) = http_server_with(two, None, 4 << 20, true).await;
    let alice_1 = http_client(&addr_1, Some(&alice)).await.unwrap();
    let alice_2 = http_client(&addr_2, Some(&alice)).await.unwrap();
    let bob_2 = http_client(&addr_2, Some(&bob)).await.unwrap();
    let uri = put_path_on_three_vertices(&alice_1, "alice-registry").await;
    assert_eq!(read_json(&alice_2, &uri).await["order"], 3, "alice reads through the other replica");
    assert!(read(&bob_2, &uri).await.is_err(), "bob is another tenant");
    assert!(http_client(&addr_1, Some("0123456789abcdef-unknown")).await.is_err(), "an unknown token");

    let revoked = cli(&["tenant", "token", "revoke", "--sha256", &alice_digest[..12]]);
    assert_eq!(revoked.trim(), "revoked 1 token");
    tokio::time::sleep(jacobian::mcp::auth::REGISTRY_TTL + Duration::from_millis(500)).await;
    for addr in [&addr_1, &addr_2] {
        assert!(http_client(addr, Some(&alice)).await.is_err(), "alice's revoked token on {addr}");
    }
    assert!(http_client(&addr_2, Some(&bob)).await.is_ok(), "bob's token still holds");
    for client in [alice_1, alice_2, bob_2] {
        let _ = client.cancel().await;
    }

    // A registry that cannot be read makes a request unavailable, not unauthorized.
    drop(pg);
    let head = post_mcp(&addr_1, "Authorization: Bearer 0123456789abcdef-never-seen\r\n", 2);
    let (status, body) = raw_http(&addr_1, &head, b"{}").await;
    assert_eq!(status, 503, "{body}");
}

/// Starts a run that lasts (the graphs on ten vertices, counted) through `jac`, and returns
/// once it holds a slot.
async fn long_run(
    jac: &jacobian::Jacobian,
    options: jacobian::RunOptions,
) -> tokio::task::JoinHandle<jacobian::runtime::CapabilityResult> {
    let request = jacobian::runtime::CapabilityRequest::new(
        "graph.enumerate.nonisomorphic",
        json!({"order": 10, "emit": "COUNT"}),
    )
    .wall_ms(120_000);
    let run = tokio::spawn({
        let jac = jac.clone();
        async move { jac.run_with(request, options).await }
    });
    let started = Instant::now();
    while jac.snapshot().await.running == 0 {
        assert!(started.elapsed() < Duration::from_secs(30), "the long run was never admitted");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    run
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tenant_quota_of_runs_in_flight_holds_across_replicas() {
    use jacobian::runtime::policy::OperatorConfig;
    use jacobian::runtime::{CapabilityRequest, ExecutionStatus};
    use jacobian::{RunOptions, TenantId};

    let pg = TestPostgres::start().unwrap();
    let url = pg.database().unwrap();
    let config = OperatorConfig::from_toml("[quotas]\nruns_in_flight = 1\n").unwrap();
    let replica = || jacobian::builder().in_memory().config(config.clone()).shared_store(url.clone()).build();
    let (one, two) = (replica().await.unwrap(), replica().await.unwrap());
    let gcd = || CapabilityRequest::new("integer.compute.gcd", json!({"a": 12, "b": 18}));

    // A long run through replica one holds the local tenant's one slot...
    let cancel = tokio_util::sync::CancellationToken::new();
    let long = long_run(&one, RunOptions { cancel: Some(cancel.clone()), ..RunOptions::default() }).await;
    // ... so replica two refuses the tenant's next run, and not another tenant's.
    let refused = two.run(gcd()).await;
    assert_eq!(refused.execution.status, ExecutionStatus::BudgetExceeded, "{:?}", refused.execution.diagnostics);
    assert_eq!(refused.execution.diagnostics[0].code, "TENANT_LIMIT");
    let bob = RunOptions { tenant: TenantId::new("bob").unwrap(), ..RunOptions::default() };
    assert!(two.run_with(gcd(), bob).await.succeeded());

    // Once the long run ends, the slot is free on every replica.
    cancel.cancel();
    assert_eq!(long.await.unwrap().execution.status, ExecutionStatus::Cancelled);
    let freed = Instant::now();
    loop {
        let r = two.run(gcd()).await;
        if r.succeeded() {
            break;
        }
        assert!(freed.elapsed() < Duration::from_secs(10), "the slot was not freed: {:?}", r.execution.diagnostics);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_run_started_through_one_replica_is_cancelled_through_another() {
    use jacobian::RunOptions;
    use jacobian::runtime::ExecutionStatus;

    let pg = TestPostgres::start().unwrap();
    let url = pg.database().unwrap();
    let replica = || jacobian::builder().in_memory().shared_store(url.clone()).build();
    let (one, two) = (replica().await.unwrap(), replica().await.unwrap());
    let mut latencies = Vec::new();
    for round in 0..3 {
        let run_id = format!("long-{round}");
        let long = long_run(&one, RunOptions { run_id: Some(run_id.clone()), ..RunOptions::default() }).await;
        let asked = Instant::now();
        assert!(two.cancel(&run_id).await, "replica two finds the run replica one holds");
        let result = tokio::time::timeout(Duration::from_secs(20), long).await.expect("answered").unwrap();
        latencies.push(asked.elapsed());
        assert_eq!(result.execution.status, ExecutionStatus::Cancelled, "{:?}", result.execution.diagnostics);
    }
    assert!(!two.cancel("never-ran").await, "no such run on any replica");
    let _ = std::io::Write::write_all(
        &mut std::io::stderr(),
        format!("\nreplicas: cancel-to-answer across replicas {latencies:?}\n").as_bytes(),
    );
}

/// One MCP request over HTTPS through `curl` (trusting `ca`), in the transport's stateless form:
/// the JSON-RPC response, or None when the request failed.
fn over_tls(url: &str, ca: &std::path::Path, body: &Value) -> Option<Value> {
    let out = std::process::Command::new("curl")
        .args(["-sS", "--max-time", "60", "--cacert"])
        .arg(ca)
        .args(["-H", "Content-Type: application/json", "-H", "Accept: application/json, text/event-stream"])
        .args(["-H", "Authorization: Bearer alice-0123456789abcdef"])
        .args(["--data-binary", &body.to_string(), url])
        .output()
        .expect("curl runs");
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .filter_map(|l| l.strip_prefix("data: ").or(Some(l)))
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .find(|v| v.get("id") == body.get("id"))
}

fn math_run(id: u64, capability: &str, input: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
           "params": {"name": "math.run", "arguments": {"capability_id": capability, "input": input}}})
}

/// The replica that answered: the process prefix of the episode id `ep-<process>-<n>`.
fn answered_by(reply: &Value) -> String {
    let episode = reply["result"]["structuredContent"]["provenance"]["episode_id"].as_str().unwrap_or_default();
    episode.rsplit_once('-').map(|(p, _)| p.to_owned()).unwrap_or_else(|| panic!("no episode id: {reply}"))
}

/// docs/deploy/haproxy.cfg, run as it stands: only its frontend address, certificate and
/// servers are replaced. Runs spread over three replicas through TLS with bearer tokens, an
/// artifact put through one replica reads back through all of them, runs that may block go on
/// to the two workers (NATS with docs/deploy/nats-server.conf), replicas and workers serve
/// their metrics, a request without a token is refused, and once a replica is killed with
/// SIGKILL the load balancer passes over it and every request succeeds on the other two.
#[test]
fn the_documented_haproxy_recipe_spreads_runs_over_replicas_and_passes_over_a_dead_one() {
    let pg = TestPostgres::start().unwrap();
    let url = pg.database().unwrap();
    let homes: Vec<tempfile::TempDir> = (0..3).map(|_| tempfile::tempdir().unwrap()).collect();
    let exe = std::path::Path::new(env!("CARGO_BIN_EXE_jacobian"));
    // NATS with docs/deploy/nats-server.conf, and two workers on the same store.
    // Worker a serves its own metrics.
    let nats = NatsServer::start();
    let metrics = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().to_string();
    let _workers: Vec<Worker> = [("a", vec!["--metrics", metrics.as_str()]), ("b", vec![])]
        .iter()
        .map(|(name, extra)| {
            let extra: Vec<&std::ffi::OsStr> = extra.iter().map(|a| a.as_ref()).collect();
            Worker::start(exe, &nats.url, name, &url, &extra)
        })
        .collect();
    // Bearer tokens, the same file for every replica.
    let tokens = tempfile::tempdir().unwrap();
    let token_file = tokens.path().join("tokens.toml");
    std::fs::write(&token_file, crate::mcp::TOKENS).unwrap();
    let mut replicas: Vec<HttpReplica> = homes
        .iter()
        .map(|home| {
            let home = home.path().as_os_str();
            let args = [
                "--store".as_ref(),
                url.as_ref(),
                "--home".as_ref(),
                home,
                "--workers".as_ref(),
                nats.url.as_ref(),
                "--tokens".as_ref(),
                token_file.as_os_str(),
            ];
            HttpReplica::start(exe, &args)
        })
        .collect();
    let dir = tempfile::tempdir().unwrap();

    // A self-signed certificate for 127.0.0.1, key and certificate in one file as HAProxy reads it.
    let (key, cert, pem) = (dir.path().join("key.pem"), dir.path().join("cert.pem"), dir.path().join("jacobian.pem"));
    let made = std::process::Command::new("openssl")
        .args(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=jacobian-test"])
        .args(["-addext", "subjectAltName=IP:127.0.0.1", "-keyout"])
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .output()
        .expect("openssl runs");
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    let bundle = [std::fs::read(&cert).unwrap(), std::fs::read(&key).unwrap()].concat();
    std::fs::write(&pem, bundle).unwrap();

    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let recipe = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/deploy/haproxy.cfg")).unwrap();
    let mut servers = replicas.iter().map(|r| r.addr.clone());
    let config: String = recipe
        .lines()
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["bind", _, "ssl", "crt", _, rest @ ..] => {
                    format!("    bind 127.0.0.1:{port} ssl crt {} {}", pem.display(), rest.join(" "))
                }
                ["server", name, _, rest @ ..] => {
                    format!("    server {name} {} {}", servers.next().expect("three servers"), rest.join(" "))
                }
                _ => line.to_owned(),
            }
        })
        .map(|line| line + "\n")
        .collect();
    assert!(servers.next().is_none(), "the recipe names three servers");
    let cfg = dir.path().join("haproxy.cfg");
    std::fs::write(&cfg, &config).unwrap();
    let checked = std::process::Command::new("haproxy").arg("-c").arg("-f").arg(&cfg).output().expect("haproxy runs");
    assert!(checked.status.success(), "{}{config}", String::from_utf8_lossy(&checked.stderr));
    let mut haproxy = std::process::Command::new("haproxy")
        .arg("-db")
        .arg("-f")
        .arg(&cfg)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start haproxy");
    let endpoint = format!("https://127.0.0.1:{port}/mcp");

    // Every replica takes runs once its readiness checks pass.
    let gcd = |id| math_run(id, "integer.compute.gcd", json!({"a": 84, "b": 36}));
    let mut seen = std::collections::BTreeSet::new();
    let started = Instant::now();
    let mut id = 0;
    while seen.len() < 3 {
        assert!(started.elapsed() < Duration::from_secs(60), "runs reached only {seen:?}");
        id += 1;
        if let Some(reply) = over_tls(&endpoint, &cert, &gcd(id)) {
            assert_eq!(reply["result"]["structuredContent"]["output"]["gcd"], "12", "{reply}");
            seen.insert(answered_by(&reply));
        }
    }

    // An artifact put through one replica reads back through each.
    let object = json!({"order": 3, "edges": [[0, 1], [1, 2]]});
    let put = over_tls(
        &endpoint,
        &cert,
        &math_run(1000, "artifact.put", json!({"object_type": "simple_graph", "object": object})),
    )
    .expect("put answered");
    let uri = stored_uri(&put).unwrap_or_else(|| panic!("{put}")).to_owned();
    let mut readers = std::collections::BTreeSet::new();
    for n in 0..12 {
        let read = json!({"jsonrpc": "2.0", "id": 2000 + n, "method": "resources/read", "params": {"uri": uri}});
        let reply = over_tls(&endpoint, &cert, &read).expect("read answered");
        let text = reply["result"]["contents"][0]["text"].as_str().unwrap_or_else(|| panic!("{reply}"));
        assert_eq!(serde_json::from_str::<Value>(text).unwrap(), object);
        let check = over_tls(&endpoint, &cert, &gcd(3000 + n)).expect("gcd answered");
        readers.insert(answered_by(&check));
    }
    assert_eq!(readers.len(), 3, "reads and runs went to every replica: {readers:?}");

    // Runs that may block go on to the two workers, whichever replica takes them.
    let factor = |id| math_run(id, "integer.factor", json!({"n": "18446744073709551617"}));
    let mut on_workers = std::collections::BTreeSet::new();
    let started = Instant::now();
    for n in 0.. {
        assert!(started.elapsed() < Duration::from_secs(60), "runs reached the workers {on_workers:?}");
        let reply = over_tls(&endpoint, &cert, &factor(5000 + n)).expect("factor answered");
        let result = &reply["result"]["structuredContent"];
        assert_eq!(result["execution"]["status"], "SUCCEEDED", "{reply}");
        let diagnostics = result["execution"]["diagnostics"].as_array().cloned().unwrap_or_default();
        if let Some(d) = diagnostics.iter().find(|d| d["code"] == "RAN_ON_WORKER") {
            on_workers
                .insert(d["message"].as_str().unwrap_or_default().rsplit(' ').next().unwrap_or_default().to_owned());
        }
        if on_workers.len() == 2 {
            break;
        }
    }
    // Metrics per replica, naming the workers on its board, and per worker.
    let get = |url: &str| {
        let out =
            std::process::Command::new("curl").args(["-sS", "--max-time", "10", url]).output().expect("curl runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let replica_metrics = get(&format!("http://{}/metrics", replicas[0].addr));
    assert!(replica_metrics.contains("jacobian_worker_slots{worker=\"a\"}"), "{replica_metrics}");
    assert!(replica_metrics.contains("jacobian_worker_slots{worker=\"b\"}"), "{replica_metrics}");
    let worker_metrics = get(&format!("http://{metrics}/metrics"));
    assert!(worker_metrics.contains("jacobian_runs_finished_total"), "{worker_metrics}");
    // Without a token, nothing passes the load balancer.
    let refused = std::process::Command::new("curl")
        .args(["-sS", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "10", "--cacert"])
        .arg(&cert)
        .args(["-H", "Content-Type: application/json", "-H", "Accept: application/json, text/event-stream"])
        .args(["--data-binary", &gcd(6000).to_string(), &endpoint])
        .output()
        .expect("curl runs");
    assert_eq!(String::from_utf8_lossy(&refused.stdout), "401");

    // A replica killed outright is passed over: after its checks fail, every request succeeds
    // on the other two.
    let dead = replicas.remove(0);
    drop(dead);
    std::thread::sleep(Duration::from_secs(3));
    let mut after = std::collections::BTreeSet::new();
    for n in 0..12 {
        let reply = over_tls(&endpoint, &cert, &gcd(4000 + n)).unwrap_or_else(|| panic!("request {n} failed"));
        assert_eq!(reply["result"]["structuredContent"]["output"]["gcd"], "12", "{reply}");
        after.insert(answered_by(&reply));
    }
    assert_eq!(after.len(), 2, "the two live replicas take the runs: {after:?}");
    assert!(after.is_subset(&seen));
    let _ = haproxy.kill();
    let _ = haproxy.wait();
}

/// Under a REQUIRED reasoning log, the BEFORE_TOOL entry written through one replica admits the
/// run another replica takes, once; the outcome that replica binds is what an AFTER_TOOL entry
/// written through the first is compared with; and every entry is in the database, in order.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reasoning_run_spans_replicas() {
    use jacobian::runtime::CapabilityRequest;
    use jacobian::runtime::policy::OperatorConfig;
    use jacobian::{EntryKind, ReasoningEntry, ReportedOutcome, TenantId};

    let pg = TestPostgres::start().unwrap();
    let url = pg.database().unwrap();
    let config = OperatorConfig::from_toml("[reasoning]\nmode = \"REQUIRED\"\n").unwrap();
    let replica = || jacobian::builder().in_memory().config(config.clone()).shared_store(url.clone()).build();
    let (one, two) = (replica().await.unwrap(), replica().await.unwrap());
    let local = TenantId::local();
    let entry = |kind, run: Option<&str>| ReasoningEntry {
        kind,
        run_id: run.map(str::to_owned),
        call_id: None,
        capability_id: None,
        summary: "gcd of 84 and 36".into(),
        reported: None,
    };

    let plan = one.reasoning_write(&local, entry(EntryKind::Plan, None)).unwrap();
    let before = one
        .reasoning_write(
            &local,
            ReasoningEntry {
                capability_id: Some("integer.compute.gcd".into()),
                ..entry(EntryKind::BeforeTool, Some(&plan.run_id))
            },
        )
        .unwrap();
    let call = before.call_id.clone().expect("a call id");
    let mut gcd = CapabilityRequest::new("integer.compute.gcd", json!({"a": 84, "b": 36}));
    let refused = two.run(gcd.clone()).await;
    assert_eq!(refused.execution.diagnostics[0].code, "REASONING_IDS_REQUIRED");
    gcd.reasoning_run_id = Some(plan.run_id.clone());
    gcd.reasoning_call_id = Some(call.clone());
    let ran = two.run(gcd.clone()).await;
    assert!(ran.succeeded(), "{:?}", ran.execution.diagnostics);
    // The call is spent on every replica.
    let again = one.run(gcd).await;
    assert_eq!(again.execution.diagnostics[0].code, "CALL_ALREADY_USED", "{:?}", again.execution.diagnostics);

    let after = one
        .reasoning_write(
            &local,
            ReasoningEntry {
                call_id: Some(call.clone()),
                reported: Some(ReportedOutcome {
                    result_digest: Some(ran.provenance.result_digest),
                    ..ReportedOutcome::default()
                }),
                ..entry(EntryKind::AfterTool, Some(&plan.run_id))
            },
        )
        .unwrap();
    let binding = after.binding.expect("AFTER_TOOL is compared with the bound outcome");
    assert!(binding.matches, "{binding:?}");
    assert_eq!(binding.actual.result_digest, ran.provenance.result_digest);
    two.reasoning_write(&local, entry(EntryKind::Final, Some(&plan.run_id))).unwrap();
    let closed = one.reasoning_write(&local, entry(EntryKind::Plan, Some(&plan.run_id))).unwrap_err();
    assert_eq!(closed[0].code, "RUN_CLOSED");

    let db = jacobian::runtime::artifact::PgDatabase::connect(&url).unwrap();
    let kinds: Vec<String> = db
        .reasoning_lines(local.as_str())
        .unwrap()
        .iter()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["kind"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(kinds, ["PLAN", "BEFORE_TOOL", "BINDING", "AFTER_TOOL", "FINAL"]);
}

/// Under load from two replicas at once, a tenant's `runs_in_flight` quota is never exceeded
/// across them: every run either succeeds or is refused at admission (TENANT_LIMIT), the rows
/// held in the database never number more than the quota, and once the load ends none is held.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tenant_quota_holds_under_load_from_two_replicas() {
    use jacobian::runtime::artifact::PgDatabase;
    use jacobian::runtime::policy::OperatorConfig;
    use jacobian::runtime::{CapabilityRequest, ExecutionStatus};

    const QUOTA: u64 = 3;
    let pg = TestPostgres::start().unwrap();
    let url = pg.database().unwrap();
    let config = OperatorConfig::from_toml(&format!("[quotas]\nruns_in_flight = {QUOTA}\n")).unwrap();
    let replica = || jacobian::builder().in_memory().config(config.clone()).shared_store(url.clone()).build();
    let (one, two) = (replica().await.unwrap(), replica().await.unwrap());

    // A watcher samples the rows the tenant holds while the load runs.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let watcher = std::thread::spawn({
        let (url, stop) = (url.clone(), stop.clone());
        move || {
            let db = PgDatabase::connect(&url).unwrap();
            let (mut most, mut samples) = (0, 0);
            while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                most = most.max(db.runs_in_flight("local").unwrap());
                samples += 1;
                std::thread::sleep(Duration::from_millis(2));
            }
            (most, samples)
        }
    });
    let mut runs = Vec::new();
    for k in 0..40u64 {
        let jac = if k % 2 == 0 { one.clone() } else { two.clone() };
        let request =
            CapabilityRequest::new("graph.enumerate.nonisomorphic", json!({"order": 7 + k % 2, "emit": "COUNT"}))
                .wall_ms(120_000);
        runs.push(tokio::spawn(async move { jac.run(request).await }));
    }
    let (mut succeeded, mut refused) = (0, 0);
    for run in runs {
        let r = run.await.unwrap();
        match r.execution.status {
            ExecutionStatus::Succeeded => succeeded += 1,
            ExecutionStatus::BudgetExceeded => {
                assert_eq!(r.execution.diagnostics[0].code, "TENANT_LIMIT", "{:?}", r.execution.diagnostics);
                refused += 1;
            }
            other => panic!("{other:?}: {:?}", r.execution.diagnostics),
        }
    }
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    let (most, samples) = watcher.join().unwrap();
    assert!(most <= QUOTA, "{most} runs held at once against a quota of {QUOTA}");
    assert!(most >= 1 && samples > 0, "the watcher saw the load");
    assert!(succeeded >= QUOTA && refused > 0, "{succeeded} succeeded, {refused} refused");
    let db = PgDatabase::connect(&url).unwrap();
    let released = Instant::now();
    while db.runs_in_flight("local").unwrap() > 0 {
        assert!(released.elapsed() < Duration::from_secs(10), "a finished run still holds its slot");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A tenant's `cpu_seconds` quota counts the CPU time its runs spent on every replica: once runs
/// through replica one have spent more than the quota, replica two refuses the tenant's next
/// run (QUOTA_EXCEEDED) and still admits another tenant's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tenant_cpu_quota_counts_every_replica() {
    use jacobian::runtime::policy::OperatorConfig;
    use jacobian::runtime::{CapabilityRequest, ExecutionStatus};
    use jacobian::{RunOptions, TenantId};

    let pg = TestPostgres::start().unwrap();
    let url = pg.database().unwrap();
    let config = OperatorConfig::from_toml("[quotas]\ncpu_seconds = 1\ncpu_window_seconds = 600\n").unwrap();
    let replica = || jacobian::builder().in_memory().config(config.clone()).shared_store(url.clone()).build();
    let (one, two) = (replica().await.unwrap(), replica().await.unwrap());
    let gcd = || CapabilityRequest::new("integer.compute.gcd", json!({"a": 12, "b": 18}));
    assert!(two.run(gcd()).await.succeeded(), "the tenant starts within its quota");

    // Runs through replica one, each cancelled after a second, spend more than the quota.
    let mut cpu_ms = 0.0;
    while cpu_ms <= 1000.0 {
        assert!(two.run(gcd()).await.succeeded() || cpu_ms > 990.0, "refused within its quota");
        let cancel = tokio_util::sync::CancellationToken::new();
        let long = long_run(&one, RunOptions { cancel: Some(cancel.clone()), ..RunOptions::default() }).await;
        tokio::time::sleep(Duration::from_millis(1000)).await;
        cancel.cancel();
        let spent = long.await.unwrap();
        assert_eq!(spent.execution.status, ExecutionStatus::Cancelled);
        assert!(spent.execution.accounting.cpu_ms > 0.0, "{:?}", spent.execution.accounting);
        cpu_ms += spent.execution.accounting.cpu_ms;
    }

    let recorded = Instant::now();
    let refused = loop {
        let r = two.run(gcd()).await;
        if r.execution.status == ExecutionStatus::BudgetExceeded {
            break r;
        }
        assert!(recorded.elapsed() < Duration::from_secs(10), "replica two never counted replica one's CPU time");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(refused.execution.diagnostics[0].code, "QUOTA_EXCEEDED");
    assert!(refused.execution.diagnostics[0].message.contains("cpu_seconds"), "{:?}", refused.execution.diagnostics);
    let bob = RunOptions { tenant: TenantId::new("bob").unwrap(), ..RunOptions::default() };
    assert!(two.run_with(gcd(), bob).await.succeeded(), "another tenant has its own CPU seconds");
}
