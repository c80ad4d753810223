"""Pure functions from a seat's view of the game to rich renderables: the table and the handoff.

Each function takes a `SeatView` (R12: what one seat may see) or plain public data, and nothing else,
so what is drawn during a turn can never depend on the opponent's hidden hand. They adapt to the
width they are given: stacked at 80 columns, in two columns on wider terminals. Styles are the
semantic names of `theme.THEME`; every card shows its family letter and symbol, so `NO_COLOR` loses
nothing. The other screens (turn summary, end, help, too small) live in `render_screens` and are
re-exported here, so the application imports every renderer from this one module.
"""

from __future__ import annotations

from typing import Final

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from famiglia.engine import Card, Event, Family, SeatView, Step, Swap

from ..model.words import plural
from .cards import CardStyle, hand_cards, street_cards
from .parts import card_parts, flow, joined, known_hand, line_count, pad, points, short_name, vp_text
from .screens import MIN_SIZE, event_lines, render_end, render_help, render_too_small, render_turn_summary
from .theme import card_text, family_label

__all__ = [
    "LEVELS",
    "MIN_SIZE",
    "STEP_SEPARATOR",
    "WIDE",
    "draw_stack_counts",
    "hand",
    "hand_block",
    "level_cards",
    "player_row",
    "render_end",
    "render_handoff",
    "render_help",
    "render_table",
    "render_too_small",
    "render_turn_summary",
    "status_text",
    "steady_level",
    "step_bar",
    "street",
    "street_lines",
    "table_level",
    "warnings",
]

WIDE: Final = 110  # from this width the table is laid out in two columns
SMALL_STACK: Final = 6  # R3.4: fewer cards than a new Street is worth a warning
STEP_SEPARATOR: Final = " \u203a "  # a single right-pointing angle quote between the steps

_ROOM_FOR_CARDS: Final = 10  # a player's cards start a line of their own when less room is left beside the name
SIDE: Final = 44  # the width of the record of the turns beside a wide table
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
    """The four steps of a turn in a row: the first the player can take now marked, the others dimmed
    when they are past or closed (no Accountant in hand, say), so the mark never points at a step
    without a legal action (R4.1). The legal actions decide; off the player's turn the view's step does."""
    open_steps = {a.step for a in view.legal_actions}
    current = min((s for s in open_steps if s >= view.current_step), default=view.current_step)
    text = Text()
    for i, step in enumerate(Step):
        if i:
            text.append(STEP_SEPARATOR, style="step.sep")
        if step < current:
            text.append(step.title, style="step.past")
        elif step is current:
            text.append(f"▶{step.title}", style="step.current")
        elif open_steps and step not in open_steps:
            text.append(step.title, style="step.closed")
        else:
            text.append(step.title, style="step.future")
    if view.step is Step.ACCOUNTANT and view.swaps_left:
        if any(isinstance(a, Swap) for a in view.legal_actions):
            text.append(f"  ({plural(view.swaps_left, 'swap')} left)", style="notice")  # R6.2
        else:  # R6.1: an Accountant may be played with nothing to swap
            text.append("  (no swap possible)", style="label")
    elif view.refreshes and current is Step.REFRESH:
        text.append(f"  ({plural(view.refreshes, 'refresh', 'refreshes')} so far)", style="label")
    return text


def _turn_lines(view: SeatView, width: int, *, spectator: bool = False) -> list[Text]:
    """Whose turn it is and the step bar: one line, or two if the name is long."""
    if view.is_over:
        return [Text(" Game over ", style="name.active")]
    name = short_name(view.names[view.to_move])
    yours = view.my_turn and not spectator
    who = Text(f" Your turn, {name} " if yours else f" {name}'s turn ", style="name.active")
    bar = step_bar(view)
    if who.cell_len + 3 + bar.cell_len <= width:
        return [Text.assemble(who, "   ", bar)]
    return [who, bar]


def warnings(view: SeatView) -> list[str]:
    """What a player should know before choosing: the end is near (R8.5, R9.3, R10.2)."""
    if view.is_over:
        return []
    out: list[str] = []
    if view.is_last_turn:
        out.append("Last turn: the game ends after this turn")  # R9.3
    elif view.is_final_round:
        out.append(f"Final round: the game ends after {short_name(view.names[view.second_player])}'s turn")  # R9.3
    if view.pass_ends_game:
        out.append(f"{short_name(view.names[1 - view.to_move])} passed: a pass now ends the game")  # R8.5, R10.2
    if view.exhaustions < 2:
        size = view.draw_stack_size
        then = "the discard pile becomes the new stack" if view.exhaustions == 0 else "the game ends with this round"
        if size == 1:
            out.append(f"The next draw exhausts the stack: {then}")  # R9.1-R9.3
        elif size <= SMALL_STACK:
            out.append(f"Only {size} cards left in the draw stack")
    return out


def _warning_lines(view: SeatView) -> list[Text]:
    return [Text(f"! {w}", style="warning") for w in warnings(view)]


# -- the Street ---------------------------------------------------------------------------------------------


def street_lines(view: SeatView, *, width: int, style: CardStyle = CardStyle.FRAMED) -> list[Text]:
    """The Street with a title, its cards drawn in `style` (R12.1: the Street is public, reductions too)."""
    title = Text("The Street", style="heading")
    title.append(f"  {plural(len(view.street), 'card')}", style="label")
    if not view.street:
        return [title, Text("Empty: nothing is left to deal", style="label")]  # R10.1
    if style is CardStyle.LINE:
        title.append("  (victory points after each card)", style="label")
    return [title, *street_cards(view.street, width=width, style=style)]


def street(view: SeatView, *, width: int, style: CardStyle = CardStyle.FRAMED) -> Group:
    """`street_lines` as one renderable."""
    return Group(*street_lines(view, width=width, style=style))


# -- the players ----------------------------------------------------------------------------------------------


def _player_label(view: SeatView, player: int, *, spectator: bool = False) -> Text:
    text = Text(short_name(view.names[player]), style="name")
    role = "1st" if player == view.start_player else "2nd"
    you = ", you" if player == view.seat and not spectator else ""
    text.append(f" ({role}{you})", style="label")
    return text


def _size_words(n: int) -> str:
    return plural(n, "card") + " in hand"


def player_row(view: SeatView, player: int, *, width: int, memory_aid: bool = False,
               spectator: bool = False) -> list[Text]:
    """One player at the table: hand size (never the opponent's cards, R12.2), play area and its points.

    With `memory_aid`, the seat's view holds the opponent's hand as tracked from public actions (R12.3):
    then that hand and the player's live total (hand and play area) are shown as well. The columns
    line up with the other player's row; the lines never wrap again. A `spectator` (the replay, both
    hands open) is nobody at the table: no player is "you", and the other hand is simply the hand.
    """
    label_width = max(_player_label(view, p, spectator=spectator).cell_len for p in (0, 1))
    size_width = max(len(_size_words(n)) for n in view.hand_sizes)
    area = view.play_areas[player]
    held = known_hand(view, player) if memory_aid else None
    total = Text.assemble(Text("live total ", style="label"), vp_text(points(area) + points(held or ())))
    if held is not None:
        size_width = max(size_width, total.cell_len)
    head = Text.assemble(pad(_player_label(view, player, spectator=spectator), label_width), "  ",
                         pad(Text(_size_words(view.hand_sizes[player])), size_width), "  ")
    play_area = Text.assemble(Text("play area ", style="label"), vp_text(points(area)), "  ")
    cards = card_parts(area) or [Text("—", style="label")]
    roomy = head.cell_len + play_area.cell_len <= width - _ROOM_FOR_CARDS
    if roomy:
        lead = head + play_area
        lines = flow(cards, width, first=lead, indent=lead.cell_len)
    else:  # a long name: the play area on a line of its own
        lead = Text.assemble("  ", play_area)
        lines = [head, *flow(cards, width, first=lead, indent=lead.cell_len)]
    if held is not None:
        lead = Text.assemble(" " * (label_width + 2), pad(total, size_width)) if roomy else Text.assemble("  ", total)
        if player == view.seat:  # the own hand is drawn below the table
            lines.append(lead)
        else:
            lead.append("  hand  " if spectator else "  hand (tracked)  ", style="label")
            lines += flow(card_parts(held) or [Text("—", style="label")], width, first=lead, indent=lead.cell_len)
    return lines


def hand(view: SeatView, *, width: int, spectator: bool = False) -> list[Text]:
    """The seat's own hand as text, grouped by family in four columns, with its size and points."""
    gap = 2
    column = max(1, (width - 3 * gap) // 4)
    by_family: dict[Family, list[Card]] = {f: [] for f in Family}
    for c in view.hand:
        by_family[c.family].append(c)
    columns = [[family_label(f), *flow(card_parts(by_family[f]) or [Text("—", style="label")], column)]
               for f in Family]
    lines = [_hand_title(view, spectator=spectator)]
    for r in range(max(len(c) for c in columns)):
        cells = [c[r] if r < len(c) else Text() for c in columns]
        line = Text(" " * gap).join([*(pad(cell, column) for cell in cells[:-1]), cells[-1]])
        line.no_wrap = True
        lines.append(line)
    return lines


def hand_block(view: SeatView, *, width: int, style: CardStyle = CardStyle.FRAMED,
               spectator: bool = False) -> list[Text]:
    """The seat's own hand as framed cards (`FRAMED` or `COMPACT`), families apart."""
    return [_hand_title(view, spectator=spectator), *hand_cards(view.hand, width=width, style=style)]


def _hand_title(view: SeatView, *, spectator: bool = False) -> Text:
    whose = f"{short_name(view.names[view.seat])}'s hand" if spectator and view.seat is not None else "Your hand"
    title = Text(whose, style="heading")
    title.append("  ")
    title.append_text(joined([plural(len(view.hand), "card"), vp_text(points(view.hand))]))
    return title


def draw_stack_counts(view: SeatView, *, width: int) -> list[Text]:
    """Memory aid (R12.3): what the draw stack holds, as counts per kind, never its order."""
    counts = view.draw_stack_counts
    if counts is None:
        return []
    parts = card_parts([c for c, n in counts.items() for _ in range(n)]) or [Text("nothing", style="label")]
    return flow(parts, width, first=Text("Draw stack holds  ", style="label"), indent=2)


# -- the table ----------------------------------------------------------------------------------------------------

# The drawings of the table from the richest to the smallest: how the Street and the own hand are drawn,
# and whether blank lines set the parts apart. A screen keeps one of them (`steady_level`); with only a
# height, the richest that fits is chosen.
_LEVELS: Final = (  # (the cards of the Street and the hand, blank lines)
    (CardStyle.FRAMED, True),
    (CardStyle.FRAMED, False),
    (CardStyle.COMPACT, True),
    (CardStyle.COMPACT, False),
    (CardStyle.LINE, False),  # the last resort: the Street as lines of text, the hand in family columns
)
LEVELS: Final = len(_LEVELS)

# What a drawing must hold to be kept for a whole game at a screen's size: a long Street, a full hand,
# and rows to spare for a warning or a long play area (a bigger table is rare, and then the drawing
# steps down for that turn).
_STEADY_STREET: Final = 12
_STEADY_HAND: Final = 8  # kinds of card
_STEADY_TOP: Final = 2  # whose turn, the status line
_STEADY_SPARE: Final = 2
_CARD_ROWS: Final = {CardStyle.FRAMED: 4, CardStyle.COMPACT: 2}
_CARD_CELLS: Final = {CardStyle.FRAMED: 10, CardStyle.COMPACT: 8}  # a card and the gap after it


def steady_level(width: int, height: int, *, memory_aid: bool = False) -> int:
    """The drawing a table `width` columns wide keeps in `height` rows, whatever the game brings.

    The screen's size alone decides, so the Street and the hand keep their shape from turn to turn:
    the richest drawing in which a large table (`_STEADY_*`) fits. At 80x24 that is the compact cards.
    The memory aid adds its rows: the tracked hand, the live total, the draw stack's cards.
    """
    main = width - SIDE - 2 if width >= WIDE else width
    for level, (style, spaced) in enumerate(_LEVELS[:-1]):
        per_row = max(1, (main + 1) // _CARD_CELLS[style])
        street = _CARD_ROWS[style] * -(-_STEADY_STREET // per_row)
        hand = _CARD_ROWS[style] * -(-_STEADY_HAND // max(1, (main - 6) // _CARD_CELLS[style]))
        rows = _STEADY_TOP + 2 * spaced + 2 + 1 + street + 1 + hand + 4 * memory_aid + _STEADY_SPARE
        if rows <= height:
            return level
    return LEVELS - 2  # the smallest cards: the text of the last resort only where a turn's table needs it


def level_cards(level: int) -> CardStyle:
    """How the cards are drawn at a level of the table."""
    return _LEVELS[level][0]


def render_table(view: SeatView, *, width: int, height: int | None = None, memory_aid: bool = False,
                 level: int | None = None, spectator: bool = False) -> RenderableType:
    """The table as `view.seat` sees it: whose turn and step, warnings, the opponent, the Street, you, your hand.

    Uses only `view` (the opponent's hand only with `memory_aid`, and only as the view tracks it). At
    80 columns it is stacked; from `WIDE` columns on, the public record of this turn and the last one
    stands beside the table. `level` (0 the richest, see `table_level`) fixes the drawing; else, given a
    `height`, the richest drawing that fits is chosen, and without one the richest of all. With
    `spectator` the same table is worded for someone watching both hands (the replay): "Ben's turn",
    "Ben's hand", never "you".
    """
    parts = _Parts(view, width=width, memory_aid=memory_aid, spectator=spectator)
    if level is None:
        level = table_level(view, width=width, height=height, memory_aid=memory_aid,
                            spectator=spectator) if height is not None else 0
    return parts.table(*_LEVELS[level], height=height)


def table_level(view: SeatView, *, width: int, height: int, memory_aid: bool = False, start: int = 0,
                spectator: bool = False) -> int:
    """The richest drawing from `start` on in which the table fits `height` rows (the last one if none does)."""
    parts = _Parts(view, width=width, memory_aid=memory_aid, spectator=spectator)
    for level in range(start, LEVELS - 1):
        if parts.rows(*_LEVELS[level]) <= height:
            return level
    return LEVELS - 1


class _Parts:
    """The pieces of one table, each built once, to be put together at several sizes.

    Everything but the top lines and the record beside a wide table is a list of lines that never
    wrap, so the rows of a drawing are counted without drawing it. The record does not decide the
    drawing: it is shortened to the height the table has, its oldest actions first.
    """

    def __init__(self, view: SeatView, *, width: int, memory_aid: bool, spectator: bool = False) -> None:
        self.view = view
        self.width = width
        self.spectator = spectator
        self.wide = width >= WIDE
        self.main = width - SIDE - 2 if self.wide else width
        self.top: list[RenderableType] = [*_turn_lines(view, width, spectator=spectator), status_text(view),
                                          *_warning_lines(view)]
        self.opponent = player_row(view, view.opponent, width=self.main, memory_aid=memory_aid, spectator=spectator)
        self.own = player_row(view, view.seat, width=self.main, memory_aid=memory_aid,
                              spectator=spectator) if view.seat is not None else []
        self.after = draw_stack_counts(view, width=self.main) if memory_aid else []
        self._streets: dict[CardStyle, list[Text]] = {}
        self._hands: dict[CardStyle, list[Text]] = {}
        self._top_rows: int | None = None

    def street(self, style: CardStyle) -> list[Text]:
        if style not in self._streets:
            self._streets[style] = street_lines(self.view, width=self.main, style=style)
        return self._streets[style]

    def hand(self, style: CardStyle) -> list[Text]:
        if style not in self._hands:
            if self.view.seat is None:
                self._hands[style] = []
            elif style is CardStyle.LINE:
                self._hands[style] = hand(self.view, width=self.main, spectator=self.spectator)
            else:
                self._hands[style] = hand_block(self.view, width=self.main, style=style, spectator=self.spectator)
        return self._hands[style]

    def body(self, style: CardStyle, spaced: bool) -> list[Text]:
        gap = [Text()] if spaced else []
        return [*self.opponent, *self.street(style), *gap, *self.own, *self.hand(style), *self.after]

    def table(self, style: CardStyle, spaced: bool, *, height: int | None = None) -> RenderableType:
        """The drawing at one level; within `height` rows, if given, the record beside a wide table too."""
        gap: list[RenderableType] = [Text()] if spaced else []
        body = self.body(style, spaced)
        if not self.wide:
            return Group(*self.top, *gap, *body)
        side_rows = None if height is None else height - self.top_rows() - len(gap)
        columns = Table.grid(padding=(0, 2), expand=True)
        columns.add_column(width=self.main)
        columns.add_column(ratio=1)
        columns.add_row(Group(*body), _events_panel(self.view, width=self.width - self.main - 2, rows=side_rows))
        return Group(*self.top, *gap, columns)

    def top_rows(self) -> int:
        if self._top_rows is None:
            self._top_rows = line_count(Group(*self.top), self.width)
        return self._top_rows

    def rows(self, style: CardStyle, spaced: bool) -> int:
        """The rows `table(...)` takes, the record beside a wide table aside (it is made to fit)."""
        return self.top_rows() + (1 if spaced else 0) + len(self.body(style, spaced))


def _events_panel(view: SeatView, *, width: int, rows: int | None = None) -> RenderableType:
    """The public record beside a wide table: the last turn and this one so far (R12.1).

    Within `rows` rows, if given: the oldest actions give way first, counted in a line of their own.
    """
    last, this = list(view.last_turn), list(view.this_turn)
    left_out = [0, 0]
    while True:
        panel = _events_panel_of(view, (last, this), left_out)
        if rows is None or line_count(panel, width) <= rows or not (last or this):
            return panel
        turn = 0 if last else 1
        (last, this)[turn].pop(0)
        left_out[turn] += 1


def _events_panel_of(view: SeatView, turns: tuple[list[Event], list[Event]], left_out: list[int]) -> RenderableType:
    lines: list[RenderableType] = []
    for title, events, skipped in zip(("Last turn", "This turn"), turns, left_out, strict=True):
        if not events and not skipped:
            continue
        lines.append(Text(title, style="heading"))
        if skipped:
            lines.append(Text(f"  … {plural(skipped, 'earlier action')}", style="label"))
        lines.append(event_lines(events, view.names))
    if not lines:
        lines.append(Text("Nothing played yet.", style="label"))
    return Panel(Group(*lines), title="At the table", title_align="left", border_style="card.frame")


# -- the handoff --------------------------------------------------------------------------------------------------


def render_handoff(view: SeatView, *, width: int, height: int | None = None,
                   cards: CardStyle = CardStyle.FRAMED) -> RenderableType:
    """Between turns: no hand at all, only who is next and the public table (R12.1).

    `view` is the public view (`seat` None); nothing here reads a hand or the legal actions. The Street
    is drawn in `cards`, as the table at this size draws it (`level_cards`), so it keeps its shape
    when the hand is shown. Given a `height`, the banner and then the Street are drawn smaller until it fits.
    """
    screen = _handoff(view, width=width, roomy=True, cards=cards)
    if height is None:
        return screen
    for roomy, style in ((False, cards), (False, CardStyle.COMPACT), (False, CardStyle.LINE)):
        if line_count(screen, width) <= height:
            break
        screen = _handoff(view, width=width, roomy=roomy, cards=style)
    return screen


def _handoff(view: SeatView, *, width: int, roomy: bool, cards: CardStyle) -> RenderableType:
    name = view.names[view.to_move]
    message = Text(justify="center")
    message.append(f"Pass the keyboard to {name}", style="handoff")
    message.append("\n")
    message.append("— press Enter when ready —", style="notice")
    banner = Panel(message, border_style="title", padding=(1 if roomy else 0, 2))
    public: list[RenderableType] = [banner, status_text(view), *_warning_lines(view)]
    public.append(street(view, width=width, style=cards))
    for p in (1 - view.to_move, view.to_move):
        public.extend(player_row(view, p, width=width))
    return Group(*public)
