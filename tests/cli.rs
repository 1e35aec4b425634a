//! The `jacobian` command line: output, exit codes and one-line errors.

use std::process::{Command, Output};

use serde_json::Value;

fn jacobian(home: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jacobian"))
        .arg("--home")
        .arg(home)
        .args(args)
        .env_remove("JACOBIAN_CONFIG")
        .output()
        .expect("run jacobian")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn run_prints_the_result_and_exits_by_status() {
    let home = tempfile::tempdir().unwrap();
    let ok =
        jacobian(home.path(), &["run", "integer.compute.gcd", "--input", r#"{"a": 84, "b": 36}"#, "--mode", "VERIFY"]);
    assert_eq!(ok.status.code(), Some(0), "{}", stderr(&ok));
    let text = stdout(&ok);
    assert!(text.contains("SUCCEEDED") && text.contains("\"gcd\":\"12\"") && text.contains("VERIFIED"), "{text}");

    let json = jacobian(home.path(), &["run", "integer.compute.gcd", "--input", r#"{"a": 84, "b": 36}"#, "--json"]);
    let result: Value = serde_json::from_slice(&json.stdout).expect("--json prints the result");
    assert_eq!(result["output"]["gcd"], "12");
    assert_eq!(result["assurance"]["level"], "COMPUTED");

    let invalid = jacobian(home.path(), &["run", "integer.compute.gcd", "--input", r#"{"a": 84}"#]);
    assert_eq!(invalid.status.code(), Some(2));
    assert!(stdout(&invalid).contains("/input/b"), "{}", stdout(&invalid));

    let not_json = jacobian(home.path(), &["run", "integer.compute.gcd", "--input", "{"]);
    assert_eq!(not_json.status.code(), Some(2));
    let err = stderr(&not_json);
    assert_eq!(err.trim().lines().count(), 1, "one clear line: {err}");
    assert!(err.starts_with("jacobian: --input is not JSON"), "{err}");

    let file = home.path().join("input.json");
    std::fs::write(&file, r#"{"a": "1000000000000000000000", "b": 15}"#).unwrap();
    let from_file = jacobian(home.path(), &["run", "integer.compute.gcd", "--input", &format!("@{}", file.display())]);
    assert_eq!(from_file.status.code(), Some(0));
    assert!(stdout(&from_file).contains("\"gcd\":\"5\""), "{}", stdout(&from_file));

    let unknown = jacobian(home.path(), &["run", "no.such.capability", "--input", "{}"]);
    assert_eq!(unknown.status.code(), Some(2));

    let bad_timeout = jacobian(home.path(), &["run", "integer.compute.gcd", "--input", "{}", "--timeout", "-1"]);
    assert_eq!(bad_timeout.status.code(), Some(2));
}

#[test]
fn a_run_that_outlives_its_timeout_exits_3() {
    let home = tempfile::tempdir().unwrap();
    let digits = |seed: u64| -> String {
        let mut x = seed;
        (0..40_000)
            .map(|_| {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                char::from(b'1' + ((x >> 33) % 9) as u8)
            })
            .collect()
    };
    let input = home.path().join("big.json");
    std::fs::write(&input, serde_json::json!({"a": digits(1), "b": digits(2)}).to_string()).unwrap();
    let out = jacobian(
        home.path(),
        &["run", "integer.compute.gcd", "--input", &format!("@{}", input.display()), "--timeout", "0.05"],
    );
    assert_eq!(out.status.code(), Some(3), "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains("TIMED_OUT"));
}

#[test]
fn find_inspect_catalog_and_doctor() {
    let home = tempfile::tempdir().unwrap();
    let found = jacobian(home.path(), &["find", "greatest common divisor"]);
    assert_eq!(found.status.code(), Some(0));
    assert!(stdout(&found).lines().nth(1).is_some_and(|l| l.starts_with("integer.compute.gcd")), "{}", stdout(&found));
    let json = jacobian(home.path(), &["find", "--domain", "integer", "--json"]);
    let answer: Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(answer["kind"], "BROWSE");
    // Browsing lists a domain's capabilities in id order.
    let ids: Vec<&str> =
        answer["matches"].as_array().unwrap().iter().filter_map(|m| m["capability_id"].as_str()).collect();
    assert!(ids.contains(&"integer.compute.gcd"), "{ids:?}");
    assert!(ids.windows(2).all(|w| w[0] < w[1]) && ids.iter().all(|id| id.starts_with("integer.")), "{ids:?}");

    let inspected = jacobian(home.path(), &["inspect", "integer.compute.gcd", "--view", "FULL"]);
    assert_eq!(inspected.status.code(), Some(0));
    let card: Value = serde_json::from_slice(&inspected.stdout).unwrap();
    assert_eq!(card["capability_id"], "integer.compute.gcd");
    let missing = jacobian(home.path(), &["inspect", "nope"]);
    assert_eq!(missing.status.code(), Some(2));
    assert_eq!(stderr(&missing).trim().lines().count(), 1);

    let catalog: Value = serde_json::from_slice(&jacobian(home.path(), &["catalog"]).stdout).unwrap();
    let ids: Vec<&str> =
        catalog["capabilities"].as_array().unwrap().iter().filter_map(|c| c["descriptor"]["id"].as_str()).collect();
    assert!(ids.contains(&"integer.compute.gcd") && ids.contains(&"artifact.put"), "{ids:?}");

    let doctor = jacobian(home.path(), &["doctor", "--json"]);
    assert_eq!(doctor.status.code(), Some(0), "{}", stderr(&doctor));
    let report: Value = serde_json::from_slice(&doctor.stdout).unwrap();
    assert_eq!(report["home"], home.path().to_str().unwrap());
    assert_eq!(report["store"], "files");
    let z3 = report["backends"].as_array().unwrap().iter().find(|b| b["name"] == "z3").unwrap();
    assert!(z3["version"].as_str().is_some_and(|v| v.starts_with("5.")), "{z3}");
    assert_eq!(report["checkers"][0]["authorized"], true);
}

#[test]
fn artifact_put_then_get_round_trips_the_canonical_object() {
    let home = tempfile::tempdir().unwrap();
    let put = jacobian(
        home.path(),
        &["artifact", "put", "--type", "simple_graph", r#"{"order": 3, "edges": [[2, 1], [0, 1]]}"#],
    );
    assert_eq!(put.status.code(), Some(0), "{}", stderr(&put));
    let uri = stdout(&put).trim().to_owned();
    assert!(uri.starts_with("artifact://sha256/"), "{uri}");
    let got = jacobian(home.path(), &["artifact", "get", &uri]);
    assert_eq!(got.status.code(), Some(0));
    let object: Value = serde_json::from_slice(&got.stdout).unwrap();
    assert_eq!(object, serde_json::json!({"order": 3, "edges": [[0, 1], [1, 2]]}));

    let bad =
        jacobian(home.path(), &["artifact", "put", "--type", "simple_graph", r#"{"order": 2, "edges": [[0, 2]]}"#]);
    assert_eq!(bad.status.code(), Some(2));
    let absent = jacobian(home.path(), &["artifact", "get", &format!("artifact://sha256/{}", "0".repeat(64))]);
    assert_eq!(absent.status.code(), Some(1));
    assert_eq!(stderr(&absent).trim().lines().count(), 1);
    let malformed = jacobian(home.path(), &["artifact", "get", "artifact://md5/00"]);
    assert_eq!(malformed.status.code(), Some(2));
}

#[test]
fn a_broken_configuration_is_one_line_and_exit_5() {
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join("bad.toml");
    std::fs::write(&config, "[limits]\nmax_wall_ms = 0\n").unwrap();
    let out = jacobian(home.path(), &["--config", config.to_str().unwrap(), "catalog"]);
    assert_eq!(out.status.code(), Some(5));
    assert_eq!(stderr(&out).trim().lines().count(), 1, "{}", stderr(&out));
}
