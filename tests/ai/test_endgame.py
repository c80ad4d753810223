"""The exact endgame solver (famiglia.ai.endgame): values known by hand, and a plain expectimax as the yardstick."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from famiglia.ai.endgame import Solution, solve
from famiglia.ai.endgame_rules import (
    FRESH,
    KINDS,
    accountant_step,
    best_take,
    least_loss,
    ranked,
    take_ends,
    turn_ends,
    useful,
)
from famiglia.ai.ismcts import REFERENCE_LEVELS, ISMCTSPlayer
from famiglia.ai.planner import KEEP
from famiglia.ai.turnsearch import LEVELS, TurnSearch
from famiglia.engine import CARDS, DECK, Game, card
from tests.ai.helpers import SETTINGS
from tests.drivers.exhaustive import TooLarge, exact_value


def position(hands: tuple[str, str], street: str, stack: str, *, to_move: int = 0, start: int = 0,
             exhaustions: int = 1, bottom: int = 0, areas: tuple[str, str] = ("", ""), rest: int = 0,
             passes: int = 0) -> dict[str, Any]:
    """A position of interface.md; the cards not named go to seat `rest`'s play area."""
    named = [*hands[0].split(), *hands[1].split(), *street.split(), *stack.split(), *areas[0].split(),
             *areas[1].split()]
    left = [c.name for c in DECK]
    for name in named:
        left.remove(name)
    play = [areas[0].split(), areas[1].split()]
    play[rest] += left
    return {"players": [{"name": "Anna", "hand": hands[0].split(), "play_area": play[0]},
                        {"name": "Ben", "hand": hands[1].split(), "play_area": play[1]}],
            "street": street.split(), "draw_stack": stack.split(), "discard_pile": [], "exhaustions": exhaustions,
            "start_player": start, "to_move": to_move, "passes": passes, "stack_bottom": bottom}


def value(d: dict[str, Any]) -> float:
    game = Game.from_dict(d, seed=1)
    solution = solve(game.view(game.to_move, memory=True))
    assert solution is not None
    return solution.value


def test_a_lead_no_card_left_can_overturn_is_a_sure_win_and_told_as_one() -> None:
    d = position(("F0 A0", "B0 M0"), "F4 A4", "M4 B4", rest=0)
    game = Game.from_dict(d, seed=1)
    view = game.view(0, memory=True)
    assert value(d) == 1.0
    search = TurnSearch(settings=replace(LEVELS["normal"], endgame=True), level="normal", seed=3)
    assert search.advise(view).chance == 1.0  # no calibration on top of a proof
    assert value({**d, "to_move": 1}) == 0.0


def balanced(hands: tuple[str, str], street: str, stack: str, **kw: Any) -> dict[str, Any]:
    """Like `position`, the other cards split between the play areas so that both hold the same points."""
    d = position(hands, street, stack, **kw)
    pool = d["players"][0]["play_area"] + d["players"][1]["play_area"]
    pool.sort(key=lambda n: -card(n).points)
    areas: list[list[str]] = [[], []]
    for name in pool:  # greedy: each card to the area with fewer points so far
        sums = [sum(card(n).points for n in a) for a in areas]
        areas[0 if sums[0] <= sums[1] else 1].append(name)
    d["players"][0]["play_area"], d["players"][1]["play_area"] = areas
    return d


def scores(d: dict[str, Any]) -> tuple[int, int]:
    return tuple(sum(card(n).points for n in p["hand"] + p["play_area"]) for p in d["players"])  # type: ignore[return-value]


def test_the_last_turn_takes_the_card_that_wins_and_a_brute_opens_it() -> None:
    """The final round's last turn (R9.3): Ben, behind by less than F4's 15 points, wins only by taking F4, which
    his Brute lowers to 1 so that F0 and M1 pay for it (R7.2, R8.3); without the Brute he has lost."""
    def last_turn(bens_hand: str) -> Solution | None:
        d = balanced(("M0 F3", bens_hand), "F4 A0", "", exhaustions=2, to_move=1, start=0)
        a, b = scores(d)
        assert 0 < a - b < 15
        return solve(Game.from_dict(d, seed=1).view(1, memory=True))

    solution = last_turn("B3 F0 M1")
    assert solution is not None and solution.value == 1.0
    assert [str(x) for x in solution.line] == ["brute B3 F4 -3", "take F4 pay F0 keep M1"] or \
        str(solution.line[0]) == "brute B3 F4 -3"
    lost = last_turn("B0 F0 M1")
    assert lost is not None and lost.value == 0.0


def test_a_tie_on_every_card_is_a_draw_worth_one_half() -> None:
    """R11.2: equal totals and equal cards by points are a draw; with nothing left to do the value is ½."""
    d = position(("F0", "A0"), "", "", exhaustions=2, to_move=1, start=0, passes=1)
    d["players"][0]["play_area"], d["players"][1]["play_area"] = _mirror(d)
    game = Game.from_dict(d, seed=1)
    solution = solve(game.view(1, memory=True))
    assert solution is not None and solution.value in (0.0, 0.5, 1.0)
    game.apply("pass")
    result = game.result()
    assert result is not None
    assert solution.value == (0.5 if result.winner is None else float(result.winner == 1))


def _mirror(d: dict[str, Any]) -> tuple[list[str], list[str]]:
    pool = sorted(d["players"][0]["play_area"] + d["players"][1]["play_area"], key=lambda n: card(n).index)
    return pool[0::2], pool[1::2]


def tiny(seed: int) -> dict[str, Any]:
    """A small late position from a seeded shuffle: a short Street and stack, a few cards in each hand."""
    rng = random.Random(seed)
    deck = [c.name for c in DECK]
    rng.shuffle(deck)
    sizes = [rng.randint(1, 3), rng.randint(1, 3), rng.randint(1, 3), rng.randint(1, 3)]
    street, stack = deck[: sizes[0]], deck[sizes[0]: sizes[0] + sizes[1]]
    cut = sizes[0] + sizes[1]
    hands = (deck[cut: cut + sizes[2]], deck[cut + sizes[2]: cut + sizes[2] + sizes[3]])
    rest = deck[cut + sizes[2] + sizes[3]:]
    return {"players": [{"hand": hands[0], "play_area": rest[0::2]}, {"hand": hands[1], "play_area": rest[1::2]}],
            "street": street, "draw_stack": stack, "discard_pile": [], "exhaustions": 1,
            "start_player": rng.randint(0, 1), "to_move": rng.randint(0, 1), "passes": rng.randint(0, 1),
            "stack_bottom": rng.randint(0, len(stack))}


@SETTINGS
@given(st.integers(0, 10**6), st.booleans())
def test_a_turns_ends_found_card_by_card_are_the_ends_found_for_the_whole_street(seed: int, last: bool) -> None:
    """The solver finds a fresh turn's ends once for each card it could take (R7, R8: what a take leaves depends on
    the card, not on the rest of the Street) and once for the pass (R8.5); together they are the turn's ends."""
    rng = random.Random(seed)
    deck = list(range(KINDS)) * 3
    rng.shuffle(deck)
    sizes = [rng.randint(0, 8), rng.randint(0, 14), rng.randint(1, 8), rng.randint(0, 6)]
    hand, area, street, stack = (deck[sum(sizes[:i]): sum(sizes[: i + 1])] for i in range(4))

    def counts(kinds: list[int]) -> tuple[int, ...]:
        return tuple(kinds.count(k) for k in range(KINDS))

    useful_now = useful(tuple(sorted(street)), counts(stack), ())
    whole, _ = turn_ends(counts(hand), counts(area), tuple(sorted(street)), FRESH, useful_now, last=last)
    steps = accountant_step(counts(hand), counts(area), useful_now)
    by_card = [end for c in (-1, *sorted(set(street))) for end in take_ends(steps, c, useful_now, last=last)[0]]
    assert sorted(end[:3] for end in by_card) == sorted(end[:3] for end in whole)


@SETTINGS
@given(st.integers(0, 10**6))
def test_the_narrowed_ways_to_make_a_take_leave_the_hands_worth_most_of_all_its_ways(seed: int) -> None:
    """The narrowed search makes each take in a few ways: those whose hands are worth most by `planner.KEEP`
    (R8.2-R8.4: which pair pays; R6: what the Accountant swapped). `best_take` stops early once no later way can
    be worth more; it must still find the best of them all. With every kind useful, no end is dropped but one
    holding fewer of every kind, so the ends of `take_ends` hold the best."""
    hand, area, street = _seeded_hand_area_street(seed)
    every = (True,) * KINDS
    steps = accountant_step(_counts(hand), _counts(area), every)
    for c in (-1, *sorted(set(street))):
        ends = take_ends(steps, c, every)[0]
        worths = sorted((_worth(end.hand) for end in ends), reverse=True)
        for ways in (1, 2, 3):
            best = best_take(ranked(steps, KEEP), c, KEEP, every, ways=ways)[0]
            assert [_worth(end.hand) for end in best] == worths[:ways]
            assert all(end.taken == c for end in best)
            assert {(end.hand, end.area) for end in best} <= {(end.hand, end.area) for end in ends}
            assert len({(end.hand, end.area) for end in best}) == len(best)


@SETTINGS
@given(st.integers(0, 10**6))
def test_a_take_moves_out_of_the_hand_at_least_the_least_it_can(seed: int) -> None:
    """`best_take` stops once a step's hand, the card taken and the least a take of that card moves out of the hand
    (`least_loss`: the payer, R8.2-R8.4, or a Brute and what is left to pay, R7.2) cannot beat the ways found. Every
    take of every way to end the Accountant step moves out at least that much, and the least is met by a hand that
    holds the genuine card one value lower (or takes a free card)."""
    hand, area, street = _seeded_hand_area_street(seed)
    every = (True,) * KINDS
    for step in accountant_step(_counts(hand), _counts(area), every):
        for c in sorted(set(street)):
            for end in take_ends([step], c, every)[0]:
                assert _worth(end.hand) <= _worth(step[0]) + KEEP[c] - least_loss(KEEP, c) + 1e-9
    c = street[0]
    pair = _counts([c - 1, c - 1] if CARDS[c].value else [])  # R8.2, R8.4: a pair of the genuine card, one pays
    if not CARDS[c].value or least_loss(KEEP, c) == KEEP[c - 1]:  # paying with it is the cheapest way
        ends = take_ends([(pair, _counts([]))], c, every)[0]
        assert max(_worth(end.hand) for end in ends) == _worth(pair) + KEEP[c] - least_loss(KEEP, c)


def _seeded_hand_area_street(seed: int) -> tuple[list[int], list[int], list[int]]:
    """A seeded hand (0-8 cards), play area (0-14) and Street (1-8), as card kinds, from three copies of each."""
    rng = random.Random(seed)
    deck = list(range(KINDS)) * 3
    rng.shuffle(deck)
    sizes = [rng.randint(0, 8), rng.randint(0, 14), rng.randint(1, 8)]
    hand, area, street = (deck[sum(sizes[:i]): sum(sizes[: i + 1])] for i in range(3))
    return hand, area, street


def _counts(kinds: list[int]) -> tuple[int, ...]:
    return tuple(kinds.count(k) for k in range(KINDS))


def _worth(hand: tuple[int, ...]) -> float:
    """A hand's worth for later turns by the planner's measure (`planner.KEEP`)."""
    return sum(KEEP[k] * n for k, n in enumerate(hand))


@SETTINGS
@given(st.integers(0, 10**6))
def test_the_solver_agrees_with_a_plain_expectimax_on_the_engine(seed: int) -> None:
    game = Game.from_dict(tiny(seed), seed=seed)
    try:
        expected = exact_value(game, budget=3000)
    except TooLarge:
        return
    solution = solve(game.view(game.to_move, memory=True))
    assert solution is not None
    assert abs(solution.value - expected) < 1e-9


@pytest.mark.parametrize("narrow", [False, True])
@SETTINGS
@given(st.integers(0, 10**6), st.randoms(use_true_random=False))
def test_the_value_is_the_same_whatever_the_order_of_the_unknown_cards(narrow: bool, seed: int,
                                                                       rng: random.Random) -> None:
    """The solver reads only the seat's view, never the stack's order (R12.2); the narrowed search too."""
    d = tiny(seed)
    known = d["stack_bottom"]
    unknown = d["draw_stack"][: len(d["draw_stack"]) - known]
    rng.shuffle(unknown)
    other = {**d, "draw_stack": unknown + d["draw_stack"][len(unknown):]}
    first, second = (Game.from_dict(x, seed=1) for x in (d, other))
    a, b = (solve(g.view(g.to_move, memory=True), narrow=narrow) for g in (first, second))
    assert (a is None) == (b is None)
    if a is not None and b is not None:
        assert a.value == b.value and a.line == b.line


def test_a_search_with_the_solver_plays_and_tells_its_answer() -> None:
    """With `endgame` on (not yet so at any level: docs/ai.md), the turn search and the tree search play the
    solver's answer where it reaches and tell its exact chance."""
    d = position(("F0 A0", "B0 M0"), "F4 A4", "M4 B4", rest=1)
    game = Game.from_dict(d, seed=1)
    view = game.view(0, memory=True)
    solution = solve(view)
    assert solution is not None and solution.value == 0.0
    searches = (TurnSearch(settings=replace(LEVELS["normal"], endgame=True), level="normal", seed=3),
                ISMCTSPlayer(settings=replace(REFERENCE_LEVELS["hard-2"], endgame=True), level="hard", seed=3))
    for search in searches:
        assert search.choose(view) == solution.line[0]
        advice = search.advise(view)
        assert advice.chance == 0.0 and "lost whatever you play" in advice.words
