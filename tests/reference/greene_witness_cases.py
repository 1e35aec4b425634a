"""Reference answers of greene_witnesses in word.compute.properties by brute force over every set
of positions of a short word: the largest one that k weakly increasing (or strictly decreasing)
subsequences can cover, a set needing as many as its largest antichain (Dilworth), for each k.
By Greene's theorem these are the partial sums of the RSK shape and of its conjugate, which the
capability also checks; the subsequences themselves are checked in tests/discrete.rs.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json
import random

CAP = "word.compute.properties"
CASES = []
rng = random.Random(1961)


def totals(word, ok):
    """For each k, the largest set of positions that k chains cover: by Dilworth, a set needs as
    many chains as its largest antichain (pairs i < j with ok(w_i, w_j) are comparable)."""
    n = len(word)
    comparable = lambda i, j: ok(word[min(i, j)], word[max(i, j)])
    width = {}
    for mask in range(1 << n):
        members = [i for i in range(n) if mask >> i & 1]
        width[mask] = max((len(a) for r in range(len(members) + 1) for a in itertools.combinations(members, r)
                           if all(not comparable(i, j) for i, j in itertools.combinations(a, 2))), default=0)
    out = []
    for k in range(1, n + 1):
        t = max(bin(m).count("1") for m in width if width[m] <= k)
        if out and t == out[-1]:
            break
        out.append(t)
        if t == n:
            break
    return out


for word in [[3, 1, 4, 1, 5, 9, 2, 6], [1, 2, 3, 4], [4, 3, 2, 1], [2, 2, 1, 1, 3]] + \
        [[rng.randint(1, 4) for _ in range(rng.randint(3, 8))] for _ in range(6)]:
    inc = totals(word, lambda a, b: a <= b)
    dec = totals(word, lambda a, b: a > b)
    CASES.append({"capability": CAP, "input": {"word": word, "properties": ["greene_witnesses"]},
                  "expected": {"greene_witnesses": {
                      "increasing": [{"k": k + 1, "total": t} for k, t in enumerate(inc)],
                      "decreasing": [{"k": k + 1, "total": t} for k, t in enumerate(dec)]}}})

for c in CASES:
    print(json.dumps(c))
