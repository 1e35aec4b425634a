//! Finite orders from their cover relations: Dilworth width by a chain cover and an antichain
//! of the same size, and distributivity or modularity of a lattice, by every triple when it
//! holds, by a witness sublattice N5 or M3 when it fails.

// Index loops over several parallel tables read more clearly than zipped iterators here.
#![allow(clippy::needless_range_loop, clippy::type_complexity)]

use jacobian_runtime::CheckContext;
use serde_json::Value;

use super::{Replay, fails, nat, stopped};

/// Most elements of a poset.
const MAX_ELEMENTS: usize = 2_000;
/// Most elements of a lattice whose every triple is tested.
const MAX_TRIPLES: usize = 120;
/// Most elements of a lattice checked through a witness.
const MAX_LATTICE: usize = 300;

/// The order `le[i][j]` (i ≤ j) from the relations, by depth-first reachability; `Err` on a cycle.
fn order(s: &Value, path: &str, max: usize) -> Result<Vec<Vec<bool>>, Replay> {
    let Some(n) = nat(s, "elements").map(|n| n as usize) else {
        return Err(fails(&format!("{path}/elements"), "MALFORMED", "the number of elements"));
    };
    if n > max {
        return Err(Replay::TooLarge(format!("{n} elements are past the checker's bound {max}")));
    }
    let Some(rel) = s.get("covers").and_then(Value::as_array) else {
        return Err(fails(&format!("{path}/covers"), "MALFORMED", "a list of pairs"));
    };
    let mut up: Vec<Vec<usize>> = vec![vec![]; n];
    for (k, r) in rel.iter().enumerate() {
        let pair = r
            .as_array()
            .filter(|p| p.len() == 2)
            .and_then(|p| Some((p[0].as_u64()? as usize, p[1].as_u64()? as usize)));
        match pair {
            Some((a, b)) if a < n && b < n && a != b => up[a].push(b),
            _ => return Err(fails(&format!("{path}/covers/{k}"), "MALFORMED", "a pair [a, b] of distinct elements")),
        }
    }
    let mut le = vec![vec![false; n]; n];
    for (i, row) in le.iter_mut().enumerate() {
        let mut stack = vec![i];
        row[i] = true;
        while let Some(v) = stack.pop() {
            for &w in &up[v] {
                if w == i {
                    return Err(fails(&format!("{path}/covers"), "CYCLIC", format!("{i} lies on a cycle")));
                }
                if !row[w] {
                    row[w] = true;
                    stack.push(w);
                }
            }
        }
    }
    Ok(le)
}

fn list(v: Option<&Value>) -> Option<Vec<usize>> {
    v?.as_array()?.iter().map(|x| x.as_u64().map(|x| x as usize)).collect()
}

/// Width w: `chains` partition the elements into w chains and `antichain` has w elements.
pub(crate) fn width(s: &Value, path: &str) -> Replay {
    let le = match order(s, path, MAX_ELEMENTS) {
        Ok(le) => le,
        Err(r) => return r,
    };
    let n = le.len();
    let Some(w) = nat(s, "width").map(|w| w as usize) else {
        return fails(&format!("{path}/width"), "MALFORMED", "the width");
    };
    let Some(chains) = s.get("chains").and_then(Value::as_array) else {
        return fails(&format!("{path}/chains"), "MALFORMED", "a list of chains");
    };
    if chains.len() != w {
        return fails(&format!("{path}/chains"), "WRONG_COUNT", format!("{} chains for width {w}", chains.len()));
    }
    let mut covered = vec![false; n];
    for (c, chain) in chains.iter().enumerate() {
        let Some(mut xs) = list(Some(chain)).filter(|x| x.iter().all(|&v| v < n)) else {
            return fails(&format!("{path}/chains/{c}"), "MALFORMED", "a list of elements");
        };
        for &x in &xs {
            if std::mem::replace(&mut covered[x], true) {
                return fails(&format!("{path}/chains/{c}"), "NOT_A_PARTITION", format!("{x} is in two chains"));
            }
        }
        xs.sort_by(|&a, &b| if le[a][b] { std::cmp::Ordering::Less } else { std::cmp::Ordering::Greater });
        if let Some(p) = xs.windows(2).find(|p| !le[p[0]][p[1]]) {
            return fails(
                &format!("{path}/chains/{c}"),
                "NOT_A_CHAIN",
                format!("{} and {} are incomparable", p[0], p[1]),
            );
        }
    }
    if let Some(x) = covered.iter().position(|c| !c) {
        return fails(&format!("{path}/chains"), "NOT_A_COVER", format!("{x} is in no chain"));
    }
    let Some(a) = list(s.get("antichain")).filter(|a| a.iter().all(|&v| v < n)) else {
        return fails(&format!("{path}/antichain"), "MALFORMED", "a list of elements");
    };
    if a.len() != w {
        return fails(&format!("{path}/antichain"), "WRONG_COUNT", format!("{} elements for width {w}", a.len()));
    }
    for (i, &x) in a.iter().enumerate() {
        for &y in &a[i + 1..] {
            if le[x][y] || le[y][x] {
                return fails(&format!("{path}/antichain"), "COMPARABLE", format!("{x} and {y} are comparable"));
            }
        }
    }
    Replay::Holds
}

fn least(le: &[Vec<bool>], set: &[usize]) -> Option<usize> {
    set.iter().copied().find(|&k| set.iter().all(|&u| le[k][u]))
}

fn join(le: &[Vec<bool>], a: usize, b: usize) -> Option<usize> {
    let ups: Vec<usize> = (0..le.len()).filter(|&k| le[a][k] && le[b][k]).collect();
    least(le, &ups)
}

fn meet(le: &[Vec<bool>], a: usize, b: usize) -> Option<usize> {
    let downs: Vec<usize> = (0..le.len()).filter(|&k| le[k][a] && le[k][b]).collect();
    downs.iter().copied().find(|&k| downs.iter().all(|&d| le[d][k]))
}

/// Distributivity or modularity of a lattice.
pub(crate) fn lattice(s: &Value, path: &str, cx: &CheckContext) -> Replay {
    let Some(property) = s.get("property").and_then(Value::as_str).filter(|p| *p == "distributive" || *p == "modular")
    else {
        return fails(&format!("{path}/property"), "MALFORMED", "`distributive` or `modular`");
    };
    let Some(holds) = s.get("holds").and_then(Value::as_bool) else {
        return fails(&format!("{path}/holds"), "MALFORMED", "a boolean");
    };
    let le = match order(s, path, if holds { MAX_TRIPLES } else { MAX_LATTICE }) {
        Ok(le) => le,
        Err(r) => return r,
    };
    let n = le.len();
    if holds {
        let mut j = vec![vec![0usize; n]; n];
        let mut m = vec![vec![0usize; n]; n];
        for a in 0..n {
            for b in 0..n {
                match (join(&le, a, b), meet(&le, a, b)) {
                    (Some(x), Some(y)) => {
                        j[a][b] = x;
                        m[a][b] = y;
                    }
                    _ => {
                        return fails(
                            &format!("{path}/covers"),
                            "NOT_A_LATTICE",
                            format!("{a} and {b} lack a join or meet"),
                        );
                    }
                }
            }
        }
        for x in 0..n {
            if stopped(cx) {
                return Replay::TooLarge("stopped".into());
            }
            for y in 0..n {
                for z in 0..n {
                    let ok = if property == "distributive" {
                        m[x][j[y][z]] == j[m[x][y]][m[x][z]]
                    } else {
                        !le[x][z] || j[x][m[y][z]] == m[j[x][y]][z]
                    };
                    if !ok {
                        return fails(
                            &format!("{path}/holds"),
                            "LAW_FAILS",
                            format!("the {property} law fails at ({x}, {y}, {z})"),
                        );
                    }
                }
            }
        }
        return Replay::Holds;
    }
    let w = s.get("witness");
    let (Some(bottom), Some(top), Some(mid)) = (
        w.and_then(|w| nat(w, "bottom")).map(|x| x as usize),
        w.and_then(|w| nat(w, "top")).map(|x| x as usize),
        list(w.and_then(|w| w.get("middle"))),
    ) else {
        return fails(&format!("{path}/witness"), "MALFORMED", "`bottom`, `top` and three `middle` elements");
    };
    let mut five = vec![bottom, top];
    five.extend(&mid);
    let mut sorted = five.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if mid.len() != 3 || sorted.len() != 5 || five.iter().any(|&x| x >= n) {
        return fails(&format!("{path}/witness"), "MALFORMED", "five distinct elements");
    }
    // The five must be a sublattice: every join and meet of two of them is one of them.
    for &a in &five {
        for &b in &five {
            let (Some(x), Some(y)) = (join(&le, a, b), meet(&le, a, b)) else {
                return fails(&format!("{path}/covers"), "NOT_A_LATTICE", format!("{a} and {b} lack a join or meet"));
            };
            if !five.contains(&x) || !five.contains(&y) {
                return fails(
                    &format!("{path}/witness"),
                    "NOT_A_SUBLATTICE",
                    format!("the join or meet of {a} and {b} is outside"),
                );
            }
        }
    }
    if !five.iter().all(|&x| le[bottom][x] && le[x][top]) {
        return fails(&format!("{path}/witness"), "BAD_WITNESS", "`bottom` and `top` bound the five");
    }
    let comparable = (0..3)
        .flat_map(|i| (i + 1..3).map(move |j| (i, j)))
        .filter(|&(i, j)| le[mid[i]][mid[j]] || le[mid[j]][mid[i]])
        .count();
    // M3: the middle is an antichain; N5: exactly one comparable pair. A sublattice of five
    // elements with a least and a greatest of them is one of these exactly when it is not
    // distributive (and N5 exactly when it is not modular).
    let ok = matches!((property, comparable), ("distributive", 0 | 1) | ("modular", 1));
    if !ok {
        return fails(
            &format!("{path}/witness"),
            "BAD_WITNESS",
            format!("the five elements form no {} witness", if property == "modular" { "N5" } else { "N5 or M3" }),
        );
    }
    // In both shapes, two middle elements that are incomparable join to top and meet to bottom.
    for i in 0..3 {
        for j2 in i + 1..3 {
            let (a, b) = (mid[i], mid[j2]);
            if !le[a][b] && !le[b][a] && (join(&le, a, b) != Some(top) || meet(&le, a, b) != Some(bottom)) {
                return fails(
                    &format!("{path}/witness"),
                    "BAD_WITNESS",
                    format!("{a} ∨ {b} or {a} ∧ {b} is not the top or bottom"),
                );
            }
        }
    }
    Replay::Holds
}

/// Most elements whose linear extensions are recounted (remaining sets as 128-bit masks).
const MAX_EXTENSION_ELEMENTS: usize = 128;
/// Most remaining sets memoized while recounting.
const MAX_STATES: usize = 4_000_000;

/// `count` linear extensions, recounted top-down: e(S) = Σ e(S − x) over the maximal x of S,
/// memoized on the remaining set S.
pub(crate) fn linear_extensions(s: &Value, path: &str, cx: &CheckContext) -> Replay {
    let le = match order(s, path, MAX_EXTENSION_ELEMENTS) {
        Ok(le) => le,
        Err(r) => return r,
    };
    let n = le.len();
    let Some(claimed) = s.get("count").and_then(Value::as_str).and_then(|c| c.parse::<num_bigint::BigUint>().ok())
    else {
        return fails(&format!("{path}/count"), "MALFORMED", "the count as a decimal string");
    };
    let above: Vec<u128> =
        (0..n).map(|x| (0..n).filter(|&y| y != x && le[x][y]).fold(0u128, |m, y| m | 1 << y)).collect();
    let mut memo: std::collections::HashMap<u128, num_bigint::BigUint> = std::collections::HashMap::new();
    let full = if n == 128 { u128::MAX } else { (1u128 << n) - 1 };
    // An explicit stack: (set, whether its terms are already pushed).
    let mut stack = vec![(full, false)];
    while let Some((set, ready)) = stack.pop() {
        if memo.contains_key(&set) {
            continue;
        }
        if memo.len() > MAX_STATES {
            return Replay::TooLarge(format!("more than {MAX_STATES} remaining sets"));
        }
        if memo.len().is_multiple_of(1 << 12) && stopped(cx) {
            return Replay::TooLarge("stopped while recounting".into());
        }
        if set == 0 {
            memo.insert(0, num_bigint::BigUint::from(1u8));
            continue;
        }
        let maximal = (0..n).filter(|&x| set >> x & 1 == 1 && above[x] & set == 0);
        if ready {
            let total = maximal.map(|x| memo.get(&(set & !(1 << x))).cloned().unwrap_or_default()).sum();
            memo.insert(set, total);
        } else {
            stack.push((set, true));
            stack.extend(maximal.map(|x| (set & !(1 << x), false)));
        }
    }
    let count = memo.remove(&full).unwrap_or_default();
    if count != claimed {
        return fails(&format!("{path}/count"), "DOES_NOT_HOLD", format!("the poset has {count} linear extensions"));
    }
    Replay::Holds
}

/// Möbius values [x, y, μ(x, y)], recomputed by the recursion from the top of each interval:
/// μ(y, y) = 1 and μ(x, y) = −Σ_{x < z ≤ y} μ(z, y); 0 when x ≰ y.
pub(crate) fn mobius(s: &Value, path: &str, cx: &CheckContext) -> Replay {
    let le = match order(s, path, 300) {
        Ok(le) => le,
        Err(r) => return r,
    };
    let n = le.len();
    let Some(values) = s.get("values").and_then(Value::as_array) else {
        return fails(&format!("{path}/values"), "MALFORMED", "a list of [x, y, μ(x, y)]");
    };
    // μ(·, y) for each y asked, by the elements below y in decreasing order of their down-sets.
    let mut columns: std::collections::HashMap<usize, Vec<i64>> = std::collections::HashMap::new();
    for (k, v) in values.iter().enumerate() {
        let at = format!("{path}/values/{k}");
        let triple = v
            .as_array()
            .filter(|t| t.len() == 3)
            .and_then(|t| Some((t[0].as_u64()? as usize, t[1].as_u64()? as usize, t[2].as_i64()?)));
        let Some((x, y, mu)) = triple.filter(|&(x, y, _)| x < n && y < n) else {
            return fails(&at, "MALFORMED", "[x, y, μ] with elements x, y and an integer μ");
        };
        if stopped(cx) {
            return Replay::TooLarge("stopped while recomputing".into());
        }
        let column = columns.entry(y).or_insert_with(|| {
            let mut below: Vec<usize> = (0..n).filter(|&z| le[z][y]).collect();
            // Larger elements first: z before any w < z.
            below.sort_by_key(|&z| std::cmp::Reverse((0..n).filter(|&w| le[w][z]).count()));
            let mut c = vec![0i64; n];
            for &z in &below {
                c[z] =
                    if z == y { 1 } else { -below.iter().filter(|&&w| w != z && le[z][w]).map(|&w| c[w]).sum::<i64>() };
            }
            c
        });
        if column[x] != mu {
            return fails(&at, "DOES_NOT_HOLD", format!("μ({x}, {y}) = {}", column[x]));
        }
    }
    Replay::Holds
}
