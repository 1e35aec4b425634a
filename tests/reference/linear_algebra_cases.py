"""Reference answers of the linear-algebra pack, computed with SymPy and brute force.

Prints one JSON object per line: {"capability": id, "input": {...}, "expected": {...}}. The
tests run each input through Jacobian (in VERIFY mode when the capability offers it) and
require the output to contain `expected` exactly (every key of `expected`, recursively equal)
and, in VERIFY mode, the assurance `assurance` (VERIFIED unless the case says otherwise).
Cases are generated from a fixed seed, so every run checks the same inputs.
"""
import itertools
import json
import math
import random

import sympy
from sympy import Matrix, Rational
from sympy.matrices.normalforms import hermite_normal_form, smith_normal_form, invariant_factors

rng = random.Random(20261204)
CASES = []


def case(capability, inp, expected, assurance=None):
    c = {"capability": capability, "input": inp, "expected": expected}
    if assurance:
        c["assurance"] = assurance
    CASES.append(c)


def s(x):
    x = sympy.nsimplify(x) if not isinstance(x, (int, Rational, sympy.Integer)) else x
    return str(sympy.Rational(x))


def rows(M):
    return [[s(x) for x in M.row(i)] for i in range(M.rows)]


def obj(M, ring=None):
    o = {"rows": rows(M)}
    if ring:
        o["ring"] = ring
    return o


def canon(M, ring):
    return {"ring": ring, "shape": [M.rows, M.cols], "rows": rows(M)}


def mod(M, p):
    return M.applyfunc(lambda x: sympy.Rational(x).p * pow(sympy.Rational(x).q, -1, p) % p)


def rand_int(m, n, size=9, rank=None):
    if rank is None:
        return Matrix(m, n, lambda i, j: rng.randint(-size, size))
    L = Matrix(m, rank, lambda i, j: rng.randint(-3, 3))
    R = Matrix(rank, n, lambda i, j: rng.randint(-3, 3))
    return L * R


def rand_rat(m, n):
    return Matrix(m, n, lambda i, j: Rational(rng.randint(-9, 9), rng.randint(1, 5)))


def columns(M):
    return [[s(x) for x in M.col(j)] for j in range(M.cols)]


PRIMES = [2, 3, 5, 7, 101]

# matrix.compute.arithmetic
for _ in range(12):
    m, k, n = rng.randint(1, 4), rng.randint(1, 4), rng.randint(1, 4)
    A, B = rand_rat(m, k), rand_rat(k, n)
    case("matrix.compute.arithmetic", {"operation": "product", "operands": [obj(A, "Q"), obj(B, "Q")]},
         {"result": canon(A * B, "Q")})
    C = rand_int(m, k)
    D = rand_int(m, k)
    case("matrix.compute.arithmetic", {"operation": "sum", "operands": [obj(C), obj(D), obj(C)]},
         {"result": canon(C + D + C, "Z")})
    case("matrix.compute.arithmetic", {"operation": "difference", "operands": [obj(C), obj(D)]},
         {"result": canon(C - D, "Z")})
    case("matrix.compute.arithmetic", {"operation": "transpose", "operands": [obj(A, "Q")]},
         {"result": canon(A.T, "Q")})
    q = rng.randint(2, 12)
    S = rand_int(q % 3 + 1, q % 3 + 1, 3)
    case("matrix.compute.arithmetic", {"operation": "power", "operands": [obj(S)], "exponent": q},
         {"result": canon(S ** q, "Z")})
    c = Rational(rng.randint(-9, 9), rng.randint(1, 4))
    case("matrix.compute.arithmetic", {"operation": "scale", "operands": [obj(C)], "scalar": s(c)},
         {"result": canon(c * C, "Q" if c.q != 1 else "Z")} if c.q == 1 else {"result": canon(c * C, "Q")})
    from sympy.physics.quantum import TensorProduct
    E = rand_int(2, rng.randint(1, 3), 4)
    case("matrix.compute.arithmetic", {"operation": "kronecker", "operands": [obj(C), obj(E)]},
         {"result": canon(TensorProduct(C, E), "Z")})
    p = rng.choice(PRIMES)
    F, G = rand_int(m, k, 50), rand_int(k, n, 50)
    case("matrix.compute.arithmetic",
         {"operation": "product", "operands": [obj(F, f"F_{p}"), obj(G, f"F_{p}")]},
         {"result": canon(mod(mod(F, p) * mod(G, p), p), f"F_{p}")})
# Sparse input gives the same result as dense.
case("matrix.compute.arithmetic",
     {"operation": "product", "operands": [{"shape": [2, 3], "entries": [[0, 0, 1], [1, 2, "1/2"]]}, {"rows": [[1], [2], [4]]}]},
     {"result": {"ring": "Q", "shape": [2, 1], "rows": [["1"], ["2"]]}})
# The scale operation over Q: fix the expected ring when the scalar is a fraction.
for c in CASES:
    if c["capability"] == "matrix.compute.arithmetic" and c["input"]["operation"] == "scale":
        if "/" in c["input"]["scalar"]:
            c["input"]["operands"][0]["ring"] = "Q"


def minpoly(A):
    n = A.rows
    powers = [sympy.eye(n)]
    for d in range(1, n + 1):
        powers.append(powers[-1] * A)
        M = Matrix.hstack(*[P.reshape(n * n, 1) for P in powers])
        ns = M.nullspace()
        if ns:
            v = ns[0]
            v = v / v[d]
            return [s(x) for x in v]
    raise AssertionError


def charpoly(A):
    return [s(x) for x in reversed(A.charpoly().all_coeffs())]


# matrix.compute.invariants
for t in range(30):
    n = rng.randint(1, 6)
    ring = ["Z", "Q", "F"][t % 3]
    if ring == "Z":
        A = rand_int(n, n, 20, rank=rng.choice([None, None, max(1, n - 1)]))
    elif ring == "Q":
        A = rand_rat(n, n)
    else:
        p = rng.choice([7, 11, 101, 1009])
        A = mod(rand_int(n, n, 200, rank=rng.choice([None, max(1, n - 1)])), p)
    if ring == "F":
        r = f"F_{p}"
        Ap = A
        det = s(A.det() % p)
        rank = sympy.polys.matrices.DomainMatrix.from_Matrix(A).convert_to(sympy.GF(p)).rank()
        expected = {"determinant": det, "rank": rank, "nullity": n - rank, "trace": s(A.trace() % p)}
        if p > n:
            expected["characteristic_polynomial"] = [s(int(x) % p) for x in reversed(A.charpoly().all_coeffs())]
        case("matrix.compute.invariants",
             {"matrix": obj(A, r), "properties": ["determinant", "rank", "nullity", "trace"] + (["characteristic_polynomial"] if p > n else [])},
             expected)
        continue
    expected = {"determinant": s(A.det()), "rank": A.rank(), "nullity": n - A.rank(), "trace": s(A.trace()),
                "characteristic_polynomial": charpoly(A), "minimal_polynomial": minpoly(A)}
    case("matrix.compute.invariants", {"matrix": obj(A, ring)}, expected)
# Rectangular: rank and nullity only.
for _ in range(6):
    m, n = rng.randint(1, 6), rng.randint(1, 6)
    A = rand_int(m, n, 9, rank=rng.randint(1, min(m, n)))
    case("matrix.compute.invariants", {"matrix": obj(A)}, {"rank": A.rank(), "nullity": n - A.rank()})
# A 30 × 30 determinant with entries up to 10^6.
A = Matrix(30, 30, lambda i, j: rng.randint(-10 ** 6, 10 ** 6))
case("matrix.compute.invariants", {"matrix": obj(A), "properties": ["determinant"]}, {"determinant": s(A.det(method="bareiss"))})
# Derogatory minimal polynomial.
A = Matrix([[2, 1, 0, 0], [0, 2, 0, 0], [0, 0, 2, 0], [0, 0, 0, 3]])
case("matrix.compute.invariants", {"matrix": obj(A), "properties": ["minimal_polynomial"]}, {"minimal_polynomial": minpoly(A)})

# matrix.compute.inverse and matrix.compute.adjugate
for t in range(15):
    n = rng.randint(1, 6)
    ring = ["Z", "Q", "F"][t % 3]
    if ring == "F":
        p = rng.choice([5, 7, 101])
        while True:
            A = mod(rand_int(n, n, 50), p)
            if A.det() % p:
                break
        case("matrix.compute.inverse", {"matrix": obj(A, f"F_{p}")}, {"inverse": canon(mod(A.inv_mod(p), p), f"F_{p}")})
        case("matrix.compute.adjugate", {"matrix": obj(A, f"F_{p}")}, {"adjugate": canon(mod(A.adjugate(), p), f"F_{p}")})
        continue
    A = rand_int(n, n) if ring == "Z" else rand_rat(n, n)
    if A.det() == 0:
        continue
    inv = A.inv()
    out_ring = "Z" if all(x.q == 1 for x in inv) else "Q"
    case("matrix.compute.inverse", {"matrix": obj(A, ring)}, {"inverse": canon(inv, out_ring)})
    case("matrix.compute.adjugate", {"matrix": obj(A, ring)}, {"adjugate": canon(A.adjugate(), ring)})
U = Matrix([[2, 3], [1, 2]])
case("matrix.compute.inverse", {"matrix": obj(U)}, {"inverse": canon(U.inv(), "Z")})
S = rand_int(4, 4, 5, rank=2)
case("matrix.compute.adjugate", {"matrix": obj(S)}, {"adjugate": canon(S.adjugate(), "Z")})
S = rand_int(3, 3, 5, rank=2)
case("matrix.compute.adjugate", {"matrix": obj(S)}, {"adjugate": canon(S.adjugate(), "Z")})

# matrix.compute.kernel, matrix.compute.image, matrix.transform.echelon
for t in range(20):
    m, n = rng.randint(1, 6), rng.randint(1, 6)
    r = rng.randint(1, min(m, n))
    ring = "Q" if t % 2 else "Z"
    A = rand_int(m, n, 5, rank=r) if ring == "Z" else rand_rat(m, n)
    rank = A.rank()
    if ring == "Q":
        case("matrix.compute.kernel", {"matrix": obj(A, "Q")}, {"basis": [columns(v)[0] for v in A.nullspace()], "dimension": n - rank})
        case("matrix.compute.kernel", {"matrix": obj(A, "Q"), "side": "left"},
             {"basis": [columns(v)[0] for v in A.T.nullspace()], "dimension": m - rank})
        case("matrix.compute.image", {"matrix": obj(A, "Q")}, {"basis": [columns(v)[0] for v in A.columnspace()], "dimension": rank})
    else:
        case("matrix.compute.kernel", {"matrix": obj(A)}, {"dimension": n - rank, "ring": "Z"})
        H = hermite_normal_form(A)
        case("matrix.compute.image", {"matrix": obj(A)}, {"basis": columns(H), "dimension": rank})
        Ht = hermite_normal_form(A.T)
        case("matrix.compute.image", {"matrix": obj(A), "side": "left"}, {"basis": columns(Ht), "dimension": rank})
    R, piv = A.rref()
    case("matrix.transform.echelon", {"matrix": obj(A, ring)}, {"form": canon(R, "Q"), "pivots": list(piv), "rank": rank})
    case("matrix.transform.echelon", {"matrix": obj(A, ring), "reduced": False}, {"pivots": list(piv), "rank": rank})
for p in [2, 3, 7]:
    A = mod(rand_int(4, 5, 9, rank=3), p)
    from sympy.polys.matrices import DomainMatrix
    dm = DomainMatrix.from_Matrix(A).convert_to(sympy.GF(p))
    R, piv = dm.rref()
    Rm = R.to_Matrix().applyfunc(lambda x: int(x) % p)
    case("matrix.transform.echelon", {"matrix": obj(A, f"F_{p}")}, {"form": canon(Rm, f"F_{p}"), "pivots": list(piv)})
    ns = dm.nullspace().to_Matrix()
    case("matrix.compute.kernel", {"matrix": obj(A, f"F_{p}")}, {"dimension": 5 - len(piv)})


# matrix.solve.linear_system
def minors_gcd(M, r):
    g = 0
    for rs in itertools.combinations(range(M.rows), r):
        for cs in itertools.combinations(range(M.cols), r):
            g = math.gcd(g, int(M.extract(list(rs), list(cs)).det()))
    return g


for t in range(24):
    m, n = rng.randint(1, 4), rng.randint(1, 4)
    A = rand_int(m, n, 6, rank=rng.randint(1, min(m, n)))
    ring = "Q" if t % 2 else "Z"
    if t % 3 == 0:
        b = A * Matrix(n, 1, lambda i, j: rng.randint(-5, 5))
    else:
        b = Matrix(m, 1, lambda i, j: rng.randint(-9, 9))
    if ring == "Q":
        try:
            sol, params = A.gauss_jordan_solve(b)
            x = sol.subs({p: 0 for p in params})
            expected = {"solvable": True, "particular": columns(x)[0], "homogeneous": [columns(v)[0] for v in A.nullspace()]}
        except ValueError:
            expected = {"solvable": False}
        case("matrix.solve.linear_system", {"matrix": obj(A, "Q"), "rhs": [s(x) for x in b]}, expected)
    else:
        r = A.rank()
        Ab = A.row_join(b)
        solvable = Ab.rank() == r and minors_gcd(A, r) == minors_gcd(Ab, r)
        case("matrix.solve.linear_system", {"matrix": obj(A), "rhs": [s(x) for x in b]}, {"solvable": bool(solvable)})
case("matrix.solve.linear_system", {"matrix": {"rows": [[2, 4], [6, 8]]}, "rhs": [1, 1]}, {"solvable": False})
case("matrix.solve.linear_system", {"matrix": {"rows": [[2, 4], [6, 8]]}, "rhs": [2, 2]}, {"solvable": True, "particular": ["-1", "1"]})

# matrix.transform.hermite, matrix.transform.smith, abelian_group.compute.invariants
for t in range(20):
    m, n = rng.randint(1, 6), rng.randint(1, 6)
    A = rand_int(m, n, 30, rank=rng.choice([None, rng.randint(1, min(m, n))]))
    if A.rank() == 0:
        continue
    H = hermite_normal_form(A)
    case("matrix.transform.hermite", {"matrix": obj(A)}, {"form": canon(H, "Z"), "rank": A.rank()})
    D = smith_normal_form(A, domain=sympy.ZZ)
    diag = [s(D[i, i]) for i in range(min(m, n))]
    case("matrix.transform.smith", {"matrix": obj(A)}, {"diagonal": diag, "rank": A.rank()})
    inv = [int(x) for x in diag if int(x) > 1]
    free = n - A.rank()
    elementary = sorted(p ** e for d in inv for p, e in sympy.factorint(d).items())
    case("abelian_group.compute.invariants", {"group": {"generators": n, "relations": rows(A)}},
         {"free_rank": free, "invariant_factors": [str(d) for d in inv], "torsion_order": str(math.prod(inv)),
          "cyclic": free + len(inv) <= 1})
case("abelian_group.compute.invariants", {"group": {"generators": 3}},
     {"free_rank": 3, "invariant_factors": [], "cyclic": False})
case("abelian_group.compute.invariants", {"group": {"generators": 2, "relations": [[4, 0], [0, 6]]}},
     {"free_rank": 0, "invariant_factors": ["2", "12"], "order": "24", "cyclic": False})

# lattice.reduce.lll, lattice.compute.invariants, lattice.find.short_vectors
for t in range(12):
    m, n = rng.randint(1, 5), rng.randint(1, 5)
    B = rand_int(m, n, 40, rank=rng.choice([None, rng.randint(1, min(m, n))]))
    if B.rank() == 0:
        continue
    case("lattice.reduce.lll", {"lattice": {"basis": rows(B)}}, {"rank": B.rank()})
    H = hermite_normal_form(B.T).T
    G = H * H.T
    D = smith_normal_form(B.T, domain=sympy.ZZ)
    sat = math.prod(int(D[i, i]) for i in range(min(D.rows, D.cols)) if D[i, i] != 0)
    expected = {"rank": B.rank(), "hermite_basis": rows(H), "gram": rows(G), "determinant": s(G.det()),
                "saturation_index": str(sat)}
    if B.rank() == n:
        expected["index"] = s(abs(H.det()))
    case("lattice.compute.invariants", {"lattice": {"basis": rows(B)}}, expected)
# Knapsack lattice: a relation among the weights is found.
w = [rng.randint(10 ** 5, 10 ** 6) for _ in range(8)]
K = Matrix([[1 if i == j else 0 for j in range(8)] + [w[i] * 1000] for i in range(8)])
case("lattice.reduce.lll", {"lattice": {"basis": rows(K)}}, {"rank": 8})


def brute(B, target, box=6):
    n = B.rows
    best, hits = None, []
    for x in itertools.product(range(-box, box + 1), repeat=n):
        if target is None and not any(x):
            continue
        v = Matrix([list(x)]) * B
        d = v - target if target is not None else v
        q = (d * d.T)[0]
        if best is None or q < best:
            best, hits = q, [x]
        elif q == best:
            hits.append(x)
    return best, hits


for t in range(10):
    n = rng.randint(1, 3)
    while True:
        B = rand_int(n, rng.randint(n, 3), 6)
        if B.rank() == n:
            break
    best, hits = brute(B, None)
    case("lattice.find.short_vectors", {"lattice": {"basis": rows(B)}, "search": "shortest"},
         {"squared_distance": s(best), "count": len(hits) // 2})
    T = Matrix([[Rational(rng.randint(-20, 20), rng.randint(1, 4)) for _ in range(B.cols)]])
    best, hits = brute(B, T, 8)
    case("lattice.find.short_vectors", {"lattice": {"basis": rows(B)}, "search": "closest", "target": [s(x) for x in T]},
         {"squared_distance": s(best), "count": len(hits)})


# topology.simplicial_complex.homology and .chain_complex: Betti numbers and torsion from the
# ranks and Smith forms of boundary matrices built here.
def faces_of(facets):
    fs = set()
    for f in facets:
        f = sorted(f)
        for k in range(1, len(f) + 1):
            fs.update(itertools.combinations(f, k))
    dim = max(len(f) for f in fs) - 1
    return [sorted(f for f in fs if len(f) == k + 1) for k in range(dim + 1)]


def homology(facets):
    F = faces_of(facets)
    dim = len(F) - 1
    maps = []
    for k in range(1, dim + 1):
        idx = {f: i for i, f in enumerate(F[k - 1])}
        M = sympy.zeros(len(F[k - 1]), len(F[k]))
        for j, sgm in enumerate(F[k]):
            for i in range(len(sgm)):
                M[idx[sgm[:i] + sgm[i + 1:]], j] = (-1) ** i
        maps.append(M)
    ranks = [0] + [M.rank() for M in maps] + [0]
    betti = [len(F[k]) - ranks[k] - ranks[k + 1] for k in range(dim + 1)]
    torsion = []
    for k in range(dim + 1):
        if k < dim:
            D = smith_normal_form(maps[k], domain=sympy.ZZ)
            torsion.append([str(abs(int(D[i, i]))) for i in range(min(D.rows, D.cols)) if abs(D[i, i]) > 1])
        else:
            torsion.append([])
    return F, betti, torsion


TORUS = [[0, 1, 3], [1, 3, 4], [1, 2, 4], [2, 4, 5], [2, 0, 5], [0, 5, 3], [3, 4, 6], [4, 6, 7], [4, 5, 7], [5, 7, 8],
         [5, 3, 8], [3, 8, 6], [6, 7, 0], [7, 0, 1], [7, 8, 1], [8, 1, 2], [8, 6, 2], [6, 2, 0]]
RP2 = [[0, 1, 2], [0, 2, 3], [0, 3, 4], [0, 4, 5], [0, 1, 5], [1, 2, 4], [2, 3, 5], [1, 3, 4], [1, 3, 5], [2, 4, 5]]
KLEIN = [[0, 1, 3], [1, 3, 4], [1, 2, 4], [2, 4, 5], [2, 0, 5], [0, 5, 3], [3, 4, 6], [4, 6, 7], [4, 5, 7], [5, 7, 8],
         [5, 3, 8], [3, 8, 6], [6, 7, 0], [7, 0, 2], [7, 8, 2], [8, 2, 1], [8, 6, 1], [6, 1, 0]]
COMPLEXES = {
    "S2": [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]],
    "S3": [list(c) for c in itertools.combinations(range(5), 4)],
    "circle": [[0, 1], [1, 2], [0, 2]],
    "two points": [[0], [1]],
    "torus": TORUS,
    "RP2": RP2,
    "Klein bottle": KLEIN,
    "ball": [[0, 1, 2, 3]],
    "wedge": [[0, 1], [1, 2], [0, 2], [0, 3], [3, 4], [0, 4]],
}
for k in range(6):
    vs = list(range(rng.randint(4, 7)))
    COMPLEXES[f"random {k}"] = [rng.sample(vs, rng.randint(1, 4)) for _ in range(rng.randint(2, 8))]
for name, facets in COMPLEXES.items():
    F, betti, torsion = homology(facets)
    chi = sum((-1) ** k * len(f) for k, f in enumerate(F))
    case("topology.simplicial_complex.homology", {"complex": {"facets": facets}},
         {"betti": betti, "torsion": torsion, "euler_characteristic": chi})
    case("topology.simplicial_complex.chain_complex", {"complex": {"facets": facets}},
         {"f_vector": [len(f) for f in F], "euler_characteristic": chi, "faces": [[list(x) for x in f] for f in F]})

# chain_complex.compute.homology: the same complexes given by their boundary matrices, and a
# few algebraic ones.
for name, facets in COMPLEXES.items():
    F, betti, torsion = homology(facets)
    if len(F) < 2:
        continue
    maps = []
    for k in range(1, len(F)):
        idx = {f: i for i, f in enumerate(F[k - 1])}
        M = sympy.zeros(len(F[k - 1]), len(F[k]))
        for j, sgm in enumerate(F[k]):
            for i in range(len(sgm)):
                M[idx[sgm[:i] + sgm[i + 1:]], j] = (-1) ** i
        maps.append({"rows": rows(M)})
    case("chain_complex.compute.homology", {"maps": maps}, {"betti": betti, "torsion": torsion})
case("chain_complex.compute.homology", {"maps": [{"rows": [[2]]}]}, {"betti": [0, 0], "torsion": [["2"], []], "exact": False})
case("chain_complex.compute.homology", {"maps": [{"rows": [[1, 0], [0, 1]]}]}, {"betti": [0, 0], "exact": True})
case("chain_complex.compute.homology", {"maps": [{"rows": [[0, 0]]}, {"rows": [[4], [0]]}]},
     {"betti": [1, 1, 0], "torsion": [[], ["4"], []]})


# topology.simplicial_complex.operation against set-based constructions written here.
def canonical(faces):
    faces = [tuple(sorted(set(f))) for f in faces if f]
    faces = sorted(set(faces), key=lambda f: (-len(f), f))
    kept = []
    for f in faces:
        if not any(len(g) > len(f) and set(f) <= set(g) for g in kept):
            kept.append(f)
    return sorted(list(f) for f in kept)


def fvec(facets):
    if not facets:
        return []
    return [len(f) for f in faces_of(facets)]


def construct(facets, op):
    K = canonical(facets)
    kind = next(iter(op)) if isinstance(op, dict) else op
    arg = op[kind] if isinstance(op, dict) else None
    if kind == "skeleton":
        return canonical([f for fs in faces_of(K)[:arg["dimension"] + 1] for f in fs])
    if kind == "link":
        sg = set(arg["face"])
        return canonical([set(f) - sg for f in K if sg <= set(f)])
    if kind == "star":
        sg = set(arg["face"])
        return canonical([f for f in K if sg <= set(f)])
    if kind == "deletion":
        sg = set(arg["face"])
        return canonical([g for fs in faces_of(K) for g in fs if not sg <= set(g)])
    if kind == "induced":
        w = set(arg["vertices"])
        return canonical([set(f) & w for f in K])
    if kind == "cone":
        return canonical([list(f) + [arg["apex"]] for f in K])
    if kind == "suspension":
        return canonical([list(f) + [a] for a in arg["apexes"] for f in K])
    if kind == "join":
        return canonical([list(f) + list(g) for f in K for g in canonical(arg["other"]["facets"])])
    raise AssertionError(kind)


for name, facets in list(COMPLEXES.items())[:10]:
    K = canonical(facets)
    vs = sorted({v for f in K for v in f})
    top = max(vs) + 1
    face = rng.choice([g for fs in faces_of(K) for g in fs])
    for op in [{"skeleton": {"dimension": rng.randint(0, 2)}}, {"link": {"face": list(face)}}, {"star": {"face": list(face)}},
               {"deletion": {"face": list(face)}}, {"induced": {"vertices": rng.sample(vs, max(1, len(vs) // 2))}},
               {"cone": {"apex": top}}, {"suspension": {"apexes": [top, top + 1]}},
               {"join": {"other": {"facets": [[top + 5, top + 6], [top + 7]]}}}]:
        result = construct(facets, op)
        case("topology.simplicial_complex.operation", {"complex": {"facets": facets}, "operation": op},
             {"facets": result, "f_vector": fvec(result)})
    # Barycentric subdivision: its f-vector counts chains of faces; components by search.
    chains = {0: [(f,) for fs in faces_of(K) for f in fs]}
    fv = [len(chains[0])]
    k = 0
    while True:
        nxt = [c + (g,) for c in chains[k] for fs in faces_of(K) for g in fs if len(g) > len(c[-1]) and set(c[-1]) < set(g)]
        if not nxt:
            break
        k += 1
        chains[k] = nxt
        fv.append(len(nxt))
    case("topology.simplicial_complex.operation", {"complex": {"facets": facets}, "operation": "barycentric"}, {"f_vector": fv})
    comps, seen = [], set()
    for v in vs:
        if v in seen:
            continue
        comp, stack = set(), [v]
        while stack:
            u = stack.pop()
            if u in comp:
                continue
            comp.add(u)
            stack.extend(w for f in K if u in f for w in f)
        seen |= comp
        comps.append(sorted(comp))
    case("topology.simplicial_complex.operation", {"complex": {"facets": facets}, "operation": "components"},
         {"components": sorted(comps)})

# topology.simplicial_complex.operation, the further constructions: clique complexes against
# NetworkX's maximal cliques, face posets and mod-2 boundaries from the faces, collapses of 2-disks
# and trees (extendably collapsible: every greedy sequence ends in a point) and of spheres (no free
# face), relabellings, and shelling orders tested by the Björner–Wachs condition written here.
import networkx


def op_case(facets, op, expected):
    case("topology.simplicial_complex.operation", {"complex": {"facets": facets}, "operation": op}, expected)


for k in range(8):
    n = rng.randint(3, 9)
    G = networkx.gnp_random_graph(n, rng.choice([0.3, 0.5, 0.7]), seed=rng.randint(0, 10**6))
    facets = [list(e) for e in G.edges()] + [[v] for v in G.nodes() if G.degree(v) == 0]
    cliques = canonical(networkx.find_cliques(G))
    op_case(facets, "flag_completion", {"facets": cliques, "f_vector": fvec(cliques)})
op_case(COMPLEXES["circle"], "flag_completion", {"facets": [[0, 1, 2]]})
op_case(COMPLEXES["S2"], "flag_completion", {"facets": [[0, 1, 2, 3]]})

for name in ["S2", "circle", "wedge", "random 0", "random 1", "ball"]:
    K = canonical(COMPLEXES[name])
    faces = [list(f) for fs in faces_of(K) for f in fs]
    index = {tuple(f): i for i, f in enumerate(faces)}
    covers = sorted([index[tuple(f[:i] + f[i + 1:])], j] for j, f in enumerate(faces) if len(f) > 1 for i in range(len(f)))
    op_case(COMPLEXES[name], "face_poset", {"faces": faces, "covers": covers})

for name in ["S2", "S3", "torus", "ball", "circle"]:
    K = canonical(COMPLEXES[name])
    count = {}
    for f in K:
        for i in range(len(f)):
            g = tuple(f[:i] + f[i + 1:])
            count[g] = count.get(g, 0) + 1
    bd = canonical([list(g) for g, c in count.items() if c % 2 == 1 and g])
    op_case(COMPLEXES[name], "boundary", {"facets": bd})
for m in range(3, 8):
    disk = [[i, (i + 1) % m, m] for i in range(m)]
    op_case(disk, "boundary", {"facets": canonical([[i, (i + 1) % m] for i in range(m)])})
    op_case(disk, "greedy_collapse", {"f_vector": [1]})
    # A tree on m + 1 vertices.
    tree = [[rng.randint(0, v - 1), v] for v in range(1, m + 1)]
    op_case(tree, "greedy_collapse", {"f_vector": [1]})
for name in ["S2", "S3", "circle"]:
    op_case(COMPLEXES[name], "greedy_collapse", {"facets": canonical(COMPLEXES[name]), "collapses": []})
disk = [[0, 1, 4], [1, 2, 4], [2, 3, 4], [0, 3, 4]]
op_case(disk, {"collapse": {"face": [0, 1], "facet": [0, 1, 4]}},
        {"facets": canonical([[1, 2, 4], [2, 3, 4], [0, 3, 4], [0, 4], [1, 4]]), "collapses": [[[0, 1], [0, 1, 4]]]})

for name in ["wedge", "random 2", "random 3"]:
    K = canonical(COMPLEXES[name])
    old = sorted({v for f in K for v in f})
    new = canonical([[old.index(v) for v in f] for f in K])
    op_case(COMPLEXES[name], "relabel", {"facets": new, "vertex_map": old})


def bw_failure(order):
    """The first position whose facet meets the union of the earlier ones in a complex that is not
    pure of codimension one; None for a shelling."""
    for j in range(1, len(order)):
        Fj = set(order[j])
        meets = canonical([list(set(f) & Fj) for f in order[:j]])
        if not meets or any(len(m) != len(Fj) - 1 for m in meets):
            return j
    return None


for name in ["S2", "S3", "ball", "circle", "torus", "wedge"]:
    K = canonical(COMPLEXES[name])
    for _ in range(3):
        order = K[:]
        rng.shuffle(order)
        j = bw_failure(order)
        expected = {"is_shelling": j is None}
        if j is not None:
            expected["first_failure"] = j
        op_case(COMPLEXES[name], {"shelling": {"order": order}}, expected)
op_case([[0, 1, 2], [2, 3, 4]], {"shelling": {"order": [[0, 1, 2], [2, 3, 4]]}}, {"is_shelling": False, "first_failure": 1})
op_case(COMPLEXES["S2"], {"shelling": {"order": canonical(COMPLEXES["S2"])}}, {"is_shelling": True})

# topology.finite_space.compute against the topology generated by brute force: every union of
# finite intersections of the given open sets, and each answer from its definition over that
# family of open sets (no minimal neighbourhoods).
def generated(n, subbasis):
    X = frozenset(range(n))
    opens = {frozenset(), X} | {frozenset(o) for o in subbasis}
    while True:
        more = {a | b for a in opens for b in opens} | {a & b for a in opens for b in opens}
        if more <= opens:
            return opens
        opens |= more


def fs_answers(n, subbasis, questions, codomain=None):
    T = generated(n, subbasis)
    X = frozenset(range(n))
    closed = {X - o for o in T}
    out = []
    for q in questions:
        kind = q if isinstance(q, str) else next(iter(q))
        if kind in ("closure", "interior", "boundary"):
            S = frozenset(q[kind])
            cl = frozenset.intersection(*[c for c in closed if S <= c])
            it = frozenset().union(*[o for o in T if o <= S])
            out.append({kind: sorted({"closure": cl, "interior": it, "boundary": cl - it}[kind])})
        elif kind == "specialization_preorder":
            pairs = [[x, y] for y in range(n) for x in range(n) if x != y and all(x in o for o in T if y in o)]
            out.append({kind: pairs})
        elif kind == "kolmogorov_quotient":
            key = lambda x: frozenset(o for o in T if x in o)
            classes = []
            for x in range(n):
                if not any(x in c for c in classes):
                    classes.append([y for y in range(n) if key(y) == key(x)])
            mins = []
            for c in classes:
                U = frozenset.intersection(*[o for o in T if c[0] in o])
                mins.append([j for j, d in enumerate(classes) if d[0] in U])
            out.append({kind: {"classes": classes, "minimal_open_sets": mins}})
        elif kind == "properties":
            clopen = [o for o in T if X - o in T and o]
            comps = sorted(sorted(o) for o in clopen if not any(p < o for p in clopen))
            t0 = all(any((x in o) != (y in o) for o in T) for x in range(n) for y in range(x))
            t1 = all(X - {x} in T for x in range(n))
            out.append({kind: {"t0": t0, "t1": t1, "connected": len(comps) == 1, "components": comps,
                               "discrete": len(T) == 2 ** n, "open_sets": len(T)}})
        elif kind == "continuous":
            f = q[kind]["map"]
            T2 = generated(codomain[0], codomain[1])
            ok = all(frozenset(x for x in range(n) if f[x] in V) in T for V in T2)
            answer = {"continuous": ok}
            for z in range(codomain[0]):
                V = frozenset.intersection(*[o for o in T2 if z in o])
                P = frozenset(x for x in range(n) if f[x] in V)
                if P not in T:
                    answer.update({"open_set": sorted(V), "preimage": sorted(P)})
                    break
            out.append({kind: answer})
    return out


FINITE_SPACES = [
    (4, [[0], [1], [0, 1, 2], [0, 1, 3]]),  # the pseudocircle
    (3, [[0], [0, 1]]),  # Sierpinski-like chain
    (1, []),
    (5, [[0, 1], [1, 2], [3]]),
]
for k in range(8):
    n = rng.randint(2, 6)
    FINITE_SPACES.append((n, [rng.sample(range(n), rng.randint(1, n)) for _ in range(rng.randint(0, 4))]))
for n, sub in FINITE_SPACES:
    S = rng.sample(range(n), rng.randint(0, n))
    qs = [{"closure": S}, {"interior": S}, {"boundary": S}, "specialization_preorder", "kolmogorov_quotient", "properties"]
    cod = (3, [[0], [0, 1]])
    f = [rng.randrange(3) for _ in range(n)]
    qs.append({"continuous": {"codomain": {"points": cod[0], "open_sets": cod[1]}, "map": f}})
    case("topology.finite_space.compute", {"space": {"points": n, "open_sets": sub}, "questions": qs},
         {"answers": fs_answers(n, sub, qs, cod)})
# Beat points of the pseudocircle (none: it is its own core) and of a chain (all but one removed).
case("topology.finite_space.compute", {"space": {"points": 4, "open_sets": [[0], [1], [0, 1, 2], [0, 1, 3]]},
                                       "questions": ["beat_points"]},
     {"answers": [{"beat_points": {"classes": [[0], [1], [2], [3]], "down": [], "up": [], "removed": [], "core": [0, 1, 2, 3]}}]})
case("topology.finite_space.compute", {"space": {"points": 3, "open_sets": [[0], [0, 1]]}, "questions": ["beat_points"]},
     {"answers": [{"beat_points": {"classes": [[0], [1], [2]], "down": [1, 2], "up": [0, 1], "removed": [0, 1], "core": [2]}}]})

# matrix.compute.rational_canonical_form and matrix.decide.similar: invariant factors from the Smith
# form of xI - A over Q[x].
X = sympy.Symbol("x")


def invariant_polys(A):
    D = smith_normal_form(X * sympy.eye(A.rows) - A, domain=sympy.QQ[X])
    polys = [sympy.Poly(D[i, i], X) for i in range(A.rows)]
    polys = [p.monic() for p in polys if p.degree() > 0]
    return [[s(c) for c in reversed(p.all_coeffs())] for p in reversed(polys)]


for t in range(10):
    n = rng.randint(1, 4)
    A = rand_int(n, n, 3) if t % 3 else sympy.diag(*[rng.choice([1, 2]) for _ in range(n)])
    case("matrix.compute.rational_canonical_form", {"matrix": obj(A)}, {"invariant_factors": invariant_polys(A)})
    while True:
        P = rand_int(n, n, 2)
        if P.det() != 0:
            break
    B = P.inv() * A * P
    case("matrix.decide.similar", {"a": obj(A), "b": obj(B, "Q")}, {"similar": True})
    C = A.copy()
    C[0, 0] += 1
    case("matrix.decide.similar", {"a": obj(A), "b": obj(C)}, {"similar": invariant_polys(A) == invariant_polys(C)})
case("matrix.decide.similar", {"a": {"rows": [[1, 1], [0, 1]]}, "b": {"rows": [[1, 0], [0, 1]]}}, {"similar": False})

# Permanents by brute force over permutations.
for t in range(8):
    n = rng.randint(1, 6)
    A = rand_int(n, n, 5)
    perm = sum(math.prod(A[i, p[i]] for i in range(n)) for p in itertools.permutations(range(n)))
    case("matrix.compute.invariants", {"matrix": obj(A), "properties": ["permanent"]}, {"permanent": s(perm)})

# Dual lattices and discriminant groups of full-rank-in-span bases.
for t in range(6):
    n = rng.randint(1, 4)
    B = rand_int(rng.randint(1, n), n, 9)
    if B.rank() < B.rows:
        continue
    H = hermite_normal_form(B.T).T
    G = H * H.T
    D = smith_normal_form(G, domain=sympy.ZZ)
    disc = [str(abs(int(D[i, i]))) for i in range(D.rows) if abs(D[i, i]) > 1]
    case("lattice.compute.invariants", {"lattice": {"basis": rows(B)}},
         {"dual_basis": rows(G.inv() * H), "discriminant_group": sorted(disc, key=int)})

# matrix.compute.inertia: eigenvalue signs from the exact real roots of the characteristic
# polynomial (a symmetric matrix has only real eigenvalues).
for t in range(14):
    n = rng.randint(1, 5)
    if t % 3 == 0:
        Bm = rand_int(rng.randint(1, n), n, 4)
        A = Bm.T * Bm
    else:
        A = rand_rat(n, n)
        A = A + A.T
    if t == 13:
        A = sympy.zeros(n, n)
    roots = sympy.real_roots(sympy.Poly(A.charpoly(X).as_expr(), X))
    pos, neg = sum(1 for r in roots if r > 0), sum(1 for r in roots if r < 0)
    zero = n - pos - neg
    kind = ("zero" if pos == neg == 0 else "positive_definite" if neg == zero == 0 else "negative_definite" if pos == zero == 0
            else "positive_semidefinite" if neg == 0 else "negative_semidefinite" if pos == 0 else "indefinite")
    case("matrix.compute.inertia", {"matrix": obj(A, "Q")}, {"inertia": [pos, neg, zero], "signature": pos - neg, "definiteness": kind})

# abelian_group.compute.element: membership of k·x in the relation lattice by the determinantal
# divisors of R^T and [R^T | k·x] (a system over Z is solvable iff the ranks agree and so do the
# gcds of the maximal minors), the order by increasing k.
def in_lattice(R, x):
    if R.rows == 0:
        return all(v == 0 for v in x)
    A = R.T
    b = Matrix(x)
    r = A.rank()
    Ab = A.row_join(b)
    return Ab.rank() == r and (r == 0 or minors_gcd(A, r) == minors_gcd(Ab, r))


for t in range(16):
    n = rng.randint(1, 3)
    m = rng.randint(0, 3)
    R = Matrix(m, n, lambda i, j: rng.randint(-6, 6)) if m else sympy.zeros(0, n)
    x = [rng.randint(-5, 5) for _ in range(n)]
    group = {"generators": n, "relations": rows(R) if m else []}
    D = smith_normal_form(R, domain=sympy.ZZ) if m else None
    inv = [str(abs(int(D[i, i]))) for i in range(min(m, n)) if abs(D[i, i]) > 1] if m else []
    inv = sorted(inv, key=int)
    free = n - (R.rank() if m else 0)
    case("abelian_group.compute.element", {"group": group, "operation": "reduce", "element": x},
         {"invariant_factors": inv, "free_rank": free})
    rank_q = (R.rank() if m else 0)
    aug = (R.col_join(Matrix([x])) if m else Matrix([x])).rank()
    if aug > rank_q:
        order = "infinite"
    else:
        order = next(str(k) for k in range(1, 10 ** 6) if in_lattice(R, [k * v for v in x]))
    case("abelian_group.compute.element", {"group": group, "operation": "order", "element": x}, {"order": order})
    y = [int(v + (R.row(0)[j] * rng.choice([0, 1, 2]) if m else 0) + rng.choice([0, 0, 1]) * (j == 0)) for j, v in enumerate(x)]
    case("abelian_group.compute.element", {"group": group, "operation": "equal", "element": x, "other": y},
         {"equal": in_lattice(R, [a - b for a, b in zip(x, y)])})

# lattice.decide.sublattice: containment generator by generator (the determinantal-divisor test
# above), the index from the Gram determinants of SymPy's Hermite bases.
def gram_det(B):
    H = hermite_normal_form(B.T)
    return (H.T * H).det() if H.cols else 1, H.cols


for t in range(10):
    n = rng.randint(1, 3)
    L = rand_int(rng.randint(1, 3), n, 5)
    if L.rank() == 0:
        continue
    if t % 2 == 0:
        M = Matrix(rng.randint(1, 3), L.rows, lambda i, j: rng.randint(-3, 3)) * L
    else:
        M = rand_int(rng.randint(1, 3), n, 5)
    contained = all(in_lattice(L, list(M.row(k))) for k in range(M.rows))
    expected = {"contained": contained}
    if contained:
        (dl, rl), (dm, rm) = gram_det(L), gram_det(M)
        expected["index"] = str(sympy.sqrt(dm / dl)) if rl == rm else "infinite"
    case("lattice.decide.sublattice", {"lattice": {"basis": rows(L)}, "sublattice": {"basis": rows(M)}}, expected)

# matrix.compute.eigenvalues: factors of the characteristic polynomial over Q, multiplicities and
# the number of real roots of each.
for t in range(10):
    n = rng.randint(1, 5)
    A = rand_int(n, n, 5)
    x = sympy.Symbol("x")
    _, factors = sympy.factor_list(A.charpoly(x).as_expr(), x)
    factors = sorted(factors, key=lambda fe: (sympy.degree(fe[0], x), [s(c) for c in sympy.Poly(fe[0], x).all_coeffs()]))
    # Compared structurally by tests/linear_algebra.rs (`eigen` cases): minimal polynomials and multiplicities.
    CASES.append({"capability": "matrix.compute.eigenvalues", "input": {"matrix": obj(A)}, "expected": {},
                  "eigen": [{"minimal_polynomial": [s(c) for c in reversed(sympy.Poly(f, x).monic().all_coeffs())],
                             "multiplicity": e, "real": len(sympy.real_roots(sympy.Poly(f, x))),
                             "geometric": (n - (A + sympy.Poly(f, x).monic().all_coeffs()[1] * sympy.eye(n)).rank())
                             if sympy.degree(f, x) == 1 else None} for f, e in factors]})

# linear_algebra.find.integer_relation: relations among known constants (checked up to sign).
digits = 40
for values, relation in [
    ([1, sympy.sqrt(2), 1 + sympy.sqrt(2)], [1, 1, -1]),
    ([sympy.pi, sympy.pi / 3 + 1, 1], [1, -3, 3]),
    ([sympy.log(2), sympy.log(3), sympy.log(12)], [2, 1, -1]),
]:
    CASES.append({"capability": "linear_algebra.find.integer_relation",
                  "input": {"values": [str(sympy.N(v, digits)) if not isinstance(v, int) else str(v) for v in values]},
                  "expected": {}, "relation_up_to_sign": [str(r) for r in relation]})

# matrix.compute.eigenvalues with spectrum singular_values: SymPy factors charpoly(G)(x^2) over Q,
# G the smaller Gram matrix; a factor counts when it has nonnegative real roots (x itself with
# half its multiplicity). Its own stream, leaving the cases above unchanged.
srng = random.Random(17)
for shape in [(2, 3), (3, 2), (3, 3), (4, 2), (1, 4), (4, 4), (2, 2)]:
    A = sympy.Matrix(shape[0], shape[1], lambda i, j: srng.randint(-3, 3))
    if shape == (4, 4):
        A[3, :] = A[0, :] + A[1, :]  # rank-deficient: 0 is a singular value
    G = A.T * A if shape[0] >= shape[1] else A * A.T
    x = sympy.Symbol("x")
    _, factors = sympy.factor_list(sympy.expand(G.charpoly(x).as_expr().subs(x, x ** 2)), x)
    eigen = []
    for f, e in factors:
        nonneg = [r for r in sympy.Poly(f, x).real_roots() if r >= 0]
        if nonneg:
            eigen.append({"minimal_polynomial": [s(c) for c in reversed(sympy.Poly(f, x).monic().all_coeffs())],
                          "multiplicity": int(e) // 2 if f == x else int(e), "real": len(nonneg), "geometric": None, "singular": True})
    CASES.append({"capability": "matrix.compute.eigenvalues", "input": {"matrix": obj(A), "spectrum": "singular_values"},
                  "expected": {}, "eigen": eigen})

# A claimed rational spectrum of a symmetric matrix, decided by matrix.decide.similar against the
# diagonal of the claim (a symmetric matrix is diagonalizable); SymPy's eigenvals decide it here.
for A, claim in [
    ([[2, 1], [1, 2]], [1, 3]),
    ([[2, 1], [1, 2]], [1, 2]),
    ([[1, 1, 1], [1, 1, 1], [1, 1, 1]], [0, 0, 3]),
    ([[1, 1, 1], [1, 1, 1], [1, 1, 1]], [0, 3, 3]),
    ([[2, -1, 0], [-1, 2, -1], [0, -1, 2]], [1, 2, 3]),
    ([[5, 2], [2, 2]], [6, 1]),
]:
    A = sympy.Matrix(A)
    holds = sorted(sum(([v] * m for v, m in A.eigenvals().items()), [])) == sorted(sympy.Integer(c) for c in claim)
    case("matrix.decide.similar", {"a": obj(A), "b": obj(sympy.diag(*claim))}, {"similar": holds})

# Square matrices of full rank, whose Smith form is mostly diag(1, …, 1, |det|).
for n in (8, 13, 20):
    A = rand_int(n, n, 10)
    D = smith_normal_form(A, domain=sympy.ZZ)
    case("matrix.transform.smith", {"matrix": obj(A)}, {"diagonal": [s(abs(D[i, i])) for i in range(n)], "rank": n})

for c in CASES:
    print(json.dumps(c))
