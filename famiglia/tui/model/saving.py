"""Saved games and the session: autosave after every action, and a session that resumes a record.

`Autosave` is one of the session's `on_action` hooks: every change of the game (an undo included)
writes the whole record before the screen shows the result, so quitting asks nothing and a crash or
a kill loses at most the action under way. A data directory that cannot be written gives one
warning line and play goes on unsaved. `resume_session` rebuilds a sitting from a record: the game
as it stood, the handoff first (no hand before its owner is at the keyboard), and undo reaching back
exactly as far as the live game's could have.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from famiglia.engine import Action, Event, Game, Pass, Refresh, Step
from famiglia.persistence import GameLock, Move, Record, Sitting, Store, StoreError, printable
from famiglia.persistence.seats import NETWORK
from famiglia.persistence.turns import moves_of, turn_log, turn_start
from famiglia.phrasebook.catalogue import _, ngettext
from famiglia.phrasebook.passes import pass_reason
from famiglia.profile.guided_deal import is_guided
from famiglia.profile.names import quoted
from famiglia.profile.seats import HUMAN, level_of

from .screens import Message, Screen
from .session import Session
from .table import Table

__all__ = ["Autosave", "analyse_on_leaving", "crash_save", "pass_reasons_of", "play_on", "resume_session",
           "resumed_table", "undo_reach"]


def _seat(seat: Any) -> str:
    return seat if isinstance(seat, str) else printable(str(getattr(seat, "name", seat)), 40)


class Autosave:
    """Keeps the game of one session saved in a `Store`; attach it with `Autosave.attach(session)`.

    It follows the session from game to game: a new game (a new `history`) gets a new record file.
    A resumed game goes on in the file it came from (or in a new one, for a file from elsewhere).
    """

    def __init__(self, store: Store | None = None, *, record: Record | None = None, path: Path | None = None,
                 before: Sequence[Move] = (), lock: GameLock | None = None) -> None:
        self.store = Store() if store is None else store
        self.record = record  # the game being saved, as last written or as resumed (None: not yet saved)
        self.path = path  # its file (None: not written yet; a game resumed from elsewhere gets a new one)
        self._before = list(before)  # the moves played before the session's origin (a resumed game)
        self._takebacks = record.takebacks if record is not None else ()  # those taken back before the session's
        self._lock = lock
        self._history: list[Action] | None = None  # the session's history this record follows
        self._warned = False  # the player has been told that saving fails
        self.analyse_on_leaving = False  # the end screen's a: the game's analysis is shown once the screen is left
        self.problem: str | None = None  # why the last save failed; None while saving works
        self._actions = 0  # the actions of the game as it stands, the last time a save was tried

    @classmethod
    def attach(cls, session: Session, store: Store | None = None, **options: Any) -> Autosave:
        """The session's autosave, attached now if it has none yet."""
        for hook in session.on_action:
            if isinstance(hook, Autosave):
                return hook
        saver = cls(store, **options)
        saver._history = session.history
        session.on_action.append(saver)
        session.on_settings.append(saver.settings_changed)
        return saver

    def __call__(self, session: Session, action: Action | None) -> None:
        # A take or pass is saved before the session asks its player to confirm it (when it asks).
        asks = action is not None and action.step is Step.TAKE and session.ending is not None
        # A turn that ends at once goes straight on to the handoff, which clears the message line:
        # then the warning of a failed save is given again with the next action.
        shown = action is None or action.step is not Step.TAKE or asks
        self.save(session, warn_shown=shown, confirmed=not asks)

    def settings_changed(self, session: Session) -> None:
        """A setting of the sitting changed (c in the help): the record keeps it, so playing on keeps it too.

        A game not yet saved (no action played) is left unwritten: its first save holds the setting.
        """
        if self.path is not None and session.history is self._history:
            self.save(session)

    def check(self, session: Session) -> bool:
        """Before play: whether games can be saved here; if not, the warning goes on the screen at once."""
        try:
            self.store.check()
        except (StoreError, OSError) as error:
            self._warn(session, error)
            self._warned = True
            self.problem = _reason(error)
            return False
        return True

    def _warn(self, session: Session, error: Exception) -> None:
        said = _("The game cannot be saved ({reason}); play goes on unsaved.").format(reason=_reason(error))
        session.message = Message(said, "warning")

    # -- saving ---------------------------------------------------------------------------------------------

    def save(self, session: Session, *, always: bool = False, warn_shown: bool = True,
             confirmed: bool | None = None) -> bool:
        """Write the game as it stands now; False, and one warning on the screen, if it cannot be written.

        A game is written from its first action on (`always`: even before it, as on a crash).
        `warn_shown` says whether a warning put on the message line now will be seen; `confirmed`
        whether the last take or pass has been confirmed (by default: whether the session still asks).
        """
        game = session.game
        if game is None:
            return False
        if session.history is not self._history:  # a new game of the same sitting
            self._new_game(session)
        if not (session.history or self._before or self.path is not None or always):
            return False
        self._actions = len(self._before) + len(session.history)
        try:
            record = self._record(session, game, session.ending is None if confirmed is None else confirmed)
            if self.path is None:
                self.path, self.record = self.store.create(record, game)
                self._lock_game()
            else:
                self.path, self.record = self.store.update(self.path, record, game)
        except (StoreError, OSError, ValueError) as error:
            if not self._warned:
                self._warn(session, error)
                self._warned = warn_shown
            self.problem = _reason(error)
            session.standing = self._unsaved()  # on the screen for as long as it lasts
            return False
        self._warned = False  # saving works again: a new failure is worth a new warning
        self.problem = session.standing = None
        return True

    def _unsaved(self) -> str:
        saved = len(self.record.moves) if self.record is not None and self.path is not None else 0
        left = self._actions - saved
        if saved:
            said = ngettext("Not saved: the last {left} action of {actions} ({problem}); the game goes on.",
                            "Not saved: the last {left} actions of {actions} ({problem}); the game goes on.", left)
        else:
            said = ngettext("Not saved: {left} action of {actions} ({problem}); the game goes on.",
                            "Not saved: {left} actions of {actions} ({problem}); the game goes on.", left)
        return said.format(left=left, actions=self._actions, problem=self.problem)

    def _new_game(self, session: Session) -> None:
        self.close()
        self.record = self.path = None
        self._before = []
        self._takebacks = ()
        self._history = session.history

    def _record(self, session: Session, game: Game, confirmed: bool) -> Record:
        record = self.record
        if record is None:
            seats = (_seat(session.seats[0]), _seat(session.seats[1]))
            record = Record.new(_start(session, game), seats=seats)
        first = record.start["to_move"] if session.origin is None else session.origin["to_move"]
        moves = [*self._before, *moves_of(first, session.history)]
        takebacks = (*self._takebacks, *(len(self._before) + n for n in session.table.takebacks))
        return record.with_moves(moves, confirmed=confirmed, takebacks=takebacks,
                                 sitting=Sitting(memory_aid=session.memory_aid, confirm=session.confirm))

    def _lock_game(self) -> None:
        if self._lock is None and self.record is not None:
            with contextlib.suppress(StoreError):  # a new number is ours alone; the lock guards a second resume
                self._lock = self.store.lock(self.record.id)

    def close(self, session: Session | None = None) -> None:
        """Let go of the game's lock (at the end of the sitting, or when a new game begins).

        Given the `session` at the end of the sitting, a take or pass confirmed since the last save is
        saved as confirmed, so that resuming does not ask again.
        """
        if session is not None and self.record is not None and not self.record.confirmed and session.ending is None:
            self.save(session)
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def not_saved(self) -> str | None:
        """The line printed on leaving a game no save of which could be written; None if one was."""
        if self.problem is None or (self.record is not None and self.path is not None):
            return None
        return _("This game is not saved: it could not be written ({problem}).").format(problem=self.problem)

    def hint(self) -> str | None:
        """The line printed on leaving: how to play the saved game on, or to watch it again."""
        record = self.record
        if record is None or self.path is None:
            return None
        if self.problem is not None:  # what the file holds, and what it does not
            return _("This game is saved only up to action {saved} of {actions} ({problem}): {command} plays on "
                     "from there.").format(saved=len(record.moves), actions=self._actions, problem=self.problem,
                                           command=play_on(record))
        if record.game().is_over:
            return _("This game is saved as game {id}: 'famiglia replay {id}' shows it again.").format(id=record.id)
        return _("This game is saved: {command} plays it on.").format(command=play_on(record))


def play_on(record: Record) -> str:
    """The command that plays the game of `record` on as it was played: a guided game keeps its lessons only
    in `famiglia learn` (`famiglia resume` plays it as a plain game)."""
    return f"'famiglia {'learn' if is_guided(record) else 'resume'} {record.id}'"


def analyse_on_leaving(session: Session) -> None:
    """a on the end screen: leave the game and open its analysis, decision by decision (`run_play` shows it).

    The analysis reads the saved record, so a game that could not be saved says so and stays on screen.
    """
    saver = next((h for h in session.on_action if isinstance(h, Autosave)), None)
    if saver is None or saver.path is None or saver.record is None:
        session.message = Message(_("This game is not saved, so it cannot be analysed."), "warning")
        return
    saver.analyse_on_leaving = True
    session.quit()


def _reason(error: Exception) -> str:
    """Why a save failed, in one short line."""
    return printable(error.strerror if isinstance(error, OSError) and error.strerror else str(error), 100)


def _start(session: Session, game: Game) -> Game:
    """Where the session's `history` starts: its origin, or the deal of a new game dealt again from its seed.

    The deal is checked against the game played, so a record can only hold the game it claims to.
    """
    if session.origin is not None:
        return Game.from_dict(session.origin, seed=game.seed, names=game.names)
    deal = Game.new(seed=game.seed, names=game.names, first=session.table.first)
    played = deal.copy()
    for action in session.history:
        played.apply(action)
    if played.to_dict() != game.to_dict():
        raise StoreError(_("the deal of this game cannot be found again"))
    return deal


def crash_save(session: Session) -> str:
    """After an unexpected error: save the game so far (even before its first action) and say how to go on."""
    if session.game is None:
        return _("no game had started yet")
    saver = Autosave.attach(session)
    if not saver.save(session, always=True) or saver.record is None:
        return _("the game could not be saved")
    # R12.2: the seed of an unfinished game tells the draw stack's order, so the game is named by its id.
    return _("the game so far is saved as game {id}: {command} plays it on").format(id=saver.record.id,
                                                                                    command=play_on(saver.record))


# -- resuming ------------------------------------------------------------------------------------------------------


def resume_session(record: Record, *, store: Store | None = None, path: Path | None = None,
                   **options: Any) -> Session:
    """A session that plays `record` on where it stopped, saving into `path` (None: a new file in `store`).

    It opens on the handoff for the player to move (the scoring if the game is over), or, when the
    record ends with a take or pass its player had not confirmed, the handoff back to that player
    and then the question again. The actions of the turn under way after its last refresh are played
    again through `Session.play`, so undo can take them back as in the live game, and no further: a
    refresh showed new cards (R5). The session is saved by an `Autosave`; a game from `path` is
    locked while it is played.
    """
    if "seats" not in options:  # a sitting of famiglia serve gives its own
        options["seats"] = _seats(record)
    moves = record.moves
    undoable = undo_reach(record, confirm=options.get("confirm", True))
    game = record.game(upto=undoable)
    actions = [m.action for m in moves]
    session = Session.resume(game, log=_turn_log(record, actions[:undoable]),
                             pass_reasons=pass_reasons_of(record, actions[:undoable], options["seats"]), **options)
    _play_again(session, actions[undoable:])
    # The game log marks where turns were taken back before, after the turns then finished (the moves kept).
    session.table.takeback_turns = [sum(m.action.step is Step.TAKE for m in moves[:n]) for n in record.takebacks]
    store = Store() if store is None else store
    lock = store.lock(record.id) if path is not None else None
    Autosave.attach(session, store, record=record, path=path, before=moves[:undoable], lock=lock)
    if session.screen is Screen.END:  # a finished game opens on its scoring: say so, never without a word
        session.message = Message(_("Game {id} is over: this is its scoring (its keys are on the line below).").format(
            id=record.id))
    return session


def undo_reach(record: Record, *, confirm: bool = True) -> int:
    """How many of `record`'s moves are before what undo may reach on resuming: the turn under way after its last
    refresh (R5: a refresh showed new cards), and a take or pass its player had not confirmed, which is played
    again so that they are asked again."""
    moves = record.moves
    waiting = (not record.confirmed and bool(moves) and moves[-1].action.step is Step.TAKE and confirm
               and not record.game().is_over)
    start = turn_start([m.action for m in (moves[:-1] if waiting else moves)])
    return max((i + 1 for i in range(start, len(moves)) if isinstance(moves[i].action, Refresh)), default=start)


def resumed_table(record: Record, *, seats: tuple[str, str], confirm: bool) -> tuple[Table, int]:
    """The table of `record`'s game as it stood, for screens of their own to share (famiglia serve); with the
    number of moves before its history (`undo_reach`): the turn under way is played again, as on resuming."""
    undoable = undo_reach(record, confirm=confirm)
    actions = [m.action for m in record.moves]
    table = Table.resumed(record.game(upto=undoable), log=_turn_log(record, actions[:undoable]),
                          pass_reasons=pass_reasons_of(record, actions[:undoable], seats), seats=seats)
    for action in actions[undoable:]:
        table.play(action, confirm=confirm)
    return table, undoable


def _seats(record: Record) -> tuple[str, str]:
    """Who plays each seat of the record: a person, or the computer at a level this famiglia knows."""
    if NETWORK in record.seats:
        raise StoreError(_("game {id} is played over the network: 'famiglia serve' plays it on, as table its "
                           "players know ('famiglia log' and 'replay' show it here)").format(id=record.id))
    for seat in record.seats:
        if seat != HUMAN and level_of(seat) is None:
            raise StoreError(_("the record's seat {seat} is no player this famiglia knows ('famiglia log' and "
                               "'replay' still show the game)").format(seat=quoted(seat, 40)))
    return record.seats


def _turn_log(record: Record, actions: Sequence[Action]) -> list[tuple[Event, ...]]:
    return turn_log(record.game(upto=0), actions)


def pass_reasons_of(record: Record, actions: Sequence[Action], seats: Sequence[str]) -> dict[int, str]:
    """Why the computer passed, by turn, worked out again as it was in the sitting: from public facts alone (R12.1)."""
    game, reasons, turns = record.game(upto=0), {}, 0
    for action in actions:
        passer = game.to_move if type(action) is Pass and seats[game.to_move] != HUMAN else None
        before = game.view(None) if passer is not None else None
        game.apply(action)
        turns += action.step is Step.TAKE
        if before is not None:
            reasons[turns] = pass_reason(before, game.result())
    return reasons


def _play_again(session: Session, actions: Sequence[Action]) -> None:
    """Play `actions` through the session's own verb, so its undo snapshots are the live game's; keep the handoff."""
    if not actions:
        return
    screen, summary = session.screen, session.show_summary
    session.screen = Screen.TABLE  # play() acts on the table; nothing is drawn before the handoff is back
    for action in actions:
        if not session.play(action):
            raise StoreError(_("the saved action {action} cannot be played again").format(action=action))
    session.screen, session.show_summary, session.message = screen, summary, None
