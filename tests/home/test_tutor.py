"""The guided game's tutor, driven through the engine: lessons when they first come up, refusals, the end."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from famiglia.engine import Game
from famiglia.persistence import Move, Record
from famiglia.profile.guided_deal import FORMER_SEEDS, GUIDED_OPPONENT, GUIDED_SEED, is_guided
from famiglia.tui.model.commands import help_rows
from famiglia.tui.model.home.lessons import LESSON_IDS, PARTS, TextsError, load_texts, parse_texts
from famiglia.tui.model.home.rehearsal import HINT_FOLLOWER, rehearse
from famiglia.tui.model.home.tutor import Progress, Tutor, due
from famiglia.tui.model.session import Session
from famiglia.tui.view.status import step_bar
from tests.positions import position

RULES = Path(__file__).parents[2] / "famiglia" / "data" / "rules.md"


def test_every_lesson_has_a_short_text_and_cites_rules_that_exist_or_keys_the_game_has() -> None:
    texts = load_texts()
    rules = RULES.read_text(encoding="utf-8")
    helped = {label for label, _ in help_rows(Session(names=("Anna", "Ben")))}
    assert tuple(texts.lessons) == LESSON_IDS
    for lesson in texts.lessons.values():
        assert 1 <= len(lesson.lines) <= 3 and sum(len(line) for line in lesson.lines) < 300, lesson.id
        assert lesson.about and set(lesson.about) <= set(PARTS), lesson.id
        cited = re.findall(r"R\d+(?:\.\d+)?", lesson.rules + " ".join(lesson.lines))
        assert cited or lesson.keys, lesson.id
        for rule in cited:
            assert re.search(rf"\b{re.escape(rule)}\b", rules), f"{lesson.id} cites {rule}, which rules.md lacks"
        for key in lesson.keys:  # a lesson of the controls names its keys as the help writes them
            assert key in helped, f"{lesson.id} teaches {key}, which the help does not list"
        assert lesson.heading == f"{lesson.title} ({lesson.rules or ', '.join(lesson.keys)})"


def test_the_controls_have_their_lessons() -> None:
    """The numbers, typing with Tab, h, u, g and l: each taught by a lesson (issue of a guided game that never did)."""
    taught = {key for lesson in load_texts().lessons.values() for key in lesson.keys}
    assert {"1-9", "Tab", "h", "u, Ctrl-Z", "g", "l"} <= taught
    assert any("R11.2" in lesson.rules for lesson in load_texts().lessons.values())  # and the tie-break


@pytest.mark.parametrize(("text", "said"), [
    ("", "lesson must be a list"),
    ("[[lesson]]\nid = 'welcome'\ntitle = 'x'\nrules = 'R1'\nabout = ['street']\ntext = 'a'\n", "no text for turn"),
    ("[[lesson]]\nid = 'welcome'\ntitle = 'x'\nrules = 'R1'\nabout = ['sky']\ntext = 'a'\n", "parts of the screen"),
    ("[[lesson]]\nid = 'welcome'\ntitle = 'x'\nkeys = 'h'\nabout = ['street']\ntext = 'a'\n", "list of words"),
    ("[[lesson]]\nid = 'dance'\n", "not one the game knows"),
    ("lesson = [", "not valid TOML"),
])
def test_a_lessons_file_that_is_not_right_says_what_is_missing(text: str, said: str) -> None:
    with pytest.raises(TextsError, match=said):
        parse_texts(text)


def test_the_guided_deal_brings_every_part_of_a_turn_early_and_the_game_to_its_end() -> None:
    """docs/learn.md: with a newcomer who takes the best card in sight, all by the fifth turn, every lesson on the
    way, and two passes end the game in its last round."""
    played = rehearse(GUIDED_SEED)
    assert played.latest_early <= 5, played.first_turn
    assert set(played.progress.seen) == set(LESSON_IDS)
    assert played.scores == (67, 46) and played.reason == "two passes in a row" and played.turns == 22
    assert played.first_turn["exhaustion"] == 17 and played.first_turn["last_round"] == 22


@pytest.mark.slow
def test_a_player_who_follows_the_hints_meets_every_lesson_but_the_last_round() -> None:
    """docs/learn.md: the guided game's hints are the easy computer's search (the chance is against it); a player
    who plays every hint meets every lesson but the last round, for the hints end the game by two passes while
    ahead (R10.2), before the second exhaustion. The greedy newcomer reaches the last round (the test above)."""
    played = rehearse(GUIDED_SEED, student=HINT_FOLLOWER)
    assert set(LESSON_IDS) - set(played.progress.seen) == {"last_round"}
    assert played.reason == "two passes in a row" and played.scores == (63, 42) and played.turns == 21
    assert played.first_turn["accountant"] <= 11 and played.first_turn["passes"] == played.turns  # its last turn


def test_the_hint_follower_plays_what_the_hints_say() -> None:
    """The rehearsal's hint follower plays what `h` advises in the guided game: the screen's advisor at the level
    of the computer the game is against, asked without a seed."""
    from famiglia.profile.seats import level_of
    from famiglia.tui.model.home.rehearsal import hint_follower
    from famiglia.tui.shell.computer import Computer

    session = Session(names=("You", "Computer (easy)"), seed=GUIDED_SEED, first=0, seats=("human", GUIDED_OPPONENT))
    level = level_of(GUIDED_OPPONENT)
    assert level is not None
    advisor = Computer(session).make_advisor(level)
    _, moments = _moments(str(GUIDED_SEED), upto=12)
    views = [g.view(g.to_move, memory=True) for g in moments if g.to_move == 0 and not g.is_over][:4]
    assert views
    for view in views:
        assert hint_follower(level).choose(view) == advisor.choose_with_reason(view)[0]


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


def test_the_summary_says_what_came_up_and_names_what_did_not() -> None:
    tutor = Tutor()
    _, moments = _moments(GUIDED_SEED)
    progress = tutor.progress_of(moments)
    summary = tutor.summary(moments[-1].view(0), progress)
    assert summary is not None
    assert [lesson.id for lesson in summary.learned] == [i for i in LESSON_IDS if i in progress]
    assert [lesson.id for lesson in summary.missed] == [i for i in LESSON_IDS if i not in progress]
    full, titles, counted, shortest = summary.forms()  # every lesson came up: nothing missed to name
    assert "Refreshing the Street (R5)" in full[0] and "Refreshing the Street," in titles[0] and "(R5)" not in titles[0]
    assert counted[0] == f"{len(LESSON_IDS)} of the {len(LESSON_IDS)} lessons came up in this game."
    assert all(form[-1] == tutor.texts.summary["next"] for form in (full, titles, counted)) and len(shortest) == 1
    partial = tutor.summary(moments[-1].view(0), Progress(("welcome", "turn")))
    assert partial is not None
    forms = partial.forms()
    assert len(forms) == 6 and forms[2][0] == f"2 of the {len(LESSON_IDS)} lessons came up in this game."
    assert all("Not met this time: Choosing (1-9, ↑ ↓, Enter)" in form[1] for form in forms[:3])
    assert forms[3][1].startswith("Not met this time: Choosing, Looking back,")
    assert tutor.summary(moments[0].view(0), progress) is None


def test_a_game_of_the_former_guided_deal_is_still_a_guided_game() -> None:
    """The deal changed (so that the hints lead to the last round): games of the old one keep their lessons."""
    for seed in (GUIDED_SEED, *FORMER_SEEDS):
        game = Game.new(seed=seed, names=("You", "Computer (easy)"), first=0)
        assert is_guided(Record.new(game, seats=("human", "cpu:easy")))
    other = Game.new(seed=GUIDED_SEED + 1, names=("You", "Computer (easy)"), first=0)
    assert not is_guided(Record.new(other, seats=("human", "cpu:easy")))
