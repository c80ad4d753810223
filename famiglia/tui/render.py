"""Pure functions from a seat's view of the game to rich renderables: the table, the handoff, the end.

Each function takes a `SeatView` (R12: what one seat may see) or plain public data, and nothing else,
so what is drawn during a turn can never depend on the opponent's hidden hand. They adapt to the
width they are given: stacked at 80 columns, side by side on wider terminals. Styles are the semantic
names of `theme.THEME`; every card shows its family letter and symbol, so `NO_COLOR` loses nothing.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from typing import Final

from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from famiglia.engine import Card, Family, SeatView, Step, StreetCard, sorted_cards

from .theme import FAMILY_STYLE, THEME, card_text, family_label
from .words import plural

__all__ = [
    "MIN_SIZE",
    "WIDE",
    "cards_text",
    "render_handoff",
    "render_table",
    "render_too_small",
    "status_text",
    "step_bar",
    "warnings",
]

MIN_SIZE: Final[tuple[int, int]] = (80, 24)
WIDE: Final = 110  # from this width the table is laid out in two columns
SMALL_STACK: Final = 6  # R3.4: fewer cards than a new Street is worth a warning

_CARD_INSIDE: Final = 7  # cells inside a Street card's frame: room for "F4→2♥" and "15 VP"
_CARD_WIDTH: Final = _CARD_INSIDE + 2
STEP_SEPARATOR: Final = " \u203a "  # a single right-pointing angle quote between the steps
_PASS_WORDS: Final = ("first pass through the deck", "after the first exhaustion", "final round")


# -- small pieces ---------------------------------------------------------------------------------------


def points(cards: Iterable[Card]) -> int:
    """R11.1: the victory points of some cards."""
    return sum(c.points for c in cards)


def cards_text(cards: Iterable[Card], *, empty: str = "—") -> Text:
    """Cards in the game's order, copies of one kind written once with a count: `F1♥×2 A0♦`."""
    text = Text()
    groups: list[tuple[Card, int]] = []
    for c in sorted_cards(cards):
        if groups and groups[-1][0] is c:
            groups[-1] = (c, groups[-1][1] + 1)
        else:
            groups.append((c, 1))
    for i, (c, n) in enumerate(groups):
        if i:
            text.append(" ")
        text.append_text(card_text(c))
        if n > 1:
            text.append(f"×{n}", style=FAMILY_STYLE[c.family])
    if not groups:
        text.append(empty, style="label")
    return text


def _vp(n: int) -> Text:
    return Text(f"{n} VP", style="points")


def _join(parts: Iterable[Text | str], sep: str = " · ") -> Text:
    text = Text()
    for i, part in enumerate(parts):
        if i:
            text.append(sep, style="label")
        text.append_text(part if isinstance(part, Text) else Text(part))
    return text


def _name(view: SeatView, player: int) -> str:
    return view.names[player]


# -- the status line, the step bar and the warnings -------------------------------------------------------


def status_text(view: SeatView) -> Text:
    """Which pass through the deck this is, the draw stack and the discard pile (R9, R12.1)."""
    stage = _PASS_WORDS[min(view.exhaustions, 2)]
    stack = Text("draw stack ")
    stack.append(str(view.draw_stack_size), style="count")
    pile = Text("discard pile ")
    if view.discard_pile:
        pile.append(str(len(view.discard_pile)), style="count")
        pile.append(", top ")
        pile.append_text(card_text(view.discard_pile[-1]))
    else:
        pile.append("empty", style="label")
    return _join([Text(stage[0].upper() + stage[1:], style="title"), stack, pile])


def step_bar(view: SeatView) -> Text:
    """The four steps of a turn in a row: past steps dimmed, the current one marked (R4.1)."""
    current = view.current_step
    text = Text()
    for i, step in enumerate(Step):
        if i:
            text.append(STEP_SEPARATOR, style="step.sep")
        if step < current:
            text.append(step.title, style="step.past")
        elif step is current:
            text.append(f"▶{step.title}", style="step.current")
        else:
            text.append(step.title, style="step.future")
    if view.step is Step.ACCOUNTANT and view.swaps_left:
        text.append(f"  ({plural(view.swaps_left, 'swap')} left)", style="notice")  # R6.2
    elif view.refreshes:
        text.append(f"  (refreshed {plural(view.refreshes, 'time')})", style="label")
    return text


def _turn_line(view: SeatView) -> Text:
    text = Text()
    if view.is_over:
        text.append("Game over", style="name.active")
        return text
    name = _name(view, view.to_move)
    text.append(f" {name}'s turn " if not view.my_turn else f" Your turn, {name} ", style="name.active")
    text.append("  ")
    text.append_text(step_bar(view))
    return text


def warnings(view: SeatView) -> list[str]:
    """What a player should know before choosing: the end is near (R8.5, R9.3, R10.2)."""
    if view.is_over:
        return []
    out: list[str] = []
    if view.is_last_turn:
        out.append("Last turn: the game ends after this turn")  # R9.3
    elif view.is_final_round:
        out.append(f"Final round: the game ends after {_name(view, view.second_player)}'s turn")  # R9.3
    if view.pass_ends_game:
        out.append(f"{_name(view, 1 - view.to_move)} passed: a pass now ends the game")  # R8.5
    if view.exhaustions < 2:
        size = view.draw_stack_size
        what = "the discard pile is reshuffled" if view.exhaustions == 0 else "the final round begins"
        if size == 1:
            out.append(f"The next draw exhausts the stack: {what}")  # R9.1
        elif size <= SMALL_STACK:
            out.append(f"Only {size} cards left in the draw stack")
    return out


def _warning_lines(view: SeatView) -> list[Text]:
    return [Text(f"! {w}", style="warning") for w in warnings(view)]


# -- the Street ---------------------------------------------------------------------------------------------


def _street_card_lines(sc: StreetCard) -> list[Text]:
    frame = "card.frame"
    face = card_text(sc.card, effective=sc.effective if sc.reduced else None)
    face.pad_left((_CARD_INSIDE - face.cell_len) // 2)
    face.pad_right(_CARD_INSIDE - face.cell_len)
    vp = Text(f"{sc.card.points} VP", style="points")
    vp.pad_left((_CARD_INSIDE - vp.cell_len + 1) // 2)
    vp.pad_right(_CARD_INSIDE - vp.cell_len)
    top = Text("╭" + "─" * _CARD_INSIDE + "╮", style=frame)
    bottom = Text("╰" + "─" * _CARD_INSIDE + "╯", style=frame)
    rows = [top]
    for inside in (face, vp):
        row = Text("│", style=frame)
        row.append_text(inside)
        row.append("│", style=frame)
        rows.append(row)
    rows.append(bottom)
    return rows


def street_cards(street: Sequence[StreetCard], *, width: int) -> Text:
    """The Street as a row of small framed cards (name, symbol, victory points; a reduction as `F4→2♥`)."""
    per_row = max(1, (width + 1) // (_CARD_WIDTH + 1))
    lines: list[Text] = []
    for start in range(0, len(street), per_row):
        boxes = [_street_card_lines(sc) for sc in street[start:start + per_row]]
        for r in range(4):
            line = Text()
            for i, box in enumerate(boxes):
                if i:
                    line.append(" ")
                line.append_text(box[r])
            lines.append(line)
    return Text("\n").join(lines)


def street_line(street: Sequence[StreetCard]) -> Text:
    """The Street on one line, for a small screen: `F4♥ 15 VP   B3→1♣ 6 VP`."""
    parts = []
    for sc in street:
        part = card_text(sc.card, effective=sc.effective if sc.reduced else None)
        part.append(f" {sc.card.points} VP", style="points")
        parts.append(part)
    return _join(parts, "   ")


def _street(view: SeatView, *, width: int, compact: bool) -> RenderableType:
    title = Text("The Street", style="heading")
    title.append(f"  {plural(len(view.street), 'card')}", style="label")
    if not view.street:
        body = Text("empty: nothing is left to deal (R10.1)", style="label")
    elif compact or len(view.street) * (_CARD_WIDTH + 1) - 1 > width * 2:
        body = street_line(view.street)
    else:
        body = street_cards(view.street, width=width)
    return Group(title, body)


# -- the players ----------------------------------------------------------------------------------------------


def _player_label(view: SeatView, player: int) -> Text:
    text = Text(_name(view, player), style="name")
    role = "1st" if player == view.start_player else "2nd"
    you = ", you" if player == view.seat else ""
    text.append(f" ({role}{you})", style="label")
    return text


def players(view: SeatView, *, memory_aid: bool = False) -> Table:
    """Both players: hand size (never the opponent's cards, R12.2), play area and its points (R12.1).

    With `memory_aid` and a tracked opponent hand in the view (R12.3), that hand and both live totals too.
    """
    tracked = view.opponent_hand if memory_aid and view.seat is not None else None
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column(ratio=1)
    order = [view.opponent, 1 - view.opponent]
    for p in order:
        area = view.play_areas[p]
        hand = Text(plural(view.hand_sizes[p], "card") + " in hand")
        grid.add_row(_player_label(view, p), hand, _vp(points(area)),
                     Text("play area ", style="label") + cards_text(area))
        if tracked is not None:
            held = view.hand if p == view.seat else tracked
            total = points(held) + points(area)
            grid.add_row("", Text("live total", style="label"), _vp(total),
                         Text("hand (tracked) " if p != view.seat else "hand ", style="label") + cards_text(held))
    return grid


def hand(view: SeatView) -> RenderableType:
    """The seat's own hand, grouped by family, with its size and points."""
    own = view.hand
    title = Text("Your hand", style="heading")
    title.append("  ")
    title.append_text(_join([plural(len(own), "card"), _vp(points(own))]))
    grid = Table.grid(padding=(0, 2), expand=False)
    by_family: dict[Family, list[Card]] = {f: [] for f in Family}
    for c in own:
        by_family[c.family].append(c)
    for _ in Family:
        grid.add_column(ratio=1)
    grid.add_row(*(family_label(f) for f in Family))
    grid.add_row(*(cards_text(by_family[f]) for f in Family))
    return Group(title, grid)


def draw_stack_counts(view: SeatView) -> Text | None:
    """Memory aid (R12.3): what the draw stack holds, as counts per kind — never its order."""
    counts = view.draw_stack_counts
    if counts is None:
        return None
    text = Text("Draw stack holds ", style="label")
    cards = [c for c, n in counts.items() for _ in range(n)]
    text.append_text(cards_text(cards, empty="nothing"))
    return text


# -- the table ----------------------------------------------------------------------------------------------------


def render_table(view: SeatView, *, width: int, height: int | None = None, memory_aid: bool = False) -> RenderableType:
    """The table as `view.seat` sees it: status, step bar, warnings, the Street, both players, own hand.

    Uses only `view`. At 80 columns it is stacked and stays within 16 rows (the Street drawn on one
    line if `height` is too small for the framed cards); from `WIDE` columns on it is two columns.
    """
    compact = False
    if height is not None:
        full = _table(view, width=width, memory_aid=memory_aid, compact=False)
        compact = _rows(full, width) > height
    return _table(view, width=width, memory_aid=memory_aid, compact=compact)


def _table(view: SeatView, *, width: int, memory_aid: bool, compact: bool) -> RenderableType:
    top: list[RenderableType] = [_turn_line(view), status_text(view), *_warning_lines(view)]
    stack_counts = draw_stack_counts(view) if memory_aid else None
    people: list[RenderableType] = [players(view, memory_aid=memory_aid)]
    if stack_counts is not None:
        people.append(stack_counts)
    own: list[RenderableType] = [hand(view)] if view.seat is not None else []
    if width < WIDE:
        return Group(*top, _street(view, width=width, compact=compact), *people, *own)
    left_width = max(_CARD_WIDTH * 6 + 5, width * 11 // 20)
    left = Group(_street(view, width=left_width, compact=compact), Text(), *own)
    right = Group(*people)
    columns = Table.grid(padding=(0, 3), expand=True)
    columns.add_column(width=left_width)
    columns.add_column(ratio=1)
    columns.add_row(left, right)
    return Group(*top, Text(), columns)


def _rows(renderable: RenderableType, width: int) -> int:
    console = Console(file=io.StringIO(), width=width, theme=THEME, color_system=None)
    return len(console.render_lines(renderable, console.options.update(width=width), pad=False))


# -- the handoff --------------------------------------------------------------------------------------------------


def render_handoff(view: SeatView, *, width: int) -> RenderableType:
    """Between turns: no hand at all, only who is next and the public table (R12.1).

    `view` is the public view (`seat` None); nothing here reads a hand, even if one were given.
    """
    name = _name(view, view.to_move)
    message = Text(justify="center")
    message.append(f"Pass the keyboard to {name}", style="handoff")
    message.append("\n")
    message.append("press Enter when ready", style="notice")
    banner = Panel(message, border_style="title", padding=(1, 2))
    public: list[RenderableType] = [status_text(view), *_warning_lines(view)]
    public.append(_street(view, width=width, compact=width < 60))
    public.append(_public_players(view))
    return Group(banner, *public)


def _public_players(view: SeatView) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column(ratio=1)
    for p in (view.to_move, 1 - view.to_move):
        area = view.play_areas[p]
        label = Text(_name(view, p), style="name")
        label.append(f" ({'1st' if p == view.start_player else '2nd'})", style="label")
        grid.add_row(label, Text(plural(view.hand_sizes[p], "card") + " in hand"), _vp(points(area)),
                     Text("play area ", style="label") + cards_text(area))
    return grid


# -- too small ----------------------------------------------------------------------------------------------------


def render_too_small(width: int, height: int, *, need: tuple[int, int]) -> RenderableType:
    """What to say when the terminal cannot hold the table."""
    text = Text(justify="center")
    text.append("The terminal is too small", style="warning")
    text.append(f"\nIt is {width}×{height}; Famiglia needs at least {need[0]}×{need[1]}.")
    text.append("\nMake the window larger (the game waits).", style="label")
    return Padding(text, (max(0, height // 2 - 2), 0, 0, 0))

