"""The guided game and the home screen in a real terminal, where what is left on it is the point: the end screen's
`a` of the guided game shows its analysis, leaving from the home screen leaves one true line, and the README's
first command opens the home screen. tmux runs it (the tmux driver, `tests.drivers.tmux`)."""

from __future__ import annotations

import re
from pathlib import Path

from famiglia.engine import Game, Pass
from famiglia.persistence import Move, Record, Store
from famiglia.profile.guided_deal import GUIDED_FIRST, GUIDED_OPPONENT, GUIDED_SEED
from famiglia.profile.seats import HUMAN, seat_name
from tests.drivers.tmux import ROOT, Tmux, launch

README = Path(ROOT) / "README.md"


def _start(tmux: Tmux, *args: str) -> None:
    """`famiglia ARGS` at 80x24, without colour, paging with `cat` (what it pages stays in the scrollback)."""
    launch(tmux, *args, width=80, height=24, env={"NO_COLOR": "1", "PAGER": "cat"})


def test_a_at_the_end_of_the_guided_game_shows_its_analysis(tmux: Tmux) -> None:
    """`a` said "leave and see the game's analysis" but the guided game left without one."""
    game = Game.new(seed=GUIDED_SEED, names=("Anna", seat_name(GUIDED_OPPONENT)), first=GUIDED_FIRST)
    record = Record.new(game, seats=(HUMAN, GUIDED_OPPONENT))
    game.apply(Pass())
    game.apply(Pass())  # two passes: the shortest guided game there is (R8.5)
    record = record.with_moves([Move(0, Pass()), Move(1, Pass())])
    _, record = Store().create(record, game)
    _start(tmux, "learn", record.id)
    screen = tmux.wait_for("What you learned")
    assert "a: analysis" in screen and "n: new game" in screen  # the end screen's key line
    tmux.type("a")
    screen = tmux.wait_for("exit status", timeout=120)
    assert f"Analysis of game {record.id}" in tmux.screen(history=True) and "exit status 0" in screen
    assert "Traceback" not in tmux.screen(history=True)


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
    tmux.type("9")  # Quit
    tmux.wait_for("exit status 0")
    left = [line for line in tmux.screen(history=True).splitlines() if line.startswith("famiglia:")]
    assert left == ["famiglia: Carla and Computer (easy): left before the first turn ended."]


def test_the_readmes_first_command_opens_the_home_screen(tmux: Tmux) -> None:
    """Someone alone was left at a two-player name question: the first command now ends on the home screen, where
    Learn to play and New game offer the computer."""
    text = README.read_text(encoding="utf-8")
    setup = re.search(r"## Set up and play\n.*?```sh\n(.*?)\n```", text, flags=re.S)
    assert setup is not None
    last = setup.group(1).split("&&")[-1].split()
    assert last == [".venv/bin/famiglia"]  # it installs, then runs famiglia alone
    assert "--vs cpu" in text[setup.end():setup.end() + 600]  # and says how to play the computer
    _start(tmux)  # famiglia alone, as the command runs it
    screen = tmux.wait_for("Learn to play")
    assert "New game" in screen and "against the computer" in " ".join(screen.split())  # where it wraps, too
    tmux.type("9")  # Quit
    tmux.wait_for("exit status 0")
