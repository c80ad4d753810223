"""Closing the terminal window: the game ends as a SIGHUP says (exit 129), and the game so far is saved."""

from __future__ import annotations

import shlex
from pathlib import Path

from famiglia.persistence import Store, read_record
from tests.drivers.processes import until
from tests.drivers.tmux import NAMES, Tmux, famiglia, window


def test_closing_the_terminal_window_exits_129_with_the_game_saved(tmux: Tmux, tmp_path: Path) -> None:
    status = tmp_path / "status"
    errors = tmp_path / "stderr"
    command = famiglia("play", "--seed", "5", "--names", *NAMES)
    # The shell around the game ignores the hangup, so it lives to write down the game's exit status.
    shell = f"trap '' HUP; {command} 2>{shlex.quote(str(errors))}; echo $? > {shlex.quote(str(status))}"
    window(tmux, ["sh", "-c", shell], 80, 24)
    tmux.wait_for("Pass the keyboard to")
    tmux.enter_at_handoff()
    tmux.type("take M0")
    tmux.keys("Enter")
    tmux.wait_for("End of your turn?")
    tmux.run("kill-session", "-t", "game")  # the window is closed: the terminal goes away
    until(lambda: status.exists() and status.read_text().strip(), "the game's exit status")
    assert status.read_text().strip() == "129", errors.read_text()
    assert "Input/output error" not in errors.read_text()
    # read from the files: a game whose first turn was never confirmed is kept but left out of the list
    saved = [read_record(path) for path in Store().root.glob("game-*.json")]
    assert any([str(m.action) for m in r.moves] == ["take M0"] for r in saved)
