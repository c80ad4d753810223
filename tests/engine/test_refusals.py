"""One rule, one place (R4–R8): an action is legal exactly when no rule refuses it, and a refusal says that rule.

`legal_actions()` is the generator; `why_illegal()` asks the rules about one action alone, as python-chess's
`is_legal` does, and `apply` refuses with the same reason. For seeded positions at every moment of a turn
and every action of a broad candidate set — every refresh, Accountant, swap and Brute (any card in any
place, amounts -1 to 5), every take for free and with every pair, and the pass — the two must agree, and a
refused action changes nothing. Over a fixed set of positions every reason the rules give is met.
"""

from __future__ import annotations

import functools
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from famiglia.engine import CARDS, Game, IllegalAction, Pass, PlayAccountant, PlayBrute, Refresh, Swap, Take

from .helpers import game, random_moves, snapshot

pytestmark = pytest.mark.slow

CANDIDATES = (
    [Refresh(c) for c in CARDS]
    + [PlayAccountant(c) for c in CARDS]
    + [Swap(o, i) for o in CARDS for i in CARDS]
    + [PlayBrute(b, t, k) for b in CARDS for t in CARDS for k in range(-1, 6)]
    + [Take(c) for c in CARDS]
    + [Take(c, p, k) for c in CARDS for p in CARDS for k in CARDS]
    + [Pass()]
)

# Every reason a refusal may give, with its placeholders: a card, a digit, a step, a count, a card with its article.
REASONS = (
    "the game is over",  # R10.2
    "too late for the Refresh step: this turn is at the {step} step (R4.1)",
    "too late for the Accountant step: this turn is at the {step} step (R4.1)",
    "the Street is empty: nothing to refresh (R10.1)",
    "the draw stack is used up for good: no more refreshes (R5.6)",
    "the Street has a 0 on it ({card}), so you cannot refresh (R5.1)",
    "after the first exhaustion you may refresh only once a turn (R5.4)",
    "{card} is not on the Street",
    "{card} is not an Accountant: write accountant A1 to A4",
    "{card} is not a Brute: write brute B1 to B4",
    "an Accountant of value 0 has no ability (R4.2)",
    "a Brute of value 0 has no ability (R4.2)",
    "you have already played an Accountant this turn (R4.3)",
    "you have already played a Brute this turn (R4.3)",
    "you have no {card} in your hand",
    "play an Accountant first: swaps come with it (R6.2)",
    "your Accountant has no swaps left (R6.2)",
    "swapping {card} for {card} changes nothing (R6.2)",
    "there is no {card} in your play area",
    "the Accountant you just played ({card}) stays in the play area (R6.3)",
    "{card} was moved into the play area this turn: it stays (R6.3)",
    "there is no {card} in your hand",
    "{card} was moved into your hand this turn: it stays (R6.3)",
    "there is no {card} on the Street",
    "{card} has value 0: a Brute cannot target it (R7.2)",
    "a Brute lowers a card by at least 1 (R7.2)",
    "{card} can lower a card by at most {n} (R7.2)",
    "{card} has value {n}: a Brute can lower it by at most {n} (R7.2)",
    "the Street is empty: nothing to take (R10.1)",
    "{card} has value {n} now, so it is not free: you need two {card}, or {a card} and a Mercenary above {n} (R8.2)",
    "you need two {card} in your hand, and you have {count}",
    "{card} has value 0 now: it is free, write take {card} (R8.1)",
    "one card must be a genuine {card}: only one Mercenary may stand in (R8.3)",
    "{card} has value {n} now: you need two {card}, or {a card} and a Mercenary above {n} (R8.3)",
)
_HOLES = {"{card}": "[FABM][0-4]", "{n}": "[0-9]", "{step}": "(Accountant|Brute)", "{count}": "(none|1)",
          "{a card}": "(an [FAM][0-4]|a B[0-4])"}
_HOLE = re.compile("(" + "|".join(map(re.escape, _HOLES)) + ")")
_PATTERNS = [re.compile("".join(_HOLES.get(part) or re.escape(part) for part in _HOLE.split(r))) for r in REASONS]


@functools.cache
def reason_of(why: str) -> str:
    """The one entry of REASONS that `why` is."""
    found = [r for r, p in zip(REASONS, _PATTERNS, strict=True) if p.fullmatch(why)]
    assert len(found) == 1, f"{why!r} is {found or 'no known reason'}"
    return found[0]


def check_every_candidate(g: Game, *, apply: bool) -> set[str]:
    """Generator and rules agree on every candidate (with `apply`, `apply` too); the reasons met."""
    legal = set(g.legal_actions())
    assert legal <= set(CANDIDATES)  # so nothing the generator gives goes unchecked
    met = set()
    before = snapshot(g)
    for a in CANDIDATES:
        why = g.why_illegal(a)
        assert (a in legal) == (why is None), f"{a}: legal {a in legal}, the rules say {why!r}"
        if why is None:
            continue
        met.add(reason_of(why))
        if apply:
            try:
                g.apply(a)
            except IllegalAction as refused:
                assert refused.reason == why
            else:
                raise AssertionError(f"{a} was applied, but the rules say {why!r}")
    assert snapshot(g) == before  # a refused action changes nothing
    return met


def moment(seed: int, moves: int, pass_rate: float) -> Game:
    """The game of `seed` after `moves` random legal actions, or at its end."""
    for n, (g, _) in enumerate(random_moves(seed, pass_rate=pass_rate)):
        if n == moves:
            return g
    return g  # the last action of the walk ended it


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 120), pass_rate=st.sampled_from([0.0, 0.05, 0.5]))
def test_an_action_is_legal_exactly_when_no_rule_refuses_it_and_apply_says_that_rule(seed, moves, pass_rate):
    check_every_candidate(moment(seed, moves, pass_rate), apply=True)


def built_positions() -> list[Game]:
    """The moments random games rarely reach: an empty Street at the end (R10.1), the stack used up for good
    (R5.6), the one refresh after the first exhaustion made (R5.4), and a swap made with one left (R6.3),
    with a Brute in hand stronger than some Street cards are high (R7.2)."""
    empty = game(street=[], stack=[], rest="areas", exhaustions=2, hand0=["F1", "F1", "A1", "B2", "M3"])
    used_up = game(street=["F1", "A2", "B3", "M1", "F2", "A1"], stack=[], rest="areas", exhaustions=2)
    refreshed = game(street=["F1", "A2", "B3", "M1", "F2", "A1"], stack=["F3"], exhaustions=1)
    refreshed.apply("refresh A1")
    swapped = game(street=["F1", "A2", "B3", "M1", "F2", "A1"], hand0=["A3", "B3", "F0"], area0=["M2", "A1"])
    swapped.apply("accountant A3")
    swapped.apply("swap M2 F0")  # R6.3: F0 stays in the play area and M2 in the hand; one more swap is left
    return [empty, used_up, refreshed, swapped]


def test_every_reason_the_rules_give_is_met_and_agrees_with_the_generator():
    met: set[str] = set()
    for g in built_positions():
        met |= check_every_candidate(g, apply=False)
    for seed in range(8):
        sample = random.Random(-seed)
        for g, _ in random_moves(seed):
            if sample.random() < 0.15:
                met |= check_every_candidate(g, apply=False)
        met |= check_every_candidate(g, apply=False)  # the end
    assert [r for r in REASONS if r not in met] == []
