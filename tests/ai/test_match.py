"""Matches and their statistics: seats swapped, seeded games, the same records whatever the number of processes."""

from __future__ import annotations

import math

import pytest

from famiglia.ai.match import play_game, run_match
from famiglia.ai.stats import report, summarize, wilson_interval

pytestmark = pytest.mark.slow

SPECS = ("greedy", "random")


def without_times(records):
    return [(r.index, r.seed, r.seat_of_a, r.scores, r.winner, r.reason, r.turns, r.actions,
             tuple(len(t) for t in r.times)) for r in records]


def test_seats_swap_every_game() -> None:
    records = run_match(SPECS, 4, seed=5)
    assert [r.seat_of_a for r in records] == [0, 1, 0, 1]
    assert [r.index for r in records] == [0, 1, 2, 3]
    assert len({r.seed for r in records}) == 4


def test_a_game_is_the_same_for_the_same_seed_and_index() -> None:
    assert without_times([play_game(SPECS, 3, 1)]) == without_times([play_game(SPECS, 3, 1)])
    assert without_times([play_game(SPECS, 3, 1)]) != without_times([play_game(SPECS, 4, 1)])


def test_processes_do_not_change_the_results() -> None:
    one = run_match(SPECS, 6, seed=2, jobs=1)
    counted: list[int] = []
    two = run_match(SPECS, 6, seed=2, jobs=2, progress=counted.append)
    assert without_times(one) == without_times(two)
    assert sum(counted) == 6


def test_a_record_tells_the_game_from_the_players_side() -> None:
    for r in run_match(SPECS, 4, seed=9):
        assert r.turns >= 2 and r.actions >= r.turns
        assert len(r.times[0]) + len(r.times[1]) == r.actions
        assert all(t >= 0 for ts in r.times for t in ts)
        if r.winner is not None:
            assert r.scores[r.winner] >= r.scores[1 - r.winner]
        assert "pass" in r.reason or "exhaust" in r.reason


def test_an_unknown_player_fails_before_any_game() -> None:
    with pytest.raises(ValueError, match="unknown player"):
        run_match(("greedy", "grandmaster"), 2, seed=1, jobs=2)


@pytest.mark.parametrize(("wins", "games", "low", "high"), [
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (50, 100, 0.4038, 0.5962),
    (90, 100, 0.8256, 0.9448),
])
def test_wilson_interval(wins: int, games: int, low: float, high: float) -> None:
    lo, hi = wilson_interval(wins, games)
    assert math.isclose(lo, low, abs_tol=5e-4) and math.isclose(hi, high, abs_tol=5e-4)
    assert lo <= wins / games <= hi


def test_no_games_give_the_widest_interval() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_summary_counts_add_up() -> None:
    records = run_match(SPECS, 6, seed=4)
    a, b = summarize(SPECS, records)
    assert (a.player, b.player) == SPECS
    assert a.wins + a.draws + a.losses == 6 == b.wins + b.draws + b.losses
    assert a.wins == b.losses and a.draws == b.draws
    assert a.win_rate_low <= a.win_rate <= a.win_rate_high
    assert a.mean_turns == b.mean_turns > 0
    assert a.decisions == sum(len(r.times[0]) for r in records)
    assert a.median_decision_seconds <= a.p95_decision_seconds
    assert report(SPECS, 6, 4, records)["summary"][0] == a.to_dict()
