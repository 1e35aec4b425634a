//! The content-addressed artifact store: immutable bytes named by their SHA-256, each with a manifest.
//!
//! `artifact://sha256/<hex>` names the bytes; the manifest says what they are (schema URI,
//! media type), where they came from (parents, producing episode) and how big they are.
//! Reads recompute the digest, so a corrupted object is an error, never data.

mod fs;
mod memory;
mod postgres;
#[cfg(test)]
pub(crate) mod suite;
pub mod test_postgres;

pub use fs::FsArtifactStore;
pub use memory::MemoryArtifactStore;
pub use postgres::{CHUNK_BYTES, PgArtifactStore, PgDatabase, ReasoningTx, RegisteredToken};

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::canonical::Digest;
use crate::error::{Error, Result};

/// `artifact://sha256/<64 lowercase hex digits>`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ArtifactUri(Digest);

impl ArtifactUri {
    /// The URI scheme and algorithm prefix.
    pub const PREFIX: &'static str = "artifact://sha256/";

    /// The URI of the artifact with this digest.
    pub fn from_digest(digest: Digest) -> Self {
        ArtifactUri(digest)
    }

    /// The digest it names.
    pub fn digest(&self) -> Digest {
        self.0
    }

    /// Parses a URI.
    pub fn parse(s: &str) -> Result<Self> {
        s.strip_prefix(Self::PREFIX)
            .and_then(Digest::from_hex)
            .map(ArtifactUri)
            .ok_or_else(|| Error::BadArtifactUri { uri: s.chars().take(120).collect() })
    }
}

impl fmt::Display for ArtifactUri {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", Self::PREFIX, self.0.hex())
    }
}

impl fmt::Debug for ArtifactUri {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl FromStr for ArtifactUri {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        ArtifactUri::parse(s)
    }
}

impl Serialize for ArtifactUri {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for ArtifactUri {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        let s = String::deserialize(deserializer)?;
        ArtifactUri::parse(&s).map_err(serde::de::Error::custom)
    }
}

impl JsonSchema for ArtifactUri {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "ArtifactUri".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "pattern": "^artifact://sha256/[0-9a-f]{64}$",
            "description": "A content-addressed artifact."
        })
    }
}

/// What the store records about an artifact.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// The artifact's URI.
    pub uri: ArtifactUri,
    /// Schema URI of the content (e.g. `urn:jacobian:schema:simple-graph:v1`).
    pub schema_uri: String,
    /// Media type (e.g. `application/json`, `text/plain`).
    pub media_type: String,
    /// Size in bytes.
    pub size: u64,
    /// Artifacts this one was derived from.
    pub parents: Vec<ArtifactUri>,
    /// The episode that first stored it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub producing_episode: Option<String>,
    /// Milliseconds since the Unix epoch when it was first stored.
    pub created_unix_ms: u64,
}

/// An artifact read back from the store, its digest re-checked.
#[derive(Debug, Clone)]
pub struct Artifact {
    /// The manifest.
    pub manifest: Manifest,
    /// The bytes.
    pub bytes: Arc<[u8]>,
}

impl Artifact {
    /// Parses the bytes as JSON.
    pub fn json(&self) -> Result<serde_json::Value> {
        Ok(serde_json::from_slice(&self.bytes)?)
    }
}

/// What a writer offers the store.
#[derive(Debug, Clone)]
pub struct NewArtifact<'a> {
    /// Schema URI of the content.
    pub schema_uri: &'a str,
    /// Media type.
    pub media_type: &'a str,
    /// The bytes (canonical JSON for JSON objects).
    pub bytes: &'a [u8],
    /// Artifacts it was derived from; each must already be stored.
    pub parents: &'a [ArtifactUri],
    /// The episode writing it.
    pub producing_episode: Option<&'a str>,
}

/// Limits a store enforces on every write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoreLimits {
    /// Largest artifact accepted, in bytes.
    pub max_artifact_bytes: u64,
    /// Most parents an artifact may name.
    pub max_parents: usize,
}

impl Default for StoreLimits {
    fn default() -> Self {
        StoreLimits { max_artifact_bytes: 256 << 20, max_parents: 64 }
    }
}

/// A content-addressed, immutable artifact store.
///
/// `put` is idempotent for the same bytes and schema; storing the same bytes under another
/// schema is a conflict. Implementations must make a write visible only once it is complete
/// and durable, and must verify the digest on every read.
pub trait ArtifactStore: Send + Sync + 'static {
    /// Stores `new` (or finds it already stored) and returns its manifest.
    fn put(&self, new: &NewArtifact<'_>) -> Result<Manifest>;
    /// Reads an artifact and checks its digest.
    fn get(&self, uri: &ArtifactUri) -> Result<Artifact>;
    /// Reads only the manifest.
    fn manifest(&self, uri: &ArtifactUri) -> Result<Manifest>;
    /// True when the artifact exists (its content is not re-checked).
    fn contains(&self, uri: &ArtifactUri) -> bool;
    /// The limits in force.
    fn limits(&self) -> StoreLimits;
    /// What the store holds: the bytes of its objects and how many there are.
    fn usage(&self) -> Result<StoreUsage>;
    /// Whether other processes write to the same store, so that only the store itself can hold
    /// its usage to a bound exactly.
    fn shared(&self) -> bool {
        false
    }
    /// Stores `new` unless storing it would take the store's usage past `bound` (an artifact
    /// already stored takes no space and is never refused); a refusal is
    /// [`Error::QuotaExceeded`] (naming the store's tenant when the store knows it) and writes
    /// nothing. A [shared](ArtifactStore::shared) store checks and writes in one step that
    /// every process's writes go through; this default checks and then writes, exact only for
    /// a store that one process writes.
    fn put_within(&self, new: &NewArtifact<'_>, bound: StoreBound) -> Result<Manifest> {
        if !self.contains(&ArtifactUri::from_digest(Digest::of_bytes(new.bytes))) {
            bound.admit(self.usage()?, new.bytes.len() as u64, "")?;
        }
        self.put(new)
    }
}

/// Upper bounds on a store's usage (a tenant's storage quotas); `None` is no bound.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StoreBound {
    /// Bytes of stored objects.
    pub stored_bytes: Option<u64>,
    /// Stored artifacts.
    pub artifacts: Option<u64>,
}

impl StoreBound {
    /// Each bound the tighter of the two.
    pub fn tighter(self, other: StoreBound) -> StoreBound {
        let min = |a: Option<u64>, b: Option<u64>| match (a, b) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        StoreBound {
            stored_bytes: min(self.stored_bytes, other.stored_bytes),
            artifacts: min(self.artifacts, other.artifacts),
        }
    }

    /// Whether a new object of `size` bytes fits beside `used`; else the quota it would pass.
    pub fn admit(&self, used: StoreUsage, size: u64, tenant: &str) -> Result<()> {
        let past = |quota: &'static str, used: u64, more: u64, limit: Option<u64>| match limit {
            Some(limit) if used.saturating_add(more) > limit => {
                Err(Error::QuotaExceeded { tenant: tenant.to_owned(), quota, used, limit })
            }
            _ => Ok(()),
        };
        past("stored_bytes", used.bytes, size, self.stored_bytes)?;
        past("artifacts", used.artifacts, 1, self.artifacts)
    }
}

/// What a store holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct StoreUsage {
    /// Bytes of stored objects (manifests not counted).
    pub bytes: u64,
    /// Stored artifacts.
    pub artifacts: u64,
}

/// A read-only handle to a store, for checkers and request preparation.
#[derive(Clone)]
pub struct ArtifactReader(Arc<dyn ArtifactStore>);

impl ArtifactReader {
    /// Wraps a store.
    pub fn new(store: Arc<dyn ArtifactStore>) -> Self {
        ArtifactReader(store)
    }
    /// Reads an artifact (digest re-checked).
    pub fn get(&self, uri: &ArtifactUri) -> Result<Artifact> {
        self.0.get(uri)
    }
    /// Reads a manifest.
    pub fn manifest(&self, uri: &ArtifactUri) -> Result<Manifest> {
        self.0.manifest(uri)
    }
    /// True when the artifact exists.
    pub fn contains(&self, uri: &ArtifactUri) -> bool {
        self.0.contains(uri)
    }
}

/// Checks a write against the limits and the parents' existence; shared by every store.
pub(crate) fn check_new(store: &dyn ArtifactStore, new: &NewArtifact<'_>) -> Result<()> {
    let limits = store.limits();
    let size = new.bytes.len() as u64;
    if size > limits.max_artifact_bytes {
        return Err(Error::ArtifactTooLarge { size, limit: limits.max_artifact_bytes });
    }
    if new.parents.len() > limits.max_parents {
        return Err(Error::ArtifactRefused {
            reason: format!("{} parents exceed the limit of {}", new.parents.len(), limits.max_parents),
        });
    }
    if new.schema_uri.is_empty() || new.schema_uri.len() > 256 || new.media_type.is_empty() {
        return Err(Error::ArtifactRefused { reason: "schema URI and media type are required".into() });
    }
    for parent in new.parents {
        if !store.contains(parent) {
            return Err(Error::ArtifactRefused { reason: format!("parent {parent} is not stored") });
        }
    }
    Ok(())
}

/// The default home directory of a Jacobian installation: `$JACOBIAN_HOME`, else
/// `$XDG_DATA_HOME/jacobian`, else `$HOME/.local/share/jacobian` (the platform data
/// directory on Linux; `~/Library/Application Support/jacobian` on macOS). `None` when no
/// variable names a location.
pub fn default_home() -> Option<std::path::PathBuf> {
    use std::path::PathBuf;
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(home) = var("JACOBIAN_HOME") {
        return Some(home);
    }
    if let Some(data) = var("XDG_DATA_HOME") {
        return Some(data.join("jacobian"));
    }
    let home = var("HOME")?;
    if cfg!(target_os = "macos") {
        Some(home.join("Library").join("Application Support").join("jacobian"))
    } else {
        Some(home.join(".local").join("share").join("jacobian"))
    }
}

pub(crate) fn now_unix_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as u64).unwrap_or(0)
}

/// Builds the manifest of a new artifact.
pub(crate) fn manifest_for(uri: ArtifactUri, new: &NewArtifact<'_>) -> Manifest {
    Manifest {
        uri,
        schema_uri: new.schema_uri.to_owned(),
        media_type: new.media_type.to_owned(),
        size: new.bytes.len() as u64,
        parents: new.parents.to_vec(),
        producing_episode: new.producing_episode.map(str::to_owned),
        created_unix_ms: now_unix_ms(),
    }
}

/// Resolves an existing manifest against a new write of the same bytes.
pub(crate) fn reconcile(existing: Manifest, new: &NewArtifact<'_>) -> Result<Manifest> {
    if existing.schema_uri != new.schema_uri {
        return Err(Error::ArtifactConflict {
            uri: existing.uri.to_string(),
            existing: existing.schema_uri,
            offered: new.schema_uri.to_owned(),
        });
    }
    Ok(existing)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uri_round_trips_and_rejects_malformed() {
        let d = Digest::of_bytes(b"x");
        let uri = ArtifactUri::from_digest(d);
        assert_eq!(ArtifactUri::parse(&uri.to_string()).unwrap(), uri);
        for bad in [
            "artifact://sha256/",
            "artifact://sha1/00",
            "artifact://sha256/XYZ",
            &format!("artifact://sha256/{}", d.hex().to_uppercase()),
            &format!("artifact://sha256/{}0", d.hex()),
            &format!("file://{}", d.hex()),
        ] {
            assert!(ArtifactUri::parse(bad).is_err(), "{bad}");
        }
    }
}
