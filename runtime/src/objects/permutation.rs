//! Permutations, permutation groups given by generators, and finitely presented groups.
//!
//! A permutation of {1, …, n} is its list of images (`[2, 3, 1]` maps 1→2, 2→3, 3→1) or cycle
//! notation (`"(1,2,3)(4,5)"`, cycles composed left to right as written, so `"(1,2)(2,3)"` maps
//! 1→3). Both are parsed here; a repeated image, a point out of range or a malformed cycle is
//! refused at the entry's JSON Pointer. A permutation group is a degree and generators;
//! canonical form: the degree named (at least every point a generator moves), generators as
//! image lists of exactly that length.
//!
//! A finitely presented group is a number of generators with names and relators, each a word
//! in our own grammar: letters are generator names, `x^k` a power (k may be negative), `*` or
//! juxtaposition with spaces a product, `(w)^k` a bracketed power, `[u,v]` the commutator
//! u⁻¹v⁻¹uv, `1` the identity, and `u = v` the relator u·v⁻¹. Canonical form: relators freely
//! reduced and re-printed as `a^2*b^-1`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::ObjectType;
use crate::contract::Diagnostic;

/// Schema URI of permutation groups.
pub const PERMUTATION_GROUP_SCHEMA: &str = "urn:jacobian:schema:permutation-group:v1";
/// Schema URI of finitely presented groups.
pub const FP_GROUP_SCHEMA: &str = "urn:jacobian:schema:finitely-presented-group:v1";
/// Largest point a permutation may move.
pub const MAX_DEGREE: usize = 10_000;
/// Most generators of a permutation group.
pub const MAX_GENERATORS: usize = 64;
/// Most generators of a finitely presented group.
pub const MAX_FP_GENERATORS: usize = 16;
/// Most relators of a finitely presented group.
pub const MAX_RELATORS: usize = 64;
/// Most letters of one relator once powers are expanded.
pub const MAX_RELATOR_LENGTH: usize = 10_000;

/// A permutation of {1, …, n}: its list of images, or cycles such as `"(1,2,3)(4,5)"`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Permutation {
    /// `images[i-1]` is the image of i; a permutation of 1..=len.
    Images(Vec<u32>),
    /// Cycles, composed left to right as written; `"()"` is the identity.
    Cycles(String),
}

/// Parses cycle notation into an image list on 1..=largest point.
pub fn cycles(text: &str) -> Result<Vec<u32>, String> {
    let mut images: Vec<u32> = vec![];
    let mut rest = text.trim();
    if rest == "()" || rest.is_empty() {
        return Ok(images);
    }
    while !rest.is_empty() {
        let body = rest.strip_prefix('(').ok_or("a cycle must start with `(`")?;
        let end = body.find(')').ok_or("a cycle is not closed")?;
        let points: Vec<u32> = body[..end]
            .split(',')
            .map(|p| p.trim().parse::<u32>().ok().filter(|&p| p >= 1 && p as usize <= MAX_DEGREE))
            .collect::<Option<_>>()
            .ok_or_else(|| format!("points are integers from 1 to {MAX_DEGREE}"))?;
        let mut seen = std::collections::HashSet::new();
        if !points.iter().all(|p| seen.insert(*p)) {
            return Err("a cycle repeats a point".into());
        }
        let top = points.iter().copied().max().unwrap_or(0) as usize;
        if images.len() < top {
            images.extend((images.len() as u32 + 1)..=top as u32);
        }
        // Apply this cycle after the ones before it: x ↦ cycle(images(x)).
        let mut step: std::collections::HashMap<u32, u32> = std::collections::HashMap::new();
        for (i, &p) in points.iter().enumerate() {
            step.insert(p, points[(i + 1) % points.len()]);
        }
        for image in images.iter_mut() {
            *image = *step.get(image).unwrap_or(image);
        }
        rest = body[end + 1..].trim_start();
    }
    Ok(images)
}

impl Permutation {
    /// The image list (1-based), validated; a diagnostic's path is relative to this value
    /// (`/2` for the third image of a list).
    pub fn images(&self) -> Result<Vec<u32>, Diagnostic> {
        let images = match self {
            Permutation::Images(v) => v.clone(),
            Permutation::Cycles(text) => cycles(text).map_err(|why| Diagnostic::at("", "NOT_A_PERMUTATION", why))?,
        };
        if images.len() > MAX_DEGREE {
            return Err(Diagnostic::at("", "TOO_LARGE", format!("permutations move at most {MAX_DEGREE} points")));
        }
        let n = images.len();
        let mut seen = vec![false; n];
        for (i, &x) in images.iter().enumerate() {
            let at = format!("/{i}");
            match seen.get_mut((x as usize).wrapping_sub(1)) {
                Some(s) if !*s => *s = true,
                Some(_) => {
                    return Err(Diagnostic::at(at, "REPEATED_IMAGE", format!("{x} is the image of two points")));
                }
                None => {
                    return Err(Diagnostic::at(
                        at,
                        "OUT_OF_RANGE",
                        format!("{x} is not a point of 1..{n}: an image list of length {n} permutes 1..{n}"),
                    ));
                }
            }
        }
        Ok(images)
    }

    /// The image list padded to `degree` points (fixed points appended); an error when the
    /// permutation moves a point above `degree`.
    pub fn images_on(&self, degree: usize) -> Result<Vec<u32>, Diagnostic> {
        let mut images = self.images()?;
        if let Some(top) = images.iter().enumerate().rev().find(|(i, x)| **x as usize != i + 1).map(|(i, _)| i + 1)
            && top > degree
        {
            return Err(Diagnostic::at("", "OUT_OF_RANGE", format!("moves point {top}, beyond the degree {degree}")));
        }
        images.truncate(degree);
        images.extend((images.len() as u32 + 1)..=degree as u32);
        Ok(images)
    }
}

/// The largest point a permutation moves (0 for the identity).
pub fn largest_moved(images: &[u32]) -> usize {
    images.iter().enumerate().rev().find(|(i, x)| **x as usize != i + 1).map_or(0, |(i, _)| i + 1)
}

/// A permutation group on {1, …, degree} given by generators.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PermutationGroup {
    /// The points permuted are 1..=degree (default: the largest point a generator moves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub degree: Option<usize>,
    /// Generators (at most 64): image lists or cycle notation. None gives the trivial group.
    #[schemars(length(max = 64))]
    pub generators: Vec<Permutation>,
}

/// A validated permutation group: its degree and generators as image lists on 1..=degree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The degree.
    pub degree: usize,
    /// Generators, each a list of `degree` images (1-based).
    pub generators: Vec<Vec<u32>>,
}

impl PermutationGroup {
    /// Validates: every generator a permutation moving only points up to the degree; paths
    /// relative to the group (`/generators/1/3`).
    pub fn read(&self) -> Result<Generated, Vec<Diagnostic>> {
        let mut errors = vec![];
        if self.generators.len() > MAX_GENERATORS {
            errors.push(Diagnostic::at("/generators", "TOO_LARGE", format!("at most {MAX_GENERATORS} generators")));
        }
        if self.degree.is_some_and(|d| d > MAX_DEGREE) {
            errors.push(Diagnostic::at("/degree", "TOO_LARGE", format!("the degree is at most {MAX_DEGREE}")));
        }
        let mut lists = vec![];
        for (i, g) in self.generators.iter().enumerate() {
            match g.images() {
                Ok(v) => lists.push(v),
                Err(d) => errors.push(d.under(&format!("/generators/{i}"))),
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let moved = lists.iter().map(|g| largest_moved(g)).max().unwrap_or(0);
        let degree = self.degree.unwrap_or(moved);
        let mut generators = vec![];
        for (i, g) in self.generators.iter().enumerate() {
            match g.images_on(degree) {
                Ok(v) => generators.push(v),
                Err(d) => errors.push(d.under(&format!("/generators/{i}"))),
            }
        }
        if errors.is_empty() { Ok(Generated { degree, generators }) } else { Err(errors) }
    }
}

impl ObjectType for PermutationGroup {
    const SCHEMA_URI: &'static str = PERMUTATION_GROUP_SCHEMA;
    const NAME: &'static str = "permutation_group";
    const SUMMARY: &'static str = "A group of permutations of {1, …, n} given by generators (image lists or cycles).";
    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        let g = self.read()?;
        Ok(PermutationGroup {
            degree: Some(g.degree),
            generators: g.generators.into_iter().map(Permutation::Images).collect(),
        })
    }
}

/// A word in the generators: syllables (generator index from 0, non-zero exponent), freely
/// reduced.
pub type Word = Vec<(usize, i64)>;

/// A finitely presented group: named generators and relators.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FpGroup {
    /// Generator names (at most 16), each a letter followed by letters, digits or `_`
    /// (at most 16 characters).
    #[schemars(length(max = 16))]
    pub generators: Vec<String>,
    /// Relators (at most 64): words such as `"a^2"`, `"(a*b)^5"`, `"[a,b]"` or `"a*b = b*a"`.
    #[schemars(length(max = 64))]
    pub relators: Vec<String>,
}

/// A validated finitely presented group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Presentation {
    /// Number of generators.
    pub generators: usize,
    /// Relators as freely reduced words.
    pub relators: Vec<Word>,
}

fn valid_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && s.len() <= 16
}

/// Appends `letters` to a freely reduced word, reducing.
fn push(word: &mut Word, (g, e): (usize, i64)) {
    if e == 0 {
        return;
    }
    match word.last_mut() {
        Some((h, f)) if *h == g => {
            *f += e;
            if *f == 0 {
                word.pop();
            }
        }
        _ => word.push((g, e)),
    }
}

fn inverse(w: &Word) -> Word {
    w.iter().rev().map(|&(g, e)| (g, -e)).collect()
}

fn times(a: &Word, b: &Word) -> Word {
    let mut out = a.clone();
    b.iter().for_each(|&s| push(&mut out, s));
    out
}

fn length(w: &Word) -> u128 {
    w.iter().map(|(_, e)| e.unsigned_abs() as u128).sum()
}

struct WordParser<'a> {
    s: &'a [u8],
    at: usize,
    names: &'a [String],
    depth: usize,
}

impl WordParser<'_> {
    fn fail<T>(&self, why: impl Into<String>) -> Result<T, String> {
        Err(format!("{} (at character {})", why.into(), self.at + 1))
    }
    fn spaces(&mut self) {
        while self.s.get(self.at).is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }
    fn peek(&mut self) -> Option<u8> {
        self.spaces();
        self.s.get(self.at).copied()
    }
    fn word(&mut self) -> Result<Word, String> {
        let mut w = self.factor()?;
        loop {
            match self.peek() {
                Some(b'*') => {
                    self.at += 1;
                    w = times(&w, &self.factor()?);
                }
                Some(c) if c.is_ascii_alphanumeric() || c == b'(' || c == b'[' => w = times(&w, &self.factor()?),
                _ => break,
            }
            if length(&w) > MAX_RELATOR_LENGTH as u128 {
                return self.fail(format!("a relator has at most {MAX_RELATOR_LENGTH} letters"));
            }
        }
        Ok(w)
    }
    fn factor(&mut self) -> Result<Word, String> {
        self.depth += 1;
        if self.depth > 64 {
            return self.fail("brackets nest at most 64 deep");
        }
        let base = match self.peek() {
            Some(b'(') => {
                self.at += 1;
                let w = self.word()?;
                if self.peek() != Some(b')') {
                    return self.fail("expected `)`");
                }
                self.at += 1;
                w
            }
            Some(b'[') => {
                self.at += 1;
                let u = self.word()?;
                if self.peek() != Some(b',') {
                    return self.fail("expected `,` in a commutator");
                }
                self.at += 1;
                let v = self.word()?;
                if self.peek() != Some(b']') {
                    return self.fail("expected `]`");
                }
                self.at += 1;
                times(&times(&inverse(&u), &inverse(&v)), &times(&u, &v))
            }
            Some(b'1') => {
                self.at += 1;
                vec![]
            }
            Some(c) if c.is_ascii_alphabetic() => {
                let start = self.at;
                while self.s.get(self.at).is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_') {
                    self.at += 1;
                }
                let name = std::str::from_utf8(&self.s[start..self.at]).unwrap_or("");
                match self.names.iter().position(|n| n == name) {
                    Some(g) => vec![(g, 1)],
                    None => return Err(format!("`{name}` is not a generator")),
                }
            }
            _ => return self.fail("expected a generator, `1`, `(` or `[`"),
        };
        self.depth -= 1;
        if self.peek() != Some(b'^') {
            return Ok(base);
        }
        self.at += 1;
        self.spaces();
        let start = self.at;
        if self.s.get(self.at) == Some(&b'-') {
            self.at += 1;
        }
        while self.s.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        let k: i64 = match std::str::from_utf8(&self.s[start..self.at]).ok().and_then(|t| t.parse().ok()) {
            Some(k) if (-(MAX_RELATOR_LENGTH as i64)..=MAX_RELATOR_LENGTH as i64).contains(&k) => k,
            _ => return self.fail(format!("an exponent is an integer of absolute value at most {MAX_RELATOR_LENGTH}")),
        };
        if length(&base) * k.unsigned_abs() as u128 > MAX_RELATOR_LENGTH as u128 {
            return self.fail(format!("a relator has at most {MAX_RELATOR_LENGTH} letters"));
        }
        let unit = if k < 0 { inverse(&base) } else { base };
        let mut out = vec![];
        for _ in 0..k.unsigned_abs() {
            out = times(&out, &unit);
        }
        Ok(out)
    }
}

/// Parses one relator (`u` or `u = v`) over the named generators.
pub fn parse_relator(text: &str, names: &[String]) -> Result<Word, String> {
    let sides: Vec<&str> = text.split('=').collect();
    if sides.len() > 2 {
        return Err("a relator is a word or one equation `u = v`".into());
    }
    let mut words = vec![];
    for side in sides {
        let mut p = WordParser { s: side.as_bytes(), at: 0, names, depth: 0 };
        let w = p.word()?;
        if p.peek().is_some() {
            return p.fail("unexpected character");
        }
        words.push(w);
    }
    let w = if words.len() == 2 { times(&words[0], &inverse(&words[1])) } else { words.remove(0) };
    // Cyclically irrelevant but kept as written: only free reduction is canonical.
    Ok(w)
}

/// Prints a word as `a^2*b^-1` (`1` for the empty word).
pub fn print_word(w: &Word, names: &[String]) -> String {
    if w.is_empty() {
        return "1".into();
    }
    w.iter()
        .map(|&(g, e)| if e == 1 { names[g].clone() } else { format!("{}^{e}", names[g]) })
        .collect::<Vec<_>>()
        .join("*")
}

impl FpGroup {
    /// Validates names and relators; paths relative to the group (`/relators/2`).
    pub fn read(&self) -> Result<Presentation, Vec<Diagnostic>> {
        let mut errors = vec![];
        if self.generators.len() > MAX_FP_GENERATORS {
            errors.push(Diagnostic::at("/generators", "TOO_LARGE", format!("at most {MAX_FP_GENERATORS} generators")));
        }
        if self.relators.len() > MAX_RELATORS {
            errors.push(Diagnostic::at("/relators", "TOO_LARGE", format!("at most {MAX_RELATORS} relators")));
        }
        for (i, n) in self.generators.iter().enumerate() {
            if !valid_name(n) {
                errors.push(Diagnostic::at(
                    format!("/generators/{i}"),
                    "BAD_NAME",
                    "a letter, then letters, digits or `_`, at most 16 characters",
                ));
            } else if self.generators[..i].contains(n) {
                errors.push(Diagnostic::at(
                    format!("/generators/{i}"),
                    "REPEATED_NAME",
                    format!("`{n}` is named twice"),
                ));
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut relators = vec![];
        for (i, r) in self.relators.iter().enumerate() {
            match parse_relator(r, &self.generators) {
                Ok(w) => relators.push(w),
                Err(why) => errors.push(Diagnostic::at(format!("/relators/{i}"), "NOT_A_WORD", why)),
            }
        }
        if errors.is_empty() { Ok(Presentation { generators: self.generators.len(), relators }) } else { Err(errors) }
    }
}

impl ObjectType for FpGroup {
    const SCHEMA_URI: &'static str = FP_GROUP_SCHEMA;
    const NAME: &'static str = "finitely_presented_group";
    const SUMMARY: &'static str = "A finitely presented group: named generators and relators as words.";
    fn canonical(self) -> Result<Self, Vec<Diagnostic>> {
        let p = self.read()?;
        let relators = p.relators.iter().map(|w| print_word(w, &self.generators)).collect();
        Ok(FpGroup { generators: self.generators, relators })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycle_notation_composes_left_to_right() {
        assert_eq!(cycles("(1,2,3)").unwrap(), vec![2, 3, 1]);
        assert_eq!(cycles("(1,2)(2,3)").unwrap(), vec![3, 1, 2]);
        assert_eq!(cycles("()").unwrap(), Vec::<u32>::new());
        for bad in ["(1,1)", "(1,2", "1,2)", "(0,2)", "(1,2); Exec(\"ls\")", "(a,b)"] {
            assert!(cycles(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn image_lists_are_refused_at_the_entry() {
        assert!(Permutation::Images(vec![2, 3, 1]).images().is_ok());
        let d = Permutation::Images(vec![2, 2, 1]).images().unwrap_err();
        assert_eq!((d.path.as_deref(), d.code.as_str()), (Some("/1"), "REPEATED_IMAGE"));
        let d = Permutation::Images(vec![1, 0]).images().unwrap_err();
        assert_eq!((d.path.as_deref(), d.code.as_str()), (Some("/1"), "OUT_OF_RANGE"));
        let d = Permutation::Images(vec![4, 1, 2]).images().unwrap_err();
        assert_eq!(d.path.as_deref(), Some("/0"));
    }

    #[test]
    fn groups_are_padded_to_their_degree() {
        let g = PermutationGroup { degree: Some(5), generators: vec![Permutation::Cycles("(1,2)".into())] };
        assert_eq!(g.read().unwrap().generators, vec![vec![2, 1, 3, 4, 5]]);
        let g = PermutationGroup { degree: Some(2), generators: vec![Permutation::Cycles("(1,3)".into())] };
        assert_eq!(g.read().unwrap_err()[0].path.as_deref(), Some("/generators/0"));
        let g = PermutationGroup {
            degree: None,
            generators: vec![Permutation::Images(vec![2, 1, 3]), Permutation::Images(vec![1, 3, 3])],
        };
        assert_eq!(g.read().unwrap_err()[0].path.as_deref(), Some("/generators/1/2"));
        let canon = g.clone();
        assert!(canon.canonical().is_err());
    }

    #[test]
    fn relators_parse_into_reduced_words() {
        let names: Vec<String> = ["a", "b"].iter().map(|s| s.to_string()).collect();
        assert_eq!(parse_relator("a^2", &names).unwrap(), vec![(0, 2)]);
        assert_eq!(parse_relator("(a*b)^2", &names).unwrap(), vec![(0, 1), (1, 1), (0, 1), (1, 1)]);
        assert_eq!(parse_relator("[a,b]", &names).unwrap(), vec![(0, -1), (1, -1), (0, 1), (1, 1)]);
        assert_eq!(parse_relator("a b = b a", &names).unwrap(), vec![(0, 1), (1, 1), (0, -1), (1, -1)]);
        assert_eq!(parse_relator("a a^-1", &names).unwrap(), vec![]);
        assert_eq!(print_word(&parse_relator("a^-2 b", &names).unwrap(), &names), "a^-2*b");
        for bad in ["c", "a^", "(a", "[a b]", "a = b = a", "a^99999", "(a^100)^1000", "a; Exec(1)"] {
            assert!(parse_relator(bad, &names).is_err(), "{bad}");
        }
        let g = FpGroup { generators: vec!["a".into(), "a".into()], relators: vec![] };
        assert_eq!(g.read().unwrap_err()[0].path.as_deref(), Some("/generators/1"));
        let g = FpGroup { generators: vec!["a".into()], relators: vec!["a^2".into(), "b".into()] };
        assert_eq!(g.read().unwrap_err()[0].path.as_deref(), Some("/relators/1"));
    }
}
