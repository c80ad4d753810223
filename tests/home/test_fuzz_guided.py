"""A seeded key fuzzer through the guided game's application: random chunks of keys, pastes and odd Unicode,
with the easy computer playing its seat at once, at sizes from too small to wide.

After every chunk the application must still run (no handler, lesson box or drawing may raise), the
screen must have been drawn, and the lesson box must stand inside the rows above the input line. A
chunk that leaves (Ctrl-C twice, `q` `y`) ends the application; the next chunk plays the guided game
on from its record, as `famiglia learn` does. Every record the keys left reads back.
`FAMIGLIA_FUZZ_CHUNKS=2000` runs more.
"""

from __future__ import annotations

import os
import random

import pytest

from famiglia.ai import player
from famiglia.persistence import Record, Store
from famiglia.profile.guided_deal import is_guided
from famiglia.tui.model.home.guided import guided_session
from famiglia.tui.model.saving import Autosave
from famiglia.tui.shell.app import run_app
from famiglia.tui.shell.computer import Computer
from famiglia.tui.shell.guided import build_guided_app
from tests.drivers.app import Keys, drive

pytestmark = pytest.mark.slow

CHUNKS = int(os.environ.get("FAMIGLIA_FUZZ_CHUNKS", "120"))
KEYS = ("\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D", "\t", "\x1b", "\r", "\r", "\r", "\x7f", "\x1b[5~", "\x1b[6~", "\x03",
        "\x1a", "\x15", "\x04")
LETTERS = "0123456789?pshuglcqnya x"
ODD = "²③\u0661\u200f😀"
SIZES = ((80, 24), (100, 30), (140, 40), (60, 20), (80, 25))


def _chunk(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.04:
        return "\x1b[200~" + rng.choice("take F1 pay M2 keep F0²😀") * rng.randint(1, 400) + "\x1b[201~"
    if kind < 0.10:
        return rng.choice(("take B0", "pass", "refresh F1", "brute B1 F4 -1")) + "\r"
    return "".join(rng.choice(KEYS) if rng.random() < 0.5 else rng.choice(LETTERS + ODD)
                   for _ in range(rng.randint(1, 5)))


def test_random_keys_never_break_the_guided_game() -> None:
    rng = random.Random(2027)
    store = Store()
    sittings = 0
    left = [CHUNKS]
    while left[0] > 0:
        _sitting(store, rng, left)
        sittings += 1
    assert sittings >= 1
    for entry in store.entries():
        assert entry.record is not None and Record.loads(entry.record.dumps()) == entry.record


def _sitting(store: Store, rng: random.Random, left: list[int]) -> None:
    """One sitting of the guided game (played on from its record, if one is unfinished) that random chunks go
    into, until it ends or `left[0]` chunks are used up."""
    saved = [e for e in store.entries() if e.record is not None and is_guided(e.record)
             and not e.record.game().is_over]
    if saved:
        session, guide = guided_session(record=saved[0].record, store=store, path=saved[0].path)
        Autosave.attach(session, store, record=saved[0].record, path=saved[0].path)
    else:
        session, guide = guided_session("Anna")
        Autosave.attach(session, store)
    columns, rows = rng.choice(SIZES)
    computer = Computer(session, make_player=lambda level, seed: player(level, seed=seed), pace=0)

    async def script(k: Keys[int]) -> None:
        while left[0] > 0 and not k.task.done():
            left[0] -= 1
            drawn = await k.burst(_chunk(rng), patience=3)
            if k.task.done():
                break
            assert drawn, "the screen was not drawn again"
            placed = k.app.layout.container.floats[0]  # type: ignore[attr-defined]
            assert placed.top is not None and 0 <= placed.top <= rows - 1

    drive(lambda pipe, terminal: build_guided_app(session, guide, input=pipe, output=terminal, computer=computer),
          script, runner=lambda app: run_app(app, session), columns=columns, rows=rows, unfinished=0)
    for hook in session.on_action:
        if isinstance(hook, Autosave):
            hook.close(session)
