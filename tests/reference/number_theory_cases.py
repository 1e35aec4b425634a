"""Reference answers of the number-theory pack, computed with SymPy and brute force.

Prints one JSON object per line: {"capability": id, "input": {...}, "expected": {...}}. The
test runs each input through Jacobian (in VERIFY mode when the capability offers it) and
requires the output to contain `expected` exactly (every key of `expected`, recursively equal).
Cases are generated from a fixed seed, so every run checks the same inputs.
"""
import json
import math
import random

import sympy

rng = random.Random(20261204)
CASES = []


def case(capability, inp, expected):
    CASES.append({"capability": capability, "input": inp, "expected": expected})


def s(n):
    return str(n)


def big(digits):
    return rng.randrange(10 ** (digits - 1), 10 ** digits)


# integer.compute.lcm
for _ in range(25):
    values = [rng.choice([1, -1]) * rng.randrange(1, 10 ** rng.randrange(1, 30)) for _ in range(rng.randrange(1, 6))]
    case("integer.compute.lcm", {"values": [s(v) for v in values]}, {"lcm": s(sympy.ilcm(*values) if len(values) > 1 else abs(values[0]))})
case("integer.compute.lcm", {"values": ["12", "0", "5"]}, {"lcm": "0"})

# integer.compute.root
for _ in range(25):
    k = rng.randrange(2, 9)
    n = rng.randrange(0, 10 ** rng.randrange(1, 60))
    if rng.random() < 0.3:
        n = rng.randrange(0, 10 ** 8) ** k
    r, exact = sympy.integer_nthroot(n, k)
    case("integer.compute.root", {"n": s(n), "k": k}, {"root": s(r), "exact": bool(exact)})
for n in [-27, -28, -26]:
    r = -sympy.integer_nthroot(-n, 3)[0]
    if r ** 3 > n:
        r -= 1
    case("integer.compute.root", {"n": s(n), "k": 3}, {"root": s(r), "exact": r ** 3 == n})

# integer.compute.valuation
for _ in range(25):
    p = rng.choice([2, 3, 5, 7, 10, 12, 97, 1000003])
    n = rng.choice([1, -1]) * rng.randrange(1, 10 ** 20) * p ** rng.randrange(0, 30)
    v = sympy.multiplicity(p, n)
    case("integer.compute.valuation", {"n": s(n), "p": s(p)}, {"valuation": v, "cofactor": s(n // p ** v)})

# integer.transform.base_digits
for _ in range(25):
    b = rng.choice([2, 3, 7, 10, 16, 60, 256, 10 ** 18])
    n = rng.randrange(0, 10 ** rng.randrange(1, 80))
    digits = sympy.ntheory.digits(n, b)[1:] if n else [0]
    case("integer.transform.base_digits", {"n": s(n), "base": s(b)}, {"digits": [s(d) for d in digits]})

# integer.decide.divides
for _ in range(25):
    d = rng.choice([1, -1]) * rng.randrange(1, 10 ** rng.randrange(1, 20))
    n = rng.choice([rng.randrange(-10 ** 30, 10 ** 30), d * rng.randrange(-10 ** 10, 10 ** 10)])
    q, r = divmod(n, abs(d))
    q = q if d > 0 else -q
    case("integer.decide.divides", {"d": s(d), "n": s(n)}, {"divides": r == 0, "quotient": s(q), "remainder": s(r)})

# integer.compute.primorial
for n in [0, 1, 2, 3, 10, 30, 100, 1000, rng.randrange(1000, 5000)]:
    case("integer.compute.primorial", {"n": n}, {"primorial": s(sympy.primorial(n, nth=False) if n >= 2 else 1), "prime_count": int(sympy.primepi(n))})

for c in CASES:
    print(json.dumps(c))
