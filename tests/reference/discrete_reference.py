"""Reference cases for the discrete pack (tests/discrete.rs): SymPy's counting functions,
sequence recurrences and exact probability, NetworkX's topological sorts and antichains, and
brute force in plain Python. One JSON object per line: capability, input, expected (a subset of
the output)."""

import itertools
import json
from fractions import Fraction

import networkx as nx
from sympy import (bell, bernoulli, binomial, catalan, factorial, factorial2, fibonacci, lucas, motzkin,
                   subfactorial)
from sympy.functions.combinatorial.numbers import partition as npartitions
from sympy.functions.combinatorial.numbers import stirling
from sympy import Matrix
from sympy.stats import Die, E, variance
from sympy.utilities.iterables import multiset_partitions, partitions


def case(capability, input, expected):
    print(json.dumps({"capability": capability, "input": input, "expected": expected}))


NUM = "combinatorics.compute.numbers"
for n in [0, 1, 5, 17, 40]:
    for k in [0, 1, 3, n // 2, n]:
        case(NUM, {"family": "binomial", "n": n, "k": k}, {"value": str(binomial(n, k))})
        case(NUM, {"family": "stirling_second", "n": n, "k": k}, {"value": str(stirling(n, k, kind=2))})
        case(NUM, {"family": "stirling_first", "n": n, "k": k}, {"value": str(stirling(n, k, kind=1))})
        case(NUM, {"family": "stirling_first", "n": n, "k": k, "signed": True},
             {"value": str(stirling(n, k, kind=1, signed=True))})
    case(NUM, {"family": "bell", "n": n}, {"value": str(bell(n))})
    case(NUM, {"family": "catalan", "n": n}, {"value": str(catalan(n))})
    # SymPy's motzkin(n) is M(n − 1) (motzkin(1) = motzkin(2) = 1); OEIS A001006 starts M(0) = M(1) = 1.
    case(NUM, {"family": "motzkin", "n": n}, {"value": str(motzkin(n + 1))})
    case(NUM, {"family": "partitions", "n": n}, {"value": str(npartitions(n))})
    case(NUM, {"family": "fibonacci", "n": n}, {"value": str(fibonacci(n))})
    case(NUM, {"family": "lucas", "n": n}, {"value": str(lucas(n))})
    case(NUM, {"family": "derangements", "n": n}, {"value": str(subfactorial(n))})
    case(NUM, {"family": "factorial", "n": n}, {"value": str(factorial(n))})
    case(NUM, {"family": "double_factorial", "n": n}, {"value": str(factorial2(n))})
    if n >= 2:
        case(NUM, {"family": "bernoulli", "n": n}, {"value": str(bernoulli(n))})
case(NUM, {"family": "partitions", "n": 30, "table": True}, {"table": [str(npartitions(m)) for m in range(31)]})
case(NUM, {"family": "stirling_second", "n": 12, "table": True},
     {"table": [str(stirling(12, k, kind=2)) for k in range(13)]})
case(NUM, {"family": "multinomial", "parts": [3, 4, 5]}, {"value": str(factorial(12) / (factorial(3) * factorial(4) * factorial(5)))})

ENUM = "combinatorics.enumerate.structures"
for n in [1, 4, 7, 10]:
    ps = [sorted([k for k, m in p.items() for _ in range(m)], reverse=True) for p in partitions(n)]
    case(ENUM, {"structure": {"integer_partitions": {"n": n}}, "limit": 0}, {"count": str(len(ps))})
    case(ENUM, {"structure": {"integer_partitions": {"n": n, "distinct": True}}, "limit": 0},
         {"count": str(sum(1 for p in ps if len(set(p)) == len(p)))})
    case(ENUM, {"structure": {"integer_partitions": {"n": n, "parts": 2, "max_part": 4}}, "limit": 0},
         {"count": str(sum(1 for p in ps if len(p) == 2 and max(p) <= 4))})
    case(ENUM, {"structure": {"set_partitions": {"n": n}}, "limit": 0},
         {"count": str(sum(1 for _ in multiset_partitions(list(range(n)))))})
for n in [4, 6]:
    perms = list(itertools.permutations(range(1, n + 1)))

    def contains(w, p):
        return any(all((w[i[a]] < w[i[b]]) == (p[a] < p[b]) for a in range(len(p)) for b in range(a + 1, len(p)))
                   for i in itertools.combinations(range(len(w)), len(p)))

    for pats in [[[1, 3, 2]], [[1, 2, 3], [3, 2, 1]], [[2, 4, 1, 3]]]:
        count = sum(1 for w in perms if not any(contains(w, p) for p in pats))
        case(ENUM, {"structure": {"permutations": {"n": n, "avoid": pats}}, "limit": 0}, {"count": str(count)})

REC = "sequence.recurrence.find"
for terms in [[int(fibonacci(i)) for i in range(12)], [2 ** i + 3 ** i for i in range(10)], [i * i for i in range(10)]]:
    coeffs = None
    for d in range(1, len(terms) // 2 + 1):
        # Least order d whose Hankel system is solved by the remaining terms (SymPy's linear solver).
        M = Matrix([[terms[i + j] for j in range(d)] for i in range(d)])
        if M.det() == 0:
            continue
        c = M.solve(Matrix([terms[i + d] for i in range(d)]))
        if all(sum(c[j] * terms[i + j] for j in range(d)) == terms[i + d] for i in range(len(terms) - d)):
            coeffs = [str(c[d - 1 - j]) for j in range(d)]
            break
    case(REC, {"terms": terms}, {"order": len(coeffs), "coefficients": coeffs})

EV = "sequence.recurrence.evaluate"
case(EV, {"coefficients": [1, 1], "initial": [0, 1], "n": 300}, {"value": str(fibonacci(300))})
case(EV, {"coefficients": [1, 1], "initial": [0, 1], "n": 10 ** 6, "modulus": 1000003}, {"value": str(fibonacci(10 ** 6) % 1000003)})
case(EV, {"coefficients": [1, 1], "initial": [2, 1], "n": 90}, {"value": str(lucas(90))})

SID = "combinatorics.additive.sidon"
for s in [[0, 1, 3, 7], [0, 1, 2], [1, 2, 5, 10, 16, 23]]:
    sums = [a + b for i, a in enumerate(s) for b in s[i:]]
    case(SID, {"operation": {"decide": {"set": s}}}, {"sidon": len(sums) == len(set(sums))})


for n in [7, 12, 18]:
    case(SID, {"operation": {"maximum": {"n": n}}}, {"sidon": True})

DS = "combinatorics.difference_set.compute"
for v, s in [(7, [0, 1, 3]), (13, [0, 1, 3, 9]), (11, [1, 3, 4, 5, 9]), (8, [0, 1, 3])]:
    k = len(s)
    lam = k * (k - 1) // (v - 1) if (k * (k - 1)) % (v - 1) == 0 else 1
    diffs = [(a - b) % v for a in s for b in s if a != b]
    ok = all(diffs.count(d) == lam for d in range(1, v))
    case(DS, {"modulus": v, "lambda": lam, "operation": {"decide": {"set": s}}}, {"holds": ok})
for v, k in [(7, 3), (13, 4), (21, 5), (10, 3)]:
    exists = any(all([(a - b) % v for a in c for b in c if a != b].count(d) == 1 for d in range(1, v))
                 for c in itertools.combinations(range(v), k) if c[0] == 0)
    case(DS, {"modulus": v, "lambda": 1, "operation": {"search": {"size": k}}}, {"holds": exists})

POS = "poset.compute.properties"
for covers, n in [([[0, 1], [0, 2], [1, 3], [2, 3]], 4), ([[0, 2], [1, 2], [2, 3], [2, 4], [4, 5]], 6),
                  ([[i, j] for i in range(3) for j in range(3, 6)], 6)]:
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    g.add_edges_from(covers)
    ext = sum(1 for _ in nx.all_topological_sorts(g))
    tc = nx.transitive_closure_dag(g)
    width = max(len(a) for a in nx.antichains(tc))
    height = nx.dag_longest_path_length(g) + 1
    case(POS, {"poset": {"elements": n, "covers": covers}, "properties": ["linear_extensions", "width", "height"]},
         {"linear_extensions": str(ext), "width": {"width": width}, "height": {"height": height}})

PROB = "probability.finite_distribution.compute"
die = Die("X", 6)
d6 = {"values": [1, 2, 3, 4, 5, 6], "probabilities": ["1/6"] * 6}
case(PROB, {"distribution": d6, "operation": {"moments": {}}}, {"mean": str(E(die)), "variance": str(variance(die))})
two = [Fraction(0)] * 13
for a in range(1, 7):
    for b in range(1, 7):
        two[a + b] += Fraction(1, 36)
case(PROB, {"distribution": d6, "operation": {"convolution_power": {"k": 2}}},
     {"distribution": {"values": [str(s) for s in range(2, 13)], "probabilities": [str(two[s]) for s in range(2, 13)]}})
# Poisson binomial: successes among independent trials with p = 1/2, 1/3, 2/5, 3/4, by brute force
# over the 16 outcomes.
ps = [Fraction(1, 2), Fraction(1, 3), Fraction(2, 5), Fraction(3, 4)]
pb = [Fraction(0)] * 5
for bits in range(16):
    w = Fraction(1)
    for i, p in enumerate(ps):
        w *= p if bits >> i & 1 else 1 - p
    pb[bin(bits).count("1")] += w
bern = lambda p: {"values": [0, 1], "probabilities": [str(1 - p), str(p)]}
case(PROB, {"distribution": bern(ps[0]), "operation": {"independent_sum": {"others": [bern(p) for p in ps[1:]]}}},
     {"distribution": {"values": [str(k) for k in range(5)], "probabilities": [str(v) for v in pb]}})
# Events, conditioning and pushforwards of a die against sympy.stats (each VERIFIED by the
# discrete checker's own recomputation).
from sympy.stats import P as prob, density as law_of
case(PROB, {"distribution": d6, "operation": {"event_probability": {"event": {"at_least": "3", "at_most": "5"}}}},
     {"probability": str(prob((die >= 3) & (die <= 5)))})
given4 = law_of(die, die >= 4)
case(PROB, {"distribution": d6, "operation": {"condition": {"event": {"at_least": "4"}}}},
     {"probability": str(prob(die >= 4)),
      "conditional": {"values": [str(v) for v in sorted(given4)], "probabilities": [str(given4[v]) for v in sorted(given4)]}})
image = law_of(die**2 - 5 * die)
case(PROB, {"distribution": d6, "operation": {"pushforward": {"coefficients": [0, -5, 1]}}},
     {"distribution": {"values": [str(v) for v in sorted(image)], "probabilities": [str(image[v]) for v in sorted(image)]}})
case(PROB, {"distribution": d6, "operation": {"total_variation": {"other": {"values": [1, 2, 3], "probabilities": ["1/3"] * 3}}}},
     {"total_variation": "1/2"})
