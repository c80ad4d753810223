"""The turn search: one estimate per position, whichever way the position was reached.

Every candidate of a decision is played out in the same worlds, seeded by what the view knows of the
draw stack, so a step of a plan that draws nothing (an Accountant, a swap, a Brute, R6, R7) meets the
very worlds and playouts the position before it met; a refresh's chance is the mean of the search's
chances after its cards (R5.2).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from famiglia.ai.determinization import common_worlds, draw_text
from famiglia.ai.turnsearch import TurnSearch, after, candidates, proxy
from famiglia.engine import Game, Pass, PlayAccountant, PlayBrute, Refresh, Swap

from .helpers import SETTINGS, TINY_TURNS, tiny_turns, unfinished

MID_TURN = (PlayAccountant, Swap, PlayBrute)


def _mid_turn_view(seed: int, steps: int) -> Game:
    """A game at a moment where a step that draws nothing is allowed, if one comes within a few actions."""
    game = unfinished(seed, steps)
    rng = random.Random(seed)
    for _ in range(12):
        if game.is_over or any(isinstance(a, MID_TURN) for a in game.legal_actions()):
            break
        actions = game.legal_actions()
        game.apply(rng.choice([a for a in actions if type(a) is not Pass] or actions))
    return game


@SETTINGS
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 140))
def test_the_hint_after_a_step_of_its_own_plan_tells_the_same_chance(seed: int, steps: int) -> None:
    """Along the advised plan nothing is drawn, so nothing can change the chance: it is the same number."""
    game = _mid_turn_view(seed, steps)
    if game.is_over:
        return
    view = game.view(game.to_move, memory=True)
    search = tiny_turns(seed)
    advice = search.advise(view)
    if not isinstance(advice.action, MID_TURN):
        return
    next_view = after(view, advice.action)
    assert draw_text(next_view) == draw_text(view)  # nothing drawn: the same worlds
    again = search.advise(next_view)
    assert again.chance >= advice.chance  # the rest of the plan is still there, rated the same
    if again.line == advice.line[1:]:
        assert again.chance == advice.chance


def _stacks(worlds: list[tuple[Game, int]]) -> list[object]:
    return [(w.to_dict()["draw_stack"], seed) for w, seed in worlds]


def test_the_worlds_follow_what_is_known_of_the_stack_not_the_rest_of_the_position() -> None:
    """Common random numbers: the worlds (orders of the stack, playout seeds) depend on the seed and on what the
    view knows of the stack (R12.3), so a step that draws nothing leaves them as they were."""
    game = _mid_turn_view(3, 40)
    view = game.view(game.to_move, memory=True)
    step = next(a for a in view.legal_actions if isinstance(a, MID_TURN))
    worlds = common_worlds(view, None, 6)
    assert _stacks(common_worlds(after(view, step), None, 6)) == _stacks(worlds)
    assert _stacks(common_worlds(view, None, 3)) == _stacks(worlds)[:3]  # fewer worlds are the first of more
    assert _stacks(common_worlds(view, 1, 6)) != _stacks(worlds)  # another seed, other worlds
    refresh = next((a for a in view.legal_actions if type(a) is Refresh), None)
    if refresh is not None:
        drawn = game.copy()
        drawn.apply(refresh)
        assert draw_text(drawn.view(drawn.to_move, memory=True)) != draw_text(view)  # cards drawn: new worlds


def test_a_refresh_is_rated_by_the_search_after_its_cards() -> None:
    """R5.2: a refresh is worth the chance the search tells once its cards are seen. Its playouts finish the
    turn as a quick guess would; the guess's shortfall, measured by the search itself after the first worlds'
    cards, is added back: where the guess is the search's own choice, nothing is."""
    search = tiny_turns(2)
    playouts_only = TurnSearch(2, settings=replace(TINY_TURNS, draws=0))
    found = 0
    for seed in range(80):
        game = unfinished(seed, 20 + seed)
        view = game.view(game.to_move, memory=True)
        refresh = next((a for a in view.legal_actions if type(a) is Refresh), None)
        if refresh is None or view.refreshes:
            continue
        gains = []
        for world, _ in common_worlds(view, 2, TINY_TURNS.draws):
            drawn = world.copy()
            drawn.apply(refresh)
            seen = drawn.view(drawn.to_move, memory=True)
            best = search.advise(seen, raw=True)  # 1.0 for a pass that wins at once (R8.5)
            guess = search.rate(seen, [proxy(seen)])[0]  # rated in all the worlds, as the best is
            gains.append(best.chance - guess.chance)
        expected = min(1.0, max(0.0, playouts_only.chance_of(view, refresh) + sum(gains) / len(gains)))
        assert search.chance_of(view, refresh) == pytest.approx(expected, abs=1e-9)
        found += 1
        if found >= 3:
            break
    assert found >= 1


@SETTINGS
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 140))
def test_the_advice_is_the_best_candidate_and_every_candidate_is_a_whole_turn(seed: int, steps: int) -> None:
    game = unfinished(seed, steps)
    view = game.view(game.to_move, memory=True)
    search = tiny_turns(seed)
    advice = search.advise(view)
    if advice.certain:
        return
    assert advice.estimates[0].action == advice.action and advice.estimates[0].chance == advice.chance
    assert all(e.chance <= advice.chance for e in advice.estimates if e.visits == advice.estimates[0].visits)
    for candidate in candidates(view):
        world = game.copy()
        for action in candidate:
            world.apply(action)  # every step is allowed (R4–R8)
        if type(candidate[0]) is not Refresh:
            assert world.is_over or world.to_move != view.seat  # the turn is over: a take or a pass


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_chance_says_whose_play_it_assumes(level: str) -> None:
    """A level's chance is the chance against that level's computer (its own calibration), and the hint says so."""
    game = unfinished(4, 30)
    view = game.view(game.to_move, memory=True)
    advice = TurnSearch(None, settings=TINY_TURNS, level=level).advise(view)
    assert advice.against == f"against the {level} computer"
    assert advice.certain or advice.words.endswith(f"% to win against the {level} computer")
    assert TurnSearch(None, settings=TINY_TURNS, level=level).advise(view, raw=True).words.endswith("% to win")


def test_a_pass_that_lets_the_opponent_win_by_passing_is_rated_as_lost() -> None:
    # R10.2, R11.2: the scores are level at 21 and Ben's best card (F2) wins the tie, so if Anna passes, Ben
    # passes and wins, as every computer level does (R8.5). The hint once advised that pass ("the search
    # expects more from waiting") at 42%; a take keeps the game going.
    from tests.positions import position

    g = Game.from_dict(position(
        hand0=["F1", "B0", "M0", "M1", "M1", "M2", "M2"],
        area0=["F0", "F0", "A0", "A1", "B0", "B0", "B1", "B2", "B2", "M0", "M0"],
        hand1=["F1", "F1", "F2", "A0", "A0", "A0", "A0", "B1", "B1", "M0", "M1"],
        area1=["F0", "F0", "F0", "F1", "B0", "B0", "M0"],
        street=["A2", "A1", "F3", "M3", "F2", "M2", "F2", "B3"], exhaustions=1), seed=0)
    view = g.view(0, memory=True)
    search = tiny_turns(3)
    assert search.chance_of(view, Pass()) == 0.0
    assert type(search.advise(view).action) is not Pass
