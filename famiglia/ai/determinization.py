"""Determinization: one world the seat cannot tell from the real game, sampled from its view.

With the memory aid (R12.3) a seat knows every card's place except the order of the draw stack
(R12.2), so a world is the view plus one order of the stack: the counted cards in a random order,
with the cards known to lie at its bottom (R5.4) kept there. The engine builds the game
(`Game.from_view`); the reshuffle still to come (R9.2) gets its own seed from the same generator.
"""

from __future__ import annotations

import random
from collections import Counter

from famiglia.engine import Card, Game, SeatView

__all__ = ["sample_stack", "sample_world"]


def sample_stack(view: SeatView, rng: random.Random) -> list[Card]:
    """A draw stack order (top first) consistent with `view`: the unknown cards shuffled, the known bottom kept."""
    if view.draw_stack_counts is None:
        raise ValueError("the search player needs the view with the memory aid: game.view(seat, memory=True)")
    unknown = Counter(view.draw_stack_counts)
    unknown.subtract(view.stack_bottom)
    # Sorted before shuffling, so the sample depends on the counts alone, never on the order they came in.
    cards = sorted(unknown.elements(), key=_index)
    rng.shuffle(cards)
    return cards + list(view.stack_bottom)


def sample_world(view: SeatView, rng: random.Random) -> Game:
    """A full game equal to the real one as far as `view` can tell, with a sampled stack order."""
    return Game.from_view(view, sample_stack(view, rng), seed=rng.getrandbits(64))


def _index(c: Card) -> int:
    return c.index
