"""The table's own words: the four steps of a turn, the four families, why a game ended and how a tie broke.

The engine names them in English (`Step.title`, `Family.title`, `EndReason`, `Result.tiebreak`) for its
own messages and records; a player reads them in their language, from here, so the step bar, the menus,
the legend and the end screen say the same words.
"""

from __future__ import annotations

import re
from typing import Final

from famiglia.engine import EndReason, Family, Step

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
# The engine's tie-break sentence (famiglia.engine.scoring), read back to be said in the player's words.
_PLACES: Final = {"the best card": N_("the best card"), "the second-best card": N_("the second-best card"),
                  "the third-best card": N_("the third-best card")}
_TIE: Final = re.compile(r"Tie at (?P<total>[0-9]+) — (?P<name>.+) wins on (?P<place>[^,]+), (?P<card>.+?) against "
                         r"(?P<other>.+)")
_DRAW: Final = re.compile(r"Tie at (?P<total>[0-9]+) with cards of equal points: a draw")
_NTH: Final = re.compile(r"card number (?P<n>[0-9]+)")
_CARD: Final = re.compile(r"(?P<card>[FABM][0-4]) (?P<n>[0-9]+) VP")


def level_name(level: str) -> str:
    """A level of `famiglia.levels.LEVELS` as a player reads it ("easy", "facile", "leicht"); the notation's own word
    (`--vs cpu:easy`, the settings file) stays English, and so does a reference level's (`normal-1`), which is
    a name, not a word."""
    try:
        return _(_LEVELS[level])
    except KeyError:
        return level


def computer_name(level: str) -> str:
    """The computer's name at the table: 'Computer (normal)', 'Computer (normale)', 'Computer (normal)'."""
    return _("Computer ({level})").format(level=level_name(level))


def end_reason(reason: EndReason) -> str:
    """Why the game ended (R10.2), as the end screen says it after "The game ended: "."""
    return _(_REASONS[reason])


def tiebreak(sentence: str) -> str:
    """How equal totals were broken (R11.2), from the engine's English sentence (`Result.tiebreak`, which the
    engine works out), said again in the player's language; a sentence not read here is shown as given."""
    draw = _DRAW.fullmatch(sentence)
    if draw is not None:
        return _("Tie at {total} with cards of equal points: a draw").format(total=draw["total"])
    tie = _TIE.fullmatch(sentence)
    if tie is None:
        return sentence
    return _("Tie at {total} — {name} wins on {place}, {card} against {other}").format(
        total=tie["total"], name=tie["name"], place=_place(tie["place"]), card=_card(tie["card"]),
        other=_card(tie["other"]))


def _place(said: str) -> str:
    try:
        return _(_PLACES[said])
    except KeyError:
        nth = _NTH.fullmatch(said)
        return said if nth is None else _("card number {n}").format(n=nth["n"])


def _card(said: str) -> str:
    if said == "no card (0 VP)":
        return _("no card (0 VP)")
    card = _CARD.fullmatch(said)
    return said if card is None else _("{card} {n} VP").format(card=card["card"], n=card["n"])
