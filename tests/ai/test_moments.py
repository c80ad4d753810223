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
from famiglia.ai.attribution import Shift, shifts
from famiglia.ai.moments import KEY_MOMENTS, SWING, Moment, key_moments
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


def _largest_drop(analysis: Analysis, player: int) -> Shift:
    """The largest drop of `player`'s chance a move of the game told (not the result after the last move)."""
    n = len(analysis.decisions)
    told = [x for x in shifts(analysis) if x.move < n and not (x.cause == "rerated" and x.step == n - 1)]
    return min(told, key=lambda x: (x.change(player), x.step))


def _tells(m: Moment, shift: Shift, player: int) -> bool:
    """Whether moment `m` tells `shift`, the largest drop of `player`'s chance: a swing of the same part of the same
    move (a decision's loss, a draw's luck), or the drop itself (a draw's in the chances of the one who drew)."""
    own_loss = shift.cause == "decision" and shift.seat == player
    kind = "draw" if shift.cause == "luck" else "decision" if own_loss else None
    if m.drop:
        whose = shift.seat if shift.cause == "luck" else player
        return m.move == shift.move and m.whose == whose and m.kind == (kind or "other")
    return m.move == shift.move and m.kind == kind


def _swing(analysis: Analysis, move: int) -> float:
    """How far the move moved its player's chance: its loss, as its row in the table shows it, or its cards'
    luck, as its luck line does, whichever is larger."""
    decision = analysis.decisions[move]
    return max([decision.loss, *(abs(x.swing) for x in analysis.luck if x.move == move)])


def test_the_key_moments_are_the_largest_swings_in_game_order(analysed: tuple[Record, Analysis,
                                                                                list[SeatView]]) -> None:
    _, analysis, views = analysed
    moments = key_moments(analysis, views)
    low, high = KEY_MOMENTS
    assert low <= len(moments) <= high
    assert [m.move for m in moments] == sorted(m.move for m in moments)
    swings = [m for m in moments if not m.drop]  # a player's largest drop that no swing tells comes in their place
    chosen = {m.move for m in swings}
    smallest = min(_swing(analysis, move) for move in chosen)
    assert all(_swing(analysis, d.move) <= smallest for d in analysis.decisions if d.move not in chosen)
    for m in moments:
        decision = analysis.decisions[m.move]
        assert decision.action in m.words and m.turn == decision.turn
        assert f"{m.before * 100:.0f}% → {m.after * 100:.0f}%" in m.words
        drawn = [x for x in analysis.luck if x.move == m.move]
        if m.kind == "draw":  # the chances of the luck line, and their difference as they are shown
            assert (m.before, m.after) == (drawn[0].expected, drawn[0].after)
            assert f"{round(m.after * 100) - round(m.before * 100):+d} points" in m.words
        elif m.kind == "decision":  # the chance before it (the graph's point) and the chance of what was played
            assert (m.before, m.after) == (decision.before, decision.played_chance)
            assert m.before - m.after == pytest.approx(decision.loss)
        else:  # the largest drop of a player's chance, neither a decision's loss nor a draw's: in that player's chances
            assert m.drop and m.kind == "other"
            assert (m.before, m.after) == _largest_drop(analysis, m.whose).chances(m.whose)
    for seat in (0, 1):  # each player's largest drop is told, whoever's move or draw caused it
        worst = _largest_drop(analysis, seat)
        if -worst.change(seat) >= SWING:
            assert any(_tells(m, worst, seat) for m in moments), (seat, worst)


def test_a_plain_take_is_no_key_moment_for_the_change_of_seat_alone(
        analysed: tuple[Record, Analysis, list[SeatView]]) -> None:
    """Where a turn ends the next chance is told from the opponent's seat (R12): the graph's point there alone moves no
    moment. (The turn passing is a moment only as a player's largest drop, told from the decisions' own chances.)

    The game is of two people rated at easy, where each has a chance of their own on both players' turns
    (`Analysis.second`): there a point of the graph is its player's own chance, not the other seat's view. The
    graph of one chance for both is that of a game against the computer, or at normal: the analysis read so."""
    _, analysis, views = analysed
    assert analysis.second
    analysis = replace(analysis, second=())
    takes = [d for d in analysis.decisions if d.action.startswith("take") and d.loss == 0
             and all(x.move != d.move for x in analysis.luck)]
    assert takes
    shifted = list(analysis.chances)
    for d in takes:  # the opponent's view of the next position differs by 30 points from the take's own
        shifted[d.move + 1] = min(1.0, max(0.0, shifted[d.move + 1] + (0.3 if d.player == 0 else -0.3)))
    assert key_moments(replace(analysis, chances=tuple(shifted)), views) == key_moments(analysis, views)


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
    n = len(analysis.decisions)
    losses = data.draw(st.lists(st.floats(0, 1), min_size=n, max_size=n))
    after = data.draw(st.lists(st.floats(0, 1), min_size=len(analysis.luck), max_size=len(analysis.luck)))
    changed = replace(analysis,
                      decisions=tuple(replace(d, loss=loss * d.before, played_chance=d.before - loss * d.before)
                                      for d, loss in zip(analysis.decisions, losses, strict=True)),
                      luck=tuple(replace(x, after=a, swing=a - x.expected) for x, a in zip(analysis.luck, after,
                                                                                           strict=True)))
    moments = key_moments(changed, views)
    low, high = KEY_MOMENTS
    moved = [d.move for d in analysis.decisions if _swing(changed, d.move) > 0]
    assert min(low, len(moved)) <= len(moments) <= high
    swings = [m for m in moments if not m.drop]
    if swings:
        smallest = min(_swing(changed, m.move) for m in swings)
        chosen = {m.move for m in swings}
        assert all(_swing(changed, move) <= smallest for move in moved if move not in chosen)
    for seat in (0, 1):
        worst = _largest_drop(changed, seat)
        assert -worst.change(seat) < SWING or any(_tells(m, worst, seat) for m in moments)
