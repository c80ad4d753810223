"""What one seat may see (R12): the only picture of the game the screen and the computer players get.

A `SeatView` holds the seat's own hand and everything public, never the opponent's cards or the order
of the draw stack. With `memory=True` it adds what perfect memory of the public actions gives (R12.3):
the opponent's hand (every card enters a hand face up) and the draw stack's contents as counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .actions import Action, Step
from .cards import Card
from .scoring import Result
from .table import Event

__all__ = ["SeatView", "StreetCard"]


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
    discard_pile: tuple[Card, ...]  # top card last
    exhaustions: int
    start_player: int
    to_move: int
    passes: int
    step: Step  # the latest step acted in this turn (R4)
    refreshes: int
    swaps_left: int
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
