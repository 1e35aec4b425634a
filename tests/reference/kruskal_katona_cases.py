"""Reference answers of combinatorics.kruskal_katona.compute by brute force over families of sets
and by the definitions, not by the capability's bisection or colex successor.

- Cascades: the k-cascade m = C(a_k, k) + … + C(a_t, t), a_k > … > a_t ≥ t ≥ 1, is unique; each
  expected cascade is found greedily by a linear scan for the largest a_i with C(a_i, i) ≤ the
  remainder, and then checked: the terms are strictly decreasing, a_t ≥ t ≥ 1, and the binomials
  sum back to m (math.comb; also for 50- and 300-digit m).
- Minimum shadow Σ C(a_i, i − 1): confirmed by brute force over ALL families of m k-subsets of
  [n] (n = 6 with k = 2, 3, 4 and n = 5 with k = 2, 3: every subfamily of the C(n, k) sets, its
  shadow the union of the members' shadows as bitsets), and, independently, as the shadow size of
  the first m k-sets in colex order for many (k, m) (the Kruskal–Katona theorem: that segment is
  optimal).
- Colex order: all k-subsets of [N] sorted by their reversed tuples (largest elements compared
  first); the first m of them.
- Shadows of given families: every (k − 1)-subset of every member, as a sorted set of sorted
  tuples. The seven lines of the Fano plane cover all C(7, 2) = 21 pairs (each pair lies on a
  line), far above the bound 9 for seven 3-sets; colex initial segments are extremal.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json
import math
import random
import sys

sys.set_int_max_str_digits(0)

CAP = "combinatorics.kruskal_katona.compute"
rng = random.Random(20260713)
CASES = []


def cascade(m, k):
    out = []
    i = k
    while m > 0:
        assert i >= 1
        a = i
        while math.comb(a + 1, i) <= m:
            a += 1
        out.append((a, i))
        m -= math.comb(a, i)
        i -= 1
    return out


def fast_cascade(m, k):
    """The same greedy choice with a bisection on a, for 50-digit m; checked against cascade()."""
    out = []
    i = k
    while m > 0:
        lo, hi = i, i + 1
        while math.comb(hi, i) <= m:
            hi *= 2
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if math.comb(mid, i) <= m:
                lo = mid
            else:
                hi = mid
        out.append((lo, i))
        m -= math.comb(lo, i)
        i -= 1
    return out


def check_cascade(c, m, k):
    assert sum(math.comb(a, i) for a, i in c) == m
    assert [i for _, i in c] == list(range(k, k - len(c), -1))
    assert all(c[j][0] > c[j + 1][0] for j in range(len(c) - 1))
    assert all(a >= i >= 1 for a, i in c)


def bound(c):
    return sum(math.comb(a, i - 1) for a, i in c)


def colex(m, k):
    n = k
    while math.comb(n, k) < m:
        n += 1
    sets = sorted(itertools.combinations(range(1, n + 1), k), key=lambda s: s[::-1])
    return [list(s) for s in sets[:m]]


def shadow(family):
    return sorted({tuple(sorted(u)) for s in family for u in itertools.combinations(sorted(s), len(s) - 1)})


# Brute force over every family of m k-subsets of [n]: the least shadow size for each m.
def brute_minimum(n, k):
    sets = list(itertools.combinations(range(n), k))
    pairs = {p: j for j, p in enumerate(itertools.combinations(range(n), k - 1))}
    sh = [sum(1 << pairs[u] for u in itertools.combinations(s, k - 1)) for s in sets]
    N = len(sets)
    best = [None] * (N + 1)
    best[0] = 0
    union = [0] * (1 << N)
    for F in range(1, 1 << N):
        low = F & -F
        union[F] = union[F ^ low] | sh[low.bit_length() - 1]
        size, m = bin(union[F]).count("1"), bin(F).count("1")
        if best[m] is None or size < best[m]:
            best[m] = size
    return best


for n, k in [(5, 2), (5, 3), (6, 2), (6, 3), (6, 4)]:
    best = brute_minimum(n, k)
    for m, b in enumerate(best):
        c = cascade(m, k)
        check_cascade(c, m, k)
        assert bound(c) == b, (n, k, m, bound(c), b)
    if (n, k) == (6, 3):
        BRUTE3 = best

# The colex initial segment attains the bound, and the two cascade routines agree.
for k in range(1, 6):
    for m in range(0, 300):
        c = cascade(m, k)
        assert c == fast_cascade(m, k)
        assert len(shadow(colex(m, k))) == bound(c), (k, m)


# --- cases ---------------------------------------------------------------------------------------

def cascade_json(c):
    return [{"top": a, "bottom": i} for a, i in c]


def cascade_case(k, m, minimum=False):
    c = cascade(m, k) if m < 10 ** 6 else fast_cascade(m, k)
    check_cascade(c, m, k)
    exp = {"k": k, "m": str(m), "cascade": cascade_json(c)}
    if minimum:
        exp["minimum_shadow"] = str(bound(c))
    CASES.append({"capability": CAP, "input": {"operation": "minimum_shadow" if minimum else "cascade", "k": k,
                                                "m": str(m)}, "expected": exp})
    return exp


def colex_case(k, m):
    CASES.append({"capability": CAP, "input": {"operation": "colex_initial", "k": k, "m": str(m)},
                  "expected": {"k": k, "m": str(m), "sets": colex(m, k)}})


def shadow_case(family, k=None):
    kk = k if k is not None else len(family[0])
    sh = shadow(family)
    b = bound(cascade(len(family), kk))
    inp = {"operation": "shadow", "family": family}
    if k is not None:
        inp["k"] = k
    exp = {"k": kk, "m": str(len(family)), "shadow_size": len(sh), "minimum_shadow": str(b),
           "extremal": len(sh) == b, "shadow": [list(u) for u in sh]}
    CASES.append({"capability": CAP, "input": inp, "expected": exp})
    return exp


# Cascades.
e = cascade_case(3, 10)                      # 10 = C(5, 3)
assert e["cascade"] == [{"top": 5, "bottom": 3}]
e = cascade_case(4, 100)
cascade_case(3, 0)
cascade_case(1, 17)
cascade_case(5, 1)
cascade_case(7, 12345)
big = rng.randrange(10 ** 49, 10 ** 50)
cascade_case(10, big)
cascade_case(30, rng.randrange(10 ** 49, 10 ** 50))
cascade_case(100, 10 ** 300 + 7)
cascade_case(2, math.comb(10 ** 14, 2) - 1)  # just below a binomial: a₂ = 10^14 − 1 (28 digits)

# Minimum shadows, the small ones confirmed by the brute force over all families of [6].
for m in (1, 4, 10, 13, 20):
    e = cascade_case(3, m, minimum=True)
    assert int(e["minimum_shadow"]) == BRUTE3[m]
e = cascade_case(3, 7, minimum=True)          # 7 = C(4,3) + C(3,2): bound 6 + 3 = 9
assert e["minimum_shadow"] == "9"
cascade_case(2, 0, minimum=True)
cascade_case(2, 11, minimum=True)
cascade_case(4, 1000, minimum=True)
cascade_case(12, rng.randrange(10 ** 49, 10 ** 50), minimum=True)
cascade_case(1, 10 ** 14, minimum=True)      # m singletons have the one shadow ∅
assert CASES[-1]["expected"]["minimum_shadow"] == "1"

# Colex initial segments.
colex_case(3, 10)
assert CASES[-1]["expected"]["sets"][:4] == [[1, 2, 3], [1, 2, 4], [1, 3, 4], [2, 3, 4]]
colex_case(2, 15)
colex_case(1, 5)
colex_case(4, 0)
colex_case(5, 300)
colex_case(3, 1000)

# Shadows of given families.
fano = [[1, 2, 3], [1, 4, 5], [1, 6, 7], [2, 4, 6], [2, 5, 7], [3, 4, 7], [3, 5, 6]]
e = shadow_case(fano)
assert e["shadow_size"] == 21 and e["minimum_shadow"] == "9" and not e["extremal"]
e = shadow_case(colex(13, 3))
assert e["extremal"]
shadow_case(colex(40, 4))
shadow_case([[5, 2, 9], [9, 2, 7], [1, 2, 3], [7, 5, 2]])      # unsorted members
shadow_case([[4], [8], [15]])                                   # singletons: the shadow {∅}
shadow_case([], k=2)
family = sorted(rng.sample(list(itertools.combinations(range(1, 11), 4)), 30))
shadow_case([list(s) for s in family])
shadow_case([list(s) for s in itertools.combinations(range(1, 7), 3)])   # all of C(6,3): extremal
assert CASES[-1]["expected"]["extremal"]

for c in CASES:
    print(json.dumps(c))
