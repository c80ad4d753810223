"""What the rules allow now, and why they refuse the rest (R4–R8).

`legal_actions` is the one source of truth for legality; `explain` is asked only after an action was
found missing from it, to say in a player's words which rule stands in the way. Both read a `Table`
and never change it.
"""

from __future__ import annotations

from typing import Final

from .actions import PASS, Action, Pass, PlayAccountant, PlayBrute, Refresh, Step, Swap, Take
from .cards import CARDS, Card, Family
from .table import Table

__all__ = ["explain", "legal_actions"]

_ACCOUNTANTS: Final = tuple(Card.of(Family.ACCOUNTANTS, v) for v in range(1, 5))  # R4.2: no 0s
_BRUTES: Final = tuple(Card.of(Family.BRUTES, v) for v in range(1, 5))
_MERCENARIES: Final = tuple(Card.of(Family.MERCENARIES, v) for v in range(5))
# For each card (by index), the five cards of its family: the genuine payer of value e-1 is [e - 1].
_FAMILY_OF: Final = tuple(tuple(Card.of(c.family, v) for v in range(5)) for c in CARDS)

# Interned action objects, so the common path builds no new objects.
_REFRESH: Final = {c: Refresh(c) for c in CARDS}
_ACCOUNTANT: Final = {c: PlayAccountant(c) for c in _ACCOUNTANTS}
_SWAP: Final = {(o, i): Swap(o, i) for o in CARDS for i in CARDS if o is not i}
_BRUTE: Final = {(b, t, k): PlayBrute(b, t, k)
                  for b in _BRUTES for t in CARDS for k in range(1, min(b.value, t.value) + 1)}
_TAKE_FREE: Final = {c: Take(c) for c in CARDS}
_TAKE: Final = {(c, p, k): Take(c, p, k) for c in CARDS for p in CARDS for k in CARDS}



# The same, by card index, for the hot path below: what each Street card allows, made once.
_REFRESH_OF: Final = tuple(_REFRESH[c] for c in CARDS)
_ACCOUNTANT_OF: Final = tuple((a.index, _ACCOUNTANT[a]) for a in _ACCOUNTANTS)
_BRUTE_INDEXES: Final = tuple(b.index for b in _BRUTES)
# _BRUTES_ON[b][t]: the Brute b's actions on Street card t, k = 1 up (R7.2).
_BRUTES_ON: Final = {b.index: tuple(tuple(_BRUTE[b, t, k] for k in range(1, min(b.value, t.value) + 1))
                                    for t in CARDS) for b in _BRUTES}
_FREE_OF: Final = tuple(_TAKE_FREE[c] for c in CARDS)


def _paid(c: Card, e: int) -> tuple[int, Action, tuple[tuple[int, Action, Action], ...]]:
    """R8.2, R8.3: the genuine payer of `c` at effective value `e`, its pair with itself, and each Mercenary
    above e-1 standing in (as pay and as keep)."""
    genuine = _FAMILY_OF[c.index][e - 1]
    return (genuine.index, _TAKE[c, genuine, genuine],
            tuple((m.index, _TAKE[c, genuine, m], _TAKE[c, m, genuine]) for m in _MERCENARIES[e:]))


assert [c.index for c in _MERCENARIES] == [15, 16, 17, 18, 19]  # the hot path below tests these counts directly
_PAID: Final = tuple(tuple(_paid(c, e) if e else (0, _FREE_OF[c.index], ()) for e in range(5)) for c in CARDS)


def legal_actions(table: Table) -> dict[Action, int]:
    """Every action allowed now, in notation order of the steps, mapped to the Street index it concerns.

    The one source of truth for legality, and the engine's hot path: it reads precomputed tables of
    interned actions, so a call builds one dict and no action objects.
    """
    if table.end is not None:
        return {}
    acts: dict[Action, int] = {}
    hand = table.hands[table.to_move]
    turn = table.turn
    street = table.street
    step = turn.step
    if step is Step.REFRESH:
        if street and table.exhaustions < 2 and not (table.exhaustions == 1 and turn.late_refresh):  # R5.4, R5.6
            refreshes: dict[Action, int] = {}
            for i, c in enumerate(street):
                if not c.value:  # R5.1: a 0 on the Street, no refresh (table.can_refresh, read in one pass)
                    break
                refresh = _REFRESH_OF[c.index]
                if refresh not in refreshes:
                    refreshes[refresh] = i
            else:
                acts = refreshes
        for kind, accountant in _ACCOUNTANT_OF:  # R6.1
            if hand[kind]:
                acts[accountant] = -1
    elif step is Step.ACCOUNTANT and turn.swaps_left:  # R6.2, R6.3
        area = table.areas[table.to_move]
        locked_area, locked_hand = turn.locked_area, turn.locked_hand
        outs = [c for c in CARDS if area[c.index] > locked_area.get(c.index, 0)]
        ins = [c for c in CARDS if hand[c.index] > locked_hand.get(c.index, 0)]
        for o in outs:
            for i_card in ins:
                if o is not i_card:
                    acts[_SWAP[o, i_card]] = -1
    if step < Step.BRUTE:  # R7
        brutes = [_BRUTES_ON[b] for b in _BRUTE_INDEXES if hand[b]]
        if brutes:
            for i, t in enumerate(street):
                if t.value:
                    index = t.index
                    for on in brutes:
                        for brute in on[index]:
                            if brute not in acts:
                                acts[brute] = i
    # R8.1–R8.3: free cards, and pairs of genuine cards with at most one Mercenary standing in.
    reduced = turn.reduced
    mercenaries = hand[15] or hand[16] or hand[17] or hand[18] or hand[19]
    for i, c in enumerate(street):
        e = c.value - turn.reduction if i == reduced else c.value
        if e == 0:
            free: Action = _FREE_OF[c.index]
            if free not in acts:
                acts[free] = i
            continue
        genuine, pair, stand_ins = _PAID[c.index][e]
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


# -- explaining a refusal ------------------------------------------------------------------------------


def explain(table: Table, action: Action) -> str:
    """Why `action` is not allowed now, in a player's words (called only for actions that are not legal)."""
    if table.end is not None:
        return "the game is over"
    step = table.turn.step
    match action:
        case Refresh():
            return _why_not_refresh(table, action)
        case PlayAccountant():
            return _why_not_accountant(table, action, step)
        case Swap():
            return _why_not_swap(table, action, step)
        case PlayBrute():
            return _why_not_brute(table, action, step)
        case Take():
            return _why_not_take(table, action)
        case Pass():  # pragma: no cover - a pass is always legal in a running game
            return "you cannot pass now"


def _gone(step: Step, wanted: Step) -> str:
    return f"too late for the {wanted.title} step: this turn is at the {step.title} step (R4.1)"


def _in_hand(table: Table, c: Card) -> bool:
    return table.hands[table.to_move][c.index] > 0


def _on_street(table: Table, c: Card) -> bool:
    return c in table.street


def _why_not_refresh(table: Table, action: Refresh) -> str:
    turn = table.turn
    if turn.step is not Step.REFRESH:
        return _gone(turn.step, Step.REFRESH)
    if not table.street:
        return "the Street is empty: nothing to refresh (R10.1)"
    if table.exhaustions >= 2:
        return "the draw stack is used up for good: no more refreshes (R5.6)"
    if any(c.value == 0 for c in table.street):
        zero = next(c for c in table.street if c.value == 0)
        return f"the Street has a 0 on it ({zero}), so you cannot refresh (R5.1)"
    if table.exhaustions == 1 and turn.late_refresh:
        return "after the first exhaustion you may refresh only once a turn (R5.4)"
    return f"{action.card} is not on the Street"


_ONE: Final = {Family.ACCOUNTANTS: "an Accountant", Family.BRUTES: "a Brute"}


def _why_not_ability(table: Table, c: Card, family: Family, step: Step, own: Step) -> str:
    """R4.2, R4.3: why an Accountant or a Brute (`family`, played in step `own`) cannot be played; "" if it can."""
    one = _ONE[family]
    if c.family is not family:
        return f"{c} is not {one}: write {own.name.lower()} {family.letter}1 to {family.letter}4"
    if c.value == 0:
        return f"{one} of value 0 has no ability (R4.2)"
    if step is own:
        return f"you have already played {one} this turn (R4.3)"
    if step > own:
        return _gone(step, own)
    if not _in_hand(table, c):
        return f"you have no {c} in your hand"
    return ""


def _why_not_accountant(table: Table, action: PlayAccountant, step: Step) -> str:
    return _why_not_ability(table, action.card, Family.ACCOUNTANTS, step, Step.ACCOUNTANT)


def _why_not_swap(table: Table, action: Swap, step: Step) -> str:
    turn = table.turn
    if step is Step.REFRESH:
        return "play an Accountant first: swaps come with it (R6.2)"
    if step > Step.ACCOUNTANT:
        return _gone(step, Step.ACCOUNTANT)
    if not turn.swaps_left:
        return "your Accountant has no swaps left (R6.2)"
    o, i = action.out, action.into
    if o is i:
        return f"swapping {o} for {o} changes nothing (R6.2)"
    area = table.areas[table.to_move]
    if not area[o.index]:
        return f"there is no {o} in your play area"
    if area[o.index] <= turn.locked_area.get(o.index, 0):
        if o.index == turn.accountant and turn.locked_area[o.index] == 1:
            return f"the Accountant you just played ({o}) stays in the play area (R6.3)"
        return f"{o} was moved into the play area this turn: it stays (R6.3)"
    if not _in_hand(table, i):
        return f"there is no {i} in your hand"
    return f"{i} was moved into your hand this turn: it stays (R6.3)"


def _why_not_brute(table: Table, action: PlayBrute, step: Step) -> str:
    b, t, k = action.card, action.target, action.amount
    why = _why_not_ability(table, b, Family.BRUTES, step, Step.BRUTE)
    if why:
        return why
    if not _on_street(table, t):
        return f"there is no {t} on the Street"
    if t.value == 0:
        return f"{t} has value 0: a Brute cannot target it (R7.2)"
    if k < 1:
        return "a Brute lowers a card by at least 1 (R7.2)"
    if k > b.value:
        return f"{b} can lower a card by at most {b.value} (R7.2)"
    return f"{t} has value {t.value}: a Brute can lower it by at most {t.value} (R7.2)"


def _why_not_take(table: Table, action: Take) -> str:
    c = action.card
    if not table.street:
        return "the Street is empty: nothing to take (R10.1)"
    if not _on_street(table, c):
        return f"there is no {c} on the Street"
    values = sorted({table.effective(i) for i, s in enumerate(table.street) if s is c})
    hand = table.hands[table.to_move]
    if action.pay is None:
        e = values[-1]
        return f"{c} has value {e} now, so it is not free: you need {_pair_words(c, e)} (R8.2)"
    pay, keep = action.pay, action.keep
    assert keep is not None
    missing = _missing(hand, pay, keep)
    if missing:
        return missing
    if values == [0]:
        return f"{c} has value 0 now: it is free, write take {c} (R8.1)"
    e = max(values)
    if pay.is_mercenary and keep.is_mercenary and c.family is not Family.MERCENARIES:
        genuine = Card.of(c.family, e - 1)
        return f"one card must be a genuine {genuine}: only one Mercenary may stand in (R8.3)"
    return f"{c} has value {e} now: you need {_pair_words(c, e)} (R8.3)"


def _missing(hand: list[int], pay: Card, keep: Card) -> str:
    if pay is keep:
        if hand[pay.index] < 2:
            return f"you need two {pay} in your hand, and you have {hand[pay.index] or 'none'}"
        return ""
    for x in (pay, keep):
        if not hand[x.index]:
            return f"there is no {x} in your hand"
    return ""


def _pair_words(c: Card, e: int) -> str:
    g = Card.of(c.family, e - 1)
    return f"two {g}, or {_a(g)} and a Mercenary above {e - 1}"


def _a(c: Card) -> str:
    """The article as the card name is spoken: an F1, an A1, a B1, an M1."""
    return f"a {c}" if c.family is Family.BRUTES else f"an {c}"
