"""Reference cases for the group pack (tests/groups.rs), one JSON object per line.

Each case is {"capability", "input", "expected"} (the output must contain `expected`), with
optional "class_sizes" (the multiset of conjugacy-class sizes). Values come from SymPy's
combinatorics (1-based here, 0-based in SymPy) or from brute force over the group's elements,
never from GAP.
"""

import itertools
import json
import random
from fractions import Fraction

from sympy.combinatorics import Permutation, PermutationGroup
from sympy.combinatorics.fp_groups import FpGroup
from sympy.combinatorics.free_groups import free_group
from sympy.combinatorics.named_groups import AlternatingGroup, DihedralGroup, SymmetricGroup

rng = random.Random(20261204)


def out(capability, input, expected, **extra):
    print(json.dumps({"capability": capability, "input": input, "expected": expected, **extra}))


def images(p, n):
    """A SymPy permutation as a 1-based image list on n points."""
    return [p(i) + 1 for i in range(n)]


def sym(gens, n):
    return PermutationGroup([Permutation([x - 1 for x in g], size=n) for g in gens])


def random_perm(n, moves):
    p = list(range(1, n + 1))
    for _ in range(moves):
        i, j = rng.randrange(n), rng.randrange(n)
        p[i], p[j] = p[j], p[i]
    return p


def closure(gens, seed, as_set):
    """The orbit of a set or tuple of points by closure under the generators."""
    norm = (lambda t: tuple(sorted(t))) if as_set else tuple
    seen, frontier = {norm(seed)}, [norm(seed)]
    while frontier:
        new = []
        for s in frontier:
            for g in gens:
                t = norm(g[x - 1] for x in s)
                if t not in seen:
                    seen.add(t)
                    new.append(t)
        frontier = new
    return seen


# Random groups: some generate S_n, some proper subgroups.
groups = []
for trial in range(24):
    n = rng.randint(4, 10)
    k = rng.randint(1, 3)
    gens = [random_perm(n, rng.randint(1, 3)) for _ in range(k)]
    groups.append((gens, n))
# Standard families.
for n in [5, 6, 7]:
    groups.append(([images(g, n) for g in SymmetricGroup(n).generators], n))
    groups.append(([images(g, n) for g in AlternatingGroup(n).generators], n))
for n in [4, 5, 8]:
    groups.append(([images(g, n) for g in DihedralGroup(n).generators], n))

for gens, n in groups:
    G = sym(gens, n)
    out("group.permutation.order", {"generators": gens, "degree": n}, {"order": str(G.order())})
    orbits = sorted(sorted(x + 1 for x in o) for o in G.orbits())
    expected = {
        "order": str(G.order()),
        "orbits": orbits,
        "transitive": G.is_transitive(),
        "abelian": G.is_abelian,
    }
    out("group.permutation.properties",
        {"generators": gens, "degree": n, "properties": ["order", "orbits", "transitive", "abelian"]}, expected)
    props = {
        "solvable": G.is_solvable,
        "nilpotent": G.is_nilpotent,
        "derived_series": [str(H.order()) for H in G.derived_series()],
        "lower_central_series": [str(H.order()) for H in G.lower_central_series()],
        "center": {"order": str(G.center().order())},
    }
    if G.is_transitive():
        props["primitive"] = G.is_primitive()
    out("group.permutation.properties",
        {"generators": gens, "degree": n, "properties": sorted(props)}, props)
    if G.order() <= 720:
        classes = G.conjugacy_classes()
        out("group.permutation.subgroups", {"generators": gens, "degree": n, "operation": "conjugacy_classes"},
            {"order": str(G.order()), "count": len(classes)}, class_sizes=sorted(len(c) for c in classes))
    for p in [2, 3]:
        out("group.permutation.subgroups", {"generators": gens, "degree": n, "operation": "sylow", "prime": p},
            {"subgroups": [{"order": str(G.sylow_subgroup(p).order())}]})
    # Membership of a random permutation and of a product of generators.
    x = random_perm(n, 3)
    out("group.permutation.membership", {"generators": gens, "degree": n, "element": x},
        {"member": G.contains(Permutation([v - 1 for v in x], size=n))})
    y = images(G.generators[0] * G.generators[-1] ** -1, n)
    out("group.permutation.membership", {"generators": gens, "degree": n, "element": y}, {"member": True})
    # Orbits and stabilizers.
    out("group.action.orbit", {"generators": gens, "degree": n, "action": "points", "seed": 1},
        {"length": str(len(G.orbit(0))), "stabilizer": {"order": str(G.stabilizer(0).order())}})
    pair_orbit = closure(gens, (1, 2), True)
    out("group.action.orbit", {"generators": gens, "degree": n, "action": "sets", "seed": [1, 2]},
        {"length": str(len(pair_orbit))})
    tuple_orbit = closure(gens, (1, 2), False)
    assert len(tuple_orbit) == len(G.orbit((0, 1), action="tuples"))
    out("group.action.orbit", {"generators": gens, "degree": n, "action": "tuples", "seed": [1, 2]},
        {"length": str(len(tuple_orbit))})

# Burnside counts by brute force over the elements.
for gens, n in groups + [([[2, 3, 4, 5, 6, 1], [1, 6, 5, 4, 3, 2]], 6)]:
    G = sym(gens, n)
    if G.order() > 400 or n > 8:
        continue
    elements = list(G.generate())
    cycles = [len(g.full_cyclic_form) for g in elements]
    colourings = Fraction(sum(3 ** c for c in cycles), len(elements))
    subsets = []
    for k in range(n + 1):
        fixed = 0
        for g in elements:
            for s in itertools.combinations(range(n), k):
                if sorted(g(i) for i in s) == list(s):
                    fixed += 1
        subsets.append(str(Fraction(fixed, len(elements))))
    out("group.action.burnside", {"generators": gens, "degree": n, "colours": 3},
        {"order": str(G.order()), "colouring_orbits": str(colourings), "subset_orbits": subsets,
         "point_orbits": str(len(G.orbits()))})

# Permutation arithmetic.
for trial in range(30):
    n = rng.randint(2, 12)
    p, q = random_perm(n, 4), random_perm(n, 4)
    P, Q = Permutation([v - 1 for v in p]), Permutation([v - 1 for v in q])
    k = rng.randint(-50, 50)
    for op, perms, result, extra in [
        ("product", [p, q], P * Q, {}),
        ("inverse", [p], P ** -1, {}),
        ("power", [p], P ** k, {"exponent": k}),
        ("commutator", [p, q], P ** -1 * Q ** -1 * P * Q, {}),
        ("conjugate", [p, q], Q ** -1 * P * Q, {}),
        ("describe", [p], P, {}),
    ]:
        ct = sorted((l for l, m in result.cycle_structure.items() for _ in range(m)), reverse=True)
        out("group.permutation.arithmetic", {"operation": op, "permutations": perms, "degree": n, **extra},
            {"images": images(result, n), "order": str(result.order()), "sign": result.signature(),
             "cycle_type": ct})
    out("group.permutation.conjugate", {"x": p, "y": q, "degree": n},
        {"conjugate": P.cycle_structure == Q.cycle_structure})

# Standard groups by their known orders (SymPy's where it has the family).
for family, n, q, order in [
    ("symmetric", 7, None, SymmetricGroup(7).order()),
    ("alternating", 8, None, AlternatingGroup(8).order()),
    ("dihedral", 9, None, DihedralGroup(9).order()),
    ("cyclic", 12, None, 12),
    ("quaternion", 8, None, 8),
    ("elementary_abelian", 27, None, 27),
    ("mathieu", 11, None, 7920),
    ("mathieu", 12, None, 95040),
    ("mathieu", 22, None, 443520),
    ("psl", 2, 7, 168),
    ("psl", 3, 3, 5616),
    ("pgl", 2, 5, 120),
]:
    input = {"family": family, "n": n} | ({"q": q} if q else {})
    out("group.construct.named", input, {"order": str(order)})

# Finitely presented groups: SymPy's coset enumeration.
F, a, b = free_group("a, b")
for rels, text in [
    ([a**2, b**3, (a * b) ** 5], ["a^2", "b^3", "(a*b)^5"]),
    ([a**2, b**3, (a * b) ** 4], ["a^2", "b^3", "(a*b)^4"]),
    ([a**2, b**2, (a * b) ** 6], ["a^2", "b^2", "(a*b)^6"]),
    ([a**4, b**2, (a * b) ** 2], ["a^4", "b^2", "a*b = b*a^-1"]),
    ([a**3, b**3, (a * b) ** 3, (a * b**-1) ** 3], ["a^3", "b^3", "(a*b)^3", "(a b^-1)^3"]),
]:
    G = FpGroup(F, rels)
    out("group.fp.compute", {"group": {"generators": ["a", "b"], "relators": text}, "properties": ["order"]},
        {"order": str(G.order())})
    out("group.fp.compute", {"group": {"generators": ["a", "b"], "relators": text}, "properties": ["index"],
                             "subgroup": ["a"]},
        {"index": str(G.index([a]))})

# Words of a free group: SymPy reduces its free-group elements freely, cyclic_reduction strips
# u...u^-1, and is_cyclic_conjugate matches cyclic permutations (inverses tried as well).
def our_text(w):
    if w.is_identity:
        return "1"
    return "*".join(str(g) if e == 1 else f"{g}^{e}" for g, e in w.array_form)


def sympy_word(text):
    return eval(text.replace("^", "**"), {"a": a, "b": b, "c": c})


F3, a, b, c = free_group("a, b, c")
relators = ["a^2", "b^3", "(a*b)^5", "[a,c]", "a*b*c*a^-1*b^-1"]
sympy_relators = [a**2, b**3, (a * b) ** 5, a**-1 * c**-1 * a * c, a * b * c * a**-1 * b**-1]
words = ["a*b*b^-1*a", "a^3*a^-3", "c*a*b^2*b^-2*a^-1*c^-1", "b*a*b*a*b*a*b*a*b*a", "b^-3", "a^-1*c^-1*a*c",
         "c^2*a*b*c^-2", "b^2*a*b^-1*a^-1", "c*b*c*a^-1*b^-1*c^-1", "a*b*c*a*b"]
parsed = [sympy_word(w.replace("^-1", "^(-1)").replace("^-2", "^(-2)").replace("^-3", "^(-3)")) for w in words]
matches = []
for w in parsed:
    found = None
    for k, r in enumerate(sympy_relators):
        if w.cyclic_reduction().is_cyclic_conjugate(r.cyclic_reduction()) or \
                w.cyclic_reduction().is_cyclic_conjugate((r**-1).cyclic_reduction()):
            found = k
            break
    matches.append(found)
out("group.fp.compute", {"group": {"generators": ["a", "b", "c"], "relators": relators},
                         "properties": ["free_reduce", "relator_match"], "words": words},
    {"reduced_words": [our_text(w) for w in parsed],
     "cyclically_reduced_words": [our_text(w.cyclic_reduction()) for w in parsed],
     "relator_matches": matches})

# Transformation semigroups by brute-force closure.
for gens in [[[2, 3, 1], [2, 1, 3], [1, 1, 3]], [[2, 2, 3], [1, 3, 3]], [[2, 3, 4, 1], [1, 1, 3, 4]], [[2, 1], [1, 2]]]:
    n = len(gens[0])
    compose = lambda s, t: tuple(t[x - 1] for x in s)  # s then t
    elements = {tuple(g) for g in gens}
    frontier = list(elements)
    while frontier:
        new = []
        for s in frontier:
            for g in gens:
                u = compose(s, tuple(g))
                if u not in elements:
                    elements.add(u)
                    new.append(u)
        frontier = new
    idempotents = sum(1 for s in elements if compose(s, s) == s)
    commutative = all(compose(s, t) == compose(t, s) for s in elements for t in elements)
    out("semigroup.transformation.properties", {"generators": gens},
        {"size": str(len(elements)), "idempotents": str(idempotents), "commutative": commutative,
         "contains_identity": tuple(range(1, n + 1)) in elements})
