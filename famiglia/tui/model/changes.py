"""What the turn a player looks back on changed at the table: the facts the table's marks are drawn from.

The turn looked back on is the last one (the opponent's, as the player's own turn begins or after a
handoff); while the opponent plays on the screen (the computer's turn), it is that turn, action by
action, as it happens. Its changes are the Street cards it dealt or drew (R5.2, R10.1), the Street
card its Brute reduced (R7), and the card it took into a hand (R8.4). All of them are public (R12.1:
every action is seen by both players, and R12.3: every card enters a hand face up), so marking them
shows no hand. The view only draws these facts; it never works them out.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from famiglia.engine import Card, Event, PlayBrute, Refresh, SeatView, Take

__all__ = ["TurnChanges", "new_on_street", "turn_changes"]


@dataclass(frozen=True, slots=True)
class TurnChanges:
    """The marks of one table: `new[i]` and `reduced[i]` (the amount, 0 for none) per Street card, and the
    card each player took (None for none)."""

    new: tuple[bool, ...] = ()
    reduced: tuple[int, ...] = ()
    taken: tuple[Card | None, Card | None] = (None, None)

    def is_new(self, index: int) -> bool:
        return index < len(self.new) and self.new[index]

    def reduced_by(self, index: int) -> int:
        return self.reduced[index] if index < len(self.reduced) else 0


def _looked_back_on(view: SeatView) -> tuple[tuple[Event, ...], tuple[Event, ...]]:
    """The events of the turn looked back on, and those of the turn under way played after them.

    On the seat's own turn (or in the public view of a handoff) that is the last turn, then this one;
    while the opponent plays it is the opponent's turn so far, with the deal that came before it (R10.1).
    """
    live = view.seat is not None and not view.is_over and view.to_move != view.seat
    if live:
        dealt = tuple(e for e in view.last_turn if e.action is None)
        return dealt + view.this_turn, ()
    return view.last_turn, view.this_turn


def new_on_street(view: SeatView) -> list[bool]:
    """Which Street cards the turn looked back on dealt or drew (R5.2, R10.1) and still lie there (R12.1).

    Cards of one kind look alike, so of several on the Street the last ones it left are marked; the turn
    under way then moves no mark to another copy: its refresh takes the first copy of its card from the
    Street (as `Game.apply` does) and the cards it draws come last, unmarked.
    """
    back, since = _looked_back_on(view)
    drawn: Counter[Card] = Counter()
    for e in back:
        if isinstance(e.action, Refresh | Take):  # the card left the Street (R5.2, R8)
            drawn[e.action.card] -= drawn[e.action.card] > 0
        drawn.update(e.drawn)
    start = Counter(sc.card for sc in view.street)  # the copies of each kind as the turn under way began
    for e in since:
        start.subtract(e.drawn)
        if isinstance(e.action, Refresh):
            start[e.action.card] += 1
    copies = {card: [False] * (n - min(n, drawn[card])) + [True] * min(n, drawn[card])
              for card, n in start.items() if n > 0}
    for e in since:
        if isinstance(e.action, Refresh) and copies.get(e.action.card):
            copies[e.action.card].pop(0)  # R5.2: the first copy on the Street is discarded
        for c in e.drawn:
            copies.setdefault(c, []).append(False)
    return [bool(copies.get(sc.card)) and copies[sc.card].pop(0) for sc in view.street]


def _reduced(view: SeatView, back: tuple[Event, ...], since: tuple[Event, ...]) -> list[int]:
    """The Street card the turn looked back on reduced with its Brute (R7.1), by how much; none once taken.

    During the turn the view knows the card (R7.3); after it the card is back at its value, and of
    several alike the first is marked, unless the turn under way has refreshed, reduced or taken one of them.
    """
    marks = [0] * len(view.street)
    brute = next((e.action for e in back if isinstance(e.action, PlayBrute)), None)
    if brute is None:
        return marks
    gone = [e.action.card for e in (*back, *since) if isinstance(e.action, Take)]
    gone += [e.action.card for e in since if isinstance(e.action, Refresh)]
    gone += [e.action.target for e in since if isinstance(e.action, PlayBrute)]
    if brute.target in gone:  # the take mark covers it (R8.4), or this turn acted on it
        return marks
    if not since and view.reduced is not None and view.reduced < len(view.street):
        marks[view.reduced] = brute.amount  # the reduction still holds (R7.3)
        return marks
    index = next((i for i, sc in enumerate(view.street) if sc.card == brute.target), None)
    if index is not None:
        marks[index] = brute.amount
    return marks


def turn_changes(view: SeatView) -> TurnChanges:
    """The marks of the table `view` shows; see the module docstring."""
    back, since = _looked_back_on(view)
    taken: list[Card | None] = [None, None]
    for e in back:
        if isinstance(e.action, Take):
            taken[e.player] = e.action.card  # R8.4: into the taker's hand, face up (R12.3)
    return TurnChanges(new=tuple(new_on_street(view)), reduced=tuple(_reduced(view, back, since)),
                       taken=(taken[0], taken[1]))
