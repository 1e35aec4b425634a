"""SymPy side of benches/discrete.rs: reads one job {"op", "n"} on stdin, prints "ready", then
{"seconds", "answer", "sympy"} with the time of the operation alone.

partitions: [p(0), …, p(n)] by sympy.functions.combinatorial.numbers.partition.
stirling: the rows S(n, 0..n) and c(n, 0..n) (unsigned first kind) by sympy's stirling."""

import json
import sys
import time

import sympy
from sympy.functions.combinatorial.numbers import partition, stirling

job = json.loads(sys.stdin.read())
print("ready", flush=True)
n = job["n"]
t = time.perf_counter()
if job["op"] == "partitions":
    answer = [str(partition(m)) for m in range(n + 1)]
elif job["op"] == "stirling":
    answer = {"second": [str(stirling(n, k, kind=2)) for k in range(n + 1)],
              "first": [str(stirling(n, k, kind=1)) for k in range(n + 1)]}
else:
    raise SystemExit(f"unknown op {job['op']}")
seconds = time.perf_counter() - t
print(json.dumps({"seconds": seconds, "answer": answer, "sympy": sympy.__version__}), flush=True)
