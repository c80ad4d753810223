"""The screen's layout at the smallest size it promises (80x24) and larger: nothing important is cut off.

At every moment of seeded games the table screen must show the player's hand, the whole list of
choices with every number, and the message line, within the rows the terminal has.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest

from famiglia.engine import Game
from famiglia.tui.model import playing
from famiglia.tui.model.session import Screen, Session
from famiglia.tui.view.compose import compose, hint_line, prompt_text

SIZES = ((80, 23), (100, 29), (130, 39))  # main areas of 80x24, 100x30 and 130x40 terminals


def at_table(game: Game) -> Session:
    session = Session.resume(Game.from_dict(game.to_dict(), seed=1), handoff_guard=0)
    session.drawn()
    session.reveal()
    return session


@pytest.mark.parametrize("seed", [4, 9])
def test_the_table_screen_always_shows_the_hand_and_every_choice(
        seed: int, moments: Callable[..., Iterator[Game]]) -> None:
    for g in moments(seed):
        if g.is_over:
            break
        session = at_table(g)
        menu = session.menu()
        assert menu is not None
        for width, height in SIZES:
            text = compose(session, width, height, plain=True)
            rows = text.split("\n")
            assert len(rows) == height
            assert max(len(r) for r in rows) <= width
            assert "Your hand" in text
            numbers = [int(n) for n in re.findall(r"(?:^|\s)(\d+) ", "\n".join(rows[-8:]))]
            assert set(range(1, len(menu.choices) + 1)) <= set(numbers), text
            assert rows[-1] == hint_line(session)
        for group in [c for c in menu.choices if c.action is None and c.actions]:  # not `done swapping`
            playing.choose(session, group.number)
            inner = session.menu()
            assert inner is not None and inner.question
            text = compose(session, 80, 23, plain=True)
            assert "Your hand" in text and inner.question.split(":")[0].split()[0] in text
            numbers = [int(n) for n in re.findall(r"(?:^|\s)(\d+) ", "\n".join(text.split("\n")[-8:]))]
            assert set(range(1, len(inner.choices) + 1)) <= set(numbers), text
            playing.back(session)


def test_every_screen_fills_exactly_the_rows_it_is_given() -> None:
    session = Session(seed=2, handoff_guard=0)
    for _ in range(2):
        assert len(compose(session, 80, 23, plain=True).split("\n")) == 23
        playing.submit(session, "")
    assert session.screen is Screen.HANDOFF
    assert len(compose(session, 80, 23, plain=True).split("\n")) == 23
    session.drawn()
    session.reveal()
    session.play("pass")
    assert len(compose(session, 80, 23, plain=True).split("\n")) == 23  # the question to confirm the pass
    playing.submit(session, "")
    session.drawn()
    session.reveal()
    session.play("pass")
    playing.submit(session, "")
    assert session.screen is Screen.END
    text = compose(session, 80, 23, plain=True)
    assert len(text.split("\n")) == 23 and "Game over" in text and "new game" in text


def test_a_long_name_given_on_the_command_line_is_shortened_on_the_input_line_and_in_the_hint() -> None:
    long = "Maximiliane-Friederike von Hohenzollern-Sigmaringen"  # --names takes any length
    session = Session(names=(long, "Ben"), seed=3, first=0, handoff_guard=0)
    assert len(hint_line(session)) <= 80  # the handoff's hint stays on its one line
    session.drawn()
    session.reveal()
    assert len(prompt_text(session)) <= 30  # room is left to type an action
    assert prompt_text(session).startswith("Maximiliane")


@pytest.mark.parametrize("seed", [3, 4])
def test_a_long_refusal_at_80x24_leaves_every_choice_in_sight_and_is_shortened_to_the_rows_they_leave(
        seed: int, moments: Callable[..., Iterator[Game]]) -> None:
    """With the memory aid the table's row budget leaves the choices no spare row: a refusal that would take
    two rows (a long line typed) takes one, ending in `…`, and the last choices and `p pass` stay in sight."""
    shortened = 0
    for g in moments(seed):
        if g.is_over:
            break
        session = at_table(g)
        session.memory_aid = True
        menu = session.menu()
        assert menu is not None
        playing.submit(session, "take " + "Q" * 300)  # not an action: refused, the reason quotes the line
        text = compose(session, 80, 23, plain=True)
        rows = text.split("\n")
        assert len(rows) == 23 and max(len(r) for r in rows) <= 80
        numbers = [int(n) for n in re.findall(r"(?:^|\s)(\d+) ", "\n".join(rows[-9:]))]
        assert set(range(1, len(menu.choices) + 1)) <= set(numbers), text
        assert menu.pass_action is None or "p pass" in text, text
        assert "is not a card" in rows[-1] or "is not a card" in rows[-2], text
        shortened += rows[-1].endswith("…") and "is not a card" in rows[-1]
    assert shortened  # the moments include some where the choices need every row the budget leaves
