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

# ---------------------------------------------------------------------------------------------
# dirichlet_character.compute.operation: every answer found by exhausting the Conrey values.

def values_of(q, n):
    return tuple(chi(q, n, m) for m in range(q))


def label_with(q, values):
    """The Conrey index modulo q whose values are `values` (None when none is)."""
    return next((n for n in range(1, q + 1) if math.gcd(n, q) == 1 and values_of(q, n) == tuple(values)), None)


def character(q, n):
    _, order, conductor, _, _ = describe(q, n)
    return {"label": f"{q}.{n}", "modulus": q, "index": n, "order": order, "conductor": conductor}


def exponent_of_group(q):
    return math.lcm(1, *[sympy.n_order(a, q) for a in range(1, q) if math.gcd(a, q) == 1]) if q > 2 else 1


def op(q, n, operation, expected, assurance=None):
    """A case of dirichlet_character.compute.operation; VERIFIED unless `assurance` says otherwise
    (orthogonality sums and an impossible restriction carry no claim)."""
    inp = {"modulus": q, "operation": operation}
    if n is not None:
        inp["index"] = n
    lam = exponent_of_group(q)
    expected = dict(expected)
    expected["lambda"] = lam
    expected["phi"] = int(sympy.totient(q))
    c = {"capability": "dirichlet_character.compute.operation", "input": inp, "expected": expected}
    if assurance:
        c["assurance"] = assurance
    CASES.append(c)


def neg(v):
    return None if v is None else (-v) % 1


OPS_MODULI = [1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 20, 24, 40, 45, 63, 77, 100] + [rng.randrange(3, 150) for _ in range(6)]
for q in OPS_MODULI:
    units = [n for n in range(1, q + 1) if math.gcd(n, q) == 1]
    lam = exponent_of_group(q)
    for n in rng.sample(units, min(2, len(units))):
        v = values_of(q, n)
        op(q, n, "conjugate", {"character": character(q, label_with(q, [neg(x) for x in v]))})
        m = rng.choice(units)
        w = values_of(q, m)
        prod = [None if a is None else (a + b) % 1 for a, b in zip(v, w)]
        op(q, n, {"multiply": {"index": m}}, {"character": character(q, label_with(q, prod))})
        k = rng.choice([-7, -1, 0, 2, 3, 10 ** 12 + 1])
        op(q, n, {"power": {"exponent": k}},
           {"character": character(q, label_with(q, [None if a is None else (a * k) % 1 for a in v]))})
        op(q, n, "kernel", {"kernel": [a for a in range(q) if v[a] == 0]})
        big_n = q * rng.choice([1, 2, 3, 5, 6])
        lifted = [None if math.gcd(a, big_n) != 1 else v[a % q] for a in range(big_n)]
        op(q, n, {"inflate": {"modulus": big_n}}, {"character": character(big_n, label_with(big_n, lifted))})
        for d in sympy.divisors(q):
            image = next((r for r in range(1, d + 1) if math.gcd(r, d) == 1
                          and all(chi(d, r, a) == v[a] for a in range(q) if v[a] is not None)), None)
            op(q, n, {"restrict": {"modulus": d}}, {"character": None if image is None else character(d, image)},
               "COMPUTED" if image is None else None)
        for m in [n, rng.choice(units)]:
            w = values_of(q, m)
            total = sum(cmath.exp(2j * cmath.pi * float(a - b)) for a, b in zip(v, w) if a is not None)
            op(q, n, {"orthogonality": {"index": m}}, {"sum": round(total.real)}, "COMPUTED")
        for a, b in [(1, 1), (rng.randrange(q), rng.randrange(q)), (units[-1], units[-1] + q), (rng.randrange(-99, 99), 1)]:
            total = sum(cmath.exp(2j * cmath.pi * float(chi(q, m, a) - chi(q, m, b))) for m in units
                        if chi(q, m, a) is not None and chi(q, m, b) is not None)
            op(q, n, {"orthogonality": {"residues": [a, b]}}, {"sum": round(total.real)}, "COMPUTED")
    if sympy.totient(q) <= 300:
        op(q, None, "fourier_matrix", {"table": {"characters": units, "residues": [a for a in range(q) if math.gcd(a, q) == 1],
                                                "exponents": [[int(chi(q, m, a) * lam) for a in range(q) if math.gcd(a, q) == 1]
                                                              for m in units]}})
    b = rng.choice(units) + q * rng.randrange(-3, 3)
    coefficients = [[m, int(neg(chi(q, m, b)) * lam)] for m in units]
    # The expansion reproduces the indicator of b + qZ on every unit.
    for a in range(q):
        if math.gcd(a, q) == 1:
            s = sum(cmath.exp(2j * cmath.pi * (k / lam + float(chi(q, m, a)))) for m, k in coefficients) / len(units)
            assert abs(s - (1 if (a - b) % q == 0 else 0)) < 1e-9
    op(q, None, {"indicator_expansion": {"residue": b}}, {"coefficients": coefficients})


# ---------------------------------------------------------------------------------------------
# dirichlet_character.compute.bernoulli: B_{k,χ} = q^(k−1) Σ_{a=1}^{q} χ(a) B_k(a/q) with SymPy's
# Bernoulli polynomials, reduced modulo Φ_o; L(1 − k, χ) = −B_{k,χ}/k checked against mpmath's
# Hurwitz-zeta evaluation of the L-function of the periodic sequence χ.

import mpmath

def in_field(coefficients, o):
    return [sympy.Rational(c) for c in coefficients]


def rationals(v):
    return [str(sympy.Rational(c)) for c in v]


for q, n, k, prefix in [(1, 1, 4, True), (3, 2, 5, True), (4, 3, 3, True), (5, 2, 3, True), (5, 4, 6, False),
                        (7, 3, 4, True), (8, 5, 2, True), (12, 11, 3, False), (12, 5, 7, True), (13, 2, 2, False),
                        (15, 2, 5, True), (20, 3, 1, False), (9, 2, 6, True), (16, 3, 5, False), (40, 7, 3, True),
                        (21, 5, 4, False), (30, 7, 2, True), (11, 2, 10, False), (6, 5, 0, False), (10, 1, 3, True)]:
    values, order, _, _, _ = describe(q, n)
    phi_poly = Poly(sympy.cyclotomic_poly(order, x), x)
    rows = []
    for j in (range(k + 1) if prefix else [k]):
        bj = sympy.bernoulli(j, x)
        classes = [sympy.Rational(0)] * order
        for a in range(1, q + 1):
            val = values[a % q]
            if val is not None:
                classes[int(val * order)] += bj.subs(x, sympy.Rational(a, q))
        z = Poly(sum(c * x ** e for e, c in enumerate(classes)), x, domain="QQ").rem(phi_poly) * sympy.Rational(q) ** (j - 1)
        coefficients = [z.as_expr().coeff(x, e) if e else z.as_expr().subs(x, 0) for e in range(phi_poly.degree())]
        row = {"k": j, "bernoulli": rationals(coefficients),
               "l_value": None if j == 0 else rationals([-c / j for c in coefficients])}
        if j >= 1:
            zeta = cmath.exp(2j * cmath.pi / order)
            exact = complex(sum(complex(-c / j) * zeta ** e for e, c in enumerate(coefficients)))
            periodic = [0 if values[a] is None else cmath.exp(2j * cmath.pi * float(values[a])) for a in range(q)]
            numeric = complex(mpmath.dirichlet(1 - j, periodic))
            assert abs(exact - numeric) < 1e-8 * max(1, abs(numeric)), (q, n, j, exact, numeric)
        rows.append(row)
    case("dirichlet_character.compute.bernoulli", {"modulus": q, "index": n, "k": k, "prefix": prefix},
         {"cyclotomic_order": order, "values": rows})


# ---------------------------------------------------------------------------------------------
# Generalized Gauss sums τ_a(χ) and mixed Jacobi sums J(χ, ψ_1, …, ψ_r), summed over every tuple.

import itertools

for q, n, a, mixed in [(7, 3, 2, [3, 2]), (5, 2, 0, [2]), (5, 2, 3, [4, 2, 3]), (8, 3, 5, [5, 7]), (9, 2, 3, [4]),
                       (12, 5, -1, [7, 11]), (13, 2, 6, [4, 10]), (11, 2, 22, [3, 5]), (16, 3, 7, [5]), (15, 2, 4, [7, 8]),
                       (7, 1, 3, [1, 1]), (3, 2, 1, [2, 2, 2, 2])]:
    values, order, conductor, _, _ = describe(q, n)
    m = math.lcm(order, q)
    terms = [int(values[t] * m) + (a * t % q) * (m // q) for t in range(q) if values[t] is not None]
    numeric = sum(cmath.exp(2j * cmath.pi * (float(values[t]) + a * t / q)) for t in range(q) if values[t] is not None)
    tau = cyclotomic_element(terms, m, numeric)
    tables = [values] + [values_of(q, psi) for psi in mixed]
    orders = [order] + [describe(q, psi)[1] for psi in mixed]
    mm = math.lcm(*orders)
    jterms = []
    for tup in itertools.product(range(q), repeat=len(mixed)):
        a0 = (1 - sum(tup)) % q
        parts = [tables[0][a0]] + [tables[i + 1][t] for i, t in enumerate(tup)]
        if all(p is not None for p in parts):
            jterms.append(int(sum(parts) * mm))
    jnum = sum(cmath.exp(2j * cmath.pi * e / mm) for e in jterms)
    jac = cyclotomic_element(jterms, mm, jnum)
    case("dirichlet_character.compute.gauss_sum", {"modulus": q, "index": n, "a": a, "mixed": mixed},
         {"order": order, "conductor": conductor, "gauss_sum": tau, "jacobi_sum": None, "mixed_jacobi_sum": jac})

for c in CASES:
    print(json.dumps(c))
