"""Playing a table over SSH as its players would: opening it and sitting down, then each action typed in notation
on the mover's own client.

The actions are chosen by the `greedy` player from the mover's own view (what that player's screen is
drawn from), typed on their client, and confirmed with Enter where the table asks. Each step waits,
bounded in time, until the table has taken it.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Mapping
from typing import Any, Final

import asyncssh

from famiglia.ai import player
from famiglia.engine import Pass
from famiglia.server.tables import ServerTable
from tests.drivers.ssh import WAIT, Client

MAX_ACTIONS: Final = 400  # far beyond a game of greedy players (some 80 actions)


async def open_table(server: Any, client: Client) -> ServerTable:
    """`client` opens a table for a friend from the lobby; the table, once its screen shows the code and the line
    the friend types."""
    await client.wait_for("Lobby")
    client.send("n")
    await client.wait_for("Open the table")
    client.send("\r")
    screen = await client.wait_for("Waiting for a second player")
    found = re.search(r"table ([A-Z2-9]{4})", screen)
    assert found is not None
    code = found.group(1)
    assert f"ssh -p {server.port} NAME+{code}@127.0.0.1" in screen
    table: ServerTable = server.tables.tables[code]
    return table


async def seated(server: Any, key: asyncssh.SSHKey | None = None, *, ben_key: asyncssh.SSHKey | None = None,
                 shows: str | None = "Your hand") -> tuple[Client, Client, ServerTable]:
    """Anna (with `key`) opens a table and Ben (with `ben_key`) takes its second seat by its code; both clients and
    the table, once Ben's screen `shows` what it is waited for (nothing is waited for with None)."""
    anna = await Client.connect(server.port, "anna", key=key)
    table = await open_table(server, anna)
    ben = await Client.connect(server.port, f"ben+{table.code}", key=ben_key)
    if shows is not None:
        await ben.wait_for(shows)
    return anna, ben, table


async def until(test: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not test():
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


def moves(table: ServerTable) -> int:
    return len(table.record.moves) if table.record is not None else 0


async def play_action(table: ServerTable, clients: Mapping[int, Client], *, confirm: bool = True,
                      asks: Mapping[int, str] | None = None) -> None:
    """The mover plays one action on their own client; their take or pass is confirmed with Enter once their
    screen asks for it (`asks[seat]`: the words it asks in, "Enter: end" where not given)."""
    assert table.game is not None
    seat = table.game.to_move
    view = table.game.view(seat)
    action = player("greedy", seed=len(table.record.moves) if table.record else 0).choose(view)
    before = moves(table)
    client = clients[seat]
    client.send("p" if isinstance(action, Pass) else f"{action}\r")
    await until(lambda: moves(table) == before + 1 or table.pending, f"{action} played by seat {seat}")
    if table.pending:
        assert confirm, "the table waits for a confirmation it was told not to ask"
        await client.wait_for((asks or {}).get(seat, "Enter: end"))
        client.send("\r")
        await until(lambda: not table.pending, "the turn's end confirmed")


async def play_on(table: ServerTable, clients: Mapping[int, Client], *, actions: int = MAX_ACTIONS,
                  each: Callable[[], None] | None = None, asks: Mapping[int, str] | None = None) -> None:
    """Play up to `actions` actions, or to the game's end; `each` runs after every action (the checks)."""
    for _ in range(actions):
        if table.is_over:
            return
        await play_action(table, clients, confirm=table.options.confirm, asks=asks)
        if each is not None:
            each()
