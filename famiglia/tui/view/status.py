"""The top of the table, one part: whose turn it is and the step bar, the status line, and the warnings.

The step bar marks the first step the player can take now (R4.1); the warnings say the end is near
(R8.5, R9.3, R10.2) and always stand in their own row, so they never push the table about.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from rich.cells import cell_len
from rich.text import Text

from famiglia.engine import SeatView, Step, Swap
from famiglia.phrasebook.catalogue import N_, _, filled, ngettext
from famiglia.phrasebook.counts import refresh_count, swap_count
from famiglia.phrasebook.table import step_name

from ..model.turn import step_now
from .part import Part
from .pieces import joined, short_name
from .theme import card_text

__all__ = ["SMALL_STACK", "STEP_SEPARATOR", "TableTop", "status_text", "step_bar", "turn_lines", "warning_lines",
           "warning_row", "warnings"]

SMALL_STACK: Final = 6  # R3.4: fewer cards than a new Street is worth a warning
STEP_SEPARATOR: Final = " \u203a "  # a single right-pointing angle quote between the steps
_PASS_WORDS: Final = (N_("First pass through the deck"), N_("After the first exhaustion"), N_("Final round"))


def status_text(view: SeatView) -> Text:
    """Which pass through the deck this is, the draw stack and the discard pile (R9, R12.1)."""
    stack = Text(_("draw stack") + " ")
    stack.append(str(view.draw_stack_size), style="count")
    pile = Text(_("discard pile") + " ")
    if view.discard_pile:
        pile.append(str(len(view.discard_pile)), style="count")
        pile.append(", " + _("top") + " ")
        pile.append_text(card_text(view.discard_pile[-1]))
    else:
        pile.append(_("empty"), style="label")
    return joined([Text(_(_PASS_WORDS[min(view.exhaustions, 2)]), style="title"), stack, pile])


def step_bar(view: SeatView, *, past: bool = True, note: bool = True) -> Text:
    """The four steps of a turn in a row: the first the player can take now marked, the others dimmed
    when they are past or closed (no Accountant in hand, say), so the mark never points at a step
    without a legal action (R4.1). The legal actions decide; off the player's turn the view's step does.
    Without `past` the steps already past are left out (a `…` stands for them), and without `note` what is said
    after the steps (the swaps left, the refreshes so far), where the row is short."""
    open_steps = {a.step for a in view.legal_actions}
    current = step_now(view)
    text = Text()
    steps = [step for step in Step if past or step >= current]
    if len(steps) < len(Step):
        text.append("…", style="step.past")
    for i, step in enumerate(steps):
        if i or len(steps) < len(Step):
            text.append(STEP_SEPARATOR, style="step.sep")
        if step < current:
            text.append(step_name(step), style="step.past")
        elif step is current:
            text.append(f"▶{step_name(step)}", style="step.current")
        elif open_steps and step not in open_steps:
            text.append(step_name(step), style="step.closed")
        else:
            text.append(step_name(step), style="step.future")
    if not note:
        return text
    if view.step is Step.ACCOUNTANT and view.swaps_left:
        if any(isinstance(a, Swap) for a in view.legal_actions):
            left = _("{swaps} left").format(swaps=swap_count(view.swaps_left))
            text.append(f"  ({left})", style="notice")  # R6.2
        else:  # R6.1: an Accountant may be played with nothing to swap
            text.append("  (" + _("no swap possible") + ")", style="label")
    elif view.refreshes and current is Step.REFRESH:
        text.append("  (" + _("{refreshes} so far").format(refreshes=refresh_count(view.refreshes)) + ")",
                    style="label")
    return text


def turn_lines(view: SeatView, width: int, *, spectator: bool = False, one_row: bool = False) -> list[Text]:
    """Whose turn it is and the step bar: one line, or two if the name is long.

    With `one_row` (a table whose parts keep their rows) a long name is shortened instead, and what
    still does not fit ends in `…`.
    """
    if view.is_over:
        return [Text(" " + _("Game over") + " ", style="name.active")]
    yours = view.my_turn and not spectator
    bar = step_bar(view)

    def who(name: str) -> Text:
        said = _("Your turn, {name}") if yours else _("{name}'s turn")
        return Text(f" {filled(said, name=name)} ", style="name.active")

    full = who(short_name(view.names[view.to_move]))
    if full.cell_len + 3 + bar.cell_len <= width:
        return [Text.assemble(full, "   ", bar)]
    if not one_row:
        return [full, bar]
    # By meaning: the name without what its brackets add ("Computer (easy)": the level is in its row), then
    # the bar without what it says after the steps (the four steps stay whole, R4.1), then without the steps
    # already past; only then the name shortened, and what still does not fit cut.
    bare, rest = who(_bare(view)), step_bar(view, past=False, note=False)
    for name, steps in ((bare, bar), (bare, step_bar(view, note=False)), (bare, rest)):
        if name.cell_len + 3 + steps.cell_len <= width:
            return [Text.assemble(name, "   ", steps)]
    spare = bare.cell_len + 3 + rest.cell_len - width
    line = Text.assemble(who(short_name(_bare(view), max(4, cell_len(_bare(view)) - spare))), "   ", rest)
    line.truncate(width, overflow="ellipsis")
    line.no_wrap = True
    return [line]


def _bare(view: SeatView) -> str:
    """The name of the player to move without what brackets add at its end: "Computer (easy)" is "Computer"."""
    name = short_name(view.names[view.to_move])
    bare = re.sub(r"\s*\([^()]*\)$", "", name)
    return bare or name


def warnings(view: SeatView) -> list[str]:
    """What a player should know before choosing: the end is near (R8.5, R9.3, R10.2)."""
    if view.is_over:
        return []
    out: list[str] = []
    if view.is_last_turn:
        out.append(_("Last turn: the game ends after this turn"))  # R9.3
    elif view.is_final_round:
        out.append(_("Final round: the game ends after {name}'s turn").format(
            name=short_name(view.names[view.second_player])))  # R9.3
    if view.pass_ends_game:
        out.append(_("{name} passed: a pass now ends the game").format(
            name=short_name(view.names[1 - view.to_move])))  # R8.5, R10.2
    if view.exhaustions < 2:
        size = view.draw_stack_size
        if size == 1:  # R9.1-R9.3
            if view.exhaustions == 0:
                out.append(_("The next draw exhausts the stack: the discard pile becomes the new stack"))
            else:
                out.append(_("The next draw exhausts the stack: the game ends with this round"))
        elif size <= SMALL_STACK:
            out.append(ngettext("Only {n} card left in the draw stack", "Only {n} cards left in the draw stack",
                                size).format(n=size))
    return out


def warning_lines(view: SeatView) -> list[Text]:
    return [Text(f"! {w}", style="warning") for w in warnings(view)]


def warning_row(view: SeatView, *, width: int) -> Text:
    """The warnings in the one row the table keeps for them, blank when there are none.

    The row is always there, so a warning never pushes the table down; the most urgent comes first,
    and what the width cannot hold ends in `…`.
    """
    said = warnings(view)
    row = Text(f"! {' · '.join(said)}" if said else "", style="warning")
    row.truncate(width, overflow="ellipsis")
    row.no_wrap = True
    return row


@dataclass(frozen=True, slots=True)
class TableTop(Part):
    """The top rows of the table: whose turn and the step bar (two rows for a long name, unless `one_row`),
    the status line, and the row of warnings, always there (blank without one) and `main` columns wide
    (the table's own, beside the record of a wide screen)."""

    view: SeatView
    main: int
    spectator: bool = False
    one_row: bool = False  # a table whose parts keep their rows: a long name is shortened instead

    def lines(self, width: int) -> Sequence[Text]:
        view = self.view
        return [*turn_lines(view, width, spectator=self.spectator, one_row=self.one_row), status_text(view),
                warning_row(view, width=self.main)]
