"""Reference answers of hypergraph.construct: the edges enumerated here from their definitions
with itertools (every k-subset tested for being a progression, every 4-set of grid points for
being a square's corners), compared as sorted lists. The extremal values that the independence
number of these systems must reach (OEIS A003002 for 3-AP-free subsets of {1..n}, A090245 for cap
sets) are checked in tests/discrete.rs by composing with hypergraph.compute.properties.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json
import random

CAP = "hypergraph.construct"
CASES = []


def case(family, sets, points, labels=None):
    expected = {"system": {"points": points, "sets": sorted(sorted(s) for s in sets)}, "edges": len(sets)}
    if labels is not None:
        expected["labels"] = labels
    CASES.append({"capability": CAP, "input": {"family": family}, "expected": expected})


for n, k in [(5, 3), (9, 3), (10, 4), (12, 3), (7, 2), (3, 4)]:
    sets = []
    for s in itertools.combinations(range(1, n + 1), k):
        d = s[1] - s[0]
        if all(s[j + 1] - s[j] == d for j in range(k - 1)):
            sets.append([x - 1 for x in s])
    case({"arithmetic_progressions": {"n": n, "k": k}}, sets, n, list(range(1, n + 1)))

for moduli, k in [([3, 3], 3), ([5], 3), ([4], 3), ([2, 4], 3), ([7], 4), ([3, 3, 3], 3)]:
    elements = list(itertools.product(*[range(m) for m in moduli]))
    index = {e: i for i, e in enumerate(elements)}
    sets = set()
    for combo in itertools.combinations(elements, k):
        # A set is a progression when some ordering has constant nonzero difference.
        for order in itertools.permutations(combo):
            d = tuple((b - a) % m for a, b, m in zip(order[0], order[1], moduli))
            if any(d) and all(tuple((b - a) % m for a, b, m in zip(order[j], order[j + 1], moduli)) == d
                              for j in range(k - 1)):
                sets.add(tuple(sorted(index[e] for e in combo)))
                break
    case({"group_progressions": {"moduli": moduli, "k": k}}, [list(s) for s in sets], len(elements),
         [list(e) for e in elements])

for n in [2, 3, 4, 6]:
    pts = [(i, j) for i in range(n) for j in range(n)]
    sets = []
    for quad in itertools.combinations(pts, 4):
        xs, ys = sorted({p[0] for p in quad}), sorted({p[1] for p in quad})
        if len(xs) == 2 and len(ys) == 2 and xs[1] - xs[0] == ys[1] - ys[0] and set(quad) == set(itertools.product(xs, ys)):
            sets.append([i * n + j for i, j in quad])
    case({"square_corners": {"n": n}}, sets, n * n, [[i, j] for i, j in pts])

for petals, core, petal in [(4, 2, 3), (1, 0, 5), (3, 0, 2), (5, 3, 1)]:
    pts = core + petals * petal
    sets = [list(range(core)) + [core + t * petal + j for j in range(petal)] for t in range(petals)]
    # A sunflower: every two sets meet exactly in the core.
    assert all(set(a) & set(b) == set(range(core)) for a, b in itertools.combinations(sets, 2))
    case({"sunflower": {"petals": petals, "core": core, "petal": petal}}, sets, pts)

# Sum triples: every 3-subset of {1..n} tested in each order.
for n in [1, 5, 12, 30]:
    schur = [[x - 1, y - 1, z - 1] for x, y, z in itertools.combinations(range(1, n + 1), 3) if x + y == z]
    divisibility = [[a - 1, b - 1, c - 1] for a, b, c in itertools.combinations(range(1, n + 1), 3)
                    if any(t[2] % (t[0] + t[1]) == 0 for t in itertools.permutations((a, b, c)))]
    case({"sum_triples": {"n": n, "relation": "schur"}}, schur, n, list(range(1, n + 1)))
    case({"sum_triples": {"n": n, "relation": "divisibility"}}, divisibility, n, list(range(1, n + 1)))

# Union triples: every triple of members tested for S_a ∪ S_b = S_c in some order; the power
# set of a 3-set (union-closed), a chain, and a random family.
rng = random.Random(31)
families = [[[x for x in range(3) if m >> x & 1] for m in range(8)], [list(range(k)) for k in range(5)],
            [sorted(rng.sample(range(6), rng.randint(0, 4))) for _ in range(9)]]
for fam in families:
    triples = set()
    for t in itertools.combinations(range(len(fam)), 3):
        for a, b, c in itertools.permutations(t):
            if a < b and set(fam[a]) | set(fam[b]) == set(fam[c]):
                triples.add(tuple(sorted(t)))
    case({"union_triples": {"sets": fam}}, [list(t) for t in triples], len(fam))

# Monochromatic cliques: every s-set tested against all its k-subsets' colours; the s-sets come in
# lexicographic order with their colour.
for n, k, s, seed in [(5, 2, 3, 1), (6, 2, 3, 2), (6, 3, 4, 3), (7, 1, 3, 4)]:
    r = random.Random(seed)
    subsets = list(itertools.combinations(range(n), k))
    colours = [r.randrange(2) for _ in subsets]
    colour = dict(zip(subsets, colours))
    found = [(list(q), colour[q[:k]]) for q in itertools.combinations(range(n), s)
             if len({colour[sub] for sub in itertools.combinations(q, k)}) == 1]
    CASES.append({"capability": CAP, "input": {"family": {"monochromatic_cliques": {"n": n, "k": k, "s": s, "colours": colours}}},
                  "expected": {"system": {"points": n, "sets": [f[0] for f in found]}, "edges": len(found),
                               "edge_colours": [f[1] for f in found]}})

for c in CASES:
    print(json.dumps(c))
