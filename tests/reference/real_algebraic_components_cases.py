"""Reference answers of real_algebraic.plane.components: the number of connected components of
{(x, y) in R^2 : f(x, y) REL 0}, how many are bounded, and the sorted list of their dimensions
(0 an isolated point, 1 a curve piece, 2 a region).

This is a hand-derived table of classical plane curves and semialgebraic sets; each case carries
the reasoning in its comment. Components here always have a pure dimension (no case mixes, say, a
disk with a line through it in one component), so "dimension" is unambiguous.

Independent numerical sanity check (only where it is sound): for the open relations ">", "<" and
"!=" on cases flagged GRID, the signs of f are sampled at the centres of a 500 x 500 grid on
[-5, 5]^2 (h = 0.02, offset differently in x and y so no centre lies on an axis or a diagonal), cells of the set are joined to
their 4-neighbours of the same sign (for "!=" a positive and a negative cell are never joined:
they are separated by the zero set), and a grid component is unbounded iff it reaches the border
of the box. The flag is only set where this is sound: every bounded component lies well inside the
box, every unbounded component meets the box in one connected piece (argued per case), the zero
set is smooth where it separates components, and distinct components are at distance >> h from
each other (components touching at a node, a tangency or a crossing are checked by the table
alone). The grid counts are asserted equal to the table.

Prints one JSON object per line: {"capability": id, "input": {...}, "expected": {...}}.
"""
import json
import math
from collections import deque

import sympy
from sympy import symbols

ID = "real_algebraic.plane.components"
x, y = symbols("x y")

# (polynomial text, relation, components, bounded, dimensions, grid check?)
CASES = [
    # --- The unit circle x^2 + y^2 - 1 under all six relations.
    # = : the circle itself, one compact curve.
    ("x^2 + y^2 - 1", "=", 1, 1, [1], False),
    # > : the open exterior r > 1, connected (an annulus-like region) and unbounded.
    ("x^2 + y^2 - 1", ">", 1, 0, [2], True),
    # >= : the closed exterior r >= 1, connected, unbounded.
    ("x^2 + y^2 - 1", ">=", 1, 0, [2], False),
    # < : the open unit disk.
    ("x^2 + y^2 - 1", "<", 1, 1, [2], True),
    # <= : the closed unit disk.
    ("x^2 + y^2 - 1", "<=", 1, 1, [2], False),
    # != : the plane minus the circle = open disk (bounded) + open exterior (unbounded).
    ("x^2 + y^2 - 1", "!=", 2, 1, [2, 2], True),
    # --- Two concentric circles, r = 1 and r = 2.
    # = : two disjoint circles, both bounded.
    ("(x^2 + y^2 - 1)*(x^2 + y^2 - 4)", "=", 2, 2, [1, 1], False),
    # < : exactly one factor negative: 1 < r < 2, an open annulus (connected, bounded).
    ("(x^2 + y^2 - 1)*(x^2 + y^2 - 4)", "<", 1, 1, [2], True),
    # > : both factors of one sign: r < 1 (bounded) or r > 2 (unbounded).
    ("(x^2 + y^2 - 1)*(x^2 + y^2 - 4)", ">", 2, 1, [2, 2], True),
    # --- Two disjoint unit circles centred at (0, 0) and (3, 0) (distance 3 > 2).
    # = : two disjoint circles.
    ("(x^2 + y^2 - 1)*((x - 3)^2 + y^2 - 1)", "=", 2, 2, [1, 1], False),
    # < : exactly one factor negative, i.e. inside one disk (they are disjoint, so never both):
    #     two open disks.
    ("(x^2 + y^2 - 1)*((x - 3)^2 + y^2 - 1)", "<", 2, 2, [2, 2], True),
    # > : both negative is impossible, both positive = outside both closed disks: the plane minus
    #     two disjoint closed disks is connected and unbounded.
    ("(x^2 + y^2 - 1)*((x - 3)^2 + y^2 - 1)", ">", 1, 0, [2], True),
    # --- Two crossing unit circles centred at (0, 0) and (1, 0) (they meet at (1/2, ±sqrt(3)/2)).
    # = : the union of two circles sharing two points: one connected compact curve.
    ("(x^2 + y^2 - 1)*((x - 1)^2 + y^2 - 1)", "=", 1, 1, [1], False),
    # < : exactly one factor negative: the two open lunes D1 \ closed D2 and D2 \ closed D1; they
    #     only touch at the two crossing points, which are not in the set: 2 bounded regions.
    ("(x^2 + y^2 - 1)*((x - 1)^2 + y^2 - 1)", "<", 2, 2, [2, 2], False),
    # > : both negative = the open lens D1 ∩ D2 (bounded), both positive = outside both disks
    #     (unbounded): 2 components.
    ("(x^2 + y^2 - 1)*((x - 1)^2 + y^2 - 1)", ">", 2, 1, [2, 2], False),
    # != : the complement of the two circles: outside, the lens and the two lunes: 4 regions,
    #      3 bounded.
    ("(x^2 + y^2 - 1)*((x - 1)^2 + y^2 - 1)", "!=", 4, 3, [2, 2, 2, 2], False),
    # --- Elliptic curves.
    # y^2 = x^3 - x: x^3 - x >= 0 on [-1, 0] ∪ [1, ∞): an oval over [-1, 0] and an unbounded
    # branch over [1, ∞) (smooth: the discriminant of x^3 - x is nonzero).
    ("y^2 - x^3 + x", "=", 2, 1, [1, 1], False),
    # y^2 < x^3 - x: the open inside of the oval (bounded) and the open region right of the branch
    # (unbounded; inside [-5,5]^2 it is {1 < x <= 5, |y| < sqrt(x^3 - x)}, connected through y = 0).
    ("y^2 - x^3 + x", "<", 2, 1, [2, 2], True),
    # y^2 > x^3 - x: the plane minus a closed disk-like oval region and a closed region bounded by
    # a properly embedded line: connected, unbounded (in the box: connected through x < -1).
    ("y^2 - x^3 + x", ">", 1, 0, [2], True),
    # != : the two regions of f < 0 and the one of f > 0.
    ("y^2 - x^3 + x", "!=", 3, 1, [2, 2, 2], True),
    # y^2 = x^3 + x: x^3 + x = x(x^2 + 1) >= 0 iff x >= 0: one unbounded branch.
    ("y^2 - x^3 - x", "=", 1, 0, [1], False),
    # --- Singular cubics.
    # Nodal y^2 = x^2 (x + 1): x^2 (x + 1) >= 0 iff x >= -1: a loop over [-1, 0] and two branches
    # over x >= 0 joined at the node (0, 0): one unbounded curve.
    ("y^2 - x^2*(x + 1)", "=", 1, 0, [1], False),
    # y^2 < x^2 (x + 1): the open inside of the loop (bounded) and the open region between the
    # branches for x > 0 (unbounded); they meet only at the node, where f = 0: 2 regions.
    ("y^2 - x^2*(x + 1)", "<", 2, 1, [2, 2], False),
    # Acnodal y^2 = x^2 (x - 1): x^2 (x - 1) >= 0 iff x = 0 or x >= 1: the isolated origin and an
    # unbounded branch over [1, ∞).
    ("y^2 - x^2*(x - 1)", "=", 2, 1, [0, 1], False),
    # <= : the origin and the closed region inside the branch (x >= 1, y^2 <= x^2 (x - 1)).
    ("y^2 - x^2*(x - 1)", "<=", 2, 1, [0, 2], False),
    # > : the complement of (origin ∪ closed region bounded by a properly embedded line):
    #     a half-plane-like region minus a point, connected and unbounded.
    ("y^2 - x^2*(x - 1)", ">", 1, 0, [2], False),
    # Cusp y^2 = x^3: x >= 0, y = ±x^(3/2), the two halves meeting at the cusp: one curve.
    ("y^2 - x^3", "=", 1, 0, [1], False),
    # --- x^2 + y^2, which is positive off the origin.
    # = : the origin alone (an isolated point).
    ("x^2 + y^2", "=", 1, 1, [0], False),
    # > : the punctured plane, connected, unbounded.
    ("x^2 + y^2", ">", 1, 0, [2], True),
    # <= : again only the origin.
    ("x^2 + y^2", "<=", 1, 1, [0], False),
    # < : empty: no component.
    ("x^2 + y^2", "<", 0, 0, [], False),
    # >= : the whole plane.
    ("x^2 + y^2", ">=", 1, 0, [2], False),
    # x^2 + y^2 + 1 = 0 has no real point.
    ("x^2 + y^2 + 1", "=", 0, 0, [], False),
    # --- The hyperbola xy = 1.
    # = : two unbounded branches (x > 0 and x < 0).
    ("x*y - 1", "=", 2, 0, [1, 1], False),
    # > : xy > 1: the convex region above the branch in the first quadrant and its mirror in the
    #     third: 2 unbounded regions (each meets the box in a connected piece: {x, y <= 5, xy > 1}).
    ("x*y - 1", ">", 2, 0, [2, 2], True),
    # < : xy < 1 is star-shaped about the origin (s^2 xy < 1 for s in [0, 1]): one region.
    ("x*y - 1", "<", 1, 0, [2], True),
    # --- The coordinate cross xy.
    # = : the two axes, meeting at the origin: one unbounded curve.
    ("x*y", "=", 1, 0, [1], False),
    # > : the open first and third quadrants (they touch only at the origin, not in the set).
    #     The grid check is sound here although they touch: no centre lies on an axis, and two
    #     4-neighbours on either side of an axis have opposite signs of xy, so never join.
    ("x*y", ">", 2, 0, [2, 2], True),
    # != : the four open quadrants.
    ("x*y", "!=", 4, 0, [2, 2, 2, 2], True),
    # -(xy)^2 >= 0 iff xy = 0: the two axes, one component of dimension 1.
    ("-(x*y)^2", ">=", 1, 0, [1], False),
    # x^2 - y^2 = 0: two crossing lines: one curve; > : |x| > |y|, the left and right open wedges.
    ("x^2 - y^2", "=", 1, 0, [1], False),
    ("x^2 - y^2", ">", 2, 0, [2, 2], False),
    # --- The parabola y = x^2: one unbounded curve; y > x^2 the convex inside, y < x^2 the outside
    #     (for each x an interval of y: connected).
    ("y - x^2", "=", 1, 0, [1], False),
    ("y - x^2", ">", 1, 0, [2], True),
    ("y - x^2", "<", 1, 0, [2], True),
    # --- Two vertical lines x(x - 1).
    # = : the lines x = 0 and x = 1, disjoint and unbounded.
    ("x*(x - 1)", "=", 2, 0, [1, 1], False),
    # < : the open strip 0 < x < 1.
    ("x*(x - 1)", "<", 1, 0, [2], True),
    # > : the half-planes x < 0 and x > 1.
    ("x*(x - 1)", ">", 2, 0, [2, 2], True),
    # --- Bernoulli's lemniscate (x^2 + y^2)^2 = 2 (x^2 - y^2), a figure eight through the origin
    #     (r^2 = 2 cos 2θ), inside the disk r <= sqrt(2).
    # = : one compact curve (two loops sharing the origin).
    ("(x^2 + y^2)^2 - 2*(x^2 - y^2)", "=", 1, 1, [1], False),
    # < : r^2 < 2 cos 2θ: the two open lobes |θ| < π/4 and |θ - π| < π/4, r > 0; the origin has
    #     f = 0 and is excluded: 2 bounded regions.
    ("(x^2 + y^2)^2 - 2*(x^2 - y^2)", "<", 2, 2, [2, 2], False),
    # > : the complement of the closed filled figure eight (a compact connected set whose
    #     complement has only the unbounded part, since the lobes' insides are where f < 0).
    ("(x^2 + y^2)^2 - 2*(x^2 - y^2)", ">", 1, 0, [2], False),
    # <= : the filled figure eight: the two closed lobes joined at the origin.
    ("(x^2 + y^2)^2 - 2*(x^2 - y^2)", "<=", 1, 1, [2], False),
    # --- The ellipse x^2/4 + y^2 = 1 and its tangent line y = 1 at (0, 1).
    # = : ellipse ∪ line, touching at (0, 1): one unbounded curve.
    ("(x^2 + 4*y^2 - 4)*(y - 1)", "=", 1, 0, [1], False),
    # > : both factors negative = the open inside of the ellipse (all of it has y < 1), bounded;
    #     both positive = y > 1 (the ellipse lies in y <= 1), an open half-plane: 2 regions.
    ("(x^2 + 4*y^2 - 4)*(y - 1)", ">", 2, 1, [2, 2], False),
    # --- The unit circle and the x-axis through its centre.
    # = : one unbounded curve (they meet at (±1, 0)).
    ("(x^2 + y^2 - 1)*y", "=", 1, 0, [1], False),
    # != : upper and lower open half-disks (bounded) and upper and lower exterior parts
    #      (unbounded): 4 regions, 2 bounded.
    ("(x^2 + y^2 - 1)*y", "!=", 4, 2, [2, 2, 2, 2], False),
    # --- Four ovals: (x^2 - 1)^2 + (y^2 - 1)^2 = 1/4. With u = x^2 - 1, v = y^2 - 1 the curve is
    #     the circle u^2 + v^2 = 1/4, so |u|, |v| <= 1/2 and x^2, y^2 in [1/2, 3/2]: no point on
    #     the axes. On each open quadrant (x, y) -> (u, v) is a diffeomorphism onto (-1, ∞)^2,
    #     which contains that circle and its disk: one oval per quadrant, each bounding a disk.
    ("(x^2 - 1)^2 + (y^2 - 1)^2 - 1/4", "=", 4, 4, [1, 1, 1, 1], False),
    # < : the four open disks inside the ovals.
    ("(x^2 - 1)^2 + (y^2 - 1)^2 - 1/4", "<", 4, 4, [2, 2, 2, 2], True),
    # > : the plane minus four disjoint closed disks: connected, unbounded.
    ("(x^2 - 1)^2 + (y^2 - 1)^2 - 1/4", ">", 1, 0, [2], True),
    # --- The Fermat quartic x^4 + y^4 = 1: a single convex oval (star-shaped about the origin,
    #     r(θ) = (cos^4 θ + sin^4 θ)^(-1/4)).
    ("x^4 + y^4 - 1", "=", 1, 1, [1], False),
    # --- A point and a circle: (x^2 + y^2)((x - 2)^2 + y^2 - 1). The first factor vanishes only at
    #     the origin, which is at distance 2 > 1 from (2, 0): the origin and a circle.
    ("(x^2 + y^2)*((x - 2)^2 + y^2 - 1)", "=", 2, 2, [0, 1], False),
    # <= (with the circle moved to centre (3, 0)): x^2 + y^2 >= 0, so f <= 0 iff the origin or
    #      (x - 3)^2 + y^2 <= 1: the origin and a closed disk (disjoint).
    ("(x^2 + y^2)*((x - 3)^2 + y^2 - 1)", "<=", 2, 2, [0, 2], False),
    # --- A line and a disk: (x - 5)^2 (x^2 + y^2 - 1) <= 0 iff x = 5 or x^2 + y^2 <= 1: the
    #     vertical line x = 5 (unbounded) and the closed unit disk (bounded), disjoint.
    ("(x - 5)^2*(x^2 + y^2 - 1)", "<=", 2, 1, [1, 2], False),
    # --- A doubled circle: (x^2 + y^2 - 1)^2 <= 0 iff x^2 + y^2 = 1: the circle.
    ("(x^2 + y^2 - 1)^2", "<=", 1, 1, [1], False),
]

R, N, OFFSET_X, OFFSET_Y = 5.0, 500, 0.00371, 0.00613


def grid_count(f, relation):
    """(components, bounded) of the grid approximation of {f REL 0}, REL in >, <, !=."""
    fn = sympy.lambdify((x, y), f, "math")
    h = 2 * R / N
    xs = [-R + (k + 0.5) * h + OFFSET_X for k in range(N)]
    ys = [-R + (k + 0.5) * h + OFFSET_Y for k in range(N)]
    sign = [[0] * N for _ in range(N)]
    for i, cx in enumerate(xs):
        row = sign[i]
        for j, cy in enumerate(ys):
            v = fn(cx, cy)
            row[j] = (v > 0) - (v < 0)
    want = {">": (1,), "<": (-1,), "!=": (1, -1)}[relation]
    seen = [[False] * N for _ in range(N)]
    comps = bounded = 0
    for i in range(N):
        for j in range(N):
            s = sign[i][j]
            if seen[i][j] or s not in want:
                continue
            comps += 1
            border = False
            seen[i][j] = True
            queue = deque([(i, j)])
            while queue:
                a, b = queue.popleft()
                if a in (0, N - 1) or b in (0, N - 1):
                    border = True
                for c, d in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
                    if 0 <= c < N and 0 <= d < N and not seen[c][d] and sign[c][d] == s:
                        seen[c][d] = True
                        queue.append((c, d))
            bounded += not border
    return comps, bounded


for text, relation, comps, bounded, dims, grid in CASES:
    assert comps == len(dims) and bounded <= comps and dims == sorted(dims)
    f = sympy.sympify(text.replace("^", "**"))
    if grid:
        assert relation in (">", "<", "!=")
        got = grid_count(f, relation)
        assert got == (comps, bounded), (text, relation, got, (comps, bounded))
    print(json.dumps({"capability": ID, "input": {"variables": ["x", "y"], "polynomial": text, "relation": relation},
                      "expected": {"components": comps, "bounded": bounded, "dimensions": dims}}))
