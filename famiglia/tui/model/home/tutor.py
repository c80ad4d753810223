"""The guided game's tutor: which lesson to show now, how to explain a refused try, where the player is.

The tutor is a pure function of what the player's seat sees (R12): a lesson is due when its situation
is on the table in the player's view (a refresh is allowed, a 0 lies free in the Street, an
Accountant could be played …) and is shown the first time that happens. What was shown is therefore
a fact of the game's history: `progress_of` works it out again from the moments of a saved game, so
a guided game left halfway and continued later shows no lesson twice, without any state of its own
beyond the game's record.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from famiglia.engine import (
    Action,
    Game,
    NotationError,
    Pass,
    PlayAccountant,
    PlayBrute,
    Refresh,
    SeatView,
    Step,
    Swap,
    Take,
    parse_action,
)
from famiglia.phrasebook.notation import in_notation, in_words
from famiglia.phrasebook.refusals import refusal as refusal_words

from ..turn import step_now
from .lessons import LESSON_IDS, Lesson, Texts, load_texts

__all__ = ["PLAYER", "Progress", "Summary", "Tutor", "due"]

PLAYER: Final = 0  # the guided game's player sits at seat 0 (`famiglia.profile.guided_deal.GUIDED_FIRST`)


def _takes(view: SeatView) -> list[Take]:
    return [a for a in view.legal_actions if isinstance(a, Take)]


def _mine(view: SeatView) -> bool:
    return view.my_turn


def _mercenary_take(view: SeatView) -> bool:
    return any(t.pay is not None and t.pay != t.keep for t in _takes(view))  # R8.3: one stands in


# When each lesson is due, read from the player's own view only. The legal actions in a view are
# there only on its seat's turn, so "can do X" is also "it is your turn".
# The lessons of the controls come where the key is first of use: the numbers with the first choices,
# l and g once the computer has a turn to look back on, Tab with the first long take to write, h with
# the first turn of several steps to plan, u once something of the turn can be taken back.
SITUATIONS: Final[Mapping[str, Callable[[SeatView], bool]]] = {
    "welcome": _mine,
    "turn": _mine,
    "choosing": _mine,
    "looking_back": lambda v: v.my_turn and bool(v.last_turn),
    "refresh": lambda v: any(isinstance(a, Refresh) for a in v.legal_actions),  # R5.1
    "free_take": lambda v: any(t.pay is None for t in _takes(v)),  # R8.1
    "pair_take": lambda v: any(t.pay is not None and t.pay == t.keep for t in _takes(v)),  # R8.2: two genuine
    "mercenary": _mercenary_take,
    "typing": _mercenary_take,
    "accountant": lambda v: any(isinstance(a, PlayAccountant) for a in v.legal_actions),  # R6.1
    "swaps": lambda v: v.accountant is not None and any(isinstance(a, Swap) for a in v.legal_actions),  # R6.2
    "brute": lambda v: any(isinstance(a, PlayBrute) for a in v.legal_actions),  # R7
    "hint": lambda v: any(isinstance(a, (PlayAccountant, PlayBrute)) for a in v.legal_actions),
    "undo": lambda v: v.my_turn and v.step in (Step.ACCOUNTANT, Step.BRUTE),  # played, not drawn: it can go back
    "opponent": lambda v: not v.is_over and v.seat is not None and v.to_move != v.seat,
    "passes": lambda v: v.my_turn and v.pass_ends_game,  # R8.5, R10.2
    "tiebreak": lambda v: v.my_turn and (v.pass_ends_game or v.is_final_round),  # R11.2: the totals may decide now
    "exhaustion": lambda v: not v.is_over and v.exhaustions >= 1,  # R9.2
    "last_round": lambda v: not v.is_over and v.exhaustions >= 2,  # R9.3
}
assert tuple(SITUATIONS) == LESSON_IDS


def due(view: SeatView) -> tuple[str, ...]:
    """The lessons whose situation `view` shows, in the order they are shown."""
    return tuple(lesson for lesson, applies in SITUATIONS.items() if applies(view))


@dataclass(frozen=True, slots=True)
class Progress:
    """The lessons shown so far, in the order they were shown."""

    seen: tuple[str, ...] = ()

    def __contains__(self, lesson: object) -> bool:
        return lesson in self.seen


class Tutor:
    """The guide of one player (seat `seat`) through a game, with the texts of the data file."""

    def __init__(self, texts: Texts | None = None, *, seat: int = PLAYER) -> None:
        self.texts = load_texts() if texts is None else texts
        self.seat = seat

    def advance(self, progress: Progress, view: SeatView) -> tuple[Progress, tuple[Lesson, ...]]:
        """The lessons to show at the moment `view` shows (due and not seen before), and the progress after them."""
        new = tuple(lesson for lesson in due(view) if lesson not in progress)
        return Progress(progress.seen + new), tuple(self.texts.lessons[lesson] for lesson in new)

    def progress_of(self, games: Iterable[Game]) -> Progress:
        """What was shown over the moments `games` (a saved game's `Record.games()`, say), worked out again.

        Pass the moments before the one now on the table: the lessons of this moment are then shown
        again by `advance`, as the player may have left before reading them.
        """
        progress = Progress()
        for game in games:
            progress, _ = self.advance(progress, game.view(self.seat))
        return progress

    # -- a refused try -----------------------------------------------------------------------------------------

    def refusal(self, game: Game, tried: Action | str) -> tuple[str, ...] | None:
        """Why `tried` is not allowed now (the engine's reason), and the rule it runs into; None if it is allowed."""
        words = self.texts.refusal
        if game.is_over:
            return (words["over"],)
        if game.to_move != self.seat:
            return (words["not_your_turn"],)
        try:  # typed in the words of the player's language, as the table reads them ("prendi F2": take F2)
            action = parse_action(in_notation(tried)) if isinstance(tried, str) else tried
        except NotationError as error:  # text that is no action at all
            assert error.refusal is not None
            return (refusal_words(error.refusal, as_typed=tried if isinstance(tried, str) else None), words["notation"])
        refused = game.refusal(action)
        if refused is None:
            return None
        return (f"{in_words(str(action))}: {refusal_words(refused)}", words[_kind(action)])  # as the engine says it

    # -- where the player is, and the end --------------------------------------------------------------------

    def where(self, view: SeatView) -> str:
        """One line: whose turn it is and, on the player's, the step they are at (R4)."""
        words = self.texts.where
        if view.is_over:
            return words["over"]
        if view.to_move != self.seat:
            return words["theirs"]
        step = step_now(view)  # the step the step bar marks
        return words["yours"].format(number=int(step), step=self.texts.steps[int(step) - 1])

    def summary(self, view: SeatView, progress: Progress) -> Summary | None:
        """The end of the guided game: what came up and what did not (the end screen says the score). None while
        the game runs."""
        if view.result is None:
            return None
        lessons = self.texts.lessons
        return Summary(tuple(lessons[i] for i in LESSON_IDS if i in progress),
                       tuple(lessons[i] for i in LESSON_IDS if i not in progress), self.texts.summary)


@dataclass(frozen=True, slots=True)
class Summary:
    """What came up in a guided game (`learned`) and what did not (`missed`), in the words of the lessons file."""

    learned: tuple[Lesson, ...]
    missed: tuple[Lesson, ...]
    words: Mapping[str, str]

    def forms(self) -> tuple[tuple[str, ...], ...]:
        """The summary as lines, from the fullest to the shortest, for the room there is: what came up by heading,
        then by title, then counted; what was missed by heading, then by title, then not named; the way on."""
        words, on = self.words, self.words["next"]
        counted = words["counted"].format(learned=len(self.learned), lessons=len(self.learned) + len(self.missed))
        missed = [f"{words['missed']} " + ", ".join(lesson.heading for lesson in self.missed),
                  f"{words['missed']} " + ", ".join(lesson.title for lesson in self.missed)] if self.missed else []
        return (
            (f"{words['learned']} " + ", ".join(lesson.heading for lesson in self.learned), *missed[:1], on),
            (f"{words['learned']} " + ", ".join(lesson.title for lesson in self.learned), *missed[:1], on),
            *((counted, line, on) for line in missed),
            (counted, on),
            (counted,),
        )


def _kind(action: Action) -> str:
    match action:
        case Refresh():
            return "refresh"
        case PlayAccountant():
            return "accountant"
        case Swap():
            return "swap"
        case PlayBrute():
            return "brute"
        case Take():
            return "take"
        case Pass():
            return "pass"
