"""Reference answers of the affine-form capabilities (prime and squarefree k-tuples), by brute
force: ν(p) and ν(p²) by trying every residue, local factors and their product with exact
fractions, admissibility by trying every prime up to 100, wheels by gcds over every residue of
the primorial, interval counts with SymPy's isprime and factorint.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import json
import math
import random
from fractions import Fraction

import sympy

rng = random.Random(8128)
CASES = []


def case(capability, inp, expected):
    CASES.append({"capability": capability, "input": inp, "expected": expected})


def nu(forms, q):
    return sum(1 for n in range(q) if any((a * n + b) % q == 0 for a, b in forms))


def floor_dec(x, digits=30):
    v = math.floor(x * 10 ** digits)
    s = str(v).rjust(digits + 1, "0")
    return s[:-digits] + "." + s[-digits:]


def ceil_dec(x, digits=30):
    v = -math.floor(-x * 10 ** digits)
    s = str(v).rjust(digits + 1, "0")
    return s[:-digits] + "." + s[-digits:]


def local_case(forms, condition, bound, shift=0, wheel=False, members=()):
    k = len(forms)
    shifted = [[a, b + a * shift] for a, b in forms]
    local, prod = [], Fraction(1)
    for p in sympy.primerange(2, bound + 1):
        q = p if condition == "prime" else p * p
        v = nu(shifted, q)
        f = Fraction(q - v, q) * (Fraction(p, p - 1) ** k if condition == "prime" else 1)
        prod *= f
        local.append({"prime": p, "vanishing_residues": v, "factor": str(f)})
    obstruction = None
    for p in sympy.primerange(2, 101):
        q = p if condition == "prime" else p * p
        if nu(shifted, q) == q:
            obstruction = p
            break
    expected = {
        "forms": [[str(a), str(b)] for a, b in shifted],
        "admissible": obstruction is None,
        "obstruction": obstruction,
        "local": local,
        "euler_product": str(prod),
        "euler_product_bounds": [floor_dec(prod), ceil_dec(prod)],
    }
    if condition == "squarefree" and bound > k:
        expected["enclosure"] = [floor_dec(prod * Fraction(bound - k, bound)), ceil_dec(prod)]
    inp = {"forms": forms, "condition": condition, "prime_bound": bound}
    if shift:
        inp["shift"] = shift
    if wheel:
        inp["wheel"] = True
        w = math.prod(sympy.primerange(2, bound + 1))
        on = [n for n in range(w) if all(math.gcd(a * n + b, w) == 1 for a, b in shifted)]
        expected["wheel"] = {"modulus": w, "count": len(on), "residues": on,
                             "members": [math.gcd(math.prod(a * m + b for a, b in shifted), w) == 1 for m in members]}
        if members:
            inp["members"] = list(members)
    case("number_theory.affine_forms.local", inp, expected)


def squarefree(v):
    return v != 0 and all(e < 2 for e in sympy.factorint(abs(v)).values())


def interval_case(forms, condition, low, high, modulus=None):
    good = []
    for n in range(low, high + 1):
        vals = [a * n + b for a, b in forms]
        if condition == "prime":
            ok = all(v >= 2 and sympy.isprime(v) for v in vals)
        else:
            ok = all(squarefree(v) for v in vals)
        if ok:
            good.append(n)
    inp = {"forms": forms, "condition": condition, "low": low, "high": high, "list": True}
    expected = {"count": len(good), "values": good}
    if modulus:
        inp["modulus"] = modulus
        expected["residue_counts"] = [sum(1 for n in good if n % modulus == r) for r in range(modulus)]
    case("number_theory.affine_forms.interval", inp, expected)


# Classical systems.
local_case([[1, 0], [1, 2]], "prime", 13, wheel=True, members=[11, 17, 29, 41, 7, 0])
local_case([[1, 0], [1, 2], [1, 6]], "prime", 11, wheel=True, members=[5, 11, 17, 41])
local_case([[1, 0], [1, 2], [1, 4]], "prime", 7)  # inadmissible at 3
local_case([[1, 0], [2, 1]], "prime", 50)  # Sophie Germain
local_case([[1, 0], [1, 2]], "prime", 30, shift=5)
local_case([[6, 6], [1, 1]], "prime", 20)  # 6n + 6 is never prime: obstructed at 2
local_case([[1, 0], [1, 1]], "squarefree", 100)
local_case([[1, 0], [1, 1], [1, 2], [1, 3]], "squarefree", 60)  # inadmissible at 2
local_case([[4, 8], [1, 3]], "squarefree", 40)  # 4n + 8 always divisible by 4
local_case([[9, 3], [2, 1]], "squarefree", 30, shift=-2)
for _ in range(8):
    k = rng.randint(1, 4)
    forms = [[rng.randint(1, 30), rng.randint(-50, 50)] for _ in range(k)]
    local_case(forms, rng.choice(["prime", "squarefree"]), rng.choice([3, 7, 23, 50]))

interval_case([[1, 0], [1, 2]], "prime", 0, 2000, modulus=6)
interval_case([[1, 0], [2, 1]], "prime", 0, 3000, modulus=10)
interval_case([[1, 0], [1, 2], [1, 6]], "prime", 1000, 5000)
interval_case([[1, 0], [1, 4], [1, 6], [1, 10]], "prime", 0, 5000, modulus=30)
interval_case([[6, 1], [6, -1]], "prime", 0, 1000)
interval_case([[1, 0], [1, 1]], "squarefree", 0, 1000, modulus=4)
interval_case([[1, 0], [1, 1], [1, 2]], "squarefree", 5000, 7000)
interval_case([[3, -7], [5, 2]], "squarefree", 0, 1500, modulus=9)
interval_case([[1, 1000000007]], "prime", 0, 300)
for _ in range(6):
    k = rng.randint(1, 3)
    forms = [[rng.randint(1, 20), rng.randint(-20, 20)] for _ in range(k)]
    low = rng.randint(0, 10 ** 6)
    interval_case(forms, rng.choice(["prime", "squarefree"]), low, low + rng.randint(0, 800), modulus=rng.choice([None, 7]))

for c in CASES:
    print(json.dumps(c))
