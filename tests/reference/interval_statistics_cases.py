"""Reference answers of number_theory.compute.interval_statistics by brute force: SymPy's
multiplicity for valuations (also of the binomial coefficients themselves), nextprime for gaps,
direct enumeration of runs of consecutive integers, and the recursion d_k(n) = Σ_{d|n} d_{k−1}(n/d).

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import json
import math
import random
from collections import Counter
from functools import lru_cache

import sympy

rng = random.Random(31337)


def emit(low, high, statistic, values, gaps=None, **more):
    hist = Counter(values)
    expected = {
        "count": len(values),
        "histogram": [{"value": v, "count": hist[v]} for v in sorted(hist)],
        "maximum": max(values) if values else None,
        "total": str(sum(values)),
    }
    expected.update(more)
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

# Coverage by a set of primes: how many of them divide n, and the longest run of covered n.
def longest(low, values):
    best, start, length = {"start": low, "length": 0}, 0, 0
    for k, v in enumerate(values):
        if v == 0:
            length = 0
            continue
        if length == 0:
            start = k
        length += 1
        if length > best["length"]:
            best = {"start": low + start, "length": length}
    return best
for low, high, primes in [(1, 30, [2, 3, 5]), (1, 2000, [2, 3, 5, 7, 11, 13]), (10 ** 12 - 500, 10 ** 12 - 1, [2, 5, 7, 999983]),
                          (100, 400, sorted(rng.sample(list(sympy.primerange(2, 60)), 6)))]:
    values = [sum(1 for p in primes if n % p == 0) for n in range(low, high + 1)]
    emit(low, high, {"prime_coverage": {"primes": primes}}, values, longest_run=longest(low, values))

# gcd(f(n), g(n)) by Python's gcd of the exact values; the resultant by SymPy.
x = sympy.symbols("x")
def poly(c):
    return sum(ci * x ** i for i, ci in enumerate(c))
for low, high, f, g in [(1, 100, [1, 0, 1], [3, 1]), (1, 300, [5, 0, 0, 1], [1, 2, 3]), (10 ** 12 - 100, 10 ** 12, [7, -3, 2, 1], [-5, 0, 4]),
                        (1, 50, [6], [0, 1]), (1, 200, [rng.randint(-9, 9) for _ in range(3)] + [1], [rng.randint(-9, 9), 1])]:
    val = lambda c, n: sum(ci * n ** i for i, ci in enumerate(c))
    values = [math.gcd(val(f, n), val(g, n)) for n in range(low, high + 1)]
    r = int(sympy.resultant(poly(f), poly(g), x))
    emit(low, high, {"polynomial_gcd": {"f": f, "g": g}}, values, resultant=str(r))

# gcd(m, ∏ (n + h)) by the exact product.
for low, high, shifts, m in [(1, 200, [0, 1, 2], 6), (1, 500, [0, 2, 6, 8], 210), (10 ** 9, 10 ** 9 + 300, [-5, 3, 10 ** 6], 10 ** 12),
                             (1, 100, [0], 1)]:
    values = [math.gcd(m, math.prod(n + h for h in shifts)) for n in range(low, high + 1)]
    emit(low, high, {"product_divisibility": {"shifts": shifts, "modulus": m}}, values)

# n − t prime, by SymPy's isprime.
for low, high, ts in [(4, 400, [2, 3, 5, 7]), (1, 100, [-1, 0, 1]), (10 ** 9, 10 ** 9 + 1000, [1, 2, 4, 8, 16, 1000]),
                      (3, 60, [rng.randrange(-50, 50) for _ in range(3)])]:
    ts = sorted(set(ts))
    values = [sum(1 for t in ts if sympy.isprime(n - t)) for n in range(low, high + 1)]
    emit(low, high, {"translated_primes": {"translations": ts}}, values)
