"""One connection's terminal, and the one place that decides how it is drawn.

A player's colour, size, keys and language belong to their connection, never to the process (one server
draws for many players at once): `colour_depth` reads what the client said of its terminal (its type, and
`NO_COLOR` or `COLORTERM` in the environment it sent), the connection's output is made with that
depth and the channel's size, and `Terminal.colour` is the one answer every screen of the connection
draws by; `Terminal.catalogue` is the language the connection is spoken to in (`language_of`: the one its
client's environment names, else the server's; English, with a warning, where that one cannot be read).
`drawn_app` is the full-screen application the server's own screens (the lobby, the wait for a friend, a
watcher's table) are: a renderable drawn at the terminal's size, in its colours, its rows written straight
to the channel.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindingsBase
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.output import ColorDepth, Output
from rich.console import RenderableType

from famiglia.phrasebook.catalogue import ENGLISH, CatalogueError, catalogue_or_english
from famiglia.phrasebook.choosing import VARIABLES, from_environment
from famiglia.tui.shell.layout import RowsControl, screen_size
from famiglia.tui.shell.rowrenderer import ink_for, install_row_renderer, whole_screen
from famiglia.tui.view.bridge import Painter

__all__ = ["Terminal", "colour_depth", "drawn_app", "language_of", "leave"]


def colour_depth(term: str, environment: Mapping[str, str]) -> ColorDepth:
    """The colour depth a client's terminal is drawn in: none for `NO_COLOR` (no-color.org) or a terminal that has
    no colours, 256 or more where its type or `COLORTERM` says so, else the 16 every colour terminal has."""
    if environment.get("NO_COLOR") or term in ("dumb", "vt100"):
        return ColorDepth.DEPTH_1_BIT
    if "256color" in term or environment.get("COLORTERM") in ("truecolor", "24bit"):
        return ColorDepth.DEPTH_8_BIT
    return ColorDepth.DEPTH_4_BIT


def language_of(environment: Mapping[str, str],
                server: gettext.NullTranslations) -> tuple[gettext.NullTranslations, CatalogueError | None]:
    """The catalogue a connection is spoken to in: the language its client's environment names, as every famiglia
    command reads its own (OpenSSH sends `LANG` and `LC_*` where its configuration says `SendEnv`, as Debian's
    does); the `server`'s own where the client sent none of those variables. Where the catalogue named is
    missing or damaged: English, and why (the connection's screen and the server's log say so)."""
    if not any(environment.get(variable) for variable in VARIABLES):
        return server, None
    return catalogue_or_english(from_environment(environment))


@dataclass(frozen=True, slots=True)
class Terminal:
    """One connection's terminal: what its applications read and write, and who is at it."""

    input: Input
    output: Output  # knows the channel's size (window-change events) and its `colour_depth`
    name: str
    address: str
    key: str | None = None  # the fingerprint of the SSH key the client proved it holds
    catalogue: gettext.NullTranslations = ENGLISH  # the language the connection is spoken to in (`language_of`)

    @property
    def colour(self) -> bool:
        """Whether this connection's screens are drawn in colour: not for NO_COLOR or a terminal without any."""
        return self.output.get_default_color_depth() is not ColorDepth.DEPTH_1_BIT


def drawn_app(draw: Callable[[int, int], RenderableType], keys: KeyBindingsBase,
              terminal: Terminal) -> Application[Any]:
    """A full-screen application on `terminal` showing `draw(width, height)`, drawn again at each redraw so that a
    window change draws it at the new size; `keys` are all it takes. Its rows go straight to the channel
    (`RowRenderer`), in the colours the client's terminal has."""
    painter = Painter(ink_for(terminal.colour, terminal.output))

    def rows(columns: int, height: int) -> tuple[str, ...]:
        drawn = draw(max(20, columns), max(1, height))
        return painter.rows(drawn, max(1, columns)).text[:height]

    app: Application[Any] = Application(
        layout=Layout(Window(RowsControl(lambda: rows(*screen_size())), wrap_lines=False, always_hide_cursor=True)),
        key_bindings=keys, full_screen=True, mouse_support=False, input=terminal.input, output=terminal.output,
        terminal_size_polling_interval=None)  # the channel's window-change events redraw it
    app.ttimeoutlen = 0.05
    app.max_render_postpone_time = None
    install_row_renderer(app, whole_screen(rows))
    return app


def leave(app: Application[Any] | None, **result: Any) -> bool:
    """End `app` with `result` if it is running and has not ended yet; whether it did. A screen of a connection
    is left from outside it (the table closing it, a friend sitting down, the server stopping), where it may
    be starting, running, or already gone."""
    if app is None or not app.is_running or app.future is None or app.future.done():
        return False
    app.exit(**result)
    return True
