"""Positions for tests, built from the keys of the position format only (interface.md), and the same position with
a hidden card exchanged (`exchange`), for the tests that nothing shown depends on a hand the screen hides."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

FAMILIES = "FABM"
DECK = Counter({f"{f}{v}": n for f in FAMILIES for v, n in enumerate((5, 4, 3, 2, 1))})  # R1.2


def card_order(name: str) -> tuple[int, int]:
    return (FAMILIES.index(name[0]), int(name[1]))


def position(*, hand0=(), hand1=(), area0=(), area1=(), street=(), stack=(), discard=(), rest="stack",
             exhaustions=0, start_player=0, to_move=0, passes=0) -> dict[str, Any]:
    """A 60-card start-of-turn position: named cards where named, the rest (sorted) in zone `rest`."""
    zones = {"hand0": list(hand0), "hand1": list(hand1), "area0": list(area0), "area1": list(area1),
             "street": list(street), "stack": list(stack), "discard": list(discard)}
    named: Counter[str] = Counter()
    for cards in zones.values():
        named.update(cards)
    assert not named - DECK, "test bug: more copies named than the game has"
    leftover = sorted((DECK - named).elements(), key=card_order)
    if rest == "areas":
        zones["area0"] += leftover[0::2]
        zones["area1"] += leftover[1::2]
    else:
        zones[rest] += leftover
    return {
        "players": [
            {"name": "Anna", "hand": zones["hand0"], "play_area": zones["area0"]},
            {"name": "Ben", "hand": zones["hand1"], "play_area": zones["area1"]},
        ],
        "street": zones["street"],
        "draw_stack": zones["stack"],
        "discard_pile": zones["discard"],
        "exhaustions": exhaustions,
        "start_player": start_player,
        "to_move": to_move,
        "passes": passes,
    }


def all_cards(position: dict[str, Any]) -> Counter[str]:
    """Every card of a position (or of a state with the same zones), wherever it lies: hands, play areas, the
    Street, the draw stack and the discard pile; a whole game holds `DECK` (R1.2)."""
    cards: Counter[str] = Counter()
    for player in position["players"]:
        cards.update(player["hand"])
        cards.update(player["play_area"])
    for zone in ("street", "draw_stack", "discard_pile"):
        cards.update(position[zone])
    return cards


def exchange(position: dict[str, Any], player: int) -> dict[str, Any] | None:
    """The same position with one card of `player`'s hand swapped for another kind from the draw stack.

    The card comes from the bottom of the stack, so that the next few draws are the same in both.
    """
    changed = copy.deepcopy(position)
    hand = changed["players"][player]["hand"]
    stack = changed["draw_stack"]
    for j in range(len(stack) - 1, -1, -1):
        for i, held in enumerate(hand):
            if stack[j].upper() != held.upper():
                hand[i], stack[j] = stack[j], held
                return changed
    return None
