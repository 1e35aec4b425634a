"""Reference answers of polynomial.real.profile, computed independently with SymPy: the strict
sublevel measure of {x in [a, b] : p(x) < c} from SymPy's exact real roots of p - c and the sign of
p - c between them (the measure evaluated at 80 digits, floor and ceiling at the places asked); the
common interlacing of real-rooted polynomials from their roots with multiplicity (compared at 60
digits), by the criterion max_j root_i(f_j) <= min_j root_{i+1}(f_j).

Prints one JSON object per line: {"capability": id, "input": {...}, "expected": {...}}. Fixed seed.
"""
import json
import random

import sympy
from sympy import Poly, Rational, symbols

rng = random.Random(20261205)
x = symbols("x")
ID = "polynomial.real.profile"


def q(r):
    r = Rational(r)
    return str(r.p) if r.q == 1 else f"{r.p}/{r.q}"


def dec(v, places):
    sign = "-" if v < 0 else ""
    s = str(abs(v)).rjust(places + 1, "0")
    return f"{sign}{s[:-places]}.{s[-places:]}"


def txt(e):
    return str(sympy.expand(e)).replace("**", "^")


def case(inp, expected):
    print(json.dumps({"capability": ID, "input": inp, "expected": expected}))


def sublevel(p, a, b, c, places):
    g = sympy.expand(p - c)
    ends = [Rational(a)] + sorted({r for r in Poly(g, x).real_roots() if a < r < b}, key=lambda r: sympy.N(r, 60)) + [Rational(b)]
    total = 0
    for l, u in zip(ends, ends[1:]):
        mid = sympy.nsimplify(sympy.N((l + u) / 2, 60), rational=True) if not ((l + u) / 2).is_rational else (l + u) / 2
        if g.subs(x, mid) < 0:
            total += u - l
    exact = all(e.is_rational for e in ends)
    if exact:
        v = Rational(total) * 10 ** places
        return {"lower": dec(int(sympy.floor(v)), places), "upper": dec(int(sympy.ceiling(v)), places), "exact": q(total)}
    # Irrational ends are enclosed, never exactly: a measure on the grid (x^3 - 2x: 3) is bracketed.
    v, eps = sympy.N(total, 80) * 10 ** places, sympy.Float(10, 80) ** -40
    return {"lower": dec(int(sympy.floor(v - eps)), places), "upper": dec(int(sympy.ceiling(v + eps)), places)}


for p, a, b, c in [(x ** 2 - 1, -2, 2, 0), (x ** 3 - 2 * x, -3, Rational(5, 2), 0), (x ** 4 - 5 * x ** 2 + 4, -3, 3, 0),
                   (x ** 2, -1, 1, 0), ((x - 1) ** 2 * (x + 1), -2, 2, 0), (x ** 5 - x + 1, -2, 2, Rational(1, 3)),
                   (3 * x ** 3 - x ** 2 + 7, -1, 4, 10)]:
    for places in [12]:
        case({"variables": ["x"], "polynomials": [txt(p)], "operation": {"sublevel_measure": {"interval": [q(a), q(b)], "threshold": q(c), "places": places}}},
             {"sublevel": sublevel(p, Rational(a), Rational(b), Rational(c), places)})
for _ in range(4):
    p = sum(rng.randint(-9, 9) * x ** k for k in range(rng.randint(3, 8)))
    if p == 0 or sympy.degree(p, x) < 1:
        continue
    a, b = Rational(rng.randint(-40, 0), 7), Rational(rng.randint(1, 40), 5)
    c = Rational(rng.randint(-20, 20), 3)
    case({"variables": ["x"], "polynomials": [txt(p)], "operation": {"sublevel_measure": {"interval": [q(a), q(b)], "threshold": q(c)}}},
         {"sublevel": sublevel(p, a, b, c, 20)})


def interlacing(fs):
    roots = []
    per = []
    for f in fs:
        rs = [sympy.N(r, 60) for r in Poly(f, x).real_roots()]
        per.append(rs)
        roots.extend(rs)
    distinct = []
    for r in sorted(roots):
        if not distinct or abs(r - distinct[-1]) > 1e-50:
            distinct.append(r)
    index = lambda r: min(range(len(distinct)), key=lambda i: abs(distinct[i] - r))
    n = sympy.degree(fs[0], x)
    indices = [sorted(index(r) for r in rs) for rs in per]
    real_rooted = [len(v) == n for v in indices]
    common = all(real_rooted)
    gaps = []
    if common:
        for i in range(n - 1):
            hi, lo = max(v[i] for v in indices), min(v[i + 1] for v in indices)
            common = common and hi <= lo
            gaps.append([hi, lo])
    return {"root_indices": indices, "real_rooted": real_rooted, "common_interlacing": common, "gaps": gaps}


for fs in [[(x - 1) * (x - 3) * (x - 5), (x - 2) * (x - 4) * (x - 6)],
           [(x - 1) * (x - 3) * (x - 5), (x - 4) * (x - 5) * (x - 6)],
           [x ** 2 - 2, x ** 2 - 3, x ** 2 - 1],
           [(x - 1) ** 2 * (x + 2), (x - 1) * (x + 1) * (x + 3)],
           [x ** 2 + 1, x ** 2 - 1],
           [sympy.legendre(4, x), sympy.legendre(3, x) * x, sympy.chebyshevt(4, x)],
           [(x - 1) * (x - 2), (x - 3) * (x - 4)]]:
    fs = [sympy.expand(f) for f in fs]
    case({"variables": ["x"], "polynomials": [txt(f) for f in fs], "operation": "common_interlacing"}, {"interlacing": interlacing(fs)})

# An interlacer exists and is given: x - 5/2 between (x-1)(x-3) and (x-2)(x-4).
case({"variables": ["x"], "polynomials": ["(x-1)*(x-3)", "(x-2)*(x-4)"], "operation": "common_interlacing"},
     {"interlacing": {"common_interlacing": True, "gaps": [[1, 2]], "interlacer": "x - 5/2"}})

# Over Z (non-monic gcds and square-free parts are taken over Q).
case({"variables": ["x"], "domain": "Z", "polynomials": ["(2*x-1)^2*(3*x+1)"], "operation": {"sublevel_measure": {"interval": ["-3", "3"]}}},
     {"sublevel": sublevel((2 * x - 1) ** 2 * (3 * x + 1), Rational(-3), Rational(3), Rational(0), 20)})
case({"variables": ["x"], "domain": "Z", "polynomials": ["2*x^2 - 1", "x^2 - 3"], "operation": "common_interlacing"},
     {"interlacing": interlacing([2 * x ** 2 - 1, x ** 2 - 3])})

