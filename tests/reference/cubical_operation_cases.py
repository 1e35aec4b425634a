"""Reference answers for topology.cubical_complex.operation, computed by brute force over
elementary cubes written out here (pure Python: itertools, fractions; no numpy, no SymPy).

Prints one JSON object per line, {"capability": ..., "input": ..., "expected": ...}, like the
other scripts in this directory; the harness checks that `expected` is contained in the output.

Model.  An elementary cube is a tuple of (lower end, non-degenerate 0/1) per axis; its text is
the per-axis "[a,a+1]" or "[a]" joined by "x".  A 1 at (r, c) of a bitmap (or (l, r, c) of a
voxel grid) is the top cube with every axis non-degenerate at that lower corner.  The cubical set
is every face of every top cube: for each axis independently keep it, or collapse it to its lower
or its upper end (3^d choices per top cube), collected in a set.  Cell order everywhere: by
dimension, then by the tuple itself (Python tuple order of [(a0, nd0), (a1, nd1), ...]).

How each expected value is obtained, independently of the Rust code:
  skeleton        the cells of the set with dimension <= k, counted per dimension 0..d; Euler
                  characteristic = sum (-1)^dim; "list" (texts in cell order) when <= 40 cells.
  boundary        every (d-1)-cube of the set is tested against every top cell (is it one of its
                  2d facets?); those lying in exactly one top cell, closed under taking faces.
  closed_star     every cell of the set is tested "is the given cell a face of it" (per axis: a
                  degenerate axis of the given cell lies at an end of / equals the other cell's
                  axis, a non-degenerate axis equals it), then the union of their faces.
  face_poset      every ordered pair of cells of the set is tested: same-axis containment and a
                  dimension difference of exactly 1 (quadratic brute force, no formula).
  triangulation   each top cube of dimension d with lower corner v gives, per permutation s of
                  its axes, the simplex {v, v+e_s1, v+e_s1+e_s2, ...}; all non-empty subsets of
                  these vertex sets are collected in a set of frozensets and counted by size-1.
                  (Checked against the cubical Euler characteristic as a sanity assertion.)
  filtration      cell values: min over the top cells containing the cell ("top_cells") or max
                  over the cube's 2^dim corner lattice points ("lower_star"); for each distinct
                  value v, the sublevel cells and their Betti numbers over Q,
                  b_k = n_k - rank d_k - rank d_{k+1}, with the boundary
                  dQ = sum over non-degenerate axes a of (-1)^(#non-degenerate axes before a)
                  ((Q, axis a at upper end) - (Q, axis a at lower end)), ranks by exact
                  Fraction Gaussian elimination.  (d∘d = 0 is asserted.)
  external_product  every pair of terms (a, Q), (b, P) gives a·b on the concatenated tuple
                  Q + P; accumulated in a dict, zeros dropped, sorted in cell order.
"""
import itertools
import json
import random
from fractions import Fraction

CAP = "topology.cubical_complex.operation"
rng = random.Random(20261206)
CASES = []


def case(inp, expected):
    c = {"capability": CAP, "input": inp, "expected": expected}
    # Skeleta, boundaries, stars and filtrations carry Smith certificates of their homology;
    # the face poset, the triangulation and the external product are computed, not certified.
    if inp["operation"] in ("face_poset", "triangulation", "external_product"):
        c["assurance"] = "COMPUTED"
    CASES.append(c)


# ---------------------------------------------------------------- elementary cubes
def dim(q):
    return sum(nd for _, nd in q)


def key(q):
    return (dim(q), q)


def text(q):
    return "x".join("[%d,%d]" % (a, a + 1) if nd else "[%d]" % a for a, nd in q)


def parse(t):
    out = []
    for part in t.split("x"):
        nums = [int(x) for x in part.strip()[1:-1].split(",")]
        if len(nums) == 2:
            assert nums[1] == nums[0] + 1
            out.append((nums[0], 1))
        else:
            out.append((nums[0], 0))
    return tuple(out)


def faces(q):
    """All faces of q (including q): each non-degenerate axis kept, or at its lower/upper end."""
    choices = []
    for a, nd in q:
        choices.append([(a, 1), (a, 0), (a + 1, 0)] if nd else [(a, 0)])
    return set(itertools.product(*choices))


def is_face(p, q):
    """p is a face of q (same number of axes)."""
    for (a, n), (b, m) in zip(p, q):
        if m:
            if n:
                if a != b:
                    return False
            elif a not in (b, b + 1):
                return False
        else:
            if n or a != b:
                return False
    return True


def vertices(q):
    return list(itertools.product(*[(a, a + 1) if nd else (a,) for a, nd in q]))


def boundary(q):
    """Cubical boundary as a dict cell -> coefficient."""
    out = {}
    seen = 0
    for i, (a, nd) in enumerate(q):
        if not nd:
            continue
        sign = -1 if seen % 2 else 1
        seen += 1
        up = q[:i] + ((a + 1, 0),) + q[i + 1:]
        lo = q[:i] + ((a, 0),) + q[i + 1:]
        out[up] = out.get(up, 0) + sign
        out[lo] = out.get(lo, 0) - sign
    return {k: v for k, v in out.items() if v}


# ---------------------------------------------------------------- complexes
def tops_of(inp):
    if "bitmap" in inp:
        g = inp["bitmap"]
        return 2, [((r, 1), (c, 1)) for r in range(len(g)) for c in range(len(g[r])) if g[r][c]]
    g = inp["voxels"]
    return 3, [((l, 1), (r, 1), (c, 1)) for l in range(len(g)) for r in range(len(g[l]))
               for c in range(len(g[l][r])) if g[l][r][c]]


def closure(cells):
    out = set()
    for q in cells:
        out |= faces(q)
    return out


def counts(cells, d):
    n = [0] * (d + 1)
    for q in cells:
        n[dim(q)] += 1
    return n


def euler(n):
    return sum((-1) ** i * x for i, x in enumerate(n))


def describe(cells, d):
    n = counts(cells, d)
    e = {"cells": n, "euler_characteristic": euler(n)}
    if len(cells) <= 40:
        e["list"] = [text(q) for q in sorted(cells, key=key)]
    return e


def rank(rows):
    """Rank over Q of a sparse matrix given as a list of dicts col -> value."""
    rows = [{k: Fraction(v) for k, v in r.items() if v} for r in rows]
    rows = [r for r in rows if r]
    r = 0
    pivots = {}
    for row in rows:
        row = dict(row)
        while row:
            c = min(row)
            if c in pivots:
                prow = pivots[c]
                f = row[c] / prow[c]
                for k, v in prow.items():
                    nv = row.get(k, 0) - f * v
                    if nv:
                        row[k] = nv
                    else:
                        row.pop(k, None)
            else:
                pivots[c] = row
                r += 1
                break
    return r


def betti(cells, d):
    cells = set(cells)
    by = [sorted([q for q in cells if dim(q) == k], key=key) for k in range(d + 1)]
    idx = [{q: i for i, q in enumerate(b)} for b in by]
    ranks = [0] * (d + 2)
    for k in range(1, d + 1):
        rows = []
        for q in by[k]:
            bd = boundary(q)
            assert all(p in cells for p in bd)
            rows.append({idx[k - 1][p]: v for p, v in bd.items()})
        ranks[k] = rank(rows)
    return [len(by[k]) - ranks[k] - ranks[k + 1] for k in range(d + 1)]


# d∘d = 0 sanity check on a 3-cube and a 4-cube
for q in [((0, 1), (0, 1), (0, 1)), ((0, 1), (2, 1), (1, 1), (5, 1))]:
    tot = {}
    for p, v in boundary(q).items():
        for s, w in boundary(p).items():
            tot[s] = tot.get(s, 0) + v * w
    assert all(v == 0 for v in tot.values())


# ---------------------------------------------------------------- operations
def op_skeleton(inp):
    d, tops = tops_of(inp)
    cells = {q for q in closure(tops) if dim(q) <= inp["dimension"]}
    return describe(cells, d)


def op_boundary(inp):
    d, tops = tops_of(inp)
    cells = closure(tops)
    facets = [q for q in cells if dim(q) == d - 1 and sum(1 for t in tops if is_face(q, t)) == 1]
    return describe(closure(facets), d)


def op_closed_star(inp):
    d, tops = tops_of(inp)
    cells = closure(tops)
    c = parse(inp["cell"])
    assert c in cells
    return describe(closure([q for q in cells if is_face(c, q)]), d)


def op_face_poset(inp):
    d, tops = tops_of(inp)
    cells = sorted(closure(tops), key=key)
    covers = sum(1 for p in cells for q in cells if dim(q) == dim(p) + 1 and is_face(p, q))
    return {"cells": counts(cells, d), "covers": covers}


def op_triangulation(inp):
    d, tops = tops_of(inp)
    simplices = set()
    for t in tops:
        v = [a for a, _ in t]
        for perm in itertools.permutations(range(d)):
            pts = [tuple(v)]
            cur = list(v)
            for ax in perm:
                cur[ax] += 1
                pts.append(tuple(cur))
            for k in range(1, d + 2):
                for sub in itertools.combinations(pts, k):
                    simplices.add(frozenset(sub))
    n = [0] * (d + 1)
    for s in simplices:
        n[len(s) - 1] += 1
    assert euler(n) == euler(counts(closure(tops), d))
    return {"simplices": n, "euler_characteristic": euler(n)}


def op_filtration(inp):
    d, tops = tops_of(inp)
    cells = closure(tops)
    val = {}
    if inp["filtration"] == "top_cells":
        g = inp["values"]
        for t in tops:
            tv = g
            for a, _ in t:
                tv = tv[a]
            for q in faces(t):
                val[q] = min(val.get(q, tv), tv)
    else:
        g = inp["vertex_values"]

        def at(p):
            x = g
            for a in p:
                x = x[a]
            return x
        for q in cells:
            val[q] = max(at(p) for p in vertices(q))
    levels = []
    for v in sorted(set(val.values())):
        sub = {q for q in cells if val[q] <= v}
        assert closure(sub) == sub
        levels.append({"value": v, "cells": len(sub), "betti": betti(sub, d)})
    return {"levels": levels}


def op_external_product(inp):
    acc = {}
    for a, qt in inp["left"]:
        for b, pt in inp["right"]:
            c = parse(qt) + parse(pt)
            acc[c] = acc.get(c, 0) + a * b
    return {"product": [[acc[c], text(c)] for c in sorted(acc, key=key) if acc[c]]}


OPS = {"skeleton": op_skeleton, "boundary": op_boundary, "closed_star": op_closed_star,
       "face_poset": op_face_poset, "triangulation": op_triangulation,
       "filtration": op_filtration, "external_product": op_external_product}


def add(inp):
    case(inp, OPS[inp["operation"]](inp))


# ---------------------------------------------------------------- shapes
PIXEL = [[1]]
RING = [[1, 1, 1], [1, 0, 1], [1, 1, 1]]
L_SHAPE = [[1, 0], [1, 0], [1, 1]]
TWO = [[1, 0, 1]]
TWO_HOLES = [[1, 1, 1, 1], [1, 0, 1, 1], [1, 1, 0, 1], [1, 1, 1, 1]]
VOXEL = [[[1]]]
HOLLOW = [[[1] * 3 for _ in range(3)] for _ in range(3)]
HOLLOW[1][1][1] = 0
SLAB = [[[1, 1], [1, 0]], [[0, 0], [0, 1]]]  # an L of three voxels plus one touching at an edge
random_bitmap = [[int(rng.random() < 0.65) for _ in range(5)] for _ in range(4)]

# sanity: the hollow cube has fewer than 1,200 cells
assert len(closure(tops_of({"voxels": HOLLOW})[1])) < 1200

# skeleton
add({"bitmap": PIXEL, "operation": "skeleton", "dimension": 1})
add({"bitmap": RING, "operation": "skeleton", "dimension": 0})
add({"bitmap": L_SHAPE, "operation": "skeleton", "dimension": 2})
add({"voxels": VOXEL, "operation": "skeleton", "dimension": 1})
add({"voxels": HOLLOW, "operation": "skeleton", "dimension": 2})

# boundary
add({"bitmap": PIXEL, "operation": "boundary"})
add({"bitmap": RING, "operation": "boundary"})
add({"bitmap": TWO_HOLES, "operation": "boundary"})
add({"voxels": VOXEL, "operation": "boundary"})
add({"voxels": HOLLOW, "operation": "boundary"})

# closed star
add({"bitmap": RING, "operation": "closed_star", "cell": "[1]x[1]"})
add({"bitmap": L_SHAPE, "operation": "closed_star", "cell": "[2]x[0,1]"})
add({"bitmap": TWO, "operation": "closed_star", "cell": "[0]x[2]"})
add({"voxels": HOLLOW, "operation": "closed_star", "cell": "[1]x[1]x[1]"})
add({"voxels": SLAB, "operation": "closed_star", "cell": "[1]x[1]x[1,2]"})

# face poset
add({"bitmap": RING, "operation": "face_poset"})
add({"bitmap": TWO, "operation": "face_poset"})
add({"voxels": VOXEL, "operation": "face_poset"})

# triangulation
add({"bitmap": PIXEL, "operation": "triangulation"})
add({"bitmap": L_SHAPE, "operation": "triangulation"})
add({"voxels": VOXEL, "operation": "triangulation"})
add({"voxels": SLAB, "operation": "triangulation"})

# filtrations
add({"bitmap": RING, "operation": "filtration", "filtration": "top_cells",
     "values": [[1, 1, 2], [3, 9, 2], [3, 3, 2]]})
add({"bitmap": TWO_HOLES, "operation": "filtration", "filtration": "lower_star",
     "vertex_values": [[0, 0, 1, 1, 1], [0, 0, 1, 1, 1], [2, 2, 2, 1, 1], [2, 2, 3, 3, 3], [2, 2, 3, 3, 3]]})
add({"bitmap": TWO, "operation": "filtration", "filtration": "top_cells", "values": [[5, 0, 7]]})
add({"bitmap": random_bitmap, "operation": "filtration", "filtration": "lower_star",
     "vertex_values": [[rng.randint(0, 3) for _ in range(6)] for _ in range(5)]})
add({"voxels": HOLLOW, "operation": "filtration", "filtration": "top_cells",
     "values": [[[1 if l == 0 else 2 for _ in range(3)] for _ in range(3)] for l in range(3)]})
add({"voxels": SLAB, "operation": "filtration", "filtration": "lower_star",
     "vertex_values": [[[(l + r + c) % 3 for c in range(3)] for r in range(3)] for l in range(3)]})

# external products
add({"operation": "external_product", "left": [[1, "[0,1]"], [-1, "[1]"]],
     "right": [[2, "[0]"], [3, "[0,1]"]]})
add({"operation": "external_product", "left": [[2, "[0]x[1,2]"], [1, "[3,4]x[0,1]"]],
     "right": [[-1, "[5,6]"], [4, "[2]"]]})
add({"operation": "external_product", "left": [[1, "[0]"], [2, "[1]"], [-2, "[1]"]],
     "right": [[3, "[0,1]x[0]"], [-1, "[1]x[0,1]"]]})

if __name__ == "__main__":
    for c in CASES:
        print(json.dumps(c))
