"""The players at the table: a player row (hand size, play area and its points), the own hand, the memory aid.

Only the seat's own view is read, so the opponent's cards never show (R12.2) but as the memory aid
tracks them from public actions (R12.3). Every part is a list of lines that never wrap, so its
height is known without drawing it.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from rich.text import Text

from famiglia.engine import DECK, Card, Family, SeatView

from ..model.words import plural
from .cards import CardStyle, hand_cards
from .parts import card_parts, fitted, flow, grouped, joined, known_hand, pad, points, seat_label, short_name, vp_text
from .theme import FAMILY_STYLE, FAMILY_SYMBOL, card_text, family_label

__all__ = ["draw_stack_counts", "hand", "hand_block", "player_label", "player_row"]

_ROOM_FOR_CARDS: Final = 10  # a player's cards start a line of their own when less room is left beside the name


def player_label(view: SeatView, player: int, *, spectator: bool = False) -> Text:
    """`Anna (1st, you)`: the name, and whether the player started and is the one at the keyboard."""
    role = "1st" if player == view.start_player else "2nd"
    you = ", you" if player == view.seat and not spectator else ""
    name, said = seat_label(short_name(view.names[player]), role + you)
    return Text.assemble((name, "name"), (said, "label"))


def _size_words(n: int) -> str:
    return plural(n, "card") + " in hand"


def player_row(view: SeatView, player: int, *, width: int, memory_aid: bool = False, spectator: bool = False,
               taken: Card | None = None, rows: int | None = None) -> list[Text]:
    """One player at the table: hand size (never the opponent's cards, R12.2), play area and its points.

    With `memory_aid`, the seat's view holds the opponent's hand as tracked from public actions (R12.3):
    then that hand and the player's live total (hand and play area) are shown as well. The columns
    line up with the other player's row; the lines never wrap again. A `spectator` (the replay, both
    hands open) is nobody at the table: no player is "you", and the other hand is simply the hand.
    `taken` is the card the player took in the last turn: it went into their hand face up (R8.4, R12.3),
    and `took F3♥` stands after the hand's size. Within `rows` rows, if given, the play area and the tracked hand
    are shortened (`…`) rather than wrapped further.
    """
    label_width = max(player_label(view, p, spectator=spectator).cell_len for p in (0, 1))
    size_width = max(len(_size_words(n)) for n in view.hand_sizes)
    area = view.play_areas[player]
    held = known_hand(view, player) if memory_aid else None
    total = Text.assemble(Text("live total ", style="label"), vp_text(points(area) + points(held or ())))
    if held is not None:
        size_width = max(size_width, total.cell_len)
    head = Text.assemble(pad(player_label(view, player, spectator=spectator), label_width), "  ",
                         pad(Text(_size_words(view.hand_sizes[player])), size_width), "  ")
    if taken is not None:
        head.append_text(Text.assemble(("took ", "card.new"), card_text(taken), "  "))
    play_area = Text.assemble(Text("play area ", style="label"), vp_text(points(area)), "  ")
    cards = card_parts(area) or [Text("—", style="label")]
    roomy = head.cell_len + play_area.cell_len <= width - _ROOM_FOR_CARDS
    if roomy:
        lead = head + play_area
        lines = flow(cards, width, first=lead, indent=lead.cell_len)
    else:  # a long name: the play area on a line of its own
        lead = Text.assemble("  ", play_area)
        lines = [head, *flow(cards, width, first=lead, indent=lead.cell_len)]
    tracked: list[Text] = []
    if held is not None:
        lead = Text.assemble(" " * (label_width + 2), pad(total, size_width)) if roomy else Text.assemble("  ", total)
        if player == view.seat:  # the own hand is drawn below the table, and its title says the live total
            if spectator:
                tracked.append(lead)
        else:
            lead.append("  hand  " if spectator else "  hand (tracked)  ", style="label")
            tracked = flow(card_parts(held) or [Text("—", style="label")], width, first=lead, indent=lead.cell_len)
    if rows is not None:  # the tracked hand keeps one row of its own, the play area the others
        tracked = fitted(tracked, min(1, len(tracked)), width)
        lines = fitted(lines, max(1, rows - len(tracked)), width)
    return lines + tracked


def hand(view: SeatView, *, width: int, spectator: bool = False, memory_aid: bool = False) -> list[Text]:
    """The seat's own hand as text, grouped by family in four columns, with its size and points."""
    gap = 2
    column = max(1, (width - 3 * gap) // 4)
    by_family: dict[Family, list[Card]] = {f: [] for f in Family}
    for c in view.hand:
        by_family[c.family].append(c)
    columns = [[family_label(f), *flow(card_parts(by_family[f]) or [Text("—", style="label")], column)]
               for f in Family]
    lines = [_hand_title(view, spectator=spectator, memory_aid=memory_aid)]
    for r in range(max(len(c) for c in columns)):
        cells = [c[r] if r < len(c) else Text() for c in columns]
        line = Text(" " * gap).join([*(pad(cell, column) for cell in cells[:-1]), cells[-1]])
        line.no_wrap = True
        lines.append(line)
    return lines


def hand_block(view: SeatView, *, width: int, style: CardStyle = CardStyle.FRAMED,
               spectator: bool = False, memory_aid: bool = False, rows: int | None = None) -> list[Text]:
    """The seat's own hand as framed cards (`FRAMED` or `COMPACT`), families apart; within `rows` rows of
    cards (the title aside), if given."""
    return [_hand_title(view, spectator=spectator, memory_aid=memory_aid),
            *hand_cards(view.hand, width=width, style=style, rows=rows)]


def _hand_title(view: SeatView, *, spectator: bool = False, memory_aid: bool = False) -> Text:
    """`Your hand  5 cards · 2 VP`; with the memory aid (not in the replay), the live total too (R12.3).

    The own live total stands here rather than on a row of its own under the player's row, so the memory
    aid costs the table one row less and its drawing holds at 80x24.
    """
    whose = f"{short_name(view.names[view.seat])}'s hand" if spectator and view.seat is not None else "Your hand"
    title = Text(whose, style="heading")
    title.append("  ")
    said: list[Text | str] = [plural(len(view.hand), "card"), vp_text(points(view.hand))]
    if memory_aid and not spectator and view.seat is not None:
        said.append(Text.assemble(Text("live total ", style="label"),
                                  vp_text(points(view.play_areas[view.seat]) + points(view.hand))))
    title.append_text(joined(said))
    return title


def draw_stack_counts(view: SeatView, *, width: int, rows: int | None = None) -> list[Text]:
    """Memory aid (R12.3): what the draw stack holds, as counts per kind, never its order.

    Within `rows` rows, if given, a family's kinds share its letter and symbol (`F0×3 1×4 2♥`); early in
    a game, when the stack holds nearly every card, that is still too long for 80 columns, so the cards
    it does not hold are named instead (`every card but  F0×2♥  A0×2 2♦ …`), which are few then. What
    neither finds room for ends in `…`.
    """
    counts = view.draw_stack_counts
    if counts is None:
        return []
    cards = [c for c, n in counts.items() for _ in range(n)]
    parts = card_parts(cards) or [Text("nothing", style="label")]
    lines = flow(parts, width, first=Text("Draw stack holds  ", style="label"), indent=2)
    if rows is None or len(lines) <= rows:
        return lines
    lines = flow(_by_family(cards), width, first=Text("Draw stack  ", style="label"), indent=2, gap=2)
    if len(lines) > rows:
        outside = list((Counter(DECK) - Counter(counts)).elements())
        but = flow(_by_family(outside), width, first=Text("Draw stack  every card but  ", style="label"), indent=2,
                   gap=2)
        if len(but) <= rows:
            return but
    return fitted(lines, rows, width)


def _by_family(cards: list[Card]) -> list[Text]:
    """One piece per family, its letter and symbol written once: `F0×3 1×4 2♥` for F0×3 F1×4 F2."""
    pieces: list[Text] = []
    for family, style in FAMILY_STYLE.items():
        values = [(c.value, n) for c, n in grouped(cards) if c.family is family]
        if values:
            said = " ".join(f"{v}×{n}" if n > 1 else f"{v}" for v, n in values)
            pieces.append(Text(f"{family.letter}{said}{FAMILY_SYMBOL[family]}", style=style))
    return pieces
