//! The discrete pack against its references: counting families equal OEIS's first terms (each
//! with its A-number), answers equal SymPy's, NetworkX's or brute force's on the cases of
//! tests/reference/discrete_reference.py, VERIFY-capable capabilities reach VERIFIED through the
//! discrete checker, every example runs, bad input is refused at the pointer of its field with
//! nothing written, and objects are stored canonically (discovery is evaluated in `discovery`).

use jacobian::runtime::contract::{AssuranceLevel, Mode};
use jacobian::runtime::{CapabilityRequest, ExecutionStatus};
use serde_json::{Value, json};

fn pack() -> Vec<String> {
    jacobian_adapters::discrete::adapters().iter().map(|a| a.descriptor().id.to_string()).collect()
}

async fn run(jac: &jacobian::Jacobian, id: &str, input: Value, mode: Mode) -> jacobian::runtime::CapabilityResult {
    jac.run(CapabilityRequest::new(id, input).mode(mode)).await
}

/// OEIS: the first terms of every counting family, from `combinatorics.compute.numbers` with
/// `table` and from `combinatorics.enumerate.structures`, all VERIFIED.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn counting_families_equal_their_oeis_terms() {
    let jac = jacobian::builder().build().await.unwrap();
    let tables: &[(&str, &str, Value, &[&str])] = &[
        ("A000142", "factorial", json!({"n": 8}), &["1", "1", "2", "6", "24", "120", "720", "5040", "40320"]),
        ("A006882", "double_factorial", json!({"n": 8}), &["1", "1", "2", "3", "8", "15", "48", "105", "384"]),
        ("A000984", "central_binomial", json!({"n": 7}), &["1", "2", "6", "20", "70", "252", "924", "3432"]),
        ("A000110", "bell", json!({"n": 8}), &["1", "1", "2", "5", "15", "52", "203", "877", "4140"]),
        ("A000670", "ordered_bell", json!({"n": 6}), &["1", "1", "3", "13", "75", "541", "4683"]),
        ("A000108", "catalan", json!({"n": 8}), &["1", "1", "2", "5", "14", "42", "132", "429", "1430"]),
        ("A001006", "motzkin", json!({"n": 8}), &["1", "1", "2", "4", "9", "21", "51", "127", "323"]),
        ("A006318", "schroder", json!({"n": 6}), &["1", "2", "6", "22", "90", "394", "1806"]),
        ("A000041", "partitions", json!({"n": 10}), &["1", "1", "2", "3", "5", "7", "11", "15", "22", "30", "42"]),
        ("A000009", "distinct_partitions", json!({"n": 10}), &["1", "1", "1", "2", "2", "3", "4", "5", "6", "8", "10"]),
        ("A011782", "compositions", json!({"n": 6}), &["1", "1", "2", "4", "8", "16", "32"]),
        ("A000166", "derangements", json!({"n": 8}), &["1", "0", "1", "2", "9", "44", "265", "1854", "14833"]),
        ("A000085", "involutions", json!({"n": 8}), &["1", "1", "2", "4", "10", "26", "76", "232", "764"]),
        ("A000045", "fibonacci", json!({"n": 10}), &["0", "1", "1", "2", "3", "5", "8", "13", "21", "34", "55"]),
        ("A000032", "lucas", json!({"n": 8}), &["2", "1", "3", "4", "7", "11", "18", "29", "47"]),
        ("A027642/A027641", "bernoulli", json!({"n": 6}), &["1", "-1/2", "1/6", "0", "-1/30", "0", "1/42"]),
        ("A007318 row 6", "binomial", json!({"n": 6}), &["1", "6", "15", "20", "15", "6", "1"]),
        ("A008277 row 5", "stirling_second", json!({"n": 5}), &["0", "1", "15", "25", "10", "1"]),
        ("A132393 row 5", "stirling_first", json!({"n": 5}), &["0", "24", "50", "35", "10", "1"]),
        ("A008297 row 4 (unsigned)", "lah", json!({"n": 4}), &["0", "24", "36", "12", "1"]),
        ("A008292 row 5", "eulerian", json!({"n": 5}), &["1", "26", "66", "26", "1", "0"]),
        ("A001263 row 5", "narayana", json!({"n": 5}), &["0", "1", "10", "20", "10", "1"]),
        ("A008284 row 7", "partitions_into_parts", json!({"n": 7}), &["0", "1", "3", "4", "3", "2", "1", "1"]),
        ("A008275 row 4 (signed)", "stirling_first", json!({"n": 4, "signed": true}), &["0", "-6", "11", "-6", "1"]),
        (
            "A008639-style: p(7) into parts ≤ k",
            "partitions_max_part",
            json!({"n": 7}),
            &["0", "1", "4", "8", "11", "13", "14", "15"],
        ),
    ];
    for (a_number, family, extra, terms) in tables {
        let mut input = json!({"family": family, "table": true});
        for (k, v) in extra.as_object().unwrap() {
            input[k] = v.clone();
        }
        let r = run(&jac, "combinatorics.compute.numbers", input.clone(), Mode::Verify).await;
        assert_eq!(r.status(), ExecutionStatus::Succeeded, "{a_number} {input}: {:?}", r.execution.diagnostics);
        assert_eq!(r.output["table"], json!(terms), "{a_number} ({family})");
        assert_eq!(r.assurance.level, AssuranceLevel::Verified, "{a_number}: {:?}", r.execution.diagnostics);
    }
    let enumerations: &[(&str, Value, &[u64])] = &[
        ("A000041", json!({"integer_partitions": {"n": 0}}), &[1, 1, 2, 3, 5, 7, 11, 15, 22]),
        ("A000009", json!({"integer_partitions": {"n": 0, "distinct": true}}), &[1, 1, 1, 2, 2, 3, 4, 5, 6]),
        ("A011782", json!({"compositions": {"n": 0}}), &[1, 1, 2, 4, 8, 16, 32, 64, 128]),
        (
            "A000073 (parts ≤ 3, shifted)",
            json!({"compositions": {"n": 0, "max_part": 3}}),
            &[1, 1, 2, 4, 7, 13, 24, 44, 81],
        ),
        ("A000110", json!({"set_partitions": {"n": 0}}), &[1, 1, 2, 5, 15, 52, 203, 877, 4140]),
        (
            "A000108 (231-avoiding)",
            json!({"permutations": {"n": 0, "avoid": [[2, 3, 1]]}}),
            &[1, 1, 2, 5, 14, 42, 132, 429, 1430],
        ),
        ("A000108 (Dyck paths)", json!({"dyck_paths": {"n": 0}}), &[1, 1, 2, 5, 14, 42, 132, 429, 1430]),
        ("A000166", json!({"permutations": {"n": 0, "derangement": true}}), &[1, 0, 1, 2, 9, 44, 265, 1854, 14833]),
        (
            "A022558 (1342-avoiding)",
            json!({"permutations": {"n": 0, "avoid": [[1, 3, 4, 2]]}}),
            &[1, 1, 2, 6, 23, 103, 512, 2740, 15485],
        ),
        ("A000079", json!({"subsets": {"n": 0}}), &[1, 2, 4, 8, 16, 32, 64, 128, 256]),
    ];
    for (a_number, structure, terms) in enumerations {
        for (n, want) in terms.iter().enumerate() {
            let mut s = structure.clone();
            let kind = s.as_object().unwrap().keys().next().unwrap().clone();
            s[&kind]["n"] = json!(n);
            let input = json!({"structure": s, "limit": 3});
            let r = run(&jac, "combinatorics.enumerate.structures", input.clone(), Mode::Verify).await;
            assert_eq!(r.status(), ExecutionStatus::Succeeded, "{a_number} {input}: {:?}", r.execution.diagnostics);
            assert_eq!(r.output["count"], json!(want.to_string()), "{a_number} at n = {n}");
            assert_eq!(
                r.assurance.level,
                AssuranceLevel::Verified,
                "{a_number} {input}: {:?}",
                r.execution.diagnostics
            );
        }
    }
    // A000085 as standard Young tableaux summed over shapes of 5: the hook length formula per shape.
    let shapes: &[&[u64]] = &[&[5], &[4, 1], &[3, 2], &[3, 1, 1], &[2, 2, 1], &[2, 1, 1, 1], &[1, 1, 1, 1, 1]];
    let mut total = 0u64;
    for shape in shapes {
        let input = json!({"operation": {"standard_count": {"shape": shape, "list": 2}}});
        let r = run(&jac, "combinatorics.compute.tableaux", input, Mode::Verify).await;
        assert_eq!(r.assurance.level, AssuranceLevel::Verified, "{shape:?}: {:?}", r.execution.diagnostics);
        total += r.output["count"].as_str().unwrap().parse::<u64>().unwrap();
    }
    assert_eq!(total, 26, "A000085(5): involutions of 5 = Σ f^λ");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_capability_agrees_with_its_reference_and_verifies() {
    let jac = jacobian::builder().build().await.unwrap();
    let mut verified = 0;
    for c in crate::cases::from_scripts(&["discrete_reference.py"]) {
        let r = crate::cases::run(&jac, &c).await.result;
        if r.assurance.level == AssuranceLevel::Verified {
            verified += 1;
        }
    }
    assert!(verified > 150, "{verified} verified");
}

/// Every example of every capability of the pack runs and succeeds, VERIFY examples to VERIFIED.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_example_runs() {
    let jac = jacobian::builder().build().await.unwrap();
    let mut verify = 0;
    for a in jacobian_adapters::discrete::adapters() {
        let d = a.descriptor();
        if d.modes.contains(&Mode::Verify) {
            verify += 1;
        }
        assert!(!d.examples.is_empty(), "{} has no example", d.id);
        for ex in &d.examples {
            let r = run(&jac, d.id.as_str(), ex.input.clone(), ex.mode).await;
            assert_eq!(r.status(), ExecutionStatus::Succeeded, "{} {}: {:?}", d.id, ex.title, r.execution.diagnostics);
            if ex.mode == Mode::Verify {
                assert_eq!(
                    r.assurance.level,
                    AssuranceLevel::Verified,
                    "{} {}: {:?}",
                    d.id,
                    ex.title,
                    r.execution.diagnostics
                );
            }
        }
    }
    let n = pack().len();
    assert!(3 * verify >= n, "{verify} of {n} VERIFY-capable");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn searches_and_witnesses_are_exact() {
    let jac = jacobian::builder().build().await.unwrap();
    // Optimal Golomb rulers (A003022: lengths 0, 1, 3, 6, 11, 17, 25 for 1..7 marks): the largest
    // Sidon subset of {0, …, L} for those L has that many marks.
    for (marks, length) in [(4, 6), (5, 11), (6, 17), (7, 25)] {
        let r = run(
            &jac,
            "combinatorics.additive.sidon",
            json!({"operation": {"maximum": {"n": length + 1}}}),
            Mode::Verify,
        )
        .await;
        assert_eq!(r.output["set"].as_array().unwrap().len(), marks, "{}", r.output);
        let short =
            run(&jac, "combinatorics.additive.sidon", json!({"operation": {"maximum": {"n": length}}}), Mode::Explore)
                .await;
        assert_eq!(short.output["set"].as_array().unwrap().len(), marks - 1);
        assert_eq!(r.assurance.level, AssuranceLevel::Verified);
    }
    // R(3, 3) = 6, R(3, 4) = 9; W(3, 3) = 9; S(2) = 4 (Schur: 1..4 colourable with 2 colours, 1..5 not).
    for (problem, exists) in [
        (json!({"ramsey": {"n": 5, "sizes": [3, 3]}}), true),
        (json!({"ramsey": {"n": 6, "sizes": [3, 3]}}), false),
        (json!({"ramsey": {"n": 8, "sizes": [3, 4]}}), true),
        (json!({"ramsey": {"n": 9, "sizes": [3, 4]}}), false),
        (json!({"van_der_waerden": {"n": 8, "lengths": [3, 3]}}), true),
        (json!({"van_der_waerden": {"n": 9, "lengths": [3, 3]}}), false),
        (json!({"schur": {"n": 4, "colours": 2}}), true),
        (json!({"schur": {"n": 5, "colours": 2}}), false),
    ] {
        let r = run(&jac, "combinatorics.ramsey.colouring", json!({"problem": problem}), Mode::Verify).await;
        assert_eq!(r.output["exists"], json!(exists), "{problem}");
        let expected = if exists { AssuranceLevel::Verified } else { AssuranceLevel::Computed };
        assert_eq!(r.assurance.level, expected, "{problem}: {:?}", r.execution.diagnostics);
    }
    // Lattices: the diamond M3 is modular but not distributive; the Boolean lattice 2^3 is both.
    let m3 = json!({"elements": 5, "covers": [[0, 1], [0, 2], [0, 3], [1, 4], [2, 4], [3, 4]]});
    let r = run(
        &jac,
        "lattice.order.properties",
        json!({"lattice": m3, "properties": ["modular", "distributive"]}),
        Mode::Verify,
    )
    .await;
    assert_eq!(r.output["modular"]["holds"], json!(true));
    assert_eq!(r.output["distributive"]["holds"], json!(false));
    assert_eq!(r.assurance.level, AssuranceLevel::Verified, "{:?}", r.execution.diagnostics);
    let cube: Vec<[usize; 2]> = (0..8usize)
        .flat_map(|a| (0..3).map(move |b| (a, b)))
        .filter(|&(a, b)| a >> b & 1 == 0)
        .map(|(a, b)| [a, a | 1 << b])
        .collect();
    let r = run(
        &jac,
        "lattice.order.properties",
        json!({"lattice": {"elements": 8, "covers": cube}, "properties": ["distributive", "complements"]}),
        Mode::Verify,
    )
    .await;
    assert_eq!(r.output["distributive"]["holds"], json!(true));
    assert_eq!(r.output["complements"]["boolean"], json!(true));
    assert_eq!(r.assurance.level, AssuranceLevel::Verified);
    // Matroids: U(2, 4) has the four triples as circuits; the Fano matroid has 7 three-point lines among its circuits.
    let u24 = json!({"elements": 4, "bases": [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]});
    let r = run(
        &jac,
        "matroid.compute.properties",
        json!({"matroid": u24, "properties": ["rank", "circuits", "dual"]}),
        Mode::Explore,
    )
    .await;
    assert_eq!(r.output["circuits"], json!([[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]]));
    let fano = json!({"elements": 7, "matrix": {"ring": "F_2", "rows": [[1, 0, 0, 1, 1, 0, 1], [0, 1, 0, 1, 0, 1, 1], [0, 0, 1, 0, 1, 1, 1]]}});
    let r = run(
        &jac,
        "matroid.compute.properties",
        json!({"matroid": fano, "properties": ["bases", "circuits"]}),
        Mode::Explore,
    )
    .await;
    assert_eq!(r.output["bases"]["count"], json!(28), "C(7,3) − 7 lines");
    assert_eq!(r.output["circuits"].as_array().unwrap().iter().filter(|c| c.as_array().unwrap().len() == 3).count(), 7);
    // RSK round trip and the LIS length equals the first row of the shape.
    let w = json!([4, 1, 3, 6, 2, 7, 5]);
    let f =
        run(&jac, "tableau.compute.rsk", json!({"input": {"permutation": {"permutation": w}}}), Mode::Explore).await;
    let back = run(
        &jac,
        "tableau.compute.rsk",
        json!({"input": {"inverse": {"p": f.output["p"], "q": f.output["q"]}}}),
        Mode::Explore,
    )
    .await;
    assert_eq!(back.output["word"], w, "{}", back.output);
    // A matrix round trip: the inverse returns the N-matrix, and its trace (P after each reverse
    // bump) is the forward trace read backwards.
    let m = json!([[1, 0, 2], [0, 3, 1], [2, 1, 0]]);
    let fm =
        run(&jac, "tableau.compute.rsk", json!({"input": {"matrix": {"rows": m}}, "trace": true}), Mode::Explore).await;
    let backm = run(
        &jac,
        "tableau.compute.rsk",
        json!({"input": {"inverse": {"p": fm.output["p"], "q": fm.output["q"]}}, "trace": true}),
        Mode::Explore,
    )
    .await;
    assert_eq!(backm.output["matrix"], m, "{}", backm.output);
    let forward = fm.output["trace"].as_array().unwrap();
    let reverse = backm.output["trace"].as_array().unwrap();
    assert_eq!(reverse.len(), forward.len());
    for (k, step) in reverse.iter().enumerate() {
        let want = if k + 1 == forward.len() { json!([]) } else { forward[forward.len() - 2 - k].clone() };
        assert_eq!(*step, want, "step {k}: {}", backm.output);
    }
    let lis =
        run(&jac, "word.compute.properties", json!({"word": w, "properties": ["longest_increasing"]}), Mode::Explore)
            .await;
    assert_eq!(lis.output["longest_increasing"]["length"], f.output["shape"][0]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_is_refused_with_the_pointer_of_the_field() {
    let jac = jacobian::builder().build().await.unwrap();
    let long: Vec<u64> = vec![1; 100_001];
    for (id, input, path) in [
        (
            "poset.compute.properties",
            json!({"poset": {"elements": 3, "covers": [[0, 1], [1, 2], [2, 0]]}, "properties": ["width"]}),
            "/input/poset/covers/",
        ),
        (
            "poset.compute.properties",
            json!({"poset": {"elements": 2, "order": [[1, 1], [1, 1]]}, "properties": ["width"]}),
            "/input/poset/order/1/0",
        ),
        (
            "poset.compute.properties",
            json!({"poset": {"elements": 2, "covers": [[0, 2]]}, "properties": ["width"]}),
            "/input/poset/covers/0/1",
        ),
        (
            "lattice.order.properties",
            json!({"lattice": {"elements": 4, "covers": [[0, 2], [0, 3], [1, 2], [1, 3]]}, "properties": ["modular"]}),
            "/input/lattice/covers",
        ),
        ("sequence.compute.statistics", json!({"terms": long, "statistics": ["sum"]}), "/input/terms"),
        ("sequence.recurrence.find", json!({"terms": long}), "/input/terms"),
        ("sequence.recurrence.find", json!({"terms": [1, 2], "modulus": 6}), "/input/modulus"),
        ("sequence.recurrence.evaluate", json!({"coefficients": [1, 1], "initial": [1], "n": 3}), "/input/initial"),
        ("combinatorics.compute.numbers", json!({"family": "binomial", "n": 5}), "/input/k"),
        ("combinatorics.compute.numbers", json!({"family": "zeta", "n": 5}), "/input/family"),
        ("combinatorics.compute.numbers", json!({"family": "partitions", "n": 50_001}), "/input/n"),
        (
            "combinatorics.enumerate.structures",
            json!({"structure": {"permutations": {"n": 4, "avoid": [[1, 1]]}}}),
            "/input/structure/permutations/avoid/0",
        ),
        (
            "combinatorics.enumerate.structures",
            json!({"structure": {"permutations": {"n": 13, "avoid": [[1, 2]]}}}),
            "/input/structure/permutations/n",
        ),
        (
            "combinatorics.additive.sidon",
            json!({"operation": {"decide": {"set": [1, 2, 1]}}}),
            "/input/operation/decide/set/2",
        ),
        (
            "combinatorics.difference_set.compute",
            json!({"modulus": 7, "operation": {"decide": {"set": [1, 8]}}}),
            "/input/operation/decide/set",
        ),
        (
            "combinatorics.ramsey.colouring",
            json!({"problem": {"ramsey": {"n": 65, "sizes": [3, 3]}}}),
            "/input/problem/ramsey/n",
        ),
        (
            "matroid.compute.properties",
            json!({"matroid": {"elements": 4, "bases": [[0, 1], [2, 3]]}, "properties": ["rank"]}),
            "/input/matroid/bases/0",
        ),
        (
            "probability.finite_distribution.compute",
            json!({"distribution": {"values": [1, 2], "probabilities": ["1/2", "1/3"]}, "operation": {"moments": {}}}),
            "/input/distribution/probabilities",
        ),
        (
            "probability.reliability.compute",
            json!({"network": "graph", "vertices": 3, "edges": [[0, 1, 2]], "failure": "bond"}),
            "/input/edges/0",
        ),
        (
            "probability.reliability.compute",
            json!({"network": "digraph", "vertices": 3, "edges": [[0, 1]], "failure": "bond"}),
            "/input/terminals",
        ),
        (
            "probability.reliability.compute",
            json!({"network": "graph", "vertices": 3, "edges": [[0, 1]], "failure": "bond", "p": "5/4"}),
            "/input/p",
        ),
        (
            "probability.reliability.compute",
            json!({"network": "graph", "vertices": 30, "edges": (0..29).map(|k| [k, k + 1]).collect::<Vec<_>>(),
                   "failure": "bond"}),
            "/input/edges",
        ),
        (
            "probability.finite_space.compute",
            json!({"weights": ["1/2", "1/3"], "observations": [[0, 1]]}),
            "/input/weights",
        ),
        ("sequence.transform.apply", json!({"terms": [], "transform": "euler"}), "/input/terms"),
        ("sequence.transform.apply", json!({"terms": [1, 2], "transform": "dirichlet"}), "/input/other"),
        (
            "sequence.transform.apply",
            json!({"terms": [1, 2], "transform": "convolution", "other": [1]}),
            "/input/other",
        ),
        ("word.enumerate.necklaces", json!({"kind": "necklaces", "n": 0, "k": 2}), "/input/n"),
        ("word.enumerate.necklaces", json!({"kind": "de_bruijn", "n": 3, "k": 2, "limit": 5}), "/input/limit"),
        (
            "combinatorics.rank.unrank",
            json!({"family": "permutation", "n": 3, "question": {"rank": {"object": [1, 1, 2]}}}),
            "/input/question/rank/object/1",
        ),
        (
            "combinatorics.rank.unrank",
            json!({"family": "combination", "n": 5, "question": {"unrank": {"rank": "3"}}}),
            "/input/k",
        ),
        (
            "combinatorics.rank.unrank",
            json!({"family": "subset", "n": 3, "question": {"unrank": {"rank": "8"}}}),
            "/input/question/unrank/rank",
        ),
        (
            "combinatorics.rank.unrank",
            json!({"family": "set_partition", "n": 3, "question": {"rank": {"object": [0, 2, 1]}}}),
            "/input/question/rank/object/1",
        ),
        (
            "latin_square.search.complete",
            json!({"square": [[0, 0], [null, null]], "search": "complete"}),
            "/input/square/0/1",
        ),
        (
            "latin_square.search.complete",
            json!({"square": [[0, 1], [1, null]], "search": "orthogonal_mate"}),
            "/input/square/1/1",
        ),
        (
            "permutation.compute.statistics",
            json!({"question": {"of": {"permutation": [2, 2, 1], "statistics": ["inversions"]}}}),
            "/input/question/of/permutation/1",
        ),
        (
            "permutation.compute.statistics",
            json!({"question": {"distribution": {"n": 11, "statistic": "inversions"}}}),
            "/input/question/distribution/n",
        ),
        (
            "permutation.compute.statistics",
            json!({"question": {"of": {"permutation": [2, 1], "statistics": ["pattern_occurrences"]}}}),
            "/input/pattern",
        ),
        ("poset.construct.standard", json!({"family": "partitions", "n": 8}), "/input/n"),
        ("poset.construct.standard", json!({"family": "chain_product", "sizes": [2, 0]}), "/input/sizes/1"),
        ("combinatorics.kruskal_katona.compute", json!({"operation": "cascade", "k": 0, "m": "5"}), "/input/k"),
        (
            "combinatorics.kruskal_katona.compute",
            json!({"operation": "shadow", "family": [[1, 2], [2, 1]]}),
            "/input/family/1",
        ),
        (
            "sequence.recurrence.period",
            json!({"coefficients": [1, 1], "initial": [0], "modulus": 10}),
            "/input/initial",
        ),
        (
            "sequence.recurrence.period",
            json!({"coefficients": [1, 1], "initial": [0, 1], "modulus": 1}),
            "/input/modulus",
        ),
        ("combinatorics.lattice_paths.count", json!({"steps": [[0, 0]], "target": [1, 1]}), "/input/steps/0"),
        ("combinatorics.lattice_paths.count", json!({"steps": [[1, 0], [-1, 0]], "target": [1, 0]}), "/input/length"),
        (
            "combinatorics.stable_matching.solve",
            json!({"proposers": [[0, 0], [1, 0]], "receivers": [[0, 1], [1, 0]], "question": "proposer_optimal"}),
            "/input/proposers/0/1",
        ),
        (
            "combinatorics.stable_matching.solve",
            json!({"proposers": [[0, 1], [1, 0]], "receivers": [[0, 1], [1, 0]],
                   "question": {"check": {"matching": [0, 0]}}}),
            "/input/question/check/matching/1",
        ),
        ("matroid.construct.standard", json!({"family": "uniform", "n": 4}), "/input/rank"),
        ("matroid.construct.standard", json!({"family": "projective_geometry", "rank": 3, "p": 4}), "/input/p"),
        (
            "probability.finite_space.compute",
            json!({"weights": ["1/2", "1/2"], "observations": [[0, 1], [0]]}),
            "/input/observations/1",
        ),
        (
            "probability.finite_space.compute",
            json!({"weights": ["1/2", "1/2"], "observations": [[0, 1]], "variable": [1]}),
            "/input/variable",
        ),
        (
            "probability.multiple_testing.compute",
            json!({"p_values": ["1/2", "3/2"], "level": "1/20", "procedure": "holm"}),
            "/input/p_values/1",
        ),
        (
            "probability.multiple_testing.compute",
            json!({"p_values": ["1/2"], "level": "1", "procedure": "bonferroni"}),
            "/input/level",
        ),
        (
            "probability.multiple_testing.compute",
            json!({"p_values": ["1/2", "1/3"], "level": "1/20", "procedure": "benjamini_hochberg", "true_nulls": [0, 0]}),
            "/input/true_nulls/1",
        ),
        (
            "probability.gaussian.expectation",
            json!({"variables": ["x"], "polynomial": "x^2", "variances": [0]}),
            "/input/variances/0",
        ),
        ("probability.gaussian.expectation", json!({"variables": ["x"], "polynomial": "x^2 + y"}), "/input/polynomial"),
        (
            "probability.gaussian.expectation",
            json!({"variables": ["x", "y"], "polynomial": "x*y", "means": [1]}),
            "/input/means",
        ),
        ("probability.markov_chain.compute", json!({"transitions": [["1/2", "1/3"], [0, 1]]}), "/input/transitions/0"),
        (
            "probability.markov_chain.compute",
            json!({"transitions": [["3/2", "-1/2"], [0, 1]]}),
            "/input/transitions/0/1",
        ),
        (
            "probability.markov_chain.compute",
            json!({"transitions": [[1, 0], [0, 1]], "target": [2]}),
            "/input/target/0",
        ),
        (
            "probability.markov_chain.compute",
            json!({"transitions": [[1, 0], [0, 1]], "mixing_epsilon": "3/2"}),
            "/input/mixing_epsilon",
        ),
        (
            "latin_square.compute.properties",
            json!({"rows": [[0, 1], [0, 1]], "properties": ["transpose"]}),
            "/input/rows/1/0",
        ),
        (
            "hypergraph.compute.properties",
            json!({"system": {"points": 3, "sets": [[0, 3]]}, "properties": ["degrees"]}),
            "/input/system/sets/0/1",
        ),
        (
            "combinatorics.compute.tableaux",
            json!({"operation": {"hook_lengths": {"shape": [1, 2]}}}),
            "/input/operation/shape",
        ),
        (
            "tableau.compute.rsk",
            json!({"input": {"permutation": {"permutation": [1, 1]}}}),
            "/input/input/permutation/permutation",
        ),
        (
            "combinatorics.set_function.analyze",
            json!({"function": {"table": {"n": 2, "values": [0, 1, 1]}}}),
            "/input/function/table/values",
        ),
        (
            "combinatorics.set_function.analyze",
            json!({"function": {"cut": {"vertices": 3, "edges": [[0, 1], [1, 3]]}}}),
            "/input/function/cut/edges/1/1",
        ),
        (
            "combinatorics.set_function.analyze",
            json!({"function": {"coverage": {"sets": [[1], [2]], "weights": [[7, 1]]}}}),
            "/input/function/coverage/weights/0",
        ),
        (
            "combinatorics.set_function.analyze",
            json!({"function": {"coverage": {"sets": [[1], [2]]}}, "evaluate": [[0, 0]]}),
            "/input/evaluate/0/1",
        ),
        (
            "combinatorics.set_function.analyze",
            json!({"function": {"table": {"n": 17, "values": []}}}),
            "/input/function/table/n",
        ),
        ("combinatorics.design.construct", json!({"family": "steiner_triple_system", "n": 11}), "/input/n"),
        ("combinatorics.design.construct", json!({"family": "projective_plane", "n": 4}), "/input/n"),
        (
            "matroid.intersection.compute",
            json!({"first": {"partition": {"blocks": [0, 1], "capacities": [1, 1]}},
                   "second": {"partition": {"blocks": [0, 0, 0], "capacities": [1]}}, "questions": ["maximum"]}),
            "/input/second",
        ),
        (
            "matroid.intersection.compute",
            json!({"first": {"graph": {"vertices": 2, "edges": [[0, 2]]}},
                   "second": {"partition": {"blocks": [0], "capacities": [1]}}, "questions": ["maximum"]}),
            "/input/first/graph/edges/0",
        ),
        (
            "matroid.intersection.compute",
            json!({"first": {"partition": {"blocks": [0, 1], "capacities": [1, 1]}},
                   "second": {"partition": {"blocks": [0, 0], "capacities": [1]}}, "questions": ["check"],
                   "certificate": {"set": [0, 5]}}),
            "/input/certificate/set/1",
        ),
        (
            "matroid.intersection.compute",
            json!({"first": {"partition": {"blocks": [0, 1], "capacities": [1, 1]}},
                   "second": {"partition": {"blocks": [0, 0], "capacities": [1]}}, "questions": ["represent"]}),
            "/input/questions/0",
        ),
        (
            "matroid.intersection.compute",
            json!({"first": {"partition": {"blocks": [0], "capacities": vec![1; 65]}},
                   "second": {"partition": {"blocks": [0], "capacities": [1]}}, "questions": ["maximum"]}),
            "/input/first/partition/capacities",
        ),
        ("hypergraph.construct", json!({"family": {"arithmetic_progressions": {"n": 10000, "k": 2}}}), "/input/family"),
        (
            "hypergraph.construct",
            json!({"family": {"group_progressions": {"moduli": [1, 3], "k": 3}}}),
            "/input/family/group_progressions",
        ),
        (
            "hypergraph.construct",
            json!({"family": {"sunflower": {"petals": 3, "core": 1, "petal": 0}}}),
            "/input/family/sunflower",
        ),
        (
            "hypergraph.construct",
            json!({"family": {"monochromatic_cliques": {"n": 5, "k": 2, "s": 3, "colours": [0, 1]}}}),
            "/input/family/monochromatic_cliques/colours",
        ),
        (
            "hypergraph.compute.properties",
            json!({"system": {"points": 3, "sets": [[0, 1]]}, "properties": ["maximum_weight_packing"],
                   "edge_weights": ["-1"]}),
            "/input/edge_weights/0",
        ),
        (
            "hypergraph.compute.properties",
            json!({"system": {"points": 3, "sets": [[0, 1]]}, "properties": ["colouring_profile"]}),
            "/input/colouring",
        ),
        (
            "hypergraph.compute.properties",
            json!({"system": {"points": 3, "sets": [[0, 1]]}, "properties": ["random_subsets"], "probability": "3/2"}),
            "/input/probability",
        ),
        (
            "hypergraph.compute.properties",
            json!({"system": {"points": 3, "sets": [[0, 1]]}, "properties": ["induced_types"], "type_size": 4}),
            "/input/type_size",
        ),
        (
            "poset.compute.properties",
            json!({"poset": {"elements": 3, "covers": [[0, 1]]}, "properties": ["incidence_convolution"],
                   "incidence": {"f": [[1, 0, "1"]], "g": []}}),
            "/input/incidence/f/0",
        ),
        (
            "poset.compute.properties",
            json!({"poset": {"elements": 2, "covers": []}, "properties": ["maximum_weight_antichain"], "weights": ["1"]}),
            "/input/weights",
        ),
        (
            "probability.finite_distribution.compute",
            json!({"distribution": {"values": [0, 1], "probabilities": ["1/2", "1/2"]},
                   "operation": {"compound_poisson": {"rate": "0", "order": 3}}}),
            "/input/operation/compound_poisson/rate",
        ),
        (
            "sequence.holonomic.compute",
            json!({"polynomials": [[2, 4], [0]], "question": {"evaluate": {"initial": [1], "n": 5}}}),
            "/input/polynomials/1",
        ),
        (
            "sequence.holonomic.compute",
            json!({"polynomials": [[2, 4], [-2, -1]], "question": {"evaluate": {"initial": [1, 1], "n": 5}}}),
            "/input/question/evaluate/initial",
        ),
        (
            "combinatorics.compute.tableaux",
            json!({"operation": {"littlewood_richardson": {"outer": [2, 1], "inner": [3], "content": [1]}}}),
            "/input/operation/littlewood_richardson/inner",
        ),
        (
            "combinatorics.compute.tableaux",
            json!({"operation": {"littlewood_richardson": {"outer": [3, 2, 1], "inner": [2, 1], "content": [2, 2]}}}),
            "/input/operation/littlewood_richardson/content",
        ),
        (
            "sequence.compute.statistics",
            json!({"terms": [1, 2, 3], "statistics": ["quadratic_twist"], "discriminant": "3"}),
            "/input/discriminant",
        ),
        (
            "sequence.compute.statistics",
            json!({"terms": [1, 2, 3], "statistics": ["quadratic_twist"]}),
            "/input/discriminant",
        ),
        (
            "matroid.compute.properties",
            json!({"matroid": {"elements": 3, "bases": [[0, 1], [0, 2], [1, 2]]}, "properties": ["flat_orbits"],
                   "flat_rank": 1, "group": [[0, 0, 1]]}),
            "/input/group/0",
        ),
        (
            "hypergraph.construct",
            json!({"family": {"sum_triples": {"n": 5000, "relation": "schur"}}}),
            "/input/family/sum_triples/n",
        ),
        ("word.compute.properties", json!({"word": vec![1; 401], "properties": ["greene_witnesses"]}), "/input/word"),
        (
            "combinatorics.exact_cover.solve",
            json!({"primary": 3, "options": [[0, 1], [2, 3]], "question": "find"}),
            "/input/options/1/1",
        ),
        (
            "combinatorics.exact_cover.solve",
            json!({"primary": 3, "options": [[0, 1], [2, 2]], "question": "find"}),
            "/input/options/1/1",
        ),
        (
            "combinatorics.exact_cover.solve",
            json!({"primary": 3, "options": [[0, 1], [2]], "question": {"shard": {"parts": 0}}}),
            "/input/question",
        ),
        (
            "probability.local_lemma.check",
            json!({"probabilities": ["1/8", "1/8"], "dependencies": [[0, 2]]}),
            "/input/dependencies/0",
        ),
        (
            "probability.local_lemma.check",
            json!({"probabilities": ["1/8", "1/8"], "dependencies": [[0, 1]], "witness": ["1/2", "1"]}),
            "/input/witness/1",
        ),
    ] {
        let r = jac.run(CapabilityRequest::new(id, input.clone())).await;
        assert_ne!(r.status(), ExecutionStatus::Succeeded, "{id} {input}");
        let paths: Vec<_> = r.execution.diagnostics.iter().filter_map(|d| d.path.clone()).collect();
        assert!(paths.iter().any(|p| p.starts_with(path)), "{id}: {paths:?} lacks {path}");
        assert!(r.artifact_uris.is_empty());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discrete_objects_are_stored_canonically() {
    let jac = jacobian::builder().build().await.unwrap();
    let put = |kind: &str, object: Value| {
        CapabilityRequest::new("artifact.put", json!({"object_type": kind, "object": object}))
    };
    let a = jac.run(put("finite_poset", json!({"elements": 3, "covers": [[0, 1], [1, 2], [0, 2]]}))).await;
    let b = jac.run(put("finite_poset", json!({"elements": 3, "order": [[1, 1, 1], [0, 1, 1], [0, 0, 1]]}))).await;
    assert_eq!(a.status(), ExecutionStatus::Succeeded, "{:?}", a.execution.diagnostics);
    assert_eq!(a.output["uri"], b.output["uri"]);
    for (kind, object) in [
        ("integer_sequence", json!({"terms": [1, 1, 2, 3, 5]})),
        ("finite_set", json!({"elements": [3, 1, 2, 3]})),
        ("set_system", json!({"points": 4, "sets": [[1, 0], [2, 3]]})),
        ("latin_square", json!({"rows": [[0, 1], [1, 0]]})),
        ("matroid", json!({"elements": 3, "bases": [[0, 1], [0, 2], [1, 2]]})),
        ("finite_distribution", json!({"values": [0, 1], "probabilities": ["1/3", "2/3"]})),
        ("finite_lattice", json!({"elements": 4, "covers": [[0, 1], [0, 2], [1, 3], [2, 3]]})),
    ] {
        let r = jac.run(put(kind, object)).await;
        assert_eq!(r.status(), ExecutionStatus::Succeeded, "{kind}: {:?}", r.execution.diagnostics);
    }
    let bad = jac.run(put("finite_poset", json!({"elements": 2, "covers": [[0, 1], [1, 0]]}))).await;
    assert!(bad.execution.diagnostics[0].path.as_deref().unwrap().starts_with("/input/object/covers/"));
}

/// A reported violation of a set function's property holds on the function's own table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn set_function_violations_are_true_inequalities() {
    let jac = jacobian::builder().build().await.unwrap();
    // A cut function with one negative weight: neither monotone nor submodular; x ↦ |S|² on
    // four elements: supermodular, not submodular.
    let square: Vec<u64> = (0u64..16).map(|m| u64::from(m.count_ones()).pow(2)).collect();
    for input in [
        json!({"function": {"cut": {"vertices": 4, "edges": [[0, 1, 2], [1, 2, -3], [2, 3, 1], [0, 3, 1]]}}, "table": true}),
        json!({"function": {"table": {"n": 4, "values": square}}, "table": true}),
    ] {
        let r = jac.run(CapabilityRequest::new("combinatorics.set_function.analyze", input.clone())).await;
        assert!(r.succeeded(), "{:?}", r.execution.diagnostics);
        let o = &r.output;
        let f = |set: &Value| -> f64 {
            let mask: usize = set.as_array().unwrap().iter().map(|e| 1usize << e.as_u64().unwrap()).sum();
            o["table"][mask].as_str().unwrap().parse::<f64>().unwrap()
        };
        assert!(!o["submodular"].as_bool().unwrap(), "{o}");
        assert!(o.get("submodular_violation").is_some(), "a failure comes with its witness: {o}");
        for key in ["submodular_violation", "supermodular_violation", "monotone_violation"] {
            let Some(v) = o.get(key) else { continue };
            let set = v["set"].clone();
            let with = |extra: &[u64]| {
                let mut s: Vec<u64> = set.as_array().unwrap().iter().map(|e| e.as_u64().unwrap()).collect();
                s.extend_from_slice(extra);
                json!(s)
            };
            let e: Vec<u64> = v["elements"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
            let (left, right) = if e.len() == 1 {
                (f(&with(&e)), f(&set))
            } else {
                (f(&with(&e[..1])) + f(&with(&e[1..])), f(&with(&e)) + f(&set))
            };
            let sides: Vec<f64> =
                v["sides"].as_array().unwrap().iter().map(|x| x.as_str().unwrap().parse().unwrap()).collect();
            assert_eq!(sides, vec![left, right], "{key}: {v}");
            match key {
                "supermodular_violation" => assert!(left > right, "{v}"),
                _ => assert!(left < right, "{v}"),
            }
        }
    }
}

/// Every constructed design covers each pair of its points exactly λ times, counted here from
/// the returned blocks.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn constructed_designs_cover_every_pair_exactly_lambda_times() {
    let jac = jacobian::builder().build().await.unwrap();
    for (family, n) in
        [("steiner_triple_system", 13), ("steiner_triple_system", 15), ("projective_plane", 5), ("affine_plane", 7)]
    {
        let input = json!({"family": family, "n": n});
        let r = jac.run(CapabilityRequest::new("combinatorics.design.construct", input)).await;
        assert!(r.succeeded(), "{:?}", r.execution.diagnostics);
        let v = r.output["points"].as_u64().unwrap() as usize;
        let mut count = vec![0u64; v * v];
        for b in r.output["blocks"].as_array().unwrap() {
            let b: Vec<usize> = b.as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as usize).collect();
            assert_eq!(b.len() as u64, r.output["block_size"].as_u64().unwrap());
            for (k, &x) in b.iter().enumerate() {
                for &y in &b[k + 1..] {
                    count[x.min(y) * v + x.max(y)] += 1;
                }
            }
        }
        let lambda = r.output["lambda"].as_u64().unwrap();
        assert_eq!(lambda, 1);
        assert!((0..v).all(|x| (x + 1..v).all(|y| count[x * v + y] == lambda)), "{family} {n}");
    }
}

/// The largest independent sets of constructed hypergraphs are the published extremal values:
/// 3-AP-free subsets of {1..n} (OEIS A003002) and cap sets in Z_3^r (A090245).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn progression_free_sets_of_constructed_hypergraphs_reach_the_published_values() {
    let jac = jacobian::builder().build().await.unwrap();
    const A003002: [u64; 20] = [1, 2, 2, 3, 4, 4, 4, 4, 5, 5, 6, 6, 7, 8, 8, 8, 8, 8, 8, 9];
    let mut families: Vec<(Value, u64)> =
        (1..=20).map(|n| (json!({"arithmetic_progressions": {"n": n, "k": 3}}), A003002[n - 1])).collect();
    families.push((json!({"group_progressions": {"moduli": [3], "k": 3}}), 2));
    families.push((json!({"group_progressions": {"moduli": [3, 3], "k": 3}}), 4));
    families.push((json!({"group_progressions": {"moduli": [3, 3, 3], "k": 3}}), 9));
    for (family, want) in families {
        let built = jac.run(CapabilityRequest::new("hypergraph.construct", json!({"family": family}))).await;
        assert!(built.succeeded(), "{:?}", built.execution.diagnostics);
        let input = json!({"system": built.output["system"], "properties": ["independence_number"]});
        let r = jac.run(CapabilityRequest::new("hypergraph.compute.properties", input)).await;
        assert!(r.succeeded(), "{:?}", r.execution.diagnostics);
        assert_eq!(r.output["independence_number"]["independence_number"], json!(want), "{family}");
    }
}

/// Domino tilings of a 4 × 5 board (95, OEIS A005178): counted whole, and
/// counted shard by shard and combined; every shard's prefix is forced in its count, the shards'
/// counts add up to the whole, and `combine` refuses shards of another split.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exact_cover_shards_partition_the_search() {
    let jac = jacobian::builder().build().await.unwrap();
    let (rows, cols) = (4usize, 5usize);
    let cell = |r: usize, c: usize| r * cols + c;
    let mut options: Vec<[usize; 2]> = vec![];
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                options.push([cell(r, c), cell(r, c + 1)]);
            }
            if r + 1 < rows {
                options.push([cell(r, c), cell(r + 1, c)]);
            }
        }
    }
    let ask = |question: Value, prefix: Value| json!({"primary": rows * cols, "options": options, "prefix": prefix, "question": question});
    let whole =
        run(&jac, "combinatorics.exact_cover.solve", ask(json!({"count": {"list": 0}}), json!([])), Mode::Explore)
            .await;
    assert_eq!(whole.output["count"], 95, "{}", whole.output);
    let split =
        run(&jac, "combinatorics.exact_cover.solve", ask(json!({"shard": {"parts": 7}}), json!([])), Mode::Explore)
            .await;
    let shards = split.output["shards"].as_array().unwrap().clone();
    assert!(shards.len() >= 7, "{}", split.output);
    let mut results = vec![];
    let mut total = 0;
    for s in &shards {
        let r = run(
            &jac,
            "combinatorics.exact_cover.solve",
            ask(json!({"count": {"list": 1}}), s["prefix"].clone()),
            Mode::Explore,
        )
        .await;
        let count = r.output["count"].as_u64().unwrap();
        if let Some(first) = r.output["solutions"].as_array().unwrap().first() {
            let chosen: Vec<u64> = first.as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
            assert!(s["prefix"].as_array().unwrap().iter().all(|p| chosen.contains(&p.as_u64().unwrap())));
        }
        total += count;
        results.push(json!({"prefix": s["prefix"], "count": count}));
    }
    assert_eq!(total, 95);
    let combined = run(
        &jac,
        "combinatorics.exact_cover.solve",
        ask(json!({"combine": {"parts": 7, "results": results.clone()}}), json!([])),
        Mode::Explore,
    )
    .await;
    assert_eq!(combined.output["count"], 95, "{}", combined.output);
    results.pop();
    let short = ask(json!({"combine": {"parts": 7, "results": results}}), json!([]));
    let r = jac.run(CapabilityRequest::new("combinatorics.exact_cover.solve", short)).await;
    assert_ne!(r.status(), ExecutionStatus::Succeeded);
}

/// Greene witnesses of random words: each family's subsequences are disjoint, weakly increasing
/// (or strictly decreasing) along the word, and as long in total as the RSK shape's partial sums.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn greene_witnesses_are_disjoint_monotone_subsequences() {
    let jac = jacobian::builder().build().await.unwrap();
    let mut state = 0x5851_f42d_4c95_7f2du64;
    for length in [1usize, 7, 30, 120] {
        let word: Vec<u64> = (0..length)
            .map(|_| {
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                (state >> 33) % 9 + 1
            })
            .collect();
        let input = json!({"word": word, "properties": ["greene_witnesses", "greene_invariants"]});
        let r = run(&jac, "word.compute.properties", input, Mode::Explore).await;
        let shape: Vec<u64> =
            r.output["greene_invariants"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
        for (side, increasing) in [("increasing", true), ("decreasing", false)] {
            for family in r.output["greene_witnesses"][side].as_array().unwrap() {
                let mut seen = std::collections::BTreeSet::new();
                let mut total = 0;
                for chain in family["subsequences"].as_array().unwrap() {
                    let idx: Vec<usize> =
                        chain.as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as usize).collect();
                    assert!(idx.windows(2).all(|p| p[0] < p[1]), "{chain}");
                    assert!(
                        idx.windows(2).all(|p| if increasing {
                            word[p[0]] <= word[p[1]]
                        } else {
                            word[p[0]] > word[p[1]]
                        }),
                        "{side} {chain} in {word:?}"
                    );
                    assert!(idx.iter().all(|&i| seen.insert(i)), "{chain} reuses a position");
                    total += idx.len();
                }
                assert_eq!(family["total"].as_u64().unwrap() as usize, total);
                if increasing {
                    let k = family["k"].as_u64().unwrap() as usize;
                    assert_eq!(total as u64, shape[..k].iter().sum::<u64>());
                }
            }
        }
    }
}
