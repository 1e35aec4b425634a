"""Reference answers of topology.simplicial_complex.compute from published values and brute force.

- Named triangulations and their published f-vectors: the 7-vertex torus (7, 21, 14), the 6-vertex
  RP² (6, 15, 10), the 5-vertex Möbius strip (5, 10, 5), a 16-vertex Klein bottle on a 4 × 4 grid
  (16, 48, 32), S^n = ∂Δ^(n+1) with C(n + 2, k + 1) faces of dimension k.
- Betti numbers of the cohomology ring over Q and F_2: torus 1, 2, 1 over both; RP² 1, 0, 0 over Q
  and 1, 1, 1 over F_2; Klein bottle 1, 1, 0 over Q and 1, 2, 1 over F_2; Möbius strip 1, 1, 0.
  The cup pairing H¹ × H¹ → H² of a closed surface is nondegenerate over F_2 (Poincaré duality);
  it is alternating (every square zero) exactly for the orientable ones: rank 2 alternating for
  the torus, rank 2 not alternating for the Klein bottle, rank 1 for RP² (a² ≠ 0).
- Closed surfaces and spheres are homology manifolds; the Möbius strip is one with boundary; a
  bowtie of two triangles sharing a vertex is not.
- Local homology from links computed here by hand: the apex of a cone over two disjoint circles
  has H_1 = Z (the two components of its link) and H_2 = Z², a vertex of degree 3 in a graph H_1 = Z², a facet Z in its own dimension.
- Order complexes: the number of chains of each size counted by brute force over subsets of a
  random poset; dual complexes: the f-vector of the closure of the strata.
- Boundaries: ∂[v_0…v_k] = Σ (−1)^i [… v̂_i …] evaluated here on random oriented chains.
- Simplicial maps of circles: the hexagon wound twice around a triangle has degree 2 on H_1 and H¹.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json
import math
import random
from fractions import Fraction

CAP = "topology.simplicial_complex.compute"
CASES = []
rng = random.Random(20261206)


def case(inp, expected, assurance="COMPUTED", **extra):
    c = {"capability": CAP, "input": inp, "expected": {"answers": expected}, "assurance": assurance}
    c.update(extra)
    CASES.append(c)


# Named spaces: f-vectors and Euler characteristics.
for space, fv in [("torus", [7, 21, 14]), ("projective_plane", [6, 15, 10]), ("mobius_strip", [5, 10, 5]),
                  ("klein_bottle", [16, 48, 32])]:
    chi = sum((-1) ** k * c for k, c in enumerate(fv))
    case({"space": space, "questions": ["materialize"]},
         [{"materialize": {"f_vector": fv, "euler_characteristic": chi, "dimension": 2}}])
for n in range(0, 6):
    fv = [math.comb(n + 2, k + 1) for k in range(n + 1)]
    case({"space": {"sphere": n}, "questions": ["materialize"]},
         [{"materialize": {"f_vector": fv, "euler_characteristic": 1 + (-1) ** n, "dimension": n}}])
    case({"space": {"simplex": n}, "questions": ["materialize"]},
         [{"materialize": {"f_vector": [math.comb(n + 1, k + 1) for k in range(n + 1)], "euler_characteristic": 1}}])

# Cohomology rings.
for space, field, betti, pairing in [
    ("torus", "Q", [1, 2, 1], {"rank": 2}),
    ("torus", "F_2", [1, 2, 1], {"rank": 2, "alternating": True}),
    ("klein_bottle", "F_2", [1, 2, 1], {"rank": 2, "alternating": False}),
    ("klein_bottle", "Q", [1, 1, 0], None),
    ("projective_plane", "F_2", [1, 1, 1], {"rank": 1, "alternating": False}),
    ("projective_plane", "Q", [1, 0, 0], None),
    ("mobius_strip", "Q", [1, 1, 0], None),
    ("projective_plane", "F_3", [1, 0, 0], None),
]:
    extra = {"cup_pairing": pairing} if pairing else {}
    case({"space": space, "field": field, "questions": ["cohomology_ring"]},
         [{"cohomology_ring": {"betti": betti}}], **extra)
for n in range(1, 4):
    case({"space": {"sphere": n}, "questions": ["cohomology_ring"]},
         [{"cohomology_ring": {"betti": [1] + [0] * (n - 1) + [1]}}])

# Homology manifolds (VERIFY: every link's homology is replayed).
for space in ["torus", "projective_plane", "klein_bottle", {"sphere": 2}, {"sphere": 3}]:
    case({"space": space, "questions": ["homology_manifold"]},
         [{"homology_manifold": {"homology_manifold": True, "with_boundary": True, "boundary_faces": 0}}], "VERIFIED")
case({"space": "mobius_strip", "questions": ["homology_manifold"]},
     [{"homology_manifold": {"homology_manifold": False, "with_boundary": True}}], "VERIFIED")
case({"space": {"simplex": 3}, "questions": ["homology_manifold"]},
     [{"homology_manifold": {"homology_manifold": False, "with_boundary": True}}], "VERIFIED")
case({"space": {"facets": [[0, 1, 2], [0, 3, 4]]}, "questions": ["homology_manifold"]},
     [{"homology_manifold": {"homology_manifold": False, "with_boundary": False}}], "VERIFIED")

# Local homology.
cone = [[9, 0, 1], [9, 1, 2], [9, 2, 0], [9, 3, 4], [9, 4, 5], [9, 5, 3]]
case({"space": {"facets": cone}, "questions": [{"local_homology": [9]}]},
     [{"local_homology": {"groups": [{"degree": 1, "betti": 1, "torsion": []},
                                     {"degree": 2, "betti": 2, "torsion": []}]}}], "VERIFIED")
case({"space": {"facets": [[0, 1], [0, 2], [0, 3]]}, "questions": [{"local_homology": [0]}]},
     [{"local_homology": {"groups": [{"degree": 1, "betti": 2, "torsion": []}]}}], "VERIFIED")
# A facet's link is empty: nothing for the checker to replay.
case({"space": "torus", "questions": [{"local_homology": [0, 1, 3]}]},
     [{"local_homology": {"groups": [{"degree": 2, "betti": 1, "torsion": []}]}}])
case({"space": "mobius_strip", "questions": [{"local_homology": [0, 2]}]},
     [{"local_homology": {"groups": []}}], "VERIFIED")


# Order complexes of random posets: chains by size, counted over subsets.
def random_poset(n):
    order = list(range(n))
    rng.shuffle(order)
    rel = [[order[i], order[j]] for i in range(n) for j in range(i + 1, n) if rng.random() < 0.35]
    return rel


def closure(n, rel):
    less = [[False] * n for _ in range(n)]
    for a, b in rel:
        less[a][b] = True
    for k in range(n):
        for i in range(n):
            for j in range(n):
                if less[i][k] and less[k][j]:
                    less[i][j] = True
    return less


for _ in range(10):
    n = rng.randint(1, 7)
    rel = random_poset(n)
    less = closure(n, rel)
    counts = []
    for size in range(1, n + 1):
        c = sum(1 for s in itertools.combinations(range(n), size)
                if all(less[a][b] or less[b][a] for a, b in itertools.combinations(s, 2)))
        if c == 0:
            break
        counts.append(c)
    case({"space": {"order_complex": {"elements": n, "relations": rel}}, "questions": ["materialize"]},
         [{"materialize": {"f_vector": counts}}])
# The proper part of the Boolean lattice B_3 (six elements) is a hexagon, a circle.
b3 = [[a, b] for a in range(6) for b in range(6)
      if {0: {0}, 1: {1}, 2: {2}, 3: {0, 1}, 4: {0, 2}, 5: {1, 2}}[a] < {0: {0}, 1: {1}, 2: {2}, 3: {0, 1}, 4: {0, 2}, 5: {1, 2}}[b]]
case({"space": {"order_complex": {"elements": 6, "relations": b3}}, "questions": ["materialize", "homology_manifold"]},
     [{"materialize": {"f_vector": [6, 6], "euler_characteristic": 0}},
      {"homology_manifold": {"homology_manifold": True}}], "VERIFIED")

# Dual complexes.
case({"space": {"dual_complex": {"components": 3, "strata": [[0, 1], [1, 2], [0, 2]]}}, "questions": ["materialize"]},
     [{"materialize": {"f_vector": [3, 3], "euler_characteristic": 0}}])
case({"space": {"dual_complex": {"components": 3, "strata": [[0, 1, 2]]}}, "questions": ["materialize"]},
     [{"materialize": {"f_vector": [3, 3, 1], "euler_characteristic": 1}}])
case({"space": {"dual_complex": {"components": 4, "strata": [[0, 1], [2, 3]]}}, "questions": ["materialize", "verify"]},
     [{"materialize": {"f_vector": [4, 2]}}, {"verify": {"components": 2}}])

# Well-formedness.
case({"space": {"facets": [[0, 1, 2], [1, 2], [2, 1, 0], [3]]}, "questions": ["verify"]},
     [{"verify": {"well_formed": False, "repeated_facets": [2], "non_maximal_facets": [1], "pure": False,
                  "components": 2, "maximal_facets": 2}}])


# Boundaries of random chains over Q.
def faces_of(facets):
    out = set()
    for f in facets:
        for k in range(1, len(f) + 1):
            out.update(tuple(sorted(s)) for s in itertools.combinations(f, k))
    return out


def text(x):
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


for _ in range(10):
    facets = [[0, 1, 2, 3], [2, 3, 4], [4, 5]]
    k = rng.randint(1, 3)
    pool = sorted(s for s in faces_of(facets) if len(s) == k + 1)
    chosen = rng.sample(pool, rng.randint(1, min(3, len(pool))))
    terms, total = [], {}
    for s in chosen:
        perm = list(s)
        rng.shuffle(perm)
        c = Fraction(rng.randint(-3, 3), rng.randint(1, 2))
        terms.append({"simplex": perm, "coefficient": text(c)})
        sign = 1 if sum(1 for i in range(len(perm)) for j in range(i + 1, len(perm)) if perm[i] > perm[j]) % 2 == 0 else -1
        for i in range(len(s)):
            face = s[:i] + s[i + 1:]
            total[face] = total.get(face, 0) + sign * c * (-1) ** i
    want = [{"simplex": list(f), "coefficient": text(v)} for f, v in sorted(total.items()) if v != 0]
    case({"space": {"facets": facets}, "questions": [{"boundary": terms}]},
         [{"boundary": {"degree": k, "boundary": want, "cycle": not want}}])

# Cup products on a circle: 1 ∪ α = α, nonzero; α ∪ α lands above the dimension.
circle = [[0, 1], [1, 2], [0, 2]]
one = [{"simplex": [v], "coefficient": 1} for v in range(3)]
alpha = [{"simplex": [0, 1], "coefficient": 1}]
case({"space": {"facets": circle}, "questions": [{"cup_product": {"left": one, "right": alpha}},
                                                  {"cup_product": {"left": alpha, "right": alpha}}]},
     [{"cup_product": {"degree": 1, "left_cocycle": True, "right_cocycle": True, "zero_in_cohomology": False,
                       "product": [{"simplex": [0, 1], "coefficient": "1"}]}},
      {"cup_product": {"degree": 2, "zero_in_cohomology": True}}])

# Simplicial maps of circles.
hexagon = [[i, (i + 1) % 6] for i in range(6)]
triangle = [[0, 1], [1, 2], [0, 2]]
case({"space": {"facets": hexagon}, "questions": [{"simplicial_map": {"target": triangle,
                                                                      "vertex_map": [[v, v % 3] for v in range(6)]}}]},
     [{"simplicial_map": {"simplicial": True}}], induced_abs={"homology": [[0, "1"], [1, "2"]], "cohomology": [[0, "1"], [1, "2"]]})
case({"space": {"facets": triangle}, "questions": [{"simplicial_map": {"target": triangle,
                                                                       "vertex_map": [[0, 0], [1, 2], [2, 1]]}}]},
     [{"simplicial_map": {"simplicial": True}}], induced_abs={"homology": [[1, "1"]], "cohomology": [[1, "1"]]})
case({"space": {"facets": triangle}, "questions": [{"simplicial_map": {"target": [[0, 1], [1, 2]],
                                                                       "vertex_map": [[0, 0], [1, 1], [2, 2]]}}]},
     [{"simplicial_map": {"simplicial": False}}])
# A constant map kills H_1.
case({"space": {"facets": triangle}, "field": "F_5",
      "questions": [{"simplicial_map": {"target": [[7]], "vertex_map": [[0, 7], [1, 7], [2, 7]]}}]},
     [{"simplicial_map": {"simplicial": True, "image": [[7]]}}], induced_abs={"homology": [[0, "1"]]})

for c in CASES:
    print(json.dumps(c))
