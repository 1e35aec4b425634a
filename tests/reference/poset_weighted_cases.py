"""Reference answers of poset.compute.properties for the weighted antichain, the incidence algebra,
linear extensions and the Möbius function, by brute force in plain Python with exact fractions:
the heaviest antichain over every subset of elements (its weight only: the antichains achieving
it may differ), convolution by summing over every element of each interval, linear extensions by
testing every permutation, and μ by the recursion from the bottom of each interval. Known values:
the Boolean lattice B_3 has 48 linear extensions and μ(∅, [3]) = −1; an antichain of 5 has 120.
Every case runs in VERIFY: the checker recounts linear extensions and recomputes the Möbius values.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json
import random
from fractions import Fraction

rng = random.Random(1736)
CAP = "poset.compute.properties"
CASES = []


def text(f):
    f = Fraction(f)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def closure(n, rel):
    le = [[i == j for j in range(n)] for i in range(n)]
    for a, b in rel:
        le[a][b] = True
    for k in range(n):
        for i in range(n):
            for j in range(n):
                le[i][j] = le[i][j] or (le[i][k] and le[k][j])
    return le


def case(n, rel):
    le = closure(n, rel)
    w = [Fraction(rng.randint(0, 9), rng.choice([1, 2, 5])) for _ in range(n)]
    best = max(sum((w[x] for x in c), Fraction(0))
               for k in range(n + 1) for c in itertools.combinations(range(n), k)
               if all(not le[a][b] and not le[b][a] for a, b in itertools.combinations(c, 2)))
    intervals = [(x, y) for x in range(n) for y in range(n) if le[x][y]]
    f = [[x, y, text(Fraction(rng.randint(-3, 3), rng.choice([1, 2])))] for x, y in intervals if rng.random() < 0.7]
    g = [[x, y, text(Fraction(rng.randint(-3, 3)))] for x, y in intervals if rng.random() < 0.7]
    fd = {(x, y): Fraction(v) for x, y, v in f}
    gd = {(x, y): Fraction(v) for x, y, v in g}
    conv = []
    for x, y in sorted(intervals):
        v = sum((fd.get((x, z), 0) * gd.get((z, y), 0) for z in range(n) if le[x][z] and le[z][y]), Fraction(0))
        if v:
            conv.append([x, y, text(v)])
    extensions = sum(1 for p in itertools.permutations(range(n))
                     if all(not le[p[j]][p[i]] for i in range(n) for j in range(i + 1, n)))
    mu = {}
    for x in range(n):
        for y in sorted(range(n), key=lambda y: sum(le[z][y] for z in range(n))):
            if not le[x][y]:
                mu[(x, y)] = 0
            elif x == y:
                mu[(x, y)] = 1
            else:
                mu[(x, y)] = -sum(mu[(x, z)] for z in range(n) if le[x][z] and le[z][y] and z != y)
    pairs = [[x, y] for x in range(n) for y in range(n) if rng.random() < 0.4] or [[0, 0]]
    inp = {"poset": {"elements": n, "covers": [list(r) for r in rel]},
           "properties": ["maximum_weight_antichain", "incidence_convolution", "linear_extensions", "mobius"],
           "weights": [text(x) for x in w], "incidence": {"f": f, "g": g}, "pairs": pairs}
    want = {"maximum_weight_antichain": {"weight": text(best)}, "incidence_convolution": conv,
            "linear_extensions": str(extensions),
            "mobius": [{"pair": [x, y], "value": mu[(x, y)]} for x, y in pairs]}
    CASES.append({"capability": CAP, "input": inp, "expected": want})


# B_3 (subsets of {0, 1, 2} by inclusion, element = bitmask), an antichain, a chain, random posets.
case(8, [(a, a | 1 << i) for a in range(8) for i in range(3) if not a >> i & 1])
case(5, [])
case(5, [(i, i + 1) for i in range(4)])
for _ in range(10):
    n = rng.randint(2, 8)
    rel = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.3]
    case(n, rel)

for c in CASES:
    print(json.dumps(c))
