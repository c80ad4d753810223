"""The key moments of an analysed game: the moves that moved the chances most, said from public facts only."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from famiglia.ai import player
from famiglia.ai.analysis import Analysis
from famiglia.ai.moments import KEY_MOMENTS, key_moments
from famiglia.engine import Game, SeatView
from famiglia.persistence import Move, Record, Store
from famiglia.tui.model import kept_analysis
from famiglia.tui.view import analysis as analysis_text

CARD = re.compile(r"\b[FABM][0-4]\b")


@pytest.fixture(scope="module")
def analysed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Record, Analysis, list[SeatView]]:
    home = tmp_path_factory.mktemp("moments")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("FAMIGLIA_HOME", str(home))
        game = Game.new(seed=5, names=("Anna", "Ben"), first=0)
        record = Record.new(game)
        players = (player("greedy", 1), player("easy", 2))
        moves = []
        while not game.is_over:
            action = players[game.to_move].choose(game.view(game.to_move, memory=True))
            moves.append(Move(game.to_move, action))
            game.apply(action)
        path, record = Store().create(record.with_moves(moves), game)
        analysis = kept_analysis.load_or_analyse(Path(path), record, level="easy")
    return record, analysis, [g.view(None) for g in record.games()]


def _swing(analysis: Analysis, move: int) -> float:
    return abs(analysis.chances[move + 1] - analysis.chances[move])


def test_the_key_moments_are_the_largest_swings_in_game_order(analysed: tuple[Record, Analysis,
                                                                                list[SeatView]]) -> None:
    _, analysis, views = analysed
    moments = key_moments(analysis, views)
    low, high = KEY_MOMENTS
    assert low <= len(moments) <= high
    assert [m.move for m in moments] == sorted(m.move for m in moments)
    chosen = {m.move for m in moments}
    smallest = min(_swing(analysis, move) for move in chosen)
    assert all(_swing(analysis, d.move) <= smallest for d in analysis.decisions if d.move not in chosen)
    for m in moments:
        decision = analysis.decisions[m.move]
        assert decision.action in m.words and m.turn == decision.turn
        assert f"{m.before * 100:.0f}% → {m.after * 100:.0f}%" in m.words  # the chances the graph shows


def test_a_moment_names_only_cards_the_table_showed(analysed: tuple[Record, Analysis, list[SeatView]]) -> None:
    _, analysis, views = analysed
    for m in key_moments(analysis, views):
        shown = {s.card.name for view in views[m.move:m.move + 2] for s in view.street}
        decision = analysis.decisions[m.move]
        shown |= set(CARD.findall(decision.action)) | set(CARD.findall(decision.best))
        shown |= {card for x in analysis.luck if x.move == m.move for card in x.drawn}
        assert set(CARD.findall(m.words)) <= shown, m.words


def test_moments_are_told_from_public_views_only(analysed: tuple[Record, Analysis, list[SeatView]]) -> None:
    record, analysis, _ = analysed
    with pytest.raises(ValueError, match="public"):
        key_moments(analysis, [g.view(0) for g in record.games()])


def test_the_analysis_prints_its_key_moments_first(analysed: tuple[Record, Analysis, list[SeatView]]) -> None:
    record, analysis, _ = analysed
    lines = analysis_text.report_lines(record, analysis, width=80)
    start = lines.index("Key moments (the moves that changed the chances most):")
    graph = next(i for i, line in enumerate(lines) if "chance to win over the game" in line)
    assert start < graph and lines[start + 1].startswith("  turn ")
    assert all(len(line) <= 80 for line in lines[start:graph])


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_whatever_the_chances_three_to_five_moments_and_none_smaller_than_one_left_out(
        analysed: tuple[Record, Analysis, list[SeatView]], data: st.DataObject) -> None:
    _, analysis, views = analysed
    chances = data.draw(st.lists(st.floats(0, 1), min_size=len(analysis.chances), max_size=len(analysis.chances)))
    changed = replace(analysis, chances=tuple(chances))
    moments = key_moments(changed, views)
    low, high = KEY_MOMENTS
    moved = [d.move for d in analysis.decisions if _swing(changed, d.move) > 0]
    assert min(low, len(moved)) <= len(moments) <= high
    if moments:
        smallest = min(_swing(changed, m.move) for m in moments)
        chosen = {m.move for m in moments}
        assert all(_swing(changed, move) <= smallest for move in moved if move not in chosen)
