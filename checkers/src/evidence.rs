//! Reading evidence: the small, strict readers every checker shares.
//!
//! A checker reads the claim and candidate JSON itself, field by field, and reports every
//! defect it finds at its JSON Pointer. These readers live in `checkers/` so that sharing them
//! never couples a checker to a producer.

use jacobian_runtime::artifact::ArtifactUri;
use jacobian_runtime::{CheckContext, CheckError, Evidence, Finding};
use serde_json::Value;

pub mod collected;

/// A reading that either succeeds or lists every defect found.
pub type Read<T> = Result<T, Vec<Finding>>;

/// A failed reading with one finding.
pub fn fail<T>(path: impl Into<String>, code: &str, message: impl Into<String>) -> Read<T> {
    Err(vec![Finding::at(path, code, message)])
}

/// Escapes one JSON Pointer reference token.
pub fn pointer_token(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// The object at `path`, with exactly the `fields`, each required (so indexing it by one never fails).
pub fn object<'a>(v: &'a Value, path: &str, fields: &[&str]) -> Read<&'a Value> {
    let Some(map) = v.as_object() else { return fail(path, "NOT_AN_OBJECT", "expected an object") };
    let mut findings: Vec<Finding> = map
        .keys()
        .filter(|k| !fields.contains(&k.as_str()))
        .map(|k| Finding::at(format!("{path}/{}", pointer_token(k)), "UNKNOWN_FIELD", "not part of this format"))
        .collect();
    findings.extend(
        fields
            .iter()
            .filter(|f| !map.contains_key(**f))
            .map(|f| Finding::at(format!("{path}/{f}"), "MISSING_FIELD", format!("`{f}` is required"))),
    );
    if findings.is_empty() { Ok(v) } else { Err(findings) }
}

/// A non-negative integer.
pub fn natural(v: &Value, path: &str) -> Read<u64> {
    v.as_u64().map_or_else(|| fail(path, "NOT_A_NATURAL", "expected a non-negative integer"), Ok)
}

/// A string.
pub fn string<'a>(v: &'a Value, path: &str) -> Read<&'a str> {
    v.as_str().map_or_else(|| fail(path, "NOT_A_STRING", "expected a string"), Ok)
}

/// Checks the evidence's kind, semantics and certificate format, and that its scope is not
/// universal (no checker here establishes a universal claim).
pub fn header(e: &Evidence, kind: &str, semantics: &str, format: &str) -> Read<()> {
    header_with(e, kind, semantics, format, "this claim is about one finite object")
}

/// [`header`], naming the object of the claim in the universal-scope finding: "a claim about
/// one `what` is not universal".
pub fn header_about(e: &Evidence, kind: &str, semantics: &str, format: &str, what: &str) -> Read<()> {
    header_with(e, kind, semantics, format, &format!("a claim about one {what} is not universal"))
}

/// [`header`] with `universal` as the message of the universal-scope finding.
fn header_with(e: &Evidence, kind: &str, semantics: &str, format: &str, universal: &str) -> Read<()> {
    let mut findings = Vec::new();
    for (path, got, want) in [
        ("/kind", &e.kind, kind),
        ("/semantics", &e.semantics, semantics),
        ("/certificate_format", &e.certificate_format, format),
    ] {
        if got != want {
            findings.push(Finding::at(path, "UNSUPPORTED_EVIDENCE", format!("expected `{want}`")));
        }
    }
    if e.scope.universal {
        findings.push(Finding::at("/scope/universal", "UNIVERSAL_SCOPE", universal));
    }
    if findings.is_empty() { Ok(()) } else { Err(findings) }
}

/// An artifact read back: its URI and its bytes.
pub type StoredBytes = (ArtifactUri, std::sync::Arc<[u8]>);

/// The artifact named by the URI string at `path`: it must be listed in the evidence's
/// artifacts, and its bytes are read back with their digest re-checked by the store.
///
/// A store failure (missing artifact, unreadable file) is a [`CheckError`], not a finding:
/// the checker could not look at the evidence, which is no verdict about it.
pub fn artifact_bytes(e: &Evidence, cx: &CheckContext, v: &Value, path: &str) -> Result<Read<StoredBytes>, CheckError> {
    let uri = match string(v, path) {
        Ok(s) => match ArtifactUri::parse(s) {
            Ok(uri) => uri,
            Err(_) => return Ok(fail(path, "NOT_AN_ARTIFACT_URI", "expected artifact://sha256/<hex>")),
        },
        Err(f) => return Ok(Err(f)),
    };
    if !e.artifacts.contains(&uri) {
        return Ok(fail(path, "UNLISTED_ARTIFACT", "the evidence does not list this artifact"));
    }
    let artifact = cx.artifacts.get(&uri)?;
    Ok(Ok((uri, artifact.bytes)))
}
