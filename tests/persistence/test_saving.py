"""Autosave in a sitting: every action saved before the screen shows it, a warning where it cannot be.

The session is driven through its verbs (as the keys do). A folder that cannot be made or a full
disk gives one warning on the message line and play goes on; once saving works again the file is
the live game. A new game of the same sitting gets a file of its own; a crash saves even an
untouched deal; a record from outside the data directory is played on in a new file of its own.
"""

from __future__ import annotations

import errno
import json
import random
from pathlib import Path

import pytest

from famiglia.engine import Step
from famiglia.persistence import Store, read_record
from famiglia.persistence.store import Store as StoreClass
from famiglia.tui.model import playing
from famiglia.tui.model.saving import Autosave, crash_save, resume_session
from famiglia.tui.model.session import Screen
from tests.drivers.session import at_table, moments, new_session, step
from tests.persistence.helpers import home
from tests.persistence.records import given_name, write


def test_nothing_is_written_before_the_first_action_and_then_every_action_is() -> None:
    session = new_session(4)
    saver = Autosave.attach(session)
    assert saver.path is None and not home().exists()
    at_table(session)
    assert session.game is not None
    action = session.game.legal_actions()[0]
    session.play(action)
    path = home() / "game-1.json"
    assert saver.path == path
    assert [m["action"] for m in json.loads(path.read_text())["actions"]] == [str(action)]
    assert Autosave.attach(session) is saver  # one autosave per session


def test_the_save_happens_before_the_screen_changes() -> None:
    """The hook runs inside `play`: when it saves a take, the session has not yet moved on."""
    session = new_session(4, confirm=False)
    Autosave.attach(session)
    seen: list[tuple[Screen, int]] = []
    session.on_action.append(lambda s, a: seen.append((s.screen, len(read_record(home() / "game-1.json").moves))))
    at_table(session)
    assert session.game is not None
    take = next(a for a in session.game.legal_actions() if a.step is Step.TAKE)
    session.play(take)
    assert seen == [(Screen.TABLE, 1)] and session.screen is Screen.HANDOFF


def test_a_folder_that_cannot_be_made_warns_once_and_play_goes_on(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("FAMIGLIA_HOME", str(blocker / "famiglia"))
    session = new_session(6, confirm=False)
    saver = Autosave.attach(session)
    assert not saver.check(session)  # before play: the warning is on the first screen
    assert session.message is not None and "cannot be saved" in session.message.text
    rng = random.Random(1)
    warnings = 0
    for live in moments(session, rng, limit=30):
        if live.message is not None and "cannot be saved" in live.message.text:
            warnings += 1
    assert warnings == 0 and saver.path is None and saver.hint() is None
    assert session.history  # the game went on


@pytest.mark.parametrize("confirm", [True, False])
def test_a_save_that_fails_during_play_is_said_once_where_it_is_seen(monkeypatch: pytest.MonkeyPatch,
                                                                     tmp_path: Path, confirm: bool) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("FAMIGLIA_HOME", str(blocker / "famiglia"))
    session = new_session(6, confirm=confirm)
    Autosave.attach(session)
    rng = random.Random(1)
    seen = 0
    for live in moments(session, rng, limit=30):
        if live.message is not None and "cannot be saved" in live.message.text:
            assert live.message.style == "warning" and "play goes on unsaved" in live.message.text
            seen += 1
    assert seen == 1


def test_a_full_disk_warns_and_the_game_is_saved_again_once_there_is_room(monkeypatch: pytest.MonkeyPatch) -> None:
    session = new_session(8, confirm=False)
    saver = Autosave.attach(session)
    rng = random.Random(2)
    for _ in moments(session, rng, limit=5):
        pass
    real = StoreClass._write_temp

    def full(self: Store, text: str) -> Path:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(StoreClass, "_write_temp", full)
    for _ in range(6):  # a turn that ends at once clears the line: the next action says it again
        assert step(session, rng)
        if session.message is not None and "No space left on device" in session.message.text:
            break
    else:
        raise AssertionError("no warning on the screen")
    monkeypatch.setattr(StoreClass, "_write_temp", real)
    assert step(session, rng) and step(session, rng)
    assert saver.path is not None and session.game is not None
    assert read_record(saver.path).game().to_dict() == session.game.to_dict()


def test_a_new_game_of_the_same_sitting_gets_a_file_of_its_own() -> None:
    session = new_session(2, confirm=False)
    saver = Autosave.attach(session)
    for _ in moments(session, random.Random(3), limit=2000):
        pass
    assert session.screen is Screen.END and saver.path is not None
    first = read_record(saver.path)
    assert "famiglia replay 1" in (saver.hint() or "")
    session.new_game()
    at_table(session)
    assert session.game is not None
    session.play(session.game.legal_actions()[0])
    assert saver.path.name == "game-2.json"
    assert read_record(home() / "game-1.json").moves == first.moves
    assert "famiglia resume 2" in (saver.hint() or "")


def test_a_crash_before_the_first_action_keeps_the_deal() -> None:
    session = new_session(5)
    said = crash_save(session)
    assert "famiglia resume 1" in said and "game 1" in said and "seed" not in said  # R12.2: unfinished
    record = read_record(home() / "game-1.json")
    assert record.moves == [] and session.game is not None
    assert record.game().to_dict() == session.game.to_dict()


def test_a_record_from_elsewhere_is_played_on_in_a_new_file(tmp_path: Path) -> None:
    outside = write(tmp_path / "from-a-friend.json", seed=4, actions=25)
    before = outside.read_bytes()
    session = resume_session(read_record(outside), handoff_guard=0)
    for _ in moments(session, random.Random(4), limit=3):
        pass
    assert outside.read_bytes() == before
    saved = read_record(home() / "game-1.json")
    assert session.game is not None and saved.game().to_dict() == session.game.to_dict()
    assert saved.moves[:25] == read_record(outside).moves[:25]


def test_a_resumed_game_goes_on_in_its_own_file_and_cannot_be_opened_twice(tmp_path: Path) -> None:
    session = new_session(9, confirm=False)
    saver = Autosave.attach(session)
    for _ in moments(session, random.Random(9), limit=12):
        pass
    saver.close()
    path, record = Store().find("1")
    again = resume_session(record, path=path, handoff_guard=0)
    from famiglia.persistence import StoreError

    with pytest.raises(StoreError, match="another famiglia"):
        resume_session(record, path=path)
    for _ in moments(again, random.Random(10), limit=5):
        pass
    assert sorted(p.name for p in home().glob("game-*.json")) == ["game-1.json"]
    assert again.game is not None and read_record(path).game().to_dict() == again.game.to_dict()


def test_a_take_not_yet_confirmed_is_asked_again_after_the_handoff_back_to_its_player() -> None:
    from famiglia.tui.view.compose import compose, hint_line

    session = new_session(12)  # confirm: on
    saver = Autosave.attach(session)
    rng = random.Random(12)
    while True:
        assert step(session, rng)
        if session.ending is not None and session.game is not None and not session.game.is_over and len(
                session.history) > 6:
            break
    assert saver.record is not None and not saver.record.confirmed
    live = session.game
    assert live is not None
    player = session.at_keyboard
    ending = session.ending
    can_undo = session.can_undo
    saver.close()

    path, record = Store().find("1")
    again = resume_session(record, path=path, handoff_guard=0)
    assert again.screen is Screen.HANDOFF and again.ending == ending
    name = again.names[player]
    assert f"Pass the keyboard to {name}" in compose(again, 100, 30, plain=True)
    assert hint_line(again).startswith(f"{name}:")
    at_table(again)
    assert again.view() is not None and again.view().seat == player  # type: ignore[union-attr]
    assert again.can_undo == can_undo and again.game is not None
    assert again.game.to_dict() == live.to_dict()
    playing.submit(again, "")  # Enter: the turn is over now
    assert again.screen is Screen.HANDOFF and again.ending is None
    assert again.names[again.at_keyboard] != name
    Autosave.attach(again).close(again)
    assert read_record(path).confirmed


def test_a_confirmed_take_is_saved_as_confirmed_when_the_sitting_ends() -> None:
    session = new_session(12)
    saver = Autosave.attach(session)
    rng = random.Random(3)
    while session.ending is None:
        assert step(session, rng)
    assert saver.record is not None and not saver.record.confirmed
    session.end_turn()
    saver.close(session)
    assert saver.path is not None and read_record(saver.path).confirmed
    path, record = Store().find("1")
    again = resume_session(record, path=path)
    assert again.ending is None and again.screen is Screen.HANDOFF


def test_a_record_played_by_an_unknown_computer_is_shown_but_not_resumed(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    from famiglia.cli import main

    path = write(tmp_path / "game.json", seed=3, actions=10)
    data = json.loads(path.read_text())
    data["seats"] = ["human", "cpu:grandmaster"]
    path.write_text(json.dumps(data))
    assert main(["log", str(path)]) == 0
    capsys.readouterr()
    assert main(["resume", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"famiglia: {given_name(path)}: ")
    assert "'cpu:grandmaster' is no player this famiglia knows" in err


def test_a_session_resumed_from_a_bare_position_saves_from_that_position() -> None:
    from famiglia.engine import Game
    from famiglia.tui.model.session import Session

    game = Game.new(seed=31, names=("Anna", "Ben"))
    for action in ("refresh " + game.view(None).street[0].card.name,):
        if game.why_illegal(action) is None:
            game.apply(action)
    session = Session.resume(game.copy(), handoff_guard=0)
    saver = Autosave.attach(session)
    for _ in moments(session, random.Random(31), limit=6):
        pass
    assert saver.path is not None and session.game is not None
    assert read_record(saver.path).game().to_dict() == session.game.to_dict()


def test_a_take_by_the_computer_is_saved_as_confirmed_since_it_is_never_asked() -> None:
    session = new_session(5, seats=("human", "cpu:easy"), first=1)
    saver = Autosave.attach(session)
    assert session.game is not None and session.game.to_move == 1 and not session.is_human(1)
    at_table(session)
    take = next(a for a in session.game.legal_actions() if a.step is Step.TAKE)
    assert session.play(take)
    assert session.ending is None and session.game.to_move == 0
    assert saver.path is not None and read_record(saver.path).confirmed
