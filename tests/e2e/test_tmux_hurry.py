"""A key pressed to hurry the computer, in a real terminal: it is used up, and the next turn's line is empty."""

from __future__ import annotations

import time

from famiglia.engine import Game, Step
from tests.drivers.tmux import Tmux, start


def test_a_key_that_hurries_the_computer_is_not_typed_into_the_persons_line(tmux: Tmux) -> None:
    game = Game.new(seed=5, names=("Ivo", "Computer (easy)"), first=0)
    start(tmux, "--vs", "cpu:easy", "--seed", "5", "--names", "Ivo", "--first", "1", width=80, height=24)
    tmux.wait_for("Your turn, Ivo")
    take = next(a for a in game.legal_actions() if a.step is Step.TAKE and str(a) != "pass")
    tmux.type(str(take))
    tmux.keys("Enter")
    tmux.wait_for("End of your turn?")
    tmux.keys("Enter")
    tmux.wait_for("is playing its turn")
    tmux.type("1")  # to hurry it
    time.sleep(0.1)  # a person's second key, a moment after the first: not the same chunk of input
    tmux.type(" ")
    tmux.wait_for("Your turn, Ivo", timeout=30)
    screen = tmux.settled()
    prompt = [line for line in screen.splitlines() if line.startswith("Ivo >")]
    assert prompt and prompt[-1].rstrip() == "Ivo >", screen  # the line starts empty
    tmux.quit_game()
