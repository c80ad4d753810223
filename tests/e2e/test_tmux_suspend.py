"""Ctrl-Z from the shell's job control (`kill -TSTP`): the game leaves the screen while stopped, and `fg`
brings it back drawn anew, with the keys working."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import time

from tests.e2e.test_tmux import GUARD, NAMES, ROOT, Tmux


def test_a_stopped_game_leaves_the_screen_and_fg_brings_it_back(tmux: Tmux) -> None:
    tmux.run("new-session", "-d", "-s", "game", "-x", "80", "-y", "24", "-e", "TERM=xterm-256color",
             "-e", f"FAMIGLIA_HOME={os.environ['FAMIGLIA_HOME']}", "-e", "PS1=shell$ ", "bash", "--norc", "-i")
    tmux.wait_for("shell$")
    command = shlex.join([sys.executable, "-m", "famiglia", "play", "--seed", "5", "--names", *NAMES])
    tmux.type(f"cd {shlex.quote(str(ROOT))} && {command}")
    tmux.keys("Enter")
    tmux.wait_for("Pass the keyboard to")
    time.sleep(GUARD)
    tmux.keys("Enter")
    tmux.wait_for("Your hand")
    shell = tmux.run("display-message", "-p", "-t", "game", "#{pane_pid}").strip()
    game = subprocess.run(["pgrep", "-P", shell], capture_output=True, text=True, check=False).stdout.split()
    assert len(game) == 1, game
    os.kill(int(game[0]), 20)  # SIGTSTP
    screen = tmux.wait_for("Stopped")
    assert "Your hand" not in screen
    tmux.type("fg")
    tmux.keys("Enter")
    screen = tmux.wait_for("Your hand")
    assert "Your turn, " in screen
    tmux.type("?")  # the keys work again: the terminal is back in the game's hands
    tmux.wait_for("The rules in short")
    tmux.keys("Escape")
    tmux.keys("C-c")
    tmux.wait_for("Quit the game?")
    tmux.type("y")
    tmux.wait_for("shell$")
