"""The screens around the table, one part each: the names question, the end, the help, the quit question,
and "too small".

The end screen shows both hands, which the view holds once the game is over (R11.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from famiglia.engine import Card, Family, SeatView
from famiglia.phrasebook.catalogue import N_, _
from famiglia.phrasebook.counts import card_count, point_count
from famiglia.phrasebook.keynames import yes_key
from famiglia.phrasebook.table import end_reason, family_name, tiebreak

from ..model.commands import small_keys
from .part import Part
from .pieces import capitalized, cards_text, joined, known_hand, points, seat_label, short_name, vp_text
from .theme import FAMILY_STYLE, FAMILY_SYMBOL, cards_in

__all__ = ["MIN_SIZE", "QUIT_BOX", "RULES_SUMMARY", "EndScreen", "Help", "NamesQuestion", "QuitQuestion", "TooSmall",
           "render_end", "render_help", "render_too_small", "too_small"]

MIN_SIZE: Final[tuple[int, int]] = (80, 24)
QUIT_BOX: Final = (52, 6)  # the quit question's box: columns and rows


def too_small(width: int, height: int) -> bool:
    """Whether a terminal of this size cannot hold the table (`MIN_SIZE`)."""
    return width < MIN_SIZE[0] or height < MIN_SIZE[1]


# -- the names question -------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NamesQuestion(Part):
    """Who plays? The two seats, each with the name given (`players`: its words and their style), and how long
    a name may be, in a box of at most 80 columns."""

    against: str  # who plays whom: "two players at one keyboard"
    players: tuple[tuple[str, str], ...]
    default: str
    longest: int

    def lines(self, width: int) -> Sequence[RenderableType]:
        body = Text()
        body.append("Famiglia", style="title")
        body.append("\n" + _("the card game by Friedemann Friese, for {whom}").format(whom=self.against) + "\n\n",
                    style="label")
        body.append(_("Who plays?") + "\n", style="heading")
        for i, (said, style) in enumerate(self.players):
            body.append(_("Player {n}").format(n=i + 1) + "  ", style="label")
            body.append(said, style=style)
            body.append("\n")
        body.append("\n" + _("Type a name (at most {longest} characters) and press Enter; Enter alone keeps "
                           "{default}.").format(longest=self.longest, default=self.default), style="label")
        return [Panel(body, border_style="title", width=min(width, 80), padding=(1, 2))]


# -- the quit question --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class QuitQuestion(Part):
    """The quit question, and what leaving keeps (`model.overlays.quit_question`), in a box of `QUIT_BOX`."""

    question: str
    kept: str
    in_game: bool = True

    def lines(self, width: int) -> Sequence[RenderableType]:
        body = Text(justify="center")
        body.append(f"{self.question}\n", style="title")
        body.append(f"{self.kept}\n\n", style="label")
        body.append(yes_key(), style="key")
        body.append(" " + _("yes") + "     ")
        body.append("n", style="key")
        body.append(" " + (_("no, go on") if self.in_game else _("no, stay")))
        return [Panel(body, border_style="warning", width=QUIT_BOX[0], padding=(0, 1))]


# -- the end ----------------------------------------------------------------------------------------------------


def _zone_row(label: str, cards: Sequence[Card] | None, size: int) -> tuple[Text, Text, Text]:
    if cards is None:
        hidden = _("{cards}, not shown").format(cards=card_count(size))
        return Text(label, style="label"), Text(hidden, style="hidden"), Text("")
    return Text(label, style="label"), cards_text(cards), vp_text(points(cards))


@dataclass(frozen=True, slots=True)
class EndScreen(Part):
    """Game over: the winner, why the game ended (R10.2), the tie-break (R11.2), and both players' cards, in a box
    of at most `widest` columns; under it, given the game's `seed`, the command that deals the game again (the end
    screen's keys are on the key line, from the command table, only).

    Hands come from the view: a seat's view holds the opponent's hand once the game is over.
    """

    view: SeatView
    seed: object = None
    again: str | None = None  # the command that deals it again (`Table.again`)
    widest: int = 100

    def lines(self, width: int) -> Sequence[RenderableType]:
        shown = [_end(self.view, width=min(width, self.widest))]
        if self.seed is not None and self.again is not None:
            again = _("Seed {seed}: {command} deals this game again.").format(seed=self.seed, command=self.again)
            shown.append(Text("\n" + again, style="label"))
        return shown


def render_end(view: SeatView, *, width: int = 100) -> EndScreen:
    """The end of the game as `view` shows it (`EndScreen`), at most `width` columns wide."""
    return EndScreen(view, widest=min(width, 100))


def _end(view: SeatView, *, width: int) -> RenderableType:
    result = view.result
    if result is None:
        return Text(_("The game is still running."), style="label")
    headline = Text()
    if result.winner is None:
        headline.append(_("A draw at {points} each").format(points=point_count(result.scores[0])), style="winner")
    else:
        w = result.winner
        headline.append(_("{name} wins").format(name=short_name(view.names[w])), style="winner")
        if result.scores[0] == result.scores[1]:  # R11.2
            headline.append(_(" on the tie-break, {points} each").format(points=point_count(result.scores[w])))
        else:  # a range: plural
            won, lost = result.scores[w], result.scores[1 - w]
            headline.append(_(", {won} to {lost} victory points").format(won=won, lost=lost))
    why = Text(_("The game ended: "), style="label")
    why.append(end_reason(result.reason))
    lines: list[RenderableType] = [headline, why]
    if result.tiebreak:  # R11.2: "Tie at 35 — Anna wins on the third-best card, F2♥ 6 VP against F1♥ 3 VP"
        lines.append(cards_in(capitalized(tiebreak(result.tiebreak))))
    grid = Table.grid(padding=(0, 2), expand=True)
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    grid.add_column(justify="right", no_wrap=True)
    order = (result.winner, 1 - result.winner) if result.winner is not None else (0, 1)
    for p in order:
        shown, said = seat_label(short_name(view.names[p]), _("1st") if p == view.start_player else _("2nd"))
        name = Text.assemble((shown, "name"), (said, "label"))
        mark = Text(_("winner"), style="winner") if p == result.winner else Text("")
        grid.add_row(Text(""), Text(""), Text(""))
        grid.add_row(name, mark, Text.assemble(Text(_("total") + " ", style="label"), vp_text(result.scores[p])))
        grid.add_row(*_zone_row("  " + _("hand"), known_hand(view, p), view.hand_sizes[p]))
        grid.add_row(*_zone_row("  " + _("play area"), view.play_areas[p], len(view.play_areas[p])))
    lines.append(grid)
    return Panel(Group(*lines), title=_("Game over"), title_align="left", border_style="title", width=width)


# -- help --------------------------------------------------------------------------------------------------------

WIDE_HELP: Final = 110  # from this width the keys and the rules stand side by side

# One line each at 80 columns (the Take rule takes three), so help fits an 80x24 screen.
RULES_SUMMARY: Final = (
    (N_("A turn (R4)"), N_("optional Refresh, Accountant, Brute; then Take or pass")),
    (N_("Refresh (R5)"), N_("no 0 in the Street: discard one, draw as many as its value")),
    (N_("Accountant (R6)"), N_("play A1-A4, then up to that many play area/hand swaps")),
    (N_("Brute (R7)"), N_("play B1-B4: a Street card counts up to that much less")),
    (N_("Take (R8)"), N_("at 0 free; at e, pay two cards of its family at e-1,")),
    ("", N_("one may be a Mercenary above e-1. One payer goes to your")),
    ("", N_("play area, the other back to your hand")),
    (N_("Pass (R8.5)"), N_("take nothing; two passes in a row end the game")),
    (N_("Exhaust (R9)"), N_("1st: the discards are reshuffled; 2nd: last round")),
    (N_("Scoring (R11)"), N_("hand and play area: 0 1 3 6 10, La Famiglia 1 3 6 10 15")),
    (N_("Tie (R11.2)"), N_("the best single card wins, then the next best")),
)


@dataclass(frozen=True, slots=True)
class Help(Part):
    """The key bindings the application gives (`keys`: each key and what it does), and a summary of the rules;
    from `WIDE_HELP` columns on, side by side.

    Ten keys at 80 columns take 23 rows: the help fits above the input line of an 80x24 terminal.
    """

    keys: tuple[tuple[str, str], ...]

    def lines(self, width: int) -> Sequence[RenderableType]:
        return [_help(self.keys, width=width)]


def render_help(keys: Sequence[tuple[str, str]], *, width: int = 80) -> Help:
    """The help of `keys` (`Help`), drawn at the width rich gives it."""
    return Help(tuple(keys))


def _help(keys: Sequence[tuple[str, str]], *, width: int) -> RenderableType:
    wide = width >= WIDE_HELP
    halves = 1 if wide or len(keys) <= 5 else 2
    per_column = -(-len(keys) // halves)
    key_grid = Table.grid(padding=(0, 2))
    for _half in range(halves):
        key_grid.add_column(style="key", no_wrap=True)
        key_grid.add_column()
    for row in range(per_column):
        cells: list[Text] = []
        for half in range(halves):
            i = half * per_column + row
            key, what = keys[i] if i < len(keys) else ("", "")
            cells += [Text(key), Text(what)]  # Text, not markup: a key may be written "["
        key_grid.add_row(*cells)
    rules = Table.grid(padding=(0, 1))
    rules.add_column(style="title", no_wrap=True)
    rules.add_column(ratio=1)
    for name, text in RULES_SUMMARY:
        rules.add_row(_(name) if name else "", _(text))
    legend = joined([Text(f"{f.letter}{FAMILY_SYMBOL[f]} {family_name(f)}", style=FAMILY_STYLE[f]) for f in Family],
                    "   ")
    key_part = Group(Text(_("Keys"), style="heading"), key_grid)
    rule_part = Group(Text(_("The rules in short"), style="heading"), rules, legend)
    body: RenderableType = Group(key_part, Text(), rule_part)
    if wide:
        columns = Table.grid(padding=(0, 4))
        columns.add_column(no_wrap=True)
        columns.add_column(ratio=1)
        columns.add_row(key_part, rule_part)
        body = columns
    return Panel(body, title=_("Help"), subtitle=_("Esc, q or ? closes this"), title_align="left",
                 border_style="title", width=min(width, 140))


# -- too small ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TooSmall(Part):
    """What to say when the terminal (`size`: its columns and rows) cannot hold the table: its size and the size
    needed (`need`). Only leaving works meanwhile, so the quit question is asked here too (`asking`: its words)."""

    size: tuple[int, int]
    need: tuple[int, int] = MIN_SIZE
    asking: str | None = None

    def lines(self, width: int) -> Sequence[RenderableType]:
        return [_too_small(*self.size, need=self.need, asking=self.asking)]


def render_too_small(width: int, height: int, *, need: tuple[int, int], asking: str | None = None) -> TooSmall:
    """The too-small screen of a `width` × `height` terminal (`TooSmall`)."""
    return TooSmall((width, height), need, asking)


def _too_small(width: int, height: int, *, need: tuple[int, int], asking: str | None = None) -> RenderableType:
    text = Text(justify="center")
    text.append(_("The terminal is too small"), style="warning")
    text.append("\n" + _("It is {width}×{height}; Famiglia needs at least {need_width}×{need_height}.").format(
        width=width, height=height, need_width=need[0], need_height=need[1]))
    text.append("\n" + _("Make the window larger: the game waits."), style="label")
    if asking is not None:
        text.append(f"\n\n{asking} ", style="title")
        text.append(yes_key(), style="key")
        text.append(" " + _("yes") + "  ")
        text.append("n", style="key")
        text.append(" " + _("no"))
    else:
        text.append(f"\n{small_keys()}", style="label")
    return Padding(text, (max(0, height // 2 - 2), 0, 0, 0))
