"""Reference answers of matrix.nonnegative.compute from SciPy, NumPy and NetworkX.

- Farkas alternatives: feasibility of {x ≥ 0 : Ax = b} and {x : Ax ≤ b} by Fourier–Motzkin
  elimination in exact fractions (a different method from the simplex method); the solution or
  certificate itself is replayed by the matrix checker in VERIFY mode. Given certificates are judged here by their defining
  conditions in exact fractions.
- Collatz–Wielandt: the quotients (Ax)_i / x_i in exact fractions, the bounds checked here to
  bracket the spectral radius, the largest real root of the characteristic polynomial
  (Perron–Frobenius), isolated by SymPy, irreducibility from NetworkX's strong connectivity and
  primitivity from strong connectivity with aperiodicity.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import json
import random
from fractions import Fraction

import networkx as nx
from sympy import Matrix, symbols

CAP = "matrix.nonnegative.compute"
CASES = []
rng = random.Random(31415)


def case(question, expected, assurance=None):
    c = {"capability": CAP, "input": {"question": question}, "expected": {"answer": expected}}
    if assurance:
        c["assurance"] = assurance
    CASES.append(c)


def text(x):
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def fourier_motzkin(rows):
    """Whether {x : r[:-1]·x ≤ r[-1] for every row} is nonempty, eliminating one variable at a time."""
    rows = {tuple(Fraction(v) for v in r) for r in rows}
    n = len(next(iter(rows))) - 1 if rows else 0
    for j in range(n):
        pos = [r for r in rows if r[j] > 0]
        neg = [r for r in rows if r[j] < 0]
        out = {r for r in rows if r[j] == 0}
        for p in pos:
            for q in neg:
                out.add(tuple(p[k] / p[j] - q[k] / q[j] for k in range(n + 1)))
        rows = out
    return all(r[-1] >= 0 for r in rows)


def feasible(system, a, b):
    n = len(a[0])
    rows = [list(r) + [v] for r, v in zip(a, b)]
    if system == "equality":
        rows += [[-x for x in r] + [-v] for r, v in zip(a, b)]
        rows += [[-1 if k == j else 0 for k in range(n)] + [0] for j in range(n)]
    return fourier_motzkin(rows)


for k in range(40):
    system = "equality" if k % 2 == 0 else "inequality"
    m, n = rng.randint(1, 4), rng.randint(1, 4)
    a = [[rng.randint(-3, 3) for _ in range(n)] for _ in range(m)]
    if k % 4 < 2:
        # Right-hand sides of a point: feasible by construction (x ≥ 0 for the equality form).
        x = [rng.randint(0, 3) for _ in range(n)]
        b = [sum(r[j] * x[j] for j in range(n)) + (rng.randint(0, 2) if system == "inequality" else 0) for r in a]
    else:
        b = [rng.randint(-6, 6) for _ in range(m)]
    case({"farkas": {"system": system, "matrix": {"rows": a}, "rhs": b}},
         {"farkas": {"system": system, "feasible": feasible(system, a, b)}})

# Textbook alternatives.
case({"farkas": {"system": "equality", "matrix": {"rows": [[1, 1]]}, "rhs": [-1]}},
     {"farkas": {"feasible": False}})
case({"farkas": {"system": "inequality", "matrix": {"rows": [[1], [-1]]}, "rhs": [1, -2]}},
     {"farkas": {"feasible": False}})
case({"farkas": {"system": "equality", "matrix": {"rows": [[1, -1], [1, 1]]}, "rhs": [0, 2]}},
     {"farkas": {"feasible": True, "solution": ["1", "1"]}})


def judge(system, a, b, y):
    m, n = len(a), len(a[0])
    aty = [sum(Fraction(a[i][j]) * Fraction(y[i]) for i in range(m)) for j in range(n)]
    value = sum(Fraction(b[i]) * Fraction(y[i]) for i in range(m))
    if system == "equality":
        ok = all(t >= 0 for t in aty)
        mult = True
    else:
        ok = all(t == 0 for t in aty)
        mult = all(Fraction(t) >= 0 for t in y)
    return {"valid": ok and mult and value < 0, "value": text(value), "transpose_product": [text(t) for t in aty],
            "transpose_condition": ok, "multipliers_nonnegative": mult}


for k in range(16):
    system = "equality" if k % 2 == 0 else "inequality"
    m, n = rng.randint(1, 4), rng.randint(1, 4)
    a = [[rng.randint(-2, 2) for _ in range(n)] for _ in range(m)]
    b = [rng.randint(-4, 4) for _ in range(m)]
    y = [text(Fraction(rng.randint(-3, 3), rng.randint(1, 2))) for _ in range(m)]
    want = judge(system, a, b, y)
    case({"farkas": {"system": system, "matrix": {"rows": a}, "rhs": b, "certificate": y}},
         {"farkas": {"check": want}}, None if want["valid"] else "COMPUTED")
# Valid certificates built to order: columns turned so that Aᵀy ≥ 0 (equality form), or a last
# row cancelling the others (inequality form), and b moved until bᵀy < 0.
for k in range(10):
    system = "equality" if k % 2 == 0 else "inequality"
    m, n = rng.randint(2, 4), rng.randint(1, 4)
    a = [[rng.randint(-2, 2) for _ in range(n)] for _ in range(m)]
    if system == "equality":
        y = [rng.randint(-3, 3) for _ in range(m - 1)] + [rng.choice([-2, -1, 1, 2])]
        for j in range(n):
            if sum(a[i][j] * y[i] for i in range(m)) < 0:
                for i in range(m):
                    a[i][j] = -a[i][j]
    else:
        y = [rng.randint(0, 3) for _ in range(m - 1)] + [rng.randint(1, 3)]
        a[-1] = [Fraction(-sum(y[i] * a[i][j] for i in range(m - 1)), y[-1]) for j in range(n)]
        a = [[text(v) for v in r] for r in a]
    b = [rng.randint(-4, 4) for _ in range(m)]
    while sum(Fraction(b[i]) * y[i] for i in range(m)) >= 0:
        i = rng.randrange(m)
        b[i] += -1 if y[i] > 0 else 1 if y[i] < 0 else 0
    want = judge(system, a, b, y)
    assert want["valid"], (a, b, y)
    case({"farkas": {"system": system, "matrix": {"rows": a}, "rhs": b, "certificate": y}}, {"farkas": {"check": want}})
# A valid inequality certificate: x ≤ 1 and −x ≤ −2 sum to 0 ≤ −1.
case({"farkas": {"system": "inequality", "matrix": {"rows": [[1], [-1]]}, "rhs": [1, -2], "certificate": [1, 1]}},
     {"farkas": {"check": {"valid": True, "value": "-1"}}})


def collatz(a, x, steps):
    n = len(a)
    x = [Fraction(v) for v in x]
    lows, highs = [], []
    for _ in range(steps + 1):
        if any(v == 0 for v in x):
            break
        ax = [sum(Fraction(a[i][j]) * x[j] for j in range(n)) for i in range(n)]
        q = [ax[i] / x[i] for i in range(n)]
        lows.append(min(q))
        highs.append(max(q))
        top = max(ax)
        x = [v / top for v in ax] if top != 0 else ax
    return max(lows), min(highs), lows, highs


for k in range(24):
    n = rng.randint(1, 6)
    density = rng.choice([0.3, 0.6, 1.0])
    a = [[rng.randint(1, 5) if rng.random() < density else 0 for _ in range(n)] for _ in range(n)]
    x = [rng.randint(1, 4) for _ in range(n)] if k % 2 else None
    steps = rng.randint(0, 8)
    lo, hi, lows, highs = collatz(a, x or [1] * n, steps)
    t = symbols("t")
    # Perron–Frobenius: ρ(A) is itself an eigenvalue, the largest real root.
    rho = float(max(Matrix(a).charpoly(t).as_expr().as_poly(t).real_roots()).evalf(30))
    assert float(lo) - 1e-9 <= rho <= float(hi) + 1e-9, (a, lo, rho, hi)
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    g.add_edges_from((i, j) for i in range(n) for j in range(n) if a[i][j])
    irreducible = nx.is_strongly_connected(g)
    primitive = irreducible and nx.is_aperiodic(g)
    q = {"matrix": {"rows": a}, "iterations": steps}
    if x:
        q["vector"] = x
    case({"collatz_wielandt": q},
         {"collatz_wielandt": {"lower": text(lo), "upper": text(hi), "exact": lo == hi,
                               "irreducible": irreducible, "primitive": primitive,
                               "profile": [{"lower": text(l), "upper": text(h)} for l, h in zip(lows, highs)]}})
# A Perron vector makes the bounds meet: [[2, 1], [1, 2]] with x = (1, 1) gives ρ = 3.
case({"collatz_wielandt": {"matrix": {"rows": [[2, 1], [1, 2]]}}},
     {"collatz_wielandt": {"lower": "3", "upper": "3", "exact": True, "primitive": True}})

for c in CASES:
    print(json.dumps(c))
