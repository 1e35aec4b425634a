//! Registration fails closed: contract-breaking descriptors are not installed.

use jacobian_runtime::catalog::Catalog;
use jacobian_runtime::contract::{AssuranceLevel, InvocationExample, Mode};
use serde_json::json;

use crate::support::{descriptor, scripted, sum};

fn rejection(d: jacobian_runtime::CapabilityDescriptor) -> String {
    let catalog = Catalog::build([scripted(d, None)]);
    assert!(catalog.entries().is_empty(), "installed although it breaks the contract");
    catalog.rejected()[0].reason.clone()
}

#[test]
fn a_well_formed_capability_installs() {
    let catalog = Catalog::build([sum(), scripted(descriptor("test.ok", "Ok", &["ok"], "Ok.", "Ok."), None)]);
    assert_eq!(catalog.entries().len(), 2);
    assert!(catalog.rejected().is_empty());
}

#[test]
fn open_input_schemas_are_refused() {
    let mut d = descriptor("test.open", "Open", &["x"], "X.", "X.");
    d.input_schema = json!({"type": "object", "properties": {"n": {"type": "integer"}}});
    assert!(rejection(d).contains("not closed"));
}

#[test]
fn non_object_input_schemas_are_refused() {
    let mut d = descriptor("test.array", "Array", &["x"], "X.", "X.");
    d.input_schema = json!({"type": "array"});
    d.examples.clear();
    assert!(rejection(d).contains("JSON object"));
}

#[test]
fn examples_must_validate() {
    let mut d = descriptor("test.example", "Example", &["x"], "X.", "X.");
    d.examples.push(InvocationExample { title: "bad".into(), mode: Mode::Explore, input: json!({"n": "one"}) });
    assert!(rejection(d).contains("example `bad`"));
}

#[test]
fn verify_without_evidence_kinds_is_refused() {
    let mut d = descriptor("test.verify", "Verify", &["x"], "X.", "X.");
    d.modes.push(Mode::Verify);
    assert!(rejection(d).contains("evidence kind"));
}

#[test]
fn verified_ceiling_without_verify_mode_is_refused() {
    let mut d = descriptor("test.ceiling", "Ceiling", &["x"], "X.", "X.");
    d.assurance_ceiling = AssuranceLevel::Verified;
    assert!(rejection(d).contains("ceiling"));
}

#[test]
fn multi_line_outcomes_and_uppercase_tags_are_refused() {
    let d = descriptor("test.outcome", "Outcome", &["Upper"], "two\nlines", "X.");
    let reason = rejection(d);
    assert!(reason.contains("outcome") && reason.contains("tag"), "{reason}");
}

#[test]
fn not_for_entries_must_be_readable_and_not_the_capability_s_own_outcome() {
    let base = || descriptor("test.eigen", "Eigenvalues", &["matrix"], "Eigenvalues of a rational matrix.", "X.");
    let mut own = base();
    own.not_for = vec!["floating point".into(), "rational matrix".into()];
    assert!(rejection(own).contains("`rational matrix` names the capability's own title, outcome"));
    let mut alias = base();
    alias.aliases = vec!["spectrum of an integer matrix".into()];
    alias.not_for = vec!["integer matrices".into()];
    assert!(rejection(alias).contains("`integer matrices` names the capability's own title, outcome, an alias"));
    let mut empty = base();
    empty.not_for = vec!["of the".into()];
    assert!(rejection(empty).contains("`of the` has no word discovery reads"));
    let mut fine = base();
    fine.not_for = vec!["floating point".into(), "matrix of rationals".into()];
    assert_eq!(Catalog::build([scripted(fine, None)]).entries().len(), 1);
}

#[test]
fn duplicate_ids_keep_the_first() {
    let catalog = Catalog::build([
        scripted(descriptor("test.dup", "First", &["x"], "X.", "X."), None),
        scripted(descriptor("test.dup", "Second", &["x"], "X.", "X."), None),
    ]);
    assert_eq!(catalog.entries().len(), 1);
    assert_eq!(catalog.entries()[0].descriptor.title, "First");
    assert_eq!(catalog.rejected().len(), 1);
}

#[test]
fn catalog_digest_depends_on_descriptors_not_registration_order() {
    let a = descriptor("test.a", "A", &["x"], "X.", "X.");
    let b = descriptor("test.b", "B", &["x"], "X.", "X.");
    let one = Catalog::build([scripted(a.clone(), None), scripted(b.clone(), None)]);
    let two = Catalog::build([scripted(b.clone(), None), scripted(a.clone(), None)]);
    assert_eq!(one.digest(), two.digest());
    let mut b2 = b;
    b2.title = "B2".into();
    let three = Catalog::build([scripted(a, None), scripted(b2, None)]);
    assert_ne!(one.digest(), three.digest());
}

/// A bundled capability is digested at registration and compiles its schemas on first use: one
/// whose schemas do not compile (which the suite's full registration of every bundled capability
/// would refuse) is installed, and every call to it is refused with a diagnostic, never run
/// against an unchecked input or output.
#[test]
fn bundled_capabilities_compile_their_schemas_on_first_use_and_refuse_calls_when_they_cannot() {
    use jacobian_runtime::CapabilityRequest;
    use jacobian_runtime::adapter::PrepareContext;
    use jacobian_runtime::artifact::{ArtifactReader, MemoryArtifactStore};

    let mut broken = descriptor("test.broken", "Broken", &["x"], "X.", "X.");
    broken.input_schema = json!({
        "type": "object",
        "properties": {"n": {"type": "string", "pattern": "("}},
        "additionalProperties": false
    });
    broken.output_schema = json!({"type": "objekt"});
    broken.examples.clear();
    assert!(rejection(broken.clone()).contains("does not compile"));

    let fine = descriptor("test.fine", "Fine", &["x"], "X.", "X.");
    let catalog = Catalog::build_with_bundled([scripted(broken, None), scripted(fine.clone(), None)], []);
    assert_eq!(catalog.entries().len(), 2, "{:?}", catalog.rejected());
    let cx = PrepareContext {
        mode: Mode::Explore,
        artifacts: ArtifactReader::new(std::sync::Arc::new(MemoryArtifactStore::new())),
    };
    let broken = catalog.get("test.broken").unwrap();
    let refused = broken.prepare(&CapabilityRequest::new("test.broken", json!({"n": "1"})), &cx).err().unwrap();
    assert_eq!((refused[0].code.as_str(), refused[0].path.as_deref()), ("SCHEMA_UNAVAILABLE", Some("/input")));
    let refused = broken.check_output(&json!({}));
    assert_eq!((refused[0].code.as_str(), refused[0].path.as_deref()), ("SCHEMA_UNAVAILABLE", Some("/output")));

    // A bundled capability whose schemas compile validates as one checked in full does, and
    // its digest is the same.
    let full = Catalog::build([scripted(fine.clone(), None)]);
    let (lazy, eager) = (catalog.get("test.fine").unwrap(), full.get("test.fine").unwrap());
    assert_eq!(lazy.descriptor_digest, eager.descriptor_digest);
    for input in [json!({}), json!({"unknown": 1}), fine.examples[0].input.clone()] {
        let request = CapabilityRequest::new("test.fine", input);
        let codes = |i: &jacobian_runtime::catalog::Installed| match i.prepare(&request, &cx) {
            Ok(_) => vec![],
            Err(ds) => ds.into_iter().map(|d| (d.code, d.path)).collect(),
        };
        assert_eq!(codes(lazy), codes(eager));
    }
}

#[test]
fn a_bundled_capability_keeps_its_id_against_a_later_adapter() {
    let catalog = Catalog::build_with_bundled(
        [scripted(descriptor("test.dup", "Bundled", &["x"], "X.", "X."), None)],
        [scripted(descriptor("test.dup", "Other", &["x"], "X.", "X."), None)],
    );
    assert_eq!(catalog.entries().len(), 1);
    assert_eq!(catalog.entries()[0].descriptor.title, "Bundled");
    assert_eq!(catalog.rejected()[0].reason, "another capability has the same id");
}
