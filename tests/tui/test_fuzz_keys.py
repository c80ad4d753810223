"""A seeded key fuzzer: random chunks of keys into the running application, over several seeded games.

The chunks mix what a player's fingers and a terminal can send: printable keys (the game's own
letters often), raw escape sequences (mouse reports, unknown ones) and control keys, Unicode
digits that `str.isdigit` accepts and `int` does not, escape sequences
(arrows, Tab, Esc, Page Up/Down, Home, End, Ctrl-C, Ctrl-Z, Ctrl-U, Enter, Backspace), pastes of
5,000 characters, huge numbers, legal actions in notation (so games move on to their end), and
now and then a terminal made too small and back. After every chunk the application must still run
(no handler or drawing may raise), and the game must hold its 60 cards (R1) and read back from its
own position. A quit answered `y` ends that application; the next game starts a new one.

A few hundred chunks run in CI; `FAMIGLIA_FUZZ_CHUNKS=20000` runs more.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Awaitable, Callable

import pytest
from prompt_toolkit.data_structures import Size

from famiglia.engine import Game
from famiglia.tui.model.session import Screen, Session
from tests.drivers.app import Player, play
from tests.drivers.terminal import Terminal
from tests.positions import all_cards

pytestmark = pytest.mark.slow

CHUNKS = int(os.environ.get("FAMIGLIA_FUZZ_CHUNKS", "240"))
GAMES = 4

KEYS = ("\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D", "\t", "\x1b", "\x03", "\x1a", "\x15", "\r", "\x7f",
        "\x1b[5~", "\x1b[6~", "\x1b[H", "\x1b[F", "\x04")
LETTERS = "pulgcqny?123456789 0abrstfkm"
# Raw escape sequences a terminal may send although mouse support is off (mouse reports, unknown CSI, function
# keys) and control keys the game does not use (Ctrl-Q's quoted insert among them): ignored on every screen.
RAW = ("\x1b[1;2m", "\x1b[Mc!!", "\x1b[M\x80\x81\x82", "\x1b[1;2;3;4M", "\x1b[;;M", "\x1b[<0;1;2M", "\x1b[<64;9;9M",
       "\x1b[99~", "\x1b[1;5P", "\x1bOP", "\x1b[15~", "\x1b[Z", "\x1b[I", "\x1b[O", "\x1b[?1;2c", "\x1b]0;x\x07",
       *(chr(c) for c in range(1, 32) if chr(c) not in "\x03\x04\r\x1b"))
RAW_SENT: Counter[str] = Counter()  # where raw input was sent: each screen and overlay must be among them
ODD_DIGITS = "²³①⑨\u0661\u0663\u0669\uff19\uff10\u07c1\U0001d7d9"  # Arabic-Indic, full-width, NKo, maths


def chunk(rng: random.Random, session: Session) -> str:
    """One burst of keys, as a player or a terminal might send them."""
    kind = rng.random()
    if kind < 0.25 and session.game is not None and session.screen is Screen.TABLE and not session.game.is_over:
        legal = session.game.legal_actions()
        return str(rng.choice(legal)) + "\r" + rng.choice(("", "\r", "u", "\x1b"))  # an action, then confirm or not
    if kind < 0.35:
        return "\r"
    if kind < 0.40:
        return "\x1b[200~" + rng.choice("9²xF ") * 5000 + "\x1b[201~" + rng.choice(("\r", ""))  # a paste
    if kind < 0.45:
        return rng.choice(("9" * rng.randint(5, 5000), "-" + "0" * 4301 + "1", "brute B2 F4 -²")) + "\r"
    if kind < 0.57:
        overlay = session.overlay.value if session.overlay is not None else "none"
        RAW_SENT[f"{session.screen.value}/{overlay}"] += 1
        return "".join(rng.choice(RAW) for _ in range(rng.randint(1, 4)))
    return "".join(_key(rng) for _ in range(rng.randint(1, 8)))


def _key(rng: random.Random) -> str:
    """One key: an escape sequence or control key, a letter, or an odd digit."""
    pick = rng.random()
    return rng.choice(KEYS if pick < 0.4 else LETTERS if pick < 0.85 else ODD_DIGITS)


def assert_whole(game: Game) -> None:
    """The game's invariants: all 60 cards somewhere (R1), and a position that reads back."""
    position = game.to_dict()
    assert sum(all_cards(position).values()) == 60, position
    assert Game.from_dict(position, seed=game.seed).to_dict() == position


def fuzz_game(seed: int, chunks: int) -> int:
    """Feed `chunks` random chunks to applications of one seeded sitting; how many games were started."""
    rng = random.Random(seed)
    started = 0
    left = [chunks]
    while left[0] > 0:
        session = Session(names=("Anna", "Ben"), seed=seed * 100 + started, handoff_guard=0,
                          confirm=rng.random() < 0.7, memory_aid=rng.random() < 0.3)
        started += 1
        columns, rows = rng.choice(((80, 24), (100, 30), (130, 40)))
        result = play(session, _fuzzing(session, rng, left), columns=columns, rows=rows)  # raises what ended it
        assert result in (-1, 0, session.exit_code)  # -1: still running when the chunks were used up
    return started


def _fuzzing(session: Session, rng: random.Random, left: list[int]) -> Callable[[Player], Awaitable[None]]:
    """Random chunks into one application until it ends or `left[0]` chunks are used up."""

    async def script(p: Player) -> None:
        terminal = p.app.output
        assert isinstance(terminal, Terminal)
        while left[0] > 0 and not p.task.done():
            left[0] -= 1
            if rng.random() < 0.02:  # the window is made too small, or back
                terminal.size = Size(rows=rng.choice((20, 24, 30)), columns=rng.choice((70, 80, 100)))
                p.app.invalidate()
            await p.burst(chunk(rng, session))  # some keys draw nothing (a paste at the handoff is dropped unseen)
            if session.game is not None:
                assert_whole(session.game)

    return script


def test_random_keys_never_break_the_game() -> None:
    per_game = max(1, CHUNKS // GAMES)
    started = 0
    for seed in range(1, GAMES + 1):
        started += fuzz_game(seed, per_game)
    assert started >= GAMES
    screens = {where.partition("/")[0] for where in RAW_SENT}
    overlays = {where.partition("/")[2] for where in RAW_SENT} - {"none"}
    assert {"handoff", "table"} <= screens and overlays, RAW_SENT  # raw input reached every kind of screen


@pytest.mark.parametrize("language", ["it", "de"])
def test_random_keys_never_break_the_game_in_each_language(language: str) -> None:
    """The same fuzzer in Italian and German: every message, refusal and screen said from the catalogue."""
    from famiglia.phrasebook.catalogue import catalogue_for, speaking

    with speaking(catalogue_for(language)):
        assert fuzz_game(GAMES + 1, max(1, CHUNKS // GAMES)) >= 1
