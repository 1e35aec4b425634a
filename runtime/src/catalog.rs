//! The catalog: installed capabilities, checked at registration, and their discovery.
//!
//! Registration fails closed: a descriptor that breaks the contract (an open input schema,
//! an example that does not validate, a VERIFY mode without evidence kinds) is not installed,
//! and the reason is kept for `jacobian doctor`.
//!
//! Bundled capabilities are the exception to checking at start: their descriptors are part of
//! the binary, the same at every start, and the suite registers every one of them with the full
//! checks. [`Catalog::build_with_bundled`] only digests them, and compiles a schema when it is
//! first used.

mod cards;
mod discovery;
mod rank;
mod vocabulary;

pub use cards::{Card, InputFields, ProviderAvailability, View};
pub use discovery::{
    FindContext, FindKind, FindRequest, FindResponse, LexicalFit, MAX_RESPONSE_BYTES, PortfolioFit, RecoveryPath,
    RoutingStatus, delivered_len, find_text,
};
pub(crate) use vocabulary::{in_a_row, terms};

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use serde_json::{Value, json};

use crate::adapter::{PrepareContext, PreparedRun, SharedAdapter};
use crate::artifact::{ArtifactReader, MemoryArtifactStore};
use crate::canonical::Digest;
use crate::contract::{CapabilityDescriptor, CapabilityRequest, Diagnostic, Mode};
use crate::error::Error;
use crate::schema::{CompiledSchema, open_object_schemas};

/// A capability that passed registration: its adapter, descriptor and compiled schemas.
pub struct Installed {
    /// The adapter.
    pub adapter: SharedAdapter,
    /// The descriptor, shared.
    pub descriptor: Arc<CapabilityDescriptor>,
    /// Digest of the canonical descriptor.
    pub descriptor_digest: Digest,
    /// Position in the catalog's id order (the search index's document number).
    ordinal: usize,
    /// The compiled schemas: at registration for a capability checked in full, on first use
    /// for a bundled one.
    input_schema: OnceLock<Result<CompiledSchema, String>>,
    output_schema: OnceLock<Result<CompiledSchema, String>>,
}

impl std::fmt::Debug for Installed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Installed").field("id", &self.descriptor.id).finish()
    }
}

impl Installed {
    /// Checks an adapter against the contract and compiles its schemas.
    pub fn new(adapter: SharedAdapter) -> Result<Self, Error> {
        let descriptor = adapter.shared_descriptor();
        let fail = |reason: String| Error::Registration { capability_id: descriptor.id.to_string(), reason };
        let problems = descriptor.lint();
        if !problems.is_empty() {
            return Err(fail(problems.join("; ")));
        }
        if descriptor.input_schema.get("type") != Some(&json!("object")) {
            return Err(fail("the input schema must describe a JSON object".into()));
        }
        let open = open_object_schemas(&descriptor.input_schema);
        if !open.is_empty() {
            return Err(fail(format!("the input schema is not closed: {}", open.join(", "))));
        }
        let input_schema = CompiledSchema::compile(&descriptor.input_schema).map_err(|e| fail(format!("input {e}")))?;
        let output_schema =
            CompiledSchema::compile(&descriptor.output_schema).map_err(|e| fail(format!("output {e}")))?;
        // Examples must pass the whole validation path a real call takes, against an empty store.
        let cx_store = ArtifactReader::new(Arc::new(MemoryArtifactStore::new()));
        for example in &descriptor.examples {
            let bad = input_schema.validate(&example.input, "");
            if !bad.is_empty() {
                return Err(fail(format!("example `{}` fails the input schema: {}", example.title, bad[0].message)));
            }
            let cx = PrepareContext { mode: example.mode, artifacts: cx_store.clone() };
            if let Err(bad) = adapter.prepare(&example.input, &cx) {
                return Err(fail(format!(
                    "example `{}` fails validation: {}",
                    example.title,
                    bad.first().map(|d| d.message.as_str()).unwrap_or("unknown")
                )));
            }
        }
        let mut installed = Installed::digested(adapter, descriptor)?;
        installed.input_schema = OnceLock::from(Ok(input_schema));
        installed.output_schema = OnceLock::from(Ok(output_schema));
        Ok(installed)
    }

    /// A bundled capability: digested, its schemas compiled on first use. The checks of
    /// [`Installed::new`] are the suite's to run on every bundled capability (a descriptor of
    /// the binary is the same at every start).
    pub fn bundled(adapter: SharedAdapter) -> Result<Self, Error> {
        let descriptor = adapter.shared_descriptor();
        Installed::digested(adapter, descriptor)
    }

    /// The descriptor digested, its schemas not yet compiled.
    fn digested(adapter: SharedAdapter, descriptor: Arc<CapabilityDescriptor>) -> Result<Self, Error> {
        let descriptor_digest = Digest::of_serialize(&*descriptor)
            .map_err(|e| Error::Registration { capability_id: descriptor.id.to_string(), reason: e.to_string() })?;
        Ok(Installed {
            adapter,
            descriptor,
            descriptor_digest,
            ordinal: 0,
            input_schema: OnceLock::new(),
            output_schema: OnceLock::new(),
        })
    }

    /// A schema, compiled at its first use; a diagnostic at `pointer` when it does not compile
    /// (the call is refused, never run unchecked).
    fn schema<'a>(
        &'a self,
        cell: &'a OnceLock<Result<CompiledSchema, String>>,
        schema: &Value,
        pointer: &str,
    ) -> Result<&'a CompiledSchema, Diagnostic> {
        cell.get_or_init(|| CompiledSchema::compile(schema)).as_ref().map_err(|e| {
            Diagnostic::at(pointer, "SCHEMA_UNAVAILABLE", format!("{}'s schema at {pointer}: {e}", self.descriptor.id))
        })
    }

    /// The id.
    pub fn id(&self) -> &str {
        self.descriptor.id.as_str()
    }

    pub(crate) fn ordinal(&self) -> usize {
        self.ordinal
    }

    /// Validates a request completely (mode, input schema, then the adapter's cross-field
    /// rules) and returns the prepared run. Nothing is computed or written. Diagnostics carry
    /// JSON Pointers rooted at the request (`/input/...`).
    pub fn prepare(
        &self,
        request: &CapabilityRequest,
        cx: &PrepareContext,
    ) -> Result<Box<dyn PreparedRun>, Vec<Diagnostic>> {
        if !self.descriptor.modes.contains(&request.mode) {
            return Err(vec![Diagnostic::at(
                "/mode",
                "MODE_NOT_SUPPORTED",
                format!("{} supports {}", self.descriptor.id, modes_text(&self.descriptor.modes)),
            )]);
        }
        let schema = self.schema(&self.input_schema, &self.descriptor.input_schema, "/input").map_err(|d| vec![d])?;
        let bad = schema.validate(&request.input, "/input");
        if !bad.is_empty() {
            return Err(bad);
        }
        self.adapter.prepare(&request.input, cx).map_err(|ds| ds.into_iter().map(|d| d.under("/input")).collect())
    }

    /// Diagnostics for an output that breaks the output schema (empty when it conforms).
    pub fn check_output(&self, output: &Value) -> Vec<Diagnostic> {
        match self.schema(&self.output_schema, &self.descriptor.output_schema, "/output") {
            Ok(schema) => schema.validate(output, "/output"),
            Err(d) => vec![d],
        }
    }
}

fn modes_text(modes: &[Mode]) -> String {
    modes.iter().map(|m| format!("{m:?}").to_uppercase()).collect::<Vec<_>>().join(" and ")
}

/// A capability that failed registration, and why.
#[derive(Debug, Clone)]
pub struct Rejected {
    /// The id it declared.
    pub capability_id: String,
    /// Why it is not installed.
    pub reason: String,
}

/// The installed capabilities, in id order, with the digest of the whole inventory.
pub struct Catalog {
    entries: Vec<Arc<Installed>>,
    search: Arc<SearchCell>,
    index: HashMap<String, usize>,
    digest: Digest,
    rejected: Vec<Rejected>,
}

/// The search index of a catalog's descriptors, built on a thread of its own while the
/// catalog registers them and after, so that a server answers `initialize` (and runs
/// capabilities) without waiting for it. A search that comes before it is ready waits for it; with no thread to build
/// it, the first search does.
struct SearchCell {
    descriptors: Vec<Arc<CapabilityDescriptor>>,
    built: OnceLock<(rank::SearchIndex, std::time::Duration)>,
}

impl SearchCell {
    fn start(descriptors: Vec<Arc<CapabilityDescriptor>>) -> Arc<SearchCell> {
        let cell = Arc::new(SearchCell { descriptors, built: OnceLock::new() });
        let building = Arc::clone(&cell);
        let _ = std::thread::Builder::new().name("catalog-index".into()).spawn(move || {
            building.get();
        });
        cell
    }

    /// The index and how long it took to build (once: a second caller waits for the first).
    fn get(&self) -> &(rank::SearchIndex, std::time::Duration) {
        self.built.get_or_init(|| {
            let started = std::time::Instant::now();
            let index = rank::SearchIndex::build(self.descriptors.iter().map(|d| &**d));
            (index, started.elapsed())
        })
    }
}

impl Catalog {
    /// Registers every adapter that passes the contract checks; duplicates of an id are refused.
    pub fn build(adapters: impl IntoIterator<Item = SharedAdapter>) -> Self {
        Catalog::build_with_bundled([], adapters)
    }

    /// Registers `bundled` capabilities (see [`Installed::bundled`]) and every other adapter
    /// that passes the contract checks; duplicates of an id are refused, the first kept
    /// (bundled ones first).
    pub fn build_with_bundled(
        bundled: impl IntoIterator<Item = SharedAdapter>,
        adapters: impl IntoIterator<Item = SharedAdapter>,
    ) -> Self {
        let adapters: Vec<(SharedAdapter, bool)> =
            bundled.into_iter().map(|a| (a, true)).chain(adapters.into_iter().map(|a| (a, false))).collect();
        // The search index starts while the adapters are checked, on the descriptors that will be
        // installed if none is refused (the first of each id, in id order); a refusal starts it
        // again on those installed.
        let mut expected: Vec<Arc<CapabilityDescriptor>> =
            adapters.iter().map(|(a, _)| a.shared_descriptor()).collect();
        // A stable sort keeps each id's first adapter first.
        expected.sort_by(|a, b| a.id.cmp(&b.id));
        expected.dedup_by(|later, first| later.id == first.id);
        let search = SearchCell::start(expected);
        // Each adapter is checked on its own (schemas compiled, examples validated, descriptor
        // digested), so the checks are shared among the cores, each thread a contiguous run.
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(adapters.len() / 16).max(1);
        let check = |run: &[(SharedAdapter, bool)]| {
            run.iter()
                .map(|(a, bundled)| if *bundled { Installed::bundled(a.clone()) } else { Installed::new(a.clone()) })
                .collect::<Vec<_>>()
        };
        // The first run on the caller's thread, which would otherwise only wait (with one
        // thread, the only run).
        let checked: Vec<Result<Installed, Error>> = std::thread::scope(|s| {
            let mut runs = adapters.chunks(adapters.len().div_ceil(threads).max(1));
            let first = runs.next().unwrap_or_default();
            let others: Vec<_> = runs.map(|run| s.spawn(move || check(run))).collect();
            let mut checked = check(first);
            for other in others {
                checked.extend(other.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)));
            }
            checked
        });
        let mut entries: Vec<Installed> = Vec::new();
        let mut rejected = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for ((adapter, _), result) in adapters.iter().zip(checked) {
            let id = adapter.descriptor().id.to_string();
            if seen.contains(&id) {
                rejected.push(Rejected { capability_id: id, reason: "another capability has the same id".into() });
                continue;
            }
            match result {
                Ok(installed) => {
                    seen.insert(id);
                    entries.push(installed);
                }
                Err(e) => rejected.push(Rejected { capability_id: id, reason: e.to_string() }),
            }
        }
        entries.sort_by(|a, b| a.id().cmp(b.id()));
        for (i, e) in entries.iter_mut().enumerate() {
            e.ordinal = i;
        }
        let installed = entries.iter().map(|e| &e.descriptor.id);
        let search = if installed.eq(search.descriptors.iter().map(|d| &d.id)) {
            search
        } else {
            SearchCell::start(entries.iter().map(|e| Arc::clone(&e.descriptor)).collect())
        };
        let entries: Vec<Arc<Installed>> = entries.into_iter().map(Arc::new).collect();
        let index = entries.iter().enumerate().map(|(i, e)| (e.id().to_owned(), i)).collect();
        let digests: Vec<String> = entries.iter().map(|e| e.descriptor_digest.prefixed()).collect();
        let digest = Digest::of_value(&json!(digests));
        Catalog { entries, search, index, digest, rejected }
    }

    /// How long building the search index took (on its own thread, beside registration); waits
    /// for it when it is not built yet.
    pub fn index_build_time(&self) -> std::time::Duration {
        self.search.get().1
    }

    /// Looks up a capability.
    pub fn get(&self, id: &str) -> Option<&Arc<Installed>> {
        self.index.get(id).map(|&i| &self.entries[i])
    }

    /// Every installed capability, in id order.
    pub fn entries(&self) -> &[Arc<Installed>] {
        &self.entries
    }

    /// Digest of the installed inventory.
    pub fn digest(&self) -> Digest {
        self.digest
    }

    /// The capabilities a caller may see: not hidden by `profile`, and healthy.
    pub fn visible(&self, profile: &crate::policy::PolicyProfile, healthy: impl Fn(&str) -> bool) -> Vec<&Installed> {
        self.entries.iter().map(|e| &**e).filter(|e| !profile.hides(&e.descriptor) && healthy(e.id())).collect()
    }

    /// Answers a `math.find` request over `visible` (capabilities of this catalog, as
    /// [`Catalog::visible`] returns them).
    pub fn find(
        &self,
        visible: &[&Installed],
        cx: &FindContext,
        request: &FindRequest,
    ) -> Result<FindResponse, Vec<Diagnostic>> {
        discovery::find(&self.search.get().0, visible, cx, request)
    }

    /// Capabilities that failed registration.
    pub fn rejected(&self) -> &[Rejected] {
        &self.rejected
    }

    /// The complete machine-readable inventory of the given (visible) capabilities.
    pub fn inventory<'a>(&self, visible: impl IntoIterator<Item = &'a Installed>, cx: &FindContext) -> Value {
        let capabilities: Vec<Value> = visible
            .into_iter()
            .map(|e| {
                json!({
                    "descriptor_digest": e.descriptor_digest,
                    "descriptor": &*e.descriptor,
                })
            })
            .collect();
        json!({
            "catalog_digest": self.digest,
            "policy_digest": cx.policy_digest,
            "policy_profile": cx.policy_profile,
            "contract_version": crate::contract::CONTRACT_VERSION,
            "runtime_version": crate::contract::RUNTIME_VERSION,
            "capabilities": capabilities,
        })
    }
}
