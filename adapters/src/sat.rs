//! SAT with certificates: `sat.solve` (CaDiCaL, with an LRAT proof of every UNSAT answer) and
//! `certificate.verify` (an LRAT refutation handed to the independent LRAT checker).
//!
//! CaDiCaL 2.2 is linked through the maintained `rustsat-cadical` crate rather than run as
//! Debian's binary: Debian packages CaDiCaL 1.5.3, which writes DRAT only, and no DRAT-to-LRAT
//! converter is packaged, while CaDiCaL 2.2 writes LRAT itself, the format the checker replays
//! in linear time. The solver runs on the run's blocking thread; a watcher calls CaDiCaL's
//! `terminate` the moment the run is cancelled or its deadline passes, and CaDiCaL polls that
//! flag between propagations, so the run stops within milliseconds. An interrupted solve is
//! never an answer.
//!
//! Every formula is bound by the digest of its canonical DIMACS text (see
//! [`jacobian_runtime::objects::cnf`]), stored as an artifact: models, proofs and verification
//! records name that artifact.

use std::sync::LazyLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext, Refusal, RunBudget};
use jacobian_runtime::contract::{AssuranceLevel, Completeness, Diagnostic, InputKind, Mode, Provider};
use jacobian_runtime::objects::cnf::{CNF_SCHEMA, Cnf, DIMACS_CNF_SCHEMA};
use jacobian_runtime::typed::{Describe, Operation};
use jacobian_runtime::{ArtifactUri, Digest, Evidence, Scope};
use rustsat::solvers::{Interrupt, InterruptSolver, Solve, SolverResult};
use rustsat::types::{Clause, Lit, TernaryVal};
use rustsat_cadical::{CaDiCaL, ProofFormat};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::backends::{
    CADICAL_VERSION, RUSTSAT_CADICAL_VERSION, SystemTool, bundled_crate, jacobian_builtin, run_to_completion,
};

/// Evidence kind of an LRAT refutation.
pub const UNSAT_EVIDENCE: &str = "sat.unsat_proof/v1";
const UNSAT_SEMANTICS: &str = "urn:jacobian:semantics:cnf-unsatisfiable:v1";
/// Certificate format of a textual LRAT proof.
pub const LRAT_FORMAT: &str = "LRAT_TEXT_V1";
/// Evidence kind of a satisfying assignment.
pub const MODEL_EVIDENCE: &str = "sat.model/v1";
const MODEL_SEMANTICS: &str = "urn:jacobian:semantics:cnf-satisfiable:v1";
const MODEL_FORMAT: &str = "DIMACS_MODEL_V1";
/// Schema URI of stored LRAT proofs (text).
pub const LRAT_SCHEMA: &str = "urn:jacobian:schema:lrat-proof:v1";
/// Largest DIMACS or LRAT text accepted inline.
const MAX_INLINE_TEXT: usize = 64 << 20;
/// Largest proof written: the artifact store's default limit per artifact.
pub const MAX_PROOF_BYTES: u64 = 256 << 20;

/// Where a formula comes from, as an input gives it (`cnf`, `dimacs`, `cnf_uri`): exactly one.
#[derive(Debug, Default)]
pub struct CnfSource {
    /// The formula inline.
    pub cnf: Option<Cnf>,
    /// The formula as DIMACS text.
    pub dimacs: Option<String>,
    /// A stored formula.
    pub cnf_uri: Option<ArtifactUri>,
}

/// A formula in canonical form, with the artifact it was read from.
#[derive(Debug, Clone)]
pub struct ResolvedCnf {
    /// The canonical formula.
    pub cnf: Cnf,
    /// The artifact it came from, when given by URI.
    pub source: Option<ArtifactUri>,
    /// Its canonical DIMACS text.
    pub dimacs: String,
}

impl ResolvedCnf {
    fn new(cnf: Cnf, source: Option<ArtifactUri>) -> Self {
        let dimacs = cnf.to_dimacs();
        ResolvedCnf { cnf, source, dimacs }
    }

    /// The URI the canonical DIMACS text has (stored or not).
    pub fn uri(&self) -> ArtifactUri {
        ArtifactUri::from_digest(Digest::of_bytes(self.dimacs.as_bytes()))
    }

    /// Stores the canonical DIMACS text (derived from the source artifact, if any).
    pub fn store(&self, ctx: &AdapterContext) -> Result<ArtifactUri, AdapterError> {
        let uri = self.uri();
        let parents: Vec<ArtifactUri> = self.source.iter().copied().filter(|s| *s != uri).collect();
        Ok(ctx.artifacts().put_bytes(DIMACS_CNF_SCHEMA, "text/plain", self.dimacs.as_bytes(), &parents)?.uri)
    }

    /// The scope of every answer about the formula: exactly its canonical DIMACS text.
    pub fn scope(&self) -> Scope {
        Scope::exact_input("satisfiability of exactly the given CNF formula", self.uri().digest())
    }
}

/// Resolves a formula given in exactly one way; diagnostics at `/cnf`, `/dimacs` or `/cnf_uri`.
pub fn resolve_cnf(source: CnfSource, cx: &PrepareContext) -> Result<ResolvedCnf, Vec<Diagnostic>> {
    match (source.cnf, source.dimacs, source.cnf_uri) {
        (Some(c), None, None) => Cnf::new(c.variables, c.clauses)
            .map(|c| ResolvedCnf::new(c, None))
            .map_err(|ds| ds.into_iter().map(|d| d.under("/cnf")).collect()),
        (None, Some(text), None) => Cnf::from_dimacs(&text, "/dimacs").map(|c| ResolvedCnf::new(c, None)),
        (None, None, Some(uri)) => {
            let at = |code: &str, message: String| vec![Diagnostic::at("/cnf_uri", code, message)];
            let artifact = cx.artifacts.get(&uri).map_err(|e| at("UNKNOWN_ARTIFACT", format!("{uri}: {e}")))?;
            let cnf = match artifact.manifest.schema_uri.as_str() {
                CNF_SCHEMA => {
                    let stored: Cnf = serde_json::from_slice(&artifact.bytes)
                        .map_err(|e| at("MALFORMED_ARTIFACT", format!("{uri} is not a CNF object: {e}")))?;
                    Cnf::new(stored.variables, stored.clauses).map_err(|ds| {
                        let first = ds.first().map_or(String::new(), |d| format!(" ({}: {})", d.code, d.message));
                        at("MALFORMED_ARTIFACT", format!("{uri} holds an invalid CNF object{first}"))
                    })?
                }
                DIMACS_CNF_SCHEMA => {
                    let text = std::str::from_utf8(&artifact.bytes)
                        .map_err(|_| at("MALFORMED_ARTIFACT", format!("{uri} is not UTF-8 text")))?;
                    Cnf::from_dimacs(text, "/cnf_uri")?
                }
                other => {
                    return Err(at(
                        "WRONG_ARTIFACT_TYPE",
                        format!("{uri} is a {other}, not a {CNF_SCHEMA} or {DIMACS_CNF_SCHEMA}"),
                    ));
                }
            };
            Ok(ResolvedCnf::new(cnf, Some(uri)))
        }
        (None, None, None) => Err(vec![Diagnostic::at(
            "/cnf",
            "MISSING_FIELD",
            "give the formula inline (`cnf`), as DIMACS text (`dimacs`) or by reference (`cnf_uri`)",
        )]),
        (_, dimacs, uri) => Err(vec![Diagnostic::at(
            if uri.is_some() {
                "/cnf_uri"
            } else if dimacs.is_some() {
                "/dimacs"
            } else {
                "/cnf"
            },
            "CONFLICTING_FIELDS",
            "give the formula in exactly one way: `cnf`, `dimacs` or `cnf_uri`",
        )]),
    }
}

/// The claim both SAT evidence kinds make about a stored formula.
fn formula_claim(cnf: &ResolvedCnf, uri: ArtifactUri) -> Value {
    json!({"cnf": uri.to_string(), "variables": cnf.cnf.variables, "clauses": cnf.cnf.clauses.len()})
}

/// Evidence that `proof` (a stored LRAT text) refutes the stored formula `cnf_uri`.
pub fn unsat_evidence(cnf: &ResolvedCnf, cnf_uri: ArtifactUri, proof: ArtifactUri) -> Evidence {
    Evidence {
        kind: UNSAT_EVIDENCE.into(),
        claim: formula_claim(cnf, cnf_uri),
        semantics: UNSAT_SEMANTICS.into(),
        candidate: json!({"proof": proof.to_string(), "format": LRAT_FORMAT}),
        scope: cnf.scope(),
        certificate_format: LRAT_FORMAT.into(),
        artifacts: vec![cnf_uri, proof],
    }
}

/// Evidence that `model` (one DIMACS literal per variable, in order) satisfies the stored formula.
pub fn model_evidence(cnf: &ResolvedCnf, cnf_uri: ArtifactUri, model: &[i32]) -> Evidence {
    Evidence {
        kind: MODEL_EVIDENCE.into(),
        claim: formula_claim(cnf, cnf_uri),
        semantics: MODEL_SEMANTICS.into(),
        candidate: json!({"model": model}),
        scope: cnf.scope(),
        certificate_format: MODEL_FORMAT.into(),
        artifacts: vec![cnf_uri],
    }
}

// ---------------------------------------------------------------------------------------------
// Solving.

/// What CaDiCaL answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// A model: `model[v - 1]` is `v` or `-v`.
    Sat(Vec<i32>),
    /// Unsatisfiable; the LRAT proof text when one was asked for.
    Unsat(Option<Vec<u8>>),
}

fn backend(e: impl std::fmt::Display) -> AdapterError {
    AdapterError::Backend(format!("CaDiCaL: {e}"))
}

/// Solves `cnf` with CaDiCaL, writing an LRAT proof when `with_proof`, until `should_stop`.
/// `Ok(None)` means the solve was interrupted: no answer.
pub fn solve_cnf(
    cnf: &Cnf,
    with_proof: bool,
    should_stop: &(dyn Fn() -> bool + Sync),
) -> Result<Option<Answer>, AdapterError> {
    let proof_file = if with_proof {
        Some(tempfile::Builder::new().prefix("jacobian-lrat-").tempfile().map_err(backend)?)
    } else {
        None
    };
    let proof_too_large = AtomicBool::new(false);
    let result = {
        let mut solver = CaDiCaL::default();
        if let Some(file) = &proof_file {
            solver.trace_proof(file.path(), ProofFormat::Lrat { binary: false }).map_err(backend)?;
        }
        for clause in &cnf.clauses {
            let clause: Clause =
                clause.iter().map(|&l| Lit::from_ipasir(l)).collect::<Result<_, _>>().map_err(backend)?;
            solver.add_clause(clause).map_err(backend)?;
        }
        let interrupter = solver.interrupter();
        let done = AtomicBool::new(false);
        let proof_path = proof_file.as_ref().map(|f| f.path().to_owned());
        let outcome = std::thread::scope(|s| {
            s.spawn(|| {
                let mut polls = 0u32;
                while !done.load(Ordering::Acquire) {
                    polls = polls.wrapping_add(1);
                    // The proof's size is looked at every 100 ms: past the limit it could not be stored.
                    let oversized = polls.is_multiple_of(50)
                        && proof_path
                            .as_deref()
                            .and_then(|p| std::fs::metadata(p).ok())
                            .is_some_and(|m| m.len() > MAX_PROOF_BYTES);
                    if oversized {
                        proof_too_large.store(true, Ordering::Release);
                    }
                    if oversized || should_stop() {
                        interrupter.interrupt();
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(2));
                }
            });
            let r = solver.solve();
            done.store(true, Ordering::Release);
            r
        })
        .map_err(backend)?;
        match outcome {
            SolverResult::Sat => {
                let mut model = Vec::with_capacity(cnf.variables as usize);
                for v in 1..=cnf.variables as i32 {
                    let lit = Lit::from_ipasir(v).map_err(backend)?;
                    // A variable in no clause is unknown to the solver: any value satisfies.
                    let value = solver.lit_val(lit).unwrap_or(TernaryVal::False);
                    model.push(if value == TernaryVal::True { v } else { -v });
                }
                Some(Answer::Sat(model))
            }
            SolverResult::Unsat => Some(Answer::Unsat(None)),
            SolverResult::Interrupted => None,
        }
        // The solver is dropped here, which closes and flushes the proof file.
    };
    let too_large = || {
        AdapterError::Unsupported(format!(
            "the LRAT proof grew past {} MiB, more than an artifact may hold; solve with `proof: false` for an \
             answer without a certificate",
            MAX_PROOF_BYTES >> 20
        ))
    };
    if proof_too_large.load(Ordering::Acquire) {
        return Err(too_large());
    }
    match (result, proof_file) {
        (Some(Answer::Unsat(None)), Some(file)) => {
            if file.as_file().metadata().map_err(backend)?.len() > MAX_PROOF_BYTES {
                return Err(too_large());
            }
            let proof = std::fs::read(file.path()).map_err(backend)?;
            Ok(Some(Answer::Unsat(Some(renumber_lrat(&proof, &cnf.clauses).map_err(backend)?))))
        }
        (result, _) => Ok(result),
    }
}

/// Renumbers CaDiCaL's LRAT proof into the formula's own numbering, which the checker reads.
///
/// CaDiCaL numbers original and derived clauses from one counter, so a clause it derives while
/// the formula is still being added (an original strengthened by a root-level unit, or the
/// empty clause of contradictory units) takes a number in the formula's range and shifts every
/// later original. Every derived clause has a line in the proof, so the numbers without one are
/// the originals, in order: the k-th of them is the formula's clause k. Derived clauses are
/// renumbered consecutively above the formula's clauses. A formula holding an empty clause
/// may be refuted without any derivation; the proof then ends with the empty clause derived
/// from it. The result is still checked, as strictly as ever, by the LRAT checker.
pub fn renumber_lrat(proof: &[u8], clauses: &[Vec<i32>]) -> Result<Vec<u8>, String> {
    let m = clauses.len() as u64;
    let number = |w: &[u8]| std::str::from_utf8(w).ok().and_then(|t| t.parse::<i64>().ok());
    fn words(line: &[u8]) -> Vec<&[u8]> {
        line.split(|b| b.is_ascii_whitespace()).filter(|w| !w.is_empty()).collect()
    }
    // The derived clauses' numbers, in the order the proof adds them.
    let mut derived: Vec<u64> = Vec::new();
    for line in proof.split(|&b| b == b'\n') {
        let ws = words(line);
        if ws.len() < 2 || ws[0].first() == Some(&b'c') || ws[1] == b"d" {
            continue;
        }
        let id = number(ws[0]).and_then(|n| u64::try_from(n).ok()).ok_or("a proof line without a clause number")?;
        derived.push(id);
    }
    let mut sorted = derived.clone();
    sorted.sort_unstable();
    if sorted.windows(2).any(|w| w[0] == w[1]) {
        return Err("the proof adds two clauses under one number".into());
    }
    let map = |id: u64| -> Result<u64, String> {
        match sorted.binary_search(&id) {
            Ok(rank) => Ok(m + 1 + rank as u64),
            Err(below) => {
                let original = id - below as u64;
                if original == 0 || original > m {
                    return Err(format!("the proof names clause {id}, neither derived nor one of the formula's {m}"));
                }
                Ok(original)
            }
        }
    };
    let mut out = Vec::with_capacity(proof.len() + proof.len() / 8);
    let mut last = m;
    let mut refuted = false;
    for line in proof.split(|&b| b == b'\n') {
        let ws = words(line);
        if ws.is_empty() || ws[0].first() == Some(&b'c') {
            continue;
        }
        let deletion = ws.get(1).is_some_and(|w| *w == b"d");
        let mut zeros = 0;
        for (i, w) in ws.iter().enumerate() {
            let n = number(w);
            let text = match (i, n) {
                (0, Some(id)) if !deletion => {
                    last = map(u64::try_from(id).map_err(|_| "a negative clause number")?)?;
                    last.to_string()
                }
                (0, _) => last.to_string(),
                (1, _) if deletion => "d".to_owned(),
                (_, Some(0)) => {
                    zeros += 1;
                    if zeros == 1 && !deletion && i == 1 {
                        refuted = true;
                    }
                    "0".to_owned()
                }
                // Literals (before the first 0 of an addition) stay; clause numbers map.
                (_, Some(n)) if !deletion && zeros == 0 => n.to_string(),
                (_, Some(h)) => {
                    let id = map(h.unsigned_abs())?;
                    if h < 0 { format!("-{id}") } else { id.to_string() }
                }
                (_, None) => return Err(format!("`{}` is not a number", String::from_utf8_lossy(w))),
            };
            if i > 0 {
                out.push(b' ');
            }
            out.extend_from_slice(text.as_bytes());
        }
        out.push(b'\n');
        if refuted {
            break;
        }
    }
    if !refuted && let Some(k) = clauses.iter().position(Vec::is_empty) {
        out.extend_from_slice(format!("{} 0 {} 0\n", m + derived.len() as u64 + 1, k + 1).as_bytes());
    }
    Ok(out)
}

/// Input of `sat.solve`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SolveInput {
    /// The formula as `{"variables": n, "clauses": [[1, -2], ...]}`.
    #[serde(default)]
    pub cnf: Option<Cnf>,
    /// The formula as DIMACS text (`p cnf V C`, clauses ended by `0`).
    #[serde(default)]
    #[schemars(length(max = MAX_INLINE_TEXT))]
    pub dimacs: Option<String>,
    /// A stored formula: a CNF object (`artifact.put`) or DIMACS text written by a SAT operation.
    #[serde(default)]
    pub cnf_uri: Option<ArtifactUri>,
    /// Write an LRAT proof of an UNSAT answer (default true; required in VERIFY mode).
    #[serde(default = "yes")]
    pub proof: bool,
}

fn yes() -> bool {
    true
}

/// SAT or UNSAT.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum SatStatus {
    /// A satisfying assignment exists (and is given).
    Sat,
    /// No assignment satisfies the formula.
    Unsat,
}

/// Output of `sat.solve`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SolveOutput {
    /// The answer.
    pub status: SatStatus,
    /// For SAT: one DIMACS literal per variable, in order (`3` true, `-3` false).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<Vec<i32>>,
    /// The stored canonical DIMACS text of the formula.
    pub cnf_uri: ArtifactUri,
    /// Number of variables.
    pub variables: u32,
    /// Number of clauses.
    pub clauses: usize,
    /// For UNSAT with a proof: the stored LRAT proof.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof_uri: Option<ArtifactUri>,
    /// The proof's format (`LRAT_TEXT_V1`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof_format: Option<&'static str>,
    /// The proof's size in bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof_bytes: Option<u64>,
}

/// `sat.solve`.
pub struct SatSolve;

impl Operation for SatSolve {
    type Input = SolveInput;
    type Output = SolveOutput;
    type Prepared = (ResolvedCnf, bool);

    fn describe(&self) -> Describe {
        Describe {
            id: "sat.solve",
            title: "Solve a CNF formula (SAT) with a proof",
            outcome: "Whether a CNF formula is satisfiable: SAT with a model, or UNSAT with an LRAT proof that an \
                      independent checker replays.",
            description: "Decides satisfiability of a CNF formula (inline clauses, DIMACS text or a stored \
                          formula) with CaDiCaL 2.2. SAT answers carry a model; UNSAT answers carry an LRAT proof \
                          stored as an artifact. In VERIFY mode the model or the proof goes to its checker (model \
                          replay; the LRAT checker), and only an accepted check makes the answer VERIFIED. A solve \
                          cut short by the deadline or a cancellation answers nothing.",
            tags: &["sat", "cnf", "dimacs", "boolean", "satisfiability", "solver", "cadical", "lrat", "proof", "unsat"],
            modes: &[Mode::Explore, Mode::Verify],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[CNF_SCHEMA, DIMACS_CNF_SCHEMA, LRAT_SCHEMA],
            assurance_ceiling: AssuranceLevel::Verified,
            scope_rule: "Exactly the given formula.",
            read_only: false,
            writes_artifacts: true,
            evidence_kinds: &[MODEL_EVIDENCE, UNSAT_EVIDENCE],
            relationships: &[("checked_by", "certificate.verify"), ("checked_by", "witness.verify")],
        }
    }

    fn provider(&self) -> Provider {
        bundled_crate(
            "cadical",
            CADICAL_VERSION,
            "MIT",
            include_str!("sat.rs"),
            &["rustsat-cadical", RUSTSAT_CADICAL_VERSION, "lrat"],
        )
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "the pigeonhole formula PHP(3, 2), refuted with an LRAT proof",
                Mode::Verify,
                json!({"dimacs": "p cnf 6 9\n1 2 0\n3 4 0\n5 6 0\n-1 -3 0\n-1 -5 0\n-3 -5 0\n-2 -4 0\n-2 -6 0\n-4 -6 0\n"}),
            ),
            (
                "a satisfiable formula",
                Mode::Explore,
                json!({"cnf": {"variables": 3, "clauses": [[1, 2], [-1, 3], [-3]]}}),
            ),
        ]
    }

    fn prepare(&self, input: SolveInput, cx: &PrepareContext) -> Result<(ResolvedCnf, bool), Vec<Diagnostic>> {
        if cx.mode == Mode::Verify && !input.proof {
            return Err(vec![Diagnostic::at(
                "/proof",
                "PROOF_REQUIRED",
                "VERIFY needs the proof of an UNSAT answer; leave `proof` at true",
            )]);
        }
        let source = CnfSource { cnf: input.cnf, dimacs: input.dimacs, cnf_uri: input.cnf_uri };
        Ok((resolve_cnf(source, cx)?, input.proof))
    }

    fn run(
        &self,
        (cnf, with_proof): (ResolvedCnf, bool),
        ctx: &AdapterContext,
    ) -> Result<Outcome<SolveOutput>, AdapterError> {
        let cnf_uri = cnf.store(ctx)?;
        let Some(answer) = solve_cnf(&cnf.cnf, with_proof, &|| ctx.should_stop())? else {
            ctx.checkpoint()?;
            return Err(AdapterError::Backend("CaDiCaL stopped without an answer".into()));
        };
        let mut output = SolveOutput {
            status: SatStatus::Sat,
            model: None,
            cnf_uri,
            variables: cnf.cnf.variables,
            clauses: cnf.cnf.clauses.len(),
            proof_uri: None,
            proof_format: None,
            proof_bytes: None,
        };
        match answer {
            Answer::Sat(model) => {
                let values: Vec<bool> = model.iter().map(|&l| l > 0).collect();
                if !cnf.cnf.satisfied_by(&values) {
                    return Err(AdapterError::Backend("CaDiCaL's model does not satisfy the formula".into()));
                }
                let evidence = model_evidence(&cnf, cnf_uri, &model);
                output.model = Some(model);
                let outcome = Outcome::computed(output, cnf.scope()).artifact(cnf_uri);
                Ok(if ctx.mode == Mode::Verify { outcome.evidence(evidence) } else { outcome })
            }
            Answer::Unsat(proof) => {
                output.status = SatStatus::Unsat;
                let mut outcome;
                match proof {
                    Some(proof) => {
                        let manifest = ctx.artifacts().put_bytes(LRAT_SCHEMA, "text/plain", &proof, &[cnf_uri])?;
                        output.proof_uri = Some(manifest.uri);
                        output.proof_format = Some(LRAT_FORMAT);
                        output.proof_bytes = Some(manifest.size);
                        let evidence = unsat_evidence(&cnf, cnf_uri, manifest.uri);
                        outcome = Outcome::computed(output, cnf.scope())
                            .artifact(cnf_uri)
                            .artifact(manifest.uri)
                            .relate("refutes", manifest.uri, cnf_uri);
                        if ctx.mode == Mode::Verify {
                            outcome = outcome.evidence(evidence);
                        } else {
                            outcome = outcome.obligation(
                                "CHECK_REFUTATION",
                                "the LRAT proof has not been replayed: run certificate.verify (or sat.solve in VERIFY)",
                                Some(UNSAT_EVIDENCE),
                            );
                        }
                    }
                    None => {
                        outcome = Outcome::computed(output, cnf.scope()).artifact(cnf_uri).obligation(
                            "CHECK_REFUTATION",
                            "no proof was written (`proof: false`); solve again with a proof to have it checked",
                            Some(UNSAT_EVIDENCE),
                        );
                    }
                }
                Ok(outcome)
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// certificate.verify

/// Certificate format of a DRAT proof (text or binary, as drat-trim reads it).
pub const DRAT_FORMAT: &str = "DRAT_V1";
/// Schema URI of stored DRAT proofs.
pub const DRAT_SCHEMA: &str = "urn:jacobian:schema:drat-proof:v1";

/// drat-trim, which converts a DRAT proof into LRAT (`-L`): `$JACOBIAN_DRAT_TRIM`, else
/// `drat-trim` on `PATH` (Debian package drat-trim). It has no version flag; its digest names it.
pub static DRAT_TRIM: LazyLock<SystemTool> =
    LazyLock::new(|| SystemTool::locate("JACOBIAN_DRAT_TRIM", &["drat-trim"], &[]));

/// Input of `certificate.verify`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CertificateInput {
    /// The formula as `{"variables": n, "clauses": [[1, -2], ...]}`.
    #[serde(default)]
    pub cnf: Option<Cnf>,
    /// The formula as DIMACS text (`p cnf V C`, clauses ended by `0`).
    #[serde(default)]
    #[schemars(length(max = MAX_INLINE_TEXT))]
    pub dimacs: Option<String>,
    /// A stored formula: a CNF object (`artifact.put`) or DIMACS text written by a SAT operation.
    #[serde(default)]
    pub cnf_uri: Option<ArtifactUri>,
    /// The certificate's format: `LRAT_TEXT_V1` (textual LRAT, as CaDiCaL writes it) or `DRAT_V1`
    /// (a DRAT proof, converted to LRAT by drat-trim before the LRAT checker replays it).
    pub format: String,
    /// The proof text inline.
    #[serde(default)]
    #[schemars(length(max = MAX_INLINE_TEXT))]
    pub proof: Option<String>,
    /// A stored proof (as `sat.solve` writes it).
    #[serde(default)]
    pub proof_uri: Option<ArtifactUri>,
}

/// How a DRAT proof became the LRAT proof that was checked.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Conversion {
    /// The tool: `drat-trim -L`.
    pub tool: String,
    /// `sha256:` of its executable.
    pub digest: String,
    /// The DRAT proof converted.
    pub from: ArtifactUri,
}

/// Output of `certificate.verify`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CertificateOutput {
    /// What the certificate claims: `UNSAT`.
    pub claim: SatStatus,
    /// The stored canonical DIMACS text of the formula.
    pub cnf_uri: ArtifactUri,
    /// The stored LRAT proof handed to the checker (absent when a DRAT proof did not convert).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof_uri: Option<ArtifactUri>,
    /// The format checked: `LRAT_TEXT_V1`.
    pub format: String,
    /// For a DRAT proof: the conversion to LRAT.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conversion: Option<Conversion>,
}

/// What `certificate.verify` prepared.
pub struct PreparedCertificate {
    cnf: ResolvedCnf,
    proof: ProofSource,
    drat: bool,
}

enum ProofSource {
    Inline(String),
    Stored(ArtifactUri),
}

/// `certificate.verify`.
pub struct CertificateVerify;

impl CertificateVerify {
    /// Stores an inline proof, or returns the stored one.
    fn stored_proof(
        p: &PreparedCertificate,
        cnf_uri: ArtifactUri,
        ctx: &AdapterContext,
    ) -> Result<ArtifactUri, AdapterError> {
        let schema = if p.drat { DRAT_SCHEMA } else { LRAT_SCHEMA };
        Ok(match &p.proof {
            ProofSource::Stored(uri) => *uri,
            ProofSource::Inline(text) => {
                ctx.artifacts().put_bytes(schema, "text/plain", text.as_bytes(), &[cnf_uri])?.uri
            }
        })
    }

    /// Converts a stored DRAT proof to LRAT with drat-trim; `None` when drat-trim does not
    /// verify the DRAT proof (then there is nothing to check).
    fn convert(
        cnf: &ResolvedCnf,
        drat: ArtifactUri,
        ctx: &AdapterContext,
    ) -> Result<(Option<Vec<u8>>, String), AdapterError> {
        let tool =
            DRAT_TRIM.path.as_deref().ok_or_else(|| AdapterError::Unsupported("drat-trim is not installed".into()))?;
        let dir = jacobian_runtime::sandbox::scratch("drat").map_err(backend)?;
        let (cnf_path, drat_path, lrat_path, log_path) =
            (dir.path().join("f.cnf"), dir.path().join("f.drat"), dir.path().join("f.lrat"), dir.path().join("log"));
        std::fs::write(&cnf_path, cnf.dimacs.as_bytes()).map_err(backend)?;
        std::fs::write(&drat_path, &ctx.artifacts().reader().get(&drat)?.bytes).map_err(backend)?;
        let log = std::fs::File::create(&log_path).map_err(backend)?;
        let seconds = ctx.remaining().as_secs().clamp(1, 20_000).to_string();
        let args = [
            cnf_path.as_os_str(),
            drat_path.as_os_str(),
            "-L".as_ref(),
            lrat_path.as_os_str(),
            "-t".as_ref(),
            seconds.as_ref(),
        ];
        let mut command = crate::backends::confined(tool, &args, dir.path())?;
        let status = run_to_completion(&mut command, log, ctx)?;
        let log = std::fs::read_to_string(&log_path).unwrap_or_default();
        let verified = log.lines().any(|l| l.trim() == "s VERIFIED");
        let mut summary: Vec<&str> = log.lines().filter(|l| l.starts_with("s ")).collect();
        let exit = format!("exit status {}", status.code().map_or("none (signal)".into(), |c| c.to_string()));
        summary.push(&exit);
        let summary = summary.join("; ");
        if !verified {
            return Ok((None, summary));
        }
        if std::fs::metadata(&lrat_path).map_err(backend)?.len() > MAX_PROOF_BYTES {
            return Ok((None, format!("{summary}; the LRAT proof exceeds {} MiB", MAX_PROOF_BYTES >> 20)));
        }
        Ok((Some(std::fs::read(&lrat_path).map_err(backend)?), summary))
    }
}

impl Operation for CertificateVerify {
    type Input = CertificateInput;
    type Output = CertificateOutput;
    type Prepared = PreparedCertificate;

    fn describe(&self) -> Describe {
        Describe {
            id: "certificate.verify",
            title: "Check a certificate (an LRAT or DRAT refutation of a CNF formula)",
            outcome: "VERIFIED unsatisfiability when the independent LRAT checker replays the proof against exactly \
                      this formula; otherwise unverified, with the checker's findings.",
            description: "Binds a proof (inline text or a stored artifact, e.g. from sat.solve) to a CNF formula and \
                          hands both to the LRAT checker, which re-derives every added clause by unit propagation \
                          along the proof's hints and requires the empty clause. The verification record names the \
                          formula's digest, the proof's digest, the format and the checker. Formats: LRAT_TEXT_V1, \
                          and DRAT_V1, which drat-trim converts to LRAT first (the conversion is recorded; drat-trim \
                          is not trusted: only the LRAT checker's acceptance verifies).",
            tags: &["certificate", "verify", "check", "proof", "lrat", "drat", "sat", "unsat", "cnf", "refutation"],
            modes: &[Mode::Verify],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[CNF_SCHEMA, DIMACS_CNF_SCHEMA, LRAT_SCHEMA, DRAT_SCHEMA],
            assurance_ceiling: AssuranceLevel::Verified,
            scope_rule: "Exactly the given formula and proof.",
            read_only: false,
            writes_artifacts: true,
            evidence_kinds: &[UNSAT_EVIDENCE],
            relationships: &[("checks", "sat.solve")],
        }
    }

    fn provider(&self) -> Provider {
        jacobian_builtin(include_str!("sat.rs"))
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "x1 and not x1, refuted in one step",
            Mode::Verify,
            json!({"cnf": {"variables": 1, "clauses": [[1], [-1]]}, "format": LRAT_FORMAT, "proof": "3 0 1 2 0\n"}),
        )]
    }

    fn prepare(&self, input: CertificateInput, cx: &PrepareContext) -> Result<PreparedCertificate, Vec<Diagnostic>> {
        let mut problems = Vec::new();
        let drat = input.format == DRAT_FORMAT;
        if input.format != LRAT_FORMAT && !drat {
            problems.push(Diagnostic::at(
                "/format",
                "UNSUPPORTED_FORMAT",
                format!("`{}` is not a supported certificate format; use {LRAT_FORMAT} or {DRAT_FORMAT}", input.format),
            ));
        }
        let schema = if drat { DRAT_SCHEMA } else { LRAT_SCHEMA };
        let proof = match (input.proof, input.proof_uri) {
            (Some(text), None) if text.len() <= MAX_INLINE_TEXT => Some(ProofSource::Inline(text)),
            (Some(_), None) => {
                problems.push(Diagnostic::at("/proof", "TOO_LARGE", "an inline proof is limited to 64 MiB"));
                None
            }
            (None, Some(uri)) => match cx.artifacts.manifest(&uri) {
                Ok(m) if m.schema_uri == schema => Some(ProofSource::Stored(uri)),
                Ok(m) => {
                    problems.push(Diagnostic::at(
                        "/proof_uri",
                        "WRONG_ARTIFACT_TYPE",
                        format!("{uri} is a {}, not a {schema}", m.schema_uri),
                    ));
                    None
                }
                Err(e) => {
                    problems.push(Diagnostic::at("/proof_uri", "UNKNOWN_ARTIFACT", format!("{uri}: {e}")));
                    None
                }
            },
            (None, None) => {
                problems.push(Diagnostic::at(
                    "/proof",
                    "MISSING_FIELD",
                    "give the proof inline (`proof`) or by `proof_uri`",
                ));
                None
            }
            (Some(_), Some(_)) => {
                problems.push(Diagnostic::at("/proof_uri", "CONFLICTING_FIELDS", "give either `proof` or `proof_uri`"));
                None
            }
        };
        let cnf = resolve_cnf(CnfSource { cnf: input.cnf, dimacs: input.dimacs, cnf_uri: input.cnf_uri }, cx);
        match (cnf, proof) {
            (Ok(cnf), Some(proof)) if problems.is_empty() => Ok(PreparedCertificate { cnf, proof, drat }),
            (cnf, _) => {
                problems.extend(cnf.err().into_iter().flatten());
                Err(problems)
            }
        }
    }

    fn preflight(&self, p: &PreparedCertificate, _budget: &RunBudget) -> Result<(), Refusal> {
        if p.drat && DRAT_TRIM.path.is_none() {
            return Err(Refusal::Unsupported(Diagnostic::at(
                "/format",
                "BACKEND_MISSING",
                "DRAT proofs are converted to LRAT by drat-trim, which is not installed (Debian: apt install \
                 drat-trim; or set JACOBIAN_DRAT_TRIM)",
            )));
        }
        Ok(())
    }

    fn run(&self, p: PreparedCertificate, ctx: &AdapterContext) -> Result<Outcome<CertificateOutput>, AdapterError> {
        let cnf_uri = p.cnf.store(ctx)?;
        let given = Self::stored_proof(&p, cnf_uri, ctx)?;
        let scope = p.cnf.scope();
        if !p.drat {
            let evidence = unsat_evidence(&p.cnf, cnf_uri, given);
            let output = CertificateOutput {
                claim: SatStatus::Unsat,
                cnf_uri,
                proof_uri: Some(given),
                format: LRAT_FORMAT.into(),
                conversion: None,
            };
            // The certificate is the caller's claim until the checker accepts it.
            return Ok(Outcome::heuristic(output, scope, Completeness::unknown())
                .artifact(cnf_uri)
                .artifact(given)
                .relate("refutes", given, cnf_uri)
                .evidence(evidence));
        }
        let (lrat, summary) = Self::convert(&p.cnf, given, ctx)?;
        let conversion = Conversion { tool: "drat-trim -L".into(), digest: DRAT_TRIM.digest.clone(), from: given };
        let Some(lrat) = lrat else {
            let output = CertificateOutput {
                claim: SatStatus::Unsat,
                cnf_uri,
                proof_uri: None,
                format: LRAT_FORMAT.into(),
                conversion: Some(conversion),
            };
            let mut outcome =
                Outcome::heuristic(output, scope, Completeness::unknown()).artifact(cnf_uri).artifact(given);
            outcome.diagnostics.push(Diagnostic::warning(
                "DRAT_NOT_CONVERTED",
                format!("drat-trim did not verify the DRAT proof ({summary}); there is no LRAT proof to check"),
            ));
            return Ok(outcome.obligation(
                "CHECK_REFUTATION",
                "the DRAT proof did not convert to LRAT; nothing establishes unsatisfiability",
                Some(UNSAT_EVIDENCE),
            ));
        };
        let lrat_uri = ctx.artifacts().put_bytes(LRAT_SCHEMA, "text/plain", &lrat, &[cnf_uri, given])?.uri;
        let output = CertificateOutput {
            claim: SatStatus::Unsat,
            cnf_uri,
            proof_uri: Some(lrat_uri),
            format: LRAT_FORMAT.into(),
            conversion: Some(conversion),
        };
        Ok(Outcome::heuristic(output, scope, Completeness::unknown())
            .artifact(cnf_uri)
            .artifact(given)
            .artifact(lrat_uri)
            .relate("converted_from", lrat_uri, given)
            .relate("refutes", lrat_uri, cnf_uri)
            .evidence(unsat_evidence(&p.cnf, cnf_uri, lrat_uri)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn php(holes: u32) -> Cnf {
        Cnf::pigeonhole(holes)
    }

    #[test]
    fn pigeonhole_is_refuted_with_an_lrat_proof() {
        let Some(Answer::Unsat(Some(proof))) = solve_cnf(&php(4), true, &|| false).unwrap() else {
            panic!("PHP(5, 4) must be UNSAT with a proof");
        };
        let text = String::from_utf8(proof).unwrap();
        // The proof ends by deriving the empty clause: a line `id 0 hints 0`.
        assert!(text.lines().any(|l| l.split_whitespace().nth(1) == Some("0")), "{text}");
    }

    #[test]
    fn models_satisfy_and_cover_every_variable() {
        let cnf = Cnf::new(5, vec![vec![1, 2], vec![-1, 3], vec![-3], vec![4, -4]]).unwrap();
        let Some(Answer::Sat(model)) = solve_cnf(&cnf, false, &|| false).unwrap() else { panic!("SAT expected") };
        assert_eq!(model.len(), 5);
        assert!(model.iter().enumerate().all(|(i, &l)| l.unsigned_abs() as usize == i + 1));
        assert!(cnf.satisfied_by(&model.iter().map(|&l| l > 0).collect::<Vec<_>>()));
    }

    #[test]
    fn an_empty_clause_is_unsat_and_no_clauses_is_sat() {
        let empty_clause = Cnf::new(2, vec![vec![1], vec![]]).unwrap();
        assert!(matches!(solve_cnf(&empty_clause, true, &|| false).unwrap(), Some(Answer::Unsat(Some(_)))));
        let nothing = Cnf::new(0, vec![]).unwrap();
        assert_eq!(solve_cnf(&nothing, true, &|| false).unwrap(), Some(Answer::Sat(vec![])));
    }

    #[test]
    fn a_stopped_solve_is_no_answer() {
        assert_eq!(solve_cnf(&php(11), true, &|| true).unwrap(), None);
        // Stopped mid-search: CaDiCaL polls its terminate flag and returns within milliseconds.
        let started = std::time::Instant::now();
        let stop = || started.elapsed() > Duration::from_millis(200);
        assert_eq!(solve_cnf(&php(12), true, &stop).unwrap(), None);
        assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
    }
}
