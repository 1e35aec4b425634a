"""Reference answers of homological.koszul.compute from closed forms, not from a Koszul complex.

- Integers x_1, …, x_n with g = gcd ≠ 0: a unimodular change takes x to (g, 0, …, 0), so
  K(x; Z) ≅ K(g; Z) ⊗ Λ(Z^(n−1)) with zero differential and H_p(x; Z) = (Z/g)^C(n−1, p). With
  coefficients Z/m, K(g; Z/m) has H_0 = H_1 = Z/gcd(g, m), so H_p(x; Z/m) = (Z/gcd(g, m))^C(n, p).
  When every x_i is 0, H_p = M^C(n, p). The grade of (x) on M is n − max{p : H_p ≠ 0}.
- Over F_p the complex is exact as soon as one x_i is nonzero mod p.
- Commuting matrices: multiplication by x_1, …, x_n on A = Q[x]/I (a finite-dimensional algebra)
  gives H_p = Tor_p^(Q[x])(Q, A), the graded Betti numbers of A: C(n, p) for a monomial complete
  intersection (x_1^(a_1), …, x_n^(a_n)), and [1, 3, 2] for Q[x, y]/(x², xy, y²). The matrices
  are built here from the monomial basis of A.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json
import math
import random

from sympy import Matrix
from sympy.matrices.normalforms import smith_normal_form
from sympy import ZZ

CAP = "homological.koszul.compute"
CASES = []
rng = random.Random(2718)


def invariant(orders):
    c = list(orders)
    for i in range(len(c)):
        for j in range(i + 1, len(c)):
            g = math.gcd(c[i], c[j])
            c[i], c[j] = g, c[i] * c[j] // g
    return [str(t) for t in c if t != 1]


def module_invariants(rank, relations):
    """Free rank and cyclic orders of Z^rank / (relations), from SymPy's Smith form."""
    if not relations:
        return rank, []
    D = smith_normal_form(Matrix(relations), domain=ZZ)
    diag = [abs(int(D[i, i])) for i in range(min(D.rows, D.cols))]
    nonzero = [d for d in diag if d != 0]
    return rank - len(nonzero), [d for d in nonzero if d != 1]


def integer_homology(xs, rank=1, relations=()):
    n = len(xs)
    g = math.gcd(*xs) if any(xs) else 0
    free, cyclic = module_invariants(rank, list(relations))
    rows = []
    for p in range(n + 1):
        if g == 0:
            betti, torsion = free * math.comb(n, p), [c for c in cyclic for _ in range(math.comb(n, p))]
        else:
            betti = 0
            torsion = [g] * (free * math.comb(n - 1, p)) if p < n else []
            torsion += [math.gcd(g, m) for m in cyclic for _ in range(math.comb(n, p))]
        rows.append({"degree": p, "betti": betti, "torsion": invariant(torsion)})
    return rows


def grade(rows):
    nonzero = [r["degree"] for r in rows if r["betti"] or r["torsion"]]
    n = len(rows) - 1
    return {"exact": not nonzero, "grade": (n - max(nonzero)) if nonzero else None}


def case(inp, expected, assurance=None):
    c = {"capability": CAP, "input": inp, "expected": {"answers": expected}}
    if assurance:
        c["assurance"] = assurance
    CASES.append(c)


# Integer sequences on Z (VERIFY: the Smith forms of the differentials).
for xs in [[2, 4], [6, 10, 15], [0, 0], [4, 6, 0], [12], [3, 1], [0, 5, 0, 10], [9, 12, 6, 3]]:
    rows = integer_homology(xs)
    case({"ring": "Z", "sequence": xs, "questions": ["homology", "exactness"]},
         [{"homology": rows}, {"exactness": grade(rows)}])
for _ in range(6):
    n = rng.randint(1, 4)
    xs = [rng.choice([0, 2, 3, 4, 6, 8, 9, 12]) for _ in range(n)]
    rows = integer_homology(xs)
    case({"ring": "Z", "sequence": xs, "questions": ["homology", "top_homology"]},
         [{"homology": rows}, {"top_homology": {"degree": n, "betti": rows[n]["betti"], "torsion": rows[n]["torsion"]}}])

# Modules with relations (the universal coefficient theorem): Z/m, Z ⊕ Z/m, and a presentation.
for xs, rank, rel in [([2, 4], 1, [[6]]), ([6, 9], 2, [[0, 4]]), ([5], 1, [[3]]), ([0, 0], 1, [[4]]),
                      ([4, 6, 8], 2, [[2, 4], [0, 6]]), ([3], 3, [[1, 1, 0], [0, 3, 3]])]:
    rows = integer_homology(xs, rank, rel)
    case({"ring": "Z", "sequence": xs, "module": {"rank": rank, "relations": rel},
          "questions": ["homology", "exactness"]},
         [{"homology": rows}, {"exactness": grade(rows)}], "COMPUTED")

# Quotients, direct sums and changes of the sequence, against the same closed forms.
case({"ring": "Z", "sequence": [4, 6], "questions": [{"quotient": [[10]]}, {"direct_sum": {"rank": 1, "relations": [[8]]}}]},
     [{"quotient": {"homology": integer_homology([4, 6], 1, [[10]])}},
      {"direct_sum": {"splits": True}}], "COMPUTED")
case({"ring": "Z", "sequence": [1, 0], "questions": [{"linear_change": [[2, 0], [0, 1]]}, {"permute": [2, 1]}]},
     [{"linear_change": {"sequence": ["2", "0"], "homology": integer_homology([2, 0]), "chain_map": True,
                         "determinant": "2", "isomorphism": False}},
      {"permute": {"sequence": ["0", "1"], "homology": integer_homology([0, 1]), "chain_map": True,
                   "isomorphism": True}}])
case({"ring": "Z", "sequence": [6, 4], "questions": [{"linear_change": [[1, -1], [1, -2]]}, "append_zero"]},
     [{"linear_change": {"sequence": ["2", "-2"], "homology": integer_homology([2, -2]), "chain_map": True,
                         "determinant": "-1", "isomorphism": True}},
      {"append_zero": {"homology": integer_homology([6, 4, 0]), "splits": True}}])

# Contractions and the DGA: a unit in the sequence makes K exact with dh + hd = 1.
case({"ring": "Z", "sequence": [5, -1, 3], "questions": [{"contraction": 2}, "dga"]},
     [{"contraction": {"index": 2, "identity_holds": True}},
      {"dga": {"leibniz": True, "graded_commutative": True, "pairs_checked": 64}}], "COMPUTED")
case({"ring": "F_7", "sequence": [0, "3/2"], "questions": [{"contraction": 2}, "homology"]},
     [{"contraction": {"identity_holds": True}},
      {"homology": [{"degree": p, "betti": 0, "torsion": []} for p in range(3)]}], "COMPUTED")
case({"ring": "F_5", "sequence": [5, 10, 0], "questions": ["homology"]},
     [{"homology": [{"degree": p, "betti": math.comb(3, p), "torsion": []} for p in range(4)]}], "COMPUTED")

# A module map Z² → Z³ commutes with the differentials.
case({"ring": "Z", "sequence": [2, 3], "module": {"rank": 2},
      "questions": [{"module_map": {"target": 3, "matrix": [[1, 0], [0, 1], [1, 1]]}}]},
     [{"module_map": {"chain_map": True}}], "COMPUTED")


def multiplication(exponents, extra_zero=()):
    """Matrices of multiplication by each variable on Q[x]/(x_i^(a_i)) (and monomials set to 0)."""
    n = len(exponents)
    basis = [e for e in itertools.product(*[range(a) for a in exponents]) if e not in extra_zero]
    index = {e: i for i, e in enumerate(basis)}
    mats = []
    for v in range(n):
        M = [[0] * len(basis) for _ in basis]
        for e in basis:
            f = list(e)
            f[v] += 1
            f = tuple(f)
            if f in index:
                M[index[f]][index[e]] = 1
        mats.append(M)
    return mats


for exps in [[2, 2], [3], [2, 3], [2, 2, 2]]:
    n = len(exps)
    case({"ring": "Q", "sequence": multiplication(exps), "questions": ["homology"]},
         [{"homology": [{"degree": p, "betti": math.comb(n, p), "torsion": []} for p in range(n + 1)]}], "COMPUTED")
# Q[x, y]/(x², xy, y²): basis 1, x, y; Betti numbers 1, 3, 2.
case({"ring": "Q", "sequence": multiplication([2, 2], extra_zero=[(1, 1)]), "questions": ["homology", "top_homology"]},
     [{"homology": [{"degree": p, "betti": b, "torsion": []} for p, b in enumerate([1, 3, 2])]},
      {"top_homology": {"betti": 2}}], "COMPUTED")
# Over Z the same complete intersection Z[x, y]/(x², y²) is free: Tor over Z[x, y] is Z^C(2, p).
case({"ring": "Z", "sequence": multiplication([2, 2]), "questions": ["homology"]},
     [{"homology": [{"degree": p, "betti": math.comb(2, p), "torsion": []} for p in range(3)]}])

for c in CASES:
    print(json.dumps(c))
