"""Reference answers of combinatorics.rank.unrank by brute-force enumeration in the stated
orders for small n, and by independent closed forms for large n — not by the capability's
ranking algorithms.

Small n (≤ 8): every object of the family is listed (itertools.combinations and
itertools.permutations, which produce lexicographic order; sorted lists of all compositions,
integer partitions and restricted growth strings), and the rank of an object is its position.
Large n:
- subsets: Σ_{i∈S} 2^(i−1) and the binary digits of the rank;
- combinations: the lexicographic rank Σ_i Σ_{c(i−1) < j < c(i)} C(n − j, k − i) with math.comb;
- permutations: the factorial number system computed naively (for each entry, the later
  entries smaller than it, times a factorial);
- compositions: a composition is read as the binary word of length n − 1 whose j-th letter is 0
  when j is a partial sum and 1 otherwise; lexicographic order on the parts is the order of
  these words, so the rank is that word in base 2 (checked against brute force);
- integer partitions: rank = Σ_i P(m_i, λ_i − 1), P(m, j) the number of partitions of m into
  parts ≤ j from the power series Π_{i≤j} 1/(1 − x^i) (checked against brute force and
  sympy's partition numbers);
- set partitions: the completions of a restricted growth prefix using b blocks with r places
  left number Σ_t C(r, t) b^(r−t) Bell(t) (the places opening new blocks form a set partition
  of their own), with sympy.bell.
Counts: 2ⁿ, math.comb, n!, 2^(n−1), sympy's partition numbers, sympy.bell.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json
import math
import random
import sys
from functools import lru_cache

from sympy import bell
from sympy.functions.combinatorial.numbers import partition as npartitions

sys.set_int_max_str_digits(0)

CAP = "combinatorics.rank.unrank"
rng = random.Random(20260611)
CASES = []


# --- brute-force listings in the stated orders --------------------------------------------------

def compositions(n):
    if n == 0:
        return [[]]
    return [[first] + rest for first in range(1, n + 1) for rest in compositions(n - first)]


def partitions(n, largest=None):
    largest = n if largest is None else largest
    if n == 0:
        return [[]]
    return [[first] + rest for first in range(1, min(n, largest) + 1) for rest in partitions(n - first, first)]


def growth_strings(n):
    """Every word a in {0..n−1}^n with a₁ = 0 and aᵢ ≤ 1 + max(a₁..aᵢ₋₁), by filtering prefixes."""
    words = [[0]]
    for _ in range(n - 1):
        words = [w + [x] for w in words for x in range(n) if x <= 1 + max(w)]
    return words


@lru_cache(maxsize=None)
def _listing(family, n, k):
    return tuple(tuple(x) for x in _list(family, n, k))


def listing(family, n, k=None):
    return [list(x) for x in _listing(family, n, k)]


def _list(family, n, k=None):
    if family == "subset":
        return [[i + 1 for i in range(n) if m >> i & 1] for m in range(2 ** n)]
    if family == "combination":
        return [list(c) for c in itertools.combinations(range(1, n + 1), k)]
    if family == "permutation":
        return [list(p) for p in itertools.permutations(range(1, n + 1))]
    if family == "composition":
        return sorted(compositions(n))
    if family == "integer_partition":
        return sorted(partitions(n))
    if family == "set_partition":
        return sorted(growth_strings(n))
    raise ValueError(family)


# --- closed forms for large n ---------------------------------------------------------------------

def rank_subset(n, s):
    return sum(2 ** (i - 1) for i in s)


def unrank_subset(n, r):
    return [i for i in range(1, n + 1) if r >> (i - 1) & 1]


def rank_combination(n, k, c):
    r, prev = 0, 0
    for i, ci in enumerate(c, 1):
        for j in range(prev + 1, ci):
            r += math.comb(n - j, k - i)
        prev = ci
    return r


def unrank_combination(n, k, r):
    out, j = [], 0
    for i in range(1, k + 1):
        j += 1
        while r >= math.comb(n - j, k - i):
            r -= math.comb(n - j, k - i)
            j += 1
        out.append(j)
    return out


def rank_permutation(n, p):
    return sum(sum(1 for y in p[i + 1:] if y < x) * math.factorial(n - 1 - i) for i, x in enumerate(p))


def unrank_permutation(n, r):
    left, out = list(range(1, n + 1)), []
    for i in range(n):
        f = math.factorial(n - 1 - i)
        out.append(left.pop(r // f))
        r %= f
    return out


def composition_word(n, c):
    sums = set(itertools.accumulate(c))
    return "".join("0" if j in sums else "1" for j in range(1, n))


def rank_composition(n, c):
    word = composition_word(n, c)
    return int(word, 2) if word else 0


def unrank_composition(n, r):
    word = format(r, "b").zfill(n - 1) if n > 1 else ""
    parts, run = [], 1
    for letter in word:
        if letter == "0":
            parts.append(run)
            run = 1
        else:
            run += 1
    return parts + [run]


@lru_cache(maxsize=None)
def bounded_partition_table(n):
    """P[j][m]: partitions of m into parts ≤ j, as the coefficients of Π_{i≤j} 1/(1 − x^i)."""
    table = [[1] + [0] * n]
    for j in range(1, n + 1):
        prev = table[-1]
        # Multiply by 1/(1 − x^j) = 1 + x^j + x^(2j) + …
        row = [sum(prev[m - t * j] for t in range(m // j + 1)) for m in range(n + 1)]
        table.append(row)
    return table


def P(n, m, j):
    return bounded_partition_table(n)[min(j, n)][m] if j >= 0 else int(m == 0)


def rank_partition(n, lam):
    r, m = 0, n
    for part in lam:
        r += P(n, m, part - 1)
        m -= part
    return r


def unrank_partition(n, r):
    out, m, top = [], n, n
    while m:
        part = 1
        while r >= P(n, m, part) - P(n, m, part - 1) and part < min(m, top):
            r -= P(n, m, part) - P(n, m, part - 1)
            part += 1
        out.append(part)
        m -= part
        top = part
    return out


@lru_cache(maxsize=None)
def completions(r, b):
    return sum(math.comb(r, t) * b ** (r - t) * int(bell(t)) for t in range(r + 1))


def rank_rgs(n, a):
    rank, blocks = 0, 0
    for i, x in enumerate(a):
        for v in range(x):
            rank += completions(n - i - 1, max(blocks, v + 1))
        blocks = max(blocks, x + 1)
    return rank


def unrank_rgs(n, r):
    out, blocks = [], 0
    for i in range(n):
        v = 0
        while r >= completions(n - i - 1, max(blocks, v + 1)):
            r -= completions(n - i - 1, max(blocks, v + 1))
            v += 1
        out.append(v)
        blocks = max(blocks, v + 1)
    return out


def count(family, n, k=None):
    return {"subset": lambda: 2 ** n, "combination": lambda: math.comb(n, k),
            "permutation": lambda: math.factorial(n), "composition": lambda: 2 ** (n - 1),
            "integer_partition": lambda: int(npartitions(n)), "set_partition": lambda: int(bell(n))}[family]()


RANK = {"subset": rank_subset, "permutation": rank_permutation, "composition": rank_composition,
        "integer_partition": rank_partition, "set_partition": rank_rgs}
UNRANK = {"subset": unrank_subset, "permutation": unrank_permutation, "composition": unrank_composition,
          "integer_partition": unrank_partition, "set_partition": unrank_rgs}


def rank_of(family, n, k, obj):
    return rank_combination(n, k, obj) if family == "combination" else RANK[family](n, obj)


def object_of(family, n, k, r):
    return unrank_combination(n, k, r) if family == "combination" else UNRANK[family](n, r)


# The closed forms agree with the brute-force listings on every object for small n.
for family in ("subset", "permutation", "composition", "integer_partition", "set_partition"):
    for n in range(1, 8):
        objs = listing(family, n)
        assert len(objs) == count(family, n)
        for r, o in enumerate(objs):
            assert rank_of(family, n, None, o) == r and object_of(family, n, None, r) == o, (family, n, r)
for n in range(1, 9):
    for k in range(0, n + 1):
        objs = listing("combination", n, k)
        assert len(objs) == count("combination", n, k)
        for r, o in enumerate(objs):
            assert rank_of("combination", n, k, o) == r and object_of("combination", n, k, r) == o
assert listing("composition", 4)[0] == [1, 1, 1, 1] and listing("composition", 4)[-1] == [4]
assert listing("integer_partition", 5)[0] == [1] * 5 and listing("integer_partition", 5)[-1] == [5]
assert listing("set_partition", 4)[-1] == [0, 1, 2, 3]


# --- cases ---------------------------------------------------------------------------------------

def inp(family, n, k, question):
    d = {"family": family, "n": n}
    if k is not None:
        d["k"] = k
    d["question"] = question
    return d


def rank_case(family, n, obj, k=None, brute=False):
    r = rank_of(family, n, k, obj)
    if brute:
        assert listing(family, n, k).index(obj) == r
    CASES.append({"capability": CAP, "input": inp(family, n, k, {"rank": {"object": obj}}),
                  "expected": {"rank": str(r), "count": str(count(family, n, k))}})


def unrank_case(family, n, r, k=None, brute=False):
    obj = object_of(family, n, k, r)
    if brute:
        assert listing(family, n, k)[r] == obj
    assert rank_of(family, n, k, obj) == r
    CASES.append({"capability": CAP, "input": inp(family, n, k, {"unrank": {"rank": str(r)}}),
                  "expected": {"object": obj, "count": str(count(family, n, k))}})


def count_case(family, n, k=None):
    CASES.append({"capability": CAP, "input": inp(family, n, k, "count"),
                  "expected": {"count": str(count(family, n, k))}})


# Small n, against the listings: rank 0, the last rank, and a random object of each family.
small = [("subset", 8, None), ("combination", 8, 3), ("permutation", 8, None), ("composition", 8, None),
         ("integer_partition", 8, None), ("set_partition", 8, None)]
for family, n, k in small:
    objs = listing(family, n, k)
    unrank_case(family, n, 0, k, brute=True)
    unrank_case(family, n, len(objs) - 1, k, brute=True)
    unrank_case(family, n, rng.randrange(1, len(objs) - 1), k, brute=True)
    rank_case(family, n, rng.choice(objs), k, brute=True)
rank_case("permutation", 4, [3, 1, 4, 2], brute=True)
unrank_case("combination", 50, 999999, k=5)
unrank_case("combination", 6, 0, k=0, brute=True)
rank_case("combination", 7, [1, 2, 3, 4, 5, 6, 7], k=7, brute=True)
rank_case("subset", 5, [], brute=True)
rank_case("set_partition", 1, [0], brute=True)
count_case("integer_partition", 1)

# Large n, by the closed forms.
n = 200
s = sorted(rng.sample(range(1, n + 1), 77))
rank_case("subset", n, s)
unrank_case("subset", n, 2 ** n - 1)
n, k = 1000, 500
c = sorted(rng.sample(range(1, n + 1), k))
rank_case("combination", n, c, k=k)
unrank_case("combination", n, math.comb(n, k) - 1, k=k)
unrank_case("combination", n, rng.randrange(math.comb(n, k)), k=k)
p = list(range(1, 101))
rng.shuffle(p)
rank_case("permutation", 100, p)
unrank_case("permutation", 60, rng.randrange(math.factorial(60)))
unrank_case("permutation", 2000, math.factorial(2000) - 1)
count_case("permutation", 2000)
parts, left = [], 300
while left:
    parts.append(rng.randint(1, min(left, 9)))
    left -= parts[-1]
rank_case("composition", 300, parts)
unrank_case("composition", 10000, 2 ** 9999 - 1)
unrank_case("composition", 64, rng.randrange(2 ** 63))
lam, left = [], 400
while left:
    lam.append(rng.randint(1, min(left, 40)))
    left -= lam[-1]
lam.sort(reverse=True)
rank_case("integer_partition", 400, lam)
unrank_case("integer_partition", 120, rng.randrange(int(npartitions(120))))
unrank_case("integer_partition", 400, int(npartitions(400)) - 1)
count_case("integer_partition", 400)
a, blocks = [], 0
for i in range(100):
    a.append(rng.randint(0, blocks) if i else 0)
    blocks = max(blocks, a[-1] + 1)
rank_case("set_partition", 100, a)
unrank_case("set_partition", 60, rng.randrange(int(bell(60))))
unrank_case("set_partition", 100, int(bell(100)) - 1)
count_case("set_partition", 400)
count_case("combination", 10000, k=3000)

for c in CASES:
    print(json.dumps(c))
