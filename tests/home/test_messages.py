"""What the home screen and the commands say must be true, and said where the player is looking (issue 22).

Leaving the guided game said "'famiglia resume N' plays it on", which drops its lessons; Continue, `r` or
`a` on a game open in another terminal or deleted there came back to the home screen without a word; six
faults in the settings file were cut midway and four never named; "Anna,Ben" typed on the Settings page
became two names; "1 turns", "after 1 games"; the home screen wrote `won 37–51` where `famiglia games`
wrote `51–37`, and an unfinished game's totals had no label.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from famiglia import cli
from famiglia.commands import home as home_command
from famiglia.engine import Game
from famiglia.persistence import Move, Record, Store
from famiglia.profile.guided_deal import GUIDED_FIRST, GUIDED_OPPONENT, GUIDED_SEED
from famiglia.profile.seats import HUMAN, seat_name
from famiglia.profile.settings import Settings, load, settings_path
from famiglia.profile.statistics import report_lines, statistics
from famiglia.tui.model.home.games import GameLine, game_lines
from famiglia.tui.model.home.guided import guided_session
from famiglia.tui.model.home.menu import Home, Learn, Outcome, Page, Quit, Resume, ShowAnalysis, ShowReplay
from famiglia.tui.model.saving import Autosave, resume_session
from famiglia.tui.view.home import render_home
from tests.drivers.app import at_home
from tests.drivers.terminal import render_text

from .helpers import play, save, stamp


def _saver(session: Any) -> Autosave:
    return next(hook for hook in session.on_action if isinstance(hook, Autosave))


def test_leaving_the_guided_game_names_the_command_that_keeps_its_lessons() -> None:
    game = Game.new(seed=GUIDED_SEED, names=("Anna", seat_name(GUIDED_OPPONENT)), first=GUIDED_FIRST)
    record = Record.new(game, seats=(HUMAN, GUIDED_OPPONENT))
    action = game.legal_actions()[0]
    guided = Store().create(record.with_moves([Move(game.to_move, action)]))[1]
    Store().lock(guided.id).release()
    session, _ = guided_session(record=guided, store=Store(), path=Store().path(guided.id))
    try:
        assert _saver(session).hint() == f"This game is saved: 'famiglia learn {guided.id}' plays it on."
    finally:
        _saver(session).close(session)
    plain = save(play(4, actions=12))  # any other game goes on with resume
    session = resume_session(plain, store=Store(), path=Store().path(plain.id))
    try:
        assert _saver(session).hint() == f"This game is saved: 'famiglia resume {plain.id}' plays it on."
    finally:
        _saver(session).close(session)



def test_resume_plays_a_guided_game_on_with_its_lessons(monkeypatch: pytest.MonkeyPatch) -> None:
    # `famiglia resume` finds the guided game as the unfinished one saved last; it once played it on bare.
    import famiglia.tui.shell.app as app
    import famiglia.tui.shell.guided as shell
    from famiglia.commands.resume import resume

    plain = save(play(4, actions=12))
    game = Game.new(seed=GUIDED_SEED, names=("Anna", seat_name(GUIDED_OPPONENT)), first=GUIDED_FIRST)
    record = Record.new(game, seats=(HUMAN, GUIDED_OPPONENT))
    guided = Store().create(record.with_moves([Move(game.to_move, game.legal_actions()[0])]))[1]
    Store().lock(guided.id).release()
    shown: list[tuple[str, Any]] = []

    def guided_run(session: Any, guide: Any, *, say: Any = None, colour: bool = True) -> int:
        shown.append(("guided", _saver(session).hint()))
        _saver(session).close(session)
        return 0

    def plain_run(*, session: Any, say: Any = None, colour: bool = True) -> int:
        shown.append(("plain", _saver(session).hint()))
        _saver(session).close(session)
        return 0

    monkeypatch.setattr(shell, "run_guided", guided_run)
    monkeypatch.setattr(app, "run_play", plain_run)
    assert resume(None) == 0
    assert resume(str(plain.id)) == 0
    assert shown == [("guided", f"This game is saved: 'famiglia learn {guided.id}' plays it on."),
                     ("plain", f"This game is saved: 'famiglia resume {plain.id}' plays it on.")]

@pytest.fixture
def home_screens(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[list[Outcome], list[Home]]]:
    """`run_home` with each home screen answered by the next outcome of the list; the screens it built."""
    import famiglia.tui.shell.home as shell

    outcomes: list[Outcome] = []
    built: list[Home] = []

    async def answer(app: Any) -> Outcome:
        return outcomes.pop(0)

    monkeypatch.setattr(shell, "build_home_app", lambda home, **options: built.append(home) or home)
    monkeypatch.setattr(shell, "run_home_app", answer)
    carried: list[str] = []
    for name in ("resume", "replay", "analysis"):
        monkeypatch.setattr(home_command, name, lambda *args, _name=name, **kwargs: carried.append(_name) or 0)
    monkeypatch.setattr(home_command, "learn", lambda *args, **kwargs: carried.append("learn") or 0)
    yield outcomes, built
    assert carried == []  # nothing was carried out that the home screen refused


def test_a_game_open_elsewhere_or_deleted_is_refused_on_the_home_screen_at_once(
        home_screens: tuple[list[Outcome], list[Home]]) -> None:
    outcomes, built = home_screens
    held = save(play(1, actions=20), at=stamp(1))
    gone = save(play(2, actions=20), at=stamp(2))
    game = Game.new(seed=GUIDED_SEED, names=("Anna", seat_name(GUIDED_OPPONENT)), first=GUIDED_FIRST)
    guided = Store().create(Record.new(game, seats=(HUMAN, GUIDED_OPPONENT)).with_moves(
        [Move(game.to_move, game.legal_actions()[0])]))[1]
    Store().lock(guided.id).release()
    Store().delete(gone.id)  # in another famiglia, while this home screen still lists it
    lock, guided_lock = Store().lock(held.id), Store().lock(guided.id)
    try:
        outcomes += [Resume(held.id), Learn(guided.id), ShowReplay(gone.id), ShowAnalysis(gone.id), Resume(gone.id),
                     Quit()]
        assert home_command.run_home() == 0
    finally:
        lock.release()
        guided_lock.release()
    said = [home.message for home in built[1:]]
    assert said[0] == f"game {held.id} is being played in another famiglia right now"
    assert said[1] == f"game {guided.id} is being played in another famiglia right now"  # Learn to play → Continue
    assert said[2:] == [f"Game {gone.id} is not saved any more: it was deleted, in another famiglia perhaps."] * 3
    shown = render_text(render_home(built[-1], 80, 24), width=80)
    assert "is not saved any more" in " ".join(shown.split())


SIX_FAULTS = 'level = "medium"\nconfirm = "yes"\ncolour = 3\nmemory_aid = "no"\nnames = 5\nsound = true\n'


def test_six_faults_in_the_settings_file_are_counted_and_each_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    settings_path().write_text(SIX_FAULTS, encoding="utf-8")
    loaded = load()
    assert len(loaded.faults) == 6 and loaded.problem is not None
    named = [fault for fault in loaded.faults if fault.split(" (known")[0] in loaded.problem]
    more = re.search(r"; (\d) more: 'famiglia settings' lists each$", loaded.problem)
    assert "6 faults" in loaded.problem and more is not None and named == list(loaded.faults[:len(named)]) != []
    assert len(named) + int(more.group(1)) == 6  # the first ones named, the rest counted: none lost
    assert cli.main(["settings"]) == 0
    out, err = capsys.readouterr()
    assert err == f"famiglia: {loaded.problem}\n" and "…" not in err  # whole: nothing cut midway
    for fault in loaded.faults:  # `famiglia settings` names each, one to a line
        assert f"  - {fault}\n" in out
    home = home_command._home(Store())
    for width in (80, 100):
        shown = " ".join(render_text(render_home(home, width, 24), width=width).split())
        assert loaded.problem in shown, width  # the home screen's message line holds it whole


def test_a_name_with_a_comma_on_the_settings_page_is_one_name() -> None:
    home = home_command._home(Store())
    at_home(home, "7", "1", "\r", *"Anna,Ben", "\r", "\r")
    assert load().settings.names == ("Anna,Ben",)
    home = home_command._home(Store())
    shown: list[str] = []
    at_home(home, "7", "1", "\r", "\r", *"Carla", check=lambda k: shown.append(k.screen()))  # Enter keeps yours
    assert "Player 2's name: Carla" in shown[0]
    at_home(home, "\r")
    assert load().settings.names == ("Anna,Ben", "Carla")
    home = home_command._home(Store())
    at_home(home, "7", "1", "\r", "\r", *["\x7f"] * 5, *"anna,ben", "\r")  # two that read the same: refused
    assert "differ" in (home.message or "") and load().settings.names == ("Anna,Ben", "Carla")


def test_one_of_a_thing_is_one_thing(capsys: pytest.CaptureFixture[str]) -> None:
    game = Game.new(seed=6, names=("Anna", "Computer (easy)"), first=0)
    record = Record.new(game, seats=(HUMAN, "cpu:easy"))
    moves = []
    while not game.is_over and sum(m.action.step.name == "TAKE" for m in moves) < 1:
        action = next(a for a in game.legal_actions() if a.step.name == "TAKE")
        moves.append(Move(game.to_move, action))
        game.apply(action)
    one_turn = save(record.with_moves(moves), at=stamp(1))
    line = next(item for item in _items(Page.GAMES) if item.label.startswith(one_turn.id))
    assert ", 1 turn, saved " in line.detail
    finished = Game.new(seed=7, names=("Anna", "Computer (easy)"))
    finished_record = Record.new(finished, seats=(HUMAN, "cpu:easy"))
    moves = []
    while not finished.is_over:
        action = finished.legal_actions()[-1]
        moves.append(Move(finished.to_move, action))
        finished.apply(action)
    save(finished_record.with_moves(moves), at=stamp(2))
    stats = statistics(Store().entries(), you="Anna")
    assert len(stats.history) == 1 and " after 1 game against the computer " in "\n".join(report_lines(stats))
    from famiglia.tui.model.kept_analysis import load_or_analyse
    from famiglia.tui.view.analysis import report_lines as analysis_lines

    analysed = load_or_analyse(Store().path(one_turn.id), one_turn, level="easy")
    assert "(unfinished, 1 turn)" in analysis_lines(one_turn, analysed)[0]


def _items(page: Page) -> list[Any]:
    home = home_command._home(Store())
    home.open(page)
    return home.items()


def test_a_score_is_written_the_winners_first_on_the_home_screen_as_in_famiglia_games(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Two places that show one score: `famiglia games` and Your games agree, game by game."""
    for seed in range(8):
        save(play(seed, actions=None), at=stamp(seed))
    save(play(40, actions=20), at=stamp(40))
    assert cli.main(["games"]) == 0
    listed = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()[1:]}
    lines = game_lines(Store().entries())
    assert any(line.winner == 1 for line in lines)  # a game the second player won: the case that differed
    for line in lines:
        if line.finished:
            assert line.state in listed[line.id], (line.state, listed[line.id])
        else:
            assert re.search(rf"^{line.players[line.to_move or 0]} to move, so far Anna \d+ · Ben \d+$", line.state)


def test_an_unfinished_games_totals_are_labelled() -> None:
    line = GameLine.of(save(play(3, actions=14)))
    assert line.state == (f"{line.players[line.to_move or 0]} to move, so far Anna {line.points[0]} · "
                          f"Ben {line.points[1]}")
    assert json.dumps(line.state)  # text, nothing else
    assert Settings() == load().settings
