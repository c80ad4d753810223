"""The line a friend types to come to a table names its placeholder in the reader's language: NOME in Italian (as
`famiglia serve --help` writes 'ssh -p PORTA NOME@INDIRIZZO'), NAME in English and German."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from famiglia.phrasebook.catalogue import _, catalogue_for, speaking
from famiglia.server.server import Server, Settings
from tests.drivers.ssh import Client, run, serving

PLACEHOLDER = {"en": "NAME", "it": "NOME", "de": "NAME"}


@pytest.mark.parametrize("language", ["en", "it", "de"])
def test_serve_prints_the_join_line_in_the_language_of_the_run(language: str) -> None:
    server = Server(Settings(host="127.0.0.1", port=2222))
    with speaking(catalogue_for(language)):
        lines = server.lines()
        invite = server.invite
    assert f"ssh -p 2222 {PLACEHOLDER[language]}@127.0.0.1" in lines[1]
    assert invite.format(code="K7QX") == f"ssh -p 2222 {PLACEHOLDER[language]}+K7QX@127.0.0.1"


@pytest.mark.slow
def test_the_waiting_screen_of_an_italian_player_says_nome(tmp_path: Path) -> None:
    with speaking(catalogue_for("it")):
        lobby, waiting, opening = _("Lobby"), _("Waiting for a second player…"), _("Open the table")

    async def main() -> None:
        async with serving(tmp_path) as server:
            anna = await Client.connect(server.port, "anna", env={"LANG": "it_IT.UTF-8"})
            await anna.wait_for(lobby)
            anna.send("n")
            await anna.wait_for(opening)
            anna.send("\r")
            screen = await anna.wait_for(waiting)
            assert re.search(rf"ssh -p {server.port} NOME\+[A-Z2-9]{{4}}@127\.0\.0\.1", screen), screen
            assert "NAME" not in screen

    run(main())
