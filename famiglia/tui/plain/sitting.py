"""The plain mode's loop: one keyboard's sitting on a `Session`, read and written as lines.

`PlainSitting` does what the full screen's keys do, through the same session and its verbs
(`Session.play`, `playing.undo`, `Session.end_turn`, `Session.reveal`), so no rule is written twice: it
asks one question at a time (the names, the handoff, the player's next action, the end) and answers
each typed line with sentences. Nothing depends on timing: the computer's turn is played and then
announced, action by action, and the handoff waits for its player's Enter however long it takes.

`run` is its own loop on two streams; `question` and `answer` are the same sitting one question at a time,
for a driver that reads its lines elsewhere (`famiglia serve`'s plain connections, `famiglia.server.plainseat`),
and may then choose the computer's move itself (`computer_move`, `computer_played`).

At one keyboard of two people, a turn ends with the handoff: the terminal's screen and scrollback are
wiped where it is a terminal, lines typed ahead are dropped, and nothing of the next hand is said until
its player pressed Enter on an empty line (R12.2); until then only public questions are answered.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from famiglia.ai import Player, player
from famiglia.ai.estimate import estimator
from famiglia.engine import Action, SeatView
from famiglia.phrasebook.catalogue import _, filled
from famiglia.phrasebook.hints import hint_text
from famiglia.phrasebook.keynames import yes_key
from famiglia.phrasebook.rulebook import asked
from famiglia.phrasebook.table import step_name
from famiglia.profile.seats import SeatRefused, game_level, level_of
from famiglia.tui.model import playing
from famiglia.tui.model.overlays import ending_words, quit_question
from famiglia.tui.model.screens import Screen, number_text
from famiglia.tui.model.session import Session

from . import announce, answers
from .lines import Lines
from .words import COMMANDS, Command, command_for, help_lines

__all__ = ["PlainSitting"]

PlayerMaker = Callable[[str, "int | str | None"], Player]
AdvisorMaker = Callable[[str], Player]


class Aside(Protocol):
    """What a sitting says before each question (the guided game's lessons), with words of its own beside the
    game's (`commands`, which `?` lists too, and `command` answers)."""

    commands: tuple[Command, ...]

    def __call__(self) -> Sequence[str]: ...

    def command(self, name: str, rest: str) -> Sequence[str]: ...


class PlainSitting:
    """A sitting of `session` on `lines`; `make_player` and `make_advisor` build the computer and the hint's
    search (tests give them small budgets); `aside` gives what is said before each question and before the
    computer plays (the guided game's lessons, `famiglia.tui.plain.guided`)."""

    def __init__(self, session: Session, lines: Lines, *, make_player: PlayerMaker = player,
                 make_advisor: AdvisorMaker = estimator, aside: Aside | None = None) -> None:
        self.session = session
        self.lines = lines
        self.aside = aside
        self.commands = COMMANDS + (aside.commands if aside is not None else ())  # what may be typed
        self.make_player = make_player
        self.make_advisor = make_advisor
        session.guard.guard = 0  # the handoff waits for an Enter on a line of its own, never for a time
        session.on_action.append(announce.Announcer(lines))
        session.hints = self._work_out_hint
        self._turn: object = None  # the turn whose beginning was said
        self._history: object = session.history if session.table.origin is not None else None
        self._ended: object = None  # the game whose end was said
        self._listed: tuple[object, int] | None = None  # the position whose options were listed
        self._quitting = False  # the quit question is asked next
        self._then: Callable[[str], None] = self.typed  # what the line typed to the question asked answers

    @property
    def _position(self) -> tuple[object, int]:
        return self.session.turn, len(self.session.history)

    def run(self) -> int:
        """Play until the players leave (or the input ends); the exit status."""
        while (prompt := self.question()) is not None:
            self.answer(self.lines.ask(prompt))
        assert self.session.exit_code is not None
        return self.session.exit_code

    def question(self, *, play: bool = True) -> str | None:
        """Say what happened up to the next question and return it (its answer goes to `answer`); None once the
        sitting is over, or, where `play` is false, when the computer is to move (the caller plays it)."""
        s = self.session
        while s.exit_code is None:
            if self._quitting:
                question, why = quit_question(s)
                leave = _("Type {yes} to leave, or press Enter to stay.").format(yes=yes_key())
                return self._asking(f"{question} {why} {leave}",
                                    self._quit_answer)
            if s.screen is Screen.NAMES:
                index, default = s.naming.prompt()
                return self._asking(_("Player {n}, type your name, or press Enter for {name}.").format(
                    n=index + 1, name=default), self._named)
            if s.history is not self._history and not s.history:
                self._history = s.history
                self.lines.say(*announce.start(s.table.view(None)))
            elif s.screen is Screen.END:
                return self._end()
            elif s.computer_to_move:
                if not play:
                    return None
                self._say_aside()
                level, seed, view = self.computer_move()
                self.computer_played(self.make_player(level, seed).choose(view))
            elif s.screen is Screen.HANDOFF:
                return self._handoff()
            elif (prompt := self._table()) is not None:
                return prompt
        return None

    def answer(self, line: str | None) -> None:
        """The line typed to the last question (None: the input ended, and the sitting leaves as quitting does,
        the game saved as it stands)."""
        if line is None:
            self.session.quit(0)
        else:
            self._then(line)

    def _asking(self, prompt: str, then: Callable[[str], None]) -> str:
        self._say_aside()
        self._then = then
        return prompt

    def _say_aside(self) -> None:
        if self.aside is not None:
            self.lines.say(*self.aside())

    # -- the moments of a sitting ---------------------------------------------------------------------------

    def _named(self, typed: str) -> None:
        s = self.session
        if not s.answer_name(typed) and s.message is not None:
            self.lines.say(s.message.text)

    def _handoff(self) -> str:
        s = self.session
        name = s.names[s.table.game.to_move] if s.table.game is not None else ""
        self.lines.clear()
        ready = filled(_("Pass the keyboard to {name}; {name}, press Enter when you are ready."), name=name)
        return self._asking(ready, self._handed)

    def _handed(self, typed: str) -> None:
        s = self.session
        if not typed.strip():
            s.drawn()
            s.reveal()
            return
        found = command_for(typed, self.commands)
        if found is not None and found[0].public:
            self._command(*found)
        else:
            name = s.names[s.table.game.to_move] if s.table.game is not None else ""
            self.lines.say(_("{name}, press Enter on an empty line first: until then only the public questions "
                             "are answered (? lists them).").format(name=name))

    def _table(self) -> str | None:
        s = self.session
        view = s.view()
        if view is None:
            return None
        if s.turn is not self._turn:
            self._turn = s.turn
            self.lines.say(*announce.turn_begins(view))
        name = s.names[s.at_keyboard]
        if s.ending is not None:
            return self._asking(_("{name}, press Enter to end your turn, or type undo to take it back.").format(
                name=name), self.typed)
        step = view.current_step
        return self._asking(_("{name}, step {number} of 4, {step}: type an action, or ? for help.").format(
            name=name, number=int(step), step=step_name(step)), self.typed)

    def typed(self, line: str) -> None:
        """One line typed on the table: Enter, a question, a number from the options, or an action."""
        s = self.session
        text = line.strip()
        if not text:
            if s.ending is not None:
                s.end_turn()
            else:
                self.lines.say(_("Type an action, a number from options, or ? for help."))
            return
        found = command_for(text, self.commands)
        if found is not None:
            self._command(*found)
        elif s.ending is not None:
            self.lines.say(_("Your turn is ending: press Enter to end it, or type undo to take it back."))
        elif text.isdigit():
            self._number(text)
        else:
            self._play("pass" if text.casefold() == "p" else text)

    def _play(self, action: Action | str) -> None:
        s = self.session
        s.message = None
        played = s.play(action)
        self._say_message(notices=False)
        if played and s.ending is not None and s.table.game is not None:
            said = ending_words(s) + "."
            if not s.table.snapshots:
                said += " " + _("New cards were dealt, so it cannot be taken back.")
            self.lines.say(said)

    def _number(self, text: str) -> None:
        s = self.session
        game = s.game
        if game is None or s.computer_to_move:
            return
        legal = game.legal_actions()
        if self._listed != self._position:
            self.lines.say(_("Here are the options of this moment; type the number of one to play it."),
                           *answers.options(legal))
            self._listed = self._position
            return
        numbered = answers.numbered_actions(legal)
        number = number_text(text)
        if number is None or not 1 <= number <= len(numbered):
            shown = str(number) if number is not None and number < 10**6 else _("that long")
            if not numbered:
                self.lines.say(_("There is no choice {number}: the list is empty; p passes.").format(number=shown))
            else:
                self.lines.say(_("There is no choice {number}: pick 1 to {last}.").format(number=shown,
                                                                                          last=len(numbered)))
            return
        self._play(numbered[number - 1])

    def _say_message(self, *, notices: bool) -> None:
        """Say what the session's message line says now (a refusal with its rule, a warning), then clear it;
        `notices` says whether a plain notice counts too (an action's own is said by the announcer)."""
        message = self.session.message
        if message is not None and (notices or message.style != "notice"):
            self.lines.say(message.text)
        self.session.message = None

    # -- questions and verbs -------------------------------------------------------------------------------

    def _command(self, command: Command, rest: str) -> None:
        s = self.session
        view = s.view()
        if view is None:
            return
        if command.name in ("undo", "takeback", "hint", "options") and s.screen is not Screen.TABLE:
            self.lines.say(_("Nothing can be played now."))
            return
        match command.name:
            case "undo":
                playing.undo(s)
                self._say_message(notices=True)
            case "takeback":
                playing.take_back_turn(s)
                self._say_message(notices=True)
            case "quit":
                self._quitting = True
            case "hint":
                self._hint()
            case "options":
                self._options()
            case _ if self.aside is not None and command in self.aside.commands:
                self.lines.say(*self.aside.command(command.name, rest))
            case _:
                self.lines.say(*answered(s, command.name, rest, view, table=self.commands))

    def _options(self) -> None:
        s = self.session
        game = s.game
        if game is None or s.computer_to_move or s.ending is not None or game.is_over:
            self.lines.say(_("Nothing can be played now."))
            return
        self.lines.say(*answers.options(game.legal_actions()))
        self._listed = self._position

    def _hint(self) -> None:
        s = self.session
        game = s.game
        if game is None or s.computer_to_move or s.ending is not None or game.is_over:
            self.lines.say(_("Hints are for your own turn: the computer is playing now.") if s.computer_to_move
                           else _("Nothing can be played now."))
            return
        self.lines.say(_("Looking for a good plan…"))
        self._work_out_hint(game.view(s.at_keyboard, memory=True))

    def _work_out_hint(self, view: SeatView) -> None:
        """The hint for `view`, said at once: when asked, and when the session asks it again after the refresh
        it advised (`Session.play`), right after that refresh is told."""
        s = self.session
        advisor = self.make_advisor(game_level(s.seats))  # the chance against the computer's level, if one plays
        action, reason = advisor.choose_with_reason(view)
        if playing.show_hint(s, view, action, reason):
            self.lines.say(hint_text(action, reason))
            s.message = None  # said: the line that shows it on the full screen is not said again

    def _quit_answer(self, typed: str) -> None:
        self._quitting = False
        if typed.strip().casefold() in ("y", "yes", yes_key(), _("yes").casefold()):
            self.session.quit(0)

    def computer_move(self) -> tuple[str, int | str | None, SeatView]:
        """The computer's next action to choose: its level, its seed and its view (with what a perfect memory knows,
        R12.3, never the stack); it is said that the computer plays, at the start of its turn."""
        s = self.session
        game = s.game
        assert game is not None
        seat = game.to_move
        level = level_of(s.seats[seat])
        if level is None:
            raise SeatRefused(f"seat {seat + 1} is played by {s.seats[seat]!r}, which is no player")
        if s.turn is not self._turn:
            self._turn = s.turn
            self.lines.say(_("{name} is playing its turn: a moment, please.").format(name=s.names[seat]))
        return level, game.seed, game.view(seat, memory=True)

    def computer_played(self, chosen: Action) -> None:
        """The computer's action, played and said (nothing waits on a clock)."""
        s = self.session
        if not s.play(chosen):  # a player returns one of the view's legal actions: this is a bug
            raise RuntimeError(f"the computer chose {chosen}, which the game refused")
        s.message = None

    def _end(self) -> str:
        s = self.session
        game = s.table.game
        assert game is not None
        if self._ended is not s.history:
            self._ended = s.history
            result = game.result()
            assert result is not None
            self.lines.say(*announce.ending(result, s.table.view(s.at_keyboard, memory=s.memory_aid)))
        return self._asking(_("The game is over: type n for a new game, log for the game log, or q to leave."),
                            self._over)

    def _over(self, typed: str) -> None:
        s = self.session
        text = typed.strip().casefold()
        found = command_for(text, self.commands)
        if text == "n":
            s.new_game()
            self._say_message(notices=True)
        elif text == "q" or (found is not None and found[0].name == "quit"):
            s.quit(0)
        elif found is not None and found[0].public:
            self._command(*found)
        else:
            self.lines.say(_("The game is over: type n for a new game, log for the game log, or q to leave."))


def answered(s: Session, name: str, rest: str, view: SeatView, *,
             table: tuple[Command, ...] = COMMANDS) -> Sequence[str]:
    """The answer to the question `name` (with `rest`, a rule's id) at `s`, from `view`, the seat's own (R12);
    `table` is what `?` lists."""
    match name:
        case "hand":
            return answers.hand(view)
        case _ if name in answers.TABLE_QUESTIONS:
            return answers.TABLE_QUESTIONS[name](view)
        case "last":
            last = s.last_turn() or s.table.view(None).last_turn
            return answers.last_turn(last, s.names, s.last_turn_reason())
        case "log":
            return answers.log(s.log, s.names, s.pass_reasons)
        case "rules":
            return asked(rest)
    return help_lines(playing=s.screen is Screen.TABLE, table=table)
