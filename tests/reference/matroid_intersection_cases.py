"""Reference answers of matroid.intersection.compute.

- Bipartite matching is the intersection of two partition matroids (one block per left vertex,
  one per right vertex, capacity 1): NetworkX's max_weight_matching gives the largest matching,
  the heaviest, and the heaviest of largest size; König's vertex cover from NetworkX gives a
  rank certificate U (the edges whose left end is in the cover), which must check, and the cover
  without one of its vertices must not.
- Rainbow forests (a graph's cycle matroid and a colour partition), a column matroid over Q and a
  matroid by bases against a uniform or partition matroid: every subset enumerated, independence
  by union-find, SymPy ranks and the bases.
- Weight splittings: the exchange conditions evaluated here by brute force on given splittings.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json
import random

import networkx as nx
from sympy import Matrix

CAP = "matroid.intersection.compute"
CASES = []
rng = random.Random(1914)


def case(inp, expected):
    CASES.append({"capability": CAP, "input": inp, "expected": expected})


# Bipartite matchings.
for trial in range(8):
    nl, nr = rng.randint(2, 5), rng.randint(2, 5)
    edges = sorted({(rng.randrange(nl), rng.randrange(nr)) for _ in range(rng.randint(3, 10))})
    weights = [rng.randint(1, 20) for _ in edges]
    G = nx.Graph()
    G.add_nodes_from([("L", a) for a in range(nl)] + [("R", b) for b in range(nr)])
    for (a, b), w in zip(edges, weights):
        G.add_edge(("L", a), ("R", b), weight=w)
    size = len(nx.max_weight_matching(G, maxcardinality=True, weight=None))
    heaviest = nx.max_weight_matching(G, weight="weight")
    heavy_full = nx.max_weight_matching(G, maxcardinality=True, weight="weight")
    total = lambda m: sum(G[u][v]["weight"] for u, v in m)
    r1, r2 = len({a for a, _ in edges}), len({b for _, b in edges})
    first = {"partition": {"blocks": [a for a, _ in edges], "capacities": [1] * nl}}
    second = {"partition": {"blocks": [b for _, b in edges], "capacities": [1] * nr}}
    case({"first": first, "second": second, "weights": weights,
          "questions": ["maximum", "common_basis", "maximum_weight", "maximum_cardinality_weighted"]},
         {"maximum": {"size": size, "certificate": {"bound": size}},
          "common_basis": {"exists": size == r1 == r2, "ranks": [r1, r2], "largest_common_independent": size},
          "maximum_weight": {"weight": total(heaviest)},
          "maximum_cardinality_weighted": {"size": size, "weight": total(heavy_full)}})
    # König: a minimum vertex cover from a maximum matching; U = edges with their left end in it.
    top = [("L", a) for a in range(nl)]
    matching = nx.bipartite.maximum_matching(G, top_nodes=top)
    cover = nx.bipartite.to_vertex_cover(G, matching, top_nodes=top)
    left = {a for (side, a) in cover if side == "L"}
    u = [k for k, (a, _) in enumerate(edges) if a in left]
    matched = sorted(k for k, (a, b) in enumerate(edges) if matching.get(("L", a)) == ("R", b))
    case({"first": first, "second": second, "questions": ["check"],
          "certificate": {"set": matched, "cover": u}},
         {"check": {"common_independent": True, "cover": {"bound": size, "holds": True}, "valid": True}})
    if len(cover) > 0 and matched:
        # A smaller set than the largest, or a cover that misses an edge, fails.
        case({"first": first, "second": second, "questions": ["check"],
              "certificate": {"set": matched[1:], "cover": u}},
             {"check": {"common_independent": True, "cover": {"holds": False}, "valid": False}})


def forest(edges, subset):
    parent = {}

    def find(a):
        while parent.get(a, a) != a:
            a = parent[a]
        return a
    for k in subset:
        u, v = edges[k]
        a, b = find(u), find(v)
        if a == b:
            return False
        parent[a] = b
    return True


def partition_ok(blocks, caps, subset):
    counts = {}
    for k in subset:
        counts[blocks[k]] = counts.get(blocks[k], 0) + 1
    return all(c <= caps[b] for b, c in counts.items())


def brute(n, ind1, ind2, weights):
    common = [s for r in range(n + 1) for s in itertools.combinations(range(n), r) if ind1(s) and ind2(s)]
    size = max(len(s) for s in common)
    w = lambda s: sum(weights[k] for k in s)
    heaviest = max(w(s) for s in common)
    heavy_full = max(w(s) for s in common if len(s) == size)
    return common, size, heaviest, heavy_full


def rank_of(ind, n, subset):
    best = 0
    for r in range(len(subset) + 1):
        for s in itertools.combinations(subset, r):
            if ind(s):
                best = max(best, r)
    return best


def swap_violation(ind, w, I, n):
    """Whether some swap I − y + x is independent with w(x) > w(y)."""
    Iset = set(I)
    for x in range(n):
        if x in Iset:
            continue
        for y in I:
            t = tuple(sorted((Iset - {y}) | {x}))
            if w[x] > w[y] and ind(t):
                return True
    return False


def compare(first, second, n, ind1, ind2, weights, splittings=()):
    common, size, heaviest, heavy_full = brute(n, ind1, ind2, weights)
    r1, r2 = rank_of(ind1, n, range(n)), rank_of(ind2, n, range(n))
    case({"first": first, "second": second, "weights": weights,
          "questions": ["maximum", "common_basis", "maximum_weight", "maximum_cardinality_weighted"]},
         {"maximum": {"size": size, "certificate": {"bound": size}},
          "common_basis": {"exists": size == r1 == r2, "ranks": [r1, r2]},
          "maximum_weight": {"weight": heaviest},
          "maximum_cardinality_weighted": {"size": size, "weight": heavy_full}})
    # Splittings checked by the exchange conditions, on a heaviest largest set.
    I = max((s for s in common if len(s) == size), key=lambda s: sum(weights[k] for k in s))
    for w1 in splittings:
        w2 = [a - b for a, b in zip(weights, w1)]
        ok = not swap_violation(ind1, w1, I, n) and not swap_violation(ind2, w2, I, n)
        case({"first": first, "second": second, "weights": weights, "questions": ["check"],
              "certificate": {"set": list(I), "first_weights": w1}},
             {"check": {"common_independent": True, "splitting": {"holds": ok}, "valid": ok}})


# Rainbow spanning forests.
for trial in range(5):
    v = rng.randint(3, 6)
    edges = [tuple(rng.sample(range(v), 2)) for _ in range(rng.randint(4, 10))]
    colours = [rng.randrange(3) for _ in edges]
    caps = [rng.randint(1, 2) for _ in range(3)]
    weights = [rng.randint(-5, 15) for _ in edges]
    n = len(edges)
    compare({"graph": {"vertices": v, "edges": [list(e) for e in edges]}},
            {"partition": {"blocks": colours, "capacities": caps}}, n,
            lambda s, e=edges: forest(e, s), lambda s, c=colours, k=caps: partition_ok(c, k, s), weights,
            splittings=[weights, [0] * n, [rng.randint(-5, 15) for _ in range(n)]])

# A column matroid over Q against a partition matroid, and a matroid by bases against U(2, n).
for trial in range(3):
    n = 7
    A = [[rng.randint(-2, 2) for _ in range(n)] for _ in range(3)]
    ind1 = lambda s, A=A: len(s) == 0 or Matrix([[row[k] for k in s] for row in A]).rank() == len(s)
    blocks = [rng.randrange(3) for _ in range(n)]
    caps = [2, 1, 1]
    weights = [rng.randint(0, 9) for _ in range(n)]
    compare({"matroid": {"elements": n, "matrix": {"ring": "Q", "rows": A}}},
            {"partition": {"blocks": blocks, "capacities": caps}}, n,
            ind1, lambda s, b=blocks: partition_ok(b, caps, s), weights)
bases = [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3]]  # U(2,4) without the basis {2, 3}
ind_b = lambda s: any(set(s) <= set(b) for b in bases)
compare({"matroid": {"elements": 4, "bases": bases}}, {"partition": {"blocks": [0, 0, 1, 1], "capacities": [1, 2]}},
        4, ind_b, lambda s: partition_ok([0, 0, 1, 1], [1, 2], s), [3, 1, 4, 1])

# The graphic representation: rank of the oriented incidence matrix = |V| − components.
G = nx.Graph([(0, 1), (1, 2), (2, 0), (3, 4)])
G.add_node(5)
edges = [[0, 1], [1, 2], [0, 2], [3, 4]]
case({"first": {"graph": {"vertices": 6, "edges": edges}}, "second": {"partition": {"blocks": [0] * 4, "capacities": [4]}},
      "questions": ["represent"]},
     {"represent": {"rank": 6 - nx.number_connected_components(G),
                    "rows": [[1, 0, 1, 0], [-1, 1, 0, 0], [0, -1, -1, 0], [0, 0, 0, 1], [0, 0, 0, -1], [0, 0, 0, 0]]}})

for c in CASES:
    print(json.dumps(c))
