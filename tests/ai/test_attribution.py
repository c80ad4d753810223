"""Every change of a player's chance put down to one cause: its own move, a draw's luck, or the other seat's move.

A drop of the graph with no decision marked and no luck told is a defect: here the changes between consecutive
chances of seeded analysed games add up to the whole, each of a kind, and the analysis's key moments tell the
largest drop of each player's chance, even where it came as the other seat's turn began (the other seat's
refresh drew the last card, R9.1, R9.3, and its take then won).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from typing import Any

import pytest

from famiglia.ai import player
from famiglia.ai.analysis import Analysis, analyse
from famiglia.ai.attribution import CAUSES, KINDS, shifts
from famiglia.ai.moments import key_moments
from famiglia.engine import Game, SeatView

pytestmark = pytest.mark.slow

NAMES = ("Anna", "Ben")


def game_of(seed: int, players: tuple[str, str]) -> tuple[dict[str, Any], list[tuple[int, str]]]:
    """A whole game between `players` (the first moves first), dealt with `seed`: the deal and the moves."""
    game = Game.new(seed=seed, names=NAMES, first=0)
    start = game.to_dict()
    seats = (player(players[0], 1), player(players[1], 2))
    moves = []
    while not game.is_over:
        action = seats[game.to_move].choose(game.view(game.to_move, memory=True))
        moves.append((game.to_move, str(action)))
        game.apply(action)
    return start, moves


def tail_of(seed: int, players: tuple[str, str], moves: int) -> tuple[dict[str, Any], list[tuple[int, str]]]:
    """The last `moves` moves of that game, and the position they start from."""
    start, played = game_of(seed, players)
    game = Game.from_dict(start, seed=seed, names=NAMES)
    for _, text in played[:-moves]:
        game.apply(text)
    return game.to_dict(), played[-moves:]


def public_views(start: dict[str, Any], seed: int, moves: list[tuple[int, str]]) -> list[SeatView]:
    game = Game.from_dict(start, seed=seed, names=NAMES)
    views = [game.view(None)]
    for _, text in moves:
        game.apply(text)
        views.append(game.view(None))
    return views


@pytest.fixture(scope="module")
def analyses() -> list[Analysis]:
    """Two whole games at easy (one of them cut short: the position now is rated too) and the end of one at
    normal: some seconds in all."""
    found = []
    for seed, players, cut in ((5, ("greedy", "easy"), None), (8, ("easy", "greedy"), 40)):
        start, moves = game_of(seed, players)
        found.append(analyse(start, seed, moves[:cut], NAMES, level="easy"))
    start, moves = tail_of(136, ("easy", "easy"), 12)
    found.append(analyse(start, 136, moves, NAMES, level="normal"))
    return found


def test_the_changes_add_up_to_the_whole_change_of_each_players_chance(analyses: list[Analysis]) -> None:
    for analysis in analyses:
        found = shifts(analysis)
        assert found and all(x.cause in CAUSES for x in found)
        for a, b in pairwise(found):  # one after the other, without a gap, for either player
            assert b.before == a.after and b.step >= a.step
            assert b.chances(1)[0] == pytest.approx(a.chances(1)[1], abs=1e-12)
        for p in (0, 1):
            chances = [analysis.chance(p, k) for k in range(len(analysis.chances))]
            assert sum(x.change(p) for x in found) == pytest.approx(chances[-1] - chances[0], abs=1e-9)
            for k in range(len(chances) - 1):  # every step of the graph, whoever's move or draw it was
                parts = [x for x in found if x.step == k]
                assert sum(x.change(p) for x in parts) == pytest.approx(chances[k + 1] - chances[k], abs=1e-9)
                assert all(x.kind(p) in KINDS for x in parts)
                if abs(chances[k + 1] - chances[k]) > 0.01:  # a change above a point is someone's doing
                    assert any(abs(x.change(p)) > 0 for x in parts)


def test_each_kind_is_what_the_report_shows_for_it(analyses: list[Analysis]) -> None:
    """A decision's part is the chance before it less the chance of what was played (its loss, where it lost
    some), a draw's is its luck line, and the turn passing is what the other seat's search saw as it began."""
    for analysis in analyses:
        found = shifts(analysis)
        for d in analysis.decisions:
            own = [x for x in found if x.move == d.move and x.cause == "decision"]
            assert len(own) == 1 and own[0].kind(d.player) == "decision" and own[0].kind(1 - d.player) == "other"
            assert own[0].chances(d.player) == pytest.approx((d.before, d.played_chance))
            if d.loss:
                assert own[0].change(d.player) == pytest.approx(-d.loss)
        for x in analysis.luck:
            drawn = [s for s in found if s.move == x.move and s.cause == "luck"]
            assert len(drawn) == 1 and drawn[0].change(x.player) == pytest.approx(x.swing)
            assert drawn[0].kind(0) == drawn[0].kind(1) == "luck"
        for x in (s for s in found if s.cause == "turn"):  # the other seat's move, to the one whose turn ended
            assert x.kind(1 - x.seat) == "other" and x.kind(x.seat) == "decision"
            if x.move < len(analysis.decisions):
                assert analysis.decisions[x.move].player == x.seat
                assert x.chances(x.seat)[1] == pytest.approx(analysis.decisions[x.move].before, abs=1e-12)


def test_a_collapse_as_the_other_seat_draws_the_last_card_is_a_key_moment(analyses: list[Analysis]) -> None:
    """Anna's chance falls as Ben's last turn begins: his refresh will draw the last card, so the game ends with
    that round (R9.1, R9.3), and his take then wins. No decision of Anna's is marked for it and no draw's luck
    tells it; the key moments do, in the words of what happened."""
    start, moves = tail_of(136, ("easy", "easy"), 12)
    views = public_views(start, 136, moves)
    analysis = analyses[2]
    refresh = next(d for d in analysis.decisions if d.player == 1 and d.action.startswith("refresh")
                   and views[d.move + 1].exhaustions == 2 > views[d.move].exhaustions)
    assert analysis.decisions[refresh.move - 1].player == 0  # it opened Ben's turn
    assert views[-1].is_over and views[-1].result is not None and views[-1].result.winner == 1
    assert moves[-1][1].startswith("take") and analysis.decisions[-1].turn == refresh.turn
    # as Ben's search tells it: nearly sure, whatever Anna's search had made of the turns before (the solver, exact
    # and narrowed, now marks her take of turn 2 and her Brute mistakes; here the turns before are told as they were
    # before it could, at an even chance, so that the collapse stands alone)
    collapsed = replace(analysis, decisions=tuple(
        replace(d, before=0.99, best_chance=0.99, played_chance=0.99) if d.move == refresh.move else
        replace(d, before=0.5, best_chance=0.5, played_chance=0.5) if d.move < refresh.move else d
        for d in analysis.decisions),
                        luck=tuple(replace(x, expected=0.99, swing=x.after - 0.99) if x.move == refresh.move else
                                   replace(x, expected=0.5, after=0.5, swing=0.0) if x.move < refresh.move else x
                                   for x in analysis.luck))
    for told in (analysis, collapsed):
        drop = min((x for x in shifts(told) if x.move < len(moves)), key=lambda x: x.change(0))
        moments = key_moments(told, views)
        if told is collapsed:
            assert drop.cause == "turn" and drop.move == refresh.move and drop.kind(0) == "other"
        if drop.cause != "turn":
            continue
        moment = next(m for m in moments if m.drop and m.whose == 0)
        taken = moves[-1][1].split()[1]
        assert moment.move == drop.move and moment.kind == "other" and moment.player == 1
        assert moment.words.startswith(f"Anna's chance {drop.chances(0)[0] * 100:.0f}% → "
                                       f"{drop.chances(0)[1] * 100:.0f}% as Ben's turn began")
        if drop.move == refresh.move:  # as told by the solver, Anna's chance falls at an earlier turn of Ben's
            assert (f"Ben played {refresh.action} and drew the last card, so the game ends with this round (R9.3); "
                    f"then Ben took {taken} and won the game.") in moment.words
