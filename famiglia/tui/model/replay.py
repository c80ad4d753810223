"""`famiglia replay`: which position of a saved game is on show, stepped forward and backward by the keys.

`Replay` holds every position of the game (the deal, then one after each action) and which one is
on show; its verbs are the keys (`famiglia.tui.shell.replay`), and `famiglia.tui.view.replay` draws
it. An unfinished game is only shown after the question whether both hands may be seen: it reveals them.

The game's analysis (`famiglia.ai.analysis.Analysis`), when one is saved beside it, is read once
by the command that starts the replay and handed in: `a` shows the analysis of the turn on show
beside the win-chance graph, `m` goes to the next marked decision or key moment; `note` says why a saved one was
not used. Without one, `a` asks the shell to analyse the game in the background
(`begin_analysis`, set by `famiglia.tui.shell.analyst`): the replay goes on meanwhile, `progress`
counts the decisions rated, and `analysis_done` hands the analysis in and shows the turn on show.

At a marked decision or key moment (where `m` stops), `t` puts that decision into training at once and `c`
plays on from the position before it against the computer, as a new game; the command that starts the replay
gives what does each (`to_train`, `to_play_on`: they save, and say what became of it). Elsewhere the two keys
say why they do nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from famiglia.ai.analysis import Analysis, Decision
from famiglia.ai.moments import key_moments
from famiglia.engine import Game
from famiglia.persistence import Record
from famiglia.persistence.turns import ends_turn, turn_of, turn_starts
from famiglia.phrasebook import verdicts
from famiglia.phrasebook.catalogue import N_, _
from famiglia.phrasebook.counts import decision_count
from famiglia.phrasebook.keynames import YES_LETTERS, yes_key

from .keys import Command, Commands

__all__ = ["ASK_FIRST", "MISTAKES", "REPLAY_COMMANDS", "Replay", "replay_key_line"]

MISTAKES: Final = ("inaccurate", "mistake", "blunder")  # the marks the next-mistake key stops at: every one


class Replay:
    """Which position of a recorded game is on show; the keys move it."""

    def __init__(self, record: Record, *, analysis: Analysis | None = None, note: str | None = None) -> None:
        self.record = record
        self.analysis = analysis
        self.note = note  # why the saved analysis is not used (a broken file), said once and by `a`
        self.analysing = False  # the analysis of the turn on show is drawn with the table
        self.alone = False  # ... or alone, the whole game's graph above it, in place of the table
        self.positions: list[Game] = list(record.games())
        self.index = 0
        self.typed = ""  # digits of a turn number being typed
        self.message: str | None = note
        self.asking = not self.positions[-1].is_over  # both hands of a running game: ask first
        self.done = False
        self.exit_code = 0
        self.begin_analysis: Callable[[], None] | None = None  # the shell's: analyse the game in the background
        self.to_train: Callable[[Decision, Analysis], str] | None = None  # the decision put into training; said
        self.to_play_on: Callable[[Decision], str | None] | None = None  # a new game from it; what went wrong
        self.progress: tuple[int, int] | None = None  # decisions rated and to rate, while the analysis runs
        self._stops_of: tuple[Analysis, dict[int, str]] | None = None  # where m stops, for that analysis
        # The turn each action belongs to, and where each turn starts (the index of its first position).
        actions = [m.action for m in record.moves]
        self.turn_of: list[int] = turn_of(actions)
        self.turn_starts: list[int] = turn_starts(actions)

    @property
    def last(self) -> int:
        return len(self.positions) - 1

    # -- the keys ---------------------------------------------------------------------------------------------

    def step(self, delta: int) -> None:
        """Forward or back `delta` positions; at either end the message line says there is no further to go."""
        moved = max(0, min(self.last, self.index + delta))
        self.typed, self.message = "", None
        if moved == self.index and delta:
            self.message = (_("This is the deal: nothing comes before it.") if delta < 0 else
                            _("This is the last position: the game ends here.") if self.positions[-1].is_over else
                            _("This is the last position: the game was saved here."))
        self.index = moved

    def home(self) -> None:
        self.step(-self.last)

    def end(self) -> None:
        self.step(self.last)

    def digit(self, digit: str) -> None:
        if len(self.typed) < 6:
            self.typed += digit
        self.message = None

    def backspace(self) -> None:
        if not self.typed:
            self.message = _("Nothing is typed to take back: a turn number, then Enter, goes there.")
        self.typed = self.typed[:-1]

    def enter(self) -> None:
        """Go to the start of the turn whose number was typed."""
        if not self.typed:
            self.message = _("Type a turn number first, then Enter goes there.")
            return
        number, self.typed = int(self.typed), ""
        if not 1 <= number <= len(self.turn_starts):
            self.message = _("There is no turn {n}: the game has {m}.").format(n=number, m=len(self.turn_starts))
            return
        self.index = self.turn_starts[number - 1]
        self.message = None

    def ignored(self, key: str) -> None:
        """A key that does nothing now: the message line says why, in the player's words."""
        if self.asking:
            self.message = _(ASK_FIRST)
        else:
            shown = repr(key) if len(key) == 1 else key
            self.message = _("{key} does nothing here: the keys are listed under the table.").format(key=shown)

    def answer(self, yes: bool) -> None:
        """The question before an unfinished game: yes shows it (and the note about its analysis, if any), no leaves."""
        self.asking, self.message = False, self.note
        if not yes:
            self.done = True

    def next_or_no(self) -> None:
        """n: no, to the question before an unfinished game (and leave); else the next position."""
        if self.asking:
            self.answer(False)
        else:
            self.step(1)

    @property
    def turn(self) -> int:
        """The turn on show: that of the action that led here (the first turn at the deal)."""
        return self.turn_of[self.index - 1] if self.index else 1

    def turn_decisions(self) -> tuple[Decision, ...]:
        """The analysed decisions of the turn on show, in order (none without an analysis)."""
        if self.analysis is None:
            return ()
        return tuple(d for d in self.analysis.decisions
                     if d.move < len(self.turn_of) and self.turn_of[d.move] == self.turn)

    def toggle_analysis(self) -> None:
        """a: the analysis of the turn on show with the table, then alone with the whole game's graph, then off;
        without one, the analysis begins in the background."""
        self.typed = ""
        if self.analysis is not None:
            self.analysing, self.alone = (True, False) if not self.analysing else (not self.alone, not self.alone)
            self.message = None
        elif self.progress is not None:
            self.message = _("The analysis is running ({progress}); it shows the turn on show when done.").format(
                progress=self.progress_words())
        elif self.begin_analysis is not None:
            self.message = None
            self.begin_analysis()
        else:
            self.message = self._no_analysis()

    def next_mistake(self) -> None:
        """m: the position just after the next marked decision (inaccurate, a mistake, a blunder) or key moment,
        with its analysis, and a line that says which it is."""
        self.typed = ""
        if self.analysis is None:
            if self.progress is not None:
                self.message = _("The analysis is running ({progress}); m finds marks once it is done.").format(
                    progress=self.progress_words())
            elif self.begin_analysis is not None:
                self.message = _("No analysis of this game yet: a analyses it, then m finds its marks and key moments.")
            else:
                self.message = self._no_analysis()
            return
        stops = self._stops(self.analysis)
        later = [index for index in stops if index > self.index]
        if not later:
            self.message = (_("No marked decision or key moment after this point.") if stops
                            else _("No marked decision or key moment in this game."))
            return
        self.index, self.analysing = min(later), True
        self.message = stops[self.index]

    def _stops(self, analysis: Analysis) -> dict[int, str]:
        """Where m stops: the position just after each marked decision and each key moment
        (`famiglia.ai.moments`), with the line that says which it is."""
        if self._stops_of is not None and self._stops_of[0] is analysis:
            return self._stops_of[1]
        stops: dict[int, str] = {}
        for d in analysis.decisions:
            if d.mark in MISTAKES:
                stops[d.move + 1] = _("Marked {mark}: {name} played {action}, {points:.0f} points of chance given "
                                      "away.").format(mark=verdicts.mark(d.mark), name=self.record.names[d.player],
                                                      action=d.action, points=d.points_lost)
        for moment in key_moments(analysis, [game.view(None) for game in self.positions]):
            said = _("Key moment: {moment}").format(moment=moment.words)
            stops[moment.move + 1] = f"{stops[moment.move + 1]} {said}" if moment.move + 1 in stops else said
        self._stops_of = (analysis, dict(sorted(stops.items())))
        return self._stops_of[1]

    def marked_decision(self) -> Decision | None:
        """The decision where `m` stops on show (the position just after it), or on the position it was made in;
        None elsewhere, or without an analysis."""
        if self.analysis is None:
            return None
        stops = self._stops(self.analysis)
        for move in (self.index - 1, self.index):
            if move >= 0 and move + 1 in stops:
                found = next((d for d in self.analysis.decisions if d.move == move and not d.forced), None)
                if found is not None:
                    return found
        return None

    def _why_unmarked(self, key: str) -> str:
        if self.analysis is None and self.progress is not None:
            return _("The analysis is running ({progress}); {key} needs its marks.").format(
                progress=self.progress_words(), key=key)
        if self.analysis is None:
            return _("{key} acts at a marked decision, and this game has no analysis yet: a analyses it.").format(
                key=key)
        return _("{key} acts at a marked decision or key moment, and this position is none: m goes to the next "
                 "one.").format(key=key)

    def train_here(self) -> None:
        """t: the marked decision on show into training, due at once."""
        self.typed = ""
        decision = self.marked_decision()
        if decision is None or self.analysis is None or self.to_train is None:
            self.message = self._why_unmarked("t") if decision is None else _("Training is not at hand here.")
            return
        self.message = self.to_train(decision, self.analysis)

    def play_on(self) -> None:
        """c: a new game from the position before the marked decision on show, against the computer; the replay
        ends and the game begins."""
        self.typed = ""
        decision = self.marked_decision()
        if decision is None or self.to_play_on is None:
            self.message = self._why_unmarked("c") if decision is None else _("Playing on is not at hand here.")
            return
        trouble = self.to_play_on(decision)
        if trouble is None:
            self.leave()
        else:
            self.message = trouble

    def _no_analysis(self) -> str:
        if self.note:
            return _("The saved analysis cannot be read: 'famiglia analyse {game}' makes it anew.").format(
                game=self.record.id)
        return _("No analysis of this game yet: run 'famiglia analyse {game}' first.").format(game=self.record.id)

    # -- the analysis in the background (the shell calls these on the screen's loop) -----------------------------

    def analysis_begins(self, total: int) -> None:
        """The background analysis has started; it will rate `total` decisions."""
        self.progress = (0, max(1, total))

    def analysis_advanced(self, done: int) -> None:
        """`done` more decisions are rated."""
        if self.progress is not None:
            rated, total = self.progress
            self.progress = (min(total, rated + done), total)

    def analysis_done(self, analysis: Analysis, note: str | None = None) -> None:
        """The analysis is made: the turn on show appears analysed; `note` says what became of saving it."""
        self.analysis, self.progress, self.analysing = analysis, None, True
        self.message = note

    def analysis_failed(self, message: str) -> None:
        """The analysis stopped on an error: `message` says so in one line, and `a` may try again."""
        self.progress, self.message = None, message

    def progress_words(self) -> str:
        """How far the background analysis is, as a player reads it: the turn it rates and the decisions done."""
        if self.progress is None:
            return ""
        rated, total = self.progress
        turns = len(self.turn_starts)
        if not self.positions[-1].is_over and (not self.record.moves or ends_turn(self.record.moves[-1].action)):
            turns += 1  # an unfinished game between two turns: its position now begins the next
        turn = self.turn_of[rated] if rated < len(self.turn_of) else turns
        return _("turn {turn} of {turns}, {rated} of {decisions} rated").format(
            turn=turn, turns=turns, rated=rated, decisions=decision_count(total))

    def leave(self, exit_code: int = 0) -> None:
        """Stop watching; `exit_code` is the shell's status (130 after an interrupt)."""
        self.done = True
        self.exit_code = exit_code


ASK_FIRST: Final = N_("Answer the question first: y shows the game, n leaves.")  # said through `_`


def _say(replay: Replay, words: str) -> None:
    replay.message = words


def _asked_in(letter: str) -> Callable[[Replay], bool]:
    """The question asked, where `letter` is the yes of the player's language (s for sì, j for ja), besides y."""
    return lambda replay: replay.asking and yes_key() == letter


def _asking(replay: Replay) -> str | None:
    return _(ASK_FIRST) if replay.asking else None


# The replay's keys, once: the bindings and the key line under the table are made from them. Till the question
# before an unfinished game is answered, only y, n and leaving act; every other key says so.
REPLAY_COMMANDS: Final[Commands[Replay]] = Commands(
    Command("next or no", ("n",), run=lambda r, _: r.next_or_no(), eager=True),
    Command("next", ("right", " ", "pagedown"), run=lambda r, _: r.step(1), why_not=_asking, hint=N_("→ n: next")),
    Command("back", ("left", "p", "pageup"), run=lambda r, _: r.step(-1), why_not=_asking, hint=N_("← p: back")),
    Command("first", ("home",), run=lambda r, _: r.home(), why_not=_asking, hint=N_("Home End")),
    Command("last", ("end",), run=lambda r, _: r.end(), why_not=_asking),
    Command("turn number", tuple("0123456789"), run=lambda r, digit: r.digit(digit), why_not=_asking,
            hint=N_("a turn number, Enter: go there")),
    Command("go to the turn", ("enter",), run=lambda r, _: r.enter(), why_not=_asking),
    Command("take back a digit", ("backspace",), run=lambda r, _: r.backspace(), why_not=_asking),
    Command("yes", ("y",), lambda r: r.asking, lambda r, _: r.answer(True)),
    *(Command(f"yes ({letter})", (letter,), _asked_in(letter), lambda r, _: r.answer(True)) for letter in YES_LETTERS),
    Command("analysis", ("a",), run=lambda r, _: r.toggle_analysis(), why_not=_asking, hint=N_("a: analysis")),
    Command("next mark or key moment", ("m",), run=lambda r, _: r.next_mistake(), why_not=_asking,
            hint=N_("m: next mark or key moment")),
    Command("train this decision", ("t",), run=lambda r, _: r.train_here(), why_not=_asking, hint=N_("t: train it")),
    Command("play on from here", ("c",), run=lambda r, _: r.play_on(), why_not=_asking,
            hint=N_("c: play on from it")),
    Command("leave", ("q", "escape", "c-c", "c-d"), run=lambda r, _: r.leave(), hint=N_("q: leave"), eager=True),
    Command("leave on a signal", ("<sigint>",), run=lambda r, _: r.leave(130), eager=True),  # a kill -INT: 128 + 2
    say=_say,
    stray=lambda r, key: r.ignored(key),
)


def replay_key_line() -> str:
    """The key line under the replay's table, from `REPLAY_COMMANDS`: the same whether or not the question is on."""
    return " · ".join(_(c.hint) for c in REPLAY_COMMANDS if isinstance(c.hint, str))
