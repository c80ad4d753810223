"""The table's own words: the four steps of a turn, the four families, why a game ended and how a tie broke.

The engine names them in English (`Step.title`, `Family.title`, `EndReason`, `Result.tiebreak`) for its
own messages and records; a player reads them in their language, from here, so the step bar, the menus,
the legend and the end screen say the same words.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import zip_longest
from typing import Final

from famiglia.engine import Card, EndReason, Family, Step

from .catalogue import N_, _

__all__ = ["computer_name", "end_reason", "family_name", "level_name", "step_name", "tiebreak"]

_STEPS: Final = {Step.REFRESH: N_("Refresh"), Step.ACCOUNTANT: N_("Accountant"), Step.BRUTE: N_("Brute"),
                 Step.TAKE: N_("Take")}
_FAMILIES: Final = {Family.FAMIGLIA: N_("La Famiglia"), Family.ACCOUNTANTS: N_("Accountants"),
                    Family.BRUTES: N_("Brutes"), Family.MERCENARIES: N_("Mercenaries")}


def step_name(step: Step) -> str:
    """The step's name in the step bar and as a menu's heading (R4.1)."""
    return _(_STEPS[step])


def family_name(family: Family) -> str:
    """The family's name, as the legend and the rules in that language call it (R1)."""
    return _(_FAMILIES[family])


_LEVELS: Final = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}  # famiglia.levels.LEVELS
_REASONS: Final = {EndReason.PASSES: N_("two passes in a row"),
                   EndReason.EXHAUSTION: N_("the draw stack was exhausted a second time")}
_PLACES: Final = {0: N_("the best card"), 1: N_("the second-best card"), 2: N_("the third-best card")}


def level_name(level: str) -> str:
    """A level of `famiglia.levels.LEVELS` as a player reads it ("easy", "facile", "leicht"); the notation's own word
    (`--vs cpu:easy`, the settings file) stays English."""
    return _(_LEVELS[level])


def computer_name(level: str) -> str:
    """The computer's name at the table: 'Computer (normal)', 'Computer (normale)', 'Computer (normal)'."""
    return _("Computer ({level})").format(level=level_name(level))


def end_reason(reason: EndReason) -> str:
    """Why the game ended (R10.2), as the end screen says it after "The game ended: "."""
    return _(_REASONS[reason])


def tiebreak(total: int, names: tuple[str, str], holdings: tuple[Sequence[Card], Sequence[Card]]) -> str:
    """How equal totals were broken (R11.2): the best single card of hand and play area wins, then the next
    best, a missing card counting 0; worked out from the cards, as the engine breaks it, to be said here."""
    ranked = [sorted(cards, key=lambda c: c.points, reverse=True) for cards in holdings]
    for rank, pair in enumerate(zip_longest(*ranked)):
        worth = [0 if c is None else c.points for c in pair]
        if worth[0] != worth[1]:
            winner = 0 if worth[0] > worth[1] else 1
            place = _(_PLACES[rank]) if rank <= 2 else _("card number {n}").format(n=rank + 1)
            return _("Tie at {total} — {name} wins on {place}, {card} against {other}").format(
                total=total, name=names[winner], place=place, card=_card(pair[winner]), other=_card(pair[1 - winner]))
    return _("Tie at {total} with cards of equal points: a draw").format(total=total)


def _card(card: Card | None) -> str:
    return _("no card (0 VP)") if card is None else _("{card} {n} VP").format(card=card, n=card.points)
