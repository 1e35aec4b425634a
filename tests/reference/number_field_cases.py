"""Reference answers of the number-field capabilities, from SymPy and classical facts.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py. Integral bases
and discriminants come from SymPy's Round Two, Galois groups from SymPy's resolvents (degree
≤ 6), prime decompositions from SymPy's prime_decomp, norms and polynomials of elements from the
multiplication matrix; class groups of imaginary quadratic fields by counting and composing
reduced binary forms, of real quadratic fields by the analytic class number formula with the
fundamental unit found by search; class numbers of cyclotomic fields of degree ≤ 12 are 1
(Masley–Montgomery); reduced polynomials of subfields are LMFDB's, checked against SymPy's
discriminants here.
"""
import json
import math
import random
from fractions import Fraction

import mpmath
import sympy
from sympy import Matrix, Poly, QQ, ZZ, symbols
from sympy.polys.numberfields.basis import round_two
from sympy.polys.numberfields.galoisgroups import galois_group
from sympy.polys.numberfields.primes import prime_decomp

mpmath.mp.dps = 60
rng = random.Random(1729)
x = symbols("x")
CASES = []


def case(capability, inp, expected):
    CASES.append({"capability": capability, "input": inp, "expected": expected})


def text(c):
    c = Fraction(c)
    return str(c.numerator) if c.denominator == 1 else f"{c.numerator}/{c.denominator}"


def coefficients(f):
    """Constant term first, as Fractions."""
    return [Fraction(int(c.p), int(c.q)) for c in reversed(Poly(f, x, domain=QQ).all_coeffs())]


def payload(cs):
    return [int(c) if c.denominator == 1 else text(c) for c in cs]


def monic_integral(cs):
    """g(y) = a^(n−1)·F(y/a), F = f made integral with leading coefficient a: g(aθ) = 0."""
    den = math.lcm(*[c.denominator for c in cs])
    ints = [int(c * den) for c in cs]
    a, n = ints[-1], len(ints) - 1
    g = [ints[k] * a ** (n - 1 - k) for k in range(n)] + [1]
    return Poly(list(reversed(g)), x, domain=ZZ), a


def hnf(rows):
    """The basis of the Z-module spanned by `rows` (rational coordinates on θ^0..θ^(n−1)) with
    the k-th vector supported on θ^0..θ^(k−1), a positive last entry d_k, and its entry at
    θ^(j−1) reduced into [0, d_j)."""
    n = len(rows)
    den = math.lcm(*[c.denominator for r in rows for c in r])
    work = [[int(c * den) for c in r] for r in rows]
    basis = [None] * n
    for col in range(n - 1, -1, -1):
        live = [r for r in work if r[col] != 0]
        rest = [r for r in work if r[col] == 0]
        while len(live) > 1:
            live.sort(key=lambda r: abs(r[col]))
            p, nxt = live[0], [live[0]]
            for r in live[1:]:
                q = r[col] // p[col]
                r = [a - q * b for a, b in zip(r, p)]
                (nxt if r[col] != 0 else rest).append(r)
            live = nxt
        basis[col] = live[0] if live[0][col] > 0 else [-a for a in live[0]]
        work = rest
    for k in range(n):
        for j in range(k - 1, -1, -1):
            q = basis[k][j] // basis[j][j]
            basis[k] = [a - q * b for a, b in zip(basis[k], basis[j])]
    return [[Fraction(a, den) for a in r] for r in basis]


def integral_basis(cs):
    """O_K in Hermite normal form on the powers of θ, and d_K, from SymPy's Round Two; None when
    SymPy's answer fails its own check det(B)²·disc(1, θ, …, θ^(n−1)) = d_K:
    SymPy 1.14 returns a basis containing 1/2 for x⁵ + 9x⁴ − 9x³ + 2x² + 9."""
    g, a = monic_integral(cs)
    zk, dk = round_two(g)
    m = zk.QQ_matrix.to_Matrix()  # column i: the i-th basis element on the powers of α = aθ
    n = g.degree()
    rows = [[Fraction(str(m[j, i])) * Fraction(a) ** j for j in range(n)] for i in range(n)]
    basis = hnf(rows)
    f = Poly(list(reversed([sympy.Rational(c.numerator, c.denominator) for c in cs])), x, domain=QQ)
    power_disc = Fraction(str(sympy.discriminant(f))) / cs[-1] ** (2 * n - 2)
    det = math.prod(r[k] for k, r in enumerate(basis))
    if det * det * power_disc != dk:
        return None
    return basis, int(dk)


def element_reference(cs, a):
    n = len(cs) - 1
    lead = cs[-1]
    red = [-c / lead for c in cs[:-1]]  # θ^n = Σ red_k θ^k

    def times_theta(v):
        top = v[-1]
        out = [Fraction(0)] + v[:-1]
        return [o + top * r for o, r in zip(out, red)]

    cols, v = [], [Fraction(c) for c in a] + [Fraction(0)] * (n - len(a))
    for _ in range(n):
        cols.append(v)
        v = times_theta(v)
    mat = Matrix(n, n, lambda i, j: sympy.Rational(cols[j][i].numerator, cols[j][i].denominator))
    cp = mat.charpoly(x).as_expr()
    factors = sympy.factor_list(cp, x)[1]
    mp = Poly(factors[0][0], x, domain=QQ).monic()
    assert len(factors) == 1
    cp_list = coefficients(cp)
    mp_list = coefficients(mp.as_expr())
    norm, trace = Fraction(str(mat.det())), Fraction(str(mat.trace()))
    integral = all(c.denominator == 1 for c in mp_list)
    return {"norm": text(norm), "trace": text(trace), "characteristic_polynomial": [text(c) for c in cp_list],
            "minimal_polynomial": [text(c) for c in mp_list], "degree": len(mp_list) - 1, "integral": integral,
            "unit": integral and abs(norm) == 1}


def real_roots(cs):
    return sorted(sympy.Poly(list(reversed([sympy.Rational(c.numerator, c.denominator) for c in cs])), x).real_roots())


def galois(cs):
    f = Poly(list(reversed([sympy.Rational(c.numerator, c.denominator) for c in cs])), x, domain=QQ)
    name, even = galois_group(f, by_name=True)
    group = name.get_perm_group()
    t = list(type(name)).index(name) + 1
    return name, t, group, even


# number_field.compute.invariants
FIELDS = [
    x - 3, x ** 2 + 1, x ** 2 - 5, x ** 2 + 3, x ** 2 + 5, x ** 3 - 2, x ** 3 - x - 1, x ** 3 + x ** 2 - 2 * x - 1,
    8 * x ** 3 - 6 * x + 1, x ** 4 - 10 * x ** 2 + 1, x ** 4 + 1, x ** 4 - 2, x ** 5 - x - 1,
    sympy.cyclotomic_poly(7, x), 2 * x ** 2 - sympy.Rational(3, 5), 3 * x ** 3 + 7, x ** 3 / 4 - x + sympy.Rational(1, 3),
    x ** 6 - 2, x ** 6 - 3 * x ** 2 - 1,
]
RANDOM = []
while len(RANDOM) < 8:
    n = rng.randrange(2, 6)
    f = x ** n + sum(rng.randrange(-9, 10) * x ** k for k in range(n))
    if Poly(f, x).is_irreducible and integral_basis(coefficients(f)):
        RANDOM.append(f)
for f in FIELDS + RANDOM:
    cs = coefficients(f)
    n = len(cs) - 1
    basis, dk = integral_basis(cs)
    r1 = len(real_roots(cs))
    expected = {
        "degree": n,
        "signature": {"real": r1, "complex": (n - r1) // 2},
        "discriminant": str(dk),
        "ramified_primes": [str(p) for p in sympy.primefactors(abs(dk))],
        "integral_basis": [[text(c) for c in r] for r in basis],
        "maximal_order_proven": True,
    }
    monic = cs[-1] == 1 and all(c.denominator == 1 for c in cs)
    if monic:
        disc = int(sympy.discriminant(Poly(f, x)))
        expected["index"] = str(math.isqrt(disc // dk))
        assert math.prod(r[k] for k, r in enumerate(basis)) * int(expected["index"]) == 1
    else:
        expected["index"] = None
    if n <= 6:
        name, t, group, _ = galois(cs)
        stab = group.stabilizer(0)
        expected["automorphisms"] = sum(all(g(j) == j for g in stab.generators) for j in range(n)) if n > 1 else 1
        expected["galois"] = expected["automorphisms"] == n
    case("number_field.compute.invariants", {"polynomial": payload(cs)}, expected)


# number_field.compute.class_group and unit_group: imaginary quadratic fields by binary forms.
def reduce_form(a, b, c):
    while True:
        if c < a:
            a, b, c = c, -b, a
        elif b > a or b <= -a:
            k = (a - b) // (2 * a)
            b, c = b + 2 * k * a, a * k * k + b * k + c
        elif b < 0 and (a == c or -b == a):
            b = -b
        else:
            return (a, b, c)


def egcd(a, b):
    if b == 0:
        return (a, 1, 0) if a >= 0 else (-a, -1, 0)
    g, u, v = egcd(b, a % b)
    return g, v, u - (a // b) * v


def compose(f, g, d):
    (a1, b1, c1), (a2, b2, c2) = f, g
    s = (b1 + b2) // 2
    e1, u1, v1 = egcd(a1, a2)
    e, u2, w = egcd(e1, s)
    u, v = u1 * u2, v1 * u2
    A = a1 * a2 // (e * e)
    B = (u * a1 * b2 + v * a2 * b1 + w * (b1 * b2 + d) // 2) // e % (2 * A)
    C = (B * B - d) // (4 * A)
    assert B * B - 4 * A * C == d
    return reduce_form(A, B, C)


def class_group(d):
    forms = []
    a = 1
    while 3 * a * a <= -d:
        for b in range(-a + 1, a + 1):
            if (b * b - d) % (4 * a) == 0:
                c = (b * b - d) // (4 * a)
                if c >= a and math.gcd(a, math.gcd(b, c)) == 1 and reduce_form(a, b, c) == (a, b, c):
                    forms.append((a, b, c))
        a += 1
    one = reduce_form(1, d % 2, (d % 2 - d) // 4)
    orders = []
    for f in forms:
        k, g = 1, f
        while g != one:
            g, k = compose(g, f, d), k + 1
        orders.append(k)
    h = len(forms)
    exponents = {}
    for p in sympy.primefactors(h):
        # r[k−1]: how many cyclic p-factors have order ≥ p^k, from #{f : ord(f) | p^k}.
        counts = [sum(1 for o in orders if p ** k % o == 0) for k in range(sympy.multiplicity(p, h) + 1)]
        r = [round(math.log(counts[k] / counts[k - 1], p)) for k in range(1, len(counts))]
        exponents[p] = [sum(1 for rk in r if rk > i) for i in range(r[0])] if r else []
    size = max((len(e) for e in exponents.values()), default=0)
    cyc = [math.prod(p ** e[i] for p, e in exponents.items() if i < len(e)) for i in range(size)]
    return h, cyc


def bach(d):
    return str(int(mpmath.floor(12 * mpmath.log(abs(d)) ** 2)))


def quadratic(dprime):
    """x² − D' for squarefree D' and its field discriminant."""
    d = dprime if dprime % 4 == 1 else 4 * dprime
    return [-dprime, 0, 1], d


REG_ONE = "1." + "0" * 15
imaginary = [1, 2, 3, 5, 23, 47, 71, 21, 105, 65, 89, 326, 3299]
while len(imaginary) < 22:
    k = rng.randrange(2, 3000)
    if sympy.factorint(k) and all(e == 1 for e in sympy.factorint(k).values()) and k not in imaginary:
        imaginary.append(k)
for k in imaginary:
    poly, d = quadratic(-k)
    h, cyc = class_group(d)
    proof = {"unconditional": True, "method": "bnfcertify", "grh_bound": bach(d)}
    case("number_field.compute.class_group", {"polynomial": poly},
         {"class_number": str(h), "structure": [str(c) for c in cyc], "regulator": REG_ONE, "proof": proof})
    w = {1: 4, 3: 6}.get(k, 2)
    case("number_field.compute.unit_group", {"polynomial": poly},
         {"rank": 0, "torsion": {"order": w}, "fundamental_units": [], "regulator": REG_ONE})
case("number_field.compute.class_group", {"polynomial": [23, 0, 1], "certify": False},
     {"class_number": "3", "proof": {"unconditional": False, "method": "GRH", "grh_bound": bach(-23)}})


def fixed(r):
    s = int(mpmath.nint(r * 10 ** 15))
    return f"{s // 10 ** 15}.{s % 10 ** 15:015d}"


# Real quadratic fields: the fundamental unit (t + u√d)/2 by search, h by the class number formula.
for k in [2, 3, 5, 6, 7, 10, 13, 15, 17, 19, 21, 79, 82, 223, 226, 229]:
    poly, d = quadratic(k)
    u = 1
    while True:
        sq = [d * u * u + s for s in (-4, 4) if d * u * u + s > 0 and sympy.integer_nthroot(d * u * u + s, 2)[1]]
        if sq:
            t = sympy.integer_nthroot(sq[0], 2)[0]
            break
        u += 1
    eps = (t + u * mpmath.sqrt(d)) / 2
    reg = mpmath.log(eps)
    lsum = -sum(sympy.kronecker_symbol(d, a) * mpmath.log(mpmath.sin(mpmath.pi * a / d)) for a in range(1, d))
    h = int(mpmath.nint(lsum / (2 * reg)))
    # ε = t/2 + c·√k; at the least real root θ = −√k it is t/2 − c·θ.
    c = Fraction(u, 2) if d == k else Fraction(u)
    unit = [text(Fraction(t, 2)), text(-c)]
    case("number_field.compute.class_group", {"polynomial": poly},
         {"class_number": str(h), "regulator": fixed(reg), "proof": {"unconditional": True, "grh_bound": bach(d)}})
    case("number_field.compute.unit_group", {"polynomial": poly},
         {"rank": 1, "torsion": {"order": 2, "generator": ["-1", "0"]}, "fundamental_units": [unit], "regulator": fixed(reg)})

# Cyclotomic fields of degree ≤ 12 have class number 1; Q(ζ_m) holds lcm(2, m) roots of unity.
for m in [3, 4, 5, 7, 8, 9, 12, 15, 16, 20, 13]:
    poly = payload(coefficients(sympy.cyclotomic_poly(m, x)))
    n = sympy.totient(m)
    case("number_field.compute.class_group", {"polynomial": poly}, {"class_number": "1", "structure": []})
    case("number_field.compute.unit_group", {"polynomial": poly}, {"rank": int(n // 2 - 1), "torsion": {"order": math.lcm(2, m)}})
# Units of pure and Pisot cubic fields: 1 + ∛2 + ∛4 and the plastic number.
for poly, unit, value in [([-2, 0, 0, 1], ["1", "1", "1"], 1 + mpmath.cbrt(2) + mpmath.cbrt(4)),
                          ([-1, -1, 0, 1], ["0", "1", "0"], mpmath.findroot(lambda t: t ** 3 - t - 1, 1.3))]:
    case("number_field.compute.unit_group", {"polynomial": poly},
         {"rank": 1, "torsion": {"order": 2}, "fundamental_units": [unit], "regulator": fixed(mpmath.log(value))})

# number_field.compute.galois_group and splitting_field
GALOIS = [x - 3, x ** 2 + 1, x ** 3 - 2, x ** 3 + x ** 2 - 2 * x - 1, x ** 4 + 1, x ** 4 - 2, x ** 4 + x + 1, x ** 4 - x - 1,
          x ** 4 + 8 * x + 12, x ** 4 - 5, x ** 5 - 2, x ** 5 - x - 1, x ** 5 - 5 * x + 12, sympy.cyclotomic_poly(11, x),
          x ** 6 - 2, sympy.cyclotomic_poly(7, x), x ** 6 - 3 * x ** 2 - 1, x ** 6 + 3, 2 * x ** 3 - sympy.Rational(1, 2)]
for f in GALOIS:
    cs = coefficients(f)
    n = len(cs) - 1
    if n > 6:
        continue
    name, t, group, even = galois(cs)
    order = int(group.order())
    case("number_field.compute.galois_group", {"polynomial": payload(cs)},
         {"degree": n, "order": order, "t_number": t, "label": f"{n}T{t}", "abelian": bool(group.is_abelian),
          "soluble": bool(group.is_solvable), "even": bool(even)})
    if order <= 120:
        case("number_field.compute.splitting_field", {"polynomial": payload(cs)}, {"degree": order, "automorphisms": order})
# Degree 7 from the literature: Trinks' x⁷ − 7x + 3 has group PSL(3,2) = 7T5 of order 168;
# x⁷ − 2 has the Frobenius group F42 = 7T4.
case("number_field.compute.galois_group", {"polynomial": [3, -7, 0, 0, 0, 0, 0, 1]},
     {"order": 168, "t_number": 5, "label": "7T5", "abelian": False, "soluble": False, "even": True})
case("number_field.compute.galois_group", {"polynomial": [-2, 0, 0, 0, 0, 0, 0, 1]},
     {"order": 42, "t_number": 4, "label": "7T4", "abelian": False, "soluble": True, "even": False})
case("number_field.compute.splitting_field", {"polynomial": [-2, 0, 0, 0, 0, 0, 0, 1]}, {"degree": 42, "automorphisms": 42})

# number_field.compute.prime_decomposition
for f in [x ** 2 + 1, x ** 2 - 5, x ** 3 - 2, x ** 3 - x - 1, x ** 4 - 10 * x ** 2 + 1, sympy.cyclotomic_poly(7, x),
          x ** 4 - 2, 3 * x ** 3 + 7, x ** 5 - x - 1]:
    cs = coefficients(f)
    g, _ = monic_integral(cs)
    n = g.degree()
    for p in [2, 3, 5, 7, 11, 13, 29, 43, 10007]:
        ideals = sorted(((P.f, P.e) for P in prime_decomp(p, g)))
        case("number_field.compute.prime_decomposition", {"polynomial": payload(cs), "p": p},
             {"splitting_type": [{"e": e, "f": f} for f, e in ideals],
              "ramified": any(e > 1 for _, e in ideals),
              "inert": len(ideals) == 1 and ideals[0][0] == n,
              "totally_split": len(ideals) == n})


ELEMENT_FIELDS = [x ** 3 - 2, x ** 4 - 10 * x ** 2 + 1, 2 * x ** 2 - sympy.Rational(3, 5), sympy.cyclotomic_poly(7, x), x ** 5 - x - 1]
for f in ELEMENT_FIELDS:
    cs = coefficients(f)
    n = len(cs) - 1
    for _ in range(5):
        a = [Fraction(rng.randrange(-9, 10), rng.choice([1, 1, 2, 3])) for _ in range(rng.randrange(1, n + 1))]
        case("number_field.compute.element", {"polynomial": payload(cs), "element": payload(a)}, element_reference(cs, a))
case("number_field.compute.element", {"polynomial": [1, 0, -10, 0, 1], "element": [-5, 0, 1]},
     element_reference(coefficients(x ** 4 - 10 * x ** 2 + 1), [Fraction(-5), 0, Fraction(1)]))
case("number_field.compute.element", {"polynomial": [-2, 0, 0, 1], "element": [1, 1, 1]},
     element_reference(coefficients(x ** 3 - 2), [Fraction(1)] * 3))

# number_field.compute.subfields: LMFDB's reduced polynomials, each checked against SymPy here.
LMFDB = {
    "x": x, "Q(√2)": x ** 2 - 2, "Q(√3)": x ** 2 - 3, "Q(√6)": x ** 2 - 6, "4.4.2304.1": x ** 4 - 4 * x ** 2 + 1,
    "Q(√-7)": x ** 2 - x + 2, "3.3.49.1": x ** 3 - x ** 2 - 2 * x + 1, "6.0.16807.1": sympy.cyclotomic_poly(14, x),
    "3.1.108.1": x ** 3 - 2, "6.2.1492992.1": x ** 6 - 2, "Q(i)": x ** 2 + 1, "Q(√-2)": x ** 2 + 2,
    "4.0.256.1": x ** 4 + 1,
}


def subfield(label):
    f = LMFDB[label]
    n = Poly(f, x).degree()
    d = 1 if n == 1 else int(round_two(Poly(f, x, domain=ZZ))[1])
    return {"degree": n, "polynomial": [str(int(c)) for c in coefficients(f)], "discriminant": str(d)}


for field, labels, bound in [
    (x ** 4 - 10 * x ** 2 + 1, ["x", "Q(√2)", "Q(√3)", "Q(√6)", "4.4.2304.1"], None),
    (sympy.cyclotomic_poly(7, x), ["x", "Q(√-7)", "3.3.49.1", "6.0.16807.1"], None),
    (sympy.cyclotomic_poly(7, x), ["x", "Q(√-7)", "3.3.49.1"], 3),
    (x ** 3 - 2, ["x", "3.1.108.1"], None),
    (x ** 6 - 2, ["x", "Q(√2)", "3.1.108.1", "6.2.1492992.1"], None),
    (x ** 4 + 1, ["x", "Q(i)", "Q(√-2)", "Q(√2)", "4.0.256.1"], None),
]:
    subs = [subfield(label) for label in labels]
    key = lambda s: (s["degree"], abs(int(s["discriminant"])), int(s["discriminant"]), [int(c) for c in s["polynomial"]])
    assert subs == sorted(subs, key=key), labels
    inp = {"polynomial": payload(coefficients(field))}
    if bound:
        inp["max_degree"] = bound
    case("number_field.compute.subfields", inp, {"subfields": subs})

for c in CASES:
    print(json.dumps(c))
