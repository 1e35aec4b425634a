"""Reference answers of combinatorics.stable_matching.solve by exhaustive search over matchings,
not by deferred acceptance (Gale–Shapley is never run here).

- Stable matchings: every perfect matching is a permutation (the receiver of each proposer);
  for n ≤ 7 all n! of itertools.permutations are tested for blocking pairs (a proposer and a
  receiver who both strictly prefer each other to their partners); for n = 8, 9 a backtracking
  search assigns proposers in order and discards a partial matching as soon as two of its pairs
  form a blocking pair — the same exhaustive test, pruned. The list is sorted.
- Proposer-optimal matching: the stable matching giving each proposer their best partner over
  all stable matchings; it is checked to exist (the lattice theorem), i.e. the componentwise best
  partners form one stable matching. Likewise receiver-optimal.
- Large instances with known answers: when the proposers' first choices are all different, the
  proposer-optimal matching gives every proposer their first choice (it is stable, and nobody can
  do better); likewise for the receivers. With one master list on each side (every proposer ranks
  receivers the same way and vice versa), the unique stable matching pairs the i-th best proposer
  with the i-th best receiver (checked against the brute force for small n).
- The cyclic "Latin square" instance: proposer i ranks receivers i, i+1, …, i−1 (mod n) and
  receiver j ranks proposers j+1, j+2, …, j (mod n); its n stable matchings are the shifts
  p ↦ p + k (mod n), listed by the exhaustive search.
- Random instances for n = 3..7 are drawn until they have several stable matchings (2 to 5), so
  the two optima differ.
- Blocking pairs of a given matching: all pairs (p, r) tested, sorted by p then r.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json
import random

CAP = "combinatorics.stable_matching.solve"
rng = random.Random(20260715)
CASES = []


def rank_table(lists):
    return [{x: k for k, x in enumerate(l)} for l in lists]


def blocking_pairs(matching, P, R):
    pr, rr = rank_table(P), rank_table(R)
    n = len(matching)
    husband = {r: p for p, r in enumerate(matching)}
    return [[p, r] for p in range(n) for r in range(n)
            if pr[p][r] < pr[p][matching[p]] and rr[r][p] < rr[r][husband[r]]]


def all_stable(P, R, pruned=None):
    n = len(P)
    if not (n >= 8 if pruned is None else pruned):
        return sorted(list(m) for m in itertools.permutations(range(n)) if not blocking_pairs(list(m), P, R))
    pr, rr = rank_table(P), rank_table(R)
    out = []

    def go(m, used):
        p = len(m)
        if p == n:
            out.append(list(m))
            return
        for r in range(n):
            if r in used:
                continue
            ok = True
            for q, s in enumerate(m):
                # (p, s) blocks: p prefers s to r and s prefers p to q; (q, r) likewise.
                if (pr[p][s] < pr[p][r] and rr[s][p] < rr[s][q]) or (pr[q][r] < pr[q][s] and rr[r][q] < rr[r][p]):
                    ok = False
                    break
            if ok:
                m.append(r)
                used.add(r)
                go(m, used)
                used.discard(r)
                m.pop()
    go([], set())
    return sorted(out)


def optimal(P, R, stable, side):
    pr, rr = rank_table(P), rank_table(R)
    n = len(P)
    if side == "proposer":
        best = [min((m[p] for m in stable), key=lambda r: pr[p][r]) for p in range(n)]
    else:
        best_partner = [min((m.index(r) for m in stable), key=lambda p: rr[r][p]) for r in range(n)]
        best = [0] * n
        for r, p in enumerate(best_partner):
            best[p] = r
    assert best in stable, (side, best)
    return best


def random_instance(n):
    P = [rng.sample(range(n), n) for _ in range(n)]
    R = [rng.sample(range(n), n) for _ in range(n)]
    return P, R


def emit(P, R, question, expected):
    CASES.append({"capability": CAP, "input": {"proposers": P, "receivers": R, "question": question},
                  "expected": expected})


def full_cases(P, R, questions=("proposer_optimal", "receiver_optimal", "all")):
    stable = all_stable(P, R)
    assert stable      # Gale–Shapley's theorem: a stable matching exists
    for q in questions:
        if q == "all":
            emit(P, R, "all", {"count": len(stable), "matchings": stable})
        else:
            emit(P, R, q, {"matching": optimal(P, R, stable, q.split("_")[0])})
    return stable


# The brute force and the pruned search agree.
for n in (3, 5, 6, 7):
    P, R = random_instance(n)
    assert all_stable(P, R, pruned=True) == all_stable(P, R, pruned=False)

# n = 1.
full_cases([[0]], [[0]])
# The capability's example: three pairs.
full_cases([[0, 1, 2], [1, 0, 2], [0, 1, 2]], [[1, 0, 2], [0, 1, 2], [0, 1, 2]], ("proposer_optimal",))
# Random instances n = 3..7; prefer ones with several stable matchings (the optima then differ).
for n, want in ((3, 2), (4, 3), (5, 3), (6, 4), (7, 4)):
    for _ in range(3000):
        P, R = random_instance(n)
        if len(all_stable(P, R, pruned=True)) >= want:
            break
    stable = full_cases(P, R)
    assert len(stable) >= want
# A random instance of 9 (the largest listed), by the pruned search.
P, R = random_instance(9)
full_cases(P, R, ("all",))

# The cyclic Latin-square instance, n = 8: the eight shifts are the stable matchings.
n = 8
P = [[(i + k) % n for k in range(n)] for i in range(n)]
R = [[(j + 1 + k) % n for k in range(n)] for j in range(n)]
stable = full_cases(P, R)
assert stable == sorted([[(p + k) % n for p in range(n)] for k in range(n)])
assert optimal(P, R, stable, "proposer") == list(range(n))                     # everyone's first choice
assert optimal(P, R, stable, "receiver") == [(p - 1) % n for p in range(n)]    # receiver j gets j + 1

# Master lists: one stable matching, the i-th best proposer with the i-th best receiver.
def master(n):
    L, M = rng.sample(range(n), n), rng.sample(range(n), n)
    P, R = [list(L) for _ in range(n)], [list(M) for _ in range(n)]
    m = [0] * n
    for p, r in zip(M, L):
        m[p] = r
    return P, R, m


for n in (4, 6):
    P, R, m = master(n)
    assert all_stable(P, R) == [m]
P, R, m = master(60)
emit(P, R, "proposer_optimal", {"matching": m})
emit(P, R, "receiver_optimal", {"matching": m})
emit(P, R, {"check": {"matching": m}}, {"stable": True, "blocking_pairs": []})

# Distinct first choices: each side's optimum gives that side its first choices.
n = 100
sigma, tau = rng.sample(range(n), n), rng.sample(range(n), n)
P = [[sigma[p]] + rng.sample([r for r in range(n) if r != sigma[p]], n - 1) for p in range(n)]
R = [[tau[r]] + rng.sample([p for p in range(n) if p != tau[r]], n - 1) for r in range(n)]
emit(P, R, "proposer_optimal", {"matching": sigma})
rec = [0] * n
for r, p in enumerate(tau):
    rec[p] = r
emit(P, R, "receiver_optimal", {"matching": rec})
assert not blocking_pairs(sigma, P, R) and not blocking_pairs(rec, P, R)

# Blocking pairs of given matchings.
P, R = random_instance(6)
stable = all_stable(P, R)
emit(P, R, {"check": {"matching": stable[0]}}, {"stable": True, "blocking_pairs": []})
for _ in range(3):
    m = rng.sample(range(6), 6)
    b = blocking_pairs(m, P, R)
    assert (not b) == (m in stable)
    emit(P, R, {"check": {"matching": m}}, {"stable": not b, "blocking_pairs": b})
n = 8
P = [[(i + k) % n for k in range(n)] for i in range(n)]
R = [[(j + 1 + k) % n for k in range(n)] for j in range(n)]
m = [(p + 3) % n for p in range(n)]
emit(P, R, {"check": {"matching": m}}, {"stable": True, "blocking_pairs": []})
m = [7, 6, 5, 4, 3, 2, 1, 0]
b = blocking_pairs(m, P, R)
assert b
emit(P, R, {"check": {"matching": m}}, {"stable": False, "blocking_pairs": b})
P, R = random_instance(30)
m = rng.sample(range(30), 30)
emit(P, R, {"check": {"matching": m}}, {"stable": not blocking_pairs(m, P, R), "blocking_pairs": blocking_pairs(m, P, R)})
emit([[0]], [[0]], {"check": {"matching": [0]}}, {"stable": True, "blocking_pairs": []})

for c in CASES:
    print(json.dumps(c))
