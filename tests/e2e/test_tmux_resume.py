"""A game killed in a real terminal and resumed: the handoff first, then the same table.

tmux runs `famiglia play`; one action is played, then the process is killed with SIGKILL (no chance
to clean up or save anything more). `famiglia resume` in a new terminal must show the handoff to
the player whose turn it was, with no hand, and after Enter the table as it stood, that action
included.
"""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
import time

from famiglia.engine import Game
from tests.e2e.test_tmux import GUARD, ROOT, Tmux

SEED = 3  # Anna starts; the Street is B3 B2 F2 A3 B4 B1


def run(tmux: Tmux, *args: str, name: str) -> None:
    command = shlex.join([sys.executable, "-m", "famiglia", *args])
    shell = f"cd {shlex.quote(str(ROOT))} && {command}; echo \"exit status $?\"; sleep 60"
    tmux.run("new-session", "-d", "-s", name, "-x", "100", "-y", "30", "-e", "TERM=xterm-256color",
             "-e", "NO_COLOR=", "-e", f"FAMIGLIA_HOME={os.environ['FAMIGLIA_HOME']}", "sh", "-c", shell)


def game_pid(tmux: Tmux) -> int:
    shell = tmux.run("display-message", "-p", "-t", "game", "#{pane_pid}").strip()
    children = subprocess.run(["ps", "-o", "pid=", "--ppid", shell], capture_output=True, text=True,
                              check=True).stdout.split()
    assert len(children) == 1, children
    return int(children[0])


def test_a_killed_game_is_resumed_at_the_handoff_then_the_same_table(tmux: Tmux) -> None:
    game = Game.new(seed=SEED, names=("Anna", "Ben"))
    action = game.legal_actions()[0]  # refresh B3: the Street changes
    game.apply(action)
    street = [sc.card.name for sc in game.view(None).street]

    run(tmux, "play", "--seed", str(SEED), "--names", "Anna", "Ben", name="game")
    tmux.wait_for("Pass the keyboard to Anna")
    time.sleep(GUARD)
    tmux.keys("Enter")
    tmux.wait_for("Your hand")
    tmux.type(str(action))
    tmux.keys("Enter")
    deadline = time.monotonic() + 10
    while not all(f"{c}" in tmux.screen() for c in street) and time.monotonic() < deadline:
        time.sleep(0.05)
    os.kill(game_pid(tmux), signal.SIGKILL)
    tmux.wait_for("exit status 137")
    tmux.run("kill-session", "-t", "game")

    run(tmux, "resume", name="game")
    screen = tmux.wait_for("Pass the keyboard to Anna")
    assert "Your hand" not in screen
    time.sleep(GUARD)
    tmux.keys("Enter")
    screen = tmux.wait_for("Your hand")
    assert "Your turn, Anna" in screen
    assert all(name in screen for name in street)
    tmux.keys("C-c")
    tmux.wait_for("Quit the game?")
    tmux.type("y")
    screen = tmux.wait_for("exit status 0")
    assert "famiglia resume 1" in screen
    assert "Traceback" not in tmux.screen(history=True)
