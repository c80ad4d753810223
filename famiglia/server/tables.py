"""A table of a server: `ServerTable`, the one owner of a table's game and record (all of them: `index.Tables`).

A table is opened in the lobby and gets its code; its game is dealt when the second player sits
down (the names are known then), from the server's next seed if it was started with `--seed`. From
then on every action comes to the table from the screen of the seat that made it (`SeatScreen`,
`famiglia.server.screen`): the table plays it on its own `Game`, makes the record (today's format,
the seats saying `network`, or `cpu:LEVEL` for the computer) and hands it to the server's `Saver`,
which writes it off the event loop in its turn, and tells the other screens.
A take or pass that waits for its player's Enter is told to the opponent once it is confirmed, as
the table at one keyboard shows it only after the handoff; every screen is drawn from its own seat's
view (or, for a watcher, the public view), never from this game.

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
from famiglia.phrasebook.catalogue import N_, Later, _
from famiglia.profile.names import NAME_LENGTH

from .log import log
from .saver import Saver
from .seats import Holder

if TYPE_CHECKING:
    from .screen import SeatScreen

__all__ = ["MESSAGES_KEPT", "MESSAGE_LENGTH", "Options", "ServerTable", "TableBroken", "tidy_message"]

MESSAGE_LENGTH: Final = 200
MESSAGES_KEPT: Final = 200  # a table's messages kept in the index, the last ones


class TableBroken(Exception):
    """A table stopped on a failure; the message is the one line its players were told."""


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
    record: Record | None = None
    path: Path | None = None
    game: Game | None = None
    pending: bool = False  # the last move is a take or pass its player has not confirmed yet
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
    def names(self) -> tuple[str, ...]:
        return tuple(h.name for h in self.holders if h is not None)

    @property
    def against_computer(self) -> bool:
        return self.options.opponent is not None

    @property
    def is_over(self) -> bool:
        return self.game is not None and self.game.is_over

    @property
    def full(self) -> bool:
        """Whether nobody else may sit down: both seats are held, or the person against the computer is there."""
        if self.against_computer:
            return self.holders[0] is not None
        return all(h is not None for h in self.holders)

    def seat_of(self, screen: SeatScreen) -> int | None:
        return next((seat for seat, s in self.screens.items() if s is screen), None)

    def known_record(self, seat: int | None) -> Record | None:
        """The record as `seat` may know it: a take or pass the other seat has not confirmed is not in it yet."""
        record = self.record
        if record is None or not self.pending or not record.moves or record.moves[-1].player == seat:
            return record
        return record.with_moves(record.moves[:-1], confirmed=True)

    def describe(self) -> str:
        """One line for the lobby's lists: who sits, and how the game stands (public facts only)."""
        names = _names(self.names)
        if self.game is None:
            return _("{names}, waiting for a second player").format(names=names)
        result = self.game.result()
        if result is not None:
            return _("{names}, over ({first}-{second})").format(names=names, first=result.scores[0],
                                                                 second=result.scores[1])
        mover = self.game.names[self.game.to_move]
        return _("{names}, {mover} to move").format(names=names, mover=mover)

    # -- sitting down -----------------------------------------------------------------------------------------

    def sit(self, seat: int, holder: Holder) -> None:
        """`holder` takes the free `seat`; the game is dealt once both seats are taken."""
        self.holders[seat] = holder
        if self.full and self.record is None:
            self._deal()
            for screen in self._everyone():
                screen.changed()  # the opener waiting for a friend sees the game begin
        self.on_change(self)

    def _deal(self) -> None:
        first, second = (h.name if h is not None else "" for h in self.holders)
        if self.options.opponent is not None:
            from famiglia.profile.seats import seat_name

            second = seat_name(self.options.opponent)
        if first.casefold() == second.casefold():  # the screens could not tell them apart
            second = (second[: NAME_LENGTH - 2] + " 2")
            self.holders[1] = replace(self.holders[1], name=second) if self.holders[1] is not None else None
        game = Game.new(seed=self.seed, names=(first, second))
        seats = (NETWORK, self.options.opponent or NETWORK)
        record = Record.new(game, seats=seats).with_moves(
            [], sitting=Sitting(memory_aid=self.options.memory_aid, confirm=self.options.confirm))
        self.game = game
        self.path, self.record = self.store.create(record, game)
        self.file = self.path
        self.lock = self.store.lock(self.record.id)

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

    # -- the game ---------------------------------------------------------------------------------------------

    def play(self, seat: int, action: Action, *, awaits: bool) -> bool:
        """An action of `seat` (or of the computer, played on the screen of the person against it).

        `awaits`: a take or pass that waits for its player's Enter (told to the opponent at `end_turn`).
        False if the table refuses it (not this seat's turn, not legal): the screen is out of step.
        """
        game = self.game
        if game is None or self.record is None or self.broken is not None or game.is_over or self.pending:
            return False
        if game.to_move != seat or not self._may_act(seat):
            return False
        with self._guarded():
            try:
                played = game.apply(action)
            except ValueError:
                return False
            self.pending = awaits and played.step is Step.TAKE
            self._save([*self.record.moves, Move(seat, played)])
            if not self.pending:
                self._tell_played(seat, played)
            else:
                self._tell_watchers()
        return True

    def end_turn(self, seat: int) -> None:
        """`seat`'s player pressed Enter on their take or pass: now the opponent sees it."""
        record = self.record
        if not self.pending or record is None or not record.moves or record.moves[-1].player != seat:
            return
        with self._guarded():
            self.pending = False
            self._save(record.moves)
            self._tell_played(seat, record.moves[-1].action)

    def take_back(self, seat: int) -> bool:
        """`seat` took back its last action within its turn; False if the last action is not theirs to take back."""
        record = self.record
        if record is None or not record.moves or record.moves[-1].player != seat or self.broken is not None:
            return False
        with self._guarded():
            told = not self.pending  # a take still waiting for its Enter was never told to the opponent
            moves = record.moves[:-1]
            self.pending = False
            self.game = replace(record, moves=moves).game()
            self._save(moves)
            for other in self._others(seat):
                if told:
                    other.took_back(seat)
            self._tell_watchers()
        return True

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

    def _may_act(self, seat: int) -> bool:
        return self.holders[seat] is not None or (self.against_computer and seat == 1)

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
        for other in self._others(seat):
            other.played(seat, action)
        self._tell_watchers()

    def _tell_watchers(self) -> None:
        for watcher in list(self.watchers):
            watcher.changed()

    def _save(self, moves: list[Move]) -> None:
        """Write the record with `moves`: the table plays on from it at once, the saver writes it in its turn."""
        assert self.record is not None and self.path is not None and self.game is not None
        record = self.record.with_moves(moves, confirmed=not self.pending)
        self.record = record  # what the table is, written or not (a file that cannot be written is said)
        game = self.game.copy()
        if self.saver is None:
            self._saved(self._write(record, game))
        else:
            self.saver.save(lambda: self._write(record, game), self._saved)

    def _write(self, record: Record, game: Game) -> tuple[Path, Record] | Exception:
        """`record` written over the table's file (on the saver's thread): where it went, or what went wrong."""
        try:
            self.file, written = self.store.update(self.file or self.path or Path(), record, game)
        except Exception as error:  # told to the table's players on the loop (`_saved`)
            if not isinstance(error, (StoreError, OSError, ValueError)):
                log.error("table %s could not be saved", self.code, exc_info=error)
            return error
        return self.file, written

    def _saved(self, result: tuple[Path, Record] | Exception) -> None:
        """What came of a write, on the loop: a failure said once to the table's players, the file's new name."""
        if isinstance(result, Exception):
            if self.problem is None:
                for each in self._everyone():
                    each.notice(Later(N_("The game cannot be saved ({reason}); play goes on unsaved."),
                                      reason=printable(str(result), 100)))
            self.problem = str(result)
            return
        path, written = result
        self.path = path
        if self.record is not None and self.record.id != written.id:  # a folder took the old name: a new file
            self.record = replace(self.record, id=written.id)
        self.problem = None
        if self.game is not None and self.game.is_over:
            self.on_change(self)

    def _guarded(self) -> _Guard:
        return _Guard(self)

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


def _names(names: tuple[str, ...]) -> str:
    """Who sits at a table, as its line in the lobby's lists says it."""
    if len(names) < 2:
        return names[0] if names else _("nobody")
    return _("{first} and {second}").format(first=names[0], second=names[1])


class _Guard:
    """Runs a table's work; an unexpected error breaks that table alone (`ServerTable.fail`) and is raised as
    `TableBroken` to the screen that asked."""

    def __init__(self, table: ServerTable) -> None:
        self.table = table

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: object) -> None:
        if error is None or not isinstance(error, Exception) or isinstance(error, TableBroken):
            return
        self.table.fail(error)
        raise TableBroken(self.table.broken or _("the table stopped")) from error
