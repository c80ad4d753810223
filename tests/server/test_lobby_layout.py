"""The server's lobby reads whole at 80x24 and 100x30 in English, Italian and German (issue 43, "Cut at 80
columns"): the words beside a line went on past the edge and ended in "…" mid-word ("no hand i…"); now they
go on under themselves."""

from __future__ import annotations

import pytest

from famiglia.phrasebook.catalogue import catalogue_for, speaking
from famiglia.server.lobby import Listed, Lobby
from famiglia.server.lobbykeys import press
from famiglia.server.lobbyscreen import render_lobby
from famiglia.tui.view.bridge import render_lines


@pytest.mark.parametrize("language", ["en", "it", "de"])
@pytest.mark.parametrize(("columns", "rows"), [(80, 24), (100, 30)])
def test_no_line_of_the_lobby_is_cut(columns: int, rows: int, language: str) -> None:
    tables = [Listed("K7QX", "Giovanni Bartolomeo and Computer (hard), turn 12"), Listed("ZZ9A", "Anna and Ben")]
    with speaking(catalogue_for(language)):
        for keys in [(), ("w",), ("y",), ("c",)]:
            lobby = Lobby("Anna", tables=lambda: tables)
            for key in keys:
                press(lobby, key)
            screen = [line.rstrip() for line in render_lines(render_lobby(lobby, columns, rows), width=columns)]
            assert not [line for line in screen if "…" in line], f"{keys}:\n" + "\n".join(screen)
            assert len(screen) <= rows and all(len(line) <= columns for line in screen)
