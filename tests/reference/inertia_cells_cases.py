"""Reference answers of matrix.compute.inertia_cells from SymPy, not from Descartes' rule.

For A(t) = Σ t^k A_k the script finds the real roots of the coefficients of det(λI − A(t)) with
SymPy's exact `real_roots`, takes a rational sample in each open interval between consecutive
roots, and computes the inertia there from the exact real roots of the characteristic polynomial
of the rational matrix A(sample) (signs of SymPy's isolated roots). At each root r it takes the
nullity of A(r) from SymPy's exact rank over the algebraic number, and the signs of the other
eigenvalues from mpmath's symmetric eigenvalues of A(r) at 60 digits.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import json
import random

import mpmath

from sympy import Matrix, N, Poly, Rational, nsimplify, real_roots, symbols

CAP = "matrix.compute.inertia_cells"
CASES = []
rng = random.Random(27182)
t, lam = symbols("t lam")


def inertia_rational(m):
    roots = Poly(m.charpoly(lam).as_expr(), lam).real_roots()
    assert len(roots) == m.rows, roots
    return [sum(1 for r in roots if r > 0), sum(1 for r in roots if r < 0), sum(1 for r in roots if r == 0)]


def inertia_numeric(m):
    mpmath.mp.dps = 60
    e, _ = mpmath.eigsy(mpmath.matrix([[mpmath.mpf(str(N(m[i, j], 60))) for j in range(m.cols)] for i in range(m.rows)]))
    return [e[i] for i in range(m.rows)]


def cells(mats):
    n = mats[0].rows
    a = sum((mats[k] * t**k for k in range(len(mats))), Matrix.zeros(n, n))
    cp = Poly((lam * Matrix.eye(n) - a).det(), lam)
    coeffs = [Poly(c, t) for c in cp.all_coeffs()]
    roots = set()
    for c in coeffs:
        if c.degree() > 0:
            roots.update(real_roots(c))
    roots = sorted(roots, key=lambda r: N(r, 50))
    # Merge numerically equal representations (distinct CRootOf objects of one number).
    merged = []
    for r in roots:
        if not merged or abs(N(r - merged[-1], 50)) > 1e-30:
            merged.append(r)
    out = []
    pts = [N(r, 50) for r in merged]
    samples = []
    if not merged:
        samples = [Rational(0)]
    else:
        samples.append(Rational(int(pts[0]) - 2))
        for x, y in zip(pts, pts[1:]):
            samples.append(nsimplify((x + y) / 2, rational=True, tolerance=abs(y - x) / 10))
        samples.append(Rational(int(pts[-1]) + 2))
    for k, s in enumerate(samples):
        out.append(inertia_rational(a.subs(t, s)))
        if k < len(merged):
            r = merged[k]
            ar = a.subs(t, r)
            zero = n - ar.rank(simplify=True)
            # The remaining eigenvalues are nonzero at r: their signs by high-precision evaluation.
            vals = sorted(inertia_numeric(a.subs(t, N(r, 60))), key=abs)[zero:]
            out.append([sum(1 for v in vals if v > 0), sum(1 for v in vals if v < 0), zero])
    return len(merged), out


def sym(n, lo=-2, hi=2):
    m = Matrix.zeros(n, n)
    for i in range(n):
        for j in range(i, n):
            m[i, j] = m[j, i] = rng.randint(lo, hi)
    return m


def rows(m):
    return {"rows": [[str(m[i, j]) for j in range(m.cols)] for i in range(m.rows)]}


examples = [
    [Matrix([[1, 0], [0, 1]]), Matrix([[0, 1], [1, 0]])],
    [Matrix([[0, 0], [0, 0]]), Matrix([[1, 0], [0, -1]])],
    [Matrix([[1, 0], [0, 1]]), Matrix([[0, 0], [0, 0]]), Matrix([[-1, 0], [0, 0]])],
]
for _ in range(8):
    n = rng.randint(1, 3)
    d = 1 if n == 3 else rng.randint(1, 2)
    examples.append([sym(n) for _ in range(d + 1)])
for mats in examples:
    count, inertias = cells(mats)
    CASES.append({"capability": CAP, "input": {"coefficients": [rows(m) for m in mats]},
                  "expected": {"critical_points": [{}] * count, "cells": [{"inertia": i} for i in inertias]}})

for c in CASES:
    print(json.dumps(c))
