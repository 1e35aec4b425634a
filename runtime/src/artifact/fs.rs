//! The on-disk artifact store: durable, atomic, content-addressed files.
//!
//! Layout under the root:
//! `objects/ab/<hex>` holds the bytes, `manifests/ab/<hex>.json` the manifest, `tmp/` writes
//! in progress. A write goes to a fresh file in `tmp/`, is fsynced, then moved into place
//! (the object by `rename`, the manifest by `link`, which refuses to overwrite), and the
//! directory is fsynced. The manifest is written after the object, so an artifact is
//! visible only once both are durable; a torn temp file is never read.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

use super::{
    Artifact, ArtifactStore, ArtifactUri, Manifest, NewArtifact, StoreLimits, check_new, manifest_for, reconcile,
};
use crate::canonical::Digest;
use crate::error::{Error, Result};

/// Temp files older than this are left over from a crash and are removed on open.
const STALE_TMP_AGE: Duration = Duration::from_secs(3600);

/// A content-addressed store in a directory.
#[derive(Debug)]
pub struct FsArtifactStore {
    root: PathBuf,
    limits: StoreLimits,
}

/// Distinguishes the temp files this process writes, through any number of handles on one
/// directory (the process id distinguishes processes).
static NEXT_TEMP_FILE: AtomicU64 = AtomicU64::new(0);

impl FsArtifactStore {
    /// Opens (creating if needed) a store rooted at `root`.
    pub fn open(root: impl Into<PathBuf>) -> Result<Self> {
        let root = root.into();
        for sub in ["objects", "manifests", "tmp"] {
            let dir = root.join(sub);
            fs::create_dir_all(&dir).map_err(|e| Error::io("creating the artifact store", &dir, e))?;
        }
        let store = FsArtifactStore { root, limits: StoreLimits::default() };
        store.remove_stale_temp_files();
        Ok(store)
    }

    /// Replaces the limits.
    pub fn with_limits(mut self, limits: StoreLimits) -> Self {
        self.limits = limits;
        self
    }

    /// The root directory.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Path of an object's bytes (exposed for tests and operators' tooling).
    pub fn object_path(&self, digest: &Digest) -> PathBuf {
        let hex = digest.hex();
        self.root.join("objects").join(&hex[..2]).join(hex)
    }

    fn manifest_path(&self, digest: &Digest) -> PathBuf {
        let hex = digest.hex();
        self.root.join("manifests").join(&hex[..2]).join(format!("{hex}.json"))
    }

    fn remove_stale_temp_files(&self) {
        let Ok(entries) = fs::read_dir(self.root.join("tmp")) else { return };
        let now = SystemTime::now();
        for entry in entries.flatten() {
            let old = entry
                .metadata()
                .and_then(|m| m.modified())
                .map(|t| now.duration_since(t).unwrap_or_default() > STALE_TMP_AGE)
                .unwrap_or(false);
            if old {
                let _ = fs::remove_file(entry.path());
            }
        }
    }

    /// Writes `bytes` to `dest` durably. With `no_clobber`, an existing `dest` is left alone
    /// and `Ok(false)` is returned.
    fn write_durably(&self, dest: &Path, bytes: &[u8], no_clobber: bool) -> Result<bool> {
        let dir = dest.parent().unwrap_or(&self.root);
        if !dir.exists() {
            fs::create_dir_all(dir).map_err(|e| Error::io("creating a shard directory", dir, e))?;
            if let Some(grandparent) = dir.parent() {
                sync_dir(grandparent)?;
            }
        }
        let n = NEXT_TEMP_FILE.fetch_add(1, Ordering::Relaxed);
        let name = dest.file_name().and_then(|n| n.to_str()).unwrap_or("artifact");
        let tmp = self.root.join("tmp").join(format!("{name}.{}.{n}.tmp", std::process::id()));
        let write = || -> io::Result<()> {
            let mut file = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
            file.write_all(bytes)?;
            file.sync_all()
        };
        if let Err(e) = write() {
            let _ = fs::remove_file(&tmp);
            return Err(Error::io("writing a temporary artifact file", &tmp, e));
        }
        let created = if no_clobber {
            let linked = fs::hard_link(&tmp, dest);
            let _ = fs::remove_file(&tmp);
            match linked {
                Ok(()) => true,
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => return Ok(false),
                Err(e) => return Err(Error::io("publishing an artifact manifest", dest, e)),
            }
        } else {
            fs::rename(&tmp, dest).map_err(|e| {
                let _ = fs::remove_file(&tmp);
                Error::io("publishing an artifact object", dest, e)
            })?;
            true
        };
        sync_dir(dir)?;
        Ok(created)
    }

    fn read_manifest(&self, uri: &ArtifactUri) -> Result<Manifest> {
        let path = self.manifest_path(&uri.digest());
        let bytes = match fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Err(Error::ArtifactNotFound { uri: uri.to_string() });
            }
            Err(e) => return Err(Error::io("reading an artifact manifest", &path, e)),
        };
        let manifest: Manifest = serde_json::from_slice(&bytes).map_err(|e| Error::ArtifactCorrupted {
            uri: uri.to_string(),
            reason: format!("unreadable manifest: {e}"),
        })?;
        if manifest.uri != *uri {
            return Err(Error::ArtifactCorrupted {
                uri: uri.to_string(),
                reason: format!("manifest names {}", manifest.uri),
            });
        }
        Ok(manifest)
    }
}

fn sync_dir(dir: &Path) -> Result<()> {
    File::open(dir).and_then(|d| d.sync_all()).map_err(|e| Error::io("syncing a store directory", dir, e))
}

impl ArtifactStore for FsArtifactStore {
    fn put(&self, new: &NewArtifact<'_>) -> Result<Manifest> {
        check_new(self, new)?;
        let uri = ArtifactUri::from_digest(Digest::of_bytes(new.bytes));
        match self.read_manifest(&uri) {
            Ok(existing) => return reconcile(existing, new),
            Err(Error::ArtifactNotFound { .. }) => {}
            Err(e) => return Err(e),
        }
        // Concurrent writers of the same bytes each rename an identical file into place.
        self.write_durably(&self.object_path(&uri.digest()), new.bytes, false)?;
        let manifest = manifest_for(uri, new);
        let encoded = serde_json::to_vec(&manifest)?;
        if self.write_durably(&self.manifest_path(&uri.digest()), &encoded, true)? {
            Ok(manifest)
        } else {
            // Another writer published first; its manifest stands.
            reconcile(self.read_manifest(&uri)?, new)
        }
    }

    fn get(&self, uri: &ArtifactUri) -> Result<Artifact> {
        let manifest = self.read_manifest(uri)?;
        let path = self.object_path(&uri.digest());
        let bytes = fs::read(&path).map_err(|e| match e.kind() {
            io::ErrorKind::NotFound => Error::ArtifactCorrupted {
                uri: uri.to_string(),
                reason: "the manifest exists but the object is missing".into(),
            },
            _ => Error::io("reading an artifact", &path, e),
        })?;
        if bytes.len() as u64 != manifest.size || Digest::of_bytes(&bytes) != uri.digest() {
            return Err(Error::ArtifactCorrupted {
                uri: uri.to_string(),
                reason: "the stored bytes do not hash to the artifact's digest".into(),
            });
        }
        Ok(Artifact { manifest, bytes: bytes.into() })
    }

    fn manifest(&self, uri: &ArtifactUri) -> Result<Manifest> {
        self.read_manifest(uri)
    }

    fn contains(&self, uri: &ArtifactUri) -> bool {
        self.manifest_path(&uri.digest()).exists()
    }

    fn limits(&self) -> StoreLimits {
        self.limits
    }

    /// Counts the published artifacts (those with a manifest) and the bytes of their objects.
    fn usage(&self) -> Result<super::StoreUsage> {
        let mut usage = super::StoreUsage::default();
        let manifests = self.root.join("manifests");
        let io = |path: &Path, e| Error::io("reading the artifact store", path, e);
        for shard in fs::read_dir(&manifests).map_err(|e| io(&manifests, e))? {
            let shard = shard.map_err(|e| io(&manifests, e))?.path();
            for entry in fs::read_dir(&shard).map_err(|e| io(&shard, e))? {
                let name = entry.map_err(|e| io(&shard, e))?.file_name();
                let Some(hex) = name.to_str().and_then(|n| n.strip_suffix(".json")) else { continue };
                let Some(digest) = Digest::from_hex(hex) else { continue };
                if let Ok(meta) = fs::metadata(self.object_path(&digest)) {
                    usage.bytes += meta.len();
                    usage.artifacts += 1;
                }
            }
        }
        Ok(usage)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::artifact::suite;
    use std::sync::Arc;

    fn new<'a>(bytes: &'a [u8], schema: &'a str) -> NewArtifact<'a> {
        NewArtifact {
            schema_uri: schema,
            media_type: "application/json",
            bytes,
            parents: &[],
            producing_episode: Some("ep-1"),
        }
    }

    #[test]
    fn corrupted_object_is_detected_on_read() {
        let dir = tempfile::tempdir().unwrap();
        let store = FsArtifactStore::open(dir.path()).unwrap();
        let m = store.put(&new(b"{\"order\":3}", "urn:test:a")).unwrap();
        let path = store.object_path(&m.uri.digest());
        // Same length, one byte flipped.
        let mut bytes = fs::read(&path).unwrap();
        bytes[2] ^= 1;
        fs::write(&path, &bytes).unwrap();
        assert!(matches!(store.get(&m.uri), Err(Error::ArtifactCorrupted { .. })));
        // Truncated.
        fs::write(&path, b"{").unwrap();
        assert!(matches!(store.get(&m.uri), Err(Error::ArtifactCorrupted { .. })));
        // Missing.
        fs::remove_file(&path).unwrap();
        assert!(matches!(store.get(&m.uri), Err(Error::ArtifactCorrupted { .. })));
    }

    #[test]
    fn a_torn_temp_file_is_never_visible() {
        let dir = tempfile::tempdir().unwrap();
        let store = FsArtifactStore::open(dir.path()).unwrap();
        let bytes = b"{\"complete\":true}";
        let uri = ArtifactUri::from_digest(Digest::of_bytes(bytes));
        // A crash mid-write leaves a partial temp file and nothing else.
        fs::write(dir.path().join("tmp").join(format!("{}.99.0.tmp", uri.digest().hex())), &bytes[..5]).unwrap();
        assert!(!store.contains(&uri));
        assert!(matches!(store.get(&uri), Err(Error::ArtifactNotFound { .. })));
        // A crash after the object but before the manifest: still not visible.
        fs::create_dir_all(store.object_path(&uri.digest()).parent().unwrap()).unwrap();
        fs::write(store.object_path(&uri.digest()), &bytes[..5]).unwrap();
        assert!(matches!(store.get(&uri), Err(Error::ArtifactNotFound { .. })));
        // The next complete write repairs it.
        store.put(&new(bytes, "urn:test:a")).unwrap();
        assert_eq!(&*store.get(&uri).unwrap().bytes, bytes);
        // Reopening keeps fresh temp files (another process may be writing) and the store works.
        let reopened = FsArtifactStore::open(dir.path()).unwrap();
        assert_eq!(&*reopened.get(&uri).unwrap().bytes, bytes);
    }

    #[test]
    fn passes_the_store_contract() {
        let dir = tempfile::tempdir().unwrap();
        let store = FsArtifactStore::open(dir.path()).unwrap().with_limits(suite::LIMITS);
        let corrupt = |uri: &ArtifactUri| {
            let path = store.object_path(&uri.digest());
            let mut bytes = fs::read(&path).unwrap();
            bytes[0] ^= 1;
            fs::write(&path, &bytes).unwrap();
        };
        suite::contract(&store, Some(&corrupt));
        suite::bounded(&store);
        assert!(fs::read_dir(dir.path().join("tmp")).unwrap().next().is_none(), "temp files are cleaned up");
    }

    #[test]
    fn two_handles_on_one_directory_write_the_same_artifacts_safely() {
        let dir = tempfile::tempdir().unwrap();
        let open = || Arc::new(FsArtifactStore::open(dir.path()).unwrap().with_limits(suite::LIMITS));
        suite::concurrent_writers(open(), open());
        assert!(fs::read_dir(dir.path().join("tmp")).unwrap().next().is_none());
    }
}
