//! Elements of F_{p^n} = F_p[x]/(f) on PARI/GP, with the modulus checked irreducible here by
//! Rabin's test in machine words.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::Program;
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{
    MAX_COEFFICIENT_DIGITS, MAX_ORDER_DIGITS, PARI, decimals, describe, order_digits, polynomial, prime, print_poly,
    read_poly, too_large,
};
use crate::cas::{self, Answer, Gp, Query};
use crate::integer::{big, decimal};

/// Rabin's test over F_p for p < 2^64, on coefficient lists from the constant term up: f of
/// degree n is irreducible iff x^(p^n) ≡ x (mod f) and gcd(x^(p^(n/q)) − x, f) = 1 for every
/// prime q | n.
pub(crate) mod rabin {
    use super::super::{small_mul as mul, small_pow as pow};

    fn add(a: u64, b: u64, p: u64) -> u64 {
        ((u128::from(a) + u128::from(b)) % u128::from(p)) as u64
    }

    fn sub(a: u64, b: u64, p: u64) -> u64 {
        if a >= b { a - b } else { a + (p - b) }
    }

    fn trim(mut a: Vec<u64>) -> Vec<u64> {
        while a.last() == Some(&0) {
            a.pop();
        }
        a
    }

    /// a mod b, b ≠ 0 trimmed.
    fn rem(a: &[u64], b: &[u64], p: u64) -> Vec<u64> {
        let mut r = trim(a.to_vec());
        let inv = pow(b[b.len() - 1], p - 2, p);
        while r.len() >= b.len() {
            let (shift, t) = (r.len() - b.len(), mul(r[r.len() - 1], inv, p));
            for (j, &c) in b.iter().enumerate() {
                r[shift + j] = sub(r[shift + j], mul(t, c, p), p);
            }
            r = trim(r);
        }
        r
    }

    fn mulmod(a: &[u64], b: &[u64], f: &[u64], p: u64) -> Vec<u64> {
        let mut c = vec![0; (a.len() + b.len()).saturating_sub(1)];
        for (i, &x) in a.iter().enumerate() {
            for (j, &y) in b.iter().enumerate() {
                c[i + j] = add(c[i + j], mul(x, y, p), p);
            }
        }
        rem(&c, f, p)
    }

    fn powmod(g: &[u64], e: u64, f: &[u64], p: u64) -> Vec<u64> {
        let mut acc = rem(&[1], f, p);
        for i in (0..64 - e.leading_zeros()).rev() {
            acc = mulmod(&acc, &acc, f, p);
            if (e >> i) & 1 == 1 {
                acc = mulmod(&acc, g, f, p);
            }
        }
        acc
    }

    pub(crate) fn irreducible(f: &[u64], p: u64) -> bool {
        let n = f.len() - 1;
        let x = rem(&[0, 1], f, p);
        let mut h = x.clone();
        let mut q = 2;
        let (mut m, mut divisors) = (n, vec![]);
        while m > 1 {
            if m % q == 0 {
                divisors.push(n / q);
                while m % q == 0 {
                    m /= q;
                }
            }
            q += 1;
        }
        for k in 1..=n {
            h = powmod(&h, p, f, p);
            if divisors.contains(&k) {
                let mut d = h.clone();
                d.resize(d.len().max(2), 0);
                d[1] = sub(d[1], 1, p);
                let (mut a, mut b) = (f.to_vec(), trim(d));
                while !b.is_empty() {
                    (a, b) = (b.clone(), rem(&a, &b, p));
                }
                if a.len() > 1 {
                    return false;
                }
            }
        }
        h == x
    }
}

/// Input of `finite_field.compute.element`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ElementInput {
    /// The prime p < 2^64.
    pub p: DecimalInteger,
    /// The degree n of F_{p^n}, when no modulus is given (PARI/GP's ffinit then chooses it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub degree: Option<u32>,
    /// An irreducible f of degree n, coefficients from the constant term up: F_{p^n} = F_p[x]/(f).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modulus: Option<Vec<DecimalInteger>>,
    /// The element as a polynomial in x of degree below n, coefficients from the constant term up.
    pub element: Vec<DecimalInteger>,
}

/// Output of `finite_field.compute.element`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ElementOutput {
    /// The monic modulus f used, from the constant term up.
    pub modulus: Vec<DecimalInteger>,
    /// The multiplicative order of the element (null for 0).
    pub order: Option<DecimalInteger>,
    /// Whether the element generates F_{p^n}^* (order p^n − 1).
    pub primitive: bool,
    /// Its minimal polynomial over F_p, monic, from the constant term up.
    pub minimal_polynomial: Vec<DecimalInteger>,
    /// Its trace to F_p, in [0, p).
    pub trace: DecimalInteger,
    /// Its norm to F_p, in [0, p).
    pub norm: DecimalInteger,
}

/// Refuses a modulus that is reducible over F_p (Rabin's test in machine words), when p < 2^64 and
/// p^n is within the bounds; preflight refuses the others before anything runs.
fn field(m: &[DecimalInteger], p: &BigInt) -> Result<(), Diagnostic> {
    let f = polynomial(m, p, "/modulus")?;
    let words: Option<Vec<u64>> = f.iter().map(ToPrimitive::to_u64).collect();
    let fits = |q: u64| (q as f64).log10() * (f.len() - 1) as f64 <= MAX_ORDER_DIGITS as f64;
    if let (Some(f), Some(q)) = (words, p.to_u64())
        && fits(q)
        && !rabin::irreducible(&f, q)
    {
        return Err(Diagnostic::at("/modulus", "REDUCIBLE", "f is reducible over F_p: F_p[x]/(f) is not a field"));
    }
    Ok(())
}

fn element_degree(i: &ElementInput) -> usize {
    i.modulus.as_ref().map_or(i.degree.unwrap_or(1) as usize, |m| m.len().saturating_sub(1))
}

/// `finite_field.compute.element`.
pub struct Element;

impl Query for Element {
    type Input = ElementInput;
    type Output = ElementOutput;

    fn describe(&self) -> Describe {
        describe(
            "finite_field.compute.element",
            "Arithmetic of an element of F_{p^n}: order, minimal polynomial, trace, norm",
            "The multiplicative order, minimal polynomial, trace and norm of an element of the finite field \
             F_{p^n} = F_p[x]/(f), and whether it is a primitive element (generator).",
            "PARI/GP's ffgen, fforder, minpoly, trace and norm, for p < 2^64 and p^n up to 150 digits. The modulus \
             f is given (checked irreducible here by Rabin's test) or chosen by ffinit from the degree; the element \
             is a polynomial in x of degree below n.",
            &["finite-field", "galois-field", "element", "order", "minimal-polynomial", "trace", "norm", "generator"],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "x + 1 in F_49 = F_7[x]/(x² + 1)",
            Mode::Explore,
            json!({"p": 7, "modulus": [1, 0, 1], "element": [1, 1]}),
        )]
    }
    fn validate(&self, i: &ElementInput) -> Result<(), Diagnostic> {
        let p = prime(&i.p, "/p")?;
        let n = element_degree(i);
        match (&i.modulus, i.degree) {
            (None, None) => return Err(Diagnostic::at("/degree", "MISSING", "give the degree n or the modulus f")),
            (None, Some(0)) => return Err(Diagnostic::at("/degree", "OUT_OF_RANGE", "the degree is at least 1")),
            (Some(_), Some(d)) if d as usize != n => {
                return Err(Diagnostic::at("/degree", "DEGREE_MISMATCH", "the degree differs from the modulus's"));
            }
            (Some(m), _) => field(m, &p)?,
            _ => {}
        }
        if i.element.is_empty() || i.element.len() > n {
            return Err(Diagnostic::at("/element", "BAD_LENGTH", format!("an element has 1 to n = {n} coefficients")));
        }
        Ok(())
    }
    fn bounds(&self, i: &ElementInput) -> Result<(), Refusal> {
        if big(&i.p).to_u64().is_none() {
            return Err(too_large("/p", "p is below 2^64 here".into()));
        }
        let at = if i.modulus.is_some() { "/modulus" } else { "/degree" };
        order_digits(&i.p, element_degree(i), at)?;
        let modulus = i.modulus.iter().flatten().enumerate().map(|(k, c)| (c, format!("/modulus/{k}")));
        let element = i.element.iter().enumerate().map(|(k, c)| (c, format!("/element/{k}")));
        modulus.chain(element).try_for_each(|(c, at)| cas::digit_bound(c, MAX_COEFFICIENT_DIGITS, &at))
    }
    fn answer(&self, i: &ElementInput, ctx: &AdapterContext) -> Result<Answer<ElementOutput>, AdapterError> {
        let p = big(&i.p);
        let program = Program::new(PARI).code("my(p=").int(&i.p).code(",f=");
        let program = match &i.modulus {
            Some(m) => {
                let f = polynomial(m, &p, "/modulus").map_err(|d| AdapterError::Unsupported(d.message))?;
                print_poly(program, &f, &p)
            }
            None => program.code("ffinit(p,").small(i64::from(i.degree.unwrap_or(1))).code(")"),
        };
        let e: Vec<DecimalInteger> = i.element.iter().map(|c| decimal(&big(c).mod_floor(&p))).collect();
        let program = program.code(",a=ffgen(f,'a),e=subst(Polrev([").list(&e, ",", |g, c| g.int(c)).code(
            "]),'x,a));print(Vecrev(lift(f)));print(if(e==0,0,fforder(e)));print(Vecrev(lift(minpoly(e))));\
             print(lift(trace(e)));print(lift(norm(e)))",
        );
        let reply = ctx.backend(&program)?;
        let values = reply.lines.iter().map(|l| Gp::parse(l)).collect::<Result<Vec<_>, _>>()?;
        let [f, order, minimal, trace, norm] = <[Gp; 5]>::try_from(values)
            .map_err(|_| AdapterError::Backend("PARI/GP printed the wrong number of lines".into()))?;
        let f = read_poly(&f)?;
        let order = order.int()?.clone();
        let group = num_traits::pow(p.clone(), f.len() - 1) - 1u32;
        let output = ElementOutput {
            modulus: decimals(&f),
            primitive: order == group,
            order: (!order.is_zero()).then(|| decimal(&order)),
            minimal_polynomial: minimal.ints()?,
            trace: decimal(trace.int()?),
            norm: decimal(norm.int()?),
        };
        Ok(output.into())
    }
}
