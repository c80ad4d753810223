"""`famiglia replay` in a real terminal with a saved analysis: `m` goes to the first marked decision or key
moment and shows the turn rated decision by decision under the table; `a` shows it under the win-chance graph
instead, `a` again puts the table back alone; `q` leaves. Without one, `a` analyses the game in the background
while the replay goes on, and saves it beside the game."""

from __future__ import annotations

from famiglia.ai.moments import key_moments
from famiglia.commands.analysis import saved_analysis
from famiglia.persistence.analyses import analysis_path
from famiglia.tui.model import kept_analysis
from famiglia.tui.model.replay import MISTAKES
from tests.drivers.tmux import Tmux, launch
from tests.persistence.records import short_game


def test_the_replay_shows_the_saved_analysis_of_a_mistake(tmux: Tmux) -> None:
    path, record = short_game()
    analysis = kept_analysis.load_or_analyse(path, record, level="easy")
    moments = {m.move for m in key_moments(analysis, [g.view(None) for g in record.games()])}
    first = next(d for d in analysis.decisions if d.mark in MISTAKES or d.move in moments)  # where m stops first
    launch(tmux, "replay", record.id)
    tmux.wait_for("a: analysis")  # the game is over (a pass ended it): no question before it
    tmux.type("m")
    screen = tmux.wait_for("chance to win before")
    assert f"position {first.move + 1} of" in screen and "'s hand" in screen  # the verdict with its position
    assert f"{first.before * 100:.0f}%: played" in screen
    assert ("Key moment:" if first.move in moments else f"Marked {first.mark}") in screen  # it says which it is
    tmux.type("a")
    screen = tmux.wait_for("▲ on screen")
    assert "chance to win over the game" in screen and "chance to win before" in screen
    assert "'s hand" not in screen and "Traceback" not in screen
    tmux.type("a")
    tmux.wait_until(lambda screen: "'s hand" in screen and "chance to win before" not in screen,
                    "the table alone again")
    tmux.type("q")
    assert "exit status 0" in tmux.wait_for("exit status")


def test_a_without_a_saved_analysis_analyses_the_game_while_the_replay_goes_on(tmux: Tmux) -> None:
    """`a` on a game never analysed: the progress shows, the arrows still move, and the analysis appears and is
    saved beside the game (at famiglia analyse's default level, a few seconds for this short game)."""
    path, record = short_game()
    where = analysis_path(path)
    launch(tmux, "replay", record.id)
    tmux.wait_for("a: analysis")
    tmux.type("a")
    screen = tmux.wait_for("Analysing… turn ")
    assert "decisions rated · the replay goes on" in screen and not where.exists()
    tmux.keys("Right")
    tmux.wait_for("position 1 of 9")
    tmux.wait_for("chance to win before", timeout=90)
    # a capture may catch the frame half written: the progress row goes with the next
    screen = tmux.wait_until(lambda screen: "Analysing" not in screen, "the progress row to go")
    assert "Turn 1: chance to win before" in screen and "'s hand" in screen and "Analysing" not in screen
    assert "Traceback" not in screen and where.exists()
    analysis, note = saved_analysis(path, record)
    assert analysis is not None and note is None and analysis.level == "normal"
    tmux.type("q")
    assert "exit status 0" in tmux.wait_for("exit status")
