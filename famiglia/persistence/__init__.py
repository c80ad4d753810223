"""Saved games: the game record as JSON, replayed through the engine, and the directory that keeps them.

`Record` is one game (its deal, its actions, its result) and reads itself back only by replaying
through `famiglia.engine`; `Store` keeps records in the user's data directory, privately and
atomically. This layer uses the engine and the standard library (and platformdirs), never the screen.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .errors import GameNotFound, StoreError
    from .finding import Entry, path_as_given, read_record
    from .ids import MAX_ID, parse_id
    from .locks import GameLock
    from .origin import Origin
    from .record import (
        FORMAT,
        SEED_BITS,
        VERSION,
        Move,
        Record,
        RecordError,
        Sitting,
        Turn,
        check_seed,
        printable,
    )
    from .store import ENV, Store, data_dir

# Each name from the module that holds it, imported when first asked for (PEP 562): the settings read and
# write their file through `reading` and `writing` alone, and the command line reads the language setting
# before its --help, which must not wait for the engine that the records replay through.
_HOME: dict[str, str] = {
    "GameNotFound": "errors", "StoreError": "errors", "Entry": "finding", "path_as_given": "finding",
    "read_record": "finding", "MAX_ID": "ids", "parse_id": "ids", "GameLock": "locks", "FORMAT": "record",
    "SEED_BITS": "record", "VERSION": "record", "Move": "record", "Origin": "origin", "Record": "record",
    "RecordError": "record", "Sitting": "record", "Turn": "record", "check_seed": "record", "printable": "record",
    "ENV": "store",
    "Store": "store", "data_dir": "store",
}


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{_HOME[name]}", __name__), name)
    globals()[name] = value
    return value

__all__ = [
    "ENV",
    "FORMAT",
    "MAX_ID",
    "SEED_BITS",
    "VERSION",
    "Entry",
    "GameLock",
    "GameNotFound",
    "Move",
    "Origin",
    "Record",
    "RecordError",
    "Sitting",
    "Store",
    "StoreError",
    "Turn",
    "check_seed",
    "data_dir",
    "parse_id",
    "path_as_given",
    "printable",
    "read_record",
]
