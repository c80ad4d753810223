"""All the tables of one server: `Tables` keeps each by its code and writes the index of the unfinished ones.

The index (`tables.json` in the server's folder: code, game, who holds each seat, the table's
settings, its messages, when it was opened) lets a server started again bring its tables back with
their codes. A change of a table (a player sitting down, a message, the end of a game) writes it
again, but not at once: the changes of a moment are written together a little later
(`WRITE_AFTER`), so a hundred tables talking do not write the whole index a hundred times a second;
and it is written by the server's `Saver` thread, so a large index holds nobody's keys. Stopping the
server writes what is waiting. A move is saved at once anyway, in its game's record (`ServerTable`).

What the index keeps: every table whose game is unfinished (a game-ending pass not yet confirmed is
unfinished), and every entry it read but could not bring back (its game is being played elsewhere,
or cannot be read): those are written back as they were, so a table is never lost for having failed
once. A table waiting for its second player longer than `Limits.waiting_expiry` leaves it, at the
start and on the next write. An index that cannot be read at all (damaged, a symbolic link, a folder)
is moved aside under a name the start's lines give, and a new one is begun; if it cannot be moved,
it is left as it is and nothing is written over it.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

from famiglia.persistence import RecordError, Store, StoreError, printable
from famiglia.persistence.reading import Unreadable, read_text
from famiglia.persistence.record import json_fault
from famiglia.persistence.seats import NETWORK
from famiglia.persistence.writing import private_folder, write_atomically
from famiglia.phrasebook.catalogue import _

from .codes import new_code, read_code
from .log import log
from .saver import Saver
from .seats import Holder
from .tables import Options, ServerTable, tidy_message

__all__ = ["INDEX", "WRITE_AFTER", "Tables"]

INDEX: Final = "tables.json"
INDEX_FORMAT: Final = "famiglia-tables"
INDEX_VERSION: Final = 1
WRITE_AFTER: Final = 0.25  # seconds a change waits for the others of its moment before the index is written
WAITING_EXPIRY: Final = 7 * 24 * 3600.0  # seconds a table may wait for its second player (`--waiting-expiry`)
EXPIRY_CHECK: Final = 60.0  # seconds between two looks for expired tables, made with a write of the index
_INDEX_LIMIT: Final = 16 * 1024 * 1024


class Tables:
    """Every table of one server by its code, and the index that brings the unfinished ones back."""

    def __init__(self, folder: Path, store: Store, *, seed: int | None = None, saver: Saver | None = None,
                 expiry: float = WAITING_EXPIRY, clock: Callable[[], float] = time.time) -> None:
        self.folder = folder
        self.store = store
        self.saver = saver  # writes the tables' games, and the index, off the loop
        self.next_seed = seed
        self.expiry = expiry
        self.clock = clock  # wall-clock seconds: the index outlives the process
        self.tables: dict[str, ServerTable] = {}
        self.since: dict[str, float] = {}  # when each table was opened, for the expiry of waiting ones
        self.kept: dict[str, Any] = {}  # the index's entries not brought back, written back as they were
        self.problem: str | None = None  # why the index could not be read or written, said on starting
        self.frozen = False  # the index could not be read nor moved aside: it is never written over
        self._entries: dict[str, dict[str, Any]] = {}  # each table's entry as last written
        self._dirty: set[str] = set()  # the tables changed since: their entries are made again
        self._next_expiry = 0.0  # when expired tables are looked for again
        self._waiting: asyncio.TimerHandle | None = None  # the write that the changes of this moment wait for

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
        table = ServerTable(new_code({*self.tables, *self.kept}), options, self.store, holders, seed=seed,
                            on_change=self._changed, saver=self.saver)
        self.tables[table.code] = table
        self.since[table.code] = self.clock()
        return table

    def drop(self, table: ServerTable) -> None:
        """A table nobody needs any more: its game is over (confirmed), or none was dealt and nobody holds a seat;
        and nobody is at it. A table whose game is unfinished is never dropped."""
        needless = (table.is_over and not table.pending) or (table.record is None and not any(table.holders))
        if self.tables.get(table.code) is table and needless and not table.screens and not table.watchers:
            self._forget(table)
            self.save()

    def _forget(self, table: ServerTable) -> None:
        del self.tables[table.code]
        self._dirty.add(table.code)
        self.since.pop(table.code, None)
        table.release()

    def expired(self, since: float) -> bool:
        """Whether a table opened at `since` (and still waiting for its second player) has waited too long."""
        return self.clock() - since > self.expiry

    def _changed(self, table: ServerTable) -> None:
        """A table changed: write the index soon, with whatever else changes meanwhile (at once without a loop)."""
        self._dirty.add(table.code)
        if self._waiting is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.save()
            return
        self._waiting = loop.call_later(WRITE_AFTER, self.save)

    # -- the index ---------------------------------------------------------------------------------------------

    def save(self, *, now: bool = False) -> bool:
        """Write the index of the tables still to be played, by the saver (at once if `now`: the stop).

        Whether it was written (with `now`; without, a failure is told on the loop): a failure is logged and
        kept in `problem`. Only the entries of the tables that changed are made again, so a large index costs
        the loop little; the stop makes every one again. Waiting tables that have expired leave it first.
        """
        if self._waiting is not None:
            self._waiting.cancel()
            self._waiting = None
        if self.frozen:
            return False
        if now or self.clock() >= self._next_expiry:
            self._expire()
        changed = list(self.tables) if now else self._dirty
        for code in changed:
            table = self.tables.get(code)
            entry = self._entry(table) if table is not None else None
            if entry is None:
                self._entries.pop(code, None)
            else:
                self._entries[code] = entry
        self._dirty = set()
        data = {"format": INDEX_FORMAT, "version": INDEX_VERSION, "tables": {**self.kept, **self._entries}}
        if now or self.saver is None:
            return self._written(self._write(data))
        self.saver.save(lambda: self._write(data), self._told)
        return True

    def _entry(self, table: ServerTable) -> dict[str, Any] | None:
        """`table`'s entry in the index, or None if it has none."""
        if table.is_over and not table.pending:
            return None  # a game-ending pass not yet confirmed can still be taken back: the table stays
        if table.broken is not None and table.record is None:
            return None
        if not any(table.holders):
            return None  # opened and left before anybody sat down
        return {
            "game": table.record.id if table.record is not None else None,
            "seed": table.seed if table.record is None else None,
            "seats": [h.to_json() if h is not None else None for h in table.holders],
            "settings": table.options.to_json(),
            "messages": table.said,
            "since": self.since.get(table.code, self.clock()),
        }

    def _write(self, data: dict[str, Any]) -> OSError | None:
        """The index written (on the saver's thread): None, or what went wrong."""
        try:
            private_folder(self.folder)
            write_atomically(self.folder / INDEX, (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode(),
                             prefix=".tables-")
        except OSError as error:
            return error
        return None

    def _told(self, error: OSError | None) -> None:
        self._written(error)

    def _written(self, error: OSError | None) -> bool:
        if error is None:
            self.problem = None
            return True
        self.problem = _("the list of tables cannot be saved in {path} ({reason})").format(
            path=self.folder / INDEX, reason=error.strerror or error)
        log.error("%s", self.problem)
        return False

    def _expire(self) -> None:
        """Waiting tables nobody is at that have waited longer than the expiry leave the server and the index."""
        self._next_expiry = self.clock() + EXPIRY_CHECK
        for table in list(self.tables.values()):
            if table.record is None and not table.screens and not table.watchers \
                    and self.expired(self.since.get(table.code, math.inf)):
                log.info("table %s expired, waiting for its second player", table.code)
                self._forget(table)
        for code, entry in list(self.kept.items()):
            if isinstance(entry, dict) and entry.get("game") is None and self.expired(_since(entry, math.inf)):
                del self.kept[code]

    def restore(self) -> list[str]:
        """Bring back the unfinished tables of the index; the lines that say what could not come back."""
        path = self.folder / INDEX
        if not os.path.lexists(path):
            return []
        try:
            data = json.loads(read_text(path, limit=_INDEX_LIMIT, kind=_("a list of tables"), follow=False))
        except (Unreadable, ValueError, RecursionError) as error:
            reason = json_fault(error) if isinstance(error, ValueError) else printable(str(error), 120)
            return [self._set_aside(path, _("{path} cannot be read ({reason})").format(path=path, reason=reason))]
        entries = data.get("tables") if isinstance(data, dict) else None
        if not isinstance(data, dict) or data.get("format") != INDEX_FORMAT or data.get("version") != INDEX_VERSION \
                or not isinstance(entries, dict):
            return [self._set_aside(path, _("{path} is not a list of famiglia's tables").format(path=path))]
        said = []
        for code, entry in entries.items():
            try:
                table = self._restored(code, entry)
            except (ValueError, TypeError, KeyError, StoreError, RecordError) as error:
                said.append(_("table {code} is not brought back: {reason}").format(
                    code=printable(str(code), 8), reason=printable(str(error), 160)))
                if isinstance(code, str) and read_code(code) == code:
                    self.kept[code] = entry  # written back as it was: it may come back on another start
                continue
            if table is not None:
                self.tables[table.code] = table
                self.since[table.code] = _since(entry, self.clock())
                self._dirty.add(table.code)
        self._expire()
        return said

    def _set_aside(self, path: Path, why: str) -> str:
        """The index that cannot be read moved aside (a link as the link: what it points to is left alone), or
        left as it is and never written over if it cannot be moved; the line that says which."""
        aside = path.with_name(f"tables-unread-{time.strftime('%Y%m%d-%H%M%S')}.json")
        for n in range(2, 100):
            if not os.path.lexists(aside):
                break
            aside = path.with_name(f"tables-unread-{time.strftime('%Y%m%d-%H%M%S')}-{n}.json")
        try:
            os.rename(path, aside)
        except OSError as error:
            self.frozen = True
            self.problem = _("{why}; it is left as it is, and this server keeps no list of its tables "
                             "({reason})").format(why=why, reason=error.strerror or error)
        else:
            self.problem = _("{why}; it is moved to {aside}; a new list of tables is begun").format(
                why=why, aside=aside)
        log.error("%s", self.problem)
        return self.problem

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
        table = ServerTable(code, options, self.store, holders, said=messages, on_change=self._changed,
                            saver=self.saver)
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
        return table if table.bring_back(path, record) else None


def _since(entry: dict[str, Any], otherwise: float) -> float:
    """When an index entry's table was opened; `otherwise` for an entry written before the index kept it."""
    since = entry.get("since")
    if isinstance(since, int | float) and not isinstance(since, bool) and math.isfinite(since):
        return float(since)
    return otherwise
