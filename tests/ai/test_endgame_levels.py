"""The levels and the exact solver: where it reaches, `normal` and `hard` play its answer, and every chance told
of such a position is its exact value, before the solver takes over as well as after (R9, R11.2)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from famiglia.ai import endgame, player, win_chance
from famiglia.ai.endgame import ends_soon, solve, state_of
from famiglia.ai.turnsearch import LEVELS, TurnSearch
from famiglia.engine import Game, SeatView, Take, card
from tests.ai.test_endgame import tiny


def _late(seed: int) -> tuple[Game, SeatView]:
    game = Game.from_dict(tiny(seed), seed=seed)
    return game, game.view(game.to_move, memory=True)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_levels_play_the_solvers_answer_and_tell_its_chance_exactly(level: str) -> None:
    """A late position won in 1 of the 3 ways its unknown cards can fall with best play: the level plays the
    solver's first action, and its chance is 1/3 itself, with no calibration on top, said to be exact."""
    _, view = _late(1863)
    solution = solve(view)
    assert solution is not None and Fraction(solution.value).limit_denominator(100) == Fraction(1, 3)
    computer = player(level, seed=2)
    assert computer.choose(view) == solution.line[0]
    assert win_chance(view, level=level, seed=4) == solution.value
    words = computer.advise(view).words
    assert "1 in 3" in words and "exact" in words


def test_easy_does_not_play_the_solver() -> None:
    """The beginner plays as a beginner whatever the position; only its chances come from a search."""
    _, view = _late(1863)
    assert "exact" not in player("easy", seed=2).choose_with_reason(view)[1]


def test_every_position_of_the_sure_reach_met_in_games_is_solved() -> None:
    """Where no refresh or deal can come without ending the game (`ends_soon`), the solver always finishes."""
    met = 0
    for seed in range(4):
        game = Game.new(seed=seed)
        players = (player("greedy", seed=seed), player("greedy", seed=seed + 1))
        while not game.is_over:
            view = game.view(game.to_move, memory=True)
            state = state_of(view)
            if state is not None and ends_soon(state):
                met += 1
                assert solve(view) is not None
            game.apply(players[game.to_move].choose(view))
    assert met > 0


@pytest.mark.slow
def test_a_stack_of_known_cards_is_solved_and_told_exactly() -> None:
    """R5.4 puts a refreshed card under the stack, face known: once the unknown cards are drawn, nothing is left to
    chance. The issue's reach counts such a stack: positions the try missed (`endgame.TRY`) are solved with the
    budget of a known stack (`endgame.KNOWN`), and `normal` tells the exact value, with no calibration on it."""
    met = 0
    for seed in (7, 15):
        game = Game.new(seed=seed)
        players = (player("greedy", seed=1), player("greedy", seed=2))
        while not game.is_over:
            view = game.view(game.to_move, memory=True)
            state = state_of(view)
            if (state is not None and not any(state.unknown) and not ends_soon(state)
                    and solve(view, budget=endgame.TRY) is None):
                met += 1
                solution = solve(view)
                assert solution is not None and solution.value in (0.0, 0.5, 1.0)  # no chance left: win, draw or loss
                assert win_chance(view, level="normal") == solution.value
            game.apply(players[game.to_move].choose(view))
    assert met >= 3


def test_a_position_with_few_unknown_cards_just_outside_the_try_is_solved_and_told_exactly() -> None:
    """With a handful of cards of unknown place, a position the try misses is often solved with a little more: the
    levels give it `endgame.NEAR` turns. There the search's chance had erred by up to 90 points (a position won
    whatever falls told 10%); now `normal` tells the exact value, and plays as well as best play."""
    met = 0
    for seed in range(500, 508):
        game = Game.new(seed=seed)
        players = (player("greedy", seed=seed - 500), player("greedy", seed=seed - 499))
        while not game.is_over and met < 4:
            view = game.view(game.to_move, memory=True)
            state = state_of(view)
            if (state is not None and view.my_turn and 0 < sum(state.unknown) <= endgame.NEAR_UNKNOWN
                    and not ends_soon(state) and solve(view, budget=endgame.TRY) is None):
                solution = solve(view)
                if solution is not None:
                    met += 1
                    assert solution.nodes > endgame.TRY
                    assert win_chance(view, level="normal") == solution.value
                    played = player("normal", seed=1).choose(view)  # best play (a winning pass, where one wins now)
                    assert played == solution.line[0] or endgame.value_of(view, played) == solution.value
            game.apply(players[game.to_move].choose(view))
    assert met >= 2


def test_a_take_into_the_sure_reach_is_rated_exactly_before_the_solver_reaches_the_position(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With the position itself out of the solver's try, a take that leads into its sure reach is rated by the
    exact value there (the search's leaves), so the chance does not jump when the solver takes over."""
    game, view = _late(359)
    state = state_of(view)
    assert state is not None and not ends_soon(state)
    take = Take(card("M1"), card("M0"), card("M1"))
    after = game.copy()
    after.apply(take)
    answer = solve(after.view(after.to_move, memory=True))
    assert answer is not None
    monkeypatch.setattr(endgame, "TRY", 0)  # the root out of reach: only the leaves can be exact
    monkeypatch.setattr(endgame, "NEAR", 0)
    assert solve(view) is None
    search = TurnSearch(seed=3, settings=LEVELS["normal"], level="normal")
    assert search.chance_of(view, take) == 1.0 - answer.value


_HEAVY: dict[str, Any] = {"players": [{"hand": ["F0", "F2", "F3", "A1", "A2", "B0", "M0", "M1", "M2"],
                       "play_area": ["F0", "F0", "F1", "F2", "A0", "A0", "A1", "B0", "B1", "M0", "M0", "M1"]},
                      {"hand": ["F1", "F3", "A2", "A3", "M1", "M1"],
                       "play_area": ["F0", "F0", "F1", "A0", "A0", "A0", "A1", "A1", "A2", "B0", "B0", "B0", "B1", "B1",
                                     "B1", "M0", "M0"]}],
          "street": ["F2", "B2", "B3", "B4", "M2", "M3"], "draw_stack": ["F1", "F4", "A4", "B2", "B2", "B3", "M2", "M4",
                                                                          "M3", "A3"],
          "discard_pile": [], "exhaustions": 1, "start_player": 0, "to_move": 0, "passes": 0, "stack_bottom": 2}


def test_where_both_seats_have_hundreds_of_ways_to_make_the_accountant_step_the_solver_only_tries() -> None:
    """A late position of a game between two normal players: eight cards of unknown place, few enough for
    `endgame.NEAR`, but each seat can play an Accountant and swap up to three of a long play area (R6), so each
    turn has hundreds of ends; such positions did not finish within twice NEAR, and each cost the whole of it.
    They get the try. Where only one seat has so many ways, the position keeps NEAR."""
    state = state_of(Game.from_dict(_HEAVY, seed=1).view(0, memory=True))
    assert state is not None and 0 < sum(state.unknown) <= endgame.NEAR_UNKNOWN and not ends_soon(state)
    assert endgame.budget_for(state) == endgame.TRY
    lighter = {**_HEAVY, "players": [_HEAVY["players"][0],  # the other seat's Accountants already played
                                     {"hand": ["F1", "F3", "M1", "M1"],
                                      "play_area": [*_HEAVY["players"][1]["play_area"], "A2", "A3"]}]}
    state = state_of(Game.from_dict(lighter, seed=1).view(0, memory=True))
    assert state is not None and endgame.budget_for(state) == endgame.NEAR
