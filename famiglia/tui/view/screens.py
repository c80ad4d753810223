"""The screens around the table: the summary of the opponent's turn, the end, help, and "too small".

Pure functions to rich renderables, like `render`, which re-exports them. The turn summary takes public
events only (R12.1); the end screen shows both hands, which the view holds once the game is over (R11.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from famiglia.engine import Card, Family, SeatView

from ..model.commands import small_keys
from ..model.words import plural
from .parts import capitalized, cards_text, joined, known_hand, points, seat_label, short_name, vp_text
from .theme import FAMILY_STYLE, FAMILY_SYMBOL, cards_in

__all__ = ["MIN_SIZE", "RULES_SUMMARY", "render_end", "render_help", "render_too_small"]

MIN_SIZE: Final[tuple[int, int]] = (80, 24)


# -- the end ----------------------------------------------------------------------------------------------------


def _zone_row(label: str, cards: Sequence[Card] | None, size: int) -> tuple[Text, Text, Text]:
    if cards is None:
        return Text(label, style="label"), Text(f"{plural(size, 'card')}, not shown", style="hidden"), Text("")
    return Text(label, style="label"), cards_text(cards), vp_text(points(cards))


def render_end(view: SeatView, *, width: int) -> RenderableType:
    """Game over: the winner, why the game ended (R10.2), the tie-break (R11.2), and both players' cards.

    Hands come from the view: a seat's view holds the opponent's hand once the game is over.
    """
    result = view.result
    if result is None:
        return Text("The game is still running.", style="label")
    headline = Text()
    if result.winner is None:
        headline.append(f"A draw at {plural(result.scores[0], 'victory point')} each", style="winner")
    else:
        w = result.winner
        headline.append(f"{short_name(view.names[w])} wins", style="winner")
        if result.scores[0] == result.scores[1]:  # R11.2
            headline.append(f" on the tie-break, {plural(result.scores[w], 'victory point')} each")
        else:
            headline.append(f", {result.scores[w]} to {result.scores[1 - w]} victory points")  # a range: plural
    why = Text("The game ended: ", style="label")
    why.append(str(result.reason))
    lines: list[RenderableType] = [headline, why]
    if result.tiebreak:  # R11.2: "Tie at 35 — Anna wins on the third-best card, F2♥ 6 VP against F1♥ 3 VP"
        lines.append(cards_in(capitalized(result.tiebreak)))
    grid = Table.grid(padding=(0, 2), expand=True)
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    grid.add_column(justify="right", no_wrap=True)
    order = (result.winner, 1 - result.winner) if result.winner is not None else (0, 1)
    for p in order:
        shown, said = seat_label(short_name(view.names[p]), "1st" if p == view.start_player else "2nd")
        name = Text.assemble((shown, "name"), (said, "label"))
        mark = Text("winner", style="winner") if p == result.winner else Text("")
        grid.add_row(Text(""), Text(""), Text(""))
        grid.add_row(name, mark, Text.assemble(Text("total ", style="label"), vp_text(result.scores[p])))
        grid.add_row(*_zone_row("  hand", known_hand(view, p), view.hand_sizes[p]))
        grid.add_row(*_zone_row("  play area", view.play_areas[p], len(view.play_areas[p])))
    lines.append(grid)
    return Panel(Group(*lines), title="Game over", title_align="left", border_style="title", width=min(width, 100))


# -- help --------------------------------------------------------------------------------------------------------

WIDE_HELP: Final = 110  # from this width the keys and the rules stand side by side

# One line each at 80 columns (the Take rule takes three), so help fits an 80x24 screen.
RULES_SUMMARY: Final = (
    ("A turn (R4)", "optional Refresh, Accountant, Brute; then Take or pass"),
    ("Refresh (R5)", "no 0 in the Street: discard one, draw as many as its value"),
    ("Accountant (R6)", "play A1-A4, then up to that many play area/hand swaps"),
    ("Brute (R7)", "play B1-B4: a Street card counts up to that much less"),
    ("Take (R8)", "at 0 free; at e, pay two cards of its family at e-1,"),
    ("", "one may be a Mercenary above e-1. One payer goes to your"),
    ("", "play area, the other back to your hand"),
    ("Pass (R8.5)", "take nothing; two passes in a row end the game"),
    ("Exhaust (R9)", "1st: the discards are reshuffled; 2nd: last round"),
    ("Scoring (R11)", "hand and play area: 0 1 3 6 10, La Famiglia 1 3 6 10 15"),
    ("Tie (R11.2)", "the best single card wins, then the next best"),
)


def render_help(keys: Sequence[tuple[str, str]], *, width: int) -> RenderableType:
    """The key bindings the application gives, and a summary of the rules.

    Ten keys at 80 columns take 23 rows: the help fits above the input line of an 80x24 terminal.
    """
    wide = width >= WIDE_HELP
    halves = 1 if wide or len(keys) <= 5 else 2
    per_column = -(-len(keys) // halves)
    key_grid = Table.grid(padding=(0, 2))
    for _ in range(halves):
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
        rules.add_row(name, text)
    legend = joined([Text(f"{f.letter}{FAMILY_SYMBOL[f]} {f.title}", style=FAMILY_STYLE[f]) for f in Family], "   ")
    key_part = Group(Text("Keys", style="heading"), key_grid)
    rule_part = Group(Text("The rules in short", style="heading"), rules, legend)
    body: RenderableType = Group(key_part, Text(), rule_part)
    if wide:
        columns = Table.grid(padding=(0, 4))
        columns.add_column(no_wrap=True)
        columns.add_column(ratio=1)
        columns.add_row(key_part, rule_part)
        body = columns
    return Panel(body, title="Help", subtitle="Esc, q or ? closes this", title_align="left",
                 border_style="title", width=min(width, 140))


# -- too small ----------------------------------------------------------------------------------------------------


def render_too_small(width: int, height: int, *, need: tuple[int, int], asking: str | None = None) -> RenderableType:
    """What to say when the terminal cannot hold the table: its size and the size needed.

    Only leaving works meanwhile, so the quit question is asked here too (`asking`: its words).
    """
    text = Text(justify="center")
    text.append("The terminal is too small", style="warning")
    text.append(f"\nIt is {width}×{height}; Famiglia needs at least {need[0]}×{need[1]}.")
    text.append("\nMake the window larger: the game waits.", style="label")
    if asking is not None:
        text.append(f"\n\n{asking} ", style="title")
        text.append("y", style="key")
        text.append(" yes  ")
        text.append("n", style="key")
        text.append(" no")
    else:
        text.append(f"\n{small_keys()}", style="label")
    return Padding(text, (max(0, height // 2 - 2), 0, 0, 0))
