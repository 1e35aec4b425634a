"""Reference answers of lattice.compute.invariant_forms from SymPy.

The conditions gᵀBg = B on a symbolic matrix B (symmetric or not) are turned into a linear
system by SymPy's `linear_eq_to_matrix`; the rank of the lattice of integral invariant forms is
the dimension of its rational null space (the lattice spans it). The group is enumerated here by
closure under right multiplication, and the average form is Σ gᵀg over it. Known cases: the
rotation groups of orders 2, 3, 4 and 6 in the plane (one symmetric invariant form up to scale,
two bilinear ones for orders 3, 4, 6), permutation matrices of S_3 (I and the all-ones matrix).

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json
import random

from sympy import Matrix, eye, linear_eq_to_matrix, symbols, zeros

CAP = "lattice.compute.invariant_forms"
CASES = []
rng = random.Random(144)


def invariant_rank(gens, symmetric):
    n = gens[0].rows
    names = {}
    b = zeros(n, n)
    for i in range(n):
        for j in range(n):
            if symmetric and j < i:
                b[i, j] = b[j, i]
            else:
                names[(i, j)] = symbols(f"b_{i}_{j}")
                b[i, j] = names[(i, j)]
    eqs = [e for g in gens for e in (g.T * b * g - b)]
    a, _ = linear_eq_to_matrix(eqs, list(names.values()))
    return len(names) - a.rank()


def group(gens):
    n = gens[0].rows
    seen = {tuple(eye(n))}
    frontier = [eye(n)]
    elements = [eye(n)]
    while frontier:
        x = frontier.pop()
        for g in gens:
            y = x * g
            if tuple(y) not in seen:
                seen.add(tuple(y))
                elements.append(y)
                frontier.append(y)
    return elements


def rows(m):
    return {"rows": [[str(m[i, j]) for j in range(m.cols)] for i in range(m.rows)]}


def case(gens, symmetric=True, average=False):
    inp = {"generators": [rows(g) for g in gens], "symmetric": symmetric, "average": average}
    want = {"rank": invariant_rank(gens, symmetric)}
    if average:
        els = group(gens)
        s = sum((e.T * e for e in els), zeros(gens[0].rows, gens[0].rows))
        want["average"] = {"group_order": len(els), "form": {"shape": [s.rows, s.cols], "rows": rows(s)["rows"]}}
    CASES.append({"capability": CAP, "input": inp, "expected": want})


rotations = {2: Matrix([[-1, 0], [0, -1]]), 3: Matrix([[0, -1], [1, -1]]), 4: Matrix([[0, -1], [1, 0]]),
             6: Matrix([[0, -1], [1, 1]])}
for order, g in rotations.items():
    case([g], True, True)
    case([g], False)


def perm(p):
    n = len(p)
    m = zeros(n, n)
    for i, j in enumerate(p):
        m[j, i] = 1
    return m


case([perm([1, 0, 2]), perm([1, 2, 0])], True, True)
case([perm([1, 0, 2]), perm([1, 2, 0])], False)
# Sign changes and coordinate swaps: the hyperoctahedral group of Z^3.
signs = Matrix([[-1, 0, 0], [0, 1, 0], [0, 0, 1]])
case([signs, perm([1, 2, 0]), perm([1, 0, 2])], True, True)
# Random permutation groups of Z^4.
for _ in range(5):
    gens = [perm(rng.sample(range(4), 4)) for _ in range(rng.randint(1, 2))]
    case(gens, rng.random() < 0.7, True)
# An infinite group (a shear): the invariant forms, no average.
case([Matrix([[1, 1], [0, 1]])], True)
case([Matrix([[1, 1], [0, 1]])], False)

for c in CASES:
    print(json.dumps(c))
