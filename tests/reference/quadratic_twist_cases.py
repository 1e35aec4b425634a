"""Reference answers of the quadratic twist of sequence.compute.statistics: χ_D(n) = (D | n) from
SymPy's `kronecker_symbol`, for fundamental and non-fundamental discriminants of both signs, and
the twisted terms χ_D(n)·a(n) of random sequences indexed from 1 or from a given first index. Known
values: χ_{−4} is the non-principal character mod 4 (1, 0, −1, 0, …), χ_5 has period 5 (1, −1, −1,
1, 0).

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import json
import random

from sympy.functions.combinatorial.numbers import kronecker_symbol

CAP = "sequence.compute.statistics"
CASES = []
rng = random.Random(404)

assert [int(kronecker_symbol(-4, n)) for n in range(1, 9)] == [1, 0, -1, 0, 1, 0, -1, 0]
assert [int(kronecker_symbol(5, n)) for n in range(1, 6)] == [1, -1, -1, 1, 0]
for d in [-4, 5, 12, -3, 8, 1, -7, 13, -20, 28, -163, 2 ** 61 + 1 - (2 ** 61 + 1) % 4]:
    first = rng.choice([1, 1, 0, 7])
    terms = [rng.randint(-10 ** 6, 10 ** 6) for _ in range(rng.randint(1, 60))]
    chi = [int(kronecker_symbol(d, first + k)) for k in range(len(terms))]
    inp = {"terms": [str(t) for t in terms], "statistics": ["quadratic_twist"], "discriminant": str(d)}
    if first != 1:
        inp["first_index"] = first
    CASES.append({"capability": CAP, "input": inp,
                  "expected": {"quadratic_twist": {"character": chi,
                                                   "twisted": [str(c * t) for c, t in zip(chi, terms)]}}})

for c in CASES:
    print(json.dumps(c))
