//! The group pack against its references: answers on the cases of
//! tests/reference/permutation_groups.py equal SymPy's or brute force's, VERIFY-capable answers
//! reach VERIFIED through jacobian.check.permutation_group, the standard families (symmetric,
//! alternating, dihedral, Mathieu M11 and M12) have their known invariants, character tables
//! satisfy the orthogonality relations, and bad input is refused at the pointer of its field with
//! nothing written (discovery is evaluated in `discovery`).

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use jacobian::runtime::contract::{AssuranceLevel, Mode};
use jacobian::runtime::{CapabilityRequest, ExecutionStatus};
use serde_json::{Value, json};

/// The capability ids of the pack.
fn pack() -> Vec<String> {
    jacobian_adapters::group::adapters().iter().map(|a| a.descriptor().id.to_string()).collect()
}

fn cases() -> Vec<Value> {
    crate::cases::from_scripts(&[
        "permutation_groups.py",
        "semigroup_tables.py",
        "linear_groups.py",
        "group_families.py",
    ])
}

const M11: [&str; 2] = ["(1,2,3,4,5,6,7,8,9,10,11)", "(3,7,11,8)(4,10,5,6)"];
const M12: [&str; 3] = ["(1,2,3,4,5,6,7,8,9,10,11)", "(3,7,11,8)(4,10,5,6)", "(1,12)(2,11)(3,6)(4,8)(5,9)(7,10)"];

async fn ok(jac: &jacobian::Jacobian, id: &str, input: Value, mode: Mode) -> jacobian::runtime::CapabilityResult {
    let r = jac.run(CapabilityRequest::new(id, input.clone()).mode(mode)).await;
    assert_eq!(r.status(), ExecutionStatus::Succeeded, "{id} {input}: {:?}", r.execution.diagnostics);
    r
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_capability_agrees_with_its_reference_and_verifies() {
    let jac = jacobian::builder().build().await.unwrap();
    let mut tested = BTreeSet::new();
    let mut verified = 0;
    for c in cases() {
        let ran = crate::cases::run(&jac, &c).await;
        let (id, r) = (ran.id.as_str(), &ran.result);
        if let Some(sizes) = c.get("class_sizes") {
            let mut got: Vec<u64> = r.output["classes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|k| k["size"].as_str().unwrap().parse().unwrap())
                .collect();
            got.sort_unstable();
            assert_eq!(json!(got), *sizes, "{id} {}", c["input"]);
        }
        if r.assurance.level == AssuranceLevel::Verified {
            verified += 1;
        }
        tested.insert(id.to_owned());
    }
    // The `*_cases.py` scripts of the pack are run by number_theory::every, which runs every such
    // script; their capabilities count as tested here without running the cases twice.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for script in ["group_morphism_cases.py", "group_more_cases.py", "small_groups_cases.py"] {
        let out = Command::new(root.join(".venv/bin/python"))
            .arg(root.join("tests/reference").join(script))
            .output()
            .unwrap();
        assert!(out.status.success(), "{script}: {}", String::from_utf8_lossy(&out.stderr));
        for line in String::from_utf8(out.stdout).unwrap().lines() {
            let c: Value = serde_json::from_str(line).unwrap();
            tested.insert(c["capability"].as_str().unwrap().to_owned());
        }
    }
    let untested: Vec<String> = pack()
        .into_iter()
        .filter(|id| !tested.contains(id))
        .filter(|id| {
            // Tested on their own below: orthogonality relations, the small-groups library, subgroups, and
            // character theory against brute force over the group's elements.
            ![
                "group.compute.character_table",
                "group.compute.character_theory",
                "group.identify.small_group",
                "group.permutation.subgroup",
            ]
            .contains(&id.as_str())
        })
        .collect();
    assert!(untested.is_empty(), "capabilities without reference cases: {untested:?}");
    assert!(verified > 300, "{verified} verified");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn standard_families_have_their_known_invariants() {
    let jac = jacobian::builder().build().await.unwrap();
    let fact = |n: u64| (1..=n).product::<u64>();
    let cycle = |n: u32| format!("({})", (1..=n).map(|i| i.to_string()).collect::<Vec<_>>().join(","));
    let props = json!(["order", "orbits", "transitive", "abelian"]);
    for n in 3..=9u32 {
        let s = ok(
            &jac,
            "group.permutation.properties",
            json!({"generators": ["(1,2)", cycle(n)], "properties": props}),
            Mode::Verify,
        )
        .await;
        assert_eq!(s.output["order"], fact(n as u64).to_string());
        assert_eq!(s.assurance.level, AssuranceLevel::Verified);
        let a_gens: Vec<String> = (3..=n).map(|k| format!("(1,2,{k})")).collect();
        let a = ok(
            &jac,
            "group.permutation.properties",
            json!({"generators": a_gens, "properties": ["order", "simple", "solvable"]}),
            Mode::Explore,
        )
        .await;
        assert_eq!(a.output["order"], (fact(n as u64) / 2).to_string());
        assert_eq!(a.output["simple"], json!(n == 3 || n >= 5), "A_{n}");
        assert_eq!(a.output["solvable"], json!(n <= 4), "A_{n}");
        let d = ok(&jac, "group.construct.named", json!({"family": "dihedral", "n": n}), Mode::Verify).await;
        assert_eq!(d.output["order"], (2 * n).to_string());
        assert_eq!(d.assurance.level, AssuranceLevel::Verified);
    }
    for (gens, order, classes) in [(M11.to_vec(), "7920", 10), (M12.to_vec(), "95040", 15)] {
        let r = ok(&jac, "group.permutation.order", json!({"generators": gens}), Mode::Verify).await;
        assert_eq!(r.output["order"], order);
        assert_eq!(r.assurance.level, AssuranceLevel::Verified);
        let p = ok(
            &jac,
            "group.permutation.properties",
            json!({"generators": gens, "properties": ["simple", "transitivity", "primitive", "class_number"]}),
            Mode::Explore,
        )
        .await;
        assert_eq!(p.output["simple"], true);
        assert_eq!(p.output["primitive"], true);
        // M11 is sharply 4-transitive, M12 sharply 5-transitive.
        assert_eq!(p.output["transitivity"], json!(gens.len() + 2));
        assert_eq!(p.output["class_number"], classes.to_string());
    }
    let m = ok(&jac, "group.construct.named", json!({"family": "mathieu", "n": 12}), Mode::Verify).await;
    assert_eq!((m.output["order"].as_str(), m.output["degree"].as_u64()), (Some("95040"), Some(12)));
    // The point stabilizer of M12 is M11; Sylow 2-subgroups of M12 have order 64.
    let s =
        ok(&jac, "group.action.orbit", json!({"generators": M12, "action": "points", "seed": 12}), Mode::Verify).await;
    assert_eq!((s.output["length"].as_str(), s.output["stabilizer"]["order"].as_str()), (Some("12"), Some("7920")));
    assert_eq!(s.assurance.level, AssuranceLevel::Verified);
    let p = ok(
        &jac,
        "group.permutation.subgroups",
        json!({"generators": M12, "operation": "sylow", "prime": 2}),
        Mode::Verify,
    )
    .await;
    assert_eq!(p.output["subgroups"][0]["order"], "64");
    assert_eq!(p.assurance.level, AssuranceLevel::Verified);
}

/// Σ over classes of |C|·χ(g)·ψ(g) for rational-valued characters.
fn inner(sizes: &[i64], a: &[i64], b: &[i64]) -> i64 {
    sizes.iter().zip(a.iter().zip(b)).map(|(s, (x, y))| s * x * y).sum()
}

/// GAP consults the transitive-groups library for classes and normalizers in symmetric groups
/// of degree 7 and more; its workers load it, so these answer instead of failing in GAP.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn symmetric_groups_of_degree_seven_and_eight_have_their_class_counts() {
    let jac = jacobian::builder().build().await.unwrap();
    // p(7) = 15 and p(8) = 22 classes: one per cycle type.
    for (n, classes) in [(7usize, 15usize), (8, 22)] {
        let cycle = format!("({})", (1..=n).map(|i| i.to_string()).collect::<Vec<_>>().join(","));
        let input = json!({"generators": ["(1,2)", cycle], "operation": "conjugacy_classes"});
        let r = ok(&jac, "group.permutation.subgroups", input, Mode::Explore).await;
        assert_eq!(r.output["classes"].as_array().map(Vec::len), Some(classes), "S_{n}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn character_tables_satisfy_the_orthogonality_relations() {
    let jac = jacobian::builder().build().await.unwrap();
    // Symmetric groups have rational character tables: rows orthonormal, degrees squared sum to |G|.
    for (n, classes) in [(3u32, 3usize), (4, 5), (5, 7), (6, 11)] {
        let gens = json!(["(1,2)", format!("({})", (1..=n).map(|i| i.to_string()).collect::<Vec<_>>().join(","))]);
        let r = ok(&jac, "group.compute.character_table", json!({"generators": gens}), Mode::Explore).await;
        let order: i64 = r.output["order"].as_str().unwrap().parse().unwrap();
        let sizes: Vec<i64> =
            r.output["class_sizes"].as_array().unwrap().iter().map(|s| s.as_str().unwrap().parse().unwrap()).collect();
        assert_eq!(sizes.len(), classes, "S_{n} has p({n}) classes");
        let rows: Vec<Vec<i64>> = r.output["characters"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row.as_array().unwrap().iter().map(|v| v["text"].as_str().unwrap().parse().unwrap()).collect())
            .collect();
        for (i, a) in rows.iter().enumerate() {
            for (j, b) in rows.iter().enumerate() {
                assert_eq!(inner(&sizes, a, b), if i == j { order } else { 0 }, "S_{n} rows {i}, {j}");
            }
        }
        assert_eq!(rows.iter().map(|r| r[0] * r[0]).sum::<i64>(), order);
    }
    // A_5: degrees 1, 3, 3, 4, 5 and the golden-ratio values in Q(E(5)).
    let r =
        ok(&jac, "group.compute.character_table", json!({"generators": ["(1,2,3)", "(3,4,5)"]}), Mode::Explore).await;
    let mut degrees: Vec<i64> =
        r.output["degrees"].as_array().unwrap().iter().map(|d| d.as_str().unwrap().parse().unwrap()).collect();
    degrees.sort_unstable();
    assert_eq!(degrees, vec![1, 3, 3, 4, 5]);
    assert!(r.output["characters"].to_string().contains("\"conductor\":5"), "{}", r.output["characters"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn subgroups_fp_groups_and_the_small_groups_library() {
    let jac = jacobian::builder().build().await.unwrap();
    // A_4 ⊴ S_4 of index 2; <(1,2)> is not normal, its normalizer is itself × <(3,4)>.
    let r = ok(
        &jac,
        "group.permutation.subgroup",
        json!({"generators": ["(1,2)", "(1,2,3,4)"], "subgroup": ["(1,2,3)", "(2,3,4)"]}),
        Mode::Verify,
    )
    .await;
    assert_eq!((r.output["index"].as_str(), r.output["normal"].as_bool()), (Some("2"), Some(true)));
    assert_eq!(r.assurance.level, AssuranceLevel::Verified);
    let r = ok(
        &jac,
        "group.permutation.subgroup",
        json!({"generators": ["(1,2)", "(1,2,3,4)"], "subgroup": ["(1,2)"], "properties": ["normal", "normalizer", "centralizer", "normal_closure", "core", "right_transversal"]}),
        Mode::Explore,
    )
    .await;
    assert_eq!(r.output["normal"], false);
    assert_eq!(r.output["normalizer"]["order"], "4");
    assert_eq!(r.output["centralizer"]["order"], "4");
    assert_eq!(r.output["normal_closure"]["order"], "24");
    assert_eq!(r.output["core"]["order"], "1");
    assert_eq!(r.output["right_transversal"].as_array().unwrap().len(), 12);
    let r =
        ok(&jac, "group.permutation.subgroup", json!({"generators": ["(1,2,3)"], "subgroup": ["(1,2)"]}), Mode::Verify)
            .await;
    assert_eq!(r.output["is_subgroup"], false);
    // S_4 has 4 normal subgroups and 11 classes of subgroups.
    let r = ok(
        &jac,
        "group.permutation.subgroups",
        json!({"generators": ["(1,2)", "(1,2,3,4)"], "operation": "normal_subgroups"}),
        Mode::Explore,
    )
    .await;
    assert_eq!(r.output["count"], 4);
    let r = ok(
        &jac,
        "group.permutation.subgroups",
        json!({"generators": ["(1,2)", "(1,2,3,4)"], "operation": "subgroup_classes"}),
        Mode::Explore,
    )
    .await;
    assert_eq!(r.output["count"], 11);
    // An infinite group reaches the coset bound; Z² has abelian invariants [0, 0].
    let r = ok(
        &jac,
        "group.fp.compute",
        json!({"group": {"generators": ["a", "b"], "relators": ["a^2", "b^3", "(a*b)^7"]}, "max_cosets": 20000}),
        Mode::Explore,
    )
    .await;
    assert_eq!(r.output["order"], Value::Null);
    assert_eq!(r.output["abelian_invariants"], json!([]));
    let r = ok(&jac, "group.fp.compute", json!({"group": {"generators": ["x", "y"], "relators": ["[x,y]"]}, "properties": ["abelian_invariants", "low_index_subgroups"], "max_index": 2}), Mode::Explore).await;
    assert_eq!(r.output["abelian_invariants"], json!(["0", "0"]));
    assert_eq!(r.output["low_index_subgroups"], json!(["1", "2", "2", "2"]));
    // IdGroup needs the SmallGrp package: answered when installed, refused with its name otherwise.
    let r = jac
        .run(CapabilityRequest::new("group.identify.small_group", json!({"generators": ["(1,2,3)", "(2,3,4)"]})))
        .await;
    if r.status() == ExecutionStatus::Succeeded {
        assert_eq!(r.output["id"], json!(["12", "3"]));
    } else {
        assert_eq!(r.status(), ExecutionStatus::Unsupported, "{:?}", r.execution.diagnostics);
        assert!(format!("{:?}", r.execution.diagnostics).contains("SmallGrp"));
    }
    // Conjugacy inside a group: two 5-cycles conjugate in S_5 but not in A_5.
    let r = ok(
        &jac,
        "group.permutation.membership",
        json!({"generators": ["(1,2,3)", "(3,4,5)"], "element": "(1,2,3,4,5)", "conjugate_to": "(1,5,4,3,2)"}),
        Mode::Verify,
    )
    .await;
    assert_eq!(r.output["conjugate"], true);
    assert_eq!(r.assurance.level, AssuranceLevel::Verified);
    let r = ok(
        &jac,
        "group.permutation.membership",
        json!({"generators": ["(1,2,3)", "(3,4,5)"], "element": "(1,2,3,4,5)", "conjugate_to": "(1,2,3,5,4)"}),
        Mode::Verify,
    )
    .await;
    assert_eq!(r.output["conjugate"], false);
    assert_eq!(r.assurance.level, AssuranceLevel::Computed);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_is_refused_with_the_pointer_of_the_field() {
    use ExecutionStatus::{InvalidRequest as Invalid, Unsupported};
    let jac = jacobian::builder().build().await.unwrap();
    for (id, input, path, status) in [
        ("group.permutation.order", json!({"generators": [[2, 2, 1]]}), "/input/generators/0/1", Invalid),
        ("group.permutation.order", json!({"generators": [[1, 5, 2]]}), "/input/generators/0/1", Invalid),
        ("group.permutation.order", json!({"generators": ["(1,2,2)"]}), "/input/generators/0", Invalid),
        ("group.permutation.order", json!({"generators": ["(1,5)"], "degree": 3}), "/input/generators/0", Invalid),
        (
            "group.permutation.properties",
            json!({"generators": [[1, 3, 3]], "properties": ["order"]}),
            "/input/generators/0/2",
            Invalid,
        ),
        ("group.permutation.properties", json!({"generators": ["(1,2001)"]}), "/degree", Unsupported),
        (
            "group.permutation.arithmetic",
            json!({"operation": "product", "permutations": [[1, 2], [0, 1]]}),
            "/input/permutations/1/0",
            Invalid,
        ),
        (
            "group.permutation.arithmetic",
            json!({"operation": "power", "permutations": ["(1,2)"]}),
            "/input/exponent",
            Invalid,
        ),
        (
            "group.permutation.arithmetic",
            json!({"operation": "commutator", "permutations": ["(1,2)"]}),
            "/input/permutations",
            Invalid,
        ),
        ("group.permutation.conjugate", json!({"x": "(1,2)", "y": [2, 1, 1]}), "/input/y/2", Invalid),
        (
            "group.permutation.membership",
            json!({"generators": ["(1,2)"], "element": [3, 3, 1]}),
            "/input/element/1",
            Invalid,
        ),
        (
            "group.permutation.subgroups",
            json!({"generators": ["(1,2)"], "operation": "sylow", "prime": 4}),
            "/input/prime",
            Invalid,
        ),
        (
            "group.permutation.subgroups",
            json!({"generators": ["(1,2)"], "operation": "sylow"}),
            "/input/prime",
            Invalid,
        ),
        (
            "group.permutation.subgroup",
            json!({"generators": ["(1,2)"], "subgroup": [[2, 2]]}),
            "/input/subgroup/0/1",
            Invalid,
        ),
        ("group.action.orbit", json!({"generators": ["(1,2)"], "action": "points", "seed": 3}), "/input/seed", Invalid),
        (
            "group.action.orbit",
            json!({"generators": ["(1,2,3)"], "action": "sets", "seed": [1, 1]}),
            "/input/seed/1",
            Invalid,
        ),
        ("group.action.burnside", json!({"generators": ["(1,2)"], "colours": 0}), "/input/colours", Invalid),
        (
            "group.permutation.homomorphism",
            json!({"generators": ["(1,2)", "(1,2,3)"], "images": ["(1,2)"]}),
            "/input/images",
            Invalid,
        ),
        (
            "group.permutation.homomorphism",
            json!({"generators": ["(1,2)"], "images": [[1, 1]]}),
            "/input/images/0/1",
            Invalid,
        ),
        (
            "group.permutation.isomorphism",
            json!({"generators": ["(1,2)"], "target": ["(1,2,2)"]}),
            "/input/target/0",
            Invalid,
        ),
        (
            "group.permutation.isomorphism",
            json!({"generators": ["(1,2)"], "target": ["(1,2)"], "target_degree": 1001}),
            "/input/target_degree",
            Unsupported,
        ),
        ("group.small_groups.search", json!({"order": 0}), "/input/order", Invalid),
        (
            "group.small_groups.search",
            json!({"order": 8, "filters": {"exponent": 0}}),
            "/input/filters/exponent",
            Invalid,
        ),
        ("group.small_groups.search", json!({"order": 2001}), "/order", Unsupported),
        ("group.transitive.search", json!({"degree": 32}), "/degree", Unsupported),
        ("group.transitive.search", json!({"degree": 6, "limit": 0}), "/input/limit", Invalid),
        (
            "group.construct.product",
            json!({"construction": "wreath", "factors": [{"generators": ["(1,2)"]}]}),
            "/input/factors",
            Invalid,
        ),
        (
            "group.construct.product",
            json!({"construction": "direct", "factors": [{"generators": ["(1,2)"]}, {"generators": [[2, 2]]}]}),
            "/input/factors/1/generators/0/1",
            Invalid,
        ),
        (
            "group.construct.product",
            json!({"construction": "wreath_product_action",
                   "factors": [{"generators": ["(1,2,3,4,5,6,7,8,9,10)"]}, {"generators": ["(1,2,3,4,5)"]}]}),
            "/factors",
            Unsupported,
        ),
        (
            "group.permutation.double_cosets",
            json!({"generators": ["(1,2)"], "left": [[2, 2]], "right": []}),
            "/input/left/0/1",
            Invalid,
        ),
        (
            "group.permutation.coset_action",
            json!({"generators": ["(1,2)"], "subgroup": ["(1,3,3)"]}),
            "/input/subgroup/0",
            Invalid,
        ),
        ("group.permutation.stabilizer_chain", json!({"generators": ["(1,1001)"]}), "/degree", Unsupported),
        ("group.permutation.element_statistics", json!({"generators": [[3, 1, 1]]}), "/input/generators/0/2", Invalid),
        ("group.compute.character_table", json!({"generators": ["(1,51)"]}), "/degree", Unsupported),
        ("group.construct.named", json!({"family": "mathieu", "n": 13}), "/input/n", Invalid),
        ("group.construct.named", json!({"family": "psl", "n": 2, "q": 6}), "/input/q", Invalid),
        (
            "group.fp.compute",
            json!({"group": {"generators": ["a"], "relators": ["a^2", "b"]}}),
            "/input/group/relators/1",
            Invalid,
        ),
        (
            "group.fp.compute",
            json!({"group": {"generators": ["a", "a"], "relators": []}}),
            "/input/group/generators/1",
            Invalid,
        ),
        (
            "group.fp.compute",
            json!({"group": {"generators": ["a"], "relators": ["a^2; Exec(\"ls\")"]}}),
            "/input/group/relators/0",
            Invalid,
        ),
        (
            "group.fp.compute",
            json!({"group": {"generators": ["a"], "relators": []}, "properties": ["index"], "subgroup": ["c"]}),
            "/input/subgroup/0",
            Invalid,
        ),
        (
            "semigroup.transformation.properties",
            json!({"generators": [[1, 2], [1, 3]]}),
            "/input/generators/1/1",
            Invalid,
        ),
        ("semigroup.transformation.properties", json!({"generators": [vec![1; 13]]}), "/generators/0", Unsupported),
        (
            "group.compute.character_theory",
            json!({"generators": ["(1,2)", "(1,2,3)"], "power_maps": [4]}),
            "/input/power_maps/0",
            Invalid,
        ),
        (
            "group.compute.character_theory",
            json!({"generators": ["(1,2)", "(1,2,3)"], "subgroup": ["(1,2,3,3)"]}),
            "/input/subgroup/0",
            Invalid,
        ),
        (
            "group.compute.character_theory",
            json!({"generators": ["(1,2)", "(1,2,3)"], "subgroup": ["(1,4)"]}),
            "/input/subgroup/0",
            Invalid,
        ),
        (
            "group.action.family",
            json!({"generators": ["(1,2,3)"], "action": "points", "family": [[1]]}),
            "/input/action",
            Invalid,
        ),
        (
            "group.action.family",
            json!({"generators": ["(1,2,3)"], "action": "sets", "family": [[1, 4]]}),
            "/input/family/0/1",
            Invalid,
        ),
        (
            "group.action.family",
            json!({"generators": ["(1,2,3)"], "action": "tuples", "family": [[2, 2]]}),
            "/input/family/0/1",
            Invalid,
        ),
        ("group.matrix.linear", json!({"group": "GL", "n": 2, "q": 6}), "/input/q", Invalid),
        ("group.matrix.linear", json!({"group": "SL", "n": 1, "q": 5}), "/input/n", Invalid),
        ("group.matrix.linear", json!({"group": "GL", "n": 17, "q": 2}), "/input/n", Invalid),
        ("group.matrix.linear", json!({"group": "GL", "n": 2, "q": 65_537}), "/input/q", Invalid),
        (
            "group.matrix.linear",
            json!({"group": "GL", "n": 5, "q": 16, "action": "nonzero_vectors"}),
            "/action",
            Unsupported,
        ),
        (
            "semigroup.compute.operation",
            json!({"semigroup": {"table": [[0, 1], [1, 1], [0, 0]]}, "operation": "elements"}),
            "/input/semigroup/table/0",
            Invalid,
        ),
        (
            "semigroup.compute.operation",
            // x·y = x − y mod 3 is not associative.
            json!({"semigroup": {"table": [[0, 2, 1], [1, 0, 2], [2, 1, 0]]}, "operation": "opposite"}),
            "/input/semigroup/table/0/0",
            Invalid,
        ),
        (
            "semigroup.compute.operation",
            json!({"semigroup": {"table": [[0, 1], [1, 1]]}, "operation": {"power": {"element": 2, "exponent": 3}}}),
            "/input/operation/power/element",
            Invalid,
        ),
        (
            "semigroup.compute.operation",
            json!({"semigroup": {"table": [[0, 1], [1, 1]]}, "operation": {"power": {"element": 1, "exponent": 0}}}),
            "/input/operation/power/exponent",
            Invalid,
        ),
        (
            "semigroup.compute.operation",
            json!({"semigroup": {"table": [[0, 1], [1, 1]]}, "operation": {"rees_quotient": {"ideal": [0]}}}),
            "/input/operation/rees_quotient/ideal",
            Invalid,
        ),
        (
            "semigroup.compute.operation",
            json!({"semigroup": {"table": [[0, 1], [1, 1]]}, "operation": {"local": {"idempotent": 3}}}),
            "/input/operation/local/idempotent",
            Invalid,
        ),
        (
            "semigroup.compute.operation",
            json!({"semigroup": {"transformations": [[1, 2, 3], [1, 4, 3]]}, "operation": "elements"}),
            "/input/semigroup/transformations/1/1",
            Invalid,
        ),
        (
            // T_7 has 7^7 elements.
            "semigroup.compute.operation",
            json!({"semigroup": {"transformations": [[2, 3, 4, 5, 6, 7, 1], [2, 1, 3, 4, 5, 6, 7], [1, 1, 3, 4, 5, 6, 7]]},
                   "operation": "elements"}),
            "/input/semigroup/transformations",
            Unsupported,
        ),
        (
            "semigroup.compute.operation",
            json!({"semigroup": {"table": vec![vec![0u32; 13]; 13]}, "operation": "subsemigroups"}),
            "/input/semigroup",
            Unsupported,
        ),
        (
            "semigroup.compute.operation",
            json!({"semigroup": {"transformations": [[2, 3, 1], [1, 1, 3]]}, "operation": {"local": {"idempotent": 999}}}),
            "/input/operation/local/idempotent",
            Unsupported,
        ),
    ] {
        let r = jac.run(CapabilityRequest::new(id, input.clone())).await;
        assert_eq!(r.status(), status, "{id} {input}: {:?}", r.execution.diagnostics);
        let paths: Vec<_> = r.execution.diagnostics.iter().filter_map(|d| d.path.clone()).collect();
        assert!(paths.iter().any(|p| p.ends_with(path)), "{id} {input}: {paths:?} lacks {path}");
        assert!(r.artifact_uris.is_empty());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn groups_and_presentations_are_stored_canonically() {
    let jac = jacobian::builder().build().await.unwrap();
    let put = |kind: &str, object: Value| {
        CapabilityRequest::new("artifact.put", json!({"object_type": kind, "object": object}))
    };
    let a = jac.run(put("permutation_group", json!({"generators": ["(1,2,3)", "(4,5)"]}))).await;
    let b =
        jac.run(put("permutation_group", json!({"degree": 5, "generators": [[2, 3, 1, 4, 5], [1, 2, 3, 5, 4]]}))).await;
    assert_eq!(a.status(), ExecutionStatus::Succeeded, "{:?}", a.execution.diagnostics);
    assert_eq!(a.output["uri"], b.output["uri"]);
    let f = jac
        .run(put("finitely_presented_group", json!({"generators": ["a", "b"], "relators": ["a a", "(a b)^2"]})))
        .await;
    let g = jac
        .run(put("finitely_presented_group", json!({"generators": ["a", "b"], "relators": ["a^2", "a*b*a*b"]})))
        .await;
    assert_eq!(f.status(), ExecutionStatus::Succeeded, "{:?}", f.execution.diagnostics);
    assert_eq!(f.output["uri"], g.output["uri"]);
    let bad = jac.run(put("permutation_group", json!({"generators": [[1, 2], [2, 2]]}))).await;
    assert_eq!(bad.execution.diagnostics[0].path.as_deref(), Some("/input/object/generators/1/1"));
    let bad = jac.run(put("finitely_presented_group", json!({"generators": ["a"], "relators": ["a^"]}))).await;
    assert_eq!(bad.execution.diagnostics[0].path.as_deref(), Some("/input/object/relators/0"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn examples_run_and_a_third_of_the_pack_is_verify_capable() {
    let jac = jacobian::builder().build().await.unwrap();
    let ids = pack();
    let verify = ids.iter().filter(|id| jac.descriptor(id).unwrap().modes.contains(&Mode::Verify)).count();
    assert!(3 * verify >= ids.len(), "{verify} of {}", ids.len());
    for id in &ids {
        if id == "group.identify.small_group" {
            continue;
        }
        for example in &jac.descriptor(id).unwrap().examples {
            let r = ok(&jac, id, example.input.clone(), example.mode).await;
            if example.mode == Mode::Verify {
                assert_eq!(r.assurance.level, AssuranceLevel::Verified, "{id} {}", example.title);
            }
        }
    }
}

/// A permutation as 0-based images.
type Perm = Vec<usize>;

fn compose(a: &Perm, b: &Perm) -> Perm {
    // a then b, as GAP multiplies.
    a.iter().map(|&x| b[x]).collect()
}

fn inverse(a: &Perm) -> Perm {
    let mut inv = vec![0; a.len()];
    a.iter().enumerate().for_each(|(i, &x)| inv[x] = i);
    inv
}

/// Every element of the group generated by `gens`, by closure.
fn elements(gens: &[Perm]) -> Vec<Perm> {
    let n = gens[0].len();
    let mut all: Vec<Perm> = vec![(0..n).collect()];
    let mut seen: BTreeSet<Perm> = all.iter().cloned().collect();
    let mut k = 0;
    while k < all.len() {
        for g in gens {
            let x = compose(&all[k], g);
            if seen.insert(x.clone()) {
                all.push(x);
            }
        }
        k += 1;
    }
    all
}

fn perm_of(v: &Value, n: usize) -> Perm {
    let mut p: Perm = v.as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as usize - 1).collect();
    p.extend(p.len()..n);
    p
}

/// A character value as a complex number (re, im).
fn complex(v: &Value) -> (f64, f64) {
    let n = v["conductor"].as_u64().unwrap() as f64;
    v["coefficients"].as_array().unwrap().iter().enumerate().fold((0.0, 0.0), |(re, im), (k, c)| {
        let c = c.as_str().unwrap();
        let c = match c.split_once('/') {
            Some((a, b)) => a.parse::<f64>().unwrap() / b.parse::<f64>().unwrap(),
            None => c.parse::<f64>().unwrap(),
        };
        let t = std::f64::consts::TAU * k as f64 / n;
        (re + c * t.cos(), im + c * t.sin())
    })
}

fn close(a: (f64, f64), b: (f64, f64)) -> bool {
    (a.0 - b.0).abs() < 1e-9 && (a.1 - b.1).abs() < 1e-9
}

/// The class of `x` among the classes of `reps` in G (conjugacy by brute force).
fn class_of(x: &Perm, reps: &[Perm], group: &[Perm]) -> usize {
    reps.iter()
        .position(|r| group.iter().any(|g| compose(&compose(&inverse(g), r), g) == *x))
        .expect("every element lies in a class")
}

/// Character theory against brute force over the group's elements: class sizes, power maps, class
/// multiplication coefficients, fixed points, and, through the characters' values, indicators,
/// tensor products, the permutation character, restriction (with the fusion) and Frobenius
/// reciprocity.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn character_theory_agrees_with_brute_force() {
    let jac = jacobian::builder().build().await.unwrap();
    let groups = [
        (json!(["(1,2)", "(1,2,3,4)"]), json!(["(1,2,3)", "(2,3,4)"])),
        (json!(["(1,2,3,4)", "(1,3)"]), json!(["(1,2,3,4)"])),
        (json!(["(1,2,4,7)(3,6,8,5)", "(1,3,4,8)(2,5,7,6)"]), json!(["(1,2,4,7)(3,6,8,5)"])),
        (json!(["(1,2,3,4,5)", "(1,2,3)"]), json!(["(1,2,3)", "(2,3,4)"])),
    ];
    for (generators, sub) in groups {
        let input = json!({"generators": generators, "indicators": true, "power_maps": [2, 3], "class_multiplication": true,
                           "permutation_character": true, "tensor_products": [[1, 1], [1, 2], [2, 2]], "subgroup": sub});
        let out = ok(&jac, "group.compute.character_theory", input, Mode::Explore).await.output;
        // Image lists on the group's degree n.
        let n = out["representatives"][0].as_array().unwrap().len();
        let reps: Vec<Perm> = out["representatives"].as_array().unwrap().iter().map(|v| perm_of(v, n)).collect();
        // The representatives generate G: no proper subgroup meets every class (Jordan).
        let group = elements(&reps);
        let sizes: Vec<usize> =
            out["class_sizes"].as_array().unwrap().iter().map(|s| s.as_str().unwrap().parse().unwrap()).collect();
        assert_eq!(sizes.iter().sum::<usize>(), group.len(), "{out}");
        let r = reps.len();
        let chars: Vec<Vec<(f64, f64)>> = out["characters"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row.as_array().unwrap().iter().map(complex).collect())
            .collect();
        // Power maps.
        for map in out["power_maps"].as_array().unwrap() {
            let p = map["prime"].as_u64().unwrap();
            for (c, rep) in reps.iter().enumerate() {
                let mut x: Perm = (0..n).collect();
                (0..p).for_each(|_| x = compose(&x, rep));
                assert_eq!(map["classes"][c].as_u64().unwrap() as usize, class_of(&x, &reps, &group), "p = {p}");
            }
        }
        // Class multiplication coefficients: pairs (x, y) ∈ C_i × C_j with xy = z_k.
        let members: Vec<Vec<&Perm>> =
            (0..r).map(|c| group.iter().filter(|g| class_of(g, &reps, &group) == c).collect()).collect();
        for i in 0..r {
            for j in 0..r {
                for k in 0..r {
                    let z = &reps[k];
                    let count = members[i].iter().filter(|x| members[j].contains(&&compose(&inverse(x), z))).count();
                    assert_eq!(out["class_multiplication"][i][j][k], count.to_string(), "a_{i}{j}{k}");
                }
            }
        }
        // Indicators: (1/|G|) Σ χ(g²).
        for (x, chi) in chars.iter().enumerate() {
            let sum = group.iter().fold(0.0, |acc, g| acc + chi[class_of(&compose(g, g), &reps, &group)].0);
            let nu = sum / group.len() as f64;
            assert!((nu - out["indicators"][x].as_i64().unwrap() as f64).abs() < 1e-9, "indicator of χ_{x}");
        }
        // The permutation character: fixed points, recombined from its decomposition.
        let perm = &out["permutation_character"];
        for (c, rep) in reps.iter().enumerate() {
            let fixed = (0..n).filter(|&p| rep[p] == p).count();
            assert_eq!(perm["values"][c], fixed.to_string());
            let back = chars.iter().enumerate().fold(0.0, |acc, (x, chi)| {
                acc + perm["decomposition"][x].as_str().unwrap().parse::<f64>().unwrap() * chi[c].0
            });
            assert!((back - fixed as f64).abs() < 1e-9);
        }
        // Tensor products recombine classwise.
        for (t, [a, b]) in [[1, 1], [1, 2], [2, 2]].into_iter().enumerate() {
            for c in 0..r {
                let (x, y) = (chars[a][c], chars[b][c]);
                let want = (x.0 * y.0 - x.1 * y.1, x.0 * y.1 + x.1 * y.0);
                let got = chars.iter().enumerate().fold((0.0, 0.0), |acc, (k, chi)| {
                    let m = out["tensor_products"][t][k].as_str().unwrap().parse::<f64>().unwrap();
                    (acc.0 + m * chi[c].0, acc.1 + m * chi[c].1)
                });
                assert!(close(got, want), "χ_{a} ⊗ χ_{b} at class {c}");
            }
        }
        // Restriction with the fusion, and Frobenius reciprocity.
        let h = &out["subgroup"];
        let h_reps: Vec<Perm> = h["representatives"].as_array().unwrap().iter().map(|v| perm_of(v, n)).collect();
        let h_chars: Vec<Vec<(f64, f64)>> = h["characters"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row.as_array().unwrap().iter().map(complex).collect())
            .collect();
        for (c, rep) in h_reps.iter().enumerate() {
            assert_eq!(h["fusion"][c].as_u64().unwrap() as usize, class_of(rep, &reps, &group));
            for (x, chi) in chars.iter().enumerate() {
                let got = h_chars.iter().enumerate().fold((0.0, 0.0), |acc, (y, psi)| {
                    let m = h["restriction"][x][y].as_str().unwrap().parse::<f64>().unwrap();
                    (acc.0 + m * psi[c].0, acc.1 + m * psi[c].1)
                });
                assert!(close(got, chi[h["fusion"][c].as_u64().unwrap() as usize]), "χ_{x} restricted");
            }
        }
        for (x, _) in chars.iter().enumerate() {
            for (y, _) in h_chars.iter().enumerate() {
                assert_eq!(h["induction"][y][x], h["restriction"][x][y], "Frobenius reciprocity");
            }
        }
    }
}

/// Conjugacy classes of groups of order up to 100,000 are computed natively, of larger ones by
/// GAP. Both agree with the class sizes of GAP's character table; every native representative is
/// the least element of its class (found here by conjugating it with every element); classes come
/// in increasing element order.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn native_conjugacy_classes_agree_with_gap_and_brute_force() {
    let jac = jacobian::builder().build().await.unwrap();
    let psl27 = ["(1,2,3,4,5,6,7)", "(2,3,5)(4,7,6)"];
    for gens in [vec!["(1,2,3)", "(3,4,5)"], vec!["(1,2)", "(1,2,3,4,5)"], psl27.to_vec(), M11.to_vec()] {
        let input = json!({"generators": gens, "operation": "conjugacy_classes"});
        let r = ok(&jac, "group.permutation.subgroups", input, Mode::Explore).await;
        let classes = r.output["classes"].as_array().unwrap().clone();
        let table = ok(&jac, "group.compute.character_table", json!({"generators": gens}), Mode::Explore).await;
        let size = |v: &Value| v.as_str().unwrap().parse::<u64>().unwrap();
        let mut ours: Vec<u64> = classes.iter().map(|c| size(&c["size"])).collect();
        let mut theirs: Vec<u64> = table.output["class_sizes"].as_array().unwrap().iter().map(size).collect();
        ours.sort_unstable();
        theirs.sort_unstable();
        assert_eq!(ours, theirs, "{gens:?}");
        let n = classes[0]["representative"].as_array().unwrap().len();
        let mut group_gens: Vec<Perm> = vec![];
        for g in &gens {
            let input = json!({"operation": "describe", "permutations": [g], "degree": n});
            let r = ok(&jac, "group.permutation.arithmetic", input, Mode::Explore).await;
            group_gens.push(perm_of(&r.output["images"], n));
        }
        let group = elements(&group_gens);
        let mut last_order = 0;
        for c in &classes {
            let x = perm_of(&c["representative"], n);
            let class: BTreeSet<Perm> = group.iter().map(|g| compose(&compose(&inverse(g), &x), g)).collect();
            assert_eq!(class.len() as u64, size(&c["size"]), "{gens:?}: {c}");
            assert_eq!(class.iter().next(), Some(&x), "{gens:?}: {c} is not the least element of its class");
            let order = size(&c["element_order"]);
            assert!(order >= last_order, "{gens:?}: classes out of order");
            last_order = order;
        }
    }
    // S_9 has 362,880 elements: GAP lists its p(9) = 30 classes, sorted the same way.
    let input = json!({"generators": ["(1,2)", "(1,2,3,4,5,6,7,8,9)"], "operation": "conjugacy_classes"});
    let r = ok(&jac, "group.permutation.subgroups", input, Mode::Explore).await;
    let orders: Vec<u64> = r.output["classes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["element_order"].as_str().unwrap().parse().unwrap())
        .collect();
    assert_eq!(orders.len(), 30);
    assert!(orders.windows(2).all(|w| w[0] <= w[1]), "{orders:?}");
}
