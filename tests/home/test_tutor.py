"""The guided game's tutor, driven through the engine: lessons when they first come up, refusals, the end."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from famiglia.engine import Game
from famiglia.persistence import Move, Record
from famiglia.tui.model.home.lessons import GUIDED_SEED, LESSON_IDS, TextsError, is_guided, load_texts, parse_texts
from famiglia.tui.model.home.rehearsal import EARLY, rehearse
from famiglia.tui.model.home.tutor import Progress, Tutor, due
from famiglia.tui.view.status import step_bar
from tests.positions import position

RULES = Path(__file__).parents[2] / "famiglia" / "data" / "rules.md"


def test_every_lesson_has_a_short_text_and_cites_rules_that_exist() -> None:
    texts = load_texts()
    rules = RULES.read_text(encoding="utf-8")
    assert tuple(texts.lessons) == LESSON_IDS
    for lesson in texts.lessons.values():
        assert 1 <= len(lesson.lines) <= 3 and all(len(line) < 240 for line in lesson.lines)
        cited = re.findall(r"R\d+(?:\.\d+)?", lesson.rules + " ".join(lesson.lines))
        assert cited, lesson.id
        for rule in cited:
            assert re.search(rf"\b{re.escape(rule)}\b", rules), f"{lesson.id} cites {rule}, which rules.md lacks"


@pytest.mark.parametrize(("text", "said"), [
    ("", "lesson must be a list"),
    ("[[lesson]]\nid = 'welcome'\ntitle = 'x'\nrules = 'R1'\ntext = 'a'\n", "no text for turn"),
    ("[[lesson]]\nid = 'dance'\n", "not one the game knows"),
    ("lesson = [", "not valid TOML"),
])
def test_a_lessons_file_that_is_not_right_says_what_is_missing(text: str, said: str) -> None:
    with pytest.raises(TextsError, match=said):
        parse_texts(text)


def test_the_guided_deal_brings_every_part_of_a_turn_early_and_the_game_to_its_end() -> None:
    """docs/learn.md: with a newcomer who takes the best card in sight, all by the fifth turn."""
    played = rehearse(GUIDED_SEED)
    assert played.latest_early <= 5, played.first_turn
    assert set(EARLY) <= set(played.progress.seen)
    assert played.scores is not None
    assert {"passes", "exhaustion", "last_round"} <= set(played.progress.seen)  # both ways the game can end


def _moments(seed: str, *, upto: int | None = None) -> tuple[Record, list[Game]]:
    from famiglia.ai import player

    game = Game.new(seed=seed, names=("You", "Computer (easy)"), first=0)
    record = Record.new(game, seats=("human", "cpu:easy"))
    moves, moments = [], [game.copy()]
    students = {0: player("greedy", seed=1), 1: player("easy", seed=seed)}
    while not game.is_over and (upto is None or len(moves) < upto):
        action = students[game.to_move].choose(game.view(game.to_move, memory=True))
        moves.append(Move(game.to_move, action))
        game.apply(action)
        moments.append(game.copy())
    return record.with_moves(moves), moments


def test_each_lesson_is_shown_once_the_first_time_its_situation_is_on_the_table() -> None:
    tutor = Tutor()
    _, moments = _moments(GUIDED_SEED)
    progress = Progress()
    shown_at: dict[str, int] = {}
    for n, game in enumerate(moments):
        view = game.view(0)
        progress, shown = tutor.advance(progress, view)
        for lesson in shown:
            assert lesson.id not in shown_at
            shown_at[lesson.id] = n
        assert set(due(view)) <= set(progress.seen)
    for lesson, n in shown_at.items():
        assert lesson in due(moments[n].view(0))
        assert all(lesson not in due(moments[m].view(0)) for m in range(n))  # not possible before


def test_a_guided_game_left_halfway_and_continued_shows_no_lesson_twice() -> None:
    tutor = Tutor()
    record, live = _moments(GUIDED_SEED, upto=40)
    shown_live: list[str] = []
    progress = Progress()
    for game in live:
        progress, shown = tutor.advance(progress, game.view(0))
        shown_live += [lesson.id for lesson in shown]
    saved = Record.loads(record.dumps())  # left: the record is all that is kept
    assert is_guided(saved)
    moments = list(saved.games())
    before = tutor.progress_of(moments[:-1])
    again, shown = tutor.advance(before, moments[-1].view(0))
    assert again == progress
    assert [lesson.id for lesson in shown] == [i for i in shown_live if i not in before]


def test_refusals_give_the_engines_reason_and_the_rule() -> None:
    tutor = Tutor()
    game = Game.from_dict(position(hand0=["F0", "A0", "B0", "M0"], hand1=["F0", "A0", "B0", "M0"],
                                   street=["F2", "B3", "M1", "A2", "F1", "B1"]), seed=1)
    lines = tutor.refusal(game, "take F2 pay F1 keep F1")
    assert lines is not None
    assert lines[0] == f"take F2 pay F1 keep F1: {game.why_illegal('take F2 pay F1 keep F1')}"
    assert "R8.1–R8.3" in lines[1]
    assert tutor.refusal(game, "refresh F2") is None  # allowed: no 0 in the Street (R5.1)
    nonsense = tutor.refusal(game, "dance")
    assert nonsense is not None and "dance" in nonsense[0] and "notation" in nonsense[1]
    game.apply("take M1 pay M0 keep M0") if "take M1 pay M0 keep M0" in map(str, game.legal_actions()) else \
        game.apply("pass")
    assert tutor.refusal(game, "pass") == (tutor.texts.refusal["not_your_turn"],)


def test_where_the_player_is() -> None:
    tutor = Tutor()
    game = Game.new(seed=GUIDED_SEED, names=("You", "Computer (easy)"), first=0)
    # a B0 lies in the Street, so no refresh (R5.1); no Accountant or Brute of value 1 in hand: the take is next (R4.1)
    assert tutor.where(game.view(0)) == "Your turn — step 4 of 4: take a card or pass"
    game.apply("pass")
    assert tutor.where(game.view(0)) == tutor.texts.where["theirs"]
    game = Game.from_dict(position(hand0=["F0", "A0", "B1", "M0"], hand1=["F0", "A0", "B0", "M0"],
                                   street=["F2", "B3", "M0", "A2", "F1", "B1"]), seed=1)
    # a 0 lies there (R5.1) and no Accountant is in hand (R6.1): the Brute B1 is the step the step bar marks too
    assert tutor.where(game.view(0)) == "Your turn — step 3 of 4: play a Brute"
    assert "▶Brute" in step_bar(game.view(0)).plain
    game.apply("brute B1 F2 -1")
    assert tutor.where(game.view(0)) == "Your turn — step 4 of 4: take a card or pass"  # R4.1


def test_the_summary_gives_the_score_and_what_came_up() -> None:
    tutor = Tutor()
    _, moments = _moments(GUIDED_SEED)
    progress = tutor.progress_of(moments)
    end = moments[-1].view(0)
    result = end.result
    assert result is not None
    lines = tutor.summary(end, progress)
    assert f"{result.scores[0]} to {result.scores[1]}" in lines[0] or f"{result.scores[1]} to {result.scores[0]}" \
        in lines[0]
    assert "Refreshing the Street (R5)" in lines[1]
    assert tutor.summary(moments[0].view(0), progress) == ()
