"""Reference answers of latin_square.search.complete by brute force and classical theorems, not
by exact-cover search.

- Completion: plain backtracking over the empty cells (fewest candidates first) for orders ≤ 6;
  larger completable squares are a full square with cells blanked (completable by
  construction), larger incompletable ones force a symbol twice in a column (pigeonhole).
- Orthogonal mates: a mate exists iff the cells split into n disjoint transversals (the cells of
  one symbol of the mate); the transversals are listed with itertools.permutations and a
  backtracking search looks for n disjoint ones. Theorems agree: the cyclic square of odd
  order n has the mate (2i + j) mod n; the cyclic square of even order has no transversal at
  all (Euler), hence no mate; no latin square of order 6 has a mate (Tarry, 1900).
- Transversals: every permutation of the columns (itertools.permutations, which come in
  lexicographic order) whose symbols are all distinct; order 9 by row-by-row backtracking. The
  cyclic groups of odd order 1, 3, 5, 7, 9 have 1, 3, 15, 133, 2025 transversals (A006717).

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json
import random

CAP = "latin_square.search.complete"
rng = random.Random(20260703)
CASES = []


def cyclic(n):
    return [[(i + j) % n for j in range(n)] for i in range(n)]


def elementary_abelian_2(m):
    n = 2 ** m
    return [[i ^ j for j in range(n)] for i in range(n)]


def is_latin(sq):
    n = len(sq)
    return all(sorted(r) == list(range(n)) for r in sq) and all(
        sorted(sq[i][j] for i in range(n)) == list(range(n)) for j in range(n))


def random_latin(n):
    """A latin square by randomized backtracking, then with rows, columns and symbols shuffled."""
    sq = [[None] * n for _ in range(n)]

    def go(c):
        if c == n * n:
            return True
        i, j = divmod(c, n)
        options = [s for s in range(n) if s not in sq[i] and all(sq[r][j] != s for r in range(i))]
        rng.shuffle(options)
        for s in options:
            sq[i][j] = s
            if go(c + 1):
                return True
        sq[i][j] = None
        return False

    assert go(0)
    rows, cols, syms = (rng.sample(range(n), n) for _ in range(3))
    out = [[syms[sq[rows[i]][cols[j]]] for j in range(n)] for i in range(n)]
    assert is_latin(out)
    return out


# --- completion ---------------------------------------------------------------------------------

def completable(partial):
    n = len(partial)
    sq = [list(r) for r in partial]

    def candidates(i, j):
        used = set(sq[i]) | {sq[r][j] for r in range(n)}
        return [s for s in range(n) if s not in used]

    def go():
        empty = [(i, j) for i in range(n) for j in range(n) if sq[i][j] is None]
        if not empty:
            assert is_latin(sq)
            return True
        i, j = min(empty, key=lambda c: len(candidates(*c)))
        for s in candidates(i, j):
            sq[i][j] = s
            if go():
                return True
        sq[i][j] = None
        return False

    return go()


def complete_case(partial, exists=None):
    n = len(partial)
    if n <= 6:
        got = completable(partial)
        assert exists is None or got == exists
    else:
        assert exists is not None
        got = exists
    CASES.append({"capability": CAP, "input": {"square": partial, "search": "complete"},
                  "expected": {"exists": got}})


def blank(square, keep):
    """The square with each cell kept with probability `keep`."""
    return [[x if rng.random() < keep else None for x in row] for row in square]


def random_partial(n, cells):
    """`cells` random filled cells with no symbol repeated in a row or column."""
    sq = [[None] * n for _ in range(n)]
    placed = 0
    while placed < cells:
        i, j, s = rng.randrange(n), rng.randrange(n), rng.randrange(n)
        if sq[i][j] is None and s not in sq[i] and all(sq[r][j] != s for r in range(n)):
            sq[i][j] = s
            placed += 1
    return sq


N = None
complete_case([[0, N], [N, 1]], exists=False)
complete_case([[N, N], [N, N]], exists=True)
complete_case([[N]], exists=True)
complete_case([[0]], exists=True)
complete_case([[0, 1, N], [N, N, 2], [N, N, N]], exists=False)    # (0,2) must be 2, but column 2 has it
complete_case([[0, N, N], [N, 1, N], [N, N, N]], exists=True)
complete_case([[0, N, N], [N, N, 0], [N, N, N]], exists=True)
complete_case([[0, N, N], [N, 1, N], [N, N, 2]])
complete_case([[0, 1, 2, N], [N, N, N, 3], [N, N, N, N], [N, N, N, N]], exists=False)
complete_case([[0, N, N, N], [N, 0, N, N], [N, N, 1, N], [N, N, N, 1]])
complete_case(cyclic(5), exists=True)
complete_case(blank(random_latin(5), 0.4), exists=True)
complete_case(blank(random_latin(6), 0.3), exists=True)
# Random partial squares, decided by backtracking: keep the first few of each answer.
found = {True: 0, False: 0}
while min(found.values()) < 4:
    n = rng.choice([4, 5])
    p = random_partial(n, rng.randint(n, 2 * n + 2))
    verdict = completable(p)
    if found[verdict] < 4:
        found[verdict] += 1
        complete_case(p, exists=verdict)
# Evans: n − 1 filled cells can always be completed.
complete_case([[0, N, N, N, N], [N, 1, N, N, N], [N, N, 0, N, N], [N, N, N, 2, N], [N, N, N, N, N]], exists=True)
# Larger orders: blanked squares complete; row 0 = 0..n−2 forces n−1 into a column that has it.
complete_case(blank(random_latin(9), 0.35), exists=True)
complete_case([[None] * 8 for _ in range(8)], exists=True)
bad = [[None] * 8 for _ in range(8)]
bad[0][:7] = list(range(7))
bad[5][7] = 7
complete_case(bad, exists=False)


# --- transversals and mates ----------------------------------------------------------------------

def transversals(sq):
    n = len(sq)
    if n <= 8:
        return [list(p) for p in itertools.permutations(range(n))
                if len({sq[i][p[i]] for i in range(n)}) == n]
    out, cols, syms = [], [], set()

    def go(i):
        if i == n:
            out.append(list(cols))
            return
        for c in range(n):
            if c not in cols and sq[i][c] not in syms:
                cols.append(c)
                syms.add(sq[i][c])
                go(i + 1)
                syms.discard(sq[i][c])
                cols.pop()

    go(0)
    return out


def has_mate(sq):
    """n pairwise disjoint transversals (they then cover every cell once)."""
    n = len(sq)
    ts = [frozenset(enumerate(t)) for t in transversals(sq)]
    by_cell = {}
    for t in ts:
        for cell in t:
            by_cell.setdefault(cell, []).append(t)
    used = set()

    def go(k):
        if k == n:
            return True
        cell = next((i, j) for i in range(n) for j in range(n) if (i, j) not in used)
        for t in by_cell.get(cell, []):
            if not (t & used):
                used.update(t)
                if go(k + 1):
                    return True
                used.difference_update(t)
        return False

    return go(0)


def mate_case(sq, exists):
    n = len(sq)
    if n <= 7:
        assert has_mate(sq) == exists, sq
    CASES.append({"capability": CAP, "input": {"square": sq, "search": "orthogonal_mate"},
                  "expected": {"exists": exists}})


def is_orthogonal(a, b):
    n = len(a)
    return len({(a[i][j], b[i][j]) for i in range(n) for j in range(n)}) == n * n


for n in (1, 3, 5, 7, 9):
    mate = [[(2 * i + j) % n for j in range(n)] for i in range(n)]
    assert is_latin(mate) and is_orthogonal(cyclic(n), mate)
    mate_case(cyclic(n), True)
for n in (2, 4, 6):
    assert transversals(cyclic(n)) == []
    mate_case(cyclic(n), False)        # even cyclic: no transversal (and order 6: Tarry)
mate_case(elementary_abelian_2(2), True)
# The order-5 square outside the cyclic main class: 3 transversals, no mate.
odd5 = [[0, 1, 2, 3, 4], [1, 0, 3, 4, 2], [2, 3, 4, 0, 1], [3, 4, 1, 2, 0], [4, 2, 0, 1, 3]]
assert is_latin(odd5) and len(transversals(odd5)) == 3
mate_case(odd5, False)
found = {True: 0, False: 0}
while min(found.values()) < 2:
    sq = random_latin(rng.choice([4, 5]))
    v = has_mate(sq)
    if found[v] < 2:
        found[v] += 1
        mate_case(sq, v)
mate_case(random_latin(6), False)      # Tarry: no pair of orthogonal latin squares of order 6


def transversal_case(sq, listed=None, count=None):
    ts = transversals(sq)
    if count is not None:
        assert len(ts) == count, (len(ts), count)
    inp = {"square": sq, "search": "transversals"}
    if listed is not None:
        inp["list"] = listed
    shown = 10 if listed is None else listed
    CASES.append({"capability": CAP, "input": inp,
                  "expected": {"count": len(ts), "transversals": ts[:shown]}})


for n, c in [(1, 1), (3, 3), (5, 15), (7, 133), (9, 2025)]:         # A006717
    transversal_case(cyclic(n), count=c)
for n in (2, 4, 6, 8):
    transversal_case(cyclic(n), count=0)
transversal_case(cyclic(7), listed=1000, count=133)
transversal_case(cyclic(5), listed=0, count=15)
transversal_case(elementary_abelian_2(2), count=8)
transversal_case(elementary_abelian_2(3), listed=50, count=384)
transversal_case(odd5, count=3)
transversal_case(random_latin(6), listed=20)
transversal_case(random_latin(7), listed=5)
transversal_case(random_latin(8), listed=3)

for c in CASES:
    print(json.dumps(c))
