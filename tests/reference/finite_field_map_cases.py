"""Reference answers of finite_field.compute.polynomial_map, by brute force over F_p^n with
SymPy reading the polynomials and differentiating them.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py. Values,
fibers, collisions, cycles and tails of self-maps, determinant zeros and projective zeros come
from evaluating every point with Python integers; the Jacobian entries are SymPy's derivatives
reduced mod p, printed in Jacobian's canonical order (total degree, then exponents, descending).
"""
import itertools
import json
import random
from collections import Counter

import sympy
from sympy.polys.matrices import DomainMatrix

rng = random.Random(4099)
CASES = []


def case(inp, expected):
    CASES.append({"capability": "finite_field.compute.polynomial_map", "input": inp, "expected": expected})


def terms(expr, xs, p):
    poly = sympy.Poly(sympy.expand(expr), *xs)
    out = {}
    for mono, c in poly.terms():
        c = int(c) % p
        if c:
            out[tuple(mono)] = c
    return out


def value(t, x, p):
    total = 0
    for mono, c in t.items():
        v = c
        for e, xi in zip(mono, x):
            v = v * pow(xi, e, p) % p
        total = (total + v) % p
    return total


def show(t, names):
    if not t:
        return "0"
    order = sorted(t, key=lambda m: (sum(m), m), reverse=True)
    parts = []
    for m in order:
        factors = [n if e == 1 else f"{n}^{e}" for e, n in zip(m, names) if e]
        c = t[m]
        text = "*".join(factors)
        if c != 1 or not factors:
            text = str(c) + ("*" + text if factors else "")
        parts.append(text)
    return " + ".join(parts)


def points(p, n):
    return [list(x) for x in itertools.product(range(p), repeat=n)]


def run(p, names, polys, op):
    xs = tuple(sympy.symbols(names))
    ts = [terms(sympy.sympify(f.replace("^", "**"), locals=dict(zip(names, xs))), xs, p) for f in polys]
    F = lambda x: [value(t, x, p) for t in ts]
    n, m = len(names), len(polys)
    inp = {"p": p, "variables": names, "polynomials": polys, "operation": op}
    name = op if isinstance(op, str) else next(iter(op))
    if name == "evaluate":
        case(inp, {"values": [F(x) for x in op["evaluate"]["points"]]})
    elif name == "table":
        case(inp, {"values": [F(x) for x in points(p, n)]})
    elif name in ("fibers", "collisions"):
        images = Counter(tuple(F(x)) for x in points(p, n))
        if name == "fibers":
            sizes = Counter(images.values())
            missing = p ** m - len(images)
            if missing:
                sizes[0] = missing
            exp = {"image_size": len(images), "fiber_sizes": [{"size": s, "count": sizes[s]} for s in sorted(sizes)]}
            v = op["fibers"].get("value")
            if v is not None:
                exp["fiber"] = [x for x in points(p, n) if F(x) == v]
            case(inp, exp)
        else:
            pairs = sum(s * (s - 1) // 2 for s in images.values())
            first, collision = {}, None
            for x in points(p, n):
                y = tuple(F(x))
                if y in first and collision is None:
                    collision = [first[y], x]
                first.setdefault(y, x)
            case(inp, {"image_size": len(images), "injective": pairs == 0, "permutation": pairs == 0 and m == n,
                       "colliding_pairs": pairs, "collision": collision})
    elif name == "dynamics":
        pts = [tuple(x) for x in points(p, n)]
        nxt = {x: tuple(F(list(x))) for x in pts}
        periodic = set()
        for x in pts:
            # x is periodic when iterating returns to it within |F_p^n| steps.
            y = nxt[x]
            for _ in range(len(pts)):
                if y == x:
                    periodic.add(x)
                    break
                y = nxt[y]
        cycles, seen = Counter(), set()
        for x in sorted(periodic):
            if x in seen:
                continue
            length, y = 0, x
            while True:
                seen.add(y)
                length += 1
                y = nxt[y]
                if y == x:
                    break
            cycles[length] += 1
        tails = Counter()
        for x in pts:
            k, y = 0, x
            while y not in periodic:
                y = nxt[y]
                k += 1
            tails[k] += 1
        case(inp, {"cycles": [{"size": s, "count": cycles[s]} for s in sorted(cycles)], "periodic_points": len(periodic),
                   "tails": [{"size": s, "count": tails[s]} for s in sorted(tails)]})
    elif name == "jacobian":
        exprs = [sympy.sympify(f.replace("^", "**"), locals=dict(zip(names, xs))) for f in polys]
        jac = sympy.Matrix([[sympy.diff(e, x) for x in xs] for e in exprs])
        exp = {"jacobian": [[show(terms(e, xs, p), names) for e in row] for row in jac.tolist()]}
        if m == n:
            det = terms(jac.det(), xs, p)
            exp["determinant"] = show(det, names)
            exp["determinant_zeros"] = sum(1 for x in points(p, n) if value(det, x, p) == 0)
        case(inp, exp)
    elif name == "projective_zeros":
        reps = []
        for x in points(p, n):
            nz = [c for c in x if c]
            if nz and nz[0] == 1 and all(value(t, x, p) == 0 for t in ts):
                reps.append(x)
        case(inp, {"zero_count": len(reps), "zeros": reps})
    elif name == "directions":
        rows, ranks, uniformity = [], Counter(), 0
        for d in points(p, n)[1:]:
            delta = Counter(tuple((a - b) % p for a, b in zip(F([(x + e) % p for x, e in zip(x, d)]), F(x)))
                            for x in points(p, n))
            rank = affine_rank(list(delta), p)
            ranks[rank] += 1
            uniformity = max(uniformity, max(delta.values()))
            rows.append({"direction": d, "image_size": len(delta), "rank": rank, "largest_fiber": max(delta.values())})
        case(inp, {"directions": rows, "rank_counts": [{"size": r, "count": ranks[r]} for r in sorted(ranks)],
                   "differential_uniformity": uniformity})


def affine_rank(vectors, p):
    """The dimension of the affine span of `vectors` over F_p: SymPy's rank over GF(p) of the differences."""
    if len(vectors) < 2:
        return 0
    rows = [[sympy.GF(p)((a - b) % p) for a, b in zip(v, vectors[0])] for v in vectors[1:]]
    return DomainMatrix(rows, (len(rows), len(rows[0])), sympy.GF(p)).rank()


# Fixed cases: a permutation, a non-permutation, dynamics of x² + c, the Jacobian conjecture's map.
run(7, ["x", "y"], ["x + y^2", "y"], "collisions")
run(7, ["x", "y"], ["x^3 + 2*x*y + 5", "y^2 - x"], "collisions")
run(11, ["x"], ["x^3"], "collisions")  # 3 ∤ 10: a permutation
run(13, ["x"], ["x^3"], "collisions")  # 3 | 12: not
run(101, ["x"], ["x^2 + 1"], "dynamics")
run(5, ["x", "y"], ["x + y^2", "y + x^3"], "dynamics")
run(7, ["x", "y"], ["x + (x + y)^3", "y - (x + y)^3"], "jacobian")
run(5, ["x", "y", "z"], ["x*y*z", "x + y + z", "x^2 - y^2"], "jacobian")
run(3, ["x", "y"], ["x^2*y"], "jacobian")
run(7, ["x", "y", "z"], ["x^2 + y^2 - z^2"], "projective_zeros")
run(5, ["x", "y", "z"], ["x^2 + y^2 + z^2", "x*y - z^2"], "projective_zeros")
run(13, ["x", "y"], ["0"], "projective_zeros")  # the projective line P^1(F_13)
run(7, ["x", "y"], ["x^2 + y", "x*y"], {"fibers": {"value": [0, 0]}})
run(5, ["x", "y", "z"], ["x + y*z"], {"fibers": {"value": [3]}})
run(3, ["x", "y"], ["x*y + 1", "x - y"], "table")
run(97, ["x", "y"], ["x^5 + 3*y", "x*y^2"], {"evaluate": {"points": [[0, 0], [1, 2], [96, 50], [13, 13]]}})
# The direction ledger: quadratic maps (each derivative affine, its rank that of the linear part), x^3
# over F_7 (every derivative quadratic, so differential uniformity 2), cubic maps over F_2 and F_11.
run(5, ["x", "y"], ["x*y", "x^2 + y"], "directions")
run(7, ["x"], ["x^3"], "directions")
run(3, ["x", "y", "z"], ["x*y + z^2", "y*z", "x + x*z"], "directions")
run(2, ["x", "y", "z"], ["x*y*z + x", "y + z*x", "x*y"], "directions")
run(11, ["x", "y"], ["x^4 + y", "x*y^2"], "directions")
for _ in range(10):
    p = rng.choice([2, 3, 5, 7, 11])
    n = rng.randint(1, 3)
    names = ["x", "y", "z"][:n]
    m = rng.choice([n, rng.randint(1, 3)])
    polys = []
    for _ in range(m):
        mons = [" * ".join(f"{v}^{rng.randint(0, 3)}" for v in names) for _ in range(rng.randint(1, 4))]
        polys.append(" + ".join(f"{rng.randint(1, p - 1) if p > 2 else 1}*{mono}" for mono in mons))
    ops = ["collisions", {"fibers": {"value": [rng.randrange(p) for _ in range(m)]}}, "table"]
    if m == n:
        ops += ["dynamics", "jacobian"]
    run(p, names, polys, rng.choice(ops))

for c in CASES:
    print(json.dumps(c))
