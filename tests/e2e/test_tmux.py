"""`famiglia play` in a real terminal: tmux runs it, the test types with send-keys and reads capture-pane.

This is the one test that sees what a player sees: the alternate screen, the keys as a terminal sends
them, the handoff, a resize, and what is left in the terminal after the game. It needs tmux
(`tests.drivers.tmux`); on a developer's machine without it the test is skipped, but under CI (`CI` set)
a missing tmux fails it.
"""

from __future__ import annotations

import os
import signal

import pytest

from famiglia.engine import Game, Step
from famiglia.tui.view.status import STEP_SEPARATOR
from tests.drivers.tmux import NAMES, Tmux, start

SEED = 3  # Anna starts; the Street is B3 B2 F2 A3 B4 B1


def test_a_game_in_a_real_terminal(tmux: Tmux) -> None:
    game = Game.new(seed=SEED, names=NAMES)
    anna, ben = NAMES[game.start_player], NAMES[1 - game.start_player]
    street = [sc.card.name for sc in game.view(None).street]
    start(tmux, "--seed", str(SEED), "--names", *NAMES)

    # The first handoff: who sits down, the public table, no hand.
    screen = tmux.wait_for(f"Pass the keyboard to {anna}")
    assert "Your hand" not in screen and "press Enter when ready" in screen
    assert all(name in screen for name in street)

    # Anna's table: the Street, the step bar, her hand, the numbered choices.
    screen = tmux.enter_at_handoff()
    assert f"Your turn, {anna}" in screen
    assert STEP_SEPARATOR.join(step.title for step in Step) in screen
    assert all(name in screen for name in street)
    assert "F0♥" in screen and "M0♠" in screen
    assert "1 B3♣" in screen and "pass" in screen

    # A mistyped action: the reason in one line, nothing changes.
    tmux.type("take X9")
    tmux.keys("Enter")
    screen = tmux.wait_for("is not a card")
    assert f"Your turn, {anna}" in screen
    tmux.keys("C-u")

    # Help on top, closed with Esc.
    tmux.type("?")
    tmux.wait_for("The rules in short")
    tmux.keys("Escape")
    screen = tmux.wait_until(lambda screen: "The rules in short" not in screen, "the help to close")
    assert "Your hand" in screen

    # A resize to less than 80x24 says so; back to full size the table returns.
    tmux.run("resize-window", "-t", "game", "-x", "70", "-y", "20")
    tmux.wait_for("too small")
    tmux.run("resize-window", "-t", "game", "-x", "100", "-y", "30")
    tmux.wait_for("Your hand")

    # Anna passes with p; her own table asks her to confirm it.
    assert "p pass" in tmux.screen()
    tmux.type("p")
    screen = tmux.wait_for("End of your turn?")
    assert "You pass" in screen and "Your hand" in screen and f"Your turn, {anna}" in screen
    tmux.type("u")  # taken back ...
    tmux.wait_for("Took back: pass")
    tmux.type("p")  # ... and passed again
    tmux.wait_for("End of your turn?")

    # She confirms, typing ahead an Enter that must not open Ben's hand to her.
    tmux.keys("Enter", "Enter")
    tmux.wait_for(f"Pass the keyboard to {ben}")
    tmux.keys("C-c")  # a key after that Enter: once it is answered, the Enter typed ahead has been dealt with
    screen = tmux.wait_for("Quit the game?")
    assert "Your hand" not in screen
    tmux.type("n")
    screen = tmux.wait_until(lambda screen: "Quit the game?" not in screen, "the question to close")
    assert "Pass the keyboard to" in screen and "Your hand" not in screen
    assert "a pass now ends the game" in screen

    # Ben sees what Anna did, and passes too: the question says that this ends the game (R8.5, R10.2).
    screen = tmux.enter_at_handoff(f"Your turn, {ben}")
    assert f"{anna} passed" in screen
    tmux.type("pass")  # typed out: its p passes, and its Enter does not answer the question unread
    tmux.keys("Enter")
    screen = tmux.wait_for("Enter again")
    assert "You pass: the game ends" in screen and "Game over" not in screen
    tmux.keys("Enter")
    screen = tmux.wait_for("Game over")
    assert "two passes in a row" in screen
    assert "total" in screen and "new game" in screen and f"Seed {SEED}" in screen

    # The game log: both turns, public events only.
    tmux.type("g")
    screen = tmux.wait_for("Game log · 2 turns")
    assert f"{anna} passed" in screen and f"{ben} passed" in screen
    tmux.type("g")
    tmux.wait_for("new game")

    # q leaves; the terminal's own screen is back, with no hand left in it or its scrollback.
    tmux.type("q")
    screen = tmux.wait_for("exit status 0")
    assert f"{NAMES[0]} and {NAMES[1]}: " in screen and f"(seed {SEED})" in screen  # the farewell line
    everything = tmux.screen(history=True)
    assert "Your hand" not in everything and "Traceback" not in everything


def test_turns_are_confirmed_and_logged_at_80x24(tmux: Tmux) -> None:
    game = Game.new(seed=SEED, names=NAMES)
    start(tmux, "--seed", str(SEED), "--names", *NAMES, width=80, height=24)
    for _ in range(4):  # each player takes the first card on offer, typed in notation, and confirms
        mover = NAMES[game.to_move]
        tmux.wait_for(f"Pass the keyboard to {mover}")
        tmux.enter_at_handoff(f"Your turn, {mover}")
        legal = game.legal_actions()
        take = next((a for a in legal if a.step is Step.TAKE and str(a) != "pass"), None)
        action = take if take is not None else legal[0]
        tmux.type(str(action))
        tmux.keys("Enter")
        game.apply(action)
        if take is None:  # a refresh: then the take or pass that ends the turn
            tmux.wait_for("refreshed")
            legal = game.legal_actions()
            action = next((a for a in legal if a.step is Step.TAKE and str(a) != "pass"), legal[-1])
            tmux.type(str(action))
            tmux.keys("Enter")
            game.apply(action)
        screen = tmux.wait_for("End of your turn?")
        assert f"Your turn, {mover}" in screen and "Your hand" in screen
        tmux.keys("Enter")
    tmux.wait_for("Pass the keyboard to")
    tmux.type("g")
    screen = tmux.wait_for("Game log · 4 turns")
    assert "Turn 4" in screen and "Your hand" not in screen
    assert all(len(line) <= 80 for line in screen.splitlines())
    tmux.keys("Escape")
    tmux.wait_for("Pass the keyboard to")
    screen = tmux.quit_game()
    assert "4 turns played" in screen


@pytest.mark.parametrize(("signal_name", "status"), [("SIGTERM", 143), ("SIGHUP", 129)])
def test_a_signal_leaves_the_alternate_screen_with_no_hand_left(tmux: Tmux, signal_name: str, status: int) -> None:
    start(tmux, "--seed", "5", "--names", *NAMES, width=80, height=24)
    tmux.wait_for("Pass the keyboard to")
    tmux.enter_at_handoff()
    os.kill(tmux.program(), getattr(signal, signal_name))
    screen = tmux.wait_for(f"exit status {status}")
    # Left before the first turn ended, as a player quitting would; an unfinished game's seed stays hidden.
    assert "left before the first turn ended" in screen and "seed" not in screen
    everything = tmux.screen(history=True)
    assert "Your hand" not in everything and "Traceback" not in everything
    left = tmux.left()
    assert left.cooked and not left.alternate and left.cursor and left.processes == (), left


def test_ctrl_c_asks_before_quitting(tmux: Tmux) -> None:
    start(tmux, "--seed", "5", "--names", *NAMES, width=80, height=24)
    tmux.wait_for("Pass the keyboard to")
    tmux.keys("C-c")
    tmux.wait_for("Quit the game?")
    tmux.type("n")
    tmux.enter_at_handoff()
    tmux.quit_game()


def test_the_names_are_asked_for_without_names(tmux: Tmux) -> None:
    start(tmux, "--seed", "4", "--first", "2", width=80, height=24)
    tmux.wait_for("Who plays?")
    tmux.type("Carla")
    tmux.keys("Enter")
    tmux.wait_for("Player 2's name")
    tmux.keys("Enter")  # keeps the default, Player 2
    screen = tmux.wait_for("Pass the keyboard to Player 2")  # --first 2
    assert "Carla" in screen


def _input_line(screen: str) -> str:
    return [row.rstrip() for row in screen.splitlines() if row.strip()][-1]


def test_an_over_long_line_keeps_the_prompt_and_a_readable_refusal(tmux: Tmux) -> None:
    start(tmux, "--seed", "11", width=80, height=24)
    tmux.wait_for("Who plays?")
    tmux.type("n" * 90)
    tmux.keys("Enter")
    tmux.wait_for("at most 20 characters")
    tmux.keys("C-u")
    tmux.wait_until(lambda screen: _input_line(screen) == "Player 1's name [Player 1]:", "the line cleared")
    tmux.type("Anna")
    tmux.keys("Enter")
    tmux.wait_for("Player 2's name")
    tmux.type("Ben")
    tmux.keys("Enter")
    tmux.wait_for("Pass the keyboard to")
    screen = tmux.enter_at_handoff()
    player = "Anna" if "Your turn, Anna" in screen else "Ben"
    tmux.type("x" * 100)
    screen = tmux.wait_until(lambda screen: _input_line(screen).count("x") >= 60, "the long line on the screen")
    line = _input_line(screen)
    assert line.startswith(f"{player} > x") and len(line) <= 80  # the text scrolls, the prompt stays
    tmux.keys("Enter")
    screen = tmux.wait_for("is not an action")
    assert all(len(row.rstrip()) <= 80 for row in screen.splitlines())
    assert any(row.startswith("'xxx") for row in screen.splitlines())  # the refusal is whole on the left
    tmux.keys("C-u")
    tmux.wait_until(lambda screen: _input_line(screen) == f"{player} >", "the line cleared")
    tmux.quit_game()
