"""Reference answers of combinatorics.lattice_paths.count by a memoized recursive brute force
written here (over the first step of the path, not the capability's layer-by-layer dynamic
programme) and by closed forms and published sequences:
- Dyck paths, steps (1, 1), (1, −1), floor 0, to (2n, 0): Catalan numbers C(2n, n)/(n + 1), A000108;
- Motzkin paths, adding (1, 0): M_n = Σ_k C(n, 2k)·C_k, A001006;
- large Schröder paths, steps (1, 1), (1, −1), (2, 0), floor 0, to (2n, 0):
  S_n = Σ_k C(n + k, 2k)·C_k, A006318 (1, 2, 6, 22, 90, 394, 1806, …);
- Delannoy paths, steps (1, 0), (0, 1), (1, 1), to (a, b): D(a, b) = Σ_k C(a, k)·C(b, k)·2^k
  (central values A001850: 1, 3, 13, 63, 321, 1683, 8989);
- ballot paths, steps (1, 0), (0, 1), weakly below the diagonal, to (a, b), b ≤ a:
  (a − b + 1)/(a + 1)·C(a + b, b); to (n, n) the Catalan numbers;
- Dyck paths of height ≤ 2 and ≤ 3 (ceiling): 2^(n−1) and the Fibonacci numbers F(2n − 1);
- paths with steps +1/−1 from 0 to 0 in 2n steps never below −h (negative floor): by the
  reflection principle C(2n, n) − C(2n, n + h + 1);
- steps (1, 2), (1, −1) staying ≥ 0 to (3k, 0): C(3k, k)/(2k + 1), A001764;
- closed walks of length 2n with the four unit steps: C(2n, n)², A002894.
The brute force checks each closed form on small instances; large instances (a few hundred
steps, light enough for debug builds) use the closed forms.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import json
import math
import sys
from functools import lru_cache

sys.setrecursionlimit(100_000)
sys.set_int_max_str_digits(0)

CAP = "combinatorics.lattice_paths.count"
CASES = []


def brute(steps, target, length=None, floor=None, ceiling=None, below_diagonal=False):
    steps = [tuple(s) for s in steps]
    tx, ty = target

    def allowed(x, y):
        return ((floor is None or y >= floor) and (ceiling is None or y <= ceiling)
                and (not below_diagonal or y <= x))

    if not allowed(0, 0):
        return 0
    if length is not None:
        @lru_cache(maxsize=None)
        def exact(x, y, k):
            if k == 0:
                return int((x, y) == (tx, ty))
            return sum(exact(x + dx, y + dy, k - 1) for dx, dy in steps if allowed(x + dx, y + dy))
        return exact(0, 0, length)
    forward = all(dx >= 1 for dx, _ in steps)
    assert forward or all(dx >= 0 and dy >= 0 for dx, dy in steps)

    @lru_cache(maxsize=None)
    def free(x, y):
        if x > tx or (not forward and y > ty):
            return 0
        here = int((x, y) == (tx, ty))
        return here + sum(free(x + dx, y + dy) for dx, dy in steps if allowed(x + dx, y + dy))
    return free(0, 0)


def catalan(n):
    return math.comb(2 * n, n) // (n + 1)


def motzkin(n):
    return sum(math.comb(n, 2 * k) * catalan(k) for k in range(n // 2 + 1))


def schroeder(n):
    return sum(math.comb(n + k, 2 * k) * catalan(k) for k in range(n + 1))


def delannoy(a, b):
    return sum(math.comb(a, k) * math.comb(b, k) * 2 ** k for k in range(min(a, b) + 1))


def ballot(a, b):
    return (a - b + 1) * math.comb(a + b, b) // (a + 1)


def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


DYCK = [[1, 1], [1, -1]]
MOTZKIN = [[1, 1], [1, 0], [1, -1]]
SCHROEDER = [[1, 1], [1, -1], [2, 0]]
DELANNOY = [[1, 0], [0, 1], [1, 1]]
NORTH_EAST = [[1, 0], [0, 1]]
FOUR = [[1, 0], [-1, 0], [0, 1], [0, -1]]

# Published values and closed forms agree with the brute force.
assert [catalan(n) for n in range(8)] == [1, 1, 2, 5, 14, 42, 132, 429]
assert [motzkin(n) for n in range(8)] == [1, 1, 2, 4, 9, 21, 51, 127]
assert [schroeder(n) for n in range(7)] == [1, 2, 6, 22, 90, 394, 1806]
assert [delannoy(n, n) for n in range(7)] == [1, 3, 13, 63, 321, 1683, 8989]
for n in range(0, 13):
    assert brute(DYCK, (2 * n, 0), floor=0) == catalan(n)
    assert brute(MOTZKIN, (n, 0), floor=0) == motzkin(n)
    assert brute(SCHROEDER, (2 * n, 0), floor=0) == schroeder(n)
    assert brute(NORTH_EAST, (n, n), below_diagonal=True) == catalan(n)
    if n >= 1:
        assert brute(DYCK, (2 * n, 0), floor=0, ceiling=2) == 2 ** (n - 1)
        assert brute(DYCK, (2 * n, 0), floor=0, ceiling=3) == fib(2 * n - 1)
    for h in range(0, 4):
        assert brute(DYCK, (2 * n, 0), floor=-h) == math.comb(2 * n, n) - math.comb(2 * n, n + h + 1)
for a in range(9):
    for b in range(9):
        assert brute(DELANNOY, (a, b)) == delannoy(a, b)
        if b <= a:
            assert brute(NORTH_EAST, (a, b), below_diagonal=True) == ballot(a, b)
for k in range(6):
    assert brute([[1, 2], [1, -1]], (3 * k, 0), floor=0) == math.comb(3 * k, k) // (2 * k + 1)
for n in range(6):
    assert brute(FOUR, (0, 0), length=2 * n) == math.comb(2 * n, n) ** 2


def case(steps, target, expected=None, **kw):
    got = brute(steps, target, **kw) if expected is None else expected
    inp = {"steps": steps, "target": list(target)}
    for key in ("length", "floor", "ceiling", "below_diagonal"):
        if key in kw and kw[key] is not None:
            inp[key] = kw[key]
    CASES.append({"capability": CAP, "input": inp, "expected": {"count": str(got)}})
    return got


# Dyck paths.
assert case(DYCK, (20, 0), floor=0) == 16796
case(DYCK, (60, 0), floor=0)
case(DYCK, (400, 0), catalan(200), floor=0)                # long paths, kept light for debug builds
assert case(DYCK, (21, 0), floor=0) == 0                   # parity
assert case(DYCK, (0, 0), floor=0) == 1                    # the empty path
assert case(DYCK, (10, 0), floor=1) == 0                   # the start is below the floor
case(DYCK, (30, 4), floor=0)                               # ballot-type endpoint
# Bounded height.
assert case(DYCK, (24, 0), floor=0, ceiling=2) == 2 ** 11
assert case(DYCK, (24, 0), floor=0, ceiling=3) == fib(23)
case(DYCK, (40, 0), floor=0, ceiling=5)
# Negative floor (reflection principle).
assert case(DYCK, (30, 0), floor=-2) == math.comb(30, 15) - math.comb(30, 18)
case(DYCK, (400, 0), math.comb(400, 200) - math.comb(400, 200 + 7 + 1), floor=-7)
# Motzkin and Schröder.
assert case(MOTZKIN, (20, 0), floor=0) == motzkin(20)
case(MOTZKIN, (300, 0), motzkin(300), floor=0)
case(MOTZKIN, (20, 0), floor=0, ceiling=1)                 # a strip of width 1
assert case(SCHROEDER, (20, 0), floor=0) == schroeder(10)
case(SCHROEDER, (300, 0), schroeder(150), floor=0)
# Delannoy (free length, steps with dx, dy ≥ 0).
assert case(DELANNOY, (6, 6)) == 8989
case(DELANNOY, (3, 7))
case(DELANNOY, (40, 40), delannoy(40, 40))
case(DELANNOY, (0, 0))
# Ballot paths below the diagonal.
assert case(NORTH_EAST, (12, 12), below_diagonal=True) == catalan(12)
assert case(NORTH_EAST, (9, 4), below_diagonal=True) == ballot(9, 4)
case(NORTH_EAST, (300, 300), catalan(300), below_diagonal=True)
assert case(NORTH_EAST, (3, 5), below_diagonal=True) == 0
assert case(NORTH_EAST, (10, 6)) == math.comb(16, 6)       # unrestricted: binomial
# Steps (1, 2), (1, −1) above the axis (A001764).
assert case([[1, 2], [1, -1]], (15, 0), floor=0) == math.comb(15, 5) // 11
# Given lengths with steps in every direction.
assert case(FOUR, (0, 0), length=10) == math.comb(10, 5) ** 2
case(FOUR, (2, 1), length=9)
case(FOUR, (1, 1), length=8, floor=0, ceiling=2)
case(FOUR, (3, 0), length=7, below_diagonal=True)
KING = [[dx, dy] for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
case(KING, (2, -1), length=6)
case([[0, 1], [0, -1], [1, 0]], (4, 0), length=10, floor=-1, ceiling=1)
assert case([[2, 1], [-1, 1], [1, -2]], (4, 0), length=6) == 90   # two of each step: 6!/(2!)³
# Mixed forward steps with free length: every dx ≥ 1.
case([[1, 3], [1, -1], [2, 0], [3, -2]], (12, 0), floor=-1)

for c in CASES:
    print(json.dumps(c))
