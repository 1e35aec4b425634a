//! The fuzz smoke: `scripts/fuzz` builds the cargo-afl targets in `fuzz/` (the MCP server loop's
//! request edge, every object parser, every checker's evidence reader), seeds them from the
//! catalog's examples and the evidence its producers attach, fuzzes each for 60 seconds, and
//! must find no crash and no hang. `scripts/fuzz --seconds 1800 TARGET` is the long form.

use std::process::Command;

#[test]
fn every_fuzz_target_runs_a_minute_without_a_crash_or_a_hang() {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new(format!("{root}/scripts/fuzz"))
        .args(["--seconds", "60"])
        .current_dir(root)
        .output()
        .expect("scripts/fuzz runs (scripts/provision-fuzz installs cargo-afl)");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{text}");
    for target in ["objects", "evidence", "server"] {
        let line =
            text.lines().find(|l| l.starts_with(&format!("fuzz: {target}: "))).unwrap_or_else(|| panic!("{text}"));
        let executions: u64 = line.split_whitespace().nth(2).and_then(|n| n.parse().ok()).unwrap_or(0);
        assert!(executions > 100, "{target} ran: {line}");
        assert!(line.ends_with("0 crashes, 0 hangs"), "{line}");
    }
}
