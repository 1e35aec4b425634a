//! A Jacobian operator package in Rust: integer sequences (Collatz trajectories and records,
//! aliquot sequences). It speaks the package protocol, version 1 (docs/packages.md): one JSON object per
//! line on standard input and output. A run computes on a thread of its own while the main thread
//! reads on, so a `cancel` stops it at once.
//!
//! Build: `cargo build --release --example package-sequences`, then install the binary as
//! `examples/packages/sequences/bin/package-sequences` (the manifest's command).

use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::{Value, json};

fn send(message: &Value) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{message}");
    let _ = out.flush();
}

fn error(run: &str, code: &str, message: &str) -> Value {
    json!({"type": "error", "run": run, "code": code, "message": message})
}

/// The Collatz trajectory of n: steps to reach 1, odd steps, and its peak.
fn collatz(run: &str, input: &Value, stop: &AtomicBool) -> Value {
    let Some(mut n) = input["n"].as_str().and_then(|s| s.parse::<u128>().ok()).filter(|&n| n >= 1) else {
        return error(run, "UNSUPPORTED", "n must be a positive integer below 2^128");
    };
    let (mut steps, mut odd, mut peak) = (0u64, 0u64, n);
    while n != 1 {
        if steps % 4096 == 0 && stop.load(Ordering::Relaxed) {
            return error(run, "CANCELLED", "cancelled");
        }
        n = if n % 2 == 0 {
            n / 2
        } else {
            odd += 1;
            match n.checked_mul(3).and_then(|m| m.checked_add(1)) {
                Some(m) => m,
                None => return error(run, "UNSUPPORTED", "the trajectory leaves 128-bit integers"),
            }
        };
        peak = peak.max(n);
        steps += 1;
    }
    json!({"type": "result", "run": run, "qualifiers": ["EXACT", "DETERMINISTIC"],
           "output": {"steps": steps, "odd_steps": odd, "peak": peak.to_string()}})
}

/// The n <= limit with the longest Collatz trajectory (the least such n), by exhaustive search
/// with a cache of the stopping times below 2^24; progress every 2^20 values.
fn collatz_record(run: &str, input: &Value, stop: &AtomicBool) -> Value {
    let Some(limit) = input["limit"].as_u64() else {
        return error(run, "UNSUPPORTED", "limit must be an integer");
    };
    const CACHED: u64 = 1 << 24;
    let mut cache = vec![0u32; CACHED.min(limit + 1) as usize];
    let (mut best, mut best_steps) = (1u64, 0u32);
    for start in 2..=limit {
        if start % (1 << 20) == 0 {
            if stop.load(Ordering::Relaxed) {
                return error(run, "CANCELLED", "cancelled");
            }
            send(&json!({"type": "progress", "run": run, "done": start, "total": limit}));
        }
        let (mut n, mut steps) = (u128::from(start), 0u32);
        while n != 1 {
            if n < u128::from(start) && (n as u64) < CACHED {
                steps += cache[n as usize];
                break;
            }
            n = if n % 2 == 0 { n / 2 } else { 3 * n + 1 };
            steps += 1;
        }
        if start < CACHED {
            cache[start as usize] = steps;
        }
        if steps > best_steps {
            (best, best_steps) = (start, steps);
        }
    }
    json!({"type": "result", "run": run, "qualifiers": ["EXACT", "EXHAUSTIVE", "DETERMINISTIC"],
           "output": {"n": best.to_string(), "steps": best_steps}})
}

/// The sum of the proper divisors of n, by trial division.
fn aliquot_sum(n: u64) -> u64 {
    if n <= 1 {
        return 0;
    }
    let (mut m, mut sigma, mut p) = (n, 1u128, 2u64);
    while p * p <= m {
        if m % p == 0 {
            let (mut term, mut power) = (1u128, 1u128);
            while m % p == 0 {
                m /= p;
                power *= u128::from(p);
                term += power;
            }
            sigma *= term;
        }
        p += if p == 2 { 1 } else { 2 };
    }
    if m > 1 {
        sigma *= u128::from(m) + 1;
    }
    (sigma - u128::from(n)) as u64
}

/// The aliquot sequence of n for at most `steps` steps, and how it ends.
fn aliquot(run: &str, input: &Value, stop: &AtomicBool) -> Value {
    let (Some(n), Some(steps)) = (input["n"].as_u64(), input["steps"].as_u64()) else {
        return error(run, "UNSUPPORTED", "n and steps must be integers");
    };
    let mut terms = vec![n];
    let mut ending = json!({"kind": "open"});
    for i in 0..steps {
        if stop.load(Ordering::Relaxed) {
            return error(run, "CANCELLED", "cancelled");
        }
        let last = *terms.last().unwrap_or(&0);
        if last == 0 {
            ending = json!({"kind": "terminates"});
            break;
        }
        let next = aliquot_sum(last);
        if next > 1_000_000_000_000 {
            ending = json!({"kind": "bound", "note": "a term passed 10^12"});
            terms.push(next);
            break;
        }
        if let Some(at) = terms.iter().position(|&t| t == next) {
            terms.push(next);
            ending = json!({"kind": "cycle", "length": terms.len() - 1 - at});
            break;
        }
        terms.push(next);
        send(&json!({"type": "progress", "run": run, "done": i + 1, "total": steps}));
    }
    if terms.last() == Some(&0) {
        ending = json!({"kind": "terminates"});
    }
    let terms: Vec<String> = terms.iter().map(u64::to_string).collect();
    json!({"type": "result", "run": run, "qualifiers": ["EXACT", "DETERMINISTIC"],
           "output": {"terms": terms, "ending": ending}})
}

fn describe() -> Value {
    let digits = json!({"type": "string", "pattern": "^[1-9][0-9]{0,37}$"});
    json!({"type": "describe", "protocol": 1, "capabilities": [
        {
            "id": "sequences.compute.collatz",
            "title": "Collatz trajectory",
            "outcome": "Follows the Collatz (3n+1) trajectory of n to 1: total stopping time, odd steps and the peak value.",
            "description": "Iterates n -> n/2 (n even), 3n+1 (n odd) from n < 2^128 until 1; returns the number of steps, how many were odd, and the largest value reached. Refuses a trajectory that leaves 128-bit integers.",
            "tags": ["collatz", "3n+1", "trajectory", "stopping-time", "sequence"],
            "aliases": ["hailstone sequence", "Syracuse problem", "total stopping time"],
            "modes": ["EXPLORE"],
            "input_schema": {"type": "object", "properties": {"n": digits}, "required": ["n"], "additionalProperties": false},
            "output_schema": {"type": "object", "properties": {
                "steps": {"type": "integer", "minimum": 0}, "odd_steps": {"type": "integer", "minimum": 0}, "peak": digits},
                "required": ["steps", "odd_steps", "peak"], "additionalProperties": false},
            "assurance_ceiling": "COMPUTED",
            "scope_rule": "Exactly the trajectory of the given n.",
            "examples": [{"title": "27", "mode": "EXPLORE", "input": {"n": "27"}}]
        },
        {
            "id": "sequences.search.collatz_record",
            "title": "Longest Collatz trajectory below a bound",
            "outcome": "Finds the n up to a limit whose Collatz (3n+1) trajectory takes the most steps to reach 1, by exhaustive search.",
            "description": "Examines every n from 1 to limit (<= 10^10) and returns the least n with the largest total stopping time, and that time (the records are OEIS A006877). Exhaustive: about 10^8 values in a few seconds; reports progress and stops on cancellation.",
            "tags": ["collatz", "3n+1", "record", "stopping-time", "search", "exhaustive"],
            "aliases": ["longest hailstone sequence", "Collatz record holder", "maximum total stopping time"],
            "modes": ["EXPLORE"],
            "input_schema": {"type": "object", "properties": {
                "limit": {"type": "integer", "minimum": 1, "maximum": 10_000_000_000_u64}},
                "required": ["limit"], "additionalProperties": false},
            "output_schema": {"type": "object", "properties": {"n": digits, "steps": {"type": "integer", "minimum": 0}},
                "required": ["n", "steps"], "additionalProperties": false},
            "assurance_ceiling": "COMPUTED",
            "scope_rule": "Every n from 1 to the limit.",
            "examples": [{"title": "below a million", "mode": "EXPLORE", "input": {"limit": 1_000_000}}]
        },
        {
            "id": "sequences.compute.aliquot",
            "title": "Aliquot sequence",
            "outcome": "Iterates the sum of proper divisors from n: the aliquot sequence, and whether it terminates, cycles or stays open.",
            "description": "s(n) = sigma(n) - n iterated from n <= 10^12 for at most `steps` steps (<= 1000), by trial division; ends at 0 (terminates), at a repeated term (a perfect, amicable or sociable cycle, with its length), at a term past 10^12, or open.",
            "tags": ["aliquot", "divisor-sum", "amicable", "perfect", "sociable", "sequence"],
            "aliases": ["aliquot sequence", "sum of proper divisors iteration", "Catalan-Dickson sequence"],
            "modes": ["EXPLORE"],
            "input_schema": {"type": "object", "properties": {
                "n": {"type": "integer", "minimum": 1, "maximum": 1_000_000_000_000_u64},
                "steps": {"type": "integer", "minimum": 1, "maximum": 1000}},
                "required": ["n", "steps"], "additionalProperties": false},
            "output_schema": {"type": "object", "properties": {
                "terms": {"type": "array", "items": {"type": "string"}},
                "ending": {"type": "object"}},
                "required": ["terms", "ending"], "additionalProperties": false},
            "assurance_ceiling": "COMPUTED",
            "scope_rule": "The first terms of the sequence from the given n, up to the given number of steps.",
            "examples": [{"title": "220 (amicable)", "mode": "EXPLORE", "input": {"n": 220, "steps": 10}}]
        }
    ]})
}

fn main() {
    let mut current: Option<(String, Arc<AtomicBool>, std::thread::JoinHandle<()>)> = None;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let Ok(request) = serde_json::from_str::<Value>(&line) else { continue };
        match request["type"].as_str() {
            Some("describe") => send(&describe()),
            Some("run") => {
                if let Some((_, _, thread)) = current.take() {
                    let _ = thread.join();
                }
                let run = request["run"].as_str().unwrap_or_default().to_owned();
                let stop = Arc::new(AtomicBool::new(false));
                let (r, s) = (run.clone(), Arc::clone(&stop));
                let thread = std::thread::spawn(move || {
                    let input = &request["input"];
                    let answer = match request["capability"].as_str() {
                        Some("sequences.compute.collatz") => collatz(&r, input, &s),
                        Some("sequences.compute.aliquot") => aliquot(&r, input, &s),
                        Some("sequences.search.collatz_record") => collatz_record(&r, input, &s),
                        _ => error(&r, "UNSUPPORTED", "unknown capability"),
                    };
                    send(&answer);
                });
                current = Some((run, stop, thread));
            }
            Some("cancel") => {
                if let Some((run, stop, _)) = &current
                    && request["run"].as_str() == Some(run)
                {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            _ => {}
        }
    }
}
