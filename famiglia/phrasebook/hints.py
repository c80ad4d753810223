"""The hint in a player's words: the line of the turn the search expects, and its chance.

The search (`famiglia.ai.advice`) computes the facts: the line, the refresh in it, the best plan, the
lead, how a pass would end the game. These functions take them as parameters and only say them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

from famiglia.engine import Action, Card, Take

from .actions import plan_goal, step, steps, worth
from .catalogue import N_, _
from .notation import in_words
from .passes import standing

__all__ = ["hint_text", "line", "pass_line", "refresh_first", "refresh_later"]


def line(actions: Sequence[Action], odds: str) -> str:
    """A turn the search expects to play whole: "accountant A2, swap F1 back for M0, take F3 …; about 62% to win"."""
    return _("{steps}; {odds}").format(steps=steps(actions), odds=odds)


def refresh_first(card: Card, rest: Sequence[Action], odds: str, *, now: Take | None = None) -> str:
    """A refresh of `card` first; `rest` is the plan that stays open whatever it draws (empty: none does),
    and `now` the best take before the refresh, which it looks to better."""
    if rest:
        taken = rest[-1]
        assert type(taken) is Take
        if taken.card == card:  # two equal cards on the Street: one goes, the plan takes the other
            return _("refresh one {card} first — the other {card} stays open — then {steps}; {odds}").format(
                card=card, steps=steps(rest), odds=odds)
        return _("refresh {card} first — the {taken} plan stays open — then {steps}; {odds}").format(
            card=card, taken=taken.card, steps=steps(rest), odds=odds)
    if now is not None:
        return _("refresh {card} to look for more than {goal}; {odds}").format(
            card=card, goal=worth(now), odds=odds)
    return _("refresh {card} to look for a card you can take; {odds}").format(card=card, odds=odds)


def refresh_later(before: Sequence[Action], card: Card, rest: Sequence[Action], odds: str) -> str:
    """A refresh of `card` after the actions `before` (an Accountant's), then `rest` if a plan stays open."""
    if rest and type(rest[-1]) is Take and rest[-1].card == card:  # one of two equal cards goes, the other is taken
        return _("{before}, then refresh one {card} — the other {card} stays open — then {steps}; {odds}").format(
            before=steps(before), card=card, steps=steps(rest), odds=odds)
    if rest and type(rest[-1]) is Take:
        return _("{before}, then refresh {card} — the {taken} plan stays open — then {steps}; {odds}").format(
            before=steps(before), card=card, taken=rest[-1].card, steps=steps(rest), odds=odds)
    return _("{before}, then refresh {card} to look for a card you can take; {odds}").format(
        before=steps(before), card=card, odds=odds)


def pass_line(before: Sequence[Action], odds: str, *, instead: Take | None, can_refresh: bool = False,
              lead: int = 0, ends: Literal["win", "draw", "loss"] | None = None, blocks: Card | None = None,
              empties: bool = False, if_both_pass: Literal["win", "draw", "loss"] | None = None) -> str:
    """A pass after the actions `before`, and the game fact that makes it better than the best take `instead`.

    With nothing to take, that is said (and that a refresh, if `can_refresh`, does no better). Otherwise, in
    this order: `ends` says how the game ends with this pass (R8.5, R9.3); `blocks` is the free 0 the take
    would remove, the last on the Street, which keeps the opponent from refreshing (R5.1); `empties` says
    the take would empty the Street and new cards would be dealt for the opponent (R10.1). Failing all of
    them, the take's points are weighed against the `lead`. `if_both_pass` is how the game ends for this
    seat if the opponent passes too (R8.5, R10.2, R11.2): a win is the reason for the pass where nothing
    above is, and a draw or a loss is always said, so that a pass that leaves the opponent a winning pass is
    never advised in silence.
    """
    passing = _("{before}, then pass").format(before=steps(before)) if before else _("pass")
    if if_both_pass in ("draw", "loss") or (if_both_pass == "win" and instead is None):
        odds = _(_IF_BOTH_PASS[if_both_pass]).format(odds=odds)
    if instead is None:
        if can_refresh:
            return _("{passing}: nothing on the Street can be taken this turn, and a refresh does no better; "
                     "{odds}").format(passing=passing, odds=odds)
        return _("{passing}: nothing on the Street can be taken this turn; {odds}").format(passing=passing, odds=odds)
    points = instead.card.points
    values = {"passing": passing, "goal": plan_goal(instead), "standing": standing(lead), "odds": odds,
              "card": blocks, "points": points}
    if ends is not None:
        return _(_ENDS[ends]).format(**values)
    wins_if_both_pass = if_both_pass == "win"
    if wins_if_both_pass and not lead:
        values["standing"] = _("the scores are level and your best card wins the tie")  # R11.2
    elif if_both_pass == "loss" and not lead:
        values["standing"] = _("the scores are level and the opponent's best card wins the tie")  # R11.2
    if blocks is not None and wins_if_both_pass:
        return _("{passing} rather than {goal}: while {card} lies on the Street the opponent cannot refresh, and "
                 "{standing}, so if they pass too, the game ends with your win; {odds}").format(**values)
    if blocks is not None:
        return _("{passing} rather than {goal}: while {card} lies on the Street the opponent cannot refresh; "
                 "{standing}; {odds}").format(**values)
    if empties and wins_if_both_pass:
        return _("{passing} rather than {goal}: the take would empty the Street and deal the opponent new cards, "
                 "and {standing}, so if they pass too, the game ends with your win; {odds}").format(**values)
    if empties:
        return _("{passing} rather than {goal}: the take would empty the Street and deal the opponent new cards; "
                 "{standing}; {odds}").format(**values)
    if wins_if_both_pass:
        return _("{passing} rather than {goal}: {standing}, so if the opponent passes too, the game ends with "
                 "your win; {odds}").format(**values)
    if lead + points <= 0:
        return _("{passing} rather than {goal}: {standing}, and its {points} VP would not put you ahead; "
                 "{odds}").format(**values)
    return _("{passing} rather than {goal}: {standing}, and its {points} VP would put you ahead, yet the search "
             "expects more from waiting; {odds}").format(**values)


_ENDS: Final = {  # the pass ends the game now (R8.5, R9.3)
    "win": N_("{passing} rather than {goal}: {standing}, and the game ends now with your win; {odds}"),
    "draw": N_("{passing} rather than {goal}: {standing}, and the game ends now in a draw; {odds}"),
    "loss": N_("{passing} rather than {goal}: {standing}, and the game ends now with a loss; {odds}"),
}

_IF_BOTH_PASS: Final = {  # the opponent's pass after this one would end the game (R8.5, R10.2), scored by R11
    "win": N_("if the opponent passes too, the game ends with your win; {odds}"),
    "draw": N_("if the opponent passes too, the game ends in a draw; {odds}"),
    "loss": N_("if the opponent passes too, the game ends with your loss; {odds}"),
}


def hint_text(action: Action, reason: str) -> str:
    """The hint's line: the action in notation (to type or find in the list) and why, once each.

    A reason that already opens with the action's kind and its first card ("take F4 for 15 VP (pay M2,
    keep F1)", "swap B2 back for M0") names it in words, so the notation is not put before it again.
    """
    said = in_words(str(action))  # in the words the player may type ("prendi F4" in Italian)
    if _names(action, said, reason):
        return _("Hint: {reason}").format(reason=reason)
    return _("Hint: {action} — {reason}").format(action=said, reason=reason)


def _names(action: Action, said: str, reason: str) -> bool:
    """Whether `reason` opens by naming `action`: as typed ("prendi F4"), in the phrasebook's words for it ("passen"),
    or by its card among its first words, where a language puts the verb after it („B1 für 1 SP nehmen“, „frische B3
    auf“)."""
    opening = reason.casefold()
    if opening.startswith((said.casefold(), " ".join(said.split()[:2]).casefold(), step(action).casefold())):
        return True
    card = getattr(action, "card", None)
    return card is not None and str(card) in reason.split(",")[0].split()[:3]
