"""Reference answers of topology.simplicial_set.compute, computed here without simplicial sets.

- The product of two ordered simplicial complexes K × L is, as a simplicial set, the nerve of
  the chains of vertex pairs increasing in the product order whose projections are faces of K
  and L. The chains are enumerated here by brute force, and the homology of that complex comes
  from SymPy's Smith normal form.
- The n-simplices of an ordered complex, degenerate ones included, are the nondecreasing vertex
  sequences whose support is a face. They are enumerated to count the degeneracy profile and to
  build the Moore complex, whose rank over Q is computed with SymPy.
- The homology of quotients is that of the standard spaces they model (spheres, torus,
  projective plane, Möbius band), the values in any table.
- Induced maps on homology: the degree of a map of circles from the chain-level count.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json

import sympy
from sympy.matrices.normalforms import smith_normal_form

CAP = "topology.simplicial_set.compute"
CASES = []


def faces(facets):
    out = set()
    for f in facets:
        f = sorted(f)
        for k in range(1, len(f) + 1):
            out.update(itertools.combinations(f, k))
    return out


def product_chains(K, L):
    """Chains (a0,b0) < … < (an,bn) in the product order with {a_i} ∈ K and {b_i} ∈ L."""
    FK, FL = faces(K), faces(L)
    va = sorted({v for f in FK for v in f})
    vb = sorted({v for f in FL for v in f})
    pairs = [(a, b) for a in va for b in vb]
    out = []

    def grow(chain):
        out.append(tuple(chain))
        last = chain[-1]
        for p in pairs:
            if p != last and p[0] >= last[0] and p[1] >= last[1]:
                nxt = chain + [p]
                if tuple(sorted({x[0] for x in nxt})) in FK and tuple(sorted({x[1] for x in nxt})) in FL:
                    grow(nxt)

    for p in pairs:
        grow([p])
    return out


def homology_of(simplices):
    """Betti numbers and torsion of an ordered simplicial complex given by all its simplices."""
    dim = max(len(s) for s in simplices) - 1
    F = [sorted(s for s in simplices if len(s) == k + 1) for k in range(dim + 1)]
    maps = []
    for k in range(1, dim + 1):
        idx = {f: i for i, f in enumerate(F[k - 1])}
        M = sympy.zeros(len(F[k - 1]), len(F[k]))
        for j, s in enumerate(F[k]):
            for i in range(len(s)):
                M[idx[s[:i] + s[i + 1:]], j] += (-1) ** i
        maps.append(M)
    ranks = [0] + [M.rank() for M in maps] + [0]
    betti = [len(F[k]) - ranks[k] - ranks[k + 1] for k in range(dim + 1)]
    torsion = []
    for k in range(dim + 1):
        if k < dim:
            D = smith_normal_form(maps[k], domain=sympy.ZZ)
            torsion.append([str(abs(int(D[i, i]))) for i in range(min(D.rows, D.cols)) if abs(D[i, i]) > 1])
        else:
            torsion.append([])
    return [len(f) for f in F], betti, torsion


def sequences(facets, n):
    """The n-simplices of an ordered complex: nondecreasing sequences with support a face."""
    FK = faces(facets)
    verts = sorted({v for f in FK for v in f})
    return [s for s in itertools.combinations_with_replacement(verts, n + 1) if tuple(sorted(set(s))) in FK]


def moore_rank(facets, n):
    """The rank over Q of the Moore boundary C_n → C_(n−1)."""
    rows = {s: i for i, s in enumerate(sequences(facets, n - 1))}
    cols = sequences(facets, n)
    M = sympy.zeros(len(rows), len(cols))
    for j, s in enumerate(cols):
        for i in range(n + 1):
            M[rows[s[:i] + s[i + 1:]], j] += (-1) ** i
    return M.rank()


def case(space, questions, expected):
    CASES.append({"capability": CAP, "input": {"space": space, "questions": questions},
                  "expected": {"answers": expected}})


def pad(xs, n, fill):
    return xs + [fill] * (n - len(xs))


CIRCLE = [[0, 1], [1, 2], [0, 2]]
DELTA = {1: [[0, 1]], 2: [[0, 1, 2]], 3: [[0, 1, 2, 3]]}
BOUNDARY2 = [[0, 1], [1, 2], [0, 2]]
HORN21 = [[0, 1], [1, 2]]

# Products of ordered complexes (standard simplices, boundaries, horns, complexes): counts and
# homology against the brute-force chain complex.
PRODUCTS = [
    ({"standard_simplex": 1}, DELTA[1], {"standard_simplex": 1}, DELTA[1]),
    ({"standard_simplex": 2}, DELTA[2], {"standard_simplex": 1}, DELTA[1]),
    ({"standard_simplex": 2}, DELTA[2], {"standard_simplex": 2}, DELTA[2]),
    ({"boundary": 2}, BOUNDARY2, {"boundary": 2}, BOUNDARY2),
    ({"boundary": 2}, BOUNDARY2, {"standard_simplex": 1}, DELTA[1]),
    ({"horn": {"n": 2, "k": 1}}, HORN21, {"boundary": 2}, BOUNDARY2),
    ({"complex": [[0, 1, 2], [0, 3]]}, [[0, 1, 2], [0, 3]], {"complex": CIRCLE}, CIRCLE),
    ({"boundary": 3}, [list(c) for c in itertools.combinations(range(4), 3)], {"boundary": 2}, BOUNDARY2),
]
for a, K, b, L in PRODUCTS:
    chains = product_chains(K, L)
    counts, betti, torsion = homology_of(chains)
    euler = sum((-1) ** k * c for k, c in enumerate(counts))
    case({"product": [a, b]}, ["simplices", "homology"],
         [{"simplices": {"counts": counts, "euler_characteristic": euler}},
          {"homology": {"betti": betti, "torsion": torsion}}])

# Degeneracy profiles and the Moore complex of ordered complexes, by enumerating sequences.
for space, K in [({"standard_simplex": 2}, DELTA[2]), ({"boundary": 2}, BOUNDARY2),
                 ({"horn": {"n": 3, "k": 0}}, [c for c in itertools.combinations(range(4), 3) if 0 in c]),
                 ({"complex": [[0, 1, 2], [2, 3], [4]]}, [[0, 1, 2], [2, 3], [4]])]:
    dim = max(len(f) for f in K) - 1
    top = 4
    profile = []
    for n in range(top + 1):
        seqs = sequences(K, n)
        nondeg = [s for s in seqs if len(set(s)) == len(s)]
        profile.append({"degree": n, "simplices": len(seqs), "nondegenerate": len(nondeg),
                        "degenerate": len(seqs) - len(nondeg)})
    ranks = [len(sequences(K, n)) for n in range(4)]
    case(space, [{"degeneracy_profile": top}, {"unnormalized_chains": 3}, {"degenerate_submodule": 3}],
         [{"degeneracy_profile": profile}, {"unnormalized_chains": {"ranks": ranks}},
          {"degenerate_submodule": {"degree": 3, "rank": profile[3]["degenerate"],
                                    "quotient_rank": profile[3]["nondegenerate"], "boundary_preserves": True}}])
    # The Moore complex has the homology of the complex: its Betti numbers over Q agree.
    _, betti, _ = homology_of(list(faces(K)))
    moore = [moore_rank(K, n) for n in range(1, 4)]
    moore_betti = [ranks[n] - ([0] + moore)[n] - (moore + [0])[n] for n in range(3)]
    assert moore_betti[:dim] == pad(betti, 3, 0)[:dim], (space, moore_betti, betti)

# Tables: the one-vertex circle and the one-vertex torus (product of two such circles); the
# 2-sphere with one vertex, one 2-simplex whose faces are degenerate; homology from tables.
S1 = {"simplices": [{"name": "v"}, {"name": "e", "faces": ["v", "v"]}]}
S2 = {"simplices": [{"name": "v"}, {"name": "t", "faces": [{"simplex": "v", "degeneracies": [0]}] * 3}]}
case(S1, ["homology", {"degeneracy_profile": 3}],
     [{"homology": {"betti": [1, 1], "torsion": [[], []]}},
      {"degeneracy_profile": [{"degree": n, "simplices": n + 1, "nondegenerate": int(n <= 1),
                               "degenerate": n + 1 - int(n <= 1)} for n in range(4)]}])
case({"product": [S1, S1]}, ["simplices", "homology"],
     [{"simplices": {"counts": [1, 3, 2], "euler_characteristic": 0}},
      {"homology": {"betti": [1, 2, 1], "torsion": [[], [], []]}}])
case(S2, ["homology"], [{"homology": {"betti": [1, 0, 1], "torsion": [[], [], []]}}])
# RP²: one vertex v, edge a, and the 2-simplex with faces (a, s0 v, a).
RP2 = {"simplices": [{"name": "v"}, {"name": "a", "faces": ["v", "v"]},
                     {"name": "t", "faces": ["a", {"simplex": "v", "degeneracies": [0]}, "a"]}]}
case(RP2, ["homology"], [{"homology": {"betti": [1, 0, 0], "torsion": [[], ["2"], []]}}])

# Quotients: Δ^n / ∂Δ^n is S^n; the square strip with its end edges identified is a cylinder
# or a Möbius band; collapsing a circle of the torus complex leaves H of T²/S¹.
for n in (1, 2, 3):
    ds = [list(c) for c in itertools.combinations(range(n + 1), n)]
    collapse = ["[" + ",".join(map(str, d)) + "]" for d in ds]
    betti = [1] + [0] * (n - 1) + [1]
    case({"quotient": {"of": {"standard_simplex": n}, "collapse": collapse}}, ["simplices", "homology"],
         [{"simplices": {"counts": [1] + [0] * (n - 1) + [1]}},
          {"homology": {"betti": betti, "torsion": [[] for _ in range(n + 1)]}}])
STRIP = [[0, 1, 2], [1, 2, 3], [2, 3, 4], [3, 4, 5]]
case({"quotient": {"of": {"complex": STRIP}, "identify": [["[0,1]", "[4,5]"]]}}, ["simplices", "homology"],
     [{"simplices": {"counts": [4, 8, 4], "euler_characteristic": 0}},
      {"homology": {"betti": [1, 1, 0], "torsion": [[], [], []]}}])
# Möbius band: number the right end so [4,5] runs bottom to top while [0,1] runs top to bottom.
MOBIUS = [[0, 1, 2], [1, 2, 3], [2, 3, 5], [3, 5, 4]]
case({"quotient": {"of": {"complex": MOBIUS}, "identify": [["[0,1]", "[4,5]"]]}}, ["homology"],
     [{"homology": {"betti": [1, 1, 0], "torsion": [[], [], []]}}])
# The torus from a square's two pairs of sides: Δ¹ × Δ¹ needs names; use the 3 × 3 grid complex.
GRID = [[0, 1, 4], [0, 3, 4], [1, 2, 5], [1, 4, 5], [3, 4, 7], [3, 6, 7], [4, 5, 8], [4, 7, 8]]
# Identify the left column with the right, the bottom row with the top: the torus.
case({"quotient": {"of": {"complex": GRID}, "identify": [["[0,3]", "[2,5]"], ["[3,6]", "[5,8]"],
                                                        ["[0,1]", "[6,7]"], ["[1,2]", "[7,8]"]]}},
     ["homology"], [{"homology": {"betti": [1, 2, 1], "torsion": [[], [], []]}}])
# Collapsing the boundary circle of the square gives S².
case({"quotient": {"of": {"complex": GRID}, "collapse": ["[0,1]", "[1,2]", "[2,5]", "[5,8]", "[7,8]", "[6,7]",
                                                          "[3,6]", "[0,3]"]}},
     ["homology"], [{"homology": {"betti": [1, 0, 1], "torsion": [[], [], []]}}])

# Skeleton and subset: the 1-skeleton of Δ³ (the complete graph K4: b1 = 3); the subset generated
# by two triangles of ∂Δ³ (a disc).
case({"skeleton": {"of": {"standard_simplex": 3}, "dimension": 1}}, ["homology"],
     [{"homology": {"betti": [1, 3], "torsion": [[], []]}}])
case({"subset": {"of": {"boundary": 3}, "simplices": ["[0,1,2]", "[0,1,3]"]}}, ["simplices", "homology"],
     [{"simplices": {"counts": [4, 5, 2]}}, {"homology": {"betti": [1, 0, 0], "torsion": [[], [], []]}}])
# Coproduct of a circle and a point: b0 = 2.
case({"coproduct": [S1, {"standard_simplex": 0}]}, ["homology"],
     [{"homology": {"betti": [2, 1], "torsion": [[], []]}}])


def chain_degree(edges, images):
    """The degree of a map of a cycle of edges to the one-edge circle: Σ ±[image is e]."""
    total = 0
    for (a, b), sign in edges:
        total += sign * (images[f"[{a},{b}]"] == "e")
    return abs(total)


# Maps of circles: a 4-cycle onto the one-vertex circle, two edges onto the loop and two
# collapsed, has degree 2; three edges onto the loop and one collapsed, degree 3 minus 1.
SQUARE = [[0, 1], [1, 2], [2, 3], [0, 3]]
CYCLE = [((0, 1), 1), ((1, 2), 1), ((2, 3), 1), ((0, 3), -1)]
for images in [{"[0,1]": "e", "[1,2]": "e", "[2,3]": "s0 v", "[0,3]": "s0 v"},
               {"[0,1]": "e", "[1,2]": "e", "[2,3]": "e", "[0,3]": "s0 v"},
               {"[0,1]": "e", "[1,2]": "s0 v", "[2,3]": "s0 v", "[0,3]": "e"}]:
    refs = {k: (v if v == "e" else {"simplex": "v", "degeneracies": [0]}) for k, v in images.items()}
    d = chain_degree(CYCLE, images)
    CASES.append({"capability": CAP,
                  "input": {"space": {"complex": SQUARE}, "map": {"codomain": S1, "images": refs},
                            "questions": ["induced_homology", "image", "induced_cohomology"]},
                  "expected": {"answers": [{"induced_homology": {"field": "Q", "degrees": [
                      {"degree": 0, "domain_betti": 1, "codomain_betti": 1, "rank": 1},
                      {"degree": 1, "domain_betti": 1, "codomain_betti": 1, "rank": int(d != 0)}]}},
                      {"image": {"counts": [1, 1]}},
                      {"induced_cohomology": {"field": "Q", "degrees": [
                          {"degree": 0, "rank": 1}, {"degree": 1, "rank": int(d != 0)}]}}]},
                  "induced_degree": [1, d]})

# The composite Δ¹ → Δ² → Δ¹ (inferred on edges from the vertices) is the identity on H_0, and the
# preimage of [1] under the vertex map 0 ↦ 0, 1 ↦ 2, 2 ↦ 1.
CASES.append({"capability": CAP,
              "input": {"space": {"standard_simplex": 1},
                        "map": {"codomain": {"standard_simplex": 2}, "images": {"[0]": "[0]", "[1]": "[2]"}},
                        "then": {"codomain": {"standard_simplex": 1},
                                 "images": {"[0]": "[0]", "[1]": "[1]", "[2]": "[1]"}},
                        "questions": ["map"]},
              "expected": {"answers": [{"map": {"images": {"[0]": "[0]", "[1]": "[1]", "[0,1]": "[0,1]"},
                                                "simplicial": True}}]}})

for c in CASES:
    # Only homology carries evidence (Smith forms for the matrix checker); the rest is computed.
    if "homology" not in c["input"]["questions"]:
        c["assurance"] = "COMPUTED"
    print(json.dumps(c))
