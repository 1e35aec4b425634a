//! What every capability on a computer-algebra backend shares: its provider record, reading
//! the backend's printed answer back into validated values, and the digit bound of preflight.

use std::sync::OnceLock;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext, Refusal, RunBudget};
use jacobian_runtime::backend::BackendKind;
use jacobian_runtime::contract::{AssuranceLevel, Diagnostic, InputKind, Mode, Provider, Qualifier, Severity};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use jacobian_runtime::{Digest, Evidence, Scope};
use num_bigint::BigInt;
use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::backends::SystemTool;

/// The system tool behind `backend`, located once per process, with the exact version the
/// backend reports.
pub fn tool(backend: BackendKind) -> &'static SystemTool {
    static TOOLS: [OnceLock<SystemTool>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    TOOLS[backend as usize].get_or_init(|| {
        let found = backend.found();
        SystemTool::at(found.executable.clone(), found.version.clone(), &[backend.title()])
    })
}

/// The provider record of a capability on `backend` (its executable's digest and version).
pub fn provider(backend: BackendKind) -> Provider {
    tool(backend).provider(backend.name(), "GPL-2.0-or-later")
}

/// Reads a decimal integer the backend printed; anything else is a backend failure.
pub fn integer(backend: BackendKind, text: &str) -> Result<DecimalInteger, AdapterError> {
    DecimalInteger::parse(text.trim())
        .map_err(|_| AdapterError::Backend(format!("{backend} printed `{}` where an integer was expected", clip(text))))
}

/// Reads a line of integers separated by single spaces.
pub fn integers(backend: BackendKind, line: &str) -> Result<Vec<DecimalInteger>, AdapterError> {
    line.split(' ').map(|t| integer(backend, t)).collect()
}

/// Refuses an integer input longer than `max` digits, naming its field.
pub fn digit_bound(n: &DecimalInteger, max: usize, field: &str) -> Result<(), Refusal> {
    let digits = n.as_str().trim_start_matches('-').len();
    if digits > max {
        let message = format!("{digits} digits; this capability accepts at most {max}");
        return Err(Refusal::Unsupported(Diagnostic::at(field, "TOO_LARGE", message)));
    }
    Ok(())
}

fn clip(text: &str) -> String {
    text.chars().take(60).collect()
}

/// The descriptor of a read-only EXPLORE computation over a structured request: COMPUTED at
/// best, no artifacts, no evidence, no relationships. Callers override what differs with
/// struct update syntax (`Describe { modes: …, ..cas::describe(…) }`).
pub fn describe(
    id: &'static str,
    title: &'static str,
    outcome: &'static str,
    description: &'static str,
    tags: &'static [&'static str],
) -> Describe {
    Describe {
        id,
        title,
        outcome,
        description,
        tags,
        modes: &[Mode::Explore],
        input_kind: InputKind::StructuredRequest,
        artifact_types: &[],
        assurance_ceiling: AssuranceLevel::Computed,
        scope_rule: "Exactly the given input.",
        read_only: true,
        writes_artifacts: false,
        evidence_kinds: &[],
        relationships: &[],
    }
}

/// The `provider` and `backend` methods of an [`Operation`](jacobian_runtime::typed::Operation)
/// that runs on the backend pool `$backend`.
macro_rules! on_backend {
    ($backend:expr) => {
        fn provider(&self) -> jacobian_runtime::contract::Provider {
            $crate::cas::provider($backend)
        }

        fn backend(&self) -> Option<jacobian_runtime::backend::BackendKind> {
            Some($backend)
        }
    };
}
pub(crate) use on_backend;

/// A capability that answers one typed question: the shared shape of the number-theory pack.
///
/// [`Ask`] turns it into an [`Operation`](jacobian_runtime::typed::Operation): the input is
/// validated (`validate`, INVALID_INPUT with a JSON Pointer) before anything runs, its sizes are
/// checked in preflight (`bounds`), the scope is exactly the canonical input, and the answer's
/// claim becomes evidence for a checker in VERIFY mode.
pub trait Query: Send + Sync + 'static {
    /// The request.
    type Input: DeserializeOwned + Serialize + JsonSchema + Send + 'static;
    /// The answer.
    type Output: Serialize + JsonSchema;

    /// The descriptor fields.
    fn describe(&self) -> Describe;
    /// The provider, pinned.
    fn provider(&self) -> Provider;
    /// The backend pool the question runs on, if any.
    fn backend(&self) -> Option<BackendKind> {
        None
    }
    /// Example calls `(title, mode, input)`.
    fn examples(&self) -> Vec<(&'static str, Mode, Value)>;
    /// Cross-field validation of the request.
    fn validate(&self, _input: &Self::Input) -> Result<(), Diagnostic> {
        Ok(())
    }
    /// Size bounds, enforced in preflight.
    fn bounds(&self, _input: &Self::Input) -> Result<(), Refusal> {
        Ok(())
    }
    /// The computation.
    fn answer(&self, input: &Self::Input, ctx: &AdapterContext) -> Result<Answer<Self::Output>, AdapterError>;
}

/// What a [`Query`] answered: the output, the claim a checker can replay, and the hypotheses
/// the answer rests on.
pub struct Answer<T> {
    output: T,
    claim: Option<Claim>,
    assumes: Vec<String>,
    notes: Vec<Diagnostic>,
    approximate: bool,
}

impl<T> From<T> for Answer<T> {
    fn from(output: T) -> Self {
        Answer { output, claim: None, assumes: vec![], notes: vec![], approximate: false }
    }
}

impl<T> Answer<T> {
    /// Attaches the claim replayed in VERIFY mode.
    pub fn claim(mut self, claim: Claim) -> Self {
        self.claim = Some(claim);
        self
    }

    /// Attaches the claim `f` builds, in VERIFY mode only: no other mode replays it, and a
    /// claim restating large matrices costs as much to build as the answer.
    pub fn claim_for(self, mode: Mode, f: impl FnOnce() -> Claim) -> Self {
        if mode == Mode::Verify { self.claim(f()) } else { self }
    }

    /// Marks the answer CONDITIONAL on an unproved hypothesis; it then carries no evidence.
    pub fn assuming(mut self, hypothesis: impl Into<String>) -> Self {
        self.assumes.push(hypothesis.into());
        self
    }

    /// Marks the answer APPROXIMATE instead of EXACT: some part of it is floating point.
    pub fn approximate(mut self) -> Self {
        self.approximate = true;
        self
    }

    /// Adds an informational note.
    pub fn note(mut self, code: &'static str, message: impl Into<String>) -> Self {
        self.notes.push(Diagnostic { severity: Severity::Info, ..Diagnostic::error(code, message) });
        self
    }
}

/// A claim and its certificate, in a checker's evidence format.
pub struct Claim {
    /// Evidence kind.
    pub kind: &'static str,
    /// Semantics URN.
    pub semantics: &'static str,
    /// Certificate format.
    pub format: &'static str,
    /// The claim.
    pub claim: Value,
    /// The candidate (witness or certificate).
    pub candidate: Value,
}

/// The [`Operation`](jacobian_runtime::typed::Operation) of a [`Query`].
pub struct Ask<Q>(pub Q);

impl<Q: Query> jacobian_runtime::typed::Operation for Ask<Q> {
    type Input = Q::Input;
    type Output = Q::Output;
    type Prepared = Q::Input;

    fn describe(&self) -> Describe {
        self.0.describe()
    }
    fn provider(&self) -> Provider {
        self.0.provider()
    }
    fn backend(&self) -> Option<BackendKind> {
        self.0.backend()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        self.0.examples()
    }
    fn prepare(&self, input: Q::Input, _cx: &PrepareContext) -> Result<Q::Input, Vec<Diagnostic>> {
        self.0.validate(&input).map_err(|d| vec![d])?;
        Ok(input)
    }
    fn preflight(&self, input: &Q::Input, _budget: &RunBudget) -> Result<(), Refusal> {
        self.0.bounds(input)
    }
    fn run(&self, input: Q::Input, ctx: &AdapterContext) -> Result<Outcome<Q::Output>, AdapterError> {
        let answer = self.0.answer(&input, ctx)?;
        let canonical = serde_json::to_value(&input)
            .map_err(|e| AdapterError::Backend(format!("the request does not serialize: {e}")))?;
        let scope = Scope::exact_input(self.0.describe().scope_rule, Digest::of_value(&canonical));
        let mut outcome = Outcome::computed(answer.output, scope.clone());
        outcome.diagnostics = answer.notes;
        if answer.approximate {
            outcome.qualifiers.retain(|q| *q != Qualifier::Exact);
            outcome.qualifiers.push(Qualifier::Approximate);
        }
        if !answer.assumes.is_empty() {
            outcome.qualifiers.push(Qualifier::Conditional);
            for h in answer.assumes {
                let d = Diagnostic::error("ASSUMES", format!("this answer rests on {h}, which is not proved"));
                outcome.diagnostics.push(Diagnostic { severity: Severity::Warning, ..d });
            }
        } else if let (Some(c), Mode::Verify) = (answer.claim, ctx.mode) {
            outcome = outcome.evidence(Evidence {
                kind: c.kind.into(),
                claim: c.claim,
                semantics: c.semantics.into(),
                candidate: c.candidate,
                scope,
                certificate_format: c.format.into(),
                artifacts: vec![],
            });
        }
        Ok(outcome)
    }
}

/// The `provider` and `backend` methods of a [`Query`] on PARI/GP.
macro_rules! on_pari {
    () => {
        fn provider(&self) -> jacobian_runtime::contract::Provider {
            $crate::cas::provider(jacobian_runtime::backend::BackendKind::Pari)
        }

        fn backend(&self) -> Option<jacobian_runtime::backend::BackendKind> {
            Some(jacobian_runtime::backend::BackendKind::Pari)
        }
    };
}
pub(crate) use on_pari;

/// A value PARI/GP printed: an integer, a fraction, or a vector or matrix of values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Gp {
    /// An integer.
    Int(BigInt),
    /// A fraction in lowest terms, denominator > 1.
    Frac(BigInt, BigInt),
    /// A row or column vector; a matrix is a vector of rows.
    Vec(Vec<Gp>),
}

impl Gp {
    /// Parses one printed value (`-12`, `3/4`, `[1, 2]`, `[1, 2]~`, `[1, 2; 3, 4]`, `[;]`).
    pub fn parse(text: &str) -> Result<Gp, AdapterError> {
        let mut p = GpParser { s: text.trim().as_bytes(), at: 0 };
        let v = p.value(0)?;
        if p.at != p.s.len() {
            return Err(p.fail());
        }
        Ok(v)
    }

    /// The integer, or a backend failure.
    pub fn int(&self) -> Result<&BigInt, AdapterError> {
        match self {
            Gp::Int(n) => Ok(n),
            _ => Err(AdapterError::Backend(format!("PARI/GP printed {self:?} where an integer was expected"))),
        }
    }

    /// The entries of a vector, or a backend failure.
    pub fn items(&self) -> Result<&[Gp], AdapterError> {
        match self {
            Gp::Vec(v) => Ok(v),
            _ => Err(AdapterError::Backend(format!("PARI/GP printed {self:?} where a vector was expected"))),
        }
    }

    /// The entries of a vector of integers.
    pub fn ints(&self) -> Result<Vec<DecimalInteger>, AdapterError> {
        self.items()?.iter().map(|g| g.int().map(crate::integer::decimal)).collect()
    }

    /// An integer or fraction as its canonical rational text (`-3/4`, `5`).
    pub fn rational(&self) -> Result<crate::rational::Rational, AdapterError> {
        match self {
            Gp::Int(n) => Ok(crate::rational::Rational::integer(n)),
            Gp::Frac(n, d) => Ok(crate::rational::Rational::fraction(n, d)),
            Gp::Vec(_) => Err(AdapterError::Backend("PARI/GP printed a vector where a number was expected".into())),
        }
    }

    /// The entries of a vector of rationals.
    pub fn rationals(&self) -> Result<Vec<crate::rational::Rational>, AdapterError> {
        self.items()?.iter().map(Gp::rational).collect()
    }
}

struct GpParser<'a> {
    s: &'a [u8],
    at: usize,
}

impl GpParser<'_> {
    const MAX_DEPTH: usize = 32;

    fn fail(&self) -> AdapterError {
        let shown = String::from_utf8_lossy(&self.s[..self.s.len().min(60)]).into_owned();
        AdapterError::Backend(format!("PARI/GP printed `{shown}`, which does not parse at byte {}", self.at))
    }

    fn skip_spaces(&mut self) {
        while self.s.get(self.at) == Some(&b' ') {
            self.at += 1;
        }
    }

    fn eat(&mut self, b: u8) -> bool {
        self.skip_spaces();
        let hit = self.s.get(self.at) == Some(&b);
        if hit {
            self.at += 1;
        }
        hit
    }

    fn integer(&mut self) -> Result<BigInt, AdapterError> {
        self.skip_spaces();
        let start = self.at;
        if self.s.get(self.at) == Some(&b'-') {
            self.at += 1;
        }
        let digits = self.at;
        while self.s.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        if self.at == digits {
            return Err(self.fail());
        }
        std::str::from_utf8(&self.s[start..self.at]).ok().and_then(|t| t.parse().ok()).ok_or_else(|| self.fail())
    }

    fn value(&mut self, depth: usize) -> Result<Gp, AdapterError> {
        if depth > Self::MAX_DEPTH {
            return Err(self.fail());
        }
        if !self.eat(b'[') {
            let n = self.integer()?;
            if self.eat(b'/') {
                let d = self.integer()?;
                return Ok(Gp::Frac(n, d));
            }
            return Ok(Gp::Int(n));
        }
        if self.eat(b']') {
            self.eat(b'~');
            return Ok(Gp::Vec(vec![]));
        }
        if self.eat(b';') {
            return if self.eat(b']') { Ok(Gp::Vec(vec![])) } else { Err(self.fail()) };
        }
        let mut rows = vec![vec![self.value(depth + 1)?]];
        loop {
            if self.eat(b',') {
                let v = self.value(depth + 1)?;
                if let Some(r) = rows.last_mut() {
                    r.push(v);
                }
            } else if self.eat(b';') {
                rows.push(vec![self.value(depth + 1)?]);
            } else if self.eat(b']') {
                break;
            } else {
                return Err(self.fail());
            }
        }
        self.eat(b'~');
        Ok(if rows.len() == 1 {
            Gp::Vec(rows.pop().unwrap_or_default())
        } else {
            Gp::Vec(rows.into_iter().map(Gp::Vec).collect())
        })
    }
}

/// `d` made VERIFY-capable: the answer's claim, of kind `evidence`, goes to its checker.
pub fn checked(d: Describe, evidence: &'static [&'static str]) -> Describe {
    Describe {
        modes: &[Mode::Explore, Mode::Verify],
        assurance_ceiling: AssuranceLevel::Verified,
        evidence_kinds: evidence,
        ..d
    }
}

/// The provider of a capability computed in-process with num-bigint by the code in `source`.
pub fn native(source: &'static str) -> Provider {
    crate::backends::bundled_crate("num-bigint", crate::backends::NUM_BIGINT_VERSION, "MIT OR Apache-2.0", source, &[])
}
