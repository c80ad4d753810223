"""Nothing drawn during a turn or at the handoff depends on a hand the screen must not show (R12.2).

At every moment of several seeded games, two sessions are set up on games that differ only in a
hidden hand: one card of it exchanged with a card of another kind from the face-down draw stack.
The full text of the screen each session would draw must be the same: the handoff (neither hand may
show), the table of the player to move (the opponent's hand may not show), every level of the action
picker, and the screen after the next action (the table again, or after a take or pass the mover's
table with the question to confirm it, then the handoff).
The text is `compose`, exactly what the main window shows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from famiglia.engine import Game
from famiglia.tui.model import playing
from famiglia.tui.model.session import Screen, Session
from famiglia.tui.view.compose import compose, prompt_text
from tests.positions import exchange

pytestmark = pytest.mark.slow

SIZES = ((80, 23), (124, 39))  # the main area of an 80x24 and a 124x40 terminal


def session_on(position: dict[str, Any], seed: int) -> Session:
    return Session.resume(Game.from_dict(position, seed=seed), handoff_guard=0)


def screens(session: Session) -> list[str]:
    return [compose(session, w, h, plain=True) + "\n" + prompt_text(session) for w, h in SIZES]


def assert_same(a: Session, b: Session, what: str) -> None:
    assert a.screen is b.screen, what
    for left, right in zip(screens(a), screens(b), strict=True):
        assert left == right, f"{what}: the screen depends on a hidden hand\n{left}\n---\n{right}"


def reveal(*sessions: Session) -> None:
    for s in sessions:
        s.drawn()
        s.reveal()


def walk_the_picker(a: Session, b: Session, what: str) -> None:
    """Every group of the top menu, opened in both sessions."""
    menu = a.menu()
    assert menu is not None
    for choice in menu.choices:
        if choice.action is None:
            playing.choose(a, choice.number)
            playing.choose(b, choice.number)
            assert_same(a, b, f"{what}, picker at {choice.path}")
            playing.back(a)
            playing.back(b)


@pytest.mark.parametrize("seed", [2, 5, 13])
def test_no_screen_depends_on_a_hidden_hand(seed: int, moments: Callable[..., Iterator[Game]]) -> None:
    checked = handoffs = 0
    for step, g in enumerate(moments(seed)):
        if g.is_over:
            break
        position = g.to_dict()
        mover = g.to_move
        what = f"seed {seed}, moment {step}"
        if "turn" not in position:  # the start of a turn: the handoff shows neither hand
            both = exchange(position, mover)
            both = exchange(both, 1 - mover) if both is not None else None
            if both is not None:
                a, b = session_on(position, seed), session_on(both, seed)
                assert_same(a, b, f"{what}, handoff")
        other = exchange(position, 1 - mover)
        if other is None:
            continue
        a, b = session_on(position, seed), session_on(other, seed)
        reveal(a, b)
        assert_same(a, b, f"{what}, table")
        if step % 3 == 0:
            walk_the_picker(a, b, what)
        legal = g.legal_actions()
        action = legal[step % len(legal)]
        a.play(action)
        b.play(action)
        if a.ending is not None:  # a take or pass: the mover's own table asks to confirm it first
            if a.game is not None and b.game is not None and a.game.view(None) == b.game.view(None):
                assert_same(a, b, f"{what}, confirming {action}")
            playing.submit(a, "")
            playing.submit(b, "")
        if a.screen is Screen.END:
            continue  # the scoring shows both hands (R11.1)
        if a.game is not None and b.game is not None and a.game.view(None) == b.game.view(None):
            # The table after a refresh, Accountant or Brute, or the handoff after a take or pass
            # (not the next table: that shows the hand that differs). A draw may reach the exchanged card.
            assert_same(a, b, f"{what}, after {action}")
            handoffs += a.screen is Screen.HANDOFF
        checked += 1
    assert checked > 50 and handoffs > 10


def test_the_exchange_really_changes_a_hidden_hand(moments: Callable[..., Iterator[Game]]) -> None:
    g = next(iter(moments(2)))
    position = g.to_dict()
    other = exchange(position, 1 - g.to_move)
    assert other is not None
    a, b = session_on(position, 2), session_on(other, 2)
    reveal(a, b)
    assert a.game is not None and b.game is not None
    opponent = 1 - g.to_move
    assert a.game.view(opponent).hand != b.game.view(opponent).hand
    a.memory_aid = b.memory_aid = True  # the memory aid shows the tracked hand: then the screens differ
    assert screens(a) != screens(b)
