#!/usr/bin/env python3
"""A package that misbehaves in the way its first argument names (tests/packages.rs), or sleeps
for the worker tests and bench (modes `sleep` and `sleep_artifact`).

It describes one capability, `misbehaving.run.echo` (input {"n": integer}, output
{"value": integer}), and answers runs according to the mode; `ok` answers them correctly.
"""

import json
import os
import sys
import time

MODE = sys.argv[1]


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def describe():
    capability = {
        "id": "misbehaving.run.echo",
        "title": "Echo",
        "outcome": "Echoes an integer back.",
        "description": "A test package that answers in the way its mode names.",
        "tags": ["test"],
        "modes": ["EXPLORE", "VERIFY"],
        "input_schema": {
            "type": "object",
            "properties": {"n": {"type": "integer", "minimum": 0, "maximum": 1000}},
            "required": ["n"],
            "additionalProperties": False,
        },
        "output_schema": {
            "type": "object",
            "properties": {"value": {"type": "integer"}},
            "required": ["value"],
            "additionalProperties": False,
        },
        "assurance_ceiling": "VERIFIED",
        "scope_rule": "The given integer.",
        "evidence_kinds": ["integer.relations/v1"],
        "examples": [{"title": "seven", "mode": "EXPLORE", "input": {"n": 7}}],
    }
    if MODE in ("artifact", "reserved_artifact", "sleep_artifact"):
        capability["writes_artifacts"] = True
    if MODE == "bad_describe":
        capability["id"] = "misbehaving.run.other"
    if MODE == "slow_start":
        time.sleep(60)
    send({"type": "describe", "protocol": 1, "capabilities": [capability]})


def relations(n):
    return {
        "kind": "integer.relations/v1",
        "semantics": "urn:jacobian:semantics:integer-relations-hold:v1",
        "claim": {"relations": [{"kind": "equal", "left": str(n), "right": {"sum": [str(n), "0"]}}]},
        "candidate": {},
        "certificate_format": "INTEGER_RELATIONS_V1",
    }


def run(request):
    run_id, n = request["run"], request["input"]["n"]
    result = {"type": "result", "run": run_id, "output": {"value": n}, "qualifiers": ["EXACT"]}
    if MODE == "ok":
        send(result)
    elif MODE == "crash":
        os._exit(3)
    elif MODE == "hang":
        while True:
            time.sleep(1)
    elif MODE == "malformed":
        sys.stdout.write("this is not a protocol message\n")
        sys.stdout.flush()
    elif MODE == "twice":
        line = json.dumps(result) + "\n"
        sys.stdout.write(line + line)
        sys.stdout.flush()
    elif MODE == "other_run":
        send(dict(result, run="someone-else"))
    elif MODE == "bad_output":
        send(dict(result, output={"value": "seven"}))
    elif MODE == "claims_verified":
        send(dict(result, assurance="VERIFIED"))
    elif MODE == "evidence":
        send(dict(result, evidence=relations(n)))
    elif MODE == "false_evidence":
        bad = relations(n)
        bad["claim"]["relations"][0]["right"] = str(n + 1)
        send(dict(result, evidence=bad))
    elif MODE == "undeclared_evidence":
        send(dict(result, evidence=dict(relations(n), kind="graph.hamiltonian_cycle/v1")))
    elif MODE == "huge":
        send(dict(result, output={"value": n}, diagnostics=[{"code": "NOTE", "message": "x" * 100_000}]))
    elif MODE == "artifact":
        send(dict(result, artifacts=[{"schema_uri": "urn:test:echo:v1", "json": {"echo": n}}]))
    elif MODE == "reserved_artifact":
        schema = "urn:jacobian:schema:verification-record:v1"
        send(dict(result, artifacts=[{"schema_uri": schema, "json": {"accepted": True}}]))
    elif MODE in ("sleep", "sleep_artifact"):
        # Sleeps n ms (after one progress report), then answers; sleep_artifact also stores one.
        send({"type": "progress", "run": run_id, "done": 1, "total": 2, "message": "sleeping"})
        time.sleep(n / 1000)
        if MODE == "sleep_artifact":
            result = dict(result, artifacts=[{"schema_uri": "urn:test:echo:v1", "json": {"echo": n}}])
        send(result)
    elif MODE == "cpu":
        while True:
            pass
    elif MODE == "escape":
        escaped = 0
        try:
            with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "escaped.txt"), "w") as f:
                f.write("out")
            escaped = 1
        except OSError:
            pass
        scratch = 0
        try:
            with open(os.path.join(os.environ["HOME"], "scratch.txt"), "w") as f:
                f.write("in")
            scratch = 2
        except OSError:
            pass
        send(dict(result, output={"value": escaped | scratch}))
    elif MODE == "flood":
        for i in range(50_000):
            sys.stdout.write(json.dumps({"type": "progress", "run": run_id, "done": i, "total": 50_000}) + "\n")
        send(result)


for line in sys.stdin:
    if not line.strip():
        continue
    request = json.loads(line)
    if request["type"] == "describe":
        describe()
    elif request["type"] == "run":
        run(request)
