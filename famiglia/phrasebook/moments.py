"""The key moments of an analysed game in words: a decision and what it gave away, the cards drawn after it, or
the turn the other seat then played.

The analysis (`famiglia.ai.moments`) picks the moments and the public fact each left; these say them.
The action is given in notation, as the analysis stores it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .catalogue import N_, _

__all__ = ["chance_moved", "decision", "draw", "fact", "turn"]

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

_OPENED: Final = {  # the first action of the turn a moment tells, a refresh by what its cards did (R5.2, R9)
    None: N_("{name} played {action}"),
    "drew": N_("{name} played {action} and drew {cards}"),
    "reshuffle": N_("{name} played {action} and ran through the draw stack: the discard pile became the new one, "
                    "and from now on one refresh a turn (R9.2, R5.4)"),
    "last card": N_("{name} played {action} and drew the last card, so the game ends with this round (R9.3)"),
}
_THEN: Final = {  # the take or pass that ended that turn, and the end of the game it brought
    ("take", None): N_("then {name} took {card}"),
    ("take", "won"): N_("then {name} took {card} and won the game"),
    ("take", "lost"): N_("then {name} took {card}, which ended the game"),
    ("take", "draw"): N_("then {name} took {card}, and the game ended in a draw"),
    ("pass", None): N_("then {name} passed"),
    ("pass", "won"): N_("then {name} passed and won the game"),
    ("pass", "lost"): N_("then {name} passed, which ended the game"),
    ("pass", "draw"): N_("then {name} passed, and the game ended in a draw"),
}
_ENDED: Final = {  # the first action was the take or pass that ended the game
    "won": N_("that won {name} the game"),
    "lost": N_("that ended the game"),
    "draw": N_("that ended the game in a draw"),
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


def turn(name: str, action: str, chance: str, *, best: str = "", drawn: str | None = None, cards: Sequence[str] = (),
         left: str = "", then: str = "", card: str = "", ended: str | None = None) -> str:
    """How `chance` moved as the turn of the player `name` began, and that turn: where its first action was not
    the `best` the search saw there, that best; the first action, with `drawn` for a refresh ("drew" the
    `cards`, a "reshuffle", the "last card"), and `left`, the public fact it left (`fact`); then (`then`:
    "take" of `card`, or "pass") the end of that turn, and `ended` how the game ended with it ("won" by
    `name`, "lost", a "draw"; None: it went on)."""
    said = [_(_OPENED[drawn]).format(name=name, action=action, cards=" ".join(cards) or _("no card"))]
    if left:
        said.append(left)
    if then:
        said.append(_(_THEN[then, ended]).format(name=name, card=card))
    elif ended is not None:
        said.append(_(_ENDED[ended]).format(name=name))
    played = _("; ").join(said)
    if best:
        return _("{chance} as {name}'s turn began, {best} the best to play: {turn}.").format(
            chance=chance, name=name, best=best, turn=played)
    return _("{chance} as {name}'s turn began: {turn}.").format(chance=chance, name=name, turn=played)
