"""Scoring (R11): victory points of hand and play area, and the tie-break by the best cards."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import zip_longest

from .cards import CARDS, Card, expand
from .table import EndReason

__all__ = ["Result", "score"]


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended: both totals, the winner (None for a draw), why, and how a tie was broken."""

    scores: tuple[int, int]
    winner: int | None
    reason: EndReason
    tiebreak: str | None = None  # R11.2: a sentence, only when the totals were equal

    def __getitem__(self, key: str) -> object:
        """Dict-style access (`result["winner"]`), for callers that treat the result as a mapping."""
        return getattr(self, key)


def points(counts: list[int]) -> int:
    return sum(c.points * n for c, n in zip(CARDS, counts, strict=True))


def score(holdings: tuple[list[int], list[int]], reason: EndReason, names: tuple[str, str]) -> Result:
    """R11.1 totals; R11.2 ties go to the best single card, then the next best, else a draw."""
    scores = (points(holdings[0]), points(holdings[1]))
    if scores[0] != scores[1]:
        return Result(scores, 0 if scores[0] > scores[1] else 1, reason)
    lists = [sorted(expand(h), key=_by_points, reverse=True) for h in holdings]
    for rank, (a, b) in enumerate(zip_longest(*lists)):
        pa, pb = _points(a), _points(b)
        if pa != pb:
            winner = 0 if pa > pb else 1
            cards = (a, b)
            return Result(scores, winner, reason,
                          f"Tie at {scores[0]} — {names[winner]} wins on {_place(rank)}, "
                          f"{_name(cards[winner])} against {_name(cards[1 - winner])}")
    return Result(scores, None, reason, f"Tie at {scores[0]} with cards of equal points: a draw")


_PLACES = ("the best card", "the second-best card", "the third-best card")


def _place(rank: int) -> str:
    """The rank of the deciding card in words: the best card, the second-best … then card number N."""
    return _PLACES[rank] if rank < len(_PLACES) else f"card number {rank + 1}"


def _by_points(c: Card) -> int:
    return c.points


def _points(c: Card | None) -> int:
    return 0 if c is None else c.points  # R11.2: a missing card counts as 0


def _name(c: Card | None) -> str:
    return "no card (0 VP)" if c is None else f"{c} {c.points} VP"
