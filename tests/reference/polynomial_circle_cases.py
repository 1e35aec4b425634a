"""Reference answers of polynomial.unit_circle.compute, computed independently: the extremes of
|f(e^{iθ})|² from SymPy's exact real roots of the derivative in c = cos θ (evaluated at 80 digits),
arc energies by mpmath quadrature, Mahler measures from mpmath's roots, spectral factors from
SymPy's radicals. Decimal enclosures are written as Jacobian rounds them: the floor and the ceiling
at the places asked.

Prints one JSON object per line: {"capability": id, "input": {...}, "expected": {...}}. Fixed seed.
"""
import json
import random

import mpmath
import sympy
from sympy import Poly, Rational, symbols

mpmath.mp.dps = 80
rng = random.Random(20261205)
z, c = symbols("z c")
ID = "polynomial.unit_circle.compute"


def q(r):
    r = Rational(r)
    return str(r.p) if r.q == 1 else f"{r.p}/{r.q}"


def dec(v, places):
    """An integer v / 10^places as Jacobian prints it."""
    sign = "-" if v < 0 else ""
    s = str(abs(v)).rjust(places + 1, "0")
    return f"{sign}{s[:-places]}.{s[-places:]}"


def enclosure(value, places, exact=None):
    """floor and ceiling of value at `places` (value an mpmath number or a SymPy rational)."""
    scaled = sympy.Float(value, 80) * 10 ** places if exact is None else Rational(exact) * 10 ** places
    lo, hi = int(sympy.floor(scaled)), int(sympy.ceiling(scaled))
    e = {"lower": dec(lo, places), "upper": dec(hi, places)}
    if exact is not None:
        e["exact"] = q(exact)
    return e


def cosine_coefficients(f):
    a = [int(x) for x in reversed(Poly(f, z).all_coeffs())]
    return [sum(a[j] * a[j + k] for j in range(len(a) - k)) for k in range(len(a))]


def in_c(a):
    return sympy.expand(a[0] + 2 * sum(a[k] * sympy.chebyshevt(k, c) for k in range(1, len(a))))


def extremes(a):
    g = in_c(a)
    candidates = [g.subs(c, -1), g.subs(c, 1)]
    if sympy.degree(g, c) > 1:
        for r in Poly(sympy.diff(g, c), c).real_roots():
            if -1 < r < 1:
                candidates.append(g.subs(c, r))
    values = [sympy.N(v, 80) for v in candidates]
    lo, hi = min(range(len(values)), key=lambda i: values[i]), max(range(len(values)), key=lambda i: values[i])
    exact = lambda i: candidates[i] if i < 2 else None
    return (candidates[lo], exact(lo)), (candidates[hi], exact(hi))


def encl(pair, places):
    v, exact = pair
    return enclosure(None, places, exact) if exact is not None else enclosure(sympy.N(v, 80), places)


def arc_energy(a, x, y):
    t = lambda th: a[0] + 2 * sum(a[k] * mpmath.cos(k * th) for k in range(1, len(a)))
    return mpmath.quad(t, mpmath.linspace(2 * mpmath.pi * x, 2 * mpmath.pi * y, 8)) / (2 * mpmath.pi)


def mahler(f):
    coeffs = [int(x) for x in Poly(f, z).all_coeffs()]
    roots = mpmath.polyroots(coeffs, maxsteps=400, extraprec=400)
    m = abs(coeffs[0])
    for r in roots:
        m *= max(1, abs(r))
    outside = sum(1 for r in roots if abs(r) > 1 + mpmath.mpf(10) ** -30)
    on = sum(1 for r in roots if abs(abs(r) - 1) <= mpmath.mpf(10) ** -30)
    return m, outside, on


def case(inp, expected):
    print(json.dumps({"capability": ID, "input": inp, "expected": expected}))


LEHMER = z ** 10 + z ** 9 - z ** 7 - z ** 6 - z ** 5 - z ** 4 - z ** 3 + z + 1
polys = [LEHMER, 2 * z ** 3 - z + 1, 3 * z ** 4 - 5 * z ** 2 + z - 7]
for _ in range(3):
    polys.append(sum(rng.randint(-9, 9) * z ** k for k in range(rng.randint(3, 9))) + z ** 9)
for f in polys:
    a = cosine_coefficients(f)
    places = 20
    (mn, mx) = extremes(a)
    m, outside, on = mahler(f)
    x, y = Rational(1, 8), Rational(3, 5)
    expected = {
        "cosine_coefficients": [q(v) for v in a],
        "mean": q(a[0]),
        "maximum": encl(mx, places),
        "arc_energy": enclosure(arc_energy(a, x, y), places),
        "mahler_measure": {"roots_outside": outside, "roots_on": on, "value": enclosure(m, places)},
    }
    quantities = ["mean", "maximum", "arc_energy", "mahler_measure"]
    if on == 0:
        expected["minimum"] = encl(mn, places)
        quantities.append("minimum")
    else:
        expected["minimum"] = {"lower": dec(0, places), "upper": dec(0, places), "exact": "0"}
        quantities.append("minimum")
    case({"variables": ["z"], "polynomial": str(sympy.expand(f)).replace("**", "^"), "quantities": quantities,
          "arc": [q(x), q(y)], "places": places}, expected)

# No root outside the circle: M(f) = |lead| exactly.
for f, lead in [(5 * z ** 2 + 1, 5), (3 * (z ** 2 + z + 1) * (z - 1), 3)]:
    m, outside, on = mahler(f)
    case({"variables": ["z"], "polynomial": str(sympy.expand(f)).replace("**", "^"), "quantities": ["mahler_measure"], "places": 10},
         {"mahler_measure": {"roots_outside": 0, "roots_on": on, "value": enclosure(None, 10, lead)}})

# Cosine polynomials: extremes, an arc, and spectral factors of degree one.
for a in [[5, 2], [3, 1], [Rational(7, 2), Rational(-3, 4)], [2, 1], [4, 0]]:
    places = 25
    plus, minus = sympy.sqrt(Rational(a[0]) + 2 * Rational(a[1])), sympy.sqrt(Rational(a[0]) - 2 * Rational(a[1]))
    c0, c1 = (plus + minus) / 2, (plus - minus) / 2
    assert sympy.simplify(c0 ** 2 + c1 ** 2 - a[0]) == 0 and sympy.simplify(c0 * c1 - a[1]) == 0

    def radical(r):
        s = sympy.sqrt(r)
        return q(s) if s.is_rational else f"sqrt({q(r)})"
    if plus.is_rational and minus.is_rational:
        coefficients = [q(c0), q(c1)]
        decimals = [enclosure(None, places, c0), enclosure(None, places, c1)]
    else:
        pr, mr = Rational(a[0]) + 2 * Rational(a[1]), Rational(a[0]) - 2 * Rational(a[1])
        coefficients = [f"({radical(pr)} + {radical(mr)})/2", f"({radical(pr)} - {radical(mr)})/2"]
        decimals = [enclosure(sympy.N(c0, 80), places), enclosure(sympy.N(c1, 80), places)]
    mn, mx = extremes([Rational(v) for v in a])
    x, y = Rational(0), Rational(1, 4)
    case({"cosine_coefficients": [q(v) for v in a], "quantities": ["spectral_factor", "minimum", "maximum", "arc_energy"],
          "arc": [q(x), q(y)], "places": places},
         {"spectral_factor": {"coefficients": coefficients, "decimals": decimals},
          "minimum": encl(mn, places), "maximum": encl(mx, places),
          "arc_energy": enclosure(arc_energy([Rational(v) for v in a], x, y), places)})

# A longer cosine polynomial over a half turn (exact: a0/2).
case({"cosine_coefficients": ["1", "-1/2", "1/3", "0", "2"], "quantities": ["arc_energy", "maximum", "minimum"], "arc": ["1/2", "1"]},
     {"arc_energy": enclosure(None, 20, Rational(1, 2)),
      "maximum": encl(extremes([1, Rational(-1, 2), Rational(1, 3), 0, 2])[1], 20),
      "minimum": encl(extremes([1, Rational(-1, 2), Rational(1, 3), 0, 2])[0], 20)})

# Critical points next to c = -1 where t'(pi) = 0 too: the minimum -567/2000 at c = -9/10 (and its
# mirror, a maximum), and -27/1048576 at c = -29/32, lie beside a critical point at an end.
for a, q_ in [(["19/40", "23/40", "19/80", "1/24"], "minimum"), (["-19/40", "-23/40", "-19/80", "-1/24"], "maximum"),
              (["65/16", "209/64", "53/32", "31/64", "1/16"], "minimum")]:
    mn, mx = extremes([Rational(v) for v in a])
    case({"cosine_coefficients": a, "quantities": [q_]}, {q_: encl(mn if q_ == "minimum" else mx, 20)})

