"""Reference answers of polynomial.roots.critical_points, computed independently: roots and
critical points by mpmath at 60 digits (listed in PARI's order: by |Im z|, then Re z, the root with
negative imaginary part first), distances to the nearest critical point, whether every root lies in
the closed unit disk, and the splitting-field degree as the order of SymPy's Galois group of f when
f' splits over Q.

Prints one JSON object per line: {"capability": id, "input": {...}, "expected": {...}}.
"""
import json

import mpmath
import sympy
from sympy import Poly, symbols

mpmath.mp.dps = 60
x = symbols("x")
ID = "polynomial.roots.critical_points"


def rounded(v, places):
    s = mpmath.nint(v * mpmath.mpf(10) ** places)
    v = int(s)
    sign = "-" if v < 0 else ""
    t = str(abs(v)).rjust(places + 1, "0")
    return f"{sign}{t[:-places]}.{t[-places:]}"


def roots(p):
    rs = mpmath.polyroots([int(c) if c.is_integer else mpmath.mpf(c.p) / c.q for c in Poly(p, x).all_coeffs()], maxsteps=500, extraprec=500)
    rs = [mpmath.mpc(r) for r in rs]
    return sorted(rs, key=lambda z: (round(float(abs(z.imag)), 20), round(float(z.real), 20), float(z.imag)))


def case(inp, expected):
    print(json.dumps({"capability": ID, "input": inp, "expected": expected}))


for f, field in [(x ** 3 - 2, True), (x ** 4 - 2, True), (x ** 2 - 3, True), (x ** 3 - 3 * x + 1, True),
                 (x ** 5 - x - 1, False), (3 * x ** 4 - 4 * x ** 3 + x - 7, False), ((x - 1) ** 2 * (x + 1), False),
                 (x ** 6 + x ** 3 + 1, False)]:
    places = 10
    r, c = roots(f), roots(sympy.diff(f, x))
    d = [min(abs(a - b) for b in c) for a in r]
    inside = all(abs(a) <= 1 + mpmath.mpf(10) ** -40 for a in r)
    expected = {
        "roots": [{"re": rounded(z.real, places), "im": rounded(z.imag, places)} for z in r],
        "critical_points": [{"re": rounded(z.real, places), "im": rounded(z.imag, places)} for z in c],
        "distances": [rounded(v, places) for v in d],
        "largest_distance": rounded(max(d), places),
        "roots_in_closed_unit_disk": inside,
    }
    inp = {"variables": ["x"], "polynomial": str(sympy.expand(f)).replace("**", "^"), "places": places}
    if field:
        inp["splitting_field"] = True
        expected["splitting_field"] = {"degree": int(Poly(f, x).galois_group(by_name=False)[0].order())}
    case(inp, expected)
