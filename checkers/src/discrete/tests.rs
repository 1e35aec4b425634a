//! The discrete checker on true statements and on their mutations.

use jacobian_runtime::Scope;
use serde_json::{Value, json};

use super::*;

fn verdict(statement: Value) -> Verdict {
    use jacobian_runtime::artifact::{ArtifactReader, MemoryArtifactStore};
    let cx = CheckContext {
        artifacts: ArtifactReader::new(std::sync::Arc::new(MemoryArtifactStore::new())),
        cancel: jacobian_runtime::CancellationToken::new(),
        deadline: std::time::Instant::now() + std::time::Duration::from_secs(120),
    };
    let e = Evidence {
        kind: EVIDENCE.into(),
        claim: json!({"statements": [statement]}),
        semantics: SEMANTICS.into(),
        candidate: json!({}),
        scope: Scope::exact_input("test", jacobian_runtime::Digest::of_bytes(b"t")),
        certificate_format: FORMAT.into(),
        artifacts: vec![],
    };
    DiscreteStatements.check(&e, &cx).unwrap()
}

fn accepted(s: Value) -> bool {
    matches!(verdict(s), Verdict::Accepted { .. })
}

fn rejected(s: Value) -> bool {
    matches!(verdict(s), Verdict::Rejected { .. })
}

/// `good` is accepted and every mutation (a pointer into the statement's body and a value) is rejected.
fn suite(kind: &str, good: Value, mutations: &[(&str, Value)]) {
    assert!(
        accepted(json!({kind: good.clone()})),
        "{kind}: {good} should hold: {:?}",
        verdict(json!({kind: good.clone()}))
    );
    for (pointer, value) in mutations {
        let mut bad = good.clone();
        *bad.pointer_mut(pointer).unwrap_or_else(|| panic!("{pointer}")) = value.clone();
        assert!(
            rejected(json!({kind: bad.clone()})),
            "{kind}: {pointer} = {value} should be rejected: {:?}",
            verdict(json!({kind: bad}))
        );
    }
}

#[test]
fn counting_numbers_are_recomputed_by_other_formulas() {
    let families: &[(&str, u64, Option<u64>, &str)] = &[
        ("factorial", 10, None, "3628800"),
        ("double_factorial", 9, None, "945"),
        ("binomial", 10, Some(3), "120"),
        ("central_binomial", 5, None, "252"),
        ("permutations", 5, Some(2), "20"),
        ("stirling_first", 5, Some(2), "50"),
        ("stirling_second", 5, Some(2), "15"),
        ("lah", 4, Some(2), "36"),
        ("bell", 6, None, "203"),
        ("ordered_bell", 4, None, "75"),
        ("catalan", 6, None, "132"),
        ("motzkin", 6, None, "51"),
        ("schroder", 4, None, "90"),
        ("partitions", 10, None, "42"),
        ("partitions_into_parts", 10, Some(3), "8"),
        ("partitions_max_part", 10, Some(3), "14"),
        ("distinct_partitions", 10, None, "10"),
        ("compositions", 5, None, "16"),
        ("derangements", 5, None, "44"),
        ("involutions", 5, None, "26"),
        ("bernoulli", 12, None, "-691/2730"),
        ("bernoulli", 1, None, "-1/2"),
        ("fibonacci", 20, None, "6765"),
        ("lucas", 10, None, "123"),
        ("eulerian", 5, Some(2), "66"),
        ("narayana", 5, Some(2), "10"),
    ];
    for &(family, n, k, value) in families {
        let good =
            json!({"family": family, "n": n, "k": k, "parts": null, "signed": false, "value": value, "table": null});
        suite("number", good, &[("/value", json!("7")), ("/n", json!(n + 1))]);
    }
    suite(
        "number",
        json!({"family": "multinomial", "n": 0, "parts": [2, 3], "value": "10"}),
        &[("/value", json!("11"))],
    );
    suite(
        "number",
        json!({"family": "stirling_first", "n": 4, "k": 2, "signed": true, "value": "11", "table": ["0", "-6", "11", "-6", "1"]}),
        &[("/table/1", json!("6")), ("/value", json!("-11")), ("/table", json!(["0", "-6", "11", "-6"]))],
    );
    suite(
        "number",
        json!({"family": "partitions", "n": 5, "value": "7", "table": ["1", "1", "2", "3", "5", "7"]}),
        &[("/table/4", json!("4")), ("/family", json!("bell"))],
    );
    assert!(matches!(
        verdict(json!({"number": {"family": "partitions", "n": 40000, "value": "1"}})),
        Verdict::Inconclusive { .. }
    ));
}

#[test]
fn counts_are_recounted_by_brute_force() {
    suite(
        "count",
        json!({"structure": {"integer_partitions": {"n": 8, "parts": 3}}, "count": "5", "listed": [[6, 1, 1], [5, 2, 1]]}),
        &[
            ("/count", json!("6")),
            ("/listed/1", json!([6, 1, 1])),
            ("/listed/0", json!([4, 4])),
            ("/structure/integer_partitions/n", json!(9)),
        ],
    );
    suite(
        "count",
        json!({"structure": {"permutations": {"n": 5, "avoid": [[2, 3, 1]]}}, "count": "42", "listed": [[1, 2, 3, 4, 5]]}),
        &[("/count", json!("43")), ("/listed/0", json!([2, 3, 1, 4, 5]))],
    );
    suite(
        "count",
        json!({"structure": {"set_partitions": {"n": 5}}, "count": "52", "listed": [[[1, 2, 3, 4, 5]]]}),
        &[("/count", json!("51"))],
    );
    suite(
        "count",
        json!({"structure": {"compositions": {"n": 6, "max_part": 2}}, "count": "13", "listed": []}),
        &[("/count", json!("12"))],
    );
    suite(
        "count",
        json!({"structure": {"dyck_paths": {"n": 4}}, "count": "14", "listed": ["UDUDUDUD"]}),
        &[("/listed/0", json!("DUUDUDUD"))],
    );
    suite(
        "count",
        json!({"structure": {"subsets": {"n": 6, "k": 2}}, "count": "15", "listed": [[1, 2]]}),
        &[("/listed/0", json!([1]))],
    );
    suite(
        "count",
        json!({"structure": {"permutations": {"n": 6, "derangement": true}}, "count": "265", "listed": []}),
        &[("/count", json!("264"))],
    );
}

#[test]
fn recurrences_sets_and_colourings_are_replayed() {
    suite(
        "recurrence",
        json!({"terms": ["0", "1", "1", "2", "3", "5", "8"], "coefficients": ["1", "1"], "modulus": null}),
        &[("/terms/6", json!("9")), ("/coefficients/0", json!("2"))],
    );
    suite(
        "recurrence",
        json!({"terms": ["1", "3", "2"], "coefficients": ["3"], "modulus": 7}),
        &[("/terms/2", json!("3")), ("/modulus", json!(8))],
    );
    suite(
        "evaluation",
        json!({"initial": ["0", "1"], "coefficients": ["1", "1"], "n": 50, "value": "12586269025"}),
        &[("/value", json!("12586269024")), ("/n", json!(51))],
    );
    suite("sidon", json!({"set": [0, 1, 3, 7, 12, 20], "holds": true}), &[("/set/5", json!(8))]);
    suite(
        "sidon",
        json!({"set": [0, 1, 2, 4], "holds": false, "witness": [0, 4, 2, 2]}),
        &[("/witness", json!([0, 4, 1, 2]))],
    );
    suite(
        "difference_set",
        json!({"modulus": 7, "set": [1, 2, 4], "lambda": 1, "holds": true}),
        &[("/set/2", json!(5)), ("/lambda", json!(2))],
    );
    suite(
        "difference_set",
        json!({"modulus": 8, "set": [0, 1, 3], "lambda": 1, "holds": false, "witness": 4}),
        &[("/witness", json!(1)), ("/holds", json!(true))],
    );
    // The 2-colouring of K5 by the pentagon and pentagram has no monochromatic triangle.
    let pentagon = |i: usize, j: usize| i64::from((j - i) % 5 == 1 || (j - i) % 5 == 4);
    let col: Vec<i64> = (0..5).flat_map(|i| (i + 1..5).map(move |j| pentagon(i, j))).collect();
    suite(
        "colouring",
        json!({"problem": "ramsey", "n": 5, "sizes": [3, 3], "colouring": col}),
        &[("/colouring/0", json!(0))],
    );
    suite(
        "colouring",
        json!({"problem": "schur", "n": 4, "sizes": [1, 1], "colouring": [0, 1, 1, 0]}),
        &[("/colouring/3", json!(1)), ("/n", json!(5))],
    );
    suite(
        "colouring",
        json!({"problem": "van_der_waerden", "n": 8, "sizes": [3, 3], "colouring": [0, 0, 1, 1, 0, 0, 1, 1]}),
        &[("/colouring/4", json!(1))],
    );
}

#[test]
fn widths_and_lattice_witnesses_are_checked() {
    // The Boolean lattice 2^2 plus a chain above: 0 < 1, 2 < 3 < 4.
    let covers = json!([[0, 1], [0, 2], [1, 3], [2, 3], [3, 4]]);
    suite(
        "width",
        json!({"elements": 5, "covers": covers, "width": 2, "chains": [[0, 1, 3, 4], [2]], "antichain": [1, 2]}),
        &[
            ("/width", json!(1)),
            ("/antichain/1", json!(3)),
            ("/chains/1", json!([])),
            ("/chains/0", json!([0, 1, 2, 3, 4])),
        ],
    );
    let n5 = json!([[0, 1], [1, 2], [2, 4], [0, 3], [3, 4]]);
    suite(
        "lattice",
        json!({"elements": 5, "covers": n5, "property": "modular", "holds": false, "witness": {"bottom": 0, "top": 4, "middle": [1, 2, 3]}}),
        &[("/holds", json!(true)), ("/witness/top", json!(3))],
    );
    let m3 = json!([[0, 1], [0, 2], [0, 3], [1, 4], [2, 4], [3, 4]]);
    suite(
        "lattice",
        json!({"elements": 5, "covers": m3, "property": "distributive", "holds": false, "witness": {"bottom": 0, "top": 4, "middle": [1, 2, 3]}}),
        &[("/holds", json!(true)), ("/property", json!("modular"))],
    );
    suite(
        "lattice",
        json!({"elements": 5, "covers": m3, "property": "modular", "holds": true}),
        &[("/property", json!("distributive"))],
    );
    suite(
        "lattice",
        json!({"elements": 5, "covers": covers, "property": "distributive", "holds": true}),
        &[("/covers/4", json!([4, 3]))],
    );
}

#[test]
fn finite_distributions_are_recomputed() {
    let die = json!({"values": [1, 2, 3], "probabilities": ["1/2", "1/3", "1/6"]});
    let coin = json!({"values": [0, 1], "probabilities": ["1/2", "1/2"]});
    suite(
        "distribution",
        json!({"law": die, "operation": {"event_probability": {"event": {"at_least": "2"}}},
               "result": {"probability": "1/2"}}),
        &[
            ("/result/probability", json!("1/3")),
            ("/operation/event_probability/event/at_least", json!("3")),
            ("/law/probabilities/0", json!("1/3")),
        ],
    );
    suite(
        "distribution",
        json!({"law": die, "operation": {"condition": {"event": {"values": [1, 3]}}},
               "result": {"probability": "2/3", "conditional": {"values": [1, 3], "probabilities": ["3/4", "1/4"]}}}),
        &[
            ("/result/conditional/probabilities/0", json!("1/4")),
            ("/result/conditional/values/1", json!(2)),
            ("/result/probability", json!("1/2")),
        ],
    );
    suite(
        "distribution",
        json!({"law": die, "operation": {"pushforward": {"coefficients": [0, 0, 1]}},
               "result": {"distribution": {"values": [1, 4, 9], "probabilities": ["1/2", "1/3", "1/6"]}}}),
        &[("/result/distribution/values/2", json!(8)), ("/operation/pushforward/coefficients/2", json!(2))],
    );
    suite(
        "distribution",
        json!({"law": coin, "operation": {"convolution": {"other": coin}},
               "result": {"distribution": {"values": [0, 1, 2], "probabilities": ["1/4", "1/2", "1/4"]}}}),
        &[("/result/distribution/probabilities/1", json!("1/4")), ("/operation/convolution/other/values/1", json!(2))],
    );
    suite(
        "distribution",
        json!({"law": coin, "operation": {"convolution_power": {"k": 3}},
               "result": {"distribution": {"values": [0, 1, 2, 3], "probabilities": ["1/8", "3/8", "3/8", "1/8"]},
                          "peak": {"value": 2, "probability": "3/8"}}}),
        &[
            ("/operation/convolution_power/k", json!(2)),
            ("/result/peak/value", json!(3)),
            ("/result/peak/probability", json!("1/8")),
        ],
    );
    suite(
        "distribution",
        json!({"law": die, "operation": {"moments": {"moments": 3}},
               "result": {"mean": "5/3", "variance": "5/9", "raw_moments": ["5/3", "10/3", "23/3"],
                          "central_moments": ["0", "5/9", "7/27"]}}),
        &[
            ("/result/mean", json!("2")),
            ("/result/raw_moments/2", json!("7")),
            ("/result/variance", json!("1/3")),
            ("/result/central_moments/2", json!("0")),
        ],
    );
    suite(
        "distribution",
        json!({"law": die, "operation": {"total_variation": {"other": coin}}, "result": {"total_variation": "1/2"}}),
        &[
            ("/result/total_variation", json!("1/3")),
            ("/operation/total_variation/other/probabilities/0", json!("1/4")),
        ],
    );
}

#[test]
fn linear_extensions_are_recounted_and_a_wrong_count_rejected() {
    // B_3 by inclusion: 48 linear extensions; the 5-antichain: 120; a 4-chain: 1.
    let b3: Vec<[u64; 2]> =
        (0..8u64).flat_map(|a| (0..3).filter(move |i| a >> i & 1 == 0).map(move |i| [a, a | 1 << i])).collect();
    suite(
        "linear_extensions",
        json!({"elements": 8, "covers": b3, "count": "48"}),
        &[("/count", json!("47")), ("/count", json!("49")), ("/covers/0", json!([0, 0])), ("/count", json!(48))],
    );
    assert!(accepted(json!({"linear_extensions": {"elements": 5, "covers": [], "count": "120"}})));
    assert!(accepted(json!({"linear_extensions": {"elements": 4, "covers": [[0, 1], [1, 2], [2, 3]], "count": "1"}})));
    assert!(rejected(json!({"linear_extensions": {"elements": 2, "covers": [[0, 1], [1, 0]], "count": "0"}})));
}

#[test]
fn mobius_values_are_recomputed_and_a_wrong_value_rejected() {
    // The divisor lattice of 12: 1, 2, 3, 4, 6, 12 as elements 0..5.
    let covers = json!([[0, 1], [0, 2], [1, 3], [1, 4], [2, 4], [3, 5], [4, 5]]);
    suite(
        "mobius",
        json!({"elements": 6, "covers": covers, "values": [[0, 5, 0], [0, 4, 1], [0, 1, -1], [1, 5, 1], [3, 3, 1], [5, 0, 0]]}),
        &[
            ("/values/0/2", json!(1)),
            ("/values/1/2", json!(-1)),
            ("/values/2/2", json!(0)),
            ("/values/3/2", json!(0)),
            ("/values/4/2", json!(0)),
            ("/values/5/2", json!(-1)),
            ("/values/0", json!([0, 6, 0])),
        ],
    );
}

#[test]
fn local_lemma_witnesses_are_replayed_and_a_broken_one_rejected() {
    let cycle = json!([[0, 1], [1, 2], [2, 0]]);
    // x = 1/5: 1/5 · (4/5)² = 16/125 ≥ 1/8; the bound (4/5)³ = 64/125.
    suite(
        "local_lemma",
        json!({"probabilities": ["1/8", "1/8", "1/8"], "dependencies": cycle, "witness": ["1/5", "1/5", "1/5"],
               "lower_bound": "64/125"}),
        &[
            ("/witness/1", json!("1/10")),
            ("/witness/2", json!("1")),
            ("/witness/0", json!("-1/5")),
            ("/probabilities/2", json!("1/7")),
            ("/lower_bound", json!("65/125")),
            ("/dependencies/0", json!([0, 0])),
            ("/dependencies/1", json!([1, 3])),
        ],
    );
}

#[test]
fn berry_esseen_and_compound_poisson_are_recomputed() {
    let coin = json!({"values": ["0", "1"], "probabilities": ["1/2", "1/2"]});
    // σ² = 1/4, ρ = 1/8: the bound 0.56 · (1/8) / ((1/8) · 1) = 0.56 for n = 1.
    suite(
        "distribution",
        json!({"law": coin, "operation": {"berry_esseen": {"n": 1}}, "result": {"variance": "1/4",
               "absolute_third_moment": "1/8", "constant": "14/25", "bound_squared": "196/625", "bound_upper": "0.560000"}}),
        &[
            ("/result/variance", json!("1/2")),
            ("/result/absolute_third_moment", json!("1/4")),
            ("/result/bound_squared", json!("196/624")),
            ("/result/bound_upper", json!("0.560001")),
            ("/result/bound_upper", json!("0.559999")),
            ("/operation/berry_esseen/n", json!(2)),
        ],
    );
    // Poisson(2) jumps of 1: every cumulant is 2; the moments are the Touchard values 2, 6, 22.
    suite(
        "distribution",
        json!({"law": {"values": ["1"], "probabilities": ["1"]}, "operation": {"compound_poisson": {"rate": "2", "order": 3}},
               "result": {"cumulants": ["2", "2", "2"], "raw_moments": ["2", "6", "22"]}}),
        &[
            ("/result/cumulants/2", json!("3")),
            ("/result/raw_moments/2", json!("21")),
            ("/operation/compound_poisson/rate", json!("3")),
            ("/operation/compound_poisson/order", json!(2)),
        ],
    );
}

#[test]
fn exact_covers_are_replayed_item_by_item() {
    // Items 0..6 primary, 7 secondary; Knuth's options with the secondary item added to one.
    let options = json!([[2, 4], [0, 3, 6, 7], [1, 2, 5], [0, 3, 5], [1, 6], [3, 4, 6]]);
    suite(
        "exact_cover",
        json!({"primary": 7, "secondary": 1, "options": options, "solution": [0, 3, 4]}),
        &[
            ("/solution/0", json!(1)),
            ("/solution/2", json!(3)),
            ("/solution/1", json!(9)),
            ("/solution", json!([0, 3])),
            ("/primary", json!(8)),
            ("/options/4", json!([1])),
        ],
    );
    // The secondary item may be left uncovered or covered once, never twice.
    let two = json!([[0], [1, 2], [2]]);
    assert!(accepted(json!({"exact_cover": {"primary": 2, "secondary": 1, "options": two, "solution": [0, 1]}})));
    assert!(rejected(json!({"exact_cover": {"primary": 2, "secondary": 1, "options": two, "solution": [0, 1, 2]}})));
}

#[test]
fn gaussian_moments_are_recomputed_by_steins_recursion() {
    // f = x⁴ − 3x²y + y² with X ~ N(1, 2), Y ~ N(0, 1): E[X⁴] = 1 + 6·2 + 3·4 = 25, E[Y²] = 1, so
    // E[f] = 26; E[f²] from the expansion is 6215, so Var f = 6215 − 676 = 5539.
    suite(
        "gaussian",
        json!({"terms": [["1", [4, 0]], ["-3", [2, 1]], ["1", [0, 2]]], "means": ["1", "0"], "variances": ["2", "1"],
               "expectation": "26", "variance": "5539"}),
        &[
            ("/expectation", json!("25")),
            ("/variance", json!("5538")),
            ("/terms/0/0", json!("2")),
            ("/terms/1/1", json!([2, 2])),
            ("/means/1", json!("1")),
            ("/variances/0", json!("1")),
            ("/variances/1", json!("0")),
            ("/terms/0/1", json!([4])),
        ],
    );
}

#[test]
fn graph_reliability_is_recomputed_by_deletion_and_contraction() {
    // The bridge network, s = 0, t = 3: R(p) = 2p² + 2p³ − 5p⁴ + 2p⁵; R(1/2) = 1/2.
    let bridge = json!([[0, 1], [0, 2], [1, 2], [1, 3], [2, 3]]);
    suite(
        "reliability",
        json!({"vertices": 4, "edges": bridge, "terminals": [0, 3], "polynomial": ["0", "0", "2", "2", "-5", "2"],
               "p": "1/2", "value": "1/2"}),
        &[
            ("/polynomial/2", json!("3")),
            ("/polynomial/5", json!("1")),
            ("/value", json!("9/16")),
            ("/terminals", json!([0, 2])),
            ("/edges/4", json!([0, 3])),
        ],
    );
    // All-terminal reliability of a triangle: 3p² − 2p³.
    assert!(accepted(json!({"reliability": {"vertices": 3, "edges": [[0, 1], [1, 2], [0, 2]], "terminals": null,
        "polynomial": ["0", "0", "3", "-2"], "p": null, "value": null}})));
}

#[test]
fn holonomic_terms_are_replayed_window_by_window() {
    // Catalan: (4n + 2)C(n) − (n + 2)C(n + 1) = 0.
    suite(
        "holonomic",
        json!({"polynomials": [["2", "4"], ["-2", "-1"]], "terms": ["1", "1", "2", "5", "14", "42"]}),
        &[
            ("/terms/3", json!("6")),
            ("/terms/0", json!("2")),
            ("/polynomials/0/1", json!("3")),
            ("/polynomials/1/0", json!("-1")),
        ],
    );
}
