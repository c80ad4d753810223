"""Public events in the past tense: what a player did, as everyone at the table saw it (R12.1).

An event speaks only of what it holds (and a pass's reason, made of public facts), so it can never give
away a hidden hand. Each sentence comes in two forms: with the player's name, and without it for a line
under a heading that names them once; the two are separate templates, since a language may place the
subject anywhere.
"""

from __future__ import annotations

from typing import Final

from famiglia.engine import Event

from .actions import facts
from .catalogue import N_, _
from .counts import card_names

__all__ = ["event", "exhaustion"]

_NAMED: Final = {
    "deal": N_("A new Street was dealt: {drawn}"),  # R10.1
    "empty": N_("The Street stays empty: nothing is left to deal"),
    "refresh": N_("{name} refreshed {card} and drew {drawn}"),  # R5.2
    "accountant": N_("{name} played Accountant {card} (up to {swaps})"),  # R6
    "swap": N_("{name} swapped {out} from the play area for {into} from the hand"),  # R6.2
    "brute": N_("{name} played Brute {card} on {target}: its value is {value} this turn"),  # R7
    "free": N_("{name} took {card} for free"),  # R8.1
    "take": N_("{name} took {card}, paid {pay} to the play area, kept {keep}"),  # R8.4
    "pass": N_("{name} passed"),  # R8.5
    "pass for": N_("{name} passed: {reason}"),
}
_UNNAMED: Final = {  # a line under a heading, among "refreshed …" and "took …": "a new Street was dealt: …"
    "deal": N_("a new Street was dealt: {drawn}"),
    "empty": N_("the Street stays empty: nothing is left to deal"),
    "refresh": N_("refreshed {card} and drew {drawn}"),
    "accountant": N_("played Accountant {card} (up to {swaps})"),
    "swap": N_("swapped {out} from the play area for {into} from the hand"),
    "brute": N_("played Brute {card} on {target}: its value is {value} this turn"),
    "free": N_("took {card} for free"),
    "take": N_("took {card}, paid {pay} to the play area, kept {keep}"),
    "pass": N_("passed"),
    "pass for": N_("passed: {reason}"),
}


def exhaustion(count: int) -> str:
    """What an exhaustion means (R9); `count` is how many there have been with it."""
    if count >= 2:
        return _("second exhaustion: the game ends with this round")  # R9.3
    return _("the draw stack ran out: the discard pile is reshuffled into a new one")  # R9.2


def event(happened: Event, names: tuple[str, str], *, named: bool = True, reason: str | None = None) -> str:
    """One public event in the past tense: "Ben refreshed B3 and drew F2 A1 M0"; it says which
    exhaustion happened with it, if any (the R9.2 reshuffle or the R9.3 final round).

    Without `named` the player is left out ("refreshed B3 and drew F2 A1 M0"), for lines under a
    heading that names them once. A pass's `reason` (the computer's, `famiglia.phrasebook.passes.pass_reason`,
    public facts only) follows it: "passed: nothing on the Street is worth taking now; …".
    """
    values: dict[str, object] = {}
    if happened.action is None:
        kind = "deal" if happened.drawn else "empty"
    else:
        kind, values = facts(happened.action)
    if kind == "pass" and reason:
        kind = "pass for"
    text = _(_NAMED[kind] if named else _UNNAMED[kind]).format(
        **values, name=names[happened.player], drawn=card_names(happened.drawn), reason=reason)
    if happened.exhausted >= 2:  # R9.2 decision
        return _("{event}; the draw stack ran out twice: the game ends with this round").format(event=text)
    if happened.exhausted:
        return _("{event}; {exhaustion}").format(event=text, exhaustion=exhaustion(happened.exhaustions))
    return text
