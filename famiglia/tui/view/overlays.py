"""The overlays that may be longer than the screen: the help and the game log, and how they scroll.

Both are parts (`HelpPage`, `GameLog`), drawn once per content and width and kept as rows; a keypress
that scrolls only picks another window of those rows, so scrolling a log of sixty turns costs no more
than an arrow key on the table. The help is the key list and the rules in short of `render_help`, followed by what a
player looks up during a game: the notation of the six actions, the refresh limits after the first
exhaustion, and this game's seed once it is over (before, it would tell the order of the draw stack).
The game log is every finished turn in public events only (R12.1), in the words of the last-turn
box (`event_lines`), newest at the bottom.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from famiglia.engine import Event
from famiglia.phrasebook.catalogue import N_, _, ngettext
from famiglia.phrasebook.rulebook import rules_text

from ..model.commands import help_rows
from ..model.session import Overlay, Screen, Session
from .bridge import Ink, Painter
from .lastturn import event_lines
from .part import Kept, Part
from .rulespage import RulesPage, rule_row, rules_rows
from .screens import Help

__all__ = ["HELP_KEYS", "NOTATION_CARD", "REFRESH_LIMITS", "GameLog", "HelpPage", "OverlayRows", "help_keys",
           "log_renderable", "rows_shown"]
# The six forms of action, one example each (docs/notation.md).
NOTATION_CARD: Final[tuple[tuple[str, str], ...]] = (
    ("refresh B3", N_("discard Street card B3, draw 3 (R5)")),
    ("accountant A2", N_("play A2: up to 2 swaps follow (R6)")),
    ("swap F1 M0", N_("F1 from play area to hand, M0 in its place (R6.2)")),
    ("brute B2 F4 -1", N_("F4 counts 1 less this turn (R7)")),
    ("take F2 pay M3 keep F1", N_("M3 to your play area, F1 stays (R8); take M0: free")),
    ("pass", N_("take nothing; two in a row end the game (R8.5)")),
)

REFRESH_LIMITS: Final = N_(
    "Refresh limits: after the first exhaustion one refresh per turn, and the discarded card goes to "
    "the bottom of the draw stack (R5.4); after the second, no refresh at all (R5.6)."
)

_LOG_KEYS: Final = N_("↑↓ PgUp PgDn Home End: scroll · g, Esc or q: back")
_RULES_KEYS: Final = N_("↑↓ PgUp PgDn Home End: scroll · Ctrl-R, Esc or q: back")
HELP_KEYS: Final = N_("↑↓ PgUp PgDn Home End: scroll · Esc, q or ?: back")


def help_keys(session: Session) -> tuple[tuple[str, str], ...]:
    """The keys as the help lists them, from the command table (`c` says whether a turn's end is asked)."""
    return help_rows(session)


@dataclass(frozen=True, slots=True)
class HelpPage(Part):
    """The help of a game: the keys and the rules in short (`Help`), then the notation of the six actions, the
    refresh limits after the first exhaustion, and the game's `seed` once it is over."""

    keys: tuple[tuple[str, str], ...]
    seed: object = None
    again: str | None = None  # the command that deals it again (`Table.again`)

    def lines(self, width: int) -> Sequence[RenderableType]:
        card = Table.grid(padding=(0, 2))
        card.add_column(style="key", no_wrap=True)
        card.add_column(ratio=1)
        for example, what in NOTATION_CARD:
            card.add_row(Text(example), Text(_(what)))
        lines: list[RenderableType] = [Text(_("Actions in notation"), style="heading"), card, Text(),
                                       Text(_(REFRESH_LIMITS))]
        if self.seed is not None and self.again is not None:
            again = _("This game: seed {seed} — {command} deals it again.").format(seed=self.seed, command=self.again)
            lines += [Text(), Text(again, style="label")]
        return [Help(self.keys), Panel(Group(*lines), border_style="title", width=min(width, 140))]


@dataclass(frozen=True, slots=True)
class GameLog(Part):
    """Every finished turn, numbered, in the words of the last-turn box; the newest last.

    `reasons` says, by turn number, why the computer passed (public facts only); `taken_back`, after how many
    turns a turn was taken back (a takeback against the computer), each said where it happened.
    """

    turns: tuple[tuple[Event, ...], ...]
    names: tuple[str, str]
    reasons: tuple[tuple[int, str], ...] = ()
    taken_back: tuple[int, ...] = ()

    def lines(self, width: int) -> Sequence[RenderableType]:
        marks = [min(n, len(self.turns)) for n in self.taken_back]
        if not self.turns and not marks:
            return [Text(_("No turn has been finished yet: the log fills as the players take or pass."), style="label")]
        reasons = dict(self.reasons)
        parts: list[RenderableType] = []
        for number, events in enumerate(self.turns, start=1):
            parts += [Text(_("↶ A turn was taken back here."), style="label")] * marks.count(number - 1)
            actors = [e.player for e in events if e.action is not None]
            who = self.names[actors[0]] if actors else ""
            parts.append(Text.assemble((_("Turn {number}").format(number=number), "heading"), (f"  {who}", "name")))
            parts.append(event_lines(events, self.names, reason=reasons.get(number)))
        return parts + [Text(_("↶ A turn was taken back here."), style="label")] * marks.count(len(self.turns))


def log_renderable(log: Sequence[tuple[Event, ...]], names: tuple[str, str], *,
                   reasons: Mapping[int, str] | None = None) -> GameLog:
    """The game log of `log` (`GameLog`)."""
    return GameLog(tuple(log), names, tuple(sorted((reasons or {}).items())))


def rows_shown(first: int, count: int, rows: int) -> str:
    """Which rows of a text that scrolls are on show: `count` rows from row `first` (from 0) of `rows`."""
    return _("rows {first}–{last} of {rows}").format(first=first + 1, last=first + count, rows=rows)


class OverlayRows:
    """The help and the game log of one session as screen rows, drawn once per content and width.

    One instance serves both the screen (which draws a window of the rows) and the keys (which need to
    know how far the content can scroll), so the log is drawn once, not once per keypress.
    """

    def __init__(self, session: Session, painter: Painter | None = None) -> None:
        self.session = session
        self.painter = painter or Painter(Ink.COLOUR)
        self._kept = Kept()

    def content(self, width: int) -> list[str]:
        session = self.session
        page: Part
        if session.overlay is Overlay.HELP:
            page = HelpPage(help_keys(session), _seed_shown(session), session.table.again())
        elif session.overlay is Overlay.RULES:
            page = RulesPage(rules_text(), session.rule_shown)
        else:
            page = GameLog(tuple(session.log), session.names, tuple(sorted(session.pass_reasons.items())),
                           tuple(session.table.takeback_turns))
        return self._kept.draw(self.painter, page, width).trimmed().lines()

    def _room(self, height: int) -> int:
        return height - (1 if self.session.overlay is Overlay.HELP else 2)  # the log has a title row

    def scroll_limit(self, width: int, height: int) -> int:
        """How many rows the content is longer than the room it has: how far it can scroll (the rules: from the
        rule they opened at)."""
        overlay = self.session.overlay
        if overlay is None or not overlay.scrolls:
            return 0
        return max(0, len(self.content(width)) - self._room(height)) - self._anchor(width, height)

    def scroll_floor(self, width: int, height: int) -> int:
        """How far back the content can scroll: the rules, to their top from the rule they opened at; else 0."""
        return -self._anchor(width, height)

    def _anchor(self, width: int, height: int) -> int:
        """The row the rules open at (the rule quoted, as far down as the rules scroll); 0 for the others."""
        if self.session.overlay is not Overlay.RULES:
            return 0
        found = rule_row(rules_rows(rules_text(), width), self.session.rule_shown)
        return min(found, max(0, len(self.content(width)) - self._room(height)))

    def window(self, width: int, height: int) -> list[str]:
        """The help or the game log as `height` rows: the window the scroll points at, and the keys below.

        The help scrolls from its top, the log from its bottom (the newest turn first in sight).
        """
        session = self.session
        rows = self.content(width)
        room = self._room(height)
        limit = max(0, len(rows) - room)
        scroll = max(0, min(session.scroll, limit))
        head: list[str] = []
        if session.overlay is Overlay.HELP:
            start = scroll
            keys = _(HELP_KEYS) if limit else ""
        elif session.overlay is Overlay.RULES:
            start = max(0, min(limit, self._anchor(width, height) + session.scroll))
            title = " " + _("The rules · {rule}").format(rule=session.rule_shown or "")
            head = self._line(Text(title, style="title"), width)
            keys = _(_RULES_KEYS)
        else:
            start = max(0, len(rows) - room - scroll)
            head = self._line(Text(_log_title(session), style="title"), width)
            keys = _(_LOG_KEYS)
        shown = rows[start:start + room]
        if limit:
            keys += " · " + rows_shown(start, len(shown), len(rows))
        footer = self._line(Text(keys, style="label"), width) if keys else []
        body = [*head, *shown]
        return [*body, *[""] * (height - len(body) - len(footer)), *footer][:height]

    def _line(self, text: Text, width: int) -> list[str]:
        return self.painter.rows(text, width).trimmed().lines()[:1]


def _seed_shown(session: Session) -> object:
    """The game's seed once the game is over; None before: it deals the same draw stack again (R12.2)."""
    game = session.game
    return game.seed if game is not None and game.is_over else None


def _log_title(session: Session) -> str:
    turns = len(session.log)
    title = " " + ngettext("Game log · {n} turn", "Game log · {n} turns", turns).format(n=turns)
    seed = _seed_shown(session)
    if seed is not None:
        title += " · " + _("seed {seed}").format(seed=seed)
    if session.screen is Screen.TABLE and session.ending is not None:
        title += " · " + _("your turn waits for Enter")
    return title
