"""Actions in a player's words, for the one-line reason a hint shows beside the suggested action."""

from __future__ import annotations

from famiglia.engine import Action, Pass, PlayAccountant, PlayBrute, Refresh, Swap, Take

__all__ = ["describe"]


def describe(action: Action) -> str:
    """What `action` does, e.g. 'take F3 for 10 VP with F2 + F2' or 'refresh B4 to see new cards'."""
    match action:
        case Take(card=c, pay=None):
            return f"take {c} for {c.points} VP for free"
        case Take(card=c, pay=pay, keep=keep):
            return f"take {c} for {c.points} VP with {pay} + {keep}"
        case Refresh(card=c):
            return f"refresh {c} to see {c.value} new card{'s' if c.value != 1 else ''}"
        case PlayAccountant(card=c):
            return f"play {c} for up to {c.value} swap{'s' if c.value != 1 else ''}"
        case Swap(out=o, into=i):
            return f"swap {o} back into the hand for {i}"
        case PlayBrute(card=b, target=t, amount=k):
            return f"use {b} to bring {t} down by {k}"
        case Pass():
            return "pass"
