//! The algebra of Dirichlet characters modulo q in Conrey's labelling: conjugates, products,
//! powers, kernels, induction to a multiple of q and restriction to a divisor, orthogonality
//! sums, the character table (the Fourier matrix of the group), the expansion of a residue-class
//! indicator in characters, and coordinates on the generators of (Z/qZ)^×, on PARI/GP.
//!
//! A value χ(a) is e^(2πik/λ) given by its exponent k modulo λ, the exponent of (Z/qZ)^× (its
//! largest invariant factor), so every character of the modulus shares one denominator.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::Program;
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_integer::Integer;
use num_traits::{One, ToPrimitive};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{PARI, TABLE_MAX, cyclotomic_integer, index, modulus, small, small_modulus};
use crate::cas::{self, Answer, Claim, Gp, Query};
use crate::counting::euler_phi;
use crate::integer::big;

/// Evidence kind of the claims (`jacobian.check.dirichlet_characters`).
const EVIDENCE: &str = "dirichlet_character.relations/v1";
/// Largest φ(q) of a character table (φ(q)² entries).
pub const FOURIER_MAX_PHI: u64 = 300;

/// An operation on characters modulo q.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum CharacterOperation {
    /// χ̄, the complex conjugate (the inverse in the character group).
    Conjugate,
    /// χ·ψ for ψ = χ_q(m, ·).
    Multiply {
        /// The Conrey index m of ψ.
        index: DecimalInteger,
    },
    /// χ^k (k may be negative).
    Power {
        /// The exponent k, |k| ≤ 10^18.
        exponent: i64,
    },
    /// ker χ = {a mod q : χ(a) = 1}, a subgroup of (Z/qZ)^×.
    Kernel,
    /// The character modulo a multiple N of q induced by χ: a ↦ χ(a) when gcd(a, N) = 1, else 0.
    Inflate {
        /// N, a multiple of q, N ≤ 10^4.
        modulus: DecimalInteger,
    },
    /// The character modulo a divisor d of q inducing χ; it exists exactly when the conductor divides d.
    Restrict {
        /// d, a divisor of q.
        modulus: DecimalInteger,
    },
    /// Σ_{a mod q} χ(a)·ψ̄(a) for ψ = χ_q(m, ·) (φ(q) when ψ = χ, else 0); or, given residues a and b
    /// instead, Σ_χ χ(a)·χ̄(b) over every character modulo q (φ(q) when a ≡ b is a unit, else 0).
    Orthogonality {
        /// The Conrey index m of ψ.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        index: Option<DecimalInteger>,
        /// The residues [a, b] of the column relation.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        residues: Option<[DecimalInteger; 2]>,
    },
    /// The character table (χ_n(a)) over characters n and units a: φ(q)^(−1/2) times it is the
    /// unitary Fourier matrix of (Z/qZ)^× (φ(q) ≤ 300). No index is needed.
    FourierMatrix,
    /// The coefficients c_n with 1_{a ≡ b (mod q)} = Σ_n c_n·χ_n(a) for a unit b: c_n = χ̄_n(b)/φ(q).
    /// No index is needed.
    IndicatorExpansion {
        /// The residue b, coprime to q.
        residue: DecimalInteger,
    },
    /// χ's coordinates: the exponents c_i with χ(g_i) = e^(2πi·c_i/d_i) on PARI's generators g_i
    /// of orders d_i, and the Conrey logarithm of its index on the Conrey generators.
    Coordinates,
    /// The Conrey index of the character with the given exponents on PARI's generators (the
    /// inverse of `coordinates`). No index is needed.
    FromCoordinates {
        /// c_1, …, c_r, one per invariant factor (see `coordinates` or `dirichlet_character.enumerate.group`).
        exponents: Vec<i64>,
    },
}

/// Input of `dirichlet_character.compute.operation`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OperationInput {
    /// The modulus q, 1 ≤ q ≤ 10^4.
    pub modulus: DecimalInteger,
    /// The Conrey index n of χ = χ_q(n, ·) (not needed by fourier_matrix, indicator_expansion, from_coordinates).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<DecimalInteger>,
    /// What to compute.
    pub operation: CharacterOperation,
}

/// A character in the answer.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Character {
    /// "q.n".
    pub label: String,
    /// Its modulus.
    pub modulus: u64,
    /// Its Conrey index.
    pub index: u64,
    /// Its order.
    pub order: u64,
    /// Its conductor.
    pub conductor: u64,
}

/// The character table (fourier_matrix).
#[derive(Debug, Serialize, JsonSchema)]
pub struct Table {
    /// The Conrey indices n of the rows, increasing.
    pub characters: Vec<u64>,
    /// The units a of the columns, increasing in [0, q).
    pub residues: Vec<u64>,
    /// exponents[i][j] = k with χ_n(a) = e^(2πik/λ), n = characters[i], a = residues[j].
    pub exponents: Vec<Vec<u64>>,
}

/// Output of `dirichlet_character.compute.operation`.
#[derive(Debug, Default, Serialize, JsonSchema)]
pub struct OperationOutput {
    /// λ, the exponent of (Z/qZ)^×: every exponent below is k in e^(2πik/λ).
    pub lambda: u64,
    /// φ(q).
    pub phi: u64,
    /// The resulting character (conjugate, multiply, power, inflate, restrict, from_coordinates);
    /// null for restrict when the conductor does not divide d.
    pub character: Option<Character>,
    /// The kernel's residues in [0, q), increasing (kernel).
    pub kernel: Option<Vec<u64>>,
    /// The orthogonality sum, an integer (orthogonality).
    pub sum: Option<i64>,
    /// The character table (fourier_matrix).
    pub table: Option<Table>,
    /// For indicator_expansion: (n, k) with c_n = e^(2πik/λ)/φ(q), for every Conrey index n.
    pub coefficients: Option<Vec<[u64; 2]>>,
    /// PARI's generators g_i of (Z/qZ)^× and their orders d_i (coordinates).
    pub generators: Option<Vec<[u64; 2]>>,
    /// The exponents c_i with χ(g_i) = e^(2πi·c_i/d_i) (coordinates).
    pub exponents: Option<Vec<u64>>,
    /// The Conrey logarithm of n (coordinates).
    pub conrey_log: Option<Vec<u64>>,
}

/// `dirichlet_character.compute.operation`.
pub struct Operations;

fn needs_index(op: &CharacterOperation) -> bool {
    !matches!(
        op,
        CharacterOperation::FourierMatrix
            | CharacterOperation::IndicatorExpansion { .. }
            | CharacterOperation::FromCoordinates { .. }
    )
}

fn character(g: &Gp) -> Result<Character, AdapterError> {
    match g.items()? {
        [q, n, o, f] => {
            let (modulus, index) = (small(q)?, small(n)?);
            Ok(Character {
                label: format!("{modulus}.{index}"),
                modulus,
                index,
                order: small(o)?,
                conductor: small(f)?,
            })
        }
        _ => Err(AdapterError::Backend("PARI/GP printed a malformed character".into())),
    }
}

fn list(g: &Gp) -> Result<Vec<u64>, AdapterError> {
    g.items()?.iter().map(small).collect()
}

/// The GP closing the program of `op` (after the common head binding q, G, lam, n, c, U, N, L).
fn program(op: &CharacterOperation, p: Program) -> Program {
    use CharacterOperation as O;
    match op {
        O::Conjugate => p.code("print(L(G,charconj(G,c)))"),
        O::Multiply { index } => p.code("print(L(G,charmul(G,c,znconreychar(G,").int(index).code("))))"),
        O::Power { exponent } => p.code("print(L(G,charpow(G,c,").small(*exponent).code(")))"),
        O::Kernel => p.code("print([a|a<-U,chareval(G,c,a)==0])"),
        O::Inflate { modulus } => p.code("my(H=znstar(").int(modulus).code(",1));print(L(H,zncharinduce(G,c,H.mod)))"),
        O::Restrict { modulus } => p
            .code("my(d=")
            .int(modulus)
            .code(",P=znchartoprimitive(G,c));print(if(d%P[1].mod,0,L(znstar(d,1),zncharinduce(P[1],P[2],d))))"),
        O::Orthogonality { index: Some(m), .. } => {
            p.code("my(d=znconreychar(G,").int(m).code("));print([(chareval(G,c,a)-chareval(G,d,a))*lam%lam|a<-U])")
        }
        O::Orthogonality { residues: Some([a, b]), .. } => p.code("my(a=").int(a).code(",b=").int(b).code(
            ");print(if(gcd(a,q)>1||gcd(b,q)>1,[],[(chareval(G,znconreychar(G,n),a)-\
                 chareval(G,znconreychar(G,n),b))*lam%lam|n<-N]))",
        ),
        O::Orthogonality { .. } => p.code("print([])"),
        O::FourierMatrix => p.code("print(N);print(U);print([[chareval(G,znconreychar(G,n),a)*lam|a<-U]|n<-N])"),
        O::IndicatorExpansion { residue } => {
            p.code("my(b=").int(residue).code(");print([[n,-chareval(G,znconreychar(G,n),b)*lam%lam]|n<-N])")
        }
        O::Coordinates => p.code("print(G.cyc);print(lift(G.gen));print(c);print(znconreylog(G,n))"),
        O::FromCoordinates { exponents } => {
            p.code("my(e=[").list(exponents, ",", |p, &k| p.small(k)).code("]);print(if(#e==#G.cyc,L(G,e),0))")
        }
    }
}

impl Query for Operations {
    type Input = OperationInput;
    type Output = OperationOutput;

    fn describe(&self) -> Describe {
        let d = cas::describe(
            "dirichlet_character.compute.operation",
            "Dirichlet character algebra: conjugate, product, power, kernel, induce, restrict, Fourier matrix",
            "Conjugates, products, powers, kernels, induction and restriction of Dirichlet characters, orthogonality \
             sums, the character table, residue-class indicators in characters, coordinates.",
            "For q ≤ 10^4 with PARI/GP (znstar, znconreychar, charconj, charmul, charpow, zncharinduce, \
             znchartoprimitive, chareval, znconreyexp, znconreylog). `operation` is one of conjugate, \
             {multiply: {index}}, {power: {exponent}}, kernel, {inflate: {modulus}}, {restrict: {modulus}}, \
             {orthogonality: {index} or {residues: [a, b]}}, fourier_matrix (φ(q) ≤ 300), \
             {indicator_expansion: {residue}}, coordinates, {from_coordinates: {exponents}}. Characters come back \
             as Conrey labels q.n with order and conductor; values as exponents k of e^(2πik/λ), λ the exponent \
             of (Z/qZ)^×; orthogonality sums are computed exactly in Z[ζ_λ]. VERIFY replays conjugates, products, \
             powers, induced and restricted characters, kernels, character tables, indicator coefficients and \
             coordinates from Conrey's construction of the values (jacobian.check.dirichlet_characters, without \
             PARI); orthogonality sums and from_coordinates stay COMPUTED.",
            &[
                "dirichlet-character",
                "conjugate-character",
                "character-product",
                "kernel",
                "induced-character",
                "restriction",
                "orthogonality",
                "character-table",
                "fourier-matrix",
                "conrey-label",
            ],
        );
        cas::checked(d, &[EVIDENCE])
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "the product of 40.7 and 40.3",
                Mode::Explore,
                json!({"modulus": 40, "index": 7, "operation": {"multiply": {"index": 3}}}),
            ),
            ("the character table modulo 12", Mode::Explore, json!({"modulus": 12, "operation": "fourier_matrix"})),
        ]
    }
    fn validate(&self, i: &OperationInput) -> Result<(), Diagnostic> {
        use CharacterOperation as O;
        let q = modulus(&i.modulus)?;
        match &i.index {
            Some(n) => index(n, &q, "/index")?,
            None if needs_index(&i.operation) => {
                return Err(Diagnostic::at("/index", "MISSING", "this operation acts on a character: give its index"));
            }
            None => {}
        }
        match &i.operation {
            O::Multiply { index: m } => index(m, &q, "/operation/multiply/index"),
            O::Power { exponent } if exponent.unsigned_abs() > 1_000_000_000_000_000_000 => {
                Err(Diagnostic::at("/operation/power/exponent", "OUT_OF_RANGE", "|k| ≤ 10^18"))
            }
            O::Inflate { modulus: m } => {
                let m = big(m);
                if m < big(&i.modulus) || !m.is_multiple_of(&q) {
                    return Err(Diagnostic::at("/operation/inflate/modulus", "NOT_A_MULTIPLE", "N is a multiple of q"));
                }
                Ok(())
            }
            O::Restrict { modulus: d } => {
                let d = big(d);
                if d < num_bigint::BigInt::from(1) || !q.is_multiple_of(&d) {
                    return Err(Diagnostic::at("/operation/restrict/modulus", "NOT_A_DIVISOR", "d ≥ 1 divides q"));
                }
                Ok(())
            }
            O::Orthogonality { index: Some(m), residues: None } => index(m, &q, "/operation/orthogonality/index"),
            O::Orthogonality { index: None, residues: Some(_) } => Ok(()),
            O::Orthogonality { .. } => Err(Diagnostic::at(
                "/operation/orthogonality",
                "ONE_OF",
                "give either the index of a second character or two residues",
            )),
            O::FromCoordinates { exponents } => {
                let r = q.to_u64().filter(|&q| q <= TABLE_MAX).map_or(exponents.len(), invariant_factors);
                if exponents.len() != r {
                    let message = format!("(Z/qZ)^× has {r} invariant factors: give {r} exponents");
                    return Err(Diagnostic::at("/operation/from_coordinates/exponents", "BAD_LENGTH", message));
                }
                Ok(())
            }
            O::IndicatorExpansion { residue } if !big(residue).gcd(&q).is_one() => Err(Diagnostic::at(
                "/operation/indicator_expansion/residue",
                "NOT_COPRIME",
                "b is a unit modulo q (the indicator of a non-unit class is not spanned by characters)",
            )),
            _ => Ok(()),
        }
    }
    fn bounds(&self, i: &OperationInput) -> Result<(), Refusal> {
        use CharacterOperation as O;
        let q = small_modulus(&i.modulus, "/modulus")?;
        match &i.operation {
            O::Inflate { modulus } => small_modulus(modulus, "/operation/inflate/modulus").map(drop),
            O::FourierMatrix if euler_phi(q) > FOURIER_MAX_PHI => Err(Refusal::Unsupported(Diagnostic::at(
                "/modulus",
                "TOO_LARGE",
                format!("the table has φ(q)² entries; φ(q) ≤ {FOURIER_MAX_PHI} here"),
            ))),
            O::Multiply { index: n } | O::Orthogonality { index: Some(n), .. } => {
                cas::digit_bound(n, 6, "/operation").map(drop)
            }
            O::Orthogonality { residues: Some(r), .. } => {
                r.iter().try_for_each(|a| cas::digit_bound(a, 100, "/operation/orthogonality/residues"))
            }
            O::IndicatorExpansion { residue } => {
                cas::digit_bound(residue, 100, "/operation/indicator_expansion/residue")
            }
            O::FromCoordinates { exponents } if exponents.len() > 64 => Err(Refusal::Unsupported(Diagnostic::at(
                "/operation/from_coordinates/exponents",
                "TOO_LARGE",
                "(Z/qZ)^× for q ≤ 10^4 has fewer than 64 invariant factors",
            ))),
            _ => Ok(()),
        }
    }
    fn answer(&self, i: &OperationInput, ctx: &AdapterContext) -> Result<Answer<OperationOutput>, AdapterError> {
        use CharacterOperation as O;
        let one = DecimalInteger::from(1);
        let head =
            Program::new(PARI).code("my(q=").int(&i.modulus).code(",n=").int(i.index.as_ref().unwrap_or(&one)).code(
                ",G=znstar(q,1),lam=if(#G.cyc,G.cyc[1],1),c=znconreychar(G,n),U=[a|a<-[0..q-1],gcd(a,q)==1],\
                 N=[m|m<-[1..q],gcd(m,q)==1],L=(H,x)->[H.mod,if(H.mod==1,1,znconreyexp(H,x)),charorder(H,x),\
                 zncharconductor(H,x)]);print([lam,#U]);",
            );
        let reply = ctx.backend(&program(&i.operation, head))?;
        let lines = reply.lines.iter().map(|l| Gp::parse(l)).collect::<Result<Vec<_>, _>>()?;
        let (head, rest) =
            lines.split_first().ok_or_else(|| AdapterError::Backend("PARI/GP printed nothing".into()))?;
        let [lambda, phi] = <[u64; 2]>::try_from(list(head)?)
            .map_err(|_| AdapterError::Backend("PARI/GP printed a malformed group".into()))?;
        let mut out = OperationOutput { lambda, phi, ..OperationOutput::default() };
        let malformed = || AdapterError::Backend("PARI/GP printed the wrong number of lines".into());
        match (&i.operation, rest) {
            (O::Kernel, [k]) => out.kernel = Some(list(k)?),
            (O::Restrict { .. } | O::FromCoordinates { .. }, [Gp::Int(_)]) => {}
            (O::Orthogonality { .. }, [e]) => {
                let mut v = vec![0i128; lambda as usize];
                for k in list(e)? {
                    v[(k % lambda) as usize] += 1;
                }
                let z = cyclotomic_integer(&v, ctx)?;
                if z.coefficients.iter().skip(1).any(|&c| c != 0) {
                    return Err(AdapterError::Backend("an orthogonality sum is not an integer".into()));
                }
                out.sum = Some(z.coefficients[0]);
            }
            (O::FourierMatrix, [n, a, m]) => {
                let exponents = m.items()?.iter().map(list).collect::<Result<_, _>>()?;
                out.table = Some(Table { characters: list(n)?, residues: list(a)?, exponents });
            }
            (O::IndicatorExpansion { .. }, [c]) => {
                let pairs = c.items()?.iter().map(|p| <[u64; 2]>::try_from(list(p)?).map_err(|_| malformed()));
                out.coefficients = Some(pairs.collect::<Result<_, _>>()?);
            }
            (O::Coordinates, [cyc, gens, c, log]) => {
                out.generators = Some(list(gens)?.into_iter().zip(list(cyc)?).map(|(g, d)| [g, d]).collect());
                out.exponents = Some(list(c)?);
                out.conrey_log = Some(list(log)?);
            }
            (_, [c]) => out.character = Some(character(c)?),
            _ => return Err(malformed()),
        }
        let unrestricted = matches!(i.operation, O::Restrict { .. }) && out.character.is_none();
        if matches!(i.operation, O::FromCoordinates { .. }) && out.character.is_none() {
            return Err(AdapterError::Backend("PARI/GP counted other invariant factors of (Z/qZ)^×".into()));
        }
        let claim = claim(i, &out);
        let mut answer = Answer::from(out);
        if let Some(relations) = claim {
            answer = answer.claim(Claim {
                kind: EVIDENCE,
                semantics: "urn:jacobian:semantics:dirichlet-character-relations:v1",
                format: "CONREY_REPLAY_V1",
                claim: json!({ "relations": relations }),
                candidate: json!({}),
            });
        }
        Ok(if unrestricted {
            answer.note("NOT_RESTRICTABLE", "the conductor of χ does not divide d: no character modulo d induces χ")
        } else {
            answer
        })
    }
}

/// The relations of `jacobian.check.dirichlet_characters` that state the answer, if it has any.
fn claim(i: &OperationInput, out: &OperationOutput) -> Option<Vec<Value>> {
    use CharacterOperation as O;
    let (q, n) = (i.modulus.to_string(), i.index.as_ref().map_or_else(|| "1".into(), ToString::to_string));
    let product = |factors: Vec<[String; 2]>, m: u64| json!({"kind": "product", "modulus": q, "factors": factors, "equals": m.to_string()});
    let induces =
        |d: String, m: String, big: String, k: String| json!({"kind": "induces", "from": [d, m], "to": [big, k]});
    let values = |index: u64, pairs: Vec<(u64, u64)>| {
        let v: Vec<[String; 2]> = pairs.iter().map(|(a, k)| [a.to_string(), k.to_string()]).collect();
        json!({"kind": "values", "modulus": q, "index": index.to_string(), "values": v})
    };
    let r = out.character.as_ref();
    let l = out.lambda;
    Some(match (&i.operation, r) {
        (O::Conjugate, Some(r)) => vec![product(vec![[n, "-1".into()]], r.index)],
        (O::Multiply { index }, Some(r)) => {
            vec![product(vec![[n, "1".into()], [index.to_string(), "1".into()]], r.index)]
        }
        (O::Power { exponent }, Some(r)) => vec![product(vec![[n, exponent.to_string()]], r.index)],
        (O::Inflate { .. }, Some(r)) => vec![induces(q, n, r.modulus.to_string(), r.index.to_string())],
        (O::Restrict { .. }, Some(r)) => vec![induces(r.modulus.to_string(), r.index.to_string(), q, n)],
        (O::Kernel, _) => {
            let residues: Vec<String> = out.kernel.as_ref()?.iter().map(u64::to_string).collect();
            vec![json!({"kind": "kernel", "modulus": q, "index": n, "residues": residues})]
        }
        (O::FourierMatrix, _) => {
            let t = out.table.as_ref()?;
            let row = |k: &Vec<u64>| t.residues.iter().copied().zip(k.iter().copied()).collect();
            t.characters.iter().zip(&t.exponents).map(|(&c, k)| values(c, row(k))).collect()
        }
        (O::IndicatorExpansion { residue }, _) => {
            let b = big(residue).mod_floor(&big(&i.modulus)).to_u64()?;
            out.coefficients.as_ref()?.iter().map(|&[c, k]| values(c, vec![(b, (l - k % l) % l)])).collect()
        }
        (O::Coordinates, _) => {
            let pairs = out.generators.as_ref()?.iter().zip(out.exponents.as_ref()?);
            let pairs = pairs.map(|(&[g, d], &c)| (g, c * (l / d.max(1)) % l)).collect();
            vec![values(i.index.as_ref().map_or(1, |x| big(x).to_u64().unwrap_or(1)), pairs)]
        }
        _ => return None,
    })
}

/// The number of invariant factors of (Z/qZ)^×: the most cyclic prime-power components
/// (Z/2 and Z/2^(e−2) for 2^e, e ≥ 3) whose orders share one prime.
fn invariant_factors(q: u64) -> usize {
    let mut orders = vec![];
    let (mut m, mut p) = (q, 2);
    while m > 1 {
        if p * p > m {
            p = m;
        }
        if m.is_multiple_of(p) {
            let mut pe = 1;
            while m.is_multiple_of(p) {
                m /= p;
                pe *= p;
            }
            match (p, pe) {
                (2, 2) => {}
                (2, 4) => orders.push(2),
                (2, _) => orders.extend([2, pe / 4]),
                _ => orders.push(pe / p * (p - 1)),
            }
        }
        p += 1;
    }
    let primes = orders.iter().flat_map(|&o| (2..=o).filter(move |l| o % l == 0));
    primes.map(|l| orders.iter().filter(|&&o| o % l == 0).count()).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    #[test]
    fn invariant_factor_counts() {
        let counts: Vec<usize> = [1, 2, 3, 4, 8, 12, 15, 16, 40, 105, 120].map(super::invariant_factors).into();
        assert_eq!(counts, [0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 4]);
    }
}
