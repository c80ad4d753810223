"""`famiglia replay` in a real terminal with a saved analysis: `m` goes to the first mistake and shows the
turn rated decision by decision under the win-chance graph; `a` puts the table back; `q` leaves."""

from __future__ import annotations

import os
import shlex
import sys

from famiglia import analysis_cli
from famiglia.tui.model.replay import MISTAKES
from tests.e2e.test_tmux import ROOT, Tmux
from tests.tui.test_replay_analysis import short_game


def test_the_replay_shows_the_saved_analysis_of_a_mistake(tmux: Tmux) -> None:
    path, record = short_game()
    analysis = analysis_cli.load_or_analyse(path, record, level="easy")
    first = next(d for d in analysis.decisions if d.mark in MISTAKES)
    command = shlex.join([sys.executable, "-m", "famiglia", "replay", record.id])
    shell = f"cd {shlex.quote(str(ROOT))} && {command}; echo \"exit status $?\"; sleep 60"
    tmux.run("new-session", "-d", "-s", "game", "-x", "100", "-y", "30", "-e", "TERM=xterm-256color",
             "-e", f"FAMIGLIA_HOME={os.environ['FAMIGLIA_HOME']}", "sh", "-c", shell)
    tmux.wait_for("a: analysis")  # the game is over (a pass ended it): no question before it
    tmux.type("m")
    screen = tmux.wait_for("the chance to win before")
    assert f"position {first.move + 1} of" in screen and "▲ on screen" in screen
    assert f"{first.before * 100:.0f}%: played" in screen and first.mark is not None and first.mark in screen
    assert "chance to win over the game" in screen and "Traceback" not in screen
    tmux.type("a")
    tmux.wait_for("'s hand")
    tmux.type("q")
    assert "exit status 0" in tmux.wait_for("exit status")
