"""The guided game's explanations beside the table, and the rating chart."""

from __future__ import annotations

import random

from famiglia.engine import Game
from famiglia.persistence import Move, Record
from famiglia.profile.chart import rating_chart
from famiglia.profile.guided_deal import GUIDED_SEED
from famiglia.tui.model.home.guide import Guide
from famiglia.tui.model.home.guided import follow, guided_session
from famiglia.tui.model.home.tutor import PLAYER
from famiglia.tui.model.screens import Screen
from tests.drivers.session import step


def _guided(actions: int) -> tuple[Record, Game]:
    game = Game.new(seed=GUIDED_SEED, names=("You", "Computer (easy)"), first=0)
    record = Record.new(game, seats=("human", "cpu:easy"))
    moves = []
    for _ in range(actions):
        action = game.legal_actions()[0] if game.to_move == 1 else game.legal_actions()[-2]
        moves.append(Move(game.to_move, action))
        game.apply(action)
    return record.with_moves(moves), game


def test_lessons_wait_in_order_until_read() -> None:
    guide = Guide()
    game = Game.new(seed=GUIDED_SEED, names=("You", "Computer (easy)"), first=0)
    came = guide.observe(game.view(0))
    assert [lesson.id for lesson in came][:2] == ["welcome", "turn"]
    assert guide.lesson is not None and guide.lesson.id == "welcome"
    guide.dismiss()
    assert guide.lesson is not None and guide.lesson.id == "turn"
    assert not guide.observe(game.view(0))  # nothing new at the same moment


def test_skipping_hides_the_lessons_but_still_notes_them() -> None:
    guide = Guide()
    game = Game.new(seed=GUIDED_SEED, names=("You", "Computer (easy)"), first=0)
    assert guide.toggle_skip()
    guide.observe(game.view(0))
    assert guide.lesson is None and "welcome" in guide.progress
    assert not guide.toggle_skip()


def test_a_refusal_is_kept_until_the_game_changes() -> None:
    guide = Guide()
    game = Game.new(seed=GUIDED_SEED, names=("You", "Computer (easy)"), first=0)
    lines = guide.refuse(game, "take F4")
    assert lines is not None and guide.refused == lines and "take F4" in lines[0]
    game.apply("pass")
    guide.observe(game.view(0))
    assert guide.refused == lines  # looking again changes nothing
    guide.changed(game.view(0))
    assert guide.refused is None


def test_a_resumed_guide_knows_what_its_record_showed() -> None:
    record, game = _guided(12)
    guide = Guide.resumed(record)
    assert "welcome" in guide.progress
    came = guide.observe(game.view(0))
    assert all(lesson.id not in Guide.resumed(record).progress for lesson in came)


def test_the_rating_chart_draws_one_column_per_game_between_its_scale() -> None:
    lines = rating_chart([1500, 1520, 1480, 1560], width=10, height=4)
    assert [line.split("│")[0].strip() for line in lines] == ["1560", "", "", "1480"]
    columns = ["".join(line.split("│")[1][i] for line in lines) for i in range(4)]
    assert columns[3] == "████" and columns[2] == "   ▁"  # the highest fills, the lowest keeps a sliver
    assert rating_chart([], width=10) == []
    assert len(rating_chart(list(range(100)), width=30, height=3)[0].split("│")[1]) == 30  # the newest 30


def test_a_new_game_at_the_guided_games_end_is_an_ordinary_game() -> None:
    """n at the end deals another game: the guide leaves the table, and nothing of the guided game follows it."""
    guided = guided_session("Ada", confirm=False)
    session, guide = guided.session, guided.guide
    rng = random.Random(5)
    while step(session, rng):
        guide.waiting.clear()  # every lesson read as it comes
    assert session.screen is Screen.END and not guide.left
    assert session.game is not None and guide.summary(session.game.view(PLAYER)) is not None
    session.new_game()
    follow(guided)  # as the screen does after every key
    assert guide.left and guide.lesson is None and guide.refused is None
    assert session.game is not None and not session.game.is_over
    for _ in range(40):
        if not step(session, rng):
            break
        follow(guided)
        assert guide.lesson is None and guide.refused is None  # no lesson of the guided game in this one
    assert guide.summary(session.game.view(PLAYER)) is None
