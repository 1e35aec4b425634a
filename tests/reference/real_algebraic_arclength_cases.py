"""Reference answers of real_algebraic.plane_curve.arclength, computed independently: the length
L = ∫_a^b sqrt(x'(t)^2 + y'(t)^2) dt of a polynomial parametric curve over Q, by mpmath's
tanh-sinh quadrature at 60 digits on the pieces of [a, b] cut at the real roots of the speed
x'^2 + y'^2 (SymPy's exact real roots, evaluated at 70 digits), so that cusps and kinks of the
integrand sit at the ends of the pieces. Where a closed form is known (the parabola, the
semicubical cusp, a doubled cubic) the quadrature is checked against it.

L is exact and rational when x'^2 + y'^2 = s(t)^2 for a polynomial s over Q (SymPy's square-free
decomposition: an even multiplicity on every factor and a square content) with no root strictly
inside (a, b): then L = |∫_a^b s| (lines, Pythagorean-hodograph curves, a constant curve). Only
then is "exact" given; the enclosure is then the exact floor and ceiling of that rational.
Decimal enclosures are written as Jacobian rounds them: the floor and the ceiling at the places
asked. Cases whose 10^P * L lies within 1e-5 of an integer are refused by an assertion (so the
floor/ceiling cannot flip on the last digit).

Prints one JSON object per line: {"capability": id, "input": {...}, "expected": {...}}. Fixed seed.
"""
import json
import random

import mpmath
import sympy
from sympy import Poly, QQ, Rational, symbols

mpmath.mp.dps = 60
rng = random.Random(20261219)
ID = "real_algebraic.plane_curve.arclength"
t = symbols("t")


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


def txt(expr):
    """Input text (SymPy's printing with ^)."""
    return str(sympy.expand(expr)).replace("**", "^")


def exact_square_root(S):
    """A polynomial s over Q with s^2 = S, or None."""
    if S.is_zero:
        return Poly(0, t, domain=QQ)
    c, factors = S.sqf_list()
    rc = sympy.sqrt(Rational(c))
    if not rc.is_rational or any(k % 2 for _, k in factors):
        return None
    s = Poly(rc, t, domain=QQ)
    for g, k in factors:
        s *= g ** (k // 2)
    assert s ** 2 == S
    return s


def length(xe, ye, a, b):
    """(numerical L at 60 digits, exact L or None)."""
    S = Poly(sympy.diff(xe, t) ** 2 + sympy.diff(ye, t) ** 2, t, domain=QQ)
    if S.is_zero:
        return mpmath.mpf(0), Rational(0)
    cuts = sorted({r for r in S.real_roots() if a < r < b})
    points = [mpmath.mpf(sympy.Rational(a).p) / sympy.Rational(a).q]
    points += [mpmath.mpf(str(sympy.N(r, 70))) for r in cuts]
    points.append(mpmath.mpf(sympy.Rational(b).p) / sympy.Rational(b).q)
    coeffs = [mpmath.mpf(int(Rational(c).p)) / int(Rational(c).q) for c in S.all_coeffs()]
    f = lambda u: mpmath.sqrt(max(mpmath.polyval(coeffs, u), 0))
    value, err = mpmath.quad(f, points, error=True)
    assert err < mpmath.mpf(10) ** -40, (xe, ye, err)
    s = exact_square_root(S)
    exact = None
    if s is not None and not any(a < r < b for r in s.real_roots()):
        exact = abs(s.integrate().eval(b) - s.integrate().eval(a))
        assert abs(value - mpmath.mpf(exact.p) / exact.q) < mpmath.mpf(10) ** -40
    return value, exact


def case(xe, ye, a, b, places, closed_form=None):
    a, b = Rational(a), Rational(b)
    value, exact = length(sympy.sympify(xe), sympy.sympify(ye), a, b)
    if closed_form is not None:
        assert abs(value - mpmath.mpf(str(sympy.N(closed_form, 70)))) < mpmath.mpf(10) ** -40
    if exact is not None:
        enc = enclosure(None, places, exact)
    else:
        scaled = value * mpmath.mpf(10) ** places
        frac = scaled - mpmath.floor(scaled)
        assert min(frac, 1 - frac) > mpmath.mpf(10) ** -5, (xe, ye, a, b, places)
        enc = enclosure(value, places)
    inp = {"x": txt(xe), "y": txt(ye), "variable": "t", "interval": [q(a), q(b)], "places": places}
    print(json.dumps({"capability": ID, "input": inp, "expected": {"length": enc}}))


sq = sympy.sqrt
# The parabola y = x^2 on [0, 1]: sqrt(5)/2 + asinh(2)/4.
case(t, t ** 2, 0, 1, 20, sq(5) / 2 + sympy.asinh(2) / 4)
# The cubic y = x^3 on [-1, 2] (speed 1 + 9t^4, no real root).
case(t, t ** 3, -1, 2, 15)
# The semicubical cusp x = t^2, y = t^3 on [-1, 1]: speed |t| sqrt(4 + 9t^2), a cusp at t = 0
# (a cut); L = 2 (13^(3/2) - 8) / 27.
case(t ** 2, t ** 3, -1, 1, 20, 2 * (13 * sq(13) - 8) / 27)
# x = t^3 - 3t, y = t^2 - 1 on [-2, 2]: self-intersecting at t = ±sqrt(3); speed^2 =
# 9t^4 - 14t^2 + 9 has no real root.
case(t ** 3 - 3 * t, t ** 2 - 1, -2, 2, 12)
# Rational endpoints.
case(t ** 2 - t, 2 * t ** 3 + t, Rational(-1, 3), Rational(5, 4), 18)
case(t, t ** 2 / 2 - t ** 4 / 3, Rational(-1, 3), Rational(5, 4), 22)
# A constant curve: length 0 exactly.
case(sympy.Integer(2), Rational(-1, 3), 0, 1, 10)
# A line x = 3t, y = 4t on [-1/2, 2]: 5 * 5/2 = 25/2.
case(3 * t, 4 * t, Rational(-1, 2), 2, 10)
# Pythagorean-hodograph curves: x = t^3/3 - t, y = t^2 (speed t^2 + 1): L = 19/6 on [-1/2, 3/2];
# u = t + 1, v = t^2: x' = u^2 - v^2, y' = 2uv, speed u^2 + v^2 = (t+1)^2 + t^4 > 0: L = 46/15 on [-1, 1].
case(t ** 3 / 3 - t, t ** 2, Rational(-1, 2), Rational(3, 2), 15)
case((t + 1) ** 3 / 3 - t ** 5 / 5, t ** 4 / 2 + 2 * t ** 3 / 3, -1, 1, 16)
# x = y = t^3 on [-1, 2]: speed 3 sqrt(2) t^2 (a double root at 0, cut there): L = 9 sqrt(2).
case(t ** 3, t ** 3, -1, 2, 25, 9 * sq(2))
# A random degree-4 curve.
xr = sum(rng.randint(-4, 4) * t ** k for k in range(1, 5)) + 3 * t ** 4
yr = sum(Rational(rng.randint(-6, 6), rng.randint(1, 3)) * t ** k for k in range(0, 5))
case(xr, yr, Rational(-3, 2), Rational(7, 5), 25)
