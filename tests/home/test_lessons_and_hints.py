"""The guided game's lessons and its hints agree: at every lesson that teaches a move, the hint the player asks for
right after reading it (h) plays that move in its turn, or the lesson itself says why the hint may not.

The first lesson of the guided deal once taught the free B0 (R8.1) while `h` said to pass, for the B0 left on
the Street keeps the computer from refreshing (R5.1), which no lesson had said. Played through the guided
game's sitting as a player plays it: each lesson read with Enter in its box, `h` pressed on the table, and
the hint worked out as the screen works it out (the advisor of the computer's level, from the player's view
with the memory aid); by the newcomer of the guided game's other tests and by a player who plays every hint.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from famiglia.ai import player
from famiglia.ai.advice import Advice, winning_pass
from famiglia.engine import Action, Pass, PlayAccountant, PlayBrute, Refresh, SeatView, Swap, Take
from famiglia.profile.guided_deal import GUIDED_OPPONENT
from famiglia.profile.seats import level_of
from famiglia.tui.model.commands import COMMANDS
from famiglia.tui.model.home.guided import READING, follow, guided_session
from famiglia.tui.model.home.lessons import load_texts
from famiglia.tui.model.home.tutor import PLAYER
from famiglia.tui.model.session import Screen
from famiglia.tui.shell.computer import Computer


def _free(a: Action) -> bool:
    return isinstance(a, Take) and a.pay is None  # R8.1


def _pair(a: Action) -> bool:
    return isinstance(a, Take) and a.pay is not None and a.pay == a.keep  # R8.2: two genuine cards


def _stand_in(a: Action) -> bool:
    return isinstance(a, Take) and a.pay is not None and a.pay != a.keep  # R8.3


# The lessons that teach a move, and the move: the hint's turn (its whole line) plays it.
TAUGHT: dict[str, Callable[[Action], bool]] = {
    "refresh": lambda a: isinstance(a, Refresh),
    "free_take": _free,
    "pair_take": _pair,
    "mercenary": _stand_in,
    "accountant": lambda a: isinstance(a, PlayAccountant),
    "swaps": lambda a: isinstance(a, Swap),
    "brute": lambda a: isinstance(a, PlayBrute),
}


def _keeps_the_last_0(view: SeatView, advice: Advice) -> bool:
    """A pass that leaves the Street's only 0 there: while it lies there the computer cannot refresh (R5.1)."""
    return advice.line == (Pass(),) and sum(1 for s in view.street if not s.effective) == 1


def _paid_from_the_hand(view: SeatView, advice: Advice) -> bool:
    """A take paid with cards in hand as it is: no spent card needs to come back (what an Accountant is for, R6.2)."""
    taken = advice.line[-1]
    return isinstance(taken, Take) and taken.pay is not None and taken.pay in view.hand and taken.keep in view.hand


# Where the hint may rightly do otherwise: the reason, and the rule id the lesson must cite, saying so.
OTHERWISE: dict[str, tuple[Callable[[SeatView, Advice], bool], str]] = {
    "free_take": (_keeps_the_last_0, "R5.1"),
    "accountant": (_paid_from_the_hand, "R6.2"),
}


def _disagreements(student: str) -> tuple[list[str], set[str]]:
    """Play the guided game through as `student` ("greedy", or "hints": every hint played); what each teaching
    lesson and the hint asked for after it said, where they disagree, and the teaching lessons checked."""
    guided = guided_session("Ada", confirm=False)
    session, guide = guided
    level = level_of(GUIDED_OPPONENT)
    assert level is not None
    advisor = Computer(session).make_advisor(level)  # the search whose advice `h` shows in the guided game
    newcomer = player("greedy", seed=1)
    texts = load_texts()
    asked: list[SeatView] = []
    session.hints = asked.append  # the screen works the hint out from this view, off its loop
    wrong: list[str] = []
    checked: set[str] = set()
    while session.screen is not Screen.END:
        follow(guided)  # as the screen does after every key
        game = session.game
        assert game is not None
        read: list[str] = []
        while guide.lesson is not None:
            read.append(guide.lesson.id)
            assert READING.press(guided, "enter")
        if session.computer_to_move:
            mover = game.to_move
            assert session.play(player(level_of(session.seats[mover]) or level, seed=game.seed).choose(
                game.view(mover, memory=True)))
            continue
        taught = [lesson for lesson in read if lesson in TAUGHT or lesson == "passes"]
        view = game.view(PLAYER, memory=True)
        if taught:
            assert COMMANDS.press(session, "h") and asked[-1] == view  # the player's own view, memory aid (R12.3)
            advice = advisor.advise(view)
            for lesson in taught:
                checked.add(lesson)
                text = " ".join(texts.lessons[lesson].lines)
                if lesson == "passes":  # "pass now only when you are ahead" (R8.5, R10.2, R11.2)
                    agrees = advice.action != Pass() or winning_pass(view)
                else:
                    otherwise, rule = OTHERWISE.get(lesson, (lambda v, a: False, ""))
                    agrees = any(TAUGHT[lesson](a) for a in advice.line) or (otherwise(view, advice) and rule in text)
                if not agrees:
                    wrong.append(f"{lesson}: the hint says {advice.words!r}")
        chosen = advisor.choose(view) if student == "hints" else newcomer.choose(view)
        assert session.play(chosen), session.message
    return wrong, checked


@pytest.mark.parametrize("student", ["greedy", pytest.param("hints", marks=pytest.mark.slow)])
def test_every_lesson_that_teaches_a_move_and_the_hint_after_it_agree(student: str) -> None:
    wrong, checked = _disagreements(student)
    assert not wrong, wrong
    assert {"free_take", "refresh", "pair_take", "mercenary", "accountant", "swaps", "brute", "passes"} <= checked


def test_the_first_lesson_says_why_the_hint_may_leave_the_free_0() -> None:
    """The guided deal's first turn: B0 is free (R8.1), and the hint passes, for the B0 left on the Street keeps the
    computer from refreshing (R5.1); the lesson of the free card says both, and cites both rules."""
    lesson = load_texts().lessons["free_take"]
    text = " ".join(lesson.lines)
    assert "R8.1" in text and "R5.1" in text and "R5.1" in lesson.rules
