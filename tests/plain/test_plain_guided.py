"""The guided game in the plain mode (`famiglia learn --plain`): every lesson of the guided deal said as lines, in
every language, the plain mode's own text where a lesson speaks of the full screen's keys, before the question it
explains; a refused try said with its rule; the end says what came up; never an escape byte."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from famiglia.ai import player
from famiglia.engine import Pass
from famiglia.phrasebook.catalogue import catalogue_for, speaking
from famiglia.phrasebook.notation import in_words
from famiglia.profile.guided_deal import GUIDED_SEED
from famiglia.tui.model.home.guided import Guided, guided_session
from famiglia.tui.model.home.lessons import LESSON_IDS, load_texts
from famiglia.tui.model.home.tutor import PLAYER
from famiglia.tui.model.screens import Screen
from famiglia.tui.model.session import Session
from famiglia.tui.plain.guided import Lessons, lesson_lines
from tests.drivers.plain import play
from tests.plain.test_plain_games import assert_plain


def _newcomer(guided: Guided, *, first: list[str] | None = None) -> Callable[[Session, random.Random], str | None]:
    """A newcomer who takes the best card in sight (the greedy planner, as `rehearse` plays the guided deal),
    typing each action in the words of the player's language; the lines in `first` are typed before anything."""
    student = player("greedy", seed=GUIDED_SEED)
    waiting = list(first or [])

    def choose(session: Session, rng: random.Random) -> str | None:
        if waiting:
            return waiting.pop(0)
        if session.screen is Screen.END:
            return "q"
        if session.screen is not Screen.TABLE or session.ending is not None:
            return ""
        game = session.game
        assert game is not None and game.to_move == PLAYER
        action = student.choose(game.view(PLAYER, memory=True))
        return in_words("pass") if isinstance(action, Pass) else in_words(str(action))

    return choose


@pytest.mark.parametrize("language", ["en", "it", "de"])
def test_learn_plain_says_every_lesson_of_the_guided_game(language: str) -> None:
    with speaking(catalogue_for(language)):
        guided = guided_session("Anna")
        texts = load_texts()
        session, _typist, written, code = play(_newcomer(guided), session=guided.session, aside=Lessons(guided),
                                              make_player=lambda level, seed: player(level, seed=seed))
        assert code == 0 and session.game is not None and session.game.is_over
        assert_plain(written)
        lines = written.splitlines()
        for lesson_id in LESSON_IDS:
            lesson = texts.lessons[lesson_id]
            said = lesson_lines(lesson)
            at = lines.index(said[0])  # the lesson's title line, then its text as written
            assert lines[at + 1].startswith(said[1][:60]), lesson_id
            if lesson.plain:  # the plain mode's own words: no key of the full screen
                assert "{" not in " ".join(said) and "Tab" not in " ".join(said), said
        assert set(guided.guide.progress.seen) == set(LESSON_IDS)
        assert texts.summary["learned"] in written  # the end says what came up


def test_a_lesson_comes_before_the_question_it_explains() -> None:
    """The first lessons come before the first question of the player's turn, after the Street and the hand are said;
    the lesson about the computer's turn comes before the computer plays."""
    guided = guided_session("Anna")
    _session, _typist, written, _code = play(_newcomer(guided), session=guided.session, aside=Lessons(guided),
                                           make_player=lambda level, seed: player(level, seed=seed))
    lines = written.splitlines()
    first_prompt = lines.index("Anna, step 1 of 4, Refresh: type an action, or ? for help.")
    assert lines.index("Lesson: The table (R1–R3).") < first_prompt
    assert lines.index("Lesson: The four steps (R4).") < first_prompt
    assert lines.index("Your turn, Anna.") < lines.index("Lesson: The table (R1–R3).")
    opponent = lines.index("Lesson: The computer's turn (R12).")
    computer = next(line for line in lines[opponent:] if line.startswith("Computer (easy) "))
    assert computer.startswith("Computer (easy) is playing its turn")  # said before it plays anything
    assert lines[opponent - 1] == "Anna, press Enter to end your turn, or type undo to take it back."
    assert "Type options to hear what you may do now" in written  # the plain text, not the full screen's keys
    assert "Tab completes" not in written and "press a number" not in written


def test_a_refused_try_is_said_with_the_rule_it_runs_into() -> None:
    guided = guided_session("Anna")
    _session, typist, written, _code = play(_newcomer(guided, first=["take F4", "brute", "q", "y"]),
                                           session=guided.session, aside=Lessons(guided))
    reminder = load_texts().refusal
    after = written[typist.reads[0].written:typist.reads[1].written]
    assert reminder["take"] in after
    assert reminder["notation"] in written[typist.reads[1].written:typist.reads[2].written]


def test_resume_plain_plays_a_guided_game_on_with_its_lessons(capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """`famiglia resume --plain` finds the guided game left halfway and plays it on in lines, its lessons with it."""
    import io

    from famiglia.cli import main

    guided = guided_session("Anna")
    newcomer, typed = _newcomer(guided), []

    def first_turns(session: Session, rng: random.Random) -> str | None:
        typed.append(newcomer(session, rng))
        return typed[-1] if len(typed) <= 6 else None

    play(first_turns, session=guided.session, aside=Lessons(guided))
    game = guided.session.game
    assert game is not None and not game.is_over and len(guided.session.log) >= 2
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("\noptions\nq\ny\n"))
    assert main(["resume", "--plain"]) == 0
    out = capsys.readouterr().out
    assert_plain(out)
    assert "1: " in out and "'famiglia learn 1' plays it on" in out
    assert "Lesson: The table" not in out  # shown in the first sitting, not again


@pytest.mark.parametrize("seed", range(3))
def test_fuzzed_lines_never_break_the_guided_game(seed: int, capsys: pytest.CaptureFixture[str]) -> None:
    """Random lines, odd Unicode, huge lines and the input's end: the guided game answers each in lines, never a
    traceback, and the lessons go on being said."""
    from tests.plain.test_plain_questions import ODD

    rng = random.Random(seed)
    guided = guided_session("Anna")

    def line(session: Session, r: random.Random) -> str | None:
        roll = rng.random()
        if roll < 0.005:
            return None
        if roll < 0.5:
            return rng.choice(ODD)
        if roll < 0.7:
            return "".join(chr(rng.randint(0, 0x10FFFF)) for _i in range(rng.randint(0, 30))).replace(
                "\n", " ").replace("\r", " ")
        return rng.choice(["", "1", "2", "options", "refresh F4", "take B0", "x" * 100_000])

    _session, _typist, written, code = play(line, session=guided.session, aside=Lessons(guided))
    assert code == 0
    assert "Traceback" not in capsys.readouterr().err
    assert_plain(written)
    assert "Lesson: The table (R1–R3)." in written.splitlines()


def test_skip_stops_the_lessons_and_brings_them_back_and_help_lists_it() -> None:
    guided = guided_session("Anna")
    _session, _typist, written, _code = play(_newcomer(guided, first=["?", "skip"]), session=guided.session,
                                           aside=Lessons(guided), make_player=lambda level, seed: player(level, seed))
    lines = written.splitlines()
    assert "Lessons like this one come as the game goes on; type skip to hear no more of them." in lines
    assert "skip (sk): no more explanations in this game; skip again brings them back." in lines  # ? lists it
    assert "No more explanations in this game: it goes on as any other." in lines
    assert "Lesson: The computer's turn (R12)." not in lines  # nothing more once skipped
    assert guided.guide.skipping
    again = Lessons(guided_session("Ben"))
    assert again.command("skip", "") == ["No more explanations in this game: it goes on as any other."]
    assert again.command("skip", "") == ["The explanations are back."]
