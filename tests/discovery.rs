//! Discovery evaluated on the project's own set of requests: the words agents and
//! mathematicians use, each with the capabilities that answer it.
//!
//! Each line is `id[, id…] | query`; `- | query` asks for an outcome no capability offers.
//! The requests of `tests/discovery/*.txt` form the development set, whose misses are read when
//! the vocabulary is refined; those of `tests/discovery/held_out/*.txt` were written apart from
//! the vocabulary, by writers who saw only the capabilities' descriptions, and are never listed,
//! so that their figures are the ones to expect on new requests. The test reports top-1, top-5
//! and mean reciprocal rank per file, per set and overall, and fails when they fall under the
//! floors below (the product's target is 90 % top-1 and 99 % top-5). It also holds that every
//! capability is expected by at least two requests and ranked first by at least one (its
//! question in its own words), that at least nine in ten out-of-portfolio requests get no STRONG
//! fit, and that no capability's `not_for` matches a request it answers.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write as _;
use std::path::Path;

use jacobian::runtime::catalog::PortfolioFit;
use serde_json::json;

const TOP1_FLOOR: f64 = 0.90;
const TOP5_FLOOR: f64 = 0.99;
/// Share of out-of-portfolio requests that must get a WEAK fit or no match.
const UNROUTED_FLOOR: f64 = 0.90;
/// Depth of the ranking read for the reciprocal rank.
const DEPTH: u32 = 20;

struct Case {
    file: String,
    held_out: bool,
    line: usize,
    expected: Vec<String>,
    query: String,
}

fn load() -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/discovery");
    let mut cases = load_dir(&dir, false);
    cases.extend(load_dir(&dir.join("held_out"), true));
    cases
}

fn load_dir(dir: &Path, held_out: bool) -> Vec<Case> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for path in files {
        let stem = path.file_stem().unwrap().to_string_lossy();
        let file = if held_out { format!("held_out/{stem}") } else { stem.into_owned() };
        for (i, line) in std::fs::read_to_string(&path).unwrap().lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (ids, query) = line.split_once(" | ").unwrap_or_else(|| panic!("{file}:{}: no ` | `", i + 1));
            let expected = ids.split(',').map(str::trim).filter(|id| *id != "-").map(str::to_owned).collect::<Vec<_>>();
            cases.push(Case { file: file.clone(), held_out, line: i + 1, expected, query: query.trim().to_owned() });
        }
    }
    cases
}

#[derive(Default)]
struct Tally {
    n: usize,
    top1: usize,
    top5: usize,
    reciprocal: f64,
}

impl Tally {
    fn add(&mut self, rank: Option<usize>) {
        self.n += 1;
        if let Some(r) = rank {
            self.top1 += usize::from(r == 1);
            self.top5 += usize::from(r <= 5);
            self.reciprocal += 1.0 / r as f64;
        }
    }

    fn ratio(&self, k: usize) -> f64 {
        k as f64 / self.n.max(1) as f64
    }

    fn line(&self, name: &str) -> String {
        format!(
            "{name:<24} {:>5} {:>7.1}% {:>7.1}% {:>7.3}",
            self.n,
            100.0 * self.ratio(self.top1),
            100.0 * self.ratio(self.top5),
            self.reciprocal / self.n.max(1) as f64
        )
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_evaluation_set_finds_the_right_capability_first() {
    let jac = jacobian::builder().build().await.unwrap();
    let all: BTreeSet<String> = {
        let mut ids = BTreeSet::new();
        let mut cursor: Option<String> = None;
        loop {
            let mut req = json!({"limit": 20});
            if let Some(c) = &cursor {
                req["cursor"] = json!(c);
            }
            let page = jac.find_value(&req).unwrap();
            ids.extend(page.matches.iter().map(|m| m.capability_id.clone()));
            match page.next_cursor {
                Some(c) => cursor = Some(c),
                None => break ids,
            }
        }
    };

    let cases = load();
    let mut per_file: BTreeMap<String, Tally> = BTreeMap::new();
    let (mut development, mut held_out) = (Tally::default(), Tally::default());
    // Held-out requests outside the top five: at ranks 6 to 20, and further down or unmatched
    // (counted only: the set stays unread).
    let (mut held_out_near, mut held_out_far) = (0, 0);
    let mut overall = Tally::default();
    let mut expected_by: BTreeMap<&str, usize> = BTreeMap::new();
    let mut first_for: BTreeSet<String> = BTreeSet::new();
    let mut misses = Vec::new();
    let mut unrouted = Tally::default();
    let mut confident_wrong = Vec::new();
    let mut held_out_confident = 0;
    // Requests with an answer whose search says STRONG: with the right capability first, and
    // with another first.
    let (mut strong_right, mut strong_wrong) = (0, 0);
    for case in &cases {
        let r = jac.find_value(&json!({"query": case.query, "limit": DEPTH})).unwrap();
        let ids: Vec<&str> = r.matches.iter().map(|m| m.capability_id.as_str()).collect();
        if case.expected.is_empty() {
            unrouted.n += 1;
            if r.portfolio_fit == Some(PortfolioFit::Strong) {
                held_out_confident += usize::from(case.held_out);
                confident_wrong.push(format!("{}:{} {:?} → {:?}", case.file, case.line, case.query, &ids[..1]));
            } else {
                unrouted.top1 += 1;
                assert!(!r.recovery_paths.is_empty(), "{:?}: a weak answer without recovery paths", case.query);
            }
            continue;
        }
        for id in &case.expected {
            assert!(all.contains(id), "{}:{}: `{id}` is not in the catalog", case.file, case.line);
            *expected_by.entry(id.as_str()).or_default() += 1;
        }
        let rank = ids.iter().position(|id| case.expected.iter().any(|e| e == id)).map(|p| p + 1);
        // A capability's `not_for` names requests it does not serve, never one it answers.
        for m in r.matches.iter().filter(|m| case.expected.contains(&m.capability_id)) {
            assert!(
                m.not_for.is_none(),
                "{}:{}: `{}` says it is not for {:?}, yet answers it",
                case.file,
                case.line,
                m.capability_id,
                m.not_for
            );
        }
        if r.portfolio_fit == Some(PortfolioFit::Strong) {
            if rank == Some(1) {
                strong_right += 1;
            } else {
                strong_wrong += 1;
            }
        }
        let in_development = !case.held_out;
        if rank == Some(1) {
            first_for.insert(ids[0].to_owned());
        } else if in_development {
            let got = ids.iter().take(3).copied().collect::<Vec<_>>().join(", ");
            misses.push(format!(
                "{}:{} {:?} expected {:?} at {rank:?}; top: {got}",
                case.file, case.line, case.query, case.expected
            ));
        }
        per_file.entry(case.file.clone()).or_default().add(rank);
        if in_development {
            development.add(rank)
        } else {
            held_out.add(rank);
            match rank {
                Some(r) if r > 5 => held_out_near += 1,
                None => held_out_far += 1,
                _ => {}
            }
        }
        overall.add(rank);
    }

    let mut report = String::from("\ndiscovery evaluation      queries   top-1   top-5     MRR\n");
    for (file, tally) in &per_file {
        report.push_str(&tally.line(file));
        report.push('\n');
    }
    report.push_str(&overall.line("all"));
    report.push('\n');
    report.push_str(&development.line("development set"));
    report.push('\n');
    report.push_str(&held_out.line("held-out set"));
    report.push_str(&format!(
        "\nheld-out requests outside the top five: {held_out_near} at ranks 6-{DEPTH}, {held_out_far} further down"
    ));
    report.push_str(&format!(
        "\nout of portfolio: {} of {} without a STRONG fit ({held_out_confident} of the held-out set's with one)\n",
        unrouted.top1, unrouted.n
    ));
    report.push_str(&format!(
        "STRONG fit: {:.1}% of answerable requests with the right capability first, {:.1}% with another first\n",
        100.0 * overall.ratio(strong_right),
        100.0 * overall.ratio(strong_wrong)
    ));
    // DISCOVERY_MISSES=n lists n misses of the development set (all of them with a large n);
    // 60 by default. Held-out misses are never listed, so that the set stays unseen.
    let shown = std::env::var("DISCOVERY_MISSES").ok().and_then(|n| n.parse().ok()).unwrap_or(60);
    for miss in misses.iter().take(shown) {
        report.push_str(&format!("  miss {miss}\n"));
    }
    // Held-out requests are never listed, here or in a failure.
    let listed: Vec<&String> = confident_wrong.iter().filter(|w| !w.starts_with("held_out/")).collect();
    for wrong in &listed {
        report.push_str(&format!("  confident {wrong}\n"));
    }
    // Written past the test harness's capture, so the figures are in every run's output.
    let _ = std::io::stderr().write_all(report.as_bytes());

    let thin: Vec<(&String, usize)> =
        all.iter().map(|id| (id, expected_by.get(id.as_str()).copied().unwrap_or(0))).filter(|c| c.1 < 2).collect();
    assert!(thin.is_empty(), "capabilities expected by fewer than two requests: {thin:?}");
    let never_first: Vec<&String> = all.iter().filter(|id| !first_for.contains(*id)).collect();
    assert!(never_first.is_empty(), "capabilities no request ranks first: {never_first:?}");
    assert!(overall.n >= 400, "only {} requests", overall.n);
    assert!(overall.ratio(overall.top1) >= TOP1_FLOOR, "top-1 {:.3} under {TOP1_FLOOR}", overall.ratio(overall.top1));
    assert!(overall.ratio(overall.top5) >= TOP5_FLOOR, "top-5 {:.3} under {TOP5_FLOOR}", overall.ratio(overall.top5));
    assert!(unrouted.n >= 50, "only {} out-of-portfolio requests", unrouted.n);
    assert!(
        unrouted.ratio(unrouted.top1) >= UNROUTED_FLOOR,
        "{} of {} out-of-portfolio requests with a STRONG fit (the held-out set's not listed): {:#?}",
        unrouted.n - unrouted.top1,
        unrouted.n,
        listed
    );
}
