"""Ctrl-Z from the shell's job control (`kill -TSTP`): the game or the home screen leaves the screen while
stopped, and `fg` brings it back drawn anew, with the keys working (the terminal raw again)."""

from __future__ import annotations

import os
import signal

from tests.drivers.tmux import NAMES, Tmux, in_shell


def stopped_and_back(tmux: Tmux, shown: str) -> str:
    """`kill -TSTP` of the command: `shown` leaves the screen while it is stopped; `fg` draws it again."""
    os.kill(tmux.program(), signal.SIGTSTP)
    screen = tmux.wait_for("Stopped")
    assert shown not in screen
    tmux.type("fg")
    tmux.keys("Enter")
    return tmux.wait_for(shown)


def test_a_stopped_game_leaves_the_screen_and_fg_brings_it_back(tmux: Tmux) -> None:
    in_shell(tmux, "play", "--seed", "5", "--names", *NAMES)
    tmux.wait_for("Pass the keyboard to")
    tmux.enter_at_handoff()
    screen = stopped_and_back(tmux, "Your hand")
    assert "Your turn, " in screen
    tmux.type("?")  # the keys work again: the terminal is back in the game's hands
    tmux.wait_for("The rules in short")
    tmux.keys("Escape")
    tmux.keys("C-c")
    tmux.wait_for("Quit the game?")
    tmux.type("y")
    tmux.wait_for("shell$")


def test_a_stopped_home_screen_comes_back_drawn_with_its_keys(tmux: Tmux) -> None:
    in_shell(tmux)
    tmux.wait_for("Learn to play")
    stopped_and_back(tmux, "Learn to play")
    tmux.type("4")  # one key, no Enter: it reaches the home screen only on a raw terminal, and is not echoed
    tmux.wait_for("Famiglia \u203a Your games")
    tmux.keys("Escape")
    tmux.wait_for("Learn to play")
    tmux.type("9")  # Quit
    status, left = tmux.ended_in_shell()
    assert status == 0 and left.cooked and not left.alternate and left.cursor, (status, left)
