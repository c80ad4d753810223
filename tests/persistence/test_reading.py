"""The one way a saved game, the settings and a saved analysis are read: nothing planted at their path blocks.

Before the three readers were one, a saved analysis was opened with a plain `open`, so a named pipe
planted beside a game (`game-3.analysis.json`) froze `famiglia replay 3` until something wrote to it.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from famiglia.persistence import StoreError, read_record
from famiglia.persistence.analyses import AnalysisFileError, load_analysis
from famiglia.persistence.reading import Unreadable, read_text
from famiglia.profile.settings import load


def finished_within(call: Callable[[], object], seconds: float = 20.0) -> list[object]:
    """What `call` returned or raised, run in a thread; empty when it was still blocked after `seconds`."""
    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(call())
        except Exception as error:  # the refusal is the outcome
            outcome.append(error)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    return outcome


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_in_place_of_any_of_the_three_files_is_refused_at_once(tmp_path: Path) -> None:
    pipe = tmp_path / "planted"
    os.mkfifo(pipe)
    record, analysis, settings = (finished_within(lambda: read_record(pipe)),
                                  finished_within(lambda: load_analysis(pipe, "key")),
                                  finished_within(lambda: load(pipe)))
    assert record and isinstance(record[0], StoreError) and "is not a file" in str(record[0])
    assert analysis and isinstance(analysis[0], AnalysisFileError) and "is not a file" in str(analysis[0])
    assert settings and "is not a file" in (getattr(settings[0], "problem", None) or "")


def test_the_words_name_what_the_file_should_have_been(tmp_path: Path) -> None:
    big = tmp_path / "big"
    big.write_bytes(b"x" * 101)
    with pytest.raises(Unreadable, match=r"is too large to be a saved analysis \(101 bytes\)"):
        read_text(big, limit=100, kind="a saved analysis")
    binary = tmp_path / "binary"
    binary.write_bytes(b"\xff\xfe")
    with pytest.raises(Unreadable, match="is not UTF-8 text"):
        read_text(binary, limit=100, kind="a game record")
    with pytest.raises(Unreadable, match="is a folder"):
        read_text(tmp_path, limit=100, kind="a game record")
    with pytest.raises(FileNotFoundError):
        read_text(tmp_path / "none", limit=100, kind="a game record")
    assert read_text(big, limit=101, kind="a game record") == "x" * 101


def test_no_module_reads_a_file_but_through_the_one_reader() -> None:
    """Issue 22: every file another program may have touched is read by `read_text`, bounded and in one line.

    Walks the package's source for the other ways Python reads a file (`open`, `Path.read_text`,
    `read_bytes`, `json.load`, `tomllib.load`); only the data shipped inside the package
    (`importlib.resources`) is read otherwise. `os.open` is left to the reader and to the writers'
    locks and temporary files, which read nothing.
    """
    import ast

    import famiglia

    root = Path(famiglia.__file__).parent
    found = []
    for source in sorted(root.rglob("*.py")):
        if source.name == "reading.py":
            continue
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            shipped = "resources" in ast.unparse(func)
            owner = ast.unparse(func.value) if isinstance(func, ast.Attribute) else ""
            if name == "open" and not owner.startswith("os") and not shipped and isinstance(func, ast.Name):
                found.append(f"{source.relative_to(root)}:{node.lineno} open()")
            elif name in ("read_text", "read_bytes") and isinstance(func, ast.Attribute) and not shipped:
                found.append(f"{source.relative_to(root)}:{node.lineno} {name}()")
            elif name == "load" and owner in ("json", "tomllib"):
                found.append(f"{source.relative_to(root)}:{node.lineno} {owner}.load()")
    assert found == []
