"""famiglia serve speaks each connection's own language: the one its client's environment names (OpenSSH
sends `LANG` and `LC_*` where `SendEnv` says so), else the server's.

Anna's client says Italian, Ben's German, at one table: each reads the lobby, the table and the news of
the other in their own language, whoever's action made it, and each is told the server's stop in it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from famiglia.phrasebook.catalogue import _, catalogue_for, speaking
from famiglia.server.tables import ServerTable
from tests.drivers.ssh import Client, run, serving

from .play import play_on

pytestmark = pytest.mark.slow

ITALIAN = {"LANG": "it_IT.UTF-8"}
GERMAN = {"LANG": "de_DE.UTF-8", "LC_ALL": ""}  # an empty variable is no choice (gettext skips it)


def said(language: str, template: str, **fields: object) -> str:
    with speaking(catalogue_for(language)):
        text = _(template).format(**fields)
    if language != "en":
        assert text != template.format(**fields), template  # the test reads the language, not the English
    return text


async def _table_in(server, anna: Client) -> ServerTable:
    await anna.wait_for(said("it", "Lobby"))
    anna.send("n")
    await anna.wait_for(said("it", "Open the table"))
    anna.send("\r")
    screen = await anna.wait_for(said("it", "Waiting for a second player…"))
    code = re.search(r"([A-Z2-9]{4})\n", screen[screen.index("\n\n"):]).group(1)
    return server.tables.tables[code]


def test_each_player_reads_their_own_language_at_one_table(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            anna = await Client.connect(server.port, "anna", env=ITALIAN)
            table = await _table_in(server, anna)
            ben = await Client.connect(server.port, f"ben+{table.code}", env=GERMAN)
            await ben.wait_for(said("de", "Your hand"))
            await anna.wait_for(said("it", "Your hand"))
            assert said("de", "Your hand") not in anna.text() and said("it", "Your hand") not in ben.text()
            asks = {0: said("it", "Enter: end your turn"), 1: said("de", "Enter: end your turn")}
            await play_on(table, {0: anna, 1: ben}, actions=6, asks=asks)  # each redraw asked by the other's keys
            assert said("it", "Your hand") in await anna.wait_for(said("it", "Your hand"))
            assert said("de", "Your hand") in await ben.wait_for(said("de", "Your hand"))
            watcher = await Client.connect(server.port, f"cleo+{table.code}")  # no variable sent: the server's
            await watcher.wait_for(f"watching table {table.code}")
            name = table.game.names[1]  # as its player wrote it, at the start of a sentence too
            ben.close()  # the news is made in Ben's connection, and read in Anna's and Cleo's languages
            await anna.wait_for(said("it", "{name} lost the connection — the game is saved; waiting.", name=name))
            lost = f"{name} lost the connection — the game is saved; waiting.".lower()
            await watcher.wait_for(lambda screen: lost in screen.lower())  # the watcher's line, as the name is
            code = table.code
            await server.stop()
            assert said("it", "famiglia: the server is stopping; your game is saved as table {code}.",
                        code=code) in await anna.wait_closed()
            assert f"famiglia: the server is stopping; table {code}, which you watched, is saved." \
                in await watcher.wait_closed()

    run(main())


def test_a_client_that_names_no_language_reads_the_servers(tmp_path: Path) -> None:
    async def main() -> None:
        with speaking(catalogue_for("de")):  # the server's run speaks German (famiglia --lang de serve)
            async with serving(tmp_path) as server:
                plain = await Client.connect(server.port, "anna")
                english = await Client.connect(server.port, "ben", env={"LANG": "C.UTF-8"})
                italian = await Client.connect(server.port, "cleo", env={"LANGUAGE": "it:de", "LANG": "de_DE"})
                await plain.wait_for(said("de", "New table"))
                await english.wait_for("New table")
                await italian.wait_for(said("it", "New table"))

    run(main())
