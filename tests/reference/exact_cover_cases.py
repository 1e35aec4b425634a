"""Reference answers of combinatorics.exact_cover.solve by brute force over every subfamily of the
options, in plain Python: whether a cover exists, how many there are, and the fewest options in
one (secondary items at most once). Published counts: 11 domino tilings of a 3 × 4 board (OEIS
A001835), 13 of a 2 × 6 board (a Fibonacci number, A000045), and the 4 covers of Knuth's
example with two of its options repeated. The solutions themselves are replayed by the checker
(VERIFY); the shards are tested in tests/discrete.rs by counting each and combining.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json
import random

CAP = "combinatorics.exact_cover.solve"
CASES = []
rng = random.Random(1999)


def brute(primary, secondary, options):
    covers = []
    for k in range(len(options) + 1):
        for c in itertools.combinations(range(len(options)), k):
            times = [0] * (primary + secondary)
            for j in c:
                for x in options[j]:
                    times[x] += 1
            if all(t == 1 for t in times[:primary]) and all(t <= 1 for t in times[primary:]):
                covers.append(c)
    return covers


def case(primary, options, secondary=0, count_only=False):
    covers = brute(primary, secondary, options)
    base = {"primary": primary, "secondary": secondary, "options": options}
    CASES.append({"capability": CAP, "input": {**base, "question": {"count": {"list": 0}}},
                  "expected": {"count": len(covers), "solutions": []}, "assurance": "COMPUTED"})
    if count_only:
        return
    find = {"capability": CAP, "input": {**base, "question": "find"}, "expected": {"exists": bool(covers)}}
    minimum = {"capability": CAP, "input": {**base, "question": "minimum"},
               "expected": {"minimum": min((len(c) for c in covers), default=None)}}
    minimum["assurance"] = "COMPUTED"
    if not covers:
        find["assurance"] = "COMPUTED"
    CASES.extend([find, minimum])


def dominoes(rows, cols):
    cell = lambda r, c: r * cols + c
    opts = [[cell(r, c), cell(r, c + 1)] for r in range(rows) for c in range(cols - 1)]
    opts += [[cell(r, c), cell(r + 1, c)] for r in range(rows - 1) for c in range(cols)]
    return opts


knuth = [[2, 4], [0, 3, 6], [1, 2, 5], [0, 3, 5], [1, 6], [3, 4, 6]]
case(7, knuth)
case(7, knuth + [[2, 4], [0, 3, 5]])
case(7, knuth[1:])  # no cover
case(12, dominoes(3, 4), count_only=True)
case(12, dominoes(2, 6), count_only=True)
case(6, dominoes(2, 3))
# Secondary items: queens-like constraints, and random systems.
case(3, [[0, 3], [1, 3], [2], [0, 1], [1, 2, 4], [0]], secondary=2)
for _ in range(8):
    p, s = rng.randint(2, 7), rng.randint(0, 2)
    opts = [sorted(rng.sample(range(p + s), rng.randint(1, min(3, p + s)))) for _ in range(rng.randint(3, 12))]
    opts = [o for o in opts if o[0] < p]  # every option has a primary item
    case(p, opts, secondary=s)

for c in CASES:
    print(json.dumps(c))
