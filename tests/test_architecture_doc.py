"""docs/architecture.md tells the truth about the code: it names every module, and the import contracts it lists
are the ones `lint-imports` checks.

A map of the house that lags behind it misleads whoever builds the next room, so the two are compared here.
The modules are named in tables, one per package, each under a line that starts with the package's name
in backticks (`` `famiglia.tui.view` (rich only) … ``; the top-level modules under `` `famiglia` ``); a
table's first cell names one module or several (`` `street`, `players` ``). The contracts are a list whose items
start with each contract's name in bold.
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
PACKAGE = ROOT / "famiglia"

_INTRO = re.compile(r"^`(famiglia(?:\.\w+)*)`")  # a line that opens a package's table
_NAME = re.compile(r"`(\w+)`")


def modules_on_disk() -> set[str]:
    """Every module of the package by its dotted name, packages' `__init__` and `__main__` aside."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        if path.name in ("__init__.py", "__main__.py"):
            continue
        parts = path.relative_to(ROOT).with_suffix("").parts
        found.add(".".join(parts))
    return found


def _is_package(dotted: str) -> bool:
    """Whether `dotted` names a package (a table of its modules may follow), not a module or a class in one."""
    return (ROOT.joinpath(*dotted.split(".")) / "__init__.py").is_file()


def modules_in_doc() -> set[str]:
    """The modules the doc's tables name, each under the package whose line introduces its table."""
    named: set[str] = set()
    package: str | None = None
    in_table = False
    for line in DOC.read_text(encoding="utf-8").splitlines():
        intro = _INTRO.match(line)
        if intro and _is_package(intro.group(1)):
            package, in_table = intro.group(1), False
            continue
        if line.startswith("|") and package is not None:
            first = line.split("|")[1]
            if not in_table:  # the header row: the cells name columns, not modules
                in_table = True
                continue
            if set(first.strip()) <= set("-: "):
                continue
            named.update(f"{package}.{name}" for name in _NAME.findall(first))
        elif in_table:
            package, in_table = None, False
    return named


def contracts_in_doc() -> list[str]:
    """The contract names listed under "The contract that keeps it so", in the order written."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## The contract that keeps it so", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^- \*\*“(.+?)”\*\*", section, flags=re.MULTILINE)


def test_every_module_is_named_in_the_architecture() -> None:
    on_disk, in_doc = modules_on_disk(), modules_in_doc()
    assert sorted(on_disk - in_doc) == [], "modules the architecture does not name"
    assert sorted(in_doc - on_disk) == [], "modules the architecture names that are not there"


def test_the_contracts_listed_are_the_ones_checked() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    checked = [c["name"] for c in config["tool"]["importlinter"]["contracts"]]
    assert contracts_in_doc() == checked


def test_the_reader_of_the_doc_sees_a_broken_table() -> None:
    """The reader above finds the modules of a table and stops at its end (so the test can fail)."""
    named = modules_in_doc()
    assert "famiglia.engine.cards" in named
    assert "famiglia.tui.view.street" in named and "famiglia.tui.view.players" in named
    assert not any(name.endswith(".module") for name in named)  # a header cell is no module


def test_the_sizes_the_architecture_promises() -> None:
    """docs/architecture.md: no module of famiglia/ over 500 lines, no class over 300, no function over 60."""
    too_big = []
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        name = str(path.relative_to(ROOT))
        if len(text.splitlines()) > 500:
            too_big.append(f"{name}: {len(text.splitlines())} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > (300 if isinstance(node, ast.ClassDef) else 60):
                    too_big.append(f"{name}: {node.name} {lines} lines")
    assert too_big == []
