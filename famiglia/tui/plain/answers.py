"""What the plain mode answers when it is asked: the hand, the Street, the play areas, the score, the draw stack,
the opponent's last turn, the options of the moment, the game log and the rules.

Each answer is a list of sentences about one `SeatView` (R12): what the player at the keyboard may know and
nothing more; the opponent's hand only as far as the memory aid tells it (R12.3), the draw stack's order
never. The cards are said in notation (`F4`), as the full screen and the log say them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final

from famiglia.engine import Action, Card, Event, Pass, SeatView, Take
from famiglia.phrasebook import actions, events
from famiglia.phrasebook.catalogue import _
from famiglia.phrasebook.counts import card_count, card_names, point_count
from famiglia.phrasebook.notation import in_words

__all__ = ["TABLE_QUESTIONS", "areas", "hand", "last_turn", "log", "numbered_actions", "options", "score", "stack",
           "street"]


def _points(cards: Iterable[Card]) -> int:
    return sum(c.points for c in cards)


def hand(view: SeatView) -> list[str]:
    """The own hand, its size and its points (never in the public view: the handoff asks for none)."""
    if view.seat is None:
        return [_("Press Enter first: the hand is shown only to its player.")]
    if not view.hand:
        return [_("Your hand is empty.")]
    return [_("Your hand: {cards} — {count}, {points}.").format(
        cards=card_names(view.hand), count=card_count(len(view.hand)), points=point_count(_points(view.hand)))]


def street(view: SeatView) -> list[str]:
    """The Street, each card with its value this turn where a Brute brought it down (R7.3), and which are free."""
    if not view.street:
        return [_("The Street is empty: nothing is left to deal.")]
    said = []
    for lying in view.street:
        if lying.reduced and lying.effective == 0:
            said.append(_("{card} brought down to 0, free").format(card=lying.card))
        elif lying.reduced:
            said.append(_("{card} brought down to {value}").format(card=lying.card, value=lying.effective))
        elif lying.effective == 0:
            said.append(_("{card} free").format(card=lying.card))
        else:
            said.append(str(lying.card))
    return [_("The Street: {cards}.").format(cards=_(", ").join(said))]


def areas(view: SeatView) -> list[str]:
    """Both play areas, the player at the keyboard's first, each with its cards and points."""
    lines = []
    for player in _order(view):
        cards = view.play_areas[player]
        if not cards:
            lines.append(_("{name}'s play area is empty.").format(name=view.names[player]))
        else:
            lines.append(_("{name}'s play area: {cards} — {count}, {points}.").format(
                name=view.names[player], cards=card_names(cards), count=card_count(len(cards)),
                points=point_count(_points(cards))))
    return lines


def _order(view: SeatView) -> tuple[int, int]:
    first = view.to_move if view.seat is None else view.seat
    return first, 1 - first


def known_hand(view: SeatView, player: int) -> tuple[Card, ...] | None:
    """The cards `player` holds as far as this view knows them: its own hand, the memory aid's, or the end's."""
    if player == view.seat:
        return view.hand
    return view.opponent_hand


def score(view: SeatView) -> list[str]:
    """Both totals as they stand (R11.1): play area and hand, the opponent's hand only where it is known."""
    lines = []
    for player in _order(view):
        area = _points(view.play_areas[player])
        held = known_hand(view, player)
        name = view.names[player]
        if held is None:
            lines.append(_("{name}: {area} in the play area, and a hand of {count} you cannot see.").format(
                name=name, area=point_count(area), count=card_count(view.hand_sizes[player])))
        else:
            lines.append(_("{name}: {total} as it stands, {area} in the play area and {hand} in the hand.").format(
                name=name, total=point_count(area + _points(held)), area=point_count(area),
                hand=point_count(_points(held))))
    return lines


def stack(view: SeatView) -> list[str]:
    """The draw stack's size and the discard pile; with the memory aid, what the stack still holds (never its
    order, R12.2), and the cards known to lie at its bottom (R5.4)."""
    pile = view.discard_pile
    lines = [_("The draw stack holds {count}; there have been {exhaustions} of 2 exhaustions.").format(
        count=card_count(view.draw_stack_size), exhaustions=view.exhaustions)]
    if pile:
        lines.append(_("The discard pile holds {count}, {card} on top.").format(count=card_count(len(pile)),
                                                                               card=pile[-1]))
    else:
        lines.append(_("The discard pile is empty."))
    if view.draw_stack_counts is not None:
        held = [c for c, n in sorted(view.draw_stack_counts.items()) for _i in range(n)]
        lines.append(_("Still in the draw stack, in no order: {cards}.").format(cards=card_names(held) or "—"))
    if view.stack_bottom:
        lines.append(_("Known at its bottom (R5.4): {cards}.").format(cards=card_names(view.stack_bottom)))
    return lines


def last_turn(turn: Sequence[Event], names: tuple[str, str], reason: str | None = None) -> list[str]:
    """The opponent's last turn, one sentence an action (every action is public, R12.1)."""
    if not turn:
        return [_("Nothing to show yet: no turn has been played in this game.")]
    return [said(e, names, reason=reason) for e in turn]


def said(happened: Event, names: tuple[str, str], *, reason: str | None = None) -> str:
    """One public event as the plain mode announces it: the phrasebook's sentence, and a take's points."""
    text = events.event(happened, names, reason=reason if isinstance(happened.action, Pass) else None)
    if isinstance(happened.action, Take) and happened.action.card.points:
        return _("{event}: {points}.").format(event=text, points=point_count(happened.action.card.points))
    return text + "."


def log(turns: Sequence[Sequence[Event]], names: tuple[str, str], reasons: dict[int, str]) -> list[str]:
    """Every finished turn of the game, numbered, one sentence an action (public events only, R12.1)."""
    if not turns:
        return [_("Nothing to show yet: no turn has been played in this game.")]
    return [_("Turn {number}: {event}").format(number=n, event=said(e, names, reason=reasons.get(n)))
            for n, turn in enumerate(turns, start=1) for e in turn]


def numbered_actions(legal: Sequence[Action]) -> list[Action]:
    """The legal actions a number plays, in the engine's order; a pass has its own word, never a number."""
    return [a for a in legal if not isinstance(a, Pass)]


def options(legal: Sequence[Action]) -> list[str]:
    """The legal actions of the moment, numbered (a number plays one), each in words and as it is typed."""
    numbered = numbered_actions(legal)
    lines = [_("{number}: {choice} (type {action}).").format(number=n, choice=actions.menu(a),
                                                             action=in_words(str(a)))
             for n, a in enumerate(numbered, start=1)]
    if any(isinstance(a, Pass) for a in legal):
        lines.append(_("Or {action}: {choice}.").format(action=in_words("pass"), choice=actions.menu(Pass())))
    if not lines:
        return [_("Nothing can be played now.")]
    return lines


# The questions a view alone answers, the same for a seat and for a watcher (whose view is the public one, R12.1).
TABLE_QUESTIONS: Final[Mapping[str, Callable[[SeatView], list[str]]]] = {
    "street": street, "areas": areas, "score": score, "stack": stack}
