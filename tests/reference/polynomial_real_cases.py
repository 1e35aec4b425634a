"""Reference answers of the polynomial pack's rational-function calculus, real algebra, Galois
profiles, subresultants, plane curves, monomial ideals and Newton polytopes, computed with SymPy
and small independent Python (brute force, convex hulls, determinants, published formulas).

Prints one JSON object per line: {"capability": id, "input": {...}, "expected": {...}} (see
polynomial_cases.py for the conventions; polynomials in Jacobian's canonical text). Fixed seed.
"""
import itertools
import json
import math
import random
import warnings
from fractions import Fraction

import sympy
from sympy import Poly, QQ, Rational, symbols

warnings.simplefilter("ignore")
rng = random.Random(20261204)
CASES = []
x, y, z, k, t = symbols("x y z k t")


def case(capability, inp, expected, assurance=None):
    c = {"capability": capability, "input": inp, "expected": expected}
    if assurance:
        c["assurance"] = assurance
    CASES.append(c)


def q(c):
    c = Rational(c)
    return str(c.p) if c.q == 1 else f"{c.p}/{c.q}"


def pr(expr, gens):
    """Jacobian's canonical text: terms by total degree, then lexicographically, descending."""
    poly = Poly(sympy.expand(expr), *gens, domain=QQ)
    terms = sorted(((m, Rational(c)) for m, c in poly.terms() if c != 0), key=lambda t: (-sum(t[0]), tuple(-e for e in t[0])))
    out = ""
    for i, (m, c) in enumerate(terms):
        out += ("-" if c < 0 else "") if i == 0 else (" - " if c < 0 else " + ")
        factors = [str(g) if e == 1 else f"{g}^{e}" for g, e in zip(gens, m) if e > 0]
        if abs(c) != 1 or not factors:
            out += q(abs(c)) + ("*" if factors else "")
        out += "*".join(factors)
    return out or "0"


def txt(expr):
    return str(sympy.expand(expr)).replace("**", "^")


def monic_factors(d):
    """The monic irreducible factors of d over Q, sorted as Jacobian lists them (degree, text)."""
    fs = [Poly(f, x).monic().as_expr() for f, _ in sympy.factor_list(d, x)[1]]
    return sorted(fs, key=lambda f: (sympy.degree(f, x), pr(f, [x])))


# rational_function.compute.integral: SymPy's Horowitz–Ostrogradsky rational part, and the
# residue polynomial r = C / D' mod q of the remaining integrand C/D over each factor q of D.
from sympy.integrals.rationaltools import ratint_ratpart

for num, den in [
    (1, x ** 3 - x),
    (x ** 2 + 1, (x - 1) ** 2 * (x ** 2 - 2)),
    (x ** 5 + 3 * x - 1, (x - 1) ** 3 * (x ** 2 + 1) ** 2 * x),
    (3 * x + 2, (x ** 2 + x + 1) ** 2),
    (x ** 4 + 1, x ** 2 * (x + 3) ** 3),
    (2 * x, x ** 2 + 1),
]:
    ratpart, rest = ratint_ratpart(sympy.Integer(1) * num, den, x)
    A, B = sympy.fraction(sympy.cancel(ratpart))
    lb = Poly(B, x).LC()
    A, B = sympy.expand(A / lb), sympy.expand(B / lb)
    C, D = sympy.fraction(sympy.cancel(rest))
    logs = []
    if C != 0:
        dp = sympy.diff(D, x)
        for f in monic_factors(D):
            r = sympy.rem(sympy.expand(C * sympy.invert(dp, f, x)), f, x)
            logs.append({"factor": pr(f, [x]), "residue": pr(r, [x])})
    case("rational_function.compute.integral", {"variables": ["x"], "numerator": txt(num), "denominator": txt(den)},
         {"polynomial_part": "0", "rational_numerator": pr(A, [x]), "rational_denominator": pr(B, [x]), "logarithmic_part": logs,
          "elementary_over_q": all(sympy.degree(sympy.sympify(l["residue"].replace("^", "**")), x) <= 0 for l in logs)})
# A polynomial part: ∫ (x^3 + 1)/x = x^3/3 + log x.
case("rational_function.compute.integral", {"variables": ["x"], "numerator": "x^3 + 1", "denominator": "x"},
     {"polynomial_part": pr(sympy.integrate(x ** 2, x), [x]), "antiderivative": pr(sympy.integrate(x ** 2, x), [x]) + " + (1)*log(x)"})

# rational_function.compute.residues: SymPy's residue at rational poles; simple poles at the roots
# of nonlinear factors as N/D' mod q; the residue at infinity is minus their sum.
for num, den in [
    (x + 2, (x - 1) ** 2 * (x ** 2 + 1)),
    (x ** 3, (x - 2) ** 3 * (x + 1)),
    (1, x ** 4 - 1),
    (x ** 2 + 3, (x - 1) * (x ** 3 - 2)),
]:
    poles, total = [], Rational(0)
    for f in monic_factors(den):
        order = [e for g, e in sympy.factor_list(den, x)[1] if sympy.rem(g, f, x) == 0 or Poly(g, x).monic().as_expr() == f][0]
        if sympy.degree(f, x) == 1:
            a = sympy.solve(f, x)[0]
            res = sympy.residue(num / den, x, a)
            poles.append({"factor": pr(f, [x]), "order": order, "residue": q(res), "value": q(res), "pole": q(a)})
            total += res
        else:
            dp = sympy.diff(den, x)
            r = sympy.rem(sympy.expand(num * sympy.invert(dp, f, x)), f, x)
            poles.append({"factor": pr(f, [x]), "order": order, "residue": pr(r, [x])})
            total += sum(sympy.Poly(r, x).eval(a) for a in sympy.Poly(f, x).all_roots()).simplify()
    case("rational_function.compute.residues", {"variables": ["x"], "numerator": txt(num), "denominator": txt(den)},
         {"poles": poles, "sum_of_finite_residues": q(sympy.nsimplify(total)), "residue_at_infinity": q(-sympy.nsimplify(total))})

# polynomial.compute.indefinite_sum: SymPy's summation.
n = symbols("n")
for p, lo, hi in [(k ** 2, 1, 100), (k ** 5 - 3 * k + Rational(1, 2), -7, 12), (Rational(2, 3) * k ** 3 + k, 0, 0), (7, 3, 2)]:
    anti = sympy.summation(sympy.sympify(p), (k, 0, n - 1))
    case("polynomial.compute.indefinite_sum", {"variables": ["k"], "polynomial": txt(p), "range": [lo, hi]},
         {"antidifference": pr(anti.subs(n, k), [k]), "definite_sum": q(sympy.summation(sympy.sympify(p), (k, lo, hi)))})

# polynomial.decide.nonnegative: SymPy's real roots and signs.
for p, iv in [
    (x ** 4 - 2 * x ** 3 + 3 * x ** 2 - 2 * x + 1, None),
    ((x - 1) ** 2 * (x ** 2 + 1), None),
    (x ** 6 + Rational(1, 1000), None),
    (x ** 4 - x ** 2 + Rational(1, 5), None),
    (x ** 4 - x ** 2 + Rational(1, 4), None),
    (x ** 4 - x ** 2 + Rational(1, 5) - Rational(1, 10), None),
    (x ** 3 - x, None),
    (x ** 3 - x, [1, 3]),
    (x ** 3 - x, [-2, 0]),
    ((x - 2) ** 2 * (x + 5), [0, 4]),
    (x ** 2 - 2, [2, 5]),
]:
    roots = sorted(set(sympy.real_roots(Poly(p, x))))
    if iv is None:
        ends = [roots[0] - 1, roots[-1] + 1] if roots else [Rational(-1), Rational(1)]
    else:
        ends = [Rational(iv[0]), Rational(iv[1])]
        roots = [r for r in roots if ends[0] <= r <= ends[1]]
    marks = sorted(set([ends[0], ends[1]] + roots), key=lambda v: sympy.N(v, 50))
    probes = [ends[0], ends[1]] + [(a + b) / 2 for a, b in zip(marks, marks[1:])]
    nonneg = all(sympy.N(p.subs(x, v), 50) >= 0 for v in probes)
    positive = nonneg and not roots
    inp = {"variables": ["x"], "polynomial": txt(p)}
    if iv:
        inp["interval"] = iv
    case("polynomial.decide.nonnegative", inp, {"nonnegative": bool(nonneg), "positive": bool(positive)})

# real_algebraic.compute.sign_conditions: SymPy's real roots (exact), signs from exact zero tests
# and 50-digit values.
for p, qs in [
    (x ** 3 - 3 * x + 1, [x, x ** 2 - 2]),
    ((x ** 2 - 2) * (x - 1) ** 2, [x - 1, x ** 2 - 2, x + 1]),
    (x ** 4 - 10 * x ** 2 + 1, [x ** 2 - 5, x ** 3 - 9 * x]),
    (x ** 2 + 1, [x]),
]:
    s = sympy.quo(p, sympy.gcd(p, sympy.diff(p, x)), x)
    roots = sorted(set(sympy.real_roots(Poly(p, x))), key=lambda r: r.evalf(50))
    derivs = [sympy.diff(s, x, i) for i in range(1, sympy.degree(s, x))]

    def sgn(f, r):
        v = sympy.simplify(f.subs(x, r))
        if v == 0:
            return 0
        return 1 if v.evalf(50) > 0 else -1
    signs = [[sgn(g, r) for g in qs] for r in roots]
    conds = {}
    for sg in signs:
        conds[tuple(sg)] = conds.get(tuple(sg), 0) + 1
    case("real_algebraic.compute.sign_conditions", {"variables": ["x"], "polynomial": txt(p), "polynomials": [txt(g) for g in qs]},
         {"roots": [{"signs": sg, "thom_encoding": [sgn(d, r) for d in derivs]} for sg, r in zip(signs, roots)],
          "tarski_queries": [sum(sg[j] for sg in signs) for j in range(len(qs))],
          "sign_conditions": [[list(c), m] for c, m in sorted(conds.items())]})

# polynomial.compute.galois_profile: SymPy's discriminants, factorizations mod p, Galois groups.
for p, bound in [(x ** 4 + x + 1, 60), (x ** 5 - x - 1, 50), (x ** 3 - 2, 40), (x ** 4 + 1, 40), (x ** 4 - 10 * x ** 2 + 1, 30),
                 (x ** 6 + 3 * x ** 3 + 3, 40), (2 * x ** 3 - x + Rational(1, 3), 30), ((x ** 2 - 2) * (x ** 2 - 3), 30)]:
    P = Poly(p, x)
    Z = Poly(sympy.expand(p * sympy.ilcm(*[Rational(c).q for c in P.all_coeffs()])), x)
    disc = sympy.discriminant(p, x)
    E = sympy.discriminant(Z.as_expr(), x)
    types = {}
    for pp in sympy.primerange(2, bound + 1):
        if E % pp == 0 or Z.LC() % pp == 0:
            continue
        degs = []
        for f, e in sympy.factor_list(Z.as_expr(), x, modulus=pp)[1]:
            degs += [sympy.degree(f, x)] * e
        ty = tuple(sorted(degs))
        c = types.setdefault(ty, [0, pp])
        c[0] += 1
    frob = [{"cycle_type": list(ty), "count": c, "least_prime": lp} for ty, (c, lp) in sorted(types.items(), key=lambda kv: (-kv[1][0], kv[0]))]
    irreducible = P.is_irreducible
    exp = {"degree": P.degree(), "irreducible": irreducible, "discriminant": q(disc), "discriminant_is_square": bool(Rational(disc) >= 0 and sympy.sqrt(Rational(disc)).is_rational),
           "frobenius": frob}
    if irreducible and P.degree() <= 6:
        G, _ = P.galois_group()
        exp["galois_group_order"] = int(G.order())
        exp["solvable_by_radicals"] = bool(G.is_solvable)
    if P.degree() == 4:
        M = P.monic()
        r = M.nroots(n=60)
        cubic = sympy.expand((t - (r[0] * r[1] + r[2] * r[3])) * (t - (r[0] * r[2] + r[1] * r[3])) * (t - (r[0] * r[3] + r[1] * r[2])))
        cubic = sum(sympy.nsimplify(sympy.re(c), rational=True, tolerance=1e-30) * t ** i for (i,), c in Poly(cubic, t).terms())
        exp["cubic_resolvent"] = pr(cubic.subs(t, x), [x])
    case("polynomial.compute.galois_profile", {"variables": ["x"], "polynomial": txt(p), "primes_up_to": bound}, exp)

# polynomial.compute.subresultants: determinants of Sylvester submatrices, by SymPy's Matrix.det,
# with coefficients in Q or in Q[other variables] (over F_p: the determinant over Z reduced mod p).
def subres(f, g, j, v=x):
    F, G = Poly(f, v).all_coeffs(), Poly(g, v).all_coeffs()
    m, nn = len(F) - 1, len(G) - 1
    rows = []
    for s in range(nn - j - 1, -1, -1):
        rows.append((F, s))
    for s in range(m - j - 1, -1, -1):
        rows.append((G, s))

    def coeff(P, s, e):  # coefficient of v^e in v^s * P
        d = len(P) - 1
        i = e - s
        return P[d - i] if 0 <= i <= d else 0
    cols = list(range(m + nn - j - 1, j, -1))
    out = 0
    for i in range(j + 1):
        M = sympy.Matrix([[coeff(P, s, e) for e in cols + [i]] for P, s in rows])
        out += M.det() * v ** i
    return sympy.expand(out)


def mod_p(expr, gens, p):
    return sum((c % p) * sympy.prod(g ** e for g, e in zip(gens, m)) for m, c in Poly(expr, *gens).terms())


for f, g, dom in [((x - 1) ** 2 * (x + 2), (x - 1) * (x + 3), "Q"),
                  (x ** 8 + x ** 6 - 3 * x ** 4 - 3 * x ** 3 + 8 * x ** 2 + 2 * x - 5, 3 * x ** 6 + 5 * x ** 4 - 4 * x ** 2 - 9 * x + 21, "Z"),
                  (x ** 5 + 2 * x + 1, x ** 3 - x + 4, "Q")]:
    nn = sympy.degree(g, x)
    ss = [(j, subres(f, g, j)) for j in range(nn - 1, -1, -1)]
    gd = sympy.degree(sympy.gcd(f, g), x)
    case("polynomial.compute.subresultants", {"variables": ["x"], "domain": dom, "f": txt(f), "g": txt(g)},
         {"subresultants": [{"index": j, "polynomial": pr(s, [x]), "principal_coefficient": q(Poly(s, x).coeff_monomial(x ** j))} for j, s in ss],
          "gcd_degree": gd})

# Several variables: the main variable is x, or y with x and z as coefficients; random integer
# polynomials, a common factor (x - y) so that the principal coefficients vanish up to k, and F_p.
def rand_poly(gens, deg, terms):
    return sum(rng.randint(-4, 4) * sympy.prod(g ** rng.randint(0, deg) for g in gens) for _ in range(terms))


for gens, v, f, g, p in [
        ([x, y], x, x ** 2 + y * x + 1, x ** 2 - 1, 0),
        ([x, y], x, (x - y) * (x ** 2 + y ** 2 * x + 3), (x - y) * (2 * x + y - 1), 0),
        ([x, y], x, x ** 4 + rand_poly([x, y], 3, 5), y * x ** 3 + rand_poly([x, y], 2, 4), 0),
        ([x, y, z], y, y ** 3 + x * z * y + rand_poly([x, y, z], 2, 4), (x + z) * y ** 2 + rand_poly([x, y, z], 1, 3), 0),
        ([x, y], x, x ** 3 + 5 * y * x + 6, 3 * x ** 2 + 5 * y, 7),
        ([x, y, z], x, (x + y * z) * (x ** 2 - z), (x + y * z) * (x + 2), 0)]:
    f, g = sympy.expand(f), sympy.expand(g)
    m, nn = sympy.degree(f, v), sympy.degree(g, v)
    if m < nn:
        f, g, m, nn = g, f, nn, m
    others = [u for u in gens if u != v]
    red = (lambda e: mod_p(e, gens, p)) if p else (lambda e: e)
    ss = [(j, sympy.expand(red(subres(f, g, j, v)))) for j in range(nn - 1, -1, -1)]
    pscs = [(j, sympy.expand(Poly(s, v).coeff_monomial(v ** j)) if s != 0 else 0) for j, s in ss]
    psc_red = [(j, red(c) if c != 0 else 0) for j, c in pscs]
    k = next((j for j, c in reversed(psc_red) if c != 0), nn)
    inp = {"variables": [str(u) for u in gens], "domain": f"F_{p}" if p else "Z", "variable": str(v), "f": txt(f), "g": txt(g)}
    case("polynomial.compute.subresultants", inp,
         {"subresultants": [{"index": j, "polynomial": pr(s, gens), "principal_coefficient": pr(c, gens)} for (j, s), (_, c) in zip(ss, psc_red)],
          "gcd_degree": k, **({"gcd": "1"} if k == 0 else {})})

# algebraic_geometry.plane_curve.local: multiplicity and tangent cone from the lowest form (SymPy);
# Milnor numbers of x^a - y^b, (a - 1)(b - 1); intersection multiplicity as the order at x = a of
# Res_y(f, g) where no other common point lies on the line x = a.
for f, pt, g in [
    (y ** 2 - x ** 3, [0, 0], y),
    (y ** 2 - x ** 3 - x ** 2, [0, 0], y - x),
    ((y - 1) ** 2 - (x - 2) ** 3, [2, 1], (y - 1) - (x - 2) ** 2),
    (x ** 2 + y ** 2 - 1, [1, 0], x - 1),
    (x ** 4 - y ** 3, [0, 0], y ** 2 - x ** 3),
]:
    a, b = pt
    ft = sympy.expand(f.subs({x: x + a, y: y + b}, simultaneous=True))
    m = min(sum(mm) for mm in Poly(ft, x, y).monoms())
    cone = sum(c * x ** i * y ** j for (i, j), c in Poly(ft, x, y).terms() if i + j == m)
    cone = sympy.expand(cone.subs({x: x - a, y: y - b}, simultaneous=True))
    res = Poly(sympy.resultant(f, g, y), x)
    order = 0
    while res.eval(a) == 0:
        res = res.diff(x)
        order += 1
    case("algebraic_geometry.plane_curve.local", {"variables": ["x", "y"], "polynomial": txt(f), "point": pt, "other": txt(g)},
         {"on_curve": m > 0, "multiplicity": m, "tangent_cone": pr(cone, [x, y]), "intersection_multiplicity": order})
for aa, bb in [(2, 3), (3, 4), (2, 5), (4, 6)]:
    case("algebraic_geometry.plane_curve.local", {"variables": ["x", "y"], "polynomial": f"x^{aa} - y^{bb}"},
         {"milnor_number": (aa - 1) * (bb - 1), "multiplicity": min(aa, bb)})

# algebraic_geometry.plane_curve.genus: smooth curves of degree d have genus (d-1)(d-2)/2;
# y^2 = h(x) with h square-free of degree n, genus floor((n-1)/2); a nodal cubic is rational.
for d in [3, 4, 5]:
    case("algebraic_geometry.plane_curve.genus", {"variables": ["x", "y"], "polynomial": f"x^{d} + y^{d} - 1"},
         {"degree": d, "genus": (d - 1) * (d - 2) // 2, "rational": False})
for h in [x ** 5 - x + 1, x ** 6 + 2 * x + 3, x ** 3 - x]:
    nn = sympy.degree(h, x)
    case("algebraic_geometry.plane_curve.genus", {"variables": ["x", "y"], "polynomial": txt(y ** 2 - h)}, {"genus": (nn - 1) // 2})
case("algebraic_geometry.plane_curve.genus", {"variables": ["x", "y"], "polynomial": "y^2 - x^3 - x^2"}, {"genus": 0, "rational": True, "delta": 1})

# algebraic_geometry.plane_curve.blowup: SymPy's substitution and division by u^m.
for f, pt, chart in [(y ** 2 - x ** 3 - x ** 2, [0, 0], "x"), (y ** 2 - x ** 3, [0, 0], "x"), (y ** 2 - x ** 3, [0, 0], "y"),
                     ((x - 1) ** 2 * (y + 2) - (y + 2) ** 3, [1, -2], "x")]:
    a, b = pt
    sub = {x: x + a, y: x * y + b} if chart == "x" else {x: x * y + a, y: y + b}
    e = x if chart == "x" else y
    total = sympy.expand(f.subs(sub, simultaneous=True))
    m = min(mm[0] if chart == "x" else mm[1] for mm in Poly(total, x, y).monoms())
    strict = sympy.expand(total / e ** m)
    case("algebraic_geometry.plane_curve.blowup", {"variables": ["x", "y"], "polynomial": txt(f), "point": pt, "chart": chart},
         {"multiplicity": m, "total_transform": pr(total, [x, y]), "strict_transform": pr(strict, [x, y]),
          "on_exceptional_divisor": pr(strict.subs(e, 0), [x, y])})

# algebraic_geometry.conic.parametrize: SymPy's ternary quadratic solver decides a rational point.
from sympy.solvers.diophantine.diophantine import diop_ternary_quadratic
X, Y, Zz = symbols("X Y Z", integer=True)
for f in [x ** 2 + y ** 2 - 1, x ** 2 + y ** 2 - 3, 2 * x ** 2 + 3 * y ** 2 - 5, x ** 2 - 2 * y ** 2 - 3, x * y + x + 1, x ** 2 + x * y + y ** 2 - 7]:
    F = sympy.expand(Zz ** 2 * f.subs({x: X / Zz, y: Y / Zz}))
    sol = diop_ternary_quadratic(F)
    has = sol is not None and sol != (None, None, None) and any(v != 0 for v in sol)
    case("algebraic_geometry.conic.parametrize", {"variables": ["x", "y"], "polynomial": txt(f)}, {"has_rational_point": bool(has)},
         None if has else "COMPUTED")

# monomial_ideal.compute.operation: brute force on exponent vectors.
def mono(e):
    return pr(sympy.prod(v ** i for v, i in zip([x, y, z], e)), [x, y, z])


def minimal(ms):
    ms = sorted(set(ms), key=lambda m: (sum(m), tuple(-e for e in m)))
    out = []
    for m in ms:
        if not any(all(a <= b for a, b in zip(g, m)) for g in out):
            out.append(m)
    return [mono(m) for m in out]


def divides_any(gs, m):
    return any(all(a <= b for a, b in zip(g, m)) for g in gs)


for I, J in [([(2, 0, 0), (1, 1, 0), (0, 3, 0)], [(1, 0, 0), (0, 0, 2)]), ([(1, 1, 0), (0, 1, 1), (1, 0, 1)], [(1, 1, 1), (2, 0, 0)]),
             ([(3, 1, 0), (0, 2, 2), (1, 0, 4)], [(1, 1, 1)])]:
    base = {"variables": ["x", "y", "z"], "generators": [mono(m) for m in I]}
    # Brute force in a box: a monomial is in I∩J / I:J / I+J / IJ by definition.
    box = list(itertools.product(range(9), repeat=3))
    inI = lambda m: divides_any(I, m)
    inJ = lambda m: divides_any(J, m)
    prod_gens = [tuple(a + b for a, b in zip(u, v)) for u in I for v in J]
    inter = [m for m in box if inI(m) and inJ(m)]
    quot = [m for m in box if all(inI(tuple(a + b for a, b in zip(m, v))) for v in J)]
    for op, ms in [("sum", I + J), ("product", prod_gens), ("intersection", inter), ("quotient", quot)]:
        case("monomial_ideal.compute.operation", dict(base, operation=op, other=[mono(m) for m in J]), {"generators": minimal(ms)})
    case("monomial_ideal.compute.operation", dict(base, operation="radical"), {"generators": minimal([tuple(min(e, 1) for e in m) for m in I])})
    for m in [(3, 3, 3), (0, 2, 5), (1, 0, 0)]:
        case("monomial_ideal.compute.operation", dict(base, operation="membership", monomial=mono(m)), {"member": inI(m)})
    # Hilbert function by counting standard monomials; the series' numerator agrees to degree 12.
    counts = [sum(1 for m in itertools.product(range(d + 1), repeat=3) if sum(m) == d and not inI(m)) for d in range(13)]
    K = sympy.expand(sum(c * t ** d for d, c in enumerate(counts)) * (1 - t) ** 3)
    K = [int(Poly(K, t).coeff_monomial(t ** d)) for d in range(13)]
    while len(K) > 1 and K[-1] == 0:
        K.pop()
    case("monomial_ideal.compute.operation", dict(base, operation="hilbert_series"), {"numerator": K})

# polynomial.ideal.betti_table: the Koszul complex of k variables has beta_i = C(k, i) in degree i;
# the 2x2 minors of the 2x3 Hankel matrix (twisted cubic) and (x, y)^d by Eagon–Northcott.
for kk in [2, 3, 4]:
    vs = ["x", "y", "z", "w"][:kk]
    case("polynomial.ideal.betti_table", {"variables": vs, "generators": vs},
         {"table": [[math.comb(kk, i) for i in range(kk + 1)]], "total": [math.comb(kk, i) for i in range(kk + 1)], "projective_dimension": kk, "regularity": 0})
for d in [2, 3, 4]:
    gens = [txt(x ** i * y ** (d - i)) for i in range(d + 1)]
    table = [[1, 0, 0]] + [[0, 0, 0]] * (d - 2) + [[0, d + 1, d]]
    case("polynomial.ideal.betti_table", {"variables": ["x", "y"], "generators": gens}, {"table": table, "total": [1, d + 1, d], "regularity": d - 1})
case("polynomial.ideal.betti_table", {"variables": ["x", "y", "z", "w"], "generators": ["x*z - y^2", "x*w - y*z", "y*w - z^2"]},
     {"table": [[1, 0, 0], [0, 3, 2]], "total": [1, 3, 2], "projective_dimension": 2, "regularity": 1})

# polynomial.compute.newton_polytope: a brute-force hull (every pair of points spanning a
# supporting line), Pick's count by enumeration, initial forms and p-adic polygons by definition.
def hull_vertices(pts):
    pts = sorted(set(pts))
    verts = []
    for p_ in pts:
        # p is a vertex iff some direction makes it the unique maximum.
        others = [o for o in pts if o != p_]
        ok = False
        for ang in range(0, 3600):
            a = math.cos(ang * math.pi / 1800 + 0.0001)
            b = math.sin(ang * math.pi / 1800 + 0.0001)
            if all(a * p_[0] + b * p_[1] > a * o[0] + b * o[1] + 1e-12 for o in others):
                ok = True
                break
        if ok:
            verts.append(p_)
    c = (sum(v[0] for v in verts) / len(verts), sum(v[1] for v in verts) / len(verts))
    verts.sort(key=lambda v: math.atan2(v[1] - c[1], v[0] - c[0]))
    start = verts.index(min(verts))
    return verts[start:] + verts[:start]


def inside(poly_, pt):
    n_ = len(poly_)
    sides = [(poly_[(i + 1) % n_][0] - poly_[i][0]) * (pt[1] - poly_[i][1]) - (poly_[(i + 1) % n_][1] - poly_[i][1]) * (pt[0] - poly_[i][0]) for i in range(n_)]
    return all(s_ >= 0 for s_ in sides), any(s_ == 0 for s_ in sides)


for f, w in [(1 + x ** 3 + y ** 2 + x * y, [2, 3]), (x ** 4 * y + x * y ** 4 + x ** 2 * y ** 2 + 3 * x + 5 * y + 7, [1, 1]),
             (x ** 3 + x ** 2 * y + x * y ** 2 + y ** 3 + x * y, [1, -1]), ((x + y + 1) ** 4, [0, 1])]:
    P = Poly(f, x, y)
    pts = [tuple(m) for m in P.monoms()]
    V = hull_vertices(pts)
    area2 = abs(sum(V[i][0] * V[(i + 1) % len(V)][1] - V[i][1] * V[(i + 1) % len(V)][0] for i in range(len(V))))
    lattice = [(a, b) for a in range(20) for b in range(20)]
    bnd = sum(1 for p_ in lattice if inside(V, p_)[0] and inside(V, p_)[1])
    inn = sum(1 for p_ in lattice if inside(V, p_)[0] and not inside(V, p_)[1])
    wd = [w[0] * m[0] + w[1] * m[1] for m in pts]
    init = sum(c * x ** m[0] * y ** m[1] for m, c in P.terms() if w[0] * m[0] + w[1] * m[1] == max(wd))
    case("polynomial.compute.newton_polytope", {"variables": ["x", "y"], "polynomial": txt(f), "weight": w},
         {"vertices": [list(v) for v in V], "area": q(Rational(area2, 2)), "lattice_points": [bnd, inn],
          "weighted_degrees": [q(min(wd)), q(max(wd))], "initial_form": pr(init, [x, y])})
for f, p_ in [(x ** 3 + 2 * x + 8, 2), (x ** 4 + 9 * x ** 2 + 27 * x + 81, 3), (Rational(1, 25) * x ** 2 + x + 5, 5)]:
    P = Poly(f, x)
    pts = sorted((m[0], sympy.multiplicity(p_, Rational(c).p) - sympy.multiplicity(p_, Rational(c).q)) for m, c in P.terms())
    # Lower hull by brute force: a segment between two points is an edge if every point lies above its line.
    edges = []
    for (i1, v1), (i2, v2) in itertools.combinations(pts, 2):
        if all((v - v1) * (i2 - i1) - (v2 - v1) * (i - i1) >= 0 for i, v in pts) and not any(
                i1 < i < i2 and (v - v1) * (i2 - i1) == (v2 - v1) * (i - i1) for i, v in pts):
            edges.append((Rational(v2 - v1, i2 - i1), i2 - i1))
    edges.sort()
    merged = []
    for s_, l_ in edges:
        if merged and merged[-1][0] == s_:
            merged[-1] = (s_, merged[-1][1] + l_)
        else:
            merged.append((s_, l_))
    edges = merged
    case("polynomial.compute.newton_polytope", {"variables": ["x"], "polynomial": txt(f), "prime": p_},
         {"p_adic_slopes": [{"slope": q(s_), "length": l_} for s_, l_ in edges]})

# polynomial.system.real_solutions: SymPy's exact solutions, counted.
for gens, vs in [([x ** 2 + y ** 2 - 4, x * y - 1], [x, y]), ([x ** 2 - 2, y ** 2 - 3], [x, y]), ([x ** 2 + y ** 2 + 1, x - y], [x, y]),
                 ([x ** 3 - x, y - x ** 2, z - x - y], [x, y, z]), ([x ** 2 + y ** 2 - 1, (x - 1) ** 2 + y ** 2 - 1], [x, y])]:
    sols = sympy.solve(gens, vs, dict=True)
    real = [s_ for s_ in sols if all(sympy.im(sympy.N(s_[v], 30)) == 0 for v in vs)]
    case("polynomial.system.real_solutions", {"variables": [str(v) for v in vs], "generators": [txt(g) for g in gens]},
         {"zero_dimensional": True, "complex_solution_count": len(sols), "real_solution_count": len(real)})
case("polynomial.system.real_solutions", {"variables": ["x", "y"], "generators": ["x*y"]}, {"zero_dimensional": False})

for c in CASES:
    print(json.dumps(c, default=int))
