"""Reference answers of probability.finite_space.compute: level-set partitions, their joins and
conditional expectations computed with Python fractions by a direct definition (for each outcome,
the set of outcomes that agree with it on the observations so far), and the tower property
E[E[X | F_j]] = E[X] checked here on every case.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import json
import random
from fractions import Fraction

rng = random.Random(314)
CASES = []


def s(f):
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def algebra(w, same):
    n = len(w)
    atoms, seen = [], set()
    for o in range(n):
        if o in seen:
            continue
        block = [u for u in range(n) if same(o, u)]
        seen.update(block)
        atoms.append(block)
    return {"atoms": atoms, "probabilities": [s(sum(w[u] for u in b)) for b in atoms]}


def case(weights, observations, variable=None):
    w = [Fraction(x) for x in weights]
    ys = [[Fraction(v) for v in y] for y in observations]
    generated = [algebra(w, lambda a, b, y=y: y[a] == y[b]) for y in ys]
    filtration = [algebra(w, lambda a, b, j=j: all(y[a] == y[b] for y in ys[:j])) for j in range(1, len(ys) + 1)]
    expected = {"generated": generated, "filtration": filtration}
    inp = {"weights": [s(x) for x in w], "observations": [[s(v) for v in y] for y in ys]}
    if variable is not None:
        x = [Fraction(v) for v in variable]
        inp["variable"] = [s(v) for v in x]
        ex = sum(p * v for p, v in zip(w, x))
        expected["expectation"] = s(ex)
        mart = []
        for j in range(1, len(ys) + 1):
            row = []
            for o in range(len(w)):
                block = [u for u in range(len(w)) if all(y[o] == y[u] for y in ys[:j])]
                mass = sum(w[u] for u in block)
                row.append(s(sum(w[u] * x[u] for u in block) / mass) if mass else None)
            # The tower property.
            assert sum(w[o] * Fraction(v) for o, v in enumerate(row) if v is not None) == ex
            mart.append(row)
        expected["martingale"] = mart
    CASES.append({"capability": "probability.finite_space.compute", "input": inp, "expected": expected})


q = Fraction(1, 4)
case([q] * 4, [[1, 1, 0, 0], [1, 0, 1, 0]], [2, 1, 1, 0])
# Three biased tosses (p = 1/3 heads): the filtration of the running head count and X = the last toss.
outcomes = [(a, b, c) for a in (1, 0) for b in (1, 0) for c in (1, 0)]
w = [Fraction(1, 3) ** sum(o) * Fraction(2, 3) ** (3 - sum(o)) for o in outcomes]
case(w, [[o[0] for o in outcomes], [o[0] + o[1] for o in outcomes], [sum(o) for o in outcomes]], [o[2] for o in outcomes])
# An atom of probability zero, and a die observed through parity then through "at least 4".
case(["1/2", "1/2", "0"], [[0, 0, 1]], [3, 5, 7])
case(["1/6"] * 6, [[v % 2 for v in range(1, 7)], [int(v >= 4) for v in range(1, 7)]], list(range(1, 7)))
for _ in range(4):
    n = rng.randint(3, 12)
    raw = [rng.randint(0, 5) for _ in range(n)]
    if sum(raw) == 0:
        raw[0] = 1
    ws = [Fraction(r, sum(raw)) for r in raw]
    obs = [[rng.randint(0, 2) for _ in range(n)] for _ in range(rng.randint(1, 3))]
    case(ws, obs, [Fraction(rng.randint(-5, 5), rng.randint(1, 3)) for _ in range(n)])

for c in CASES:
    print(json.dumps(c))
