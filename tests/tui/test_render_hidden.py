"""R12.2 as a property of the screen: nothing drawn depends on the hand of the player not to move.

At every moment of many seeded games, the table of the player to move and the public handoff screen
are drawn twice: once for the real game and once for a game with the same public state in which the
other player holds different cards (swapped with cards of the draw stack, whose order nobody sees).
The two drawings must be identical, character for character.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from famiglia.engine import Game
from famiglia.tui.view.handoff import render_handoff
from famiglia.tui.view.table import render_table

pytestmark = pytest.mark.slow

GAMES = 30


def other_hidden_hand(position: dict[str, Any]) -> dict[str, Any] | None:
    """The same position with the hand of the player not to move changed, or None if nothing can change.

    Each card of that hand is swapped with a card of another kind from the draw stack; the hand size,
    the draw stack size and the 60 cards stay as they were.
    """
    changed = dict(position)
    other = 1 - position["to_move"]
    players = [dict(p) for p in position["players"]]
    hand, stack = list(players[other]["hand"]), list(position["draw_stack"])
    used: set[int] = set()
    for i, held in enumerate(hand):
        for j, hidden in enumerate(stack):
            if j not in used and hidden != held:
                hand[i], stack[j] = hidden, held
                used.add(j)
                break
    if not used:
        return None
    players[other]["hand"] = hand
    changed["players"] = players
    changed["draw_stack"] = stack
    return changed


def both_worlds(g: Game) -> tuple[Game, Game] | None:
    position = g.to_dict()
    changed = other_hidden_hand(position)
    if changed is None:
        return None
    return Game.from_dict(position, seed=1), Game.from_dict(changed, seed=1)


def test_R12_2_nothing_drawn_depends_on_the_hand_of_the_player_not_to_move(
        moments: Callable[..., Iterator[Game]], plain: Callable[..., str]) -> None:
    checked = turn_starts = 0
    for seed in range(GAMES):
        for g in moments(seed):
            if g.is_over:
                continue
            worlds = both_worlds(g)
            if worlds is None:  # R9: after the second exhaustion there is no draw stack to swap with
                continue
            real, other = worlds
            mover = g.to_move
            seen = g.view(mover)
            views = [dataclasses.replace(w.view(mover), this_turn=seen.this_turn, last_turn=seen.last_turn)
                     for w in worlds]
            assert views[0].hand == views[1].hand
            assert sorted(real.to_dict()["players"][1 - mover]["hand"]) != sorted(
                other.to_dict()["players"][1 - mover]["hand"])
            assert plain(render_table(views[0], width=80)) == plain(render_table(views[1], width=80))
            checked += 1
            if not seen.this_turn:  # a turn starts: the handoff is drawn just before it
                turn_starts += 1
                public = [dataclasses.replace(w.view(None), last_turn=seen.last_turn) for w in worlds]
                assert plain(render_handoff(public[0], width=80)) == plain(render_handoff(public[1], width=80))
                if seed % 3 == 0:  # the other sizes the app draws, on a third of the games (rendering is slow)
                    assert plain(render_handoff(public[0], width=80, height=24)) == plain(
                        render_handoff(public[1], width=80, height=24))
                    assert plain(render_table(views[0], width=80, height=17)) == plain(
                        render_table(views[1], width=80, height=17))
                    assert plain(render_table(views[0], width=124, height=30), 124) == plain(
                        render_table(views[1], width=124, height=30), 124)
    assert checked > 1000 and turn_starts > 300


def test_the_hidden_hand_test_would_see_a_leak_memory_aid_shows_the_other_hand(
        game: Callable[..., Game], plain: Callable[..., str]) -> None:
    g = game(hand0=["F1", "A1"], hand1=["F4", "A4"], street=["F0", "A2", "B3", "M1", "F2", "B1"])
    real, other = both_worlds(g) or (g, g)
    assert real is not other
    drawn = [plain(render_table(w.view(0, memory=True), width=80, memory_aid=True)) for w in (real, other)]
    assert drawn[0] != drawn[1]
    assert "F4♥" in drawn[0] and "A4♦" in drawn[0]
