"""The seed of an unfinished game reaches no output (R12.2): `Game.new(seed)` deals that game's draw stack.

Issue 22: `famiglia analyse ID --json` printed `"seed": 12` for an unfinished game. Every way a saved game
is shown is tried here on one unfinished game of a seed no other number on the screen could be: the
commands (text, on a terminal and piped, and JSON), the home screen's pages, the replay at every
position and with its analysis, the table with its help and log, the farewell, and the lines of errors
about the game. Once the game is over its seed is for anyone (the end screen, the log and the farewell
say it, so the game can be dealt again), and that is checked too.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator

import pytest

from famiglia import cli
from famiglia.commands import home as home_command
from famiglia.commands.games import games
from famiglia.commands.log import log, log_lines
from famiglia.engine import Game
from famiglia.persistence import Move, Record, Store
from famiglia.tui.model import overlays
from famiglia.tui.model.home.menu import Page, ShowLog
from famiglia.tui.model.kept_analysis import load_or_analyse
from famiglia.tui.model.replay import Replay
from famiglia.tui.model.saving import Autosave, crash_save, resume_session
from famiglia.tui.shell.app import farewell
from famiglia.tui.view.analysis import report_lines
from famiglia.tui.view.compose import compose
from famiglia.tui.view.home import render_home
from famiglia.tui.view.replay import render_replay
from tests.drivers.terminal import render_text
from tests.home.helpers import play

SEED = 918_273_645_546_372_819
DIGITS = str(SEED)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def unfinished() -> Record:
    record = Store().create(play(SEED, actions=24))[1]
    Store().lock(record.id).release()
    assert not record.game().is_over
    return record


def _commands(record: Record) -> Iterator[tuple[str, ...]]:
    for command in (["log", record.id], ["games"], ["stats"], ["stats", "--json"],
                    ["analyse", record.id, "--level", "easy"], ["analyse", record.id, "--level", "easy", "--json"]):
        yield tuple(command)


def test_no_command_prints_the_seed_of_an_unfinished_game(unfinished: Record,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    for command in _commands(unfinished):
        assert cli.main(list(command)) == 0, command
        out, err = capsys.readouterr()
        assert out and DIGITS not in out + err, command
        if command[-1] == "--json" and command[0] == "analyse":
            assert "seed" not in json.loads(out)


def test_nor_on_a_terminal(unfinished: Record) -> None:
    for show in (lambda out: log(unfinished.id, out=out), lambda out: games(out=out)):
        out = _Terminal()
        assert show(out) == 0
        assert out.getvalue() and DIGITS not in out.getvalue()


def test_no_screen_shows_it(unfinished: Record) -> None:
    home = home_command._home(Store())
    home.open(Page.GAMES)
    pages = [render_text(render_home(home, 100, 30), width=100)]
    home.show(ShowLog)
    pages.append(render_text(render_home(home, 100, 30), width=100))  # the game's log, a page of its own
    assert all(DIGITS not in page for page in pages) and "Game " in pages[-1]
    replay = Replay(unfinished, analysis=load_or_analyse(Store().path(unfinished.id), unfinished, level="easy"))
    for index in range(replay.last + 1):
        replay.index = index
        for analysing in (False, True):
            replay.analysing = analysing
            assert DIGITS not in render_text(render_replay(replay, 120, 40), width=120), (index, analysing)
    session = resume_session(unfinished, store=Store(), path=Store().path(unfinished.id))
    saver = next(hook for hook in session.on_action if isinstance(hook, Autosave))
    try:
        session.drawn()
        session.reveal()  # at the table, the hand on show
        for toggle in (None, overlays.toggle_help, overlays.toggle_help, overlays.toggle_log):
            if toggle is not None:
                toggle(session)
            assert DIGITS not in compose(session, 120, 40, plain=True)
        assert DIGITS not in farewell(session) and DIGITS not in crash_save(session)
        assert DIGITS not in (saver.hint() or "")
    finally:
        saver.close(session)


def test_nor_a_line_about_the_game(unfinished: Record, capsys: pytest.CaptureFixture[str]) -> None:
    """A record damaged after its deal, a game open elsewhere: the line says what, never the seed."""
    path = Store().path(unfinished.id)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"][-1]["action"] = "take M9"
    path.write_text(json.dumps(data), encoding="utf-8")
    for command in (["log", unfinished.id], ["analyse", unfinished.id], ["replay", unfinished.id],
                    ["resume", unfinished.id]):
        assert cli.main(command) == 2, command
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and DIGITS not in err, (command, err)


def test_once_the_game_is_over_its_seed_is_said(capsys: pytest.CaptureFixture[str]) -> None:
    game = Game.new(seed=SEED, names=("Anna", "Ben"))
    record = Record.new(game)
    moves = []
    while not game.is_over:
        action = game.legal_actions()[-1]
        moves.append(Move(game.to_move, action))
        game.apply(action)
    finished = Store().create(record.with_moves(moves), game)[1]
    assert DIGITS in log_lines(finished)[0]
    assert cli.main(["analyse", finished.id, "--level", "easy", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seed"] == SEED
    analysis = load_or_analyse(Store().path(finished.id), finished, level="easy")
    assert DIGITS not in "\n".join(report_lines(finished, analysis))  # the text is about the play, not the deal
