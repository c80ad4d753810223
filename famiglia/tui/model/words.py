"""Actions and public events in a newcomer's words, as plain text for menus and the message line.

`describe` says what an action will do ("Take F2, pay F1 to your play area, keep F1"); `describe_own`
tells the mover what they just chose, as a question to confirm ("You take F2, pay F1 to your play area, keep F1");
`describe_event` says in the past tense what a player did, as everyone at the table saw it (R12.1). Both speak only of
what the action or event itself holds (and a pass's reason, made of public facts), so they can never give away a
hidden hand.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Final

from famiglia.engine import Action, Card, Event, Pass, PlayAccountant, PlayBrute, Refresh, Swap, Take

__all__ = ["NAME_CELLS", "cards_words", "cells", "describe", "describe_event", "describe_own", "exhaustion_words",
           "plural", "short_name"]

NAME_CELLS: Final = 24  # a name longer than this is shortened where it labels a part of the table


def _width(ch: str) -> int:
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def cells(text: str) -> int:
    """How many terminal cells `text` takes: wide (East Asian) characters two, combining marks none."""
    return sum(_width(ch) for ch in text)


def short_name(name: str, limit: int = NAME_CELLS) -> str:
    """`name` cut to `limit` cells with an ellipsis, so a long name cannot push the table apart."""
    if cells(name) <= limit:
        return name
    out, used = [], 0
    for ch in name:
        if used + _width(ch) > limit - 1:
            break
        out.append(ch)
        used += _width(ch)
    return "".join(out) + " " * (limit - 1 - used) + "…"


def plural(n: int, word: str, words: str | None = None) -> str:
    """`1 card`, `3 cards`."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


def cards_words(cards: Iterable[Card]) -> str:
    """Card names separated by spaces, or `nothing`."""
    names = [c.name for c in cards]
    return " ".join(names) if names else "nothing"


def describe(action: Action) -> str:
    """What `action` does, for a menu: a complete sentence fragment, one per distinct action."""
    match action:
        case Refresh(card=c):
            return f"Refresh: discard {c} from the Street and draw {plural(c.value, 'card')}"  # R5.2
        case PlayAccountant(card=c):
            return f"Play Accountant {c} (up to {plural(c.value, 'swap')})"  # R6.2
        case Swap(out=out, into=into):
            return f"Swap {out} from your play area for {into} from your hand"  # R6.2
        case PlayBrute(card=c, target=target, amount=k):
            return f"Play Brute {c} on {target}: its value becomes {target.value - k} this turn"  # R7.2
        case Take(card=c, pay=None):
            return f"Take {c} for free"  # R8.1
        case Take(card=c, pay=pay, keep=keep):
            return f"Take {c}, pay {pay} to your play area, keep {keep}"  # R8.4
        case Pass():
            return "Pass: take nothing"  # R8.5
    raise TypeError(f"not an action: {action!r}")  # pragma: no cover - the match is exhaustive


def describe_own(action: Action, *, ends_game: bool = False) -> str:
    """What the mover just chose, said to them: the sentence they confirm before the keyboard changes hands.

    `ends_game` says that this pass is the second in a row, so the game ends with it (R8.5, R10.2).
    """
    match action:
        case Refresh(card=c):
            return f"You refresh {c} and draw {plural(c.value, 'card')}"  # R5.2
        case PlayAccountant(card=c):
            return f"You play Accountant {c} (up to {plural(c.value, 'swap')})"  # R6.2
        case Swap(out=out, into=into):
            return f"You swap {out} from your play area for {into} from your hand"  # R6.2
        case PlayBrute(card=c, target=target, amount=k):
            return f"You play Brute {c} on {target}: its value becomes {target.value - k} this turn"  # R7.2
        case Take(card=c, pay=None):
            return f"You take {c} for free"  # R8.1
        case Take(card=c, pay=pay, keep=keep):
            return f"You take {c}, pay {pay} to your play area, keep {keep}"  # R8.4
        case Pass():
            return "You pass: the game ends" if ends_game else "You pass: you take nothing"  # R8.5, R10.2
    raise TypeError(f"not an action: {action!r}")  # pragma: no cover - the match is exhaustive


def exhaustion_words(count: int) -> str:
    """What an exhaustion means (R9); `count` is how many there have been with it."""
    if count >= 2:
        return "second exhaustion: the game ends with this round"  # R9.3
    return "the draw stack ran out: the discard pile is reshuffled into a new one"  # R9.2


def describe_event(event: Event, names: tuple[str, str], *, named: bool = True, reason: str | None = None) -> str:
    """One public event in the past tense: "Ben refreshed B3 and drew F2 A1 M0"; it says which
    exhaustion happened with it, if any (the R9.2 reshuffle or the R9.3 final round).

    Without `named` the player is left out ("refreshed B3 and drew F2 A1 M0"), for lines under a
    heading that names them once. A pass's `reason` (the computer's, `famiglia.ai.reasons.pass_words`,
    public facts only) follows it: "passed: nothing on the Street is worth taking now; …".
    """
    who = names[event.player] if named else ""
    match event.action:
        case None if event.drawn:
            text = f"A new Street was dealt: {cards_words(event.drawn)}"  # R10.1
        case None:
            text = "The Street stays empty: nothing is left to deal"
        case Refresh(card=c):
            text = f"{who} refreshed {c} and drew {cards_words(event.drawn)}"  # R5.2
        case PlayAccountant(card=c):
            text = f"{who} played Accountant {c} (up to {plural(c.value, 'swap')})"  # R6
        case Swap(out=out, into=into):
            text = f"{who} swapped {out} from the play area for {into} from the hand"  # R6.2
        case PlayBrute(card=c, target=target, amount=k):
            text = f"{who} played Brute {c} on {target}: its value is {target.value - k} this turn"  # R7
        case Take(card=c, pay=None):
            text = f"{who} took {c} for free"  # R8.1
        case Take(card=c, pay=pay, keep=keep):
            text = f"{who} took {c}, paid {pay} to the play area, kept {keep}"  # R8.4
        case Pass():
            text = f"{who} passed: {reason}" if reason else f"{who} passed"  # R8.5
    if not named:  # a line under a heading, among "refreshed …" and "took …": "a new Street was dealt: …"
        text = text.lstrip()
        text = text[:1].lower() + text[1:]
    if event.exhausted:
        if event.exhausted >= 2:
            text += "; the draw stack ran out twice: the game ends with this round"  # R9.2 decision
        else:
            text += "; " + exhaustion_words(event.exhaustions)
    return text
