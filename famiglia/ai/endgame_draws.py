"""What the draw stack can give the endgame solver: the draws of a refresh and of a deal, with their chances.

After the first exhaustion nothing is shuffled again (R9.2): the stack is its unknown part on top, in an
order nobody knows (R12.2), and the cards a refresh put under it at the bottom, in a known order (R5.4).
Kinds are indexes of `CARDS`, counted per kind (20) or listed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from math import comb
from typing import Final

from famiglia.engine import CARDS

__all__ = ["Drawn", "chosen", "draws", "refreshed"]

Kinds = tuple[int, ...]
KINDS: Final = len(CARDS)
VALUE: Final = tuple(c.value for c in CARDS)


Drawn = tuple[float, Kinds, Kinds, Kinds, bool]  # a draw's chance, the kinds drawn, unknown and known after, emptied


@lru_cache(maxsize=1 << 10)
def refreshed(street: Kinds, c: int, unknown: Kinds, known: Kinds) -> tuple[Drawn, ...]:
    """The ways a refresh of kind `c` can leave the Street and the stack: `draws` of as many cards as `c`'s value
    after `c` goes under the stack (R5.4), each with the Street it makes (sorted). Kept: a search refreshes the
    same Street over the same stack under many hands."""
    rest = list(street)
    rest.remove(c)
    return tuple((chance, tuple(sorted(rest + list(drawn))), left, bottom, emptied)
                 for chance, drawn, left, bottom, emptied in draws(unknown, (*known, c), VALUE[c]))


@lru_cache(maxsize=1 << 8)
def draws(unknown: Kinds, known: Kinds, n: int) -> tuple[Drawn, ...]:
    """The ways `n` cards can come off the stack: (chance, the kinds drawn, unknown after, known after, emptied).

    The unknown part lies on top in an order nobody knows (R12.2), so each multiset of it comes with its
    hypergeometric chance; the known bottom (R5.4), top first, follows in its order. Emptied: the draw
    took the last card, an exhaustion (R9.1). The most likely draws come first. Kept, as `refreshed`.
    """
    total = sum(unknown)
    if n >= total:
        rest = n - total
        drawn = tuple(k for k in range(KINDS) for _ in range(unknown[k])) + known[:rest]
        return ((1.0, tuple(sorted(drawn)), (0,) * KINDS, known[rest:], not known[rest:]),)
    ways = comb(total, n)
    items = [(k, m) for k, m in enumerate(unknown) if m]
    out = []
    for drawn in chosen(tuple(items), n):
        chance = 1
        left = list(unknown)
        for k in set(drawn):
            chance *= comb(unknown[k], drawn.count(k))
            left[k] -= drawn.count(k)
        out.append((chance / ways, drawn, tuple(left), known, False))
    out.sort(key=lambda d: -d[0])
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def chosen(items: tuple[tuple[int, int], ...], n: int) -> tuple[tuple[int, ...], ...]:
    """Every multiset of `n` kinds from `items` (kind, copies), as sorted tuples: the cards a draw can bring, or a
    swap move (`endgame_rules`). Kept, as one hand, play area or stack is met again and again in a search."""
    return tuple(_multisets(items, n, 0))


def _multisets(items: Sequence[tuple[int, int]], n: int, i: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of `n` kinds from `items` (kind, copies) from the `i`-th on, as a sorted tuple."""
    if n == 0:
        yield ()
        return
    if i == len(items):
        return
    kind, copies = items[i]
    for m in range(min(copies, n), -1, -1):
        for rest in _multisets(items, n - m, i + 1):
            yield (kind,) * m + rest
