"""A plain connection's screens at a table: a seat played in lines, or the public table watched in lines.

`PlainPlayerScreen` is `famiglia play --plain`'s sitting (`famiglia.tui.plain.sitting.PlainSitting`) on a
`Session` seated at its seat of the table's one game (R12: its own view only), driven one question at a
time from the connection's typed lines instead of a loop of its own, so the server's one event loop is never
held: the computer chooses its move, and the hint its plan, on a thread (on a view, never the game), and are
played and said back on the loop. At a table of two people, the other seat's actions are said as the table
tells them, and while it is their turn the public questions are answered. `PlainWatchScreen` says each
public action as it is played, and answers the public questions; it never reads a hand (R12.1). On both, a
line that starts with `'` is a message to the table, as the full screen's `'` begins one.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from famiglia.ai import player
from famiglia.ai.estimate import estimator
from famiglia.engine import Action, Step
from famiglia.phrasebook import actions
from famiglia.phrasebook.catalogue import Later, _, speaking
from famiglia.phrasebook.hints import hint_text
from famiglia.phrasebook.rulebook import asked
from famiglia.profile.seats import game_level
from famiglia.tui.model import playing
from famiglia.tui.plain import answers
from famiglia.tui.plain.announce import Announcer
from famiglia.tui.plain.lines import Lines
from famiglia.tui.plain.sitting import PlainSitting, answered
from famiglia.tui.plain.words import command_for, help_lines
from famiglia.tui.view.pieces import short_name

from .plainline import Interrupt, LineReader
from .saying import SAY_KEY

if TYPE_CHECKING:
    import gettext

    from .tables import ServerTable

__all__ = ["PlainPlayerScreen", "PlainWatchScreen"]


class _PlainScreen:
    """What a player's and a watcher's screen in lines share: the table's calls that say a line in the
    connection's own language, or wake its reader to see the table again."""

    reader: LineReader
    lines: Lines
    catalogue: gettext.NullTranslations
    _closing: str | None

    def changed(self) -> None:
        self.reader.wake()  # a friend sat down, or the table changed while waiting

    def notice(self, text: str | Later) -> None:
        with speaking(self.catalogue):
            self.lines.say(str(text))

    def close(self, text: str | Later) -> None:
        with speaking(self.catalogue):
            self._closing = str(text)
        self.reader.wake()


class PlainPlayerScreen(_PlainScreen):
    """A seat played in lines (a `famiglia.server.seam.SeatScreen`); see the module docstring."""

    def __init__(self, table: ServerTable, seat: int, reader: LineReader, lines: Lines, *, name: str,
                 catalogue: gettext.NullTranslations, invite: str = "", word: str | None = None,
                 **computer: Any) -> None:
        self.table = table
        self.seat: int | None = seat
        self.reader = reader
        self.lines = lines
        self.name = name
        self.catalogue = catalogue
        self.invite = invite
        self.word = word
        self.make_player = computer.get("make_player", player)
        self.make_advisor = computer.get("make_advisor", estimator)
        self.sitting: PlainSitting | None = None
        self._closing: str | None = None
        self._waited: object = None  # the turn of the other seat whose wait was said

    # -- the table's calls, each in this connection's language --------------------------------------------------

    def played(self, seat: int, action: Action) -> None:
        sitting = self.sitting
        if sitting is None:
            return
        with speaking(self.catalogue):
            Announcer(self.lines)(sitting.session, action)
            if action.step is Step.TAKE:
                sitting.session.turn_begins()
        self.reader.wake()

    def took_back(self, seat: int, action: Action) -> None:
        if self.sitting is not None:
            with speaking(self.catalogue):
                self.lines.say(actions.taken_back(action, by=short_name(self.sitting.session.names[seat])) + ".")
            self.reader.wake()

    # -- running -----------------------------------------------------------------------------------------------

    async def run(self) -> str | None:
        """The seat in lines until its player leaves it (quit, or the input's end), or the table closes it."""
        try:
            if self.table.record is None and not await self._wait_for_friend():
                return self._closing
            assert self.seat is not None
            session = self.table.seat_session(self.seat)
            sitting = PlainSitting(session, self.lines, make_player=self.make_player, make_advisor=self.make_advisor)
            session.hints = None  # a hint is worked out off the loop, when it is asked (`_hint`)
            self.sitting = sitting
            if self.word is not None:
                self.lines.say(self._word_line())
            while self._closing is None and session.exit_code is None:
                await self._moment(sitting)
            return self._closing
        finally:
            self.sitting = None

    async def _moment(self, sitting: PlainSitting) -> None:
        """One step of the sitting: one question, the computer's move, or the other player's turn waited for."""
        s = sitting.session
        prompt = sitting.question(play=False)
        if prompt is None and s.exit_code is None and s.computer_to_move and s.opponent_away:
            await self._their_turn(sitting)
        elif prompt is None and s.exit_code is None and s.computer_to_move:
            level, seed, view = sitting.computer_move()
            chosen = await asyncio.to_thread(self.make_player(level, seed).choose, view)
            if self._closing is None:
                sitting.computer_played(chosen)
        elif prompt is not None:
            self.lines.say(prompt)
            line = await self.reader.read()
            while line is Interrupt.WOKEN and self._closing is None:  # on this seat's turn nothing else moves
                line = await self.reader.read()
            if isinstance(line, Interrupt) or (line is not None and _said_to_table(self, line)):
                return
            found = command_for(line) if line is not None else None
            if found is not None and found[0].name == "hint" and sitting.session.ending is None:
                await self._hint(sitting)
            else:
                sitting.answer(line)

    async def _their_turn(self, sitting: PlainSitting) -> None:
        s = sitting.session
        if self._waited is not s.turn:
            self._waited = s.turn
            game = s.game
            name = s.names[game.to_move] if game is not None else ""
            self.lines.say(_("{name} is playing their turn: each action is said as it comes, and you may ask "
                             "questions meanwhile (? lists them).").format(name=name))
            view = s.view()
            if view is not None:
                self.lines.say(*answers.hand(view))
        line = await self.reader.read()
        if line is None:
            s.quit(0)
        elif isinstance(line, str) and line.strip() and not _said_to_table(self, line):
            found = command_for(line)
            view = s.view()
            if found is not None and found[0].name == "quit":
                s.quit(0)
            elif found is not None and found[0].public and view is not None:
                self.lines.say(*answered(s, found[0].name, found[1], view))
            else:
                self.lines.say(_("It is not your turn: only questions are answered now (? lists them)."))

    async def _hint(self, sitting: PlainSitting) -> None:
        s = sitting.session
        game = s.game
        if not self.table.options.hints:
            self.lines.say(_("Hints are off at this table."))
            return
        if game is None or game.is_over or s.computer_to_move:
            self.lines.say(_("Nothing can be played now."))
            return
        self.lines.say(_("Looking for a good plan…"))
        view = game.view(s.at_keyboard, memory=True)
        advisor = self.make_advisor(game_level(s.seats))
        action, reason = await asyncio.to_thread(advisor.choose_with_reason, view)
        if self._closing is None and playing.show_hint(s, view, action, reason):
            self.lines.say(hint_text(action, reason))
            s.message = None

    async def _wait_for_friend(self) -> bool:
        """The table's code and the line a friend types, until the friend sits down (True) or the player leaves."""
        code = self.table.code
        self.lines.say(_("Tell your friend to type:") + " " + (self.invite.format(code=code) or code))
        if self.word is not None:
            self.lines.say(self._word_line())
            self.word = None
        while self.table.record is None and self._closing is None:
            self.lines.say(_("Waiting for a second player… q goes back to the lobby (the table stays open)."))
            line = await self.reader.read()
            if line is None or (isinstance(line, str) and line.strip().casefold() == "q"):
                return False
        return self._closing is None

    def _word_line(self) -> str:
        return _("Your seat word for table {code} is {word}: you are asked for it if you come back "
                 "(note it down).").format(code=self.table.code, word=self.word)


class PlainWatchScreen(_PlainScreen):
    """The public table in lines (a `famiglia.server.seam.SeatScreen` without a seat); see the module docstring."""

    seat: int | None = None

    def __init__(self, table: ServerTable, reader: LineReader, lines: Lines, *, name: str,
                 catalogue: gettext.NullTranslations) -> None:
        self.table = table
        self.reader = reader
        self.lines = lines
        self.name = name
        self.catalogue = catalogue
        self._closing: str | None = None

    def played(self, seat: int, action: Action) -> None:
        game = self.table.game
        if game is None:
            return
        with speaking(self.catalogue):
            view = game.view(None)
            turn = view.this_turn if action.step is not Step.TAKE else view.last_turn
            self.lines.say(*(answers.said(e, game.names) for e in turn[-1:]))
        self.reader.wake()

    def took_back(self, seat: int, action: Action) -> None:
        self.played(seat, action)

    async def run(self) -> str | None:
        """Until the watcher leaves (q, or the input's end) or the table closes."""
        self.lines.say(_("You are watching table {code}: each action is said as it is played; no hand is ever "
                         "said.").format(code=self.table.code))
        while self._closing is None:
            self.lines.say(_("Ask a question (? lists them), or q to go back to the lobby."))
            line = await self.reader.read()
            if line is None or (isinstance(line, str) and line.strip().casefold() == "q"):
                return None
            game = self.table.game
            if not isinstance(line, str) or not line.strip() or game is None or _said_to_table(self, line):
                continue
            found = command_for(line)
            if found is not None and found[0].public and found[0].name != "quit":
                self.lines.say(*_watched(self.table, found[0].name, found[1]))
            else:
                self.lines.say(_("Only the public questions are answered here (? lists them)."))
        return self._closing


def _said_to_table(screen: PlainPlayerScreen | PlainWatchScreen, line: str) -> bool:
    """A line that starts with `'` is a message to the table, as the full screen's `'` types one: sent (everyone
    at the table hears it, this player too), or its refusal said. Whether it was one."""
    text = line.lstrip()
    if not text.startswith(SAY_KEY):
        return False
    refusal = screen.table.say(screen, text[len(SAY_KEY):])
    if refusal is not None:
        screen.lines.say(refusal)
    return True


def _watched(table: ServerTable, name: str, rest: str) -> list[str]:
    """A watcher's question answered from the public view alone (R12.1)."""
    shared, game = table.table, table.game
    if shared is None or game is None:
        return [_("Nothing to show yet: no turn has been played in this game.")]
    view = game.view(None)
    match name:
        case _ if name in answers.TABLE_QUESTIONS:
            return answers.TABLE_QUESTIONS[name](view)
        case "last":
            return answers.last_turn(view.last_turn, game.names)
        case "log":
            return answers.log(shared.log, game.names, shared.pass_reasons)
        case "rules":
            return asked(rest)
    return help_lines(playing=False)
