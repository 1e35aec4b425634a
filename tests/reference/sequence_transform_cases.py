"""Reference answers of sequence.transform.apply from truncated power-series arithmetic and
SymPy, not from the transforms' recurrences.

Euler: the product Π (1 − x^k)^(−a(k)), each factor expanded by the binomial series; its inverse
by peeling the factors off one at a time (the coefficient of x^k left after removing the
factors below k is a(k)). INVERT: series inversion by long division. EXP: Σ A^m/m! on
exponential generating functions with Fractions; LOG: Σ (−1)^(m+1) B^m/m. Möbius with
sympy.mobius and sympy.divisors; Stirling numbers with sympy's `stirling` (signed for the first
kind); the boustrophedon transform as b(n) = Σ C(n, k) a(k) E(n − k) with the Euler zigzag
numbers E (A000111) read off SymPy's series of tan x + sec x. Every inverse is also checked by
applying the forward reference to its answer. Famous values are cross-checked against SymPy's
partition and Bell numbers and closed forms (A-numbers in the comments).

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import json
import math
import random
import sys
from fractions import Fraction

from sympy import bell, divisors, fibonacci, mobius, sec, series, symbols, tan, totient, divisor_sigma
from sympy.functions.combinatorial.numbers import partition, stirling

sys.set_int_max_str_digits(0)

CAP = "sequence.transform.apply"
FIRST = {"binomial": 0, "inverse_binomial": 0, "stirling2": 0, "stirling1": 0, "boustrophedon": 0,
         "convolution": 0}
rng = random.Random(20260517)
CASES = []


# --- truncated series in x, as lists c[0..N] ---------------------------------------------------

def mul(p, q, N):
    out = [0] * (N + 1)
    for i, x in enumerate(p[: N + 1]):
        if x:
            for j, y in enumerate(q[: N + 1 - i]):
                out[i + j] += x * y
    return out


def inverse(p, N):
    """1/p for p[0] = 1, by long division."""
    assert p[0] == 1
    q = [0] * (N + 1)
    q[0] = 1
    for n in range(1, N + 1):
        q[n] = -sum(p[i] * q[n - i] for i in range(1, min(n, len(p) - 1) + 1))
    return q


def power_factor(k, a, N):
    """(1 − x^k)^(−a) = Σ_j C(a + j − 1, j) x^(kj), for any integer a."""
    out = [0] * (N + 1)
    c = 1
    for j in range(N // k + 1):
        out[k * j] = c
        assert c * (a + j) % (j + 1) == 0
        c = c * (a + j) // (j + 1)
    return out


def ref_euler(a):
    N = len(a)
    p = [1] + [0] * N
    for k in range(1, N + 1):
        p = mul(p, power_factor(k, a[k - 1], N), N)
    return p[1:]


def ref_inverse_euler(b):
    N = len(b)
    p = [1] + list(b)
    a = []
    for k in range(1, N + 1):
        # The factors below k are gone: p = 1 + a(k) x^k + O(x^(k+1)).
        assert all(p[i] == 0 for i in range(1, k))
        a.append(p[k])
        p = mul(p, power_factor(k, -p[k], N), N)
    assert ref_euler(a) == list(b)
    return a


def ref_invert(a):
    N = len(a)
    return inverse([1] + [-x for x in a], N)[1:]


def ref_inverse_invert(b):
    N = len(b)
    a = [-x for x in inverse([1] + list(b), N)[1:]]
    assert ref_invert(a) == list(b)
    return a


def egf(a):
    return [Fraction(0)] + [Fraction(x, math.factorial(n)) for n, x in enumerate(a, 1)]


def from_egf(s):
    out = [x * math.factorial(n) for n, x in enumerate(s) if n >= 1]
    assert all(x.denominator == 1 for x in out)
    return [int(x) for x in out]


def ref_exp(a):
    N = len(a)
    A = egf(a)
    total = [Fraction(1)] + [Fraction(0)] * N
    power = [Fraction(1)] + [Fraction(0)] * N
    for m in range(1, N + 1):
        power = mul(power, A, N)
        total = [t + Fraction(x) / math.factorial(m) for t, x in zip(total, power)]
    return from_egf(total)


def ref_log(b):
    N = len(b)
    B = egf(b)
    total = [Fraction(0)] * (N + 1)
    power = [Fraction(1)] + [Fraction(0)] * N
    for m in range(1, N + 1):
        power = mul(power, B, N)
        total = [t + (-1) ** (m + 1) * Fraction(x) / m for t, x in zip(total, power)]
    a = from_egf(total)
    assert ref_exp(a) == list(b)
    return a


def ref_binomial(a):
    return [sum(math.comb(n, k) * a[k] for k in range(n + 1)) for n in range(len(a))]


def ref_inverse_binomial(b):
    a = [sum((-1) ** (n - k) * math.comb(n, k) * b[k] for k in range(n + 1)) for n in range(len(b))]
    assert ref_binomial(a) == list(b)
    return a


def ref_mobius(a):
    return [sum(int(mobius(n // d)) * a[d - 1] for d in divisors(n)) for n in range(1, len(a) + 1)]


def ref_inverse_mobius(a):
    return [sum(a[d - 1] for d in divisors(n)) for n in range(1, len(a) + 1)]


def ref_stirling2(a):
    return [sum(int(stirling(n, k, kind=2)) * a[k] for k in range(n + 1)) for n in range(len(a))]


def ref_stirling1(a):
    return [sum(int(stirling(n, k, kind=1, signed=True)) * a[k] for k in range(n + 1)) for n in range(len(a))]


_x = symbols("x")
_ZIGZAG = series(tan(_x) + sec(_x), _x, 0, 42).removeO()
ZIGZAG = [int(_ZIGZAG.coeff(_x, n) * math.factorial(n)) for n in range(42)]
# A000111: 1, 1, 1, 2, 5, 16, 61, 272, 1385, 7936, 50521, ...
assert ZIGZAG[:11] == [1, 1, 1, 2, 5, 16, 61, 272, 1385, 7936, 50521]


def ref_boustrophedon(a):
    b = [sum(math.comb(n, k) * a[k] * ZIGZAG[n - k] for k in range(n + 1)) for n in range(len(a))]
    # Cross-check with the defining triangle T(n, 0) = a(n), T(n, k) = T(n, k − 1) + T(n − 1, n − k).
    rows = []
    for n in range(len(a)):
        row = [a[n]]
        for k in range(1, n + 1):
            row.append(row[k - 1] + rows[n - 1][n - k])
        rows.append(row)
    assert b == [row[-1] for row in rows]
    return b


def ref_convolution(a, c):
    return [sum(a[k] * c[n - k] for k in range(n + 1)) for n in range(len(a))]


def ref_dirichlet(a, c):
    return [sum(a[d - 1] * c[n // d - 1] for d in divisors(n)) for n in range(1, len(a) + 1)]


REF = {"binomial": ref_binomial, "inverse_binomial": ref_inverse_binomial, "euler": ref_euler,
       "inverse_euler": ref_inverse_euler, "mobius": ref_mobius, "inverse_mobius": ref_inverse_mobius,
       "invert": ref_invert, "inverse_invert": ref_inverse_invert, "exp": ref_exp, "log": ref_log,
       "stirling2": ref_stirling2, "stirling1": ref_stirling1, "boustrophedon": ref_boustrophedon}


def enc(x):
    """Small integers as JSON numbers, the others as decimal strings."""
    return x if abs(x) < 2 ** 53 else str(x)


def case(transform, terms, other=None, expected=None):
    """`expected`, when given, must agree with the series reference."""
    if other is None:
        got = REF[transform](terms)
    else:
        got = (ref_convolution if transform == "convolution" else ref_dirichlet)(terms, other)
    if expected is not None:
        assert got == list(expected), (transform, got, expected)
    inp = {"terms": [enc(x) for x in terms], "transform": transform}
    if other is not None:
        inp["other"] = [enc(x) for x in other]
    CASES.append({"capability": CAP, "input": inp,
                  "expected": {"first_index": FIRST.get(transform, 1), "terms": [str(x) for x in got]}})


def rand(n, lo=-20, hi=20):
    return [rng.randint(lo, hi) for _ in range(n)]


def rand_big(n, digits=32):
    return [rng.choice([-1, 1]) * rng.randrange(10 ** (digits - 1), 10 ** digits) if rng.random() < 0.5
            else rng.randint(-99, 99) for _ in range(n)]


ones = lambda n: [1] * n
partitions = [int(partition(n)) for n in range(1, 31)]          # A000041 from n = 1
bells = [int(bell(n)) for n in range(0, 31)]                       # A000110 from n = 0
fib = [int(fibonacci(n)) for n in range(0, 41)]                    # A000045 from n = 0

# Euler transform.
case("euler", ones(30), expected=partitions)                       # A000041
case("euler", list(range(1, 26)),                                  # plane partitions A000219
     expected=[1, 3, 6, 13, 24, 48, 86, 160, 282, 500, 859, 1479, 2485, 4167, 6879, 11297, 18334, 29601,
               47330, 75278, 118794, 186475, 290783, 451194, 696033])
case("euler", [1, 0] * 15,                                         # partitions into odd parts A000009
     expected=[1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 12, 15, 18, 22, 27, 32, 38, 46, 54, 64, 76, 89, 104, 122, 142,
               165, 192, 222, 256, 296])
# Π (1 − x^k): Euler's pentagonal number theorem, A010815 from n = 1.
pent = [0] * 41
for m in range(-10, 11):
    g = m * (3 * m - 1) // 2
    if 0 < g <= 40:
        pent[g] = (-1) ** m
case("euler", [-1] * 40, expected=pent[1:])
case("euler", [5])
case("euler", rand(25, -5, 5))
case("euler", rand_big(12))

# Inverse Euler.
case("inverse_euler", partitions, expected=ones(30))
case("inverse_euler", [1] + [0] * 19)                              # 1 + x = Π (1 − x^k)^(−a(k))
case("inverse_euler", [2 ** n for n in range(1, 31)])
case("inverse_euler", rand(30, -9, 9))
case("inverse_euler", rand_big(15))

# Möbius and its inverse.
case("mobius", [int(divisor_sigma(n)) for n in range(1, 41)], expected=list(range(1, 41)))
case("mobius", ones(40), expected=[1] + [0] * 39)
case("mobius", list(range(1, 41)), expected=[int(totient(n)) for n in range(1, 41)])    # A000010
case("mobius", rand_big(36, 40))
case("inverse_mobius", ones(40), expected=[len(divisors(n)) for n in range(1, 41)])   # A000005
case("inverse_mobius", [int(totient(n)) for n in range(1, 41)], expected=list(range(1, 41)))
case("inverse_mobius", rand(40, -1000, 1000))

# INVERT.
case("invert", ones(30), expected=[2 ** (n - 1) for n in range(1, 31)])
case("invert", [1, 1] + [0] * 38, expected=[int(fibonacci(n + 1)) for n in range(1, 41)])  # A000045
case("inverse_invert", [2 ** (n - 1) for n in range(1, 31)], expected=ones(30))
case("invert", rand_big(20))
case("inverse_invert", rand(30, -50, 50))

# EXP and LOG.
case("exp", ones(25), expected=bells[1:26])                        # A000110 from n = 1
case("exp", [math.factorial(n - 1) for n in range(1, 26)],         # sets of cycles: n!
     expected=[math.factorial(n) for n in range(1, 26)])
case("log", bells[1:26], expected=ones(25))
case("log", [math.factorial(n) for n in range(1, 21)], expected=[math.factorial(n - 1) for n in range(1, 21)])
case("exp", rand(18, -6, 6))
case("log", rand_big(14))

# Binomial transform and its inverse.
case("binomial", fib[:40], expected=[int(fibonacci(2 * n)) for n in range(40)])       # A001906
case("binomial", bells[:30], expected=bells[1:31])
case("inverse_binomial", [2 ** n for n in range(35)], expected=ones(35))
case("binomial", rand_big(30))
case("inverse_binomial", rand(40, -30, 30))

# Stirling transforms.
case("stirling2", ones(30), expected=bells[:30])                   # A000110
case("stirling2", [math.factorial(n) for n in range(25)],          # ordered Bell numbers A000670
     expected=[1, 1, 3, 13, 75, 541, 4683, 47293, 545835, 7087261, 102247563, 1622632573, 28091567595,
               526858348381, 10641342970443, 230283190977853, 5315654681981355, 130370767029135901,
               3385534663256845323, 92801587319328411133, 2677687796244384203115, 81124824998504073881821,
               2574844419803190384544203, 85438451336745709294580413, 2958279121074145472650648875])
case("stirling1", bells[:30], expected=ones(30))
seq = rand_big(25)
case("stirling1", ref_stirling2(seq), expected=seq)                # s ∘ S = identity
seq = rand(25, -100, 100)
case("stirling2", ref_stirling1(seq), expected=seq)                # S ∘ s = identity

# Boustrophedon.
case("boustrophedon", [1] + [0] * 39, expected=ZIGZAG[:40])        # A000111
# A000667 (e.g.f. e^x (tan x + sec x)); its first 18 published terms.
A000667 = [1, 2, 4, 9, 24, 77, 294, 1309, 6664, 38177, 243034, 1701909, 13001604, 107601977, 959021574,
           9157981309, 93282431344, 1009552482977]
assert ref_boustrophedon(ones(30))[:18] == A000667
case("boustrophedon", ones(30))
case("boustrophedon", rand_big(20))

# Ordinary and Dirichlet convolutions.
catalan = [math.comb(2 * n, n) // (n + 1) for n in range(41)]       # A000108
case("convolution", ones(40), ones(40), expected=list(range(1, 41)))
case("convolution", catalan[:40], catalan[:40], expected=catalan[1:41])
case("convolution", rand_big(20), rand_big(20))
case("dirichlet", ones(40), ones(40), expected=[len(divisors(n)) for n in range(1, 41)])
case("dirichlet", [int(mobius(n)) for n in range(1, 41)], ones(40), expected=[1] + [0] * 39)
case("dirichlet", rand_big(30), rand(30, -9, 9))

for c in CASES:
    print(json.dumps(c))
