"""Reference timing for `cargo bench --bench graph`: NetworkX computing connected, diameter,
triangle count and clique number for every graph of its atlas (order <= 7, 1,253 graphs).

Usage: .venv/bin/python benches/reference/networkx_atlas.py [repeats]
Prints the best wall time over the repeats in milliseconds, and a digest of the answers.
"""
import hashlib
import json
import sys
import time

import networkx as nx


def invariants(g):
    connected = g.number_of_nodes() > 0 and nx.is_connected(g)
    return [
        connected,
        nx.diameter(g) if connected else None,
        sum(nx.triangles(g).values()) // 3,
        max((len(c) for c in nx.find_cliques(g)), default=0),
    ]


def main():
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    atlas = nx.graph_atlas_g()
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        answers = [invariants(g) for g in atlas]
        best = min(best, time.perf_counter() - t)
    digest = hashlib.sha256(json.dumps(sorted(map(json.dumps, answers))).encode()).hexdigest()[:16]
    print(json.dumps({"graphs": len(atlas), "best_ms": round(best * 1e3, 2), "answers_digest": digest}))


if __name__ == "__main__":
    main()
