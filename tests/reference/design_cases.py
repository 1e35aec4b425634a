"""Reference answers of combinatorics.design.construct: the published parameters of each family
(a Steiner triple system on v points has b = v(v − 1)/6 triples and r = (v − 1)/2; PG(2, q) has
q² + q + 1 points and lines of q + 1 points, r = q + 1; AG(2, q) has q² points and q² + q lines
of q points, r = q + 1; λ = 1 throughout). The blocks themselves are checked pair by pair in
tests/discrete.rs.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import json

CASES = []


def case(family, n, points, k, b, r):
    CASES.append({"capability": "combinatorics.design.construct", "input": {"family": family, "n": n},
                  "expected": {"points": points, "block_size": k, "lambda": 1, "block_count": b, "replication": r}})


for v in [3, 7, 9, 13, 15, 19, 21, 25, 27, 31, 33, 37, 39, 43, 45, 69, 99, 121]:
    case("steiner_triple_system", v, v, 3, v * (v - 1) // 6, (v - 1) // 2)
for q in [2, 3, 5, 7, 11]:
    case("projective_plane", q, q * q + q + 1, q + 1, q * q + q + 1, q + 1)
    case("affine_plane", q, q * q, q, q * q + q, q + 1)

for c in CASES:
    print(json.dumps(c))
