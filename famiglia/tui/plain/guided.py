"""The guided first game in the plain mode: each lesson said as lines before the step it explains.

The guided game is the full screen's (`famiglia.tui.model.home.guided`): the same deal, the same `Guide`
watching the player's own view (R12) and the same lessons from the lessons files. Where the full screen
shows a lesson in a box over the table, `Lessons` says it before the next question the player is asked
(or before the computer plays, for the lesson about its turn): its title and rules, then its text, the
plain mode's own text where the lesson speaks of the full screen's keys (`Lesson.plain`, whose commands
it names by their words in the player's language). A try the rules refuse is said with the rule it runs
into, and the end says which lessons came up.
"""

from __future__ import annotations

from typing import Final

from famiglia.phrasebook.catalogue import N_, _

from ..model.home.guided import Guided, follow
from ..model.home.lessons import Lesson
from ..model.home.tutor import PLAYER
from .words import COMMANDS, Command

__all__ = ["SKIP", "Lessons", "lesson_lines"]


def lesson_lines(lesson: Lesson) -> list[str]:
    """One lesson as the plain mode says it: a line with its title (and rules), then its text."""
    if lesson.plain:
        words = {command.name: _(command.word) for command in COMMANDS}
        text = [line.format(**words) for line in lesson.plain]
    else:
        text = list(lesson.lines)
    head = (_("Lesson: {title} ({rules}).").format(title=lesson.title, rules=lesson.rules) if lesson.rules
            else _("Lesson: {title}.").format(title=lesson.title))
    return [head, *text]


SKIP: Final = Command("skip", N_("skip"), N_("no more explanations in this game; skip again brings them back"))


class Lessons:
    """What the guided game says before each question: the lessons that came up since, read as they are said,
    the rule behind a refused try, and at the end what came up (a `PlainSitting`'s `aside`); its word `skip`
    stops the explanations, as the full screen's `s` does."""

    commands: tuple[Command, ...] = (SKIP,)

    def __init__(self, guided: Guided) -> None:
        self.guided = guided
        self._summed = False
        self._told_skip = False  # the first lesson says how to stop them

    def command(self, name: str, rest: str) -> list[str]:
        """`skip`: the explanations stop for the rest of the game, or come back."""
        if self.guided.guide.skip():
            return [_("No more explanations in this game: it goes on as any other.")]
        return [_("The explanations are back.")]

    def __call__(self) -> list[str]:
        follow(self.guided)  # the deal after the names question comes without an action
        guide, game = self.guided.guide, self.guided.session.game
        if self.guided.session.ending is not None:  # the turn's end is asked first, as on the full screen
            return []
        said: list[str] = []
        if guide.refused is not None:  # the refusal itself is already said, with its rule: the reminder follows
            said.append(guide.refused[-1])
            guide.refused = None
        while (lesson := guide.lesson) is not None:
            said += lesson_lines(lesson)
            guide.dismiss()
            if not self._told_skip:
                self._told_skip = True
                said.append(_("Lessons like this one come as the game goes on; type {skip} to hear no more of "
                              "them.").format(skip=_(SKIP.word)))
        if game is not None and game.is_over and not self._summed:
            summary = guide.summary(game.view(PLAYER))
            if summary is not None:
                self._summed = True
                said += summary.forms()[1]  # by title: the full screen's headings name its keys
        return said
