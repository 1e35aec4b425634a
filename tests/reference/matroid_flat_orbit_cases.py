"""Reference answers of flat_orbits in matroid.compute.properties by brute force over every subset of
the ground set: a subset is a flat of rank k when its rank is k and adding any element raises it
(ranks by SymPy over Q, by our own elimination modulo p over F_p), kept within the size bounds and
grouped into orbits by closing each under the generators. Known values: the Fano matroid (PG(2, 2),
the columns of F_2³ minus 0) has 7 lines, one orbit under the Singer cycle; U_{2,4} has 4 flats
of rank 1 in one orbit under the 4-cycle; the braid arrangement's matroid (the graphic matroid of
K_4 over Q) has 4 triangles and 3 pairs of opposite edges as its rank-2 flats.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json

from sympy import Matrix

CAP = "matroid.compute.properties"
CASES = []


def rank_mod(cols, p):
    rows = [list(r) for r in zip(*cols)] if cols else []
    rank = 0
    ncols = len(cols)
    for c in range(ncols):
        pivot = next((r for r in range(rank, len(rows)) if rows[r][c] % p), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        inv = pow(rows[rank][c], p - 2, p)
        rows[rank] = [x * inv % p for x in rows[rank]]
        for r in range(len(rows)):
            if r != rank and rows[r][c] % p:
                f = rows[r][c]
                rows[r] = [(x - f * y) % p for x, y in zip(rows[r], rows[rank])]
        rank += 1
    return rank


def case(matrix, ring, k, group, sizes=None):
    n = len(matrix[0])
    columns = [[row[j] for row in matrix] for j in range(n)]
    p = int(ring[2:]) if ring.startswith("F_") else None

    def rank(s):
        cols = [columns[j] for j in s]
        if not cols:
            return 0
        return rank_mod(cols, p) if p else Matrix(cols).T.rank()

    flats = []
    for size in range(n + 1):
        for s in itertools.combinations(range(n), size):
            r = rank(s)
            if r == k and all(rank(s + (e,)) > r for e in range(n) if e not in s):
                if sizes is None or sizes[0] <= size <= sizes[1]:
                    flats.append(frozenset(s))
    flats.sort(key=lambda f: sum(1 << x for x in f))
    seen, orbits = set(), []
    for f in flats:
        if f in seen:
            continue
        orbit, frontier = {f}, [f]
        while frontier:
            x = frontier.pop()
            for g in group:
                y = frozenset(g[e] for e in x)
                if y not in orbit:
                    orbit.add(y)
                    frontier.append(y)
        seen |= orbit
        orbits.append({"representative": sorted(f), "size": len(orbit)})
    inp = {"matroid": {"elements": n, "matrix": {"rows": matrix, "ring": ring}}, "properties": ["flat_orbits"],
           "flat_rank": k, "group": group}
    if sizes is not None:
        inp["flat_sizes"] = list(sizes)
    CASES.append({"capability": CAP, "input": inp,
                  "expected": {"flat_orbits": {"rank": k, "flats": len(flats), "orbits": orbits}}})


# Fano: columns are the nonzero vectors of F_2^3 as 1..7 in binary; the Singer cycle (multiplication
# by x in F_8 = F_2[x]/(x^3 + x + 1)) permutes its points and lines transitively.
fano = [[(v >> b) & 1 for v in range(1, 8)] for b in range(3)]


def singer(v):
    # Multiply by x in F_8 = F_2[x]/(x^3 + x + 1), v as bits of 1, x, x^2.
    w = v << 1
    if w & 8:
        w ^= 0b1011
    return w


case(fano, "F_2", 2, [[singer(v) - 1 for v in range(1, 8)]])
case(fano, "F_2", 1, [[singer(v) - 1 for v in range(1, 8)]])
case(fano, "F_2", 2, [])
# U_{2,4} over Q: four generic vectors in the plane, the 4-cycle is an automorphism.
u24 = [[1, 0, 1, 1], [0, 1, 1, 2]]
case(u24, "Q", 1, [[1, 2, 3, 0]])
case(u24, "Q", 2, [[1, 2, 3, 0]])
# K_4's graphic matroid (edges 01, 02, 03, 12, 13, 23 as e_i − e_j) with the vertex rotation 0→1→2→0.
edges = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
k4 = [[(1 if v == a else -1 if v == b else 0) for a, b in edges] for v in range(4)]
perm = {0: 1, 1: 2, 2: 0, 3: 3}
rot = [edges.index(tuple(sorted((perm[a], perm[b])))) for a, b in edges]
case(k4, "Q", 2, [rot])
case(k4, "Q", 2, [rot], sizes=(3, 3))
case(k4, "F_3", 1, [rot])

for c in CASES:
    print(json.dumps(c))
