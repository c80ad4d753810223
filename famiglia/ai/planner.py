"""The one-turn planner: the best take a player can reach this turn with its Accountant, swaps and Brute.

Famiglia scores every card a player holds (R11.1), and a payment only moves a card from the hand to
the play area (R8.4), so a take gains exactly the victory points of the card taken. What a turn can
reach is therefore a small search: which Street card, at which effective value (a Brute, R7), paid
with which pair (R8.2, R8.3), and which cards an Accountant must bring back from the play area to make
that pair (R6). The planner works goal first — for each target it asks which cards the hand must hold
and whether the swaps can get them there — rather than walking every order of swaps.

Plans are compared by the points of the card taken, then by what is left in hand to pay for later
takes (`KEEP`: higher cards, Mercenaries and cards with an ability are worth keeping), then by fewer
actions. The greedy player plays the best plan; the search's playouts and its move ordering use it too.
Refreshes are not planned: they reveal cards nobody knows yet.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from famiglia.engine import (
    CARDS,
    Action,
    Card,
    Counts,
    Family,
    Pass,
    PlayAccountant,
    PlayBrute,
    SeatView,
    Step,
    Swap,
    Take,
)
from famiglia.phrasebook import actions

__all__ = ["KEEP", "Plan", "TurnState", "best_plan", "plans"]


def _keep(c: Card) -> float:
    """How much a card in hand is worth for later turns, beyond its victory points (which it keeps anywhere)."""
    worth = 1.0 + c.value  # a higher card pays for a higher take (R8.2)
    if c.family is Family.MERCENARIES:
        worth += 1.0  # it stands in for any family (R8.3)
    elif c.family in (Family.ACCOUNTANTS, Family.BRUTES) and c.value:
        worth += 0.5 * c.value  # an ability to use later (R6, R7)
    return worth


KEEP: Final = tuple(_keep(c) for c in CARDS)
_VALUE: Final = tuple(c.value for c in CARDS)
_MERCENARY_INDEXES: Final = tuple(c.index for c in CARDS if c.family is Family.MERCENARIES)
_ACCOUNTANT_INDEXES: Final = tuple(c.index for c in CARDS if c.family is Family.ACCOUNTANTS and c.value)
_BRUTE_INDEXES: Final = tuple(c.index for c in CARDS if c.family is Family.BRUTES and c.value)


# One choice about the Accountant: (the Accountant played or -1, the hand after it, play-area cards free to
# swap back, hand cards locked by R6.3, swaps left, and hand + free play-area counts: all a pair can use).
_Option = tuple[int, list[int], list[int], dict[int, int], int, list[int]]


@dataclass(slots=True)
class TurnState:
    """What the planner needs of the player to move: counts per card kind, the Street, the turn so far.

    `locked_area` / `locked_hand` are the cards an Accountant may not move again this turn (R6.3).
    """

    hand: list[int]
    area: list[int]
    street: list[Card]
    effective: list[int]
    step: Step
    swaps_left: int
    locked_area: dict[int, int]
    locked_hand: dict[int, int]

    @classmethod
    def from_counts(cls, counts: Counts) -> TurnState:
        """The state of the seat to move from the engine's lean read (`Game.counts`), as the playouts need it.

        The lists are the table's own; the planner only reads them.
        """
        return cls(counts.hand, counts.area, counts.street, counts.effective, counts.step, counts.swaps_left,
                   counts.locked_area, counts.locked_hand)

    @classmethod
    def from_view(cls, view: SeatView) -> TurnState:
        """The state of the seat to move, read from its own view (its hand is in it)."""
        if view.seat is None or view.seat != view.to_move:
            raise ValueError("the planner needs the view of the seat to move")
        hand = [0] * len(CARDS)
        for c in view.hand:
            hand[c.index] += 1
        area = [0] * len(CARDS)
        for c in view.play_areas[view.seat]:
            area[c.index] += 1
        locked_area: dict[int, int] = {}
        for c in view.locked_play_area:  # R6.3: what this turn's Accountant may not move again
            locked_area[c.index] = locked_area.get(c.index, 0) + 1
        locked_hand: dict[int, int] = {}
        for c in view.locked_hand:
            locked_hand[c.index] = locked_hand.get(c.index, 0) + 1
        return cls(hand, area, [s.card for s in view.street], [s.effective for s in view.street], view.step,
                   view.swaps_left, locked_area, locked_hand)


@dataclass(frozen=True, slots=True)
class Plan:
    """A way to finish the turn: the actions in order, ending with a take (or a pass when nothing is reachable).

    `keep` is the worth of the hand afterwards (see `KEEP`); `taken` is None for a pass.
    """

    actions: tuple[Action, ...]
    taken: Card | None
    keep: float

    @property
    def points(self) -> int:
        return 0 if self.taken is None else self.taken.points

    @property
    def rank(self) -> tuple[int, float, int]:
        """Higher is better: points of the take, then what is left to pay with, then fewer actions."""
        return (self.points, self.keep, -len(self.actions))

    def describe(self) -> str:
        """The plan in a player's words, e.g. 'take F3 for 10 VP (pay F2, keep F2)'."""
        return actions.plan(self.actions)


def best_plan(state: TurnState) -> Plan:
    """The best plan by `Plan.rank`; a pass when no take is reachable this turn.

    Street cards are tried from the most victory points down, and the search stops at the first
    level of points that some plan reaches: the playouts call this once per turn, so only the
    winning way is made into a `Plan`.
    """
    full = _worth(state.hand)
    options = _prepared(state, full)
    street = state.street
    levels: dict[int, list[int]] = {}
    for j, c in enumerate(street):
        levels.setdefault(c.points, []).append(j)
    for points in sorted(levels, reverse=True):
        best: _Way | None = None
        best_rank = (0.0, 0)
        for way in _ways(state, options, levels[points]):
            rank = (way[0], -((way[1] >= 0) + len(way[3]) + (way[5] >= 0)))  # Plan.rank within one level
            if best is None or rank > best_rank:
                best, best_rank = way, rank
        if best is not None:
            return _plan(*best)
    return Plan((Pass(),), None, full)


def plans(state: TurnState) -> Iterator[Plan]:
    """The cheapest way to take each Street card for each choice of Brute and Accountant."""
    ways = _ways(state, _prepared(state, _worth(state.hand)), range(len(state.street)))
    return (_plan(*way) for way in ways)


# An `_Option` with what every target reads of it: the hand's worth after the Accountant, the Brutes within reach.
_Prepared = tuple[int, list[int], list[int], dict[int, int], int, list[int], float, list[int]]


def _prepared(state: TurnState, full: float) -> list[_Prepared]:
    can_brute = state.step < Step.BRUTE
    out = []
    for acc, hand0, area_free, locked_hand, swaps, have in _accountant_options(state):
        worth0 = full - KEEP[acc] if acc >= 0 else full
        brute_kinds = [b for b in _BRUTE_INDEXES if have[b]] if can_brute else []
        out.append((acc, hand0, area_free, locked_hand, swaps, have, worth0, brute_kinds))
    return out


# One way to take a card, before it is made a `Plan`: (worth, Accountant or -1, the card, cards swapped out of the
# play area, cards swapped in, Brute or -1, its reduction, paying card or -1, kept card or -1).
_Way = tuple[float, int, Card, list[int], list[int], int, int, int, int]


def _ways(state: TurnState, options: list[_Prepared], indexes: Sequence[int]) -> Iterator[_Way]:
    street, effective = state.street, state.effective
    for acc, hand0, area_free, locked_hand, swaps, have, worth0, brute_kinds in options:
        for j in indexes:
            target = street[j]
            e = effective[j]
            value = target.value
            brutes = [(-1, 0)]
            if brute_kinds and value:
                brutes += [(b, k) for b in brute_kinds for k in range(1, min(_VALUE[b], value) + 1)]
            base = target.index - value - 1  # + left: the genuine payer of value left - 1 (R8.2)
            gain = worth0 + KEEP[target.index]
            for b, k in brutes:
                left = e - k
                if left > 0 and not have[base + left]:
                    continue  # no genuine card to pay with, in hand or within reach of a swap
                best = None
                for pay, keep in _PAIRS[target.index][left if left > 0 else 0]:
                    if pay >= 0 and not (have[pay] and have[keep]):
                        continue
                    if swaps:
                        found = _reach(pay, keep, b, hand0, area_free, locked_hand, swaps)
                        if found is None:
                            continue
                        outs, ins = found
                    else:  # no Accountant: the hand alone must hold the pair and the Brute, copies counted
                        if pay >= 0 and (hand0[pay] < 1 + (pay == keep) + (pay == b)
                                         or hand0[keep] < 1 + (pay == keep) + (keep == b)):
                            continue
                        outs = ins = _NONE
                    worth = gain
                    if outs:
                        for x in outs:
                            worth += KEEP[x]
                        for x in ins:
                            worth -= KEEP[x]
                    if b >= 0:
                        worth -= KEEP[b]
                    if pay >= 0:
                        worth -= KEEP[pay]
                    if best is None or worth > best[0]:
                        best = (worth, acc, target, outs, ins, b, k, pay, keep)
                if best is not None:
                    yield best


def _plan(worth: float, acc: int, target: Card, outs: list[int], ins: list[int], b: int, k: int, pay: int,
          keep: int) -> Plan:
    """The actions of one way to take `target`, in the order the turn's steps allow (R4)."""
    actions: list[Action] = []
    if acc >= 0:
        actions.append(_ACCOUNTANT_OF[acc])
    if outs:
        actions += [_swap(o, i) for o, i in zip(outs, ins, strict=True)]
    if b >= 0:
        actions.append(_brute(b, target.index, k))
    actions.append(_take(target.index, pay, keep))
    return Plan(tuple(actions), target, worth)


# The actions a plan is made of, looked up rather than built: a playout makes a plan every turn.
_ACCOUNTANT_OF: Final = {i: PlayAccountant(CARDS[i]) for i in _ACCOUNTANT_INDEXES}


@cache
def _swap(out: int, into: int) -> Swap:
    return Swap(CARDS[out], CARDS[into])


@cache
def _brute(b: int, target: int, k: int) -> PlayBrute:
    return PlayBrute(CARDS[b], CARDS[target], k)


@cache
def _take(target: int, pay: int, keep: int) -> Take:
    return Take(CARDS[target], CARDS[pay], CARDS[keep]) if pay >= 0 else Take(CARDS[target])


def _worth(hand: Sequence[int]) -> float:
    return sum(KEEP[i] * n for i, n in enumerate(hand) if n)


def _accountant_options(state: TurnState) -> Iterator[_Option]:
    """Each choice about the Accountant this turn still allows (see `_Option`)."""
    hand, area = state.hand, state.area
    no_swaps = [0] * len(CARDS)
    if state.step is Step.REFRESH:
        yield -1, hand, no_swaps, {}, 0, hand
        for a in _ACCOUNTANT_INDEXES:  # R6.1, R6.3: the new Accountant stays in the play area
            if hand[a]:
                hand0 = hand[:]
                hand0[a] -= 1
                yield a, hand0, area, {}, CARDS[a].value, [h + f for h, f in zip(hand0, area, strict=True)]
    elif state.step is Step.ACCOUNTANT and state.swaps_left:
        free = [n - state.locked_area.get(i, 0) for i, n in enumerate(area)]
        yield -1, hand, free, state.locked_hand, state.swaps_left, [h + f for h, f in zip(hand, free, strict=True)]
    else:
        yield -1, hand, no_swaps, {}, 0, hand


_NONE: Final[list[int]] = []  # no swaps (never changed)


def _pairs(target: Card, left: int) -> Iterator[tuple[int, int]]:
    """(pay, keep) card indexes that pay for `target` at effective value `left` (R8.1–R8.4); (-1, -1) if free."""
    if left <= 0:
        yield -1, -1
        return
    genuine = target.index - target.value + left - 1  # same family, value left - 1
    yield genuine, genuine
    for m in _MERCENARY_INDEXES[left:]:  # R8.3: one Mercenary above left - 1 stands in
        # Keep the card more useful later, pay with the other (R8.4).
        if KEEP[m] >= KEEP[genuine]:
            yield genuine, m
        else:
            yield m, genuine


def _reach(pay: int, keep: int, brute: int, hand: list[int], area_free: list[int], locked_hand: dict[int, int],
           swaps: int) -> tuple[list[int], list[int]] | None:
    """The swaps (cards out of the play area, cards into it) that put the pair and the Brute in hand, or None.

    Card indexes are -1 where nothing is needed (a free take, no Brute). Only as many swaps as cards are
    missing (R6.2); the cards sent to the play area are the least worth keeping (R6.3: none moved twice).
    """
    wanted: dict[int, int] = {}
    for x in (pay, keep, brute):
        if x >= 0:
            wanted[x] = wanted.get(x, 0) + 1
    outs: list[int] = []
    for x, n in wanted.items():
        missing = n - hand[x]
        if missing > 0:
            if missing > swaps or area_free[x] < missing:
                return None
            outs += [x] * missing
    if not outs:
        return outs, outs
    if len(outs) > swaps:
        return None
    spare = []
    for i, n in enumerate(hand):
        if n:
            extra = n - wanted.get(i, 0) - locked_hand.get(i, 0)
            if extra > 0:
                spare += [i] * extra
    if len(spare) < len(outs):
        return None
    spare.sort(key=KEEP.__getitem__)
    return outs, spare[: len(outs)]


# `_pairs` of every card at every effective value, made once: the planner's inner loop reads them.
_PAIRS: Final = tuple(tuple(tuple(_pairs(c, left)) for left in range(5)) for c in CARDS)
