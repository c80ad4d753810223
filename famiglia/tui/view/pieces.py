"""The small pieces every part of the screen shares: groups of cards, victory points, joined phrases, labels.

Everything here is a pure function of its arguments returning rich `Text` styled by theme names; the
parts above build on them and on `theme`'s card text, and nothing here knows a part.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from io import StringIO
from typing import Final

from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.text import Text

from famiglia.engine import Card, SeatView, sorted_cards
from famiglia.phrasebook.catalogue import _

from ..model.words import NAME_CELLS, short_name
from .theme import FAMILY_STYLE, THEME, card_text

__all__ = [
    "DOT",
    "NAME_CELLS",
    "capitalized",
    "card_parts",
    "cards_text",
    "fitted",
    "fitted_keys",
    "flow",
    "grouped",
    "joined",
    "known_hand",
    "line_count",
    "pad",
    "points",
    "seat_label",
    "short_name",
    "shorten_quoted",
    "vp_text",
    "wrapped",
]

DOT: Final = " · "
_GIVE_WAY: Final = ("↑↓", "Ctrl-C", "Esc")  # the keys a player knows already, in the order they give way


def points(cards: Iterable[Card]) -> int:
    """R11.1: the victory points of some cards."""
    return sum(c.points for c in cards)


def cards_text(cards: Iterable[Card], *, empty: str = "—") -> Text:
    """Cards in the game's order, copies of one kind written once with a count: `F1♥×2 A0♦`."""
    parts = card_parts(cards)
    if not parts:
        return Text(empty, style="label")
    return Text(" ").join(parts)


def vp_text(n: int) -> Text:
    """A number of victory points, as `12 VP`."""
    return Text(_("{n} VP").format(n=n), style="points")


def joined(parts: Iterable[Text | str], sep: str = DOT) -> Text:
    """Phrases joined by a dimmed separator."""
    text = Text()
    for i, part in enumerate(parts):
        if i:
            text.append(sep, style="label")
        text.append_text(part if isinstance(part, Text) else Text(part))
    return text


def known_hand(view: SeatView, player: int) -> tuple[Card, ...] | None:
    """`player`'s hand as far as `view` holds it: the own hand, and the opponent's once tracked or shown
    (R12.3, R11.1); None where it is not known, and in the public view, which holds no hand at all."""
    if view.seat is None:
        return None
    return view.hand if player == view.seat else view.opponent_hand


_MEASURE: Final = Console(file=StringIO(), width=80, theme=THEME, color_system=None, legacy_windows=False,
                          emoji=False, highlight=False, markup=False, _environ={})


def line_count(renderable: RenderableType, width: int) -> int:
    """How many rows `renderable` takes at `width` columns."""
    return len(_MEASURE.render_lines(renderable, _MEASURE.options.update(width=width), pad=False))


def wrapped(text: Text, width: int) -> list[Text]:
    """`text` in the rows it takes at `width` columns, broken between words as rich breaks it."""
    return list(text.wrap(_MEASURE, max(1, width)))


def hanging(lead: Text, words: Text, width: int) -> Text:
    """`lead` and then `words`, wrapped between words under themselves where they are longer than the row: no
    word is cut, and every row after the first starts where the words did (a menu line, a lobby's table)."""
    line = lead.copy()
    indent = lead.cell_len
    for i, row in enumerate(wrapped(words, width - indent) if width - indent > 0 else [words]):
        if i:
            line.append("\n" + " " * indent)
        line.append_text(row)
    return line


def word_cut(text: Text, cells: int) -> Text:
    """`text` in at most `cells` cells, cut after its last whole word that leaves room for `…` (never within a
    word, but where a single word is wider than the room)."""
    if text.cell_len <= cells:
        return text
    cut = text.copy()
    cut.truncate(max(0, cells - 1))
    space = cut.plain.rstrip().rfind(" ")
    if space > 0:
        cut = cut[:space]
    cut.rstrip()
    cut.append("…")
    cut.truncate(cells)
    return cut


def grouped(cards: Iterable[Card]) -> list[tuple[Card, int]]:
    """Cards in the game's order with copies counted: [(F1, 2), (A0, 1)]."""
    groups: list[tuple[Card, int]] = []
    for c in sorted_cards(cards):
        if groups and groups[-1][0] is c:
            groups[-1] = (c, groups[-1][1] + 1)
        else:
            groups.append((c, 1))
    return groups


def card_parts(cards: Iterable[Card]) -> list[Text]:
    """One piece per kind of card, copies counted: [`F1♥×2`, `A0♦`]; the pieces `cards_text` joins."""
    parts: list[Text] = []
    for c, count in grouped(cards):
        part = card_text(c)
        if count > 1:
            part.append(f"×{count}", style=FAMILY_STYLE[c.family])
        parts.append(part)
    return parts


def flow(parts: Sequence[Text], width: int, *, first: Text | None = None, indent: int = 0, gap: int = 1) -> list[Text]:
    """Pieces left to right with `gap` spaces between, wrapped into lines of at most `width` cells.

    `first` starts the first line; later lines start with `indent` spaces. Every line is marked not
    to wrap again, so a block of lines is exactly as many rows high as it has lines.
    """
    line = first.copy() if first is not None else Text()
    lines = [line]
    fresh = True  # nothing placed on this line yet
    for part in parts:
        space = 0 if fresh else gap
        if not fresh and line.cell_len + space + part.cell_len > width:
            line = Text(" " * indent)
            lines.append(line)
            space = 0
        line.append(" " * space)
        line.append_text(part)
        fresh = False
    for each in lines:
        each.no_wrap = True
        each.overflow = "ellipsis"
    return lines


def fitted(lines: Sequence[Text], rows: int, width: int) -> list[Text]:
    """At most `rows` of `lines`; where some are left out, the last kept one ends in `…` within `width` cells,
    whole pieces of it (a card and its count, `B1♣×2`) giving way for it rather than a piece being cut.

    A part of the table shortened inside its budget of rows, rather than pushing the parts below it down.
    """
    if len(lines) <= rows:
        return list(lines)
    kept = [line.copy() for line in lines[:rows]]
    if kept:
        last = kept[-1]
        last.rstrip()
        while last.cell_len + 2 > width and " " in last.plain.strip():
            last = last[:last.plain.rstrip().rfind(" ")]
            last.rstrip()
        last.append(" …")
        last.truncate(width, overflow="ellipsis")
        last.no_wrap = True
        kept[-1] = last
    return kept


def fitted_keys(line: str, width: int) -> str:
    """A key line within `width`: the keys everyone knows give way first (the arrows, Ctrl-C, Esc), then the
    later keys, so the first (what to do now) and `?: help`, which lists them all, still show; a language
    with longer words would otherwise wrap the line or cut it to '?: …'."""
    parts = line.split(DOT)
    for key in _GIVE_WAY:
        if cell_len(DOT.join(parts)) <= width:
            return DOT.join(parts)
        parts = [part for part in parts if not part.startswith((key + " ", key + ":"))]
    while cell_len(DOT.join(parts)) > width:
        later = [i for i in range(1, len(parts)) if not parts[i].startswith("?")]
        if not later:
            break
        del parts[later[-1]]
    return DOT.join(parts)


def pad(text: Text, width: int) -> Text:
    """`text` padded with spaces on the right to `width` cells (a copy)."""
    text = text.copy()
    text.pad_right(max(0, width - text.cell_len))
    return text


def seat_label(name: str, role: str) -> tuple[str, str]:
    """A player's name and what is said of their seat, as `Anna (1st, you)`; `Computer (easy, 2nd)`, never `) (`.

    Returns the name part and the rest, for two styles.
    """
    if name.endswith(")") and "(" in name:
        cut = name.rindex("(")
        return name[:cut].rstrip(), f" {name[cut:-1]}, {role})"
    return name, f" ({role})"


def capitalized(sentence: str, *, names: Sequence[str] = ()) -> str:
    """`sentence` with its first letter upper case: the engine's reasons start in lower case, the screen's do not.

    A sentence that opens with one of `names` keeps it as its player wrote it ("anna passed"), as every other
    place that shows the name does.
    """
    if any(name and sentence.startswith(name) for name in names):
        return sentence
    return sentence[:1].upper() + sentence[1:]


# A Python repr of a string, as the engine quotes what was typed ('take F9', or "it's"), or a long word.
_PIECE: Final = re.compile(r"'(?:\\.|[^'\\])*'|\"(?:\\.|[^\"\\])*\"|\S{16,}")
_KEPT: Final = 12  # a shortened piece keeps this many characters, half at each end


def shorten_quoted(sentence: str, cells: int) -> str:
    """`sentence` in at most `cells` cells, its longest quotations and words shortened in the middle (`…`).

    A refusal quotes what was typed, and a pasted line may be thousands of characters long: the reason
    must stay readable. The longest pieces give way first, down to a common length, and keep their ends,
    so the player still recognises what they typed; short words are never shortened, so a sentence of
    them may stay longer than `cells`.
    """
    excess = cell_len(sentence) - cells
    pieces = [(m.start(), m.end(), _inside(m.group())) for m in _PIECE.finditer(sentence)]
    pieces = [p for p in pieces if len(p[2][1]) > _KEPT + 1]
    if excess <= 0 or not pieces:
        return sentence

    def saved(length: int) -> int:  # what shortening every longer piece to `length` saves (an ellipsis each)
        return sum(len(inner) - length - 1 for _, _, (_, inner) in pieces if len(inner) > length + 1)

    length = max(len(inner) for _, _, (_, inner) in pieces)
    low = _KEPT
    while low < length:  # the longest common length that saves enough
        middle = (low + length + 1) // 2
        if saved(middle) >= excess:
            low = middle
        else:
            length = middle - 1
    out, pos = [], 0
    for start, end, (edge, inner) in pieces:
        out.append(sentence[pos:start])
        if len(inner) > low + 1:
            inner = f"{inner[:(low + 1) // 2]}…{inner[len(inner) - low // 2:]}"
        out.append(f"{edge}{inner}{edge}")
        pos = end
    out.append(sentence[pos:])
    return "".join(out)


def _inside(piece: str) -> tuple[str, str]:
    """A quotation's quote mark and what it quotes, or ("", piece) for a word."""
    if len(piece) > 1 and piece[0] in "'\"" and piece[-1] == piece[0]:
        return piece[0], piece[1:-1]
    return "", piece
