"""The lines at the bottom, one part and two texts: the message line, the key line in it, and the prompt.

The message line says the last refusal or what just happened, or else what the keys do (the key line,
made from the command table, `famiglia.tui.model.commands`); the computer's activity and a standing
warning stand under it. The prompt stands before the input line: whose line it is and the choices made.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from rich.cells import cell_len, set_cell_size
from rich.console import RenderableType
from rich.text import Text

from famiglia.phrasebook.catalogue import _

from ..model.commands import key_line, rule_hint
from ..model.screens import Message
from ..model.session import Screen, Session
from .part import Part
from .pieces import capitalized, fitted_keys, line_count, short_name, shorten_quoted
from .theme import cards_in

__all__ = ["MESSAGE_ROWS", "MessageLine", "hint_line", "prompt_fitted", "prompt_text"]

MESSAGE_ROWS: Final = 3  # the most rows the message line takes; a longer refusal is shortened to fit
_MORE: Final = "\u203a"  # between the choices made on the prompt


def hint_line(session: Session) -> str:
    """The key line: what the keys available now do (`famiglia.tui.model.commands`); none while a person at another
    screen plays, whose turn's part (`ComputerTurn`) names the keys that work meanwhile."""
    if session.computer_to_move and session.opponent_away:
        return ""
    return key_line(session)


@dataclass(frozen=True, slots=True)
class MessageLine(Part):
    """The message line in at most `rows` rows: the last refusal or what just happened, or else the key line.

    Every message starts with a capital (the engine's reasons do not), but a verbatim one (a name as typed).
    A refusal is made to fit its rows (`MESSAGE_ROWS` unless the choices need them): a long quotation of what
    was typed is shortened in its middle; a message given a single row ends in `…` where it does not fit.
    `activity` (the computer thinking) and a `standing` warning (a game that is not saved) stand under it;
    at the end (`at_end`) the key line always does, under what was said last.
    """

    message: Message | None
    keys: str
    activity: str | None = None
    standing: str | None = None
    at_end: bool = False
    rows: int = MESSAGE_ROWS
    names: tuple[str, ...] = ()  # the players' names, kept as written where a message opens with one
    rule_keys: str | None = None  # under a refusal that quotes a rule: the key that opens it

    @classmethod
    def of(cls, session: Session, *, rows: int = MESSAGE_ROWS) -> MessageLine:
        return cls(session.message, hint_line(session), session.activity, session.standing,
                   session.screen is Screen.END, rows, tuple(session.names) if session.game is not None else (),
                   rule_hint(session))

    def lines(self, width: int) -> Sequence[RenderableType]:
        rows = self.rows
        activity = Text(self.activity, style="notice") if self.activity else None  # the computer thinking
        if self.standing:  # a warning that stays while it lasts, under whatever the line says
            standing = Text(self.standing, style="warning")
            activity = standing if activity is None else Text.assemble(standing, " · ", activity)
        keys = Text(fitted_keys(self.keys, width), style="label")  # one row: the later keys give way
        message = self.message
        if message is None:
            return [activity or keys]
        text = message.text if message.verbatim else capitalized(message.text, names=self.names)
        opens = Text(self.rule_keys, style="label") if self.rule_keys and activity is None and rows > 1 else None
        if opens is not None:
            rows -= 1  # the row under the refusal names the key that opens its rule
        if message.style == "error":  # a refusal quotes the player's words as typed
            budget = width * rows
            while line_count(Text(shorten_quoted(text, budget)), width) > rows and budget > width:
                budget -= max(1, width // 4)  # a wrapped line leaves some cells empty at its end
            news = Text(shorten_quoted(text, budget), style=message.style)
        else:
            news = cards_in(text, style=message.style)  # other news shows its cards
        if rows == 1:
            news.truncate(width, overflow="ellipsis")
        if self.at_end:  # every end screen names its keys, under what was said last
            while line_count(news, width) > max(1, rows - 1) and news.cell_len > width:
                news.truncate(news.cell_len - max(1, width // 4), overflow="ellipsis")
            return [news, keys]
        if opens is not None:
            return [news, opens]
        return [news] if activity is None else [news, activity]


def prompt_text(session: Session) -> str:
    """What stands before the input line."""
    if session.screen is Screen.NAMES:
        index, default = session.naming.prompt()
        return _("Player {n}'s name [{default}]: ").format(n=index + 1, default=default)
    if session.screen is Screen.TABLE and session.game is not None:
        steps = [short_name(session.game.names[session.at_keyboard]), *session.path]
        return f" {_MORE} ".join(steps) + " > "
    return ""


def prompt_fitted(session: Session, width: int) -> str:
    """`prompt_text` in at most half the line, its start cut off if need be: the typed text keeps the rest."""
    prompt = prompt_text(session)
    room = max(4, width // 2)
    if cell_len(prompt) <= room:
        return prompt
    return "…" + set_cell_size(prompt[::-1], room - 1)[::-1]
