"""Reference answers of topology.simplicial_complex.fundamental_group.

The abelianization of the presentation must be H_1 of the complex (Hurewicz), computed here
independently from the simplicial boundary matrices: b_1 = dim ker d_1 - rank d_2 and the torsion
from SymPy's Smith normal form of d_2 over Z. Edge-path words and induced maps are checked on
loops whose classes are known by hand: a loop around a circle once each way, a hexagon wound twice
around a triangle (degree 2, so g -> g^2), its composite with a reflection (degree -1, g -> g^-2),
and a basepoint change along a tree path (the identity).

Prints one JSON object per line: {"capability": id, "input": {...}, "expected": {...}}.
"""
import itertools
import json

from sympy import Matrix, ZZ
from sympy.matrices.normalforms import smith_normal_form

ID = "topology.simplicial_complex.fundamental_group"


def faces(facets):
    out = set()
    for f in facets:
        for k in range(1, len(f) + 1):
            out.update(itertools.combinations(sorted(f), k))
    by_dim = {}
    for s in out:
        by_dim.setdefault(len(s) - 1, []).append(s)
    return [sorted(by_dim.get(k, [])) for k in range(3)]


def component(facets, base):
    fs = faces(facets)
    adj = {}
    for u, v in fs[1]:
        adj.setdefault(u, set()).add(v)
        adj.setdefault(v, set()).add(u)
    seen, stack = {base}, [base]
    while stack:
        u = stack.pop()
        for v in adj.get(u, ()):
            if v not in seen:
                seen.add(v)
                stack.append(v)
    return [f for f in facets if f[0] in seen or any(v in seen for v in f)]


def h1(facets):
    """Abelian invariants of H_1: torsion coefficients ascending, then one 0 per free summand."""
    fs = faces(facets)
    index0 = {v: i for i, v in enumerate(fs[0])}
    index1 = {e: i for i, e in enumerate(fs[1])}
    d1 = Matrix.zeros(len(fs[0]), len(fs[1]))
    for j, (u, v) in enumerate(fs[1]):
        d1[index0[(u,)], j] = -1
        d1[index0[(v,)], j] = 1
    rank1 = d1.rank() if fs[1] else 0
    torsion, rank2 = [], 0
    if fs[2]:
        d2 = Matrix.zeros(len(fs[1]), len(fs[2]))
        for j, t in enumerate(fs[2]):
            for r in range(3):
                d2[index1[t[:r] + t[r + 1:]], j] = (-1) ** r
        rank2 = d2.rank()
        snf = smith_normal_form(d2, domain=ZZ)
        diag = [abs(snf[k, k]) for k in range(min(snf.shape))]
        torsion = sorted(int(x) for x in diag if x > 1)
    b1 = len(fs[1]) - rank1 - rank2
    return [str(t) for t in torsion] + ["0"] * b1


def case(inp, expected):
    print(json.dumps({"capability": ID, "input": inp, "expected": expected}))


CIRCLE = [[0, 1], [1, 2], [0, 2]]
HEXAGON = [[i, (i + 1) % 6] for i in range(6)]
HEXAGON = [sorted(e) for e in HEXAGON]
TORUS = sorted(sorted([i, (i + 1) % 7, (i + 3) % 7]) for i in range(7)) + \
    sorted(sorted([i, (i + 2) % 7, (i + 3) % 7]) for i in range(7))
RP2 = [sorted(f) for f in [[1, 2, 3], [1, 3, 4], [1, 4, 5], [1, 5, 6], [1, 6, 2], [2, 3, 5], [3, 4, 6],
                           [4, 5, 2], [5, 6, 3], [6, 2, 4]]]
SPHERE = [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]]
WEDGE = [[0, 1], [1, 2], [0, 2], [0, 3], [3, 4], [0, 4]]
DISK = [[0, 1, 2], [0, 2, 3]]
# A Klein bottle: the 3 x 3 grid of squares, each split in two, with the sides identified.
def klein():
    def v(i, j):
        i, j = i % 3, j % 3
        return 3 * i + j
    def vk(i, j):
        # (i, j) with i wrapping plainly and j wrapping with a flip of i.
        if j == 3:
            i, j = (3 - i) % 3, 0
        return v(i, j)
    out = []
    for i in range(3):
        for j in range(3):
            a, b, c, d = vk(i, j), vk(i + 1, j), vk(i, j + 1), vk(i + 1, j + 1)
            out.append(sorted([a, b, d]))
            out.append(sorted([a, c, d]))
    return out
KLEIN = klein()
TWO_PIECES = [[0, 1], [1, 2], [0, 2], [5, 6, 7]]

for name, facets, base in [("circle", CIRCLE, None), ("torus", TORUS, None), ("RP2", RP2, None),
                           ("sphere", SPHERE, None), ("wedge of circles", WEDGE, None), ("disk", DISK, None),
                           ("Klein bottle", KLEIN, None), ("two pieces, at 5", TWO_PIECES, 5),
                           ("two pieces, at 0", TWO_PIECES, 0)]:
    inp = {"complex": {"facets": facets}, "operation": "presentation"}
    if base is not None:
        inp["basepoint"] = base
    start = base if base is not None else min(v for f in facets for v in f)
    case(inp, {"abelianization": h1(component(facets, start))})

# Loops around the circle (tree 0-1, 0-2 from basepoint 0; the generator is the edge 1-2).
case({"complex": {"facets": CIRCLE}, "operation": "edge_path_word", "path": [0, 1, 2, 0]},
     {"word": "g1", "loop_at_basepoint": True})
case({"complex": {"facets": CIRCLE}, "operation": "edge_path_word", "path": [0, 2, 1, 0, 2, 1, 0]},
     {"word": "g1^-2", "loop_at_basepoint": True})
case({"complex": {"facets": CIRCLE}, "operation": "concatenate", "paths": [[0, 1, 2], [2, 0], [0, 2, 1, 0]]},
     {"word": "1", "loop_at_basepoint": True, "path": [0, 1, 2, 0, 2, 1, 0]})
case({"complex": {"facets": CIRCLE}, "operation": "basepoint_change", "path": [0, 1]},
     {"images": {"g1": "g1"}, "new_basepoint": 1})
# The hexagon wound twice around the triangle: degree 2; then a reflection: degree -1.
wrap = [[v, v % 3] for v in range(6)]
case({"complex": {"facets": HEXAGON}, "operation": "induced_map",
      "stages": [{"target": {"facets": CIRCLE}, "map": wrap}]},
     {"images": {"g1": "g1^2"}})
reflect = [[0, 0], [1, 2], [2, 1]]
case({"complex": {"facets": HEXAGON}, "operation": "compose",
      "stages": [{"target": {"facets": CIRCLE}, "map": wrap}, {"target": {"facets": CIRCLE}, "map": reflect}]},
     {"images": {"g1": "g1^-2"}, "composed_images": {"g1": "g1^-2"},
      "composite_map": [[v, [0, 2, 1][v % 3]] for v in range(6)]})
