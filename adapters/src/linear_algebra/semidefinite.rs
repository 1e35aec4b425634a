//! `matrix.semidefinite.compute`: positive semidefinite matrices in exact rationals — the
//! Loewner order, chordal decompositions and completions, and facial reduction of
//! spectrahedra. Every conclusion rests on congruence diagonalizations PᵀMP = D, kernels and
//! matrix identities that the matrix checker replays with its own arithmetic.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::matrix::{Dense, Entry, Matrix, Ring, Scalar};
use jacobian_runtime::typed::Describe;
use num_traits::{Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::exact::{self, Field};
use super::inertia::{Congruence, read_symmetric};
use super::spaces::field_kernel;
use super::{listed, lit, texts};
use crate::cas::{self, Answer, Query};

/// Most rows of a matrix.
pub const MAX_DIMENSION: usize = 40;
/// Most digits of an entry.
pub const MAX_DIGITS: usize = 60;
/// Most constraints of a spectrahedron.
pub const MAX_CONSTRAINTS: usize = 40;

/// One linear constraint ⟨A, X⟩ = trace(A·X) = b.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Constraint {
    /// A, symmetric n × n over Z or Q.
    pub matrix: Matrix,
    /// b.
    pub value: Entry,
}

/// The question.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Question {
    /// Whether A ⪰ B in the Loewner order (A − B positive semidefinite) and whether A ≻ B; when
    /// not, a vector v with vᵀ(A − B)v < 0.
    Order {
        /// A, symmetric.
        a: Matrix,
        /// B, symmetric of A's size.
        b: Matrix,
    },
    /// A = Σ_C E_Cᵀ·A_C·E_C over the maximal cliques C of the sparsity graph of A, each A_C ⪰ 0
    /// (A positive semidefinite with a chordal pattern), from an elimination without fill.
    ChordalDecomposition {
        /// A, symmetric.
        matrix: Matrix,
    },
    /// A positive semidefinite completion of a partial symmetric matrix whose specified entries
    /// form a chordal pattern (null marks an unspecified entry; the diagonal is specified), or
    /// a maximal clique whose block is not positive semidefinite.
    ChordalCompletion {
        /// The rows, `null` where unspecified.
        partial: Vec<Vec<Option<Entry>>>,
    },
    /// Facial reduction of {X ⪰ 0 : ⟨A_i, X⟩ = b_i}: exposing matrices W ⪰ 0 with ⟨W, X⟩ = 0 on
    /// the feasible set, the face X = V·U·Vᵀ they leave, and certificates of infeasibility.
    FacialReduction {
        /// The constraints (1 to 40), all of one size.
        constraints: Vec<Constraint>,
        /// Multipliers y, one per constraint: tried first as W = Σ y_i A_i with bᵀy = 0.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        multipliers: Option<Vec<Entry>>,
    },
}

/// Input of `matrix.semidefinite.compute`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SemidefiniteInput {
    /// The question.
    pub question: Question,
}

/// Output of `matrix.semidefinite.compute`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SemidefiniteOutput {
    /// The answer, an object keyed by the question's name.
    pub answer: Value,
}

/// `matrix.semidefinite.compute`.
pub struct Semidefinite;

/// A checked question.
enum Parsed {
    Order(Dense, Dense),
    Decomposition(Dense),
    Completion(Vec<Vec<Option<Scalar>>>),
    Facial(Vec<(Dense, Scalar)>, Option<Vec<Scalar>>),
}

fn q() -> Field {
    Field::of(&Ring::Rational)
}

fn rational(d: &Dense) -> Dense {
    Dense { ring: Ring::Rational, ..d.clone() }
}

fn value(e: &Entry, at: &str) -> Result<Scalar, Diagnostic> {
    super::bounded_entry(e, MAX_DIGITS, at)
}

fn symmetric(m: &Matrix, at: &str) -> Result<Dense, Diagnostic> {
    let d = read_symmetric(m, at)?;
    if d.rows > MAX_DIMENSION || d.max_digits() > MAX_DIGITS {
        let m = format!("at most {MAX_DIMENSION} × {MAX_DIMENSION}, entries of at most {MAX_DIGITS} digits");
        return Err(Diagnostic::at(at, "TOO_LARGE", m));
    }
    Ok(rational(&d))
}

fn parse(i: &SemidefiniteInput) -> Result<Parsed, Diagnostic> {
    match &i.question {
        Question::Order { a, b } => {
            let (x, y) = (symmetric(a, "/question/order/a")?, symmetric(b, "/question/order/b")?);
            if x.rows != y.rows {
                let m = format!("B has A's size, {0} × {0}", x.rows);
                return Err(Diagnostic::at("/question/order/b", "WRONG_SIZE", m));
            }
            Ok(Parsed::Order(x, y))
        }
        Question::ChordalDecomposition { matrix } => {
            Ok(Parsed::Decomposition(symmetric(matrix, "/question/chordal_decomposition/matrix")?))
        }
        Question::ChordalCompletion { partial } => {
            let at = "/question/chordal_completion/partial";
            let n = partial.len();
            if !(1..=MAX_DIMENSION).contains(&n) {
                return Err(Diagnostic::at(at, "OUT_OF_RANGE", format!("1 to {MAX_DIMENSION} rows")));
            }
            let mut vals = vec![vec![None; n]; n];
            for (r, row) in partial.iter().enumerate() {
                if row.len() != n {
                    return Err(Diagnostic::at(format!("{at}/{r}"), "WRONG_LENGTH", format!("{n} entries, a square")));
                }
                for (c, e) in row.iter().enumerate() {
                    if let Some(e) = e {
                        vals[r][c] = Some(value(e, &format!("{at}/{r}/{c}"))?);
                    }
                }
            }
            if let Some(r) = (0..n).find(|&r| vals[r][r].is_none()) {
                let m = "every diagonal entry is given";
                return Err(Diagnostic::at(format!("{at}/{r}/{r}"), "UNSPECIFIED", m));
            }
            let mut pairs = (0..n).flat_map(|r| (r + 1..n).map(move |c| (r, c)));
            if let Some((r, c)) = pairs.find(|&(r, c)| vals[r][c] != vals[c][r]) {
                let m = format!("entries ({r}, {c}) and ({c}, {r}) are both null or both the same value");
                return Err(Diagnostic::at(format!("{at}/{c}/{r}"), "NOT_SYMMETRIC", m));
            }
            let adj: Vec<Vec<bool>> =
                (0..n).map(|r| (0..n).map(|c| r != c && vals[r][c].is_some()).collect()).collect();
            if let Err(cycle) = chordal(&adj, &search_order(&adj)) {
                let m = format!(
                    "the specified entries form the chordless cycle {cycle:?} (rows counted from 0); completions are \
                     decided for chordal patterns"
                );
                return Err(Diagnostic::at(at, "NOT_CHORDAL", m));
            }
            Ok(Parsed::Completion(vals))
        }
        Question::FacialReduction { constraints, multipliers } => {
            let at = "/question/facial_reduction";
            if !(1..=MAX_CONSTRAINTS).contains(&constraints.len()) {
                let m = format!("1 to {MAX_CONSTRAINTS} constraints");
                return Err(Diagnostic::at(format!("{at}/constraints"), "OUT_OF_RANGE", m));
            }
            let mut out: Vec<(Dense, Scalar)> = vec![];
            for (k, c) in constraints.iter().enumerate() {
                let here = format!("{at}/constraints/{k}");
                let a = symmetric(&c.matrix, &format!("{here}/matrix"))?;
                if let Some((first, _)) = out.first()
                    && first.rows != a.rows
                {
                    let m = format!("every constraint is {0} × {0}", first.rows);
                    return Err(Diagnostic::at(format!("{here}/matrix"), "WRONG_SIZE", m));
                }
                out.push((a, value(&c.value, &format!("{here}/value"))?));
            }
            let y = match multipliers {
                Some(y) if y.len() != out.len() => {
                    let m = format!("one multiplier per constraint, {}", out.len());
                    return Err(Diagnostic::at(format!("{at}/multipliers"), "WRONG_LENGTH", m));
                }
                Some(y) => Some(
                    y.iter()
                        .enumerate()
                        .map(|(k, e)| value(e, &format!("{at}/multipliers/{k}")))
                        .collect::<Result<_, _>>()?,
                ),
                None => None,
            };
            Ok(Parsed::Facial(out, y))
        }
    }
}

/// Maximum cardinality search: a visiting order whose reverse is a perfect elimination ordering
/// exactly when the graph is chordal.
fn search_order(adj: &[Vec<bool>]) -> Vec<usize> {
    let n = adj.len();
    let (mut weight, mut seen, mut order) = (vec![0usize; n], vec![false; n], vec![]);
    for _ in 0..n {
        let v = (0..n).filter(|&v| !seen[v]).max_by_key(|&v| (weight[v], std::cmp::Reverse(v))).expect("unseen");
        seen[v] = true;
        order.push(v);
        for u in 0..n {
            if adj[v][u] && !seen[u] {
                weight[u] += 1;
            }
        }
    }
    order
}

/// The neighbours of `order[i]` visited before it.
fn earlier(adj: &[Vec<bool>], order: &[usize], i: usize) -> Vec<usize> {
    order[..i].iter().copied().filter(|&u| adj[order[i]][u]).collect()
}

/// Ok when every vertex's earlier neighbours form a clique; otherwise a chordless cycle of length
/// at least 4 through a vertex and two non-adjacent earlier neighbours.
fn chordal(adj: &[Vec<bool>], order: &[usize]) -> Result<(), Vec<usize>> {
    let n = adj.len();
    let mut broken = false;
    for i in 0..n {
        let (v, nb) = (order[i], earlier(adj, order, i));
        for (x, &a) in nb.iter().enumerate() {
            for &b in &nb[x + 1..] {
                if adj[a][b] {
                    continue;
                }
                broken = true;
                // A shortest a–b path avoiding v's other neighbours closes a chordless cycle.
                let blocked: Vec<bool> = (0..n).map(|u| u == v || (adj[v][u] && u != a && u != b)).collect();
                let mut parent = vec![usize::MAX; n];
                let mut queue = std::collections::VecDeque::from([a]);
                parent[a] = a;
                while let Some(u) = queue.pop_front() {
                    for w in 0..n {
                        if adj[u][w] && !blocked[w] && parent[w] == usize::MAX {
                            parent[w] = u;
                            queue.push_back(w);
                        }
                    }
                }
                if parent[b] != usize::MAX {
                    let mut path = vec![b];
                    while *path.last().expect("nonempty") != a {
                        path.push(parent[*path.last().expect("nonempty")]);
                    }
                    path.push(v);
                    path.reverse();
                    return Err(path);
                }
            }
        }
    }
    if broken { Err(vec![]) } else { Ok(()) }
}

/// The maximal cliques of a chordal graph: the maximal sets {order[i]} ∪ earlier(i), sorted.
fn maximal_cliques(adj: &[Vec<bool>], order: &[usize]) -> Vec<Vec<usize>> {
    let sets: Vec<Vec<usize>> = (0..order.len())
        .map(|i| {
            let mut c = earlier(adj, order, i);
            c.push(order[i]);
            c.sort_unstable();
            c
        })
        .collect();
    let mut out: Vec<Vec<usize>> = vec![];
    for (i, c) in sets.iter().enumerate() {
        let inside = |d: &Vec<usize>| c.iter().all(|x| d.contains(x));
        let dominated = sets.iter().enumerate().any(|(j, d)| j != i && inside(d) && (d.len() > c.len() || j < i));
        if !dominated {
            out.push(c.clone());
        }
    }
    out.sort();
    out
}

fn sub(a: &Dense, rows: &[usize], cols: &[usize]) -> Dense {
    let data = rows.iter().map(|&r| cols.iter().map(|&c| a.data[r][c].clone()).collect()).collect();
    Dense { ring: a.ring.clone(), rows: rows.len(), cols: cols.len(), data }
}

/// E_C: the |C| × n matrix picking the rows in C.
fn selection(c: &[usize], n: usize) -> Dense {
    let data = c.iter().map(|&i| (0..n).map(|j| Scalar::int(i64::from(i == j))).collect()).collect();
    Dense { ring: Ring::Rational, rows: c.len(), cols: n, data }
}

fn is_zero(d: &Dense) -> bool {
    d.data.iter().flatten().all(|x| x.num.is_zero())
}

/// vᵀMv < 0 for the column of P at the first negative entry of D, when there is one.
fn negative_direction(c: &Congruence) -> Option<Value> {
    let k = c.diagonal.iter().position(|d| d.num.is_negative())?;
    Some(json!({"vector": texts(&c.column(k)), "value": c.diagonal[k].to_string()}))
}

fn order(a: &Dense, b: &Dense, st: &mut Vec<Value>, ctx: &AdapterContext) -> Result<Value, AdapterError> {
    let f = q();
    let m = exact::zip(a, b, |x, y| f.add(x, &f.neg(y)));
    let c = Congruence::of(&m, ctx)?;
    st.push(json!({"equal": [lit(&m), {"sum": [lit(a), {"negate": lit(b)}]}]}));
    st.push(c.statement.clone());
    let holds = c.inertia[1] == 0;
    // For M ⪰ 0, vᵀMv = 0 forces Mv = 0: a zero entry of D gives a kernel vector.
    let kernel = c.diagonal.iter().position(|d| d.num.is_zero()).filter(|_| holds).map(|k| texts(&c.column(k)));
    Ok(json!({"order": {
        "holds": holds, "strict": holds && c.inertia[2] == 0, "difference": listed(&m), "difference_inertia": c.inertia,
        "witness": negative_direction(&c), "kernel_vector": kernel
    }}))
}

fn decomposition(a: &Dense, st: &mut Vec<Value>, ctx: &AdapterContext) -> Result<Value, AdapterError> {
    let n = a.rows;
    let f = q();
    let adj: Vec<Vec<bool>> = (0..n).map(|r| (0..n).map(|c| r != c && !a.data[r][c].num.is_zero()).collect()).collect();
    let visit = search_order(&adj);
    if let Err(cycle) = chordal(&adj, &visit) {
        return Ok(json!({"chordal_decomposition": {"chordal": false, "chordless_cycle": cycle}}));
    }
    let c = Congruence::of(a, ctx)?;
    if c.inertia[1] > 0 {
        st.push(c.statement.clone());
        return Ok(json!({"chordal_decomposition": {"chordal": true, "positive_semidefinite": false,
            "inertia": c.inertia, "witness": negative_direction(&c)}}));
    }
    let cliques = maximal_cliques(&adj, &visit);
    let mut blocks: Vec<Dense> = cliques
        .iter()
        .map(|c| Dense {
            ring: Ring::Rational,
            rows: c.len(),
            cols: c.len(),
            data: vec![vec![Scalar::int(0); c.len()]; c.len()],
        })
        .collect();
    let mut pos = vec![0; n];
    for (i, &v) in visit.iter().enumerate() {
        pos[v] = i;
    }
    // LDLᵀ along the perfect elimination ordering: each term d·l·lᵀ lives on a clique.
    let mut m = a.clone();
    for &v in visit.iter().rev() {
        ctx.checkpoint()?;
        let d = m.data[v][v].clone();
        let mut support: Vec<usize> = (0..n).filter(|&u| pos[u] < pos[v] && !m.data[u][v].num.is_zero()).collect();
        if d.num.is_zero() {
            if !support.is_empty() {
                return Err(AdapterError::Backend(
                    "a zero pivot of a semidefinite matrix with a nonzero column".into(),
                ));
            }
            continue;
        }
        support.push(v);
        let k = cliques
            .iter()
            .position(|c| support.iter().all(|u| c.contains(u)))
            .ok_or_else(|| AdapterError::Backend("an elimination term outside every clique".into()))?;
        let inv = f.inv(&d);
        for &x in &support {
            for &y in &support {
                let t = f.mul(&f.mul(&m.data[x][v], &m.data[y][v]), &inv);
                let (i, j) = (cliques[k].binary_search(&x).expect("in"), cliques[k].binary_search(&y).expect("in"));
                blocks[k].data[i][j] = f.add(&blocks[k].data[i][j], &t);
                if x != v && y != v {
                    m.data[x][y] = f.add(&m.data[x][y], &f.neg(&t));
                }
            }
        }
    }
    let terms: Vec<Value> = cliques
        .iter()
        .zip(&blocks)
        .map(|(c, b)| {
            let e = lit(&selection(c, n));
            json!({"product": [{"transpose": e}, lit(b), e]})
        })
        .collect();
    st.push(json!({"equal": [lit(a), {"sum": terms}]}));
    let mut ranks = vec![];
    for b in &blocks {
        let cb = Congruence::of(b, ctx)?;
        if cb.inertia[1] > 0 {
            return Err(AdapterError::Backend("a clique block of the decomposition is not semidefinite".into()));
        }
        ranks.push(cb.inertia[0]);
        st.push(cb.statement);
    }
    Ok(json!({"chordal_decomposition": {"chordal": true, "positive_semidefinite": true, "cliques": cliques,
        "blocks": blocks.iter().map(listed).collect::<Vec<_>>(), "block_ranks": ranks}}))
}

fn completion(vals: &[Vec<Option<Scalar>>], st: &mut Vec<Value>, ctx: &AdapterContext) -> Result<Value, AdapterError> {
    let n = vals.len();
    let f = q();
    let adj: Vec<Vec<bool>> = (0..n).map(|r| (0..n).map(|c| r != c && vals[r][c].is_some()).collect()).collect();
    let visit = search_order(&adj);
    let cliques = maximal_cliques(&adj, &visit);
    let given = |r: usize, c: usize| vals[r][c].clone().unwrap_or_else(|| Scalar::int(0));
    let block = |c: &[usize]| Dense {
        ring: Ring::Rational,
        rows: c.len(),
        cols: c.len(),
        data: c.iter().map(|&r| c.iter().map(|&s| given(r, s)).collect()).collect(),
    };
    for c in &cliques {
        let cb = Congruence::of(&block(c), ctx)?;
        if let Some(w) = negative_direction(&cb) {
            st.push(cb.statement);
            return Ok(json!({"chordal_completion": {"completable": false, "clique": c, "clique_inertia": cb.inertia,
                "witness": w}}));
        }
    }
    // Add the vertices in visiting order: the new row against the earlier vertices U outside
    // the clique S of earlier neighbours is X_vS·X_SS⁺·X_SU (the Schur-complement completion).
    let mut x: Vec<Vec<Scalar>> = (0..n).map(|r| (0..n).map(|c| given(r, c)).collect()).collect();
    for i in 1..n {
        ctx.checkpoint()?;
        let v = visit[i];
        let s = earlier(&adj, &visit, i);
        let u: Vec<usize> = visit[..i].iter().copied().filter(|w| !s.contains(w)).collect();
        if u.is_empty() || s.is_empty() {
            continue;
        }
        let xm = Dense { ring: Ring::Rational, rows: n, cols: n, data: x.clone() };
        let z = exact::solve_columns(&sub(&xm, &s, &s), &sub(&xm, &s, &u), ctx)?
            .ok_or_else(|| AdapterError::Backend("a semidefinite block without the range condition".into()))?;
        for (k, &w) in u.iter().enumerate() {
            let t =
                s.iter().enumerate().fold(Scalar::int(0), |acc, (j, &r)| f.add(&acc, &f.mul(&x[v][r], &z.data[j][k])));
            x[v][w] = t.clone();
            x[w][v] = t;
        }
    }
    let xm = Dense { ring: Ring::Rational, rows: n, cols: n, data: x };
    let c = Congruence::of(&xm, ctx)?;
    if c.inertia[1] > 0 {
        return Err(AdapterError::Backend("the completion is not semidefinite".into()));
    }
    st.push(c.statement.clone());
    for cl in &cliques {
        let e = lit(&selection(cl, n));
        st.push(json!({"equal": [{"product": [e, lit(&xm), {"transpose": e}]}, lit(&block(cl))]}));
    }
    // A positive definite completion whose inverse vanishes off the pattern maximizes det.
    let max_det = if c.inertia[2] == 0 {
        let inverse = exact::solve_columns(&xm, &exact::identity(&Ring::Rational, n), ctx)?
            .ok_or_else(|| AdapterError::Backend("a definite matrix without an inverse".into()))?;
        Some((0..n).all(|r| (0..n).all(|s| r == s || adj[r][s] || inverse.data[r][s].num.is_zero())))
    } else {
        None
    };
    Ok(json!({"chordal_completion": {"completable": true, "completion": listed(&xm), "cliques": cliques,
        "inertia": c.inertia, "maximum_determinant": max_det}}))
}

fn facial(
    cons: &[(Dense, Scalar)],
    y: Option<&[Scalar]>,
    st: &mut Vec<Value>,
    ctx: &AdapterContext,
) -> Result<Value, AdapterError> {
    let f = q();
    let n = cons[0].0.rows;
    let mut v = exact::identity(&Ring::Rational, n);
    let (mut steps, mut infeasible, mut tried) = (vec![], None::<String>, Value::Null);
    let reduce = |v: &Dense, a: &Dense| exact::product(&exact::transpose(v), &exact::product(a, v));
    // Replaces the face basis by V·K, K a kernel basis of the exposing matrix in face coordinates.
    let expose = |v: &mut Dense, w: &Dense, st: &mut Vec<Value>| -> Result<usize, AdapterError> {
        let (k, kernel, _) = field_kernel(w, ctx)?;
        let next = exact::product(v, &k);
        st.push(kernel);
        st.push(json!({"equal": [lit(&next), {"product": [lit(v), lit(&k)]}]}));
        *v = next;
        Ok(k.cols)
    };
    if let Some(y) = y {
        let w = cons.iter().zip(y).fold(exact::map(&cons[0].0, |_| Scalar::int(0)), |acc, ((a, _), c)| {
            exact::zip(&acc, a, |p, x| f.add(p, &f.mul(c, x)))
        });
        let b = cons.iter().zip(y).fold(Scalar::int(0), |acc, ((_, b), c)| f.add(&acc, &f.mul(b, c)));
        let terms: Vec<Value> =
            cons.iter().zip(y).map(|((a, _), c)| json!({"scale": [c.to_string(), lit(a)]})).collect();
        st.push(json!({"equal": [lit(&w), {"sum": terms}]}));
        let cw = Congruence::of(&w, ctx)?;
        let psd = cw.inertia[1] == 0;
        let outcome = if is_zero(&w) && !b.num.is_zero() {
            infeasible = Some("Σ y_i A_i = 0 while Σ y_i b_i ≠ 0".into());
            "infeasible"
        } else if is_zero(&w) {
            "zero"
        } else if !psd {
            "not_semidefinite"
        } else if b.num.is_negative() {
            infeasible = Some("W = Σ y_i A_i ⪰ 0 while ⟨W, X⟩ = Σ y_i b_i < 0 for every feasible X".into());
            "infeasible"
        } else if b.num.is_positive() {
            "not_orthogonal"
        } else {
            let dim = expose(&mut v, &w, st)?;
            steps.push(json!({"from": "multipliers", "exposing": listed(&w), "face_dimension": dim}));
            "exposing"
        };
        st.push(cw.statement);
        tried = json!({"outcome": outcome, "inertia": cw.inertia, "value": b.to_string()});
    }
    // Single constraints that are semidefinite on the face with b_i = 0 expose it further.
    'search: while infeasible.is_none() && v.cols > 0 {
        for (i, (a, b)) in cons.iter().enumerate() {
            ctx.checkpoint()?;
            let ar = reduce(&v, a);
            if is_zero(&ar) {
                if !b.num.is_zero() {
                    st.push(json!({"equal": [lit(&ar), {"product": [{"transpose": lit(&v)}, lit(a), lit(&v)]}]}));
                    infeasible = Some(format!("constraint {i} reads 0 = {b} on the face"));
                    break 'search;
                }
                continue;
            }
            let c = Congruence::of(&ar, ctx)?;
            let sign: i64 = if c.inertia[1] == 0 {
                1
            } else if c.inertia[0] == 0 {
                -1
            } else {
                continue;
            };
            let signed = f.mul(&Scalar::int(sign), b);
            if signed.num.is_positive() {
                continue;
            }
            st.push(json!({"equal": [lit(&ar), {"product": [{"transpose": lit(&v)}, lit(a), lit(&v)]}]}));
            st.push(c.statement);
            if signed.num.is_negative() {
                let s = if sign > 0 { "⪰" } else { "⪯" };
                infeasible = Some(format!("VᵀA_{i}V {s} 0 on the face while b_{i} = {b}"));
                break 'search;
            }
            let dim = expose(&mut v, &ar, st)?;
            let w = if sign > 0 { ar } else { exact::map(&ar, |x| f.neg(x)) };
            steps.push(json!({"from": {"constraint": i}, "exposing": listed(&w), "face_dimension": dim}));
            continue 'search;
        }
        break;
    }
    if infeasible.is_none()
        && v.cols == 0
        && let Some(i) = cons.iter().position(|(_, b)| !b.num.is_zero())
    {
        infeasible = Some(format!("the face is {{0}} while b_{i} ≠ 0"));
    }
    let status = match (&infeasible, steps.is_empty()) {
        (Some(_), _) => "infeasible",
        (None, false) => "reduced",
        (None, true) => "no_exposing_matrix_found",
    };
    let reduced: Vec<Value> = if infeasible.is_some() {
        vec![]
    } else {
        cons.iter().map(|(a, b)| json!({"matrix": listed(&reduce(&v, a)), "value": b.to_string()})).collect()
    };
    Ok(json!({"facial_reduction": {"status": status, "infeasibility": infeasible, "multipliers": tried,
        "steps": steps, "face_dimension": v.cols, "face_basis": listed(&v), "reduced_constraints": reduced}}))
}

impl Query for Semidefinite {
    type Input = SemidefiniteInput;
    type Output = SemidefiniteOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "matrix.semidefinite.compute",
                "Positive semidefinite matrices: Loewner order, chordal decompositions and completions, facial reduction",
                "Whether A ⪰ B, a chordal PSD matrix as a sum of PSD clique blocks, a PSD completion of a partial \
                 matrix with a chordal pattern, and facial reduction of a spectrahedron {X ⪰ 0 : ⟨A_i, X⟩ = b_i}.",
                "Exact rationals, up to 40 × 40: the Loewner order by a congruence PᵀMP = D of A − B (a vector with \
                 vᵀ(A − B)v < 0 when it fails); chordal decompositions by an elimination without fill along a \
                 maximum cardinality search; completions vertex by vertex by Schur complements (the maximum \
                 determinant completion when the blocks are definite), or the clique whose block fails; facial \
                 reduction by given multipliers and by constraints semidefinite on the face, with infeasibility \
                 certificates. VERIFY replays every congruence, kernel and identity.",
                &[
                    "positive-semidefinite",
                    "psd",
                    "loewner-order",
                    "chordal",
                    "matrix-completion",
                    "clique-decomposition",
                    "facial-reduction",
                    "spectrahedron",
                    "semidefinite-programming",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("semidefinite.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "is [[2, 1], [1, 2]] ⪰ I in the Loewner order?",
                Mode::Verify,
                json!({"question": {"order": {"a": {"rows": [[2, 1], [1, 2]]}, "b": {"rows": [[1, 0], [0, 1]]}}}}),
            ),
            (
                "split a tridiagonal PSD matrix into PSD blocks on its cliques",
                Mode::Verify,
                json!({"question": {"chordal_decomposition": {"matrix": {"rows": [[2, -1, 0], [-1, 2, -1], [0, -1, 2]]}}}}),
            ),
            (
                "complete [[4, 2, ?], [2, 3, 1], [?, 1, 2]] to a PSD matrix",
                Mode::Verify,
                json!({"question": {"chordal_completion": {"partial": [[4, 2, null], [2, 3, 1], [null, 1, 2]]}}}),
            ),
            (
                "facial reduction of {X ⪰ 0 : X_11 = 0, X_22 + X_33 = 1}",
                Mode::Verify,
                json!({"question": {"facial_reduction": {"constraints": [
                    {"matrix": {"rows": [[1, 0, 0], [0, 0, 0], [0, 0, 0]]}, "value": 0},
                    {"matrix": {"rows": [[0, 0, 0], [0, 1, 0], [0, 0, 1]]}, "value": 1}]}}}),
            ),
        ]
    }
    fn validate(&self, i: &SemidefiniteInput) -> Result<(), Diagnostic> {
        parse(i).map(drop)
    }
    fn bounds(&self, i: &SemidefiniteInput) -> Result<(), Refusal> {
        parse(i).map(drop).map_err(Refusal::Unsupported)
    }
    fn answer(&self, i: &SemidefiniteInput, ctx: &AdapterContext) -> Result<Answer<SemidefiniteOutput>, AdapterError> {
        let parsed = parse(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let mut st = vec![];
        let answer = match &parsed {
            Parsed::Order(a, b) => order(a, b, &mut st, ctx)?,
            Parsed::Decomposition(a) => decomposition(a, &mut st, ctx)?,
            Parsed::Completion(vals) => completion(vals, &mut st, ctx)?,
            Parsed::Facial(cons, y) => facial(cons, y.as_deref(), &mut st, ctx)?,
        };
        Ok(super::answer(SemidefiniteOutput { answer }, &Ring::Rational, st))
    }
}
