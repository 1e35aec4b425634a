"""Reference answers of word.compute.properties, knuth_moves: every word one elementary Knuth
relation away, from the relations as Fulton states them (y z x ≡ y x z when x < y ≤ z, and
x z y ≡ z x y when x ≤ y < z), tried on each window of three letters in both directions; each
move is checked here to keep the insertion tableau P (Schensted row insertion, written anew).

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import bisect
import json
import random

rng = random.Random(1970)
CASES = []


def p_tableau(w):
    rows = []
    for x in w:
        for row in rows:
            k = bisect.bisect_right(row, x)
            if k == len(row):
                row.append(x)
                break
            row[k], x = x, row[k]
        else:
            rows.append([x])
    return rows


def moves(w):
    out = []
    for k in range(len(w) - 2):
        a, b, c = w[k:k + 3]
        # y z x -> y x z and back, x < y <= z: the window is (y, z, x) or (y, x, z).
        if any(x < a <= z for x, z in [(c, b), (b, c)]):
            out.append({"position": k, "relation": "swap_last", "word": w[:k + 1] + [c, b] + w[k + 3:]})
        # x z y -> z x y and back, x <= y < z: the window is (x, z, y) or (z, x, y).
        if any(x <= c < z for x, z in [(a, b), (b, a)]):
            out.append({"position": k, "relation": "swap_first", "word": w[:k] + [b, a] + w[k + 2:]})
    for m in out:
        assert p_tableau(m["word"]) == p_tableau(w), (w, m)
    return out


words = [[2, 3, 1], [2, 1, 3], [1, 3, 2], [3, 1, 2], [1, 2, 3], [3, 2, 1], [2, 2, 1], [1, 1, 1], [2, 1, 2, 1]]
words += [[rng.randint(0, 4) for _ in range(rng.randint(3, 12))] for _ in range(10)]
for w in words:
    CASES.append({"capability": "word.compute.properties", "input": {"word": w, "properties": ["knuth_moves"]},
                  "expected": {"knuth_moves": moves(w)}})

for c in CASES:
    print(json.dumps(c))
