"""A seeded key fuzzer through the home screen's application: random chunks of keys, pastes and odd Unicode.

After every chunk the application must still run (no handler or drawing may raise) and the screen must
have been drawn; a chunk that chooses something ends the application, and the next one starts a fresh
home screen, as the loop of `famiglia` does. `FAMIGLIA_FUZZ_CHUNKS=20000` runs more.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from famiglia.commands import home as home_command
from famiglia.persistence import Store
from famiglia.profile.seats import HUMAN
from famiglia.profile.settings import load
from famiglia.tui.shell.home import build_home_app, run_home_app
from tests.drivers.app import Keys, drive

from .helpers import play, save, stamp

pytestmark = pytest.mark.slow

CHUNKS = int(os.environ.get("FAMIGLIA_FUZZ_CHUNKS", "400"))
KEYS = ("\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D", "\t", "\x1b", "\r", "\x7f", "\x1b[5~", "\x1b[6~", "\x1b[H", "\x1b[F",
        "\x1b[3~", "\x1bOP", "\x1a", "\x15", "\x04")
LETTERS = "123456789?lrdynq xé"
ODD = "²③\u0661\uff19\u200f\u202e😀,"


def _chunk(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.05:
        return "\x1b[200~" + rng.choice("Anna, Ben²😀") * rng.randint(1, 3000) + "\x1b[201~"
    if kind < 0.08:
        return "9" * rng.randint(2, 300)
    return "".join(rng.choice(KEYS) if rng.random() < 0.4 else rng.choice(LETTERS + ODD)
                   for _ in range(rng.randint(1, 6)))


def test_random_keys_never_break_the_home_screen() -> None:
    save(play(1, actions=None), at=stamp(1))
    save(play(2, actions=25, seats=(HUMAN, "cpu:easy"), names=("Anna", "Computer (easy)")), at=stamp(2))
    rng = random.Random(2026)
    outcomes: list[Any] = []
    left = [CHUNKS]
    while left[0] > 0:
        outcomes.append(_sitting(rng, left))
    assert outcomes
    assert load().problem is None  # whatever the keys wrote is a settings file that reads back


def _sitting(rng: random.Random, left: list[int]) -> Any:
    """One home screen that random chunks go into, until it ends or `left[0]` chunks are used up; its result."""
    home = home_command._home(Store())

    async def script(k: Keys[Any]) -> None:
        while left[0] > 0 and not k.task.done():
            left[0] -= 1
            assert await k.burst(_chunk(rng), patience=2), "the screen was not drawn again"
            assert home.pages

    return drive(lambda pipe, terminal: build_home_app(home, input=pipe, output=terminal), script,
                 runner=run_home_app, columns=rng.choice((80, 60, 120)), rows=rng.choice((24, 12)))
