"""`famiglia train`: one position at a time from the player's own games, answered until the move is found.

`Training` holds the exercises of the session (`famiglia.tui.model.exercises`), in the order they come,
the card of each (`famiglia.persistence.schedule`) and the one on show: the line being typed, the
choices gone down (the game's own list, `builder.menu`), the last answer's verdict, and whether the
answer was asked for. Its verbs are the keys, as the game has them: a choice number, typed notation in
the player's language with Tab completing it, p for a pass, Esc back; h shows the best move and the
hint's words; Enter goes on once the position is solved or shown.

The first answer to a position in a session is the one the schedule counts: a miss (or asking for the
answer first) puts the position at the end of the session once more, for practice, and makes it due the
next day; a right answer moves it up a box. Before the exercises, a game of two people at this keyboard whose
trained seats are not known asks whose mistakes to train (1, 2, or 3 for both).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from enum import Enum
from typing import Final

from famiglia.ai.analysis import Analysis
from famiglia.engine import Action, IllegalAction, Pass, parse_action
from famiglia.persistence import printable
from famiglia.persistence.schedule import Card, Clock, system_clock
from famiglia.phrasebook import chances, hints
from famiglia.phrasebook.catalogue import N_, _
from famiglia.phrasebook.notation import in_notation, in_words
from famiglia.phrasebook.refusals import refusal
from famiglia.profile.practice import Progress, progress

from .builder import Menu, complete, menu
from .exercises import Exercise, Trainable, Verdict, exercises_of, judge, known
from .keys import PASTE, TYPED, Command, Commands
from .screens import number_text

__all__ = ["LINE_LIMIT", "TRAIN_COMMANDS", "Stage", "Training"]

LINE_LIMIT: Final = 60  # the longest action typed is some 25 characters
Save = Callable[[Mapping[str, Card], Mapping[str, tuple[int, ...]]], str | None]  # what to say if not saved
Chooses = Callable[[Card, datetime], bool]  # whether a card of a game asked about belongs to this session


class Stage(Enum):
    WHOSE = "whose"  # whose mistakes, for a game of two people at this keyboard
    EXERCISE = "exercise"
    DONE = "done"


class Training:
    """A session of training; see the module docstring. `questions` are the games of two people to ask about
    (each with its analysis), `chooses` which of their cards join the session, `save` writes changed cards."""

    def __init__(self, exercises: Sequence[Exercise], cards: Mapping[str, Card], *, clock: Clock = system_clock,
                 questions: Sequence[tuple[Trainable, Analysis]] = (), chooses: Chooses = lambda c, now: True,
                 save: Save | None = None, note: str | None = None) -> None:
        self.queue: list[Exercise] = list(exercises)
        self.cards: dict[str, Card] = dict(cards)
        self.clock = clock
        self.questions = list(questions)
        self.chooses = chooses
        self.save = save
        self.index = 0
        self.message: str | None = note
        self.done = False
        self.exit_code = 0
        self.begin_judging: Callable[[Exercise, Action], None] | None = None  # the shell's: weigh it off the loop
        self.judging: Action | None = None  # the answer being weighed
        self.again: set[str] = set()  # the positions missed in this session, already put at its end once
        self.scored: set[str] = set()  # the positions whose answer of this session the schedule has
        self.answered = 0
        self.right_first = 0
        self._fresh()
        self.stage = Stage.WHOSE if self.questions else (Stage.EXERCISE if self.queue else Stage.DONE)

    def _fresh(self) -> None:
        self.line = ""
        self.path: tuple[str, ...] = ()
        self.verdict: Verdict | None = None
        self.solved = False
        self.revealed = False
        self.counted = False

    # -- reading ------------------------------------------------------------------------------------------

    @property
    def exercise(self) -> Exercise | None:
        return self.queue[self.index] if self.stage is Stage.EXERCISE and self.index < len(self.queue) else None

    @property
    def finished(self) -> bool:
        """The position on show is solved or shown: Enter goes on."""
        return self.solved or self.revealed

    def menu(self) -> Menu | None:
        exercise = self.exercise
        if exercise is None or self.finished:
            return None
        return menu(exercise.view().legal_actions, self.path)

    def progress(self) -> Progress:
        return progress(self.cards.values(), self.clock())

    def question(self) -> Trainable | None:
        return self.questions[0][0] if self.stage is Stage.WHOSE and self.questions else None

    # -- whose mistakes --------------------------------------------------------------------------------------

    def whose(self, choice: str) -> None:
        """1, 2 or 3 (both) to the question of whose mistakes to train in a game of two people."""
        if not self.questions:
            return
        seats = {"1": (0,), "2": (1,), "3": (0, 1)}.get(choice)
        if seats is None:
            self.message = _("Press 1 or 2 for that player's mistakes, 3 for both.")
            return
        game, analysis = self.questions.pop(0)
        now = self.clock()
        added = {}
        for exercise in exercises_of(game, analysis, seats):
            card = self.cards.get(exercise.key) or Card(exercise.key, exercise.game, exercise.kind)
            added[exercise.key] = card
            if self.chooses(card, now):
                self.queue.append(exercise)
        self.cards.update(added)
        self.message = self._saved(added, {game.id: seats})
        if not self.questions:
            self.stage = Stage.EXERCISE if self.index < len(self.queue) else Stage.DONE

    # -- answering ----------------------------------------------------------------------------------------------

    def type_text(self, text: str) -> None:
        """Characters typed (or pasted) onto the answer's line: printable ones only, up to `LINE_LIMIT`."""
        if self.exercise is None or self.finished:
            self.ignored(text)
            return
        kept = "".join(ch for ch in text if ch.isprintable())
        room = LINE_LIMIT - len(self.line)
        if len(kept) > room:
            self.message = _("The line is full: an action is shorter than that.")
        self.line += kept[:max(0, room)]

    def backspace(self) -> None:
        if self.line:
            self.line = self.line[:-1]
        else:
            self.back()

    def back(self) -> None:
        """Esc: clear the line, else back one choice."""
        if self.line:
            self.line = ""
        elif self.path:
            self.path = self.path[:-1]
            current = self.menu()
            if current is not None and current.path != self.path:  # a level of one choice is never asked
                self.path = ()
        self.message = None

    def digit(self, digit: str) -> None:
        """A number key: typed onto a line of text; else a choice, at once where no longer number starts with it."""
        current = self.menu()
        if current is None or (self.line and not self.line.isdigit()):
            self.type_text(digit)
            return
        digits = (self.line + digit)[-6:]
        number = number_text(digits) or 0
        if number and number * 10 <= len(current.choices):
            self.line = digits
            self.message = _("{digits}_ — a second digit, or Enter for {number}").format(digits=digits, number=number)
            return
        self.line = ""
        self.choose(number)

    def choose(self, number: int) -> None:
        current = self.menu()
        if current is None:
            return
        choice = current.numbered(number)
        if choice is None:
            self.message = _("There is no choice {number}: pick 1 to {last}.").format(
                number=number if number < 10**6 else _("that long"), last=len(current.choices))
        elif choice.action is not None:
            self.answer(choice.action)
        else:
            self.path, self.message = choice.path, None

    def complete(self) -> None:
        """Tab: the legal actions that start as the line does, in the player's words; one fills the line."""
        exercise = self.exercise
        if exercise is None or self.finished:
            return
        found = complete(exercise.view().legal_actions, self.line)
        if len(found) == 1:
            self.line, self.message = found[0], None
        elif found:
            self.message = printable(" · ".join(found), 400)
        else:
            self.message = _("No action starts with {typed}.").format(typed=printable(repr(self.line), 40))

    def enter(self) -> None:
        """Enter: go on from a solved or shown position; else the typed number or action is the answer."""
        if self.judging is not None:
            return
        if self.stage is not Stage.EXERCISE:
            if self.stage is Stage.DONE:
                self.leave()
            return
        if self.finished:
            self.next()
            return
        text = self.line.strip()
        if not text:
            self.message = _("Press the number of a choice, or type an action (Tab completes it).")
        elif text.isdigit():
            self.line = ""
            number = number_text(text)
            self.choose(10**6 if number is None else number)
        else:
            self.answer_typed(text)

    def answer_typed(self, text: str) -> None:
        exercise = self.exercise
        assert exercise is not None
        try:  # the engine reads it, or says why not, on a copy of the position that is then dropped
            action = exercise.position().apply(in_notation(text))
        except IllegalAction as error:  # NotationError too: text that is no action at all
            said = refusal(error.refusal, as_typed=text) if error.refusal is not None else str(error)
            self.message = printable(said, 300)
            return
        self.line = ""
        self.answer(action)

    def pass_(self) -> None:
        """p: a pass is the answer, where it is legal (it has its own key, as at the table)."""
        exercise = self.exercise
        if exercise is None or self.finished:
            self.ignored("p")
        elif Pass() in exercise.view().legal_actions:
            self.answer(Pass())
        else:
            self.message = _("A pass is not allowed here.")

    def answer(self, action: Action) -> None:
        """The answer judged by the analysis's estimate; the first of the session goes to the schedule. Where the
        analysis saved no chance for it and the shell weighs answers off the screen's loop (`begin_judging`), the
        verdict comes back through `judged`."""
        exercise = self.exercise
        assert exercise is not None
        verdict = known(exercise, action)
        if verdict is None and self.begin_judging is not None:
            self.judging, self.path = action, ()
            self.message = _("Weighing {action}…").format(action=in_words(str(action)))
            self.begin_judging(exercise, action)
            return
        self.judged(exercise, verdict if verdict is not None else judge(exercise, action))

    def judged(self, exercise: Exercise, verdict: Verdict) -> None:
        """The verdict of an answer to `exercise` (dropped if the screen has moved on from it since)."""
        self.judging = None
        if exercise is not self.exercise or self.finished:
            return
        self.verdict, self.path = verdict, ()
        self._count(verdict.right)
        if verdict.right:
            self.solved = True
            self.message = None
        else:
            self.message = _("{action}: {chance} against the best's {best}. Try again (h shows the answer).").format(
                action=in_words(verdict.action), chance=_percent(verdict.chance), best=_percent(verdict.best))

    def reveal(self) -> None:
        """h: the best move and the hint's words, then what was played in the game (a miss, if asked first)."""
        if self.exercise is None or self.finished:
            self.ignored("h")
            return
        self._count(False)
        self.revealed, self.message, self.line, self.path = True, None, "", ()

    def _count(self, right: bool) -> None:
        exercise = self.exercise
        if exercise is None or self.counted:
            return
        self.counted = True
        if exercise.key in self.scored:  # a miss come back in the session: practice, the schedule has its answer
            return
        self.scored.add(exercise.key)
        self.answered += 1
        self.right_first += right
        card = self.cards.get(exercise.key) or Card(exercise.key, exercise.game, exercise.kind)
        card = replace(card, kind=exercise.kind).answered(right, self.clock())
        self.cards[card.key] = card
        said = self._saved({card.key: card}, {})
        if not right and exercise.key not in self.again:  # it comes back in this session, once
            self.again.add(exercise.key)
            self.queue.append(exercise)
        if said:
            self.message = said

    def _saved(self, cards: Mapping[str, Card], whose: Mapping[str, tuple[int, ...]]) -> str | None:
        return None if self.save is None else self.save(cards, whose)

    def next(self) -> None:
        self.index += 1
        self._fresh()
        self.message = None
        if self.index >= len(self.queue):
            self.stage = Stage.DONE

    def best_words(self) -> str:
        """The best move in the hint's words: the line of the turn it begins, and its chance."""
        exercise = self.exercise
        assert exercise is not None
        d = exercise.decision
        steps = [parse_action(a) for a in d.line] or [parse_action(d.best)]
        if str(steps[0]) != d.best:
            steps = [parse_action(d.best)]
        return hints.line(steps, chances.chance(d.best_chance))

    def ignored(self, key: str) -> None:
        shown = repr(key) if len(key) == 1 else key
        if self.judging is not None:
            self.message = _("Weighing {action}…").format(action=in_words(str(self.judging)))
        elif self.stage is Stage.WHOSE:
            self.message = _("Press 1 or 2 for that player's mistakes, 3 for both.")
        elif self.finished:
            self.message = _("{key} does nothing here: Enter goes to the next position.").format(key=shown)
        else:
            self.message = _("{key} does nothing here: the keys are listed under the table.").format(key=shown)

    def leave(self, exit_code: int = 0) -> None:
        self.done = True
        self.exit_code = exit_code


def _percent(chance: float) -> str:
    return f"{round(chance * 100)}%"


def _say(training: Training, words: str) -> None:
    training.message = words


def _answering(t: Training) -> bool:
    return t.exercise is not None and not t.finished and t.judging is None


def _typing(t: Training) -> bool:
    return _answering(t) and bool(t.line) and not t.line.isdigit()


# The train screen's keys, once: the bindings and the key line are made from them. A letter goes onto the line
# while it holds text; on an empty line p passes and h shows the answer, as at the table.
TRAIN_COMMANDS: Final[Commands[Training]] = Commands(
    Command("whose", ("1", "2", "3"), lambda t: t.stage is Stage.WHOSE, lambda t, key: t.whose(key)),
    Command("choose", tuple("0123456789"), _answering, lambda t, key: t.digit(key), hint=N_("1-9: choose")),
    Command("enter", ("enter",), run=lambda t, _: t.enter(), hint=N_("Enter: next"), hint_where=lambda t: t.finished),
    Command("type", (TYPED,), _answering, lambda t, key: t.type_text(key)),
    Command("paste", (PASTE,), _answering, lambda t, text: t.type_text(text.replace("\n", " "))),
    Command("complete", ("c-i",), _answering, lambda t, _: t.complete(), hint=N_("Tab: type")),
    Command("pass", ("p",), lambda t: _answering(t) and not t.line, lambda t, _: t.pass_(), hint=N_("p: pass")),
    Command("show the answer", ("h",), lambda t: _answering(t) and not t.line, lambda t, _: t.reveal(),
            hint=N_("h: show the answer")),
    Command("back", ("escape",), _answering, lambda t, _: t.back(), eager=True),
    Command("take back a character", ("backspace",), _answering, lambda t, _: t.backspace()),
    Command("leave", ("q",), lambda t: not _typing(t), lambda t, _: t.leave(), hint=N_("q: leave")),
    Command("leave with a key", ("c-c", "c-d"), run=lambda t, _: t.leave(), eager=True),
    Command("leave on a signal", ("<sigint>",), run=lambda t, _: t.leave(130), eager=True),
    say=_say,
    stray=lambda t, key: t.ignored(key),
    typing=_typing,
)


def train_key_line(training: Training) -> str:
    return TRAIN_COMMANDS.key_line(training)
