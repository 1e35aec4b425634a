"""Computes the invariants of `graph.compute.properties` with NetworkX, as a reference.

Reads graph6 lines on stdin (one graph per line; `?` is the null graph of order 0) and prints one
JSON object per line, keys sorted, with the invariant names and conventions of
adapters/src/graph/invariants.rs. NetworkX raises on the null graph where Jacobian has a
convention, and has no exact chromatic number, domination number or Hamiltonicity test; those are
filled in below by exhaustive search, which is meant for the small orders the lead compares on
(the atlas, order <= 7, and samples of order 8). Absent values (None) print as null; big counts
print as decimal strings.
"""
import itertools
import json
import sys
import warnings
from fractions import Fraction

import networkx as nx
from networkx.algorithms.isomorphism import GraphMatcher

warnings.filterwarnings("ignore")


def connected(g):
    # The null graph is not connected (NetworkX raises NetworkXPointlessConcept).
    return g.number_of_nodes() > 0 and nx.is_connected(g)


def girth(g):
    # None when acyclic (NetworkX returns inf).
    if hasattr(nx, "girth"):
        value = nx.girth(g)
        return None if value == float("inf") else int(value)
    best = None
    for cycle in nx.minimum_cycle_basis(g):
        best = len(cycle) if best is None else min(best, len(cycle))
    return best


def clique_number(g):
    # 0 for the null graph (find_cliques yields nothing).
    return max((len(c) for c in nx.find_cliques(g)), default=0)


def chromatic_number(g):
    # Exact, by exhaustive backtracking over colourings with k = 0, 1, ... colours (vertex i takes
    # a colour at most one above those used so far, which loses no colouring up to renaming).
    # NetworkX's own colourings are greedy, so only bounds. 0 for the null graph.
    nodes = list(g.nodes)
    n = len(nodes)
    index = {v: i for i, v in enumerate(nodes)}
    earlier = [[index[u] for u in g[v] if index[u] < i] for i, v in enumerate(nodes)]

    def colourable(k):
        colour = [0] * n

        def place(i, used):
            if i == n:
                return True
            for c in range(min(used + 1, k)):
                if all(colour[j] != c for j in earlier[i]):
                    colour[i] = c
                    if place(i + 1, max(used, c + 1)):
                        return True
            return False

        return place(0, 0)

    return next(k for k in range(n + 1) if colourable(k))


def domination_number(g):
    # Smallest k with a dominating k-subset (nx.is_dominating_set); 0 for the null graph.
    nodes = list(g.nodes)
    for k in range(len(nodes) + 1):
        if any(nx.is_dominating_set(g, s) for s in itertools.combinations(nodes, k)):
            return k
    return 0


def automorphism_group_order(g):
    # The number of isomorphisms of G onto itself; the null graph's group is trivial (1).
    if g.number_of_nodes() == 0:
        return "1"
    return str(sum(1 for _ in GraphMatcher(g, g).isomorphisms_iter()))


def hamiltonian(g):
    # A cycle through every vertex, for order >= 3 only (False below), by trying every order of
    # the other vertices after a fixed first one.
    nodes = list(g.nodes)
    if len(nodes) < 3:
        return False
    first, rest = nodes[0], nodes[1:]
    for order in itertools.permutations(rest):
        cycle = (first,) + order
        if all(g.has_edge(cycle[i], cycle[(i + 1) % len(cycle)]) for i in range(len(cycle))):
            return True
    return False


def eulerian(g):
    # nx.is_eulerian: connected with all degrees even; the null graph (which raises) is not.
    return g.number_of_nodes() > 0 and nx.is_eulerian(g)


def kirchhoff(g):
    # Determinant of the reduced Laplacian over the rationals, exactly.
    nodes = list(g.nodes)[:-1]
    m = [[Fraction(g.degree(u) if u == v else -int(g.has_edge(u, v))) for v in nodes] for u in nodes]
    det = Fraction(1)
    for k in range(len(m)):
        pivot = next((r for r in range(k, len(m)) if m[r][k] != 0), None)
        if pivot is None:
            return 0
        if pivot != k:
            m[k], m[pivot] = m[pivot], m[k]
            det = -det
        det *= m[k][k]
        for r in range(k + 1, len(m)):
            f = m[r][k] / m[k][k]
            for c in range(k, len(m)):
                m[r][c] -= f * m[k][c]
    return int(det)


def spanning_tree_count(g):
    # 0 for the null graph and disconnected graphs, 1 for a single vertex (the empty tree).
    # nx.number_of_spanning_trees (NetworkX >= 3.3, needs NumPy and SciPy) is a floating-point
    # determinant: rounded, it is exact only while the count is small, so large counts, and every
    # count where it is unavailable, are computed with fractions.
    n = g.number_of_nodes()
    if n == 0 or not nx.is_connected(g):
        return "0"
    if n == 1:
        return "1"
    try:
        value = round(nx.number_of_spanning_trees(g))
        if value < 2**50:
            return str(value)
    except (AttributeError, ImportError):
        pass
    return str(kirchhoff(g))


def vertex_connectivity(g):
    # nx.node_connectivity (K_n gives n - 1); 0 when disconnected or of order < 2 (NetworkX
    # raises on the null graph).
    if g.number_of_nodes() < 2 or not nx.is_connected(g):
        return 0
    return nx.node_connectivity(g)


def edge_connectivity(g):
    # nx.edge_connectivity; 0 when disconnected or of order < 2.
    if g.number_of_nodes() < 2 or not nx.is_connected(g):
        return 0
    return nx.edge_connectivity(g)


def invariants(g):
    c = connected(g)
    n = g.number_of_nodes()
    return {
        "order": n,
        "size": g.number_of_edges(),
        "degree_sequence": sorted((d for _, d in g.degree()), reverse=True),
        "connected": c,
        "component_count": nx.number_connected_components(g),
        # Bipartite and forest hold for the null graph; it is not a tree (NetworkX raises on it).
        "bipartite": nx.is_bipartite(g),
        "tree": n > 0 and nx.is_tree(g),
        "forest": n == 0 or nx.is_forest(g),
        # Distances exist only for connected graphs (None otherwise, the null graph included).
        "diameter": nx.diameter(g) if c else None,
        "radius": nx.radius(g) if c else None,
        "girth": girth(g),
        "triangle_count": sum(nx.triangles(g).values()) // 3,
        "clique_number": clique_number(g),
        "independence_number": clique_number(nx.complement(g)),
        "chromatic_number": chromatic_number(g),
        "domination_number": domination_number(g),
        "matching_number": len(nx.max_weight_matching(g, maxcardinality=True)),
        "automorphism_group_order": automorphism_group_order(g),
        "hamiltonian": hamiltonian(g),
        "eulerian": eulerian(g),
        "spanning_tree_count": spanning_tree_count(g),
        "vertex_connectivity": vertex_connectivity(g),
        "edge_connectivity": edge_connectivity(g),
    }


def main():
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        g = nx.empty_graph(0) if line == "?" else nx.from_graph6_bytes(line.encode())
        print(json.dumps(invariants(g), sort_keys=True))


if __name__ == "__main__":
    main()
