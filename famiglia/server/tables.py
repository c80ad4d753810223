"""The tables of a server: `ServerTable`, the one owner of a table's game and record, and `Tables`, all of them.

A table is opened in the lobby and gets its code; its game is dealt when the second player sits
down (the names are known then), from the server's next seed if it was started with `--seed`. From
then on every action comes to the table from the screen of the seat that made it (`SeatScreen`,
`famiglia.server.screen`): the table plays it on its own `Game`, writes the record (today's format,
the seats saying `network`, or `cpu:LEVEL` for the computer), and only then tells the other screens.
A take or pass that waits for its player's Enter is told to the opponent once it is confirmed, as
the table at one keyboard shows it only after the handoff; every screen is drawn from its own seat's
view (or, for a watcher, the public view), never from this game.

`Tables` keeps every table by code and writes an index of the unfinished ones (`tables.json` in the
server's folder: code, game, who holds each seat, the table's settings, its messages), so a server
started again brings them back with their codes. A failure inside one table saves it, tells its
players in one line and closes it; the server and the other tables go on.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from famiglia.engine import Action, Game, Step
from famiglia.persistence import GameLock, Move, Record, RecordError, Sitting, Store, StoreError, printable
from famiglia.persistence.reading import Unreadable, read_text
from famiglia.persistence.record import json_fault
from famiglia.persistence.seats import NETWORK
from famiglia.persistence.writing import private_folder, write_atomically
from famiglia.phrasebook.catalogue import N_, Later, _
from famiglia.profile.names import NAME_LENGTH

from .codes import new_code, read_code
from .log import log
from .seats import Holder

if TYPE_CHECKING:
    from .screen import SeatScreen

__all__ = ["INDEX", "MESSAGE_LENGTH", "Options", "ServerTable", "TableBroken", "Tables", "tidy_message"]

INDEX: Final = "tables.json"
INDEX_FORMAT: Final = "famiglia-tables"
INDEX_VERSION: Final = 1
MESSAGE_LENGTH: Final = 200
MESSAGES_KEPT: Final = 200  # a table's messages kept in the index, the last ones
_INDEX_LIMIT: Final = 16 * 1024 * 1024


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
        name = self._name(seat) if seat is not None else getattr(screen, "name", _("A watcher"))
        said = f"{name}: {line}"
        self.said = [*self.said, said][-MESSAGES_KEPT:]
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
        assert self.record is not None and self.path is not None and self.game is not None
        record = self.record.with_moves(moves, confirmed=not self.pending)
        try:
            self.path, self.record = self.store.update(self.path, record, self.game)
        except (StoreError, OSError, ValueError) as error:
            self.record = record  # the table plays on; the file holds what was last written
            if self.problem is None:
                for each in self._everyone():
                    each.notice(Later(N_("The game cannot be saved ({reason}); play goes on unsaved."),
                                      reason=printable(str(error), 100)))
            self.problem = str(error)
            return
        self.problem = None
        if self.game.is_over:
            self.on_change(self)

    def _guarded(self) -> _Guard:
        return _Guard(self)

    def fail(self, error: BaseException) -> None:
        """Something went wrong inside the table: save what there is, tell its players in one line, close it."""
        log.error("table %s stopped on an unexpected error", self.code, exc_info=error)
        kept = Later(N_("the game so far is saved as table {code}"), code=self.code) if self.record is not None \
            else Later(N_("no game had begun"))
        if self.record is not None and self.path is not None:
            try:
                self.store.update(self.path, self.record)
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


class Tables:
    """Every table of one server by its code, and the index that brings the unfinished ones back."""

    def __init__(self, folder: Path, store: Store, *, seed: int | None = None) -> None:
        self.folder = folder
        self.store = store
        self.next_seed = seed
        self.tables: dict[str, ServerTable] = {}
        self.problem: str | None = None  # why the index could not be read or written, said on starting

    def __iter__(self) -> Iterator[ServerTable]:
        return iter(list(self.tables.values()))

    def find(self, text: str) -> ServerTable | None:
        code = read_code(text)
        return None if code is None else self.tables.get(code)

    def open(self, options: Options) -> ServerTable:
        """A new table with a fresh code; its seed is the server's next, if it was given one."""
        seed = self.next_seed
        if self.next_seed is not None:
            self.next_seed += 1
        holders: list[Holder | None] = [None, None]
        table = ServerTable(new_code(self.tables), options, self.store, holders, seed=seed, on_change=self._changed)
        self.tables[table.code] = table
        return table

    def drop(self, table: ServerTable) -> None:
        """A table nobody needs any more (its game is over and nobody is at it)."""
        if self.tables.get(table.code) is table and not table.screens and not table.watchers:
            del self.tables[table.code]
            table.release()
            self.save()

    def _changed(self, table: ServerTable) -> None:
        self.save()

    # -- the index ---------------------------------------------------------------------------------------------

    def save(self) -> None:
        """Write the index of the tables still to be played; a failure is logged and kept in `problem`."""
        entries = {}
        for table in self.tables.values():
            if table.is_over or (table.broken is not None and table.record is None):
                continue
            if not any(table.holders):
                continue  # opened and left before anybody sat down
            entries[table.code] = {
                "game": table.record.id if table.record is not None else None,
                "seed": table.seed if table.record is None else None,
                "seats": [h.to_json() if h is not None else None for h in table.holders],
                "settings": table.options.to_json(),
                "messages": table.said,
            }
        data = {"format": INDEX_FORMAT, "version": INDEX_VERSION, "tables": entries}
        try:
            private_folder(self.folder)
            write_atomically(self.folder / INDEX, (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode(),
                             prefix=".tables-")
        except OSError as error:
            self.problem = f"the tables cannot be saved in {self.folder / INDEX} ({error.strerror or error})"
            log.error("%s", self.problem)

    def restore(self) -> list[str]:
        """Bring back the unfinished tables of the index; the lines that say what could not come back."""
        path = self.folder / INDEX
        if not os.path.lexists(path):
            return []
        try:
            data = json.loads(read_text(path, limit=_INDEX_LIMIT, kind=_("a list of tables"), follow=False))
        except (Unreadable, ValueError, RecursionError) as error:
            reason = json_fault(error) if isinstance(error, ValueError) else printable(str(error), 120)
            self.problem = _("{path} cannot be read ({reason}); it is left as it is").format(path=path, reason=reason)
            return [self.problem]
        if not isinstance(data, dict) or data.get("format") != INDEX_FORMAT or data.get("version") != INDEX_VERSION:
            self.problem = _("{path} is not a list of famiglia's tables; it is left as it is").format(path=path)
            return [self.problem]
        said = []
        entries = data.get("tables")
        for code, entry in (entries.items() if isinstance(entries, dict) else ()):
            try:
                table = self._restored(code, entry)
            except (ValueError, TypeError, KeyError, StoreError, RecordError) as error:
                said.append(_("table {code} is not brought back: {reason}").format(
                    code=printable(str(code), 8), reason=printable(str(error), 160)))
                continue
            if table is not None:
                self.tables[table.code] = table
        return said

    def _restored(self, code: Any, entry: Any) -> ServerTable | None:
        if not isinstance(code, str) or read_code(code) != code or not isinstance(entry, dict):
            raise ValueError(_("its code or entry is not one famiglia writes"))
        options = Options.from_json(entry.get("settings", {}))
        seats = entry.get("seats")
        if not isinstance(seats, list) or len(seats) != 2:
            raise ValueError(_("it must have two seats"))
        holders = [None if s is None else Holder.from_json(s) for s in seats]
        said = entry.get("messages", [])
        messages = [tidy_message(m) for m in said if isinstance(m, str)] if isinstance(said, list) else []
        table = ServerTable(code, options, self.store, holders, said=messages, on_change=self._changed)
        game_id = entry.get("game")
        if game_id is None:
            seed = entry.get("seed")
            if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str)):
                raise ValueError(_("its seed is no seed"))
            table.seed = seed
            return table
        if not isinstance(game_id, str):
            raise ValueError(_("its game is no game id"))
        path, record = self.store.find(game_id)
        if NETWORK not in record.seats:
            raise ValueError(_("game {id} is no network game").format(id=record.id))
        table.path, table.record = path, record
        table.game = record.game()
        if table.game.is_over:
            return None
        table.pending = not record.confirmed and bool(record.moves) and record.moves[-1].action.step is Step.TAKE
        table.lock = self.store.lock(record.id)
        return table
