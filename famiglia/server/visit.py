"""A connection's life from the lobby on: the lobby, then a table, then the lobby again, until the player leaves.

`visit` carries out what the lobby was left for (`famiglia.server.lobby.Outcome`): a table opened
(unless its address or key has enough tables waiting, `limits.OpenTables`), one joined by its code
or by a held seat's word, one watched; the connection then shows that table's screen (`screen_for`)
until its player leaves it, and the lobby comes back saying how. It ends when the player leaves, the
lobby is idle too long, or the server stops.

Who holds what is decided per connection: a seat is this connection's when its SSH key holds it, or
when it has given the seat's word here (or was given the word here, sitting down); "your tables" lists
only those, whatever name the connection came with. A connection that gave a wrong code or word
waits before its next one (`limits.CodeThrottle` says how long, counting the wrong ones of its whole
address), and the lobby says so while it waits; another connection's right code is never held up.
Seat words are hashed on a thread of their own: scrypt takes some 66 ms, which the event loop, and
every table on it, would wait for.
"""

from __future__ import annotations

import asyncio
import math
import time
from typing import Final

from famiglia.phrasebook.catalogue import N_, Later, _
from famiglia.phrasebook.unread import on_screen
from famiglia.profile.names import NAME_LENGTH, NameRefused, tidy_name

from .codes import read_code
from .lobby import Listed, Lobby, Outcome
from .lobbyscreen import build_lobby_app
from .plainline import plain_user
from .plainlobby import plain_lobby
from .plainseat import PlainPlayerScreen, PlainWatchScreen
from .roles import Host, Line
from .screen import screen_for
from .seam import SeatScreen
from .seats import Holder, tidy_word
from .tables import NotSeated, Options, ServerTable, TableBroken
from .terminal import leave

__all__ = ["WORD_TRIES", "next_try", "split_user", "visit"]

WORD_TRIES: Final = 5
IDLE: Final = N_("famiglia: the lobby waited too long for a key; come back any time.")  # said through `_`


def split_user(user: str) -> tuple[str | None, str | None]:
    """The SSH user name as a name and a table code: `ben+K7QX` is Ben going to table K7QX (`ben+plain+K7QX` too).

    The name is None when it cannot be a player's (then the lobby asks for one), the code None when
    none was given (a `+` part that is no code is kept for the lobby to refuse).
    """
    user = plain_user(user)[0]  # `anna+plain+K7QX`: the plain mode is the channel's (`Channel.plain`)
    name, plus, code = user.rpartition("+") if "+" in user else (user, "", "")
    try:
        tidied: str | None = tidy_name(name)
    except NameRefused:
        tidied = None
    return tidied, (code if plus else None)


async def visit(channel: Line, server: Host) -> str | None:
    """The connection's life from the lobby on; the line to leave with."""
    gate = channel.gate
    name, code = split_user(gate.user)
    lobby = Lobby(name, tables=lambda: _watchable(server), yours=lambda: _yours(server, gate.key, here.proven))
    outcome: Outcome | None = Outcome("join", code=code) if code is not None and name is not None else None
    if code is not None and name is None:
        lobby.message = _("Your name first; then j joins table {code}.").format(code=code[:8])
    elif channel.unread is not None:  # the client's language cannot be read: the lobby says so, in English
        lobby.message = on_screen(channel.unread)
    here = _Visit(channel, server, lobby)
    while channel.closing is None and not channel.gone:
        if outcome is None:
            outcome = await _lobby(channel, lobby, server, later=here.take_later())
        found, outcome = outcome, None
        if found.kind in ("leave", "stop", "idle"):
            return _(IDLE) if found.kind == "idle" else None
        line = await here.carry_out(found)
        if line is not None:
            return line
    return None


class _Visit:
    """What one connection's lobby was left for, carried out; it keeps what this connection has proven (the
    salts of the seat words it gave or was given) and how it has guessed (wrong seat words, its next try)."""

    def __init__(self, channel: Line, server: Host, lobby: Lobby) -> None:
        self.channel = channel
        self.server = server
        self.lobby = lobby
        self.word_tries = 0
        self.proven: set[str] = set()
        self.next_try = 0.0  # `time.monotonic()` before which this connection's next code or word waits
        self._later: tuple[float, Outcome] | None = None

    def take_later(self) -> tuple[float, Outcome] | None:
        """A code or word that waits for its try: the seconds to wait, and the outcome to carry out then."""
        later, self._later = self._later, None
        return later

    async def carry_out(self, found: Outcome) -> str | None:
        """A table opened, found by its code and watched or sat at; the line to leave the server with, if it is left."""
        server, lobby = self.server, self.lobby
        player = lobby.name or "Player"
        if found.kind == "open":
            assert found.options is not None
            await self._open(found.options, player)
            return None
        wait = self.next_try - time.monotonic()
        if wait > 0:  # this connection guessed wrong: its next try waits, and the lobby says so meanwhile
            self._later = (wait, found)
            lobby.message = next_try(wait)
            return None
        found_table = server.tables.find(found.code)
        if found_table is None:
            self._wrong()
            said = read_code(found.code) or found.code[:12]
            lobby.message = _("There is no table {code} on this server: check the code with your friend.").format(
                code=said)
            return None
        if found.kind == "watch":
            lobby.home(await _seat(self.channel, server, found_table, None, player))
            return None
        return await self._sit(found_table, found, player)

    async def _open(self, options: Options, player: str) -> None:
        """A new table, with this connection's player at its first seat; or the lobby says why not."""
        server, gate, lobby = self.server, self.channel.gate, self.lobby
        if options.opponent is None:
            waiting = [t for t in server.tables if t.game is None]
            refusal = server.opened.refusal(gate.address, gate.key, waiting)
            if refusal is not None:
                lobby.home(refusal)
                return
        holder, word = await _holder(player, gate.key)
        table = server.tables.open(options)
        if options.opponent is None:
            server.opened.opened(table, gate.address, gate.key)
        self._hold(holder)
        try:
            table.sit(0, holder)
        except NotSeated as refused:  # a game against the computer that cannot be saved does not begin
            server.tables.drop(table)
            lobby.home(str(refused))
            return
        lobby.home(await _seat(self.channel, server, table, 0, player, word=word))

    def _wrong(self) -> None:
        """A wrong code or seat word from this connection: counted for its address, and its next try waits."""
        throttle, address = self.server.throttle, self.channel.gate.address
        throttle.wrong(address)
        self.next_try = time.monotonic() + throttle.delay(address)

    def _hold(self, holder: Holder) -> None:
        if holder.salt is not None:
            self.proven.add(holder.salt)

    async def _sit(self, table: ServerTable, found: Outcome, player: str) -> str | None:
        """At `table`: the player's held seat (its word asked, or checked), a free seat, or watching a full table."""
        server, gate, lobby = self.server, self.channel.gate, self.lobby
        seat, asked = _seat_for(table, player, gate.key, self.proven)
        if found.kind == "word" and not tidy_word(found.text) and not table.full:
            seat = table.holders.index(None)  # no word: a second player of the name takes the free seat
        elif found.kind == "word":
            seat = await _word_seat(table, asked, found.text)
            if seat is None:
                self._wrong()
                self.word_tries += 1
                if self.word_tries >= WORD_TRIES:
                    return _("famiglia: that seat word was wrong too often.")
                lobby.message = _("That is not the seat word of table {code}.").format(code=table.code)
                return None
            held = table.holders[seat]
            assert held is not None
            self._hold(held)
        elif asked:
            keeper = table.holders[asked[0]]
            assert keeper is not None
            ask = _("Table {code} keeps a seat for {name}: its seat word, please.") if table.full else \
                _("Table {code} keeps a seat for {name}: its seat word, please (Enter alone takes the free seat).")
            lobby.ask_word(table.code, ask.format(code=table.code, name=keeper.name))
            return None
        word = None
        if seat is not None and table.holders[seat] is None:
            async with server.sitting:  # one word made at a time, so players sit down in the order they came
                if table.holders[seat] is not None:  # taken while this one waited
                    seat = None if table.full else table.holders.index(None)
                if seat is not None:
                    holder, word = await _holder(player, gate.key)
                    try:
                        table.sit(seat, holder)
                    except NotSeated as refused:  # the game cannot be saved: the table waits as it was
                        lobby.message = str(refused)
                        return None
                    self._hold(holder)
        if seat is None:
            lobby.home(await _seat(self.channel, server, table, None, player, full=True))
            return None
        lobby.home(await _seat(self.channel, server, table, seat, player, word=word))
        return None


def next_try(wait: float) -> str:
    """What the lobby says while a connection that guessed wrong waits for its next try."""
    return _("Wrong codes from here: the next try in {n} s.").format(n=max(1, math.ceil(wait)))


async def _holder(name: str, key: str | None) -> tuple[Holder, str | None]:
    """The holder of a seat taken now, and its word (`Holder.sitting`), made off the event loop."""
    return await asyncio.to_thread(Holder.sitting, name, key)


async def _word_seat(table: ServerTable, asked: list[int], word: str) -> int | None:
    """Which of the seats `asked` `word` is the seat word of (each checked off the event loop), if any."""
    for seat in asked:
        holder = table.holders[seat]
        if holder is not None and await asyncio.to_thread(holder.is_word, word):
            return seat
    return None


def _seat_for(table: ServerTable, name: str, key: str | None, proven: set[str]) -> tuple[int | None, list[int]]:
    """Where a player coming to `table` sits: the seat this connection holds (by its key, or by a word it gave),
    or the seats held by a word under its name (the word is asked, then checked against each), or a free seat,
    or None (they watch)."""
    for seat, holder in enumerate(table.holders):
        if holder is not None and _holds(holder, key, proven):
            return seat, []
    asked = [seat for seat, holder in enumerate(table.holders)
             if holder is not None and holder.needs_word and _answers_to(holder.name, name)]
    if asked:
        return None, asked
    if not table.full:
        return table.holders.index(None), []
    return None, []


def _holds(holder: Holder, key: str | None, proven: set[str]) -> bool:
    """Whether a connection with `key`, that has proven the words whose salts are `proven`, holds `holder`'s seat."""
    return holder.is_key(key) or (holder.salt is not None and holder.salt in proven)


def _answers_to(held: str, name: str) -> bool:
    """Whether a seat held under the name `held` may be `name`'s: the same name in any case, or the name the
    second of two players of one name is dealt in under (`ServerTable._deal` makes `anna` `anna 2`)."""
    return held.casefold() in (name.casefold(), (name[: NAME_LENGTH - 2] + " 2").casefold())


def _watchable(server: Host) -> list[Listed]:
    return [Listed.of(t) for t in server.tables if t.game is not None and not t.is_over]


def _yours(server: Host, key: str | None, proven: set[str]) -> list[Listed]:
    """The unfinished tables where this connection holds a seat: by its key, or by a word it gave here."""
    return [Listed.of(table) for table in server.tables
            if not table.is_over and any(h is not None and _holds(h, key, proven) for h in table.holders)]


async def _lobby(channel: Line, lobby: Lobby, server: Host, *,
                 later: tuple[float, Outcome] | None = None) -> Outcome:
    """Run the lobby until it is left; it closes itself after the idle limit. `later`: a code that waits for its
    try, carried out once the wait is over unless the lobby is left for something else first; the message line
    counts the seconds down meanwhile. In the plain mode the lobby is said in lines (`plain_lobby`)."""
    if channel.reader is not None:
        return await _plain_lobby(channel, lobby, server, later)
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
            if time.monotonic() - pressed > limit and leave(app, result=Outcome("idle")):
                return

    async def resume(wait: float, outcome: Outcome) -> None:
        end = time.monotonic() + wait
        while (left := end - time.monotonic()) > 0:
            lobby.message = next_try(left)
            app.invalidate()
            await asyncio.sleep(min(1.0, left))
        if leave(app, result=outcome):
            lobby.message = None

    loop = asyncio.get_running_loop()
    watchers = [loop.create_task(idle())] + ([loop.create_task(resume(*later))] if later is not None else [])
    try:
        result = await app.run_async(handle_sigint=False, set_exception_handler=False)
    except EOFError:  # the connection closed under it
        return Outcome("leave")
    finally:
        for watcher in watchers:
            watcher.cancel()
    return result if isinstance(result, Outcome) else Outcome("leave")


async def _seat(channel: Line, server: Host, table: ServerTable, seat: int | None, name: str, *,
                word: str | None = None, full: bool = False) -> str | None:
    """Show `table` on this connection (at `seat`, or watching) until its player leaves it; the lobby's message."""
    screen = _screen(channel, server, table, seat, name, word)
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


async def _plain_lobby(channel: Line, lobby: Lobby, server: Host, later: tuple[float, Outcome] | None) -> Outcome:
    """The lobby in lines; a code that waits for its try is tried once the wait is over, the wait said first."""
    assert channel.reader is not None
    lines = channel.lines()
    if later is not None:
        wait, outcome = later
        lines.say(next_try(wait))
        await asyncio.sleep(wait)
        return outcome
    return await plain_lobby(lobby, channel.reader, lines, idle=server.limits.idle_lobby)


def _screen(channel: Line, server: Host, table: ServerTable, seat: int | None, name: str,
            word: str | None) -> SeatScreen:
    """The screen of this connection at `table`: the full screen's, or in the plain mode the lines'."""
    if channel.reader is None:
        return screen_for(table, seat, channel.terminal(name), invite=server.invite, word=word, **server.computer)
    catalogue = channel.catalogue
    if seat is None:
        return PlainWatchScreen(table, channel.reader, channel.lines(), name=name, catalogue=catalogue)
    return PlainPlayerScreen(table, seat, channel.reader, channel.lines(), name=name, catalogue=catalogue,
                             invite=server.invite, word=word, **server.computer)
