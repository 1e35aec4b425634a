"""Reference answers of group.permutation.homomorphism, group.permutation.isomorphism and
group.permutation.automorphisms by brute force over the elements, never by GAP's algorithms
(GroupHomomorphismByImages, IsomorphismGroups, AutomorphismGroup) that the capabilities call.

Every group is enumerated by breadth-first search from the identity, multiplying by the
generators on the right (products read left to right: p·q applies p first), which also gives a
spanning tree: each element is its parent times one generator. A proposed map g_i ↦ h_i is
pushed along that tree (φ(x·s) = φ(x)·φ(s)) and is a well-defined homomorphism iff every edge of
the Cayley graph agrees, i.e. no element is reached with two different images. Then:

* homomorphism: image = the set of φ-values, kernel = the elements mapped to the identity;
* isomorphism: G ≅ H iff some assignment of G's generators to elements of H of the same orders
  extends to a well-defined homomorphism onto H (|G| = |H| makes it bijective);
* automorphisms: |Aut(G)| = the number of assignments of G's generators to elements of G that
  extend to a well-defined homomorphism onto G; |Z(G)| = the elements commuting with every
  generator. These counts are asserted against published values (Aut(C_n) = φ(n), Aut(D_n) of
  order n·φ(n), Aut(C_p^k) = GL(k, p), Aut(Q_8) ≅ S_4, Aut(A_4) ≅ Aut(S_4) ≅ S_4,
  Aut(A_5) ≅ Aut(S_5) ≅ S_5, Aut(SL(2, 3)) ≅ S_4); S_6 and A_6 are too large for the search
  here and use the published |Aut(S_6)| = 1440 and Aut(A_6) = PΓL(2, 9) of order 1440.

Group orders are also checked against SymPy's Schreier–Sims. Prints {"capability", "input",
"expected"} per line (plus "assurance": "COMPUTED" where the capability cannot verify the answer).
"""
import json
import random
from itertools import product

from sympy import totient
from sympy.combinatorics import Permutation, PermutationGroup

from permutation_reference import CASES, compose, cube_rotations, moved, out, perm, projective_line

rng = random.Random(20260311)


# ---------------------------------------------------------------------------------------------
# Permutations as 0-based image tuples; inputs keep the 1-based text they were written in.


def order_of(p):
    e, x, k = tuple(range(len(p))), p, 1
    while x != e:
        x, k = compose(x, p), k + 1
    return k


class Group:
    """All elements by BFS from the identity, with the spanning tree and the right
    multiplication by each generator as index tables."""

    def __init__(self, gens, n):
        self.text, self.n = gens, n
        self.gens = [perm(g, n) for g in gens]
        e = tuple(range(n))
        self.elements, self.index, self.tree = [e], {e: 0}, [None]
        i = 0
        while i < len(self.elements):
            x = self.elements[i]
            for s, g in enumerate(self.gens):
                y = compose(x, g)
                if y not in self.index:
                    self.index[y] = len(self.elements)
                    self.elements.append(y)
                    self.tree.append((i, s))
            i += 1
        self.right = [[self.index[compose(x, g)] for g in self.gens] for x in self.elements]
        self._table = None
        sympy_order = PermutationGroup([Permutation(list(g)) for g in self.gens]).order()
        assert sympy_order == len(self.elements), (gens, sympy_order, len(self.elements))

    def __len__(self):
        return len(self.elements)

    def table(self):
        if self._table is None:
            self._table = [[self.index[compose(x, y)] for y in self.elements] for x in self.elements]
        return self._table

    def orders(self):
        return [order_of(x) for x in self.elements]

    def input(self, key="generators", degree_key="degree"):
        d = {key: self.text}
        if max(moved(g) for g in self.text) < self.n:
            d[degree_key] = self.n
        return d


def extend(G, images, mul, identity):
    """φ on every element of G (by index) if g_i ↦ images[i] is a well-defined homomorphism,
    else None: φ is built along the BFS tree and every Cayley-graph edge x → x·g_s is checked."""
    phi = [identity]
    for k in range(1, len(G)):
        parent, s = G.tree[k]
        phi.append(mul(phi[parent], images[s]))
    for x in range(len(G)):
        for s in range(len(G.gens)):
            if phi[G.right[x][s]] != mul(phi[x], images[s]):
                return None
    return phi


def morphisms_onto(G, H):
    """Every assignment of G's generators to elements of H (as indices) with matching element
    orders that extends to a homomorphism onto H; yields the φ tables."""
    table, horders, gorders = H.table(), H.orders(), [order_of(g) for g in G.gens]
    candidates = [[i for i, o in enumerate(horders) if o == go] for go in gorders]
    mul = lambda a, b: table[a][b]
    for images in product(*candidates):
        phi = extend(G, images, mul, 0)
        if phi is not None and len(set(phi)) == len(H):
            yield phi


# ---------------------------------------------------------------------------------------------
# Groups used below (cycle strings unless an image list is clearer).

def sym(n):
    return Group(["(1,2)", "(" + ",".join(map(str, range(1, n + 1))) + ")"], n)


def cyclic(n, offset=0):
    return Group(["(" + ",".join(str(offset + i) for i in range(1, n + 1)) + ")"], offset + n)


def dihedral(n):
    rot = "(" + ",".join(map(str, range(1, n + 1))) + ")"
    refl = "".join(f"({i},{n + 1 - i})" for i in range(1, n // 2 + 1))
    return Group([rot, refl], n)


S3, S4, S5 = sym(3), sym(4), sym(5)
A4 = Group(["(1,2,3)", "(1,2)(3,4)"], 4)
A5 = Group(["(1,2,3)", "(1,2,3,4,5)"], 5)
D4 = Group(["(1,2,3,4)", "(1,3)"], 4)
Q8 = Group(["(1,2,4,6)(3,7,8,5)", "(1,3,4,8)(2,5,6,7)"], 8)
V4 = Group(["(1,2)(3,4)", "(1,3)(2,4)"], 4)
assert (len(S3), len(S4), len(S5), len(A4), len(A5), len(D4), len(Q8), len(V4)) == (6, 24, 120, 12, 60, 8, 8, 4)
assert sorted(Q8.orders()).count(4) == 6 and sorted(Q8.orders()).count(2) == 1  # Q_8: one involution


def regular(G):
    """G acting on its own elements by right multiplication (x ↦ x·g), as image lists."""
    return [[G.index[compose(x, g)] + 1 for x in G.elements] for g in G.gens]


def on_pairs(G):
    """G acting on the 2-subsets of its points, as image lists."""
    pairs = [(a, b) for a in range(G.n) for b in range(a + 1, G.n)]
    at = {p: k for k, p in enumerate(pairs)}
    return [[at[tuple(sorted((g[a], g[b])))] + 1 for a, b in pairs] for g in G.gens]


def sl2_3():
    """SL(2, 3) acting on the 8 non-zero row vectors of F_3^2 by v ↦ v·M."""
    vectors = [v for v in product(range(3), repeat=2) if v != (0, 0)]
    at = {v: k for k, v in enumerate(vectors)}
    mats = [((1, 1), (0, 1)), ((1, 0), (1, 1))]
    act = lambda v, m: ((v[0] * m[0][0] + v[1] * m[1][0]) % 3, (v[0] * m[0][1] + v[1] * m[1][1]) % 3)
    return [[at[act(v, m)] + 1 for v in vectors] for m in mats]


# ---------------------------------------------------------------------------------------------
# group.permutation.homomorphism

def homomorphism(G, images, m):
    """The case for g_i ↦ images[i] (permutations of m points)."""
    imgs = [perm(h, m) for h in images]
    e = tuple(range(m))
    phi = extend(G, imgs, compose, e)
    inp = G.input() | {"images": images}
    if max(moved(h) for h in images) < m:
        inp["image_degree"] = m
    expected = {"group_order": str(len(G)), "well_defined": phi is not None}
    if phi is not None:
        kernel = sum(1 for x in phi if x == e)
        image = len(set(phi))
        assert image * kernel == len(G)  # first isomorphism theorem
        expected |= {"image": {"order": str(image)}, "kernel": {"order": str(kernel)}, "injective": kernel == 1}
    out("group.permutation.homomorphism", inp, expected)
    return phi is not None


H = "group.permutation.homomorphism"
# S_4 → S_3 with (1,2) ↦ (1,2), (1,2,3,4) ↦ (1,3): onto S_3 with kernel V_4.
assert homomorphism(S4, ["(1,2)", "(1,3)"], 3)
# The sign maps S_n → C_2 = ⟨(1,2)⟩ on 2 points: (1,2) ↦ (1,2), the n-cycle ↦ its sign.
for G, k in [(S3, 3), (S5, 5), (sym(6), 6)]:
    assert homomorphism(G, [[2, 1], [2, 1] if k % 2 == 0 else [1, 2]], 2)
assert homomorphism(S4, ["(1,2)", "(1,2)"], 2)
# The wrong parity for the n-cycle is not a homomorphism.
assert not homomorphism(S5, [[2, 1], [2, 1]], 2)
# A_4 → C_3 (kernel V_4) and the map sending the involution to a 3-cycle (not one).
assert homomorphism(A4, ["(1,2,3)", "()"], 3)
assert not homomorphism(A4, ["(1,2,3)", "(1,2,3)"], 3)
# C_4 → ⟨(1,2,3)⟩ is not a homomorphism; C_4 → C_2 and C_6 → C_3 are.
assert not homomorphism(cyclic(4), ["(1,2,3)"], 3)
assert homomorphism(cyclic(4), ["(1,2)"], 2)
assert homomorphism(cyclic(6), ["(1,2,3)"], 3)
# Trivial maps.
assert homomorphism(S4, ["()", "()"], 3)
assert homomorphism(dihedral(5), [[1, 2, 3, 4], [1, 2, 3, 4]], 4)
# The identity map of S_5 and S_3 into its regular representation (both injective).
assert homomorphism(S5, ["(1,2)", "(1,2,3,4,5)"], 5)
assert homomorphism(S3, regular(S3), 6)
# D_6 → C_2: rotation ↦ 1, reflection ↦ (1,2); rotation ↦ (1,2) is one too (6 is even); for
# D_5 it is not.
assert homomorphism(dihedral(6), ["()", "(1,2)"], 2)
assert homomorphism(dihedral(6), ["(1,2)", "(1,2)"], 2)
assert not homomorphism(dihedral(5), ["(1,2)", "()"], 2)
# Q_8 → Q_8/Z = V_4, and Q_8 → S_3 with the two generators on different transpositions (no).
assert homomorphism(Q8, ["(1,2)", "(3,4)"], 4)
assert not homomorphism(Q8, ["(1,2)", "(1,3)"], 3)
# C_5 × S_5 (order 600) projected onto S_5.
C5S5 = Group(["(1,2)", "(1,2,3,4,5)", "(6,7,8,9,10)"], 10)
assert homomorphism(C5S5, ["(1,2)", "(1,2,3,4,5)", "()"], 5)
# A_4 on the 6 pairs of its points (injective, image order 12).
assert homomorphism(A4, on_pairs(A4), 6)
# Random images in S_3 and S_4; the brute force decides which are homomorphisms.
all_s3 = [list(x + 1 for x in p) for p in S3.elements]
all_s4 = [list(x + 1 for x in p) for p in S4.elements]
random_results = []
for G, pool, m in [(S3, all_s3, 3), (V4, all_s3, 3), (D4, all_s3, 3), (cyclic(6), all_s3, 3), (S4, all_s3, 3),
                   (D4, all_s4, 4), (V4, all_s4, 4), (Group(["(1,2)", "(3,4,5)"], 5), all_s3, 3),
                   (S3, all_s3, 3), (V4, all_s4, 4)]:
    random_results.append(homomorphism(G, [rng.choice(pool) for _ in G.gens], m))
assert any(random_results) and not all(random_results)

# ---------------------------------------------------------------------------------------------
# group.permutation.isomorphism

def isomorphism(G, target, target_degree):
    T = Group(target, target_degree)
    iso = len(G) == len(T) and next(morphisms_onto(G, T), None) is not None
    inp = G.input() | T.input("target", "target_degree")
    expected = {"order": str(len(G)), "target_order": str(len(T)), "isomorphic": iso}
    # Equal orders and no isomorphism: the capability cannot certify the negative answer.
    out("group.permutation.isomorphism", inp, expected,
        "COMPUTED" if not iso and len(G) == len(T) else None)
    return iso


assert isomorphism(S3, regular(S3), 6)
assert not isomorphism(D4, Q8.text, 8)
assert not isomorphism(Q8, D4.text, 4)
assert not isomorphism(cyclic(6), S3.text, 3)
assert isomorphism(Group(["(1,2)", "(3,4)"], 4), V4.text, 4)
assert isomorphism(Group(["(1,2,3)", "(2,3,4)"], 4), on_pairs(A4), 6)
assert not isomorphism(cyclic(4), V4.text, 4)
assert isomorphism(S4, cube_rotations(), 8)
assert not isomorphism(S4, sl2_3(), 8)  # SL(2, 3) has a single involution
assert not isomorphism(S4, ["(1,2,3)", "(1,2)(3,4)", "(5,6)"], 6)  # A_4 × C_2
assert isomorphism(Group(["(1,2)", "(3,4,5)"], 5), cyclic(6).text, 6)
assert isomorphism(dihedral(6), ["(1,2)", "(1,2,3)", "(4,5)"], 5)  # D_6 ≅ S_3 × C_2
assert isomorphism(D4, ["(1,2)", "(3,4)", "(1,3)(2,4)"], 4)
assert isomorphism(A5, projective_line(5, [(1, 1, 0, 1), (0, 4, 1, 0)]), 6)  # PSL(2, 5)
assert isomorphism(S5, projective_line(5, [(1, 1, 0, 1), (0, 4, 1, 0), (2, 0, 0, 1)]), 6)  # PGL(2, 5)
assert not isomorphism(A5, ["(1,2,3)", "(1,2)(3,4)", "(5,6,7,8,9)"], 9)  # A_4 × C_5
assert not isomorphism(Group(["(1,2)", "(3,4)", "(5,6)"], 6), ["(1,2,3,4)", "(5,6)"], 6)  # C_2^3, C_4 × C_2
# Different orders: no isomorphism, certified by the orders alone.
assert not isomorphism(S3, S4.text, 4)
assert not isomorphism(cyclic(5), cyclic(6).text, 6)

# ---------------------------------------------------------------------------------------------
# group.permutation.automorphisms

def automorphisms(G, published=None):
    center = sum(1 for x in G.elements if all(compose(x, g) == compose(g, x) for g in G.gens))
    if len(G) <= 200:
        aut = sum(1 for _ in morphisms_onto(G, G))
        if published is not None:
            assert aut == published, (G.text, aut, published)
    else:
        aut = published
    inner = len(G) // center
    assert aut % inner == 0  # Inn(G) is a subgroup of Aut(G)
    outer = aut // inner
    out("group.permutation.automorphisms", G.input(),
        {"order": str(len(G)), "center_order": str(center), "automorphism_group_order": str(aut),
         "inner_order": str(inner), "outer_order": str(outer), "complete": center == 1 and outer == 1})


# Aut(C_n) ≅ (Z/n)^×, of order φ(n).
for n in [5, 7, 8, 12]:
    automorphisms(cyclic(n), int(totient(n)))
automorphisms(V4, 6)                                      # Aut(C_2^2) = GL(2, 2) ≅ S_3
automorphisms(Group(["(1,2)", "(3,4)", "(5,6)"], 6), 168)  # |GL(3, 2)| = 7·6·4
automorphisms(Group(["(1,2,3)", "(4,5,6)"], 6), 48)       # |GL(2, 3)| = 8·6
automorphisms(Group(["(1,2,3,4)", "(5,6)"], 6), 8)        # Aut(C_4 × C_2) ≅ D_4
automorphisms(S3, 6)                                      # S_3 is complete
automorphisms(D4, 8)                                      # Aut(D_n) has order n·φ(n)
automorphisms(dihedral(5), 5 * int(totient(5)))
automorphisms(dihedral(6), 6 * int(totient(6)))
automorphisms(Q8, 24)                                     # Aut(Q_8) ≅ S_4
automorphisms(A4, 24)                                     # Aut(A_4) ≅ S_4
automorphisms(S4, 24)                                     # S_4 is complete
automorphisms(Group(sl2_3(), 8), 24)                      # Aut(SL(2, 3)) ≅ S_4
automorphisms(A5, 120)                                    # Aut(A_5) ≅ S_5
automorphisms(S5, 120)                                    # S_5 is complete
automorphisms(sym(6), 1440)                               # Out(S_6) = C_2 (the exceptional one)
automorphisms(Group(["(1,2,3)", "(2,3,4,5,6)"], 6), 1440)  # A_6: Aut = PΓL(2, 9), Out = C_2^2

for c in CASES:
    print(json.dumps(c))
