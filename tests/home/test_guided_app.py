"""The guided game through its application: lessons read with Enter, a refused try explained, to the end;
a guided game left halfway and continued, showing no lesson twice; the box where it hides nothing its
lesson talks about, the computer waiting for its lesson, and the end under the end screen."""

from __future__ import annotations

from typing import Any

import pytest

from famiglia.ai import player
from famiglia.engine import Game, Pass, Step
from famiglia.persistence import Move, Record, Store
from famiglia.phrasebook.catalogue import _, catalogue_for, speaking
from famiglia.profile.guided_deal import GUIDED_FIRST, GUIDED_OPPONENT, GUIDED_SEED, is_guided
from famiglia.profile.seats import HUMAN
from famiglia.tui.model.home.guide import Guide
from famiglia.tui.model.home.guided import guided_session
from famiglia.tui.model.home.lessons import LESSON_IDS
from famiglia.tui.model.home.tutor import PLAYER, due
from famiglia.tui.model.saving import Autosave
from famiglia.tui.model.session import Screen, Session
from famiglia.tui.shell.app import run_app
from famiglia.tui.shell.computer import Computer
from famiglia.tui.shell.guided import READ_FIRST, build_guided_app
from famiglia.tui.view.boxes import LEAST_ROWS, TABLE_PARTS
from famiglia.tui.view.compose import compose, compose_parts, end_rows
from tests.drivers.app import Keys, drive, redrawn

STUDENT = player("greedy", seed=1)  # the newcomer who takes the best card in sight


def _app(session: Session, guide: Guide) -> Any:
    computer = Computer(session, make_player=lambda level, seed: player(level, seed=seed), pace=0)
    return lambda pipe, out: build_guided_app(session, guide, input=pipe, output=out, computer=computer)


async def _turns(k: Keys[Any], session: Session, guide: Guide, *, turns: int | None,
                 shown: list[str], screens: list[str]) -> None:
    """Play the player's turns by typing, reading each lesson with Enter, until `turns` are played or the end."""
    played = 0
    tried_wrong = False
    while session.screen is not Screen.END and (turns is None or played < turns):
        await k.until(lambda: session.screen is Screen.END or guide.lesson is not None or guide.refused is not None
                      or session.ending is not None or (session.game is not None and session.game.to_move == PLAYER
                                                        and not session.computer_to_move))
        if session.screen is Screen.END:
            break
        if session.ending is None and (guide.lesson is not None or guide.refused is not None):  # the box is up
            if guide.lesson is not None:
                shown.append(guide.lesson.id)
            screens.append(k.screen())
            await k.keys("\r")
            continue
        if session.ending is not None:
            await k.keys("\r")
            if session.ending is None:
                played += 1
            continue
        game = session.game
        assert game is not None
        if not tried_wrong:  # one try the rules refuse: explained, never just refused
            tried_wrong = True
            await k.keys("take F4 pay F3 keep F3\r")
            assert guide.refused is not None and "R8" in guide.refused[1]
            screens.append(k.screen())
            await k.keys("x")
            assert session.message is not None and session.message.text == READ_FIRST
            await k.keys("\r")
            assert guide.refused is None
            await k.keys("\x1b")  # the refused words leave the line
            continue
        action = STUDENT.choose(game.view(PLAYER, memory=True))
        await k.keys(("p" if isinstance(action, Pass) else str(action)) + "\r")
        if action.step is Step.TAKE and session.ending is None:
            played += 1


def test_the_guided_game_is_played_to_its_end_by_keys() -> None:
    session, guide = guided_session("Anna")
    shown: list[str] = []
    screens: list[str] = []

    async def script(k: Keys[Any]) -> None:
        await _turns(k, session, guide, turns=None, shown=shown, screens=screens)
        await k.until(lambda: session.screen is Screen.END and "What you learned" in k.screen())
        screens.append(k.screen())

    drive(_app(session, guide), script, runner=lambda app: run_app(app, session), columns=100, rows=40)
    assert shown[:2] == ["welcome", "turn"] and len(shown) == len(set(shown))
    assert {"refresh", "free_take", "pair_take", "accountant", "brute", "opponent"} <= set(shown)
    assert any("Not allowed now" in s and "take F4 pay F3 keep F3" in s for s in screens)
    assert "The table (R1–R3)" in screens[0] and "Enter: go on" in screens[0]
    assert "What you learned" in screens[-1] and "What came up in this game:" in screens[-1]


def test_a_guided_game_left_halfway_is_continued_without_repeating_a_lesson() -> None:
    store = Store()
    session, guide = guided_session("Anna")
    saver = Autosave.attach(session, store)
    first: list[str] = []

    async def first_sitting(k: Keys[Any]) -> None:
        await _turns(k, session, guide, turns=6, shown=first, screens=[])
        await k.keys("q")
        await k.keys("y")

    drive(_app(session, guide), first_sitting, runner=lambda app: run_app(app, session), columns=100, rows=40)
    saver.close(session)
    entry, = [e for e in store.entries() if e.record is not None]
    record = entry.record
    assert record is not None and is_guided(record) and not record.game().is_over
    again, guide_again = guided_session(record=record, store=store, path=entry.path)
    Autosave.attach(again, store, record=record, path=entry.path)
    second: list[str] = []

    async def second_sitting(k: Keys[Any]) -> None:
        await _turns(k, again, guide_again, turns=None, shown=second, screens=[])

    drive(_app(again, guide_again), second_sitting, runner=lambda app: run_app(app, again), columns=100, rows=40)
    assert again.screen is Screen.END
    left_at = due(record.game().view(PLAYER))  # the lessons of the moment it was left at come again (docs/learn.md)
    assert not (set(first) & set(second)) - set(left_at)
    assert set(first) <= set(guide_again.progress.seen) and second


# -- where the box stands, the computer's turn, the end ----------------------------------------------------------


def table_rows(table: list[str], parts: dict[str, range], about: tuple[str, ...]) -> set[int]:
    """The rows with something on them of the table's parts and those `about` names."""
    return {r for name in (*TABLE_PARTS, *about) for r in parts.get(name, range(0)) if table[r].strip()}


def _longest_free(height: int, kept: set[int]) -> int:
    """The most rows one after another that hold none of `kept`."""
    longest = run = 0
    for r in range(height):
        run = 0 if r in kept else run + 1
        longest = max(longest, run)
    return longest


def _rows(screen: str, height: int) -> list[str]:
    """The rows above the input line of a screen as drawn."""
    return [row.rstrip() for row in screen.split("\n")][: height - 1]


@pytest.mark.parametrize("language", ["en", "it", "de"])
@pytest.mark.parametrize(("columns", "rows"), [(80, 24), (100, 30)])
def test_each_lesson_box_leaves_in_sight_what_it_explains(columns: int, rows: int, language: str) -> None:
    """The box once stood over the hand at 80x24 and over the take/pass choices at 100x30 while rows above it stayed
    empty, and at 80x24 "The four steps" over the Street: now every row of the table's parts (`TABLE_PARTS`) is
    drawn as the table has it with the box on screen, and so is every row of the parts a lesson is about where
    the box has `LEAST_ROWS` beside them (at 80x24 three rows of choices and the last turn's line leave fewer)."""
    with speaking(catalogue_for(language)):
        checked = _lessons_in_sight(columns, rows, english=language == "en")
    assert set(checked) == set(LESSON_IDS)


def _lessons_in_sight(columns: int, rows: int, *, english: bool) -> list[str]:
    """The guided game played through at `columns` x `rows`, each lesson's box checked; the lessons checked."""
    session, guide = guided_session("Anna")
    checked: list[str] = []

    async def script(k: Keys[Any]) -> None:
        while session.screen is not Screen.END:
            await k.until(lambda: session.screen is Screen.END or guide.lesson is not None
                          or session.ending is not None or (session.game is not None
                                                            and session.game.to_move == PLAYER
                                                            and not session.computer_to_move))
            if session.screen is Screen.END:
                break
            lesson = guide.lesson
            if session.ending is None and lesson is not None:
                await k.until(lambda title=lesson.title: title in k.screen())
                table, parts = compose_parts(session, columns, rows - 1)
                drawn = _rows(k.screen(), rows)
                box = k.screen()
                covered = [r for r in range(len(drawn)) if drawn[r] != table[r].rstrip()]
                free = _longest_free(len(drawn), table_rows(table, parts, lesson.about))
                kept = TABLE_PARTS if columns == 80 and free < LEAST_ROWS else (*TABLE_PARTS, *lesson.about)
                assert covered, f"{lesson.id}: no box\n{box}"
                for part in kept:
                    for r in parts[part]:
                        if table[r].strip():  # a blank row of the part may be covered, a drawn one never
                            assert drawn[r] == table[r].rstrip(), f"{lesson.id} hides {part}, row {r}:\n{k.screen()}"
                checked.append(lesson.id)
                if lesson.id == "welcome" and columns == 80:
                    assert "╭─F0♥─╮" in k.screen()  # the hand it talks about
                if lesson.id == "free_take" and columns == 100 and english:
                    assert "Take/pass   1 B0♣   p pass" in k.screen()  # the choice it talks about
                await k.keys("\r")
                continue
            if session.ending is not None:
                await k.keys("\r")
                continue
            game = session.game
            assert game is not None
            action = STUDENT.choose(game.view(PLAYER, memory=True))
            await k.keys(("p" if isinstance(action, Pass) else str(action)) + "\r")

    drive(_app(session, guide), script, runner=lambda app: run_app(app, session), columns=columns, rows=rows)
    return checked


def test_the_computer_waits_until_its_lesson_is_read() -> None:
    """"Now the computer plays its turn" was shown after that turn was over: the computer now waits for the box."""
    session, guide = guided_session("Anna")
    seen: list[str] = []

    async def script(k: Keys[Any]) -> None:
        while guide.lesson is not None:
            await k.keys("\r")
        await k.keys("p\r")  # a pass; Enter ends the turn
        await k.until(lambda: guide.lesson is not None and guide.lesson.id == "opponent")
        played = len(session.history)
        # The computer plays at once here (no pace): it has chosen its action and waits for the box instead.
        await k.until(lambda: session.activity == "Computer (easy) waits until you have read the box")
        await redrawn(k)
        seen.append(k.screen())
        assert session.computer_to_move and len(session.history) == played
        assert session.activity == "Computer (easy) waits until you have read the box"
        await k.keys("x")  # a key while the box is up neither reads it nor hurries the computer
        assert session.computer_to_move and len(session.history) == played
        while guide.lesson is not None:  # its pages, where the rows under the table are too few for all of it
            await k.keys("\r")
        await k.until(lambda: not session.computer_to_move)
        assert len(session.history) > played

    drive(_app(session, guide), script, runner=lambda app: run_app(app, session), columns=80, rows=24)
    assert "The computer's turn (R12)" in seen[0] and "waits until you have read the box" in seen[0]


def _finished_guided_game() -> Record:
    """A guided game played to its end by the greedy stand-in against the easy computer, as a record."""
    game = Game.new(seed=GUIDED_SEED, names=("Anna", "cpu:easy"), first=GUIDED_FIRST)
    record = Record.new(game, seats=(HUMAN, GUIDED_OPPONENT))
    players = {0: STUDENT, 1: player("easy", seed=game.seed)}
    moves = []
    while not game.is_over:
        action = players[game.to_move].choose(game.view(game.to_move, memory=True))
        moves.append(Move(game.to_move, action))
        game.apply(action)
    return record.with_moves(moves)


@pytest.mark.parametrize(("columns", "rows"), [(80, 24), (100, 30)])
def test_the_end_of_the_guided_game_stands_under_the_end_screen_with_its_key_line(columns: int, rows: int) -> None:
    """At 80x24 the box of what was learned covered the computer's play area, the score and the seed line."""
    record = _finished_guided_game()
    store = Store()
    path, record = store.create(record, record.game())
    session, guide = guided_session(record=record, store=store, path=path)
    seen: list[str] = []

    async def script(k: Keys[Any]) -> None:
        await k.until(lambda: "What you learned" in k.screen())
        seen.append(k.screen())

    drive(_app(session, guide), script, runner=lambda app: run_app(app, session), columns=columns, rows=rows)
    drawn = seen[0].rstrip().split("\n")
    end = compose(session, columns, rows - 1, plain=True).split("\n")
    content = end_rows(session, columns)
    assert [row.rstrip() for row in drawn[:content]] == [row.rstrip() for row in end[:content]]  # nothing covered
    assert f"Seed {GUIDED_SEED}: famiglia play --seed {GUIDED_SEED}" in seen[0] and "total 67 VP" in seen[0]
    assert "lessons came up in this game" in seen[0] or "What came up in this game:" in seen[0]
    assert set(drawn[-1].split(" · ")) == {"n: new game", "a: analysis", "g: game log", "q: quit"}


@pytest.mark.parametrize("language", ["en", "it", "de"])
def test_read_the_box_first_goes_with_the_box(language: str) -> None:
    """After the last lesson "Read the box first: Enter goes on, s skips the explanations." stayed on the message
    line, though no box was left to read."""
    with speaking(catalogue_for(language)):
        session, guide = guided_session("Anna")
        said = _(READ_FIRST)[:30]
        seen: list[str] = []

        async def script(k: Keys[Any]) -> None:
            await k.until(lambda: guide.lesson is not None, what="the first lesson")
            await k.keys("x")
            await redrawn(k)
            seen.append(k.screen())
            while guide.lesson is not None:
                await k.keys("\r")
            await redrawn(k)
            seen.append(k.screen())

        drive(_app(session, guide), script, runner=lambda app: run_app(app, session), columns=80, rows=24)
    assert said in seen[0] and said not in seen[1]
