"""Reference answers of finite_field.construct.paley from NetworkX's paley_graph (a directed
graph x → x + s for the non-zero squares s modulo p) and its graph6 writer.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import json

import networkx as nx

for p in [3, 5, 7, 11, 13, 17, 19, 29, 37, 41, 43, 101]:
    g = nx.paley_graph(p)
    expected = {
        "kind": "graph" if p % 4 == 1 else "tournament",
        "squares": sorted({x * x % p for x in range(1, p)}),
        "out_neighbours": [sorted(g.successors(a)) for a in range(p)],
    }
    if p % 4 == 1:
        h = nx.Graph()
        h.add_nodes_from(range(p))
        h.add_edges_from(g.to_undirected().edges())
        expected["graph6"] = nx.to_graph6_bytes(h, header=False).decode().strip()
    print(json.dumps({"capability": "finite_field.construct.paley", "input": {"p": p}, "expected": expected}))
