"""Reference answers for the finite-field capabilities: irreducibility from SymPy, and orders,
primitive polynomials, minimal polynomials, traces, norms and zero counts by arithmetic in
F_p[x]/(f) and enumeration written here.

Prints one JSON object per line: {"capability", "input", "expected", optional "assurance"} (see
number_theory_cases.py). Polynomials are coefficient lists from the constant term up.
"""
import itertools
import json
import random

import sympy

rng = random.Random(20261206)
CASES = []
X = sympy.Symbol("x")
P20 = 10 ** 20 + 39  # prime, above 2^64


def case(capability, inp, expected, assurance=None):
    c = {"capability": capability, "input": inp, "expected": expected}
    if assurance:
        c["assurance"] = assurance
    CASES.append(c)


def s(values):
    return [str(v) for v in values]


def trim(a):
    a = list(a)
    while a and a[-1] == 0:
        a.pop()
    return a


def monic(f, p):
    inv = pow(f[-1], -1, p)
    return [c * inv % p for c in f]


def rem(a, f, p):
    """a mod f over F_p, f monic."""
    a = [c % p for c in a]
    n = len(f) - 1
    for k in range(len(a) - 1, n - 1, -1):
        t = a[k]
        if t:
            for j in range(n + 1):
                a[k - n + j] = (a[k - n + j] - t * f[j]) % p
    return trim(a[:n])


def mulmod(a, b, f, p):
    c = [0] * max(len(a) + len(b) - 1, 0)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            c[i + j] += x * y
    return rem(c, f, p)


def powmod(g, e, f, p):
    acc, g = rem([1], f, p), rem(g, f, p)
    while e:
        if e & 1:
            acc = mulmod(acc, g, f, p)
        g = mulmod(g, g, f, p)
        e >>= 1
    return acc


def irreducible(f, p):
    return sympy.Poly(list(reversed(f)), X, modulus=p).is_irreducible


def order(g, f, p):
    """The multiplicative order of g ≠ 0 in F_p[x]/(f), f monic irreducible."""
    n = len(f) - 1
    o = p ** n - 1
    for q, e in sympy.factorint(o).items():
        for _ in range(e):
            if powmod(g, o // q, f, p) == [1]:
                o //= q
    return o


def random_poly(p, n):
    f = [rng.randrange(-p, 2 * p) for _ in range(n)] + [rng.randrange(1, p)]
    return f


# finite_field.decide.irreducible
for p, n in [(2, 1), (2, 5), (2, 8), (3, 4), (5, 3), (7, 2), (11, 6), (101, 3), (65537, 4)] * 3:
    f = random_poly(p, n)
    case("finite_field.decide.irreducible", {"p": p, "polynomial": f}, {"irreducible": irreducible([c % p for c in f], p)})
trinomial = [1, 1] + [0] * 125 + [1]
for p, f in [(2, trinomial), (P20, [P20 - 3, 0, 1]), (P20, [P20 - 1, 0, 1]), (P20, [5, 7, 11, 1]),
             (2 ** 61 - 1, [3, 0, 0, 1]), (3, [1, 0, 1]), (3, [2, 0, 1])]:
    case("finite_field.decide.irreducible", {"p": str(p), "polynomial": s(f)}, {"irreducible": irreducible(f, p)})


# finite_field.decide.primitive
def primitivity(f, p):
    g = [c % p for c in f]
    if not irreducible(g, p):
        return {"primitive": False, "irreducible": False, "order_of_x": None}
    g = monic(g, p)
    x = rem([0, 1], g, p)
    if not x:
        return {"primitive": False, "irreducible": True, "order_of_x": None}
    o = order(x, g, p)
    return {"primitive": o == p ** (len(g) - 1) - 1, "irreducible": True, "order_of_x": str(o)}


for p, n in [(2, 4), (2, 6), (2, 7), (3, 3), (5, 2), (7, 3), (13, 2), (3, 1), (2, 16)] * 3:
    f = random_poly(p, n)
    case("finite_field.decide.primitive", {"p": p, "polynomial": f}, primitivity(f, p))
for p, f in [(2, trinomial), (2, [1, 1, 1, 1, 1]), (5, [0, 3]), (P20, [P20 - 3, 1]), (P20, [P20 - 1, 1]),
             (P20, [P20 - 3, 0, 1])]:
    case("finite_field.decide.primitive", {"p": str(p), "polynomial": s(f)}, primitivity(f, p))


# finite_field.find.polynomial: the first primitive x^n + Σ cᵢxⁱ with c₀ = (−1)^n·g, g the least
# primitive root mod p, in the order of Σ_{i≥1} cᵢ·p^(i−1).
def first_primitive(p, n):
    c0 = (-1) ** n * sympy.primitive_root(p) % p
    for k in range(p ** (n - 1)):
        f = [c0] + [(k // p ** i) % p for i in range(n - 1)] + [1]
        if primitivity(f, p)["primitive"]:
            return f


for p, n in [(2, 1), (2, 3), (2, 8), (2, 12), (3, 1), (3, 4), (5, 3), (7, 2), (13, 3), (101, 2), (31, 3), (65537, 2),
             (1000003, 3), (P20, 2)]:
    case("finite_field.find.polynomial", {"p": str(p), "degree": n, "primitive": True},
         {"polynomial": s(first_primitive(p, n)), "primitive": True})
for p, n in [(2, 10), (2, 100), (3, 7), (7, 1), (1000003, 3), (P20, 3), (2 ** 61 - 1, 5)]:
    case("finite_field.find.polynomial", {"p": str(p), "degree": n}, {"primitive": False})


# finite_field.count.zeros: affine zeros by enumeration; projective points enumerated directly
# (first non-zero coordinate 1) on f itself when homogeneous, else on its homogenization.
def evaluate(terms, point, p):
    total = 0
    for c, e in terms:
        m = c
        for x, k in zip(point, e):
            m *= x ** k
        total += m
    return total % p


def projective_points(p, n):
    for lead in range(n):
        for rest in itertools.product(range(p), repeat=n - lead - 1):
            yield (0,) * lead + (1,) + rest


def zeros(p, n, terms, listed):
    live = [(c, e) for c, e in terms if c % p]
    degrees = {sum(e) for _, e in live}
    homogeneous = len(degrees) <= 1
    affine = [pt for pt in itertools.product(range(p), repeat=n) if evaluate(terms, pt, p) == 0]
    if homogeneous:
        projective = sum(1 for pt in projective_points(p, n) if evaluate(terms, pt, p) == 0)
    else:
        d = max(degrees)
        hom = [(c, [d - sum(e)] + list(e)) for c, e in live]
        projective = sum(1 for pt in projective_points(p, n + 1) if evaluate(hom, pt, p) == 0)
    out = {"affine": len(affine), "projective": projective, "homogeneous": homogeneous,
           "projective_dimension": n - 1 if homogeneous else n}
    if listed:
        out["zeros"] = [list(pt) for pt in affine]
        out["listed_all"] = True
    return out


examples = [
    (7, 2, [[1, [2, 0]], [1, [0, 2]], [-1, [0, 0]]], True),            # the circle x² + y² = 1
    (5, 3, [[1, [2, 0, 0]], [1, [0, 2, 0]], [-1, [0, 0, 2]]], True),   # the conic x² + y² = z²
    (7, 3, [[1, [3, 0, 0]], [1, [0, 3, 0]], [1, [0, 0, 3]]], False),   # the Fermat cubic
    (11, 2, [[1, [0, 2]], [-1, [3, 0]], [1, [1, 0]], [-1, [0, 0]]], False),  # y² = x³ − x + 1
    (3, 4, [], False),                                                  # the zero polynomial
    (13, 1, [[5, [0]]], False),                                         # a non-zero constant
    (2, 10, [[1, [1] * 10], [1, [0] * 10]], False),
]
for _ in range(12):
    p = rng.choice([2, 3, 5, 7, 11])
    n = rng.randrange(1, 4)
    terms = [[rng.randrange(-20, 20), [rng.randrange(0, 5) for _ in range(n)]] for _ in range(rng.randrange(1, 5))]
    examples.append((p, n, terms, rng.random() < 0.3))
for p, n, terms, listed in examples:
    inp = {"p": p, "variables": n, "terms": terms}
    if listed:
        inp["list"] = True
    case("finite_field.count.zeros", inp, zeros(p, n, terms, listed))


# finite_field.compute.element: conjugates e^(p^i) give the minimal polynomial, trace and norm.
def element_data(p, f, e):
    f = monic([c % p for c in f], p)
    n = len(f) - 1
    e = rem(e, f, p)
    if not e:
        return {"modulus": s(f), "order": None, "primitive": False, "minimal_polynomial": ["0", "1"], "trace": "0", "norm": "0"}
    conj, c = [], e
    for _ in range(n):
        conj.append(c)
        c = powmod(c, p, f, p)
    distinct = []
    for c in conj:
        if c not in distinct:
            distinct.append(c)
    poly = [[1]]  # ∏ (X − c) with coefficients in F_p[x]/(f), constant term first
    for c in distinct:
        shifted = [[]] + poly
        for i, coeff in enumerate(poly):
            prod = mulmod(coeff, c, f, p)
            shifted[i] = rem([a - b for a, b in itertools.zip_longest(shifted[i], prod, fillvalue=0)], f, p)
        poly = shifted
    minimal = [(c[0] if c else 0) for c in poly]
    assert all(len(c) <= 1 for c in poly)
    trace = rem([sum(col) for col in itertools.zip_longest(*conj, fillvalue=0)], f, p)
    norm = [1]
    for c in conj:
        norm = mulmod(norm, c, f, p)
    o = order(e, f, p)
    return {"modulus": s(f), "order": str(o), "primitive": o == p ** n - 1, "minimal_polynomial": s(minimal),
            "trace": str(trace[0] if trace else 0), "norm": str(norm[0])}


def random_irreducible(p, n):
    while True:
        f = [rng.randrange(p) for _ in range(n)] + [rng.randrange(1, p)]
        if irreducible(f, p):
            return f


for p, n in [(2, 4), (2, 8), (3, 3), (5, 2), (7, 3), (11, 2), (13, 4), (101, 3), (2 ** 61 - 1, 2), (65537, 2)]:
    f = random_irreducible(p, n)
    for _ in range(2):
        e = [rng.randrange(-p, p) for _ in range(rng.randrange(1, n + 1))]
        case("finite_field.compute.element", {"p": str(p), "modulus": s(f), "element": s(e)}, element_data(p, f, e))
    case("finite_field.compute.element", {"p": str(p), "modulus": s(f), "element": ["0", "1"]}, element_data(p, f, [0, 1]))
# Without a modulus: an element of F_p inside F_{p^n} has the same data whatever f is.
for p, n, c in [(7, 3, 3), (2, 5, 1), (101, 2, 2), (13, 1, 2), (5, 4, 0)]:
    data = element_data(p, [0] * n + [1], [c])  # x^n is not irreducible, but only constants are used
    expected = {k: data[k] for k in ["order", "minimal_polynomial", "trace", "norm"]}
    case("finite_field.compute.element", {"p": p, "degree": n, "element": [c]}, expected)

# finite_field.compute.jacobian_syzygies. Generators: the partials of a smooth form of degree d
# (p ∤ d) are a regular sequence, so their least syzygy is a Koszul one, of degree d − 1; x·y·z
# has linear syzygies; a vanishing partial gives a constant one. Checks: Σ aᵢ·∂f/∂xᵢ by SymPy mod p.
SX, SY, SZ = sympy.symbols("x y z")
SYZ = "finite_field.compute.jacobian_syzygies"
for names, p, f, least in [(["x", "y", "z"], 7, "x^3 + y^3 + z^3", 2), (["x", "y"], 3, "x^2 + y^2", 1),
                           (["x", "y", "z"], 5, "x*y*z", 1), (["x", "y"], 5, "x^5 + y", 0),
                           (["x", "y", "z", "w"], 11, "x^4 + y^4 + z^4 + w^4", 3), (["x", "y"], 13, "x^6 + y^6 + x^3*y^3", 5)]:
    case(SYZ, {"variables": names, "domain": f"F_{p}", "polynomial": f, "operation": "generators"},
         {"minimum_degree": least})
for names, p, f, a in [(["x", "y"], 3, "x^2 + y^2", ["y", "-x"]), (["x", "y"], 5, "x^2*y + y^3", ["x*y", "2*x^2 - y^2"]),
                       (["x", "y", "z"], 7, "x^3 + y^3 + z^3", ["y^2", "-x^2", "0"]), (["x", "y"], 7, "x^3 + y^2", ["y", "x"]),
                       (["x", "y", "z"], 2, "x*y + y*z + z*x", ["y + z", "x + z", "x + y"])]:
    loc = {"x": SX, "y": SY, "z": SZ}
    fe = sympy.sympify(f.replace("^", "**"), locals=loc)
    syms = [loc[v] for v in names]
    comb = sum(sympy.sympify(ai.replace("^", "**"), locals=loc) * sympy.diff(fe, v) for ai, v in zip(a, syms))
    zero = sympy.Poly(sympy.expand(comb), *syms, modulus=p).is_zero
    case(SYZ, {"variables": names, "domain": f"F_{p}", "polynomial": f, "operation": {"check": {"syzygy": a}}},
         {"is_syzygy": zero}, None if zero else "COMPUTED")

# finite_field.compute.invariant_forms: the fixed subspace's dimension by SymPy — the images
# f(g·x) of the monomials expanded by SymPy, the nullspace of the stacked (A_g − I) over GF(p)
# by SymPy's DomainMatrix.
from sympy.polys.matrices import DomainMatrix
from sympy.polys.orderings import grlex
def invariant_dimension(n, p, gs, d):
    xs = sympy.symbols(f"v0:{n}")
    mons = sorted(sympy.itermonomials(xs, d, d), key=lambda m: sympy.Poly(m, *xs).monoms()[0], reverse=True)
    rows = []
    for g in gs:
        sub = {xs[i]: sum(g[i][j] * xs[j] for j in range(n)) for i in range(n)}
        cols = []
        for m in mons:
            img = sympy.Poly(sympy.expand(m.subs(sub, simultaneous=True)), *xs, modulus=p)
            cols.append([int(img.coeff_monomial(t)) % p for t in mons])
        for r in range(len(mons)):
            rows.append([(cols[c][r] - (1 if r == c else 0)) % p for c in range(len(mons))])
    dm = DomainMatrix([[sympy.GF(p)(v) for v in row] for row in rows], (len(rows), len(mons)), sympy.GF(p))
    return len(mons) - dm.rank()
for names, p, gs, d in [(["x", "y"], 5, [[[0, 1], [1, 0]]], 2), (["x", "y"], 5, [[[1, 1], [0, 1]]], 5),
                        (["x", "y", "z"], 3, [[[0, 1, 0], [0, 0, 1], [1, 0, 0]]], 3), (["x", "y"], 7, [[[3, 0], [0, 5]]], 6),
                        (["x", "y", "z"], 2, [[[0, 1, 0], [1, 0, 0], [0, 0, 1]], [[0, 1, 0], [0, 0, 1], [1, 0, 0]]], 4),
                        (["x", "y"], 11, [[[rng.randrange(11) for _ in range(2)] for _ in range(2)]], 4)]:
    if sympy.Matrix(gs[0]).det() % p == 0:
        gs = [[[1, 2], [0, 1]]]
    case("finite_field.compute.invariant_forms", {"variables": names, "p": p, "matrices": gs, "degree": d},
         {"dimension": invariant_dimension(len(names), p, gs, d)}, "COMPUTED")

for c in CASES:
    print(json.dumps(c))
