//! The one contract every artifact store passes: memory, disk and PostgreSQL run these same
//! checks (each store's own tests call them).

use std::sync::Arc;

use super::{ArtifactStore, ArtifactUri, NewArtifact, StoreBound, StoreLimits, StoreUsage};
use crate::canonical::Digest;
use crate::error::Error;

/// The limits a store under test must be opened with.
pub(crate) const LIMITS: StoreLimits = StoreLimits { max_artifact_bytes: 3 << 20, max_parents: 4 };

fn new<'a>(schema: &'a str, bytes: &'a [u8], parents: &'a [ArtifactUri]) -> NewArtifact<'a> {
    NewArtifact { schema_uri: schema, media_type: "application/json", bytes, parents, producing_episode: Some("ep-1") }
}

/// Round trips, idempotence, conflicts, limits, lineage, usage and (when the test can reach
/// the stored bytes) corruption. `corrupt` changes the stored bytes of an artifact.
pub(crate) fn contract(store: &dyn ArtifactStore, corrupt: Option<&dyn Fn(&ArtifactUri)>) {
    assert_eq!(store.limits(), LIMITS);
    assert_eq!(store.usage().unwrap(), StoreUsage::default(), "a new store is empty");

    // A round trip, byte for byte, and the same put again is the same artifact.
    let a = new("urn:t:a", b"[1,2,3]", &[]);
    let m = store.put(&a).unwrap();
    assert_eq!(m.uri, ArtifactUri::from_digest(Digest::of_bytes(b"[1,2,3]")));
    assert_eq!((m.size, m.schema_uri.as_str(), m.producing_episode.as_deref()), (7, "urn:t:a", Some("ep-1")));
    assert_eq!(store.put(&a).unwrap(), m, "a second put returns the first manifest");
    let got = store.get(&m.uri).unwrap();
    assert_eq!((&*got.bytes, &got.manifest), (&b"[1,2,3]"[..], &m));
    assert_eq!(store.manifest(&m.uri).unwrap(), m);
    assert!(store.contains(&m.uri));

    // The same bytes under another schema are a conflict, and change nothing.
    let err = store.put(&new("urn:t:b", b"[1,2,3]", &[])).unwrap_err();
    assert!(matches!(err, Error::ArtifactConflict { .. }), "{err}");
    assert_eq!(store.manifest(&m.uri).unwrap(), m);

    // Refusals come before any write.
    let before = store.usage().unwrap();
    let big = vec![b'x'; LIMITS.max_artifact_bytes as usize + 1];
    let too_large = store.put(&new("urn:t:a", &big, &[]));
    assert!(
        matches!(too_large, Err(Error::ArtifactTooLarge { size, limit })
            if size == LIMITS.max_artifact_bytes + 1 && limit == LIMITS.max_artifact_bytes),
        "{too_large:?}"
    );
    let missing = ArtifactUri::from_digest(Digest::of_bytes(b"never stored"));
    assert!(matches!(store.put(&new("urn:t:a", b"[9]", &[missing])), Err(Error::ArtifactRefused { .. })));
    let many = [m.uri; 5];
    assert!(matches!(store.put(&new("urn:t:a", b"[9]", &many)), Err(Error::ArtifactRefused { .. })));
    assert!(matches!(store.put(&new("", b"[9]", &[])), Err(Error::ArtifactRefused { .. })));
    assert_eq!(store.usage().unwrap(), before, "a refused put writes nothing");
    assert!(!store.contains(&ArtifactUri::from_digest(Digest::of_bytes(b"[9]"))));

    // Lineage, an empty artifact, and one of several megabytes.
    let child = store.put(&new("urn:t:a", b"[4]", std::slice::from_ref(&m.uri))).unwrap();
    assert_eq!(store.manifest(&child.uri).unwrap().parents, vec![m.uri]);
    let empty = store.put(&new("urn:t:empty", b"", &[])).unwrap();
    assert_eq!(store.get(&empty.uri).unwrap().bytes.len(), 0);
    let large: Vec<u8> = (0..LIMITS.max_artifact_bytes as usize).map(|i| (i * 7 + i / 251) as u8).collect();
    let l = store.put(&new("urn:t:large", &large, &[])).unwrap();
    assert_eq!(&*store.get(&l.uri).unwrap().bytes, &large[..]);
    assert_eq!(store.usage().unwrap(), StoreUsage { bytes: 7 + 3 + large.len() as u64, artifacts: 4 });

    // What is not there is NOT_FOUND, not an empty artifact.
    assert!(matches!(store.get(&missing), Err(Error::ArtifactNotFound { .. })));
    assert!(matches!(store.manifest(&missing), Err(Error::ArtifactNotFound { .. })));
    assert!(!store.contains(&missing));

    // Changed bytes are detected on read.
    if let Some(corrupt) = corrupt {
        corrupt(&l.uri);
        let err = store.get(&l.uri).unwrap_err();
        assert!(matches!(err, Error::ArtifactCorrupted { .. }), "{err}");
    }
}

/// Two handles on one store (two processes, two replicas) writing the same artifacts from
/// many threads at once: every writer gets the one stored manifest, every artifact reads back
/// whole, and each is stored once.
pub(crate) fn concurrent_writers(a: Arc<dyn ArtifactStore>, b: Arc<dyn ArtifactStore>) {
    let payloads: Vec<Vec<u8>> = (0..6).map(|i| vec![b'a' + i as u8; 1000 + (i << 18)]).collect();
    let payloads = Arc::new(payloads);
    let threads: Vec<_> = (0..8)
        .map(|t| {
            let store = Arc::clone(if t % 2 == 0 { &a } else { &b });
            let payloads = Arc::clone(&payloads);
            // Each writer names its own episode, so a writer handed back its own manifest
            // instead of the stored one would show.
            let episode = format!("ep-writer-{t}");
            std::thread::spawn(move || {
                payloads
                    .iter()
                    .map(|p| {
                        let offer = NewArtifact { producing_episode: Some(&episode), ..new("urn:t:same", p, &[]) };
                        store.put(&offer).unwrap()
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let results: Vec<_> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    for r in &results {
        assert_eq!(r, &results[0], "every writer gets the stored manifest");
    }
    for (p, m) in payloads.iter().zip(&results[0]) {
        assert_eq!(a.manifest(&m.uri).unwrap(), *m, "the manifest every writer got is the stored one");
        assert_eq!(&*a.get(&m.uri).unwrap().bytes, &p[..]);
        assert_eq!(&*b.get(&m.uri).unwrap().bytes, &p[..]);
    }
    let total = payloads.iter().map(|p| p.len() as u64).sum();
    assert_eq!(a.usage().unwrap(), StoreUsage { bytes: total, artifacts: payloads.len() as u64 });
}

/// Puts held to a bound: a new artifact past it is refused, naming the bound, and nothing is
/// written; an artifact already stored takes no space and is never refused.
pub(crate) fn bounded(store: &dyn ArtifactStore) {
    let before = store.usage().unwrap();
    let (a, b) = (br#"{"bounded":1}"#.as_slice(), br#"{"bounded":2}"#.as_slice());
    let one_more = StoreBound { stored_bytes: None, artifacts: Some(before.artifacts + 1) };
    store.put_within(&new("urn:t:bounded", a, &[]), one_more).unwrap();
    let err = store.put_within(&new("urn:t:bounded", b, &[]), one_more).unwrap_err();
    assert!(matches!(err, Error::QuotaExceeded { quota: "artifacts", .. }), "{err}");
    assert!(!store.contains(&ArtifactUri::from_digest(Digest::of_bytes(b))), "a refused put wrote nothing");
    store.put_within(&new("urn:t:bounded", a, &[]), one_more).expect("an artifact already stored");
    let used = store.usage().unwrap();
    assert_eq!(used.artifacts, before.artifacts + 1);
    let few_bytes = StoreBound { stored_bytes: Some(used.bytes + b.len() as u64 - 1), artifacts: None };
    let err = store.put_within(&new("urn:t:bounded", b, &[]), few_bytes).unwrap_err();
    assert!(matches!(err, Error::QuotaExceeded { quota: "stored_bytes", .. }), "{err}");
    let exact = StoreBound { stored_bytes: Some(used.bytes + b.len() as u64), artifacts: Some(used.artifacts + 1) };
    store.put_within(&new("urn:t:bounded", b, &[]), exact).expect("a put that fills the bound exactly");
    assert_eq!(
        store.usage().unwrap(),
        StoreUsage { bytes: used.bytes + b.len() as u64, artifacts: used.artifacts + 1 }
    );
}
