"""Reference answers of permutation.compute.statistics from the definitions, by brute force, and
from published triangles — not by the capability's algorithms (no Fenwick tree, no patience
sorting, no Heap's algorithm).

One permutation: each statistic is computed straight from its definition with Python loops —
inversions and the Lehmer code by comparing all pairs (O(n²), fine for degree 200), the longest
increasing subsequence by the quadratic dynamic programme over end positions, cycles by following
images, the sign as (−1)^inversions (independent of the cycle count), pattern occurrences by
testing every subsequence of itertools.combinations for order-isomorphism with the pattern.
Cycle notation is parsed here independently: the cycles are applied left to right as written,
x ↦ c_k(…c_2(c_1(x))), and the image list is padded with fixed points up to "degree".

Distributions: brute force over itertools.permutations for n ≤ 7 (n ≤ 8 for peaks, ascending runs
and fixed points), checked against published triangles, which then give n = 9 and 10:
- inversions and major index: Mahonian numbers A008302, the coefficients of
  Π_{i=1..n} (1 + q + … + q^(i−1)) (MacMahon's equidistribution);
- descents and excedances: Eulerian numbers A008292, A(n, k) = Σ_j (−1)^j C(n+1, j) (k−j)^n;
  ascending runs = descents + 1;
- cycles and left-to-right maxima: unsigned Stirling numbers of the first kind A132393
  (sympy.functions.combinatorial.numbers.stirling, kind=1);
- fixed points: rencontres numbers A008290, C(n, k)·D(n − k) with D the derangement numbers;
- longest increasing subsequence: Schensted's theorem, #{π : LIS = k} = Σ_{λ ⊢ n, λ₁ = k} f_λ²
  with f_λ from the hook length formula;
- peaks: A008303 rows n ≤ 8 (brute force agrees);
- pattern occurrences: brute force; the avoiders of 132 and of 123 are counted by the Catalan
  numbers A000108 (Knuth), and the occurrences of 21 are the inversions.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json
import math
import random
import sys

from sympy.functions.combinatorial.numbers import stirling
from sympy.utilities.iterables import partitions as sympy_partitions

from permutation_reference import mahonian

sys.set_int_max_str_digits(0)

CAP = "permutation.compute.statistics"
rng = random.Random(20260712)
CASES = []

NUMERIC = ["inversions", "descents", "major_index", "excedances", "fixed_points", "cycles",
           "longest_increasing", "left_to_right_maxima", "peaks", "ascending_runs"]
ALL = ["inversions", "descents", "descent_set", "major_index", "excedances", "fixed_points", "cycles",
       "cycle_type", "longest_increasing", "left_to_right_maxima", "peaks", "ascending_runs", "lehmer_code",
       "sign", "inverse", "reverse", "complement"]


# --- statistics from their definitions (1-based image lists) -------------------------------------

def inversions(p):
    n = len(p)
    return sum(1 for i in range(n) for j in range(i + 1, n) if p[i] > p[j])


def descent_set(p):
    return [i for i in range(1, len(p)) if p[i - 1] > p[i]]


def cycle_type(p):
    n, seen, out = len(p), set(), []
    for s in range(1, n + 1):
        if s in seen:
            continue
        length, x = 0, s
        while x not in seen:
            seen.add(x)
            x = p[x - 1]
            length += 1
        out.append(length)
    return sorted(out, reverse=True)


def lis(p):
    best = []
    for j in range(len(p)):
        best.append(1 + max([best[i] for i in range(j) if p[i] < p[j]], default=0))
    return max(best, default=0)


def ltr_maxima(p):
    return sum(1 for i in range(len(p)) if all(p[j] < p[i] for j in range(i)))


def peaks(p):
    return sum(1 for i in range(1, len(p) - 1) if p[i - 1] < p[i] > p[i + 1])


def ascending_runs(p):
    if not p:
        return 0
    # Count maximal runs directly: a new run starts at position 0 and wherever p falls.
    runs, i = 0, 0
    while i < len(p):
        runs += 1
        while i + 1 < len(p) and p[i] < p[i + 1]:
            i += 1
        i += 1
    return runs


def lehmer_code(p):
    return [sum(1 for j in range(i + 1, len(p)) if p[j] < p[i]) for i in range(len(p))]


def pattern_count(p, pat):
    k = len(pat)
    order = sorted(range(k), key=lambda a: pat[a])
    total = 0
    for idx in itertools.combinations(range(len(p)), k):
        vals = [p[i] for i in idx]
        if sorted(range(k), key=lambda a: vals[a]) == order:
            total += 1
    return total


def stat(name, p, pat=None):
    n = len(p)
    if name == "inversions":
        return inversions(p)
    if name == "descents":
        return len(descent_set(p))
    if name == "descent_set":
        return descent_set(p)
    if name == "major_index":
        return sum(descent_set(p))
    if name == "excedances":
        return sum(1 for i in range(1, n + 1) if p[i - 1] > i)
    if name == "fixed_points":
        return sum(1 for i in range(1, n + 1) if p[i - 1] == i)
    if name == "cycles":
        return len(cycle_type(p))
    if name == "cycle_type":
        return cycle_type(p)
    if name == "longest_increasing":
        return lis(p)
    if name == "left_to_right_maxima":
        return ltr_maxima(p)
    if name == "peaks":
        return peaks(p)
    if name == "ascending_runs":
        return ascending_runs(p)
    if name == "lehmer_code":
        return lehmer_code(p)
    if name == "sign":
        return -1 if inversions(p) % 2 else 1
    if name == "inverse":
        inv = [0] * n
        for i, x in enumerate(p, 1):
            inv[x - 1] = i
        return inv
    if name == "reverse":
        return p[::-1]
    if name == "complement":
        return [n + 1 - x for x in p]
    if name == "pattern_occurrences":
        return pattern_count(p, pat)
    raise ValueError(name)


def parse_cycles(text, degree=None):
    """Cycle notation applied left to right; image list on 1..max(largest point, degree)."""
    cycles = [[int(x) for x in c.split(",")] for c in text.replace(" ", "").strip("()").split(")(") if c]
    top = max([max(c) for c in cycles] + [degree or 0])
    images = []
    for x in range(1, top + 1):
        for c in cycles:
            if x in c:
                x = c[(c.index(x) + 1) % len(c)]
        images.append(x)
    if degree is not None:
        assert all(images[i] == i + 1 for i in range(degree, top))
        images = images[:degree]
    return images


# --- cases: one permutation ------------------------------------------------------------------------

def of(perm, statistics, degree=None, pattern=None):
    p = parse_cycles(perm, degree) if isinstance(perm, str) else (
        list(perm) + list(range(len(perm) + 1, (degree or 0) + 1)))
    assert sorted(p) == list(range(1, len(p) + 1))
    q = {"permutation": perm, "statistics": statistics}
    if degree is not None:
        q["degree"] = degree
    inp = {"question": {"of": q}}
    if pattern is not None:
        inp["pattern"] = pattern
    exp = {"degree": len(p)}
    for s in statistics:
        exp[s] = stat(s, p, pattern)
    CASES.append({"capability": CAP, "input": inp, "expected": exp})
    return exp


# Hand-checkable examples.
e = of([3, 1, 4, 2, 5], ["inversions", "descents", "descent_set", "major_index"])
assert e == {"degree": 5, "inversions": 3, "descents": 2, "descent_set": [1, 3], "major_index": 4}
e = of([2, 4, 1, 5, 3], ["pattern_occurrences"], pattern=[1, 3, 2])
assert e["pattern_occurrences"] == 3     # 2 4 3, 2 5 3, 1 5 3
e = of([4, 1, 3, 2], ALL)
assert e["lehmer_code"] == [3, 0, 1, 0] and e["cycle_type"] == [3, 1] and e["sign"] == 1
assert e["inverse"] == [2, 4, 3, 1] and e["complement"] == [1, 4, 2, 3] and e["peaks"] == 1
# The identity: no inversions, descents, peaks; n fixed points, n cycles, one run.
e = of(list(range(1, 13)), ALL)
assert e["cycles"] == 12 and e["ascending_runs"] == 1 and e["longest_increasing"] == 12 and e["sign"] == 1
# The reversal w₀ of degree 9: C(9,2) inversions, 8 descents, major index 36.
e = of(list(range(9, 0, -1)), ALL)
assert e["inversions"] == 36 and e["major_index"] == 36 and e["ascending_runs"] == 9
# Trivial degrees: the empty permutation, and a single point.
e = of([], ALL)
assert e["ascending_runs"] == 0 and e["cycle_type"] == [] and e["sign"] == 1
of("()", ["cycles", "cycle_type", "fixed_points", "sign"], degree=5)
# Cycle notation, padded with fixed points by "degree".
e = of("(1,2)(3,4)", ALL, degree=6)
assert e["cycle_type"] == [2, 2, 1, 1] and e["fixed_points"] == 2 and e["sign"] == 1
assert parse_cycles("(1,3,5)(2,4)") == [3, 4, 5, 2, 1]
e = of("(5,6)", ["inverse", "fixed_points", "descent_set", "cycles"], degree=10)
assert e["fixed_points"] == 8 and e["descent_set"] == [5]
e = of("(1,7,3)(2,9)(4,10,6,8)", ALL, degree=12)
assert e["cycle_type"] == [4, 3, 2, 1, 1, 1]
# Cycles that share a point, composed left to right: 1→2→3, 2→1, 3→2.
e = of("(1,2)(2,3)", ["inverse", "cycle_type"], degree=4)
assert parse_cycles("(1,2)(2,3)") == [3, 1, 2]
# An image list padded by "degree".
of([2, 1], ["cycle_type", "complement", "lehmer_code"], degree=4)

# Long random permutations (degree 200), every cheap statistic.
for _ in range(2):
    p = list(range(1, 201))
    rng.shuffle(p)
    of(p, ALL)
# A random involution and a random derangement of degree 200 in cycle notation.
pts = list(range(1, 201))
rng.shuffle(pts)
of("".join(f"({a},{b})" for a, b in zip(pts[:120:2], pts[1:120:2])), ["cycles", "fixed_points", "sign", "cycle_type"],
   degree=200)
rng.shuffle(pts)
cuts = sorted(rng.sample(range(2, 199), 30))
blocks = [pts[a:b] for a, b in zip([0] + cuts, cuts + [200]) if b - a >= 2]
text = "".join("(" + ",".join(map(str, c)) + ")" for c in blocks)
e = of(text, ["cycles", "cycle_type", "fixed_points", "excedances", "sign", "inverse"], degree=200)
# A permutation of degree 10,000 (the largest the permutation object holds) built so its
# statistics are known: blocks of 10 reversed (each block five 2-cycles and nine descents, a peak
# at the start of every block but the first).
big = [b * 10 + 10 - i for b in range(1_000) for i in range(10)]
CASES.append({"capability": CAP,
              "input": {"question": {"of": {"permutation": big,
                                            "statistics": ["inversions", "descents", "longest_increasing",
                                                           "ascending_runs", "fixed_points", "cycles", "peaks"]}}},
              "expected": {"degree": 10_000, "inversions": 1_000 * 45, "descents": 1_000 * 9,
                           "longest_increasing": 1_000, "ascending_runs": 9_001, "fixed_points": 0,
                           "cycles": 5_000, "peaks": 999}})
# Small cross-check of the block construction's closed forms with the brute statistics.
small = [b * 10 + 10 - i for b in range(3) for i in range(10)]
assert (inversions(small), len(descent_set(small)), lis(small), ascending_runs(small), len(cycle_type(small)),
        peaks(small)) == (135, 27, 3, 28, 15, 2)

# Pattern occurrences.
of([1, 2, 3, 4, 5, 6, 7, 8], ["pattern_occurrences"], pattern=[1, 2, 3])          # C(8, 3) = 56
assert CASES[-1]["expected"]["pattern_occurrences"] == 56
of([3, 1, 2], ["pattern_occurrences", "inversions"], pattern=[1, 2, 3, 4])          # longer pattern: 0
for deg, k in [(20, 3), (16, 4), (12, 5), (11, 6)]:
    p = list(range(1, deg + 1))
    rng.shuffle(p)
    pat = list(range(1, k + 1))
    rng.shuffle(pat)
    of(p, ["pattern_occurrences", "longest_increasing"], pattern=pat)
# Occurrences of 21 are inversions.
p = list(range(1, 41))
rng.shuffle(p)
e = of(p, ["pattern_occurrences", "inversions"], pattern=[2, 1])
assert e["pattern_occurrences"] == e["inversions"]
of("(1,4)(2,6,3)", ["pattern_occurrences", "cycle_type"], degree=7, pattern=[2, 3, 1])


# --- distributions ------------------------------------------------------------------------------

def brute_distribution(n, name, pat=None):
    counts = {}
    for p in itertools.permutations(range(1, n + 1)):
        v = stat(name, list(p), pat)
        counts[v] = counts.get(v, 0) + 1
    top = max(counts)
    return [counts.get(v, 0) for v in range(top + 1)]


def eulerian(n, k):        # permutations of n with k − 1 descents, k = 1..n
    return sum((-1) ** j * math.comb(n + 1, j) * (k - j) ** n for j in range(k + 1))


def derangements(m):
    return sum((-1) ** j * math.factorial(m) // math.factorial(j) for j in range(m + 1))


def hook_dimension(lam):
    n = sum(lam)
    conj = [sum(1 for part in lam if part > j) for j in range(lam[0])] if lam else []
    hooks = 1
    for i, part in enumerate(lam):
        for j in range(part):
            hooks *= (part - j - 1) + (conj[j] - i - 1) + 1
    return math.factorial(n) // hooks


def lis_distribution(n):
    counts = [0] * (n + 1)
    for lam in sympy_partitions(n):
        parts = sorted((k for k, m in lam.items() for _ in range(m)), reverse=True)
        counts[parts[0]] += hook_dimension(parts) ** 2
    return counts


A008303 = {1: [1], 2: [2], 3: [4, 2], 4: [8, 16], 5: [16, 88, 16], 6: [32, 416, 272],
           7: [64, 1824, 2880, 272], 8: [128, 7680, 24576, 7936]}


def published(n, name):
    if name in ("inversions", "major_index"):
        return mahonian(n)
    if name in ("descents", "excedances"):
        return [eulerian(n, k) for k in range(1, n + 1)] if n else [1]
    if name == "ascending_runs":
        return [0] + [eulerian(n, k) for k in range(1, n + 1)] if n else [1]
    if name in ("cycles", "left_to_right_maxima"):
        return [int(stirling(n, k, kind=1, signed=False)) for k in range(n + 1)]
    if name == "fixed_points":
        return [math.comb(n, k) * derangements(n - k) for k in range(n + 1)]
    if name == "longest_increasing":
        return lis_distribution(n)
    if name == "peaks":
        return A008303[n]
    raise ValueError(name)


# Published rows agree with brute force for n ≤ 7 (n ≤ 8 for peaks, ascending runs and fixed points).
for name in NUMERIC:
    for n in range(1, 9 if name in ("peaks", "ascending_runs", "fixed_points") else 8):
        assert brute_distribution(n, name) == published(n, name), (name, n)
assert mahonian(4) == [1, 3, 5, 6, 5, 3, 1] and [eulerian(4, k) for k in range(1, 5)] == [1, 11, 11, 1]


def dist(n, name, expected, pattern=None):
    inp = {"question": {"distribution": {"n": n, "statistic": name}}}
    if pattern is not None:
        inp["pattern"] = pattern
    assert sum(expected) == math.factorial(n)
    CASES.append({"capability": CAP, "input": inp, "expected": {"n": n, "statistic": name, "counts": expected}})


for name, n in [("inversions", 10), ("major_index", 9), ("descents", 10), ("excedances", 9), ("fixed_points", 10),
                ("cycles", 10), ("left_to_right_maxima", 9), ("longest_increasing", 10), ("ascending_runs", 8),
                ("peaks", 8)]:
    dist(n, name, published(n, name))
# n = 0: the empty permutation alone, every statistic 0.
dist(0, "ascending_runs", [1])
# Pattern occurrences: brute force; avoiders of 132 and 123 are Catalan numbers.
for n, pat in [(6, [1, 3, 2]), (7, [1, 2, 3]), (5, [2, 1]), (3, [1, 2, 3, 4])]:
    counts = brute_distribution(n, "pattern_occurrences", pat)
    if len(pat) == 3:
        assert counts[0] == math.comb(2 * n, n) // (n + 1)
    if pat == [2, 1]:
        assert counts == mahonian(n)
    dist(n, "pattern_occurrences", counts, pattern=pat)

for c in CASES:
    print(json.dumps(c))
