"""The engine's contract at its edges (interface.md): bad input of any shape gets a `ValueError` subclass
with a reason (`PositionError`, `NotationError`, `IllegalAction`), or a `TypeError` where Python code
passes a value of the wrong type, and never changes the game."""

from __future__ import annotations

import copy
import random
import re
from typing import Any

import pytest

from famiglia.engine import (
    Game,
    IllegalAction,
    NotationError,
    PlayAccountant,
    PlayBrute,
    PositionError,
    Refresh,
    Swap,
    Take,
    card,
    parse_action,
)

from .helpers import NO_ZERO_STREET, ZEROS, game, play, random_moves

F0, F1, F4, B1, B2, A1, M0 = (card(x) for x in ("F0", "F1", "F4", "B1", "B2", "A1", "M0"))
HUGE = 10**5000  # more digits than int() and str() handle by default


def label(value: object) -> str:
    """A test id for any value: huge numbers and deep lists have no printable repr."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"unprintable {type(value).__name__}"
    return text if len(text) < 30 else text[:27] + "..."


def nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


# -- notation: ASCII digits only, any size ------------------------------------------------------------


# str.isdigit() says yes to all of these, int() to some: superscript 2, Arabic-Indic 1, circled 1, full-width 9.
ODD_DIGITS = ["\u00b2", "\u0661", "\u2460", "\uff19"]


@pytest.mark.parametrize("amount", [*ODD_DIGITS, "1\u00b2", "0" * 4300 + "1", "9" * 5000, "-1", "1.0", "+1", "12"],
                         ids=label)
def test_a_brute_amount_is_one_ascii_digit(amount):
    g = game(hand0=["B2"], hand1=ZEROS, street=NO_ZERO_STREET)
    before = g.to_dict()
    with pytest.raises(NotationError, match="one digit"):
        parse_action(f"brute B2 F2 -{amount}")
    with pytest.raises(NotationError):
        g.apply(f"brute B2 F2 -{amount}")
    assert g.to_dict() == before


@pytest.mark.parametrize("text", [*(f"take F{d}" for d in ODD_DIGITS), "take \uff261", "take F1\x1b[2J",
                                  "refresh B\x00"])
def test_cards_are_ascii_and_a_refusal_quotes_odd_text_safely(text):
    with pytest.raises(NotationError) as refusal:
        parse_action(text)
    message = str(refusal.value)
    assert message.isprintable() and "\x1b" not in message and "\x00" not in message


def test_a_refusal_quotes_at_most_a_short_piece_of_what_was_typed():
    with pytest.raises(NotationError) as refusal:
        parse_action("take " + "F" * 5000)
    assert len(str(refusal.value)) < 200
    with pytest.raises(NotationError) as refusal:
        parse_action("x" * 5000)
    assert len(str(refusal.value)) < 200


@pytest.mark.parametrize("thing", [None, 5, HUGE, b"pass", ["pass"], nested(100_000), 1.5], ids=label)
def test_what_is_not_text_is_no_action_for_parse_action_and_apply(thing):
    g = Game.new(seed=1)
    before = g.to_dict()
    with pytest.raises(NotationError, match="not an action"):
        parse_action(thing)
    with pytest.raises(NotationError, match="not an action"):
        g.apply(thing)
    assert g.why_illegal(thing) is not None
    assert g.to_dict() == before


# -- hand-built actions ----------------------------------------------------------------------------------


@pytest.mark.parametrize("build", [
    lambda: Take("F1"),
    lambda: Take(F1, F0, None),
    lambda: Take(F1, None, F0),
    lambda: Take(F1, "F0", "F0"),
    lambda: PlayBrute(B1, F1, "1"),
    lambda: PlayBrute(B1, F1, 1.0),
    lambda: PlayBrute(B1, F1, -1.0),
    lambda: PlayBrute(B1, F1, True),
    lambda: PlayBrute("B1", F1, 1),
    lambda: Refresh(None),
    lambda: Refresh("F1"),
    lambda: PlayAccountant(1),
    lambda: Swap(F1, "F0"),
    lambda: Swap(None, F0),
])
def test_an_action_built_from_values_of_the_wrong_type_raises_type_error(build):
    with pytest.raises(TypeError):
        build()


@pytest.mark.parametrize(("amount", "why"), [(-1, "at least 1"), (0, "at least 1"), (3, "at most 2"),
                                             (HUGE, "at most 2"), (-HUGE, "at least 1")], ids=label)
def test_a_well_typed_brute_that_no_rule_allows_is_refused_by_apply(amount, why):
    g = game(hand0=["B2"], hand1=ZEROS, street=[*NO_ZERO_STREET, "F4"])
    before = g.to_dict()
    with pytest.raises(IllegalAction, match=why) as refusal:
        g.apply(PlayBrute(B2, F4, amount))
    assert len(str(refusal.value)) < 200
    assert g.to_dict() == before


# -- starting a game -------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [[1], 1.5, True, {"a": 1}, b"1"])
def test_a_seed_is_a_whole_number_or_text(seed):
    with pytest.raises(TypeError, match="seed"):
        Game.new(seed=seed)
    with pytest.raises(TypeError, match="seed"):
        Game.from_dict(Game.new(seed=1).to_dict(), seed=seed)
    with pytest.raises(TypeError, match="seed"):
        Game.from_view(Game.new(seed=1).view(0, memory=True), Game.new(seed=1).to_dict()["draw_stack"], seed=seed)


def test_huge_and_text_seeds_are_fine():
    assert Game.new(seed=HUGE).to_dict() == Game.new(seed=HUGE).to_dict()
    assert Game.new(seed="²①").to_dict() == Game.new(seed="²①").to_dict()


@pytest.mark.parametrize(("first", "error"), [("1", TypeError), (True, TypeError), (1.0, TypeError), (2, ValueError),
                                              (-1, ValueError), (HUGE, ValueError)], ids=label)
def test_first_is_0_or_1(first, error):
    with pytest.raises(error, match="first"):
        Game.new(seed=1, first=first)


@pytest.mark.parametrize(("seat", "error"), [("0", TypeError), (True, TypeError), (2, ValueError), (HUGE, ValueError)],
                         ids=label)
def test_a_view_is_for_seat_0_1_or_none(seat, error):
    with pytest.raises(error, match="seat"):
        Game.new(seed=1).view(seat)


# -- positions: every field checked, nothing unreachable -------------------------------------------------


def mid_turn() -> dict[str, Any]:
    """Anna has played an Accountant A2, swapped once, and a Brute: every turn field is set."""
    g = game(hand0=["A2", "B2", "F1", "F1"], area0=["M1"], hand1=ZEROS, street=NO_ZERO_STREET,
             stack=["F3", "F4", "M4"], discard=["M2"])
    play(g, "accountant A2", "swap M1 F1", "brute B2 F2 -2")
    return g.to_dict()


def mid_turn_with(where: tuple[Any, ...], key: Any, value: Any) -> dict[str, Any]:
    """The mid-turn position with `value` put under `key` in the part of it found by the steps `where`."""
    d = mid_turn()
    target: Any = d
    for step in where:
        target = target[step]
    target[key] = value
    return d


def refused(d: dict[str, Any], match: str | None = None) -> None:
    with pytest.raises(PositionError, match=match):
        Game.from_dict(d, seed=1)


def test_the_mid_turn_position_used_below_is_valid():
    d = mid_turn()
    assert Game.from_dict(d, seed=1).to_dict() == d
    assert d["turn"]["step"] == "brute" and d["this_turn"]


BAD_NUMBERS = [1e999, float("nan"), 1.0, True, HUGE, -HUGE, "1", None, [1], nested(50_000)]


@pytest.mark.parametrize("field", ["refreshes", "swaps_left", "reduced", "reduction"])
@pytest.mark.parametrize("bad", BAD_NUMBERS, ids=label)
def test_turn_counters_must_be_whole_numbers_in_range(field, bad):
    d = mid_turn()
    d["turn"][field] = bad
    refused(d)


@pytest.mark.parametrize("field", ["step", "late_refresh", "accountant", "locked_play_area", "locked_hand"])
@pytest.mark.parametrize("bad", [1e999, HUGE, "take", "A9", 3, nested(50_000), {"x": 1}], ids=label)
def test_other_turn_fields_must_have_their_type(field, bad):
    d = mid_turn()
    d["turn"][field] = bad
    refused(d)


@pytest.mark.parametrize("record", ["this_turn", "last_turn"])
@pytest.mark.parametrize("field", ["player", "exhausted", "exhaustions", "action", "drawn"])
@pytest.mark.parametrize("bad", [1e999, 1.0, True, HUGE, -1, 3, "0", "brute B1 F1 -²", nested(50_000)], ids=label)
def test_event_fields_must_have_their_type(record, field, bad):
    g = game(hand0=["F1", "F1", "A2"], hand1=ZEROS, street=NO_ZERO_STREET, stack=["F3", "F4", "M4"])
    play(g, "take F2 pay F1 keep F1", "refresh A1")
    d = g.to_dict()
    d[record][0][field] = bad
    refused(d)


@pytest.mark.parametrize("bad", [
    "abc", [3], [3, [0] * 625], [2, [0] * 625, None], [3, [0] * 624 + [625], None], [3, [-1] * 625, None],
    [3, [2**32] * 625, None], [3, [1.5] * 625, None], [3, [True] * 625, None], [3, [0] * 625, "x"],
    [3, [0] * 625, 1e999], [1e999, [0] * 625, None], [3, nested(50_000), None], [3, [HUGE] * 625, None],
], ids=label)
def test_the_generator_state_must_be_a_real_one(bad):
    d = Game.new(seed=1).to_dict()
    d["rng"] = bad
    refused(d, "rng|generator")


@pytest.mark.parametrize("zone", ["street", "draw_stack", "discard_pile"])
def test_deeply_nested_card_fields_are_refused_with_a_reason(zone):
    d = Game.new(seed=1).to_dict()
    d[zone] = nested(100_000)
    refused(d)
    d = Game.new(seed=1).to_dict()
    d[zone] = [nested(100_000)]
    refused(d)
    d = Game.new(seed=1).to_dict()
    d["players"][0]["hand"] = [HUGE]
    refused(d)


@pytest.mark.parametrize(("where", "key", "value"), [
    ((), "surprise", 1), ((), 1, "x"), ((), None, None), (("players", 0), "age", 3),
])
def test_keys_the_position_format_does_not_name_are_ignored(where, key, value):
    """interface.md lets a position carry more keys than it names: they change nothing."""
    d = mid_turn_with(where, key, value)
    assert Game.from_dict(d, seed=1).to_dict() == Game.from_dict(mid_turn(), seed=1).to_dict()


@pytest.mark.parametrize(("where", "key", "value"), [(("turn",), "extra", 0), (("this_turn", 0), "note", "x")])
def test_unknown_keys_in_the_engines_own_extras_are_refused(where, key, value):
    """The state of a turn under way is the engine's own: a key it never writes is state it cannot honour."""
    refused(mid_turn_with(where, key, value), "unknown|key")


@pytest.mark.parametrize(("key", "bad"), [("exhaustions", 1e999), ("exhaustions", HUGE), ("passes", 1.0),
                                          ("to_move", True), ("start_player", "0"), ("players", nested(50_000)),
                                          ("ended", 5), ("ended", "won"), ("turn", "x"), ("this_turn", 5),
                                          ("stack_bottom", 1e999), ("players", [{"name": HUGE}] * 2)], ids=label)
def test_top_level_fields_must_have_their_type(key, bad):
    d = mid_turn()
    d[key] = bad
    refused(d)


# What no game can reach.


def test_an_end_that_no_game_reached_is_refused():
    fresh = Game.new(seed=1).to_dict()
    refused({**fresh, "ended": "passes"}, "pass")  # passes 0: nobody passed twice (R10.2)
    refused({**fresh, "ended": "exhaustion"}, "exhaust")  # exhaustions 0 (R9.3)
    refused({**mid_turn(), "ended": "passes", "passes": 2}, "turn")  # the end comes between turns


def test_an_end_by_exhaustion_comes_after_the_second_players_turn():
    g = game(hand0=ZEROS, hand1=ZEROS, street=NO_ZERO_STREET, rest="areas", exhaustions=2, start_player=0,
             to_move=1)
    play(g, "pass")
    d = g.to_dict()
    assert d["ended"] == "exhaustion" and Game.from_dict(d).is_over
    refused({**d, "to_move": 0}, "second player")
    refused({**d, "passes": 2}, "pass")


def test_an_empty_street_with_cards_left_to_deal_is_refused_even_at_the_end():
    g = game(hand0=ZEROS, hand1=ZEROS, street=NO_ZERO_STREET, passes=1)
    play(g, "pass")
    d = g.to_dict()
    d["draw_stack"] = d["draw_stack"] + d["street"]
    d["street"] = []
    refused(d, "Street")


def turn_with(**fields: Any) -> dict[str, Any]:
    d = mid_turn()
    d["turn"].update(fields)
    return d


def test_turn_states_that_no_turn_reaches_are_refused():
    refused(turn_with(step="refresh"))  # a Brute reduction during the refresh step
    refused(turn_with(step="accountant"), "Brute")  # the Brute was played, so the step is past the Accountant
    refused(turn_with(step="take"), "take")  # a take or a pass ends the turn
    refused(turn_with(reduced=-1, reduction=0), "Brute")  # the brute step without a reduction
    refused(turn_with(reduction=3))  # more than the B2 in the play area can do
    refused(turn_with(accountant=None), "Accountant")  # swaps without an Accountant
    refused(turn_with(swaps_left=3), "swap")  # an A2 has 2 swaps
    refused(turn_with(accountant="A3"))  # not in the play area
    refused(turn_with(locked_hand=[]), "swap")  # one swap made, but no card moved to the hand
    refused(turn_with(locked_play_area=["A2", "F1", "F1"]), "locked")
    refused(turn_with(late_refresh=True), "refresh")  # no refresh was made, and no exhaustion happened
    refused(turn_with(refreshes=2), "refresh")  # the discard pile holds 1 card: at most 1 refresh before it


def test_swaps_left_without_an_accountant_and_a_reduction_at_the_refresh_step_are_refused():
    d = Game.new(seed=1).to_dict()
    refused({**d, "turn": {"step": "refresh", "swaps_left": 2}}, "Accountant")
    refused({**d, "turn": {"step": "refresh", "reduced": 0, "reduction": 1}}, "Brute")
    refused({**d, "turn": {"step": "accountant"}}, "Accountant")


def test_the_record_of_this_turn_belongs_to_the_player_to_move_and_a_turn_under_way():
    d = mid_turn()
    bad = copy.deepcopy(d)
    bad["this_turn"][0]["player"] = 1
    refused(bad, "this turn")
    bad = copy.deepcopy(d)
    bad["this_turn"].append({"player": 0, "action": "take F1", "drawn": [], "exhausted": 0, "exhaustions": 0})
    refused(bad, "this turn")
    fresh = Game.new(seed=1, first=0).to_dict()
    refused({**fresh, "this_turn": d["this_turn"]}, "this turn")
    bad = copy.deepcopy(d)
    bad["this_turn"][0]["exhaustions"] = 2
    refused(bad, "exhaust")


def test_a_refused_position_raises_position_error_which_is_a_value_error():
    assert issubclass(PositionError, ValueError)
    with pytest.raises(ValueError):
        Game.from_dict({**Game.new(seed=1).to_dict(), "passes": 1e999})


# -- words: a card's value is its value; a tie says plainly how it was broken ------------------------------


@pytest.mark.parametrize(("actions", "action", "reason"), [
    ((), "take F3", "F3 has value 3 now, so it is not free: you need two F2, or an F2 and a Mercenary above 2 (R8.2)"),
    ((), "brute B2 F3 -3", "B2 can lower a card by at most 2 (R7.2)"),
    ((), "brute B2 M1 -2", "M1 has value 1: a Brute can lower it by at most 1 (R7.2)"),
    ((), "brute B2 F0 -1", "F0 has value 0: a Brute cannot target it (R7.2)"),
    ((), "brute B2 F3 -0", "a Brute lowers a card by at least 1 (R7.2)"),
    (("brute B2 M1 -1",), "take M1 pay M0 keep M0", "M1 has value 0 now: it is free, write take M1 (R8.1)"),
    ((), "take F3 pay F1 keep F1", "F3 has value 3 now: you need two F2, or an F2 and a Mercenary above 2 (R8.3)"),
])
def test_R7_R8_refusals_speak_of_a_cards_value(actions, action, reason):
    g = game(hand0=["B2", "M0", "M0", "F1", "F1"], hand1=ZEROS, street=["F3", "M1", "F0", "A2"])
    play(g, *actions)
    with pytest.raises(IllegalAction) as refusal:
        g.apply(action)
    assert refusal.value.reason == reason
    assert str(refusal.value) == f"{action}: {reason}"


def test_no_refusal_says_worth_and_every_reason_starts_in_lower_case_or_with_a_card():
    """The screen capitalizes a refusal itself; "worth" would read as victory points."""
    for seed in range(6):
        rng = random.Random(seed)
        for g, _ in random_moves(seed):
            for text in rng.sample(ALL_TEXTS, 12):
                why = g.why_illegal(text)
                if why is not None:
                    first = why.split()[0]
                    assert "worth" not in why and (first == first.lower() or re.match(r"[FABM][0-4]\b", first)), why


ALL_TEXTS = [f"{verb} {c}" for verb in ("refresh", "accountant", "take") for c in
             (f"{f}{v}" for f in "FABM" for v in range(5))]
ALL_TEXTS += [f"brute B{b} {f}{v} -{k}" for b in range(5) for f in "FABM" for v in range(5) for k in range(6)]
ALL_TEXTS += [f"take {f}{v} pay {p} keep {k}" for f in "FM" for v in range(5) for p in ("F0", "F1", "M2", "M3")
              for k in ("F0", "F1", "M1", "M3")]
ALL_TEXTS += [f"swap {a} {b}" for a in ("F0", "A1", "M2") for b in ("F0", "B1", "M3")]


def ended_by_passes(hand0: list[str], hand1: list[str]) -> Game:
    g = game(hand0=hand0, hand1=hand1, street=["B4"], passes=1)
    play(g, "pass")
    return g


@pytest.mark.parametrize(("hand0", "hand1", "tiebreak"), [
    (["F2"], ["A2", "A2"], "Tie at 6 — Anna wins on the best card, F2 6 VP against A2 3 VP"),
    (["F2", "A2"], ["M3", "A1", "B1", "M1"], "Tie at 9 — Anna wins on the second-best card, A2 3 VP against A1 1 VP"),
    (["F1", "F1", "A2"], ["F1", "F1", "A1", "B1", "M1"],
     "Tie at 9 — Anna wins on the third-best card, A2 3 VP against A1 1 VP"),
    (["F1", "A2", "A2", "A2"], ["F1", "F1", "F1", "A1", "B1", "M1"],
     "Tie at 12 — Anna wins on card number 4, A2 3 VP against A1 1 VP"),
    (["A2", "A2"], ["A2", "A1", "A1", "A1"], "Tie at 6 — Anna wins on the second-best card, A2 3 VP against A1 1 VP"),
    (["F2"], ["M3"], "Tie at 6 with cards of equal points: a draw"),
])
def test_R11_2_the_tie_break_in_plain_words(hand0, hand1, tiebreak):
    assert ended_by_passes(hand0, hand1).result().tiebreak == tiebreak
