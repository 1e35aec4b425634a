"""Reference answers of number_theory.construct.arithmetic_graph, built with NetworkX (edges by
Python's gcd and remainders, graph6 by NetworkX's writer).

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import json
import math
import random

import networkx as nx

rng = random.Random(6174)


def related(relation, a, b, one_way):
    if relation == "divides":
        return b % a == 0 or (not one_way and a % b == 0)
    if relation == "not_coprime":
        return math.gcd(a, b) > 1
    return math.gcd(a, b) == 1


def emit(integers, relation, targets=None):
    g = nx.Graph()
    labels = list(integers) + list(targets or [])
    g.add_nodes_from(range(len(labels)))
    if targets is None:
        g.add_edges_from((u, v) for u in range(len(integers)) for v in range(u + 1, len(integers))
                         if related(relation, integers[u], integers[v], False))
    else:
        k = len(integers)
        g.add_edges_from((u, k + v) for u in range(k) for v in range(len(targets))
                         if related(relation, integers[u], targets[v], True))
    inp = {"integers": integers, "relation": relation}
    if targets is not None:
        inp["targets"] = targets
    expected = {
        "labels": labels,
        "graph": {"order": len(labels), "edges": sorted([min(e), max(e)] for e in g.edges())},
        "graph6": nx.to_graph6_bytes(g, header=False).decode().strip(),
        "degrees": [g.degree(v) for v in range(len(labels))],
    }
    print(json.dumps({"capability": "number_theory.construct.arithmetic_graph", "input": inp, "expected": expected}))


for relation in ["divides", "not_coprime", "coprime"]:
    emit(list(range(1, 13)), relation)
    emit(list(range(2, 31)), relation)
    emit([2, 3, 5, 7], relation, [10, 12, 15, 49, 77, 1])
    xs = rng.sample(range(1, 10 ** 6), 40)
    emit(xs, relation)
    emit(rng.sample(range(2, 100), 10), relation, rng.sample(range(2, 1000), 25))
