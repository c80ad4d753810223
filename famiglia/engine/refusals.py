"""Why the rules refuse an action, or the notation a line of text, as a value (as python-chess's `Status`).

A `Refusal` is its `Kind`, the rule it applies (`"R4.1"`; None for a plain fact, such as a card not held)
and the fields its sentence names: cards, numbers, steps, and what was given as a refusal quotes it. `str()`
is the engine's English sentence with the rule id at its end, the words of `Game.why_illegal` and of an
`IllegalAction`; a screen says the same in the player's language from the kind and the fields
(`famiglia.phrasebook.refusals`), never by reading the English back. This module imports nothing of the
engine, so the cards, the actions and the errors can all use it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum, unique
from types import MappingProxyType

__all__ = ["Kind", "Refusal"]


@unique
class Kind(Enum):
    """Every reason the engine gives; the value is its English sentence, the fields named (the rule id apart)."""

    # the rules (R4–R10), in the order `rules.explain` asks them
    GAME_OVER = "the game is over"
    TOO_LATE = "too late for the {wanted} step: this turn is at the {step} step"
    EMPTY_STREET_REFRESH = "the Street is empty: nothing to refresh"
    USED_UP = "the draw stack is used up for good: no more refreshes"
    ZERO_ON_STREET = "the Street has a 0 on it ({card}), so you cannot refresh"
    ONCE_A_TURN = "after the first exhaustion you may refresh only once a turn"
    NOT_ON_STREET = "{card} is not on the Street"
    NOT_ACCOUNTANT = "{card} is not an Accountant: write accountant A1 to A4"
    NOT_BRUTE = "{card} is not a Brute: write brute B1 to B4"
    ACCOUNTANT_ZERO = "an Accountant of value 0 has no ability"
    BRUTE_ZERO = "a Brute of value 0 has no ability"
    ALREADY_ACCOUNTANT = "you have already played an Accountant this turn"
    ALREADY_BRUTE = "you have already played a Brute this turn"
    NOT_IN_HAND = "you have no {card} in your hand"
    ACCOUNTANT_FIRST = "play an Accountant first: swaps come with it"
    NO_SWAPS_LEFT = "your Accountant has no swaps left"
    SAME_SWAP = "swapping {card} for {card} changes nothing"
    NONE_IN_AREA = "there is no {card} in your play area"
    ACCOUNTANT_STAYS = "the Accountant you just played ({card}) stays in the play area"
    MOVED_INTO_AREA = "{card} was moved into the play area this turn: it stays"
    NONE_IN_HAND = "there is no {card} in your hand"
    MOVED_INTO_HAND = "{card} was moved into your hand this turn: it stays"
    NONE_ON_STREET = "there is no {card} on the Street"
    TARGET_ZERO = "{card} has value 0: a Brute cannot target it"
    AT_LEAST_ONE = "a Brute lowers a card by at least 1"
    BRUTE_AT_MOST = "{card} can lower a card by at most {n}"
    TARGET_AT_MOST = "{card} has value {n}: a Brute can lower it by at most {n}"
    EMPTY_STREET_TAKE = "the Street is empty: nothing to take"
    NOT_FREE = ("{card} has value {n} now, so it is not free: you need two {pair}, or {a_pair} and a Mercenary "
                "above {below}")
    NEED_TWO = "you need two {card} in your hand, and you have {have}"
    FREE = "{card} has value 0 now: it is free, write take {card}"
    GENUINE = "one card must be a genuine {card}: only one Mercenary may stand in"
    PAIR = "{card} has value {n} now: you need two {pair}, or {a_pair} and a Mercenary above {below}"
    # the notation's reader (docs/notation.md): text that is no action, or no card, at all
    NO_ACTION = "type an action, like take M0 or pass"
    NOT_TEXT = "{typed} is not an action: an action is a line of text, like take M0"
    NOT_AN_ACTION = "{typed} is not an action: give an action or its text, like take M0"
    VERB = "{typed} is not an action: start with pass, refresh, accountant, swap, brute or take"
    USAGE_PASS = "{typed} is not an action: write pass"
    USAGE_REFRESH = "{typed} is not an action: write refresh <card>, like refresh B3"
    USAGE_ACCOUNTANT = "{typed} is not an action: write accountant <Accountant>, like accountant A2"
    USAGE_SWAP = "{typed} is not an action: write swap <play-area card> <hand card>, like swap F1 M0"
    USAGE_BRUTE = "{typed} is not an action: write brute <Brute> <Street card> -<amount>, like brute B2 F4 -1"
    USAGE_TAKE = ("{typed} is not an action: write take <card>, or take <card> pay <card> keep <card>, "
                  "like take F2 pay F1 keep F1")
    NO_CARD = "{typed}: {word} is not a card (a family letter F, A, B or M and a value 0-4, like F2)"
    AMOUNT = "{typed}: write the amount as one digit after the minus, like brute B2 F4 -1"
    CARD_TEXT = "{typed} is not a card: a card is named by text, like F2"
    CARD_LETTER = "{typed} is not a card: write a family letter (F, A, B, M) and a value 0-4, like F2"


@dataclass(frozen=True, slots=True, init=False, repr=False)
class Refusal:
    """One refusal: `Refusal(Kind.ZERO_ON_STREET, "R5.1", card=F0)`. `str()` is the engine's English.

    The fields are what the sentence names: `card`, `pair` (cards), `n`, `below` and `have` (whole numbers),
    `wanted` and `step` (steps of the turn), `typed` and `word` (what was given, as a refusal quotes it: short,
    one line, control characters escaped).
    """

    kind: Kind
    rule: str | None
    fields: Mapping[str, object] = field(hash=False)

    def __init__(self, kind: Kind, rule: str | None = None, /, **fields: object) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "fields", MappingProxyType(fields))

    def __str__(self) -> str:
        words = {name: _english(name, value) for name, value in self.fields.items()}
        if "pair" in self.fields:
            words["a_pair"] = _article(words["pair"])
        said = self.kind.value.format(**words)
        return said if self.rule is None else f"{said} ({self.rule})"

    def __repr__(self) -> str:
        args = [f"Kind.{self.kind.name}", repr(self.rule)] + [f"{k}={v!r}" for k, v in self.fields.items()]
        return f"Refusal({', '.join(args)})"

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (_rebuild, (self.kind, self.rule, dict(self.fields)))


def _rebuild(kind: Kind, rule: str | None, fields: dict[str, object]) -> Refusal:
    return Refusal(kind, rule, **fields)


def _english(name: str, value: object) -> str:
    """A field as the English sentence says it: a step by its title, a count of none as "none"."""
    if isinstance(value, Enum):
        return value.name.capitalize()  # a Step: "Refresh"
    if name == "have" and value == 0:
        return "none"
    return str(value)


def _article(card: str) -> str:
    """A card with its article, as its name is spoken: a B1, an F1, an A1, an M1."""
    return f"a {card}" if card.startswith("B") else f"an {card}"
