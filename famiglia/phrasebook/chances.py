"""A chance to win in words, and whose play it assumes: "about 62% to win against the normal computer".

The number is the search's (`famiglia.ai.win_chance`); only the words are made here.
"""

from __future__ import annotations

from .catalogue import _

__all__ = ["against", "as_if", "best_play", "chance", "odds"]


def chance(value: float, *, certain: bool = False) -> str:
    """A chance as a player reads it: 'about 98% to win'; a certain win is said as one."""
    if certain:
        return _("this wins the game")
    percent = min(99, max(1, round(value * 100)))
    return _("about {percent}% to win").format(percent=percent)


def against(level: str | None) -> str:
    """Whose play a chance of `level` assumes, in words: 'against the normal computer'.

    A level's chance is calibrated on games against that level's computer (`famiglia.ai.evaluation.calibrated`).
    """
    match level:
        case "easy":
            return _("against the easy computer")
        case "normal":
            return _("against the normal computer")
        case "hard":
            return _("against the hard computer")
        case None | "":
            return _("against the search")
    return _("against the search at level {level}").format(level=level)


def best_play() -> str:
    """Whose play a chance of the narrowed endgame search assumes (`famiglia.ai.endgame`): both at their best,
    near enough to be told as such, though not proven."""
    return _("with best play by both")


def as_if(level: str | None, name: str) -> str:
    """Whose play a chance of `level` assumes when the opponent `name` is a person, not that computer: 'if Ben
    plays as the normal computer would'."""
    match level:
        case "easy":
            return _("if {name} plays as the easy computer would").format(name=name)
        case "normal":
            return _("if {name} plays as the normal computer would").format(name=name)
        case "hard":
            return _("if {name} plays as the hard computer would").format(name=name)
    return _("if {name} plays as the search would").format(name=name)


def odds(value: float, whom: str = "") -> str:
    """The chance a hint ends with, and whose play it assumes when `whom` ("against …") is given."""
    if not whom:
        return chance(value)
    return _("{chance} {against}").format(chance=chance(value), against=whom)
