#!/usr/bin/env python3
"""Coverage of the comparable system's outcomes by Jacobian's capabilities, pack by pack.

The outcome lists (../shared/packs/comparable-0.9-outcomes.txt and
comparable-latest-outcomes.txt) are facts about a comparable system: ids of what its users can
ask for. Each pack has a mapping file scripts/outcomes/<pack>.py that says, by hand, which of OUR
capabilities reaches each outcome of the pack's domains, and through which documented parameter or
output field of a broader capability. A pack file defines

    TITLE    the pack's name in prose ("number-theory")
    ORDER    its place among the README's coverage sections
    SOURCES  [(list file, [domain, ...]), ...]: the pack's domains in each list, in order
    MAPPING  {outcome id: (capability id, note or None)}

A mapping whose capability is written in adapters/src but not yet registered in
adapters/src/lib.rs is not counted as covered: the row says so until it is registered.

    scripts/coverage.py                 print the generated Markdown of every pack
    scripts/coverage.py --pack NAME     only that pack (the file's stem)
    scripts/coverage.py --write         rewrite each pack's README.md region between its markers
                                        <!-- coverage:NAME:begin --> and <!-- coverage:NAME:end -->
                                        (inserting heading and markers at the end of the
                                        "What is in the box" section when absent)
    scripts/coverage.py --check         exit 1 when a README.md region differs from the output

Standard library only. Exit status 2 on a usage or consistency error (missing lists, a mapped
outcome not in the pack's lists, a mapped capability described nowhere in adapters/src).
"""

import argparse
import difflib
import importlib.util
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SRC = ROOT / "adapters" / "src"
README = ROOT / "README.md"
PACKS = ROOT / "scripts" / "outcomes"
DEFAULT_LISTS = ROOT.parent / "shared" / "packs"
SECTION = "## What is in the box"


class Failure(Exception):
    """A usage or consistency error: exit status 2."""


def load_packs():
    """Every pack file of scripts/outcomes, in ORDER: [(name, module)]."""
    packs = []
    for path in sorted(PACKS.glob("*.py")):
        spec = importlib.util.spec_from_file_location(f"outcomes_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for field in ("TITLE", "ORDER", "SOURCES", "MAPPING"):
            if not hasattr(module, field):
                raise Failure(f"{path}: no {field}")
        packs.append((path.stem, module))
    return sorted(packs, key=lambda p: (p[1].ORDER, p[0]))


def read_lists(lists, sources):
    """The domains in order, each with its outcome ids in the lists' order, each id once."""
    domains = {}
    for name, wanted in sources:
        path = lists / name
        if not path.is_file():
            raise Failure(f"{path}: no such outcome list (give --packs DIR)")
        sections, current, declared = {}, None, {}
        for line in path.read_text(encoding="utf-8").splitlines():
            header = re.match(r"^## (\S+) \((\d+)\)\s*$", line)
            if header:
                current = header.group(1)
                declared[current] = int(header.group(2))
                sections[current] = []
            elif current and line.startswith("  ") and line.strip():
                sections[current].append(line.split()[0])
        for domain in wanted:
            if domain not in sections:
                raise Failure(f"{path}: no domain `{domain}`")
            if len(sections[domain]) != declared[domain]:
                raise Failure(f"{path}: `{domain}` declares {declared[domain]} outcomes, lists {len(sections[domain])}")
            domains[domain] = merge(domains.get(domain, []), sections[domain])
    return domains


def merge(rows, more):
    """`rows` with the new ids of `more` inserted after the id that precedes them in `more`, so the
    order of both lists is kept where they agree; an id in both appears once."""
    out = list(rows)
    at = -1
    for outcome in more:
        if outcome in out:
            at = out.index(outcome)
        else:
            at += 1
            out.insert(at, outcome)
    return out


def module_file(segments):
    """The source file of a Rust module path under adapters/src."""
    base = SRC.joinpath(*segments)
    for candidate in (base.with_suffix(".rs"), base / "mod.rs"):
        if candidate.is_file():
            return candidate
    return None


def described():
    """Capability id -> (source file, struct) for every capability described in adapters/src."""
    ids = {}
    for path in sorted(SRC.rglob("*.rs")):
        text = path.read_text(encoding="utf-8")
        impls = list(re.finditer(r"\bimpl\s+(?:Query|Operation)\s+for\s+(\w+)\s*\{", text))
        for k, m in enumerate(impls):
            body = text[m.end() : impls[k + 1].start() if k + 1 < len(impls) else len(text)]
            found = re.search(r'(?:\bdescribe!?\(\s*|\bid:\s*)"([a-z_][a-z0-9_]*(?:\.[a-z0-9_]+)+)"', body)
            if found:
                ids[found.group(1)] = (path.resolve(), m.group(1))
    return ids


def registered():
    """(source file, struct) of every capability in lib.rs's bundled list."""
    text = (SRC / "lib.rs").read_text(encoding="utf-8")
    paths = [m.group(1) for m in re.finditer(r"Typed::new\((?:Ask\()?((?:\w+::)+\w+)", text)]
    # A pack registered as a whole (`all.extend(linear_algebra::adapters())`) lists its own.
    for pack in re.findall(r"\.extend\((\w+)::adapters\(\)\)", text):
        source = module_file([pack])
        if source:
            inner = source.read_text(encoding="utf-8")
            paths += [f"{pack}::{m.group(1)}" for m in re.finditer(r"Typed::new\((?:Ask\()?((?:\w+::)+\w+)", inner)]
    out = set()
    for path_text in paths:
        segments = path_text.split("::")
        if segments[-1] == "new":
            segments.pop()
        path = module_file(segments[:-1])
        if path:
            out.add((path.resolve(), segments[-1]))
            # A struct re-exported from a child module (`pub use units::{ClassGroup, …};`).
            text_of = path.read_text(encoding="utf-8")
            for use in re.finditer(r"pub use (\w+)::\{?([^};]*)\}?;", text_of):
                if segments[-1] in re.findall(r"\w+", use.group(2)):
                    child = module_file(segments[:-1] + [use.group(1)])
                    if child:
                        out.add((child.resolve(), segments[-1]))
    return out


def cell(text):
    return text.replace("|", "\\|")


def generate(lists, name, pack, ids, bundled):
    """The Markdown of one pack's coverage section."""
    MAPPING = pack.MAPPING
    domains = read_lists(lists, pack.SOURCES)
    listed = {o for rows in domains.values() for o in rows}
    unknown = sorted(set(MAPPING) - listed)
    if unknown:
        raise Failure(f"{name}: MAPPING names outcomes that are in none of its lists: " + ", ".join(unknown))
    missing = sorted({cap for cap, _ in MAPPING.values()} - set(ids))
    if missing:
        raise Failure(f"{name}: MAPPING names capabilities described nowhere in adapters/src: " + ", ".join(missing))

    blocks, covered_all, total_all, pending_all = [], 0, 0, 0
    for domain, rows in domains.items():
        lines, covered = [], 0
        for outcome in rows:
            target = MAPPING.get(outcome)
            if target is None:
                jacobian = "—"
            else:
                cap, note = target
                if ids[cap] in bundled:
                    jacobian = f"`{cap}`" + (f" ({note})" if note else "")
                    covered += 1
                else:
                    jacobian = f"— (`{cap}`" + (f", {note}" if note else "") + ": written, not yet registered)"
                    pending_all += 1
            lines.append(f"| `{outcome}` | {cell(jacobian)} |")
        covered_all += covered
        total_all += len(rows)
        blocks.append(
            "\n".join(
                [
                    f"<details><summary>{domain} — {covered}/{len(rows)}</summary>",
                    "",
                    "| outcome | Jacobian |",
                    "|---|---|",
                    *lines,
                    "",
                    "</details>",
                ]
            )
        )
    pending = f"; {pending_all} more written but not yet registered" if pending_all else ""
    head = (
        f"**{covered_all} of {total_all}** outcomes of the comparable system's {pack.TITLE} domains "
        f"are reached by a Jacobian capability{pending}; — marks one not reached yet. "
        "Generated by `scripts/coverage.py`; keep in sync with `scripts/coverage.py --write`."
    )
    return head + "\n\n" + "\n\n".join(blocks) + "\n"


def markers(name):
    return f"<!-- coverage:{name}:begin -->", f"<!-- coverage:{name}:end -->"


def region(text, name):
    """(start, end) of the text between a pack's markers, or None."""
    begin, end = markers(name)
    b, e = text.find(begin), text.find(end)
    if b < 0 or e < 0 or e < b:
        return None
    return b + len(begin), e


def write(text, name, pack, generated):
    """README text with the pack's region replaced, or heading and markers inserted at the end of
    the "What is in the box" section."""
    BEGIN, END = markers(name)
    HEADING = f"### Coverage of the {pack.TITLE} outcomes"
    span = region(text, name)
    if span:
        return text[: span[0]] + "\n" + generated + text[span[1] :]
    s = text.find("\n" + SECTION + "\n")
    if s < 0:
        raise Failure(f"README.md has no `{SECTION}` section")
    nxt = text.find("\n## ", s + 1 + len(SECTION))
    nxt = len(text) if nxt < 0 else nxt + 1
    before = text[:nxt].rstrip("\n") + "\n\n"
    inserted = f"{HEADING}\n\n{BEGIN}\n{generated}{END}\n\n"
    return before + inserted + text[nxt:]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--packs", type=pathlib.Path, default=DEFAULT_LISTS, help="directory of the outcome lists")
    parser.add_argument("--pack", help="only this pack (a file stem of scripts/outcomes)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="exit 1 when a README.md region is out of date")
    mode.add_argument("--write", action="store_true", help="rewrite README.md's regions")
    args = parser.parse_args()
    try:
        packs = load_packs()
        if args.pack:
            packs = [p for p in packs if p[0] == args.pack]
            if not packs:
                raise Failure(f"no pack `{args.pack}` in {PACKS}")
        ids, bundled = described(), registered()
        text = README.read_text(encoding="utf-8")
        status = 0
        for name, pack in packs:
            generated = generate(args.packs, name, pack, ids, bundled)
            if args.write:
                text = write(text, name, pack, generated)
                continue
            if not args.check:
                sys.stdout.write(generated + "\n")
                continue
            span = region(text, name)
            if span is None:
                raise Failure(f"README.md has no coverage region for `{name}`")
            current = text[span[0] : span[1]]
            if current != "\n" + generated:
                diff = difflib.unified_diff(
                    current.splitlines(True), ("\n" + generated).splitlines(True), "README.md", "scripts/coverage.py"
                )
                sys.stderr.writelines(diff)
                sys.stderr.write(f"README.md's {name} coverage is out of date: run scripts/coverage.py --write\n")
                status = 1
        if args.write:
            README.write_text(text, encoding="utf-8")
        return status
    except Failure as e:
        sys.stderr.write(f"coverage.py: {e}\n")
        return 2


if __name__ == "__main__":
    sys.exit(main())
