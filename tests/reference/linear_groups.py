"""Reference answers of group.matrix.linear: F_q built here on the modulus the capability
documents (the first monic g of degree k, constant term varying fastest, that is irreducible
with s primitive, found by walking the powers of s), the generators rebuilt by that rule, the
actions computed by plain Python, and every order checked by SymPy's Schreier–Sims
(PermutationGroup.order) on the action on non-zero vectors, which is faithful.

Prints {"capability", "input", "expected"} per line, read by tests/groups.rs.
"""
import itertools
import json
from math import gcd

from sympy.combinatorics import Permutation, PermutationGroup

CASES = []
CAP = "group.matrix.linear"


class Field:
    def __init__(self, p, k):
        self.p, self.k, self.q = p, k, p ** k
        for tail in itertools.product(range(p), repeat=k):
            g = [tail[k - 1 - j] for j in range(k)] + [1]  # the constant term varies fastest
            if g[0] == 0:
                continue
            powers = self.walk(g)
            if powers is not None:
                self.g, self.exp = g, powers
                self.log = {x: i for i, x in enumerate(powers)}
                return
        raise AssertionError("no primitive polynomial")

    def walk(self, g):
        p, k = self.p, self.k
        x, seen, out = [1] + [0] * (k - 1), set(), []
        for _ in range(self.q - 1):
            c = sum(d * p ** i for i, d in enumerate(x))
            if c in seen:
                return None
            seen.add(c)
            out.append(c)
            top = x[-1]
            x = [(-top * g[0]) % p] + [(x[j - 1] - top * g[j]) % p for j in range(1, k)]
        return out if x == [1] + [0] * (k - 1) else None

    def digits(self, a):
        return [(a // self.p ** i) % self.p for i in range(self.k)]

    def add(self, a, b):
        return sum(((x + y) % self.p) * self.p ** i for i, (x, y) in enumerate(zip(self.digits(a), self.digits(b))))

    def mul(self, a, b):
        if a == 0 or b == 0:
            return 0
        return self.exp[(self.log[a] + self.log[b]) % (self.q - 1)]

    def inv(self, a):
        return self.exp[(-self.log[a]) % (self.q - 1)]


def linear(group, n, q, action=None):
    p = next(d for d in range(2, q + 1) if q % d == 0)
    k = next(e for e in range(1, 17) if p ** e == q)
    f = Field(p, k)
    omega = f.exp[1 % len(f.exp)]
    basis = [f.exp[j % len(f.exp)] if j else 1 for j in range(k)]
    ident = lambda: [[int(r == c) for c in range(n)] for r in range(n)]
    gens = []
    for r in range(n - 1):
        for row, col in ((r, r + 1), (r + 1, r)):
            for lam in basis:
                a = ident()
                a[row][col] = lam
                gens.append(a)
    if group == "GL" and q > 2:
        d = ident()
        d[0][0] = omega
        gens.append(d)
    if not gens:
        gens.append(ident())
    order = q ** (n * (n - 1) // 2)
    for i in range(1, n + 1):
        order *= q ** i - 1
    if group == "SL":
        order //= q - 1
    inp = {"group": group, "n": n, "q": q}
    exp = {"p": p, "k": k, "modulus": f.g, "order": str(order), "generators": gens}
    vectors = [list(v) for v in itertools.product(range(q), repeat=n) if any(v)]

    def times(v, a):
        out = []
        for j in range(n):
            acc = 0
            for x, row in zip(v, a):
                acc = f.add(acc, f.mul(x, row[j]))
            out.append(acc)
        return out

    # The action on non-zero vectors is faithful: SymPy's order of it must be the formula's.
    index = {tuple(v): i for i, v in enumerate(vectors)}
    perms = [Permutation([index[tuple(times(v, a))] for v in vectors]) for a in gens]
    assert PermutationGroup(perms).order() == order, (group, n, q)
    if action:
        inp["action"] = action
        if action == "nonzero_vectors":
            points, norm = vectors, lambda w: w
            kernel = 1
        else:
            points = [v for v in vectors if next(c for c in v if c) == 1]

            def norm(w):
                lead = next(c for c in w if c)
                return [f.mul(c, f.inv(lead)) for c in w]
            kernel = q - 1 if group == "GL" else gcd(n, q - 1)
        at = {tuple(v): i + 1 for i, v in enumerate(points)}
        images = [[at[tuple(norm(times(v, a)))] for v in points] for a in gens]
        group_order = PermutationGroup([Permutation([i - 1 for i in im]) for im in images]).order()
        assert group_order == order // kernel, (group, n, q, action)
        exp["action"] = {"degree": len(points), "points": points, "generators": images, "kernel_order": str(kernel),
                         "image_order": str(order // kernel), "orbits": 1}
    CASES.append({"capability": CAP, "input": inp, "expected": exp})


for group, n, q, action in [
    ("GL", 2, 2, "nonzero_vectors"), ("GL", 2, 3, "projective_points"), ("SL", 2, 4, "projective_points"),
    ("SL", 2, 7, "projective_points"), ("GL", 3, 2, "nonzero_vectors"), ("SL", 3, 3, "projective_points"),
    ("GL", 2, 8, None), ("SL", 2, 9, "nonzero_vectors"), ("GL", 3, 4, None), ("GL", 1, 5, "nonzero_vectors"),
    ("SL", 4, 2, "projective_points"), ("GL", 2, 5, "projective_points"), ("SL", 2, 5, "nonzero_vectors"),
    ("GL", 2, 16, None), ("SL", 3, 4, "projective_points"),
]:
    linear(group, n, q, action)

for c in CASES:
    print(json.dumps(c))
