"""Odd terminal input in a real terminal: mouse-report-like bytes and Ctrl-Q neither end nor freeze the game."""

from __future__ import annotations

from tests.drivers.tmux import NAMES, Tmux, start

MOUSE_LIKE = ("1b 5b 31 3b 32 6d", "1b 5b 4d 63 21 21", "1b 5b 4d 80 81 82", "1b 5b 3b 3b 4d")


def test_mouse_report_like_bytes_and_ctrl_q_are_ignored(tmux: Tmux) -> None:
    start(tmux, "--seed", "5", "--names", *NAMES, width=80, height=24)
    tmux.wait_for("Pass the keyboard to")
    for sequence in MOUSE_LIKE:  # at the handoff
        tmux.keys("-H", *sequence.split())
    tmux.keys("C-q")
    screen = tmux.enter_at_handoff()
    assert "unexpected error" not in screen
    for sequence in MOUSE_LIKE:  # on the table
        tmux.keys("-H", *sequence.split())
    tmux.keys("C-q")
    tmux.keys("C-c")
    screen = tmux.wait_for("Quit the game?")
    assert "^C" not in screen and "unexpected error" not in screen
    tmux.type("y")
    screen = tmux.wait_for("exit status 0")
    assert "unexpected error" not in screen
