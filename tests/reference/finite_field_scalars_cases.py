"""Reference answers of finite_field.compute.algebraic_set: point counts over F_{q^k} by brute
force in Python's own F_{p^e} arithmetic, the Hasse–Weil count of elliptic curves over F_{p^k}
from their count over F_p, and restrictions of scalars expanded and reduced by SymPy.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.

The field F_{p^e} here is F_p[s]/(g) for the first irreducible g found by trial division (not
necessarily primitive, and not the capability's choice), so only counts, which do not depend on
the model, are compared. A base field F_p[t]/(m) maps in through any root of m.
"""
import itertools
import json

import sympy

CASES = []
CAP = "finite_field.compute.algebraic_set"


def case(inp, expected):
    CASES.append({"capability": CAP, "input": inp, "expected": expected})


def poly_mod(a, g, p):
    a = list(a)
    while len(a) >= len(g):
        c = a[-1] * pow(g[-1], -1, p) % p
        shift = len(a) - len(g)
        for j, gj in enumerate(g):
            a[shift + j] = (a[shift + j] - c * gj) % p
        while a and a[-1] == 0:
            a.pop()
    return a


def irreducible(g, p):
    """Trial division by every monic polynomial of degree ≤ deg g / 2."""
    e = len(g) - 1
    for d in range(1, e // 2 + 1):
        for tail in itertools.product(range(p), repeat=d):
            if poly_mod(g, list(tail) + [1], p) == []:
                return False
    return True


class Field:
    def __init__(self, p, e):
        self.p, self.e = p, e
        if e == 1:
            self.g = [0, 1]
        else:
            self.g = next(list(t) + [1] for t in itertools.product(range(p), repeat=e) if irreducible(list(t) + [1], p))
        self.elements = [tuple(c) for c in itertools.product(range(p), repeat=e)]

    def add(self, a, b):
        return tuple((x + y) % self.p for x, y in zip(a, b))

    def mul(self, a, b):
        prod = [0] * (2 * self.e)
        for i, x in enumerate(a):
            for j, y in enumerate(b):
                prod[i + j] = (prod[i + j] + x * y) % self.p
        r = poly_mod(prod, self.g, self.p)
        return tuple(r + [0] * (self.e - len(r)))

    def const(self, c):
        return tuple([c % self.p] + [0] * (self.e - 1))

    def power(self, a, k):
        r = self.const(1)
        for _ in range(k):
            r = self.mul(r, a)
        return r


def parse(polys, names, generator, p):
    symbols = sympy.symbols(names + ([generator] if generator else []))
    out = []
    for f in polys:
        expr = sympy.expand(sympy.sympify(f.replace("^", "**"), locals={str(s): s for s in symbols}))
        poly = sympy.Poly(expr, *symbols)
        out.append([(tuple(m), int(c) % p) for m, c in poly.terms() if int(c) % p])
    return symbols, out


def count(p, names, polys, k, base=None):
    generator, m = (base["generator"], base["modulus"]) if base else (None, [0, 1])
    d = len(m) - 1
    field = Field(p, d * k)
    _, terms = parse(polys, names, generator, p)
    root = field.const(0)
    if base:
        root = next(z for z in field.elements
                    if all(c == 0 for c in
                           sum_all(field, [field.mul(field.const(c), field.power(z, i)) for i, c in enumerate(m)])))
    n, total = len(names), 0
    for x in itertools.product(field.elements, repeat=n):
        ok = True
        for f in terms:
            acc = field.const(0)
            for mono, c in f:
                v = field.const(c)
                for xi, ei in zip(x, mono[:n]):
                    v = field.mul(v, field.power(xi, ei))
                if base:
                    v = field.mul(v, field.power(root, mono[n]))
                acc = field.add(acc, v)
            if any(acc):
                ok = False
                break
        total += ok
    return total


def sum_all(field, values):
    acc = field.const(0)
    for v in values:
        acc = field.add(acc, v)
    return acc


def points(p, names, polys, degrees, base=None):
    inp = {"p": p, "variables": names, "polynomials": polys, "operation": {"points": {"degrees": degrees}}}
    if base:
        inp["base_field"] = base
    q = p ** (len(base["modulus"]) - 1 if base else 1)
    case(inp, {"extensions": [{"degree": k, "field_size": q ** k, "count": count(p, names, polys, k, base)}
                              for k in degrees]})


def restriction(p, names, polys, base):
    t = sympy.Symbol(base["generator"])
    d = len(base["modulus"]) - 1
    m = sympy.Poly(list(reversed(base["modulus"])), t, modulus=p)
    new = [f"{x}_{j}" for x in names for j in range(d)]
    xs = sympy.symbols(names)
    ys = sympy.symbols(new)
    subs = {x: sum(ys[i * d + j] * t ** j for j in range(d)) for i, x in enumerate(xs)}
    out = []
    for f in polys:
        expr = sympy.expand(sympy.sympify(f.replace("^", "**"), locals={**{str(x): x for x in xs}, str(t): t}).subs(subs))
        # Reduce modulo m(t) over F_p, then read the coordinate at each t^j.
        as_t = sympy.Poly(expr, t)
        coords = [0] * d
        for (e,), c in as_t.terms():
            r = sympy.Poly(t ** e, t, modulus=p).rem(m)
            for (j,), rc in r.terms():
                coords[j] += c * int(rc)
        for c in coords:
            out.append(show(c, ys, p))
    case({"p": p, "variables": names, "polynomials": polys, "base_field": base, "operation": "restrict_scalars"},
         {"restriction": {"variables": new, "polynomials": out}})


def show(expr, ys, p):
    """Jacobian's canonical text over F_p: terms by total degree, then exponents, descending."""
    poly = sympy.Poly(sympy.expand(expr), *ys)
    t = {tuple(m): int(c) % p for m, c in poly.terms() if int(c) % p}
    if not t:
        return "0"
    names = [str(y) for y in ys]
    parts = []
    for mono in sorted(t, key=lambda m: (sum(m), m), reverse=True):
        factors = [n if e == 1 else f"{n}^{e}" for e, n in zip(mono, names) if e]
        c = t[mono]
        text = "*".join(factors)
        if c != 1 or not factors:
            text = str(c) + ("*" + text if factors else "")
        parts.append(text)
    return " + ".join(parts)


# Base change over F_p: a conic, a plane cubic, two surfaces meeting in a curve, a line pair.
points(5, ["x", "y"], ["x^2 + y^2 - 1"], [1, 2, 3])
points(3, ["x", "y"], ["y^2 - x^3 + x"], [1, 2, 3, 4])
points(2, ["x", "y", "z"], ["x*y + z", "x + y + z^2"], [1, 2, 3])
points(7, ["x", "y"], ["x*y"], [1, 2])
points(2, ["x"], ["x^4 + x + 1"], [1, 2, 4, 8])  # the roots of an irreducible quartic live in F_16
# Over F_4 = F_2[t]/(t² + t + 1) and F_9 = F_3[t]/(t² + 1), with t in the equations.
F4 = {"generator": "t", "modulus": [1, 1, 1]}
F9 = {"generator": "t", "modulus": [1, 0, 1]}
points(2, ["x", "y"], ["y^2 + y - x^3 - t"], [1, 2], F4)
points(3, ["x", "y"], ["x^2 + t*y - 1"], [1, 2], F9)
points(3, ["x"], ["x^2 - t"], [1, 2], F9)  # t (of order 4) is a square in F_9: two roots
restriction(3, ["x", "y"], ["x^2 + t*y - 1"], F9)
restriction(2, ["x", "y"], ["y^2 + y - x^3 - t"], F4)
restriction(5, ["x"], ["x^3 - t*x + 2"], {"generator": "t", "modulus": [1, 1, 0, 1]})  # t³ + t + 1: no root in F_5

# Elliptic curves y² = x³ + ax + b over F_p^k: affine count = p^k − (α^k + β^k) with α + β = a_p, αβ = p.
# (Over F_{11}, only k ≤ 2: 11^6 points of F_{11^3}^2 are over the bound.)
for p, a, b, ks in [(5, 1, 1, (1, 2, 3)), (7, 3, 2, (1, 2, 3)), (11, 1, 0, (1, 2))]:
    n1 = sum(1 for x in range(p) for y in range(p) if (y * y - x ** 3 - a * x - b) % p == 0)
    ap = p - n1
    s = [2, ap]  # s_k = α^k + β^k: s_{k+1} = a_p s_k − p s_{k−1}
    for _ in range(2, 4):
        s.append(ap * s[-1] - p * s[-2])
    inp = {"p": p, "variables": ["x", "y"], "polynomials": [f"y^2 - x^3 - {a}*x - {b}"],
           "operation": {"points": {"degrees": list(ks)}}}
    case(inp, {"extensions": [{"degree": k, "field_size": p ** k, "count": p ** k - s[k]} for k in ks]})

for c in CASES:
    print(json.dumps(c))
