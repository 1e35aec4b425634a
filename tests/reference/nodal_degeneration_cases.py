"""Reference answers of topology.nodal_degeneration.compute from NetworkX and SymPy.

The group of components of the Néron model of a semistable curve's Jacobian is the critical
(sandpile) group of the dual graph with each node of thickness ℓ subdivided into a path of ℓ
edges: the invariant factors of its reduced Laplacian, built here by NetworkX and reduced by
SymPy's `invariant_factors`. That is a different lattice and a different matrix from the cycle
pairing the capability reduces. The order is also counted directly as Σ_T Π_{e ∉ T} ℓ_e over the
spanning trees T, enumerated by brute force over edge subsets. Known cases: Kodaira I_n fibres
(Z/n), two components meeting in n nodes (Z/n), compact type (trivial), and four rational
components meeting pairwise, dual graph K_4 (Z/4 ⊕ Z/4, sixteen spanning trees).

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json
import random

import networkx as nx
from sympy import Matrix, ZZ
from sympy.matrices.normalforms import invariant_factors

CAP = "topology.nodal_degeneration.compute"
CASES = []
rng = random.Random(0x1ED)


def critical_group(v, nodes, ell):
    g = nx.MultiGraph()
    g.add_nodes_from(range(v))
    fresh = v
    for (a, b), l in zip(nodes, ell):
        if a == b and l == 1:
            continue  # a loop adds nothing to the Laplacian; longer ones are cycles through a
        chain = [a] + list(range(fresh, fresh + l - 1)) + [b]
        fresh += l - 1
        g.add_nodes_from(chain)
        nx.add_path(g, chain)
    order = sorted(g.nodes())
    lap = [[g.degree(x) if x == y else -g.number_of_edges(x, y) for y in order] for x in order]
    reduced = Matrix(lap)[1:, 1:]
    if reduced.rows == 0:
        return []
    return [str(d) for d in invariant_factors(reduced, domain=ZZ) if abs(d) > 1]


def tree_sum(v, nodes, ell):
    """Σ over spanning trees T of the product of the thicknesses outside T."""
    total = 0
    for tree in itertools.combinations(range(len(nodes)), v - 1):
        g = nx.MultiGraph()
        g.add_nodes_from(range(v))
        g.add_edges_from(nodes[k] for k in tree)
        if nx.is_tree(g) if v > 1 else True:
            prod = 1
            for k in range(len(nodes)):
                if k not in tree:
                    prod *= ell[k]
            total += prod
    return total


def case(genera, nodes, ell=None):
    v, e = len(genera), len(nodes)
    inp = {"genera": genera, "nodes": [list(n) for n in nodes]}
    if ell is not None:
        inp["thickness"] = ell
    ell = ell or [1] * e
    b1 = e - v + 1
    invariants = critical_group(v, nodes, ell)
    order = tree_sum(v, nodes, ell)
    product = 1
    for d in invariants:
        product *= int(d)
    assert product == order, (genera, nodes, ell, invariants, order)
    want = {
        "arithmetic_genus": sum(genera) + b1,
        "abelian_rank": sum(genera),
        "toric_rank": b1,
        "weight_graded_ranks": [b1, 2 * sum(genera), b1],
        "compact_type": b1 == 0,
        "component_group": {"invariants": invariants, "order": str(order)},
    }
    CASES.append({"capability": CAP, "input": inp, "expected": want})


for n in range(1, 8):
    case([0] * n, [(i, (i + 1) % n) for i in range(n)])  # Kodaira I_n
for n in range(1, 5):
    case([1, 2], [(0, 1)] * n)
case([1, 1], [(0, 1)] * 3, [1, 2, 3])
case([2, 0, 1], [(0, 1), (1, 2)])  # compact type
case([0], [(0, 0), (0, 0)], [2, 3])  # two self-nodes
case([0] * 4, [(a, b) for a, b in itertools.combinations(range(4), 2)])  # K_4
case([0, 0], [(0, 0), (0, 1), (0, 1)], [5, 1, 4])
for _ in range(14):
    v = rng.randint(1, 5)
    tree = [(rng.randrange(i), i) for i in range(1, v)]
    extra = [(rng.randrange(v), rng.randrange(v)) for _ in range(rng.randint(0, 4))]
    nodes = tree + extra
    rng.shuffle(nodes)
    nodes = [(b, a) if rng.random() < 0.5 else (a, b) for a, b in nodes]
    ell = [rng.randint(1, 4) for _ in nodes] if rng.random() < 0.7 else None
    if len(nodes) <= 8:
        case([rng.randint(0, 3) for _ in range(v)], nodes, ell)

for c in CASES:
    print(json.dumps(c))
