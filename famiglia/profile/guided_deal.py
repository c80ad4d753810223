"""Which saved games are guided first games: the guided deal, told by a record alone.

The guided game is dealt from one seed, with the player starting against the easy computer, so its
record says what it is (`is_guided`): it is saved and continued like any other game, continued with
its lessons (`famiglia learn`), and left out of the statistics.
"""

from __future__ import annotations

from typing import Final

from famiglia.persistence import Record

from .seats import HUMAN

__all__ = ["FORMER_SEEDS", "GUIDED_FIRST", "GUIDED_OPPONENT", "GUIDED_SEED", "SEED_BASE", "is_guided"]

SEED_BASE: Final = 8_000_000_000  # the seeds tried for the guided deal are SEED_BASE + 1, + 2, …
# Chosen by benchmarks/guided_deal.py (docs/learn.md): each part of a turn comes up in the first turns, and a
# player who follows the hints plays on to the last round (R9.3).
GUIDED_SEED: Final = SEED_BASE + 5
# The guided deals of earlier versions: their games are still guided games (continued with the lessons, left
# out of the statistics).
FORMER_SEEDS: Final = (SEED_BASE + 122,)
GUIDED_OPPONENT: Final = "cpu:easy"
GUIDED_FIRST: Final = 0  # the player starts, so the first lessons are theirs


def is_guided(record: Record) -> bool:
    """Whether `record` is a guided first game: its deal, its seats and who started say so.

    `famiglia play --seed N --first 1 --vs cpu:easy` with that very seed deals the same game; it is
    then the guided game played without the explanations, and counted as one.
    """
    return (record.seed in (GUIDED_SEED, *FORMER_SEEDS) and record.start_player == GUIDED_FIRST
            and record.seats == (HUMAN, GUIDED_OPPONENT))
