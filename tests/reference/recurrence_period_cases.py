"""Reference answers of sequence.recurrence.period by brute force, published Pisano periods and
fast-doubling checks — not by Brent's cycle detection.

Brute force: the state (a(n), …, a(n+d−1)) mod m is iterated with Python integers (coefficients,
constant and initial terms reduced by Python's %, so negative and 30-digit values are exact) and
the index of each state's first occurrence is kept in a dict; the first repeated state gives the
preperiod μ (its first index) and the period λ. A window of the sequence is periodic exactly when
the sequence is, so these are the least μ and λ with a(n + λ) = a(n) for all n ≥ μ. The cycle is
a(μ), …, a(μ + λ − 1).

Published values: Pisano periods π(m) of the Fibonacci numbers, OEIS A001175 (π(1..20) = 1, 3, 8,
6, 20, 24, 16, 12, 24, 60, 10, 24, 28, 48, 40, 24, 36, 24, 18, 60), π(10^k) = 15·10^(k−1) for
k ≥ 3, π(2^k) = 3·2^(k−1); the Lucas numbers mod 5 repeat with period 4. Moduli too large for the
dict (10^6, the prime 1,000,003) are checked by fast doubling instead: F(λ) ≡ 0 and F(λ+1) ≡ 1
mod m, and for every prime q | λ, λ/q fails (sympy.factorint); for the prime p the period is the
order of the Fibonacci matrix, a divisor of p − 1 or 2(p + 1) by quadratic reciprocity (5 is a
square mod p iff p ≡ ±1 mod 5), found by removing prime factors while the condition holds.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import json
import random

from sympy import factorint, isprime

CAP = "sequence.recurrence.period"
rng = random.Random(20260714)
CASES = []


def brute(coefficients, initial, m, constant=0):
    c = [int(x) % m for x in coefficients]
    c0 = int(constant) % m
    state = tuple(int(x) % m for x in initial)
    d = len(c)
    first = {}
    seq = []
    n = 0
    while state not in first:
        first[state] = n
        seq.append(state[0])
        nxt = (c0 + sum(c[k] * state[d - 1 - k] for k in range(d))) % m
        state = state[1:] + (nxt,)
        n += 1
    mu = first[state]
    return mu, n - mu, seq[mu:]


def fib_pair(n, m):
    """(F(n), F(n+1)) mod m by fast doubling."""
    if n == 0:
        return 0, 1 % m
    a, b = fib_pair(n // 2, m)
    c = a * ((2 * b - a) % m) % m
    e = (a * a + b * b) % m
    return (c, e) if n % 2 == 0 else (e, (c + e) % m)


def is_fib_period(lam, m):
    return fib_pair(lam, m) == (0, 1 % m)


def certify_pisano(lam, m):
    assert is_fib_period(lam, m)
    assert all(not is_fib_period(lam // q, m) for q in factorint(lam))


def pisano_prime(p):
    candidate = p - 1 if p % 5 in (1, 4) else 2 * (p + 1)
    assert is_fib_period(candidate, p)
    lam = candidate
    for q in factorint(candidate):
        while lam % q == 0 and is_fib_period(lam // q, p):
            lam //= q
    certify_pisano(lam, p)
    return lam


A001175 = [1, 3, 8, 6, 20, 24, 16, 12, 24, 60, 10, 24, 28, 48, 40, 24, 36, 24, 18, 60]
for m in range(2, 21):
    assert brute([1, 1], [0, 1], m)[:2] == (0, A001175[m - 1])


def case(coefficients, initial, m, constant=None, known=None):
    """known = (μ, λ) from a closed form when the brute force is too long; else brute force."""
    if known is None:
        mu, lam, cycle = brute(coefficients, initial, m, constant or 0)
        cycle = [str(x) for x in cycle] if lam <= 1000 else None
    else:
        mu, lam = known
        cycle = None
        assert lam > 1000
    inp = {"coefficients": coefficients, "initial": initial, "modulus": m}
    if constant is not None:
        inp["constant"] = constant
    exp = {"modulus": m, "preperiod": mu, "period": lam, "purely_periodic": mu == 0, "cycle": cycle}
    CASES.append({"capability": CAP, "input": inp, "expected": exp})
    return exp


# Pisano periods (A001175).
for m in (2, 3, 5, 7, 10, 11, 20):
    e = case([1, 1], [0, 1], m)
    assert e["period"] == A001175[m - 1] and e["purely_periodic"]
assert CASES[0]["expected"]["cycle"] == ["0", "1", "1"]
# π(10^k) = 15·10^(k−1) for k ≥ 3 (π(100) = 300).
for k in range(2, 6):
    e = case([1, 1], [0, 1], 10 ** k)
    assert e["period"] == (300 if k == 2 else 15 * 10 ** (k - 1))
certify_pisano(15 * 10 ** 5, 10 ** 6)
case([1, 1], [0, 1], 10 ** 6, known=(0, 15 * 10 ** 5))
# π(2^10) = 3·2^9.
e = case([1, 1], [0, 1], 1024)
assert e["period"] == 1536
# A large prime modulus.
p = 1_000_003
assert isprime(p)
case([1, 1], [0, 1], p, known=(0, pisano_prime(p)))
# Lucas numbers mod 5: 2, 1, 3, 4, then 2, 1 again.
e = case([1, 1], [2, 1], 5)
assert e["cycle"] == ["2", "1", "3", "4"]
# Tribonacci.
case([1, 1, 1], [0, 0, 1], 2)
case([1, 1, 1], [0, 0, 1], 10)
case([1, 1, 1], [0, 1, 1], 1000)
# Powers of 2 mod 12: 1, 2, 4, 8, 4, 8, … preperiod 2, period 2.
e = case([2], [1], 12)
assert (e["preperiod"], e["period"], e["cycle"]) == (2, 2, ["4", "8"])
# a(n) = 2a(n−1) + 1 mod 100 from 0.
case([2], [0], 100, constant=1)
# A constant sequence, the zero sequence, and a(n) = 5 after one step.
case([1], [7], 13)
case([1, 1], [0, 0], 97)
e = case([0], [2], 7, constant=5)
assert (e["preperiod"], e["period"], e["cycle"]) == (1, 1, ["5"])
# a(n) = a(n−1) + 1: period m; the cycle is listed up to λ = 1,000 and omitted beyond.
e = case([1], [0], 1000, constant=1)
assert e["cycle"] == [str(i) for i in range(1000)]
e = case([1], [0], 1001, constant=1)
assert e["cycle"] is None and e["period"] == 1001
# Negative coefficients and initial terms.
case([-1, -1], [3, -4], 7)
case([-3, 5, -2], [-10, 20, -30], 31)
case([1, -1], [1, 0], 1000000007)          # period 6 for any modulus
# Huge coefficients, initial terms and constant as decimal strings.
case(["123456789012345678901234567890", "-98765432109876543210987654321"],
     ["-55555555555555555555555555", "77777777777777777777777777777"], 1000, constant="-314159265358979323846")
# Moduli near 10^18.
e = case([0, 1], [3, -5], 10 ** 18)
assert e["cycle"] == ["3", str(10 ** 18 - 5)]
e = case([10], [1], 10 ** 18)               # 1, 10, …, 10^17, then 0 for ever
assert (e["preperiod"], e["period"]) == (18, 1)
case([-1], [123456789123456789], 999999999999999989)
# Degenerate recurrences (c_d not invertible mod m): a preperiod.
case([1, 2], [1, 1], 4)
case([3, 0, 4], [1, 2, 3], 12)
case([6, 10, 15], [7, 1, 2], 30)
# Order 16 over F_2: x^16 + x^14 + x^13 + x^11 + 1 is primitive, period 2^16 − 1.
taps = [0] * 16
for t in (16, 14, 13, 11):
    taps[t - 1] = 1
e = case(taps, [1] + [0] * 15, 2)
assert e["period"] == 2 ** 16 - 1 and e["cycle"] is None
# Random recurrences of order 2–5 with small moduli.
for d, m in [(2, 60), (3, 25), (4, 9), (5, 6)]:
    case([rng.randrange(-50, 50) for _ in range(d)], [rng.randrange(-50, 50) for _ in range(d)], m,
         constant=rng.randrange(0, m))

for c in CASES:
    print(json.dumps(c))
