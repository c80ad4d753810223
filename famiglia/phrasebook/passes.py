"""Why a pass was made, in words: the reason the computer gives its opponent, a hint that advises one, and what a
player's own pass leads to, said before it is final.

The computer's reason is made of public facts only (R12.1): see `pass_reason`. A hint speaks to the seat
it advises, and takes the facts the search computed (`famiglia.ai.advice`) as parameters; so do the words
of where a pass leaves the game (`if_they_pass`, `ends_now`, `pass_warning`), given the engine's result.
"""

from __future__ import annotations

from typing import Final

from famiglia.engine import Result, SeatView

from .catalogue import N_, _, ngettext
from .counts import card_names

__all__ = ["certain_pass", "ends_now", "if_they_pass", "pass_reason", "pass_warning", "standing"]


def pass_reason(before: SeatView, result: Result | None = None) -> str:
    """Why the seat to move in `before` passes, told to its opponent: "nothing on the Street is worth taking now;
    if you pass too, the game ends". `result` is the game's result when this pass ends it.

    The search's own reason would give the hidden hand away (R12.2), so these words are made of what
    the opponent sees at the table (R12.1) and nothing else: whether the opponent passed last, the
    exhaustions and whose round it is, whether the Street is empty or holds a 0 that keeps the
    opponent from refreshing (R5.1), and, once the pass has ended the game, its result (the end shows
    both hands). Only those fields of `before` are read, never its hand, the tracked hand, the legal
    actions or the estimates, so any seat's view (the public one too) gives the same words, whatever
    the passer holds. A 0 is free with any hand (R8.1), so leaving one says nothing of the hand.

    "Nothing on the Street is worth taking now", said when no 0 gives a reason of its own, is true
    from the passer's side whenever it passes: it judged the pass better than every take, those it
    could not pay for included. It tells the opponent nothing that the pass itself does not: the
    Street is public (R12.1), and the words are the same whether the hand could pay for every card or
    for none. Saying which cards it could not pay for, or its lead (its total counts the hand,
    R11.1), would tell the hand (R12.2), so neither is said before the game is over.
    """
    passer = before.to_move
    if result is not None:
        # R8.5: the opponent passed last turn, so this second pass ends the game (R10.2); else it was the last
        # turn of the round of the second exhaustion (R9.3). Both at once: the passes are the reason given.
        if before.passes:
            return _("you passed, so its pass ends the game: {outcome}").format(outcome=_outcome(result, passer))
        return _("it was the last turn of the final round: {outcome}").format(outcome=_outcome(result, passer))
    empty = not before.street  # R10.1: nothing left to deal, so nothing to refresh, reduce or take
    if before.is_final_round:  # R9.3: the passer started the round, so the opponent's turn is the game's last
        if empty:
            return _("the Street is empty and nothing is left to deal; your turn is the last of the game")
        return _("nothing on the Street is worth taking now; your turn is the last of the game")
    if empty:  # R8.5
        return _("the Street is empty and nothing is left to deal; if you pass too, the game ends")
    zeros = [s.card for s in before.street if not s.card.value]
    if zeros:  # R5.1: a 0 left on the Street keeps the opponent from refreshing (the final round's R5.6 is above)
        return ngettext("it leaves the free {cards} on the Street, so you cannot refresh; if you pass too, the "
                        "game ends",
                        "it leaves the free cards {cards} on the Street, so you cannot refresh; if you pass too, "
                        "the game ends", len(zeros)).format(cards=card_names(zeros))
    return _("nothing on the Street is worth taking now; if you pass too, the game ends")


def _outcome(result: Result, passer: int) -> str:
    """The end, from the passer's side: who wins and by what score (R11), the passer called "it"."""
    mine, theirs = result.scores[passer], result.scores[1 - passer]
    if result.winner is None:
        return _("a draw at {score} each").format(score=mine)
    if result.winner == passer:
        if mine == theirs:  # R11.2
            return _("it wins {mine}–{theirs} on the tie-break").format(mine=mine, theirs=theirs)
        return _("it wins {mine}–{theirs}").format(mine=mine, theirs=theirs)
    if mine == theirs:
        return _("you win {theirs}–{mine} on the tie-break").format(mine=mine, theirs=theirs)
    return _("you win {theirs}–{mine}").format(mine=mine, theirs=theirs)


def standing(lead: int) -> str:
    """The score between the two seats, from the side of the one that leads by `lead` (negative: trails)."""
    if lead > 0:
        return _("you lead by {points}").format(points=lead)
    if lead < 0:
        return _("you trail by {points}").format(points=-lead)
    return _("the scores are level")


def certain_pass(lead: int) -> str:
    """A pass that wins at once (R8.5): the opponent passed and the seat leads by `lead`, or wins the tie."""
    if lead > 0:
        return _("pass: you lead by {points} and the opponent passed — this wins the game").format(points=lead)
    return _("pass: the scores are level, your best card wins the tie (R11.2) and the opponent passed — "
             "this wins the game")


def if_they_pass(name: str, result: Result | None = None, seat: int = 0) -> str:
    """What a pass of `seat` that does not end the game leaves to the opponent `name`: "if Ben passes too, the game
    ends and you lose 9–3" (R8.5, R10.2), with how it would end for `seat` (R11, a tie broken by the best cards
    named, R11.2), or, with no `result` (the hands are hidden, R12.2), only that it would end."""
    if result is None:
        return _("if {name} passes too, the game ends").format(name=name)
    return _(_IF_THEY_PASS[_end(result, seat)]).format(name=name, **_scores(result, seat))


def ends_now(result: Result, seat: int) -> str:
    """A pass of `seat` that ends the game (R8.5, R9.3), and how it ends for `seat`: "the game ends and you lose
    9–3" (R11, R11.2)."""
    return _(_ENDS_NOW[_end(result, seat)]).format(**_scores(result, seat))


def pass_warning(result: Result, seat: int, *, now: bool) -> str:
    """The pass key on the key line, where a pass of `seat` ends the game without its win: at once (`now`, R8.5,
    R9.3) or if the opponent passes too (R8.5, R10.2), "p: pass — if they pass too, you lose 9–3" (R11, R11.2).
    Short enough for an 80-column key line with "?: help" beside it."""
    end = _end(result, seat)
    return _(_WARNING_NOW[end] if now else _WARNING_IF_THEY_PASS[end]).format(**_scores(result, seat))


def _end(result: Result, seat: int) -> str:
    """How `result` ends the game for `seat`: a win or a loss, on the tie-break if the totals are equal, or a draw."""
    if result.winner is None:
        return "draw"
    kind = "win" if result.winner == seat else "loss"
    return kind + " on the tie-break" if result.scores[0] == result.scores[1] else kind


def _scores(result: Result, seat: int) -> dict[str, int]:
    return {"yours": result.scores[seat], "theirs": result.scores[1 - seat], "score": result.scores[seat]}


# The score is said winner first, as the end of a game is ("you win 9–3", "you lose 9–3").
_IF_THEY_PASS: Final = {
    "win": N_("if {name} passes too, the game ends and you win {yours}–{theirs}"),
    "win on the tie-break": N_("if {name} passes too, the game ends and you win {yours}–{theirs} on the tie-break"),
    "loss": N_("if {name} passes too, the game ends and you lose {theirs}–{yours}"),
    "loss on the tie-break": N_("if {name} passes too, the game ends and you lose {theirs}–{yours} on the "
                                "tie-break"),
    "draw": N_("if {name} passes too, the game ends in a draw at {score} each"),
}
_ENDS_NOW: Final = {
    "win": N_("the game ends and you win {yours}–{theirs}"),
    "win on the tie-break": N_("the game ends and you win {yours}–{theirs} on the tie-break"),
    "loss": N_("the game ends and you lose {theirs}–{yours}"),
    "loss on the tie-break": N_("the game ends and you lose {theirs}–{yours} on the tie-break"),
    "draw": N_("the game ends in a draw at {score} each"),
}
_WARNING_IF_THEY_PASS: Final = {  # no win: a loss or a draw
    "loss": N_("p: pass — if they pass too, you lose {theirs}–{yours}"),
    "loss on the tie-break": N_("p: pass — if they pass too, you lose {theirs}–{yours} on the tie-break"),
    "draw": N_("p: pass — if they pass too, it is a draw at {score} each"),
}
_WARNING_NOW: Final = {
    "loss": N_("p: pass — the game ends and you lose {theirs}–{yours}"),
    "loss on the tie-break": N_("p: pass — the game ends and you lose {theirs}–{yours} on the tie-break"),
    "draw": N_("p: pass — the game ends in a draw at {score} each"),
}
