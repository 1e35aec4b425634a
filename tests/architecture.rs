//! Architecture invariants, read from `cargo metadata` and the source tree.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Package name → names of every package it depends on at run time, transitively.
fn runtime_closures() -> BTreeMap<String, BTreeSet<String>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--locked"])
        .current_dir(root())
        .output()
        .expect("cargo metadata runs");
    assert!(out.status.success(), "cargo metadata failed: {}", String::from_utf8_lossy(&out.stderr));
    let meta: Value = serde_json::from_slice(&out.stdout).unwrap();
    let name_of: BTreeMap<String, String> = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["id"].as_str().unwrap().to_owned(), p["name"].as_str().unwrap().to_owned()))
        .collect();
    // Normal (not dev, not build) dependency edges.
    let mut edges: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for node in meta["resolve"]["nodes"].as_array().unwrap() {
        let from = node["id"].as_str().unwrap().to_owned();
        let deps = node["deps"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["dep_kinds"].as_array().unwrap().iter().any(|k| k["kind"].is_null()))
            .map(|d| d["pkg"].as_str().unwrap().to_owned())
            .collect();
        edges.insert(from, deps);
    }
    let members: Vec<String> =
        meta["workspace_members"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_owned()).collect();
    members
        .iter()
        .map(|m| {
            let mut seen = BTreeSet::new();
            let mut stack = edges[m].clone();
            while let Some(id) = stack.pop() {
                if seen.insert(id.clone()) {
                    stack.extend(edges.get(&id).cloned().unwrap_or_default());
                }
            }
            (name_of[m].clone(), seen.into_iter().map(|id| name_of[&id].clone()).collect())
        })
        .collect()
}

const WORKSPACE: [&str; 5] =
    ["jacobian", "jacobian-runtime", "jacobian-actors", "jacobian-adapters", "jacobian-checkers"];

fn forbid(closures: &BTreeMap<String, BTreeSet<String>>, package: &str, forbidden: &[&str], why: &str) {
    let closure = &closures[package];
    let found: Vec<&&str> = forbidden.iter().filter(|f| closure.contains(**f)).collect();
    assert!(found.is_empty(), "{package} depends on {found:?}: {why}");
}

#[test]
fn dependency_direction_is_respected() {
    let c = runtime_closures();
    assert_eq!(c.keys().map(String::as_str).collect::<BTreeSet<_>>(), WORKSPACE.into_iter().collect());
    let solvers = ["z3", "z3-sys", "ractor", "rmcp"];
    forbid(&c, "jacobian-runtime", &WORKSPACE, "runtime is the bottom layer");
    forbid(&c, "jacobian-runtime", &solvers, "runtime has no actors, no transport and no solver");
    forbid(
        &c,
        "jacobian-checkers",
        &["jacobian", "jacobian-actors", "jacobian-adapters"],
        "a checker links only the contract",
    );
    forbid(&c, "jacobian-checkers", &solvers, "a checker never links the backend whose output it checks");
    forbid(
        &c,
        "jacobian-actors",
        &["jacobian-adapters", "jacobian"],
        "adapters are registered by the composition root",
    );
    for member in ["jacobian-runtime", "jacobian-actors", "jacobian-adapters", "jacobian-checkers"] {
        forbid(&c, member, &["rmcp"], "only the root package speaks MCP");
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            if name != "target" && !name.to_string_lossy().starts_with('.') {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_rust_file_opens_with_a_statement_of_what_it_owns() {
    let mut files = Vec::new();
    for dir in ["src", "runtime", "actors", "adapters", "checkers", "tests", "benches", "examples"] {
        let d = root().join(dir);
        if d.exists() {
            rust_files(&d, &mut files);
        }
    }
    assert!(files.len() > 20, "found only {} files", files.len());
    let missing: Vec<String> = files
        .iter()
        .filter(|f| !std::fs::read_to_string(f).unwrap().starts_with("//!"))
        .map(|f| f.strip_prefix(root()).unwrap().display().to_string())
        .collect();
    assert!(missing.is_empty(), "files without a `//!` first line: {missing:?}");
}

#[test]
fn no_mod_rs_files() {
    let mut files = Vec::new();
    for dir in ["src", "runtime", "actors", "adapters", "checkers"] {
        rust_files(&root().join(dir), &mut files);
    }
    let mod_rs: Vec<_> = files.iter().filter(|f| f.file_name().is_some_and(|n| n == "mod.rs")).collect();
    assert!(mod_rs.is_empty(), "use foo.rs + foo/ instead of {mod_rs:?}");
}

#[test]
fn ci_runs_exactly_the_readme_test_command() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let ci = std::fs::read_to_string(root().join(".ci/run")).unwrap();
    let command = readme
        .lines()
        .take(20)
        .find(|l| l.contains("cargo test"))
        .expect("the README's first lines give the test command")
        .trim()
        .trim_start_matches("$ ")
        .to_owned();
    assert!(ci.lines().any(|l| l.trim() == command), ".ci/run must run `{command}` exactly");
}

/// Every bundled capability is installed: a descriptor the registry refuses (an outcome line
/// over 200 characters, a malformed schema) would otherwise leave the catalog with only a log
/// line to say so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_bundled_capability_is_installed() {
    let objects = jacobian::runtime::objects::ObjectRegistry::bundled();
    let bundled: BTreeSet<String> =
        jacobian_adapters::bundled(&objects).iter().map(|a| a.descriptor().id.to_string()).collect();
    let jac = jacobian::builder().build().await.unwrap();
    let missing: Vec<&String> = bundled.iter().filter(|id| jac.descriptor(id).is_none()).collect();
    let reasons: Vec<String> = jac.rejected().iter().map(|r| format!("{}: {}", r.capability_id, r.reason)).collect();
    assert!(missing.is_empty(), "bundled but not installed: {missing:?}; {reasons:?}");
}

/// Every bundled capability passes registration in full: its schemas compile and every example
/// passes the validation path a call takes. A server only digests bundled capabilities at start
/// (their schemas are compiled on first use), on the strength of this test.
#[test]
fn every_bundled_capability_passes_the_full_registration_checks() {
    let objects = jacobian::runtime::objects::ObjectRegistry::bundled();
    let bundled = jacobian_adapters::bundled(&objects);
    let catalog = jacobian::runtime::catalog::Catalog::build(bundled.clone());
    let reasons: Vec<String> =
        catalog.rejected().iter().map(|r| format!("{}: {}", r.capability_id, r.reason)).collect();
    assert!(reasons.is_empty(), "{reasons:#?}");
    assert_eq!(catalog.entries().len(), bundled.len());
    let lazy = jacobian::runtime::catalog::Catalog::build_with_bundled(bundled, []);
    assert_eq!(lazy.digest(), catalog.digest());
}

/// A descriptor's digest is taken over its canonical encoding written straight from the
/// descriptor; for every bundled one those bytes are the canonical encoding of its JSON value.
#[test]
fn every_bundled_descriptor_encodes_canonically_without_a_json_tree() {
    use jacobian::runtime::canonical::{canonical_bytes_of, to_canonical_vec};
    let objects = jacobian::runtime::objects::ObjectRegistry::bundled();
    let bundled = jacobian_adapters::bundled(&objects);
    assert!(bundled.len() > 100);
    for adapter in &bundled {
        let descriptor = adapter.descriptor();
        let direct = canonical_bytes_of(descriptor).unwrap();
        let through_value = to_canonical_vec(&serde_json::to_value(descriptor).unwrap());
        assert!(direct == through_value, "{}: the encodings differ", descriptor.id);
    }
}
