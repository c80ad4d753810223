"""Taking back a whole turn against the computer (Ctrl-T), through the application with the keys a person presses.

The computer is a scripted player (it refreshes once when it may, then takes), so its answer is known; the
application, its thread and the autosave are the real ones. What the game says is read from the message line
and the screen; what it keeps, from the saved record as `famiglia log` and `famiglia stats` read it.
"""

from __future__ import annotations

import json
import random
import threading

import pytest
from rich.cells import cell_len

from famiglia.cli import main
from famiglia.engine import Game, Pass, Refresh
from famiglia.persistence import Record, Store
from famiglia.phrasebook.catalogue import _, catalogue_for, speaking
from famiglia.tui.model.commands import key_line
from famiglia.tui.model.saving import Autosave, resume_session
from famiglia.tui.model.session import Screen
from famiglia.tui.shell.computer import Computer
from famiglia.tui.view.pieces import fitted_keys
from tests.drivers.app import Player, play, redrawn, sitting
from tests.drivers.computer import Scripted, against, computers_turn_over
from tests.drivers.session import new_session
from tests.drivers.terminal import CTRL_C

pytestmark = pytest.mark.slow

CTRL_T = "\x14"


def first_refresh_or_take(game: Game) -> str:
    """A first action that shows new cards where it can (a refresh), so the takeback reaches past what undo may."""
    legal = game.legal_actions()
    refresh = next((a for a in legal if isinstance(a, Refresh)), None)
    return str(refresh if refresh is not None else legal[0])


async def whole_turn(p: Player) -> None:
    """Anna plays a refresh (where she can) and then passes, confirms, and the computer answers."""
    await p.keys(first_refresh_or_take(p.game) + "\r")
    if p.session.ending is None and p.game.to_move == 0:
        await p.keys("pass\r")
    if p.session.ending is not None:
        await p.keys("\r")
    await computers_turn_over(p)


def test_ctrl_t_takes_back_the_person_s_turn_and_the_computer_s_answer_and_the_record_keeps_it() -> None:
    session = against(seed=11, first=0)
    saver = Autosave.attach(session)
    start = Game.new(seed=11, names=("Anna", "Computer (easy)"), first=0)

    async def script(p: Player) -> None:
        await whole_turn(p)
        played = list(p.session.history)
        after = p.game.to_dict()
        assert len(played) >= 3 and p.session.log  # Anna's turn and the computer's answer are in the log
        await p.keys(CTRL_T)
        await redrawn(p)
        message = p.session.message
        assert message is not None and "You took back your last turn and Computer (easy)'s answer" in message.text
        assert f"({len(played)} actions)" in message.text
        assert p.session.history == [] and p.session.log == [] and p.game.to_dict() == start.to_dict()
        assert p.session.screen is Screen.TABLE and p.game.to_move == 0
        assert "took back your last turn" in p.screen()
        await p.keys("g")  # the game log says it too
        assert "A turn was taken back here." in p.screen()
        await p.keys("g")
        # The same actions again give the same game: the draw stack is in the same order (docs/playing.md).
        for action in played:
            if p.game.to_move != 0 or p.session.computer_to_move:
                break
            await p.keys(str(action) + "\r")
            if p.session.ending is not None:
                await p.keys("\r")
        await computers_turn_over(p)
        assert p.game.to_dict() == after
        await p.keys(CTRL_C + "y")

    assert play(session, script, computer=Computer(session, make_player=lambda *_: Scripted(), pace=0)) == 0
    saver.close(session)
    path, record = Store().find(saver.record.id)  # type: ignore[union-attr]
    assert record.takebacks == (0,)
    assert json.loads(path.read_text(encoding="utf-8"))["takebacks"] == [0]
    again = resume_session(record, path=path, handoff_guard=0)  # a record with a takeback plays on
    assert again.game is not None and again.game.to_dict() == session.game.to_dict()  # type: ignore[union-attr]
    assert again.table.takeback_turns == [0]  # its game log still marks the place
    again_saver = Autosave.attach(again)
    again_saver.close(again)


def test_at_the_first_turn_and_while_the_computer_plays_ctrl_t_says_why_it_does_nothing() -> None:
    session = against(seed=11, first=0)

    async def script(p: Player) -> None:
        await p.keys(CTRL_T)
        assert p.session.message is not None and "No takeback: you have no earlier turn" in p.session.message.text
        assert p.session.history == []
        await p.keys(CTRL_C + "y")

    assert play(session, script, computer=Computer(session, make_player=lambda *_: Scripted(), pace=0)) == 0


def test_while_the_computer_thinks_ctrl_t_waits_for_its_answer() -> None:
    gate = threading.Event()
    session = against(seed=11, first=0)

    async def script(p: Player) -> None:
        await p.keys("pass\r")
        if p.session.ending is not None:
            await p.keys("\r")
        await p.until(lambda: p.session.computer_to_move, what="the computer's turn")
        await p.keys(CTRL_T)
        message = p.session.message
        assert message is not None and "the computer is still playing its turn" in message.text, message
        assert p.session.history == [Pass()]
        gate.set()
        await computers_turn_over(p)
        await p.keys(CTRL_T)
        assert p.session.history == [] and p.game.to_move == 0
        await p.keys(CTRL_C + "y")

    assert play(session, script, computer=Computer(session, make_player=lambda *_: Scripted(gate), pace=0)) == 0


def test_in_a_game_of_two_people_ctrl_t_says_why_there_is_no_takeback() -> None:
    session = new_session(seed=3)

    async def script(p: Player) -> None:
        await p.keys("\r")  # Anna at the keyboard
        await redrawn(p)
        await p.keys("pass\r")
        if p.session.ending is not None:
            await p.keys("\r")
        await p.keys("\r")  # Ben at the keyboard
        await redrawn(p)
        before = list(p.session.history)
        await p.keys(CTRL_T)
        message = p.session.message
        assert message is not None and "only against the computer, since in a game of two people" in message.text
        assert p.session.history == before

    sitting(session, script)


def test_the_takeback_key_is_in_the_help_and_on_the_key_line_once_it_can_act() -> None:
    session = against(seed=11, first=0)

    async def script(p: Player) -> None:
        assert "Ctrl-T" not in key_line(p.session)  # nothing to take back yet
        await whole_turn(p)
        await redrawn(p)
        assert "Ctrl-T: take back" in key_line(p.session)
        await p.keys("?")
        assert "take back your last turn and the computer's answer" in p.screen()
        await p.keys("?")
        await p.keys(CTRL_C + "y")

    assert play(session, script, computer=Computer(session, make_player=lambda *_: Scripted(), pace=0),
                columns=124, rows=40) == 0


def test_famiglia_log_stats_and_json_count_the_takebacks(capsys: pytest.CaptureFixture[str]) -> None:
    session = against(seed=11, first=0)
    saver = Autosave.attach(session)

    async def script(p: Player) -> None:
        await whole_turn(p)
        await p.keys(CTRL_T)
        await whole_turn(p)
        await p.keys(CTRL_T)
        await p.keys(CTRL_C + "y")

    assert play(session, script, computer=Computer(session, make_player=lambda *_: Scripted(), pace=0)) == 0
    saver.close(session)
    _path, record = Store().find(saver.record.id)  # type: ignore[union-attr]
    assert record.takebacks == (0, 0)
    assert main(["log", record.id]) == 0
    assert "Turns taken back: 2" in capsys.readouterr().out
    assert Record.loads(record.dumps()).takebacks == (0, 0)


@pytest.mark.parametrize("seed", range(6))
def test_seeded_keys_with_takebacks_keep_the_game_and_its_record_in_step(seed: int) -> None:
    """A fuzzer of the new key: Ctrl-T, u and random legal actions in any order; after every key the game is the
    one its history replays to, and the saved record reads back as that game."""
    rng = random.Random(seed)
    session = against(seed=seed, first=seed % 2)
    saver = Autosave.attach(session)

    async def script(p: Player) -> None:
        for _step in range(40):
            if p.session.screen is Screen.END:
                break
            await p.until(lambda: not p.session.computer_to_move or p.session.screen is Screen.END, timeout=20)
            roll = rng.random()
            if roll < 0.25:
                await p.keys(CTRL_T)
            elif roll < 0.35:
                await p.keys("u")
            elif p.session.ending is not None:
                await p.keys("\r")
            elif p.session.screen is Screen.TABLE and not p.session.computer_to_move:
                await p.keys(str(rng.choice(p.game.legal_actions())) + "\r")
            assert "Traceback" not in p.screen()
            replay = Game.new(seed=seed, names=("Anna", "Computer (easy)"), first=seed % 2)
            for action in p.session.history:
                replay.apply(action)
            assert p.session.ending is not None or replay.to_dict() == p.game.to_dict()
        await p.keys(CTRL_C + "y")

    assert play(session, script, computer=Computer(session, make_player=lambda *_: Scripted(), pace=0)) == 0
    saver.close(session)
    if saver.record is not None:
        _path, record = Store().find(saver.record.id)
        assert [m.action for m in record.moves] == session.history
        assert len(record.takebacks) == len(session.table.takebacks)
    assert session.table.takebacks  # the fuzzer reached the new key where it acts


@pytest.mark.parametrize(("language", "said"), [("en", "Ctrl-T: take back"), ("de", "Strg-T: zurücknehmen")])
def test_at_80_columns_the_key_line_offers_the_takeback_in_place_of_undo(language: str, said: str) -> None:
    """At the start of a turn against the computer there is nothing to undo: the key line offers Ctrl-T instead,
    and it fits 80 columns with `?` still at its end."""
    with speaking(catalogue_for(language)):
        session = against(seed=11, first=0)

        async def script(p: Player) -> None:
            line = fitted_keys(key_line(p.session), 80)
            assert "Ctrl-T" not in line and "Strg-T" not in line
            await whole_turn(p)
            line = fitted_keys(key_line(p.session), 80)
            assert said in line and line.endswith(_("?: help")) and cell_len(line) <= 80, line
            assert _("u: undo") not in line
            await p.keys(CTRL_C + "y")

        assert play(session, script, computer=Computer(session, make_player=lambda *_: Scripted(), pace=0)) == 0
