"""What the parts of one connection's life know of each other, as protocols: `Host`, `Door` and `Line`.

A connection is made by the server (`famiglia.server.server.Server`), let in by its gatekeeper
(`gatekeeper.Gatekeeper`), served on its session channel (`channel.Channel`) and led from the lobby
to the tables by its visit (`visit`). Each of them is made by the one before it and only reads a few
things of the others: the server's limits and tables (`Host`), who the connection is (`Door`), and
its terminal and what is on it (`Line`). Naming those here lets each module import only the ones it
makes, so none of them imports one that imports it back.
"""

from __future__ import annotations

import asyncio
import gettext
from typing import Any, Protocol

import asyncssh

from famiglia.phrasebook.catalogue import CatalogueError, Later
from famiglia.tui.plain.lines import Lines

from .index import Tables
from .limits import CodeThrottle, Gate, Limits, OpenTables
from .plainline import LineReader
from .seam import SeatScreen
from .terminal import Terminal

__all__ = ["Door", "Host", "Line"]


class Host(Protocol):
    """The server, as its connections see it: its limits, its tables and who may come in."""

    limits: Limits
    gate: Gate
    throttle: CodeThrottle
    opened: OpenTables
    tables: Tables
    sitting: asyncio.Lock
    connections: set[asyncssh.SSHServerConnection]
    channels: set[Any]
    computer: dict[str, Any]
    password: str | None
    authorized_keys: asyncssh.SSHAuthorizedKeys | None

    @property
    def invite(self) -> str: ...


class Door(Protocol):
    """A connection's gatekeeper, as its channel sees it: who came in, from where, and to which server."""

    server: Host
    address: str
    user: str
    key: str | None


class Line(Protocol):
    """A connection's channel, as its visit sees it: who it is, its terminal, and the table screen on it."""

    gate: Door
    screen: SeatScreen | None
    closing: str | Later | None
    unread: CatalogueError | None
    gone: bool
    reader: LineReader | None  # the lines typed, where the connection plays in the plain mode
    catalogue: gettext.NullTranslations  # the language the connection is spoken to in

    def terminal(self, name: str) -> Terminal: ...

    def lines(self) -> Lines: ...

    def stop(self, line: str | Later) -> None: ...
