//! Real enclosures beyond their reference cases (tests/reference/real_enclosure_cases.py):
//! published constants lie inside the Kempner and Dickman enclosures and the enclosures are
//! tight, Dirichlet's bound holds at every record of simultaneous approximation, and bad input
//! is refused with the pointer of the field (discovery is evaluated in `discovery`).

use jacobian::runtime::CapabilityRequest;
use jacobian::runtime::ExecutionStatus;
use serde_json::{Value, json};

async fn run(jac: &jacobian::Jacobian, id: &str, input: Value) -> Value {
    let r = jac.run(CapabilityRequest::new(id, input.clone())).await;
    assert_eq!(r.status(), ExecutionStatus::Succeeded, "{id} {input}: {:?}", r.execution.diagnostics);
    r.output
}

/// Decimal places of the comparisons (i128 holds 38 digits).
const PLACES: usize = 34;

/// A non-negative decimal string at PLACES decimal places: (floor, ceiling).
fn scaled(text: &str) -> (i128, i128) {
    let (int, frac) = text.split_once('.').unwrap_or((text, ""));
    let kept: String = frac.chars().chain(std::iter::repeat('0')).take(PLACES).collect();
    let floor: i128 = format!("{int}{kept}").parse().unwrap();
    let cut = frac.chars().skip(PLACES).any(|c| c != '0');
    (floor, floor + i128::from(cut))
}

/// Asserts `published` (given to its last digit, so within half a unit of it) meets
/// [lower, upper], and that the enclosure is narrower than 10^(−tight) (tight < PLACES).
fn check(what: &str, pair: &Value, published: &str, tight: u32) {
    let (lower, upper) = (pair[0].as_str().unwrap(), pair[1].as_str().unwrap());
    let given = published.split_once('.').map_or(0, |(_, f)| f.len());
    let (v, _) = scaled(published);
    // Half a unit of the last published digit, plus one unit lost to truncation.
    let half = if given < PLACES { 5 * 10i128.pow((PLACES - given - 1) as u32) } else { 1 };
    let (lo, hi) = (scaled(lower).0, scaled(upper).1);
    assert!(lo <= v + half && v - half <= hi, "{what}: [{lower}, {upper}] misses {published}");
    assert!(hi - lo <= 10i128.pow(PLACES as u32 - tight), "{what}: [{lower}, {upper}] is loose");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kempner_enclosures_hold_published_values_and_are_tight() {
    let jac = jacobian::builder().build().await.unwrap();
    let id = "number_theory.kempner.compute";
    // Baillie (1979) and Schmelzer–Baillie (2008): no digit 9.
    let out = run(&jac, id, json!({"excluded": [9], "operation": {"series": {"digits": 40}}})).await;
    check("no 9", &out["decimal"], "22.92067661926415034816365709437593191", 33);
    // The rational enclosure is positive and its ends are ordered like the decimals'.
    let [lo, hi] = [0, 1].map(|k| out["enclosure"][k].as_str().unwrap().to_owned());
    assert!(lo.contains('/') && hi.contains('/') && lo != hi, "{lo} {hi}");
    // The Erdős–Borwein constant Σ 1/(2^k − 1) = the base-2 Kempner series without 0.
    let out = run(&jac, id, json!({"base": 2, "excluded": [0], "operation": {"series": {"digits": 40}}})).await;
    check("base 2", &out["decimal"], "1.606695152415291763783301523190924580480579671505756435778", 33);
    // More digits excluded converge faster; fewer allowed digits give a smaller sum.
    let out = run(&jac, id, json!({"excluded": [1, 9], "operation": {"series": {"digits": 30}}})).await;
    let two = scaled(out["decimal"][1].as_str().unwrap()).1;
    assert!(two < scaled("16.17696952812344426657").0, "excluding 1 and 9 sums below excluding 1");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kempner_enclosures_sit_inside_brute_force_bounds_in_other_bases() {
    let jac = jacobian::builder().build().await.unwrap();
    // Summing every restricted integer of at most K digits gives S_K ≤ sum ≤ S_K + T_K·c/(b − c),
    // T_K the last block and c the allowed digits (each block is at most c/b times the one before).
    for (base, excluded, blocks) in [
        (5u64, vec![2u64, 3], 10u32),
        (3, vec![0], 15),
        (10, vec![0, 1, 2, 3, 4, 5, 6, 7], 15),
        (16, vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], 15),
        (7, vec![1, 5], 6),
    ] {
        let allowed: Vec<u64> = (0..base).filter(|d| !excluded.contains(d)).collect();
        let c = allowed.len() as f64;
        let mut block: Vec<u64> = allowed.iter().copied().filter(|&d| d != 0).collect();
        let (mut sum, mut last) = (0.0f64, 0.0f64);
        for k in 1..=blocks {
            last = block.iter().map(|&n| 1.0 / n as f64).sum();
            sum += last;
            if k < blocks {
                block = block.iter().flat_map(|&m| allowed.iter().map(move |&a| m * base + a)).collect();
            }
        }
        let (low, high) = (sum - 1e-9, sum + last * c / (base as f64 - c) + 1e-9);
        let out = run(
            &jac,
            "number_theory.kempner.compute",
            json!({"base": base, "excluded": excluded, "operation": {"series": {"digits": 20}}}),
        )
        .await;
        let [lo, hi] = [0, 1].map(|k| out["decimal"][k].as_str().unwrap().parse::<f64>().unwrap());
        assert!(low <= lo && hi <= high, "base {base} without {excluded:?}: [{lo}, {hi}] outside [{low}, {high}]");
        assert!(hi - lo < 1e-15, "base {base}: loose");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dickman_enclosures_hold_published_values_and_are_tight() {
    let jac = jacobian::builder().build().await.unwrap();
    let out = run(
        &jac,
        "number_theory.dickman_rho.enclose",
        json!({"points": ["2", "3", "4", "5", "6", "10"], "digits": 45}),
    )
    .await;
    let values = out["values"].as_array().unwrap();
    let pair = |k: usize| json!([values[k]["lower"], values[k]["upper"]]);
    check("rho(2) = 1 - log 2", &pair(0), "0.30685281944005469058276787854182343192449986563974", 33);
    // Tables (van de Lune and Wattel 1969; Marsaglia, Zaman and Marsaglia 1989), to their digits.
    check("rho(3)", &pair(1), "0.04860839", 33);
    check("rho(4)", &pair(2), "0.00491093", 33);
    check("rho(5)", &pair(3), "0.000354724700456", 33);
    check("rho(6)", &pair(4), "0.0000196496963539553", 33);
    // mpmath at 50 digits: ρ(3) = 1 − (1 − log 2)·log 3 + Li2(−2) + π²/12, and
    // ρ(4) = ρ(3) − ∫_3^4 ρ(t − 1)/t dt by quadrature.
    check("rho(3)", &pair(1), "0.04860838829113156690718303934340742135432958047814", 33);
    check("rho(4)", &pair(2), "0.0049109256477608323527391509236151860324842974176929", 33);
    check("rho(10)", &pair(5), "0.0000000000277017183772596", 33);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_of_simultaneous_approximation_obey_dirichlet() {
    let jac = jacobian::builder().build().await.unwrap();
    let reals = json!([
        {"quadratic": {"a": 0, "b": 1, "d": 2, "c": 1}},
        {"quadratic": {"a": 0, "b": 1, "d": 3, "c": 1}}
    ]);
    let out = run(
        &jac,
        "number_theory.diophantine_approximation.compute",
        json!({"reals": reals, "operation": "record_minima", "high": 20000, "digits": 30}),
    )
    .await;
    let records = out["records"].as_array().unwrap();
    assert!(records.len() > 10);
    // Dirichlet: for every Q some q ≤ Q has max ‖qα_i‖ < Q^(−1/2); the record just below the
    // next one is the best up to Q = next − 1.
    for w in records.windows(2) {
        let (upper, next) = (w[0]["decimal"][1].as_str().unwrap(), w[1]["q"].as_u64().unwrap());
        let bound = ((next - 1) as f64).powf(-0.5);
        assert!(upper.parse::<f64>().unwrap() <= bound, "{upper} > {bound} up to {next}");
    }
    // The records decrease strictly.
    for w in records.windows(2) {
        let (a, b) = (scaled(w[0]["decimal"][0].as_str().unwrap()).0, scaled(w[1]["decimal"][1].as_str().unwrap()).1);
        assert!(b <= a, "{w:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_is_refused_with_the_pointer_of_the_field() {
    let jac = jacobian::builder().build().await.unwrap();
    let sqrt2 = json!({"quadratic": {"a": 0, "b": 1, "d": 2, "c": 1}});
    for (id, input, path) in [
        (
            "number_theory.kempner.compute",
            json!({"excluded": [], "operation": {"series": {"digits": 5}}}),
            "/input/excluded",
        ),
        (
            "number_theory.kempner.compute",
            json!({"excluded": [10], "operation": {"series": {"digits": 5}}}),
            "/input/excluded/0",
        ),
        (
            "number_theory.kempner.compute",
            json!({"base": 2, "excluded": [0, 1], "operation": {"series": {"digits": 5}}}),
            "/input/excluded",
        ),
        (
            "number_theory.kempner.compute",
            json!({"base": 17, "excluded": [1], "operation": {"series": {"digits": 5}}}),
            "/input/base",
        ),
        (
            "number_theory.kempner.compute",
            json!({"excluded": [9], "operation": {"series": {"digits": 61}}}),
            "/input/operation/series/digits",
        ),
        (
            "number_theory.kempner.compute",
            json!({"excluded": [9], "operation": {"progression": {"step": 0, "start": 1}}}),
            "/input/operation/progression/step",
        ),
        (
            "number_theory.kempner.compute",
            json!({"excluded": [9], "operation": {"progression": {"step": 1_000_001, "start": 1}}}),
            "/input/operation/progression/step",
        ),
        ("number_theory.dickman_rho.enclose", json!({"points": []}), "/input/points"),
        ("number_theory.dickman_rho.enclose", json!({"points": ["1", "41/2"]}), "/input/points/1"),
        ("number_theory.dickman_rho.enclose", json!({"points": ["-1/2"]}), "/input/points/0"),
        ("number_theory.dickman_rho.enclose", json!({"points": ["1/0"]}), "/input/points/0"),
        ("number_theory.dickman_rho.enclose", json!({"points": ["2"], "digits": 101}), "/input/digits"),
        (
            "number_theory.dickman_rho.enclose",
            json!({"points": ["2", format!("1/{}", "3".repeat(101))]}),
            "/input/points/1",
        ),
        ("number_theory.dickman_rho.enclose", json!({"points": ["2"], "terms": 51}), "/input/terms"),
        (
            "number_theory.diophantine_approximation.compute",
            json!({"reals": [{"quadratic": {"a": 0, "b": 1, "d": 2, "c": 0}}], "operation": "scaled_floor", "high": 5}),
            "/input/reals/0/quadratic/c",
        ),
        (
            "number_theory.diophantine_approximation.compute",
            json!({"reals": [sqrt2, {"quadratic": {"a": 0, "b": 1, "d": -2, "c": 1}}], "operation": "scaled_floor", "high": 5}),
            "/input/reals/1/quadratic/d",
        ),
        (
            "number_theory.diophantine_approximation.compute",
            json!({"reals": [{"rational": "1/0"}], "operation": "scaled_floor", "high": 5}),
            "/input/reals/0/rational",
        ),
        (
            "number_theory.diophantine_approximation.compute",
            json!({"reals": [sqrt2], "operation": "scaled_floor", "low": 0, "high": 5}),
            "/input/low",
        ),
        (
            "number_theory.diophantine_approximation.compute",
            json!({"reals": [sqrt2], "operation": "range_profile", "high": 100_001}),
            "/input/high",
        ),
        (
            "number_theory.diophantine_approximation.compute",
            json!({"reals": [{"quadratic": {"a": 0, "b": 1, "d": "2".repeat(101), "c": 1}}], "operation": "scaled_floor", "high": 5}),
            "/input/reals/0/quadratic/d",
        ),
        (
            "number_theory.diophantine_approximation.compute",
            json!({"reals": [], "operation": "record_minima", "high": 5}),
            "/input/reals",
        ),
    ] {
        let r = jac.run(CapabilityRequest::new(id, input.clone())).await;
        assert_ne!(r.status(), ExecutionStatus::Succeeded, "{id} {input}");
        let paths: Vec<_> = r.execution.diagnostics.iter().filter_map(|d| d.path.clone()).collect();
        assert!(paths.iter().any(|p| p == path), "{id} {input}: {paths:?} lacks {path}");
        assert!(r.artifact_uris.is_empty());
    }
}
