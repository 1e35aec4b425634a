"""Reference answers of hypergraph.compute.properties by brute force over every subset of the
points (n ≤ 10) and every subfamily of the edges, in plain Python: parameters, degrees, the first
disjoint pair, uncovered points, the dual, pairwise intersections, the intersection graph and the
2-section, and the sizes of a minimum transversal, a maximum matching, a maximum independent set,
and whether an exact cover exists (the witnesses themselves may differ, so only sizes are compared).

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json
import random

rng = random.Random(64)
CASES = []
PROPS = ["parameters", "degrees", "intersecting", "covering", "dual", "edge_intersections", "intersection_graph",
         "clique_expansion", "incidence_graph", "minimum_transversal", "maximum_matching", "independence_number", "exact_cover"]


def case(n, sets):
    sets = [sorted(set(s)) for s in sets]
    m = len(sets)
    sizes = [len(s) for s in sets]
    pairs = [(a, b) for a in range(m) for b in range(a + 1, m)]
    disjoint = next(([a, b] for a, b in pairs if not set(sets[a]) & set(sets[b])), None)
    covered = set().union(*sets) if sets else set()
    subsets = [set(c) for k in range(n + 1) for c in itertools.combinations(range(n), k)]
    has_empty = any(len(s) == 0 for s in sets)
    transversal = None if has_empty else min(len(t) for t in subsets if all(t & set(s) for s in sets))
    matching = max(k for k in range(m + 1) for c in itertools.combinations(range(m), k)
                   if all(not set(sets[a]) & set(sets[b]) for a, b in itertools.combinations(c, 2)))
    exact = any(sorted(x for j in c for x in sets[j]) == list(range(n))
                for k in range(m + 1) for c in itertools.combinations(range(m), k))
    expected = {
        "parameters": {"points": n, "edges": m, "rank": max(sizes, default=0), "corank": min(sizes, default=0),
                       "uniform": max(sizes, default=0) == min(sizes, default=0)},
        "degrees": [sum(x in s for s in sets) for x in range(n)],
        "intersecting": {"intersecting": disjoint is None, "disjoint_pair": disjoint},
        "covering": {"covering": covered == set(range(n)), "uncovered": [x for x in range(n) if x not in covered]},
        "dual": {"points": m, "sets": [[j for j, s in enumerate(sets) if x in s] for x in range(n)]},
        "edge_intersections": [[a, b, len(set(sets[a]) & set(sets[b]))] for a, b in pairs],
        "intersection_graph": [[a, b] for a, b in pairs if set(sets[a]) & set(sets[b])],
        "clique_expansion": sorted({(x, y) for s in sets for x, y in itertools.combinations(s, 2)}),
        "incidence_graph": sorted([x, n + j] for j, s in enumerate(sets) for x in s),
        "maximum_matching": {"size": matching},
        "exact_cover": {"exists": exact},
    }
    expected["clique_expansion"] = [list(e) for e in expected["clique_expansion"]]
    if transversal is None:
        expected["minimum_transversal"] = {"exists": False}
    else:
        expected["minimum_transversal"] = {"exists": True, "size": transversal}
        expected["independence_number"] = {"independence_number": n - transversal}
    CASES.append({"capability": "hypergraph.compute.properties",
                  "input": {"system": {"points": n, "sets": sets}, "properties": PROPS}, "expected": expected})


# The Fano plane (intersecting, 3-uniform), a perfect matching of K_6, and random systems.
fano = [[0, 1, 2], [0, 3, 4], [0, 5, 6], [1, 3, 5], [1, 4, 6], [2, 3, 6], [2, 4, 5]]
case(7, fano)
case(6, [[a, b] for a in range(6) for b in range(a + 1, 6)])
case(5, [[0, 1], [2, 3]])  # point 4 uncovered
for _ in range(6):
    n = rng.randint(3, 9)
    case(n, [rng.sample(range(n), rng.randint(1, min(4, n))) for _ in range(rng.randint(1, 8))])

for c in CASES:
    print(json.dumps(c))
