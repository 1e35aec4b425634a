//! How two elliptic curves over F_p are related: isomorphic (with the change of variables and
//! the images of given points), quadratic twists of each other, twists (equal j-invariants), or
//! isogenous (equal point counts, by Tate's theorem), on PARI/GP.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::Program;
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::finite::{MAX_DIGITS, Point, ellinit, on_curve, prime, reduce};
use super::{MAX_PRIME_DIGITS, PARI, describe};
use crate::cas::{self, Answer, Gp, Query};
use crate::integer::{big, decimal};

/// Most points transported at once.
pub const MAX_POINTS: usize = 100;

/// Input of `elliptic_curve.decide.finite_field_isomorphism`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IsomorphismInput {
    /// E: [a1, a2, a3, a4, a6] or [a4, a6], integers (up to 100 digits) read modulo p.
    #[schemars(length(min = 2, max = 5))]
    pub curve: Vec<DecimalInteger>,
    /// E', in the same form.
    #[schemars(length(min = 2, max = 5))]
    pub other: Vec<DecimalInteger>,
    /// The prime p (up to 40 digits).
    pub p: DecimalInteger,
    /// Points of E to carry to E' when the curves are isomorphic (at most 100).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub points: Vec<Point>,
}

/// How E' is related to E.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Relation {
    /// E ≅ E' over F_p.
    Isomorphic,
    /// E' ≅ the quadratic twist of E, and not E itself.
    QuadraticTwist,
    /// Equal j-invariants (isomorphic over the algebraic closure) but neither of the above: a
    /// cubic, quartic or sextic twist (j = 0 or 1728).
    Twist,
    /// Different j-invariants.
    Unrelated,
}

/// Output of `elliptic_curve.decide.finite_field_isomorphism`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct IsomorphismOutput {
    /// The relation.
    pub relation: Relation,
    /// Whether E ≅ E' over F_p.
    pub isomorphic: bool,
    /// [u, r, s, t] in F_p with E' the image of E under x = u²x' + r, y = u³y' + s·u²x' + t, when isomorphic.
    pub isomorphism: Option<[DecimalInteger; 4]>,
    /// The images on E' of the given points, when isomorphic.
    pub transported: Option<Vec<Point>>,
    /// Whether E' is isomorphic to the quadratic twist of E.
    pub quadratic_twist: bool,
    /// Whether E and E' are twists of each other: j(E) = j(E').
    pub twists: bool,
    /// Whether E and E' are isogenous over F_p: #E(F_p) = #E'(F_p) (Tate).
    pub isogenous: bool,
    /// [j(E), j(E')].
    pub j_invariants: [DecimalInteger; 2],
    /// [#E(F_p), #E'(F_p)].
    pub counts: [DecimalInteger; 2],
}

/// `elliptic_curve.decide.finite_field_isomorphism`.
pub struct Isomorphism;

/// Z(A, B): an isomorphism [u, r, s, t] from A onto B, or 0. For p ≤ 3, by trying all of F_p^× × F_p³;
/// otherwise both curves are moved to short models y² = x³ + a·x + b (W), which are isomorphic by
/// [u, 0, 0, 0] exactly when c = a/u⁴ and d = b/u⁶ (u² = (b/d)/(a/c) when ab ≠ 0), and the
/// changes are composed (K) and inverted (V). The result is checked with ellchangecurve.
const ISO: &str = "my(W=(X)->[1,-X.b2/12,-X.a1/2,-(X.a3-X.b2/12*X.a1)/2],\
     K=(v,w)->[v[1]*w[1],v[1]^2*w[2]+v[2],v[1]*w[3]+v[3],v[1]^3*w[4]+v[3]*v[1]^2*w[2]+v[4]],\
     V=(v)->[1/v[1],-v[2]/v[1]^2,-v[3]/v[1],(v[2]*v[3]-v[4])/v[1]^3],\
     Z=(A,B)->if(p<=3,forvec(w=[[1,p-1],[0,p-1],[0,p-1],[0,p-1]],my(v=Mod(w,p));\
     if(ellchangecurve(A,v)[1..5]==B[1..5],return(v)));return(0));\
     my(wa=W(A),wb=W(B),S=ellchangecurve(A,wa),T=ellchangecurve(B,wb),a=S.a4,b=S.a6,c=T.a4,d=T.a6,u);\
     if((a==0)!=(c==0)||(b==0)!=(d==0),return(0));\
     if(a!=0&&b!=0,my(v=(b/d)/(a/c));if(v^2!=a/c||!issquare(v,&u),return(0)),\
     a==0,if(!ispower(b/d,6,&u),return(0)),if(!ispower(a/c,4,&u),return(0)));\
     my(t=K(K(wa,[u,0,0,0]),V(wb)));if(ellchangecurve(A,t)[1..5]!=B[1..5],error(\"no isomorphism\"));t);";

impl Query for Isomorphism {
    type Input = IsomorphismInput;
    type Output = IsomorphismOutput;

    fn describe(&self) -> Describe {
        describe(
            "elliptic_curve.decide.finite_field_isomorphism",
            "Are two elliptic curves over F_p isomorphic, twists or isogenous?",
            "Decides whether two elliptic curves over F_p are isomorphic (with the change of variables and \
             transported points), quadratic twists, twists (same j) or isogenous (same point count).",
            "For curves E, E' given by [a1, a2, a3, a4, a6] or [a4, a6] over F_p (p prime, up to 40 digits) with \
             PARI/GP (ellinit, ellchangecurve, ellchangepoint, elltwist, ellcard): an isomorphism [u, r, s, t] \
             is found through short Weierstrass models (u from u⁴ = a/a', u⁶ = b/b') for p ≥ 5 and by trying \
             every change of variables for p = 2, 3, and checked; given points of E are carried to E'. E' is a \
             quadratic twist when it is isomorphic to PARI's elltwist(E); twists have equal j-invariants; by \
             Tate's theorem E and E' are isogenous over F_p exactly when #E(F_p) = #E'(F_p).",
            &[
                "elliptic-curve",
                "finite-field",
                "isomorphism",
                "twist",
                "quadratic-twist",
                "isogeny",
                "isogenous",
                "j-invariant",
                "change-of-variables",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "y² + xy + 3y = x³ + 2x² + 4x + 5 against a model of it moved by [3, 1, 2, 3] over F_101",
            Mode::Explore,
            json!({"curve": [1, 2, 3, 4, 5], "other": [69, 56, 49, 41, 96], "p": 101, "points": [[54, 74]]}),
        )]
    }
    fn validate(&self, i: &IsomorphismInput) -> Result<(), Diagnostic> {
        let p = prime(&i.p)?;
        let a = reduce(&i.curve, &p, "/curve")?;
        reduce(&i.other, &p, "/other")?;
        if i.points.len() > MAX_POINTS {
            return Err(Diagnostic::at("/points", "TOO_MANY", "at most 100 points"));
        }
        match i.points.iter().position(|q| !on_curve(&a, &p, q)) {
            Some(k) => Err(Diagnostic::at(format!("/points/{k}"), "NOT_ON_CURVE", "the point is not on E modulo p")),
            None => Ok(()),
        }
    }
    fn bounds(&self, i: &IsomorphismInput) -> Result<(), Refusal> {
        cas::digit_bound(&i.p, MAX_PRIME_DIGITS, "/p")?;
        for (name, c) in [("curve", &i.curve), ("other", &i.other)] {
            c.iter().enumerate().try_for_each(|(k, x)| cas::digit_bound(x, MAX_DIGITS, &format!("/{name}/{k}")))?;
        }
        i.points.iter().enumerate().try_for_each(|(k, q)| match q {
            Point::Affine(xy) => xy.iter().try_for_each(|c| cas::digit_bound(c, MAX_DIGITS, &format!("/points/{k}"))),
            Point::Infinity(_) => Ok(()),
        })
    }
    fn answer(&self, i: &IsomorphismInput, ctx: &AdapterContext) -> Result<Answer<IsomorphismOutput>, AdapterError> {
        let p = big(&i.p);
        let unsupported = |d: Diagnostic| AdapterError::Unsupported(d.message);
        let (a, b) = (
            reduce(&i.curve, &p, "/curve").map_err(unsupported)?,
            reduce(&i.other, &p, "/other").map_err(unsupported)?,
        );
        let program = ellinit(Program::new(PARI), &a, &i.p)
            .code("my(F=ellinit([")
            .list(&b, ",", |q, c| q.int(&decimal(c)))
            .code("],p),P=[")
            .list(&i.points, ",", |q, point| point.print(q))
            .code("]);")
            .code(ISO)
            .code(
                "my(t=Z(E,F));print(lift([E.j,F.j]));print([ellcard(E),ellcard(F)]);print(if(t,lift(t),0));\
                 print(if(t,lift(vector(#P,k,ellchangepoint(P[k],t))),0));print(if(Z(elltwist(E),F),1,0))",
            );
        let reply = ctx.backend(&program)?;
        if reply.lines.first().map(String::as_str) == Some("composite") {
            return Err(AdapterError::Unsupported(format!("{} is not prime", i.p)));
        }
        let lines = reply.lines.iter().map(|l| Gp::parse(l)).collect::<Result<Vec<_>, _>>()?;
        let [j, counts, t, moved, quadratic] = lines.as_slice() else {
            return Err(AdapterError::Backend("PARI/GP printed the wrong number of lines".into()));
        };
        let malformed = || AdapterError::Backend("PARI/GP printed a malformed answer".into());
        let j_invariants: [DecimalInteger; 2] = j.ints()?.try_into().map_err(|_| malformed())?;
        let counts: [DecimalInteger; 2] = counts.ints()?.try_into().map_err(|_| malformed())?;
        let isomorphism: Option<[DecimalInteger; 4]> = match t {
            Gp::Int(_) => None,
            t => Some(t.ints()?.try_into().map_err(|_| malformed())?),
        };
        let transported = match (&isomorphism, moved) {
            (Some(_), moved) => {
                let points = moved.items()?.iter().map(Point::read).collect::<Result<Vec<_>, _>>()?;
                if points.len() != i.points.len() || points.iter().any(|q| !on_curve(&b, &p, q)) {
                    return Err(AdapterError::Backend("PARI/GP's transported points are not on E'".into()));
                }
                Some(points)
            }
            (None, _) => None,
        };
        let (isomorphic, quadratic_twist) = (isomorphism.is_some(), quadratic.int()? == &BigInt::from(1));
        let twists = j_invariants[0] == j_invariants[1];
        let relation = match (isomorphic, quadratic_twist, twists) {
            (true, _, _) => Relation::Isomorphic,
            (_, true, _) => Relation::QuadraticTwist,
            (_, _, true) => Relation::Twist,
            _ => Relation::Unrelated,
        };
        if (isomorphic || quadratic_twist) && !twists {
            return Err(AdapterError::Backend("isomorphic curves with different j-invariants".into()));
        }
        let isogenous = counts[0] == counts[1];
        let output = IsomorphismOutput {
            relation,
            isomorphic,
            isomorphism,
            transported,
            quadratic_twist,
            twists,
            isogenous,
            j_invariants,
            counts,
        };
        Ok(output.into())
    }
}
