"""Round trips: a game saved after every action and read back is the live game, at every moment.

Seeded random sittings are played through the session with its autosave; after each action the file
on disk is read (parsed and replayed through the engine) and compared with the live game: the whole
position, the legal actions, whose turn it is. Resuming from the file gives the same game, and undo
after the resume reaches back exactly as far as the live game's undo.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from famiglia.persistence import Record, Store, read_record
from famiglia.tui.model.playing import undo
from famiglia.tui.model.saving import Autosave, resume_session
from famiglia.tui.model.session import Screen, Session
from tests.drivers.session import at_table, moments, new_session

GAMES = int(os.environ.get("FAMIGLIA_ROUND_TRIPS", "8"))


def legal(game: object) -> list[str]:
    return sorted(str(a) for a in game.legal_actions())  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", range(GAMES))
def test_the_saved_file_is_the_live_game_after_every_action(seed: int) -> None:
    session = new_session(seed, confirm=seed % 2 == 0)
    saver = Autosave.attach(session)
    rng = random.Random(seed)
    checked = 0
    for live in moments(session, rng, undo_every=7):
        assert saver.path is not None and live.game is not None
        record = read_record(saver.path)
        game = record.game()
        assert game.to_dict() == live.game.to_dict()
        assert legal(game) == legal(live.game)
        assert [str(m.action) for m in record.moves] == [str(a) for a in live.history]
        assert game.is_over == live.game.is_over
        checked += 1
    assert session.screen is Screen.END and checked > 10 and saver.path is not None
    final = read_record(saver.path)
    result = session.game.result() if session.game else None
    assert final.game().result() == result
    assert f'"winner": {result.winner if result and result.winner is not None else "null"}' in \
        saver.path.read_text(encoding="utf-8")


def undo_all(session: Session) -> list[dict[str, object]]:
    """Undo until nothing is left to undo; the positions on the way (the first one before any undo)."""
    assert session.game is not None
    seen = [session.game.to_dict()]
    while session.can_undo:
        undo(session)
        seen.append(session.game.to_dict())
    return seen


@pytest.mark.parametrize("seed", range(GAMES))
def test_a_resumed_game_is_the_same_game_and_undoes_as_far_as_the_live_one(seed: int, tmp_path: Path) -> None:
    session = new_session(100 + seed, confirm=False)
    saver = Autosave.attach(session)
    rng = random.Random(seed)
    resumed_at = 0
    for live in moments(session, rng):
        if rng.random() > 0.15 or live.screen is not Screen.TABLE or saver.path is None:
            continue
        record = read_record(saver.path)
        again = resume_session(record, store=Store(tmp_path / f"copy-{resumed_at}"), handoff_guard=0)
        assert again.screen is Screen.HANDOFF  # no hand before its owner sits down
        assert again.game is not None and live.game is not None
        assert again.game.to_dict() == live.game.to_dict()
        at_table(again)
        assert undo_all(again) == undo_all(live)
        resumed_at += 1
    assert resumed_at > 2


def test_same_future_reshuffles_after_a_resume() -> None:
    """The generator's state travels in the record: a resumed game draws what the live game draws (R9.2)."""
    session = new_session(21, confirm=False)
    saver = Autosave.attach(session)
    rng = random.Random(5)
    for _ in moments(session, rng, limit=40):
        pass
    assert saver.path is not None and session.game is not None
    live = session.game.copy()
    again = Record.loads(saver.path.read_text(encoding="utf-8")).game()
    play = random.Random(9)
    while not live.is_over:
        action = play.choice(live.legal_actions())
        live.apply(action)
        again.apply(action)
        assert again.to_dict() == live.to_dict()
