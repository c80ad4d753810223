"""Training progress: how many positions are due, learned and missed again, by kind of decision.

Counted from the training schedule (`famiglia.persistence.schedule`) at a moment the caller gives, over
the cards of the games still saved, so the train screen, `famiglia stats` and `famiglia stats --json`
tell one set of figures.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from famiglia.persistence.schedule import KINDS, Card
from famiglia.phrasebook.catalogue import N_, _, ngettext

__all__ = ["KIND_NAMES", "Counts", "Progress", "kind_name", "progress", "progress_lines"]

# Each kind of decision by its name as a player reads it (a template, said where shown).
KIND_NAMES: Final = {"refresh": N_("refreshes"), "accountant": N_("Accountants"), "brute": N_("Brutes"),
                     "take": N_("takes"), "pass": N_("passes"), "last rounds": N_("the last rounds")}


def kind_name(kind: str) -> str:
    return _(KIND_NAMES[kind])


@dataclass(frozen=True, slots=True)
class Counts:
    """The positions of one kind (or all): how many, due now, learned (resting), missed again."""

    positions: int = 0
    due: int = 0
    learned: int = 0
    missed_again: int = 0

    def to_dict(self) -> dict[str, int]:
        return {"positions": self.positions, "due": self.due, "learned": self.learned,
                "missed_again": self.missed_again}


@dataclass(frozen=True, slots=True)
class Progress:
    """The totals and each kind's counts, in the order of `KINDS`."""

    total: Counts
    kinds: tuple[tuple[str, Counts], ...]

    def to_dict(self) -> dict[str, Any]:
        return {**self.total.to_dict(), "kinds": {kind: counts.to_dict() for kind, counts in self.kinds}}


def _count(cards: list[Card], now: datetime) -> Counts:
    return Counts(len(cards), sum(c.is_due(now) for c in cards), sum(c.learned for c in cards),
                  sum(c.missed_again for c in cards))


def progress(cards: Iterable[Card], now: datetime) -> Progress:
    """The progress of `cards` at `now`."""
    every = list(cards)
    return Progress(_count(every, now), tuple((kind, _count([c for c in every if c.kind == kind], now))
                                              for kind in KINDS))


def progress_lines(figures: Progress) -> list[str]:
    """The progress as lines of text: the totals, then one line per kind that has positions."""
    total = figures.total
    if not total.positions:
        return [_("Training: no positions yet ('famiglia train' finds them in your analysed games)")]
    lines = [ngettext("Training: {positions} position, {due} due, {learned} learned, {missed} missed again",
                      "Training: {positions} positions, {due} due, {learned} learned, {missed} missed again",
                      total.positions).format(positions=total.positions, due=total.due, learned=total.learned,
                                              missed=total.missed_again)]
    for kind, counts in figures.kinds:
        if counts.positions:
            said = ngettext("{kind}: {positions} position, {due} due, {learned} learned, {missed} missed again",
                            "{kind}: {positions} positions, {due} due, {learned} learned, {missed} missed again",
                            counts.positions)
            lines.append("  " + said.format(kind=kind_name(kind), positions=counts.positions,
                                            due=counts.due, learned=counts.learned, missed=counts.missed_again))
    return lines
