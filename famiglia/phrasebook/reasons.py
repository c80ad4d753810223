"""The computer's one line of reason for what it chose, as the reference levels and the beginner say it.

The player computes its facts (the best plan, the lead, the chance in words); these only say them.
"""

from __future__ import annotations

from famiglia.engine import Card

from .catalogue import _

__all__ = [
    "at_random",
    "nothing_to_take",
    "only_one",
    "pass_rather",
    "refresh",
    "winning_pass",
    "with_chance",
]


def with_chance(reason: str, chance: str) -> str:
    """A reason and the chance the search gave it: "take F3 for 10 VP (free) (about 62% to win)"."""
    return _("{reason} ({chance})").format(reason=reason, chance=chance)


def at_random(reason: str) -> str:
    return _("{reason} (picked at random)").format(reason=reason)


def only_one(reason: str) -> str:
    """The reason of the only action allowed, when there was nothing to choose."""
    return _("{reason}: it is the only thing allowed now").format(reason=reason)


def winning_pass(lead: int) -> str:
    """A pass that ends the game with the passer ahead by `lead` (R8.5)."""
    return _("pass: you lead by {points} and the opponent passed, so the game ends now").format(points=lead)


def nothing_to_take() -> str:
    return _("pass: nothing on the Street can be taken this turn")


def pass_rather(plan: str) -> str:
    """A pass chosen over the best `plan` of the turn, in words (`famiglia.phrasebook.actions.plan`), which is a
    line of its own after the colon, as the plan would be said if it were played."""
    return _("pass rather than play the best plan: {plan}").format(plan=plan)


def refresh(card: Card, *, goal: str | None = None, takeable: bool = True) -> str:
    """A refresh of `card`, and what it looks for: more than the best take, `goal` in words; a card that can be
    taken at all, where none can (not `takeable`); else a better card."""
    if goal is not None:
        return _("refresh {card} to look for more than {goal}").format(card=card, goal=goal)
    if not takeable:
        return _("refresh {card} to look for a card that can be taken").format(card=card)
    return _("refresh {card} to look for a better card").format(card=card)
