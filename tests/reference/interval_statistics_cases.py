"""Reference answers of number_theory.compute.interval_statistics by brute force: SymPy's
multiplicity for valuations (also of the binomial coefficients themselves), nextprime for gaps,
direct enumeration of runs of consecutive integers, and the recursion d_k(n) = Σ_{d|n} d_{k−1}(n/d).

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import json
import random
from collections import Counter
from functools import lru_cache

import sympy

rng = random.Random(31337)


def emit(low, high, statistic, values, gaps=None):
    hist = Counter(values)
    expected = {
        "count": len(values),
        "histogram": [{"value": v, "count": hist[v]} for v in sorted(hist)],
        "maximum": max(values) if values else None,
        "total": str(sum(values)),
    }
    if gaps is not None:
        expected["gaps"] = gaps
    else:
        expected["values"] = values
    print(json.dumps({"capability": "number_theory.compute.interval_statistics",
                      "input": {"low": low, "high": high, "statistic": statistic, "list": True}, "expected": expected}))


def runs(n):
    count, length = 0, 1
    while length * (length + 1) // 2 <= n:
        if (n - length * (length - 1) // 2) % length == 0:
            count += 1
        length += 1
    return count


@lru_cache(maxsize=None)
def d(k, n):
    if k == 1:
        return 1
    return sum(d(k - 1, n // e) for e in sympy.divisors(n))


for low, high, p in [(1, 200, 2), (1000, 1500, 3), (10 ** 12 - 300, 10 ** 12, 5), (1, 100, 97)]:
    emit(low, high, {"p_adic_valuation": {"p": p}}, [sympy.multiplicity(p, n) for n in range(low, high + 1)])
for low, high in [(1, 100), (1000, 3000), (10 ** 9, 10 ** 9 + 2000), (370261, 370261 + 200), (24, 28)]:
    gaps = [{"prime": q, "gap": sympy.nextprime(q) - q} for q in sympy.primerange(low, high + 1)]
    emit(low, high, "prime_gaps", [g["gap"] for g in gaps], gaps)
for low, high in [(1, 300), (10 ** 6, 10 ** 6 + 300)]:
    emit(low, high, "consecutive_sums", [runs(n) for n in range(low, high + 1)])
for low, high, k in [(1, 120, 2), (1, 120, 3), (5000, 5100, 4), (1, 64, 1)]:
    emit(low, high, {"product_representations": {"k": k}}, [d(k, n) for n in range(low, high + 1)])
for n, p, low, high in [(100, 2, 0, 100), (1000, 3, 0, 1000), (2 ** 20, 2, 0, 300), (97 * 89, 7, 100, 400)]:
    emit(low, high, {"binomial_valuations": {"n": n, "p": p}},
         [sympy.multiplicity(p, sympy.binomial(n, k)) for k in range(low, min(high, n) + 1)])
