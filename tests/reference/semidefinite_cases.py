"""Reference answers of matrix.semidefinite.compute from SymPy and NetworkX, not from its algorithms.

- Loewner order: A ⪰ B when every eigenvalue of A − B is ≥ 0, A ≻ B when every one is > 0;
  decided here by SymPy's exact `is_positive_semidefinite` / `is_positive_definite`.
- Chordal decompositions: chordality and the maximal cliques from NetworkX (`is_chordal`,
  `chordal_graph_cliques`) on the sparsity graph of A; positive semidefiniteness from SymPy.
- Chordal completions with positive definite clique blocks: the maximum determinant completion
  X is unique and X⁻¹ = Σ_C pad(A_C⁻¹) − Σ_S pad(A_S⁻¹) over the cliques C and the separators S
  of a clique tree (Grone, Johnson, Sá and Wolkowicz); computed here in exact rationals from
  NetworkX's cliques and a maximum-weight spanning tree of their intersection graph.
- Facial reduction: with constraints X_ii = 0 for i in Z and further constraints whose values come
  from a matrix positive definite on the complement of Z, the minimal face has dimension n − |Z|;
  a constraint ⟨I, X⟩ = −1 makes the set empty.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json
import random

import networkx as nx
from sympy import Matrix, Rational, zeros

CAP = "matrix.semidefinite.compute"
CASES = []
rng = random.Random(1729)


def case(question, expected, assurance=None):
    c = {"capability": CAP, "input": {"question": question}, "expected": {"answer": expected}}
    if assurance:
        c["assurance"] = assurance
    CASES.append(c)


def text(x):
    x = Rational(x)
    return str(x.p) if x.q == 1 else f"{x.p}/{x.q}"


def rows(m):
    return [[text(m[i, j]) for j in range(m.cols)] for i in range(m.rows)]


def random_psd(n, rank, lo=-3, hi=3):
    g = Matrix(rank, n, lambda i, j: rng.randint(lo, hi))
    return g.T * g


def random_symmetric(n, lo=-4, hi=4):
    m = Matrix(n, n, lambda i, j: 0)
    for i in range(n):
        for j in range(i, n):
            m[i, j] = m[j, i] = rng.randint(lo, hi)
    return m


# The Loewner order.
for k in range(24):
    n = rng.randint(1, 5)
    b = random_symmetric(n)
    kind = k % 3
    d = random_psd(n, n) if kind == 0 else random_psd(n, rng.randint(0, n - 1)) if kind == 1 else random_symmetric(n)
    a = b + d
    holds = bool((a - b).is_positive_semidefinite)
    strict = bool((a - b).is_positive_definite)
    case({"order": {"a": {"rows": rows(a)}, "b": {"rows": rows(b)}}}, {"order": {"holds": holds, "strict": strict}})


def chordal_pattern(n, extra):
    """A random chordal graph: each new vertex joins a clique of the earlier ones."""
    g = nx.empty_graph(n)
    for v in range(1, n):
        u = rng.randrange(v)
        clique = [u] + [w for w in g.neighbors(u) if w < v and rng.random() < extra]
        for w in clique:
            g.add_edge(v, w)
    return g


def sparse_psd(g):
    """Σ over the maximal cliques of a random PSD block: PSD with its pattern inside g."""
    n = g.number_of_nodes()
    a = zeros(n, n)
    for c in nx.chordal_graph_cliques(g):
        c = sorted(c)
        blk = random_psd(len(c), rng.randint(1, len(c)))
        for i, x in enumerate(c):
            for j, y in enumerate(c):
                a[x, y] += blk[i, j]
    return a


def cliques_of_pattern(a):
    n = a.rows
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from((i, j) for i in range(n) for j in range(i + 1, n) if a[i, j] != 0)
    return g


# Chordal decompositions.
for k in range(16):
    n = rng.randint(2, 7)
    a = sparse_psd(chordal_pattern(n, 0.6))
    if k % 4 == 3:
        a[0, 0] -= 40  # no longer semidefinite
    g = cliques_of_pattern(a)
    assert nx.is_chordal(g)
    cliques = sorted(sorted(c) for c in nx.chordal_graph_cliques(g))
    psd = bool(a.is_positive_semidefinite)
    want = {"chordal": True, "positive_semidefinite": psd}
    if psd:
        want["cliques"] = cliques
    case({"chordal_decomposition": {"matrix": {"rows": rows(a)}}}, {"chordal_decomposition": want})
# A 4-cycle pattern is not chordal.
c4 = Matrix([[4, 1, 0, 1], [1, 4, 1, 0], [0, 1, 4, 1], [1, 0, 1, 4]])
case({"chordal_decomposition": {"matrix": {"rows": rows(c4)}}},
     {"chordal_decomposition": {"chordal": False}}, "COMPUTED")


def max_det_completion(full, g):
    """X with X⁻¹ = Σ_C pad(X_C⁻¹) − Σ_S pad(X_S⁻¹) over a clique tree of g."""
    n = full.rows
    cliques = [sorted(c) for c in nx.chordal_graph_cliques(g)]
    h = nx.Graph()
    h.add_nodes_from(range(len(cliques)))
    for i, j in itertools.combinations(range(len(cliques)), 2):
        w = len(set(cliques[i]) & set(cliques[j]))
        if w:
            h.add_edge(i, j, weight=w)
    tree = nx.maximum_spanning_tree(h)
    inv = zeros(n, n)

    def pad(idx, sign):
        if not idx:
            return
        blk = full.extract(idx, idx).inv()
        for a, x in enumerate(idx):
            for b, y in enumerate(idx):
                inv[x, y] += sign * blk[a, b]

    for c in cliques:
        pad(c, 1)
    for i, j in tree.edges():
        pad(sorted(set(cliques[i]) & set(cliques[j])), -1)
    return inv.inv()


# Chordal completions with definite blocks: the maximum determinant completion.
for k in range(14):
    n = rng.randint(2, 7)
    g = chordal_pattern(n, 0.5)
    full = random_psd(n, n + 2) + Matrix.eye(n)
    partial = [[text(full[i, j]) if i == j or g.has_edge(i, j) else None for j in range(n)] for i in range(n)]
    x = max_det_completion(full, g)
    case({"chordal_completion": {"partial": partial}},
         {"chordal_completion": {"completable": True, "completion": {"shape": [n, n], "rows": rows(x)},
                                 "maximum_determinant": True}})
# A block that is not semidefinite: no completion.
case({"chordal_completion": {"partial": [[1, 2, None], [2, 1, 0], [None, 0, 1]]}},
     {"chordal_completion": {"completable": False, "clique": [0, 1]}})
# Singular blocks: completable, the completion singular.
case({"chordal_completion": {"partial": [[1, 1, None], [1, 1, 1], [None, 1, 1]]}},
     {"chordal_completion": {"completable": True, "completion": {"rows": [["1", "1", "1"], ["1", "1", "1"], ["1", "1", "1"]]},
                             "inertia": [1, 0, 2]}})

# Facial reduction.
for k in range(12):
    n = rng.randint(2, 6)
    zero = sorted(rng.sample(range(n), rng.randint(1, n - 1)))
    keep = [i for i in range(n) if i not in zero]
    x0 = zeros(n, n)
    blk = random_psd(len(keep), len(keep) + 1) + Matrix.eye(len(keep))
    for a, i in enumerate(keep):
        for b, j in enumerate(keep):
            x0[i, j] = blk[a, b]
    cons = []
    for i in zero:
        e = zeros(n, n)
        e[i, i] = 1
        cons.append({"matrix": {"rows": rows(e)}, "value": 0})
    for _ in range(rng.randint(1, 3)):
        a = random_symmetric(n)
        cons.append({"matrix": {"rows": rows(a)}, "value": text((a * x0).trace())})
    rng.shuffle(cons)
    case({"facial_reduction": {"constraints": cons}},
         {"facial_reduction": {"status": "reduced", "face_dimension": n - len(zero)}})
# Trace −1: empty.
case({"facial_reduction": {"constraints": [{"matrix": {"rows": [[1, 0], [0, 1]]}, "value": -1}]}},
     {"facial_reduction": {"status": "infeasible"}})
# Multipliers: X_11 − X_22 = 0 and 3X_22 − X_11 = 0 expose nothing alone; their sum 2X_22 = 0
# does, and then the first constraint reads X_11 = 0 on the face, leaving X_33 alone.
sign_constraints = [
    {"matrix": {"rows": [[1, 0, 0], [0, -1, 0], [0, 0, 0]]}, "value": 0},
    {"matrix": {"rows": [[-1, 0, 0], [0, 3, 0], [0, 0, 0]]}, "value": 0},
    {"matrix": {"rows": [[0, 0, 0], [0, 0, 0], [0, 0, 1]]}, "value": 2}]
case({"facial_reduction": {"constraints": sign_constraints}},
     {"facial_reduction": {"status": "no_exposing_matrix_found", "face_dimension": 3}}, "COMPUTED")
case({"facial_reduction": {"constraints": sign_constraints, "multipliers": [1, 1, 0]}},
     {"facial_reduction": {"status": "reduced", "face_dimension": 1, "multipliers": {"outcome": "exposing"}}})
# Nothing to reduce: a strictly feasible set.
case({"facial_reduction": {"constraints": [{"matrix": {"rows": [[1, 0], [0, 1]]}, "value": 2}]}},
     {"facial_reduction": {"status": "no_exposing_matrix_found", "face_dimension": 2}}, "COMPUTED")

for c in CASES:
    print(json.dumps(c))
