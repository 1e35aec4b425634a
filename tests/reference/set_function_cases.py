"""Reference answers of combinatorics.set_function.analyze from the definitions, with Python
fractions: the table of the function (given, a coverage function, or a weighted cut function),
monotonicity as f(S) ≤ f(T) for every pair S ⊆ T, and submodularity as
f(S ∪ T) + f(S ∩ T) ≤ f(S) + f(T) for every pair of sets (the global forms, not the local ones
Jacobian checks), supermodularity the reverse. Known families: coverage and cut functions are
submodular, coverage functions monotone, f = g(|S|) submodular exactly when g is concave.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import json
import random
from fractions import Fraction as F

rng = random.Random(2027)
CASES = []


def s(f):
    f = F(f)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def properties(n, t):
    N = 1 << n
    mono = all(t[a] <= t[b] for a in range(N) for b in range(N) if a & b == a)
    sub = all(t[a | b] + t[a & b] <= t[a] + t[b] for a in range(N) for b in range(N))
    sup = all(t[a | b] + t[a & b] >= t[a] + t[b] for a in range(N) for b in range(N))
    return {"n": n, "normalized": t[0] == 0, "monotone": mono, "submodular": sub, "supermodular": sup, "modular": sub and sup}


def case(function, n, t, evaluate=()):
    expected = properties(n, t)
    if evaluate:
        expected["values"] = [{"set": sorted(e), "value": s(t[sum(1 << i for i in e)])} for e in evaluate]
    inp = {"function": function}
    if evaluate:
        inp["evaluate"] = [list(e) for e in evaluate]
    if n <= 6:
        inp["table"] = True
        expected["table"] = [s(v) for v in t]
    CASES.append({"capability": "combinatorics.set_function.analyze", "input": inp, "expected": expected})


def subsets(n):
    return [[i for i in range(n) if m >> i & 1] for m in range(1 << n)]


# Tables: random, of |S| through concave and convex g, and modular ones.
for n in [1, 2, 3, 4]:
    t = [F(rng.randint(-3, 5), rng.choice([1, 1, 2, 3])) for _ in range(1 << n)]
    case({"table": {"n": n, "values": [s(v) for v in t]}}, n, t, evaluate=[subsets(n)[-1]])
for g in [lambda k: k * (6 - k), lambda k: k * k, lambda k: 3 * k + 1, lambda k: min(k, 2)]:
    n = 5
    t = [F(g(bin(m).count("1"))) for m in range(1 << n)]
    case({"table": {"n": n, "values": [s(v) for v in t]}}, n, t)
w = [F(2), F(-1, 2), F(3), F(0), F(1, 3)]
t = [sum((w[i] for i in range(5) if m >> i & 1), F(0)) for m in range(32)]
case({"table": {"n": 5, "values": [s(v) for v in t]}}, 5, t, evaluate=[[0, 1], [2]])

# Coverage functions, weighted or not.
for n, weighted in [(3, False), (5, False), (6, True), (8, False)]:
    sets = [sorted(rng.sample(range(10), rng.randint(0, 4))) for _ in range(n)]
    weights = {e: F(rng.randint(0, 6), rng.choice([1, 2])) for e in range(10)} if weighted else {}
    t = [sum((weights.get(e, F(1)) for e in set().union(*[sets[i] for i in range(n) if m >> i & 1])), F(0)) for m in range(1 << n)]
    fn = {"sets": sets}
    if weighted:
        fn["weights"] = [[e, s(v)] for e, v in sorted(weights.items()) if any(e in x for x in sets)]
    case({"coverage": fn}, n, t, evaluate=[[0], list(range(n))])

# Cut functions of graphs, with weights of either sign (negative weights break submodularity).
for n, weights in [(4, None), (5, [1, 2, 3]), (6, [-1, 2]), (7, None)]:
    edges = [(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < 0.5]
    wts = [rng.choice(weights) if weights else 1 for _ in edges]
    t = [sum((F(w) for (u, v), w in zip(edges, wts) if (m >> u & 1) != (m >> v & 1)), F(0)) for m in range(1 << n)]
    es = [[u, v] if weights is None else [u, v, w] for (u, v), w in zip(edges, wts)]
    case({"cut": {"vertices": n, "edges": es}}, n, t, evaluate=[[0, 1]])

for c in CASES:
    print(json.dumps(c))
