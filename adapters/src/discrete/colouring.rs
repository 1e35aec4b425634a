//! `combinatorics.ramsey.colouring`: Ramsey-type colourings by SAT, composed with the
//! solver behind `sat.solve` (`crate::sat::solve_cnf`, CaDiCaL): an edge colouring of K_n with
//! no monochromatic K_{s_c} in colour c, a colouring of {1, …, n} with no monochromatic
//! arithmetic progression of length k_c (van der Waerden), or with no monochromatic x + y = z
//! (Schur). One variable per element and colour, a clause "some colour" per element, and a
//! clause forbidding each configuration in each colour.

// Index loops over several parallel tables read more clearly than zipped iterators here.
#![allow(clippy::needless_range_loop, clippy::type_complexity)]

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::cnf::Cnf;
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::statements;
use crate::cas::{self, Answer, Query};
use crate::counting::binomial_saturating;

/// Most clauses encoded.
pub const MAX_CLAUSES: u64 = 5_000_000;
/// Largest n of a Ramsey colouring.
pub const MAX_RAMSEY_N: u64 = 64;
/// Largest interval coloured.
pub const MAX_INTERVAL: u64 = 10_000;

/// The colouring problem.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Problem {
    /// Colour the edges of K_n with colours 0..r so that no K_{sizes[c]} has all edges of colour c.
    Ramsey {
        /// n.
        n: u64,
        /// One clique size per colour (2 to 8 colours, sizes ≥ 2).
        #[schemars(length(min = 2, max = 8))]
        sizes: Vec<u64>,
    },
    /// Colour 1..n so that no arithmetic progression of length lengths[c] has colour c.
    VanDerWaerden {
        /// n.
        n: u64,
        /// One progression length per colour.
        #[schemars(length(min = 2, max = 8))]
        lengths: Vec<u64>,
    },
    /// Colour 1..n with `colours` colours and no monochromatic x + y = z (x = y allowed).
    Schur {
        /// n.
        n: u64,
        /// Number of colours.
        colours: u64,
    },
}

/// Input of `combinatorics.ramsey.colouring`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ColouringInput {
    /// The problem.
    pub problem: Problem,
    /// Also return the CNF formula as DIMACS text (for `sat.solve` with a proof).
    #[serde(default)]
    pub formula: bool,
}

/// Output of `combinatorics.ramsey.colouring`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ColouringOutput {
    /// Whether a colouring exists.
    pub exists: bool,
    /// The colouring: per edge {i, j} (i < j, lexicographic) for Ramsey, per integer 1..n otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colouring: Option<Vec<u64>>,
    /// Variables and clauses of the encoding.
    pub variables: u32,
    /// Number of clauses.
    pub clauses: usize,
    /// The formula (DIMACS), when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dimacs: Option<String>,
}

/// `combinatorics.ramsey.colouring`.
pub struct Colouring;

/// (elements, colours, estimated clauses).
fn size(p: &Problem) -> (u64, u64, u64) {
    match p {
        Problem::Ramsey { n, sizes } => (
            n * n.saturating_sub(1) / 2,
            sizes.len() as u64,
            sizes
                .iter()
                .map(|&s| u64::try_from(binomial_saturating(*n, s)).unwrap_or(u64::MAX))
                .fold(0, u64::saturating_add),
        ),
        Problem::VanDerWaerden { n, lengths } => (*n, lengths.len() as u64, lengths.len() as u64 * n * n),
        Problem::Schur { n, colours } => (*n, *colours, colours * n * n / 2),
    }
}

fn encode(p: &Problem, ctx: &AdapterContext) -> Result<(Cnf, u64, u64), AdapterError> {
    let (m, r, _) = size(p);
    let var = |e: u64, c: u64| (e * r + c + 1) as i32;
    let mut clauses: Vec<Vec<i32>> = (0..m).map(|e| (0..r).map(|c| var(e, c)).collect()).collect();
    match p {
        Problem::Ramsey { n, sizes } => {
            let n = *n;
            let edge = |i: u64, j: u64| i * (2 * n - i - 1) / 2 + (j - i - 1);
            // A clique larger than the whole graph cannot be monochromatic: no constraint.
            for (c, &s) in sizes.iter().enumerate().filter(|&(_, &s)| s <= n) {
                // Every s-subset of vertices, in lexicographic order.
                let mut sub: Vec<u64> = (0..s).collect();
                loop {
                    if clauses.len().is_multiple_of(65_536) {
                        ctx.checkpoint()?;
                    }
                    let mut clause = vec![];
                    for a in 0..sub.len() {
                        for b in a + 1..sub.len() {
                            clause.push(-var(edge(sub[a], sub[b]), c as u64));
                        }
                    }
                    clauses.push(clause);
                    let mut i = s as usize;
                    loop {
                        if i == 0 {
                            break;
                        }
                        i -= 1;
                        if sub[i] < n - s + i as u64 {
                            sub[i] += 1;
                            for j in i + 1..s as usize {
                                sub[j] = sub[j - 1] + 1;
                            }
                            i = usize::MAX;
                            break;
                        }
                    }
                    if i != usize::MAX {
                        break;
                    }
                }
            }
        }
        Problem::VanDerWaerden { n, lengths } => {
            for (c, &k) in lengths.iter().enumerate() {
                for a in 1..=*n {
                    for d in 1..=*n {
                        if a + (k - 1) * d > *n {
                            break;
                        }
                        clauses.push((0..k).map(|i| -var(a + i * d - 1, c as u64)).collect());
                    }
                }
            }
        }
        Problem::Schur { n, colours } => {
            for c in 0..*colours {
                for x in 1..=*n {
                    for y in x..=*n - x {
                        let mut cl = vec![-var(x - 1, c), -var(y - 1, c), -var(x + y - 1, c)];
                        cl.sort_unstable();
                        cl.dedup();
                        clauses.push(cl);
                    }
                }
            }
        }
    }
    let cnf = Cnf::new((m * r) as u32, clauses)
        .map_err(|d| AdapterError::Backend(format!("the encoding is not a CNF formula: {}", d[0].message)))?;
    Ok((cnf, m, r))
}

impl Query for Colouring {
    type Input = ColouringInput;
    type Output = ColouringOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "combinatorics.ramsey.colouring",
                "Ramsey-type colourings by SAT",
                "Find a colouring avoiding monochromatic cliques (Ramsey), arithmetic progressions (van der Waerden) or x + y = z (Schur), or show none exists, by SAT.",
                "The problem is encoded as CNF (a variable per element and colour, a clause per forbidden monochromatic \
                 configuration) and solved by the CaDiCaL solver behind `sat.solve`. A colouring found is VERIFIED by \
                 the discrete checker's replay of every configuration; absence is CaDiCaL's answer on the formula \
                 (`formula` returns it, for `sat.solve` with an LRAT proof).",
                &[
                    "ramsey",
                    "van-der-waerden",
                    "schur",
                    "colouring",
                    "coloring",
                    "sat",
                    "monochromatic",
                    "two-colouring",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        crate::backends::bundled_crate(
            "cadical",
            crate::backends::CADICAL_VERSION,
            "MIT",
            include_str!("colouring.rs"),
            &[],
        )
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "R(3, 3) > 5: a 2-colouring of K5 without monochromatic triangles",
                Mode::Verify,
                json!({"problem": {"ramsey": {"n": 5, "sizes": [3, 3]}}}),
            ),
            ("R(3, 3) ≤ 6: K6 has none", Mode::Explore, json!({"problem": {"ramsey": {"n": 6, "sizes": [3, 3]}}})),
            (
                "W(3, 3) = 9: a colouring of 1..8",
                Mode::Verify,
                json!({"problem": {"van_der_waerden": {"n": 8, "lengths": [3, 3]}}}),
            ),
        ]
    }
    fn validate(&self, i: &ColouringInput) -> Result<(), Diagnostic> {
        match &i.problem {
            Problem::Ramsey { sizes, .. } => {
                if let Some(k) = sizes.iter().position(|&s| s < 2) {
                    return Err(super::out_of_range(
                        &format!("/problem/ramsey/sizes/{k}"),
                        "clique sizes are at least 2",
                    ));
                }
            }
            Problem::VanDerWaerden { lengths, .. } => {
                if let Some(k) = lengths.iter().position(|&s| s < 2) {
                    return Err(super::out_of_range(
                        &format!("/problem/van_der_waerden/lengths/{k}"),
                        "lengths are at least 2",
                    ));
                }
            }
            Problem::Schur { colours, .. } => {
                if !(1..=8).contains(colours) {
                    return Err(super::out_of_range("/problem/schur/colours", "1 to 8 colours"));
                }
            }
        }
        Ok(())
    }
    fn bounds(&self, i: &ColouringInput) -> Result<(), Refusal> {
        let (n, max, at) = match &i.problem {
            Problem::Ramsey { n, .. } => (*n, MAX_RAMSEY_N, "/problem/ramsey/n"),
            Problem::VanDerWaerden { n, .. } => (*n, MAX_INTERVAL, "/problem/van_der_waerden/n"),
            Problem::Schur { n, .. } => (*n, MAX_INTERVAL, "/problem/schur/n"),
        };
        if n > max || size(&i.problem).2 > MAX_CLAUSES {
            return Err(super::too_large(at, format!("n ≤ {max} and at most {MAX_CLAUSES} clauses")));
        }
        Ok(())
    }
    fn answer(&self, i: &ColouringInput, ctx: &AdapterContext) -> Result<Answer<ColouringOutput>, AdapterError> {
        let (cnf, m, r) = encode(&i.problem, ctx)?;
        let answer = crate::sat::solve_cnf(&cnf, false, &|| ctx.should_stop())?;
        ctx.checkpoint()?;
        let Some(answer) = answer else {
            return Err(AdapterError::Backend("CaDiCaL stopped without an answer".into()));
        };
        let colouring = match answer {
            crate::sat::Answer::Sat(model) => Some(
                (0..m).map(|e| (0..r).find(|&c| model[(e * r + c) as usize] > 0).unwrap_or(0)).collect::<Vec<u64>>(),
            ),
            crate::sat::Answer::Unsat(_) => None,
        };
        let out = ColouringOutput {
            exists: colouring.is_some(),
            colouring: colouring.clone(),
            variables: cnf.variables,
            clauses: cnf.clauses.len(),
            dimacs: i.formula.then(|| cnf.to_dimacs()),
        };
        let mut answer = Answer::from(out);
        if let Some(col) = colouring {
            let (problem, n, sizes) = match &i.problem {
                Problem::Ramsey { n, sizes } => ("ramsey", *n, sizes.clone()),
                Problem::VanDerWaerden { n, lengths } => ("van_der_waerden", *n, lengths.clone()),
                Problem::Schur { n, colours } => ("schur", *n, vec![3; *colours as usize]),
            };
            let statement = json!({"colouring": {"problem": problem, "n": n, "sizes": sizes, "colouring": col}});
            answer = answer.claim(statements(vec![statement]));
        }
        Ok(answer)
    }
}
