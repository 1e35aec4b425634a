//! `finite_abelian_group.compute`: a finite abelian group G = Z/n_1 × … × Z/n_k with its
//! characters χ_λ(x) = exp(2πi Σ λ_j x_j / n_j): character sums along progressions (exact in
//! Q(ζ_m), with their absolute values in closed form), exact factorizations A ⊕ B = G (tilings,
//! found by an exhaustive search or checked), and spectral pairs (A, Λ) — the characters of Λ
//! orthogonal on A — checked or searched, with every vanishing sum decided exactly by reduction
//! modulo the cyclotomic polynomial Φ_m.

use std::collections::HashMap;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::typed::Describe;
use num_integer::Integer;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::cas::{self, Answer, Query};
use crate::number_theory::dirichlet::{cyclotomic, reduce};

/// Largest order of the group.
pub const MAX_ORDER: u64 = 4_096;
/// Largest order for a spectrum search.
pub const MAX_SEARCH_ORDER: u64 = 1_024;

/// One question.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Question {
    /// S_L = Σ_{t<L} χ_λ(a + t·g) for L = 1 … `length`: exact values in Q(ζ_m) (listed when small),
    /// whether each vanishes, |S_L| in closed form (χ_λ(g) = e^(2πik/N)), and the L of the largest
    /// |S_L|.
    CharacterSums {
        /// λ, the character.
        character: Vec<u64>,
        /// g (the first generator by default).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        step: Option<Vec<u64>>,
        /// a (0 by default).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        start: Option<Vec<u64>>,
        /// The largest L (the order of g by default; at most 4,096).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        length: Option<u64>,
    },
    /// Whether A ⊕ B = G (every element uniquely a + b): with `b`, checked; without, a B found
    /// by an exhaustive search, or the proof that none exists.
    Factorization {
        /// A.
        a: Vec<Vec<u64>>,
        /// B, to check.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        b: Option<Vec<Vec<u64>>>,
    },
    /// Whether (A, Λ) is a spectral pair — |Λ| = |A| and Σ_{a∈A} χ_(λ−λ')(a) = 0 for λ ≠ λ' in Λ —
    /// with `spectrum`; without, a spectrum of A searched exhaustively (|G| ≤ 1,024).
    Spectral {
        /// A.
        set: Vec<Vec<u64>>,
        /// Λ, characters to check.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        spectrum: Option<Vec<Vec<u64>>>,
    },
}

/// Input of `finite_abelian_group.compute`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FiniteAbelianInput {
    /// n_1, …, n_k ≥ 1: G = Z/n_1 × … × Z/n_k (order at most 4,096).
    pub group: Vec<u64>,
    /// The questions (1 to 16), answered in order.
    #[schemars(length(min = 1, max = 16))]
    pub questions: Vec<Question>,
}

/// Output of `finite_abelian_group.compute`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FiniteAbelianOutput {
    /// The answers, each an object keyed by the question's name.
    pub answers: Vec<Value>,
}

/// `finite_abelian_group.compute`.
pub struct FiniteAbelian;

/// The group, its elements numbered in mixed radix.
struct Group {
    n: Vec<u64>,
    order: u64,
    /// m = lcm(n_j): characters take values in μ_m.
    m: u64,
}

impl Group {
    fn index(&self, x: &[u64]) -> usize {
        x.iter().zip(&self.n).fold(0u64, |acc, (v, n)| acc * n + v) as usize
    }
    fn element(&self, mut i: u64) -> Vec<u64> {
        let mut out = vec![0; self.n.len()];
        for (j, n) in self.n.iter().enumerate().rev() {
            out[j] = i % n;
            i /= n;
        }
        out
    }
    fn add(&self, x: &[u64], y: &[u64]) -> Vec<u64> {
        x.iter().zip(y).zip(&self.n).map(|((a, b), n)| (a + b) % n).collect()
    }
    fn sub(&self, x: &[u64], y: &[u64]) -> Vec<u64> {
        x.iter().zip(y).zip(&self.n).map(|((a, b), n)| (a + n - b) % n).collect()
    }
    /// e with χ_λ(x) = ζ_m^e.
    fn pairing(&self, l: &[u64], x: &[u64]) -> u64 {
        l.iter().zip(x).zip(&self.n).fold(0, |acc, ((a, b), n)| (acc + a * b % n * (self.m / n)) % self.m)
    }
}

fn elements(g: &Group, xs: &[Vec<u64>], at: &str) -> Result<Vec<Vec<u64>>, Diagnostic> {
    xs.iter().enumerate().map(|(i, x)| element(g, x, &format!("{at}/{i}"))).collect()
}

fn element(g: &Group, x: &[u64], at: &str) -> Result<Vec<u64>, Diagnostic> {
    if x.len() != g.n.len() {
        return Err(Diagnostic::at(at, "WRONG_LENGTH", format!("{} coordinates", g.n.len())));
    }
    if let Some(j) = x.iter().zip(&g.n).position(|(v, n)| v >= n) {
        return Err(Diagnostic::at(format!("{at}/{j}"), "OUT_OF_RANGE", format!("below {}", g.n[j])));
    }
    Ok(x.to_vec())
}

fn distinct(g: &Group, xs: &[Vec<u64>], at: &str) -> Result<(), Diagnostic> {
    let mut seen = vec![false; g.order as usize];
    if xs.is_empty() {
        return Err(Diagnostic::at(at, "EMPTY", "at least one element"));
    }
    for (i, x) in xs.iter().enumerate() {
        if std::mem::replace(&mut seen[g.index(x)], true) {
            return Err(Diagnostic::at(format!("{at}/{i}"), "REPEATED", "distinct elements"));
        }
    }
    Ok(())
}

fn group(i: &FiniteAbelianInput) -> Result<Group, Diagnostic> {
    if i.group.is_empty() || i.group.contains(&0) {
        return Err(Diagnostic::at("/group", "OUT_OF_RANGE", "one or more orders n_j ≥ 1"));
    }
    let order = i.group.iter().try_fold(1u64, |acc, n| acc.checked_mul(*n).filter(|o| *o <= MAX_ORDER));
    let Some(order) = order else {
        return Err(Diagnostic::at("/group", "TOO_LARGE", format!("a group of order at most {MAX_ORDER}")));
    };
    let m = i.group.iter().fold(1u64, |acc, n| acc.lcm(n));
    Ok(Group { n: i.group.clone(), order, m })
}

fn setup(i: &FiniteAbelianInput) -> Result<Group, Diagnostic> {
    let g = group(i)?;
    if !(1..=16).contains(&i.questions.len()) {
        return Err(Diagnostic::at("/questions", "OUT_OF_RANGE", "1 to 16 questions"));
    }
    for (k, q) in i.questions.iter().enumerate() {
        let at = format!("/questions/{k}");
        match q {
            Question::CharacterSums { character, step, start, length } => {
                let at = format!("{at}/character_sums");
                element(&g, character, &format!("{at}/character"))?;
                if let Some(s) = step {
                    element(&g, s, &format!("{at}/step"))?;
                }
                if let Some(s) = start {
                    element(&g, s, &format!("{at}/start"))?;
                }
                if length.is_some_and(|l| l == 0 || l > MAX_ORDER) {
                    return Err(Diagnostic::at(format!("{at}/length"), "OUT_OF_RANGE", "1 to 4,096"));
                }
            }
            Question::Factorization { a, b } => {
                let at = format!("{at}/factorization");
                distinct(&g, &elements(&g, a, &format!("{at}/a"))?, &format!("{at}/a"))?;
                if let Some(b) = b {
                    distinct(&g, &elements(&g, b, &format!("{at}/b"))?, &format!("{at}/b"))?;
                }
            }
            Question::Spectral { set, spectrum } => {
                let at = format!("{at}/spectral");
                distinct(&g, &elements(&g, set, &format!("{at}/set"))?, &format!("{at}/set"))?;
                match spectrum {
                    Some(l) => distinct(&g, &elements(&g, l, &format!("{at}/spectrum"))?, &format!("{at}/spectrum"))?,
                    None if g.order > MAX_SEARCH_ORDER => {
                        let m = format!("a spectrum is searched in groups of order at most {MAX_SEARCH_ORDER}");
                        return Err(Diagnostic::at(format!("{at}/spectrum"), "TOO_LARGE", m));
                    }
                    None => {}
                }
            }
        }
    }
    Ok(g)
}

/// Whether Σ_e c_e ζ_m^e = 0, by reduction modulo Φ_m.
fn vanishes(counts: &[i128], m: u64) -> Result<bool, AdapterError> {
    Ok(reduce(counts.to_vec(), &cyclotomic(m))?.iter().all(|&c| c == 0))
}

/// The reduced coefficients of Σ_e c_e ζ_m^e in the power basis of Q(ζ_m).
fn reduced(counts: &[i128], m: u64) -> Result<Vec<i64>, AdapterError> {
    reduce(counts.to_vec(), &cyclotomic(m))
}

fn character_sums(
    g: &Group,
    l: &[u64],
    step: &[u64],
    start: &[u64],
    length: Option<u64>,
    ctx: &AdapterContext,
) -> Result<Value, AdapterError> {
    let m = g.m;
    let e = g.pairing(l, step);
    let e0 = g.pairing(l, start);
    // χ(g) = ζ_m^e = e^(2πik/N) in lowest terms.
    let d = e.gcd(&m);
    let (k, big_n) = (e / d, m / d);
    let order_of_step = (0..g.n.len()).map(|j| g.n[j] / step[j].gcd(&g.n[j])).fold(1u64, |acc, o| acc.lcm(&o));
    let length = length.unwrap_or(order_of_step);
    let listed = (cyclotomic(m).len() as u64 - 1) * length <= 20_000;
    let mut counts = vec![0i128; m as usize];
    let mut profile = vec![];
    // The largest |S_L| is at the L with kL/N nearest to 1/2 modulo 1 (or every L when N = 1).
    let mut best: Option<(u64, u64)> = None;
    for len in 1..=length {
        if len % 256 == 0 {
            ctx.checkpoint()?;
        }
        counts[((e0 + e * ((len - 1) % m)) % m) as usize] += 1;
        let zero = big_n > 1 && len.is_multiple_of(big_n);
        let closeness = if big_n == 1 { len } else { (k * len % big_n).min(big_n - k * len % big_n) };
        if best.is_none_or(|(_, c)| closeness > c) {
            best = Some((len, closeness));
        }
        let value = if big_n == 1 {
            len as f64
        } else {
            let pi = std::f64::consts::PI;
            ((pi * (k * len % (2 * big_n)) as f64 / big_n as f64).sin() / (pi * k as f64 / big_n as f64).sin()).abs()
        };
        let coefficients = if listed { Some(reduced(&counts, m)?) } else { None };
        profile.push(json!({"length": len, "vanishes": zero, "abs_approx": value,
                            "sum": coefficients}));
    }
    let (argmax, _) = best.expect("length ≥ 1");
    Ok(json!({"character_sums": {"field_order": m, "step_value": {"k": k, "n": big_n},
        "closed_form": if big_n == 1 { "|S_L| = L".to_owned() } else { format!("|S_L| = |sin(π·{k}·L/{big_n})| / |sin(π·{k}/{big_n})|") },
        "bound": if big_n == 1 { None } else { Some(1.0 / (std::f64::consts::PI * k as f64 / big_n as f64).sin().abs()) },
        "largest_at": argmax, "profile": profile}}))
}

fn factorization(
    g: &Group,
    a: &[Vec<u64>],
    b: Option<&[Vec<u64>]>,
    ctx: &AdapterContext,
) -> Result<Value, AdapterError> {
    let order = g.order as usize;
    let ai: Vec<usize> = a.iter().map(|x| g.index(x)).collect();
    let plus = |x: usize, y: usize| g.index(&g.add(&g.element(x as u64), &g.element(y as u64)));
    if let Some(b) = b {
        let mut hit = vec![0u32; order];
        for x in &ai {
            for y in b {
                hit[plus(*x, g.index(y))] += 1;
            }
        }
        let missing = hit.iter().position(|&h| h == 0);
        let twice = hit.iter().position(|&h| h > 1);
        return Ok(json!({"factorization": {"exact": missing.is_none() && twice.is_none(),
            "uncovered": missing.map(|i| g.element(i as u64)), "covered_twice": twice.map(|i| g.element(i as u64))}}));
    }
    if !order.is_multiple_of(ai.len()) {
        return Ok(json!({"factorization": {"exists": false, "reason": "|A| does not divide |G|"}}));
    }
    // Tiles b + A with 0 ∈ B (a translate of any complement), covering the least uncovered element.
    let table: Vec<Vec<usize>> = (0..order).map(|x| ai.iter().map(|&y| plus(x, y)).collect()).collect();
    let minus: Vec<Vec<usize>> =
        (0..order).map(|x| a.iter().map(|y| g.index(&g.sub(&g.element(x as u64), y))).collect()).collect();
    let mut covered = vec![false; order];
    let mut chosen: Vec<usize> = vec![];
    let mut nodes = 0u64;
    fn search(
        table: &[Vec<usize>],
        minus: &[Vec<usize>],
        covered: &mut [bool],
        chosen: &mut Vec<usize>,
        nodes: &mut u64,
        ctx: &AdapterContext,
    ) -> Result<bool, AdapterError> {
        *nodes += 1;
        if nodes.is_multiple_of(1024) {
            ctx.checkpoint()?;
        }
        let Some(x) = covered.iter().position(|c| !c) else { return Ok(true) };
        for &b in &minus[x] {
            if table[b].iter().all(|&y| !covered[y]) {
                for &y in &table[b] {
                    covered[y] = true;
                }
                chosen.push(b);
                if search(table, minus, covered, chosen, nodes, ctx)? {
                    return Ok(true);
                }
                chosen.pop();
                for &y in &table[b] {
                    covered[y] = false;
                }
            }
        }
        Ok(false)
    }
    // The first element covered is 0, by 0 − a for some a: B ∋ 0 after translation.
    let found = search(&table, &minus, &mut covered, &mut chosen, &mut nodes, ctx)?;
    let complement = found.then(|| {
        let shift = g.element(chosen[0] as u64);
        let mut b: Vec<Vec<u64>> = chosen.iter().map(|&x| g.sub(&g.element(x as u64), &shift)).collect();
        b.sort();
        b
    });
    Ok(json!({"factorization": {"exists": found, "complement": complement, "nodes": nodes}}))
}

fn spectral(
    g: &Group,
    a: &[Vec<u64>],
    spectrum: Option<&[Vec<u64>]>,
    ctx: &AdapterContext,
) -> Result<Value, AdapterError> {
    let mut memo: HashMap<usize, bool> = HashMap::new();
    // Whether Σ_{a∈A} χ_δ(a) = 0.
    let mut orthogonal = |d: &[u64]| -> Result<bool, AdapterError> {
        let key = g.index(d);
        if let Some(&v) = memo.get(&key) {
            return Ok(v);
        }
        let mut counts = vec![0i128; g.m as usize];
        for x in a {
            counts[g.pairing(d, x) as usize] += 1;
        }
        let v = vanishes(&counts, g.m)?;
        memo.insert(key, v);
        Ok(v)
    };
    if let Some(l) = spectrum {
        let mut failure = None;
        'pairs: for (i, x) in l.iter().enumerate() {
            ctx.checkpoint()?;
            for y in &l[i + 1..] {
                if !orthogonal(&g.sub(x, y))? {
                    failure = Some(json!([x, y]));
                    break 'pairs;
                }
            }
        }
        let size = l.len() == a.len();
        return Ok(json!({"spectral": {"spectral_pair": size && failure.is_none(), "sizes_equal": size,
                                      "non_orthogonal_pair": failure}}));
    }
    // A spectrum containing 0 (translates of spectra are spectra): a clique of size |A| in the
    // graph on characters joined when their difference is orthogonal on A.
    let zeros: Vec<bool> = (0..g.order).map(|i| orthogonal(&g.element(i))).collect::<Result<_, _>>()?;
    let candidates: Vec<u64> = (1..g.order).filter(|&i| zeros[i as usize]).collect();
    let mut chosen: Vec<u64> = vec![0];
    fn grow(
        g: &Group,
        zeros: &[bool],
        candidates: &[u64],
        chosen: &mut Vec<u64>,
        want: usize,
        ctx: &AdapterContext,
    ) -> Result<bool, AdapterError> {
        if chosen.len() == want {
            return Ok(true);
        }
        ctx.checkpoint()?;
        let last = *chosen.last().expect("nonempty");
        for &c in candidates.iter().filter(|&&c| c > last) {
            let ok = chosen.iter().all(|&x| zeros[g.index(&g.sub(&g.element(c), &g.element(x)))]);
            if ok {
                chosen.push(c);
                if grow(g, zeros, candidates, chosen, want, ctx)? {
                    return Ok(true);
                }
                chosen.pop();
            }
        }
        Ok(false)
    }
    let found = grow(g, &zeros, &candidates, &mut chosen, a.len(), ctx)?;
    Ok(
        json!({"spectral": {"spectral": found, "spectrum": found.then(|| chosen.iter().map(|&i| g.element(i)).collect::<Vec<_>>()),
        "orthogonal_characters": candidates.len()}}),
    )
}

impl Query for FiniteAbelian {
    type Input = FiniteAbelianInput;
    type Output = FiniteAbelianOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "finite_abelian_group.compute",
            "Finite abelian groups: character sums on progressions, tilings A ⊕ B = G, spectral sets",
            "Character sums along progressions of Z/n_1 × … × Z/n_k with exact values and |S_L|, exact \
             factorizations A ⊕ B = G found or checked, and spectral pairs (A, Λ) checked or a spectrum searched.",
            "Groups of order up to 4,096: characters with values in μ_m, m = lcm(n_j); sums exact in the power \
             basis of Q(ζ_m) with |S_L| in closed form and the largest located exactly (the printed \
             absolute values are floating point); tilings by an exhaustive exact-cover search with B \
             ∋ 0 (a failed search proves none); spectra by a clique search among the characters orthogonal \
             on A (order ≤ 1,024), each vanishing sum decided modulo Φ_m.",
            &[
                "finite-abelian-group",
                "character-sum",
                "tiling",
                "exact-factorization",
                "spectral-set",
                "fuglede-conjecture",
                "roots-of-unity",
                "hajos",
            ],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("finite_abelian.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "does {0, 1} tile Z/8, and is it spectral?",
                Mode::Explore,
                json!({"group": [8], "questions": [{"factorization": {"a": [[0], [1]]}}, {"spectral": {"set": [[0], [1]]}}]}),
            ),
            (
                "partial sums of the character x ↦ e^(2πi·3x/10) over 0, 1, …, L − 1",
                Mode::Explore,
                json!({"group": [10], "questions": [{"character_sums": {"character": [3]}}]}),
            ),
        ]
    }
    fn validate(&self, i: &FiniteAbelianInput) -> Result<(), Diagnostic> {
        setup(i).map(drop)
    }
    fn bounds(&self, i: &FiniteAbelianInput) -> Result<(), Refusal> {
        setup(i).map(drop).map_err(Refusal::Unsupported)
    }
    fn answer(
        &self,
        i: &FiniteAbelianInput,
        ctx: &AdapterContext,
    ) -> Result<Answer<FiniteAbelianOutput>, AdapterError> {
        let g = setup(i).map_err(super::complexes::fail)?;
        let mut answers = vec![];
        for q in &i.questions {
            answers.push(match q {
                Question::CharacterSums { character, step, start, length } => {
                    let mut first = vec![0; g.n.len()];
                    first[0] = 1 % g.n[0];
                    let zero = vec![0; g.n.len()];
                    character_sums(
                        &g,
                        character,
                        step.as_deref().unwrap_or(&first),
                        start.as_deref().unwrap_or(&zero),
                        *length,
                        ctx,
                    )?
                }
                Question::Factorization { a, b } => factorization(&g, a, b.as_deref(), ctx)?,
                Question::Spectral { set, spectrum } => spectral(&g, set, spectrum.as_deref(), ctx)?,
            });
        }
        Ok(Answer::from(FiniteAbelianOutput { answers }))
    }
}
