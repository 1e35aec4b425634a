"""Reference answers for the Berry–Esseen bound and compound Poisson sums of
probability.finite_distribution.compute, the information measures of probability.finite_space.compute,
and probability.local_lemma.check.

Berry–Esseen: σ² and ρ = E|X − μ|³ with exact fractions, the bound's square (0.56 ρ / (σ³ √n))²,
and its 6-decimal upper rounding from an integer square root. Compound Poisson: the moment
generating function exp(λ(M_X(t) − 1)) of S differentiated by SymPy at 0 for the moments, and
κ_k = λ E[X^k] read from the cumulant generating function λ(M_X(t) − 1) — not the recursion the
capability uses. Information: independence decided from the joint table, and one case of exactly
1 bit (two copies of a fair coin). Local lemma: the inequalities P(A_i) ≤ x_i Π(1 − x_j) checked
with fractions for given witnesses, Π(1 − x_i) as the bound; found witnesses are replayed by the
checker (VERIFY).

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import json
import math
import random
from fractions import Fraction

import sympy

rng = random.Random(5600)
CASES = []


def text(f):
    f = Fraction(f)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def law(values, probs):
    return {"values": [text(v) for v in values], "probabilities": [text(p) for p in probs]}


def berry_esseen(values, probs, n):
    mu = sum(v * p for v, p in zip(values, probs))
    var = sum((v - mu) ** 2 * p for v, p in zip(values, probs))
    rho = sum(abs(v - mu) ** 3 * p for v, p in zip(values, probs))
    square = Fraction(14, 25) ** 2 * rho ** 2 / (var ** 3 * n)
    scaled = square * 10 ** 12
    r = math.isqrt(math.ceil(scaled))
    if r * r < scaled:
        r += 1
    upper = f"{r // 10 ** 6}.{r % 10 ** 6:06d}"
    CASES.append({"capability": "probability.finite_distribution.compute",
                  "input": {"distribution": law(values, probs), "operation": {"berry_esseen": {"n": n}}},
                  "expected": {"variance": text(var), "absolute_third_moment": text(rho), "constant": "14/25",
                               "bound_squared": text(square), "bound_upper": upper}})


def compound(values, probs, rate, order):
    t = sympy.Symbol("t")
    mgf_x = sum(sympy.Rational(p.numerator, p.denominator) * sympy.exp(sympy.Rational(v.numerator, v.denominator) * t)
                for v, p in zip(values, probs))
    lam = sympy.Rational(rate.numerator, rate.denominator)
    cgf = lam * (mgf_x - 1)
    mgf = sympy.exp(cgf)
    cumulants = [sympy.diff(cgf, t, k).subs(t, 0) for k in range(1, order + 1)]
    moments = [sympy.simplify(sympy.diff(mgf, t, k).subs(t, 0)) for k in range(1, order + 1)]
    CASES.append({"capability": "probability.finite_distribution.compute",
                  "input": {"distribution": law(values, probs),
                            "operation": {"compound_poisson": {"rate": text(rate), "order": order}}},
                  "expected": {"cumulants": [str(sympy.nsimplify(c)) for c in cumulants],
                               "raw_moments": [str(sympy.nsimplify(m)) for m in moments]}})


# A fair coin, a die, and random laws.
berry_esseen([0, 1], [Fraction(1, 2)] * 2, 1)
berry_esseen([0, 1], [Fraction(1, 2)] * 2, 100)
berry_esseen(list(range(1, 7)), [Fraction(1, 6)] * 6, 10)
berry_esseen([0, 1], [Fraction(9, 10), Fraction(1, 10)], 50)
compound([1], [Fraction(1)], Fraction(2), 5)  # Poisson(2): cumulants all 2
compound([1, 2], [Fraction(1, 2)] * 2, Fraction(3, 2), 4)
for _ in range(4):
    k = rng.randint(2, 4)
    values = sorted(rng.sample(range(-5, 6), k))
    w = [rng.randint(1, 5) for _ in range(k)]
    probs = [Fraction(x, sum(w)) for x in w]
    berry_esseen([Fraction(v) for v in values], probs, rng.randint(1, 40))
    compound([Fraction(v) for v in values], probs, Fraction(rng.randint(1, 9), rng.randint(1, 4)), rng.randint(1, 5))


def space(weights, observations):
    n = len(weights)
    pairs = []
    for a in range(len(observations)):
        for b in range(a + 1, len(observations)):
            ya, yb = observations[a], observations[b]
            pa, pb, pab = {}, {}, {}
            for o in range(n):
                pa[ya[o]] = pa.get(ya[o], 0) + weights[o]
                pb[yb[o]] = pb.get(yb[o], 0) + weights[o]
                pab[(ya[o], yb[o])] = pab.get((ya[o], yb[o]), 0) + weights[o]
            independent = all(pab.get((x, y), 0) == pa[x] * pb[y] for x in pa for y in pb)
            entry = {"pair": [a, b], "independent": independent}
            if independent:
                entry["bits"] = 0.0
            pairs.append(entry)
    CASES.append({"capability": "probability.finite_space.compute",
                  "input": {"weights": [text(w) for w in weights], "observations": observations,
                            "information": True},
                  "expected": {"information": {"mutual_information": pairs}}})


quarter = [Fraction(1, 4)] * 4
space(quarter, [[1, 1, 0, 0], [1, 0, 1, 0], [0, 1, 1, 0]])  # pairwise independent, not jointly
for _ in range(4):
    n = rng.randint(2, 8)
    w = [rng.randint(0, 4) for _ in range(n)]
    w[0] += 1
    weights = [Fraction(x, sum(w)) for x in w]
    space(weights, [[rng.randint(0, 2) for _ in range(n)] for _ in range(rng.randint(2, 3))])
CASES.append({"capability": "probability.finite_space.compute",
              "input": {"weights": ["1/2", "1/2"], "observations": [[0, 1], [0, 1]], "information": True},
              "expected": {"information": {"entropy_bits": [1.0, 1.0], "joint_entropy_bits": 1.0,
                                           "mutual_information": [{"pair": [0, 1], "bits": 1.0,
                                                                   "independent": False}]}}})


def lemma(p, deps, witness=None):
    inp = {"probabilities": [text(x) for x in p], "dependencies": deps}
    want = {}
    if witness is None:
        want["holds"] = True
    else:
        inp["witness"] = [text(x) for x in witness]
        nb = [set() for _ in p]
        for a, b in deps:
            nb[a].add(b)
            nb[b].add(a)
        fail = next((i for i in range(len(p))
                     if p[i] > witness[i] * math.prod((1 - witness[j] for j in nb[i]), start=Fraction(1))), None)
        want["holds"] = fail is None
        if fail is None:
            want["lower_bound"] = text(math.prod((1 - x for x in witness), start=Fraction(1)))
        else:
            want["failing_event"] = fail
    case = {"capability": "probability.local_lemma.check", "input": inp, "expected": want}
    if not want["holds"]:
        case["assurance"] = "COMPUTED"
    CASES.append(case)


cycle = [[i, (i + 1) % 6] for i in range(6)]
lemma([Fraction(1, 8)] * 6, cycle)
lemma([Fraction(1, 8)] * 6, cycle, [Fraction(1, 5)] * 6)
lemma([Fraction(1, 8)] * 6, cycle, [Fraction(1, 10)] * 6)  # fails at event 0
# k-SAT: clauses of 5 literals (P = 1/32), each sharing variables with at most 7 others: e·p·(d+1) ≤ 1.
lemma([Fraction(1, 32)] * 8, [[i, j] for i in range(8) for j in range(i + 1, 8)])
lemma([Fraction(1, 2), Fraction(1, 3)], [[0, 1]], [Fraction(3, 5), Fraction(1, 2)])
for _ in range(4):
    n = rng.randint(2, 9)
    deps = [[a, b] for a in range(n) for b in range(a + 1, n) if rng.random() < 0.3]
    lemma([Fraction(1, rng.randint(60, 200)) for _ in range(n)], deps)

for c in CASES:
    print(json.dumps(c))
