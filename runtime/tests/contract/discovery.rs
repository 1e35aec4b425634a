//! `math.find`: ranking, paging, size bounds, inspection, routing.

use std::collections::BTreeSet;

use jacobian_runtime::Diagnostic;
use jacobian_runtime::catalog::{
    Catalog, FindContext, FindKind, FindRequest, FindResponse, LexicalFit, MAX_RESPONSE_BYTES, PortfolioFit,
    RoutingStatus, delivered_len,
};
use jacobian_runtime::contract::{InputKind, InvocationExample, Mode};
use jacobian_runtime::policy::{CheckerAuthority, PolicyProfile, policy_digest};
use serde_json::{Value, json};

use crate::support::{descriptor, portfolio, scripted};

fn cx(catalog: &Catalog, profile: &PolicyProfile) -> FindContext {
    FindContext {
        catalog_digest: catalog.digest(),
        policy_digest: policy_digest(profile, &CheckerAuthority::none()),
        policy_profile: profile.name.clone(),
    }
}

fn run(catalog: &Catalog, request: Value) -> Result<FindResponse, Vec<Diagnostic>> {
    run_with(catalog, &PolicyProfile::default(), request)
}

fn run_with(catalog: &Catalog, profile: &PolicyProfile, request: Value) -> Result<FindResponse, Vec<Diagnostic>> {
    let req = FindRequest::from_value(&request)?;
    let visible = catalog.visible(profile, |_| true);
    let response = catalog.find(&visible, &cx(catalog, profile), &req)?;
    let size = delivered_len(&response);
    assert!(size <= MAX_RESPONSE_BYTES, "response of {size} bytes for {request}");
    Ok(response)
}

fn ids(r: &FindResponse) -> Vec<String> {
    r.matches.iter().map(|m| m.capability_id.clone()).collect()
}

#[test]
fn a_query_for_a_capability_by_its_own_title_ranks_it_first() {
    let catalog = Catalog::build(portfolio());
    for entry in catalog.entries() {
        let r = run(&catalog, json!({"query": entry.descriptor.title})).unwrap();
        assert_eq!(ids(&r).first().map(String::as_str), Some(entry.id()), "query {:?}", entry.descriptor.title);
        assert_eq!(r.matches[0].lexical_fit, Some(LexicalFit::Strong));
        assert_eq!(r.portfolio_fit, Some(PortfolioFit::Strong));
    }
}

#[test]
fn outcome_queries_reach_the_right_capability() {
    let catalog = Catalog::build(portfolio());
    for (query, expected) in [
        ("greatest common divisor of two integers", "integer.compute.gcd"),
        ("largest induced tree of a graph", "graph.induced_tree.maximum"),
        ("list all graphs on 8 vertices up to isomorphism", "graph.enumerate.nonisomorphic"),
        ("check a witness independently", "witness.verify"),
        ("is this CNF satisfiable", "sat.solve"),
    ] {
        let r = run(&catalog, json!({"query": query})).unwrap();
        assert_eq!(ids(&r).first().map(String::as_str), Some(expected), "query {query:?} gave {:?}", ids(&r));
    }
    // Both the generic witness search and the algebra-specific countermodel search answer this.
    let r = run(&catalog, json!({"query": "find a counterexample to associativity"})).unwrap();
    let top: BTreeSet<String> = ids(&r).into_iter().take(2).collect();
    assert_eq!(top, BTreeSet::from(["universal_algebra.search.countermodel".into(), "witness.find".into()]));
    let r = run(&catalog, json!({"query": "find a counterexample to associativity", "domain": "universal_algebra"}))
        .unwrap();
    assert_eq!(ids(&r), vec!["universal_algebra.search.countermodel"]);
}

#[test]
fn ranking_is_deterministic_and_independent_of_registration_order() {
    let forward = Catalog::build(portfolio());
    let mut adapters = portfolio();
    adapters.reverse();
    let backward = Catalog::build(adapters);
    for query in ["graph", "verify witness", "search", "exact", "tree properties"] {
        let a = run(&forward, json!({"query": query, "limit": 20})).unwrap();
        let b = run(&backward, json!({"query": query, "limit": 20})).unwrap();
        let again = run(&forward, json!({"query": query, "limit": 20})).unwrap();
        assert_eq!(a, b, "query {query}");
        assert_eq!(a, again, "query {query}");
        let scores: Vec<u32> = a.matches.iter().map(|m| m.relevance_score.unwrap()).collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "scores not descending: {scores:?}");
    }
}

#[test]
fn browsing_pages_return_every_id_exactly_once() {
    let adapters: Vec<_> = (0..61)
        .map(|i| {
            scripted(descriptor(&format!("dom{}.op.n{i:03}", i % 4), &format!("Op {i}"), &["x"], "X.", "X."), None)
        })
        .collect();
    let catalog = Catalog::build(adapters);
    for limit in [1, 7, 20] {
        let mut seen = Vec::new();
        let mut cursor: Option<String> = None;
        loop {
            let mut req = json!({"limit": limit});
            if let Some(c) = &cursor {
                req["cursor"] = json!(c);
            }
            let r = run(&catalog, req).unwrap();
            assert_eq!(r.kind, FindKind::Browse);
            assert_eq!(r.total_matches, 61);
            assert!(r.matches.len() <= limit);
            seen.extend(ids(&r));
            match r.next_cursor {
                Some(c) => cursor = Some(c),
                None => break,
            }
        }
        let expected: Vec<String> = catalog.entries().iter().map(|e| e.id().to_owned()).collect();
        assert_eq!(seen, expected, "limit {limit}: stable id order, each once");
    }
}

#[test]
fn the_size_bound_holds_with_many_long_descriptors() {
    let long = "a long description of a capability that goes on ".repeat(40);
    let adapters: Vec<_> = (0..45)
        .map(|i| {
            let mut d = descriptor(
                &format!("big.op.n{i:02}"),
                &format!("Big operation number {i} with a long title"),
                &["x"],
                "X.",
                &long,
            );
            d.tags = (0..30).map(|t| format!("tag{t}-{}", "t".repeat(20))).collect();
            d.outcome = "o".repeat(200);
            d.scope_rule = "s".repeat(600);
            d.examples =
                vec![InvocationExample { title: "e".repeat(100), mode: Mode::Explore, input: json!({"n": 1}) }];
            scripted(d, None)
        })
        .collect();
    let catalog = Catalog::build(adapters);
    assert_eq!(catalog.entries().len(), 45);
    for query in [None, Some("big operation long")] {
        let mut seen = BTreeSet::new();
        let mut cursor: Option<String> = None;
        let mut pages = 0;
        loop {
            let mut req = json!({"limit": 20});
            if let Some(q) = query {
                req["query"] = json!(q);
            }
            if let Some(c) = &cursor {
                req["cursor"] = json!(c);
            }
            let r = run(&catalog, req).unwrap(); // asserts the bound
            pages += 1;
            assert!(!r.matches.is_empty());
            for id in ids(&r) {
                assert!(seen.insert(id), "an id appeared twice");
            }
            match r.next_cursor {
                Some(c) => cursor = Some(c),
                None => break,
            }
        }
        assert_eq!(seen.len(), 45);
        assert!(pages > 3, "the bound must have split pages of 20 ({pages} pages)");
    }
}

#[test]
fn cursors_are_bound_to_their_request() {
    let catalog = Catalog::build(portfolio());
    let first = run(&catalog, json!({"limit": 2})).unwrap();
    let cursor = first.next_cursor.unwrap();
    for bad in [
        json!({"limit": 3, "cursor": cursor}),
        json!({"limit": 2, "cursor": cursor, "domain": "graph"}),
        json!({"limit": 2, "cursor": cursor, "query": "graph"}),
        json!({"limit": 2, "cursor": "zz"}),
        json!({"limit": 2, "cursor": "00"}),
    ] {
        let err = run(&catalog, bad.clone()).unwrap_err();
        assert_eq!((err[0].path.as_deref(), err[0].code.as_str()), (Some("/cursor"), "INVALID_CURSOR"), "{bad}");
    }
    assert!(run(&catalog, json!({"limit": 2, "cursor": cursor})).is_ok());
}

#[test]
fn filters_narrow_the_inventory() {
    let mut adapters = portfolio();
    let mut d = descriptor("graph.typed.op", "Typed graph op", &["graph"], "X.", "X.");
    d.input_kind = InputKind::TypedArtifact;
    d.artifact_types = vec!["urn:jacobian:schema:simple-graph:v1".into()];
    adapters.push(scripted(d, None));
    let catalog = Catalog::build(adapters);
    let graph = run(&catalog, json!({"domain": "graph", "limit": 20})).unwrap();
    assert!(ids(&graph).iter().all(|id| id.starts_with("graph.")));
    assert_eq!(graph.total_matches, 5);
    let typed = run(&catalog, json!({"input_kind": "TYPED_ARTIFACT"})).unwrap();
    assert_eq!(ids(&typed), vec!["graph.typed.op"]);
    let by_artifact = run(&catalog, json!({"artifact_type": "urn:jacobian:schema:simple-graph:v1"})).unwrap();
    assert_eq!(ids(&by_artifact), vec!["graph.typed.op"]);
    let verify = run(&catalog, json!({"mode": "VERIFY"})).unwrap();
    assert_eq!(verify.total_matches, 0);
    assert_eq!(verify.routing_status, RoutingStatus::NoMatch);
    assert!(verify.recovery_paths.iter().any(|p| p.action == "REMOVE_FILTERS"));
}

#[test]
fn fit_distinguishes_strong_weak_and_no_matches() {
    let catalog = Catalog::build(portfolio());
    let strong = run(&catalog, json!({"query": "maximum induced tree"})).unwrap();
    assert_eq!(strong.portfolio_fit, Some(PortfolioFit::Strong));
    assert!(strong.recovery_paths.is_empty());
    let weak = run(&catalog, json!({"query": "graph homology persistence barcode spectral"})).unwrap();
    assert_eq!(weak.portfolio_fit, Some(PortfolioFit::WeakLexicalMatch));
    assert!(weak.matches.iter().all(|m| m.lexical_fit == Some(LexicalFit::Weak)));
    assert!(weak.recovery_paths.iter().any(|p| p.action == "REFORMULATE_QUERY"));
    let none = run(&catalog, json!({"query": "zebra quokka"})).unwrap();
    assert_eq!(none.portfolio_fit, Some(PortfolioFit::NoLexicalMatch));
    assert_eq!(none.routing_status, RoutingStatus::NoMatch);
    assert!(none.matches.is_empty());
    let stop_words_only = run(&catalog, json!({"query": "the of a"})).unwrap();
    assert_eq!(stop_words_only.portfolio_fit, Some(PortfolioFit::NoLexicalMatch));
}

#[test]
fn a_request_a_capability_is_not_for_keeps_its_rank_but_not_a_strong_fit() {
    let query = json!({"query": "maximum induced tree of a graph"});
    let before = run(&Catalog::build(portfolio()), query.clone()).unwrap();
    assert_eq!(before.portfolio_fit, Some(PortfolioFit::Strong));
    let with_limits = |not_for: &[&str]| {
        let adapters = portfolio()
            .into_iter()
            .map(|a| {
                let mut d = a.descriptor().clone();
                if d.id.as_str() == "graph.induced_tree.maximum" {
                    d.not_for = not_for.iter().map(|t| t.to_string()).collect();
                }
                scripted(d, None)
            })
            .collect::<Vec<_>>();
        Catalog::build(adapters)
    };
    // The query must hold an entry's words in a row: `trees of graphs` it does; `tree of life`,
    // `graph trees` (out of order) and `induced graphs` (apart) it does not.
    let near = run(&with_limits(&["tree of life", "graph trees", "induced graphs"]), query.clone()).unwrap();
    assert_eq!(near.portfolio_fit, Some(PortfolioFit::Strong));
    assert_eq!(near.matches[0].not_for, None);
    let excluded = run(&with_limits(&["tree of life", "trees of graphs"]), query).unwrap();
    assert_eq!(excluded.matches[0].not_for.as_deref(), Some("trees of graphs"));
    assert_eq!(ids(&excluded), ids(&before), "not_for never moves a rank");
    assert_eq!(excluded.matches[0].relevance_score, before.matches[0].relevance_score);
    assert_eq!(excluded.portfolio_fit, Some(PortfolioFit::WeakLexicalMatch));
    assert_eq!(excluded.matches[0].lexical_fit, Some(LexicalFit::Weak));
    assert!(excluded.recovery_paths.iter().any(|p| p.action == "REFORMULATE_QUERY"));
}

#[test]
fn informal_proof_prose_has_no_route() {
    let catalog = Catalog::build(portfolio());
    for req in [
        json!({"query": "check my informal proof that sqrt 2 is irrational"}),
        json!({"query": "verify this proof prose"}),
        json!({"input_kind": "NATURAL_LANGUAGE_PROOF"}),
    ] {
        let r = run(&catalog, req.clone()).unwrap();
        assert_eq!(r.routing_status, RoutingStatus::NoRoute, "{req}");
        assert!(r.matches.is_empty());
        assert!(r.recovery_paths.iter().any(|p| p.action == "FORMALIZE"));
    }
}

#[test]
fn inspection_views_grow_from_summary_to_full() {
    let catalog = Catalog::build(portfolio());
    let summary = run(&catalog, json!({"capability_id": "sat.solve"})).unwrap();
    assert_eq!(summary.kind, FindKind::Inspect);
    let cap = summary.capability.unwrap();
    assert_eq!(cap["view"], "SUMMARY");
    assert!(cap.get("input_schema").is_none());
    assert_eq!(cap["input_fields"]["required"], json!(["n"]));
    let contract =
        run(&catalog, json!({"capability_id": "sat.solve", "view": "CONTRACT"})).unwrap().capability.unwrap();
    assert_eq!(contract["input_schema"]["additionalProperties"], json!(false));
    assert_eq!(contract["examples"][0]["input"], json!({"n": 1}));
    assert!(contract.get("output_schema").is_none());
    let full = run(&catalog, json!({"capability_id": "sat.solve", "view": "FULL"})).unwrap().capability.unwrap();
    assert!(full.get("output_schema").is_some());
    assert_eq!(full["provider"]["license"], "Apache-2.0");
}

#[test]
fn inspection_errors_say_what_to_do() {
    let catalog = Catalog::build(portfolio());
    let err = run(&catalog, json!({"capability_id": "graph.compute.propertie"})).unwrap_err();
    assert_eq!(err[0].code, "UNKNOWN_CAPABILITY");
    assert!(err[0].message.contains("graph.compute.properties"), "{}", err[0].message);
    let err = run(&catalog, json!({"capability_id": "sat.solve", "query": "x", "limit": 3})).unwrap_err();
    let paths: Vec<_> = err.iter().map(|d| d.path.clone().unwrap()).collect();
    assert_eq!(paths, vec!["/query", "/limit"]);
    let err = run(&catalog, json!({"view": "FULL"})).unwrap_err();
    assert_eq!(err[0].path.as_deref(), Some("/view"));
    let err = run(&catalog, json!({"limit": 21})).unwrap_err();
    assert_eq!(err[0].path.as_deref(), Some("/limit"));
    let err = run(&catalog, json!({"query": "x", "colour": "red"})).unwrap_err();
    assert_eq!((err[0].path.as_deref(), err[0].code.as_str()), (Some("/colour"), "UNKNOWN_FIELD"));
}

#[test]
fn policy_profiles_hide_capabilities_from_discovery() {
    let catalog = Catalog::build(portfolio());
    let no_retrieval = PolicyProfile::builtin("COMPUTE_VERIFY_NO_RETRIEVAL").unwrap();
    let all = run(&catalog, json!({"limit": 20})).unwrap();
    let restricted = run_with(&catalog, &no_retrieval, json!({"limit": 20})).unwrap();
    assert!(ids(&all).contains(&"memory.search.premises".to_string()));
    assert!(!ids(&restricted).contains(&"memory.search.premises".to_string()));
    assert_eq!(restricted.total_matches, all.total_matches - 1);
    assert_ne!(all.policy_digest, restricted.policy_digest);
    assert_eq!(restricted.policy_profile, "COMPUTE_VERIFY_NO_RETRIEVAL");
    let err = run_with(&catalog, &no_retrieval, json!({"capability_id": "memory.search.premises"})).unwrap_err();
    assert_eq!(err[0].code, "UNKNOWN_CAPABILITY", "a hidden capability is not revealed by inspection");
    let d = &catalog.get("memory.search.premises").unwrap().descriptor;
    assert_eq!(no_retrieval.denies(d, Mode::Explore).unwrap().code, "CAPABILITY_POLICY_DENIED");
}

/// The index starts on every descriptor before registration is done; a capability refused
/// there (or a second of an id) is in neither the catalog nor its search, and each match is
/// the capability it names.
#[test]
fn a_refused_capability_is_never_found() {
    let mut open = descriptor("test.compute.alpha_open", "Alpha open", &["alpha"], "Alpha open.", "Alpha.");
    open.input_schema = json!({"type": "object", "properties": {"n": {"type": "integer"}}});
    let catalog = Catalog::build([
        scripted(open, None),
        scripted(descriptor("test.compute.alpha", "Alpha", &["alpha"], "Alpha values.", "Alpha."), None),
        scripted(descriptor("test.compute.beta", "Beta", &["beta"], "Beta values.", "Beta."), None),
        scripted(descriptor("test.compute.beta", "Beta twice", &["gamma"], "Gamma values.", "Gamma."), None),
    ]);
    assert_eq!(catalog.rejected().len(), 2);
    let found = run(&catalog, json!({"query": "alpha open"})).unwrap();
    assert_eq!(ids(&found), ["test.compute.alpha"]);
    let found = run(&catalog, json!({"query": "beta"})).unwrap();
    assert_eq!(ids(&found), ["test.compute.beta"]);
    assert_eq!(found.matches[0].title, "Beta");
    assert_eq!(run(&catalog, json!({"query": "gamma"})).unwrap().matches.len(), 0);
}
