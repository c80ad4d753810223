"""What the rules allow now, and why they refuse the rest (R4–R8): each condition written once.

Each condition is a small predicate that returns the reason it refuses, in a player's words, or None.
`explain` asks them in a fixed order about one action (python-chess's `is_legal`) and gives the first
rule in the way: it is what `Game.why_illegal` and a refused `Game.apply` say. `legal_actions`, the
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

if TYPE_CHECKING:
    from .table import Table, Turn

__all__ = ["explain", "legal_actions", "refresh_refusal", "street_index"]


# -- the predicates: a reason, or None ----------------------------------------------------------------

# Steps as module constants: reading a member off an Enum class costs a few hundred nanoseconds in Python
# 3.11, and the generator asks on every call. The reasons it may meet on every call are made once, too.
_REFRESH, _ACCOUNTANT, _BRUTE = Step.REFRESH, Step.ACCOUNTANT, Step.BRUTE
# _TOO_LATE[wanted, step]: R4.1, no going back to an earlier step.
_TOO_LATE: Final = {(wanted, step): f"too late for the {wanted.title} step: this turn is at the {step.title} step "
                                    "(R4.1)" for wanted in Step for step in Step}
_ZERO_ON_STREET: Final = tuple(f"the Street has a 0 on it ({c}), so you cannot refresh (R5.1)" for c in CARDS)


def refresh_refusal(table: Table) -> str | None:
    """Why no Street card may be refreshed now; None if every one may (R5.2)."""
    turn = table.turn
    if turn.step is not _REFRESH:
        return _TOO_LATE[_REFRESH, turn.step]
    street = table.street
    if not street:
        return "the Street is empty: nothing to refresh (R10.1)"
    if table.exhaustions >= 2:
        return "the draw stack is used up for good: no more refreshes (R5.6)"
    for c in street:
        if not c.value:
            return _ZERO_ON_STREET[c.index]  # R5.1
    if table.exhaustions == 1 and turn.late_refresh:
        return "after the first exhaustion you may refresh only once a turn (R5.4)"
    return None


_ONE: Final = {Family.ACCOUNTANTS: "an Accountant", Family.BRUTES: "a Brute"}
_OWN: Final = {Family.ACCOUNTANTS: Step.ACCOUNTANT, Family.BRUTES: Step.BRUTE}
# _ALREADY[step]: R4.3, each family's ability once a turn.
_ALREADY: Final = {own: f"you have already played {_ONE[f]} this turn (R4.3)" for f, own in _OWN.items()}


def _ability_card_refusal(c: Card, family: Family) -> str | None:
    """Why `c` is no Accountant (or Brute) with an ability: another family, or a 0 (R4.2)."""
    one = _ONE[family]
    if c.family is not family:
        return f"{c} is not {one}: write {_OWN[family].name.lower()} {family.letter}1 to {family.letter}4"
    if c.value == 0:
        return f"{one} of value 0 has no ability (R4.2)"
    return None


def _ability_step_refusal(step: Step, own: Step) -> str | None:
    """Why the ability of step `own` (an Accountant, a Brute) cannot be played at `step` (R4.3, R4.1)."""
    if step < own:
        return None
    if step is own:
        return _ALREADY[own]
    return _TOO_LATE[own, step]


def _own_refusal(hand: list[int], c: Card) -> str | None:
    """Why `c` cannot be played from the hand: there is none."""
    return None if hand[c.index] else f"you have no {c} in your hand"


def _swap_step_refusal(turn: Turn) -> str | None:
    """Why no swap can be made now: no Accountant played this turn, or its swaps used up (R6.2, R4.1)."""
    step = turn.step
    if step is _REFRESH:
        return "play an Accountant first: swaps come with it (R6.2)"
    if step > _ACCOUNTANT:
        return _TOO_LATE[_ACCOUNTANT, step]
    if not turn.swaps_left:
        return "your Accountant has no swaps left (R6.2)"
    return None


def _swap_kinds_refusal(out: Card, into: Card) -> str | None:
    """R6.2 (decision): the two cards of a swap are of different kinds."""
    return f"swapping {out} for {out} changes nothing (R6.2)" if out is into else None


def _swap_out_refusal(table: Table, out: Card) -> str | None:
    """Why `out` cannot leave the play area: there is none, or every copy came in this turn (R6.3)."""
    turn = table.turn
    have = table.areas[table.to_move][out.index]
    if not have:
        return f"there is no {out} in your play area"
    locked = turn.locked_area.get(out.index, 0)
    if have > locked:
        return None
    if out.index == turn.accountant and locked == 1:
        return f"the Accountant you just played ({out}) stays in the play area (R6.3)"
    return f"{out} was moved into the play area this turn: it stays (R6.3)"


def _swap_into_refusal(table: Table, into: Card) -> str | None:
    """Why `into` cannot leave the hand: there is none, or every copy went there in this turn (R6.3)."""
    have = table.hands[table.to_move][into.index]
    if not have:
        return f"there is no {into} in your hand"
    if have > table.turn.locked_hand.get(into.index, 0):
        return None
    return f"{into} was moved into your hand this turn: it stays (R6.3)"


def _on_street_refusal(table: Table, c: Card) -> str | None:
    return None if c in table.street else f"there is no {c} on the Street"


def _lowering_refusal(brute: Card, target: Card, amount: int) -> str | None:
    """Why Brute `brute` cannot lower `target` by `amount`: 1 ≤ amount ≤ both values (R7.2)."""
    if target.value == 0:
        return f"{target} has value 0: a Brute cannot target it (R7.2)"
    if amount < 1:
        return "a Brute lowers a card by at least 1 (R7.2)"
    if amount > brute.value:
        return f"{brute} can lower a card by at most {brute.value} (R7.2)"
    if amount > target.value:
        return f"{target} has value {target.value}: a Brute can lower it by at most {target.value} (R7.2)"
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


def _pair_refusal(hand: list[int], pay: Card, keep: Card) -> str | None:
    """Why the hand cannot show the pair `pay` + `keep` (R8.2: two hand cards)."""
    if pay is keep:
        if hand[pay.index] < 2:
            return f"you need two {pay} in your hand, and you have {hand[pay.index] or 'none'}"
        return None
    for x in (pay, keep):
        if not hand[x.index]:
            return f"there is no {x} in your hand"
    return None


# -- explaining: the predicates of one action, in order ---------------------------------------------


def explain(table: Table, action: Action) -> str | None:
    """Why `action` is not allowed now, in a player's words; None if it is (it is in `legal_actions`)."""
    if table.end is not None:
        return "the game is over"
    step = table.turn.step
    hand = table.hands[table.to_move]
    match action:
        case Refresh(card=c):
            return refresh_refusal(table) or (None if c in table.street else f"{c} is not on the Street")  # R5.2
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


def _take_refusal(table: Table, action: Take) -> str | None:
    c, pay, keep = action.card, action.pay, action.keep
    if not table.street:
        return "the Street is empty: nothing to take (R10.1)"
    on_street = _on_street_refusal(table, c)
    if on_street:
        return on_street
    values = sorted({table.effective(i) for i, s in enumerate(table.street) if s is c})
    e = values[-1]
    if pay is None or keep is None:
        if any(_pays(c, v, None, None) for v in values):
            return None
        return f"{c} has value {e} now, so it is not free: you need {_pair_words(c, e)} (R8.2)"
    missing = _pair_refusal(table.hands[table.to_move], pay, keep)
    if missing:
        return missing
    if any(_pays(c, v, pay, keep) for v in values):
        return None
    if values == [0]:
        return f"{c} has value 0 now: it is free, write take {c} (R8.1)"
    if pay.is_mercenary and keep.is_mercenary and c.family is not Family.MERCENARIES:
        return f"one card must be a genuine {Card.of(c.family, e - 1)}: only one Mercenary may stand in (R8.3)"
    return f"{c} has value {e} now: you need {_pair_words(c, e)} (R8.3)"


def _pair_words(c: Card, e: int) -> str:
    g = Card.of(c.family, e - 1)
    return f"two {g}, or {_a(g)} and a Mercenary above {e - 1}"


def _a(c: Card) -> str:
    """The article as the card name is spoken: an F1, an A1, a B1, an M1."""
    return f"a {c}" if c.family is Family.BRUTES else f"an {c}"


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
