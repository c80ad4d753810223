"""The lobby in the plain mode: the same `Lobby` and its verbs, its pages said as numbered lines.

Each page is said once when it comes up: its title, then one line per choice ("1: New table, open a table and
tell a friend its code."); a number chooses, `b` goes back, `?` says the page again and `q` leaves. A question
(a name, a table code, a seat word) is asked in one line and its answer typed whole, as long as the question
takes it (`Lobby.type_text`). The lobby's own messages are said as they come. It ends as the full screen's
does: with the `Outcome` it was left for, after `idle` seconds without a line, or when the input ends.
"""

from __future__ import annotations

from famiglia.phrasebook.catalogue import _
from famiglia.tui.model.screens import number_text
from famiglia.tui.plain.lines import Lines

from .lobby import Asking, Lobby, Outcome
from .plainline import Interrupt, LineReader

__all__ = ["page_lines", "plain_lobby"]


def page_lines(lobby: Lobby) -> list[str]:
    """The page on show, as lines: its title, then each choice numbered."""
    items = lobby.items()
    lines = [_("{title}:").format(title=lobby.title)]
    lines += [_("{number}: {label}, {words}.").format(number=n, label=item.label, words=item.detail)
              for n, item in enumerate(items, start=1)]
    if not items:
        lines.append(_("Nothing to choose here yet: b goes back."))
    return lines


async def plain_lobby(lobby: Lobby, reader: LineReader, lines: Lines, *, idle: float) -> Outcome:
    """Run `lobby` in lines until it is left: what for, `idle` when no line came for `idle` seconds, `stop` when the
    reader was woken (the server stops), `leave` when the input ended."""
    said: object = None
    while True:
        outcome = lobby.take_outcome()
        if outcome is not None:
            return outcome
        if lobby.message:
            lines.say(lobby.message)
            lobby.message = None
        if lobby.asking is None and said != (lobby.page, lobby.asking):
            lines.say(*page_lines(lobby))
        said = (lobby.page, lobby.asking)
        if lobby.asking is Asking.NAME:
            lines.say(_("Your name, please: type it, then Enter."))
        elif lobby.asking is not None:
            lines.say(_("{title}: type it, then Enter (an empty line goes back).").format(title=lobby.title))
        else:
            lines.say(_("Type a number to choose, b to go back, ? to hear the page again, or q to leave."))
        line = await reader.read(idle)
        if line is None:
            return Outcome("leave")
        if line is Interrupt.IDLE:
            return Outcome("idle")
        if line is Interrupt.WOKEN:
            return Outcome("stop")
        answer(lobby, line)
        if said == (lobby.page, lobby.asking) and lobby.asking is None:
            said = None  # a choice that stays on its page (a setting changed), or ?: the page is said again


def answer(lobby: Lobby, line: str) -> None:
    """One line typed in the lobby: the answer to its question, or a choice of the page."""
    text = line.strip()
    if lobby.asking is not None:
        if not text and lobby.asking is not Asking.NAME:
            lobby.back()
            return
        lobby.typed = ""
        lobby.type_text(text)
        lobby.enter()
        return
    number = number_text(text)
    match text.casefold():
        case "b":
            lobby.back()
        case "q":
            lobby.leave()
        case "?" | "":
            pass
        case _ if number is not None:
            lobby.number(number)
        case _:
            lobby.message = _("Type the number of a line, b, ? or q.")
