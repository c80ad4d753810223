"""The table: where every card lies, whose turn it is, and how far the turn has come.

`Table` is the mutable state behind a `Game`. Its methods change it without checking anything: the
game checks an action against the legal actions first (style: check everything, then change), and
search-based players call the unchecked path directly with actions the rules generated.
Hands and play areas are counts per card kind (index 0–19), which makes payments cheap to test.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum

from .actions import Action, Pass, PlayAccountant, PlayBrute, Refresh, Step, Swap, Take
from .cards import Card

__all__ = ["STREET_SIZE", "EndReason", "Event", "Happening", "Table", "Turn", "event", "happening"]

STREET_SIZE = 6  # R3.4, R10.1


class EndReason(Enum):
    """Why the game ended (R10.2)."""

    PASSES = "two passes in a row"
    EXHAUSTION = "the draw stack was exhausted a second time"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Event:
    """One public happening, for the summary of a turn: an action and the cards it revealed.

    `action` is None for the deal of a new Street between turns (R10.1). `exhausted` counts the
    exhaustions (R9) that happened during it, and `exhaustions` is the game's count right after it, so
    the event can say which exhaustion it was (the R9.2 reshuffle, or the R9.3 final round).
    """

    player: int
    action: Action | None
    drawn: tuple[Card, ...] = ()
    exhausted: int = 0
    exhaustions: int = 0


# An `Event`'s fields as a plain tuple, in its order: what the hot path records (a tuple costs a tenth of a
# frozen dataclass to make); the game turns them into `Event`s when a view or a position is asked for.
Happening = tuple[int, "Action | None", tuple[Card, ...], int, int]


def event(happening: Happening) -> Event:
    return Event(*happening)


def happening(e: Event) -> Happening:
    return (e.player, e.action, e.drawn, e.exhausted, e.exhaustions)


@dataclass(slots=True)
class Turn:
    """How far the current turn has come (R4): the state machine between the start and the take or pass.

    `step` is the latest step acted in (`REFRESH` also when nothing was done yet).
    """

    step: Step = Step.REFRESH
    refreshes: int = 0
    late_refresh: bool = False  # R5.4: the one refresh after the first exhaustion was made
    swaps_left: int = 0
    accountant: int = -1  # R6.3: the index of the Accountant played this turn, -1 for none
    locked_area: dict[int, int] = field(default_factory=dict)  # R6.3: the new Accountant, swapped-in cards
    locked_hand: dict[int, int] = field(default_factory=dict)  # R6.3: swapped-out cards
    reduced: int = -1  # R7: index into the Street of the reduced card, -1 for none
    reduction: int = 0

    def copy(self) -> Turn:
        return Turn(self.step, self.refreshes, self.late_refresh, self.swaps_left, self.accountant,
                    dict(self.locked_area),
                    dict(self.locked_hand), self.reduced, self.reduction)

    @property
    def is_fresh(self) -> bool:
        return self.step is Step.REFRESH and self.refreshes == 0


@dataclass(slots=True, kw_only=True, eq=False, repr=False)
class Table:
    """All zones of the 60 cards and the turn; see the module docstring for the contract.

    Built by keyword only; compared by identity, as a game's mutable state is.
    """

    hands: list[list[int]]
    areas: list[list[int]]
    street: list[Card]
    stack: list[Card]  # the top card is the LAST element
    bottom: int = 0  # R5.4, R12.3: stack[:min(bottom, len(stack))] went under face up and is known to everyone
    discard: list[Card]  # the top card is the last element
    exhaustions: int
    start_player: int
    to_move: int
    passes: int
    turn: Turn = field(default_factory=Turn)
    end: EndReason | None = None
    rng: random.Random
    rng_shared: bool = False  # copy-on-write: a copy shares the generator until one of them shuffles

    def copy(self) -> Table:
        self.rng_shared = True
        return Table(hands=[self.hands[0][:], self.hands[1][:]], areas=[self.areas[0][:], self.areas[1][:]],
                     street=self.street[:], stack=self.stack[:], discard=self.discard[:],
                     exhaustions=self.exhaustions, start_player=self.start_player, to_move=self.to_move,
                     passes=self.passes, rng=self.rng, turn=self.turn.copy(), end=self.end, rng_shared=True,
                     bottom=self.bottom)

    def own_rng(self) -> random.Random:
        """The generator, made this table's own before it is used, so copies stay independent."""
        if self.rng_shared:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
            self.rng = rng
            self.rng_shared = False
        return self.rng

    # -- the Street ---------------------------------------------------------------------------------

    def effective(self, index: int) -> int:
        """The value a Street card counts for now: printed value less this turn's Brute reduction (R7.3)."""
        value = self.street[index].value
        if index == self.turn.reduced:
            return value - self.turn.reduction
        return value

    # -- the draw stack and its two exhaustions (R9) ------------------------------------------------

    @property
    def known_bottom(self) -> int:
        """How many cards at the bottom of the draw stack everyone knows (R5.4, R12.3).

        Draws take the top, so they reach the known cards only once the stack has shrunk into them;
        the second exhaustion empties it and leaves nothing known.
        """
        return min(self.bottom, len(self.stack))

    def draw(self, n: int) -> tuple[tuple[Card, ...], int]:
        """Draw up to n cards onto the Street; return them and how many exhaustions happened (R9.1)."""
        drawn: list[Card] = []
        before = self.exhaustions
        stack = self.stack
        for _ in range(n):
            if not stack:
                break
            c = stack.pop()
            drawn.append(c)
            if not stack:
                self._exhaust()
                stack = self.stack
        self.street.extend(drawn)
        return tuple(drawn), self.exhaustions - before

    def _exhaust(self) -> None:
        """R9.2: the first exhaustion reshuffles the discard pile at once; with none, it is also the second."""
        self.exhaustions += 1
        if self.exhaustions == 1:
            if self.discard:
                pile = self.discard
                self.own_rng().shuffle(pile)
                self.stack = pile
                self.discard = []
            else:
                self.exhaustions = 2

    # -- applying actions (unchecked) ----------------------------------------------------------------

    def apply(self, action: Action, index: int) -> Happening:
        """Carry out a legal action; `index` is the Street position it concerns (or -1).

        Plain type tests in the order of frequency rather than `match`: this is the playouts' hot path.
        """
        player = self.to_move
        hand = self.hands[player]
        area = self.areas[player]
        turn = self.turn
        if type(action) is Take:
            c = self.street.pop(index)
            hand[c.index] += 1
            pay = action.pay
            if pay is not None:  # R8.4: the paying card to the play area, the kept one stays in hand
                hand[pay.index] -= 1
                area[pay.index] += 1
            self.passes = 0
            return self._end_turn(action)
        if type(action) is Pass:
            self.passes += 1  # R8.5
            return self._end_turn(action)
        if type(action) is PlayBrute:
            b = action.card.index
            hand[b] -= 1
            area[b] += 1
            turn.step = Step.BRUTE
            turn.reduced = index
            turn.reduction = action.amount
            return (player, action, (), 0, self.exhaustions)
        if type(action) is Swap:
            o, i = action.out.index, action.into.index
            area[o] -= 1
            hand[o] += 1
            hand[i] -= 1
            area[i] += 1
            turn.locked_hand[o] = turn.locked_hand.get(o, 0) + 1  # R6.3: moved once
            turn.locked_area[i] = turn.locked_area.get(i, 0) + 1
            turn.swaps_left -= 1
            return (player, action, (), 0, self.exhaustions)
        if type(action) is PlayAccountant:
            a = action.card
            hand[a.index] -= 1
            area[a.index] += 1
            turn.locked_area[a.index] = 1  # R6.3: the Accountant just played stays
            turn.step = Step.ACCOUNTANT
            turn.swaps_left = a.value  # R6.2
            turn.accountant = a.index
            return (player, action, (), 0, self.exhaustions)
        assert type(action) is Refresh
        return self._refresh(action, index)

    def _refresh(self, action: Refresh, index: int) -> Happening:
        c = self.street.pop(index)
        turn = self.turn
        turn.refreshes += 1
        if self.exhaustions == 0:
            self.discard.append(c)  # R5.3: face up on the discard pile
        else:
            turn.late_refresh = True  # R5.4: once, face down under the stack; all saw which card
            self.bottom = self.known_bottom + 1
            self.stack.insert(0, c)
        drawn, exhausted = self.draw(c.value)  # R5.5: a reshuffle in the middle keeps drawing
        return (self.to_move, action, drawn, exhausted, self.exhaustions)

    def _end_turn(self, action: Action) -> Happening:
        player = self.to_move
        self.turn = Turn()
        if self.passes >= 2:  # R8.5, R10.2: the passes win when both ends come together
            self.end = EndReason.PASSES
        elif self.exhaustions == 2 and player != self.start_player:  # R9.3: the round is over
            self.end = EndReason.EXHAUSTION
        else:
            self.to_move = 1 - player
        return (player, action, (), 0, self.exhaustions)

    def deal_street(self) -> Happening | None:
        """R10.1: an emptied Street gets six new cards between the turns, if any are left to draw."""
        if self.street or self.end is not None or self.exhaustions >= 2:
            return None
        drawn, exhausted = self.draw(STREET_SIZE)
        return (self.to_move, None, drawn, exhausted, self.exhaustions)

