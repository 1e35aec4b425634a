//! `homological.filtered_chain_map.compute`: maps of filtered chain complexes over a field —
//! whether a family of matrices is a chain map preserving the filtrations, the maps it induces on
//! every page E_r of the spectral sequences (E_0 the associated graded), composites with
//! functoriality checked page by page, and the filtration F_pH_n = im(H_n(F_pC) → H_n(C)) of the
//! homology of one complex.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::matrix::{Dense, Matrix, Ring, Scalar};
use jacobian_runtime::typed::Describe;
use num_traits::Zero;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::complexes::{Filtered, SpectralInput};
use super::exact::{self, Quotient, columns, from_columns};
use super::{listed, read};
use crate::cas::{self, Answer, Query};

/// Most complexes and most maps.
pub const MAX_OBJECTS: usize = 4;
/// Largest page asked for (pages past the filtration's length are E_∞).
pub const MAX_PAGE: usize = 64;

/// A map f of filtered complexes, f_n: C_n → D_n.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FilteredMap {
    /// The index of C in `complexes`.
    pub from: usize,
    /// The index of D in `complexes` (of the same top degree).
    pub to: usize,
    /// f_0, …, f_d, f_n a dim D_n × dim C_n matrix.
    pub components: Vec<Matrix>,
}

/// One question.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Question {
    /// Whether map i commutes with the differentials and preserves the filtrations.
    Check(usize),
    /// The map E_0(f) of associated graded pieces F_p/F_(p−1) (map i).
    PageZero(usize),
    /// The map E_r(f) on page r of the spectral sequences (ranks, and matrices in the bases given).
    Page {
        /// The map's index.
        map: usize,
        /// r (0 to 64).
        r: usize,
    },
    /// The composite g ∘ f of maps [f, g] (f's target is g's source), with E_r(g ∘ f) = E_r(g)·E_r(f)
    /// checked on every page.
    Compose([usize; 2]),
    /// F_pH_n = im(H_n(F_pC) → H_n(C)) of complex i, and its graded pieces (E_∞).
    HomologyFiltration(usize),
}

/// Input of `homological.filtered_chain_map.compute`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FilteredMapInput {
    /// Filtered complexes (1 to 4) over one field, each as the spectral sequence takes it.
    pub complexes: Vec<SpectralInput>,
    /// Maps between them (at most 4).
    #[serde(default)]
    pub maps: Vec<FilteredMap>,
    /// The questions (1 to 16), answered in order.
    #[schemars(length(min = 1, max = 16))]
    pub questions: Vec<Question>,
}

/// Output of `homological.filtered_chain_map.compute`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FilteredMapOutput {
    /// The answers, each an object keyed by the question's name.
    pub answers: Vec<Value>,
}

/// `homological.filtered_chain_map.compute`.
pub struct FilteredChainMap;

struct Setup {
    complexes: Vec<Filtered>,
    maps: Vec<(usize, usize, Vec<Dense>)>,
}

fn into_field(d: Dense, ring: &Ring, at: &str) -> Result<Dense, Diagnostic> {
    let data = match (&d.ring, ring) {
        (Ring::Integer | Ring::Rational, Ring::Rational) => d.data,
        (Ring::Integer, Ring::Prime(p)) => {
            d.data.iter().map(|r| r.iter().map(|x| x.modulo(*p).expect("an integer")).collect()).collect()
        }
        (a, b) if a == b => d.data,
        (a, b) => return Err(Diagnostic::at(format!("{at}/ring"), "MIXED_RINGS", format!("a map over {b}, not {a}"))),
    };
    Ok(Dense { ring: ring.clone(), data, ..d })
}

/// The first place where a map fails to be a filtered chain map.
fn failure(s: &Setup, m: usize) -> Option<(String, String)> {
    let (from, to, f) = &s.maps[m];
    let (c, d) = (&s.complexes[*from], &s.complexes[*to]);
    for (n, fn_) in f.iter().enumerate() {
        for (i, row) in fn_.data.iter().enumerate() {
            if let Some(j) = row.iter().enumerate().position(|(j, x)| !x.num.is_zero() && d.filt[n][i] > c.filt[n][j]) {
                let why =
                    format!("f_{n} sends basis element {j} of filtration {} to degree {}", c.filt[n][j], d.filt[n][i]);
                return Some((format!("/maps/{m}/components/{n}/rows/{i}/{j}"), why));
            }
        }
        if n > 0 && exact::product(&d.maps[n - 1], fn_) != exact::product(&f[n - 1], &c.maps[n - 1]) {
            return Some((format!("/maps/{m}/components/{n}"), format!("∂_{n}·f_{n} ≠ f_{}·∂_{n}", n - 1)));
        }
    }
    None
}

fn setup(i: &FilteredMapInput) -> Result<Setup, Diagnostic> {
    if !(1..=MAX_OBJECTS).contains(&i.complexes.len()) {
        return Err(Diagnostic::at("/complexes", "OUT_OF_RANGE", "1 to 4 complexes"));
    }
    if i.maps.len() > MAX_OBJECTS {
        return Err(Diagnostic::at("/maps", "OUT_OF_RANGE", "at most 4 maps"));
    }
    if !(1..=16).contains(&i.questions.len()) {
        return Err(Diagnostic::at("/questions", "OUT_OF_RANGE", "1 to 16 questions"));
    }
    let complexes: Vec<Filtered> = i
        .complexes
        .iter()
        .enumerate()
        .map(|(k, c)| Filtered::read(c).map_err(|d| d.under(&format!("/complexes/{k}"))))
        .collect::<Result<_, _>>()?;
    if let Some(k) = complexes.iter().position(|c| c.ring != complexes[0].ring) {
        return Err(Diagnostic::at(format!("/complexes/{k}"), "MIXED_RINGS", "every complex over one field"));
    }
    let ring = complexes[0].ring.clone();
    let mut maps = vec![];
    for (m, f) in i.maps.iter().enumerate() {
        let at = format!("/maps/{m}");
        let (Some(c), Some(d)) = (complexes.get(f.from), complexes.get(f.to)) else {
            return Err(Diagnostic::at(at, "NO_SUCH_COMPLEX", "`from` and `to` index `complexes`"));
        };
        if c.top() != d.top() || f.components.len() != c.top() + 1 {
            let msg = format!("one component per degree 0..{} of complexes of one length", c.top());
            return Err(Diagnostic::at(format!("{at}/components"), "WRONG_LENGTH", msg));
        }
        let mut parts = vec![];
        for (n, x) in f.components.iter().enumerate() {
            let here = format!("{at}/components/{n}");
            let x = into_field(read(x, &here)?, &ring, &here)?;
            if x.rows != d.size(n) || x.cols != c.size(n) {
                let msg = format!("f_{n} is {} × {}", d.size(n), c.size(n));
                return Err(Diagnostic::at(here, "WRONG_SHAPE", msg));
            }
            parts.push(x);
        }
        maps.push((f.from, f.to, parts));
    }
    let s = Setup { complexes, maps };
    let map = |m: usize, at: String| -> Result<(), Diagnostic> {
        if m >= s.maps.len() {
            return Err(Diagnostic::at(at, "NO_SUCH_MAP", "an index of `maps`"));
        }
        match failure(&s, m) {
            Some((path, msg)) => Err(Diagnostic::at(path, "NOT_A_FILTERED_CHAIN_MAP", msg)),
            None => Ok(()),
        }
    };
    for (k, q) in i.questions.iter().enumerate() {
        let at = format!("/questions/{k}");
        match q {
            Question::Check(m) if *m >= s.maps.len() => {
                return Err(Diagnostic::at(format!("{at}/check"), "NO_SUCH_MAP", "an index of `maps`"));
            }
            Question::Check(_) => {}
            Question::PageZero(m) => map(*m, format!("{at}/page_zero"))?,
            Question::Page { map: m, r } => {
                if *r > MAX_PAGE {
                    return Err(Diagnostic::at(format!("{at}/page/r"), "OUT_OF_RANGE", "pages 0 to 64"));
                }
                map(*m, format!("{at}/page/map"))?;
            }
            Question::Compose([f, g]) => {
                map(*f, format!("{at}/compose/0"))?;
                map(*g, format!("{at}/compose/1"))?;
                if s.maps[*f].1 != s.maps[*g].0 {
                    return Err(Diagnostic::at(
                        format!("{at}/compose"),
                        "NOT_COMPOSABLE",
                        "the first map's target is the second's source",
                    ));
                }
            }
            Question::HomologyFiltration(c) if *c >= s.complexes.len() => {
                return Err(Diagnostic::at(
                    format!("{at}/homology_filtration"),
                    "NO_SUCH_COMPLEX",
                    "an index of `complexes`",
                ));
            }
            Question::HomologyFiltration(_) => {}
        }
    }
    Ok(s)
}

/// E_r^{p, n−p} of a complex as a quotient with a basis.
fn page(c: &Filtered, n: usize, p: i64, r: usize, ctx: &AdapterContext) -> Result<Quotient, AdapterError> {
    let (top, bottom) = c.page_spaces(n, p, r as i64, ctx)?;
    Quotient::of_spans(c.size(n), &top, &bottom, &c.ring, ctx)
}

/// The matrix of E_r(f) in degree (n, p), given the two quotients.
fn induced(
    f: &Dense,
    src: &Quotient,
    dst: &Quotient,
    ring: &Ring,
    ctx: &AdapterContext,
) -> Result<Dense, AdapterError> {
    let images = exact::apply(f, &src.reps);
    Ok(from_columns(ring, dst.reps.len(), &dst.coordinates(&images, ring, ctx)?))
}

/// The filtration degrees spanned by two complexes, and the last distinct page.
fn span(a: &Filtered, b: &Filtered) -> (i64, i64, usize) {
    let ((l1, h1), (l2, h2)) = (a.range(), b.range());
    let (lo, hi) = (l1.min(l2), h1.max(h2));
    (lo, hi, (hi - lo + 2) as usize)
}

fn page_answer(s: &Setup, m: usize, r: usize, ctx: &AdapterContext) -> Result<Value, AdapterError> {
    let (from, to, f) = &s.maps[m];
    let (c, d) = (&s.complexes[*from], &s.complexes[*to]);
    let (lo, hi, last) = span(c, d);
    let r = r.min(last);
    let mut terms = vec![];
    let mut iso = true;
    for (n, fn_) in f.iter().enumerate() {
        for p in lo..=hi {
            ctx.checkpoint()?;
            let (qc, qd) = (page(c, n, p, r, ctx)?, page(d, n, p, r, ctx)?);
            if qc.reps.is_empty() && qd.reps.is_empty() {
                continue;
            }
            let mat = induced(fn_, &qc, &qd, &c.ring, ctx)?;
            let rank = exact::rank(&mat, ctx)?;
            iso &= qc.reps.len() == qd.reps.len() && rank == qc.reps.len();
            terms.push(json!({"n": n, "p": p, "q": n as i64 - p, "source_dimension": qc.reps.len(),
                              "target_dimension": qd.reps.len(), "rank": rank, "matrix": listed(&mat)}));
        }
    }
    Ok(json!({"map": m, "r": r, "terms": terms, "isomorphism": iso}))
}

fn answer_one(s: &Setup, q: &Question, ctx: &AdapterContext) -> Result<Value, AdapterError> {
    Ok(match q {
        Question::Check(m) => {
            let fail = failure(s, *m);
            json!({"check": {"map": m, "filtered_chain_map": fail.is_none(),
                "failure": fail.map(|(at, why)| json!({"at": at, "reason": why}))}})
        }
        Question::PageZero(m) => json!({"page_zero": page_answer(s, *m, 0, ctx)?}),
        Question::Page { map, r } => json!({"page": page_answer(s, *map, *r, ctx)?}),
        Question::Compose([fi, gi]) => {
            let (a, b, f) = &s.maps[*fi];
            let (_, c, g) = &s.maps[*gi];
            let gf: Vec<Dense> = g.iter().zip(f).map(|(g, f)| exact::product(g, f)).collect();
            let (x, y, z) = (&s.complexes[*a], &s.complexes[*b], &s.complexes[*c]);
            let (l1, h1, _) = span(x, y);
            let (l2, h2, _) = span(y, z);
            let (lo, hi) = (l1.min(l2), h1.max(h2));
            let last = (hi - lo + 2) as usize;
            let mut functorial = true;
            for r in 0..=last {
                for n in 0..=x.top() {
                    for p in lo..=hi {
                        ctx.checkpoint()?;
                        let (qx, qy, qz) = (page(x, n, p, r, ctx)?, page(y, n, p, r, ctx)?, page(z, n, p, r, ctx)?);
                        if qx.reps.is_empty() || qz.reps.is_empty() {
                            continue;
                        }
                        let ring = &x.ring;
                        let composite = induced(&gf[n], &qx, &qz, ring, ctx)?;
                        let (ef, eg) = (induced(&f[n], &qx, &qy, ring, ctx)?, induced(&g[n], &qy, &qz, ring, ctx)?);
                        let product = if qy.reps.is_empty() {
                            exact::map(&composite, |_| Scalar::int(0))
                        } else {
                            exact::product(&eg, &ef)
                        };
                        functorial &= product == composite;
                    }
                }
            }
            json!({"compose": {"maps": [fi, gi], "from": a, "to": c, "components": gf.iter().map(listed).collect::<Vec<_>>(),
                "filtered_chain_map": true, "functorial_on_pages": functorial, "pages_checked": last + 1}})
        }
        Question::HomologyFiltration(ci) => {
            let c = &s.complexes[*ci];
            let (lo, hi) = c.range();
            let everything = (hi - lo + 2).max(1);
            let mut degrees = vec![];
            for n in 0..=c.top() {
                let bounds: Vec<Vec<Scalar>> = if n < c.top() { columns(&c.maps[n]) } else { vec![] };
                let mut steps = vec![];
                let mut previous = 0;
                for p in lo..=hi {
                    ctx.checkpoint()?;
                    let cycles = c.cycles(n, p, everything, ctx)?;
                    let dim = Quotient::of_spans(c.size(n), &cycles, &bounds, &c.ring, ctx)?.reps.len();
                    steps.push(json!({"p": p, "dimension": dim, "graded": dim - previous}));
                    previous = dim;
                }
                degrees.push(json!({"n": n, "dimension": previous, "filtration": steps}));
            }
            json!({"homology_filtration": {"complex": ci, "degrees": degrees}})
        }
    })
}

impl Query for FilteredChainMap {
    type Input = FilteredMapInput;
    type Output = FilteredMapOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "homological.filtered_chain_map.compute",
            "Filtered chain maps: the maps they induce on spectral sequences, composites, filtered homology",
            "Whether matrices form a filtered chain map, the maps E_r(f) they induce on every page of the \
             spectral sequences, composites with functoriality checked, and the filtration F_pH_n of homology.",
            "Native linear algebra over Q or F_p (complexes as `chain_complex.compute.spectral_sequence` takes \
             them, ranks up to 60): E_r^p = (Z_r^p + F_(p−1)) / (F_(p−1) + ∂Z_(r−1)^(p+r−1)) with bases of \
             representatives, E_r(f) in those bases with its rank and whether it is an isomorphism, \
             E_r(g∘f) = E_r(g)·E_r(f) on every page, and F_pH_n = im(H_n(F_pC) → H_n(C)).",
            &[
                "filtered-chain-map",
                "filtered-complex",
                "spectral-sequence",
                "associated-graded",
                "induced-map",
                "comparison-theorem",
                "homology-filtration",
            ],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("filtered.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        let interval = json!({"maps": [{"rows": [[-1], [1]]}], "filtration": [[0, 1], [1]]});
        vec![(
            "the identity of a filtered interval on pages E_0 and E_1, and the filtration of its homology",
            Mode::Explore,
            json!({"complexes": [interval],
                   "maps": [{"from": 0, "to": 0, "components": [{"rows": [[1, 0], [0, 1]]}, {"rows": [[1]]}]}],
                   "questions": [{"check": 0}, {"page_zero": 0}, {"page": {"map": 0, "r": 1}}, {"homology_filtration": 0}]}),
        )]
    }
    fn validate(&self, i: &FilteredMapInput) -> Result<(), Diagnostic> {
        setup(i).map(drop)
    }
    fn bounds(&self, i: &FilteredMapInput) -> Result<(), Refusal> {
        for (k, c) in i.complexes.iter().enumerate() {
            for (j, m) in c.maps.iter().enumerate() {
                super::bound(m, 60, 100, &format!("/complexes/{k}/maps/{j}"))?;
            }
        }
        Ok(())
    }
    fn answer(&self, i: &FilteredMapInput, ctx: &AdapterContext) -> Result<Answer<FilteredMapOutput>, AdapterError> {
        let s = setup(i).map_err(super::complexes::fail)?;
        let answers = i.questions.iter().map(|q| answer_one(&s, q, ctx)).collect::<Result<_, _>>()?;
        Ok(Answer::from(FilteredMapOutput { answers }))
    }
}
