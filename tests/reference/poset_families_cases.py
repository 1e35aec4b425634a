"""Reference answers of poset.construct.standard: each poset is built here from the definition of
its order relation (not from a cover rule), its Hasse diagram is the transitive reduction of that
relation, and the counts are checked against published values — not by the capability's
construction.

Order relations (x ≤ y), each a conjunction of coordinate conditions, so the strict up-set of
every element is an intersection of precomputed bitsets:
- boolean: x ⊆ y;  divisors: x | y (v_p(x) ≤ v_p(y) for every prime p of n);  chain and
  chain_product: componentwise ≤;  young: λ_i ≤ μ_i for every i;
- partitions and noncrossing_partitions: x refines y (any two points in one block of x are in
  one block of y); non-crossing = no a < b < c < d with a, c in one block and b, d in another;
- tamari: Huang–Tamari (1972): for the i-th up step of a Dyck path let r_i be the number of up
  steps enclosed by it and its matching down step (itself included); P ≤ Q iff r_P ≤ r_Q
  componentwise;
- weak_order: Inv(u) ⊆ Inv(v), Inv(w) the set of value pairs a < b with b before a in w (the
  right weak order, Björner–Brenti, Combinatorics of Coxeter Groups, ch. 3);
- bruhat: the tableau criterion (Björner–Brenti, ch. 2): u ≤ v iff for every i the sorted
  first i entries of u are ≤ those of v entrywise.
The covers of x are its strict up-set minus the up-sets of the elements above it (the transitive
reduction); for the small instances networkx.transitive_reduction of the order DAG gives the same
covers. Rank of an element: the length of a longest chain from a minimal element up to it.

Published checks: B_n has 2^n elements, n·2^(n−1) covers, ranks C(n, k); the partition lattice
Π_n has Bell(n) elements (A000110), rank sizes S(n, n − r) and Σ_k S(n, k)·C(k, 2) covers; NC(n)
has Catalan C_n elements (A000108) and Narayana rank sizes (A001263); the Tamari lattice T_n has
C_n elements and (n − 1)·C_n/2 covers; the weak order on S_n has n!·(n − 1)/2 covers; the weak and
Bruhat orders have the Mahonian rank sizes (A008302), 1, 3, 5, 6, 5, 3, 1 for S_4; the divisor
lattice of 360 has 24 elements and rank sizes 1, 3, 5, 6, 5, 3, 1; Young's lattice up to n has
Σ_{k≤n} p(k) elements (A000041), rank sizes p(k). For Young's lattice with n = 17, the count of
covers is Σ_{|λ|<n} (number of distinct parts of λ + 1) (a partition has one addable corner more
than it has distinct parts), which the transitive reduction matches. The cover counts of the
Bruhat orders (8, 58 and 3,708 for S_3, S_4, S_6) and of NC(n) (28, 495, 8,008 for n = 4, 6, 8,
equal to C(2n, n − 2)) come from the transitive reduction alone.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json
import math

import networkx as nx
from sympy import bell, divisors, factorint
from sympy.functions.combinatorial.numbers import partition as npartitions
from sympy.functions.combinatorial.numbers import stirling

from permutation_reference import mahonian

CAP = "poset.construct.standard"
CASES = []


# --- generic: up-sets by intersections of bitsets, transitive reduction, ranks ---------------------

def up_sets_from_coordinates(items, coords):
    """coords(x) is a list of (key, value); x ≤ y iff coords_y[key] ≥ value for every (key, value)
    of x, where a key absent from y counts as 0. Returns the strict up-set bitmask of each item."""
    N = len(items)
    cy = [dict(coords(y)) for y in items]
    keys = sorted({k for c in cy for k in c})
    # at_least[key][v]: the items whose coordinate key is ≥ v.
    at_least = {}
    for k in keys:
        values = sorted({c.get(k, 0) for c in cy})
        table = {}
        for v in values:
            table[v] = sum(1 << j for j in range(N) if cy[j].get(k, 0) >= v)
        at_least[k] = table
    everyone = (1 << N) - 1
    ups = []
    for i, c in enumerate(cy):
        u = everyone
        for k, v in c.items():
            if v:
                u &= at_least[k][v]
        ups.append(u & ~(1 << i))
    return ups


def bits(m):
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def hasse(ups):
    covers = []
    for i, u in enumerate(ups):
        above = 0
        for z in bits(u):
            above |= ups[z]
        covers.extend((i, j) for j in bits(u & ~above))
    return covers


def rank_sizes(ups, covers):
    N = len(ups)
    order = sorted(range(N), key=lambda i: -bin(ups[i]).count("1"))   # a linear extension
    below = [[] for _ in range(N)]
    for a, b in covers:
        below[b].append(a)
    rank = [0] * N
    for y in order:
        rank[y] = max((rank[x] + 1 for x in below[y]), default=0)
    sizes = [0] * (max(rank, default=0) + 1)
    for r in rank:
        sizes[r] += 1
    return sizes


def check_with_networkx(ups, covers):
    g = nx.DiGraph()
    g.add_nodes_from(range(len(ups)))
    g.add_edges_from((i, j) for i, u in enumerate(ups) for j in bits(u))
    assert nx.is_directed_acyclic_graph(g)
    assert sorted(nx.transitive_reduction(g).edges()) == sorted(covers)


def analyse(items, coords, networkx_check=False):
    ups = up_sets_from_coordinates(items, coords)
    covers = hasse(ups)
    if networkx_check:
        check_with_networkx(ups, covers)
    return len(items), len(covers), rank_sizes(ups, covers)


# --- the families, element lists and order coordinates -----------------------------------------------

def boolean(n):
    items = [frozenset(s) for k in range(n + 1) for s in itertools.combinations(range(1, n + 1), k)]
    return items, lambda s: [(i, 1) for i in s]


def divisor_poset(n):
    return divisors(n), lambda d: [(p, e) for p, e in factorint(d).items()] if d > 1 else []


def chain_product(sizes):
    items = list(itertools.product(*[range(s) for s in sizes]))
    return items, lambda t: list(enumerate(t))


def set_partitions(n):
    """All set partitions of {1..n} as sorted tuples of sorted blocks."""
    if n == 0:
        return [()]
    out = []
    for p in set_partitions(n - 1):
        for i in range(len(p)):
            out.append(tuple(sorted(p[:i] + (p[i] + (n,),) + p[i + 1:])))
        out.append(tuple(sorted(p + ((n,),))))
    return out


def crossing(p):
    block = {x: k for k, b in enumerate(p) for x in b}
    n = len(block)
    return any(block[a] == block[c] and block[b] == block[d] and block[a] != block[b]
               for a, b, c, d in itertools.combinations(range(1, n + 1), 4))


def partition_poset(n, noncrossing=False):
    items = [p for p in set_partitions(n) if not (noncrossing and crossing(p))]
    return items, lambda p: [((a, b), 1) for blk in p for a, b in itertools.combinations(blk, 2)]


def integer_partitions(m, largest=None):
    largest = m if largest is None else largest
    if m == 0:
        return [()]
    return [(first,) + rest for first in range(min(m, largest), 0, -1) for rest in integer_partitions(m - first, first)]


def young(n):
    items = [lam for k in range(n + 1) for lam in integer_partitions(k)]
    return items, lambda lam: list(enumerate(lam))


def dyck_paths(n):
    """Words in U, D with n of each whose prefixes never have more D than U."""
    out = []

    def go(w, up, down):
        if up == down == n:
            out.append(w)
        if up < n:
            go(w + "U", up + 1, down)
        if down < up:
            go(w + "D", up, down + 1)
    go("", 0, 0)
    return out


def tamari_vector(w):
    out = []
    for i, s in enumerate(w):
        if s == "U":
            h, j = 0, i
            while True:
                h += 1 if w[j] == "U" else -1
                if h == 0:
                    break
                j += 1
            out.append(w[i:j + 1].count("U"))
    return out


def tamari(n):
    return dyck_paths(n), lambda w: list(enumerate(tamari_vector(w)))


def weak(n):
    items = list(itertools.permutations(range(1, n + 1)))

    def inv(w):
        pos = {v: i for i, v in enumerate(w)}
        return [((a, b), 1) for a, b in itertools.combinations(range(1, n + 1), 2) if pos[b] < pos[a]]
    return items, inv


def bruhat(n):
    items = list(itertools.permutations(range(1, n + 1)))
    # Coordinate (i, j): the j-th smallest of the first i entries.
    return items, lambda u: [((i, j), x) for i in range(1, n) for j, x in enumerate(sorted(u[:i]))]


def build(family, n=None, sizes=None):
    if family == "boolean":
        return boolean(n)
    if family == "divisors":
        return divisor_poset(n)
    if family == "chain":
        return chain_product([n])
    if family == "chain_product":
        return chain_product(sizes)
    if family == "partitions":
        return partition_poset(n)
    if family == "noncrossing_partitions":
        return partition_poset(n, noncrossing=True)
    if family == "young":
        return young(n)
    if family == "tamari":
        return tamari(n)
    if family == "weak_order":
        return weak(n)
    if family == "bruhat":
        return bruhat(n)
    raise ValueError(family)


def bruhat_leq(u, v):
    return all(a <= b for i in range(1, len(u)) for a, b in zip(sorted(u[:i]), sorted(v[:i])))


# The coordinate criterion of the Bruhat order (as used by up_sets_from_coordinates: x ≤ y iff
# every coordinate of y is ≥ that of x) is the tableau criterion itself; check it pairwise on S_4.
items, coords = bruhat(4)
ups = up_sets_from_coordinates(items, coords)
for i, u in enumerate(items):
    for j, v in enumerate(items):
        assert (i != j and bruhat_leq(u, v)) == bool(ups[i] >> j & 1)


# --- published values ---------------------------------------------------------------------------

def catalan(n):
    return math.comb(2 * n, n) // (n + 1)


def S2(n, k):
    return int(stirling(n, k, kind=2))


def published(family, n=None, sizes=None):
    """(elements, covers or None, rank_sizes or None) from closed forms."""
    if family == "boolean":
        return 2 ** n, n * 2 ** (n - 1) if n else 0, [math.comb(n, k) for k in range(n + 1)]
    if family == "chain":
        return n, n - 1, [1] * n
    if family == "partitions":
        return int(bell(n)), sum(S2(n, k) * math.comb(k, 2) for k in range(n + 1)), \
            [S2(n, n - r) for r in range(n)] if n else [1]
    if family == "noncrossing_partitions":
        narayana = [math.comb(n, k) * math.comb(n, k - 1) // n for k in range(1, n + 1)]
        return catalan(n), None, narayana
    if family == "tamari":
        return catalan(n), (n - 1) * catalan(n) // 2, None
    if family == "weak_order":
        return math.factorial(n), math.factorial(n) * (n - 1) // 2, mahonian(n)
    if family == "bruhat":
        return math.factorial(n), None, mahonian(n)
    if family == "young":
        lams = [lam for k in range(n) for lam in integer_partitions(k)]
        return sum(int(npartitions(k)) for k in range(n + 1)), sum(len(set(l)) + 1 for l in lams), \
            [int(npartitions(k)) for k in range(n + 1)]
    if family == "divisors":
        f = factorint(n)
        elements = math.prod(e + 1 for e in f.values())
        covers = sum(1 for d in divisors(n) for p in f if n % (d * p) == 0)
        return elements, covers, None
    if family == "chain_product":
        poly = [1]
        for s in sizes:
            new = [0] * (len(poly) + s - 1)
            for a, c in enumerate(poly):
                for b in range(s):
                    new[a + b] += c
            poly = new
        N = math.prod(sizes)
        covers = sum(N // s * (s - 1) for s in sizes)
        return N, covers, poly
    raise ValueError(family)


# --- cases ---------------------------------------------------------------------------------------

def case(family, n=None, sizes=None, networkx_check=False):
    items, coords = build(family, n, sizes)
    elements, covers, ranks = analyse(items, coords, networkx_check)
    pe, pc, pr = published(family, n, sizes)
    assert elements == pe, (family, n, elements, pe)
    assert pc is None or covers == pc, (family, n, covers, pc)
    assert pr is None or family == "tamari" or ranks == pr, (family, n, ranks, pr)
    inp = {"family": family}
    if sizes is not None:
        inp["sizes"] = sizes
    else:
        inp["n"] = n
    exp = {"family": family, "poset": {"elements": elements}, "cover_count": covers}
    if family != "tamari":
        exp["rank_sizes"] = ranks
    CASES.append({"capability": CAP, "input": inp, "expected": exp})
    return exp


# Boolean lattices.
case("boolean", 0, networkx_check=True)
case("boolean", 3, networkx_check=True)
case("boolean", 6)
case("boolean", 10)
# Divisor lattices: 360 = 2³·3²·5 has 24 divisors with rank sizes 1, 3, 5, 6, 5, 3, 1.
e = case("divisors", 360, networkx_check=True)
assert e["poset"]["elements"] == 24 and e["rank_sizes"] == [1, 3, 5, 6, 5, 3, 1]
case("divisors", 1)
case("divisors", 97)
case("divisors", 720720)
case("divisors", 10 ** 12)
case("divisors", 2 ** 39)
case("divisors", 999_999_999_989)          # the largest prime below 10^12
case("divisors", 735_134_400)              # 2^6·3^3·5^2·7·11·13·17, 1,344 divisors
# Chains and products of chains.
case("chain", 1)
case("chain", 12, networkx_check=True)
case("chain_product", sizes=[2, 3, 4], networkx_check=True)
case("chain_product", sizes=[5, 5])
case("chain_product", sizes=[2, 2, 2, 2, 2])
case("chain_product", sizes=[7])
# Partition lattices Π_n (Bell numbers) and non-crossing partition lattices NC(n) (Catalan).
case("partitions", 1)
case("partitions", 4, networkx_check=True)
case("partitions", 7)
for n in (4, 6, 8):
    e = case("noncrossing_partitions", n, networkx_check=n == 4)
    assert e["cover_count"] == math.comb(2 * n, n - 2)
# Young's lattice.
case("young", 5, networkx_check=True)
case("young", 12)
case("young", 17)
# Tamari lattices (no rank sizes: not graded).
case("tamari", 3, networkx_check=True)
case("tamari", 5)
case("tamari", 8)
# Weak and strong Bruhat orders.
e = case("weak_order", 4, networkx_check=True)
assert e["rank_sizes"] == [1, 3, 5, 6, 5, 3, 1] and e["cover_count"] == 36
case("weak_order", 6)
e = case("bruhat", 4, networkx_check=True)
assert e["poset"]["elements"] == 24 and e["rank_sizes"] == [1, 3, 5, 6, 5, 3, 1]
case("bruhat", 3)
case("bruhat", 6)

for c in CASES:
    print(json.dumps(c))
