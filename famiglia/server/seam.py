"""The seam between a table and one connection's screen: `SeatScreen`, what each side may ask of the other.

A table (`famiglia.server.tables.ServerTable`) owns the game; a connection shows one seat of it, or
the public table for a watcher. The two sides speak only through this seam:

the table tells a screen (each call returns at once; the screen redraws itself later):
    `played(seat, action)`   another seat's action is now public (a take or pass once confirmed);
    `took_back(seat, action)` the other seat took back `action`, which had been told;
    `changed()`              the public table changed (what a watcher draws);
    `notice(text)`           one line for the message line (a table message, "Ben lost the connection…");
    `close(text)`            the table is done with this screen (the server stops, the table failed):
                             `run` ends and the connection says `text`;

each is called in the context of whoever caused it, so a sentence the table makes for all its screens
comes as a `Later` and each screen says it, and does its work, in its own connection's language;

a player's screen plays on the table's one game through the session the table seats it in
(`ServerTable.seat_session`), whose hooks tell the table of every change; it tells the table
`say(screen, text)`, and `detach(screen, lost=…)` when it ends;

and a connection runs it: `await screen.run()` until the player leaves, returning the line to show
in the lobby (or None).

The screens (`famiglia.server.screen.screen_for` makes one): a player's (`famiglia.server.player`)
runs `famiglia play`'s application on a session seated at its seat of the one game; a watcher's
(`famiglia.server.watch`) draws the public view alone. This module imports nothing of the server, so
the table and the screens both import it and neither imports the other back.
"""

from __future__ import annotations

from typing import Protocol

from famiglia.engine import Action
from famiglia.phrasebook.catalogue import Later

__all__ = ["SeatScreen"]


class SeatScreen(Protocol):
    """One connection's screen at a table; see the module docstring."""

    seat: int | None
    name: str

    def played(self, seat: int, action: Action) -> None: ...

    def took_back(self, seat: int, action: Action) -> None: ...

    def changed(self) -> None: ...

    def notice(self, text: str | Later) -> None: ...

    def close(self, text: str | Later) -> None: ...

    async def run(self) -> str | None: ...
