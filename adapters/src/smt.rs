//! `smt.check`: Z3 on an SMT-LIB 2 script, with models a checker replays without Z3.
//!
//! The script is read first by a small reader of our own, which admits only declarations,
//! definitions and assertions (plus `set-logic`, and informational commands that are dropped:
//! `set-info`, `set-option`, `check-sat`, `get-model`, `get-value`, `get-info`, `echo`, `exit`).
//! Everything else — `include`, `push`/`pop`, `reset`, `eval`, `check-sat-assuming`,
//! anything unknown, anything after `exit` — is refused before Z3 sees it. Z3 never sees the
//! caller's bytes: it is given the admitted commands rebuilt from the reader's own tokens, one
//! space apart, with comments dropped, and every token is checked to be a single SMT-LIB lexeme
//! (no `#` but in `#x`/`#b` literals, so no `#| ... |#` block comment of Z3's; no backslash in a
//! string), so Z3 tokenizes exactly what the reader did and the input can neither name a file
//! nor change the solver's configuration, output channels or resource limits. The number of
//! assertions Z3 parsed must equal the number in the script, or the run fails (Z3 drops an
//! ill-sorted assertion with an error).
//!
//! A `sat` answer carries a value for every declared constant (model completion on). In VERIFY
//! mode, for QF_LIA, QF_IDL and QF_BV scripts without uninterpreted functions, the model goes to
//! the replay checker, which evaluates every assertion under it on its own. `unsat` has no
//! checkable certificate here and stays COMPUTED with an obligation; `unknown` is no answer.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext};
use jacobian_runtime::contract::{AssuranceLevel, Diagnostic, InputKind, Mode, Provider};
use jacobian_runtime::typed::{Describe, Operation};
use jacobian_runtime::{ArtifactUri, Digest, Evidence, Scope};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use z3::ast::{BV, Bool, Int, Real};
use z3::{SatResult, Solver};

use crate::backends::{bundled_crate, z3_version};

/// Schema URI of stored SMT-LIB 2 scripts.
pub const SMTLIB2_SCHEMA: &str = "urn:jacobian:schema:smtlib2-script:v1";
/// Evidence kind of an SMT model.
pub const MODEL_EVIDENCE: &str = "smt.model/v1";
const MODEL_SEMANTICS: &str = "urn:jacobian:semantics:smt-satisfiable:v1";
const MODEL_FORMAT: &str = "SMTLIB2_MODEL_V1";
/// Largest script accepted, in bytes.
pub const MAX_SCRIPT_BYTES: usize = 1 << 20;
/// Deepest parenthesis nesting accepted.
pub const MAX_DEPTH: usize = 512;
/// Logics whose models the replay checker evaluates.
pub const REPLAYED_LOGICS: &[&str] = &["QF_LIA", "QF_IDL", "QF_BV"];

/// Commands passed to Z3.
const ADMITTED: &[&str] = &[
    "declare-const",
    "declare-fun",
    "define-fun",
    "define-sort",
    "declare-sort",
    "declare-datatype",
    "declare-datatypes",
    "assert",
];
/// Commands accepted and dropped: they ask for output or set options, which the capability decides.
const DROPPED: &[&str] = &["set-info", "set-option", "check-sat", "get-model", "get-value", "get-info", "echo", "exit"];

/// One top-level command of a script.
#[derive(Debug, Clone)]
struct Command<'a> {
    head: &'a str,
    /// The command's tokens, comments and layout removed: what Z3 is given if it is admitted.
    tokens: Vec<&'a str>,
    line: usize,
    /// The command's top-level arguments, as source text.
    args: Vec<&'a str>,
}

/// Whether a token outside strings and quoted symbols is one SMT-LIB 2 lexeme, so that Z3 reads
/// it as exactly one token too: a numeral or decimal, `#x` hex or `#b` binary, a keyword, or a
/// simple symbol. Anything else (in particular `#` elsewhere, which Z3 may read as the start
/// of a `#| ... |#` block comment) is refused.
fn is_lexeme(token: &str) -> bool {
    let symbol_char = |c: char| c.is_ascii_alphanumeric() || "~!@$%^&*_-+=<>.?/".contains(c);
    if let Some(hex) = token.strip_prefix("#x") {
        return !hex.is_empty() && hex.chars().all(|c| c.is_ascii_hexdigit());
    }
    if let Some(bits) = token.strip_prefix("#b") {
        return !bits.is_empty() && bits.chars().all(|c| c == '0' || c == '1');
    }
    let body = token.strip_prefix(':').unwrap_or(token);
    !body.is_empty() && body.chars().all(symbol_char)
}

/// A constant the script declares, with its sort as written (whitespace collapsed).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Declared {
    name: String,
    sort: String,
}

/// A script that passed the reader.
#[derive(Debug, Clone)]
pub struct Script {
    text: String,
    logic: Option<String>,
    admitted: String,
    assertions: usize,
    constants: Vec<Declared>,
    functions: usize,
}

fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset).map_or(0, |s| s.matches('\n').count()) + 1
}

/// Splits the script into top-level commands, checking balance, depth and lexical syntax.
fn commands(text: &str) -> Result<Vec<Command<'_>>, Diagnostic> {
    let bad = |offset: usize, code: &str, message: String| {
        Diagnostic::at("/script", code, format!("line {}: {message}", line_of(text, offset)))
    };
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut start = 0usize;
    let mut args: Vec<&str> = Vec::new();
    let mut tokens: Vec<&str> = Vec::new();
    let mut arg_start: Option<usize> = None;
    let mut i = 0usize;
    while i < bytes.len() {
        let b = bytes[i];
        let token_start = i;
        match b {
            b';' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'(' => {
                if depth == 0 {
                    start = i;
                    args.clear();
                    tokens.clear();
                } else if depth == 1 {
                    arg_start = Some(i);
                }
                depth += 1;
                if depth > MAX_DEPTH {
                    return Err(bad(i, "TOO_DEEP", format!("terms nest deeper than {MAX_DEPTH}")));
                }
                tokens.push("(");
            }
            b')' => {
                if depth == 0 {
                    return Err(bad(i, "UNBALANCED", "`)` without a matching `(`".into()));
                }
                depth -= 1;
                tokens.push(")");
                if depth == 1
                    && let Some(s) = arg_start.take()
                {
                    args.push(&text[s..=i]);
                }
                if depth == 0 {
                    let head = args.first().copied().unwrap_or("");
                    out.push(Command {
                        head,
                        tokens: std::mem::take(&mut tokens),
                        line: line_of(text, start),
                        args: args.iter().skip(1).copied().collect(),
                    });
                }
            }
            b'"' => {
                i += 1;
                loop {
                    match bytes.get(i) {
                        None => {
                            return Err(bad(token_start, "UNTERMINATED_STRING", "a string literal never ends".into()));
                        }
                        Some(b'"') if bytes.get(i + 1) == Some(&b'"') => i += 2,
                        Some(b'"') => break,
                        // SMT-LIB has no backslash escapes; Z3 reads some, so a backslash could make
                        // the two disagree on where the string ends.
                        Some(b'\\') => {
                            return Err(bad(i, "BAD_STRING", "a string literal may not contain `\\`".into()));
                        }
                        Some(_) => i += 1,
                    }
                }
                if depth == 0 {
                    return Err(bad(token_start, "OUTSIDE_COMMAND", "text outside a command".into()));
                }
                tokens.push(&text[token_start..=i]);
                if depth == 1 {
                    args.push(&text[token_start..=i]);
                }
            }
            b'|' => {
                i += 1;
                while bytes.get(i).is_some_and(|&c| c != b'|') {
                    if bytes[i] == b'\\' {
                        return Err(bad(i, "BAD_SYMBOL", "a quoted symbol may not contain `\\`".into()));
                    }
                    i += 1;
                }
                if i >= bytes.len() {
                    return Err(bad(token_start, "UNTERMINATED_SYMBOL", "a quoted symbol never ends".into()));
                }
                if depth == 0 {
                    return Err(bad(token_start, "OUTSIDE_COMMAND", "text outside a command".into()));
                }
                tokens.push(&text[token_start..=i]);
                if depth == 1 {
                    args.push(&text[token_start..=i]);
                }
            }
            c if c.is_ascii_whitespace() => {}
            _ => {
                while i + 1 < bytes.len()
                    && !matches!(bytes[i + 1], b'(' | b')' | b'"' | b'|' | b';')
                    && !bytes[i + 1].is_ascii_whitespace()
                {
                    i += 1;
                }
                let token = &text[token_start..=i];
                if depth == 0 {
                    return Err(bad(token_start, "OUTSIDE_COMMAND", "text outside a command".into()));
                }
                if !is_lexeme(token) {
                    return Err(bad(
                        token_start,
                        "BAD_TOKEN",
                        format!(
                            "`{}` is not an SMT-LIB numeral, symbol, keyword or bit-vector literal",
                            token.escape_debug()
                        ),
                    ));
                }
                tokens.push(token);
                if depth == 1 {
                    args.push(token);
                }
            }
        }
        i += 1;
    }
    if depth != 0 {
        return Err(bad(start, "UNBALANCED", "a command is not closed".into()));
    }
    Ok(out)
}

fn symbol_name(token: &str) -> String {
    token.strip_prefix('|').and_then(|t| t.strip_suffix('|')).unwrap_or(token).to_owned()
}

fn collapse(sort: &str) -> String {
    let spaced = sort.replace('(', " ( ").replace(')', " ) ");
    spaced.split_whitespace().collect::<Vec<_>>().join(" ").replace("( ", "(").replace(" )", ")")
}

/// Reads a script: admitted commands in order, its logic, its declared constants.
pub fn read_script(text: &str) -> Result<Script, Vec<Diagnostic>> {
    if text.len() > MAX_SCRIPT_BYTES {
        return Err(vec![Diagnostic::at(
            "/script",
            "TOO_LARGE",
            format!("the script exceeds {MAX_SCRIPT_BYTES} bytes"),
        )]);
    }
    if text.contains('\0') {
        return Err(vec![Diagnostic::at("/script", "NUL_BYTE", "the script contains a NUL byte")]);
    }
    let commands = commands(text).map_err(|d| vec![d])?;
    let mut script = Script {
        text: text.to_owned(),
        logic: None,
        admitted: String::new(),
        assertions: 0,
        constants: Vec::new(),
        functions: 0,
    };
    let mut problems = Vec::new();
    let mut exited = false;
    for c in &commands {
        let at = |code: &str, message: String| Diagnostic::at("/script", code, format!("line {}: {message}", c.line));
        if exited {
            problems.push(at("AFTER_EXIT", "a command after `exit`".into()));
            continue;
        }
        exited = c.head == "exit";
        match c.head {
            "set-logic" => match (c.args.as_slice(), &script.logic) {
                ([logic], None) if !logic.starts_with('(') => script.logic = Some(symbol_name(logic)),
                (_, Some(_)) => problems.push(at("DUPLICATE_LOGIC", "a second `set-logic`".into())),
                _ => problems.push(at("BAD_COMMAND", "`set-logic` takes one symbol".into())),
            },
            head if DROPPED.contains(&head) => {}
            head if ADMITTED.contains(&head) => {
                match (head, c.args.as_slice()) {
                    ("assert", [_]) => script.assertions += 1,
                    ("assert", _) => problems.push(at("BAD_COMMAND", "`assert` takes one term".into())),
                    ("declare-const", [name, sort]) => {
                        script.constants.push(Declared { name: symbol_name(name), sort: collapse(sort) })
                    }
                    ("declare-fun", [name, params, sort]) => {
                        if collapse(params) == "()" {
                            script.constants.push(Declared { name: symbol_name(name), sort: collapse(sort) });
                        } else {
                            script.functions += 1;
                        }
                    }
                    ("declare-const" | "declare-fun", _) => {
                        problems.push(at("BAD_COMMAND", format!("malformed `{head}`")))
                    }
                    _ => {}
                }
                script.admitted.push_str(&c.tokens.join(" "));
                script.admitted.push('\n');
            }
            "" => problems.push(at("BAD_COMMAND", "an empty command".into())),
            head => problems.push(at(
                "COMMAND_NOT_ALLOWED",
                format!(
                    "`{head}` is not accepted: a script may declare, define, assert and set its logic (push, pop, \
                     include, reset and solver options are the capability's to decide)"
                ),
            )),
        }
    }
    if script.assertions == 0 && problems.is_empty() {
        problems.push(Diagnostic::at("/script", "NO_ASSERTIONS", "the script asserts nothing"));
    }
    if problems.is_empty() { Ok(script) } else { Err(problems) }
}

/// One constant's value in a model.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ModelEntry {
    /// The constant's name.
    pub name: String,
    /// Its sort, as SMT-LIB text (e.g. `Int`, `(_ BitVec 8)`).
    pub sort: String,
    /// Its value, as SMT-LIB text (e.g. `(- 3)`, `#x0f`, `true`).
    pub value: String,
}

/// What Z3 answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SmtAnswer {
    /// A model: every declared constant's value, and the full model as Z3 prints it.
    Sat(Vec<ModelEntry>, String),
    /// Unsatisfiable.
    Unsat,
}

fn bitvec_width(sort: &str) -> Option<u32> {
    sort.strip_prefix("(_ BitVec ").and_then(|s| s.strip_suffix(')')).and_then(|w| w.parse().ok())
}

fn value_of(model: &z3::Model, c: &Declared) -> Option<String> {
    let name = c.name.as_str();
    match c.sort.as_str() {
        "Int" => model.eval(&Int::new_const(name), true).map(|v| v.to_string()),
        "Bool" => model.eval(&Bool::new_const(name), true).map(|v| v.to_string()),
        "Real" => model.eval(&Real::new_const(name), true).map(|v| v.to_string()),
        sort => {
            let width = bitvec_width(sort)?;
            model.eval(&BV::new_const(name, width), true).map(|v| v.to_string())
        }
    }
}

/// Checks `script` with Z3 under the run's budget, in a Z3 context of its own
/// (`z3run::isolated`), so the same script gets the same model.
pub fn check_script(script: &Script, ctx: &AdapterContext) -> Result<SmtAnswer, AdapterError> {
    crate::z3run::isolated(|| check_in_context(script, ctx))
}

fn check_in_context(script: &Script, ctx: &AdapterContext) -> Result<SmtAnswer, AdapterError> {
    let solver = match &script.logic {
        Some(logic) => Solver::new_for_logic(logic.as_str())
            .ok_or_else(|| AdapterError::Unsupported(format!("Z3 does not know the logic {logic}")))?,
        None => Solver::new(),
    };
    solver.set_params(&crate::z3run::params_for(ctx));
    solver.from_string(script.admitted.as_str());
    let parsed = solver.get_assertions().len();
    if parsed != script.assertions {
        return Err(AdapterError::Backend(format!(
            "Z3 parsed {parsed} of the script's {} assertions: the script has an ill-sorted or undeclared term",
            script.assertions
        )));
    }
    let result = crate::z3run::check(solver.get_context(), ctx, || solver.check(), || solver.get_reason_unknown())?;
    match result {
        SatResult::Unsat => Ok(SmtAnswer::Unsat),
        SatResult::Sat => {
            let model = solver.get_model().ok_or_else(|| AdapterError::Backend("Z3 returned no model".into()))?;
            let mut entries = Vec::with_capacity(script.constants.len());
            for c in &script.constants {
                if let Some(value) = value_of(&model, c) {
                    entries.push(ModelEntry { name: c.name.clone(), sort: c.sort.clone(), value });
                }
            }
            Ok(SmtAnswer::Sat(entries, model.to_string()))
        }
        SatResult::Unknown => Err(AdapterError::Backend("Z3 answered unknown".into())),
    }
}

/// Input of `smt.check`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SmtInput {
    /// The SMT-LIB 2 script: `set-logic`, declarations, definitions and assertions (up to 1 MiB).
    #[schemars(length(max = 1_048_576))]
    pub script: String,
}

/// `sat` or `unsat`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum SmtStatus {
    /// The assertions have a model (given).
    Sat,
    /// The assertions have no model.
    Unsat,
}

/// Output of `smt.check`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SmtOutput {
    /// Z3's answer.
    pub status: SmtStatus,
    /// The script's logic, when it sets one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub logic: Option<String>,
    /// For `sat`: every declared constant of sort Bool, Int, Real or bit-vector, with its value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<Vec<ModelEntry>>,
    /// For `sat`: the whole model as Z3 prints it (functions and other sorts included).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model_text: Option<String>,
    /// Number of assertions.
    pub assertions: usize,
    /// The stored script.
    pub script_uri: ArtifactUri,
}

/// `smt.check`.
pub struct SmtCheck;

impl SmtCheck {
    fn replayable(script: &Script, model: &[ModelEntry]) -> Result<(), String> {
        match &script.logic {
            Some(l) if REPLAYED_LOGICS.contains(&l.as_str()) => {}
            Some(l) => return Err(format!("the replay checker covers {}, not {l}", REPLAYED_LOGICS.join(", "))),
            None => return Err("the script sets no logic; the replay checker needs QF_LIA, QF_IDL or QF_BV".into()),
        }
        if script.functions > 0 {
            return Err("the script declares uninterpreted functions".into());
        }
        if model.len() != script.constants.len() {
            return Err("some declared constant has a sort outside Bool, Int and bit-vectors".into());
        }
        Ok(())
    }
}

impl Operation for SmtCheck {
    type Input = SmtInput;
    type Output = SmtOutput;
    type Prepared = Script;

    fn describe(&self) -> Describe {
        Describe {
            id: "smt.check",
            title: "Check an SMT-LIB 2 script with Z3",
            outcome: "sat with a model (replayed without Z3 for QF_LIA and QF_BV), or unsat as computed by Z3.",
            description: "Runs Z3 on an SMT-LIB 2 script of declarations, definitions and assertions (up to 1 MiB; \
                          push/pop, include, options and other commands are refused). sat answers give every \
                          declared constant's value; in VERIFY mode, QF_LIA, QF_IDL and QF_BV models go to the replay \
                          checker, which evaluates each assertion under the model on its own. unsat stays COMPUTED \
                          with an obligation; unknown and timeouts are no answer.",
            tags: &[
                "smt",
                "smt-lib",
                "smtlib2",
                "z3",
                "satisfiability",
                "model",
                "qf_lia",
                "qf_bv",
                "bitvector",
                "integer-arithmetic",
            ],
            modes: &[Mode::Explore, Mode::Verify],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[SMTLIB2_SCHEMA],
            assurance_ceiling: AssuranceLevel::Verified,
            scope_rule: "Exactly the given script.",
            read_only: false,
            writes_artifacts: true,
            evidence_kinds: &[MODEL_EVIDENCE],
            relationships: &[],
        }
    }

    fn provider(&self) -> Provider {
        bundled_crate("z3", &z3_version(), "MIT", include_str!("smt.rs"), &[])
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "two integers with a given sum and difference",
                Mode::Verify,
                json!({"script": "(set-logic QF_LIA)\n(declare-const x Int)\n(declare-const y Int)\n\
                                  (assert (= (+ x y) 10))\n(assert (= (- x y) 4))\n(check-sat)\n"}),
            ),
            (
                "an 8-bit overflow",
                Mode::Verify,
                json!({"script": "(set-logic QF_BV)\n(declare-const a (_ BitVec 8))\n\
                                  (assert (bvult (bvadd a #x10) a))\n(check-sat)\n"}),
            ),
        ]
    }

    fn prepare(&self, input: SmtInput, _cx: &PrepareContext) -> Result<Script, Vec<Diagnostic>> {
        read_script(&input.script)
    }

    fn run(&self, script: Script, ctx: &AdapterContext) -> Result<Outcome<SmtOutput>, AdapterError> {
        let script_uri = ctx.artifacts().put_bytes(SMTLIB2_SCHEMA, "text/plain", script.text.as_bytes(), &[])?.uri;
        let answer = check_script(&script, ctx)?;
        let scope =
            Scope::exact_input("satisfiability of exactly the given script", Digest::of_bytes(script.text.as_bytes()));
        let mut output = SmtOutput {
            status: SmtStatus::Unsat,
            logic: script.logic.clone(),
            model: None,
            model_text: None,
            assertions: script.assertions,
            script_uri,
        };
        match answer {
            SmtAnswer::Unsat => Ok(Outcome::computed(output, scope).artifact(script_uri).obligation(
                "CHECK_UNSAT",
                "Z3's unsat has no checkable certificate here; it rests on Z3 alone",
                None,
            )),
            SmtAnswer::Sat(model, text) => {
                output.status = SmtStatus::Sat;
                let replay = Self::replayable(&script, &model);
                let evidence = Evidence {
                    kind: MODEL_EVIDENCE.into(),
                    claim: json!({"script": script_uri.to_string(), "logic": script.logic.clone().unwrap_or_default()}),
                    semantics: MODEL_SEMANTICS.into(),
                    candidate: json!({"model": model}),
                    scope: scope.clone(),
                    certificate_format: MODEL_FORMAT.into(),
                    artifacts: vec![script_uri],
                };
                output.model = Some(model);
                output.model_text = Some(text);
                let mut outcome = Outcome::computed(output, scope).artifact(script_uri);
                match (ctx.mode, replay) {
                    (Mode::Verify, Ok(())) => outcome = outcome.evidence(evidence),
                    (Mode::Verify, Err(why)) => {
                        outcome = outcome.obligation(
                            "REPLAY_MODEL",
                            format!("the model was not replayed: {why}"),
                            Some(MODEL_EVIDENCE),
                        )
                    }
                    _ => {}
                }
                Ok(outcome)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reader_admits_declarations_and_assertions_only() {
        let s = read_script(
            "; a comment\n(set-logic QF_BV)(set-option :produce-models true)\n(declare-const |a b| (_ BitVec  8))\n\
             (declare-fun f (Int) Int)(define-fun g () Bool true)\n(assert (= |a b| #x01))\n(check-sat)(get-model)(exit)",
        )
        .unwrap();
        assert_eq!(s.logic.as_deref(), Some("QF_BV"));
        assert_eq!(s.assertions, 1);
        assert_eq!(s.functions, 1);
        assert_eq!(s.constants, vec![Declared { name: "a b".into(), sort: "(_ BitVec 8)".into() }]);
        assert!(!s.admitted.contains("set-option") && !s.admitted.contains("check-sat"));
        assert!(!s.admitted.contains("comment"));
        assert!(s.admitted.contains("( assert ( = |a b| #x01 ) )"), "{}", s.admitted);
    }

    #[test]
    fn the_reader_refuses_what_could_reach_outside() {
        for (script, code) in [
            ("(include \"/etc/passwd\")(assert true)", "COMMAND_NOT_ALLOWED"),
            ("(push 1)(assert true)", "COMMAND_NOT_ALLOWED"),
            ("(assert true)(reset)", "COMMAND_NOT_ALLOWED"),
            ("(assert (and true)", "UNBALANCED"),
            ("(assert true))", "UNBALANCED"),
            ("assert true", "OUTSIDE_COMMAND"),
            ("(set-info :x \"never ends)", "UNTERMINATED_STRING"),
            ("(declare-const x Int)", "NO_ASSERTIONS"),
            ("(set-logic QF_LIA)(set-logic QF_BV)(assert true)", "DUPLICATE_LOGIC"),
        ] {
            let err = read_script(script).unwrap_err();
            assert_eq!(err[0].code, code, "{script}");
        }
        // Z3 reads `#|` as a block comment; the reader refuses the `#` rather than disagree.
        let smuggled = "(define-sort S () Int #|A|B|# ) (set-option :regular-output-channel \"/tmp/x\") (echo \"X\") \
                        (define-sort |T| () Int #|E|F|# ) (assert true)";
        assert_eq!(read_script(smuggled).unwrap_err()[0].code, "BAD_TOKEN");
        assert_eq!(read_script("(assert (= a#| b))").unwrap_err()[0].code, "BAD_TOKEN");
        assert_eq!(read_script("(assert (= s \"a\\\" ) (reset) \"))").unwrap_err()[0].code, "BAD_STRING");
        assert_eq!(read_script("(assert true)(exit)(assert false)").unwrap_err()[0].code, "AFTER_EXIT");
        let deep = format!("(assert {}true{})", "(not ".repeat(600), ")".repeat(600));
        assert_eq!(read_script(&deep).unwrap_err()[0].code, "TOO_DEEP");
    }
}
