"""Building positions and reading tables in engine tests, through the public API only."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from famiglia.engine import Game, Pass
from tests.positions import DECK, all_cards, position

ZEROS = ["F0", "A0", "B0", "M0"]
NO_ZERO_STREET = ["F1", "A2", "B3", "M1", "F2", "A1"]
REQUIRED_KEYS = ("players", "street", "draw_stack", "discard_pile", "exhaustions", "start_player", "to_move",
                 "passes")


def game(seed: int = 0, **kw: Any) -> Game:
    return Game.from_dict(position(**kw), seed=seed)


def legal(g: Game) -> set[str]:
    return {str(a) for a in g.legal_actions()}


def with_prefix(g: Game, prefix: str) -> set[str]:
    return {a for a in legal(g) if a.startswith(prefix)}


def hand(g: Game, p: int) -> Counter[str]:
    return Counter(g.to_dict()["players"][p]["hand"])


def area(g: Game, p: int) -> Counter[str]:
    return Counter(g.to_dict()["players"][p]["play_area"])


def street(g: Game) -> Counter[str]:
    return Counter(g.to_dict()["street"])


def play(g: Game, *actions: str) -> Game:
    for a in actions:
        g.apply(a)
        assert all_cards(g.to_dict()) == DECK
    return g


def snapshot(g: Game) -> tuple[dict[str, Any], list[str]]:
    """Everything observable: the full dict (mid-turn state included) and the legal actions."""
    return g.to_dict(), sorted(str(a) for a in g.legal_actions())


def random_moves(seed: int, *, pass_rate: float = 0.03):
    """Yield (game, action) along one random game, before each action is applied."""
    g = Game.new(seed=seed, names=("Anna", "Ben"))
    rng = random.Random(seed)
    while not g.is_over:
        acts = g.legal_actions()
        choices = [a for a in acts if not isinstance(a, Pass)] if rng.random() > pass_rate else acts
        a = rng.choice(choices or acts)
        yield g, a
        g.apply(a)
