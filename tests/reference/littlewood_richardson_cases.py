"""Reference answers of the Littlewood–Richardson operations of combinatorics.compute.tableaux.

The coefficients c^λ_{μν} come from multiplying Schur polynomials, not from tableaux: s_μ and
s_ν as bialternants det(x_i^(λ_j + n − j)) / det(x_i^(n − j)) in n = ℓ(μ) + ℓ(ν) variables
(SymPy), and the product expanded back into Schur polynomials by peeling off its
lexicographically leading monomial, whose exponent is a partition. Known values: c^(3,2,1)_(2,1),(2,1)
= 2, and Pieri's rule (ν a single row) gives 0 or 1. The checks use the two LR tableaux of
(3,2,1)/(2,1) with content (2,1) and fillings failing each condition.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json

from sympy import Matrix, Poly, cancel, expand, symbols

CAP = "combinatorics.compute.tableaux"
CASES = []


def schur(shape, xs):
    n = len(xs)
    lam = list(shape) + [0] * (n - len(shape))
    num = Matrix(n, n, lambda i, j: xs[i] ** (lam[j] + n - 1 - j)).det()
    den = Matrix(n, n, lambda i, j: xs[i] ** (n - 1 - j)).det()
    return expand(cancel(num / den))


def product_in_schur(mu, nu):
    n = len(mu) + len(nu)
    xs = symbols(f"x0:{n}")
    p = Poly(expand(schur(mu, xs) * schur(nu, xs)), *xs)
    coefficients = {}
    while not p.is_zero:
        lead, c = max(p.terms(), key=lambda t: t[0])
        lam = tuple(e for e in lead if e > 0)
        coefficients[lam] = int(c)
        p = p - Poly(c * schur(lam, xs), *xs)
    return coefficients


def partitions(n, most=None):
    most = n if most is None else most
    if n == 0:
        yield ()
        return
    for first in range(min(n, most), 0, -1):
        for rest in partitions(n - first, first):
            yield (first,) + rest


for mu, nu in [((2, 1), (2, 1)), ((2,), (2,)), ((1, 1), (2, 1)), ((3,), (1, 1)), ((2, 1), (1,)),
               ((2, 2), (2, 1)), ((3, 1), (2,)), ((2, 1), (3,))]:
    coeffs = product_in_schur(mu, nu)
    size = sum(mu) + sum(nu)
    for lam in partitions(size):
        if len(lam) < len(mu) or any(m > l for m, l in zip(mu, lam)):
            continue
        CASES.append({"capability": CAP,
                      "input": {"operation": {"littlewood_richardson": {"outer": list(lam), "inner": list(mu),
                                                                         "content": list(nu)}}},
                      "expected": {"littlewood_richardson": {"coefficient": coeffs.get(lam, 0)}},
                      "assurance": "COMPUTED"})


def check(filling, want, reason=None):
    expected = {"littlewood_richardson": want}
    if reason:
        expected["reason"] = reason
    CASES.append({"capability": CAP,
                  "input": {"operation": {"littlewood_richardson_check": {"outer": [3, 2, 1], "inner": [2, 1],
                                                                          "filling": filling}}},
                  "expected": {"check": expected}, "assurance": "COMPUTED"})


check([[1], [1], [2]], True)
check([[1], [2], [1]], True)
check([[2], [1], [1]], False, "the reverse reading word is not a lattice word")
check([[0], [1], [1]], False, "entries are positive")
check([[1, 1], [2], [1]], False, "the rows do not have the lengths of λ/μ")
check([[1], [1], [10 ** 18]], False, "the reverse reading word is not a lattice word")  # no table of 10^18 counts
CASES.append({"capability": CAP,
              "input": {"operation": {"littlewood_richardson_check": {"outer": [2, 2], "inner": [1],
                                                                      "filling": [[1], [1, 1]]}}},
              "expected": {"check": {"littlewood_richardson": False, "reason": "columns strictly increase"}},
              "assurance": "COMPUTED"})

for c in CASES:
    print(json.dumps(c))
