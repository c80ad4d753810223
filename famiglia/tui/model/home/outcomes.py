"""What a choice on the home screen leads to, once the home screen is left: the shell carries it out, then comes
back to a fresh home screen (`famiglia.commands.home`).

Plain frozen values, one per kind of outcome, joined in `Outcome` so a `match` on them is exhaustive.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Learn", "NewGame", "Outcome", "Quit", "Resume", "ShowAnalysis", "ShowLog", "ShowReplay", "Train"]


@dataclass(frozen=True, slots=True)
class NewGame:
    seats: tuple[str, str]


@dataclass(frozen=True, slots=True)
class Resume:
    id: str


@dataclass(frozen=True, slots=True)
class Learn:
    """The guided game: a new one, or the unfinished one `id`."""

    id: str | None = None


@dataclass(frozen=True, slots=True)
class Train:
    """Training on the player's own mistakes (`famiglia train`): the positions due."""


@dataclass(frozen=True, slots=True)
class ShowLog:
    id: str


@dataclass(frozen=True, slots=True)
class ShowReplay:
    id: str


@dataclass(frozen=True, slots=True)
class ShowAnalysis:
    """A game's analysis, shown (and made first, if none is saved) once the home screen is left."""

    id: str


@dataclass(frozen=True, slots=True)
class Quit:
    pass


Outcome = NewGame | Resume | Learn | Train | ShowLog | ShowReplay | ShowAnalysis | Quit
