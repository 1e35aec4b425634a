//! Writes the seed corpora of the fuzz targets into `DIR/{objects,evidence,server}/` from what
//! the tests and the catalog already hold: every capability's examples (as `math.run` calls and
//! as the objects inside them), discovery queries, the evidence each VERIFY example's producer
//! attaches (computed in process; backend capabilities are skipped), and the protocol's own
//! messages.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use jacobian_runtime::adapter::{AdapterContext, PrepareContext};
use jacobian_runtime::artifact::{ArtifactReader, MemoryArtifactStore};
use jacobian_runtime::contract::Mode;
use jacobian_runtime::objects::ObjectRegistry;
use serde_json::{Value, json};

struct Corpus {
    dir: PathBuf,
    seen: BTreeSet<Vec<u8>>,
}

impl Corpus {
    fn new(root: &Path, name: &str) -> Corpus {
        let dir = root.join(name);
        std::fs::create_dir_all(&dir).expect("corpus directory");
        Corpus { dir, seen: BTreeSet::new() }
    }
    fn add(&mut self, selector: Option<u8>, value: &Value) {
        let mut bytes: Vec<u8> = selector.into_iter().collect();
        bytes.extend(serde_json::to_vec(value).expect("json"));
        if bytes.len() <= 64 * 1024 && self.seen.insert(bytes.clone()) {
            std::fs::write(self.dir.join(format!("seed-{:05}", self.seen.len())), bytes).expect("write seed");
        }
    }
    fn raw(&mut self, line: &str) {
        if self.seen.insert(line.as_bytes().to_vec()) {
            std::fs::write(self.dir.join(format!("seed-{:05}", self.seen.len())), line).expect("write seed");
        }
    }
}

/// Every JSON value inside `v`, `v` included.
fn walk<'a>(v: &'a Value, out: &mut Vec<&'a Value>) {
    out.push(v);
    match v {
        Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
        Value::Object(m) => m.values().for_each(|x| walk(x, out)),
        _ => {}
    }
}

fn main() {
    let root = PathBuf::from(std::env::args().nth(1).expect("usage: seeds DIR"));
    let objects = ObjectRegistry::bundled();
    let kinds: Vec<_> = objects.kinds().cloned().collect();
    let checkers = jacobian_checkers::bundled();
    let adapters = jacobian_adapters::bundled(&objects);
    let (mut obj, mut ev, mut srv) =
        (Corpus::new(&root, "objects"), Corpus::new(&root, "evidence"), Corpus::new(&root, "server"));
    let store = Arc::new(MemoryArtifactStore::new());
    for line in [
        r#"{"jsonrpc":"2.0","id":7,"method":"tools/list"}"#,
        r#"{"jsonrpc":"2.0","id":7,"method":"resources/list"}"#,
        r#"{"jsonrpc":"2.0","id":7,"method":"prompts/list"}"#,
        r#"{"jsonrpc":"2.0","id":7,"method":"resources/read","params":{"uri":"capability://catalog"}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}"#,
    ] {
        srv.raw(line);
    }
    for adapter in &adapters {
        let d = adapter.descriptor();
        srv.add(Some(2), &json!({"query": d.outcome}));
        for example in &d.examples {
            let mode = if example.mode == Mode::Verify { "VERIFY" } else { "EXPLORE" };
            srv.add(Some(1), &json!({"capability_id": d.id.as_str(), "mode": mode, "input": example.input}));
            let mut values = vec![];
            walk(&example.input, &mut values);
            for v in values.into_iter().filter(|v| v.is_object()) {
                for (k, kind) in kinds.iter().enumerate() {
                    if kind.canonicalize(v).is_ok() {
                        obj.add(Some(k as u8), v);
                    }
                }
            }
            if example.mode != Mode::Verify || adapter.backend().is_some() {
                continue;
            }
            let cx = PrepareContext { mode: Mode::Verify, artifacts: ArtifactReader::new(store.clone()) };
            let Ok(prepared) = adapter.prepare(&example.input, &cx) else { continue };
            let ctx = AdapterContext::detached(store.clone(), Mode::Verify, Duration::from_secs(5));
            let Ok(Ok(outcome)) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| prepared.execute(&ctx)))
            else {
                continue;
            };
            if let Some(evidence) = outcome.evidence {
                for (c, checker) in checkers.iter().enumerate() {
                    if checker.evidence_kinds().contains(&evidence.kind.as_str()) {
                        ev.add(Some(c as u8), &serde_json::to_value(&evidence).expect("evidence"));
                    }
                }
            }
        }
    }
    println!(
        "seeds: {} objects, {} evidence, {} server inputs in {}",
        obj.seen.len(),
        ev.seen.len(),
        srv.seen.len(),
        root.display()
    );
}
