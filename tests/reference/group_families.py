"""Reference answers of group.action.family: every element of the group enumerated by closure
in plain Python, each member's orbit as the set of its images under every element, the least
image as its canonical form, and the orbits meeting the family ordered by canonical form.

Prints {"capability", "input", "expected"} per line, read by tests/groups.rs.
"""
import json
import random

rng = random.Random(41)
CASES = []


def cycles_to_images(text, n):
    img = list(range(1, n + 1))
    for cyc in text.replace(")(", ")|(").split("|"):
        pts = [int(p) for p in cyc.strip("()").split(",") if p]
        for a, b in zip(pts, pts[1:] + pts[:1]):
            img[a - 1] = b
    return img


def elements(gens, n):
    ident = tuple(range(1, n + 1))
    seen, todo = {ident}, [ident]
    while todo:
        x = todo.pop()
        for g in gens:
            y = tuple(g[p - 1] for p in x)  # x then g
            if y not in seen:
                seen.add(y)
                todo.append(y)
    return seen


def case(gens_text, n, action, family):
    gens = [cycles_to_images(t, n) for t in gens_text]
    group = elements(gens, n)
    norm = (lambda x: tuple(sorted(x))) if action == "sets" else tuple
    orbits = {}
    members = []
    for m in family:
        orbit = {norm(g[p - 1] for p in m) for g in group}
        canonical = min(orbit)
        orbits[canonical] = len(orbit)
        members.append(canonical)
    order = sorted(orbits)
    index = {c: k for k, c in enumerate(order)}
    expected = {
        "members": [{"canonical": list(c), "orbit": index[c]} for c in members],
        "orbits": [{"canonical": list(c), "length": orbits[c], "members": [k for k, m in enumerate(members) if m == c]}
                   for c in order],
    }
    inp = {"generators": gens_text, "degree": n, "action": action, "family": family}
    CASES.append({"capability": "group.action.family", "input": inp, "expected": expected})


case(["(1,2,3,4,5)"], 5, "sets", [[1, 2], [1, 3], [2, 4], [3, 4], [2, 5]])
case(["(1,2,3,4,5)", "(2,5)(3,4)"], 5, "tuples", [[1, 2], [2, 1], [1, 3], [3, 5], [5, 3]])
case(["(1,2)", "(1,2,3,4,5,6)"], 6, "sets", [[1, 2, 3], [4, 5, 6], [1, 3, 5]])
# The dihedral group of the decagon on pairs and triples of vertices.
d10 = ["(1,2,3,4,5,6,7,8,9,10)", "(2,10)(3,9)(4,8)(5,7)"]
case(d10, 10, "sets", [[1, 2], [1, 6], [1, 3], [6, 8], [1, 2, 3], [1, 6, 8]])
case(d10, 10, "tuples", [[1, 2], [2, 1], [3, 10], [1, 2, 3], [3, 2, 1]])
for _ in range(4):
    n = rng.randint(5, 7)
    gens = []
    for _ in range(rng.randint(1, 2)):
        pts = rng.sample(range(1, n + 1), rng.randint(2, n))
        gens.append("(" + ",".join(map(str, pts)) + ")")
    action = rng.choice(["sets", "tuples"])
    family = [rng.sample(range(1, n + 1), rng.randint(1, 3)) for _ in range(6)]
    case(gens, n, action, family)

for c in CASES:
    print(json.dumps(c))
