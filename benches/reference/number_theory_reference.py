"""Reference timing for `cargo bench --bench number_theory`: SymPy on the bench's own inputs.

Usage: .venv/bin/python benches/reference/number_theory_reference.py < job.json
The job is {"op": "factorint" | "isprime" | "totient", "n": ["<decimal>", ...]}.
Prints "ready" once SymPy is imported and the job read (the bench starts its 60 s limit
there), then one JSON line: {"seconds": <wall time of the loop over n>, "answers": [...],
"sympy": <version>, "ground_types": <"python" or "gmpy">}. Answers are, per n: the
factorization as [["p", "e"], ...] with p increasing; isprime's boolean; the totient as a
decimal string.

sympy.isprime is a BPSW probable-prime test for n >= 2^64 (no BPSW pseudoprime is known, none
is proved not to exist) and produces no certificate; SymPy has no certificate-producing test.
"""
import json
import sys
import time

import sympy
from sympy.external.gmpy import GROUND_TYPES


def factorint(n):
    return [[str(p), str(e)] for p, e in sorted(sympy.factorint(n).items())]


def isprime(n):
    return bool(sympy.isprime(n))


def totient(n):
    return str(sympy.totient(n))


OPS = {"factorint": factorint, "isprime": isprime, "totient": totient}


def main():
    job = json.load(sys.stdin)
    op = OPS[job["op"]]
    numbers = [int(n) for n in job["n"]]
    print("ready", flush=True)
    t = time.perf_counter()
    answers = [op(n) for n in numbers]
    seconds = time.perf_counter() - t
    out = {"seconds": seconds, "answers": answers, "sympy": sympy.__version__, "ground_types": GROUND_TYPES}
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
