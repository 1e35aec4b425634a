"""Reference answers of probability.markov_chain.compute: communicating classes, recurrence and
periods from SymPy's DiscreteMarkovChain (sympy.stats), stationary distributions from SymPy's
exact solve of πP = π, hitting probabilities and expected hitting times from SymPy's exact linear
solves written out here, and mixing times from exact powers of P with Python fractions.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import json
import random
from fractions import Fraction

import sympy
from sympy.stats import DiscreteMarkovChain

rng = random.Random(1913)
CASES = []


def q(v):
    v = sympy.Rational(v)
    return str(v.p) if v.q == 1 else f"{v.p}/{v.q}"


def chain(rows, target=None, eps=None):
    n = len(rows)
    P = sympy.Matrix([[sympy.Rational(v) for v in row] for row in rows])
    mc = DiscreteMarkovChain("X", list(range(n)), P)
    classes = []
    for states, recurrent, period in mc.communication_classes():
        states = sorted(int(s) for s in states)
        entry = {"states": states, "closed": bool(recurrent), "period": int(period)}
        if recurrent:
            sub = P.extract(states, states)
            m = len(states)
            A = (sub.T - sympy.eye(m)).row_insert(m, sympy.ones(1, m))
            b = sympy.zeros(m, 1).row_insert(m, sympy.Matrix([1]))
            pi = A.solve_least_squares(b) if False else (A.T * A).solve(A.T * b)
            entry["stationary"] = [q(v) for v in pi]
        classes.append(entry)
    classes.sort(key=lambda c: c["states"][0])
    # SymPy reports period 1 for a transient state without a self-loop; the capability reports 0 there
    # (no cycle through it), so such periods are left out of the comparison.
    for c in classes:
        if not c["closed"] and len(c["states"]) == 1 and P[c["states"][0], c["states"][0]] == 0:
            del c["period"]
    closed = [c for c in classes if c["closed"]]
    expected = {"classes": classes, "irreducible": len(classes) == 1,
                "ergodic": len(classes) == 1 and classes[0]["period"] == 1}
    if len(closed) == 1:
        pi = ["0"] * n
        for s, v in zip(closed[0]["states"], closed[0]["stationary"]):
            pi[s] = v
        expected["stationary"] = pi
    inp = {"transitions": [[q(v) for v in row] for row in rows]}
    if target is not None:
        inp["target"] = target
        reach = [[False] * n for _ in range(n)]
        for x in range(n):
            seen, stack = {x}, [x]
            while stack:
                u = stack.pop()
                for v in range(n):
                    if P[u, v] != 0 and v not in seen:
                        seen.add(v)
                        stack.append(v)
            for v in seen:
                reach[x][v] = True
        unknown = [x for x in range(n) if x not in target and any(reach[x][t] for t in target)]
        h = [sympy.Integer(1) if x in target else sympy.Integer(0) for x in range(n)]
        if unknown:
            A = sympy.Matrix([[(1 if x == y else 0) - P[x, y] for y in unknown] for x in unknown])
            b = sympy.Matrix([sum(P[x, t] for t in target) for x in unknown])
            for x, v in zip(unknown, A.solve(b)):
                h[x] = v
        sure = [x for x in range(n) if x not in target and h[x] == 1]
        k = {x: sympy.Integer(0) for x in target}
        if sure:
            A = sympy.Matrix([[(1 if x == y else 0) - P[x, y] for y in sure] for x in sure])
            for x, v in zip(sure, A.solve(sympy.ones(len(sure), 1))):
                k[x] = v
        expected["hitting"] = {"probability": [q(v) for v in h], "expected_steps": [q(k[x]) if x in k else None for x in range(n)]}
    if eps is not None:
        inp["mixing_epsilon"] = eps
        F = [[Fraction(str(v)) for v in row] for row in rows]
        pi = [Fraction(v) for v in expected["stationary"]]
        Pt = [[Fraction(int(x == y)) for y in range(n)] for x in range(n)]
        t = 0
        while True:
            d = max(sum(abs(a - b) for a, b in zip(row, pi)) / 2 for row in Pt)
            if d <= Fraction(eps):
                break
            Pt = [[sum(row[z] * F[z][y] for z in range(n)) for y in range(n)] for row in Pt]
            t += 1
        expected["mixing_time"] = t
        expected["distance_at_mixing_time"] = q(sympy.Rational(d.numerator, d.denominator))
    CASES.append({"capability": "probability.markov_chain.compute", "input": inp, "expected": expected})


h = sympy.Rational(1, 2)
# Gambler's ruin (fair and biased), a lazy walk on a triangle, a periodic 4-cycle, two closed classes.
chain([[1, 0, 0, 0, 0], [h, 0, h, 0, 0], [0, h, 0, h, 0], [0, 0, h, 0, h], [0, 0, 0, 0, 1]], target=[4])
p3 = sympy.Rational(1, 3)
chain([[1, 0, 0, 0], [2 * p3, 0, p3, 0], [0, 2 * p3, 0, p3], [0, 0, 0, 1]], target=[0, 3])
quarter = sympy.Rational(1, 4)
chain([[h, quarter, quarter], [quarter, h, quarter], [quarter, quarter, h]], target=[2], eps="1/4")
chain([[0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1], [1, 0, 0, 0]], target=[2])
chain([[h, h, 0, 0, 0], [h, h, 0, 0, 0], [0, 0, 0, 1, 0], [0, 0, 1, 0, 0], [quarter, 0, quarter, quarter, quarter]], target=[0])
# A random walk on a path with holding, mixing to 1/10.
walk = [[h, h, 0, 0], [quarter, h, quarter, 0], [0, quarter, h, quarter], [0, 0, h, h]]
chain(walk, target=[3], eps="1/10")
# Random chains with rational entries.
for _ in range(5):
    n = rng.randint(3, 6)
    rows = []
    for x in range(n):
        w = [rng.choice([0, 0, 1, 2, 3]) for _ in range(n)]
        if sum(w) == 0:
            w[x] = 1
        rows.append([sympy.Rational(v, sum(w)) for v in w])
    chain(rows, target=[rng.randrange(n)])

for c in CASES:
    print(json.dumps(c))
