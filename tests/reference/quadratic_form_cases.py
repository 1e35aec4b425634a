"""Reference answers of the quadratic-form capabilities, by brute force and textbook algorithms.

Prints {"capability", "input", "expected"[, "assurance"]} per line; see number_theory_cases.py.
"""
import collections
import functools
import itertools
import json
import math
import random

import sympy

rng = random.Random(4242)
CASES = []


def case(capability, inp, expected, assurance=None):
    c = {"capability": capability, "input": inp, "expected": expected}
    if assurance:
        c["assurance"] = assurance
    CASES.append(c)


def reduce_definite(a, b, c):
    """The unique reduced form of a positive definite form (|b| ≤ a ≤ c, b ≥ 0 on the boundary)."""
    while True:
        if c < a:
            a, b, c = c, -b, a
        elif b > a or b <= -a:
            k = (a - b) // (2 * a)
            b, c = b + 2 * k * a, a * k * k + b * k + c
        elif (b < 0 and (a == c or -b == a)):
            b = -b
        else:
            return [a, b, c]


def transform(f, m):
    a, b, c = f
    al, be, ga, de = m
    return [a * al * al + b * al * ga + c * ga * ga,
            2 * a * al * be + b * (al * de + be * ga) + 2 * c * ga * de,
            a * be * be + b * be * de + c * de * de]


def random_sl2():
    m = [1, 0, 0, 1]
    for _ in range(rng.randrange(1, 5)):
        t = rng.randrange(-4, 5)
        m = [m[0] * 1 + m[1] * 0, m[0] * t + m[1], m[2], m[2] * t + m[3]] if rng.random() < 0.5 else [m[1], -m[0], m[3], -m[2]]
    return m


def definite_form():
    while True:
        a, b, c = rng.randrange(1, 60), rng.randrange(-60, 60), rng.randrange(1, 60)
        if b * b - 4 * a * c < 0:
            return [a, b, c]


# quadratic_form.binary.reduce
for _ in range(20):
    f = transform(definite_form(), random_sl2())
    case("quadratic_form.binary.reduce", {"form": f}, {"reduced": [str(v) for v in reduce_definite(*f)], "discriminant": str(f[1] ** 2 - 4 * f[0] * f[2])})
for f in [[3, 13, 5], [1, 1, -1], [2, 7, -3], [-5, 11, 4]]:
    case("quadratic_form.binary.reduce", {"form": f}, {"discriminant": str(f[1] ** 2 - 4 * f[0] * f[2])})


# quadratic_form.binary.compose (Dirichlet's united forms, by search)
def compose(f, g):
    (a1, b1, _), (a2, b2, _) = f, g
    d = b1 * b1 - 4 * f[0] * f[2]
    for k in range(4 * a1 * a2):
        if (k - b1) % (2 * a1) == 0 and (k - b2) % (2 * a2) == 0 and (k * k - d) % (4 * a1 * a2) == 0:
            return reduce_definite(a1 * a2, k, (k * k - d) // (4 * a1 * a2))
    return None
count = 0
while count < 15:
    f, g = definite_form(), definite_form()
    d = f[1] ** 2 - 4 * f[0] * f[2]
    g = [g[0], f[1] % 2 + 2 * rng.randrange(-5, 5), 0]
    if (g[1] ** 2 - d) % (4 * g[0]):
        continue
    g[2] = (g[1] ** 2 - d) // (4 * g[0])
    if math.gcd(*f) != 1 or math.gcd(*g) != 1 or math.gcd(f[0], g[0], (f[1] + g[1]) // 2) != 1:
        continue
    case("quadratic_form.binary.compose", {"f": f, "g": g}, {"composition": [str(v) for v in compose(f, g)]})
    count += 1

# quadratic_form.binary.equivalent
for _ in range(10):
    f = definite_form()
    g = transform(f, random_sl2()) if rng.random() < 0.5 else transform(definite_form(), [1, 0, 0, 1])
    if g[1] ** 2 - 4 * g[0] * g[2] != f[1] ** 2 - 4 * f[0] * f[2]:
        g = transform(f, random_sl2())
    case("quadratic_form.binary.equivalent", {"f": f, "g": g}, {"equivalent": reduce_definite(*f) == reduce_definite(*g)})
for f in [[1, 1, -1], [2, 7, -3], [3, 13, 5], [1, 0, -7]]:
    case("quadratic_form.binary.equivalent", {"f": f, "g": transform(f, random_sl2())}, {"equivalent": True})
case("quadratic_form.binary.equivalent", {"f": [1, 0, -3], "g": [-1, 0, 3]}, {"equivalent": False})
case("quadratic_form.binary.equivalent", {"f": [3, 2, 5], "g": [3, -2, 5]}, {"equivalent": False})


# quadratic_form.binary.class_group (h(D) for D < 0 by counting reduced primitive forms)
def class_number(d):
    h = 0
    a = 1
    while 3 * a * a <= -d:
        for b in range(-a + 1, a + 1):
            if (b * b - d) % (4 * a) == 0:
                c = (b * b - d) // (4 * a)
                if c >= a and not (a == c and b < 0) and math.gcd(a, b, c) == 1:
                    h += 1
        a += 1
    return h
for d in [-3, -4, -23, -47, -71, -163, -5923 * 4, -999_995] + [-(4 * rng.randrange(1, 200000) + rng.choice([0, 1])) for _ in range(8)]:
    if d % 4 not in (0, 1):
        continue
    h = class_number(d)
    sq = all(h % (p * p) for p in range(2, int(math.isqrt(h)) + 1))
    case("quadratic_form.binary.class_group", {"discriminant": str(d), "forms": True}, {"class_number": str(h)})
for d, h in [(5, 1), (8, 1), (40, 2), (229, 3)]:
    case("quadratic_form.binary.class_group", {"discriminant": str(d)}, {"class_number": str(h)})


# quadratic_form.compute.invariants (signature by Sylvester's law from an exact LDLᵀ with pivoting)
def inertia(g):
    m = sympy.Matrix(g)
    ev = m.eigenvals()
    re = lambda v: sympy.re(sympy.N(v, 50))
    pos = sum(k for v, k in ev.items() if re(v) > 1e-30)
    neg = sum(k for v, k in ev.items() if re(v) < -1e-30)
    return pos, neg
for _ in range(15):
    n = rng.randrange(1, 4)
    g = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i, n):
            g[i][j] = g[j][i] = rng.randrange(-6, 7)
    pos, neg = inertia(g)
    kind = ("positive_definite" if pos == n else "negative_definite" if neg == n else
            "positive_semidefinite" if neg == 0 else "negative_semidefinite" if pos == 0 else "indefinite")
    content = math.gcd(*[v for row in g for v in row])
    case("quadratic_form.compute.invariants", {"gram": g},
         {"determinant": str(sympy.Matrix(g).det()), "rank": sympy.Matrix(g).rank(), "signature": [pos, neg], "definiteness": kind, "content": str(content)})


# quadratic_form.compute.representation_numbers (brute force over a box)
for g in [[[1, 0], [0, 1]], [[2, 1], [1, 2]], [[1, 0, 0], [0, 1, 0], [0, 0, 1]], [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]], [[2, 1, 0], [1, 3, 1], [0, 1, 4]]]:
    n, bound = len(g), 12
    counts = [0] * (bound + 1)
    for v in itertools.product(range(-4, 5), repeat=n):
        q = sum(v[i] * g[i][j] * v[j] for i in range(n) for j in range(n))
        if q <= bound:
            counts[q] += 1
    case("quadratic_form.compute.representation_numbers", {"gram": g, "bound": bound}, {"counts": [str(c) for c in counts]})


# quadratic_form.compute.operation (SymPy polynomials)
def poly_of(c, xs):
    return sum(c[i][j - i] * xs[i] * xs[j] for i in range(len(xs)) for j in range(i, len(xs)))
def coeffs_of(q, ys):
    pq = sympy.Poly(sympy.expand(q), *ys)
    return [[str(pq.coeff_monomial(ys[i] * ys[j])) for j in range(i, len(ys))] for i in range(len(ys))]
for _ in range(6):
    n = rng.randrange(1, 4)
    c = [[rng.randrange(-9, 10) for _ in range(n - i)] for i in range(n)]
    xs = sympy.symbols(f"x0:{n}")
    q = poly_of(c, xs)
    vecs = [[rng.randrange(-20, 20) for _ in range(n)] for _ in range(3)]
    at = lambda v: q.subs(dict(zip(xs, v)))
    case("quadratic_form.compute.operation", {"coefficients": c, "operation": {"evaluate": {"vectors": vecs}}}, {"values": [str(at(v)) for v in vecs]})
    case("quadratic_form.compute.operation", {"coefficients": c, "operation": {"evaluate": {"vectors": vecs, "modulus": 7}}}, {"values": [str(at(v) % 7) for v in vecs]})
    pairs = [[vecs[0], vecs[1]], [vecs[1], vecs[2]]]
    polar = [at([a + b for a, b in zip(u, v)]) - at(u) - at(v) for u, v in pairs]
    case("quadratic_form.compute.operation", {"coefficients": c, "operation": {"polar": {"pairs": pairs, "modulus": 2}}}, {"values": [str(b % 2) for b in polar]})
    case("quadratic_form.compute.operation", {"coefficients": c, "operation": {"polar": {"pairs": pairs}}}, {"values": [str(b) for b in polar]})
    h = sympy.hessian(q, xs)
    case("quadratic_form.compute.operation", {"coefficients": c, "operation": "matrices"},
         {"gram": [[str(sympy.Rational(v, 2)) for v in row] for row in h.tolist()], "polar": [[str(v) for v in row] for row in h.tolist()]})
    k = rng.randrange(1, 4)
    a = [[rng.randrange(-3, 4) for _ in range(k)] for _ in range(n)]
    ys = sympy.symbols(f"y0:{k}")
    sub = {xs[i]: sum(a[i][j] * ys[j] for j in range(k)) for i in range(n)}
    exp = {"coefficients": coeffs_of(q.subs(sub), ys)}
    if k == n:
        exp["determinant"] = str(sympy.Matrix(a).det())
    case("quadratic_form.compute.operation", {"coefficients": c, "operation": {"change_variables": {"matrix": a}}}, exp)
    keep = sorted(rng.sample(range(n), rng.randrange(1, n + 1)))
    zs = [xs[i] for i in keep]
    case("quadratic_form.compute.operation", {"coefficients": c, "operation": {"restrict": {"keep": keep}}},
         {"coefficients": coeffs_of(q.subs({xs[i]: 0 for i in range(n) if i not in keep}), zs)})
    case("quadratic_form.compute.operation", {"coefficients": c, "operation": {"scale": {"factor": -3}}}, {"coefficients": [[str(-3 * v) for v in r] for r in c]})
    case("quadratic_form.compute.operation", {"coefficients": c, "operation": {"reduce_modulo": {"modulus": 5}}}, {"coefficients": [[str(v % 5) for v in r] for r in c]})
    d = [[rng.randrange(-9, 10) for _ in range(2 - i)] for i in range(2)]
    zs = sympy.symbols(f"z0:{n + 2}")
    both = poly_of(c, zs[:n]) + poly_of(d, zs[n:])
    case("quadratic_form.compute.operation", {"coefficients": c, "operation": {"direct_sum": {"other": d}}}, {"coefficients": coeffs_of(both, zs)})

    # Value profiles modulo m and on a box, fibers, and the radical: by enumeration and SymPy's nullspace.
    m = rng.choice([2, 3, 4, 5, 7, 12])
    counts = [0] * m
    for x in itertools.product(range(m), repeat=n):
        counts[int(at(list(x))) % m] += 1
    a0 = rng.randrange(m)
    fiber = [list(x) for x in itertools.product(range(m), repeat=n) if int(at(list(x))) % m == a0]
    case("quadratic_form.compute.operation", {"coefficients": c, "operation": {"modular_values": {"modulus": m, "value": a0}}},
         {"counts": counts, "fiber": fiber})
    b = rng.randrange(0, 4)
    values = collections.Counter(int(at(list(x))) for x in itertools.product(range(-b, b + 1), repeat=n))
    case("quadratic_form.compute.operation", {"coefficients": c, "operation": {"box_values": {"bound": b}}},
         {"box_values": [{"value": str(v), "count": values[v]} for v in sorted(values)]})

def primitive(v):
    den = functools.reduce(sympy.ilcm, [sympy.Rational(e).q for e in v], 1)
    ints = [int(sympy.Rational(e) * den) for e in v]
    g = functools.reduce(math.gcd, ints, 0)
    return [str(e // g) for e in ints]

for c in [[[1, 2], [4]], [[1, 2, 0], [1, 0], [0]], [[0, 0, 0], [0, 0], [0]], [[2, -3, 5], [1, 7], [-4]], [[1, 1, 1], [1, 1], [1]]]:
    n = len(c)
    xs = sympy.symbols(f"x0:{n}")
    h = sympy.hessian(poly_of(c, xs), xs)
    kern = h.nullspace()
    case("quadratic_form.compute.operation", {"coefficients": c, "operation": {"radical": {}}},
         {"rank": h.rank(), "radical": [primitive(list(v)) for v in kern]})
    for p in [2, 3, 5]:
        hp = sympy.Matrix(h.tolist()).applyfunc(lambda e: e % p)
        rank_p = sympy.Matrix(hp).rank(iszerofunc=lambda e: e % p == 0)
        # Rank modulo p by brute force: the number of vectors in the kernel is p^(n - rank).
        zeros = sum(1 for v in itertools.product(range(p), repeat=n)
                    if all(sum(h[i, j] * v[j] for j in range(n)) % p == 0 for i in range(n)))
        case("quadratic_form.compute.operation", {"coefficients": c, "operation": {"radical": {"prime": p}}},
             {"rank": n - round(math.log(zeros, p))})

# The classical Gauss sum Σ_x e(x²/p) = √p or i√p (p ≡ 1 or 3 mod 4): counts N(a) = 1 + (a/p).
for p in [5, 7, 11, 13]:
    counts = [int(1 + sympy.jacobi_symbol(a, p)) if a else 1 for a in range(p)]
    case("quadratic_form.compute.operation", {"coefficients": [[1]], "operation": {"modular_values": {"modulus": p}}},
         {"counts": counts})

# quadratic_form.binary.represent: every (x, y) in the box |x| ≤ √(4cn/|D|), |y| ≤ √(4an/|D|), by brute force.
for (a, b, c), n in [((1, 0, 1), 25), ((1, 0, 1), 0), ((1, 1, 1), 91), ((1, 0, 1), 3), ((2, 1, 3), 60), ((1, 0, 5), 189),
                     ((3, 2, 3), 200), ((1, 0, 1), 5 ** 6), ((7, 3, 11), 1000)] + [
        ((rng.randrange(1, 9), rng.randrange(-5, 6), rng.randrange(7, 15)), rng.randrange(0, 3000)) for _ in range(6)]:
    D = b * b - 4 * a * c
    X, Y = math.isqrt(4 * c * n // -D) + 1, math.isqrt(4 * a * n // -D) + 1
    sols = sorted([x, y] for x in range(-X, X + 1) for y in range(-Y, Y + 1) if a * x * x + b * x * y + c * y * y == n)
    case("quadratic_form.binary.represent", {"form": [a, b, c], "n": n},
         {"solutions": sols, "count": len(sols), "primitive_count": sum(1 for x, y in sols if math.gcd(x, y) == 1)})

# quadratic_form.binary.check: every claim decided independently (reduction of indefinite forms by
# 60-digit floating point, equivalence by expanding f(αx + βy, γx + δy) with SymPy).
import mpmath
mpmath.mp.dps = 60
X, Y = sympy.symbols("x y")
def reduced(a, b, c):
    d = b * b - 4 * a * c
    if d < 0:
        return -a < b <= a <= c and (a != c or b >= 0)
    r = mpmath.sqrt(d)
    return abs(r - 2 * abs(a)) < b < r
def image(f, m):
    (al, be), (ga, de) = m
    e = sympy.expand(f[0] * (al * X + be * Y) ** 2 + f[1] * (al * X + be * Y) * (ga * X + de * Y) + f[2] * (ga * X + de * Y) ** 2)
    return [int(e.coeff(X, 2).coeff(Y, 0)), int(e.coeff(X, 1).coeff(Y, 1)), int(e.coeff(X, 0).coeff(Y, 2))]
def forms():
    out = [[1, 1, 6], [2, 1, 3], [3, 4, 5], [1, 5, -3], [2, 3, -4], [4, 4, 5], [6, 6, 6], [5, -5, 7], [-3, 7, 2]]
    while len(out) < 24:
        a, b, c = rng.randint(-30, 30), rng.randint(-30, 30), rng.randint(-30, 30)
        d = b * b - 4 * a * c
        if d == 0 or (d > 0 and math.isqrt(d) ** 2 == d) or (d < 0 and a < 0):
            continue
        out.append([a, b, c])
    return out
for f in forms():
    a, b, c = f
    d = b * b - 4 * a * c
    claims, verdicts = [], []
    def claim(cl, holds):
        claims.append(cl)
        verdicts.append({"holds": holds})
    claim({"discriminant": d}, True)
    claim({"discriminant": d + rng.choice([-4, 4, 1])}, False)
    claim("primitive", math.gcd(a, math.gcd(b, c)) == 1)
    claim("positive_definite", d < 0 and a > 0)
    claim("indefinite", d > 0)
    claim("reduced", reduced(a, b, c))
    x, y = rng.randint(-6, 6), rng.randint(-6, 6)
    v = a * x * x + b * x * y + c * y * y
    claim({"represents": {"x": x, "y": y, "n": v}}, True)
    claim({"represents": {"x": x, "y": y, "n": v + 1}}, False)
    claim({"properly_represents": {"x": x, "y": y, "n": v}}, math.gcd(x, y) == 1)
    m = rng.choice([[[1, 1], [0, 1]], [[0, -1], [1, 0]], [[2, 1], [1, 1]], [[1, 0], [3, 1]], [[2, 0], [0, 1]]])
    g = image(f, m)
    det_one = m[0][0] * m[1][1] - m[0][1] * m[1][0] == 1
    claim({"equivalent_by": {"form": g, "matrix": m}}, det_one)
    claim({"equivalent_by": {"form": [g[0], g[1] + 2, g[2]], "matrix": m}}, False)
    case("quadratic_form.binary.check", {"form": f, "claims": claims},
         {"verdicts": verdicts, "all_hold": all(v["holds"] for v in verdicts)})
case("quadratic_form.binary.check", {"form": [1, 1, 6], "claims": ["reduced", "primitive"]},
     {"verdicts": [{"holds": True}, {"holds": True}], "all_hold": True})

for c in CASES:
    print(json.dumps(c))
