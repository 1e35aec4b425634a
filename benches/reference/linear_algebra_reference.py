"""Reference timing for `cargo bench --bench linear_algebra`: SymPy on the bench's own matrices.

Usage: .venv/bin/python benches/reference/linear_algebra_reference.py < job.json
The job is {"op": "det" | "hnf" | "snf" | "lll", "rows": [[int, ...], ...]}. Prints "ready"
once SymPy is imported and the job read (the bench starts its 60 s limit there), then one JSON
line: {"seconds": <wall time of the operation>, "runs": <how many>, "answer": ..., "sympy": <version>,
"ground_types": <"python", "gmpy" or "flint">}. Answers: the determinant as a decimal string;
the Hermite normal form (SymPy's hermite_normal_form, Cohen's column convention, as ours) as rows
of decimal strings; the Smith normal form's diagonal; for LLL, the reduced basis (rows) of
DomainMatrix.lll (delta 3/4), compared by the lattice it spans.

The operation runs on a fresh Matrix up to eleven times while the runs so far took under two
seconds, and the time is their median, as the bench takes ours.
"""
import json
import sys
import time

import sympy
from sympy import Matrix
from sympy.external.gmpy import GROUND_TYPES
from sympy.matrices.normalforms import hermite_normal_form, smith_normal_form
from sympy.polys.matrices import DomainMatrix


def det(M):
    return str(M.det())


def hnf(M):
    H = hermite_normal_form(M)
    return [[str(x) for x in H.row(i)] for i in range(H.rows)]


def snf(M):
    D = smith_normal_form(M, domain=sympy.ZZ)
    return [str(abs(D[i, i])) for i in range(min(D.rows, D.cols))]


def lll(M):
    R = DomainMatrix.from_Matrix(M).convert_to(sympy.ZZ).lll().to_Matrix()
    return [[str(x) for x in R.row(i)] for i in range(R.rows)]


OPS = {"det": det, "hnf": hnf, "snf": snf, "lll": lll}


def main():
    job = json.load(sys.stdin)
    op = OPS[job["op"]]
    M = Matrix(job["rows"])
    print("ready", flush=True)
    times = []
    while len(times) < 11 and sum(times) < 2.0:
        fresh = Matrix(job["rows"]) if times else M
        t = time.perf_counter()
        answer = op(fresh)
        times.append(time.perf_counter() - t)
    seconds = sorted(times)[len(times) // 2]
    out = {
        "seconds": seconds,
        "runs": len(times),
        "answer": answer,
        "sympy": sympy.__version__,
        "ground_types": GROUND_TYPES,
    }
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
