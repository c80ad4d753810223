"""A table of a server: `ServerTable`, the one owner of a table's game (all of them: `index.Tables`).

A table is opened in the lobby and gets its code; its game is dealt when the second player sits
down (the names are known then), from the server's next seed if it was started with `--seed`. From
then on the table owns the one game: a `famiglia.tui.model.table.Table` (the game, its history as a
stack that undo pops, the take or pass waiting for its player's Enter), the record of what was
confirmed, and its saving. Every screen of the table is a view of that one game: a player's screen
is a `Session` seated at one seat of it (`Session.seated`), a watcher's draws the public view. An
action is played once, on the player's own screen, through the session's verbs; the table hears of
it from the session's hooks, saves the record (today's format, the seats saying `network`, or
`cpu:LEVEL` for the computer) through the server's `Saver`, off the event loop, and tells the other
screens, which redraw from their own seat's view.

What is not confirmed is its player's own: a take or pass waiting for its Enter is in no other
screen, no record and no index until it is confirmed, and taking it back changes nothing anyone
else saw (`Table.game_for`).

A failure inside one table saves it, tells its players in one line and closes it; the server and the
other tables go on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from famiglia.engine import Action, Game, Step
from famiglia.persistence import GameLock, Move, Record, Sitting, Store, StoreError, printable
from famiglia.persistence.seats import NETWORK
from famiglia.persistence.turns import moves_of
from famiglia.phrasebook.catalogue import N_, Later, _
from famiglia.profile.names import NAME_LENGTH
from famiglia.profile.seats import HUMAN
from famiglia.tui.model.saving import resumed_table
from famiglia.tui.model.session import Session
from famiglia.tui.model.table import Table

from .log import log
from .saver import Saver
from .seats import Holder

if TYPE_CHECKING:
    from .seam import SeatScreen

__all__ = ["MESSAGES_KEPT", "MESSAGE_LENGTH", "NotSeated", "Options", "ServerTable", "TableBroken", "tidy_message"]

MESSAGE_LENGTH: Final = 200
MESSAGES_KEPT: Final = 200  # a table's messages kept in the index, the last ones


class TableBroken(Exception):
    """A table stopped on a failure; the message is the one line its players were told."""


class NotSeated(Exception):
    """The game could not be saved as it was dealt, so nobody sat down; the message says so in one line."""


@dataclass(frozen=True, slots=True)
class Options:
    """What the opener chooses for both players: what `famiglia play` lets one choose."""

    hints: bool = True
    memory_aid: bool = False
    confirm: bool = True
    opponent: str | None = None  # `cpu:LEVEL`: a game against the computer; None: two players

    def to_json(self) -> dict[str, Any]:
        return {"hints": self.hints, "memory_aid": self.memory_aid, "confirm": self.confirm,
                "opponent": self.opponent}

    @classmethod
    def from_json(cls, data: Any) -> Options:
        if not isinstance(data, dict):
            raise ValueError(_("a table's settings must be an object"))
        flags = {k: data.get(k, getattr(cls, k)) for k in ("hints", "memory_aid", "confirm")}
        if any(not isinstance(v, bool) for v in flags.values()):
            raise ValueError(_("a table's settings are true or false"))
        opponent = data.get("opponent")
        if opponent is not None and not isinstance(opponent, str):
            raise ValueError(_("a table's opponent is text"))
        return cls(**flags, opponent=opponent)


def tidy_message(text: str) -> str:
    """A table message as it is shown and kept: one line of printable characters, at most `MESSAGE_LENGTH`.

    Controls and line breaks become spaces; nothing in it is read as markup (the screens draw it as
    plain text).
    """
    line = " ".join("".join(ch if ch.isprintable() else " " for ch in text).split())
    return line[:MESSAGE_LENGTH]


@dataclass(slots=True)
class ServerTable:
    """One table of the server; see the module docstring."""

    code: str
    options: Options
    store: Store
    holders: list[Holder | None]
    seed: int | str | None = None
    record: Record | None = None  # what is confirmed, as handed to the saver
    path: Path | None = None
    table: Table | None = None  # the one game: its history, and the take or pass waiting for its Enter
    before: list[Move] = field(default_factory=list)  # the moves before the table's own history (brought back)
    said: list[str] = field(default_factory=list)
    screens: dict[int, SeatScreen] = field(default_factory=dict)
    watchers: list[SeatScreen] = field(default_factory=list)
    broken: Later | None = None  # why the table stopped, said to each of its players in their language
    problem: str | None = None  # why the last save failed, while it does
    lock: GameLock | None = None
    on_change: Callable[[ServerTable], None] = lambda table: None  # the index is written again
    saver: Saver | None = None  # writes the record off the loop (`famiglia.server.saver`); None: at once
    file: Path | None = None  # where the saver writes the record: the saver's own, once the game has a file

    # -- what the table is ------------------------------------------------------------------------------------

    @property
    def game(self) -> Game | None:
        """The game as everyone may know it: without a take or pass its player has not confirmed yet."""
        return self.table.game_for(None) if self.table is not None else None

    @property
    def pending(self) -> bool:
        """Whether a take or pass waits for its player's Enter (known to that player's screen alone)."""
        return self.table is not None and self.table.ending is not None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(h.name for h in self.holders if h is not None)

    @property
    def against_computer(self) -> bool:
        return self.options.opponent is not None

    @property
    def is_over(self) -> bool:
        game = self.game
        return game is not None and game.is_over

    @property
    def full(self) -> bool:
        """Whether nobody else may sit down: both seats are held, or the person against the computer is there."""
        if self.against_computer:
            return self.holders[0] is not None
        return all(h is not None for h in self.holders)

    def seat_of(self, screen: SeatScreen) -> int | None:
        return next((seat for seat, s in self.screens.items() if s is screen), None)

    # -- sitting down -----------------------------------------------------------------------------------------

    def sit(self, seat: int, holder: Holder) -> None:
        """`holder` takes the free `seat`; the game is dealt once both seats are taken.

        `NotSeated` if the new game cannot be saved: the table is left as it was, waiting, for a game that is
        not saved could never come back.
        """
        before = list(self.holders)
        self.holders[seat] = holder
        if self.full and self.record is None:
            try:
                self._deal()
            except (StoreError, OSError) as error:
                self.holders[:] = before
                log.error("table %s: the new game cannot be saved (%s)", self.code, error)
                raise NotSeated(_("The game cannot be saved ({reason}), so it does not begin; try again later.")
                                .format(reason=printable(_reason(error), 100))) from None
            for screen in self._everyone():
                screen.changed()  # the opener waiting for a friend sees the game begin
        self.on_change(self)

    def _seats(self) -> tuple[str, str]:
        """Who plays each seat of the shared table: a person at their own screen, or the computer."""
        return (HUMAN, self.options.opponent or HUMAN)

    def _deal(self) -> None:
        first, second = (h.name if h is not None else "" for h in self.holders)
        if self.options.opponent is not None:
            from famiglia.profile.seats import seat_name

            second = seat_name(self.options.opponent)
        if first.casefold() == second.casefold():  # the screens could not tell them apart
            second = (second[: NAME_LENGTH - 2] + " 2")
            self.holders[1] = replace(self.holders[1], name=second) if self.holders[1] is not None else None
        table = Table(seats=self._seats(), seed=self.seed)
        table.deal((first, second))
        assert table.game is not None
        seats = (NETWORK, self.options.opponent or NETWORK)
        record = Record.new(table.game, seats=seats).with_moves(
            [], sitting=Sitting(memory_aid=self.options.memory_aid, confirm=self.options.confirm))
        self.path, self.record = self.store.create(record, table.game)
        self.table = table
        self.file = self.path
        self.lock = self.store.lock(self.record.id)

    def bring_back(self, path: Path, record: Record) -> bool:
        """The game of `record` at this table, as it stood (a restart); False if it is over. The turn under way is
        played again as `famiglia resume` plays it (`resumed_table`): a take or pass saved unconfirmed asks again."""
        if record.game().is_over:
            return False
        lock = self.store.lock(record.id)  # first: a game played elsewhere is not brought back
        self.table, before = resumed_table(record, seats=self._seats(), confirm=self.options.confirm)
        self.before, self.record, self.lock = list(record.moves[:before]), record, lock
        self.path, self.file = path, path
        self.record = record.with_moves(_confirmed_moves(self), confirmed=True)  # a take not confirmed is its own
        return True

    def seat_session(self, seat: int) -> Session:
        """The screen of `seat` at this table: a `Session` seated on the one game, whose actions the table hears."""
        if self.table is None:
            raise TableBroken(_("the table has no game yet"))
        session = Session.seated(self.table, seat, confirm=self.options.confirm, memory_aid=self.options.memory_aid)
        session.on_action.append(self._acted)
        session.on_turn_end.append(self._turn_ended)
        return session

    def attach(self, seat: int | None, screen: SeatScreen) -> SeatScreen | None:
        """`screen` now shows `seat` (None: it watches); the screen it takes the seat from, if any, is returned."""
        if seat is None:
            self.watchers.append(screen)
            return None
        before = self.screens.get(seat)
        self.screens[seat] = screen
        other = self.screens.get(1 - seat)
        if other is not None and before is None:
            other.notice(Later(N_("{name} is at the table."), name=self._name(seat)))
        return before

    def detach(self, screen: SeatScreen, *, lost: bool) -> None:
        """`screen` has left (its player went back to the lobby, or the connection dropped): the table waits."""
        if screen in self.watchers:
            self.watchers.remove(screen)
            return
        seat = self.seat_of(screen)
        if seat is None:
            return
        del self.screens[seat]
        if self.is_over or self.broken is not None:
            return
        how = N_("{name} lost the connection — the game is saved; waiting.") if lost else \
            N_("{name} left the table — the game is saved; waiting.")
        for other in [*self._others(seat), *self.watchers]:  # a watcher, too, would otherwise wonder why it stands
            other.notice(Later(how, name=self._name(seat)))

    # -- the game: what the seats' screens tell it --------------------------------------------------------------

    def _acted(self, session: Session, action: Action | None) -> None:
        """A change of the one game on a seat's screen: an action (or, None, an undo), played there once.

        A take or pass waiting for its Enter is its player's alone: nothing is saved or told until it is
        confirmed (`_turn_ended`); its undo changes nothing anyone else saw.
        """
        if self.broken is not None or self.table is None or self.record is None:
            return
        with _Guard(self):
            if action is not None and self.table.ending is not None:
                return  # waits for its player's Enter
            moves = _confirmed_moves(self)
            told = self.record.moves
            if moves == told:
                return  # a take or pass never told was taken back: nobody saw it
            self._save(moves)
            if action is None:
                self._tell_taken_back(session.at_keyboard, told[-1].action)
            elif action.step is not Step.TAKE:
                self._tell_played(moves[-1].player, action)

    def _turn_ended(self, session: Session) -> None:
        """A take or pass is confirmed (or needed no Enter): now the other screens see it, and it is saved."""
        if self.broken is not None or self.table is None or self.record is None:
            return
        with _Guard(self):
            moves = _confirmed_moves(self)
            if moves != self.record.moves:
                self._save(moves)
            last = moves[-1]
            self._tell_played(last.player, last.action)
            if self.is_over:
                self.on_change(self)

    def say(self, screen: SeatScreen, text: str) -> str | None:
        """A one-line message to the table from `screen`'s player; the refusal, if it is none."""
        line = tidy_message(text)
        if not line:
            return _("A message needs some words.")
        seat = self.seat_of(screen)
        said: str | Later = f"{self._name(seat)}: {line}" if seat is not None else \
            Later(N_("{name} (watching): {line}"), name=getattr(screen, "name", "") or "?", line=line)  # not a player's
        self.said = [*self.said, str(said)][-MESSAGES_KEPT:]
        log.info("table %s: %s", self.code, said)
        for each in self._everyone():
            each.notice(said)
        self.on_change(self)
        return None

    def close(self, line: str | Later) -> None:
        """Every screen of the table is closed with `line` (the server is stopping), each in its own language."""
        for each in self._everyone():
            each.close(line)
        self.screens.clear()
        self.watchers.clear()

    def release(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    # -- inside ------------------------------------------------------------------------------------------------

    def _name(self, seat: int) -> str:
        if self.game is not None:
            return self.game.names[seat]
        holder = self.holders[seat]
        return holder.name if holder is not None else _("Player {n}").format(n=seat + 1)

    def _others(self, seat: int) -> Iterator[SeatScreen]:
        other = self.screens.get(1 - seat)
        if other is not None:
            yield other

    def _everyone(self) -> list[SeatScreen]:
        return [*self.screens.values(), *self.watchers]

    def _tell_played(self, seat: int, action: Action) -> None:
        """`seat`'s action is now public: the other seat's screen and the watchers redraw from the one game."""
        for other in self._others(seat):
            other.played(seat, action)
        self._tell_watchers()

    def _tell_taken_back(self, seat: int, action: Action) -> None:
        for other in self._others(seat):
            other.took_back(seat, action)
        self._tell_watchers()

    def _tell_watchers(self) -> None:
        for watcher in list(self.watchers):
            watcher.changed()

    def _save(self, moves: list[Move]) -> None:
        """Write the record with `moves`: the table plays on from it at once, the saver writes it in its turn."""
        assert self.record is not None and self.path is not None
        record = self.record.with_moves(moves, confirmed=True)
        self.record = record  # what the table is, written or not (a file that cannot be written is said)
        known = self.game  # the game of `moves`: everyone's, without a take or pass waiting for its Enter
        game = known.copy() if known is not None else record.game()  # the saver's own: the table plays on
        if self.saver is None:
            self._saved(_write(self, record, game))
        else:
            self.saver.save(lambda: _write(self, record, game), self._saved)

    def _saved(self, result: tuple[Path, Record] | Exception) -> None:
        """What came of a write, on the loop: a failure said once to the table's players, the file's new name."""
        if isinstance(result, Exception):
            if self.problem is None:
                for each in self._everyone():
                    each.notice(Later(N_("The game cannot be saved ({reason}); it is tried again with each move "
                                         "and when the server stops."), reason=printable(_reason(result), 100)))
            self.problem = _reason(result)
            return
        path, written = result
        self.path = path
        if self.record is not None and self.record.id != written.id:  # a folder took the old name: a new file
            self.record = replace(self.record, id=written.id)
            self.on_change(self)  # the index names the new file
        self.problem = None
        if self.is_over:
            self.on_change(self)

    def save_again(self) -> None:
        """The record written again after a write that failed (the stop tries once more before it tells anyone)."""
        if self.record is not None and self.path is not None and self.table is not None and self.broken is None:
            self._save(self.record.moves)

    def fail(self, error: BaseException) -> None:
        """Something went wrong inside the table: save what there is, tell its players in one line, close it."""
        log.error("table %s stopped on an unexpected error", self.code, exc_info=error)
        kept = Later(N_("the game so far is saved as table {code}"), code=self.code) if self.record is not None \
            else Later(N_("no game had begun"))
        if self.record is not None and self.path is not None:
            if self.saver is not None:
                self.saver.wait()  # its last write goes after the ones handed over before it
            try:
                self.store.update(self.file or self.path, self.record)
            except Exception:  # the index and the last good file are what is left
                log.exception("table %s could not be saved after its failure", self.code)
                kept = Later(N_("the game could not be saved"))
        self.broken = Later(N_("The table stopped on an unexpected error ({error}); {kept}."),
                            error=type(error).__name__, kept=kept)
        self.close(self.broken)
        self.on_change(self)


def _confirmed_moves(owner: ServerTable) -> list[Move]:
    """The moves everyone knows: the table's history without a take or pass waiting for its Enter."""
    table = owner.table
    assert table is not None and owner.record is not None
    history = table.history[:-1] if table.ending is not None else table.history
    first = table.origin["to_move"] if table.origin is not None else owner.record.start["to_move"]
    return [*owner.before, *moves_of(first, history)]


def _write(table: ServerTable, record: Record, game: Game) -> tuple[Path, Record] | Exception:
    """`record` written over `table`'s file (on the saver's thread): where it went, or what went wrong."""
    try:
        table.file, written = table.store.update(table.file or table.path or Path(), record, game)
    except Exception as error:  # told to the table's players on the loop (`ServerTable._saved`)
        if not isinstance(error, (StoreError, OSError, ValueError)):
            log.error("table %s could not be saved", table.code, exc_info=error)
        return error
    return table.file, written


def _reason(error: Exception) -> str:
    """Why a save failed, in a few words: an `OSError`'s own words ("No space left on device"), else the error's."""
    return error.strerror if isinstance(error, OSError) and error.strerror else str(error)


class _Guard:
    """Runs a table's work; an unexpected error breaks that table alone (`ServerTable.fail`): its screens are
    closed with the one line that says so, and the key that caused it goes no further."""

    def __init__(self, table: ServerTable) -> None:
        self.table = table

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: object) -> bool:
        if error is None or not isinstance(error, Exception) or isinstance(error, TableBroken):
            return False
        self.table.fail(error)
        return True
