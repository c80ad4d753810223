"""Determinization: one world the seat cannot tell from the real game, sampled from its view.

With the memory aid (R12.3) a seat knows every card's place except the order of the draw stack
(R12.2), so a world is the view plus one order of the stack: the counted cards in a random order,
with the cards known to lie at its bottom (R5.4) kept there. The engine builds the game
(`Game.from_view`); the reshuffle still to come (R9.2) gets its own seed from the same generator.

`common_worlds` samples the worlds every candidate of one decision is played out in (common random
numbers), from a seed made of what the view knows about the stack and nothing else: the steps of a
turn that draw nothing (an Accountant, a swap, a Brute, R6, R7) leave that knowledge as it was, so
the position after such a step meets the very worlds the position before it met.
"""

from __future__ import annotations

import random
from collections import Counter

from famiglia.engine import Card, Game, SeatView

from .seeding import derive_seed

__all__ = ["World", "common_worlds", "draw_text", "sample_stack", "sample_world"]

World = tuple[Game, int]  # a sampled game, and the seed of the playouts played in it


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


def draw_text(view: SeatView) -> str:
    """What `view` knows that decides the cards still to be drawn: the stack's counts and known bottom (R5.4,
    R12.3), the discard pile that the first exhaustion shuffles into a new stack (R9.2), and the exhaustions."""
    counts = view.draw_stack_counts
    if counts is None:
        raise ValueError("the search player needs the view with the memory aid: game.view(seat, memory=True)")
    return (" ".join(f"{c}:{n}" for c, n in sorted(counts.items(), key=lambda item: item[0].index) if n)
            + f" | bottom {' '.join(c.name for c in view.stack_bottom)}"
            + f" | discard {' '.join(c.name for c in view.discard_pile)} | exhaustions {view.exhaustions}")


def common_worlds(view: SeatView, seed: int | str | None, count: int) -> list[World]:
    """`count` worlds for the candidates of one decision, the same for every view with the same `draw_text`.

    The first n of them are the same whatever `count` is, so a candidate rated on fewer worlds was rated
    on the first of the others' worlds.
    """
    text = draw_text(view)
    rng = random.Random(derive_seed("worlds", seed, text))
    return [(sample_world(view, rng), derive_seed("playout", seed, text, i)) for i in range(count)]
