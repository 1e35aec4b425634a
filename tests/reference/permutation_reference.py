"""Helpers shared by the permutation-group reference scripts (group_morphism_cases.py,
group_more_cases.py): permutations as 0-based image tuples read from the 1-based text the
inputs are written in, products read left to right (p·q applies p first), and two standard
groups built from their definitions, and the Mahonian numbers (also used by
permutation_statistics_cases.py and poset_families_cases.py). Not a *_cases.py script: it prints
nothing.
"""

from itertools import product

CASES = []


def out(capability, input, expected, assurance=None):
    c = {"capability": capability, "input": input, "expected": expected}
    if assurance:
        c["assurance"] = assurance
    CASES.append(c)


def perm(p, n):
    """A cycle string ("(1,2,3)(4,5)", cycles applied left to right) or a 1-based image list,
    as a 0-based image tuple on n points."""
    if isinstance(p, list):
        return tuple(x - 1 for x in p) + tuple(range(len(p), n))
    img = tuple(range(n))
    text = p.strip()
    if text in ("", "()"):
        return img
    for cyc in text[1:-1].split(")("):
        pts = [int(x) - 1 for x in cyc.split(",")]
        step = list(range(n))
        for a, b in zip(pts, pts[1:] + pts[:1]):
            step[a] = b
        img = tuple(step[x] for x in img)  # the cycles so far, then this one
    return img


def compose(p, q):
    """p·q: p first, then q."""
    return tuple(q[x] for x in p)


def moved(p):
    """The largest point (1-based) a generator in the input's notation moves."""
    if isinstance(p, list):
        return max([i + 1 for i, x in enumerate(p) if x != i + 1], default=0)
    return max([int(x) for x in p.replace("(", ",").replace(")", ",").split(",") if x], default=0)


def cube_rotations():
    """Rotations of the cube [0,1]^3 by a quarter turn about the z and the x axes, acting on
    its 8 vertices."""
    vertices = list(product((0, 1), repeat=3))
    at = {v: k for k, v in enumerate(vertices)}
    turns = [lambda x, y, z: (y, 1 - x, z), lambda x, y, z: (x, z, 1 - y)]
    return [[at[t(*v)] + 1 for v in vertices] for t in turns]


def projective_line(p, matrices):
    """2×2 matrices over F_p acting on the p + 1 points of the projective line by
    x ↦ (ax + b)/(cx + d) (∞ is point p + 1), as image lists."""
    def act(m, x):
        a, b, c, d = m
        if x == p:  # ∞ ↦ a/c
            return p if c % p == 0 else a * pow(c, -1, p) % p
        num, den = (a * x + b) % p, (c * x + d) % p
        return p if den == 0 else num * pow(den, -1, p) % p
    return [[act(m, x) + 1 for x in range(p + 1)] for m in matrices]


def mahonian(n):
    """The numbers of permutations of n with 0, 1, 2, … inversions: Π_{i ≤ n} (1 + q + … + q^(i−1)),
    by multiplying the polynomials out."""
    poly = [1]
    for i in range(1, n + 1):
        new = [0] * (len(poly) + i - 1)
        for a, c in enumerate(poly):
            for b in range(i):
                new[a + b] += c
        poly = new
    return poly
