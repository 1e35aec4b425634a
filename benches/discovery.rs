//! `math.find` at scale: a synthetic catalog of 1,000 capabilities (the bundled descriptors,
//! each repeated under new ids), queried with every request of the discovery evaluation set.
//! Reports the catalog build (the bundled catalog as a server builds it at start: serving once
//! registered, searchable once its index, built on a thread of its own, is ready; and registered
//! with the full checks) and the server-side latency of one search (ranking, cards, size bound),
//! p50 and p99.
//!
//! `cargo bench --bench discovery`; the percentile lines are printed after criterion's report.

use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use jacobian::runtime::adapter::{PrepareContext, PreparedRun};
use jacobian::runtime::catalog::{Catalog, FindContext, FindRequest};
use jacobian::runtime::contract::{CapabilityDescriptor, CapabilityId, Diagnostic};
use jacobian::runtime::objects::ObjectRegistry;
use jacobian::runtime::policy::PolicyProfile;
use jacobian::runtime::{CapabilityAdapter, Digest, SharedAdapter};
use serde_json::{Value, json};

const CATALOG_SIZE: usize = 1000;

/// A bundled adapter under another id.
struct Renamed {
    inner: SharedAdapter,
    descriptor: Arc<CapabilityDescriptor>,
}

impl CapabilityAdapter for Renamed {
    fn descriptor(&self) -> &CapabilityDescriptor {
        &self.descriptor
    }

    fn shared_descriptor(&self) -> Arc<CapabilityDescriptor> {
        self.descriptor.clone()
    }

    fn prepare(&self, input: &Value, cx: &PrepareContext) -> Result<Box<dyn PreparedRun>, Vec<Diagnostic>> {
        self.inner.prepare(input, cx)
    }
}

fn synthetic(bundled: &[SharedAdapter]) -> Vec<SharedAdapter> {
    (0..CATALOG_SIZE)
        .map(|i| {
            let inner = bundled[i % bundled.len()].clone();
            if i < bundled.len() {
                return inner;
            }
            let mut descriptor = inner.descriptor().clone();
            let id = format!("{}.copy{}", descriptor.id, i / bundled.len());
            descriptor.id = CapabilityId::new(&id).expect("well-formed id");
            Arc::new(Renamed { inner, descriptor: Arc::new(descriptor) }) as SharedAdapter
        })
        .collect()
}

fn queries() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/discovery");
    let mut out = Vec::new();
    for dir in [root.clone(), root.join("held_out")] {
        for entry in std::fs::read_dir(dir).expect("evaluation set") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "txt") {
                let text = std::fs::read_to_string(path).expect("readable");
                out.extend(text.lines().filter_map(|l| l.split_once(" | ")).map(|(_, q)| q.to_owned()));
            }
        }
    }
    out
}

fn percentiles(mut xs: Vec<f64>) -> (f64, f64) {
    xs.sort_by(|a, b| a.total_cmp(b));
    let at = |p: f64| xs[((xs.len() - 1) as f64 * p).round() as usize];
    (at(0.5), at(0.99))
}

fn discovery(c: &mut Criterion) {
    let bundled = jacobian_adapters::bundled(&ObjectRegistry::bundled());
    let adapters = synthetic(&bundled);
    // The bundled catalog first, as a server builds it at start (digested, schemas compiled on
    // first use), then with the full registration checks the suite runs, then the 1,000 (each
    // checked in full: a synthetic copy is not bundled). A catalog serves runs once built; its
    // search index is built on a thread of its own, and each build here waits for it before the
    // next starts.
    let ms = |t: Instant| t.elapsed().as_secs_f64() * 1e3;
    let index_ms = |c: &Catalog| c.index_build_time().as_secs_f64() * 1e3;
    let t0 = Instant::now();
    let bundled_catalog = Catalog::build_with_bundled(bundled.clone(), []);
    let bundled_ms = ms(t0);
    let index_bundled_ms = index_ms(&bundled_catalog);
    let searchable_ms = ms(t0);
    let t0 = Instant::now();
    let checked = Catalog::build(bundled.clone());
    let checked_ms = ms(t0);
    assert_eq!(checked.digest(), bundled_catalog.digest());
    let _ = checked.index_build_time();
    let t0 = Instant::now();
    let catalog = Catalog::build(adapters.clone());
    let build_ms = ms(t0);
    assert_eq!(catalog.entries().len(), CATALOG_SIZE, "{:?}", catalog.rejected().first());
    let index_1000_ms = index_ms(&catalog);

    let profile = PolicyProfile::default();
    let visible = catalog.visible(&profile, |_| true);
    let cx = FindContext {
        catalog_digest: catalog.digest(),
        policy_digest: Digest::of_value(&json!("bench")),
        policy_profile: profile.name.clone(),
    };
    let requests: Vec<FindRequest> =
        queries().iter().map(|q| FindRequest::from_value(&json!({"query": q})).expect("valid")).collect();

    let mut group = c.benchmark_group("discovery");
    group.bench_function("search_1000_capabilities", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % requests.len();
            catalog.find(&visible, &cx, &requests[i]).expect("answers")
        })
    });
    group.finish();

    let mut latencies = Vec::with_capacity(requests.len() * 3);
    for _ in 0..3 {
        for r in &requests {
            let t = Instant::now();
            let answer = catalog.find(&visible, &cx, r).expect("answers");
            latencies.push(t.elapsed().as_secs_f64() * 1e6);
            std::hint::black_box(answer);
        }
    }
    let (p50, p99) = percentiles(latencies);
    println!(
        "discovery: catalog of {CATALOG_SIZE} built in {build_ms:.1} ms, its search index in {index_1000_ms:.1} ms \
         ({} bundled: serving after {bundled_ms:.1} ms, searchable after {searchable_ms:.1} ms, index \
         {index_bundled_ms:.1} ms; registered in full in {checked_ms:.1} ms); {} queries, search p50 {p50:.0} µs, \
         p99 {p99:.0} µs",
        bundled.len(),
        requests.len()
    );
}

criterion_group!(benches, discovery);
criterion_main!(benches);
