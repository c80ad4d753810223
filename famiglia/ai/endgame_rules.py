"""The rules as the endgame solver needs them, on counts: a turn's distinct ends and the score.

The solver (`famiglia.ai.endgame`) searches a stochastic game of perfect information: with the memory
aid both hands are known (R12.3), and after the first exhaustion the only thing hidden is the order of
the unknown part of the draw stack (R9.2, R5.4). Its state is counts per card kind (index of `CARDS`),
not the engine's `Game`, for speed. A turn without a refresh draws nothing, so what matters of it is
how it ends: the hand and play area it leaves and the card it takes (or a pass). `turn_ends` gives
those ends once each, however many orders of swaps and Brute amounts lead to them (R6, R7, R8), and
drops an end whose hand holds less than another end with the same card taken: every card counts for
the score in hand and in the play area alike (R11.1), and a card in the hand can do all a card in the
play area can (be swapped out, R6.2) and more (pay, R8.2; be played, R6.1, R7.1), so such an end is
never better. `endgame_draws` gives the draws from the stack with their chances.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from operator import mul
from typing import Final, NamedTuple

from famiglia.engine import CARDS, Action, Pass, PlayAccountant, PlayBrute, Swap, Take

from .endgame_draws import chosen

__all__ = ["COMPARED", "FRESH", "KINDS", "POINTS", "End", "Progress", "TooMuch", "accountant_step", "best_take",
           "least_loss", "many_ways", "outcome", "points", "ranked", "still_out", "take_ends", "turn_ends", "useful"]

Kinds = tuple[int, ...]  # a count per card kind (20)
KINDS: Final = len(CARDS)
POINTS: Final = tuple(c.points for c in CARDS)
VALUE: Final = tuple(c.value for c in CARDS)
_ACCOUNTANTS: Final = tuple(c.index for c in CARDS if c.family.letter == "A" and c.value)  # R4.2: 0s have none
_BRUTES: Final = tuple(c.index for c in CARDS if c.family.letter == "B" and c.value)
_MERCENARIES: Final = tuple(c.index for c in CARDS if c.is_mercenary)
_PASS: Final = Pass()
COMPARED: Final = 3  # the useful kinds an end is set against in `_undominated` that cost as much as a take tried


class TooMuch(Exception):
    """A turn with more ways to end than the work it was allowed."""


class Progress(NamedTuple):
    """What the rest of the turn may still do (R4): an Accountant and its swaps, a Brute, the take."""

    accountant: bool  # an Accountant may still be played (R6.1)
    swaps: int  # swaps left of the Accountant already played (R6.2)
    area_free: Kinds  # the play-area cards those swaps may still move out (R6.3)
    hand_free: Kinds  # the hand cards they may still move in
    brute: bool  # a Brute may still be played (R7.1)
    reduced: int  # the kind of the Street card a Brute lowered this turn, -1 for none (R7.3)
    reduction: int


FRESH: Final = Progress(True, 0, (), (), True, -1, 0)


class End(NamedTuple):
    """One way the turn ends: the mover's hand and play area after it, the kind taken (-1: a pass), and
    the actions that lead there (kept only when asked for: the root's line)."""

    hand: Kinds
    area: Kinds
    taken: int
    actions: tuple[Action, ...]


@lru_cache(maxsize=1 << 16)
def points(counts: Kinds) -> int:
    """The points of the cards counted (R11.1); kept, as a search counts the same hands again and again."""
    return sum(p * n for p, n in zip(POINTS, counts, strict=True))


@lru_cache(maxsize=1 << 12)
def still_out(street: Kinds, unknown: Kinds, known: Kinds) -> int:
    """The points of the cards not yet in a hand or play area: the Street's (kinds) and the stack's (counts of the
    unknown part, kinds of the known bottom). A lead larger than this no card left can overturn (R11.1)."""
    return sum(POINTS[k] for k in street) + points(unknown) + sum(POINTS[k] for k in known)


def outcome(holdings: tuple[Kinds, Kinds], seat: int) -> float:
    """`seat`'s share of a finished game: 1 won, 0 lost, ½ drawn (R11.1, R11.2 best cards first)."""
    mine, theirs = points(holdings[seat]), points(holdings[1 - seat])
    if mine != theirs:
        return 1.0 if mine > theirs else 0.0
    a = sorted((POINTS[k] for k in range(KINDS) for _ in range(holdings[seat][k])), reverse=True)
    b = sorted((POINTS[k] for k in range(KINDS) for _ in range(holdings[1 - seat][k])), reverse=True)
    longest = max(len(a), len(b))
    a += [0] * (longest - len(a))  # R11.2: a missing card counts as 0
    b += [0] * (longest - len(b))
    return 1.0 if a > b else 0.0 if a < b else 0.5


def turn_ends(hand: Kinds, area: Kinds, street: Kinds, progress: Progress, useful: Sequence[bool], *,
              last: bool = False, actions: bool = False, limit: float = math.inf) -> tuple[list[End], int]:
    """The distinct ends of the rest of the turn from `progress`, none worse than another, and the work of
    finding them (the takes tried after each way to end the Accountant step, and the ends found), which the
    solver's budget counts.

    `street` is the Street's kinds, sorted; `useful` says which kinds can still serve in a hand (`useful`).
    A swap brings only useful cards into the hand (a useless one in the hand does no more than in the play
    area) and sends useless ones out in one order of kinds (they are alike for the rest of the game). On the
    `last` turn of the game only the card taken matters. A pass (taken -1) is always among the ends (R8.5).
    More than `limit` takes tried raises `TooMuch`. Setting an end against the others kept (`_undominated`)
    costs about as much as a take tried for every `COMPARED` useful kinds, so it counts as that much work:
    under a long Street with many useful kinds it is most of a turn's cost.
    """
    found: dict[tuple[Kinds, Kinds, int], End] = {}
    tried = 0
    for h, a, steps in _after_accountant(hand, area, progress, useful, actions):
        tried += _takes(h, a, street, progress, steps, found, actions)
        if tried > limit:
            raise TooMuch
    work = tried + len(found)
    best: dict[int, list[End]] = {}
    for end in found.values():
        best.setdefault(end.taken, []).append(end)
    out: list[End] = []
    if last:
        return [group[0] for group in best.values()], work
    for group in best.values():
        out.extend(_undominated(group, useful))
    return out, work + len(found) * sum(useful) // COMPARED


def accountant_step(hand: Kinds, area: Kinds, useful: Sequence[bool], *,
                    limit: float = math.inf) -> list[tuple[Kinds, Kinds]]:
    """The hands and play areas the Accountant step of a fresh turn can leave (R6), once each: what `take_ends`
    starts from. They depend on the hand and play area alone, not on the Street, so a search finds them once.
    More than `limit` ways raises `TooMuch`."""
    found: dict[tuple[Kinds, Kinds], None] = {}
    for tried, (h, a, _) in enumerate(_after_accountant(hand, area, FRESH, useful, False)):
        if tried > limit:
            raise TooMuch
        found.setdefault((h, a), None)
    return list(found)


def many_ways(hand: Kinds, area: Kinds, useful: Sequence[bool], most: int) -> bool:
    """Whether the Accountant step of a fresh turn (R6) has more than `most` ways, found without listing them all."""
    try:
        accountant_step(hand, area, useful, limit=most)
    except TooMuch:
        return True
    return False


def take_ends(steps: Sequence[tuple[Kinds, Kinds]], c: int, useful: Sequence[bool], *, last: bool = False,
              limit: float = math.inf) -> tuple[list[End], int]:
    """The ends of a fresh turn that take kind `c` (-1: a pass) after each of the Accountant's `steps`, none
    worse than another, and the work of finding them: `turn_ends`'s ends with `c` taken, without the actions.

    Which ends a take has depends on the card taken, not on the rest of the Street (R7, R8), so a search that
    meets one hand and play area under many Streets finds each card's ends once.
    """
    found: dict[tuple[Kinds, Kinds, int], End] = {}
    tried = 0
    for hand, area in steps:
        if c < 0:
            found.setdefault((hand, area, -1), End(hand, area, -1, ()))  # R8.5
            tried += 1
            continue
        tried += _step_takes(hand, area, c, found)
        if tried > limit:
            raise TooMuch
    group = list(found.values())
    work = tried + len(group) + (0 if last else len(group) * sum(useful) // COMPARED)
    if work > limit:  # before setting the ends against each other, the costly part
        raise TooMuch
    return (group[:1] if last else _undominated(group, useful) if group else []), work


def ranked(steps: Sequence[tuple[Kinds, Kinds]], keep: Sequence[float]) -> list[tuple[float, Kinds, Kinds]]:
    """The Accountant's `steps` with the worth of each one's hand by `keep` (a worth for each kind, none below
    zero), the most worth first: what `best_take` starts from."""
    worth = [(sum(map(mul, keep, hand)), hand, area) for hand, area in steps]
    return sorted(worth, key=lambda step: -step[0])


def best_take(steps: Sequence[tuple[float, Kinds, Kinds]], c: int, keep: Sequence[float], useful: Sequence[bool], *,
              ways: int = 1, limit: float = math.inf) -> tuple[list[End], int]:
    """The `ways` ends of a fresh turn taking kind `c` (-1: a pass) whose hands are worth most by `keep`, none
    worse than one before it (`_undominated`), and the work of finding them: the narrowed search's ways to make
    the take (`endgame`).

    `steps` are `ranked`. A take adds the card taken to the hand and only moves cards out of it (the payer,
    R8.4, a Brute, R7.1), and only a free card needs neither (`least_loss`), so no end of a step is worth more
    than the step's hand and the card taken, less the least a take of that card moves out: once that is no more
    than the `ways`-th best end found, no later step can do better, and the rest are not tried.
    """
    found: dict[tuple[Kinds, Kinds, int], End] = {}
    worths: dict[tuple[Kinds, Kinds, int], float] = {}
    chosen: list[tuple[Kinds, Kinds, int]] = []
    gain = keep[c] - least_loss(tuple(keep), c) if c >= 0 else 0.0
    tried = 0
    for worth, hand, area in steps:
        if len(chosen) == ways and worth + gain <= worths[chosen[-1]]:
            break
        seen = len(found)
        if c < 0:
            found.setdefault((hand, area, -1), End(hand, area, -1, ()))  # R8.5
            tried += 1
        else:
            tried += _step_takes(hand, area, c, found)
        tried += len(found) - seen
        if tried > limit:
            raise TooMuch
        better = False
        for key in list(found)[seen:]:
            worths[key] = sum(map(mul, keep, key[0]))
            better = better or len(chosen) < ways or worths[key] > worths[chosen[-1]]
        if better:
            chosen = _best_of(sorted(found, key=lambda key: -worths[key]), useful, ways)  # stable: the first first
    return [found[key] for key in chosen], tried


@lru_cache(maxsize=256)
def least_loss(keep: tuple[float, ...], c: int) -> float:
    """The least worth by `keep` that a take of kind `c` at its printed value moves out of the hand: nothing for
    a free card (R8.1); else the payer (the genuine card one value lower, or a Mercenary standing in, R8.2, R8.3),
    or a Brute and what is still to pay after it lowers the card (R7.2)."""
    def paid(e: int) -> float:
        if e == 0:
            return 0.0
        return min([keep[c - VALUE[c] + e - 1]] + [keep[m] for m in _MERCENARIES if VALUE[m] > e - 1])
    return min([paid(VALUE[c])] + [keep[b] + paid(VALUE[c] - k) for b in _BRUTES
                                   for k in range(1, min(VALUE[b], VALUE[c]) + 1)])


def _best_of(keys: list[tuple[Kinds, Kinds, int]], useful: Sequence[bool], ways: int) -> list[tuple[Kinds, Kinds, int]]:
    """The first `ways` of `keys` (ends, the best first) whose hand no end chosen before it is as good as or better
    than (see `_undominated`)."""
    chosen: list[tuple[Kinds, Kinds, int]] = []
    for key in keys:
        hand = key[0]
        size = sum(hand)
        if not any(sum(other[0]) >= size and all(o >= h for o, h, u in zip(other[0], hand, useful, strict=True) if u)
                   for other in chosen):
            chosen.append(key)
            if len(chosen) == ways:
                break
    return chosen


def _step_takes(hand: Kinds, area: Kinds, c: int, found: dict[tuple[Kinds, Kinds, int], End]) -> int:
    """The takes of kind `c` from one hand and play area of a fresh turn, plain and with each Brute in the hand
    (R7, R8), into `found`; returns the takes tried."""
    tried = _plain_takes(hand, area, c, (VALUE[c],), (), found, False)
    for b in _BRUTES:
        if hand[b]:
            tried += _brute_takes(hand, area, b, c, (), found, False)
    return tried


def _undominated(group: list[End], useful: Sequence[bool]) -> list[End]:
    """The ends of `group` (one card taken) that no other end's hand is as good as or better than.

    A hand is as good as another when it holds at least as many cards, and at least as many of every
    useful kind: a useless card does nothing a useful one cannot do (it can only be swapped out, R6.2),
    and the useless ones are alike. Each kept end is a bit; `at_least[k][n]` has the bits of the kept
    hands with `n` or more of useful kind `k` (the last row: `n` or more cards), so an end is covered
    when the masks of its own counts still share a bit: a few integer ANDs an end, however many are kept.
    A better hand has more cards, or as many and more useful ones, so it comes first.
    """
    kinds = [k for k in range(KINDS) if useful[k]]
    shapes = sorted(((sum(e.hand), tuple(e.hand[k] for k in kinds), e) for e in group),
                    key=lambda t: (-t[0], -sum(t[1])))
    size_row = len(kinds)
    at_least = [[0] * 8 for _ in kinds] + [[0] * (shapes[0][0] + 1 if shapes else 1)]
    kept: list[End] = []
    everyone = 0
    for size, counts, end in shapes:
        cover = everyone & at_least[size_row][size]
        for row, n in enumerate(counts):
            if n and cover:
                cover &= at_least[row][n]
        if cover:
            continue
        bit = 1 << len(kept)
        everyone |= bit
        for row, n in enumerate((*counts, size)):
            masks = at_least[row]
            for m in range(n + 1):
                masks[m] |= bit
        kept.append(end)
    return kept


@lru_cache(maxsize=1 << 12)
def useful(street: Kinds, unknown: Kinds, known: Kinds) -> tuple[bool, ...]:
    """Which kinds can still do something from a hand, given the cards still to be taken (street and stack).

    An Accountant of value 1-4 can be played (R6.1); a Brute or a Mercenary of value 1-4 as long as some card
    of value 1 or more is left (R7.2, R8.3); any card pays as the genuine card for a card of its family one
    value higher or more (R8.2, lowered by a Brute to fit, R7.2). A card that can do none of these is only
    points, which count in the play area as much (R11.1). Kept: a search asks it at every turn.
    """
    top = [-1, -1, -1, -1]  # the highest value still out, per family
    for k in (*street, *known, *(k for k, n in enumerate(unknown) if n)):
        if VALUE[k] > top[k // 5]:
            top[k // 5] = VALUE[k]
    return _useful_under(tuple(top))


@cache
def _useful_under(top: tuple[int, ...]) -> tuple[bool, ...]:
    """`useful` from the highest value still out of each family: all it depends on."""
    any_value = max(top) >= 1
    return tuple((k in _ACCOUNTANTS) or (VALUE[k] >= 1 and any_value and (k in _BRUTES or k in _MERCENARIES))
                 or top[k // 5] > VALUE[k] for k in range(KINDS))


Steps = tuple[Action, ...]


def _after_accountant(hand: Kinds, area: Kinds, p: Progress, useful: Sequence[bool],
                      actions: bool) -> Iterator[tuple[Kinds, Kinds, Steps]]:
    """The hands and play areas the Accountant step can leave (R6): none played, or one and its swaps."""
    yield hand, area, ()
    if p.swaps:
        yield from _swapped(hand, area, p.area_free, p.hand_free, p.swaps, (), useful, actions)
    if not p.accountant:
        return
    for a in _ACCOUNTANTS:
        if hand[a]:
            h, ar = _moved(hand, area, (), (a,))
            step: Steps = (PlayAccountant(CARDS[a]),) if actions else ()
            yield h, ar, step
            yield from _swapped(h, ar, area, h, VALUE[a], step, useful, actions)  # R6.3: the new one stays


def _swapped(hand: Kinds, area: Kinds, area_free: Kinds, hand_free: Kinds, most: int, step: Steps,
             useful: Sequence[bool], actions: bool) -> Iterator[tuple[Kinds, Kinds, Steps]]:
    """The net effects of 1 to `most` swaps worth making: useful cards out of the play area for as many of
    other kinds in (R6.2), the useless ones in one order (see `turn_ends`)."""
    outs = tuple((k, n) for k, n in enumerate(area_free) if n and useful[k])
    fodder = tuple(k for k, n in enumerate(hand_free) if not useful[k] for _ in range(n))
    givers = [(k, m) for k, m in enumerate(hand_free) if m and useful[k]]
    can_give = sum(m for _, m in givers)
    for n in range(1, most + 1):
        # `n` hand cards to swap in: as many useless ones (`fodder`) as there are, the rest useful ones of other
        # kinds than those coming out. Giving a useless card rather than a useful one leaves a hand at least
        # as good (see `_undominated`), so fewer useless cards given is never better.
        f = min(n, len(fodder))
        need = n - f
        if need > can_give:  # no way to give as many: nor with more swaps
            break
        for out in chosen(outs, n):
            if need:
                ins = tuple((k, m) for k, m in givers if k not in out)
                if sum(m for _, m in ins) < need:
                    continue
                intos: Sequence[tuple[int, ...]] = [given + fodder[:f] for given in chosen(ins, need)]
            else:
                intos = (fodder[:f],)
            for into in intos:
                h, ar = _moved(hand, area, out, into)
                swaps = tuple(Swap(CARDS[o], CARDS[i]) for o, i in zip(out, into, strict=True)) if actions else ()
                yield h, ar, step + swaps


def _moved(hand: Kinds, area: Kinds, out: tuple[int, ...], into: tuple[int, ...]) -> tuple[Kinds, Kinds]:
    """`out` from the play area to the hand, `into` from the hand to the play area."""
    h, a = list(hand), list(area)
    for k in out:
        h[k] += 1
        a[k] -= 1
    for k in into:
        h[k] -= 1
        a[k] += 1
    return tuple(h), tuple(a)


def _takes(hand: Kinds, area: Kinds, street: Kinds, p: Progress, steps: Steps,
           found: dict[tuple[Kinds, Kinds, int], End], actions: bool) -> int:
    """The ends after the Accountant step: a pass, each take, and each take a Brute opens (R7, R8); returns
    how many takes were tried (the work)."""
    found.setdefault((hand, area, -1), End(hand, area, -1, steps + ((_PASS,) if actions else ())))  # R8.5
    tried = 1
    for c in sorted(set(street)):
        values = (VALUE[c],)
        if c == p.reduced:  # R7.3: the lowered copy, and the others at their printed value
            values = (VALUE[c] - p.reduction, *(values if street.count(c) > 1 else ()))
        tried += _plain_takes(hand, area, c, values, steps, found, actions)
    if p.brute:
        for b in _BRUTES:
            for c in sorted(set(street)):
                tried += _brute_takes(hand, area, b, c, steps, found, actions)
    return tried


def _plain_takes(hand: Kinds, area: Kinds, c: int, values: Sequence[int], steps: Steps,
                 found: dict[tuple[Kinds, Kinds, int], End], actions: bool) -> int:
    """The takes of kind `c` at each of its effective `values` with no Brute (R8); returns the takes tried."""
    for e in values:
        _pay(hand, area, c, e, steps, found, actions)
    return len(values)


def _brute_takes(hand: Kinds, area: Kinds, b: int, c: int, steps: Steps,
                 found: dict[tuple[Kinds, Kinds, int], End], actions: bool) -> int:
    """The takes of kind `c` that Brute `b` opens, one for each amount it may lower `c` by (R7.2); returns the
    takes tried (none without `b` in the hand)."""
    if not hand[b]:
        return 0
    h, a = _moved(hand, area, (), (b,))
    most = min(VALUE[b], VALUE[c])
    for k in range(1, most + 1):
        e = VALUE[c] - k
        if e and not h[c - k - 1]:  # no genuine card to pay with (R8.2): `_pay` would find nothing
            continue
        brute: Steps = (PlayBrute(CARDS[b], CARDS[c], k),) if actions else ()
        _pay(h, a, c, e, steps + brute, found, actions)
    return most


def _pay(hand: Kinds, area: Kinds, c: int, e: int, steps: Steps, found: dict[tuple[Kinds, Kinds, int], End],
         actions: bool) -> None:
    """The ends of taking kind `c` at effective value `e` from `hand`: free, or paid in each way (R8.1-R8.4)."""
    card = CARDS[c]
    if e == 0:
        h = _plus(hand, c)
        if (h, area, c) not in found:
            found[h, area, c] = End(h, area, c, steps + ((Take(card),) if actions else ()))
        return
    g = c - VALUE[c] + e - 1  # R8.2: the genuine card, of c's family and value e - 1
    if not hand[g]:
        return
    stand_ins = [m for m in _MERCENARIES if hand[m] and VALUE[m] > e - 1 and m != g]  # R8.3
    ways = [(g, g if hand[g] >= 2 else (stand_ins[0] if stand_ins else -1))] + [(m, g) for m in stand_ins]
    plus = list(hand)
    plus[c] += 1
    for pay, keep in ways:
        if keep < 0:
            continue
        after, into = plus.copy(), list(area)  # R8.4: the card taken to the hand, one payer out
        after[pay] -= 1
        into[pay] += 1
        key = (tuple(after), tuple(into), c)
        if key not in found:
            taken: Steps = (Take(card, CARDS[pay], CARDS[keep]),) if actions else ()
            found[key] = End(key[0], key[1], c, steps + taken)


def _plus(hand: Kinds, c: int) -> Kinds:
    h = list(hand)
    h[c] += 1
    return tuple(h)
