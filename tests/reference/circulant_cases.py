"""Reference answers of matrix.circulant.compute from SymPy, not from a cyclotomic decomposition.

- Circulants: the matrix C_ij = c_(j−i mod n) built here, its rank, nullity and determinant from
  SymPy's exact `rank`, `nullspace` and `det`; each image c(ζ_d) as SymPy's remainder of c(x) by
  `cyclotomic_poly(d)` and its norm as the resultant Res(Φ_d, c mod Φ_d).
- Inclusions Q(ζ_m) → Q(ζ_n): column k is the remainder of x^(k·n/m) by Φ_n.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import json
import random

from sympy import Matrix, Poly, Rational, cyclotomic_poly, rem, resultant, symbols, totient

CAP = "matrix.circulant.compute"
CASES = []
rng = random.Random(4096)
x = symbols("x")


def case(question, expected, assurance=None):
    c = {"capability": CAP, "input": {"question": question}, "expected": {"answer": expected}}
    if assurance:
        c["assurance"] = assurance
    CASES.append(c)


def text(v):
    v = Rational(v)
    return str(v.p) if v.q == 1 else f"{v.p}/{v.q}"


def coefficients(expr, length):
    cs = Poly(expr, x).all_coeffs()[::-1] if expr != 0 else []
    cs = list(cs) + [0] * (length - len(cs))
    return [text(c) for c in cs]


def component(c, d):
    f = sum(Rational(ck) * x**k for k, ck in enumerate(c))
    p = cyclotomic_poly(d, x)
    r = rem(f, p, x)
    phi = int(totient(d))
    return {"order": d, "degree": phi, "reduced": coefficients(r, phi), "zero": r == 0,
            "norm": text(resultant(p, r, x) if r != 0 else 0)}


def circulant_case(c, assurance=None):
    n = len(c)
    m = Matrix(n, n, lambda i, j: Rational(c[(j - i) % n]))
    divisors = [d for d in range(1, n + 1) if n % d == 0]
    case({"circulant": {"first_row": [str(v) for v in c]}},
         {"circulant": {"size": n, "rank": m.rank(), "nullity": len(m.nullspace()), "determinant": text(m.det()),
                        "components": [component(c, d) for d in divisors]}}, assurance)


for k in range(30):
    n = rng.randint(1, 12)
    if k % 3 == 0:
        # Built from a product with a cyclotomic factor so the circulant is singular.
        d = rng.choice([d for d in range(1, n + 1) if n % d == 0])
        f = Poly(cyclotomic_poly(d, x) * sum(rng.randint(-2, 2) * x**i for i in range(3)), x)
        cs = f.all_coeffs()[::-1]
        c = [0] * n
        for i, v in enumerate(cs):
            c[i % n] += int(v)
    elif k % 3 == 1:
        c = [text(Rational(rng.randint(-5, 5), rng.randint(1, 3))) for _ in range(n)]
    else:
        c = [rng.randint(-3, 3) for _ in range(n)]
    circulant_case(c)
circulant_case([1, 1, 0, 0, 1, 1])
circulant_case([0, 0, 0, 0])
circulant_case([1] * 8)

for m, n in [(1, 5), (2, 6), (3, 12), (4, 12), (5, 30), (6, 36), (7, 14), (12, 60), (8, 24)]:
    pn = cyclotomic_poly(n, x)
    phi_m, phi_n = int(totient(m)), int(totient(n))
    cols = [coefficients(rem(x**(k * (n // m)), pn, x), phi_n) for k in range(phi_m)]
    rows = [[cols[j][i] for j in range(phi_m)] for i in range(phi_n)]
    case({"inclusion": {"from": m, "to": n}},
         {"inclusion": {"matrix": {"shape": [phi_n, phi_m], "rows": rows},
                        "from_polynomial": coefficients(cyclotomic_poly(m, x), phi_m + 1),
                        "to_polynomial": coefficients(pn, phi_n + 1)}}, "COMPUTED")
# 1 + 2i in Q(i) ⊂ Q(ζ_12): i = ζ_12³.
case({"inclusion": {"from": 4, "to": 12, "element": [1, 2]}},
     {"inclusion": {"element": {"reduced": ["1", "2"],
                                "image": coefficients(rem(1 + 2 * x**3, cyclotomic_poly(12, x), x), 4)}}}, "COMPUTED")

for k in range(12):
    d = rng.randint(1, 30)
    a = [rng.randint(-3, 3) for _ in range(rng.randint(1, 40))]
    case({"element": {"coefficients": a, "order": d}}, {"element": component(a, d)}, "COMPUTED")

for c in CASES:
    print(json.dumps(c))
