"""A message to the table being typed: after `'` the keys go into it until Enter sends it or Esc drops it.

A player's screen and a watcher's both take table messages the same way; `Saying` holds the text
typed so far and makes the key bindings that type it, over whatever else the screen binds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys

from famiglia.phrasebook.catalogue import _

from .tables import MESSAGE_LENGTH

__all__ = ["SAY_KEY", "Saying"]

SAY_KEY: Final = "'"


class Saying:
    """A table message being typed; None while none is."""

    def __init__(self) -> None:
        self.text: str | None = None

    @property
    def active(self) -> bool:
        return self.text is not None

    def prompt(self) -> str:
        return _("Message to the table: {text}▏  (Enter: send · Esc: cancel)").format(text=(self.text or "")[-60:])

    def bindings(self, send: Callable[[str], None], shown: Callable[[str | None], None]) -> KeyBindings:
        """The keys of a message: `send(text)` on Enter; `shown(prompt)` whenever it changes (None: it is dropped)."""
        keys = KeyBindings()
        on = Condition(lambda: self.active)

        @keys.add(SAY_KEY, filter=~on, eager=True)
        def _(event: KeyPressEvent) -> None:
            self.text = ""
            shown(self.prompt())

        @keys.add(Keys.Any, filter=on, eager=True)
        def _(event: KeyPressEvent) -> None:
            data = "".join(ch for ch in event.data if ch.isprintable())
            if self.text is not None and len(self.text) < MESSAGE_LENGTH:
                self.text = (self.text + data)[:MESSAGE_LENGTH]
            shown(self.prompt())

        @keys.add(Keys.BracketedPaste, filter=on, eager=True)
        def _(event: KeyPressEvent) -> None:
            data = " ".join(event.data.split())
            if self.text is not None:
                self.text = (self.text + data)[:MESSAGE_LENGTH]
            shown(self.prompt())

        @keys.add("backspace", filter=on, eager=True)
        def _(event: KeyPressEvent) -> None:
            self.text = (self.text or "")[:-1]
            shown(self.prompt())

        @keys.add("escape", filter=on, eager=True)
        @keys.add("c-c", filter=on, eager=True)
        def _(event: KeyPressEvent) -> None:
            self.text = None
            shown(None)

        @keys.add("enter", filter=on, eager=True)
        def _(event: KeyPressEvent) -> None:
            text, self.text = self.text or "", None
            send(text)

        return keys
