"""What one seat may see (R12): the only picture of the game the screen and the computer players get.

A `SeatView` holds the seat's own hand and everything public, never the opponent's cards or the order
of the draw stack. Public includes the whole state of the turn under way (everyone watched it) and the
cards R5.4 put under the draw stack that are still there (they were face up on the Street). With
`memory=True` it adds what perfect memory of the public actions gives (R12.3): the opponent's hand
(every card enters a hand face up) and the draw stack's contents as counts. Such a view and an order
for the rest of the stack are enough to rebuild the game (`Game.from_view`), which is how a computer
player samples the worlds it cannot tell apart.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .actions import Action, Step
from .cards import CARDS, Card, parse_card
from .errors import NotationError, PositionError, quoted
from .scoring import Result
from .table import Event, Table, Turn

__all__ = ["Counts", "SeatView", "StreetCard", "table_from_view"]


@dataclass(frozen=True, slots=True)
class StreetCard:
    """A Street card as it lies this turn: its printed kind and its effective value (R7.3)."""

    card: Card
    effective: int

    @property
    def reduced(self) -> bool:
        return self.effective != self.card.value


@dataclass(frozen=True, slots=True)
class SeatView:
    """The table as seat `seat` sees it; see the module docstring for what is and is not in it."""

    seat: int | None  # None: the public view, no hand at all
    names: tuple[str, str]
    hand: tuple[Card, ...]  # this seat's own hand, in the game's order (empty in the public view)
    hand_sizes: tuple[int, int]
    play_areas: tuple[tuple[Card, ...], tuple[Card, ...]]
    street: tuple[StreetCard, ...]
    draw_stack_size: int
    stack_bottom: tuple[Card, ...]  # R5.4, R12.3: the draw stack's known bottom cards, top first, very bottom last
    discard_pile: tuple[Card, ...]  # top card last
    exhaustions: int
    start_player: int
    to_move: int
    passes: int
    step: Step  # the latest step acted in this turn (R4)
    refreshes: int
    late_refresh: bool  # R5.4: the one refresh after the first exhaustion was made this turn
    accountant: Card | None  # R6.1: the Accountant played this turn
    swaps_left: int
    locked_play_area: tuple[Card, ...]  # R6.3: play-area cards no swap may move now (the new Accountant, cards in)
    locked_hand: tuple[Card, ...]  # R6.3: hand cards no swap may move now (the cards swapped out)
    reduced: int | None  # R7.3: the index in `street` of the card the Brute reduced this turn
    can_refresh: bool
    legal_actions: tuple[Action, ...]  # empty unless it is this seat's turn
    this_turn: tuple[Event, ...]  # public events of the turn under way
    last_turn: tuple[Event, ...]  # public events of the turn before it (and a deal between them)
    result: Result | None
    opponent_hand: tuple[Card, ...] | None = None  # memory aid (R12.3), or the end of the game
    draw_stack_counts: Mapping[Card, int] | None = None  # memory aid only, never the order

    @property
    def opponent(self) -> int:
        """The other seat; in the public view, the player not to move."""
        return 1 - (self.to_move if self.seat is None else self.seat)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat and self.result is None

    @property
    def second_player(self) -> int:
        return 1 - self.start_player

    @property
    def is_final_round(self) -> bool:
        """R9.3: after the second exhaustion the game ends with the second player's turn."""
        return self.exhaustions >= 2

    @property
    def is_last_turn(self) -> bool:
        return self.is_final_round and self.to_move == self.second_player

    @property
    def pass_ends_game(self) -> bool:
        """R8.5: the opponent passed last turn, so a pass now ends the game."""
        return self.passes >= 1

    @property
    def current_step(self) -> Step:
        """The earliest step still open to the player to move (R4.1), for a step bar."""
        if self.step is Step.REFRESH and not self.can_refresh:
            return Step.ACCOUNTANT
        if self.step is Step.ACCOUNTANT and not self.swaps_left:
            return Step.BRUTE
        if self.step is Step.BRUTE:
            return Step.TAKE
        return self.step



class Counts(NamedTuple):
    """The lean read of the table for the seat to move: counts per card kind, not a `SeatView`.

    For a search's playouts in a sampled world, which read the position once per action and need
    no more than a planner does: what the seat to move would see with the memory aid (R12.3), as
    counts, and nothing about the order of the draw stack (R12.2). The lists are the table's own:
    read them, never change them, and read a new `Counts` after the next action.
    """

    to_move: int
    passes: int
    hand: list[int]  # the seat to move's hand, a count per card kind (index of CARDS)
    area: list[int]  # its play area
    opponent_hand: list[int]  # the opponent's hand as the memory aid knows it (R12.3)
    opponent_area: list[int]
    street: list[Card]
    effective: list[int]  # the effective value of each Street card (R7.3)
    step: Step
    swaps_left: int
    locked_area: dict[int, int]  # R6.3, by card index
    locked_hand: dict[int, int]
    can_refresh: bool
    draw_stack_size: int
    exhaustions: int
    start_player: int


def table_from_view(view: SeatView, draw_stack: Sequence[Card | str], rng: random.Random) -> Table:
    """The table `view` shows, with `draw_stack` (top first) as the order of the stack; see `Game.from_view`.

    Built directly from the view's fields, since a search calls it for every sampled world. The view
    is trusted to be one that `Game.view` made; the checks are the ones a sampler can get wrong: the
    view must have the memory aid, and the stack must be the view's counted cards ending with its known
    bottom (R5.4).
    """
    if not isinstance(view, SeatView):
        raise TypeError(f"a game is built from a SeatView (game.view(seat, memory=True)), not {quoted(view)}")
    seat = view.seat
    if seat is None or view.opponent_hand is None or view.draw_stack_counts is None:
        raise PositionError("a game can be built only from a seat's view with the memory aid "
                            "(game.view(seat, memory=True)): it needs the opponent's hand and the draw stack's cards")
    stack = _stack_cards(draw_stack)
    stack_counts = _counts(stack)
    wanted = [0] * len(CARDS)
    for c, n in view.draw_stack_counts.items():
        wanted[c.index] += n
    if stack_counts != wanted:
        raise PositionError("the draw stack must hold exactly the cards the view counts in it: "
                            + _difference(stack_counts, wanted))
    known = len(view.stack_bottom)
    if known and tuple(stack[-known:]) != view.stack_bottom:
        raise PositionError("the draw stack must end with the cards known to lie at its bottom (R5.4): "
                            + " ".join(c.name for c in view.stack_bottom))
    hands = [_counts(view.hand), _counts(view.opponent_hand)]
    if seat == 1:
        hands.reverse()
    areas = [_counts(view.play_areas[0]), _counts(view.play_areas[1])]
    street = [s.card for s in view.street]
    reduced = -1 if view.reduced is None else view.reduced
    turn = Turn(step=view.step, refreshes=view.refreshes, late_refresh=view.late_refresh,
                swaps_left=view.swaps_left, accountant=-1 if view.accountant is None else view.accountant.index,
                locked_area=_locked(view.locked_play_area), locked_hand=_locked(view.locked_hand), reduced=reduced,
                reduction=street[reduced].value - view.street[reduced].effective if reduced >= 0 else 0)
    stack.reverse()  # the table keeps the top card last
    return Table(hands=hands, areas=areas, street=street, stack=stack, discard=list(view.discard_pile),
                 exhaustions=view.exhaustions, start_player=view.start_player, to_move=view.to_move,
                 passes=view.passes, rng=rng, turn=turn, end=None if view.result is None else view.result.reason,
                 bottom=known)


def _stack_cards(draw_stack: Sequence[Card | str]) -> list[Card]:
    if isinstance(draw_stack, str):
        raise PositionError("the draw stack must be a list of cards, top first")
    out = []
    for item in draw_stack:
        if type(item) is Card:
            out.append(item)
        elif isinstance(item, str):
            try:
                out.append(parse_card(item))
            except NotationError as error:
                raise PositionError(f"the draw stack holds something that is not a card: {error.reason}") from None
        else:
            raise PositionError(f"the draw stack holds a {type(item).__name__}, which is not a card")
    return out


def _counts(cards: Sequence[Card]) -> list[int]:
    counts = [0] * len(CARDS)
    for c in cards:
        counts[c.index] += 1
    return counts


def _locked(cards: tuple[Card, ...]) -> dict[int, int]:
    out: dict[int, int] = {}
    for c in cards:
        out[c.index] = out.get(c.index, 0) + 1
    return out


def _difference(have: list[int], want: list[int]) -> str:
    parts = []
    extra = " ".join(c.name for c, h, w in zip(CARDS, have, want, strict=True) for _ in range(h - w))
    lacking = " ".join(c.name for c, h, w in zip(CARDS, have, want, strict=True) for _ in range(w - h))
    if extra:
        parts.append(f"too many {extra}")
    if lacking:
        parts.append(f"missing {lacking}")
    return "; ".join(parts)
