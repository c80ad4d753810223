"""A game killed in a real terminal and resumed: the handoff first, then the same table.

tmux runs `famiglia play`; one action is played, then the process is killed with SIGKILL (no chance
to clean up or save anything more). `famiglia resume` in a new terminal must show the handoff to
the player whose turn it was, with no hand, and after Enter the table as it stood, that action
included.
"""

from __future__ import annotations

import os
import signal

from famiglia.engine import Game
from tests.drivers.tmux import Tmux, launch

SEED = 3  # Anna starts; the Street is B3 B2 F2 A3 B4 B1


def test_a_killed_game_is_resumed_at_the_handoff_then_the_same_table(tmux: Tmux) -> None:
    game = Game.new(seed=SEED, names=("Anna", "Ben"))
    action = game.legal_actions()[0]  # refresh B3: the Street changes
    game.apply(action)
    street = [sc.card.name for sc in game.view(None).street]

    launch(tmux, "play", "--seed", str(SEED), "--names", "Anna", "Ben")
    tmux.wait_for("Pass the keyboard to Anna")
    tmux.enter_at_handoff()
    tmux.type(str(action))
    tmux.keys("Enter")
    tmux.wait_until(lambda screen: all(c in screen for c in street), "the Street after the refresh", timeout=10)
    os.kill(tmux.program(), signal.SIGKILL)
    tmux.wait_for("exit status 137")
    tmux.run("kill-session", "-t", "game")

    launch(tmux, "resume")
    screen = tmux.wait_for("Pass the keyboard to Anna")
    assert "Your hand" not in screen
    screen = tmux.enter_at_handoff()
    assert "Your turn, Anna" in screen
    assert all(name in screen for name in street)
    screen = tmux.quit_game()
    assert "famiglia resume 1" in screen
    assert "Traceback" not in tmux.screen(history=True)
