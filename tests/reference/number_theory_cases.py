"""Reference answers of the number-theory pack, computed with SymPy and brute force.

Prints one JSON object per line: {"capability": id, "input": {...}, "expected": {...}}. The
test runs each input through Jacobian (in VERIFY mode when the capability offers it) and
requires the output to contain `expected` exactly (every key of `expected`, recursively equal)
and, in VERIFY mode, the assurance `assurance` (VERIFIED unless the case says otherwise).
Cases are generated from a fixed seed, so every run checks the same inputs.
"""
import itertools
import json
import sys
import math
import random

import sympy

sys.set_int_max_str_digits(0)

rng = random.Random(20261204)
CASES = []


def case(capability, inp, expected, assurance=None):
    """`assurance` overrides the level expected in VERIFY mode (VERIFIED by default)."""
    c = {"capability": capability, "input": inp, "expected": expected}
    if assurance:
        c["assurance"] = assurance
    CASES.append(c)


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

# number_theory.compute.continued_fraction
from fractions import Fraction
from sympy.ntheory.continued_fraction import continued_fraction_periodic, continued_fraction_convergents
for _ in range(15):
    p, q = rng.randrange(-10 ** 12, 10 ** 12), rng.randrange(1, 10 ** 10)
    terms = continued_fraction_periodic(p, q)
    conv = [str(c) for c in itertools.islice(continued_fraction_convergents(terms), 5)]
    case("number_theory.compute.continued_fraction", {"value": {"rational": f"{p}/{q}"}, "convergents": 5},
         {"terms": [s(t) for t in terms], "period": [], "convergents": conv})
for _ in range(20):
    d = rng.randrange(2, 10 ** rng.randrange(1, 6))
    if sympy.integer_nthroot(d, 2)[1]:
        continue
    p, q = rng.randrange(-50, 50), rng.choice([1, 2, 3, -1, -5, 7])
    cf = continued_fraction_periodic(p, q, d)
    pre, period = ([s(t) for t in cf[:-1]], [s(t) for t in cf[-1]]) if isinstance(cf[-1], list) else ([s(t) for t in cf], [])
    flat = cf[:-1] + cf[-1] * 20
    conv = [str(c) for c in itertools.islice(continued_fraction_convergents(flat), 8)]
    case("number_theory.compute.continued_fraction", {"value": {"quadratic": {"p": p, "d": s(d), "q": q}}, "convergents": 8},
         {"terms": pre, "period": period, "convergents": conv})

# rational.compute.best_approximation
import mpmath
mpmath.mp.dps = 80
for _ in range(15):
    x = Fraction(rng.randrange(-10 ** 15, 10 ** 15), rng.randrange(1, 10 ** 12))
    n = rng.randrange(1, 10 ** 6)
    b = x.limit_denominator(n)
    case("rational.compute.best_approximation", {"value": {"rational": f"{x.numerator}/{x.denominator}"}, "max_denominator": n},
         {"approximation": str(b), "exact": b == x})
for _ in range(10):
    d = rng.choice([2, 3, 5, 7, 10, 11, 13, 1001, 12345])
    n = rng.randrange(1, 2000)
    x = mpmath.sqrt(d)
    best = min((abs(x - Fraction(int(mpmath.floor(x * q)) + e, q).numerator / mpmath.mpf(q) * 1 if False else abs(x - mpmath.mpf(int(mpmath.floor(x * q)) + e) / q)), q, int(mpmath.floor(x * q)) + e) for q in range(1, n + 1) for e in (0, 1))
    case("rational.compute.best_approximation", {"value": {"quadratic": {"p": 0, "d": d, "q": 1}}, "max_denominator": n},
         {"approximation": str(Fraction(best[2], best[1])), "exact": False})

# number_theory.solve.pell
from sympy.solvers.diophantine.diophantine import diop_DN
for _ in range(25):
    d = rng.randrange(2, 10 ** rng.randrange(1, 7))
    if sympy.integer_nthroot(d, 2)[1]:
        continue
    for n in (1, -1):
        sol = diop_DN(d, n)
        exp = {"solution": {"x": s(sol[0][0]), "y": s(sol[0][1])}} if sol else {"solution": None}
        case("number_theory.solve.pell", {"d": s(d), "n": n}, exp)

# number_theory.solve.sum_of_squares
def representable(n, k):
    if k == 4:
        return True
    if k == 3:
        while n and n % 4 == 0:
            n //= 4
        return n % 8 != 7
    return all(e % 2 == 0 for p, e in sympy.factorint(n).items() if p % 4 == 3)
for _ in range(30):
    k = rng.choice([2, 3, 4])
    n = rng.randrange(0, 10 ** rng.randrange(1, 17))
    case("number_theory.solve.sum_of_squares", {"n": s(n), "k": k},
         {"obstruction": None} if representable(n, k) else {"squares": None},
         None if representable(n, k) or k == 3 else "COMPUTED")
for n, k in [(0, 2), (0, 3), (0, 4), (1, 2), (7, 3), (28, 3), (3, 2), (9, 2), (2 ** 61 - 1, 2), (10 ** 39 + 1, 4)]:
    case("number_theory.solve.sum_of_squares", {"n": s(n), "k": k},
         {"obstruction": None} if representable(n, k) else {"squares": None},
         None if representable(n, k) or k == 3 else "COMPUTED")

# number_theory.solve.linear_diophantine
for _ in range(25):
    a, b = rng.randrange(-10 ** 15, 10 ** 15), rng.randrange(-10 ** 15, 10 ** 15)
    g = math.gcd(a, b)
    c = rng.choice([rng.randrange(-10 ** 20, 10 ** 20), g * rng.randrange(-10 ** 5, 10 ** 5)])
    exp = {"gcd": s(g), "step": {"x": s(b // g), "y": s(-a // g)}} if c % g == 0 else {"gcd": s(g), "solution": None}
    case("number_theory.solve.linear_diophantine", {"a": s(a), "b": s(b), "c": s(c)}, exp)

for c in CASES:
    print(json.dumps(c))
