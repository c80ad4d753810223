"""A steady screen: the Street and the hand keep one drawing for a whole turn, and at a size, for the game.

Whole seeded games are played through the session, and every screen of the table is composed as the
application composes it (one `GameScreen` for the sitting). The drawing of the Street and of the hand
is read from the plain text: framed cards, compact cards, or lines of text.
"""

from __future__ import annotations

import functools
import random

import pytest

from famiglia.engine import Pass
from famiglia.tui.model import overlays, playing
from famiglia.tui.model.session import Screen, Session
from famiglia.tui.view.bridge import Ink
from famiglia.tui.view.compose import GameScreen, compose
from famiglia.tui.view.shape import LEVELS, steady_level

SIZES = ((80, 23), (100, 29))  # the main areas of 80x24 and 100x30 terminals


def block(rows: list[str], title: str) -> list[str]:
    """The rows from the one starting with `title` to the next blank or player row."""
    start = next(i for i, row in enumerate(rows) if row.startswith(title))
    out = []
    for row in rows[start + 1:]:
        if not row.strip() or "cards in hand" in row or row.startswith(("Your hand", "╭─ What")):
            break
        out.append(row)
    return out


def drawing(rows: list[str]) -> str:
    """How a block of cards is drawn."""
    if any("╭───────╮" in row or ("╭──" in row and "×" in row) for row in rows):
        return "framed"
    if any(row.startswith(("╭", "┏", "╔")) for row in rows):  # a light frame, or the last turn's marks
        return "compact"
    return "text"


def shapes(text: str) -> tuple[str, str]:
    rows = text.split("\n")
    street = block(rows, "The Street")
    hand = block(rows, "Your hand")
    return (drawing(street) if street else "empty"), drawing(hand)


@functools.cache
def play(seed: int, width: int, height: int, memory_aid: bool = False) -> tuple[tuple[tuple[str, str], ...], ...]:
    """The drawings of every table screen of one seeded game, turn by turn (played once, shared by the tests)."""
    rng = random.Random(seed)
    session = Session(names=("Anna", "Ben"), seed=seed, handoff_guard=0, memory_aid=memory_aid)
    screen = GameScreen(session, ink=Ink.PLAIN)
    turns: list[list[tuple[str, str]]] = []
    for _ in range(2000):
        game = session.game
        assert game is not None
        if session.screen is Screen.END:
            break
        if session.screen is Screen.HANDOFF:
            session.drawn()
            session.reveal()
            turns.append([])
            continue
        text = compose(session, width, height, plain=True, screen=screen)
        turns[-1].append(shapes(text))
        if session.menu() is None:  # a take or a pass waits to be confirmed
            playing.submit(session, "")
            continue
        actions = game.legal_actions()
        others = [a for a in actions if not isinstance(a, Pass)]
        session.play(rng.choice(others) if others and rng.random() < 0.95 else rng.choice(actions))
        if session.screen is Screen.TABLE and rng.random() < 0.3:
            overlays.toggle_summary(session)  # l: the last turn shown and hidden again
            turns[-1].append(shapes(compose(session, width, height, plain=True, screen=screen)))
    return tuple(tuple(turn) for turn in turns)


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("seed", [3, 8, 21])
def test_the_street_and_the_hand_keep_their_drawing_for_the_whole_turn(seed: int, width: int, height: int) -> None:
    for number, turn in enumerate(play(seed, width, height)):
        assert len(set(turn)) <= 1 or _steps_down_once(turn), (number, turn)


def _steps_down_once(turn: tuple[tuple[str, str], ...]) -> bool:
    """A table that outgrew its room (a Street of twenty cards) may step down once, and then stays down."""
    order = ("framed", "compact", "text")
    hands = [order.index(hand) for _, hand in turn]
    return hands == sorted(hands) and len(set(hands)) == 2


@pytest.mark.parametrize(("width", "height", "expected"), [(80, 23, "compact"), (100, 29, "framed")])
def test_a_size_keeps_its_drawing_for_the_whole_game_where_it_fits(width: int, height: int, expected: str) -> None:
    screens = [shape for seed in (3, 8) for turn in play(seed, width, height) for shape in turn]
    hands = [hand for _, hand in screens]
    assert hands.count(expected) >= 0.9 * len(hands), hands
    assert steady_level(width, height - 7) == (2 if expected == "compact" else 0)


def test_the_memory_aid_keeps_the_drawing_for_the_turn_too() -> None:
    """Its rows (the tracked hand, the live totals, the draw stack's cards) make room scarce at 80x24: a turn
    whose table does not fit steps down once, and every turn starts again from the compact cards."""
    assert steady_level(80, 16, memory_aid=True) == LEVELS - 2  # never text from the start
    turns = play(3, 80, 23, memory_aid=True)
    assert all(len(set(turn)) <= 1 or _steps_down_once(turn) for turn in turns)
    assert sum(turn[0][1] == "compact" for turn in turns if turn) >= 0.5 * len(turns)


def test_at_80x24_a_long_street_is_still_drawn_as_cards() -> None:
    """Today's table once fell back to a line of text for a long Street at 80x24; now its cards stay cards."""
    screens = [shape for seed in (3, 8, 21) for turn in play(seed, 80, 23) for shape in turn]
    streets = [street for street, _ in screens if street != "empty"]
    assert streets.count("text") <= 0.02 * len(streets)
