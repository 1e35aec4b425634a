"""Reference answers of the polynomials, rational functions and ideals pack, computed with SymPy
(and, where SymPy has no such function, with small independent Python or known answers).

Prints one JSON object per line: {"capability": id, "input": {...}, "expected": {...}}; the
test (tests/number_theory.rs runs every *_cases.py) runs each input through Jacobian, in VERIFY
mode when offered, requires `expected` to be contained in the output and VERIFIED assurance.
Polynomials are printed here in Jacobian's canonical text (`pr`): terms by total degree, then
lexicographically, descending; so the comparison is exact. Fixed seed.
"""
import itertools
import json
import random
import warnings
from fractions import Fraction

import sympy
from sympy import Poly, QQ, Rational, symbols

warnings.simplefilter("ignore")
rng = random.Random(20261216)
CASES = []


def case(capability, inp, expected, assurance=None):
    c = {"capability": capability, "input": inp, "expected": expected}
    if assurance:
        c["assurance"] = assurance
    CASES.append(c)


def q(c):
    c = Rational(c)
    return str(c.p) if c.q == 1 else f"{c.p}/{c.q}"


def pr(expr, gens, p=0):
    """Jacobian's canonical text of a SymPy expression in `gens` (over F_p when p > 0)."""
    poly = Poly(sympy.expand(expr), *gens, domain=QQ)
    terms = []
    for m, c in poly.terms():
        c = Rational(c)
        if p:
            c = Rational(int(c.p * pow(int(c.q), -1, p)) % p)
        if c != 0:
            terms.append((m, c))
    terms.sort(key=lambda t: (-sum(t[0]), tuple(-e for e in t[0])))
    out = ""
    for k, (m, c) in enumerate(terms):
        out += ("-" if c < 0 else "") if k == 0 else (" - " if c < 0 else " + ")
        mag = abs(c)
        factors = [str(g) if e == 1 else f"{g}^{e}" for g, e in zip(gens, m) if e > 0]
        if mag != 1 or not factors:
            out += q(mag) + ("*" if factors else "")
        out += "*".join(factors)
    return out or "0"


def txt(expr):
    """Input text (SymPy's printing with ^)."""
    return str(sympy.expand(expr)).replace("**", "^")


def rand_poly(gens, terms=4, deg=3, coeff=9, rational=False):
    e = 0
    for _ in range(terms):
        m = 1
        for g in gens:
            m *= g ** rng.randrange(0, deg + 1)
        c = rng.randrange(-coeff, coeff + 1)
        if rational and rng.random() < 0.3:
            c = Rational(c, rng.randrange(1, 5))
        e += c * m
    return e


def lead_positive(expr, gens):
    """Divides by the content and makes the print-order leading coefficient positive."""
    p = Poly(expr, *gens, domain=QQ)
    den, pz = p.clear_denoms(convert=True)
    c, pp = pz.primitive()
    pp = pp.as_expr()
    first = pr(pp, gens)
    if first.startswith("-"):
        pp = -pp
    return sympy.expand(pp)


def monic(expr, gens, p=0, order="grlex"):
    P = Poly(expr, *gens, modulus=p) if p else Poly(expr, *gens, domain=QQ)
    lc = P.LC(order=order)
    if p:
        return P.as_expr() * pow(int(lc) % p, -1, p)
    return sympy.expand(P.as_expr() / lc)


x, y, z, w, t = symbols("x y z w t")
X = [x]
XY = [x, y]
XYZ = [x, y, z]

# polynomial.compute.arithmetic
for _ in range(6):
    a, b = rand_poly(XY, rational=True), rand_poly(XY)
    base = {"variables": ["x", "y"]}
    case("polynomial.compute.arithmetic", {**base, "operation": "sum", "operands": [txt(a), txt(b)]}, {"result": pr(a + b, XY)})
    case("polynomial.compute.arithmetic", {**base, "operation": "difference", "operands": [txt(a), txt(b)]}, {"result": pr(a - b, XY)})
    case("polynomial.compute.arithmetic", {**base, "operation": "product", "operands": [txt(a), txt(b)]}, {"result": pr(a * b, XY)})
    k = rng.randrange(0, 5)
    case("polynomial.compute.arithmetic", {**base, "operation": "power", "operands": [txt(b)], "exponent": k}, {"result": pr(b ** k, XY)})
    case("polynomial.compute.arithmetic", {**base, "operation": "derivative", "operands": [txt(a)], "variable": "y", "order": 2}, {"result": pr(sympy.diff(a, y, 2), XY)})
    s = rand_poly(XY, terms=2, deg=2)
    case("polynomial.compute.arithmetic", {**base, "operation": "compose", "operands": [txt(a)], "substitutions": {"x": txt(s)}}, {"result": pr(a.subs(x, s), XY)})
    v = Rational(rng.randrange(-5, 6), rng.randrange(1, 4))
    case("polynomial.compute.arithmetic", {**base, "operation": "evaluate", "operands": [txt(a)], "point": {"x": q(v), "y": 2}}, {"result": pr(a.subs({x: v, y: 2}), XY)})
for p in [2, 7, 101]:
    a, b = rand_poly(XYZ), rand_poly(XYZ)
    case("polynomial.compute.arithmetic", {"variables": ["x", "y", "z"], "domain": f"F_{p}", "operation": "product", "operands": [txt(a), txt(b)]}, {"result": pr(a * b, XYZ, p)})
case("polynomial.compute.arithmetic", {"variables": ["x", "y"], "domain": "Z", "operation": "power", "operands": ["x + y"], "exponent": 7}, {"result": pr((x + y) ** 7, XY)})

# polynomial.compute.properties
for _ in range(6):
    f = rand_poly(XYZ, terms=5)
    if f == 0:
        continue
    P = Poly(f, *XYZ)
    lt = P.terms(order="grevlex")[0]
    case(
        "polynomial.compute.properties",
        {"variables": ["x", "y", "z"], "polynomial": txt(f)},
        {
            "polynomial": pr(f, XYZ),
            "total_degree": P.total_degree(),
            "degrees": [P.degree(g) for g in XYZ],
            "term_count": len(P.terms()),
            "homogeneous": P.is_homogeneous,
            "leading_coefficient": q(lt[1]),
            "leading_exponents": list(lt[0]),
            "constant_term": q(P.coeff_monomial(1)),
        },
    )
case("polynomial.compute.properties", {"variables": ["x", "y"], "polynomial": "(x + y)^3", "order": "lex"}, {"homogeneous": True, "leading_exponents": [3, 0], "term_count": 4})

# polynomial.compute.content
for _ in range(6):
    f = rand_poly(XY, rational=True)
    if f == 0:
        continue
    pp = lead_positive(f, XY)
    c = sympy.nsimplify(sympy.cancel(f / pp))
    case("polynomial.compute.content", {"variables": ["x", "y"], "polynomial": txt(f)}, {"content": q(c), "primitive_part": pr(pp, XY)})

# polynomial.decide.identity
for k in [3, 5, 8]:
    left = (x + y) ** k
    right = sum(sympy.binomial(k, i) * x ** i * y ** (k - i) for i in range(k + 1))
    case("polynomial.decide.identity", {"variables": ["x", "y"], "left": f"(x + y)^{k}", "right": txt(right)}, {"identical": True})
    case("polynomial.decide.identity", {"variables": ["x", "y"], "left": f"(x + y)^{k}", "right": txt(right + x * y)}, {"identical": False, "difference": pr(-x * y, XY)})
case(
    "polynomial.decide.identity",
    {"variables": ["x", "y"], "left": "(x + y)^300 - (x - y)^300", "right": "(x - y)^300*(-1) + (y + x)^300", "method": "schwartz_zippel"},
    {"identical": True},
)
case(
    "polynomial.decide.identity",
    {"variables": ["x", "y"], "left": "(x + y)^300", "right": "(x - y)^300", "method": "schwartz_zippel"},
    {"identical": False},
)

# polynomial.map.jacobian
for F, keller in [([x + y ** 2, y], True), ([x ** 2 + y, x * y], False), ([x + (y + x ** 2) ** 2, y + x ** 2, z], True)]:
    gens = XYZ[: len(F)]
    J = sympy.Matrix(F).jacobian(gens)
    case(
        "polynomial.map.jacobian",
        {"variables": [str(g) for g in gens], "map": [txt(f) for f in F]},
        {"matrix": [[pr(J[i, j], gens) for j in range(len(gens))] for i in range(len(F))], "determinant": pr(J.det(), gens), "keller": keller},
    )

# polynomial_field.compute.operator
f = x ** 2 * y + y * z ** 3 - 3 * x * z
V = [y * z, x ** 2 * z, x * y ** 3]
case("polynomial_field.compute.operator", {"variables": ["x", "y", "z"], "operation": "gradient", "field": [txt(f)]}, {"vector": [pr(sympy.diff(f, g), XYZ) for g in XYZ]})
case("polynomial_field.compute.operator", {"variables": ["x", "y", "z"], "operation": "laplacian", "field": [txt(f)]}, {"scalar": pr(sum(sympy.diff(f, g, 2) for g in XYZ), XYZ)})
# The gradient of a rational function, over its squared denominator (SymPy's quotient rule).
for num, den in [(x * y + z, x ** 2 + y ** 2 + 1), (sympy.Integer(1), x * y * z + 1), (x ** 3 - y, 2 * z - x + 3)]:
    grad = [sympy.cancel(sympy.diff(num / den, g) * den ** 2) for g in XYZ]
    case("polynomial_field.compute.operator", {"variables": ["x", "y", "z"], "operation": "gradient", "field": [txt(num)], "denominator": txt(den)},
         {"vector": [pr(c, XYZ) for c in grad], "denominator": pr(den ** 2, XYZ)})
case("polynomial_field.compute.operator", {"variables": ["x", "y", "z"], "operation": "divergence", "field": [txt(v) for v in V]}, {"scalar": pr(sum(sympy.diff(v, g) for v, g in zip(V, XYZ)), XYZ)})
curl = [sympy.diff(V[2], y) - sympy.diff(V[1], z), sympy.diff(V[0], z) - sympy.diff(V[2], x), sympy.diff(V[1], x) - sympy.diff(V[0], y)]
case("polynomial_field.compute.operator", {"variables": ["x", "y", "z"], "operation": "curl", "field": [txt(v) for v in V]}, {"vector": [pr(c, XYZ) for c in curl]})
H = sympy.hessian(f, XYZ)
case("polynomial_field.compute.operator", {"variables": ["x", "y", "z"], "operation": "hessian", "field": [txt(f)]}, {"matrix": [[pr(H[i, j], XYZ) for j in range(3)] for i in range(3)]})
case(
    "polynomial_field.compute.operator",
    {"variables": ["x", "y", "z"], "operation": "directional_derivative", "field": [txt(f)], "direction": [1, "1/2", -2]},
    {"scalar": pr(sympy.diff(f, x) + Rational(1, 2) * sympy.diff(f, y) - 2 * sympy.diff(f, z), XYZ)},
)

# polynomial.compute.division
for p in [0, 0, 0, 5, 13]:
    f = rand_poly(X, terms=6, deg=7)
    g = rand_poly(X, terms=3, deg=3) + x ** 4
    dom = {"domain": f"F_{p}"} if p else {}
    if p:
        qq, rr = sympy.div(Poly(f, x, modulus=p), Poly(g, x, modulus=p))
    else:
        qq, rr = sympy.div(Poly(f, x, domain=QQ), Poly(g, x, domain=QQ))
    case("polynomial.compute.division", {"variables": ["x"], **dom, "dividend": txt(f), "divisor": txt(g)}, {"quotient": pr(qq.as_expr(), X, p), "remainder": pr(rr.as_expr(), X, p), "divides": rr.is_zero})

# polynomial.compute.interpolation
for n in [1, 3, 5, 8]:
    xs = rng.sample(range(-20, 20), n)
    pts = [(Rational(a, 1), Rational(rng.randrange(-30, 30), rng.randrange(1, 4))) for a in xs]
    poly = sympy.interpolate(pts, x) if n > 1 else pts[0][1]
    case("polynomial.compute.interpolation", {"variables": ["x"], "points": [[q(a), q(b)] for a, b in pts]}, {"polynomial": pr(poly, X)})

# Hermite interpolation: the conditions p^(j)(x_k) = y_kj solved as a linear system by SymPy (over Q, or
# inverted mod p), and the interpolant evaluated at points.
def hermite(data, at=(), p=0):
    n = sum(len(ys) for _, ys in data)
    coeffs = sympy.symbols(f"a0:{n}")
    poly = sum(c * x ** k for k, c in enumerate(coeffs))
    rows, rhs = [], []
    for x0, ys in data:
        for j, yj in enumerate(ys):
            d = sympy.diff(poly, x, j).subs(x, Rational(x0))
            rows.append([d.coeff(c) for c in coeffs])
            rhs.append(Rational(yj))
    m, b = sympy.Matrix(rows), sympy.Matrix(rhs)
    sol = m.inv_mod(p) * b.applyfunc(lambda v: v.p * pow(v.q, -1, p) % p) if p else m.solve(b)
    f = sum((sol[k] % p if p else sol[k]) * x ** k for k in range(n))
    inp = {"variables": ["x"], "points": [[q(x0)] + [q(v) for v in ys] for x0, ys in data]}
    exp = {"polynomial": pr(f, X, p)}
    if p:
        inp["domain"] = f"F_{p}"
    if at:
        inp["evaluate_at"] = [q(t) for t in at]
        exp["values"] = [q(f.subs(x, Rational(t)) % p) if p else q(f.subs(x, Rational(t))) for t in at]
    case("polynomial.compute.interpolation", inp, exp)


hermite([(0, [1, 0]), (1, [2, 3])], at=["1/2", 3])
hermite([(-1, [0, 1, 2]), (2, [5]), ("1/3", [1, -1])], at=[0, "2/7"])
hermite([(0, [0, 1, 0, -1, 0, 1])], at=[1, -1])  # a Taylor polynomial of sin
hrng = random.Random(7)  # its own stream, leaving the cases after these unchanged
hermite([(a, [hrng.randrange(-20, 20) for _ in range(hrng.randint(1, 3))]) for a in hrng.sample(range(-9, 9), 4)], at=[5])
hermite([(1, [3, 2]), (4, [0, 6, 1])], at=[0, 2], p=7)
hermite([(0, [1]), (1, [0, 1]), (2, [4, 4])], p=5)
# The Newton form evaluated at points, plain values.
pts = [(Rational(a), Rational(b)) for a, b in [(-2, 5), (0, 1), (1, -1), (3, 7)]]
case("polynomial.compute.interpolation", {"variables": ["x"], "points": [[q(a), q(b)] for a, b in pts], "evaluate_at": ["1/2", 10]},
     {"values": [q(sympy.interpolate(pts, x).subs(x, t)) for t in (Rational(1, 2), 10)]})

# polynomial.transform.homogenize
for f in [y ** 2 - x ** 3 - 1, x ** 2 + 3 * x * y - 7]:
    h = Poly(f, x, y).homogenize(z).as_expr()
    case("polynomial.transform.homogenize", {"variables": ["x", "y"], "operation": "homogenize", "polynomial": txt(f), "variable": "z"}, {"variables": ["x", "y", "z"], "polynomial": pr(h, XYZ)})
    case("polynomial.transform.homogenize", {"variables": ["x", "y", "z"], "operation": "dehomogenize", "polynomial": txt(h), "variable": "z"}, {"variables": ["x", "y"], "polynomial": pr(f, XY)})

# polynomial.construct.symmetric
V4 = symbols("a b c d")
for k in range(0, 5):
    e = sum(sympy.prod(c) for c in itertools.combinations(V4, k))
    h = sum(sympy.prod(c) for c in itertools.combinations_with_replacement(V4, k))
    pk = sum(v ** k for v in V4)
    for fam, val in [("elementary", e), ("complete", h), ("power_sum", pk)]:
        case("polynomial.construct.symmetric", {"variables": ["a", "b", "c", "d"], "family": fam, "degree": k}, {"polynomial": pr(val, list(V4))})

# formal_series.compute.operation
def ser(expr, n):
    return sympy.series(expr, x, 0, n).removeO()


for f, n in [(1 - x - x ** 2, 12), (1 + 2 * x - x ** 3, 9)]:
    case("formal_series.compute.operation", {"variables": ["x"], "operation": "inverse", "f": txt(f), "order": n}, {"series": pr(ser(1 / f, n), X)})
    case("formal_series.compute.operation", {"variables": ["x"], "operation": "power", "f": txt(f), "exponent": -3, "order": n}, {"series": pr(ser(f ** -3, n), X)})
    case("formal_series.compute.operation", {"variables": ["x"], "operation": "power", "f": txt(f), "exponent": 4, "order": n}, {"series": pr(ser(f ** 4, n), X)})
    case("formal_series.compute.operation", {"variables": ["x"], "operation": "log", "f": txt(f), "order": n}, {"series": pr(ser(sympy.log(f), n), X)})
    case("formal_series.compute.operation", {"variables": ["x"], "operation": "divide", "f": "1 + x", "g": txt(f), "order": n}, {"series": pr(ser((1 + x) / f, n), X)})
    case("formal_series.compute.operation", {"variables": ["x"], "operation": "multiply", "f": txt(f), "g": "1 + x + x^2 + x^3", "order": n}, {"series": pr(ser(f * (1 + x + x ** 2 + x ** 3), n), X)})
g = x + x ** 2 - 3 * x ** 5
for n in [6, 10]:
    case("formal_series.compute.operation", {"variables": ["x"], "operation": "exp", "f": txt(g), "order": n}, {"series": pr(ser(sympy.exp(g), n), X)})
    case("formal_series.compute.operation", {"variables": ["x"], "operation": "compose", "f": "1 + x + x^2/2 + x^3/6", "g": txt(g), "order": n}, {"series": pr(ser(1 + g + g ** 2 / 2 + g ** 3 / 6, n), X)})
    # Reversion by Lagrange inversion: [x^k] h = (1/k) [x^(k-1)] (x/g)^k.
    h = sum(Rational(1, k) * ser((x / g) ** k, k).coeff(x, k - 1) * x ** k for k in range(1, n))
    case("formal_series.compute.operation", {"variables": ["x"], "operation": "reversion", "f": txt(g), "order": n}, {"series": pr(h, X)})
    case("formal_series.compute.operation", {"variables": ["x"], "operation": "integral", "f": txt(g), "order": n}, {"series": pr(ser(sympy.integrate(g, x), n), X)})
    case("formal_series.compute.operation", {"variables": ["x"], "operation": "derivative", "f": txt(g), "order": n}, {"series": pr(ser(sympy.diff(g, x), n), X)})
case("formal_series.compute.operation", {"variables": ["x"], "domain": "F_7", "operation": "inverse", "f": "1 - x", "order": 5}, {"series": "x^4 + x^3 + x^2 + x + 1"})

# orthogonal_polynomial.compute.family
for n in [0, 1, 4, 9]:
    for fam, val in [
        ("chebyshev_t", sympy.chebyshevt(n, x)),
        ("chebyshev_u", sympy.chebyshevu(n, x)),
        ("legendre", sympy.legendre(n, x)),
        ("hermite", sympy.hermite(n, x)),
        ("hermite_e", sympy.hermite_prob(n, x)),
        ("laguerre", sympy.assoc_laguerre(n, Rational(1, 2), x)),
        ("gegenbauer", sympy.gegenbauer(n, Rational(3, 2), x)),
    ]:
        inp = {"family": fam, "degree": n}
        if fam in ("laguerre", "gegenbauer"):
            inp["alpha"] = "1/2" if fam == "laguerre" else "3/2"
        case("orthogonal_polynomial.compute.family", inp, {"polynomial": pr(val, X)}, None if n else "COMPUTED")

# The Christoffel–Darboux kernel from the published norms h_k = ∫ p_k² w (Abramowitz–Stegun 22.2),
# relative to h_0, and SymPy's polynomials.
G = sympy.gamma
NORMS = {
    "chebyshev_t": lambda k, a: sympy.pi if k == 0 else sympy.pi / 2,
    "chebyshev_u": lambda k, a: sympy.pi / 2,
    "legendre": lambda k, a: Rational(2, 2 * k + 1),
    "hermite": lambda k, a: sympy.sqrt(sympy.pi) * 2 ** k * sympy.factorial(k),
    "hermite_e": lambda k, a: sympy.sqrt(2 * sympy.pi) * sympy.factorial(k),
    "laguerre": lambda k, a: G(k + a + 1) / sympy.factorial(k),
    "gegenbauer": lambda k, a: sympy.pi * 2 ** (1 - 2 * a) * G(k + 2 * a) / (sympy.factorial(k) * (k + a) * G(a) ** 2),
}
FAMILY = {
    "chebyshev_t": lambda k, a, v: sympy.chebyshevt(k, v),
    "chebyshev_u": lambda k, a, v: sympy.chebyshevu(k, v),
    "legendre": lambda k, a, v: sympy.legendre(k, v),
    "hermite": lambda k, a, v: sympy.hermite(k, v),
    "hermite_e": lambda k, a, v: sympy.hermite_prob(k, v),
    "laguerre": lambda k, a, v: sympy.assoc_laguerre(k, a, v),
    "gegenbauer": lambda k, a, v: sympy.gegenbauer(k, a, v),
}
for fam, n, a in [("legendre", 4, None), ("chebyshev_t", 3, None), ("chebyshev_u", 3, None), ("hermite", 3, None), ("hermite_e", 4, None), ("laguerre", 3, Rational(1, 2)), ("gegenbauer", 3, Rational(3, 2)), ("legendre", 0, None)]:
    h = [sympy.nsimplify(sympy.simplify(NORMS[fam](k, a) / NORMS[fam](0, a))) for k in range(n + 1)]
    K = sum(FAMILY[fam](k, a, x) * FAMILY[fam](k, a, y) / h[k] for k in range(n + 1))
    inp = {"family": fam, "degree": n, "christoffel_darboux": "y"}
    if a is not None:
        inp["alpha"] = q(a)
    case("orthogonal_polynomial.compute.family", inp, {"kernel": pr(K, [x, y]), "norms": [q(v) for v in h]})

# rational_function.compute.arithmetic
for _ in range(4):
    a, b, c, d = (rand_poly(X, terms=3, deg=3) + 1 for _ in range(4))
    if 0 in (b, d, c):
        continue
    for op, val in [("sum", a / b + c / d), ("difference", a / b - c / d), ("product", (a / b) * (c / d)), ("quotient", (a / b) / (c / d))]:
        n_, d_ = sympy.fraction(sympy.cancel(sympy.together(val)))
        lc = Poly(d_, x).LC()
        case(
            "rational_function.compute.arithmetic",
            {"variables": ["x"], "operation": op, "operands": [{"numerator": txt(a), "denominator": txt(b)}, {"numerator": txt(c), "denominator": txt(d)}]},
            {"numerator": pr(n_ / lc, X), "denominator": pr(d_ / lc, X)},
        )
    n_, d_ = sympy.fraction(sympy.cancel(sympy.diff(a / b, x)))
    lc = Poly(d_, x).LC()
    case("rational_function.compute.arithmetic", {"variables": ["x"], "operation": "derivative", "operands": [{"numerator": txt(a), "denominator": txt(b)}]}, {"numerator": pr(n_ / lc, X), "denominator": pr(d_ / lc, X)})
    if a != 0:
        # The logarithmic derivative f′/f, cancelled by SymPy.
        n_, d_ = sympy.fraction(sympy.cancel(sympy.diff(a / b, x) / (a / b)))
        lc = Poly(d_, x).LC()
        case("rational_function.compute.arithmetic", {"variables": ["x"], "operation": "logarithmic_derivative", "operands": [{"numerator": txt(a), "denominator": txt(b)}]}, {"numerator": pr(n_ / lc, X), "denominator": pr(d_ / lc, X)})
# d log of (x − 1)²(x + 2)/x³ is 2/(x − 1) + 1/(x + 2) − 3/x; over F_7 too.
for dom, p in [({}, 0), ({"domain": "F_7"}, 7)]:
    f = (x - 1) ** 2 * (x + 2) / x ** 3
    n_, d_ = sympy.fraction(sympy.cancel(sympy.diff(f, x) / f))
    lc = Poly(d_, x).LC()
    case("rational_function.compute.arithmetic", {"variables": ["x"], **dom, "operation": "logarithmic_derivative", "operands": [{"numerator": "(x - 1)^2*(x + 2)", "denominator": "x^3"}]},
         {"numerator": pr(n_ / lc, X, p), "denominator": pr(d_ / lc, X, p)})
case(
    "rational_function.compute.arithmetic",
    {"variables": ["x"], "operation": "reduce", "operands": [{"numerator": "x^2 - 1", "denominator": "2*x^2 - 4*x + 2"}]},
    {"numerator": "1/2*x + 1/2", "denominator": "x - 1"},
)

# polynomial.compute.gcd
for p in [0, 0, 0, 0, 3, 31]:
    common = rand_poly(X, terms=3, deg=4) + x ** 5
    a = sympy.expand(common * (rand_poly(X, terms=3, deg=3) + x ** 4))
    b = sympy.expand(common * (rand_poly(X, terms=3, deg=3) + 2 * x ** 3))
    dom = {"domain": f"F_{p}"} if p else {}
    opts = {"modulus": p} if p else {"domain": QQ}
    G = sympy.gcd(Poly(a, x, **opts), Poly(b, x, **opts))
    L = sympy.lcm(Poly(a, x, **opts), Poly(b, x, **opts))
    case("polynomial.compute.gcd", {"variables": ["x"], **dom, "f": txt(a), "g": txt(b)}, {"gcd": pr(monic(G.as_expr(), X, p), X, p), "lcm": pr(monic(L.as_expr(), X, p), X, p)})
for _ in range(3):
    common = rand_poly(XY, terms=2, deg=2) + x * y
    a = sympy.expand(common * (rand_poly(XY, terms=2, deg=2) + x))
    b = sympy.expand(common * (rand_poly(XY, terms=2, deg=2) + y ** 2))
    G = sympy.gcd(a, b)
    case("polynomial.compute.gcd", {"variables": ["x", "y"], "f": txt(a), "g": txt(b)}, {"gcd": pr(monic(G, XY), XY)}, "COMPUTED")
case("polynomial.compute.gcd", {"variables": ["x"], "domain": "Z", "f": "6*x^2 - 6", "g": "4*x^2 + 8*x + 4"}, {"gcd": "x + 1"})


def factor_expected(f, gens, p=0, squarefree=False, field=False):
    opts = {"modulus": p} if p else {}
    if squarefree:
        c, fs = sympy.sqf_list(f, *gens, **opts)
    else:
        c, fs = sympy.factor_list(f, *gens, **opts)
    out = []
    for g, e in fs:
        g = g.as_expr() if hasattr(g, "as_expr") else g
        g = monic(g, gens, p) if p or field else lead_positive(g, gens)
        out.append((e, Poly(g, *gens).total_degree(), pr(g, gens, p)))
    out.sort()
    return [{"factor": s, "multiplicity": int(e)} for e, _, s in out]


# polynomial.factor and polynomial.compute.square_free_decomposition
for _ in range(5):
    f = sympy.expand((rand_poly(X, terms=2, deg=2) + x ** 3) * (x - rng.randrange(-4, 5)) ** rng.randrange(1, 3) * (rand_poly(X, terms=2, deg=1) + x ** 2) ** 2)
    if f == 0:
        continue
    case("polynomial.factor", {"variables": ["x"], "polynomial": txt(f)}, {"factors": factor_expected(f, X)})
    case("polynomial.compute.square_free_decomposition", {"variables": ["x"], "polynomial": txt(f)}, {"factors": factor_expected(f, X, squarefree=True)})
for p in [2, 3, 7]:
    f = x ** 8 - 1 + p * x ** 3
    case("polynomial.factor", {"variables": ["x"], "domain": f"F_{p}", "polynomial": txt(f)}, {"factors": factor_expected(f, X, p)})
for f in [x ** 2 - y ** 2, (x + y) ** 2 * (x * y - 3), x ** 3 * y - x * y ** 3 + x ** 2 - y ** 2]:
    case("polynomial.factor", {"variables": ["x", "y"], "polynomial": txt(f)}, {"factors": factor_expected(sympy.expand(f), XY)})
case("polynomial.factor", {"variables": ["x"], "polynomial": "2*x^2 - 2"}, {"unit": "2", "factors": [{"factor": "x + 1", "multiplicity": 1}, {"factor": "x - 1", "multiplicity": 1}]})

# polynomial.compute.resultant
for p in [0, 0, 0, 0, 11]:
    a, b = rand_poly(X, terms=4, deg=5) + x ** 6, rand_poly(X, terms=3, deg=4) + 3 * x ** 5
    dom = {"domain": f"F_{p}"} if p else {}
    r = sympy.resultant(a, b, x)
    d = sympy.discriminant(a, x)
    if p:
        r, d = r % p, d % p
    case("polynomial.compute.resultant", {"variables": ["x"], **dom, "f": txt(a), "g": txt(b)}, {"value": q(r)})
    case("polynomial.compute.resultant", {"variables": ["x"], **dom, "operation": "discriminant", "f": txt(a)}, {"value": q(d)})
for a, b in [(x ** 2 + y ** 2 - 1, x - y), (x * y - 1, x ** 2 + y ** 2 - 4)]:
    r = sympy.resultant(a, b, x)
    case("polynomial.compute.resultant", {"variables": ["x", "y"], "f": txt(a), "g": txt(b), "variable": "x"}, {"value": pr(r, XY)}, "COMPUTED")

# polynomial.roots.isolate and polynomial.compute.sturm_sequence
for _ in range(6):
    f = sympy.expand(rand_poly(X, terms=4, deg=6) * (x - Rational(rng.randrange(-9, 9), rng.randrange(1, 4))) * (x ** 2 - 2))
    if f == 0 or Poly(f, x).degree() < 1:
        continue
    count = len(set(sympy.real_roots(Poly(f, x))))
    case("polynomial.roots.isolate", {"variables": ["x"], "polynomial": txt(f), "bits": rng.choice([0, 8, 30])}, {"count": count})
    lo, hi = Rational(rng.randrange(-5, 0)), Rational(rng.randrange(1, 6))
    inside = len([r for r in set(sympy.real_roots(Poly(f, x))) if lo < r <= hi])
    case("polynomial.compute.sturm_sequence", {"variables": ["x"], "polynomial": txt(f)}, {"real_roots": count})
    case("polynomial.compute.sturm_sequence", {"variables": ["x"], "polynomial": txt(f), "interval": [q(lo), q(hi)]}, {"real_roots": inside})
case("polynomial.roots.isolate", {"variables": ["x"], "polynomial": "x^2 + 1"}, {"count": 0, "intervals": []})
case("polynomial.roots.isolate", {"variables": ["x"], "polynomial": "(x - 1)^3*(x + 1)^2"}, {"count": 2})

# rational_function.compute.partial_fractions
for num, den in [(1, x ** 2 - 1), (x ** 3 + 1, (x - 1) ** 2 * (x ** 2 + 1)), (x ** 5, (x + 2) ** 3), (3 * x + 1, x * (x - 3) * (2 * x + 1))]:
    qq, _ = sympy.div(Poly(num, x, domain=QQ), Poly(den, x, domain=QQ))
    terms = sympy.Add.make_args(sympy.apart(num / den, x) - qq.as_expr())
    case("rational_function.compute.partial_fractions", {"variables": ["x"], "numerator": txt(num), "denominator": txt(den)}, {"polynomial_part": pr(qq.as_expr(), X)})
case("rational_function.compute.partial_fractions", {"variables": ["x"], "domain": "F_5", "numerator": "1", "denominator": "x^2 - 1"}, {"polynomial_part": "0"})

# polynomial.construct.cyclotomic
for n in [1, 2, 12, 30, 105, 360]:
    case("polynomial.construct.cyclotomic", {"n": n}, {"polynomial": pr(sympy.cyclotomic_poly(n, x), X), "degree": int(sympy.totient(n))})
# ... and the cyclotomic factors of a polynomial: SymPy's factorization over Q, each irreducible
# factor compared with Φ_n for every n with φ(n) equal to its degree.
Phi = sympy.cyclotomic_poly
for f in [
    x ** 7 - x ** 6 - x + 1,
    Phi(1, x) ** 2 * Phi(4, x) * Phi(12, x) ** 3 * (x ** 2 + x + 3),
    Rational(3, 2) * Phi(7, x) * Phi(30, x) ** 2 * (2 * x - 1),
    x ** 4 + x + 1,
    Phi(2, x) ** 5,
]:
    _, fl = sympy.factor_list(sympy.expand(f), x)
    found, cof = [], sympy.expand(f)
    for g, m in fl:
        d = sympy.degree(g, x)
        ns = [n for n in range(1, 40 * d + 3) if sympy.totient(n) == d and sympy.expand(Phi(n, x) - sympy.Poly(g, x).monic().as_expr()) == 0]
        if ns:
            found.append({"n": ns[0], "polynomial": pr(Phi(ns[0], x), X), "multiplicity": int(m)})
            cof = sympy.cancel(cof / Phi(ns[0], x) ** m)
    found.sort(key=lambda c: c["n"])
    case("polynomial.construct.cyclotomic", {"factors_of": txt(f)}, {"factors": found, "cofactor": pr(cof, X)})


# Ideals: SymPy's Gröbner bases.
def gb(polys, gens, order="grevlex", p=0):
    opts = {"modulus": p} if p else {}
    return list(sympy.groebner(polys, *gens, order=order, **opts).exprs)


ORDER = {"lex": "lex", "grevlex": "grevlex", "deglex": "grlex"}
for polys, gens, order, p in [
    ([x ** 2 - y, Rational(3, 4) * y ** 2 - z, x * z - 1], XYZ, "grevlex", 0),
    ([x ** 2 + y ** 2 - 1, x - y], XY, "lex", 0),
    ([x * y - z, y * z - x, z * x - y], XYZ, "deglex", 0),
    ([x ** 3 - y, y ** 2 - 2 * x], XY, "lex", 7),
    ([x + y + z, x * y + y * z + z * x, x * y * z - 1], XYZ, "grevlex", 0),
    ([2 * x * y - 1, x ** 2 - 3], XY, "lex", 101),
]:
    G = gb(polys, gens, ORDER[order], p)
    keyed = sorted(G, key=lambda g: Poly(g, *gens).monoms(order=ORDER[order])[0], reverse=False)
    keyed = sorted(G, key=lambda g: sympy.polys.orderings.monomial_key(ORDER[order])(Poly(g, *gens).monoms(order=ORDER[order])[0]))
    basis = [pr(monic(g, gens, p, ORDER[order]), gens, p) for g in keyed]
    case("polynomial.groebner_basis", {"variables": [str(g) for g in gens], "polynomials": [txt(f) for f in polys], "ordering": order, "characteristic": p}, {"basis": basis})

# polynomial.ideal.membership
for polys, f, member in [
    ([x - y], x ** 3 - y ** 3, True),
    ([x ** 2 + y ** 2 - 1, x - y], 2 * y ** 2 - 1 + (x - y) * (x + 3), True),
    ([x * y - 1, y ** 2 - x], x ** 2 * y + 7, False),
    ([x ** 2 - y, y ** 2 - z], x ** 4 - z, True),
]:
    G = sympy.groebner(polys, *XYZ, order="grevlex")
    _, nf = G.reduce(f)
    case("polynomial.ideal.membership", {"variables": ["x", "y", "z"], "generators": [txt(p) for p in polys], "polynomial": txt(f)}, {"member": member, "normal_form": pr(nf, XYZ)}, None if member else "COMPUTED")

# polynomial.ideal.nullstellensatz
for polys in [[x * y - 1, x], [x ** 2 + 1, x - y, y ** 2 - 2], [x ** 2 - y, y - 1], [x + y + z, x - y, z - 1, x * y * z - 5]]:
    infeasible = gb(polys, XYZ) == [1]
    case("polynomial.ideal.nullstellensatz", {"variables": ["x", "y", "z"], "generators": [txt(p) for p in polys]}, {"infeasible": infeasible}, None if infeasible else "COMPUTED")

# polynomial.ideal.elimination: lex with the eliminated variables first, then the reduced grevlex basis.
for polys, gens, elim in [
    ([x - t ** 2, y - t ** 3], [t, x, y], [t]),
    ([x - t * (1 + t), y - t ** 2 + 1, z - t], [t, x, y, z], [t]),
    ([x ** 2 + y ** 2 + z ** 2 - 1, x - y * z, y - z ** 2], [x, y, z], [x, y]),
]:
    rest = [g for g in gens if g not in elim]
    G = gb(polys, elim + rest, "lex")
    E = [g for g in G if not (g.free_symbols & set(elim))]
    R = gb(E, rest, "grevlex") if E else []
    case(
        "polynomial.ideal.elimination",
        {"variables": [str(g) for g in gens], "generators": [txt(p) for p in polys], "eliminate": [str(e) for e in elim]},
        {"basis": sorted(pr(monic(g, gens), gens) for g in R), "remaining": [str(g) for g in rest]},
    )


def standard_monomials(G, gens):
    leads = [Poly(g, *gens).monoms(order="grevlex")[0] for g in G]
    bound = max(max(l) for l in leads) + 1
    out = []
    for m in itertools.product(range(bound * len(gens)), repeat=len(gens)):
        if not any(all(a >= b for a, b in zip(m, l)) for l in leads):
            out.append(m)
    return out


# polynomial.ideal.dimension: zero-dimensional systems (the number of standard monomials) and hypersurfaces.
for polys in [[x ** 2 - y, y ** 2 - x], [x ** 3 - 1, y ** 2 - x, z - x * y], [x ** 2 + y ** 2 + z ** 2 - 1, x - y, z ** 2 - x]]:
    G = gb(polys, XYZ)
    k = len(standard_monomials(G, XYZ)) if all(Poly(g, *XYZ).total_degree() > 0 for g in G) else None
    if len(polys) == 2:
        case("polynomial.ideal.dimension", {"variables": ["x", "y"], "generators": [txt(p) for p in polys]}, {"dimension": 0, "zero_dimensional": True, "vector_space_dimension": len(standard_monomials(gb(polys, XY), XY))})
    else:
        case("polynomial.ideal.dimension", {"variables": ["x", "y", "z"], "generators": [txt(p) for p in polys]}, {"dimension": 0, "zero_dimensional": True, "vector_space_dimension": k})
for f, n in [(x ** 3 + y ** 3 + z ** 3, 3), (x * y - z ** 2 + w, 4)]:
    gens = [x, y, z, w][:n]
    case("polynomial.ideal.dimension", {"variables": [str(g) for g in gens], "generators": [txt(f)]}, {"dimension": n - 1, "degree": Poly(f, *gens).total_degree(), "zero_dimensional": False})
case("polynomial.ideal.dimension", {"variables": ["x", "y", "z", "w"], "generators": ["x*z - y^2", "y*w - z^2", "x*w - y*z"]}, {"dimension": 2, "degree": 3, "hilbert_reduced_numerator": [1, 2]})

# polynomial.ideal.decomposition: known decompositions.
case("polynomial.ideal.decomposition", {"variables": ["x", "y", "z"], "generators": ["x*y", "x*z"], "operation": "minimal_primes"}, {"components": [{"ideal": ["x"]}, {"ideal": ["y", "z"]}]})
case("polynomial.ideal.decomposition", {"variables": ["x", "y"], "generators": ["x^2", "x*y"], "operation": "primary_decomposition"}, {})
case("polynomial.ideal.decomposition", {"variables": ["x", "y"], "generators": ["x^2", "y"], "operation": "radical"}, {"radical": ["x", "y"]})
case("polynomial.ideal.decomposition", {"variables": ["x", "y"], "generators": ["x^2 - 1", "y^2 - x^2"], "operation": "minimal_primes"},
     {"components": sorted([{"ideal": sorted([a, b])} for a, b in [("x - 1", "y - 1"), ("x - 1", "y + 1"), ("x + 1", "y - 1"), ("x + 1", "y + 1")]], key=lambda c: c["ideal"])})

# polynomial.ideal.operation: sums and products by SymPy's bases; intersections by elimination of t.
for I, J in [([x], [y]), ([x ** 2, y], [x * y, y ** 2]), ([x - 1], [x + 1, y])]:
    s = sorted(pr(monic(g, XY), XY) for g in gb(I + J, XY))
    prod = sorted(pr(monic(g, XY), XY) for g in gb([a * b for a in I for b in J], XY))
    T = gb([t * a for a in I] + [(1 - t) * b for b in J], [t, x, y], "lex")
    inter = sorted(pr(monic(g, XY), XY) for g in gb([g for g in T if t not in g.free_symbols], XY))
    base = {"variables": ["x", "y"], "first": [txt(a) for a in I], "second": [txt(b) for b in J]}
    case("polynomial.ideal.operation", {**base, "operation": "sum"}, {"basis": s})
    case("polynomial.ideal.operation", {**base, "operation": "product"}, {"basis": prod})
    case("polynomial.ideal.operation", {**base, "operation": "intersection"}, {"basis": inter})
    GI = sympy.groebner(I, x, y, order="grevlex")
    contains = all(GI.reduce(b)[1] == 0 for b in J)
    case("polynomial.ideal.operation", {**base, "operation": "contains"}, {"holds": contains})
case("polynomial.ideal.operation", {"variables": ["x", "y"], "first": ["x*y", "x^2"], "second": ["x"], "operation": "quotient"}, {"basis": ["x", "y"]})
case("polynomial.ideal.operation", {"variables": ["x", "y"], "first": ["x^2*y", "x*y^2"], "second": ["x"], "operation": "saturation"}, {"basis": ["y"]})
case("polynomial.ideal.operation", {"variables": ["x", "y"], "first": ["x + y", "x - y"], "second": ["x", "y"], "operation": "equal"}, {"holds": True})

# polynomial.system.solve
for polys, gens in [([x ** 2 + y ** 2 - 25, x - y - 1], XY), ([x ** 2 - 2, y - 1], XY), ([x * y - 6, x + y - 5, z - x], XYZ), ([x ** 3 - x, y ** 2 - x], XY)]:
    sols = sympy.solve(polys, gens, dict=True)
    rational = sorted([[q(s[g]) for g in gens] for s in sols if all(s[g].is_rational for g in gens)])
    case("polynomial.system.solve", {"variables": [str(g) for g in gens], "generators": [txt(p) for p in polys]}, {"zero_dimensional": True, "solution_count": len(sols), "rational_solutions": rational, "all_rational": len(rational) == len(sols)})
case("polynomial.system.solve", {"variables": ["x", "y"], "generators": ["x^2 + y^2 - 1"]}, {"zero_dimensional": False})

# polynomial.compute.bernstein
for f, n, ab in [(x ** 2 - x, None, None), (x ** 3 - 2 * x + 1, 5, ["-1", "2"]), (4 * x ** 4 - 3 * x + Rational(1, 2), None, ["1/2", "3/4"])]:
    a, b = (Rational(ab[0]), Rational(ab[1])) if ab else (0, 1)
    d = Poly(f, x).degree()
    n_ = n or d
    g = Poly(sympy.expand(f.subs(x, a + (b - a) * x)), x)
    coeffs = [sum(sympy.binomial(k, j) / sympy.binomial(n_, j) * g.coeff_monomial(x ** j) for j in range(k + 1)) for k in range(n_ + 1)]
    inp = {"variables": ["x"], "polynomial": txt(f)}
    if n:
        inp["degree"] = n
    if ab:
        inp["interval"] = ab
    # The enclosure contains the true range on [a, b] (SymPy's extrema).
    case("polynomial.compute.bernstein", inp, {"coefficients": [q(c) for c in coeffs], "enclosure": [q(min(coeffs)), q(max(coeffs))]})

# polynomial.compute.multivariate_division: SymPy's division algorithm by a list.
for f, G, order in [
    (x ** 2 * y + x * y ** 2 + y ** 2, [x * y - 1, y ** 2 - 1], "lex"),
    (x ** 3 * y ** 2 + 3 * x * y - z, [x * y - z, y ** 2 - x], "grevlex"),
    (x ** 4 + y ** 4 + z ** 4, [x ** 2 + y, y ** 2 - z, x * z - 1], "deglex"),
]:
    Q_, R_ = sympy.reduced(f, G, *XYZ, order=ORDER[order])
    case("polynomial.compute.multivariate_division", {"variables": ["x", "y", "z"], "dividend": txt(f), "divisors": [txt(g) for g in G], "order": order},
         {"quotients": [pr(qq, XYZ) for qq in Q_], "remainder": pr(R_, XYZ)})

# monomial_ideal.compute.standard_monomials: brute force.
for gens, d in [([x ** 2, x * y, y ** 3], 2), ([x ** 2, x * y, y ** 3], 5), ([x * y * z, x ** 3, y ** 2 * z ** 2], 4), ([x ** 5], 3)]:
    G = [Poly(g, *XYZ).monoms()[0] for g in gens]
    ms = [m for m in itertools.product(range(d + 1), repeat=3) if sum(m) == d and not any(all(a >= b for a, b in zip(m, g)) for g in G)]
    case("monomial_ideal.compute.standard_monomials", {"variables": ["x", "y", "z"], "generators": [txt(g) for g in gens], "degree": d},
         {"count": len(ms), "monomials": sorted(pr(sympy.prod(v ** e for v, e in zip(XYZ, m)), XYZ) for m in ms)})

# polynomial.ideal.syzygies: the Koszul relations of (x, y, z) are three; of one polynomial, none.
case("polynomial.ideal.syzygies", {"variables": ["x", "y", "z"], "generators": ["x", "y", "z"]}, {}, "COMPUTED")
case("polynomial.ideal.syzygies", {"variables": ["x", "y"], "generators": ["x^2 + y"]}, {"syzygies": []}, "COMPUTED")

# algebraic_geometry.plane_curve.singular_points: SymPy's solutions of f = f_x = f_y = 0.
for f in [y ** 2 - x ** 3 - x ** 2, y ** 2 - x ** 3, x ** 2 + y ** 2 - 1, (x ** 2 + y ** 2) ** 2 - (x ** 2 - y ** 2), y ** 2 - x ** 2 * (x - 1) * (x - 2) ** 2]:
    sols = sympy.solve([f, sympy.diff(f, x), sympy.diff(f, y)], [x, y], dict=True)
    rational = sorted([[q(s[x]), q(s[y])] for s in sols if s[x].is_rational and s[y].is_rational])
    case("algebraic_geometry.plane_curve.singular_points", {"variables": ["x", "y"], "polynomial": txt(f)}, {"singular": len(sols) > 0, "count": len(sols), "rational_points": rational})
case("algebraic_geometry.plane_curve.singular_points", {"variables": ["x", "y"], "polynomial": "(x - y)^2*(x + y)"}, {"singular": True, "finitely_many": False})

# polynomial.ideal.radical_membership: the Rabinowitsch trick with SymPy's bases.
for polys, f in [([x ** 2, y ** 2], x + y), ([x ** 3 - y ** 2, y], x), ([x * y, x - y], x + 3 * y), ([x ** 2 + 1], x), ([x * y - 1], x ** 2)]:
    member = gb(polys + [1 - t * f], [x, y, z, t]) == [1]
    case("polynomial.ideal.radical_membership", {"variables": ["x", "y", "z"], "generators": [txt(p) for p in polys], "polynomial": txt(f)}, {"member": member}, None if member else "COMPUTED")

# polynomial.map.analyze: inverses composed back with SymPy, fibers solved by SymPy, collisions
# by brute force over the box in the same lexicographic order.
def compose(F, G, gens):
    """F(G(x)) componentwise."""
    return [sympy.expand(f.subs(dict(zip(gens, G)), simultaneous=True)) for f in F]


XY = [x, y]
for F, G in [
    ([x + y ** 2, y], [x - y ** 2, y]),
    ([2 * x + y, x + y], [x - y, -x + 2 * y]),
    ([x + y ** 2, y + (x + y ** 2) ** 3], [x - (y - x ** 3) ** 2, y - x ** 3]),
]:
    assert compose(F, G, XY) == XY and compose(G, F, XY) == XY
    case("polynomial.map.analyze", {"variables": ["x", "y"], "map": [txt(f) for f in F], "operation": "inverse"},
         {"invertible": True, "inverse": [pr(g, XY) for g in G]})
F3 = [x + y ** 2, y + z ** 3, z]
G3 = compose([x - y ** 2, y, z], [x, y - z ** 3, z], XYZ)
assert compose(F3, G3, XYZ) == XYZ
case("polynomial.map.analyze", {"variables": ["x", "y", "z"], "map": [txt(f) for f in F3], "operation": "inverse"},
     {"invertible": True, "inverse": [pr(g, XYZ) for g in G3]})
# A non-constant Jacobian determinant: no polynomial inverse (the chain rule).
for F in [[x ** 2, y], [x + x ** 3, y], [x * y, x + y]]:
    assert not sympy.Matrix(F).jacobian(XY).det().is_number
    case("polynomial.map.analyze", {"variables": ["x", "y"], "map": [txt(f) for f in F], "operation": "inverse"},
         {"invertible": False}, "COMPUTED")


def fiber(F, gens, point):
    """Distinct complex solutions of F(x) = F(point)."""
    target = [f.subs(dict(zip(gens, point))) for f in F]
    return len(sympy.solve([f - t for f, t in zip(F, target)], gens, dict=True))


for F in [[x ** 2 + y, y ** 3], [x ** 2, y ** 2], [x * y, x + y], [x + y ** 2, y], [x + y, (x + y) ** 2], [x * y, x ** 2 * y ** 2]]:
    dominant = sympy.Matrix(F).jacobian(XY).det() != 0
    expected = {"dominant": bool(dominant)}
    if dominant:
        expected["generic_degree"] = max(fiber(F, XY, (rng.randint(2, 40), rng.randint(2, 40))) for _ in range(3))
    case("polynomial.map.analyze", {"variables": ["x", "y"], "map": [txt(f) for f in F], "operation": "generic_degree"}, expected, "COMPUTED")


def first_collision(F, gens, radius):
    seen = {}
    for k, pt in enumerate(itertools.product(range(-radius, radius + 1), repeat=len(gens)), start=1):
        image = tuple(f.subs(dict(zip(gens, pt))) for f in F)
        if image in seen:
            return k, seen[image], pt, image
        seen[image] = pt
    return k, None, None, None


for F, radius in [([x ** 2, y], 2), ([x * y, x + y], 3), ([x ** 3 - 3 * x * y ** 2, y ** 2], 2), ([x + y ** 2, y], 3), ([x + y ** 3, y ** 3 + y], 2)]:
    k, a, b, image = first_collision(F, XY, radius)
    inp = {"variables": ["x", "y"], "map": [txt(f) for f in F], "operation": "collision_search", "radius": radius}
    if a is None:
        case("polynomial.map.analyze", inp, {"searched": k}, "COMPUTED")
    else:
        case("polynomial.map.analyze", inp, {"searched": k, "collision": {"a": [str(c) for c in a], "b": [str(c) for c in b], "image": [q(c) for c in image]}})
for F, a, b in [([x ** 2, y], (1, 2), (-1, 2)), ([x ** 3 + x, y], (1, 0), (2, 0)), ([x * y, x + y], (Rational(1, 2), 3), (3, Rational(1, 2))), ([x, y], (1, 1), (1, 1))]:
    fa = [f.subs({x: a[0], y: a[1]}) for f in F]
    fb = [f.subs({x: b[0], y: b[1]}) for f in F]
    hit = a != b and fa == fb
    expected = {"images": [[q(c) for c in fa], [q(c) for c in fb]]}
    if hit:
        expected["collision"] = {"a": [q(c) for c in a], "b": [q(c) for c in b], "image": [q(c) for c in fa]}
    case("polynomial.map.analyze", {"variables": ["x", "y"], "map": [txt(f) for f in F], "operation": "collision", "points": [[q(c) for c in a], [q(c) for c in b]]},
         expected, None if hit else "COMPUTED")

# polynomial.transform.realify: SymPy's real and imaginary parts over real symbols.
for names, text in [(["z"], "z^3"), (["z", "w"], "(1 + 2*i)*z*w - i"), (["z"], "(1/2 + i/3)*z^2 + 5"), (["z", "w"], "(z - i)^2*(w + 1)"), (["z"], "i^7*z^2")]:
    zs = symbols(names)
    re_im = [symbols(f"{n}_re {n}_im", real=True) for n in names]
    gens = [v for pair in re_im for v in pair]
    expr = sympy.sympify(text.replace("^", "**"), locals={**{n: z for n, z in zip(names, zs)}, "i": sympy.I})
    val = sympy.expand(expr.subs({z: a + sympy.I * b for z, (a, b) in zip(zs, re_im)}, simultaneous=True))
    u, v = sympy.expand(sympy.re(val)), sympy.expand(sympy.im(val))
    case("polynomial.transform.realify", {"variables": names, "polynomial": text},
         {"real_variables": [str(g) for g in gens], "real_part": pr(u, gens), "imaginary_part": pr(v, gens), "modulus_squared": pr(u ** 2 + v ** 2, gens)})

# polynomial.roots.location: SymPy's roots to 60 digits, classified against the region; the
# polynomials are built so that no root lies near a boundary except exactly on it (roots of unity,
# imaginary roots), and boundary roots are recognized at 1e-40; each irreducible factor counts
# with its multiplicity.
def located(f, region):
    counts = [0, 0, 0]
    for g, m in sympy.factor_list(f, x)[1]:
        for z in sympy.Poly(g, x).nroots(n=60, maxsteps=500):
            t = sympy.Abs(z) - 1 if region == "unit_disk" else sympy.re(z)
            k = 1 if abs(t) < sympy.Float("1e-40", 60) else (0 if t < 0 else 2)
            counts[k] += int(m)
    return {"inside": counts[0], "boundary": counts[1], "outside": counts[2], "stable": counts[0] == int(sympy.degree(f, x))}


for f in [
    2 * x ** 3 - x + 1,
    (x ** 2 + x + 1) * (3 * x - 1) * (x - 5),
    (x + 1) ** 2 * (x - 1) * (x ** 4 + 1) * (4 * x ** 2 + 1),
    (x ** 2 - 2) ** 2 * (x ** 3 - Rational(1, 8)),
    x ** 6 + x ** 5 / 2 + x / 3 + Rational(1, 10),
    sympy.cyclotomic_poly(12, x) * (x ** 2 + 3 * x + 7) * x ** 2,
]:
    case("polynomial.roots.location", {"variables": ["x"], "polynomial": txt(f), "region": "unit_disk"}, located(f, "unit_disk"))
for f in [
    x ** 3 + 2 * x ** 2 + 3 * x + 1,
    x ** 3 + x ** 2 + x + 5,
    (x ** 2 + 4) * (x + 1) * (x - 2),
    (x ** 2 - 1) * (x ** 2 + 2 * x + 5) * x,
    (x ** 2 + 1) ** 2 * (x + 3) ** 3,
    x ** 5 + 3 * x ** 4 + 7 * x ** 3 + 9 * x ** 2 + 8 * x + 4,
]:
    case("polynomial.roots.location", {"variables": ["x"], "polynomial": txt(f), "region": "left_half_plane"}, located(f, "left_half_plane"))

# Laurent polynomials as fractions over powers of x: the product's terms, exponents possibly negative.
for _ in range(3):
    a, b = rand_poly(X, terms=3, deg=4) + 1, rand_poly(X, terms=3, deg=4) + 2
    ka, kb = rng.randint(0, 4), rng.randint(0, 4)
    prod = sympy.expand((a / x ** ka) * (b / x ** kb))
    terms = sorted(((sympy.Rational(c), e) for (e,), c in Poly(sympy.expand(prod * x ** (ka + kb)), x).terms()), key=lambda t: -t[1])
    n_, d_ = sympy.fraction(sympy.cancel(prod))
    case("rational_function.compute.arithmetic",
         {"variables": ["x"], "operation": "product", "operands": [{"numerator": txt(a), "denominator": f"x^{ka}"}, {"numerator": txt(b), "denominator": f"x^{kb}"}]},
         {"numerator": pr(n_, X), "denominator": pr(d_, X), "laurent": [[q(c), e - ka - kb] for c, e in terms]})


# polynomial.factor over Z and Q in one variable, where the in-process Zassenhaus path answers
# (square-free products of dense factors up to degree 60, x^k, contents, rational scalings,
# negative leading coefficients) or hands over to PARI/GP (Swinnerton-Dyer polynomials, squares).
zrng = random.Random(60)  # its own stream, leaving the cases above unchanged


def dense(d):
    return sum((zrng.randint(1, 9) if k == d else zrng.randint(-9, 9)) * x ** k for k in range(d + 1))


for degrees in [[1, 1, 2], [3, 4], [5, 5, 5], [2, 3, 4, 5], [8, 10, 6], [20, 25, 15], [12, 12, 12, 12, 12], [30, 30], [60], [7, 7, 7, 7]]:
    f = sympy.expand(sympy.prod(dense(d) for d in degrees) * (-1) ** zrng.randint(0, 1) * zrng.choice([1, 1, 3, Rational(5, 7)]))
    f = sympy.expand(f * x ** zrng.choice([0, 0, 1, 3]))
    integral = all(c.is_integer for c in Poly(f, x).all_coeffs())
    # Over Z the factors are primitive with a positive leading coefficient, over Q monic.
    case("polynomial.factor", {"variables": ["x"], "domain": "Z" if integral else "Q", "polynomial": txt(f)},
         {"factors": factor_expected(f, X, field=not integral)})
for f in [
    x ** 4 - 10 * x ** 2 + 1,
    x ** 8 - 40 * x ** 6 + 352 * x ** 4 - 960 * x ** 2 + 576,
    sympy.cyclotomic_poly(105, x) * sympy.cyclotomic_poly(30, x) * (x ** 2 + 1),
    (x ** 4 - 10 * x ** 2 + 1) * (x ** 2 - 2) * (x ** 2 - 3),
    (x ** 3 - 2) ** 2 * (x ** 2 + x + 1),
    6 * x ** 5 - 6 * x,
    x ** 12 - 1,
    (2 * x - 1) * (3 * x + 1) * (6 * x ** 2 - 5),
]:
    f = sympy.expand(f)
    case("polynomial.factor", {"variables": ["x"], "domain": "Z", "polynomial": txt(f)}, {"factors": factor_expected(f, X)})


for c in CASES:
    print(json.dumps(c))
