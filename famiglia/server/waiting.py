"""The opener's screen until a friend sits down: the table's code, and the line the friend types to join.

It is a screen of its own application, not the game's: there is no game yet. q (or Ctrl-C, Ctrl-D,
Esc) goes back to the lobby and the table stays open; the player's screen ends it when the friend
sits down (`PlayerScreen.changed`), and the game's screen follows.
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.application import Application
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from rich.console import RenderableType
from rich.text import Text

from famiglia.phrasebook.catalogue import _

from .terminal import Terminal, drawn_app

__all__ = ["waiting_app"]


def waiting_app(code: str, invite: str, word: Callable[[], str | None], terminal: Terminal) -> Application[None]:
    """The wait at table `code`: `invite` is the command a friend types (`{code}` stands for the code), `word()` the
    line that gives the opener their seat word, while it is to be shown."""

    def body(width: int, height: int) -> RenderableType:
        text = Text("Famiglia", style="title")
        table = _("table {code}").format(code=code)
        text.append(f" \u203a {table}", style="heading")
        text.append(f"\n\n{table}\n\n", style="title")
        text.append(_("Tell your friend to type:") + "\n  ", style="label")
        text.append(invite.format(code=code) or code, style="name")
        text.append("\n\n" + _("Waiting for a second player…") + "\n", style="notice")
        said = word()
        if said is not None:
            text.append("\n" + said + "\n", style="warning")
        text.append("\n" + _("q: back to the lobby (the table stays open)"), style="label")
        return text

    keys = KeyBindings()

    @keys.add("q")
    @keys.add("c-c")
    @keys.add("c-d")
    @keys.add("escape")
    def _leave(event: KeyPressEvent) -> None:
        event.app.exit()

    @keys.add(Keys.Any)
    def _nothing(event: KeyPressEvent) -> None:
        return None

    return drawn_app(body, keys, terminal)
