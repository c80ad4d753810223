"""`famiglia simulate`: computer players against each other, seats swapped every game, and their figures.

The results depend only on the players, the number of games and the seed (`famiglia.ai.match`), not on
how many processes play them. Ctrl-C stops the workers and the games played so far still make a table.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from famiglia.phrasebook.catalogue import N_, _, ngettext

from .errors import EXIT_INTERRUPTED, EXIT_OK, complain

__all__ = ["simulate"]


def simulate(specs: tuple[str, str], games: int, seed: int, *, jobs: int = 1, as_json: bool = False) -> int:
    """Play `games` games of `specs` from `seed` over `jobs` processes; print the table (or JSON)."""
    from famiglia.ai.match import MatchInterrupted, run_match
    from famiglia.ai.stats import report
    from famiglia.phrasebook.counts import whole

    code = EXIT_OK
    try:
        if sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import Progress

            with Progress(console=Console(stderr=True), transient=True) as progress:
                task = progress.add_task(_("{first} v {second}").format(first=specs[0], second=specs[1]), total=games)
                records = run_match(specs, games, seed, jobs=jobs, progress=lambda n: progress.advance(task, n))
        else:
            records = run_match(specs, games, seed, jobs=jobs)
    except MatchInterrupted as stop:  # Ctrl-C: the workers are stopped; the games so far are still worth a table
        records, code = stop.records, EXIT_INTERRUPTED
        complain(ngettext("interrupted after {played} of {n} game; the figures are of those",
                          "interrupted after {played} of {n} games; the figures are of those", games).format(
            played=whole(len(records)), n=whole(games)))
        if not records:
            return code
    result = report(specs, len(records), seed, records)
    if as_json:
        print(json.dumps(result, indent=2))
    else:
        _print_match(result)
    return code


# The table's columns; the player names are the notation of `--players`, the same in every language.
_COLUMNS = (N_("player"), N_("won"), N_("drawn"), N_("lost"), N_("win %"), N_("95% CI"), N_("score"), N_("turns"),
            N_("ms"), N_("p95 ms"))


def _print_match(result: dict[str, Any]) -> None:
    """The figures as a table, its numbers written as the player's language writes them (`--json` never is)."""
    from rich import box
    from rich.console import Console
    from rich.table import Table

    from famiglia.phrasebook.counts import decimal, percent, whole

    n = result["games"]
    title = ngettext("{n} game, seed {seed}, seats swapped every game",
                     "{n} games, seed {seed}, seats swapped every game", n).format(n=whole(n), seed=result["seed"])
    table = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left", caption_justify="left")
    for column in _COLUMNS:
        table.add_column(_(column), justify="left" if column == "player" else "right")
    for s in result["summary"]:
        table.add_row(s["player"], whole(s["wins"]), whole(s["draws"]), whole(s["losses"]), percent(s["win_rate"]),
                      _interval(s["win_rate_low"], s["win_rate_high"]), decimal(s["mean_score"]),
                      decimal(s["mean_turns"]), decimal(s["median_decision_seconds"] * 1000, 2),
                      decimal(s["p95_decision_seconds"] * 1000, 2))
    table.caption = _("95% CI: Wilson interval of the win rate; score: mean final score; turns: mean game length in "
                      "turns; ms: median milliseconds per decision, p95 ms: the 95th percentile")
    Console(width=None if sys.stdout.isatty() else 100).print(table)


def _interval(low: float, high: float) -> str:
    """A confidence interval of a rate, its sign once: 72.2–100.0%."""
    from famiglia.phrasebook.counts import decimal, percent

    return f"{decimal(low * 100)}–{percent(high)}"
