"""The guided game's explanations beside the table, and the rating chart."""

from __future__ import annotations

from famiglia.engine import Game
from famiglia.persistence import Move, Record
from famiglia.profile.chart import rating_chart
from famiglia.profile.guided_deal import GUIDED_SEED
from famiglia.tui.model.home.guide import Guide


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
