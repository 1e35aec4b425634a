#!/usr/bin/env python3
"""A Jacobian operator package in Python, standard library only: recreational combinatorics.

It speaks the package protocol, version 1 (docs/packages.md): one JSON object per line on
standard input and standard output. A run is computed on a thread of its own, so that a
`cancel` read on the main thread stops it at once; every answer names its run.
"""

import json
import sys
import threading

PROTOCOL = 1
RELATIONS = "integer.relations/v1"
MAX_BITS = 500_000

_out = threading.Lock()


def send(message):
    line = json.dumps(message, separators=(",", ":"))
    with _out:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


class Cancelled(Exception):
    pass


# --- Egyptian fractions -------------------------------------------------------------------------


def egyptian(run, inp, mode, stop):
    p, q = inp["numerator"], inp["denominator"]
    if p >= q:
        return error(run, "UNSUPPORTED", "the fraction must be below 1: give numerator < denominator")
    denominators, bits = [], 0
    while p:
        if stop.is_set():
            raise Cancelled
        d = -(-q // p)  # the least d with 1/d <= p/q
        denominators.append(d)
        bits += d.bit_length()
        if bits > MAX_BITS:
            return error(run, "UNSUPPORTED", f"the greedy expansion's denominators exceed {MAX_BITS} bits")
        p, q = p * d - q, q * d
    result = {
        "type": "result",
        "run": run,
        "output": {"denominators": [str(d) for d in denominators], "terms": len(denominators)},
        "qualifiers": ["EXACT", "DETERMINISTIC"],
    }
    if mode == "VERIFY":
        result["evidence"] = egyptian_evidence(inp["numerator"], inp["denominator"], denominators)
    return result


def egyptian_evidence(p, q, ds):
    """p/q = sum 1/d_i, as p * prod d_i = q * sum_i prod_{j != i} d_j, and d_1 < d_2 < ...:
    relations the bundled integer-relations checker evaluates itself."""
    others = [{"product": [str(d) for j, d in enumerate(ds) if j != i] or ["1"]} for i in range(len(ds))]
    relations = [
        {
            "kind": "equal",
            "left": {"product": [str(p)] + [str(d) for d in ds]},
            "right": {"product": [str(q), {"sum": others}]},
        }
    ]
    relations += [{"kind": "less", "left": str(a), "right": str(b)} for a, b in zip(ds, ds[1:])]
    return {
        "kind": RELATIONS,
        "semantics": "urn:jacobian:semantics:integer-relations-hold:v1",
        "claim": {"relations": relations},
        "candidate": {},
        "certificate_format": "INTEGER_RELATIONS_V1",
    }


# --- Langford pairings --------------------------------------------------------------------------


def langford(run, inp, mode, stop):
    n = inp["n"]
    size = 2 * n
    slots = [0] * size
    count = 0
    nodes = 0

    def place(k):
        nonlocal count, nodes
        if k == 0:
            count += 1
            return
        nodes += 1
        if nodes & 1023 == 0 and stop.is_set():
            raise Cancelled
        for i in range(size - k - 1):
            if slots[i] == 0 and slots[i + k + 1] == 0:
                slots[i] = slots[i + k + 1] = k
                place(k - 1)
                slots[i] = slots[i + k + 1] = 0

    # The largest number's positions are the top level, reported as progress.
    tops = max(size - n - 1, 0)
    for i in range(tops):
        slots[i] = slots[i + n + 1] = n
        place(n - 1)
        slots[i] = slots[i + n + 1] = 0
        send({"type": "progress", "run": run, "done": i + 1, "total": tops})
    return {
        "type": "result",
        "run": run,
        "output": {"n": n, "pairings": count // 2},
        "qualifiers": ["EXACT", "EXHAUSTIVE", "DETERMINISTIC"],
    }


# --- Magic squares ------------------------------------------------------------------------------


def odd_square(n):
    m = [[0] * n for _ in range(n)]
    i, j = 0, n // 2
    for v in range(1, n * n + 1):
        m[i][j] = v
        a, b = (i - 1) % n, (j + 1) % n
        if m[a][b]:
            a, b = (i + 1) % n, j
        i, j = a, b
    return m


def magic_square(n):
    if n % 2 == 1:
        return odd_square(n)
    if n % 4 == 0:
        return [
            [n * n + 1 - (i * n + j + 1) if (i % 4 == j % 4) or (i % 4 + j % 4 == 3) else i * n + j + 1 for j in range(n)]
            for i in range(n)
        ]
    # Singly even: Strachey's method on four odd quadrants.
    h = n // 2
    sub = odd_square(h)
    m = [[0] * n for _ in range(n)]
    for i in range(h):
        for j in range(h):
            v = sub[i][j]
            m[i][j], m[i + h][j + h] = v, v + h * h
            m[i][j + h], m[i + h][j] = v + 2 * h * h, v + 3 * h * h
    k = (n - 2) // 4
    for i in range(h):
        for j in range(n):
            left = (1 <= j <= k) if i == h // 2 else (j < k)
            if left or j >= n - k + 1:
                m[i][j], m[i + h][j] = m[i + h][j], m[i][j]
    return m


def magic(run, inp, mode, stop):
    n = inp["order"]
    if n == 2:
        return error(run, "UNSUPPORTED", "there is no normal magic square of order 2")
    return {
        "type": "result",
        "run": run,
        "output": {"order": n, "magic_constant": n * (n * n + 1) // 2, "rows": magic_square(n)},
        "qualifiers": ["EXACT", "DETERMINISTIC"],
    }


# --- The protocol -------------------------------------------------------------------------------


def error(run, code, message):
    return {"type": "error", "run": run, "code": code, "message": message}


def closed(properties, required):
    return {"type": "object", "properties": properties, "required": required, "additionalProperties": False}


def integer(lo, hi, description):
    return {"type": "integer", "minimum": lo, "maximum": hi, "description": description}


CAPABILITIES = [
    {
        "id": "recreational.compute.egyptian_fraction",
        "title": "Egyptian fraction (greedy)",
        "outcome": "Writes a proper fraction p/q as a sum of distinct unit fractions by the greedy Fibonacci-Sylvester method.",
        "description": "The greedy (Fibonacci-Sylvester) expansion of p/q with 0 < p < q <= 10^12: repeatedly "
        "subtract the largest unit fraction 1/d not exceeding what is left. The denominators strictly increase. "
        "In VERIFY mode the identity p * prod(d) = q * sum of the products of all but one denominator, and the "
        "increase of the denominators, go to the bundled integer-relations checker. Expansions whose "
        "denominators pass 500,000 bits are refused.",
        "tags": ["egyptian-fraction", "unit-fraction", "rational", "greedy", "recreational"],
        "aliases": ["Fibonacci-Sylvester expansion", "sum of unit fractions", "Egyptian fraction decomposition"],
        "modes": ["EXPLORE", "VERIFY"],
        "input_schema": closed(
            {
                "numerator": integer(1, 10**12, "p, with 0 < p < q."),
                "denominator": integer(2, 10**12, "q."),
            },
            ["numerator", "denominator"],
        ),
        "output_schema": closed(
            {
                "denominators": {"type": "array", "items": {"type": "string", "pattern": "^[1-9][0-9]*$"}},
                "terms": {"type": "integer", "minimum": 1},
            },
            ["denominators", "terms"],
        ),
        "assurance_ceiling": "VERIFIED",
        "scope_rule": "Exactly the given fraction; the greedy expansion only (not the shortest one).",
        "evidence_kinds": [RELATIONS],
        "examples": [
            {"title": "4/13", "mode": "VERIFY", "input": {"numerator": 4, "denominator": 13}},
            {"title": "5/121", "mode": "EXPLORE", "input": {"numerator": 5, "denominator": 121}},
        ],
    },
    {
        "id": "recreational.count.langford_pairings",
        "title": "Count Langford pairings",
        "outcome": "Counts the Langford pairings of order n (the two k's k apart), up to reversal, by exhaustive search.",
        "description": "The number of arrangements of 1,1,2,2,...,n,n in a row with exactly k numbers between the "
        "two copies of k, counting a sequence and its reversal once (OEIS A014552). Exhaustive backtracking "
        "with progress over the positions of n; it is exponential: n <= 12 takes seconds to minutes.",
        "tags": ["langford", "skolem", "pairing", "counting", "exhaustive", "recreational"],
        "aliases": ["Langford problem", "Langford sequence count", "Skolem-Langford pairing"],
        "modes": ["EXPLORE"],
        "input_schema": closed({"n": integer(1, 24, "The order n.")}, ["n"]),
        "output_schema": closed(
            {"n": {"type": "integer"}, "pairings": {"type": "integer", "minimum": 0}}, ["n", "pairings"]
        ),
        "assurance_ceiling": "COMPUTED",
        "scope_rule": "Exactly order n, every arrangement examined.",
        "examples": [{"title": "order 7", "mode": "EXPLORE", "input": {"n": 7}}],
    },
    {
        "id": "recreational.construct.magic_square",
        "title": "Construct a magic square",
        "outcome": "Builds a normal magic square of order n: the numbers 1..n^2 with every row, column and diagonal summing alike.",
        "description": "A normal magic square of order n (3 <= n <= 64): the Siamese method for odd n, the "
        "complement pattern for n divisible by 4, Strachey's method otherwise. Returns the rows and the magic "
        "constant n(n^2+1)/2.",
        "tags": ["magic-square", "construction", "recreational", "latin"],
        "aliases": ["Siamese method", "de la Loubere method", "Strachey method"],
        "modes": ["EXPLORE"],
        "input_schema": closed({"order": integer(3, 64, "The order n.")}, ["order"]),
        "output_schema": closed(
            {
                "order": {"type": "integer"},
                "magic_constant": {"type": "integer"},
                "rows": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}},
            },
            ["order", "magic_constant", "rows"],
        ),
        "assurance_ceiling": "COMPUTED",
        "scope_rule": "One square of the given order.",
        "examples": [{"title": "order 4", "mode": "EXPLORE", "input": {"order": 4}}],
    },
]

RUNNERS = {
    "recreational.compute.egyptian_fraction": egyptian,
    "recreational.count.langford_pairings": langford,
    "recreational.construct.magic_square": magic,
}


def serve():
    current = None  # (run id, stop event, thread)
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        kind = request["type"]
        if kind == "describe":
            send({"type": "describe", "protocol": PROTOCOL, "capabilities": CAPABILITIES})
        elif kind == "run":
            if current is not None:
                current[2].join()
            run, stop = request["run"], threading.Event()

            def work(run=run, stop=stop, request=request):
                try:
                    answer = RUNNERS[request["capability"]](run, request["input"], request["mode"], stop)
                except Cancelled:
                    answer = error(run, "CANCELLED", "cancelled")
                except Exception as e:  # a bug is the run's failure, not the process's end
                    answer = error(run, "FAILED", f"{type(e).__name__}: {e}")
                send(answer)

            thread = threading.Thread(target=work, daemon=True)
            current = (run, stop, thread)
            thread.start()
        elif kind == "cancel":
            if current is not None and current[0] == request["run"]:
                current[1].set()


if __name__ == "__main__":
    sys.setrecursionlimit(10_000)
    serve()
