"""The seam between a table and one connection's screen: `SeatScreen`, and `screen_for`, which makes one.

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

A player's screen (`famiglia.server.player`) runs `famiglia play`'s application on a session seated
at its seat of the one game; a watcher's (`famiglia.server.watch`) draws the public view alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from famiglia.engine import Action
from famiglia.phrasebook.catalogue import Later

from .player import PlayerScreen
from .watch import WatchScreen

if TYPE_CHECKING:
    from .tables import ServerTable
    from .terminal import Terminal

__all__ = ["SeatScreen", "screen_for"]


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


def screen_for(table: ServerTable, seat: int | None, terminal: Terminal, *, invite: str = "",
               word: str | None = None, **computer: Any) -> SeatScreen:
    """The screen of `terminal` at `table`: a player's at `seat`, or a watcher's (`seat` None).

    `invite` is the command a friend types to join (`{code}` stands for the table's code); `word` the seat
    word just given to a player without a key, shown once; `computer` the computer player's options.
    A screen is made for one connection: `terminal` carries its input and output (the output knows the
    channel's size and colour depth), so nothing of one player is global.
    """
    if seat is None:
        return WatchScreen(table, terminal)
    return PlayerScreen(table, seat, terminal, invite=invite, word=word, **computer)
