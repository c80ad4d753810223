"""The narrowed endgame search (famiglia.ai.endgame, `narrow`): just outside the exact solver's reach, each later
take made in its two best ways only. Near the exact value, not a proof, and told as such."""

from __future__ import annotations

from functools import cache

import pytest

from famiglia.ai import endgame, player, win_chance
from famiglia.ai.endgame import solve, state_of
from famiglia.ai.estimate import estimator
from famiglia.engine import Game, Pass, Refresh, SeatView, Take
from famiglia.phrasebook import chances


@cache
def _greedy_game_at(seed: int, first: int, move: int) -> SeatView:
    """The view of the seat to move after `move` decisions of a seeded game of greedy against itself (the players
    seeded `first` and `first` + 1, as benchmarks/endgame.py seeds them)."""
    game = Game.new(seed=seed)
    players = (player("greedy", seed=first), player("greedy", seed=first + 1))
    for _ in range(move):
        game.apply(players[game.to_move].choose(game.view(game.to_move, memory=True)))
    return game.view(game.to_move, memory=True)


def _just_outside() -> SeatView:
    """A late position (the first exhaustion past, 8 cards of unknown place) the exact solver does not finish
    within the levels' budget, whose value with best play is 5 in 168."""
    return _greedy_game_at(4002, 2, 78)


def test_just_outside_the_exact_reach_the_narrowed_search_finds_the_value_of_best_play() -> None:
    """The exact search gives up within `endgame.NEAR`; the narrowed one finishes, and its value is the one the
    exact search finds with ten times the turns."""
    view = _just_outside()
    assert solve(view) is None
    narrowed = solve(view, narrow=True)
    assert narrowed is not None and narrowed.narrow
    exact = solve(view, budget=10 * endgame.NEAR)
    assert exact is not None and not exact.narrow
    assert narrowed.value == exact.value == round(5 / 168, 12)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_levels_play_and_tell_the_narrowed_value_without_calling_it_exact(level: str) -> None:
    """`normal` and `hard` play the narrowed search's line and tell its value: near, so not in the exact words,
    but as a chance with best play by both; the analysis rates the move played by the same value as the hint."""
    view = _just_outside()
    narrowed = solve(view, narrow=True)
    assert narrowed is not None
    assert player(level, seed=2).choose(view) == narrowed.line[0]
    assert win_chance(view, level=level, seed=4) == narrowed.value
    advice = estimator(level, 5).advise(view)
    assert chances.best_play() in advice.words and "exact" not in advice.words and not advice.certain
    assert estimator(level, 6).chance_of(view, advice.action) == advice.chance


def test_each_later_take_is_made_the_way_that_keeps_the_better_hand() -> None:
    """How a take is paid decides what the hand can pay for later (R8.2-R8.4). Here, best play wins in 2 of the 3
    ways the unknown cards can fall; narrowed to the way that leaves the hand worth least, the search would call it
    a sure win. Narrowed to the way a player would choose, it finds the 2 in 3."""
    view = _greedy_game_at(1014, 14, 72)
    exact = solve(view)
    narrowed = solve(view, narrow=True)
    assert exact is not None and narrowed is not None
    assert narrowed.value == exact.value == round(2 / 3, 12)


def test_each_later_take_is_made_in_the_two_ways_that_keep_the_better_hands() -> None:
    """The way that keeps the hand worth most is not always best play's: here the Street holds A1 A3 F2 B3 and 7
    cards of unknown place, and the seat to move (F2 F3 M2 M4 in hand) wins 89 in 105 of the ways they can fall
    by refreshing A3. Made in the better way only, each later take would leave the seat 3 in 7; made in the two
    better ways, the narrowed search finds the 89 in 105 (`endgame.WAYS`)."""
    view = _greedy_game_at(4027, 27, 68)
    assert solve(view) is None
    narrowed = solve(view, narrow=True)
    exact = solve(view, budget=10 * endgame.NEAR)
    assert narrowed is not None and exact is not None
    assert narrowed.value == exact.value == round(89 / 105, 12)
    assert str(narrowed.line[0]) == str(exact.line[0]) == "refresh A3"


def test_the_narrowed_search_gives_the_exact_value_on_the_late_positions_of_games() -> None:
    """On the late positions of seeded games the exact solver finishes quickly, the narrowed search agrees with it
    on nearly all (docs/ai.md, "Best play, narrowed": on every late position measured that it finished)."""
    met = same = 0
    for seed in range(2):
        game = Game.new(seed=seed)
        players = (player("greedy", seed=seed), player("greedy", seed=seed + 1))
        while not game.is_over:
            view = game.view(game.to_move, memory=True)
            exact = solve(view, budget=endgame.TRY) if state_of(view) is not None else None
            if exact is not None:
                narrowed = solve(view, narrow=True)
                assert narrowed is not None
                met += 1
                same += narrowed.value == exact.value
                assert abs(narrowed.value - exact.value) <= 0.1
            game.apply(players[game.to_move].choose(view))
    assert met >= 10 and same >= 0.9 * met


def test_where_the_position_is_out_of_reach_no_single_move_of_it_is_valued_by_the_solver() -> None:
    """Neither search finishes this late position, though the narrowed one finishes some of its moves alone (a pass,
    a take of F2 paid with the Mercenary). The analysis sets the chance of the move played against the chance of
    the move advised, so both come from one search: the level's, as the hint's does (`endgame.late_value`)."""
    view = _greedy_game_at(540, 40, 69)
    assert endgame.late_solution(view) is None
    moves = [a for a in view.legal_actions if type(a) in (Take, Pass, Refresh)]
    assert any(endgame.value_of(view, a, narrow=True) is not None for a in moves)
    assert all(endgame.late_value(view, a) is None for a in moves)
    search = estimator("normal", 7)
    advised = search.advise(view).estimate(Pass())
    assert advised is not None and search.chance_of(view, Pass()) == pytest.approx(advised.chance, abs=1e-12)
