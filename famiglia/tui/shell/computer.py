"""The computer at the table: it plays the computer's seat and works out hints, off the screen's loop.

`Computer(session).attach(app)` joins a running application. When the session says the computer is
to move (`Session.computer_to_move`), it asks the seat's player (`famiglia.ai.player` at the seat's
level) for one action at a time and plays it through `Session.play`, like a key would: the table
changes and the message line says what it did, at a readable pace (`PACE` seconds between two
actions; any key that neither opens nor closes an overlay plays the rest of the turn at once). It
plays nothing while an overlay is open, nor while its `hold` says the person has something to read
first (the guided game's lesson), so nothing happens that the person cannot see; its take or pass
ends its turn at once, and the person's turn begins with the summary of the computer's.

`h` asks for a hint (`Session.ask_hint`): the advice of the search for the person's own view with the
memory aid (`famiglia.ai.estimate.estimator`), with its one-line reason, on the message line. Against
a computer it is the search of that computer's level, whose chance is the chance against that level;
otherwise `normal`'s. It is seeded by the position alone, as `famiglia analyse` is, so the hint and the
analysis of the same position say the same. A hint that comes back after the game has moved on is dropped.

A search takes up to a second or more, so it runs in a thread of its own (`off_loop`) and the screen
goes on drawing, with a spinner and the seconds spent on the line under the message; `?`, `l`, `g`
and Ctrl-C work meanwhile. The thread receives a `SeatView`, a frozen value computed on the loop,
and builds its own games from it (`Game.from_view`): the live game is only ever touched on the loop.
The threads are daemons, so quitting never waits for a search, and a result nobody awaits any more
is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import threading
from collections.abc import Callable
from functools import partial
from typing import Any, Final, TypeVar

from prompt_toolkit.application import Application
from prompt_toolkit.key_binding.key_processor import KeyProcessor

from famiglia.ai import Player, player
from famiglia.ai.estimate import estimator
from famiglia.engine import Action, SeatView
from famiglia.levels import DEFAULT_LEVEL
from famiglia.phrasebook import chances
from famiglia.phrasebook.catalogue import _
from famiglia.phrasebook.counts import decimal
from famiglia.phrasebook.hints import hint_text
from famiglia.profile.names import quoted
from famiglia.profile.seats import SeatRefused, level_of

from ..model import playing
from ..model.session import Overlay, Session

__all__ = ["HINT_LEVEL", "PACE", "AdvisorMaker", "Computer", "PlayerMaker", "hint_text", "off_loop"]

PACE: Final = 0.8  # seconds each of the computer's actions stays on show before the next one
HINT_LEVEL: Final = DEFAULT_LEVEL  # whose play the hint's chance assumes when no computer plays (docs/ai.md)
TICK: Final = 0.1  # how often the thinking indicator is drawn again
SPINNER: Final = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"

T = TypeVar("T")
PlayerMaker = Callable[[str, "int | str | None"], Player]  # a level and a seed -> the player (tests: small budgets)
AdvisorMaker = Callable[[str], Player]  # a level -> the search whose advice is the hint (tests: small budgets)


def off_loop(work: Callable[[], T]) -> asyncio.Future[T]:
    """Run `work` in a daemon thread; its result (or error) comes back as a future of the running loop.

    Quitting never waits for it, and a result that comes after its loop has closed, or after the future
    was given up, is dropped.
    """
    loop = asyncio.get_running_loop()
    future: asyncio.Future[T] = loop.create_future()

    def settle(outcome: Callable[[], None]) -> None:
        if not future.done():
            outcome()

    def run() -> None:
        outcome: Callable[[], None]
        try:
            outcome = partial(future.set_result, work())
        except Exception as error:  # handed to the loop, which ends the game cleanly with it
            outcome = partial(future.set_exception, error)
        with contextlib.suppress(RuntimeError):  # the loop has closed: the game is over, nobody waits
            loop.call_soon_threadsafe(settle, outcome)

    # The thread works in the screen's context: its words are said in the player's language (phrasebook.catalogue).
    threading.Thread(target=contextvars.copy_context().run, args=(run,), name="famiglia-computer", daemon=True).start()
    return future


class Computer:
    """Plays the computer's seats of one session and works out its hints; see the module docstring.

    `make_player(level, seed)` builds the players (tests give small search budgets); `pace` is the
    pause between two of the computer's actions; `hold`, if set, says why the computer waits before its
    next action (None: it need not), as the guided game's box makes it wait until read.
    """

    def __init__(self, session: Session, *, make_player: PlayerMaker = player, pace: float = PACE,
                 hint_level: str = HINT_LEVEL, hold: Callable[[], str | None] | None = None,
                 make_advisor: AdvisorMaker = estimator) -> None:
        self.session = session
        self.make_player = make_player
        self.make_advisor = make_advisor
        self.pace = pace
        self.hint_level = hint_level
        self.hold = hold
        self._app: Application[Any] | None = None
        self._turn: asyncio.Task[None] | None = None
        self._hurry = False  # a key asked for the rest of the computer's turn at once
        self._woken = asyncio.Event()  # a key was pressed: a pause looks again
        self._overlay_before: Overlay | None = None
        self._held_before = False
        self._hinting: SeatView | None = None  # the view a hint is being worked out for

    def attach(self, app: Application[Any]) -> Computer:
        """Watch `app`: every redraw checks whether the computer is to move, every key may hurry it."""
        self._app = app
        app.before_render += self._check
        app.key_processor.before_key_press += self._key_coming
        app.key_processor.after_key_press += self._key_done
        self.session.hints = self._hint
        return self

    @property
    def thinking(self) -> bool:
        """Whether the computer's turn is under way (thinking, or pausing between two actions)."""
        return self._turn is not None and not self._turn.done()

    # -- the computer's turn --------------------------------------------------------------------------------

    def _check(self, app: Application[Any]) -> None:
        if self.session.computer_to_move and not self.thinking:
            self._hurry = False
            self._turn = app.create_background_task(self._play_turn())

    def _held(self) -> str | None:
        return None if self.hold is None else self.hold()

    def _key_coming(self, processor: KeyProcessor) -> None:
        self._overlay_before = self.session.overlay
        self._held_before = self._held() is not None

    def _key_done(self, processor: KeyProcessor) -> None:
        """A key that neither opened nor closed an overlay (help, the log, the quit question) nor read what held
        the computer hurries it."""
        if (self.thinking and self._overlay_before is None and self.session.overlay is None
                and not self._held_before and self._held() is None):
            self._hurry = True
        self._woken.set()

    async def _play_turn(self) -> None:
        """The computer's turn, one action after the other, until its take or pass hands the turn back."""
        session = self.session
        loop = asyncio.get_running_loop()
        shown_at: float | None = None  # when the last action went on the screen
        try:
            while session.computer_to_move and session.game is not None:
                game = session.game
                seat = game.to_move
                level = level_of(session.seats[seat])
                if level is None:
                    raise SeatRefused(f"seat {seat + 1} is played by {quoted(str(session.seats[seat]))}, "
                                      "which is no player")
                view = game.view(seat, memory=True)  # what the computer may know (R12.3), never the stack's order
                chooser = self.make_player(level, game.seed)
                action = await self._think(chooser, view, session.names[seat])
                await self._pause(shown_at, session.names[seat])
                if session.game is not game or not session.computer_to_move:
                    return  # the game was left meanwhile
                session.activity = None
                if not session.play(action):  # a player returns one of the view's legal actions: this is a bug
                    raise RuntimeError(f"the computer chose {action}, which the game refused")
                shown_at = loop.time()
                self._redraw()
        finally:
            session.activity = None
            self._redraw()

    async def _think(self, chooser: Player, view: SeatView, name: str) -> Action:
        loop = asyncio.get_running_loop()
        future = off_loop(lambda: chooser.choose(view))
        started = loop.time()
        tick = 0
        while not future.done():
            seconds = loop.time() - started
            session = self.session
            session.activity = _("{name} is thinking {spinner} {seconds} s").format(
                name=name, spinner=SPINNER[tick % len(SPINNER)], seconds=decimal(seconds))
            self._redraw()
            tick += 1
            await asyncio.wait({future}, timeout=TICK)
        return future.result()

    async def _pause(self, shown_at: float | None, name: str) -> None:
        """Leave the last action on show for `pace` seconds (or until a key hurries), and while an overlay is open
        or something holds it."""
        loop = asyncio.get_running_loop()
        session = self.session
        while True:
            held = self._held()
            if session.overlay is not None or held is not None:
                wait: float | None = None  # it plays on once the overlay is closed: the person sees each action
                waits = held or _("waits until you close this")
                session.activity = f"{name} {waits}"  # the name opens it in every language
            elif self._hurry or shown_at is None:
                return
            else:
                wait = shown_at + self.pace - loop.time()
                if wait <= 0:
                    return
                session.activity = _("{name} plays on… (any key: at once)").format(name=name)
            self._redraw()
            self._woken.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._woken.wait(), wait)

    # -- hints --------------------------------------------------------------------------------------------------

    def _hint(self, view: SeatView) -> None:
        if self._app is None or self._hinting == view:
            return  # already being worked out for this very position
        self._hinting = view
        self._app.create_background_task(self._work_out_hint(view))

    async def _work_out_hint(self, view: SeatView) -> None:
        session = self.session
        against = [level for level in map(level_of, session.seats) if level is not None]
        advisor = self.make_advisor(against[0] if against else self.hint_level)  # the chance against that level
        try:
            action, reason = await off_loop(lambda: advisor.choose_with_reason(view))
        finally:
            if self._hinting is view:
                self._hinting = None
        if not against and session.opponent_away:  # a person plays the other seat: the chance is as if it were level's
            other = session.names[1 - session.at_keyboard]
            reason = reason.replace(chances.against(self.hint_level), chances.as_if(self.hint_level, other))
        if playing.show_hint(session, view, action, reason):  # else the game has moved on: the position is gone
            self._redraw()

    def _redraw(self) -> None:
        if self._app is not None:
            self._app.invalidate()
