"""Every Python example of the docs runs as it is written: each ```python block of docs/*.md and README.md, on
its own, in a namespace of its own. A block that is not meant to run (a fragment of a larger program, say) says
so in its info string, ```python no-run, and is only compiled.
"""

from __future__ import annotations

import re
from pathlib import Path
from textwrap import dedent

import pytest

ROOT = Path(__file__).parent.parent
PAGES = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
# A fenced block: its indentation (a block inside a list item is indented), its info string, its lines.
BLOCK = re.compile(r"^(?P<indent> *)```(?P<info>[^\n`]*)\n(?P<code>.*?)^(?P=indent)```[ \t]*$", re.S | re.M)


def _examples() -> list[tuple[str, str, str]]:
    """(page:line, info string, code) of every Python block of the pages."""
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for block in BLOCK.finditer(text):
            info = block["info"].split()
            if info[:1] == ["python"]:
                line = text.count("\n", 0, block.start()) + 1
                found.append((f"{page.relative_to(ROOT)}:{line}", " ".join(info), dedent(block["code"])))
    return found


EXAMPLES = _examples()
# The computer's examples search with the levels' real budgets: slow, as every such test is.
CASES = [pytest.param(where, info, code, id=where, marks=[pytest.mark.slow] if "famiglia.ai" in code else [])
         for where, info, code in EXAMPLES]


def test_the_docs_have_python_examples_and_mark_only_a_few_as_not_run() -> None:
    assert len(EXAMPLES) >= 4
    infos = [info for _where, info, _code in EXAMPLES]
    assert set(infos) <= {"python", "python no-run"}, infos
    assert infos.count("python no-run") <= len(infos) // 4


@pytest.mark.parametrize(("where", "info", "code"), CASES)
def test_every_python_example_of_the_docs_runs(where: str, info: str, code: str) -> None:
    compiled = compile(code, where, "exec")
    if info == "python no-run":
        return
    exec(compiled, {"__name__": "__docs__"})
