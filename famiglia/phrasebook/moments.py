"""The key moments of an analysed game in words: a decision and what it gave away, or the cards drawn after it.

The analysis (`famiglia.ai.moments`) picks the moments and the public fact each left; these say them.
The action is given in notation, as the analysis stores it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .catalogue import N_, _

__all__ = ["chance_moved", "decision", "draw", "fact"]

_FACTS: Final = {
    "second pass": N_("the second pass in a row ended the game (R10.2)"),
    "ended": N_("that ended the game"),
    "second exhaustion": N_("the draw stack ran out for the second time: the game ends with this round (R9.3)"),
    "exhaustion": N_("the draw stack ran out: from now on one refresh a turn (R5.4)"),
    "one more pass": N_("one more pass by {name} would end the game (R10.2)"),
    "zeros": N_("{cards} left on the Street: {name} could not refresh (R5.1)"),
    "no zero": N_("no 0 left on the Street: {name} could refresh (R5.1)"),
}
_DRAWN: Final = {
    "refresh": N_("{name} played {action}, then drew {cards} ({chance}): the cards' luck, {gain:+d} points"),
    "deal": N_("{name} played {action}, then the new Street brought {cards} ({chance}): the cards' luck, "
               "{gain:+d} points"),
    "reshuffle": N_("{name} played {action}, then after the reshuffle drew {cards} ({chance}): the cards' luck, "
                    "{gain:+d} points"),
}


def chance_moved(name: str, before: float, after: float) -> str:
    """How the chance of the player who moved changed (0–1 each): "Anna's chance 55% → 31%"."""
    return _("{name}'s chance {before:.0f}% → {after:.0f}%").format(name=name, before=before * 100,
                                                                      after=after * 100)


def fact(kind: str, *, name: str = "", cards: Sequence[str] = ()) -> str:
    """The public fact a move left (a key of `_FACTS`), `name` the opponent's, `cards` the 0s left on the Street."""
    return _(_FACTS[kind]).format(name=name, cards=_(" and ").join(cards))


def decision(name: str, action: str, chance: str, *, lost: float = 0.0, best: str = "", left: str = "") -> str:
    """A decision that moved the game: `lost` the points of chance it gave away where `best` kept them
    (0: none said), and `left` the public fact it left (`fact`)."""
    said = [_("{name} played {action} ({chance})").format(name=name, action=action, chance=chance)]
    if lost:
        said.append(_("giving away {points:.0f} points ({best} would have kept them)").format(points=lost, best=best))
    if left:
        said.append(left)
    return _("{sentence}.").format(sentence=_("; ").join(said))


def draw(kind: str, name: str, action: str, drawn: Sequence[str], chance: str, *, gain: int,
         itself: float = 0.0) -> str:
    """The cards drawn after a decision (`kind`: refresh, deal or reshuffle) and how much they moved the chance
    of the player who drew (`gain`, in points); `itself` is the points the decision gave away, if any."""
    cards = " ".join(drawn) or _("no card")
    said = _(_DRAWN[kind]).format(name=name, action=action, cards=cards, chance=chance, gain=gain)
    if itself:
        said = _("{sentence}; the {kind} itself gave away {points:.0f}").format(
            sentence=said, kind=action.split()[0], points=itself)
    return _("{sentence}.").format(sentence=said)
