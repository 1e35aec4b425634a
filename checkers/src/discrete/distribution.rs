//! Replay of exact finite-distribution statements: `{"law", "operation", "result"}`, the law a
//! list of values with rational probabilities summing to 1, recomputed here with big rationals
//! and compared exactly with the result — event probabilities, conditioning, pushforward by a
//! polynomial, convolution with independent laws (one, several, or k copies of the law), raw and
//! central moments, and total variation distance.

use std::collections::BTreeMap;

use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use serde_json::Value;

use super::{Replay, fails};

/// Most atoms of a law or of a recomputed one.
const MAX_ATOMS: usize = 200_000;
/// Most copies in a convolution power.
const MAX_POWER: u64 = 10_000;
/// Highest moment replayed.
const MAX_MOMENT: u64 = 64;

type Law = BTreeMap<BigRational, BigRational>;

fn rational(v: &Value) -> Option<BigRational> {
    super::replay::rational(v)
}

/// A law: values and probabilities, non-negative and summing to 1; repeated values merged and
/// zero atoms dropped.
fn law(v: &Value, at: &str) -> Result<Law, Replay> {
    let read = |key: &str| -> Option<Vec<BigRational>> { v.get(key)?.as_array()?.iter().map(rational).collect() };
    let (Some(values), Some(probs)) = (read("values"), read("probabilities")) else {
        return Err(fails(at, "MALFORMED", "values and probabilities, each a list of rationals"));
    };
    if values.len() != probs.len() || values.is_empty() || values.len() > MAX_ATOMS {
        return Err(fails(at, "MALFORMED", "one probability per value, 1 to 200,000 values"));
    }
    let mut out = Law::new();
    for (x, p) in values.into_iter().zip(probs) {
        if p.is_negative() {
            return Err(fails(at, "NEGATIVE", "a negative probability"));
        }
        *out.entry(x).or_insert_with(BigRational::zero) += p;
    }
    if out.values().sum::<BigRational>() != BigRational::one() {
        return Err(fails(at, "NOT_NORMALIZED", "the probabilities do not sum to 1"));
    }
    out.retain(|_, p| !p.is_zero());
    Ok(out)
}

fn in_event(e: &Value, x: &BigRational) -> Result<bool, ()> {
    let bound = |key: &str| -> Result<Option<BigRational>, ()> {
        match e.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => rational(v).map(Some).ok_or(()),
        }
    };
    let listed = match e.get("values") {
        None | Some(Value::Null) => None,
        Some(v) => Some(v.as_array().ok_or(())?.iter().map(rational).collect::<Option<Vec<_>>>().ok_or(())?),
    };
    Ok(bound("at_least")?.is_none_or(|a| *x >= a)
        && bound("at_most")?.is_none_or(|b| *x <= b)
        && listed.is_none_or(|vs| vs.contains(x)))
}

fn convolve(a: &Law, b: &Law) -> Option<Law> {
    if a.len().saturating_mul(b.len()) > 50 * MAX_ATOMS {
        return None;
    }
    let mut out = Law::new();
    for (x, p) in a {
        for (y, q) in b {
            *out.entry(x + y).or_insert_with(BigRational::zero) += p * q;
        }
    }
    (out.len() <= MAX_ATOMS).then_some(out)
}

fn same_law(claimed: &Value, want: &Law, at: &str) -> Replay {
    match law(claimed, at) {
        Err(r) => r,
        Ok(got) if got == *want => Replay::Holds,
        Ok(_) => fails(at, "WRONG_DISTRIBUTION", "the law differs from the recomputed one"),
    }
}

fn same_value(claimed: Option<&Value>, want: &BigRational, at: &str) -> Replay {
    match claimed.and_then(rational) {
        Some(v) if v == *want => Replay::Holds,
        Some(v) => fails(at, "WRONG_VALUE", format!("claimed {v}, recomputed {want}")),
        None => fails(at, "MALFORMED", "a rational"),
    }
}

fn all(checks: Vec<Replay>) -> Replay {
    checks.into_iter().find(|r| !matches!(r, Replay::Holds)).unwrap_or(Replay::Holds)
}

/// Replays one statement.
pub(crate) fn check(v: &Value, path: &str) -> Replay {
    let x = match law(v.get("law").unwrap_or(&Value::Null), &format!("{path}/law")) {
        Ok(l) => l,
        Err(r) => return r,
    };
    let (Some(op), Some(result)) = (v.get("operation").and_then(Value::as_object), v.get("result")) else {
        return fails(path, "MALFORMED", "an operation object and a result");
    };
    let Some((name, args)) = op.iter().next().filter(|_| op.len() == 1) else {
        return fails(&format!("{path}/operation"), "MALFORMED", "one key naming the operation");
    };
    let at = format!("{path}/operation/{name}");
    let res = |key: &str| format!("{path}/result/{key}");
    match name.as_str() {
        "event_probability" | "condition" => {
            let Some(event) = args.get("event") else { return fails(&at, "MALFORMED", "an event") };
            let mut kept = Law::new();
            for (v, p) in &x {
                match in_event(event, v) {
                    Ok(true) => {
                        kept.insert(v.clone(), p.clone());
                    }
                    Ok(false) => {}
                    Err(()) => return fails(&format!("{at}/event"), "MALFORMED", "bounds and values are rationals"),
                }
            }
            let p: BigRational = kept.values().sum();
            let mut checks = vec![same_value(result.get("probability"), &p, &res("probability"))];
            if name == "condition" {
                if p.is_zero() {
                    return fails(&at, "NULL_EVENT", "conditioning on an event of probability 0");
                }
                let conditional: Law = kept.into_iter().map(|(v, q)| (v, q / &p)).collect();
                checks.push(same_law(
                    result.get("conditional").unwrap_or(&Value::Null),
                    &conditional,
                    &res("conditional"),
                ));
            }
            all(checks)
        }
        "pushforward" => {
            let Some(c) = args
                .get("coefficients")
                .and_then(Value::as_array)
                .and_then(|a| a.iter().map(rational).collect::<Option<Vec<_>>>())
            else {
                return fails(&at, "MALFORMED", "rational coefficients, constant term first");
            };
            if c.is_empty() || c.len() > 32 {
                return fails(&at, "MALFORMED", "1 to 32 coefficients");
            }
            let mut y = Law::new();
            for (v, p) in &x {
                let fx = c.iter().rev().fold(BigRational::zero(), |acc, k| acc * v + k);
                *y.entry(fx).or_insert_with(BigRational::zero) += p;
            }
            same_law(result.get("distribution").unwrap_or(&Value::Null), &y, &res("distribution"))
        }
        "convolution" | "independent_sum" | "convolution_power" => {
            let others: Vec<Law> = match name.as_str() {
                "convolution" => match law(args.get("other").unwrap_or(&Value::Null), &format!("{at}/other")) {
                    Ok(l) => vec![l],
                    Err(r) => return r,
                },
                "independent_sum" => {
                    let Some(list) =
                        args.get("others").and_then(Value::as_array).filter(|l| !l.is_empty() && l.len() <= 256)
                    else {
                        return fails(&at, "MALFORMED", "1 to 256 laws");
                    };
                    let mut out = vec![];
                    for (k, o) in list.iter().enumerate() {
                        match law(o, &format!("{at}/others/{k}")) {
                            Ok(l) => out.push(l),
                            Err(r) => return r,
                        }
                    }
                    out
                }
                _ => match args.get("k").and_then(Value::as_u64) {
                    Some(k) if (1..=MAX_POWER).contains(&k) => vec![x.clone(); k as usize - 1],
                    Some(k) if k > MAX_POWER => return Replay::TooLarge(format!("a convolution power of {k} copies")),
                    _ => return fails(&at, "MALFORMED", "k ≥ 1"),
                },
            };
            let mut acc = x.clone();
            for o in &others {
                match convolve(&acc, o) {
                    Some(next) => acc = next,
                    None => return Replay::TooLarge("a convolution past 200,000 values".into()),
                }
            }
            let mut checks =
                vec![same_law(result.get("distribution").unwrap_or(&Value::Null), &acc, &res("distribution"))];
            if let Some(peak) = result.get("peak") {
                // The peak: a value whose probability is the largest.
                let top = acc.values().max().cloned().unwrap_or_else(BigRational::zero);
                checks.push(same_value(peak.get("probability"), &top, &res("peak/probability")));
                match peak.get("value").and_then(rational) {
                    Some(v) if acc.get(&v) == Some(&top) => {}
                    _ => checks.push(fails(
                        &res("peak/value"),
                        "WRONG_VALUE",
                        "the value does not take the largest probability",
                    )),
                }
            }
            all(checks)
        }
        "moments" => {
            let k = match args.get("moments") {
                None | Some(Value::Null) => 2,
                Some(v) => match v.as_u64() {
                    Some(k) if k <= MAX_MOMENT => k.max(2),
                    _ => return fails(&format!("{at}/moments"), "MALFORMED", "at most 64"),
                },
            };
            let power = |v: &BigRational, j: u64| (0..j).fold(BigRational::one(), |acc, _| acc * v);
            let raw: Vec<BigRational> = (1..=k).map(|j| x.iter().map(|(v, p)| power(v, j) * p).sum()).collect();
            let mean = raw[0].clone();
            let variance = &raw[1] - &mean * &mean;
            let central: Vec<BigRational> =
                (1..=k).map(|j| x.iter().map(|(v, p)| power(&(v - &mean), j) * p).sum()).collect();
            let list = |key: &str, want: &[BigRational]| -> Replay {
                let Some(got) = result.get(key).and_then(Value::as_array) else {
                    return fails(&res(key), "MALFORMED", "a list of rationals");
                };
                if got.len() != want.len() {
                    return fails(&res(key), "WRONG_LENGTH", format!("{} moments", want.len()));
                }
                all(got
                    .iter()
                    .zip(want)
                    .enumerate()
                    .map(|(j, (g, w))| same_value(Some(g), w, &format!("{}/{j}", res(key))))
                    .collect())
            };
            all(vec![
                same_value(result.get("mean"), &mean, &res("mean")),
                same_value(result.get("variance"), &variance, &res("variance")),
                list("raw_moments", &raw),
                list("central_moments", &central),
            ])
        }
        "total_variation" => {
            let y = match law(args.get("other").unwrap_or(&Value::Null), &format!("{at}/other")) {
                Ok(l) => l,
                Err(r) => return r,
            };
            let zero = BigRational::zero();
            let mut keys: Vec<&BigRational> = x.keys().chain(y.keys()).collect();
            keys.sort();
            keys.dedup();
            let d: BigRational = keys
                .iter()
                .map(|k| (x.get(*k).unwrap_or(&zero) - y.get(*k).unwrap_or(&zero)).abs())
                .sum::<BigRational>()
                / BigRational::from_integer(2.into());
            same_value(result.get("total_variation"), &d, &res("total_variation"))
        }
        "berry_esseen" => {
            let Some(n) = args.get("n").and_then(Value::as_u64).filter(|&n| n >= 1) else {
                return fails(&format!("{at}/n"), "MALFORMED", "n ≥ 1");
            };
            let mean: BigRational = x.iter().map(|(v, p)| v * p).sum();
            let var: BigRational = x.iter().map(|(v, p)| (v - &mean) * (v - &mean) * p).sum();
            if var.is_zero() {
                return fails(&at, "DEGENERATE", "the variance is 0");
            }
            let rho: BigRational = x.iter().map(|(v, p)| (v - &mean).abs() * (v - &mean) * (v - &mean) * p).sum();
            let c = BigRational::new(14.into(), 25.into());
            let square = &c * &c * &rho * &rho / (&var * &var * &var * BigRational::from_integer(n.into()));
            // The 6-decimal upper rounding u: u² ≥ square > (u − 10⁻⁶)².
            let upper = result.get("bound_upper").and_then(Value::as_str).and_then(|u| {
                let (whole, frac) = u.split_once('.')?;
                (frac.len() == 6).then_some(())?;
                rational(&Value::String(format!("{whole}{frac}/1000000")))
            });
            let step = BigRational::new(1.into(), 1_000_000.into());
            let rounding = match upper {
                Some(u) if &u * &u >= square && (&u - &step) * (&u - &step) < square => Replay::Holds,
                _ => fails(&res("bound_upper"), "WRONG_VALUE", "not the 6-decimal upper rounding of the bound"),
            };
            all(vec![
                same_value(result.get("variance"), &var, &res("variance")),
                same_value(result.get("absolute_third_moment"), &rho, &res("absolute_third_moment")),
                same_value(result.get("bound_squared"), &square, &res("bound_squared")),
                rounding,
            ])
        }
        "compound_poisson" => {
            let (Some(rate), Some(order)) = (
                args.get("rate").and_then(rational).filter(|r| r.is_positive()),
                args.get("order").and_then(Value::as_u64).filter(|k| (1..=32).contains(k)),
            ) else {
                return fails(&at, "MALFORMED", "a rate λ > 0 and an order from 1 to 32");
            };
            // κ_k = λ E[X^k]; the moments from E[S^j] = Σ_{i<j} C(j−1, i) κ_{i+1} E[S^(j−1−i)].
            let power = |v: &BigRational, j: u64| (0..j).fold(BigRational::one(), |acc, _| acc * v);
            let kappa: Vec<BigRational> =
                (1..=order).map(|j| &rate * x.iter().map(|(v, p)| power(v, j) * p).sum::<BigRational>()).collect();
            let mut moments = vec![BigRational::one()];
            for j in 1..order as usize + 1 {
                let mut binom = BigRational::one();
                let mut m = BigRational::zero();
                for i in 0..j {
                    m += &binom * &kappa[i] * &moments[j - 1 - i];
                    binom = binom * BigRational::from_integer((j - 1 - i).into())
                        / BigRational::from_integer((i + 1).into());
                }
                moments.push(m);
            }
            let list = |key: &str, want: &[BigRational]| -> Replay {
                let got = result.get(key).and_then(Value::as_array);
                match got {
                    Some(g) if g.len() == want.len() => all(g
                        .iter()
                        .zip(want)
                        .enumerate()
                        .map(|(j, (g, w))| same_value(Some(g), w, &format!("{}/{j}", res(key))))
                        .collect()),
                    _ => fails(&res(key), "WRONG_LENGTH", format!("{} values", want.len())),
                }
            };
            all(vec![list("cumulants", &kappa), list("raw_moments", &moments[1..])])
        }
        _ => fails(&at, "UNKNOWN_OPERATION", format!("`{name}` is not an operation")),
    }
}

/// Most terms of f whose square the checker expands.
const MAX_GAUSSIAN_TERMS: usize = 600;

/// E[f(X)] and Var f(X) for independent X_i ~ N(μ_i, σ_i²): moments by Stein's recursion
/// E[X^k] = μ E[X^(k−1)] + (k − 1) σ² E[X^(k−2)], and f² expanded term by term here.
pub(crate) fn gaussian(s: &Value, path: &str) -> Replay {
    let list = |key: &str| -> Option<Vec<BigRational>> { s.get(key)?.as_array()?.iter().map(rational).collect() };
    let (Some(means), Some(vars)) = (list("means"), list("variances")) else {
        return fails(path, "MALFORMED", "`means` and `variances` as rationals");
    };
    let n = means.len();
    if vars.len() != n || vars.iter().any(|v| !v.is_positive()) {
        return fails(&format!("{path}/variances"), "MALFORMED", "one positive variance per mean");
    }
    let Some(raw) = s.get("terms").and_then(Value::as_array) else {
        return fails(&format!("{path}/terms"), "MALFORMED", "a list of [coefficient, exponents]");
    };
    if raw.len() > MAX_GAUSSIAN_TERMS {
        return Replay::TooLarge(format!("{} terms", raw.len()));
    }
    let mut terms: Vec<(BigRational, Vec<u32>)> = vec![];
    for (k, t) in raw.iter().enumerate() {
        let parsed = t.as_array().filter(|t| t.len() == 2).and_then(|t| {
            let c = rational(&t[0])?;
            let e: Vec<u32> = t[1]
                .as_array()?
                .iter()
                .map(|x| x.as_u64().filter(|&x| x <= 120).map(|x| x as u32))
                .collect::<Option<_>>()?;
            (e.len() == n).then_some((c, e))
        });
        match parsed {
            Some(t) => terms.push(t),
            None => {
                return fails(
                    &format!("{path}/terms/{k}"),
                    "MALFORMED",
                    "[coefficient, one exponent ≤ 120 per variable]",
                );
            }
        }
    }
    // Moments of each variable up to twice the highest exponent.
    let top = terms.iter().flat_map(|(_, e)| e.iter().copied()).max().unwrap_or(0) as usize * 2;
    let moments: Vec<Vec<BigRational>> = (0..n)
        .map(|i| {
            let mut m = vec![BigRational::one(), means[i].clone()];
            for k in 2..=top.max(1) {
                let next =
                    &means[i] * &m[k - 1] + BigRational::from_integer((k as i64 - 1).into()) * &vars[i] * &m[k - 2];
                m.push(next);
            }
            m
        })
        .collect();
    let expect = |c: &BigRational, e: &[u32]| -> BigRational {
        e.iter().enumerate().fold(c.clone(), |acc, (i, &k)| acc * &moments[i][k as usize])
    };
    let mean: BigRational = terms.iter().map(|(c, e)| expect(c, e)).sum();
    let mut second = BigRational::zero();
    for (c, e) in &terms {
        for (d, f) in &terms {
            let sum: Vec<u32> = e.iter().zip(f).map(|(a, b)| a + b).collect();
            second += expect(&(c * d), &sum);
        }
    }
    let variance = &second - &mean * &mean;
    all(vec![
        same_value(s.get("expectation"), &mean, &format!("{path}/expectation")),
        same_value(s.get("variance"), &variance, &format!("{path}/variance")),
    ])
}
