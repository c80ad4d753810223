"""The replay's screen: the position on show drawn by the game's own table, worded for a spectator.

The table is drawn from the view of one seat for the whole game (`_seat`), with the memory aid, which shows
the other hand too, so nothing is drawn twice and neither player's row moves from position to position (`▶`
marks whose turn it is); it is worded for a spectator (no player is "you", the other hand is not "tracked"
but open). With the analysis on (`a`), the verdict stands with the position it is
about: the decisions of the turn on show and the win-chance graph, with the position on show marked,
beside the table on a wide terminal and under it on a narrower one (the graph where it fits whole);
only where the table and the verdict cannot both fit does the verdict stand alone. A second `a` shows
the verdict alone, under the whole game's graph, in place of the table; a third puts the table back.
Each chance is the one the saved analysis holds (`famiglia.ai.win_chance`'s estimate, for the player
who decided).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from io import StringIO
from typing import Final

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from famiglia.ai.analysis import Decision
from famiglia.persistence import printable
from famiglia.persistence.seats import HUMAN
from famiglia.phrasebook import verdicts
from famiglia.phrasebook.catalogue import _, filled
from famiglia.phrasebook.keynames import yes_key

from ..model.replay import Replay, replay_key_line
from .analysis import SYMBOLS, graph_lines, percent
from .bridge import Painter
from .part import AsDrawn
from .pieces import short_name
from .screens import MIN_SIZE, render_end, render_too_small
from .table import render_table
from .theme import cards_in

__all__ = ["caption", "progress_line", "render_analysis", "render_replay", "with_verdict"]

BESIDE: Final = 80  # the columns the table keeps when the verdict stands beside it
VERDICT: Final = (56, 76)  # the columns of the verdict beside the table: at least, at most
VERDICT_ROWS: Final = 4  # the fewest rows of the verdict under the table: the heading and a decision or two


def caption(replay: Replay, width: int | None = None) -> Text:
    """Where in the game this is: the position, the turn, and the action that led here; in one row of `width`
    where given, the words around the action giving way before the action is cut (the turn's beginning first,
    then the position)."""
    names = replay.record.names
    title = Text(_("Replay of game {game}").format(game=replay.record.id), style="title")
    where = Text("  " + _("position {index} of {last}").format(index=replay.index, last=replay.last), style="label")
    if replay.index == 0:
        return Text.assemble(title, where, ("  ·  " + _("the deal"), "label"))
    move = replay.record.moves[replay.index - 1]
    played = Text("  ·  " + _("turn {turn}").format(turn=replay.turn_of[replay.index - 1]) + ": ", style="label")
    played.append(short_name(names[move.player]), style="name")
    played.append(" ")
    played.append_text(cards_in(str(move.action), style="notice"))
    begins = Text("  ·  " + _("turn {turn} begins").format(turn=replay.turn_starts.index(replay.index) + 1),
                  style="label") if replay.index in replay.turn_starts else Text()
    for parts in ((title, where, played, begins), (title, where, played), (title, played)):
        text = Text.assemble(*parts)
        if width is None or text.cell_len <= width:
            return text
    return text


def _percent(chance: float) -> str:
    return percent(f"{chance * 100:.0f}")


def decision_line(decision: Decision, names: tuple[str, str]) -> Text:
    """One decision as a player reads it: who, the chance before, what was played, the best instead, the loss."""
    text = Text(f"{printable(short_name(names[decision.player]), 20)}", style="name")
    text.append(verdicts.decision_head(_percent(decision.before)), style="label")
    text.append_text(cards_in(decision.action, style="notice"))
    if decision.forced:
        text.append(f" {verdicts.only_action()}", style="label")
        return text
    text.append(f" ({_percent(decision.played_chance)})", style="label")
    if decision.alternative is not None and decision.alternative_chance is not None:
        text.append(verdicts.best_instead(best_played=not decision.loss), style="label")
        text.append_text(cards_in(decision.alternative, style="notice"))
        text.append(f" ({_percent(decision.alternative_chance)})", style="label")
    if decision.points_lost:
        text.append(verdicts.lost(decision.points_lost), style="label")
    if decision.mark:
        text.append(f" {SYMBOLS[decision.mark]} {verdicts.mark(decision.mark)}",
                    style="error" if decision.mark != "inaccurate" else "warning")
    return text


def _seat(replay: Replay) -> int:
    """The seat whose hand the replay draws at the foot of the table, the whole game through: the person's in a game
    against the computer, else the first seat's. Each player's row stays where it is; `▶` marks whose turn it is."""
    seats = replay.record.seats
    return 1 if seats[0] != HUMAN and seats[1] == HUMAN else 0


def _position(replay: Replay, width: int, height: int) -> RenderableType:
    """The position on show: the table with both hands open, each player's row where it always is, or the end."""
    game = replay.positions[replay.index]
    if game.is_over:
        return render_end(game.view(0), width=width)
    return render_table(game.view(_seat(replay), memory=True), width=width, height=height, memory_aid=True,
                        spectator=True)


def with_verdict(replay: Replay, width: int, height: int) -> RenderableType:
    """The position on show and the analysis of its turn together, in `height` rows: the verdict beside the
    table where both fit side by side, else under it (the graph too where the table leaves room for it),
    else (a small terminal) the verdict alone."""
    side = min(VERDICT[1], width - BESIDE - 2)
    if side >= VERDICT[0]:
        grid = Table.grid()
        grid.add_column(width=width - side - 2, no_wrap=True)
        grid.add_column(width=2)
        grid.add_column(width=side)
        grid.add_row(_position(replay, width - side - 2, height), "", render_analysis(replay, side, height))
        return grid
    verdict = _Verdict.of(replay, width)
    head = _lines(verdict.head, width)
    decisions = head + sum(verdict.needed)
    on_show = head + verdict.needed[verdict.on_show]  # at the least, the heading and the decision on show
    for wanted in (decisions + len(verdict.graph), max(decisions, VERDICT_ROWS), on_show):
        table = _PAINTER.rows(_position(replay, width, height - wanted), width)
        left = height - len(table.segments)
        if left >= wanted:
            return Group(AsDrawn(table), verdict.fitted(width, left))
    return verdict.fitted(width, height)


@dataclass(frozen=True, slots=True)
class _Verdict:
    """The analysis of the turn on show at one width: the game's graph (this position marked), the heading, a line
    per decision (or one that says there is none) and the rows each of those takes."""

    graph: list[str]
    head: Text
    rows: list[Text]
    needed: list[int]
    on_show: int  # the row of the decision that led to the position on show (`m` stops there), else the first

    @classmethod
    def of(cls, replay: Replay, width: int) -> _Verdict:
        analysis = replay.analysis
        assert analysis is not None
        decisions = replay.turn_decisions()
        rows = [_hanging(decision_line(d, analysis.players), width) for d in decisions] or [
            Text(verdicts.no_decision(), style="label")]
        on_show = next((i for i, d in enumerate(decisions) if d.move + 1 == replay.index), 0)
        return cls(graph_lines(analysis, width, at=replay.index), Text(verdicts.turn_heading(replay.turn),
                   style="heading"), rows, [_lines(row, width) for row in rows], on_show)

    def fitted(self, width: int, height: int) -> RenderableType:
        """In `height` lines: the decisions first, the graph above them where it fits whole. Where not every
        decision fits, the one on show does, with as many of its neighbours as fit, the nearest first."""
        head = _lines(self.head, width)
        room = max(0, height - head - sum(self.needed))
        shown = self.graph if len(self.graph) <= room else []
        body = [Text(line, style="label", no_wrap=True, overflow="crop") for line in shown]
        left = height - len(body) - head
        kept = {self.on_show}
        used = self.needed[self.on_show]
        for i in sorted(range(len(self.rows)), key=lambda i: (abs(i - self.on_show), i)):
            if i not in kept and used + self.needed[i] <= left:
                kept.add(i)
                used += self.needed[i]
        return Group(*body, self.head, *(row for i, row in enumerate(self.rows) if i in kept))


def render_analysis(replay: Replay, width: int, height: int) -> RenderableType:
    """The analysis of the turn on show in `height` lines: the graph (this position marked), then its decisions."""
    if replay.analysis is None:
        return Text("")
    return _Verdict.of(replay, width).fitted(width, height)


def progress_line(replay: Replay, width: int) -> Text:
    """The background analysis under way, in one row: a bar of the decisions rated, and the turn it is at; in two,
    broken between words, where the language's words are too long for one row at this width."""
    assert replay.progress is not None
    rated, total = replay.progress
    words = " " + _("Analysing… {progress} · the replay goes on").format(progress=replay.progress_words())
    # The cells as the words will be at their widest (every number as wide as the total): the bar keeps its
    # width as the numbers beside it gain digits, so what it shows done never goes back.
    widest = len(words) + sum(max(0, len(str(total)) - len(n)) for n in re.findall(r"\d+", words))
    cells = max(4, min(20, width - widest - 2))
    filled = cells * rated // total
    line = Text.assemble(("▰" * filled, "notice"), ("▱" * (cells - filled), "label"), (words, "notice"))
    if cells + widest > width:  # too long for one row even at its widest: two rows, broken between words
        return line
    line.truncate(width, overflow="ellipsis")
    line.no_wrap = True
    return line


def fold(line: str, width: int) -> list[str]:
    """A key line broken between its entries so that no line is wider than `width`."""
    lines: list[str] = []
    for part in line.split(" · "):
        if lines and len(lines[-1]) + 3 + len(part) <= width:
            lines[-1] += f" · {part}"
        else:
            lines.append(part)
    return lines


def render_replay(replay: Replay, width: int, height: int) -> RenderableType:
    """The whole replay screen at this size: the question first for an unfinished game, then the table."""
    if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
        return render_too_small(width, height, need=MIN_SIZE)
    if replay.asking:
        to_move = replay.positions[-1].names[replay.positions[-1].to_move]
        unfinished = filled(_("Game {game} is not finished ({name} is to move)."), game=replay.record.id, name=to_move)
        return Text.assemble(
            (unfinished + "\n\n", "title"),
            _("The replay shows both players' hands. Show it?") + " ",
            (yes_key(), "key"), " " + _("yes") + "  ", ("n", "key"), " " + _("no"))
    said = replay.message or (_("turn {turn}").format(turn=replay.typed) + "_" if replay.typed else None)
    footer = Text(said, style="error" if replay.message else "label") if said else Text(
        "\n".join(fold(replay_key_line(), width)), style="label")
    if replay.progress is not None:
        footer = Text.assemble(progress_line(replay, width), "\n", footer)
    room = height - 1 - _lines(footer, width)
    if replay.analysing and replay.alone and replay.analysis is not None:
        body: RenderableType = render_analysis(replay, width, room)
    elif replay.analysing and replay.analysis is not None:
        body = with_verdict(replay, width, room)
    else:
        body = _position(replay, width, room)
    head = caption(replay, width)
    head.truncate(width, overflow="ellipsis")  # one row always, so the table never moves between positions
    return Group(head, body, footer)



_MEASURE: Final = Console(file=StringIO(), width=200)
_PAINTER: Final = Painter()  # draws the table once to count its rows, which are then shown as drawn


def _hanging(text: Text, width: int, indent: int = 4) -> Text:
    """`text` wrapped to `width` with every line after the first indented, so that no part of a decision (its
    loss, its mark) starts a line at the left edge, where it would read as a turn number."""
    first, *more = text.wrap(_MEASURE, width)
    if not more:
        return text
    rest = text[len(first.plain):]
    rest = rest[len(rest.plain) - len(rest.plain.lstrip(" ")):]
    lines = [first, *(Text(" " * indent).append_text(line) for line in rest.wrap(_MEASURE, width - indent))]
    return Text("\n").join(lines)


def _lines(text: Text, width: int) -> int:
    """How many lines `text` takes at `width`, wrapped between words as it is drawn."""
    return len(text.wrap(_MEASURE, width))
