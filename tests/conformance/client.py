"""Conformance of `jacobian serve` (stdio) with the official MCP Python SDK client.

Usage: python client.py PATH/TO/jacobian

Initializes, lists the tools, calls math.find and math.run (a success and a refused input),
reads the capability catalog, and cancels a long run by abandoning the request (the SDK sends
notifications/cancelled), then checks that the run's episode was recorded as CANCELLED.
Exits non-zero with a message on the first failed expectation.
"""
import json
import random
import sys
import tempfile

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def expect(condition, message):
    if not condition:
        raise SystemExit(f"conformance: {message}")


def structured(result):
    return result.structured_content if hasattr(result, "structured_content") else result.structuredContent


def is_error(result):
    return bool(getattr(result, "is_error", getattr(result, "isError", False)))


def resource_text(result):
    return result.contents[0].text


async def main(binary):
    home = tempfile.mkdtemp(prefix="jacobian-conformance-")
    params = StdioServerParameters(command=binary, args=["serve", "--home", home])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            server_info = getattr(init, "server_info", None) or getattr(init, "serverInfo")
            expect(server_info.name == "jacobian", f"server name {server_info.name!r}")

            tools = await session.list_tools()
            names = [t.name for t in tools.tools]
            expect(names == ["math.find", "math.run"], f"tools {names}")
            for t in tools.tools:
                schema = getattr(t, "input_schema", None) or getattr(t, "inputSchema")
                expect(schema.get("type") == "object", f"{t.name} input schema type")

            found = await session.call_tool("math.find", {"query": "greatest common divisor"})
            expect(not is_error(found), "math.find failed")
            expect(structured(found)["matches"][0]["capability_id"] == "integer.compute.gcd", "search ranking")

            run = await session.call_tool(
                "math.run", {"capability_id": "integer.compute.gcd", "input": {"a": 84, "b": 36}}
            )
            expect(not is_error(run), "math.run failed")
            body = structured(run)
            expect(body["output"]["gcd"] == "12", f"gcd {body['output']}")
            expect(body["assurance"]["level"] == "COMPUTED", "assurance")
            expect(any("SUCCEEDED" in c.text for c in run.content), "text projection")

            refused = await session.call_tool(
                "math.run", {"capability_id": "integer.compute.gcd", "input": {"a": 84}}
            )
            expect(is_error(refused), "a refused input is a tool error")
            expect(structured(refused)["execution"]["diagnostics"][0]["path"] == "/input/b", "diagnostic path")

            catalog = json.loads(resource_text(await session.read_resource("capability://catalog")))
            ids = [c["descriptor"]["id"] for c in catalog["capabilities"]]
            expect("integer.compute.gcd" in ids, f"catalog ids {ids}")

            # A gcd of two 40,000-digit integers runs for seconds; abandon it after 300 ms.
            rng = random.Random(7)
            big = {k: "".join(rng.choice("123456789") for _ in range(40_000)) for k in ("a", "b")}
            with anyio.move_on_after(0.3) as scope:
                await session.call_tool(
                    "math.run",
                    {"capability_id": "integer.compute.gcd", "input": big, "experiment_id": "py-cancel"},
                )
            expect(scope.cancelled_caught, "the long run finished before it could be cancelled")
            status = None
            for _ in range(200):
                try:
                    view = json.loads(resource_text(await session.read_resource("experiment://py-cancel")))
                    status = json.dumps(view)
                    if "CANCELLED" in status:
                        break
                except Exception:  # not recorded yet
                    pass
                await anyio.sleep(0.05)
            expect(status is not None and "CANCELLED" in status, f"cancelled episode: {status}")
    print("conformance: ok")


if __name__ == "__main__":
    anyio.run(main, sys.argv[1])
