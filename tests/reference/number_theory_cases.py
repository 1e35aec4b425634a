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

# number_theory.compute.kronecker_symbol
from sympy.functions.combinatorial.numbers import kronecker_symbol
for _ in range(40):
    a = rng.randrange(-10 ** 30, 10 ** 30)
    n = rng.choice([rng.randrange(-10 ** 20, 10 ** 20), sympy.randprime(3, 10 ** 25), rng.randrange(0, 50)])
    case("number_theory.compute.kronecker_symbol", {"a": s(a), "n": s(n)}, {"value": int(kronecker_symbol(a, n))})

# modular.compute.multiplicative_order
for _ in range(25):
    m = rng.randrange(2, 10 ** rng.randrange(1, 19))
    a = rng.randrange(0, m)
    exp = {"order": s(sympy.n_order(a, m)) if math.gcd(a, m) == 1 else None, "group_order": s(sympy.totient(m))}
    case("modular.compute.multiplicative_order", {"a": s(a), "m": s(m)}, exp)

# modular.compute.primitive_root
def unit_group(m):
    orders = []
    for p, k in sympy.factorint(m).items():
        if p == 2:
            orders += [] if k == 1 else [2] if k == 2 else [2, 2 ** (k - 2)]
        else:
            orders.append((p - 1) * p ** (k - 1))
    powers = {}
    for o in orders:
        for q, e in sympy.factorint(o).items():
            powers.setdefault(q, []).append(q ** e)
    width = max((len(v) for v in powers.values()), default=0)
    for v in powers.values():
        v.sort(reverse=True)
    return [math.prod(v[i] for v in powers.values() if i < len(v)) for i in range(width)]
for m in [2, 3, 4, 8, 9, 10, 12, 15, 18, 25, 50, 1000003, 2 * 3 ** 7] + [rng.randrange(2, 10 ** 12) for _ in range(15)]:
    cyc = unit_group(m)
    root = sympy.primitive_root(m) if len(cyc) <= 1 else None
    case("modular.compute.primitive_root", {"m": s(m)}, {"root": None if root is None else s(root), "structure": [s(d) for d in cyc]})

# modular.enumerate.quadratic_residues
for m in [2, 3, 8, 16, 97, 100, 1001, rng.randrange(2, 5000)]:
    case("modular.enumerate.quadratic_residues", {"m": s(m)}, {"residues": sorted({x * x % m for x in range(m)})})

# modular.solve.linear_congruence
for _ in range(25):
    m = rng.randrange(2, 10 ** 15)
    a, b = rng.randrange(-10 ** 15, 10 ** 15), rng.randrange(-10 ** 15, 10 ** 15)
    g = math.gcd(a, m)
    if rng.random() < 0.5:
        b = g * rng.randrange(0, 10 ** 5)
    x = (b // g * pow(a // g, -1, m // g)) % (m // g) if b % g == 0 else None
    case("modular.solve.linear_congruence", {"a": s(a), "b": s(b), "m": s(m)},
         {"x": None if x is None else s(x), "step": s(m // g), "gcd": s(g)})

# modular.solve.polynomial_congruence and modular.compute.polynomial_image
from sympy.ntheory.residue_ntheory import polynomial_congruence
from sympy.polys.galoistools import gf_factor
from sympy.polys.domains import ZZ
X = sympy.Symbol("x")
for _ in range(15):
    coeffs = [rng.randrange(-100, 100) for _ in range(rng.randrange(2, 6))]
    coeffs[-1] = coeffs[-1] or 1
    m = rng.randrange(2, 3000)
    f = sum(c * X ** i for i, c in enumerate(coeffs))
    roots = sorted(x for x in range(m) if sum(c * x ** i for i, c in enumerate(coeffs)) % m == 0)
    case("modular.solve.polynomial_congruence", {"coefficients": [s(c) for c in coeffs], "m": s(m)}, {"roots": [s(r) for r in roots]})
    image = sorted({sum(c * x ** i for i, c in enumerate(coeffs)) % m for x in range(m)})
    case("modular.compute.polynomial_image", {"coefficients": [s(c) for c in coeffs], "m": s(m)}, {"image": image, "permutation": len(image) == m})
for _ in range(10):
    p = sympy.randprime(10 ** 7, 10 ** 30)
    roots = [rng.randrange(0, p) for _ in range(rng.randrange(0, 3))]
    f = sympy.expand(sympy.prod([X - r for r in roots]) * (X ** 2 + rng.randrange(1, 10 ** 6)))
    coeffs = [int(c) for c in reversed(sympy.Poly(f, X).all_coeffs())]
    lin = [fac for fac, _ in gf_factor([c % p for c in reversed(coeffs)], p, ZZ)[1] if len(fac) == 2]
    found = sorted({(-fac[1]) % p for fac in lin})
    case("modular.solve.polynomial_congruence", {"coefficients": [s(c) for c in coeffs], "m": s(p)}, {"roots": [s(r) for r in found]})

# number_theory.compute.factorial_valuation
for _ in range(20):
    p = rng.choice([2, 3, 5, 7, 97, 1000003])
    n = rng.randrange(0, 3000)
    case("number_theory.compute.factorial_valuation", {"n": n, "p": p}, {"valuation": s(sympy.multiplicity(p, math.factorial(n)) if n > 1 else 0)})
    k = rng.randrange(0, n + 1)
    case("number_theory.compute.factorial_valuation", {"n": n, "p": p, "k": k}, {"valuation": s(sympy.multiplicity(p, math.comb(n, k)))})

# number_theory.compute.interval_profile and number_theory.compute.summatory
def functions_of(n):
    f = sympy.factorint(n)
    return {
        "divisor_count": int(sympy.divisor_count(n)), "divisor_sum": int(sympy.divisor_sigma(n)),
        "euler_totient": int(sympy.totient(n)), "mobius": int(sympy.mobius(n)),
        "liouville": (-1) ** sum(f.values()), "distinct_prime_factors": len(f),
        "prime_factors_with_multiplicity": sum(f.values()), "least_prime_factor": min(f, default=1),
        "greatest_prime_factor": max(f, default=1), "squarefree": int(all(e == 1 for e in f.values())),
        "prime": int(sympy.isprime(n)),
    }
NAMES = list(functions_of(1))
for low in [1, 2, 999_990, 10 ** 15 + 1, rng.randrange(1, 10 ** 18)]:
    high = low + rng.randrange(0, 30)
    chosen = rng.sample(NAMES, 4)
    table = [functions_of(n) for n in range(low, high + 1)]
    case("number_theory.compute.interval_profile", {"low": s(low), "high": s(high), "functions": chosen},
         {"values": {f: [s(row[f]) for row in table] for f in chosen}})
for x in [1, 2, 100, 1000, rng.randrange(1, 20000)]:
    table = [functions_of(n) for n in range(1, x + 1)]
    case("number_theory.compute.summatory", {"x": x, "functions": NAMES},
         {"sums": {f: s(sum(row[f] for row in table)) for f in NAMES}})
case("number_theory.compute.summatory", {"x": 10 ** 6, "functions": ["mobius", "prime"]}, {"sums": {"mobius": "212", "prime": "78498"}})

# arithmetic.compute.dirichlet
def conv(f, g):
    n = len(f)
    return [sum(f[d - 1] * g[k // d - 1] for d in sympy.divisors(k)) for k in range(1, n + 1)]
for _ in range(8):
    n = rng.randrange(1, 60)
    f = [rng.randrange(-9, 10) for _ in range(n)]
    g = [rng.randrange(-9, 10) for _ in range(n)]
    case("arithmetic.compute.dirichlet", {"operation": "convolution", "f": f, "g": g}, {"values": [s(v) for v in conv(f, g)]})
    case("arithmetic.compute.dirichlet", {"operation": "mobius_transform", "f": f}, {"values": [s(v) for v in conv(f, [1] * n)]})
    case("arithmetic.compute.dirichlet", {"operation": "inverse_mobius_transform", "f": f},
         {"values": [s(v) for v in conv(f, [int(sympy.mobius(k)) for k in range(1, n + 1)])]})
    f = [rng.choice([1, -1])] + f[1:]
    # The inverse h is the unique sequence with f * h = ε; solve it by brute force over n.
    h = []
    for k in range(1, n + 1):
        rest = sum(f[k // d - 1] * h[d - 1] for d in sympy.divisors(k) if d < k)
        h.append(((1 if k == 1 else 0) - rest) * f[0])
    case("arithmetic.compute.dirichlet", {"operation": "inverse", "f": f}, {"values": [s(v) for v in h]})

# number_theory.compute.ramanujan_sum (the defining exponential sum, in floating point)
import cmath
for _ in range(20):
    q, n = rng.randrange(1, 300), rng.randrange(-1000, 1000)
    c = sum(cmath.exp(2j * cmath.pi * a * n / q) for a in range(1, q + 1) if math.gcd(a, q) == 1)
    case("number_theory.compute.ramanujan_sum", {"q": q, "n": n}, {"value": s(round(c.real))})

# number_theory.compute.smooth_count
for x, y in [(1, 1), (100, 1), (100, 2), (1000, 7), (20000, 50), (rng.randrange(1, 30000), rng.randrange(1, 200))]:
    count = sum(1 for n in range(1, x + 1) if max(sympy.factorint(n), default=1) <= y)
    case("number_theory.compute.smooth_count", {"x": x, "y": y}, {"count": count})

# number_theory.compute.totient_preimages (brute force: φ(n) = m forces n ≤ 6m for these m)
phis = [0] + [int(sympy.totient(n)) for n in range(1, 6 * 2000 + 1)]
for m in [1, 2, 3, 4, 14, 24, 1000, 1728, rng.randrange(1, 2000), rng.randrange(1, 2000)]:
    case("number_theory.compute.totient_preimages", {"m": m}, {"preimages": [s(n) for n in range(1, 6 * m + 1) if phis[n] == m]})
for m in [24, 1728, 4, 1000]:
    pre = [n for n in range(1, 6 * m + 1) if phis[n] == m]
    case("number_theory.compute.totient_preimages", {"m": m, "power_sums": [0, 1, 3]},
         {"power_sums": [s(sum(n ** j for n in pre)) for j in (0, 1, 3)]})

# integer.compute.properties in VERIFY: every value from SymPy's factorization
def props(n):
    f = sympy.factorint(n)
    sigma = int(sympy.divisor_sigma(n))
    core = 1
    for p, e in f.items():
        core *= p ** (e % 2)
    return {
        "divisor_count": s(sympy.divisor_count(n)), "divisor_sum": s(sigma), "aliquot_sum": s(sigma - n),
        "euler_totient": s(sympy.totient(n)), "mobius": s(sympy.mobius(n)), "distinct_prime_factors": s(len(f)),
        "prime_factors_with_multiplicity": s(sum(f.values())), "radical": s(sympy.prod(f.keys()) if f else 1),
        "squarefree_core": s(core), "is_squarefree": all(e == 1 for e in f.values()),
        "is_powerful": all(e >= 2 for e in f.values()), "is_prime_power": len(f) == 1,
        "is_perfect": sigma == 2 * n, "is_abundant": sigma > 2 * n, "is_deficient": sigma < 2 * n,
        "is_square": sympy.sqrt(n).is_integer, "floor_square_root": s(sympy.integer_nthroot(n, 2)[0]),
    }
# Below 2^64 the factorization is native (trial division, rho, Miller–Rabin); above, PARI/GP's.
native = [2 ** 64 - 1, 2 ** 64 - 59, 3 * 257 ** 7, 65537 ** 3, 4294967291 * 4294967279, 999999937 * 999999929,
          2 ** 63] + [rng.randrange(10 ** 17, 10 ** 18) for _ in range(4)]
for n in [1, 2, 28, 72, 360, 8128, 2 ** 61 - 1, 10 ** 18 + 9, 3 ** 40, rng.randrange(2, 10 ** 30), 2 ** 64 + 1] + native:
    case("integer.compute.properties", {"n": str(n)}, {"properties": props(n)})
case("integer.compute.properties", {"n": -1234, "properties": ["sign", "decimal_digit_sum", "is_even"]},
     {"properties": {"sign": "-1", "decimal_digit_sum": "10", "is_even": True}})

# number_theory.compute.divisor_sum_preimages (brute force: σ_k(n) ≥ n^k, so n^k ≤ m)
sigmas = {k: [0] + [int(sympy.divisor_sigma(n, k)) for n in range(1, 20001)] for k in (1, 2, 3)}
for m, k in [(1, 1), (24, 1), (12, 1), (72, 1), (360, 1), (1, 2), (50, 2), (130, 2), (1, 3), (28, 3), (2457, 3),
             (rng.randrange(1, 20000), 1), (rng.randrange(1, 20000), 1)] + [(sigmas[1][n], 1) for n in rng.sample(range(1, 5000), 4)] + [(sigmas[2][n], 2) for n in rng.sample(range(1, 140), 3)]:
    top = int(m ** (1 / k)) + 2
    pre = [n for n in range(1, min(top, 20000) + 1) if sigmas[k][n] == m]
    case("number_theory.compute.divisor_sum_preimages", {"m": m, "k": k, "power_sums": [1, 2]},
         {"preimages": [s(n) for n in pre], "power_sums": [s(sum(pre)), s(sum(n * n for n in pre))]})

# rational.compute.arithmetic
def rnd():
    return Fraction(rng.randrange(-10 ** 12, 10 ** 12), rng.randrange(1, 10 ** 9))
def text(x):
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
for _ in range(6):
    xs = [rnd() for _ in range(rng.randrange(1, 6))]
    a, b = rnd(), rnd() or Fraction(1)
    for op, operands, value in [
        ("sum", xs, sum(xs)), ("product", xs, math.prod(xs)), ("minimum", xs, min(xs)), ("maximum", xs, max(xs)),
        ("difference", [a, b], a - b), ("quotient", [a, b], a / b), ("negation", [a], -a), ("reciprocal", [b], 1 / b),
        ("absolute_value", [a], abs(a)), ("floor", [a], Fraction(math.floor(a))), ("ceiling", [a], Fraction(math.ceil(a))),
        ("compare", [a, b], Fraction((a > b) - (a < b))), ("compare", [a, a], Fraction(0)),
    ]:
        case("rational.compute.arithmetic", {"operation": op, "operands": [text(x) for x in operands]}, {"value": text(value)})
case("rational.compute.arithmetic", {"operation": "floor", "operands": ["-7/2"]}, {"value": "-4"})
case("rational.compute.arithmetic", {"operation": "ceiling", "operands": ["-7/2"]}, {"value": "-3"})

# congruence.compute.covering
for classes in [[(0, 2), (0, 3), (1, 4), (5, 6), (7, 12)], [(0, 2), (1, 4)], [(3, 7)]] + [
        [(rng.randrange(-50, 50), rng.randrange(1, 40)) for _ in range(rng.randrange(1, 8))] for _ in range(8)]:
    period = math.lcm(*[m for _, m in classes])
    cov = [any((x - r) % m == 0 for r, m in classes) for x in range(period)]
    low = rng.randrange(-10 ** 6, 10 ** 6)
    high = low + rng.randrange(0, 10 ** 4)
    count = sum(1 for x in range(low, high + 1) if cov[x % period])
    per = sum(cov)
    case("congruence.compute.covering",
         {"classes": [{"residue": r, "modulus": m} for r, m in classes], "interval": [s(low), s(high)]},
         {"period": period, "covered_per_period": per, "density": text(Fraction(per, period)), "covers_everything": per == period,
          "least_uncovered": next((x for x in range(period) if not cov[x]), None), "interval_count": s(count)})

# number_theory.solve.padic_roots (f squarefree mod p: the roots mod p^k are exactly the lifts)
for _ in range(12):
    p = rng.choice([2, 3, 5, 7, 11, 13])
    k = rng.randrange(1, 5 if p < 7 else 4)
    while True:
        coeffs = [rng.randrange(-30, 30) for _ in range(rng.randrange(2, 5))]
        coeffs[-1] = coeffs[-1] or 1
        f = sympy.Poly(list(reversed(coeffs)), X)
        if coeffs[-1] % p and sympy.discriminant(f) % p:
            break
    roots = [r for r in range(p ** k) if sum(c * r ** i for i, c in enumerate(coeffs)) % p ** k == 0]
    case("number_theory.solve.padic_roots", {"coefficients": [s(c) for c in coeffs], "p": s(p), "precision": k},
         {"roots": [{"residue": s(r), "precision": k} for r in roots]})

for c in CASES:
    print(json.dumps(c))
