"""The lobby's model: the first screen of a connection, plain Python as the home screen's model is.

`Lobby` holds its pages (the main list; a new table's settings; the computer's levels; the tables to
watch; your unfinished tables) and the questions that are typed (a name, a table code, a seat word);
its verbs are what the keys of its command table (`famiglia.server.lobbykeys`) do. It ends with an
`Outcome` that the connection carries out (open a table, join one by its code, watch one, leave);
what needs the network or a pause (a code looked up, slowed down after wrong ones) is done there
(`famiglia.server.visit`), and the lobby comes back with a message. `famiglia.server.lobbyscreen`
draws it and runs it on the connection's terminal.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from famiglia.phrasebook.catalogue import N_, _, filled, ngettext
from famiglia.phrasebook.table import level_name
from famiglia.profile.names import NameRefused, tidy_name
from famiglia.profile.seats import LEVELS, computer_seat
from famiglia.tui.model.items import Item, choose

from .tables import Options

if TYPE_CHECKING:
    from .tables import ServerTable

__all__ = ["Asking", "Listed", "Lobby", "Outcome", "Page"]


class Page(enum.Enum):
    """The pages; each value is the page's title in English (a template: `Lobby.title` says it)."""

    MAIN = N_("Lobby")
    NEW = N_("New table")
    COMPUTER = N_("Play the computer")
    WATCH = N_("Watch a table")
    YOURS = N_("Your tables")


class Asking(enum.Enum):
    """A question whose answer is typed: its title, and the most characters the answer takes."""

    NAME = (N_("Your name"), 40)
    CODE = (N_("Table code"), 12)
    WORD = (N_("Seat word"), 20)

    def __init__(self, title: str, longest: int) -> None:
        self.title = title
        self.longest = longest


@dataclass(frozen=True, slots=True)
class Listed:
    """A table as a list shows it: its code and one line of public facts."""

    code: str
    line: str

    @classmethod
    def of(cls, table: ServerTable) -> Listed:
        """`table` as the lists show it: only what anyone at the server may know of it (`describe`)."""
        return cls(table.code, describe(table))


def describe(table: ServerTable) -> str:
    """`table`'s line in the lobby's lists: who sits, and how the game stands (public facts only)."""
    names = _names(table.names)
    game = table.game
    if game is None:
        return _("{names}, waiting for a second player").format(names=names)
    result = game.result()
    if result is not None:
        return _("{names}, over ({first}-{second})").format(names=names, first=result.scores[0],
                                                             second=result.scores[1])
    mover = game.names[game.to_move]
    return filled(_("{names}, {mover} to move"), names=names, mover=mover)


def _names(names: tuple[str, ...]) -> str:
    """Who sits at a table, as its line in the lobby's lists says it."""
    if len(names) < 2:
        return names[0] if names else _("nobody")
    return _("{first} and {second}").format(first=names[0], second=names[1])


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

    def items(self) -> list[Item[Lobby]]:
        """The numbered lines of the page, each with what choosing it does."""
        if self.page is Page.MAIN:
            return [Item(_("New table"), _("open a table and tell a friend its code"), Lobby.new),
                    Item(_("Join a table"), _("type the code a friend gave you"), Lobby.ask_code),
                    Item(_("Play the computer"), _("a game against the computer, at a level"), _going(Page.COMPUTER)),
                    Item(_("Watch a table"), _("the public table of a game under way: no hand is shown"),
                         _going(Page.WATCH)),
                    Item(_("Your tables"), _("your unfinished games on this server"), _going(Page.YOURS))]
        if self.page is Page.NEW:
            return [Item(_("Hints"), _("on, for both") if self.hints else _("off, for both"), Lobby.toggle_hints),
                    Item(_("Memory aid"),
                         _("on: the cards the opponent is known to hold") if self.memory_aid else _("off"),
                         Lobby.toggle_memory_aid),
                    Item(_("Confirm the end of a turn"), _("on: Enter ends a turn") if self.confirm else _("off"),
                         Lobby.toggle_confirm),
                    Item(_("Open the table"), _("and show its code"), _opening(None))]
        if self.page is Page.COMPUTER:
            return [Item(level_name(level), _("play the computer at {level}").format(level=level_name(level)),
                         _opening(computer_seat(level))) for level in LEVELS]
        kind = "watch" if self.page is Page.WATCH else "join"
        listed = self.tables() if self.page is Page.WATCH else self.yours()
        return [Item(_("table {code}").format(code=t.code), t.line, _coming(kind, t.code)) for t in listed]

    @property
    def title(self) -> str:
        return _(self.asking.title if self.asking is not None else self.page.value)

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
            self.message = _("There is no line {n} here.").format(n=n)

    def go(self, page: Page) -> None:
        self.pages.append(self.page)
        self.page, self.selected, self.message = page, 0, None

    def enter(self) -> None:
        if self.asking is not None:
            self._answer()
            return
        nothing = choose(self.items(), self.selected, self)
        if nothing is not None:
            self.message = nothing

    def toggle_hints(self) -> None:
        self.hints = not self.hints

    def toggle_memory_aid(self) -> None:
        self.memory_aid = not self.memory_aid

    def toggle_confirm(self) -> None:
        self.confirm = not self.confirm

    def open(self, opponent: str | None) -> None:
        """Leave the lobby to open a table with the settings chosen, against `opponent` (None: for a friend)."""
        self.outcome = Outcome("open", options=self._options(opponent))

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
        """Type `text` into the answer, as far as the question takes it; the message says when it is full."""
        limit = self.asking.longest if self.asking else 0
        typed = "".join(ch for ch in text if ch.isprintable())  # a paste is cut before it comes here (`pasting`)
        if len(self.typed) + len(typed) > limit:
            self.message = ngettext("The line is full: it takes at most {n} character.",
                                    "The line is full: it takes at most {n} characters.", limit).format(n=limit)
        self.typed = (self.typed + typed)[:limit]

    def backspace(self) -> None:
        self.typed = self.typed[:-1]

    def _answer(self) -> None:
        if self.asking is Asking.NAME:
            try:
                self.name = tidy_name(self.typed)
            except NameRefused as refusal:
                self.message = _("That name cannot be used: {reason}.").format(reason=refusal)
                return
            self.asking, self.typed, self.message = None, "", _("Welcome, {name}.").format(name=self.name)
        elif self.asking is Asking.CODE:
            self.outcome = Outcome("join", code=self.typed)
            self.asking, self.typed = None, ""
        elif self.asking is Asking.WORD:
            self.outcome = Outcome("word", code=self.word_for, text=self.typed)
            self.asking, self.typed = None, ""

    def back(self) -> None:
        if self.help:
            self.help, self.message = False, None
        elif self.asking is Asking.NAME:
            self.message = _("A name first: type one and press Enter (Ctrl-C leaves).")
        elif self.asking is not None:
            self.asking, self.typed, self.message = None, "", None
        elif self.pages:
            self.page, self.selected, self.message = self.pages.pop(), 0, None
        else:
            self.message = _("This is the lobby: Ctrl-C or q leaves the server.")

    def home(self, message: str | None) -> None:
        """Back from a table: the first page, saying how the table was left."""
        self.page, self.pages, self.selected, self.asking, self.message = Page.MAIN, [], 0, None, message

    def leave(self) -> None:
        self.outcome = Outcome("leave")

    def take_outcome(self) -> Outcome | None:
        """What the lobby was left for, once: the connection carries it out and comes back to the lobby."""
        outcome, self.outcome = self.outcome, None
        return outcome

    def toggle_help(self) -> None:
        self.help, self.message = not self.help, None

    def close_help(self) -> None:
        """Any key but the help's own closes it, and does nothing else (the message stays)."""
        self.help = False


def _going(page: Page) -> Callable[[Lobby], None]:
    return lambda lobby: lobby.go(page)


def _opening(opponent: str | None) -> Callable[[Lobby], None]:
    return lambda lobby: lobby.open(opponent)


def _coming(kind: str, code: str) -> Callable[[Lobby], None]:
    """Leave the lobby to watch (`kind` watch) or join the table `code`."""

    def come(lobby: Lobby) -> None:
        lobby.outcome = Outcome(kind, code=code)

    return come
