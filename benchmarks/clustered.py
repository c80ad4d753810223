"""The standard error of a mean whose values come in clusters that lean together, for the benchmarks.

The positions of one game share its outcome and the takes of one game its course, so a count of values
overstates what a sample shows: how far the mean can move comes from how the clusters (games, or sets of
games) fell. A ratio estimate: each cluster's sum against its count.
"""

from __future__ import annotations

import math
from collections.abc import Iterable


def clustered_error(values: Iterable[tuple[float, int]], mean: float, clusters: int | None = None) -> float | None:
    """The standard error of `mean`, the mean of `values` (value, cluster number), from the spread between the
    clusters; `clusters` counts them where some may hold no value (else those that hold one). None from fewer
    than two clusters."""
    sums: dict[int, float] = {}
    counts: dict[int, int] = {}
    for value, cluster in values:
        sums[cluster] = sums.get(cluster, 0.0) + value
        counts[cluster] = counts.get(cluster, 0) + 1
    groups = len(sums) if clusters is None else clusters
    if groups < 2:
        return None
    spread = sum((sums[c] - mean * counts[c]) ** 2 for c in sums) * groups / (groups - 1)
    return math.sqrt(spread) / sum(counts.values())
