"""From `famiglia replay`: at a marked decision, t puts it into training at once and c plays on from the position
before it against the computer, as a new game whose record says where it came from; elsewhere both keys say why
they do nothing. The replay is driven through `famiglia.commands.replay.replay` with its keys pressed as the
bindings give them."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from famiglia.commands.replay import replay
from famiglia.commands.train import train
from famiglia.persistence import Record, RecordError, Store
from famiglia.persistence.schedule import load_schedule, save_schedule
from famiglia.phrasebook.catalogue import catalogue_for, speaking
from famiglia.tui.model.replay import REPLAY_COMMANDS, Replay, replay_key_line
from famiglia.tui.model.training import Training
from tests.drivers.training import saved_game


def _replayed(monkeypatch: pytest.MonkeyPatch, script: Callable[[Replay], None]) -> tuple[int, list[str]]:
    """`famiglia replay 1` with `script` pressing the keys; the games `c` went on to play."""
    played: list[str] = []

    def shell(record: Record, **given: Any) -> int:
        session = Replay(record, analysis=given["analysis"], note=given["note"])
        session.to_train, session.to_play_on = given["to_train"], given["to_play_on"]
        script(session)
        return session.exit_code

    monkeypatch.setattr("famiglia.tui.shell.replay.run_replay", shell)
    monkeypatch.setattr("famiglia.commands.resume.resume", lambda id, **_: played.append(id) or 0)
    return replay("1"), played


def _press(session: Replay, *keys: str) -> None:
    for key in keys:
        REPLAY_COMMANDS.press(session, key)


def test_t_at_a_marked_decision_puts_it_into_training_due_now(monkeypatch: pytest.MonkeyPatch) -> None:
    saved_game()
    said: list[str | None] = []
    marked: list[str] = []

    def script(session: Replay) -> None:
        _press(session, "t")
        said.append(session.message)  # the deal: no marked decision
        _press(session, "m")
        decision = session.marked_decision()
        assert decision is not None
        marked.append(f"1:{decision.move}")
        key = marked[0]
        card = load_schedule(Store().root).cards.get(key)
        if card is not None:  # learned: it rests, and t brings it back
            save_schedule(Store().root, {key: replace(card, streak=3, due=None)})
        _press(session, "t")
        said.append(session.message)
        _press(session, "q")

    code, played = _replayed(monkeypatch, script)
    assert code == 0 and not played
    assert said[0] is not None and "marked decision" in said[0] and "m goes to the next" in said[0]
    assert said[1] is not None and "Put into training" in said[1]
    card = load_schedule(Store().root).cards[marked[0]]
    assert not card.learned and card.streak == 0 and card.due is not None
    sessions: list[Training] = []
    monkeypatch.setattr("famiglia.tui.shell.training.run_training", lambda t, colour: sessions.append(t) or 0)
    assert train() == 0 and marked[0] in [e.key for e in sessions[-1].queue]


def test_c_at_a_marked_decision_plays_on_against_the_computer_as_a_new_game(monkeypatch: pytest.MonkeyPatch) -> None:
    _, original = saved_game()
    seen: list[int] = []

    def script(session: Replay) -> None:
        _press(session, "c")
        assert session.message is not None and "c acts at a marked decision" in session.message and not session.done
        _press(session, "m")
        decision = session.marked_decision()
        assert decision is not None and decision.player == 0
        seen.append(decision.move)
        _press(session, "c")

    code, played = _replayed(monkeypatch, script)
    assert code == 0 and played == ["2"]
    path, record = Store().find("2")
    assert record.origin is not None and (record.origin.game, record.origin.move) == ("1", seen[0])
    assert [m.action for m in record.moves] == [m.action for m in original.moves[:seen[0]]]
    assert record.seats == ("human", "cpu:easy") and record.players == ("Anna", "cpu:easy")
    assert not record.game().is_over
    data = json.loads(path.read_text())
    assert data["version"] == 1 and data["origin"] == {"game": "1", "move": seen[0]}


def test_a_record_without_an_origin_still_loads_and_a_wrong_one_is_refused() -> None:
    path, _ = saved_game()
    data = json.loads(path.read_text())
    assert "origin" not in data and Record.from_json(data).origin is None
    for wrong in ({"game": "1"}, {"game": "../x", "move": 1}, {"game": "1", "move": -1}, "1", {"move": True}):
        with pytest.raises(RecordError, match=r"origin|id must be"):
            Record.from_json({**data, "origin": wrong})


@pytest.mark.parametrize("language", ["en", "it", "de"])
def test_the_keys_are_in_the_replays_one_table_in_every_language(language: str) -> None:
    _, record = saved_game()
    with speaking(catalogue_for(language)):
        line = replay_key_line()
        session = Replay(record)
        _press(session, "t")
        why = session.message
    assert ("t: train it" in line) == (language == "en") and line.count("t:") + line.count("c:") >= 2
    assert why is not None and (("no analysis" in why) == (language == "en"))
