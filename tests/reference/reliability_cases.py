"""Reference answers of probability.reliability.compute: every subset of the failing elements
enumerated in plain Python (connectivity by depth-first search, not union–find), the reliability
polynomial expanded by SymPy from Σ N_k p^k (1 − p)^(m − k), and closed forms where they are
known: all-terminal reliability of the cycle C_n is p^n + n p^(n−1)(1 − p), of the triangle
3p² − 2p³, and two-terminal reliability of a path of k edges p^k.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json
import random

import sympy

P = sympy.Symbol("p")
rng = random.Random(97)
CASES = []


def connected(n, adj, s, t):
    seen, stack = {s}, [s]
    while stack:
        u = stack.pop()
        for v in adj.get(u, ()):
            if v not in seen:
                seen.add(v)
                stack.append(v)
    return t in seen if t is not None else len(seen) == n


def case(network, n, edges, failure, terminals=None, p=None, closed_form=None):
    if failure == "bond":
        elements = list(range(len(edges)))
    else:
        elements = [v for v in range(n) if terminals is None or v not in terminals]
    m = len(elements)
    counts = [0] * (m + 1)
    for bits in itertools.product([0, 1], repeat=m):
        up = {e for e, b in zip(elements, bits) if b}
        alive = (lambda v: True) if failure == "bond" else (lambda v: v in up or (terminals and v in terminals))
        adj = {}
        for k, e in enumerate(edges):
            if (failure == "bond" and k not in up) or not all(alive(v) for v in e):
                continue
            if network == "digraph":
                adj.setdefault(e[0], []).append(e[1])
            else:
                for a in e:
                    for b in e:
                        if a != b:
                            adj.setdefault(a, []).append(b)
        ok = connected(n, adj, terminals[0], terminals[1]) if terminals else connected(n, adj, 0, None)
        counts[sum(bits)] += ok
    R = sympy.expand(sum(c * P ** k * (1 - P) ** (m - k) for k, c in enumerate(counts)))
    if closed_form is not None:
        assert sympy.expand(R - closed_form) == 0, (network, edges)
    poly = sympy.Poly(R, P).all_coeffs()[::-1] if R != 0 else [0]
    poly = [str(int(c)) for c in poly] + ["0"] * (m + 1 - len(poly))
    inp = {"network": network, "vertices": n, "edges": edges, "failure": failure}
    expected = {"failing": m, "working_sets": [str(c) for c in counts], "polynomial": poly}
    if terminals is not None:
        inp["terminals"] = terminals
    if p is not None:
        inp["p"] = p
        v = R.subs(P, sympy.Rational(p))
        expected["value"] = str(v.p) if v.q == 1 else f"{v.p}/{v.q}"
    entry = {"capability": "probability.reliability.compute", "input": inp, "expected": expected}
    if (network, failure) != ("graph", "bond"):
        entry["assurance"] = "COMPUTED"  # only bond failure of a graph is replayed by the checker
    CASES.append(entry)


for n in (3, 4, 6):
    case("graph", n, [[k, (k + 1) % n] for k in range(n)], "bond", p="9/10", closed_form=P ** n + n * P ** (n - 1) * (1 - P))
case("graph", 3, [[0, 1], [1, 2], [0, 2]], "bond", closed_form=3 * P ** 2 - 2 * P ** 3)
case("graph", 5, [[0, 1], [1, 2], [2, 3], [3, 4]], "bond", terminals=[0, 4], p="1/2", closed_form=P ** 4)
# The bridge network, two-terminal, bond and site; its digraph version; K_4 all-terminal.
bridge = [[0, 1], [0, 2], [1, 2], [1, 3], [2, 3]]
case("graph", 4, bridge, "bond", terminals=[0, 3], p="1/2")
case("graph", 4, bridge, "site", terminals=[0, 3], p="2/3")
case("digraph", 4, bridge, "bond", terminals=[0, 3], p="1/3")
case("digraph", 4, [[3, 2], [2, 1], [1, 0], [0, 3]], "bond", terminals=[0, 2])
case("graph", 4, [[a, b] for a in range(4) for b in range(a + 1, 4)], "bond", p="1/2")
# Hypergraphs: hyperedges join all their vertices.
case("hypergraph", 5, [[0, 1, 2], [2, 3], [3, 4, 0], [1, 4]], "bond", p="1/2")
case("hypergraph", 6, [[0, 1, 2], [2, 3, 4], [4, 5], [5, 0, 3]], "bond", terminals=[1, 5], p="3/4")
# Random graphs and site percolation on a grid.
for _ in range(4):
    n = rng.randint(4, 7)
    edges = [list(e) for e in rng.sample([(a, b) for a in range(n) for b in range(a + 1, n)], rng.randint(n - 1, min(10, n * (n - 1) // 2)))]
    case("graph", n, edges, rng.choice(["bond", "site"]), terminals=[0, n - 1], p="1/2")
grid = [[r * 3 + c, r * 3 + c + 1] for r in range(3) for c in range(2)] + [[r * 3 + c, (r + 1) * 3 + c] for r in range(2) for c in range(3)]
case("graph", 9, grid, "site", terminals=[0, 8], p="1/2")

for c in CASES:
    print(json.dumps(c))
