//! An in-memory artifact store with the same contract as the on-disk one, for tests and
//! embedders that want no disk.

use std::sync::Arc;

use dashmap::DashMap;
use dashmap::mapref::entry::Entry;

use super::{
    Artifact, ArtifactStore, ArtifactUri, Manifest, NewArtifact, StoreLimits, check_new, manifest_for, reconcile,
};
use crate::canonical::Digest;
use crate::error::{Error, Result};

/// A content-addressed store held in memory.
#[derive(Debug, Default)]
pub struct MemoryArtifactStore {
    objects: DashMap<ArtifactUri, (Manifest, Arc<[u8]>)>,
    limits: StoreLimits,
}

impl MemoryArtifactStore {
    /// An empty store with default limits.
    pub fn new() -> Self {
        Self::default()
    }

    /// Replaces the limits.
    pub fn with_limits(mut self, limits: StoreLimits) -> Self {
        self.limits = limits;
        self
    }

    /// Number of artifacts stored.
    pub fn len(&self) -> usize {
        self.objects.len()
    }

    /// True when nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.objects.is_empty()
    }
}

impl ArtifactStore for MemoryArtifactStore {
    fn put(&self, new: &NewArtifact<'_>) -> Result<Manifest> {
        check_new(self, new)?;
        let uri = ArtifactUri::from_digest(Digest::of_bytes(new.bytes));
        match self.objects.entry(uri) {
            Entry::Occupied(existing) => reconcile(existing.get().0.clone(), new),
            Entry::Vacant(slot) => {
                let manifest = manifest_for(uri, new);
                slot.insert((manifest.clone(), Arc::from(new.bytes)));
                Ok(manifest)
            }
        }
    }

    fn get(&self, uri: &ArtifactUri) -> Result<Artifact> {
        let entry = self.objects.get(uri).ok_or_else(|| Error::ArtifactNotFound { uri: uri.to_string() })?;
        let (manifest, bytes) = entry.value();
        if Digest::of_bytes(bytes) != uri.digest() {
            return Err(Error::ArtifactCorrupted { uri: uri.to_string(), reason: "digest mismatch".into() });
        }
        Ok(Artifact { manifest: manifest.clone(), bytes: Arc::clone(bytes) })
    }

    fn manifest(&self, uri: &ArtifactUri) -> Result<Manifest> {
        self.objects
            .get(uri)
            .map(|e| e.value().0.clone())
            .ok_or_else(|| Error::ArtifactNotFound { uri: uri.to_string() })
    }

    fn contains(&self, uri: &ArtifactUri) -> bool {
        self.objects.contains_key(uri)
    }

    fn limits(&self) -> StoreLimits {
        self.limits
    }

    fn usage(&self) -> Result<super::StoreUsage> {
        Ok(self.objects.iter().fold(super::StoreUsage::default(), |u, e| super::StoreUsage {
            bytes: u.bytes + e.value().1.len() as u64,
            artifacts: u.artifacts + 1,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::artifact::suite;

    #[test]
    fn passes_the_store_contract() {
        let store = MemoryArtifactStore::new().with_limits(suite::LIMITS);
        suite::contract(&store, None);
        assert_eq!(store.len(), 4);
        suite::bounded(&store);
        let shared = Arc::new(MemoryArtifactStore::new().with_limits(suite::LIMITS));
        suite::concurrent_writers(shared.clone(), shared);
    }
}
