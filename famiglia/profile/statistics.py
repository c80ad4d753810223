"""Statistics: how a player fares against each opponent, and a rating, computed from the saved games alone.

There is no second store that could disagree with the games: every figure is worked out again from
the records of the data directory each time it is asked for. A finished game counts; an unfinished
one, one that cannot be read and a guided first game do not (they are counted as left out, so the
totals can be checked against `famiglia games`).

Whose statistics: against the computer, the person's seat. In a game for two at this keyboard, the
player whose name is the first of the settings (`famiglia settings set names …`), matched without
regard to case; games of two other people are left out. The opponent is the computer at its level,
or the other player by name.

The rating is an Elo rating that moves after each finished game against the computer, in the order
the games ended; the levels' own ratings are fixed, each in its level's record (`famiglia.ai.levels`,
read here as `LEVEL_RATINGS`; docs/statistics.md tells the matches they come from). A draw counts half
a win for the rating, as in chess; the win rate counts wins only, like `famiglia simulate`'s.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from famiglia.ai.levels import LEVELS
from famiglia.persistence import Entry, Record, RecordError
from famiglia.persistence.seats import NETWORK
from famiglia.phrasebook.catalogue import N_, _, ngettext
from famiglia.phrasebook.table import level_name

from .guided_deal import is_guided
from .seats import HUMAN, level_of, seat_name

__all__ = ["INITIAL_RATING", "K_FACTOR", "LEVEL_RATINGS", "Finished", "Opponent", "OpponentStats",
           "RatingPoint", "Statistics", "expected_score", "finished_games", "report_lines", "statistics"]

LEVEL_RATINGS: Final[Mapping[str, int]] = {name: level.rating for name, level in LEVELS.items()}  # easiest first
INITIAL_RATING: Final = 1500  # a newcomer starts level with the normal computer
K_FACTOR: Final = 32  # how far one game moves the rating (the usual value for new players)


@dataclass(frozen=True, slots=True)
class Opponent:
    """Who a game was played against: `key` is `cpu:LEVEL` or `name:` and the name in lower case."""

    key: str
    label: str
    level: str | None = None


@dataclass(frozen=True, slots=True)
class Finished:
    """One finished game from the player's side: their score, the opponent's, and how it went."""

    id: str
    ended: str  # the record's last update: when the last action was saved
    opponent: Opponent
    score: int
    opponent_score: int
    outcome: str  # "win", "draw" or "loss"
    takebacks: int = 0  # the turns taken back against the computer in it


@dataclass(frozen=True, slots=True)
class OpponentStats:
    """The figures against one opponent; `streak` is the run of equal outcomes the latest game belongs to."""

    opponent: Opponent
    games: int
    wins: int
    draws: int
    losses: int
    win_rate: float
    best_score: int
    streak: tuple[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {"opponent": self.opponent.label, "key": self.opponent.key, "level": self.opponent.level,
                "games": self.games, "wins": self.wins, "draws": self.draws, "losses": self.losses,
                "win_rate": self.win_rate, "best_score": self.best_score,
                "streak": {"outcome": self.streak[0], "games": self.streak[1]}}


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """The rating right after one game against the computer."""

    id: str
    ended: str
    level: str
    outcome: str
    rating: float


@dataclass(frozen=True, slots=True)
class Statistics:
    """Everything `famiglia stats` and the Statistics screen show; `left_out` counts the games not counted, by why."""

    you: str | None
    opponents: tuple[OpponentStats, ...]
    rating: float
    history: tuple[RatingPoint, ...]
    left_out: Mapping[str, int] = field(default_factory=dict)

    takebacks: int = 0  # the turns taken back against the computer, in the games counted
    taken_back_in: int = 0  # the games counted that had a takeback

    @property
    def games(self) -> int:
        return sum(o.games for o in self.opponents)

    def to_dict(self) -> dict[str, Any]:
        return {"you": self.you, "games": self.games, "rating": round(self.rating, 1),
                "level_ratings": dict(LEVEL_RATINGS), "initial_rating": INITIAL_RATING, "k_factor": K_FACTOR,
                "opponents": [o.to_dict() for o in self.opponents],
                "rating_history": [{"id": p.id, "ended": p.ended, "level": p.level, "outcome": p.outcome,
                                    "rating": round(p.rating, 1)} for p in self.history],
                "left_out": dict(self.left_out), "takebacks": self.takebacks,
                "games_with_takebacks": self.taken_back_in}


def expected_score(rating: float, opponent: float) -> float:
    """Elo's expected score of a player rated `rating` against one rated `opponent` (a win is 1, a draw 1/2)."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0))


_POINTS: Final = {"win": 1.0, "draw": 0.5, "loss": 0.0}


def finished_games(entries: Iterable[Entry], *, you: str | None) -> tuple[list[Finished], dict[str, int]]:
    """The finished games from the player's side, in the order they ended, and the games left out by reason."""
    out: list[tuple[str, int, Finished]] = []
    left: dict[str, int] = {}

    def leave(reason: str) -> None:
        left[reason] = left.get(reason, 0) + 1

    for entry in entries:
        record = entry.record
        if record is None:
            leave(N_("cannot be read"))
            continue
        if is_guided(record):
            leave(N_("guided game"))
            continue
        try:
            result = record.game().result()
        except RecordError:
            leave(N_("cannot be read"))
            continue
        if result is None:
            leave(N_("unfinished"))
            continue
        side = _your_seat(record, you)
        if side is None:
            others = HUMAN == record.seats[0] == record.seats[1] or NETWORK in record.seats  # famiglia serve's
            leave(N_("played by others") if others else N_("no person playing"))
            continue
        seat, opponent = side
        outcome = "draw" if result.winner is None else ("win" if result.winner == seat else "loss")
        finished = Finished(record.id, record.updated, opponent, result.scores[seat], result.scores[1 - seat],
                            outcome, len(record.takebacks))
        out.append((record.updated, entry.number, finished))
    out.sort(key=lambda item: (item[0], item[1]))
    return [item[2] for item in out], left


def _your_seat(record: Record, you: str | None) -> tuple[int, Opponent] | None:
    """The seat of the player whose statistics these are, and the opponent; None if neither seat is theirs."""
    humans = [s for s in (0, 1) if record.seats[s] == HUMAN]
    if len(humans) == 1:
        seat = humans[0]
        level = level_of(record.seats[1 - seat])
        if level is None:
            return None
        return seat, Opponent(f"cpu:{level}", seat_name(record.seats[1 - seat]), level)
    if len(humans) == 2 and you is not None:
        mine = [s for s in (0, 1) if record.names[s].casefold() == you.casefold()]
        if len(mine) == 1:
            other = record.names[1 - mine[0]]
            return mine[0], Opponent(f"name:{other.casefold()}", other)
    return None


def statistics(entries: Iterable[Entry], *, you: str | None = None) -> Statistics:
    """The statistics of the saved games `entries` (as `Store.entries()` gives them) for the player `you`."""
    games, left = finished_games(entries, you=you)
    by_opponent: dict[str, list[Finished]] = {}
    for game in games:
        by_opponent.setdefault(game.opponent.key, []).append(game)
    rows = [_row(played) for played in by_opponent.values()]
    rows.sort(key=_order)
    rating = float(INITIAL_RATING)
    history = []
    for game in games:
        level = game.opponent.level
        if level is None or level not in LEVEL_RATINGS:
            continue
        rating += K_FACTOR * (_POINTS[game.outcome] - expected_score(rating, LEVEL_RATINGS[level]))
        history.append(RatingPoint(game.id, game.ended, level, game.outcome, rating))
    return Statistics(you, tuple(rows), rating, tuple(history), left, sum(g.takebacks for g in games),
                      sum(1 for g in games if g.takebacks))


def _row(played: list[Finished]) -> OpponentStats:
    wins = sum(1 for g in played if g.outcome == "win")
    draws = sum(1 for g in played if g.outcome == "draw")
    last = played[-1].outcome
    run = 0
    for game in reversed(played):
        if game.outcome != last:
            break
        run += 1
    return OpponentStats(played[0].opponent, len(played), wins, draws, len(played) - wins - draws,
                         wins / len(played), max(g.score for g in played), (last, run))


def _order(row: OpponentStats) -> tuple[int, int, str]:
    """The computer's levels first, easiest first, then the people by name."""
    level = row.opponent.level
    if level is not None:
        return (0, list(LEVEL_RATINGS).index(level) if level in LEVEL_RATINGS else 99, "")
    return (1, 0, row.opponent.label.casefold())


def streak_words(streak: tuple[str, int]) -> str:
    """`("win", 3)` as '3 wins'."""
    outcome, count = streak
    if outcome == "win":
        return ngettext("{n} win", "{n} wins", count).format(n=count)
    if outcome == "draw":
        return ngettext("{n} draw", "{n} draws", count).format(n=count)
    return ngettext("{n} loss", "{n} losses", count).format(n=count)


# The columns of the report's table: each its heading (a template said where shown) and its least width.
_COLUMNS: Final = ((N_("opponent"), 22), (N_("games"), 5), (N_("won"), 4), (N_("drawn"), 5), (N_("lost"), 4),
                   (N_("win %"), 6), (N_("best"), 5))


def report_lines(stats: Statistics) -> list[str]:
    """The statistics as plain lines of text, for `famiglia stats` when it is not asked for JSON."""
    n = stats.games
    who = (ngettext("{name}'s games: {n} finished", "{name}'s games: {n} finished", n).format(name=stats.you, n=n)
           if stats.you else ngettext("Your games: {n} finished", "Your games: {n} finished", n).format(n=n))
    lines = [who]
    if stats.opponents:
        headings = [(_(heading), width) for heading, width in _COLUMNS]
        w = [max(width, len(heading)) for heading, width in headings]
        first, *rest = headings
        header = f"  {first[0]:<{w[0]}} " + " ".join(f"{h:>{w[i + 1]}}" for i, (h, _w) in enumerate(rest)) \
                 + f"  {_('streak')}"
        lines += ["", header]
        for row in stats.opponents:
            lines.append(f"  {row.opponent.label:<{w[0]}} {row.games:>{w[1]}} {row.wins:>{w[2]}} {row.draws:>{w[3]}} "
                         f"{row.losses:>{w[4]}} {row.win_rate:>{w[5]}.0%} {row.best_score:>{w[6]}}  "
                         f"{streak_words(row.streak)}")
    lines.append("")
    if stats.history:
        played = len(stats.history)
        games = ngettext("{n} game", "{n} games", played).format(n=played)
        levels = ", ".join(f"{level_name(level)} {rating}" for level, rating in LEVEL_RATINGS.items())
        lines.append(_("Rating: {rating} after {games} against the computer (started at {initial}; the computer: "
                       "{levels})").format(rating=f"{stats.rating:.0f}", games=games, initial=INITIAL_RATING,
                                           levels=levels))
    else:
        lines.append(_("Rating: {rating}, to start with: it moves with every game finished against the computer")
                     .format(rating=INITIAL_RATING))
    if stats.takebacks:
        games = ngettext("{n} game", "{n} games", stats.taken_back_in).format(n=stats.taken_back_in)
        lines.append(ngettext("Takebacks: {n} turn taken back against the computer, in {games}",
                              "Takebacks: {n} turns taken back against the computer, in {games}",
                              stats.takebacks).format(n=stats.takebacks, games=games))
    if stats.left_out:
        parts = ", ".join(f"{n} {_(reason)}" for reason, n in sorted(stats.left_out.items()))
        lines.append(_("Not counted: {parts}").format(parts=parts))
    if stats.left_out.get("played by others") and stats.you is None:
        lines.append(_("Games for two count once your name is set: famiglia settings set names YOUR-NAME"))
    return lines
