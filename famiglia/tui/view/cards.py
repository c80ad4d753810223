"""Cards drawn as cards: framed cards for the Street and the hand, compact ones for smaller screens.

Every block is a list of one-row `Text` lines that never wrap, so its height is known without rendering
it; `block_rows` says it for any number of cards, which the table's row model (`shape`) reads to choose
the drawing a screen keeps.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Final

from rich.text import Text

from famiglia.engine import Card, StreetCard

from .pieces import grouped, vp_text
from .theme import card_text

__all__ = ["CARD_CELLS", "CARD_ROWS", "CardStyle", "block_rows", "card_rows", "compact_card", "framed_card",
           "hand_cards", "street_cards"]

_INSIDE: Final = 7  # cells inside a frame: room for "F4→2♥" and "15 VP"
_COMPACT_INSIDE: Final = 5  # cells between the corners of a compact card: "F4→2♥", "15 VP", "F1♥×2"
_FRAME: Final = "card.frame"
_NEW: Final = "card.new"
# The frame's pieces (corners, edge, side): a card new on the table since the last turn has a heavy frame,
# the card its Brute reduced a double one with the reduction (`−2`) on it, which show without colour too.
_LIGHT: Final = ("╭", "╮", "╰", "╯", "─", "│")
_HEAVY: Final = ("┏", "┓", "┗", "┛", "━", "┃")
_DOUBLE: Final = ("╔", "╗", "╚", "╝", "═", "║")
MINUS: Final = "\u2212"  # the reduction's sign: `−2`


def _frame(new: bool, reduced: int) -> tuple[tuple[str, ...], str]:
    """The frame's pieces and style of a card: reduced by the last turn's Brute, new since it, or neither."""
    if reduced:
        return _DOUBLE, _NEW
    if new:
        return _HEAVY, _NEW
    return _LIGHT, _FRAME


def _badge(count: int, reduced: int) -> str:
    """What the top edge says besides the name: copies stacked (`×2`), or the last turn's reduction (`−2`)."""
    if reduced:
        return f"{MINUS}{reduced}"
    return f"×{count}" if count > 1 else ""


class CardStyle(Enum):
    """How large the cards of a block are drawn, from the richest to the smallest."""

    FRAMED = "framed"  # four rows: a frame around the name and the victory points
    COMPACT = "compact"  # two rows: the name on the frame's top edge, the victory points on its bottom edge
    LINE = "line"  # one row per line of cards: `F4♥ 15   B3→1♣ 6`


# A drawn card's size, which the table's choice of drawing reads: its rows, its cells and the gap after it.
CARD_ROWS: Final = {CardStyle.FRAMED: 4, CardStyle.COMPACT: 2}
CARD_CELLS: Final = {CardStyle.FRAMED: 10, CardStyle.COMPACT: 8}
_BREAK: Final = 2  # the cells a wider gap between two families of a hand adds


def block_rows(count: int, width: int, style: CardStyle, *, breaks: int = 0) -> int:
    """The rows `count` cards drawn side by side take at `width` columns (`card_rows`), with `breaks` wider
    gaps on a row (a hand's families apart)."""
    per_row = max(1, (width + 1 - _BREAK * breaks) // CARD_CELLS[style])
    return CARD_ROWS[style] * -(-count // per_row)


def _centred(text: Text, width: int) -> Text:
    text.pad_left((width - text.cell_len) // 2)
    text.pad_right(width - text.cell_len)
    return text


def _points(card: Card, width: int) -> Text:
    vp = vp_text(card.points)
    if vp.cell_len % 2 == 0:  # "15 VP" and "6 VP" line up on the space
        vp = Text.assemble(" ", vp)
    return _centred(vp, width)


def framed_card(card: Card, *, effective: int | None = None, count: int = 1, new: bool = False,
                reduced: int = 0) -> list[Text]:
    """One card in a frame, four rows: name and symbol (a Brute's reduction as `F4→2♥`), victory points.

    `count` copies of the card are drawn as one with `×count` on its top edge; a `new` card (dealt or
    drawn in the last turn) has a heavy frame; the card the last turn's Brute `reduced` has a double
    frame with `−reduced` on its top edge.
    """
    (tl, tr, bl, br, edge, side), frame = _frame(new, reduced)
    top = Text(tl, style=frame)
    badge = _badge(count, reduced)
    if badge:
        top.append(edge * (_INSIDE - len(badge) - 1), style=frame)
        top.append(badge, style="count")
        top.append(edge + tr, style=frame)
    else:
        top.append(edge * _INSIDE + tr, style=frame)
    rows = [top]
    for inside in (_centred(card_text(card, effective=effective), _INSIDE), _points(card, _INSIDE)):
        rows.append(Text.assemble(Text(side, style=frame), inside, Text(side, style=frame)))
    rows.append(Text(bl + edge * _INSIDE + br, style=frame))
    return rows


def compact_card(card: Card, *, effective: int | None = None, count: int = 1, new: bool = False,
                 reduced: int = 0) -> list[Text]:
    """One card in two rows, the name set in the frame's top edge and the points in its bottom edge:

        ╭F4→2♥╮   ┏F1♥×2┓
        ╰15 VP╯   ┗━3 VP┛

    Half the height of `framed_card` and as many cards to a line as the short forms, so a Street of
    twenty cards and a full hand fit an 80x24 screen together, still drawn as cards. A `new` card
    (dealt or drawn in the last turn) has a heavy frame, the one the last turn's Brute `reduced` a
    double frame and `−reduced` after its name (`╔F4♥−2╗`).
    """
    (tl, tr, bl, br, edge, _), frame = _frame(new, reduced)
    face = card_text(card, effective=effective)
    shown = effective is not None and effective != card.value  # the face says the reduction: `F4→2♥`
    badge = _badge(count, 0 if shown else reduced)
    if badge:
        face.append(badge, style="count")
    inside = max(_COMPACT_INSIDE, face.cell_len)
    top = Text(tl, style=frame)
    top.append_text(_edge(face, inside, edge, frame))
    top.append(tr, style=frame)
    bottom = Text(bl, style=frame)
    bottom.append_text(_edge(vp_text(card.points), inside, edge, frame))
    bottom.append(br, style=frame)
    return [top, bottom]


def _edge(text: Text, width: int, edge: str = "─", frame: str = _FRAME) -> Text:
    """`text` centred on a stretch of frame `width` cells long (a spare cell goes left: `─6 VP` under `15 VP`)."""
    left = (width - text.cell_len + 1) // 2
    return Text.assemble((edge * left, frame), text, (edge * (width - text.cell_len - left), frame))


def card_rows(cards: Sequence[list[Text]], *, width: int, breaks: Sequence[int] = ()) -> list[Text]:
    """Cards drawn side by side, wrapped onto further rows at `width`; a wider gap before each index in `breaks`."""
    lines: list[Text] = []
    row: list[list[Text]] = []
    used = 0

    def flush() -> None:
        for r in range(len(row[0])):
            line = Text()
            for part in row:
                line.append_text(part[r])
            line.no_wrap = True
            lines.append(line)

    for i, card in enumerate(cards):
        gap = Text(" " * (1 + _BREAK) if i in breaks else " ") if row else Text()
        size = card[0].cell_len + gap.cell_len
        if row and used + size > width:
            flush()
            row, used = [], 0
            gap, size = Text(), card[0].cell_len
        row.append([gap + line for line in card])
        used += size
    if row:
        flush()
    return lines


def street_cards(street: Sequence[StreetCard], *, width: int, style: CardStyle, new: Sequence[bool] = (),
                 reduced: Sequence[int] = (), rows: int | None = None) -> list[Text]:
    """The Street in the given style, as lines that never wrap (R12.1: reductions are public, R7.3).

    `new[i]` marks the i-th card as dealt or drawn in the last turn: a heavy frame, or a `+` before it as
    text; `reduced[i]` is the reduction the last turn's Brute made to it: a double frame with `−2`, or
    `−2` after it as text. Within `rows` lines, if given, copies alike are stacked with a count, and
    what still finds no room is named after them (`and F2♥ M3♠`), so the Street never takes more rows.
    """
    cards = [(sc, i < len(new) and new[i], reduced[i] if i < len(reduced) else 0) for i, sc in enumerate(street)]
    if style is CardStyle.LINE:
        return _street_text(cards, width=width, rows=rows)
    draw = framed_card if style is CardStyle.FRAMED else compact_card
    drawn = [draw(sc.card, effective=sc.effective, new=mark, reduced=cut) for sc, mark, cut in cards]
    lines = card_rows(drawn, width=width)
    if rows is None or len(lines) <= rows:
        return lines
    stacks = _stacked(cards)
    drawn = [draw(sc.card, effective=sc.effective, count=n, new=mark, reduced=cut) for (sc, mark, cut), n in stacks]
    named = [_named(sc.card, n, effective=sc.effective) for (sc, _, _), n in stacks]
    return _fitted(drawn, [n for _, n in stacks], named, style=style, width=width, rows=rows)


_Marked = tuple[StreetCard, bool, int]  # a Street card, whether it is new, the last turn's reduction of it


def _stacked(cards: Sequence[_Marked]) -> list[tuple[_Marked, int]]:
    """Copies alike (the same card, value and marks) as one with a count, in the order they first lie."""
    stacks: dict[_Marked, int] = {}
    for card in cards:
        stacks[card] = stacks.get(card, 0) + 1
    return list(stacks.items())


def _fitted(drawn: Sequence[list[Text]], counts: Sequence[int], named: Sequence[Text], *, style: CardStyle,
            width: int, rows: int) -> list[Text]:
    """As many of the `drawn` cards as `rows` lines hold, the rest named after them as text (`named`).

    The rest is written out rather than counted, so no card of the hand or the Street is missing from
    the screen; only where even the names find no room are they counted (`+3 more`).
    """
    for rest in (lambda shown: _rest(named[shown:], style), lambda shown: _more(sum(counts[shown:]), style)):
        for shown in range(len(drawn), -1, -1):
            lines = card_rows([*drawn[:shown], *([rest(shown)] if shown < len(drawn) else [])], width=width)
            if len(lines) <= rows:
                return lines
    return lines[:rows]


def _named(card: Card, count: int, *, effective: int | None = None) -> Text:
    """A card as its name for the rest of a full block: `F4→2♥`, copies counted (`M3♠×2`)."""
    text = card_text(card, effective=effective)
    if count > 1:
        text.append(f"×{count}", style="count")
    return text


def _rest(named: Sequence[Text], style: CardStyle) -> list[Text]:
    """The cards no row has room for, by name in the card's rows, as narrow as they go:

        and F4♥ M3♠×2
            A2♣
    """
    height = CARD_ROWS[style]
    lines: list[Text] = []
    for width in range(1, sum(n.cell_len + 1 for n in named) + 1):
        lines = [Text("and ", style="label")]
        for name in named:
            line = lines[-1]
            if line.cell_len > 4 and line.cell_len + 1 + name.cell_len > 4 + width:
                line = Text("    ")
                lines.append(line)
            elif line.cell_len > 4:
                line.append(" ")
            line.append_text(name)
        if len(lines) <= height:
            break
    cells = max(line.cell_len for line in lines) + 1
    lines += [Text() for _ in range(height - len(lines))]
    for line in lines:
        line.pad_right(cells - line.cell_len)
    return lines


def _more(count: int, style: CardStyle) -> list[Text]:
    """The cards no row has room for even by name, counted in the place of one more card: `+3` over `more`."""
    cells = CARD_CELLS[style] - 1
    rows = [Text(f"+{count}", style="count"), Text("more", style="label")]
    rows += [Text() for _ in range(CARD_ROWS[style] - len(rows))]
    return [_centred(row, cells) for row in rows]


def _street_text(cards: Sequence[_Marked], *, width: int, rows: int | None) -> list[Text]:
    """The Street as lines of text, the last resort: `+F4♥ 15   B3→1♣ 6   F2♥−2 6`."""
    lines: list[Text] = []
    for sc, mark, cut in cards:
        part = Text("+", style=_NEW) if mark else Text()
        part.append_text(card_text(sc.card, effective=sc.effective))
        if cut and sc.effective == sc.card.value:
            part.append(f"{MINUS}{cut}", style=_NEW)
        part.append(f" {sc.card.points}", style="points")
        if lines and lines[-1].cell_len + 3 + part.cell_len <= width:
            lines[-1].append("   ")
            lines[-1].append_text(part)
        else:
            lines.append(part)
    if rows is not None and len(lines) > rows:
        lines = lines[:rows]
        lines[-1].append(" …")
        lines[-1].truncate(width, overflow="ellipsis")
    for line in lines:
        line.no_wrap = True
    return lines


def hand_cards(hand: Sequence[Card], *, width: int, style: CardStyle = CardStyle.FRAMED,
               rows: int | None = None) -> list[Text]:
    """A hand as framed cards (`FRAMED` or `COMPACT`), families apart, copies of one kind stacked with a count.

    Within `rows` lines, if given, the families close up, and the kinds that still find no room are
    named after the cards (`and F4♥ M3♠×2`), so the hand never takes more rows and hides no card.
    """
    groups = grouped(hand)
    breaks = [i for i in range(1, len(groups)) if groups[i][0].family is not groups[i - 1][0].family]
    draw = compact_card if style is CardStyle.COMPACT else framed_card
    drawn = [draw(c, count=n) for c, n in groups]
    lines = card_rows(drawn, width=width, breaks=breaks)
    if rows is None or len(lines) <= rows:
        return lines
    return _fitted(drawn, [n for _, n in groups], [_named(c, n) for c, n in groups], style=style, width=width,
                   rows=rows)
