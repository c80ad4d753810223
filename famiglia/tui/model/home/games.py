"""The saved games as the home screen lists them: one line each, for Continue and Your games.

Built from the store's entries (`Store.entries()`), never kept anywhere else. The score of a game
under way is each player's points in hand and play area, as `famiglia log` shows them: every card
enters a hand face up, so these are public knowledge (R12.3), and the home screen is not a seat.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from famiglia.engine import Game, parse_card
from famiglia.persistence import Entry, Record, RecordError
from famiglia.phrasebook.catalogue import _, filled
from famiglia.phrasebook.counts import date_time
from famiglia.profile.guided_deal import is_guided

__all__ = ["GameLine", "game_lines"]


@dataclass(frozen=True, slots=True)
class GameLine:
    """One saved game: who played, how far it came, and its state in a few words."""

    id: str
    players: tuple[str, str]
    seats: tuple[str, str]
    started: str
    updated: str
    turns: int
    points: tuple[int, int]
    to_move: int | None  # None once it is over
    winner: int | None  # for a finished game; None is a draw
    finished: bool
    guided: bool

    @classmethod
    def of(cls, record: Record) -> GameLine:
        game = record.game()
        result = game.result()
        return cls(record.id, record.names, record.seats, record.started, record.updated, record.turn_count,
                   result.scores if result is not None else _points(game),
                   None if result is not None else game.to_move,
                   result.winner if result is not None else None, result is not None, is_guided(record))

    @property
    def state(self) -> str:
        """Whose turn it is and each player's points so far, or how it ended: the winner's score first, as
        `famiglia games`, the log and the farewell write it (`Ben won 51–37`)."""
        if self.to_move is not None:
            so_far = " · ".join(f"{name} {points}" for name, points in zip(self.players, self.points, strict=True))
            return filled(_("{name} to move, so far {scores}"), name=self.players[self.to_move], scores=so_far)
        if self.winner is None:
            return _("draw {points}–{other}").format(points=self.points[0], other=self.points[1])
        w = self.winner
        return _("{name} won {points}–{other}").format(name=self.players[w], points=self.points[w],
                                                      other=self.points[1 - w])

    @property
    def title(self) -> str:
        first, second = self.players
        if self.guided:
            return _("{first} v {second} (guided game)").format(first=first, second=second)
        return _("{first} v {second}").format(first=first, second=second)

    @property
    def when(self) -> str:
        return date_time(self.updated)


def _points(game: Game) -> tuple[int, int]:
    """Each player's points in hand and play area now (R11.1)."""
    players = game.to_dict()["players"]
    totals = [sum(parse_card(c).points for c in (*p["hand"], *p["play_area"])) for p in players]
    return (totals[0], totals[1])


def game_lines(entries: Iterable[Entry], *, unfinished: bool = False) -> list[GameLine]:
    """The readable games of `entries`, the one saved last first; only those under way if `unfinished`."""
    out: list[tuple[str, int, GameLine]] = []
    for entry in entries:
        if entry.record is None:
            continue
        try:
            line = GameLine.of(entry.record)
        except RecordError:
            continue
        if unfinished and line.finished:
            continue
        out.append((line.updated, entry.number, line))
    out.sort(key=lambda item: (item[0], item[1]), reverse=True)
    return [line for _, _, line in out]
