"""What the rules allow now, and why they refuse the rest (R4–R8): each condition written once.

Each condition is a small predicate that returns the `Refusal` it makes (its kind, its rule and the cards
and numbers it names; `str()` says it in a player's words), or None.
`explain` asks them in a fixed order about one action (python-chess's `is_legal`) and gives the first
rule in the way: it is `Game.refusal`, what `Game.why_illegal` and a refused `Game.apply` say. `legal_actions`, the
generator and the search's hot path, asks the step-level predicates itself, once a call (may this seat
refresh now at all, play an Accountant, swap, play a Brute), and reads the per-card ones from tables
built at import by asking them (which cards are Accountants and Brutes, how far a Brute may lower a
card, which pairs pay for a Street card at an effective value). Inline it tests only counts (does the
hand or the play area hold the card, one not moved this turn for a swap) and the effective value (R7.3);
tests/engine/test_refusals.py holds it to the predicates for every action over seeded positions, every
reason included. Both read a `Table` and never change it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .actions import PASS, Action, Pass, PlayAccountant, PlayBrute, Refresh, Step, Swap, Take
from .cards import CARDS, Card, Family
from .refusals import Kind, Refusal

if TYPE_CHECKING:
    from .table import Table, Turn

__all__ = ["explain", "legal_actions", "refresh_refusal", "street_index"]


# -- the predicates: a refusal, or None ----------------------------------------------------------------

# Steps as module constants: reading a member off an Enum class costs a few hundred nanoseconds in Python
# 3.11, and the generator asks on every call. The reasons it may meet on every call are made once, too.
_REFRESH, _ACCOUNTANT, _BRUTE = Step.REFRESH, Step.ACCOUNTANT, Step.BRUTE
# _TOO_LATE[wanted, step]: R4.1, no going back to an earlier step.
_TOO_LATE: Final = {(wanted, step): Refusal(Kind.TOO_LATE, "R4.1", wanted=wanted, step=step)
                    for wanted in Step for step in Step}
_ZERO_ON_STREET: Final = tuple(Refusal(Kind.ZERO_ON_STREET, "R5.1", card=c) for c in CARDS)
_EMPTY_STREET_REFRESH: Final = Refusal(Kind.EMPTY_STREET_REFRESH, "R10.1")
_USED_UP: Final = Refusal(Kind.USED_UP, "R5.6")
_ONCE_A_TURN: Final = Refusal(Kind.ONCE_A_TURN, "R5.4")


def refresh_refusal(table: Table) -> Refusal | None:
    """Why no Street card may be refreshed now; None if every one may (R5.2)."""
    turn = table.turn
    if turn.step is not _REFRESH:
        return _TOO_LATE[_REFRESH, turn.step]
    street = table.street
    if not street:
        return _EMPTY_STREET_REFRESH
    if table.exhaustions >= 2:
        return _USED_UP
    for c in street:
        if not c.value:
            return _ZERO_ON_STREET[c.index]  # R5.1
    if table.exhaustions == 1 and turn.late_refresh:
        return _ONCE_A_TURN
    return None


_OWN: Final = {Family.ACCOUNTANTS: Step.ACCOUNTANT, Family.BRUTES: Step.BRUTE}
# The kinds of refusal an Accountant's and a Brute's meet: another family, a 0 (R4.2), played already (R4.3).
_NOT_ONE: Final = {Family.ACCOUNTANTS: Kind.NOT_ACCOUNTANT, Family.BRUTES: Kind.NOT_BRUTE}
_ZERO_ONE: Final = {Family.ACCOUNTANTS: Refusal(Kind.ACCOUNTANT_ZERO, "R4.2"),
                    Family.BRUTES: Refusal(Kind.BRUTE_ZERO, "R4.2")}
_ALREADY: Final = {Step.ACCOUNTANT: Refusal(Kind.ALREADY_ACCOUNTANT, "R4.3"),
                   Step.BRUTE: Refusal(Kind.ALREADY_BRUTE, "R4.3")}


def _ability_card_refusal(c: Card, family: Family) -> Refusal | None:
    """Why `c` is no Accountant (or Brute) with an ability: another family, or a 0 (R4.2)."""
    if c.family is not family:
        return Refusal(_NOT_ONE[family], None, card=c)
    if c.value == 0:
        return _ZERO_ONE[family]
    return None


def _ability_step_refusal(step: Step, own: Step) -> Refusal | None:
    """Why the ability of step `own` (an Accountant, a Brute) cannot be played at `step` (R4.3, R4.1)."""
    if step < own:
        return None
    if step is own:
        return _ALREADY[own]
    return _TOO_LATE[own, step]


def _own_refusal(hand: list[int], c: Card) -> Refusal | None:
    """Why `c` cannot be played from the hand: there is none."""
    return None if hand[c.index] else Refusal(Kind.NOT_IN_HAND, None, card=c)


_ACCOUNTANT_FIRST: Final = Refusal(Kind.ACCOUNTANT_FIRST, "R6.2")
_NO_SWAPS_LEFT: Final = Refusal(Kind.NO_SWAPS_LEFT, "R6.2")


def _swap_step_refusal(turn: Turn) -> Refusal | None:
    """Why no swap can be made now: no Accountant played this turn, or its swaps used up (R6.2, R4.1)."""
    step = turn.step
    if step is _REFRESH:
        return _ACCOUNTANT_FIRST
    if step > _ACCOUNTANT:
        return _TOO_LATE[_ACCOUNTANT, step]
    if not turn.swaps_left:
        return _NO_SWAPS_LEFT
    return None


def _swap_kinds_refusal(out: Card, into: Card) -> Refusal | None:
    """R6.2 (decision): the two cards of a swap are of different kinds."""
    return Refusal(Kind.SAME_SWAP, "R6.2", card=out) if out is into else None


def _swap_out_refusal(table: Table, out: Card) -> Refusal | None:
    """Why `out` cannot leave the play area: there is none, or every copy came in this turn (R6.3)."""
    turn = table.turn
    have = table.areas[table.to_move][out.index]
    if not have:
        return Refusal(Kind.NONE_IN_AREA, None, card=out)
    locked = turn.locked_area.get(out.index, 0)
    if have > locked:
        return None
    if out.index == turn.accountant and locked == 1:
        return Refusal(Kind.ACCOUNTANT_STAYS, "R6.3", card=out)
    return Refusal(Kind.MOVED_INTO_AREA, "R6.3", card=out)


def _swap_into_refusal(table: Table, into: Card) -> Refusal | None:
    """Why `into` cannot leave the hand: there is none, or every copy went there in this turn (R6.3)."""
    have = table.hands[table.to_move][into.index]
    if not have:
        return Refusal(Kind.NONE_IN_HAND, None, card=into)
    if have > table.turn.locked_hand.get(into.index, 0):
        return None
    return Refusal(Kind.MOVED_INTO_HAND, "R6.3", card=into)


def _on_street_refusal(table: Table, c: Card) -> Refusal | None:
    return None if c in table.street else Refusal(Kind.NONE_ON_STREET, None, card=c)


def _lowering_refusal(brute: Card, target: Card, amount: int) -> Refusal | None:
    """Why Brute `brute` cannot lower `target` by `amount`: 1 ≤ amount ≤ both values (R7.2)."""
    if target.value == 0:
        return Refusal(Kind.TARGET_ZERO, "R7.2", card=target)
    if amount < 1:
        return Refusal(Kind.AT_LEAST_ONE, "R7.2")
    if amount > brute.value:
        return Refusal(Kind.BRUTE_AT_MOST, "R7.2", card=brute, n=brute.value)
    if amount > target.value:
        return Refusal(Kind.TARGET_AT_MOST, "R7.2", card=target, n=target.value)
    return None


def _pays(c: Card, effective: int, pay: Card | None, keep: Card | None) -> bool:
    """Whether `pay` + `keep` (None: no pair) is a way to take `c` at `effective` value (R8.1–R8.3)."""
    if pay is None or keep is None:
        return effective == 0  # R8.1
    if effective == 0:
        return False  # R8.1: a free card is taken without a pair
    genuine = effective - 1  # R8.2
    for one, other in ((pay, keep), (keep, pay)):
        if one.family is c.family and one.value == genuine and (
                other is one or (other.is_mercenary and other.value > genuine)):  # R8.3: one stand-in at most
            return True
    return False


def _pair_refusal(hand: list[int], pay: Card, keep: Card) -> Refusal | None:
    """Why the hand cannot show the pair `pay` + `keep` (R8.2: two hand cards)."""
    if pay is keep:
        if hand[pay.index] < 2:
            return Refusal(Kind.NEED_TWO, None, card=pay, have=hand[pay.index])
        return None
    for x in (pay, keep):
        if not hand[x.index]:
            return Refusal(Kind.NONE_IN_HAND, None, card=x)
    return None


# -- explaining: the predicates of one action, in order ---------------------------------------------


_GAME_OVER: Final = Refusal(Kind.GAME_OVER, None)  # R10.2


def explain(table: Table, action: Action) -> Refusal | None:
    """Why `action` is not allowed now (`str()` says it in a player's words); None if it is (it is in
    `legal_actions`)."""
    if table.end is not None:
        return _GAME_OVER
    step = table.turn.step
    hand = table.hands[table.to_move]
    match action:
        case Refresh(card=c):
            return refresh_refusal(table) or (None if c in table.street  # R5.2
                                              else Refusal(Kind.NOT_ON_STREET, None, card=c))
        case PlayAccountant(card=a):
            return (_ability_card_refusal(a, Family.ACCOUNTANTS) or _ability_step_refusal(step, _ACCOUNTANT)
                    or _own_refusal(hand, a))
        case Swap(out=o, into=i):
            return (_swap_step_refusal(table.turn) or _swap_kinds_refusal(o, i) or _swap_out_refusal(table, o)
                    or _swap_into_refusal(table, i))
        case PlayBrute(card=b, target=t, amount=k):
            return (_ability_card_refusal(b, Family.BRUTES) or _ability_step_refusal(step, _BRUTE)
                    or _own_refusal(hand, b) or _on_street_refusal(table, t) or _lowering_refusal(b, t, k))
        case Take():
            return _take_refusal(table, action)
        case Pass():
            return None  # R8.5: always allowed


_EMPTY_STREET_TAKE: Final = Refusal(Kind.EMPTY_STREET_TAKE, "R10.1")


def _take_refusal(table: Table, action: Take) -> Refusal | None:
    c, pay, keep = action.card, action.pay, action.keep
    if not table.street:
        return _EMPTY_STREET_TAKE
    on_street = _on_street_refusal(table, c)
    if on_street:
        return on_street
    values = sorted({table.effective(i) for i, s in enumerate(table.street) if s is c})
    e = values[-1]
    if pay is None or keep is None:
        if any(_pays(c, v, None, None) for v in values):
            return None
        return Refusal(Kind.NOT_FREE, "R8.2", card=c, n=e, pair=Card.of(c.family, e - 1), below=e - 1)
    missing = _pair_refusal(table.hands[table.to_move], pay, keep)
    if missing:
        return missing
    if any(_pays(c, v, pay, keep) for v in values):
        return None
    if values == [0]:
        return Refusal(Kind.FREE, "R8.1", card=c)
    if pay.is_mercenary and keep.is_mercenary and c.family is not Family.MERCENARIES:
        return Refusal(Kind.GENUINE, "R8.3", card=Card.of(c.family, e - 1))
    return Refusal(Kind.PAIR, "R8.3", card=c, n=e, pair=Card.of(c.family, e - 1), below=e - 1)


# -- the generator's tables, asked of the per-card predicates once ----------------------------------

_ACCOUNTANT_OF: Final = tuple((c.index, PlayAccountant(c)) for c in CARDS
                              if _ability_card_refusal(c, Family.ACCOUNTANTS) is None)
_BRUTES: Final = tuple(c for c in CARDS if _ability_card_refusal(c, Family.BRUTES) is None)
_BRUTE_INDEXES: Final = tuple(b.index for b in _BRUTES)
# _LOWERINGS[b][t]: the Brute b's actions on Street card t, by amount, up from 1 (R7.2); none on a 0.
_LOWERINGS: Final = {b.index: tuple(tuple(PlayBrute(b, t, k) for k in range(5) if _lowering_refusal(b, t, k) is None)
                                    for t in CARDS) for b in _BRUTES}
# _SWAP_OF[out][into]: the swap, None where the kinds are the same (R6.2).
_SWAP_OF: Final = tuple(tuple(None if _swap_kinds_refusal(o, i) else Swap(o, i) for i in CARDS) for o in CARDS)
_REFRESH_OF: Final = tuple(Refresh(c) for c in CARDS)
_FREE_OF: Final = tuple(Take(c) for c in CARDS)
_MERCENARY_INDEXES: Final = tuple(c.index for c in CARDS if c.is_mercenary)


def _ways_to_pay(c: Card, e: int) -> tuple[int, Take, tuple[tuple[int, Take, Take], ...]]:
    """Every pair `_pays` accepts for `c` at effective value e ≥ 1, grouped as the generator reads them.

    All of them share one genuine card (R8.3: at least one is genuine), which pairs with itself and with
    each stand-in, either one going to the play area (R8.4). Returns the genuine card's index, its pair
    with itself, and per stand-in (in the order of the cards) its index and its two takes.
    """
    pairs = {(p, k) for p in CARDS for k in CARDS if _pays(c, e, p, k)}
    (genuine,) = set.intersection(*({p, k} for p, k in pairs))
    stand_ins = sorted({k for p, k in pairs if k is not genuine})
    assert pairs == {(genuine, genuine)} | {(genuine, m) for m in stand_ins} | {(m, genuine) for m in stand_ins}
    assert all(m.index in _MERCENARY_INDEXES for m in stand_ins)  # R8.3: the generator asks the hand for these
    return (genuine.index, Take(c, genuine, genuine),
            tuple((m.index, Take(c, genuine, m), Take(c, m, genuine)) for m in stand_ins))


# _PAID[c][e - 1]: the ways to pay for c at effective value e ≥ 1. At 0 the generator takes a card for
# free, and only for free, as `_pays` says (R8.1):
assert all(_pays(c, e, None, None) == (e == 0) for c in CARDS for e in range(5))
assert not any(_pays(c, 0, p, k) for c in CARDS for p in CARDS for k in CARDS)
_PAID: Final = tuple(tuple(_ways_to_pay(c, e) for e in range(1, 5)) for c in CARDS)
assert _MERCENARY_INDEXES == (15, 16, 17, 18, 19)  # the generator tests these counts directly


# -- the generator -----------------------------------------------------------------------------------


def legal_actions(table: Table) -> dict[Action, int]:
    """Every action allowed now, in notation order of the steps, mapped to the Street index it concerns.

    The search's hot path: it asks each step-level predicate once and reads the tables above, so a
    call builds one dict and no action objects.
    """
    if table.end is not None:
        return {}
    acts: dict[Action, int] = {}
    hand = table.hands[table.to_move]
    turn = table.turn
    street = table.street
    step = turn.step
    if refresh_refusal(table) is None:  # R5
        for i, c in enumerate(street):
            refresh = _REFRESH_OF[c.index]
            if refresh not in acts:
                acts[refresh] = i
    if _ability_step_refusal(step, _ACCOUNTANT) is None:  # R6.1
        for kind, accountant in _ACCOUNTANT_OF:
            if hand[kind]:  # _own_refusal
                acts[accountant] = -1
    if _swap_step_refusal(turn) is None:  # R6.2
        _add_swaps(table, acts)
    if _ability_step_refusal(step, _BRUTE) is None:  # R7
        brutes = [_LOWERINGS[b] for b in _BRUTE_INDEXES if hand[b]]  # _own_refusal
        if brutes:
            for i, t in enumerate(street):
                index = t.index
                for on in brutes:
                    for brute in on[index]:
                        if brute not in acts:
                            acts[brute] = i
    # R8.1–R8.3: free cards, and the pairs `_pays` accepts that the hand holds (_pair_refusal).
    reduced = turn.reduced
    mercenaries = hand[15] or hand[16] or hand[17] or hand[18] or hand[19]
    for i, c in enumerate(street):
        e = c.value - turn.reduction if i == reduced else c.value  # R7.3, as `Table.effective`
        if e == 0:
            free: Action = _FREE_OF[c.index]
            if free not in acts:
                acts[free] = i
            continue
        genuine, pair, stand_ins = _PAID[c.index][e - 1]
        have = hand[genuine]
        if not have:
            continue
        if have >= 2 and pair not in acts:
            acts[pair] = i
        if mercenaries:
            for m, with_m, m_pays in stand_ins:  # R8.3: a Mercenary above e-1 stands in once
                if hand[m] and with_m not in acts:
                    acts[with_m] = i
                    acts[m_pays] = i
    acts[PASS] = -1  # R8.5: always allowed
    return acts


def _add_swaps(table: Table, acts: dict[Action, int]) -> None:
    """The swaps of the cards that may leave the play area and the hand (R6.2, R6.3), once a swap is open."""
    turn = table.turn
    hand, area = table.hands[table.to_move], table.areas[table.to_move]
    locked_area, locked_hand = turn.locked_area, turn.locked_hand
    ins = [c.index for c in CARDS if hand[c.index] > locked_hand.get(c.index, 0)]  # _swap_into_refusal
    for o in CARDS:
        if area[o.index] > locked_area.get(o.index, 0):  # _swap_out_refusal
            swaps = _SWAP_OF[o.index]
            for i in ins:
                swap = swaps[i]
                if swap is not None:  # _swap_kinds_refusal
                    acts[swap] = -1


def street_index(table: Table, action: Action) -> int:
    """The Street position a legal `action` concerns (-1 for none), as `legal_actions` maps it.

    The search applies actions its planner built without listing every legal action first; this
    finds the position directly: the first copy of the card on the Street, and for a take where
    copies differ in effective value (one reduced by a Brute, R7.3) the copy its payment fits.
    """
    kind = type(action)
    street = table.street
    if kind is Take:
        c = action.card  # type: ignore[union-attr]
        reduced = table.turn.reduced
        if reduced < 0 or street[reduced] is not c:
            return street.index(c)
        for i, s in enumerate(street):
            if s is c and _pays(c, table.effective(i), action.pay, action.keep):  # type: ignore[union-attr]
                return i
        raise ValueError(f"{action} is not legal now")
    if kind is Refresh:
        return street.index(action.card)  # type: ignore[union-attr]
    if kind is PlayBrute:
        return street.index(action.target)  # type: ignore[union-attr]
    return -1
