"""Reference answers of the Dirichlet-character capabilities, by brute force from Conrey's
definition (as in LMFDB).

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py. For an odd
prime p, g_p is the least primitive root modulo p² and χ_{p^e}(n, m) = e(ν(n)ν(m)/φ(p^e)) with
ν the discrete logarithm to base g_p; modulo 4, χ_4(3, m) = −1 exactly when m ≡ 3; modulo 2^e
(e ≥ 3), writing n ≡ ε_n·5^(a_n), χ(n, m) = e((1 − ε_n)(1 − ε_m)/8 + a_n·a_m/2^(e−2)); χ_q is the
product over the prime powers of q. Orders, conductors, parities and inducing characters are then
found by exhausting the values; Gauss and Jacobi sums are summed and reduced modulo the
cyclotomic polynomial with SymPy, and checked numerically (|τ(χ)|² = q for primitive χ).
"""
import cmath
import json
import math
import random
from fractions import Fraction
from functools import lru_cache

import sympy
from sympy import Poly, symbols

rng = random.Random(2718)
x = symbols("x")
CASES = []


def case(capability, inp, expected):
    CASES.append({"capability": capability, "input": inp, "expected": expected})


@lru_cache(maxsize=None)
def dlog_table(p, e):
    """ν: residue → discrete logarithm modulo p^e, for the Conrey generator."""
    q = p ** e
    if p == 2:
        table, t = {}, 1
        for a in range(max(1, q // 4)):
            table[t] = a
            t = t * 5 % q
        return table
    g = next(g for g in range(2, p * p) if sympy.n_order(g, p * p) == p * (p - 1))
    table, t = {}, 1
    for k in range((p - 1) * p ** (e - 1)):
        table[t] = k
        t = t * g % q
    return table


def chi_prime_power(p, e, n, m):
    q = p ** e
    if p == 2:
        if e == 1:
            return Fraction(0)
        if e == 2:
            return Fraction(1, 2) if n % 4 == 3 and m % 4 == 3 else Fraction(0)
        table = dlog_table(2, e)

        def split(t):
            return (1, table[t % q]) if t % 4 == 1 else (-1, table[(-t) % q])

        (en, an), (em, am) = split(n), split(m)
        return (Fraction((1 - en) * (1 - em), 8) + Fraction(an * am, 2 ** (e - 2))) % 1
    table = dlog_table(p, e)
    return Fraction(table[n % q] * table[m % q], (p - 1) * p ** (e - 1)) % 1


@lru_cache(maxsize=None)
def factors(q):
    return tuple(sympy.factorint(q).items())


def chi(q, n, m):
    """x with χ_q(n, m) = e(x), or None when gcd(m, q) > 1."""
    if math.gcd(m, q) != 1:
        return None
    return sum((chi_prime_power(p, e, n, m) for p, e in factors(q)), Fraction(0)) % 1


def describe(q, n):
    values = [chi(q, n, m) for m in range(q)]
    order = math.lcm(1, *[v.denominator for v in values if v is not None])
    units = [m for m in range(q) if values[m] is not None]
    conductor = next(f for f in sympy.divisors(q) if all(values[m] == 0 for m in units if m % f == 1 % f))
    # χ_f(n0, ·) depends on m mod f only: compare it on one representative of each class.
    classes = {m % conductor: m for m in units}
    inducing = next(n0 for n0 in range(1, conductor + 1) if math.gcd(n0, conductor) == 1
                    and all(chi(conductor, n0, r) == values[m] for r, m in classes.items()))
    odd = values[(q - 1) % q] == Fraction(1, 2) if q > 2 else False
    return values, order, conductor, inducing, odd


def exponent(v, order):
    return None if v is None else int(v * order)


# dirichlet_character.compute.properties
MODULI = [1, 2, 3, 4, 5, 8, 9, 12, 16, 27, 40, 63, 100, 125, 243, 256]
MODULI += [rng.randrange(2, 400) for _ in range(14)]
for q in MODULI:
    units = [n for n in range(1, q + 1) if math.gcd(n, q) == 1]
    for n in rng.sample(units, min(3, len(units))):
        values, order, conductor, inducing, odd = describe(q, n)
        args = [rng.randrange(-10 ** 6, 10 ** 6) for _ in range(4)] + [0, 1, q - 1, 2 * q + 1]
        real = order <= 2
        shown = []
        for a in args:
            v = values[a % q]
            k = exponent(v, order)
            shown.append({"a": str(a), "exponent": None if k is None else str(k),
                          "value": (0 if k is None else (1 if k == 0 else -1)) if real else None})
        expected = {
            "label": f"{q}.{n}", "order": str(order), "conductor": str(conductor), "primitive": conductor == q,
            "parity": "odd" if odd else "even", "real": real,
            "inducing": {"modulus": str(conductor), "index": str(inducing), "label": f"{conductor}.{inducing}"},
            "values": shown,
        }
        inp = {"modulus": q, "index": n, "values": args}
        if q <= 150:
            inp["table"] = True
            expected["table"] = [exponent(v, order) for v in values]
        else:
            expected["table"] = None
        case("dirichlet_character.compute.properties", inp, expected)


def structure(q):
    """Invariant factors of (Z/qZ)^× from its elements' orders."""
    orders = [sympy.n_order(a, q) for a in range(1, q) if math.gcd(a, q) == 1] if q > 2 else [1]
    h = len(orders)
    exponents = {}
    for p in sympy.primefactors(h):
        counts = [sum(1 for o in orders if p ** k % o == 0) for k in range(sympy.multiplicity(p, h) + 1)]
        r = [round(math.log(counts[k] / counts[k - 1], p)) for k in range(1, len(counts))]
        exponents[p] = [sum(1 for rk in r if rk > i) for i in range(r[0])] if r else []
    size = max((len(e) for e in exponents.values()), default=0)
    return [math.prod(p ** e[i] for p, e in exponents.items() if i < len(e)) for i in range(size)]


# dirichlet_character.enumerate.group
for q in [1, 2, 3, 4, 8, 12, 15, 16, 40, 63, 105, 128, 210] + [rng.randrange(2, 300) for _ in range(5)]:
    rows = []
    for n in range(1, q + 1):
        if math.gcd(n, q) == 1:
            _, order, conductor, _, odd = describe(q, n)
            rows.append({"index": n, "order": order, "conductor": conductor, "parity": "odd" if odd else "even",
                         "primitive": conductor == q})
    case("dirichlet_character.enumerate.group", {"modulus": q},
         {"structure": structure(q), "count": len(rows), "primitive_count": sum(r["primitive"] for r in rows),
          "characters": rows})


def cyclotomic_element(terms, m, numeric):
    """Σ ζ_m^e over `terms`, reduced modulo Φ_m, with |z|²; checked against `numeric`."""
    v = [0] * m
    for e in terms:
        v[e % m] += 1
    phi = Poly(sympy.cyclotomic_poly(m, x), x)
    z = Poly(list(reversed(v)), x).rem(phi)
    coefficients = [int(c) for c in reversed(z.all_coeffs())]
    coefficients += [0] * (phi.degree() - len(coefficients))
    w = [v[(m - j) % m] for j in range(m)]
    product = (Poly(list(reversed(v)), x) * Poly(list(reversed(w)), x)).rem(phi)
    norm = int(product.as_expr())
    zeta = cmath.exp(2j * cmath.pi / m)
    assert abs(sum(c * zeta ** j for j, c in enumerate(coefficients)) - numeric) < 1e-6
    assert abs(abs(numeric) ** 2 - norm) < 1e-6
    return {"cyclotomic_order": m, "coefficients": coefficients, "abs_squared": norm}


# dirichlet_character.compute.gauss_sum
GAUSS = [(1, 1, None), (2, 1, None), (3, 2, 2), (4, 3, None), (5, 2, 2), (5, 2, 4), (7, 3, 3), (7, 2, 2), (7, 2, 4),
         (8, 3, 5), (8, 7, None), (9, 2, None), (12, 5, 7), (12, 11, None), (13, 2, 4), (15, 2, 8), (16, 3, None),
         (20, 3, 7), (11, 10, 10), (11, 3, 4), (17, 4, 13), (24, 5, 7), (27, 2, None), (31, 5, 25), (40, 7, 3),
         (49, 18, None), (60, 7, 11)]
for q, n, psi in GAUSS:
    values, order, conductor, _, _ = describe(q, n)
    m = math.lcm(order, q)
    assert sympy.totient(m) <= 400
    terms = [int(values[a] * m) + a * (m // q) for a in range(q) if values[a] is not None]
    numeric = sum(cmath.exp(2j * cmath.pi * (float(values[a]) + a / q)) for a in range(q) if values[a] is not None)
    tau = cyclotomic_element(terms, m, numeric)
    if conductor == q:
        assert tau["abs_squared"] == q
    expected = {"order": order, "conductor": conductor, "primitive": conductor == q, "gauss_sum": tau}
    inp = {"modulus": q, "index": n}
    if psi:
        other = [chi(q, psi, a) for a in range(q)]
        order2 = math.lcm(1, *[v.denominator for v in other if v is not None])
        m2 = math.lcm(order, order2)
        pairs = [(values[a], other[(1 - a) % q]) for a in range(q)]
        pairs = [(u, w) for u, w in pairs if u is not None and w is not None]
        numeric = sum(cmath.exp(2j * cmath.pi * float(u + w)) for u, w in pairs)
        jac = cyclotomic_element([int((u + w) * m2) for u, w in pairs], m2, numeric)
        product = [chi(q, n * psi, a) for a in range(q)]
        if sympy.isprime(q) and order > 1 and order2 > 1 and any(v not in (None, 0) for v in product):
            assert jac["abs_squared"] == q
        expected["jacobi_sum"] = jac
        inp["psi"] = psi
    else:
        expected["jacobi_sum"] = None
    case("dirichlet_character.compute.gauss_sum", inp, expected)

for c in CASES:
    print(json.dumps(c))
