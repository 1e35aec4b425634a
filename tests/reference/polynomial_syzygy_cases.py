"""Reference answers of polynomial.gradient.syzygies, computed independently with SymPy and small
Python: for f in n variables over Q or F_p, the slice at degree d is the linear map sending a tuple
(a_1, ..., a_n) of polynomials of total degree <= d to sum a_i * df/dx_i. Its unknowns are the
pairs (i, m), m a monomial of total degree <= d (n * C(n + d, n) of them), its equations the
distinct monomials occurring with a nonzero coefficient in some product m * df/dx_i (over F_p the
derivatives are reduced mod p first), and the syzygies of degree <= d are the kernel: unknowns -
rank. Ranks are taken over QQ with SymPy's DomainMatrix (the exact fraction-free engine behind
Matrix.rank), and over GF(p) with a plain Gaussian elimination mod p written here.

The minimum degree is the least d with a nonzero syzygy; for n >= 2 the Koszul syzygy
(df/dx_2, -df/dx_1, 0, ...) bounds it by deg f - 1 (or 0 when a derivative vanishes), so the
search ends; in one variable there is none at all when f' != 0: null, with every slice through
deg f - 1 injective.

Monomials and the unknowns/equations are listed in Jacobian's canonical order (total degree
descending, then exponent vectors lexicographically descending, as `pr` sorts terms); matrix
entries are [row, col, coefficient text] sorted by (row, col), 0-based, coefficients over F_p in
[0, p).

Prints one JSON object per line: {"capability": id, "input": {...}, "expected": {...}}. Fixed seed.
"""
import itertools
import json
import random
import warnings
from math import comb

import sympy
from sympy import Poly, QQ, Rational, symbols
from sympy.polys.matrices import DomainMatrix

warnings.simplefilter("ignore")
rng = random.Random(20261218)
ID = "polynomial.gradient.syzygies"
SYSTEM_LIMIT = 30


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


def order_key(e):
    """Canonical monomial order: total degree descending, then exponents lex descending."""
    return (-sum(e), tuple(-a for a in e))


def monomials_upto(n, d):
    ms = [e for e in itertools.product(range(d + 1), repeat=n) if sum(e) <= d]
    ms.sort(key=order_key)
    assert len(ms) == comb(n + d, n)
    return ms


def mono_text(e, gens):
    return pr(sympy.Mul(*[g ** a for g, a in zip(gens, e)]), gens)


def reduce_coeff(c, p):
    c = Rational(c)
    if p:
        return Rational(int(c.p * pow(int(c.q), -1, p)) % p)
    return c


def gradient_terms(f, gens, p):
    """For each variable, the dict exponent -> coefficient of df/dx_i (mod p), zeros dropped."""
    out = []
    for g in gens:
        d = Poly(sympy.diff(f, g), *gens, domain=QQ)
        terms = {}
        for e, c in d.terms():
            c = reduce_coeff(c, p)
            if c != 0:
                terms[e] = c
        out.append(terms)
    return out


def rank_mod_p(rows, ncols, p):
    """Rank over GF(p) of a dense list of integer rows."""
    m = [[int(v) % p for v in r] for r in rows]
    rank, col = 0, 0
    nrows = len(m)
    while rank < nrows and col < ncols:
        piv = next((r for r in range(rank, nrows) if m[r][col]), None)
        if piv is None:
            col += 1
            continue
        m[rank], m[piv] = m[piv], m[rank]
        inv = pow(m[rank][col], -1, p)
        m[rank] = [(v * inv) % p for v in m[rank]]
        for r in range(nrows):
            if r != rank and m[r][col]:
                k = m[r][col]
                m[r] = [(a - k * b) % p for a, b in zip(m[r], m[rank])]
        rank += 1
        col += 1
    return rank


def slice_at(f, gens, p, d):
    n = len(gens)
    grad = gradient_terms(f, gens, p)
    ms = monomials_upto(n, d)
    cols = [(i, m) for i in range(n) for m in ms]
    entries = {}
    rowset = set()
    for ci, (i, m) in enumerate(cols):
        for e, c in grad[i].items():
            r = tuple(a + b for a, b in zip(m, e))
            rowset.add(r)
            entries[(r, ci)] = c
    rows = sorted(rowset, key=order_key)
    rindex = {r: k for k, r in enumerate(rows)}
    U, E = len(cols), len(rows)
    if E == 0:
        rank = 0
    elif p:
        dense = [[0] * U for _ in range(E)]
        for (r, ci), c in entries.items():
            dense[rindex[r]][ci] = int(c)
        rank = rank_mod_p(dense, U, p)
    else:
        dense = [[QQ(0)] * U for _ in range(E)]
        for (r, ci), c in entries.items():
            dense[rindex[r]][ci] = QQ(int(c.p), int(c.q))
        rank = DomainMatrix(dense, (E, U), QQ).rank()
    info = {"degree": d, "unknowns": U, "equations": E, "rank": rank, "syzygies": U - rank}
    system = {
        "unknowns": [{"entry": i, "monomial": mono_text(m, gens)} for i, m in cols],
        "equations": [mono_text(r, gens) for r in rows],
        "entries": sorted([[rindex[r], ci, q(c)] for (r, ci), c in entries.items()]),
    }
    return info, system


def dom(p):
    return f"F_{p}" if p else "Q"


def case(inp, expected, assurance=None):
    c = {"capability": ID, "input": inp, "expected": expected}
    if assurance:
        c["assurance"] = assurance
    print(json.dumps(c))


def minimum_degree_case(f, gens, p=0):
    n = len(gens)
    inp = {"variables": [str(g) for g in gens], "domain": dom(p), "polynomial": txt(f), "operation": "minimum_degree"}
    grad = gradient_terms(f, gens, p)
    total = Poly(f, *gens).total_degree()
    bound = max(total - 1, 0)
    if n == 1 and grad[0]:
        # One variable with f' != 0: a * f' = 0 forces a = 0 at every degree; the search runs
        # through deg f - 1 and every slice is injective.
        slices = [slice_at(f, gens, p, d)[0] for d in range(bound + 1)]
        assert all(s["syzygies"] == 0 for s in slices)
        case(inp, {"minimum_degree": None, "searched_through": bound, "slices": slices})
        return
    slices = []
    for d in range(bound + 1):
        info, _ = slice_at(f, gens, p, d)
        assert info["unknowns"] <= 300
        slices.append(info)
        if info["syzygies"] > 0:
            case(inp, {"minimum_degree": d, "slices": slices})
            return
    raise AssertionError(f"no syzygy up to the Koszul bound for {f}")


def slice_case(f, gens, d, p=0):
    inp = {"variables": [str(g) for g in gens], "domain": dom(p), "polynomial": txt(f), "operation": "slice", "degree": d}
    info, system = slice_at(f, gens, p, d)
    assert info["unknowns"] <= 300
    expected = {"slices": [info]}
    if info["unknowns"] <= SYSTEM_LIMIT:
        expected["system"] = system
    # A slice's rank is computed, not certified: only the least degree carries a certificate.
    case(inp, expected, "COMPUTED")


x, y, z, w = symbols("x y z w")


def rand_sparse(gens, terms, deg):
    f = 0
    while Poly(f, *gens).total_degree() < 2 if f != 0 else True:
        f = 0
        for _ in range(terms):
            e = [0] * len(gens)
            for _ in range(rng.randint(1, deg)):
                e[rng.randrange(len(gens))] += 1
            f += (rng.randint(-4, 4) or 1) * sympy.Mul(*[g ** a for g, a in zip(gens, e)])
        f = sympy.expand(f)
    return f


# Over Q: the Fermat cubic (only Koszul syzygies: degree 2), x*y*z (x*yz - y*xz: degree 1),
# x^2*y + y^3 (coprime partials: the Koszul syzygy, degree 2), (x+y)^4 (gradient along (1,1):
# degree 0), a quartic, x*y - z*w (degree 1), random sparse non-homogeneous ones.
minimum_degree_case(x ** 3 + y ** 3 + z ** 3, [x, y, z])
minimum_degree_case(x * y * z, [x, y, z])
minimum_degree_case(x ** 2 * y + y ** 3, [x, y])
minimum_degree_case((x + y) ** 4, [x, y])
minimum_degree_case(x ** 4 + y ** 4 + z ** 4 - x * y * z ** 2, [x, y, z])
minimum_degree_case(x * y - z * w, [x, y, z, w])
minimum_degree_case(x ** 2 * y ** 2 + 3 * x ** 3 - y + Rational(1, 2) * x * y, [x, y])
minimum_degree_case(rand_sparse([x, y], 4, 6), [x, y])
minimum_degree_case(rand_sparse([x, y, z], 4, 4), [x, y, z])
# One variable: x^3 - x has no syzygy at all; a constant has every tuple as a syzygy.
minimum_degree_case(x ** 3 - x, [x])
minimum_degree_case(sympy.Integer(7), [x, y])
# Over F_p: x^5 + y^2 mod 5 (d/dx vanishes: degree 0), x^5 mod 5 in one variable (degree 0),
# x^3 + y^3 + x*y mod 3 (gradient (y, x): degree 1), x^2*y + x*y^2 + z^3 mod 2 (gradient
# (y^2, x^2, z^2): a regular sequence, only Koszul syzygies, degree 2), random ones mod 7.
minimum_degree_case(x ** 5 + y ** 2, [x, y], 5)
minimum_degree_case(x ** 5, [x], 5)
minimum_degree_case(x ** 3 + y ** 3 + x * y, [x, y], 3)
minimum_degree_case(x ** 2 * y + x * y ** 2 + z ** 3, [x, y, z], 2)
minimum_degree_case(rand_sparse([x, y, z], 4, 5), [x, y, z], 7)
minimum_degree_case(x ** 7 * y + 3 * x * y ** 2 - z ** 2, [x, y, z], 7)

# Slices with their systems (small) and without (larger).
slice_case(x * y * z, [x, y, z], 1)
slice_case(x ** 2 * y + y ** 3, [x, y], 1)
slice_case(x ** 3 + y ** 3 + x * y, [x, y], 1, 3)
slice_case(x ** 5 + y ** 2, [x, y], 1, 5)
slice_case(Rational(1, 2) * x ** 2 - Rational(2, 3) * y ** 3 + x * y, [x, y], 2)
slice_case(x ** 4 + y ** 4 + z ** 4 - x * y * z ** 2, [x, y, z], 4)
slice_case(x * y - z * w + x ** 3 * w, [x, y, z, w], 3)
slice_case(rand_sparse([x, y, z], 5, 6), [x, y, z], 5)
slice_case(x ** 3 + y ** 3 + z ** 3 + x * y * z, [x, y, z], 4, 3)
