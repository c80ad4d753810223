"""The guided game beside the table: the lessons waiting to be read, skipping them, a refused try explained.

`Guide` is what the guided game's screen holds on top of an ordinary sitting. After every change of
the game the screen hands it the player's view (`changed`); the lessons that came up wait in order
until read (`dismiss`), unless the player chose to skip the explanations. A try the rules refuse is
kept as the lines that explain it until the next action. A guided game continued later starts from
what its record says was shown already (`Guide.resumed`). A new game dealt at the end (`n`) is an
ordinary game: the guide leaves the table (`leave`) and says nothing more.
"""

from __future__ import annotations

from collections.abc import Sequence

from famiglia.engine import Action, Game, SeatView
from famiglia.persistence import Record

from .lessons import Lesson
from .tutor import Progress, Summary, Tutor

__all__ = ["Guide"]


class Guide:
    """The explanations of one guided game; see the module docstring."""

    def __init__(self, tutor: Tutor | None = None, *, progress: Progress | None = None) -> None:
        self.tutor = Tutor() if tutor is None else tutor
        self.progress = Progress() if progress is None else progress
        self.waiting: list[Lesson] = []
        self.skipping = False
        self.refused: tuple[str, ...] | None = None
        self.nudged = False  # the last key waited for the box to be read (the box then says so, louder)
        self.left = False  # the guided game is over and another was dealt: nothing more to explain
        self.seed: int | str | None = None  # the seed of the guided game's deal, once it is dealt
        self._pages: tuple[object, int] = (None, 1)  # the pages the box on show takes, as the screen last drew it
        self._page: tuple[object, int] = (None, 0)  # the page on show, of what is on show

    @classmethod
    def resumed(cls, record: Record, tutor: Tutor | None = None) -> Guide:
        """The guide of a saved guided game: the lessons of its past shown, those of its last moment to come."""
        tutor = Tutor() if tutor is None else tutor
        moments = list(record.games())
        return cls(tutor, progress=tutor.progress_of(moments[:-1]))

    @property
    def lesson(self) -> Lesson | None:
        """The lesson to read now, if one is waiting."""
        return self.waiting[0] if self.waiting else None

    def _shown(self) -> object:
        """What the box shows: the refusal, or else the lesson (pages are of one of them)."""
        return self.refused if self.refused is not None else self.lesson

    @property
    def page(self) -> int:
        """The page of the box on show (0 for the first); a new lesson or refusal starts at its first page."""
        shown, page = self._page
        return page if shown is self._shown() and shown is not None else 0

    @property
    def pages(self) -> int:
        """The pages the box on show takes, as the screen last drew it (one until it is drawn)."""
        shown, pages = self._pages
        return pages if shown is self._shown() and shown is not None else 1

    def drawn(self, pages: int) -> None:
        """The screen drew the box on show in `pages` pages (a screen too low for all of it at once)."""
        self._pages = (self._shown(), pages)

    def observe(self, view: SeatView) -> Sequence[Lesson]:
        """Note the lessons that came up in `view` (they wait, unless skipping); returns them.

        Looking again at the same moment finds nothing new, so the screen may call it as often as it likes.
        """
        if self.left:
            return ()
        self.progress, new = self.tutor.advance(self.progress, view)
        if not self.skipping:
            self.waiting.extend(new)
        return new

    def changed(self, view: SeatView) -> Sequence[Lesson]:
        """The game changed (an action, or an undo): a refusal explained before is over; see `observe`."""
        self.refused = None
        return self.observe(view)

    def leave(self) -> None:
        """Another game was dealt at this table: its lessons, refusals and end summary are not this game's."""
        self.left, self.skipping, self.refused, self.nudged = True, True, None, False
        self.waiting.clear()

    def dismiss(self) -> None:
        """The lesson on show was read."""
        if self.waiting:
            self.waiting.pop(0)

    def toggle_skip(self) -> bool:
        """Skip the explanations from now on, or show them again; True when skipping."""
        self.skipping = not self.skipping
        if self.skipping:
            self.waiting.clear()
        return self.skipping

    def read_on(self) -> None:
        """Enter or Esc on the box: its next page, where the screen had no room for all of it; else a refused try
        explained is read, else the lesson on show."""
        self.nudged = False
        if self.page + 1 < self.pages:
            self._page = (self._shown(), self.page + 1)
            return
        self._page = (None, 0)
        if self.refused is not None:
            self.refused = None
        else:
            self.dismiss()

    def skip(self) -> bool:
        """s on the box: the explanations stop for the rest of the game, or come back; True when skipping."""
        self.nudged = False
        self.refused = None
        return self.toggle_skip()

    def nudge(self) -> None:
        """A key that was not for the box came while it waits to be read: it says so, louder."""
        self.nudged = True

    def refuse(self, game: Game, tried: Action | str) -> tuple[str, ...] | None:
        """Explain why `tried` is not allowed (kept until the next change); None, and nothing kept, if it is."""
        self.refused = self.tutor.refusal(game, tried)
        return self.refused

    def where(self, view: SeatView) -> str:
        return self.tutor.where(view)

    def summary(self, view: SeatView) -> Summary | None:
        return None if self.left else self.tutor.summary(view, self.progress)
