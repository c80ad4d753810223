"""The lobby on a connection's terminal: drawn in the home screen's look, its keys bound by the one binder.

`render_lobby` draws the model (`famiglia.server.lobby`) as the home screen draws its pages: the
title, the numbered lines or the question being answered, the message and the key line, or the help;
`build_lobby_app` binds its command table (`famiglia.server.lobbykeys`) with
`famiglia.tui.shell.keys.bind` and ends with the lobby's outcome.
"""

from __future__ import annotations

from prompt_toolkit.application import Application
from rich.console import Group, RenderableType
from rich.text import Text

from famiglia.phrasebook.catalogue import _
from famiglia.tui.shell.keys import bind
from famiglia.tui.view.pieces import fitted_keys, hanging, word_cut
from famiglia.tui.view.screens import render_help

from .codes import LENGTH
from .lobby import Asking, Lobby, Outcome, Page
from .lobbykeys import COMMANDS, help_lines, key_line
from .terminal import Terminal, drawn_app

__all__ = ["build_lobby_app", "render_lobby"]


def render_lobby(lobby: Lobby, width: int, height: int) -> RenderableType:
    """The lobby at `width` × `height`, in the home screen's look: title, numbered lines, message, keys."""
    if lobby.help:
        return render_help(help_lines(lobby), width=width)
    title = Text("Famiglia", style="title")
    title.append(" \u203a ", style="label")
    title.append(lobby.title, style="heading")
    if lobby.name:
        title.append(f"   {lobby.name}", style="label")
    rows: list[RenderableType] = [title, Text()]
    if lobby.asking is not None:
        rows += _question(lobby)
    else:
        items = lobby.items()
        column = max([26, *(len(item.label) + 1 for item in items)])  # a translated label may be longer
        leads = []
        for n, item in enumerate(items):
            mine = n == lobby.selected
            lead = Text("▶ " if mine else "  ", style="key")
            lead.append(f"{n + 1:>2}  " if n < 9 else "    ", style="key")
            lead.append(item.label.ljust(column), style="name.active" if mine else "name")
            leads.append(lead)
        # The words beside a line go on under themselves where the screen has the rows; else each is cut after a
        # whole word, never within one.
        whole = [hanging(lead, Text(item.detail, style="label"), width)
                 for lead, item in zip(leads, items, strict=True)]
        if sum(len(line.plain.split("\n")) for line in whole) <= max(2, height - 3) - len(rows):
            rows += [row for line in whole for row in line.split("\n")]
        else:
            for lead, item in zip(leads, items, strict=True):
                line = lead + word_cut(Text(item.detail, style="label"), max(1, width - lead.cell_len))
                line.no_wrap, line.overflow = True, "ellipsis"
                rows.append(line)
        if not items:
            rows.append(Text(_("No table here now.") if lobby.page is Page.WATCH else
                             _("No unfinished table of yours on this server."), style="label"))
    room = max(0, height - len(rows) - 3)
    rows = rows[: max(2, height - 3)]
    rows += [Text()] * min(room, max(0, height - len(rows) - 3))
    rows.append(Text(lobby.message or "", style="warning"))
    rows.append(Text(fitted_keys(key_line(lobby), width), style="label", no_wrap=True, overflow="ellipsis"))
    return Group(*rows)


def _question(lobby: Lobby) -> list[RenderableType]:
    asks = {Asking.NAME: _("Who plays? Your SSH user name cannot be a player's name here: type one (at most 20 "
                           "characters)."),
            Asking.CODE: _("The table's code ({length} characters, such as K7QX):").format(length=LENGTH),
            Asking.WORD: _("Table {code}: the seat word you were given when you sat down:").format(
                code=lobby.word_for)}
    line = Text(f"{lobby.title}: ", style="title")
    line.append(lobby.typed if lobby.asking is not Asking.WORD else "•" * len(lobby.typed))
    line.append("▏", style="key")
    return [Text(asks[lobby.asking] if lobby.asking else "", style="label"), Text(), line]


def build_lobby_app(lobby: Lobby, terminal: Terminal) -> Application[Outcome]:
    """The lobby on the connection's terminal, in its colour; it ends with the lobby's outcome."""
    keys = bind(COMMANDS, lobby, ends=lobby.take_outcome)
    app: Application[Outcome] = drawn_app(lambda width, height: render_lobby(lobby, width, height), keys, terminal)
    return app
