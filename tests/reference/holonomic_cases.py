"""Reference answers of sequence.holonomic.compute from closed forms, not from the recurrences:
Catalan numbers C(2n, n)/(n + 1) (A000108), n! (A000142), central binomials C(2n, n) (A000984),
Motzkin numbers as Σ C(n, 2k) C(k) (A001006), derangements by inclusion–exclusion (A000166),
Apéry's numbers Σ C(n, k)² C(n + k, k)² (A005259), all from SymPy's binomials and factorials;
residuals of those tables against the right recurrence (all zero) and of a table with one entry
changed (non-zero from the first window that holds it).

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import json
from fractions import Fraction

from sympy import binomial, catalan, factorial

CAP = "sequence.holonomic.compute"
CASES = []


def text(x):
    x = Fraction(int(x.p), int(x.q)) if hasattr(x, "p") else Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def residual(polys, a, n):
    value = lambda p, x: sum(Fraction(c) * x ** k for k, c in enumerate(p))
    return sum(value(p, n) * Fraction(a[n + i]) for i, p in enumerate(polys))


def case(name, polys, table, n):
    r = len(polys) - 1
    terms = [text(t) for t in table[: n + 1]]
    CASES.append({"capability": CAP, "input": {"polynomials": polys,
                                                "question": {"evaluate": {"initial": terms[:r], "n": n}}},
                  "expected": {"value": terms[n], "terms": terms}})
    CASES.append({"capability": CAP, "input": {"polynomials": polys, "question": {"residuals": {"terms": terms}}},
                  "expected": {"satisfied": True, "first_violation": None}})
    bad = list(terms)
    k = min(len(bad) - 1, r + 2)
    bad[k] = text(Fraction(bad[k]) + 1)
    res = [residual(polys, bad, m) for m in range(len(bad) - r)]
    first = next(m for m, x in enumerate(res) if x != 0)
    CASES.append({"capability": CAP, "input": {"polynomials": polys, "question": {"residuals": {"terms": bad}}},
                  "expected": {"satisfied": False, "first_violation": first, "residuals": [text(x) for x in res]},
                  "assurance": "COMPUTED"})


N = 30
case("catalan", [[2, 4], [-2, -1]], [catalan(n) for n in range(N + 1)], N)
case("factorial", [[1, 1], [-1]], [factorial(n) for n in range(N + 1)], N)
case("central binomial", [[2, 4], [-1, -1]], [binomial(2 * n, n) for n in range(N + 1)], N)
motzkin = [sum(binomial(n, 2 * k) * catalan(k) for k in range(n // 2 + 1)) for n in range(N + 1)]
# (n + 4) M(n + 2) = (2n + 5) M(n + 1) + 3(n + 1) M(n).
case("motzkin", [[3, 3], [5, 2], [-4, -1]], motzkin, N)
derangements = [sum((-1) ** k * factorial(n) / factorial(k) for k in range(n + 1)) for n in range(N + 1)]
# D(n + 2) = (n + 1)(D(n + 1) + D(n)).
case("derangements", [[1, 1], [1, 1], [-1]], derangements, N)
apery = [sum(binomial(n, k) ** 2 * binomial(n + k, k) ** 2 for k in range(n + 1)) for n in range(16)]
case("apery", [[-1, -3, -3, -1], [117, 231, 153, 34], [-8, -12, -6, -1]], apery, 15)
# A rational-valued one: a(n) = 1/(n + 1), (n + 1) a(n) − (n + 2) a(n + 1) = 0.
case("harmonic reciprocals", [[1, 1], [-2, -1]], [Fraction(1, n + 1) for n in range(N + 1)], N)

for c in CASES:
    print(json.dumps(c))
