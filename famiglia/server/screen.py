"""`screen_for`: the screen one connection shows at a table, a player's or a watcher's (`famiglia.server.seam`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .player import PlayerScreen
from .seam import SeatScreen
from .watch import WatchScreen

if TYPE_CHECKING:
    from .tables import ServerTable
    from .terminal import Terminal

__all__ = ["SeatScreen", "screen_for"]


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
