"""The search's advice and `win_chance`: the whole line of the turn, the chance in words, the pass rules (R8.5)."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from famiglia.ai import Advice, player, win_chance
from famiglia.ai.ismcts import ISMCTSPlayer, SearchSettings
from famiglia.ai.planner import TurnState, best_plan
from famiglia.ai.playout import PlayoutPolicy
from famiglia.engine import Game, Pass, PlayAccountant, PlayBrute, Refresh, SeatView, Swap, Take
from tests.positions import position

from .helpers import SETTINGS, unfinished

SEED = 8444530208659833594
# A small search with the fitted evaluation and the teacher's rules, for the properties over many positions.
SMALL = SearchSettings(iterations=40, policy=PlayoutPolicy(turns=4, evaluation="fitted"))
CHANCE = re.compile(r"about (\d+)% to win( against the (easy|normal|hard) computer)?$")


def turn_20() -> Game:
    """Game seed 8444530208659833594 (Anna and Ben, Ben first), turn 20: the position of the issue.

    Anna holds F0 F1 A1 M0 M1 M2, her play area B2; the Street M4 M3 M3 F4. The 15 VP turn is
    accountant A1, swap B2 back, brute B2 F4 -2, take F4 pay M2 keep F1.
    """
    d = position(hand0=["F0", "F1", "A1", "M0", "M1", "M2"], area0=["B2"],
                 hand1=["F0", "A0", "B0", "M0", "F2", "B1", "A2"], area1=["F1", "A1", "M1", "B1", "F2"],
                 street=["M4", "M3", "M3", "F4"], discard=["A0", "B0", "F0", "M0", "A1", "B0"],
                 start_player=1, to_move=0)
    random.Random(3).shuffle(d["draw_stack"])
    return Game.from_dict(d, seed=SEED, names=("Anna", "Ben"))


def test_win_chance_is_the_hints_number_and_deterministic() -> None:
    view = turn_20().view(0, memory=True)
    chance = win_chance(view, seed=SEED)
    assert 0.0 <= chance <= 1.0
    assert win_chance(view, seed=SEED) == chance
    advice = player("normal", seed=SEED).advise(view)  # type: ignore[attr-defined]
    assert advice.chance == chance
    found = CHANCE.search(advice.words)
    assert found and int(found.group(1)) == min(99, max(1, round(chance * 100)))
    assert advice.words.endswith("% to win against the normal computer")  # whose play the chance assumes
    action, reason = player("normal", seed=SEED).choose_with_reason(view)
    assert (action, reason) == (advice.action, advice.words)


def test_win_chance_needs_a_search_level_and_the_seat_to_move() -> None:
    game = turn_20()
    with pytest.raises(ValueError, match="no win chance at level 'greedy'"):
        win_chance(game.view(0, memory=True), level="greedy")
    with pytest.raises(ValueError, match="not this seat's turn"):
        win_chance(game.view(1, memory=True))
    with pytest.raises(ValueError, match="public"):
        win_chance(game.view(None))


def _follow(game: Game, advice: Advice) -> Game:
    """Play the advice's line in a copy of `game`; after a refresh, its rest is checked against the Street left."""
    after = game.copy()
    for i, action in enumerate(advice.line):
        if action is advice.after_refresh:
            street_left = [s.card for s in after.view(after.to_move).street]
            street_left.remove(action.card)
            for rest in advice.line[i + 1:]:
                if isinstance(rest, Take | PlayBrute):
                    assert rest.target in street_left if isinstance(rest, PlayBrute) else rest.card in street_left
            return after
        after.apply(action)
    return after


def test_the_hint_tells_the_whole_line_of_the_turn() -> None:
    game = turn_20()
    advice = player("normal", seed=SEED).advise(game.view(0, memory=True))  # type: ignore[attr-defined]
    assert advice.line[0] == advice.action
    assert type(advice.line[-1]) is Take  # the turn ends with the take the search plays for
    assert [type(a) for a in advice.line if type(a) is not Refresh][:4] == [PlayAccountant, Swap, PlayBrute, Take]
    _follow(game, advice)
    if type(advice.action) is Refresh:
        taken = advice.line[-1]
        assert isinstance(taken, Take)
        assert advice.words.startswith(f"refresh {advice.action.card} first — the {taken.card} plan stays open — "
                                       "then accountant A1, swap B2 back for ")
    else:
        assert advice.words.startswith("accountant A1, swap B2 back for ")
    assert f"take {advice.line[-1].card} for " in advice.words
    assert advice.words.endswith("% to win against the normal computer")


def test_the_next_hint_follows_on_after_the_accountant() -> None:
    game = turn_20()
    game.apply("accountant A1")
    advice = player("normal", seed=SEED).advise(game.view(0, memory=True))  # type: ignore[attr-defined]
    assert advice.words.startswith("swap B2 back for ")
    assert str(advice.line[-2:][0]).startswith("brute B2 ") and type(advice.line[-1]) is Take
    after = _follow(game, advice)
    assert after.to_move == 1  # the line played the turn to its end


def test_an_accountant_that_brings_back_a_paying_card() -> None:
    """R6: the pair for F2 is F1 + F1, one of them in the play area; the Accountant swaps it back."""
    street = ["F2", "A3", "B3", "M3", "A4", "B4"]
    g = Game.from_dict(position(hand0=["F1", "A1", "M0"], area0=["F1"], hand1=["A0", "F3", "A2", "B2"],
                                area1=["F2", "M2"], street=street), seed=2)
    advice = ISMCTSPlayer(seed=1, settings=SearchSettings(iterations=200)).advise(g.view(0, memory=True))
    assert [str(a) for a in advice.line] == ["accountant A1", "swap F1 M0", "take F2 pay F1 keep F1"]
    assert advice.words.startswith("accountant A1, swap F1 back for M0, take F2 for 6 VP (pay F1, keep F1); about ")


def test_a_pass_that_wins_at_once_is_always_played_and_said() -> None:
    """R8.5, R10.2: the opponent passed and this seat leads, so a pass wins: every level plays it, the hint says so."""
    street = ["F4", "B4", "M4", "A3", "B3", "M0"]
    g = Game.from_dict(position(hand0=["F3", "A0", "B2"], hand1=["A0", "B0", "F2", "M2"],
                                street=street, passes=1), seed=1)
    view = g.view(0, memory=True)
    words = "pass: you lead by 4 and the opponent passed — this wins the game"
    for spec in ("easy", "normal", "hard"):
        assert player(spec, seed=3).choose_with_reason(view) == (Pass(), words)
    assert win_chance(view, seed=3) == 1.0


def test_a_pass_that_wins_on_the_tie_break() -> None:
    """R11.2: level scores, the better best card wins, so the pass wins the game."""
    g = Game.from_dict(position(hand0=["F2", "A0"], hand1=["A2", "B2"], street=["F4", "B4", "M4", "A3", "B3", "A4"],
                                passes=1), seed=1)
    advice = player("normal", seed=1).advise(g.view(0, memory=True))  # type: ignore[attr-defined]
    assert advice.certain and advice.action == Pass()
    assert advice.words.startswith("pass: the scores are level, your best card wins the tie")


@SETTINGS
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120))
@example(seed=1787, steps=58)  # a pass over a free M0 was once said "rather than take M0 for 0 VP"
def test_a_pass_is_never_advised_over_a_better_take_or_refresh(seed: int, steps: int) -> None:
    game = unfinished(seed, steps)
    view = game.view(game.to_move, memory=True)
    advice = ISMCTSPlayer(seed=seed, settings=SMALL).advise(view)
    assert advice.action in view.legal_actions and advice.line[0] == advice.action
    if type(advice.action) is Pass and not advice.certain:
        chance = advice.chance
        for e in advice.estimates:
            if type(e.action) in (Take, Refresh) and e.visits >= 2:
                assert e.chance <= chance
    assert "for 0 VP" not in advice.words and "0 VP for free" not in advice.words
    assert CHANCE.search(advice.words) or advice.certain


@SETTINGS
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_the_same_seed_and_view_give_the_same_advice(seed: int, steps: int) -> None:
    game = unfinished(seed, steps)
    view = game.view(game.to_move, memory=True)
    first = ISMCTSPlayer(seed=7, settings=SMALL).advise(view)
    random.seed(seed)  # the global generator plays no part
    random.random()
    assert ISMCTSPlayer(seed=7, settings=SMALL).advise(view) == first


def _take_reachable(view: SeatView) -> bool:
    return best_plan(TurnState.from_view(view)).taken is not None


@SETTINGS
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_easy_plays_like_a_beginner(seed: int, steps: int) -> None:
    """Plausible plans: never a pass while a take is reachable (unless the pass wins), never endless refreshes."""
    game = unfinished(seed, steps)
    easy = player("easy", seed=seed)
    for _ in range(30):
        if game.is_over:
            break
        view = game.view(game.to_move, memory=True)
        action, reason = easy.choose_with_reason(view)
        assert action in view.legal_actions and reason
        if type(action) is Pass and not reason.endswith("this wins the game"):
            assert not _take_reachable(view)
        if type(action) is Refresh:
            assert view.refreshes < 4
        game.apply(action)


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "normal-2"])
def test_the_calibration_keeps_the_order(level: str) -> None:
    from famiglia.ai.evaluation import calibrated

    points = [i / 100 for i in range(101)]
    mapped = [calibrated(p, level) for p in points]
    assert all(0.0 < m < 1.0 for m in mapped)  # a search's mean is no certainty; a winning pass is (1.0)
    assert mapped == sorted(mapped)  # a better raw estimate is never told as a worse chance


def test_the_reference_levels_keep_their_raw_estimate_and_old_words() -> None:
    view = turn_20().view(0, memory=True)
    action, reason = player("normal-1", seed=SEED).choose_with_reason(view)
    assert action in view.legal_actions and reason.endswith("% to win)")
    assert win_chance(view, level="normal-1", seed=SEED) == pytest.approx(
        ISMCTSPlayer(SEED, settings=SearchSettings(iterations=100, teacher=False)).search(view).children[action]
        .chance())


def test_win_chance_is_the_calibrated_mean_of_the_search() -> None:
    from famiglia.ai.estimate import estimator
    from famiglia.ai.evaluation import calibrated

    view = turn_20().view(0, memory=True)
    raw = estimator("normal", SEED).advise(view, raw=True).chance
    assert win_chance(view, seed=SEED) == calibrated(raw)
