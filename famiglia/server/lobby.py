"""The lobby: the first screen of a connection, in the home screen's look and with its kind of keys.

`Lobby` is plain Python, as the home screen's model is: its pages (the main list; a new table's
settings; the computer's levels; the tables to watch; your unfinished tables) and the questions that
are typed (a name, a table code, a seat word) are changed by the verbs of its command table
(`COMMANDS`: keys, words, when each works), from which the bindings, the help and the key line are
made. It ends with an `Outcome` that the connection carries out (open a table, join one by its code,
watch one, leave); what needs the network or a pause (a code looked up, slowed down after wrong ones)
is done there, and the lobby comes back with a message.

`build_lobby_app` draws it with the home screen's styles and runs it on the connection's terminal.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from prompt_toolkit.application import Application
from prompt_toolkit.application.current import get_app
from prompt_toolkit.formatted_text import ANSI, StyleAndTextTuples, to_formatted_text
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import FormattedTextControl, Layout, Window
from prompt_toolkit.output import Output
from rich.console import Group, RenderableType
from rich.text import Text

from famiglia.profile.names import NameRefused, tidy_name
from famiglia.profile.seats import LEVELS, computer_seat
from famiglia.tui.shell.editing import key_pressed
from famiglia.tui.view.bridge import ansi_text
from famiglia.tui.view.screens import render_help

from .codes import LENGTH
from .tables import Options

__all__ = ["COMMANDS", "Lobby", "Outcome", "Page", "build_lobby_app", "help_lines", "key_line", "press"]


class Page(enum.Enum):
    MAIN = "Lobby"
    NEW = "New table"
    COMPUTER = "Play the computer"
    WATCH = "Watch a table"
    YOURS = "Your tables"


class Asking(enum.Enum):
    NAME = "Your name"
    CODE = "Table code"
    WORD = "Seat word"


@dataclass(frozen=True, slots=True)
class Listed:
    """A table as a list shows it: its code and one line of public facts."""

    code: str
    line: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the lobby was left for: `kind` is open, join, watch, word or leave."""

    kind: str
    code: str = ""
    text: str = ""
    options: Options | None = None


@dataclass(slots=True)
class Lobby:
    """One connection's lobby; see the module docstring."""

    name: str | None
    tables: Callable[[], Sequence[Listed]] = lambda: ()  # the tables one may watch, now
    yours: Callable[[], Sequence[Listed]] = lambda: ()  # this player's unfinished tables, now
    page: Page = Page.MAIN
    selected: int = 0
    asking: Asking | None = None
    typed: str = ""
    word_for: str = ""  # the table whose seat word is asked
    message: str | None = None
    help: bool = False
    hints: bool = True
    memory_aid: bool = False
    confirm: bool = True
    outcome: Outcome | None = None
    pages: list[Page] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.name is None:
            self.asking = Asking.NAME

    # -- what is on show -------------------------------------------------------------------------------------

    def items(self) -> list[tuple[str, str]]:
        """The numbered lines of the page: (label, detail)."""
        if self.page is Page.MAIN:
            return [("New table", "open a table and tell a friend its code"),
                    ("Join a table", "type the code a friend gave you"),
                    ("Play the computer", "a game against the computer, at a level"),
                    ("Watch a table", "the public table of a game under way: no hand is shown"),
                    ("Your tables", "your unfinished games on this server")]
        if self.page is Page.NEW:
            return [("Hints", "on, for both" if self.hints else "off, for both"),
                    ("Memory aid", "on: the cards the opponent is known to hold" if self.memory_aid else "off"),
                    ("Confirm the end of a turn", "on: Enter ends a turn" if self.confirm else "off"),
                    ("Open the table", "and show its code")]
        if self.page is Page.COMPUTER:
            return [(level, f"play the computer at {level}") for level in LEVELS]
        listed = self.tables() if self.page is Page.WATCH else self.yours()
        return [(f"table {t.code}", t.line) for t in listed]

    @property
    def title(self) -> str:
        return self.asking.value if self.asking is not None else self.page.value

    # -- the verbs -------------------------------------------------------------------------------------------

    def move(self, delta: int) -> None:
        count = len(self.items())
        if count:
            self.selected = (self.selected + delta) % count

    def number(self, n: int) -> None:
        if 1 <= n <= len(self.items()):
            self.selected = n - 1
            self.enter()
        else:
            self.message = f"There is no line {n} here."

    def go(self, page: Page) -> None:
        self.pages.append(self.page)
        self.page, self.selected, self.message = page, 0, None

    def enter(self) -> None:
        if self.asking is not None:
            self._answer()
            return
        items = self.items()
        if not items:
            self.message = "Nothing to choose here: Esc goes back."
            return
        chosen = self.selected
        if self.page is Page.MAIN:
            (self.new, self.ask_code, lambda: self.go(Page.COMPUTER), lambda: self.go(Page.WATCH),
             lambda: self.go(Page.YOURS))[chosen]()
        elif self.page is Page.NEW:
            if chosen == 0:
                self.hints = not self.hints
            elif chosen == 1:
                self.memory_aid = not self.memory_aid
            elif chosen == 2:
                self.confirm = not self.confirm
            else:
                self.outcome = Outcome("open", options=self._options())
        elif self.page is Page.COMPUTER:
            self.outcome = Outcome("open", options=self._options(computer_seat(LEVELS[chosen])))
        else:
            listed = self.tables() if self.page is Page.WATCH else self.yours()
            if chosen < len(listed):
                kind = "watch" if self.page is Page.WATCH else "join"
                self.outcome = Outcome(kind, code=listed[chosen].code)

    def _options(self, opponent: str | None = None) -> Options:
        return Options(hints=self.hints, memory_aid=self.memory_aid, confirm=self.confirm, opponent=opponent)

    def new(self) -> None:
        self.go(Page.NEW)
        self.selected = 3

    def ask_code(self) -> None:
        self.asking, self.typed, self.message = Asking.CODE, "", None

    def ask_word(self, code: str, message: str | None = None) -> None:
        self.asking, self.typed, self.word_for, self.message = Asking.WORD, "", code, message

    def type_text(self, text: str) -> None:
        limit = {Asking.NAME: 40, Asking.CODE: 12, Asking.WORD: 20}[self.asking] if self.asking else 0
        self.typed = (self.typed + "".join(ch for ch in text if ch.isprintable()))[:limit]

    def backspace(self) -> None:
        self.typed = self.typed[:-1]

    def _answer(self) -> None:
        if self.asking is Asking.NAME:
            try:
                self.name = tidy_name(self.typed)
            except NameRefused as refusal:
                self.message = f"That name cannot be used: {refusal}."
                return
            self.asking, self.typed, self.message = None, "", f"Welcome, {self.name}."
        elif self.asking is Asking.CODE:
            self.outcome = Outcome("join", code=self.typed)
            self.asking, self.typed = None, ""
        elif self.asking is Asking.WORD:
            self.outcome = Outcome("word", code=self.word_for, text=self.typed)
            self.asking, self.typed = None, ""

    def back(self) -> None:
        if self.help:
            self.help = False
        elif self.asking is Asking.NAME:
            self.message = "A name first: type one and press Enter (Ctrl-C leaves)."
        elif self.asking is not None:
            self.asking, self.typed, self.message = None, "", None
        elif self.pages:
            self.page, self.selected, self.message = self.pages.pop(), 0, None
        else:
            self.message = "This is the lobby: Ctrl-C or q leaves the server."

    def home(self, message: str | None) -> None:
        """Back from a table: the first page, saying how the table was left."""
        self.page, self.pages, self.selected, self.asking, self.message = Page.MAIN, [], 0, None, message

    def leave(self) -> None:
        self.outcome = Outcome("leave")

    def toggle_help(self) -> None:
        self.help = not self.help


_TYPING: Final = "typing"


def _not_typing(lobby: Lobby) -> str | None:
    return "Type your answer, then Enter (Esc: back)." if lobby.asking is not None else None


def _on_main(lobby: Lobby) -> str | None:
    return _not_typing(lobby) or (None if lobby.page is Page.MAIN else "That key works on the lobby's first page.")


@dataclass(frozen=True, slots=True)
class Command:
    """One key (or several) of the lobby: what the help calls it, when it works, and what it does."""

    keys: tuple[str, ...]
    words: str
    run: Callable[[Lobby, str], None]
    available: Callable[[Lobby], str | None] = lambda lobby: None
    line: str | None = None  # its words on the key line


COMMANDS: Final[tuple[Command, ...]] = (
    Command(("up",), "previous line", lambda lb, k: lb.move(-1), _not_typing, "↑↓: move"),
    Command(("down",), "next line", lambda lb, k: lb.move(1), _not_typing),
    Command(tuple("123456789"), "choose that line", lambda lb, k: lb.number(int(k)), _not_typing),
    Command(("enter",), "choose, or send what is typed", lambda lb, k: lb.enter(), line="Enter: choose"),
    Command(("n",), "a new table", lambda lb, k: lb.new(), _on_main, "n: new table"),
    Command(("j",), "join a table by its code", lambda lb, k: lb.ask_code(), _on_main, "j: join"),
    Command(("c",), "play the computer", lambda lb, k: lb.go(Page.COMPUTER), _on_main, "c: computer"),
    Command(("w",), "watch a table", lambda lb, k: lb.go(Page.WATCH), _on_main, "w: watch"),
    Command(("y",), "your unfinished tables", lambda lb, k: lb.go(Page.YOURS), _on_main, "y: yours"),
    Command(("escape",), "back", lambda lb, k: lb.back(), line="Esc: back"),
    Command(("?",), "help", lambda lb, k: lb.toggle_help(), _not_typing, "?: help"),
    Command(("q", "c-c", "c-d"), "leave the server", lambda lb, k: lb.leave(), line="q: leave"),
)


def press(lobby: Lobby, key: str) -> bool:
    """Do what `key` does now; False, with the message saying why, if nothing."""
    if lobby.asking is not None and key in ("c-c", "c-d"):
        lobby.leave()
        return True
    if lobby.asking is not None and len(key) == 1 and key.isprintable():
        lobby.type_text(key)
        return True
    if lobby.asking is not None and key == "backspace":
        lobby.backspace()
        return True
    if lobby.help and key not in ("?", "escape", "q", "c-c", "c-d"):
        lobby.help = False
        return True
    if lobby.asking is None:
        lobby.message = None
    for command in COMMANDS:
        if key in command.keys:
            why = command.available(lobby)
            if why is not None:
                lobby.message = why
                return False
            command.run(lobby, key)
            return True
    shown = repr(key) if len(key) == 1 else key
    lobby.message = f"{shown} does nothing here: ? lists the keys."
    return False


def help_lines(lobby: Lobby) -> list[tuple[str, str]]:
    names = {"up": "↑", "down": "↓", "enter": "Enter", "escape": "Esc", "c-c": "Ctrl-C", "c-d": "Ctrl-D"}
    out = []
    for command in COMMANDS:
        keys = "1–9" if command.keys == tuple("123456789") else " / ".join(names.get(k, k) for k in command.keys)
        out.append((keys, command.words))
    return out


def key_line(lobby: Lobby) -> str:
    if lobby.asking is Asking.NAME:
        return "type your name · Enter: done · Ctrl-C: leave"
    if lobby.asking is not None:
        return "type it · Enter: done · Esc: back"
    return " · ".join(c.line for c in COMMANDS if c.line is not None and c.available(lobby) is None)


# -- drawing -----------------------------------------------------------------------------------------------------


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
        for n, (label, detail) in enumerate(items):
            mine = n == lobby.selected
            line = Text("▶ " if mine else "  ", style="key")
            line.append(f"{n + 1:>2}  " if n < 9 else "    ", style="key")
            line.append(f"{label:<26}", style="name.active" if mine else "name")
            line.append(detail, style="label")
            line.no_wrap, line.overflow = True, "ellipsis"
            rows.append(line)
        if not items:
            rows.append(Text("No table here now." if lobby.page is Page.WATCH else
                             "No unfinished table of yours on this server.", style="label"))
    room = max(0, height - len(rows) - 3)
    rows = rows[: max(2, height - 3)]
    rows += [Text()] * min(room, max(0, height - len(rows) - 3))
    rows.append(Text(lobby.message or "", style="warning"))
    rows.append(Text(key_line(lobby), style="label", no_wrap=True, overflow="ellipsis"))
    return Group(*rows)


def _question(lobby: Lobby) -> list[RenderableType]:
    asks = {Asking.NAME: "Who plays? Your SSH user name cannot be a player's name here: type one (at most 20 "
                         "characters).",
            Asking.CODE: f"The table's code ({LENGTH} characters, such as K7QX):",
            Asking.WORD: f"Table {lobby.word_for}: the seat word you were given when you sat down:"}
    line = Text(f"{lobby.title}: ", style="title")
    line.append(lobby.typed if lobby.asking is not Asking.WORD else "•" * len(lobby.typed))
    line.append("▏", style="key")
    return [Text(asks[lobby.asking] if lobby.asking else "", style="label"), Text(), line]


def build_lobby_app(lobby: Lobby, *, input: Input, output: Output) -> Application[Outcome]:
    """The lobby on the connection's terminal; it ends with the lobby's outcome."""
    keys = KeyBindings()

    def finish(event: KeyPressEvent) -> None:
        if lobby.outcome is not None and event.app.is_running and not event.app.future.done():  # type: ignore[union-attr]
            outcome, lobby.outcome = lobby.outcome, None
            event.app.exit(result=outcome)

    def bind(key: str) -> None:
        @keys.add(key)
        def _(event: KeyPressEvent) -> None:
            press(lobby, key)
            finish(event)

    for command in COMMANDS:
        for key in command.keys:
            bind(key)
    bind("backspace")

    @keys.add(Keys.BracketedPaste)
    def _(event: KeyPressEvent) -> None:
        if lobby.asking is not None:
            lobby.type_text(" ".join(event.data.split()))
        else:
            lobby.message = "Pasting does nothing here: j asks for a table's code."

    @keys.add(Keys.Any)
    def _(event: KeyPressEvent) -> None:
        press(lobby, key_pressed(event))
        finish(event)

    def text() -> StyleAndTextTuples:
        size = get_app().output.get_size()
        drawn = render_lobby(lobby, max(20, size.columns), max(1, size.rows))
        return to_formatted_text(ANSI(ansi_text(drawn, width=max(1, size.columns), height=size.rows)))

    app: Application[Outcome] = Application(
        layout=Layout(Window(FormattedTextControl(text), wrap_lines=False, always_hide_cursor=True)),
        key_bindings=keys, full_screen=True, mouse_support=False, input=input, output=output,
        terminal_size_polling_interval=None)
    app.ttimeoutlen = 0.05
    return app
