"""Pure functions from a seat's view of the game to rich renderables: the table and the handoff.

Each function takes a `SeatView` (R12: what one seat may see) or plain public data, and nothing else,
so what is drawn during a turn can never depend on the opponent's hidden hand. They adapt to the
width they are given: stacked at 80 columns, in two columns on wider terminals. Styles are the
semantic names of `theme.THEME`; every card shows its family letter and symbol, so `NO_COLOR` loses
nothing. The other screens (turn summary, end, help, too small) live in `render_screens` and are
re-exported here, so the application imports every renderer from this one module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from famiglia.engine import Card, Family, SeatView, Step, StreetCard

from .render_parts import cards_text, joined, line_count, points, vp_text
from .render_screens import MIN_SIZE, event_lines, render_end, render_help, render_too_small, render_turn_summary
from .theme import card_text, family_label
from .words import plural

__all__ = [
    "MIN_SIZE",
    "STEP_SEPARATOR",
    "WIDE",
    "draw_stack_counts",
    "hand",
    "player_row",
    "render_end",
    "render_handoff",
    "render_help",
    "render_table",
    "render_too_small",
    "render_turn_summary",
    "status_text",
    "step_bar",
    "street",
    "warnings",
]

WIDE: Final = 110  # from this width the table is laid out in two columns
SMALL_STACK: Final = 6  # R3.4: fewer cards than a new Street is worth a warning
STEP_SEPARATOR: Final = " \u203a "  # a single right-pointing angle quote between the steps

_CARD_INSIDE: Final = 7  # cells inside a Street card's frame: room for "F4→2♥" and "15 VP"
_CARD_WIDTH: Final = _CARD_INSIDE + 2
_PASS_WORDS: Final = ("First pass through the deck", "After the first exhaustion", "Final round")


# -- the status line, the step bar and the warnings -------------------------------------------------------


def status_text(view: SeatView) -> Text:
    """Which pass through the deck this is, the draw stack and the discard pile (R9, R12.1)."""
    stack = Text("draw stack ")
    stack.append(str(view.draw_stack_size), style="count")
    pile = Text("discard pile ")
    if view.discard_pile:
        pile.append(str(len(view.discard_pile)), style="count")
        pile.append(", top ")
        pile.append_text(card_text(view.discard_pile[-1]))
    else:
        pile.append("empty", style="label")
    return joined([Text(_PASS_WORDS[min(view.exhaustions, 2)], style="title"), stack, pile])


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
    elif view.refreshes and current is Step.REFRESH:
        text.append(f"  (refreshed {plural(view.refreshes, 'time')})", style="label")
    return text


def _turn_line(view: SeatView) -> Text:
    text = Text()
    if view.is_over:
        text.append(" Game over ", style="name.active")
        return text
    name = view.names[view.to_move]
    text.append(f" Your turn, {name} " if view.my_turn else f" {name}'s turn ", style="name.active")
    text.append("   ")
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
        out.append(f"Final round: the game ends after {view.names[view.second_player]}'s turn")  # R9.3
    if view.pass_ends_game:
        out.append(f"{view.names[1 - view.to_move]} passed: a pass now ends the game")  # R8.5, R10.2
    if view.exhaustions < 2:
        size = view.draw_stack_size
        then = "the discard pile becomes the new stack" if view.exhaustions == 0 else "the final round begins"
        if size == 1:
            out.append(f"The next draw exhausts the stack: {then}")  # R9.1-R9.3
        elif size <= SMALL_STACK:
            out.append(f"Only {size} cards left in the draw stack")
    return out


def _warning_lines(view: SeatView) -> list[Text]:
    return [Text(f"! {w}", style="warning") for w in warnings(view)]


# -- the Street ---------------------------------------------------------------------------------------------


def _centred(text: Text, width: int) -> Text:
    text.pad_left((width - text.cell_len) // 2)
    text.pad_right(width - text.cell_len)
    return text


def _street_card_rows(sc: StreetCard) -> list[Text]:
    frame = "card.frame"
    face = _centred(card_text(sc.card, effective=sc.effective if sc.reduced else None), _CARD_INSIDE)
    vp = Text(f"{sc.card.points} VP", style="points")
    vp = _centred(vp, _CARD_INSIDE) if vp.cell_len % 2 else _centred(Text(" ") + vp, _CARD_INSIDE)
    rows = [Text("╭" + "─" * _CARD_INSIDE + "╮", style=frame)]
    for inside in (face, vp):
        row = Text("│", style=frame)
        row.append_text(inside)
        row.append("│", style=frame)
        rows.append(row)
    rows.append(Text("╰" + "─" * _CARD_INSIDE + "╯", style=frame))
    return rows


def street_cards(cards: Sequence[StreetCard], *, width: int) -> Group:
    """The Street as rows of small framed cards: name and symbol (a reduction as `F4→2♥`), victory points."""
    per_row = max(1, (width + 1) // (_CARD_WIDTH + 1))
    lines: list[Text] = []
    for start in range(0, len(cards), per_row):
        boxes = [_street_card_rows(sc) for sc in cards[start:start + per_row]]
        for r in range(4):
            line = Text(" ").join(box[r] for box in boxes)
            line.no_wrap = True
            lines.append(line)
    return Group(*lines)


def street_line(cards: Sequence[StreetCard]) -> Text:
    """The Street on as few lines as possible, for a small screen: `F4♥ 15 VP   B3→1♣ 6 VP`."""
    parts = []
    for sc in cards:
        part = card_text(sc.card, effective=sc.effective if sc.reduced else None)
        part.append(f" {sc.card.points}", style="points")
        parts.append(part)
    return joined(parts, "   ")


def street(view: SeatView, *, width: int, compact: bool = False) -> RenderableType:
    """The Street with a title; framed cards unless `compact` (R12.1: the Street is public, reductions too)."""
    title = Text("The Street", style="heading")
    title.append(f"  {plural(len(view.street), 'card')}", style="label")
    if compact and view.street:
        title.append("  (victory points after each card)", style="label")
    body: RenderableType
    if not view.street:
        body = Text("Empty: nothing is left to deal", style="label")  # R10.1
    elif compact:
        body = street_line(view.street)
    else:
        body = street_cards(view.street, width=width)
    return Group(title, body)


# -- the players ----------------------------------------------------------------------------------------------


def _player_label(view: SeatView, player: int) -> Text:
    text = Text(view.names[player], style="name")
    role = "1st" if player == view.start_player else "2nd"
    you = ", you" if player == view.seat else ""
    text.append(f" ({role}{you})", style="label")
    return text


def _player_grid(view: SeatView) -> Table:
    """A grid for one player's row; its columns line up with the other player's row."""
    label = max(_player_label(view, p).cell_len for p in (0, 1))
    size = max(len(plural(n, "card") + " in hand") for n in view.hand_sizes)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True, min_width=label)
    grid.add_column(no_wrap=True, min_width=size)
    grid.add_column(ratio=1)
    return grid


def player_row(view: SeatView, player: int, *, memory_aid: bool = False) -> Table:
    """One player at the table: hand size (never the opponent's cards, R12.2), play area and its points.

    With `memory_aid`, the seat's view holds the opponent's hand as tracked from public actions (R12.3):
    then that hand and the player's live total (hand and play area) are shown as well.
    """
    grid = _player_grid(view)
    area = view.play_areas[player]
    size = Text(plural(view.hand_sizes[player], "card") + " in hand")
    grid.add_row(_player_label(view, player), size,
                 joined([Text("play area ", style="label") + vp_text(points(area)), cards_text(area)], "  "))
    held = _known_hand(view, player) if memory_aid else None
    if held is not None:
        label = "hand" if player == view.seat else "hand (tracked)"
        total = Text("live total ", style="label") + vp_text(points(held) + points(area))
        grid.add_row("", total, joined([Text(label, style="label"), cards_text(held)], "  "))
    return grid


def _known_hand(view: SeatView, player: int) -> tuple[Card, ...] | None:
    if view.seat is None:
        return None
    return view.hand if player == view.seat else view.opponent_hand


def hand(view: SeatView) -> RenderableType:
    """The seat's own hand, grouped by family, with its size and points."""
    own = view.hand
    title = Text("Your hand", style="heading")
    title.append("  ")
    title.append_text(joined([plural(len(own), "card"), vp_text(points(own))]))
    grid = Table.grid(padding=(0, 2), expand=True)
    by_family: dict[Family, list[Card]] = {f: [] for f in Family}
    for c in own:
        by_family[c.family].append(c)
    for _ in Family:
        grid.add_column(ratio=1)
    grid.add_row(*(family_label(f) for f in Family))
    grid.add_row(*(cards_text(by_family[f]) for f in Family))
    return Group(title, grid)


def draw_stack_counts(view: SeatView) -> Text | None:
    """Memory aid (R12.3): what the draw stack holds, as counts per kind, never its order."""
    counts = view.draw_stack_counts
    if counts is None:
        return None
    text = Text("Draw stack holds  ", style="label")
    text.append_text(cards_text([c for c, n in counts.items() for _ in range(n)], empty="nothing"))
    return text


# -- the table ----------------------------------------------------------------------------------------------------


def render_table(view: SeatView, *, width: int, height: int | None = None, memory_aid: bool = False) -> RenderableType:
    """The table as `view.seat` sees it: whose turn and step, warnings, the opponent, the Street, you, your hand.

    Uses only `view` (the opponent's hand only with `memory_aid`, and only as the view tracks it). At
    80 columns it is stacked: 15 rows with a Street of six and no warning. Given a `height`, it drops
    the blank lines and then writes the Street on one line until it fits. From `WIDE` columns on, the
    public record of this turn and the last one is shown beside the table.
    """
    table = _table(view, width=width, memory_aid=memory_aid, spaced=True, compact=False)
    if height is None:
        return table
    for spaced, compact in ((False, False), (False, True)):
        if line_count(table, width) <= height:
            break
        table = _table(view, width=width, memory_aid=memory_aid, spaced=spaced, compact=compact)
    return table


def _table(view: SeatView, *, width: int, memory_aid: bool, spaced: bool, compact: bool) -> RenderableType:
    wide = width >= WIDE
    main_width = width - 46 if wide else width
    gap: list[RenderableType] = [Text()] if spaced else []
    top: list[RenderableType] = [_turn_line(view), status_text(view), *_warning_lines(view), *gap]
    body: list[RenderableType] = [player_row(view, view.opponent, memory_aid=memory_aid)]
    body.append(street(view, width=main_width, compact=compact))
    if view.seat is not None:
        body.extend(gap)
        body.append(player_row(view, view.seat, memory_aid=memory_aid))
        body.append(hand(view))
    if memory_aid:
        counts = draw_stack_counts(view)
        if counts is not None:
            body.append(counts)
    if not wide:
        return Group(*top, *body)
    columns = Table.grid(padding=(0, 2), expand=True)
    columns.add_column(width=main_width)
    columns.add_column(ratio=1)
    columns.add_row(Group(*body), _events_panel(view))
    return Group(*top, columns)


def _events_panel(view: SeatView) -> RenderableType:
    """The public record beside a wide table: the last turn and this one so far (R12.1)."""
    lines: list[RenderableType] = []
    if view.last_turn:
        lines.append(Text("Last turn", style="heading"))
        before = view.exhaustions - sum(e.exhausted for e in view.this_turn)
        lines.append(event_lines(view.last_turn, view.names, exhaustions=before))
    if view.this_turn:
        lines.append(Text("This turn", style="heading"))
        lines.append(event_lines(view.this_turn, view.names, exhaustions=view.exhaustions))
    if not lines:
        lines.append(Text("Nothing played yet.", style="label"))
    return Panel(Group(*lines), title="At the table", title_align="left", border_style="card.frame")


# -- the handoff --------------------------------------------------------------------------------------------------


def render_handoff(view: SeatView, *, width: int, height: int | None = None) -> RenderableType:
    """Between turns: no hand at all, only who is next and the public table (R12.1).

    `view` is the public view (`seat` None); nothing here reads a hand or the legal actions. Given a
    `height`, the banner and then the Street are drawn smaller until it fits.
    """
    screen = _handoff(view, width=width, roomy=True, compact=False)
    if height is None:
        return screen
    for roomy, compact in ((False, False), (False, True)):
        if line_count(screen, width) <= height:
            break
        screen = _handoff(view, width=width, roomy=roomy, compact=compact)
    return screen


def _handoff(view: SeatView, *, width: int, roomy: bool, compact: bool) -> RenderableType:
    name = view.names[view.to_move]
    message = Text(justify="center")
    message.append(f"Pass the keyboard to {name}", style="handoff")
    message.append("\n")
    message.append("— press Enter when ready —", style="notice")
    banner = Panel(message, border_style="title", padding=(1 if roomy else 0, 2))
    public: list[RenderableType] = [banner, status_text(view), *_warning_lines(view)]
    public.append(street(view, width=width, compact=compact))
    for p in (1 - view.to_move, view.to_move):
        public.append(_public_player_row(view, p))
    return Group(*public)


def _public_player_row(view: SeatView, player: int) -> Table:
    grid = _player_grid(view)
    area = view.play_areas[player]
    label = Text(view.names[player], style="name")
    label.append(f" ({'1st' if player == view.start_player else '2nd'})", style="label")
    grid.add_row(label, Text(plural(view.hand_sizes[player], "card") + " in hand"),
                 joined([Text("play area ", style="label") + vp_text(points(area)), cards_text(area)], "  "))
    return grid
