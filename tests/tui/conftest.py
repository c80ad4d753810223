"""Shared fixtures for the screen tests: no colour settings leak in, and renderables become plain text.

What is drawn is asserted from rich's plain-text render at a fixed width (`tests.drivers.terminal`), never
from escape bytes.
Positions are built from the keys of the position format only, like the engine's own tests.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from famiglia.engine import Game
from tests.drivers.terminal import render_text
from tests.positions import position


@pytest.fixture(autouse=True)
def _no_colour_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rich reads these from the environment; the tests set what they need themselves."""
    for name in ("NO_COLOR", "FORCE_COLOR", "TERM", "COLUMNS", "LINES", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def plain() -> Callable[..., str]:
    return render_text


@pytest.fixture
def game() -> Callable[..., Game]:
    """Build a game from a position described as in `position`."""

    def build(seed: int = 0, **kw: Any) -> Game:
        return Game.from_dict(position(**kw), seed=seed)

    return build


def random_moments(seed: int, *, limit: int = 400) -> Iterator[Game]:
    """Every moment of one seeded game played with random legal actions (passes made rare), to its end."""
    rng = random.Random(seed)
    g = Game.new(seed=seed, names=("Anna", "Ben"))
    for _ in range(limit):
        yield g
        if g.is_over:
            return
        actions = g.legal_actions()
        others = [a for a in actions if str(a) != "pass"]
        g.apply(rng.choice(others) if others and rng.random() < 0.95 else rng.choice(actions))


@pytest.fixture
def moments() -> Callable[..., Iterator[Game]]:
    return random_moments
