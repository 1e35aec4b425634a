"""Reference answers of homological.filtered_chain_map.compute from SymPy ranks over Q.

Filtered complexes are simplicial chain complexes filtered by the largest weight of a vertex
(so ∂ never raises the degree); maps are identities, multiples, inclusions of subcomplexes with
the same weights, and the zero map. For each page r the script computes with SymPy
- dim E_r^{p, n−p} = dim(Z_r^p + F_(p−1)) − dim(F_(p−1) + ∂Z_(r−1)^(p+r−1)), Z_r^p = {x ∈ F_pC_n :
  ∂x ∈ F_(p−r)C_(n−1)}, and
- rank E_r(f) = dim(f(Z_r^p + F_(p−1)) + B_D) − dim B_D for the bottom space B_D of the target,
which needs no bases; and dim F_pH_n = dim(span(Z_n ∩ F_p) + B_n) − dim B_n, whose graded pieces
the script checks against E_∞ (two formulas meeting). Composites are products of the components.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json
import random

from sympy import Matrix, zeros

CAP = "homological.filtered_chain_map.compute"
CASES = []
rng = random.Random(8128)


def case(inp, expected):
    CASES.append({"capability": CAP, "input": inp, "expected": {"answers": expected}})


def simplicial(facets, weight):
    faces = set()
    for f in facets:
        for k in range(1, len(f) + 1):
            faces.update(tuple(sorted(s)) for s in itertools.combinations(f, k))
    dim = max(len(f) for f in faces) - 1
    by = [sorted(f for f in faces if len(f) == k + 1) for k in range(dim + 1)]
    maps = []
    for k in range(1, dim + 1):
        idx = {f: i for i, f in enumerate(by[k - 1])}
        m = zeros(len(by[k - 1]), len(by[k]))
        for j, s in enumerate(by[k]):
            for i in range(len(s)):
                m[idx[s[:i] + s[i + 1:]], j] = (-1) ** i
        maps.append(m)
    filt = [[max(weight[v] for v in f) for f in fs] for fs in by]
    return by, maps, filt


def rank(vectors, n):
    if not vectors or n == 0:
        return 0
    return Matrix.hstack(*[Matrix(v) for v in vectors]).rank()


def unit(n, j):
    return [1 if i == j else 0 for i in range(n)]


def cycles(maps, filt, n, p, r):
    size = len(filt[n])
    cols = [j for j in range(size) if filt[n][j] <= p]
    if n == 0 or r <= 0:
        return [unit(size, j) for j in cols]
    rows = [i for i in range(len(filt[n - 1])) if filt[n - 1][i] > p - r]
    if not cols:
        return []
    if not rows:
        return [unit(size, j) for j in cols]
    sub = maps[n - 1].extract(rows, cols)
    out = []
    for v in sub.nullspace():
        w = [0] * size
        for k, j in enumerate(cols):
            w[j] = v[k]
        out.append(w)
    return out


def spaces(maps, filt, n, p, r):
    size = len(filt[n])
    below = [unit(size, j) for j in range(size) if filt[n][j] <= p - 1]
    top = cycles(maps, filt, n, p, r) + below
    bottom = list(below)
    if n < len(maps):
        for v in cycles(maps, filt, n + 1, p + r - 1, r - 1):
            bottom.append(list(maps[n] * Matrix(v)))
    return top, bottom


def page_terms(src, dst, f, r):
    (_, cm, cf), (_, dm, df) = src, dst
    weights = [x for fs in cf + df for x in fs]
    lo, hi = min(weights), max(weights)
    last = hi - lo + 2
    r = min(r, last)
    terms = []
    for n in range(len(cf)):
        for p in range(lo, hi + 1):
            tc, bc = spaces(cm, cf, n, p, r)
            td, bd = spaces(dm, df, n, p, r)
            ec = rank(tc, len(cf[n])) - rank(bc, len(cf[n]))
            ed = rank(td, len(df[n])) - rank(bd, len(df[n]))
            if ec == 0 and ed == 0:
                continue
            images = [list(f[n] * Matrix(v)) for v in tc]
            rk = rank(images + bd, len(df[n])) - rank(bd, len(df[n]))
            terms.append({"n": n, "p": p, "q": n - p, "source_dimension": ec, "target_dimension": ed, "rank": rk})
    return terms, r


def homology_filtration(cx):
    _, maps, filt = cx
    weights = [x for fs in filt for x in fs]
    lo, hi = min(weights), max(weights)
    out = []
    for n in range(len(filt)):
        size = len(filt[n])
        bounds = [list(maps[n][:, j]) for j in range(maps[n].cols)] if n < len(maps) else []
        steps, prev = [], 0
        for p in range(lo, hi + 1):
            z = cycles(maps, filt, n, p, hi - lo + 2)
            dim = rank(z + bounds, size) - rank(bounds, size)
            steps.append({"p": p, "dimension": dim, "graded": dim - prev})
            prev = dim
        out.append({"n": n, "dimension": prev, "filtration": steps})
    return out


def mat(m):
    return {"rows": [[str(m[i, j]) for j in range(m.cols)] for i in range(m.rows)], "shape": [m.rows, m.cols]}


def complex_input(cx):
    _, maps, filt = cx
    return {"maps": [{"shape": [m.rows, m.cols], "rows": [[str(m[i, j]) for j in range(m.cols)] for i in range(m.rows)]}
                     for m in maps], "filtration": filt}


spaces_list = [
    [[0, 1, 2], [0, 2, 3], [1, 3]],
    [[0, 1], [1, 2], [2, 0], [2, 3]],
    [[0, 1, 2, 3]],
    [[0, 1, 2], [1, 2, 3], [2, 3, 0], [3, 0, 1]],
    [[0, 1], [2, 3], [1, 2, 4]],
]
for k in range(14):
    facets = rng.choice(spaces_list)
    vertices = sorted({v for f in facets for v in f})
    weight = {v: rng.randint(0, 3) for v in vertices}
    cx = simplicial(facets, weight)
    by, maps, filt = cx
    if len(maps) == 0:
        continue
    kind = k % 4
    if kind == 0:
        f = [Matrix.eye(len(fs)) for fs in by]
        src, dst = cx, cx
    elif kind == 1:
        f = [2 * Matrix.eye(len(fs)) for fs in by]
        src, dst = cx, cx
    elif kind == 2:
        # A subcomplex: the closure of all but the last facet, same weights, included.
        sub = simplicial(facets[:-1] or facets, weight)
        if len(sub[1]) != len(maps):
            sub = cx
        f = []
        for n, fs in enumerate(sub[0]):
            m = zeros(len(by[n]), len(fs))
            for j, s in enumerate(fs):
                m[by[n].index(s), j] = 1
            f.append(m)
        src, dst = sub, cx
    else:
        f = [zeros(len(fs), len(fs)) for fs in by]
        src, dst = cx, cx
    complexes = [complex_input(src)] if src is dst else [complex_input(src), complex_input(dst)]
    to = 0 if src is dst else 1
    r = rng.randint(0, 3)
    terms, rr = page_terms(src, dst, f, r)
    zero_terms, _ = page_terms(src, dst, f, 0)
    hf = homology_filtration(dst)
    # E_∞ (the last page) agrees with the graded pieces of F_pH.
    inf_terms, _ = page_terms(dst, dst, [Matrix.eye(len(x)) for x in dst[2]], 99)
    for d in hf:
        for step in d["filtration"]:
            e = sum(t["source_dimension"] for t in inf_terms if t["n"] == d["n"] and t["p"] == step["p"])
            assert e == step["graded"], (facets, weight, d, inf_terms)
    comps = [{"rows": [[str(m[i, j]) for j in range(m.cols)] for i in range(m.rows)], "shape": [m.rows, m.cols]} for m in f]
    case({"complexes": complexes, "maps": [{"from": 0, "to": to, "components": comps}],
          "questions": [{"check": 0}, {"page_zero": 0}, {"page": {"map": 0, "r": r}}, {"homology_filtration": to}]},
         [{"check": {"filtered_chain_map": True}},
          {"page_zero": {"r": 0, "terms": zero_terms}},
          {"page": {"r": rr, "terms": terms}},
          {"homology_filtration": {"degrees": hf}}])

# Composites: an inclusion followed by 3·identity; E_r is a functor.
facets = [[0, 1, 2], [0, 2, 3]]
weight = {0: 0, 1: 1, 2: 1, 3: 2}
big = simplicial(facets, weight)
small = simplicial([[0, 1, 2]], weight)
inc = []
for n, fs in enumerate(small[0]):
    m = zeros(len(big[0][n]), len(fs))
    for j, s in enumerate(fs):
        m[big[0][n].index(s), j] = 1
    inc.append(m)
triple = [3 * Matrix.eye(len(fs)) for fs in big[0]]
comp = lambda ms: [{"rows": [[str(m[i, j]) for j in range(m.cols)] for i in range(m.rows)], "shape": [m.rows, m.cols]} for m in ms]
case({"complexes": [complex_input(small), complex_input(big)],
      "maps": [{"from": 0, "to": 1, "components": comp(inc)}, {"from": 1, "to": 1, "components": comp(triple)}],
      "questions": [{"compose": [0, 1]}]},
     [{"compose": {"from": 0, "to": 1, "functorial_on_pages": True,
                   "components": [mat(t * i) for t, i in zip(triple, inc)]}}])

# Not filtered: the identity of an interval into the same interval filtered the other way raises a degree.
interval = {"maps": [{"rows": [[-1], [1]]}], "filtration": [[0, 1], [1]]}
flipped = {"maps": [{"rows": [[-1], [1]]}], "filtration": [[1, 0], [1]]}
case({"complexes": [interval, flipped],
      "maps": [{"from": 0, "to": 1, "components": [{"rows": [[1, 0], [0, 1]]}, {"rows": [[1]]}]}],
      "questions": [{"check": 0}]},
     [{"check": {"filtered_chain_map": False}}])
# Not a chain map: swapping the endpoints but not negating the edge.
case({"complexes": [interval],
      "maps": [{"from": 0, "to": 0, "components": [{"rows": [[0, 1], [1, 0]]}, {"rows": [[1]]}]}],
      "questions": [{"check": 0}]},
     [{"check": {"filtered_chain_map": False}}])

for c in CASES:
    print(json.dumps(c))
