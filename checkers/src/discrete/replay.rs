//! Replays by direct recomputation: linear recurrences on their terms, iterated recurrences,
//! Sidon sets and cyclic difference sets from every sum or difference, and colourings with no
//! monochromatic clique, arithmetic progression or Schur triple.

// Index loops over several parallel tables read more clearly than zipped iterators here.
#![allow(clippy::needless_range_loop, clippy::type_complexity)]

use std::collections::HashMap;

use jacobian_runtime::CheckContext;
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use serde_json::Value;

use super::{Replay, fails, nat, stopped};

/// Most terms replayed.
const MAX_TERMS: usize = 100_000;
/// Largest index iterated to.
const MAX_INDEX: u64 = 1_000_000;
/// Largest index iterated to over Q.
const MAX_RATIONAL_INDEX: u64 = 20_000;
/// Largest Sidon set.
const MAX_SIDON: usize = 5_000;
/// Largest modulus of a difference set.
const MAX_MODULUS: u64 = 1_000_000;
/// Largest graph of a Ramsey colouring.
const MAX_RAMSEY_N: u64 = 64;
/// Largest colouring of an interval.
const MAX_INTERVAL: u64 = 100_000;

pub(crate) fn rational(v: &Value) -> Option<BigRational> {
    let s = match v {
        Value::String(s) => s.clone(),
        Value::Number(n) if n.is_i64() || n.is_u64() => n.to_string(),
        _ => return None,
    };
    let int = |t: &str| -> Option<BigInt> {
        let d = t.strip_prefix('-').unwrap_or(t);
        (!d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())).then(|| t.parse().ok())?
    };
    match s.split_once('/') {
        Some((p, q)) => {
            let q = int(q)?;
            let p = int(p)?;
            (!q.is_zero() && !q.to_string().starts_with('-')).then(|| BigRational::new(p, q))
        }
        None => Some(BigRational::from_integer(int(&s)?)),
    }
}

fn rationals(v: Option<&Value>) -> Option<Vec<BigRational>> {
    v?.as_array()?.iter().map(rational).collect()
}

fn integers(v: Option<&Value>) -> Option<Vec<i64>> {
    v?.as_array()?.iter().map(Value::as_i64).collect()
}

/// Reduces into F_p when a modulus is given.
fn reduce(x: &BigRational, p: Option<u64>) -> Option<BigRational> {
    let Some(p) = p else { return Some(x.clone()) };
    let m = BigInt::from(p);
    let d = x.denom().mod_floor(&m);
    let inv = d.extended_gcd(&m);
    if !inv.gcd.is_one() {
        return None;
    }
    Some(BigRational::from_integer((x.numer() * inv.x).mod_floor(&m)))
}

fn step(c: &[BigRational], window: &[BigRational], p: Option<u64>) -> Option<BigRational> {
    let d = c.len();
    let mut s = BigRational::zero();
    for j in 0..d {
        s += &c[j] * &window[window.len() - 1 - j];
    }
    reduce(&s, p)
}

fn modulus(s: &Value, path: &str) -> Result<Option<u64>, Replay> {
    match s.get("modulus") {
        None | Some(Value::Null) => Ok(None),
        Some(v) => {
            match v
                .as_u64()
                .filter(|&p| (2..1 << 31).contains(&p) && (2..).take_while(|d| d * d <= p).all(|d| p % d != 0))
            {
                Some(p) => Ok(Some(p)),
                None => Err(fails(&format!("{path}/modulus"), "NOT_PRIME", "a prime below 2^31")),
            }
        }
    }
}

/// a(i) = Σ c_j a(i − j) for every i from the order on, over Q or F_p.
pub(crate) fn recurrence(s: &Value, path: &str) -> Replay {
    let p = match modulus(s, path) {
        Ok(p) => p,
        Err(r) => return r,
    };
    let (Some(terms), Some(c)) = (rationals(s.get("terms")), rationals(s.get("coefficients"))) else {
        return fails(path, "MALFORMED", "`terms` and `coefficients` are lists of rationals");
    };
    if terms.len() > MAX_TERMS {
        return Replay::TooLarge(format!("more than {MAX_TERMS} terms"));
    }
    let Some(terms) = terms.iter().map(|t| reduce(t, p)).collect::<Option<Vec<_>>>() else {
        return fails(&format!("{path}/terms"), "NOT_IN_FIELD", "a term's denominator is divisible by p");
    };
    let Some(c) = c.iter().map(|t| reduce(t, p)).collect::<Option<Vec<_>>>() else {
        return fails(&format!("{path}/coefficients"), "NOT_IN_FIELD", "a coefficient's denominator is divisible by p");
    };
    for i in c.len()..terms.len() {
        if step(&c, &terms[i - c.len()..i], p).as_ref() != Some(&terms[i]) {
            return fails(
                &format!("{path}/terms/{i}"),
                "RECURRENCE_FAILS",
                format!("term {i} does not satisfy the recurrence"),
            );
        }
    }
    Replay::Holds
}

/// Iterates a(i) = Σ c_j a(i − j) from the initial terms to index n.
pub(crate) fn evaluation(s: &Value, path: &str) -> Replay {
    let p = match modulus(s, path) {
        Ok(p) => p,
        Err(r) => return r,
    };
    let (Some(init), Some(c), Some(n), Some(value)) =
        (rationals(s.get("initial")), rationals(s.get("coefficients")), nat(s, "n"), s.get("value").and_then(rational))
    else {
        return fails(path, "MALFORMED", "`initial`, `coefficients`, `n` and `value`");
    };
    if init.len() != c.len() {
        return fails(&format!("{path}/initial"), "WRONG_LENGTH", "one initial term per coefficient");
    }
    if n > if p.is_some() { MAX_INDEX } else { MAX_RATIONAL_INDEX } {
        return Replay::TooLarge(format!("index {n} is past the checker's bound"));
    }
    let Some(mut w) = init.iter().map(|t| reduce(t, p)).collect::<Option<Vec<_>>>() else {
        return fails(&format!("{path}/initial"), "NOT_IN_FIELD", "a denominator is divisible by p");
    };
    let Some(c) = c.iter().map(|t| reduce(t, p)).collect::<Option<Vec<_>>>() else {
        return fails(&format!("{path}/coefficients"), "NOT_IN_FIELD", "a denominator is divisible by p");
    };
    let got = if (n as usize) < w.len() {
        w[n as usize].clone()
    } else {
        let d = w.len();
        for _ in d as u64..=n {
            let Some(next) = step(&c, &w[w.len() - d..], p) else {
                return fails(path, "NOT_IN_FIELD", "p divides a denominator");
            };
            w.push(next);
            if w.len() > 2 * d + 64 {
                w.drain(..w.len() - d);
            }
        }
        w[w.len() - 1].clone()
    };
    if reduce(&value, p).as_ref() != Some(&got) {
        return fails(&format!("{path}/value"), "WRONG_VALUE", format!("term {n} is {got}"));
    }
    Replay::Holds
}

/// A Sidon set: all sums a + b (a ≤ b) distinct; or a witness a + b = c + d.
pub(crate) fn sidon(s: &Value, path: &str) -> Replay {
    let (Some(set), Some(holds)) = (integers(s.get("set")), s.get("holds").and_then(Value::as_bool)) else {
        return fails(path, "MALFORMED", "`set` (integers) and `holds`");
    };
    if set.len() > MAX_SIDON {
        return Replay::TooLarge(format!("more than {MAX_SIDON} elements"));
    }
    let mut sorted = set.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() != set.len() {
        return fails(&format!("{path}/set"), "REPEATED", "a set has no repeated element");
    }
    if holds {
        let mut sums: HashMap<i128, (i64, i64)> = HashMap::new();
        for (i, &a) in sorted.iter().enumerate() {
            for &b in &sorted[i..] {
                if let Some(&(c, d)) = sums.get(&(i128::from(a) + i128::from(b))) {
                    return fails(&format!("{path}/holds"), "NOT_SIDON", format!("{a} + {b} = {c} + {d}"));
                }
                sums.insert(i128::from(a) + i128::from(b), (a, b));
            }
        }
        return Replay::Holds;
    }
    let Some(w) = integers(s.get("witness")).filter(|w| w.len() == 4) else {
        return fails(&format!("{path}/witness"), "MALFORMED", "[a, b, c, d] with a + b = c + d");
    };
    let (mut x, mut y) = ([w[0], w[1]], [w[2], w[3]]);
    x.sort_unstable();
    y.sort_unstable();
    if !w.iter().all(|v| sorted.binary_search(v).is_ok())
        || x == y
        || i128::from(w[0]) + i128::from(w[1]) != i128::from(w[2]) + i128::from(w[3])
    {
        return fails(&format!("{path}/witness"), "BAD_WITNESS", "not two different pairs of members with equal sums");
    }
    Replay::Holds
}

/// A (v, k, λ) cyclic difference set: every nonzero residue is a difference exactly λ times.
pub(crate) fn difference_set(s: &Value, path: &str) -> Replay {
    let (Some(v), Some(set), Some(lambda), Some(holds)) =
        (nat(s, "modulus"), integers(s.get("set")), nat(s, "lambda"), s.get("holds").and_then(Value::as_bool))
    else {
        return fails(path, "MALFORMED", "`modulus`, `set`, `lambda` and `holds`");
    };
    if !(2..=MAX_MODULUS).contains(&v) || (set.len() as u64).pow(2) > 100 * MAX_MODULUS {
        return Replay::TooLarge("the difference table is past the checker's bound".into());
    }
    let r: Vec<u64> = set.iter().map(|&a| a.rem_euclid(v as i64) as u64).collect();
    let mut distinct = r.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() != r.len() {
        return fails(&format!("{path}/set"), "REPEATED", "two elements are congruent");
    }
    let mut count = vec![0u64; v as usize];
    for &a in &r {
        for &b in &r {
            if a != b {
                count[((a + v - b) % v) as usize] += 1;
            }
        }
    }
    let bad = (1..v).find(|&d| count[d as usize] != lambda);
    match (holds, bad) {
        (true, None) => Replay::Holds,
        (true, Some(d)) => fails(
            &format!("{path}/holds"),
            "NOT_A_DIFFERENCE_SET",
            format!("{d} is a difference {} times", count[d as usize]),
        ),
        (false, None) => {
            fails(&format!("{path}/holds"), "IS_A_DIFFERENCE_SET", "every nonzero residue is a difference λ times")
        }
        (false, Some(_)) => {
            let w = nat(s, "witness");
            match w {
                Some(d) if d > 0 && d < v && count[d as usize] != lambda => Replay::Holds,
                _ => fails(
                    &format!("{path}/witness"),
                    "BAD_WITNESS",
                    "a nonzero residue that is not a difference λ times",
                ),
            }
        }
    }
}

/// A colouring with no monochromatic forbidden configuration.
pub(crate) fn colouring(s: &Value, path: &str, cx: &CheckContext) -> Replay {
    let (Some(problem), Some(n), Some(col)) =
        (s.get("problem").and_then(Value::as_str), nat(s, "n"), integers(s.get("colouring")))
    else {
        return fails(path, "MALFORMED", "`problem`, `n` and `colouring`");
    };
    let Some(sizes) = integers(s.get("sizes")).filter(|z| !z.is_empty() && z.iter().all(|&x| x >= 1)) else {
        return fails(&format!("{path}/sizes"), "MALFORMED", "one positive size per colour");
    };
    let r = sizes.len() as i64;
    if let Some(i) = col.iter().position(|&c| c < 0 || c >= r) {
        return fails(&format!("{path}/colouring/{i}"), "NOT_A_COLOUR", format!("colours are 0 to {}", r - 1));
    }
    match problem {
        "ramsey" => {
            if n > MAX_RAMSEY_N {
                return Replay::TooLarge(format!("K_{n} is past the checker's bound"));
            }
            let n = n as usize;
            if col.len() != n * (n - 1) / 2 {
                return fails(
                    &format!("{path}/colouring"),
                    "WRONG_LENGTH",
                    "one colour per pair i < j, in lexicographic order",
                );
            }
            let mut c = vec![vec![-1i64; n]; n];
            let mut e = 0;
            for i in 0..n {
                for j in i + 1..n {
                    c[i][j] = col[e];
                    c[j][i] = col[e];
                    e += 1;
                }
            }
            // Grow cliques of colour k one vertex at a time (increasing), stopping at size s_k.
            for (k, &size) in sizes.iter().enumerate() {
                let mut stack: Vec<Vec<usize>> = (0..n).map(|v| vec![v]).collect();
                let mut steps = 0u64;
                while let Some(cl) = stack.pop() {
                    steps += 1;
                    if steps.is_multiple_of(65_536) && stopped(cx) {
                        return Replay::TooLarge("stopped".into());
                    }
                    if cl.len() as i64 >= size {
                        return fails(
                            &format!("{path}/colouring"),
                            "MONOCHROMATIC",
                            format!("{cl:?} is a clique of colour {k}"),
                        );
                    }
                    let last = cl[cl.len() - 1];
                    for v in last + 1..n {
                        if cl.iter().all(|&u| c[u][v] == k as i64) {
                            let mut next = cl.clone();
                            next.push(v);
                            stack.push(next);
                        }
                    }
                }
            }
            Replay::Holds
        }
        "van_der_waerden" | "schur" => {
            if n > MAX_INTERVAL {
                return Replay::TooLarge(format!("[1, {n}] is past the checker's bound"));
            }
            if col.len() as u64 != n {
                return fails(&format!("{path}/colouring"), "WRONG_LENGTH", "one colour per integer 1..n");
            }
            let at = |x: u64| col[x as usize - 1];
            for a in 1..=n {
                if a.is_multiple_of(1024) && stopped(cx) {
                    return Replay::TooLarge("stopped".into());
                }
                for d in 1..=n {
                    if problem == "schur" {
                        // a + d with a ≤ d is enough (x + y = z symmetric); x = y allowed.
                        if d < a || a + d > n {
                            continue;
                        }
                        if at(a) == at(d) && at(d) == at(a + d) {
                            return fails(
                                &format!("{path}/colouring"),
                                "MONOCHROMATIC",
                                format!("{a} + {d} = {}", a + d),
                            );
                        }
                    } else {
                        let k = sizes[at(a) as usize] as u64;
                        if a + (k - 1) * d > n {
                            break;
                        }
                        if (1..k).all(|i| at(a + i * d) == at(a)) {
                            return fails(
                                &format!("{path}/colouring"),
                                "MONOCHROMATIC",
                                format!("{a} + i·{d}, i < {k}"),
                            );
                        }
                    }
                }
            }
            Replay::Holds
        }
        other => fails(&format!("{path}/problem"), "UNKNOWN_PROBLEM", format!("`{other}`")),
    }
}

/// The asymmetric local lemma: 0 ≤ x_i < 1, P(A_i) ≤ x_i·Π_{j ~ i}(1 − x_j) for every event, and
/// `lower_bound` = Π(1 − x_i).
pub(crate) fn local_lemma(s: &Value, path: &str) -> Replay {
    let (Some(p), Some(x)) = (rationals(s.get("probabilities")), rationals(s.get("witness"))) else {
        return fails(path, "MALFORMED", "`probabilities` and `witness` as lists of rationals");
    };
    let n = p.len();
    if x.len() != n || n > 100_000 {
        return fails(&format!("{path}/witness"), "WRONG_LENGTH", "one x_i per event");
    }
    let one = BigRational::one();
    if let Some(i) = x.iter().position(|v| v.is_negative() || *v >= one) {
        return fails(&format!("{path}/witness/{i}"), "OUT_OF_RANGE", "0 ≤ x_i < 1");
    }
    let mut nb: Vec<std::collections::BTreeSet<usize>> = vec![Default::default(); n];
    for (k, d) in s.get("dependencies").and_then(Value::as_array).into_iter().flatten().enumerate() {
        let pair = d
            .as_array()
            .filter(|d| d.len() == 2)
            .and_then(|d| Some((d[0].as_u64()? as usize, d[1].as_u64()? as usize)));
        match pair {
            Some((a, b)) if a < n && b < n && a != b => {
                nb[a].insert(b);
                nb[b].insert(a);
            }
            _ => return fails(&format!("{path}/dependencies/{k}"), "MALFORMED", "two distinct events"),
        }
    }
    for i in 0..n {
        let rhs = nb[i].iter().fold(x[i].clone(), |acc, &j| acc * (&one - &x[j]));
        if p[i] > rhs {
            return fails(&format!("{path}/witness/{i}"), "DOES_NOT_HOLD", format!("P(A_{i}) > x_{i}·Π(1 − x_j)"));
        }
    }
    let bound = x.iter().fold(one.clone(), |acc, v| acc * (&one - v));
    match s.get("lower_bound").and_then(rational) {
        Some(b) if b == bound => Replay::Holds,
        _ => fails(&format!("{path}/lower_bound"), "DOES_NOT_HOLD", format!("Π(1 − x_i) = {bound}")),
    }
}

/// A generalized exact cover: the options of `solution` cover each of the `primary` items exactly
/// once and each of the `secondary` items at most once.
pub(crate) fn exact_cover(s: &Value, path: &str) -> Replay {
    let (Some(primary), Some(options), Some(solution)) = (
        nat(s, "primary").map(|p| p as usize),
        s.get("options").and_then(Value::as_array),
        s.get("solution").and_then(Value::as_array),
    ) else {
        return fails(path, "MALFORMED", "`primary`, `options` and `solution`");
    };
    let items = primary + nat(s, "secondary").unwrap_or(0) as usize;
    if items > 1 << 20 {
        return Replay::TooLarge(format!("{items} items"));
    }
    let mut times = vec![0u32; items];
    for (k, o) in solution.iter().enumerate() {
        let Some(option) = o.as_u64().and_then(|o| options.get(o as usize)).and_then(Value::as_array) else {
            return fails(&format!("{path}/solution/{k}"), "NOT_AN_OPTION", "an index into `options`");
        };
        for x in option {
            match x.as_u64().map(|x| x as usize).filter(|&x| x < items) {
                Some(x) => times[x] += 1,
                None => return fails(&format!("{path}/solution/{k}"), "MALFORMED", "an option of items"),
            }
        }
    }
    if let Some(x) = (0..primary).find(|&x| times[x] != 1) {
        return fails(
            &format!("{path}/solution"),
            "NOT_EXACT",
            format!("primary item {x} is covered {} times", times[x]),
        );
    }
    if let Some(x) = (primary..items).find(|&x| times[x] > 1) {
        return fails(
            &format!("{path}/solution"),
            "NOT_EXACT",
            format!("secondary item {x} is covered {} times", times[x]),
        );
    }
    Replay::Holds
}

/// Most edges of a graph whose reliability is recomputed (deletion–contraction is exponential).
const MAX_RELIABILITY_EDGES: usize = 18;

/// R(p) of a graph with edges working independently with probability p, as coefficients in p:
/// R(G) = p·R(G / e) + (1 − p)·R(G − e), with loops dropped; R = 1 once the terminals (or, for
/// all-terminal, all vertices) are one, 0 once they cannot be joined.
fn deletion_contraction(
    labels: &mut Vec<usize>,
    edges: &[(usize, usize)],
    terminals: Option<(usize, usize)>,
    stop: &dyn Fn() -> bool,
) -> Option<Vec<BigInt>> {
    if stop() {
        return None;
    }
    let find = |l: &[usize], mut x: usize| {
        while l[x] != x {
            x = l[x];
        }
        x
    };
    let joined = match terminals {
        Some((s, t)) => find(labels, s) == find(labels, t),
        None => (0..labels.len()).all(|v| find(labels, v) == find(labels, 0)),
    };
    if joined {
        return Some(vec![BigInt::one()]);
    }
    // The first edge that is not a loop under the current contraction.
    let Some(k) = edges.iter().position(|&(a, b)| find(labels, a) != find(labels, b)) else {
        return Some(vec![]);
    };
    let rest = &edges[k + 1..];
    let deleted = deletion_contraction(labels, rest, terminals, stop)?;
    let (a, b) = (find(labels, edges[k].0), find(labels, edges[k].1));
    labels[a] = b;
    let contracted = deletion_contraction(labels, rest, terminals, stop);
    labels[a] = a;
    let contracted = contracted?;
    // p·C + (1 − p)·D = D + p·(C − D).
    let len = deleted.len().max(contracted.len()) + 1;
    let mut out = vec![BigInt::zero(); len];
    for (j, d) in deleted.iter().enumerate() {
        out[j] += d;
        out[j + 1] -= d;
    }
    for (j, c) in contracted.iter().enumerate() {
        out[j + 1] += c;
    }
    while out.last().is_some_and(Zero::is_zero) {
        out.pop();
    }
    Some(out)
}

/// The reliability polynomial of a graph under bond failure (and its value at `p`).
pub(crate) fn reliability(s: &Value, path: &str, cx: &CheckContext) -> Replay {
    let (Some(n), Some(raw)) = (nat(s, "vertices").map(|n| n as usize), s.get("edges").and_then(Value::as_array))
    else {
        return fails(path, "MALFORMED", "`vertices` and `edges`");
    };
    if n == 0 || n > 64 {
        return fails(&format!("{path}/vertices"), "MALFORMED", "1 to 64 vertices");
    }
    if raw.len() > MAX_RELIABILITY_EDGES {
        return Replay::TooLarge(format!("{} edges for deletion and contraction", raw.len()));
    }
    let mut edges = vec![];
    for (k, e) in raw.iter().enumerate() {
        let pair = e
            .as_array()
            .filter(|e| e.len() == 2)
            .and_then(|e| Some((e[0].as_u64()? as usize, e[1].as_u64()? as usize)));
        match pair {
            Some((a, b)) if a < n && b < n => edges.push((a, b)),
            _ => return fails(&format!("{path}/edges/{k}"), "MALFORMED", "an edge [u, v] of vertices"),
        }
    }
    let terminals = match s.get("terminals") {
        None | Some(Value::Null) => None,
        Some(t) => match integers(Some(t)).as_deref() {
            Some(&[a, b]) if (0..n as i64).contains(&a) && (0..n as i64).contains(&b) => Some((a as usize, b as usize)),
            _ => return fails(&format!("{path}/terminals"), "MALFORMED", "two vertices"),
        },
    };
    let stop = || stopped(cx);
    let Some(mut want) = deletion_contraction(&mut (0..n).collect(), &edges, terminals, &stop) else {
        return Replay::TooLarge("stopped while recomputing".into());
    };
    let claimed: Option<Vec<BigInt>> = s
        .get("polynomial")
        .and_then(Value::as_array)
        .and_then(|c| c.iter().map(|x| x.as_str()?.parse().ok()).collect());
    let Some(mut claimed) = claimed else {
        return fails(&format!("{path}/polynomial"), "MALFORMED", "integer coefficients as strings");
    };
    for v in [&mut want, &mut claimed] {
        while v.last().is_some_and(Zero::is_zero) {
            v.pop();
        }
    }
    if want != claimed {
        return fails(
            &format!("{path}/polynomial"),
            "DOES_NOT_HOLD",
            "deletion and contraction give another polynomial",
        );
    }
    match (s.get("p").and_then(rational), s.get("value")) {
        (None, None | Some(Value::Null)) => Replay::Holds,
        (Some(p), Some(v)) => {
            let value =
                want.iter().rev().fold(BigRational::zero(), |acc, c| acc * &p + BigRational::from_integer(c.clone()));
            if rational(v) == Some(value) {
                Replay::Holds
            } else {
                fails(&format!("{path}/value"), "DOES_NOT_HOLD", "R(p) differs")
            }
        }
        _ => fails(&format!("{path}/value"), "MALFORMED", "`p` and `value` together"),
    }
}

/// A P-recursive sequence: Σ_i p_i(n)·a(n + i) = 0 on every window of the listed terms.
pub(crate) fn holonomic(s: &Value, path: &str) -> Replay {
    let polys: Option<Vec<Vec<BigRational>>> =
        s.get("polynomials").and_then(Value::as_array).and_then(|ps| ps.iter().map(|p| rationals(Some(p))).collect());
    let (Some(polys), Some(terms)) = (polys, rationals(s.get("terms"))) else {
        return fails(path, "MALFORMED", "`polynomials` and `terms` of rationals");
    };
    if polys.len() < 2 || terms.len() > 100_000 {
        return fails(&format!("{path}/polynomials"), "MALFORMED", "an order of at least 1");
    }
    let r = polys.len() - 1;
    let value = |p: &[BigRational], n: usize| {
        let x = BigRational::from_integer(n.into());
        p.iter().rev().fold(BigRational::zero(), |acc, c| acc * &x + c)
    };
    for n in 0..(terms.len() + 1).saturating_sub(r + 1) {
        let sum: BigRational = polys.iter().enumerate().map(|(i, p)| value(p, n) * &terms[n + i]).sum();
        if !sum.is_zero() {
            return fails(
                &format!("{path}/terms/{}", n + r),
                "DOES_NOT_HOLD",
                format!("the recurrence fails at n = {n}"),
            );
        }
    }
    Replay::Holds
}
