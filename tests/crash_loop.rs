//! kill -9 crash loop: `jacobian serve` on one home directory, under concurrent artifact
//! writes, VERIFY runs (which write verification records) and long enumerations and
//! factorizations (which keep backend and nauty children busy), is killed with SIGKILL at a
//! random moment, then restarted. After every kill:
//!
//! - no process the server started (backend workers, launchers, nauty) outlives it;
//! - every object file in the store hashes to its name, and every manifest parses and names
//!   its own object (nothing torn is visible);
//! - after the restart, every artifact whose URI was acknowledged reads back through the new
//!   server, and the object an `artifact.put` stored is byte-exact what it acknowledged;
//! - the episode log holds only whole records (a torn tail is cut when the server opens it).
//!
//! `JACOBIAN_CRASH_ROUNDS` sets the number of rounds (20 by default; the long form runs 200).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use jacobian::runtime::Digest;
use serde_json::{Value, json};

use crate::rng::Rng;
use crate::stdio::Server;

const DEFAULT_ROUNDS: usize = 20;

/// Every process below `pid` (children of all its threads, recursively).
fn descendants(pid: u32) -> Vec<u32> {
    let mut out = Vec::new();
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return out };
    for task in tasks.flatten() {
        let children = std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
        for child in children.split_whitespace().filter_map(|c| c.parse::<u32>().ok()) {
            out.push(child);
            out.extend(descendants(child));
        }
    }
    out
}

/// Whether `pid` is a live process (not gone, not a zombie awaiting its reaper).
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| s.rsplit_once(") ").map(|(_, rest)| !rest.starts_with('Z')))
        .unwrap_or(false)
}

/// Checks the on-disk store: objects hash to their names, manifests parse and name them.
fn check_store(root: &Path) {
    for sub in ["objects", "manifests"] {
        let Ok(shards) = std::fs::read_dir(root.join(sub)) else { continue };
        for shard in shards.flatten() {
            for file in std::fs::read_dir(shard.path()).unwrap().flatten() {
                let name = file.file_name().to_string_lossy().into_owned();
                let bytes = std::fs::read(file.path()).unwrap();
                if sub == "objects" {
                    assert_eq!(Digest::of_bytes(&bytes).hex(), name, "torn object {}", file.path().display());
                } else {
                    let manifest: Value = serde_json::from_slice(&bytes)
                        .unwrap_or_else(|e| panic!("torn manifest {}: {e}", file.path().display()));
                    let hex = name.trim_end_matches(".json");
                    assert_eq!(manifest["uri"], json!(format!("artifact://sha256/{hex}")), "{}", file.path().display());
                    assert!(root.join("objects").join(&hex[..2]).join(hex).exists(), "manifest without object {hex}");
                }
            }
        }
    }
}

/// What the server acknowledged before it was killed.
#[derive(Default)]
struct Acknowledged {
    /// URI → the canonical object text an `artifact.put` stored (None for other artifacts).
    artifacts: BTreeMap<String, Option<String>>,
    runs: usize,
}

fn collect(reply: &Value, puts: &BTreeMap<u64, Value>, ack: &mut Acknowledged) {
    let Some(result) = reply["result"]["structuredContent"].as_object() else { return };
    ack.runs += 1;
    let id = reply["id"].as_u64().unwrap_or(0);
    for uri in result.get("artifact_uris").and_then(Value::as_array).into_iter().flatten() {
        let uri = uri.as_str().unwrap_or_default().to_owned();
        let expected = puts.get(&id).map(|object| object.to_string());
        ack.artifacts.entry(uri).or_insert(expected);
    }
}

fn round(home: &Path, seed: u64) -> (usize, usize, usize) {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut server = Server::start(home);
    let mut puts: BTreeMap<u64, Value> = BTreeMap::new();
    for i in 0..30u64 {
        if i % 3 == 0 {
            let (a, b) = (rng.below(1 << 40) + 1, rng.below(1 << 40) + 1);
            server.run("integer.compute.gcd", json!({"a": a, "b": b}), "VERIFY");
        } else {
            let object = crate::rng::path_with_chord(&mut rng, 40);
            let id = server.run("artifact.put", json!({"object_type": "simple_graph", "object": object}), "EXPLORE");
            puts.insert(id, object);
        }
    }
    // The long runs come last, so that the writes before them are answered while they run.
    for _ in 0..2 {
        server.run("graph.enumerate.nonisomorphic", json!({"order": 10, "emit": "COUNT"}), "EXPLORE");
    }
    server.run(
        "integer.factor",
        json!({"n": "1000000000000000000000000000057000000000000000000000000000551"}),
        "EXPLORE",
    );
    // Let some of the work finish, then kill the server in the middle of the rest: in odd
    // rounds counted from the first answer, in even rounds from the start (mid-warm-up).
    let mut ack = Acknowledged::default();
    if seed % 2 == 1
        && let Ok(reply) = server.lines.recv_timeout(Duration::from_secs(30))
    {
        collect(&reply, &puts, &mut ack);
    }
    let deadline = Instant::now() + Duration::from_millis(rng.below(1500));
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        if let Ok(reply) = server.lines.recv_timeout(left) {
            collect(&reply, &puts, &mut ack);
        }
    }
    let pid = server.child.id();
    let children = descendants(pid);
    server.child.kill().expect("SIGKILL");
    server.child.wait().expect("reaped");
    // Replies already in the pipe were acknowledged before the kill.
    while let Ok(reply) = server.lines.recv_timeout(Duration::from_millis(200)) {
        collect(&reply, &puts, &mut ack);
    }

    let end = Instant::now() + Duration::from_secs(5);
    let mut survivors: Vec<u32> = children.clone();
    while !survivors.is_empty() && Instant::now() < end {
        survivors.retain(|p| alive(*p));
        std::thread::sleep(Duration::from_millis(50));
    }
    let names: Vec<String> = survivors
        .iter()
        .map(|p| std::fs::read_to_string(format!("/proc/{p}/cmdline")).unwrap_or_default().replace('\0', " "))
        .collect();
    assert!(survivors.is_empty(), "seed {seed}: processes outlived their server: {names:?}");

    let store = home.join("tenants/local/artifacts");
    check_store(&store);

    let mut server = Server::start(home);
    for (uri, expected) in &ack.artifacts {
        let id = server.send("resources/read", json!({"uri": uri}));
        let reply = server.wait_for(id, Duration::from_secs(30)).expect("read answered");
        let text = reply["result"]["contents"][0]["text"].as_str();
        assert!(text.is_some(), "seed {seed}: acknowledged {uri} does not read back: {reply}");
        if let (Some(expected), Some(text)) = (expected, text) {
            let got: Value = serde_json::from_str(text).unwrap();
            let want: Value = serde_json::from_str(expected).unwrap();
            assert_eq!(got, want, "seed {seed}: {uri} is not the object that was put");
        }
    }
    let log = std::fs::read_to_string(home.join("tenants/local/episodes.jsonl")).unwrap_or_default();
    for line in log.lines() {
        assert!(serde_json::from_str::<Value>(line).is_ok(), "seed {seed}: a torn episode record survived: {line}");
    }
    assert!(log.is_empty() || log.ends_with('\n'), "seed {seed}: the episode log ends mid-record");
    let _ = server.child.kill();
    let _ = server.child.wait();
    (ack.runs, ack.artifacts.len(), children.len())
}

#[test]
fn sigkill_at_random_moments_loses_nothing_acknowledged() {
    let rounds = std::env::var("JACOBIAN_CRASH_ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(DEFAULT_ROUNDS);
    let home = tempfile::tempdir().unwrap();
    let (mut runs, mut artifacts, mut children) = (0, 0, 0);
    for seed in 1..=rounds as u64 {
        let (r, a, c) = round(home.path(), seed);
        runs += r;
        artifacts += a;
        children += c;
    }
    let _ = std::io::stderr().write_all(
        format!(
            "\ncrash loop: {rounds} kills, {runs} acknowledged runs, {artifacts} acknowledged artifacts checked, \
             {children} child processes gone with their server\n"
        )
        .as_bytes(),
    );
    assert!(runs > 0 && artifacts > 0, "no work was acknowledged before any kill");
    assert!(children > 0, "the server never had a child process to outlive it");
}
