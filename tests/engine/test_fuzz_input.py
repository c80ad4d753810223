"""A seeded fuzzer for the engine's ways in: positions (`Game.from_dict`), action text (`parse_action`,
`Game.apply`) and hand-built action objects.

Real positions from random games are mutated (numbers into 1e999, huge or negative numbers, floats,
booleans, deeply nested lists, odd Unicode text, deleted and unknown keys, cards moved between zones),
and random text is built from action words, cards, Unicode digits (superscripts, circled, Arabic-Indic,
full-width), huge numbers and control characters. Only the documented refusals may come out:
`PositionError`, `NotationError`, `IllegalAction` (and `TypeError` for an action object built from
values of the wrong type). A refused action leaves `to_dict()` exactly as it was; a position that is
accepted plays on and round-trips like any other.

A few hundred cases each by default; `FAMIGLIA_FUZZ_CASES=20000` for a longer search, and
`FAMIGLIA_FUZZ_SEED` to start elsewhere.
"""

from __future__ import annotations

import copy
import os
import random
from typing import Any

import pytest

from famiglia.engine import (
    CARDS,
    Game,
    IllegalAction,
    NotationError,
    Pass,
    PlayAccountant,
    PlayBrute,
    PositionError,
    Refresh,
    Swap,
    Take,
    parse_action,
)

pytestmark = pytest.mark.slow

CASES = int(os.environ.get("FAMIGLIA_FUZZ_CASES", "300"))
SEED = int(os.environ.get("FAMIGLIA_FUZZ_SEED", "0"))
HUGE = 10**5000

ODD_TEXT = ["\u00b2", "\u2460", "\u0661", "\uff19", "\uff10", "\u2074", "\U0001d7d9", "\u00bd", "\u2167", "\u00a0",
            "\u3000", "\u200b", "\u202e", "\x00", "\x1b[2J", "\x7f", "\t", "\n", "\r", "\ufeff", "\ud7ff", "ß", "ﬀ",
            "İ", "\u0301", "😀", "\U0010ffff"]
WORDS = ["pass", "refresh", "accountant", "swap", "brute", "take", "pay", "keep", "PASS", "Take", "-", "--", ""]
CARD_NAMES = [c.name for c in CARDS] + [c.name.lower() for c in CARDS] + ["F5", "X1", "F", "1", "F-1", "F01"]


# -- positions ---------------------------------------------------------------------------------------------


def real_positions(count: int, rng: random.Random) -> list[dict[str, Any]]:
    """Positions of random games at random moments, mid-turn and finished ones included."""
    out = []
    while len(out) < count:
        g = Game.new(seed=rng.randrange(2**32))
        stop = rng.randrange(300)
        for _ in range(stop):
            if g.is_over:
                break
            acts = g.legal_actions()
            g.apply(rng.choice([a for a in acts if not isinstance(a, Pass)] or acts))
        out.append(g.to_dict())
    return out


def odd_value(rng: random.Random) -> Any:
    kind = rng.randrange(14)
    if kind == 0:
        return 1e999
    if kind == 1:
        return float("nan")
    if kind == 2:
        return rng.choice([HUGE, -HUGE, 2**64, 2**32, -(2**63)])
    if kind == 3:
        return rng.choice([1.0, 0.5, -1.0, 2.0])
    if kind == 4:
        return rng.choice([True, False])
    if kind == 5:
        deep: Any = []
        for _ in range(rng.choice([2, 50, 5000, 100_000])):
            deep = [deep]
        return deep
    if kind == 6:
        return "".join(rng.choice(ODD_TEXT) for _ in range(rng.randrange(1, 4)))
    if kind == 7:
        return rng.randrange(-3, 70)
    if kind == 8:
        return None
    if kind == 9:
        return rng.choice(CARD_NAMES)
    if kind == 10:
        return {"x": 1} if rng.random() < 0.5 else {1: "x"}
    if kind == 11:
        return rng.choice(["refresh", "accountant", "brute", "take", "passes", "exhaustion", "F1", ""])
    if kind == 12:
        return [rng.choice(CARD_NAMES) for _ in range(rng.randrange(4))]
    return "9" * 5000


def nodes(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON-like value, as a path of keys and indexes (the root is `()`)."""
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += nodes(v, (*path, k))
    elif isinstance(value, list) and len(path) < 8:
        for i, v in enumerate(value):
            out += nodes(v, (*path, i))
    return out


def mutate(position: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    d = copy.deepcopy(position)
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        path = rng.choice(nodes(d)[1:])
        parent: Any = d
        for step in path[:-1]:
            parent = parent[step]
        key = path[-1]
        roll = rng.random()
        if roll < 0.15 and isinstance(parent, dict):
            del parent[key]
        elif roll < 0.25 and isinstance(parent, dict):
            parent[rng.choice(["extra", "Turn", 7, "ended", "stack_bottom", "rng"])] = odd_value(rng)
        elif roll < 0.35 and isinstance(parent, list):
            parent.insert(rng.randrange(len(parent) + 1), odd_value(rng) if rng.random() < 0.5 else parent[key])
        elif roll < 0.45 and isinstance(parent, list):
            del parent[key]
        elif roll < 0.55 and isinstance(parent, list) and len(parent) > 1:
            j = rng.randrange(len(parent))
            parent[key], parent[j] = parent[j], parent[key]
        else:
            parent[key] = odd_value(rng)
    return d


def plays_on(g: Game, rng: random.Random) -> None:
    """An accepted position is a game like any other: it saves, restores, and plays without a surprise."""
    d = g.to_dict()
    assert Game.from_dict(d, seed=1).to_dict() == d
    for seat in (0, 1, None):
        g.view(seat, memory=seat is not None)
    for _ in range(rng.randrange(30)):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
        assert Game.from_dict(g.to_dict(), seed=1).to_dict() == g.to_dict()


def test_from_dict_refuses_mutated_positions_with_position_error_only():
    rng = random.Random(SEED)
    positions = real_positions(min(40, max(5, CASES // 8)), rng)
    refused = 0
    for _ in range(CASES):
        d = mutate(rng.choice(positions), rng)
        try:
            g = Game.from_dict(d, seed=rng.randrange(100))
        except PositionError as error:
            message = str(error)
            assert message and len(message) < 300 and message.isprintable(), message
            refused += 1
            continue
        plays_on(g, rng)
    assert refused > CASES // 2  # most mutations break something; the rest were harmless and played on


def test_from_dict_refuses_what_is_no_position_at_all():
    rng = random.Random(SEED + 1)
    for _ in range(max(20, CASES // 10)):
        with pytest.raises(PositionError):
            Game.from_dict(odd_value(rng))


# -- action text -------------------------------------------------------------------------------------------


def odd_text(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.randrange(1, 7)):
        roll = rng.random()
        if roll < 0.3:
            parts.append(rng.choice(WORDS))
        elif roll < 0.6:
            parts.append(rng.choice(CARD_NAMES))
        elif roll < 0.7:
            parts.append("-" + rng.choice([*ODD_TEXT[:8], "1", "4", "0", "0" * 4300 + "1", "9" * 5000, "1" + "0" * 60]))
        elif roll < 0.85:
            parts.append("".join(rng.choice(ODD_TEXT) for _ in range(rng.randrange(1, 3))))
        else:
            parts.append("".join(chr(rng.randrange(0x110000)) for _ in range(rng.randrange(1, 4))))
    return rng.choice([" ", "  ", "\t", "\u3000", ""]).join(parts)


def test_random_text_is_an_action_a_refusal_or_no_action_and_a_refusal_changes_nothing():
    rng = random.Random(SEED + 2)
    games = [Game.from_dict(d, seed=1) for d in real_positions(10, rng)]
    for _ in range(CASES):
        text = odd_text(rng)
        try:
            action = parse_action(text)
        except NotationError as error:
            assert str(error).isprintable() and len(str(error)) < 300, str(error)
            action = None
        g = rng.choice(games)
        before = g.to_dict()
        try:
            g.apply(text)
        except IllegalAction as error:  # NotationError included
            assert str(error).isprintable() and len(str(error)) < 300, str(error)
            assert g.to_dict() == before
            assert (action is None) == isinstance(error, NotationError)
        else:
            assert action is not None


def test_what_is_not_text_is_no_action():
    rng = random.Random(SEED + 3)
    g = Game.new(seed=1)
    before = g.to_dict()
    for _ in range(max(20, CASES // 10)):
        thing = odd_value(rng)
        if isinstance(thing, str):
            continue
        with pytest.raises(NotationError):
            parse_action(thing)
        with pytest.raises(NotationError):
            g.apply(thing)
        assert g.to_dict() == before


# -- hand-built action objects -----------------------------------------------------------------------------


def field(rng: random.Random) -> Any:
    return rng.choice(CARDS) if rng.random() < 0.6 else odd_value(rng)


def amount(rng: random.Random) -> Any:
    return rng.randrange(-6, 8) if rng.random() < 0.6 else odd_value(rng)


def test_hand_built_actions_are_a_type_error_or_an_action_the_game_judges():
    rng = random.Random(SEED + 4)
    games = [Game.from_dict(d, seed=1) for d in real_positions(10, rng)]
    builds = [
        lambda: Refresh(field(rng)),
        lambda: PlayAccountant(field(rng)),
        lambda: Swap(field(rng), field(rng)),
        lambda: PlayBrute(field(rng), field(rng), amount(rng)),
        lambda: Take(field(rng)),
        lambda: Take(field(rng), field(rng), field(rng)),
        lambda: Take(field(rng), field(rng), None),
    ]
    for _ in range(CASES):
        try:
            action = rng.choice(builds)()
        except TypeError as error:
            assert str(error).isprintable() and len(str(error)) < 300, str(error)
            continue
        g = rng.choice(games)
        before = g.to_dict()
        legal = action in g.legal_actions()
        try:
            g.apply(action)
        except IllegalAction as error:
            assert not legal and g.to_dict() == before
            assert str(error).isprintable() and len(str(error)) < 300, str(error)
        else:
            assert legal
