"""Reference answers of matroid.construct.standard from the definitions of the families and their
textbook sizes and ranks, not from the capability's constructions.

- U_{k,n}: n elements, rank k, every k-subset a basis — the bases are itertools.combinations of
  range(n), which come in lexicographic order; C(n, k) of them.
- Graphic matroids (K_n, wheels, given edge lists with loops, parallel edges and isolated
  vertices): the element count is the number of edges (C(n, 2) for K_n, 2n for the wheel with n
  spokes) and the rank is |V| − (number of connected components), with the graph built and its
  components counted by networkx (MultiGraph, every vertex 0..n−1 present).
- Fano and non-Fano planes: 7 points of rank 3; the Vámos matroid: 8 elements of rank 4 (its
  bases are the C(8, 4) − 5 = 65 four-sets other than five circuit-hyperplanes; only the element
  count and rank are compared, as the labelling of the pairs is a convention).
- PG(r − 1, p): (p^r − 1)/(p − 1) points, rank r; AG(r, p): p^r points, rank r + 1. Both are also
  rebuilt here as vector sets — one normalized representative per line of F_p^r, and the vectors
  (1, v) — whose rank over F_p is computed by Gaussian elimination mod p.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json
import math
import random

import networkx as nx

CAP = "matroid.construct.standard"
rng = random.Random(20260716)
CASES = []


def rank_mod_p(vectors, p):
    rows = [list(v) for v in vectors]
    rank, cols = 0, len(rows[0]) if rows else 0
    for c in range(cols):
        pivot = next((i for i in range(rank, len(rows)) if rows[i][c] % p), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        inv = pow(rows[rank][c], -1, p)
        rows[rank] = [x * inv % p for x in rows[rank]]
        for i in range(len(rows)):
            if i != rank and rows[i][c] % p:
                f = rows[i][c]
                rows[i] = [(x - f * y) % p for x, y in zip(rows[i], rows[rank])]
        rank += 1
    return rank


def graph_rank(n, edges):
    g = nx.MultiGraph()
    g.add_nodes_from(range(n))
    g.add_edges_from(edges)
    return n - nx.number_connected_components(g) if n else 0


def emit(inp, elements, rank, matroid_extra=None):
    matroid = {"elements": elements}
    if matroid_extra:
        matroid.update(matroid_extra)
    CASES.append({"capability": CAP, "input": inp,
                  "expected": {"family": inp["family"], "elements": elements, "rank": rank, "matroid": matroid}})


# Uniform matroids, with their bases in lexicographic order.
for n, k in [(4, 2), (7, 3), (5, 0), (5, 5), (20, 4), (64, 2), (64, 63)]:
    bases = [list(b) for b in itertools.combinations(range(n), k)]
    assert len(bases) == math.comb(n, k)
    emit({"family": "uniform", "n": n, "rank": k}, n, k, {"bases": bases})

# The Vámos matroid.
assert math.comb(8, 4) - 5 == 65
emit({"family": "vamos"}, 8, 4)

# Complete graphs.
for n in (1, 4, 7, 11):
    edges = list(nx.complete_graph(n).edges())
    assert len(edges) == math.comb(n, 2)
    emit({"family": "complete_graph", "n": n}, len(edges), graph_rank(n, edges))

# Wheels: a hub and an n-cycle, 2n edges, n + 1 vertices.
for n in (3, 5, 20, 32):
    g = nx.wheel_graph(n + 1)
    assert g.number_of_edges() == 2 * n
    emit({"family": "wheel", "n": n}, 2 * n, graph_rank(n + 1, list(g.edges())))

# Graphs given by edges.
graphs = [
    (4, [[0, 1], [1, 2], [2, 3], [3, 0]]),                       # a 4-cycle: rank 3
    (6, [[0, 1], [1, 2], [3, 4]]),                               # a forest with an isolated vertex
    (3, [[0, 1], [0, 1], [1, 1], [1, 2]]),                       # parallel edges and a loop
    (5, [[2, 2], [4, 4]]),                                       # loops only: rank 0
    (10, [list(e) for e in nx.petersen_graph().edges()]),        # Petersen: rank 9
]
for n, edges in graphs:
    emit({"family": "graphic", "n": n, "edges": edges}, len(edges), graph_rank(n, [tuple(e) for e in edges]))
# A random multigraph on 30 vertices with 64 edges (the most allowed).
edges = [sorted(rng.sample(range(30), 2)) for _ in range(60)] + [[v, v] for v in rng.sample(range(30), 4)]
emit({"family": "graphic", "n": 30, "edges": edges}, 64, graph_rank(30, [tuple(e) for e in edges]))
# Two components of K_4 and a triangle, with two isolated vertices.
edges = [list(e) for e in itertools.combinations(range(4), 2)] + [[4, 5], [5, 6], [4, 6]]
emit({"family": "graphic", "n": 9, "edges": edges}, 9, 9 - 4)
assert graph_rank(9, [tuple(e) for e in edges]) == 5

# Fano and non-Fano planes.
fano = [v for v in itertools.product(range(2), repeat=3) if any(v)]
assert len(fano) == 7 and rank_mod_p(fano, 2) == 3
emit({"family": "fano"}, 7, 3)
emit({"family": "non_fano"}, 7, 3)


# Projective and affine geometries.
def pg_points(r, p):
    return [v for v in itertools.product(range(p), repeat=r) if any(v) and next(x for x in v if x) == 1]


for r, p in [(1, 2), (2, 61), (3, 2), (3, 3), (3, 7), (4, 2), (4, 3), (6, 2)]:
    pts = pg_points(r, p)
    assert len(pts) == (p ** r - 1) // (p - 1)
    assert rank_mod_p(pts, p) == r
    emit({"family": "projective_geometry", "rank": r, "p": p}, len(pts), r)
for r, p in [(1, 5), (2, 3), (3, 2), (2, 7), (6, 2)]:
    pts = [(1,) + v for v in itertools.product(range(p), repeat=r)]
    assert len(pts) == p ** r
    assert rank_mod_p(pts, p) == r + 1
    emit({"family": "affine_geometry", "rank": r, "p": p}, len(pts), r + 1)

for c in CASES:
    print(json.dumps(c))
