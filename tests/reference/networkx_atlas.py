"""Checks that a list of graph6 graphs (stdin) is NetworkX's graph atlas up to isomorphism.

NetworkX's `graph_atlas_g()` lists the 1,253 graphs of order 0 to 7, one per isomorphism
class. Every input graph must be isomorphic to exactly one atlas graph and every atlas graph
to exactly one input graph. Prints `atlas: ok` or the first discrepancy, and exits non-zero.
"""
import sys
from collections import defaultdict

import warnings

import networkx as nx

warnings.filterwarnings("ignore", category=UserWarning)


def bucket(g):
    # Isomorphic graphs share this key; candidates within a bucket are then tested exactly.
    return (g.number_of_nodes(), g.number_of_edges(), tuple(sorted(d for _, d in g.degree())),
            nx.weisfeiler_lehman_graph_hash(g, iterations=3))


def main():
    ours = []
    for line in sys.stdin:
        line = line.strip()
        if line:
            ours.append(nx.from_graph6_bytes(line.encode()) if line != "?" else nx.empty_graph(0))
    atlas = nx.graph_atlas_g()
    if len(ours) != len(atlas):
        sys.exit(f"atlas: {len(ours)} graphs given, NetworkX has {len(atlas)}")
    buckets = defaultdict(list)
    for i, g in enumerate(atlas):
        buckets[bucket(g)].append(i)
    matched = set()
    for j, g in enumerate(ours):
        hits = [i for i in buckets.get(bucket(g), []) if nx.is_isomorphic(g, atlas[i])]
        if len(hits) != 1:
            sys.exit(f"atlas: input graph {j} matches {len(hits)} NetworkX atlas graphs")
        if hits[0] in matched:
            sys.exit(f"atlas: input graph {j} repeats NetworkX atlas graph {hits[0]}")
        matched.add(hits[0])
    print("atlas: ok")


if __name__ == "__main__":
    main()
