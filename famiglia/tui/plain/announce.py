"""What the plain mode says of its own accord: the deal, every action as it is played, the start of each turn
with the warnings of the end coming, and the end with the scores and the tie-break.

`Announcer` is one of the session's `on_action` hooks, as the autosave is: every action played at the
table, the person's and the computer's alike, is said once in the phrasebook's words as it happens
(public facts only, R12.1), with a take's points and the new Street dealt after it.
"""

from __future__ import annotations

from famiglia.engine import Action, Pass, Result, SeatView, Step
from famiglia.phrasebook.catalogue import _
from famiglia.phrasebook.counts import card_count, point_count
from famiglia.phrasebook.table import end_reason, tiebreak
from famiglia.tui.model.session import Session
from famiglia.tui.view.status import warnings

from . import answers
from .lines import Lines

__all__ = ["Announcer", "ending", "start"]


class Announcer:
    """Says each action played at `session`'s table on `lines`, as it is played (an `on_action` hook)."""

    def __init__(self, lines: Lines) -> None:
        self.lines = lines

    def __call__(self, session: Session, action: Action | None) -> None:
        table = session.table
        game = table.game
        if action is None or game is None:
            return  # an undo: the sitting says what was taken back, from the message line
        if action.step is not Step.TAKE:
            happened = game.view(None).this_turn[-1:]
        else:  # the take or pass, and the Street dealt after it (R10.1), which the log's turn holds last
            turn = table.log[-1] if table.log else ()
            at = max((i for i, e in enumerate(turn) if e.action == action), default=0)
            happened = turn[at:]
        reason = table.pass_reasons.get(len(table.log)) if isinstance(action, Pass) else None
        self.lines.say(*(answers.said(e, table.names, reason=reason) for e in happened))


def start(view: SeatView) -> list[str]:
    """A new game: who plays, who starts, the hands' sizes and the Street."""
    first, second = view.names
    return [_("A new game of Famiglia: {first} against {second}; {name} plays first, and each hand holds {count}.")
            .format(first=first, second=second, name=view.names[view.start_player],
                    count=card_count(view.hand_sizes[view.start_player])), *answers.street(view)]


def turn_begins(view: SeatView) -> list[str]:
    """What the player to move hears as their turn begins: whose turn, the warnings of the end (R8.5, R9.3), the
    Street and their hand."""
    said = [_("Your turn, {name}").format(name=view.names[view.to_move]) + "."]
    said += [warning + "." for warning in warnings(view)]
    return said + answers.street(view) + answers.hand(view)


def ending(result: Result, view: SeatView) -> list[str]:
    """The end of the game: who won and by how much (or the draw), why it ended, the tie-break, both holdings."""
    names = view.names
    if result.winner is None:
        headline = _("A draw at {points} each").format(points=point_count(result.scores[0])) + "."
    elif result.scores[0] == result.scores[1]:  # R11.2
        headline = _("{name} wins on the tie-break, {points} each.").format(
            name=names[result.winner], points=point_count(result.scores[0]))
    else:
        w = result.winner
        headline = _("{name} wins, {won} to {lost} victory points.").format(name=names[w], won=result.scores[w],
                                                                             lost=result.scores[1 - w])
    lines = [_("The game is over: {reason}.").format(reason=end_reason(result.reason)), headline]
    if result.tiebreak:
        lines.append(tiebreak(result.tiebreak) + ".")
    return lines + answers.score(view) + answers.areas(view)
