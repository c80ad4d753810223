"""The replay in the plain mode (`famiglia replay --plain`): a saved game stepped through as lines, both hands open.

One more front end of the replay's model (`famiglia.tui.model.replay.Replay`): each position reached is said
in one sentence, the action that led to it in the phrasebook's words (with a take's points and the Street
dealt after it), and a typed word moves through the game by pressing the key of the replay's own command
table (`REPLAY_COMMANDS`) that the full screen binds, so its refusals and its messages are the same. The
questions are the plain mode's (`famiglia.tui.plain.words`), asked of the position on show; as on the full
screen, the replay shows both hands, and asks first when the game is not over.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Final, TextIO

from famiglia.ai.analysis import Analysis
from famiglia.engine import Event, Game, Step
from famiglia.persistence import Record, printable
from famiglia.persistence.turns import turn_log
from famiglia.phrasebook import verdicts
from famiglia.phrasebook.catalogue import N_, _
from famiglia.phrasebook.counts import card_count, card_names, decision_count, point_count, turn_count
from famiglia.phrasebook.keynames import yes_key
from famiglia.phrasebook.rulebook import asked
from famiglia.tui.model.kept_analysis import analyse_record, decisions_to_rate, kept_beside
from famiglia.tui.model.replay import REPLAY_COMMANDS, Replay
from famiglia.tui.model.screens import number_text
from famiglia.tui.view.replay import decision_line
from famiglia.tui.view.theme import FAMILY_SYMBOL

from . import announce, answers
from .lines import Lines
from .words import COMMANDS, Command, command_for, help_lines, short_forms

__all__ = ["EXIT_FAILURE", "REPLAY_WORDS", "PlainReplay", "analyse_now", "move_events", "run_plain_replay"]

EXIT_FAILURE: Final = 1
MOST_DIGITS: Final = 6  # a turn number at most this long: the replay's model keeps no more
_NO_SYMBOLS: Final = str.maketrans("", "", "".join(FAMILY_SYMBOL.values()))  # cards are said by name, as F4

_ASKED: Final = ("street", "areas", "score", "stack", "log", "rules", "help")
# What a player types in the replay: its verbs (each pressing a key of `REPLAY_COMMANDS`), then the questions.
REPLAY_WORDS: Final = (
    Command("next", N_("next"), N_("the next position (Enter alone does the same)"), key="right"),
    Command("back", N_("back"), N_("the position before"), key="left"),
    Command("first", N_("first"), N_("the deal"), key="home"),
    Command("end", N_("end"), N_("the last position"), key="end"),
    Command("turn", N_("turn"), N_("the start of a turn: turn 5, or the number alone"), key="enter"),
    Command("analysis", N_("analysis"), N_("the analysis of the turn on show, where the game has one"), key="a"),
    Command("mark", N_("mark"), N_("the next marked decision or key moment of the analysis"), key="m"),
    Command("hand", N_("hands"), N_("both hands, with their points")),
    *(c for c in COMMANDS if c.name in _ASKED and c.name != "help"),
    Command("quit", N_("quit"), N_("leave the replay")),
    *(c for c in COMMANDS if c.name == "help"),
)


def move_events(replay: Replay, index: int) -> list[Event]:
    """The public events of the action that led to position `index`: the action, and after a take or pass the
    Street dealt for the next turn (R10.1)."""
    move = replay.record.moves[index - 1]
    view = replay.positions[index].view(None)
    if move.action.step is not Step.TAKE:
        return list(view.this_turn[-1:])
    for turn in (view.last_turn, view.this_turn):
        at = [i for i, e in enumerate(turn) if e.action == move.action and e.player == move.player]
        if at:
            return list(turn[at[-1]:])
    return [Event(move.player, move.action)]


def hands(game: Game) -> list[str]:
    """Both hands, open (the replay shows them), each with its points."""
    lines = []
    for seat, name in enumerate(game.names):
        held = game.view(seat).hand
        if not held:
            lines.append(_("{name}'s hand is empty.").format(name=name))
        else:
            lines.append(_("{name}'s hand: {cards} — {count}, {points}.").format(
                name=name, cards=card_names(held), count=card_count(len(held)),
                points=point_count(sum(c.points for c in held))))
    return lines


def score(game: Game) -> list[str]:
    """Both totals as they stand, both hands known (R11.1)."""
    lines = []
    for seat, name in enumerate(game.names):
        view = game.view(seat)
        area, held = sum(c.points for c in view.play_areas[seat]), sum(c.points for c in view.hand)
        lines.append(_("{name}: {total} as it stands, {area} in the play area and {hand} in the hand.").format(
            name=name, total=point_count(area + held), area=point_count(area), hand=point_count(held)))
    return lines


class PlainReplay:
    """The replay of `replay` on `lines`, until the player leaves or the input ends."""

    def __init__(self, replay: Replay, lines: Lines) -> None:
        self.replay = replay
        self.lines = lines
        self._said: int | None = None  # the position last said

    def run(self) -> int:
        r = self.replay
        names = r.record.players
        self.lines.say(_("Replay of game {game}: {first} against {second}, {turns}; both hands are shown.").format(
            game=r.record.id, first=names[0], second=names[1], turns=turn_count(len(r.turn_starts))))
        while not r.done:
            if r.asking:
                self._ask()
                continue
            if r.index != self._said:
                self._said = r.index
                self.lines.say(*self.position())
            self._say_message()
            typed = self.lines.ask(_("Position {index} of {last}: Enter goes on, {back} goes back, ? for help.").format(
                index=r.index, last=r.last, back=short_forms(REPLAY_WORDS)["back"]))
            if typed is None:
                r.leave()
            else:
                self.typed(typed)
        return r.exit_code

    def _ask(self) -> None:
        typed = self.lines.ask(_("This game is not over, and its replay shows both hands: type {yes} to see it, or "
                                 "n to leave.").format(yes=yes_key()))
        text = (typed or "").strip().casefold()
        if typed is None or text in ("n", _("no").casefold()):
            self.replay.answer(False)
        elif text in ("y", "yes", yes_key(), _("yes").casefold()):
            self.replay.answer(True)
        else:
            self.lines.say(_("Type {yes} to see the game, or n to leave.").format(yes=yes_key()))

    def _say_message(self) -> None:
        if self.replay.message:
            self.lines.say(self.replay.message)
        self.replay.message = None

    def position(self) -> list[str]:
        """The position on show: where it stands in the game, and what led to it (the deal, or one action)."""
        r = self.replay
        game = r.positions[r.index]
        if r.index == 0:
            return [_("Position 0 of {last}: the deal.").format(last=r.last), *announce.start(game.view(None))]
        names = r.record.players
        said = [answers.said(e, names) for e in move_events(r, r.index)]
        lines = [_("Position {index} of {last}, turn {turn}: {action}").format(
            index=r.index, last=r.last, turn=r.turn, action=said[0]), *said[1:]]
        result = game.result()
        if result is not None:
            lines += announce.ending(result, game.view(0))
        elif r.index in r.turn_starts:
            lines.append(_("Turn {turn} begins: {name} plays.").format(turn=r.turn_starts.index(r.index) + 1,
                                                                       name=names[game.to_move]))
        return lines

    def typed(self, line: str) -> None:
        """One line typed: Enter, a turn number, a verb of the replay or a question."""
        text = line.strip()
        if not text:
            REPLAY_COMMANDS.press(self.replay, "right")
            return
        found = command_for(text, REPLAY_WORDS)
        number = number_text(found[1] if found is not None and found[0].name == "turn" else text)
        if number is not None:
            self._turn(number)
        elif found is None:
            self.lines.say(_("That is no word of the replay: ? lists them."))
        elif found[0].name == "turn":
            self.lines.say(_("Type a turn number first, then Enter goes there."))
        else:
            self._command(found[0], found[1])

    def _turn(self, number: int) -> None:
        r = self.replay
        r.typed = ""
        for digit in str(min(number, 10**MOST_DIGITS - 1)):
            REPLAY_COMMANDS.press(r, digit)
        REPLAY_COMMANDS.press(r, "enter")

    def _command(self, command: Command, rest: str) -> None:
        r = self.replay
        game = r.positions[r.index]
        if command.name == "analysis" and r.analysis is not None:
            self.lines.say(*self.analysis())
        elif command.name == "quit":
            r.leave()
        elif command.key is not None:
            REPLAY_COMMANDS.press(r, command.key)
            if command.name == "analysis" and r.analysis is not None:  # made just now (`analyse_now`)
                self.lines.say(*self.analysis())
            if command.name == "mark" and r.message and r.index != self._said:
                self._said = r.index  # the mark says itself with the position it stops at
                self.lines.say(*self.position(), r.message, *self.analysis())
                r.message = None
        else:
            self.lines.say(*self._answer(command.name, rest, game))

    def _answer(self, name: str, rest: str, game: Game) -> list[str]:
        view = game.view(None)
        match name:
            case "hand":
                return hands(game)
            case "street":
                return answers.street(view)
            case "areas":
                return answers.areas(view)
            case "score":
                return score(game)
            case "stack":
                return answers.stack(view)
            case "log":
                r = self.replay
                played = [m.action for m in r.record.moves[:r.index]]
                return answers.log(turn_log(r.positions[0], played), r.record.players, {})
            case "rules":
                return asked(rest)
        return [_("Enter alone goes to the next position, a number to the start of that turn."),
                *help_lines(playing=False, table=REPLAY_WORDS)]

    def analysis(self) -> list[str]:
        """The analysis of the turn on show: each decision with its chances, as the full screen's verdict says it."""
        r = self.replay
        decisions = r.turn_decisions()
        if r.analysis is None:
            return []
        lines = [verdicts.turn_heading(r.turn) + "."]
        if not decisions:
            return [*lines, verdicts.no_decision()]
        return lines + [decision_line(d, r.record.players).plain.translate(_NO_SYMBOLS) + "." for d in decisions]


def analyse_now(replay: Replay, lines: Lines, *, path: Path | None = None, level: str | None = None) -> None:
    """The replay's `a` where no analysis is saved: the game analysed now as `famiglia analyse` does it (at `level`,
    by default the game's own), saved beside it at `path`; how far it has come is said at each quarter."""
    total = decisions_to_rate(replay.record)
    replay.analysis_begins(total)
    lines.say(_("Analysing the game, {decisions}: a moment, please.").format(decisions=decision_count(total)))
    quarters = [0]

    def advanced(n: int) -> None:
        replay.analysis_advanced(n)
        rated, whole = replay.progress or (0, 1)
        if 4 * rated // whole > quarters[0] and rated < whole:
            quarters[0] = 4 * rated // whole
            lines.say(replay.progress_words() + ".")

    try:
        made = analyse_record(replay.record, level=level, progress=advanced)
    except Exception as error:  # said in one line; a tries again
        replay.analysis_failed(_("The analysis stopped on an unexpected error ({error}); a tries again.").format(
            error=f"{type(error).__name__}: {printable(str(error), 80)}"))
        return
    replay.analysis_done(made, kept_beside(path, replay.record, made, note=replay.note))


def run_plain_replay(record: Record, *, analysis: Analysis | None = None, note: str | None = None,
                     path: Path | None = None, level: str | None = None, input: TextIO | None = None,
                     output: TextIO | None = None) -> int:
    """Step through `record` in lines on `input` and `output` (standard input and output by default); the exit
    status. `analysis` is the game's saved analysis, `note` why a saved one is not used; without one, `a`
    analyses the game at `level` and saves it beside the record's file `path`."""
    lines = Lines(input, output, terminal=False)
    try:
        replay = Replay(record, analysis=analysis, note=note)
        replay.begin_analysis = lambda: analyse_now(replay, lines, path=path, level=level)
        return PlainReplay(replay, lines).run()
    except Exception as error:  # one line, never a traceback; nothing is saved by a replay
        said = _("the replay stopped on an unexpected error ({error})").format(error=f"{type(error).__name__}: {error}")
        print(f"famiglia: {said}", file=sys.stderr)
        return EXIT_FAILURE
