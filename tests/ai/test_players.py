"""The players' contract: `player(spec, seed)`, a legal action for any view, the same action for the same
seed and view, and nothing taken from what the seat cannot see (R12)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from famiglia.ai import SPECS, Player, player
from famiglia.ai.estimate import estimator
from famiglia.ai.ismcts import REFERENCE_LEVELS, ISMCTSPlayer, SearchSettings
from famiglia.ai.turnsearch import LEVELS, TurnSearch
from famiglia.engine import Game, Pass, Refresh, Take
from tests.positions import position

from .helpers import SETTINGS, at_turn_start, best_take_points, played, tiny_search, tiny_turns, unfinished

seeds = st.integers(min_value=0, max_value=2**32)
steps = st.integers(min_value=0, max_value=160)


def test_the_known_specs() -> None:
    assert SPECS == ("random", "greedy", "easy", "normal", "hard")
    for spec in SPECS:
        p = player(spec, seed=3)
        assert isinstance(p, Player)
        assert p.level == spec
        assert p.name == f"Computer ({spec})"
        assert p.seed == 3


def test_an_unknown_spec_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="random, greedy, easy, normal, hard"):
        player("expert")
    with pytest.raises(ValueError, match="unknown player"):
        player(7)  # type: ignore[arg-type]


def test_levels_are_budgets_that_grow() -> None:
    budgets = [(LEVELS[level].worlds, LEVELS[level].policy.turns) for level in ("easy", "normal", "hard")]
    assert budgets == sorted(budgets) and budgets[0] < budgets[-1]
    p = player("normal")
    assert isinstance(p, TurnSearch) and p.settings == LEVELS["normal"]
    assert isinstance(player("normal-2"), ISMCTSPlayer)  # the search that played normal before, kept to measure against


def test_the_hard_computer_is_the_strongest_player_measured() -> None:
    """hard plays the tree search at its allowance (the turn search at hard's budget lost to it, docs/ai.md):
    before the first exhaustion decision for decision the reference level hard-2, and the exact solver
    where it reaches; the chances told at hard are the turn search's."""
    hard, reference = player("hard", seed=5), player("hard-2", seed=5)
    assert isinstance(hard, ISMCTSPlayer) and hard.level == "hard"
    assert hard.settings == replace(REFERENCE_LEVELS["hard-2"], endgame=True)
    game = Game.new(seed=12)
    view = game.view(game.to_move, memory=True)
    assert hard.choose(view) == reference.choose(view)
    assert isinstance(estimator("hard"), TurnSearch) and estimator("hard").settings == LEVELS["hard"]


def test_a_custom_budget() -> None:
    p = ISMCTSPlayer(seed=2, settings=SearchSettings(iterations=5))
    assert p.level == "custom" and p.settings.iterations == 5
    g = unfinished(4, 20)
    assert p.choose(g.view(g.to_move, memory=True)) in g.legal_actions()


def test_a_view_without_a_decision_is_refused() -> None:
    g = Game.new(seed=1, first=0)
    for p in (player("random"), player("greedy"), tiny_search(), tiny_turns()):
        with pytest.raises(ValueError, match="not this seat's turn"):
            p.choose(g.view(1, memory=True))
        with pytest.raises(ValueError, match="public"):
            p.choose(g.view(None))


def test_the_search_needs_the_memory_aid() -> None:
    g = unfinished(5, 10)
    for search in (tiny_search(), tiny_turns()):
        with pytest.raises(ValueError, match="memory aid"):
            search.choose(g.view(g.to_move))


@SETTINGS
@given(seed=seeds, n=steps)
def test_every_player_chooses_a_legal_action(seed: int, n: int) -> None:
    g = unfinished(seed, n)
    view = g.view(g.to_move, memory=True)
    for p in (player("random", seed=seed), player("greedy", seed=seed), tiny_search(seed), tiny_turns(seed)):
        action, reason = p.choose_with_reason(view)
        assert action in view.legal_actions
        assert reason and "\n" not in reason
        g.copy().apply(action)


def test_the_levels_choose_legal_actions() -> None:
    g = unfinished(11, 30)
    view = g.view(g.to_move, memory=True)
    for level in ("easy", "normal"):
        assert player(level, seed=1).choose(view) in view.legal_actions


@SETTINGS
@given(seed=seeds, n=steps)
def test_same_seed_same_view_same_action(seed: int, n: int) -> None:
    g = unfinished(seed, n)
    view = g.view(g.to_move, memory=True)
    for spec in ("random", "greedy"):
        first = player(spec, seed=seed).choose(view)
        random.seed(seed + 1)  # the players never read the global generator
        random.random()
        assert player(spec, seed=seed).choose(view) == first
    for make in (tiny_search, tiny_turns):
        search = make(seed)
        first = search.choose(view)
        random.seed(seed + 2)
        assert make(seed).choose(view) == first
        assert search.choose(view) == first  # earlier calls of the same player change nothing


def test_a_decision_does_not_depend_on_earlier_calls() -> None:
    views = [unfinished(s, 40) for s in range(4)]
    for make in (tiny_search, tiny_turns):
        alone = [make(9).choose(g.view(g.to_move, memory=True)) for g in views]
        p = make(9)
        in_a_row = [p.choose(g.view(g.to_move, memory=True)) for g in reversed(views)]
        assert in_a_row[::-1] == alone


def test_different_seeds_can_choose_differently() -> None:
    g = unfinished(2, 0)
    view = g.view(g.to_move, memory=True)
    assert len({player("random", seed=s).choose(view) for s in range(30)}) > 1


# -- R12: the draw stack's order is never used ---------------------------------------------------------


def permuted(game: Game, rng: random.Random) -> Game:
    """The same game with the unknown part of the draw stack shuffled; the known bottom (R5.4) stays."""
    d = game.to_dict()
    stack = d["draw_stack"]
    known = d.get("stack_bottom", 0)
    unknown = stack[: len(stack) - known]
    rng.shuffle(unknown)
    d["draw_stack"] = unknown + stack[len(stack) - known:]
    return Game.from_dict(d, seed=game.seed)


def lockstep(seed: int, n: int, make: object) -> int:
    """Play a game and its permuted twin with the same players while their views agree; count the decisions."""
    g = unfinished(seed, n)
    twin = permuted(g, random.Random(seed))
    decided = 0
    while not g.is_over:
        view, twin_view = g.view(g.to_move, memory=True), twin.view(twin.to_move, memory=True)
        if view != twin_view:  # a refresh drew different cards: the seat may now tell the two apart
            break
        p = make(seed)  # type: ignore[operator]
        action = p.choose(view)
        assert make(seed).choose(twin_view) == action  # type: ignore[operator]
        g.apply(action)
        twin.apply(action)
        decided += 1
        if decided >= 12:
            break
    return decided


@SETTINGS
@given(seed=seeds, n=steps)
def test_the_stack_order_is_never_used(seed: int, n: int) -> None:
    for make in (lambda s: player("random", seed=s), lambda s: player("greedy", seed=s), tiny_search, tiny_turns):
        lockstep(seed, n, make)


def test_the_order_test_reaches_known_bottom_cards() -> None:
    """The hidden-order test above also covers views with cards known under the stack (R5.4)."""
    found = 0
    for seed in range(200):
        g = played(seed, 90, pass_rate=0.0)
        if g.is_over or not g.view(0).stack_bottom:
            continue
        found += 1
        assert lockstep(seed, 90, tiny_search) >= 1
        assert lockstep(seed, 90, tiny_turns) >= 1
        if found >= 3:
            break
    assert found >= 1


# -- greedy: the best take of the turn -------------------------------------------------------------------


def test_greedy_plays_its_whole_turn_to_the_best_take() -> None:
    """Asked again after each of its actions, greedy ends the turn with the take an exhaustive search finds best."""
    checked = 0
    for seed in range(40):
        g = at_turn_start(unfinished(seed, 3 * seed))
        if g.is_over:
            continue
        best = best_take_points(g)
        p = player("greedy", seed=seed)
        while True:
            action = p.choose(g.view(g.to_move, memory=True))
            if type(action) is Refresh:
                assert best == -1  # greedy looks at new cards only when nothing can be taken
                break
            g.apply(action)
            if type(action) is Take or type(action) is Pass:
                assert (action.card.points if type(action) is Take else -1) == best
                checked += 1
                break
    assert checked >= 30


def test_greedy_passes_only_when_nothing_can_be_taken_or_refreshed() -> None:
    for seed in range(60):
        g = unfinished(seed, 40)
        view = g.view(g.to_move, memory=True)
        if type(player("greedy").choose(view)) is Pass:
            assert not any(type(a) is Take for a in view.legal_actions)
            assert not any(type(a) is Refresh for a in view.legal_actions)


# -- the search's reasons ------------------------------------------------------------------------------


def test_the_search_passes_to_end_a_won_game() -> None:
    """R8.5, R10.2: the opponent just passed and this seat leads, so a pass wins at once."""
    street = ["A4", "B4", "M4", "A3", "B3", "M3"]
    g = Game.from_dict(position(hand0=["F4", "F3", "A0"], hand1=["A0", "B0"], street=street, passes=1), seed=1)
    view = g.view(0, memory=True)
    action, reason = ISMCTSPlayer(seed=1, settings=SearchSettings(iterations=40)).choose_with_reason(view)
    assert type(action) is Pass
    assert reason == "pass: you lead by 25 and the opponent passed — this wins the game"


def test_the_search_explains_a_take() -> None:
    street = ["F3", "A1", "B1", "M1", "A2", "B3"]
    g = Game.from_dict(position(hand0=["F2", "F2", "A0", "B0"], hand1=["M0"], street=street), seed=1)
    search = ISMCTSPlayer(seed=1, settings=SearchSettings(iterations=40))
    action, reason = search.choose_with_reason(g.view(0, memory=True))
    assert str(action) == "take F3 pay F2 keep F2"
    assert reason.startswith("take F3 for 10 VP (pay F2, keep F2); about ")
    assert reason.endswith("% to win")
