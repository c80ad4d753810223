"""Positions for tests, built from the keys of the position format only (interface.md)."""

from __future__ import annotations

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
