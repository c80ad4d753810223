"""`famiglia replay` in a real terminal with a saved analysis: `m` goes to the first mistake and shows the
turn rated decision by decision under the win-chance graph; `a` puts the table back; `q` leaves. Without
one, `a` analyses the game in the background while the replay goes on, and saves it beside the game."""

from __future__ import annotations

import os
import shlex
import sys
import time

from famiglia import analysis_cli
from famiglia.commands.analysis import saved_analysis
from famiglia.persistence.analyses import analysis_path
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


def test_a_without_a_saved_analysis_analyses_the_game_while_the_replay_goes_on(tmux: Tmux) -> None:
    """`a` on a game never analysed: the progress shows, the arrows still move, and the analysis appears and is
    saved beside the game (at famiglia analyse's default level, a few seconds for this short game)."""
    path, record = short_game()
    where = analysis_path(path)
    command = shlex.join([sys.executable, "-m", "famiglia", "replay", record.id])
    shell = f"cd {shlex.quote(str(ROOT))} && {command}; echo \"exit status $?\"; sleep 60"
    tmux.run("new-session", "-d", "-s", "game", "-x", "100", "-y", "30", "-e", "TERM=xterm-256color",
             "-e", f"FAMIGLIA_HOME={os.environ['FAMIGLIA_HOME']}", "sh", "-c", shell)
    tmux.wait_for("a: analysis")
    tmux.type("a")
    screen = tmux.wait_for("Analysing… turn ")
    assert "decisions rated · the replay goes on" in screen and not where.exists()
    tmux.keys("Right")
    tmux.wait_for("position 1 of 9")
    screen = tmux.wait_for("the chance to win before", timeout=90)
    settled = time.monotonic() + 10  # a capture may catch the frame half written: the progress row goes with the next
    while "Analysing" in screen and time.monotonic() < settled:
        time.sleep(0.1)
        screen = tmux.screen()
    assert "Turn 1: the chance to win before" in screen and "▲ on screen" in screen and "Analysing" not in screen
    assert "Traceback" not in screen and where.exists()
    analysis, note = saved_analysis(path, record)
    assert analysis is not None and note is None and analysis.level == "normal"
    tmux.type("q")
    assert "exit status 0" in tmux.wait_for("exit status")
