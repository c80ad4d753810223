"""Why the rules refuse an action, or the notation a line of text, in the player's language, with its rule id.

The engine gives a refusal as a value (`famiglia.engine.refusals.Refusal`: its kind, its rule and the cards,
numbers and steps it names), and its English sentence is its `str()`, the engine's contract
(`Game.why_illegal`, the `reason` of an `IllegalAction`). Here each kind has its sentence in every language:
in English the very words the engine gives (tests/phrasebook/test_refusals.py holds the two to each other),
in Italian and German the sentence of that language, the rule id kept. Nothing is read back from the English.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from famiglia.engine import Card, Step
from famiglia.engine.errors import IllegalAction, quoted
from famiglia.engine.refusals import Kind, Refusal

from .catalogue import N_, _
from .table import step_name

__all__ = ["pay_for", "reason_of", "refusal"]

# Each kind's sentence, its fields named as the engine names them. Where English says a field its own way, the
# kind has a second sentence: a count of none, a card named with "a" (a B1) rather than "an" (an F1, an A1, an
# M1); each language translates both as it says them.
_TEMPLATES: Final[dict[Kind | tuple[Kind, str], str]] = {
    Kind.TOO_LATE: N_("too late for the {wanted} step: this turn is at the {step} step (R4.1)"),
    Kind.ZERO_ON_STREET: N_("the Street has a 0 on it ({card}), so you cannot refresh (R5.1)"),
    Kind.EMPTY_STREET_REFRESH: N_("the Street is empty: nothing to refresh (R10.1)"),
    Kind.USED_UP: N_("the draw stack is used up for good: no more refreshes (R5.6)"),
    Kind.ONCE_A_TURN: N_("after the first exhaustion you may refresh only once a turn (R5.4)"),
    Kind.ALREADY_ACCOUNTANT: N_("you have already played an Accountant this turn (R4.3)"),
    Kind.ALREADY_BRUTE: N_("you have already played a Brute this turn (R4.3)"),
    Kind.NOT_ACCOUNTANT: N_("{card} is not an Accountant: write accountant A1 to A4"),
    Kind.NOT_BRUTE: N_("{card} is not a Brute: write brute B1 to B4"),
    Kind.ACCOUNTANT_ZERO: N_("an Accountant of value 0 has no ability (R4.2)"),
    Kind.BRUTE_ZERO: N_("a Brute of value 0 has no ability (R4.2)"),
    Kind.NOT_IN_HAND: N_("you have no {card} in your hand"),
    Kind.ACCOUNTANT_FIRST: N_("play an Accountant first: swaps come with it (R6.2)"),
    Kind.NO_SWAPS_LEFT: N_("your Accountant has no swaps left (R6.2)"),
    Kind.SAME_SWAP: N_("swapping {card} for {card} changes nothing (R6.2)"),
    Kind.NONE_IN_AREA: N_("there is no {card} in your play area"),
    Kind.ACCOUNTANT_STAYS: N_("the Accountant you just played ({card}) stays in the play area (R6.3)"),
    Kind.MOVED_INTO_AREA: N_("{card} was moved into the play area this turn: it stays (R6.3)"),
    Kind.NONE_IN_HAND: N_("there is no {card} in your hand"),
    Kind.MOVED_INTO_HAND: N_("{card} was moved into your hand this turn: it stays (R6.3)"),
    Kind.NONE_ON_STREET: N_("there is no {card} on the Street"),
    Kind.TARGET_ZERO: N_("{card} has value 0: a Brute cannot target it (R7.2)"),
    Kind.AT_LEAST_ONE: N_("a Brute lowers a card by at least 1 (R7.2)"),
    Kind.BRUTE_AT_MOST: N_("{card} can lower a card by at most {n} (R7.2)"),
    Kind.TARGET_AT_MOST: N_("{card} has value {n}: a Brute can lower it by at most {n} (R7.2)"),
    Kind.NEED_TWO: N_("you need two {card} in your hand, and you have {n}"),  # n: the engine's `have`
    (Kind.NEED_TWO, "none"): N_("you need two {card} in your hand, and you have none"),
    Kind.GAME_OVER: N_("the game is over"),
    Kind.NOT_ON_STREET: N_("{card} is not on the Street"),
    Kind.EMPTY_STREET_TAKE: N_("the Street is empty: nothing to take (R10.1)"),
    Kind.NOT_FREE: N_("{card} has value {n} now, so it is not free: you need two {pair}, or an {pair} and a "
                      "Mercenary above {below} (R8.2)"),
    (Kind.NOT_FREE, "a"): N_("{card} has value {n} now, so it is not free: you need two {pair}, or a {pair} and a "
                             "Mercenary above {below} (R8.2)"),
    Kind.FREE: N_("{card} has value 0 now: it is free, write take {card} (R8.1)"),
    Kind.GENUINE: N_("one card must be a genuine {card}: only one Mercenary may stand in (R8.3)"),
    Kind.PAIR: N_("{card} has value {n} now: you need two {pair}, or an {pair} and a Mercenary above {below} (R8.3)"),
    (Kind.PAIR, "a"): N_("{card} has value {n} now: you need two {pair}, or a {pair} and a Mercenary above {below} "
                         "(R8.3)"),
    # the notation's reader (docs/notation.md): text that is no action at all
    Kind.NO_ACTION: N_("type an action, like take M0 or pass"),
    Kind.NOT_TEXT: N_("{typed} is not an action: an action is a line of text, like take M0"),
    Kind.NOT_AN_ACTION: N_("{typed} is not an action: give an action or its text, like take M0"),
    Kind.VERB: N_("{typed} is not an action: start with pass, refresh, accountant, swap, brute or take"),
    Kind.USAGE_PASS: N_("{typed} is not an action: write pass"),
    Kind.USAGE_REFRESH: N_("{typed} is not an action: write refresh <card>, like refresh B3"),
    Kind.USAGE_ACCOUNTANT: N_("{typed} is not an action: write accountant <Accountant>, like accountant A2"),
    Kind.USAGE_SWAP: N_("{typed} is not an action: write swap <play-area card> <hand card>, like swap F1 M0"),
    Kind.USAGE_BRUTE: N_("{typed} is not an action: write brute <Brute> <Street card> -<amount>, like brute B2 F4 "
                         "-1"),
    Kind.USAGE_TAKE: N_("{typed} is not an action: write take <card>, or take <card> pay <card> keep <card>, like "
                        "take F2 pay F1 keep F1"),
    Kind.NO_CARD: N_("{typed}: {word} is not a card (a family letter F, A, B or M and a value 0-4, like F2)"),
    Kind.AMOUNT: N_("{typed}: write the amount as one digit after the minus, like brute B2 F4 -1"),
    Kind.CARD_TEXT: N_("{typed} is not a card: a card is named by text, like F2"),
    Kind.CARD_LETTER: N_("{typed} is not a card: write a family letter (F, A, B, M) and a value 0-4, like F2"),
}
def refusal(refused: Refusal, *, as_typed: str | None = None) -> str:
    """The engine's refusal `refused`, said in the player's language.

    `as_typed` is the line the player typed, where the engine read it in the notation's words (`prendi xyz`
    read as `take xyz`): a refusal that quotes the line quotes the player's own words.
    """
    kind, given = refused.kind, refused.fields
    fields = {name: step_name(value) if isinstance(value, Step) else str(value) for name, value in given.items()}
    if "have" in fields:
        fields["n"] = fields["have"]
    if "typed" in fields and as_typed is not None:
        fields["typed"] = quoted(as_typed.strip())
    none = kind is Kind.NEED_TWO and given.get("have") == 0
    with_a = kind in (Kind.NOT_FREE, Kind.PAIR) and fields["pair"].startswith("B")  # a B1, but an F1
    return _(_TEMPLATES[(kind, "none") if none else (kind, "a") if with_a else kind]).format(**fields)


def reason_of(error: IllegalAction) -> str:
    """Why the engine refused, alone (without the action it quotes), in the player's language by the refusal's kind;
    an error that carries no refusal gives its own words."""
    return error.reason if error.refusal is None else refusal(error.refusal)


def pay_for(card: Card, takes: Sequence[str]) -> str:
    """A take typed as if free (`take M1`) of a card that is not, by a player who holds a pair that pays for
    it: the takes that do, as they are written (`takes`, in the player's words), one of them in full (R8.2)."""
    if len(takes) == 1:
        return _("{card} is not free: pay with your pair, write {take} (R8.2)").format(card=card, take=takes[0])
    return _("{card} is not free: pay a pair, like {take} (Tab lists all) (R8.2)").format(
        card=card, take=takes[0])
