"""Actions and their notation (interface.md): one small frozen value per kind of action.

`str(action)` is the canonical notation and `parse_action(str(a)) == a` for every action. Parsing is
forgiving about case and spacing, and says in one line what is wrong with text that is no action.
An action built from values of the wrong Python type raises `TypeError` at once; one that is well
typed but impossible (`PlayBrute(B1, F1, -1)`) is refused by the game, with the rule's reason. The
checks cost nothing in play: the legal actions are built once, at import.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum
from typing import Final, Self

from .cards import Card, parse_card
from .errors import NotationError, quoted
from .refusals import Kind, Refusal

__all__ = [
    "Action",
    "Pass",
    "PlayAccountant",
    "PlayBrute",
    "Refresh",
    "Step",
    "Swap",
    "Take",
    "parse_action",
]


# Every action is interned: building one returns the object already made for the same values. So two
# equal actions are the same object, and an action hashes by identity, at C speed: the legal actions are
# dict keys, and a search hashes actions all the time. A value of the wrong type is not interned; its
# `__post_init__` raises the `TypeError` at once.
_INTERNED: dict[tuple[object, ...], object] = {}


def _interned(cls: type, key: tuple[object, ...]) -> object:
    found = _INTERNED.get(key)
    return object.__new__(cls) if found is None else found


def _keep(key: tuple[object, ...], action: object) -> None:
    """Remember a newly built, checked action under `key` (the first one built stays)."""
    _INTERNED.setdefault(key, action)


class Step(IntEnum):
    """The four steps of a turn, in their order (R4)."""

    REFRESH = 1
    ACCOUNTANT = 2
    BRUTE = 3
    TAKE = 4

    @property
    def title(self) -> str:
        return self.name.capitalize()


@dataclass(frozen=True, slots=True)
class _OneCard:
    """An action that names one card and nothing else (a refresh, an Accountant): built, interned and pickled
    alike. `role` says in a refusal of a value of the wrong type what the card is."""

    card: Card
    role = "the card"

    __hash__ = object.__hash__  # interned: equal actions are one object

    def __new__(cls, card: Card) -> Self:
        if type(card) is Card:
            return _interned(cls, (cls, card))  # type: ignore[return-value]
        return object.__new__(cls)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (type(self), (self.card,))

    def __post_init__(self) -> None:
        _need_card(self.card, self.role)
        _keep((type(self), self.card), self)


@dataclass(frozen=True, slots=True)
class Refresh(_OneCard):
    """Step 1 (R5): discard Street card `card` and draw as many cards as its value."""

    step = Step.REFRESH
    role = "the refreshed card"

    __hash__ = object.__hash__  # interned: equal actions are one object

    def __str__(self) -> str:
        return f"refresh {self.card.name}"


@dataclass(frozen=True, slots=True)
class PlayAccountant(_OneCard):
    """Step 2 (R6.1): play Accountant `card` from hand to the play area."""

    step = Step.ACCOUNTANT
    role = "the Accountant"

    __hash__ = object.__hash__  # interned: equal actions are one object

    def __str__(self) -> str:
        return f"accountant {self.card.name}"


@dataclass(frozen=True, slots=True)
class Swap:
    """Step 2 (R6.2): play-area card `out` goes to the hand, hand card `into` goes to the play area."""

    out: Card
    into: Card
    step = Step.ACCOUNTANT

    __hash__ = object.__hash__  # interned: equal actions are one object

    def __new__(cls, out: Card, into: Card) -> Self:
        if type(out) is Card and type(into) is Card:
            return _interned(cls, (cls, out, into))  # type: ignore[return-value]
        return object.__new__(cls)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (type(self), (self.out, self.into))

    def __post_init__(self) -> None:
        _need_card(self.out, "the card swapped out")
        _need_card(self.into, "the card swapped in")
        _keep((Swap, self.out, self.into), self)

    def __str__(self) -> str:
        return f"swap {self.out.name} {self.into.name}"


@dataclass(frozen=True, slots=True, repr=False)
class PlayBrute:
    """Step 3 (R7): play Brute `card` and reduce Street card `target` by `amount`."""

    card: Card
    target: Card
    amount: int
    step = Step.BRUTE

    __hash__ = object.__hash__  # interned: equal actions are one object

    def __new__(cls, card: Card, target: Card, amount: int) -> Self:
        if type(card) is Card and type(target) is Card and type(amount) is int and amount.bit_length() <= 64:
            return _interned(cls, (cls, card, target, amount))  # type: ignore[return-value]
        return object.__new__(cls)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (type(self), (self.card, self.target, self.amount))

    def __post_init__(self) -> None:
        _need_card(self.card, "the Brute")
        _need_card(self.target, "the Brute's target")
        if type(self.amount) is not int:
            raise TypeError(f"a Brute's amount must be a whole number (int), not {quoted(self.amount)}")
        if self.amount.bit_length() <= 64:
            _keep((PlayBrute, self.card, self.target, self.amount), self)

    def __str__(self) -> str:
        return f"brute {self.card.name} {self.target.name} -{_amount(self.amount)}"

    def __repr__(self) -> str:
        return f"PlayBrute(card={self.card!r}, target={self.target!r}, amount={_amount(self.amount)})"


@dataclass(frozen=True, slots=True)
class Take:
    """Step 4 (R8.1–R8.4): take Street card `card`, free (no pair) or paid with `pay` + `keep`.

    `pay` goes to the play area and `keep` back to the hand.
    """

    card: Card
    pay: Card | None = None
    keep: Card | None = None
    step = Step.TAKE

    __hash__ = object.__hash__  # interned: equal actions are one object

    def __new__(cls, card: Card, pay: Card | None = None, keep: Card | None = None) -> Self:
        if type(card) is Card and (pay is None or type(pay) is Card) and (keep is None or type(keep) is Card):
            return _interned(cls, (cls, card, pay, keep))  # type: ignore[return-value]
        return object.__new__(cls)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (type(self), (self.card, self.pay, self.keep))

    def __post_init__(self) -> None:
        _need_card(self.card, "the card taken")
        if self.pay is not None or self.keep is not None:
            if self.pay is None or self.keep is None:
                raise TypeError("a paid take names both cards of the pair, pay and keep; a free take neither")
            _need_card(self.pay, "the paying card")
            _need_card(self.keep, "the kept card")
        _keep((Take, self.card, self.pay, self.keep), self)

    def __str__(self) -> str:
        if self.pay is None or self.keep is None:
            return f"take {self.card.name}"
        return f"take {self.card.name} pay {self.pay.name} keep {self.keep.name}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Step 4 (R8.5): take nothing."""

    step = Step.TAKE
    __hash__ = object.__hash__  # interned: there is one pass

    def __new__(cls) -> Pass:
        found = _INTERNED.get((Pass,))
        if found is None:
            found = _INTERNED[(Pass,)] = object.__new__(cls)
        return found  # type: ignore[return-value]

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (Pass, ())

    def __str__(self) -> str:
        return "pass"


Action = Refresh | PlayAccountant | Swap | PlayBrute | Take | Pass


def _need_card(value: object, what: str) -> None:
    if type(value) is not Card:
        raise TypeError(f"{what} must be a Card, like card('F2'), not {quoted(value)}")


def _amount(amount: int) -> str:
    """An amount as notation; one too long for `str()` (no Brute's anyway) is only named."""
    return str(amount) if amount.bit_length() <= 64 else "(a huge number)"


PASS: Final = Pass()

_USAGE: Final = {
    "pass": Kind.USAGE_PASS,
    "refresh": Kind.USAGE_REFRESH,
    "accountant": Kind.USAGE_ACCOUNTANT,
    "swap": Kind.USAGE_SWAP,
    "brute": Kind.USAGE_BRUTE,
    "take": Kind.USAGE_TAKE,
}
_SPACES: Final = re.compile(r"\s+")
_DIGITS: Final = "0123456789"


def _usage(verb: str, text: str) -> NotationError:
    return NotationError.of(Refusal(_USAGE[verb], typed=quoted(text)))


def parse_action(text: str) -> Action:
    """Read one action in the notation of interface.md; raise `NotationError` for text that is none.

    `brute Bv X` without an amount means the largest reduction the rules allow, min(v, value of X).
    Whether the action is allowed *now* is not checked here: that is the game's business. Anything that
    is not a `str` is no action either, so it too raises `NotationError` (as `Game.apply` does).
    """
    if not isinstance(text, str):
        raise NotationError.of(Refusal(Kind.NOT_TEXT, typed=quoted(text)))
    text = text.strip()
    words = _SPACES.split(text.lower()) if text else []
    if not words:
        return _empty()
    verb, args = words[0], words[1:]
    if verb not in _USAGE:
        raise NotationError.of(Refusal(Kind.VERB, typed=quoted(text)))
    return _parse_words(verb, args, text)


def _card(word: str, text: str) -> Card:
    try:
        return parse_card(word)
    except NotationError:
        raise NotationError.of(Refusal(Kind.NO_CARD, typed=quoted(text), word=quoted(word.upper()))) from None


def _empty() -> Action:
    raise NotationError.of(Refusal(Kind.NO_ACTION))


def _parse_words(verb: str, args: list[str], text: str) -> Action:
    if verb == "pass":
        if args:
            raise _usage(verb, text)
        return PASS
    if verb == "refresh":
        if len(args) != 1:
            raise _usage(verb, text)
        return Refresh(_card(args[0], text))
    if verb == "accountant":
        if len(args) != 1:
            raise _usage(verb, text)
        return PlayAccountant(_card(args[0], text))
    if verb == "swap":
        if len(args) != 2:
            raise _usage(verb, text)
        return Swap(_card(args[0], text), _card(args[1], text))
    if verb == "brute":
        return _parse_brute(args, text)
    return _parse_take(args, text)


def _parse_brute(args: list[str], text: str) -> Action:
    if len(args) not in (2, 3):
        raise _usage("brute", text)
    brute, target = _card(args[0], text), _card(args[1], text)
    if len(args) == 2:
        # interface.md: the short form means the largest k; none exists where either value is 0.
        return PlayBrute(brute, target, min(brute.value, target.value))
    amount = args[2].removeprefix("-")
    if len(amount) != 1 or amount not in _DIGITS:  # ASCII only: str.isdigit() also takes superscripts
        raise NotationError.of(Refusal(Kind.AMOUNT, typed=quoted(text)))
    return PlayBrute(brute, target, _DIGITS.index(amount))


def _parse_take(args: list[str], text: str) -> Action:
    if len(args) == 1:
        return Take(_card(args[0], text))
    if len(args) == 5 and args[1] == "pay" and args[3] == "keep":
        return Take(_card(args[0], text), _card(args[2], text), _card(args[4], text))
    raise _usage("take", text)
