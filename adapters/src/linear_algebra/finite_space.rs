//! `topology.finite_space.compute`: finite topological spaces, given by open sets that generate
//! the topology (a subbasis), computed natively on bitsets of at most 64 points.
//!
//! A finite space is determined by the minimal open neighbourhood U_x of each point (the
//! intersection of the open sets containing x); we write x ≤ y when x ∈ U_y (Barmak's
//! specialization order), so open sets are down-sets and closed sets up-sets.

use jacobian_runtime::adapter::{AdapterContext, AdapterError};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::cas::{self, Answer, Query};

/// Most points of a space.
pub const MAX_POINTS: usize = 64;

/// A finite space on the points 0, …, points − 1.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FiniteSpace {
    /// The number of points (1 to 64).
    #[schemars(range(min = 1, max = 64))]
    pub points: usize,
    /// Open sets generating the topology (a subbasis): the topology is the coarsest one in
    /// which they are open. Empty: the indiscrete topology.
    #[serde(default)]
    pub open_sets: Vec<Vec<u32>>,
}

/// One question.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Question {
    /// The closure of a subset: the least closed set containing it.
    Closure(Vec<u32>),
    /// The interior of a subset: the largest open set inside it.
    Interior(Vec<u32>),
    /// The boundary of a subset: its closure minus its interior.
    Boundary(Vec<u32>),
    /// The minimal open neighbourhood U_x of every point.
    MinimalOpenSets,
    /// The specialization preorder: the pairs [x, y], x ≠ y, with x ∈ U_y.
    SpecializationPreorder,
    /// The Kolmogorov (T0) quotient: the classes of topologically indistinguishable points, and
    /// the quotient's minimal open sets on the classes.
    KolmogorovQuotient,
    /// The beat points of the T0 quotient (Stong): x is a down beat point when the elements
    /// below it have a maximum, an up beat point when those above it have a minimum; and the
    /// core left after removing beat points one at a time (the smallest first).
    BeatPoints,
    /// Separation and connectedness: T0, T1, discrete, connected, the components, and the number
    /// of open sets (up to 16 points).
    Properties,
    /// Whether a map to another finite space is continuous (every preimage of an open set is
    /// open); when not, the minimal open set V_z with the least z whose preimage is not open.
    Continuous {
        /// The codomain.
        codomain: FiniteSpace,
        /// The image of each point of the space, in order.
        map: Vec<u32>,
    },
}

/// Input of `topology.finite_space.compute`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FiniteSpaceInput {
    /// The space.
    pub space: FiniteSpace,
    /// The questions (1 to 32), answered in order.
    #[schemars(length(min = 1, max = 32))]
    pub questions: Vec<Question>,
}

/// Output of `topology.finite_space.compute`: one answer per question, in order.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FiniteSpaceOutput {
    /// The answers, each an object keyed by the question's name.
    pub answers: Vec<Value>,
}

/// `topology.finite_space.compute`.
pub struct FiniteSpaceQuery;

/// Bits of a point set.
type Set = u64;

fn set(points: &[u32]) -> Set {
    points.iter().fold(0, |s, p| s | 1 << p)
}

fn list(s: Set) -> Vec<u32> {
    (0..64).filter(|i| s >> i & 1 == 1).collect()
}

/// The minimal open neighbourhoods U_x of a space.
fn minimal_opens(space: &FiniteSpace) -> Vec<Set> {
    let all = full(space.points);
    (0..space.points)
        .map(|x| space.open_sets.iter().map(|o| set(o)).filter(|o| o >> x & 1 == 1).fold(all, |u, o| u & o))
        .collect()
}

fn full(n: usize) -> Set {
    if n == 64 { u64::MAX } else { (1 << n) - 1 }
}

/// The interior: the points whose minimal neighbourhood lies inside.
fn interior(u: &[Set], s: Set) -> Set {
    (0..u.len()).filter(|&x| u[x] & !s == 0).fold(0, |acc, x| acc | 1 << x)
}

/// The closure: the points whose minimal neighbourhood meets the set.
fn closure(u: &[Set], s: Set) -> Set {
    (0..u.len()).filter(|&x| u[x] & s != 0).fold(0, |acc, x| acc | 1 << x)
}

fn check_space(space: &FiniteSpace, at: &str) -> Result<(), Diagnostic> {
    if !(1..=MAX_POINTS).contains(&space.points) {
        return Err(Diagnostic::at(format!("{at}/points"), "OUT_OF_RANGE", "a space has 1 to 64 points"));
    }
    for (i, o) in space.open_sets.iter().enumerate() {
        if let Some(j) = o.iter().position(|&p| p as usize >= space.points) {
            return Err(Diagnostic::at(format!("{at}/open_sets/{i}/{j}"), "NOT_A_POINT", "points are 0 to points − 1"));
        }
    }
    Ok(())
}

fn check_subset(s: &[u32], n: usize, at: String) -> Result<(), Diagnostic> {
    match s.iter().position(|&p| p as usize >= n) {
        Some(j) => Err(Diagnostic::at(format!("{at}/{j}"), "NOT_A_POINT", "points are 0 to points − 1")),
        None => Ok(()),
    }
}

/// The classes of points with equal minimal neighbourhoods, by least point.
fn classes(u: &[Set]) -> Vec<Set> {
    let mut out: Vec<Set> = vec![];
    for x in 0..u.len() {
        if !out.iter().any(|c| c >> x & 1 == 1) {
            out.push((x..u.len()).filter(|&y| u[y] == u[x]).fold(0, |acc, y| acc | 1 << y));
        }
    }
    out
}

/// The T0 quotient as a partial order on class indices: below[i] = classes strictly below i.
fn quotient_order(u: &[Set]) -> (Vec<Set>, Vec<Vec<usize>>) {
    let cs = classes(u);
    let rep = |c: Set| c.trailing_zeros() as usize;
    let below = (0..cs.len())
        .map(|i| (0..cs.len()).filter(|&j| j != i && u[rep(cs[i])] >> rep(cs[j]) & 1 == 1).collect())
        .collect();
    (cs, below)
}

/// Down and up beat points of a poset on `alive` (below[i]: elements strictly below i).
fn beats(below: &[Vec<usize>], alive: &[bool]) -> (Vec<usize>, Vec<usize>) {
    let n = below.len();
    let lt = |a: usize, b: usize| below[b].contains(&a);
    let (mut down, mut up) = (vec![], vec![]);
    for x in (0..n).filter(|&x| alive[x]) {
        let under: Vec<usize> = below[x].iter().copied().filter(|&y| alive[y]).collect();
        if under.iter().any(|&m| under.iter().all(|&y| y == m || lt(y, m))) {
            down.push(x);
        }
        let over: Vec<usize> = (0..n).filter(|&y| alive[y] && lt(x, y)).collect();
        if over.iter().any(|&m| over.iter().all(|&y| y == m || lt(m, y))) {
            up.push(x);
        }
    }
    (down, up)
}

fn answer_one(space: &FiniteSpace, u: &[Set], q: &Question) -> Value {
    let n = space.points;
    match q {
        Question::Closure(s) => json!({"closure": list(closure(u, set(s)))}),
        Question::Interior(s) => json!({"interior": list(interior(u, set(s)))}),
        Question::Boundary(s) => json!({"boundary": list(closure(u, set(s)) & !interior(u, set(s)))}),
        Question::MinimalOpenSets => json!({"minimal_open_sets": u.iter().map(|&s| list(s)).collect::<Vec<_>>()}),
        Question::SpecializationPreorder => {
            let pairs: Vec<[usize; 2]> = (0..n)
                .flat_map(|y| (0..n).filter(move |&x| x != y && u[y] >> x & 1 == 1).map(move |x| [x, y]))
                .collect();
            json!({"specialization_preorder": pairs})
        }
        Question::KolmogorovQuotient => {
            let (cs, below) = quotient_order(u);
            let opens: Vec<Vec<usize>> =
                below.iter().enumerate().map(|(i, b)| std::iter::once(i).chain(b.iter().copied()).collect()).collect();
            let opens: Vec<Vec<usize>> = opens
                .into_iter()
                .map(|mut o| {
                    o.sort_unstable();
                    o
                })
                .collect();
            json!({"kolmogorov_quotient": {"classes": cs.iter().map(|&c| list(c)).collect::<Vec<_>>(), "minimal_open_sets": opens}})
        }
        Question::BeatPoints => {
            let (cs, below) = quotient_order(u);
            let mut alive = vec![true; cs.len()];
            let (down, up) = beats(&below, &alive);
            let mut removed = vec![];
            loop {
                let (d, up_now) = beats(&below, &alive);
                let Some(&x) = d.iter().chain(up_now.iter()).min() else { break };
                alive[x] = false;
                removed.push(x);
            }
            let core: Vec<usize> = (0..cs.len()).filter(|&i| alive[i]).collect();
            json!({"beat_points": {"classes": cs.iter().map(|&c| list(c)).collect::<Vec<_>>(), "down": down, "up": up,
                                   "removed": removed, "core": core}})
        }
        Question::Properties => {
            let cs = classes(u);
            // Components: classes of the equivalence generated by x ∈ U_y.
            let mut comp: Vec<Set> = vec![];
            for x in 0..n {
                let mut c = 1u64 << x;
                loop {
                    let grown = (0..n).filter(|&y| c >> y & 1 == 1).fold(c, |acc, y| acc | u[y] | closure(u, 1 << y));
                    if grown == c {
                        break;
                    }
                    c = grown;
                }
                if !comp.contains(&c) {
                    comp.push(c);
                }
            }
            json!({"properties": {
                "t0": cs.len() == n,
                // A finite T1 space is discrete.
                "t1": (0..n).all(|x| u[x] == 1 << x),
                "discrete": (0..n).all(|x| u[x] == 1 << x),
                "connected": comp.len() == 1,
                "components": comp.iter().map(|&c| list(c)).collect::<Vec<_>>(),
                "open_sets": if n <= 16 { json!(open_count(u)) } else { Value::Null },
            }})
        }
        Question::Continuous { codomain, map } => {
            let v = minimal_opens(codomain);
            // Continuous iff the preimage of every minimal open set V_z is open, that is, holds
            // U_x for each of its points x. The witness is the least z where it fails.
            let preimage = |z: usize| (0..n).filter(|&x| v[z] >> map[x] & 1 == 1).fold(0u64, |acc, x| acc | 1 << x);
            let open = |p: Set| (0..n).all(|x| p >> x & 1 == 0 || u[x] & !p == 0);
            match (0..codomain.points).find(|&z| !open(preimage(z))) {
                None => json!({"continuous": {"continuous": true}}),
                Some(z) => {
                    json!({"continuous": {"continuous": false, "open_set": list(v[z]), "preimage": list(preimage(z))}})
                }
            }
        }
    }
}

/// The number of open sets (down-sets of the preorder), by counting unions of minimal opens.
fn open_count(u: &[Set]) -> usize {
    let mut opens = std::collections::BTreeSet::from([0u64]);
    for &m in u {
        let more: Vec<Set> = opens.iter().map(|&o| o | m).collect();
        opens.extend(more);
    }
    opens.len()
}

impl Query for FiniteSpaceQuery {
    type Input = FiniteSpaceInput;
    type Output = FiniteSpaceOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "topology.finite_space.compute",
            "Finite topological spaces",
            "Closure, interior and boundary of subsets, the specialization preorder, the Kolmogorov (T0) quotient, \
             beat points and core, separation, components and continuity of maps of a finite space.",
            "A finite space on the points 0..n−1 (n ≤ 64) is given by open sets generating its topology (a \
             subbasis). Answers are computed from the minimal open neighbourhoods U_x, with x ≤ y when x ∈ U_y \
             (open sets are down-sets): closure, interior and boundary of subsets; the specialization preorder; \
             the Kolmogorov quotient's classes and minimal open sets; the down and up beat points of the T0 \
             quotient and the core left after removing them (Stong); T0, T1, discreteness, connectedness and \
             components; whether a map to another finite space is continuous, with a witness when not.",
            &[
                "topology",
                "finite-space",
                "finite-topological-space",
                "closure",
                "interior",
                "boundary",
                "specialization-preorder",
                "kolmogorov-quotient",
                "t0",
                "beat-point",
                "continuity",
                "alexandrov",
            ],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("finite_space.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "the pseudocircle: closure, preorder and beat points",
            Mode::Explore,
            json!({"space": {"points": 4, "open_sets": [[0], [1], [0, 1, 2], [0, 1, 3]]},
                   "questions": [{"closure": [0]}, "specialization_preorder", "beat_points"]}),
        )]
    }
    fn validate(&self, i: &FiniteSpaceInput) -> Result<(), Diagnostic> {
        check_space(&i.space, "/space")?;
        let n = i.space.points;
        for (k, q) in i.questions.iter().enumerate() {
            match q {
                Question::Closure(s) => check_subset(s, n, format!("/questions/{k}/closure"))?,
                Question::Interior(s) => check_subset(s, n, format!("/questions/{k}/interior"))?,
                Question::Boundary(s) => check_subset(s, n, format!("/questions/{k}/boundary"))?,
                Question::Continuous { codomain, map } => {
                    let at = format!("/questions/{k}/continuous");
                    check_space(codomain, &format!("{at}/codomain"))?;
                    if map.len() != n {
                        return Err(Diagnostic::at(format!("{at}/map"), "WRONG_LENGTH", "one image per point"));
                    }
                    check_subset(map, codomain.points, format!("{at}/map"))?;
                }
                _ => {}
            }
        }
        Ok(())
    }
    fn answer(&self, i: &FiniteSpaceInput, ctx: &AdapterContext) -> Result<Answer<FiniteSpaceOutput>, AdapterError> {
        let u = minimal_opens(&i.space);
        let mut answers = vec![];
        for q in &i.questions {
            ctx.checkpoint()?;
            answers.push(answer_one(&i.space, &u, q));
        }
        Ok(Answer::from(FiniteSpaceOutput { answers }))
    }
}
