"""The home screen drawn: the page on show as rows that fit the terminal, in the game's own look.

`render_home(home, width, height)` turns the home screen's model (`famiglia.tui.model.home.menu`)
into one renderable of at most `height` rows: a title line, the page (its numbered lines with the
cursor, the Statistics with the rating chart, the Rules or a game's log scrolled, the Settings), the
message line and the key line made from the command table. The help and the questions (quit?
delete?) are drawn over it. Styles are the theme's names only.
"""

from __future__ import annotations

from collections.abc import Sequence
from io import StringIO
from typing import Final

from rich import box
from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from famiglia.phrasebook.catalogue import N_, _, ngettext
from famiglia.phrasebook.counts import game_count, percent
from famiglia.phrasebook.keynames import yes_key
from famiglia.phrasebook.table import level_name
from famiglia.profile.chart import rating_chart
from famiglia.profile.settings import KEYS, settings_path
from famiglia.profile.statistics import INITIAL_RATING, LEVEL_RATINGS, Statistics, streak_words

from ..model.home.commands import help_lines, key_line
from ..model.home.menu import Home, Item, Overlay, Page
from .bridge import Painter, Rows
from .overlays import HELP_KEYS, rows_shown
from .part import AsDrawn
from .pieces import fitted_keys, hanging, line_count, word_cut
from .rulespage import rules_rows
from .screens import render_help

__all__ = ["page_rows", "render_home", "rules_rows"]

_MEASURE: Final = Console(file=StringIO(), width=200)  # wraps a line's words as they are drawn
_DETAIL_CELLS: Final = 16  # the fewest cells the words of a line under the cursor are wrapped into, beside its label
_CHROME: Final = 3  # the title line and a blank under it; the key line
_MESSAGE_ROWS: Final = 3  # a long message (a settings file's whole path and fault) wraps, up to this many rows


def render_home(home: Home, width: int, height: int) -> RenderableType:
    """The whole home screen at `width` × `height`: never more rows than `height`, each counted as drawn."""
    if home.overlay is Overlay.HELP:
        return _help(home, width, height)
    message = _message(home, width)
    room = max(1, height - _CHROME - line_count(message, width))
    rows: list[RenderableType] = [_title(home), Text()]
    body = _within(page_rows(home, width, room), width, room)
    rows += body
    rows += [Text()] * max(0, room - _drawn(body, width))
    if home.overlay in (Overlay.CONFIRM_QUIT, Overlay.CONFIRM_DELETE):
        question = _question(home)
        asked = min(line_count(question, width), room)  # the question covers as many rows as it takes
        kept = _within(rows, width, 2 + room - asked)
        rows = [*kept, *[Text()] * max(0, 2 + room - asked - _drawn(kept, width)), question]
    rows.append(message)
    rows.append(Text(fitted_keys(key_line(home), width), style="label", no_wrap=True, overflow="ellipsis"))
    return Group(*rows)


def _drawn(rows: Sequence[RenderableType], width: int) -> int:
    """The rows `rows` take on the screen at `width`."""
    return sum(line_count(row, width) for row in rows)


def _within(rows: Sequence[RenderableType], width: int, room: int) -> list[RenderableType]:
    """The first of `rows` that take at most `room` rows of the screen together, as drawn at `width`."""
    kept: list[RenderableType] = []
    used = 0
    for row in rows:
        used += line_count(row, width)
        if used > room:
            break
        kept.append(row)
    return kept


def _help(home: Home, width: int, height: int) -> RenderableType:
    """The help, whole where it fits; else a window of it that ↑↓ scroll, with a line under it that says so
    (as the table's help does)."""
    drawn = Painter().rows(render_help(help_lines(home), width=width), width)
    if len(drawn) <= height:
        return AsDrawn(drawn)
    room = max(1, height - 1)
    top = max(0, min(home.help_scroll, len(drawn) - room))
    home.help_scroll = top  # kept within the help, so ↑ answers at once
    shown = Rows(drawn.segments[top:top + room], drawn.text[top:top + room])
    footer = _(HELP_KEYS) + " · " + rows_shown(top, len(shown), len(drawn))
    return Group(AsDrawn(shown), Text(footer, style="label", no_wrap=True, overflow="ellipsis"))


def _title(home: Home) -> Text:
    text = Text("Famiglia", style="title", no_wrap=True, overflow="ellipsis")  # one row: `_CHROME` counts it so
    if home.page is not Page.MAIN:
        text.append(" \u203a ", style="label")  # the step bar's separator
        text.append(home.title, style="heading")
    return text


def _message(home: Home, width: int) -> Text:
    if home.message is None:
        return Text()
    text = home.message
    budget = max(1, width * _MESSAGE_ROWS - 1)
    if len(text) > budget:
        text = text[: budget - 1] + "…"
    while line_count(Text(text), width) > _MESSAGE_ROWS and len(text) > width:
        text = text[: len(text) - max(1, width // 4) - 1] + "…"  # a wrapped line leaves cells empty at its end
    return Text(text, style="warning")


def _question(home: Home) -> RenderableType:
    body = Text()
    if home.overlay is Overlay.CONFIRM_QUIT:
        body.append(_("Quit famiglia?") + "   ", style="title")
        body.append(yes_key(), style="key")
        body.append(" " + _("quit") + "   ")
        body.append("n", style="key")
        body.append(" " + _("stay"))
    else:
        line = home.game(home.chosen)
        question = _("Delete game {game} ({title}, {state})? It cannot be undone.").format(
            game=home.chosen, title=line.title, state=line.state) if line is not None else \
            _("Delete game {game}? It cannot be undone.").format(game=home.chosen)
        body.append(question + "\n", style="title")
        body.append(yes_key(), style="key")
        body.append(" " + _("delete it") + "   ")
        body.append("n", style="key")
        body.append(" " + _("keep it"))
    return Panel(body, border_style="warning", padding=(0, 1))


# -- the pages ---------------------------------------------------------------------------------------------------


def page_rows(home: Home, width: int, room: int) -> list[RenderableType]:
    """The rows of the page on show, at most `room` of them."""
    if home.page is Page.STATISTICS:
        return _within(_statistics(home.stats, width), width, room)
    if home.page is Page.RULES:
        return _scrolled(home, rules_rows(home.rules, width), room)
    if home.page is Page.LOG:
        return _scrolled(home, [Text(line, no_wrap=True, overflow="ellipsis") for line in home.text], room)
    footer = _settings_footer(home) if home.page is Page.SETTINGS else []
    rows = _items(home, home.items(), width, room - _drawn(footer, width))
    rows += footer
    if not home.items():
        empty = _EMPTY.get(home.page)
        rows.append(Text(_(empty) if empty is not None else _("Nothing here."), style="label"))
    return _within(rows, width, room)


_EMPTY: Final = {Page.GAMES: N_("No saved games yet: New game starts one."),
                 Page.CONTINUE: N_("No game is waiting to be continued.")}  # said through `_`


def _items(home: Home, items: Sequence[Item], width: int, room: int) -> list[RenderableType]:
    """The numbered lines, the one under the cursor marked; each line's words go on under themselves where they
    are longer than the row, where the page has the rows for it. A list longer than the room scrolls with the
    cursor, the line under it whole and the others in a row each, cut after a whole word."""
    if not items:
        return []
    selected = home.selected
    # The labels whole (a game's title with two long names, a guided game's), the words beside them giving way.
    label_width = min(max(cell_len(item.label) for item in items), max(12, width - 8 - _DETAIL_CELLS))
    whole = [_item_line(item, n, n == selected, label_width, width, whole=True) for n, item in enumerate(items)]
    if sum(line_count(line, width) for line in whole) <= room:
        return list(whole)
    lines = [_item_line(item, n, n == selected, label_width, width) for n, item in enumerate(items)]
    fit = max(1, room - (line_count(lines[selected], width) - 1))
    first = min(max(0, selected - fit // 2), max(0, len(items) - fit))
    return list(lines[first:first + fit])


def _item_line(item: Item, n: int, mine: bool, label_width: int, width: int, *, whole: bool = False) -> Text:
    """One numbered line: its words whole (`whole`, or the line under the cursor), wrapped under themselves, or else
    in the row, cut after a whole word."""
    line = Text("▶ " if mine else "  ", style="key")
    line.append(f"{n + 1:>2}  " if n < 9 else "    ", style="key")
    label = Text(item.label, style="name.active" if mine else "name")
    label.truncate(label_width, overflow="ellipsis", pad=True)
    line.append_text(label)
    line.append("  ")
    indent = line.cell_len
    detail = Text(item.detail, style="label")
    if (whole or mine) and width - indent >= _DETAIL_CELLS:  # the words read whole
        return hanging(line, detail, width)
    line.append_text(word_cut(detail, max(1, width - indent)))
    line.no_wrap = True
    line.overflow = "ellipsis"
    return line


def _settings_footer(home: Home) -> list[RenderableType]:
    items = home.items()
    name = list(KEYS)[home.selected] if items and home.selected < len(KEYS) else ""  # the page lists KEYS in order
    # The settings' meanings are `famiglia.profile.settings`' own; said through `_` once they are templates there.
    meaning = Text(_(KEYS[name].meaning) if name in KEYS else "", style="label")
    if home.editing is not None:
        typing = Text((_("Player 2's name:") if home.named else _("Your name:")) + " ", style="title")
        typing.append(home.editing[-200:])
        typing.append("▏", style="key")
        return [Text(), typing, meaning]
    kept = _("Kept in {path}").format(path=settings_path())
    return [Text(), meaning, Text(kept, style="label", no_wrap=True, overflow="ellipsis")]


def _scrolled(home: Home, lines: list[Text], room: int) -> list[RenderableType]:
    """A window of `room` lines of a long text, from `home.scroll` (kept within the text)."""
    top = max(0, min(home.scroll, len(lines) - room))
    home.scroll = top  # the model's scroll stays where the text ends, so ↑ answers at once
    return list(lines[top:top + room])


# -- statistics --------------------------------------------------------------------------------------------------


# The columns of the table of opponents: each its identity and its heading, a template said where shown.
_COLUMNS: Final = (N_("opponent"), N_("games"), N_("won"), N_("drawn"), N_("lost"), N_("win %"), N_("best"),
                   N_("streak"))


def _statistics(stats: Statistics | None, width: int) -> list[RenderableType]:
    if stats is None:
        return [Text(_("The statistics cannot be worked out now (see the message below)."), style="label")]
    rows: list[RenderableType] = []
    n = stats.games
    who = ngettext("{name}'s games: {n} finished", "{name}'s games: {n} finished", n).format(name=stats.you, n=n) \
        if stats.you else ngettext("Your games: {n} finished", "Your games: {n} finished", n).format(n=n)
    rows.append(Text(who, style="heading"))
    if stats.opponents:
        # Two cells between columns; where the columns are still wider than the screen, an opponent's name and a
        # streak go on to a second row of their cell rather than being cut.
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, header_style="label", show_edge=False,
                      collapse_padding=True)
        for column in _COLUMNS:
            words = column in ("opponent", "streak")
            table.add_column(_(column), justify="left" if words else "right", no_wrap=not words)
        for row in stats.opponents:
            rate = percent(row.win_rate, 0)
            table.add_row(Text(row.opponent.label, style="name"), str(row.games), str(row.wins), str(row.draws),
                          str(row.losses), rate, str(row.best_score), streak_words(row.streak))
        rows.append(table)
    else:
        rows.append(Text(_("No finished game yet: New game starts one."), style="label"))
    ratings = [p.rating for p in stats.history]
    line = Text(_("Rating") + " ", style="heading")
    line.append(f"{stats.rating:.0f}", style="points")
    if ratings:
        levels = ", ".join(f"{level_name(level)} {r}" for level, r in LEVEL_RATINGS.items())
        line.append(" " + _("after {games} against the computer (started at {rating}; the computer: {levels})").format(
            games=game_count(len(ratings)), rating=INITIAL_RATING, levels=levels), style="label")
    else:
        line.append(" " + _("to start with: it moves with every game finished against the computer"), style="label")
    rows += [Text(), line]
    for chart_line in rating_chart(ratings, width=max(10, min(60, width - 8)), height=4):
        scale, _bar, columns = chart_line.partition("│")
        text = Text(scale + "│", style="label")
        text.append(columns, style="points")
        rows.append(text)
    if stats.left_out:
        parts = ", ".join(f"{n} {_(reason)}" for reason, n in sorted(stats.left_out.items()))
        rows.append(Text(_("Not counted: {parts}").format(parts=parts), style="label"))
    if stats.left_out.get("played by others") and stats.you is None:
        rows.append(Text(_("Games for two count once your name is set: Settings, names."), style="label"))
    return rows
