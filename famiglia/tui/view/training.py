"""The train screen: the position as the game's table showed it to that seat, the question, and the verdict.

The table is the game's own (`table.render_table`) drawn from the seat's view as it was then, with the
memory aid only where that game had it on (R12); under it, the choices of the game's own list
(`choices.render_menu`) and the line being typed, or, once the position is solved or its answer
shown, the verdict: the best move with the hint's words, and what was played in the game with the
points it lost. The session's end shows the progress by kind of decision.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from famiglia.persistence import printable
from famiglia.phrasebook import verdicts
from famiglia.phrasebook.catalogue import _, ngettext
from famiglia.phrasebook.notation import in_words
from famiglia.profile.practice import progress_lines

from ..model.training import Stage, Training, train_key_line
from .choices import PICKER_ROWS, render_menu
from .pieces import line_count
from .replay import fold
from .screens import MIN_SIZE, render_too_small
from .shape import row_budget
from .table import render_table
from .theme import cards_in

__all__ = ["render_training"]


def _percent(chance: float) -> str:
    return f"{round(chance * 100)}%"


def _heading(t: Training, width: int) -> Text:
    exercise = t.exercise
    assert exercise is not None
    d = exercise.decision
    text = Text(_("Puzzles") if exercise.puzzle is not None else _("Train on your mistakes"), style="title")
    text.append("  " + _("position {n} of {total}").format(n=t.index + 1, total=len(t.queue)), style="label")
    if exercise.puzzle is not None:
        text.append("  ·  " + exercise.puzzle.name, style="notice")
    else:
        text.append("  ·  " + _("game {game}, turn {turn}").format(game=printable(exercise.game, 20), turn=d.turn),
                    style="label")
    if exercise.turning:
        text.append("  ·  " + _("a key moment"), style="notice")
    text.truncate(width, overflow="ellipsis")
    text.no_wrap = True
    return text


def _verdict(t: Training) -> list[Text]:
    """What is said once the position is solved or shown: the answer's verdict, the best, what the game played."""
    exercise = t.exercise
    assert exercise is not None
    d = exercise.decision
    lines = []
    if t.solved and t.verdict is not None:
        lines.append(Text.assemble((_("Right!") + " ", "title"), cards_in(in_words(t.verdict.action), style="notice"),
                                   (" " + _("gives {chance}, as good as the best ({best}).").format(
                                       chance=_percent(t.verdict.chance), best=_percent(t.verdict.best)), "label")))
    if t.revealed or (t.verdict is not None and t.verdict.action != d.best):
        lines.append(Text.assemble((_("The best:") + " ", "title"), cards_in(t.best_words(), style="notice")))
    if exercise.puzzle is not None:  # the computer's game: what it played, and how the puzzle was checked
        said = _("The computer played {action} ({chance}); every chance here is exact.").format(
            action=in_words(d.action), chance=_percent(d.played_chance))
        lines.append(cards_in(said, style="label"))
        return lines
    said = _("In the game: {action} ({chance}).").format(action=in_words(d.action), chance=_percent(d.played_chance))
    if d.points_lost:
        said += " " + ngettext("{n} point of chance lost", "{n} points of chance lost", d.points_lost).format(
            n=d.points_lost)
        if d.mark:
            said += f" ({verdicts.mark(d.mark)})"
    lines.append(cards_in(said, style="label"))
    return lines


def _answering(t: Training) -> list[Text]:
    typed = Text.assemble((_("What would you play?") + " ", "title"), ("> ", "label"), (t.line, "notice"),
                          ("_", "label"))
    return [typed]


def _footer(t: Training, width: int) -> Text:
    if t.message:
        return Text(printable(t.message, 400), style="warning")
    return Text("\n".join(fold(train_key_line(t), width)), style="label")


def _exercise(t: Training, width: int, height: int) -> RenderableType:
    exercise = t.exercise
    assert exercise is not None
    view = exercise.view()
    footer = _footer(t, width)
    under: list[RenderableType] = []
    current = t.menu()
    if current is not None:
        under.append(render_menu(current, view, width=width, highlight=None, rows=PICKER_ROWS))
        under += _answering(t)
    else:
        under += _verdict(t)
    below = Group(*under, footer)
    room = max(4, height - 1 - line_count(below, width))
    table = render_table(view, width=width, height=room, memory_aid=exercise.memory_aid)
    budget = row_budget(width, height, memory_aid=exercise.memory_aid)
    if budget is not None and line_count(table, width) > room:  # a late table: the game's own shape at this size
        table = render_table(view, width=width, budget=budget, memory_aid=exercise.memory_aid)
    return Group(_heading(t, width), table, below)


def _whose(t: Training) -> RenderableType:
    game = t.question()
    assert game is not None
    names = game.record.players
    lines = [Text(_("Train on your mistakes"), style="title"), Text(""),
             Text(_("Game {game} was played by two people at this keyboard: whose mistakes shall be trained?").format(
                 game=printable(game.id, 20))), Text("")]
    for key, name in (("1", names[0]), ("2", names[1]), ("3", _("both: one person played both seats"))):
        lines.append(Text.assemble((key, "key"), " " + printable(name, 40)))
    lines += [Text(""), Text(t.message or "", style="warning")]
    return Group(*lines)


def _done(t: Training, width: int) -> RenderableType:
    if t.answered:
        head = ngettext("Session over: {n} position answered, {right} right at the first try.",
                        "Session over: {n} positions answered, {right} right at the first try.",
                        t.answered).format(n=t.answered, right=t.right_first)
    else:
        head = _("Nothing to train now: no position is due. 'famiglia train --all' trains them all.")
    lines = [Text(_("Train on your mistakes"), style="title"), Text(""), Text(head), Text("")]
    lines += [Text(line) for line in progress_lines(t.progress())]
    lines += [Text(""), Text(t.message or _("Enter or q: leave"), style="warning" if t.message else "label")]
    return Group(*lines)


def render_training(t: Training, width: int, height: int) -> RenderableType:
    """The whole train screen at this size."""
    if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
        return render_too_small(width, height, need=MIN_SIZE)
    if t.stage is Stage.WHOSE:
        return _whose(t)
    if t.stage is Stage.DONE or t.exercise is None:
        return _done(t, width)
    return _exercise(t, width, height)
