"""Reference answers of finite_abelian_group.compute by brute force with complex floating point.

- Tilings A ⊕ B = G: every subset B ∋ 0 of size |G|/|A| tried (small groups), sums counted.
- Spectral sets: every Λ ∋ 0 of size |A| tried, orthogonality Σ_{a∈A} χ_(λ−λ')(a) = 0 decided in
  double precision with a 1e-9 tolerance (the capability decides it exactly modulo Φ_m).
- Character sums: S_L summed term by term in complex floating point; it vanishes when |S_L| <
  1e-9, and the largest |S_L| (first L among ties within 1e-9) is where the capability says.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import cmath
import itertools
import json
import math
import random

CAP = "finite_abelian_group.compute"
CASES = []
rng = random.Random(1618)


def case(group, questions, expected):
    CASES.append({"capability": CAP, "input": {"group": group, "questions": questions},
                  "expected": {"answers": expected}})


def elements(n):
    return [list(x) for x in itertools.product(*[range(k) for k in n])]


def add(n, x, y):
    return [(a + b) % k for a, b, k in zip(x, y, n)]


def chi(n, l, x):
    return cmath.exp(2j * math.pi * sum(a * b / k for a, b, k in zip(l, x, n)))


def tiles(n, a):
    order = math.prod(n)
    if order % len(a):
        return False
    rest = [x for x in elements(n) if any(x)]
    for b in itertools.combinations(rest, order // len(a) - 1):
        b = [[0] * len(n)] + list(b)
        sums = {tuple(add(n, x, y)) for x in a for y in b}
        if len(sums) == order:
            return True
    return False


def orthogonal(n, a, d):
    return abs(sum(chi(n, d, x) for x in a)) < 1e-9


def spectral(n, a):
    rest = [x for x in elements(n) if any(x)]
    for lam in itertools.combinations(rest, len(a) - 1):
        lam = [[0] * len(n)] + list(lam)
        if all(orthogonal(n, a, [(p - q) % k for p, q, k in zip(x, y, n)]) for x, y in itertools.combinations(lam, 2)):
            return True
    return False


groups = [[4], [6], [8], [2, 2], [2, 4], [9], [3, 3], [10], [12], [2, 6]]
for k in range(30):
    n = rng.choice(groups)
    els = elements(n)
    size = rng.choice([2, 2, 3, 4])
    a = rng.sample(els, min(size, len(els)))
    if [0] * len(n) not in a:
        a[0] = [0] * len(n)
    qs = [{"factorization": {"a": a}}, {"spectral": {"set": a}}]
    case(n, qs, [{"factorization": {"exists": tiles(n, a)}}, {"spectral": {"spectral": spectral(n, a)}}])

# Checks of given complements and spectra.
case([8], [{"factorization": {"a": [[0], [1]], "b": [[0], [2], [4], [6]]}},
           {"factorization": {"a": [[0], [1]], "b": [[0], [1], [4], [5]]}},
           {"spectral": {"set": [[0], [1]], "spectrum": [[0], [4]]}},
           {"spectral": {"set": [[0], [1]], "spectrum": [[0], [2]]}}],
     [{"factorization": {"exact": True}}, {"factorization": {"exact": False}},
      {"spectral": {"spectral_pair": True}}, {"spectral": {"spectral_pair": False}}])
# A subgroup tiles with its cosets and is spectral with its annihilator.
case([2, 4], [{"factorization": {"a": [[0, 0], [0, 2]]}}, {"spectral": {"set": [[0, 0], [0, 2]], "spectrum": [[0, 0], [0, 1]]}}],
     [{"factorization": {"exists": True}}, {"spectral": {"spectral_pair": True}}])

# Character sums.
for _ in range(16):
    n = rng.choice([[10], [12], [7], [3, 5], [2, 6], [16]])
    lam = [rng.randrange(k) for k in n]
    step = [rng.randrange(k) for k in n]
    if not any(step):
        step[0] = 1
    start = [rng.randrange(k) for k in n]
    length = rng.randint(1, 20)
    sums, s = [], 0
    for t in range(length):
        s += chi(n, lam, [(a + t * b) % k for a, b, k in zip(start, step, n)])
        sums.append(abs(s))
    best = max(sums)
    largest = next(i + 1 for i, v in enumerate(sums) if v > best - 1e-9)
    case(n, [{"character_sums": {"character": lam, "step": step, "start": start, "length": length}}],
         [{"character_sums": {"largest_at": largest,
                              "profile": [{"length": i + 1, "vanishes": v < 1e-9} for i, v in enumerate(sums)]}}])

for c in CASES:
    print(json.dumps(c))
