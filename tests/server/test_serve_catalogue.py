"""A client whose language's catalogue is missing or damaged on the server is spoken to in English and told so in one
line; the server's log gets the line too, and the other clients keep their own languages."""

from __future__ import annotations

from pathlib import Path

import pytest

import famiglia.phrasebook.catalogue as catalogue
from famiglia.phrasebook.catalogue import _, catalogue_for, speaking
from famiglia.server.server import FOLDER, LOG
from tests.drivers.locales import broken_locale
from tests.drivers.ssh import Client, run, serving

pytestmark = pytest.mark.slow

WARNING = "Warning: this server cannot read its 'it' translation: English is spoken."


def test_an_italian_client_of_a_server_whose_italian_catalogue_is_damaged_plays_in_english(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with speaking(catalogue_for("de")):
        german_lobby = _("open a table and tell a friend its code")
    monkeypatch.setattr(catalogue, "_LOCALE", broken_locale(tmp_path, "it", "garbage"))

    async def main() -> None:
        async with serving(tmp_path / "data") as server:
            anna = await Client.connect(server.port, "anna", env={"LANG": "it_IT.UTF-8"}, columns=80, rows=24)
            screen = await anna.wait_for("open a table and tell a friend its code")  # the lobby, in English
            assert WARNING in screen.splitlines(), screen  # one line
            ben = await Client.connect(server.port, "ben", env={"LANG": "de_DE.UTF-8"})
            assert "warning" not in await ben.wait_for(german_lobby)
            anna.send("n")
            await anna.wait_for("Open the table")  # English goes on, page after page
            log = (tmp_path / "data" / FOLDER / LOG).read_text(encoding="utf-8")
            assert log.count("warning: the translation 'it' cannot be read") == 1, log
            assert "Traceback" not in log

    run(main())
