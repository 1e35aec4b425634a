"""Reference answers of the real-enclosure capabilities (Kempner series and digit-restricted
progressions, Dickman's rho, Diophantine approximation of quadratic surds), computed apart from
the Rust code: published constants and mpmath at 80 digits for the enclosures (emitted only as
floors and ceilings at a few places, which are exact), brute force and a residue closure for
the progressions, Python's exact integers and fractions for floors, nearest integers and
records.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import json
import math
from fractions import Fraction

import mpmath

mpmath.mp.dps = 80
CASES = []


def case(capability, inp, expected):
    CASES.append({"capability": capability, "input": inp, "expected": expected})


def places(v, digits):
    s = str(abs(v)).rjust(digits + 1, "0")
    return ("-" if v < 0 else "") + s[:-digits] + "." + s[-digits:]


def outward(x, digits):
    """[floor, ceil] of x at `digits` places; x an mpf far from the grid, or a Fraction."""
    if isinstance(x, Fraction):
        lo = math.floor(x * 10**digits)
        hi = -math.floor(-x * 10**digits)
    else:
        lo = int(mpmath.floor(x * 10**digits))
        hi = lo + 1
    return [places(lo, digits), places(hi, digits)]


# Kempner series: Baillie's published value for the digit 9, and three series mpmath sums
# directly (numbers written with the digit 1 only: Σ (b − 1)/(b^k − 1)).
KEMPNER = "number_theory.kempner.compute"
NO_NINE = mpmath.mpf("22.92067661926415034816365709437593191")
case(KEMPNER, {"excluded": [9], "operation": {"series": {"digits": 12}}}, {"decimal": outward(NO_NINE, 12)})
for base, excluded in [(2, [0]), (3, [0, 2]), (10, [0, 2, 3, 4, 5, 6, 7, 8, 9])]:
    s = mpmath.nsum(lambda k: mpmath.mpf(base - 1) / (mpmath.mpf(base) ** k - 1), [1, mpmath.inf])
    case(KEMPNER, {"base": base, "excluded": excluded, "operation": {"series": {"digits": 20}}}, {"decimal": outward(s, 20)})
# Only the digit 0 allowed: the set is empty.
case(KEMPNER, {"base": 2, "excluded": [1], "operation": {"series": {"digits": 5}}}, {"decimal": ["0.00000", "0.00000"]})


def digits_of(n, base):
    out = []
    while n:
        out.append(n % base)
        n //= base
    return out[::-1]


def closure(base, allowed, step):
    """Residues modulo step of every positive integer with allowed digits."""
    seen = {d % step for d in allowed if d}
    todo = list(seen)
    while todo:
        r = todo.pop()
        for d in allowed:
            s = (r * base + d) % step
            if s not in seen:
                seen.add(s)
                todo.append(s)
    return seen


def progression(base, excluded, step, start):
    allowed = [d for d in range(base) if d not in excluded]
    if start % step not in closure(base, allowed, step):
        return {"contains": False}
    n = start
    while n < 1:
        n += step
    for _ in range(10**6):
        if all(d in allowed for d in digits_of(n, base)):
            d = digits_of(n, base)
            return {"contains": True, "least": str(n), "index": str((n - start) // step), "length": len(d), "digits": d}
        n += step
    return None


for base, excluded, step, start in [
    (10, [9], 7, 3),
    (10, [3], 7, 3),
    (10, [1], 11, 0),
    (10, [0], 10, 0),
    (10, [9], 10, 9),
    (10, [1, 3, 5, 7, 9], 2, 1),
    (10, [0, 5], 5, 0),
    (10, [1, 2, 4, 5, 7, 8], 3, 1),
    (10, [1, 2, 4, 5, 7, 8], 3, 30),
    (10, [7], 9999, 1234),
    (10, [9], 12345, 10**17 + 9),
    (10, [0, 1, 2, 3, 4, 5, 6, 7, 8], 13, 5),
    (10, [1], 1000, -5000),
    (2, [0], 7, 0),
    (2, [0], 31, 100),
    (3, [2], 13, 5),
    (16, [15], 1000, 999999),
    (7, [0, 6], 997, 123456),
]:
    expected = progression(base, excluded, step, start)
    assert expected is not None, (base, excluded, step, start)
    case(KEMPNER, {"base": base, "excluded": excluded, "operation": {"progression": {"step": step, "start": start}}}, expected)
# Repunits in 999983k + 7: the first is R_417768, too long to write out under the memory bound
# (2^28 bits / step digits), so only its length is given.
r, t = 0, 0
while True:
    t += 1
    r = (10 * r + 1) % 999983
    if r == 7:
        break
case(
    KEMPNER,
    {"excluded": [0, 2, 3, 4, 5, 6, 7, 8, 9], "operation": {"progression": {"step": 999983, "start": 7}}},
    {"contains": True, "length": t},
)
# 1000k + 222 always ends in 222: no member without the digit 2.
assert progression(10, [2], 1000, 222) == {"contains": False}
case(KEMPNER, {"excluded": [2], "operation": {"progression": {"step": 1000, "start": 222}}}, {"contains": False})


# Dickman's rho: 1 on [0, 1], 1 − log u on [1, 2], the dilogarithm form on [2, 3]
# (1 − (1 − log(u − 1))·log u + Li2(1 − u) + π²/12), and ρ(3) − ∫_3^u ρ(t − 1)/t dt on [3, 4].
def rho(u):
    u = mpmath.mpf(u)
    if u <= 1:
        return mpmath.mpf(1)
    if u <= 2:
        return 1 - mpmath.log(u)
    if u <= 3:
        return 1 - (1 - mpmath.log(u - 1)) * mpmath.log(u) + mpmath.polylog(2, 1 - u) + mpmath.pi**2 / 12
    return rho(3) - mpmath.quad(lambda t: rho(t - 1) / t, [3, u])


RHO = "number_theory.dickman_rho.enclose"
points = ["1/2", "1", "3/2", "2", "5/2", "3", "7/2", "4"]
values = []
for p in points:
    u = Fraction(p)
    v = Fraction(1) if u <= 1 else rho(mpmath.mpf(u.numerator) / u.denominator)
    lo, hi = outward(v, 12)
    values.append({"u": p, "piece": max(0, math.ceil(u) - 1), "lower": lo, "upper": hi})
case(RHO, {"points": points, "digits": 12}, {"values": values})
# The piece on [1, 2] about 2: 1 − log 2, −1/2, 1/8, with the remainder bound 2^(1 − 3).
case(
    RHO,
    {"points": ["3/2"], "digits": 12, "terms": 3},
    {
        "pieces": [
            {
                "interval": [1, 2],
                "center": 2,
                "coefficients": [outward(1 - mpmath.log(2), 12), outward(Fraction(-1, 2), 12), outward(Fraction(1, 8), 12)],
                "remainder_bound": "1/4",
            }
        ]
    },
)


# Diophantine approximation: reals (a + b√d)/c exactly, floors by integer square roots,
# distances and decimals by mpmath at 80 digits (irrational values are far from every grid).
APPROX = "number_theory.diophantine_approximation.compute"


def quad(a, b, d, c):
    return {"quadratic": {"a": a, "b": b, "d": d, "c": c}}


def as_exact(r):
    if "rational" in r:
        f = Fraction(r["rational"])
        return f.numerator, 0, 0, f.denominator
    q = r["quadratic"]
    a, b, d, c = q["a"], q["b"], q["d"], q["c"]
    return (-a, -b, d, -c) if c < 0 else (a, b, d, c)


def value(a, b, d, c):
    if b == 0 or d == 0 or math.isqrt(d) ** 2 == d:
        return Fraction(a + b * math.isqrt(d), c)
    return (a + b * mpmath.sqrt(d)) / c


def floor_of(x):
    return math.floor(x) if isinstance(x, Fraction) else int(mpmath.floor(x))


def distance(r, q):
    a, b, d, c = as_exact(r)
    x = value(q * a, q * b, d, c)
    m = floor_of(x + Fraction(1, 2))
    p, s = q * a - m * c, q * b
    dist = value(p, s, d, c)
    if dist < 0:
        p, s, dist = -p, -s, -dist
    g = math.gcd(math.gcd(p, s), c) or 1
    exact = {"a": str(p // g), "b": str(s // g), "d": str(d), "c": str(c // g)}
    return m, exact, dist


SQRT2, SQRT3, SQRT5 = quad(0, 1, 2, 1), quad(0, 1, 3, 1), quad(0, 1, 5, 1)
PHI = quad(1, 1, 5, 2)
ODD = quad(3, -2, 7, -5)
for reals in [[SQRT2], [PHI, {"rational": "22/7"}, ODD]]:
    rows = []
    for q in range(1, 31):
        rows.append({"q": q, "floors": [str(floor_of(value(*[q * v if i in (0, 1) else v for i, v in enumerate(as_exact(r))]))) for r in reals]})
    case(APPROX, {"reals": reals, "operation": "scaled_floor", "high": 30}, {"floors": rows})
rows = []
reals = [SQRT2, PHI, {"rational": "1/2"}, ODD]
for q in range(5, 21):
    vals = []
    for r in reals:
        m, exact, dist = distance(r, q)
        vals.append({"nearest": str(m), "distance": exact, "decimal": outward(dist, 15)})
    rows.append({"q": q, "values": vals})
case(APPROX, {"reals": reals, "operation": "nearest_integer_distance", "low": 5, "high": 20, "digits": 15}, {"distances": rows})


def max_row(reals, q, digits):
    best = None
    for i, r in enumerate(reals):
        _, exact, dist = distance(r, q)
        if best is None or dist > best[2]:
            best = (i, exact, dist)
    return {"q": q, "index": best[0], "distance": best[1], "decimal": outward(best[2], digits)}, best[2]


reals = [SQRT2, SQRT3]
records, record = [], None
for q in range(1, 2001):
    row, v = max_row(reals, q, 10)
    if record is None or v < record:
        records.append(row)
        record = v
case(APPROX, {"reals": reals, "operation": "record_minima", "high": 2000, "digits": 10}, {"records": records})
reals = [SQRT2, SQRT3, SQRT5]
profile, best = [], None
for q in range(100, 131):
    row, v = max_row(reals, q, 10)
    profile.append(row)
    if best is None or v < best[1]:
        best = (row, v)
case(APPROX, {"reals": reals, "operation": "range_profile", "low": 100, "high": 130, "digits": 10}, {"profile": profile, "best": best[0]})
reals = [SQRT2, SQRT3]
products = []
for q in range(1, 31):
    p = distance(reals[0], q)[2] * distance(reals[1], q)[2]
    products.append({"q": q, "product": outward(p, 12), "scaled": outward(q * p, 12)})
case(APPROX, {"reals": reals, "operation": "product_enclosure", "high": 30, "digits": 12}, {"products": products})

for c in CASES:
    print(json.dumps(c))
