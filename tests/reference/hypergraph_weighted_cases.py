"""Reference answers of the weighted, coloured and random questions of hypergraph.compute.properties,
by brute force in plain Python with exact fractions: the heaviest packing over every subfamily of
edges, the heaviest independent set over every subset of points, q-colourability over every
colouring, the edge patterns of a colouring, the isomorphism types of induced k-point subsystems
over every relabelling, and the random subsystems by summing over every subset of points (for the
count of edges inside and its moments) and of edges (for the probability each point is covered).
Only values are compared where witnesses may differ (weights, not the sets achieving them).

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json
import random
from fractions import Fraction

rng = random.Random(2718)
CAP = "hypergraph.compute.properties"
CASES = []


def text(f):
    f = Fraction(f)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def packing(sets, w):
    best = Fraction(0)
    for k in range(len(sets) + 1):
        for c in itertools.combinations(range(len(sets)), k):
            if all(not set(sets[a]) & set(sets[b]) for a, b in itertools.combinations(c, 2)):
                best = max(best, sum((w[j] for j in c), Fraction(0)))
    return best


def independent(n, sets, w):
    best = Fraction(0)
    for k in range(n + 1):
        for c in itertools.combinations(range(n), k):
            if not any(set(e) <= set(c) for e in sets):
                best = max(best, sum((w[p] for p in c), Fraction(0)))
    return best


def colourable(n, sets, q):
    return any(all(len({col[p] for p in e}) > 1 for e in sets) for col in itertools.product(range(q), repeat=n))


def profile(sets, col):
    patterns = {}
    mono = []
    for j, e in enumerate(sets):
        counts = {}
        for p in e:
            counts[col[p]] = counts.get(col[p], 0) + 1
        pattern = tuple(sorted(counts.values(), reverse=True))
        patterns[pattern] = patterns.get(pattern, 0) + 1
        if len(counts) == 1:
            mono.append(j)
    return {"profile": [{"pattern": list(p), "edges": c} for p, c in sorted(patterns.items())],
            "monochromatic_edges": mono,
            "conflicts": {"points": len(col), "sets": [sets[j] for j in mono]}}


def induced(n, sets, k):
    types = {}
    for sub in itertools.combinations(range(n), k):
        pos = {p: i for i, p in enumerate(sub)}
        inside = [[pos[p] for p in e] for e in sets if set(e) <= set(sub)]
        best = None
        for perm in itertools.permutations(range(k)):
            img = sorted(sum(1 << perm[i] for i in e) for e in inside)
            if best is None or img < best:
                best = img
        key = (len(best), tuple(best))
        types[key] = types.get(key, 0) + 1
    out = []
    for (m, masks), c in sorted(types.items()):
        out.append({"edges": m, "representative": [[i for i in range(k) if mk >> i & 1] for mk in masks], "count": c})
    return {"k": k, "subsets": str(len(list(itertools.combinations(range(n), k)))), "types": out}


def random_subsets(n, sets, p):
    m1 = m2 = m3 = Fraction(0)
    for k in range(n + 1):
        for s in itertools.combinations(range(n), k):
            pr = p ** k * (1 - p) ** (n - k)
            x = sum(1 for e in sets if set(e) <= set(s))
            m1 += pr * x
            m2 += pr * x * x
            m3 += pr * x ** 3
    covered = [Fraction(0)] * n
    for k in range(len(sets) + 1):
        for c in itertools.combinations(range(len(sets)), k):
            pr = p ** k * (1 - p) ** (len(sets) - k)
            hit = set(x for j in c for x in sets[j])
            for x in hit:
                covered[x] += pr
    return {
        "probability": text(p),
        "edges_inside_random_points": {"mean": text(m1), "second_moment": text(m2), "variance": text(m2 - m1 * m1),
                                       "third_moment": text(m3),
                                       "edge_probabilities": [text(p ** len(e)) for e in sets]},
        "points_covered_by_random_edges": {"probabilities": [text(c) for c in covered],
                                           "expected_covered": text(sum(covered, Fraction(0)))},
    }


def case(n, sets, q=2, k=3, p=Fraction(1, 3)):
    sets = [sorted(set(e)) for e in sets]
    we = [Fraction(rng.randint(0, 12), rng.choice([1, 2, 3])) for _ in sets]
    wp = [Fraction(rng.randint(-3, 9), rng.choice([1, 4])) for _ in range(n)]
    col = [rng.randrange(3) for _ in range(n)]
    inp = {"system": {"points": n, "sets": sets},
           "properties": ["maximum_weight_packing", "maximum_weight_independent_set", "colourable",
                          "colouring_profile", "induced_types", "random_subsets"],
           "edge_weights": [text(w) for w in we], "point_weights": [text(w) for w in wp], "colours": q,
           "colouring": col, "type_size": k, "probability": text(p)}
    want = {
        "maximum_weight_packing": {"weight": text(packing(sets, we))},
        "maximum_weight_independent_set": {"exists": True, "weight": text(independent(n, sets, wp))},
        "colourable": {"colourable": colourable(n, sets, q)},
        "colouring_profile": profile(sets, col),
        "induced_types": induced(n, sets, k),
        "random_subsets": random_subsets(n, sets, p),
    }
    CASES.append({"capability": CAP, "input": inp, "expected": want})


fano = [[0, 1, 2], [0, 3, 4], [0, 5, 6], [1, 3, 5], [1, 4, 6], [2, 3, 6], [2, 4, 5]]
case(7, fano)  # the Fano plane has no proper 2-colouring (property B fails)
case(7, fano, q=3, k=4, p=Fraction(1, 2))
case(6, [[a, b] for a in range(6) for b in range(a + 1, 6)], q=5, k=3)  # K_6 needs 6 colours
case(6, [[a, b] for a in range(6) for b in range(a + 1, 6)], q=6, k=2)
case(5, [[0, 1], [1, 2], [2, 3], [3, 4], [4, 0]], q=2)  # an odd cycle: not 2-colourable
for _ in range(8):
    n = rng.randint(3, 8)
    sets = [rng.sample(range(n), rng.randint(2, min(4, n))) for _ in range(rng.randint(1, 7))]
    case(n, sets, q=rng.choice([2, 3]), k=rng.randint(1, min(4, n)), p=Fraction(rng.randint(0, 4), 4))

for c in CASES:
    print(json.dumps(c))
