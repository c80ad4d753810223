"""The home screen's state and keys, without the screen: its pages, the cursor, and what a choice leads to.

`Home` holds everything the home screen shows: the page on show (the eight entries, the kinds of new
game, the games to continue, Your games, one game's actions, Statistics, Rules, Settings), the
cursor of each page, an overlay (help, a question before quitting or deleting) and the message
line. Its verbs are what the keys do (`commands` says which key does what); a choice that leaves the
home screen (a game to play, a log to read) is put in `outcome` for the shell to carry out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from enum import Enum
from typing import Any, Final

from famiglia.languages import LANGUAGES
from famiglia.persistence import StoreError
from famiglia.phrasebook.catalogue import N_, _, ngettext
from famiglia.phrasebook.counts import turn_count
from famiglia.phrasebook.table import level_name
from famiglia.profile.seats import HUMAN, LEVELS, computer_seat
from famiglia.profile.settings import KEYS, SettingRefused, Settings, parse_words
from famiglia.profile.statistics import Statistics

from ..items import Item, choose
from .games import GameLine
from .outcomes import Learn, NewGame, Outcome, Quit, Resume, ShowAnalysis, ShowLog, ShowReplay, Train
from .setting_words import setting_name, setting_text

__all__ = ["MAIN_ENTRIES", "Home", "Item", "Learn", "NewGame", "Outcome", "Overlay", "Page", "Quit", "Resume",
           "ShowAnalysis", "ShowLog", "ShowReplay", "Train"]


class Page(Enum):
    """The pages; each value is the page's title in English (a template: `Home.title` says it)."""

    MAIN = "Famiglia"  # the game's name, in every language
    NEW_GAME = N_("New game")
    CONTINUE = N_("Continue")
    LEARN = N_("Learn to play")
    GAMES = N_("Your games")
    GAME = N_("A saved game")
    LOG = N_("A game's log")
    STATISTICS = N_("Statistics")
    RULES = N_("Rules")
    SETTINGS = N_("Settings")


class Overlay(Enum):
    HELP = "help"
    CONFIRM_QUIT = "quit?"
    CONFIRM_DELETE = "delete?"


# The first page's entries: each is the entry's identity in English and its label, a template said where shown.
MAIN_ENTRIES: Final = (N_("New game"), N_("Continue"), N_("Learn to play"), N_("Your games"), N_("Statistics"),
                       N_("Rules"), N_("Settings"), N_("Train on your mistakes"), N_("Quit"))

class Home:
    """The home screen's state; see the module docstring. `delete(id)` removes a saved game (None: not offered).

    `write(name, value)` writes one setting to the settings file (`settings.write_value`) and may return the
    settings the file holds now (another famiglia's changes too), which the Settings page then shows; it may
    raise `SettingRefused`, whose words become the message. `statistics(you)` works out the Statistics
    page's figures for the player named `you` when it is opened; `rules` is the text of the Rules
    page; `log(id)` is a saved game's log, one line per turn (a `StoreError` if it cannot be read).
    """

    def __init__(self, games: Sequence[GameLine] = (), settings: Settings | None = None, *,
                 delete: Callable[[str], object] | None = None,
                 write: Callable[[str, Any], object] | None = None,
                 statistics: Callable[[str | None], Statistics] | None = None, rules: str = "",
                 log: Callable[[str], list[str]] | None = None) -> None:
        self.games = list(games)
        self.settings = Settings() if settings is None else settings
        self._delete = delete
        self._write = write
        self._statistics = statistics
        self.stats: Statistics | None = None  # worked out when the Statistics page opens
        self.rules = rules
        self._log = log
        self.text: list[str] = []  # the lines of the log on show
        self.pages: list[Page] = [Page.MAIN]
        self.cursor: dict[Page, int] = {}
        self.overlay: Overlay | None = None
        self.message: str | None = None
        self.outcome: Outcome | None = None
        self.chosen: str | None = None  # the id of the game on the GAME page
        self.scroll = 0  # the first line of the rules shown
        self.help_scroll = 0  # the first row of the help shown, where it is taller than the screen
        self.editing: str | None = None  # the name being typed on the Settings page
        self.named: tuple[str, ...] = ()  # the names typed before it: yours, while player 2's is typed

    # -- reading the state ---------------------------------------------------------------------------------

    @property
    def page(self) -> Page:
        return self.pages[-1]

    @property
    def unfinished(self) -> list[GameLine]:
        return [g for g in self.games if not g.finished and not g.guided]

    @property
    def guided(self) -> GameLine | None:
        """The guided game under way, if there is one."""
        return next((g for g in self.games if g.guided and not g.finished), None)

    def game(self, id: str | None) -> GameLine | None:
        return next((g for g in self.games if g.id == id), None)

    @property
    def selected(self) -> int:
        items = self.items()
        return min(self.cursor.get(self.page, 0), max(len(items) - 1, 0))

    @property
    def title(self) -> str:
        if self.page in (Page.GAME, Page.LOG):
            line = self.game(self.chosen)
            if line is not None:
                return _("Game {game}: {title}").format(game=self.chosen, title=line.title)
        return _(self.page.value) if self.page is not Page.MAIN else self.page.value

    def take_outcome(self) -> Outcome | None:
        """The choice to carry out, once: the shell takes it and comes back to a fresh home screen."""
        outcome, self.outcome = self.outcome, None
        return outcome

    def items(self) -> list[Item[Home]]:
        """The lines of the page on show that Enter can choose (none on Statistics and Rules)."""
        return _ITEMS[self.page](self)

    # -- moving ---------------------------------------------------------------------------------------------

    @property
    def scrolls(self) -> bool:
        """Whether what is on show is text that the arrows scroll (the rules, a log, the help)."""
        return self.overlay is Overlay.HELP or self.page in (Page.RULES, Page.LOG)

    def move(self, delta: int) -> None:
        """Up or down a line of the page (round at the ends); on the rules, a log or the help, scroll."""
        if self.overlay is Overlay.HELP:
            self.help_scroll = max(0, self.help_scroll + delta)  # the view keeps it within the help
            return
        if self.scrolls:
            self.scroll = max(0, self.scroll + delta)
            return
        items = self.items()
        if items:
            self.cursor[self.page] = (self.selected + delta) % len(items)

    def to_end(self, last: bool) -> None:
        if self.overlay is Overlay.HELP:
            self.help_scroll = 10**6 if last else 0
            return
        if self.scrolls:
            self.scroll = 10**6 if last else 0  # the view keeps it within the text
            return
        self.cursor[self.page] = max(0, len(self.items()) - 1) if last else 0  # a page left empty: line 0

    def number(self, n: int) -> None:
        """Number key `n`: choose line `n` of the page (from 1); on Settings, only go to it (Enter or Space changes)."""
        items = self.items()
        if not 1 <= n <= len(items):
            self.message = _("There is no line {n} here: the lines are numbered 1 to {last}.").format(
                n=n, last=len(items)) if items else _("Nothing to choose here: Esc goes back.")
            return
        self.cursor[self.page] = n - 1
        if self.page is Page.SETTINGS:  # a setting changes on purpose only, as a choice elsewhere is confirmed
            self.message = _("{setting}: Enter or Space changes it.").format(setting=items[n - 1].label)
            return
        self.enter()

    def enter(self) -> None:
        """Choose the line under the cursor."""
        if self.editing is not None:
            self._save_names()
            return
        self.message = None
        nothing = choose(self.items(), self.selected, self)
        if nothing is not None:
            self.message = nothing

    def back(self) -> None:
        """Esc: close the overlay or the typing, or go back a page; on the first page, say how to leave."""
        if self.overlay is not None:
            self.overlay = None
            return
        if self.editing is not None:
            self.editing, self.named = None, ()
            self.message = _("Names not changed.")
            return
        if len(self.pages) == 1:
            self.message = _("This is the home screen: Quit (8) leaves famiglia.")
            return
        self.pages.pop()
        self.message = None

    def open(self, page: Page) -> None:
        self.pages.append(page)
        self.cursor[page] = 0
        if page in (Page.RULES, Page.LOG):
            self.scroll = 0
        if page is Page.STATISTICS and self._statistics is not None:
            try:
                self.stats = self._statistics(self.settings.you)
            except StoreError as error:  # the folder of saved games cannot be read: say so, show nothing
                self.stats = None
                self.message = str(error)

    def toggle_help(self) -> None:
        self.overlay = None if self.overlay is Overlay.HELP else Overlay.HELP
        self.help_scroll = 0

    def interrupt(self) -> None:
        """Ctrl-C: ask before quitting (a second Ctrl-C is the yes)."""
        if self.overlay is Overlay.CONFIRM_QUIT:
            self.outcome = Quit()
            return
        self.overlay = Overlay.CONFIRM_QUIT

    def answer(self, yes: bool) -> None:
        """y or n to the question on show."""
        asked, self.overlay = self.overlay, None
        if not yes:
            self.message = None
            return
        if asked is Overlay.CONFIRM_QUIT:
            self.outcome = Quit()
        elif asked is Overlay.CONFIRM_DELETE:
            self._delete_chosen()

    # -- games ------------------------------------------------------------------------------------------------

    def ask_delete(self) -> None:
        """d on Your games (or one game's page): ask before deleting the game under the cursor."""
        if self._delete is None:
            self.message = _("Deleting games is not available in this version of famiglia.")
            return
        target = self._game_in_view()
        if target is None:
            self.message = _("No game is chosen: move to one first.")
            return
        self.chosen = target.id
        self.overlay = Overlay.CONFIRM_DELETE

    def show(self, kind: type[ShowLog] | type[ShowReplay] | type[ShowAnalysis] | type[Resume]) -> None:
        """l, r, a or Enter on a game: its log (a page of its own), its replay, its analysis, or play it on."""
        target = self._game_in_view()
        if target is None:
            self.message = _("No game is chosen: move to one first.")
            return
        if kind is ShowLog and self._log is not None:
            try:
                self.text = self._log(target.id)
            except StoreError as error:
                self.message = str(error)
                return
            self.chosen = target.id
            self.open(Page.LOG)
            return
        if kind is Resume and target.finished:
            self.message = _("Game {game} is over: r replays it, l shows its log.").format(game=target.id)
            return
        if kind is Resume and target.guided:
            self.outcome = Learn(target.id)
            return
        self.outcome = kind(target.id)

    def _game_in_view(self) -> GameLine | None:
        if self.page is Page.GAME:
            return self.game(self.chosen)
        if self.page in (Page.GAMES, Page.CONTINUE):
            shown = self.games if self.page is Page.GAMES else self.unfinished
            return shown[self.selected] if shown else None
        return None

    def _delete_chosen(self) -> None:
        target = self.game(self.chosen)
        if target is None or self._delete is None:
            return
        try:
            self._delete(target.id)
        except StoreError as error:  # the store's refusal (a game open elsewhere, say): one line, nothing lost
            self.message = _("Game {game} was not deleted: {error}").format(game=target.id, error=error)
            return
        self.games = [g for g in self.games if g.id != target.id]
        self.message = _("Game {game} ({title}) is deleted.").format(game=target.id, title=target.title)
        if self.page is Page.GAME:
            self.pages.pop()

    # -- settings ---------------------------------------------------------------------------------------------

    def change_setting(self, name: str) -> None:
        """Enter on a setting: turn a yes/no over, go to the next level, or start typing the names."""
        current = getattr(self.settings, name)
        if name == "names":  # one name at a time: a comma is a name's own ("Anna, Jr."), never a separator
            self.editing, self.named = (current[0] if current else ""), ()
            self.message = _("Type your name; Enter goes on to player 2's, Esc leaves the names as they were.")
            return
        if name == "language":  # auto, then each language the program speaks, round again
            choices: tuple[str, ...] = ("auto", *LANGUAGES)
            if self._set(name, choices[(choices.index(current) + 1) % len(choices)]):
                self.message = _("{setting} is now {value} (kept; it is spoken from the next start of famiglia, "
                                 "and --lang wins over it for one run).").format(
                    setting=setting_name(name), value=setting_text(self.settings.language))
            return
        value: Any = not current if isinstance(current, bool) else LEVELS[(LEVELS.index(current) + 1) % len(LEVELS)]
        self._set(name, value)

    def type_text(self, text: str) -> None:
        """Characters typed while the names are being typed (anything else is not typing)."""
        if self.editing is not None:
            self.editing += "".join(c for c in text if c.isprintable())[:200]

    def backspace(self) -> None:
        if self.editing:
            self.editing = self.editing[:-1]

    def _save_names(self) -> None:
        """Enter on a name typed: yours, then player 2's (none: a game for two asks), then both are kept."""
        assert self.editing is not None
        typed = self.editing.strip()
        words = [*self.named, typed] if typed else list(self.named)
        try:
            names = parse_words("names", words) if words else ()
        except SettingRefused as refusal:
            self.message = f"{refusal}"
            return
        if not self.named and names:  # your name: now player 2's, for a game for two at this keyboard
            current = self.settings.names
            self.editing, self.named = (current[1] if len(current) > 1 else ""), names
            self.message = _("Your name is {name}. Type player 2's name for a game for two (Enter alone: none), "
                             "Esc leaves the names as they were.").format(name=names[0])
            return
        if self._set("names", names if names else None):
            self.editing, self.named = None, ()

    def _set(self, name: str, value: Any) -> bool:
        if self._write is None:
            self.message = _("Settings cannot be written here.")
            return False
        try:
            written = self._write(name, value)
        except SettingRefused as refusal:
            self.message = str(refusal)
            return False
        changed: dict[str, Any] = {name: () if value is None else value}
        self.settings = replace(written if isinstance(written, Settings) else self.settings, **changed)
        self.message = _("{setting} is now {value} (kept for next time).").format(
            setting=setting_name(name), value=setting_text(getattr(self.settings, name)))
        return True


# -- the lines of each page -------------------------------------------------------------------------------------


def _main_items(home: Home) -> list[Item[Home]]:
    unfinished = len(home.unfinished)
    guided = home.guided
    saved = len(home.games)
    details = {
        "New game": _("two players at this keyboard, or against the computer"),
        "Continue": ngettext("{n} unfinished", "{n} unfinished", unfinished).format(n=unfinished) if unfinished
        else _("no unfinished game"),
        "Learn to play": _("continue the guided game") if guided
        else _("a guided first game against the easy computer"),
        "Train on your mistakes": _("positions where you lost points, played again"),
        "Your games": ngettext("{n} saved", "{n} saved", saved).format(n=saved) if saved else _("none yet"),
        "Statistics": _("how you fare against each opponent, and your rating"),
        "Rules": _("the rules in full"),
        "Settings": _("names, the computer's level, the memory aid, confirming, colour"),
        "Quit": _("leave famiglia"),
    }
    actions: dict[str, Callable[[Home], None]] = {
        "New game": lambda h: h.open(Page.NEW_GAME),
        "Continue": _open_continue,
        "Learn to play": _open_learn,
        "Train on your mistakes": _start(Train()),
        "Your games": lambda h: h.open(Page.GAMES),
        "Statistics": lambda h: h.open(Page.STATISTICS),
        "Rules": lambda h: h.open(Page.RULES),
        "Settings": lambda h: h.open(Page.SETTINGS),
        "Quit": _start(Quit()),
    }
    return [Item(_(name), details[name], actions[name]) for name in MAIN_ENTRIES]


def _open_continue(home: Home) -> None:
    if not home.unfinished:
        home.message = _("No game is waiting to be continued: New game starts one.")
        return
    home.open(Page.CONTINUE)


def _open_learn(home: Home) -> None:
    if home.guided is None:
        home.outcome = Learn()
        return
    home.open(Page.LEARN)


def _start(outcome: Outcome) -> Callable[[Home], None]:
    def choose(home: Home) -> None:
        home.outcome = outcome

    return choose


def _change(name: str) -> Callable[[Home], None]:
    return lambda home: home.change_setting(name)


def _new_game_items(home: Home) -> list[Item[Home]]:
    items = [Item(_("Two players at this keyboard"), _("pass the keyboard after each turn"),
                  _start(NewGame((HUMAN, HUMAN))))]
    for level in LEVELS:
        who = _("who starts is drawn at random (as in the settings)") if level == home.settings.level else \
            _("who starts is drawn at random")
        items.append(Item(_("Against the computer: {level}").format(level=level_name(level)), who,
                          _start(NewGame((HUMAN, computer_seat(level))))))
    return items


def _continue_items(home: Home) -> list[Item[Home]]:
    return [Item(f"{g.id}  {g.title}", _("{state}, turn {turn}, saved {when}").format(
                 state=g.state, turn=g.turns + 1, when=g.when), lambda h: h.show(Resume)) for g in home.unfinished]


def _learn_items(home: Home) -> list[Item[Home]]:
    guided = home.guided
    assert guided is not None
    return [Item(_("Continue the guided game"), _("{state}, turn {turn}").format(state=guided.state,
                                                                                   turn=guided.turns + 1),
                 _start(Learn(guided.id))),
            Item(_("Start it again"), _("a new guided game from the first deal"), _start(Learn()))]


def _games_items(home: Home) -> list[Item[Home]]:
    return [Item(f"{g.id}  {g.title}", _("{state}, {turns}, saved {when}").format(
                 state=g.state, turns=turn_count(g.turns), when=g.when), _open_game) for g in home.games]


def _open_game(home: Home) -> None:
    home.chosen = home.games[home.selected].id
    home.open(Page.GAME)


def _game_items(home: Home) -> list[Item[Home]]:
    line = home.game(home.chosen)
    if line is None:
        return []
    items: list[Item[Home]] = []
    if not line.finished:
        items.append(Item(_("Play it on"), line.state, lambda h: h.show(Resume)))
    items += [Item(_("Its log"), _("one line per turn"), lambda h: h.show(ShowLog)),
              Item(_("Replay it"), _("step through it with both hands open"), lambda h: h.show(ShowReplay)),
              Item(_("Its analysis"), _("every decision rated, skill and luck apart"),
                   lambda h: h.show(ShowAnalysis)),
              Item(_("Delete it"), _("asks first"), lambda h: h.ask_delete())]
    return items


def _settings_items(home: Home) -> list[Item[Home]]:
    return [Item(setting_name(name), setting_text(getattr(home.settings, name)), _change(name)) for name in KEYS]


def _nothing(home: Home) -> list[Item[Home]]:
    return []


_ITEMS: Final[dict[Page, Callable[[Home], list[Item[Home]]]]] = {
    Page.MAIN: _main_items,
    Page.NEW_GAME: _new_game_items,
    Page.CONTINUE: _continue_items,
    Page.LEARN: _learn_items,
    Page.GAMES: _games_items,
    Page.GAME: _game_items,
    Page.LOG: _nothing,
    Page.STATISTICS: _nothing,
    Page.RULES: _nothing,
    Page.SETTINGS: _settings_items,
}
