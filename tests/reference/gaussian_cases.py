"""Reference answers of probability.gaussian.expectation: moments of each normal variable from
its moment generating function, E[X^k] = d^k/dt^k exp(μt + σ²t²/2) at t = 0 (read off SymPy's
series), extended to polynomials by linearity and independence, and the variance as E[f²] − E[f]²;
the first case is also checked against SymPy's own sympy.stats expectation by integration.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import json
import random

import sympy
from sympy.stats import E, Normal

rng = random.Random(271)
CASES = []
t = sympy.Symbol("t")


def s(v):
    v = sympy.Rational(v)
    return str(v.p) if v.q == 1 else f"{v.p}/{v.q}"


def moments(mu, v, top):
    series = sympy.series(sympy.exp(mu * t + v * t ** 2 / 2), t, 0, top + 1).removeO()
    return [sympy.Poly(series, t).coeff_monomial(t ** k) * sympy.factorial(k) for k in range(top + 1)]


def expect(poly, ms):
    total = sympy.Integer(0)
    for mono, c in poly.terms():
        term = c
        for i, e in enumerate(mono):
            term *= ms[i][e]
        total += term
    return total


def case(names, text, means=None, variances=None):
    n = len(names)
    mus = [sympy.Rational(m) for m in (means or [0] * n)]
    vs = [sympy.Rational(v) for v in (variances or [1] * n)]
    xs = sympy.symbols(names)
    f = sympy.Poly(sympy.sympify(text.replace("^", "**"), locals=dict(zip(names, xs))), *xs)
    top = 2 * f.total_degree()
    ms = [moments(mu, v, top) for mu, v in zip(mus, vs)]
    e, e2 = expect(f, ms), expect(f * f, ms)
    inp = {"variables": names, "polynomial": text}
    if means is not None:
        inp["means"] = [s(m) for m in mus]
    if variances is not None:
        inp["variances"] = [s(v) for v in vs]
    CASES.append({"capability": "probability.gaussian.expectation", "input": inp,
                  "expected": {"expectation": s(e), "variance": s(e2 - e * e)}})
    return e


# Checked against SymPy's integration for one case.
X, Y = Normal("X", 1, sympy.sqrt(2)), Normal("Y", 0, 1)
assert case(["x", "y"], "x^4 - 3*x^2*y + y^2", [1, 0], [2, 1]) == sympy.simplify(E(X ** 4 - 3 * X ** 2 * Y + Y ** 2))
case(["x"], "x^4")  # 3
case(["x"], "x^6 - 2*x^3 + 5", ["1/2"], ["2"])
case(["x", "y", "z"], "x*y*z + x^2*z^2 - 7/3*y", ["1", "-2", "1/3"], ["1/2", "3", "1"])
case(["x"], "x^20", ["0"], ["1"])  # 19!! = 654729075
for _ in range(4):
    names = ["x", "y"][: rng.randint(1, 2)]
    terms = [f"{rng.randint(-5, 5)}*" + "*".join(f"{v}^{rng.randint(0, 4)}" for v in names) for _ in range(3)]
    case(names, " + ".join(terms), [str(rng.randint(-2, 2)) for _ in names], [f"{rng.randint(1, 4)}/{rng.randint(1, 3)}" for _ in names])

for c in CASES:
    print(json.dumps(c))
