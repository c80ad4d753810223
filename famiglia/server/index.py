"""All the tables of one server: `Tables` keeps each by its code and writes the index of the unfinished ones.

The index (`tables.json` in the server's folder: code, game, who holds each seat, the table's
settings, its messages) lets a server started again bring its tables back with their codes. A change
of a table (a player sitting down, a message, the end of a game) writes it again, but not at once:
the changes of a moment are written together a little later (`WRITE_AFTER`), so a hundred tables
talking do not write the whole index a hundred times a second; stopping the server writes what is
waiting. A move is saved at once anyway, in its game's record (`ServerTable`).
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Iterator
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
_INDEX_LIMIT: Final = 16 * 1024 * 1024


class Tables:
    """Every table of one server by its code, and the index that brings the unfinished ones back."""

    def __init__(self, folder: Path, store: Store, *, seed: int | None = None, saver: Saver | None = None) -> None:
        self.folder = folder
        self.store = store
        self.saver = saver  # writes the tables' games off the loop
        self.next_seed = seed
        self.tables: dict[str, ServerTable] = {}
        self.problem: str | None = None  # why the index could not be read or written, said on starting
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
        table = ServerTable(new_code(self.tables), options, self.store, holders, seed=seed, on_change=self._changed,
                            saver=self.saver)
        self.tables[table.code] = table
        return table

    def drop(self, table: ServerTable) -> None:
        """A table nobody needs any more (its game is over and nobody is at it)."""
        if self.tables.get(table.code) is table and not table.screens and not table.watchers:
            del self.tables[table.code]
            table.release()
            self.save()

    def _changed(self, table: ServerTable) -> None:
        """A table changed: write the index soon, with whatever else changes meanwhile (at once without a loop)."""
        if self._waiting is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.save()
            return
        self._waiting = loop.call_later(WRITE_AFTER, self.save)

    # -- the index ---------------------------------------------------------------------------------------------

    def save(self) -> None:
        """Write the index of the tables still to be played now; a failure is logged and kept in `problem`."""
        if self._waiting is not None:
            self._waiting.cancel()
            self._waiting = None
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
