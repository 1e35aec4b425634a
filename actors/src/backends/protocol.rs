//! The reply protocol of each backend: how a worker starts, how a program is framed with a
//! nonce, and how the framed reply is read back.
//!
//! Every request is sent as one framed piece of text and answered by lines
//!
//! ```text
//! @@J <nonce> BEGIN
//! <payload lines printed by the program>
//! @@J <nonce> OK            (or: @@J <nonce> ERR <message>)
//! @@J <nonce> END [<count of user globals>]
//! ```
//!
//! The nonce is fresh and random per request, so nothing a computation prints can close
//! another request's frame. A marker line with another nonce, a second terminator, an END
//! without BEGIN, or a reply over [`MAX_REPLY_BYTES`] is a protocol violation: the worker is
//! replaced and the run fails, never with a guessed value. Singular reports an error in a
//! procedure by printing `? …` lines and leaving the procedure, so there an END without OK
//! is the error, with those lines as its message.

use jacobian_runtime::backend::{BackendKind, Program};

/// Largest reply accepted, in bytes of payload.
pub(crate) const MAX_REPLY_BYTES: usize = 64 << 20;

const MARK: &str = "@@J ";

/// How to start a backend and talk to it.
pub(crate) struct Dialect {
    pub(crate) backend: BackendKind,
    /// Arguments after the executable.
    pub(crate) args: &'static [&'static str],
    /// Sent once after start, before the first request (settings, secure mode).
    pub(crate) init: &'static str,
    /// Whether SIGINT returns the backend to its prompt, so a worker survives an interrupt.
    pub(crate) interruptible: bool,
}

impl Dialect {
    pub(crate) fn of(backend: BackendKind) -> &'static Dialect {
        match backend {
            BackendKind::Pari => &PARI,
            BackendKind::Singular => &SINGULAR,
            BackendKind::Gap => &GAP,
        }
    }

    /// The text that runs `program` framed by `nonce`. Each program starts from the same
    /// random seed, so a randomized algorithm (PARI's group generators, GAP's random
    /// Schreier–Sims, Singular's random coordinates) gives the same answer to the same request
    /// whatever the process ran before.
    pub(crate) fn frame(&self, program: &Program, nonce: &str) -> String {
        let body = program.text();
        match self.backend {
            // The body is a GP expression sequence evaluated in a closure, so `my` declares locals.
            // gp writes each `print` at once, and every write wakes the reader: the status and
            // END lines go out in one `print`.
            BackendKind::Pari => format!(
                "print(\"@@J {nonce} BEGIN\");setrand(1);\
                 iferr((()->{body})();print(\"@@J {nonce} OK\\n@@J {nonce} END\"),jcbE,\
                 print(\"@@J {nonce} ERR \",jcbE,\"\\n@@J {nonce} END\"));\n"
            ),
            // The body is a procedure body: its variables are local to the procedure. An error
            // skips the rest of the line it occurs on, so the END marker has a line of its own.
            BackendKind::Singular => format!(
                "print(\"@@J {nonce} BEGIN\"); system(\"random\", 1);\n\
                 proc jcbrun() {{ {body} print(\"@@J {nonce} OK\"); }}\n\
                 jcbrun();\n\
                 kill jcbrun; print(\"@@J {nonce} END \" + string(size(names())));\n"
            ),
            // The body is a function body (`local` declarations, then statements).
            BackendKind::Gap => format!(
                "Print(\"@@J {nonce} BEGIN\\n\");; Reset(GlobalMersenneTwister, 1);; Reset(GlobalRandomSource, 1);; \
                 JCB_R := CALL_WITH_CATCH(function() {body} end, []);; \
                 if JCB_R[1] = true then Print(\"@@J {nonce} OK\\n\"); else Print(\"@@J {nonce} ERR\\n\"); fi; \
                 JCB_R := 0;; Print(\"@@J {nonce} END \", Length(NamesUserGVars()), \"\\n\");;\n"
            ),
        }
    }
}

static PARI: Dialect = Dialect {
    backend: BackendKind::Pari,
    args: &["-q", "-f", "--default", "breakloop=0", "--default", "colors=no"],
    // One default per line: a new stack size abandons the rest of its line. The stack may grow
    // to 1 GB on demand; factors are proven prime; `secure` comes last since it freezes the rest.
    init: "default(parisizemax,1000000000)\ndefault(factor_proven,1)\ndefault(timer,0)\ndefault(secure,1)\n",
    interruptible: true,
};

static SINGULAR: Dialect = Dialect {
    backend: BackendKind::Singular,
    args: &["-q", "-t", "--no-rc", "--no-warn", "--cpus=1"],
    init: "",
    // On SIGINT Singular asks on its standard input whether to abort or continue.
    interruptible: false,
};

static GAP: Dialect = Dialect {
    backend: BackendKind::Gap,
    args: &["-q", "-b", "-r", "-A", "-o", "4g"],
    // Transitive groups are loaded up front (their absence is not an error): GAP's normalizers
    // and conjugacy classes in symmetric groups of degree 7 and more consult them.
    init: "BreakOnError := false;; SetPrintFormattingStatus(\"*stdout*\", false);; \
           LoadPackage(\"transgrp\", false);; JCB_R := 0;;\n",
    interruptible: true,
};

/// A complete frame.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Frame {
    pub(crate) payload: Vec<String>,
    /// `Err` with the backend's message when the program failed.
    pub(crate) status: Result<(), String>,
    /// The count of user globals printed with END, where the backend can count them.
    pub(crate) globals: Option<usize>,
}

/// What one more line did to a frame being read.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Step {
    More,
    Done(Frame),
    Violation(String),
}

/// Reads one frame, line by line, for the request with `nonce`. With `skip_foreign`, markers
/// of other requests (what an interrupted request still prints) are skipped instead of being
/// a violation.
pub(crate) struct FrameReader {
    nonce: String,
    skip_foreign: bool,
    begun: bool,
    status: Option<Result<(), String>>,
    payload: Vec<String>,
    bytes: usize,
}

impl FrameReader {
    pub(crate) fn new(nonce: &str, skip_foreign: bool) -> Self {
        FrameReader { nonce: nonce.to_owned(), skip_foreign, begun: false, status: None, payload: vec![], bytes: 0 }
    }

    pub(crate) fn feed(&mut self, line: &str) -> Step {
        let line = line.trim_end_matches(['\r', '\n']);
        if let Some(rest) = line.strip_prefix(MARK) {
            let (nonce, rest) = rest.split_once(' ').unwrap_or((rest, ""));
            if nonce != self.nonce {
                if self.skip_foreign {
                    return Step::More;
                }
                return Step::Violation(format!("a frame marker for another request: {}", clip(line)));
            }
            let (word, arg) = rest.split_once(' ').unwrap_or((rest, ""));
            return match (word, self.begun, &self.status) {
                ("BEGIN", false, _) => {
                    self.begun = true;
                    Step::More
                }
                ("OK", true, None) => {
                    self.status = Some(Ok(()));
                    Step::More
                }
                ("ERR", true, None) => {
                    self.status = Some(Err(error_text(arg)));
                    Step::More
                }
                ("END", true, _) => {
                    let status = self.status.take().unwrap_or_else(|| Err(singular_error(&self.payload)));
                    let payload = if status.is_ok() { std::mem::take(&mut self.payload) } else { vec![] };
                    let globals = arg.trim().parse().ok();
                    Step::Done(Frame { payload, status, globals })
                }
                _ => Step::Violation(format!("an out-of-order frame marker: {}", clip(line))),
            };
        }
        if !self.begun || self.status.is_some() {
            // Noise outside the payload (GAP's interrupt notice, a message after OK): not data.
            return Step::More;
        }
        self.bytes += line.len() + 1;
        if self.bytes > MAX_REPLY_BYTES {
            return Step::Violation(format!("a reply over {MAX_REPLY_BYTES} bytes"));
        }
        self.payload.push(line.to_owned());
        Step::More
    }
}

/// PARI prints its error object as `error("message")`.
fn error_text(arg: &str) -> String {
    let arg = arg.trim();
    let inner = arg.strip_prefix("error(\"").and_then(|s| s.strip_suffix("\")")).unwrap_or(arg);
    if inner.is_empty() { "the backend reported an error".into() } else { clip(inner) }
}

/// The `? …` lines Singular printed before it left the procedure.
fn singular_error(payload: &[String]) -> String {
    let lines: Vec<&str> = payload
        .iter()
        .map(|l| l.trim())
        .filter(|l| l.starts_with('?'))
        .map(|l| l.trim_start_matches('?').trim())
        .filter(|l| !l.starts_with("error occurred in") && !l.starts_with("leaving"))
        .collect();
    if lines.is_empty() { "the program stopped before its answer".into() } else { clip(&lines.join("; ")) }
}

fn clip(text: &str) -> String {
    const MAX: usize = 300;
    if text.len() <= MAX {
        return text.to_owned();
    }
    let mut end = MAX;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

/// A fresh nonce: 64 random bits from the OS, as hex.
pub(crate) fn nonce() -> String {
    use std::collections::hash_map::RandomState;
    use std::hash::BuildHasher;
    // RandomState is seeded from the OS once per process and then per instance; hashing a
    // counter with a fresh instance gives unpredictable, distinct values.
    static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("{:016x}", RandomState::new().hash_one(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(nonce: &str, lines: &[&str]) -> Step {
        read_with(nonce, false, lines)
    }

    fn read_with(nonce: &str, skip_foreign: bool, lines: &[&str]) -> Step {
        let mut r = FrameReader::new(nonce, skip_foreign);
        for line in lines {
            match r.feed(line) {
                Step::More => continue,
                done => return done,
            }
        }
        Step::More
    }

    #[test]
    fn a_frame_gives_its_payload() {
        let step = read("n1", &["noise", "@@J n1 BEGIN", "[2, 3]", "x", "@@J n1 OK", "@@J n1 END 4"]);
        assert_eq!(
            step,
            Step::Done(Frame { payload: vec!["[2, 3]".into(), "x".into()], status: Ok(()), globals: Some(4) })
        );
    }

    #[test]
    fn errors_carry_the_backend_message() {
        let step = read("n", &["@@J n BEGIN", "@@J n ERR error(\"impossible inverse in gdiv: 0.\")", "@@J n END"]);
        let Step::Done(f) = step else { panic!("{step:?}") };
        assert_eq!(f.status, Err("impossible inverse in gdiv: 0.".into()));
        let step = read(
            "n",
            &["@@J n BEGIN", "   ? div by 0", "   ? error occurred in or before ::jcbrun line 1: `x`", "@@J n END 31"],
        );
        let Step::Done(f) = step else { panic!("{step:?}") };
        assert_eq!(f.status, Err("div by 0".into()));
    }

    #[test]
    fn foreign_and_out_of_order_markers_are_violations() {
        assert!(matches!(read("n", &["@@J m BEGIN"]), Step::Violation(_)));
        assert!(matches!(read("n", &["@@J n END"]), Step::Violation(_)));
        assert!(matches!(read("n", &["@@J n BEGIN", "@@J n OK", "@@J n OK"]), Step::Violation(_)));
        assert!(matches!(read("n", &["@@J n BEGIN", "@@J n BEGIN"]), Step::Violation(_)));
        // After an interrupt, the interrupted request's markers are skipped.
        let step = read_with("n", true, &["@@J old END", "@@J n BEGIN", "1", "@@J n OK", "@@J n END"]);
        assert!(matches!(step, Step::Done(Frame { status: Ok(()), .. })));
        assert!(matches!(read("n", &["@@J old END"]), Step::Violation(_)));
    }

    #[test]
    fn nonces_differ() {
        let a: std::collections::HashSet<String> = (0..1000).map(|_| nonce()).collect();
        assert_eq!(a.len(), 1000);
    }
}
