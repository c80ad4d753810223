"""Cards (R1, R2): four families of fifteen, named by their kind (`F4`, `M0`).

There are only twenty kinds of card, and copies of one kind are interchangeable (R1.3), so every
card object is one of twenty interned instances: equality is identity, hashing is cheap, and a hand
can be kept as counts per kind.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import Enum
from typing import Final

from .errors import NotationError, quoted
from .refusals import Kind, Refusal

__all__ = ["CARDS", "DECK", "Card", "Family", "card", "expand", "parse_card", "sorted_cards"]


class Family(Enum):
    """The four families (R1.1), in the order the game lists them."""

    FAMIGLIA = "F"
    ACCOUNTANTS = "A"
    BRUTES = "B"
    MERCENARIES = "M"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def title(self) -> str:
        return _TITLES[self]

    @property
    def colour(self) -> str:
        """The colour of the printed cards (R1.1); the screen pairs it with the letter, never alone."""
        return _COLOURS[self]

    @property
    def index(self) -> int:
        return _FAMILY_ORDER[self]


_TITLES: Final = {
    Family.FAMIGLIA: "La Famiglia",
    Family.ACCOUNTANTS: "Accountants",
    Family.BRUTES: "Brutes",
    Family.MERCENARIES: "Mercenaries",
}
_COLOURS: Final = {
    Family.FAMIGLIA: "red",
    Family.ACCOUNTANTS: "blue",
    Family.BRUTES: "yellow",
    Family.MERCENARIES: "green",
}
_FAMILY_ORDER: Final = {f: i for i, f in enumerate(Family)}

# R1.2: five 0s, four 1s, three 2s, two 3s, one 4 in every family.
COPIES: Final = (5, 4, 3, 2, 1)
# R2: triangular numbers; La Famiglia one step higher.
_POINTS: Final = (0, 1, 3, 6, 10)
_FAMIGLIA_POINTS: Final = (1, 3, 6, 10, 15)


class Card:
    """One kind of card: a family and a printed value 0–4. Use `card("F4")` or `Card.of(family, value)`."""

    __slots__ = ("family", "index", "name", "points", "value")

    family: Family
    value: int
    points: int
    index: int
    name: str

    def __new__(cls, family: Family, value: int) -> Card:  # pragma: no cover - only _make builds cards
        raise TypeError("cards are interned: use card('F4') or Card.of(family, value)")

    @classmethod
    def _make(cls, family: Family, value: int) -> Card:
        self = object.__new__(cls)
        object.__setattr__(self, "family", family)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "points", (_FAMIGLIA_POINTS if family is Family.FAMIGLIA else _POINTS)[value])
        object.__setattr__(self, "index", family.index * 5 + value)
        object.__setattr__(self, "name", f"{family.letter}{value}")
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    @classmethod
    def of(cls, family: Family, value: int) -> Card:
        return CARDS[family.index * 5 + value]

    @property
    def copies(self) -> int:
        """How many copies of this kind the deck holds (R1.2)."""
        return COPIES[self.value]

    @property
    def is_mercenary(self) -> bool:
        return self.family is Family.MERCENARIES

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"card({self.name!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (card, (self.name,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


CARDS: Final[tuple[Card, ...]] = tuple(Card._make(f, v) for f in Family for v in range(5))
_BY_NAME: Final = {c.name: c for c in CARDS}

# The whole deck, one entry per physical card (60), in a fixed order.
DECK: Final[tuple[Card, ...]] = tuple(c for c in CARDS for _ in range(c.copies))


def parse_card(text: str) -> Card:
    """Read a card name like `F4` or `m0` (case and surrounding spaces do not matter).

    Anything else, text or not, raises `NotationError`: only the ASCII digits 0-4 are values.
    """
    if not isinstance(text, str):
        raise NotationError.of(Refusal(Kind.CARD_TEXT, typed=quoted(text)))
    found = _BY_NAME.get(text) or _BY_NAME.get(text.strip().upper())  # the exact name first: the common case
    if found is None:
        raise NotationError.of(Refusal(Kind.CARD_LETTER, typed=quoted(text.strip())))
    return found


def card(text: str) -> Card:
    """Shorthand for `parse_card`, handy in tests and at the prompt."""
    return parse_card(text)


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in the game's order: by family (F, A, B, M), then by value."""
    return sorted(cards, key=_index)


def _index(c: Card) -> int:
    return c.index


def expand(counts: list[int]) -> Iterator[Card]:
    """Every card of a count-per-kind list, in the game's order."""
    for c, n in zip(CARDS, counts, strict=True):
        for _ in range(n):
            yield c
