"""The players at the table, three parts: a player row (hand size, play area and its points), the own hand,
and the memory aid's draw stack.

Only the seat's own view is read, so the opponent's cards never show (R12.2) but as the memory aid
tracks them from public actions (R12.3). Every part is a list of lines that never wrap, so its
height is known without drawing it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from rich.text import Text

from famiglia.engine import DECK, Card, Family, SeatView
from famiglia.phrasebook.catalogue import _
from famiglia.phrasebook.counts import card_count

from .cards import CardStyle, hand_cards
from .part import Part
from .pieces import card_parts, fitted, flow, grouped, joined, known_hand, pad, points, seat_label, short_name, vp_text
from .theme import FAMILY_STYLE, FAMILY_SYMBOL, card_text, family_label

__all__ = ["DrawStack", "Hand", "PlayerRow", "draw_stack_counts"]

_ROOM_FOR_CARDS: Final = 10  # a player's cards start a line of their own when less room is left beside the name


def _label(view: SeatView, player: int, *, spectator: bool) -> tuple[str, str]:
    """`Anna`, ` (1st, you)`: the name, and whether the player started and is the one at the keyboard. A spectator
    sees whose turn it is by the `▶` before the name (each player's row stays where it is)."""
    first = player == view.start_player
    if player == view.seat and not spectator:
        role = _("1st, you") if first else _("2nd, you")
    else:
        role = _("1st") if first else _("2nd")
    name, said = seat_label(short_name(view.names[player]), role)
    if spectator:
        name = ("▶ " if view.to_move == player and not view.is_over else "  ") + name
    return name, said


def _size_words(n: int) -> str:
    return _("{cards} in hand").format(cards=card_count(n))


@dataclass(frozen=True, slots=True)
class PlayerRow(Part):
    """One player at the table: hand size (never the opponent's cards, R12.2), play area and its points.

    `held` is the player's hand as the memory aid tracks it (R12.3), or as a spectator sees it: then that
    hand and the player's live total (hand and play area) are shown as well (the own hand is drawn below
    the table, and its title says the live total). The columns line up with the other player's row (both
    `labels` and `sizes`); the lines never wrap again. A `spectator` (the replay, both hands open) is
    nobody at the table: no player is "you", and the other hand is simply the hand. `taken` is the card
    the player took in the last turn: it went into their hand face up (R8.4, R12.3), and `took F3♥`
    stands after the hand's size. Within `rows` rows, if given, the play area and the tracked hand are
    shortened (`…`) rather than wrapped further.
    """

    labels: tuple[tuple[str, str], tuple[str, str]]
    sizes: tuple[int, int]
    player: int
    area: tuple[Card, ...]
    held: tuple[Card, ...] | None = None
    own: bool = False
    spectator: bool = False
    taken: Card | None = None
    rows: int | None = None

    @classmethod
    def of(cls, view: SeatView, player: int, *, memory_aid: bool = False, spectator: bool = False,
           taken: Card | None = None, rows: int | None = None) -> PlayerRow:
        """`player`'s row as `view` shows it."""
        labels = (_label(view, 0, spectator=spectator), _label(view, 1, spectator=spectator))
        held = known_hand(view, player) if memory_aid else None
        return cls(labels, view.hand_sizes, player, view.play_areas[player], held, player == view.seat, spectator,
                   taken, rows)

    def _label_text(self, player: int) -> Text:
        return Text.assemble((self.labels[player][0], "name"), (self.labels[player][1], "label"))

    def lines(self, width: int) -> Sequence[Text]:
        label_width = max(self._label_text(p).cell_len for p in (0, 1))
        size_width = max(len(_size_words(n)) for n in self.sizes)
        held = self.held
        live = points(self.area) + points(held or ())
        total = Text.assemble(Text(_("live total") + " ", style="label"), vp_text(live))
        if held is not None:
            size_width = max(size_width, total.cell_len)
        head = Text.assemble(pad(self._label_text(self.player), label_width), "  ",
                             pad(Text(_size_words(self.sizes[self.player])), size_width), "  ")
        if self.taken is not None:
            head.append_text(Text.assemble((_("took") + " ", "card.new"), card_text(self.taken), "  "))
        play_area = Text.assemble(Text(_("play area") + " ", style="label"), vp_text(points(self.area)), "  ")
        cards = card_parts(self.area) or [Text("—", style="label")]
        roomy = head.cell_len + play_area.cell_len <= width - _ROOM_FOR_CARDS
        if roomy:
            lead = head + play_area
            lines = flow(cards, width, first=lead, indent=lead.cell_len)
        else:  # a long name: the play area on a line of its own
            lead = Text.assemble("  ", play_area)
            lines = [head, *flow(cards, width, first=lead, indent=lead.cell_len)]
        tracked: list[Text] = []
        if held is not None:
            lead = (Text.assemble(" " * (label_width + 2), pad(total, size_width)) if roomy
                    else Text.assemble("  ", total))
            if self.own:  # the own hand is drawn below the table, and its title says the live total
                if self.spectator:
                    tracked.append(lead)
            else:
                lead.append("  " + (_("hand") if self.spectator else _("hand (tracked)")) + "  ", style="label")
                tracked = flow(card_parts(held) or [Text("—", style="label")], width, first=lead, indent=lead.cell_len)
        if self.rows is not None:  # the tracked hand keeps one row of its own, the play area the others
            tracked = fitted(tracked, min(1, len(tracked)), width)
            lines = fitted(lines, max(1, self.rows - len(tracked)), width)
        return lines + tracked


@dataclass(frozen=True, slots=True)
class Hand(Part):
    """The seat's own hand under its title (`Your hand  5 cards · 2 VP`): framed or compact cards, families
    apart, within `rows` rows of cards (the title aside) if given; in the last resort's `LINE` style, as
    text grouped by family in four columns.

    `whose` is the hand's title; `live_total` (the memory aid's, not in the replay) stands in the title
    rather than on a row of its own under the player's row, so the memory aid costs the table one row
    less and its drawing holds at 80x24 (R12.3).
    """

    cards: tuple[Card, ...]
    style: CardStyle = CardStyle.FRAMED
    whose: str = ""  # the title, by default "Your hand" in the player's language
    live_total: int | None = None
    rows: int | None = None

    @classmethod
    def of(cls, view: SeatView, *, style: CardStyle = CardStyle.FRAMED, spectator: bool = False,
           memory_aid: bool = False, rows: int | None = None) -> Hand | None:
        """The hand of `view`'s seat; None in the public view, which holds no hand."""
        if view.seat is None:
            return None
        whose = _("{name}'s hand").format(name=short_name(view.names[view.seat])) if spectator else ""
        live = points(view.play_areas[view.seat]) + points(view.hand) if memory_aid and not spectator else None
        return cls(view.hand, style, whose, live, rows)

    def _title(self) -> Text:
        title = Text(self.whose or _("Your hand"), style="heading")
        title.append("  ")
        said: list[Text | str] = [card_count(len(self.cards)), vp_text(points(self.cards))]
        if self.live_total is not None:
            said.append(Text.assemble(Text(_("live total") + " ", style="label"), vp_text(self.live_total)))
        title.append_text(joined(said))
        return title

    def lines(self, width: int) -> Sequence[Text]:
        if self.style is not CardStyle.LINE:
            return [self._title(), *hand_cards(self.cards, width=width, style=self.style, rows=self.rows)]
        gap = 2
        column = max(1, (width - 3 * gap) // 4)
        by_family: dict[Family, list[Card]] = {f: [] for f in Family}
        for c in self.cards:
            by_family[c.family].append(c)
        columns = [[family_label(f), *flow(card_parts(by_family[f]) or [Text("—", style="label")], column)]
                   for f in Family]
        lines = [self._title()]
        for r in range(max(len(c) for c in columns)):
            cells = [c[r] if r < len(c) else Text() for c in columns]
            line = Text(" " * gap).join([*(pad(cell, column) for cell in cells[:-1]), cells[-1]])
            line.no_wrap = True
            lines.append(line)
        return lines


@dataclass(frozen=True, slots=True)
class DrawStack(Part):
    """Memory aid (R12.3): what the draw stack holds (`draw_stack_counts`), within `rows` rows if given."""

    counts: Mapping[Card, int]
    rows: int | None = None

    @classmethod
    def of(cls, view: SeatView, *, rows: int | None = None) -> DrawStack | None:
        """The draw stack of `view`, which holds it only with the memory aid; None without."""
        return None if view.draw_stack_counts is None else cls(view.draw_stack_counts, rows)

    def lines(self, width: int) -> Sequence[Text]:
        return draw_stack_counts(self.counts, width=width, rows=self.rows)


def draw_stack_counts(counts: Mapping[Card, int], *, width: int, rows: int | None = None) -> list[Text]:
    """Memory aid (R12.3): what the draw stack holds, as counts per kind, never its order.

    Within `rows` rows, if given, a family's kinds share its letter and symbol (`F0×3 1×4 2♥`); early in
    a game, when the stack holds nearly every card, that is still too long for 80 columns, so the cards
    it does not hold are named instead (`every card but  F0×2♥  A0×2 2♦ …`), which are few then. What
    neither finds room for ends in `…`.
    """
    cards = [c for c, n in counts.items() for _ in range(n)]
    parts = card_parts(cards) or [Text(_("nothing"), style="label")]
    lines = flow(parts, width, first=Text(_("Draw stack holds") + "  ", style="label"), indent=2)
    if rows is None or len(lines) <= rows:
        return lines
    lines = flow(_by_family(cards), width, first=Text(_("Draw stack") + "  ", style="label"), indent=2, gap=2)
    if len(lines) > rows:
        outside = list((Counter(DECK) - Counter(counts)).elements())
        but = flow(_by_family(outside), width, first=Text(_("Draw stack  every card but") + "  ", style="label"),
                   indent=2, gap=2)
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
