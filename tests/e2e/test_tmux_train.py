"""`famiglia train` in a real terminal at 80×24: a game not yet analysed is analysed first, a position is
answered with the game's keys, its answer shown on a key, and the schedule is written when it is left."""

from __future__ import annotations

from famiglia.persistence import Store
from famiglia.persistence.schedule import load_schedule
from tests.drivers.tmux import Tmux, launch
from tests.drivers.training import saved_game


def test_a_session_in_a_real_terminal(tmux: Tmux) -> None:
    saved_game(analysed=False)
    launch(tmux, "train", width=80, height=24)
    screen = tmux.wait_for("What would you play?", timeout=120)
    assert "Train on your mistakes" in screen and "position 1 of" in screen
    tmux.type("h")
    screen = tmux.wait_for("In the game:")
    assert "The best:" in screen and "Enter: next" in screen
    tmux.type("q")
    tmux.wait_for("exit status 0")
    cards = load_schedule(Store().root).cards
    assert cards and sum(c.misses for c in cards.values()) == 1  # asked for the answer first: a miss
