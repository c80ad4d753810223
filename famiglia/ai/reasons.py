"""Actions in a player's words: the one-line reason a hint shows, and why the computer passed.

A hint speaks to the seat it advises and may use all that seat sees. `pass_words` speaks to the
computer's opponent, and so is made of public facts only (R12.1): see its docstring.
"""

from __future__ import annotations

from famiglia.engine import Action, Pass, PlayAccountant, PlayBrute, Refresh, Result, SeatView, Swap, Take

__all__ = ["describe", "pass_words", "take_words"]


def describe(action: Action) -> str:
    """What `action` does, e.g. 'take F3 for 10 VP (pay F2, keep F2)' or 'refresh B4 to see new cards'."""
    match action:
        case Take():
            return take_words(action)
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


def take_words(take: Take) -> str:
    """A take as every line of the computer says it: its points, and the payment written one way (R8.4)."""
    c = take.card
    if take.pay is None:
        return f"take {c} (free: a card to pay with later)" if not c.points else f"take {c} for {c.points} VP (free)"
    return f"take {c} for {c.points} VP (pay {take.pay}, keep {take.keep})"


def pass_words(before: SeatView, result: Result | None = None) -> str:
    """Why the seat to move in `before` passes, told to its opponent: "nothing on the Street is worth taking now;
    if you pass too, the game ends". `result` is the game's result when this pass ends it.

    The search's own reason would give the hidden hand away (R12.2), so these words are made of what
    the opponent sees at the table (R12.1) and nothing else: whether the opponent passed last, the
    exhaustions and whose round it is, whether the Street is empty, and, once the pass has ended the
    game, its result (the end shows both hands). Only those fields of `before` are read, never its
    hand, the tracked hand, the legal actions or the estimates, so any seat's view (the public one
    too) gives the same words, whatever the passer holds.

    "Nothing on the Street is worth taking now" is true from the passer's side whenever it passes:
    it judged the pass better than every take, those it could not pay for included. It tells the
    opponent nothing that the pass itself does not: the Street is public (R12.1), and the words are
    the same whether the hand could pay for every card or for none. Saying which cards it could not
    pay for, or its lead (its total counts the hand, R11.1), would tell the hand (R12.2), so neither
    is said before the game is over.
    """
    passer = before.to_move
    if result is not None:
        # R8.5: the opponent passed last turn, so this second pass ends the game (R10.2); else it was the last
        # turn of the round of the second exhaustion (R9.3). Both at once: the passes are the reason given.
        why = "you passed, so its pass ends the game" if before.passes else "it was the last turn of the final round"
        return f"{why}: {_outcome(result, passer)}"
    if not before.street:  # R10.1: nothing left to deal, so nothing to refresh, reduce or take
        head = "the Street is empty and nothing is left to deal"
    else:
        head = "nothing on the Street is worth taking now"
    if before.is_final_round:  # R9.3: the passer started the round, so the opponent's turn is the game's last
        return f"{head}; your turn is the last of the game"
    return f"{head}; if you pass too, the game ends"  # R8.5


def _outcome(result: Result, passer: int) -> str:
    """The end, from the passer's side: who wins and by what score (R11), the passer called "it"."""
    mine, theirs = result.scores[passer], result.scores[1 - passer]
    if result.winner is None:
        return f"a draw at {mine} each"
    tie = " on the tie-break" if mine == theirs else ""  # R11.2
    if result.winner == passer:
        return f"it wins {mine}–{theirs}{tie}"
    return f"you win {theirs}–{mine}{tie}"
