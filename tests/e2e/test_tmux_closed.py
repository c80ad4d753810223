"""Closing the terminal window: the game ends as a SIGHUP says (exit 129), and the game so far is saved."""

from __future__ import annotations

import os
import shlex
import sys
import time
from pathlib import Path

from famiglia.persistence import Store
from tests.e2e.test_tmux import GUARD, NAMES, ROOT, Tmux


def test_closing_the_terminal_window_exits_129_with_the_game_saved(tmux: Tmux, tmp_path: Path) -> None:
    status = tmp_path / "status"
    errors = tmp_path / "stderr"
    command = shlex.join([sys.executable, "-m", "famiglia", "play", "--seed", "5", "--names", *NAMES])
    # The shell around the game ignores the hangup, so it lives to write down the game's exit status.
    shell = (f"trap '' HUP; cd {shlex.quote(str(ROOT))} && {command} 2>{shlex.quote(str(errors))}; "
             f"echo $? > {shlex.quote(str(status))}")
    tmux.run("new-session", "-d", "-s", "game", "-x", "80", "-y", "24", "-e", "TERM=xterm-256color",
             "-e", f"FAMIGLIA_HOME={os.environ['FAMIGLIA_HOME']}", "sh", "-c", shell)
    tmux.wait_for("Pass the keyboard to")
    time.sleep(GUARD)
    tmux.keys("Enter")
    tmux.wait_for("Your hand")
    tmux.type("take M0")
    tmux.keys("Enter")
    tmux.wait_for("End of your turn?")
    tmux.run("kill-session", "-t", "game")  # the window is closed: the terminal goes away
    deadline = time.monotonic() + 15
    while not status.exists() or not status.read_text().strip():
        assert time.monotonic() < deadline, errors.read_text() if errors.exists() else "no exit status"
        time.sleep(0.05)
    assert status.read_text().strip() == "129", errors.read_text()
    assert "Input/output error" not in errors.read_text()
    saved = [e.record for e in Store().entries() if e.record is not None]
    assert any([str(m.action) for m in r.moves] == ["take M0"] for r in saved)
