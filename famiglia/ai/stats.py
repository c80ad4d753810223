"""Statistics of a match: wins, draws and losses with a 95% Wilson interval, scores, lengths and decision times.

The win rate counts wins only (a draw is not half a win); the Wilson score interval is used because it
stays inside [0, 1] and is honest for rates near 0 or 1 and for small matches.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from .match import GameRecord

__all__ = ["PlayerSummary", "report", "summarize", "wilson_interval"]

Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial rate; (0, 1) when there are no trials."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # exact ends, free of rounding
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """One player's line of the match table. Game length is in turns (a take or a pass ends each)."""

    player: str
    games: int
    wins: int
    draws: int
    losses: int
    win_rate: float
    win_rate_low: float
    win_rate_high: float
    mean_score: float
    mean_turns: float
    mean_actions: float
    decisions: int
    median_decision_seconds: float
    p95_decision_seconds: float

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _percentile(values: Sequence[float], q: float) -> float:
    """The q-quantile by linear interpolation between the closest ranks; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def summarize(specs: tuple[str, str], records: Sequence[GameRecord]) -> list[PlayerSummary]:
    """One summary per player (A then B) over all the games of a match."""
    out = []
    games = len(records)
    for p in (0, 1):
        wins = sum(1 for r in records if r.winner == p)
        draws = sum(1 for r in records if r.winner is None)
        times = [t for r in records for t in r.times[p]]
        low, high = wilson_interval(wins, games)
        out.append(PlayerSummary(
            player=specs[p],
            games=games,
            wins=wins,
            draws=draws,
            losses=games - wins - draws,
            win_rate=wins / games if games else 0.0,
            win_rate_low=low,
            win_rate_high=high,
            mean_score=statistics.fmean(r.scores[p] for r in records) if games else 0.0,
            mean_turns=statistics.fmean(r.turns for r in records) if games else 0.0,
            mean_actions=statistics.fmean(r.actions for r in records) if games else 0.0,
            decisions=len(times),
            median_decision_seconds=_percentile(times, 0.5),
            p95_decision_seconds=_percentile(times, 0.95),
        ))
    return out


def report(specs: tuple[str, str], games: int, seed: int, records: Sequence[GameRecord]) -> dict[str, Any]:
    """The whole match as a JSON-ready dict: what was played, and one summary per player (A, then B)."""
    return {
        "players": list(specs),
        "games": games,
        "seed": seed,
        "length_unit": "turns",
        "summary": [s.to_dict() for s in summarize(specs, records)],
    }
