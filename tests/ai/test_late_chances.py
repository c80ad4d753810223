"""Late positions just outside the solver's reach (R9.2, R5.4: after the first exhaustion, a few cards of unknown place
left): the levels that play the solver tell their chances there by a map of their own, fitted against the solver's
exact values (`evaluation.late_calibration`), under which both seats' chances add up to one as under best play."""

from __future__ import annotations

import pytest

from famiglia.ai import player, win_chance
from famiglia.ai.endgame import solve
from famiglia.ai.estimate import estimator
from famiglia.ai.evaluation import calibrated, late_calibration
from famiglia.ai.turnsearch import TurnSearch
from famiglia.engine import Game, SeatView


def _decision(seed: int, number: int) -> SeatView:
    """The view at decision `number` of a seeded game of greedy against itself."""
    game = Game.new(seed=seed)
    players = (player("greedy", seed=seed - 500), player("greedy", seed=seed - 499))
    for _ in range(number):
        game.apply(players[game.to_move].choose(game.view(game.to_move, memory=True)))
    return game.view(game.to_move, memory=True)


# 9 cards of unknown place under a Street of 7: the solver's budgets miss it, exact and narrowed, and a longer search
# finds it won whatever falls; every playout of the search's advice wins too.
WON = (540, 69)


def test_a_late_position_every_playout_wins_is_told_nearly_certain_but_not_certain() -> None:
    view = _decision(*WON)
    assert view.exhaustions == 1 and solve(view) is None and solve(view, narrow=True) is None  # the search tells it
    assert estimator("normal").advise(view, raw=True).chance == 1.0
    told = win_chance(view, level="normal")
    assert calibrated(1.0, "normal") + 0.05 < told < 1.0  # above the whole game's ceiling, and no proof


@pytest.mark.parametrize("level", ["normal", pytest.param("hard", marks=pytest.mark.slow)])
def test_both_seats_chances_add_up_in_a_late_position(level: str) -> None:
    view = _decision(*WON)
    search = estimator(level)
    assert isinstance(search, TurnSearch) and search.late(view) is not None
    assert search.standing(view, 0) + search.standing(view, 1) == pytest.approx(1.0)


def test_the_reference_level_tells_late_positions_as_it_did() -> None:
    """`normal-3` (before the solver) keeps the chances it told: it has no solver, and the map was not fitted on it."""
    view = _decision(*WON)
    reference = estimator("normal-3")
    assert isinstance(reference, TurnSearch) and reference.late(view) is None
    raw = reference.advise(view, raw=True).chance
    assert win_chance(view, level="normal-3") == calibrated(raw, "normal")


def test_positions_before_the_first_exhaustion_keep_the_levels_own_map() -> None:
    view = _decision(WON[0], 10)
    assert view.exhaustions == 0
    assert late_calibration(view, "normal") is None and late_calibration(view, "easy") is None
    raw = estimator("normal").advise(view, raw=True).chance
    assert win_chance(view, level="normal") == pytest.approx(calibrated(raw, "normal"))
