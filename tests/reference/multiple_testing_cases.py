"""Reference answers of probability.multiple_testing.compute from the definitions, with Python
fractions: Benjamini–Hochberg rejects the k smallest for the largest k with p_(k) ≤ kq/m, its
adjusted p-values min over j ≥ i of m·p_(j)/j taken one by one (not as a running minimum); Holm
rejects until the first p_(k) > q/(m − k + 1), its adjusted p-values max over j ≤ i of
(m − j + 1)·p_(j); Bonferroni p_i ≤ q/m. Also the published example of Benjamini and Hochberg
(1995): fifteen p-values of which BH at q = 0.05 rejects four, and Bonferroni three.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import json
import random
from fractions import Fraction as F

rng = random.Random(1995)
CASES = []


def s(f):
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def case(ps, q, procedure, nulls=None, rejections=None):
    ps, q = [F(p) for p in ps], F(q)
    m = len(ps)
    order = sorted(range(m), key=lambda i: (ps[i], i))
    sp = [ps[i] for i in order]
    if procedure == "benjamini_hochberg":
        ks = [k for k in range(1, m + 1) if sp[k - 1] <= k * q / m]
        k = max(ks) if ks else 0
        adj_sorted = [min(min(F(m) * sp[j - 1] / j for j in range(i, m + 1)), F(1)) for i in range(1, m + 1)]
        cut = k * q / m
    elif procedure == "holm":
        k = 0
        while k < m and sp[k] <= q / (m - k):
            k += 1
        adj_sorted = [max(min(F(m - j + 1) * sp[j - 1], F(1)) for j in range(1, i + 1)) for i in range(1, m + 1)]
        cut = q / (m - k + 1) if k else F(0)
    else:
        k = sum(1 for p in sp if p <= q / m)
        adj_sorted = [min(F(m) * p, F(1)) for p in sp]
        cut = q / m if k else F(0)
    adjusted = [None] * m
    for pos, i in enumerate(order):
        adjusted[i] = adj_sorted[pos]
    rejected = sorted(order[:k])
    if rejections is not None:
        assert len(rejected) == rejections, (procedure, rejected)
    expected = {"rejected": rejected, "adjusted": [s(a) for a in adjusted], "threshold": s(cut)}
    inp = {"p_values": [s(p) for p in ps], "level": s(q), "procedure": procedure}
    if nulls is not None:
        inp["true_nulls"] = nulls
        v = sum(1 for i in rejected if i in nulls)
        expected["false_discoveries"] = v
        expected["false_discovery_proportion"] = s(F(v, max(k, 1)))
    CASES.append({"capability": "probability.multiple_testing.compute", "input": inp, "expected": expected})


bh1995 = ["0.0001", "0.0004", "0.0019", "0.0095", "0.0201", "0.0278", "0.0298", "0.0344", "0.0459", "0.3240",
          "0.4262", "0.5719", "0.6528", "0.7590", "1"]
bh1995 = [F(p) for p in bh1995]
case(bh1995, "1/20", "benjamini_hochberg", rejections=4)
case(bh1995, "1/20", "bonferroni", rejections=3)
case(bh1995, "1/20", "holm", nulls=[9, 10, 11, 12, 13, 14])
for _ in range(6):
    m = rng.randint(1, 40)
    ps = [F(rng.randint(0, 1000), 1000) for _ in range(m)]
    proc = rng.choice(["benjamini_hochberg", "holm", "bonferroni"])
    nulls = sorted(rng.sample(range(m), rng.randint(0, m)))
    case(ps, rng.choice(["1/10", "1/20", "1/4"]), proc, nulls=nulls)

for c in CASES:
    print(json.dumps(c))
