"""Reference answers of group.small_groups.search from published counts, not from the GAP
small-groups library the capability reads:

* the number of groups of order n, OEIS A000001 (n = 1..100, typed in below), cross-checked
  against Hölder's formula for square-free n and the classical counts at prime powers
  (p: 1, p²: 2, p³: 5, 2⁴: 14, p⁴ (p odd): 15, 2⁵: 51, 2⁶: 267);
* abelian groups, OEIS A000688: the product over p^e ‖ n of the partition number p(e)
  (SymPy's partition and factorint), by the fundamental theorem of finite abelian groups;
* nilpotent groups: a finite nilpotent group is the direct product of its Sylow subgroups, so
  their number is the product over p^e ‖ n of A000001(p^e);
* cyclic: exactly one group of each order; Z(G) = G exactly when G is abelian; a group of
  exponent 2 is elementary abelian; a group of order n with exponent n is cyclic;
* simple: up to order 100 the simple groups are the C_p and A_5 (order 60; the next
  non-abelian simple group is PSL(2, 7) of order 168); every group of order < 120 other than
  A_5 is solvable (OEIS A056866, orders of non-solvable groups: 60, 120, 168, …), and A_5 is the
  only perfect one of order 60;
* small orders by hand: the groups of order 8 are C_8, C_4 × C_2, C_2³, D_4, Q_8 (exponents 8,
  4, 2, 4, 4; the two non-abelian ones have a centre of order 2); of order 12, A_4 is the only
  one that is not supersolvable (its only normal subgroups are 1, V_4, A_4); of order 24, S_4 is
  the only one with trivial centre.

Every case checks number_of_groups and matching only (never ids or structure names). All are
COMPUTED: the capability cannot verify. Prints {"capability", "input", "expected"} per line.
"""
import json
from math import prod

from sympy import divisors, factorint, primefactors
from sympy.functions.combinatorial.numbers import partition

CAP = "group.small_groups.search"

# OEIS A000001, a(1)..a(100): the number of groups of order n.
A000001 = [
    1, 1, 1, 2, 1, 2, 1, 5, 2, 2, 1, 5, 1, 2, 1, 14, 1, 5, 1, 5,
    2, 2, 1, 15, 2, 2, 5, 4, 1, 4, 1, 51, 1, 2, 1, 14, 1, 2, 2, 14,
    1, 6, 1, 4, 2, 2, 1, 52, 2, 5, 1, 5, 1, 15, 2, 13, 2, 2, 1, 13,
    1, 2, 4, 267, 1, 4, 1, 5, 1, 4, 1, 50, 1, 2, 3, 4, 1, 6, 1, 52,
    15, 2, 1, 15, 1, 2, 1, 12, 1, 10, 1, 4, 2, 2, 1, 231, 1, 5, 2, 16,
]
assert len(A000001) == 100


def groups(n):
    return A000001[n - 1]


def holder(n):
    """Hölder's count of the groups of square-free order n: the sum over m | n of the product
    over primes p | n/m of (p^c(p) − 1)/(p − 1), c(p) = #{primes q | m : q ≡ 1 (mod p)}."""
    total = 0
    for m in divisors(n):
        term = 1
        for p in primefactors(n // m):
            c = sum(1 for q in primefactors(m) if q % p == 1)
            term *= (p ** c - 1) // (p - 1)
        total += term
    return total


def abelian(n):
    """OEIS A000688."""
    return prod(int(partition(e)) for e in factorint(n).values())


def nilpotent(n):
    return prod(groups(p ** e) for p, e in factorint(n).items())


# Cross-checks of the typed table.
for n in range(1, 101):
    f = factorint(n)
    if all(e == 1 for e in f.values()):
        assert groups(n) == holder(n), n
    if len(f) == 1:
        (p, e), = f.items()
        known = {1: 1, 2: 2, 3: 5, 4: 14 if p == 2 else 15, 5: 51 if p == 2 else None, 6: 267 if p == 2 else None}
        assert groups(n) == known[e], n
    assert abelian(n) <= nilpotent(n) <= groups(n), n
# A000688 at a few orders, as listed in OEIS: a(16) = 5, a(32) = 7, a(64) = 11, a(72) = 6.
assert (abelian(16), abelian(32), abelian(64), abelian(72)) == (5, 7, 11, 6)

CASES = []


def case(n, filters=None, matching=None, **extra):
    input = {"order": n}
    if filters:
        input["filters"] = filters
    # Orders with many groups list only a few (the cases check counts, not the listing).
    if groups(n) > 20 and "limit" not in extra:
        input["limit"] = 10
    input |= extra
    expected = {"number_of_groups": groups(n), "matching": groups(n) if matching is None else matching}
    CASES.append({"capability": CAP, "input": input, "expected": expected})


# Every order up to 16 and order 24, unfiltered.
for n in list(range(1, 17)) + [24]:
    case(n)
# Abelian and non-abelian groups.
for n in [16, 27, 32, 36, 64, 72, 81, 100]:
    case(n, {"abelian": True}, abelian(n))
for n in [12, 32, 54, 96]:
    case(n, {"abelian": False}, groups(n) - abelian(n))
# Z(G) = G exactly for the abelian groups.
case(72, {"center_order": 72}, abelian(72))
# Cyclic: one of each order.
case(30, {"cyclic": True}, 1)
case(12, {"cyclic": False}, groups(12) - 1)
# Nilpotent: direct products of p-groups.
for n in [12, 18, 24, 40, 48, 56, 80, 100]:
    case(n, {"nilpotent": True}, nilpotent(n))
# Simple groups: C_p, and A_5 at order 60.
case(31, {"simple": True}, 1)
case(60, {"simple": True}, 1)
case(60, {"simple": True, "abelian": False}, 1)
case(30, {"simple": True}, 0)
case(32, {"simple": True}, 0)
# Solvable and perfect: everything below 120 is solvable except A_5, the one perfect group of order 60.
case(60, {"solvable": False}, 1)
case(60, {"solvable": True}, groups(60) - 1)
case(60, {"perfect": True}, 1)
case(90, {"solvable": True}, groups(90))
# Supersolvable at order 12: all but A_4.
case(12, {"supersolvable": True}, groups(12) - 1)
# Exponents: order 8 has three groups of exponent 4; exponent 2 means elementary abelian.
# Exponent n needs an element of each full prime-power order, i.e. cyclic Sylow subgroups:
# of order 6 that is C_6 and S_3; of order 36, C_36 and C_9 ⋊ C_4 (C_4 acting by inversion, the
# only non-trivial action, as Aut(C_9) ≅ C_6 has one subgroup of order 2).
case(8, {"exponent": 4}, 3)
case(32, {"exponent": 2}, 1)
case(6, {"exponent": 6}, 2)
case(36, {"exponent": 36}, 2)
# Centres: the two non-abelian groups of order 8 have a centre of order 2; S_3 and S_4 are the
# only groups of orders 6 and 24 with trivial centre.
case(8, {"center_order": 2}, 2)
case(6, {"center_order": 1}, 1)
case(24, {"abelian": False, "center_order": 1}, 1, permutation_generators=True)
# A listing cut short by the limit still counts every match.
case(16, {"nilpotent": True}, groups(16), limit=2)

for c in CASES:
    print(json.dumps(c))
