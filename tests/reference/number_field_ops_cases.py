"""Reference answers of the number-field operations (automorphisms, embeddings, the Galois
correspondence, relative norms and traces, real quadratic fields), computed without PARI.

Prints {"capability", "input", "expected", optional "assurance"} per line; see
number_theory_cases.py. Automorphisms are the roots of f in K from SymPy's factorization over
the algebraic field Q(θ), composed and applied by SymPy's polynomial arithmetic modulo f;
subgroups by closing subsets of the automorphism group under composition, fixed fields by the
minimal polynomial of a trace Σ_{h∈H} h(c) and SymPy's Round Two discriminant; relative norms
and traces numerically over the complex embeddings (mpmath, 80 digits) as products and sums over
the embeddings that agree on the subfield, read back as rationals; embeddings from mpmath's
polyroots and orders of elements by exact sign rules in Q(√d).
"""
import itertools
import json
import math
import random
from fractions import Fraction

import mpmath
import sympy
from sympy import CRootOf, Poly, QQ, symbols
from sympy.polys.numberfields.basis import round_two

mpmath.mp.dps = 80
rng = random.Random(4711)
x = symbols("x")
CASES = []


def case(capability, inp, expected, assurance=None):
    c = {"capability": capability, "input": inp, "expected": expected}
    if assurance:
        c["assurance"] = assurance
    CASES.append(c)


def text(c):
    c = Fraction(c)
    return str(c.numerator) if c.denominator == 1 else f"{c.numerator}/{c.denominator}"


def payload(cs):
    return [int(c) if Fraction(c).denominator == 1 else text(c) for c in cs]


def qpoly(cs):
    """A SymPy polynomial over QQ from coefficients constant term first."""
    return Poly([sympy.Rational(Fraction(c).numerator, Fraction(c).denominator) for c in reversed(cs)], x, domain=QQ)


def coeffs(p, n):
    """n coefficients, constant term first, as Fractions."""
    cs = [Fraction(int(c.p), int(c.q)) for c in reversed(Poly(p, x, domain=QQ).all_coeffs())] if not p.is_zero else []
    return (cs + [Fraction(0)] * n)[:n]


def compose_mod(a, s, f):
    """a(s(x)) mod f, all SymPy polynomials."""
    return a.compose(s).rem(f)


def lex_key(v):
    return [Fraction(c) for c in v]


def canonical(items, first):
    return sorted(items, key=lambda v: (v != first, lex_key(v)))


def automorphisms(fcs):
    """σ(θ) for every automorphism of Q[x]/(f), as SymPy polynomials: the roots of f in K."""
    f = qpoly(fcs)
    if f.degree() == 1:
        return [Poly(-f.all_coeffs()[1] / f.all_coeffs()[0], x, domain=QQ)]
    K = QQ.algebraic_field(CRootOf(f.as_expr(), 0))
    out = []
    for g, _ in Poly(f.as_expr(), x, domain=K).factor_list()[1]:
        if g.degree() == 1:
            c = g.rep.to_list()
            r = K.quo(K.neg(c[1]), c[0])
            out.append(Poly([sympy.Rational(int(q.numerator), int(q.denominator)) for q in r.to_list()] or [0], x,
                            domain=QQ))
    return out


def order(s, f):
    t, k = s.rem(f), 1
    X = Poly(x, x, domain=QQ).rem(f)
    while t != X:
        t, k = compose_mod(t, s, f), k + 1
    return k


def vec(p, n):
    return [text(c) for c in coeffs(p, n)]


def random_element(n, k=3):
    return [rng.randint(-k, k) for _ in range(n)]


AUT = "number_field.compute.automorphisms"
FIELDS = [
    [1, 0, -10, 0, 1], [-2, 0, 0, 1], [1, 1, 1, 1, 1, 1, 1], [-1, -2, 1, 1], [1, 0, 0, 0, 1], [-1, 0, -3, 0, 0, 0, 1],
    ["-3/5", 0, 2], [7, 0, 0, 3], [-3, 2], [5, 0, 1], [1, 0, -1, 0, 1, 0, -1, 0, 1], [1, -1, 1, -1, 1],
    [4, 0, 1, 0, 1],
]
for fcs in FIELDS:
    f, n = qpoly(fcs), len(fcs) - 1
    auts = automorphisms(fcs)
    theta = vec(Poly(x, x, domain=QQ).rem(f), n)
    listed = canonical([vec(s, n) for s in auts], theta)
    orders = {tuple(vec(s, n)): order(s, f) for s in auts}
    case(AUT, {"polynomial": fcs}, {"automorphisms": listed, "orders": [orders[tuple(v)] for v in listed],
                                    "galois": len(auts) == n}, "COMPUTED")
    if n == 1:
        continue
    # apply: verified by the identities checker
    s = auts[rng.randrange(len(auts))]
    elems = [random_element(n) for _ in range(3)]
    images = [vec(compose_mod(qpoly(a), s, f), n) for a in elems]
    case(AUT, {"polynomial": fcs, "operation": {"apply": {"automorphism": payload(coeffs(s, n)), "elements": elems}}},
         {"images": images})
    # compose σ1∘σ2∘σ3: θ ↦ s3(s2(s1(θ)))
    pick = [auts[rng.randrange(len(auts))] for _ in range(3)]
    r = compose_mod(compose_mod(pick[2], pick[1], f), pick[0], f)
    case(AUT, {"polynomial": fcs, "operation": {"compose": {"automorphisms": [payload(coeffs(p, n)) for p in pick]}}},
         {"result": vec(r, n)})
    # inverse: the u with u(s(x)) ≡ x
    X = Poly(x, x, domain=QQ).rem(f)
    u = next(t for t in auts if compose_mod(t, s, f) == X)
    case(AUT, {"polynomial": fcs, "operation": {"inverse": {"automorphism": payload(coeffs(s, n))}}},
         {"result": vec(u, n)})
    # orbit of an element
    a = qpoly(random_element(n, 2)) if n > 2 else qpoly([1, 1])
    if fcs == [1, 0, -10, 0, 1]:
        a = qpoly([0, 0, 1])  # θ² = 5 ± 2√6: stabilizer of order 2
    conj = [vec(compose_mod(a, t, f), n) for t in auts]
    first = vec(a.rem(f), n)
    distinct = canonical(list({tuple(c): c for c in conj}.values()), first)
    case(AUT, {"polynomial": fcs, "operation": {"orbit": {"element": payload(coeffs(a, n))}}},
         {"images": distinct, "stabilizer": conj.count(first)}, "COMPUTED")
    # relative: automorphisms fixing the subfield generated by θ² (or θ + θ^k)
    g = Poly(x ** 2, x, domain=QQ).rem(f)
    fixing = [t for t in auts if compose_mod(g, t, f) == g]
    d = Poly(sympy.minimal_polynomial(CRootOf(f.as_expr(), 0) ** 2, x), x).degree()
    case(AUT, {"polynomial": fcs, "operation": {"relative": {"subfield": payload(coeffs(g, n))}}},
         {"automorphisms": canonical([vec(t, n) for t in fixing], theta), "relative_degree": n // d,
          "galois": len(fixing) == n // d}, "COMPUTED")


def mult_matrix(f, a):
    """The matrix of multiplication by a on 1, θ, …, θ^(n−1)."""
    n = f.degree()
    cols = [coeffs((a * Poly(x ** k, x, domain=QQ)).rem(f), n) for k in range(n)]
    return sympy.Matrix(n, n, lambda i, j: sympy.Rational(cols[j][i].numerator, cols[j][i].denominator))


def minimal_polynomial(f, a):
    cp = mult_matrix(f, a).charpoly(x).as_expr()
    factors = sympy.factor_list(cp, x)[1]
    assert len(factors) == 1
    return Poly(factors[0][0], x, domain=QQ).monic()


def field_discriminant(m):
    """d_K of Q[x]/(m) for a monic m over Q, by SymPy's Round Two on a monic integral transform."""
    if m.degree() == 1:
        return 1
    cs = [Fraction(int(c.p), int(c.q)) for c in reversed(m.all_coeffs())]
    den = math.lcm(*[c.denominator for c in cs])
    n = len(cs) - 1
    # g(y) = den^n m(y/den) is monic integral
    g = Poly(list(reversed([int(cs[k] * den ** (n - k)) for k in range(n + 1)])), x, domain=sympy.ZZ)
    try:
        dk = int(round_two(g)[1])
    except Exception:  # SymPy 1.14's Round Two fails on some polynomials (ClosureFailure)
        return None
    if dk == 0:
        return None
    ratio = Fraction(int(sympy.discriminant(g)), dk)
    # disc(g) = [O_K : Z[α]]² · d_K: a failed Round Two shows as a non-square ratio
    if ratio.denominator != 1 or ratio.numerator < 0 or math.isqrt(ratio.numerator) ** 2 != ratio.numerator:
        return None
    return dk


def subgroups_of(auts, f):
    """Every subgroup, as frozensets of indices, by closing the cyclic subgroups under joins."""
    n = len(auts)
    table = [[auts.index(compose_mod(auts[b], auts[a], f)) for b in range(n)] for a in range(n)]

    def close(gens):
        H = {0} | set(gens)
        while True:
            new = {table[a][b] for a in H for b in H} | H
            if new == H:
                return frozenset(H)
            H = new

    found = {close([g]) for g in range(n)}
    while True:
        new = {close(a | b) for a in found for b in found} | found
        if new == found:
            return sorted(found, key=lambda h: (len(h), sorted(h))), table
        found = new


def fixed_field(auts, H, f):
    n = f.degree()
    for c in [Poly(x, x, domain=QQ)] + [qpoly(random_element(n, 2)) for _ in range(20)]:
        e = sum((compose_mod(c, auts[h], f) for h in H), Poly(0, x, domain=QQ)).rem(f)
        m = minimal_polynomial(f, e)
        if m.degree() * len(H) == n and field_discriminant(m) is not None:
            return m, e
    raise AssertionError(f"no primitive element found for {f} {H}")


CORR = "number_field.compute.galois_correspondence"
GALOIS = [[1, 0, -10, 0, 1], [1, 1, 1, 1, 1, 1, 1], [1, -3, 0, 1], [1, -3, 0, 5, 0, -3, 1], [1, 1, 1, 1, 1],
          [1, 0, 0, 0, 1]]
for fcs in GALOIS:
    f, n = qpoly(fcs), len(fcs) - 1
    auts = automorphisms(fcs)
    theta = vec(Poly(x, x, domain=QQ).rem(f), n)
    order_ = sorted(range(n), key=lambda k: (vec(auts[k], n) != theta, lex_key(vec(auts[k], n))))
    auts = [auts[k] for k in order_]
    listed = [vec(s, n) for s in auts]
    subs, table = subgroups_of(auts, f)
    inverse = [next(b for b in range(n) if table[a][b] == 0) for a in range(n)]
    rows = []
    for H in subs:
        normal = all(table[table[g][h]][inverse[g]] in H for g in range(n) for h in H)
        m, _ = fixed_field(auts, H, f)
        rows.append({"order": len(H), "elements": sorted(H), "normal": normal,
                     "fixed_field": {"degree": n // len(H), "discriminant": str(field_discriminant(m))}})
    case(CORR, {"polynomial": fcs}, {"automorphisms": listed, "subgroups": rows})
    # the fixed field of the subgroup generated by one or two automorphisms
    gens = sorted({rng.randrange(n) for _ in range(rng.choice([1, 2]))})
    H = min((k for k in subs if set(gens) <= k), key=len)  # the subgroup they generate
    m, e = fixed_field(auts, H, f)
    row = {"order": len(H), "elements": sorted(H), "fixed_field": {"degree": n // len(H),
                                                                   "discriminant": str(field_discriminant(m))}}
    case(CORR, {"polynomial": fcs, "operation": {"fixed_field": {"automorphisms": [listed[g] for g in gens]}}},
         {"subgroup": row})
    # the stabilizer of an intermediate field given by a generator: the fixed field's trace element
    H2 = subs[len(subs) // 2]
    _, e2 = fixed_field(auts, H2, f)
    stab = sorted(k for k in range(n) if compose_mod(e2, auts[k], f) == e2)
    case(CORR, {"polynomial": fcs, "operation": {"stabilizer": {"subfield": payload(coeffs(e2, n))}}},
         {"subgroup": {"order": len(stab), "elements": stab, "fixed_field": {"degree": n // len(stab)}}})


def composita(fcs, hcs):
    """The degrees and discriminants of the fields K ⊗ L splits into: the irreducible factors of
    Res_y(f(y), h(z − k·y)), the minimal polynomials of φ + k·θ, for a k where it is squarefree."""
    y, z = symbols("y z")
    f, h = qpoly(fcs).as_expr().subs(x, y), qpoly(hcs).as_expr()
    for k in range(1, 20):
        r = Poly(sympy.resultant(f, h.subs(x, z - k * y), y), z, domain=QQ)
        if sympy.gcd(r, r.diff(z)).degree() == 0:
            out = [(Poly(g, z).degree(), field_discriminant(Poly(g.subs(z, x), x, domain=QQ).monic()))
                   for g, _ in sympy.factor_list(r.as_expr(), z)[1]]
            return sorted(out, key=lambda t: (t[0], abs(t[1] or 0), t[1] or 0))
    raise AssertionError(f"no separating k for {fcs} {hcs}")


for fcs, hcs in [([-2, 0, 0, 1], [3, 0, 1]), ([-2, 0, 1], [-3, 0, 1]), ([-2, 0, 1], [-8, 0, 1]),
                 ([1, 1, 1, 1, 1], [-5, 0, 1]), ([-2, 0, 0, 1], [-2, 0, 0, 1]), ([1, 0, 1], ["1/4", 0, 1])]:
    got = composita(fcs, hcs)
    case(CORR, {"polynomial": fcs, "operation": {"compositum": {"polynomial": hcs}}},
         {"composita": [{"degree": d} | ({"discriminant": str(disc)} if disc is not None else {}) for d, disc in got]})


REL = "number_field.compute.relative_norm_trace"


def complex_roots(fcs):
    f = qpoly(fcs)
    return mpmath.polyroots([mpmath.mpf(sympy.Rational(c).p) / sympy.Rational(c).q for c in f.all_coeffs()],
                            maxsteps=400, extraprec=400)


def ev(cs, r):
    return sum(mpmath.mpf(Fraction(c).numerator) / Fraction(c).denominator * r ** k for k, c in enumerate(cs))


def from_values(values, roots, n):
    """The element of K whose images at the roots are `values`: a Vandermonde solve, read as rationals."""
    A = mpmath.matrix([[r ** k for k in range(n)] for r in roots])
    sol = mpmath.lu_solve(A, mpmath.matrix(values))
    out = []
    for v in sol:
        assert abs(mpmath.im(v)) < mpmath.mpf(10) ** -40
        q = Fraction(str(mpmath.nstr(mpmath.re(v), 60))).limit_denominator(10 ** 12)
        assert abs(mpmath.re(v) - mpmath.mpf(q.numerator) / q.denominator) < mpmath.mpf(10) ** -40
        out.append(q)
    return out


for fcs, g, elems in [
    ([1, 0, -10, 0, 1], [0, "-9/2", 0, "1/2"], [[0, 1], [1, 0, 1], [2, -1, 3, 1]]),
    ([-2, 0, 0, 0, 0, 0, 1], [0, 0, 1], [[0, 1], [1, 1, 0, 1], [0, 0, 0, 0, 0, 1]]),
    ([-2, 0, 0, 0, 0, 0, 1], [0, 0, 0, 1], [[0, 1], [3, 1, 1, 1, 1, 1]]),
    ([1, -3, 0, 5, 0, -3, 1], [0, 1, 1], [[0, 1], [1, 2]]),
    ([1, 1, 1, 1, 1, 1, 1], [-1, 0, -1, -1, -1, -1], [[0, 1], [1, 2, 3]]),
    ([1, 1, 1, 1, 1, 1, 1], [0, 0, 0, 0, 0, -1], [[0, 1], [1, 1]]),
    ([1, 0, -4, 0, 8, 0, -4, 0, 1], [0, 0, 1], [[0, 1], [1, 0, 1]]),
    (["-3/5", 0, 2], [1], [[0, 1], ["1/2", 3]]),
]:
    n = len(fcs) - 1
    roots = complex_roots(fcs)
    gvals = [ev(g, r) for r in roots]
    d = minimal_polynomial(qpoly(fcs), qpoly(g)).degree()
    values = []
    for a in elems:
        avals = [ev(a, r) for r in roots]
        same = [[j for j in range(n) if abs(gvals[j] - gvals[i]) < mpmath.mpf(10) ** -50] for i in range(n)]
        norms = [mpmath.fprod(avals[j] for j in s) for s in same]
        traces = [mpmath.fsum(avals[j] for j in s) for s in same]
        values.append({"norm_in_k": [text(c) for c in from_values(norms, roots, n)],
                       "trace_in_k": [text(c) for c in from_values(traces, roots, n)]})
    case(REL, {"polynomial": fcs, "subfield": g, "elements": elems},
         {"relative_degree": n // d, "subfield_degree": d, "values": values})


EMB = "number_field.compute.embeddings"


def rounded(v, D):
    """round(v·10^D), halves away from zero, as PARI's round, formatted with D places."""
    t = v * mpmath.mpf(10) ** D
    k = int(mpmath.floor(t + mpmath.mpf(1) / 2)) if t >= 0 else -int(mpmath.floor(-t + mpmath.mpf(1) / 2))
    digits = str(abs(k)).rjust(D + 1, "0")
    return ("-" if k < 0 else "") + digits[:-D] + "." + digits[-D:]


def approx(z, D):
    return {"real": rounded(mpmath.re(z), D), "imaginary": rounded(mpmath.im(z), D)}


def ordered_roots(cs, D):
    """Real roots increasing, then those with positive imaginary part by their printed parts."""
    roots = complex_roots(cs)
    real = sorted(mpmath.re(r) for r in roots if abs(mpmath.im(r)) < mpmath.mpf(10) ** -60)
    upper = [r for r in roots if mpmath.im(r) > mpmath.mpf(10) ** -60]
    key = lambda r: (int(mpmath.nint(mpmath.re(r) * 10 ** D)), int(mpmath.nint(mpmath.im(r) * 10 ** D)))
    upper.sort(key=key)
    return [mpmath.mpc(r) for r in real] + upper, len(real)


for fcs, D in [([-1, -1, 0, 0, 0, 1], 30), ([1, 0, -10, 0, 1], 25), ([5, 0, 5, 0, 1], 20), (["-3/5", 0, 2], 12),
               ([-3, 2], 10), ([1, 1, 1, 1, 1, 1, 1], 40), ([-2, 0, 0, 1], 60), ([1, -3, 0, 5, 0, -3, 1], 15)]:
    n = len(fcs) - 1
    roots, r1 = ordered_roots(fcs, D)
    case(EMB, {"polynomial": fcs, "digits": D},
         {"embeddings": [{"real": k < r1, "theta": approx(r, D)} for k, r in enumerate(roots)]})
    elems = [random_element(n) for _ in range(2)] + [[0] * (n - 1) + [1]]
    case(EMB, {"polynomial": fcs, "digits": D, "operation": {"evaluate": {"elements": elems}}},
         {"values": [[approx(ev(a, r), D) for r in roots] for a in elems]})
    # exact: the image of an element as a root of its minimal polynomial
    a = elems[0] if n > 1 else [5]
    k = len(roots) - 1
    m = minimal_polynomial(qpoly(fcs), qpoly(a))
    mroots = complex_roots(coeffs(m.as_expr(), m.degree() + 1))
    mr, mr1 = ordered_roots([text(c) for c in coeffs(m.as_expr(), m.degree() + 1)], D)
    mr = mr + [mpmath.conj(r) for r in mr[mr1:]]
    image = ev(a, roots[k])
    j = min(range(len(mr)), key=lambda t: abs(mr[t] - image))
    case(EMB, {"polynomial": fcs, "digits": D, "operation": {"exact": {"element": a, "embedding": k}}},
         {"minimal_polynomial": [text(c) for c in coeffs(m.as_expr(), m.degree() + 1)], "root_index": j,
          "value": approx(image, D)})
    if r1 == 0:
        continue
    # order in each real embedding: exact ties are equal elements
    pool = [random_element(n, 2) for _ in range(6)]
    pool.append(pool[1][:])
    pool.append(payload(coeffs(qpoly(pool[2]).rem(qpoly(fcs)), n)))
    for k in range(r1):
        vals = [ev(a, roots[k]) for a in pool]
        red = [tuple(coeffs(qpoly(a).rem(qpoly(fcs)), n)) for a in pool]
        order_ = sorted(range(len(pool)), key=lambda t: (mpmath.re(vals[t]), t))
        ranks, rank = [0] * len(pool), 0
        for t in range(len(order_)):
            if t > 0 and red[order_[t]] != red[order_[t - 1]]:
                rank += 1
            ranks[order_[t]] = rank
        case(EMB, {"polynomial": fcs, "digits": D, "operation": {"order": {"elements": pool, "embedding": k}}},
             {"order": order_, "ranks": ranks})


def power_sums(fcs, alpha, k, m, D):
    """Distinct sums Σ ε_i α^i exactly (reduced modulo f), ordered by their values at the k-th
    real root; the distinct gaps (exact differences) with multiplicities."""
    f, n = qpoly(fcs), len(fcs) - 1
    roots, _ = ordered_roots(fcs, D)
    powers = [(qpoly(alpha) ** i).rem(f) for i in range(m + 1)]
    sums = {}
    for eps in itertools.product([0, 1], repeat=m + 1):
        s = sum((p for e, p in zip(eps, powers) if e), Poly(0, x, domain=QQ)).rem(f)
        sums[tuple(coeffs(s, n))] = s
    ranked = sorted(sums.values(), key=lambda s: ev(coeffs(s, n), mpmath.re(roots[k])))
    gaps = [(b - a).rem(f) for a, b in zip(ranked, ranked[1:])]
    distinct = {}
    for g in gaps:
        distinct.setdefault(tuple(coeffs(g, n)), [g, 0])[1] += 1
    profile = sorted(distinct.values(), key=lambda t: ev(coeffs(t[0], n), mpmath.re(roots[k])))
    return {"sums": 2 ** (m + 1), "distinct": len(sums),
            "gaps": [{"value": rounded(ev(coeffs(g, n), mpmath.re(roots[k])), D), "multiplicity": c} for g, c in profile],
            "least_gap": vec(profile[0][0], n)}


for fcs, alpha, k, m, D in [([-1, -1, 1], [0, 1], 1, 8, 20), ([-1, -1, 1], [0, 1], 0, 6, 20), ([-2, 0, 1], [1, 1], 1, 7, 25),
                            ([-1, -1, 0, 1], [0, 1], 0, 9, 20), ([-2, 0, 0, 1], [0, 1], 0, 5, 15),
                            ([-2, 0, 1], [1], 0, 4, 10), ([-2, 0, 1], [2], 1, 5, 10)]:
    case(EMB, {"polynomial": fcs, "digits": D, "operation": {"power_sums": {"element": alpha, "embedding": k, "exponent": m}}},
         power_sums(fcs, alpha, k, m, D))

for c in CASES:
    print(json.dumps(c))
