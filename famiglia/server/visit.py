"""A connection's life from the lobby on: the lobby, then a table, then the lobby again, until the player leaves.

`visit` carries out what the lobby was left for (`famiglia.server.lobby.Outcome`): a table opened,
one joined by its code (after the pause that slows down wrong codes, `limits.CodeThrottle`) or by a
held seat's word, one watched; the connection then shows that table's screen (`screen_for`) until
its player leaves it, and the lobby comes back saying how. It ends when the player leaves, the lobby
is idle too long, or the server stops.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Final

from famiglia.phrasebook.catalogue import N_, Later, _
from famiglia.phrasebook.unread import on_screen
from famiglia.profile.names import NameRefused, tidy_name

from .codes import read_code
from .lobby import Listed, Lobby, Outcome
from .lobbyscreen import build_lobby_app
from .screen import screen_for
from .seats import Holder
from .tables import NotSeated, ServerTable, TableBroken

if TYPE_CHECKING:
    from .channel import Channel
    from .server import Server

__all__ = ["WORD_TRIES", "split_user", "visit"]

WORD_TRIES: Final = 5
IDLE: Final = N_("famiglia: the lobby waited too long for a key; come back any time.")  # said through `_`


def split_user(user: str) -> tuple[str | None, str | None]:
    """The SSH user name as a name and a table code: `ben+K7QX` is Ben going to table K7QX.

    The name is None when it cannot be a player's (then the lobby asks for one), the code None when
    none was given (a `+` part that is no code is kept for the lobby to refuse).
    """
    name, plus, code = user.rpartition("+") if "+" in user else (user, "", "")
    try:
        tidied: str | None = tidy_name(name)
    except NameRefused:
        tidied = None
    return tidied, (code if plus else None)


async def visit(channel: Channel, server: Server) -> str | None:
    """The connection's life from the lobby on; the line to leave with."""
    gate = channel.gate
    name, code = split_user(gate.user)
    lobby = Lobby(name, tables=lambda: _watchable(server), yours=lambda: _yours(server, lobby.name, gate.key))
    outcome: Outcome | None = Outcome("join", code=code) if code is not None and name is not None else None
    if code is not None and name is None:
        lobby.message = _("Your name first; then j joins table {code}.").format(code=code[:8])
    elif channel.unread is not None:  # the client's language cannot be read: the lobby says so, in English
        lobby.message = on_screen(channel.unread)
    here = _Visit(channel, server, lobby)
    while channel.closing is None and not channel.gone:
        if outcome is None:
            outcome = await _lobby(channel, lobby, server)
        found, outcome = outcome, None
        if found.kind in ("leave", "stop", "idle"):
            return _(IDLE) if found.kind == "idle" else None
        line = await here.carry_out(found)
        if line is not None:
            return line
    return None


class _Visit:
    """What one connection's lobby was left for, carried out; it counts the wrong seat words given."""

    def __init__(self, channel: Channel, server: Server, lobby: Lobby) -> None:
        self.channel = channel
        self.server = server
        self.lobby = lobby
        self.word_tries = 0

    async def carry_out(self, found: Outcome) -> str | None:
        """A table opened, found by its code and watched or sat at; the line to leave the server with, if it is left."""
        server, gate, lobby = self.server, self.channel.gate, self.lobby
        player = lobby.name or "Player"
        if found.kind == "open":
            assert found.options is not None
            table = server.tables.open(found.options)
            holder, word = Holder.sitting(player, gate.key)
            try:
                table.sit(0, holder)
            except NotSeated as refused:
                server.tables.drop(table)
                lobby.message = str(refused)
                return None
            lobby.home(await _seat(self.channel, server, table, 0, player, word=word))
            return None
        await asyncio.sleep(server.throttle.delay(gate.address))  # wrong codes before: this answer waits
        found_table = server.tables.find(found.code)
        if found_table is None:
            server.throttle.wrong(gate.address)
            said = read_code(found.code) or found.code[:12]
            lobby.message = _("There is no table {code} on this server: check the code with your friend.").format(
                code=said)
            return None
        if found.kind == "watch":
            lobby.home(await _seat(self.channel, server, found_table, None, player))
            return None
        return await self._sit(found_table, found, player)

    async def _sit(self, table: ServerTable, found: Outcome, player: str) -> str | None:
        """At `table`: the player's held seat (its word asked, or checked), a free seat, or watching a full table."""
        server, gate, lobby = self.server, self.channel.gate, self.lobby
        seat, needs_word = _seat_for(table, player, gate.key)
        if found.kind == "word":
            held = table.holders[seat] if seat is not None else None
            if held is None or not held.is_word(found.text):
                server.throttle.wrong(gate.address)
                self.word_tries += 1
                if self.word_tries >= WORD_TRIES:
                    return _("famiglia: that seat word was wrong too often.")
                lobby.message = _("That is not the seat word of table {code}.").format(code=table.code)
                return None
            needs_word = False
        if seat is not None and needs_word:
            keeper = table.holders[seat]
            assert keeper is not None
            lobby.ask_word(table.code, _("Table {code} keeps a seat for {name}: its seat word, please.").format(
                code=table.code, name=keeper.name))
            return None
        if seat is None:
            lobby.home(await _seat(self.channel, server, table, None, player, full=True))
            return None
        word = None
        if table.holders[seat] is None:
            holder, word = Holder.sitting(player, gate.key)
            try:
                table.sit(seat, holder)
            except NotSeated as refused:
                lobby.message = str(refused)
                return None
        lobby.home(await _seat(self.channel, server, table, seat, player, word=word))
        return None


def _seat_for(table: ServerTable, name: str, key: str | None) -> tuple[int | None, bool]:
    """Where a player coming to `table` sits: their held seat (and whether its word must be asked), a free seat,
    or None (they watch)."""
    for seat, holder in enumerate(table.holders):
        if holder is not None and holder.is_key(key):
            return seat, False
    for seat, holder in enumerate(table.holders):
        if holder is not None and holder.needs_word and holder.name.casefold() == name.casefold():
            return seat, True
    if not table.full:
        return table.holders.index(None), False
    return None, False


def _watchable(server: Server) -> list[Listed]:
    return [Listed.of(t) for t in server.tables if t.game is not None and not t.is_over]


def _yours(server: Server, name: str | None, key: str | None) -> list[Listed]:
    out = []
    for table in server.tables:
        if table.is_over:
            continue
        for holder in table.holders:
            if holder is not None and (holder.is_key(key) or
                                       (holder.needs_word and name and holder.name.casefold() == name.casefold())):
                out.append(Listed.of(table))
                break
    return out


async def _lobby(channel: Channel, lobby: Lobby, server: Server) -> Outcome:
    """Run the lobby until it is left; it closes itself after the idle limit."""
    app = build_lobby_app(lobby, channel.terminal(lobby.name or ""))
    pressed = time.monotonic()

    def key(_: object) -> None:
        nonlocal pressed
        pressed = time.monotonic()

    app.key_processor.after_key_press += key

    async def idle() -> None:
        limit = server.limits.idle_lobby
        while app.is_running or not app.future:
            await asyncio.sleep(min(1.0, limit / 4))
            if time.monotonic() - pressed > limit and app.is_running and app.future is not None \
                    and not app.future.done():
                app.exit(result=Outcome("idle"))
                return

    watcher = asyncio.get_running_loop().create_task(idle())
    try:
        result = await app.run_async(handle_sigint=False, set_exception_handler=False)
    except EOFError:  # the connection closed under it
        return Outcome("leave")
    finally:
        watcher.cancel()
    return result if isinstance(result, Outcome) else Outcome("leave")


async def _seat(channel: Channel, server: Server, table: ServerTable, seat: int | None, name: str, *,
                word: str | None = None, full: bool = False) -> str | None:
    """Show `table` on this connection (at `seat`, or watching) until its player leaves it; the lobby's message."""
    terminal = channel.terminal(name)
    screen = screen_for(table, seat, terminal, invite=server.invite, word=word, **server.computer)
    before = table.attach(seat, screen)
    if before is not None:
        before.close(Later(N_("This seat was taken up by a new connection of yours.")))  # in the old one's language
    channel.screen = screen
    lost = False
    try:
        line = await screen.run()
    except EOFError:
        lost, line = True, None
    except TableBroken as broken:
        line = str(broken)
    except Exception as error:  # one table's failure: saved and said; the connection goes back to the lobby
        if table.broken is None:
            table.fail(error)
        line = str(table.broken) if table.broken is not None else None
    finally:
        channel.screen = None
        lost = lost or channel.gone
        table.detach(screen, lost=lost)
        if table.is_over and not table.screens and not table.watchers:
            server.tables.drop(table)
    if channel.closing is not None:
        return None
    if full and line is None:
        return _("Table {code} is full: you watched it.").format(code=table.code)
    return line
