"""The guided game and the home screen in a real terminal, where what is left on it is the point: leaving from the
home screen leaves one true line. tmux runs it (the `tmux` fixture of `test_tmux`)."""

from __future__ import annotations

import shlex
import sys

from tests.e2e.test_tmux import ROOT, Tmux


def _start(tmux: Tmux, *args: str, width: int = 80, height: int = 24) -> None:
    command = shlex.join([sys.executable, "-m", "famiglia", *args])
    shell = f"cd {shlex.quote(str(ROOT))} && {command}; echo \"exit status $?\"; sleep 60"
    tmux.run("new-session", "-d", "-s", "game", "-x", str(width), "-y", str(height), "-e", "TERM=xterm-256color",
             "-e", "NO_COLOR=1", "-e", "PAGER=cat", "sh", "-c", shell)


def test_leaving_from_the_home_screen_leaves_one_true_line(tmux: Tmux) -> None:
    """It left "famiglia: no game was started." and "…0 turns played; Carla was to move." for a game not kept."""
    _start(tmux)
    tmux.wait_for("Learn to play")
    tmux.type("1")
    tmux.wait_for("Two players at this keyboard")
    tmux.type("1")
    tmux.wait_for("Player 1's name")
    tmux.keys("C-c")
    screen = tmux.wait_for("Leave now?")
    assert "No game has begun yet" in screen and "Quit the game?" not in screen
    tmux.type("y")
    tmux.wait_for("Learn to play")
    tmux.type("3")
    tmux.wait_for("Player 1's name")
    tmux.type("Carla")
    tmux.keys("Enter")
    tmux.wait_for("The table (R1–R3)")
    tmux.keys("C-c")
    screen = tmux.wait_for("Quit the game?")
    assert "Nothing is kept before the first turn ends." in screen
    tmux.type("y")
    screen = tmux.wait_for("Learn to play")
    assert "left before the first turn ended" in screen  # what the game said, on the home screen
    tmux.type("8")
    tmux.wait_for("exit status 0")
    left = [line for line in tmux.screen(history=True).splitlines() if line.startswith("famiglia:")]
    assert left == ["famiglia: Carla and Computer (easy): left before the first turn ended."]
