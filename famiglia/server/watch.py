"""A watcher's screen at a table: the public table alone, drawn from the public view, never a hand (R12.1).

It shows both hands as counts, the Street, the play areas and the last turn, redrawn whenever the
table tells it something; its only keys are q (leave) and `'` (a message to the table).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from prompt_toolkit.application import Application
from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent, merge_key_bindings
from prompt_toolkit.keys import Keys
from rich.console import Group, RenderableType
from rich.text import Text

from famiglia.engine import Action
from famiglia.phrasebook.catalogue import Later, _, speaking
from famiglia.tui.view.lastturn import turn_line
from famiglia.tui.view.pieces import capitalized
from famiglia.tui.view.players import PlayerRow
from famiglia.tui.view.status import status_text, turn_lines, warning_lines
from famiglia.tui.view.street import street

from .saying import Saying
from .terminal import Terminal, drawn_app, leave

if TYPE_CHECKING:
    from .tables import ServerTable

__all__ = ["WatchScreen"]


class WatchScreen:
    """A watcher's screen (a `famiglia.server.screen.SeatScreen` without a seat); see the module docstring."""

    seat: int | None = None

    def __init__(self, table: ServerTable, terminal: Terminal) -> None:
        self.table = table
        self.terminal = terminal
        self.name = terminal.name
        self.message: str | None = None
        self._closing: str | None = None
        self._app: Application[None] | None = None
        self._saying = Saying()

    def played(self, seat: int, action: Action) -> None:
        self._redraw()

    def took_back(self, seat: int, action: Action) -> None:
        self._redraw()

    def changed(self) -> None:
        self._redraw()

    def notice(self, text: str | Later) -> None:
        with speaking(self.terminal.catalogue):  # told from another connection: said in this watcher's language
            # As the players' message line shows it: a sentence with a capital, a message to the table as written.
            self.message = capitalized(str(text), names=self.table.names) if isinstance(text, Later) else text
        self._redraw()

    def close(self, text: str | Later) -> None:
        with speaking(self.terminal.catalogue):
            self._closing = str(text)
        leave(self._app)

    def say(self, text: str) -> None:
        refusal = self.table.say(self, text)
        if refusal is not None:
            self.notice(refusal)

    def render(self, width: int, height: int) -> RenderableType:
        """The public table at `width`: drawn from `game.view(None)` alone."""
        table = self.table
        rows: list[RenderableType] = []
        title = Text("Famiglia", style="title")
        title.append(" \u203a " + _("watching table {code}").format(code=table.code), style="heading")
        rows.append(title)
        game = table.game
        if game is None:
            rows.append(Text(_waiting(table.names), style="label"))
        else:
            view = game.view(None)
            rows += turn_lines(view, width, spectator=True)
            rows.append(status_text(view))
            rows += warning_lines(view)
            rows.append(street(view))
            rows += [PlayerRow.of(view, p, spectator=True) for p in (0, 1)]
            if view.last_turn:
                rows.append(turn_line(view.last_turn, view.names, width=width))
        rows.append(Text(self._saying.prompt() if self._saying.active else (self.message or ""), style="warning"))
        rows.append(Text(_("' message to the table · q: leave"), style="label"))
        return Group(*rows)

    async def run(self) -> str | None:
        keys = KeyBindings()

        @keys.add("q", filter=Condition(lambda: not self._saying.active))
        @keys.add("c-c", filter=Condition(lambda: not self._saying.active))
        @keys.add("c-d")
        def _leave(event: KeyPressEvent) -> None:
            event.app.exit()

        @keys.add(Keys.Any, filter=Condition(lambda: not self._saying.active))
        def _other(event: KeyPressEvent) -> None:
            self.message = _("Watchers only watch: q leaves, ' sends a message to the table.")

        def shown(prompt: str | None) -> None:
            self._redraw()

        every_key = merge_key_bindings([keys, self._saying.bindings(self.say, shown)])
        app: Application[None] = drawn_app(self.render, every_key, self.terminal)
        self._app = app
        try:
            if self._closing is None:
                await app.run_async(handle_sigint=False, set_exception_handler=False)
        finally:
            self._app = None
        return self._closing

    def _redraw(self) -> None:
        if self._app is not None:
            self._app.invalidate()


def _waiting(names: tuple[str, ...]) -> str:
    """The line of a table whose game has not begun: who is at it."""
    if not names:
        return _("Nobody — the game begins when two sit down.")
    if len(names) == 1:
        return _("{name} — the game begins when two sit down.").format(name=names[0])
    return _("{first} and {second} — the game begins when two sit down.").format(first=names[0], second=names[1])
