"""Reference answers of algebraic_geometry.blowup_p2.compute: multiplicities of plane curves at
points by SymPy (the lowest total degree after moving the point to the origin of an affine
chart), collinear triples and conconic sextuples by SymPy determinants, and the intersection
numbers and genera from the lattice diag(1, −1, …, −1) written out here.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py. The genus of
each curve is also checked against the plane-curve formula (d − 1)(d − 2)/2 − Σ m(m − 1)/2.
"""
import itertools
import json
from fractions import Fraction

import sympy

x, y, z = sympy.symbols("x y z")
CASES = []


def mult(f, p):
    k = next(i for i in range(3) if p[i] != 0)
    u, v = sympy.symbols("u v")
    others = iter([u, v])
    subs = {}
    for j, s in enumerate((x, y, z)):
        subs[s] = 1 if j == k else next(others) + sympy.Rational(p[j]) / sympy.Rational(p[k])
    g = sympy.Poly(sympy.expand(f.subs(subs, simultaneous=True)), u, v)
    return min(sum(m) for m in g.monoms())


def dot(a, b):
    return a[0] * b[0] - sum(s * t for s, t in zip(a[1:], b[1:]))


def profile(c):
    r = len(c) - 1
    k = [-3] + [-1] * r
    dd, kd = dot(c, c), dot(k, c)
    return {"class": c, "self_intersection": dd, "canonical_degree": kd, "arithmetic_genus": (dd + kd) // 2 + 1}


def case(points, curves=(), classes=()):
    pts = [[sympy.Rational(str(c)) for c in p] for p in points]
    n = len(pts)
    fs = [sympy.sympify(c.replace("^", "**"), locals={"x": x, "y": y, "z": z}) for c in curves]
    curve_classes = []
    for f in fs:
        d = sympy.Poly(f, x, y, z).total_degree()
        ms = [mult(f, p) for p in pts]
        cls = [d] + ms
        # Adjunction agrees with the plane-curve genus formula.
        assert profile(cls)["arithmetic_genus"] == (d - 1) * (d - 2) // 2 - sum(m * (m - 1) // 2 for m in ms)
        curve_classes.append(cls)
    collinear = [list(t) for t in itertools.combinations(range(n), 3) if sympy.Matrix([pts[i] for i in t]).det() == 0]
    row = lambda p: [p[0] ** 2, p[0] * p[1], p[1] ** 2, p[0] * p[2], p[1] * p[2], p[2] ** 2]
    conconic = [list(s) for s in itertools.combinations(range(n), 6) if sympy.Matrix([row(pts[i]) for i in s]).det() == 0]
    all_classes = curve_classes + [list(c) for c in classes]
    expected = {
        "picard_rank": n + 1,
        "canonical_class": [-3] + [-1] * n,
        "canonical_self_intersection": 9 - n,
        "euler_characteristic": 3 + n,
        "collinear_triples": collinear,
        "conconic_sextuples": conconic,
        "del_pezzo": (not collinear and not conconic) if n <= 7 else None,
        "curves": [profile(c) for c in curve_classes],
        "classes": [profile(list(c)) for c in classes],
        "intersections": [[dot(a, b) for b in all_classes] for a in all_classes],
        "intersection_form": [[(1 if a == 0 else -1) if a == b else 0 for b in range(n + 1)] for a in range(n + 1)],
    }
    inp = {"points": [[str(c) for c in p] for p in points], "curves": list(curves), "classes": [list(c) for c in classes]}
    CASES.append({"capability": "algebraic_geometry.blowup_p2.compute", "input": inp, "expected": expected})


# Six points in general position: a cubic surface; lines through pairs and conics through five are (−1)-curves.
six = [[0, 0, 1], [1, 0, 1], [0, 1, 1], [1, 1, 1], [2, 3, 1], [3, 7, 1]]
case(six, ["x^2 - x*z + y^2 - y*z", "y", "x - y"], [[1, 1, 1, 0, 0, 0, 0], [2, 0, 1, 1, 1, 1, 1], [3, 1, 1, 1, 1, 1, 1]])
# Three collinear points: not del Pezzo, and the line through them has class H − E1 − E2 − E3, a (−2)-curve.
case([[0, 0, 1], [1, 0, 1], [5, 0, 1], [0, 1, 1]], ["y", "x*y"], [[1, 1, 1, 1, 0]])
# The nodal and the cuspidal cubic blown up at their singular points: genus 0 after one blow-up.
case([[0, 0, 1]], ["y^2*z - x^3 - x^2*z", "y^2*z - x^3"])
# A smooth quartic through a point, a point at infinity, and a tacnode.
case([[0, 0, 1], [1, 0, 0], [0, 1, 0]], ["x^4 + y^4 + z^4 - x*z^3 - y^3*z", "y^2*z^2 - x^4", "x^3*y + y^3*z + z^3*x"])
# Six points on a conic (x² + y² = z²): conconic, not del Pezzo.
case([[1, 0, 1], [0, 1, 1], [-1, 0, 1], [0, -1, 1], [3, 4, 5], ["3/5", "-4/5", 1]], ["x^2 + y^2 - z^2"])
# Eight points and nine points (no del Pezzo answer), with the cubic pencil's class 3H − ΣEᵢ.
nine = [[0, 0, 1], [1, 0, 1], [0, 1, 1], [1, 1, 1], [2, 3, 1], [3, 7, 1], [5, 2, 1], [7, 11, 1], [1, 0, 0]]
case(nine[:8], [], [[3] + [1] * 8, [0] + [-1] + [0] * 7])
case(nine, ["x*y*z"], [[3] + [1] * 9])
# No points: P² itself.
case([], ["x^3 + y^3 + z^3"], [[1], [2]])

for c in CASES:
    print(json.dumps(c))
