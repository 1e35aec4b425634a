"""Reference answers of topology.simplicial_complex.discrete_morse: Betti numbers over Q of
classical triangulations, computed here from the ranks of their simplicial boundary matrices
(exact Fraction elimination), which the Morse complex's homology must equal; and least critical
counts known by hand, with the chain contraction onto the Morse complex (whose identities the
capability checks itself) (a collapsible complex has one critical vertex; a sphere Sⁿ needs two cells;
the 7-vertex torus 1 + 2 + 1; the 6-vertex RP² 1 + 1 + 1, its H₁ = Z/2 forcing one critical
edge and one critical triangle).

Prints one JSON object per line: {"capability": id, "input": {...}, "expected": {...}}.
"""
import itertools
import json
from fractions import Fraction

ID = "topology.simplicial_complex.discrete_morse"


def faces(facets):
    out = set()
    for f in facets:
        for k in range(1, len(f) + 1):
            out.update(itertools.combinations(sorted(f), k))
    by_dim = {}
    for s in out:
        by_dim.setdefault(len(s) - 1, []).append(s)
    return [sorted(by_dim[k]) for k in range(max(by_dim) + 1)]


def rank(m):
    m = [[Fraction(x) for x in row] for row in m]
    r = 0
    cols = len(m[0]) if m else 0
    for c in range(cols):
        p = next((i for i in range(r, len(m)) if m[i][c] != 0), None)
        if p is None:
            continue
        m[r], m[p] = m[p], m[r]
        for i in range(len(m)):
            if i != r and m[i][c] != 0:
                f = m[i][c] / m[r][c]
                m[i] = [a - f * b for a, b in zip(m[i], m[r])]
        r += 1
    return r


def betti(facets):
    fs = faces(facets)
    ranks = [0]
    for k in range(1, len(fs)):
        index = {s: i for i, s in enumerate(fs[k - 1])}
        m = [[0] * len(fs[k]) for _ in fs[k - 1]]
        for j, t in enumerate(fs[k]):
            for r in range(len(t)):
                m[index[t[:r] + t[r + 1:]]][j] = (-1) ** r
        ranks.append(rank(m))
    ranks.append(0)
    return [len(fs[k]) - ranks[k] - ranks[k + 1] for k in range(len(fs))]


TETRA = [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]]
TRIANGLE = [[0, 1], [1, 2], [0, 2]]
# The 7-vertex (Möbius–Császár) torus: {i, i+1, i+3} and {i, i+2, i+3} modulo 7.
TORUS = sorted(sorted([i, (i + 1) % 7, (i + 3) % 7]) for i in range(7)) + \
    sorted(sorted([i, (i + 2) % 7, (i + 3) % 7]) for i in range(7))
assert len({tuple(f) for f in TORUS}) == 14
RP2 = [[1, 2, 3], [1, 3, 4], [1, 4, 5], [1, 5, 6], [1, 6, 2], [2, 3, 5], [3, 4, 6], [4, 5, 2], [5, 6, 3], [6, 2, 4]]
RP2 = [sorted(f) for f in RP2]
DISK = [[0, 1, 2], [0, 2, 3], [0, 3, 4], [0, 4, 1]]
TWO_CIRCLES = [[0, 1], [1, 2], [0, 2], [3, 4], [4, 5], [3, 5]]

for name, facets, least in [
    ("triangle boundary", TRIANGLE, [1, 1]),
    ("tetrahedron boundary", TETRA, [1, 0, 1]),
    ("7-vertex torus", TORUS, [1, 2, 1]),
    ("6-vertex RP2", RP2, [1, 1, 1]),
    ("a disk", DISK, [1, 0, 0]),
    ("two circles", TWO_CIRCLES, [2, 2]),
]:
    b = betti(facets)
    assert sum((-1) ** k * x for k, x in enumerate(b)) == sum((-1) ** k * x for k, x in enumerate(least))
    print(json.dumps({"capability": ID, "input": {"complex": {"facets": facets}, "morse_complex": True},
                      "expected": {"morse_complex": {"homology": {"betti": b}}}}))
    print(json.dumps({"capability": ID,
                      "input": {"complex": {"facets": facets}, "strategy": "minimum", "morse_complex": True,
                                "gradient_paths": True, "contraction": True},
                      "expected": {"critical_counts": least, "proven_minimum": True,
                                   "morse_complex": {"homology": {"betti": b}}}}))
