"""Reference answers of finite_set.compute.operation (Python's own set operations on big
integers) and latin_square.compute.properties (by the definitions: transposes, the first
repeated ordered pair of two superposed squares in row-major order, the reduced square, 2 × 2
subsquares counted over all row and column pairs, the cycle types of r_i⁻¹ r_j, symmetry and
idempotence), on cyclic squares, the Klein-group square, a pair of orthogonal squares of order
3 and 4 (from F_3 and F_4), and random squares built by permuting rows, columns and symbols.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json
import random

rng = random.Random(1782)
CASES = []


def sets(a, b):
    A, B = set(a), set(b)
    ops = {"union": sorted(A | B), "intersection": sorted(A & B), "difference": sorted(A - B),
           "symmetric_difference": sorted(A ^ B)}
    expected = {k: [str(x) for x in v] for k, v in ops.items()}
    expected.update({"union_cardinality": len(A | B), "intersection_cardinality": len(A & B), "left_cardinality": len(A),
                     "subset": A <= B, "proper_subset": A < B, "disjoint": not (A & B), "equal": A == B})
    CASES.append({"capability": "finite_set.compute.operation",
                  "input": {"a": [str(x) for x in a], "b": [str(x) for x in b], "operations": list(expected)},
                  "expected": expected})


sets([1, 2, 3, 3], [3, 4])
sets([10 ** 40, -5, 7], [7, 10 ** 40, -5])
sets([], [1])
sets([2, 4], [1, 2, 3, 4])
for _ in range(4):
    sets([rng.randint(-20, 20) for _ in range(rng.randint(0, 12))], [rng.randint(-20, 20) for _ in range(rng.randint(0, 12))])


def cycle_type(p):
    seen, t = set(), []
    for s in range(len(p)):
        if s not in seen:
            n, x = 0, s
            while x not in seen:
                seen.add(x)
                x = p[x]
                n += 1
            t.append(n)
    return sorted(t)


def latin(rows, other=None):
    n = len(rows)
    relabel = {s: j for j, s in enumerate(rows[0])}
    reduced = sorted(([relabel[s] for s in r] for r in rows), key=lambda r: r[0])
    inter = sum(1 for r1, r2 in itertools.combinations(range(n), 2) for c1, c2 in itertools.combinations(range(n), 2)
                if rows[r1][c1] == rows[r2][c2] and rows[r1][c2] == rows[r2][c1])
    types = []
    for a, b in itertools.combinations(range(n), 2):
        col = {s: c for c, s in enumerate(rows[a])}
        types.append(cycle_type([rows[b][col[s]] for s in range(n)]))
    counted = []
    for t in sorted(types):
        if counted and counted[-1]["cycle_type"] == t:
            counted[-1]["count"] += 1
        else:
            counted.append({"cycle_type": t, "count": 1})
    props = ["check", "transpose", "reduced", "intercalates", "row_cycle_types", "symmetric", "idempotent"]
    expected = {"check": {"latin": True}, "transpose": [list(c) for c in zip(*rows)], "reduced": reduced,
                "intercalates": inter, "row_cycle_types": counted,
                "symmetric": all(rows[r][c] == rows[c][r] for r in range(n) for c in range(n)),
                "idempotent": all(rows[i][i] == i for i in range(n))}
    inp = {"rows": rows, "properties": props}
    if other is not None:
        seen, clash = set(), None
        for r in range(n):
            for c in range(n):
                pair = (rows[r][c], other[r][c])
                if pair in seen and clash is None:
                    clash = [r, c]
                seen.add(pair)
        inp["other"] = {"rows": other}
        inp["properties"] = props + ["orthogonal"]
        expected["orthogonal"] = {"orthogonal": clash is None, "repeated_pair_at": clash}
    CASES.append({"capability": "latin_square.compute.properties", "input": inp, "expected": expected})


cyclic = lambda n: [[(r + c) % n for c in range(n)] for r in range(n)]
latin(cyclic(5))
latin([[r ^ c for c in range(4)] for r in range(4)])  # the Klein four-group: 12 intercalates
latin([[(r + c) % 3 for c in range(3)] for r in range(3)], [[(2 * r + c) % 3 for c in range(3)] for r in range(3)])
mul4 = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]  # F_4 with 2 = ω, 3 = ω + 1
latin([[r ^ c for c in range(4)] for r in range(4)], [[r ^ mul4[2][c] for c in range(4)] for r in range(4)])
latin(cyclic(4), [[(c - r) % 4 for c in range(4)] for r in range(4)])  # no orthogonal mate exists for Z_4
for _ in range(4):
    n = rng.randint(3, 7)
    rp, cp, sp = (rng.sample(range(n), n) for _ in range(3))
    rows = [[sp[(rp[r] + cp[c]) % n] for c in range(n)] for r in range(n)]
    latin(rows)

for c in CASES:
    print(json.dumps(c))
