"""`famiglia simulate`: computer players against each other, seats swapped every game, and their figures.

The results depend only on the players, the number of games and the seed (`famiglia.ai.match`), not on
how many processes play them. Ctrl-C stops the workers and the games played so far still make a table.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from .errors import EXIT_INTERRUPTED, EXIT_OK, complain

__all__ = ["simulate"]


def simulate(specs: tuple[str, str], games: int, seed: int, *, jobs: int = 1, as_json: bool = False) -> int:
    """Play `games` games of `specs` from `seed` over `jobs` processes; print the table (or JSON)."""
    from famiglia.ai.match import MatchInterrupted, run_match
    from famiglia.ai.stats import report

    code = EXIT_OK
    try:
        if sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import Progress

            with Progress(console=Console(stderr=True), transient=True) as progress:
                task = progress.add_task(f"{specs[0]} v {specs[1]}", total=games)
                records = run_match(specs, games, seed, jobs=jobs, progress=lambda n: progress.advance(task, n))
        else:
            records = run_match(specs, games, seed, jobs=jobs)
    except MatchInterrupted as stop:  # Ctrl-C: the workers are stopped; the games so far are still worth a table
        records, code = stop.records, EXIT_INTERRUPTED
        complain(f"interrupted after {len(records):,} of {games:,} {'game' if games == 1 else 'games'}; "
                 "the figures are of those")
        if not records:
            return code
    result = report(specs, len(records), seed, records)
    if as_json:
        print(json.dumps(result, indent=2))
    else:
        _print_match(result)
    return code


def _print_match(result: dict[str, Any]) -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    games = f"{result['games']} {'game' if result['games'] == 1 else 'games'}"
    table = Table(title=f"{games}, seed {result['seed']}, seats swapped every game",
                  box=box.SIMPLE_HEAD, title_justify="left", caption_justify="left")
    for column in ("player", "won", "drawn", "lost", "win %", "95% CI", "score", "turns", "ms", "p95 ms"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for s in result["summary"]:
        table.add_row(s["player"], str(s["wins"]), str(s["draws"]), str(s["losses"]), f"{s['win_rate']:.1%}",
                      f"{s['win_rate_low']:.1%}–{s['win_rate_high']:.1%}", f"{s['mean_score']:.1f}",
                      f"{s['mean_turns']:.1f}", f"{s['median_decision_seconds'] * 1000:.2f}",
                      f"{s['p95_decision_seconds'] * 1000:.2f}")
    table.caption = ("95% CI: Wilson interval of the win rate; score: mean final score; turns: mean game length in "
                     "turns; ms: median milliseconds per decision, p95 ms: the 95th percentile")
    Console(width=None if sys.stdout.isatty() else 100).print(table)
