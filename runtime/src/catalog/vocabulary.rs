//! The words of discovery: how text becomes search terms, for descriptors and queries alike.
//!
//! One pipeline serves both sides, so a query matches a descriptor exactly when they share a
//! normalized term:
//!
//! 1. **Notation** is read before words are split: `φ(n)` is the totient, `S_6` a symmetric
//!    group, `GF(2)` and `F_p` finite fields, `≡` a congruence, `Z/nZ` modular arithmetic.
//! 2. **Words** are split on anything that is not a letter or digit, lowercased, folded to
//!    ASCII (`Gröbner` and `Grobner` meet), and stripped of stop words, lone letters and
//!    numbers.
//! 3. **Stems** fold inflections together (`factorization`, `factoring`, `factors` → `factor`)
//!    with a small suffix stripper: consistent on both sides is what matters, not linguistics.
//! 4. **Synonyms** (`hcf` and `gcd`, `Groebner` and `standard basis`) are groups of stems; a
//!    query term also matches the other members of its group, at reduced weight.

use rustc_hash::FxHashMap;
use std::collections::HashMap;
use std::sync::OnceLock;

const STOP_WORDS: &[&str] = &[
    "a", "about", "all", "also", "an", "and", "any", "are", "as", "at", "be", "been", "but", "by", "can", "could",
    "do", "does", "each", "for", "from", "get", "give", "given", "have", "has", "how", "i", "if", "in", "into", "is",
    "it", "its", "just", "let", "like", "me", "my", "need", "of", "on", "one", "or", "our", "over", "please", "should",
    "show", "so", "some", "such", "tell", "than", "that", "the", "their", "them", "then", "there", "these", "this",
    "those", "to", "under", "up", "us", "use", "using", "via", "want", "was", "we", "what", "when", "where", "whether",
    "which", "while", "who", "why", "will", "with", "would", "you", "your",
];

/// Whole words that the suffix rules would fold wrongly, mapped to their stem. Consulted
/// before every step, so `normalizer` stops at `normal` instead of going on to `norm`.
const IRREGULAR: &[(&str, &str)] = &[
    ("vertices", "vertex"),
    ("matrices", "matrix"),
    ("indices", "index"),
    ("analyses", "analysis"),
    ("hypotheses", "hypothesis"),
    ("bases", "basis"),
    ("axes", "axis"),
    ("radices", "radix"),
    ("simplices", "simplex"),
    ("series", "series"),
    ("species", "species"),
    ("groebner", "grobner"),
    ("moebius", "mobius"),
    ("children", "child"),
    ("spanned", "span"),
    ("spanning", "span"),
    ("homogeneous", "homogen"),
    ("homogeneity", "homogen"),
    ("expansion", "expand"),
    ("expansions", "expand"),
    ("cosine", "cos"),
    ("reciprocity", "reciprocity"),
    ("normalizer", "normalizer"),
    ("normaliser", "normalizer"),
    ("normalizers", "normalizer"),
    ("normalisers", "normalizer"),
    ("centralizer", "centralizer"),
    ("centraliser", "centralizer"),
    ("centralizers", "centralizer"),
    ("soluble", "solv"),
    ("solubility", "solv"),
    ("conjugacy", "conjug"),
    ("reduction", "reduc"),
    ("reductions", "reduc"),
    // Words that share a stem with an unrelated word unless kept whole.
    ("factorial", "factorial"),
    ("partial", "partial"),
    ("normal", "normal"),
    ("general", "general"),
    ("cubical", "cubical"),
    ("simplicial", "simplicial"),
    ("cyclic", "cyclic"),
    ("characteristic", "characteristic"),
    ("exponential", "exponential"),
    ("projective", "projective"),
    ("position", "position"),
    ("relative", "relative"),
    ("valuation", "valuation"),
    ("partition", "partition"),
];

/// Derivational suffixes, stripped repeatedly (longest first) while at least four letters
/// remain. Plurals and verb endings are taken once before them.
const SUFFIXES: &[&str] = &[
    "izations", "isations", "cations", "ization", "isation", "cation", "ibility", "ability", "ivity", "ations",
    "ically", "ation", "ition", "ality", "izing", "ising", "ating", "izers", "isers", "ments", "izer", "iser", "ment",
    "ness", "ized", "ised", "izes", "ises", "ated", "ates", "ible", "able", "ings", "ing", "ity", "ize", "ise", "ism",
    "ist", "ive", "ate", "ion", "ial", "ic", "al", "ly", "ed", "e",
];

/// Words that mean the same thing to someone looking for an operation. Written as plain
/// words; each is stemmed when the table is built. A word belongs to one group at most.
const SYNONYMS: &[&[&str]] = &[
    &["counterexample", "countermodel", "refute", "disprove", "falsify", "counter"],
    &["witness", "certificate", "evidence", "proof", "prove", "certified", "establish"],
    &["verify", "check", "certify", "replay", "validate", "confirm", "test"],
    &["find", "search", "seek", "look", "locate"],
    &["enumerate", "list", "generate", "every"],
    &["compute", "calculate", "evaluate", "determine", "work"],
    &["store", "save", "put", "upload", "materialize", "persist"],
    &["property", "invariant", "feature", "characteristic"],
    &["graph", "network"],
    &["vertex", "node"],
    &["edge", "arc", "link"],
    &["color", "colour", "coloring", "colouring", "colorable", "colourable"],
    &["isomorphism", "isomorphic", "nonisomorphic", "canonical"],
    &["gcd", "hcf", "greatest", "highest", "coprime", "relatively_prime"],
    &["compare", "comparison", "bigger", "larger", "greater", "smaller"],
    &["lcm", "lowest", "multiple"],
    &["integer", "number", "natural", "bignum", "whole"],
    &["magma", "groupoid", "binary"],
    &["identity", "law", "equation", "axiom"],
    &["claim", "conjecture", "statement", "proposition", "theorem"],
    &["maximum", "max", "maximal", "largest", "biggest", "optimal", "optimum"],
    &["minimum", "min", "minimal", "smallest", "least", "fewest"],
    &["divide", "divisible", "divisibility", "division"],
    &["sat", "satisfiability", "satisfiable", "unsat", "unsatisfiable", "cnf", "dimacs"],
    &["smt", "smtlib", "z3"],
    &["split", "decompose", "decomposition", "conjunction", "break"],
    &["partition", "case", "cover", "coverage"],
    &["batch", "bulk"],
    &["count", "tally", "cardinality", "size"],
    &["atlas", "catalog", "database", "library"],
    &["artifact", "object", "file"],
    &["totient", "phi"],
    &["mobius", "mu"],
    &["determinant", "det"],
    &["grobner", "buchberger", "standard_basis"],
    &["modular", "mod", "modulo", "modulus", "congruence", "congruent", "residue"],
    &["squarefree", "square_free"],
    &["representable", "expressible"],
    &["inverse", "reciprocal", "invert", "undo"],
    &["factor", "factorize", "factorization"],
    &["prime", "primality"],
    &["irreducible", "irreducibility"],
    &["polynomial", "poly"],
    &["root", "zero"],
    &["centralizer", "commutant"],
    &["member", "membership", "belong", "contain"],
    &["inconsistent", "contradictory", "infeasible"],
    &["eliminate", "remove", "elimination"],
    &["discriminant", "disc"],
    &["exist", "existence"],
    &["cumulative", "running", "prefix"],
    &["discrete_log", "dlog", "logarithm"],
    &["eigenvalue", "eigen", "spectrum", "spectral"],
    &["kernel", "nullspace", "null_space", "ker"],
    &["jordan", "jnf"],
    &["image", "column_space", "range"],
    &["echelon", "rref", "gaussian_elimination"],
    &["symmetric_group", "sym"],
    &["alternating_group", "alt"],
    &["finite_field", "galois_field", "gf"],
    &["elliptic", "weierstrass"],
    &["sum", "summation", "total", "add", "addition"],
    &["product", "multiply", "multiplication", "times"],
    &["solve", "solution", "root_finding"],
    &["sequence", "progression", "term"],
    &["recurrence", "recursion", "recursive"],
    &["permutation", "perm"],
    &["semigroup", "monoid"],
    &["rational", "fraction", "quotient"],
    &["continued", "convergent"],
    &["lattice_reduction", "lll"],
    &["hermite", "hnf"],
    &["smith", "snf"],
    &["characteristic_polynomial", "charpoly"],
    &["derivative", "differentiate", "differentiation"],
    &["integrate", "antiderivative", "integration"],
    &["binomial", "choose"],
    &["necklace", "bracelet"],
    &["clique", "complete_subgraph"],
    &["independent", "stable", "anticlique"],
    &["hamiltonian", "hamilton"],
    &["acyclic", "forest", "tree"],
    &["bipartite", "two_colorable"],
    &["planar", "planarity"],
    &["shortest", "distance"],
];

/// Notation read before the words are split: a whole token (or a token prefix ending in
/// `(`) and the words it stands for.
const NOTATION: &[(&str, &str)] = &[
    ("φ", " totient "),
    ("ϕ", " totient "),
    ("σ", " divisor sum sigma "),
    ("τ", " divisor count tau "),
    ("μ", " mobius mu "),
    ("λ", " lambda "),
    ("ω", " omega "),
    ("Ω", " omega "),
    ("π", " pi "),
    ("ζ", " zeta "),
    ("ε", " epsilon "),
    ("Λ", " von mangoldt "),
    ("ρ", " rho "),
    ("ν", " nu "),
    ("↦", " "),
    ("χ", " character "),
    ("Δ", " discriminant delta "),
    ("Φ", " cyclotomic "),
    ("⊆", " contain subset "),
    ("⊂", " contain subset "),
    ("∇", " gradient "),
    ("≡", " congruence "),
    ("≢", " congruence "),
    ("√", " square root "),
    ("∛", " cube root "),
    ("Σ", " sum "),
    ("∑", " sum "),
    ("∏", " product "),
    ("∫", " integrate "),
    ("∂", " derivative "),
    ("⊗", " tensor kronecker "),
    ("⊕", " direct sum "),
    ("≅", " isomorphic "),
    ("≤", " "),
    ("≥", " "),
    ("∈", " member "),
    ("∩", " intersection "),
    ("∪", " union "),
    ("ℤ", " integer "),
    ("ℚ", " rational "),
    ("ℝ", " real "),
    ("ℂ", " complex "),
    ("𝔽", " finite field "),
    ("!", " factorial "),
];

/// Greek letters that name an arithmetic function when applied (`σ(n)`), and their names.
const FUNCTION_LETTERS: &[(char, &str)] = &[('σ', "sigma"), ('τ', "tau"), ('μ', "mu"), ('λ', "lambda"), ('π', "pi")];

/// Words that stand for themselves even though they are short or look like a number.
const KEEP_SHORT: &[&str] = &["gf", "z3", "nf", "pi", "mu", "nu", "xi", "lu", "qr", "sl2z", "k3", "gl", "sl"];

fn table() -> &'static HashMap<String, usize> {
    static TABLE: OnceLock<HashMap<String, usize>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = HashMap::new();
        for (g, words) in SYNONYMS.iter().enumerate() {
            for w in *words {
                t.entry(phrase_key(w)).or_insert(g);
            }
        }
        t
    })
}

/// The key of a synonym entry: its one term, or the terms of a phrase joined by `_`.
fn phrase_key(entry: &str) -> String {
    terms(&entry.replace('_', " ")).join("_")
}

/// The synonym group of a term (a stem or a `_`-joined bigram), if any.
pub(crate) fn group(term: &str) -> Option<usize> {
    table().get(term).copied()
}

/// Every term of the group `g`.
pub(crate) fn members(g: usize) -> impl Iterator<Item = String> {
    SYNONYMS.get(g).into_iter().flat_map(|words| words.iter().map(|w| phrase_key(w)))
}

/// Lowercases and folds Latin letters with diacritics to ASCII.
fn fold(c: char) -> Option<&'static str> {
    Some(match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' => "a",
        'ç' | 'č' | 'ć' => "c",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ě' => "e",
        'ì' | 'í' | 'î' | 'ï' => "i",
        'ñ' | 'ń' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ő' => "o",
        'ù' | 'ú' | 'û' | 'ü' | 'ű' => "u",
        'ý' | 'ÿ' => "y",
        'š' | 'ś' => "s",
        'ž' | 'ź' | 'ż' => "z",
        'ł' => "l",
        'ß' => "ss",
        _ => return None,
    })
}

/// Reads notation into words: the objects a text writes out, then each token (whole tokens
/// such as `S_6`, `A5`, `D_8`, `GF(2)`, `F_p`, `Z/nZ`, `x^2` by their names, symbols by the
/// symbol table). `piece` receives the text so read in pieces that no word spans.
fn read_notation(text: &str, mut piece: impl FnMut(&str)) {
    piece(objects(text));
    let mut scratch = String::new();
    for token in text.split_whitespace() {
        let t = token.trim_matches(|c: char| matches!(c, ',' | ';' | '.' | '?' | ':' | '"' | '\'' | '|'));
        // M_12 is a Mathieu group, except beside Motzkin's name (read only when it matters).
        let beside_motzkin = || text.contains("Motzkin") || text.contains("motzkin");
        if let Some(words) = token_notation(t).filter(|w| *w != " mathieu group " || !beside_motzkin()) {
            piece(words);
            continue;
        }
        // Plain ASCII (most of a descriptor's prose) passes as it is.
        if token.is_ascii() && !token.contains('!') {
            piece(token);
            continue;
        }
        scratch.clear();
        let out = &mut scratch;
        let mut chars = token.chars();
        while let Some(c) = chars.next() {
            if c.is_ascii() && c != '!' {
                out.push(c);
                continue;
            }
            // σ(n), τ(12), μ(30): an arithmetic function applied to an integer. Applied to
            // anything else (τ(χ), a Gauss sum) the letter is only its name.
            let mut ahead = chars.clone();
            let applied_elsewhere = ahead.next() == Some('(')
                && !ahead.next().is_some_and(|a| a.is_ascii_digit() || matches!(a, 'n' | 'x' | 'm' | 'k'));
            if let Some(name) = FUNCTION_LETTERS.iter().find(|(l, _)| *l == c).map(|(_, name)| *name)
                && applied_elsewhere
            {
                out.push(' ');
                out.push_str(name);
                out.push(' ');
                continue;
            }
            match NOTATION.iter().find(|(sym, _)| sym.starts_with(c)) {
                // `!` is a factorial only right after a number or a letter (`n!`, `10!`).
                Some(("!", words)) => {
                    if out.chars().last().is_some_and(char::is_alphanumeric) {
                        out.push_str(words)
                    } else {
                        out.push(' ')
                    }
                }
                Some((_, words)) => out.push_str(words),
                None => out.push(c),
            }
        }
        piece(&scratch);
    }
}

/// Mathematical objects written out in a query: a permutation in cycle notation (`(1 2 3)(4 5)`,
/// `<(1,2), (1,2,3)>`), a polynomial in `x`, `y`, `z` or `t` with powers (`x^3 - 2x + 1`), a
/// matrix as nested brackets (`[[1, 2], [3, 4]]`).
fn objects(text: &str) -> &'static str {
    // Every rule needs a character of its own (a `^`, an `=`, a bracket, a digit): a rule whose
    // characters the text lacks is not read, and a text with none of them (plain prose, the
    // bulk of every index) costs one pass over its bytes.
    let marks = Marks::of(text);
    if text.is_ascii() && !b"0123456789^=()[]<>|+/_".iter().any(|b| marks.has(*b)) {
        return "";
    }
    let has = |p: &str| marks.all(p) && text.contains(p);
    let bytes = text.as_bytes();
    let caret = marks.has(b'^');
    let digits = (b'0'..=b'9').any(|d| marks.has(d));
    let powers = caret && bytes.windows(2).any(|w| matches!(w[0], b'x' | b'y' | b'z') && w[1] == b'^');
    // `(x^2 + 3x - 1)(x^3 - x + 2)` is a product of polynomials, not of cycles.
    let permutation = !powers
        && (has(")(") && bytes.windows(3).any(|w| w[0].is_ascii_digit() && w[1] == b')' && w[2] == b'(')
            || has("<(")
            || marks.has(b'(') && digits && cycles_of_three(text));
    // An equation or a congruence in x and y is Diophantine or modular, not a polynomial to
    // manipulate.
    let equation = has("=") || has("≡");
    let variable = || {
        bytes
            .windows(3)
            .any(|w| matches!(w[1], b'x' | b'y' | b'z') && !w[0].is_ascii_alphabetic() && !w[2].is_ascii_alphabetic())
    };
    let polynomial = !equation
        && (caret && bytes.windows(2).any(|w| matches!(w[0], b'x' | b'y' | b'z' | b't') && w[1] == b'^')
            || (has(")^") && variable())
            || has("x²")
            || has("x³"));
    let series = has("[[x]]") || has("[[t]]") || has("[[z]]");
    let matrix = !series && has("[[")
        || caret
            && bytes.windows(3).any(|w| {
                matches!(w[0], b'A' | b'B' | b'M' | b'N')
                    && w[1] == b'^'
                    && (w[2] == b'T' || w[2] == b'-' || w[2] == b'{' || w[2].is_ascii_digit())
            });
    // `a^b mod m`: a power of numbers reduced modulo one.
    let modular_power =
        caret && has("mod") && bytes.windows(3).any(|w| w[0].is_ascii_digit() && w[1] == b'^' && w[2].is_ascii_digit());
    // Congruences: several at once are a system for the Chinese remainder theorem; one in a
    // square is a modular square root; one in a higher power, a polynomial congruence.
    let congruences = if marks.all("≡") { text.matches('≡').count() } else { 0 };
    // Generators written as an ideal (`I = (x^2 - y, z)`, `<x - y, x^2 + y>`, `V(…)`, `√(…)`),
    // and several equations in the variables at once (`x^2 + y^2 = 25, x + y = 7`).
    let ideal = ["I = (", "I = <", "I = ⟨", "J = (", "V(", "√(", "√I", "in (", "in <", "in ⟨", " <x", " ⟨x"]
        .iter()
        .any(|p| has(p))
        // `⟨x, y : 4x = 0⟩` presents a group.
        && !has(":")
        && (powers || variable());
    let system = congruences == 0 && powers && !has("[[") && has(",") && equations(text) >= 2;
    // `y^2 [+ a1 xy + a3 y] = x^3 + …`: a curve in Weierstrass form.
    let weierstrass = (has("y^2") || has("y²")) && ["= x^3", "=x^3", "= x³", "= 4x^3"].iter().any(|rhs| has(rhs));
    let square = has("x^2 ≡") || has("x² ≡") || has("x^2 = ");
    // `[[a, b], [c, d]]`, `[[k, 1], [k^2, k]]`: letters among a matrix's entries make it symbolic.
    let symbolic = matrix
        && text.find("[[").is_some_and(|start| {
            let inner = &text[start..];
            let end = inner.find("]]").map_or(inner.len(), |e| e + 2);
            inner[..end].bytes().any(|b| b.is_ascii_alphabetic())
        });
    // `Z/12 × Z/10`, `Z ⊕ Z/6`, `⟨a, b : 6a = 0⟩`: a finitely generated abelian group.
    let abelian = has("Z/") && text.matches("Z/").count() >= 2
        || (has("Z/") || has("Z^")) && (has("⊕") || has(" × "))
        || has("⟨") && has(":") && has("= 0");
    // `(x^2 + 1)/(x^3 - x)`: a quotient of polynomials.
    let rational_function = polynomial && has(")/(");
    // `P^-1 A P = B`, `PA = BP`: matrices conjugate by an invertible P.
    let similarity = ["P^-1 A P", "P^{-1} A P", "P^-1AP", "P^{-1}AP", "PA = BP"].iter().any(|p| has(p));
    // `AX = XA`: the matrices that commute with A.
    let commuting = ["AX = XA", "XA = AX", "AB = BA", "BA = AB"].iter().any(|p| has(p));
    // `θ^3 - θ - 1 = 0`: an algebraic number named by its defining equation.
    let algebraic_number = ["θ^", "α^"].iter().any(|l| has(l)) && (has("= 0") || has("=0"));
    // `x^4 - 4x + 3 >= 0`: a polynomial inequality (its `=` is no equation).
    let nonnegative = powers && [">= 0", "≥ 0", ">=0", "≥0"].iter().any(|p| has(p));
    // `a² + b² + c²`, `a^2 + b^2`: a sum of squares of unknowns.
    let squares = has("+")
        && (caret || marks.all("²"))
        && text
            .split(|c: char| c.is_whitespace() || matches!(c, '+' | ',' | '?' | '='))
            .filter(|t| matches!(*t, "a²" | "b²" | "c²" | "d²" | "a^2" | "b^2" | "c^2" | "d^2"))
            .count()
            >= 2;
    // `f_x`, `∂f/∂x`: partial derivatives of a polynomial.
    let partials = marks.has(b'_')
        && text
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(|w| matches!(w.as_bytes(), [b'f' | b'g' | b'h', b'_', b'x' | b'y' | b'z' | b'w' | b't']))
        || has("∂f/∂");
    // `2^64 + 1`, `10^20 - 1`: an integer written with powers of numbers.
    let numeric_power = caret
        && text.split_whitespace().any(|t| {
            t.as_bytes().windows(3).any(|w| w[0].is_ascii_digit() && w[1] == b'^' && w[2].is_ascii_digit())
                && t.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'^' | b'+' | b'-' | b'(' | b')' | b'*' | b','))
        });
    // `a·x ≡ 1 (mod m)`: a modular inverse.
    let inverse = congruences == 1 && !powers && ["≡ 1 (", "≡ 1 mod", "≡1 (", "≡ 1(mod"].iter().any(|p| has(p));
    // `3x^2 + 5y^2 - 7z^2 = 0`: a ternary quadratic form, whose zeros are a conic's points.
    let ternary = congruences == 0 && ["x^2", "y^2", "z^2"].iter().all(|v| has(v)) && (has("= 0") || has("=0"));
    // `det(A - λI) = 0`, `det(xI - A)`: the characteristic equation.
    let characteristic = has("det(") && ["λI", "λ I", "λ·I", "xI", "tI"].iter().any(|p| has(p));
    // `[G : H]`: the index of a subgroup.
    let index = marks.has(b'[')
        && marks.has(b':')
        && (bytes
            .windows(5)
            .any(|w| w[0] == b'[' && w[1].is_ascii_uppercase() && w[2] == b' ' && w[3] == b':' && w[4] == b' ')
            || bytes.windows(3).any(|w| w[0] == b'[' && w[1].is_ascii_uppercase() && w[2] == b':'));
    // `r^7 ≤ 10^50`: the largest integer whose power stays under a bound, an integer root.
    let root_bound = caret
        && (has("≤") || has("<"))
        && text.split_whitespace().collect::<Vec<_>>().windows(3).any(|w| {
            matches!(w[1], "≤" | "<=" | "<")
                && w[0].split_once('^').is_some_and(|(b, e)| {
                    b.len() == 1
                        && b.bytes().all(|c| c.is_ascii_lowercase())
                        && !e.is_empty()
                        && e.bytes().all(|c| c.is_ascii_digit())
                })
                && w[2].starts_with(|c: char| c.is_ascii_digit())
        });
    // `y^2 = x^5 + 1` with `mod 13`: a curve's points counted modulo a prime.
    let curve_mod = congruences == 0 && !weierstrass && powers && has("mod") && has("y") && equations(text) == 1;
    // `write p as x^2 + y^2`: a sum of two squares.
    let as_squares = ["as x^2 + y^2", "as x² + y²", "as a^2 + b^2", "as a² + b²"].iter().any(|p| has(p));
    // `gcd of 12 and 18`, `lcm of 4 and 6`: two integers, not polynomials.
    let integer_gcd = !powers
        && digits
        && text.split(|c: char| !c.is_ascii_digit()).filter(|r| !r.is_empty()).count() == 2
        && !variable()
        && {
            let lower = text.to_lowercase();
            !["gcd(", "hcf(", "lcm("].iter().any(|f| lower.contains(f))
                && ["gcd", "hcf", "lcm", "greatest common", "highest common", "least common", "coprime"]
                    .iter()
                    .any(|w| lower.contains(w))
        };
    // `(a+b)^3 - (a-b)^3 == 6a^2 b + 2b^3`: an identity of polynomials to decide.
    let identity = caret && has("==");
    // `Av = 0`, `[[…]] x = 0`: the vectors a matrix sends to zero.
    let kernel =
        has("= 0") && ["Av = 0", "Ax = 0", "A x = 0", "A v = 0", "] x = 0", "]x = 0", "] v = 0"].iter().any(|p| has(p));
    // `|z| = 1`: the unit circle.
    let unit_circle = has("|z| = 1") || has("|z|=1");
    // `<a, b | a^3, b^2>`, `⟨x | x^5⟩`: a group by generators and relators.
    // Generators before the bar are letters alone (`a, b`), so that `x < |y|` is no group.
    let presentation = ["(ab)^", "(xy)^", "(st)^"].iter().any(|p| has(p))
        && text.match_indices("= 1").any(|(at, _)| !text[at + 3..].starts_with(|c: char| c.is_ascii_digit()))
        || marks.has(b'|')
            && ["<", "⟨"].iter().any(|open| {
                text.find(open).is_some_and(|at| {
                    let rest = &text[at + open.len()..];
                    rest.find('|').is_some_and(|bar| {
                        let generators = rest[..bar].trim();
                        !generators.is_empty()
                            && generators.chars().all(|c| c.is_alphabetic() || c == ',' || c == ' ')
                            && rest[bar..].contains(['>', '⟩'])
                    })
                })
            });
    // `(10^30 + 7)^(1/3)`, `N^(1/5)`: a root of an integer.
    let integer_root = digits
        && ["^(1/", "^{1/"].iter().any(|p| {
            text.match_indices(p).any(|(at, _)| text[..at].ends_with(|c: char| c.is_ascii_digit() || c == ')'))
        });
    // `(12/35) ÷ (18/49)`: arithmetic on fractions.
    let fraction_division = digits && has("÷") && has("/");
    // `F(x+1) - F(x) = x^2`: a sum found by inverting the difference operator.
    let difference = ["(x+1) - ", "(x + 1) - ", "(x+1)-", "(n+1) - ", "(n + 1) - "].iter().any(|p| has(p));
    // `6n + 1, 12n + 1 and 18n + 1 all prime`, `n, n+1 and n+2 squarefree`: affine forms at once.
    let affine_forms = marks.has(b'+')
        && (has("prime") || has("squarefree"))
        && !has("^n")
        && bytes.windows(2).filter(|w| w[0] == b'n' && w[1] == b'+').count() + text.matches("n + ").count() >= 2;
    // `2024 in binary`, `255 to base 16`: digits in a base.
    let in_word = |p: &str| text.match_indices(p).any(|(at, _)| !text[at + p.len()..].starts_with(char::is_alphabetic));
    let base_digits = digits
        && (has("binary") && (has("in binary") || has("to binary"))
            || has("hex") && (in_word("in hex") || in_word("to hex") || has("hexadecimal"))
            || has("to base ") && !has("log")
            || has("in octal"));
    // `1/(1 − x − x^3)`: the power series of a rational function.
    let series_of_quotient = ["1/(1 -", "1/(1 −", "1/(1-", "1/(1−"].iter().any(|p| has(p));
    // `z = x + iy`: a function of a complex variable split into real and imaginary parts.
    let complex_split = has("iy") && (has("x + iy") || has("x+iy")) || has("x + i y") || has("x + i*y");
    let equation_in_xy = || if has("=") { diophantine(text) } else { None };
    match (permutation, polynomial, matrix) {
        _ if congruences >= 2 => " simultaneous congruences chinese remainder ",
        _ if identity => " polynomial identity ",
        _ if kernel => " matrix kernel null space ",
        _ if unit_circle => " unit circle ",
        _ if presentation => " finitely presented group presentation ",
        _ if integer_root => " integer root ",
        _ if fraction_division => " rational fraction arithmetic ",
        _ if difference => " indefinite sum difference ",
        _ if affine_forms => " affine forms simultaneously ",
        _ if base_digits => " base digits ",
        _ if series_of_quotient => " power series coefficients ",
        _ if complex_split => " real imaginary parts ",
        _ if inverse => " modular inverse ",
        _ if as_squares => " sum of squares ",
        _ if root_bound => " integer root ",
        _ if curve_mod => " congruence solutions modulo ",
        _ if integer_gcd => " integer ",
        _ if characteristic => " characteristic polynomial eigenvalues ",
        _ if index && abelian => " abelian group subgroup index ",
        _ if index => " subgroup index ",
        _ if abelian && (has("→") || has("↦")) => " abelian group homomorphism ",
        _ if abelian => " abelian group ",
        _ if similarity => " similar matrices ",
        _ if commuting => " commuting matrices ",
        _ if algebraic_number => " algebraic number field element ",
        _ if nonnegative => " polynomial nonnegative ",
        _ if squares => " sum of squares ",
        _ if partials => " partial derivatives ",
        _ if rational_function => " rational function ",
        _ if congruences == 1 && square => " modular square root ",
        _ if congruences == 1 && caret => " polynomial congruence ",
        _ if series => " power series ",
        _ if weierstrass => " elliptic curve ",
        _ if ternary => " conic ternary quadratic form ",
        _ if let Some(words) = equation_in_xy() => words,
        _ if ideal => " polynomial ideal ",
        _ if system => " polynomial system ",
        (true, _, _) => " permutation ",
        _ if symbolic => " symbolic matrix ",
        (_, true, true) => " polynomial matrix ",
        (_, true, false) => " polynomial ",
        (_, false, true) => " matrix ",
        _ if modular_power => " modular power ",
        _ if numeric_power => " integer ",
        _ => "",
    }
}

/// The bytes a text contains, read in one pass: a pattern with a byte outside them cannot occur.
struct Marks([u64; 4]);

impl Marks {
    fn of(text: &str) -> Self {
        let mut set = [0u64; 4];
        for b in text.bytes() {
            set[usize::from(b >> 6)] |= 1 << (b & 63);
        }
        Marks(set)
    }

    fn has(&self, b: u8) -> bool {
        self.0[usize::from(b >> 6)] & (1 << (b & 63)) != 0
    }

    /// Whether every byte of `pattern` occurs (a necessary condition for the pattern to).
    fn all(&self, pattern: &str) -> bool {
        pattern.bytes().all(|b| self.has(b))
    }
}

/// How many equations a text writes: its `=` signs, less the definitions (`f = …`, `I = (…)`,
/// a name alone before the sign, not the last term of a sum).
fn equations(text: &str) -> usize {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let definitions = (1..tokens.len())
        .filter(|&i| {
            tokens[i] == "="
                && tokens[i - 1].chars().all(|c| c.is_alphabetic() || c == '_')
                && (i < 2 || !matches!(tokens[i - 2], "+" | "-" | "−" | "*" | "·"))
        })
        .count();
    text.matches('=').count().saturating_sub(definitions)
}

/// One equation in `x` and `y` with integer coefficients, written out (`1234x + 5678y = 2`,
/// `x^2 - 61y^2 = 1`, `3x^2 + 2xy + 5y^2 = 1000`): a Diophantine equation, linear, Pell's or
/// quadratic (a conic when rational points are asked for). The formula is the run of tokens around the one `=` made only of numbers, the two
/// variables, powers and signs; a bracket or a higher power makes it something else.
fn diophantine(text: &str) -> Option<&'static str> {
    if text.matches('=').count() != 1 || text.contains('≡') || text.contains("mod") {
        return None;
    }
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let formula_like = |t: &str| {
        !t.is_empty()
            && t.chars()
                .all(|c| c.is_ascii_digit() || matches!(c, 'x' | 'y' | '^' | '+' | '-' | '−' | '*' | '·' | '²' | '='))
    };
    let at = tokens.iter().position(|t| t.contains('='))?;
    let start = (0..=at).rev().take_while(|&i| formula_like(tokens[i])).last()?;
    let end = (at..tokens.len()).take_while(|&i| formula_like(tokens[i])).last()?;
    let formula: String = tokens[start..=end].concat();
    let (lhs, rhs) = formula.split_once('=')?;
    if !(lhs.contains('x') && lhs.contains('y'))
        || rhs.is_empty()
        || !rhs.chars().all(|c| c.is_ascii_digit() || c == '-' || c == '−')
    {
        return None;
    }
    let squares = lhs.contains("^2") || lhs.contains('²');
    if !squares && !lhs.contains('^') {
        return Some(" linear diophantine equation integer solutions ");
    }
    if lhs.chars().any(|c| c == '^') && lhs.split('^').skip(1).any(|e| !e.starts_with('2')) {
        return None;
    }
    // x^2 - D y^2 = ±1
    let pell = lhs.starts_with("x^2-") || lhs.starts_with("x²−") || lhs.starts_with("x²-") || lhs.starts_with("x^2−");
    if pell && matches!(rhs.trim_start_matches(['-', '−']), "1" | "4") && !lhs.contains("xy") {
        return Some(" pell equation ");
    }
    // Over Q the same equation is a conic; over Z, a quadratic Diophantine equation.
    if text.contains("rational") {
        return Some(" conic ");
    }
    Some(" quadratic diophantine equation integer solutions ")
}

/// A parenthesized run of at least three numbers (`(1 2 3)`, `(1,4,2)`) not called as a
/// function (`gcd(12, 18, 30)`).
fn cycles_of_three(text: &str) -> bool {
    let mut prev = ' ';
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '(' && !prev.is_alphanumeric() {
            let mut numbers = 0;
            let mut in_number = false;
            let mut closed = false;
            for d in chars.by_ref() {
                match d {
                    '0'..='9' => {
                        numbers += usize::from(!in_number);
                        in_number = true;
                    }
                    // Commas make vectors as often as cycles; only `(1 2 3)` is a cycle alone.
                    ' ' => in_number = false,
                    ')' => {
                        closed = true;
                        break;
                    }
                    _ => break,
                }
            }
            if closed && numbers >= 3 {
                return true;
            }
            prev = ')';
            continue;
        }
        prev = c;
    }
    false
}

/// Whole-token notation: groups by their standard names, fields, rings of residues, powers.
fn token_notation(t: &str) -> Option<&'static str> {
    // Plain words (the bulk of every descriptor) carry no notation; of capitalized ones, only
    // two letters can (`Sn`, `Kn`).
    if t.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
        || t.len() > 2 && t.bytes().all(|b| b.is_ascii_alphabetic() || b == b'-')
    {
        return None;
    }
    let lower = t.to_lowercase();
    let digits_after = |prefix: &str| {
        lower.strip_prefix(prefix).map(|r| r.trim_matches(|c| c == '{' || c == '}' || c == '_')).is_some_and(|r| {
            !r.is_empty() && (r.chars().all(|c| c.is_ascii_digit()) || r == "n" || r == "m" || r == "k")
        })
    };
    // S_6, A5, D_{8}, Q_8, C_n, Z_12: groups by their standard names.
    let named = [
        ("s", " symmetric group "),
        ("a", " alternating group "),
        ("d", " dihedral group "),
        ("q", " quaternion group "),
        ("c", " cyclic group "),
        ("z", " cyclic group "),
    ];
    if t.len() <= 6
        && t.starts_with(|c: char| c.is_ascii_uppercase())
        && let Some((_, words)) = named.iter().find(|(prefix, _)| digits_after(prefix))
    {
        return Some(words);
    }
    // M_11, M_24: the Mathieu groups.
    if t.starts_with('M')
        && ["11", "12", "22", "23", "24"].iter().any(|n| lower.trim_start_matches(['m', '_', '{']).starts_with(n))
        && t.len() <= 6
    {
        return Some(" mathieu group ");
    }
    // H_k(K; Z), H_1(X): homology (h_K, lower case, is a class number).
    if t.starts_with("H_")
        && lower[2..].starts_with(|c: char| c.is_ascii_digit() || matches!(c, 'k' | 'n' | 'i' | '*' | '{'))
        && lower.contains('(')
    {
        return Some(" homology ");
    }
    // C(100, 50), binom(n, k): a binomial coefficient.
    if (t.starts_with("C(") || lower.starts_with("binom("))
        && lower.split_once('(').is_some_and(|(_, r)| r.starts_with(|c: char| c.is_ascii_digit() || c == 'n'))
    {
        return Some(" binomial coefficient ");
    }
    // sum_{k=1}^{n}, Σ_{k=0}^{50}: a sum over a range.
    if lower.starts_with("sum_{") || lower.starts_with("σ_{") || lower.starts_with("∑_{") {
        return Some(" sum summation ");
    }
    // J(F), J_f: a Jacobian matrix.
    if t.starts_with("J(") || t.starts_with("J_") {
        return Some(" jacobian matrix ");
    }
    // G/H, G/N: a quotient group.
    if matches!(t, "G/H" | "G/N" | "G/K") {
        return Some(" quotient group ");
    }
    if lower.starts_with("gf(") || lower.starts_with("gf_") || digits_after("f_") || lower == "f_p" || lower == "f_q" {
        return Some(" finite field ");
    }
    if lower.starts_with("f_{p")
        || lower.starts_with("f_{q")
        || lower.starts_with("f_p^")
        || lower.starts_with("f_q^")
        || lower.strip_prefix("f_{").is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
    {
        return Some(" finite field ");
    }
    // F_7[x]/(x^3 - 2), F_p[t]/(f): a finite field built as a quotient.
    let prime_subfield =
        lower.strip_prefix("f_").map(|r| r.trim_start_matches(|c: char| c.is_ascii_digit() || c == 'p' || c == 'q'));
    if prime_subfield.is_some_and(|r| r.len() + 2 < lower.len() && r.starts_with('[') && r.contains("]/(")) {
        return Some(" finite field extension element ");
    }
    if lower.starts_with("f_p[") || lower.starts_with("gf(p)[") || lower.starts_with("f_q[") {
        return Some(" polynomial finite field ");
    }
    if matches!(lower.as_str(), "z[x]" | "q[x]" | "z[x,y]" | "q[x,y]" | "k[x]" | "q[x,y,z]" | "k[x,y,z]") {
        return Some(" polynomial ");
    }
    // Z/nZ with a number for n (`(Z/15Z)^×`), as well as with a letter.
    let numeric_quotient = lower.split("z/").skip(1).any(|r| {
        let digits = r.bytes().take_while(u8::is_ascii_digit).count();
        digits > 0 && r[digits..].starts_with('z')
    });
    if numeric_quotient
        || lower.contains("/nz")
        || lower.contains("/pz")
        || lower.contains("/mz")
        || lower.contains("/qz")
    {
        return Some(if lower.contains('*') || lower.contains('×') { " modular unit group " } else { " modular " });
    }
    if lower.ends_with("^-1") || lower.ends_with("^{-1}") || lower.ends_with("⁻¹") {
        return Some(" inverse ");
    }
    if t.ends_with("^T") || t.ends_with("^t") || t.ends_with("ᵀ") {
        return Some(" transpose ");
    }
    // Number fields and curves: O_K, h_K, d_K, N_{K/F}, Gal(L/K), a_p, #E(F_p).
    if lower == "o_k" || lower.starts_with("o_k^") || lower.starts_with("o_k,") {
        return Some(if lower.contains('^') { " unit group " } else { " ring of integers " });
    }
    if lower == "h_k" || lower.starts_with("h_k(") || lower.starts_with("h(q(") {
        return Some(" class number ");
    }
    if lower == "d_k" || lower.starts_with("d_k(") {
        return Some(" field discriminant ");
    }
    if lower.starts_with("n_{") || lower.starts_with("tr_{") {
        return Some(" relative norm trace ");
    }
    if lower.starts_with("gal(") {
        return Some(" galois group ");
    }
    if lower == "a_p" || lower.starts_with("a_p(") {
        return Some(" trace of frobenius ");
    }
    if lower.starts_with("#e(") {
        return Some(" elliptic curve number of points ");
    }
    if lower.starts_with("f(g(") || lower.starts_with("p(q(") {
        return Some(" composition ");
    }
    if lower.contains("^∞") || lower.contains("^inf") {
        return Some(" saturation ");
    }
    if lower.starts_with("∇²") || lower.starts_with("δf") {
        return Some(" laplacian ");
    }
    if t.starts_with("P^") && t[2..].bytes().take_while(|b| *b != b'(').all(|b| b.is_ascii_digit()) && t.len() > 2 {
        return Some(" projective space ");
    }
    if lower.starts_with("ord_") {
        return Some(" multiplicative order ");
    }
    if lower.starts_with("v_") && lower.contains('(') {
        return Some(" valuation ");
    }
    if lower.starts_with("e_") && lower.contains('(') {
        return Some(" elementary symmetric polynomial ");
    }
    if lower.len() > 1 && lower.ends_with('#') && lower[..lower.len() - 1].bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Some(" primorial ");
    }
    if t.starts_with('Ψ') {
        return Some(" smooth numbers count ");
    }
    // `(a/p)`: a Legendre, Jacobi or Kronecker symbol.
    if let Some(inner) = t.strip_prefix('(').and_then(|r| r.strip_suffix(')'))
        && let Some((a, b)) = inner.split_once('/')
        && !a.is_empty()
        && !b.is_empty()
        && a.trim_start_matches('-').bytes().all(|c| c.is_ascii_alphanumeric())
        && b.bytes().all(|c| c.is_ascii_alphanumeric())
    {
        return Some(" legendre jacobi symbol ");
    }
    if lower.starts_with("e^") {
        return Some(" exponential ");
    }
    if lower.strip_prefix("z/").is_some_and(|r| !r.is_empty() && r.bytes().all(|b| b.is_ascii_digit())) {
        return Some(" cyclic group ");
    }
    if lower.starts_with("d/d") || lower.starts_with("∂/∂") {
        return Some(" derivative ");
    }
    if t.starts_with('K') && digits_after("k") {
        return Some(" complete graph ");
    }
    if matches!(lower.as_str(), "sl2(z)" | "sl_2(z)" | "sl(2,z)" | "psl2(z)") {
        return Some(" sl2z modular group ");
    }
    // gcd(240, 46), lcm(4, 6): the function of integers, not of polynomials.
    if ["gcd(", "lcm(", "hcf("]
        .iter()
        .any(|f| lower.strip_prefix(f).is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit())))
    {
        return Some(if lower.starts_with("lcm") { " lcm least common multiple " } else { " integer gcd " });
    }
    // 22/7, -3/4: a rational number.
    if let Some((a, b)) = lower.trim_start_matches('-').split_once('/')
        && !a.is_empty()
        && !b.is_empty()
        && a.bytes().all(|c| c.is_ascii_digit())
        && b.bytes().all(|c| c.is_ascii_digit())
    {
        return Some(" rational fraction ");
    }
    // c_q(n), c_12(8): Ramanujan's sum.
    if lower
        .strip_prefix("c_")
        .map(|r| r.trim_start_matches(|c: char| c.is_ascii_digit() || c == 'q'))
        .is_some_and(|r| r.len() + 2 < lower.len() && r.starts_with('('))
    {
        return Some(" ramanujan sum ");
    }
    // sqrt(I), rad(I): the radical of an ideal.
    if matches!(t, "sqrt(I)" | "rad(I)" | "√(I)" | "√I") {
        return Some(" radical ideal ");
    }
    // Res_{z=2} is a residue of a rational function; Res_x(f, g), a resultant.
    if lower.starts_with("res_") {
        return Some(if lower.contains('=') { " residue " } else { " resultant " });
    }
    // Phi_15(x), Φ_n: a cyclotomic polynomial.
    if ["phi_", "φ_", "ϕ_"].iter().any(|p| lower.starts_with(p)) {
        return Some(" cyclotomic polynomial ");
    }
    // phi(360), sigma(28): the arithmetic functions by their Latin names, applied to an integer.
    if let Some((name, arg)) = lower.split_once('(')
        && arg.starts_with(|c: char| c.is_ascii_digit())
        && let Some(words) = match name {
            "phi" => Some(" totient "),
            "sigma" => Some(" divisor sum sigma "),
            "tau" => Some(" divisor count tau "),
            "mu" => Some(" mobius mu "),
            _ => None,
        }
    {
        return Some(words);
    }
    // a(n-1), a(n−2): a term of a recurrence.
    // A one-letter name, perhaps with a coefficient (`3a(n-1)`); not `n(n-1)/2` or `(n-1)!`.
    if !lower.contains(['!', '/'])
        && ["(n-1)", "(n−1)", "(n-2)", "(n−2)"].iter().any(|p| {
            lower.find(p).is_some_and(|at| {
                let name = lower[..at].trim_start_matches(|c: char| c.is_ascii_digit() || c == '-' || c == '+');
                name.len() == 1 && name.bytes().all(|b| b.is_ascii_alphabetic())
            })
        })
    {
        return Some(" recurrence term ");
    }
    // χ(G): the chromatic number of a graph.
    if t == "χ(G)" {
        return Some(" chromatic number graph ");
    }
    // L(-1, χ), L(1 - k, χ): an L-value at a non-positive integer.
    if ["l(-", "l(1-k", "l(1−k", "l(0,", "l(0)"].iter().any(|p| lower.starts_with(p)) && !lower.starts_with("l(-s") {
        return Some(" l value negative integer bernoulli ");
    }
    // h(-23), h(D): the class number of a discriminant.
    if lower.starts_with("h(-") || lower.starts_with("h(d)") {
        return Some(" class number discriminant ");
    }
    // r_2(n), r_4(100): representation numbers as sums of squares.
    if lower.starts_with("r_") && lower[2..].starts_with(|c: char| c.is_ascii_digit()) && lower.contains('(') {
        return Some(" representation numbers sum of squares ");
    }
    // Q(√2), Q(i), Q(ζ_7), Q(θ), Z[i], Z[√-5], Z[ζ_7]: a number field and its orders.
    let adjoined = ["√", "∛", "i)", "i]", "ζ", "θ", "α", "sqrt"];
    if (lower.starts_with("q(") || lower.starts_with("z[")) && adjoined.iter().any(|a| lower[2..].starts_with(a)) {
        return Some(" number field ");
    }
    if lower.starts_with("q[x]/(") {
        return Some(" number field ");
    }
    None
}

/// Splits `text` into lowercase ASCII-folded words, calling `f` with each from the buffer
/// `current` (empty before and after).
fn split_words(text: &str, current: &mut String, f: &mut impl FnMut(&str)) {
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            current.push(c.to_ascii_lowercase());
        } else if c.is_alphanumeric() {
            for l in c.to_lowercase() {
                match fold(l) {
                    Some(ascii) => current.push_str(ascii),
                    None => current.push(l),
                }
            }
        } else if !current.is_empty() {
            f(current);
            current.clear();
        }
    }
    if !current.is_empty() {
        f(current);
        current.clear();
    }
}

/// Calls `f` with each raw word of `text` after notation is read: lowercase and ASCII-folded,
/// before stop words and stems. One buffer serves every word, so building an index allocates
/// nothing per word.
pub(crate) fn for_each_raw_word(text: &str, mut f: impl FnMut(&str)) {
    let mut current = String::new();
    read_notation(text, |piece| split_words(piece, &mut current, &mut f));
}

/// Whether a raw word becomes a term.
pub(crate) fn is_term(word: &str) -> bool {
    keep(word)
}

fn irregular(word: &str) -> Option<&'static str> {
    static TABLE: OnceLock<FxHashMap<&'static str, &'static str>> = OnceLock::new();
    TABLE.get_or_init(|| IRREGULAR.iter().copied().collect()).get(word).copied()
}

/// Stems already taken, so a catalog build stems each distinct word once. Bounded, so that
/// queries of made-up words cannot grow it without limit.
fn cached_stem(word: &str) -> String {
    const CAPACITY: usize = 1 << 16;
    static CACHE: OnceLock<std::sync::RwLock<HashMap<String, String>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(s) = cache.read().ok().and_then(|c| c.get(word).cloned()) {
        return s;
    }
    let s = stem(word);
    if let Ok(mut c) = cache.write()
        && c.len() < CAPACITY
    {
        c.insert(word.to_owned(), s.clone());
    }
    s
}

/// Folds a lowercase word to its stem: a plural or verb ending once, then derivational
/// suffixes while enough of the word remains, then a final `y` to `i` (so `verify`,
/// `verified` and `verification` meet).
pub(crate) fn stem(word: &str) -> String {
    if let Some(s) = irregular(word) {
        return s.to_owned();
    }
    if !word.is_ascii() {
        return word.to_owned();
    }
    let sibilant = |r: &str| r.ends_with(['s', 'x', 'z']) || r.ends_with("ch") || r.ends_with("sh");
    let plural;
    let mut w: &str = if word.len() > 4 && (word.ends_with("ies") || word.ends_with("ied")) {
        plural = format!("{}y", &word[..word.len() - 3]);
        &plural
    } else if let Some(root) = word.strip_suffix("es").filter(|r| r.len() >= 3 && sibilant(r)) {
        root
    } else if let Some(root) = word.strip_suffix('s').filter(|r| r.len() >= 3 && !r.ends_with(['s', 'u', 'i'])) {
        root
    } else {
        word
    };
    loop {
        if let Some(s) = irregular(w) {
            return s.to_owned();
        }
        let next = SUFFIXES.iter().find_map(|suffix| {
            let root = w.strip_suffix(suffix)?;
            // `-ly` only on adverbs of long words, and never `multiply`, `apply`.
            let ok = if *suffix == "ly" { root.len() >= 5 && !root.ends_with('p') } else { root.len() >= 4 };
            ok.then_some(root)
        });
        match next {
            Some(root) => w = root,
            None => break,
        }
    }
    if w.len() > 3 && w.ends_with('y') && !w[..w.len() - 1].ends_with(['a', 'e', 'i', 'o', 'u']) {
        return format!("{}i", &w[..w.len() - 1]);
    }
    w.to_owned()
}

fn keep(word: &str) -> bool {
    static STOP: OnceLock<rustc_hash::FxHashSet<&'static str>> = OnceLock::new();
    if KEEP_SHORT.contains(&word) {
        return true;
    }
    // Lone letters, two-letter variable names (`xy`, `dx`), numbers and the pieces of
    // formulas (`3x`, `x1`, `x²`) say nothing about the outcome.
    if word.chars().count() < 3 || word.chars().any(char::is_numeric) {
        return false;
    }
    !STOP.get_or_init(|| STOP_WORDS.iter().copied().collect()).contains(word)
}

/// Whether `words` occur in `terms` in a row (how a `not_for` entry is matched).
pub(crate) fn in_a_row(terms: &[String], words: &[String]) -> bool {
    !words.is_empty() && terms.windows(words.len()).any(|w| w == words)
}

/// Normalized terms of a text, in order: notation read, words folded, stop words, lone
/// letters and numbers dropped, stems taken.
pub(crate) fn terms(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for_each_raw_word(text, |w| {
        if keep(w) {
            out.push(cached_stem(w));
        }
    });
    out
}

/// Weight of a term that qualifies the base ring (`over GF(5)`, `over the rationals`)
/// rather than naming the object or the outcome.
pub(crate) const QUALIFIER_WEIGHT: f32 = 0.4;

/// Normalized terms of a query with their weights: the words in the three after `over` qualify the
/// base ring and weigh [`QUALIFIER_WEIGHT`]; every other term weighs 1.
pub(crate) fn weighted_terms(text: &str) -> Vec<(String, f32)> {
    let mut out = Vec::new();
    let mut qualifying = 0u8;
    for_each_raw_word(text, |w| {
        if w == "over" {
            qualifying = 3;
            return;
        }
        // The ring is named within the next three words (`over the rationals`, `over GF(5)`).
        let weight = if qualifying > 0 { QUALIFIER_WEIGHT } else { 1.0 };
        qualifying = qualifying.saturating_sub(1);
        if keep(w) {
            out.push((cached_stem(w), weight));
        }
    });
    out
}

/// Adjacent pairs of terms, joined by `_` (the form phrase synonyms take).
pub(crate) fn bigrams(terms: &[String]) -> Vec<String> {
    terms.windows(2).map(|w| format!("{}_{}", w[0], w[1])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_split_ids_fold_inflections_and_drop_stop_words() {
        assert_eq!(terms("graph.compute.properties"), vec!["graph", "comput", "properti"]);
        assert_eq!(terms("Find the Vertices of induced_trees"), vec!["find", "vertex", "induc", "tree"]);
        assert_eq!(terms("GCD of integers"), vec!["gcd", "integer"]);
        assert_eq!(terms("factorization, factoring, factors"), vec!["factor", "factor", "factor"]);
        assert_eq!(terms("verify, verified, verification"), vec!["verifi", "verifi", "verifi"]);
        // Words that would meet an unrelated word stay apart.
        assert_ne!(terms("normal"), terms("norm"));
        assert_ne!(terms("simplicial"), terms("simple"));
        assert_ne!(terms("cubical"), terms("cubic"));
        assert_eq!(terms("normalizer normaliser"), vec!["normalizer", "normalizer"]);
        assert_ne!(terms("normalizer"), terms("normal"));
    }

    #[test]
    fn formulas_name_their_objects() {
        assert!(terms("orbits of <(1,2,3), (3,4)>").contains(&"permut".to_owned()));
        assert!(terms("expand (x + 1)^5").contains(&"polynom".to_owned()));
        assert!(terms("det [[1, 2], [3, 4]]").contains(&"matrix".to_owned()));
        let symbolic = &terms("symbolic")[0];
        assert!(terms("det [[a, b], [c, d]]").contains(symbolic));
        assert!(!terms("det [[1, 2], [3, 4]]").contains(symbolic));
        assert!(!terms("gcd(12, 18, 30)").contains(&"permut".to_owned()));
        assert!(!terms("x^2 - 2y^2 = 1").contains(&"polynom".to_owned()));
        assert_eq!(terms("A^-1"), terms("matrix inverse"));
        assert_eq!(weighted_terms("rank of a matrix over GF(2)").last().map(|t| t.1), Some(QUALIFIER_WEIGHT));
        // Equations say which kind they are.
        assert_eq!(terms("double (3, 5) on y^2 = x^3 - 2")[..2], terms("elliptic curve")[..]);
        assert_eq!(terms("solve x^2 - 61y^2 = 1")[..2], terms("pell equation")[..]);
        assert_eq!(terms("solve 1234x + 5678y = 2")[..3], terms("linear diophantine equation")[..]);
        assert_eq!(terms("all (x, y) with 3x^2 + 2xy + 5y^2 = 1000")[..3], terms("quadratic diophantine equation")[..]);
        assert_eq!(terms("rational points of x^2 + y^2 = 2")[..1], terms("conic")[..]);
        assert!(!terms("tangent cone of y^2 = x^2 (x + 1)").contains(&"diophantin".to_owned()));
        // Ideals and systems of several equations, not definitions.
        assert_eq!(terms("radical of I = (x^2, y^2 - x y)")[..2], terms("polynomial ideal")[..]);
        assert_eq!(terms("solve x^2 + y^2 = 25, x + y = 7")[..2], terms("polynomial system")[..]);
        assert!(!terms("psc_j(f, g) for f = x^4 + x + 1 and g = x^3 - 2").contains(&"system".to_owned()));
        assert!(!terms("in ⟨x, y : 4x = 0, 6y = 0⟩ is x + 3y = 3x + y").contains(&"ideal".to_owned()));
        assert!(!terms("multiply (x^2 + 3x - 1)(x^3 - x + 2)").contains(&"permut".to_owned()));
    }

    #[test]
    fn notation_and_diacritics_become_words() {
        assert_eq!(terms("φ(n)"), vec!["totient"]);
        assert_eq!(terms("Gröbner basis"), terms("Groebner basis"));
        assert_eq!(terms("Gröbner basis"), terms("grobner bases"));
        assert_eq!(terms("conjugacy classes of S_6"), terms("conjugacy classes of symmetric group"));
        assert_eq!(terms("irreducible over GF(2)"), terms("irreducible over finite field"));
        assert_eq!(terms("x^2 ≡ 2 (mod 7)"), terms("modular square root congruence mod"));
        assert_eq!(terms("x ≡ 2 mod 3, x ≡ 3 mod 5")[..3], terms("simultaneous congruences chinese")[..]);
        assert_eq!(terms("(2/97)"), terms("legendre jacobi symbol"));
        assert_eq!(terms("ord_1000(3)"), terms("multiplicative order"));
        assert_eq!(terms("23#"), terms("primorial"));
        assert_eq!(terms("Gal(L/K)"), terms("galois group"));
        assert_eq!(terms("h_K"), terms("class number"));
        assert_eq!(terms("points of P^2"), terms("points of projective space"));
        assert!(!terms("mod p^2").contains(&"project".to_owned()));
        assert_eq!(terms("σ(28)"), terms("divisor sum sigma"));
        assert_eq!(terms("τ(χ)"), terms("tau character"));
        assert_eq!(terms("3^100 mod 7"), vec!["modular", "power", "mod"]);
        assert_eq!(terms("units of (Z/nZ)*"), terms("units of modular unit group"));
        assert_eq!(terms("10!"), vec!["factorial"]);
        assert_ne!(terms("factorial"), terms("factor"));
        assert_eq!(terms("structure of (Z/15Z)^×"), terms("structure of modular unit group"));
        assert_eq!(terms("gcd(240, 46)"), terms("integer gcd"));
        assert_eq!(terms("gcd(f, g)"), terms("gcd"));
        assert_eq!(terms("22/7 or 355/113"), terms("rational fraction rational fraction"));
        assert_eq!(terms("h(-23)"), terms("class number discriminant"));
        assert_eq!(terms("order of M_12"), terms("order of mathieu group"));
        assert_eq!(terms("Motzkin number M_12"), terms("Motzkin number"));
        assert_eq!(terms("H_k(K; Z)"), terms("homology"));
        assert_eq!(terms("C(100, 50)"), terms("binomial coefficient"));
        assert_eq!(terms("J(F)"), terms("jacobian matrix"));
        assert_eq!(terms("sum_{k=3}^{50}"), terms("sum summation"));
        assert_eq!(terms("points of P^2(F_3)"), terms("points of projective space"));
        assert_eq!(terms("r_3(n)"), terms("representation numbers sum of squares"));
        assert_eq!(terms("norm in Q(√2)"), terms("norm in number field"));
        assert_eq!(terms("primes of Z[i]"), terms("primes of number field"));
        assert!(terms("Q[x]/(x^4 - 2)").contains(&stem("number")));
    }

    #[test]
    fn formulas_of_groups_fractions_and_similarity_name_their_objects() {
        assert!(terms("order of (3, 5) in Z/12 × Z/10").contains(&stem("abelian")));
        assert!(terms("G = ⟨a, b : 6a = 0, 8b = 0⟩").contains(&stem("abelian")));
        assert!(terms("derivative of (x^2 + 1)/(x^3 - x)").contains(&stem("rational")));
        assert!(!terms("derivative of (x^2 + 1)(x^3 - x)").contains(&stem("rational")));
        assert!(terms("give P with P^-1 A P = B").contains(&stem("similar")));
    }

    #[test]
    fn equations_inequalities_and_subscripts_name_their_objects() {
        assert!(terms("basis of {X : AX = XA}").contains(&stem("commuting")));
        assert_eq!(terms("image of Z^2 → Z/6 ⊕ Z/10, e1 ↦ (1,2)")[..3], terms("abelian group homomorphism")[..]);
        assert_eq!(terms("trace of θ^2 where θ^3 - θ - 1 = 0")[..4], terms("algebraic number field element")[..]);
        assert!(!terms("express cos(7θ) as a polynomial in cos θ").contains(&stem("algebraic")));
        assert_eq!(terms("prove x^4 - 4x + 3 >= 0")[..2], terms("polynomial nonnegative")[..]);
        assert!(!terms("find x with x^4 - 3x + 2 < 0").contains(&stem("nonnegative")));
        assert_eq!(terms("is 7 = a² + b² + c²")[..2], terms("sum of squares")[..]);
        assert!(!terms("is (a+b)^3 equal to a^3 + 3a^2b + 3ab^2 + b^3").contains(&stem("squares")));
        assert_eq!(terms("relations a f_x + b f_y = 0")[..2], terms("partial derivatives")[..]);
        assert!(terms("factor 2^64+1").contains(&stem("integer")));
        assert!(!terms("3^100 mod 7").contains(&stem("integer")));
        assert_eq!(terms("order of x in F_7[x]/(x^3 - 2)"), terms("polynomial order finite field extension element"));
        assert_eq!(terms("c_q(n) for q = 12"), terms("ramanujan sum"));
        assert_eq!(terms("ρ(u) and ν(p)"), vec!["rho", "nu"]);
        assert_eq!(terms("x with 123456789·x ≡ 1 (mod 10^9+7)")[..2], terms("modular inverse")[..]);
        assert_eq!(terms("largest r with r^7 ≤ 10^50")[..2], terms("integer root")[..]);
        assert!(!terms("where is x^3 - 2x < 0").contains(&stem("root")));
        assert_eq!(terms("nontrivial solution of 3x^2 + 5y^2 - 7z^2 = 0")[..1], terms("conic")[..]);
        assert_eq!(terms("number of (x, y) mod 13 with y^2 = x^5 + 1")[..3], terms("congruence solutions modulo")[..]);
        assert!(!terms("is (7, 11) on y^2 = x^3 + 7 mod 101").contains(&stem("congruence")));
        assert_eq!(terms("find all λ with det(A - λI) = 0")[..3], terms("characteristic polynomial eigenvalues")[..]);
        assert_eq!(terms("[G : H] for H = <(1,2)>")[..2], terms("subgroup index")[..]);
        assert_eq!(terms("gcd of 12 and 18")[..1], terms("integer")[..]);
        assert!(!terms("gcd of x^2 - 1 and x + 1").contains(&stem("integer")));
        assert!(!terms("gcd of 84, 126, 210").contains(&stem("integer")));
        assert_eq!(terms("write p as x^2 + y^2")[..2], terms("sum of squares")[..]);
    }

    #[test]
    fn identities_kernels_presentations_and_quotients_name_their_objects() {
        assert_eq!(terms("does (x+1)^2 == x^2 + 2x + 1")[..2], terms("polynomial identity")[..]);
        assert!(!terms("is (x+1)^2 = x^2 + 2x + 1").contains(&stem("identity")));
        assert_eq!(terms("every v with Av = 0")[..3], terms("matrix kernel null")[..]);
        assert_eq!(terms("[[1, 2], [2, 4]] x = 0")[..3], terms("matrix kernel null")[..]);
        assert_eq!(terms("min of |p(z)| on |z| = 1")[..2], terms("unit circle")[..]);
        assert_eq!(
            terms("order of <x, y | x^2, y^3, (xy)^5>")[..4],
            terms("finitely presented group presentation")[..]
        );
        assert!(!terms("<(1,2), (2,3)>").contains(&stem("presentation")));
        assert_eq!(terms("⌊(2^100 + 1)^(1/5)⌋")[..2], terms("integer root")[..]);
        assert_eq!(terms("(3/4) ÷ (9/8)")[..3], terms("rational fraction arithmetic")[..]);
        assert_eq!(terms("G with G(x + 1) - G(x) = x^3")[..3], terms("indefinite sum difference")[..]);
        assert_eq!(terms("n with 2n + 1 and 4n + 1 both prime")[..3], terms("affine forms simultaneously")[..]);
        assert!(!terms("is 2^n + 1 prime").contains(&stem("affine")));
        assert_eq!(terms("1000 in binary")[..2], terms("base digits")[..]);
        assert_ne!(terms("sum of the digits of 2^100 in base 10")[..2], terms("base digits")[..]);
        assert_eq!(terms("coefficients of 1/(1 - 2x - x^2)")[..3], terms("power series coefficients")[..]);
        assert_eq!(terms("split e^z at z = x + iy")[..3], terms("real imaginary parts")[..]);
        assert_eq!(terms("order of |GL(2,5)|"), terms("order of GL(2,5)"));
        assert!(terms("GL(2,5)").contains(&"gl".to_owned()));
        assert_eq!(terms("c_10(3)"), terms("ramanujan sum"));
        assert_eq!(terms("sqrt(I)"), terms("radical ideal"));
        assert_eq!(terms("Res_{z=0}"), terms("residue"));
        assert_eq!(terms("Res_y(f, g)"), terms("resultant"));
        assert_eq!(terms("Phi_12(x)"), terms("cyclotomic polynomial"));
        assert_eq!(terms("phi(100)"), terms("φ(100)"));
        assert_eq!(terms("a^2 = b^3 = (ab)^7 = 1")[..4], terms("finitely presented group presentation")[..]);
        assert_eq!(terms("b(n) = b(n-1) + b(n-2)")[..2], terms("recurrence term")[..2]);
        assert!(!terms("(n-1)! mod n").contains(&stem("recurrence")));
        assert_eq!(terms("χ(G)"), terms("chromatic number graph"));
        assert_eq!(terms("L(-3, χ)")[..4], terms("l value negative integer bernoulli")[..4]);
        assert!(!terms("L(0.5, χ)").contains(&stem("bernoulli")));
        assert!(!terms("n(n-1)/2 edges").contains(&stem("recurrence")));
        assert!(!terms("sqrt(i) in C").contains(&stem("radical")));
        assert!(!terms("is x < |y| and y > 0").contains(&stem("presented")));
        assert!(!terms("x^(1/3) dx").contains(&stem("root")));
        assert!(!terms("2^n + 1 and 2^n + 3 both prime").contains(&stem("affine")));
        assert!(!terms("log of 1000 to base 10").contains(&stem("digits")));
        assert!(!terms("area of a regular 12-gon in hexagon units").contains(&stem("digits")));
        assert!(!terms("a^2 = b^3 = (ab)^5 = 16").contains(&stem("presented")));
    }

    #[test]
    fn synonyms_fold_to_one_group() {
        assert_eq!(group(&stem("countermodel")), group(&stem("counterexample")));
        assert_eq!(group(&stem("colour")), group(&stem("coloring")));
        assert_eq!(group("hcf"), group("gcd"));
        assert_eq!(group(&stem("groebner")), group("standard_basis"));
        assert_ne!(group("graph"), group("magma"));
        assert_eq!(group("unrelated"), None);
    }
}
