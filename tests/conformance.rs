//! The official MCP Python SDK client against `jacobian serve` over stdio
//! (`tests/conformance/client.py`). `scripts/provision-python` installs the SDK into
//! `.venv/`; without it this test fails and says how to get it.

use std::path::Path;
use std::process::Command;

#[test]
fn the_official_python_sdk_client_interoperates() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let python = root.join(".venv/bin/python");
    assert!(
        python.exists(),
        "{} is missing: run scripts/provision-python (the README's test command does)",
        python.display()
    );
    let out = Command::new(&python)
        .arg(root.join("tests/conformance/client.py"))
        .arg(env!("CARGO_BIN_EXE_jacobian"))
        .output()
        .expect("run the conformance client");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "conformance client failed\nstdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(stdout.contains("conformance: ok"), "{stdout}");
}
