"""Reference timing for `cargo bench --bench polynomials`: SymPy on the bench's own inputs.

Usage: .venv/bin/python benches/reference/polynomial_reference.py < job.json
The job is {"op": "factor" | "gcd" | "groebner", "variables": [...], "polynomials": [text, ...]}.
Prints "ready" once SymPy is imported and the polynomials parsed (the bench starts its 60 s
limit there), then one JSON line {"seconds": <wall time of the operation>, "answer": ...,
"sympy": <version>}. Answers are printed in Jacobian's canonical text: factor gives sorted
[[factor, multiplicity], ...] with primitive factors of positive leading coefficient; gcd the
monic gcd; groebner the reduced grevlex basis, each element monic, sorted.
"""
import json
import sys
import time

import sympy
from sympy import Poly, QQ, Rational


def q(c):
    c = Rational(c)
    return str(c.p) if c.q == 1 else f"{c.p}/{c.q}"


def pr(expr, gens):
    poly = Poly(expr, *gens, domain=QQ)
    terms = sorted(((m, Rational(c)) for m, c in poly.terms() if c != 0), key=lambda t: (-sum(t[0]), tuple(-e for e in t[0])))
    out = ""
    for k, (m, c) in enumerate(terms):
        out += ("-" if c < 0 else "") if k == 0 else (" - " if c < 0 else " + ")
        factors = [str(g) if e == 1 else f"{g}^{e}" for g, e in zip(gens, m) if e > 0]
        if abs(c) != 1 or not factors:
            out += q(abs(c)) + ("*" if factors else "")
        out += "*".join(factors)
    return out or "0"


def main():
    job = json.load(sys.stdin)
    gens = sympy.symbols(job["variables"])
    local = {str(g): g for g in gens}
    polys = [sympy.sympify(p.replace("^", "**"), locals=local) for p in job["polynomials"]]
    print("ready", flush=True)
    t = time.perf_counter()
    if job["op"] == "factor":
        _, fs = sympy.factor_list(polys[0], *gens)
        result = fs
    elif job["op"] == "gcd":
        result = sympy.gcd(Poly(polys[0], *gens, domain=QQ), Poly(polys[1], *gens, domain=QQ))
    else:
        result = sympy.groebner(polys, *gens, order="grevlex")
    seconds = time.perf_counter() - t
    if job["op"] == "factor":
        answer = []
        for f, e in result:
            f = f.as_expr() if hasattr(f, "as_expr") else f
            text = pr(f, gens)
            if text.startswith("-"):
                text = pr(-f, gens)
            answer.append([text, int(e)])
        answer.sort()
    elif job["op"] == "gcd":
        answer = pr(result.monic().as_expr(), gens)
    else:
        answer = sorted(pr(g / Poly(g, *gens).LC(order="grevlex"), gens) for g in result.exprs)
    print(json.dumps({"seconds": seconds, "answer": answer, "sympy": sympy.__version__}), flush=True)


if __name__ == "__main__":
    main()
