//! Counts of structures recounted by brute force: partitions and compositions from all 2^(n−1)
//! ways of cutting n into ordered parts, subsets and Dyck paths from all bit strings, set
//! partitions from restricted growth strings by an odometer, permutations by Heap's algorithm
//! with every pattern tested on every choice of positions. The listed objects must be distinct
//! members of the family.

// Index loops over several parallel tables read more clearly than zipped iterators here.
#![allow(clippy::needless_range_loop, clippy::type_complexity)]

use std::collections::BTreeSet;

use jacobian_runtime::CheckContext;
use serde_json::{Value, json};

use super::{Replay, fails, nat, stopped};

/// Most candidates looked at.
const MAX_CANDIDATES: u64 = 1 << 23;

/// The ordered parts of n cut after the positions whose bit is set in `cuts`.
fn cut(n: u64, cuts: u64) -> Vec<u64> {
    let mut parts = vec![];
    let mut last = 0;
    for i in 1..n {
        if cuts >> (i - 1) & 1 == 1 {
            parts.push(i - last);
            last = i;
        }
    }
    parts.push(n - last);
    parts
}

fn contains_pattern(w: &[u64], p: &[u64]) -> bool {
    let (n, m) = (w.len(), p.len());
    if m > n {
        return false;
    }
    // Every m-subset of positions, as a bit mask.
    (0u32..1 << n).filter(|s| s.count_ones() as usize == m).any(|s| {
        let pos: Vec<usize> = (0..n).filter(|i| s >> i & 1 == 1).collect();
        (0..m).all(|a| (a + 1..m).all(|b| (w[pos[a]] < w[pos[b]]) == (p[a] < p[b])))
    })
}

/// Every member of the structure, by brute force, or why not.
fn members(structure: &Value, cx: &CheckContext) -> Result<Vec<Value>, Replay> {
    let Some((kind, a)) = structure.as_object().and_then(|o| o.iter().next()) else {
        return Err(fails("/structure", "MALFORMED", "one structure"));
    };
    let n = nat(a, "n").unwrap_or(0);
    let opt = |k: &str| nat(a, k);
    let too = |what: &str| Replay::TooLarge(format!("{what} of {n} are past the checker's brute-force bound"));
    let mut out = vec![];
    match kind.as_str() {
        "integer_partitions" | "compositions" => {
            if n > 23 {
                return Err(too(kind));
            }
            if n == 0 {
                return Ok(if opt("parts").is_none_or(|k| k == 0) { vec![json!([])] } else { vec![] });
            }
            for cuts in 0..1u64 << (n - 1) {
                if cuts.is_multiple_of(65_536) && stopped(cx) {
                    return Err(Replay::TooLarge("stopped".into()));
                }
                let p = cut(n, cuts);
                if opt("parts").is_some_and(|k| k != p.len() as u64)
                    || opt("max_part").is_some_and(|m| p.iter().any(|&x| x > m))
                {
                    continue;
                }
                if kind == "integer_partitions" {
                    let distinct = a.get("distinct").and_then(Value::as_bool).unwrap_or(false);
                    let ok = p.windows(2).all(|w| if distinct { w[0] > w[1] } else { w[0] >= w[1] });
                    if !ok {
                        continue;
                    }
                }
                out.push(json!(p));
            }
        }
        "subsets" => {
            if n > 22 {
                return Err(too(kind));
            }
            for s in 0..1u64 << n {
                if opt("k").is_none_or(|k| k == u64::from(s.count_ones())) {
                    out.push(json!((0..n).filter(|i| s >> i & 1 == 1).map(|i| i + 1).collect::<Vec<_>>()));
                }
            }
        }
        "dyck_paths" => {
            if n > 11 {
                return Err(too(kind));
            }
            for s in 0..1u64 << (2 * n) {
                let mut h = 0i64;
                let mut ok = true;
                let mut w = String::new();
                for i in 0..2 * n {
                    let up = s >> i & 1 == 1;
                    h += if up { 1 } else { -1 };
                    w.push(if up { 'U' } else { 'D' });
                    ok &= h >= 0;
                }
                if ok && h == 0 {
                    out.push(json!(w));
                }
            }
        }
        "set_partitions" => {
            if n > 12 {
                return Err(too(kind));
            }
            let n = n as usize;
            // Odometer over all restricted growth strings r with r[0] = 0, r[i] ≤ 1 + max(r[..i]).
            let mut r = vec![0usize; n];
            loop {
                let blocks = r.iter().max().map_or(0, |m| m + 1);
                if opt("blocks").is_none_or(|b| b as usize == blocks) {
                    let mut bs: Vec<Vec<usize>> = vec![vec![]; blocks];
                    for (i, &b) in r.iter().enumerate() {
                        bs[b].push(i + 1);
                    }
                    out.push(json!(bs));
                }
                let mut i = n;
                loop {
                    if i <= 1 {
                        return Ok(out);
                    }
                    i -= 1;
                    let cap = r[..i].iter().max().map_or(0, |m| m + 1);
                    if r[i] < cap {
                        r[i] += 1;
                        r[i + 1..].iter_mut().for_each(|x| *x = 0);
                        break;
                    }
                }
            }
        }
        "permutations" => {
            if n > 10 {
                return Err(too(kind));
            }
            let patterns: Vec<Vec<u64>> = a.get("avoid").and_then(Value::as_array).map_or(vec![], |l| {
                l.iter()
                    .map(|p| p.as_array().map_or(vec![], |q| q.iter().filter_map(Value::as_u64).collect()))
                    .collect()
            });
            let derangement = a.get("derangement").and_then(Value::as_bool).unwrap_or(false);
            let mut w: Vec<u64> = (1..=n).collect();
            let keep = |w: &[u64]| {
                let fixed = derangement && w.iter().enumerate().any(|(i, &x)| x == i as u64 + 1);
                !fixed && !patterns.iter().any(|p| contains_pattern(w, p))
            };
            // Heap's algorithm.
            let mut c = vec![0usize; n as usize];
            if keep(&w) {
                out.push(json!(w));
            }
            let mut i = 1;
            let mut steps = 0u64;
            while i < n as usize {
                if c[i] < i {
                    if i.is_multiple_of(2) {
                        w.swap(0, i)
                    } else {
                        w.swap(c[i], i)
                    }
                    steps += 1;
                    if steps.is_multiple_of(65_536) && stopped(cx) {
                        return Err(Replay::TooLarge("stopped".into()));
                    }
                    if keep(&w) {
                        out.push(json!(w));
                    }
                    c[i] += 1;
                    i = 1;
                } else {
                    c[i] = 0;
                    i += 1;
                }
            }
        }
        "standard_young_tableaux" => {
            // Linear extensions of the cells: place 1, 2, … each on a cell whose left and upper
            // neighbours are already filled.
            let shape: Vec<usize> = a
                .get("shape")
                .and_then(Value::as_array)
                .map_or(vec![], |s| s.iter().filter_map(|x| x.as_u64().map(|x| x as usize)).collect());
            let cells: usize = shape.iter().sum();
            if cells > 12 {
                return Err(Replay::TooLarge(format!("{cells} cells are past the checker's brute-force bound")));
            }
            if shape.windows(2).any(|w| w[0] < w[1]) {
                return Err(fails("/structure", "NOT_A_PARTITION", "weakly decreasing rows"));
            }
            fn place(shape: &[usize], t: &mut Vec<Vec<u64>>, k: u64, total: u64, out: &mut Vec<Value>) {
                if k > total {
                    out.push(json!(t));
                    return;
                }
                for i in 0..shape.len() {
                    let j = t[i].len();
                    if j < shape[i] && (i == 0 || t[i - 1].len() > j) {
                        t[i].push(k);
                        place(shape, t, k + 1, total, out);
                        t[i].pop();
                    }
                }
            }
            let mut t = vec![vec![]; shape.len()];
            place(&shape, &mut t, 1, cells as u64, &mut out);
        }
        other => {
            return Err(fails(
                "/structure",
                "UNKNOWN_STRUCTURE",
                format!("`{other}` is not a structure the checker knows"),
            ));
        }
    }
    if out.len() as u64 > MAX_CANDIDATES {
        return Err(Replay::TooLarge("too many members".into()));
    }
    Ok(out)
}

/// Replays a `count` statement.
pub(crate) fn check(s: &Value, path: &str, cx: &CheckContext) -> Replay {
    let Some(structure) = s.get("structure") else {
        return fails(&format!("{path}/structure"), "MALFORMED", "the structure");
    };
    let all = match members(structure, cx) {
        Ok(all) => all,
        Err(Replay::Fails(p, c, m)) => return Replay::Fails(format!("{path}{p}"), c, m),
        Err(r) => return r,
    };
    if s.get("count").and_then(Value::as_str) != Some(all.len().to_string().as_str()) {
        return fails(&format!("{path}/count"), "WRONG_COUNT", format!("there are {} by brute force", all.len()));
    }
    let set: BTreeSet<String> = all.iter().map(Value::to_string).collect();
    let Some(listed) = s.get("listed").and_then(Value::as_array) else {
        return fails(&format!("{path}/listed"), "MALFORMED", "the listed objects");
    };
    let mut seen = BTreeSet::new();
    for (i, x) in listed.iter().enumerate() {
        let key = x.to_string();
        if !set.contains(&key) {
            return fails(&format!("{path}/listed/{i}"), "NOT_A_MEMBER", "not one of the structures counted");
        }
        if !seen.insert(key) {
            return fails(&format!("{path}/listed/{i}"), "REPEATED", "listed twice");
        }
    }
    Replay::Holds
}
