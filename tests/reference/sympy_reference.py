"""SymPy as the independent reference of the number theory and polynomial tests.

Reads one JSON request per line on stdin and prints one JSON answer per line:
  {"op": "factor", "n": "<decimal>"}        -> [[p, e], ...] of |n| (as decimal strings)
  {"op": "isprime", "n": "<decimal>"}       -> true | false
  {"op": "groebner", "variables": [...], "polynomials": [...], "ordering": "lex"|"grevlex"|"deglex",
   "characteristic": 0|p}                   -> the reduced basis, each element divided by its
                                               leading coefficient in that ordering, sorted strings
  {"op": "normalize", ...the same fields}   -> the given polynomials normalized the same way
  {"op": "properties", "n": "<decimal>"}    -> the arithmetic functions of integer.compute.properties
  {"op": "primes", "query": {...}}           -> the answer of integer.compute.primes
  {"op": "divisors", "n": "<decimal>"}      -> every positive divisor, increasing
"""
import json
import sys

import sympy

ORDER = {"lex": "lex", "grevlex": "grevlex", "deglex": "grlex"}

for line in sys.stdin:
    req = json.loads(line)
    op = req["op"]
    if op == "factor":
        n = abs(int(req["n"]))
        out = [[str(p), e] for p, e in sorted(sympy.factorint(n).items())]
    elif op == "isprime":
        out = bool(sympy.isprime(int(req["n"])))
    elif op in ("groebner", "normalize"):
        gens = sympy.symbols(req["variables"])
        polys = [sympy.sympify(p.replace("^", "**"), locals={str(g): g for g in gens}) for p in req["polynomials"]]
        order = ORDER[req["ordering"]]
        mod = {"modulus": req["characteristic"]} if req["characteristic"] else {}
        if op == "groebner":
            polys = sympy.groebner(polys, *gens, order=order, **mod).exprs
        out = []
        for b in polys:
            p = sympy.Poly(b, *gens, **mod)
            out.append(str(sympy.Poly(p * p.LC(order=order) ** -1 if not mod else p.mul_ground(sympy.invert(p.LC(order=order), req["characteristic"])), *gens, **mod).as_expr()))
        out.sort()
    elif op == "properties":
        n = int(req["n"])
        out = {"sign": str((n > 0) - (n < 0)), "absolute_value": str(abs(n)),
               "decimal_digit_count": str(len(str(abs(n)))), "decimal_digit_sum": str(sum(map(int, str(abs(n))))),
               "is_even": n % 2 == 0, "is_odd": n % 2 == 1}
        if n >= 0:
            r = sympy.integer_nthroot(n, 2)
            out.update({"floor_square_root": str(r[0]), "is_square": bool(r[1])})
        if n >= 1:
            f = sympy.factorint(n)
            sigma = sympy.divisor_sigma(n)
            rad = 1
            core = 1
            for p, e in f.items():
                rad *= p
                if e % 2:
                    core *= p
            out.update({
                "divisor_count": str(sympy.divisor_count(n)), "divisor_sum": str(sigma), "aliquot_sum": str(sigma - n),
                "euler_totient": str(sympy.totient(n)), "mobius": str(int(sympy.mobius(n))),
                "distinct_prime_factors": str(len(f)), "prime_factors_with_multiplicity": str(sum(f.values())),
                "radical": str(rad), "squarefree_core": str(core), "is_squarefree": all(e == 1 for e in f.values()),
                "is_powerful": all(e >= 2 for e in f.values()), "is_prime_power": len(f) == 1,
                "is_perfect": bool(sigma == 2 * n), "is_abundant": bool(sigma > 2 * n), "is_deficient": bool(sigma < 2 * n)})
    elif op == "divisors":
        out = [str(d) for d in sympy.divisors(int(req["n"]))]
    elif op == "primes":
        (kind, arg), = req["query"].items()
        if kind == "next":
            out = {"prime": str(sympy.nextprime(int(arg)))}
        elif kind == "previous":
            out = {"prime": str(sympy.prevprime(int(arg)))}
        elif kind == "nth":
            out = {"prime": str(sympy.prime(int(arg)))}
        elif kind == "count_up_to":
            out = {"count": str(sympy.primepi(int(arg)))}
        else:
            out = {"primes": [str(p) for p in sympy.primerange(arg["low"], arg["high"] + 1)]}
    else:
        raise SystemExit(f"unknown op {op}")
    print(json.dumps(out), flush=True)
