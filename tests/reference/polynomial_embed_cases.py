"""Reference answers of polynomial.construct.cyclotomic with `embed`, computed with SymPy: an
element g(ζ_n) of Q(ζ_n), given by a polynomial g over Q, is reduced modulo Φ_n (SymPy's
cyclotomic_poly and polynomial remainder over QQ), and embedded in Q(ζ_m) for a multiple m of n
through ζ_n = ζ_m^(m/n): the remainder of g(x^(m/n)) modulo Φ_m.

Prints one JSON object per line: {"capability": id, "input": {...}, "expected": {...}}; the
harness requires `expected` to be contained in Jacobian's output. Polynomials are printed in
Jacobian's canonical text (`pr`: terms by total degree, then lexicographically, descending), so
the comparison is exact. Fixed seed.
"""
import json
import random
import warnings

import sympy
from sympy import Poly, QQ, Rational, symbols

warnings.simplefilter("ignore")
rng = random.Random(20261217)
ID = "polynomial.construct.cyclotomic"
x = symbols("x")
X = [x]


def q(c):
    c = Rational(c)
    return str(c.p) if c.q == 1 else f"{c.p}/{c.q}"


def pr(expr, gens, p=0):
    """Jacobian's canonical text of a SymPy expression in `gens` (over F_p when p > 0)."""
    poly = Poly(sympy.expand(expr), *gens, domain=QQ)
    terms = []
    for m, c in poly.terms():
        c = Rational(c)
        if p:
            c = Rational(int(c.p * pow(int(c.q), -1, p)) % p)
        if c != 0:
            terms.append((m, c))
    terms.sort(key=lambda t: (-sum(t[0]), tuple(-e for e in t[0])))
    out = ""
    for k, (m, c) in enumerate(terms):
        out += ("-" if c < 0 else "") if k == 0 else (" - " if c < 0 else " + ")
        mag = abs(c)
        factors = [str(g) if e == 1 else f"{g}^{e}" for g, e in zip(gens, m) if e > 0]
        if mag != 1 or not factors:
            out += q(mag) + ("*" if factors else "")
        out += "*".join(factors)
    return out or "0"


def txt(expr):
    """Input text (SymPy's printing with ^)."""
    return str(sympy.expand(expr)).replace("**", "^")


def case(inp, expected):
    print(json.dumps({"capability": ID, "input": inp, "expected": expected}))


def rand_element(n, rational):
    """A random g of degree φ(n) to 2 φ(n) with small integer (and some rational) coefficients."""
    phi = int(sympy.totient(n))
    deg = rng.randint(phi, 2 * phi)
    g = 0
    for k in range(deg + 1):
        if rng.random() < 0.6 or k == deg:
            c = rng.randint(-5, 5) or 1
            if rational and rng.random() < 0.35:
                c = Rational(c, rng.randint(2, 6))
            g += c * x ** k
    return g


def rem(f, m):
    return sympy.rem(Poly(sympy.expand(f), x, domain=QQ), Poly(m, x, domain=QQ)).as_expr()


for n, m, rational in [(1, 1, False), (1, 6, True), (3, 12, False), (4, 20, True), (5, 15, False),
                       (8, 24, True), (7, 7, True), (6, 30, False), (12, 60, True), (9, 45, False)]:
    g = rand_element(n, rational)
    phi_n, phi_m = sympy.cyclotomic_poly(n, x), sympy.cyclotomic_poly(m, x)
    k = m // n
    reduced = rem(g, phi_n)
    embedded = rem(g.subs(x, x ** k) if g != 0 else 0, phi_m)
    # Independent check: the embedding is well defined, i.e. Φ_m divides Φ_n(x^k) (so the image
    # of g and of its reduction agree).
    assert rem(phi_n.subs(x, x ** k), phi_m) == 0
    assert sympy.expand(embedded - rem(sympy.expand(reduced).subs(x, x ** k), phi_m)) == 0
    case({"n": n, "embed": {"element": txt(g), "into": m}},
         {"reduced": pr(reduced, X), "exponent": k, "embedded": pr(embedded, X)})

# A hand-made element: ζ_3 + ζ_3^2 = -1 in Q(ζ_3), embedded in Q(ζ_12) as -1.
case({"n": 3, "embed": {"element": "x^2 + x", "into": 12}}, {"reduced": "-1", "exponent": 4, "embedded": "-1"})
