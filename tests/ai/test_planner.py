"""The one-turn planner on literal positions (R6–R8), and its plans are always playable as they stand."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from famiglia.ai import player
from famiglia.ai.planner import TurnState, best_plan, plans
from famiglia.engine import Game, PlayBrute, Step, Take
from tests.positions import position

from .helpers import SETTINGS, at_turn_start, best_take_points, unfinished

STREET = ["F3", "A1", "B1", "M1", "A2", "B3"]


def game(**kw: object) -> Game:
    return Game.from_dict(position(**kw), seed=1)  # type: ignore[arg-type]


def plan_of(g: Game) -> list[str]:
    return [str(a) for a in best_plan(TurnState.from_view(g.view(g.to_move))).actions]


def test_a_plain_take_with_a_genuine_pair() -> None:  # R8.2
    g = game(hand0=["F2", "F2", "A0", "B0"], street=STREET)
    assert plan_of(g) == ["take F3 pay F2 keep F2"]
    action, reason = player("greedy").choose_with_reason(g.view(0, memory=True))
    assert str(action) == "take F3 pay F2 keep F2"
    assert reason == "take F3 for 10 VP (pay F2, keep F2)"


def test_a_mercenary_stands_in_and_stays_in_hand() -> None:  # R8.3, R8.4: the Mercenary is kept for later
    g = game(hand0=["F2", "M3", "A0"], street=STREET)
    assert plan_of(g) == ["take F3 pay F2 keep M3"]


def test_an_accountant_brings_a_payer_back() -> None:  # R6.2: one swap, the least useful card goes out
    g = game(hand0=["A2", "F1", "M0"], area0=["F1"], street=["F2", "A3", "B3", "M3", "A4", "B4"])
    assert plan_of(g) == ["accountant A2", "swap F1 M0", "take F2 pay F1 keep F1"]
    p = player("greedy")
    action, reason = p.choose_with_reason(g.view(0, memory=True))
    assert str(action) == "accountant A2"
    assert reason == "play A2 to bring back F1, then take F2 for 6 VP (pay F1, keep F1)"
    g.apply(action)
    assert str(p.choose(g.view(0, memory=True))) == "swap F1 M0"  # planned again, the same way


def test_a_brute_brings_the_best_card_in_reach() -> None:  # R7.1, R7.2
    g = game(hand0=["B2", "F1", "F1"], street=["F4", "A1", "B1", "M1", "A2", "M2"])
    assert plan_of(g) == ["brute B2 F4 -2", "take F4 pay F1 keep F1"]
    _, reason = player("greedy").choose_with_reason(g.view(0, memory=True))
    assert reason == "use B2 to bring F4 down by 2, then take F4 for 15 VP (pay F1, keep F1)"


def test_a_brute_can_make_a_card_free() -> None:  # R8.1
    g = game(hand0=["B3", "A0"], street=["F3", "A1", "B1", "M1", "A2", "M2"])
    assert plan_of(g) == ["brute B3 F3 -3", "take F3"]


def test_nothing_in_reach_is_a_pass() -> None:
    g = game(hand0=["A0"], street=["F4", "A4", "B4", "M4", "F3", "A3"])
    plan = best_plan(TurnState.from_view(g.view(0)))
    assert plan.taken is None and [str(a) for a in plan.actions] == ["pass"]


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32), n=st.integers(min_value=0, max_value=160))
def test_every_plan_plays_as_it_stands(seed: int, n: int) -> None:
    g = unfinished(seed, n)
    for plan in plans(TurnState.from_view(g.view(g.to_move))):
        after = g.copy()
        for action in plan.actions:
            after.apply(action)  # raises IllegalAction if the plan broke a rule
        assert type(plan.actions[-1]) is Take
        assert after.is_over or after.to_move != g.to_move  # the plan ends the turn
        if g.step >= Step.BRUTE:
            assert not any(type(a) is PlayBrute for a in plan.actions)  # R4.1


@pytest.mark.slow
def test_the_best_plan_matches_an_exhaustive_search() -> None:
    """Like a perft count: the planner's best take equals the best over every action sequence of the turn."""
    for seed in range(60):
        g = unfinished(seed, seed * 2)
        plan = best_plan(TurnState.from_view(g.view(g.to_move)))
        assert (plan.points if plan.taken is not None else -1) == best_take_points(g), seed
        start = at_turn_start(g.copy())
        if not start.is_over:
            plan = best_plan(TurnState.from_view(start.view(start.to_move)))
            assert (plan.points if plan.taken is not None else -1) == best_take_points(start), seed
