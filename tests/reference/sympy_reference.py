"""SymPy as the independent reference of the number theory and polynomial tests.

Reads one JSON request per line on stdin and prints one JSON answer per line:
  {"op": "factor", "n": "<decimal>"}        -> [[p, e], ...] of |n| (as decimal strings)
  {"op": "isprime", "n": "<decimal>"}       -> true | false
  {"op": "groebner", "variables": [...], "polynomials": [...], "ordering": "lex"|"grevlex"|"deglex",
   "characteristic": 0|p}                   -> the reduced basis, each element divided by its
                                               leading coefficient in that ordering, sorted strings
  {"op": "normalize", ...the same fields}   -> the given polynomials normalized the same way
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
    else:
        raise SystemExit(f"unknown op {op}")
    print(json.dumps(out), flush=True)
