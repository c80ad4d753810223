"""Saved games: the game record as JSON, replayed through the engine, and the directory that keeps them.

`Record` is one game (its deal, its actions, its result) and reads itself back only by replaying
through `famiglia.engine`; `Store` keeps records in the user's data directory, privately and
atomically. This layer uses the engine and the standard library (and platformdirs), never the screen.
"""

from __future__ import annotations

from .errors import GameNotFound, StoreError
from .finding import Entry, path_as_given, read_record
from .ids import MAX_ID, parse_id
from .locks import GameLock
from .record import FORMAT, SEED_BITS, VERSION, Move, Record, RecordError, Sitting, Turn, check_seed, printable
from .store import ENV, Store, data_dir

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
